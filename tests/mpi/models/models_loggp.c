/* models_loggp: network/model:LogGP against the closed forms of PAPERS.md section 7 (the
 * Netgauge paper's discrete-event semantics). Each mode is run by the testlist with the table
 * written in its comment; the constants below must match it.
 *   oneway (O1): L = 5 us, o = 1 us, g = 2 us, G = 0.001 us/B. One message of 1001 B is received
 *     at o + (s-1)G + L + o = 8 us, its blocking send returns at o = 1 us; a ping-pong takes
 *     PRTT(1,0,1001) = 2(L + 2o + (s-1)G) = 16 us, PRTT(1,0,1) = 14 us (Netgauge's "L" = 7 us =
 *     L + 2o).
 *   prtt (O2, O3): same table. PRTT(n,d,s) = PRTT(1,0,s) + (n-1) max(o + d, g + (s-1)G):
 *     PRTT(16,0,1001) = 61 us, PRTT(16,16us,1001) = 271 us, whence o = 1 us; over s = 1, 1001,
 *     2001, 4001 the least-squares fit of (PRTT(16,0,s) - PRTT(1,0,s))/15 = g + (s-1)G gives
 *     g = 2 us and G = 0.001 us/B.
 *   protocol (O5): Netgauge's Open MPI/openib rows 1:1us:4.72us:5.14us:0.00073us and
 *     12289:1us:4.72us:21.39us:0.00103us: the gap g + (s-1)G measured by PRTT is 14.10951 us at
 *     12288 B and 34.04664 us at 12289 B.
 *   detect (O4): rows 0:5us:1us:2us:0.001us and 12289:5us:1us:18us:0.001us; the gaps of
 *     s = 1024 i (i = 1..24), then Netgauge's protocol-change detection (look-ahead 3, pfact 2,
 *     floor 1e-9): one change, after index 11 (12288 B); the refits give G = 0.001 us/B and a
 *     value of 2 us (then 18 us) at s = 1.
 *   bcast (O6): a flat-tree MPI_Bcast of 1001 B over 8 ranks starts the root's messages
 *     g + (s-1)G = 3 us apart; rank j leaves at 3(j-1) + 8 us, the root at 19 us: the linear
 *     broadcast formula 2o + L + (P-1)Gk + (P-2)g = 26 us. With the log_3 P paper's Table 1
 *     (bcast1: L = 13.62, o = 5.9, g = 14.6 us, G = 0.00448 us/B) and 16384 B: 626.79088 us.
 *   logp (O13, LogP): G = 0, 10 messages of 1 B back to back: the last is received at
 *     o + 9 max(g, o) + L + o = 25 us. */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mtest.h"

#define US 1e-6

static int rank;
static char *buf;

/* Netgauge's parametrised round trip (its Listing 1): rank 0 sends n messages of s bytes to rank
 * 1, computing d seconds between two sends; rank 1 receives them all and answers with one
 * message of s bytes. Returns the round trip seen by rank 0 (0 on rank 1). */
static double prtt(int n, double d, int s)
{
    double t0 = MPI_Wtime();

    if (rank == 0) {
        for (int i = 0; i < n; i++) {
            if (i > 0 && d > 0)
                smpi_execute_benched(d);
            MPI_Send(buf, s, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
        }
        MPI_Recv(buf, s, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        return MPI_Wtime() - t0;
    }
    for (int i = 0; i < n; i++)
        MPI_Recv(buf, s, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(buf, s, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
    return 0;
}

/* PRTT(1,0,s) = 2(L + 2o + (s-1)G) and PRTT(n,0,s) - PRTT(1,0,s) = (n-1)(g + (s-1)G). */
static double closed_prtt(int n, int s, double L, double o, double g, double G)
{
    return 2 * (L + 2 * o + (s - 1) * G) + (n - 1) * (g + (s - 1) * G);
}

static int run_oneway(void)
{
    int errs = 0;
    double t;

    if (rank == 0) {
        MPI_Send(buf, 1001, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
        errs += mtest_expect_time(MPI_Wtime(), 1 * US, "O1: a blocking send returns after o");
    } else {
        MPI_Recv(buf, 1001, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errs += mtest_expect_time(MPI_Wtime(), 8 * US, "O1: one message of 1001 B");
    }
    /* rank 1 is back in its receive before rank 0 sends again (rank 0 leaves at 9 us) */
    if (rank == 0)
        smpi_execute_benched(9 * US);
    t = prtt(1, 0, 1001);
    if (rank == 0)
        errs += mtest_expect_time(t, 16 * US, "O1: PRTT(1,0,1001)");
    t = prtt(1, 0, 1);
    if (rank == 0) {
        errs += mtest_expect_time(t, 14 * US, "O1: PRTT(1,0,1)");
        errs += mtest_expect_time(t / 2, 7 * US, "O1: Netgauge's reported L = L + 2o");
    }
    return errs;
}

static int run_prtt(void)
{
    static const int sizes[] = { 1, 1001, 2001, 4001 };
    const double L = 5 * US, o = 1 * US, g = 2 * US, G = 0.001 * US;
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    int errs = 0;

    for (int i = 0; i < 4; i++) {
        int s = sizes[i];
        double p1 = prtt(1, 0, s);
        double p16 = prtt(16, 0, s);
        double pd = prtt(16, p1, s);
        double x = s - 1;
        double y = (p16 - p1) / 15;
        char what[64];

        if (rank != 0)
            continue;
        snprintf(what, sizeof(what), "O3: PRTT(1,0,%d)", s);
        errs += mtest_expect_time(p1, closed_prtt(1, s, L, o, g, G), what);
        snprintf(what, sizeof(what), "O3: PRTT(16,0,%d)", s);
        errs += mtest_expect_time(p16, closed_prtt(16, s, L, o, g, G), what);
        snprintf(what, sizeof(what), "O2: PRTT(16,PRTT(1,0,%d),%d)", s, s);
        errs += mtest_expect_time(pd, p1 + 15 * (o + p1), what);
        snprintf(what, sizeof(what), "O2: o recovered at %d B", s);
        errs += mtest_expect_time((pd - p1) / 15 - p1, o, what);
        if (s == 1001) {
            errs += mtest_expect_time(p16, 61 * US, "O2: PRTT(16,0,1001)");
            errs += mtest_expect_time(pd, 271 * US, "O2: PRTT(16,16us,1001)");
        }
        sx += x;
        sy += y;
        sxx += x * x;
        sxy += x * y;
    }
    if (rank == 0) {
        double slope = (4 * sxy - sx * sy) / (4 * sxx - sx * sx);
        double icpt = (sy - slope * sx) / 4;

        errs += mtest_expect_time(icpt, g, "O3: least-squares g");
        errs += mtest_expect_time(slope, G, "O3: least-squares G");
    }
    return errs;
}

/* The gap g + (s-1)G as Netgauge measures it: (PRTT(16,0,s) - PRTT(1,0,s)) / 15. */
static double gap(int s)
{
    double p1 = prtt(1, 0, s);

    return (prtt(16, 0, s) - p1) / 15;
}

static int run_protocol(void)
{
    double below = gap(12288);
    double above = gap(12289);
    int errs = 0;

    if (rank == 0) {
        errs += mtest_expect_time(below, 14.10951 * US, "O5: gap at 12288 B (first row)");
        errs += mtest_expect_time(above, 34.04664 * US, "O5: gap at 12289 B (second row)");
        errs += mtest_expect_time(above - below, 19.93713 * US, "O5: jump at the boundary");
    }
    return errs;
}

/* Least-squares fit of val ~ G s + g over points k..l; returns Netgauge's lsq(k, l) (its eq. 8:
 * the sum of squared deviations over l - k - 2) and the fit through *G and *g. */
static double lsq(const double *size, const double *val, int k, int l, double *G, double *g)
{
    double n = l - k + 1, sx = 0, sy = 0, sxx = 0, sxy = 0, dev = 0;

    for (int i = k; i <= l; i++) {
        sx += size[i];
        sy += val[i];
        sxx += size[i] * size[i];
        sxy += size[i] * val[i];
    }
    *G = (n * sxy - sx * sy) / (n * sxx - sx * sx);
    *g = (sy - *G * sx) / n;
    for (int i = k; i <= l; i++)
        dev += (*G * size[i] + *g - val[i]) * (*G * size[i] + *g - val[i]);
    return dev / (l - k - 2);
}

/* Netgauge's protocol-change detection with look-ahead x = 3, pfact = 2 and the floor eps = 1e-9
 * on the reference deviation (PAPERS.md O4). Fills change[] with the last index of each protocol
 * but the last; returns their number. */
static int detect(const double *size, const double *val, int n, int *change)
{
    int last = 0;
    int nchanges = 0;
    double G;
    double g;

    for (int cur = last + 3; cur + 3 < n; cur++) {
        double ref = lsq(size, val, last, cur, &G, &g);
        bool all = true;

        if (ref < 1e-9)
            ref = 1e-9;
        for (int j = 1; j <= 3 && all; j++)
            all = lsq(size, val, last, cur + j, &G, &g) > 2.0 * ref;
        if (all) {
            change[nchanges++] = cur;
            last = cur + 1;
            cur = last + 2;
        }
    }
    return nchanges;
}

static int run_detect(void)
{
    double size[24];
    double val[24];
    int change[24];
    int errs = 0;
    int n;
    double G;
    double g;

    for (int i = 0; i < 24; i++) {
        int s = 1024 * (i + 1);

        size[i] = s;
        val[i] = gap(s) / US; /* in us, as the paper's figures */
        if (rank == 0)
            errs += mtest_expect_time(val[i], (s <= 12288 ? 2 : 18) + 0.001 * (s - 1),
                                      "O4: measured gap");
    }
    if (rank != 0)
        return errs;
    n = detect(size, val, 24, change);
    errs += mtest_expect(n == 1 && change[0] == 11, "O4: %d changes, the first at index %d", n,
                         n > 0 ? change[0] : -1);
    lsq(size, val, 0, 11, &G, &g);
    errs += mtest_expect_time(G, 0.001, "O4: first protocol's G (us/B)");
    errs += mtest_expect_time(G + g, 2.0, "O4: first protocol's value at s = 1 (us)");
    lsq(size, val, 12, 23, &G, &g);
    errs += mtest_expect_time(G, 0.001, "O4: second protocol's G (us/B)");
    errs += mtest_expect_time(G + g, 18.0, "O4: second protocol's value at s = 1 (us)");
    return errs;
}

/* A flat-tree MPI_Bcast of s bytes (smpi/bcast:flattree): the root's sends start G_all apart. */
static int run_bcast(int s, double L, double o, double g, double G)
{
    double gall = g + (s - 1) * G;
    int p;
    int errs;
    double t;
    double want;

    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Bcast(buf, s, MPI_CHAR, 0, MPI_COMM_WORLD);
    t = MPI_Wtime();
    want = rank == 0 ? (p - 2) * gall + o : (rank - 1) * gall + 2 * o + L + (s - 1) * G;
    errs = mtest_expect_time(t, want, "O6: a rank's exit from the flat-tree bcast");
    if (rank == p - 1) {
        double formula = 2 * o + L + (p - 1) * G * (s - 1) + (p - 2) * g;

        errs += mtest_expect_time(t, formula, "O6: 001's linear broadcast formula");
        if (s == 1001)
            errs += mtest_expect_time(t, 26 * US, "O6a: the broadcast ends at 26 us");
        else
            errs += mtest_expect_time(t, 626.79088 * US, "O6b: the broadcast ends");
    }
    return errs;
}

static int run_logp(void)
{
    int errs = 0;

    for (int i = 0; i < 10; i++) {
        if (rank == 0)
            MPI_Send(buf, 1, MPI_CHAR, 1, i, MPI_COMM_WORLD);
        else
            MPI_Recv(buf, 1, MPI_CHAR, 0, i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    if (rank == 1)
        errs += mtest_expect_time(MPI_Wtime(), 25 * US, "O13: LogP, 10 words");
    return errs;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    int errs;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    buf = calloc(32768, 1);
    if (strcmp(mode, "oneway") == 0)
        errs = run_oneway();
    else if (strcmp(mode, "prtt") == 0)
        errs = run_prtt();
    else if (strcmp(mode, "protocol") == 0)
        errs = run_protocol();
    else if (strcmp(mode, "detect") == 0)
        errs = run_detect();
    else if (strcmp(mode, "bcast") == 0)
        errs = run_bcast(1001, 5 * US, 1 * US, 2 * US, 0.001 * US);
    else if (strcmp(mode, "bcast1") == 0)
        errs = run_bcast(16384, 13.62 * US, 5.9 * US, 14.6 * US, 0.00448 * US);
    else if (strcmp(mode, "logp") == 0)
        errs = run_logp();
    else
        errs = mtest_expect(false, "usage: models_loggp oneway|prtt|protocol|detect|bcast|logp");
    free(buf);
    return mtest_finish(errs);
}
