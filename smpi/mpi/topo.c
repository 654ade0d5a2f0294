/* topo: process topologies (MPI-3.1 chapter 7): Cartesian, graph and distributed graph
 * communicators, and the neighbour lists the neighbourhood collectives use (MPI_Dims_create is
 * in topo_dims.c; the bindings: smpi/bindings/bindings_topo.c).
 * A topology hangs off its communicator (one object shared by the members, and by duplicates
 * through a reference count); a distributed graph keeps one adjacency per member, filled by
 * that member when it creates the communicator. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>
#include <string.h>

#include "smpi/internal.h"
#include "smpi/mpi/topo.h"

static struct smpi_topo *topo_new(int kind)
{
    struct smpi_topo *t = sim_xcalloc(1, sizeof(*t));

    t->kind = kind;
    t->refcount = 1;
    return t;
}

void smpi__topo_ref(struct smpi_topo *t)
{
    if (t)
        t->refcount++;
}

void smpi__topo_release(struct smpi_topo *t)
{
    if (!t || --t->refcount > 0)
        return;
    if (t->adj) {
        for (int i = 0; i < t->nnodes; i++) {
            free(t->adj[i].sources);
            free(t->adj[i].sweights);
            free(t->adj[i].dests);
            free(t->adj[i].dweights);
        }
        free(t->adj);
    }
    free(t->dims);
    free(t->periods);
    free(t->index);
    free(t->edges);
    free(t);
}

static int *int_copy(const int *src, int n)
{
    int *dst = sim_xmalloc(((size_t)n + 1) * sizeof(*dst));

    if (n > 0)
        memcpy(dst, src, (size_t)n * sizeof(*dst));
    return dst;
}

/* The first n ranks of comm_old as a new communicator (MPI_COMM_NULL for the others), carrying
 * topology t (taken by the communicator; dropped when the caller gets MPI_COMM_NULL). */
static MPI_Comm derive_first(MPI_Comm comm_old, int n, struct smpi_topo *t)
{
    int me = smpi_comm_rank(comm_old);
    struct smpi_group *g;
    MPI_Comm c;

    if (me >= n) {
        smpi__comm_derive_skip(comm_old);
        smpi__topo_release(t);
        return MPI_COMM_NULL;
    }
    g = smpi__group_new(n);
    for (int i = 0; i < n; i++)
        g->world[i] = smpi__comm_world_rank(comm_old, i);
    c = smpi__comm_derive_keyed(comm_old, g, 0, n);
    smpi__group_release(g);
    if (!c->topo)
        c->topo = t; /* the first member to arrive attaches its (identical) topology */
    else
        smpi__topo_release(t);
    return c;
}

/* ---- Cartesian ------------------------------------------------------------------------------ */

int smpi__cart_rank_of(const struct smpi_topo *t, const int *coords, bool wrap, int *rank)
{
    int r = 0;

    for (int d = 0; d < t->ndims; d++) {
        int c = coords[d];

        if (c < 0 || c >= t->dims[d]) {
            if (!t->periods[d] && !wrap)
                return MPI_ERR_RANK;
            if (!t->periods[d])
                return MPI_ERR_RANK;
            c = ((c % t->dims[d]) + t->dims[d]) % t->dims[d];
        }
        r = r * t->dims[d] + c;
    }
    *rank = r;
    return MPI_SUCCESS;
}

void smpi__cart_coords_of(const struct smpi_topo *t, int rank, int *coords)
{
    for (int d = t->ndims - 1; d >= 0; d--) {
        coords[d] = rank % t->dims[d];
        rank /= t->dims[d];
    }
}

void smpi__cart_shift_of(const struct smpi_topo *t, int rank, int dir, int disp, int *src, int *dst)
{
    int *c = sim_xmalloc(((size_t)t->ndims + 1) * sizeof(*c));
    int home;

    smpi__cart_coords_of(t, rank, c);
    home = c[dir];
    c[dir] = home + disp;
    if (smpi__cart_rank_of(t, c, true, dst) != MPI_SUCCESS)
        *dst = MPI_PROC_NULL;
    c[dir] = home - disp;
    if (smpi__cart_rank_of(t, c, true, src) != MPI_SUCCESS)
        *src = MPI_PROC_NULL;
    free(c);
}

/* The members sharing the calling rank's coordinates in the dropped dimensions form one
 * sub-grid; the split color is the rank of the sub-grid's origin, the key the rank itself. */
static bool cart_keeps_a_dim(const struct smpi_topo *t, const int remain_dims[])
{
    for (int d = 0; d < t->ndims; d++)
        if (remain_dims[d])
            return true;
    return false;
}

/* ---- graphs ---------------------------------------------------------------------------------- */

/* ---- distributed graphs ---------------------------------------------------------------------- */

/* Creates the communicator (a duplicate of comm_old's group) and records the calling rank's
 * adjacency in it; the arrays are taken. */
static MPI_Comm dist_create(MPI_Comm comm_old, struct dist_adj adj)
{
    int n = smpi_comm_size(comm_old);
    struct smpi_topo *t = topo_new(MPI_DIST_GRAPH);
    MPI_Comm c;

    t->nnodes = n;
    t->adj = sim_xcalloc((size_t)n, sizeof(*t->adj));
    c = derive_first(comm_old, n, t);
    adj.filled = true;
    c->topo->adj[smpi_comm_rank(c)] = adj;
    return c;
}

static int *weights_copy(const int *w, int n)
{
    if (w == MPI_UNWEIGHTED || w == MPI_WEIGHTS_EMPTY || !w)
        return sim_xcalloc((size_t)n + 1, sizeof(int));
    return int_copy(w, n);
}

/* ---- creation: the work of the creating calls once their arguments are checked ------------- */

MPI_Comm smpi__cart_create(MPI_Comm comm_old, int ndims, const int dims[], const int periods[],
                           int nodes)
{
    struct smpi_topo *t = topo_new(MPI_CART);
    MPI_Comm c;

    t->ndims = ndims;
    t->dims = int_copy(dims, ndims);
    t->periods = int_copy(periods, ndims);
    for (int d = 0; d < ndims; d++)
        t->periods[d] = periods[d] != 0;
    c = derive_first(comm_old, nodes, t); /* reorder: the identity is a valid order */
    smpi__comm_announce(c);
    return c;
}

int smpi__cart_sub(MPI_Comm comm, const int remain_dims[], MPI_Comm *newcomm)
{
    const struct smpi_topo *t = comm->topo;
    struct smpi_topo *sub;
    int *c;
    int color = 0;
    int rc;

    c = sim_xmalloc(((size_t)t->ndims + 1) * sizeof(*c));
    smpi__cart_coords_of(t, smpi_comm_rank(comm), c);
    for (int d = 0; d < t->ndims; d++)
        color = color * t->dims[d] + (remain_dims[d] ? 0 : c[d]);
    free(c);
    /* no dimension kept: a zero-dimensional grid of one process, which MPICH (and its
     * topo/cartsuball test) gives to rank 0 alone; the other ranks get MPI_COMM_NULL */
    if (!cart_keeps_a_dim(t, remain_dims))
        color = smpi_comm_rank(comm) == 0 ? 0 : MPI_UNDEFINED;
    rc = PMPI_Comm_split(comm, color, smpi_comm_rank(comm), newcomm);
    if (rc == MPI_SUCCESS && *newcomm != MPI_COMM_NULL && !(*newcomm)->topo) {
        sub = topo_new(MPI_CART);
        sub->dims = sim_xmalloc(((size_t)t->ndims + 1) * sizeof(int));
        sub->periods = sim_xmalloc(((size_t)t->ndims + 1) * sizeof(int));
        for (int d = 0; d < t->ndims; d++) {
            if (!remain_dims[d])
                continue;
            sub->dims[sub->ndims] = t->dims[d];
            sub->periods[sub->ndims++] = t->periods[d];
        }
        (*newcomm)->topo = sub;
    }
    return rc;
}

MPI_Comm smpi__graph_create(MPI_Comm comm_old, int nnodes, const int index[], const int edges[])
{
    struct smpi_topo *t = topo_new(MPI_GRAPH);

    t->nnodes = nnodes;
    t->index = int_copy(index, nnodes);
    t->edges = int_copy(edges, nnodes > 0 ? index[nnodes - 1] : 0);
    return derive_first(comm_old, nnodes, t);
}

MPI_Comm smpi__dist_graph_create_adjacent(MPI_Comm comm_old, int indegree, const int sources[],
                                          const int sourceweights[], int outdegree,
                                          const int destinations[], const int destweights[])
{
    struct dist_adj adj = { 0 };

    adj.weighted = sourceweights != MPI_UNWEIGHTED && destweights != MPI_UNWEIGHTED;
    adj.indeg = indegree;
    adj.outdeg = outdegree;
    adj.sources = int_copy(sources, indegree);
    adj.dests = int_copy(destinations, outdegree);
    adj.sweights = weights_copy(sourceweights, indegree);
    adj.dweights = weights_copy(destweights, outdegree);
    return dist_create(comm_old, adj);
}

/* The general form: any rank may give any edge. Every edge (s, d, w) is sent to s (which gains
 * the out-neighbour d) and to d (which gains the in-neighbour s), with one MPI_Alltoall of
 * counts and one MPI_Alltoallv of (s, d, w) triples; each rank then lists its neighbours in
 * the order of (giver rank, position), the same order on both ends of an edge. */
MPI_Comm smpi__dist_graph_create(MPI_Comm comm_old, int n, const int sources[], const int degrees[],
                                 const int destinations[], const int weights[])
{
    int size;
    int me;
    int *scount;
    int *rcount;
    int *sdispl;
    int *rdispl;
    int *sbuf;
    int *rbuf;
    int total = 0;
    struct dist_adj adj = { 0 };

    size = smpi_comm_size(comm_old);
    me = smpi_comm_rank(comm_old);
    scount = sim_xcalloc((size_t)size, sizeof(int));
    rcount = sim_xcalloc((size_t)size, sizeof(int));
    sdispl = sim_xcalloc((size_t)size, sizeof(int));
    rdispl = sim_xcalloc((size_t)size, sizeof(int));
    for (int i = 0, e = 0; i < n; i++)
        for (int k = 0; k < degrees[i]; k++, e++) {
            scount[sources[i]] += 3;
            scount[destinations[e]] += 3;
        }
    for (int r = 1; r < size; r++)
        sdispl[r] = sdispl[r - 1] + scount[r - 1];
    sbuf = sim_xmalloc(((size_t)sdispl[size - 1] + scount[size - 1] + 1) * sizeof(int));
    {
        int *fill = sim_xcalloc((size_t)size, sizeof(int));

        for (int i = 0, e = 0; i < n; i++)
            for (int k = 0; k < degrees[i]; k++, e++) {
                int trip[3] = { sources[i], destinations[e],
                                weights == MPI_UNWEIGHTED || !weights ? 0 : weights[e] };
                int ends[2] = { sources[i], destinations[e] };

                for (int x = 0; x < 2; x++) {
                    memcpy(sbuf + sdispl[ends[x]] + fill[ends[x]], trip, sizeof(trip));
                    fill[ends[x]] += 3;
                }
            }
        free(fill);
    }
    PMPI_Alltoall(scount, 1, MPI_INT, rcount, 1, MPI_INT, comm_old);
    for (int r = 0; r < size; r++) {
        rdispl[r] = total;
        total += rcount[r];
    }
    rbuf = sim_xmalloc(((size_t)total + 1) * sizeof(int));
    PMPI_Alltoallv(sbuf, scount, sdispl, MPI_INT, rbuf, rcount, rdispl, MPI_INT, comm_old);
    adj.weighted = weights != MPI_UNWEIGHTED;
    adj.sources = sim_xmalloc(((size_t)total / 3 + 1) * sizeof(int));
    adj.sweights = sim_xmalloc(((size_t)total / 3 + 1) * sizeof(int));
    adj.dests = sim_xmalloc(((size_t)total / 3 + 1) * sizeof(int));
    adj.dweights = sim_xmalloc(((size_t)total / 3 + 1) * sizeof(int));
    for (int i = 0; i < total; i += 3) {
        /* a self-loop appears twice: once as out-edge, once as in-edge */
        bool as_src = rbuf[i] == me;
        bool as_dst = rbuf[i + 1] == me;

        if (as_src && as_dst) {
            bool second = i + 3 < total && rbuf[i + 3] == me && rbuf[i + 4] == me &&
                          rbuf[i + 5] == rbuf[i + 2];

            adj.dests[adj.outdeg] = me;
            adj.dweights[adj.outdeg++] = rbuf[i + 2];
            adj.sources[adj.indeg] = me;
            adj.sweights[adj.indeg++] = rbuf[i + 2];
            if (second)
                i += 3;
            continue;
        }
        if (as_src) {
            adj.dests[adj.outdeg] = rbuf[i + 1];
            adj.dweights[adj.outdeg++] = rbuf[i + 2];
        }
        if (as_dst) {
            adj.sources[adj.indeg] = rbuf[i];
            adj.sweights[adj.indeg++] = rbuf[i + 2];
        }
    }
    free(sbuf);
    free(rbuf);
    free(scount);
    free(rcount);
    free(sdispl);
    free(rdispl);
    return dist_create(comm_old, adj);
}

/* ---- neighbour lists ---------------------------------------------------------------------------
 */

int smpi_topo_neighbors(MPI_Comm comm, int **in, int *nin, int **out, int *nout)
{
    struct smpi_topo *t = comm->topo;
    int me = smpi_comm_rank(comm);

    if (!t)
        return MPI_ERR_TOPOLOGY;
    if (t->kind == MPI_CART) {
        *nin = *nout = 2 * t->ndims;
        *in = sim_xmalloc(((size_t)*nin + 1) * sizeof(int));
        *out = sim_xmalloc(((size_t)*nout + 1) * sizeof(int));
        for (int d = 0; d < t->ndims; d++) {
            int src;
            int dst;

            smpi__cart_shift_of(t, me, d, 1, &src, &dst);
            (*in)[2 * d] = (*out)[2 * d] = src;
            (*in)[2 * d + 1] = (*out)[2 * d + 1] = dst;
        }
    } else if (t->kind == MPI_GRAPH) {
        int first = me ? t->index[me - 1] : 0;

        *nin = *nout = me < t->nnodes ? t->index[me] - first : 0;
        *in = int_copy(t->edges + first, *nin);
        *out = int_copy(t->edges + first, *nout);
    } else {
        const struct dist_adj *a = &t->adj[me];

        *nin = a->indeg;
        *nout = a->outdeg;
        *in = int_copy(a->sources, a->indeg);
        *out = int_copy(a->dests, a->outdeg);
    }
    return MPI_SUCCESS;
}

bool smpi_topo_is_cart(MPI_Comm comm)
{
    return comm->topo && comm->topo->kind == MPI_CART;
}
