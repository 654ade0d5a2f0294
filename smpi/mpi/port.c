/* port: MPI_Open_port, MPI_Comm_accept and MPI_Comm_connect, and the name service
 * (MPI_Publish_name, MPI_Lookup_name, MPI_Unpublish_name). Every rank runs in one simulator, so
 * a port is only a name the simulator makes up and the name service a table. The roots of the
 * accepting and the connecting communicators meet on the port: the one that comes first waits
 * (in simulated time) for the other, whichever side it is; the second makes both sides of the
 * new intercommunicator. Each root then gives its side to its communicator's members by a
 * broadcast of one MPI_Aint, the only simulated cost (no connection set-up is modelled). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smpi/internal.h"
#include "smpi/mpi/dynamic.h"

/* A root waiting on a port: its group, and the side made for it by the root that came second. */
struct waiter {
    struct smpi_group *group;
    MPI_Comm side;
    struct sim_waitq wake;
    struct waiter *next;
};

struct port {
    char name[MPI_MAX_PORT_NAME];
    struct waiter *acceptors; /* FIFO: the first waiting is served first */
    struct waiter *connectors;
    struct port *next;
};

static struct port *ports;
static int nports_made;

struct service {
    char *name;
    char *port;
    struct service *next;
};
static struct service *services;

void smpi__port_open(char *name)
{
    struct port *p = sim_xcalloc(1, sizeof(*p));

    snprintf(p->name, sizeof(p->name), "simmpi-port-%d", nports_made++);
    p->next = ports;
    ports = p;
    strcpy(name, p->name);
}

static struct port **port_find(const char *name)
{
    struct port **pp = &ports;

    while (*pp && strncmp((*pp)->name, name, MPI_MAX_PORT_NAME) != 0)
        pp = &(*pp)->next;
    return pp;
}

/* Wakes every root waiting in q with no intercommunicator: its call fails with MPI_ERR_PORT. */
static void fail_waiters(struct waiter *q)
{
    while (q) {
        struct waiter *w = q;

        q = w->next; /* w belongs to its root, which frees it once it runs */
        w->side = MPI_COMM_NULL;
        sim_waitq_wake_one(&w->wake);
    }
}

bool smpi__port_close(const char *name)
{
    struct port **pp = port_find(name);
    struct port *p = *pp;

    if (!p)
        return false;
    *pp = p->next;
    fail_waiters(p->acceptors);
    fail_waiters(p->connectors);
    free(p);
    return true;
}

static void enqueue(struct waiter **q, struct waiter *w)
{
    while (*q)
        q = &(*q)->next;
    *q = w;
}

static void dequeue(struct waiter **q, const struct waiter *w)
{
    while (*q && *q != w)
        q = &(*q)->next;
    if (*q)
        *q = w->next;
}

/* The root's part: its side of the new intercommunicator, or MPI_COMM_NULL (no such port, or
 * no peer came within `timeout` simulated seconds when it is positive). */
static MPI_Comm root_meet(bool accept, const char *name, struct smpi_group *mine, double timeout)
{
    struct port *p = *port_find(name);
    struct waiter **other;
    struct waiter *peer;
    int context;
    MPI_Comm side;

    if (!p)
        return MPI_COMM_NULL;
    other = accept ? &p->connectors : &p->acceptors;
    if (!*other) { /* first on the port: the other root pairs us */
        struct waiter **mine_q = accept ? &p->acceptors : &p->connectors;
        /* not on the stack, which contexts/copy-stacks lends to other ranks while it waits */
        struct waiter *self = sim_xcalloc(1, sizeof(*self));

        self->group = mine;
        enqueue(mine_q, self);
        if (!sim_waitq_block(&self->wake, accept ? "MPI_Comm_accept" : "MPI_Comm_connect",
                             timeout > 0 ? sim_now() + timeout : -1) &&
            self->side == MPI_COMM_NULL)
            dequeue(mine_q, self); /* timed out, nobody paired us */
        side = self->side;
        free(self);
        return side;
    }
    peer = *other;
    *other = peer->next;
    context = smpi__comm_new_context();
    side = smpi__comm_new_inter(mine, peer->group, context, mine->size);
    peer->side = smpi__comm_new_inter(peer->group, mine, context, peer->group->size);
    sim_waitq_wake_one(&peer->wake);
    return side;
}

int smpi__port_meet(const char *call, bool accept, const char *port, int root, MPI_Comm comm,
                    double timeout, MPI_Comm *newcomm)
{
    MPI_Comm mine = smpi__comm_dup(comm); /* each member makes the new side's local comm */
    MPI_Aint handle = 0;

    if (smpi_comm_rank(comm) == root) {
        struct smpi_group *g = smpi__comm_group(comm);
        MPI_Comm side = root_meet(accept, port, g, timeout);

        smpi__group_release(g);
        if (side != MPI_COMM_NULL) {
            side->local_comm = mine;
            handle = (MPI_Aint)side;
        } else {
            smpi__comm_release(mine);
        }
    } else {
        smpi__comm_release(mine); /* the root's side keeps the shared object */
    }
    PMPI_Bcast(&handle, 1, MPI_AINT, root, comm);
    if (!handle) {
        *newcomm = MPI_COMM_NULL;
        if (timeout > 0 && *port_find(port))
            return smpi__error(comm, call, MPI_ERR_PORT,
                               "no MPI_Comm_accept on port \"%s\" within the timeout of %g s "
                               "(info key \"timeout\" or smpi/connect-timeout)",
                               port, timeout);
        return smpi__error(comm, call, MPI_ERR_PORT, "port \"%s\" is not open (MPI_Open_port)",
                           port);
    }
    *newcomm = (MPI_Comm)handle;
    smpi__comm_inherit_errhandler(*newcomm, comm);
    return MPI_SUCCESS;
}

static struct service **service_find(const char *name)
{
    struct service **sp = &services;

    while (*sp && strcmp((*sp)->name, name) != 0)
        sp = &(*sp)->next;
    return sp;
}

int smpi__name_publish(const char *service, const char *port)
{
    struct service *s;

    if (*service_find(service))
        return smpi__error(MPI_COMM_WORLD, "MPI_Publish_name", MPI_ERR_SERVICE,
                           "service \"%s\" is already published", service);
    s = sim_xcalloc(1, sizeof(*s));
    s->name = sim_xstrdup(service);
    s->port = sim_xstrdup(port);
    s->next = services;
    services = s;
    return MPI_SUCCESS;
}

int smpi__name_unpublish(const char *service, const char *port)
{
    struct service **sp = service_find(service);
    struct service *s = *sp;

    if (!s || strcmp(s->port, port) != 0)
        return smpi__error(MPI_COMM_WORLD, "MPI_Unpublish_name", MPI_ERR_SERVICE,
                           "service \"%s\" is not published with port \"%s\"", service, port);
    *sp = s->next;
    free(s->name);
    free(s->port);
    free(s);
    return MPI_SUCCESS;
}

int smpi__name_lookup(const char *service, char *port)
{
    const struct service *s = *service_find(service);

    if (!s)
        return smpi__error(MPI_COMM_WORLD, "MPI_Lookup_name", MPI_ERR_NAME,
                           "service \"%s\" is not published", service);
    snprintf(port, MPI_MAX_PORT_NAME, "%s", s->port);
    return MPI_SUCCESS;
}
