/* rt_timeout: MPIEXEC_TIMEOUT ends the job as mpiexec does (status 255). argv[1] = "wtime": rank
 * 0 busy-waits 300 s on MPI_Wtime while rank 1 waits in a barrier, so the simulated clock
 * reaches the limit (init/timeout of MPICH's suite); "native": rank 0 loops without any MPI call,
 * so simulated time never moves and the wall-clock limit ends it, even after the program's
 * alarm(0); "short": a job of 1.5 simulated seconds under a limit of 2 ends normally, its clock
 * exact. Needs 2 ranks. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "mtest.h"

static volatile int never; /* never set: the native loop has no end of its own */

int main(int argc, char **argv)
{
    int rank;
    int errs = 0;
    const char *how = argc > 1 ? argv[1] : "wtime";
    double t0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    t0 = MPI_Wtime();
    if (rank == 0 && strcmp(how, "wtime") == 0) {
        while (MPI_Wtime() - t0 < 300)
            continue;
        printf("the busy-wait ended at %g s\n", MPI_Wtime());
    } else if (rank == 0 && strcmp(how, "native") == 0) {
        alarm(0); /* as MPICH's run_mpitests.c: the limit is not the program's alarm */
        while (!never)
            continue;
    } else if (strcmp(how, "short") == 0) {
        usleep(1500000); /* a simulated sleep between MPI_Init and MPI_Finalize */
        errs += mtest_expect_time(MPI_Wtime() - t0, 1.5, "the sleep");
    }
    MPI_Barrier(MPI_COMM_WORLD);
    return mtest_finish(errs);
}
