/* rt_privctor: a program with a constructor of its own keeps one dlopen copy per rank under
 * smpi/privatization:yes, because there its constructor runs once per rank: here it allocates the
 * block that the global `mine` points to, so each rank owns its block. Under the mmap
 * privatization the constructor would run once and the ranks would share the block (its
 * documented limit): rank r writes r into it, and after a barrier reads r back. */
#include <mpi.h>
#include <stdlib.h>

#include "mtest.h"

static int *mine;

__attribute__((constructor)) static void make_block(void)
{
    mine = malloc(sizeof(*mine));
}

int main(int argc, char **argv)
{
    int rank;
    int errs;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    *mine = rank;
    MPI_Barrier(MPI_COMM_WORLD);
    errs =
        mtest_expect(*mine == rank, "the constructor's block holds %d, expected %d", *mine, rank);
    free(mine);
    return mtest_finish(errs);
}
