/* coll_barrier: MPI_Barrier on MPI_COMM_WORLD and (above two ranks) on a communicator that
 * splits it in two with ranks in reverse order. Before each barrier every rank computes for a
 * different simulated time (which rank comes last changes from one barrier to the next); each rank
 * notes when it entered and left, and rank 0 checks that no rank left any barrier before the last
 * one entered it. Prints "No Errors" from rank 0 on success. */
#include <mpi.h>
#include <smpi.h>
#include <stdio.h>
#include <stdlib.h>

#include "mtest.h"

#define ROUNDS 8

/* Runs ROUNDS barriers on comm; times[2k] and times[2k + 1] receive the simulated times at
 * which the caller entered and left barrier k. */
static int run(MPI_Comm comm, double *times)
{
    int rank;
    int size;
    int errs = 0;

    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    for (int k = 0; k < ROUNDS; k++) {
        /* 0.1 to 0.1 size ms of work at 1 Gflop/s (far longer than a barrier), a different rank
         * last each round */
        smpi_execute_flops(1e5 * (double)((rank * 5 + k * 3) % size + 1));
        times[2 * k] = MPI_Wtime();
        errs += mtest_expect(MPI_Barrier(comm) == MPI_SUCCESS, "MPI_Barrier %d failed", k);
        times[2 * k + 1] = MPI_Wtime();
    }
    return errs;
}

/* On rank 0 of comm: gathers every rank's times point to point and checks each round. */
static int check(MPI_Comm comm, double *times, const char *name)
{
    int rank;
    int size;
    int errs = 0;
    double *all;

    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    if (rank != 0) {
        MPI_Send(times, 2 * ROUNDS, MPI_DOUBLE, 0, 5, comm);
        return 0;
    }
    all = malloc(sizeof(double) * 2 * ROUNDS * (size_t)size);
    for (int i = 0; i < 2 * ROUNDS; i++)
        all[i] = times[i];
    for (int j = 1; j < size; j++)
        MPI_Recv(all + 2 * ROUNDS * j, 2 * ROUNDS, MPI_DOUBLE, j, 5, comm, MPI_STATUS_IGNORE);
    for (int k = 0; k < ROUNDS; k++) {
        double last_in = 0;
        double first_out = 1e30;
        int late = 0;
        int early = 0;

        for (int j = 0; j < size; j++) {
            if (all[2 * ROUNDS * j + 2 * k] > last_in) {
                last_in = all[2 * ROUNDS * j + 2 * k];
                late = j;
            }
            if (all[2 * ROUNDS * j + 2 * k + 1] < first_out) {
                first_out = all[2 * ROUNDS * j + 2 * k + 1];
                early = j;
            }
        }
        errs += mtest_expect(first_out >= last_in,
                             "%s barrier %d: rank %d left at %.9f before rank %d entered at %.9f",
                             name, k, early, first_out, late, last_in);
    }
    free(all);
    return errs;
}

int main(int argc, char **argv)
{
    int rank;
    int size;
    int errs = 0;
    double times[2 * ROUNDS];
    MPI_Comm half;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    errs += run(MPI_COMM_WORLD, times);
    errs += check(MPI_COMM_WORLD, times, "MPI_COMM_WORLD");
    /* at two ranks the halves are single ranks, which the two-rank barrier refuses */
    if (size > 2) {
        MPI_Comm_split(MPI_COMM_WORLD, rank % 2, size - rank, &half);
        errs += run(half, times);
        errs += check(half, times, "split communicator");
        MPI_Comm_free(&half);
    }
    return mtest_finish(errs);
}
