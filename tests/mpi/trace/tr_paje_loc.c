/* tr_paje_loc: built with smpicc -trace-call-location and run with
 * smpi/trace-call-location:yes, every Paje state carries the file and line of its MPI call, as
 * SMPI 3.32 writes them ("12 date type container value "file" line"). The testlist checks the
 * lines of MPI_Bcast and MPI_Barrier below; keep them on lines 14 and 15. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, x = 1;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Bcast(&x, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        printf("No Errors\n");
    MPI_Finalize();
    return 0;
}
