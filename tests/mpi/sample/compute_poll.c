/* compute_poll: a rank polling an MPI call that takes no simulated time (MPI_Wtime under
 * smpi/wtime:0) until the simulated clock reaches 10 ms. Each burst between two calls is far
 * under smpi/cpu-threshold (1 us) and is dropped, as in SMPI 3.32, but the bursts of a rank are
 * carried while simulated time stands still and injected once they add up to the threshold, so
 * the clock moves and the loop ends: without that the only way out would be a burst lengthened
 * by an interrupt (SMPI 3.32 gets out because its own overhead, about 1-2 us per call, is timed
 * as the application's). The run must end well within its time limit, at 10 ms of simulated
 * time or just after (the last injection is at most the threshold plus one burst). Run with
 * computation timed (the default) and smpi/host-speed:1e9 on the default 1 Gflop/s hosts, so that 1
 * us measured is 1 us simulated. */
#include <mpi.h>
#include <stdio.h>

#include "mtest.h"

static volatile double sink;

int main(int argc, char **argv)
{
    int errs = 0;
    long polls = 0;
    double t;

    MPI_Init(&argc, &argv);
    while ((t = MPI_Wtime()) < 10e-3) {
        sink += 1;
        polls++;
    }
    errs += mtest_expect(t < 10e-3 + 1e-4, "the loop ended at %g s, past 10 ms + 0.1 ms", t);
    errs += mtest_expect(polls > 100, "%ld polls for 10 ms of 1 us injections", polls);
    return mtest_finish(errs);
}
