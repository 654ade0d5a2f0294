/* barrier: MPI_Barrier algorithms. All messages are empty; costs count latencies only. */
#include "collectives/internal.h"
#include "smpi/p2p_api.h"

/* Dissemination barrier: in round k each rank signals rank + 2^k and waits for rank - 2^k
 * (mod p); after ceil(log2 p) rounds every rank has heard from every other one, directly or
 * not. Reference: Hensgen, Finkel, Manber, "Two algorithms for barrier synchronization"
 * (1988); Open MPI coll_base_barrier.c (bruck). Cost: ceil(log2 p) α. Needs: none. */
static int barrier_ompi_bruck(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int rc = MPI_SUCCESS;

    for (int dist = 1; dist < size && rc == MPI_SUCCESS; dist *= 2)
        rc = smpi_sendrecv(NULL, 0, MPI_BYTE, (rank + dist) % size, COLL_TAG_BARRIER, NULL, 0,
                           MPI_BYTE, (rank - dist + size) % size, COLL_TAG_BARRIER, a->comm,
                           MPI_STATUS_IGNORE);
    return rc;
}

/* Recursive doubling: the extra ranks of a non-power-of-two size first signal a partner and
 * sit out; the remaining 2^k ranks exchange with rank XOR 2^i for i = 0..k-1; partners then
 * release the extra ranks. Reference: Open MPI coll_base_barrier.c (recursivedoubling).
 * Cost: (log2 p + 2) α when p is not a power of two, log2 p α otherwise. Needs: none. */
static int barrier_ompi_recursivedoubling(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int rem = size - coll__pow2_floor(size);
    int newrank = coll__rd_fold(rank, rem);
    int rc = MPI_SUCCESS;

    if (newrank < 0) {
        rc = smpi_send(NULL, 0, MPI_BYTE, rank + 1, COLL_TAG_BARRIER, a->comm);
        if (rc == MPI_SUCCESS)
            rc = smpi_recv(NULL, 0, MPI_BYTE, rank + 1, COLL_TAG_BARRIER, a->comm,
                           MPI_STATUS_IGNORE);
        return rc;
    }
    if (rank < 2 * rem)
        rc = smpi_recv(NULL, 0, MPI_BYTE, rank - 1, COLL_TAG_BARRIER, a->comm, MPI_STATUS_IGNORE);
    for (int mask = 1; mask < size - rem && rc == MPI_SUCCESS; mask *= 2) {
        int peer = coll__rd_unfold(newrank ^ mask, rem);

        rc = smpi_sendrecv(NULL, 0, MPI_BYTE, peer, COLL_TAG_BARRIER, NULL, 0, MPI_BYTE, peer,
                           COLL_TAG_BARRIER, a->comm, MPI_STATUS_IGNORE);
    }
    if (rc == MPI_SUCCESS && rank < 2 * rem)
        rc = smpi_send(NULL, 0, MPI_BYTE, rank - 1, COLL_TAG_BARRIER, a->comm);
    return rc;
}

/* Linear barrier: every rank signals rank 0, which then releases each of them.
 * Reference: Open MPI coll_base_barrier.c (basic_linear), SMPI's default barrier.
 * Cost: 2 (p - 1) α at rank 0. Needs: none. */
static int barrier_ompi_basic_linear(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int rc = MPI_SUCCESS;

    if (rank != 0) {
        rc = smpi_send(NULL, 0, MPI_BYTE, 0, COLL_TAG_BARRIER, a->comm);
        if (rc == MPI_SUCCESS)
            rc = smpi_recv(NULL, 0, MPI_BYTE, 0, COLL_TAG_BARRIER, a->comm, MPI_STATUS_IGNORE);
        return rc;
    }
    for (int i = 1; i < size && rc == MPI_SUCCESS; i++)
        rc = smpi_recv(NULL, 0, MPI_BYTE, i, COLL_TAG_BARRIER, a->comm, MPI_STATUS_IGNORE);
    for (int i = 1; i < size && rc == MPI_SUCCESS; i++)
        rc = smpi_send(NULL, 0, MPI_BYTE, i, COLL_TAG_BARRIER, a->comm);
    return rc;
}

const struct coll_algo coll_barrier_algos[] = {
    /* name                       needs  run                             help */
    { "ompi_bruck", 0, barrier_ompi_bruck, "dissemination, ceil(log2 p) rounds" },
    { "ompi_recursivedoubling", 0, barrier_ompi_recursivedoubling,
      "recursive doubling with a fold for non-powers of two" },
    { "ompi_basic_linear", 0, barrier_ompi_basic_linear, "all to rank 0, then rank 0 to all" },
    { NULL, 0, NULL, NULL },
};
