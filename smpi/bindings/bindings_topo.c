/* bindings_topo: the MPI calls on process topologies (MPI-3.1 chapter 7). The topologies:
 * smpi/mpi/topo.c; MPI_Dims_create's search: smpi/mpi/topo_dims.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>

#include "smpi/analyze/analyze.h"
#include "smpi/bindings/check.h"
#include "smpi/internal.h"
#include "smpi/mpi/topo.h"

int PMPI_Dims_create(int nnodes, int ndims, int dims[])
{
    long fixed = 1;
    int nfree = 0;
    int rest;

    if (ndims < 0 || (ndims > 0 && !dims))
        return smpi__error(MPI_COMM_WORLD, "MPI_Dims_create", MPI_ERR_DIMS, "ndims %d is invalid",
                           ndims);
    if (nnodes <= 0)
        return smpi__error(MPI_COMM_WORLD, "MPI_Dims_create", MPI_ERR_ARG,
                           "nnodes %d is not positive", nnodes);
    for (int d = 0; d < ndims; d++) {
        if (dims[d] < 0)
            return smpi__error(MPI_COMM_WORLD, "MPI_Dims_create", MPI_ERR_DIMS,
                               "dims[%d] = %d is negative", d, dims[d]);
        if (dims[d] > 0)
            fixed *= dims[d];
        else
            nfree++;
        if (fixed > nnodes)
            break;
    }
    if (fixed > nnodes || nnodes % fixed != 0)
        return smpi__error(MPI_COMM_WORLD, "MPI_Dims_create", MPI_ERR_DIMS,
                           "nnodes %d is not a multiple of the fixed dimensions' product", nnodes);
    rest = (int)(nnodes / fixed);
    if (nfree == 0)
        return rest == 1 ? MPI_SUCCESS
                         : smpi__error(MPI_COMM_WORLD, "MPI_Dims_create", MPI_ERR_DIMS,
                                       "the fixed dimensions do not multiply to nnodes %d", nnodes);
    smpi__dims_fill(rest, ndims, dims, nfree);
    return MPI_SUCCESS;
}
#pragma weak MPI_Dims_create = PMPI_Dims_create

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

static int graph_node(const char *call, MPI_Comm comm, const struct smpi_topo *t, int rank)
{
    if (rank < 0 || rank >= t->nnodes)
        return smpi__error(comm, call, MPI_ERR_RANK, "rank %d is not a node of the graph", rank);
    return MPI_SUCCESS;
}

static int check_ranks(const char *call, MPI_Comm comm, int n, const int *ranks, const char *what)
{
    for (int i = 0; i < n; i++)
        if (ranks[i] < 0 || ranks[i] >= smpi_comm_size(comm))
            return smpi__error(comm, call, MPI_ERR_RANK, "%s[%d] = %d is out of range", what, i,
                               ranks[i]);
    return MPI_SUCCESS;
}

/* A topology constructor's work is collective: the order check, then enter. */
static int constructor_enter(const char *call, MPI_Comm comm_old)
{
    SMPI_CHECK(smpi__coll_order_plain(call, comm_old));
    smpi__enter(call);
    return MPI_SUCCESS;
}

/* After the work: leave and register the new communicator. */
static int constructor_done(const char *call, MPI_Comm newcomm)
{
    smpi__leave();
    smpi__handle_new(SMPI_H_COMM, newcomm, call);
    return MPI_SUCCESS;
}

static int cart_create(MPI_Comm comm_old, int ndims, const int dims[], const int periods[],
                       MPI_Comm *comm_cart)
{
    int nodes;

    SMPI_CHECK_NEW_COMM("MPI_Cart_create", comm_old, comm_cart);
    SMPI_CHECK(check_cart_args("MPI_Cart_create", comm_old, ndims, dims, &nodes));
    if (ndims > 0 && !periods)
        return smpi__error(comm_old, "MPI_Cart_create", MPI_ERR_ARG, "periods is NULL");
    SMPI_CHECK(constructor_enter("MPI_Cart_create", comm_old));
    *comm_cart = smpi__cart_create(comm_old, ndims, dims, periods, nodes);
    return constructor_done("MPI_Cart_create", *comm_cart);
}

/* A failed call leaves MPI_COMM_NULL in comm_cart, as MPICH does (its errors/topo/cartsmall
 * reads it): set after the checks, since comm_cart may point at comm_old. */
int PMPI_Cart_create(MPI_Comm comm_old, int ndims, const int dims[], const int periods[],
                     int reorder, MPI_Comm *comm_cart)
{
    int rc = cart_create(comm_old, ndims, dims, periods, comm_cart);

    if (rc != MPI_SUCCESS && comm_cart)
        *comm_cart = MPI_COMM_NULL;
    return rc;
}
#pragma weak MPI_Cart_create = PMPI_Cart_create

int PMPI_Cartdim_get(MPI_Comm comm, int *ndims)
{
    struct smpi_topo *t = NULL;

    SMPI_CHECK_COMM("MPI_Cartdim_get", comm);
    SMPI_CHECK_ARG("MPI_Cartdim_get", comm, ndims);
    SMPI_CHECK_TOPO("MPI_Cartdim_get", comm, MPI_CART, &t);
    *ndims = t->ndims;
    return MPI_SUCCESS;
}
#pragma weak MPI_Cartdim_get = PMPI_Cartdim_get

int PMPI_Cart_get(MPI_Comm comm, int maxdims, int dims[], int periods[], int coords[])
{
    struct smpi_topo *t = NULL;
    int n;

    SMPI_CHECK_COMM("MPI_Cart_get", comm);
    SMPI_CHECK_TOPO("MPI_Cart_get", comm, MPI_CART, &t);
    n = maxdims < t->ndims ? maxdims : t->ndims;
    if (n > 0) {
        int *c = sim_xmalloc((size_t)t->ndims * sizeof(*c));

        smpi__cart_coords_of(t, smpi_comm_rank(comm), c);
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
    SMPI_CHECK_TOPO("MPI_Cart_rank", comm, MPI_CART, &t);
    if (t->ndims > 0 && !coords)
        return smpi__error(comm, "MPI_Cart_rank", MPI_ERR_ARG, "coords is NULL");
    if (smpi__cart_rank_of(t, coords, true, rank) != MPI_SUCCESS)
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
    SMPI_CHECK_TOPO("MPI_Cart_coords", comm, MPI_CART, &t);
    if (rank < 0 || rank >= smpi_comm_size(comm))
        return smpi__error(comm, "MPI_Cart_coords", MPI_ERR_RANK, "rank %d is out of range", rank);
    if (maxdims < t->ndims)
        return smpi__error(comm, "MPI_Cart_coords", MPI_ERR_ARG,
                           "maxdims %d is smaller than the %d dimensions", maxdims, t->ndims);
    c = sim_xmalloc(((size_t)t->ndims + 1) * sizeof(*c));
    smpi__cart_coords_of(t, rank, c);
    for (int d = 0; d < t->ndims; d++)
        coords[d] = c[d];
    free(c);
    return MPI_SUCCESS;
}
#pragma weak MPI_Cart_coords = PMPI_Cart_coords

int PMPI_Cart_shift(MPI_Comm comm, int direction, int disp, int *rank_source, int *rank_dest)
{
    struct smpi_topo *t = NULL;

    SMPI_CHECK_COMM("MPI_Cart_shift", comm);
    SMPI_CHECK_ARG("MPI_Cart_shift", comm, rank_source);
    SMPI_CHECK_ARG("MPI_Cart_shift", comm, rank_dest);
    SMPI_CHECK_TOPO("MPI_Cart_shift", comm, MPI_CART, &t);
    if (direction < 0 || direction >= t->ndims)
        return smpi__error(comm, "MPI_Cart_shift", MPI_ERR_ARG,
                           "direction %d is out of range for %d dimensions", direction, t->ndims);
    smpi__cart_shift_of(t, smpi_comm_rank(comm), direction, disp, rank_source, rank_dest);
    return MPI_SUCCESS;
}
#pragma weak MPI_Cart_shift = PMPI_Cart_shift

int PMPI_Cart_sub(MPI_Comm comm, const int remain_dims[], MPI_Comm *newcomm)
{
    struct smpi_topo *t = NULL;
    int rc;

    SMPI_CHECK_COMM("MPI_Cart_sub", comm);
    SMPI_CHECK_ARG("MPI_Cart_sub", comm, newcomm);
    SMPI_CHECK_TOPO("MPI_Cart_sub", comm, MPI_CART, &t);
    SMPI_CHECK(smpi__coll_order_plain("MPI_Cart_sub", comm));
    smpi__enter("MPI_Cart_sub");
    rc = smpi__cart_sub(comm, remain_dims, newcomm);
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

int PMPI_Graph_create(MPI_Comm comm_old, int nnodes, const int index[], const int edges[],
                      int reorder, MPI_Comm *comm_graph)
{
    SMPI_CHECK_NEW_COMM("MPI_Graph_create", comm_old, comm_graph);
    SMPI_CHECK(check_graph("MPI_Graph_create", comm_old, nnodes, index, edges));
    SMPI_CHECK(constructor_enter("MPI_Graph_create", comm_old));
    *comm_graph = smpi__graph_create(comm_old, nnodes, index, edges);
    return constructor_done("MPI_Graph_create", *comm_graph);
}
#pragma weak MPI_Graph_create = PMPI_Graph_create

int PMPI_Graphdims_get(MPI_Comm comm, int *nnodes, int *nedges)
{
    struct smpi_topo *t = NULL;

    SMPI_CHECK_COMM("MPI_Graphdims_get", comm);
    SMPI_CHECK_ARG("MPI_Graphdims_get", comm, nnodes);
    SMPI_CHECK_ARG("MPI_Graphdims_get", comm, nedges);
    SMPI_CHECK_TOPO("MPI_Graphdims_get", comm, MPI_GRAPH, &t);
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
    SMPI_CHECK_TOPO("MPI_Graph_get", comm, MPI_GRAPH, &t);
    ne = t->nnodes > 0 ? t->index[t->nnodes - 1] : 0;
    for (int i = 0; i < t->nnodes && i < maxindex; i++)
        index[i] = t->index[i];
    for (int e = 0; e < ne && e < maxedges; e++)
        edges[e] = t->edges[e];
    return MPI_SUCCESS;
}
#pragma weak MPI_Graph_get = PMPI_Graph_get

int PMPI_Graph_neighbors_count(MPI_Comm comm, int rank, int *nneighbors)
{
    struct smpi_topo *t = NULL;

    SMPI_CHECK_COMM("MPI_Graph_neighbors_count", comm);
    SMPI_CHECK_ARG("MPI_Graph_neighbors_count", comm, nneighbors);
    SMPI_CHECK_TOPO("MPI_Graph_neighbors_count", comm, MPI_GRAPH, &t);
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
    SMPI_CHECK_TOPO("MPI_Graph_neighbors", comm, MPI_GRAPH, &t);
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

int PMPI_Dist_graph_create_adjacent(MPI_Comm comm_old, int indegree, const int sources[],
                                    const int sourceweights[], int outdegree,
                                    const int destinations[], const int destweights[],
                                    MPI_Info info, int reorder, MPI_Comm *comm_dist_graph)
{
    const char *call = "MPI_Dist_graph_create_adjacent";

    SMPI_CHECK_NEW_COMM(call, comm_old, comm_dist_graph);
    if (indegree < 0 || outdegree < 0)
        return smpi__error(comm_old, call, MPI_ERR_ARG, "indegree %d or outdegree %d negative",
                           indegree, outdegree);
    SMPI_CHECK(check_ranks(call, comm_old, indegree, sources, "sources"));
    SMPI_CHECK(check_ranks(call, comm_old, outdegree, destinations, "destinations"));
    SMPI_CHECK(constructor_enter(call, comm_old));
    *comm_dist_graph = smpi__dist_graph_create_adjacent(comm_old, indegree, sources, sourceweights,
                                                        outdegree, destinations, destweights);
    return constructor_done(call, *comm_dist_graph);
}
#pragma weak MPI_Dist_graph_create_adjacent = PMPI_Dist_graph_create_adjacent

int PMPI_Dist_graph_create(MPI_Comm comm_old, int n, const int sources[], const int degrees[],
                           const int destinations[], const int weights[], MPI_Info info,
                           int reorder, MPI_Comm *comm_dist_graph)
{
    const char *call = "MPI_Dist_graph_create";
    int nedges = 0;

    SMPI_CHECK_NEW_COMM(call, comm_old, comm_dist_graph);
    if (n < 0 || (n > 0 && (!sources || !degrees)))
        return smpi__error(comm_old, call, MPI_ERR_ARG, "n %d or sources/degrees invalid", n);
    SMPI_CHECK(check_ranks(call, comm_old, n, sources, "sources"));
    for (int i = 0; i < n; i++)
        nedges += degrees[i];
    SMPI_CHECK(check_ranks(call, comm_old, nedges, destinations, "destinations"));
    SMPI_CHECK(constructor_enter(call, comm_old));
    *comm_dist_graph =
        smpi__dist_graph_create(comm_old, n, sources, degrees, destinations, weights);
    return constructor_done(call, *comm_dist_graph);
}
#pragma weak MPI_Dist_graph_create = PMPI_Dist_graph_create

int PMPI_Dist_graph_neighbors_count(MPI_Comm comm, int *indegree, int *outdegree, int *weighted)
{
    struct smpi_topo *t = NULL;
    const struct dist_adj *a;

    SMPI_CHECK_COMM("MPI_Dist_graph_neighbors_count", comm);
    SMPI_CHECK_TOPO("MPI_Dist_graph_neighbors_count", comm, MPI_DIST_GRAPH, &t);
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
    SMPI_CHECK_TOPO("MPI_Dist_graph_neighbors", comm, MPI_DIST_GRAPH, &t);
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
