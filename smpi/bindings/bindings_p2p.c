/* bindings_p2p: the point-to-point MPI calls — sends in the four modes, receives, probes and
 * matched probes, the wait/test families, persistent requests, cancellation, status queries and
 * the buffer of MPI_Bsend. Each binding checks its arguments (smpi/bindings/check.h), records the
 * call and its peer for deadlock reports, then drives the engine of p2p.c and request.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>
#include <string.h>

#include "smpi/analyze/analyze.h"
#include "smpi/bindings/check.h"
#include "smpi/mpi/datatype.h"
#include "smpi/mpi/errors.h"
#include "smpi/internal.h"

/* A message taken by MPI_Mprobe/MPI_Improbe: the dequeued send, until MPI_Mrecv/MPI_Imrecv. */
struct smpi_message {
    MPI_Request send;
};

SMPI_API struct smpi_message smpi_mpi_message_no_proc = { NULL };

/* ---- helpers ------------------------------------------------------------------------------ */

static void note_peer(MPI_Comm comm, int peer, int tag)
{
    struct smpi_process *self = smpi__self();

    self->call_comm = comm;
    self->call_peer = peer;
    self->call_tag = tag;
}

/* smpi__enter for a point-to-point call with one peer, describing it to the trace sinks. */
static void enter_p2p(const char *call, MPI_Comm comm, int peer, int tag, int count,
                      MPI_Datatype type, bool sends)
{
    struct smpi_trace_call c;

    if (!smpi__trace_on) {
        smpi__enter(call);
        return;
    }
    c = smpi__trace_p2p(call, comm, peer, tag);
    if (sends) {
        c.send_count = count;
        c.send_type = type;
    } else {
        c.recv_count = count;
        c.recv_type = type;
    }
    smpi__enter_call(&c);
}

/* smpi__enter for a call on n requests (wait/test families, MPI_Start*): the trace sinks see
 * the requests before they complete. */
static void enter_requests(const char *call, MPI_Request *reqs, int n)
{
    struct smpi_trace_call c;

    if (!smpi__trace_on) {
        smpi__enter(call);
        return;
    }
    c = SMPI_TRACE_CALL(call);
    c.req = reqs;
    c.nreqs = n;
    smpi__enter_call(&c);
}

/* Reports the error class a request completed with. For a truncation, `sent` is the size of
 * the message when known (0 when the send was already gone), `bufsize` the receive buffer. */
static int report(MPI_Comm comm, const char *call, int rc, size_t sent, size_t bufsize)
{
    if (rc == MPI_SUCCESS)
        return rc;
    if (rc == MPI_ERR_TRUNCATE && sent > bufsize)
        return smpi__error(comm, call, rc,
                           "message of %zu bytes truncated to a buffer of %zu bytes", sent,
                           bufsize);
    if (rc == MPI_ERR_TRUNCATE)
        return smpi__error(comm, call, rc,
                           "message longer than the buffer truncated to a buffer of %zu bytes",
                           bufsize);
    return smpi__error(comm, call, rc, "the request completed with error %s",
                       smpi_error_class_name(rc));
}

/* Size of the matched send while the receive `r` still knows it, else `known`. */
static size_t peer_size(MPI_Request r, size_t known)
{
    if (r && (r->flags & SMPI_REQ_RECV) && r->peer)
        return r->peer->size;
    return known;
}

/* smpi__wait on one request, reporting an error on `comm` (NULL: the request's own
 * communicator) with the sizes of a truncated message. */
/* A call that completes or probes one request returns its error code and leaves the MPI_ERROR
 * field of its status as the caller set it (MPI-3.1 section 3.2.5; MPICH does, and its tests
 * check it): the field is read before and put back after. */
static int status_error(const MPI_Status *status)
{
    return status != MPI_STATUS_IGNORE ? status->MPI_ERROR : 0;
}

static void status_error_restore(MPI_Status *status, int err)
{
    if (status != MPI_STATUS_IGNORE)
        status->MPI_ERROR = err;
}

static int wait_one(const char *call, MPI_Comm comm, MPI_Request *reqp, MPI_Status *status)
{
    MPI_Request r = *reqp;
    size_t sent;
    int rc;
    int keep = status_error(status);

    if (!r) {
        rc = smpi__wait(reqp, status);
        status_error_restore(status, keep);
        return rc;
    }
    r->refcount++; /* keep it readable after the wait frees the user's handle */
    sent = peer_size(r, 0);
    rc = smpi__wait(reqp, status);
    status_error_restore(status, keep);
    if (rc == MPI_ERR_TYPE && r->error_text)
        rc = smpi__error(comm ? comm : r->comm, call, rc, "%s", r->error_text);
    else if (rc != MPI_SUCCESS)
        rc = report(comm ? comm : r->comm, call, rc, peer_size(r, sent), r->size);
    smpi__req_release(r);
    return rc;
}

/* ---- the buffer of MPI_Bsend ---------------------------------------------------------------- */

/* Reserves room for a buffered message of `size` bytes in the attached buffer. */
static int bsend_reserve(const char *call, MPI_Comm comm, size_t size)
{
    struct smpi_process *self = smpi__self();
    size_t need = size + MPI_BSEND_OVERHEAD;
    size_t room =
        self->bsend_size > self->bsend_used ? (size_t)(self->bsend_size - self->bsend_used) : 0;

    if (!self->bsend_buf)
        return smpi__error(comm, call, MPI_ERR_BUFFER,
                           "no buffer is attached; call MPI_Buffer_attach with at least %zu bytes "
                           "(message + MPI_BSEND_OVERHEAD)",
                           need);
    if (need > room)
        return smpi__error(comm, call, MPI_ERR_BUFFER,
                           "message of %zu bytes (+%d overhead) does not fit in the %zu free "
                           "bytes of the attached buffer of %d bytes; attach a larger buffer",
                           size, MPI_BSEND_OVERHEAD, room, self->bsend_size);
    self->bsend_used += (int)need;
    return MPI_SUCCESS;
}

int PMPI_Buffer_attach(void *buffer, int size)
{
    struct smpi_process *self;

    SMPI_CHECK_INIT("MPI_Buffer_attach");
    SMPI_CHECK_COUNT("MPI_Buffer_attach", MPI_COMM_WORLD, size);
    SMPI_CHECK_BUF("MPI_Buffer_attach", MPI_COMM_WORLD, buffer, size, MPI_BYTE);
    self = smpi__self();
    if (self->bsend_buf)
        return smpi__error(MPI_COMM_WORLD, "MPI_Buffer_attach", MPI_ERR_BUFFER,
                           "a buffer of %d bytes is already attached; call MPI_Buffer_detach "
                           "first",
                           self->bsend_size);
    smpi__enter("MPI_Buffer_attach");
    self->bsend_buf = buffer;
    self->bsend_size = size;
    self->bsend_used = 0;
    smpi__leave();
    return MPI_SUCCESS;
}
#pragma weak MPI_Buffer_attach = PMPI_Buffer_attach

int PMPI_Buffer_detach(void *buffer_addr, int *size)
{
    struct smpi_process *self;

    SMPI_CHECK_INIT("MPI_Buffer_detach");
    SMPI_CHECK_ARG("MPI_Buffer_detach", MPI_COMM_WORLD, buffer_addr);
    SMPI_CHECK_ARG("MPI_Buffer_detach", MPI_COMM_WORLD, size);
    self = smpi__self();
    smpi__enter("MPI_Buffer_detach");
    /* p2p.c gives the room of a buffered message back at its delivery (or cancellation) and
     * wakes us: blocking (not polling) lets a detach that can never finish be reported as a
     * deadlock. */
    while (self->bsend_used > 0) {
        self->bsend_detaching = true;
        sim_actor_block("MPI_Buffer_detach");
        self->bsend_detaching = false;
    }
    *(void **)buffer_addr = self->bsend_buf;
    *size = self->bsend_buf ? self->bsend_size : 0;
    self->bsend_buf = NULL;
    self->bsend_size = 0;
    self->bsend_used = 0;
    smpi__leave();
    return MPI_SUCCESS;
}
#pragma weak MPI_Buffer_detach = PMPI_Buffer_detach

/* ---- sends ------------------------------------------------------------------------------ */

/* The checks of every send: comm, count, type, buffer, destination, tag. */
static int send_checks(const char *call, const void *buf, int count, MPI_Datatype datatype,
                       int dest, int tag, MPI_Comm comm)
{
    SMPI_CHECK_INIT(call);
    SMPI_CHECK_COMM(call, comm);
    SMPI_CHECK_COUNT(call, comm, count);
    SMPI_CHECK_TYPE(call, comm, datatype);
    SMPI_CHECK_BUF(call, comm, buf, count, datatype);
    SMPI_CHECK_RANK(call, comm, dest, false);
    SMPI_CHECK_TAG(call, comm, tag, false);
    return MPI_SUCCESS;
}

/* Creates and starts a send request (reserving room in the attached buffer for a buffered
 * send); on error nothing is left behind. */
static int post_send(const char *call, unsigned flags, const void *buf, int count,
                     MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *reqp)
{
    MPI_Request req;

    note_peer(comm, dest, tag);
    req = smpi__req_new(flags, buf, count, datatype, dest, tag, comm);
    if ((flags & SMPI_REQ_BSEND) && dest != MPI_PROC_NULL) {
        int rc = bsend_reserve(call, comm, req->size);

        if (rc != MPI_SUCCESS) {
            smpi__req_release(req);
            return rc;
        }
    }
    smpi__req_start(req);
    *reqp = req;
    return MPI_SUCCESS;
}

/* Blocking send in a mode (0, SMPI_REQ_SSEND, SMPI_REQ_BSEND or SMPI_REQ_RSEND). */
static int send_blocking(const char *call, unsigned mode, const void *buf, int count,
                         MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    MPI_Request req;
    int rc;

    enter_p2p(call, comm, dest, tag, count, datatype, true);
    rc = post_send(call, SMPI_REQ_SEND | mode, buf, count, datatype, dest, tag, comm, &req);
    if (rc == MPI_SUCCESS)
        rc = wait_one(call, comm, &req, MPI_STATUS_IGNORE);
    smpi__leave();
    return rc;
}

int PMPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    int rc = send_checks("MPI_Send", buf, count, datatype, dest, tag, comm);

    if (rc != MPI_SUCCESS)
        return rc;
    return send_blocking("MPI_Send", 0, buf, count, datatype, dest, tag, comm);
}
#pragma weak MPI_Send = PMPI_Send

int PMPI_Bsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    int rc = send_checks("MPI_Bsend", buf, count, datatype, dest, tag, comm);

    if (rc != MPI_SUCCESS)
        return rc;
    return send_blocking("MPI_Bsend", SMPI_REQ_BSEND, buf, count, datatype, dest, tag, comm);
}
#pragma weak MPI_Bsend = PMPI_Bsend

int PMPI_Ssend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    int rc = send_checks("MPI_Ssend", buf, count, datatype, dest, tag, comm);

    if (rc != MPI_SUCCESS)
        return rc;
    return send_blocking("MPI_Ssend", SMPI_REQ_SSEND, buf, count, datatype, dest, tag, comm);
}
#pragma weak MPI_Ssend = PMPI_Ssend

int PMPI_Rsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    int rc = send_checks("MPI_Rsend", buf, count, datatype, dest, tag, comm);

    if (rc != MPI_SUCCESS)
        return rc;
    return send_blocking("MPI_Rsend", SMPI_REQ_RSEND, buf, count, datatype, dest, tag, comm);
}
#pragma weak MPI_Rsend = PMPI_Rsend

/* Nonblocking send in a mode; the request is returned started. */
static int send_nonblocking(const char *call, unsigned mode, const void *buf, int count,
                            MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                            MPI_Request *request)
{
    MPI_Request req;
    int rc;

    if (!request)
        return smpi__error(comm, call, MPI_ERR_ARG, "request is NULL");
    enter_p2p(call, comm, dest, tag, count, datatype, true);
    rc = post_send(call, SMPI_REQ_SEND | SMPI_REQ_ISEND | mode, buf, count, datatype, dest, tag,
                   comm, &req);
    *request = rc == MPI_SUCCESS ? req : MPI_REQUEST_NULL;
    smpi__request_new(*request);
    smpi__leave();
    return rc;
}

int PMPI_Isend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
               MPI_Request *request)
{
    int rc = send_checks("MPI_Isend", buf, count, datatype, dest, tag, comm);

    if (rc != MPI_SUCCESS)
        return rc;
    return send_nonblocking("MPI_Isend", 0, buf, count, datatype, dest, tag, comm, request);
}
#pragma weak MPI_Isend = PMPI_Isend

int PMPI_Ibsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                MPI_Request *request)
{
    int rc = send_checks("MPI_Ibsend", buf, count, datatype, dest, tag, comm);

    if (rc != MPI_SUCCESS)
        return rc;
    return send_nonblocking("MPI_Ibsend", SMPI_REQ_BSEND, buf, count, datatype, dest, tag, comm,
                            request);
}
#pragma weak MPI_Ibsend = PMPI_Ibsend

int PMPI_Issend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                MPI_Request *request)
{
    int rc = send_checks("MPI_Issend", buf, count, datatype, dest, tag, comm);

    if (rc != MPI_SUCCESS)
        return rc;
    return send_nonblocking("MPI_Issend", SMPI_REQ_SSEND, buf, count, datatype, dest, tag, comm,
                            request);
}
#pragma weak MPI_Issend = PMPI_Issend

int PMPI_Irsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                MPI_Request *request)
{
    int rc = send_checks("MPI_Irsend", buf, count, datatype, dest, tag, comm);

    if (rc != MPI_SUCCESS)
        return rc;
    return send_nonblocking("MPI_Irsend", SMPI_REQ_RSEND, buf, count, datatype, dest, tag, comm,
                            request);
}
#pragma weak MPI_Irsend = PMPI_Irsend

/* ---- receives ----------------------------------------------------------------------------- */

/* The checks of every receive: comm, count, type, buffer, source, tag (wildcards allowed). */
static int recv_checks(const char *call, const void *buf, int count, MPI_Datatype datatype,
                       int source, int tag, MPI_Comm comm)
{
    SMPI_CHECK_INIT(call);
    SMPI_CHECK_COMM(call, comm);
    SMPI_CHECK_COUNT(call, comm, count);
    SMPI_CHECK_TYPE(call, comm, datatype);
    SMPI_CHECK_BUF(call, comm, buf, count, datatype);
    SMPI_CHECK_RANK(call, comm, source, true);
    SMPI_CHECK_TAG(call, comm, tag, true);
    return MPI_SUCCESS;
}

int PMPI_Recv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
              MPI_Status *status)
{
    MPI_Request req;
    int rc = recv_checks("MPI_Recv", buf, count, datatype, source, tag, comm);

    if (rc != MPI_SUCCESS)
        return rc;
    enter_p2p("MPI_Recv", comm, source, tag, count, datatype, false);
    note_peer(comm, source, tag);
    req = smpi__req_new(SMPI_REQ_RECV, buf, count, datatype, source, tag, comm);
    smpi__req_start(req);
    rc = wait_one("MPI_Recv", comm, &req, status);
    smpi__leave();
    return rc;
}
#pragma weak MPI_Recv = PMPI_Recv

int PMPI_Irecv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
               MPI_Request *request)
{
    int rc = recv_checks("MPI_Irecv", buf, count, datatype, source, tag, comm);

    if (rc != MPI_SUCCESS)
        return rc;
    SMPI_CHECK_ARG("MPI_Irecv", comm, request);
    enter_p2p("MPI_Irecv", comm, source, tag, count, datatype, false);
    note_peer(comm, source, tag);
    *request = smpi__req_new(SMPI_REQ_RECV, buf, count, datatype, source, tag, comm);
    smpi__req_start(*request);
    smpi__request_new(*request);
    smpi__leave();
    return MPI_SUCCESS;
}
#pragma weak MPI_Irecv = PMPI_Irecv

/* Posts the receive, then the send, and waits for both; errors are reported on comm. */
static int sendrecv(const char *call, const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                    int dest, int sendtag, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                    int source, int recvtag, MPI_Comm comm, MPI_Status *status)
{
    MPI_Request recv =
        smpi__req_new(SMPI_REQ_RECV, recvbuf, recvcount, recvtype, source, recvtag, comm);
    MPI_Request send;
    int rc, rc2;

    smpi__req_start(recv);
    send = smpi__req_new(SMPI_REQ_SEND | SMPI_REQ_ISEND, sendbuf, sendcount, sendtype, dest,
                         sendtag, comm);
    smpi__req_start(send);
    rc = wait_one(call, comm, &recv, status);
    rc2 = wait_one(call, comm, &send, MPI_STATUS_IGNORE);
    return rc != MPI_SUCCESS ? rc : rc2;
}

int PMPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                  void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                  MPI_Comm comm, MPI_Status *status)
{
    int rc = send_checks("MPI_Sendrecv", sendbuf, sendcount, sendtype, dest, sendtag, comm);

    if (rc != MPI_SUCCESS)
        return rc;
    rc = recv_checks("MPI_Sendrecv", recvbuf, recvcount, recvtype, source, recvtag, comm);
    if (rc != MPI_SUCCESS)
        return rc;
    if (smpi__trace_on) {
        struct smpi_trace_call c = smpi__trace_p2p("MPI_Sendrecv", comm, dest, sendtag);

        c.send_count = sendcount;
        c.send_type = sendtype;
        c.recv_count = recvcount;
        c.recv_type = recvtype;
        c.source = source;
        smpi__enter_call(&c);
    } else {
        smpi__enter("MPI_Sendrecv");
    }
    note_peer(comm, source, recvtag);
    rc = sendrecv("MPI_Sendrecv", sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount,
                  recvtype, source, recvtag, comm, status);
    smpi__leave();
    return rc;
}
#pragma weak MPI_Sendrecv = PMPI_Sendrecv

/* The outgoing data is packed aside as bytes, so the receive can overwrite buf. */
int PMPI_Sendrecv_replace(void *buf, int count, MPI_Datatype datatype, int dest, int sendtag,
                          int source, int recvtag, MPI_Comm comm, MPI_Status *status)
{
    size_t bytes;
    void *tmp;
    int rc = send_checks("MPI_Sendrecv_replace", buf, count, datatype, dest, sendtag, comm);

    if (rc != MPI_SUCCESS)
        return rc;
    rc = recv_checks("MPI_Sendrecv_replace", buf, count, datatype, source, recvtag, comm);
    if (rc != MPI_SUCCESS)
        return rc;
    bytes = (size_t)count * smpi_type_size(datatype);
    if (bytes > INT_MAX)
        return smpi__error(comm, "MPI_Sendrecv_replace", MPI_ERR_COUNT,
                           "message of %zu bytes is too large (at most %d bytes)", bytes, INT_MAX);
    if (smpi__trace_on) {
        struct smpi_trace_call c = smpi__trace_p2p("MPI_Sendrecv_replace", comm, dest, sendtag);

        c.send_count = c.recv_count = count;
        c.send_type = c.recv_type = datatype;
        c.source = source;
        smpi__enter_call(&c);
    } else {
        smpi__enter("MPI_Sendrecv_replace");
    }
    note_peer(comm, source, recvtag);
    tmp = sim_xmalloc(bytes ? bytes : 1);
    if (bytes)
        smpi_type_copy(buf, count, datatype, tmp, (int)bytes, MPI_BYTE);
    rc = sendrecv("MPI_Sendrecv_replace", tmp, (int)bytes, MPI_BYTE, dest, sendtag, buf, count,
                  datatype, source, recvtag, comm, status);
    free(tmp);
    smpi__leave();
    return rc;
}
#pragma weak MPI_Sendrecv_replace = PMPI_Sendrecv_replace

/* ---- probes and matched receives ---------------------------------------------------------- */

static int probe_checks(const char *call, int source, int tag, MPI_Comm comm)
{
    SMPI_CHECK_INIT(call);
    SMPI_CHECK_COMM(call, comm);
    SMPI_CHECK_RANK(call, comm, source, true);
    SMPI_CHECK_TAG(call, comm, tag, true);
    return MPI_SUCCESS;
}

int PMPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status *status)
{
    int keep;
    int flag;
    int rc = probe_checks("MPI_Probe", source, tag, comm);

    if (rc != MPI_SUCCESS)
        return rc;
    smpi__enter("MPI_Probe");
    note_peer(comm, source, tag);
    keep = status_error(status);
    rc = smpi__probe(source, tag, comm, true, &flag, status, NULL);
    status_error_restore(status, keep);
    smpi__leave();
    return report(comm, "MPI_Probe", rc, 0, 0);
}
#pragma weak MPI_Probe = PMPI_Probe

int PMPI_Iprobe(int source, int tag, MPI_Comm comm, int *flag, MPI_Status *status)
{
    int keep;
    int rc = probe_checks("MPI_Iprobe", source, tag, comm);

    if (rc != MPI_SUCCESS)
        return rc;
    SMPI_CHECK_ARG("MPI_Iprobe", comm, flag);
    smpi__enter("MPI_Iprobe");
    note_peer(comm, source, tag);
    keep = status_error(status);
    rc = smpi__probe(source, tag, comm, false, flag, status, NULL);
    status_error_restore(status, keep);
    smpi__leave();
    return report(comm, "MPI_Iprobe", rc, 0, 0);
}
#pragma weak MPI_Iprobe = PMPI_Iprobe

/* The message handle for a send dequeued by a matched probe (or MPI_MESSAGE_NO_PROC). */
static MPI_Message message_new(int source, MPI_Request send)
{
    struct smpi_message *m;

    if (source == MPI_PROC_NULL)
        return MPI_MESSAGE_NO_PROC;
    m = sim_xmalloc(sizeof(*m));
    m->send = send;
    return m;
}

int PMPI_Mprobe(int source, int tag, MPI_Comm comm, MPI_Message *message, MPI_Status *status)
{
    int keep;
    MPI_Request send = NULL;
    int flag;
    int rc = probe_checks("MPI_Mprobe", source, tag, comm);

    if (rc != MPI_SUCCESS)
        return rc;
    SMPI_CHECK_ARG("MPI_Mprobe", comm, message);
    smpi__enter("MPI_Mprobe");
    note_peer(comm, source, tag);
    keep = status_error(status);
    rc = smpi__probe(source, tag, comm, true, &flag, status, &send);
    status_error_restore(status, keep);
    *message = message_new(source, send);
    smpi__leave();
    return report(comm, "MPI_Mprobe", rc, 0, 0);
}
#pragma weak MPI_Mprobe = PMPI_Mprobe

int PMPI_Improbe(int source, int tag, MPI_Comm comm, int *flag, MPI_Message *message,
                 MPI_Status *status)
{
    int keep;
    MPI_Request send = NULL;
    int rc = probe_checks("MPI_Improbe", source, tag, comm);

    if (rc != MPI_SUCCESS)
        return rc;
    SMPI_CHECK_ARG("MPI_Improbe", comm, flag);
    SMPI_CHECK_ARG("MPI_Improbe", comm, message);
    smpi__enter("MPI_Improbe");
    note_peer(comm, source, tag);
    keep = status_error(status);
    rc = smpi__probe(source, tag, comm, false, flag, status, &send);
    status_error_restore(status, keep);
    *message = *flag ? message_new(source, send) : MPI_MESSAGE_NULL;
    smpi__leave();
    return report(comm, "MPI_Improbe", rc, 0, 0);
}
#pragma weak MPI_Improbe = PMPI_Improbe

static int mrecv_checks(const char *call, const void *buf, int count, MPI_Datatype datatype,
                        const MPI_Message *message)
{
    SMPI_CHECK_INIT(call);
    SMPI_CHECK_ARG(call, MPI_COMM_WORLD, message);
    if (*message == MPI_MESSAGE_NULL)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_REQUEST,
                           "message is MPI_MESSAGE_NULL; pass a message from MPI_Mprobe or "
                           "MPI_Improbe");
    SMPI_CHECK_COUNT(call, MPI_COMM_WORLD, count);
    SMPI_CHECK_TYPE(call, MPI_COMM_WORLD, datatype);
    SMPI_CHECK_BUF(call, MPI_COMM_WORLD, buf, count, datatype);
    return MPI_SUCCESS;
}

/* Starts the receive of a probed message and consumes the message handle. */
static MPI_Request mrecv_start(void *buf, int count, MPI_Datatype datatype, MPI_Message *message)
{
    MPI_Message m = *message;
    MPI_Request r;

    *message = MPI_MESSAGE_NULL;
    if (m == MPI_MESSAGE_NO_PROC) {
        r = smpi__req_new(SMPI_REQ_RECV, buf, count, datatype, MPI_PROC_NULL, MPI_ANY_TAG,
                          MPI_COMM_WORLD);
        smpi__req_start(r);
        return r;
    }
    note_peer(m->send->comm, smpi__comm_rank_of(m->send->comm, m->send->src), m->send->tag);
    r = smpi__mrecv_start(m->send, buf, count, datatype);
    free(m);
    return r;
}

int PMPI_Mrecv(void *buf, int count, MPI_Datatype datatype, MPI_Message *message,
               MPI_Status *status)
{
    MPI_Request req;
    int rc = mrecv_checks("MPI_Mrecv", buf, count, datatype, message);

    if (rc != MPI_SUCCESS)
        return rc;
    smpi__enter("MPI_Mrecv");
    req = mrecv_start(buf, count, datatype, message);
    rc = wait_one("MPI_Mrecv", NULL, &req, status);
    smpi__leave();
    return rc;
}
#pragma weak MPI_Mrecv = PMPI_Mrecv

int PMPI_Imrecv(void *buf, int count, MPI_Datatype datatype, MPI_Message *message,
                MPI_Request *request)
{
    int rc = mrecv_checks("MPI_Imrecv", buf, count, datatype, message);

    if (rc != MPI_SUCCESS)
        return rc;
    SMPI_CHECK_ARG("MPI_Imrecv", MPI_COMM_WORLD, request);
    smpi__enter("MPI_Imrecv");
    *request = mrecv_start(buf, count, datatype, message);
    smpi__request_new(*request);
    smpi__leave();
    return MPI_SUCCESS;
}
#pragma weak MPI_Imrecv = PMPI_Imrecv

/* ---- completion: wait and test ------------------------------------------------------------ */

/* The communicator whose error handler hears about a multiple completion: that of the first
 * request given (held, since completion may free the request), else MPI_COMM_WORLD. */
static MPI_Comm hold_comm(int n, const MPI_Request *reqs)
{
    for (int i = 0; i < n; i++) {
        if (reqs[i] != MPI_REQUEST_NULL && reqs[i]->comm) {
            reqs[i]->comm->refcount++;
            return reqs[i]->comm;
        }
    }
    return MPI_COMM_WORLD;
}

static void release_comm(MPI_Comm comm)
{
    if (comm != MPI_COMM_WORLD)
        smpi__comm_release(comm);
}

/* Reports MPI_ERR_IN_STATUS of a multiple completion, naming the first failed request. */
static int report_in_status(MPI_Comm comm, const char *call, int rc, int n,
                            const MPI_Status *statuses, const int *indices)
{
    if (rc == MPI_SUCCESS)
        return rc;
    if (rc == MPI_ERR_IN_STATUS && statuses != MPI_STATUSES_IGNORE) {
        for (int i = 0; i < n; i++) {
            if (statuses[i].MPI_ERROR != MPI_SUCCESS)
                return smpi__error(
                    comm, call, rc, "request %d failed with %s (see array_of_statuses)",
                    indices ? indices[i] : i, smpi_error_class_name(statuses[i].MPI_ERROR));
        }
    }
    if (rc == MPI_ERR_IN_STATUS)
        return smpi__error(comm, call, rc, "a request failed; pass array_of_statuses to see which");
    return report(comm, call, rc, 0, 0);
}

int PMPI_Wait(MPI_Request *request, MPI_Status *status)
{
    int rc;

    SMPI_CHECK_INIT("MPI_Wait");
    SMPI_CHECK_ARG("MPI_Wait", MPI_COMM_WORLD, request);
    enter_requests("MPI_Wait", request, 1);
    rc = wait_one("MPI_Wait", NULL, request, status);
    smpi__leave();
    return rc;
}
#pragma weak MPI_Wait = PMPI_Wait

int PMPI_Test(MPI_Request *request, int *flag, MPI_Status *status)
{
    MPI_Request r;
    int rc;
    int keep;

    SMPI_CHECK_INIT("MPI_Test");
    SMPI_CHECK_ARG("MPI_Test", MPI_COMM_WORLD, request);
    SMPI_CHECK_ARG("MPI_Test", MPI_COMM_WORLD, flag);
    enter_requests("MPI_Test", request, 1);
    r = *request;
    if (r)
        r->refcount++;
    keep = status_error(status);
    rc = smpi__test(request, flag, status);
    status_error_restore(status, keep);
    if (rc != MPI_SUCCESS)
        rc = report(MPI_COMM_WORLD, "MPI_Test", rc, 0, r->size);
    if (r)
        smpi__req_release(r);
    smpi__leave();
    return rc;
}
#pragma weak MPI_Test = PMPI_Test

int PMPI_Waitany(int count, MPI_Request array_of_requests[], int *index, MPI_Status *status)
{
    int rc;
    MPI_Comm ec;

    SMPI_CHECK_INIT("MPI_Waitany");
    SMPI_CHECK_REQUESTS("MPI_Waitany", count, array_of_requests);
    SMPI_CHECK_ARG("MPI_Waitany", MPI_COMM_WORLD, index);
    enter_requests("MPI_Waitany", array_of_requests, count);
    ec = hold_comm(count, array_of_requests);
    rc = smpi__waitany(count, array_of_requests, index, status);
    smpi__leave();
    rc = report(ec, "MPI_Waitany", rc, 0, 0);
    release_comm(ec);
    return rc;
}
#pragma weak MPI_Waitany = PMPI_Waitany

int PMPI_Testany(int count, MPI_Request array_of_requests[], int *index, int *flag,
                 MPI_Status *status)
{
    int rc;
    MPI_Comm ec;

    SMPI_CHECK_INIT("MPI_Testany");
    SMPI_CHECK_REQUESTS("MPI_Testany", count, array_of_requests);
    SMPI_CHECK_ARG("MPI_Testany", MPI_COMM_WORLD, index);
    SMPI_CHECK_ARG("MPI_Testany", MPI_COMM_WORLD, flag);
    enter_requests("MPI_Testany", array_of_requests, count);
    ec = hold_comm(count, array_of_requests);
    rc = smpi__testany(count, array_of_requests, index, flag, status);
    smpi__leave();
    rc = report(ec, "MPI_Testany", rc, 0, 0);
    release_comm(ec);
    return rc;
}
#pragma weak MPI_Testany = PMPI_Testany

int PMPI_Waitall(int count, MPI_Request array_of_requests[], MPI_Status array_of_statuses[])
{
    int rc;
    MPI_Comm ec;

    SMPI_CHECK_INIT("MPI_Waitall");
    SMPI_CHECK_REQUESTS("MPI_Waitall", count, array_of_requests);
    enter_requests("MPI_Waitall", array_of_requests, count);
    ec = hold_comm(count, array_of_requests);
    rc = smpi__waitall(count, array_of_requests, array_of_statuses);
    smpi__leave();
    rc = report_in_status(ec, "MPI_Waitall", rc, count, array_of_statuses, NULL);
    release_comm(ec);
    return rc;
}
#pragma weak MPI_Waitall = PMPI_Waitall

int PMPI_Testall(int count, MPI_Request array_of_requests[], int *flag,
                 MPI_Status array_of_statuses[])
{
    int rc;
    MPI_Comm ec;

    SMPI_CHECK_INIT("MPI_Testall");
    SMPI_CHECK_REQUESTS("MPI_Testall", count, array_of_requests);
    SMPI_CHECK_ARG("MPI_Testall", MPI_COMM_WORLD, flag);
    enter_requests("MPI_Testall", array_of_requests, count);
    ec = hold_comm(count, array_of_requests);
    rc = smpi__testall(count, array_of_requests, flag, array_of_statuses);
    smpi__leave();
    rc = report_in_status(ec, "MPI_Testall", rc, count, array_of_statuses, NULL);
    release_comm(ec);
    return rc;
}
#pragma weak MPI_Testall = PMPI_Testall

int PMPI_Waitsome(int incount, MPI_Request array_of_requests[], int *outcount,
                  int array_of_indices[], MPI_Status array_of_statuses[])
{
    int rc;
    MPI_Comm ec;

    SMPI_CHECK_INIT("MPI_Waitsome");
    SMPI_CHECK_REQUESTS("MPI_Waitsome", incount, array_of_requests);
    SMPI_CHECK_ARG("MPI_Waitsome", MPI_COMM_WORLD, outcount);
    if (incount > 0) /* with no request, the indices may be NULL (MPICH's waittestnull) */
        SMPI_CHECK_ARG("MPI_Waitsome", MPI_COMM_WORLD, array_of_indices);
    enter_requests("MPI_Waitsome", array_of_requests, incount);
    ec = hold_comm(incount, array_of_requests);
    rc = smpi__waitsome(incount, array_of_requests, outcount, array_of_indices, array_of_statuses);
    smpi__leave();
    rc = report_in_status(ec, "MPI_Waitsome", rc, *outcount == MPI_UNDEFINED ? 0 : *outcount,
                          array_of_statuses, array_of_indices);
    release_comm(ec);
    return rc;
}
#pragma weak MPI_Waitsome = PMPI_Waitsome

int PMPI_Testsome(int incount, MPI_Request array_of_requests[], int *outcount,
                  int array_of_indices[], MPI_Status array_of_statuses[])
{
    int rc;
    MPI_Comm ec;

    SMPI_CHECK_INIT("MPI_Testsome");
    SMPI_CHECK_REQUESTS("MPI_Testsome", incount, array_of_requests);
    SMPI_CHECK_ARG("MPI_Testsome", MPI_COMM_WORLD, outcount);
    if (incount > 0) /* with no request, the indices may be NULL (MPICH's waittestnull) */
        SMPI_CHECK_ARG("MPI_Testsome", MPI_COMM_WORLD, array_of_indices);
    enter_requests("MPI_Testsome", array_of_requests, incount);
    ec = hold_comm(incount, array_of_requests);
    rc = smpi__testsome(incount, array_of_requests, outcount, array_of_indices, array_of_statuses);
    smpi__leave();
    rc = report_in_status(ec, "MPI_Testsome", rc, *outcount == MPI_UNDEFINED ? 0 : *outcount,
                          array_of_statuses, array_of_indices);
    release_comm(ec);
    return rc;
}
#pragma weak MPI_Testsome = PMPI_Testsome

/* Non-destructive test: the request stays allocated and active. */
int PMPI_Request_get_status(MPI_Request request, int *flag, MPI_Status *status)
{
    SMPI_CHECK_INIT("MPI_Request_get_status");
    SMPI_CHECK_ARG("MPI_Request_get_status", MPI_COMM_WORLD, flag);
    smpi__enter("MPI_Request_get_status");
    /* costs like MPI_Test, so that a loop polling it lets simulated time advance */
    smpi__test_sleep();
    if (!request || !(request->flags & SMPI_REQ_ACTIVE)) {
        *flag = 1;
        smpi__status_empty(status);
        smpi__leave();
        return MPI_SUCCESS;
    }
    *flag = (request->flags & SMPI_REQ_DONE) != 0;
    smpi__test_outcome(*flag);
    if (*flag && status != MPI_STATUS_IGNORE) {
        if (request->flags & (SMPI_REQ_RECV | SMPI_REQ_PROCNULL)) {
            *status = request->status;
        } else {
            smpi__status_empty(status);
            status->smpi_cancelled = (request->flags & SMPI_REQ_CANCELLED) != 0;
        }
        status->MPI_ERROR = request->error;
    }
    smpi__leave();
    return MPI_SUCCESS;
}
#pragma weak MPI_Request_get_status = PMPI_Request_get_status

int PMPI_Request_free(MPI_Request *request)
{
    SMPI_CHECK_INIT("MPI_Request_free");
    SMPI_CHECK_ARG("MPI_Request_free", MPI_COMM_WORLD, request);
    if (*request == MPI_REQUEST_NULL)
        return smpi__error(MPI_COMM_WORLD, "MPI_Request_free", MPI_ERR_REQUEST,
                           "request is MPI_REQUEST_NULL");
    smpi__enter("MPI_Request_free");
    smpi__req_free(request);
    smpi__leave();
    return MPI_SUCCESS;
}
#pragma weak MPI_Request_free = PMPI_Request_free

int PMPI_Cancel(MPI_Request *request)
{
    int rc;

    SMPI_CHECK_INIT("MPI_Cancel");
    SMPI_CHECK_ARG("MPI_Cancel", MPI_COMM_WORLD, request);
    if (*request == MPI_REQUEST_NULL)
        return smpi__error(MPI_COMM_WORLD, "MPI_Cancel", MPI_ERR_REQUEST,
                           "request is MPI_REQUEST_NULL");
    smpi__enter("MPI_Cancel");
    rc = smpi__cancel(*request);
    smpi__leave();
    return report((*request)->comm, "MPI_Cancel", rc, 0, 0);
}
#pragma weak MPI_Cancel = PMPI_Cancel

int PMPI_Test_cancelled(const MPI_Status *status, int *flag)
{
    SMPI_CHECK_ARG("MPI_Test_cancelled", MPI_COMM_WORLD, status);
    SMPI_CHECK_ARG("MPI_Test_cancelled", MPI_COMM_WORLD, flag);
    *flag = status->smpi_cancelled != 0;
    return MPI_SUCCESS;
}
#pragma weak MPI_Test_cancelled = PMPI_Test_cancelled

/* ---- persistent requests ------------------------------------------------------------------ */

static int send_init(const char *call, unsigned mode, const void *buf, int count,
                     MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    int rc = send_checks(call, buf, count, datatype, dest, tag, comm);

    if (rc != MPI_SUCCESS)
        return rc;
    SMPI_CHECK_ARG(call, comm, request);
    smpi__enter(call);
    *request = smpi__req_new(SMPI_REQ_SEND | SMPI_REQ_ISEND | SMPI_REQ_PERSISTENT | mode, buf,
                             count, datatype, dest, tag, comm);
    smpi__request_new(*request);
    smpi__leave();
    return MPI_SUCCESS;
}

int PMPI_Send_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
                   MPI_Comm comm, MPI_Request *request)
{
    return send_init("MPI_Send_init", 0, buf, count, datatype, dest, tag, comm, request);
}
#pragma weak MPI_Send_init = PMPI_Send_init

int PMPI_Bsend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
                    MPI_Comm comm, MPI_Request *request)
{
    return send_init("MPI_Bsend_init", SMPI_REQ_BSEND, buf, count, datatype, dest, tag, comm,
                     request);
}
#pragma weak MPI_Bsend_init = PMPI_Bsend_init

int PMPI_Ssend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
                    MPI_Comm comm, MPI_Request *request)
{
    return send_init("MPI_Ssend_init", SMPI_REQ_SSEND, buf, count, datatype, dest, tag, comm,
                     request);
}
#pragma weak MPI_Ssend_init = PMPI_Ssend_init

int PMPI_Rsend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
                    MPI_Comm comm, MPI_Request *request)
{
    return send_init("MPI_Rsend_init", SMPI_REQ_RSEND, buf, count, datatype, dest, tag, comm,
                     request);
}
#pragma weak MPI_Rsend_init = PMPI_Rsend_init

int PMPI_Recv_init(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                   MPI_Request *request)
{
    int rc = recv_checks("MPI_Recv_init", buf, count, datatype, source, tag, comm);

    if (rc != MPI_SUCCESS)
        return rc;
    SMPI_CHECK_ARG("MPI_Recv_init", comm, request);
    smpi__enter("MPI_Recv_init");
    *request =
        smpi__req_new(SMPI_REQ_RECV | SMPI_REQ_PERSISTENT, buf, count, datatype, source, tag, comm);
    smpi__request_new(*request);
    smpi__leave();
    return MPI_SUCCESS;
}
#pragma weak MPI_Recv_init = PMPI_Recv_init

/* A request MPI_Start may start: persistent and inactive. */
static int start_check(const char *call, MPI_Request r, int index)
{
    if (r == MPI_REQUEST_NULL)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_REQUEST, "request %d is MPI_REQUEST_NULL",
                           index);
    if (!(r->flags & SMPI_REQ_PERSISTENT))
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_REQUEST,
                           "request %d is not persistent (create it with MPI_Send_init or "
                           "MPI_Recv_init)",
                           index);
    if (r->flags & SMPI_REQ_ACTIVE)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_REQUEST,
                           "request %d is already active; complete it with MPI_Wait first", index);
    return MPI_SUCCESS;
}

/* Starts a checked persistent request (reserving buffer space for a buffered send). */
static int start_one(const char *call, MPI_Request r)
{
    if ((r->flags & SMPI_REQ_BSEND) && !(r->flags & SMPI_REQ_PROCNULL)) {
        int rc = bsend_reserve(call, r->comm, r->size);

        if (rc != MPI_SUCCESS)
            return rc;
    }
    smpi__req_start(r);
    return MPI_SUCCESS;
}

int PMPI_Start(MPI_Request *request)
{
    int rc;

    SMPI_CHECK_INIT("MPI_Start");
    SMPI_CHECK_ARG("MPI_Start", MPI_COMM_WORLD, request);
    rc = start_check("MPI_Start", *request, 0);
    if (rc != MPI_SUCCESS)
        return rc;
    enter_requests("MPI_Start", request, 1);
    rc = start_one("MPI_Start", *request);
    smpi__leave();
    return rc;
}
#pragma weak MPI_Start = PMPI_Start

int PMPI_Startall(int count, MPI_Request array_of_requests[])
{
    int rc = MPI_SUCCESS;

    SMPI_CHECK_INIT("MPI_Startall");
    SMPI_CHECK_REQUESTS("MPI_Startall", count, array_of_requests);
    for (int i = 0; i < count; i++) {
        rc = start_check("MPI_Startall", array_of_requests[i], i);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    enter_requests("MPI_Startall", array_of_requests, count);
    for (int i = 0; i < count && rc == MPI_SUCCESS; i++)
        rc = start_one("MPI_Startall", array_of_requests[i]);
    smpi__leave();
    return rc;
}
#pragma weak MPI_Startall = PMPI_Startall

/* ---- status queries ----------------------------------------------------------------------- */

int PMPI_Get_count(const MPI_Status *status, MPI_Datatype datatype, int *count)
{
    size_t size;

    SMPI_CHECK_ARG("MPI_Get_count", MPI_COMM_WORLD, status);
    SMPI_CHECK_TYPE("MPI_Get_count", MPI_COMM_WORLD, datatype);
    SMPI_CHECK_ARG("MPI_Get_count", MPI_COMM_WORLD, count);
    size = smpi_type_size(datatype);
    if (size == 0)
        *count = 0;
    else if ((size_t)status->smpi_count % size != 0)
        *count = MPI_UNDEFINED;
    else
        *count = (int)((size_t)status->smpi_count / size);
    return MPI_SUCCESS;
}
#pragma weak MPI_Get_count = PMPI_Get_count

int PMPI_Get_elements_x(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count)
{
    MPI_Count n;

    SMPI_CHECK_ARG("MPI_Get_elements", MPI_COMM_WORLD, status);
    SMPI_CHECK_TYPE("MPI_Get_elements", MPI_COMM_WORLD, datatype);
    SMPI_CHECK_ARG("MPI_Get_elements", MPI_COMM_WORLD, count);
    n = smpi__type_elements(datatype, status->smpi_count);
    *count = n < 0 ? MPI_UNDEFINED : n;
    return MPI_SUCCESS;
}
#pragma weak MPI_Get_elements_x = PMPI_Get_elements_x

int PMPI_Get_elements(const MPI_Status *status, MPI_Datatype datatype, int *count)
{
    MPI_Count n;
    int rc = PMPI_Get_elements_x(status, datatype, &n);

    if (rc != MPI_SUCCESS)
        return rc;
    SMPI_CHECK_ARG("MPI_Get_elements", MPI_COMM_WORLD, count);
    *count = n > INT_MAX ? MPI_UNDEFINED : (int)n;
    return MPI_SUCCESS;
}
#pragma weak MPI_Get_elements = PMPI_Get_elements
