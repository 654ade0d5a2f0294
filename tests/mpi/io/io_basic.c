/* io_basic: MPI-IO on a platform disk (disks.xml: /scratch on host a, 40 MB/s write, 100 MB/s
 * read; host b reaches it through remote_disk).
 *  - each rank writes its block with MPI_File_write_at_all, rank 0 reads everything back;
 *  - a strided view (vector filetype) interleaves the ranks' ints;
 *  - write_ordered appends one int per rank in rank order through the shared pointer;
 *  - nonblocking and split-collective forms give the same data and counts;
 *  - errors: a missing file gives MPI_ERR_NO_SUCH_FILE (files default to MPI_ERRORS_RETURN),
 *    MPI_MODE_EXCL on an existing file MPI_ERR_FILE_EXISTS, a write to a read-only file
 *    MPI_ERR_READ_ONLY, and a user file handler sees its file;
 *  - time: a write of 4,000,000 bytes takes 4e6 / 40e6 = 0.1 s, its read 0.04 s. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mtest.h"

#define N 256

static int handler_calls;
static MPI_File handler_file;

static void on_error(MPI_File *fh, int *code, ...)
{
    if (*fh == handler_file && *code != MPI_SUCCESS)
        handler_calls++;
}

int main(int argc, char **argv)
{
    int rank, size, errs = 0, cls, count;
    int buf[N], back[4 * N];
    MPI_File fh;
    MPI_Status st;
    MPI_Request req;
    MPI_Datatype vec;
    MPI_Errhandler eh;
    char *big;
    double t0, t1;
    char name[64], tname[64];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    /* one file per job size: the runs of the testlist may run at once */
    snprintf(name, sizeof(name), "/scratch/io_basic_%d.dat", size);
    snprintf(tname, sizeof(tname), "/scratch/io_time_%d.dat", size);

    /* blocks at explicit offsets */
    for (int i = 0; i < N; i++)
        buf[i] = rank * 1000 + i;
    MPI_File_open(MPI_COMM_WORLD, name, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
    MPI_File_set_size(fh, 0);
    MPI_File_write_at_all(fh, (MPI_Offset)rank * N * sizeof(int), buf, N, MPI_INT, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    errs += mtest_expect(count == N, "write_at_all count %d", count);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        MPI_File_read_at(fh, 0, back, N * size, MPI_INT, &st);
        for (int r = 0; r < size; r++)
            for (int i = 0; i < N; i += 37)
                errs += mtest_expect(back[r * N + i] == r * 1000 + i, "block %d element %d: %d", r,
                                     i, back[r * N + i]);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    /* a strided view: rank r owns ints r, r + size, r + 2 size, ... */
    MPI_Type_vector(1, 1, size, MPI_INT, &vec);
    {
        MPI_Datatype ft;

        MPI_Type_create_resized(vec, 0, (MPI_Aint)(size * sizeof(int)), &ft);
        MPI_Type_commit(&ft);
        MPI_File_set_view(fh, (MPI_Offset)rank * sizeof(int), MPI_INT, ft, "native", MPI_INFO_NULL);
        MPI_File_write_all(fh, buf, 8, MPI_INT, &st);
        MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_File_read_at(fh, 0, back, 8 * size, MPI_INT, &st);
        for (int k = 0; k < 8 * size; k++)
            errs += mtest_expect(back[k] == (k % size) * 1000 + k / size, "interleaved %d: %d", k,
                                 back[k]);
        MPI_Type_free(&ft);
    }
    MPI_Type_free(&vec);

    /* shared pointer, rank order */
    MPI_File_seek_shared(fh, 0, MPI_SEEK_SET);
    MPI_File_write_ordered(fh, &rank, 1, MPI_INT, &st);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_read_at(fh, 0, back, size, MPI_INT, &st);
    for (int r = 0; r < size; r++)
        errs += mtest_expect(back[r] == r, "ordered slot %d holds %d", r, back[r]);

    /* nonblocking and split collective */
    MPI_File_iread_at(fh, 0, back, size, MPI_INT, &req);
    MPI_Wait(&req, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    errs += mtest_expect(count == size && back[size - 1] == size - 1, "iread_at: %d ints", count);
    MPI_File_read_at_all_begin(fh, 0, back, size, MPI_INT);
    MPI_File_read_at_all_end(fh, back, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    errs += mtest_expect(count == size, "split read: %d ints", count);

    /* a user handler sees its file */
    MPI_File_create_errhandler(on_error, &eh);
    MPI_File_set_errhandler(fh, eh);
    handler_file = fh;
    MPI_File_read_at(fh, -1, back, 1, MPI_INT, &st);
    errs += mtest_expect(handler_calls == 1, "user file handler ran %d times", handler_calls);
    MPI_Errhandler_free(&eh);
    MPI_File_close(&fh);

    /* error classes, through MPI_ERRORS_RETURN (the default of files) */
    MPI_Error_class(MPI_File_open(MPI_COMM_WORLD, "/scratch/no/such/dir/x", MPI_MODE_RDONLY,
                                  MPI_INFO_NULL, &fh),
                    &cls);
    errs += mtest_expect(cls == MPI_ERR_NO_SUCH_FILE, "missing file: class %d", cls);
    MPI_Error_class(MPI_File_open(MPI_COMM_WORLD, name,
                                  MPI_MODE_CREATE | MPI_MODE_EXCL | MPI_MODE_WRONLY, MPI_INFO_NULL,
                                  &fh),
                    &cls);
    errs += mtest_expect(cls == MPI_ERR_FILE_EXISTS, "EXCL on an existing file: class %d", cls);
    MPI_File_open(MPI_COMM_WORLD, name, MPI_MODE_RDONLY | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL,
                  &fh);
    MPI_Error_class(MPI_File_write_at(fh, 0, buf, 1, MPI_INT, &st), &cls);
    errs += mtest_expect(cls == MPI_ERR_READ_ONLY, "write to a read-only file: class %d", cls);
    MPI_File_close(&fh);

    /* closed-form time on rank 0's disk */
    if (rank == 0) {
        big = calloc(4000000, 1);
        MPI_File_open(MPI_COMM_SELF, tname,
                      MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL,
                      &fh);
        t0 = MPI_Wtime();
        MPI_File_write_at(fh, 0, big, 4000000, MPI_BYTE, &st);
        t1 = MPI_Wtime();
        errs += mtest_expect_time(t1 - t0, 0.1, "4 MB written at 40 MB/s");
        t0 = MPI_Wtime();
        MPI_File_read_at(fh, 0, big, 4000000, MPI_BYTE, &st);
        t1 = MPI_Wtime();
        errs += mtest_expect_time(t1 - t0, 0.04, "4 MB read at 100 MB/s");
        MPI_File_close(&fh);
        free(big);
    }
    return mtest_finish(errs);
}
