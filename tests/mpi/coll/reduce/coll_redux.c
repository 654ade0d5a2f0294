/* coll_redux: see coll_redux.h. */
#include "coll_redux.h"

#include <stdlib.h>
#include <string.h>

const char *const tnames[] = { "MPI_INT", "MPI_DOUBLE", "MPI_DOUBLE_INT", "MPI_2INT" };

MPI_Datatype mpi_type(enum tkind t)
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

size_t tsize(enum tkind t)
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
int value(int rank, int i)
{
    return (rank * 37 + i * 11) % 17 - 8;
}

void fill(void *buf, enum tkind t, int n, int rank)
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

double pick(double a, double b, MPI_Op op)
{
    if (op == MPI_SUM)
        return a + b;
    if (op == MPI_MAX)
        return a > b ? a : b;
    return a < b ? a : b;
}

/* acc = acc op in (acc holds lower ranks). */
void combine(void *acc, const void *in, enum tkind t, int n, MPI_Op op)
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

int same(const void *got, const void *want, enum tkind t, int n)
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
