/* coll_alltoall: MPI_Alltoall, MPI_Alltoallv (uneven blocks, some empty, gaps) and
 * MPI_Alltoallw (a different datatype per pair of ranks, byte displacements) on counts 0, 1, 7
 * and 10000, with int, double and a (double, int) pair type, and MPI_IN_PLACE. Prints
 * "No Errors" from rank 0 on success. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct dint {
    double v;
    int i;
};

enum tkind { T_INT, T_DOUBLE, T_DINT, T_COUNT };

static const char *const tnames[] = { "MPI_INT", "MPI_DOUBLE", "MPI_DOUBLE_INT" };

static MPI_Datatype mpi_type(enum tkind t)
{
    return t == T_INT ? MPI_INT : t == T_DOUBLE ? MPI_DOUBLE : MPI_DOUBLE_INT;
}

static size_t tsize(enum tkind t)
{
    return t == T_INT ? sizeof(int) : t == T_DOUBLE ? sizeof(double) : sizeof(struct dint);
}

/* Element i of the block that rank `from` sends to rank `to`: unique per (from, to, i). */
static int value(int from, int to, int i)
{
    return from * 1000003 + to * 10007 + i;
}

static void *elem(void *buf, enum tkind t, long i)
{
    return (char *)buf + (size_t)i * tsize(t);
}

static void fill(void *buf, enum tkind t, int n, int from, int to)
{
    for (int i = 0; i < n; i++) {
        if (t == T_INT)
            *(int *)elem(buf, t, i) = value(from, to, i);
        else if (t == T_DOUBLE)
            *(double *)elem(buf, t, i) = value(from, to, i);
        else
            *(struct dint *)elem(buf, t, i) = (struct dint){ value(from, to, i), -from };
    }
}

/* Index of the first element of the block that is not what `from` sent to `to`, or -1. */
static int check(void *buf, enum tkind t, int n, int from, int to)
{
    for (int i = 0; i < n; i++) {
        int v = value(from, to, i);

        if (t == T_INT && *(int *)elem(buf, t, i) != v)
            return i;
        if (t == T_DOUBLE && *(double *)elem(buf, t, i) != v)
            return i;
        if (t == T_DINT && (((struct dint *)elem(buf, t, i))->v != v ||
                            ((struct dint *)elem(buf, t, i))->i != -from))
            return i;
    }
    return -1;
}

/* Ends the program: rank 0 prints "No Errors" or the error count. */
static int finish(int errs)
{
    int rank;
    int total = 0;

    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
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
enum variant { A2A, A2AV, A2AW };

static const char *const vnames[] = { "MPI_Alltoall", "MPI_Alltoallv", "MPI_Alltoallw" };

/* Elements that rank `from` sends to rank `to`: symmetric in (from, to), as MPI_IN_PLACE
 * requires; n for alltoall, n + (from + to) % 3 - 1 (at least 0) otherwise. */
static int pair_count(int from, int to, int n, enum variant v)
{
    int b = v == A2A ? n : n + (from + to) % 3 - 1;

    return b < 0 ? 0 : b;
}

/* Datatype of the block between from and to (alltoallw varies it per pair). */
static enum tkind pair_type(int from, int to, enum tkind t, enum variant v)
{
    return v == A2AW ? (enum tkind)((from + to + (int)t) % T_COUNT) : t;
}

struct layout {
    int *counts;
    int *displs;  /* in elements (alltoall, alltoallv) or bytes (alltoallw) */
    MPI_Datatype *types;
    enum tkind *kinds;
    long bytes;
};

/* Block j of this rank's buffer holds what goes to (send) or comes from (recv) rank j; blocks
 * are separated by one spare element except for alltoall. */
static void layout(struct layout *l, int rank, int size, int n, enum tkind t, enum variant v)
{
    long off = 0;

    l->counts = malloc(sizeof(int) * (size_t)size);
    l->displs = malloc(sizeof(int) * (size_t)size);
    l->types = malloc(sizeof(MPI_Datatype) * (size_t)size);
    l->kinds = malloc(sizeof(enum tkind) * (size_t)size);
    for (int j = 0; j < size; j++) {
        l->counts[j] = pair_count(rank, j, n, v);
        l->kinds[j] = pair_type(rank, j, t, v);
        l->types[j] = mpi_type(l->kinds[j]);
        if (v == A2AW) {
            l->displs[j] = (int)off;
            off += (long)(l->counts[j] + 1) * (long)sizeof(struct dint);
        } else {
            l->displs[j] = (int)off;
            off += l->counts[j] + (v == A2A ? 0 : 1);
        }
    }
    l->bytes = v == A2AW ? off : off * (long)tsize(t);
}

static void *block_at(void *buf, const struct layout *l, int j, enum tkind t, enum variant v)
{
    return v == A2AW ? (char *)buf + l->displs[j] : elem(buf, t, l->displs[j]);
}

static void layout_free(struct layout *l)
{
    free(l->counts);
    free(l->displs);
    free(l->types);
    free(l->kinds);
}

static int check_one(enum tkind t, int n, int in_place, enum variant v)
{
    int rank;
    int size;
    int errs = 0;
    struct layout l;
    void *sbuf;
    void *rbuf;
    const void *s;

    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    layout(&l, rank, size, n, t, v);
    sbuf = malloc((size_t)l.bytes + 1);
    rbuf = malloc((size_t)l.bytes + 1);
    memset(rbuf, 0x5a, (size_t)l.bytes + 1);
    for (int j = 0; j < size; j++)
        fill(block_at(in_place ? rbuf : sbuf, &l, j, t, v), l.kinds[j], l.counts[j], rank, j);
    s = in_place ? MPI_IN_PLACE : sbuf;
    if (v == A2A)
        MPI_Alltoall(s, n, mpi_type(t), rbuf, n, mpi_type(t), MPI_COMM_WORLD);
    else if (v == A2AV)
        MPI_Alltoallv(s, l.counts, l.displs, mpi_type(t), rbuf, l.counts, l.displs, mpi_type(t),
                      MPI_COMM_WORLD);
    else
        MPI_Alltoallw(s, l.counts, l.displs, l.types, rbuf, l.counts, l.displs, l.types,
                      MPI_COMM_WORLD);
    for (int j = 0; j < size; j++) {
        int bad = check(block_at(rbuf, &l, j, t, v), l.kinds[j], l.counts[j], j, rank);

        if (bad >= 0) {
            fprintf(stderr, "rank %d: %s(%s, count %d%s): block %d element %d wrong\n", rank,
                    vnames[v], tnames[t], n, in_place ? ", in place" : "", j, bad);
            errs++;
        }
    }
    layout_free(&l);
    free(sbuf);
    free(rbuf);
    return errs;
}

int main(int argc, char **argv)
{
    static const int counts[] = { 0, 1, 7, 10000 };
    int errs = 0;

    MPI_Init(&argc, &argv);
    for (int c = 0; c < 4; c++)
        for (int t = 0; t < T_COUNT; t++)
            for (int ip = 0; ip < 2; ip++)
                for (int v = A2A; v <= A2AW; v++)
                    errs += check_one((enum tkind)t, counts[c], ip, (enum variant)v);
    return finish(errs);
}
