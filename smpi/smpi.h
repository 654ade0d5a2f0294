/* smpi: the narrow point-to-point interface that collectives/ uses. Collective traffic uses the
 * reserved negative tags of collectives/collectives.h, so it never matches a user receive.
 * These calls skip the user-facing argument checks of the MPI_* bindings. */
#ifndef SMPI_SMPI_H
#define SMPI_SMPI_H

#include <stdbool.h>
#include <stddef.h>

#include <mpi.h>

/* Rank of the calling rank in comm, and comm's size (local group for intercommunicators). */
int smpi_comm_rank(MPI_Comm comm);
int smpi_comm_size(MPI_Comm comm);

/* Blocking and nonblocking point-to-point with any tag (negative tags allowed). Return
 * MPI_SUCCESS or an MPI error class. */
int smpi_send(const void *buf, int count, MPI_Datatype type, int dst, int tag, MPI_Comm comm);
int smpi_recv(void *buf, int count, MPI_Datatype type, int src, int tag, MPI_Comm comm,
              MPI_Status *status);
int smpi_isend(const void *buf, int count, MPI_Datatype type, int dst, int tag, MPI_Comm comm,
               MPI_Request *req);
int smpi_irecv(void *buf, int count, MPI_Datatype type, int src, int tag, MPI_Comm comm,
               MPI_Request *req);
int smpi_sendrecv(const void *sbuf, int scount, MPI_Datatype stype, int dst, int stag,
                  void *rbuf, int rcount, MPI_Datatype rtype, int src, int rtag, MPI_Comm comm,
                  MPI_Status *status);
/* Waits for n requests and frees them (entries become MPI_REQUEST_NULL). */
int smpi_waitall(int n, MPI_Request *reqs, MPI_Status *statuses);

/* Datatype facts: size in bytes of one element, extent and lower bound. */
size_t smpi_type_size(MPI_Datatype type);
MPI_Aint smpi_type_extent(MPI_Datatype type);
MPI_Aint smpi_type_lb(MPI_Datatype type);
/* Bytes actually touched by one element and where they start (MPI_Type_get_true_extent). */
MPI_Aint smpi_type_true_extent(MPI_Datatype type);
MPI_Aint smpi_type_true_lb(MPI_Datatype type);
/* Copies count elements of stype at src into dcount elements of dtype at dst (local copy,
 * packing as needed). Returns MPI_ERR_TRUNCATE if the destination is too small. */
int smpi_type_copy(const void *src, int scount, MPI_Datatype stype, void *dst, int dcount,
                   MPI_Datatype dtype);

/* inout[i] = in[i] op inout[i] for count elements of type (MPI order: in is the left operand). */
int smpi_op_apply(MPI_Op op, const void *in, void *inout, int count, MPI_Datatype type);
bool smpi_op_is_commutative(MPI_Op op);

#endif /* SMPI_SMPI_H */
