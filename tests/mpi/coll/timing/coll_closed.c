/* coll_closed: closed-form simulated times of three collective algorithms on star16.xml under
 * network/model:raw (no factors, no TCP window), zero overheads and smpi/wtime:0. Every rank
 * enters the collective at date 0 (it is the program's first call), so each rank's date on
 * leaving it is a function of the model alone. With L = 10 us per link, B = 1 GB/s and SMPI's
 * 16-byte envelope, one message of S bytes alone on its route lasts T(S) = 2L + (S + 16) / B.
 *   bcast flattree (arg=bcast): the root sends p - 1 messages at once over its one link, which
 *     max-min shares equally: every other rank leaves at 2L + (p - 1)(S + 16) / B.
 *   allgather ring (arg=allgather): p - 1 steps; at step i each rank sends its S bytes to rank
 *     + i and receives from rank - i; every link carries one message per direction: (p - 1) T(S).
 *   alltoall pair (arg=alltoall): p - 1 steps exchanging S bytes with rank XOR i: (p - 1) T(S).
 * Run at a power-of-two size for pair, with the algorithm forced (smpi/<kind>:<name>). The data
 * are checked too. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mtest.h"

#define LAT 10e-6
#define BW 1e9
#define ENVELOPE 16.0

static double transfer(double bytes)
{
    return 2 * LAT + (bytes + ENVELOPE) / BW;
}

static int run_bcast(int rank, int p, int n)
{
    int *buf = malloc(sizeof(int) * (size_t)n);
    int errs = 0;
    double t;

    for (int i = 0; i < n; i++)
        buf[i] = rank == 0 ? i * 7 + 1 : -1;
    MPI_Bcast(buf, n, MPI_INT, 0, MPI_COMM_WORLD);
    t = MPI_Wtime();
    for (int i = 0; i < n; i++)
        errs += mtest_expect(buf[i] == i * 7 + 1, "bcast: element %d is %d", i, buf[i]);
    if (rank != 0)
        errs += mtest_expect_time(t, 2 * LAT + (p - 1) * (n * 4.0 + ENVELOPE) / BW,
                                  "flattree bcast: a receiver's exit");
    free(buf);
    return errs;
}

static int run_allgather(int rank, int p, int n)
{
    int *in = malloc(sizeof(int) * (size_t)n);
    int *out = malloc(sizeof(int) * (size_t)n * (size_t)p);
    int errs = 0;
    double t;

    for (int i = 0; i < n; i++)
        in[i] = rank * 1000 + i;
    MPI_Allgather(in, n, MPI_INT, out, n, MPI_INT, MPI_COMM_WORLD);
    t = MPI_Wtime();
    for (int r = 0; r < p; r++)
        for (int i = 0; i < n; i++)
            errs += mtest_expect(out[r * n + i] == r * 1000 + i, "allgather: block %d[%d] is %d", r,
                                 i, out[r * n + i]);
    errs += mtest_expect_time(t, (p - 1) * transfer(n * 4.0), "ring allgather: exit");
    free(in);
    free(out);
    return errs;
}

static int run_alltoall(int rank, int p, int n)
{
    int *in = malloc(sizeof(int) * (size_t)n * (size_t)p);
    int *out = malloc(sizeof(int) * (size_t)n * (size_t)p);
    int errs = 0;
    double t;

    for (int r = 0; r < p; r++)
        for (int i = 0; i < n; i++)
            in[r * n + i] = (rank * 100 + r) * 1000 + i;
    MPI_Alltoall(in, n, MPI_INT, out, n, MPI_INT, MPI_COMM_WORLD);
    t = MPI_Wtime();
    for (int r = 0; r < p; r++)
        for (int i = 0; i < n; i++)
            errs += mtest_expect(out[r * n + i] == (r * 100 + rank) * 1000 + i,
                                 "alltoall: block %d[%d] is %d", r, i, out[r * n + i]);
    errs += mtest_expect_time(t, (p - 1) * transfer(n * 4.0), "pairwise alltoall: exit");
    free(in);
    free(out);
    return errs;
}

int main(int argc, char **argv)
{
    const char *kind = argc > 1 ? argv[1] : "";
    int n = argc > 2 ? atoi(argv[2]) : 1;
    int rank;
    int p;
    int errs;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    if (strcmp(kind, "bcast") == 0)
        errs = run_bcast(rank, p, n);
    else if (strcmp(kind, "allgather") == 0)
        errs = run_allgather(rank, p, n);
    else if (strcmp(kind, "alltoall") == 0)
        errs = run_alltoall(rank, p, n);
    else
        errs = mtest_expect(false, "usage: coll_closed bcast|allgather|alltoall [count]");
    return mtest_finish(errs);
}
