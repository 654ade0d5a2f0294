/* dynamic: MPI's dynamic process management (spawn.c, port.c). Private to smpi/. */
#ifndef SMPI_DYNAMIC_H
#define SMPI_DYNAMIC_H

#include <mpi.h>

/* What the root of MPI_Comm_spawn(_multiple) asks for: `count` commands, each with its
 * arguments (argvs NULL: none for any; an entry MPI_ARGV_NULL: none for that command), its
 * number of ranks and its info (MPI_INFO_NULL or keys "host", "path"). */
struct smpi_spawn {
    int count;
    char **commands;
    char ***argvs;
    const int *maxprocs;
    const MPI_Info *infos;
};

/* The collective part of a spawn over comm once the arguments are checked (between smpi__enter
 * and smpi__leave): the root starts the ranks and fills errcodes (may be NULL); every member
 * gets its side of the intercommunicator, or MPI_COMM_NULL and the error reported through
 * comm's handler. */
int smpi__spawn(const char *call, const struct smpi_spawn *s, int root, MPI_Comm comm,
                MPI_Comm *intercomm, int *errcodes);
/* The calling rank's parent intercommunicator (MPI_COMM_NULL for smpirun's ranks, and once it
 * was freed or disconnected: smpi__comm_parent_forget). */
MPI_Comm smpi__comm_parent(void);
void smpi__comm_parent_forget(MPI_Comm comm);

/* Ports and names (port.c). A port is a name the simulator makes up ("simmpi-port-N"), valid
 * from MPI_Open_port to MPI_Close_port. smpi__port_open writes a new one into name
 * (MPI_MAX_PORT_NAME bytes); smpi__port_close: false when name is not open, and the roots still
 * waiting on it in an accept or a connect get MPI_ERR_PORT. */
void smpi__port_open(char *name);
bool smpi__port_close(const char *name);
/* MPI_Comm_accept (accept) or MPI_Comm_connect over comm, once the arguments are checked: the
 * roots meet on the port (the first to come waits for the other; connecting to a port that is
 * not open is MPI_ERR_PORT, and so is a wait longer than timeout simulated seconds when it is
 * positive: MPI-4.0 section 11.8.2), make the intercommunicator between the two groups, and
 * each side gets it through a broadcast over its communicator. */
int smpi__port_meet(const char *call, bool accept, const char *port, int root, MPI_Comm comm,
                    double timeout, MPI_Comm *newcomm);
/* MPI_Comm_join over the connected socket fd, once the arguments are checked (join.c): the
 * intercommunicator with the rank at the other end into *intercomm (MPI_COMM_NULL on error);
 * errors are reported through MPI_COMM_WORLD (MPI_ERR_ARG: fd is not a connected socket). */
int smpi__comm_join(int fd, MPI_Comm *intercomm);
/* The name service: MPI_ERR_SERVICE when service is already published (publish) or not
 * published with this port (unpublish); MPI_ERR_NAME when it is not published (lookup, which
 * writes the port into port, MPI_MAX_PORT_NAME bytes). Reported through MPI_COMM_WORLD. */
int smpi__name_publish(const char *service, const char *port);
int smpi__name_unpublish(const char *service, const char *port);
int smpi__name_lookup(const char *service, char *port);

#endif /* SMPI_DYNAMIC_H */
