/* scatterv: MPI_Scatterv algorithms. Rank j receives in a->rbuf the a->scounts[j] elements of
 * a->stype that start a->sdispls[j] extents into the root's a->sbuf; MPI_IN_PLACE as the root's
 * a->rbuf means its own block stays where it is. Costs: p ranks, n bytes scattered in all,
 * α latency, β time per byte. */
#include <stdlib.h>

#include "collectives/internal.h"
#include "smpi/mpi/p2p_api.h"

/* Block j of the root's send buffer. */
static const void *sblock(const struct coll_args *a, int j)
{
    return coll__elem(a->sbuf, a->sdispls[j], a->stype);
}

/* SMPI's scatterv, its only one: the nonblocking scatterv of smpi_nbc_impl.cpp (iscatterv)
 * followed by a wait. The root copies its own block, posts a nonblocking send to every other
 * rank in rank order and waits for them all; the others post a receive and wait for it.
 * Reference: SimGrid 3.32 colls/smpi_coll.cpp (colls::scatterv) and colls/smpi_nbc_impl.cpp
 * (iscatterv). Cost: (p - 1) α + n β at the root, whose sends share its links. Needs: none. */
static int scatterv_smpi_linear(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    MPI_Request req = MPI_REQUEST_NULL;
    MPI_Request *reqs;
    int n = 0;
    int rc = MPI_SUCCESS;

    if (rank != a->root) {
        rc = smpi_irecv(a->rbuf, a->rcount, a->rtype, a->root, COLL_TAG_SCATTERV, a->comm, &req);
        return coll__waitall(1, &req, rc);
    }
    if (a->rbuf != MPI_IN_PLACE)
        rc = smpi_type_copy(sblock(a, rank), a->scounts[rank], a->stype, a->rbuf, a->rcount,
                            a->rtype);
    reqs = coll__reqs_alloc(size - 1);
    for (int dst = 0; dst < size && rc == MPI_SUCCESS; dst++)
        if (dst != rank)
            rc = smpi_isend(sblock(a, dst), a->scounts[dst], a->stype, dst, COLL_TAG_SCATTERV,
                            a->comm, &reqs[n++]);
    rc = coll__waitall(n, reqs, rc);
    free(reqs);
    return rc;
}

const struct coll_algo coll_scatterv_algos[] = {
    { .name = "smpi_linear",
      .run = scatterv_smpi_linear,
      .help = "SMPI's scatterv: the root posts a nonblocking send to every rank and waits" },
    { .name = NULL },
};
