/* A ring exchange and an allreduce, repeated (argument: the number of rounds, default 2), for
 * the resource-usage variables of tr_paje_ring.expect: every rank sends 4 bytes to the next and
 * receives from the previous, then all sum an int. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int rank;
    int size;
    int rounds = argc > 1 ? atoi(argv[1]) : 2;
    int x = 1;
    int y = 0;
    int sum = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int i = 0; i < rounds; i++) {
        MPI_Sendrecv(&x, 1, MPI_INT, (rank + 1) % size, 0, &y, 1, MPI_INT, (rank + size - 1) % size,
                     0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Allreduce(&y, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    }
    if (rank == 0)
        printf(sum == size ? "No Errors\n" : "sum %d, expected %d\n", sum, size);
    MPI_Finalize();
    return 0;
}
