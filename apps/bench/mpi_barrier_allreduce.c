/* mpi_barrier_allreduce: a barrier then an allreduce of one double over all ranks; checks the
 * sum so that a wrong result is noticed. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank;
    int size;
    double in;
    double out = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    in = rank;
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Allreduce(&in, &out, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (out != (double)size * (size - 1) / 2) {
            printf("wrong sum %g\n", out);
            return 1;
        }
        printf("ok %d ranks simulated %.9f\n", size, MPI_Wtime());
    }
    MPI_Finalize();
    return 0;
}
