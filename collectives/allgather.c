/* allgather: MPI_Allgather and MPI_Allgatherv algorithms. Block j of a->rbuf receives rank j's
 * contribution; with MPI_IN_PLACE a rank's own block is already in place. Costs: p ranks,
 * n bytes gathered in all, α latency, β time per byte. */
#include <stdlib.h>

#include "collectives/internal.h"
#include "simcore/simcore.h"
#include "smpi/p2p_api.h"

/* Count and address of block j of the receive buffer (allgather: rcount each, in order;
 * allgatherv: rcounts[j] at rdispls[j]). */
static int block_count(const struct coll_args *a, int j)
{
    return a->rcounts ? a->rcounts[j] : a->rcount;
}

static void *block_addr(const struct coll_args *a, int j)
{
    MPI_Aint disp = a->rcounts ? a->rdispls[j] : (MPI_Aint)j * a->rcount;

    return coll__elem(a->rbuf, disp, a->rtype);
}

/* Copies the rank's own contribution into its block (nothing to do in place). */
static int copy_own(const struct coll_args *a, int rank)
{
    if (a->sbuf == MPI_IN_PLACE)
        return MPI_SUCCESS;
    return smpi_type_copy(a->sbuf, a->scount, a->stype, block_addr(a, rank),
                          block_count(a, rank), a->rtype);
}

/* Ring: in step i each rank forwards to its right neighbour the block it received in step
 * i - 1 (its own block first) and receives the next one from its left neighbour; after p - 1
 * steps every rank holds every block. Reference: MPICH allgather_intra_ring.c; Open MPI
 * coll_base_allgather.c (ring). Cost: (p - 1) α + ((p - 1) / p) n β. Needs: none. */
static int ring(const struct coll_args *a, int tag)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int right = coll__ring_right(rank, size);
    int left = coll__ring_left(rank, size);
    int rc = copy_own(a, rank);

    for (int i = 0; i < size - 1 && rc == MPI_SUCCESS; i++) {
        int sblock = (rank - i + size) % size;
        int rblock = (rank - i - 1 + size) % size;

        rc = smpi_sendrecv(block_addr(a, sblock), block_count(a, sblock), a->rtype, right, tag,
                           block_addr(a, rblock), block_count(a, rblock), a->rtype, left, tag,
                           a->comm, MPI_STATUS_IGNORE);
    }
    return rc;
}

/* Linear: every rank sends its block to every other rank directly, all at once.
 * Reference: Open MPI coll_base_allgather.c / coll_basic_allgather.c (linear, as gather +
 * bcast without the root). Cost: (p - 1) α + n β, the p - 1 flows sharing each rank's links.
 * Needs: none. */
static int linear(const struct coll_args *a, int tag)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    MPI_Request *reqs = coll__reqs_alloc(2 * size);
    int rc = copy_own(a, rank);

    for (int i = 1; i < size && rc == MPI_SUCCESS; i++) {
        int src = (rank - i + size) % size;

        rc = smpi_irecv(block_addr(a, src), block_count(a, src), a->rtype, src, tag, a->comm,
                        &reqs[i]);
    }
    for (int i = 1; i < size && rc == MPI_SUCCESS; i++)
        rc = smpi_isend(block_addr(a, rank), block_count(a, rank), a->rtype, (rank + i) % size,
                        tag, a->comm, &reqs[size + i]);
    rc = coll__waitall(2 * size, reqs, rc);
    free(reqs);
    return rc;
}

static int allgather_ring(const struct coll_args *a)
{
    return ring(a, COLL_TAG_ALLGATHER);
}

static int allgather_ompi_basic_linear(const struct coll_args *a)
{
    return linear(a, COLL_TAG_ALLGATHER);
}

static int allgatherv_ring(const struct coll_args *a)
{
    return ring(a, COLL_TAG_ALLGATHERV);
}

static int allgatherv_ompi_basic_linear(const struct coll_args *a)
{
    return linear(a, COLL_TAG_ALLGATHERV);
}

const struct coll_algo coll_allgather_algos[] = {
    /* name                  needs  run                          help */
    { "ring", 0, allgather_ring, "ring: p - 1 steps, one block per step" },
    { "ompi_basic_linear", 0, allgather_ompi_basic_linear, "every rank sends to every rank" },
    { NULL, 0, NULL, NULL },
};

const struct coll_algo coll_allgatherv_algos[] = {
    /* name                  needs  run                           help */
    { "ring", 0, allgatherv_ring, "ring: p - 1 steps, one block per step" },
    { "ompi_basic_linear", 0, allgatherv_ompi_basic_linear, "every rank sends to every rank" },
    { NULL, 0, NULL, NULL },
};
