/* coll_barrier: MPI_Barrier on MPI_COMM_WORLD, many times in a row and around a ring of
 * point-to-point-free phases: every rank must leave each barrier. Prints "No Errors" from
 * rank 0 on success. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank;
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < 50; i++) {
        if (MPI_Barrier(MPI_COMM_WORLD) != MPI_SUCCESS) {
            fprintf(stderr, "rank %d: MPI_Barrier %d failed\n", rank, i);
            errs++;
        }
    }
    if (rank == 0 && errs == 0)
        printf("No Errors\n");
    MPI_Finalize();
    return errs ? 1 : 0;
}
