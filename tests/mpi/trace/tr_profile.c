/* The smpi/profile sink: a known sequence of calls whose counts, bytes and simulated times the
 * testlist checks in the CSV and in the summary on stderr (raw network model, two hosts). */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    static char buf[100000];
    int rank, size, counts[2] = { 10, 30 }, displs[2] = { 0, 10 };
    double x = 1, y = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int i = 0; i < 3; i++) {
        if (rank == 0)
            MPI_Send(buf, 100000, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
        else
            MPI_Recv(buf, 100000, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Allreduce(&x, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Gatherv(buf, counts[rank], MPI_INT, buf + 50000, counts, displs, MPI_INT, 0,
                MPI_COMM_WORLD);
    if (y != size)
        printf("allreduce gave %g\n", y);
    else if (rank == 0)
        printf(" No Errors\n");
    MPI_Finalize();
    return 0;
}
