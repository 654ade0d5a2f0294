/* join: MPI_Comm_join (MPI-4.0 section 11.8). Two ranks hold the two ends of one connected
 * socket. As MPICH does, each opens a port (port.c), writes its name on the socket and reads the
 * other's; the end whose name sorts first accepts on its port and the other connects to it.
 * Ranks are coroutines of one process, so no read may block: each end writes its name at once
 * (the kernel buffers it) and looks whether the other's is already there. The first end to come
 * finds nothing and waits, in simulated time, until the second has read its name and wakes it;
 * it then reads the second's name, which was written before. Each name written is read by the
 * other end, so the socket is left as it was found. Simulated cost: the wait for the later end,
 * then port.c's (a broadcast over MPI_COMM_SELF, which costs nothing). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>

#include "smpi/internal.h"
#include "smpi/mpi/dynamic.h"

#define CALL "MPI_Comm_join"
#define PORT_PREFIX "simmpi-port-"

/* An end that came first: its port's name, and where it waits for the other end. */
struct joiner {
    char port[MPI_MAX_PORT_NAME];
    struct sim_waitq wake;
    struct joiner *next;
};

static struct joiner *joiners;

/* fd is an open, connected socket (MPI_ERR_ARG otherwise). */
static int check_socket(int fd)
{
    struct stat st;
    struct sockaddr_storage peer;
    socklen_t len = sizeof(peer);

    if (fstat(fd, &st) != 0)
        return smpi__error(MPI_COMM_WORLD, CALL, MPI_ERR_ARG,
                           "fd %d is not an open file descriptor (%s)", fd, strerror(errno));
    if (!S_ISSOCK(st.st_mode))
        return smpi__error(MPI_COMM_WORLD, CALL, MPI_ERR_ARG, "fd %d is not a socket", fd);
    if (getpeername(fd, (struct sockaddr *)&peer, &len) != 0)
        return smpi__error(MPI_COMM_WORLD, CALL, MPI_ERR_ARG, "socket %d is not connected (%s)", fd,
                           strerror(errno));
    return MPI_SUCCESS;
}

/* Reads the other end's port name from the socket into name without waiting: 1 when it was
 * there, 0 when it was not (nothing, or not all of it yet), or an MPI error reported. */
static int read_name(int fd, char *name)
{
    ssize_t n = recv(fd, name, MPI_MAX_PORT_NAME, MSG_PEEK | MSG_DONTWAIT);

    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
        return 0;
    if (n < 0)
        return smpi__error(MPI_COMM_WORLD, CALL, MPI_ERR_OTHER, "cannot read socket %d (%s)", fd,
                           strerror(errno));
    if (n == 0)
        return smpi__error(MPI_COMM_WORLD, CALL, MPI_ERR_OTHER,
                           "the other end of socket %d is closed", fd);
    if (strncmp(name, PORT_PREFIX,
                (size_t)n < strlen(PORT_PREFIX) ? (size_t)n : strlen(PORT_PREFIX)) != 0)
        return smpi__error(MPI_COMM_WORLD, CALL, MPI_ERR_OTHER,
                           "socket %d holds data that MPI_Comm_join did not write (the socket must "
                           "be quiescent)",
                           fd);
    if (n < MPI_MAX_PORT_NAME)
        return 0;
    if (recv(fd, name, MPI_MAX_PORT_NAME, MSG_DONTWAIT) != MPI_MAX_PORT_NAME)
        return smpi__error(MPI_COMM_WORLD, CALL, MPI_ERR_OTHER, "cannot read socket %d (%s)", fd,
                           strerror(errno));
    name[MPI_MAX_PORT_NAME - 1] = '\0';
    return 1;
}

/* The second end wakes the first, which waits under the name it wrote (MPI_ERR_OTHER when no
 * rank of this simulation wrote it). */
static int wake_first(int fd, const char *name)
{
    for (struct joiner **jp = &joiners; *jp; jp = &(*jp)->next) {
        if (strcmp((*jp)->port, name) == 0) {
            struct joiner *j = *jp;

            *jp = j->next;
            sim_waitq_wake_one(&j->wake);
            return MPI_SUCCESS;
        }
    }
    return smpi__error(MPI_COMM_WORLD, CALL, MPI_ERR_OTHER,
                       "the other end of socket %d is not a rank of this simulation", fd);
}

/* Exchanges the port names: theirs gets the other end's. */
static int exchange(int fd, struct joiner *self, char *theirs)
{
    int got;

    if (send(fd, self->port, MPI_MAX_PORT_NAME, MSG_NOSIGNAL | MSG_DONTWAIT) != MPI_MAX_PORT_NAME)
        return smpi__error(MPI_COMM_WORLD, CALL, MPI_ERR_OTHER, "cannot write on socket %d (%s)",
                           fd, strerror(errno));
    got = read_name(fd, theirs);
    if (got == 1)
        return wake_first(fd, theirs);
    if (got != 0)
        return got;
    self->next = joiners;
    joiners = self;
    sim_waitq_block(&self->wake, CALL, -1);
    got = read_name(fd, theirs);
    if (got == 0)
        return smpi__error(MPI_COMM_WORLD, CALL, MPI_ERR_OTHER,
                           "the other end of socket %d woke this one without writing its port", fd);
    return got == 1 ? MPI_SUCCESS : got;
}

int smpi__comm_join(int fd, MPI_Comm *intercomm)
{
    struct joiner *self; /* not on the stack: contexts/copy-stacks lends it while this waits */
    char theirs[MPI_MAX_PORT_NAME];
    bool accept;
    int rc;

    *intercomm = MPI_COMM_NULL;
    rc = check_socket(fd);
    if (rc != MPI_SUCCESS)
        return rc;
    self = sim_xcalloc(1, sizeof(*self));
    smpi__port_open(self->port);
    rc = exchange(fd, self, theirs);
    if (rc == MPI_SUCCESS) {
        accept = strcmp(self->port, theirs) < 0;
        /* both ends are here: the connect needs no timeout */
        rc = smpi__port_meet(CALL, accept, accept ? self->port : theirs, 0, MPI_COMM_SELF, 0,
                             intercomm);
    }
    smpi__port_close(self->port);
    free(self);
    return rc;
}
