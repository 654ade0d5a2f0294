/* coll_calls: the collectives' MPI calls, one row each: the names of its blocking, nonblocking
 * (MPI_I...) and persistent (MPI_..._init) forms, its kind, its parameters in MPI's order and
 * the arguments that pass them on. bindings_coll.c, bindings_icoll.c and bindings_pcoll.c
 * expand the rows into their bindings (the nonblocking form adds the request, the persistent one
 * the info and the request); smpi__coll_pack (coll_call.c) reads the arguments as the kind's
 * descriptor says. MPI_Reduce_scatter_block and its forms, whose count becomes a per-rank
 * array, are written by hand in the three files. Adding a collective: one row here, its kind
 * and descriptor (collectives/collectives.def), its algorithms. */
#ifndef SMPI_BINDINGS_COLL_CALLS_H
#define SMPI_BINDINGS_COLL_CALLS_H

#include "smpi/bindings/check.h" /* SMPI_WEAK */

/* The contents of a parenthesised list: SMPI_LIST (a, b) is a, b. */
#define SMPI_LIST(...) __VA_ARGS__

/* clang-format off */
#define SMPI_COLL_CALLS(X)                                                                         \
    X(MPI_Barrier, MPI_Ibarrier, MPI_Barrier_init, COLL_BARRIER,                                   \
      (MPI_Comm comm), (comm))                                                                     \
    X(MPI_Bcast, MPI_Ibcast, MPI_Bcast_init, COLL_BCAST,                                           \
      (void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm),                   \
      (buffer, count, datatype, root, comm))                                                       \
    X(MPI_Gather, MPI_Igather, MPI_Gather_init, COLL_GATHER,                                       \
      (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,    \
       MPI_Datatype recvtype, int root, MPI_Comm comm),                                            \
      (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm))                    \
    X(MPI_Gatherv, MPI_Igatherv, MPI_Gatherv_init, COLL_GATHERV,                                   \
      (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,                   \
       const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm), \
      (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm))           \
    X(MPI_Scatter, MPI_Iscatter, MPI_Scatter_init, COLL_SCATTER,                                   \
      (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,    \
       MPI_Datatype recvtype, int root, MPI_Comm comm),                                            \
      (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm))                    \
    X(MPI_Scatterv, MPI_Iscatterv, MPI_Scatterv_init, COLL_SCATTERV,                               \
      (const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,     \
       void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm),              \
      (sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm))           \
    X(MPI_Allgather, MPI_Iallgather, MPI_Allgather_init, COLL_ALLGATHER,                           \
      (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,    \
       MPI_Datatype recvtype, MPI_Comm comm),                                                      \
      (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm))                          \
    X(MPI_Allgatherv, MPI_Iallgatherv, MPI_Allgatherv_init, COLL_ALLGATHERV,                       \
      (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,                   \
       const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm),          \
      (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm))                 \
    X(MPI_Alltoall, MPI_Ialltoall, MPI_Alltoall_init, COLL_ALLTOALL,                               \
      (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,    \
       MPI_Datatype recvtype, MPI_Comm comm),                                                      \
      (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm))                          \
    X(MPI_Alltoallv, MPI_Ialltoallv, MPI_Alltoallv_init, COLL_ALLTOALLV,                           \
      (const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,    \
       void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,          \
       MPI_Comm comm),                                                                             \
      (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm))      \
    X(MPI_Alltoallw, MPI_Ialltoallw, MPI_Alltoallw_init, COLL_ALLTOALLW,                           \
      (const void *sendbuf, const int sendcounts[], const int sdispls[],                           \
       const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const int rdispls[], \
       const MPI_Datatype recvtypes[], MPI_Comm comm),                                             \
      (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm))    \
    X(MPI_Reduce, MPI_Ireduce, MPI_Reduce_init, COLL_REDUCE,                                       \
      (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,  \
       MPI_Comm comm),                                                                             \
      (sendbuf, recvbuf, count, datatype, op, root, comm))                                         \
    X(MPI_Allreduce, MPI_Iallreduce, MPI_Allreduce_init, COLL_ALLREDUCE,                           \
      (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,            \
       MPI_Comm comm),                                                                             \
      (sendbuf, recvbuf, count, datatype, op, comm))                                               \
    X(MPI_Reduce_scatter, MPI_Ireduce_scatter, MPI_Reduce_scatter_init, COLL_REDUCE_SCATTER,       \
      (const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype,          \
       MPI_Op op, MPI_Comm comm),                                                                  \
      (sendbuf, recvbuf, recvcounts, datatype, op, comm))                                          \
    X(MPI_Scan, MPI_Iscan, MPI_Scan_init, COLL_SCAN,                                               \
      (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,            \
       MPI_Comm comm),                                                                             \
      (sendbuf, recvbuf, count, datatype, op, comm))                                               \
    X(MPI_Exscan, MPI_Iexscan, MPI_Exscan_init, COLL_EXSCAN,                                       \
      (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,            \
       MPI_Comm comm),                                                                             \
      (sendbuf, recvbuf, count, datatype, op, comm))                                               \
    X(MPI_Neighbor_allgather, MPI_Ineighbor_allgather, MPI_Neighbor_allgather_init,                \
      COLL_NEIGHBOR_ALLGATHER,                                                                     \
      (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,    \
       MPI_Datatype recvtype, MPI_Comm comm),                                                      \
      (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm))                          \
    X(MPI_Neighbor_allgatherv, MPI_Ineighbor_allgatherv, MPI_Neighbor_allgatherv_init,             \
      COLL_NEIGHBOR_ALLGATHERV,                                                                    \
      (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,                   \
       const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm),          \
      (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm))                 \
    X(MPI_Neighbor_alltoall, MPI_Ineighbor_alltoall, MPI_Neighbor_alltoall_init,                   \
      COLL_NEIGHBOR_ALLTOALL,                                                                      \
      (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,    \
       MPI_Datatype recvtype, MPI_Comm comm),                                                      \
      (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm))                          \
    X(MPI_Neighbor_alltoallv, MPI_Ineighbor_alltoallv, MPI_Neighbor_alltoallv_init,                \
      COLL_NEIGHBOR_ALLTOALLV,                                                                     \
      (const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,    \
       void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,          \
       MPI_Comm comm),                                                                             \
      (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm))      \
    X(MPI_Neighbor_alltoallw, MPI_Ineighbor_alltoallw, MPI_Neighbor_alltoallw_init,                \
      COLL_NEIGHBOR_ALLTOALLW,                                                                     \
      (const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[],                      \
       const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],                      \
       const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm),                   \
      (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm))
/* clang-format on */

#endif /* SMPI_BINDINGS_COLL_CALLS_H */
