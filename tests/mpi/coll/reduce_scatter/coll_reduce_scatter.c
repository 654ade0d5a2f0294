/* coll_reduce_scatter: MPI_Reduce_scatter and MPI_Reduce_scatter_block against the reduction
 * computed locally in rank order, for the types and ops of coll_redux.h. The cases come in
 * groups run separately (testlist arg=GROUP; no argument runs them all), so that an algorithm
 * refusing one group under smpi/coll-fallback:error still runs the others:
 *   block          commutative, equal blocks (MPI_Reduce_scatter_block): every type and op at
 *                  7 per block, blocks of 0, 1 and above 64 KiB (on the first 4 ranks, so that
 *                  the inputs stay small), two of them in place
 *   irregular      commutative, MPI_Reduce_scatter with blocks n + r % 3 (none empty), and
 *                  one block above 64 KiB among small ones
 *   zeros          commutative, MPI_Reduce_scatter with every third block empty
 *   noncomm        the matrix product with equal blocks (1, 7, above 64 KiB on the first 4
 *                  ranks), in place, and on a communicator whose ranks run backwards
 *   noncomm_zeros  the matrix product with every third block empty
 * Prints "No Errors" from rank 0 on success. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coll_redux.h"
#include "mtest.h"

/* Bytes of a large block: above 64 KiB, so its messages go by rendezvous. Equal large blocks
 * run on the first LARGE_RANKS ranks only (every rank's input holds a block per rank). */
#define LARGE_BYTES 67584
#define LARGE_RANKS 4

enum layout {
    EQUAL,     /* n per rank, through MPI_Reduce_scatter_block */
    IRREGULAR, /* n + r % 3 */
    ZEROS,     /* 0 for r % 3 == 1, else n + r % 2 */
    ONE_LARGE, /* n for the last rank, 1 + r % 3 for the others */
};

static const char *const layout_names[] = { "equal", "irregular", "every third empty",
                                            "one large" };

static int block_of(enum layout l, int r, int size, int n)
{
    switch (l) {
    case EQUAL:
        return n;
    case IRREGULAR:
        return n + r % 3;
    case ZEROS:
        return r % 3 == 1 ? 0 : n + r % 2;
    default:
        return r == size - 1 ? n : 1 + r % 3;
    }
}

/* fill() repeats itself along the vector (every 17 elements, every 1009 for the matrices), so
 * the reduced vector is computed over one period, not over the whole vector on every rank. */
static int period(enum tkind t)
{
    return t == T_MAT ? 1009 : 17;
}

/* Elements of type t per large block. */
static int large(enum tkind t)
{
    int size;

    MPI_Type_size(mpi_type(t), &size);
    return LARGE_BYTES / size;
}

/* Index of the first of the n elements of got (elements first .. first + n - 1 of the reduced
 * vector) that is wrong, or -1. */
static int check_range(const void *got, enum tkind t, MPI_Op op, int size, int first, int n)
{
    int p = period(t);
    char *want = malloc(tsize(t) * (size_t)p);
    int bad = -1;

    expected(want, t, p, size, op);
    for (int i = 0; i < n && bad < 0; i++)
        if (same((const char *)got + tsize(t) * (size_t)i,
                 want + tsize(t) * (size_t)((first + i) % p), t, 1) >= 0)
            bad = i;
    free(want);
    return bad;
}

/* One reduction of the blocks of layout l, n, of type t with op j on comm (where: how comm
 * differs from MPI_COMM_WORLD, for messages), checked on every rank. The input of comm rank r
 * is fill(..., r). */
static int check_on(MPI_Comm comm, const char *where, enum tkind t, int j, enum layout l, int n,
                    int in_place)
{
    int rank;
    int size;
    int bad;
    int off = 0;
    int total = 0;
    int *counts;
    char *in;
    char *out;

    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    counts = malloc(sizeof(*counts) * (size_t)size);
    for (int r = 0; r < size; r++) {
        counts[r] = block_of(l, r, size, n);
        off += r < rank ? counts[r] : 0;
        total += counts[r];
    }
    in = malloc(tsize(t) * (size_t)(total + 1));
    out = malloc(tsize(t) * (size_t)(total + 1));
    fill(in, t, total, rank);
    memset(out, 0x5a, tsize(t) * (size_t)(total + 1));
    if (in_place)
        memcpy(out, in, tsize(t) * (size_t)total);
    if (l == EQUAL)
        MPI_Reduce_scatter_block(in_place ? MPI_IN_PLACE : in, out, n, mpi_type(t), op_of(t, j),
                                 comm);
    else
        MPI_Reduce_scatter(in_place ? MPI_IN_PLACE : in, out, counts, mpi_type(t), op_of(t, j),
                           comm);
    bad = check_range(out, t, op_of(t, j), size, off, counts[rank]);
    if (bad >= 0)
        fprintf(stderr, "rank %d: %s(%s, %s, %s blocks of %d%s%s): element %d wrong\n", rank,
                l == EQUAL ? "MPI_Reduce_scatter_block" : "MPI_Reduce_scatter", tnames[t],
                op_name(t, j), layout_names[l], n, in_place ? ", in place" : "", where, bad);
    free(counts);
    free(in);
    free(out);
    return bad >= 0;
}

static int check_one(enum tkind t, int j, enum layout l, int n, int in_place)
{
    return check_on(MPI_COMM_WORLD, "", t, j, l, n, in_place);
}

/* Equal large blocks of type t with op j on the first LARGE_RANKS ranks. */
static int check_large(enum tkind t, int j, int in_place)
{
    int rank;
    int errs = 0;
    MPI_Comm comm;

    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_split(MPI_COMM_WORLD, rank < LARGE_RANKS ? 0 : MPI_UNDEFINED, rank, &comm);
    if (comm != MPI_COMM_NULL) {
        errs = check_on(comm, ", first ranks", t, j, EQUAL, large(t), in_place);
        MPI_Comm_free(&comm);
    }
    return errs;
}

/* Every commutative type with each of its ops, blocks of layout l and n. */
static int commutative(enum layout l, int n)
{
    int errs = 0;

    for (int t = 0; t < T_COUNT; t++)
        for (int j = 0; t != T_MAT && j < nops((enum tkind)t); j++)
            errs += check_one((enum tkind)t, j, l, n, 0);
    return errs;
}

static int group_block(void)
{
    int errs = commutative(EQUAL, 7);

    errs += check_one(T_INT, 0, EQUAL, 0, 0);
    errs += check_one(T_DINT, 0, EQUAL, 1, 0);
    errs += check_one(T_RSZ, 0, EQUAL, 1, 1);
    errs += check_large(T_DOUBLE, 0, 1);
    return errs;
}

static int group_irregular(void)
{
    int errs = commutative(IRREGULAR, 1);

    errs += check_one(T_2INT, 0, IRREGULAR, 7, 1);
    errs += check_one(T_INT, 1, ONE_LARGE, large(T_INT), 0);
    return errs;
}

static int group_zeros(void)
{
    int errs = commutative(ZEROS, 7);

    errs += check_one(T_RSZ, 0, ZEROS, 1, 1);
    return errs;
}

static int group_noncomm(void)
{
    int rank;
    int size;
    int errs = 0;
    MPI_Comm rev;

    errs += check_one(T_MAT, 0, EQUAL, 1, 0);
    errs += check_one(T_MAT, 0, EQUAL, 7, 1);
    errs += check_large(T_MAT, 0, 0);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_split(MPI_COMM_WORLD, 0, size - rank, &rev);
    errs += check_on(rev, ", reversed ranks", T_MAT, 0, EQUAL, 7, 0);
    MPI_Comm_free(&rev);
    return errs;
}

static int group_noncomm_zeros(void)
{
    return check_one(T_MAT, 0, ZEROS, 1, 0) + check_one(T_MAT, 0, ZEROS, 7, 1);
}

/* The reference computation relies on fill() being periodic; say so if it stops being. */
static int check_period(void)
{
    int errs = 0;

    for (int t = 0; t < T_COUNT; t++) {
        int p = period((enum tkind)t);
        char *buf = malloc(2 * tsize((enum tkind)t) * (size_t)p);

        fill(buf, (enum tkind)t, 2 * p, 3);
        errs +=
            mtest_expect(same(buf, buf + tsize((enum tkind)t) * (size_t)p, (enum tkind)t, p) < 0,
                         "fill(%s) no longer repeats every %d elements", tnames[t], p);
        free(buf);
    }
    return errs;
}

int main(int argc, char **argv)
{
    static const struct {
        const char *name;
        int (*run)(void);
    } groups[] = {
        { "block", group_block },
        { "irregular", group_irregular },
        { "zeros", group_zeros },
        { "noncomm", group_noncomm },
        { "noncomm_zeros", group_noncomm_zeros },
    };
    int errs;
    int ran = 0;

    MPI_Init(&argc, &argv);
    errs = check_period();
    for (size_t g = 0; g < sizeof(groups) / sizeof(groups[0]); g++) {
        if (argc > 1 && strcmp(argv[1], groups[g].name) != 0)
            continue;
        errs += groups[g].run();
        ran++;
    }
    errs += mtest_expect(ran > 0,
                         "unknown group '%s'; valid: block, irregular, zeros, noncomm, "
                         "noncomm_zeros",
                         argc > 1 ? argv[1] : "");
    return mtest_finish(errs);
}
