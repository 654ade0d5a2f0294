/* alltoallv: MPI_Alltoallv algorithms, SimGrid SMPI 3.32's ten (colls/alltoallv/) and the
 * pattern of its default (smpi_linear), each sending SMPI's messages in SMPI's order with
 * SMPI's blocking structure. Costs: p ranks, m bytes per block (the largest), α latency, β
 * time per byte. */
#include <stdlib.h>

#include "collectives/blocks.h"
#include "smpi/mpi/p2p_api.h"

#define TAG COLL_TAG_ALLTOALLV

static void v_init(struct coll_blocks *x, const struct coll_args *a)
{
    coll__blocks_init(x, a, COLL_BLOCKS_SEND_V | COLL_BLOCKS_RECV_V, TAG);
}

/* Posts the receives from every other rank in rank order, then the sends to every other
 * rank in rank order, then waits for all: the exchange of SMPI's ialltoallv and of Open MPI's
 * basic linear alltoallv. */
static int linear_exchange(const struct coll_blocks *x)
{
    MPI_Request *reqs = coll__reqs_alloc(2 * (x->size - 1));
    int n = 0;
    int rc = MPI_SUCCESS;

    for (int i = 0; i < x->size && rc == MPI_SUCCESS; i++)
        if (i != x->rank)
            rc = smpi_irecv(coll__rblock(x, i), x->rcounts[i], x->rtype, i, TAG, x->comm,
                            &reqs[n++]);
    for (int i = 0; i < x->size && rc == MPI_SUCCESS; i++)
        if (i != x->rank)
            rc = smpi_isend(coll__sblock(x, i), x->scounts[i], x->stype, i, TAG, x->comm,
                            &reqs[n++]);
    return coll__waitall_free(n, reqs, rc);
}

/* SMPI's default alltoallv: its nonblocking ialltoallv and a wait. The own block is copied,
 * then every receive and every send is posted in rank order and all are waited for.
 * Reference: SimGrid 3.32 colls/smpi_default_selector.cpp (alltoallv__default) and
 * colls/smpi_nbc_impl.cpp (ialltoallv). Cost: (p - 1) α + (p - 1) m β when the links carry
 * the flows in parallel. Needs: none. */
int coll__alltoallv_smpi_linear(const struct coll_args *a)
{
    struct coll_blocks x;
    int rc;

    v_init(&x, a);
    rc = coll__blocks_copy_own(&x);
    if (rc != MPI_SUCCESS || x.size == 1)
        return rc;
    return linear_exchange(&x);
}

/* Open MPI's basic linear alltoallv: as smpi_linear, the own block copied only when it is not
 * empty. Reference: SimGrid 3.32 colls/alltoallv/alltoallv-ompi-basic-linear.cpp (Open MPI
 * coll_base_alltoallv.c, basic_linear). Cost: (p - 1) α + (p - 1) m β. Needs: none. */
int coll__alltoallv_ompi_basic_linear(const struct coll_args *a)
{
    struct coll_blocks x;

    v_init(&x, a);
    if (x.scounts[x.rank] != 0)
        coll__blocks_copy_own(&x);
    if (x.size == 1)
        return MPI_SUCCESS;
    return linear_exchange(&x);
}

/* SMPI's "bruck" alltoallv, in fact a throttled linear exchange: the own block is copied, then
 * in rounds of 4 peers it posts the receives from rank + k and the sends to rank - k (k in the
 * round, the caller skipped) and waits for the round. Reference: SimGrid 3.32
 * colls/alltoallv/alltoallv-bruck.cpp (MPICH's throttle of 4, after Tony Ladd).
 * Cost: ceil(p / 4)(α + 4 m β). Needs: none. */
int coll__alltoallv_bruck(const struct coll_args *a)
{
    struct coll_blocks x;
    int rc;

    v_init(&x, a);
    rc = coll__blocks_copy_own(&x);
    return rc == MPI_SUCCESS ? coll__blocks_exchange_throttled(&x, false) : rc;
}

/* Ring: in step i (0 <= i < p) each rank sends its block for rank + i and receives the block
 * of rank - i with one sendrecv (step 0 is the local copy); on a power-of-two size it swaps
 * with rank XOR i instead. Reference: SimGrid 3.32 colls/alltoallv/alltoallv-ring.cpp (Ahmad
 * Faraj's ring, with MPICH's pairwise XOR order). Cost: (p - 1)(α + m β). Needs: none. */
int coll__alltoallv_ring(const struct coll_args *a)
{
    return coll__alltoall_steps(a, true, COLL_ORDER_RING_POF2, COLL_SYNC_NONE);
}

/* Ring (always rank + i / rank - i) with a light barrier: after each step i (1 <= i < p - 1)
 * a one-byte token goes to rank - (i + 1) while one comes from rank + (i + 1). Reference:
 * SimGrid 3.32 colls/alltoallv/alltoallv-ring-light-barrier.cpp (Ahmad Faraj).
 * Cost: (p - 1)(α + m β) + (p - 2) α. Needs: none. */
int coll__alltoallv_ring_light_barrier(const struct coll_args *a)
{
    return coll__alltoall_steps(a, true, COLL_ORDER_RING, COLL_SYNC_LIGHT);
}

/* Ring with a barrier (the configured one) before each of the p steps. Reference: SimGrid
 * 3.32 colls/alltoallv/alltoallv-ring-mpi-barrier.cpp (Ahmad Faraj). Cost: (p - 1)(α + m β)
 * + p barriers. Needs: none. */
int coll__alltoallv_ring_mpi_barrier(const struct coll_args *a)
{
    return coll__alltoall_steps(a, true, COLL_ORDER_RING, COLL_SYNC_MPI);
}

/* Ring after one barrier (the configured one). Reference: SimGrid 3.32
 * colls/alltoallv/alltoallv-ring-one-barrier.cpp (Ahmad Faraj). Cost: (p - 1)(α + m β) + one
 * barrier. Needs: none. */
int coll__alltoallv_ring_one_barrier(const struct coll_args *a)
{
    return coll__alltoall_steps(a, true, COLL_ORDER_RING, COLL_SYNC_ONE);
}

/* Pairwise exchange: in step i (0 <= i < p) each rank swaps blocks with rank XOR i.
 * Reference: SimGrid 3.32 colls/alltoallv/alltoallv-pair.cpp (Ahmad Faraj).
 * Cost: (p - 1)(α + m β). Needs: a power-of-two size (SMPI throws otherwise). */
int coll__alltoallv_pair(const struct coll_args *a)
{
    return coll__alltoall_steps(a, true, COLL_ORDER_XOR, COLL_SYNC_NONE);
}

/* Pairwise exchange with a one-byte token swapped with rank XOR (i + 1) after each step i
 * (1 <= i < p - 1). Reference: SimGrid 3.32 colls/alltoallv/alltoallv-pair-light-barrier.cpp
 * (Ahmad Faraj). Cost: (p - 1)(α + m β) + (p - 2) α. Needs: a power-of-two size (SMPI throws
 * otherwise). */
int coll__alltoallv_pair_light_barrier(const struct coll_args *a)
{
    return coll__alltoall_steps(a, true, COLL_ORDER_XOR, COLL_SYNC_LIGHT);
}

/* Pairwise exchange with a barrier (the configured one) before each of the p steps.
 * Reference: SimGrid 3.32 colls/alltoallv/alltoallv-pair-mpi-barrier.cpp (Ahmad Faraj).
 * Cost: (p - 1)(α + m β) + p barriers. Needs: a power-of-two size (SMPI throws otherwise). */
int coll__alltoallv_pair_mpi_barrier(const struct coll_args *a)
{
    return coll__alltoall_steps(a, true, COLL_ORDER_XOR, COLL_SYNC_MPI);
}

/* Pairwise exchange after one barrier (the configured one). Reference: SimGrid 3.32
 * colls/alltoallv/alltoallv-pair-one-barrier.cpp (Ahmad Faraj). Cost: (p - 1)(α + m β) + one
 * barrier. Needs: a power-of-two size (SMPI throws otherwise). */
int coll__alltoallv_pair_one_barrier(const struct coll_args *a)
{
    return coll__alltoall_steps(a, true, COLL_ORDER_XOR, COLL_SYNC_ONE);
}
