/* coll_alltoall: MPI_Alltoall, MPI_Alltoallv (uneven blocks, some empty, gaps, blocks stored
 * in reverse rank order) and MPI_Alltoallw (a different datatype per pair of ranks, byte
 * displacements) with int, double, a (double, int) pair and an int resized to (8, 16), on
 * counts 0, 1, 7 and one block above 64 KiB (rendezvous), and MPI_IN_PLACE. Usage:
 * coll_alltoall [alltoall|alltoallv|alltoallw] (default: all three). Prints "No Errors" from
 * rank 0 on success. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coll_data.h"
#include "mtest.h"

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
    int *displs; /* in elements (alltoall, alltoallv) or bytes (alltoallw) */
    MPI_Datatype *types;
    enum tkind *kinds;
    long bytes;
};

/* Block j of this rank's buffer holds what goes to (send) or comes from (recv) rank j; except
 * for alltoall, blocks are separated by one spare element and stored from the last rank's to
 * the first's, so that no algorithm may assume increasing displacements. */
static void layout(struct layout *l, int rank, int size, int n, enum tkind t, enum variant v)
{
    long off = 0;

    l->counts = malloc(sizeof(int) * (size_t)size);
    l->displs = malloc(sizeof(int) * (size_t)size);
    l->types = malloc(sizeof(MPI_Datatype) * (size_t)size);
    l->kinds = malloc(sizeof(enum tkind) * (size_t)size);
    for (int k = 0; k < size; k++) {
        int j = v == A2A ? k : size - 1 - k;

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

/* The cases of one variant: every type at counts 1 and 7, count 0, one block above 64 KiB
 * (rendezvous messages), and MPI_IN_PLACE with two types. */
static int check_variant(enum variant v)
{
    static const struct {
        enum tkind t;
        int n;
        int in_place;
    } cases[] = {
        { T_INT, 1, 0 }, { T_DOUBLE, 1, 0 },    { T_DINT, 1, 0 }, { T_RSZ, 1, 0 },
        { T_INT, 7, 0 }, { T_DOUBLE, 7, 0 },    { T_DINT, 7, 0 }, { T_RSZ, 7, 0 },
        { T_INT, 0, 0 }, { T_DOUBLE, 8200, 0 }, { T_INT, 7, 1 },  { T_RSZ, 1, 1 },
    };
    int errs = 0;

    for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++)
        errs += check_one(cases[c].t, cases[c].n, cases[c].in_place, v);
    return errs;
}

int main(int argc, char **argv)
{
    static const char *const kinds[] = { "alltoall", "alltoallv", "alltoallw" };
    int errs = 0;

    MPI_Init(&argc, &argv);
    for (int v = A2A; v <= A2AW; v++)
        if (argc < 2 || !strcmp(argv[1], kinds[v]))
            errs += check_variant((enum variant)v);
    return mtest_finish(errs);
}
