/* sample_counts: the bodies SMPI_SAMPLE_LOCAL and SMPI_SAMPLE_GLOBAL run, as SimGrid SMPI 3.32
 * runs them (checked against SMPI 3.32 on the same loops), over four visits of each site:
 *  - LOCAL, 10 iterations, iters 3: 3 bodies per rank, all in the first visit;
 *  - LOCAL, 2 iterations, iters 5: the count carries over visits: 2 + 2 + 1 = 5;
 *  - GLOBAL, 10 iterations, iters 4: 4 bodies in all, whoever runs them;
 *  - LOCAL, iters 0, threshold 0.5: one body (a site with no data samples once);
 *  - GLOBAL, 3 iterations, iters 7: 7 bodies in all;
 *  - SMPI_SAMPLE_DELAY and SMPI_SAMPLE_FLOPS never run their body and take exactly their time
 *    (two_hosts.xml: 1 Gflop/s hosts; run with smpi/host-speed:1e9). Argument "counts": check
 *    the bodies only (for runs that time native computation). */
#include <mpi.h>
#include <smpi/smpi.h>

#include "mtest.h"

static volatile double sink;

static void work(int n)
{
    double x = 0;

    for (int i = 0; i < n; i++)
        x += i * 0.5;
    sink = x;
}

int main(int argc, char **argv)
{
    int rank, size, i, errs = 0;
    int b[5] = { 0 }, total[5];
    double t0, t1;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int visit = 0; visit < 4; visit++) {
        SMPI_SAMPLE_LOCAL(i = 0, i < 10, i++, 3, 0)
        {
            b[0]++;
            work(2000);
        }
        SMPI_SAMPLE_LOCAL(i = 0, i < 2, i++, 5, -1)
        {
            b[1]++;
            work(1000);
        }
        SMPI_SAMPLE_GLOBAL(i = 0, i < 10, i++, 4, 0)
        {
            b[2]++;
            work(2000);
        }
        SMPI_SAMPLE_LOCAL(i = 0, i < 5, i++, 0, 0.5)
        {
            b[3]++;
            work(3000);
        }
        SMPI_SAMPLE_GLOBAL(i = 0, i < 3, i++, 7, -1)
        {
            b[4]++;
            work(100);
        }
        MPI_Barrier(MPI_COMM_WORLD);
    }
    MPI_Allreduce(b, total, 5, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    errs += mtest_expect(b[0] == 3, "LOCAL iters 3: %d bodies", b[0]);
    errs += mtest_expect(b[1] == 5, "LOCAL iters 5 over visits of 2: %d bodies", b[1]);
    errs += mtest_expect(total[2] == 4, "GLOBAL iters 4: %d bodies in all", total[2]);
    errs += mtest_expect(b[3] == 1, "LOCAL iters 0 threshold 0.5: %d bodies", b[3]);
    errs += mtest_expect(total[4] == 7, "GLOBAL iters 7: %d bodies in all", total[4]);

    if (argc > 1) /* "counts": native computation is timed too, so times are not exact */
        return mtest_finish(errs);
    t0 = MPI_Wtime();
    SMPI_SAMPLE_DELAY(0.5)
    {
        errs++;
    }
    t1 = MPI_Wtime();
    errs += mtest_expect_time(t1 - t0, 0.5, "SMPI_SAMPLE_DELAY(0.5)");
    t0 = MPI_Wtime();
    SMPI_SAMPLE_FLOPS(2e9)
    {
        errs++;
    }
    t1 = MPI_Wtime();
    errs += mtest_expect_time(t1 - t0, 2.0, "SMPI_SAMPLE_FLOPS(2e9) on a 1 Gflop/s host");
    return mtest_finish(errs);
}
