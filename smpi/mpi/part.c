/* part: MPI-4 partitioned point-to-point communication (MPI-4.0 chapter 4). Partitioned requests
 * match each other at initialisation, in initialisation order. Each MPI_Start of a send and of
 * its receive opens a round; a send partition leaves once it is ready and the receive has
 * started the same round, as a message of the network model: each run of consecutive
 * partitions that become sendable at one moment (one MPI_Pready*, or the receive's start) is
 * one message, with SMPI's 16-byte envelope. A receive partition arrives when the last of its
 * bytes does (the two sides may partition differently); the send completes when its last
 * message has arrived. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "smpi/internal.h"
#include "smpi/mpi/datatype.h"
#include "smpi/mpi/part.h"

SIM_LOG_CATEGORY(log_part, "smpi.part");

/* SMPI's envelope on every message of the flow models (p2p.c). */
#define PART_ENVELOPE_BYTES 16

enum part_state { PART_IDLE, PART_READY, PART_SENT, PART_DELIVERED };

struct smpi_part {
    bool send;
    int partitions;
    MPI_Count count;            /* elements per partition */
    size_t part_bytes;          /* bytes per partition */
    unsigned long round;        /* MPI_Starts so far */
    struct smpi_request *peer;  /* the matched request of the other side, or NULL */
    struct smpi_request *qnext; /* the unmatched queue (initialisation order) */
    bool queued;
    unsigned char *state; /* send: enum part_state of each partition in this round */
    int done;             /* send: partitions delivered; receive: partitions arrived */
    size_t *received;     /* receive: bytes of each partition arrived in this round */
    unsigned char *arrived;
    unsigned char *staging; /* receive: the message's bytes, packed, unpacked per partition */
    size_t staging_size;
};

/* A message in the network: the send's partitions lo..hi for the receive. Holds one reference
 * on each request. */
struct part_msg {
    struct smpi_request *send;
    struct smpi_request *recv;
    int lo;
    int hi;
};

static struct smpi_request *unmatched_head;
static struct smpi_request *unmatched_tail;

/* The partitioned state of r (smpi__part_new puts it in r's rare parts). */
static inline struct smpi_part *part_of(const struct smpi_request *r)
{
    return r->rare->part;
}

static bool part_matches(const struct smpi_request *s, const struct smpi_request *r)
{
    return s->comm->context == r->comm->context && s->src == r->src && s->dst == r->dst &&
           s->tag == r->tag;
}

/* Takes r, which follows prev (NULL: r is first), out of the unmatched queue. */
static void unqueue(struct smpi_request *r, struct smpi_request *prev)
{
    struct smpi_part *p = part_of(r);

    if (prev)
        part_of(prev)->qnext = p->qnext;
    else
        unmatched_head = p->qnext;
    if (unmatched_tail == r)
        unmatched_tail = prev;
    p->qnext = NULL;
    p->queued = false;
}

/* Matches the new request r with the earliest queued request of the other side, or queues r. */
static void part_match(struct smpi_request *r)
{
    struct smpi_request *prev = NULL;

    for (struct smpi_request *q = unmatched_head; q; prev = q, q = part_of(q)->qnext) {
        struct smpi_part *qp = part_of(q);

        if (qp->send == part_of(r)->send || !(qp->send ? part_matches(q, r) : part_matches(r, q)))
            continue;
        unqueue(q, prev);
        qp->peer = r;
        part_of(r)->peer = q;
        return;
    }
    part_of(r)->queued = true;
    if (unmatched_tail)
        part_of(unmatched_tail)->qnext = r;
    else
        unmatched_head = r;
    unmatched_tail = r;
}

MPI_Request smpi__part_new(bool send, const void *buf, int partitions, MPI_Count count,
                           MPI_Datatype type, int peer, int tag, MPI_Comm comm)
{
    unsigned flags = SMPI_REQ_PART | SMPI_REQ_PERSISTENT | (send ? SMPI_REQ_SEND : SMPI_REQ_RECV);
    MPI_Request r = smpi__req_new(flags, buf, 0, type, peer, tag, comm);
    struct smpi_part *p = sim_xcalloc(1, sizeof(*p));
    MPI_Count total = (MPI_Count)partitions * count;

    p->send = send;
    p->partitions = partitions;
    p->count = count;
    p->part_bytes = (size_t)count * smpi_type_size(type);
    r->count = total > INT_MAX ? INT_MAX : (int)total;
    r->size = (size_t)partitions * p->part_bytes;
    smpi__req_rare(r)->part = p;
    if (send) {
        p->state = sim_xcalloc((size_t)partitions, 1);
    } else {
        p->received = sim_xcalloc((size_t)partitions, sizeof(*p->received));
        p->arrived = sim_xcalloc((size_t)partitions, 1);
    }
    if (!(r->flags & SMPI_REQ_PROCNULL))
        part_match(r);
    return r;
}

/* Whether the send's ready partitions may leave now: its receive has started the same round. */
static bool sendable(const struct smpi_request *s)
{
    const struct smpi_request *r = part_of(s)->peer;

    return r && (r->flags & SMPI_REQ_ACTIVE) && part_of(r)->round == part_of(s)->round;
}

/* The bytes of the message the receive gets: what was sent, up to what fits. */
static size_t message_bytes(const struct smpi_request *s, const struct smpi_request *r)
{
    return s->size < r->size ? s->size : r->size;
}

/* Partition q of receive r has arrived: its bytes go from the staging area to the buffer. */
static void arrive(struct smpi_request *r, size_t msg, int q)
{
    struct smpi_part *p = part_of(r);
    size_t off = (size_t)q * p->part_bytes;
    size_t n = msg > off ? msg - off : 0;
    char *dst = (char *)r->buf + (MPI_Aint)q * (MPI_Aint)p->count * smpi_type_extent(r->type);

    if (n > p->part_bytes)
        n = p->part_bytes;
    if (n > 0)
        smpi__type_unpack(p->staging + off, n, smpi__rank_buf(r->dst, dst, (int)p->count, r->type),
                          (int)p->count, r->type);
    p->arrived[q] = 1;
    p->done++;
}

/* Packs the send's partitions lo..hi into the receive's staging area (the message's bytes). */
static void stage(struct smpi_request *s, struct smpi_request *r, int lo, int hi)
{
    struct smpi_part *sp = part_of(s);
    struct smpi_part *rp = part_of(r);
    MPI_Aint stride = (MPI_Aint)sp->count * smpi_type_extent(s->type);

    if (rp->staging_size < s->size) {
        free(rp->staging);
        rp->staging = sim_xmalloc(s->size);
        rp->staging_size = s->size;
    }
    for (int i = lo; i <= hi && sp->part_bytes > 0; i++) {
        const char *src = (const char *)s->buf + (MPI_Aint)i * stride;

        smpi__type_pack(smpi__rank_buf(s->src, src, (int)sp->count, s->type), (int)sp->count,
                        s->type, rp->staging + (size_t)i * sp->part_bytes);
    }
}

int smpi__part_tally(size_t rb, int rpart, size_t msg, size_t off, size_t end, size_t received[],
                     int *first)
{
    int n = 0;

    if (end > msg)
        end = msg;
    *first = 0;
    if (rb == 0 || off >= end)
        return 0;
    *first = (int)(off / rb);
    for (size_t q = off / rb; q < (size_t)rpart && q * rb < end; q++, n++) {
        size_t lo = q * rb > off ? q * rb : off;
        size_t hi = (q + 1) * rb < end ? (q + 1) * rb : end;

        received[q] += hi - lo;
    }
    return n;
}

/* Counts the bytes [off, end) of the message into the receive partitions they fall in; those
 * now complete arrive. */
static void count_bytes(struct smpi_request *r, size_t msg, size_t off, size_t end)
{
    struct smpi_part *p = part_of(r);
    int first;
    int n = smpi__part_tally(p->part_bytes, p->partitions, msg, off, end, p->received, &first);

    for (int q = first; q < first + n; q++)
        if (p->received[q] == p->part_bytes && !p->arrived[q])
            arrive(r, msg, q);
}

/* The receive's status once its message is in: the sender, the tag, the bytes received, and
 * MPI_ERR_TRUNCATE when the send was larger than the receive buffer. */
static void recv_status(struct smpi_request *r, const struct smpi_request *s)
{
    MPI_Status *st = &r->status;

    st->MPI_SOURCE = smpi__comm_rank_of(r->comm, s->src);
    st->MPI_TAG = s->tag;
    st->smpi_count = (MPI_Count)message_bytes(s, r);
    st->smpi_cancelled = 0;
    r->error = s->size > r->size ? MPI_ERR_TRUNCATE : MPI_SUCCESS;
    st->MPI_ERROR = r->error;
}

/* The message of partitions lo..hi of send s has arrived at receive r. */
static void deliver(struct smpi_request *s, struct smpi_request *r, int lo, int hi)
{
    struct smpi_part *sp = part_of(s);
    struct smpi_part *rp = part_of(r);
    size_t msg = message_bytes(s, r);
    bool send_first;

    stage(s, r, lo, hi);
    for (int i = lo; i <= hi; i++)
        sp->state[i] = PART_DELIVERED;
    sp->done += hi - lo + 1;
    count_bytes(r, msg, (size_t)lo * sp->part_bytes, (size_t)(hi + 1) * sp->part_bytes);
    if (sp->done < sp->partitions)
        return;
    /* the whole message is in: partitions beyond it (a shorter send, empty partitions) too */
    for (int q = 0; q < rp->partitions; q++)
        if (!rp->arrived[q])
            arrive(r, msg, q);
    recv_status(r, s);
    /* both wait: the one whose wait began first wakes first, as for a message (p2p.c) */
    send_first =
        s->waiter && r->waiter && sim_actor_block_seq(s->waiter) < sim_actor_block_seq(r->waiter);
    if (send_first)
        smpi__req_complete(s);
    smpi__req_complete(r);
    if (!send_first)
        smpi__req_complete(s);
}

static void on_delivered(struct sim_activity *act, void *arg)
{
    struct part_msg *m = arg;

    sim_activity_unref(act);
    SIM_LOG(log_part, SIM_LOG_DEBUG, "partitions %d..%d from %d arrive at %d", m->lo, m->hi,
            m->send->src, m->recv->dst);
    deliver(m->send, m->recv, m->lo, m->hi);
    smpi__req_release(m->send);
    smpi__req_release(m->recv);
    free(m);
}

/* Sends partitions lo..hi of s as one message to its receive. */
static void send_run(struct smpi_request *s, int lo, int hi)
{
    struct smpi_part *sp = part_of(s);
    struct part_msg *m = sim_xmalloc(sizeof(*m));
    double bytes = (double)(hi - lo + 1) * (double)sp->part_bytes;
    struct sim_activity *act;

    for (int i = lo; i <= hi; i++)
        sp->state[i] = PART_SENT;
    *m = (struct part_msg){ .send = s, .recv = sp->peer, .lo = lo, .hi = hi };
    s->refcount++;
    sp->peer->refcount++;
    if (!smpi__per_message)
        bytes += PART_ENVELOPE_BYTES;
    SIM_LOG(log_part, SIM_LOG_DEBUG, "partitions %d..%d from %d to %d leave: %g bytes", lo, hi,
            s->src, s->dst, bytes);
    act = sim_comm_start(smpi__rt.procs[s->src].host, smpi__rt.procs[s->dst].host, bytes, -1);
    sim_activity_on_done(act, on_delivered, m);
}

/* Sends every run of consecutive ready partitions of s (when its receive starts). */
static void send_ready(struct smpi_request *s)
{
    struct smpi_part *sp = part_of(s);

    for (int i = 0; i < sp->partitions; i++) {
        int lo = i;

        if (sp->state[i] != PART_READY)
            continue;
        while (i + 1 < sp->partitions && sp->state[i + 1] == PART_READY)
            i++;
        send_run(s, lo, i);
    }
}

void smpi__part_start(MPI_Request r)
{
    struct smpi_part *p = part_of(r);

    r->flags &= ~(SMPI_REQ_DONE | SMPI_REQ_CANCELLED);
    r->flags |= SMPI_REQ_ACTIVE;
    r->error = MPI_SUCCESS;
    r->post_date = sim_now();
    smpi__status_empty(&r->status);
    p->round++;
    p->done = 0;
    if (p->send) {
        memset(p->state, PART_IDLE, (size_t)p->partitions);
    } else {
        memset(p->received, 0, (size_t)p->partitions * sizeof(*p->received));
        memset(p->arrived, 0, (size_t)p->partitions);
    }
    if (r->flags & SMPI_REQ_PROCNULL) {
        r->status.MPI_SOURCE = MPI_PROC_NULL;
        r->flags |= SMPI_REQ_DONE;
        return;
    }
    if (!p->send && p->peer && sendable(p->peer))
        send_ready(p->peer);
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a;
    int y = *(const int *)b;

    return (x > y) - (x < y);
}

void smpi__part_ready(MPI_Request r, int n, const int *parts)
{
    struct smpi_part *p = part_of(r);
    int small[16];
    int *sorted;

    if (r->flags & SMPI_REQ_PROCNULL)
        return;
    for (int i = 0; i < n; i++)
        p->state[parts[i]] = PART_READY;
    if (!sendable(r))
        return; /* they leave when the receive starts this round */
    sorted = n <= 16 ? small : sim_xmalloc((size_t)n * sizeof(int));
    memcpy(sorted, parts, (size_t)n * sizeof(int));
    qsort(sorted, (size_t)n, sizeof(int), cmp_int);
    for (int i = 0; i < n; i++) {
        int lo = sorted[i];

        while (i + 1 < n && sorted[i + 1] == sorted[i] + 1)
            i++;
        send_run(r, lo, sorted[i]);
    }
    if (sorted != small)
        free(sorted);
}

bool smpi__part_arrived(MPI_Request r, int partition)
{
    return (r->flags & SMPI_REQ_DONE) || part_of(r)->arrived[partition];
}

bool smpi__part_is_ready(MPI_Request r, int partition)
{
    return part_of(r)->state[partition] != PART_IDLE;
}

int smpi__part_count(MPI_Request r)
{
    return part_of(r)->partitions;
}

void smpi__part_free(MPI_Request r)
{
    struct smpi_part *p = part_of(r);

    if (p->queued) {
        struct smpi_request *prev = NULL;

        for (struct smpi_request *q = unmatched_head; q != r; q = part_of(q)->qnext)
            prev = q;
        unqueue(r, prev);
    }
    if (p->peer)
        part_of(p->peer)->peer = NULL;
    free(p->state);
    free(p->received);
    free(p->arrived);
    free(p->staging);
    free(p);
    r->rare->part = NULL;
}
