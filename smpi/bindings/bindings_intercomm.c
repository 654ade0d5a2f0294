/* bindings_intercomm: the MPI calls on intercommunicators (MPI-3.1 section 6.6). The objects
 * and the leaders' exchange: smpi/mpi/intercomm.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "smpi/analyze/analyze.h"
#include "smpi/bindings/check.h"
#include "smpi/internal.h"

/* The opening checks of the calls on an intercommunicator: comm, the pointer out (named
 * name), then that comm is an intercommunicator. */
static int check_inter(const char *call, MPI_Comm comm, const void *out, const char *name)
{
    SMPI_CHECK_INIT(call);
    SMPI_CHECK_COMM(call, comm);
    SMPI_CHECK(smpi__check_arg(call, comm, out, name));
    if (!comm->remote_group)
        return smpi__error(comm, call, MPI_ERR_COMM,
                           "the communicator is not an intercommunicator");
    return MPI_SUCCESS;
}

int PMPI_Intercomm_create(MPI_Comm local_comm, int local_leader, MPI_Comm peer_comm,
                          int remote_leader, int tag, MPI_Comm *newintercomm)
{
    const char *call = "MPI_Intercomm_create";

    SMPI_CHECK_NEW_COMM(call, local_comm, newintercomm);
    SMPI_CHECK_ROOT(call, local_comm, local_leader);
    SMPI_CHECK(smpi__coll_order_plain(call, local_comm));
    SMPI_CHECK(smpi__intercomm_create(local_comm, local_leader, peer_comm, remote_leader, tag,
                                      newintercomm));
    smpi__handle_new(SMPI_H_COMM, *newintercomm, call);
    return MPI_SUCCESS;
}
#pragma weak MPI_Intercomm_create = PMPI_Intercomm_create

int PMPI_Comm_remote_size(MPI_Comm comm, int *size)
{
    SMPI_CHECK(check_inter("MPI_Comm_remote_size", comm, size, "size"));
    *size = comm->remote_group->size;
    return MPI_SUCCESS;
}
#pragma weak MPI_Comm_remote_size = PMPI_Comm_remote_size

int PMPI_Comm_remote_group(MPI_Comm comm, MPI_Group *group)
{
    SMPI_CHECK(check_inter("MPI_Comm_remote_group", comm, group, "group"));
    comm->remote_group->refcount++;
    *group = comm->remote_group;
    smpi__handle_new(SMPI_H_GROUP, *group, "MPI_Comm_remote_group");
    return MPI_SUCCESS;
}
#pragma weak MPI_Comm_remote_group = PMPI_Comm_remote_group

int PMPI_Intercomm_merge(MPI_Comm intercomm, int high, MPI_Comm *newintracomm)
{
    const char *call = "MPI_Intercomm_merge";

    SMPI_CHECK(check_inter(call, intercomm, newintracomm, "newintracomm"));
    SMPI_CHECK(smpi__coll_order_plain(call, intercomm));
    SMPI_CHECK(smpi__intercomm_merge(intercomm, high, newintracomm));
    smpi__handle_new(SMPI_H_COMM, *newintracomm, call);
    return MPI_SUCCESS;
}
#pragma weak MPI_Intercomm_merge = PMPI_Intercomm_merge
