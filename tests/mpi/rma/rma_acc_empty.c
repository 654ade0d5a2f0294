/* An accumulate that moves no data (a zero count, or a datatype of size 0 such as
 * MPI_Type_contiguous(0, MPI_INT)) succeeds and changes nothing whatever its types, as in
 * MPICH (upstream rma/badrma); with data, origin and target types built from different
 * predefined types are still MPI_ERR_TYPE (MPI-4.0 section 12.3.4). */
#include <mpi.h>

#include "mtest.h"

int main(int argc, char **argv)
{
    int buf[4] = { 1, 2, 3, 4 };
    int origin[4] = { 10, 10, 10, 10 };
    int result[4] = { 0, 0, 0, 0 };
    double d = 1.0;
    MPI_Datatype empty;
    MPI_Win win;
    int rank;
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_contiguous(0, MPI_INT, &empty);
    MPI_Type_commit(&empty);
    MPI_Win_create(buf, sizeof(buf), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
    MPI_Win_fence(0, win);
    if (rank == 0) {
        errs +=
            mtest_expect_class(MPI_Accumulate(origin, 1, empty, 1, 0, 1, MPI_DOUBLE, MPI_SUM, win),
                               MPI_SUCCESS, "accumulate of a zero-size origin type");
        errs += mtest_expect_class(MPI_Accumulate(origin, 2, MPI_INT, 1, 0, 3, empty, MPI_SUM, win),
                                   MPI_SUCCESS, "accumulate into a zero-size target type");
        errs += mtest_expect_class(
            MPI_Accumulate(origin, 0, MPI_INT, 1, 0, 0, MPI_DOUBLE, MPI_SUM, win), MPI_SUCCESS,
            "accumulate of count 0 with different types");
        errs += mtest_expect_class(
            MPI_Get_accumulate(NULL, 1, empty, result, 1, empty, 1, 0, 1, empty, MPI_SUM, win),
            MPI_SUCCESS, "get_accumulate of zero-size types");
        errs +=
            mtest_expect_class(MPI_Accumulate(&d, 1, MPI_DOUBLE, 1, 0, 1, MPI_INT, MPI_SUM, win),
                               MPI_ERR_TYPE, "accumulate of a double into an int");
    }
    MPI_Win_fence(0, win);
    if (rank == 1)
        errs += mtest_expect(buf[0] == 1 && buf[1] == 2 && buf[2] == 3 && buf[3] == 4,
                             "the window changed: %d %d %d %d", buf[0], buf[1], buf[2], buf[3]);
    errs += mtest_expect(result[0] == 0, "the result buffer changed: %d", result[0]);
    MPI_Win_free(&win);
    MPI_Type_free(&empty);
    return mtest_finish(errs);
}
