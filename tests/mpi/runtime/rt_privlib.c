/* rt_privlib: the program of the smpi/privatize-libs line of the testlist, whose post= script
 * (privlib_check.sh) builds and runs the real check: a library with global state, shared by
 * the ranks or privatized. This program checks that a rank's globals are its own. */
#include <mpi.h>
#include <stdio.h>

#include "mtest.h"

static int mine;

int main(int argc, char **argv)
{
    int rank;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    mine += rank + 1;
    MPI_Barrier(MPI_COMM_WORLD);
    return mtest_finish(mtest_expect(mine == rank + 1, "global is %d", mine));
}
