/* p2p_errors: with MPI_ERRORS_RETURN, bad arguments give the right error classes: rank out of
 * range, negative count, negative tag, MPI_COMM_NULL. Prints "No Errors" from rank 0. */
#include <mpi.h>
#include <stdio.h>

static int expect(const char *what, int rc, int want)
{
    int cls;

    MPI_Error_class(rc, &cls);
    if (cls == want)
        return 0;
    fprintf(stderr, "%s: got class %d, expected %d\n", what, cls, want);
    return 1;
}

int main(int argc, char **argv)
{
    int rank, size, errs = 0, buf[2] = { 0, 0 };

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    errs +=
        expect("bad rank", MPI_Send(buf, 1, MPI_INT, size + 3, 0, MPI_COMM_WORLD), MPI_ERR_RANK);
    errs +=
        expect("negative count", MPI_Send(buf, -1, MPI_INT, 0, 0, MPI_COMM_WORLD), MPI_ERR_COUNT);
    errs += expect("negative tag", MPI_Send(buf, 1, MPI_INT, 0, -5, MPI_COMM_WORLD), MPI_ERR_TAG);
    errs += expect("MPI_COMM_NULL", MPI_Send(buf, 1, MPI_INT, 0, 0, MPI_COMM_NULL), MPI_ERR_COMM);
    errs +=
        expect("recv bad rank", MPI_Recv(buf, 1, MPI_INT, -7, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE),
               MPI_ERR_RANK);
    MPI_Allreduce(MPI_IN_PLACE, &errs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0 && errs == 0)
        printf("No Errors\n");
    MPI_Finalize();
    return errs ? 1 : 0;
}
