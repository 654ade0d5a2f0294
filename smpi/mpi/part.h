/* part.h: MPI-4 partitioned point-to-point communication (part.c), for the bindings and the
 * request layer. A partitioned request is a persistent request (SMPI_REQ_PART) that carries a
 * struct smpi_part; MPI_Start, the wait and test families and MPI_Request_get_status treat it
 * as any persistent request. */
#ifndef SMPI_MPI_PART_H
#define SMPI_MPI_PART_H

#include <stdbool.h>
#include <stddef.h>

#include <mpi.h>

/* A new, inactive partitioned send (send true) or receive of `partitions` partitions of `count`
 * elements of type each, to or from communicator rank `peer` (MPI_PROC_NULL allowed), matched
 * at once with the earliest unmatched partitioned request of the other side that has the same
 * communicator, ranks and tag (MPI-4.0 section 4.2.1: initialisation order). Arguments are
 * checked by the binding. */
MPI_Request smpi__part_new(bool send, const void *buf, int partitions, MPI_Count count,
                           MPI_Datatype type, int peer, int tag, MPI_Comm comm);
/* MPI_Start of a partitioned request (smpi__req_start calls it): a new round, no partition
 * ready (send) or arrived (receive); a receive lets the partitions its matched send has made
 * ready in the same round leave. */
void smpi__part_start(MPI_Request r);
/* Marks the n partitions parts[0..n-1] of an active partitioned send ready (checked by the
 * binding: in range, not yet ready in this round) and sends them if the receive has started
 * this round: each run of consecutive partitions ready at once is one message. */
void smpi__part_ready(MPI_Request r, int n, const int *parts);
/* Whether partition `partition` of an active partitioned receive has arrived. */
bool smpi__part_arrived(MPI_Request r, int partition);
/* Whether partition `partition` of send r was already marked ready in this round. */
bool smpi__part_is_ready(MPI_Request r, int partition);
/* The number of partitions of a partitioned request. */
int smpi__part_count(MPI_Request r);
/* The byte bookkeeping of a receive of rpart partitions of rb bytes each: adds the bytes of
 * [off, end) that fall in each partition to received[] (bytes from msg on, past the message,
 * are not counted); returns how many partitions it touched, the first in *first (part.c; a
 * partition is complete when it holds rb bytes). */
int smpi__part_tally(size_t rb, int rpart, size_t msg, size_t off, size_t end, size_t received[],
                     int *first);
/* Releases the partitioned state of a request whose last reference is gone (p2p.c's release):
 * it leaves the unmatched queue, or its peer forgets it. */
void smpi__part_free(MPI_Request r);

#endif /* SMPI_MPI_PART_H */
