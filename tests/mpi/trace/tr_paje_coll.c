/* Collectives for the Paje trace tests (tr_paje_check.sh): each a state on every rank, their
 * internal messages links only under tracing/smpi/internals. 4 ranks; the expected states are
 * in tr_paje_coll.expect. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define N 10000

int main(int argc, char **argv)
{
    int rank;
    int size;
    double *a;
    double *b;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    a = calloc((size_t)N * size, sizeof(double));
    b = calloc((size_t)N * size, sizeof(double));
    MPI_Bcast(a, N, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Reduce(a, b, N, MPI_DOUBLE, MPI_SUM, 1, MPI_COMM_WORLD);
    MPI_Allreduce(a, b, N, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Gather(a, N / size, MPI_DOUBLE, b, N / size, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Allgather(a, N / size, MPI_DOUBLE, b, N / size, MPI_DOUBLE, MPI_COMM_WORLD);
    MPI_Alltoall(a, N / size, MPI_DOUBLE, b, N / size, MPI_DOUBLE, MPI_COMM_WORLD);
    MPI_Scatter(a, N / size, MPI_DOUBLE, b, N / size, MPI_DOUBLE, 2, MPI_COMM_WORLD);
    if (rank == 0)
        printf("No Errors\n");
    free(a);
    free(b);
    MPI_Finalize();
    return 0;
}
