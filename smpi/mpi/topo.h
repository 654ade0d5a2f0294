/* topo: the topology object that hangs off a communicator (topo.c), read by the bindings of
 * smpi/bindings/bindings_topo.c, and the work of the creating calls. Private to smpi/. */
#ifndef SMPI_TOPO_H
#define SMPI_TOPO_H

#include <stdbool.h>

#include <mpi.h>

/* One member's adjacency in a distributed graph. */
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

/* Cartesian grids: the rank of coordinates (out-of-range ones wrap in periodic dimensions when
 * wrap; MPI_ERR_RANK otherwise), the coordinates of a rank, and the ranks disp steps away along
 * dimension dir from `rank` (MPI_PROC_NULL past a non-periodic border). */
int smpi__cart_rank_of(const struct smpi_topo *t, const int *coords, bool wrap, int *rank);
void smpi__cart_coords_of(const struct smpi_topo *t, int rank, int *coords);
void smpi__cart_shift_of(const struct smpi_topo *t, int rank, int dir, int disp, int *src,
                         int *dst);

/* The creating calls between smpi__enter and smpi__leave, arguments checked: the new
 * communicator (MPI_COMM_NULL for the ranks left out); MPI_Cart_sub's returns the error class
 * of its split. */
MPI_Comm smpi__cart_create(MPI_Comm comm_old, int ndims, const int dims[], const int periods[],
                           int nodes);
int smpi__cart_sub(MPI_Comm comm, const int remain_dims[], MPI_Comm *newcomm);
MPI_Comm smpi__graph_create(MPI_Comm comm_old, int nnodes, const int index[], const int edges[]);
MPI_Comm smpi__dist_graph_create_adjacent(MPI_Comm comm_old, int indegree, const int sources[],
                                          const int sourceweights[], int outdegree,
                                          const int destinations[], const int destweights[]);
MPI_Comm smpi__dist_graph_create(MPI_Comm comm_old, int n, const int sources[], const int degrees[],
                                 const int destinations[], const int weights[]);

#endif /* SMPI_TOPO_H */
