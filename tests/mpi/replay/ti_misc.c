/* ti_misc: the calls whose TI actions SMPI 3.32 writes in its own ways (waitAny, testall,
 * persistent Start/Startall, Sendrecv_replace as sendRecv, MPI_IN_PLACE, reduce_scatter_block
 * with its recvcount zeros, exscan, a nonblocking collective); its trace must be SMPI's byte for
 * byte (SMPI's replay knows too few of these actions to replay it). Pairs of ranks. */
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv)
{
    int rank, size, idx, flag;
    double a[100] = { 0 }, b[100];
    MPI_Request r[3];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int peer = rank ^ 1;
    MPI_Irecv(b, 10, MPI_DOUBLE, peer, 1, MPI_COMM_WORLD, &r[0]);
    MPI_Isend(a, 10, MPI_DOUBLE, peer, 1, MPI_COMM_WORLD, &r[1]);
    MPI_Waitany(2, r, &idx, MPI_STATUS_IGNORE);
    MPI_Waitany(2, r, &idx, MPI_STATUS_IGNORE);
    MPI_Irecv(b, 10, MPI_DOUBLE, peer, 2, MPI_COMM_WORLD, &r[0]);
    MPI_Isend(a, 10, MPI_DOUBLE, peer, 2, MPI_COMM_WORLD, &r[1]);
    MPI_Testall(2, r, &flag, MPI_STATUSES_IGNORE);
    MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
    MPI_Ibcast(a, 10, MPI_INT, 0, MPI_COMM_WORLD, &r[2]);
    MPI_Waitall(1, &r[2], MPI_STATUSES_IGNORE);
    MPI_Send_init(a, 5, MPI_INT, peer, 3, MPI_COMM_WORLD, &r[0]);
    MPI_Recv_init(b, 5, MPI_INT, peer, 3, MPI_COMM_WORLD, &r[1]);
    MPI_Start(&r[0]);
    MPI_Start(&r[1]);
    MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
    MPI_Startall(2, r);
    MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
    MPI_Request_free(&r[0]);
    MPI_Request_free(&r[1]);
    MPI_Sendrecv_replace(a, 10, MPI_INT, peer, 4, peer, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, a, 2, MPI_DOUBLE, MPI_COMM_WORLD);
    MPI_Allreduce(MPI_IN_PLACE, a, 3, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        MPI_Gather(MPI_IN_PLACE, 2, MPI_DOUBLE, a, 2, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    else
        MPI_Gather(a, 2, MPI_DOUBLE, b, 2, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Reduce_scatter_block(a, b, 3, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Exscan(a, b, 4, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("No Errors\n");
    MPI_Finalize();
    return 0;
}
