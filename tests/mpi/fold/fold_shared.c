/* fold_shared: memory folding as SMPI 3.32 does it.
 *  - global (the default): every SMPI_SHARED_MALLOC maps one physical block, so a write by one
 *    rank is seen by every rank at the same offset modulo the block, and 16 MiB per rank add
 *    less than 4 MiB of proportional set size (PSS) to the simulator;
 *  - SMPI_PARTIAL_SHARED_MALLOC folds the listed ranges only: the rest keeps each rank's data;
 *  - SMPI_SHARED_CALL runs its function once per input for all ranks;
 *  - arg "local": the ranks' allocations at one call site share one memory (a write by rank 0
 *    is seen everywhere at the same offset, the first 5 MiB hold the rank that wrote last, in
 *    SMPI's order of ranks leaving a barrier); arg "no": ordinary memory, private to each rank.
 * Messages between folded buffers still arrive (sizes and times as for any buffer). */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <string.h>

#include "mtest.h"

#define MIB (1u << 20)

static int runs;

/* A costly input reader whose result all ranks may share: called once per input. */
static int *load(int x)
{
    static int table[2];

    runs++;
    table[x] = x * 7;
    return &table[x];
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "global";
    int rank, size, errs = 0, all_runs;
    long before, after;
    char *big;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    MPI_Barrier(MPI_COMM_WORLD);
    before = mtest_pss_kib();
    big = SMPI_SHARED_MALLOC(16 * MIB);
    memset(big, rank + 1, 16 * MIB);
    MPI_Barrier(MPI_COMM_WORLD); /* every rank has written all of its 16 MiB */
    after = mtest_pss_kib();
    if (strcmp(mode, "global") == 0) {
        errs +=
            mtest_expect(before < 0 || after - before < 4096,
                         "global folding: %d x 16 MiB added %ld KiB of PSS", size, after - before);
    }
    if (rank == 0)
        big[5 * MIB + 3] = 42;
    MPI_Barrier(MPI_COMM_WORLD);
    if (strcmp(mode, "global") == 0)
        errs += mtest_expect(big[3] == 42 && big[5 * MIB + 3] == 42,
                             "global: rank 0's byte not seen at every block (%d %d)", big[3],
                             big[5 * MIB + 3]);
    else if (strcmp(mode, "local") == 0) {
        /* which rank wrote last depends on the order of ranks leaving the barrier; that every
         * rank sees the same one is what folding promises */
        int mine = big[3];
        int lo;
        int hi;

        MPI_Allreduce(&mine, &lo, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
        MPI_Allreduce(&mine, &hi, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        errs += mtest_expect(big[5 * MIB + 3] == 42 && lo == hi && lo >= 1 && lo <= size,
                             "local: one memory per call site (%d, ranks see %d to %d)",
                             big[5 * MIB + 3], lo, hi);
    } else
        errs += mtest_expect(big[3] == rank + 1 && (rank == 0) == (big[5 * MIB + 3] == 42),
                             "no folding: rank %d sees %d %d", rank, big[3], big[5 * MIB + 3]);
    MPI_Barrier(MPI_COMM_WORLD);

    /* a message between folded buffers arrives like any other */
    if (size > 1) {
        if (rank == 0)
            MPI_Send(big, 4 * MIB, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
        else if (rank == 1)
            MPI_Recv(big, 4 * MIB, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    SMPI_SHARED_FREE(big);

    /* partial folding: [1 MiB, 3 MiB) folds, the first and last MiB stay private */
    if (strcmp(mode, "global") == 0) {
        size_t ranges[2] = { MIB, 3 * MIB };
        char *part = SMPI_PARTIAL_SHARED_MALLOC(4 * MIB, ranges, 1);

        part[10] = (char)(rank + 1);
        part[3 * MIB + 10] = (char)(rank + 1);
        part[2 * MIB] = 0;
        MPI_Barrier(MPI_COMM_WORLD);
        if (rank == size - 1)
            part[MIB + 77] = 99;
        MPI_Barrier(MPI_COMM_WORLD);
        errs += mtest_expect(part[10] == rank + 1 && part[3 * MIB + 10] == rank + 1,
                             "partial: rank %d's private bytes are %d %d", rank, part[10],
                             part[3 * MIB + 10]);
        errs += mtest_expect(part[MIB + 77] == 99 && part[2 * MIB + 77] == 99,
                             "partial: the folded range is not shared (%d %d)", part[MIB + 77],
                             part[2 * MIB + 77]);
        SMPI_SHARED_FREE(part);
    }

    /* SMPI_SHARED_CALL: once per input for all ranks */
    {
        int *zero = SMPI_SHARED_CALL(load, "zero", 0);
        int *one = SMPI_SHARED_CALL(load, "one", 1);

        errs += mtest_expect(*zero == 0 && *one == 7, "SMPI_SHARED_CALL gave %d %d", *zero, *one);
    }
    MPI_Allreduce(&runs, &all_runs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    errs += mtest_expect(all_runs == 2, "SMPI_SHARED_CALL ran %d times for 2 inputs", all_runs);
    return mtest_finish(errs);
}
