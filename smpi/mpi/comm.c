/* comm: groups and communicators. A communicator is one object shared by all its ranks; the
 * ranks that create one collectively meet on the same object through a rendezvous keyed by the
 * parent's context and the creation's sequence number on that parent. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>
#include <string.h>

#include "collectives/collectives.h"
#include "smpi/analyze/analyze.h"
#include "smpi/internal.h"
#include "smpi/runtime/htable.h"

SMPI_API struct smpi_comm smpi_mpi_comm_world;
SMPI_API struct smpi_comm smpi_mpi_comm_self;

/* Contexts 0-1 are MPI_COMM_WORLD's, 2-3 MPI_COMM_SELF's; each new communicator takes two. */
static int next_context = 4;

struct comm_priv {
    int *dup_seq;         /* per member: how many communicators it derived from this one */
    int *sorted;          /* (world rank, local rank) pairs sorted by world rank */
    int *remote_sorted;   /* the same for the remote group of an intercommunicator */
    unsigned char *freed; /* per local rank: it called MPI_Comm_free (NULL until one did) */
};

/* A communicator being created collectively: the first member creates it, the others join.
 * Hashed by (parent context, sequence, key): a rank may run thousands of creations ahead of the
 * others (MPICH's errors/comm/too_many_comms dups 200,000 times), and a list walked from the
 * newest made that quadratic. */
struct pending_comm {
    struct smpi_hnode node; /* first: keyed by pending_key */
    int parent_context;
    int seq;
    int key;     /* which of the communicators of one creation (split color) */
    int waiting; /* members that have not joined yet */
    MPI_Comm comm;
};
static struct smpi_htable pending;

static uint64_t pending_key(int context, int seq, int key)
{
    return ((uint64_t)(uint32_t)context << 32 | (uint32_t)seq) ^
           ((uint64_t)(uint32_t)key * 0x9E3779B97F4A7C15ull);
}

struct smpi_group *smpi__group_new(int size)
{
    struct smpi_group *g = sim_xcalloc(1, sizeof(*g));

    g->magic = SMPI_GROUP_MAGIC;
    g->size = size;
    g->world = sim_xcalloc((size_t)(size ? size : 1), sizeof(int));
    g->refcount = 1;
    return g;
}

void smpi__group_release(struct smpi_group *g)
{
    if (!g || g->predefined || --g->refcount > 0)
        return;
    g->magic = 0;
    free(g->world);
    free(g);
}

static int cmp_pair(const void *a, const void *b)
{
    const int *x = a;
    const int *y = b;

    return (x[0] > y[0]) - (x[0] < y[0]);
}

/* (world rank, group rank) pairs of g sorted by world rank, for O(log n) lookups. */
static int *sorted_pairs(const struct smpi_group *g)
{
    int *sorted = sim_xmalloc(2 * (size_t)(g->size ? g->size : 1) * sizeof(int));

    for (int i = 0; i < g->size; i++) {
        sorted[2 * i] = g->world[i];
        sorted[2 * i + 1] = i;
    }
    qsort(sorted, (size_t)g->size, 2 * sizeof(int), cmp_pair);
    return sorted;
}

static struct comm_priv *priv_new(const struct smpi_group *g)
{
    struct comm_priv *p = sim_xcalloc(1, sizeof(*p));

    p->dup_seq = sim_xcalloc((size_t)(g->size ? g->size : 1), sizeof(int));
    p->sorted = sorted_pairs(g);
    return p;
}

static int lookup_sorted(const int *sorted, int n, int w)
{
    int lo = 0;
    int hi = n - 1;

    while (lo <= hi) {
        int mid = (lo + hi) / 2;

        if (sorted[2 * mid] == w)
            return sorted[2 * mid + 1];
        if (sorted[2 * mid] < w)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return MPI_UNDEFINED;
}

/* A predefined communicator: its contexts (point-to-point, then collective), name and group
 * (NULL for MPI_COMM_SELF, which every rank shares). */
static void predefined_comm(struct smpi_comm *c, int context, const char *name,
                            struct smpi_group *g)
{
    memset(c, 0, sizeof(*c));
    c->group = g;
    c->context = context;
    c->coll_context = context + 1;
    c->refcount = 1;
    c->predefined = true;
    c->errhandler = MPI_ERRORS_ARE_FATAL;
    strcpy(c->name, name);
}

void smpi__comm_init_world(int nranks)
{
    struct smpi_group *g = smpi__group_new(nranks);

    for (int i = 0; i < nranks; i++)
        g->world[i] = i;
    g->predefined = true;
    predefined_comm(&smpi_mpi_comm_world, 0, "MPI_COMM_WORLD", g);
    smpi_mpi_comm_world.priv = priv_new(g);
    predefined_comm(&smpi_mpi_comm_self, 2, "MPI_COMM_SELF", NULL);
}

void smpi__comm_init_job_world(struct smpi_comm *c, int base, int n)
{
    struct smpi_group *g = smpi__group_new(n);

    for (int i = 0; i < n; i++)
        g->world[i] = base + i;
    g->predefined = true;
    predefined_comm(c, smpi__comm_new_context(), "MPI_COMM_WORLD", g);
    c->priv = priv_new(g);
}

bool smpi__comm_is_valid(MPI_Comm comm)
{
    const struct comm_priv *p;
    int r;

    if (comm == MPI_COMM_NULL || (comm != MPI_COMM_SELF && comm->group == NULL) ||
        comm->refcount <= 0)
        return false;
    p = comm->predefined ? NULL : comm->priv;
    if (!p || !p->freed)
        return true;
    r = smpi_comm_rank(comm);
    return r < 0 || !p->freed[r];
}

int smpi__comm_rank_of(MPI_Comm comm, int w)
{
    const struct comm_priv *p;

    if (comm == MPI_COMM_SELF)
        return w == smpi__self()->rank ? 0 : MPI_UNDEFINED;
    if (comm == MPI_COMM_WORLD) { /* a job's world holds consecutive processes (jobs.c) */
        w -= comm->group->world[0];
        return w >= 0 && w < comm->group->size ? w : MPI_UNDEFINED;
    }
    p = comm->priv;
    if (comm->remote_group)
        return lookup_sorted(p->remote_sorted, comm->remote_group->size, w);
    return lookup_sorted(p->sorted, comm->group->size, w);
}

int smpi__comm_world_rank(MPI_Comm comm, int r)
{
    if (comm == MPI_COMM_SELF)
        return smpi__self()->rank;
    if (comm->remote_group)
        return comm->remote_group->world[r];
    return comm->group->world[r];
}

int smpi_comm_rank(MPI_Comm comm)
{
    int w = smpi__self()->rank;

    if (comm->remote_group)
        return lookup_sorted(((const struct comm_priv *)comm->priv)->sorted, comm->group->size, w);
    return smpi__comm_rank_of(comm, w);
}

int smpi_comm_id(MPI_Comm comm)
{
    return comm->context;
}

int smpi_comm_remote_size(MPI_Comm inter)
{
    return inter->remote_group ? inter->remote_group->size : 0;
}

MPI_Comm smpi_comm_local(MPI_Comm inter)
{
    return inter->local_comm;
}

int smpi__comm_peer_size(MPI_Comm comm)
{
    return comm->remote_group ? comm->remote_group->size : smpi_comm_size(comm);
}

/* Communicators whose last reference went, most recent last: the next one created takes the
 * most recently released, as MPICH recycles handles. Until then a freed handle stays readable
 * and invalid (no group), so using it is MPI_ERR_COMM instead of a read after free. */
#define SMPI_COMM_RECYCLED_MAX 64
static struct smpi_comm *recycled[SMPI_COMM_RECYCLED_MAX];
static int nrecycled;

static void comm_retire(MPI_Comm comm)
{
    if (nrecycled == SMPI_COMM_RECYCLED_MAX) {
        free(recycled[0]);
        memmove(recycled, recycled + 1, (SMPI_COMM_RECYCLED_MAX - 1) * sizeof(*recycled));
        nrecycled--;
    }
    memset(comm, 0, sizeof(*comm));
    recycled[nrecycled++] = comm;
}

static MPI_Comm comm_alloc(void)
{
    MPI_Comm c;

    if (nrecycled == 0)
        return sim_xcalloc(1, sizeof(struct smpi_comm));
    c = recycled[--nrecycled];
    memset(c, 0, sizeof(*c));
    return c;
}

MPI_Comm smpi__comm_new_inter(struct smpi_group *local, struct smpi_group *remote, int context,
                              int members)
{
    MPI_Comm c = comm_alloc();

    local->refcount++;
    remote->refcount++;
    c->group = local;
    c->remote_group = remote;
    c->context = context;
    c->coll_context = context + 1;
    c->refcount = members;
    c->errhandler = MPI_ERRORS_ARE_FATAL;
    c->priv = priv_new(local);
    ((struct comm_priv *)c->priv)->remote_sorted = sorted_pairs(remote);
    return c;
}

int smpi__comm_new_context(void)
{
    int c = next_context;

    next_context += 2;
    return c;
}

int smpi_comm_size(MPI_Comm comm)
{
    return comm == MPI_COMM_SELF ? 1 : comm->group->size;
}

MPI_Comm smpi__comm_new(struct smpi_group *group)
{
    MPI_Comm c = comm_alloc();

    group->refcount++;
    c->group = group;
    c->context = next_context;
    c->coll_context = next_context + 1;
    next_context += 2;
    c->refcount = group->size;
    c->errhandler = MPI_ERRORS_ARE_FATAL;
    c->priv = priv_new(group);
    return c;
}

void smpi__comm_release(MPI_Comm comm)
{
    struct comm_priv *p;

    if (comm->predefined || --comm->refcount > 0)
        return;
    smpi__comm_smp_free(comm);
    smpi__comm_free_errhandlers(comm);
    smpi__comm_hints_free(comm);
    if (comm->coll_log)
        smpi__coll_order_forget(comm);
    p = comm->priv;
    free(p->dup_seq);
    free(p->sorted);
    free(p->remote_sorted);
    free(p->freed);
    free(p);
    smpi__topo_release(comm->topo);
    smpi__group_release(comm->group);
    smpi__group_release(comm->remote_group);
    if (comm->local_comm)
        smpi__comm_release(comm->local_comm);
    comm_retire(comm);
}

void smpi__comm_free(MPI_Comm comm)
{
    struct comm_priv *p = comm->priv;
    int r = smpi_comm_rank(comm);

    if (!p->freed)
        p->freed = sim_xcalloc((size_t)smpi_comm_size(comm), 1);
    if (r >= 0)
        p->freed[r] = 1;
    smpi__comm_release(comm);
}

/* The group of a communicator as seen by the caller (MPI_COMM_SELF's is built on demand). */
static struct smpi_group *comm_group(MPI_Comm comm)
{
    struct smpi_group *g;

    if (comm != MPI_COMM_SELF)
        return comm->group;
    g = smpi__group_new(1);
    g->world[0] = smpi__self()->rank;
    g->refcount = 0;
    return g;
}

/* Collective creation of communicators derived from `parent`: every member of parent counts
 * its creations on it in the same order (MPI's rule for collective calls), so the n-th creation
 * by one rank is the n-th by another; `key` tells apart the communicators one creation makes
 * (the colors of MPI_Comm_split), and `joiners` members meet on each. */
static MPI_Comm derive_keyed(MPI_Comm parent, struct smpi_group *group, int key, int joiners)
{
    int seq = smpi__comm_derive_skip(parent);
    uint64_t hkey = pending_key(parent->context, seq, key);
    struct smpi_hnode **link;
    struct pending_comm *p;

    if (parent == MPI_COMM_SELF)
        return smpi__comm_new(group);
    for (link = smpi__htable_chain(&pending, hkey); link && *link; link = &(*link)->next) {
        p = (struct pending_comm *)*link;
        if (p->parent_context == parent->context && p->seq == seq && p->key == key) {
            MPI_Comm c = p->comm;

            if (--p->waiting == 0) {
                smpi__htable_unlink(&pending, link);
                free(p);
            }
            return c;
        }
    }
    p = sim_xcalloc(1, sizeof(*p));
    p->parent_context = parent->context;
    p->seq = seq;
    p->key = key;
    p->waiting = joiners - 1;
    p->comm = smpi__comm_new(group);
    if (p->waiting == 0) {
        MPI_Comm c = p->comm;

        free(p);
        return c;
    }
    p->node.key = hkey;
    smpi__htable_insert(&pending, &p->node);
    return p->comm;
}

/* Each member of the new communicator starts with its error handler on the parent. */
MPI_Comm smpi__comm_derive_keyed(MPI_Comm parent, struct smpi_group *group, int key, int joiners)
{
    MPI_Comm c = derive_keyed(parent, group, key, joiners);

    smpi__comm_inherit_errhandler(c, parent);
    return c;
}

int smpi__comm_derive_skip(MPI_Comm parent)
{
    if (parent == MPI_COMM_SELF)
        return 0;
    return ((struct comm_priv *)parent->priv)->dup_seq[smpi_comm_rank(parent)]++;
}

MPI_Comm smpi__comm_derive(MPI_Comm parent, struct smpi_group *group)
{
    return smpi__comm_derive_keyed(parent, group, 0, smpi_comm_size(parent));
}

struct smpi_group *smpi__comm_group(MPI_Comm comm)
{
    struct smpi_group *g = comm_group(comm);

    g->refcount++;
    return g;
}

void smpi__comm_announce(MPI_Comm c)
{
    int id = 0;
    struct coll_args a = { .rbuf = &id, .count = 1, .type = MPI_INT, .root = 0, .comm = c };

    if (c == MPI_COMM_NULL || c->remote_group || smpi_comm_size(c) < 2)
        return;
    coll_run(COLL_BCAST, &a); /* internal: neither traced nor in the collective report */
}

MPI_Comm smpi__comm_dup(MPI_Comm comm)
{
    struct smpi_group *g = comm_group(comm);
    MPI_Comm c;

    g->refcount++;
    c = smpi__comm_derive(comm, g);
    smpi__group_release(g);
    smpi__comm_inherit_errhandler(c, comm);
    if (comm->topo && !c->topo) { /* the first member to arrive shares the topology */
        c->topo = comm->topo;
        smpi__topo_ref(c->topo);
    }
    return c;
}

int smpi__comm_idup(MPI_Comm comm, MPI_Comm *out)
{
    MPI_Comm c = comm->remote_group ? smpi__inter_derive(comm) : smpi__comm_dup(comm);
    int rc;

    if (comm->remote_group)
        smpi__comm_inherit_errhandler(c, comm);
    rc = smpi__attrs_copy(SMPI_ATTR_COMM, comm, comm->attrs, c, &c->attrs);
    if (rc != MPI_SUCCESS) {
        smpi__attrs_delete(SMPI_ATTR_COMM, c, &c->attrs);
        smpi__comm_release(c);
        c = MPI_COMM_NULL;
    }
    *out = c;
    return rc;
}
