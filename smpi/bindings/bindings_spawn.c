/* bindings_spawn: process creation and management (MPI-4.0 chapter 11): spawning ranks,
 * ports, the name service and disconnection. The work: smpi/mpi/spawn.c and smpi/mpi/port.c;
 * the new ranks' life: smpi/runtime/jobs.c; MPI_Comm_join: smpi/mpi/join.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>
#include <string.h>

#include "smpi/analyze/analyze.h"
#include "smpi/bindings/check.h"
#include "smpi/internal.h"
#include "smpi/mpi/dynamic.h"

/* The opening checks of a collective spawn over comm from root. */
static int check_spawn(const char *call, int root, MPI_Comm comm, MPI_Comm *intercomm)
{
    SMPI_CHECK_NEW_COMM(call, comm, intercomm);
    SMPI_CHECK_ROOT(call, comm, root);
    return smpi__coll_order_plain(call, comm);
}

/* The root's arguments: a command and a positive maxprocs each (MPI_ERR_ARG otherwise). */
static int check_commands(const char *call, MPI_Comm comm, const struct smpi_spawn *s)
{
    if (s->count <= 0)
        return smpi__error(comm, call, MPI_ERR_ARG, "count %d is not positive", s->count);
    if (!s->commands || !s->maxprocs)
        return smpi__error(comm, call, MPI_ERR_ARG, "the array of commands or maxprocs is NULL");
    for (int c = 0; c < s->count; c++) {
        if (!s->commands[c] || !s->commands[c][0])
            return smpi__error(comm, call, MPI_ERR_ARG, "command %d is empty", c);
        if (s->maxprocs[c] <= 0)
            return smpi__error(comm, call, MPI_ERR_ARG, "maxprocs %d of command %s is not positive",
                               s->maxprocs[c], s->commands[c]);
    }
    return MPI_SUCCESS;
}

static int spawn(const char *call, const struct smpi_spawn *s, int root, MPI_Comm comm,
                 MPI_Comm *intercomm, int *errcodes)
{
    int rc;

    SMPI_CHECK(check_spawn(call, root, comm, intercomm));
    if (smpi_comm_rank(comm) == root)
        SMPI_CHECK(check_commands(call, comm, s));
    smpi__enter(call);
    rc = smpi__spawn(call, s, root, comm, intercomm, errcodes);
    smpi__leave();
    if (rc == MPI_SUCCESS)
        smpi__handle_new(SMPI_H_COMM, *intercomm, call);
    return rc;
}

int PMPI_Comm_spawn(const char *command, char *argv[], int maxprocs, MPI_Info info, int root,
                    MPI_Comm comm, MPI_Comm *intercomm, int array_of_errcodes[])
{
    char *commands[1] = { (char *)command };
    char **argvs[1] = { argv };
    const struct smpi_spawn s = {
        .count = 1,
        .commands = commands,
        .argvs = argvs,
        .maxprocs = &maxprocs,
        .infos = &info,
    };

    return spawn("MPI_Comm_spawn", &s, root, comm, intercomm, array_of_errcodes);
}
#pragma weak MPI_Comm_spawn = PMPI_Comm_spawn

int PMPI_Comm_spawn_multiple(int count, char *array_of_commands[], char **array_of_argv[],
                             const int array_of_maxprocs[], const MPI_Info array_of_info[],
                             int root, MPI_Comm comm, MPI_Comm *intercomm, int array_of_errcodes[])
{
    MPI_Info none[count > 0 ? count : 1];
    const struct smpi_spawn s = {
        .count = count,
        .commands = array_of_commands,
        .argvs = array_of_argv,
        .maxprocs = array_of_maxprocs,
        .infos = array_of_info ? array_of_info : none,
    };

    for (int c = 0; c < count; c++)
        none[c] = MPI_INFO_NULL;
    return spawn("MPI_Comm_spawn_multiple", &s, root, comm, intercomm, array_of_errcodes);
}
#pragma weak MPI_Comm_spawn_multiple = PMPI_Comm_spawn_multiple

int PMPI_Comm_get_parent(MPI_Comm *parent)
{
    SMPI_CHECK_INIT("MPI_Comm_get_parent");
    SMPI_CHECK_ARG("MPI_Comm_get_parent", MPI_COMM_WORLD, parent);
    *parent = smpi__comm_parent();
    return MPI_SUCCESS;
}
#pragma weak MPI_Comm_get_parent = PMPI_Comm_get_parent

/* MPI_Comm_disconnect: collective; the members leave together once every one has called it,
 * which is when the pending communication MPI lets them start before is matched (a barrier
 * over comm, both groups of an intercommunicator), then the handle is freed as MPI_Comm_free
 * frees it. */
int PMPI_Comm_disconnect(MPI_Comm *comm)
{
    const char *call = "MPI_Comm_disconnect";
    struct coll_args a = { .comm = NULL };
    int rc;

    SMPI_CHECK_INIT(call);
    SMPI_CHECK_ARG(call, MPI_COMM_WORLD, comm);
    SMPI_CHECK_COMM(call, *comm);
    if ((*comm)->predefined)
        return smpi__error(*comm, call, MPI_ERR_COMM, "cannot disconnect %s", (*comm)->name);
    SMPI_CHECK(smpi__coll_order_plain(call, *comm));
    a.comm = *comm;
    smpi__enter(call);
    rc = smpi__coll_exec(COLL_BARRIER, &a);
    smpi__leave();
    if (rc != MPI_SUCCESS)
        return smpi__error(*comm, call, rc, "the closing barrier failed");
    return PMPI_Comm_free(comm);
}
#pragma weak MPI_Comm_disconnect = PMPI_Comm_disconnect

int PMPI_Open_port(MPI_Info info, char *port_name)
{
    (void)info; /* no key changes what a simulated port is */
    SMPI_CHECK_INIT("MPI_Open_port");
    SMPI_CHECK_ARG("MPI_Open_port", MPI_COMM_WORLD, port_name);
    smpi__port_open(port_name);
    return MPI_SUCCESS;
}
#pragma weak MPI_Open_port = PMPI_Open_port

int PMPI_Close_port(const char *port_name)
{
    SMPI_CHECK_INIT("MPI_Close_port");
    SMPI_CHECK_ARG("MPI_Close_port", MPI_COMM_WORLD, port_name);
    if (!smpi__port_close(port_name))
        return smpi__error(MPI_COMM_WORLD, "MPI_Close_port", MPI_ERR_PORT,
                           "port \"%s\" is not open", port_name);
    return MPI_SUCCESS;
}
#pragma weak MPI_Close_port = PMPI_Close_port

/* A connect's timeout: the root's info key "timeout" (seconds, as MPICH's), else
 * smpi/connect-timeout. An accept waits without limit. */
static int connect_timeout(const char *call, MPI_Info info, MPI_Comm comm, double *timeout)
{
    const char *text = info != MPI_INFO_NULL ? smpi__info_value(info, "timeout") : NULL;
    char *end;

    *timeout = smpi__rt.cfg.connect_timeout;
    if (!text)
        return MPI_SUCCESS;
    *timeout = strtod(text, &end);
    if (end == text || *end || !(*timeout >= 0))
        return smpi__error(comm, call, MPI_ERR_INFO,
                           "info key \"timeout\" = \"%s\": expected a number of seconds, 0 or more",
                           text);
    return MPI_SUCCESS;
}

static int meet(const char *call, bool accept, const char *port_name, MPI_Info info, int root,
                MPI_Comm comm, MPI_Comm *newcomm)
{
    int rc;
    double timeout = 0;

    SMPI_CHECK_NEW_COMM(call, comm, newcomm);
    SMPI_CHECK_ROOT(call, comm, root);
    if (smpi_comm_rank(comm) == root) {
        SMPI_CHECK_ARG(call, comm, port_name);
        rc = accept ? MPI_SUCCESS : connect_timeout(call, info, comm, &timeout);
        if (rc != MPI_SUCCESS) {
            *newcomm = MPI_COMM_NULL;
            return rc;
        }
    }
    SMPI_CHECK(smpi__coll_order_plain(call, comm));
    smpi__enter(call);
    rc = smpi__port_meet(call, accept, port_name, root, comm, timeout, newcomm);
    smpi__leave();
    if (rc == MPI_SUCCESS)
        smpi__handle_new(SMPI_H_COMM, *newcomm, call);
    return rc;
}

int PMPI_Comm_accept(const char *port_name, MPI_Info info, int root, MPI_Comm comm,
                     MPI_Comm *newcomm)
{
    return meet("MPI_Comm_accept", true, port_name, info, root, comm, newcomm);
}
#pragma weak MPI_Comm_accept = PMPI_Comm_accept

int PMPI_Comm_connect(const char *port_name, MPI_Info info, int root, MPI_Comm comm,
                      MPI_Comm *newcomm)
{
    return meet("MPI_Comm_connect", false, port_name, info, root, comm, newcomm);
}
#pragma weak MPI_Comm_connect = PMPI_Comm_connect

/* The checks of the name service's calls: both strings given. */
static int check_names(const char *call, const char *service_name, const void *port_name)
{
    SMPI_CHECK_INIT(call);
    SMPI_CHECK_ARG(call, MPI_COMM_WORLD, service_name);
    SMPI_CHECK_ARG(call, MPI_COMM_WORLD, port_name);
    return MPI_SUCCESS;
}

int PMPI_Publish_name(const char *service_name, MPI_Info info, const char *port_name)
{
    (void)info;
    SMPI_CHECK(check_names("MPI_Publish_name", service_name, port_name));
    return smpi__name_publish(service_name, port_name);
}
#pragma weak MPI_Publish_name = PMPI_Publish_name

int PMPI_Unpublish_name(const char *service_name, MPI_Info info, const char *port_name)
{
    (void)info;
    SMPI_CHECK(check_names("MPI_Unpublish_name", service_name, port_name));
    return smpi__name_unpublish(service_name, port_name);
}
#pragma weak MPI_Unpublish_name = PMPI_Unpublish_name

int PMPI_Lookup_name(const char *service_name, MPI_Info info, char *port_name)
{
    (void)info;
    SMPI_CHECK(check_names("MPI_Lookup_name", service_name, port_name));
    return smpi__name_lookup(service_name, port_name);
}
#pragma weak MPI_Lookup_name = PMPI_Lookup_name

int PMPI_Comm_join(int fd, MPI_Comm *intercomm)
{
    int rc;

    SMPI_CHECK_INIT("MPI_Comm_join");
    SMPI_CHECK_ARG("MPI_Comm_join", MPI_COMM_WORLD, intercomm);
    smpi__enter("MPI_Comm_join");
    rc = smpi__comm_join(fd, intercomm);
    smpi__leave();
    if (rc == MPI_SUCCESS)
        smpi__handle_new(SMPI_H_COMM, *intercomm, "MPI_Comm_join");
    return rc;
}
#pragma weak MPI_Comm_join = PMPI_Comm_join
