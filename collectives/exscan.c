/* exscan: MPI_Exscan (exclusive prefix reduction). a->sbuf holds each rank's input (the
 * bindings turn MPI_IN_PLACE into a copy of a->rbuf, as SMPI 3.32's do); rank r > 0 gets
 * x0 op ... op x(r-1) in a->rbuf, rank 0's a->rbuf is left alone. Costs: p ranks, n bytes,
 * α latency, β time per byte, γ time per byte reduced. */
#include <stdlib.h>

#include "collectives/internal.h"
#include "simcore/simcore.h"
#include "smpi/mpi/p2p_api.h"

/* SMPI's only exscan: every rank sends its input to every higher rank and receives the input
 * of every lower rank, all requests started at once (receives first, by increasing rank, then
 * sends); with a commutative op each input is reduced as its receive completes (waitany),
 * otherwise the requests are waited for in order. Reference: SimGrid 3.32
 * colls/smpi_coll.cpp (colls::exscan). Cost: (p - 1) (α + n β) at rank p - 1, the sends of
 * rank 0 sharing its link, plus (p - 2) n γ. Memory: r temporaries of n bytes at rank r, as
 * in SMPI. Needs: none; SMPI never writes the result with a non-commutative op, this does. */
int coll__exscan_smpi_linear(const struct coll_args *a)
{
    return coll__scan_linear(a, true);
}

/* Linear chain for the exclusive prefix: rank r receives x0 op ... op x(r-1) from rank r - 1
 * straight into its result, and sends that prefix combined with its own input to rank r + 1.
 * The same chain as Open MPI's coll_basic_exscan.c; SMPI has no such algorithm. Cost:
 * (p - 1) (α + n β + n γ) on the critical path. Needs: none (operand order is rank order). */
int coll__exscan_simmpi_chain(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    void *next;
    void *next_block;
    int rc;

    if (rank == 0)
        return size > 1 ? smpi_send(a->sbuf, a->count, a->type, 1, COLL_TAG_EXSCAN, a->comm)
                        : MPI_SUCCESS;
    next_block = coll__tmp_alloc(a->count, a->type, &next);
    rc = smpi_type_copy(a->sbuf, a->count, a->type, next, a->count, a->type);
    if (rc == MPI_SUCCESS)
        rc = smpi_recv(a->rbuf, a->count, a->type, rank - 1, COLL_TAG_EXSCAN, a->comm,
                       MPI_STATUS_IGNORE);
    if (rc == MPI_SUCCESS && rank + 1 < size) {
        rc = smpi_op_apply(a->op, a->rbuf, next, a->count, a->type);
        if (rc == MPI_SUCCESS)
            rc = smpi_send(next, a->count, a->type, rank + 1, COLL_TAG_EXSCAN, a->comm);
    }
    free(next_block);
    return rc;
}
