/* MPI_Win_lock and MPI_Win_lock_all inside an access epoch of MPI_Win_start are
 * MPI_ERR_RMA_SYNC (MPI-4.0 section 12.5; they were accepted, upstream
 * errors/rma/win_sync_lock_at); after MPI_Win_fence, a lock closes the fence's epoch, so an
 * access after the unlock is MPI_ERR_RMA_SYNC until the next fence (win_sync_lock_fence). */
#include <mpi.h>

#include "mtest.h"

int main(int argc, char **argv)
{
    int buf = 7;
    int got = 0;
    int peer;
    int rank;
    int size;
    MPI_Win win;
    MPI_Group world;
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    peer = (rank + 1) % size;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Win_create(&buf, sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);

    MPI_Win_post(world, 0, win);
    MPI_Win_start(world, 0, win);
    errs += mtest_expect_class(MPI_Win_lock(MPI_LOCK_SHARED, peer, 0, win), MPI_ERR_RMA_SYNC,
                               "MPI_Win_lock in a start epoch");
    errs += mtest_expect_class(MPI_Win_lock_all(0, win), MPI_ERR_RMA_SYNC,
                               "MPI_Win_lock_all in a start epoch");
    errs += mtest_expect_class(MPI_Get(&got, 1, MPI_INT, peer, 0, 1, MPI_INT, win), MPI_SUCCESS,
                               "MPI_Get in the start epoch");
    MPI_Win_complete(win);
    MPI_Win_wait(win);
    errs += mtest_expect(got == 7, "MPI_Get in the start epoch read %d, not 7", got);

    MPI_Win_fence(0, win);
    errs += mtest_expect_class(MPI_Win_lock(MPI_LOCK_SHARED, peer, 0, win), MPI_SUCCESS,
                               "MPI_Win_lock after a fence");
    errs += mtest_expect_class(MPI_Get(&got, 1, MPI_INT, peer, 0, 1, MPI_INT, win), MPI_SUCCESS,
                               "MPI_Get under the lock");
    errs += mtest_expect_class(MPI_Win_unlock(peer, win), MPI_SUCCESS, "MPI_Win_unlock");
    errs += mtest_expect_class(MPI_Get(&got, 1, MPI_INT, peer, 0, 1, MPI_INT, win),
                               MPI_ERR_RMA_SYNC, "MPI_Get after the unlock");
    MPI_Win_fence(0, win);
    errs += mtest_expect_class(MPI_Get(&got, 1, MPI_INT, peer, 0, 1, MPI_INT, win), MPI_SUCCESS,
                               "MPI_Get after a new fence");
    MPI_Win_fence(0, win);
    MPI_Win_free(&win);
    MPI_Group_free(&world);
    return mtest_finish(errs);
}
