/* rt_stack: each rank keeps 1 MiB of arrays on its stack (MPICH's bsendfrag keeps 68 KB), as
 * SMPI's 8 MiB default allows, and exchanges part of it; with arg "overflow" a rank recurses
 * past its stack and the run must end with a report naming the rank and contexts/stack-size. */
#include <mpi.h>
#include <string.h>

#include "mtest.h"

static volatile int sink;

static int deep(int depth)
{
    char pad[4096];

    memset(pad, depth, sizeof(pad));
    return depth > 1 << 30 ? pad[1] : deep(depth + 1) + pad[7];
}

int main(int argc, char **argv)
{
    int rank, size, errs = 0;
    double big[131072]; /* 1 MiB */

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc > 1 && strcmp(argv[1], "overflow") == 0 && rank == size - 1)
        sink = deep(0);
    for (int i = 0; i < 131072; i++)
        big[i] = rank + i;
    MPI_Sendrecv_replace(big, 131072, MPI_DOUBLE, (rank + 1) % size, 0, (rank + size - 1) % size, 0,
                         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int i = 0; i < 131072; i += 4099)
        errs += mtest_expect(big[i] == (rank + size - 1) % size + i, "element %d: %g", i, big[i]);
    return mtest_finish(errs);
}
