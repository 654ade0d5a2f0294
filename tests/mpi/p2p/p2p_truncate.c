/* p2p_truncate: with MPI_ERRORS_RETURN a receive into a too small buffer returns an error of
 * class MPI_ERR_TRUNCATE. Prints "No Errors" from rank 0. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, errs = 0;
    int buf[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    if (rank == 0) {
        MPI_Send(buf, 8, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        int small[2], rc, cls;
        MPI_Status st;

        rc = MPI_Recv(small, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, &st);
        MPI_Error_class(rc, &cls);
        if (cls != MPI_ERR_TRUNCATE) {
            fprintf(stderr, "expected MPI_ERR_TRUNCATE, got class %d\n", cls);
            errs++;
        }
    }
    MPI_Allreduce(MPI_IN_PLACE, &errs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0 && errs == 0)
        printf("No Errors\n");
    MPI_Finalize();
    return errs ? 1 : 0;
}
