/* A handle of the wrong kind or a failed constructor's output: MPI_Group_incl/excl/size given
 * MPI_COMM_WORLD cast to MPI_Group return MPI_ERR_GROUP instead of reading a communicator as a
 * group (upstream MPICH's errors/group/gerr crashed), and a failed MPI_Cart_create leaves
 * MPI_COMM_NULL in its output (errors/topo/cartsmall read it unset). */
#include <mpi.h>

#include "mtest.h"

int main(int argc, char **argv)
{
    int ranks[1] = { 0 };
    int dims[1] = { 0 };
    int periods[1] = { 0 };
    int size = -1;
    int errs = 0;
    MPI_Group ng = MPI_GROUP_NULL;
    MPI_Comm cart = MPI_COMM_WORLD;

    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    errs += mtest_expect_class(MPI_Group_incl((MPI_Group)MPI_COMM_WORLD, 1, ranks, &ng),
                               MPI_ERR_GROUP, "Group_incl of a communicator");
    errs += mtest_expect_class(MPI_Group_excl((MPI_Group)MPI_COMM_WORLD, 1, ranks, &ng),
                               MPI_ERR_GROUP, "Group_excl of a communicator");
    errs += mtest_expect_class(MPI_Group_size((MPI_Group)MPI_COMM_WORLD, &size), MPI_ERR_GROUP,
                               "Group_size of a communicator");
    errs += mtest_expect(ng == MPI_GROUP_NULL, "a refused Group_incl wrote its output");
    /* more processes than the communicator has: MPI_ERR_DIMS or MPI_ERR_ARG, output null */
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    dims[0] = size + 1;
    errs += mtest_expect(MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &cart) != MPI_SUCCESS,
                         "Cart_create of %d processes on %d succeeded", size + 1, size);
    errs += mtest_expect(cart == MPI_COMM_NULL, "a failed Cart_create left its output unset");
    return mtest_finish(errs);
}
