/* topo: process topologies (MPI-3.1 chapter 7): Cartesian, graph and distributed graph
 * communicators, and the neighbour lists the neighbourhood collectives use (MPI_Dims_create is
 * in topo_dims.c).
 * A topology hangs off its communicator (one object shared by the members, and by duplicates
 * through a reference count); a distributed graph keeps one adjacency per member, filled by
 * that member when it creates the communicator. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>
#include <string.h>

#include "smpi/analyze/analyze.h"
#include "smpi/bindings/check.h"
#include "smpi/internal.h"

struct dist_adj {
    bool filled;
    bool weighted;
    int indeg;
    int outdeg;
    int *sources;
    int *sweights;
    int *dests;
    int *dweights;
};

struct smpi_topo {
    int kind; /* MPI_CART, MPI_GRAPH or MPI_DIST_GRAPH */
    int refcount;
    int ndims; /* Cartesian */
    int *dims;
    int *periods;
    int nnodes; /* graph */
    int *index;
    int *edges;
    struct dist_adj *adj; /* distributed graph: one per member */
};

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

/* The topology of comm if it is of `kind` (0: any); else reports MPI_ERR_TOPOLOGY. */
static int get_topo(const char *call, MPI_Comm comm, int kind, struct smpi_topo **t)
{
    static const char *const names[] = {
        [MPI_GRAPH] = "graph", [MPI_CART] = "Cartesian", [MPI_DIST_GRAPH] = "distributed graph"
    };

    if (!comm->topo || (kind && comm->topo->kind != kind))
        return smpi__error(comm, call, MPI_ERR_TOPOLOGY, "the communicator has no %s topology",
                           kind ? names[kind] : "");
    *t = comm->topo;
    return MPI_SUCCESS;
}

#define GET_TOPO(call, comm, kind, t) SMPI_CHECK(get_topo(call, comm, kind, t))

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

static int cart_rank_of(const struct smpi_topo *t, const int *coords, bool wrap, int *rank)
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

static void cart_coords_of(const struct smpi_topo *t, int rank, int *coords)
{
    for (int d = t->ndims - 1; d >= 0; d--) {
        coords[d] = rank % t->dims[d];
        rank /= t->dims[d];
    }
}

static int check_cart_args(const char *call, MPI_Comm comm, int ndims, const int dims[], int *nodes)
{
    long prod = 1;

    if (ndims < 0 || (ndims > 0 && !dims))
        return smpi__error(comm, call, MPI_ERR_DIMS, "ndims %d is invalid", ndims);
    for (int d = 0; d < ndims; d++) {
        if (dims[d] <= 0)
            return smpi__error(comm, call, MPI_ERR_DIMS, "dims[%d] = %d is not positive", d,
                               dims[d]);
        prod *= dims[d];
        if (prod > smpi_comm_size(comm))
            return smpi__error(comm, call, MPI_ERR_DIMS,
                               "the grid has more points than the %d processes of the "
                               "communicator",
                               smpi_comm_size(comm));
    }
    *nodes = (int)prod;
    return MPI_SUCCESS;
}

int PMPI_Cart_create(MPI_Comm comm_old, int ndims, const int dims[], const int periods[],
                     int reorder, MPI_Comm *comm_cart)
{
    struct smpi_topo *t = NULL;
    int nodes;

    SMPI_CHECK_INIT("MPI_Cart_create");
    SMPI_CHECK_COMM("MPI_Cart_create", comm_old);
    SMPI_CHECK_INTRA("MPI_Cart_create", comm_old);
    SMPI_CHECK_ARG("MPI_Cart_create", comm_old, comm_cart);
    SMPI_CHECK(check_cart_args("MPI_Cart_create", comm_old, ndims, dims, &nodes));
    if (ndims > 0 && !periods)
        return smpi__error(comm_old, "MPI_Cart_create", MPI_ERR_ARG, "periods is NULL");
    SMPI_CHECK(smpi__coll_order_plain("MPI_Cart_create", comm_old));
    smpi__enter("MPI_Cart_create");
    t = topo_new(MPI_CART);
    t->ndims = ndims;
    t->dims = int_copy(dims, ndims);
    t->periods = int_copy(periods, ndims);
    for (int d = 0; d < ndims; d++)
        t->periods[d] = periods[d] != 0;
    *comm_cart = derive_first(comm_old, nodes, t); /* reorder: the identity is a valid order */
    smpi__comm_announce(*comm_cart);
    smpi__leave();
    smpi__handle_new(SMPI_H_COMM, *comm_cart, "MPI_Cart_create");
    return MPI_SUCCESS;
}
#pragma weak MPI_Cart_create = PMPI_Cart_create

int PMPI_Cartdim_get(MPI_Comm comm, int *ndims)
{
    struct smpi_topo *t = NULL;

    SMPI_CHECK_COMM("MPI_Cartdim_get", comm);
    SMPI_CHECK_ARG("MPI_Cartdim_get", comm, ndims);
    GET_TOPO("MPI_Cartdim_get", comm, MPI_CART, &t);
    *ndims = t->ndims;
    return MPI_SUCCESS;
}
#pragma weak MPI_Cartdim_get = PMPI_Cartdim_get

int PMPI_Cart_get(MPI_Comm comm, int maxdims, int dims[], int periods[], int coords[])
{
    struct smpi_topo *t = NULL;
    int n;

    SMPI_CHECK_COMM("MPI_Cart_get", comm);
    GET_TOPO("MPI_Cart_get", comm, MPI_CART, &t);
    n = maxdims < t->ndims ? maxdims : t->ndims;
    if (n > 0) {
        int *c = sim_xmalloc((size_t)t->ndims * sizeof(*c));

        cart_coords_of(t, smpi_comm_rank(comm), c);
        for (int d = 0; d < n; d++) {
            dims[d] = t->dims[d];
            periods[d] = t->periods[d];
            coords[d] = c[d];
        }
        free(c);
    }
    return MPI_SUCCESS;
}
#pragma weak MPI_Cart_get = PMPI_Cart_get

int PMPI_Cart_rank(MPI_Comm comm, const int coords[], int *rank)
{
    struct smpi_topo *t = NULL;

    SMPI_CHECK_COMM("MPI_Cart_rank", comm);
    SMPI_CHECK_ARG("MPI_Cart_rank", comm, rank);
    GET_TOPO("MPI_Cart_rank", comm, MPI_CART, &t);
    if (t->ndims > 0 && !coords)
        return smpi__error(comm, "MPI_Cart_rank", MPI_ERR_ARG, "coords is NULL");
    if (cart_rank_of(t, coords, true, rank) != MPI_SUCCESS)
        return smpi__error(comm, "MPI_Cart_rank", MPI_ERR_RANK,
                           "coordinates out of range in a non-periodic dimension");
    return MPI_SUCCESS;
}
#pragma weak MPI_Cart_rank = PMPI_Cart_rank

int PMPI_Cart_coords(MPI_Comm comm, int rank, int maxdims, int coords[])
{
    struct smpi_topo *t = NULL;
    int *c;

    SMPI_CHECK_COMM("MPI_Cart_coords", comm);
    GET_TOPO("MPI_Cart_coords", comm, MPI_CART, &t);
    if (rank < 0 || rank >= smpi_comm_size(comm))
        return smpi__error(comm, "MPI_Cart_coords", MPI_ERR_RANK, "rank %d is out of range", rank);
    if (maxdims < t->ndims)
        return smpi__error(comm, "MPI_Cart_coords", MPI_ERR_ARG,
                           "maxdims %d is smaller than the %d dimensions", maxdims, t->ndims);
    c = sim_xmalloc(((size_t)t->ndims + 1) * sizeof(*c));
    cart_coords_of(t, rank, c);
    for (int d = 0; d < t->ndims; d++)
        coords[d] = c[d];
    free(c);
    return MPI_SUCCESS;
}
#pragma weak MPI_Cart_coords = PMPI_Cart_coords

/* The ranks disp steps away along dimension dir from `rank` (MPI_PROC_NULL past a
 * non-periodic border). */
static void cart_shift_of(const struct smpi_topo *t, int rank, int dir, int disp, int *src,
                          int *dst)
{
    int *c = sim_xmalloc(((size_t)t->ndims + 1) * sizeof(*c));
    int home;

    cart_coords_of(t, rank, c);
    home = c[dir];
    c[dir] = home + disp;
    if (cart_rank_of(t, c, true, dst) != MPI_SUCCESS)
        *dst = MPI_PROC_NULL;
    c[dir] = home - disp;
    if (cart_rank_of(t, c, true, src) != MPI_SUCCESS)
        *src = MPI_PROC_NULL;
    free(c);
}

int PMPI_Cart_shift(MPI_Comm comm, int direction, int disp, int *rank_source, int *rank_dest)
{
    struct smpi_topo *t = NULL;

    SMPI_CHECK_COMM("MPI_Cart_shift", comm);
    SMPI_CHECK_ARG("MPI_Cart_shift", comm, rank_source);
    SMPI_CHECK_ARG("MPI_Cart_shift", comm, rank_dest);
    GET_TOPO("MPI_Cart_shift", comm, MPI_CART, &t);
    if (direction < 0 || direction >= t->ndims)
        return smpi__error(comm, "MPI_Cart_shift", MPI_ERR_ARG,
                           "direction %d is out of range for %d dimensions", direction, t->ndims);
    cart_shift_of(t, smpi_comm_rank(comm), direction, disp, rank_source, rank_dest);
    return MPI_SUCCESS;
}
#pragma weak MPI_Cart_shift = PMPI_Cart_shift

/* The members sharing the calling rank's coordinates in the dropped dimensions form one
 * sub-grid; the split color is the rank of the sub-grid's origin, the key the rank itself. */
static bool cart_keeps_a_dim(const struct smpi_topo *t, const int remain_dims[])
{
    for (int d = 0; d < t->ndims; d++)
        if (remain_dims[d])
            return true;
    return false;
}

int PMPI_Cart_sub(MPI_Comm comm, const int remain_dims[], MPI_Comm *newcomm)
{
    struct smpi_topo *t = NULL;
    struct smpi_topo *sub;
    int *c;
    int color = 0;
    int rc;

    SMPI_CHECK_COMM("MPI_Cart_sub", comm);
    SMPI_CHECK_ARG("MPI_Cart_sub", comm, newcomm);
    GET_TOPO("MPI_Cart_sub", comm, MPI_CART, &t);
    SMPI_CHECK(smpi__coll_order_plain("MPI_Cart_sub", comm));
    smpi__enter("MPI_Cart_sub");
    c = sim_xmalloc(((size_t)t->ndims + 1) * sizeof(*c));
    cart_coords_of(t, smpi_comm_rank(comm), c);
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
    smpi__leave();
    if (rc == MPI_SUCCESS)
        smpi__handle_new(SMPI_H_COMM, *newcomm, "MPI_Cart_sub");
    return rc;
}
#pragma weak MPI_Cart_sub = PMPI_Cart_sub

int PMPI_Cart_map(MPI_Comm comm, int ndims, const int dims[], const int periods[], int *newrank)
{
    int nodes;
    int me;

    SMPI_CHECK_COMM("MPI_Cart_map", comm);
    SMPI_CHECK_ARG("MPI_Cart_map", comm, newrank);
    SMPI_CHECK(check_cart_args("MPI_Cart_map", comm, ndims, dims, &nodes));
    me = smpi_comm_rank(comm);
    *newrank = me < nodes ? me : MPI_UNDEFINED;
    return MPI_SUCCESS;
}
#pragma weak MPI_Cart_map = PMPI_Cart_map

/* ---- graphs ---------------------------------------------------------------------------------- */

static int check_graph(const char *call, MPI_Comm comm, int nnodes, const int index[],
                       const int edges[])
{
    if (nnodes < 0 || nnodes > smpi_comm_size(comm))
        return smpi__error(comm, call, MPI_ERR_ARG, "nnodes %d is out of range", nnodes);
    if (nnodes > 0 && (!index || !edges))
        return smpi__error(comm, call, MPI_ERR_ARG, "index or edges is NULL");
    for (int i = 0; i < nnodes; i++)
        if (index[i] < (i ? index[i - 1] : 0))
            return smpi__error(comm, call, MPI_ERR_ARG, "index[%d] = %d decreases", i, index[i]);
    for (int e = 0; nnodes > 0 && e < index[nnodes - 1]; e++)
        if (edges[e] < 0 || edges[e] >= nnodes)
            return smpi__error(comm, call, MPI_ERR_ARG, "edges[%d] = %d is not a node", e,
                               edges[e]);
    return MPI_SUCCESS;
}

int PMPI_Graph_create(MPI_Comm comm_old, int nnodes, const int index[], const int edges[],
                      int reorder, MPI_Comm *comm_graph)
{
    struct smpi_topo *t = NULL;

    SMPI_CHECK_INIT("MPI_Graph_create");
    SMPI_CHECK_COMM("MPI_Graph_create", comm_old);
    SMPI_CHECK_INTRA("MPI_Graph_create", comm_old);
    SMPI_CHECK_ARG("MPI_Graph_create", comm_old, comm_graph);
    SMPI_CHECK(check_graph("MPI_Graph_create", comm_old, nnodes, index, edges));
    SMPI_CHECK(smpi__coll_order_plain("MPI_Graph_create", comm_old));
    smpi__enter("MPI_Graph_create");
    t = topo_new(MPI_GRAPH);
    t->nnodes = nnodes;
    t->index = int_copy(index, nnodes);
    t->edges = int_copy(edges, nnodes > 0 ? index[nnodes - 1] : 0);
    *comm_graph = derive_first(comm_old, nnodes, t);
    smpi__leave();
    smpi__handle_new(SMPI_H_COMM, *comm_graph, "MPI_Graph_create");
    return MPI_SUCCESS;
}
#pragma weak MPI_Graph_create = PMPI_Graph_create

int PMPI_Graphdims_get(MPI_Comm comm, int *nnodes, int *nedges)
{
    struct smpi_topo *t = NULL;

    SMPI_CHECK_COMM("MPI_Graphdims_get", comm);
    SMPI_CHECK_ARG("MPI_Graphdims_get", comm, nnodes);
    SMPI_CHECK_ARG("MPI_Graphdims_get", comm, nedges);
    GET_TOPO("MPI_Graphdims_get", comm, MPI_GRAPH, &t);
    *nnodes = t->nnodes;
    *nedges = t->nnodes > 0 ? t->index[t->nnodes - 1] : 0;
    return MPI_SUCCESS;
}
#pragma weak MPI_Graphdims_get = PMPI_Graphdims_get

int PMPI_Graph_get(MPI_Comm comm, int maxindex, int maxedges, int index[], int edges[])
{
    struct smpi_topo *t = NULL;
    int ne;

    SMPI_CHECK_COMM("MPI_Graph_get", comm);
    GET_TOPO("MPI_Graph_get", comm, MPI_GRAPH, &t);
    ne = t->nnodes > 0 ? t->index[t->nnodes - 1] : 0;
    for (int i = 0; i < t->nnodes && i < maxindex; i++)
        index[i] = t->index[i];
    for (int e = 0; e < ne && e < maxedges; e++)
        edges[e] = t->edges[e];
    return MPI_SUCCESS;
}
#pragma weak MPI_Graph_get = PMPI_Graph_get

static int graph_node(const char *call, MPI_Comm comm, const struct smpi_topo *t, int rank)
{
    if (rank < 0 || rank >= t->nnodes)
        return smpi__error(comm, call, MPI_ERR_RANK, "rank %d is not a node of the graph", rank);
    return MPI_SUCCESS;
}

int PMPI_Graph_neighbors_count(MPI_Comm comm, int rank, int *nneighbors)
{
    struct smpi_topo *t = NULL;

    SMPI_CHECK_COMM("MPI_Graph_neighbors_count", comm);
    SMPI_CHECK_ARG("MPI_Graph_neighbors_count", comm, nneighbors);
    GET_TOPO("MPI_Graph_neighbors_count", comm, MPI_GRAPH, &t);
    SMPI_CHECK(graph_node("MPI_Graph_neighbors_count", comm, t, rank));
    *nneighbors = t->index[rank] - (rank ? t->index[rank - 1] : 0);
    return MPI_SUCCESS;
}
#pragma weak MPI_Graph_neighbors_count = PMPI_Graph_neighbors_count

int PMPI_Graph_neighbors(MPI_Comm comm, int rank, int maxneighbors, int neighbors[])
{
    struct smpi_topo *t = NULL;
    int first;

    SMPI_CHECK_COMM("MPI_Graph_neighbors", comm);
    GET_TOPO("MPI_Graph_neighbors", comm, MPI_GRAPH, &t);
    SMPI_CHECK(graph_node("MPI_Graph_neighbors", comm, t, rank));
    first = rank ? t->index[rank - 1] : 0;
    for (int e = first, k = 0; e < t->index[rank] && k < maxneighbors; e++, k++)
        neighbors[k] = t->edges[e];
    return MPI_SUCCESS;
}
#pragma weak MPI_Graph_neighbors = PMPI_Graph_neighbors

int PMPI_Graph_map(MPI_Comm comm, int nnodes, const int index[], const int edges[], int *newrank)
{
    int me;

    SMPI_CHECK_COMM("MPI_Graph_map", comm);
    SMPI_CHECK_ARG("MPI_Graph_map", comm, newrank);
    SMPI_CHECK(check_graph("MPI_Graph_map", comm, nnodes, index, edges));
    me = smpi_comm_rank(comm);
    *newrank = me < nnodes ? me : MPI_UNDEFINED;
    return MPI_SUCCESS;
}
#pragma weak MPI_Graph_map = PMPI_Graph_map

int PMPI_Topo_test(MPI_Comm comm, int *status)
{
    SMPI_CHECK_COMM("MPI_Topo_test", comm);
    SMPI_CHECK_ARG("MPI_Topo_test", comm, status);
    *status = comm->topo ? comm->topo->kind : MPI_UNDEFINED;
    return MPI_SUCCESS;
}
#pragma weak MPI_Topo_test = PMPI_Topo_test

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

static int check_ranks(const char *call, MPI_Comm comm, int n, const int *ranks, const char *what)
{
    for (int i = 0; i < n; i++)
        if (ranks[i] < 0 || ranks[i] >= smpi_comm_size(comm))
            return smpi__error(comm, call, MPI_ERR_RANK, "%s[%d] = %d is out of range", what, i,
                               ranks[i]);
    return MPI_SUCCESS;
}

static int *weights_copy(const int *w, int n)
{
    if (w == MPI_UNWEIGHTED || w == MPI_WEIGHTS_EMPTY || !w)
        return sim_xcalloc((size_t)n + 1, sizeof(int));
    return int_copy(w, n);
}

int PMPI_Dist_graph_create_adjacent(MPI_Comm comm_old, int indegree, const int sources[],
                                    const int sourceweights[], int outdegree,
                                    const int destinations[], const int destweights[],
                                    MPI_Info info, int reorder, MPI_Comm *comm_dist_graph)
{
    const char *call = "MPI_Dist_graph_create_adjacent";
    struct dist_adj adj = { 0 };

    SMPI_CHECK_INIT(call);
    SMPI_CHECK_COMM(call, comm_old);
    SMPI_CHECK_INTRA(call, comm_old);
    SMPI_CHECK_ARG(call, comm_old, comm_dist_graph);
    if (indegree < 0 || outdegree < 0)
        return smpi__error(comm_old, call, MPI_ERR_ARG, "indegree %d or outdegree %d negative",
                           indegree, outdegree);
    SMPI_CHECK(check_ranks(call, comm_old, indegree, sources, "sources"));
    SMPI_CHECK(check_ranks(call, comm_old, outdegree, destinations, "destinations"));
    SMPI_CHECK(smpi__coll_order_plain(call, comm_old));
    smpi__enter(call);
    adj.weighted = sourceweights != MPI_UNWEIGHTED && destweights != MPI_UNWEIGHTED;
    adj.indeg = indegree;
    adj.outdeg = outdegree;
    adj.sources = int_copy(sources, indegree);
    adj.dests = int_copy(destinations, outdegree);
    adj.sweights = weights_copy(sourceweights, indegree);
    adj.dweights = weights_copy(destweights, outdegree);
    *comm_dist_graph = dist_create(comm_old, adj);
    smpi__leave();
    smpi__handle_new(SMPI_H_COMM, *comm_dist_graph, call);
    return MPI_SUCCESS;
}
#pragma weak MPI_Dist_graph_create_adjacent = PMPI_Dist_graph_create_adjacent

/* The general form: any rank may give any edge. Every edge (s, d, w) is sent to s (which gains
 * the out-neighbour d) and to d (which gains the in-neighbour s), with one MPI_Alltoall of
 * counts and one MPI_Alltoallv of (s, d, w) triples; each rank then lists its neighbours in
 * the order of (giver rank, position), the same order on both ends of an edge. */
int PMPI_Dist_graph_create(MPI_Comm comm_old, int n, const int sources[], const int degrees[],
                           const int destinations[], const int weights[], MPI_Info info,
                           int reorder, MPI_Comm *comm_dist_graph)
{
    const char *call = "MPI_Dist_graph_create";
    int size;
    int me;
    int nedges = 0;
    int *scount;
    int *rcount;
    int *sdispl;
    int *rdispl;
    int *sbuf;
    int *rbuf;
    int total = 0;
    struct dist_adj adj = { 0 };

    SMPI_CHECK_INIT(call);
    SMPI_CHECK_COMM(call, comm_old);
    SMPI_CHECK_INTRA(call, comm_old);
    SMPI_CHECK_ARG(call, comm_old, comm_dist_graph);
    if (n < 0 || (n > 0 && (!sources || !degrees)))
        return smpi__error(comm_old, call, MPI_ERR_ARG, "n %d or sources/degrees invalid", n);
    SMPI_CHECK(check_ranks(call, comm_old, n, sources, "sources"));
    for (int i = 0; i < n; i++)
        nedges += degrees[i];
    SMPI_CHECK(check_ranks(call, comm_old, nedges, destinations, "destinations"));
    SMPI_CHECK(smpi__coll_order_plain(call, comm_old));
    smpi__enter(call);
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
    *comm_dist_graph = dist_create(comm_old, adj);
    smpi__leave();
    smpi__handle_new(SMPI_H_COMM, *comm_dist_graph, call);
    return MPI_SUCCESS;
}
#pragma weak MPI_Dist_graph_create = PMPI_Dist_graph_create

int PMPI_Dist_graph_neighbors_count(MPI_Comm comm, int *indegree, int *outdegree, int *weighted)
{
    struct smpi_topo *t = NULL;
    const struct dist_adj *a;

    SMPI_CHECK_COMM("MPI_Dist_graph_neighbors_count", comm);
    GET_TOPO("MPI_Dist_graph_neighbors_count", comm, MPI_DIST_GRAPH, &t);
    a = &t->adj[smpi_comm_rank(comm)];
    *indegree = a->indeg;
    *outdegree = a->outdeg;
    *weighted = a->weighted;
    return MPI_SUCCESS;
}
#pragma weak MPI_Dist_graph_neighbors_count = PMPI_Dist_graph_neighbors_count

int PMPI_Dist_graph_neighbors(MPI_Comm comm, int maxindegree, int sources[], int sourceweights[],
                              int maxoutdegree, int destinations[], int destweights[])
{
    struct smpi_topo *t = NULL;
    const struct dist_adj *a;

    SMPI_CHECK_COMM("MPI_Dist_graph_neighbors", comm);
    GET_TOPO("MPI_Dist_graph_neighbors", comm, MPI_DIST_GRAPH, &t);
    a = &t->adj[smpi_comm_rank(comm)];
    for (int i = 0; i < a->indeg && i < maxindegree; i++) {
        sources[i] = a->sources[i];
        if (a->weighted && sourceweights != MPI_UNWEIGHTED && sourceweights)
            sourceweights[i] = a->sweights[i];
    }
    for (int i = 0; i < a->outdeg && i < maxoutdegree; i++) {
        destinations[i] = a->dests[i];
        if (a->weighted && destweights != MPI_UNWEIGHTED && destweights)
            destweights[i] = a->dweights[i];
    }
    return MPI_SUCCESS;
}
#pragma weak MPI_Dist_graph_neighbors = PMPI_Dist_graph_neighbors

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

            cart_shift_of(t, me, d, 1, &src, &dst);
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
