/* ring: a token of 1 KiB then 1 MiB goes around all ranks 10 times; prints the simulated time. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int rank;
    int size;
    char *buf = calloc(1, 1 << 20);
    int sizes[] = { 1024, 1 << 20 };

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int s = 0; s < 2; s++) {
        double t0 = MPI_Wtime();

        for (int lap = 0; lap < 10; lap++) {
            if (rank == 0) {
                MPI_Send(buf, sizes[s], MPI_CHAR, 1 % size, 0, MPI_COMM_WORLD);
                MPI_Recv(buf, sizes[s], MPI_CHAR, size - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            } else {
                MPI_Recv(buf, sizes[s], MPI_CHAR, rank - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Send(buf, sizes[s], MPI_CHAR, (rank + 1) % size, 0, MPI_COMM_WORLD);
            }
        }
        if (rank == 0)
            printf("RESULT ring-%d %.9f\n", sizes[s], MPI_Wtime() - t0);
    }
    free(buf);
    MPI_Finalize();
    return 0;
}
