/* gather: MPI_Gather and MPI_Gatherv algorithms. At the root, block j of a->rbuf receives
 * rank j's a->sbuf (MPI_IN_PLACE at the root: its block is already in place). Costs: p ranks,
 * n bytes gathered in all, α latency, β time per byte. */
#include <stdlib.h>

#include "collectives/internal.h"
#include "simcore/simcore.h"
#include "smpi/p2p_api.h"

static int block_count(const struct coll_args *a, int j)
{
    return a->rcounts ? a->rcounts[j] : a->rcount;
}

static void *block_addr(const struct coll_args *a, int j)
{
    MPI_Aint disp = a->rcounts ? a->rdispls[j] : (MPI_Aint)j * a->rcount;

    return coll__elem(a->rbuf, disp, a->rtype);
}

/* Linear: every rank sends its block to the root, which posts all receives at once.
 * Reference: Open MPI coll_base_gather.c (basic_linear), coll_basic_gatherv.c.
 * Cost: (p - 1) α + n β at the root (the flows share its links). Needs: none. */
static int linear(const struct coll_args *a, int tag)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    MPI_Request *reqs;
    int rc = MPI_SUCCESS;

    if (rank != a->root)
        return smpi_send(a->sbuf, a->scount, a->stype, a->root, tag, a->comm);
    reqs = coll__reqs_alloc(size);
    for (int i = 0; i < size && rc == MPI_SUCCESS; i++)
        if (i != rank)
            rc = smpi_irecv(block_addr(a, i), block_count(a, i), a->rtype, i, tag, a->comm,
                            &reqs[i]);
    if (rc == MPI_SUCCESS && a->sbuf != MPI_IN_PLACE)
        rc = smpi_type_copy(a->sbuf, a->scount, a->stype, block_addr(a, rank),
                            block_count(a, rank), a->rtype);
    rc = coll__waitall(size, reqs, rc);
    free(reqs);
    return rc;
}

static int gather_ompi_basic_linear(const struct coll_args *a)
{
    return linear(a, COLL_TAG_GATHER);
}

static int gatherv_ompi_basic_linear(const struct coll_args *a)
{
    return linear(a, COLL_TAG_GATHERV);
}

const struct coll_algo coll_gather_algos[] = {
    /* name                  needs  run                       help */
    { "ompi_basic_linear", 0, gather_ompi_basic_linear, "the root receives from every rank" },
    { NULL, 0, NULL, NULL },
};

const struct coll_algo coll_gatherv_algos[] = {
    /* name                  needs  run                        help */
    { "ompi_basic_linear", 0, gatherv_ompi_basic_linear, "the root receives from every rank" },
    { NULL, 0, NULL, NULL },
};
