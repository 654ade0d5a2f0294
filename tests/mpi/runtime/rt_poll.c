/* rt_poll: loops polling MPI_Test, MPI_Iprobe and MPI_Request_get_status for messages that
 * rank 1 sends 1 s apart must end, also under smpi/test:0 and smpi/iprobe:0 (where SMPI itself
 * would spin forever). Needs 2 ranks. */
#include <mpi.h>
#include <unistd.h>

#include "mtest.h"

int main(int argc, char **argv)
{
    int rank;
    int x = 0;
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Request r;
        int flag = 0;

        MPI_Irecv(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
        while (!flag)
            MPI_Test(&r, &flag, MPI_STATUS_IGNORE);
        errs +=
            mtest_expect(x == 5 && MPI_Wtime() >= 1, "MPI_Test loop: x %d at %g", x, MPI_Wtime());
        flag = 0;
        while (!flag)
            MPI_Iprobe(1, 1, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
        MPI_Recv(&x, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errs +=
            mtest_expect(x == 6 && MPI_Wtime() >= 2, "MPI_Iprobe loop: x %d at %g", x, MPI_Wtime());
        flag = 0;
        MPI_Irecv(&x, 1, MPI_INT, 1, 2, MPI_COMM_WORLD, &r);
        while (!flag)
            MPI_Request_get_status(r, &flag, MPI_STATUS_IGNORE);
        errs += mtest_expect(r != MPI_REQUEST_NULL, "MPI_Request_get_status freed the request");
        MPI_Wait(&r, MPI_STATUS_IGNORE);
        errs +=
            mtest_expect(x == 7 && MPI_Wtime() >= 3, "get_status loop: x %d at %g", x, MPI_Wtime());
    } else {
        for (int i = 0; i < 3; i++) {
            sleep(1);
            x = 5 + i;
            MPI_Send(&x, 1, MPI_INT, 0, i, MPI_COMM_WORLD);
        }
    }
    return mtest_finish(errs);
}
