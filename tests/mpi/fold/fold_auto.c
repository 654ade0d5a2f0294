/* fold_auto: smpi/auto-shared-malloc-thresh as SimGrid SMPI 3.32 has it (smpi_shared.cpp's
 * intercepts, reached through the malloc/calloc/realloc/free macros of the helper header smpicc
 * forces into every file). Run with the threshold at 1 MiB:
 *  - malloc, calloc and realloc of at least 1 MiB fold like SMPI_SHARED_MALLOC: every rank
 *    allocates and writes 16 MiB, and the simulator's proportional set size (PSS) grows by less
 *    than 4 MiB (global folding), then by less than that again after a realloc to 32 MiB;
 *  - calloc of a folded size still returns zeros to its caller;
 *  - smaller allocations stay private: each rank reads back its own bytes after the others wrote;
 *  - realloc of a folded block to a small size keeps its first bytes in private memory.
 * Argument "off" (no threshold): the same 16 MiB per rank are private and cost their size;
 * "local" (smpi/shared-malloc:local): the ranks' blocks of one call site share one memory, so
 * PSS grows by about 16 MiB, not 16 MiB per rank. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mtest.h"

#define MIB (1u << 20)

int main(int argc, char **argv)
{
    bool off = argc > 1 && strcmp(argv[1], "off") == 0;
    bool local = argc > 1 && strcmp(argv[1], "local") == 0;
    long limit = local ? 20 * 1024 : 4096; /* KiB of PSS that folded memory may add */
    int rank, size, errs = 0, zeros = 1;
    long before, after;
    char *big, *small, *zeroed;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Barrier(MPI_COMM_WORLD);
    before = mtest_pss_kib();
    MPI_Barrier(MPI_COMM_WORLD); /* every rank measured before any allocates */
    big = malloc(16 * MIB);
    memset(big, rank + 1, 16 * MIB);
    small = malloc(4096);
    memset(small, rank + 1, 4096);
    MPI_Barrier(MPI_COMM_WORLD);
    after = mtest_pss_kib();
    MPI_Barrier(MPI_COMM_WORLD); /* every rank measured before any goes on */
    if (off)
        errs += mtest_expect(before < 0 || after - before > (long)size * 12 * 1024,
                             "no threshold: %d x 16 MiB added only %ld KiB of PSS", size,
                             after - before);
    else
        errs +=
            mtest_expect(before < 0 || after - before < limit,
                         "threshold 1 MiB: %d x 16 MiB added %ld KiB of PSS", size, after - before);
    errs += mtest_expect(small[0] == rank + 1 && small[4095] == rank + 1,
                         "a 4 KiB malloc is not private: rank %d reads %d", rank, small[0]);

    zeroed = calloc(2 * MIB, 1);
    for (size_t i = 0; i < 2 * MIB; i += 4096)
        zeros &= zeroed[i] == 0;
    errs += mtest_expect(zeros, "calloc of 2 MiB did not return zeros");
    free(zeroed);

    big = realloc(big, 32 * MIB);
    memset(big, rank + 1, 32 * MIB);
    MPI_Barrier(MPI_COMM_WORLD);
    after = mtest_pss_kib();
    if (!off)
        errs += mtest_expect(before < 0 || after - before < 2 * limit,
                             "threshold 1 MiB: realloc to %d x 32 MiB added %ld KiB of PSS", size,
                             after - before);
    big[0] = 'a';
    big[1] = 'b';
    big = realloc(big, 2); /* below the threshold: private memory with the first bytes */
    MPI_Barrier(MPI_COMM_WORLD);
    errs += mtest_expect(big[0] == 'a' && big[1] == 'b', "realloc to 2 bytes lost %c%c", big[0],
                         big[1]);
    free(big);
    free(small);
    return mtest_finish(errs);
}
