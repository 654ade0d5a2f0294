/* rma_compare: the program README's comparison with SMPI 3.32 runs (a fence epoch of puts, a
 * post/start epoch of gets, lock + accumulate + get + flush_local + unlock by one origin at a
 * time, then every origin at once, then fetch_and_op, get_accumulate and compare_and_swap).
 * With the argument "print", every rank prints "RESULT <rank> <phase> <simulated time>" after
 * each phase; the same source builds with SMPI's smpicc. It checks the data it moves and ends
 * with "No Errors". Any number of ranks >= 2. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mtest.h"

static int print;
#define N 100000
static void at(int rank, const char *phase)
{
    if (print)
        printf("RESULT %d %s %.9f\n", rank, phase, MPI_Wtime());
}
int main(int argc, char **argv)
{
    int rank, size, i;
    MPI_Win win;
    double *buf, *loc;
    MPI_Group wg, g;
    int errs = 0;

    MPI_Init(&argc, &argv);
    print = argc > 1 && strcmp(argv[1], "print") == 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    buf = calloc(N, sizeof(double));
    loc = calloc(N, sizeof(double));
    for (i = 0; i < N; i++)
        loc[i] = rank + 1;
    MPI_Win_create(buf, N * sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    at(rank, "create");
    /* fence + put */
    MPI_Win_fence(0, win);
    at(rank, "fence1");
    MPI_Put(loc, N, MPI_DOUBLE, (rank + 1) % size, 0, N, MPI_DOUBLE, win);
    at(rank, "put");
    MPI_Win_fence(0, win);
    at(rank, "fence2");
    errs += mtest_expect(buf[N - 1] == (rank + size - 1) % size + 1, "put data %g", buf[N - 1]);
    /* pscw + get: rank 0 gets from everyone else */
    MPI_Comm_group(MPI_COMM_WORLD, &wg);
    if (rank == 0) {
        int n = size - 1, *r = malloc(n * sizeof(int));
        for (i = 0; i < n; i++)
            r[i] = i + 1;
        MPI_Group_incl(wg, n, r, &g);
        MPI_Win_start(g, 0, win);
        at(rank, "start");
        for (i = 1; i < size; i++)
            MPI_Get(loc, N / 2, MPI_DOUBLE, i, 0, N / 2, MPI_DOUBLE, win);
        at(rank, "gets");
        MPI_Win_complete(win);
        at(rank, "complete");
        errs += mtest_expect(loc[0] >= 1 && loc[0] < size, "get data %g", loc[0]);
    } else {
        int zero = 0;
        MPI_Group_incl(wg, 1, &zero, &g);
        MPI_Win_post(g, 0, win);
        at(rank, "post");
        MPI_Win_wait(win);
        at(rank, "wait");
    }
    MPI_Group_free(&g);
    /* lock + accumulate, one origin at a time */
    MPI_Barrier(MPI_COMM_WORLD);
    at(rank, "barrier");
    for (i = 1; i < size; i++) {
        if (rank == i) {
            MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
            MPI_Accumulate(loc, 1000, MPI_DOUBLE, 0, 0, 1000, MPI_DOUBLE, MPI_SUM, win);
            at(rank, "seq-acc");
            MPI_Get(loc + 1000, 3000, MPI_DOUBLE, 0, 1000, 3000, MPI_DOUBLE, win);
            MPI_Win_flush_local(0, win);
            at(rank, "seq-flush-local");
            MPI_Win_unlock(0, win);
            at(rank, "seq-unlock");
        }
        MPI_Barrier(MPI_COMM_WORLD);
    }
    at(rank, "barrier1b");
    /* contended: every rank at once */
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    at(rank, "lock");
    MPI_Accumulate(loc, 1000, MPI_DOUBLE, 0, 0, 1000, MPI_DOUBLE, MPI_SUM, win);
    at(rank, "acc");
    MPI_Put(loc, 5000, MPI_DOUBLE, 0, 2000, 5000, MPI_DOUBLE, win);
    MPI_Win_flush(0, win);
    at(rank, "flush");
    MPI_Win_unlock(0, win);
    at(rank, "unlock");
    MPI_Barrier(MPI_COMM_WORLD);
    at(rank, "barrier2");
    if (rank == 1) {
        double one = 1, res, cmp = 0;
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
        MPI_Fetch_and_op(&one, &res, MPI_DOUBLE, 0, 5, MPI_SUM, win);
        at(rank, "fop");
        MPI_Get_accumulate(loc, 10, MPI_DOUBLE, loc + 10, 10, MPI_DOUBLE, 0, 10, 10, MPI_DOUBLE,
                           MPI_MAX, win);
        at(rank, "gacc");
        {
            long long a = 5, c = 0, r;
            MPI_Compare_and_swap(&a, &c, &r, MPI_LONG_LONG, 0, 50000, win);
        }
        at(rank, "cas");
        MPI_Win_unlock(0, win);
        at(rank, "unlock2");
    }
    MPI_Win_free(&win);
    at(rank, "free");
    free(buf);
    free(loc);
    return mtest_finish(errs);
}
