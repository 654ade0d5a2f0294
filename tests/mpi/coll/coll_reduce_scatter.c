/* coll_reduce_scatter: MPI_Reduce_scatter (uneven blocks, some empty) and
 * MPI_Reduce_scatter_block against a local computation, on block sizes 0, 1, 7 and 10000, with
 * int, double and (value, index) pair types, SUM/MAX/MIN and MINLOC/MAXLOC, and MPI_IN_PLACE.
 * Prints "No Errors" from rank 0 on success. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct dint {
    double v;
    int i;
};
struct iint {
    int v;
    int i;
};

enum tkind { T_INT, T_DOUBLE, T_DINT, T_2INT, T_COUNT };

static const char *const tnames[] = { "MPI_INT", "MPI_DOUBLE", "MPI_DOUBLE_INT", "MPI_2INT" };

static MPI_Datatype mpi_type(enum tkind t)
{
    switch (t) {
    case T_INT:
        return MPI_INT;
    case T_DOUBLE:
        return MPI_DOUBLE;
    case T_DINT:
        return MPI_DOUBLE_INT;
    default:
        return MPI_2INT;
    }
}

static size_t tsize(enum tkind t)
{
    switch (t) {
    case T_INT:
        return sizeof(int);
    case T_DOUBLE:
        return sizeof(double);
    case T_DINT:
        return sizeof(struct dint);
    default:
        return sizeof(struct iint);
    }
}

/* Rank r's input element i: small integers (exact in double), many ties for MINLOC/MAXLOC. */
static int value(int rank, int i)
{
    return (rank * 37 + i * 11) % 17 - 8;
}

static void fill(void *buf, enum tkind t, int n, int rank)
{
    for (int i = 0; i < n; i++) {
        if (t == T_INT)
            ((int *)buf)[i] = value(rank, i);
        else if (t == T_DOUBLE)
            ((double *)buf)[i] = value(rank, i);
        else if (t == T_DINT)
            ((struct dint *)buf)[i] = (struct dint){ value(rank, i), rank };
        else
            ((struct iint *)buf)[i] = (struct iint){ value(rank, i), rank };
    }
}

static double pick(double a, double b, MPI_Op op)
{
    if (op == MPI_SUM)
        return a + b;
    if (op == MPI_MAX)
        return a > b ? a : b;
    return a < b ? a : b;
}

/* acc = acc op in (acc holds lower ranks). */
static void combine(void *acc, const void *in, enum tkind t, int n, MPI_Op op)
{
    for (int i = 0; i < n; i++) {
        if (t == T_INT) {
            ((int *)acc)[i] = (int)pick(((int *)acc)[i], ((const int *)in)[i], op);
        } else if (t == T_DOUBLE) {
            ((double *)acc)[i] = pick(((double *)acc)[i], ((const double *)in)[i], op);
        } else if (t == T_DINT) {
            struct dint *a = &((struct dint *)acc)[i];
            const struct dint *b = &((const struct dint *)in)[i];

            if (op == MPI_MINLOC ? b->v < a->v : b->v > a->v)
                *a = *b;
        } else {
            struct iint *a = &((struct iint *)acc)[i];
            const struct iint *b = &((const struct iint *)in)[i];

            if (op == MPI_MINLOC ? b->v < a->v : b->v > a->v)
                *a = *b;
        }
    }
}

static int same(const void *got, const void *want, enum tkind t, int n)
{
    for (int i = 0; i < n; i++) {
        if (t == T_DINT) {
            const struct dint *g = &((const struct dint *)got)[i];
            const struct dint *w = &((const struct dint *)want)[i];

            if (g->v != w->v || g->i != w->i)
                return i;
        } else if (t == T_2INT) {
            const struct iint *g = &((const struct iint *)got)[i];
            const struct iint *w = &((const struct iint *)want)[i];

            if (g->v != w->v || g->i != w->i)
                return i;
        } else if (memcmp((const char *)got + i * tsize(t), (const char *)want + i * tsize(t),
                          tsize(t))) {
            return i;
        }
    }
    return -1;
}

/* The reduction of every rank's input, in rank order. */
static void expected(void *want, enum tkind t, int n, int size, MPI_Op op)
{
    void *tmp = malloc(tsize(t) * (size_t)(n ? n : 1));

    fill(want, t, n, 0);
    for (int r = 1; r < size; r++) {
        fill(tmp, t, n, r);
        combine(want, tmp, t, n, op);
    }
    free(tmp);
}

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
    int total = 0;
    int off = 0;
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
    int total = 0;

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
    MPI_Allreduce(&errs, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (total == 0)
            printf("No Errors\n");
        else
            printf("Found %d errors\n", total);
    }
    MPI_Finalize();
    return total ? 1 : 0;
}
