/* sockets: the program's socket calls that would stop the simulation. Every rank is a coroutine
 * of one process, so an accept() that blocks for a connection no rank has made yet would block
 * them all, and the simulated hosts' names are not the machine's. smpicc routes the program's own
 * gethostbyname, accept and connect here (-Wl,--wrap=, as the thread calls; libc and the
 * libraries the program loads keep the real ones), which is what a program that hands MPI_Comm_join
 * a socket it made itself needs (smpi/mpi/join.c):
 * - gethostbyname of a host of the platform (what MPI_Get_processor_name gives) answers the
 *   loopback address, every simulated host being this machine; other names resolve as usual;
 * - accept on a blocking socket with no connection pending waits in the engine, taking no
 *   simulated time and named "accept" in deadlock reports, until a rank's connect, then looks
 *   again;
 * - connect, whose connection the kernel makes at once on this machine, wakes the ranks waiting in
 *   accept.
 * Called outside a simulated rank (an OS thread of a library), each is the real function. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <sys/socket.h>

#include <smpi/smpi.h>

#include "smpi/internal.h"

/* The ranks waiting in accept, woken by every connect. */
static struct sim_waitq accepting;

/* The answer of gethostbyname for a simulated host (static, as glibc's). */
static struct in_addr loopback;
static char *loopback_list[2];
static char *no_aliases[1];
static char host_name[256];
static struct hostent loopback_entry;

static bool in_rank(void)
{
    return smpi__thread_caller() && sim_actor_self();
}

SMPI_API struct hostent *__wrap_gethostbyname(const char *name)
{
    if (!name || !in_rank() || !sim_platform_host_by_name(sim_engine_platform(), name))
        return gethostbyname(name);
    loopback.s_addr = htonl(INADDR_LOOPBACK);
    loopback_list[0] = (char *)&loopback;
    snprintf(host_name, sizeof(host_name), "%s", name);
    loopback_entry = (struct hostent){
        .h_name = host_name,
        .h_aliases = no_aliases,
        .h_addrtype = AF_INET,
        .h_length = sizeof(loopback),
        .h_addr_list = loopback_list,
    };
    return &loopback_entry;
}

/* A connection is pending on listening socket fd, or the socket is in error (which the real
 * accept then reports). */
static bool acceptable(int fd)
{
    struct pollfd p = { .fd = fd, .events = POLLIN };

    return poll(&p, 1, 0) != 0;
}

SMPI_API int __wrap_accept(int fd, struct sockaddr *addr, socklen_t *len)
{
    int flags = fcntl(fd, F_GETFL);

    if (in_rank() && flags >= 0 && !(flags & O_NONBLOCK) && !acceptable(fd)) {
        smpi__enter("accept");
        do
            sim_waitq_block(&accepting, "accept", -1);
        while (!acceptable(fd));
        smpi__leave();
    }
    return accept(fd, addr, len);
}

SMPI_API int __wrap_connect(int fd, const struct sockaddr *addr, socklen_t len)
{
    int rc = connect(fd, addr, len);

    if (in_rank())
        sim_waitq_wake_all(&accepting);
    return rc;
}
