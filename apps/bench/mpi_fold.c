/* mpi_fold: memory folding benchmark. Every rank allocates argv[1] MiB (default 64) with
 * SMPI_SHARED_MALLOC (or with plain malloc when argv[2] is "malloc", for
 * smpi/auto-shared-malloc-thresh) and writes all of it; rank 0 prints how much proportional set
 * size (PSS, from /proc/self/smaps_rollup: the simulator process holds every rank) the allocations
 * added. */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long pss_kib(void)
{
    FILE *f = fopen("/proc/self/smaps_rollup", "r");
    char line[256];
    long kib = -1;

    while (f && fgets(line, sizeof(line), f))
        if (sscanf(line, "Pss: %ld kB", &kib) == 1)
            break;
    if (f)
        fclose(f);
    return kib;
}

int main(int argc, char **argv)
{
    size_t mib = argc > 1 ? (size_t)atoi(argv[1]) : 64;
    int plain = argc > 2 && strcmp(argv[2], "malloc") == 0;
    int rank;
    long before, after;
    char *p;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Barrier(MPI_COMM_WORLD);
    before = pss_kib();
    p = plain ? malloc(mib << 20) : SMPI_SHARED_MALLOC(mib << 20);
    memset(p, rank, mib << 20);
    MPI_Barrier(MPI_COMM_WORLD);
    after = pss_kib();
    if (rank == 0)
        printf("PSS added: %ld KiB\n", after - before);
    MPI_Barrier(MPI_COMM_WORLD);
    if (plain)
        free(p);
    else
        SMPI_SHARED_FREE(p);
    MPI_Finalize();
    return 0;
}
