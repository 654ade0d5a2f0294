/* coll_reduce: MPI_Reduce against a local computation, on counts 0, 1, 7 and 10000, with int,
 * double and (value, index) pair types, SUM/MAX/MIN and MINLOC/MAXLOC, several roots, and
 * MPI_IN_PLACE at the root. Prints "No Errors" from rank 0 on success. */
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
    int total = 0;

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
