/* mpi_sample: shadow execution benchmark. Each rank runs a compute kernel (argv[2] inner steps)
 * argv[1] times in a loop, natively or under the sampling given by argv[3]: "native", "local"
 * (SMPI_SAMPLE_LOCAL, 5 samples), "global" (SMPI_SAMPLE_GLOBAL, 5 samples for all ranks) or
 * "flops" (SMPI_SAMPLE_FLOPS: never runs, injects the kernel's nominal flops). Rank 0 prints
 * the kernels executed over all ranks and the simulated time. */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static volatile double sink;
static int kernels;

static void kernel(int steps)
{
    double x = 1.0;

    for (int i = 0; i < steps; i++)
        x = x * 1.0000001 + 0.5 / (i + 1);
    sink = x;
    kernels++;
}

int main(int argc, char **argv)
{
    int iters = argc > 1 ? atoi(argv[1]) : 100;
    int steps = argc > 2 ? atoi(argv[2]) : 1000000;
    const char *mode = argc > 3 ? argv[3] : "native";
    int rank, i, total;
    double t;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (strcmp(mode, "native") == 0) {
        for (i = 0; i < iters; i++)
            kernel(steps);
    } else if (strcmp(mode, "local") == 0) {
        SMPI_SAMPLE_LOCAL(i = 0, i < iters, i++, 5, -1)
        {
            kernel(steps);
        }
    } else if (strcmp(mode, "global") == 0) {
        SMPI_SAMPLE_GLOBAL(i = 0, i < iters, i++, 5, -1)
        {
            kernel(steps);
        }
    } else {
        for (i = 0; i < iters; i++)
            SMPI_SAMPLE_FLOPS(3.0 * steps)
            {
                kernel(steps);
            }
    }
    MPI_Barrier(MPI_COMM_WORLD);
    t = MPI_Wtime();
    MPI_Reduce(&kernels, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("kernels executed: %d, simulated time %.3f s\n", total, t);
    MPI_Finalize();
    return 0;
}
