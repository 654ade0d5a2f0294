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

static long pss_kib()
{
    FILE *f = std::fopen("/proc/self/smaps_rollup", "r");
    char line[256];
    long kib = -1;

    while (f && std::fgets(line, sizeof(line), f))
        if (std::sscanf(line, "Pss: %ld kB", &kib) == 1)
            break;
    if (f)
        std::fclose(f);
    return kib;
}

int main(int argc, char **argv)
{
    const size_t mib = 1u << 20;
    int rank, size, errs = 0;
    long before, after;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
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
