/* coll_allreduce: MPI_Allreduce against the reduction computed locally in rank order, for every
 * type and op of coll_redux.h (predefined types and ops, the non-commutative matrix product,
 * the resized int with its user sum). The cases come in groups run separately (testlist
 * arg=GROUP; no argument runs them all), so that an algorithm refusing one group under
 * smpi/coll-fallback:error still runs the others:
 *   large    int, double (in place), double-int and the resized int at 24576 elements (above
 *            64 KiB of data for each, a multiple of 4096 and of twice every host count of the
 *            testlist)
 *   small    commutative cases at counts 1 and 7, one in place
 *   zero     count 0
 *   noncomm  the matrix product at counts 1 and 7, in place, and on a communicator whose ranks
 *            run backwards
 *   noncomm_large  the matrix product at 24576 elements, and at 96 on the backwards
 *            communicator
 *   basic    int and double only, with every predefined op they take, at counts 1, 7 and
 *            24576, in place and on the backwards communicator (for rab, which refuses the
 *            other types)
 * Prints "No Errors" from rank 0 on success. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coll_redux.h"
#include "mtest.h"

#define LARGE 24576
#define TAG_DIGEST 77

/* The bytes of element i that carry its value (no padding). */
static size_t value_bytes(const void *buf, enum tkind t, int i, const unsigned char **p)
{
    *p = (const unsigned char *)buf + (size_t)i * tsize(t);
    switch (t) {
    case T_INT:
    case T_RSZ:
        return sizeof(int);
    case T_DOUBLE:
        return sizeof(double);
    case T_DINT:
        return sizeof(double); /* the index is folded in by digest() */
    case T_2INT:
        return 2 * sizeof(int);
    default:
        return 4 * sizeof(int);
    }
}

/* FNV-1a over the values of n elements, so that ranks can compare results cheaply. */
static unsigned long long digest(const void *buf, enum tkind t, int n)
{
    unsigned long long h = 1469598103934665603ull;

    for (int i = 0; i < n; i++) {
        const unsigned char *p;
        size_t len = value_bytes(buf, t, i, &p);

        for (size_t k = 0; k < len; k++)
            h = (h ^ p[k]) * 1099511628211ull;
        if (t == T_DINT)
            h = (h ^ (unsigned)((const struct dint *)(const void *)p)->i) * 1099511628211ull;
    }
    return h;
}

/* Rank 0 computes the reference (once: it costs size * n), checks its own result element by
 * element and the other ranks' results by digest, received point to point. */
static int verify(const void *out, enum tkind t, int j, int n, const char *what)
{
    int rank;
    int size;
    int errs = 0;
    unsigned long long mine = digest(out, t, n);
    void *want;

    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank != 0) {
        MPI_Send(&mine, 1, MPI_UNSIGNED_LONG_LONG, 0, TAG_DIGEST, MPI_COMM_WORLD);
        return 0;
    }
    want = malloc(tsize(t) * (size_t)(n ? n : 1));
    expected(want, t, n, size, op_of(t, j));
    errs += mtest_expect(same(out, want, t, n) < 0, "%s: rank 0's element %d wrong", what,
                         same(out, want, t, n));
    for (int r = 1; r < size; r++) {
        unsigned long long theirs;

        MPI_Recv(&theirs, 1, MPI_UNSIGNED_LONG_LONG, r, TAG_DIGEST, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
        errs +=
            mtest_expect(theirs == digest(want, t, n), "%s: rank %d's result is wrong", what, r);
    }
    free(want);
    return errs;
}

/* One MPI_Allreduce of n elements of type t with op j on comm (a communicator of all the
 * ranks). The input of comm rank r is fill(..., r), so the reference is the same on every such
 * communicator. */
static int check_one(MPI_Comm comm, enum tkind t, int j, int n, int in_place)
{
    int rank;
    char what[160];
    size_t bytes = tsize(t) * (size_t)(n ? n : 1);
    void *in = malloc(bytes);
    void *out = malloc(bytes);
    int errs;

    MPI_Comm_rank(comm, &rank);
    fill(in, t, n, rank);
    memset(out, 0x5a, bytes);
    if (in_place) {
        fill(out, t, n, rank);
        MPI_Allreduce(MPI_IN_PLACE, out, n, mpi_type(t), op_of(t, j), comm);
    } else {
        MPI_Allreduce(in, out, n, mpi_type(t), op_of(t, j), comm);
    }
    snprintf(what, sizeof(what), "MPI_Allreduce(%s, %s, count %d%s%s)", tnames[t], op_name(t, j), n,
             in_place ? ", in place" : "", comm == MPI_COMM_WORLD ? "" : ", reversed ranks");
    errs = verify(out, t, j, n, what);
    free(in);
    free(out);
    return errs;
}

/* Every commutative type with each of its ops at count n. */
static int commutative(int n)
{
    int errs = 0;

    for (int t = 0; t < T_COUNT; t++)
        for (int j = 0; t != T_MAT && j < nops((enum tkind)t); j++)
            errs += check_one(MPI_COMM_WORLD, (enum tkind)t, j, n, 0);
    return errs;
}

/* MPI_INT, MPI_DOUBLE (in place), a pair type and the resized type, each with its first op
 * (every op runs in group_small; the matrix product in group_noncomm). */
static int group_large(void)
{
    return check_one(MPI_COMM_WORLD, T_INT, 0, LARGE, 0) +
           check_one(MPI_COMM_WORLD, T_DOUBLE, 0, LARGE, 1) +
           check_one(MPI_COMM_WORLD, T_DINT, 0, LARGE, 0) +
           check_one(MPI_COMM_WORLD, T_RSZ, 0, LARGE, 0);
}

static int group_small(void)
{
    int errs = commutative(1) + commutative(7);

    errs += check_one(MPI_COMM_WORLD, T_DINT, 0, 7, 1);
    return errs;
}

static int group_zero(void)
{
    return check_one(MPI_COMM_WORLD, T_INT, 0, 0, 0) + check_one(MPI_COMM_WORLD, T_RSZ, 0, 0, 1);
}

static int group_noncomm(void)
{
    int rank;
    int size;
    int errs = 0;
    MPI_Comm rev;

    errs += check_one(MPI_COMM_WORLD, T_MAT, 0, 1, 0);
    errs += check_one(MPI_COMM_WORLD, T_MAT, 0, 7, 0);
    errs += check_one(MPI_COMM_WORLD, T_MAT, 0, 7, 1);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_split(MPI_COMM_WORLD, 0, size - rank, &rev);
    errs += check_one(rev, T_MAT, 0, 7, 0);
    MPI_Comm_free(&rev);
    return errs;
}

/* 96 is a multiple of 3 and of 32: every count check of the testlist's layouts holds. */
static int group_noncomm_large(void)
{
    int rank;
    int size;
    int errs = check_one(MPI_COMM_WORLD, T_MAT, 0, LARGE, 0);
    MPI_Comm rev;

    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_split(MPI_COMM_WORLD, 0, size - rank, &rev);
    errs += check_one(rev, T_MAT, 0, 96, 0);
    MPI_Comm_free(&rev);
    return errs;
}

static int group_basic(void)
{
    static const int counts[] = { 1, 7, LARGE };
    int rank;
    int size;
    int errs = 0;
    MPI_Comm rev;

    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_split(MPI_COMM_WORLD, 0, size - rank, &rev);
    for (int t = T_INT; t <= T_DOUBLE; t++)
        for (size_t c = 0; c < sizeof(counts) / sizeof(counts[0]); c++)
            for (int j = 0; j < nops((enum tkind)t); j++)
                errs += check_one(MPI_COMM_WORLD, (enum tkind)t, j, counts[c], j == 1);
    errs += check_one(rev, T_DOUBLE, 0, 7, 0);
    MPI_Comm_free(&rev);
    return errs;
}

int main(int argc, char **argv)
{
    static const struct {
        const char *name;
        int (*run)(void);
    } groups[] = {
        { "large", group_large },
        { "small", group_small },
        { "zero", group_zero },
        { "noncomm", group_noncomm },
        { "noncomm_large", group_noncomm_large },
        { "basic", group_basic },
    };
    int errs = 0;
    int ran = 0;

    MPI_Init(&argc, &argv);
    for (size_t g = 0; g < sizeof(groups) / sizeof(groups[0]); g++) {
        if (argc > 1 && strcmp(argv[1], groups[g].name) != 0)
            continue;
        errs += groups[g].run();
        ran++;
    }
    errs += mtest_expect(
        ran > 0, "unknown group '%s'; valid: large, small, zero, noncomm, noncomm_large, basic",
        argc > 1 ? argv[1] : "");
    return mtest_finish(errs);
}
