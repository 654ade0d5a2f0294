/* 30,000 MPI_Comm_dup of MPI_COMM_WORLD in a row, each rank running ahead of the others (a dup
 * does not wait for the other members): the communicators still pair up in call order, and the
 * run takes seconds (a rank joining the n-th dup walked the list of all pending ones: MPICH's
 * errors/comm/too_many_comms, 200,000 dups, ran past 600 s; 32,000 took 72 s, now 1.5 s; the
 * testlist gives it 30 s). */
#include <mpi.h>
#include <stdlib.h>

#include "mtest.h"

#define NCOMM 30000

int main(int argc, char **argv)
{
    MPI_Comm *c = malloc(NCOMM * sizeof(MPI_Comm));
    int rank;
    int size;
    int sum = 0;
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int i = 0; i < NCOMM; i++)
        errs +=
            mtest_expect(MPI_Comm_dup(MPI_COMM_WORLD, &c[i]) == MPI_SUCCESS, "dup %d failed", i);
    for (int i = 0; i < NCOMM; i += NCOMM / 3) {
        int r = -1;

        MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, c[i]);
        MPI_Comm_rank(c[i], &r);
        errs += mtest_expect(sum == size * (size - 1) / 2 && r == rank, "dup %d: sum %d, rank %d",
                             i, sum, r);
    }
    for (int i = 0; i < NCOMM; i++)
        MPI_Comm_free(&c[i]);
    free(c);
    return mtest_finish(errs);
}
