/* rt_wtime_poll: a busy-wait of 2 simulated seconds on MPI_Wtime ends after a few thousand
 * reads (it took 2e8 reads of smpi/wtime = 1e-8 s each, past 600 s of host time: MPICH's
 * pt2pt/bsendpending). Reads in a row with no time passing between them are charged smpi/wtime
 * each for the first 100 (the streak counts from 0 at the first read after time passed), then
 * (s - 99) x smpi/wtime at streak s > 100. Checked: 50 reads in a row step by exactly 1e-8 s
 * (SMPI's times); the 2 s loop ends at the read that closed form predicts, at the date it
 * predicts; with smpi/grow-injected-times:no (argument "flat") the steps stay 1e-8 s, checked
 * over 1000 reads. Run with smpi/wtime at its default, 1e-8 s. */
#include <mpi.h>
#include <string.h>

#include "mtest.h"

#define W 1e-8
#define STREAK 100

/* The charge of the read at streak s. */
static double charge(long s, int grow)
{
    return grow && s > STREAK ? W * (double)(s - STREAK + 1) : W;
}

int main(int argc, char **argv)
{
    int grow;
    double t0;
    double t;
    double want;
    long reads = 0;
    long s;
    int errs = 0;

    MPI_Init(&argc, &argv);
    grow = !(argc > 1 && strcmp(argv[1], "flat") == 0);
    MPI_Barrier(MPI_COMM_WORLD);
    t0 = MPI_Wtime(); /* streak 0: time passed in the barrier */
    for (int i = 1; i <= 50; i++) {
        t = MPI_Wtime();
        errs += mtest_expect_time(t, t0 + i * W, "read in a row");
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (!grow) {
        t0 = MPI_Wtime();
        for (int i = 1; i <= 1000; i++)
            t = MPI_Wtime();
        errs += mtest_expect_time(t, t0 + 1000 * W, "1000 reads without growth");
        return mtest_finish(errs);
    }
    t0 = MPI_Wtime();
    do {
        t = MPI_Wtime();
        reads++;
    } while (t - t0 < 2.0);
    /* closed form: read s of the streak (s = 1, 2, ...) returns t0 plus the charges of reads
     * 0 .. s - 1; the loop ends at the first that is 2 s past t0 */
    want = t0;
    s = 0;
    do
        want += charge(s++, grow);
    while (want - t0 < 2.0);
    errs += mtest_expect(reads == s, "the 2 s loop made %ld reads, expected %ld", reads, s);
    errs += mtest_expect_time(t, want, "the read that ended the loop");
    errs += mtest_expect(reads < 30000, "%ld reads for 2 s of polling", reads);
    return mtest_finish(errs);
}
