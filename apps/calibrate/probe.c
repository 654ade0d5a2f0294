/* probe: the measuring program of smpicalibrate, which writes this source out and compiles it
 * with the MPI compiler it is given (simmpi's smpicc, MPICH's mpicc, ...). Rank 0 prints
 * "procs P" and "total N" (the samples to come), one line per sample, "KIND ARGS... SECONDS"
 * (LogGP's delays too: "d SIZE SECONDS"), and a last line "end"; smpicalibrate reads nothing
 * else. Every experiment starts when its receivers have posted their receives and said so with
 * an empty message, so that no rank is timed while another one is late. Usage:
 *   probe smpi REPS S1,S2,...     ping-pong, send and receive times (rank 0 and 1)
 *   probe loggp REPS N S1,S2,...  Netgauge's PRTT(1,0,s), PRTT(N,0,s), PRTT(N,d,s)
 *   probe lmo REPS M              LMO's round trips, one-to-one and one-to-two (all ranks)
 * Each experiment runs REPS + 1 times; the first run warms up and is not printed. Only rank 0's
 * prints are on stdout; ranks from 2 on wait (SMPI, LogGP). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(SMPI_HELPERS_H)
/* Built by an SMPI compiler (simmpi or SimGrid): wait by computing on the simulated host. */
#include <smpi/smpi.h>
#endif

#define TAG_READY 11
#define TAG_DATA 12
#define TAG_GO 13
/* Rank 1 may not be running when it is sent the go-ahead (other processes on the cores): it
 * gets this long at least to send its message before rank 0 times its receive. */
#define MIN_WAIT 100e-6

static char *buf;
static int rank;
static char *held; /* samples not printed yet */
static size_t held_len;
static size_t held_cap;

/* The CPU is busy for d seconds, outside MPI (Netgauge's wait(d)). */
static void delay(double d)
{
#if defined(SMPI_HELPERS_H)
    smpi_execute_benched(d);
#else
    double t0 = MPI_Wtime();

    while (MPI_Wtime() - t0 < d)
        ;
#endif
}

/* Keeps one sample of rank 0, unless it is the warm-up run. Samples are printed by
 * print_samples() at the end of a series only: printing wakes the launcher's processes, which
 * would take a CPU from a rank in the middle of a measurement on a machine with few cores; the
 * next series' warm-up run absorbs that. */
static void sample(int warm, const char *kind, long size, double t)
{
    if (warm || rank != 0)
        return;
    if (held_len + 64 > held_cap) {
        held_cap = 2 * held_cap + 4096;
        held = realloc(held, held_cap);
    }
    held_len +=
        (size_t)snprintf(held + held_len, held_cap - held_len, "%s %ld %.17g\n", kind, size, t);
}

static void print_samples(void)
{
    if (rank != 0 || held_len == 0)
        return;
    fwrite(held, 1, held_len, stdout);
    fflush(stdout);
    held_len = 0;
}

/* Median of v[0..n-1] (sorts v; n is small). */
static double median(double *v, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
            double t = v[j];

            v[j] = v[j - 1];
            v[j - 1] = t;
        }
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void send_empty(int peer, int tag)
{
    MPI_Send(buf, 0, MPI_BYTE, peer, tag, MPI_COMM_WORLD);
}

static void recv_empty(int peer, int tag)
{
    MPI_Recv(buf, 0, MPI_BYTE, peer, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

/* The receiving side of an experiment: post the receive, tell `peer` so, wait for the data. */
static void posted_recv(int peer, long size)
{
    MPI_Request req;

    MPI_Irecv(buf, (int)size, MPI_BYTE, peer, TAG_DATA, MPI_COMM_WORLD, &req);
    send_empty(peer, TAG_READY);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
}

/* One ping-pong of k bytes, timed on rank 0, started once rank 1 has posted its receive. */
static double pingpong(long k)
{
    double t0;

    if (rank == 0) {
        recv_empty(1, TAG_READY);
        t0 = MPI_Wtime();
        MPI_Send(buf, (int)k, MPI_BYTE, 1, TAG_DATA, MPI_COMM_WORLD);
        MPI_Recv(buf, (int)k, MPI_BYTE, 1, TAG_DATA, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        return MPI_Wtime() - t0;
    }
    posted_recv(0, k);
    MPI_Send(buf, (int)k, MPI_BYTE, 0, TAG_DATA, MPI_COMM_WORLD);
    return 0;
}

/* The time in MPI_Send of k bytes with the receiver ready, timed on rank 0. */
static double send_time(long k)
{
    double t0;
    double t;

    if (rank != 0) {
        posted_recv(0, k);
        send_empty(0, TAG_GO);
        return 0;
    }
    recv_empty(1, TAG_READY);
    t0 = MPI_Wtime();
    MPI_Send(buf, (int)k, MPI_BYTE, 1, TAG_DATA, MPI_COMM_WORLD);
    t = MPI_Wtime() - t0;
    recv_empty(1, TAG_GO);
    return t;
}

/* The time MPI_Wait takes on rank 0 for k bytes that have already arrived: rank 0 posts its
 * receive, lets rank 1 send, and computes for `wait` seconds before it waits. */
static double recv_time(long k, double wait)
{
    MPI_Request req;
    double t0;

    if (rank != 0) {
        recv_empty(0, TAG_GO);
        MPI_Send(buf, (int)k, MPI_BYTE, 0, TAG_DATA, MPI_COMM_WORLD);
        return 0;
    }
    MPI_Irecv(buf, (int)k, MPI_BYTE, 1, TAG_DATA, MPI_COMM_WORLD, &req);
    send_empty(1, TAG_GO);
    delay(wait);
    t0 = MPI_Wtime();
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    return MPI_Wtime() - t0;
}

/* The SMPI paper's three experiments, round after round over all sizes (a round takes one
 * sample of each, so that a passing disturbance spoils one sample of many sizes rather than
 * all the samples of a few; the first round warms up): a ping-pong, the time in MPI_Send, the
 * time in MPI_Wait after computing for twice an empty and this k-byte ping-pong (MIN_WAIT at
 * least). */
static void smpi_rounds(int reps, const long *sizes, int n)
{
    double rtt0[8];
    double r0;

    for (int i = 0; i < 8; i++)
        rtt0[i] = pingpong(0);
    r0 = median(rtt0, 8);
    for (int r = 0; r <= reps; r++) {
        for (int i = 0; i < n; i++) {
            double pp = pingpong(sizes[i]);
            double wait = 2 * (r0 + pp) > MIN_WAIT ? 2 * (r0 + pp) : MIN_WAIT;

            sample(r == 0, "pp", sizes[i], pp);
            sample(r == 0, "os", sizes[i], send_time(sizes[i]));
            sample(r == 0, "or", sizes[i], recv_time(sizes[i], wait));
        }
        print_samples();
    }
}

/* Netgauge's PRTT(n, d, s): rank 0 sends n messages of s bytes, computing d seconds between
 * two sends; rank 1 receives them all and answers with one message of s bytes. */
static double prtt(int n, double d, long s)
{
    double t0 = 0;

    if (rank == 0) {
        recv_empty(1, TAG_READY);
        t0 = MPI_Wtime();
        MPI_Send(buf, (int)s, MPI_BYTE, 1, TAG_DATA, MPI_COMM_WORLD);
        for (int i = 1; i < n; i++) {
            if (d > 0)
                delay(d);
            MPI_Send(buf, (int)s, MPI_BYTE, 1, TAG_DATA, MPI_COMM_WORLD);
        }
        MPI_Recv(buf, (int)s, MPI_BYTE, 1, TAG_DATA, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        return MPI_Wtime() - t0;
    }
    send_empty(0, TAG_READY);
    for (int i = 0; i < n; i++)
        MPI_Recv(buf, (int)s, MPI_BYTE, 0, TAG_DATA, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(buf, (int)s, MPI_BYTE, 0, TAG_DATA, MPI_COMM_WORLD);
    return 0;
}

/* Netgauge's method, round after round over all sizes (the first round warms up): PRTT(1,0,s)
 * and PRTT(n,0,s); then d = PRTT(1,0,s), or PRTT(2,0,s) = PRTT(1,0,s) + G_all where PRTT(1,0,s)
 * would not exceed the gap G_all (networks with a very low L and a high g), from the medians;
 * then PRTT(n,d,s). */
static void loggp_rounds(int reps, int nmsg, const long *sizes, int n)
{
    double *p1 = calloc((size_t)n * reps + 1, sizeof(*p1));
    double *pn = calloc((size_t)n * reps + 1, sizeof(*pn));
    double *d = calloc((size_t)n + 1, sizeof(*d));

    for (int r = 0; r <= reps; r++) {
        for (int i = 0; i < n; i++) {
            double a = prtt(1, 0, sizes[i]);
            double b = prtt(nmsg, 0, sizes[i]);

            sample(r == 0, "p1", sizes[i], a);
            sample(r == 0, "pn", sizes[i], b);
            if (r > 0) {
                p1[i * reps + r - 1] = a;
                pn[i * reps + r - 1] = b;
            }
        }
        print_samples();
    }
    for (int i = 0; i < n; i++) {
        double a = median(p1 + i * reps, reps);
        double gall = (median(pn + i * reps, reps) - a) / (nmsg - 1);

        d[i] = a > gall ? a : a + gall;
        sample(0, "d", sizes[i], d[i]);
    }
    for (int r = 0; r <= reps; r++) {
        for (int i = 0; i < n; i++)
            sample(r == 0, "pd", sizes[i], prtt(nmsg, d[i], sizes[i]));
        print_samples();
    }
    free(d);
    free(pn);
    free(p1);
}

/* One LMO experiment, timed at `root`: it sends m bytes to each of the `np` partners in order
 * (np = 1: one-to-one, 2: one-to-two), each answers with an empty message; the root completes
 * the answers in one MPI_Waitall. Returns the time at the root, 0 elsewhere. */
static double lmo_exp(int root, const int *partners, int np, long m)
{
    MPI_Request req[2];
    MPI_Status st[2];
    double t0;

    for (int i = 0; i < np; i++)
        if (rank == partners[i]) {
            posted_recv(root, m);
            send_empty(root, TAG_DATA);
        }
    if (rank != root)
        return 0;
    for (int i = 0; i < np; i++)
        MPI_Irecv(buf, 0, MPI_BYTE, partners[i], TAG_DATA, MPI_COMM_WORLD, &req[i]);
    for (int i = 0; i < np; i++)
        recv_empty(partners[i], TAG_READY);
    t0 = MPI_Wtime();
    for (int i = 0; i < np; i++)
        MPI_Send(buf, (int)m, MPI_BYTE, partners[i], TAG_DATA, MPI_COMM_WORLD);
    MPI_Waitall(np, req, st);
    return MPI_Wtime() - t0;
}

/* The experiments of the triplet method, in a fixed order every rank walks: empty round trips
 * and one-to-one round trips of m bytes for each pair i < j (root i), one-to-two for each
 * triplet, each member as root, both partners in both orders. A barrier separates two. */
static void lmo_round(int size, long m, double *t)
{
    int e = 0;

    for (int i = 0; i < size; i++)
        for (int j = i + 1; j < size; j++) {
            t[e++] = lmo_exp(i, &j, 1, 0);
            MPI_Barrier(MPI_COMM_WORLD);
            t[e++] = lmo_exp(i, &j, 1, m);
            MPI_Barrier(MPI_COMM_WORLD);
        }
    for (int i = 0; i < size; i++)
        for (int j = 0; j < size; j++)
            for (int k = 0; k < size; k++) {
                int p[2] = { j, k };

                if (i == j || i == k || j == k)
                    continue;
                t[e++] = lmo_exp(i, p, 2, m);
                MPI_Barrier(MPI_COMM_WORLD);
            }
}

/* Prints one round's times, in lmo_round's order. */
static void lmo_print(int size, const double *t)
{
    int e = 0;

    for (int i = 0; i < size; i++)
        for (int j = i + 1; j < size; j++) {
            printf("rt0 %d %d %.17g\n", i, j, t[e++]);
            printf("rt %d %d %.17g\n", i, j, t[e++]);
        }
    for (int i = 0; i < size; i++)
        for (int j = 0; j < size; j++)
            for (int k = 0; k < size; k++)
                if (i != j && i != k && j != k)
                    printf("two %d %d %d %.17g\n", i, j, k, t[e++]);
    fflush(stdout);
}

/* The triplet method's rounds (the first warms up): each rank keeps the times it measured as
 * root; rank 0 gathers and prints them at the end, not to disturb the rounds. */
static void lmo(int reps, long m, int size)
{
    size_t n = (size_t)size * (size - 1) + (size_t)size * (size - 1) * (size - 2);
    double *t;
    double *sum;

    if (size < 3) {
        if (rank == 0)
            fprintf(stderr, "probe: LMO's triplet method needs at least 3 processes, not %d\n",
                    size);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    t = calloc(n * ((size_t)reps + 1), sizeof(*t));
    sum = calloc(n * ((size_t)reps + 1), sizeof(*sum));
    if (rank == 0) {
        printf("total %zu\n", n * (size_t)reps);
        fflush(stdout);
    }
    for (int r = 0; r <= reps; r++)
        lmo_round(size, m, t + n * (size_t)r);
    MPI_Reduce(t, sum, (int)(n * ((size_t)reps + 1)), MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    for (int r = 1; r <= reps && rank == 0; r++)
        lmo_print(size, sum + n * (size_t)r);
    free(sum);
    free(t);
}

/* Parses "S1,S2,..." into a new array; returns the count. */
static int parse_sizes(const char *list, long **out, long *max)
{
    int n = 1;
    long *v;
    char *end;

    for (const char *p = list; *p; p++)
        n += *p == ',';
    v = calloc((size_t)n, sizeof(*v));
    *max = 0;
    for (int i = 0; i < n; i++) {
        v[i] = strtol(list, &end, 10);
        if (v[i] > *max)
            *max = v[i];
        list = end + (*end == ',');
    }
    *out = v;
    return n;
}

int main(int argc, char **argv)
{
    int size;
    int reps;
    int n = 0;
    long *sizes = NULL;
    long max = 0;
    int nsizes = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc < 4 || (strcmp(argv[1], "loggp") == 0 && argc < 5)) {
        if (rank == 0)
            fprintf(stderr, "usage: probe smpi|loggp|lmo REPS [N] SIZES|M\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    reps = atoi(argv[2]);
    if (rank == 0)
        printf("procs %d\n", size);
    if (strcmp(argv[1], "lmo") == 0) {
        max = atol(argv[3]);
        buf = calloc((size_t)max + 1, 1);
        lmo(reps, max, size);
    } else {
        if (strcmp(argv[1], "loggp") == 0)
            n = atoi(argv[3]);
        nsizes = parse_sizes(argv[n ? 4 : 3], &sizes, &max);
        buf = calloc((size_t)max + 1, 1);
        if (rank == 0) {
            printf("total %ld\n", (long)nsizes * reps * 3);
            fflush(stdout);
        }
        if (rank < 2 && n)
            loggp_rounds(reps, n, sizes, nsizes);
        else if (rank < 2)
            smpi_rounds(reps, sizes, nsizes);
    }
    if (rank == 0)
        printf("end\n");
    free(sizes);
    free(buf);
    MPI_Finalize();
    return 0;
}
