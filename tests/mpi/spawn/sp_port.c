/* sp_port: ports and the name service between the two halves of smpirun's world (4 ranks) on
 * two_hosts.xml with network/model:raw and native computation off. Ranks 0-1 (server) open a
 * port and publish it as "sp_port"; after a barrier, ranks 2-3 (client) look it up and connect
 * with root 3 while the server accepts with root 0. Each side's root hands the new
 * intercommunicator to its members by a broadcast of 8 bytes; then server rank r sends 1000
 * bytes to client rank r. Unpublishing twice is MPI_ERR_SERVICE, a lookup after it MPI_ERR_NAME,
 * closing the port twice MPI_ERR_PORT. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "mtest.h"

int main(int argc, char **argv)
{
    char port[MPI_MAX_PORT_NAME] = "";
    char buf[1000];
    int errs = 0;
    int rank;
    int server;
    int rsize;
    MPI_Comm half;
    MPI_Comm inter;

    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    server = rank < 2;
    MPI_Comm_split(MPI_COMM_WORLD, server, rank, &half);
    if (rank == 0) {
        MPI_Open_port(MPI_INFO_NULL, port);
        MPI_Publish_name("sp_port", MPI_INFO_NULL, port);
        printf("server: port %s published\n", port);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (server) {
        MPI_Comm_accept(port, MPI_INFO_NULL, 0, half, &inter);
    } else {
        if (rank == 3)
            MPI_Lookup_name("sp_port", MPI_INFO_NULL, port);
        MPI_Comm_connect(port, MPI_INFO_NULL, 1, half, &inter);
    }
    MPI_Comm_remote_size(inter, &rsize);
    errs += mtest_expect(rsize == 2, "rank %d: remote size %d", rank, rsize);
    memset(buf, rank, sizeof(buf));
    if (server) {
        MPI_Send(buf, sizeof(buf), MPI_CHAR, rank, 0, inter);
    } else {
        MPI_Recv(buf, sizeof(buf), MPI_CHAR, rank - 2, 0, inter, MPI_STATUS_IGNORE);
        errs += mtest_expect(buf[0] == rank - 2, "rank %d: got %d", rank, buf[0]);
        printf("client %d: received at %.9f s\n", rank - 2, MPI_Wtime());
    }
    MPI_Comm_disconnect(&inter);
    if (rank == 0) {
        errs += mtest_expect_class(MPI_Unpublish_name("sp_port", MPI_INFO_NULL, port), MPI_SUCCESS,
                                   "unpublish");
        errs += mtest_expect_class(MPI_Unpublish_name("sp_port", MPI_INFO_NULL, port),
                                   MPI_ERR_SERVICE, "unpublish again");
        errs += mtest_expect_class(MPI_Lookup_name("sp_port", MPI_INFO_NULL, port), MPI_ERR_NAME,
                                   "lookup after unpublish");
        errs += mtest_expect_class(MPI_Close_port(port), MPI_SUCCESS, "close");
        errs += mtest_expect_class(MPI_Close_port(port), MPI_ERR_PORT, "close again");
    }
    MPI_Comm_free(&half);
    return mtest_finish(errs);
}
