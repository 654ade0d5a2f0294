/* alltoallv: MPI_Alltoallv algorithms, SimGrid SMPI 3.32's ten (colls/alltoallv/) and the
 * pattern of its default (smpi_linear), each sending SMPI's messages in SMPI's order with
 * SMPI's blocking structure. Costs: p ranks, m bytes per block (the largest), α latency, β
 * time per byte. */
#include <stdlib.h>

#include "collectives/internal.h"
#include "smpi/mpi/p2p_api.h"

#define TAG COLL_TAG_ALLTOALLV

/* Block j of the send buffer (scounts[j] elements at sdispls[j] extents) goes to rank j; block
 * j of the receive buffer comes from rank j. */
static const void *sblock(const struct coll_args *a, int peer)
{
    return coll__elem(a->sbuf, a->sdispls[peer], a->stype);
}

static void *rblock(const struct coll_args *a, int peer)
{
    return coll__elem(a->rbuf, a->rdispls[peer], a->rtype);
}

static int copy_own_block(const struct coll_args *a, int rank)
{
    return smpi_type_copy(sblock(a, rank), a->scounts[rank], a->stype, rblock(a, rank),
                          a->rcounts[rank], a->rtype);
}

/* Posts the receives from every other rank in rank order, then the sends to every other
 * rank in rank order, then waits for all: the exchange of SMPI's ialltoallv and of Open MPI's
 * basic linear alltoallv. */
static int linear_exchange(const struct coll_args *a, int rank, int size)
{
    MPI_Request *reqs = coll__reqs_alloc(2 * (size - 1));
    int n = 0;
    int rc = MPI_SUCCESS;

    for (int i = 0; i < size && rc == MPI_SUCCESS; i++)
        if (i != rank)
            rc = smpi_irecv(rblock(a, i), a->rcounts[i], a->rtype, i, TAG, a->comm, &reqs[n++]);
    for (int i = 0; i < size && rc == MPI_SUCCESS; i++)
        if (i != rank)
            rc = smpi_isend(sblock(a, i), a->scounts[i], a->stype, i, TAG, a->comm, &reqs[n++]);
    rc = coll__waitall(n, reqs, rc);
    free(reqs);
    return rc;
}

/* SMPI's default alltoallv: its nonblocking ialltoallv and a wait. The own block is copied,
 * then every receive and every send is posted in rank order and all are waited for.
 * Reference: SimGrid 3.32 colls/smpi_default_selector.cpp (alltoallv__default) and
 * colls/smpi_nbc_impl.cpp (ialltoallv). Cost: (p - 1) α + (p - 1) m β when the links carry
 * the flows in parallel. Needs: none. */
static int alltoallv_smpi_linear(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int rc = copy_own_block(a, rank);

    if (rc != MPI_SUCCESS || size == 1)
        return rc;
    return linear_exchange(a, rank, size);
}

/* Open MPI's basic linear alltoallv: as smpi_linear, the own block copied only when it is not
 * empty. Reference: SimGrid 3.32 colls/alltoallv/alltoallv-ompi-basic-linear.cpp (Open MPI
 * coll_base_alltoallv.c, basic_linear). Cost: (p - 1) α + (p - 1) m β. Needs: none. */
static int alltoallv_ompi_basic_linear(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);

    if (a->scounts[rank] != 0)
        copy_own_block(a, rank);
    if (size == 1)
        return MPI_SUCCESS;
    return linear_exchange(a, rank, size);
}

/* SMPI's "bruck" alltoallv, in fact a throttled linear exchange: the own block is copied, then
 * in rounds of 4 peers it posts the receives from rank + k and the sends to rank - k (k in the
 * round, the caller skipped) and waits for the round. Reference: SimGrid 3.32
 * colls/alltoallv/alltoallv-bruck.cpp (MPICH's throttle of 4, after Tony Ladd).
 * Cost: ceil(p / 4)(α + 4 m β). Needs: none. */
static int alltoallv_bruck(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    MPI_Request reqs[8];
    int rc = copy_own_block(a, rank);

    for (int ii = 0; ii < size && size > 1 && rc == MPI_SUCCESS; ii += 4) {
        int ss = size - ii < 4 ? size - ii : 4;
        int n = 0;

        for (int i = 0; i < ss && rc == MPI_SUCCESS; i++) {
            int src = (rank + i + ii) % size;

            if (src != rank)
                rc = smpi_irecv(rblock(a, src), a->rcounts[src], a->rtype, src, TAG, a->comm,
                                &reqs[n++]);
        }
        for (int i = 0; i < ss && rc == MPI_SUCCESS; i++) {
            int dst = (rank - i - ii + size) % size;

            if (dst != rank)
                rc = smpi_isend(sblock(a, dst), a->scounts[dst], a->stype, dst, TAG, a->comm,
                                &reqs[n++]);
        }
        rc = coll__waitall(n, reqs, rc);
    }
    return rc;
}

/* Peer order of the step-by-step exchanges: in step i, ring sends to rank + i and receives
 * from rank - i; xor (pairwise) swaps with rank XOR i; ring_pof2 is xor on a power-of-two
 * size and ring otherwise. */
enum step_order { ORDER_RING, ORDER_XOR, ORDER_RING_POF2 };

/* Synchronisation between steps: none; a one-byte token exchanged with the next step's peers
 * after every step but the first and the last (light); the configured barrier before every
 * step (mpi); one configured barrier before the first step (one). */
enum step_sync { SYNC_NONE, SYNC_LIGHT, SYNC_MPI, SYNC_ONE };

static void step_peers(enum step_order o, int rank, int size, int i, int *peers)
{
    if (o == ORDER_XOR || (o == ORDER_RING_POF2 && coll__is_pow2(size))) {
        peers[0] = rank ^ i;
        peers[1] = peers[0];
    } else {
        peers[0] = (rank + i) % size;
        peers[1] = (rank - i + size) % size;
    }
}

static int barrier(MPI_Comm comm)
{
    struct coll_args b = { .comm = comm };

    return coll_run(COLL_BARRIER, &b);
}

/* One step: a sendrecv of block peers[0] to peers[0] and block peers[1] from peers[1] (a local
 * copy in step 0), then, for the light barrier, a one-byte token sent to the rank the next
 * step receives from and received from the rank it sends to. */
static int step(const struct coll_args *a, enum step_order o, enum step_sync s, int i)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int peers[2];
    char out = 'a';
    char in = 'b';
    int rc;

    step_peers(o, rank, size, i, peers);
    rc = smpi_sendrecv(sblock(a, peers[0]), a->scounts[peers[0]], a->stype, peers[0], TAG,
                       rblock(a, peers[1]), a->rcounts[peers[1]], a->rtype, peers[1], TAG, a->comm,
                       MPI_STATUS_IGNORE);
    if (rc != MPI_SUCCESS || s != SYNC_LIGHT || i < 1 || i + 1 >= size)
        return rc;
    step_peers(o, rank, size, i + 1, peers);
    return smpi_sendrecv(&out, 1, MPI_CHAR, peers[1], TAG, &in, 1, MPI_CHAR, peers[0], TAG, a->comm,
                         MPI_STATUS_IGNORE);
}

static int steps(const struct coll_args *a, enum step_order o, enum step_sync s)
{
    int size = smpi_comm_size(a->comm);
    int rc = s == SYNC_ONE ? barrier(a->comm) : MPI_SUCCESS;

    for (int i = 0; i < size && rc == MPI_SUCCESS; i++) {
        if (s == SYNC_MPI)
            rc = barrier(a->comm);
        if (rc == MPI_SUCCESS)
            rc = step(a, o, s, i);
    }
    return rc;
}

/* Ring: in step i (0 <= i < p) each rank sends its block for rank + i and receives the block
 * of rank - i with one sendrecv (step 0 is the local copy); on a power-of-two size it swaps
 * with rank XOR i instead. Reference: SimGrid 3.32 colls/alltoallv/alltoallv-ring.cpp (Ahmad
 * Faraj's ring, with MPICH's pairwise XOR order). Cost: (p - 1)(α + m β). Needs: none. */
static int alltoallv_ring(const struct coll_args *a)
{
    return steps(a, ORDER_RING_POF2, SYNC_NONE);
}

/* Ring (always rank + i / rank - i) with a light barrier: after each step i (1 <= i < p - 1)
 * a one-byte token goes to rank - (i + 1) while one comes from rank + (i + 1). Reference:
 * SimGrid 3.32 colls/alltoallv/alltoallv-ring-light-barrier.cpp (Ahmad Faraj).
 * Cost: (p - 1)(α + m β) + (p - 2) α. Needs: none. */
static int alltoallv_ring_light_barrier(const struct coll_args *a)
{
    return steps(a, ORDER_RING, SYNC_LIGHT);
}

/* Ring with a barrier (the configured one) before each of the p steps. Reference: SimGrid
 * 3.32 colls/alltoallv/alltoallv-ring-mpi-barrier.cpp (Ahmad Faraj). Cost: (p - 1)(α + m β)
 * + p barriers. Needs: none. */
static int alltoallv_ring_mpi_barrier(const struct coll_args *a)
{
    return steps(a, ORDER_RING, SYNC_MPI);
}

/* Ring after one barrier (the configured one). Reference: SimGrid 3.32
 * colls/alltoallv/alltoallv-ring-one-barrier.cpp (Ahmad Faraj). Cost: (p - 1)(α + m β) + one
 * barrier. Needs: none. */
static int alltoallv_ring_one_barrier(const struct coll_args *a)
{
    return steps(a, ORDER_RING, SYNC_ONE);
}

/* Pairwise exchange: in step i (0 <= i < p) each rank swaps blocks with rank XOR i.
 * Reference: SimGrid 3.32 colls/alltoallv/alltoallv-pair.cpp (Ahmad Faraj).
 * Cost: (p - 1)(α + m β). Needs: a power-of-two size (SMPI throws otherwise). */
static int alltoallv_pair(const struct coll_args *a)
{
    return steps(a, ORDER_XOR, SYNC_NONE);
}

/* Pairwise exchange with a one-byte token swapped with rank XOR (i + 1) after each step i
 * (1 <= i < p - 1). Reference: SimGrid 3.32 colls/alltoallv/alltoallv-pair-light-barrier.cpp
 * (Ahmad Faraj). Cost: (p - 1)(α + m β) + (p - 2) α. Needs: a power-of-two size (SMPI throws
 * otherwise). */
static int alltoallv_pair_light_barrier(const struct coll_args *a)
{
    return steps(a, ORDER_XOR, SYNC_LIGHT);
}

/* Pairwise exchange with a barrier (the configured one) before each of the p steps.
 * Reference: SimGrid 3.32 colls/alltoallv/alltoallv-pair-mpi-barrier.cpp (Ahmad Faraj).
 * Cost: (p - 1)(α + m β) + p barriers. Needs: a power-of-two size (SMPI throws otherwise). */
static int alltoallv_pair_mpi_barrier(const struct coll_args *a)
{
    return steps(a, ORDER_XOR, SYNC_MPI);
}

/* Pairwise exchange after one barrier (the configured one). Reference: SimGrid 3.32
 * colls/alltoallv/alltoallv-pair-one-barrier.cpp (Ahmad Faraj). Cost: (p - 1)(α + m β) + one
 * barrier. Needs: a power-of-two size (SMPI throws otherwise). */
static int alltoallv_pair_one_barrier(const struct coll_args *a)
{
    return steps(a, ORDER_XOR, SYNC_ONE);
}

const struct coll_algo coll_alltoallv_algos[] = {
    { .name = "smpi_linear",
      .run = alltoallv_smpi_linear,
      .help =
          "SMPI's default: ialltoallv (every receive, then every send, in rank order) and a wait" },
    { .name = "bruck",
      .run = alltoallv_bruck,
      .help = "linear exchange in rounds of 4 peers (SMPI's bruck)" },
    { .name = "ompi_basic_linear",
      .run = alltoallv_ompi_basic_linear,
      .help = "every receive then every send posted at once, then one wait (Open MPI's)" },
    { .name = "pair",
      .needs = COLL_NEEDS_POW2,
      .run = alltoallv_pair,
      .help = "step i: sendrecv with rank XOR i" },
    { .name = "pair_light_barrier",
      .needs = COLL_NEEDS_POW2,
      .run = alltoallv_pair_light_barrier,
      .help = "pair with a one-byte token between steps" },
    { .name = "pair_mpi_barrier",
      .needs = COLL_NEEDS_POW2,
      .run = alltoallv_pair_mpi_barrier,
      .help = "pair with a barrier before every step" },
    { .name = "pair_one_barrier",
      .needs = COLL_NEEDS_POW2,
      .run = alltoallv_pair_one_barrier,
      .help = "pair after one barrier" },
    { .name = "ring",
      .run = alltoallv_ring,
      .help = "step i: send to rank+i, receive from rank-i (rank XOR i on a power of two)" },
    { .name = "ring_light_barrier",
      .run = alltoallv_ring_light_barrier,
      .help = "ring with a one-byte token between steps" },
    { .name = "ring_mpi_barrier",
      .run = alltoallv_ring_mpi_barrier,
      .help = "ring with a barrier before every step" },
    { .name = "ring_one_barrier",
      .run = alltoallv_ring_one_barrier,
      .help = "ring after one barrier" },
    { .name = NULL },
};
