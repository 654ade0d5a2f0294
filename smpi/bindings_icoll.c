/* bindings_icoll: the nonblocking collectives of MPI-3.1 (sections 5.12 and 7.7). Each call starts
 * a helper actor on the rank's host that runs the blocking collective, with the same algorithms and
 * costs, on a private communicator derived from the user's one: every rank starts its nonblocking
 * collectives on a communicator in the same order (the standard requires it), so the n-th one of
 * each rank meets the others' n-th on the same fresh matching contexts, and outstanding collectives
 * and point-to-point traffic never mix. The request completes when the helper finishes;
 * MPI_Wait/MPI_Test then work as for any request. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>

#include "smpi/check.h"
#include "smpi/internal.h"

enum nbc_kind {
    NBC_BARRIER,
    NBC_BCAST,
    NBC_GATHER,
    NBC_GATHERV,
    NBC_SCATTER,
    NBC_SCATTERV,
    NBC_ALLGATHER,
    NBC_ALLGATHERV,
    NBC_ALLTOALL,
    NBC_ALLTOALLV,
    NBC_ALLTOALLW,
    NBC_REDUCE,
    NBC_ALLREDUCE,
    NBC_REDUCE_SCATTER_BLOCK,
    NBC_REDUCE_SCATTER,
    NBC_SCAN,
    NBC_EXSCAN,
    NBC_NEIGHBOR_ALLGATHER,
    NBC_NEIGHBOR_ALLGATHERV,
    NBC_NEIGHBOR_ALLTOALL,
    NBC_NEIGHBOR_ALLTOALLV,
    NBC_NEIGHBOR_ALLTOALLW,
};

/* The arguments of any collective (the user's arrays must stay valid until completion). */
struct nbc {
    struct smpi_process proc; /* the helper's view of its rank (own actor, never computing) */
    enum nbc_kind kind;
    MPI_Request req;
    MPI_Comm comm; /* the private communicator */
    const void *sbuf;
    void *rbuf;
    int scount;
    int rcount;
    const int *scounts;
    const int *rcounts;
    const int *sdispls;
    const int *rdispls;
    MPI_Datatype stype;
    MPI_Datatype rtype;
    const MPI_Datatype *stypes;
    const MPI_Datatype *rtypes;
    const MPI_Aint *sdispls_bytes; /* MPI_Neighbor_alltoallw */
    const MPI_Aint *rdispls_bytes;
    MPI_Op op;
    int root;
};

static int run_collective(struct nbc *n)
{
    MPI_Comm c = n->comm;

    switch (n->kind) {
    case NBC_BARRIER:
        return PMPI_Barrier(c);
    case NBC_BCAST:
        return PMPI_Bcast(n->rbuf, n->rcount, n->rtype, n->root, c);
    case NBC_GATHER:
        return PMPI_Gather(n->sbuf, n->scount, n->stype, n->rbuf, n->rcount, n->rtype, n->root, c);
    case NBC_GATHERV:
        return PMPI_Gatherv(n->sbuf, n->scount, n->stype, n->rbuf, n->rcounts, n->rdispls, n->rtype,
                            n->root, c);
    case NBC_SCATTER:
        return PMPI_Scatter(n->sbuf, n->scount, n->stype, n->rbuf, n->rcount, n->rtype, n->root, c);
    case NBC_SCATTERV:
        return PMPI_Scatterv(n->sbuf, n->scounts, n->sdispls, n->stype, n->rbuf, n->rcount,
                             n->rtype, n->root, c);
    case NBC_ALLGATHER:
        return PMPI_Allgather(n->sbuf, n->scount, n->stype, n->rbuf, n->rcount, n->rtype, c);
    case NBC_ALLGATHERV:
        return PMPI_Allgatherv(n->sbuf, n->scount, n->stype, n->rbuf, n->rcounts, n->rdispls,
                               n->rtype, c);
    case NBC_ALLTOALL:
        return PMPI_Alltoall(n->sbuf, n->scount, n->stype, n->rbuf, n->rcount, n->rtype, c);
    case NBC_ALLTOALLV:
        return PMPI_Alltoallv(n->sbuf, n->scounts, n->sdispls, n->stype, n->rbuf, n->rcounts,
                              n->rdispls, n->rtype, c);
    case NBC_ALLTOALLW:
        return PMPI_Alltoallw(n->sbuf, n->scounts, n->sdispls, n->stypes, n->rbuf, n->rcounts,
                              n->rdispls, n->rtypes, c);
    case NBC_REDUCE:
        return PMPI_Reduce(n->sbuf, n->rbuf, n->rcount, n->rtype, n->op, n->root, c);
    case NBC_ALLREDUCE:
        return PMPI_Allreduce(n->sbuf, n->rbuf, n->rcount, n->rtype, n->op, c);
    case NBC_REDUCE_SCATTER_BLOCK:
        return PMPI_Reduce_scatter_block(n->sbuf, n->rbuf, n->rcount, n->rtype, n->op, c);
    case NBC_REDUCE_SCATTER:
        return PMPI_Reduce_scatter(n->sbuf, n->rbuf, n->rcounts, n->rtype, n->op, c);
    case NBC_SCAN:
        return PMPI_Scan(n->sbuf, n->rbuf, n->rcount, n->rtype, n->op, c);
    case NBC_EXSCAN:
        return PMPI_Exscan(n->sbuf, n->rbuf, n->rcount, n->rtype, n->op, c);
    case NBC_NEIGHBOR_ALLGATHER:
        return PMPI_Neighbor_allgather(n->sbuf, n->scount, n->stype, n->rbuf, n->rcount, n->rtype,
                                       c);
    case NBC_NEIGHBOR_ALLGATHERV:
        return PMPI_Neighbor_allgatherv(n->sbuf, n->scount, n->stype, n->rbuf, n->rcounts,
                                        n->rdispls, n->rtype, c);
    case NBC_NEIGHBOR_ALLTOALL:
        return PMPI_Neighbor_alltoall(n->sbuf, n->scount, n->stype, n->rbuf, n->rcount, n->rtype,
                                      c);
    case NBC_NEIGHBOR_ALLTOALLV:
        return PMPI_Neighbor_alltoallv(n->sbuf, n->scounts, n->sdispls, n->stype, n->rbuf,
                                       n->rcounts, n->rdispls, n->rtype, c);
    case NBC_NEIGHBOR_ALLTOALLW:
        return PMPI_Neighbor_alltoallw(n->sbuf, n->scounts, n->sdispls_bytes, n->stypes, n->rbuf,
                                       n->rcounts, n->rdispls_bytes, n->rtypes, c);
    }
    return MPI_ERR_INTERN;
}

static void helper_main(void *arg)
{
    struct nbc *n = arg;
    MPI_Request req = n->req;

    n->proc.actor = sim_actor_self();
    req->error = run_collective(n);
    smpi__comm_release(n->comm);
    smpi__req_complete(req);
    smpi__req_release(req); /* the helper's reference */
    free(n);
}

/* Starts the collective described by *args on comm; *request gets its request. */
static int start(const char *call, MPI_Comm comm, MPI_Request *request, const struct nbc *args)
{
    struct smpi_process *self;
    struct smpi_group *g;
    struct nbc *n;
    struct sim_actor *a;
    char name[64];

    SMPI_CHECK_INIT(call);
    SMPI_CHECK_COMM(call, comm);
    SMPI_CHECK_INTRA(call, comm);
    SMPI_CHECK_ARG(call, comm, request);
    smpi__enter(call);
    self = smpi__self();
    n = sim_xmalloc(sizeof(*n));
    *n = *args;
    n->proc = *self;
    n->proc.depth = 1; /* inside MPI for good: no computation is measured or injected */
    n->proc.call = call;
    n->proc.call_comm = NULL;
    g = smpi__comm_group(comm);
    n->comm = smpi__comm_derive(comm, g);
    smpi__group_release(g);
    n->comm->errhandler = comm->errhandler;
    if (comm->topo && !n->comm->topo) { /* the neighbourhood collectives need the topology */
        n->comm->topo = comm->topo;
        smpi__topo_ref(comm->topo);
    }
    n->req = smpi__req_new(0, NULL, 0, MPI_BYTE, MPI_PROC_NULL, 0, comm);
    n->req->flags = (n->req->flags & ~SMPI_REQ_PROCNULL) | SMPI_REQ_ACTIVE | SMPI_REQ_NBC;
    smpi__status_empty(&n->req->status);
    n->req->refcount++; /* held by the helper until completion */
    *request = n->req;
    snprintf(name, sizeof(name), "rank %d %s", self->rank, call);
    a = sim_actor_create(name, self->host, helper_main, n);
    sim_actor_set_data(a, &n->proc);
    smpi__leave();
    return MPI_SUCCESS;
}

int PMPI_Ibarrier(MPI_Comm comm, MPI_Request *request)
{
    struct nbc a = { .kind = NBC_BARRIER };

    return start("MPI_Ibarrier", comm, request, &a);
}
#pragma weak MPI_Ibarrier = PMPI_Ibarrier

int PMPI_Ibcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                MPI_Request *request)
{
    struct nbc a = {
        .kind = NBC_BCAST, .rbuf = buffer, .rcount = count, .rtype = datatype, .root = root
    };

    return start("MPI_Ibcast", comm, request, &a);
}
#pragma weak MPI_Ibcast = PMPI_Ibcast

int PMPI_Igather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                 MPI_Request *request)
{
    struct nbc a = { .kind = NBC_GATHER,
                     .sbuf = sendbuf,
                     .scount = sendcount,
                     .stype = sendtype,
                     .rbuf = recvbuf,
                     .rcount = recvcount,
                     .rtype = recvtype,
                     .root = root };

    return start("MPI_Igather", comm, request, &a);
}
#pragma weak MPI_Igather = PMPI_Igather

int PMPI_Igatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                  const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                  MPI_Comm comm, MPI_Request *request)
{
    struct nbc a = { .kind = NBC_GATHERV,
                     .sbuf = sendbuf,
                     .scount = sendcount,
                     .stype = sendtype,
                     .rbuf = recvbuf,
                     .rcounts = recvcounts,
                     .rdispls = displs,
                     .rtype = recvtype,
                     .root = root };

    return start("MPI_Igatherv", comm, request, &a);
}
#pragma weak MPI_Igatherv = PMPI_Igatherv

int PMPI_Iscatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                  MPI_Request *request)
{
    struct nbc a = { .kind = NBC_SCATTER,
                     .sbuf = sendbuf,
                     .scount = sendcount,
                     .stype = sendtype,
                     .rbuf = recvbuf,
                     .rcount = recvcount,
                     .rtype = recvtype,
                     .root = root };

    return start("MPI_Iscatter", comm, request, &a);
}
#pragma weak MPI_Iscatter = PMPI_Iscatter

int PMPI_Iscatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                   MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                   int root, MPI_Comm comm, MPI_Request *request)
{
    struct nbc a = { .kind = NBC_SCATTERV,
                     .sbuf = sendbuf,
                     .scounts = sendcounts,
                     .sdispls = displs,
                     .stype = sendtype,
                     .rbuf = recvbuf,
                     .rcount = recvcount,
                     .rtype = recvtype,
                     .root = root };

    return start("MPI_Iscatterv", comm, request, &a);
}
#pragma weak MPI_Iscatterv = PMPI_Iscatterv

int PMPI_Iallgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                    int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    struct nbc a = { .kind = NBC_ALLGATHER,
                     .sbuf = sendbuf,
                     .scount = sendcount,
                     .stype = sendtype,
                     .rbuf = recvbuf,
                     .rcount = recvcount,
                     .rtype = recvtype };

    return start("MPI_Iallgather", comm, request, &a);
}
#pragma weak MPI_Iallgather = PMPI_Iallgather

int PMPI_Iallgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                     const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                     MPI_Comm comm, MPI_Request *request)
{
    struct nbc a = { .kind = NBC_ALLGATHERV,
                     .sbuf = sendbuf,
                     .scount = sendcount,
                     .stype = sendtype,
                     .rbuf = recvbuf,
                     .rcounts = recvcounts,
                     .rdispls = displs,
                     .rtype = recvtype };

    return start("MPI_Iallgatherv", comm, request, &a);
}
#pragma weak MPI_Iallgatherv = PMPI_Iallgatherv

int PMPI_Ialltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                   int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    struct nbc a = { .kind = NBC_ALLTOALL,
                     .sbuf = sendbuf,
                     .scount = sendcount,
                     .stype = sendtype,
                     .rbuf = recvbuf,
                     .rcount = recvcount,
                     .rtype = recvtype };

    return start("MPI_Ialltoall", comm, request, &a);
}
#pragma weak MPI_Ialltoall = PMPI_Ialltoall

int PMPI_Ialltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
                    MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                    const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    struct nbc a = { .kind = NBC_ALLTOALLV,
                     .sbuf = sendbuf,
                     .scounts = sendcounts,
                     .sdispls = sdispls,
                     .stype = sendtype,
                     .rbuf = recvbuf,
                     .rcounts = recvcounts,
                     .rdispls = rdispls,
                     .rtype = recvtype };

    return start("MPI_Ialltoallv", comm, request, &a);
}
#pragma weak MPI_Ialltoallv = PMPI_Ialltoallv

int PMPI_Ialltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[],
                    const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                    const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                    MPI_Request *request)
{
    struct nbc a = { .kind = NBC_ALLTOALLW,
                     .sbuf = sendbuf,
                     .scounts = sendcounts,
                     .sdispls = sdispls,
                     .stypes = sendtypes,
                     .rbuf = recvbuf,
                     .rcounts = recvcounts,
                     .rdispls = rdispls,
                     .rtypes = recvtypes };

    return start("MPI_Ialltoallw", comm, request, &a);
}
#pragma weak MPI_Ialltoallw = PMPI_Ialltoallw

/* The reductions share one shape: sendbuf, recvbuf, count, type, op. */
static int reduction(const char *call, enum nbc_kind kind, const void *sendbuf, void *recvbuf,
                     int count, const int *counts, MPI_Datatype datatype, MPI_Op op, int root,
                     MPI_Comm comm, MPI_Request *request)
{
    struct nbc a = { .kind = kind,
                     .sbuf = sendbuf,
                     .rbuf = recvbuf,
                     .rcount = count,
                     .rcounts = counts,
                     .rtype = datatype,
                     .op = op,
                     .root = root };

    return start(call, comm, request, &a);
}

int PMPI_Ireduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                 int root, MPI_Comm comm, MPI_Request *request)
{
    return reduction("MPI_Ireduce", NBC_REDUCE, sendbuf, recvbuf, count, NULL, datatype, op, root,
                     comm, request);
}
#pragma weak MPI_Ireduce = PMPI_Ireduce

int PMPI_Iallreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                    MPI_Comm comm, MPI_Request *request)
{
    return reduction("MPI_Iallreduce", NBC_ALLREDUCE, sendbuf, recvbuf, count, NULL, datatype, op,
                     0, comm, request);
}
#pragma weak MPI_Iallreduce = PMPI_Iallreduce

int PMPI_Ireduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount,
                               MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                               MPI_Request *request)
{
    return reduction("MPI_Ireduce_scatter_block", NBC_REDUCE_SCATTER_BLOCK, sendbuf, recvbuf,
                     recvcount, NULL, datatype, op, 0, comm, request);
}
#pragma weak MPI_Ireduce_scatter_block = PMPI_Ireduce_scatter_block

int PMPI_Ireduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[],
                         MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
    return reduction("MPI_Ireduce_scatter", NBC_REDUCE_SCATTER, sendbuf, recvbuf, 0, recvcounts,
                     datatype, op, 0, comm, request);
}
#pragma weak MPI_Ireduce_scatter = PMPI_Ireduce_scatter

int PMPI_Iscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
               MPI_Comm comm, MPI_Request *request)
{
    return reduction("MPI_Iscan", NBC_SCAN, sendbuf, recvbuf, count, NULL, datatype, op, 0, comm,
                     request);
}
#pragma weak MPI_Iscan = PMPI_Iscan

int PMPI_Iexscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                 MPI_Comm comm, MPI_Request *request)
{
    return reduction("MPI_Iexscan", NBC_EXSCAN, sendbuf, recvbuf, count, NULL, datatype, op, 0,
                     comm, request);
}
#pragma weak MPI_Iexscan = PMPI_Iexscan

int PMPI_Ineighbor_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                             void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                             MPI_Request *request)
{
    struct nbc a = { .kind = NBC_NEIGHBOR_ALLGATHER,
                     .sbuf = sendbuf,
                     .scount = sendcount,
                     .stype = sendtype,
                     .rbuf = recvbuf,
                     .rcount = recvcount,
                     .rtype = recvtype };

    return start("MPI_Ineighbor_allgather", comm, request, &a);
}
#pragma weak MPI_Ineighbor_allgather = PMPI_Ineighbor_allgather

int PMPI_Ineighbor_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                              void *recvbuf, const int recvcounts[], const int displs[],
                              MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    struct nbc a = { .kind = NBC_NEIGHBOR_ALLGATHERV,
                     .sbuf = sendbuf,
                     .scount = sendcount,
                     .stype = sendtype,
                     .rbuf = recvbuf,
                     .rcounts = recvcounts,
                     .rdispls = displs,
                     .rtype = recvtype };

    return start("MPI_Ineighbor_allgatherv", comm, request, &a);
}
#pragma weak MPI_Ineighbor_allgatherv = PMPI_Ineighbor_allgatherv

int PMPI_Ineighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                            void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                            MPI_Request *request)
{
    struct nbc a = { .kind = NBC_NEIGHBOR_ALLTOALL,
                     .sbuf = sendbuf,
                     .scount = sendcount,
                     .stype = sendtype,
                     .rbuf = recvbuf,
                     .rcount = recvcount,
                     .rtype = recvtype };

    return start("MPI_Ineighbor_alltoall", comm, request, &a);
}
#pragma weak MPI_Ineighbor_alltoall = PMPI_Ineighbor_alltoall

int PMPI_Ineighbor_alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
                             MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                             const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                             MPI_Request *request)
{
    struct nbc a = { .kind = NBC_NEIGHBOR_ALLTOALLV,
                     .sbuf = sendbuf,
                     .scounts = sendcounts,
                     .sdispls = sdispls,
                     .stype = sendtype,
                     .rbuf = recvbuf,
                     .rcounts = recvcounts,
                     .rdispls = rdispls,
                     .rtype = recvtype };

    return start("MPI_Ineighbor_alltoallv", comm, request, &a);
}
#pragma weak MPI_Ineighbor_alltoallv = PMPI_Ineighbor_alltoallv

int PMPI_Ineighbor_alltoallw(const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                             const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                             const MPI_Aint rdispls[], const MPI_Datatype recvtypes[],
                             MPI_Comm comm, MPI_Request *request)
{
    struct nbc a = { .kind = NBC_NEIGHBOR_ALLTOALLW,
                     .sbuf = sendbuf,
                     .scounts = sendcounts,
                     .sdispls_bytes = sdispls,
                     .stypes = sendtypes,
                     .rbuf = recvbuf,
                     .rcounts = recvcounts,
                     .rdispls_bytes = rdispls,
                     .rtypes = recvtypes };

    return start("MPI_Ineighbor_alltoallw", comm, request, &a);
}
#pragma weak MPI_Ineighbor_alltoallw = PMPI_Ineighbor_alltoallw
