/* coll_scatter: MPI_Scatter and MPI_Scatterv (uneven blocks, some empty, gaps between blocks)
 * on counts 0, 1, 7 and 10000, with int, double and a (double, int) pair type, from several
 * roots, and MPI_IN_PLACE at the root. Prints "No Errors" from rank 0 on success. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coll_data.h"
#include "mtest.h"

/* Rank j's block: n elements (scatter) or n + j % 3 - 1, at least 0 (scatterv). */
static int block(int j, int n, int v)
{
    int b = v ? n + j % 3 - 1 : n;

    return b < 0 ? 0 : b;
}

static int check_one(enum tkind t, int n, int root, int in_place, int v)
{
    int rank;
    int size;
    int bad;
    int *counts;
    int *displs;
    long span = 0;
    void *sbuf;
    void *rbuf;
    void *mine;

    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    counts = malloc(sizeof(int) * (size_t)size);
    displs = malloc(sizeof(int) * (size_t)size);
    for (int j = 0; j < size; j++) {
        counts[j] = block(j, n, v);
        displs[j] = (int)span;
        span += counts[j] + (v ? 1 : 0);
    }
    sbuf = malloc(tsize(t) * (size_t)(span + 1));
    rbuf = malloc(tsize(t) * (size_t)(counts[rank] + 1));
    memset(rbuf, 0x5a, tsize(t) * (size_t)(counts[rank] + 1));
    for (int j = 0; rank == root && j < size; j++)
        fill(elem(sbuf, t, displs[j]), t, counts[j], root, j);
    mine = in_place && rank == root ? elem(sbuf, t, displs[rank]) : rbuf;
    if (v)
        MPI_Scatterv(sbuf, counts, displs, mpi_type(t),
                     in_place && rank == root ? MPI_IN_PLACE : rbuf, counts[rank], mpi_type(t),
                     root, MPI_COMM_WORLD);
    else
        MPI_Scatter(sbuf, n, mpi_type(t), in_place && rank == root ? MPI_IN_PLACE : rbuf, n,
                    mpi_type(t), root, MPI_COMM_WORLD);
    bad = check(mine, t, counts[rank], root, rank);
    if (bad >= 0)
        fprintf(stderr, "rank %d: %s(%s, count %d, root %d%s): element %d wrong\n", rank,
                v ? "MPI_Scatterv" : "MPI_Scatter", tnames[t], n, root,
                in_place ? ", in place" : "", bad);
    free(counts);
    free(displs);
    free(sbuf);
    free(rbuf);
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
                for (int ip = 0; ip < 2; ip++)
                    for (int v = 0; v < 2; v++)
                        errs += check_one((enum tkind)t, counts[c], roots[r], ip, v);
    }
    return mtest_finish(errs);
}
