/* bindings_rma: the one-sided operations and their request-based forms (MPI-3.1 section 11.3)
 * and the synchronisation calls (section 11.5). Each binding checks its arguments (errors go
 * through the window's error handler), then drives rma.c and rma_sync.c. The calls on window
 * objects are in bindings_win.c, window attributes in attr.c, their error handlers in
 * errhandler.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <string.h>

#include "smpi/analyze/analyze.h"
#include "smpi/bindings/check.h"
#include "smpi/mpi/datatype.h"
#include "smpi/mpi/op.h"
#include "smpi/mpi/win.h"

/* ---- checks --------------------------------------------------------------------------------- */

/* An accumulate's op: predefined, defined on the target's basic type, and that basic type
 * the origin's too (MPI-3.1 section 11.3.4), when there is data to accumulate. */
static int check_acc(const char *call, MPI_Win win, const struct rma_args *a, bool origin)
{
    MPI_Op op = a->op;
    MPI_Datatype otype = a->otype;
    MPI_Datatype ttype = a->ttype;
    bool empty =
        (size_t)a->tcount * ttype->size == 0 || (origin && (size_t)a->ocount * otype->size == 0);

    if (op == MPI_OP_NULL)
        return smpi__win_error(win, call, MPI_ERR_OP, "op is MPI_OP_NULL");
    if (!op->predefined)
        return smpi__win_error(win, call, MPI_ERR_OP,
                               "%s is a user-defined op; one-sided accumulates take only "
                               "predefined ops",
                               op->name);
    /* no data (a zero count or a zero-size type): no basic types to match (upstream rma/badrma) */
    if (op == MPI_REPLACE || op == MPI_NO_OP || empty)
        return MPI_SUCCESS;
    if (ttype->kind == SMPI_KIND_NONE)
        return smpi__win_error(win, call, MPI_ERR_TYPE,
                               "target_datatype %s is not built from one predefined type",
                               ttype->name);
    if (origin && otype->kind != ttype->kind)
        return smpi__win_error(win, call, MPI_ERR_TYPE,
                               "origin_datatype %s and target_datatype %s are built from "
                               "different predefined types",
                               otype->name, ttype->name);
    if (smpi_op_apply(op, NULL, NULL, 0, smpi__kind_type(ttype->kind)) != MPI_SUCCESS)
        return smpi__win_error(win, call, MPI_ERR_OP, "op %s is not defined for datatype %s",
                               op->name, ttype->name);
    return MPI_SUCCESS;
}

/* The origin and target arguments every operation has. */
static int check_op_args(const char *call, MPI_Win win, const struct rma_args *a, bool origin)
{
    if (origin)
        SMPI_CHECK_WIN_DATA(call, win, "origin", a->oaddr, a->ocount, a->otype, true);
    SMPI_CHECK(smpi__win_check_rank(call, win, a->target, "target_rank"));
    SMPI_CHECK_WIN_DATA(call, win, "target", NULL, a->tcount, a->ttype, false);
    if (win->flavor != MPI_WIN_FLAVOR_DYNAMIC && a->disp < 0)
        return smpi__win_error(win, call, MPI_ERR_RMA_RANGE,
                               "target_disp %ld is negative (rank %d of %s)", (long)a->disp,
                               a->target, smpi__win_name(win));
    return MPI_SUCCESS;
}

/* Epoch and range: the checks rma.c makes on the window's state. */
static int check_access(const char *call, MPI_Win win, const struct rma_args *a)
{
    char msg[512];
    int rc = smpi__rma_check(win, a, msg, sizeof(msg));

    if (rc != MPI_SUCCESS)
        return smpi__win_error(win, call, rc, "%s", msg);
    return MPI_SUCCESS;
}

static int report(MPI_Win win, const char *call, int rc, const char *msg)
{
    if (rc == MPI_SUCCESS)
        return rc;
    return smpi__win_error(win, call, rc, "%s", msg);
}

/* A request already complete, for the R* forms whose target is MPI_PROC_NULL. */
static MPI_Request done_request(MPI_Win win)
{
    MPI_Request r = smpi__req_new(0, NULL, 0, MPI_BYTE, MPI_PROC_NULL, 0, win->comm);

    r->flags |= SMPI_REQ_ACTIVE | SMPI_REQ_DONE | SMPI_REQ_RMA;
    smpi__status_empty(&r->status);
    return r;
}

/* ---- operations ---------------------------------------------------------------------------- */

enum rma_call { CALL_PUT, CALL_GET, CALL_ACC, CALL_GACC };

/* The arguments of an operation, in the order of MPI_Get_accumulate's parameters (which has
 * them all); the others pass NULL, 0 and MPI_DATATYPE_NULL for the result, MPI_OP_NULL for
 * the op. */
static struct rma_args op_args(const void *oaddr, int ocount, MPI_Datatype otype, void *raddr,
                               int rcount, MPI_Datatype rtype, int target, MPI_Aint disp,
                               int tcount, MPI_Datatype ttype, MPI_Op op)
{
    return (struct rma_args){ .oaddr = oaddr,
                              .ocount = ocount,
                              .otype = otype,
                              .raddr = raddr,
                              .rcount = rcount,
                              .rtype = rtype,
                              .target = target,
                              .disp = disp,
                              .tcount = tcount,
                              .ttype = ttype,
                              .op = op };
}

/* One operation: checks, then the engine; a MPI_PROC_NULL target does nothing (its request
 * is complete at once). The request-based forms (rform) give their request in *req, which must
 * not be NULL; the others pass NULL. */
static int rma_call(const char *call, enum rma_call kind, MPI_Win win, struct rma_args a,
                    bool rform, MPI_Request *req)
{
    bool origin = kind != CALL_GACC || a.op != MPI_NO_OP;
    int rc;

    SMPI_CHECK_INIT(call);
    SMPI_CHECK_WIN(call, win);
    if (rform && !req)
        return smpi__win_error(win, call, MPI_ERR_ARG, "request is NULL");
    SMPI_CHECK(check_op_args(call, win, &a, origin));
    if (kind == CALL_GACC)
        SMPI_CHECK_WIN_DATA(call, win, "result", a.raddr, a.rcount, a.rtype, true);
    if (kind == CALL_ACC || kind == CALL_GACC)
        SMPI_CHECK(check_acc(call, win, &a, origin));
    if (a.target == MPI_PROC_NULL) {
        if (req) {
            *req = done_request(win);
            (*req)->call = call;
            smpi__request_new(*req);
        }
        return MPI_SUCCESS;
    }
    SMPI_CHECK(check_access(call, win, &a));
    smpi__enter(call);
    smpi__self()->call_peer = a.target;
    switch (kind) {
    case CALL_PUT:
        rc = smpi__rma_put(win, &a, req);
        break;
    case CALL_GET:
        rc = smpi__rma_get(win, &a, req);
        break;
    case CALL_ACC:
        rc = smpi__rma_accumulate(win, &a, req);
        break;
    default:
        rc = smpi__rma_get_accumulate(win, &a, req);
        break;
    }
    if (req && rc == MPI_SUCCESS)
        smpi__request_new(*req);
    smpi__leave();
    return report(win, call, rc, "the operation failed");
}

/* An operation `name` and its request-based form `rname` (MPI-3.1 section 11.3.5), whose
 * parameters are those of `name` (given after ARGS, the window left out) then the request; ARGS
 * packs them with op_args. */
#define RMA_OP(name, rname, kind, ARGS, ...)                                                       \
    int P##name(__VA_ARGS__, MPI_Win win)                                                          \
    {                                                                                              \
        return rma_call(#name, kind, win, ARGS, false, NULL);                                      \
    }                                                                                              \
    SMPI_WEAK(name)                                                                                \
    int P##rname(__VA_ARGS__, MPI_Win win, MPI_Request *request)                                   \
    {                                                                                              \
        return rma_call(#rname, kind, win, ARGS, true, request);                                   \
    }                                                                                              \
    SMPI_WEAK(rname)

RMA_OP(MPI_Put, MPI_Rput, CALL_PUT,
       op_args(origin_addr, origin_count, origin_datatype, NULL, 0, MPI_DATATYPE_NULL, target_rank,
               target_disp, target_count, target_datatype, MPI_OP_NULL),
       const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
       MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype)
RMA_OP(MPI_Get, MPI_Rget, CALL_GET,
       op_args(origin_addr, origin_count, origin_datatype, NULL, 0, MPI_DATATYPE_NULL, target_rank,
               target_disp, target_count, target_datatype, MPI_OP_NULL),
       void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
       MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype)
RMA_OP(MPI_Accumulate, MPI_Raccumulate, CALL_ACC,
       op_args(origin_addr, origin_count, origin_datatype, NULL, 0, MPI_DATATYPE_NULL, target_rank,
               target_disp, target_count, target_datatype, op),
       const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
       MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op)
RMA_OP(MPI_Get_accumulate, MPI_Rget_accumulate, CALL_GACC,
       op_args(origin_addr, origin_count, origin_datatype, result_addr, result_count,
               result_datatype, target_rank, target_disp, target_count, target_datatype, op),
       const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, void *result_addr,
       int result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp,
       int target_count, MPI_Datatype target_datatype, MPI_Op op)

int PMPI_Fetch_and_op(const void *origin_addr, void *result_addr, MPI_Datatype datatype,
                      int target_rank, MPI_Aint target_disp, MPI_Op op, MPI_Win win)
{
    return rma_call("MPI_Fetch_and_op", CALL_GACC, win,
                    op_args(origin_addr, 1, datatype, result_addr, 1, datatype, target_rank,
                            target_disp, 1, datatype, op),
                    false, NULL);
}
#pragma weak MPI_Fetch_and_op = PMPI_Fetch_and_op

int PMPI_Compare_and_swap(const void *origin_addr, const void *compare_addr, void *result_addr,
                          MPI_Datatype datatype, int target_rank, MPI_Aint target_disp, MPI_Win win)
{
    const char *call = "MPI_Compare_and_swap";
    struct rma_args a = { .oaddr = origin_addr,
                          .ocount = 1,
                          .otype = datatype,
                          .raddr = result_addr,
                          .caddr = (void *)compare_addr,
                          .target = target_rank,
                          .disp = target_disp,
                          .tcount = 1,
                          .ttype = datatype };
    int rc;

    SMPI_CHECK_INIT(call);
    SMPI_CHECK_WIN(call, win);
    SMPI_CHECK(check_op_args(call, win, &a, true));
    if (!(datatype->flags & SMPI_TYPE_PREDEFINED) ||
        !(datatype->opclass & (SMPI_CLASS_C_INTEGER | SMPI_CLASS_F_INTEGER | SMPI_CLASS_LOGICAL |
                               SMPI_CLASS_BYTE | SMPI_CLASS_MULTILANG)))
        return smpi__win_error(win, call, MPI_ERR_TYPE,
                               "datatype %s is not a predefined integer, logical or byte type",
                               datatype->name);
    if (!compare_addr || !result_addr)
        return smpi__win_error(win, call, MPI_ERR_BUFFER, "compare_addr or result_addr is NULL");
    if (target_rank == MPI_PROC_NULL)
        return MPI_SUCCESS;
    SMPI_CHECK(check_access(call, win, &a));
    smpi__enter(call);
    smpi__self()->call_peer = target_rank;
    rc = smpi__rma_compare_and_swap(win, &a);
    smpi__leave();
    return report(win, call, rc, "the operation failed");
}
#pragma weak MPI_Compare_and_swap = PMPI_Compare_and_swap

/* ---- synchronisation ----------------------------------------------------------------------- */

static int check_sync(const char *call, MPI_Win win)
{
    SMPI_CHECK_INIT(call);
    return smpi__check_win(call, win);
}

enum sync_kind {
    SYNC_FENCE,
    SYNC_POST,
    SYNC_START,
    SYNC_COMPLETE,
    SYNC_WAIT,
    SYNC_TEST,
    SYNC_LOCK,
    SYNC_UNLOCK,
    SYNC_LOCK_ALL,
    SYNC_UNLOCK_ALL,
    SYNC_FLUSH,
    SYNC_FLUSH_LOCAL,
    SYNC_FLUSH_ALL,
    SYNC_FLUSH_LOCAL_ALL,
};

/* The arguments of a synchronisation call beyond its window; each kind reads its own. */
struct sync_args {
    int assert;
    MPI_Group group; /* post, start */
    int *flag;       /* test */
    int lock_type;   /* lock */
    int rank;        /* lock, unlock, flush, flush_local */
};

/* The checks of a kind's own arguments, after the window's. */
static int check_sync_args(const char *call, MPI_Win win, enum sync_kind k,
                           const struct sync_args *s)
{
    if ((k == SYNC_POST || k == SYNC_START) && s->group == MPI_GROUP_NULL)
        return smpi__win_error(win, call, MPI_ERR_GROUP, "group is MPI_GROUP_NULL");
    if (k == SYNC_TEST && !s->flag)
        return smpi__win_error(win, call, MPI_ERR_ARG, "flag is NULL");
    if (k == SYNC_LOCK && s->lock_type != MPI_LOCK_SHARED && s->lock_type != MPI_LOCK_EXCLUSIVE)
        return smpi__win_error(win, call, MPI_ERR_LOCKTYPE,
                               "lock_type %d is neither MPI_LOCK_SHARED nor MPI_LOCK_EXCLUSIVE",
                               s->lock_type);
    return MPI_SUCCESS;
}

/* rma_sync.c's function for each kind; fills msg on failure. */
static int sync_engine(MPI_Win win, enum sync_kind k, const struct sync_args *s, char *msg,
                       size_t len)
{
    switch (k) {
    case SYNC_FENCE:
        return smpi__rma_fence(win, s->assert, msg, len);
    case SYNC_POST:
        return smpi__rma_post(win, s->group, msg, len);
    case SYNC_START:
        return smpi__rma_start(win, s->group, msg, len);
    case SYNC_COMPLETE:
        return smpi__rma_complete(win, msg, len);
    case SYNC_WAIT:
        return smpi__rma_wait(win, false, NULL, msg, len);
    case SYNC_TEST:
        return smpi__rma_wait(win, true, s->flag, msg, len);
    case SYNC_LOCK:
        return smpi__rma_lock(win, s->lock_type, s->rank, s->assert, msg, len);
    case SYNC_UNLOCK:
        return smpi__rma_unlock(win, s->rank, msg, len);
    case SYNC_LOCK_ALL:
        return smpi__rma_lock_all(win, s->assert, msg, len);
    case SYNC_UNLOCK_ALL:
        return smpi__rma_unlock_all(win, msg, len);
    case SYNC_FLUSH:
    case SYNC_FLUSH_LOCAL:
        return smpi__rma_flush(win, s->rank, k == SYNC_FLUSH_LOCAL, msg, len);
    default:
        return smpi__rma_flush(win, -1, k == SYNC_FLUSH_LOCAL_ALL, msg, len);
    }
}

/* A whole synchronisation call: the window, the kind's own arguments, the target rank of the
 * kinds that have one (MPI_PROC_NULL: nothing to do), then enter, rma_sync.c, leave, report a
 * failure with rma_sync.c's message. */
static int sync_call(const char *call, MPI_Win win, enum sync_kind k, struct sync_args s)
{
    bool targeted = k == SYNC_LOCK || k == SYNC_UNLOCK || k == SYNC_FLUSH || k == SYNC_FLUSH_LOCAL;
    char msg[512] = "";
    int rc;

    SMPI_CHECK(check_sync(call, win));
    SMPI_CHECK(check_sync_args(call, win, k, &s));
    if (targeted && s.rank == MPI_PROC_NULL)
        return MPI_SUCCESS;
    if (targeted)
        SMPI_CHECK(smpi__check_win_target(call, win, s.rank, "rank"));
    smpi__enter(call);
    rc = sync_engine(win, k, &s, msg, sizeof(msg));
    smpi__leave();
    return report(win, call, rc, msg);
}

/* A synchronisation call: its parameters (PARAMS) and the sync_args made of them (the
 * designated initialisers after PARAMS). */
#define SYNC(name, kind, PARAMS, ...)                                                              \
    int P##name PARAMS                                                                             \
    {                                                                                              \
        return sync_call(#name, win, kind, (struct sync_args){ __VA_ARGS__ });                     \
    }                                                                                              \
    SMPI_WEAK(name)

SYNC(MPI_Win_fence, SYNC_FENCE, (int assert, MPI_Win win), .assert = assert)
SYNC(MPI_Win_post, SYNC_POST, (MPI_Group group, int assert, MPI_Win win), .group = group,
     .assert = assert)
SYNC(MPI_Win_start, SYNC_START, (MPI_Group group, int assert, MPI_Win win), .group = group,
     .assert = assert)
SYNC(MPI_Win_complete, SYNC_COMPLETE, (MPI_Win win), 0)
SYNC(MPI_Win_wait, SYNC_WAIT, (MPI_Win win), 0)
SYNC(MPI_Win_test, SYNC_TEST, (MPI_Win win, int *flag), .flag = flag)
SYNC(MPI_Win_lock, SYNC_LOCK, (int lock_type, int rank, int assert, MPI_Win win),
     .lock_type = lock_type, .rank = rank, .assert = assert)
SYNC(MPI_Win_unlock, SYNC_UNLOCK, (int rank, MPI_Win win), .rank = rank)
SYNC(MPI_Win_lock_all, SYNC_LOCK_ALL, (int assert, MPI_Win win), .assert = assert)
SYNC(MPI_Win_unlock_all, SYNC_UNLOCK_ALL, (MPI_Win win), 0)
SYNC(MPI_Win_flush, SYNC_FLUSH, (int rank, MPI_Win win), .rank = rank)
SYNC(MPI_Win_flush_local, SYNC_FLUSH_LOCAL, (int rank, MPI_Win win), .rank = rank)
SYNC(MPI_Win_flush_all, SYNC_FLUSH_ALL, (MPI_Win win), 0)
SYNC(MPI_Win_flush_local_all, SYNC_FLUSH_LOCAL_ALL, (MPI_Win win), 0)

/* The public and private copies of a window are one memory here (MPI_WIN_UNIFIED): nothing to
 * synchronise. */
int PMPI_Win_sync(MPI_Win win)
{
    return check_sync("MPI_Win_sync", win);
}
#pragma weak MPI_Win_sync = PMPI_Win_sync
