/* coll_scan: MPI_Scan and MPI_Exscan against a local computation, on counts 0, 1, 7 and
 * 10000, with int, double and (value, index) pair types, SUM/MAX/MIN and MINLOC/MAXLOC, and
 * MPI_IN_PLACE. Prints "No Errors" from rank 0 on success. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coll_redux.h"
#include "mtest.h"

/* exclusive: rank r gets the reduction of ranks 0..r-1 (nothing is checked at rank 0). */
static int check_one(enum tkind t, MPI_Op op, const char *opname, int n, int in_place,
                     int exclusive)
{
    const char *call = exclusive ? "MPI_Exscan" : "MPI_Scan";
    int rank;
    int bad = -1;
    size_t bytes = tsize(t) * (size_t)(n ? n : 1);
    void *in = malloc(bytes);
    void *out = malloc(bytes);
    void *want = malloc(bytes);
    void *sbuf = in;

    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    fill(in, t, n, rank);
    memset(out, 0x5a, bytes);
    if (in_place) {
        fill(out, t, n, rank);
        sbuf = MPI_IN_PLACE;
    }
    if (exclusive)
        MPI_Exscan(sbuf, out, n, mpi_type(t), op, MPI_COMM_WORLD);
    else
        MPI_Scan(sbuf, out, n, mpi_type(t), op, MPI_COMM_WORLD);
    if (!exclusive || rank > 0) {
        expected(want, t, n, exclusive ? rank : rank + 1, op);
        bad = same(out, want, t, n);
    }
    if (bad >= 0)
        fprintf(stderr, "rank %d: %s(%s, %s, count %d%s): element %d wrong\n", rank, call,
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
            for (int ex = 0; ex < 2; ex++) {
                errs += check_one(T_INT, MPI_SUM, "MPI_SUM", counts[c], ip, ex);
                errs += check_one(T_INT, MPI_MAX, "MPI_MAX", counts[c], ip, ex);
                errs += check_one(T_DOUBLE, MPI_SUM, "MPI_SUM", counts[c], ip, ex);
                errs += check_one(T_DOUBLE, MPI_MIN, "MPI_MIN", counts[c], ip, ex);
                errs += check_one(T_DINT, MPI_MINLOC, "MPI_MINLOC", counts[c], ip, ex);
                errs += check_one(T_2INT, MPI_MAXLOC, "MPI_MAXLOC", counts[c], ip, ex);
            }
        }
    }
    return mtest_finish(errs);
}
