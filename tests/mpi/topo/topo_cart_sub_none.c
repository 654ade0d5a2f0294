/* topo_cart_sub_none: MPI_Cart_sub keeping no dimension gives a zero-dimensional grid of one
 * process: a communicator congruent to MPI_COMM_SELF on rank 0, MPI_COMM_NULL elsewhere (as
 * MPICH); keeping every dimension gives a grid of the same shape. */
#include <mpi.h>

#include "mtest.h"

int main(int argc, char **argv)
{
    int errs = 0;
    int size;
    int rank;
    int dims[2] = { 0, 0 };
    int periods[2] = { 0, 1 };
    int none[2] = { 0, 0 };
    int all[2] = { 1, 1 };
    int result;
    int ndims = -1;
    MPI_Comm cart;
    MPI_Comm sub;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Dims_create(size, 2, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);
    MPI_Comm_rank(cart, &rank);
    MPI_Cart_sub(cart, none, &sub);
    if (rank == 0) {
        MPI_Comm_compare(MPI_COMM_SELF, sub, &result);
        errs += mtest_expect(result == MPI_CONGRUENT, "rank 0: not congruent to MPI_COMM_SELF");
        MPI_Cartdim_get(sub, &ndims);
        errs += mtest_expect(ndims == 0, "rank 0: %d dimensions", ndims);
        MPI_Comm_free(&sub);
    } else {
        errs += mtest_expect(sub == MPI_COMM_NULL, "rank %d: not MPI_COMM_NULL", rank);
    }
    MPI_Cart_sub(cart, all, &sub);
    MPI_Comm_compare(cart, sub, &result);
    errs += mtest_expect(result == MPI_CONGRUENT, "keeping every dimension: %d", result);
    MPI_Comm_free(&sub);
    MPI_Comm_free(&cart);
    return mtest_finish(errs);
}
