/* models_lmo: network/model:LMO on lmo3.xml (three hosts: C = 10, 20, 30 us; t = 0.002, 0.004,
 * 0.001 us/B; 1/beta_12 = 0.010, 1/beta_13 = 0.008, 1/beta_23 = 0.005 us/B; no latency), one
 * rank per host (rank i is the papers' processor i + 1), against PAPERS.md O10 and O11. A
 * message of M bytes from i to j costs i's CPU C_i + t_i M, then M / beta_ij on the link, then
 * j's CPU C_j + t_j M.
 *   O10: one message of M = 10000 B from processor 1 to 2: 10 + 20 + 100 + 20 + 40 = 190 us.
 *   O11, the triplet method: empty round trips T_ij(0) = 2C_i + 2C_j (60, 80, 100 us);
 *     one-to-one with an empty reply T_ij(M) = 2C_i + 2C_j + (t_i + t_j) M + M/beta_ij (220,
 *     190, 200 us); one-to-two, root i sending M to j then to k and receiving both (empty)
 *     replies. The paper's formula 4C_i + 2t_i M + max(branches) charges the root's second send
 *     before the first branch, which a root that sends one message after the other does not do:
 *     under these discrete-event semantics, with the branch of the larger one-to-one time sent
 *     second, T_i(M) = T_ik(M) + C_i + t_i M (the first reply is received while the second
 *     branch runs): 250, 280 and 240 us. Then C_i = (T_ij(0) + T_ik(0) - T_jk(0)) / 4,
 *     t_i = (T_i(M) - T_ik(M) - C_i) / M and 1/beta_ij = (T_ij(M) - 2C_i - 2C_j)/M - t_i - t_j
 *     give back every configured value. */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdlib.h>

#include "mtest.h"

#define US 1e-6
#define M 10000
#define SLOT 1e-3 /* each experiment starts at its own multiple of 1 ms */

static const double C[3] = { 10 * US, 20 * US, 30 * US };
static const double T[3] = { 0.002 * US, 0.004 * US, 0.001 * US };
static const double INVB[3][3] = { { 0, 0.010 * US, 0.008 * US },
                                   { 0.010 * US, 0, 0.005 * US },
                                   { 0.008 * US, 0.005 * US, 0 } };

static int rank;
static char *buf;
static int slot;

/* Starts the next experiment: every rank waits until its date (which no rank has passed: the
 * experiments and the reductions between them take far less than a slot). */
static double next_slot(void)
{
    double date = ++slot * SLOT;

    if (mtest_expect(MPI_Wtime() < date, "slot %d starts at %g s, already past", slot, date))
        MPI_Abort(MPI_COMM_WORLD, 1);
    smpi_execute_benched(date - MPI_Wtime());
    return date;
}

/* Root sends `bytes` to each of the n peers in turn, then receives their empty replies in the
 * same order; a peer receives and replies. Returns the root's time (0 elsewhere). */
static double experiment(int root, const int *peers, int n, int bytes)
{
    double start = next_slot();
    bool peer = false;

    for (int i = 0; i < n; i++)
        peer = peer || rank == peers[i];
    if (peer) {
        MPI_Recv(buf, bytes, MPI_CHAR, root, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(buf, 0, MPI_CHAR, root, 1, MPI_COMM_WORLD);
    }
    if (rank != root)
        return 0;
    for (int i = 0; i < n; i++)
        MPI_Send(buf, bytes, MPI_CHAR, peers[i], 0, MPI_COMM_WORLD);
    for (int i = 0; i < n; i++)
        MPI_Recv(buf, 0, MPI_CHAR, peers[i], 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    return MPI_Wtime() - start;
}

static double one_to_one_closed(int i, int j, double bytes)
{
    return 2 * C[i] + 2 * C[j] + (T[i] + T[j]) * bytes + INVB[i][j] * bytes;
}

/* Runs the experiments; every rank gets the times of all of them (summed onto rank 0). */
static void measure(double empty[3][3], double one[3][3], double two[3], int second[3])
{
    double mine[3][3][2] = { 0 };
    double all[3][3][2];

    for (int i = 0; i < 3; i++) {
        for (int j = i + 1; j < 3; j++) {
            mine[i][j][0] = experiment(i, &j, 1, 0);
            mine[i][j][1] = experiment(i, &j, 1, M);
        }
    }
    MPI_Allreduce(mine, all, 18, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 3; j++) {
            empty[i][j] = i < j ? all[i][j][0] : all[j][i][0];
            one[i][j] = i < j ? all[i][j][1] : all[j][i][1];
        }
    }
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3;
        int k = (i + 2) % 3;
        int order[2];

        /* the larger one-to-one time is sent second */
        if (one[i][j] > one[i][k]) {
            order[0] = k;
            order[1] = j;
        } else {
            order[0] = j;
            order[1] = k;
        }
        second[i] = order[1];
        mine[i][0][0] = experiment(i, order, 2, M);
    }
    MPI_Allreduce(mine, all, 18, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    for (int i = 0; i < 3; i++)
        two[i] = all[i][0][0];
}

static int check_measures(double empty[3][3], double one[3][3], const double two[3])
{
    static const double two_want[3] = { 250 * US, 280 * US, 240 * US };
    static const double one_want[3][3] = { { 0, 220 * US, 190 * US },
                                           { 220 * US, 0, 200 * US },
                                           { 190 * US, 200 * US, 0 } };
    int errs = 0;

    for (int i = 0; i < 3; i++) {
        for (int j = i + 1; j < 3; j++) {
            errs += mtest_expect_time(empty[i][j], 2 * C[i] + 2 * C[j], "O11: T_ij(0)");
            errs += mtest_expect_time(one[i][j], one_to_one_closed(i, j, M), "O11: T_ij(M)");
            errs += mtest_expect_time(one[i][j], one_want[i][j], "O11: T_ij(M), the oracle");
        }
        errs += mtest_expect_time(two[i], two_want[i], "O11: T_i(M), one-to-two");
    }
    return errs;
}

static int check_recovery(double empty[3][3], double one[3][3], const double two[3],
                          const int second[3])
{
    double c[3];
    double t[3];
    int errs = 0;

    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3;
        int k = (i + 2) % 3;

        c[i] = (empty[i][j] + empty[i][k] - empty[j][k]) / 4;
        errs += mtest_expect_time(c[i], C[i], "O11: recovered C_i");
    }
    for (int i = 0; i < 3; i++) {
        t[i] = (two[i] - one[i][second[i]] - c[i]) / M;
        errs += mtest_expect_time(t[i], T[i], "O11: recovered t_i");
    }
    for (int i = 0; i < 3; i++) {
        for (int j = i + 1; j < 3; j++) {
            double invb = (one[i][j] - 2 * c[i] - 2 * c[j]) / M - t[i] - t[j];

            errs += mtest_expect_time(invb, INVB[i][j], "O11: recovered 1/beta_ij");
        }
    }
    return errs;
}

int main(int argc, char **argv)
{
    double empty[3][3];
    double one[3][3];
    double two[3];
    int second[3];
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    buf = calloc(M, 1);
    if (rank == 0)
        MPI_Send(buf, M, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
    if (rank == 1) {
        MPI_Recv(buf, M, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errs += mtest_expect_time(MPI_Wtime(), 190 * US, "O10: one message from 1 to 2");
    }
    measure(empty, one, two, second);
    errs += check_measures(empty, one, two);
    errs += check_recovery(empty, one, two, second);
    free(buf);
    return mtest_finish(errs);
}
