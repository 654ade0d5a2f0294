/* intercomm: intercommunicators (MPI-3.1 section 6.6). Each side of an intercommunicator is
 * its own object (local group, remote group), both sides sharing one pair of matching contexts,
 * so point-to-point between them works unchanged: peers are ranks of the remote group. The
 * leaders agree on the remote group and the contexts through the peer communicator, then each
 * leader hands its side's object to its local group (the ranks share one address space). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>
#include <string.h>

#include "smpi/check.h"
#include "smpi/internal.h"

/* Tags of the leaders' exchange on the peer communicator: the user's tag, as the standard
 * says; the three messages go in order. */

/* Leader side: swaps group member lists with the remote leader and agrees on the contexts (the
 * leader with the lower MPI_COMM_WORLD rank allocates them). */
static int leaders_exchange(MPI_Comm peer, int remote_leader, int tag, struct smpi_group *local,
                            struct smpi_group **remote, int *context)
{
    int rsize = 0;
    int me = smpi__self()->rank;
    int other = smpi__comm_world_rank(peer, remote_leader);
    int rc;

    rc = PMPI_Sendrecv(&local->size, 1, MPI_INT, remote_leader, tag, &rsize, 1, MPI_INT,
                       remote_leader, tag, peer, MPI_STATUS_IGNORE);
    if (rc != MPI_SUCCESS)
        return rc;
    *remote = smpi__group_new(rsize);
    rc = PMPI_Sendrecv(local->world, local->size, MPI_INT, remote_leader, tag, (*remote)->world,
                       rsize, MPI_INT, remote_leader, tag, peer, MPI_STATUS_IGNORE);
    if (rc != MPI_SUCCESS)
        return rc;
    if (me < other) {
        *context = smpi__comm_new_context();
        rc = PMPI_Send(context, 1, MPI_INT, remote_leader, tag, peer);
    } else {
        rc = PMPI_Recv(context, 1, MPI_INT, remote_leader, tag, peer, MPI_STATUS_IGNORE);
    }
    return rc;
}

int PMPI_Intercomm_create(MPI_Comm local_comm, int local_leader, MPI_Comm peer_comm,
                          int remote_leader, int tag, MPI_Comm *newintercomm)
{
    const char *call = "MPI_Intercomm_create";
    MPI_Aint handle = 0;
    int rc = MPI_SUCCESS;

    SMPI_CHECK_INIT(call);
    SMPI_CHECK_COMM(call, local_comm);
    SMPI_CHECK_INTRA(call, local_comm);
    SMPI_CHECK_ARG(call, local_comm, newintercomm);
    SMPI_CHECK_ROOT(call, local_comm, local_leader);
    smpi__enter(call);
    if (smpi_comm_rank(local_comm) == local_leader) {
        struct smpi_group *local = smpi__comm_group(local_comm);
        struct smpi_group *remote = NULL;
        int context = 0;

        if (!smpi__comm_is_valid(peer_comm) || remote_leader < 0 ||
            remote_leader >= smpi__comm_peer_size(peer_comm)) {
            rc = smpi__error(local_comm, call, MPI_ERR_ARG,
                             "peer_comm or remote_leader %d is invalid at the local leader",
                             remote_leader);
        } else {
            rc = leaders_exchange(peer_comm, remote_leader, tag, local, &remote, &context);
        }
        if (rc == MPI_SUCCESS) {
            MPI_Comm c = smpi__comm_new_inter(local, remote, context, local->size);

            c->local_comm = smpi__comm_dup(local_comm);
            handle = (MPI_Aint)c;
        }
        smpi__group_release(local);
        smpi__group_release(remote);
    } else {
        /* the local communicator of the new side is created by every member, in order */
        MPI_Comm mine = smpi__comm_dup(local_comm);

        smpi__comm_release(mine); /* the leader's call keeps the shared object */
    }
    /* the leader's object (its address) goes to every local member; 0 on failure */
    PMPI_Bcast(&handle, 1, MPI_AINT, local_leader, local_comm);
    smpi__leave();
    if (!handle)
        return rc != MPI_SUCCESS ? rc
                                 : smpi__error(local_comm, call, MPI_ERR_OTHER,
                                               "the local leader failed to create the "
                                               "intercommunicator");
    *newintercomm = (MPI_Comm)handle;
    return MPI_SUCCESS;
}
#pragma weak MPI_Intercomm_create = PMPI_Intercomm_create

int PMPI_Comm_remote_size(MPI_Comm comm, int *size)
{
    SMPI_CHECK_INIT("MPI_Comm_remote_size");
    SMPI_CHECK_COMM("MPI_Comm_remote_size", comm);
    SMPI_CHECK_ARG("MPI_Comm_remote_size", comm, size);
    if (!comm->remote_group)
        return smpi__error(comm, "MPI_Comm_remote_size", MPI_ERR_COMM,
                           "the communicator is not an intercommunicator");
    *size = comm->remote_group->size;
    return MPI_SUCCESS;
}
#pragma weak MPI_Comm_remote_size = PMPI_Comm_remote_size

int PMPI_Comm_remote_group(MPI_Comm comm, MPI_Group *group)
{
    SMPI_CHECK_INIT("MPI_Comm_remote_group");
    SMPI_CHECK_COMM("MPI_Comm_remote_group", comm);
    SMPI_CHECK_ARG("MPI_Comm_remote_group", comm, group);
    if (!comm->remote_group)
        return smpi__error(comm, "MPI_Comm_remote_group", MPI_ERR_COMM,
                           "the communicator is not an intercommunicator");
    comm->remote_group->refcount++;
    *group = comm->remote_group;
    return MPI_SUCCESS;
}
#pragma weak MPI_Comm_remote_group = PMPI_Comm_remote_group

/* All members of both groups meet on one intracommunicator: the group whose members passed
 * high = false comes first; when both sides passed the same value, the side whose first member
 * has the lower MPI_COMM_WORLD rank does, so both sides compute the same order. */
int PMPI_Intercomm_merge(MPI_Comm intercomm, int high, MPI_Comm *newintracomm)
{
    const char *call = "MPI_Intercomm_merge";
    int mine = high != 0;
    int theirs = 0;
    int rc = MPI_SUCCESS;
    struct smpi_group *local;
    struct smpi_group *remote;
    struct smpi_group *g;
    bool local_first;

    SMPI_CHECK_INIT(call);
    SMPI_CHECK_COMM(call, intercomm);
    SMPI_CHECK_ARG(call, intercomm, newintracomm);
    if (!intercomm->remote_group)
        return smpi__error(intercomm, call, MPI_ERR_COMM,
                           "the communicator is not an intercommunicator");
    smpi__enter(call);
    local = intercomm->group;
    remote = intercomm->remote_group;
    /* the leaders (rank 0 of each side) swap their flags, then tell their groups */
    if (smpi_comm_rank(intercomm) == 0)
        rc = smpi_sendrecv(&mine, 1, MPI_INT, 0, -90, &theirs, 1, MPI_INT, 0, -90, intercomm,
                           MPI_STATUS_IGNORE);
    if (rc == MPI_SUCCESS)
        rc = PMPI_Bcast(&theirs, 1, MPI_INT, 0, intercomm->local_comm);
    if (rc != MPI_SUCCESS) {
        smpi__leave();
        return rc;
    }
    local_first = mine != theirs ? !mine : local->world[0] < remote->world[0];
    g = smpi__group_new(local->size + remote->size);
    memcpy(g->world, (local_first ? local : remote)->world,
           (size_t)(local_first ? local : remote)->size * sizeof(int));
    memcpy(g->world + (local_first ? local : remote)->size, (local_first ? remote : local)->world,
           (size_t)(local_first ? remote : local)->size * sizeof(int));
    *newintracomm = smpi__comm_derive_keyed(intercomm, g, 0, g->size);
    smpi__group_release(g);
    smpi__leave();
    return MPI_SUCCESS;
}
#pragma weak MPI_Intercomm_merge = PMPI_Intercomm_merge

/* MPI_Comm_dup on an intercommunicator: the leaders agree on fresh contexts through the old
 * intercommunicator (the lower MPI_COMM_WORLD rank allocates them), and each leader hands its
 * side's new object to its group, as MPI_Intercomm_create does. */
MPI_Comm smpi__inter_dup(MPI_Comm inter)
{
    MPI_Aint handle = 0;
    MPI_Comm local = smpi__comm_dup(inter->local_comm); /* every member, in order */

    if (smpi_comm_rank(inter) == 0) {
        int context = 0;
        MPI_Comm c;

        if (smpi__self()->rank < inter->remote_group->world[0]) {
            context = smpi__comm_new_context();
            smpi_send(&context, 1, MPI_INT, 0, -91, inter);
        } else {
            smpi_recv(&context, 1, MPI_INT, 0, -91, inter, MPI_STATUS_IGNORE);
        }
        c = smpi__comm_new_inter(inter->group, inter->remote_group, context, inter->group->size);
        c->local_comm = local;
        c->errhandler = inter->errhandler;
        handle = (MPI_Aint)c;
    } else {
        smpi__comm_release(local); /* the leader's side object keeps the shared one */
    }
    PMPI_Bcast(&handle, 1, MPI_AINT, 0, inter->local_comm);
    return (MPI_Comm)handle;
}
