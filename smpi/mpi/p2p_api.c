/* p2p_api: the narrow point-to-point interface of smpi/mpi/p2p_api.h that the collective
 * algorithms use: collective context, no argument checks, no call bookkeeping. The requests are
 * those of p2p.c and request.c; the probes of this interface are in p2p.c, next to the
 * matching they share. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "smpi/internal.h"
#include "smpi/mpi/datatype.h"

int smpi_isend(const void *buf, int count, MPI_Datatype type, int dst, int tag, MPI_Comm comm,
               MPI_Request *req)
{
    *req = smpi__req_new(SMPI_REQ_SEND | SMPI_REQ_ISEND | SMPI_REQ_COLL, buf, count, type, dst, tag,
                         comm);
    smpi__req_start(*req);
    return MPI_SUCCESS;
}

int smpi_irecv(void *buf, int count, MPI_Datatype type, int src, int tag, MPI_Comm comm,
               MPI_Request *req)
{
    *req = smpi__req_new(SMPI_REQ_RECV | SMPI_REQ_COLL, buf, count, type, src, tag, comm);
    smpi__req_start(*req);
    return MPI_SUCCESS;
}

int smpi_send(const void *buf, int count, MPI_Datatype type, int dst, int tag, MPI_Comm comm)
{
    MPI_Request req =
        smpi__req_new(SMPI_REQ_SEND | SMPI_REQ_COLL, buf, count, type, dst, tag, comm);

    smpi__req_start(req);
    return smpi__wait(&req, MPI_STATUS_IGNORE);
}

int smpi_recv(void *buf, int count, MPI_Datatype type, int src, int tag, MPI_Comm comm,
              MPI_Status *status)
{
    MPI_Request req;

    smpi_irecv(buf, count, type, src, tag, comm, &req);
    return smpi__wait(&req, status);
}

/* As SMPI's Request::sendrecv: a copy when the caller exchanges with itself, else the send
 * (nonblocking flavour) is posted before the receive and both are waited for together. */
int smpi_sendrecv(const void *sbuf, int scount, MPI_Datatype stype, int dst, int stag, void *rbuf,
                  int rcount, MPI_Datatype rtype, int src, int rtag, MPI_Comm comm,
                  MPI_Status *status)
{
    MPI_Request reqs[2];
    MPI_Status st[2];
    int me = smpi__self()->rank;
    int rc;

    if (dst >= 0 && src >= 0 && smpi__peer_world(comm, dst) == me &&
        smpi__peer_world(comm, src) == me) {
        rc = smpi_type_copy(sbuf, scount, stype, rbuf, rcount, rtype);
        if (status != MPI_STATUS_IGNORE) {
            smpi__status_empty(status);
            status->MPI_SOURCE = src;
            status->MPI_TAG = rtag;
            status->smpi_count = (MPI_Count)scount * (MPI_Count)smpi_type_size(stype);
        }
        return rc;
    }
    smpi_isend(sbuf, scount, stype, dst, stag, comm, &reqs[0]);
    smpi_irecv(rbuf, rcount, rtype, src, rtag, comm, &reqs[1]);
    rc = smpi__waitall(2, reqs, st);
    if (status != MPI_STATUS_IGNORE)
        *status = st[1];
    return rc == MPI_ERR_IN_STATUS ? (st[1].MPI_ERROR ? st[1].MPI_ERROR : st[0].MPI_ERROR) : rc;
}

int smpi_wait(MPI_Request *req, MPI_Status *status)
{
    return smpi__wait(req, status);
}

int smpi_waitany(int n, MPI_Request *reqs, int *index, MPI_Status *status)
{
    return smpi__waitany(n, reqs, index, status);
}

int smpi_test(MPI_Request *req, int *flag, MPI_Status *status)
{
    return smpi__test(req, flag, status);
}

void smpi_sleep_for(double seconds)
{
    smpi__sleep(seconds);
}

int smpi_waitall(int n, MPI_Request *reqs, MPI_Status *statuses)
{
    return smpi__waitall(n, reqs, statuses);
}
