/* mpi_alltoall: MPI_Alltoall of BYTES bytes per pair of ranks (default 1024), REPS times
 * (default 1). Usage: mpi_alltoall [BYTES [REPS]]. Every rank fills its send buffer with bytes
 * that name the sender and the receiver, and checks what it received, so that a wrong or
 * missing block is noticed; rank 0 prints "ok N ranks simulated T". Run it with
 * --cfg=smpi/alltoall:basic_linear to post every message at once. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned char pattern(int from, int to, size_t i)
{
    return (unsigned char)(from * 7 + to * 13 + i);
}

int main(int argc, char **argv)
{
    int rank;
    int size;
    long bytes = 1024;
    long reps = 1;
    unsigned char *s;
    unsigned char *r;
    int bad = 0;
    int allbad = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc > 1)
        bytes = strtol(argv[1], NULL, 10);
    if (argc > 2)
        reps = strtol(argv[2], NULL, 10);
    if (bytes < 1 || bytes > (1 << 24) || reps < 1) {
        if (rank == 0)
            fprintf(stderr, "usage: mpi_alltoall [BYTES (1 to 16777216) [REPS (1 or more)]]\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    s = malloc((size_t)bytes * size);
    r = malloc((size_t)bytes * size);
    if (!s || !r) {
        fprintf(stderr, "mpi_alltoall: rank %d cannot allocate 2 x %ld bytes\n", rank,
                bytes * size);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    for (int j = 0; j < size; j++)
        for (long i = 0; i < bytes; i++)
            s[(size_t)j * bytes + i] = pattern(rank, j, i);
    for (long k = 0; k < reps; k++)
        MPI_Alltoall(s, (int)bytes, MPI_BYTE, r, (int)bytes, MPI_BYTE, MPI_COMM_WORLD);
    /* the first and last byte of every block */
    for (int j = 0; j < size; j++)
        if (r[(size_t)j * bytes] != pattern(j, rank, 0) ||
            r[(size_t)j * bytes + bytes - 1] != pattern(j, rank, bytes - 1))
            bad++;
    MPI_Reduce(&bad, &allbad, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (allbad)
            printf("%d wrong blocks\n", allbad);
        else
            printf("ok %d ranks simulated %.9f\n", size, MPI_Wtime());
    }
    free(s);
    free(r);
    MPI_Finalize();
    return allbad != 0;
}
