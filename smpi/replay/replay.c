/* replay: the actions of SMPI 3.32's time-independent traces (its format, trace_ti.c writes it),
 * each run through the MPI calls it stands for, on MPI_COMM_WORLD with scratch buffers, and the
 * loop that reads a rank's actions and hands them to their handlers (replay_api.c keeps the table
 * of handlers, which replayer programs may extend). The actions and their arguments are those
 * SMPI 3.32's replay knows (src/smpi/internals/smpi_replay.cpp); like it, compute actions run
 * only under smpi/simulate-computation:yes, computations and sleeps are divided by the
 * smpi/comp-adjustment-file ratio of the locations the trace records, each action is logged
 * (smpi_replay, verbose) with its duration, and the last rank to end logs "Simulation time T".
 * A bad trace is reported with file:line and the action. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <smpi/smpi.h>

#include "simcore/simcore.h"
#include "smpi/internal.h"
#include "smpi/trace/ti.h"
#include "smpi/replay/replay_impl.h"

SIM_LOG_SUBCATEGORY(log_replay, "smpi_replay", "smpi");

static char **files;
static int *file_lines; /* each file's line in the index */
static int nfiles;
static const char *index_path;
static int active;          /* ranks still replaying */
static double elapsed = -1; /* the last rank's time from its init to its end */
static MPI_Op noop;         /* reductions move data and compute nothing, as in SMPI's replay */

/* Scratch buffers: garbage data, shared by the ranks. A buffer is never freed while the
 * simulation runs (a pending request may point into it); replaced ones are kept in `old`. */
struct scratch {
    char *mem;
    size_t size;
};
static struct scratch bufs[2];
static char **old;
static int nold;

#define FOLD_ABOVE (1u << 20) /* larger scratch buffers are folded (SMPI_SHARED_MALLOC) */

static void *scratch(int which, double bytes)
{
    struct scratch *b = &bufs[which];
    size_t need = bytes > 0 ? (size_t)bytes : 1;

    if (need > b->size) {
        if (b->mem) {
            old = sim_xrealloc(old, (size_t)(nold + 1) * sizeof(*old));
            old[nold++] = b->mem;
        }
        if (need > FOLD_ABOVE) {
            size_t whole[2] = { 0, need };

            b->mem = smpi_shared_malloc_partial(need, whole, 1);
        } else {
            b->mem = sim_xcalloc(1, need);
        }
        b->size = need;
    }
    return b->mem;
}

static void *sendbuf(double bytes)
{
    return scratch(0, bytes);
}

static void *recvbuf(double bytes)
{
    return scratch(1, bytes);
}

static void noop_fn(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)in;
    (void)inout;
    (void)len;
    (void)type;
}

/* ---- pending requests --------------------------------------------------------------------- */

static void pend_add(struct rank_replay *rr, int src, int dst, int tag, MPI_Request req)
{
    if (rr->npend == rr->cap) {
        rr->cap = rr->cap ? 2 * rr->cap : 8;
        rr->pend = sim_xrealloc(rr->pend, (size_t)rr->cap * sizeof(*rr->pend));
    }
    rr->pend[rr->npend++] = (struct pending){ src, dst, tag, req };
}

/* Takes out the oldest pending request named (src, dst, tag); false when there is none. */
static bool pend_take(struct rank_replay *rr, int src, int dst, int tag, MPI_Request *req)
{
    for (int i = 0; i < rr->npend; i++) {
        struct pending *q = &rr->pend[i];

        if (q->src == src && q->dst == dst && q->tag == tag) {
            *req = q->req;
            memmove(q, q + 1, (size_t)(rr->npend - i - 1) * sizeof(*q));
            rr->npend--;
            return true;
        }
    }
    return false;
}

/* Waits for every pending request (waitall, and the end of the trace). */
static void pend_wait_all(struct rank_replay *rr)
{
    MPI_Request *reqs = sim_xcalloc((size_t)rr->npend + 1, sizeof(*reqs));

    for (int i = 0; i < rr->npend; i++)
        reqs[i] = rr->pend[i].req;
    PMPI_Waitall(rr->npend, reqs, MPI_STATUSES_IGNORE);
    free(reqs);
    rr->npend = 0;
}

/* ---- the actions ------------------------------------------------------------------------ */

/* SMPI's replay draws each action that communicates as one state (the trace sinks' action hooks:
 * a reduction's computation falls inside it), and such an action starts with a simcall, which
 * lets the other ranks ready at this date run first: the replay yields there too. */
static void action_begin_send(const char *call, const struct smpi_trace_msg *send)
{
    if (smpi__trace_on)
        smpi__trace_action_in(smpi__self(), call, send);
    sim_actor_yield();
}

static void action_begin(const char *call)
{
    action_begin_send(call, NULL);
}

/* The message a send action traces with its state (SMPI's replay draws its link there, before
 * the send starts): to rank dst of MPI_COMM_WORLD, none for MPI_PROC_NULL. */
static const struct smpi_trace_msg *send_msg(struct smpi_trace_msg *m, int dst, int tag,
                                             double size)
{
    if (dst < 0)
        return NULL;
    *m = (struct smpi_trace_msg){
        .src = smpi__self()->rank, .dst = dst, .tag = tag, .bytes = (size_t)size, .index = -1
    };
    return m;
}

static void action_end(void)
{
    if (smpi__trace_on)
        smpi__trace_action_out(smpi__self());
}

/* send, isend, recv, irecv and the other modes SMPI writes (Ssend, ISsend, bsend, ibsend):
 * partner tag count [datatype]. */
static void act_p2p(struct rank_replay *rr, const char *name, const char *call)
{
    bool receive = strcasecmp(name, "recv") == 0 || strcasecmp(name, "irecv") == 0;
    bool nonblocking = name[0] == 'i' || name[0] == 'I';
    bool sync = strcasecmp(name, "Ssend") == 0 || strcasecmp(name, "ISsend") == 0;
    int me = smpi__self()->rank;
    int partner, tag, n;
    MPI_Datatype t;
    MPI_Request req;

    smpi__ra_need(rr, 3, "partner tag count [datatype]");
    partner = smpi__ra_peer(rr, 0, receive ? MPI_ANY_SOURCE : MPI_PROC_NULL);
    tag = smpi__ra_integer(rr, 1);
    n = smpi__ra_integer(rr, 2);
    t = smpi__ra_type(rr, 3);
    if (receive && tag == SMPI_TI_ANY_TAG)
        tag = MPI_ANY_TAG;
    else if (tag < 0)
        smpi__ra_malformed(rr, "tag %d is negative", tag);
    if (receive) {
        action_begin(call);
    } else {
        struct smpi_trace_msg m;

        if (n < 0)
            smpi__ra_malformed(rr, "count %d is negative", n);
        action_begin_send(call, send_msg(&m, partner, tag, smpi__ra_bytes(n, t)));
    }
    if (n < 0 && receive) { /* a size the tracer did not know: take the message's */
        MPI_Status st;

        PMPI_Probe(partner, tag, MPI_COMM_WORLD, &st);
        PMPI_Get_count(&st, t, &n);
    }
    if (receive && nonblocking) {
        PMPI_Irecv(recvbuf(smpi__ra_bytes(n, t)), n, t, partner, tag, MPI_COMM_WORLD, &req);
        pend_add(rr, smpi__ra_integer(rr, 0), me, smpi__ra_integer(rr, 1), req);
    } else if (receive) {
        PMPI_Recv(recvbuf(smpi__ra_bytes(n, t)), n, t, partner, tag, MPI_COMM_WORLD,
                  MPI_STATUS_IGNORE);
    } else if (nonblocking) {
        (sync ? PMPI_Issend : PMPI_Isend)(sendbuf(smpi__ra_bytes(n, t)), n, t, partner, tag,
                                          MPI_COMM_WORLD, &req);
        pend_add(rr, me, smpi__ra_integer(rr, 0), tag, req);
    } else {
        (sync ? PMPI_Ssend : PMPI_Send)(sendbuf(smpi__ra_bytes(n, t)), n, t, partner, tag,
                                        MPI_COMM_WORLD);
    }
    action_end();
}

/* wait and test: src dst tag, naming a request of an earlier isend or irecv. */
static void act_wait_test(struct rank_replay *rr, bool test)
{
    MPI_Request req;
    int src, dst, tag, flag;

    smpi__ra_need(rr, 3, "src dst tag");
    src = smpi__ra_integer(rr, 0);
    dst = smpi__ra_integer(rr, 1);
    tag = smpi__ra_integer(rr, 2);
    if (rr->npend == 0 && !test)
        smpi__ra_malformed(rr, "no isend or irecv is pending");
    if (!pend_take(rr, src, dst, tag, &req) || req == MPI_REQUEST_NULL)
        return; /* completed by an earlier test: nothing to wait for (as SMPI) */
    action_begin(test ? "MPI_Test" : "MPI_Wait");
    if (!test) {
        PMPI_Wait(&req, MPI_STATUS_IGNORE);
        action_end();
        return;
    }
    PMPI_Test(&req, &flag, MPI_STATUS_IGNORE);
    action_end();
    pend_add(rr, src, dst, tag, req); /* MPI_REQUEST_NULL once done, for a later wait */
}

/* waitAny (written by both simulators, replayed by simmpi only): any pending request. */
static void act_waitany(struct rank_replay *rr)
{
    MPI_Request *reqs = sim_xcalloc((size_t)rr->npend + 1, sizeof(*reqs));
    int index;

    for (int i = 0; i < rr->npend; i++)
        reqs[i] = rr->pend[i].req;
    PMPI_Waitany(rr->npend, reqs, &index, MPI_STATUS_IGNORE);
    if (index != MPI_UNDEFINED) {
        memmove(&rr->pend[index], &rr->pend[index + 1],
                (size_t)(rr->npend - index - 1) * sizeof(*rr->pend));
        rr->npend--;
    }
    free(reqs);
}

/* sendRecv: sendcount dst recvcount src [sendtype recvtype]; tags 0, as SMPI replays it. */
static void act_sendrecv(struct rank_replay *rr)
{
    int sc, rc, dst, src;
    MPI_Datatype st, rt;
    struct smpi_trace_msg m;

    smpi__ra_need(rr, 4, "sendcount dst recvcount src [sendtype recvtype]");
    sc = smpi__ra_count(rr, 0);
    dst = smpi__ra_peer(rr, 1, MPI_PROC_NULL);
    rc = smpi__ra_count(rr, 2);
    src = smpi__ra_peer(rr, 3, MPI_ANY_SOURCE);
    st = smpi__ra_type(rr, 4);
    rt = smpi__ra_type(rr, 5);
    action_begin_send("MPI_Sendrecv", send_msg(&m, dst, 0, smpi__ra_bytes(sc, st)));
    PMPI_Sendrecv(sendbuf(smpi__ra_bytes(sc, st)), sc, st, dst, 0, recvbuf(smpi__ra_bytes(rc, rt)),
                  rc, rt, src, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    action_end();
}

/* The computation a reduction action names after its message sizes (run even without
 * smpi/simulate-computation, as SMPI's replay does). */
static void reduction_compute(struct rank_replay *rr, int i)
{
    double flops = smpi__ra_num(rr, i);

    (void)rr;
    if (flops != 0)
        smpi__compute(smpi__self(), flops);
}

/* bcast count [root [datatype]]; reduce count flops [root [datatype]]; allreduce, scan and
 * exscan count flops [datatype]. */
static void act_rooted_or_reduce(struct rank_replay *rr, const char *name)
{
    MPI_Datatype t;
    int n, r;

    if (!strcmp(name, "bcast")) {
        smpi__ra_need(rr, 1, "count [root [datatype]]");
        n = smpi__ra_count(rr, 0);
        r = smpi__ra_root(rr, 1);
        t = smpi__ra_type(rr, 2);
        PMPI_Bcast(sendbuf(smpi__ra_bytes(n, t)), n, t, r, MPI_COMM_WORLD);
        return;
    }
    smpi__ra_need(rr, 2,
                  !strcmp(name, "reduce") ? "count flops [root [datatype]]"
                                          : "count flops [datatype]");
    n = smpi__ra_count(rr, 0);
    smpi__ra_num(rr, 1);
    if (!strcmp(name, "reduce")) {
        r = smpi__ra_root(rr, 2);
        t = smpi__ra_type(rr, 3);
        PMPI_Reduce(sendbuf(smpi__ra_bytes(n, t)), recvbuf(smpi__ra_bytes(n, t)), n, t, noop, r,
                    MPI_COMM_WORLD);
    } else {
        t = smpi__ra_type(rr, 2);
        if (!strcmp(name, "allreduce"))
            PMPI_Allreduce(sendbuf(smpi__ra_bytes(n, t)), recvbuf(smpi__ra_bytes(n, t)), n, t, noop,
                           MPI_COMM_WORLD);
        else if (!strcmp(name, "scan"))
            PMPI_Scan(sendbuf(smpi__ra_bytes(n, t)), recvbuf(smpi__ra_bytes(n, t)), n, t, noop,
                      MPI_COMM_WORLD);
        else
            PMPI_Exscan(sendbuf(smpi__ra_bytes(n, t)), recvbuf(smpi__ra_bytes(n, t)), n, t, noop,
                        MPI_COMM_WORLD);
    }
    reduction_compute(rr, 1);
}

/* gather, scatter: sendcount recvcount [root [sendtype recvtype]]; allgather, alltoall:
 * sendcount recvcount [sendtype recvtype]. Receive buffers hold one block per rank. */
static void act_fixed(struct rank_replay *rr, const char *name)
{
    int np = smpi__rt.nranks;
    bool rooted = !strcmp(name, "gather") || !strcmp(name, "scatter");
    int sc, rc, r;
    MPI_Datatype st, rt;

    smpi__ra_need(rr, 2,
                  rooted ? "sendcount recvcount [root [sendtype recvtype]]"
                         : "sendcount recvcount [sendtype recvtype]");
    sc = smpi__ra_count(rr, 0);
    rc = smpi__ra_count(rr, 1);
    r = rooted ? smpi__ra_root(rr, 2) : 0;
    st = smpi__ra_type(rr, rooted ? 3 : 2);
    rt = smpi__ra_type(rr, rooted ? 4 : 3);
    if (!strcmp(name, "gather"))
        PMPI_Gather(sendbuf(smpi__ra_bytes(sc, st)), sc, st, recvbuf(smpi__ra_bytes(rc, rt) * np),
                    rc, rt, r, MPI_COMM_WORLD);
    else if (!strcmp(name, "scatter"))
        PMPI_Scatter(sendbuf(smpi__ra_bytes(sc, st) * np), sc, st, recvbuf(smpi__ra_bytes(rc, rt)),
                     rc, rt, r, MPI_COMM_WORLD);
    else if (!strcmp(name, "allgather"))
        PMPI_Allgather(sendbuf(smpi__ra_bytes(sc, st)), sc, st,
                       recvbuf(smpi__ra_bytes(rc, rt) * np), rc, rt, MPI_COMM_WORLD);
    else
        PMPI_Alltoall(sendbuf(smpi__ra_bytes(sc, st) * np), sc, st,
                      recvbuf(smpi__ra_bytes(rc, rt) * np), rc, rt, MPI_COMM_WORLD);
}

/* Zero displacements: every block at the start of its buffer (garbage data, as SMPI). */
static int *zeros(int n)
{
    return sim_xcalloc((size_t)n, sizeof(int));
}

/* gatherv: sendcount recvcounts[np] [root [sendtype recvtype]]; allgatherv: sendcount
 * recvcounts[np] [sendtype recvtype | displs[np] | sendtype recvtype displs[np]]. */
static void act_gatherv(struct rank_replay *rr, const char *name)
{
    int np = smpi__rt.nranks;
    int *rcounts, *displs = zeros(np);
    double total;
    int sc, r = 0;
    MPI_Datatype st, rt;

    smpi__ra_need(rr, 1 + np, "sendcount recvcounts (one per rank) [...]");
    sc = smpi__ra_count(rr, 0);
    rcounts = smpi__ra_counts(rr, 1, np, &total);
    if (!strcmp(name, "gatherv")) {
        r = smpi__ra_root(rr, 1 + np);
        st = smpi__ra_type(rr, 2 + np);
        rt = smpi__ra_type(rr, 3 + np);
    } else if (rr->nf - 2 > 1 + 2 * np) { /* types, then displacements (SMPI's rule) */
        st = smpi__ra_type(rr, 1 + np);
        rt = smpi__ra_type(rr, 2 + np);
    } else if (rr->nf - 2 > 3 + np) { /* displacements, default types */
        st = rt = rr->default_type;
    } else {
        st = smpi__ra_type(rr, 1 + np);
        rt = smpi__ra_type(rr, 2 + np);
    }
    if (!strcmp(name, "gatherv"))
        PMPI_Gatherv(sendbuf(smpi__ra_bytes(sc, st)), sc, st,
                     recvbuf(smpi__ra_bytes((int)total, rt)), rcounts, displs, rt, r,
                     MPI_COMM_WORLD);
    else
        PMPI_Allgatherv(sendbuf(smpi__ra_bytes(sc, st)), sc, st,
                        recvbuf(smpi__ra_bytes((int)total, rt)), rcounts, displs, rt,
                        MPI_COMM_WORLD);
    free(rcounts);
    free(displs);
}

/* scatterv: sendcounts[np] recvcount [root [sendtype recvtype]]. */
static void act_scatterv(struct rank_replay *rr)
{
    int np = smpi__rt.nranks;
    int *scounts, *displs = zeros(np);
    double total;
    int rc, r;
    MPI_Datatype st, rt;

    smpi__ra_need(rr, np + 1, "sendcounts (one per rank) recvcount [root [sendtype recvtype]]");
    scounts = smpi__ra_counts(rr, 0, np, &total);
    rc = smpi__ra_count(rr, np);
    r = smpi__ra_root(rr, np + 1);
    st = smpi__ra_type(rr, np + 2);
    rt = smpi__ra_type(rr, np + 3);
    PMPI_Scatterv(sendbuf(smpi__ra_bytes((int)total, st)), scounts, displs, st,
                  recvbuf(smpi__ra_bytes(rc, rt)), rc, rt, r, MPI_COMM_WORLD);
    free(scounts);
    free(displs);
}

/* reducescatter: recvcounts[np] flops [datatype]. */
static void act_reducescatter(struct rank_replay *rr)
{
    int np = smpi__rt.nranks;
    double total;
    int *rcounts;
    MPI_Datatype t;

    smpi__ra_need(rr, np + 1, "recvcounts (one per rank) flops [datatype]");
    rcounts = smpi__ra_counts(rr, 0, np, &total);
    smpi__ra_num(rr, np);
    t = smpi__ra_type(rr, np + 1);
    PMPI_Reduce_scatter(sendbuf(smpi__ra_bytes((int)total, t)),
                        recvbuf(smpi__ra_bytes((int)total, t)), rcounts, t, noop, MPI_COMM_WORLD);
    free(rcounts);
    reduction_compute(rr, np);
}

/* alltoallv: sendsize sendcounts[np] recvsize recvcounts[np] [sendtype recvtype]. */
static void act_alltoallv(struct rank_replay *rr)
{
    int np = smpi__rt.nranks;
    int *scounts, *rcounts, *displs = zeros(np);
    double stotal, rtotal;
    MPI_Datatype st, rt;

    smpi__ra_need(rr, 2 * np + 2, "sendsize sendcounts (one per rank) recvsize recvcounts [types]");
    scounts = smpi__ra_counts(rr, 1, np, &stotal);
    rcounts = smpi__ra_counts(rr, 2 + np, np, &rtotal);
    smpi__ra_count(rr, 0);
    smpi__ra_count(rr, 1 + np);
    st = smpi__ra_type(rr, 2 + 2 * np);
    rt = smpi__ra_type(rr, 3 + 2 * np);
    PMPI_Alltoallv(sendbuf(smpi__ra_bytes((int)stotal, st)), scounts, displs, st,
                   recvbuf(smpi__ra_bytes((int)rtotal, rt)), rcounts, displs, rt, MPI_COMM_WORLD);
    free(scounts);
    free(rcounts);
    free(displs);
}

static void act_init(struct rank_replay *rr)
{
    /* SMPI's rule: "init" alone is a trace in bytes (TAU), "init x" in doubles (MPE) */
    rr->default_type = rr->nf > 2 ? MPI_DOUBLE : MPI_BYTE;
    rr->start = sim_now();
}

/* The names of the actions SMPI 3.32's replay knows (in its registration order). */
const char *const smpi__replay_builtins[] = {
    "init",    "finalize", "comm_size", "comm_split", "comm_dup",      "send",    "isend",
    "recv",    "irecv",    "test",      "sendRecv",   "wait",          "waitall", "barrier",
    "bcast",   "reduce",   "allreduce", "alltoall",   "alltoallv",     "gather",  "scatter",
    "gatherv", "scatterv", "allgather", "allgatherv", "reducescatter", "scan",    "exscan",
    "compute", "sleep",    "location",  "Ssend",      "ISsend",        "bsend",   "ibsend",
    "Isend",   "Irecv",    "waitAny",   NULL,
};

/* A file name of a location action, kept for the rest of the run (the rank's call location
 * points to it, as smpicc's __FILE__ strings would). */
static const char *intern(const char *name)
{
    static char **names;
    static int nnames;

    for (int i = 0; i < nnames; i++)
        if (strcmp(names[i], name) == 0)
            return names[i];
    names = sim_xrealloc(names, (size_t)(nnames + 1) * sizeof(*names));
    names[nnames] = sim_xstrdup(name);
    return names[nnames++];
}

/* location file line: the call location that smpi/comp-adjustment-file keys on. */
static void act_location(struct rank_replay *rr)
{
    smpi__ra_need(rr, 2, "file line");
    smpi_trace_set_call_location(intern(smpi__ra_arg(rr, 0)), smpi__ra_integer(rr, 1));
}

/* The MPI call of each action that SMPI's replay draws as a state (wait and test: when their
 * request is pending, act_wait_test; waitall: when one is). */
static const struct {
    const char *action;
    const char *call;
} drawn[] = {
    { "send", "MPI_Send" },
    { "isend", "MPI_Isend" },
    { "recv", "MPI_Recv" },
    { "irecv", "MPI_Irecv" },
    { "Ssend", "MPI_Ssend" },
    { "ISsend", "MPI_Issend" },
    { "bsend", "MPI_Send" },
    { "ibsend", "MPI_Isend" },
    { "Isend", "MPI_Isend" },
    { "Irecv", "MPI_Irecv" }, /* the NP2P point-to-point actions come first */
    { "sendRecv", "MPI_Sendrecv" },
    { "waitAny", "MPI_Waitany" },
    { "barrier", "MPI_Barrier" },
    { "bcast", "MPI_Bcast" },
    { "reduce", "MPI_Reduce" },
    { "allreduce", "MPI_Allreduce" },
    { "scan", "MPI_Scan" },
    { "exscan", "MPI_Exscan" },
    { "gather", "MPI_Gather" },
    { "scatter", "MPI_Scatter" },
    { "allgather", "MPI_Allgather" },
    { "alltoall", "MPI_Alltoall" },
    { "gatherv", "MPI_Gatherv" },
    { "allgatherv", "MPI_Allgatherv" },
    { "scatterv", "MPI_Scatterv" },
    { "reducescatter", "MPI_Reduce_scatter" },
    { "alltoallv", "MPI_Alltoallv" },
};

#define NP2P 10

static void run_drawn(struct rank_replay *rr);

/* Runs one action of SMPI's replay. */
static void run_action(struct rank_replay *rr)
{
    const char *name = rr->f[1];

    for (size_t i = 0; i < sizeof(drawn) / sizeof(drawn[0]); i++) {
        if (strcmp(name, drawn[i].action) != 0)
            continue;
        if (i < NP2P) { /* they trace a message with their state */
            act_p2p(rr, name, drawn[i].call);
        } else if (!strcmp(name, "sendRecv")) {
            act_sendrecv(rr);
        } else {
            action_begin(drawn[i].call);
            run_drawn(rr);
            action_end();
        }
        return;
    }
    if (!strcmp(name, "init")) {
        act_init(rr);
    } else if (!strcmp(name, "finalize") || !strcmp(name, "comm_size") ||
               !strcmp(name, "comm_split") || !strcmp(name, "comm_dup")) {
        return; /* nothing to simulate (as in SMPI's replay) */
    } else if (!strcmp(name, "location")) {
        act_location(rr);
    } else if (!strcmp(name, "wait") || !strcmp(name, "test")) {
        act_wait_test(rr, name[0] == 't');
    } else if (!strcmp(name, "waitall")) {
        if (rr->npend > 0) {
            action_begin("MPI_Waitall");
            pend_wait_all(rr);
            action_end();
        }
    } else if (!strcmp(name, "compute")) {
        smpi__ra_need(rr, 1, "flops");
        if (smpi__rt.cfg.simulate_computation)
            smpi__compute(smpi__self(), smpi__ra_num(rr, 0) / smpi__adjust_factor(smpi__self()));
    } else if (!strcmp(name, "sleep")) {
        smpi__ra_need(rr, 1, "seconds");
        smpi__app_sleep(smpi__ra_num(rr, 0) / smpi__adjust_factor(smpi__self()));
    }
}

/* Runs an action of `drawn`. */
static void run_drawn(struct rank_replay *rr)
{
    const char *name = rr->f[1];

    if (!strcmp(name, "waitAny")) {
        act_waitany(rr);
    } else if (!strcmp(name, "barrier")) {
        PMPI_Barrier(MPI_COMM_WORLD);
    } else if (!strcmp(name, "bcast") || !strcmp(name, "reduce") || !strcmp(name, "allreduce") ||
               !strcmp(name, "scan") || !strcmp(name, "exscan")) {
        act_rooted_or_reduce(rr, name);
    } else if (!strcmp(name, "gather") || !strcmp(name, "scatter") || !strcmp(name, "allgather") ||
               !strcmp(name, "alltoall")) {
        act_fixed(rr, name);
    } else if (!strcmp(name, "gatherv") || !strcmp(name, "allgatherv")) {
        act_gatherv(rr, name);
    } else if (!strcmp(name, "scatterv")) {
        act_scatterv(rr);
    } else if (!strcmp(name, "reducescatter")) {
        act_reducescatter(rr);
    } else if (!strcmp(name, "alltoallv")) {
        act_alltoallv(rr);
    }
}

static struct rank_replay **ranks; /* each rank's replay, between its init and its end */

static struct rank_replay *self_replay(const char *what)
{
    struct smpi_process *p = smpi__self();

    if (!p || !ranks || !ranks[p->rank])
        sim_die("%s called by %s, which does not replay a trace (smpirun -replay TRACE, then "
                "smpi_replay_init in each rank)",
                what, p ? "a rank" : "the simulator itself");
    return ranks[p->rank];
}

void smpi__replay_builtin(const char *name, int nfields, const char *const *fields)
{
    struct rank_replay *rr = self_replay("a replay action");
    const char *const *saved_f = rr->f;
    int saved_nf = rr->nf;
    double start = sim_now();

    if (nfields < 2)
        sim_die("%s:%d: replay action '%s' has no name", rr->in.path, rr->in.line, rr->in.text);
    rr->f = fields;
    rr->nf = nfields;
    run_action(rr);
    /* SMPI's log_timed_action: every action but init (and finalize, which does nothing) */
    if (strcmp(name, "init") != 0 && strcmp(name, "finalize") != 0 &&
        SIM_LOG_ENABLED(log_replay, SIM_LOG_VERBOSE)) {
        char *line = NULL;
        size_t len = 0;
        FILE *out = open_memstream(&line, &len);

        for (int i = 0; i < nfields && out; i++)
            fprintf(out, "%s%s", i ? " " : "", fields[i]);
        if (out)
            fclose(out);
        SIM_LOG(log_replay, SIM_LOG_VERBOSE, "%s %f", line ? line : name, sim_now() - start);
        free(line);
    }
    rr->f = saved_f;
    rr->nf = saved_nf;
}

void smpi__replay_init(const char *index, int nranks)
{
    index_path = index;
    nfiles = smpi__ti_read_index(index, &files, &file_lines);
    if (nfiles > 1 && nfiles < nranks)
        sim_die("smpi/replay: the trace index '%s' names %d trace files but %d ranks run; run "
                "with -np %d",
                index, nfiles, nranks, nfiles);
    /* every rank's file must be readable before the simulation starts */
    for (int r = 0; r < (nfiles > 1 ? nranks : 1); r++) {
        struct smpi_ti_reader probe;

        smpi__ti_reader_open(&probe, files[r], index, file_lines[r]);
        smpi__ti_reader_close(&probe);
    }
    ranks = sim_xcalloc((size_t)nranks, sizeof(*ranks));
    smpi__rt.replaying = true;
}

const char *smpi__replay_trace_of(int rank)
{
    if (!files)
        return NULL;
    return files[nfiles > 1 ? rank : 0];
}

bool smpi__replay_is_shared(void)
{
    return nfiles == 1;
}

void smpi__replay_set_shared(const char *path)
{
    if (!files)
        sim_die("xbt_replay_set_tracefile('%s') outside smpirun -replay", path);
    if (nfiles == 1 && strcmp(files[0], path) != 0) {
        struct smpi_ti_reader probe;

        smpi__ti_reader_open(&probe, path, index_path, file_lines[0]);
        smpi__ti_reader_close(&probe);
        free(files[0]);
        files[0] = sim_xstrdup(path);
    }
}

void smpi__replay_rank_init(void)
{
    struct smpi_process *p = smpi__self();
    struct rank_replay *rr;

    if (!ranks)
        sim_die("smpi_replay_init called outside smpirun -replay TRACE (no trace to replay)");
    if (ranks[p->rank])
        sim_die("smpi_replay_init called twice by rank %d", p->rank);
    if (!p->initialized)
        PMPI_Init(NULL, NULL);
    if (noop == MPI_OP_NULL)
        PMPI_Op_create(noop_fn, 1, &noop);
    rr = sim_xcalloc(1, sizeof(*rr));
    rr->default_type = MPI_BYTE;
    rr->start = sim_now();
    ranks[p->rank] = rr;
    active++;
}

void smpi__replay_rank_run(const char *trace, smpi__replay_dispatch_fn *dispatch)
{
    struct rank_replay *rr = self_replay("smpi_replay_main");
    int me = smpi__self()->rank;
    int line = file_lines[nfiles > 1 ? me : 0];

    smpi__ti_reader_open(&rr->in, trace ? trace : smpi__replay_trace_of(me), index_path, line);
    while (smpi__ti_reader_next(&rr->in, me, &rr->act)) {
        rr->f = (const char *const *)rr->act.fields;
        rr->nf = rr->act.nfields;
        dispatch(rr->f[1], rr->nf, rr->f, rr->in.path, rr->in.line, rr->in.text);
    }
    if (rr->npend > 0) { /* SMPI waits for them through the kernel: others at this date run first */
        if (smpi__trace_on) /* and draws no state */
            smpi__trace_action_in(smpi__self(), NULL, NULL);
        pend_wait_all(rr);
        if (smpi__trace_on)
            smpi__trace_action_out(smpi__self());
        sim_actor_yield();
    }
    /* The last rank speaks, as in SMPI (before MPI_Finalize's smpi/finalization-barrier, which
     * SMPI's replay runs before: that barrier adds at most its own latency to the last rank). */
    if (--active == 0) {
        elapsed = sim_now() - rr->start;
        SIM_LOG(log_replay, SIM_LOG_INFO, "Simulation time %f", elapsed);
    }
    PMPI_Finalize();
    smpi__ti_reader_close(&rr->in);
    smpi__ti_action_free(&rr->act);
    free(rr->pend);
    free(rr);
    ranks[me] = NULL;
}

void smpi__replay_report(void)
{
    for (int i = 0; i < nold; i++)
        smpi_shared_free(old[i]);
    for (int i = 0; i < 2; i++)
        if (bufs[i].mem)
            smpi_shared_free(bufs[i].mem);
    for (int i = 0; i < nfiles; i++)
        free(files[i]);
    free(files);
    free(file_lines);
    free(old);
    free(ranks);
    ranks = NULL;
    files = NULL;
}
