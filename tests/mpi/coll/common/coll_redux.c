/* coll_redux: see coll_redux.h. */
#include "coll_redux.h"

#include <stdlib.h>
#include <string.h>

const char *const tnames[] = { "MPI_INT",  "MPI_DOUBLE",     "MPI_DOUBLE_INT",
                               "MPI_2INT", "2x2 int matrix", "MPI_INT resized to (8, 16)" };

#define MOD 1009

/* in * inout (2x2 matrices, row major, modulo MOD) into inout: associative, not commutative. */
static void mat_mul(const int *a, int *b)
{
    int c[4];

    c[0] = (a[0] * b[0] + a[1] * b[2]) % MOD;
    c[1] = (a[0] * b[1] + a[1] * b[3]) % MOD;
    c[2] = (a[2] * b[0] + a[3] * b[2]) % MOD;
    c[3] = (a[2] * b[1] + a[3] * b[3]) % MOD;
    memcpy(b, c, sizeof(c));
}

static void mat_op(void *in, void *inout, int *len, MPI_Datatype *type)
{
    MPI_Aint lb;
    MPI_Aint extent;

    MPI_Type_get_extent(*type, &lb, &extent);
    for (int i = 0; i < *len; i++)
        mat_mul((const int *)((char *)in + i * extent), (int *)((char *)inout + i * extent));
}

/* Sums ints laid out at the type's extent (the resized type). */
static void rsz_sum(void *in, void *inout, int *len, MPI_Datatype *type)
{
    MPI_Aint lb;
    MPI_Aint extent;

    MPI_Type_get_extent(*type, &lb, &extent);
    for (int i = 0; i < *len; i++)
        *(int *)((char *)inout + i * extent) += *(const int *)((char *)in + i * extent);
}

MPI_Datatype mpi_type(enum tkind t)
{
    static MPI_Datatype mat = MPI_DATATYPE_NULL;
    static MPI_Datatype rsz = MPI_DATATYPE_NULL;

    switch (t) {
    case T_INT:
        return MPI_INT;
    case T_DOUBLE:
        return MPI_DOUBLE;
    case T_DINT:
        return MPI_DOUBLE_INT;
    case T_2INT:
        return MPI_2INT;
    case T_MAT:
        if (mat == MPI_DATATYPE_NULL) {
            MPI_Type_contiguous(4, MPI_INT, &mat);
            MPI_Type_commit(&mat);
        }
        return mat;
    default:
        if (rsz == MPI_DATATYPE_NULL) {
            MPI_Type_create_resized(MPI_INT, 8, 16, &rsz);
            MPI_Type_commit(&rsz);
        }
        return rsz;
    }
}

size_t tsize(enum tkind t)
{
    switch (t) {
    case T_INT:
        return sizeof(int);
    case T_DOUBLE:
        return sizeof(double);
    case T_DINT:
        return sizeof(struct dint);
    case T_2INT:
        return sizeof(struct iint);
    default:
        return 16;
    }
}

int nops(enum tkind t)
{
    return t == T_INT || t == T_DOUBLE ? 3 : 1;
}

MPI_Op op_of(enum tkind t, int j)
{
    static MPI_Op mat = MPI_OP_NULL;
    static MPI_Op rsz = MPI_OP_NULL;
    static const MPI_Op basic[] = { MPI_SUM, MPI_MAX, MPI_MIN };

    switch (t) {
    case T_DINT:
        return MPI_MINLOC;
    case T_2INT:
        return MPI_MAXLOC;
    case T_MAT:
        if (mat == MPI_OP_NULL)
            MPI_Op_create(mat_op, 0, &mat);
        return mat;
    case T_RSZ:
        if (rsz == MPI_OP_NULL)
            MPI_Op_create(rsz_sum, 1, &rsz);
        return rsz;
    default:
        return basic[j];
    }
}

const char *op_name(enum tkind t, int j)
{
    static const char *const basic[] = { "MPI_SUM", "MPI_MAX", "MPI_MIN" };

    switch (t) {
    case T_DINT:
        return "MPI_MINLOC";
    case T_2INT:
        return "MPI_MAXLOC";
    case T_MAT:
        return "matrix product (non-commutative user op)";
    case T_RSZ:
        return "sum (commutative user op)";
    default:
        return basic[j];
    }
}

/* Rank r's input element i: small integers (exact in double), many ties for MINLOC/MAXLOC. */
int value(int rank, int i)
{
    return (rank * 37 + i * 11) % 17 - 8;
}

static void *at(void *buf, enum tkind t, int i)
{
    return (char *)buf + (size_t)i * tsize(t);
}

static const void *cat(const void *buf, enum tkind t, int i)
{
    return (const char *)buf + (size_t)i * tsize(t);
}

void fill(void *buf, enum tkind t, int n, int rank)
{
    for (int i = 0; i < n; i++) {
        if (t == T_INT || t == T_RSZ) {
            *(int *)at(buf, t, i) = value(rank, i);
        } else if (t == T_DOUBLE) {
            *(double *)at(buf, t, i) = value(rank, i);
        } else if (t == T_DINT) {
            *(struct dint *)at(buf, t, i) = (struct dint){ value(rank, i), rank };
        } else if (t == T_2INT) {
            *(struct iint *)at(buf, t, i) = (struct iint){ value(rank, i), rank };
        } else {
            int *m = at(buf, t, i);

            m[0] = (rank * 7 + i + 2) % MOD;
            m[1] = (rank * 3 + 1) % MOD;
            m[2] = (i * 5 + 3) % MOD;
            m[3] = (rank + i * 2 + 1) % MOD;
        }
    }
}

double pick(double a, double b, MPI_Op op)
{
    if (op == MPI_SUM)
        return a + b;
    if (op == MPI_MAX)
        return a > b ? a : b;
    return a < b ? a : b;
}

void combine(void *acc, const void *in, enum tkind t, int n, MPI_Op op)
{
    for (int i = 0; i < n; i++) {
        if (t == T_INT) {
            int *a = at(acc, t, i);

            *a = (int)pick(*a, *(const int *)cat(in, t, i), op);
        } else if (t == T_DOUBLE) {
            double *a = at(acc, t, i);

            *a = pick(*a, *(const double *)cat(in, t, i), op);
        } else if (t == T_DINT) {
            struct dint *a = at(acc, t, i);
            const struct dint *b = cat(in, t, i);

            if (b->v < a->v)
                *a = *b;
        } else if (t == T_2INT) {
            struct iint *a = at(acc, t, i);
            const struct iint *b = cat(in, t, i);

            if (b->v > a->v)
                *a = *b;
        } else if (t == T_RSZ) {
            *(int *)at(acc, t, i) += *(const int *)cat(in, t, i);
        } else {
            int b[4];

            memcpy(b, cat(in, t, i), sizeof(b));
            mat_mul(at(acc, t, i), b); /* acc * in */
            memcpy(at(acc, t, i), b, sizeof(b));
        }
    }
}

int same(const void *got, const void *want, enum tkind t, int n)
{
    for (int i = 0; i < n; i++) {
        const void *g = cat(got, t, i);
        const void *w = cat(want, t, i);

        if (t == T_DINT) {
            const struct dint *x = g;
            const struct dint *y = w;

            if (x->v != y->v || x->i != y->i)
                return i;
        } else if (t == T_2INT) {
            const struct iint *x = g;
            const struct iint *y = w;

            if (x->v != y->v || x->i != y->i)
                return i;
        } else if (t == T_RSZ) {
            if (*(const int *)g != *(const int *)w)
                return i;
        } else if (memcmp(g, w, tsize(t))) {
            return i;
        }
    }
    return -1;
}

void expected(void *want, enum tkind t, int n, int size, MPI_Op op)
{
    void *tmp = malloc(tsize(t) * (size_t)(n ? n : 1));

    fill(want, t, n, 0);
    for (int r = 1; r < size; r++) {
        fill(tmp, t, n, r);
        combine(want, tmp, t, n, op);
    }
    free(tmp);
}
