/* intercomm_derive: a copy of an intercommunicator on fresh contexts, made without a message,
 * for the nonblocking collectives (each runs on its own copy, as on an intracommunicator:
 * bindings_icoll.c) and MPI_Comm_idup. Every member of both groups derives its n-th copy at
 * its n-th collective call on the intercommunicator (MPI requires the same order of
 * collective calls at every member), so the n-th derivations of all members meet in one
 * pending entry: the first member of each side creates the side's object over a copy of its
 * local communicator, the others of that side join it; the first member of either side
 * allocates the contexts both sides share. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>

#include "smpi/internal.h"

struct inter_pending {
    int parent_context;
    int seq;
    int context;        /* of the copy, shared by both sides */
    int waiting;        /* members of both groups that have not derived it yet */
    MPI_Comm parent[2]; /* the two side objects of the intercommunicator */
    MPI_Comm copy[2];   /* and of its copy, NULL until a member of that side derives it */
    struct inter_pending *next;
};
static struct inter_pending *inter_pendings;

static struct inter_pending *find(MPI_Comm inter, int seq)
{
    struct inter_pending *p;

    for (p = inter_pendings; p; p = p->next)
        if (p->parent_context == inter->context && p->seq == seq)
            return p;
    p = sim_xcalloc(1, sizeof(*p));
    p->parent_context = inter->context;
    p->seq = seq;
    p->context = smpi__comm_new_context();
    p->waiting = inter->group->size + inter->remote_group->size;
    p->next = inter_pendings;
    inter_pendings = p;
    return p;
}

static void forget(struct inter_pending *p)
{
    struct inter_pending **pp = &inter_pendings;

    while (*pp != p)
        pp = &(*pp)->next;
    *pp = p->next;
    free(p);
}

MPI_Comm smpi__inter_derive(MPI_Comm inter)
{
    int seq = smpi__comm_derive_skip(inter);
    struct inter_pending *p = find(inter, seq);
    /* every member derives its side's local communicator, in the same order on its side */
    MPI_Comm local = smpi__comm_derive(inter->local_comm, inter->group);
    int side = p->parent[0] == NULL || p->parent[0] == inter ? 0 : 1;
    MPI_Comm c;

    p->parent[side] = inter;
    if (!p->copy[side]) {
        c = smpi__comm_new_inter(inter->group, inter->remote_group, p->context, inter->group->size);
        c->local_comm = local;
        p->copy[side] = c;
    } else {
        smpi__comm_release(local); /* the side's object holds the first member's */
    }
    c = p->copy[side];
    if (--p->waiting == 0)
        forget(p);
    return c;
}
