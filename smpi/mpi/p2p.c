/* p2p: the point-to-point engine. Matching on (source, tag, context) with wildcards in posting
 * order (the non-overtaking rule), the unexpected queue, and SMPI's three protocol modes:
 * eager (below smpi/async-small-thresh: the transfer starts at once), detached (below
 * smpi/send-is-detached-thresh: the send returns at once, the transfer starts when matched) and
 * rendezvous (the send waits for the transfer). Under a per-message model (LogGP, LogGPS,
 * log3P, LMO: simcore's msgmodel.c) every message is eager, except LogGPS's rendezvous from S
 * on, and its CPU costs and the sender's gap come from the model. Probes: probe.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>
#include <string.h>

#include "smpi/analyze/analyze.h"
#include "smpi/mpi/datatype.h"
#include "smpi/internal.h"
#include "smpi/mpi/part.h"
#include "smpi/mpi/mpit.h"
#include "smpi/mpi/typesig.h"

SIM_LOG_CATEGORY(log_p2p, "smpi.p2p");
SIM_LOG_SUBCATEGORY(log_kernel, "smpi_kernel", "smpi");
SIM_LOG_SUBCATEGORY(log_request, "smpi_request", "smpi");

/* SMPI adds an envelope (tag, source, communicator) to every message on the wire. */
#define SMPI_ENVELOPE_BYTES 16

int smpi__peer_world(MPI_Comm comm, int rank)
{
    if (rank == MPI_PROC_NULL || rank == MPI_ANY_SOURCE)
        return rank;
    return smpi__comm_world_rank(comm, rank);
}

void smpi__status_empty(MPI_Status *st)
{
    if (st == MPI_STATUS_IGNORE)
        return;
    st->MPI_SOURCE = MPI_ANY_SOURCE;
    st->MPI_TAG = MPI_ANY_TAG;
    st->MPI_ERROR = MPI_SUCCESS;
    st->smpi_cancelled = 0;
    st->smpi_count = 0;
}

/* Requests freed lately, for the next smpi__req_new: a list linked through their first bytes,
 * at most REQ_POOL_MAX long (a burst of requests is given back to malloc past that). calloc and
 * free of a request were about 340 instructions, two requests per message; taking one from
 * here and clearing it, about 40. Actors never run at the same time, so one list serves all. */
#define REQ_POOL_MAX 256
static void *req_pool;
static int req_pool_n;

/* Room for a request, uninitialised: smpi__req_new writes all of it. */
static struct smpi_request *req_alloc(void)
{
    struct smpi_request *r = req_pool;

    if (!r)
        return sim_xmalloc(sizeof(*r));
    memcpy(&req_pool, r, sizeof(req_pool));
    req_pool_n--;
    return r;
}

static void req_free(struct smpi_request *r)
{
    if (req_pool_n == REQ_POOL_MAX) {
        free(r);
        return;
    }
    memcpy(r, &req_pool, sizeof(req_pool));
    req_pool = r;
    req_pool_n++;
}

/* Records where r's call was made when the file is known (-trace-call-location). */
static void req_set_file(struct smpi_request *r, const char *file, int line)
{
    if (!file)
        return;
    smpi__req_rare(r)->file = file;
    r->rare->line = line;
}

MPI_Request smpi__req_new(unsigned flags, const void *buf, int count, MPI_Datatype type, int peer,
                          int tag, MPI_Comm comm)
{
    struct smpi_request *r = req_alloc();
    struct smpi_process *p = smpi__self();
    int self = p->rank;
    int world = smpi__peer_world(comm, peer);

    if (type == MPI_DATATYPE_NULL) /* an empty message without a datatype (bindings_p2p.c) */
        type = MPI_BYTE;
    /* every other field zero: one write of the record, with no separate clearing */
    *r = (struct smpi_request){
        .flags = flags | (peer == MPI_PROC_NULL ? SMPI_REQ_PROCNULL : 0),
        .refcount = 1,
        .buf = (void *)buf,
        .count = count,
        .type = type,
        .comm = comm,
        .tag = tag,
        .size = (size_t)count * smpi_type_size(type),
        .src = (flags & SMPI_REQ_SEND) ? self : world,
        .dst = (flags & SMPI_REQ_SEND) ? world : self,
        .call = p->call,
    };
    req_set_file(r, p->loc_file, p->loc_line);
    comm->refcount++;
    smpi__type_ref(type);
    return r;
}

_Static_assert(sizeof(struct smpi_request) + 8 <= 224, "a request fits in a 224-byte malloc block");

struct smpi_req_rare *smpi__req_rare(MPI_Request r)
{
    if (!r->rare)
        r->rare = sim_xcalloc(1, sizeof(*r->rare));
    return r->rare;
}

struct smpi_site smpi__req_site(const struct smpi_request *r)
{
    return (struct smpi_site){ .call = r->call,
                               .file = r->rare ? r->rare->file : NULL,
                               .line = r->rare ? r->rare->line : 0 };
}

static void req_unref(struct smpi_request *r)
{
    if (--r->refcount > 0)
        return;
    if (r->rare && r->rare->part)
        smpi__part_free(r);
    if (r->rare && r->rare->pcoll)
        smpi__pcoll_free(r->rare->pcoll);
    smpi__comm_release(r->comm);
    smpi__type_unref(r->type);
    free(r->packed);
    if (r->rare) {                   /* rare: spare every request the calls */
        if (r->rare->large_counts) { /* bindings/large_count.c */
            for (void **a = r->rare->large_counts; *a; a++)
                free(*a);
            free(r->rare->large_counts);
        }
        free(r->rare->error_text);
        free(r->rare);
    }
    req_free(r);
}

/* The data movement is over for `r`: flag it and wake the rank waiting for it; the clone of
 * a persistent send completes its owner too. */
static void complete(struct smpi_request *r)
{
    struct smpi_request *o = r->rare ? r->rare->owner : NULL;

    r->flags |= SMPI_REQ_DONE;
    if (r->done_log) {
        smpi__done_log_push(r->done_log, r->done_index);
        r->done_log = NULL;
    }
    if (r->waiter)
        sim_actor_wake(r->waiter);
    if (r->rare && r->rare->pair_of)
        smpi__pair_part_done(r);
    if (o) {
        r->rare->owner = NULL;
        o->rare->clone = NULL;
        o->flags |= r->flags & SMPI_REQ_CANCELLED;
        o->status = r->status;
        o->error = r->error;
        complete(o);
        req_unref(o);
    }
}

void smpi__req_complete(MPI_Request r)
{
    complete(r);
}

/* Gives the room of a buffered message back and wakes its sender blocked in
 * MPI_Buffer_detach. */
static void bsend_release(struct smpi_request *send)
{
    struct smpi_process *p = &smpi__rt.procs[send->src];

    p->bsend_used -= (int)send->size + MPI_BSEND_OVERHEAD;
    if (p->bsend_detacher && p->bsend_used <= 0)
        sim_actor_wake(p->bsend_detacher);
    if (p->bsend_flush && p->bsend_used <= 0)
        smpi__bsend_flushed(p);
}

/* Copies n > 0 bytes of the send's data to dst, the receive buffer as this process reaches it
 * (at most what the buffer holds). dst_private: dst is known not to be a shared block. */
static void copy_to(struct smpi_request *send, struct smpi_request *recv, size_t n, void *dst,
                    bool dst_private)
{
    void *src = send->packed ? NULL : smpi__rank_buf(send->src, send->buf, send->count, send->type);

    /* As SMPI's copy callback (smpi_global.cpp), which runs in its kernel: a detached send's
     * data was copied aside, so only the receiver can be a shared block. */
    if (!send->packed && !(send->flags & SMPI_REQ_DETACHED) && smpi__shared_covers(src, n)) {
        SIM_LOG_MAESTRO(log_kernel, SIM_LOG_VERBOSE, "Sender is shared. Let's ignore it.");
        return;
    }
    if (!dst_private && smpi__shared_covers(dst, n)) {
        SIM_LOG_MAESTRO(log_kernel, SIM_LOG_VERBOSE, "Receiver is shared. Let's ignore it.");
        return;
    }
    if (send->packed)
        smpi__type_unpack(send->packed, n, dst, recv->count, recv->type);
    else
        smpi_type_copy(src, send->count, send->type, dst, recv->count, recv->type);
}

/* Copies the send's data into the receive buffer. Either rank, or neither, may be the one
 * running: the buffers are reached through smpi__rank_addr. */
static void copy_data(struct smpi_request *send, struct smpi_request *recv)
{
    size_t n = send->size < recv->size ? send->size : recv->size;

    if (n)
        copy_to(send, recv, n, smpi__rank_buf(recv->dst, recv->buf, recv->count, recv->type),
                false);
}

/* Both sides matched and the transfer (if any) is over: move the data, complete both. */
static void deliver(struct smpi_request *send, struct smpi_request *recv)
{
    bool detached = (send->flags & SMPI_REQ_DETACHED) != 0;
    /* Both ranks wait: the one whose current wait began first wakes first, as SimGrid answers
     * the simcalls waiting on a communication in their order. A rank in MPI_Waitall waits
     * again after each completion, as SMPI's waitall calls waitany once per request. */
    bool send_first = !detached && send->waiter && recv->waiter &&
                      sim_actor_block_seq(send->waiter) < sim_actor_block_seq(recv->waiter);

    if (!(send->flags & SMPI_REQ_COPIED))
        copy_data(send, recv);
    if (send_first)
        complete(send);
    complete(recv);
    if (send->flags & SMPI_REQ_BSEND)
        bsend_release(send);
    if (!detached && !send_first)
        complete(send);
    free(send->packed);
    send->packed = NULL;
    send->peer = NULL;
    recv->peer = NULL;
    req_unref(recv);
    req_unref(send);
}

static void on_transfer_done(struct sim_activity *act, void *arg)
{
    struct smpi_request *send = arg;

    send->comm_act = NULL;
    sim_activity_unref(act);
    if (send->peer)
        deliver(send, send->peer); /* else an eager message arrived first: match() delivers */
}

/* Copies the user's data aside so that the send can complete before the transfer (from the
 * engine too: the buffer is reached through smpi__rank_addr). */
static void pack_aside(struct smpi_request *r)
{
    if (r->size == 0)
        return;
    r->packed = sim_xmalloc(r->size);
    smpi__type_pack(smpi__rank_buf(r->src, r->buf, r->count, r->type), r->count, r->type,
                    r->packed);
}

/* A detached send that finds its receive posted moves its data into the receive buffer at once
 * instead of copying it aside until the transfer ends: the receive's buffer is not the
 * receiver's until the receive completes, and the message then needs no memory of its own (an
 * all-to-all posts every receive before its sends: a million 1 KiB copies fewer at 1,024 ranks).
 * A shared receive buffer keeps the copy aside, so that copy_data logs it at delivery. */
static void copy_direct(struct smpi_request *send, struct smpi_request *recv)
{
    size_t n = send->size < recv->size ? send->size : recv->size;
    void *dst = n ? smpi__rank_buf(recv->dst, recv->buf, recv->count, recv->type) : NULL;

    if (n && smpi__shared_covers(dst, n)) {
        pack_aside(send);
        return;
    }
    if (n)
        copy_to(send, recv, n, dst, true);
    send->flags |= SMPI_REQ_COPIED;
}

/* A per-message model prices a message without SMPI's envelope (its formulas count the user's
 * bytes). */
static void start_transfer(struct smpi_request *send)
{
    struct sim_host *dst = smpi__rt.procs[send->dst].host;
    struct sim_host *src = smpi__rt.procs[send->src].host;
    double bytes = (double)send->size;

    if (!smpi__per_message)
        bytes += SMPI_ENVELOPE_BYTES;
    send->comm_act = sim_comm_start(src, dst, bytes, -1);
    if (send->category && sim_time_lt(send->queued_at, sim_now()))
        sim_activity_set_category(send->comm_act, send->category);
    sim_activity_on_done(send->comm_act, on_transfer_done, send);
}

/* ---- per-message models: the sender's gap, its CPU cost, LogGPS's rendezvous ---- */

bool smpi__per_message;
/* Per world rank: the date from which its next message may start (the gap after the last). */
static double *msg_next_start;

void smpi__p2p_model_init(void)
{
    smpi__per_message = sim_net_model_is_per_message(smpi__rt.cfg.sim.net_model);
    free(msg_next_start);
    msg_next_start =
        smpi__per_message ? sim_xcalloc((size_t)smpi__procs_cap(), sizeof(double)) : NULL;
}

/* The message r starts at `ready` or when its sender's gap allows, whichever is later; returns
 * that date and moves the sender's next start a gap further. */
static double msg_start(const struct smpi_request *r, const struct sim_msg_cost *c, double ready)
{
    double t = msg_next_start[r->src] > ready ? msg_next_start[r->src] : ready;

    msg_next_start[r->src] = t + c->gap;
    return t;
}

static void msg_cost(const struct smpi_request *send, struct sim_msg_cost *c)
{
    sim_msg_send(smpi__rt.procs[send->src].host, smpi__rt.procs[send->dst].host, (double)send->size,
                 !smpi_type_is_contiguous(send->type), c);
}

/* A send under a per-message model: eager sends wait for their start and pay their CPU cost
 * (*cost), and complete then unless synchronous; a rendezvous send (LogGPS from S on) costs
 * nothing yet and waits for its receive, unless buffered. Returns whether the send is eager. */
static bool msg_send_plan(struct smpi_request *r, bool *detached, double *cost)
{
    struct sim_msg_cost c;
    double now = sim_now();

    msg_cost(r, &c);
    if (c.rendezvous) {
        r->flags |= SMPI_REQ_RDV;
        *detached = (r->flags & SMPI_REQ_BSEND) != 0;
        *cost = 0;
        return false;
    }
    *detached = !(r->flags & SMPI_REQ_SSEND);
    *cost = msg_start(r, &c, now) - now + c.cpu;
    return true;
}

static void rendezvous_sent(struct sim_activity *act, void *arg)
{
    struct smpi_request *send = arg;

    sim_activity_unref(act);
    if (!(send->flags & SMPI_REQ_DETACHED)) {
        pack_aside(send);
        send->flags |= SMPI_REQ_DETACHED;
        complete(send);
    }
    start_transfer(send);
}

/* LogGPS's rendezvous, once both sides are posted: the handshake ends hs_cpu after the later of
 * the send's date plus hs_latency (L + o) and the receive's posting; the data message then
 * starts (after its sender's gap), the send completes after its CPU cost and the data leaves. */
static void rendezvous(struct smpi_request *send, struct smpi_request *recv)
{
    struct sim_msg_cost c;
    double hs;
    double start;
    struct sim_activity *act;

    msg_cost(send, &c);
    hs = send->post_date + c.hs_latency;
    if (recv->post_date > hs)
        hs = recv->post_date;
    start = msg_start(send, &c, hs + c.hs_cpu);
    act = sim_sleep_start(start + c.cpu - sim_now());
    sim_activity_on_done(act, rendezvous_sent, send);
}

/* A message whose type signature does not match its receive's (MPI-3.1 section 3.3.1): SMPI
 * 3.32 reports MPI_ERR_TYPE for two different predefined datatypes, also without
 * smpi/pedantic, and so also inside collectives, whose messages carry the application's
 * datatypes; under smpi/pedantic, the whole signatures of the application's messages are
 * compared (typesig.c), collectives being checked call by call (analyze_coll.c). */
static void check_types(struct smpi_request *send, struct smpi_request *recv)
{
    struct smpi_typesig_diff d;
    char ssite[512];
    char rsite[512];
    char comm[512];
    char tag[32];
    char text[2048];
    struct smpi_site ss;
    struct smpi_site rs;

    if (!(send->type->flags & recv->type->flags & SMPI_TYPE_PREDEFINED) &&
        (!smpi__analyze.pedantic || (send->flags & SMPI_REQ_COLL)))
        return;
    if (smpi__typesig_compare(send->type, send->count, recv->type, recv->count, true, &d) !=
        SMPI_SIG_DIFFER)
        return;
    ss = smpi__req_site(send);
    rs = smpi__req_site(recv);
    smpi__site_text(&ss, ssite, sizeof(ssite));
    smpi__site_text(&rs, rsite, sizeof(rsite));
    smpi__comm_text(recv->comm, comm, sizeof(comm));
    if (send->flags & SMPI_REQ_COLL)
        snprintf(tag, sizeof(tag), "a message of the collective");
    else
        snprintf(tag, sizeof(tag), "tag %d", send->tag);
    SIM_LOG(log_request, SIM_LOG_WARN,
            "Mismatched datatypes : sending %s and receiving %s (rank %d, %s, to rank %d, %s, %s, "
            "on %s: basic element %lld is %s in the message, %s in the receive)",
            smpi__type_text(send->type), smpi__type_text(recv->type), send->src, ssite, recv->dst,
            rsite, tag, comm, (long long)d.index, smpi__type_text(d.a), smpi__type_text(d.b));
    snprintf(text, sizeof(text),
             "datatype mismatch: the message of %d x %s from rank %d (%s, %s) is received as %d x "
             "%s on %s (basic element %lld is %s in the message, %s in the receive)",
             send->count, smpi__type_text(send->type), send->src, ssite, tag, recv->count,
             smpi__type_text(recv->type), comm, (long long)d.index, smpi__type_text(d.a),
             smpi__type_text(d.b));
    free(smpi__req_rare(recv)->error_text);
    recv->rare->error_text = sim_xstrdup(text);
    recv->error = MPI_ERR_TYPE;
    recv->status.MPI_ERROR = MPI_ERR_TYPE;
}

/* A message that ends inside a basic element of the receive's datatype (3 chars received
 * into ints) cannot be received: MPI_ERR_TRUNCATE, as MPICH (upstream errors/pt2pt/truncmsg2).
 * Only the sizes of the receive's basic elements are walked, never the whole signature. */
static void check_partial(struct smpi_request *send, struct smpi_request *recv)
{
    char text[512];
    char comm[256];

    if (smpi__type_elements(recv->type, (MPI_Count)send->size) >= 0)
        return;
    smpi__comm_text(recv->comm, comm, sizeof(comm));
    snprintf(text, sizeof(text),
             "the message of %zu bytes from rank %d (tag %d) ends inside a basic element of the "
             "receive's %d x %s on %s",
             send->size, send->src, send->tag, recv->count, smpi__type_text(recv->type), comm);
    free(smpi__req_rare(recv)->error_text);
    recv->rare->error_text = sim_xstrdup(text);
    recv->error = MPI_ERR_TRUNCATE;
    recv->status.MPI_ERROR = MPI_ERR_TRUNCATE;
}

static void match(struct smpi_request *send, struct smpi_request *recv)
{
    MPI_Status *st = &recv->status;

    SIM_LOG(log_p2p, SIM_LOG_DEBUG, "match %d -> %d tag %d, %zu bytes", send->src, send->dst,
            send->tag, send->size);
    send->peer = recv;
    recv->peer = send;
    /* the receiver runs once the data is in: its stack's lines come while the transfer goes */
    if (recv->waiter)
        sim_actor_prefetch_stack(recv->waiter);
    send->flags |= SMPI_REQ_MATCHED;
    recv->flags |= SMPI_REQ_MATCHED;
    if (!smpi__per_message && (send->flags & SMPI_REQ_DETACHED))
        recv->flags |= SMPI_REQ_DETACHED_SENDER;
    recv->msg_id = send->msg_id;
    recv->msg_src = send->src;
    st->MPI_SOURCE = smpi__comm_rank_of(recv->comm, send->src);
    st->MPI_TAG = send->tag;
    st->smpi_count = (MPI_Count)(send->size < recv->size ? send->size : recv->size);
    st->smpi_cancelled = 0;
    recv->error = send->size > recv->size ? MPI_ERR_TRUNCATE : MPI_SUCCESS;
    st->MPI_ERROR = recv->error;
    if (smpi__per_message)
        recv->recv_cpu =
            sim_msg_recv(smpi__rt.procs[send->src].host, smpi__rt.procs[recv->dst].host,
                         (double)st->smpi_count, !smpi_type_is_contiguous(recv->type));
    if (send->type != recv->type && recv->error == MPI_SUCCESS && send->size && recv->size &&
        !((send->flags | recv->flags) & SMPI_REQ_INTERNAL))
        check_types(send, recv);
    if (send->type != recv->type && recv->error == MPI_SUCCESS && send->size &&
        !((send->flags | recv->flags) & (SMPI_REQ_INTERNAL | SMPI_REQ_COLL)))
        check_partial(send, recv);
    if (send->flags & SMPI_REQ_EAGER) {
        if (!send->comm_act)
            deliver(send, recv); /* it had already arrived */
        return;
    }
    if (send->flags & SMPI_REQ_RDV)
        rendezvous(send, recv);
    else
        start_transfer(send);
}

/* The message of request r for the trace sinks: sender, receiver, tag, bytes and number. */
struct smpi_trace_msg smpi__req_trace_msg(const struct smpi_request *r)
{
    bool recv = (r->flags & SMPI_REQ_RECV) != 0;
    struct smpi_trace_msg m = {
        .src = recv ? r->msg_src : r->src,
        .dst = r->dst,
        .tag = recv ? r->status.MPI_TAG : r->tag,
        .bytes = recv ? (size_t)r->status.smpi_count : r->size,
        .id = r->msg_id,
        .internal = (r->flags & (SMPI_REQ_COLL | SMPI_REQ_INTERNAL)) != 0,
    };

    return m;
}

/* In SMPI a rank posts a message with a simcall (CommImpl::isend / irecv): it hands over to
 * maestro, which handles the simcalls of every rank that ran in that round in their order, then
 * runs those ranks again in the same order. So the postings of ranks ready at one date
 * interleave: the first posting of each, then the second of each... A rank yields here for the
 * same order of postings, hence of transfers and matchings (DESIGN.md, "Determinism"). */
static void posting_point(void)
{
    if (sim_actor_self())
        sim_actor_yield();
}

static void start_recv(struct smpi_request *r)
{
    struct smpi_mailbox *mb = &smpi__rt.procs[r->dst].mbox;
    struct smpi_request *s;

    posting_point();
    s = smpi__mq_take_unexpected(mb, r);

    if (s)
        match(s, r);
    else
        smpi__mq_post(mb, r);
}

static void start_send(struct smpi_request *r)
{
    const struct smpi_config *cfg = &smpi__rt.cfg;
    struct smpi_mailbox *mb = &smpi__rt.procs[r->dst].mbox;
    bool detached;
    bool eager;
    double cost = 0;
    struct smpi_request *q;
    static unsigned long long messages;

    /* the receiver's actor, for match() to read soon (among thousands of ranks, a miss) */
    if (smpi__rt.procs[r->dst].actor)
        sim_actor_prefetch(smpi__rt.procs[r->dst].actor);
    r->msg_id = ++messages;
    r->category = 0;
    smpi__mpit_sent(r->src, r->dst, r->tag, r->size);
    if (smpi__trace_on) {
        struct smpi_trace_msg m = smpi__req_trace_msg(r);

        smpi__trace_send(&smpi__rt.procs[r->src], &m);
    }
    if (smpi__per_message) {
        eager = msg_send_plan(r, &detached, &cost);
    } else {
        detached = !(r->flags & SMPI_REQ_SSEND) &&
                   ((r->flags & SMPI_REQ_BSEND) || (double)r->size < cfg->send_is_detached_thresh);
        eager = !(r->flags & SMPI_REQ_SSEND) && (double)r->size < cfg->async_small_thresh;
        if (detached || (r->flags & (SMPI_REQ_ISEND | SMPI_REQ_SSEND)))
            cost =
                smpi_cost_eval((r->flags & SMPI_REQ_ISEND) ? &cfg->ois : &cfg->os, (double)r->size);
    }
    /* The sender runs none of its code before this call returns: its data is copied aside, or
     * into the receive, only once the receive is known. */
    if (detached)
        r->flags |= SMPI_REQ_DETACHED;
    if (cost > 0)
        smpi__sleep(cost);
    posting_point();
    if (detached)
        complete(r);
    r->refcount++; /* held by the transfer until delivery */
    q = smpi__mq_take_posted(mb, r);
    if (q) {
        if (detached)
            copy_direct(r, q);
        match(r, q);
        return;
    }
    if (detached)
        pack_aside(r);
    smpi__mq_unexpect(mb, r);
    sim_waitq_wake_all(&mb->probers);
    if (eager) {
        r->flags |= SMPI_REQ_EAGER;
        if (!r->packed)
            pack_aside(r);
        start_transfer(r);
    } else if (!detached) {
        /* SMPI 3.32 tags the transfer with the sender's category after its isend simcall
         * (smpi_request.cpp): a detached send is never tagged, and a transfer that a receive
         * starts in the same scheduling round as the send starts untagged (CommImpl::start).
         * simmpi's rounds are not SMPI's: a receive posted at a later date gets the tag. */
        const struct smpi_process *self = smpi__self();

        r->category = self ? self->trace_category : 0;
        r->queued_at = sim_now();
    }
}

/* A one-shot copy of the persistent send `r` that carries one start of it. */
static struct smpi_request *clone_send(struct smpi_request *r)
{
    struct smpi_request *c = sim_xcalloc(1, sizeof(*c));

    c->flags = r->flags & ~SMPI_REQ_PERSISTENT;
    c->refcount = 1; /* dropped by the transfer's end; the user never sees the clone */
    c->buf = r->buf;
    c->count = r->count;
    c->type = r->type;
    c->comm = r->comm;
    c->comm->refcount++;
    smpi__type_ref(c->type);
    c->src = r->src;
    c->dst = r->dst;
    c->tag = r->tag;
    c->size = r->size;
    c->call = r->call;
    if (r->rare)
        req_set_file(c, r->rare->file, r->rare->line);
    smpi__req_rare(c)->owner = r;
    r->refcount++;
    smpi__req_rare(r)->clone = c;
    return c;
}

void smpi__req_start(MPI_Request r)
{
    if (r->flags & SMPI_REQ_PART) {
        smpi__part_start(r);
        return;
    }
    r->flags &= ~(SMPI_REQ_DONE | SMPI_REQ_MATCHED | SMPI_REQ_DETACHED | SMPI_REQ_EAGER |
                  SMPI_REQ_CANCELLED | SMPI_REQ_RDV | SMPI_REQ_COPIED | SMPI_REQ_DETACHED_SENDER);
    r->flags |= SMPI_REQ_ACTIVE;
    r->error = MPI_SUCCESS;
    if (r->flags & SMPI_REQ_RECV)
        r->recv_cpu = 0;
    r->post_date = sim_now();
    r->peer = NULL;
    if (r->flags & SMPI_REQ_PROCNULL) {
        smpi__status_empty(&r->status);
        r->status.MPI_SOURCE = MPI_PROC_NULL;
        r->flags |= SMPI_REQ_DONE;
        return;
    }
    if (r->flags & SMPI_REQ_RECV) {
        r->refcount++; /* held by the mailbox and the transfer until delivery */
        start_recv(r);
    } else if (r->flags & SMPI_REQ_PERSISTENT) {
        struct smpi_request *c = clone_send(r);

        start_send(c);
        req_unref(c);
    } else {
        start_send(r);
    }
}

void smpi__req_release(MPI_Request r)
{
    req_unref(r);
}

int smpi__cancel(MPI_Request r)
{
    struct smpi_mailbox *mb;

    /* erroneous (MPI-3.1 section 5.12), and nothing to take back for an RMA request: leave it */
    if (r->flags & (SMPI_REQ_NBC | SMPI_REQ_RMA))
        return MPI_SUCCESS;
    if (r->flags & SMPI_REQ_GENERALIZED)
        return r->rare->cancel_fn(r->rare->extra_state, (r->flags & SMPI_REQ_DONE) != 0);
    if (r->rare && r->rare->clone && (r->flags & SMPI_REQ_ACTIVE) && !(r->flags & SMPI_REQ_DONE)) {
        return smpi__cancel(r->rare->clone);
    }
    if (!(r->flags & SMPI_REQ_ACTIVE) || (r->flags & (SMPI_REQ_MATCHED | SMPI_REQ_DONE)))
        return MPI_SUCCESS;
    if (r->flags & SMPI_REQ_PROCNULL)
        return MPI_SUCCESS;
    mb = &smpi__rt.procs[r->dst].mbox;
    if (r->flags & SMPI_REQ_RECV)
        smpi__mq_unpost(mb, r);
    else if (!(r->flags & SMPI_REQ_EAGER))
        smpi__mq_unexpect_remove(mb, r);
    else
        return MPI_SUCCESS;
    r->flags |= SMPI_REQ_CANCELLED;
    smpi__status_empty(&r->status);
    r->status.smpi_cancelled = 1;
    if (r->flags & SMPI_REQ_BSEND)
        bsend_release(r);
    complete(r);
    req_unref(r);
    return MPI_SUCCESS;
}

MPI_Request smpi__mrecv_start(MPI_Request send, void *buf, int count, MPI_Datatype type)
{
    MPI_Request r =
        smpi__req_new(SMPI_REQ_RECV, buf, count, type, MPI_ANY_SOURCE, MPI_ANY_TAG, send->comm);

    r->flags |= SMPI_REQ_ACTIVE;
    r->src = send->src;
    r->tag = send->tag;
    r->post_date = sim_now();
    r->refcount++;
    match(send, r);
    return r;
}
