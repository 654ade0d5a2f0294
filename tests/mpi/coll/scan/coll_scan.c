/* coll_scan: MPI_Scan and MPI_Exscan against the prefix reductions computed locally in rank
 * order, for every type and op of coll_redux.h (predefined types and ops, the non-commutative
 * matrix product, the resized int with its user sum): every type and op at count 7, counts 0
 * and 1, a count above 64 KiB of data (rendezvous, on the first 4 ranks), MPI_IN_PLACE, and a
 * communicator whose ranks run backwards. The argument (testlist arg=) picks the call: scan,
 * exscan, or both when absent. Prints "No Errors" from rank 0 on success. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coll_redux.h"
#include "mtest.h"

/* Bytes of a large input: above 64 KiB, so its messages go by rendezvous. Large inputs run
 * on the first LARGE_RANKS ranks only (a rank of smpi_linear holds the inputs of every rank
 * below it). */
#define LARGE_BYTES 67584
#define LARGE_RANKS 4

/* Elements of type t in a large input. */
static int large(enum tkind t)
{
    int size;

    MPI_Type_size(mpi_type(t), &size);
    return LARGE_BYTES / size;
}

/* One MPI_Scan (exclusive: MPI_Exscan) of n elements of type t with op j on comm (where: how
 * comm differs from MPI_COMM_WORLD, for messages), checked on every rank but rank 0 of an
 * exscan, whose result MPI leaves undefined. The input of comm rank r is fill(..., r). */
static int check_on(MPI_Comm comm, const char *where, enum tkind t, int j, int n, int in_place,
                    int exclusive)
{
    int rank;
    int bad = -1;
    size_t bytes = tsize(t) * (size_t)(n ? n : 1);
    void *in = malloc(bytes);
    void *out = malloc(bytes);
    void *want = malloc(bytes);

    MPI_Comm_rank(comm, &rank);
    fill(in, t, n, rank);
    memset(out, 0x5a, bytes);
    if (in_place)
        memcpy(out, in, bytes);
    if (exclusive)
        MPI_Exscan(in_place ? MPI_IN_PLACE : in, out, n, mpi_type(t), op_of(t, j), comm);
    else
        MPI_Scan(in_place ? MPI_IN_PLACE : in, out, n, mpi_type(t), op_of(t, j), comm);
    if (!exclusive || rank > 0) {
        expected(want, t, n, exclusive ? rank : rank + 1, op_of(t, j));
        bad = same(out, want, t, n);
    }
    if (bad >= 0)
        fprintf(stderr, "rank %d: %s(%s, %s, count %d%s%s): element %d wrong\n", rank,
                exclusive ? "MPI_Exscan" : "MPI_Scan", tnames[t], op_name(t, j), n,
                in_place ? ", in place" : "", where, bad);
    free(in);
    free(out);
    free(want);
    return bad >= 0;
}

static int check_one(enum tkind t, int j, int n, int in_place, int exclusive)
{
    return check_on(MPI_COMM_WORLD, "", t, j, n, in_place, exclusive);
}

/* A large input of type t with op j on the first LARGE_RANKS ranks. */
static int check_large(enum tkind t, int j, int in_place, int exclusive)
{
    int rank;
    int errs = 0;
    MPI_Comm comm;

    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_split(MPI_COMM_WORLD, rank < LARGE_RANKS ? 0 : MPI_UNDEFINED, rank, &comm);
    if (comm != MPI_COMM_NULL) {
        errs = check_on(comm, ", first ranks", t, j, large(t), in_place, exclusive);
        MPI_Comm_free(&comm);
    }
    return errs;
}

static int run_all(int exclusive)
{
    int rank;
    int size;
    int errs = 0;
    MPI_Comm rev;

    for (int t = 0; t < T_COUNT; t++)
        for (int j = 0; j < nops((enum tkind)t); j++)
            errs += check_one((enum tkind)t, j, 7, 0, exclusive);
    errs += check_one(T_INT, 0, 0, 0, exclusive);
    errs += check_one(T_RSZ, 0, 0, 1, exclusive);
    errs += check_one(T_DOUBLE, 1, 1, 0, exclusive);
    errs += check_one(T_MAT, 0, 1, 1, exclusive);
    errs += check_one(T_DINT, 0, 7, 1, exclusive);
    errs += check_large(T_DOUBLE, 0, 1, exclusive);
    errs += check_large(T_RSZ, 0, 0, exclusive);
    errs += check_large(T_MAT, 0, 0, exclusive);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_split(MPI_COMM_WORLD, 0, size - rank, &rev);
    errs += check_on(rev, ", reversed ranks", T_MAT, 0, 7, 0, exclusive);
    MPI_Comm_free(&rev);
    return errs;
}

int main(int argc, char **argv)
{
    int errs = 0;
    int scan = argc < 2 || strcmp(argv[1], "scan") == 0;
    int exscan = argc < 2 || strcmp(argv[1], "exscan") == 0;

    MPI_Init(&argc, &argv);
    if (scan)
        errs += run_all(0);
    if (exscan)
        errs += run_all(1);
    errs += mtest_expect(scan || exscan, "unknown call '%s'; valid: scan, exscan",
                         argc > 1 ? argv[1] : "");
    return mtest_finish(errs);
}
