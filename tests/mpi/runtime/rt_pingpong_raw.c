/* rt_pingpong_raw: under network/model:raw (no factors, no TCP window, no crosstraffic) and
 * zero overheads, a ping-pong of S bytes between the two hosts of two_hosts.xml takes exactly
 * 2 (L + (S + 16) / B), whatever the protocol mode the size selects (the receive is always
 * posted first here). Needs 2 ranks and --cfg=smpi/wtime:0. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#include "mtest.h"
#include "rt_platform.h"

int main(int argc, char **argv)
{
    static const int sizes[] = { 1, 1024, 65535, 65536, 1 << 20, 16 << 20 };
    int rank;
    int errs = 0;
    char *buf = calloc(16 << 20, 1);

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
        int n = sizes[i];
        double t0;
        double t;
        char what[64];

        MPI_Barrier(MPI_COMM_WORLD);
        t0 = MPI_Wtime();
        if (rank == 0) {
            buf[0] = (char)(n > 1 ? i : i + 1);
            buf[n - 1] = (char)(i + 1);
            MPI_Send(buf, n, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
            MPI_Recv(buf, n, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            t = MPI_Wtime() - t0;
            snprintf(what, sizeof(what), "ping-pong of %d bytes", n);
            errs += mtest_expect_time(t, 2 * rt_raw_transfer(n), what);
        } else {
            MPI_Recv(buf, n, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            errs += mtest_expect(buf[0] == (char)(n > 1 ? i : i + 1) && buf[n - 1] == (char)(i + 1),
                                 "%d-byte message: wrong data", n);
            MPI_Send(buf, n, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
        }
    }
    free(buf);
    return mtest_finish(errs);
}
