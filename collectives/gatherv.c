/* gatherv: MPI_Gatherv algorithms. At the root, rank j's a->sbuf lands as a->rcounts[j]
 * elements of a->rtype, a->rdispls[j] extents into a->rbuf; MPI_IN_PLACE as the root's a->sbuf
 * means its block is already in place. Costs: p ranks, n bytes gathered in all, α latency,
 * β time per byte. */
#include <stdlib.h>

#include "collectives/internal.h"
#include "smpi/mpi/p2p_api.h"

/* Block j of the root's receive buffer. */
static void *rblock(const struct coll_args *a, int j)
{
    return coll__elem(a->rbuf, a->rdispls[j], a->rtype);
}

/* SMPI's gatherv, its only one: the nonblocking gatherv of smpi_nbc_impl.cpp (igatherv)
 * followed by a wait. Every other rank posts a nonblocking send of its block to the root; the
 * root copies its own block, posts one receive per other rank in rank order and waits for
 * them all. Reference: SimGrid 3.32 colls/smpi_coll.cpp (colls::gatherv) and
 * colls/smpi_nbc_impl.cpp (igatherv). Cost: (p - 1) α + n β at the root, whose receives share
 * its links. Needs: none. */
static int gatherv_smpi_linear(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    MPI_Request req = MPI_REQUEST_NULL;
    MPI_Request *reqs;
    int n = 0;
    int rc = MPI_SUCCESS;

    if (rank != a->root) {
        rc = smpi_isend(a->sbuf, a->scount, a->stype, a->root, COLL_TAG_GATHERV, a->comm, &req);
        return coll__waitall(1, &req, rc);
    }
    if (a->sbuf != MPI_IN_PLACE)
        rc = smpi_type_copy(a->sbuf, a->scount, a->stype, rblock(a, rank), a->rcounts[rank],
                            a->rtype);
    reqs = coll__reqs_alloc(size - 1);
    for (int src = 0; src < size && rc == MPI_SUCCESS; src++)
        if (src != rank)
            rc = smpi_irecv(rblock(a, src), a->rcounts[src], a->rtype, src, COLL_TAG_GATHERV,
                            a->comm, &reqs[n++]);
    rc = coll__waitall(n, reqs, rc);
    free(reqs);
    return rc;
}

const struct coll_algo coll_gatherv_algos[] = {
    { .name = "smpi_linear",
      .run = gatherv_smpi_linear,
      .help =
          "SMPI's gatherv: nonblocking sends to the root, which posts every receive and waits" },
    { .name = NULL },
};
