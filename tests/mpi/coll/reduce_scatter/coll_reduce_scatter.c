/* coll_reduce_scatter: MPI_Reduce_scatter (uneven blocks, some empty) and
 * MPI_Reduce_scatter_block against a local computation, on block sizes 0, 1, 7 and 10000, with
 * int, double and (value, index) pair types, SUM/MAX/MIN and MINLOC/MAXLOC, and MPI_IN_PLACE.
 * Prints "No Errors" from rank 0 on success. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coll_redux.h"
#include "mtest.h"

/* Block sizes: `n` each for the block variant, else n + (r % 3) - 1 (at least 0). */
static int block(int r, int n, int uneven)
{
    int b = uneven ? n + r % 3 - 1 : n;

    return b < 0 ? 0 : b;
}

static int check_one(enum tkind t, MPI_Op op, const char *opname, int n, int in_place,
                     int uneven)
{
    const char *call = uneven ? "MPI_Reduce_scatter" : "MPI_Reduce_scatter_block";
    int rank;
    int size;
    int bad;
    int off = 0;
    int total = 0;
    int *counts;
    void *in;
    void *out;
    void *want;

    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    counts = malloc(sizeof(*counts) * (size_t)size);
    for (int r = 0; r < size; r++) {
        counts[r] = block(r, n, uneven);
        if (r < rank)
            off += counts[r];
        total += counts[r];
    }
    in = malloc(tsize(t) * (size_t)(total + 1));
    out = malloc(tsize(t) * (size_t)(total + 1));
    want = malloc(tsize(t) * (size_t)(total + 1));
    fill(in, t, total, rank);
    memset(out, 0x5a, tsize(t) * (size_t)(total + 1));
    if (in_place)
        fill(out, t, total, rank);
    if (uneven)
        MPI_Reduce_scatter(in_place ? MPI_IN_PLACE : in, out, counts, mpi_type(t), op,
                           MPI_COMM_WORLD);
    else
        MPI_Reduce_scatter_block(in_place ? MPI_IN_PLACE : in, out, n, mpi_type(t), op,
                                 MPI_COMM_WORLD);
    expected(want, t, total, size, op);
    bad = same(out, (char *)want + tsize(t) * (size_t)off, t, counts[rank]);
    if (bad >= 0)
        fprintf(stderr, "rank %d: %s(%s, %s, block %d%s): element %d wrong\n", rank, call,
                tnames[t], opname, counts[rank], in_place ? ", in place" : "", bad);
    free(counts);
    free(in);
    free(out);
    free(want);
    return bad >= 0;
}

int main(int argc, char **argv)
{
    static const int counts[] = { 0, 1, 7, 10000 };
    int rank;
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int c = 0; c < 4; c++) {
        for (int ip = 0; ip < 2; ip++) {
            for (int un = 0; un < 2; un++) {
                errs += check_one(T_INT, MPI_SUM, "MPI_SUM", counts[c], ip, un);
                errs += check_one(T_INT, MPI_MAX, "MPI_MAX", counts[c], ip, un);
                errs += check_one(T_DOUBLE, MPI_SUM, "MPI_SUM", counts[c], ip, un);
                errs += check_one(T_DOUBLE, MPI_MIN, "MPI_MIN", counts[c], ip, un);
                errs += check_one(T_DINT, MPI_MINLOC, "MPI_MINLOC", counts[c], ip, un);
                errs += check_one(T_2INT, MPI_MAXLOC, "MPI_MAXLOC", counts[c], ip, un);
            }
        }
    }
    return mtest_finish(errs);
}
