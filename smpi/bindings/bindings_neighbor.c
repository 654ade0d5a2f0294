/* bindings_neighbor: the neighbourhood collectives (MPI-3.1 section 7.6) on Cartesian, graph
 * and distributed graph communicators; the algorithms live in collectives/neighbor.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "collectives/collectives.h"
#include "smpi/internal.h"

int PMPI_Neighbor_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                            void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    struct coll_args a = { .sbuf = sendbuf,
                           .scount = sendcount,
                           .stype = sendtype,
                           .rbuf = recvbuf,
                           .rcount = recvcount,
                           .rtype = recvtype,
                           .comm = comm };

    return smpi__coll_call("MPI_Neighbor_allgather", COLL_NEIGHBOR_ALLGATHER, &a);
}
#pragma weak MPI_Neighbor_allgather = PMPI_Neighbor_allgather

int PMPI_Neighbor_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                             void *recvbuf, const int recvcounts[], const int displs[],
                             MPI_Datatype recvtype, MPI_Comm comm)
{
    struct coll_args a = { .sbuf = sendbuf,
                           .scount = sendcount,
                           .stype = sendtype,
                           .rbuf = recvbuf,
                           .rcounts = recvcounts,
                           .rdispls = displs,
                           .rtype = recvtype,
                           .comm = comm };

    return smpi__coll_call("MPI_Neighbor_allgatherv", COLL_NEIGHBOR_ALLGATHERV, &a);
}
#pragma weak MPI_Neighbor_allgatherv = PMPI_Neighbor_allgatherv

int PMPI_Neighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                           int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    struct coll_args a = { .sbuf = sendbuf,
                           .scount = sendcount,
                           .stype = sendtype,
                           .rbuf = recvbuf,
                           .rcount = recvcount,
                           .rtype = recvtype,
                           .comm = comm };

    return smpi__coll_call("MPI_Neighbor_alltoall", COLL_NEIGHBOR_ALLTOALL, &a);
}
#pragma weak MPI_Neighbor_alltoall = PMPI_Neighbor_alltoall

int PMPI_Neighbor_alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
                            MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                            const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
    struct coll_args a = { .sbuf = sendbuf,
                           .scounts = sendcounts,
                           .sdispls = sdispls,
                           .stype = sendtype,
                           .rbuf = recvbuf,
                           .rcounts = recvcounts,
                           .rdispls = rdispls,
                           .rtype = recvtype,
                           .comm = comm };

    return smpi__coll_call("MPI_Neighbor_alltoallv", COLL_NEIGHBOR_ALLTOALLV, &a);
}
#pragma weak MPI_Neighbor_alltoallv = PMPI_Neighbor_alltoallv

int PMPI_Neighbor_alltoallw(const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                            const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                            const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm)
{
    struct coll_args a = { .sbuf = sendbuf,
                           .scounts = sendcounts,
                           .sbdispls = sdispls,
                           .stypes = sendtypes,
                           .rbuf = recvbuf,
                           .rcounts = recvcounts,
                           .rbdispls = rdispls,
                           .rtypes = recvtypes,
                           .comm = comm };

    return smpi__coll_call("MPI_Neighbor_alltoallw", COLL_NEIGHBOR_ALLTOALLW, &a);
}
#pragma weak MPI_Neighbor_alltoallw = PMPI_Neighbor_alltoallw
