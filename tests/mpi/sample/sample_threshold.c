/* sample_threshold: smpi/cpu-threshold as SimGrid SMPI 3.32 applies it (smpi_bench.cpp's
 * smpi_execute): a computation shorter than the threshold injects nothing, one at or above it
 * injects all of its time; this covers native bursts, smpi_execute, SMPI_SAMPLE_DELAY and the
 * mean x iterations a sampled loop injects; SMPI_SAMPLE_FLOPS is never dropped. A negative
 * threshold injects everything (3.32 keeps the value as given). Modes (the run's threshold):
 *  - "default" (1e-6): DELAY(5e-7) and smpi_execute(9e-7) are 0, DELAY(1e-6) is 1e-6,
 *    FLOPS(500) is 5e-7 s on a 1 Gflop/s host (run with smpi/host-speed:1e9, two_hosts.xml);
 *  - "big" (1 s): DELAY(0.5) and a sampled loop (far below 1 s) are 0, DELAY(1) is 1 s, and
 *    about 20 ms of native computation (timed: smpi/simulate-computation:yes) is 0;
 *  - "negative" (-1): DELAY(5e-7) is 5e-7 and smpi_execute(1e-9) is 1e-9; "native" (-1,
 *    computation timed): the native burst injects a positive time.
 * Exact times need smpi/simulate-computation:no (SMPI_SAMPLE_DELAY and smpi_execute inject
 * even then, as in 3.32). */
#include <mpi.h>
#include <smpi/smpi.h>
#include <string.h>

#include "mtest.h"

static volatile double sink;

/* About `ms` milliseconds of CPU time. */
static void burn(int ms)
{
    double x = 0;

    for (long i = 0; i < 400000L * ms; i++)
        x += (double)i * 0.5;
    sink = x;
}

static double timed_delay(double d)
{
    double t0 = MPI_Wtime();

    SMPI_SAMPLE_DELAY(d)
    {
        sink = 1;
    }
    return MPI_Wtime() - t0;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "default";
    int errs = 0, i, bodies = 0;
    double t0, t;

    MPI_Init(&argc, &argv);
    if (strcmp(mode, "default") == 0) {
        errs += mtest_expect_time(timed_delay(5e-7), 0, "SMPI_SAMPLE_DELAY(5e-7) below 1e-6");
        errs += mtest_expect_time(timed_delay(1e-6), 1e-6, "SMPI_SAMPLE_DELAY(1e-6) at 1e-6");
        t0 = MPI_Wtime();
        smpi_execute(9e-7);
        errs += mtest_expect_time(MPI_Wtime() - t0, 0, "smpi_execute(9e-7) below 1e-6");
        t0 = MPI_Wtime();
        SMPI_SAMPLE_FLOPS(500)
        {
            sink = 1;
        }
        errs += mtest_expect_time(MPI_Wtime() - t0, 5e-7, "SMPI_SAMPLE_FLOPS(500), no threshold");
    } else if (strcmp(mode, "big") == 0) {
        errs += mtest_expect_time(timed_delay(0.5), 0, "SMPI_SAMPLE_DELAY(0.5) below 1 s");
        errs += mtest_expect_time(timed_delay(1), 1, "SMPI_SAMPLE_DELAY(1) at 1 s");
        t0 = MPI_Wtime();
        SMPI_SAMPLE_LOCAL(i = 0, i < 10, i++, 2, -1)
        {
            bodies++;
            burn(1);
        }
        t = MPI_Wtime() - t0;
        errs += mtest_expect(bodies == 2, "sampled loop ran %d bodies, not 2", bodies);
        errs += mtest_expect_time(t, 0, "sampled loop of about 10 ms below 1 s");
        t0 = MPI_Wtime();
        burn(20);
        MPI_Barrier(MPI_COMM_WORLD);
        errs += mtest_expect_time(MPI_Wtime() - t0, 0, "20 ms of native computation below 1 s");
    } else if (strcmp(mode, "negative") == 0) {
        errs += mtest_expect_time(timed_delay(5e-7), 5e-7, "SMPI_SAMPLE_DELAY(5e-7), threshold -1");
        t0 = MPI_Wtime();
        smpi_execute(1e-9);
        errs += mtest_expect_time(MPI_Wtime() - t0, 1e-9, "smpi_execute(1e-9), threshold -1");
    } else {
        t0 = MPI_Wtime();
        burn(20);
        MPI_Barrier(MPI_COMM_WORLD);
        t = MPI_Wtime() - t0;
        errs += mtest_expect(t > 1e-3, "20 ms of native computation injected only %g s", t);
    }
    return mtest_finish(errs);
}
