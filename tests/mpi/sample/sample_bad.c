/* sample_bad: an SMPI_SAMPLE_* loop with an invalid count ends the run naming the site and the
 * value: "negative" asks for -3 samples; "zero" for 0 samples with no threshold (SMPI 3.32
 * asserts that iters or threshold is positive). */
#include <mpi.h>
#include <smpi/smpi.h>
#include <string.h>

#include "mtest.h"

int main(int argc, char **argv)
{
    int i, iters = argc > 1 && strcmp(argv[1], "zero") == 0 ? 0 : -3;
    volatile int bodies = 0;

    MPI_Init(&argc, &argv);
    SMPI_SAMPLE_LOCAL(i = 0, i < 4, i++, iters, 0.1 * (iters < 0))
    {
        bodies++;
    }
    return mtest_finish(mtest_expect(0, "a count of %d was accepted (%d bodies)", iters, bodies));
}
