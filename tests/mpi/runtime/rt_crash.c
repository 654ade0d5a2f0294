/* rt_crash: rank 1 dereferences NULL in crash_here. The run must end with status 139
 * (128 + SIGSEGV) and a report naming rank 1 with a backtrace through crash_here (checked by
 * the testlist). Needs 2 ranks. */
#include <mpi.h>
#include <stdio.h>

__attribute__((noinline)) static int crash_here(volatile int *p)
{
    return *p;
}

int main(int argc, char **argv)
{
    int rank;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 1)
        printf("%d\n", crash_here(NULL));
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
