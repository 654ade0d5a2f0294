/* fold_auto_cxx: smpi/auto-shared-malloc-thresh in C++ code, as SMPI 3.32's helper header does
 * it: std::malloc, calloc, std::realloc and std::free go through the intercepts too. With the
 * threshold at 1 MiB, 16 MiB per rank written add less than 4 MiB of PSS; a realloc to a small
 * size keeps the first bytes, and a small block stays private to its rank. */
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mpi.h>

extern "C" {
#include "mtest.h"
}

/* Proportional set size of the process's anonymous and shared-memory pages (Pss_Anon +
 * Pss_Shmem: what its allocations occupy, folded blocks counted once), or the whole Pss on a
 * kernel without them. Not the whole Pss when both exist: its share of the libraries' file pages
 * changes whenever another process mapping them starts or exits. */
static long pss_kib()
{
    FILE *f = std::fopen("/proc/self/smaps_rollup", "r");
    char line[256];
    long pss = -1, anon = -1, shmem = -1, v;

    while (f && std::fgets(line, sizeof(line), f)) {
        if (std::sscanf(line, "Pss: %ld kB", &v) == 1)
            pss = v;
        else if (std::sscanf(line, "Pss_Anon: %ld kB", &v) == 1)
            anon = v;
        else if (std::sscanf(line, "Pss_Shmem: %ld kB", &v) == 1)
            shmem = v;
    }
    if (f)
        std::fclose(f);
    return anon >= 0 && shmem >= 0 ? anon + shmem : pss;
}

int main(int argc, char **argv)
{
    const size_t mib = 1u << 20;
    int rank, size, errs = 0;
    long before, after;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Barrier(MPI_COMM_WORLD); /* the first message makes the simulator's route tables */
    before = pss_kib();
    MPI_Barrier(MPI_COMM_WORLD);
    char *big = static_cast<char *>(std::malloc(16 * mib));
    int *small = static_cast<int *>(calloc(16, sizeof(int)));
    std::memset(big, rank + 1, 16 * mib);
    small[3] = rank;
    MPI_Barrier(MPI_COMM_WORLD);
    after = pss_kib();
    MPI_Barrier(MPI_COMM_WORLD);
    errs += mtest_expect(before < 0 || after - before < 4096,
                         "C++: %d x 16 MiB added %ld KiB of PSS", size, after - before);
    errs += mtest_expect(small[3] == rank && small[0] == 0, "C++: a small calloc is not private");
    big[0] = 'x';
    big = static_cast<char *>(std::realloc(big, 1));
    errs += mtest_expect(big[0] == 'x', "C++: realloc to 1 byte lost its first byte");
    std::free(big);
    free(small);
    return mtest_finish(errs);
}
