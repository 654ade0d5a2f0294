/* The data of one origin lands at a target in issue order. Puts of one size issued at one date
 * end at one simulated date, and the engine ends simultaneous transfers newest first (SimGrid's
 * order); the last put to a location must still be what a flush leaves there (upstream MPICH
 * rma/overlap_wins_put), a get issued after puts reads what they wrote into its buffer only
 * after it, and an Rget's request completes only once its data has landed. */
#include <mpi.h>
#include <stdio.h>

#include "mtest.h"

#define NPUT 5

int main(int argc, char **argv)
{
    int buf[2] = { -1, -1 };
    int val[NPUT];
    int got = -1;
    int rank, errs = 0;
    MPI_Win win;
    MPI_Request req;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(buf, sizeof(buf), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1) {
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        for (int i = 0; i < NPUT; i++) {
            val[i] = 100 + i;
            MPI_Put(&val[i], 1, MPI_INT, 0, 0, 1, MPI_INT, win);
        }
        MPI_Win_flush(0, win);
        MPI_Get(&got, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
        MPI_Win_flush(0, win);
        if (got != 100 + NPUT - 1) {
            printf("after %d puts to one location: %d, expected %d\n", NPUT, got, 100 + NPUT - 1);
            errs++;
        }
        /* accumulates in the same epoch: MPI's default ordering (rar,raw,war,waw) */
        for (int i = 0; i < NPUT; i++)
            MPI_Accumulate(&val[i], 1, MPI_INT, 0, 1, 1, MPI_INT, MPI_REPLACE, win);
        got = -1;
        MPI_Rget(&got, 1, MPI_INT, 0, 1, 1, MPI_INT, win, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        if (got != 100 + NPUT - 1) {
            printf("Rget after %d replace-accumulates: %d, expected %d\n", NPUT, got,
                   100 + NPUT - 1);
            errs++;
        }
        MPI_Win_unlock(0, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0 && (buf[0] != 100 + NPUT - 1 || buf[1] != 100 + NPUT - 1)) {
        printf("target memory %d %d, expected %d %d\n", buf[0], buf[1], 100 + NPUT - 1,
               100 + NPUT - 1);
        errs++;
    }
    MPI_Win_free(&win);
    return mtest_finish(errs);
}
