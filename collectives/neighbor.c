/* neighbor: the neighbourhood collectives (MPI-3.1 section 7.6) on Cartesian, graph and
 * distributed graph communicators: one receive posted per in-neighbour, then one send per
 * out-neighbour, all waited for together. SMPI 3.32 has none of them. A Cartesian neighbour
 * may appear twice (a periodic dimension of size 1 or 2), so the message sent through out-slot
 * 2d+1 carries the tag the receiver expects in in-slot 2d, and conversely; graph neighbours
 * rely on the non-overtaking order of one tag. */
#include <stdbool.h>
#include <stdlib.h>

#include "collectives/internal.h"
#include "simcore/simcore.h"

/* Where block i of a neighbourhood buffer starts: byte displacements (alltoallw), element
 * displacements (v-variants), or i blocks of `count` elements. */
static void *block_at(const void *buf, const MPI_Aint *bytes, const int *elems, int i, int count,
                      MPI_Datatype t)
{
    MPI_Aint off = bytes   ? bytes[i]
                   : elems ? (MPI_Aint)elems[i] * smpi_type_extent(t)
                           : (MPI_Aint)i * count * smpi_type_extent(t);

    return (char *)buf + off;
}

/* The exchange of every neighbourhood collective. `same_block`: every out-neighbour gets the
 * whole send buffer (the allgathers). Cost: one message per neighbour, all at once. */
static int exchange(const struct coll_args *a, bool same_block)
{
    bool cart = smpi_topo_is_cart(a->comm);
    int *in = NULL;
    int *out = NULL;
    int nin = 0;
    int nout = 0;
    int n = 0;
    MPI_Request *reqs;
    int rc = smpi_topo_neighbors(a->comm, &in, &nin, &out, &nout);

    if (rc != MPI_SUCCESS)
        return rc;
    reqs = coll__reqs_alloc(nin + nout);
    for (int j = 0; j < nin; j++) {
        MPI_Datatype t = a->rtypes ? a->rtypes[j] : a->rtype;
        int count = a->rcounts ? a->rcounts[j] : a->rcount;
        int tag = cart ? COLL_TAG_NEIGHBOR - (j ^ 1) : COLL_TAG_NEIGHBOR;

        smpi_irecv(block_at(a->rbuf, a->rbdispls, a->rdispls, j, a->rcount, t), count, t, in[j],
                   tag, a->comm, &reqs[n++]);
    }
    for (int i = 0; i < nout; i++) {
        MPI_Datatype t = a->stypes ? a->stypes[i] : a->stype;
        int count = a->scounts ? a->scounts[i] : a->scount;
        int tag = cart ? COLL_TAG_NEIGHBOR - i : COLL_TAG_NEIGHBOR;
        const void *buf =
            same_block ? a->sbuf : block_at(a->sbuf, a->sbdispls, a->sdispls, i, a->scount, t);

        smpi_isend(buf, count, t, out[i], tag, a->comm, &reqs[n++]);
    }
    rc = coll__waitall(n, reqs, MPI_SUCCESS);
    free(reqs);
    free(in);
    free(out);
    return rc;
}

/* Reference: MPI-3.1 section 7.6; MPICH's neighbor_*_allcomm_nb. Cost: max(in, out) messages
 * of one block from each rank, in parallel. Needs: a process topology. */
int coll__neighbor_allgather_simmpi_linear(const struct coll_args *a)
{
    return exchange(a, true);
}

int coll__neighbor_alltoall_simmpi_linear(const struct coll_args *a)
{
    return exchange(a, false);
}
