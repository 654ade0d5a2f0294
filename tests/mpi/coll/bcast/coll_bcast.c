/* coll_bcast: MPI_Bcast on counts 0, 1, 7 and 10000, with int, double and a (double, int)
 * pair type whose extent exceeds its size, from several roots. Prints "No Errors" from rank 0
 * on success. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coll_data.h"
#include "mtest.h"

static int check_one(enum tkind t, int n, int root)
{
    int rank;
    int bad;
    void *buf = malloc(tsize(t) * (size_t)(n + 1));

    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == root)
        fill(buf, t, n, root, 0);
    else
        memset(buf, 0x5a, tsize(t) * (size_t)(n + 1));
    MPI_Bcast(buf, n, mpi_type(t), root, MPI_COMM_WORLD);
    bad = check(buf, t, n, root, 0);
    if (bad >= 0)
        fprintf(stderr, "rank %d: MPI_Bcast(%s, count %d, root %d): element %d wrong\n", rank,
                tnames[t], n, root, bad);
    free(buf);
    return bad >= 0;
}

int main(int argc, char **argv)
{
    static const int counts[] = { 0, 1, 7, 10000 };
    int size;
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int c = 0; c < 4; c++) {
        int roots[] = { 0, size - 1, size / 2 };

        for (int r = 0; r < 3; r++)
            for (int t = 0; t < T_COUNT; t++)
                errs += check_one((enum tkind)t, counts[c], roots[r]);
    }
    return mtest_finish(errs);
}
