/* bindings_neighbor: the neighbourhood collectives (MPI-3.1 section 7.6) on Cartesian, graph
 * and distributed graph communicators. Every variant posts one receive per in-neighbour and
 * one send per out-neighbour on the communicator's collective context and waits for all of
 * them. A Cartesian neighbour may appear twice (a periodic dimension of size 1 or 2), so the
 * message sent to out-slot 2d+1 carries a tag that the receiver expects in in-slot 2d, and
 * conversely; graph neighbours rely on the non-overtaking order of one tag. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>

#include "smpi/check.h"
#include "smpi/internal.h"

/* Below the collectives' reserved tags (collectives/collectives.h uses -10 down to -26). */
#define NEIGHBOR_TAG (-64)

/* One neighbourhood exchange: block i of the send side goes to out[i], block j of the receive
 * side comes from in[j]. */
struct exchange {
    const void *sbuf;
    const int *scounts;        /* per out-neighbour; NULL: scount for all */
    int scount;
    const MPI_Aint *sdispls;   /* bytes; NULL: i * scount * extent (or sdispls_int) */
    const int *sdispls_int;    /* in elements of stype */
    const MPI_Datatype *stypes;
    MPI_Datatype stype;
    bool same_block;           /* allgather: every out-neighbour gets the one send block */
    void *rbuf;
    const int *rcounts;
    int rcount;
    const MPI_Aint *rdispls;
    const int *rdispls_int;
    const MPI_Datatype *rtypes;
    MPI_Datatype rtype;
};

static MPI_Aint block_offset(const MPI_Aint *bytes, const int *elems, int i, int count,
                             MPI_Datatype t)
{
    MPI_Aint ext = smpi_type_extent(t);

    if (bytes)
        return bytes[i];
    if (elems)
        return (MPI_Aint)elems[i] * ext;
    return (MPI_Aint)i * count * ext;
}

/* Posts the exchange's receives then sends into reqs (nin + nout entries). */
static void post(MPI_Comm comm, const struct exchange *x, MPI_Request *reqs, int *nreq)
{
    int *in;
    int *out;
    int nin;
    int nout;
    bool cart = smpi__topo_is_cart(comm);

    smpi__topo_neighbors(comm, &in, &nin, &out, &nout);
    *nreq = 0;
    for (int j = 0; j < nin; j++) {
        MPI_Datatype t = x->rtypes ? x->rtypes[j] : x->rtype;
        int count = x->rcounts ? x->rcounts[j] : x->rcount;
        char *buf = (char *)x->rbuf + block_offset(x->rdispls, x->rdispls_int, j, x->rcount, t);
        int tag = cart ? NEIGHBOR_TAG - (j ^ 1) : NEIGHBOR_TAG;

        smpi_irecv(buf, count, t, in[j], tag, comm, &reqs[(*nreq)++]);
    }
    for (int i = 0; i < nout; i++) {
        MPI_Datatype t = x->stypes ? x->stypes[i] : x->stype;
        int count = x->scounts ? x->scounts[i] : x->scount;
        const char *buf = (const char *)x->sbuf;
        int tag = cart ? NEIGHBOR_TAG - i : NEIGHBOR_TAG;

        if (!x->same_block)
            buf += block_offset(x->sdispls, x->sdispls_int, i, x->scount, t);
        smpi_isend(buf, count, t, out[i], tag, comm, &reqs[(*nreq)++]);
    }
    free(in);
    free(out);
}

static int run(const char *call, MPI_Comm comm, const struct exchange *x)
{
    int *in;
    int *out;
    int nin;
    int nout;
    int n;
    MPI_Request *reqs;
    int rc;

    SMPI_CHECK_INIT(call);
    SMPI_CHECK_COMM(call, comm);
    if (smpi__topo_neighbors(comm, &in, &nin, &out, &nout) != MPI_SUCCESS)
        return smpi__error(comm, call, MPI_ERR_TOPOLOGY, "the communicator has no topology");
    free(in);
    free(out);
    smpi__enter(call);
    reqs = sim_xmalloc(((size_t)nin + (size_t)nout + 1) * sizeof(*reqs));
    post(comm, x, reqs, &n);
    rc = smpi_waitall(n, reqs, MPI_STATUSES_IGNORE);
    free(reqs);
    smpi__leave();
    return rc == MPI_SUCCESS ? rc : smpi__error(comm, call, rc, "a neighbour transfer failed");
}

int PMPI_Neighbor_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                            void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    struct exchange x = { .sbuf = sendbuf, .scount = sendcount, .stype = sendtype,
                          .same_block = true, .rbuf = recvbuf, .rcount = recvcount,
                          .rtype = recvtype };

    return run("MPI_Neighbor_allgather", comm, &x);
}
#pragma weak MPI_Neighbor_allgather = PMPI_Neighbor_allgather

int PMPI_Neighbor_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                             void *recvbuf, const int recvcounts[], const int displs[],
                             MPI_Datatype recvtype, MPI_Comm comm)
{
    struct exchange x = { .sbuf = sendbuf, .scount = sendcount, .stype = sendtype,
                          .same_block = true, .rbuf = recvbuf, .rcounts = recvcounts,
                          .rdispls_int = displs, .rtype = recvtype };

    return run("MPI_Neighbor_allgatherv", comm, &x);
}
#pragma weak MPI_Neighbor_allgatherv = PMPI_Neighbor_allgatherv

int PMPI_Neighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    struct exchange x = { .sbuf = sendbuf, .scount = sendcount, .stype = sendtype,
                          .rbuf = recvbuf, .rcount = recvcount, .rtype = recvtype };

    return run("MPI_Neighbor_alltoall", comm, &x);
}
#pragma weak MPI_Neighbor_alltoall = PMPI_Neighbor_alltoall

int PMPI_Neighbor_alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
                            MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                            const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
    struct exchange x = { .sbuf = sendbuf, .scounts = sendcounts, .sdispls_int = sdispls,
                          .stype = sendtype, .rbuf = recvbuf, .rcounts = recvcounts,
                          .rdispls_int = rdispls, .rtype = recvtype };

    return run("MPI_Neighbor_alltoallv", comm, &x);
}
#pragma weak MPI_Neighbor_alltoallv = PMPI_Neighbor_alltoallv

int PMPI_Neighbor_alltoallw(const void *sendbuf, const int sendcounts[],
                            const MPI_Aint sdispls[], const MPI_Datatype sendtypes[],
                            void *recvbuf, const int recvcounts[], const MPI_Aint rdispls[],
                            const MPI_Datatype recvtypes[], MPI_Comm comm)
{
    struct exchange x = { .sbuf = sendbuf, .scounts = sendcounts, .sdispls = sdispls,
                          .stypes = sendtypes, .rbuf = recvbuf, .rcounts = recvcounts,
                          .rdispls = rdispls, .rtypes = recvtypes };

    return run("MPI_Neighbor_alltoallw", comm, &x);
}
#pragma weak MPI_Neighbor_alltoallw = PMPI_Neighbor_alltoallw
