/* coll_gather: MPI_Gather and MPI_Gatherv (uneven blocks, some empty, gaps between blocks) on
 * counts 0, 1, 7 and 10000, with int, double and a (double, int) pair type, from several
 * roots, and MPI_IN_PLACE at the root. Prints "No Errors" from rank 0 on success. */
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
/* Rank j's block: n elements (gather) or n + j % 3 - 1, at least 0 (gatherv). */
static int block(int j, int n, int v)
{
    int b = v ? n + j % 3 - 1 : n;

    return b < 0 ? 0 : b;
}

static int check_one(enum tkind t, int n, int root, int in_place, int v)
{
    int rank;
    int size;
    int errs = 0;
    int *counts;
    int *displs;
    long span = 0;
    void *sbuf;
    void *rbuf;

    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    counts = malloc(sizeof(int) * (size_t)size);
    displs = malloc(sizeof(int) * (size_t)size);
    for (int j = 0; j < size; j++) {
        counts[j] = block(j, n, v);
        displs[j] = (int)span;
        span += counts[j] + (v ? 1 : 0);
    }
    sbuf = malloc(tsize(t) * (size_t)(counts[rank] + 1));
    rbuf = malloc(tsize(t) * (size_t)(span + 1));
    fill(sbuf, t, counts[rank], rank, root);
    memset(rbuf, 0x5a, tsize(t) * (size_t)(span + 1));
    if (in_place && rank == root)
        fill(elem(rbuf, t, displs[rank]), t, counts[rank], rank, root);
    if (v)
        MPI_Gatherv(in_place && rank == root ? MPI_IN_PLACE : sbuf, counts[rank], mpi_type(t),
                    rbuf, counts, displs, mpi_type(t), root, MPI_COMM_WORLD);
    else
        MPI_Gather(in_place && rank == root ? MPI_IN_PLACE : sbuf, n, mpi_type(t), rbuf, n,
                   mpi_type(t), root, MPI_COMM_WORLD);
    for (int j = 0; rank == root && j < size; j++) {
        int bad = check(elem(rbuf, t, displs[j]), t, counts[j], j, root);

        if (bad >= 0) {
            fprintf(stderr, "rank %d: %s(%s, count %d, root %d%s): block %d element %d wrong\n",
                    rank, v ? "MPI_Gatherv" : "MPI_Gather", tnames[t], n, root,
                    in_place ? ", in place" : "", j, bad);
            errs++;
        }
    }
    free(counts);
    free(displs);
    free(sbuf);
    free(rbuf);
    return errs;
}

int main(int argc, char **argv)
{
    static const int counts[] = { 0, 1, 7, 10000 };
    int size;
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int c = 0; c < 4; c++) {
        int roots[] = { 0, size - 1, size / 2 };

        for (int r = 0; r < 3; r++)
            for (int t = 0; t < T_COUNT; t++)
                for (int ip = 0; ip < 2; ip++)
                    for (int v = 0; v < 2; v++)
                        errs += check_one((enum tkind)t, counts[c], roots[r], ip, v);
    }
    return finish(errs);
}
