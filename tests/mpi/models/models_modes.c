/* models_modes: the SMPI model's three synchronisation modes against PAPERS.md O20, on
 * two_hosts_50us.xml (L = 50 us, B = 125e6 B/s) with every correction factor at 1, no
 * crosstraffic, no overheads and the SMPI paper's thresholds Sa = 65536 (smpi/async-small-thresh)
 * and Sd = 327680 (smpi/send-is-detached-thresh). Rank 0 sends k bytes at date 0; rank 1
 * computes for 1 s, then receives. A transfer lasts D(k) = L + (k + 16) / B (SMPI's 16-byte
 * envelope; the paper's D(k) leaves it out):
 *   k = 40000 (asynchronous): the transfer starts at once; rank 0 leaves at 0, rank 1 at 1 s;
 *   k = 100000 (detached): rank 0 leaves at 0, the transfer starts when the receive is posted:
 *     rank 1 leaves at 1 s + D(k) = 1.000850128 s;
 *   k = 400000 (rendezvous): both leave at 1 s + D(k) = 1.003250128 s. */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdlib.h>

#include "mtest.h"

#define LAT 50e-6
#define BW 125e6

int main(int argc, char **argv)
{
    int k = argc > 1 ? atoi(argv[1]) : 0;
    double d = LAT + (k + 16.0) / BW;
    char *buf = calloc((size_t)k + 1, 1);
    int rank;
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Send(buf, k, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
        errs += mtest_expect_time(MPI_Wtime(), k > 327680 ? 1 + d : 0, "O20: the sender leaves");
    } else {
        smpi_execute_benched(1.0);
        MPI_Recv(buf, k, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errs += mtest_expect_time(MPI_Wtime(), k <= 65536 ? 1 : 1 + d, "O20: the receiver leaves");
    }
    free(buf);
    return mtest_finish(errs);
}
