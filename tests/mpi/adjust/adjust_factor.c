/* adjust_factor: smpi/comp-adjustment-file as SimGrid SMPI 3.32 applies it (smpi_bench.cpp).
 * Built with smpicc -trace-call-location, each MPI call records its file and line; the code a
 * rank runs between two MPI calls is "prevfile:prevline:file:line", and its measured time is
 * divided by that key's ratio in the file. The same work (about 20 ms of CPU) runs in three
 * segments; adjust.csv gives the first ratio 1000 (1000 times faster), none to the second and
 * 0.01 to the third (100 times slower). Native times vary, so the check is on the ratios
 * between the injected times: first < second / 50 and third > second x 50. The #line
 * directives pin the line numbers that adjust.csv names. Argument "off": run without the file,
 * the three segments take about the same time; "show": print the three injected times. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "mtest.h"

static volatile double sink;

static void burn(void)
{
    double x = 0;

    for (long i = 0; i < 8000000L; i++)
        x += (double)i * 0.5;
    sink = x;
}

int main(int argc, char **argv)
{
    int errs = 0;
    double t[4];

    MPI_Init(&argc, &argv);
#line 100
    t[0] = MPI_Wtime();
    burn();
#line 200
    t[1] = MPI_Wtime();
    burn();
#line 300
    t[2] = MPI_Wtime();
    burn();
#line 400
    t[3] = MPI_Wtime();
    if (argc > 1 && strcmp(argv[1], "show") == 0)
        printf("segments %.6f %.6f %.6f s\n", t[1] - t[0], t[2] - t[1], t[3] - t[2]);
    if (argc > 1 && strcmp(argv[1], "off") == 0) {
        errs += mtest_expect(t[1] - t[0] > (t[2] - t[1]) / 5 && t[3] - t[2] < (t[2] - t[1]) * 5,
                             "without the file the segments differ: %g %g %g", t[1] - t[0],
                             t[2] - t[1], t[3] - t[2]);
    } else {
        errs += mtest_expect(t[1] - t[0] < (t[2] - t[1]) / 50,
                             "ratio 1000: %g s against %g s unadjusted", t[1] - t[0], t[2] - t[1]);
        errs += mtest_expect(t[3] - t[2] > (t[2] - t[1]) * 50,
                             "ratio 0.01: %g s against %g s unadjusted", t[3] - t[2], t[2] - t[1]);
    }
    return mtest_finish(errs);
}
