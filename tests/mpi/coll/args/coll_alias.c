/* coll_alias: under MPI_ERRORS_ARE_FATAL (the default handler), a collective whose send and
 * receive buffers are the same runs, as under SMPI 3.32
 * (SimGrid's examples/smpi/gemm gathers each rank's block of a matrix from and into the same
 * matrix), after one warning per collective that names the call, the rank and the aliasing MPI
 * forbids: a warning under smpi/pedantic (-analyze), a verbose line of smpi.coll otherwise,
 * since SMPI says nothing and SimGrid's gemm test reads its output. MPI_Gather in gemm's pattern
 * gives the right matrix at the root; the aliased MPI_Allreduce and MPI_Gather calls are made
 * twice each and report once each, or never when the program's argument is "quiet" (the lines
 * are read back from stderr, redirected to a file meanwhile). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mtest.h"

#define BLOCK 3

/* Counts the lines of f that contain every one of the n strings. */
static int count_lines(FILE *f, const char *const *needles, int n)
{
    char line[1024];
    int found = 0;

    rewind(f);
    while (fgets(line, sizeof(line), f)) {
        int all = 1;

        for (int i = 0; i < n; i++)
            all &= strstr(line, needles[i]) != NULL;
        found += all;
    }
    return found;
}

int main(int argc, char **argv)
{
    static const char *const gather_warning[] = {
        "MPI_Gather: sendbuf and recvbuf overlap at rank 0", "MPI forbids aliased arguments",
        "pass MPI_IN_PLACE as sendbuf instead"
    };
    static const char *const allreduce_warning[] = { "MPI_Allreduce: sendbuf and recvbuf overlap "
                                                     "at rank" };
    int rank;
    int size;
    int errs = 0;
    float *c;
    int sum[2];
    FILE *log = NULL;
    int saved = -1;
    int expected;

    MPI_Init(&argc, &argv);
    expected = argc > 1 && strcmp(argv[1], "quiet") == 0 ? 0 : 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    c = calloc((size_t)size * BLOCK, sizeof(*c));
    if (rank == 0) { /* every rank shares the simulator's stderr */
        fflush(stderr);
        log = tmpfile();
        saved = dup(STDERR_FILENO);
        dup2(fileno(log), STDERR_FILENO);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    for (int round = 0; round < 2; round++) {
        int rc;

        for (int i = 0; i < BLOCK; i++)
            c[rank * BLOCK + i] = (float)(100 * round + 10 * rank + i);
        rc = MPI_Gather(c + rank * BLOCK, BLOCK, MPI_FLOAT, c + rank * BLOCK, BLOCK, MPI_FLOAT, 0,
                        MPI_COMM_WORLD);
        errs += mtest_expect(rc == MPI_SUCCESS, "aliased MPI_Gather returned %d", rc);
        for (int r = 0; rank == 0 && r < size; r++)
            for (int i = 0; i < BLOCK; i++)
                errs += mtest_expect(c[r * BLOCK + i] == (float)(100 * round + 10 * r + i),
                                     "round %d: c[%d] = %g, expected %d", round, r * BLOCK + i,
                                     c[r * BLOCK + i], 100 * round + 10 * r + i);
        sum[0] = sum[1] = 1;
        rc = MPI_Allreduce(sum, sum, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        errs += mtest_expect(rc == MPI_SUCCESS, "aliased MPI_Allreduce returned %d", rc);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        fflush(stderr);
        dup2(saved, STDERR_FILENO);
        close(saved);
        errs += mtest_expect(count_lines(log, gather_warning, 3) == expected,
                             "%d reports of the aliased MPI_Gather calls, expected %d",
                             count_lines(log, gather_warning, 3), expected);
        errs += mtest_expect(count_lines(log, allreduce_warning, 1) == expected,
                             "%d reports of the aliased MPI_Allreduce calls, expected %d",
                             count_lines(log, allreduce_warning, 1), expected);
        fclose(log);
    }
    free(c);
    return mtest_finish(errs);
}
