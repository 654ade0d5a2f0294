/* rma_dynamic_span: on a dynamic window, one MPI_Put may cover two regions attached side by
 * side (each half of one array): only attached memory is touched. An access running past the
 * second region is still refused with MPI_ERR_RMA_RANGE. */
#include <mpi.h>

#include "mtest.h"

#define HALF 64

static int region[2 * HALF];

int main(int argc, char **argv)
{
    int errs = 0;
    int rank;
    int src[2 * HALF + 1];
    int rc;
    MPI_Aint base;
    MPI_Win win;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
    MPI_Win_attach(win, &region[0], HALF * sizeof(int));
    MPI_Win_attach(win, &region[HALF], HALF * sizeof(int));
    MPI_Get_address(region, &base);
    MPI_Bcast(&base, 1, MPI_AINT, 1, MPI_COMM_WORLD);
    for (int i = 0; i < 2 * HALF + 1; i++)
        src[i] = i + 1;
    MPI_Win_fence(0, win);
    if (rank == 0) {
        rc = MPI_Put(src, HALF, MPI_INT, 1, base + (HALF - 4) * sizeof(int), HALF, MPI_INT, win);
        errs += mtest_expect(rc == MPI_SUCCESS, "put across the two regions failed: %d", rc);
        rc = MPI_Put(src, 2 * HALF + 1, MPI_INT, 1, base, 2 * HALF + 1, MPI_INT, win);
        errs += mtest_expect(rc != MPI_SUCCESS, "put past the second region succeeded");
    }
    MPI_Win_fence(0, win);
    if (rank == 1)
        for (int i = 0; i < HALF; i++)
            errs += mtest_expect(region[HALF - 4 + i] == i + 1, "region[%d] = %d, want %d",
                                 HALF - 4 + i, region[HALF - 4 + i], i + 1);
    MPI_Win_detach(win, &region[HALF]);
    MPI_Win_detach(win, &region[0]);
    MPI_Win_free(&win);
    return mtest_finish(errs);
}
