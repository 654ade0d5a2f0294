/* bindings_coll: the blocking collective MPI calls. Each checks its arguments, turns them into
 * a struct coll_args (MPI_IN_PLACE passed through) and hands it to the collectives registry,
 * which runs the forced algorithm or the selector's choice. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "collectives/collectives.h"
#include "smpi/internal.h"

/* ---- argument checks: each reports through the communicator's error handler and returns
 * the code to give back, or MPI_SUCCESS ------------------------------------------------- */

static int check_env(const char *call)
{
    struct smpi_process *p = smpi__self();

    if (!p)
        sim_die("%s called outside of a simulated rank", call);
    if (!p->initialized || p->finalized)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_OTHER, "MPI is %s",
                           p->finalized ? "already finalized" : "not initialized");
    return MPI_SUCCESS;
}

static int check_comm(const char *call, MPI_Comm comm)
{
    int rc = check_env(call);

    if (rc == MPI_SUCCESS && (comm == MPI_COMM_NULL || !smpi__comm_is_valid(comm)))
        rc = smpi__error(MPI_COMM_WORLD, call, MPI_ERR_COMM, "invalid communicator");
    if (rc == MPI_SUCCESS && comm->remote_group)
        rc = smpi__error(comm, call, MPI_ERR_COMM,
                         "%s has no intercommunicator form (MPI-3.1 section 5.2.2)", call);
    return rc;
}

static int check_count(const char *call, MPI_Comm comm, int count, const char *what)
{
    if (count < 0)
        return smpi__error(comm, call, MPI_ERR_COUNT, "%s %d is negative", what, count);
    return MPI_SUCCESS;
}

static int check_type(const char *call, MPI_Comm comm, MPI_Datatype type, const char *what)
{
    if (type == MPI_DATATYPE_NULL)
        return smpi__error(comm, call, MPI_ERR_TYPE, "%s is MPI_DATATYPE_NULL", what);
    return MPI_SUCCESS;
}

static int check_op(const char *call, MPI_Comm comm, MPI_Op op)
{
    if (op == MPI_OP_NULL)
        return smpi__error(comm, call, MPI_ERR_OP, "op is MPI_OP_NULL");
    return MPI_SUCCESS;
}

static int check_root(const char *call, MPI_Comm comm, int root)
{
    int size = smpi_comm_size(comm);

    if (root < 0 || root >= size)
        return smpi__error(comm, call, MPI_ERR_ROOT,
                           "root %d is out of range for a communicator of size %d", root, size);
    return MPI_SUCCESS;
}

/* An array of one entry per rank (counts or displacements) must be given; counts must not be
 * negative (displacements may be). */
static int check_array(const char *call, MPI_Comm comm, const int *v, const char *what, bool counts)
{
    int size = smpi_comm_size(comm);

    if (!v)
        return smpi__error(comm, call, MPI_ERR_ARG, "%s is NULL", what);
    for (int i = 0; counts && i < size; i++)
        if (v[i] < 0)
            return smpi__error(comm, call, MPI_ERR_COUNT, "%s[%d] = %d is negative", what, i, v[i]);
    return MPI_SUCCESS;
}

static int check_types(const char *call, MPI_Comm comm, const MPI_Datatype *v, const char *what)
{
    int size = smpi_comm_size(comm);

    if (!v)
        return smpi__error(comm, call, MPI_ERR_ARG, "%s is NULL", what);
    for (int i = 0; i < size; i++)
        if (v[i] == MPI_DATATYPE_NULL)
            return smpi__error(comm, call, MPI_ERR_TYPE, "%s[%d] is MPI_DATATYPE_NULL", what, i);
    return MPI_SUCCESS;
}

/* MPI forbids aliased send and receive buffers (MPI_IN_PLACE exists for that). */
static int check_alias(const char *call, MPI_Comm comm, const void *sbuf, const void *rbuf,
                       bool nonempty)
{
    if (nonempty && sbuf == rbuf && sbuf != MPI_IN_PLACE && sbuf != MPI_BOTTOM)
        return smpi__error(comm, call, MPI_ERR_BUFFER,
                           "send and receive buffers are the same; pass MPI_IN_PLACE as the "
                           "send buffer instead");
    return MPI_SUCCESS;
}

/* MPI_IN_PLACE where this call (or this rank) cannot take it. */
static int check_not_in_place(const char *call, MPI_Comm comm, const void *buf, const char *what)
{
    if (buf == MPI_IN_PLACE)
        return smpi__error(comm, call, MPI_ERR_BUFFER, "%s cannot be MPI_IN_PLACE here", what);
    return MPI_SUCCESS;
}

/* Checks shared by the reductions: count, type, op and buffer aliasing. */
static int check_reduction(const char *call, MPI_Comm comm, const void *sbuf, const void *rbuf,
                           int count, MPI_Datatype type, MPI_Op op)
{
    int rc = check_count(call, comm, count, "count");

    if (rc == MPI_SUCCESS)
        rc = check_type(call, comm, type, "datatype");
    if (rc == MPI_SUCCESS)
        rc = check_op(call, comm, op);
    if (rc == MPI_SUCCESS)
        rc = check_alias(call, comm, sbuf, rbuf, count > 0);
    return rc;
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
        if (k == COLL_ALLTOALL)
            widen_span((MPI_Aint)i * a->rcount * smpi_type_extent(a->rtype), a->rcount, a->rtype,
                       &lo, &hi);
        else if (k == COLL_ALLTOALLV)
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

/* Rewrites *a as SMPI's binding would; returns a block to free (or NULL). */
static void *normalise(enum coll_kind k, struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    MPI_Aint lo = 0;
    MPI_Aint hi = 0;
    int total = 0;

    switch (k) {
    case COLL_GATHER:
    case COLL_GATHERV:
        if (rank == a->root && a->sbuf == MPI_IN_PLACE) {
            a->scount = 0;
            a->stype = a->rtype;
        }
        return NULL;
    case COLL_SCATTER:
    case COLL_SCATTERV:
        if (rank == a->root && a->rbuf == MPI_IN_PLACE) {
            a->rtype = a->stype;
            a->rcount = k == COLL_SCATTER ? a->scount : a->scounts[rank];
        }
        return NULL;
    case COLL_ALLGATHER:
    case COLL_ALLGATHERV:
        if (a->sbuf != MPI_IN_PLACE)
            return NULL;
        a->scount = k == COLL_ALLGATHER ? a->rcount : a->rcounts[rank];
        a->sbuf = (char *)a->rbuf +
                  (k == COLL_ALLGATHER ? (MPI_Aint)rank * a->rcount : (MPI_Aint)a->rdispls[rank]) *
                      smpi_type_extent(a->rtype);
        a->stype = a->rtype;
        return NULL;
    case COLL_ALLREDUCE:
    case COLL_SCAN:
    case COLL_EXSCAN:
    case COLL_REDUCE_SCATTER:
        if (a->sbuf != MPI_IN_PLACE)
            return NULL;
        total = a->count;
        if (k == COLL_REDUCE_SCATTER)
            for (int i = 0; i < smpi_comm_size(a->comm); i++)
                total += a->rcounts[i];
        widen_span(0, total, a->type, &lo, &hi);
        return copy_span(a->rbuf, lo, hi, &a->sbuf);
    case COLL_ALLTOALL:
    case COLL_ALLTOALLV:
    case COLL_ALLTOALLW:
        return a->sbuf == MPI_IN_PLACE ? in_place_alltoall(k, a) : NULL;
    default:
        return NULL;
    }
}

/* Runs collective k inside the MPI call `call` (deadlock reports, computation timing) on
 * SMPI's normalised arguments, and reports a failure of its messages through the
 * communicator's error handler. A broadcast on one rank sends nothing, as in SMPI. */
static int run(const char *call, enum coll_kind k, const struct coll_args *args)
{
    struct coll_args a = *args;
    void *block;
    int rc;

    if (k == COLL_BCAST && smpi_comm_size(a.comm) == 1)
        return MPI_SUCCESS;
    smpi__enter(call);
    block = normalise(k, &a);
    rc = coll_run(k, &a);
    free(block);
    smpi__leave();
    if (rc != MPI_SUCCESS)
        rc = smpi__error(a.comm, call, rc,
                         "a message of the collective failed (counts or datatypes that do not "
                         "match across ranks?)");
    return rc;
}

int smpi__barrier(MPI_Comm comm)
{
    struct coll_args a = { .comm = comm };

    return coll_run(COLL_BARRIER, &a);
}

void smpi__coll_init(void)
{
    coll_init(smpi__rt.cfg.coll_selector, smpi_options_coll, smpi__rt.cfg.coll_fallback);
}

/* ---- bindings --------------------------------------------------------------------------- */

int PMPI_Barrier(MPI_Comm comm)
{
    if (smpi__comm_is_inter(comm)) /* coll_inter.c */
        return smpi__inter_barrier(comm);
    struct coll_args a = { .comm = comm };
    int rc = check_comm("MPI_Barrier", comm);

    if (rc != MPI_SUCCESS)
        return rc;
    return run("MPI_Barrier", COLL_BARRIER, &a);
}
#pragma weak MPI_Barrier = PMPI_Barrier

int PMPI_Bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    if (smpi__comm_is_inter(comm)) /* coll_inter.c */
        return smpi__inter_bcast(buf, count, type, root, comm);
    static const char call[] = "MPI_Bcast";
    struct coll_args a = { .rbuf = buf, .count = count, .type = type, .root = root, .comm = comm };
    int rc = check_comm(call, comm);

    if (rc == MPI_SUCCESS)
        rc = check_root(call, comm, root);
    if (rc == MPI_SUCCESS)
        rc = check_count(call, comm, count, "count");
    if (rc == MPI_SUCCESS)
        rc = check_type(call, comm, type, "datatype");
    if (rc == MPI_SUCCESS)
        rc = check_not_in_place(call, comm, buf, "buffer");
    if (rc != MPI_SUCCESS)
        return rc;
    return run(call, COLL_BCAST, &a);
}
#pragma weak MPI_Bcast = PMPI_Bcast

int PMPI_Reduce(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, int root,
                MPI_Comm comm)
{
    if (smpi__comm_is_inter(comm)) /* coll_inter.c */
        return smpi__inter_reduce(sbuf, rbuf, count, type, op, root, comm);
    static const char call[] = "MPI_Reduce";
    struct coll_args a = { .sbuf = sbuf,
                           .rbuf = rbuf,
                           .count = count,
                           .type = type,
                           .op = op,
                           .root = root,
                           .comm = comm };
    int rc = check_comm(call, comm);

    if (rc == MPI_SUCCESS)
        rc = check_root(call, comm, root);
    if (rc == MPI_SUCCESS)
        rc = check_reduction(call, comm, sbuf, smpi_comm_rank(comm) == root ? rbuf : NULL, count,
                             type, op);
    if (rc == MPI_SUCCESS && smpi_comm_rank(comm) != root)
        rc = check_not_in_place(call, comm, sbuf, "sendbuf (at a rank other than the root)");
    if (rc != MPI_SUCCESS)
        return rc;
    return run(call, COLL_REDUCE, &a);
}
#pragma weak MPI_Reduce = PMPI_Reduce

int PMPI_Allreduce(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op,
                   MPI_Comm comm)
{
    if (smpi__comm_is_inter(comm)) /* coll_inter.c */
        return smpi__inter_allreduce(sbuf, rbuf, count, type, op, comm);
    static const char call[] = "MPI_Allreduce";
    struct coll_args a = {
        .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type, .op = op, .comm = comm
    };
    int rc = check_comm(call, comm);

    if (rc == MPI_SUCCESS)
        rc = check_reduction(call, comm, sbuf, rbuf, count, type, op);
    if (rc != MPI_SUCCESS)
        return rc;
    return run(call, COLL_ALLREDUCE, &a);
}
#pragma weak MPI_Allreduce = PMPI_Allreduce

int PMPI_Scan(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    static const char call[] = "MPI_Scan";
    struct coll_args a = {
        .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type, .op = op, .comm = comm
    };
    int rc = check_comm(call, comm);

    if (rc == MPI_SUCCESS)
        rc = check_reduction(call, comm, sbuf, rbuf, count, type, op);
    if (rc != MPI_SUCCESS)
        return rc;
    return run(call, COLL_SCAN, &a);
}
#pragma weak MPI_Scan = PMPI_Scan

int PMPI_Exscan(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op,
                MPI_Comm comm)
{
    static const char call[] = "MPI_Exscan";
    struct coll_args a = {
        .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type, .op = op, .comm = comm
    };
    int rc = check_comm(call, comm);

    if (rc == MPI_SUCCESS)
        rc = check_reduction(call, comm, sbuf, rbuf, count, type, op);
    if (rc != MPI_SUCCESS)
        return rc;
    return run(call, COLL_EXSCAN, &a);
}
#pragma weak MPI_Exscan = PMPI_Exscan

int PMPI_Reduce_scatter(const void *sbuf, void *rbuf, const int rcounts[], MPI_Datatype type,
                        MPI_Op op, MPI_Comm comm)
{
    if (smpi__comm_is_inter(comm)) /* coll_inter.c */
        return smpi__inter_reduce_scatter(sbuf, rbuf, rcounts, type, op, comm);
    static const char call[] = "MPI_Reduce_scatter";
    struct coll_args a = {
        .sbuf = sbuf, .rbuf = rbuf, .rcounts = rcounts, .type = type, .op = op, .comm = comm
    };
    int rc = check_comm(call, comm);

    if (rc == MPI_SUCCESS)
        rc = check_array(call, comm, rcounts, "recvcounts", true);
    if (rc == MPI_SUCCESS)
        rc = check_reduction(call, comm, sbuf, rbuf, rcounts[smpi_comm_rank(comm)], type, op);
    if (rc != MPI_SUCCESS)
        return rc;
    return run(call, COLL_REDUCE_SCATTER, &a);
}
#pragma weak MPI_Reduce_scatter = PMPI_Reduce_scatter

int PMPI_Reduce_scatter_block(const void *sbuf, void *rbuf, int rcount, MPI_Datatype type,
                              MPI_Op op, MPI_Comm comm)
{
    if (smpi__comm_is_inter(comm)) /* coll_inter.c */
        return smpi__inter_reduce_scatter_block(sbuf, rbuf, rcount, type, op, comm);
    static const char call[] = "MPI_Reduce_scatter_block";
    struct coll_args a = { .sbuf = sbuf, .rbuf = rbuf, .type = type, .op = op, .comm = comm };
    int *counts;
    int rc = check_comm(call, comm);

    if (rc == MPI_SUCCESS)
        rc = check_reduction(call, comm, sbuf, rbuf, rcount, type, op);
    if (rc != MPI_SUCCESS)
        return rc;
    /* as SMPI 3.32: the reduce_scatter algorithms with equal counts */
    counts = sim_xmalloc((size_t)smpi_comm_size(comm) * sizeof(int));
    for (int i = 0; i < smpi_comm_size(comm); i++)
        counts[i] = rcount;
    a.rcounts = counts;
    rc = run(call, COLL_REDUCE_SCATTER, &a);
    free(counts);
    return rc;
}
#pragma weak MPI_Reduce_scatter_block = PMPI_Reduce_scatter_block

/* Checks of the send side (count, type) and receive side shared by the gather family. */
static int check_sides(const char *call, MPI_Comm comm, int scount, MPI_Datatype stype, int rcount,
                       MPI_Datatype rtype)
{
    int rc = check_count(call, comm, scount, "sendcount");

    if (rc == MPI_SUCCESS)
        rc = check_type(call, comm, stype, "sendtype");
    if (rc == MPI_SUCCESS)
        rc = check_count(call, comm, rcount, "recvcount");
    if (rc == MPI_SUCCESS)
        rc = check_type(call, comm, rtype, "recvtype");
    return rc;
}

int PMPI_Alltoall(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount,
                  MPI_Datatype rtype, MPI_Comm comm)
{
    if (smpi__comm_is_inter(comm)) /* coll_inter.c */
        return smpi__inter_alltoall(sbuf, scount, stype, rbuf, rcount, rtype, comm);
    static const char call[] = "MPI_Alltoall";
    struct coll_args a = { .sbuf = sbuf,
                           .scount = scount,
                           .stype = stype,
                           .rbuf = rbuf,
                           .rcount = rcount,
                           .rtype = rtype,
                           .comm = comm };
    int rc = check_comm(call, comm);

    if (rc == MPI_SUCCESS && sbuf == MPI_IN_PLACE)
        rc = check_sides(call, comm, 0, rtype, rcount, rtype);
    else if (rc == MPI_SUCCESS)
        rc = check_sides(call, comm, scount, stype, rcount, rtype);
    if (rc == MPI_SUCCESS)
        rc = check_alias(call, comm, sbuf, rbuf, rcount > 0);
    if (rc == MPI_SUCCESS)
        rc = check_not_in_place(call, comm, rbuf, "recvbuf");
    if (rc != MPI_SUCCESS)
        return rc;
    return run(call, COLL_ALLTOALL, &a);
}
#pragma weak MPI_Alltoall = PMPI_Alltoall

int PMPI_Alltoallv(const void *sbuf, const int scounts[], const int sdispls[], MPI_Datatype stype,
                   void *rbuf, const int rcounts[], const int rdispls[], MPI_Datatype rtype,
                   MPI_Comm comm)
{
    if (smpi__comm_is_inter(comm)) /* coll_inter.c */
        return smpi__inter_alltoallv(sbuf, scounts, sdispls, stype, rbuf, rcounts, rdispls, rtype,
                                     comm);
    static const char call[] = "MPI_Alltoallv";
    struct coll_args a = { .sbuf = sbuf,
                           .scounts = scounts,
                           .sdispls = sdispls,
                           .stype = stype,
                           .rbuf = rbuf,
                           .rcounts = rcounts,
                           .rdispls = rdispls,
                           .rtype = rtype,
                           .comm = comm };
    int rc = check_comm(call, comm);

    if (rc == MPI_SUCCESS && sbuf != MPI_IN_PLACE)
        rc = check_array(call, comm, scounts, "sendcounts", true);
    if (rc == MPI_SUCCESS && sbuf != MPI_IN_PLACE)
        rc = check_array(call, comm, sdispls, "sdispls", false);
    if (rc == MPI_SUCCESS && sbuf != MPI_IN_PLACE)
        rc = check_type(call, comm, stype, "sendtype");
    if (rc == MPI_SUCCESS)
        rc = check_array(call, comm, rcounts, "recvcounts", true);
    if (rc == MPI_SUCCESS)
        rc = check_array(call, comm, rdispls, "rdispls", false);
    if (rc == MPI_SUCCESS)
        rc = check_type(call, comm, rtype, "recvtype");
    if (rc == MPI_SUCCESS)
        rc = check_not_in_place(call, comm, rbuf, "recvbuf");
    if (rc != MPI_SUCCESS)
        return rc;
    return run(call, COLL_ALLTOALLV, &a);
}
#pragma weak MPI_Alltoallv = PMPI_Alltoallv

int PMPI_Alltoallw(const void *sbuf, const int scounts[], const int sdispls[],
                   const MPI_Datatype stypes[], void *rbuf, const int rcounts[],
                   const int rdispls[], const MPI_Datatype rtypes[], MPI_Comm comm)
{
    if (smpi__comm_is_inter(comm)) /* coll_inter.c */
        return smpi__inter_alltoallw(sbuf, scounts, sdispls, stypes, rbuf, rcounts, rdispls, rtypes,
                                     comm);
    static const char call[] = "MPI_Alltoallw";
    struct coll_args a = { .sbuf = sbuf,
                           .scounts = scounts,
                           .sdispls = sdispls,
                           .stypes = stypes,
                           .rbuf = rbuf,
                           .rcounts = rcounts,
                           .rdispls = rdispls,
                           .rtypes = rtypes,
                           .comm = comm };
    int rc = check_comm(call, comm);

    if (rc == MPI_SUCCESS && sbuf != MPI_IN_PLACE)
        rc = check_array(call, comm, scounts, "sendcounts", true);
    if (rc == MPI_SUCCESS && sbuf != MPI_IN_PLACE)
        rc = check_array(call, comm, sdispls, "sdispls", false);
    if (rc == MPI_SUCCESS && sbuf != MPI_IN_PLACE)
        rc = check_types(call, comm, stypes, "sendtypes");
    if (rc == MPI_SUCCESS)
        rc = check_array(call, comm, rcounts, "recvcounts", true);
    if (rc == MPI_SUCCESS)
        rc = check_array(call, comm, rdispls, "rdispls", false);
    if (rc == MPI_SUCCESS)
        rc = check_types(call, comm, rtypes, "recvtypes");
    if (rc == MPI_SUCCESS)
        rc = check_not_in_place(call, comm, rbuf, "recvbuf");
    if (rc != MPI_SUCCESS)
        return rc;
    return run(call, COLL_ALLTOALLW, &a);
}
#pragma weak MPI_Alltoallw = PMPI_Alltoallw

int PMPI_Allgather(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount,
                   MPI_Datatype rtype, MPI_Comm comm)
{
    if (smpi__comm_is_inter(comm)) /* coll_inter.c */
        return smpi__inter_allgather(sbuf, scount, stype, rbuf, rcount, rtype, comm);
    static const char call[] = "MPI_Allgather";
    struct coll_args a = { .sbuf = sbuf,
                           .scount = scount,
                           .stype = stype,
                           .rbuf = rbuf,
                           .rcount = rcount,
                           .rtype = rtype,
                           .comm = comm };
    int rc = check_comm(call, comm);

    if (rc == MPI_SUCCESS && sbuf == MPI_IN_PLACE)
        rc = check_sides(call, comm, 0, rtype, rcount, rtype);
    else if (rc == MPI_SUCCESS)
        rc = check_sides(call, comm, scount, stype, rcount, rtype);
    if (rc == MPI_SUCCESS)
        rc = check_alias(call, comm, sbuf, rbuf, rcount > 0);
    if (rc == MPI_SUCCESS)
        rc = check_not_in_place(call, comm, rbuf, "recvbuf");
    if (rc != MPI_SUCCESS)
        return rc;
    return run(call, COLL_ALLGATHER, &a);
}
#pragma weak MPI_Allgather = PMPI_Allgather

int PMPI_Allgatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf,
                    const int rcounts[], const int displs[], MPI_Datatype rtype, MPI_Comm comm)
{
    if (smpi__comm_is_inter(comm)) /* coll_inter.c */
        return smpi__inter_allgatherv(sbuf, scount, stype, rbuf, rcounts, displs, rtype, comm);
    static const char call[] = "MPI_Allgatherv";
    struct coll_args a = { .sbuf = sbuf,
                           .scount = scount,
                           .stype = stype,
                           .rbuf = rbuf,
                           .rcounts = rcounts,
                           .rdispls = displs,
                           .rtype = rtype,
                           .comm = comm };
    int rc = check_comm(call, comm);

    if (rc == MPI_SUCCESS && sbuf == MPI_IN_PLACE)
        rc = check_sides(call, comm, 0, rtype, 0, rtype);
    else if (rc == MPI_SUCCESS)
        rc = check_sides(call, comm, scount, stype, 0, rtype);
    if (rc == MPI_SUCCESS)
        rc = check_array(call, comm, rcounts, "recvcounts", true);
    if (rc == MPI_SUCCESS)
        rc = check_array(call, comm, displs, "displs", false);
    if (rc == MPI_SUCCESS)
        rc = check_not_in_place(call, comm, rbuf, "recvbuf");
    if (rc != MPI_SUCCESS)
        return rc;
    return run(call, COLL_ALLGATHERV, &a);
}
#pragma weak MPI_Allgatherv = PMPI_Allgatherv

int PMPI_Gather(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount,
                MPI_Datatype rtype, int root, MPI_Comm comm)
{
    if (smpi__comm_is_inter(comm)) /* coll_inter.c */
        return smpi__inter_gather(sbuf, scount, stype, rbuf, rcount, rtype, root, comm);
    static const char call[] = "MPI_Gather";
    struct coll_args a = { .sbuf = sbuf,
                           .scount = scount,
                           .stype = stype,
                           .rbuf = rbuf,
                           .rcount = rcount,
                           .rtype = rtype,
                           .root = root,
                           .comm = comm };
    int rc = check_comm(call, comm);
    bool at_root;

    if (rc == MPI_SUCCESS)
        rc = check_root(call, comm, root);
    if (rc != MPI_SUCCESS)
        return rc;
    at_root = smpi_comm_rank(comm) == root;
    if (!at_root)
        rc = check_not_in_place(call, comm, sbuf, "sendbuf (at a rank other than the root)");
    if (rc == MPI_SUCCESS && sbuf != MPI_IN_PLACE)
        rc = check_sides(call, comm, scount, stype, 0, stype);
    if (rc == MPI_SUCCESS && at_root)
        rc = check_sides(call, comm, 0, rtype, rcount, rtype);
    if (rc == MPI_SUCCESS && at_root)
        rc = check_alias(call, comm, sbuf, rbuf, rcount > 0);
    if (rc != MPI_SUCCESS)
        return rc;
    return run(call, COLL_GATHER, &a);
}
#pragma weak MPI_Gather = PMPI_Gather

int PMPI_Gatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, const int rcounts[],
                 const int displs[], MPI_Datatype rtype, int root, MPI_Comm comm)
{
    if (smpi__comm_is_inter(comm)) /* coll_inter.c */
        return smpi__inter_gatherv(sbuf, scount, stype, rbuf, rcounts, displs, rtype, root, comm);
    static const char call[] = "MPI_Gatherv";
    struct coll_args a = { .sbuf = sbuf,
                           .scount = scount,
                           .stype = stype,
                           .rbuf = rbuf,
                           .rcounts = rcounts,
                           .rdispls = displs,
                           .rtype = rtype,
                           .root = root,
                           .comm = comm };
    int rc = check_comm(call, comm);
    bool at_root;

    if (rc == MPI_SUCCESS)
        rc = check_root(call, comm, root);
    if (rc != MPI_SUCCESS)
        return rc;
    at_root = smpi_comm_rank(comm) == root;
    if (!at_root)
        rc = check_not_in_place(call, comm, sbuf, "sendbuf (at a rank other than the root)");
    if (rc == MPI_SUCCESS && sbuf != MPI_IN_PLACE)
        rc = check_sides(call, comm, scount, stype, 0, stype);
    if (rc == MPI_SUCCESS && at_root)
        rc = check_array(call, comm, rcounts, "recvcounts", true);
    if (rc == MPI_SUCCESS && at_root)
        rc = check_array(call, comm, displs, "displs", false);
    if (rc == MPI_SUCCESS && at_root)
        rc = check_type(call, comm, rtype, "recvtype");
    if (rc != MPI_SUCCESS)
        return rc;
    return run(call, COLL_GATHERV, &a);
}
#pragma weak MPI_Gatherv = PMPI_Gatherv

int PMPI_Scatter(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount,
                 MPI_Datatype rtype, int root, MPI_Comm comm)
{
    if (smpi__comm_is_inter(comm)) /* coll_inter.c */
        return smpi__inter_scatter(sbuf, scount, stype, rbuf, rcount, rtype, root, comm);
    static const char call[] = "MPI_Scatter";
    struct coll_args a = { .sbuf = sbuf,
                           .scount = scount,
                           .stype = stype,
                           .rbuf = rbuf,
                           .rcount = rcount,
                           .rtype = rtype,
                           .root = root,
                           .comm = comm };
    int rc = check_comm(call, comm);
    bool at_root;

    if (rc == MPI_SUCCESS)
        rc = check_root(call, comm, root);
    if (rc != MPI_SUCCESS)
        return rc;
    at_root = smpi_comm_rank(comm) == root;
    if (!at_root)
        rc = check_not_in_place(call, comm, rbuf, "recvbuf (at a rank other than the root)");
    if (rc == MPI_SUCCESS && rbuf != MPI_IN_PLACE)
        rc = check_sides(call, comm, 0, rtype, rcount, rtype);
    if (rc == MPI_SUCCESS && at_root)
        rc = check_sides(call, comm, scount, stype, 0, stype);
    if (rc == MPI_SUCCESS && at_root)
        rc = check_alias(call, comm, sbuf, rbuf, scount > 0);
    if (rc != MPI_SUCCESS)
        return rc;
    return run(call, COLL_SCATTER, &a);
}
#pragma weak MPI_Scatter = PMPI_Scatter

int PMPI_Scatterv(const void *sbuf, const int scounts[], const int displs[], MPI_Datatype stype,
                  void *rbuf, int rcount, MPI_Datatype rtype, int root, MPI_Comm comm)
{
    if (smpi__comm_is_inter(comm)) /* coll_inter.c */
        return smpi__inter_scatterv(sbuf, scounts, displs, stype, rbuf, rcount, rtype, root, comm);
    static const char call[] = "MPI_Scatterv";
    struct coll_args a = { .sbuf = sbuf,
                           .scounts = scounts,
                           .sdispls = displs,
                           .stype = stype,
                           .rbuf = rbuf,
                           .rcount = rcount,
                           .rtype = rtype,
                           .root = root,
                           .comm = comm };
    int rc = check_comm(call, comm);
    bool at_root;

    if (rc == MPI_SUCCESS)
        rc = check_root(call, comm, root);
    if (rc != MPI_SUCCESS)
        return rc;
    at_root = smpi_comm_rank(comm) == root;
    if (!at_root)
        rc = check_not_in_place(call, comm, rbuf, "recvbuf (at a rank other than the root)");
    if (rc == MPI_SUCCESS && rbuf != MPI_IN_PLACE)
        rc = check_sides(call, comm, 0, rtype, rcount, rtype);
    if (rc == MPI_SUCCESS && at_root)
        rc = check_array(call, comm, scounts, "sendcounts", true);
    if (rc == MPI_SUCCESS && at_root)
        rc = check_array(call, comm, displs, "displs", false);
    if (rc == MPI_SUCCESS && at_root)
        rc = check_type(call, comm, stype, "sendtype");
    if (rc != MPI_SUCCESS)
        return rc;
    return run(call, COLL_SCATTERV, &a);
}
#pragma weak MPI_Scatterv = PMPI_Scatterv
