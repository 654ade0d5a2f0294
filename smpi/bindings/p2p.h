/* p2p.h: the helpers that bindings_p2p.c (posting and probing messages) shares with
 * bindings_request.c (completing and starting requests). Internal to smpi/bindings/. */
#ifndef SMPI_BINDINGS_P2P_H
#define SMPI_BINDINGS_P2P_H

#include <stdbool.h>
#include <stddef.h>

#include <mpi.h>

/* smpi__enter for a call on n requests (wait/test families, MPI_Start*): the trace sinks see
 * the requests before they complete. */
void smpi__enter_requests(const char *call, MPI_Request *reqs, int n);

/* Reports the error class a request completed with on `comm`; for a truncation, `sent` is the
 * size of the message when known (0 when not), `bufsize` the receive buffer. */
int smpi__p2p_report(MPI_Comm comm, const char *call, int rc, size_t sent, size_t bufsize);

/* The MPI_ERROR field of a status (0 for MPI_STATUS_IGNORE), read before a single completion
 * and put back after it: such calls return their error and leave the field as the caller set
 * it (MPI-3.1 section 3.2.5). */
int smpi__status_error(const MPI_Status *status);
void smpi__status_error_restore(MPI_Status *status, int err);

/* smpi__wait on one request, reporting an error on `comm` (NULL: the request's own
 * communicator) with the sizes of a truncated message. */
int smpi__wait_one(const char *call, MPI_Comm comm, MPI_Request *reqp, MPI_Status *status);

/* The checks of a call posting one message (MPI usable, comm, count, datatype, buffer, peer
 * rank and tag; a receive's peer and tag may be wildcards), reported through comm. */
int smpi__p2p_checks(const char *call, const void *buf, int count, MPI_Datatype datatype, int peer,
                     int tag, MPI_Comm comm, bool recv);

/* Reserves room for a buffered message of `size` bytes in the attached MPI_Bsend buffer. */
int smpi__bsend_reserve(const char *call, MPI_Comm comm, size_t size);

#endif
