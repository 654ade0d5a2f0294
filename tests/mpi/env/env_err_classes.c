/* env_err_classes: each fault of MPI_Status_set_elements and of the external32 calls reported
 * with its own error class under MPI_ERRORS_RETURN (issue 18 item 2: these used to come back as
 * one MPI_ERR_ARG, or as MPI_ERR_TYPE whatever was raised); the handle checks of check.h that
 * replaced local copies: SMPI_CHECK_WIN (MPI_ERR_WIN) on the window attribute and error handler
 * calls, SMPI_CHECK_TOPO (MPI_ERR_TOPOLOGY) on the topology queries, SMPI_CHECK_FILE
 * (MPI_ERR_FILE, through MPI_FILE_NULL's handler: MPI_ERRORS_RETURN) on the I/O calls; the
 * argument checks of check.h that report through a window (SMPI_CHECK_WIN_COUNT, _TYPE, _TARGET)
 * or a file (SMPI_CHECK_FILE_ACCESS: the access mode). */
#include <mpi.h>
#include <unistd.h>

#include "mtest.h"

static int expect_class(int rc, int want, const char *what)
{
    int cls = -1;

    MPI_Error_class(rc, &cls);
    return mtest_expect(cls == want, "%s: class %d, expected %d", what, cls, want);
}

int main(int argc, char **argv)
{
    int errs = 0;
    MPI_Status st;
    MPI_Aint size = 0;
    MPI_Aint pos = 0;
    int in[2] = { 1, 2 };
    char buf[64];
    int flag = 0;
    MPI_Offset fsize = 0;
    int ndims = 0;
    int coords[2];
    void *val = NULL;
    MPI_Errhandler eh = MPI_ERRHANDLER_NULL;
    int wbuf[4] = { 0 };
    MPI_Win win = MPI_WIN_NULL;
    char fname[64];
    MPI_File fh = MPI_FILE_NULL;

    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);

    errs += expect_class(MPI_Status_set_elements(NULL, MPI_INT, 1), MPI_ERR_ARG,
                         "set_elements, status NULL");
    errs += expect_class(MPI_Status_set_elements(&st, MPI_DATATYPE_NULL, 1), MPI_ERR_TYPE,
                         "set_elements, MPI_DATATYPE_NULL");
    errs += expect_class(MPI_Status_set_elements(&st, MPI_INT, -1), MPI_ERR_COUNT,
                         "set_elements, count -1");
    errs += expect_class(MPI_Status_set_elements_x(&st, MPI_INT, -1), MPI_ERR_COUNT,
                         "set_elements_x, count -1");
    errs +=
        expect_class(MPI_Status_set_elements(&st, MPI_INT, 2), MPI_SUCCESS, "set_elements, valid");

    errs += expect_class(MPI_Pack_external_size("native", 2, MPI_INT, &size), MPI_ERR_ARG,
                         "Pack_external_size, datarep native");
    errs += expect_class(MPI_Pack_external_size("external32", -1, MPI_INT, &size), MPI_ERR_COUNT,
                         "Pack_external_size, count -1");
    errs += expect_class(MPI_Pack_external_size("external32", 2, MPI_DATATYPE_NULL, &size),
                         MPI_ERR_TYPE, "Pack_external_size, MPI_DATATYPE_NULL");
    errs += expect_class(MPI_Pack_external_size("external32", 2, MPI_INT, &size), MPI_SUCCESS,
                         "Pack_external_size, valid");
    errs += mtest_expect(size == 8, "Pack_external_size of 2 MPI_INT: %ld", (long)size);
    errs += expect_class(MPI_Pack_external("native", in, 2, MPI_INT, buf, sizeof(buf), &pos),
                         MPI_ERR_ARG, "Pack_external, datarep native");
    errs += expect_class(MPI_Pack_external("external32", in, -3, MPI_INT, buf, sizeof(buf), &pos),
                         MPI_ERR_COUNT, "Pack_external, count -3");
    errs += expect_class(MPI_Unpack_external("native", buf, sizeof(buf), &pos, in, 2, MPI_INT),
                         MPI_ERR_ARG, "Unpack_external, datarep native");
    errs += expect_class(MPI_Unpack_external("external32", buf, sizeof(buf), &pos, in, -1, MPI_INT),
                         MPI_ERR_COUNT, "Unpack_external, count -1");
    errs += expect_class(
        MPI_Unpack_external("external32", buf, sizeof(buf), &pos, in, 2, MPI_DATATYPE_NULL),
        MPI_ERR_TYPE, "Unpack_external, MPI_DATATYPE_NULL");

    errs += expect_class(MPI_Win_get_attr(MPI_WIN_NULL, MPI_WIN_BASE, &val, &flag), MPI_ERR_WIN,
                         "Win_get_attr, MPI_WIN_NULL");
    errs += expect_class(MPI_Win_delete_attr(MPI_WIN_NULL, 70), MPI_ERR_WIN,
                         "Win_delete_attr, MPI_WIN_NULL");
    errs += expect_class(MPI_Win_get_errhandler(MPI_WIN_NULL, &eh), MPI_ERR_WIN,
                         "Win_get_errhandler, MPI_WIN_NULL");
    errs += expect_class(MPI_Win_call_errhandler(MPI_WIN_NULL, MPI_ERR_OTHER), MPI_ERR_WIN,
                         "Win_call_errhandler, MPI_WIN_NULL");
    errs += expect_class(MPI_Cartdim_get(MPI_COMM_WORLD, &ndims), MPI_ERR_TOPOLOGY,
                         "Cartdim_get, no topology");
    errs += expect_class(MPI_Cart_coords(MPI_COMM_WORLD, 0, 2, coords), MPI_ERR_TOPOLOGY,
                         "Cart_coords, no topology");
    errs += expect_class(MPI_Graphdims_get(MPI_COMM_WORLD, &ndims, &flag), MPI_ERR_TOPOLOGY,
                         "Graphdims_get, no topology");
    errs += expect_class(MPI_File_get_size(MPI_FILE_NULL, &fsize), MPI_ERR_FILE,
                         "File_get_size, MPI_FILE_NULL");
    errs += expect_class(MPI_File_close(&(MPI_File){ MPI_FILE_NULL }), MPI_ERR_FILE,
                         "File_close, MPI_FILE_NULL");

    /* the window's own handler: MPI_ERRORS_RETURN set on it, not inherited from the comm */
    MPI_Win_create(wbuf, sizeof(wbuf), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
    errs += expect_class(MPI_Put(in, -1, MPI_INT, 0, 0, 1, MPI_INT, win), MPI_ERR_COUNT,
                         "Put, origin_count -1");
    errs += expect_class(MPI_Get(in, 1, MPI_INT, 0, 0, 1, MPI_DATATYPE_NULL, win), MPI_ERR_TYPE,
                         "Get, target_datatype MPI_DATATYPE_NULL");
    errs += expect_class(MPI_Win_lock(MPI_LOCK_SHARED, 3, 0, win), MPI_ERR_RANK,
                         "Win_lock, rank 3 of 1");
    MPI_Win_free(&win);

    /* a file opened write-only refuses reads; a file's default handler returns */
    snprintf(fname, sizeof(fname), "/tmp/env_err_classes_%d.dat", (int)getpid());
    MPI_File_open(MPI_COMM_SELF, fname,
                  MPI_MODE_CREATE | MPI_MODE_WRONLY | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh);
    errs += expect_class(MPI_File_read(fh, buf, 1, MPI_INT, &st), MPI_ERR_ACCESS,
                         "File_read, opened MPI_MODE_WRONLY");
    errs += expect_class(MPI_File_write(fh, in, -1, MPI_INT, &st), MPI_ERR_COUNT,
                         "File_write, count -1");
    MPI_File_close(&fh);
    return mtest_finish(errs);
}
