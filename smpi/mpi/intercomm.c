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

int smpi__intercomm_create(MPI_Comm local_comm, int local_leader, MPI_Comm peer_comm,
                           int remote_leader, int tag, MPI_Comm *newintercomm)
{
    const char *call = "MPI_Intercomm_create";
    MPI_Aint handle = 0;
    int rc = MPI_SUCCESS;

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

/* All members of both groups meet on one intracommunicator: the group whose members passed
 * high = false comes first; when both sides passed the same value, the side whose first member
 * has the lower MPI_COMM_WORLD rank does, so both sides compute the same order. */
int smpi__intercomm_merge(MPI_Comm intercomm, int high, MPI_Comm *newintracomm)
{
    const char *call = "MPI_Intercomm_merge";
    int mine = high != 0;
    int theirs = 0;
    int rc = MPI_SUCCESS;
    struct smpi_group *local;
    struct smpi_group *remote;
    struct smpi_group *g;
    bool local_first;

    smpi__enter(call);
    local = intercomm->group;
    remote = intercomm->remote_group;
    /* the leaders (rank 0 of each side) swap their flags, then tell their groups */
    if (smpi_comm_rank(intercomm) == 0)
        rc = smpi_sendrecv(&mine, 1, MPI_INT, 0, COLL_TAG_INTERCOMM_CREATE, &theirs, 1, MPI_INT, 0,
                           COLL_TAG_INTERCOMM_CREATE, intercomm, MPI_STATUS_IGNORE);
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
            smpi_send(&context, 1, MPI_INT, 0, COLL_TAG_INTERCOMM_CONTEXT, inter);
        } else {
            smpi_recv(&context, 1, MPI_INT, 0, COLL_TAG_INTERCOMM_CONTEXT, inter,
                      MPI_STATUS_IGNORE);
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

/* ---- MPI_Comm_split on an intercommunicator --------------------------------------------------
 * Each side splits by color; the ranks of one color on both sides form a new
 * intercommunicator (MPI_COMM_NULL when the color exists on one side only). The leaders swap
 * the (color, key) pairs of their groups and the lower MPI_COMM_WORLD rank allocates one pair
 * of contexts per color present on both sides; the members of one color on one side then meet
 * on one side object, keyed by its contexts. */

struct side_pending {
    int context;
    int waiting;
    MPI_Comm comm;
    struct side_pending *next;
};
static struct side_pending *side_pendings;

/* The group of the ranks of `color` among n (color, key) pairs whose ranks map to world
 * ranks through g, ordered by key then rank; NULL when there are none. */
static struct smpi_group *color_group(const int *pairs, int n, const struct smpi_group *g,
                                      int color)
{
    int m = 0;
    struct smpi_group *out;

    for (int r = 0; r < n; r++)
        m += pairs[2 * r] == color;
    if (m == 0)
        return NULL;
    out = smpi__group_new(m);
    m = 0;
    for (int r = 0; r < n; r++)
        if (pairs[2 * r] == color)
            out->world[m++] = r;  /* ranks first, sorted below, then mapped */
    for (int i = 1; i < m; i++) { /* insertion sort by (key, rank): groups are small */
        int x = out->world[i];
        int j = i - 1;

        while (j >= 0 && pairs[2 * out->world[j] + 1] > pairs[2 * x + 1]) {
            out->world[j + 1] = out->world[j];
            j--;
        }
        out->world[j + 1] = x;
    }
    for (int i = 0; i < m; i++)
        out->world[i] = g->world[out->world[i]];
    return out;
}

/* The side object for `context` over (local, remote), shared by the `members` local ranks. */
static MPI_Comm side_object(int context, struct smpi_group *local, struct smpi_group *remote,
                            int members)
{
    MPI_Comm c;

    for (struct side_pending **pp = &side_pendings; *pp; pp = &(*pp)->next) {
        struct side_pending *p = *pp;

        if (p->context == context && p->comm->group->world[0] == local->world[0]) {
            c = p->comm;
            if (--p->waiting == 0) {
                *pp = p->next;
                free(p);
            }
            return c;
        }
    }
    c = smpi__comm_new_inter(local, remote, context, members);
    if (members > 1) {
        struct side_pending *p = sim_xcalloc(1, sizeof(*p));

        p->context = context;
        p->waiting = members - 1;
        p->comm = c;
        p->next = side_pendings;
        side_pendings = p;
    }
    return c;
}

MPI_Comm smpi__inter_split(MPI_Comm inter, int color, int key)
{
    int lsize = inter->group->size;
    int rsize = inter->remote_group->size;
    int mine[2] = { color, key };
    int *lpairs = sim_xmalloc(2 * (size_t)lsize * sizeof(int));
    int *rpairs = sim_xmalloc(2 * (size_t)rsize * sizeof(int));
    int tsize = 1 + 2 * (lsize > rsize ? lsize : rsize);
    int *table = sim_xcalloc((size_t)tsize, sizeof(int)); /* n, then (color, context) pairs */
    MPI_Comm result = MPI_COMM_NULL;
    MPI_Comm lc;
    int ctx = -1;

    PMPI_Allgather(mine, 2, MPI_INT, lpairs, 2, MPI_INT, inter->local_comm);
    if (smpi_comm_rank(inter) == 0) {
        smpi_sendrecv(lpairs, 2 * lsize, MPI_INT, 0, COLL_TAG_INTERCOMM_PAIRS, rpairs, 2 * rsize,
                      MPI_INT, 0, COLL_TAG_INTERCOMM_PAIRS, inter, MPI_STATUS_IGNORE);
        if (smpi__self()->rank < inter->remote_group->world[0]) {
            /* one context pair per color present on both sides, in order of first appearance */
            table[0] = 0;
            for (int r = 0; r < lsize; r++) {
                int c = lpairs[2 * r];
                bool seen = c == MPI_UNDEFINED;
                bool remote = false;

                for (int i = 0; i < table[0] && !seen; i++)
                    seen = table[1 + 2 * i] == c;
                for (int q = 0; q < rsize && !seen && !remote; q++)
                    remote = rpairs[2 * q] == c;
                if (!seen && remote) {
                    table[1 + 2 * table[0]] = c;
                    table[2 + 2 * table[0]] = smpi__comm_new_context();
                    table[0]++;
                }
            }
            smpi_send(table, tsize, MPI_INT, 0, COLL_TAG_INTERCOMM_TABLE, inter);
        } else {
            smpi_recv(table, tsize, MPI_INT, 0, COLL_TAG_INTERCOMM_TABLE, inter, MPI_STATUS_IGNORE);
        }
    }
    PMPI_Bcast(rpairs, 2 * rsize, MPI_INT, 0, inter->local_comm);
    PMPI_Bcast(table, tsize, MPI_INT, 0, inter->local_comm);
    for (int i = 0; i < table[0]; i++)
        if (table[1 + 2 * i] == color)
            ctx = table[2 + 2 * i];
    /* the local intracommunicator of each new side: the local part of the split, same order */
    PMPI_Comm_split(inter->local_comm, ctx >= 0 ? color : MPI_UNDEFINED, key, &lc);
    if (ctx >= 0) {
        struct smpi_group *lg = color_group(lpairs, lsize, inter->group, color);
        struct smpi_group *rg = color_group(rpairs, rsize, inter->remote_group, color);

        result = side_object(ctx, lg, rg, lg->size);
        if (!result->local_comm)
            result->local_comm = lc; /* the side object keeps one reference */
        else
            smpi__comm_release(lc);
        result->errhandler = inter->errhandler;
        smpi__group_release(lg);
        smpi__group_release(rg);
    }
    free(lpairs);
    free(rpairs);
    free(table);
    return result;
}
