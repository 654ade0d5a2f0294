/* pingpong: rank 0 and rank 1 exchange messages of sizes 1 B to 16 MiB; prints the simulated
 * round-trip time of each size (one round trip after a warm-up exchange). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int rank;
    char *buf = malloc(16 << 20);

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (long size = 1; size <= 16 << 20; size *= 4) {
        double t0;

        t0 = MPI_Wtime();
        if (rank == 0) {
            MPI_Send(buf, (int)size, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
            MPI_Recv(buf, (int)size, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            printf("RESULT pingpong-%ld %.9f\n", size, MPI_Wtime() - t0);
        } else if (rank == 1) {
            MPI_Recv(buf, (int)size, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(buf, (int)size, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
        }
    }
    free(buf);
    MPI_Finalize();
    return 0;
}
