/* models_loggps: network/model:LogGPS against PAPERS.md O13 (the SMPI paper's Figure 1), with
 * network/loggps:5us:1us:0.001us:0.01us:0.005us:1000:10000 (L, o, O, g, G, s, S; the testlist
 * sets it: change both together). T1 = o + kO (sender), T2 = L + kg below s and
 * L + sg + (k-s)G from s on (network), T3 = o + kO (receiver).
 *   eager: k = 500: T1 = 1.5, T2 = 10, T3 = 1.5: received at 13 us, the send returns at 1.5 us;
 *     k = 1000 (continuity at s): 2 + 15 + 2 = 19 us; k = 4000: 5 + 30 + 5 = 40 us.
 *   rendezvous (k >= S): the handshake ends at T4 = max(L + o, t_r - t_s) + o after the send
 *     (7 us when the receive is already posted, 51 us when it is posted 50 us after the send);
 *     then T1, T2, T3: k = 20000 has T1 = 21, T2 = 5 + 10 + 19000 * 0.005 = 110 and T3 = 21, so
 *     the send returns at 7 + 21 = 28 us and the receive at 7 + 152 = 159 us (51 + 21 = 72 and
 *     203 us with the late receive).
 *   port: simmpi's single port: a sender injects one message at a time (gap T2 - L). Rank 0
 *     sends 500 B to rank 1 then to rank 2: the first leaves at 1.5 us; the second starts when
 *     the first's 5 us of injection are over, at 5 us, returns at 6.5 us and is received at
 *     5 + 13 = 18 us. */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdlib.h>
#include <string.h>

#include "mtest.h"

#define US 1e-6

static int rank;
static char *buf;

static int one_message(int k, double start, double send_end, double recv_end)
{
    int errs = 0;

    if (rank == 0) {
        MPI_Send(buf, k, MPI_CHAR, 1, k, MPI_COMM_WORLD);
        errs += mtest_expect_time(MPI_Wtime() - start, send_end, "O13: the send returns after T1");
    } else if (rank == 1) {
        MPI_Recv(buf, k, MPI_CHAR, 0, k, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
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

    errs += one_message(500, 0, 1.5 * US, 13 * US);
    wait_until(100 * US);
    errs += one_message(1000, 100 * US, 2 * US, 19 * US);
    wait_until(200 * US);
    errs += one_message(4000, 200 * US, 5 * US, 40 * US);
    return errs;
}

static int run_rendezvous(void)
{
    int errs = 0;

    errs += one_message(20000, 0, 28 * US, 159 * US);
    wait_until(1000 * US);
    if (rank == 1)
        wait_until(1050 * US); /* t_r - t_s = 50 us */
    errs += one_message(20000, 1000 * US, 72 * US, 203 * US);
    return errs;
}

static int run_port(void)
{
    int errs = 0;

    if (rank == 0) {
        MPI_Send(buf, 500, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
        errs += mtest_expect_time(MPI_Wtime(), 1.5 * US, "port: the first send returns");
        MPI_Send(buf, 500, MPI_CHAR, 2, 0, MPI_COMM_WORLD);
        errs += mtest_expect_time(MPI_Wtime(), 6.5 * US, "port: the second send returns");
    } else {
        MPI_Recv(buf, 500, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errs += mtest_expect_time(MPI_Wtime(), rank == 1 ? 13 * US : 18 * US,
                                  "port: a message is received");
    }
    return errs;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    int errs;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    buf = calloc(20000, 1);
    if (strcmp(mode, "eager") == 0)
        errs = run_eager();
    else if (strcmp(mode, "rendezvous") == 0)
        errs = run_rendezvous();
    else if (strcmp(mode, "port") == 0)
        errs = run_port();
    else
        errs = mtest_expect(false, "usage: models_loggps eager|rendezvous|port");
    free(buf);
    return mtest_finish(errs);
}
