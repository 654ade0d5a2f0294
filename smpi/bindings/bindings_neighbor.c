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
    return smpi__coll_pmpi("MPI_Neighbor_allgather", COLL_NEIGHBOR_ALLGATHER, sendbuf, sendcount,
                           sendtype, recvbuf, recvcount, recvtype, comm);
}
#pragma weak MPI_Neighbor_allgather = PMPI_Neighbor_allgather

int PMPI_Neighbor_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                             void *recvbuf, const int recvcounts[], const int displs[],
                             MPI_Datatype recvtype, MPI_Comm comm)
{
    return smpi__coll_pmpi("MPI_Neighbor_allgatherv", COLL_NEIGHBOR_ALLGATHERV, sendbuf, sendcount,
                           sendtype, recvbuf, recvcounts, displs, recvtype, comm);
}
#pragma weak MPI_Neighbor_allgatherv = PMPI_Neighbor_allgatherv

int PMPI_Neighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                           int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    return smpi__coll_pmpi("MPI_Neighbor_alltoall", COLL_NEIGHBOR_ALLTOALL, sendbuf, sendcount,
                           sendtype, recvbuf, recvcount, recvtype, comm);
}
#pragma weak MPI_Neighbor_alltoall = PMPI_Neighbor_alltoall

int PMPI_Neighbor_alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
                            MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                            const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
    return smpi__coll_pmpi("MPI_Neighbor_alltoallv", COLL_NEIGHBOR_ALLTOALLV, sendbuf, sendcounts,
                           sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm);
}
#pragma weak MPI_Neighbor_alltoallv = PMPI_Neighbor_alltoallv

int PMPI_Neighbor_alltoallw(const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                            const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                            const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm)
{
    return smpi__coll_pmpi("MPI_Neighbor_alltoallw", COLL_NEIGHBOR_ALLTOALLW, sendbuf, sendcounts,
                           sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm);
}
#pragma weak MPI_Neighbor_alltoallw = PMPI_Neighbor_alltoallw
