/* mpi_ring: a one-byte token goes around all ranks L times (L from argv[1], default 100). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int rank;
    int size;
    char byte = 0;
    long laps = argc > 1 ? atol(argv[1]) : 100;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (long i = 0; i < laps; i++) {
        if (rank == 0) {
            MPI_Send(&byte, 1, MPI_CHAR, 1 % size, 0, MPI_COMM_WORLD);
            MPI_Recv(&byte, 1, MPI_CHAR, size - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(&byte, 1, MPI_CHAR, rank - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(&byte, 1, MPI_CHAR, (rank + 1) % size, 0, MPI_COMM_WORLD);
        }
    }
    if (rank == 0)
        printf("messages %ld simulated %.9f\n", laps * size, MPI_Wtime());
    MPI_Finalize();
    return 0;
}
