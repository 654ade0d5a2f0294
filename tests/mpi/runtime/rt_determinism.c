/* rt_determinism: a program whose output records what a simulator could let vary from one run
 * to the next: every rank's simulated date after each phase, the order in which MPI_ANY_SOURCE
 * receives and MPI_Waitany see the senders, the tickets MPI_Fetch_and_op hands out and the bits
 * of floating-point sums combined in an algorithm's or the arrivals' order. The ranks reach
 * each call at uneven dates (declared computation, in an order that is not the rank order), so
 * that arrival-driven algorithms take their branches. Every result is also checked, so a run
 * prints "No Errors" only when it is right; determinism_check.sh runs it twice and compares the
 * outputs and traces byte for byte. Runs on 2 ranks or more; with the argument "replayable",
 * its TI trace holds only actions that the replay knows. */
#include <math.h>
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mtest.h"

enum { BIG = 50000, SMALL = 64, BLOCK = 300 };

enum phase {
    PH_BCAST,
    PH_REDUCE,
    PH_ALLREDUCE,
    PH_ALLTOALL,
    PH_ALLGATHER,
    PH_GATHER,
    PH_SCAN,
    PH_RSCATTER,
    PH_ICOLL,
    PH_ANYSRC,
    PH_FENCE,
    PH_LOCK,
    PH_FOP,
    PH_COUNT
};

static const char *const phase_names[PH_COUNT] = {
    [PH_BCAST] = "bcast",       [PH_REDUCE] = "reduce",       [PH_ALLREDUCE] = "allreduce",
    [PH_ALLTOALL] = "alltoall", [PH_ALLGATHER] = "allgather", [PH_GATHER] = "gather_scatter",
    [PH_SCAN] = "scan",         [PH_RSCATTER] = "rscatter",   [PH_ICOLL] = "icoll",
    [PH_ANYSRC] = "anysource",  [PH_FENCE] = "rma_fence",     [PH_LOCK] = "rma_lock",
    [PH_FOP] = "rma_fetch_op",
};

/* What rank 0 prints besides the dates: orders and values that depend on arrival order. */
struct observed {
    int *anysrc;   /* senders in the order MPI_Recv(MPI_ANY_SOURCE) matched them */
    int *waitany;  /* senders in the order MPI_Waitany completed their receives */
    int *tickets;  /* the counter value MPI_Fetch_and_op returned to each rank */
    double reduce; /* MPI_Reduce of 1/(rank+3), summed in the algorithm's order */
    double acc;    /* MPI_Accumulate of the same values, in lock order */
};

/* Rank 0's memory of the passive-target phase. */
struct lock_target {
    double acc;  /* where the shares are accumulated */
    int counter; /* MPI_Fetch_and_op's ticket counter */
};

static int rank;
static int size;
static bool replayable; /* argument "replayable": only what a TI replay knows */
static double dates[PH_COUNT];

/* Declared computation that differs per rank and per phase. */
static void skew(int phase)
{
    smpi_execute_flops(2e5 * ((rank * 5 + phase * 3) % size));
}

static double share(int r)
{
    return 1.0 / (r + 3);
}

static double share_sum(void)
{
    double s = 0;

    for (int r = 0; r < size; r++)
        s += share(r);
    return s;
}

static int phase_bcast(int *a)
{
    int small[SMALL];
    int errs = 0;

    for (int i = 0; i < BIG; i++)
        a[i] = rank == 1 % size ? 3 * i + 1 : -1;
    for (int i = 0; i < SMALL; i++)
        small[i] = rank == size - 1 ? i * i : 0;
    skew(PH_BCAST);
    MPI_Bcast(a, BIG, MPI_INT, 1 % size, MPI_COMM_WORLD);
    MPI_Bcast(small, SMALL, MPI_INT, size - 1, MPI_COMM_WORLD);
    for (int i = 0; i < BIG && !errs; i++)
        errs += mtest_expect(a[i] == 3 * i + 1, "MPI_Bcast: element %d is %d", i, a[i]);
    for (int i = 0; i < SMALL && !errs; i++)
        errs += mtest_expect(small[i] == i * i, "MPI_Bcast: small element %d is %d", i, small[i]);
    return errs;
}

static int phase_reduce(int *a, int *b, struct observed *seen)
{
    double v = share(rank);
    int root = size / 2;
    int errs = 0;

    for (int i = 0; i < BIG; i++)
        a[i] = rank + i;
    skew(PH_REDUCE);
    MPI_Reduce(a, b, BIG, MPI_INT, MPI_SUM, root, MPI_COMM_WORLD);
    MPI_Reduce(&v, &seen->reduce, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    for (int i = 0; rank == root && i < BIG && !errs; i++)
        errs += mtest_expect(b[i] == size * (size - 1) / 2 + size * i,
                             "MPI_Reduce: element %d is %d", i, b[i]);
    if (rank == 0)
        errs += mtest_expect(fabs(seen->reduce - share_sum()) < 1e-12,
                             "MPI_Reduce: the sum of shares is %.17g", seen->reduce);
    return errs;
}

static int phase_allreduce(int *a, int *b)
{
    int errs = 0;
    int top = 0;
    int want = 0;
    int mine = (rank * 7) % size;

    for (int i = 0; i < BIG; i++)
        a[i] = (rank + 1) * (i % 5);
    skew(PH_ALLREDUCE);
    MPI_Allreduce(a, b, BIG, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&mine, &top, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    for (int i = 0; i < BIG && !errs; i++)
        errs += mtest_expect(b[i] == size * (size + 1) / 2 * (i % 5),
                             "MPI_Allreduce: element %d is %d", i, b[i]);
    for (int r = 0; r < size; r++)
        want = (r * 7) % size > want ? (r * 7) % size : want;
    errs += mtest_expect(top == want, "MPI_Allreduce(MPI_MAX) gave %d, not %d", top, want);
    return errs;
}

static int phase_alltoall(int *a, int *b)
{
    int errs = 0;

    for (int to = 0; to < size; to++)
        for (int i = 0; i < BLOCK; i++)
            a[to * BLOCK + i] = rank * 100000 + to * 1000 + i;
    skew(PH_ALLTOALL);
    MPI_Alltoall(a, BLOCK, MPI_INT, b, BLOCK, MPI_INT, MPI_COMM_WORLD);
    for (int from = 0; from < size && !errs; from++)
        for (int i = 0; i < BLOCK && !errs; i++)
            errs += mtest_expect(b[from * BLOCK + i] == from * 100000 + rank * 1000 + i,
                                 "MPI_Alltoall: element %d from %d is %d", i, from,
                                 b[from * BLOCK + i]);
    return errs;
}

static int phase_allgather(int *a, int *b)
{
    int errs = 0;

    for (int i = 0; i < BLOCK; i++)
        a[i] = rank * BLOCK + i;
    skew(PH_ALLGATHER);
    MPI_Allgather(a, BLOCK, MPI_INT, b, BLOCK, MPI_INT, MPI_COMM_WORLD);
    for (int i = 0; i < size * BLOCK && !errs; i++)
        errs += mtest_expect(b[i] == i, "MPI_Allgather: element %d is %d", i, b[i]);
    return errs;
}

static int phase_gather_scatter(int *a, int *b)
{
    int root = size - 1;
    int errs = 0;

    for (int i = 0; i < BLOCK; i++)
        a[i] = rank * 2 + i;
    skew(PH_GATHER);
    MPI_Gather(a, BLOCK, MPI_INT, b, BLOCK, MPI_INT, root, MPI_COMM_WORLD);
    MPI_Scatter(b, BLOCK, MPI_INT, a, BLOCK, MPI_INT, root, MPI_COMM_WORLD);
    for (int i = 0; i < BLOCK && !errs; i++)
        errs += mtest_expect(a[i] == rank * 2 + i, "MPI_Gather + MPI_Scatter: element %d is %d", i,
                             a[i]);
    return errs;
}

static int phase_scan(void)
{
    int v = rank + 1;
    int incl = 0;
    int excl = 0;
    int errs = 0;

    skew(PH_SCAN);
    MPI_Scan(&v, &incl, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Exscan(&v, &excl, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    errs += mtest_expect(incl == (rank + 1) * (rank + 2) / 2, "MPI_Scan gave %d", incl);
    if (rank > 0)
        errs += mtest_expect(excl == rank * (rank + 1) / 2, "MPI_Exscan gave %d", excl);
    return errs;
}

static int phase_reduce_scatter(int *a, int *b)
{
    int errs = 0;

    for (int i = 0; i < size * BLOCK; i++)
        a[i] = i + rank;
    skew(PH_RSCATTER);
    MPI_Reduce_scatter_block(a, b, BLOCK, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    for (int i = 0; i < BLOCK && !errs; i++)
        errs += mtest_expect(b[i] == size * (rank * BLOCK + i) + size * (size - 1) / 2,
                             "MPI_Reduce_scatter_block: element %d is %d", i, b[i]);
    return errs;
}

/* Nonblocking collectives overlapped with a ring of point-to-point messages (blocking ones
 * when the trace is to be replayed: the replay, as SMPI 3.32's, has no nonblocking collective). */
static int phase_icoll(int *a)
{
    MPI_Request reqs[4];
    int left = (rank + size - 1) % size;
    int right = (rank + 1) % size;
    int from_left = -1;
    int sum = 0;
    int one = 1;
    int errs = 0;

    for (int i = 0; i < SMALL; i++)
        a[i] = rank == 0 ? i + 7 : 0;
    skew(PH_ICOLL);
    MPI_Irecv(&from_left, 1, MPI_INT, left, 5, MPI_COMM_WORLD, &reqs[0]);
    MPI_Isend(&rank, 1, MPI_INT, right, 5, MPI_COMM_WORLD, &reqs[1]);
    if (replayable) {
        MPI_Bcast(a, SMALL, MPI_INT, 0, MPI_COMM_WORLD);
        MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    } else {
        MPI_Ibcast(a, SMALL, MPI_INT, 0, MPI_COMM_WORLD, &reqs[2]);
        MPI_Iallreduce(&one, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &reqs[3]);
        MPI_Waitall(4, reqs, MPI_STATUSES_IGNORE);
    }
    for (int i = 0; i < SMALL && !errs; i++)
        errs += mtest_expect(a[i] == i + 7, "MPI_Ibcast: element %d is %d", i, a[i]);
    errs += mtest_expect(sum == size, "MPI_Iallreduce gave %d", sum);
    errs += mtest_expect(from_left == left, "ring: received %d from %d", from_left, left);
    return errs;
}

/* Rank 0 receives one message from every other rank with MPI_ANY_SOURCE, then one more from
 * each through MPI_Waitany; the senders send at uneven dates. */
static int phase_anysource(struct observed *seen)
{
    int errs = 0;

    if (rank == 0) {
        MPI_Request *reqs = malloc(sizeof(*reqs) * (size_t)size);
        int *got = calloc((size_t)size, sizeof(*got));
        int *vals = calloc((size_t)size, sizeof(*vals));
        MPI_Status st;
        int idx;

        for (int k = 1; k < size; k++) {
            MPI_Recv(&idx, 1, MPI_INT, MPI_ANY_SOURCE, 7, MPI_COMM_WORLD, &st);
            seen->anysrc[k - 1] = st.MPI_SOURCE;
            errs += mtest_expect(idx == st.MPI_SOURCE, "MPI_ANY_SOURCE: %d sent %d", st.MPI_SOURCE,
                                 idx);
            got[st.MPI_SOURCE]++;
        }
        for (int k = 1; k < size; k++)
            MPI_Irecv(&vals[k], 1, MPI_INT, k, 8, MPI_COMM_WORLD, &reqs[k - 1]);
        for (int k = 1; k < size; k++) {
            MPI_Waitany(size - 1, reqs, &idx, MPI_STATUS_IGNORE);
            seen->waitany[k - 1] = idx + 1;
        }
        for (int r = 1; r < size; r++) {
            errs += mtest_expect(got[r] == 1, "MPI_ANY_SOURCE: %d messages from %d", got[r], r);
            errs += mtest_expect(vals[r] == r, "MPI_Waitany: %d sent %d", r, vals[r]);
        }
        free(vals);
        free(got);
        free(reqs);
    } else {
        skew(PH_ANYSRC);
        MPI_Send(&rank, 1, MPI_INT, 0, 7, MPI_COMM_WORLD);
        smpi_execute_flops(1e5 * ((size - rank) % 3));
        MPI_Send(&rank, 1, MPI_INT, 0, 8, MPI_COMM_WORLD);
    }
    return errs;
}

/* Active target: each rank puts into its right neighbour and adds into its left one. */
static int phase_rma_fence(void)
{
    int *buf;
    MPI_Win win;
    int right = (rank + 1) % size;
    int left = (rank + size - 1) % size;
    int val = 100 + rank;
    int errs = 0;

    MPI_Win_allocate(2 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &buf, &win);
    buf[0] = 0;
    buf[1] = 1;
    skew(PH_FENCE);
    MPI_Win_fence(0, win);
    MPI_Put(&val, 1, MPI_INT, right, 0, 1, MPI_INT, win);
    MPI_Accumulate(&val, 1, MPI_INT, left, 1, 1, MPI_INT, MPI_SUM, win);
    MPI_Win_fence(0, win);
    errs += mtest_expect(buf[0] == 100 + left, "MPI_Put: got %d from %d", buf[0], left);
    errs +=
        mtest_expect(buf[1] == 1 + 100 + right, "MPI_Accumulate: got %d from %d", buf[1], right);
    MPI_Win_free(&win);
    return errs;
}

/* Passive target: every rank adds its share into rank 0 under an exclusive lock (the sum's
 * last bits depend on the order of the locks), then takes a ticket with MPI_Fetch_and_op. */
static int phase_rma_lock(struct observed *seen, int *ticket)
{
    struct lock_target *mem;
    MPI_Win win;
    double v = share(rank);
    int one = 1;
    int errs = 0;

    MPI_Win_allocate(rank == 0 ? sizeof(*mem) : 0, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &mem, &win);
    if (rank == 0) {
        mem->acc = 0;
        mem->counter = 0;
    }
    MPI_Barrier(MPI_COMM_WORLD);
    skew(PH_LOCK);
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
    MPI_Accumulate(&v, 1, MPI_DOUBLE, 0, 0, 1, MPI_DOUBLE, MPI_SUM, win);
    MPI_Win_unlock(0, win);
    dates[PH_LOCK] = MPI_Wtime();
    skew(PH_FOP);
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    MPI_Fetch_and_op(&one, ticket, MPI_INT, 0, offsetof(struct lock_target, counter), MPI_SUM, win);
    MPI_Win_unlock(0, win);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        seen->acc = mem->acc;
        errs += mtest_expect(fabs(mem->acc - share_sum()) < 1e-12,
                             "MPI_Accumulate: the sum of shares is %.17g", mem->acc);
        errs += mtest_expect(mem->counter == size, "MPI_Fetch_and_op: counter %d", mem->counter);
        MPI_Win_unlock(0, win);
    }
    MPI_Win_free(&win);
    return errs;
}

/* Rank 0 collects every rank's dates and prints them with what it observed. */
static int report(const struct observed *seen, int ticket)
{
    double *all = malloc(sizeof(double) * PH_COUNT * (size_t)size);
    int *taken = calloc((size_t)size, sizeof(int));
    int errs = 0;

    MPI_Gather(&ticket, 1, MPI_INT, seen->tickets, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank != 0) {
        MPI_Send(dates, PH_COUNT, MPI_DOUBLE, 0, 9, MPI_COMM_WORLD);
        goto out;
    }
    for (int r = 1; r < size; r++)
        MPI_Recv(all + r * PH_COUNT, PH_COUNT, MPI_DOUBLE, r, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int p = 0; p < PH_COUNT; p++)
        all[p] = dates[p];
    printf("MPI_ANY_SOURCE order:");
    for (int k = 0; k < size - 1; k++)
        printf(" %d", seen->anysrc[k]);
    printf("\nMPI_Waitany order:");
    for (int k = 0; k < size - 1; k++)
        printf(" %d", seen->waitany[k]);
    printf("\nMPI_Fetch_and_op tickets:");
    for (int r = 0; r < size; r++) {
        printf(" %d", seen->tickets[r]);
        if (seen->tickets[r] >= 0 && seen->tickets[r] < size)
            taken[seen->tickets[r]]++;
    }
    printf("\nMPI_Reduce sum %a, MPI_Accumulate sum %a\n", seen->reduce, seen->acc);
    for (int r = 0; r < size; r++)
        errs +=
            mtest_expect(taken[r] == 1, "MPI_Fetch_and_op: ticket %d given %d times", r, taken[r]);
    for (int r = 0; r < size; r++)
        for (int p = 0; p < PH_COUNT; p++)
            printf("rank %d %-14s %.9f\n", r, phase_names[p], all[r * PH_COUNT + p]);
out:
    free(taken);
    free(all);
    return errs;
}

int main(int argc, char **argv)
{
    struct observed seen;
    size_t elems;
    int *a;
    int *b;
    int ticket = -1;
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    replayable = argc > 1 && strcmp(argv[1], "replayable") == 0;
    elems = BIG > size * BLOCK ? BIG : (size_t)size * BLOCK;
    seen = (struct observed){
        .anysrc = calloc((size_t)size, sizeof(int)),
        .waitany = calloc((size_t)size, sizeof(int)),
        .tickets = calloc((size_t)size, sizeof(int)),
    };
    a = malloc(sizeof(int) * elems);
    b = malloc(sizeof(int) * elems);
    errs += phase_bcast(a);
    dates[PH_BCAST] = MPI_Wtime();
    errs += phase_reduce(a, b, &seen);
    dates[PH_REDUCE] = MPI_Wtime();
    errs += phase_allreduce(a, b);
    dates[PH_ALLREDUCE] = MPI_Wtime();
    errs += phase_alltoall(a, b);
    dates[PH_ALLTOALL] = MPI_Wtime();
    errs += phase_allgather(a, b);
    dates[PH_ALLGATHER] = MPI_Wtime();
    errs += phase_gather_scatter(a, b);
    dates[PH_GATHER] = MPI_Wtime();
    errs += phase_scan();
    dates[PH_SCAN] = MPI_Wtime();
    errs += phase_reduce_scatter(a, b);
    dates[PH_RSCATTER] = MPI_Wtime();
    errs += phase_icoll(a);
    dates[PH_ICOLL] = MPI_Wtime();
    errs += phase_anysource(&seen);
    dates[PH_ANYSRC] = MPI_Wtime();
    errs += phase_rma_fence();
    dates[PH_FENCE] = MPI_Wtime();
    errs += phase_rma_lock(&seen, &ticket);
    dates[PH_FOP] = MPI_Wtime();
    errs += report(&seen, ticket);
    free(a);
    free(b);
    free(seen.anysrc);
    free(seen.waitany);
    free(seen.tickets);
    return mtest_finish(errs);
}
