/* bindings_pcoll: the persistent collectives of MPI-4.0 (section 6.13), MPI_<Coll>_init for
 * every blocking collective. Each binding is one statement: its MPI arguments, read by
 * smpi__coll_pack as the blocking call's, then info and request; smpi/mpi/pcoll.c checks them,
 * makes the request, and MPI_Start runs the nonblocking collective. No info key changes
 * anything: simmpi runs the algorithm the selector chooses. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdarg.h>
#include <stdlib.h>

#include "collectives/collectives.h"
#include "smpi/internal.h"

/* A persistent collective binding: its MPI arguments in MPI's order as smpi__coll_pack reads
 * them (coll_call.c), then the info (no key is read) and the request. */
static int init(const char *call, enum coll_kind kind, ...)
{
    va_list ap;
    struct coll_args a;
    MPI_Request *request;

    va_start(ap, kind);
    a = smpi__coll_pack(kind, &ap);
    (void)va_arg(ap, MPI_Info);
    request = va_arg(ap, MPI_Request *);
    va_end(ap);
    return smpi__pcoll_init(call, kind, &a, NULL, request);
}

int PMPI_Barrier_init(MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    return init("MPI_Barrier_init", COLL_BARRIER, comm, info, request);
}
#pragma weak MPI_Barrier_init = PMPI_Barrier_init

int PMPI_Bcast_init(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                    MPI_Info info, MPI_Request *request)
{
    return init("MPI_Bcast_init", COLL_BCAST, buffer, count, datatype, root, comm, info, request);
}
#pragma weak MPI_Bcast_init = PMPI_Bcast_init

int PMPI_Gather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                     int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                     MPI_Request *request)
{
    return init("MPI_Gather_init", COLL_GATHER, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                recvtype, root, comm, info, request);
}
#pragma weak MPI_Gather_init = PMPI_Gather_init

int PMPI_Gatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                      const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                      MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    return init("MPI_Gatherv_init", COLL_GATHERV, sendbuf, sendcount, sendtype, recvbuf, recvcounts,
                displs, recvtype, root, comm, info, request);
}
#pragma weak MPI_Gatherv_init = PMPI_Gatherv_init

int PMPI_Scatter_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                      int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                      MPI_Request *request)
{
    return init("MPI_Scatter_init", COLL_SCATTER, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                recvtype, root, comm, info, request);
}
#pragma weak MPI_Scatter_init = PMPI_Scatter_init

int PMPI_Scatterv_init(const void *sendbuf, const int sendcounts[], const int displs[],
                       MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                       int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    return init("MPI_Scatterv_init", COLL_SCATTERV, sendbuf, sendcounts, displs, sendtype, recvbuf,
                recvcount, recvtype, root, comm, info, request);
}
#pragma weak MPI_Scatterv_init = PMPI_Scatterv_init

int PMPI_Allgather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                        int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                        MPI_Request *request)
{
    return init("MPI_Allgather_init", COLL_ALLGATHER, sendbuf, sendcount, sendtype, recvbuf,
                recvcount, recvtype, comm, info, request);
}
#pragma weak MPI_Allgather_init = PMPI_Allgather_init

int PMPI_Allgatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                         const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                         MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    return init("MPI_Allgatherv_init", COLL_ALLGATHERV, sendbuf, sendcount, sendtype, recvbuf,
                recvcounts, displs, recvtype, comm, info, request);
}
#pragma weak MPI_Allgatherv_init = PMPI_Allgatherv_init

int PMPI_Alltoall_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                       int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                       MPI_Request *request)
{
    return init("MPI_Alltoall_init", COLL_ALLTOALL, sendbuf, sendcount, sendtype, recvbuf,
                recvcount, recvtype, comm, info, request);
}
#pragma weak MPI_Alltoall_init = PMPI_Alltoall_init

int PMPI_Alltoallv_init(const void *sendbuf, const int sendcounts[], const int sdispls[],
                        MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                        const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                        MPI_Request *request)
{
    return init("MPI_Alltoallv_init", COLL_ALLTOALLV, sendbuf, sendcounts, sdispls, sendtype,
                recvbuf, recvcounts, rdispls, recvtype, comm, info, request);
}
#pragma weak MPI_Alltoallv_init = PMPI_Alltoallv_init

int PMPI_Alltoallw_init(const void *sendbuf, const int sendcounts[], const int sdispls[],
                        const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                        const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                        MPI_Info info, MPI_Request *request)
{
    return init("MPI_Alltoallw_init", COLL_ALLTOALLW, sendbuf, sendcounts, sdispls, sendtypes,
                recvbuf, recvcounts, rdispls, recvtypes, comm, info, request);
}
#pragma weak MPI_Alltoallw_init = PMPI_Alltoallw_init

int PMPI_Reduce_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                     MPI_Op op, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    return init("MPI_Reduce_init", COLL_REDUCE, sendbuf, recvbuf, count, datatype, op, root, comm,
                info, request);
}
#pragma weak MPI_Reduce_init = PMPI_Reduce_init

int PMPI_Allreduce_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                        MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    return init("MPI_Allreduce_init", COLL_ALLREDUCE, sendbuf, recvbuf, count, datatype, op, comm,
                info, request);
}
#pragma weak MPI_Allreduce_init = PMPI_Allreduce_init

int PMPI_Reduce_scatter_block_init(const void *sendbuf, void *recvbuf, int recvcount,
                                   MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                                   MPI_Request *request)
{
    const char *call = "MPI_Reduce_scatter_block_init";
    struct coll_args a = {
        .sbuf = sendbuf, .rbuf = recvbuf, .type = datatype, .op = op, .comm = comm
    };
    int *counts;
    int rc = smpi__reduce_scatter_block_args(call, &a, recvcount, &counts);

    (void)info;
    return rc != MPI_SUCCESS ? rc
                             : smpi__pcoll_init(call, COLL_REDUCE_SCATTER, &a, counts, request);
}
#pragma weak MPI_Reduce_scatter_block_init = PMPI_Reduce_scatter_block_init

int PMPI_Reduce_scatter_init(const void *sendbuf, void *recvbuf, const int recvcounts[],
                             MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                             MPI_Request *request)
{
    return init("MPI_Reduce_scatter_init", COLL_REDUCE_SCATTER, sendbuf, recvbuf, recvcounts,
                datatype, op, comm, info, request);
}
#pragma weak MPI_Reduce_scatter_init = PMPI_Reduce_scatter_init

int PMPI_Scan_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                   MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    return init("MPI_Scan_init", COLL_SCAN, sendbuf, recvbuf, count, datatype, op, comm, info,
                request);
}
#pragma weak MPI_Scan_init = PMPI_Scan_init

int PMPI_Exscan_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                     MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    return init("MPI_Exscan_init", COLL_EXSCAN, sendbuf, recvbuf, count, datatype, op, comm, info,
                request);
}
#pragma weak MPI_Exscan_init = PMPI_Exscan_init

int PMPI_Neighbor_allgather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                 void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                 MPI_Info info, MPI_Request *request)
{
    return init("MPI_Neighbor_allgather_init", COLL_NEIGHBOR_ALLGATHER, sendbuf, sendcount,
                sendtype, recvbuf, recvcount, recvtype, comm, info, request);
}
#pragma weak MPI_Neighbor_allgather_init = PMPI_Neighbor_allgather_init

int PMPI_Neighbor_allgatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                  void *recvbuf, const int recvcounts[], const int displs[],
                                  MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                  MPI_Request *request)
{
    return init("MPI_Neighbor_allgatherv_init", COLL_NEIGHBOR_ALLGATHERV, sendbuf, sendcount,
                sendtype, recvbuf, recvcounts, displs, recvtype, comm, info, request);
}
#pragma weak MPI_Neighbor_allgatherv_init = PMPI_Neighbor_allgatherv_init

int PMPI_Neighbor_alltoall_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                MPI_Info info, MPI_Request *request)
{
    return init("MPI_Neighbor_alltoall_init", COLL_NEIGHBOR_ALLTOALL, sendbuf, sendcount, sendtype,
                recvbuf, recvcount, recvtype, comm, info, request);
}
#pragma weak MPI_Neighbor_alltoall_init = PMPI_Neighbor_alltoall_init

int PMPI_Neighbor_alltoallv_init(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                 MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                                 const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                                 MPI_Info info, MPI_Request *request)
{
    return init("MPI_Neighbor_alltoallv_init", COLL_NEIGHBOR_ALLTOALLV, sendbuf, sendcounts,
                sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, info, request);
}
#pragma weak MPI_Neighbor_alltoallv_init = PMPI_Neighbor_alltoallv_init

int PMPI_Neighbor_alltoallw_init(const void *sendbuf, const int sendcounts[],
                                 const MPI_Aint sdispls[], const MPI_Datatype sendtypes[],
                                 void *recvbuf, const int recvcounts[], const MPI_Aint rdispls[],
                                 const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info,
                                 MPI_Request *request)
{
    return init("MPI_Neighbor_alltoallw_init", COLL_NEIGHBOR_ALLTOALLW, sendbuf, sendcounts,
                sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, info, request);
}
#pragma weak MPI_Neighbor_alltoallw_init = PMPI_Neighbor_alltoallw_init
