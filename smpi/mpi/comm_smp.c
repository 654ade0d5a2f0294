/* comm_smp: how the ranks of a communicator sit on hosts (SMPI's Comm::init_smp without its
 * messages, which collectives/smp.c charges): a communicator per host, one over the host
 * leaders, and the uniform/blocked facts that SMP-aware collective algorithms read. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>
#include <string.h>

#include "smpi/internal.h"

struct smpi_smp_layout {
    int nodes;
    MPI_Comm *intra; /* per node */
    MPI_Comm leaders;
    int *node_of;    /* per rank of the communicator (per world rank for MPI_COMM_SELF) */
    int *leader_of;  /* per rank: rank of its node's leader */
    int *node_sizes; /* per node */
    bool uniform;
    bool blocked;
    bool in_order; /* blocked, host k holding the k-th run of ranks (gather/scatter family) */
    bool *paid;    /* per rank: init_smp's messages already charged */
};

/* (host index, world rank, comm rank) of one member. */
struct member {
    int host;
    int world;
    int rank;
};

static int cmp_member(const void *a, const void *b)
{
    const struct member *x = a;
    const struct member *y = b;

    if (x->host != y->host)
        return (x->host > y->host) - (x->host < y->host);
    return (x->world > y->world) - (x->world < y->world);
}

/* Orders the runs of members (one run per host) by their first (lowest) world rank. */
static int cmp_run(const void *a, const void *b)
{
    const struct member *const *x = a;
    const struct member *const *y = b;

    return ((*x)->world > (*y)->world) - ((*x)->world < (*y)->world);
}

/* A communicator owned by the layout (one reference, freed with the parent). */
static MPI_Comm sub_comm(const struct member *m, int n)
{
    struct smpi_group *g = smpi__group_new(n);
    MPI_Comm c;

    for (int i = 0; i < n; i++)
        g->world[i] = m[i].world;
    c = smpi__comm_new(g);
    smpi__group_release(g);
    c->refcount = 1;
    c->is_smp = true;
    return c;
}

/* Fills the per-node facts of l from the members sorted by host, with runs[] pointing at the
 * first member of each host's run, in node order. */
static void fill_nodes(struct smpi_smp_layout *l, struct member **runs, const struct member *end)
{
    struct smpi_group *lg = smpi__group_new(l->nodes);

    for (int k = 0; k < l->nodes; k++) {
        const struct member *first = runs[k];
        const struct member *m = first;

        while (m < end && m->host == first->host)
            m++;
        l->node_sizes[k] = (int)(m - first);
        l->intra[k] = sub_comm(first, l->node_sizes[k]);
        lg->world[k] = first->world;
        for (const struct member *q = first; q < m; q++) {
            l->node_of[q->rank] = k;
            l->leader_of[q->rank] = first->rank;
            if (q > first && q->rank != q[-1].rank + 1)
                l->blocked = false;
        }
        if (l->node_sizes[k] != l->node_sizes[0])
            l->uniform = false;
    }
    l->leaders = smpi__comm_new(lg);
    smpi__group_release(lg);
    l->leaders->refcount = 1;
    l->leaders->is_smp = true;
}

static struct smpi_smp_layout *layout_new(MPI_Comm comm)
{
    int n = smpi_comm_size(comm);
    struct smpi_smp_layout *l = sim_xcalloc(1, sizeof(*l));
    struct member *m = sim_xmalloc((size_t)n * sizeof(*m));
    struct member **runs = sim_xmalloc((size_t)n * sizeof(*runs));

    for (int r = 0; r < n; r++) {
        m[r].world = smpi__comm_world_rank(comm, r);
        m[r].host = sim_host_index(smpi__rt.procs[m[r].world].host);
        m[r].rank = r;
    }
    qsort(m, (size_t)n, sizeof(*m), cmp_member);
    for (int i = 0; i < n; i++)
        if (i == 0 || m[i].host != m[i - 1].host)
            runs[l->nodes++] = &m[i];
    qsort(runs, (size_t)l->nodes, sizeof(*runs), cmp_run);
    l->intra = sim_xcalloc((size_t)l->nodes, sizeof(*l->intra));
    l->node_sizes = sim_xcalloc((size_t)l->nodes, sizeof(int));
    l->node_of = sim_xcalloc((size_t)n, sizeof(int));
    l->leader_of = sim_xcalloc((size_t)n, sizeof(int));
    l->paid = sim_xcalloc((size_t)n, sizeof(bool));
    l->uniform = true;
    l->blocked = true;
    fill_nodes(l, runs, m + n);
    l->in_order = l->blocked;
    for (int k = 0, start = 0; k < l->nodes && l->in_order; start += l->node_sizes[k++])
        l->in_order = l->node_of[start] == k;
    free(runs);
    free(m);
    return l;
}

/* MPI_COMM_SELF is one object for every rank: its layout is itself, and the charges are
 * remembered per world rank. */
static struct smpi_smp_layout *layout_self(void)
{
    struct smpi_smp_layout *l = sim_xcalloc(1, sizeof(*l));

    l->nodes = 1;
    l->intra = sim_xcalloc(1, sizeof(*l->intra));
    l->intra[0] = MPI_COMM_SELF;
    l->leaders = MPI_COMM_SELF;
    l->node_of = sim_xcalloc(1, sizeof(int));
    l->leader_of = sim_xcalloc(1, sizeof(int));
    l->node_sizes = sim_xcalloc(1, sizeof(int));
    l->node_sizes[0] = 1;
    l->paid = sim_xcalloc((size_t)smpi__procs_cap(), sizeof(bool));
    l->uniform = true;
    l->blocked = true;
    l->in_order = true;
    return l;
}

static struct smpi_smp_layout *layout_of(MPI_Comm comm)
{
    if (!comm->smp)
        comm->smp = comm == MPI_COMM_SELF ? layout_self() : layout_new(comm);
    return comm->smp;
}

int smpi_comm_smp(MPI_Comm comm, struct smpi_smp *out)
{
    struct smpi_smp_layout *l;
    int me = smpi_comm_rank(comm);

    if (comm->remote_group || me == MPI_UNDEFINED)
        return MPI_ERR_COMM;
    l = layout_of(comm);
    out->intra = l->intra[l->node_of[me]];
    out->leaders = l->leaders;
    out->uniform = l->uniform;
    out->blocked = l->blocked;
    out->leader_of = l->leader_of;
    out->node_sizes = l->node_sizes;
    out->node_of = l->node_of; /* bcast, gather/scatter families */
    out->in_order = l->in_order;
    return MPI_SUCCESS;
}

bool smpi_comm_smp_first_use(MPI_Comm comm)
{
    struct smpi_smp_layout *l = layout_of(comm);
    int i = comm == MPI_COMM_SELF ? smpi__self()->rank : smpi_comm_rank(comm);
    bool first = !l->paid[i];

    l->paid[i] = true;
    return first;
}

bool smpi_comm_smp_blocked_flag(MPI_Comm comm)
{
    struct smpi_smp_layout *l = layout_of(comm);
    int i;

    if (comm == MPI_COMM_SELF)
        i = smpi__self()->rank;
    else if (comm == MPI_COMM_WORLD)
        i = 0;
    else
        i = smpi_comm_rank(comm);
    return l->paid[i] && l->blocked;
}

bool smpi_comm_is_smp(MPI_Comm comm)
{
    return comm->is_smp;
}

void smpi__comm_smp_free(MPI_Comm comm)
{
    struct smpi_smp_layout *l = comm->smp;

    if (!l)
        return;
    comm->smp = NULL;
    if (comm != MPI_COMM_SELF) {
        for (int k = 0; k < l->nodes; k++)
            smpi__comm_release(l->intra[k]);
        smpi__comm_release(l->leaders);
    }
    free(l->intra);
    free(l->node_of);
    free(l->leader_of);
    free(l->node_sizes);
    free(l->paid);
    free(l);
}
