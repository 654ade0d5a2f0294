/* rma_lock: passive target synchronisation, the target never calling MPI meanwhile.
 * - a shared counter on rank 0 incremented ITER times by every rank under exclusive locks
 *   (get, add, put: only exclusion makes the total right), and with MPI_Fetch_and_op under a
 *   shared lock (atomic: the tickets are all distinct);
 * - a spin lock built on MPI_Compare_and_swap guarding a critical section;
 * - MPI_Win_lock_all with MPI_Rput, MPI_Rget, MPI_Raccumulate, MPI_Rget_accumulate completed
 *   by MPI_Wait, MPI_Waitall and MPI_Test, and MPI_Win_flush / flush_local / flush_all /
 *   flush_local_all; MPI_Win_sync.
 * First, rank 0 sleeps one simulated second outside MPI while the others lock it, put and
 * unlock: they must be done long before it wakes up.
 * Any number of ranks >= 2. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "mtest.h"

enum { ITER = 10, MAXR = 64 };

int main(int argc, char **argv)
{
    int rank, size, errs = 0;
    long *mem;
    MPI_Win win;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win_allocate(4 * MAXR * sizeof(long), sizeof(long), MPI_INFO_NULL, MPI_COMM_WORLD, &mem,
                     &win);
    for (int i = 0; i < 4 * MAXR; i++)
        mem[i] = 0;
    MPI_Barrier(MPI_COMM_WORLD);

    /* progress without the target */
    if (rank == 0) {
        sleep(1);
    } else {
        long v = rank;

        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
        MPI_Put(&v, 1, MPI_LONG, 0, 3 * MAXR + rank, 1, MPI_LONG, win);
        MPI_Win_unlock(0, win);
        errs += mtest_expect(MPI_Wtime() < 0.5, "unlock waited for the target: %g s", MPI_Wtime());
    }
    MPI_Barrier(MPI_COMM_WORLD);
    for (int r = 1; r < size && rank == 0; r++)
        errs += mtest_expect(mem[3 * MAXR + r] == r, "put from %d while asleep: %ld", r,
                             mem[3 * MAXR + r]);

    /* read-modify-write under exclusive locks */
    for (int it = 0; it < ITER; it++) {
        long v;

        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
        MPI_Get(&v, 1, MPI_LONG, 0, 0, 1, MPI_LONG, win);
        MPI_Win_flush(0, win);
        v++;
        MPI_Put(&v, 1, MPI_LONG, 0, 0, 1, MPI_LONG, win);
        MPI_Win_unlock(0, win);
    }
    /* tickets from fetch-and-add under a shared lock */
    {
        long one = 1, tickets[ITER];

        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        for (int it = 0; it < ITER; it++)
            MPI_Fetch_and_op(&one, &tickets[it], MPI_LONG, 0, 1, MPI_SUM, win);
        MPI_Win_unlock(0, win);
        for (int it = 1; it < ITER; it++)
            errs += mtest_expect(tickets[it] > tickets[it - 1], "tickets not increasing");
    }
    /* a spin lock on mem[2] of rank 0 guarding mem[3] */
    for (int it = 0; it < 3; it++) {
        long mine = rank + 1, zero = 0, prev = -1, v;

        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        do {
            MPI_Compare_and_swap(&mine, &zero, &prev, MPI_LONG, 0, 2, win);
            MPI_Win_flush(0, win);
        } while (prev != 0);
        MPI_Get(&v, 1, MPI_LONG, 0, 3, 1, MPI_LONG, win);
        MPI_Win_flush(0, win);
        v += 10;
        MPI_Put(&v, 1, MPI_LONG, 0, 3, 1, MPI_LONG, win);
        MPI_Win_flush(0, win);
        MPI_Compare_and_swap(&zero, &mine, &prev, MPI_LONG, 0, 2, win);
        MPI_Win_unlock(0, win);
        errs += mtest_expect(prev == mine, "spin lock released by someone else (%ld)", prev);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        errs += mtest_expect(mem[0] == (long)size * ITER, "locked counter %ld, want %ld", mem[0],
                             (long)size * ITER);
        errs += mtest_expect(mem[1] == (long)size * ITER, "fetch_and_op counter %ld", mem[1]);
        errs += mtest_expect(mem[3] == (long)size * 30, "critical sections %ld", mem[3]);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    /* request-based operations in a lock_all epoch: each rank writes its slot of every rank */
    {
        long v = 100 + rank, got[MAXR], old = -1, two = 2;
        MPI_Request reqs[MAXR];
        int flag = 0;

        MPI_Win_lock_all(0, win);
        for (int t = 0; t < size; t++)
            MPI_Rput(&v, 1, MPI_LONG, t, MAXR + rank, 1, MPI_LONG, win, &reqs[t]);
        MPI_Waitall(size, reqs, MPI_STATUSES_IGNORE);
        MPI_Win_flush_all(win);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Win_sync(win);
        for (int t = 0; t < size; t++)
            MPI_Rget(&got[t], 1, MPI_LONG, t, MAXR + (t + 1) % size, 1, MPI_LONG, win, &reqs[t]);
        MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
        MPI_Waitall(size - 1, reqs + 1, MPI_STATUSES_IGNORE);
        for (int t = 0; t < size; t++)
            errs += mtest_expect(got[t] == 100 + (t + 1) % size, "rget from %d: %ld", t, got[t]);
        MPI_Raccumulate(&two, 1, MPI_LONG, 0, 2 * MAXR, 1, MPI_LONG, MPI_SUM, win, &reqs[0]);
        MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
        MPI_Rget_accumulate(&two, 1, MPI_LONG, &old, 1, MPI_LONG, 0, 2 * MAXR + 1, 1, MPI_LONG,
                            MPI_SUM, win, &reqs[0]);
        while (!flag)
            MPI_Test(&reqs[0], &flag, MPI_STATUS_IGNORE);
        errs += mtest_expect(old >= 0 && old % 2 == 0, "rget_accumulate fetched %ld", old);
        MPI_Win_flush_local(0, win);
        MPI_Win_flush_local_all(win);
        MPI_Win_unlock_all(win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        errs += mtest_expect(mem[2 * MAXR] == 2L * size, "raccumulate total %ld", mem[2 * MAXR]);
        errs += mtest_expect(mem[2 * MAXR + 1] == 2L * size, "rget_accumulate total %ld",
                             mem[2 * MAXR + 1]);
    }
    MPI_Win_free(&win);
    return mtest_finish(errs);
}
