/* coll_scatter: MPI_Scatter and MPI_Scatterv with the four element types of coll_data.h (int,
 * double, a padded (double, int) pair, an int resized to extent 16), counts 0, 1, 7 and 300
 * everywhere and 17000 (above 64 KiB per block) in a few cases, roots 0, last and middle,
 * MPI_IN_PLACE at the root, and for Scatterv uneven blocks (some empty) placed in reverse rank
 * order with gaps between them. Every rank checks its block and that no byte of its receive
 * buffer outside the block's data (padding, the holes of the resized type, the element after
 * it) changed; the root checks that its send buffer did not change at all. Prints "No Errors"
 * from rank 0 on success. */
#include <mpi.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coll_data.h"
#include "mtest.h"

#define FILL 0x5a

/* Whether byte `off` of an element of t holds data (else it is padding or a hole). */
static bool data_byte(enum tkind t, size_t off)
{
    off %= tsize(t);
    if (t == T_DINT)
        return off < sizeof(double) + sizeof(int);
    if (t == T_RSZ)
        return off < sizeof(int);
    return true;
}

/* Rank j's block: n elements (scatter) or n + j % 3 - 1, at least 0 (scatterv). */
static int block(int j, int n, bool v)
{
    int b = v ? n + j % 3 - 1 : n;

    return b < 0 ? 0 : b;
}

/* Counts and displacements (in elements) at the root; returns the elements sbuf spans.
 * Scatterv takes the blocks from the last rank to the first, one element apart. */
static long layout(int size, int n, bool v, int *counts, int *displs)
{
    long span = 0;

    for (int k = 0; k < size; k++) {
        int j = v ? size - 1 - k : k;

        counts[j] = block(j, n, v);
        displs[j] = (int)span;
        span += counts[j] + (v ? 1 : 0);
    }
    return span;
}

/* Checks a received block of n elements in buf (room for n + 1): the data, then every other
 * byte still FILL. */
static int check_block(void *buf, enum tkind t, int n, int root, int rank, const char *what)
{
    int bad = check(buf, t, n, root, rank);
    int errs = mtest_expect(bad < 0, "%s: element %d wrong", what, bad);

    for (size_t k = 0; k < tsize(t) * (size_t)(n + 1) && errs == 0; k++)
        if ((k >= tsize(t) * (size_t)n || !data_byte(t, k)) && ((unsigned char *)buf)[k] != FILL)
            errs += mtest_expect(false, "%s: byte %zu outside the block's data changed", what, k);
    return errs;
}

static int check_one(enum tkind t, int n, int root, bool in_place, bool v)
{
    int rank;
    int size;
    int errs = 0;
    int *counts;
    int *displs;
    size_t sbytes;
    void *sbuf;
    void *orig;
    void *rbuf;
    char what[128];

    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    counts = malloc(2 * sizeof(int) * (size_t)size);
    displs = counts + size;
    sbytes = tsize(t) * (size_t)(layout(size, n, v, counts, displs) + 1);
    sbuf = malloc(sbytes);
    orig = malloc(sbytes);
    rbuf = malloc(tsize(t) * (size_t)(counts[rank] + 1));
    memset(sbuf, FILL, sbytes);
    memset(rbuf, FILL, tsize(t) * (size_t)(counts[rank] + 1));
    for (int j = 0; rank == root && j < size; j++)
        fill(elem(sbuf, t, displs[j]), t, counts[j], root, j);
    memcpy(orig, sbuf, sbytes);
    snprintf(what, sizeof(what), "%s(%s, count %d, root %d%s)", v ? "MPI_Scatterv" : "MPI_Scatter",
             tnames[t], n, root, in_place ? ", in place" : "");
    if (v)
        MPI_Scatterv(sbuf, counts, displs, mpi_type(t),
                     in_place && rank == root ? MPI_IN_PLACE : rbuf, counts[rank], mpi_type(t),
                     root, MPI_COMM_WORLD);
    else
        MPI_Scatter(sbuf, n, mpi_type(t), in_place && rank == root ? MPI_IN_PLACE : rbuf, n,
                    mpi_type(t), root, MPI_COMM_WORLD);
    if (!(in_place && rank == root))
        errs += check_block(rbuf, t, counts[rank], root, rank, what);
    if (rank == root)
        errs += mtest_expect(memcmp(sbuf, orig, sbytes) == 0, "%s: the send buffer changed", what);
    free(counts);
    free(sbuf);
    free(orig);
    free(rbuf);
    return errs;
}

int main(int argc, char **argv)
{
    static const int counts[] = { 0, 1, 7, 300 };
    int size;
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    /* every (count, root, type) once, in place one time in two */
    for (int c = 0; c < 4; c++) {
        int roots[] = { 0, size - 1, size / 2 };

        for (int r = 0; r < 3; r++)
            for (int t = 0; t < T_COUNT; t++)
                for (int v = 0; v < 2; v++)
                    errs += check_one((enum tkind)t, counts[c], roots[r], (c + r + t + v) % 2, v);
    }
    /* rendezvous-sized blocks: 68 000 bytes of int, 272 000 of the pair */
    for (int v = 0; v < 2; v++) {
        errs += check_one(T_INT, 17000, size / 2, v, v);
        errs += check_one(T_DINT, 17000, size - 1, !v, v);
    }
    return mtest_finish(errs);
}
