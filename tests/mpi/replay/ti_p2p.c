/* ti_p2p: point-to-point traffic of every kind a TI trace records and SMPI 3.32's replay knows
 * (send, recv, isend, irecv, wait, waitall, test, sendRecv) plus declared computation, on a
 * ring of any size, with message sizes on both sides of the detached and rendezvous limits. */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int rank, size, flag = 0;
    static const int sizes[] = { 1, 1000, 20000, 200000 };
    double *a, *b;
    MPI_Request req[2];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    a = calloc(200000, sizeof(double));
    b = calloc(200000, sizeof(double));
    int next = (rank + 1) % size, prev = (rank + size - 1) % size;
    for (int k = 0; k < 4; k++) {
        int n = sizes[k];

        smpi_execute_flops(1e6 * (rank + 1));
        if (rank % 2 == 0) {
            MPI_Send(a, n, MPI_DOUBLE, next, k, MPI_COMM_WORLD);
            MPI_Recv(b, n, MPI_DOUBLE, prev, k, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(b, n, MPI_DOUBLE, prev, k, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(a, n, MPI_DOUBLE, next, k, MPI_COMM_WORLD);
        }
        MPI_Irecv(b, n, MPI_DOUBLE, prev, 100 + k, MPI_COMM_WORLD, &req[0]);
        MPI_Isend(a, n, MPI_DOUBLE, next, 100 + k, MPI_COMM_WORLD, &req[1]);
        if (k % 2)
            MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
        else {
            MPI_Wait(&req[1], MPI_STATUS_IGNORE);
            MPI_Wait(&req[0], MPI_STATUS_IGNORE);
        }
        MPI_Sendrecv(a, n, MPI_INT, next, 7, b, n, MPI_INT, prev, 7, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
    }
    /* one test that finds the message not yet there, then a wait */
    MPI_Irecv(b, 10, MPI_INT, prev, 9, MPI_COMM_WORLD, &req[0]);
    MPI_Test(&req[0], &flag, MPI_STATUS_IGNORE);
    smpi_execute_flops(5e5);
    MPI_Send(a, 10, MPI_INT, next, 9, MPI_COMM_WORLD);
    MPI_Wait(&req[0], MPI_STATUS_IGNORE);
    free(a);
    free(b);
    if (rank == 0)
        printf("No Errors\n");
    MPI_Finalize();
    return 0;
}
