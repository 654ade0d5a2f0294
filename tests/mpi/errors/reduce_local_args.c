/* MPI_Reduce_local refuses MPI_IN_PLACE as either buffer and aliased buffers with
 * MPI_ERR_BUFFER (MPI-4.0 sections 6.9.7 and 2.6.2) instead of reducing through them; MPI_IN_PLACE
 * as inoutbuf crashed. A valid call still reduces. */
#include <mpi.h>

#include "mtest.h"

int main(int argc, char **argv)
{
    int in[3] = { 1, 2, 3 };
    int inout[3] = { 10, 20, 30 };
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    errs +=
        mtest_expect_class(MPI_Reduce_local(in, inout, 3, MPI_INT, MPI_SUM), MPI_SUCCESS, "valid");
    errs += mtest_expect(inout[0] == 11 && inout[1] == 22 && inout[2] == 33,
                         "valid: got %d %d %d, expected 11 22 33", inout[0], inout[1], inout[2]);
    errs += mtest_expect_class(MPI_Reduce_local(MPI_IN_PLACE, inout, 3, MPI_INT, MPI_SUM),
                               MPI_ERR_BUFFER, "inbuf MPI_IN_PLACE");
    errs += mtest_expect_class(MPI_Reduce_local(in, MPI_IN_PLACE, 3, MPI_INT, MPI_SUM),
                               MPI_ERR_BUFFER, "inoutbuf MPI_IN_PLACE");
    errs += mtest_expect_class(MPI_Reduce_local(inout, inout, 3, MPI_INT, MPI_SUM), MPI_ERR_BUFFER,
                               "aliased buffers");
    errs += mtest_expect(inout[0] == 11, "the refused calls changed inoutbuf: %d", inout[0]);
    errs += mtest_expect_class(MPI_Reduce_local(MPI_IN_PLACE, MPI_IN_PLACE, 0, MPI_INT, MPI_SUM),
                               MPI_SUCCESS, "count 0");
    return mtest_finish(errs);
}
