/* request: completion of requests — the wait and test families, request_free — with SMPI's
 * injected costs (smpi/or on receives matched by a detached send, smpi/test on tests), the
 * receive cost of a per-message model and TAN's fan-in overhead (smpi/fanin-overhead). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>

#include "smpi/analyze/analyze.h"
#include "smpi/internal.h"

static bool is_pending(MPI_Request r)
{
    return r && (r->flags & SMPI_REQ_ACTIVE);
}

/* A generalized request asks its query function for the status, then, when it is released,
 * its free function (MPI-3.1 section 12.2). */
static int finish_generalized(MPI_Request *reqp, MPI_Status *status)
{
    MPI_Request r = *reqp;
    MPI_Status tmp;
    MPI_Status *st = status == MPI_STATUS_IGNORE ? &tmp : status;
    int err;

    smpi__status_empty(st);
    err = r->rare->query_fn(r->rare->extra_state, st);
    if (err == MPI_SUCCESS)
        err = r->rare->free_fn(r->rare->extra_state);
    r->flags &= ~SMPI_REQ_ACTIVE;
    smpi__request_gone(r);
    smpi__req_release(r);
    *reqp = MPI_REQUEST_NULL;
    return err;
}

static int finish(MPI_Request *reqp, MPI_Status *status, int *received, int index);

/* An MPI_Isendrecv (p2p_mpi4.c): its receive, whose status is the call's, then its send, in the
 * order MPI_Waitall finishes them, with their costs. */
static int finish_pair(MPI_Request *reqp, MPI_Status *status, int *received)
{
    MPI_Request r = *reqp;
    int rc = finish(&r->rare->pair[0], status, received, 0);
    int rc2 = finish(&r->rare->pair[1], MPI_STATUS_IGNORE, received, 1);

    r->flags &= ~SMPI_REQ_ACTIVE;
    smpi__request_gone(r);
    smpi__req_release(r);
    *reqp = MPI_REQUEST_NULL;
    return rc != MPI_SUCCESS ? rc : rc2;
}

/* Reports a completed receive to the trace sinks: SMPI 3.32 records a user's receive when its
 * call returns (after smpi/or), an internal one before smpi/or (Request::finish_wait); `index`
 * is the request's place in the call's array, the order in which SMPI records the receives. */
static void trace_recv(const struct smpi_request *r, bool internal, int index)
{
    struct smpi_trace_msg m;

    if (!smpi__trace_on || !(r->flags & SMPI_REQ_RECV) || !(r->flags & SMPI_REQ_MATCHED) ||
        (r->flags & (SMPI_REQ_CANCELLED | SMPI_REQ_PROCNULL)))
        return;
    m = smpi__req_trace_msg(r);
    m.index = index;
    if (m.internal == internal)
        smpi__trace_recv(&smpi__rt.procs[r->dst], &m);
}

/* Completes a request whose data movement is over: status, injected receive cost, and the
 * release of a non-persistent request (the handle becomes MPI_REQUEST_NULL). A received
 * message is counted in *received (smpi/fanin-overhead). `index`: the request's place in the
 * call's array (0 for a call of one request), for the trace. */
static int finish(MPI_Request *reqp, MPI_Status *status, int *received, int index)
{
    MPI_Request r = *reqp;
    int err = r->error;

    if (r->flags & SMPI_REQ_GENERALIZED)
        return finish_generalized(reqp, status);
    if (r->rare && r->rare->pair[0])
        return finish_pair(reqp, status, received);

    if (smpi__trace_on) /* checked here too: the common case costs no call */
        trace_recv(r, true, index);
    if (r->flags & SMPI_REQ_DETACHED_SENDER) {
        double cost = smpi_cost_eval(&smpi__rt.cfg.or_, (double)r->status.smpi_count);

        r->flags &= ~SMPI_REQ_DETACHED_SENDER;
        if (cost > 0)
            smpi__sleep(cost);
    }
    if ((r->flags & SMPI_REQ_RECV) && r->recv_cpu > 0) {
        double cost = r->recv_cpu;

        r->recv_cpu = 0;
        smpi__sleep(cost);
    }
    if ((r->flags & (SMPI_REQ_RECV | SMPI_REQ_MATCHED)) == (SMPI_REQ_RECV | SMPI_REQ_MATCHED) &&
        !(r->flags & (SMPI_REQ_CANCELLED | SMPI_REQ_PROCNULL)))
        (*received)++;
    if (smpi__trace_on)
        trace_recv(r, false, index);
    if (status != MPI_STATUS_IGNORE) {
        if ((r->flags & SMPI_REQ_RECV) || (r->flags & SMPI_REQ_PROCNULL)) {
            *status = r->status;
        } else {
            smpi__status_empty(status);
            status->smpi_cancelled = (r->flags & SMPI_REQ_CANCELLED) != 0;
        }
        status->MPI_ERROR = err;
    }
    r->flags &= ~SMPI_REQ_ACTIVE;
    if (!(r->flags & SMPI_REQ_PERSISTENT)) {
        smpi__request_gone(r);
        smpi__req_release(r);
        *reqp = MPI_REQUEST_NULL;
    }
    return err;
}

/* TAN's fan-in overhead (smpi/fanin-overhead): a call that completed x >= 1 receives costs its
 * rank o(x + 1) = a + b (x + 1) + c (x + 1)^2 once, after the last one. */
static void fanin_charge(int received)
{
    const struct smpi_fanin *f = &smpi__rt.cfg.fanin;
    double x = received + 1;
    double cost;

    if (received == 0)
        return;
    cost = f->a + f->b * x + f->c * x * x;
    if (cost > 0)
        smpi__sleep(cost);
}

/* finish() for a call that completes one request, with its fan-in overhead. */
static int finish_one(MPI_Request *reqp, MPI_Status *status)
{
    int received = 0;
    int rc = finish(reqp, status, &received, 0);

    fanin_charge(received);
    return rc;
}

static void block_on(MPI_Request *reqs, int n, const char *what)
{
    struct sim_actor *self = smpi__self()->actor;

    for (int i = 0; i < n; i++)
        if (is_pending(reqs[i]))
            reqs[i]->waiter = self;
    sim_actor_block(what);
    for (int i = 0; i < n; i++)
        if (reqs[i])
            reqs[i]->waiter = NULL;
}

int smpi__wait(MPI_Request *reqp, MPI_Status *status)
{
    MPI_Request r = *reqp;

    if (!is_pending(r)) {
        smpi__status_empty(status);
        return MPI_SUCCESS;
    }
    while (!(r->flags & SMPI_REQ_DONE))
        block_on(reqp, 1, "MPI_Wait");
    return finish_one(reqp, status);
}

/* MPI_Test and friends sleep before looking, as SMPI does, so that a polling loop lets
 * simulated time advance; the sleep grows with consecutive failures of any rank (the counter
 * is shared, as SMPI's). MPI_Testany has a counter of its own, as in SMPI. */
static void test_sleep(const int *sleeps)
{
    if (smpi__rt.cfg.test_time > 0)
        smpi__sleep(*sleeps * smpi__rt.cfg.test_time);
}

void smpi__test_sleep(void)
{
    test_sleep(&smpi__rt.test_sleeps);
}

/* With smpi/test:0 a failed test would cost nothing, and a loop polling for a message that
 * another rank sends later would never let simulated time reach that moment (SMPI hangs
 * there). simmpi then charges the smallest time step, growing like the configured one, so the
 * loop always ends; a successful test still costs nothing. */
#define SMPI_MIN_POLL_TIME 1e-9

static void test_outcome(int *sleeps, bool found)
{
    int n = *sleeps;

    if (found)
        *sleeps = 1;
    else if (smpi__rt.cfg.grow_injected_times)
        (*sleeps)++;
    if (!found && smpi__rt.cfg.test_time <= 0)
        smpi__sleep(n * SMPI_MIN_POLL_TIME);
}

void smpi__test_outcome(bool found)
{
    test_outcome(&smpi__rt.test_sleeps, found);
}

int smpi__test(MPI_Request *reqp, int *flag, MPI_Status *status)
{
    MPI_Request r = *reqp;

    smpi__test_sleep();
    if (!is_pending(r)) {
        *flag = 1;
        smpi__status_empty(status);
        return MPI_SUCCESS;
    }
    *flag = (r->flags & SMPI_REQ_DONE) != 0;
    smpi__test_outcome(*flag);
    return *flag ? finish_one(reqp, status) : MPI_SUCCESS;
}

/* Index of the first completed pending request, -1 if none is complete, -2 if none pends. */
static int first_done(int n, MPI_Request *reqs)
{
    bool any = false;

    for (int i = 0; i < n; i++) {
        if (!is_pending(reqs[i]))
            continue;
        any = true;
        if (reqs[i]->flags & SMPI_REQ_DONE)
            return i;
    }
    return any ? -1 : -2;
}

int smpi__waitany(int n, MPI_Request *reqs, int *index, MPI_Status *status)
{
    int i;

    while ((i = first_done(n, reqs)) == -1)
        block_on(reqs, n, "MPI_Waitany");
    if (i == -2) {
        *index = MPI_UNDEFINED;
        smpi__status_empty(status);
        return MPI_SUCCESS;
    }
    *index = i;
    return finish_one(&reqs[i], status);
}

void smpi__done_log_push(struct smpi_done_log *log, int index)
{
    int i = log->n++;

    while (i > 0 && log->heap[(i - 1) / 2] > index) {
        log->heap[i] = log->heap[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    log->heap[i] = index;
}

static int done_log_pop(struct smpi_done_log *log)
{
    int top = log->heap[0];
    int last = log->heap[--log->n];
    int i = 0;

    for (;;) {
        int c = 2 * i + 1;

        if (c >= log->n)
            break;
        if (c + 1 < log->n && log->heap[c + 1] < log->heap[c])
            c++;
        if (log->heap[c] >= last)
            break;
        log->heap[i] = log->heap[c];
        i = c;
    }
    if (log->n > 0)
        log->heap[i] = last;
    return top;
}

/* As SMPI's Request::waitall, a loop of waitany: each request is finished (smpi/or charged,
 * its receive reported to the traces) as soon as it completes, the lowest index first among
 * those complete. The completions are logged by the requests themselves, so a waitall of n
 * requests costs O(n log n), not a scan of the n requests per completion. The log is not on
 * the stack, which contexts/copy-stacks lends to other ranks while this one waits. */
int smpi__waitall(int n, MPI_Request *reqs, MPI_Status *statuses)
{
    struct smpi_done_log *log = sim_xmalloc(sizeof(*log) + (size_t)n * sizeof(int));
    struct sim_actor *self = smpi__self()->actor;
    int pending = 0;
    int received = 0;
    int rc = MPI_SUCCESS;

    *log = (struct smpi_done_log){ (int *)(log + 1), 0 };
    for (int i = 0; i < n; i++) {
        if (!is_pending(reqs[i])) {
            if (statuses != MPI_STATUSES_IGNORE)
                smpi__status_empty(&statuses[i]);
            continue;
        }
        pending++;
        if (reqs[i]->flags & SMPI_REQ_DONE) {
            smpi__done_log_push(log, i);
        } else {
            reqs[i]->done_log = log;
            reqs[i]->done_index = i;
            reqs[i]->waiter = self;
        }
    }
    while (pending > 0) {
        int i;

        if (log->n == 0) {
            sim_actor_block("MPI_Waitall");
            continue;
        }
        i = done_log_pop(log);
        reqs[i]->waiter = NULL;
        if (finish(&reqs[i], statuses == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &statuses[i],
                   &received, i) != MPI_SUCCESS)
            rc = MPI_ERR_IN_STATUS;
        pending--;
    }
    free(log);
    fanin_charge(received);
    return rc;
}

/* Finishes every completed pending request, then charges their fan-in overhead; returns how
 * many, or MPI_UNDEFINED if none pends. */
static int collect_done(int n, MPI_Request *reqs, int *indices, MPI_Status *statuses, int *rc)
{
    int count = 0;
    int received = 0;
    bool any = false;

    for (int i = 0; i < n; i++) {
        MPI_Status *st;

        if (!is_pending(reqs[i]))
            continue;
        any = true;
        if (!(reqs[i]->flags & SMPI_REQ_DONE))
            continue;
        st = statuses == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &statuses[count];
        indices[count++] = i;
        if (finish(&reqs[i], st, &received, i) != MPI_SUCCESS)
            *rc = MPI_ERR_IN_STATUS;
    }
    fanin_charge(received);
    return any ? count : MPI_UNDEFINED;
}

int smpi__waitsome(int n, MPI_Request *reqs, int *outcount, int *indices, MPI_Status *statuses)
{
    int rc = MPI_SUCCESS;

    while (first_done(n, reqs) == -1)
        block_on(reqs, n, "MPI_Waitsome");
    *outcount = collect_done(n, reqs, indices, statuses, &rc);
    return rc;
}

int smpi__testany(int n, MPI_Request *reqs, int *index, int *flag, MPI_Status *status)
{
    int i = first_done(n, reqs);

    if (i != -2) { /* SMPI sleeps only when a request is active */
        test_sleep(&smpi__rt.testany_sleeps);
        i = first_done(n, reqs);
        test_outcome(&smpi__rt.testany_sleeps, i != -1);
    }
    *flag = i != -1;
    *index = MPI_UNDEFINED;
    if (i < 0) {
        smpi__status_empty(status);
        return MPI_SUCCESS;
    }
    *index = i;
    return finish_one(&reqs[i], status);
}

int smpi__testall(int n, MPI_Request *reqs, int *flag, MPI_Status *statuses)
{
    int rc = MPI_SUCCESS;
    int received = 0;

    smpi__test_sleep();
    for (int i = 0; i < n; i++) {
        if (is_pending(reqs[i]) && !(reqs[i]->flags & SMPI_REQ_DONE)) {
            *flag = 0;
            smpi__test_outcome(false);
            return MPI_SUCCESS;
        }
    }
    *flag = 1;
    smpi__test_outcome(true);
    for (int i = 0; i < n; i++) {
        MPI_Status *st = statuses == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &statuses[i];

        if (is_pending(reqs[i])) {
            if (finish(&reqs[i], st, &received, i) != MPI_SUCCESS)
                rc = MPI_ERR_IN_STATUS;
        } else {
            smpi__status_empty(st);
        }
    }
    fanin_charge(received);
    return rc;
}

int smpi__testsome(int n, MPI_Request *reqs, int *outcount, int *indices, MPI_Status *statuses)
{
    int rc = MPI_SUCCESS;

    smpi__test_sleep();
    *outcount = collect_done(n, reqs, indices, statuses, &rc);
    if (*outcount != MPI_UNDEFINED) /* no active request: neither a success nor a failure */
        smpi__test_outcome(*outcount > 0);
    return rc;
}

void smpi__req_free(MPI_Request *reqp)
{
    MPI_Request r = *reqp;

    if (r) {
        r->flags |= SMPI_REQ_FREED;
        smpi__request_gone(r);
        smpi__req_release(r);
    }
    *reqp = MPI_REQUEST_NULL;
}
