/* coll_data: see coll_data.h. */
#include "coll_data.h"

#include <stdio.h>
#include <string.h>

#include "mtest.h"

const char *const tnames[] = { "MPI_INT", "MPI_DOUBLE", "MPI_DOUBLE_INT",
                               "MPI_INT resized to (8, 16)" };

MPI_Datatype mpi_type(enum tkind t)
{
    static MPI_Datatype rsz = MPI_DATATYPE_NULL;

    if (t == T_RSZ && rsz == MPI_DATATYPE_NULL) {
        MPI_Type_create_resized(MPI_INT, 8, 16, &rsz);
        MPI_Type_commit(&rsz);
    }
    return t == T_INT ? MPI_INT : t == T_DOUBLE ? MPI_DOUBLE : t == T_DINT ? MPI_DOUBLE_INT : rsz;
}

size_t tsize(enum tkind t)
{
    return t == T_INT      ? sizeof(int)
           : t == T_DOUBLE ? sizeof(double)
           : t == T_DINT   ? sizeof(struct dint)
                           : 16;
}

/* Element i of the block that rank `from` sends to rank `to`: unique per (from, to, i). */
int value(int from, int to, int i)
{
    return from * 1000003 + to * 10007 + i;
}

void *elem(void *buf, enum tkind t, long i)
{
    return (char *)buf + (size_t)i * tsize(t);
}

void fill(void *buf, enum tkind t, int n, int from, int to)
{
    for (int i = 0; i < n; i++) {
        if (t == T_INT || t == T_RSZ)
            *(int *)elem(buf, t, i) = value(from, to, i);
        else if (t == T_DOUBLE)
            *(double *)elem(buf, t, i) = value(from, to, i);
        else
            *(struct dint *)elem(buf, t, i) = (struct dint){ value(from, to, i), -from };
    }
}

/* Index of the first element of the block that is not what `from` sent to `to`, or -1. */
int check(void *buf, enum tkind t, int n, int from, int to)
{
    for (int i = 0; i < n; i++) {
        int v = value(from, to, i);

        if ((t == T_INT || t == T_RSZ) && *(int *)elem(buf, t, i) != v)
            return i;
        if (t == T_DOUBLE && *(double *)elem(buf, t, i) != v)
            return i;
        if (t == T_DINT && (((struct dint *)elem(buf, t, i))->v != v ||
                            ((struct dint *)elem(buf, t, i))->i != -from))
            return i;
    }
    return -1;
}
