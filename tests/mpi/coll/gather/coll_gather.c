/* coll_gather: MPI_Gather and MPI_Gatherv with the four element types of coll_data.h (int,
 * double, a padded (double, int) pair, an int resized to extent 16), counts 0, 1, 7 and 300
 * everywhere and 17000 (above 64 KiB per block) in a few cases, roots 0, last and middle,
 * MPI_IN_PLACE at the root, and for Gatherv uneven blocks (some empty) placed in reverse rank
 * order with gaps between them. The root checks every block and that no byte outside the blocks'
 * data (gaps, padding, the holes of the resized type) changed. On hosts holding several ranks
 * the last and middle roots move to the first rank of their host, where the SMP-aware
 * algorithms need it. Prints "No Errors" from rank 0 on success. */
#include <mpi.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coll_data.h"
#include "mtest.h"

#define FILL 0x5a

/* Whether byte `off` of an element of t holds data (else it is padding or a hole). */
static bool data_byte(enum tkind t, size_t off)
{
    off %= tsize(t);
    if (t == T_DINT)
        return off < sizeof(double) + sizeof(int);
    if (t == T_RSZ)
        return off < sizeof(int);
    return true;
}

/* Rank j's block: n elements (gather) or n + j % 3 - 1, at least 0 (gatherv). */
static int block(int j, int n, bool v)
{
    int b = v ? n + j % 3 - 1 : n;

    return b < 0 ? 0 : b;
}

/* Counts and displacements (in elements) at the root; returns the elements rbuf spans. Gatherv
 * places the blocks from the last rank to the first, one element apart. */
static long layout(int size, int n, bool v, int *counts, int *displs)
{
    long span = 0;

    for (int k = 0; k < size; k++) {
        int j = v ? size - 1 - k : k;

        counts[j] = block(j, n, v);
        displs[j] = (int)span;
        span += counts[j] + (v ? 1 : 0);
    }
    return span;
}

/* Checks the root's buffer: every block, then every other byte still FILL. */
static int check_root(void *rbuf, long span, enum tkind t, const int *counts, const int *displs,
                      int size, int root, const char *what)
{
    int errs = 0;
    size_t bytes = tsize(t) * (size_t)span;

    for (int j = 0; j < size; j++) {
        void *b = elem(rbuf, t, displs[j]);
        int bad = check(b, t, counts[j], j, root);

        errs += mtest_expect(bad < 0, "%s: block of rank %d wrong at element %d", what, j, bad);
        for (size_t k = 0; k < tsize(t) * (size_t)counts[j]; k++)
            if (data_byte(t, k))
                ((unsigned char *)b)[k] = FILL;
    }
    for (size_t k = 0; k < bytes && errs == 0; k++)
        if (((unsigned char *)rbuf)[k] != FILL)
            errs += mtest_expect(false, "%s: byte %zu outside the blocks' data changed", what, k);
    return errs;
}

static int check_one(enum tkind t, int n, int root, bool in_place, bool v)
{
    int rank;
    int size;
    int errs = 0;
    int *counts;
    int *displs;
    long span;
    void *sbuf;
    void *rbuf;
    char what[128];

    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    counts = malloc(2 * sizeof(int) * (size_t)size);
    displs = counts + size;
    span = layout(size, n, v, counts, displs);
    sbuf = malloc(tsize(t) * (size_t)(counts[rank] + 1));
    rbuf = malloc(tsize(t) * (size_t)(span + 1));
    fill(sbuf, t, counts[rank], rank, root);
    memset(rbuf, FILL, tsize(t) * (size_t)(span + 1));
    if (in_place && rank == root)
        fill(elem(rbuf, t, displs[rank]), t, counts[rank], rank, root);
    snprintf(what, sizeof(what), "%s(%s, count %d, root %d%s)", v ? "MPI_Gatherv" : "MPI_Gather",
             tnames[t], n, root, in_place ? ", in place" : "");
    if (v)
        MPI_Gatherv(in_place && rank == root ? MPI_IN_PLACE : sbuf, counts[rank], mpi_type(t), rbuf,
                    counts, displs, mpi_type(t), root, MPI_COMM_WORLD);
    else
        MPI_Gather(in_place && rank == root ? MPI_IN_PLACE : sbuf, n, mpi_type(t), rbuf, n,
                   mpi_type(t), root, MPI_COMM_WORLD);
    if (rank == root)
        errs += check_root(rbuf, span + 1, t, counts, displs, size, root, what);
    free(counts);
    free(sbuf);
    free(rbuf);
    return errs;
}

/* The first rank of the host holding rank r, found from the processor names with
 * point-to-point messages only (the collectives under test are not needed). */
static int host_leader(int r)
{
    char name[MPI_MAX_PROCESSOR_NAME] = { 0 };
    char other[MPI_MAX_PROCESSOR_NAME] = { 0 };
    int rank;
    int size;
    int len;
    int leader = r;

    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Get_processor_name(name, &len);
    if (rank != r) {
        MPI_Send(name, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, r, 7, MPI_COMM_WORLD);
        MPI_Recv(&leader, 1, MPI_INT, r, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        return leader;
    }
    for (int j = 0; j < size; j++) {
        if (j == r)
            continue;
        MPI_Recv(other, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, j, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (j < leader && strcmp(other, name) == 0)
            leader = j;
    }
    for (int j = 0; j < size; j++)
        if (j != r)
            MPI_Send(&leader, 1, MPI_INT, j, 8, MPI_COMM_WORLD);
    return leader;
}

int main(int argc, char **argv)
{
    static const int counts[] = { 0, 1, 7, 300 };
    int size;
    int roots[3];
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    roots[0] = 0;
    roots[1] = host_leader(size - 1);
    roots[2] = host_leader(size / 2);
    /* every (count, root, type) once, in place one time in two */
    for (int c = 0; c < 4; c++)
        for (int r = 0; r < 3; r++)
            for (int t = 0; t < T_COUNT; t++)
                for (int v = 0; v < 2; v++)
                    errs += check_one((enum tkind)t, counts[c], roots[r], (c + r + t + v) % 2, v);
    /* rendezvous-sized blocks: 68 000 bytes of int, 272 000 of the pair */
    for (int v = 0; v < 2; v++) {
        errs += check_one(T_INT, 17000, roots[2], v, v);
        errs += check_one(T_DINT, 17000, roots[1], !v, v);
    }
    return mtest_finish(errs);
}
