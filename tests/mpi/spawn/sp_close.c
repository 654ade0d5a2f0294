/* sp_close: MPI_Close_port while another rank waits on the port in MPI_Comm_connect (3 ranks on
 * two_hosts.xml, network/model:raw, native computation off). Rank 0 opens a port, hands its name
 * to rank 1, then receives 1 MB from rank 2, so rank 1 already waits in its connect (info
 * "timeout" 100 s) when rank 0 closes the port. The close succeeds and the connect fails then,
 * with MPI_ERR_PORT and MPI_COMM_NULL, long before its timeout: a closed port serves no one
 * (MPI-4.0 section 11.8.2). Both print the simulated date of their call's end: the same date,
 * that of the 1 MB message's arrival. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#include "mtest.h"

#define BIG (1 << 20)

int main(int argc, char **argv)
{
    char port[MPI_MAX_PORT_NAME] = "";
    char *big = calloc(BIG, 1);
    MPI_Comm inter = MPI_COMM_WORLD;
    MPI_Info info;
    int errs = 0;
    int rank;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    if (rank == 0) {
        MPI_Open_port(MPI_INFO_NULL, port);
        MPI_Send(port, MPI_MAX_PORT_NAME, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
        MPI_Recv(big, BIG, MPI_CHAR, 2, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errs +=
            mtest_expect_class(MPI_Close_port(port), MPI_SUCCESS, "close with a connect waiting");
        printf("rank 0: port closed at %.9f s\n", MPI_Wtime());
    } else if (rank == 2) {
        MPI_Send(big, BIG, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
    } else {
        MPI_Recv(port, MPI_MAX_PORT_NAME, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Info_create(&info);
        MPI_Info_set(info, "timeout", "100");
        errs += mtest_expect_class(MPI_Comm_connect(port, info, 0, MPI_COMM_SELF, &inter),
                                   MPI_ERR_PORT, "connect to a port closed while waiting");
        errs += mtest_expect(inter == MPI_COMM_NULL, "the failed connect left the intercomm set");
        errs += mtest_expect(MPI_Wtime() < 1.0, "the connect waited for its timeout");
        printf("rank 1: connect failed at %.9f s\n", MPI_Wtime());
        MPI_Info_free(&info);
    }
    fflush(stdout);
    MPI_Barrier(MPI_COMM_WORLD);
    free(big);
    return mtest_finish(errs);
}
