/* halo: each rank exchanges 64 KiB then 1 MiB with its left and right neighbours (periodic)
 * using MPI_Sendrecv, 5 iterations; prints the simulated time seen by rank 0. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int rank;
    int size;
    int sizes[] = { 65536, 1 << 20 };
    char *out = calloc(1, 1 << 20);
    char *in = calloc(1, 1 << 20);

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int s = 0; s < 2; s++) {
        int left = (rank + size - 1) % size;
        int right = (rank + 1) % size;
        double t0 = MPI_Wtime();

        for (int it = 0; it < 5; it++) {
            MPI_Sendrecv(out, sizes[s], MPI_CHAR, right, 1, in, sizes[s], MPI_CHAR, left, 1,
                         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Sendrecv(out, sizes[s], MPI_CHAR, left, 2, in, sizes[s], MPI_CHAR, right, 2,
                         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
        if (rank == 0)
            printf("RESULT halo-%d %.9f\n", sizes[s], MPI_Wtime() - t0);
    }
    free(out);
    free(in);
    MPI_Finalize();
    return 0;
}
