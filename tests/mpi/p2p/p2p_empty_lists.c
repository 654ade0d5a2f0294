/* p2p_empty_lists: every completion call on an empty list of requests succeeds with NULL
 * arrays: Testall and Testany set flag, Waitany and Testany give MPI_UNDEFINED, Waitsome and
 * Testsome give outcount MPI_UNDEFINED. */
#include <mpi.h>

#include "mtest.h"

int main(int argc, char **argv)
{
    int errs = 0;
    int flag = 0;
    int idx = 0;
    int outcount = 0;
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    errs += mtest_expect(MPI_Testall(0, NULL, &flag, NULL) == MPI_SUCCESS && flag, "Testall");
    errs += mtest_expect(MPI_Waitall(0, NULL, NULL) == MPI_SUCCESS, "Waitall");
    flag = 0;
    errs += mtest_expect(MPI_Testany(0, NULL, &idx, &flag, &st) == MPI_SUCCESS && flag &&
                             idx == MPI_UNDEFINED,
                         "Testany");
    errs += mtest_expect(MPI_Waitany(0, NULL, &idx, &st) == MPI_SUCCESS && idx == MPI_UNDEFINED,
                         "Waitany");
    errs += mtest_expect(MPI_Testsome(0, NULL, &outcount, NULL, NULL) == MPI_SUCCESS &&
                             outcount == MPI_UNDEFINED,
                         "Testsome: outcount %d", outcount);
    outcount = 0;
    errs += mtest_expect(MPI_Waitsome(0, NULL, &outcount, NULL, NULL) == MPI_SUCCESS &&
                             outcount == MPI_UNDEFINED,
                         "Waitsome: outcount %d", outcount);
    return mtest_finish(errs);
}
