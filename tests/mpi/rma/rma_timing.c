/* rma_timing: closed-form simulated times of passive-target operations under
 * network/model:raw on two_hosts.xml (one link, L = 10 us, B = 1 GB/s), zero overheads and
 * smpi/wtime:0. A message of n bytes takes T(n) = L + (n + 16) / B (SMPI's envelope); rank 1
 * sends nothing while rank 0 works on its window, so every transfer has the link alone:
 * - lock and unlock send nothing; put then unlock: T(1000); get then unlock: T(5000);
 * - accumulate waits for its message: T(800);
 * - fetch_and_op: a get of the target element, then an accumulate: 2 T(8);
 * - get_accumulate with MPI_NO_OP: the get only: T(8);
 * - compare_and_swap: a get, waited; the swap's put is waited by the unlock: T(8) + T(8);
 * - MPI_Rget: MPI_Wait returns after T(2000); MPI_Rput: MPI_Wait returns at once (the data is
 *   copied aside), the unlock waits for its T(3000).
 * Needs 2 ranks. */
#include <mpi.h>
#include <stdio.h>

#include "mtest.h"

#define LAT 10e-6
#define BW 1e9

static double T(double n)
{
    return LAT + (n + 16) / BW;
}

int main(int argc, char **argv)
{
    int rank, errs = 0;
    static char mem[8192], loc[8192];
    long one = 1, res = 0, cmp = 0, swp = 9;
    double t, want;
    MPI_Win win;
    MPI_Request req;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(mem, sizeof(mem), 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 1) {
        MPI_Send(NULL, 0, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
        MPI_Recv(NULL, 0, MPI_CHAR, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errs += mtest_expect(mem[0] == 3 && mem[999] == 3, "put data missing");
        errs += mtest_expect(*(long *)(mem + 6000) == 1, "fetch_and_op result %ld",
                             *(long *)(mem + 6000));
        errs += mtest_expect(*(long *)(mem + 6008) == 9, "compare_and_swap result %ld",
                             *(long *)(mem + 6008));
    } else {
        for (int i = 0; i < 8192; i++)
            loc[i] = 3;
        MPI_Recv(NULL, 0, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        t = MPI_Wtime();
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        errs += mtest_expect_time(MPI_Wtime(), t, "lock");
        MPI_Put(loc, 1000, MPI_CHAR, 1, 0, 1000, MPI_CHAR, win);
        errs += mtest_expect_time(MPI_Wtime(), t, "put returns at once");
        MPI_Win_unlock(1, win);
        errs += mtest_expect_time(MPI_Wtime(), want = t + T(1000), "put + unlock");
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Get(loc, 5000, MPI_CHAR, 1, 0, 5000, MPI_CHAR, win);
        MPI_Win_unlock(1, win);
        errs += mtest_expect_time(MPI_Wtime(), want += T(5000), "get + unlock");
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Accumulate(loc, 100, MPI_DOUBLE, 1, 5000, 100, MPI_DOUBLE, MPI_REPLACE, win);
        errs += mtest_expect_time(MPI_Wtime(), want += T(800), "accumulate");
        MPI_Fetch_and_op(&one, &res, MPI_LONG, 1, 6000, MPI_SUM, win);
        errs += mtest_expect_time(MPI_Wtime(), want += 2 * T(8), "fetch_and_op");
        MPI_Get_accumulate(NULL, 0, MPI_LONG, &res, 1, MPI_LONG, 1, 6000, 1, MPI_LONG, MPI_NO_OP,
                           win);
        errs += mtest_expect_time(MPI_Wtime(), want += T(8), "get_accumulate (MPI_NO_OP)");
        errs += mtest_expect(res == 1, "fetched %ld", res);
        MPI_Compare_and_swap(&swp, &cmp, &res, MPI_LONG, 1, 6008, win);
        errs += mtest_expect_time(MPI_Wtime(), want += T(8), "compare_and_swap");
        MPI_Win_unlock(1, win);
        errs += mtest_expect_time(MPI_Wtime(), want += T(8), "unlock after compare_and_swap");
        MPI_Win_lock_all(0, win);
        MPI_Rget(loc, 2000, MPI_CHAR, 1, 0, 2000, MPI_CHAR, win, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        errs += mtest_expect_time(MPI_Wtime(), want += T(2000), "rget + wait");
        MPI_Rput(loc, 3000, MPI_CHAR, 1, 0, 3000, MPI_CHAR, win, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        errs += mtest_expect_time(MPI_Wtime(), want, "rput + wait");
        MPI_Win_unlock_all(win);
        errs += mtest_expect_time(MPI_Wtime(), want += T(3000), "unlock_all after rput");
        MPI_Send(NULL, 0, MPI_CHAR, 1, 1, MPI_COMM_WORLD);
    }
    MPI_Win_free(&win);
    return mtest_finish(errs);
}
