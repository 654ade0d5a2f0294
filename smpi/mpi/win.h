/* win: one-sided communication (MPI-3.1 chapter 11), private to smpi/. A window is one object
 * shared by the ranks of its communicator (DESIGN.md); each rank's view of it (its memory, its
 * epochs, the locks it holds, the transfers that land in its memory) is a `struct win_rank`
 * inside it. win.c owns creation, attributes and naming; rma.c the operations and their
 * synchronisation; bindings_rma.c the argument checks and the MPI_* entry points. */
#ifndef SMPI_WIN_H
#define SMPI_WIN_H

#include <stdbool.h>
#include <stddef.h>

#include <mpi.h>

#include "smpi/internal.h"

/* Where a window's private traffic goes on its communicator (user context, never seen by the
 * application, which has no handle on that communicator). */
enum smpi_win_tag {
    SMPI_WIN_TAG_POST = 1,     /* MPI_Win_post -> MPI_Win_start */
    SMPI_WIN_TAG_COMPLETE = 2, /* MPI_Win_complete -> MPI_Win_wait / MPI_Win_test */
};

/* A memory region attached to a dynamic window. */
struct win_region {
    char *base;
    MPI_Aint size;
    struct win_region *next;
};

struct rma_op;

/* Ranks (or their threads) blocked until something changes in one rank's part of a window (a
 * transfer landing in it, a lock released on it, its atomic slot freed): woken all at once, they
 * check again. */
struct win_waitq {
    struct sim_actor **actors;
    int n;
    int cap;
};

/* SMPI's per-window mutex (Win::mut_), which a rank holds while it adds a transfer to a rank's
 * list or waits for the transfers of that list: replayed so that waits queue as in SMPI.
 * Handed over in arrival order. */
struct win_mutex {
    struct sim_actor *owner;  /* the rank or thread holding it, or NULL */
    struct sim_actor **queue; /* those waiting, in arrival order */
    int n;
    int cap;
};

/* The window hints of MPI-3.1 section 11.2.1 that simmpi keeps (it changes no behaviour on
 * them; MPI_Win_get_info gives them back). */
struct win_hints {
    bool no_locks;
    bool same_size;
    bool same_disp_unit;
    bool alloc_shared_noncontig;
    char accumulate_ordering[64];
    char accumulate_ops[32];
};

struct win_rank {
    char *base; /* memory exposed (NULL for dynamic windows: addresses are absolute) */
    MPI_Aint size;
    int disp_unit;
    bool allocated;             /* MPI_Win_allocate: base is freed with the window */
    struct win_region *regions; /* dynamic windows */
    MPI_Errhandler errhandler;
    char name[MPI_MAX_OBJECT_NAME];
    struct win_hints hints;
    /* what MPI_Win_get_attr points to */
    MPI_Aint size_attr;
    int disp_unit_attr;
    int flavor_attr;
    int model_attr;
    /* access and exposure epochs of this rank */
    bool fence_open; /* between fences (until one asserts MPI_MODE_NOSUCCEED) */
    bool *access;    /* MPI_Win_start: per rank of the window, in the access group */
    int *expose;     /* MPI_Win_post: ranks of the exposure group (window ranks) */
    int nexpose;
    bool exposing;
    MPI_Request *expose_reqs; /* the completion messages MPI_Win_test polls */
    int *locks;               /* per target: 0, MPI_LOCK_SHARED or MPI_LOCK_EXCLUSIVE */
    int nlocks;               /* targets locked by this rank */
    bool lock_all;
    /* this rank as a target of passive synchronisation */
    int excl_holder; /* window rank holding the exclusive lock, or -1 */
    int shared_holders;
    bool atomic_busy; /* a fetch-and-op or compare-and-swap is in progress on it */
    /* transfers whose data lands in this rank's memory (puts, accumulates towards it, its own
     * gets), in issue order, until a synchronisation collects them */
    struct rma_op *ops_head;
    struct rma_op *ops_tail;
    int npending;                /* transfers of the list that have not ended */
    struct sim_actor *collector; /* who collects the list (it holds the mutex), or NULL */
    int collect_peer;            /* the peer it collects (-1: all) */
    int collect_need;            /* how many of those have not ended */
    struct win_waitq waitq;
    struct win_mutex mutex;
    bool freed;
};

struct smpi_win {
    MPI_Comm comm;      /* private duplicate of the user's communicator */
    int n;              /* its size */
    int flavor;         /* MPI_WIN_FLAVOR_* */
    int id;             /* numbers windows in messages: "window 3" */
    struct win_rank *r; /* per rank of comm */
    char *shared_block; /* MPI_Win_allocate_shared: every rank's segment, contiguous */
    int live;           /* ranks that have not freed it yet */
    struct smpi_attr_list *attrs;
    struct smpi_win *next; /* the list of live windows (handle checks) */
};

/* ---- win.c ---------------------------------------------------------------------------------- */

/* True if win is a window the calling rank holds (created and not yet freed by it). */
bool smpi__win_is_valid(MPI_Win win);
/* The calling rank's rank in win, and its part of it. */
int smpi__win_rank(MPI_Win win);
struct win_rank *smpi__win_self(MPI_Win win);
/* A name for messages: the user's name, else "window N". */
const char *smpi__win_name(MPI_Win win);
/* Collective creation over comm (checked by the caller). flavor says how base is obtained:
 * CREATE uses `base`; ALLOCATE and SHARED allocate `size` bytes (returned in *base_out);
 * DYNAMIC exposes nothing until MPI_Win_attach. Costs what SMPI's constructor costs (an
 * allgather of one pointer on comm; MPI_Win_allocate_shared first broadcasts the block and
 * runs a barrier). Returns an MPI error class (nothing reported). */
int smpi__win_create(int flavor, void *base, MPI_Aint size, int disp_unit, MPI_Info info,
                     MPI_Comm comm, void **base_out, MPI_Win *win);
/* Collective: SMPI's Win::del (barrier, completion of the rank's pending transfers, barrier),
 * then the delete callbacks of the rank's attributes; the last rank frees the object. */
int smpi__win_free(MPI_Win win);
/* The hints as a new info object, and their update from `info` (unknown keys are ignored). */
MPI_Info smpi__win_info_get(MPI_Win win);
void smpi__win_info_set(MPI_Win win, MPI_Info info);
/* MPI_Win_get_attr's predefined keyvals: *value points to the rank's value; false for other
 * keyvals. */
bool smpi__win_predefined_attr(MPI_Win win, int keyval, void **value);
/* The cached attributes of the window (attr.c). */
struct smpi_attr_list **smpi__win_attrs(MPI_Win win);
/* MPI_Win_shared_query: the segment of `rank` (MPI_PROC_NULL: the first non-empty one), on a
 * window of any flavor (MPI-4.0): every rank's memory can be loaded and stored by the others
 * here, through the address smpi__rank_addr gives for a privatized global. */
int smpi__win_shared_query(MPI_Win win, int rank, MPI_Aint *size, int *disp_unit, void *baseptr);
/* Dynamic windows: attach and detach a region of the calling rank. Return an error class;
 * *why describes the failure. */
int smpi__win_attach(MPI_Win win, void *base, MPI_Aint size, const char **why);
int smpi__win_detach(MPI_Win win, const void *base);

/* ---- rma.c and rma_sync.c
 * ---------------------------------------------------------------------------------- */

/* One RMA call as the bindings pass it on (checked arguments). */
struct rma_args {
    const void *oaddr; /* origin buffer (put, accumulate: data; get: destination) */
    int ocount;
    MPI_Datatype otype;
    void *raddr; /* get_accumulate result / compare_and_swap compare buffer */
    int rcount;
    MPI_Datatype rtype;
    void *caddr; /* compare_and_swap: compare buffer */
    int target;  /* window rank */
    MPI_Aint disp;
    int tcount;
    MPI_Datatype ttype;
    MPI_Op op;
};

/* Checks that an access epoch to a.target is open and that the access stays inside the
 * target's window; reports nothing, fills *msg on failure. Returns an error class. */
int smpi__rma_check(MPI_Win win, const struct rma_args *a, char *msg, size_t msglen);
/* The operations on checked arguments. `req` (may be NULL) receives a request that completes
 * as MPI says for the R* forms. */
int smpi__rma_put(MPI_Win win, const struct rma_args *a, MPI_Request *req);
int smpi__rma_get(MPI_Win win, const struct rma_args *a, MPI_Request *req);
int smpi__rma_accumulate(MPI_Win win, const struct rma_args *a, MPI_Request *req);
int smpi__rma_get_accumulate(MPI_Win win, const struct rma_args *a, MPI_Request *req);
int smpi__rma_compare_and_swap(MPI_Win win, const struct rma_args *a);
/* Synchronisation. Each returns MPI_SUCCESS or an error class and fills *msg on failure. */
int smpi__rma_fence(MPI_Win win, int assert, char *msg, size_t msglen);
int smpi__rma_post(MPI_Win win, MPI_Group group, char *msg, size_t msglen);
int smpi__rma_start(MPI_Win win, MPI_Group group, char *msg, size_t msglen);
int smpi__rma_complete(MPI_Win win, char *msg, size_t msglen);
int smpi__rma_wait(MPI_Win win, bool test, int *flag, char *msg, size_t msglen);
int smpi__rma_lock(MPI_Win win, int type, int target, int assert, char *msg, size_t msglen);
int smpi__rma_unlock(MPI_Win win, int target, char *msg, size_t msglen);
int smpi__rma_lock_all(MPI_Win win, int assert, char *msg, size_t msglen);
int smpi__rma_unlock_all(MPI_Win win, char *msg, size_t msglen);
/* flush, flush_local (target >= 0) and flush_all, flush_local_all (target < 0). */
int smpi__rma_flush(MPI_Win win, int target, bool local, char *msg, size_t msglen);
/* The rank's pending transfers are all complete (MPI_Win_free). */
void smpi__rma_wait_local_all(MPI_Win win);
/* Pure pieces (unit-tested): dst (dcount elements of dtype) = data op dst, element by element
 * of their basic type, over the first `bytes` packed bytes of data (MPI_REPLACE: a copy;
 * MPI_NO_OP: nothing); and the bytes [*lo, *hi) that count elements of t at byte offset
 * `offset` touch (count > 0). */
void smpi__rma_accumulate_into(char *dst, int dcount, MPI_Datatype dtype, const char *data,
                               size_t bytes, MPI_Op op);
void smpi__rma_span(MPI_Aint offset, int count, MPI_Datatype t, MPI_Aint *lo, MPI_Aint *hi);
/* Shared by rma.c and rma_sync.c. Ranks blocked on rank h's part of the window: wait_on blocks
 * the caller until something changes there (`what` names the call in deadlock reports),
 * wake_all wakes them all. */
void smpi__rma_wait_on(MPI_Win win, int h, const char *what);
void smpi__rma_wake_all(MPI_Win win, int h);
/* Collects the transfers rank h holds with `peer` (any peer when < 0): waits for them all and
 * pays smpi/or for each in the order SMPI's waitall would, under h's list mutex. */
void smpi__rma_collect(MPI_Win win, int h, int peer, const char *what);
/* True if rank h holds a transfer that has not ended. */
bool smpi__rma_has_pending(MPI_Win win, int h);
/* SMPI's Win::flush from `me` to t: the transfers me holds with t, then those t holds with
 * me. */
void smpi__rma_flush_pair(MPI_Win win, int me, int t, const char *what);
/* True if the calling rank still holds an epoch on win (MPI_Win_free refuses then). */
bool smpi__rma_epoch_open(MPI_Win win, char *msg, size_t msglen);

/* ---- errhandler.c ------------------------------------------------------------------------- */

/* Reports an MPI error of `call` on window win through the calling rank's error handler of
 * win (MPI_COMM_WORLD's when win is not valid); returns the code to give back. */
int smpi__win_error(MPI_Win win, const char *call, int code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* ---- argument checks shared by bindings_win.c and bindings_rma.c (the window handle itself:
 * check.h's SMPI_CHECK_WIN) ------------------------------------------------------------------ */

/* rank is a rank of win or MPI_PROC_NULL (MPI_ERR_RANK through win's handler). */
static inline int smpi__win_check_rank(const char *call, MPI_Win win, int rank, const char *name)
{
    if (rank == MPI_PROC_NULL || (rank >= 0 && rank < win->n))
        return MPI_SUCCESS;
    return smpi__win_error(win, call, MPI_ERR_RANK,
                           "%s %d is out of range for %s of %d ranks (valid: 0..%d or "
                           "MPI_PROC_NULL)",
                           name, rank, smpi__win_name(win), win->n, win->n - 1);
}

#endif /* SMPI_WIN_H */
