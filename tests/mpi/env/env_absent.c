/* env_absent: a function simmpi does not provide links, and when called returns an error of
 * class MPI_ERR_OTHER under MPI_ERRORS_RETURN; under the default handler (argument "fatal") it
 * ends the job with a message naming the function (checked by the testlist). */
#include <mpi.h>
#include <string.h>

#include "mtest.h"

int main(int argc, char **argv)
{
    int errs = 0;
    int cls = MPI_SUCCESS;
    int rc;

    MPI_Init(&argc, &argv);
    if (argc > 1 && strcmp(argv[1], "fatal") == 0) {
        MPI_Register_datarep("simmpi-test", NULL, NULL, NULL, NULL);
        return mtest_finish(1); /* not reached: the error handler ends the job */
    }
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    rc = MPI_Register_datarep("simmpi-test", NULL, NULL, NULL, NULL);
    MPI_Error_class(rc, &cls);
    errs += mtest_expect(rc != MPI_SUCCESS && cls == MPI_ERR_OTHER,
                         "MPI_Register_datarep returned class %d, expected MPI_ERR_OTHER", cls);
    return mtest_finish(errs);
}
