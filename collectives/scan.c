/* scan: MPI_Scan (inclusive) and MPI_Exscan (exclusive) prefix reductions. Input a->sbuf (or
 * MPI_IN_PLACE: the input is in a->rbuf); rank r gets x0 op ... op xr (scan) or
 * x0 op ... op x(r-1) (exscan; undefined at rank 0) in a->rbuf. Costs: p ranks, n bytes,
 * α latency, β time per byte, γ time per byte reduced. */
#include <stdlib.h>

#include "collectives/internal.h"
#include "simcore/simcore.h"
#include "smpi/p2p_api.h"

/* Linear chain: rank r receives the prefix of ranks 0..r-1 from rank r - 1, combines it on
 * the left of its own input and passes the new prefix to rank r + 1. Reference: Open MPI
 * coll_basic_scan.c (linear). Cost: (p - 1) (α + n β + n γ) on the critical path.
 * Needs: none (operand order is rank order). */
static int scan_ompi_basic_linear(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    void *tmp;
    void *tmp_block = NULL;
    int rc = MPI_SUCCESS;

    if (a->sbuf != MPI_IN_PLACE)
        rc = smpi_type_copy(a->sbuf, a->count, a->type, a->rbuf, a->count, a->type);
    if (rc == MPI_SUCCESS && rank > 0) {
        tmp_block = coll__tmp_alloc(a->count, a->type, &tmp);
        rc = smpi_recv(tmp, a->count, a->type, rank - 1, COLL_TAG_SCAN, a->comm,
                       MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = smpi_op_apply(a->op, tmp, a->rbuf, a->count, a->type);
    }
    if (rc == MPI_SUCCESS && rank + 1 < size)
        rc = smpi_send(a->rbuf, a->count, a->type, rank + 1, COLL_TAG_SCAN, a->comm);
    free(tmp_block);
    return rc;
}

/* Linear chain for the exclusive prefix: rank r receives x0 op ... op x(r-1) from rank r - 1
 * straight into its result, and sends that prefix combined with its own input to rank r + 1.
 * Reference: Open MPI coll_basic_exscan.c (linear). Cost: (p - 1) (α + n β + n γ) on the
 * critical path. Needs: none (operand order is rank order). */
static int exscan_ompi_basic_linear(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    const void *in = a->sbuf == MPI_IN_PLACE ? a->rbuf : a->sbuf;
    void *next;
    void *next_block;
    int rc;

    if (rank == 0)
        return size > 1 ? smpi_send(in, a->count, a->type, 1, COLL_TAG_EXSCAN, a->comm)
                        : MPI_SUCCESS;
    /* the input is copied first: in place, the receive overwrites it */
    next_block = coll__tmp_alloc(a->count, a->type, &next);
    rc = smpi_type_copy(in, a->count, a->type, next, a->count, a->type);
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

const struct coll_algo coll_scan_algos[] = {
    /* name                  needs  run                     help */
    { "ompi_basic_linear", 0, scan_ompi_basic_linear, "linear chain from rank 0" },
    { NULL, 0, NULL, NULL },
};

const struct coll_algo coll_exscan_algos[] = {
    /* name                  needs  run                       help */
    { "ompi_basic_linear", 0, exscan_ompi_basic_linear, "linear chain from rank 0" },
    { NULL, 0, NULL, NULL },
};
