/* rma_sync: the synchronisation of one-sided communication (MPI-3.1 section 11.5): fences,
 * post/start/complete/wait/test, locks and flushes. Their costs follow SMPI 3.32 (see the cost
 * model at the top of rma.c). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>

#include "smpi/mpi/win.h"

/* Lock recorded with MPI_MODE_NOCHECK: nothing was acquired on the target. */
#define LOCK_NOCHECK 0x10000

/* ---- active target: fence and post/start/complete/wait ------------------------------------ */

static int barrier(MPI_Win w)
{
    struct coll_args a = { .comm = w->comm };

    return coll_run(COLL_BARRIER, &a);
}

int smpi__rma_fence(MPI_Win w, int assert, char *msg, size_t len)
{
    struct win_rank *me = smpi__win_self(w);
    int rc = MPI_SUCCESS;

    if (me->access || me->exposing || me->nlocks > 0 || me->lock_all) {
        snprintf(msg, len, "a post/start or lock epoch is open on %s; close it first",
                 smpi__win_name(w));
        return MPI_ERR_RMA_SYNC;
    }
    if (!(assert &MPI_MODE_NOPRECEDE)) {
        rc = barrier(w);
        smpi__rma_collect(w, smpi__win_rank(w), -1, "MPI_Win_fence");
    }
    if (rc == MPI_SUCCESS)
        rc = barrier(w);
    me->fence_open = !(assert &MPI_MODE_NOSUCCEED);
    if (rc != MPI_SUCCESS)
        snprintf(msg, len, "the barrier failed");
    return rc;
}

/* The window ranks of group's members (a new array); MPI_ERR_GROUP if one is not in it. */
static int group_ranks(MPI_Win w, MPI_Group g, int **out, char *msg, size_t len)
{
    int *r = sim_xcalloc((size_t)(g->size ? g->size : 1), sizeof(int));

    for (int i = 0; i < g->size; i++) {
        r[i] = smpi__comm_rank_of(w->comm, g->world[i]);
        if (r[i] == MPI_UNDEFINED) {
            snprintf(msg, len, "member %d of the group (world rank %d) is not in %s", i,
                     g->world[i], smpi__win_name(w));
            free(r);
            return MPI_ERR_GROUP;
        }
    }
    *out = r;
    return MPI_SUCCESS;
}

/* Zero-byte messages to (send) or from the n window ranks of r, except the caller's own, then
 * their completion; SMPI's send_init/irecv_init + startall + waitall. */
static void sync_messages(MPI_Win w, const int *r, int n, int tag, bool send)
{
    MPI_Request *reqs = sim_xcalloc((size_t)(n ? n : 1), sizeof(*reqs));
    int me = smpi__win_rank(w);
    int k = 0;

    for (int i = 0; i < n; i++) {
        if (r[i] == me)
            continue;
        reqs[k] = smpi__req_new((send ? SMPI_REQ_SEND | SMPI_REQ_ISEND : SMPI_REQ_RECV) |
                                    SMPI_REQ_INTERNAL,
                                NULL, 0, MPI_CHAR, r[i], tag, w->comm);
        smpi__req_start(reqs[k++]);
    }
    smpi__waitall(k, reqs, MPI_STATUSES_IGNORE);
    free(reqs);
}

/* Opens an epoch with the ranks of group, unless one is `open` already (MPI_ERR_RMA_SYNC, the
 * message is `busy` with the window's name): their ranks in *r, after the zero-byte messages
 * that say so (posted: sent; started: received). */
static int epoch_open(MPI_Win w, MPI_Group group, bool open, const char *busy, bool post, int **r,
                      char *msg, size_t len)
{
    int rc;

    if (open) {
        snprintf(msg, len, busy, smpi__win_name(w));
        return MPI_ERR_RMA_SYNC;
    }
    rc = group_ranks(w, group, r, msg, len);
    if (rc == MPI_SUCCESS)
        sync_messages(w, *r, group->size, SMPI_WIN_TAG_POST, post);
    return rc;
}

int smpi__rma_post(MPI_Win w, MPI_Group group, char *msg, size_t len)
{
    struct win_rank *me = smpi__win_self(w);
    int *r;
    int rc =
        epoch_open(w, group, me->exposing, "an exposure epoch (MPI_Win_post) is already open on %s",
                   true, &r, msg, len);

    if (rc != MPI_SUCCESS)
        return rc;
    me->expose = r;
    me->nexpose = group->size;
    me->exposing = true;
    return MPI_SUCCESS;
}

int smpi__rma_start(MPI_Win w, MPI_Group group, char *msg, size_t len)
{
    struct win_rank *me = smpi__win_self(w);
    int *r;
    int rc =
        epoch_open(w, group, me->access != NULL,
                   "an access epoch (MPI_Win_start) is already open on %s", false, &r, msg, len);

    if (rc != MPI_SUCCESS)
        return rc;
    me->access = sim_xcalloc((size_t)w->n, sizeof(bool));
    for (int i = 0; i < group->size; i++)
        me->access[r[i]] = true;
    free(r);
    return MPI_SUCCESS;
}

int smpi__rma_complete(MPI_Win w, char *msg, size_t len)
{
    struct win_rank *me = smpi__win_self(w);
    int *r = sim_xcalloc((size_t)w->n, sizeof(int));
    int n = 0;

    if (!me->access) {
        free(r);
        snprintf(msg, len, "no access epoch (MPI_Win_start) is open on %s", smpi__win_name(w));
        return MPI_ERR_RMA_SYNC;
    }
    for (int i = 0; i < w->n; i++)
        if (me->access[i])
            r[n++] = i;
    sync_messages(w, r, n, SMPI_WIN_TAG_COMPLETE, true);
    free(r);
    smpi__rma_collect(w, smpi__win_rank(w), -1, "MPI_Win_complete");
    free(me->access);
    me->access = NULL;
    return MPI_SUCCESS;
}

/* MPI_Win_wait, and MPI_Win_test when `test`: the completion messages of the exposure group
 * (posted once, by the first of them), then the transfers into the caller's memory. */
int smpi__rma_wait(MPI_Win w, bool test, int *flag, char *msg, size_t len)
{
    struct win_rank *me = smpi__win_self(w);
    int self = smpi__win_rank(w);
    int k = 0;

    if (!me->exposing) {
        snprintf(msg, len, "no exposure epoch (MPI_Win_post) is open on %s", smpi__win_name(w));
        return MPI_ERR_RMA_SYNC;
    }
    if (!me->expose_reqs) {
        me->expose_reqs = sim_xcalloc((size_t)(me->nexpose ? me->nexpose : 1), sizeof(MPI_Request));
        for (int i = 0; i < me->nexpose; i++) {
            if (me->expose[i] == self)
                continue;
            me->expose_reqs[i] = smpi__req_new(SMPI_REQ_RECV | SMPI_REQ_INTERNAL, NULL, 0, MPI_CHAR,
                                               me->expose[i], SMPI_WIN_TAG_COMPLETE, w->comm);
            smpi__req_start(me->expose_reqs[i]);
        }
    }
    for (int i = 0; i < me->nexpose; i++)
        k += me->expose_reqs[i] != MPI_REQUEST_NULL;
    if (test) {
        smpi__testall(me->nexpose, me->expose_reqs, flag, MPI_STATUSES_IGNORE);
        if (*flag && smpi__rma_has_pending(w, self))
            *flag = 0;
        if (!*flag)
            return MPI_SUCCESS;
    } else if (k > 0) {
        smpi__waitall(me->nexpose, me->expose_reqs, MPI_STATUSES_IGNORE);
    }
    smpi__rma_collect(w, self, -1, test ? "MPI_Win_test" : "MPI_Win_wait");
    free(me->expose_reqs);
    free(me->expose);
    me->expose_reqs = NULL;
    me->expose = NULL;
    me->nexpose = 0;
    me->exposing = false;
    if (flag)
        *flag = 1;
    return MPI_SUCCESS;
}

/* ---- passive target ------------------------------------------------------------------------ */

static bool lock_conflicts(const struct win_rank *tr, int type)
{
    return tr->excl_holder >= 0 || (type == MPI_LOCK_EXCLUSIVE && tr->shared_holders > 0);
}

/* Takes a lock of `type` on t for the caller, waiting for conflicting holders; with
 * MPI_MODE_NOCHECK nothing is taken, and a conflicting holder is MPI_ERR_RMA_CONFLICT. */
static int lock_take(MPI_Win w, int t, int type, int assert, const char *what, char *msg,
                     size_t len)
{
    struct win_rank *me = smpi__win_self(w);
    struct win_rank *tr = &w->r[t];

    if (assert & MPI_MODE_NOCHECK) {
        if (lock_conflicts(tr, type)) {
            snprintf(msg, len,
                     "MPI_MODE_NOCHECK asserted but rank %d of %s is locked by another rank", t,
                     smpi__win_name(w));
            return MPI_ERR_RMA_CONFLICT;
        }
        me->locks[t] = type | LOCK_NOCHECK;
        return MPI_SUCCESS;
    }
    while (lock_conflicts(tr, type))
        smpi__rma_wait_on(w, t, what);
    if (type == MPI_LOCK_EXCLUSIVE)
        tr->excl_holder = smpi__win_rank(w);
    else
        tr->shared_holders++;
    me->locks[t] = type;
    return MPI_SUCCESS;
}

static void lock_give(MPI_Win w, int t)
{
    struct win_rank *me = smpi__win_self(w);
    struct win_rank *tr = &w->r[t];

    if (me->locks[t] == MPI_LOCK_EXCLUSIVE)
        tr->excl_holder = -1;
    else if (me->locks[t] == MPI_LOCK_SHARED)
        tr->shared_holders--;
    me->locks[t] = 0;
    smpi__rma_wake_all(w, t);
}

/* A passive-target epoch cannot open inside an access epoch of MPI_Win_start (MPI-4.0
 * section 12.5); after a fence it closes the fence's epoch, which had no operation if the
 * program is correct, so that accesses after the unlock need a new fence (as in MPICH:
 * upstream errors/rma/win_sync_lock_at, win_sync_lock_fence). */
static int lock_epoch_check(MPI_Win w, struct win_rank *me, char *msg, size_t len)
{
    if (me->access) {
        snprintf(msg, len,
                 "an access epoch of MPI_Win_start is open on %s; close it with "
                 "MPI_Win_complete first",
                 smpi__win_name(w));
        return MPI_ERR_RMA_SYNC;
    }
    me->fence_open = false;
    return MPI_SUCCESS;
}

int smpi__rma_lock(MPI_Win w, int type, int t, int assert, char *msg, size_t len)
{
    struct win_rank *me = smpi__win_self(w);
    int rc;

    if (lock_epoch_check(w, me, msg, len) != MPI_SUCCESS)
        return MPI_ERR_RMA_SYNC;
    if (me->lock_all || me->locks[t]) {
        snprintf(msg, len, "the calling rank already holds a lock on rank %d of %s", t,
                 smpi__win_name(w));
        return MPI_ERR_RMA_SYNC;
    }
    rc = lock_take(w, t, type, assert, "MPI_Win_lock", msg, len);
    if (rc != MPI_SUCCESS)
        return rc;
    me->nlocks++;
    smpi__rma_flush_pair(w, smpi__win_rank(w), t, "MPI_Win_lock");
    return MPI_SUCCESS;
}

int smpi__rma_unlock(MPI_Win w, int t, char *msg, size_t len)
{
    struct win_rank *me = smpi__win_self(w);

    if (me->lock_all || !me->locks[t]) {
        snprintf(msg, len, "the calling rank holds no lock on rank %d of %s (MPI_Win_lock)", t,
                 smpi__win_name(w));
        return MPI_ERR_RMA_SYNC;
    }
    smpi__rma_flush_pair(w, smpi__win_rank(w), t, "MPI_Win_unlock");
    lock_give(w, t);
    me->nlocks--;
    return MPI_SUCCESS;
}

int smpi__rma_lock_all(MPI_Win w, int assert, char *msg, size_t len)
{
    struct win_rank *me = smpi__win_self(w);
    int self = smpi__win_rank(w);

    if (lock_epoch_check(w, me, msg, len) != MPI_SUCCESS)
        return MPI_ERR_RMA_SYNC;
    if (me->lock_all || me->nlocks > 0) {
        snprintf(msg, len, "the calling rank already holds locks on %s", smpi__win_name(w));
        return MPI_ERR_RMA_SYNC;
    }
    for (int t = 0; t < w->n; t++) {
        int rc = lock_take(w, t, MPI_LOCK_SHARED, assert, "MPI_Win_lock_all", msg, len);

        if (rc != MPI_SUCCESS) {
            while (t-- > 0)
                lock_give(w, t);
            return rc;
        }
        smpi__rma_flush_pair(w, self, t, "MPI_Win_lock_all");
    }
    me->lock_all = true;
    return MPI_SUCCESS;
}

int smpi__rma_unlock_all(MPI_Win w, char *msg, size_t len)
{
    struct win_rank *me = smpi__win_self(w);
    int self = smpi__win_rank(w);

    if (!me->lock_all) {
        snprintf(msg, len, "the calling rank did not lock all of %s (MPI_Win_lock_all)",
                 smpi__win_name(w));
        return MPI_ERR_RMA_SYNC;
    }
    for (int t = 0; t < w->n; t++) {
        smpi__rma_flush_pair(w, self, t, "MPI_Win_unlock_all");
        lock_give(w, t);
    }
    me->lock_all = false;
    return MPI_SUCCESS;
}

int smpi__rma_flush(MPI_Win w, int t, bool local, char *msg, size_t len)
{
    struct win_rank *me = smpi__win_self(w);
    int self = smpi__win_rank(w);
    const char *what = local ? "MPI_Win_flush_local" : "MPI_Win_flush";

    if (t >= 0 ? !me->locks[t] : (me->nlocks == 0 && !me->lock_all)) {
        snprintf(msg, len,
                 "no passive target epoch (MPI_Win_lock or MPI_Win_lock_all) is open "
                 "on %s",
                 smpi__win_name(w));
        return MPI_ERR_RMA_SYNC;
    }
    if (t >= 0) {
        smpi__rma_collect(w, self, t, what);
        if (!local && t != self)
            smpi__rma_collect(w, t, self, what);
        return MPI_SUCCESS;
    }
    smpi__rma_collect(w, self, -1, what);
    for (int i = 0; i < w->n && !local; i++)
        if (i != self)
            smpi__rma_collect(w, i, self, what);
    return MPI_SUCCESS;
}

bool smpi__rma_epoch_open(MPI_Win w, char *msg, size_t len)
{
    const struct win_rank *me = smpi__win_self(w);

    if (me->nlocks > 0 || me->lock_all)
        snprintf(msg, len, "the calling rank still holds locks on %s; unlock them first",
                 smpi__win_name(w));
    else if (me->access)
        snprintf(msg, len,
                 "an access epoch (MPI_Win_start) is still open on %s; call "
                 "MPI_Win_complete first",
                 smpi__win_name(w));
    else if (me->exposing)
        snprintf(msg, len,
                 "an exposure epoch (MPI_Win_post) is still open on %s; call "
                 "MPI_Win_wait first",
                 smpi__win_name(w));
    else
        return false;
    return true;
}
