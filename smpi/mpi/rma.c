/* rma: one-sided operations (MPI-3.1 section 11.3), the transfers they start and their
 * collection by the synchronisations of rma_sync.c.
 *
 * Cost model: SMPI 3.32's (src/smpi/mpi/smpi_win.cpp), so that the same program gets the same
 * simulated times.
 * - Every put, get and accumulate is one message of the data (plus SMPI's 16-byte envelope)
 *   that starts when the call is made, from the origin's host to the target's (put,
 *   accumulate) or the reverse (get). The calling rank first pays smpi/ois for it, as SMPI's
 *   nonblocking send does; nothing waits for the target, whatever it is doing: all ranks share
 *   one address space, so the data lands in the target's memory (or the origin's, for a get)
 *   the moment its transfer ends. Put and get to oneself are plain copies.
 * - The rank whose memory a transfer writes holds it until a synchronisation collects it, and
 *   each one collected costs smpi/or to the collector (SMPI's receive of a detached send).
 * - MPI_Accumulate waits for its transfer and the other ones between origin and target
 *   (SMPI flushes the target after each accumulate, which also orders them); to oneself it
 *   still goes through the network, as in SMPI.
 * - MPI_Get_accumulate and MPI_Fetch_and_op: a get of the target data, waited, then an
 *   accumulate of the origin data, waited (only the get for MPI_NO_OP).
 *   MPI_Compare_and_swap: a get of one element, waited, then a put of it when the comparison
 *   succeeds, not waited. Both hold the target's atomic slot meanwhile (SMPI's atomic mutex);
 *   the read-modify-write itself happens at one instant (when the last waited transfer ends),
 *   so it is atomic as the standard requires.
 * - MPI_Win_fence: a barrier (skipped under MPI_MODE_NOPRECEDE), the rank's transfers, a
 *   barrier. Post/start: a zero-byte message from each target to each origin, which start
 *   waits for; complete/wait: a zero-byte message from each origin to each target, which wait
 *   waits for, then the rank's transfers. Lock and unlock send nothing: they wait for the
 *   transfers between the two ranks (flush), and an exclusive lock waits for the holders to
 *   unlock. Flush waits for the transfers between the two ranks in both directions,
 *   flush_local for those landing in the caller's memory.
 * One departure: SMPI releases a lock before waiting for the unlocking rank's transfers; here
 *   unlock waits first, so that the next holder never sees stale data (times differ only when
 *   a rank waits for a lock that another holds). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smpi/mpi/datatype.h"
#include "smpi/mpi/op.h"
#include "smpi/mpi/win.h"

SIM_LOG_CATEGORY(log_rma, "smpi.rma");

/* SMPI adds an envelope (tag, source, communicator) to every message on the wire. */
#define RMA_ENVELOPE_BYTES 16

enum rma_kind {
    RMA_NONE, /* time only: the data moved elsewhere (compare-and-swap, get-accumulate legs) */
    RMA_COPY, /* put and get: the data is unpacked into dst */
    RMA_ACC,  /* accumulate: dst = data op dst, element-wise */
    RMA_GACC, /* get-accumulate: res = dst, then dst = data op dst */
};

struct rma_op {
    MPI_Win win;
    int holder; /* window rank whose memory it writes; its list holds it when in_list */
    int peer;   /* the other rank */
    bool in_list;
    bool done;
    bool deferred; /* ended, but lands after an earlier op of the same peer in the list */
    enum rma_kind kind;
    char *data; /* packed bytes in flight */
    size_t bytes;
    size_t wire;  /* payload of the message */
    char *dst;    /* as the owner sees it: reached through smpi__rank_addr when landing */
    int dst_rank; /* world rank owning dst and res */
    int dcount;
    MPI_Datatype dtype;
    MPI_Op op;
    char *res; /* as res_rank sees it */
    int res_rank;
    int rcount;
    MPI_Datatype rtype;
    MPI_Request req; /* completed when the data has landed, or NULL */
    bool or_paid;    /* smpi/or is paid by the wait of req */
    double end;      /* when the transfer ended */
    struct rma_op *next;
};

/* ---- helpers ----------------------------------------------------------------------------- */

static int world_of(MPI_Win w, int r)
{
    return smpi__comm_world_rank(w->comm, r);
}

static struct sim_host *host_of(MPI_Win w, int r)
{
    return smpi__rt.procs[world_of(w, r)].host;
}

static char *pack(const void *buf, int count, MPI_Datatype t, size_t *bytes)
{
    char *p;

    *bytes = (size_t)count * smpi_type_size(t);
    p = sim_xmalloc(*bytes ? *bytes : 1);
    if (*bytes)
        smpi__type_pack(buf, count, t, p);
    return p;
}

/* Where displacement disp of rank t's window is (absolute for dynamic windows), as rank t sees
 * it. */
static char *target_raw(MPI_Win w, int t, MPI_Aint disp)
{
    const struct win_rank *tr = &w->r[t];

    if (w->flavor == MPI_WIN_FLAVOR_DYNAMIC)
        return (char *)(intptr_t)disp;
    return tr->base + disp * tr->disp_unit;
}

/* The same, reachable now whatever rank runs (smpi__rank_addr); not to be kept: under mmap
 * privatization it may move when the running rank changes. */
static char *target_addr(MPI_Win w, int t, MPI_Aint disp)
{
    return smpi__rank_addr(world_of(w, t), target_raw(w, t, disp));
}

static void waitq_add(struct win_waitq *q, struct sim_actor *a)
{
    if (q->n == q->cap) {
        q->cap = q->cap ? 2 * q->cap : 4;
        q->actors = sim_xrealloc(q->actors, (size_t)q->cap * sizeof(*q->actors));
    }
    q->actors[q->n++] = a;
}

/* Wakes every rank waiting on rank h's part of the window; they check again. */
void smpi__rma_wake_all(MPI_Win w, int h)
{
    struct win_waitq *q = &w->r[h].waitq;
    int n = q->n;

    q->n = 0;
    for (int i = 0; i < n; i++)
        sim_actor_wake(q->actors[i]);
}

/* Blocks the calling rank until something changes on rank h's part of the window. */
void smpi__rma_wait_on(MPI_Win w, int h, const char *what)
{
    waitq_add(&w->r[h].waitq, sim_actor_self());
    sim_actor_block(what);
}

/* SMPI's Win::mut_ of rank h: taken in arrival order, handed over to the first waiter. The
 * holder is an actor, so that two threads of one rank exclude each other too. */
static void mutex_lock(MPI_Win w, int h)
{
    struct win_mutex *m = &w->r[h].mutex;
    struct sim_actor *me = sim_actor_self();

    sim_actor_yield();
    if (!m->owner) {
        m->owner = me;
        return;
    }
    if (m->n == m->cap) {
        m->cap = m->cap ? 2 * m->cap : 4;
        m->queue = sim_xrealloc(m->queue, (size_t)m->cap * sizeof(*m->queue));
    }
    m->queue[m->n++] = me;
    while (m->owner != me)
        sim_actor_block("a window's transfer list");
}

static void mutex_unlock(MPI_Win w, int h)
{
    struct win_mutex *m = &w->r[h].mutex;

    sim_actor_yield();
    if (m->n == 0) {
        m->owner = NULL;
        return;
    }
    m->owner = m->queue[0];
    memmove(m->queue, m->queue + 1, (size_t)(m->n - 1) * sizeof(*m->queue));
    m->n--;
    sim_actor_wake(m->owner);
}

/* SMPI pushes a request on rank h's list under its mutex (nothing to add here: only the
 * wait for the mutex matters). */
static void touch_list(MPI_Win w, int h)
{
    mutex_lock(w, h);
    mutex_unlock(w, h);
}

static MPI_Request new_request(MPI_Win w, bool done)
{
    MPI_Request r = smpi__req_new(0, NULL, 0, MPI_BYTE, MPI_PROC_NULL, 0, w->comm);

    r->flags = (r->flags & ~SMPI_REQ_PROCNULL) | SMPI_REQ_ACTIVE | SMPI_REQ_RMA;
    smpi__status_empty(&r->status);
    if (done)
        r->flags |= SMPI_REQ_DONE;
    return r;
}

/* ---- landing the data -------------------------------------------------------------------- */

void smpi__rma_accumulate_into(char *dst, int dcount, MPI_Datatype dtype, const char *data,
                               size_t bytes, MPI_Op op)
{
    size_t tbytes = (size_t)dcount * dtype->size;
    MPI_Datatype base;
    size_t n;
    char *packed;
    char *x;
    char *y;

    if (op == MPI_NO_OP || bytes == 0)
        return;
    if (op == MPI_REPLACE || dtype->kind == SMPI_KIND_NONE) {
        smpi__type_unpack(data, bytes, dst, dcount, dtype);
        return;
    }
    base = smpi__kind_type(dtype->kind);
    n = (bytes < tbytes ? bytes : tbytes) / base->size;
    if (smpi_type_is_contiguous(dtype) && (size_t)smpi_type_extent(base) == base->size) {
        /* the target's elements are one run of basic items: combine in place */
        smpi_op_apply(op, data, dst + dtype->true_lb, (int)n, base);
        return;
    }
    packed = sim_xmalloc(tbytes ? tbytes : 1);
    x = sim_xmalloc(n * (size_t)smpi_type_extent(base) + 1);
    y = sim_xmalloc(n * (size_t)smpi_type_extent(base) + 1);
    smpi__type_unpack(data, n * base->size, x, (int)n, base);
    smpi__type_pack(dst, dcount, dtype, packed);
    smpi__type_unpack(packed, n * base->size, y, (int)n, base);
    smpi_op_apply(op, x, y, (int)n, base);
    smpi__type_pack(y, (int)n, base, packed);
    smpi__type_unpack(packed, n * base->size, dst, dcount, dtype);
    free(y);
    free(x);
    free(packed);
}

/* Lands the data of `op`, whatever rank runs: the buffers are reached through smpi__rank_addr
 * now, not when the op was made. */
static void land(struct rma_op *op)
{
    char *dst = smpi__rank_addr(op->dst_rank, op->dst);

    switch (op->kind) {
    case RMA_COPY:
        if (op->bytes)
            smpi__type_unpack(op->data, op->bytes, dst, op->dcount, op->dtype);
        break;
    case RMA_ACC:
        smpi__rma_accumulate_into(dst, op->dcount, op->dtype, op->data, op->bytes, op->op);
        break;
    case RMA_GACC: {
        size_t old;
        char *prev = pack(dst, op->dcount, op->dtype, &old);

        smpi__rma_accumulate_into(dst, op->dcount, op->dtype, op->data, op->bytes, op->op);
        if (old)
            smpi__type_unpack(prev, old, smpi__rank_addr(op->res_rank, op->res), op->rcount,
                              op->rtype);
        free(prev);
        break;
    }
    case RMA_NONE:
        break;
    }
}

static void op_free(struct rma_op *op)
{
    smpi__type_unref(op->dtype);
    smpi__type_unref(op->rtype);
    free(op->data);
    free(op);
}

/* Completes the request of op (an Rput's or Rget's), once its data has landed. */
static void complete_req(struct rma_op *op)
{
    if (op->req) {
        smpi__req_complete(op->req);
        smpi__req_release(op->req);
        op->req = NULL;
    }
}

/* Whether an op issued before `op` by the same peer into the same memory is still in flight:
 * then `op` lands after it, so that the data of one origin lands in issue order even when two
 * transfers end at one date (the engine ends those newest first). */
static bool earlier_in_flight(const struct win_rank *h, const struct rma_op *op)
{
    if (h->npending == 0)
        return false;
    for (const struct rma_op *p = h->ops_head; p != op; p = p->next)
        if (p->peer == op->peer && !p->done)
            return true;
    return false;
}

/* Lands the ops of op's peer deferred behind op, in issue order, up to the next in flight. */
static void land_deferred(struct rma_op *op)
{
    for (struct rma_op *p = op->next; p; p = p->next) {
        if (p->peer != op->peer)
            continue;
        if (!p->done)
            break;
        if (p->deferred) {
            p->deferred = false;
            land(p);
            complete_req(p);
        }
    }
}

static void on_transfer_done(struct sim_activity *act, void *arg)
{
    struct rma_op *op = arg;

    struct win_rank *h = &op->win->r[op->holder];

    sim_activity_unref(act);
    op->done = true;
    op->end = sim_now();
    if (op->in_list) {
        h->npending--;
        op->deferred = earlier_in_flight(h, op);
    }
    if (!op->deferred)
        land(op);
    if (op->in_list && h->collector && (h->collect_peer < 0 || h->collect_peer == op->peer) &&
        --h->collect_need == 0)
        sim_actor_wake(h->collector);
    if (!op->deferred) {
        complete_req(op);
        if (op->in_list)
            land_deferred(op);
    }
    smpi__rma_wake_all(op->win, op->holder);
}

static struct rma_op *op_new(MPI_Win w, enum rma_kind kind, int holder, int peer)
{
    struct rma_op *op = sim_xcalloc(1, sizeof(*op));

    op->win = w;
    op->kind = kind;
    op->holder = holder;
    op->peer = peer;
    return op;
}

/* The data lands at `dst` as world rank `rank` sees it (translated when it lands). */
static void set_dst(struct rma_op *op, int rank, char *dst, int count, MPI_Datatype t)
{
    op->dst_rank = rank;
    op->dst = dst;
    op->dcount = count;
    op->dtype = t;
    smpi__type_ref(t);
}

/* The smpi/ois the calling rank pays before a message of `wire` bytes (SMPI's isend). */
static void pay_ois(size_t wire)
{
    double cost = smpi_cost_eval(&smpi__rt.cfg.ois, (double)wire);

    if (cost > 0)
        smpi__sleep(cost);
}

/* Adds op to its holder's list, which keeps it until a synchronisation collects it; the caller
 * holds the holder's mutex (SMPI pushes its requests under Win::mut_). */
static void enqueue(struct rma_op *op)
{
    struct win_rank *h = &op->win->r[op->holder];

    op->in_list = true;
    if (!op->done)
        h->npending++;
    if (h->ops_tail)
        h->ops_tail->next = op;
    else
        h->ops_head = op;
    h->ops_tail = op;
}

/* Starts the message of op, `wire` bytes from window rank `from` to `to`; with `queue`, the
 * op is first added to its holder's list (whose mutex the caller holds). */
static void launch(struct rma_op *op, int from, int to, size_t wire, bool queue)
{
    MPI_Win w = op->win;
    struct sim_activity *act;

    SIM_LOG(log_rma, SIM_LOG_DEBUG, "window %d: %zu bytes %d -> %d", w->id, wire, from, to);
    op->wire = wire;
    if (queue)
        enqueue(op);
    act = sim_comm_start(host_of(w, from), host_of(w, to), (double)wire + RMA_ENVELOPE_BYTES, -1);
    sim_activity_on_done(act, on_transfer_done, op);
}

/* Waits for an op nobody's list holds, pays smpi/or for it and frees it. */
static void wait_direct(struct rma_op *op, const char *what)
{
    double cost;

    while (!op->done)
        smpi__rma_wait_on(op->win, op->holder, what);
    cost = smpi_cost_eval(&smpi__rt.cfg.or_, (double)op->wire);
    op_free(op);
    if (cost > 0)
        smpi__sleep(cost);
}

/* The smpi/or SMPI's waitall pays for the n collected ops (all ended), starting at `start`:
 * among the ops ended by then it finishes the first of the list, else the next to end, and
 * pays each one's smpi/or in turn. Returns the date the last payment ends (start when smpi/or
 * costs them nothing). O(n^2), only when smpi/or is set. */
static double or_payments(struct rma_op **ops, int n, double start)
{
    double *cost = sim_xcalloc((size_t)n, sizeof(*cost));
    double t = start;
    bool any = false;

    for (int i = 0; i < n; i++) {
        cost[i] = ops[i]->or_paid ? 0 : smpi_cost_eval(&smpi__rt.cfg.or_, (double)ops[i]->wire);
        any = any || cost[i] > 0;
    }
    for (int left = any ? n : 0; left > 0; left--) {
        int pick = -1;

        for (int i = 0; i < n; i++) {
            if (cost[i] < 0)
                continue;
            if (ops[i]->end <= t) {
                pick = i;
                break;
            }
            if (pick < 0 || ops[i]->end < ops[pick]->end)
                pick = i;
        }
        if (ops[pick]->end > t)
            t = ops[pick]->end;
        t += cost[pick];
        cost[pick] = -1;
    }
    free(cost);
    return t;
}

/* Collects the transfers rank h holds with `peer` (any peer when < 0) under h's list mutex:
 * waits until they have all ended (woken by the last one, so a long list costs O(n), not one
 * scan per transfer), takes them off the list and pays smpi/or for them as SMPI's waitall
 * does. */
void smpi__rma_collect(MPI_Win w, int h, int peer, const char *what)
{
    struct win_rank *hr = &w->r[h];
    struct rma_op **pp = &hr->ops_head;
    struct rma_op *prev = NULL;
    struct rma_op **ops = NULL;
    int n = 0;
    int need = 0;
    double start;

    mutex_lock(w, h);
    start = smpi_now();
    for (struct rma_op *op = hr->ops_head; op; op = op->next)
        need += (peer < 0 || op->peer == peer) && !op->done;
    if (need > 0) {
        hr->collector = sim_actor_self();
        hr->collect_peer = peer;
        hr->collect_need = need;
        while (hr->collect_need > 0)
            sim_actor_block(what);
        hr->collector = NULL;
    }
    while (*pp) {
        struct rma_op *op = *pp;

        if ((peer >= 0 && op->peer != peer) || !op->done) {
            prev = op;
            pp = &op->next;
            continue;
        }
        *pp = op->next;
        if (hr->ops_tail == op)
            hr->ops_tail = prev;
        ops = sim_xrealloc(ops, ((size_t)n + 1) * sizeof(*ops));
        ops[n++] = op;
    }
    if (n > 0) {
        double until = or_payments(ops, n, start);

        if (until > smpi_now())
            smpi__sleep(until - smpi_now());
    }
    for (int i = 0; i < n; i++)
        op_free(ops[i]);
    free(ops);
    mutex_unlock(w, h);
}

bool smpi__rma_has_pending(MPI_Win w, int h)
{
    return w->r[h].npending > 0;
}

/* SMPI's Win::flush: the transfers the caller holds with t, then those t holds with the
 * caller. */
void smpi__rma_flush_pair(MPI_Win w, int me, int t, const char *what)
{
    smpi__rma_collect(w, me, t, what);
    if (t != me)
        smpi__rma_collect(w, t, me, what);
}

void smpi__rma_wait_local_all(MPI_Win w)
{
    smpi__rma_collect(w, smpi__win_rank(w), -1, "MPI_Win_free");
}

/* ---- argument checks that need the window's state ----------------------------------------- */

void smpi__rma_span(MPI_Aint offset, int count, MPI_Datatype t, MPI_Aint *lo, MPI_Aint *hi)
{
    MPI_Aint first = offset + smpi_type_true_lb(t);
    MPI_Aint last = first + (MPI_Aint)(count - 1) * smpi_type_extent(t);

    *lo = first < last ? first : last;
    *hi = (first < last ? last : first) + smpi_type_true_extent(t);
}

static bool can_access(const struct win_rank *me, int t)
{
    return me->fence_open || (me->access && me->access[t]) || me->locks[t] != 0 || me->lock_all;
}

/* Whether the attached regions cover [lo, hi), possibly several adjacent ones together (MPICH's
 * rma/win_dynamic_rma_flush_get puts across two neighbouring attachments). */
static bool regions_cover(const struct win_region *list, char *lo, char *hi)
{
    char *cur = lo;
    bool moved = true;

    while (cur < hi && moved) {
        moved = false;
        for (const struct win_region *g = list; g; g = g->next)
            if (cur >= g->base && cur < g->base + g->size) {
                cur = g->base + g->size;
                moved = true;
            }
    }
    return cur >= hi;
}

int smpi__rma_check(MPI_Win w, const struct rma_args *a, char *msg, size_t len)
{
    const struct win_rank *me = smpi__win_self(w);
    const struct win_rank *tr = &w->r[a->target];
    MPI_Aint lo;
    MPI_Aint hi;

    if (!can_access(me, a->target)) {
        snprintf(msg, len,
                 "no access epoch to rank %d is open on %s; open one with MPI_Win_fence, "
                 "MPI_Win_start, MPI_Win_lock or MPI_Win_lock_all first",
                 a->target, smpi__win_name(w));
        return MPI_ERR_RMA_SYNC;
    }
    if (a->tcount == 0 || smpi_type_size(a->ttype) == 0)
        return MPI_SUCCESS;
    smpi__rma_span(w->flavor == MPI_WIN_FLAVOR_DYNAMIC ? a->disp : a->disp * tr->disp_unit,
                   a->tcount, a->ttype, &lo, &hi);
    if (w->flavor == MPI_WIN_FLAVOR_DYNAMIC) {
        if (regions_cover(tr->regions, (char *)(intptr_t)lo, (char *)(intptr_t)hi))
            return MPI_SUCCESS;
        snprintf(msg, len,
                 "the access to addresses [%#lx, %#lx) at displacement %ld on rank %d of %s is "
                 "outside every region attached there (MPI_Win_attach)",
                 (unsigned long)lo, (unsigned long)hi, (long)a->disp, a->target, smpi__win_name(w));
        return MPI_ERR_RMA_RANGE;
    }
    if (a->disp < 0 || lo < 0 || hi > tr->size) {
        snprintf(msg, len,
                 "the access to bytes [%ld, %ld) at displacement %ld on rank %d of %s is "
                 "outside its window of %ld bytes (displacement unit %d)",
                 (long)lo, (long)hi, (long)a->disp, a->target, smpi__win_name(w), (long)tr->size,
                 tr->disp_unit);
        return MPI_ERR_RMA_RANGE;
    }
    return MPI_SUCCESS;
}

/* ---- operations --------------------------------------------------------------------------- */

/* A put or get on the caller's own window: a copy, complete at once (MPI_ERR_TRUNCATE of the
 * copy is not reported). */
static int local_copy(MPI_Win w, const void *from, int fcount, MPI_Datatype ftype, void *to,
                      int tcount, MPI_Datatype ttype, MPI_Request *req)
{
    int rc = smpi_type_copy(from, fcount, ftype, to, tcount, ttype);

    if (req)
        *req = new_request(w, true);
    return rc == MPI_ERR_TRUNCATE ? MPI_SUCCESS : rc;
}

int smpi__rma_put(MPI_Win w, const struct rma_args *a, MPI_Request *req)
{
    int me = smpi__win_rank(w);
    char *taddr = target_addr(w, a->target, a->disp);
    struct rma_op *op;

    if (a->target == me)
        return local_copy(w, a->oaddr, a->ocount, a->otype, taddr, a->tcount, a->ttype, req);
    op = op_new(w, RMA_COPY, a->target, me);
    op->data = pack(a->oaddr, a->ocount, a->otype, &op->bytes);
    set_dst(op, world_of(w, a->target), target_raw(w, a->target, a->disp), a->tcount, a->ttype);
    pay_ois(op->bytes);
    if (req)
        *req = new_request(w, true); /* the data is copied aside: the origin buffer is free */
    else
        touch_list(w, me);
    mutex_lock(w, a->target);
    launch(op, me, a->target, op->bytes, true);
    mutex_unlock(w, a->target);
    return MPI_SUCCESS;
}

int smpi__rma_get(MPI_Win w, const struct rma_args *a, MPI_Request *req)
{
    int me = smpi__win_rank(w);
    char *taddr = target_addr(w, a->target, a->disp);
    struct rma_op *op;

    if (a->target == me)
        return local_copy(w, taddr, a->tcount, a->ttype, (void *)a->oaddr, a->ocount, a->otype,
                          req);
    op = op_new(w, RMA_COPY, me, a->target);
    op->data = pack(taddr, a->tcount, a->ttype, &op->bytes);
    set_dst(op, smpi__self()->rank, (char *)a->oaddr, a->ocount, a->otype);
    if (req) {
        *req = new_request(w, false);
        op->req = *req;
        (*req)->refcount++; /* held by the transfer */
        /* its MPI_Wait pays smpi/or, as SMPI's wait of the receive of a detached send; the
         * synchronisation that collects the transfer then pays nothing */
        (*req)->flags |= SMPI_REQ_DETACHED_SENDER;
        (*req)->status.smpi_count = (MPI_Count)op->bytes;
        op->or_paid = true;
    }
    pay_ois(op->bytes);
    touch_list(w, a->target);
    launch(op, a->target, me, op->bytes, false);
    /* SMPI adds the receive to the origin's list (under its mutex) once the transfer started
     * (an MPI_Rget's too here, so that the epoch's end waits for it) */
    mutex_lock(w, me);
    enqueue(op);
    mutex_unlock(w, me);
    return MPI_SUCCESS;
}

/* The accumulate message of accumulate and get-accumulate, then SMPI's flush of the target. */
static void accumulate_leg(MPI_Win w, const struct rma_args *a, enum rma_kind kind, bool own)
{
    int me = smpi__win_rank(w);
    struct rma_op *op = op_new(w, kind, a->target, me);

    op->data = pack(a->oaddr, a->ocount, a->otype, &op->bytes);
    set_dst(op, world_of(w, a->target), target_raw(w, a->target, a->disp), a->tcount, a->ttype);
    op->op = a->op;
    if (kind == RMA_GACC) {
        op->res = a->raddr;
        op->res_rank = smpi__self()->rank;
        op->rcount = a->rcount;
        op->rtype = a->rtype;
        smpi__type_ref(a->rtype);
    }
    pay_ois(op->bytes);
    mutex_lock(w, a->target);
    launch(op, me, a->target, op->bytes, true);
    mutex_unlock(w, a->target);
    if (own)
        touch_list(w, me);
    smpi__rma_flush_pair(w, me, a->target, "MPI_Accumulate");
}

int smpi__rma_accumulate(MPI_Win w, const struct rma_args *a, MPI_Request *req)
{
    accumulate_leg(w, a, RMA_ACC, req == NULL);
    if (req)
        *req = new_request(w, true);
    return MPI_SUCCESS;
}

static void atomic_acquire(MPI_Win w, int t, const char *what)
{
    while (w->r[t].atomic_busy)
        smpi__rma_wait_on(w, t, what);
    w->r[t].atomic_busy = true;
}

static void atomic_release(MPI_Win w, int t)
{
    w->r[t].atomic_busy = false;
    smpi__rma_wake_all(w, t);
}

int smpi__rma_get_accumulate(MPI_Win w, const struct rma_args *a, MPI_Request *req)
{
    int me = smpi__win_rank(w);
    char *taddr = target_addr(w, a->target, a->disp);

    atomic_acquire(w, a->target, "MPI_Get_accumulate");
    if (a->op == MPI_NO_OP && a->target == me) {
        smpi_type_copy(taddr, a->tcount, a->ttype, a->raddr, a->rcount, a->rtype);
    } else if (a->target != me) {
        /* the get leg: it carries the data only for MPI_NO_OP, else the accumulate leg fetches
         * and updates at one instant */
        struct rma_op *op = op_new(w, a->op == MPI_NO_OP ? RMA_COPY : RMA_NONE, me, a->target);
        size_t bytes = (size_t)a->tcount * smpi_type_size(a->ttype);

        if (a->op == MPI_NO_OP) {
            op->data = pack(taddr, a->tcount, a->ttype, &op->bytes);
            set_dst(op, smpi__self()->rank, a->raddr, a->rcount, a->rtype);
        }
        pay_ois(bytes);
        touch_list(w, a->target);
        launch(op, a->target, me, bytes, false);
        wait_direct(op, "MPI_Get_accumulate");
    }
    if (a->op != MPI_NO_OP)
        accumulate_leg(w, a, RMA_GACC, false);
    atomic_release(w, a->target);
    if (req)
        *req = new_request(w, true);
    return MPI_SUCCESS;
}

int smpi__rma_compare_and_swap(MPI_Win w, const struct rma_args *a)
{
    int me = smpi__win_rank(w);
    char *taddr = target_addr(w, a->target, a->disp);
    size_t size = smpi_type_size(a->ttype);
    bool swap;

    atomic_acquire(w, a->target, "MPI_Compare_and_swap");
    if (a->target != me) {
        struct rma_op *op = op_new(w, RMA_NONE, me, a->target);

        pay_ois(size);
        touch_list(w, a->target);
        launch(op, a->target, me, size, false);
        wait_direct(op, "MPI_Compare_and_swap");
    }
    /* the read-modify-write, at one instant */
    memcpy(a->raddr, taddr, size);
    swap = memcmp(a->raddr, a->caddr, size) == 0;
    if (swap)
        memcpy(taddr, a->oaddr, size);
    if (swap && a->target != me) { /* SMPI's put of the new value, collected later */
        pay_ois(size);
        touch_list(w, me);
        mutex_lock(w, a->target);
        launch(op_new(w, RMA_NONE, a->target, me), me, a->target, size, true);
        mutex_unlock(w, a->target);
    }
    atomic_release(w, a->target);
    return MPI_SUCCESS;
}
