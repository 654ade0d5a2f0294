/* p2p_mpi4: the requests MPI-4 adds to point-to-point: MPI_Isendrecv's, over a receive and a
 * send started as MPI_Irecv and MPI_Isend start them (so its simulated time is theirs and
 * MPI_Waitall's), and MPI_Buffer_iflush's, which completes when the attached buffer empties. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>

#include "smpi/internal.h"

/* A request of the library's own making that no message carries, started and not done. */
static MPI_Request bare_request(MPI_Comm comm)
{
    MPI_Request r = smpi__req_new(0, NULL, 0, MPI_BYTE, MPI_PROC_NULL, 0, comm);

    r->flags = (r->flags & ~SMPI_REQ_PROCNULL) | SMPI_REQ_ACTIVE;
    smpi__status_empty(&r->status);
    return r;
}

static bool pair_done(const struct smpi_request *r)
{
    struct smpi_request *const *pair = r->rare->pair;

    return pair[0] && (pair[0]->flags & SMPI_REQ_DONE) && pair[1] &&
           (pair[1]->flags & SMPI_REQ_DONE);
}

/* The call's status is its receive's (MPI_Request_get_status reads it), its error the first
 * of the receive's and the send's. */
static void pair_complete(struct smpi_request *r)
{
    struct smpi_request *const *pair = r->rare->pair;

    r->status = pair[0]->status;
    r->error = pair[0]->error != MPI_SUCCESS ? pair[0]->error : pair[1]->error;
    r->status.MPI_ERROR = r->error;
    smpi__req_complete(r);
}

void smpi__pair_part_done(struct smpi_request *part)
{
    struct smpi_request *r = part->rare->pair_of;

    if (pair_done(r) && !(r->flags & SMPI_REQ_DONE))
        pair_complete(r);
}

MPI_Request smpi__isendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest,
                            int sendtag, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                            int source, int recvtag, MPI_Comm comm, void *aside)
{
    MPI_Request r = bare_request(comm);
    struct smpi_request **pair = smpi__req_rare(r)->pair;

    r->packed = aside;
    pair[0] = smpi__req_new(SMPI_REQ_RECV, recvbuf, recvcount, recvtype, source, recvtag, comm);
    smpi__req_rare(pair[0])->pair_of = r;
    smpi__req_start(pair[0]);
    pair[1] = smpi__req_new(SMPI_REQ_SEND | SMPI_REQ_ISEND, sendbuf, sendcount, sendtype, dest,
                            sendtag, comm);
    smpi__req_rare(pair[1])->pair_of = r;
    smpi__req_start(pair[1]);
    if (pair_done(r) && !(r->flags & SMPI_REQ_DONE)) /* MPI_PROC_NULL peers are done at once */
        pair_complete(r);
    return r;
}

MPI_Request smpi__bsend_iflush(struct smpi_process *p, MPI_Comm comm)
{
    MPI_Request r = bare_request(comm);

    if (p->bsend_used <= 0) {
        r->flags |= SMPI_REQ_DONE;
        return r;
    }
    r->refcount++; /* held until the buffer empties */
    p->bsend_flush = r;
    return r;
}

void smpi__bsend_flushed(struct smpi_process *p)
{
    MPI_Request r = p->bsend_flush;

    p->bsend_flush = NULL;
    smpi__req_complete(r);
    smpi__req_release(r);
}
