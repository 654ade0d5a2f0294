/* The smpi/timeline sink: a known sequence of computation, point-to-point calls and a
 * collective whose bars and messages the testlist checks in the page (raw network model, two
 * hosts: a message of S bytes takes 10 us + (S + 16) / 1 GB/s). With an argument N, N more
 * rounds of a ring exchange, for runs with many ranks; with "abort", rank 1 calls MPI_Abort
 * after the broadcast. */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    static char buf[100000];
    int rank, size, rounds = argc > 1 ? atoi(argv[1]) : 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        smpi_execute_flops(1e6); /* 1 ms on a 1 Gf host */
        MPI_Send(buf, 100000, MPI_CHAR, 1, 7, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(buf, 100000, MPI_CHAR, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Bcast(buf, 1000, MPI_CHAR, 0, MPI_COMM_WORLD);
    if (argc > 1 && strcmp(argv[1], "abort") == 0 && rank == 1)
        MPI_Abort(MPI_COMM_WORLD, 3);
    for (int i = 0; i < rounds; i++)
        MPI_Sendrecv(buf, 100, MPI_CHAR, (rank + 1) % size, 1, buf + 100, 100, MPI_CHAR,
                     (rank + size - 1) % size, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    if (rank == 0)
        printf("No Errors\n");
    return 0;
}
