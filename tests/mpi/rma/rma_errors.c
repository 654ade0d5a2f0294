/* rma_errors: misuse of one-sided calls is reported with the right error class through the
 * window's error handler (MPI_ERRORS_RETURN here): operations outside an epoch, unlock without
 * lock, complete without start, wait without post, a second lock on the same target, freeing a
 * locked window (MPI_ERR_RMA_SYNC); accesses outside the target window (MPI_ERR_RMA_RANGE);
 * MPI_MODE_NOCHECK against a held lock (MPI_ERR_RMA_CONFLICT); a flavor-specific call on
 * another flavor (MPI_ERR_RMA_FLAVOR; MPI_Win_shared_query answers on a created window, as
 * MPI-4.0 says: the caller's memory, size 0 and NULL for another rank's); bad rank, lock type,
 * op and window handle.
 * With the argument "fatal", rank 1 makes an out-of-range put under MPI_ERRORS_ARE_FATAL and
 * the job must end with a message naming the call, the rank, the window and the displacement.
 * Needs 2 ranks. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "mtest.h"

static int expect(const char *what, int rc, int want)
{
    int cls;

    MPI_Error_class(rc, &cls);
    return mtest_expect(cls == want, "%s: class %d, want %d", what, cls, want);
}

static void my_sum(void *in, void *inout, int *len, MPI_Datatype *t)
{
}

int main(int argc, char **argv)
{
    int rank, errs = 0, buf[8] = { 0 }, v = 1;
    MPI_Win win, shwin;
    MPI_Op op;
    void *p;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(buf, sizeof(buf), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (argc > 1 && strcmp(argv[1], "fatal") == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        if (rank == 1)
            MPI_Put(&v, 2, MPI_INT, 0, 7, 2, MPI_INT, win);
        MPI_Win_unlock(0, win);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Win_free(&win);
        return mtest_finish(1);
    }
    MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);

    errs += expect("put outside an epoch", MPI_Put(&v, 1, MPI_INT, 0, 0, 1, MPI_INT, win),
                   MPI_ERR_RMA_SYNC);
    errs += expect("unlock without lock", MPI_Win_unlock(0, win), MPI_ERR_RMA_SYNC);
    errs += expect("complete without start", MPI_Win_complete(win), MPI_ERR_RMA_SYNC);
    errs += expect("wait without post", MPI_Win_wait(win), MPI_ERR_RMA_SYNC);
    errs += expect("bad lock type", MPI_Win_lock(99, 0, 0, win), MPI_ERR_LOCKTYPE);
    errs += expect("lock bad rank", MPI_Win_lock(MPI_LOCK_SHARED, 5, 0, win), MPI_ERR_RANK);
    errs += expect("null window", MPI_Win_fence(0, MPI_WIN_NULL), MPI_ERR_WIN);
    errs += expect("attach to a created window", MPI_Win_attach(win, buf, 4), MPI_ERR_RMA_FLAVOR);

    MPI_Win_lock(MPI_LOCK_SHARED, 1 - rank, 0, win);
    errs += expect("past the end", MPI_Put(&v, 2, MPI_INT, 1 - rank, 7, 2, MPI_INT, win),
                   MPI_ERR_RMA_RANGE);
    errs += expect("negative displacement", MPI_Get(&v, 1, MPI_INT, 1 - rank, -1, 1, MPI_INT, win),
                   MPI_ERR_RMA_RANGE);
    errs += expect("target rank", MPI_Put(&v, 1, MPI_INT, 2, 0, 1, MPI_INT, win), MPI_ERR_RANK);
    MPI_Op_create(my_sum, 1, &op);
    errs += expect("user op", MPI_Accumulate(&v, 1, MPI_INT, 1 - rank, 0, 1, MPI_INT, op, win),
                   MPI_ERR_OP);
    MPI_Op_free(&op);
    errs +=
        expect("second lock", MPI_Win_lock(MPI_LOCK_SHARED, 1 - rank, 0, win), MPI_ERR_RMA_SYNC);
    errs += expect("free while locked", MPI_Win_free(&win), MPI_ERR_RMA_SYNC);
    errs +=
        expect("put in range", MPI_Put(&v, 1, MPI_INT, 1 - rank, 7, 1, MPI_INT, win), MPI_SUCCESS);
    MPI_Win_unlock(1 - rank, win);

    /* MPI_MODE_NOCHECK while the other rank holds an exclusive lock on rank 0 */
    if (rank == 1)
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        errs +=
            expect("nocheck against a held lock",
                   MPI_Win_lock(MPI_LOCK_SHARED, 0, MPI_MODE_NOCHECK, win), MPI_ERR_RMA_CONFLICT);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1)
        MPI_Win_unlock(0, win);
    MPI_Win_free(&win);
    errs += expect("use after free", MPI_Win_fence(0, win), MPI_ERR_WIN);

    MPI_Win_allocate_shared(4, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &p, &shwin);
    MPI_Win_set_errhandler(shwin, MPI_ERRORS_RETURN);
    errs += expect("detach from a shared window", MPI_Win_detach(shwin, p), MPI_ERR_RMA_FLAVOR);
    MPI_Win_free(&shwin);
    return mtest_finish(errs);
}
