/* Point-to-point traffic for the Paje trace tests (tr_paje_check.sh): blocking, nonblocking,
 * synchronous and combined sends, a receive from MPI_ANY_SOURCE, and computation between calls,
 * on 4 ranks. The expected states and links are in tr_paje_p2p.expect. */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <stdlib.h>

#define N 25000 /* ints: 100 kB messages, a few hundred microseconds each */

int main(int argc, char **argv)
{
    int rank;
    int size;
    int *a = calloc(N, sizeof(int));
    int *b = calloc(N, sizeof(int));
    MPI_Request req;
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size != 4) {
        fprintf(stderr, "tr_paje_p2p runs on 4 ranks\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    if (rank == 0) {
        MPI_Send(a, N, MPI_INT, 1, 1, MPI_COMM_WORLD);
        MPI_Irecv(b, N, MPI_INT, 1, 2, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, &st);
    } else if (rank == 1) {
        MPI_Recv(b, N, MPI_INT, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, &st);
        smpi_execute_flops(1e6);
        MPI_Isend(a, N, MPI_INT, 0, 2, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else if (rank == 2) {
        MPI_Ssend(a, 10, MPI_INT, 3, 3, MPI_COMM_WORLD);
    } else {
        smpi_execute_flops(2e6);
        MPI_Recv(b, 10, MPI_INT, 2, 3, MPI_COMM_WORLD, &st);
    }
    /* a ring: each rank sends to the next and receives from the previous */
    MPI_Sendrecv(a, N, MPI_INT, (rank + 1) % size, 4, b, N, MPI_INT, (rank + size - 1) % size, 4,
                 MPI_COMM_WORLD, &st);
    if (rank == 0)
        printf("No Errors\n");
    free(a);
    free(b);
    MPI_Finalize();
    return 0;
}
