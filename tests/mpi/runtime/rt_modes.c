/* rt_modes: the three protocol modes of SMPI's hybrid model, under network/model:raw with
 * smpi/async-small-thresh:1024 and the default smpi/send-is-detached-thresh:65536, zero
 * overheads and smpi/wtime:0. Rank 1 sleeps 1 s before posting each receive:
 * - asynchronous (100 B < 1024): MPI_Send returns at once and the data travels at once, so
 *   the receive posted at 1 s completes at 1 s;
 * - detached (2000 B < 65536): MPI_Send returns at once, but the data moves only once the
 *   receive is posted: it completes at 1 + L + (2000 + 16) / B;
 * - rendezvous (100000 B): MPI_Send waits for the receiver and ends with it, at
 *   t + L + (100000 + 16) / B where t is the date the receive was posted.
 * Needs 2 ranks. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "mtest.h"
#include "rt_platform.h"

enum { ASYNC = 100, DETACHED = 2000, RDV = 100000 };

static char buf[RDV];

int main(int argc, char **argv)
{
    int rank;
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        memset(buf, 7, sizeof(buf));
        MPI_Send(buf, ASYNC, MPI_CHAR, 1, 1, MPI_COMM_WORLD);
        errs += mtest_expect_time(MPI_Wtime(), 0, "asynchronous send returns at once");
        MPI_Send(buf, DETACHED, MPI_CHAR, 1, 2, MPI_COMM_WORLD);
        errs += mtest_expect_time(MPI_Wtime(), 0, "detached send returns at once");
        MPI_Send(buf, RDV, MPI_CHAR, 1, 3, MPI_COMM_WORLD);
        errs += mtest_expect_time(MPI_Wtime(), 2 + rt_raw_transfer(DETACHED) + rt_raw_transfer(RDV),
                                  "rendezvous send waits for the receive");
    } else {
        double posted;

        sleep(1);
        MPI_Recv(buf, ASYNC, MPI_CHAR, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errs += mtest_expect_time(MPI_Wtime(), 1, "asynchronous message already there");
        errs += mtest_expect(buf[0] == 7 && buf[ASYNC - 1] == 7, "asynchronous data wrong");
        MPI_Recv(buf, DETACHED, MPI_CHAR, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errs += mtest_expect_time(MPI_Wtime(), 1 + rt_raw_transfer(DETACHED),
                                  "detached message moves after the receive");
        sleep(1);
        posted = MPI_Wtime();
        MPI_Recv(buf, RDV, MPI_CHAR, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errs += mtest_expect_time(MPI_Wtime(), posted + rt_raw_transfer(RDV),
                                  "rendezvous message moves after the receive");
        errs += mtest_expect(buf[RDV - 1] == 7, "rendezvous data wrong");
    }
    return mtest_finish(errs);
}
