/* rt_exit: how a rank can end the job. argv[1] = "exit": rank 1 calls exit(3) (status 3);
 * "abort": rank 1 calls MPI_Abort(MPI_COMM_WORLD, 7) (status 7); "return": rank 1 returns
 * from main without MPI_Finalize (under smpi/implicit-finalize:no, a non-zero status). The
 * other rank waits in a receive that can never complete, so only the job's end releases it.
 * "nofinalize": both ranks exchange a message and return without MPI_Finalize, as the
 * MPICH suite's mtest.c does (status 0 and a warning by default). Needs 2 ranks. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    int rank;
    int x;
    const char *how = argc > 1 ? argv[1] : "exit";

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (strcmp(how, "nofinalize") == 0) {
        x = rank;
        MPI_Sendrecv_replace(&x, 1, MPI_INT, 1 - rank, 0, 1 - rank, 0, MPI_COMM_WORLD,
                             MPI_STATUS_IGNORE);
        if (rank == 0 && x == 1)
            printf(" No Errors\n");
        return x == 1 - rank ? 0 : 1;
    }
    if (rank == 1) {
        if (strcmp(how, "exit") == 0)
            exit(3);
        if (strcmp(how, "abort") == 0)
            MPI_Abort(MPI_COMM_WORLD, 7);
        return 0;
    }
    MPI_Recv(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
