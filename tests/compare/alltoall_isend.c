/* alltoall_isend: an all-to-all written with MPI_Isend/MPI_Irecv and MPI_Waitall, blocks of
 * 4 KiB then 256 KiB; prints the simulated time seen by rank 0. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int rank;
    int size;
    int blocks[] = { 4096, 262144 };

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int s = 0; s < 2; s++) {
        char *out = calloc((size_t)size, (size_t)blocks[s]);
        char *in = calloc((size_t)size, (size_t)blocks[s]);
        MPI_Request *reqs = malloc(2 * (size_t)size * sizeof(*reqs));
        double t0 = MPI_Wtime();

        for (int p = 0; p < size; p++)
            MPI_Irecv(in + (size_t)p * blocks[s], blocks[s], MPI_CHAR, p, 3, MPI_COMM_WORLD,
                      &reqs[p]);
        for (int p = 0; p < size; p++)
            MPI_Isend(out + (size_t)p * blocks[s], blocks[s], MPI_CHAR, p, 3, MPI_COMM_WORLD,
                      &reqs[size + p]);
        MPI_Waitall(2 * size, reqs, MPI_STATUSES_IGNORE);
        if (rank == 0)
            printf("RESULT alltoall-%d %.9f\n", blocks[s], MPI_Wtime() - t0);
        free(out);
        free(in);
        free(reqs);
    }
    MPI_Finalize();
    return 0;
}
