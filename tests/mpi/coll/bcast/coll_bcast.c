/* coll_bcast: MPI_Bcast under whatever algorithm smpi/bcast forces, checking the data for int,
 * double, (double, int) and an int resized to (8, 16) from the roots 0, last and middle.
 * Usage: coll_bcast [small|large|edge]; each group is one run, so that an algorithm refusing
 * one group's cases (smpi/coll-fallback:error makes that run SKIP) is still checked on the
 * others:
 *   small  counts 1 and 7 (odd), and 6144 ints from root 0 (MVAPICH2's two-level range),
 *          then count 7 on a communicator whose ranks are reversed
 *   large  40960 elements (160 to 480 KiB: rendezvous messages, many whole 8 KiB segments)
 *   edge   count 0, 40973 elements (a remainder after the last whole segment) and 5000 ints
 *          from a middle root
 * Prints "No Errors" from rank 0 on success. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coll_data.h"
#include "mtest.h"

#define LARGE 40960

static int check_one(MPI_Comm comm, enum tkind t, int n, int root)
{
    int rank;
    int bad;
    void *buf = malloc(tsize(t) * (size_t)(n + 1));

    MPI_Comm_rank(comm, &rank);
    if (rank == root)
        fill(buf, t, n, root, 0);
    else
        memset(buf, 0x5a, tsize(t) * (size_t)(n + 1));
    MPI_Bcast(buf, n, mpi_type(t), root, comm);
    bad = check(buf, t, n, root, 0);
    if (bad >= 0)
        fprintf(stderr, "rank %d: MPI_Bcast(%s, count %d, root %d): element %d wrong\n", rank,
                tnames[t], n, root, bad);
    free(buf);
    return bad >= 0;
}

/* Every type from every root of roots[0..nroots-1]. */
static int check_all(MPI_Comm comm, int n, const int *roots, int nroots)
{
    int errs = 0;

    for (int r = 0; r < nroots; r++)
        for (int t = 0; t < T_COUNT; t++)
            errs += check_one(comm, (enum tkind)t, n, roots[r]);
    return errs;
}

/* Count 7 on MPI_COMM_WORLD with its ranks in reverse order: the host layout seen through the
 * communicator is no longer blocked, and rank 0 is the last world rank. */
static int check_reversed(int size)
{
    MPI_Comm rev;
    int rank;
    int errs;

    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_split(MPI_COMM_WORLD, 0, size - rank, &rev);
    errs = check_one(rev, T_INT, 7, 1 % size) + check_one(rev, T_RSZ, 7, size - 1);
    MPI_Comm_free(&rev);
    return errs;
}

int main(int argc, char **argv)
{
    const char *group = argc > 1 ? argv[1] : "small";
    int size;
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    {
        int roots[] = { 0, size - 1, size / 2 };

        if (!strcmp(group, "small")) {
            errs += check_all(MPI_COMM_WORLD, 1, roots, 3);
            errs += check_all(MPI_COMM_WORLD, 7, roots, 3);
            errs += check_one(MPI_COMM_WORLD, T_INT, 6144, 0);
            errs += check_reversed(size);
        } else if (!strcmp(group, "large")) {
            for (int t = 0; t < T_COUNT; t++)
                errs += check_one(MPI_COMM_WORLD, (enum tkind)t, LARGE, roots[t % 3]);
        } else {
            errs += check_all(MPI_COMM_WORLD, 0, roots, 2);
            errs += check_one(MPI_COMM_WORLD, T_INT, LARGE + 13, roots[2]);
            errs += check_one(MPI_COMM_WORLD, T_RSZ, LARGE + 13, roots[1]);
            errs += check_one(MPI_COMM_WORLD, T_INT, 5000, roots[2]);
        }
    }
    return mtest_finish(errs);
}
