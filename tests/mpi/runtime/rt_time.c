/* rt_time: the application's clocks and sleeps see simulated time. With smpi/wtime:0 and
 * computation timing off, sleep(2) advances MPI_Wtime by exactly 2 s, usleep(1500) by 1.5 ms,
 * nanosleep by its request; gettimeofday and clock_gettime agree with MPI_Wtime; and
 * smpi_execute_flops(F) on a 1 Gflop/s host (two_hosts.xml) lasts F / 1e9 s. Needs 1 rank or
 * more. */
#include <mpi.h>
#include <smpi.h>
#include <stdio.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "mtest.h"

int main(int argc, char **argv)
{
    int errs = 0;
    double t;
    struct timeval tv;
    struct timespec ts;
    struct timespec req = { 0, 250000000 };

    MPI_Init(&argc, &argv);
    t = MPI_Wtime();
    sleep(2);
    errs += mtest_expect_time(MPI_Wtime() - t, 2, "sleep(2)");
    t = MPI_Wtime();
    usleep(1500);
    errs += mtest_expect_time(MPI_Wtime() - t, 1.5e-3, "usleep(1500)");
    t = MPI_Wtime();
    nanosleep(&req, NULL);
    errs += mtest_expect_time(MPI_Wtime() - t, 0.25, "nanosleep(0.25 s)");
    t = MPI_Wtime();
    smpi_execute_flops(3e8);
    errs += mtest_expect_time(MPI_Wtime() - t, 0.3, "smpi_execute_flops(3e8) at 1 Gflop/s");
    t = MPI_Wtime();
    gettimeofday(&tv, NULL);
    errs += mtest_expect(
        tv.tv_sec + tv.tv_usec * 1e-6 - t < 1.5e-6 && tv.tv_sec + tv.tv_usec * 1e-6 - t > -1.5e-6,
        "gettimeofday %ld.%06ld is not MPI_Wtime %.9f", (long)tv.tv_sec, (long)tv.tv_usec, t);
    clock_gettime(CLOCK_REALTIME, &ts);
    errs += mtest_expect_time(ts.tv_sec + ts.tv_nsec * 1e-9, t, "clock_gettime(CLOCK_REALTIME)");
    return mtest_finish(errs);
}
