/* scan: MPI_Scan (inclusive prefix reduction). a->sbuf holds each rank's input (the bindings
 * turn MPI_IN_PLACE into a copy of a->rbuf, as SMPI 3.32's do); rank r gets
 * x0 op x1 op ... op xr in a->rbuf. Costs: p ranks, n bytes, α latency, β time per byte,
 * γ time per byte reduced. */
#include <stdbool.h>
#include <stdlib.h>

#include "collectives/internal.h"
#include "simcore/simcore.h"
#include "smpi/mpi/p2p_api.h"

/* Every rank receives the input of every lower rank j into tmp[j] (reqs[j]), then sends its
 * input to every higher rank (reqs[rank .. size - 2]), on tag. */
static int post_all(const struct coll_args *a, MPI_Request *reqs, void *const *tmp, int tag)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int rc = MPI_SUCCESS;

    for (int j = 0; j < rank && rc == MPI_SUCCESS; j++)
        rc = smpi_irecv(tmp[j], a->count, a->type, j, tag, a->comm, &reqs[j]);
    for (int j = rank + 1; j < size && rc == MPI_SUCCESS; j++)
        rc = smpi_isend(a->sbuf, a->count, a->type, j, tag, a->comm, &reqs[j - 1]);
    return rc;
}

/* Commutative op: SMPI reduces each lower rank's input as soon as its receive completes
 * (waitany over all requests, sends included); an exscan, whose result starts empty, takes the
 * first lower input that arrives as the result. */
static int wait_commutative(const struct coll_args *a, MPI_Request *reqs, void *const *tmp,
                            bool empty)
{
    int rank = smpi_comm_rank(a->comm);
    int n = smpi_comm_size(a->comm) - 1;
    int rc = MPI_SUCCESS;

    for (int i = 0; i < n && rc == MPI_SUCCESS; i++) {
        int idx;

        rc = smpi_waitany(n, reqs, &idx, MPI_STATUS_IGNORE);
        if (rc != MPI_SUCCESS || idx == MPI_UNDEFINED)
            break;
        if (idx < rank && empty)
            rc = smpi_type_copy(tmp[idx], a->count, a->type, a->rbuf, a->count, a->type);
        else if (idx < rank)
            rc = smpi_op_apply(a->op, tmp[idx], a->rbuf, a->count, a->type);
        empty = empty && idx >= rank;
    }
    return rc;
}

/* Non-commutative op: SMPI waits for the requests in order (and then forgets to reduce, or for
 * an exscan writes nothing); the inputs are prepended from rank r - 1 down to 0 (an exscan's
 * result starts as rank r - 1's input), so the result is in rank order. */
static int wait_in_order(const struct coll_args *a, MPI_Request *reqs, void *const *tmp,
                         bool exclusive)
{
    int rank = smpi_comm_rank(a->comm);
    int n = smpi_comm_size(a->comm) - 1;
    int first = exclusive ? rank - 2 : rank - 1;
    int rc = MPI_SUCCESS;

    for (int i = 0; i < n && rc == MPI_SUCCESS; i++)
        rc = smpi_wait(&reqs[i], MPI_STATUS_IGNORE);
    if (rc == MPI_SUCCESS && exclusive && rank > 0)
        rc = smpi_type_copy(tmp[rank - 1], a->count, a->type, a->rbuf, a->count, a->type);
    for (int j = first; j >= 0 && rc == MPI_SUCCESS; j--)
        rc = smpi_op_apply(a->op, tmp[j], a->rbuf, a->count, a->type);
    return rc;
}

int coll__scan_linear(const struct coll_args *a, bool exclusive)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    MPI_Request *reqs = coll__reqs_alloc(size - 1);
    void **blocks = sim_xcalloc(2 * (size_t)rank + 1, sizeof(*blocks));
    void **tmp = blocks + rank; /* tmp[j]: rank j's input; blocks[j]: its memory */
    int rc = exclusive ? MPI_SUCCESS
                       : smpi_type_copy(a->sbuf, a->count, a->type, a->rbuf, a->count, a->type);

    for (int j = 0; j < rank; j++)
        blocks[j] = coll__tmp_alloc(a->count, a->type, &tmp[j]);
    if (rc == MPI_SUCCESS)
        rc = post_all(a, reqs, tmp, exclusive ? COLL_TAG_EXSCAN : COLL_TAG_SCAN);
    if (rc == MPI_SUCCESS && smpi_op_is_commutative(a->op))
        rc = wait_commutative(a, reqs, tmp, exclusive);
    else if (rc == MPI_SUCCESS)
        rc = wait_in_order(a, reqs, tmp, exclusive);
    rc = coll__waitall(size - 1, reqs, rc);
    for (int j = 0; j < rank; j++)
        free(blocks[j]);
    free(blocks);
    free(reqs);
    return rc;
}

/* SMPI's only scan: every rank sends its input to every higher rank and receives the input of
 * every lower rank, all requests started at once (receives first, by increasing rank, then
 * sends); with a commutative op each input is reduced as its receive completes (waitany),
 * otherwise the requests are waited for in order. Reference: SimGrid 3.32 colls/smpi_coll.cpp
 * (colls::scan). Cost: (p - 1) (α + n β) at rank p - 1, the sends of rank 0 sharing its link,
 * plus (p - 1) n γ. Memory: r temporaries of n bytes at rank r, as in SMPI. Needs: none; SMPI
 * never reduces with a non-commutative op (its result is the rank's own input), this does. */
int coll__scan_smpi_linear(const struct coll_args *a)
{
    return coll__scan_linear(a, false);
}

/* Linear chain: rank r receives the prefix of ranks 0 .. r - 1 from rank r - 1, combines it
 * on the left of its own input and passes the new prefix to rank r + 1. The same chain as Open
 * MPI's coll_basic_scan.c; SMPI has no such algorithm. Cost: (p - 1) (α + n β + n γ) on the
 * critical path. Needs: none (operand order is rank order). */
int coll__scan_simmpi_chain(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    void *tmp;
    void *tmp_block = NULL;
    int rc = smpi_type_copy(a->sbuf, a->count, a->type, a->rbuf, a->count, a->type);

    if (rc == MPI_SUCCESS && rank > 0) {
        tmp_block = coll__tmp_alloc(a->count, a->type, &tmp);
        rc = smpi_recv(tmp, a->count, a->type, rank - 1, COLL_TAG_SCAN, a->comm, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = smpi_op_apply(a->op, tmp, a->rbuf, a->count, a->type);
    }
    if (rc == MPI_SUCCESS && rank + 1 < size)
        rc = smpi_send(a->rbuf, a->count, a->type, rank + 1, COLL_TAG_SCAN, a->comm);
    free(tmp_block);
    return rc;
}
