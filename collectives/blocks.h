/* blocks.h: the block arithmetic of the collectives that move one block per rank (allgather,
 * alltoall, gather, scatter and their v forms), so that a regular form and its v form share one
 * body where their algorithms send the same messages. Private to collectives/. */
#ifndef COLL_BLOCKS_H
#define COLL_BLOCKS_H

#include <stdbool.h>

#include "collectives/internal.h"

/* Which sides of a call are v forms (counts and displacements per rank). */
enum coll_blocks_form {
    COLL_BLOCKS_REGULAR = 0,
    COLL_BLOCKS_SEND_V = 1u << 0, /* scounts, sdispls (alltoallv, scatterv) */
    COLL_BLOCKS_RECV_V = 1u << 1, /* rcounts, rdispls (alltoallv, allgatherv, gatherv) */
};

/* One call's arguments with the block arithmetic: block j of the send buffer goes to rank j,
 * block j of the receive buffer comes from rank j. A regular side has block j at j * count
 * elements of its type; a v side (its counts and displs set) has counts[j] elements at displs[j]
 * extents. Messages travel on `tag`. */
struct coll_blocks {
    const void *sbuf;
    void *rbuf;
    int scount;
    int rcount;
    const int *scounts; /* NULL on a regular send side */
    const int *sdispls;
    const int *rcounts; /* NULL on a regular receive side */
    const int *rdispls;
    MPI_Datatype stype;
    MPI_Datatype rtype;
    MPI_Comm comm;
    int tag;
    int rank;
    int size;
};

/* Fills *x from call a: `form` says which sides are v forms (enum coll_blocks_form bits). */
void coll__blocks_init(struct coll_blocks *x, const struct coll_args *a, unsigned form, int tag);

/* Elements of block j on each side. */
static inline int coll__scount(const struct coll_blocks *x, int j)
{
    return x->scounts ? x->scounts[j] : x->scount;
}

static inline int coll__rcount(const struct coll_blocks *x, int j)
{
    return x->rcounts ? x->rcounts[j] : x->rcount;
}

/* Address of block j on each side. */
static inline const void *coll__sblock(const struct coll_blocks *x, int j)
{
    return coll__elem(x->sbuf, x->sdispls ? x->sdispls[j] : (MPI_Aint)j * x->scount, x->stype);
}

static inline void *coll__rblock(const struct coll_blocks *x, int j)
{
    return coll__elem(x->rbuf, x->rdispls ? x->rdispls[j] : (MPI_Aint)j * x->rcount, x->rtype);
}

/* The caller's own block of an alltoall(v): its block of the send buffer copied into its block of
 * the receive buffer. */
int coll__blocks_copy_own(const struct coll_blocks *x);

/* ---- allgather and allgatherv (blocks.c), v false for allgather, true for allgatherv: the
 * caller's contribution is the send buffer; both begin by copying it into its own block. */

/* The caller's contribution (the send buffer) copied into its own block. */
int coll__blocks_copy_contribution(const struct coll_blocks *x);
/* SMPI's default pattern (iallgather, iallgatherv): then, for every other rank in rank order, a
 * send of the contribution and a receive of that rank's block, all waited for together. */
int coll__allgather_linear(const struct coll_args *a, bool v);
/* Then p - 1 steps of one sendrecv each: the contribution to the step's destination while its
 * source's block arrives; in step i (1 <= i < p) ring sends to rank + i and receives from
 * rank - i, xor swaps with rank XOR i. */
int coll__allgather_steps(const struct coll_args *a, bool v, bool xor);

/* MPICH's recursive-doubling repair for a non-power-of-two size, after the exchange at distance
 * `mask`: in the caller's half [lo, lo + mask), only the first size - lo - mask ranks had a
 * partner in the other half; they pass what it sent (stored at `at`) on to the rest of the half
 * by recursive halving, a forwarder sending the *last elements it got, a receiver taking `count`
 * elements (*last and *have, the elements held, updated). */
int coll__allgather_rdb_fill(const struct coll_blocks *x, int mask, int lo, void *at, int count,
                             int *last, int *have);

/* Sends the two blocks from block `from` on to peer while the two from block `to` on arrive from
 * it (scratch: room for 8 ints). */
typedef int coll_pair_swap_fn(const struct coll_blocks *x, int from, int peer, int to,
                              int *scratch);
/* Open MPI's neighbour exchange: on an even size, ranks pair up (2i, 2i + 1) and swap their
 * blocks; then in each of the p / 2 - 1 further steps a rank swaps the two blocks it got last
 * with its other neighbour (through `swap`), alternating left and right. Odd sizes run the ring
 * of coll__allgather_steps instead, as SMPI does. */
int coll__allgather_neighbor_exchange(const struct coll_args *a, bool v, coll_pair_swap_fn *swap);

/* ---- gather, gatherv, scatter and scatterv (blocks.c): `scatter` false for the gathers (every
 * rank's send buffer to its block of the root's receive buffer), true for the scatters (block j
 * of the root's send buffer to rank j's receive buffer); `v` for the v forms. MPI_IN_PLACE at
 * the root (its send buffer for a gather, its receive buffer for a scatter) leaves its own
 * block where it is. */

/* SMPI's default pattern (igather, igatherv, iscatter, iscatterv, then a wait): a non-root
 * posts its one message and waits for it; the root copies its own block, then posts one message
 * per other rank in rank order and waits for them all. */
int coll__rooted_linear(const struct coll_args *a, bool scatter, bool v);
/* Open MPI's basic linear (regular forms): a non-root sends or receives its block, blocking;
 * the root handles the ranks in rank order, its own block by a copy, the others by blocking
 * messages. */
int coll__rooted_basic_linear(const struct coll_args *a, bool scatter);
/* The bytes of rank's block in a gather (scatter false) or a scatter: the root's receive (send)
 * block, another rank's send (receive) block. */
size_t coll__rooted_block_bytes(const struct coll_args *a, int rank, bool scatter);

/* One rank's state in MVAPICH2's two-level gather and scatters (gather.c, scatter.c). */
struct coll_two_level {
    struct smpi_smp smp;
    size_t nbytes;    /* bytes of one block */
    int local_size;   /* ranks on this host */
    bool leader;      /* the caller leads its host */
    void *node_buf;   /* on a leader: its host's blocks, as bytes */
    void *leader_buf; /* on the root's leader when it is not the root: all blocks, as bytes */
};
/* Sets up *g for call a of the two-level gather (scatter false) or scatter: the host layout
 * (charging SMPI's init_smp on the communicator's first use), the bytes of a block, the host's
 * size, whether the caller leads its host, and on a host leader the buffer of its host's
 * blocks. Returns an MPI error class; g->nbytes 0 means there is nothing to move (no
 * buffer then). coll__two_level_free frees the buffers. */
int coll__two_level_init(struct coll_two_level *g, const struct coll_args *a, bool scatter);
void coll__two_level_free(struct coll_two_level *g);
/* Step 2 of the two-level gather (scatter false) or scatter on a non-uniform layout: a gatherv
 * (scatterv) of call b among the host leaders (b->comm), with `per` elements of the root's type
 * for each rank of every host (the root's counts and displacements; b->root its leader). */
int coll__two_level_leaders_v(const struct coll_two_level *g, struct coll_args *b, int per,
                              bool scatter);

/* ---- alltoall and alltoallv (alltoall_steps.c), v false for alltoall, true for alltoallv */

/* Peer order of the step-by-step exchanges: in step i, ring sends to rank + i and receives
 * from rank - i; xor (pairwise) swaps with rank XOR i; ring_pof2 is xor on a power-of-two size
 * and ring otherwise. */
enum coll_step_order { COLL_ORDER_RING, COLL_ORDER_XOR, COLL_ORDER_RING_POF2 };

/* Synchronisation between steps: none; a one-byte token exchanged with the next step's peers
 * after every step but the first and the last (light); the configured barrier before every
 * step (mpi); one configured barrier before the first step (one). */
enum coll_step_sync { COLL_SYNC_NONE, COLL_SYNC_LIGHT, COLL_SYNC_MPI, COLL_SYNC_ONE };

/* p steps of one sendrecv each (step 0 is the local copy, through a sendrecv to self), in the
 * given order, with the given synchronisation. */
int coll__alltoall_steps(const struct coll_args *a, bool v, enum coll_step_order o,
                         enum coll_step_sync s);
/* Throttled linear exchange: in rounds of 4 peers, the receives from rank + k, then the sends
 * to rank - k (k in the round), then a wait for the round. `self`: the caller's own block is
 * a message too; otherwise its turn is skipped. */
int coll__blocks_exchange_throttled(const struct coll_blocks *x, bool self);
/* The configured barrier, n times in a row when rc is MPI_SUCCESS; returns the first error. */
int coll__barriers(MPI_Comm comm, int n, int rc);

#endif /* COLL_BLOCKS_H */
