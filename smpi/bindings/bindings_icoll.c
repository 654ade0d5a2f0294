/* bindings_icoll: the nonblocking collectives of MPI-3.1 (sections 5.12 and 7.7). Each call
 * checks its arguments at once (coll_call.c, the checks of the blocking call), then starts a
 * helper actor on the rank's host that runs the blocking collective, with the algorithm the
 * registry selects and its costs (on an intercommunicator, the blocking form's
 * intercommunicator algorithm), on a private communicator derived from the user's one: every
 * rank starts its nonblocking collectives on a communicator in the same order (the standard
 * requires it), so the n-th one of each rank meets the others' n-th on the same fresh matching
 * contexts, and outstanding collectives and point-to-point traffic never mix. The request
 * completes when the helper finishes; MPI_Wait/MPI_Test then work as for any request. The
 * helper holds references on the datatypes and op, so the caller may free them at once. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "collectives/collectives.h"
#include "smpi/bindings/check.h"
#include "smpi/bindings/coll_calls.h"
#include "smpi/analyze/analyze.h"
#include "smpi/internal.h"
#include "smpi/mpi/op.h"

/* One started collective: the identity its helper runs under (the rank's world rank and host,
 * never computing: no mailbox or other rank state is copied), and its arguments. */
struct nbc {
    struct smpi_process proc;
    enum coll_kind kind;
    struct coll_args args;
    int *counts; /* reduce_scatter_block: the equal counts, owned */
    MPI_Request req;
};

static void ref_type(MPI_Datatype t, bool ref)
{
    if (ref)
        smpi__type_ref(t);
    else
        smpi__type_unref(t);
}

/* Takes (ref) or drops a reference on every datatype and op the collective reads: only the
 * arguments significant at this rank, since the others may be anything. */
static void hold(const struct nbc *n, bool ref)
{
    const struct coll_args *a = &n->args;
    bool root = smpi__coll_is_root(a);
    bool gather = coll_descs[n->kind].form == COLL_FORM_GATHER;
    bool scatter = coll_descs[n->kind].form == COLL_FORM_SCATTER;
    bool sends = a->sbuf != MPI_IN_PLACE && (!scatter || root);
    bool recvs = a->rbuf != MPI_IN_PLACE && (!gather || root);
    int ns = a->stypes && sends ? smpi__comm_peer_size(a->comm) : 0;
    int nr = a->rtypes ? smpi__comm_peer_size(a->comm) : 0;
    int *in;
    int *out;

    if (coll_descs[n->kind].form == COLL_FORM_NEIGHBOR_ALLTOALL &&
        (coll_descs[n->kind].flags & COLL_W) &&
        smpi_topo_neighbors(a->comm, &in, &nr, &out, &ns) == MPI_SUCCESS) {
        free(in);
        free(out);
    }
    ref_type(a->type, ref);
    if (sends)
        ref_type(a->stype, ref);
    if (recvs)
        ref_type(a->rtype, ref);
    for (int i = 0; i < ns; i++)
        ref_type(a->stypes[i], ref);
    for (int i = 0; i < nr; i++)
        ref_type(a->rtypes[i], ref);
    if (ref)
        smpi__op_ref(a->op);
    else
        smpi__op_unref(a->op);
}

static void helper_main(void *arg)
{
    struct nbc *n = arg;
    MPI_Request req = n->req;

    req->error = smpi__coll_exec(n->kind, &n->args);
    hold(n, false);
    smpi__comm_release(n->args.comm);
    smpi__req_complete(req);
    smpi__req_release(req); /* the helper's reference */
    free(n->counts);
    free(n);
}

MPI_Comm smpi__nbc_comm(MPI_Comm comm)
{
    struct smpi_group *g;
    MPI_Comm c;

    if (comm->remote_group) { /* the blocking form's intercommunicator algorithm, on a copy */
        c = smpi__inter_derive(comm);
    } else {
        g = smpi__comm_group(comm);
        c = smpi__comm_derive(comm, g);
        smpi__group_release(g);
    }
    c->errhandler = smpi__comm_errhandler(comm);
    if (comm->topo && !c->topo) { /* the neighbourhood collectives need it */
        c->topo = comm->topo;
        smpi__topo_ref(comm->topo);
    }
    return c;
}

void smpi__nbc_hold(enum coll_kind kind, const struct coll_args *args, bool ref)
{
    struct nbc n = { .kind = kind, .args = *args };

    hold(&n, ref);
}

void smpi__nbc_launch(const char *call, enum coll_kind kind, const struct coll_args *args,
                      int *counts, MPI_Request req)
{
    struct smpi_process *self = smpi__self();
    struct nbc *n = sim_xcalloc(1, sizeof(*n));
    struct sim_actor *a;
    char name[64];

    n->proc.rank = self->rank;
    n->proc.host = self->host;
    n->proc.initialized = true;
    n->proc.thread_level = self->thread_level;
    n->proc.trace_category = self->trace_category; /* SMPI starts the messages in the call */
    n->proc.depth = 1; /* inside MPI for good: no computation is measured or injected */
    n->proc.call = call;
    n->kind = kind;
    n->args = *args;
    n->counts = counts;
    hold(n, true);
    n->req = req;
    req->flags = (req->flags & ~(SMPI_REQ_PROCNULL | SMPI_REQ_DONE)) | SMPI_REQ_ACTIVE;
    req->error = MPI_SUCCESS;
    smpi__status_empty(&req->status);
    req->refcount++; /* held by the helper until completion */
    snprintf(name, sizeof(name), "rank %d %s", self->rank, call);
    a = sim_actor_create(name, self->host, helper_main, n);
    sim_actor_set_autofree(a);
    smpi__tie_to_rank(a, self->rank); /* its buffers may be on the rank's stack */
    n->proc.actor = a;
    sim_actor_set_data(a, &n->proc);
}

/* Checks the call, then starts the collective `kind` described by *args on comm; *request
 * gets its request. Takes ownership of `counts` (may be NULL). */
static int start(const char *call, enum coll_kind kind, const struct coll_args *args, int *counts,
                 MPI_Request *request)
{
    struct coll_args priv = *args;
    MPI_Comm comm = args->comm;
    MPI_Request req;
    int rc = smpi__coll_check(call, kind, args);

    if (rc == MPI_SUCCESS)
        rc = smpi__check_arg(call, comm, request, "request");
    if (rc != MPI_SUCCESS) {
        free(counts);
        return rc;
    }
    smpi__coll_enter(call, kind, args);
    priv.comm = smpi__nbc_comm(comm);
    req = smpi__req_new(SMPI_REQ_NBC, NULL, 0, MPI_BYTE, MPI_PROC_NULL, 0, comm);
    *request = req;
    smpi__request_new(req);
    smpi__nbc_launch(call, kind, &priv, counts, req);
    smpi__leave();
    return MPI_SUCCESS;
}

/* A nonblocking collective binding: its MPI arguments follow the request, in MPI's order as
 * smpi__coll_pack reads them (coll_call.c). */
static int istart(const char *call, enum coll_kind kind, MPI_Request *request, ...)
{
    va_list ap;
    struct coll_args a;

    va_start(ap, request);
    a = smpi__coll_pack(kind, &ap);
    va_end(ap);
    return start(call, kind, &a, NULL, request);
}

int PMPI_Ireduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount,
                               MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                               MPI_Request *request)
{
    struct coll_args a = {
        .sbuf = sendbuf, .rbuf = recvbuf, .type = datatype, .op = op, .comm = comm
    };
    int *counts;
    int rc = smpi__reduce_scatter_block_args("MPI_Ireduce_scatter_block", &a, recvcount, &counts);

    return rc != MPI_SUCCESS
               ? rc
               : start("MPI_Ireduce_scatter_block", COLL_REDUCE_SCATTER, &a, counts, request);
}
#pragma weak MPI_Ireduce_scatter_block = PMPI_Ireduce_scatter_block

#define NONBLOCKING(blocking, nonblocking, persistent, kind, params, args)                         \
    int P##nonblocking(SMPI_LIST params, MPI_Request *request)                                     \
    {                                                                                              \
        return istart(#nonblocking, kind, request, SMPI_LIST args);                                \
    }                                                                                              \
    SMPI_WEAK(nonblocking)
SMPI_COLL_CALLS(NONBLOCKING)
