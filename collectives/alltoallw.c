/* alltoallw: MPI_Alltoallw algorithms. SimGrid SMPI 3.32 has a single implementation, its
 * nonblocking ialltoallw followed by a wait, which cannot be switched; it is reproduced here
 * as smpi_linear. */
#include <stdlib.h>

#include "collectives/internal.h"
#include "smpi/mpi/p2p_api.h"

#define TAG COLL_TAG_ALLTOALLW

/* Block j of each buffer sits at displacement [sr]displs[j] in bytes and has its own type. */
static const void *sblock(const struct coll_args *a, int peer)
{
    return (const char *)a->sbuf + a->sdispls[peer];
}

static void *rblock(const struct coll_args *a, int peer)
{
    return (char *)a->rbuf + a->rdispls[peer];
}

/* SMPI's alltoallw: copies the own block when both of its counts are non-zero, then posts the
 * receives from every other rank in rank order, then the sends to every other rank in rank
 * order, and waits for all of them. Reference: SimGrid 3.32 colls/smpi_coll.cpp
 * (colls::alltoallw) and colls/smpi_nbc_impl.cpp (ialltoallw). Cost: (p - 1) α + (p - 1) m β
 * when the links carry the flows in parallel (m the largest block). Needs: none. */
int coll__alltoallw_smpi_linear(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    MPI_Request *reqs;
    int n = 0;
    int rc = MPI_SUCCESS;

    if (a->scounts[rank] > 0 && a->rcounts[rank] != 0)
        rc = smpi_type_copy(sblock(a, rank), a->scounts[rank], a->stypes[rank], rblock(a, rank),
                            a->rcounts[rank], a->rtypes[rank]);
    if (rc != MPI_SUCCESS || size == 1)
        return rc;
    reqs = coll__reqs_alloc(2 * (size - 1));
    for (int i = 0; i < size && rc == MPI_SUCCESS; i++)
        if (i != rank)
            rc = smpi_irecv(rblock(a, i), a->rcounts[i], a->rtypes[i], i, TAG, a->comm, &reqs[n++]);
    for (int i = 0; i < size && rc == MPI_SUCCESS; i++)
        if (i != rank)
            rc = smpi_isend(sblock(a, i), a->scounts[i], a->stypes[i], i, TAG, a->comm, &reqs[n++]);
    return coll__waitall_free(n, reqs, rc);
}
