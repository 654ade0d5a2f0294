/* sp_join_tcp: MPI_Comm_join over a TCP connection the program makes itself, as upstream MPICH's
 * spawn/join does, on two_hosts.xml with network/model:raw and native computation off. Rank 1
 * listens on a port of the loopback address and sends the port number and its processor name to
 * rank 0 (two messages of 4 and 2 bytes, one after the other); rank 1 then calls accept() before
 * anyone connects, which waits in the simulation (not in the kernel, which would stop every rank)
 * until rank 0, after 1 ms of computation, resolves rank 1's processor name (a simulated host: the
 * loopback address) and connects. Neither socket call takes simulated time, nor does the join but
 * for the wait: both ranks leave it at T = 2 L + (4 + 16 + 2 + 16) / B + 1 ms, and an MPI_Sendrecv
 * of one int on the new intercommunicator ends at T + L + (4 + 16) / B. */
#include <arpa/inet.h>
#include <errno.h>
#include <mpi.h>
#include <netdb.h>
#include <netinet/in.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "../runtime/rt_platform.h"
#include "mtest.h"

#define COMPUTE 1e-3

/* Rank 1: a socket listening on the loopback address; its port into *port. */
static int listener(int *port)
{
    struct sockaddr_in sa = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
    socklen_t len = sizeof(sa);
    int fd = socket(AF_INET, SOCK_STREAM, 0);

    if (fd < 0 || bind(fd, (struct sockaddr *)&sa, sizeof(sa)) != 0 ||
        getsockname(fd, (struct sockaddr *)&sa, &len) != 0 || listen(fd, 1) != 0) {
        printf("listener: %s\n", strerror(errno));
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    *port = ntohs(sa.sin_port);
    return fd;
}

/* Rank 0: connects to port on host (a processor name). */
static int dial(const char *host, int port)
{
    struct hostent *h = gethostbyname(host);
    struct sockaddr_in sa = { .sin_family = AF_INET, .sin_port = htons((uint16_t)port) };
    int fd = socket(AF_INET, SOCK_STREAM, 0);

    if (!h || fd < 0) {
        printf("dial: cannot resolve %s or make a socket\n", host);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    memcpy(&sa.sin_addr, h->h_addr_list[0], (size_t)h->h_length);
    if (connect(fd, (struct sockaddr *)&sa, sizeof(sa)) != 0) {
        printf("dial: connect: %s\n", strerror(errno));
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    return fd;
}

int main(int argc, char **argv)
{
    const double joined = rt_raw_transfer(sizeof(int)) + rt_raw_transfer(2) + COMPUTE;
    char host[MPI_MAX_PROCESSOR_NAME];
    int errs = 0;
    int rank;
    int port;
    int len;
    int fd;
    int mine;
    int theirs = -1;
    MPI_Comm inter;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 1) {
        int lfd = listener(&port);

        MPI_Get_processor_name(host, &len);
        MPI_Send(&port, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Send(host, len + 1, MPI_CHAR, 0, 1, MPI_COMM_WORLD);
        fd = accept(lfd, NULL, NULL);
        errs += mtest_expect(fd >= 0, "accept: %s", strerror(errno));
        errs += mtest_expect_time(MPI_Wtime(), joined, "leaving accept");
        close(lfd);
    } else {
        MPI_Recv(&port, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(host, sizeof(host), MPI_CHAR, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        smpi_execute_benched(COMPUTE);
        fd = dial(host, port);
    }
    errs += mtest_expect_class(MPI_Comm_join(fd, &inter), MPI_SUCCESS, "join");
    errs += mtest_expect_time(MPI_Wtime(), joined, "leaving MPI_Comm_join");
    printf("rank %d: joined at %.9f s\n", rank, MPI_Wtime());
    mine = rank;
    MPI_Sendrecv(&mine, 1, MPI_INT, 0, 0, &theirs, 1, MPI_INT, 0, 0, inter, MPI_STATUS_IGNORE);
    errs += mtest_expect(theirs == 1 - rank, "rank %d: got %d from the other end", rank, theirs);
    errs += mtest_expect_time(MPI_Wtime(), joined + rt_raw_transfer(sizeof(int)), "sendrecv");
    MPI_Comm_disconnect(&inter);
    close(fd);
    return mtest_finish(errs);
}
