/* bindings_p2p: the point-to-point MPI calls that post or probe messages — sends in the four
 * modes, receives, probes and matched probes, persistent requests and the buffer of MPI_Bsend
 * (their completion is in bindings_request.c). Each binding checks its arguments
 * (smpi/bindings/check.h), records the call and its peer for deadlock reports, then drives the
 * engine of p2p.c and request.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>
#include <string.h>

#include "smpi/analyze/analyze.h"
#include "smpi/bindings/check.h"
#include "smpi/bindings/p2p.h"
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

/* smpi__enter for a point-to-point call with one peer, describing it to the trace sinks. Out of
 * line, as sendrecv_enter: the description (about 250 bytes) would otherwise sit in the frame of
 * MPI_Recv or MPI_Sendrecv while the rank waits there, and under copied stacks copy at every
 * switch. */
__attribute__((noinline)) static void enter_p2p(const char *call, MPI_Comm comm, int peer, int tag,
                                                int count, MPI_Datatype type, bool sends)
{
    struct smpi_trace_call c;

    if (!smpi__trace_on) {
        smpi__enter(call);
        return;
    }
    if (type == MPI_DATATYPE_NULL) /* an empty message (p2p_checks) */
        type = MPI_BYTE;
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
void smpi__enter_requests(const char *call, MPI_Request *reqs, int n)
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
int smpi__p2p_report(MPI_Comm comm, const char *call, int rc, size_t sent, size_t bufsize)
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

/* A call that completes or probes one request returns its error code and leaves the MPI_ERROR
 * field of its status as the caller set it (MPI-3.1 section 3.2.5; MPICH does, and its tests
 * check it): the field is read before and put back after. */
int smpi__status_error(const MPI_Status *status)
{
    return status != MPI_STATUS_IGNORE ? status->MPI_ERROR : 0;
}

void smpi__status_error_restore(MPI_Status *status, int err)
{
    if (status != MPI_STATUS_IGNORE)
        status->MPI_ERROR = err;
}

/* smpi__wait on one request, reporting an error on `comm` (NULL: the request's own
 * communicator) with the sizes of a truncated message. */
int smpi__wait_one(const char *call, MPI_Comm comm, MPI_Request *reqp, MPI_Status *status)
{
    MPI_Request r = *reqp;
    size_t sent;
    int rc;
    int keep = smpi__status_error(status);

    if (!r) {
        rc = smpi__wait(reqp, status);
        smpi__status_error_restore(status, keep);
        return rc;
    }
    r->refcount++; /* keep it readable after the wait frees the user's handle */
    sent = peer_size(r, 0);
    rc = smpi__wait(reqp, status);
    smpi__status_error_restore(status, keep);
    if (rc == MPI_ERR_TYPE && r->rare && r->rare->error_text)
        rc = smpi__error(comm ? comm : r->comm, call, rc, "%s", r->rare->error_text);
    else if (rc != MPI_SUCCESS)
        rc = smpi__p2p_report(comm ? comm : r->comm, call, rc, peer_size(r, sent), r->size);
    smpi__req_release(r);
    return rc;
}

/* ---- the buffer of MPI_Bsend ---------------------------------------------------------------- */

/* Reserves room for a buffered message of `size` bytes in the attached buffer. */
int smpi__bsend_reserve(const char *call, MPI_Comm comm, size_t size)
{
    struct smpi_process *self = &smpi__rt.procs[smpi__self()->rank]; /* its threads share it */
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
    self = &smpi__rt.procs[smpi__self()->rank]; /* the rank's buffer, whichever thread calls */
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
    self = &smpi__rt.procs[smpi__self()->rank];
    smpi__enter("MPI_Buffer_detach");
    /* p2p.c gives the room of a buffered message back at its delivery (or cancellation) and
     * wakes us: blocking (not polling) lets a detach that can never finish be reported as a
     * deadlock. */
    while (self->bsend_used > 0) {
        self->bsend_detacher = sim_actor_self();
        sim_actor_block("MPI_Buffer_detach");
        self->bsend_detacher = NULL;
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

/* The checks of every send (recv false) and receive: comm, count, type, buffer, the peer
 * ("dest", or "source" where MPI_ANY_SOURCE is allowed), the tag (MPI_ANY_TAG allowed in a
 * receive). */
int smpi__p2p_checks(const char *call, const void *buf, int count, MPI_Datatype datatype, int peer,
                     int tag, MPI_Comm comm, bool recv)
{
    SMPI_CHECK_INIT(call);
    SMPI_CHECK_COMM(call, comm);
    SMPI_CHECK_COUNT(call, comm, count);
    /* an empty message may name no datatype, as MPICH accepts (upstream part/nonblocking_pready;
     * the request then carries MPI_BYTE: smpi__req_new) */
    if (count == 0 && datatype == MPI_DATATYPE_NULL)
        datatype = MPI_BYTE;
    SMPI_CHECK_TYPE(call, comm, datatype);
    SMPI_CHECK_BUF(call, comm, buf, count, datatype);
    SMPI_CHECK(smpi__check_rank(call, comm, peer, recv, recv ? "source" : "dest"));
    SMPI_CHECK_TAG(call, comm, tag, recv);
    return MPI_SUCCESS;
}

static int send_checks(const char *call, const void *buf, int count, MPI_Datatype datatype,
                       int dest, int tag, MPI_Comm comm)
{
    return smpi__p2p_checks(call, buf, count, datatype, dest, tag, comm, false);
}

static int recv_checks(const char *call, const void *buf, int count, MPI_Datatype datatype,
                       int source, int tag, MPI_Comm comm)
{
    return smpi__p2p_checks(call, buf, count, datatype, source, tag, comm, true);
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
        int rc = smpi__bsend_reserve(call, comm, req->size);

        if (rc != MPI_SUCCESS) {
            smpi__req_release(req);
            return rc;
        }
    }
    smpi__req_start(req);
    *reqp = req;
    return MPI_SUCCESS;
}

/* A whole blocking send in a mode (0, SMPI_REQ_SSEND, SMPI_REQ_BSEND or SMPI_REQ_RSEND): the
 * checks, then the send. */
static int send_blocking(const char *call, unsigned mode, const void *buf, int count,
                         MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    MPI_Request req;
    int rc = send_checks(call, buf, count, datatype, dest, tag, comm);

    if (rc != MPI_SUCCESS)
        return rc;
    enter_p2p(call, comm, dest, tag, count, datatype, true);
    rc = post_send(call, SMPI_REQ_SEND | mode, buf, count, datatype, dest, tag, comm, &req);
    if (rc == MPI_SUCCESS)
        rc = smpi__wait_one(call, comm, &req, MPI_STATUS_IGNORE);
    smpi__leave();
    return rc;
}

/* A whole nonblocking send in a mode: the checks, then the request, returned started. */
static int send_nonblocking(const char *call, unsigned mode, const void *buf, int count,
                            MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                            MPI_Request *request)
{
    MPI_Request req;
    int rc = send_checks(call, buf, count, datatype, dest, tag, comm);

    if (rc != MPI_SUCCESS)
        return rc;
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

/* ---- receives ----------------------------------------------------------------------------- */

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
    rc = smpi__wait_one("MPI_Recv", comm, &req, status);
    smpi__leave();
    return rc;
}
#pragma weak MPI_Recv = PMPI_Recv

/* A receive or send that returns a new request (flags SMPI_REQ_RECV, or SMPI_REQ_SEND with the
 * mode bits): the checks, then the request, started now (MPI_Irecv) or by MPI_Start
 * (SMPI_REQ_PERSISTENT: MPI_Recv_init, MPI_Send_init and its modes). */
static int request_call(const char *call, unsigned flags, const void *buf, int count,
                        MPI_Datatype datatype, int peer, int tag, MPI_Comm comm,
                        MPI_Request *request)
{
    bool persistent = flags & SMPI_REQ_PERSISTENT;
    int rc = smpi__p2p_checks(call, buf, count, datatype, peer, tag, comm, flags & SMPI_REQ_RECV);

    if (rc != MPI_SUCCESS)
        return rc;
    SMPI_CHECK_ARG(call, comm, request);
    if (persistent)
        smpi__enter(call);
    else {
        enter_p2p(call, comm, peer, tag, count, datatype, false);
        note_peer(comm, peer, tag);
    }
    *request = smpi__req_new(flags, buf, count, datatype, peer, tag, comm);
    if (!persistent)
        smpi__req_start(*request);
    smpi__request_new(*request);
    smpi__leave();
    return MPI_SUCCESS;
}

int PMPI_Irecv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
               MPI_Request *request)
{
    return request_call("MPI_Irecv", SMPI_REQ_RECV, buf, count, datatype, source, tag, comm,
                        request);
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
    rc = smpi__wait_one(call, comm, &recv, status);
    rc2 = smpi__wait_one(call, comm, &send, MPI_STATUS_IGNORE);
    return rc != MPI_SUCCESS ? rc : rc2;
}

/* smpi__enter for a send-receive, with both halves for the trace sinks, and its peer. */
__attribute__((noinline)) static void sendrecv_enter(const char *call, int sendcount,
                                                     MPI_Datatype sendtype, int dest, int sendtag,
                                                     int recvcount, MPI_Datatype recvtype,
                                                     int source, int recvtag, MPI_Comm comm)
{
    if (smpi__trace_on) {
        struct smpi_trace_call c = smpi__trace_p2p(call, comm, dest, sendtag);

        c.send_count = sendcount;
        c.send_type = sendtype;
        c.recv_count = recvcount;
        c.recv_type = recvtype;
        c.source = source;
        smpi__enter_call(&c);
    } else {
        smpi__enter(call);
    }
    note_peer(comm, source, recvtag);
}

int PMPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                  void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                  MPI_Comm comm, MPI_Status *status)
{
    int rc;

    SMPI_CHECK(send_checks("MPI_Sendrecv", sendbuf, sendcount, sendtype, dest, sendtag, comm));
    SMPI_CHECK(recv_checks("MPI_Sendrecv", recvbuf, recvcount, recvtype, source, recvtag, comm));
    sendrecv_enter("MPI_Sendrecv", sendcount, sendtype, dest, sendtag, recvcount, recvtype, source,
                   recvtag, comm);
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
    int rc;

    SMPI_CHECK(send_checks("MPI_Sendrecv_replace", buf, count, datatype, dest, sendtag, comm));
    SMPI_CHECK(recv_checks("MPI_Sendrecv_replace", buf, count, datatype, source, recvtag, comm));
    bytes = (size_t)count * smpi_type_size(datatype);
    if (bytes > INT_MAX)
        return smpi__error(comm, "MPI_Sendrecv_replace", MPI_ERR_COUNT,
                           "message of %zu bytes is too large (at most %d bytes)", bytes, INT_MAX);
    sendrecv_enter("MPI_Sendrecv_replace", count, datatype, dest, sendtag, count, datatype, source,
                   recvtag, comm);
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

/* A probe after its checks: blocking or not, *flag (always set when blocking) and *status as
 * MPI_Iprobe gives them; the matched probes (message not NULL) dequeue the message into
 * *message (MPI_MESSAGE_NULL when a nonblocking one finds none). The status's MPI_ERROR field
 * is left as the caller set it. */
static int run_probe(const char *call, int source, int tag, MPI_Comm comm, bool blocking, int *flag,
                     MPI_Status *status, MPI_Message *message)
{
    MPI_Request send = NULL;
    int keep;
    int rc;

    smpi__enter(call);
    note_peer(comm, source, tag);
    keep = smpi__status_error(status);
    rc = smpi__probe(source, tag, comm, blocking, flag, status, message ? &send : NULL);
    smpi__status_error_restore(status, keep);
    if (message)
        *message = blocking || *flag ? message_new(source, send) : MPI_MESSAGE_NULL;
    smpi__leave();
    return smpi__p2p_report(comm, call, rc, 0, 0);
}

int PMPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status *status)
{
    int flag;

    SMPI_CHECK(probe_checks("MPI_Probe", source, tag, comm));
    return run_probe("MPI_Probe", source, tag, comm, true, &flag, status, NULL);
}
#pragma weak MPI_Probe = PMPI_Probe

int PMPI_Iprobe(int source, int tag, MPI_Comm comm, int *flag, MPI_Status *status)
{
    SMPI_CHECK(probe_checks("MPI_Iprobe", source, tag, comm));
    SMPI_CHECK_ARG("MPI_Iprobe", comm, flag);
    return run_probe("MPI_Iprobe", source, tag, comm, false, flag, status, NULL);
}
#pragma weak MPI_Iprobe = PMPI_Iprobe

int PMPI_Mprobe(int source, int tag, MPI_Comm comm, MPI_Message *message, MPI_Status *status)
{
    int flag;

    SMPI_CHECK(probe_checks("MPI_Mprobe", source, tag, comm));
    SMPI_CHECK_ARG("MPI_Mprobe", comm, message);
    return run_probe("MPI_Mprobe", source, tag, comm, true, &flag, status, message);
}
#pragma weak MPI_Mprobe = PMPI_Mprobe

int PMPI_Improbe(int source, int tag, MPI_Comm comm, int *flag, MPI_Message *message,
                 MPI_Status *status)
{
    SMPI_CHECK(probe_checks("MPI_Improbe", source, tag, comm));
    SMPI_CHECK_ARG("MPI_Improbe", comm, flag);
    SMPI_CHECK_ARG("MPI_Improbe", comm, message);
    return run_probe("MPI_Improbe", source, tag, comm, false, flag, status, message);
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
    rc = smpi__wait_one("MPI_Mrecv", NULL, &req, status);
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

/* ---- persistent requests ------------------------------------------------------------------ */

static int send_init(const char *call, unsigned mode, const void *buf, int count,
                     MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    return request_call(call, SMPI_REQ_SEND | SMPI_REQ_ISEND | SMPI_REQ_PERSISTENT | mode, buf,
                        count, datatype, dest, tag, comm, request);
}

/* The send calls of one mode (0, SMPI_REQ_BSEND, SMPI_REQ_SSEND, SMPI_REQ_RSEND): blocking,
 * nonblocking and persistent, on the parameters they share. */
#define SEND_PARAMS                                                                                \
    const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm
#define SEND_ARGS buf, count, datatype, dest, tag, comm
#define SEND_MODE(send, isend, psend, mode)                                                        \
    int P##send(SEND_PARAMS)                                                                       \
    {                                                                                              \
        return send_blocking(#send, mode, SEND_ARGS);                                              \
    }                                                                                              \
    SMPI_WEAK(send)                                                                                \
    int P##isend(SEND_PARAMS, MPI_Request *request)                                                \
    {                                                                                              \
        return send_nonblocking(#isend, mode, SEND_ARGS, request);                                 \
    }                                                                                              \
    SMPI_WEAK(isend)                                                                               \
    int P##psend(SEND_PARAMS, MPI_Request *request)                                                \
    {                                                                                              \
        return send_init(#psend, mode, SEND_ARGS, request);                                        \
    }                                                                                              \
    SMPI_WEAK(psend)
SEND_MODE(MPI_Send, MPI_Isend, MPI_Send_init, 0)
SEND_MODE(MPI_Bsend, MPI_Ibsend, MPI_Bsend_init, SMPI_REQ_BSEND)
SEND_MODE(MPI_Ssend, MPI_Issend, MPI_Ssend_init, SMPI_REQ_SSEND)
SEND_MODE(MPI_Rsend, MPI_Irsend, MPI_Rsend_init, SMPI_REQ_RSEND)

int PMPI_Recv_init(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                   MPI_Request *request)
{
    return request_call("MPI_Recv_init", SMPI_REQ_RECV | SMPI_REQ_PERSISTENT, buf, count, datatype,
                        source, tag, comm, request);
}
#pragma weak MPI_Recv_init = PMPI_Recv_init
