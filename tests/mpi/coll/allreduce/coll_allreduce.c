/* coll_allreduce: MPI_Allreduce against a local computation, on counts 0, 1, 7 and 10000,
 * with int, double and (value, index) pair types, SUM/MAX/MIN and MINLOC/MAXLOC, and
 * MPI_IN_PLACE. Prints "No Errors" from rank 0 on success. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coll_redux.h"
#include "mtest.h"

static int check_one(enum tkind t, MPI_Op op, const char *opname, int n, int in_place)
{
    int rank;
    int size;
    int bad;
    size_t bytes = tsize(t) * (size_t)(n ? n : 1);
    void *in = malloc(bytes);
    void *out = malloc(bytes);
    void *want = malloc(bytes);

    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    fill(in, t, n, rank);
    memset(out, 0x5a, bytes);
    if (in_place) {
        fill(out, t, n, rank);
        MPI_Allreduce(MPI_IN_PLACE, out, n, mpi_type(t), op, MPI_COMM_WORLD);
    } else {
        MPI_Allreduce(in, out, n, mpi_type(t), op, MPI_COMM_WORLD);
    }
    expected(want, t, n, size, op);
    bad = same(out, want, t, n);
    if (bad >= 0)
        fprintf(stderr, "rank %d: MPI_Allreduce(%s, %s, count %d%s): element %d wrong\n", rank,
                tnames[t], opname, n, in_place ? ", in place" : "", bad);
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
            errs += check_one(T_INT, MPI_SUM, "MPI_SUM", counts[c], ip);
            errs += check_one(T_INT, MPI_MAX, "MPI_MAX", counts[c], ip);
            errs += check_one(T_DOUBLE, MPI_SUM, "MPI_SUM", counts[c], ip);
            errs += check_one(T_DOUBLE, MPI_MIN, "MPI_MIN", counts[c], ip);
            errs += check_one(T_DINT, MPI_MINLOC, "MPI_MINLOC", counts[c], ip);
            errs += check_one(T_2INT, MPI_MAXLOC, "MPI_MAXLOC", counts[c], ip);
        }
    }
    return mtest_finish(errs);
}
