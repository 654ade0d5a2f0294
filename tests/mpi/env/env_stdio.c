/* env_stdio: <mpi.h> alone declares stderr and fprintf, as SMPI's does, so that programs written
 * against SMPI build unchanged (this file includes nothing else on purpose). */
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        fprintf(stdout, " No Errors\n");
    fflush(stderr);
    MPI_Finalize();
    return 0;
}
