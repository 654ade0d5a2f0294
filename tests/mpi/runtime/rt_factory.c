/* rt_factory: what contexts/factory changes for a program. Argument "thread": every rank runs
 * on its own kernel thread (all thread ids differ, none is the simulator's main thread, and a
 * rank keeps its thread across MPI calls); otherwise (raw, ucontext, boost) every rank runs on
 * the simulator's one thread. Nonblocking collectives (a helper actor each, freed when done)
 * complete under every factory. Needs 2 ranks or more. */
#include <mpi.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "mtest.h"

static long thread_id(void)
{
    return (long)syscall(SYS_gettid);
}

int main(int argc, char **argv)
{
    int threads = argc > 1 && strcmp(argv[1], "thread") == 0;
    int rank;
    int size;
    int errs = 0;
    long mine;
    long *all;
    int sum = 0;
    MPI_Request req;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    mine = thread_id();
    all = malloc((size_t)size * sizeof(*all));
    MPI_Allgather(&mine, 1, MPI_LONG, all, 1, MPI_LONG, MPI_COMM_WORLD);
    errs += mtest_expect(thread_id() == mine, "rank %d changed thread across MPI_Allgather", rank);
    for (int r = 0; r < size; r++) {
        if (threads) {
            errs += mtest_expect(all[r] != (long)getpid(), "rank %d runs on the main thread", r);
            for (int q = 0; q < r; q++)
                errs += mtest_expect(all[q] != all[r], "ranks %d and %d share thread %ld", q, r,
                                     all[r]);
        } else {
            errs += mtest_expect(all[r] == all[0], "ranks 0 and %d run on threads %ld and %ld", r,
                                 all[0], all[r]);
        }
    }
    for (int k = 0; k < 3; k++) {
        int one = 1;

        MPI_Iallreduce(&one, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        errs += mtest_expect(sum == size, "MPI_Iallreduce %d gave %d, expected %d", k, sum, size);
    }
    free(all);
    return mtest_finish(errs);
}
