/* internal: declarations shared between the files of collectives (never included outside it):
 * communication shapes (binomial trees, rings, recursive doubling) and temporary buffers. */
#ifndef COLL_INTERNAL_H
#define COLL_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include <mpi.h>

#include "collectives/collectives.h"
#include "smpi/p2p_api.h"

/* Upper bound on the number of children of a binomial-tree node (ranks are ints). */
#define COLL_TREE_MAX_CHILDREN 32

/* Binomial tree over `size` ranks rooted at `root`: ranks are renumbered relative to the root
 * (vr = (rank - root) mod size); the parent of vr clears its lowest set bit, its children are
 * vr + 2^k for every 2^k below that bit. Returns the parent's rank, or -1 at the root. */
int coll__tree_parent(int rank, int root, int size);
/* Fills `children` (room for COLL_TREE_MAX_CHILDREN) with the children's ranks, smallest
 * subtree first (child vr + 1, vr + 2, vr + 4, ...); returns how many. */
int coll__tree_children(int rank, int root, int size, int *children);

/* Open MPI's tuned trees (coll_base_topo.c, as SimGrid 3.32's coll_tuned_topo.cpp builds
 * them), which the ompi_* algorithms walk. `prev` is the parent (the root itself for the root
 * of k-ary and binomial trees, -1 for the root of chains and of the in-order binary tree and
 * on one rank); next[0..nextsize-1] are the children in the order the algorithms serve them. */
#define COLL_TREE_MAX_FANOUT 32
struct coll_tree {
    int root;
    int fanout;
    int prev;
    int next[COLL_TREE_MAX_FANOUT];
    int nextsize;
};
/* k-ary tree (1 <= fanout <= 32) filled level by level from the root (topo_build_tree). */
void coll__tree_kary(struct coll_tree *t, int fanout, int rank, int size, int root);
/* In-order binary tree rooted at size - 1 (topo_build_in_order_bintree). */
void coll__tree_in_order_bin(struct coll_tree *t, int rank, int size);
/* Binomial trees: children rank ^ 2^k for growing k (topo_build_bmtree), and the in-order
 * variant whose subtrees hold consecutive ranks (topo_build_in_order_bmtree). */
void coll__tree_bm(struct coll_tree *t, int rank, int size, int root);
void coll__tree_in_order_bm(struct coll_tree *t, int rank, int size, int root);
/* `fanout` chains hanging from the root (topo_build_chain; fanout clamped to 1..32). */
void coll__tree_chain(struct coll_tree *t, int fanout, int rank, int size, int root);

/* Ring neighbours: rank + 1 and rank - 1 modulo size. */
int coll__ring_right(int rank, int size);
int coll__ring_left(int rank, int size);

/* Largest power of two <= n (n >= 1), and whether n is one. */
int coll__pow2_floor(int n);
bool coll__is_pow2(int n);

/* Recursive doubling on a non-power-of-two size folds the first 2 * rem ranks in pairs
 * (rem = size - pow2_floor(size)): the even rank of each pair sits out (-1), the odd one
 * becomes rank / 2; the other ranks become rank - rem. Folded ranks keep the order of the
 * original ones, so contiguous blocks of folded ranks cover contiguous original ranks (what
 * non-commutative reductions need). coll__rd_unfold maps a folded rank back. */
int coll__rd_fold(int rank, int rem);
int coll__rd_unfold(int newrank, int rem);

/* Address of element `i` of a buffer of `type` (i * extent bytes further). */
void *coll__elem(const void *buf, MPI_Aint i, MPI_Datatype type);
/* A temporary buffer for `count` elements of `type`: (count - 1) extents plus one true extent,
 * so that every byte the elements touch fits. Returns the block to free() and sets *base to
 * where element 0 starts (the block shifted back by the type's true lower bound). */
void *coll__tmp_alloc(int count, MPI_Datatype type, void **base);

/* Waits for reqs[0..n-1] (MPI_REQUEST_NULL entries allowed, n may be 0) and frees them.
 * Returns rc when it is already an error (the requests are still completed), else the first
 * error of the wait, else MPI_SUCCESS. */
int coll__waitall(int n, MPI_Request *reqs, int rc);
/* A request array of n entries set to MPI_REQUEST_NULL; free() it. */
MPI_Request *coll__reqs_alloc(int n);

/* Runs the algorithm or selector `name` of collective k, as SMPI's algorithms call one
 * another (bcast__mpich, allgather__ring): no precondition is checked. Dies naming k and name
 * when neither exists (a bug). Returns the algorithm's result. */
int coll__call(enum coll_kind k, const char *name, const struct coll_args *a);

/* SMPI's Comm::init_smp as the SMP-aware algorithms and selectors call it: fills *smp with how
 * comm's ranks sit on hosts and, the first time the calling rank asks for comm, sends the
 * messages SMPI's init_smp sends (leader allgather, node-size allgather among leaders,
 * uniformity bcast, blocked allreduce), so that simulated times match. Returns MPI_SUCCESS
 * or an MPI error class. */
int coll__smp_init(MPI_Comm comm, struct smpi_smp *smp);

/* What SMPI's mvapich2 selector leaves for the mvapich2 algorithms: global state in SMPI,
 * kept from one call to the next and read by the two-level algorithms. The functions are NULL
 * and the factors have SMPI's initial values until the selector sets them. Defined in
 * registry.c. */
struct coll_mv2 {
    coll_fn *bcast;                    /* MV2_Bcast_function */
    coll_fn *bcast_intra_node;         /* MV2_Bcast_intra_node_function */
    coll_fn *allreduce;                /* MV2_Allreducection */
    coll_fn *allreduce_intra;          /* MV2_Allreduce_intra_function */
    coll_fn *reduce;                   /* MV2_Reduce_function */
    coll_fn *reduce_intra;             /* MV2_Reduce_intra_function */
    coll_fn *scatter;                  /* MV2_Scatter_function */
    coll_fn *scatter_intra;            /* MV2_Scatter_intra_function */
    coll_fn *gather_inter_leader;      /* MV2_Gather_inter_leader_function */
    coll_fn *gather_intra_node;        /* MV2_Gather_intra_node_function */
    int pipelined_zcpy_knomial_factor; /* -1 */
    int inter_node_knomial_factor;     /* 4 */
    int intra_node_knomial_factor;     /* 4 */
    int reduce_intra_knomial_factor;   /* -1 */
    int reduce_inter_knomial_factor;   /* -1 */
};
extern struct coll_mv2 coll__mv2;

/* What `algo` needs that this call of collective k does not offer (a phrase for "needs ..."),
 * or NULL when it can run it (registry.c). */
const char *coll__need_missing(const struct coll_algo *algo, enum coll_kind k,
                               const struct coll_args *a);
/* The automatic selector (select_automatic.c): runs every algorithm of k that can run this
 * call, measured, and records their times in the report. */
int coll__automatic(enum coll_kind k, const struct coll_args *a);

/* The collective report (report.c): coll__report_call records an application's call of k
 * that started at `start` and ran `algo` (on each rank; the call is complete when every rank of
 * the communicator has reported it); coll__report_tried records the time the automatic
 * selector measured for one algorithm (called by one rank per call). Both cost nothing when
 * smpi/coll-report is off. */
void coll__report_call(enum coll_kind k, const struct coll_args *a, const char *algo, double start);
void coll__report_tried(enum coll_kind k, const struct coll_args *a, const char *algo,
                        double longest);

#endif /* COLL_INTERNAL_H */
