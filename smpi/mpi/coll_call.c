/* coll_call: what every collective MPI call does between its binding and its algorithm, shared
 * by the blocking (bindings_coll.c), nonblocking (bindings_icoll.c) and neighbourhood
 * (bindings_neighbor.c) bindings: the packing of the binding's arguments into a struct
 * coll_args, the argument checks, SMPI 3.32's normalisation of MPI_IN_PLACE, and the dispatch
 * to the intra- or intercommunicator algorithms. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "collectives/collectives.h"
#include "smpi/analyze/analyze.h"
#include "smpi/bindings/check.h"
#include "smpi/internal.h"
#include "smpi/mpi/op.h"

SIM_LOG_CATEGORY(log_coll_call, "smpi.coll");

/* ---- argument checks: each reports through the communicator's error handler and returns the
 * code to give back, or MPI_SUCCESS --------------------------------------------------------- */

/* How many ranks the per-peer arrays of comm cover: the remote group of an intercommunicator. */
static int peers(MPI_Comm comm)
{
    return smpi__comm_peer_size(comm);
}

/* An array of n entries (counts or displacements) must be given: a NULL array of counts is
 * MPI_ERR_COUNT, of displacements MPI_ERR_ARG (SMPI 3.32's classes); counts must not be negative
 * (displacements may be). */
static int check_array(const char *call, MPI_Comm comm, const int *v, int n, const char *what,
                       bool counts)
{
    if (!v)
        return smpi__error(comm, call, counts ? MPI_ERR_COUNT : MPI_ERR_ARG, "%s is NULL", what);
    for (int i = 0; counts && i < n; i++)
        if (v[i] < 0)
            return smpi__error(comm, call, MPI_ERR_COUNT, "%s[%d] = %d is negative", what, i, v[i]);
    return MPI_SUCCESS;
}

static int check_types(const char *call, MPI_Comm comm, const MPI_Datatype *v, int n,
                       const char *what)
{
    char name[48];

    if (!v)
        return smpi__error(comm, call, MPI_ERR_TYPE, "%s is NULL", what);
    for (int i = 0; i < n; i++) {
        snprintf(name, sizeof(name), "%s[%d]", what, i);
        SMPI_CHECK(smpi__check_type(call, comm, v[i], name));
    }
    return MPI_SUCCESS;
}

/* A buffer this rank's call reads or writes: NULL with data to move is MPI_ERR_BUFFER (SMPI's
 * CHECK_BUFFER); MPI_IN_PLACE is judged by the caller. */
static int check_buf(const char *call, MPI_Comm comm, const void *buf, int count, MPI_Datatype type,
                     const char *what)
{
    if (buf == MPI_IN_PLACE)
        return MPI_SUCCESS;
    return smpi__check_buf(call, comm, buf, count, type, what);
}

/* The same for a buffer laid out by an array of n counts (the v forms): checked against its
 * largest count. */
static int check_buf_counts(const char *call, MPI_Comm comm, const void *buf, const int *counts,
                            int n, MPI_Datatype type, const char *what)
{
    int most = 0;

    for (int i = 0; i < n; i++)
        if (counts[i] > most)
            most = counts[i];
    return check_buf(call, comm, buf, most, type, what);
}

/* And by arrays of counts and types (the w forms). */
static int check_buf_types(const char *call, MPI_Comm comm, const void *buf, const int *counts,
                           const MPI_Datatype *types, int n, const char *what)
{
    for (int i = 0; i < n; i++)
        SMPI_CHECK(check_buf(call, comm, buf, counts[i], types[i], what));
    return MPI_SUCCESS;
}

/* MPI forbids aliased send and receive buffers (MPI_IN_PLACE exists for that; coll_alias.c
 * finds them). Under a handler that returns errors (MPI_ERRORS_RETURN, a user's handler) the
 * call is MPI_ERR_BUFFER at every rank whose buffers overlap, before any message, as in MPICH
 * (its errors/coll/noalias tests). Under MPI_ERRORS_ARE_FATAL it runs, as under SMPI 3.32, which
 * accepts it without a word, and programs rely on it (SimGrid's examples/smpi/gemm gathers each
 * rank's block from and into the same matrix), after a warning the first time each collective
 * sees it. */
static int check_alias(const char *call, enum coll_kind k, const struct coll_args *a)
{
    static bool warned[COLL_NKINDS];
    /* SMPI says nothing, and SimGrid's gemm example passes aliased buffers to MPI_Gather: a
     * warning under smpi/pedantic (-analyze), a verbose line otherwise */
    enum sim_log_level level = smpi__analyze.pedantic ? SIM_LOG_WARN : SIM_LOG_VERBOSE;

    if (!smpi__coll_is_aliased(k, a))
        return MPI_SUCCESS;
    if (smpi__comm_errhandler(a->comm) != MPI_ERRORS_ARE_FATAL)
        return smpi__error(a->comm, call, MPI_ERR_BUFFER,
                           "sendbuf and recvbuf overlap at rank %d; MPI forbids aliased "
                           "arguments (MPI-4.0 section 2.6.2): pass MPI_IN_PLACE as sendbuf "
                           "instead",
                           smpi_comm_rank(a->comm));
    if (warned[k] || !SIM_LOG_ENABLED(log_coll_call, level))
        return MPI_SUCCESS;
    warned[k] = true;
    SIM_LOG(log_coll_call, level,
            "%s: sendbuf and recvbuf overlap at rank %d; MPI forbids aliased arguments (MPI-4.0 "
            "section 2.6.2): pass MPI_IN_PLACE as sendbuf instead. The call runs as under SMPI "
            "(its error handler is MPI_ERRORS_ARE_FATAL); further aliased calls of this "
            "collective are not reported",
            call, smpi__self()->rank);
    return MPI_SUCCESS;
}

/* MPI_IN_PLACE where this call (or this rank) cannot take it. */
static int check_not_in_place(const char *call, MPI_Comm comm, const void *buf, const char *what)
{
    if (buf == MPI_IN_PLACE)
        return smpi__error(comm, call, MPI_ERR_BUFFER, "%s cannot be MPI_IN_PLACE here", what);
    return MPI_SUCCESS;
}

/* count and a committed type of one side of a transfer. */
static int check_side(const char *call, MPI_Comm comm, int count, MPI_Datatype type,
                      const char *cname, const char *tname)
{
    SMPI_CHECK(smpi__check_count(call, comm, count, cname));
    return smpi__check_type(call, comm, type, tname);
}

/* The blocks a rank sends to or receives from each of n peers: one count, or (the v forms)
 * arrays of counts and displacements; their datatype and buffer. */
struct blocks {
    bool v;
    int count;
    const int *counts;
    const int *displs;
    MPI_Datatype type;
    const void *buf;
};

/* The send side (send) or receive side of blocks b over n peers, named as MPI names them
 * ("sendcounts", "displs", "recvtype", ...). */
static int check_blocks(const char *call, MPI_Comm comm, int n, bool send, const struct blocks *b)
{
    const char *dir = send ? "send" : "recv";
    char count[16];
    char type[16];
    char buf[16];

    snprintf(count, sizeof(count), "%scount%s", dir, b->v ? "s" : "");
    snprintf(type, sizeof(type), "%stype", dir);
    snprintf(buf, sizeof(buf), "%sbuf", dir);
    if (!b->v) {
        SMPI_CHECK(check_side(call, comm, b->count, b->type, count, type));
        return check_buf(call, comm, b->buf, b->count, b->type, buf);
    }
    SMPI_CHECK(check_array(call, comm, b->counts, n, count, true));
    SMPI_CHECK(check_array(call, comm, b->displs, n, "displs", false));
    SMPI_CHECK(smpi__check_type(call, comm, b->type, type));
    return check_buf_counts(call, comm, b->buf, b->counts, n, b->type, buf);
}

/* The root of a rooted collective: a rank of an intracommunicator; MPI_ROOT, MPI_PROC_NULL or
 * a remote rank on an intercommunicator. */
static int check_root(const char *call, MPI_Comm comm, int root)
{
    if (!smpi__comm_is_inter(comm))
        return smpi__check_root(call, comm, root);
    if (root == MPI_ROOT || root == MPI_PROC_NULL || (root >= 0 && root < peers(comm)))
        return MPI_SUCCESS;
    return smpi__error(comm, call, MPI_ERR_ROOT,
                       "root %d is not MPI_ROOT, MPI_PROC_NULL or a rank of the remote group "
                       "(size %d)",
                       root, peers(comm));
}

bool smpi__coll_is_root(const struct coll_args *a)
{
    if (smpi__comm_is_inter(a->comm))
        return a->root == MPI_ROOT;
    return smpi_comm_rank(a->comm) == a->root;
}

static bool at_root(const struct coll_args *a)
{
    return smpi__coll_is_root(a);
}

/* Whether this rank's leaf-side arguments matter: not at the root's group of an
 * intercommunicator. */
static bool at_leaf(const struct coll_args *a)
{
    if (smpi__comm_is_inter(a->comm))
        return a->root >= 0;
    return true;
}

/* A member of the root's group other than the root, on an intercommunicator: no other argument
 * of a rooted collective is significant. */
static bool idle(const struct coll_args *a)
{
    return smpi__comm_is_inter(a->comm) && a->root == MPI_PROC_NULL;
}

static int check_reduction(const char *call, const struct coll_args *a, int count)
{
    SMPI_CHECK(smpi__check_count(call, a->comm, count, "count"));
    SMPI_CHECK(smpi__check_type(call, a->comm, a->type, "datatype"));
    SMPI_CHECK(smpi__check_op(call, a->comm, a->op));
    /* Every rank knows the op and the type: refusing here, before any message, keeps the ranks
     * in step (a refusal by the rank that applies the op would leave the others waiting). */
    if (!smpi__op_accepts(a->op, a->type))
        return smpi__error(a->comm, call, MPI_ERR_OP, "%s is not defined on datatype %s",
                           a->op->name, a->type->name);
    return MPI_SUCCESS;
}

static int check_barrier(const char *call, enum coll_kind k, const struct coll_args *a)
{
    (void)call;
    (void)k;
    (void)a;
    return MPI_SUCCESS;
}

static int check_bcast(const char *call, enum coll_kind k, const struct coll_args *a)
{
    (void)k;
    SMPI_CHECK(check_root(call, a->comm, a->root));
    if (idle(a))
        return MPI_SUCCESS;
    SMPI_CHECK(smpi__check_count(call, a->comm, a->count, "count"));
    SMPI_CHECK(smpi__check_type(call, a->comm, a->type, "datatype"));
    SMPI_CHECK(check_not_in_place(call, a->comm, a->rbuf, "buffer"));
    return check_buf(call, a->comm, a->rbuf, a->count, a->type, "buffer");
}

static int check_reduce(const char *call, enum coll_kind k, const struct coll_args *a)
{
    SMPI_CHECK(check_root(call, a->comm, a->root));
    if (idle(a))
        return MPI_SUCCESS;
    SMPI_CHECK(check_reduction(call, a, a->count));
    if (!at_root(a) || smpi__comm_is_inter(a->comm))
        SMPI_CHECK(
            check_not_in_place(call, a->comm, a->sbuf, "sendbuf (at a rank other than the root)"));
    if (at_leaf(a))
        SMPI_CHECK(check_buf(call, a->comm, a->sbuf, a->count, a->type, "sendbuf"));
    if (!at_root(a))
        return MPI_SUCCESS;
    SMPI_CHECK(check_buf(call, a->comm, a->rbuf, a->count, a->type, "recvbuf"));
    return check_alias(call, k, a);
}

/* allreduce, scan and exscan: both buffers at every rank. */
static int check_allreduce(const char *call, enum coll_kind k, const struct coll_args *a)
{
    SMPI_CHECK(check_reduction(call, a, a->count));
    SMPI_CHECK(check_buf(call, a->comm, a->sbuf, a->count, a->type, "sendbuf"));
    SMPI_CHECK(check_buf(call, a->comm, a->rbuf, a->count, a->type, "recvbuf"));
    SMPI_CHECK(check_alias(call, k, a));
    if (smpi__comm_is_inter(a->comm))
        return check_not_in_place(call, a->comm, a->sbuf, "sendbuf");
    return MPI_SUCCESS;
}

static int check_reduce_scatter(const char *call, enum coll_kind k, const struct coll_args *a)
{
    int size = smpi_comm_size(a->comm);
    int mine;

    SMPI_CHECK(check_array(call, a->comm, a->rcounts, size, "recvcounts", true));
    mine = a->rcounts[smpi_comm_rank(a->comm)];
    SMPI_CHECK(check_reduction(call, a, mine));
    SMPI_CHECK(check_buf_counts(call, a->comm, a->sbuf, a->rcounts, size, a->type, "sendbuf"));
    SMPI_CHECK(check_buf(call, a->comm, a->rbuf, mine, a->type, "recvbuf"));
    return check_alias(call, k, a);
}

static int check_alltoall(const char *call, enum coll_kind k, const struct coll_args *a)
{
    if (a->sbuf != MPI_IN_PLACE) {
        SMPI_CHECK(check_side(call, a->comm, a->scount, a->stype, "sendcount", "sendtype"));
        SMPI_CHECK(check_buf(call, a->comm, a->sbuf, a->scount, a->stype, "sendbuf"));
    }
    SMPI_CHECK(check_side(call, a->comm, a->rcount, a->rtype, "recvcount", "recvtype"));
    SMPI_CHECK(check_not_in_place(call, a->comm, a->rbuf, "recvbuf"));
    SMPI_CHECK(check_buf(call, a->comm, a->rbuf, a->rcount, a->rtype, "recvbuf"));
    return check_alias(call, k, a);
}

static int check_alltoallv(const char *call, const struct coll_args *a, bool w)
{
    int n = peers(a->comm);

    if (a->sbuf != MPI_IN_PLACE) {
        SMPI_CHECK(check_array(call, a->comm, a->scounts, n, "sendcounts", true));
        SMPI_CHECK(check_array(call, a->comm, a->sdispls, n, "sdispls", false));
        if (w) {
            SMPI_CHECK(check_types(call, a->comm, a->stypes, n, "sendtypes"));
            SMPI_CHECK(
                check_buf_types(call, a->comm, a->sbuf, a->scounts, a->stypes, n, "sendbuf"));
        } else {
            SMPI_CHECK(smpi__check_type(call, a->comm, a->stype, "sendtype"));
            SMPI_CHECK(
                check_buf_counts(call, a->comm, a->sbuf, a->scounts, n, a->stype, "sendbuf"));
        }
    }
    SMPI_CHECK(check_array(call, a->comm, a->rcounts, n, "recvcounts", true));
    SMPI_CHECK(check_array(call, a->comm, a->rdispls, n, "rdispls", false));
    SMPI_CHECK(check_not_in_place(call, a->comm, a->rbuf, "recvbuf"));
    if (w) {
        SMPI_CHECK(check_types(call, a->comm, a->rtypes, n, "recvtypes"));
        return check_buf_types(call, a->comm, a->rbuf, a->rcounts, a->rtypes, n, "recvbuf");
    }
    SMPI_CHECK(smpi__check_type(call, a->comm, a->rtype, "recvtype"));
    return check_buf_counts(call, a->comm, a->rbuf, a->rcounts, n, a->rtype, "recvbuf");
}

/* alltoall, alltoallv and alltoallw. */
static int check_alltoall_any(const char *call, enum coll_kind k, const struct coll_args *a)
{
    if (coll_descs[k].flags & COLL_V) {
        SMPI_CHECK(check_alltoallv(call, a, coll_descs[k].flags & COLL_W));
        return check_alias(call, k, a);
    }
    return check_alltoall(call, k, a);
}

/* The side that holds one block per peer (n of them): the receive side of a gather or
 * allgather, the send side of a scatter. */
static int check_blocks_side(const char *call, enum coll_kind k, const struct coll_args *a, int n,
                             bool send)
{
    bool v = coll_descs[k].flags & COLL_V;
    struct blocks b = { .v = v,
                        .count = send ? a->scount : a->rcount,
                        .counts = send ? a->scounts : a->rcounts,
                        .displs = send ? a->sdispls : a->rdispls,
                        .type = send ? a->stype : a->rtype,
                        .buf = send ? a->sbuf : a->rbuf };

    SMPI_CHECK(check_blocks(call, a->comm, n, send, &b));
    return check_alias(call, k, a);
}

static int check_allgather(const char *call, enum coll_kind k, const struct coll_args *a)
{
    int n = peers(a->comm);

    if (a->sbuf != MPI_IN_PLACE) {
        SMPI_CHECK(check_side(call, a->comm, a->scount, a->stype, "sendcount", "sendtype"));
        SMPI_CHECK(check_buf(call, a->comm, a->sbuf, a->scount, a->stype, "sendbuf"));
    }
    SMPI_CHECK(check_not_in_place(call, a->comm, a->rbuf, "recvbuf"));
    return check_blocks_side(call, k, a, n, false);
}

/* The side of a gather (send) or scatter (receive) that every rank gives: MPI_IN_PLACE only at
 * the root of an intracommunicator, checked where it is significant. */
static int check_leaf_side(const char *call, const struct coll_args *a, bool send)
{
    const void *buf = send ? a->sbuf : a->rbuf;
    int count = send ? a->scount : a->rcount;
    MPI_Datatype type = send ? a->stype : a->rtype;

    if (!at_root(a) || smpi__comm_is_inter(a->comm))
        SMPI_CHECK(check_not_in_place(call, a->comm, buf,
                                      send ? "sendbuf (at a rank other than the root)"
                                           : "recvbuf (at a rank other than the root)"));
    if (buf == MPI_IN_PLACE || !at_leaf(a))
        return MPI_SUCCESS;
    SMPI_CHECK(check_side(call, a->comm, count, type, send ? "sendcount" : "recvcount",
                          send ? "sendtype" : "recvtype"));
    return check_buf(call, a->comm, buf, count, type, send ? "sendbuf" : "recvbuf");
}

/* gather, gatherv, scatter and scatterv: the root, the side every rank gives, then at the root
 * its blocks. */
static int check_rooted(const char *call, enum coll_kind k, const struct coll_args *a)
{
    bool gather = coll_descs[k].form == COLL_FORM_GATHER;

    SMPI_CHECK(check_root(call, a->comm, a->root));
    if (idle(a))
        return MPI_SUCCESS;
    SMPI_CHECK(check_leaf_side(call, a, gather));
    if (!at_root(a))
        return MPI_SUCCESS;
    return check_blocks_side(call, k, a, peers(a->comm), !gather);
}

/* A displacement array of the neighbourhood alltoallw, in bytes (MPI_ERR_ARG when NULL). */
static int check_bdispls(const char *call, MPI_Comm comm, const MPI_Aint *v, const char *what)
{
    if (!v)
        return smpi__error(comm, call, MPI_ERR_ARG, "%s is NULL", what);
    return MPI_SUCCESS;
}

/* The neighbourhood collectives with arrays (v and w forms), over nout destinations and nin
 * sources. */
static int check_neighbor_arrays(const char *call, enum coll_kind k, const struct coll_args *a,
                                 int nin, int nout)
{
    SMPI_CHECK(check_array(call, a->comm, a->rcounts, nin, "recvcounts", true));
    if (coll_descs[k].form == COLL_FORM_NEIGHBOR_ALLGATHER) {
        SMPI_CHECK(check_array(call, a->comm, a->rdispls, nin, "displs", false));
        SMPI_CHECK(smpi__check_type(call, a->comm, a->rtype, "recvtype"));
        return check_buf_counts(call, a->comm, a->rbuf, a->rcounts, nin, a->rtype, "recvbuf");
    }
    SMPI_CHECK(check_array(call, a->comm, a->scounts, nout, "sendcounts", true));
    if (coll_descs[k].flags & COLL_W) {
        SMPI_CHECK(check_bdispls(call, a->comm, a->sbdispls, "sdispls"));
        SMPI_CHECK(check_bdispls(call, a->comm, a->rbdispls, "rdispls"));
        SMPI_CHECK(check_types(call, a->comm, a->stypes, nout, "sendtypes"));
        SMPI_CHECK(check_types(call, a->comm, a->rtypes, nin, "recvtypes"));
        SMPI_CHECK(check_buf_types(call, a->comm, a->sbuf, a->scounts, a->stypes, nout, "sendbuf"));
        return check_buf_types(call, a->comm, a->rbuf, a->rcounts, a->rtypes, nin, "recvbuf");
    }
    SMPI_CHECK(check_array(call, a->comm, a->sdispls, nout, "sdispls", false));
    SMPI_CHECK(check_array(call, a->comm, a->rdispls, nin, "rdispls", false));
    SMPI_CHECK(smpi__check_type(call, a->comm, a->stype, "sendtype"));
    SMPI_CHECK(smpi__check_type(call, a->comm, a->rtype, "recvtype"));
    SMPI_CHECK(check_buf_counts(call, a->comm, a->sbuf, a->scounts, nout, a->stype, "sendbuf"));
    return check_buf_counts(call, a->comm, a->rbuf, a->rcounts, nin, a->rtype, "recvbuf");
}

/* The neighbourhood collectives: a process topology, then the arrays of its degrees; a buffer
 * may be NULL where the rank has no neighbour to exchange with. */
static int check_neighbor(const char *call, enum coll_kind k, const struct coll_args *a)
{
    unsigned flags = coll_descs[k].flags;
    int *in;
    int *out;
    int nin;
    int nout;

    if (smpi_topo_neighbors(a->comm, &in, &nin, &out, &nout) != MPI_SUCCESS)
        return smpi__error(a->comm, call, MPI_ERR_TOPOLOGY,
                           "the communicator has no process topology; create one with "
                           "MPI_Cart_create, MPI_Graph_create or MPI_Dist_graph_create");
    free(in);
    free(out);
    if (coll_descs[k].form == COLL_FORM_NEIGHBOR_ALLGATHER || !(flags & COLL_V)) {
        SMPI_CHECK(check_side(call, a->comm, a->scount, a->stype, "sendcount", "sendtype"));
        SMPI_CHECK(
            check_buf(call, a->comm, a->sbuf, nout > 0 ? a->scount : 0, a->stype, "sendbuf"));
    }
    if (flags & COLL_V)
        return check_neighbor_arrays(call, k, a, nin, nout);
    SMPI_CHECK(check_side(call, a->comm, a->rcount, a->rtype, "recvcount", "recvtype"));
    return check_buf(call, a->comm, a->rbuf, nin > 0 ? a->rcount : 0, a->rtype, "recvbuf");
}

typedef int check_fn(const char *call, enum coll_kind k, const struct coll_args *a);

/* The check of each form of collective (enum coll_form). */
static check_fn *const checks[COLL_NFORMS] = {
    [COLL_FORM_BARRIER] = check_barrier,
    [COLL_FORM_BCAST] = check_bcast,
    [COLL_FORM_REDUCE] = check_reduce,
    [COLL_FORM_ALLREDUCE] = check_allreduce,
    [COLL_FORM_REDUCE_SCATTER] = check_reduce_scatter,
    [COLL_FORM_ALLTOALL] = check_alltoall_any,
    [COLL_FORM_ALLGATHER] = check_allgather,
    [COLL_FORM_GATHER] = check_rooted,
    [COLL_FORM_SCATTER] = check_rooted,
    [COLL_FORM_NEIGHBOR_ALLGATHER] = check_neighbor,
    [COLL_FORM_NEIGHBOR_ALLTOALL] = check_neighbor,
};

static int check_args(const char *call, enum coll_kind k, const struct coll_args *a)
{
    SMPI_CHECK(smpi__check_init(call));
    SMPI_CHECK(smpi__check_comm(call, a->comm));
    if (smpi__comm_is_inter(a->comm) && (coll_descs[k].flags & COLL_INTRA))
        return smpi__error(a->comm, call, MPI_ERR_COMM,
                           "%s has no intercommunicator form (MPI-3.1 section 5.2.2)", call);
    return checks[coll_descs[k].form](call, k, a);
}

int smpi__coll_check(const char *call, enum coll_kind k, const struct coll_args *a)
{
    int rc = check_args(call, k, a);
    int order;

    if (!smpi__analyze.order || !smpi__comm_is_valid(a->comm) || !smpi__self() ||
        !smpi__self()->initialized)
        return rc;
    order = smpi__coll_order(call, k, a->comm, rc == MPI_SUCCESS ? a : NULL);
    return rc != MPI_SUCCESS ? rc : order;
}

/* ---- SMPI 3.32's normalisation of the arguments (src/smpi/bindings/smpi_pmpi_coll.cpp):
 * its bindings hand the algorithms MPI_IN_PLACE only in gather(v) and scatter(v) at the root
 * and in reduce; elsewhere an in-place call becomes an ordinary one, on a copy of the receive
 * buffer or on the caller's own block of it. The algorithms therefore send what SMPI's send. */

/* Widens [*lo, *hi) to the bytes that `count` elements of `type` touch from byte `disp`. */
static void widen_span(MPI_Aint disp, int count, MPI_Datatype type, MPI_Aint *lo, MPI_Aint *hi)
{
    MPI_Aint first = disp + smpi_type_true_lb(type);
    MPI_Aint last = first + (MPI_Aint)(count - 1) * smpi_type_extent(type);
    MPI_Aint a = first < last ? first : last;
    MPI_Aint b = (first < last ? last : first) + smpi_type_true_extent(type);

    if (count <= 0)
        return;
    if (a < *lo)
        *lo = a;
    if (b > *hi)
        *hi = b;
}

/* A copy of the bytes [lo, hi) of buf; *copy is where buf's byte 0 falls in it. Returns the
 * block to free. */
static void *copy_span(const void *buf, MPI_Aint lo, MPI_Aint hi, const void **copy)
{
    char *block = sim_xmalloc(hi > lo ? (size_t)(hi - lo) : 1);

    if (hi > lo)
        memcpy(block, (const char *)buf + lo, (size_t)(hi - lo));
    *copy = block - (hi > lo ? lo : 0);
    return block;
}

/* The send side of an in-place alltoall, alltoallv or alltoallw: a copy of the receive
 * buffer with the receive layout. */
static void *in_place_alltoall(enum coll_kind k, struct coll_args *a)
{
    int size = smpi_comm_size(a->comm);
    MPI_Aint lo = 0;
    MPI_Aint hi = 0;

    for (int i = 0; i < size; i++) {
        if (!(coll_descs[k].flags & COLL_V))
            widen_span((MPI_Aint)i * a->rcount * smpi_type_extent(a->rtype), a->rcount, a->rtype,
                       &lo, &hi);
        else if (!(coll_descs[k].flags & COLL_W))
            widen_span((MPI_Aint)a->rdispls[i] * smpi_type_extent(a->rtype), a->rcounts[i],
                       a->rtype, &lo, &hi);
        else
            widen_span(a->rdispls[i], a->rcounts[i], a->rtypes[i], &lo, &hi);
    }
    a->scount = a->rcount;
    a->stype = a->rtype;
    a->scounts = a->rcounts;
    a->sdispls = a->rdispls;
    a->stypes = a->rtypes;
    return copy_span(a->rbuf, lo, hi, &a->sbuf);
}

/* SMPI's normalisation of each form: rewrites *a as SMPI's binding would; returns a block to
 * free (or NULL). */
typedef void *normalise_fn(enum coll_kind k, struct coll_args *a);

static void *normalise_gather(enum coll_kind k, struct coll_args *a)
{
    (void)k;
    if (smpi_comm_rank(a->comm) == a->root && a->sbuf == MPI_IN_PLACE) {
        a->scount = 0;
        a->stype = a->rtype;
    }
    return NULL;
}

static void *normalise_scatter(enum coll_kind k, struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);

    if (rank == a->root && a->rbuf == MPI_IN_PLACE) {
        a->rtype = a->stype;
        a->rcount = coll_descs[k].flags & COLL_V ? a->scounts[rank] : a->scount;
    }
    return NULL;
}

static void *normalise_allgather(enum coll_kind k, struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    bool v = coll_descs[k].flags & COLL_V;

    if (a->sbuf != MPI_IN_PLACE)
        return NULL;
    a->scount = v ? a->rcounts[rank] : a->rcount;
    a->sbuf = (char *)a->rbuf + (v ? (MPI_Aint)a->rdispls[rank] : (MPI_Aint)rank * a->rcount) *
                                    smpi_type_extent(a->rtype);
    a->stype = a->rtype;
    return NULL;
}

/* allreduce, scan, exscan and reduce_scatter: a copy of the receive buffer. */
static void *normalise_reduction(enum coll_kind k, struct coll_args *a)
{
    MPI_Aint lo = 0;
    MPI_Aint hi = 0;
    int total = a->count;

    if (a->sbuf != MPI_IN_PLACE)
        return NULL;
    if (coll_descs[k].form == COLL_FORM_REDUCE_SCATTER)
        for (int i = 0; i < smpi_comm_size(a->comm); i++)
            total += a->rcounts[i];
    widen_span(0, total, a->type, &lo, &hi);
    return copy_span(a->rbuf, lo, hi, &a->sbuf);
}

static void *normalise_alltoall(enum coll_kind k, struct coll_args *a)
{
    return a->sbuf == MPI_IN_PLACE ? in_place_alltoall(k, a) : NULL;
}

/* The forms SMPI rewrites; the others reach the algorithms as given. */
static normalise_fn *const normalisers[COLL_NFORMS] = {
    [COLL_FORM_GATHER] = normalise_gather,
    [COLL_FORM_SCATTER] = normalise_scatter,
    [COLL_FORM_ALLGATHER] = normalise_allgather,
    [COLL_FORM_ALLREDUCE] = normalise_reduction,
    [COLL_FORM_REDUCE_SCATTER] = normalise_reduction,
    [COLL_FORM_ALLTOALL] = normalise_alltoall,
};

static void *normalise(enum coll_kind k, struct coll_args *a)
{
    normalise_fn *f = normalisers[coll_descs[k].form];

    return f ? f(k, a) : NULL;
}

static int coll_exec_run(enum coll_kind k, const struct coll_args *a)
{
    /* the application's own calls are reported; those MPI calls make inside (communicator
     * creation, topology construction) are not */
    if (smpi__self()->depth <= 1)
        return coll_run_call(k, a);
    return coll_run(k, a);
}

/* Out of line: its copy of the arguments (about 150 bytes) stays off the stack a waiting rank
 * keeps, which copied stacks copy at every switch, unless the call is in place. */
__attribute__((noinline)) static int coll_exec_normalised(enum coll_kind k,
                                                          const struct coll_args *args)
{
    struct coll_args a = *args;
    void *block = normalise(k, &a);
    int rc = coll_exec_run(k, &a);

    free(block);
    return rc;
}

int smpi__coll_exec(enum coll_kind k, const struct coll_args *a)
{
    if (smpi__comm_is_inter(a->comm))
        return coll_inter_run(k, a);
    if (coll_descs[k].form == COLL_FORM_BCAST && smpi_comm_size(a->comm) == 1)
        return MPI_SUCCESS; /* as SMPI: a broadcast on one rank sends nothing */
    /* every normaliser rewrites only a call with an MPI_IN_PLACE buffer */
    if (a->sbuf == MPI_IN_PLACE || a->rbuf == MPI_IN_PLACE)
        return coll_exec_normalised(k, a);
    return coll_exec_run(k, a);
}

/* Out of line: its description of the call for the trace sinks (about 250 bytes) would
 * otherwise sit in smpi__coll_call's frame, on the stack the rank keeps, and under copied stacks
 * copies at every switch, while it waits in the collective. */
__attribute__((noinline)) void smpi__coll_enter(const char *call, enum coll_kind k,
                                                const struct coll_args *a)
{
    struct smpi_trace_call c;

    if (!smpi__trace_on) {
        smpi__enter(call);
        return;
    }
    c = smpi__trace_coll(call, k, a);
    smpi__enter_call(&c);
}

int smpi__coll_call(const char *call, enum coll_kind k, const struct coll_args *a)
{
    int rc = smpi__coll_check(call, k, a);

    if (rc != MPI_SUCCESS)
        return rc;
    smpi__coll_enter(call, k, a);
    if (smpi__analyze.barrier)
        smpi__coll_order_wait(k, a->comm);
    rc = smpi__coll_exec(k, a);
    smpi__leave();
    if (rc != MPI_SUCCESS)
        rc = smpi__error(a->comm, call, rc,
                         "a message of the collective failed (counts or datatypes that do not "
                         "match across ranks?)");
    return rc;
}

/* ---- the packing of a binding's arguments, read in MPI's order as the descriptor says ---- */

/* The sides of each data-moving form that take per-peer counts and displacements in its v and
 * w collectives (allgatherv receives blocks of several sizes but sends one). */
enum { SIDE_SEND = 1u << 0, SIDE_RECV = 1u << 1 };
static const unsigned per_peer_sides[COLL_NFORMS] = {
    [COLL_FORM_ALLTOALL] = SIDE_SEND | SIDE_RECV,
    [COLL_FORM_ALLGATHER] = SIDE_RECV,
    [COLL_FORM_GATHER] = SIDE_RECV,
    [COLL_FORM_SCATTER] = SIDE_SEND,
    [COLL_FORM_NEIGHBOR_ALLGATHER] = SIDE_RECV,
    [COLL_FORM_NEIGHBOR_ALLTOALL] = SIDE_SEND | SIDE_RECV,
};

/* Where one side (send or receive) of struct coll_args is stored. */
struct side {
    int *count;
    const int **counts;
    const int **displs;
    const MPI_Aint **bdispls;
    MPI_Datatype *type;
    const MPI_Datatype **types;
};

/* Reads the count and type of one side after its buffer: a count, or per peer an array of
 * counts and one of displacements (in bytes, as MPI_Aint, for the neighbourhood w form); one
 * datatype, or (w forms) an array of them. */
static void pack_side(va_list *ap, bool per_peer, unsigned flags, bool aint, const struct side *s)
{
    if (!per_peer)
        *s->count = va_arg(*ap, int);
    else {
        *s->counts = va_arg(*ap, const int *);
        if (aint)
            *s->bdispls = va_arg(*ap, const MPI_Aint *);
        else
            *s->displs = va_arg(*ap, const int *);
    }
    if (flags & COLL_W)
        *s->types = va_arg(*ap, const MPI_Datatype *);
    else
        *s->type = va_arg(*ap, MPI_Datatype);
}

struct coll_args smpi__coll_pack(enum coll_kind k, va_list *ap)
{
    const struct coll_desc *d = &coll_descs[k];
    unsigned sides = d->flags & COLL_V ? per_peer_sides[d->form] : 0;
    bool aint = d->form == COLL_FORM_NEIGHBOR_ALLTOALL && (d->flags & COLL_W);
    struct coll_args a = { 0 };

    if (d->form == COLL_FORM_BCAST) { /* one buffer, in at the root and out elsewhere */
        a.rbuf = va_arg(*ap, void *);
        a.count = va_arg(*ap, int);
        a.type = va_arg(*ap, MPI_Datatype);
    } else if (d->flags & COLL_OP) {
        a.sbuf = va_arg(*ap, const void *);
        a.rbuf = va_arg(*ap, void *);
        if (d->flags & COLL_V)
            a.rcounts = va_arg(*ap, const int *);
        else
            a.count = va_arg(*ap, int);
        a.type = va_arg(*ap, MPI_Datatype);
        a.op = va_arg(*ap, MPI_Op);
    } else if (d->form != COLL_FORM_BARRIER) {
        a.sbuf = va_arg(*ap, const void *);
        pack_side(
            ap, sides & SIDE_SEND, d->flags, aint,
            &(struct side){ &a.scount, &a.scounts, &a.sdispls, &a.sbdispls, &a.stype, &a.stypes });
        a.rbuf = va_arg(*ap, void *);
        pack_side(
            ap, sides & SIDE_RECV, d->flags, aint,
            &(struct side){ &a.rcount, &a.rcounts, &a.rdispls, &a.rbdispls, &a.rtype, &a.rtypes });
    }
    if (d->flags & COLL_ROOTED)
        a.root = va_arg(*ap, int);
    a.comm = va_arg(*ap, MPI_Comm);
    return a;
}

/* Variadic and out of line: its register save area is gone before the collective runs, and the
 * binding that calls it keeps only the packed arguments on the stack a waiting rank keeps. */
__attribute__((noinline)) struct coll_args smpi__coll_args(enum coll_kind k, ...)
{
    va_list ap;
    struct coll_args a;

    va_start(ap, k);
    a = smpi__coll_pack(k, &ap);
    va_end(ap);
    return a;
}
