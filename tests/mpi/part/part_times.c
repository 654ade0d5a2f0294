/* part_times: the simulated times of partitioned communication against the closed form of
 * part_model.h, on two ranks of the default platform (smpi/test:0, computation off).
 * Arguments: MODE SPART RPART TOTAL [R]: rank 0 sends TOTAL doubles in SPART partitions, rank 1
 * receives them in RPART partitions, two rounds (MPI_Start ... MPI_Wait) of the same requests.
 * The sender starts round r at t0 (0, then the end of round 0) and makes its partitions ready
 * G apart (G longer than any message, so that messages do not overlap), by MODE:
 *   inorder  MPI_Pready(i) at t0 + (i + 1) G: one message of one partition each;
 *   reverse  the same from the last partition to the first;
 *   range    MPI_Pready_range of R partitions at t0 + (c + 1) G: one message per call;
 *   list     MPI_Pready_list of the even then of the odd partitions of a chunk of R at
 *            t0 + (c + 1) G: the R partitions are R messages that share the link;
 *   early    every MPI_Pready at t0, before the receive starts at t0 + 1 ms: the ready
 *            partitions leave then, as one message.
 * A message leaving at t arrives at t + part_transfer(bytes, k); a receive partition arrives
 * when the last send partition over its bytes does. The receiver reads MPI_Parrived just before
 * and just after each expected arrival, and both MPI_Waits return at the last arrival. */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdlib.h>
#include <string.h>

#include "mtest.h"
#include "part_model.h"

#define EPS 1e-7
#define EARLY_START 1e-3
#define VAL(i, it) ((double)(i) + 1000.0 * (it))

struct plan {
    const char *mode;
    int spart, rpart, range;
    long total;
    double gap;
    double *leave;  /* per send partition: when its message leaves, after t0 */
    double *arrive; /* per send partition: when its message arrives, after t0 */
};

/* Records one message of send partitions lo..hi leaving at t, one of k that leave together. */
static void message(struct plan *p, int lo, int hi, double t, int k)
{
    double bytes = (double)(hi - lo + 1) * (double)(p->total / p->spart) * sizeof(double);

    for (int i = lo; i <= hi; i++) {
        p->leave[i] = t;
        p->arrive[i] = t + part_transfer(bytes, k);
    }
}

static void plan_round(struct plan *p)
{
    int s = p->spart;
    int r = p->range;

    p->gap = 2 * part_transfer((double)p->total * sizeof(double), s) + 1e-6;
    for (int c = 0; c * r < s; c++) {
        int hi = (c + 1) * r - 1 < s - 1 ? (c + 1) * r - 1 : s - 1;
        double t = (c + 1) * p->gap;

        if (!strcmp(p->mode, "range"))
            message(p, c * r, hi, t, 1);
        for (int i = c * r; i <= hi && !strcmp(p->mode, "list"); i++)
            message(p, i, i, t, hi - c * r + 1);
    }
    for (int i = 0; i < s; i++) {
        if (!strcmp(p->mode, "inorder"))
            message(p, i, i, (i + 1) * p->gap, 1);
        if (!strcmp(p->mode, "reverse"))
            message(p, i, i, (s - i) * p->gap, 1);
    }
    if (!strcmp(p->mode, "early"))
        message(p, 0, s - 1, EARLY_START, 1);
}

/* When receive partition q arrives, after t0: the last send partition over its bytes. */
static double recv_arrival(const struct plan *p, int q)
{
    long sc = p->total / p->spart;
    long rc = p->total / p->rpart;
    double t = 0;

    for (long j = q * rc / sc; j <= ((q + 1) * rc - 1) / sc; j++)
        if (p->arrive[j] > t)
            t = p->arrive[j];
    return t;
}

static double last_arrival(const struct plan *p)
{
    double t = 0;

    for (int j = 0; j < p->spart; j++)
        if (p->arrive[j] > t)
            t = p->arrive[j];
    return t;
}

static void wait_until(double t)
{
    double now = MPI_Wtime();

    if (t > now)
        smpi_execute_benched(t - now);
}

/* The sender's round it: ready each partition when the plan says, in the plan's call order. */
static void send_round(const struct plan *p, MPI_Request req, double *buf, int it, double t0)
{
    long sc = p->total / p->spart;
    int s = p->spart;
    int order[4096];
    int n = 0;

    for (int i = 0; i < s; i++)
        order[i] = !strcmp(p->mode, "reverse") ? s - 1 - i : i;
    for (int k = 0; k < s; k = n) {
        int lo = order[k];
        int evens[4096];
        int odds[4096];
        int ne = 0;
        int no = 0;

        for (n = k; n < s && p->leave[order[n]] == p->leave[lo]; n++)
            for (long e = 0; e < sc; e++)
                buf[order[n] * sc + e] = VAL(order[n] * sc + e, it);
        wait_until(t0 + (strcmp(p->mode, "early") ? p->leave[lo] : 0));
        if (!strcmp(p->mode, "range")) {
            MPI_Pready_range(lo, order[n - 1], req);
            continue;
        }
        if (!strcmp(p->mode, "list")) {
            for (int i = k; i < n; i++) {
                if (order[i] % 2 == 0)
                    evens[ne++] = order[i];
                else
                    odds[no++] = order[i];
            }
            MPI_Pready_list(ne, evens, req);
            MPI_Pready_list(no, odds, req);
            continue;
        }
        for (int i = k; i < n; i++)
            MPI_Pready(order[i], req);
    }
}

static int check_partition(const struct plan *p, const double *buf, int q, int it)
{
    long rc = p->total / p->rpart;
    int errs = 0;

    for (long e = q * rc; e < (q + 1) * rc; e++)
        errs += mtest_expect(buf[e] == VAL(e, it), "round %d: buf[%ld] is %g, not %g", it, e,
                             buf[e], VAL(e, it));
    return errs;
}

/* The receiver's round it: MPI_Parrived just before and after each partition's arrival, in the
 * order of their arrivals. */
static int recv_round(const struct plan *p, MPI_Request req, const double *buf, int it, double t0)
{
    int errs = 0;
    int n = p->rpart;
    double *at = malloc((size_t)n * sizeof(double));
    int *done = calloc((size_t)n, sizeof(int));

    for (int q = 0; q < n; q++)
        at[q] = t0 + recv_arrival(p, q);
    for (int k = 0; k < n; k++) {
        int q = -1;
        int flag;

        for (int i = 0; i < n; i++)
            if (!done[i] && (q < 0 || at[i] < at[q]))
                q = i;
        done[q] = 1;
        if (at[q] - EPS > MPI_Wtime()) {
            wait_until(at[q] - EPS);
            MPI_Parrived(req, q, &flag);
            errs +=
                mtest_expect(!flag, "round %d: partition %d arrived before %.9f s", it, q, at[q]);
        }
        wait_until(at[q] + EPS);
        MPI_Parrived(req, q, &flag);
        errs += mtest_expect(flag, "round %d: partition %d has not arrived at %.9f s", it, q,
                             at[q] + EPS);
        if (flag)
            errs += check_partition(p, buf, q, it);
    }
    free(at);
    free(done);
    return errs;
}

int main(int argc, char **argv)
{
    struct plan p = { 0 };
    MPI_Request req;
    double *buf;
    double t0 = 0;
    int rank;
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (argc < 5) {
        errs += mtest_expect(0, "usage: part_times MODE SPART RPART TOTAL [R]");
        return mtest_finish(errs);
    }
    p.mode = argv[1];
    p.spart = atoi(argv[2]);
    p.rpart = atoi(argv[3]);
    p.total = atol(argv[4]);
    p.range = argc > 5 ? atoi(argv[5]) : 1;
    p.leave = calloc((size_t)p.spart, sizeof(double));
    p.arrive = calloc((size_t)p.spart, sizeof(double));
    plan_round(&p);
    buf = calloc((size_t)p.total, sizeof(double));
    if (rank == 0)
        MPI_Psend_init(buf, p.spart, p.total / p.spart, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD,
                       MPI_INFO_NULL, &req);
    else if (rank == 1)
        MPI_Precv_init(buf, p.rpart, p.total / p.rpart, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD,
                       MPI_INFO_NULL, &req);
    for (int it = 0; it < 2 && rank < 2; it++) {
        if (rank == 0)
            errs += mtest_expect_time(MPI_Wtime(), t0, "the sender starts when its round ended");
        if (rank == 1) {
            memset(buf, 0, (size_t)p.total * sizeof(double));
            if (!strcmp(p.mode, "early"))
                wait_until(t0 + EARLY_START);
        }
        MPI_Start(&req);
        if (rank == 0)
            send_round(&p, req, buf, it, t0);
        else
            errs += recv_round(&p, req, buf, it, t0);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        errs += mtest_expect_time(MPI_Wtime(),
                                  rank == 0 ? t0 + last_arrival(&p) : t0 + last_arrival(&p) + EPS,
                                  "MPI_Wait returns when the last partition has arrived");
        t0 += last_arrival(&p);
    }
    if (rank < 2)
        MPI_Request_free(&req);
    free(buf);
    free(p.leave);
    free(p.arrive);
    return mtest_finish(errs);
}
