/* sp_join: MPI_Comm_join (MPI-4.0 section 11.8) between the two ranks of two_hosts.xml with
 * network/model:raw and native computation off. Rank 0 makes a connected pair of sockets and
 * sends one end's descriptor to rank 1 (4 bytes and the model's 16 of envelope: it arrives at
 * L + 20 / B = 10.02 us); rank 1 computes 1 ms on its host, then both join. The join costs
 * nothing but the wait for the later rank, so both leave it at T = 0.00101002 s; rank 0 then
 * sends 1000 bytes to rank 1 on the new intercommunicator (received at T + L + 1016 / B). The
 * socket is left as it was found: what rank 0 writes on it after the join is all rank 1 reads. A
 * descriptor that is not open, not a socket or a socket not connected is MPI_ERR_ARG, and the
 * intercommunicator stays MPI_COMM_NULL. */
#include <errno.h>
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "../runtime/rt_platform.h"
#include "mtest.h"

#define COMPUTE 1e-3

/* Rank 0: the errors of a descriptor that cannot be joined. */
static int bad_descriptors(void)
{
    int errs = 0;
    int pipefd[2];
    int lone = socket(AF_INET, SOCK_STREAM, 0);
    MPI_Comm inter = MPI_COMM_WORLD;

    errs += mtest_expect_class(MPI_Comm_join(-1, &inter), MPI_ERR_ARG, "join on fd -1");
    errs += mtest_expect(inter == MPI_COMM_NULL, "fd -1: the intercommunicator is not null");
    errs += mtest_expect(pipe(pipefd) == 0, "pipe: %s", strerror(errno));
    errs += mtest_expect_class(MPI_Comm_join(pipefd[0], &inter), MPI_ERR_ARG, "join on a pipe");
    errs += mtest_expect(lone >= 0, "socket: %s", strerror(errno));
    errs += mtest_expect_class(MPI_Comm_join(lone, &inter), MPI_ERR_ARG, "join on a lone socket");
    close(pipefd[0]);
    close(pipefd[1]);
    close(lone);
    return errs;
}

int main(int argc, char **argv)
{
    const double joined = rt_raw_transfer(sizeof(int)) + COMPUTE;
    int errs = 0;
    int rank;
    int fd;
    int sv[2];
    int flag = 0;
    int rsize = 0;
    char buf[1000];
    char note[8] = "";
    MPI_Comm inter;

    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        errs += bad_descriptors();
        errs += mtest_expect(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0, "socketpair: %s",
                             strerror(errno));
        MPI_Send(&sv[1], 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
        fd = sv[0];
    } else {
        MPI_Recv(&fd, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        smpi_execute_benched(COMPUTE);
    }
    errs += mtest_expect_class(MPI_Comm_join(fd, &inter), MPI_SUCCESS, "join");
    errs += mtest_expect_time(MPI_Wtime(), joined, "leaving MPI_Comm_join");
    MPI_Comm_test_inter(inter, &flag);
    MPI_Comm_remote_size(inter, &rsize);
    errs +=
        mtest_expect(flag && rsize == 1, "rank %d: inter %d, remote size %d", rank, flag, rsize);
    printf("rank %d: joined at %.9f s\n", rank, MPI_Wtime());
    memset(buf, rank, sizeof(buf));
    if (rank == 0) {
        errs += mtest_expect(write(fd, "after", 6) == 6, "write: %s", strerror(errno));
        MPI_Send(buf, sizeof(buf), MPI_CHAR, 0, 0, inter);
    } else {
        MPI_Recv(buf, sizeof(buf), MPI_CHAR, 0, 0, inter, MPI_STATUS_IGNORE);
        errs += mtest_expect(buf[0] == 0, "rank 1: got %d", buf[0]);
        errs += mtest_expect_time(MPI_Wtime(), joined + rt_raw_transfer(sizeof(buf)),
                                  "received on the intercommunicator");
        printf("rank 1: received at %.9f s\n", MPI_Wtime());
        errs += mtest_expect(recv(fd, note, sizeof(note), MSG_DONTWAIT) == 6 &&
                                 strcmp(note, "after") == 0,
                             "rank 1: the socket held more than \"after\"");
    }
    MPI_Comm_disconnect(&inter);
    close(fd);
    return mtest_finish(errs);
}
