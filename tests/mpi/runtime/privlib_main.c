/* privlib_main: each rank in turn (a token passed along the ranks) bumps the counter of the
 * shared library privlib_count and prints what it got: 1, 2, 3... when the ranks share the
 * library, 1 for every rank under smpi/privatize-libs (privlib_check.sh). */
#include <mpi.h>
#include <stdio.h>

int privlib_bump(void);

int main(int argc, char **argv)
{
    int rank;
    int size;
    int token = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank > 0)
        MPI_Recv(&token, 1, MPI_INT, rank - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank %d counted %d\n", rank, privlib_bump());
    fflush(stdout);
    if (rank + 1 < size)
        MPI_Send(&token, 1, MPI_INT, rank + 1, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
