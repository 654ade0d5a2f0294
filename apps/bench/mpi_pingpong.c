/* mpi_pingpong: ranks 0 and 1 exchange N one-byte round trips (N from argv[1], default 100000);
 * the benchmark script divides 2 N messages by the wall time. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int rank;
    char byte = 0;
    long n = argc > 1 ? atol(argv[1]) : 100000;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (long i = 0; i < n; i++) {
        if (rank == 0) {
            MPI_Send(&byte, 1, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
            MPI_Recv(&byte, 1, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else if (rank == 1) {
            MPI_Recv(&byte, 1, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(&byte, 1, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
        }
    }
    if (rank == 0)
        printf("messages %ld simulated %.9f\n", 2 * n, MPI_Wtime());
    MPI_Finalize();
    return 0;
}
