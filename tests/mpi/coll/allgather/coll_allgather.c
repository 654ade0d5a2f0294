/* coll_allgather: MPI_Allgather and MPI_Allgatherv under whatever algorithms smpi/allgather and
 * smpi/allgatherv force, checking the data for int, double, (double, int) and an int resized
 * to (8, 16):
 *   - counts 0, 1 and 7 (odd) for every type, with and without MPI_IN_PLACE;
 *   - blocks above 64 KiB (rendezvous): 8200 doubles, allgather and allgatherv in place;
 *   - send and receive types that differ (2n ints sent, n pairs of ints received);
 *   - allgatherv into a buffer passed halfway in, so that some displacements are negative;
 *   - with the argument "reversed", a few cases on MPI_COMM_WORLD with its ranks reversed (a
 *     layout no longer blocked on SMP hosts, hosts out of order): a run of its own, since
 *     algorithms that refuse such layouts make the whole run SKIP.
 * Allgatherv blocks have unequal counts (every fourth one empty), sit in reverse rank order
 * with a one-element gap after each. Prints "No Errors" from rank 0 on success. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coll_data.h"
#include "mtest.h"

enum { IN_PLACE = 1, VECTOR = 2, PAIRS = 4, BEHIND = 8 };

/* A contiguous pair of ints: the receive type of the PAIRS cases. */
static MPI_Datatype pair_type(void)
{
    static MPI_Datatype pair = MPI_DATATYPE_NULL;

    if (pair == MPI_DATATYPE_NULL) {
        MPI_Type_contiguous(2, MPI_INT, &pair);
        MPI_Type_commit(&pair);
    }
    return pair;
}

/* Rank j's block in receive elements: n (allgather), or for allgatherv n - 1, n or n + 1 by
 * j % 3 and 0 for every fourth rank; blocks in reverse rank order, one element apart in the
 * allgatherv case. Returns the span of the receive buffer. */
static long layout(int n, int v, int size, int *counts, int *displs)
{
    long span = 0;

    for (int i = 0; i < size; i++) {
        int j = v ? size - 1 - i : i;
        int c = v ? (j % 4 == 2 ? 0 : n + j % 3 - 1) : n;

        counts[j] = c < 0 ? 0 : c;
        displs[j] = (int)span;
        span += counts[j] + (v ? 1 : 0);
    }
    return span;
}

static int check_case(MPI_Comm comm, enum tkind t, int n, int flags)
{
    int rank;
    int size;
    int errs = 0;
    int k = flags & PAIRS ? 2 : 1; /* elements of t per receive element */
    int *counts;
    int *displs;
    int *shifted; /* displs relative to the buffer passed, `behind` elements in */
    long span;
    long behind;
    void *sbuf;
    void *rbuf;
    MPI_Datatype rtype = flags & PAIRS ? pair_type() : mpi_type(t);

    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    counts = malloc(sizeof(int) * (size_t)size);
    displs = malloc(sizeof(int) * (size_t)size);
    shifted = malloc(sizeof(int) * (size_t)size);
    span = layout(n, flags & VECTOR, size, counts, displs);
    behind = flags & BEHIND ? span / 2 : 0;
    for (int j = 0; j < size; j++)
        shifted[j] = displs[j] - (int)behind;
    sbuf = malloc(tsize(t) * (size_t)(k * counts[rank] + 1));
    rbuf = malloc(tsize(t) * (size_t)(k * span + 1));
    fill(sbuf, t, k * counts[rank], rank, 0);
    memset(rbuf, 0x5a, tsize(t) * (size_t)(k * span + 1));
    if (flags & IN_PLACE)
        fill(elem(rbuf, t, k * displs[rank]), t, k * counts[rank], rank, 0);
    if (flags & VECTOR)
        MPI_Allgatherv(flags & IN_PLACE ? MPI_IN_PLACE : sbuf, k * counts[rank], mpi_type(t),
                       elem(rbuf, t, k * behind), counts, shifted, rtype, comm);
    else
        MPI_Allgather(flags & IN_PLACE ? MPI_IN_PLACE : sbuf, k * n, mpi_type(t), rbuf, n, rtype,
                      comm);
    for (int j = 0; j < size; j++) {
        int bad = check(elem(rbuf, t, k * displs[j]), t, k * counts[j], j, 0);

        if (bad >= 0) {
            fprintf(stderr, "rank %d: %s(%s%s, count %d%s%s, size %d): block %d element %d wrong\n",
                    rank, flags & VECTOR ? "MPI_Allgatherv" : "MPI_Allgather", tnames[t],
                    flags & PAIRS ? " as pairs" : "", n, flags & IN_PLACE ? ", in place" : "",
                    flags & BEHIND ? ", negative displacements" : "", size, j, bad);
            errs++;
        }
    }
    free(counts);
    free(displs);
    free(shifted);
    free(sbuf);
    free(rbuf);
    return errs;
}

/* Small cases on MPI_COMM_WORLD with its ranks reversed: on SMP hosts the layout is no longer
 * blocked, and rank 0 is the last world rank. */
static int check_reversed(void)
{
    MPI_Comm rev;
    int rank;
    int size;
    int errs = 0;

    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_split(MPI_COMM_WORLD, 0, size - rank, &rev);
    errs += check_case(rev, T_INT, 7, 0);
    errs += check_case(rev, T_RSZ, 1, VECTOR);
    errs += check_case(rev, T_DOUBLE, 7, VECTOR | IN_PLACE);
    MPI_Comm_free(&rev);
    return errs;
}

int main(int argc, char **argv)
{
    static const int counts[] = { 0, 1, 7 };
    int errs = 0;

    MPI_Init(&argc, &argv);
    if (argc > 1 && !strcmp(argv[1], "reversed"))
        return mtest_finish(check_reversed());
    for (int c = 0; c < 3; c++)
        for (int t = 0; t < T_COUNT; t++)
            for (int f = 0; f < (IN_PLACE | VECTOR) + 1; f++)
                errs += check_case(MPI_COMM_WORLD, (enum tkind)t, counts[c], f);
    errs += check_case(MPI_COMM_WORLD, T_DOUBLE, 8200, 0);
    errs += check_case(MPI_COMM_WORLD, T_DOUBLE, 8200, VECTOR | IN_PLACE);
    errs += check_case(MPI_COMM_WORLD, T_INT, 7, PAIRS);
    errs += check_case(MPI_COMM_WORLD, T_INT, 7, PAIRS | VECTOR);
    errs += check_case(MPI_COMM_WORLD, T_DOUBLE, 7, VECTOR | BEHIND);
    return mtest_finish(errs);
}
