/* comm_meet: the meeting of the ranks that create one object together without a parent
 * communicator to count on (MPI_Comm_create_group, MPI_Comm_create_from_group,
 * MPI_Intercomm_create_from_groups): the members of one call meet on (space, tag, key), and the
 * n-th such call of each member is the same creation, counted per member so that the calls of
 * other groups in the same space never interfere. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>

#include "smpi/internal.h"

/* How many meetings each MPI_COMM_WORLD rank made on one (space, tag, key). */
struct meet_count {
    uint64_t space;
    int tag;
    uint64_t key;
    int *count; /* per MPI_COMM_WORLD rank */
    struct meet_count *next;
};

/* A meeting some members have not reached yet: the object its first member made. */
struct meet_pending {
    uint64_t space;
    int tag;
    uint64_t key;
    int seq;
    int waiting;
    void *obj;
    struct meet_pending *next;
};

static struct meet_count *counts;
static struct meet_pending *pendings;

uint64_t smpi__group_hash(const struct smpi_group *g)
{
    uint64_t h = 1469598103934665603ull; /* FNV-1a over the world ranks */

    for (int i = 0; i < g->size; i++) {
        h ^= (uint64_t)(unsigned)g->world[i];
        h *= 1099511628211ull;
    }
    return h;
}

uint64_t smpi__string_hash(const char *s)
{
    uint64_t h = 1469598103934665603ull; /* FNV-1a over the bytes, then a mark of the kind */

    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 1099511628211ull;
    }
    return h | 1ull << 63; /* never a communicator context, which spaces also are */
}

/* The calling rank's sequence number for (space, tag, key). */
static int meet_seq(uint64_t space, int tag, uint64_t key)
{
    struct meet_count *c;

    for (c = counts; c; c = c->next)
        if (c->space == space && c->tag == tag && c->key == key)
            break;
    if (!c) {
        c = sim_xcalloc(1, sizeof(*c));
        c->space = space;
        c->tag = tag;
        c->key = key;
        c->count = sim_xcalloc((size_t)smpi__procs_cap(), sizeof(int));
        c->next = counts;
        counts = c;
    }
    return c->count[smpi__self()->rank]++;
}

void *smpi__meet(uint64_t space, int tag, uint64_t key, int members, smpi__meet_make_fn *make,
                 void *arg)
{
    int seq = meet_seq(space, tag, key);
    struct meet_pending **pp;
    struct meet_pending *p;
    void *obj;

    for (pp = &pendings; *pp; pp = &(*pp)->next) {
        p = *pp;
        if (p->space == space && p->tag == tag && p->key == key && p->seq == seq) {
            obj = p->obj;
            if (--p->waiting == 0) {
                *pp = p->next;
                free(p);
            }
            return obj;
        }
    }
    obj = make(arg);
    if (members > 1) {
        p = sim_xcalloc(1, sizeof(*p));
        p->space = space;
        p->tag = tag;
        p->key = key;
        p->seq = seq;
        p->waiting = members - 1;
        p->obj = obj;
        p->next = pendings;
        pendings = p;
    }
    return obj;
}

static void *make_comm(void *group)
{
    return smpi__comm_new(group);
}

MPI_Comm smpi__comm_meet(uint64_t space, int tag, struct smpi_group *group)
{
    return smpi__meet(space, tag, smpi__group_hash(group), group->size, make_comm, group);
}
