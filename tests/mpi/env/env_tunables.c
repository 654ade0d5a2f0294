/* env_tunables: smpirun tunes glibc's malloc by adding glibc.malloc.hugetlb=1 (transparent
 * huge pages for the heap) and glibc.malloc.mmap_threshold=33554432 (blocks under 32 MiB from
 * that heap) to GLIBC_TUNABLES, after the user's own tunables, unless those set a glibc.malloc
 * tunable. The program compares the GLIBC_TUNABLES it was started with against its argument. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    const char *got = getenv("GLIBC_TUNABLES");
    int rank;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (argc != 2) {
        fprintf(stderr, "usage: env_tunables EXPECTED\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    if (rank == 0) {
        if (got && strcmp(got, argv[1]) == 0)
            printf("No Errors\n");
        else
            printf("GLIBC_TUNABLES is '%s', expected '%s'\n", got ? got : "(unset)", argv[1]);
    }
    MPI_Finalize();
    return 0;
}
