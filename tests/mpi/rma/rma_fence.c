/* rma_fence: active target synchronisation with fences. Each rank puts into its right
 * neighbour, gets from its left one and accumulates into rank 0, with derived datatypes on
 * either side (a strided origin into a contiguous target, an indexed target), MPI_REPLACE,
 * MPI_MAXLOC on a pair type, and MPI_Get_accumulate with MPI_NO_OP and MPI_SUM. Fence asserts
 * (NOPRECEDE, NOSUCCEED) open and close the epochs. Any number of ranks >= 2. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "mtest.h"

enum { N = 64 };

int main(int argc, char **argv)
{
    int rank, size, errs = 0;
    int win_buf[3 * N], src[2 * N], got[N];
    struct {
        double v;
        int i;
    } pair = { 0, 0 }, mine;
    MPI_Datatype strided, indexed;
    MPI_Win win, pwin;
    int blens[2] = { 2, 3 }, displs[2] = { 10, 20 };

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;

    for (int i = 0; i < 3 * N; i++)
        win_buf[i] = -1;
    for (int i = 0; i < 2 * N; i++)
        src[i] = rank * 1000 + i;
    MPI_Type_vector(N, 1, 2, MPI_INT, &strided);
    MPI_Type_commit(&strided);
    MPI_Type_indexed(2, blens, displs, MPI_INT, &indexed);
    MPI_Type_commit(&indexed);
    MPI_Win_create(win_buf, sizeof(win_buf), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);

    /* epoch 1: strided put (every other element of src) into [0, N) of the right neighbour */
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    MPI_Put(src, 1, strided, right, 0, N, MPI_INT, win);
    MPI_Win_fence(0, win);
    for (int i = 0; i < N; i++)
        errs += mtest_expect(win_buf[i] == left * 1000 + 2 * i, "put: win_buf[%d] = %d, want %d", i,
                             win_buf[i], left * 1000 + 2 * i);

    /* epoch 2: get [0, N) of the left neighbour; indexed put of 5 ints; accumulate into 0 */
    memset(got, 0, sizeof(got));
    MPI_Get(got, N, MPI_INT, left, 0, N, MPI_INT, win);
    MPI_Put(src, 5, MPI_INT, right, N, 1, indexed, win);
    MPI_Accumulate(src, 4, MPI_INT, 0, 2 * N, 4, MPI_INT, MPI_SUM, win);
    MPI_Win_fence(0, win);
    int ll = (left + size - 1) % size;
    for (int i = 0; i < N; i++)
        errs += mtest_expect(got[i] == ll * 1000 + 2 * i, "get: got[%d] = %d, want %d", i, got[i],
                             ll * 1000 + 2 * i);
    {
        const int at[5] = { 10, 11, 20, 21, 22 };

        for (int k = 0; k < 5; k++)
            errs += mtest_expect(win_buf[N + at[k]] == left * 1000 + k,
                                 "indexed put: element %d = %d, want %d", at[k], win_buf[N + at[k]],
                                 left * 1000 + k);
    }
    if (rank == 0) {
        for (int k = 0; k < 4; k++) {
            int want = -1;

            for (int r = 0; r < size; r++)
                want += r * 1000 + k;
            errs += mtest_expect(win_buf[2 * N + k] == want, "accumulate: [%d] = %d, want %d", k,
                                 win_buf[2 * N + k], want);
        }
    }

    /* epoch 3: MPI_REPLACE, then fetch with MPI_NO_OP, then fetch-and-add */
    MPI_Accumulate(&rank, 1, MPI_INT, right, 3 * N - 1, 1, MPI_INT, MPI_REPLACE, win);
    MPI_Win_fence(0, win);
    errs +=
        mtest_expect(win_buf[3 * N - 1] == left, "replace: %d, want %d", win_buf[3 * N - 1], left);
    {
        int old = -7, one = 1, dummy = 0;

        MPI_Get_accumulate(&dummy, 0, MPI_INT, &old, 1, MPI_INT, right, 3 * N - 1, 1, MPI_INT,
                           MPI_NO_OP, win);
        MPI_Win_fence(0, win);
        errs += mtest_expect(old == rank, "no_op fetch: %d, want %d", old, rank);
        MPI_Fetch_and_op(&one, &old, MPI_INT, 0, 3 * N - 2, MPI_SUM, win);
        MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
        errs += mtest_expect(old >= -1 && old < size - 1, "fetch_and_op ticket %d", old);
        if (rank == 0)
            errs += mtest_expect(win_buf[3 * N - 2] == size - 1, "fetch_and_op total %d",
                                 win_buf[3 * N - 2]);
    }

    /* MPI_MAXLOC on MPI_DOUBLE_INT into rank 0 */
    MPI_Win_create(&pair, sizeof(pair), sizeof(pair), MPI_INFO_NULL, MPI_COMM_WORLD, &pwin);
    mine.v = (rank * 7) % size;
    mine.i = rank;
    MPI_Win_fence(0, pwin);
    MPI_Accumulate(&mine, 1, MPI_DOUBLE_INT, 0, 0, 1, MPI_DOUBLE_INT, MPI_MAXLOC, pwin);
    MPI_Win_fence(0, pwin);
    if (rank == 0) {
        double best = -1;
        int at = -1;

        for (int r = 0; r < size; r++)
            if ((r * 7) % size > best) {
                best = (r * 7) % size;
                at = r;
            }
        errs += mtest_expect(pair.v == best && pair.i == at, "maxloc (%g, %d), want (%g, %d)",
                             pair.v, pair.i, best, at);
    }
    MPI_Win_free(&pwin);
    MPI_Win_free(&win);
    errs += mtest_expect(win == MPI_WIN_NULL, "MPI_Win_free did not set MPI_WIN_NULL");
    MPI_Type_free(&strided);
    MPI_Type_free(&indexed);
    return mtest_finish(errs);
}
