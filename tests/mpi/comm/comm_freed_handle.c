/* A communicator handle a rank has passed to MPI_Comm_free is invalid for that rank
 * (MPI_ERR_COMM) even while other members have not freed it yet: MPI_Barrier and
 * MPI_Allgather on it returned MPI_SUCCESS (upstream errors/comm/cfree). Ranks free the
 * communicator at different times (rank r after r barriers on MPI_COMM_WORLD), so some use
 * their freed copy while others still hold theirs. */
#include <mpi.h>

#include "mtest.h"

/* The call on the freed communicator must fail with MPI_ERR_COMM. */
static int expect_comm_error(int rc, const char *call)
{
    return mtest_expect_class(rc, MPI_ERR_COMM, call);
}

int main(int argc, char **argv)
{
    MPI_Comm dup;
    MPI_Comm copy;
    int rank;
    int size;
    int in = 1;
    int out[16];
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Allgather(&in, 1, MPI_INT, out, 1, MPI_INT, dup);
    for (int i = 0; i < rank; i++)
        MPI_Barrier(MPI_COMM_WORLD);
    copy = dup;
    MPI_Comm_free(&copy);
    errs += mtest_expect(copy == MPI_COMM_NULL, "MPI_Comm_free did not set the handle to null");
    errs += expect_comm_error(MPI_Barrier(dup), "MPI_Barrier");
    errs +=
        expect_comm_error(MPI_Allgather(&in, 1, MPI_INT, out, 1, MPI_INT, dup), "MPI_Allgather");
    errs += expect_comm_error(MPI_Comm_size(dup, &in), "MPI_Comm_size");
    for (int i = rank; i < size; i++)
        MPI_Barrier(MPI_COMM_WORLD);
    return mtest_finish(errs);
}
