/* smpi/mpi_calls_comm.h: the declarations of the MPI calls of point-to-point communication,
 * datatypes, collectives, groups, communicators, attributes, names and topologies (MPI-3.1
 * chapters 3 to 7). Part of <mpi.h>, which includes it with SMPI_FN defined (each line
 * declares MPI_<name> and PMPI_<name>): include <mpi.h>, not this file. */
#ifndef SMPI_MPI_H
#error "include <mpi.h>, not <smpi/mpi_calls_comm.h>"
#endif

/* clang-format off */
/* Point-to-point */
SMPI_FN(int, Send, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
        MPI_Comm comm))
SMPI_FN(int, Bsend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
        MPI_Comm comm))
SMPI_FN(int, Ssend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
        MPI_Comm comm))
SMPI_FN(int, Rsend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
        MPI_Comm comm))
SMPI_FN(int, Recv, (void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
        MPI_Status *status))
SMPI_FN(int, Get_count, (const MPI_Status *status, MPI_Datatype datatype, int *count))
SMPI_FN(int, Buffer_attach, (void *buffer, int size))
SMPI_FN(int, Buffer_detach, (void *buffer_addr, int *size))
SMPI_FN(int, Isend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
        MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Ibsend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
        MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Issend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
        MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Irsend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
        MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Irecv, (void *buf, int count, MPI_Datatype datatype, int source, int tag,
        MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Wait, (MPI_Request *request, MPI_Status *status))
SMPI_FN(int, Test, (MPI_Request *request, int *flag, MPI_Status *status))
SMPI_FN(int, Request_free, (MPI_Request *request))
SMPI_FN(int, Waitany, (int count, MPI_Request array_of_requests[], int *index, MPI_Status *status))
SMPI_FN(int, Testany, (int count, MPI_Request array_of_requests[], int *index, int *flag,
        MPI_Status *status))
SMPI_FN(int, Waitall, (int count, MPI_Request array_of_requests[], MPI_Status array_of_statuses[]))
SMPI_FN(int, Testall, (int count, MPI_Request array_of_requests[], int *flag,
        MPI_Status array_of_statuses[]))
SMPI_FN(int, Waitsome, (int incount, MPI_Request array_of_requests[], int *outcount,
        int array_of_indices[], MPI_Status array_of_statuses[]))
SMPI_FN(int, Testsome, (int incount, MPI_Request array_of_requests[], int *outcount,
        int array_of_indices[], MPI_Status array_of_statuses[]))
SMPI_FN(int, Request_get_status, (MPI_Request request, int *flag, MPI_Status *status))
SMPI_FN(int, Iprobe, (int source, int tag, MPI_Comm comm, int *flag, MPI_Status *status))
SMPI_FN(int, Probe, (int source, int tag, MPI_Comm comm, MPI_Status *status))
SMPI_FN(int, Improbe, (int source, int tag, MPI_Comm comm, int *flag, MPI_Message *message,
        MPI_Status *status))
SMPI_FN(int, Mprobe, (int source, int tag, MPI_Comm comm, MPI_Message *message, MPI_Status *status))
SMPI_FN(int, Mrecv, (void *buf, int count, MPI_Datatype datatype, MPI_Message *message,
        MPI_Status *status))
SMPI_FN(int, Imrecv, (void *buf, int count, MPI_Datatype datatype, MPI_Message *message,
        MPI_Request *request))
SMPI_FN(int, Cancel, (MPI_Request *request))
SMPI_FN(int, Test_cancelled, (const MPI_Status *status, int *flag))
SMPI_FN(int, Send_init, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
        MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Bsend_init, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
        MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Ssend_init, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
        MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Rsend_init, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
        MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Recv_init, (void *buf, int count, MPI_Datatype datatype, int source, int tag,
        MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Start, (MPI_Request *request))
SMPI_FN(int, Startall, (int count, MPI_Request array_of_requests[]))
SMPI_FN(int, Sendrecv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest,
        int sendtag, void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
        MPI_Comm comm, MPI_Status *status))
SMPI_FN(int, Sendrecv_replace, (void *buf, int count, MPI_Datatype datatype, int dest, int sendtag,
        int source, int recvtag, MPI_Comm comm, MPI_Status *status))

/* Datatypes */
SMPI_FN(int, Type_contiguous, (int count, MPI_Datatype oldtype, MPI_Datatype *newtype))
SMPI_FN(int, Type_vector, (int count, int blocklength, int stride, MPI_Datatype oldtype,
        MPI_Datatype *newtype))
SMPI_FN(int, Type_create_hvector, (int count, int blocklength, MPI_Aint stride,
        MPI_Datatype oldtype, MPI_Datatype *newtype))
SMPI_FN(int, Type_indexed, (int count, const int array_of_blocklengths[],
        const int array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype))
SMPI_FN(int, Type_create_hindexed, (int count, const int array_of_blocklengths[],
        const MPI_Aint array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype))
SMPI_FN(int, Type_create_indexed_block, (int count, int blocklength,
        const int array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype))
SMPI_FN(int, Type_create_hindexed_block, (int count, int blocklength,
        const MPI_Aint array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype))
SMPI_FN(int, Type_create_struct, (int count, const int array_of_blocklengths[],
        const MPI_Aint array_of_displacements[], const MPI_Datatype array_of_types[],
        MPI_Datatype *newtype))
SMPI_FN(int, Type_create_subarray, (int ndims, const int array_of_sizes[],
        const int array_of_subsizes[], const int array_of_starts[], int order, MPI_Datatype oldtype,
        MPI_Datatype *newtype))
SMPI_FN(int, Type_create_darray, (int size, int rank, int ndims, const int array_of_gsizes[],
        const int array_of_distribs[], const int array_of_dargs[], const int array_of_psizes[],
        int order, MPI_Datatype oldtype, MPI_Datatype *newtype))
SMPI_FN(int, Get_address, (const void *location, MPI_Aint *address))
SMPI_FN(MPI_Aint, Aint_add, (MPI_Aint base, MPI_Aint disp))
SMPI_FN(MPI_Aint, Aint_diff, (MPI_Aint addr1, MPI_Aint addr2))
SMPI_FN(int, Type_size, (MPI_Datatype datatype, int *size))
SMPI_FN(int, Type_size_x, (MPI_Datatype datatype, MPI_Count *size))
SMPI_FN(int, Type_get_extent, (MPI_Datatype datatype, MPI_Aint *lb, MPI_Aint *extent))
SMPI_FN(int, Type_get_extent_x, (MPI_Datatype datatype, MPI_Count *lb, MPI_Count *extent))
SMPI_FN(int, Type_create_resized, (MPI_Datatype oldtype, MPI_Aint lb, MPI_Aint extent,
        MPI_Datatype *newtype))
SMPI_FN(int, Type_get_true_extent, (MPI_Datatype datatype, MPI_Aint *true_lb,
        MPI_Aint *true_extent))
SMPI_FN(int, Type_get_true_extent_x, (MPI_Datatype datatype, MPI_Count *true_lb,
        MPI_Count *true_extent))
SMPI_FN(int, Type_commit, (MPI_Datatype *datatype))
SMPI_FN(int, Type_free, (MPI_Datatype *datatype))
SMPI_FN(int, Type_dup, (MPI_Datatype oldtype, MPI_Datatype *newtype))
SMPI_FN(int, Get_elements, (const MPI_Status *status, MPI_Datatype datatype, int *count))
SMPI_FN(int, Get_elements_x, (const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count))
SMPI_FN(int, Pack, (const void *inbuf, int incount, MPI_Datatype datatype, void *outbuf,
        int outsize, int *position, MPI_Comm comm))
SMPI_FN(int, Unpack, (const void *inbuf, int insize, int *position, void *outbuf, int outcount,
        MPI_Datatype datatype, MPI_Comm comm))
SMPI_FN(int, Pack_size, (int incount, MPI_Datatype datatype, MPI_Comm comm, int *size))
SMPI_FN(int, Pack_external, (const char datarep[], const void *inbuf, int incount,
        MPI_Datatype datatype, void *outbuf, MPI_Aint outsize, MPI_Aint *position))
SMPI_FN(int, Unpack_external, (const char datarep[], const void *inbuf, MPI_Aint insize,
        MPI_Aint *position, void *outbuf, int outcount, MPI_Datatype datatype))
SMPI_FN(int, Pack_external_size, (const char datarep[], int incount, MPI_Datatype datatype,
        MPI_Aint *size))
SMPI_FN(int, Type_get_envelope, (MPI_Datatype datatype, int *num_integers, int *num_addresses,
        int *num_datatypes, int *combiner))
SMPI_FN(int, Type_get_contents, (MPI_Datatype datatype, int max_integers, int max_addresses,
        int max_datatypes, int array_of_integers[], MPI_Aint array_of_addresses[],
        MPI_Datatype array_of_datatypes[]))
SMPI_FN(int, Type_create_f90_real, (int p, int r, MPI_Datatype *newtype))
SMPI_FN(int, Type_create_f90_complex, (int p, int r, MPI_Datatype *newtype))
SMPI_FN(int, Type_create_f90_integer, (int r, MPI_Datatype *newtype))
SMPI_FN(int, Type_match_size, (int typeclass, int size, MPI_Datatype *datatype))
SMPI_FN(int, Type_get_name, (MPI_Datatype datatype, char *type_name, int *resultlen))
SMPI_FN(int, Type_set_name, (MPI_Datatype datatype, const char *type_name))
SMPI_FN(int, Type_create_keyval, (MPI_Type_copy_attr_function *type_copy_attr_fn,
        MPI_Type_delete_attr_function *type_delete_attr_fn, int *type_keyval, void *extra_state))
SMPI_FN(int, Type_free_keyval, (int *type_keyval))
SMPI_FN(int, Type_set_attr, (MPI_Datatype datatype, int type_keyval, void *attribute_val))
SMPI_FN(int, Type_get_attr, (MPI_Datatype datatype, int type_keyval, void *attribute_val,
        int *flag))
SMPI_FN(int, Type_delete_attr, (MPI_Datatype datatype, int type_keyval))

/* Collectives */
SMPI_FN(int, Barrier, (MPI_Comm comm))
SMPI_FN(int, Bcast, (void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm))
SMPI_FN(int, Gather, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
        int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm))
SMPI_FN(int, Gatherv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
        const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
        MPI_Comm comm))
SMPI_FN(int, Scatter, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
        int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm))
SMPI_FN(int, Scatterv, (const void *sendbuf, const int sendcounts[], const int displs[],
        MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
        MPI_Comm comm))
SMPI_FN(int, Allgather, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
        int recvcount, MPI_Datatype recvtype, MPI_Comm comm))
SMPI_FN(int, Allgatherv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
        const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm))
SMPI_FN(int, Alltoall, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
        int recvcount, MPI_Datatype recvtype, MPI_Comm comm))
SMPI_FN(int, Alltoallv, (const void *sendbuf, const int sendcounts[], const int sdispls[],
        MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[],
        MPI_Datatype recvtype, MPI_Comm comm))
SMPI_FN(int, Alltoallw, (const void *sendbuf, const int sendcounts[], const int sdispls[],
        const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const int rdispls[],
        const MPI_Datatype recvtypes[], MPI_Comm comm))
SMPI_FN(int, Reduce, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
        MPI_Op op, int root, MPI_Comm comm))
SMPI_FN(int, Allreduce, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
        MPI_Op op, MPI_Comm comm))
SMPI_FN(int, Reduce_local, (const void *inbuf, void *inoutbuf, int count, MPI_Datatype datatype,
        MPI_Op op))
SMPI_FN(int, Reduce_scatter_block, (const void *sendbuf, void *recvbuf, int recvcount,
        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm))
SMPI_FN(int, Reduce_scatter, (const void *sendbuf, void *recvbuf, const int recvcounts[],
        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm))
SMPI_FN(int, Scan, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
        MPI_Comm comm))
SMPI_FN(int, Exscan, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
        MPI_Op op, MPI_Comm comm))
SMPI_FN(int, Op_create, (MPI_User_function *user_fn, int commute, MPI_Op *op))
SMPI_FN(int, Op_free, (MPI_Op *op))
SMPI_FN(int, Op_commutative, (MPI_Op op, int *commute))
SMPI_FN(int, Ibarrier, (MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Ibcast, (void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
        MPI_Request *request))
SMPI_FN(int, Igather, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
        int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Igatherv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
        const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm,
        MPI_Request *request))
SMPI_FN(int, Iscatter, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
        int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Iscatterv, (const void *sendbuf, const int sendcounts[], const int displs[],
        MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
        MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Iallgather, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
        int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Iallgatherv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
        const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm,
        MPI_Request *request))
SMPI_FN(int, Ialltoall, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
        int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Ialltoallv, (const void *sendbuf, const int sendcounts[], const int sdispls[],
        MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[],
        MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Ialltoallw, (const void *sendbuf, const int sendcounts[], const int sdispls[],
        const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const int rdispls[],
        const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Ireduce, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
        MPI_Op op, int root, MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Iallreduce, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
        MPI_Op op, MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Ireduce_scatter_block, (const void *sendbuf, void *recvbuf, int recvcount,
        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Ireduce_scatter, (const void *sendbuf, void *recvbuf, const int recvcounts[],
        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Iscan, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
        MPI_Op op, MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Iexscan, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
        MPI_Op op, MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Neighbor_allgather, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
        void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm))
SMPI_FN(int, Neighbor_allgatherv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
        void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype,
        MPI_Comm comm))
SMPI_FN(int, Neighbor_alltoall, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
        void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm))
SMPI_FN(int, Neighbor_alltoallv, (const void *sendbuf, const int sendcounts[], const int sdispls[],
        MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[],
        MPI_Datatype recvtype, MPI_Comm comm))
SMPI_FN(int, Neighbor_alltoallw, (const void *sendbuf, const int sendcounts[],
        const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf,
        const int recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[],
        MPI_Comm comm))
SMPI_FN(int, Ineighbor_allgather, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
        void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Ineighbor_allgatherv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
        void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype,
        MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Ineighbor_alltoall, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
        void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Ineighbor_alltoallv, (const void *sendbuf, const int sendcounts[], const int sdispls[],
        MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[],
        MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Ineighbor_alltoallw, (const void *sendbuf, const int sendcounts[],
        const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf,
        const int recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[],
        MPI_Comm comm, MPI_Request *request))

/* Groups, communicators, attributes, names */
SMPI_FN(int, Group_size, (MPI_Group group, int *size))
SMPI_FN(int, Group_rank, (MPI_Group group, int *rank))
SMPI_FN(int, Group_translate_ranks, (MPI_Group group1, int n, const int ranks1[], MPI_Group group2,
        int ranks2[]))
SMPI_FN(int, Group_compare, (MPI_Group group1, MPI_Group group2, int *result))
SMPI_FN(int, Comm_group, (MPI_Comm comm, MPI_Group *group))
SMPI_FN(int, Group_union, (MPI_Group group1, MPI_Group group2, MPI_Group *newgroup))
SMPI_FN(int, Group_intersection, (MPI_Group group1, MPI_Group group2, MPI_Group *newgroup))
SMPI_FN(int, Group_difference, (MPI_Group group1, MPI_Group group2, MPI_Group *newgroup))
SMPI_FN(int, Group_incl, (MPI_Group group, int n, const int ranks[], MPI_Group *newgroup))
SMPI_FN(int, Group_excl, (MPI_Group group, int n, const int ranks[], MPI_Group *newgroup))
SMPI_FN(int, Group_range_incl, (MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup))
SMPI_FN(int, Group_range_excl, (MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup))
SMPI_FN(int, Group_free, (MPI_Group *group))
SMPI_FN(int, Comm_size, (MPI_Comm comm, int *size))
SMPI_FN(int, Comm_rank, (MPI_Comm comm, int *rank))
SMPI_FN(int, Comm_compare, (MPI_Comm comm1, MPI_Comm comm2, int *result))
SMPI_FN(int, Comm_dup, (MPI_Comm comm, MPI_Comm *newcomm))
SMPI_FN(int, Comm_dup_with_info, (MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm))
SMPI_FN(int, Comm_idup, (MPI_Comm comm, MPI_Comm *newcomm, MPI_Request *request))
SMPI_FN(int, Comm_create, (MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm))
SMPI_FN(int, Comm_create_group, (MPI_Comm comm, MPI_Group group, int tag, MPI_Comm *newcomm))
SMPI_FN(int, Comm_split, (MPI_Comm comm, int color, int key, MPI_Comm *newcomm))
SMPI_FN(int, Comm_split_type, (MPI_Comm comm, int split_type, int key, MPI_Info info,
        MPI_Comm *newcomm))
SMPI_FN(int, Comm_free, (MPI_Comm *comm))
SMPI_FN(int, Comm_set_info, (MPI_Comm comm, MPI_Info info))
SMPI_FN(int, Comm_get_info, (MPI_Comm comm, MPI_Info *info_used))
SMPI_FN(int, Comm_test_inter, (MPI_Comm comm, int *flag))
SMPI_FN(int, Comm_remote_size, (MPI_Comm comm, int *size))
SMPI_FN(int, Comm_remote_group, (MPI_Comm comm, MPI_Group *group))
SMPI_FN(int, Intercomm_create, (MPI_Comm local_comm, int local_leader, MPI_Comm peer_comm,
        int remote_leader, int tag, MPI_Comm *newintercomm))
SMPI_FN(int, Intercomm_merge, (MPI_Comm intercomm, int high, MPI_Comm *newintracomm))
SMPI_FN(int, Comm_create_keyval, (MPI_Comm_copy_attr_function *comm_copy_attr_fn,
        MPI_Comm_delete_attr_function *comm_delete_attr_fn, int *comm_keyval, void *extra_state))
SMPI_FN(int, Comm_free_keyval, (int *comm_keyval))
SMPI_FN(int, Comm_set_attr, (MPI_Comm comm, int comm_keyval, void *attribute_val))
SMPI_FN(int, Comm_get_attr, (MPI_Comm comm, int comm_keyval, void *attribute_val, int *flag))
SMPI_FN(int, Comm_delete_attr, (MPI_Comm comm, int comm_keyval))
SMPI_FN(int, Win_create_keyval, (MPI_Win_copy_attr_function *win_copy_attr_fn,
        MPI_Win_delete_attr_function *win_delete_attr_fn, int *win_keyval, void *extra_state))
SMPI_FN(int, Win_free_keyval, (int *win_keyval))
SMPI_FN(int, Win_set_attr, (MPI_Win win, int win_keyval, void *attribute_val))
SMPI_FN(int, Win_get_attr, (MPI_Win win, int win_keyval, void *attribute_val, int *flag))
SMPI_FN(int, Win_delete_attr, (MPI_Win win, int win_keyval))
SMPI_FN(int, Attr_put, (MPI_Comm comm, int keyval, void *attribute_val))
SMPI_FN(int, Attr_get, (MPI_Comm comm, int keyval, void *attribute_val, int *flag))
SMPI_FN(int, Attr_delete, (MPI_Comm comm, int keyval))
SMPI_FN(int, Keyval_create, (MPI_Copy_function *copy_fn, MPI_Delete_function *delete_fn,
        int *keyval, void *extra_state))
SMPI_FN(int, Keyval_free, (int *keyval))
SMPI_FN(int, Comm_set_name, (MPI_Comm comm, const char *comm_name))
SMPI_FN(int, Comm_get_name, (MPI_Comm comm, char *comm_name, int *resultlen))
SMPI_FN(int, Win_set_name, (MPI_Win win, const char *win_name))
SMPI_FN(int, Win_get_name, (MPI_Win win, char *win_name, int *resultlen))

/* Topologies */
SMPI_FN(int, Cart_create, (MPI_Comm comm_old, int ndims, const int dims[], const int periods[],
        int reorder, MPI_Comm *comm_cart))
SMPI_FN(int, Dims_create, (int nnodes, int ndims, int dims[]))
SMPI_FN(int, Graph_create, (MPI_Comm comm_old, int nnodes, const int index[], const int edges[],
        int reorder, MPI_Comm *comm_graph))
SMPI_FN(int, Dist_graph_create_adjacent, (MPI_Comm comm_old, int indegree, const int sources[],
        const int sourceweights[], int outdegree, const int destinations[], const int destweights[],
        MPI_Info info, int reorder, MPI_Comm *comm_dist_graph))
SMPI_FN(int, Dist_graph_create, (MPI_Comm comm_old, int n, const int sources[], const int degrees[],
        const int destinations[], const int weights[], MPI_Info info, int reorder,
        MPI_Comm *comm_dist_graph))
SMPI_FN(int, Topo_test, (MPI_Comm comm, int *status))
SMPI_FN(int, Graphdims_get, (MPI_Comm comm, int *nnodes, int *nedges))
SMPI_FN(int, Graph_get, (MPI_Comm comm, int maxindex, int maxedges, int index[], int edges[]))
SMPI_FN(int, Cartdim_get, (MPI_Comm comm, int *ndims))
SMPI_FN(int, Cart_get, (MPI_Comm comm, int maxdims, int dims[], int periods[], int coords[]))
SMPI_FN(int, Cart_rank, (MPI_Comm comm, const int coords[], int *rank))
SMPI_FN(int, Cart_coords, (MPI_Comm comm, int rank, int maxdims, int coords[]))
SMPI_FN(int, Graph_neighbors_count, (MPI_Comm comm, int rank, int *nneighbors))
SMPI_FN(int, Graph_neighbors, (MPI_Comm comm, int rank, int maxneighbors, int neighbors[]))
SMPI_FN(int, Dist_graph_neighbors_count, (MPI_Comm comm, int *indegree, int *outdegree,
        int *weighted))
SMPI_FN(int, Dist_graph_neighbors, (MPI_Comm comm, int maxindegree, int sources[],
        int sourceweights[], int maxoutdegree, int destinations[], int destweights[]))
SMPI_FN(int, Cart_shift, (MPI_Comm comm, int direction, int disp, int *rank_source, int *rank_dest))
SMPI_FN(int, Cart_sub, (MPI_Comm comm, const int remain_dims[], MPI_Comm *newcomm))
SMPI_FN(int, Cart_map, (MPI_Comm comm, int ndims, const int dims[], const int periods[],
        int *newrank))
SMPI_FN(int, Graph_map, (MPI_Comm comm, int nnodes, const int index[], const int edges[],
        int *newrank))
/* clang-format on */
