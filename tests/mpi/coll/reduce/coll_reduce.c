/* coll_reduce: MPI_Reduce against a local computation, on counts 0, 1, 7 and 10000, with int,
 * double and (value, index) pair types, SUM/MAX/MIN and MINLOC/MAXLOC, several roots, and
 * MPI_IN_PLACE at the root. Prints "No Errors" from rank 0 on success. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coll_redux.h"
#include "mtest.h"

static int check_one(enum tkind t, MPI_Op op, const char *opname, int n, int root, int in_place)
{
    int rank;
    int size;
    int errs = 0;
    size_t bytes = tsize(t) * (size_t)(n ? n : 1);
    void *in = malloc(bytes);
    void *out = malloc(bytes);
    void *want = malloc(bytes);

    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    fill(in, t, n, rank);
    memset(out, 0x5a, bytes);
    if (in_place && rank == root) {
        fill(out, t, n, rank);
        MPI_Reduce(MPI_IN_PLACE, out, n, mpi_type(t), op, root, MPI_COMM_WORLD);
    } else {
        MPI_Reduce(in, out, n, mpi_type(t), op, root, MPI_COMM_WORLD);
    }
    if (rank == root) {
        int bad;

        expected(want, t, n, size, op);
        bad = same(out, want, t, n);
        if (bad >= 0) {
            fprintf(stderr, "rank %d: MPI_Reduce(%s, %s, count %d, root %d%s): element %d wrong\n",
                    rank, tnames[t], opname, n, root, in_place ? ", in place" : "", bad);
            errs++;
        }
    }
    free(in);
    free(out);
    free(want);
    return errs;
}

int main(int argc, char **argv)
{
    static const int counts[] = { 0, 1, 7, 10000 };
    int rank;
    int size;
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int c = 0; c < 4; c++) {
        int roots[] = { 0, size - 1, size / 2 };

        for (int r = 0; r < 3; r++) {
            for (int ip = 0; ip < 2; ip++) {
                errs += check_one(T_INT, MPI_SUM, "MPI_SUM", counts[c], roots[r], ip);
                errs += check_one(T_INT, MPI_MAX, "MPI_MAX", counts[c], roots[r], ip);
                errs += check_one(T_DOUBLE, MPI_SUM, "MPI_SUM", counts[c], roots[r], ip);
                errs += check_one(T_DOUBLE, MPI_MIN, "MPI_MIN", counts[c], roots[r], ip);
                errs += check_one(T_DINT, MPI_MINLOC, "MPI_MINLOC", counts[c], roots[r], ip);
                errs += check_one(T_2INT, MPI_MAXLOC, "MPI_MAXLOC", counts[c], roots[r], ip);
            }
        }
    }
    return mtest_finish(errs);
}
