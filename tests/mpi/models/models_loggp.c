/* models_loggp: the LogGP family against the closed forms of PAPERS.md section 7 (the Netgauge
 * paper's discrete-event semantics; the SMPI paper's Figure 1). Each mode is run by the testlist
 * with the table written here; the constants below must match it.
 * LogGP, network/model:LogGP:
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
 *     o + 9 max(g, o) + L + o = 25 us.
 * LogGPS, network/model:LogGPS with network/loggps:5us:1us:0.001us:0.01us:0.005us:1000:10000
 * (L, o, O, g, G, s, S): T1 = o + kO (sender), T2 = L + kg below s and L + sg + (k-s)G from s on
 * (network), T3 = o + kO (receiver) (O13):
 *   eager: k = 500: T1 = 1.5, T2 = 10, T3 = 1.5: received at 13 us, the send returns at 1.5 us;
 *     k = 1000 (continuity at s): 2 + 15 + 2 = 19 us; k = 4000: 5 + 30 + 5 = 40 us.
 *   rendezvous (k >= S): the handshake ends at T4 = max(L + o, t_r - t_s) + o after the send
 *     (7 us when the receive is already posted, 51 us when it is posted 50 us after the send);
 *     then T1, T2, T3: k = 20000 has T1 = 21, T2 = 5 + 10 + 19000 * 0.005 = 110 and T3 = 21, so
 *     the send returns at 7 + 21 = 28 us and the receive at 7 + 152 = 159 us (51 + 21 = 72 and
 *     203 us with the late receive).
 *   mrecv: the late receive again, made by MPI_Mprobe and MPI_Mrecv.
 *   port: simmpi's single port: a sender injects one message at a time (gap T2 - L). Rank 0
 *     sends 500 B to rank 1 then to rank 2: the first leaves at 1.5 us; the second starts when
 *     the first's 5 us of injection are over, at 5 us, returns at 6.5 us and is received at
 *     5 + 13 = 18 us. */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdio.h>

#include "models_main.h"
#include "mtest.h"

#define US 1e-6

/* Netgauge's parametrised round trip (its Listing 1): rank 0 sends n messages of s bytes to rank
 * 1, computing d seconds between two sends; rank 1 receives them all and answers with one
 * message of s bytes. Returns the round trip seen by rank 0 (0 on rank 1). */
static double prtt(int n, double d, int s)
{
    double t0 = MPI_Wtime();

    if (models_rank == 0) {
        for (int i = 0; i < n; i++) {
            if (i > 0 && d > 0)
                smpi_execute_benched(d);
            MPI_Send(models_buf, s, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
        }
        MPI_Recv(models_buf, s, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        return MPI_Wtime() - t0;
    }
    for (int i = 0; i < n; i++)
        MPI_Recv(models_buf, s, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(models_buf, s, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
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

    if (models_rank == 0) {
        MPI_Send(models_buf, 1001, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
        errs += mtest_expect_time(MPI_Wtime(), 1 * US, "O1: a blocking send returns after o");
    } else {
        MPI_Recv(models_buf, 1001, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errs += mtest_expect_time(MPI_Wtime(), 8 * US, "O1: one message of 1001 B");
    }
    /* rank 1 is back in its receive before rank 0 sends again (rank 0 leaves at 9 us) */
    if (models_rank == 0)
        smpi_execute_benched(9 * US);
    t = prtt(1, 0, 1001);
    if (models_rank == 0)
        errs += mtest_expect_time(t, 16 * US, "O1: PRTT(1,0,1001)");
    t = prtt(1, 0, 1);
    if (models_rank == 0) {
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

        if (models_rank != 0)
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
    if (models_rank == 0) {
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

    if (models_rank == 0) {
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
        if (models_rank == 0)
            errs += mtest_expect_time(val[i], (s <= 12288 ? 2 : 18) + 0.001 * (s - 1),
                                      "O4: measured gap");
    }
    if (models_rank != 0)
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
    MPI_Bcast(models_buf, s, MPI_CHAR, 0, MPI_COMM_WORLD);
    t = MPI_Wtime();
    want =
        models_rank == 0 ? (p - 2) * gall + o : (models_rank - 1) * gall + 2 * o + L + (s - 1) * G;
    errs = mtest_expect_time(t, want, "O6: a rank's exit from the flat-tree bcast");
    if (models_rank == p - 1) {
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
        if (models_rank == 0)
            MPI_Send(models_buf, 1, MPI_CHAR, 1, i, MPI_COMM_WORLD);
        else
            MPI_Recv(models_buf, 1, MPI_CHAR, 0, i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    if (models_rank == 1)
        errs += mtest_expect_time(MPI_Wtime(), 25 * US, "O13: LogP, 10 words");
    return errs;
}

/* Rank 0 sends k bytes to rank 1, which receives them (by MPI_Mprobe and MPI_Mrecv with
 * `probe`); each checks when its call returns, from `start`. */
static int one_message(int k, double start, double send_end, double recv_end, bool probe)
{
    int errs = 0;

    if (models_rank == 0) {
        MPI_Send(models_buf, k, MPI_CHAR, 1, k, MPI_COMM_WORLD);
        errs += mtest_expect_time(MPI_Wtime() - start, send_end, "O13: the send returns after T1");
    } else if (models_rank == 1) {
        MPI_Message msg;

        if (probe) {
            MPI_Mprobe(0, k, MPI_COMM_WORLD, &msg, MPI_STATUS_IGNORE);
            MPI_Mrecv(models_buf, k, MPI_CHAR, &msg, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(models_buf, k, MPI_CHAR, 0, k, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
        errs += mtest_expect_time(MPI_Wtime() - start, recv_end, "O13: T1 + T2 + T3");
    }
    return errs;
}

/* Every rank waits until the same date, so that each case starts afresh there. */
static void wait_until(double date)
{
    smpi_execute_benched(date - MPI_Wtime());
}

static int run_eager(void)
{
    int errs = 0;

    errs += one_message(500, 0, 1.5 * US, 13 * US, false);
    wait_until(100 * US);
    errs += one_message(1000, 100 * US, 2 * US, 19 * US, false);
    wait_until(200 * US);
    errs += one_message(4000, 200 * US, 5 * US, 40 * US, false);
    return errs;
}

static int run_rendezvous(void)
{
    int errs = 0;

    errs += one_message(20000, 0, 28 * US, 159 * US, false);
    wait_until(1000 * US);
    if (models_rank == 1)
        wait_until(1050 * US); /* t_r - t_s = 50 us */
    errs += one_message(20000, 1000 * US, 72 * US, 203 * US, false);
    return errs;
}

/* The late receive of run_rendezvous again, as MPI_Mprobe then MPI_Mrecv at 50 us: the
 * receive counts as posted when MPI_Mrecv is called. */
static int run_mrecv(void)
{
    if (models_rank == 1)
        wait_until(50 * US);
    return one_message(20000, 0, 72 * US, 203 * US, true);
}

static int run_port(void)
{
    int errs = 0;

    if (models_rank == 0) {
        MPI_Send(models_buf, 500, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
        errs += mtest_expect_time(MPI_Wtime(), 1.5 * US, "port: the first send returns");
        MPI_Send(models_buf, 500, MPI_CHAR, 2, 0, MPI_COMM_WORLD);
        errs += mtest_expect_time(MPI_Wtime(), 6.5 * US, "port: the second send returns");
    } else {
        MPI_Recv(models_buf, 500, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errs += mtest_expect_time(MPI_Wtime(), models_rank == 1 ? 13 * US : 18 * US,
                                  "port: a message is received");
    }
    return errs;
}

static int run_bcast_synthetic(void)
{
    return run_bcast(1001, 5 * US, 1 * US, 2 * US, 0.001 * US);
}

static int run_bcast_table1(void)
{
    return run_bcast(16384, 13.62 * US, 5.9 * US, 14.6 * US, 0.00448 * US);
}

int main(int argc, char **argv)
{
    static const struct models_mode modes[] = {
        { "oneway", run_oneway },
        { "prtt", run_prtt },
        { "protocol", run_protocol },
        { "detect", run_detect },
        { "bcast", run_bcast_synthetic },
        { "bcast1", run_bcast_table1 },
        { "logp", run_logp },
        { "eager", run_eager },
        { "rendezvous", run_rendezvous },
        { "port", run_port },
        { "mrecv", run_mrecv },
        { NULL, NULL },
    };

    return models_main(argc, argv, modes, 32768);
}
