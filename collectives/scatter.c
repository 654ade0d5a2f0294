/* scatter: MPI_Scatter and MPI_Scatterv algorithms. Rank j receives block j of the root's
 * a->sbuf in a->rbuf (MPI_IN_PLACE as rbuf at the root: its block stays where it is). Costs:
 * p ranks, n bytes scattered in all, α latency, β time per byte. */
#include <stdlib.h>

#include "collectives/internal.h"
#include "simcore/simcore.h"
#include "smpi/p2p_api.h"

static int block_count(const struct coll_args *a, int j)
{
    return a->scounts ? a->scounts[j] : a->scount;
}

static const void *block_addr(const struct coll_args *a, int j)
{
    MPI_Aint disp = a->scounts ? a->sdispls[j] : (MPI_Aint)j * a->scount;

    return coll__elem(a->sbuf, disp, a->stype);
}

/* Linear: the root sends each rank its block, all sends posted at once.
 * Reference: Open MPI coll_base_scatter.c (basic_linear), coll_basic_scatterv.c.
 * Cost: (p - 1) α + n β at the root (the flows share its links). Needs: none. */
static int linear(const struct coll_args *a, int tag)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    MPI_Request *reqs;
    int rc = MPI_SUCCESS;

    if (rank != a->root)
        return smpi_recv(a->rbuf, a->rcount, a->rtype, a->root, tag, a->comm, MPI_STATUS_IGNORE);
    reqs = coll__reqs_alloc(size);
    for (int i = 0; i < size && rc == MPI_SUCCESS; i++)
        if (i != rank)
            rc = smpi_isend(block_addr(a, i), block_count(a, i), a->stype, i, tag, a->comm,
                            &reqs[i]);
    if (rc == MPI_SUCCESS && a->rbuf != MPI_IN_PLACE)
        rc = smpi_type_copy(block_addr(a, rank), block_count(a, rank), a->stype, a->rbuf,
                            a->rcount, a->rtype);
    rc = coll__waitall(size, reqs, rc);
    free(reqs);
    return rc;
}

static int scatter_ompi_basic_linear(const struct coll_args *a)
{
    return linear(a, COLL_TAG_SCATTER);
}

static int scatterv_ompi_basic_linear(const struct coll_args *a)
{
    return linear(a, COLL_TAG_SCATTERV);
}

const struct coll_algo coll_scatter_algos[] = {
    /* name                  needs  run                        help */
    { "ompi_basic_linear", 0, scatter_ompi_basic_linear, "the root sends to every rank" },
    { NULL, 0, NULL, NULL },
};

const struct coll_algo coll_scatterv_algos[] = {
    /* name                  needs  run                         help */
    { "ompi_basic_linear", 0, scatterv_ompi_basic_linear, "the root sends to every rank" },
    { NULL, 0, NULL, NULL },
};
