/* hello: a small real MPI program — a ring that passes a token and a reduction — used by the
 * README's first command to show simmpi running an unmodified MPI program. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank;
    int size;
    int token = 0;
    int sum = 0;
    char host[MPI_MAX_PROCESSOR_NAME];
    int len;
    double t0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Get_processor_name(host, &len);
    t0 = MPI_Wtime();
    if (rank == 0) {
        token = 1;
        MPI_Send(&token, 1, MPI_INT, 1 % size, 0, MPI_COMM_WORLD);
        MPI_Recv(&token, 1, MPI_INT, size - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        MPI_Recv(&token, 1, MPI_INT, rank - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        token++;
        MPI_Send(&token, 1, MPI_INT, (rank + 1) % size, 0, MPI_COMM_WORLD);
    }
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    printf("rank %d of %d on %s: token %d, sum of ranks %d\n", rank, size, host, token, sum);
    if (rank == 0)
        printf("the ring took %.3f us of simulated time\n", (MPI_Wtime() - t0) * 1e6);
    MPI_Finalize();
    return 0;
}
