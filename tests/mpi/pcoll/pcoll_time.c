/* pcoll_time: a persistent collective started at a date costs what the nonblocking collective
 * started at that date costs, at every rank, start after start, with the algorithm the
 * selector (or smpi/<kind>) chooses. Each rank moves to an absolute date T (smpi_execute_benched of
 * T - now, the network idle) and runs the nonblocking collective from there, then moves to
 * T + D and starts the persistent one; the two durations must be equal at each rank, and equal
 * again at a second and third start of the same request (arg=every; else see compare()). With
 * arg=closed (star16.xml, raw model, flattree bcast, as tests/mpi/coll/timing/coll_closed.c) the
 * durations are also checked against the closed form: a receiver leaves a bcast of S bytes started
 * at T at T + 2L + (p - 1)(S + 16) / B. */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "mtest.h"

#define LAT 10e-6
#define BW 1e9
#define ENVELOPE 16.0
#define START 0.05 /* the first measurement date (small: exact differences of dates) */
#define GAP 0.01   /* seconds between two measured collectives: far more than any lasts */

enum { N = 2048, BIG = 25000, KINDS = 8 };

struct bufs {
    int *in;
    int *out;
    int *counts;
    int *displs;
    MPI_Comm ring;
    MPI_Comm inter;
};

static double date = 0;

/* Moves the calling rank to the next measurement date; returns it. */
static double next_date(void)
{
    date += GAP;
    smpi_execute_benched(date - MPI_Wtime());
    return date;
}

/* Kind i, nonblocking (init == 0) or persistent init (init == 1) into *r. */
static void call(int i, int init, struct bufs *b, int n, MPI_Request *r)
{
    MPI_Comm w = MPI_COMM_WORLD;
    MPI_Info f = MPI_INFO_NULL;

    switch (i) {
    case 0:
        init ? MPI_Bcast_init(b->in, n, MPI_INT, 0, w, f, r)
             : MPI_Ibcast(b->in, n, MPI_INT, 0, w, r);
        break;
    case 1:
        init ? MPI_Allreduce_init(b->in, b->out, n, MPI_INT, MPI_SUM, w, f, r)
             : MPI_Iallreduce(b->in, b->out, n, MPI_INT, MPI_SUM, w, r);
        break;
    case 2:
        init ? MPI_Alltoall_init(b->in, n / 4, MPI_INT, b->out, n / 4, MPI_INT, w, f, r)
             : MPI_Ialltoall(b->in, n / 4, MPI_INT, b->out, n / 4, MPI_INT, w, r);
        break;
    case 3:
        init ? MPI_Allgatherv_init(b->in, b->counts[0], MPI_INT, b->out, b->counts, b->displs,
                                   MPI_INT, w, f, r)
             : MPI_Iallgatherv(b->in, b->counts[0], MPI_INT, b->out, b->counts, b->displs, MPI_INT,
                               w, r);
        break;
    case 4:
        init ? MPI_Reduce_scatter_block_init(b->in, b->out, n / 4, MPI_INT, MPI_SUM, w, f, r)
             : MPI_Ireduce_scatter_block(b->in, b->out, n / 4, MPI_INT, MPI_SUM, w, r);
        break;
    case 5:
        init ? MPI_Barrier_init(w, f, r) : MPI_Ibarrier(w, r);
        break;
    case 6:
        init ? MPI_Neighbor_alltoall_init(b->in, n / 2, MPI_INT, b->out, n / 2, MPI_INT, b->ring, f,
                                          r)
             : MPI_Ineighbor_alltoall(b->in, n / 2, MPI_INT, b->out, n / 2, MPI_INT, b->ring, r);
        break;
    default:
        init ? MPI_Allreduce_init(b->in, b->out, n, MPI_INT, MPI_MAX, b->inter, f, r)
             : MPI_Iallreduce(b->in, b->out, n, MPI_INT, MPI_MAX, b->inter, r);
        break;
    }
}

/* How long kind i lasts from the next date, nonblocking (init == 0) or started on *pr. */
static double measure(int i, struct bufs *b, int n, MPI_Request *pr)
{
    MPI_Request r;
    double t0 = next_date();

    if (pr) {
        MPI_Start(pr);
        MPI_Wait(pr, MPI_STATUS_IGNORE);
    } else {
        call(i, 0, b, n, &r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    }
    return MPI_Wtime() - t0;
}

/* every: each start must cost what the nonblocking call costs. Without it only the first one
 * must, and the later ones must cost the same as each other: the SMP-aware algorithms of the
 * mpich selector pay SMPI's init_smp messages on the first use of a communicator, which a
 * nonblocking call (on a fresh private communicator each time) pays every time and a
 * persistent request (on its own one, made at init) pays at its first start only. */
static int compare(struct bufs *b, int n, bool every)
{
    static const char *const names[KINDS] = {
        "bcast",   "allreduce",         "alltoall",       "allgatherv", "reduce_scatter_block",
        "barrier", "neighbor_alltoall", "inter allreduce"
    };
    int errs = 0;

    for (int i = 0; i < KINDS; i++) {
        MPI_Request pr;
        double ti = measure(i, b, n, NULL);
        double t1;

        call(i, 1, b, n, &pr);
        errs += mtest_expect_time(measure(i, b, n, &pr), ti, names[i]);
        t1 = measure(i, b, n, &pr);
        if (every)
            errs += mtest_expect_time(t1, ti, names[i]);
        errs += mtest_expect_time(measure(i, b, n, &pr), t1, names[i]);
        MPI_Request_free(&pr);
    }
    return errs;
}

/* arg=closed: a flattree bcast of n ints started three times. */
static int closed(struct bufs *b, int rank, int p, int n)
{
    MPI_Request pr;
    int errs = 0;

    MPI_Bcast_init(b->in, n, MPI_INT, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &pr);
    for (int s = 0; s < 3; s++) {
        double t = measure(0, b, n, &pr);

        if (rank != 0)
            errs += mtest_expect_time(t, 2 * LAT + (p - 1) * (n * 4.0 + ENVELOPE) / BW,
                                      "flattree bcast_init: a receiver's duration");
    }
    MPI_Request_free(&pr);
    return errs;
}

int main(int argc, char **argv)
{
    struct bufs b;
    int rank;
    int p;
    int periodic = 1;
    int errs = 0;
    MPI_Comm half;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    b.in = calloc((size_t)BIG * p, sizeof(int));
    b.out = calloc((size_t)BIG * p, sizeof(int));
    b.counts = malloc((size_t)p * sizeof(int));
    b.displs = malloc((size_t)p * sizeof(int));
    for (int q = 0; q < p; q++) {
        b.counts[q] = N / 16;
        b.displs[q] = q * (N / 16);
    }
    MPI_Cart_create(MPI_COMM_WORLD, 1, &p, &periodic, 0, &b.ring);
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, 1 - rank % 2, 3, &b.inter);
    date = START; /* the same date at every rank, after the set-up */
    errs += mtest_expect(MPI_Wtime() < START, "the set-up lasted past %g s", START);
    if (argc > 1 && strcmp(argv[1], "closed") == 0) {
        errs += closed(&b, rank, p, 1);
        errs += closed(&b, rank, p, BIG);
    } else {
        bool every = argc > 1 && strcmp(argv[1], "every") == 0;

        errs += compare(&b, 4, every);
        errs += compare(&b, N, every);
    }
    MPI_Comm_free(&b.inter);
    MPI_Comm_free(&half);
    MPI_Comm_free(&b.ring);
    free(b.in);
    free(b.out);
    free(b.counts);
    free(b.displs);
    return mtest_finish(errs);
}
