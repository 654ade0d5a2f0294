/* large_rma_io: the large-count one-sided and I/O calls on 2 ranks: windows with an MPI_Aint
 * displacement unit (MPI_Win_create_c, MPI_Win_allocate_c, MPI_Win_allocate_shared_c,
 * MPI_Win_shared_query_c), MPI_Put_c, MPI_Get_c, MPI_Accumulate_c, MPI_Rget_c, file writes and
 * reads (MPI_File_write_at_c, MPI_File_read_at_all_c, MPI_File_iread_c), and MPI_ERR_COUNT. */
#include <limits.h>
#include <mpi.h>

#include "mtest.h"

#define N 16

static int rma(int rank)
{
    int errs = 0;
    int base[N] = { 0 };
    int v[N];
    int *mem = NULL;
    MPI_Aint qsize = -1;
    MPI_Aint qunit = -1;
    int *qbase = NULL;
    MPI_Win win;
    MPI_Win win2;
    MPI_Request req;
    int peer = 1 - rank;

    for (int i = 0; i < N; i++)
        v[i] = rank * 100 + i;
    MPI_Win_create_c(base, sizeof(base), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    MPI_Put_c(v, 4, MPI_INT, peer, 2, 4, MPI_INT, win); /* base[2..5] of the peer */
    MPI_Win_fence(0, win);
    errs += mtest_expect(base[2] == peer * 100 && base[5] == peer * 100 + 3, "put_c: %d %d",
                         base[2], base[5]);
    MPI_Accumulate_c(v, 2, MPI_INT, peer, 2, 2, MPI_INT, MPI_SUM, win);
    MPI_Win_fence(0, win);
    errs += mtest_expect(base[2] == peer * 200 && base[3] == peer * 200 + 2, "accumulate_c: %d %d",
                         base[2], base[3]);
    MPI_Get_c(v, 1, MPI_INT, peer, 5, 1, MPI_INT, win);
    MPI_Win_fence(0, win);
    errs += mtest_expect(v[0] == rank * 100 + 3, "get_c: %d", v[0]);
    MPI_Win_lock(MPI_LOCK_SHARED, peer, 0, win);
    MPI_Rget_c(v, 1, MPI_INT, peer, 2, 1, MPI_INT, win, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Win_unlock(peer, win);
    errs += mtest_expect(v[0] == rank * 200, "rget_c: %d", v[0]);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
    MPI_Win_fence(0, win);
    errs +=
        mtest_expect_class(MPI_Put_c(v, (MPI_Count)INT_MAX + 1, MPI_BYTE, peer, 0, 1, MPI_INT, win),
                           MPI_ERR_COUNT, "MPI_Put_c of INT_MAX + 1 bytes");
    MPI_Win_fence(0, win);
    MPI_Win_free(&win);

    MPI_Win_allocate_c(N * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mem, &win);
    errs += mtest_expect(mem != NULL, "win_allocate_c gave no memory");
    MPI_Win_free(&win);
    MPI_Win_allocate_shared_c(N * sizeof(int), 2 * sizeof(int), MPI_INFO_NULL, MPI_COMM_SELF, &mem,
                              &win2);
    MPI_Win_shared_query_c(win2, 0, &qsize, &qunit, &qbase);
    errs += mtest_expect(qsize == N * sizeof(int) && qunit == 2 * sizeof(int) && qbase == mem,
                         "win_shared_query_c: size %ld unit %ld", (long)qsize, (long)qunit);
    MPI_Win_free(&win2);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    return errs;
}

static int io(int rank)
{
    int errs = 0;
    MPI_File fh;
    int v[N];
    int w[2 * N];
    MPI_Count ext = -1;
    MPI_Request req;
    for (int i = 0; i < N; i++)
        v[i] = rank * N + i;
    MPI_File_open(MPI_COMM_WORLD, "/scratch/large_rma_io.dat",
                  MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh);
    MPI_File_write_at_c(fh, (MPI_Offset)rank * N * sizeof(int), v, N, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_sync(fh);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_sync(fh);
    MPI_File_read_at_all_c(fh, 0, w, 2 * N, MPI_INT, MPI_STATUS_IGNORE);
    for (int i = 0; i < 2 * N; i++)
        errs += mtest_expect(w[i] == i, "read_at_all_c w[%d] = %d", i, w[i]);
    MPI_File_seek(fh, sizeof(int), MPI_SEEK_SET);
    MPI_File_iread_c(fh, w, 1, MPI_INT, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    errs += mtest_expect(w[0] == 1, "iread_c: %d", w[0]);
    MPI_File_get_type_extent_c(fh, MPI_DOUBLE, &ext);
    errs += mtest_expect(ext == 8, "file_get_type_extent_c: %lld", ext);
    errs +=
        mtest_expect_class(MPI_File_read_c(fh, w, (MPI_Count)1 << 32, MPI_INT, MPI_STATUS_IGNORE),
                           MPI_ERR_COUNT, "MPI_File_read_c of 2^32 ints");
    MPI_File_close(&fh);
    return errs;
}

int main(int argc, char *argv[])
{
    int errs = 0;
    int rank;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    errs += rma(rank);
    errs += io(rank);
    return mtest_finish(errs);
}
