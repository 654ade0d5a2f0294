/* sample_mpi_inside: an MPI call inside a sampled body ends the run with a message naming the
 * rank and the call, as SMPI 3.32 aborts there ("Cannot do recursive benchmarks"); the
 * simulator's own calls (smpi_execute, SMPI_SAMPLE_FLOPS) are allowed in a body. */
#include <mpi.h>
#include <smpi/smpi.h>

#include "mtest.h"

int main(int argc, char **argv)
{
    int i, rank;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    SMPI_SAMPLE_LOCAL(i = 0, i < 4, i++, 2, -1)
    {
        smpi_execute_flops(1e6);
    }
    SMPI_SAMPLE_LOCAL(i = 0, i < 4, i++, 2, -1)
    {
        MPI_Barrier(MPI_COMM_WORLD);
    }
    return mtest_finish(0);
}
