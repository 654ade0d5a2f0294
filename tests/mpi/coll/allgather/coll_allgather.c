/* coll_allgather: MPI_Allgather and MPI_Allgatherv (uneven blocks, some empty, gaps between
 * blocks) on counts 0, 1, 7 and 10000, with int, double and a (double, int) pair type, and
 * MPI_IN_PLACE. Prints "No Errors" from rank 0 on success. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coll_data.h"
#include "mtest.h"

/* Rank j's block: n elements (allgather) or n + j % 3 - 1, at least 0 (allgatherv). */
static int block(int j, int n, int v)
{
    int b = v ? n + j % 3 - 1 : n;

    return b < 0 ? 0 : b;
}

static int check_one(enum tkind t, int n, int in_place, int v)
{
    int rank;
    int size;
    int errs = 0;
    int *counts;
    int *displs;
    long span = 0;
    void *sbuf;
    void *rbuf;

    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    counts = malloc(sizeof(int) * (size_t)size);
    displs = malloc(sizeof(int) * (size_t)size);
    for (int j = 0; j < size; j++) {
        counts[j] = block(j, n, v);
        displs[j] = (int)span;
        span += counts[j] + (v ? 1 : 0);
    }
    sbuf = malloc(tsize(t) * (size_t)(counts[rank] + 1));
    rbuf = malloc(tsize(t) * (size_t)(span + 1));
    fill(sbuf, t, counts[rank], rank, 0);
    memset(rbuf, 0x5a, tsize(t) * (size_t)(span + 1));
    if (in_place)
        fill(elem(rbuf, t, displs[rank]), t, counts[rank], rank, 0);
    if (v)
        MPI_Allgatherv(in_place ? MPI_IN_PLACE : sbuf, counts[rank], mpi_type(t), rbuf, counts,
                       displs, mpi_type(t), MPI_COMM_WORLD);
    else
        MPI_Allgather(in_place ? MPI_IN_PLACE : sbuf, n, mpi_type(t), rbuf, n, mpi_type(t),
                      MPI_COMM_WORLD);
    for (int j = 0; j < size; j++) {
        int bad = check(elem(rbuf, t, displs[j]), t, counts[j], j, 0);

        if (bad >= 0) {
            fprintf(stderr, "rank %d: %s(%s, count %d%s): block %d element %d wrong\n", rank,
                    v ? "MPI_Allgatherv" : "MPI_Allgather", tnames[t], n,
                    in_place ? ", in place" : "", j, bad);
            errs++;
        }
    }
    free(counts);
    free(displs);
    free(sbuf);
    free(rbuf);
    return errs;
}

int main(int argc, char **argv)
{
    static const int counts[] = { 0, 1, 7, 10000 };
    int errs = 0;

    MPI_Init(&argc, &argv);
    for (int c = 0; c < 4; c++)
        for (int t = 0; t < T_COUNT; t++)
            for (int ip = 0; ip < 2; ip++)
                for (int v = 0; v < 2; v++)
                    errs += check_one((enum tkind)t, counts[c], ip, v);
    return mtest_finish(errs);
}
