/* models_log3p: network/model:log3P against PAPERS.md O8 (the log_3 P paper's Titan values for
 * 16 KiB with a 1 KiB stride): network/log3p:0:29us:420us:131us:3us (o_mw, l_mw, o_net, T_mem;
 * the testlist sets it). Ranks 0 and 2 share a host (log3p.hosts), rank 1 is on another one.
 * A message costs o_mw/2 at each end, l_mw/2 more at an end whose datatype is not contiguous,
 * and o_net between two hosts or T_mem within one:
 *   remote strided 29 + 420 + 131 = 580 us, remote contiguous 29 + 131 = 160 us,
 *   same host strided 29 + 420 + 3 = 452 us, same host contiguous 29 + 3 = 32 us,
 *   strided at the sender only 29 + 210 + 131 = 370 us, to itself (contiguous) 32 us;
 * and the paper's inversion recovers o_mw = 29, o_net = 131 and l_mw = 420 us from them. */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdlib.h>

#include "mtest.h"

#define US 1e-6
#define DOUBLES 2048 /* 16 KiB of data */
#define STRIDE 128   /* doubles: 1 KiB between two elements */

static int rank;

/* Rank `from` sends 16 KiB to rank `to` (strided or not at either end) at date `start`, the
 * receive being posted before; returns the one-way time seen by the receiver (0 elsewhere).
 * Only the sender computes to reach the date: two ranks computing on one host would share it. */
static double one_way(int from, int to, bool sstrided, bool rstrided, double start,
                      MPI_Datatype vec, double *data)
{
    MPI_Request req;
    double t = 0;

    if (rank != from && rank != to)
        return 0;
    if (rank == to)
        MPI_Irecv(data, rstrided ? 1 : DOUBLES, rstrided ? vec : MPI_DOUBLE, from, 0,
                  MPI_COMM_WORLD, &req);
    if (rank == from) {
        smpi_execute_benched(start - MPI_Wtime());
        MPI_Send(data, sstrided ? 1 : DOUBLES, sstrided ? vec : MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
    }
    if (rank == to) {
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        t = MPI_Wtime() - start;
    }
    return t;
}

int main(int argc, char **argv)
{
    double *data;
    MPI_Datatype vec;
    double t[6];
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    data = calloc((size_t)DOUBLES * STRIDE, sizeof(double));
    MPI_Type_vector(DOUBLES, 1, STRIDE, MPI_DOUBLE, &vec);
    MPI_Type_commit(&vec);
    t[0] = one_way(0, 1, true, true, 1000 * US, vec, data);
    t[1] = one_way(0, 1, false, false, 2000 * US, vec, data);
    t[2] = one_way(0, 2, true, true, 3000 * US, vec, data);
    t[3] = one_way(0, 2, false, false, 4000 * US, vec, data);
    t[4] = one_way(0, 1, true, false, 5000 * US, vec, data);
    t[5] = one_way(0, 0, false, false, 6000 * US, vec, data);
    if (rank == 1) {
        errs += mtest_expect_time(t[0], 580 * US, "O8: remote, strided");
        errs += mtest_expect_time(t[1], 160 * US, "O8: remote, contiguous");
        errs += mtest_expect_time(t[4], 370 * US, "O8: remote, strided at the sender only");
    }
    if (rank == 2) {
        errs += mtest_expect_time(t[2], 452 * US, "O8: same host, strided");
        errs += mtest_expect_time(t[3], 32 * US, "O8: same host, contiguous");
    }
    if (rank == 0)
        errs += mtest_expect_time(t[5], 32 * US, "O8: to itself");
    /* the inversion of O8, from the times of ranks 1 and 2 */
    if (rank == 1)
        MPI_Send(t, 6, MPI_DOUBLE, 2, 1, MPI_COMM_WORLD);
    if (rank == 2) {
        double r[6];
        double t_mem = 3 * US;

        MPI_Recv(r, 6, MPI_DOUBLE, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errs += mtest_expect_time(t[3] - t_mem, 29 * US, "O8: o_mw = T_00(s) - T_mem");
        errs += mtest_expect_time(r[1] - (t[3] - t_mem), 131 * US, "O8: o_net = T_01(s) - o_mw");
        errs += mtest_expect_time(t[2] - (t[3] - t_mem) - t_mem, 420 * US,
                                  "O8: l_mw = T_00(s,d) - o_mw - T_mem");
    }
    MPI_Type_free(&vec);
    free(data);
    return mtest_finish(errs);
}
