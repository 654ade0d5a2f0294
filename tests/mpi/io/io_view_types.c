/* MPI_File_set_view refuses an etype or filetype whose typemap has a negative or a decreasing
 * displacement, or overlapping data in a file open for writing, with MPI_ERR_IO as ROMIO
 * (MPI-4.0 section 14.3; they were accepted: upstream io/tst_fileview); overlapping data is
 * allowed in a file open read-only, and a valid view still works. */
#include <mpi.h>
#include <stdio.h>

#include "mtest.h"

static int view(MPI_File fh, int d0, int l0, int d1, int l1, bool as_etype)
{
    int lens[2] = { l0, l1 };
    int displs[2] = { d0, d1 };
    MPI_Datatype t;
    int rc;
    int cls = MPI_SUCCESS;

    MPI_Type_indexed(2, lens, displs, MPI_INT, &t);
    MPI_Type_commit(&t);
    rc = MPI_File_set_view(fh, 0, as_etype ? t : MPI_INT, t, "native", MPI_INFO_NULL);
    if (rc != MPI_SUCCESS)
        MPI_Error_class(rc, &cls);
    MPI_Type_free(&t);
    return cls;
}

int main(int argc, char **argv)
{
    MPI_File fh;
    char name[64];
    int size;
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    snprintf(name, sizeof(name), "/scratch/io_view_types_%d.dat", size);
    MPI_File_open(MPI_COMM_WORLD, name, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
    for (int e = 0; e < 2; e++) {
        const char *what = e ? "etype" : "filetype";

        errs += mtest_expect(view(fh, -2, 1, 2, 1, e) == MPI_ERR_IO,
                             "%s with a negative displacement accepted", what);
        errs += mtest_expect(view(fh, 3, 1, 0, 1, e) == MPI_ERR_IO,
                             "%s with decreasing displacements accepted", what);
        errs += mtest_expect(view(fh, 0, 3, 1, 1, e) == MPI_ERR_IO,
                             "%s with overlapping data accepted for writing", what);
        errs += mtest_expect(view(fh, 0, 1, 2, 1, e) == MPI_SUCCESS, "valid %s refused", what);
    }
    MPI_File_close(&fh);
    MPI_File_open(MPI_COMM_WORLD, name, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
    errs += mtest_expect(view(fh, 0, 3, 1, 1, false) == MPI_SUCCESS,
                         "overlapping filetype refused in a read-only file");
    errs += mtest_expect(view(fh, 3, 1, 0, 1, false) == MPI_ERR_IO,
                         "decreasing filetype accepted in a read-only file");
    MPI_File_close(&fh);
    return mtest_finish(errs);
}
