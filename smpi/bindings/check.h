/* check: the argument checks that open every MPI_* binding, and the report of a request's
 * failure through its communicator's error handler. Private to smpi/. */
#ifndef SMPI_CHECK_H
#define SMPI_CHECK_H

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>

#include <mpi.h>

#include "smpi/analyze/analyze.h"
#include "smpi/internal.h"
#include "smpi/mpi/datatype.h"
#include "smpi/mpi/file.h"
#include "smpi/mpi/topo.h"
#include "smpi/mpi/win.h"

/* Value of the MPI_TAG_UB attribute: every non-negative int is a valid tag. */
#define SMPI_TAG_UB INT_MAX

/* Nothing is ever mapped below this address (Linux's vm.mmap_min_addr is 64 KiB by default):
 * data that a NULL buffer and its datatype place there is an error, not MPI_BOTTOM. */
#define SMPI_LOWEST_ADDRESS 65536

/* How to use the checks. A binding runs them first, before smpi__enter, in the order
 * init, comm, count, datatype, buffer, rank, tag, then the remaining pointer arguments:
 *
 *     SMPI_CHECK_INIT("MPI_Send");
 *     SMPI_CHECK_COMM("MPI_Send", comm);
 *     SMPI_CHECK_COUNT("MPI_Send", comm, count);
 *     ...
 *     smpi__enter("MPI_Send");
 *
 * Each SMPI_CHECK_* macro returns from the calling function with the error code given back
 * by smpi__error when its argument is invalid (the communicator's handler has run by then).
 * They are the only macros allowed to hide a `return` (STYLE.md section 5). Because they run
 * before smpi__enter, no exit path skips smpi__leave; a binding that must check something
 * after smpi__enter calls the smpi__check_* function instead and keeps one exit.
 *
 * The macros name the parameter in the message by stringifying it: pass the binding's own
 * parameter (`count`, `dest`, `recvtag`), never an expression. */

/* The weak alias MPI_X of the binding PMPI_X that precedes it in the file (the profiling
 * interface, MPI-3.1 section 14.2): `#pragma weak` for the bindings a macro writes. */
#define SMPI_WEAK(mpi_name) _Pragma(SMPI_PRAGMA_TEXT(weak mpi_name = P##mpi_name))
#define SMPI_PRAGMA_TEXT(x) #x

#define SMPI_CHECK(expr)                                                                           \
    do {                                                                                           \
        int smpi_check_rc_ = (expr);                                                               \
        if (smpi_check_rc_ != MPI_SUCCESS)                                                         \
            return smpi_check_rc_;                                                                 \
    } while (0)

/* The caller is a rank between MPI_Init and MPI_Finalize (dies outside any rank). */
#define SMPI_CHECK_INIT(call) SMPI_CHECK(smpi__check_init(call))
/* comm is a live communicator; errors go to MPI_COMM_WORLD's handler. */
#define SMPI_CHECK_COMM(call, comm) SMPI_CHECK(smpi__check_comm(call, comm))
/* count >= 0 (MPI_ERR_COUNT). */
#define SMPI_CHECK_COUNT(call, comm, count) SMPI_CHECK(smpi__check_count(call, comm, count, #count))
/* type is a committed datatype (MPI_ERR_TYPE). */
#define SMPI_CHECK_TYPE(call, comm, type) SMPI_CHECK(smpi__check_type(call, comm, type, #type))
/* buf may be NULL only for an empty message or a derived datatype with absolute addresses
 * (MPI_BOTTOM: its first byte lies at or above SMPI_LOWEST_ADDRESS); MPI_IN_PLACE is refused,
 * so a collective checks its send buffer only when it is not MPI_IN_PLACE (MPI_ERR_BUFFER, as
 * SMPI's CHECK_BUFFER). Run after SMPI_CHECK_COUNT and SMPI_CHECK_TYPE. */
#define SMPI_CHECK_BUF(call, comm, buf, count, type)                                               \
    SMPI_CHECK(smpi__check_buf(call, comm, buf, count, type, #buf))
/* rank is a rank of comm or MPI_PROC_NULL; MPI_ANY_SOURCE too when allow_any (MPI_ERR_RANK). */
#define SMPI_CHECK_RANK(call, comm, rank, allow_any)                                               \
    SMPI_CHECK(smpi__check_rank(call, comm, rank, allow_any, #rank))
/* root is a rank of comm (MPI_ERR_ROOT). */
#define SMPI_CHECK_ROOT(call, comm, root) SMPI_CHECK(smpi__check_root(call, comm, root))
/* 0 <= tag <= SMPI_TAG_UB; MPI_ANY_TAG too when allow_any (MPI_ERR_TAG). */
#define SMPI_CHECK_TAG(call, comm, tag, allow_any)                                                 \
    SMPI_CHECK(smpi__check_tag(call, comm, tag, allow_any, #tag))
/* comm is an intracommunicator: the creation calls that are not provided on
 * intercommunicators (MPI_ERR_COMM). */
#define SMPI_CHECK_INTRA(call, comm) SMPI_CHECK(smpi__check_intra(call, comm))
/* An output or input pointer that must not be NULL (MPI_ERR_ARG). */
#define SMPI_CHECK_ARG(call, comm, ptr) SMPI_CHECK(smpi__check_arg(call, comm, ptr, #ptr))
/* The opening checks of a call that builds a communicator from comm: MPI is initialised, comm
 * is a live intracommunicator and the pointer to the new communicator is given. */
#define SMPI_CHECK_NEW_COMM(call, comm, newcomm)                                                   \
    SMPI_CHECK(smpi__check_new_comm(call, comm, newcomm, #newcomm))
/* type is a datatype handle, committed or not (MPI_ERR_TYPE): the calls that inspect or build
 * datatypes; errors go to MPI_COMM_WORLD's handler. */
#define SMPI_CHECK_TYPE_HANDLE(call, type) SMPI_CHECK(smpi__check_type_handle(call, type, #type))
/* op is not MPI_OP_NULL (MPI_ERR_OP). */
#define SMPI_CHECK_OP(call, comm, op) SMPI_CHECK(smpi__check_op(call, comm, op))
/* A group or info handle that is not the null one (MPI_ERR_GROUP, MPI_ERR_INFO). */
#define SMPI_CHECK_GROUP(call, group) SMPI_CHECK(smpi__check_group(call, group, #group))
#define SMPI_CHECK_INFO(call, info) SMPI_CHECK(smpi__check_info(call, info, #info))
/* An array of n requests: n >= 0 (MPI_ERR_COUNT) and the array given when n > 0 (MPI_ERR_ARG). */
#define SMPI_CHECK_REQUESTS(call, n, reqs)                                                         \
    SMPI_CHECK(smpi__check_requests(call, n, reqs, #n, #reqs))

/* win is a window the calling rank holds (MPI_ERR_WIN through MPI_COMM_WORLD's handler: there
 * is no window to report through). */
#define SMPI_CHECK_WIN(call, win) SMPI_CHECK(smpi__check_win(call, win))
/* fh is a file the calling rank has open (MPI_ERR_FILE through the handler of MPI_FILE_NULL, as
 * MPI-3.1 section 13.7 says for an invalid file handle). */
#define SMPI_CHECK_FILE(call, fh) SMPI_CHECK(smpi__check_file(call, fh))
/* The data of one side of an RMA call (side "origin", "result" or "target": MPI's parameters
 * <side>_count, <side>_datatype and, with has_buf, <side>_addr), and the target rank of the
 * synchronisation calls (0..size-1, no MPI_PROC_NULL: the caller has handled it), reported
 * through win's error handler (MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_RANK). A
 * NULL buffer is refused only with a predefined datatype. Run after SMPI_CHECK_WIN. */
#define SMPI_CHECK_WIN_DATA(call, win, side, buf, count, type, has_buf)                            \
    SMPI_CHECK(smpi__check_win_data(call, win, side, buf, count, type, has_buf))
#define SMPI_CHECK_WIN_TARGET(call, win, rank)                                                     \
    SMPI_CHECK(smpi__check_win_target(call, win, rank, #rank))
/* A data access of count elements of type on fh: count >= 0 (MPI_ERR_COUNT), type not null
 * (MPI_ERR_TYPE), the access mode allows it (MPI_ERR_READ_ONLY, MPI_ERR_ACCESS) and, on a file
 * opened MPI_MODE_SEQUENTIAL, it goes through the shared pointer (MPI_ERR_UNSUPPORTED_OPERATION);
 * reported through fh's handler. Run after SMPI_CHECK_FILE. */
#define SMPI_CHECK_FILE_ACCESS(call, fh, count, type, write, shared_ptr)                           \
    SMPI_CHECK(smpi__check_file_access(call, fh, count, type, write, shared_ptr))
/* comm carries a topology of `kind` (MPI_CART, MPI_GRAPH, MPI_DIST_GRAPH; 0: any), stored in *t
 * (MPI_ERR_TOPOLOGY through comm's handler). Run after SMPI_CHECK_COMM. */
#define SMPI_CHECK_TOPO(call, comm, kind, t) SMPI_CHECK(smpi__check_topo(call, comm, kind, t))

/* ---- the checks as functions: each returns MPI_SUCCESS or the code smpi__error gives back */

static inline int smpi__check_init(const char *call)
{
    struct smpi_process *p = smpi__self();

    if (!p)
        sim_die("%s called outside of a simulated rank: run the program with smpirun", call);
    if (!p->initialized && p->sessions == 0) /* an MPI-4 session also makes MPI usable */
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_OTHER,
                           "MPI is not initialized; call MPI_Init first");
    if (p->finalized && p->sessions == 0)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_OTHER,
                           "MPI is already finalized; no MPI call is allowed after MPI_Finalize");
    return MPI_SUCCESS;
}

/* A handle its module keeps a list of (communicators, windows, sessions): the null handle
 * (null_msg) and one the module does not hold (gone_msg) are error class err, reported through
 * MPI_COMM_WORLD's handler. */
static inline int smpi__check_live(const char *call, int err, bool is_null, bool is_live,
                                   const char *null_msg, const char *gone_msg)
{
    if (is_null)
        return smpi__error(MPI_COMM_WORLD, call, err, "%s", null_msg);
    if (!is_live)
        return smpi__error(MPI_COMM_WORLD, call, err, "%s", gone_msg);
    return MPI_SUCCESS;
}

static inline int smpi__check_comm(const char *call, MPI_Comm comm)
{
    return smpi__check_live(call, MPI_ERR_COMM, comm == MPI_COMM_NULL, smpi__comm_is_valid(comm),
                            "comm is MPI_COMM_NULL",
                            "comm is not a valid communicator (already freed?)");
}

static inline int smpi__check_count(const char *call, MPI_Comm comm, int count, const char *name)
{
    if (count < 0)
        return smpi__error(comm, call, MPI_ERR_COUNT, "%s %d is negative", name, count);
    return MPI_SUCCESS;
}

/* Why type cannot describe data (NULL when it can): the message after the parameter's name. */
static inline const char *smpi__type_fault(MPI_Datatype type)
{
    if (type == MPI_DATATYPE_NULL)
        return "is MPI_DATATYPE_NULL";
    if (type->flags & SMPI_TYPE_FREED)
        return "is a datatype that MPI_Type_free has freed";
    if (!(type->flags & SMPI_TYPE_COMMITTED))
        return "is not committed; call MPI_Type_commit on it first";
    return NULL;
}

static inline int smpi__check_type(const char *call, MPI_Comm comm, MPI_Datatype type,
                                   const char *name)
{
    const char *why = smpi__type_fault(type);

    if (why)
        return smpi__error(comm, call, MPI_ERR_TYPE, "%s %s", name, why);
    return MPI_SUCCESS;
}

static inline int smpi__check_type_handle(const char *call, MPI_Datatype type, const char *name)
{
    if (type == MPI_DATATYPE_NULL)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_TYPE, "%s is MPI_DATATYPE_NULL", name);
    if (type->flags & SMPI_TYPE_FREED)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_TYPE,
                           "%s is a datatype that MPI_Type_free has freed", name);
    return MPI_SUCCESS;
}

static inline int smpi__check_op(const char *call, MPI_Comm comm, MPI_Op op)
{
    if (op == MPI_OP_NULL)
        return smpi__error(comm, call, MPI_ERR_OP, "op is MPI_OP_NULL");
    return MPI_SUCCESS;
}

static inline int smpi__check_win(const char *call, MPI_Win win)
{
    return smpi__check_live(call, MPI_ERR_WIN, win == MPI_WIN_NULL, smpi__win_is_valid(win),
                            "win is MPI_WIN_NULL",
                            "win is not a valid window of the calling rank (already freed?)");
}

static inline int smpi__check_file(const char *call, MPI_File fh)
{
    if (fh == MPI_FILE_NULL || !smpi__file_is_valid(fh))
        return smpi__file_error(MPI_FILE_NULL, call, MPI_ERR_FILE,
                                "fh is MPI_FILE_NULL or not an open file (already closed?)");
    return MPI_SUCCESS;
}

static inline int smpi__check_win_data(const char *call, MPI_Win win, const char *side,
                                       const void *buf, int count, MPI_Datatype type, bool has_buf)
{
    const char *why;
    char name[32];
    char msg[512];

    if (count < 0)
        return smpi__win_error(win, call, MPI_ERR_COUNT, "%s_count %d is negative", side, count);
    why = smpi__type_fault(type);
    if (why)
        return smpi__win_error(win, call, MPI_ERR_TYPE, "%s_datatype %s", side, why);
    if (!has_buf)
        return MPI_SUCCESS;
    if (buf == MPI_IN_PLACE)
        return smpi__win_error(win, call, MPI_ERR_BUFFER, "%s_addr is MPI_IN_PLACE", side);
    if (buf == NULL && count > 0 && (type->flags & SMPI_TYPE_PREDEFINED) && type->size > 0)
        return smpi__win_error(win, call, MPI_ERR_BUFFER, "%s_addr is NULL with count %d of %s",
                               side, count, type->name);
    snprintf(name, sizeof(name), "%s_addr", side);
    if (smpi__analyze.memory && smpi__alloc_overflow(buf, count, type, name, msg, sizeof(msg)))
        return smpi__win_error(win, call, MPI_ERR_BUFFER, "%s", msg);
    return MPI_SUCCESS;
}

static inline int smpi__check_win_target(const char *call, MPI_Win win, int rank, const char *name)
{
    if (rank >= 0 && rank < win->n)
        return MPI_SUCCESS;
    return smpi__win_error(win, call, MPI_ERR_RANK,
                           "%s %d is out of range for %s of %d ranks (valid: 0..%d)", name, rank,
                           smpi__win_name(win), win->n, win->n - 1);
}

static inline int smpi__check_file_access(const char *call, MPI_File fh, int count,
                                          MPI_Datatype type, bool write, bool shared_ptr)
{
    if (count < 0)
        return smpi__file_error(fh, call, MPI_ERR_COUNT, "count %d is negative", count);
    if (type == MPI_DATATYPE_NULL)
        return smpi__file_error(fh, call, MPI_ERR_TYPE, "datatype is MPI_DATATYPE_NULL");
    if (write && (fh->amode & MPI_MODE_RDONLY))
        return smpi__file_error(fh, call, MPI_ERR_READ_ONLY, "%s was opened MPI_MODE_RDONLY",
                                fh->name);
    if (!write && (fh->amode & MPI_MODE_WRONLY))
        return smpi__file_error(fh, call, MPI_ERR_ACCESS, "%s was opened MPI_MODE_WRONLY",
                                fh->name);
    if ((fh->amode & MPI_MODE_SEQUENTIAL) && !shared_ptr)
        return smpi__file_error(fh, call, MPI_ERR_UNSUPPORTED_OPERATION,
                                "%s was opened MPI_MODE_SEQUENTIAL: use the shared pointer",
                                fh->name);
    return MPI_SUCCESS;
}

static inline int smpi__check_topo(const char *call, MPI_Comm comm, int kind, struct smpi_topo **t)
{
    static const char *const names[] = {
        [MPI_GRAPH] = "graph", [MPI_CART] = "Cartesian", [MPI_DIST_GRAPH] = "distributed graph"
    };

    if (!comm->topo || (kind && comm->topo->kind != kind))
        return smpi__error(comm, call, MPI_ERR_TOPOLOGY, "the communicator has no %s topology",
                           kind ? names[kind] : "");
    *t = comm->topo;
    return MPI_SUCCESS;
}

static inline int smpi__check_group(const char *call, MPI_Group group, const char *name)
{
    if (group == MPI_GROUP_NULL)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_GROUP, "%s is MPI_GROUP_NULL", name);
    if (group->magic != SMPI_GROUP_MAGIC)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_GROUP,
                           "%s is not a group (a freed group or a handle of another kind)", name);
    return MPI_SUCCESS;
}

static inline int smpi__check_info(const char *call, MPI_Info info, const char *name)
{
    if (info == MPI_INFO_NULL)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_INFO, "%s is MPI_INFO_NULL", name);
    return MPI_SUCCESS;
}

static inline int smpi__check_buf(const char *call, MPI_Comm comm, const void *buf, int count,
                                  MPI_Datatype type, const char *name)
{
    if (buf == MPI_IN_PLACE)
        return smpi__error(comm, call, MPI_ERR_BUFFER,
                           "%s is MPI_IN_PLACE, which only collective calls accept", name);
    if (buf == NULL && count > 0 && type->size > 0 && type->true_lb < SMPI_LOWEST_ADDRESS)
        return smpi__error(comm, call, MPI_ERR_BUFFER, "%s is NULL with count %d of %s", name,
                           count, type->name);
    if (smpi__analyze.memory)
        return smpi__check_buf_room(call, comm, buf, count, type, name);
    return MPI_SUCCESS;
}

static inline int smpi__check_intra(const char *call, MPI_Comm comm)
{
    if (comm->remote_group)
        return smpi__error(comm, call, MPI_ERR_COMM,
                           "%s on an intercommunicator is not provided by simmpi; merge it with "
                           "MPI_Intercomm_merge first",
                           call);
    return MPI_SUCCESS;
}

static inline int smpi__check_rank(const char *call, MPI_Comm comm, int rank, bool allow_any,
                                   const char *name)
{
    int size = smpi__comm_peer_size(comm); /* the remote group of an intercommunicator */

    if ((rank >= 0 && rank < size) || rank == MPI_PROC_NULL)
        return MPI_SUCCESS;
    if (rank == MPI_ANY_SOURCE && allow_any)
        return MPI_SUCCESS;
    if (rank == MPI_ANY_SOURCE)
        return smpi__error(comm, call, MPI_ERR_RANK,
                           "%s is MPI_ANY_SOURCE, which only receives and probes accept", name);
    return smpi__error(comm, call, MPI_ERR_RANK,
                       "%s %d is out of range for a communicator of size %d (valid: 0..%d%s or "
                       "MPI_PROC_NULL)",
                       name, rank, size, size - 1, allow_any ? ", MPI_ANY_SOURCE" : "");
}

static inline int smpi__check_root(const char *call, MPI_Comm comm, int root)
{
    int size = smpi_comm_size(comm);

    if (root < 0 || root >= size)
        return smpi__error(comm, call, MPI_ERR_ROOT,
                           "root %d is out of range for a communicator of size %d", root, size);
    return MPI_SUCCESS;
}

static inline int smpi__check_tag(const char *call, MPI_Comm comm, int tag, bool allow_any,
                                  const char *name)
{
    if (tag == MPI_ANY_TAG && allow_any)
        return MPI_SUCCESS;
    if (tag == MPI_ANY_TAG)
        return smpi__error(comm, call, MPI_ERR_TAG,
                           "%s is MPI_ANY_TAG, which only receives and probes accept", name);
#if SMPI_TAG_UB < INT_MAX
    if (tag > SMPI_TAG_UB)
        return smpi__error(comm, call, MPI_ERR_TAG, "%s %d is above MPI_TAG_UB (%d)", name, tag,
                           SMPI_TAG_UB);
#endif
    if (tag < 0)
        return smpi__error(comm, call, MPI_ERR_TAG, "%s %d is negative (valid: 0..%d%s)", name, tag,
                           SMPI_TAG_UB, allow_any ? " or MPI_ANY_TAG" : "");
    return MPI_SUCCESS;
}

static inline int smpi__check_arg(const char *call, MPI_Comm comm, const void *ptr,
                                  const char *name)
{
    if (ptr == NULL)
        return smpi__error(comm, call, MPI_ERR_ARG, "%s is NULL", name);
    return MPI_SUCCESS;
}

static inline int smpi__check_new_comm(const char *call, MPI_Comm comm, const MPI_Comm *newcomm,
                                       const char *name)
{
    SMPI_CHECK_INIT(call);
    SMPI_CHECK_COMM(call, comm);
    SMPI_CHECK_INTRA(call, comm);
    return smpi__check_arg(call, comm, newcomm, name);
}

static inline int smpi__check_requests(const char *call, int n, const MPI_Request *reqs,
                                       const char *n_name, const char *reqs_name)
{
    if (n < 0)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_COUNT, "%s %d is negative", n_name, n);
    if (n > 0 && reqs == NULL)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_ARG, "%s is NULL with %s %d", reqs_name,
                           n_name, n);
    return MPI_SUCCESS;
}

/* Reports a failed completion (rc != MPI_SUCCESS, status `st` filled by the engine) through
 * comm's error handler and returns the code to give back; returns MPI_SUCCESS untouched. */
static inline int smpi__report(MPI_Comm comm, const char *call, int rc, const MPI_Status *st)
{
    if (rc == MPI_SUCCESS)
        return rc;
    if (st->MPI_ERROR == MPI_ERR_TRUNCATE)
        return smpi__error(comm, call, rc,
                           "the message from rank %d with tag %d is longer than the receive "
                           "buffer (%lld bytes kept); post a larger receive",
                           st->MPI_SOURCE, st->MPI_TAG, (long long)st->smpi_count);
    return smpi__error(comm, call, rc, "the request failed");
}

#endif /* SMPI_CHECK_H */
