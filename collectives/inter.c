/* inter: the collectives on intercommunicators (MPI-3.1 section 5.2.2), where each group
 * receives what the other group contributed. Each combines an operation inside the local group
 * (on the intercommunicator's local intracommunicator, with the configured algorithms) and one
 * exchange between the two leaders (local rank 0 of each side); the all-to-all family and the
 * v-variants talk to every remote rank directly. Rooted collectives follow the standard: the
 * root passes MPI_ROOT, the other members of its group MPI_PROC_NULL, and the remote group the
 * root's rank. SMPI 3.32 has no intercommunicator collectives. */
#include <stdbool.h>
#include <stdlib.h>

#include "collectives/internal.h"
#include "simcore/simcore.h"

static bool is_leader(MPI_Comm inter)
{
    return smpi_comm_rank(inter) == 0;
}

/* Runs collective k with arguments *a on the local group of inter. */
static int local(enum coll_kind k, MPI_Comm inter, struct coll_args a)
{
    a.comm = smpi_comm_local(inter);
    return coll_run(k, &a);
}

/* Reduces the group's send buffers at its leader into a temporary of a->count elements: *block
 * is what to free(), *tmp the result. */
static int reduce_at_leader(const struct coll_args *a, void **block, void **tmp)
{
    struct coll_args r = *a;

    *block = coll__tmp_alloc(a->count, a->type, tmp);
    r.rbuf = *tmp;
    r.root = 0;
    return local(COLL_REDUCE, a->comm, r);
}

/* Gathers the group's send blocks (a->scount elements of a->stype from each member, in rank
 * order) at its leader into a temporary: *block is what to free(), *all the blocks. */
static int gather_at_leader(const struct coll_args *a, void **block, void **all)
{
    struct coll_args g = { .sbuf = a->sbuf,
                           .scount = a->scount,
                           .stype = a->stype,
                           .rcount = a->scount,
                           .rtype = a->stype,
                           .root = 0 };

    *block = coll__tmp_alloc(a->scount * smpi_comm_size(a->comm), a->stype, all);
    g.rbuf = *all;
    return local(COLL_GATHER, a->comm, g);
}

/* The leaders swap their group's part (n elements of stype at out) for the other group's (m
 * elements of rtype into in), then each leader broadcasts what it got in its group. */
static int swap_and_bcast(MPI_Comm inter, int tag, const void *out, int n, MPI_Datatype stype,
                          void *in, int m, MPI_Datatype rtype)
{
    struct coll_args b = { .rbuf = in, .count = m, .type = rtype, .root = 0 };
    int rc = MPI_SUCCESS;

    if (is_leader(inter))
        rc = smpi_sendrecv(out, n, stype, 0, tag, in, m, rtype, 0, tag, inter, MPI_STATUS_IGNORE);
    if (rc == MPI_SUCCESS)
        rc = local(COLL_BCAST, inter, b);
    return rc;
}

/* Local barrier, leaders exchange a token, local broadcast of it. */
static int inter_barrier(const struct coll_args *a)
{
    int token = 0;
    int rc = local(COLL_BARRIER, a->comm, (struct coll_args){ 0 });

    if (rc == MPI_SUCCESS)
        rc =
            swap_and_bcast(a->comm, COLL_TAG_INTER_BARRIER, &token, 1, MPI_INT, &token, 1, MPI_INT);
    return rc;
}

/* The root sends to the remote leader, which broadcasts in its group. */
static int inter_bcast(const struct coll_args *a)
{
    int rc = MPI_SUCCESS;
    struct coll_args b = { .rbuf = a->rbuf, .count = a->count, .type = a->type, .root = 0 };

    if (a->root == MPI_ROOT)
        return smpi_send(a->rbuf, a->count, a->type, 0, COLL_TAG_INTER_BCAST, a->comm);
    if (a->root == MPI_PROC_NULL)
        return MPI_SUCCESS;
    if (is_leader(a->comm))
        rc = smpi_recv(a->rbuf, a->count, a->type, a->root, COLL_TAG_INTER_BCAST, a->comm,
                       MPI_STATUS_IGNORE);
    if (rc == MPI_SUCCESS && smpi_comm_size(smpi_comm_local(a->comm)) > 1)
        rc = local(COLL_BCAST, a->comm, b);
    return rc;
}

/* The remote group reduces to its leader, which sends the result to the root. */
static int inter_reduce(const struct coll_args *a)
{
    void *tmp;
    void *block;
    int rc;

    if (a->root == MPI_ROOT)
        return smpi_recv(a->rbuf, a->count, a->type, 0, COLL_TAG_INTER_REDUCE, a->comm,
                         MPI_STATUS_IGNORE);
    if (a->root == MPI_PROC_NULL)
        return MPI_SUCCESS;
    rc = reduce_at_leader(a, &block, &tmp);
    if (rc == MPI_SUCCESS && is_leader(a->comm))
        rc = smpi_send(tmp, a->count, a->type, a->root, COLL_TAG_INTER_REDUCE, a->comm);
    free(block);
    return rc;
}

/* Local reduce to the leader, leaders swap results, local broadcast. */
static int inter_allreduce(const struct coll_args *a)
{
    void *tmp;
    void *block;
    int rc = reduce_at_leader(a, &block, &tmp);

    if (rc == MPI_SUCCESS)
        rc = swap_and_bcast(a->comm, COLL_TAG_INTER_ALLREDUCE, tmp, a->count, a->type, a->rbuf,
                            a->count, a->type);
    free(block);
    return rc;
}

/* The remote group gathers at its leader, which sends everything to the root. */
static int inter_gather(const struct coll_args *a)
{
    int n = a->scount * smpi_comm_size(a->comm);
    void *all;
    void *block;
    int rc;

    if (a->root == MPI_ROOT)
        return smpi_recv(a->rbuf, a->rcount * smpi_comm_remote_size(a->comm), a->rtype, 0,
                         COLL_TAG_INTER_GATHER, a->comm, MPI_STATUS_IGNORE);
    if (a->root == MPI_PROC_NULL)
        return MPI_SUCCESS;
    rc = gather_at_leader(a, &block, &all);
    if (rc == MPI_SUCCESS && is_leader(a->comm))
        rc = smpi_send(all, n, a->stype, a->root, COLL_TAG_INTER_GATHER, a->comm);
    free(block);
    return rc;
}

/* The root sends everything to the remote leader, which scatters it in its group. */
static int inter_scatter(const struct coll_args *a)
{
    int n = a->rcount * smpi_comm_size(a->comm);
    struct coll_args s = { .scount = a->rcount,
                           .stype = a->rtype,
                           .rbuf = a->rbuf,
                           .rcount = a->rcount,
                           .rtype = a->rtype,
                           .root = 0 };
    void *block;
    int rc = MPI_SUCCESS;

    if (a->root == MPI_ROOT)
        return smpi_send(a->sbuf, a->scount * smpi_comm_remote_size(a->comm), a->stype, 0,
                         COLL_TAG_INTER_SCATTER, a->comm);
    if (a->root == MPI_PROC_NULL)
        return MPI_SUCCESS;
    block = coll__tmp_alloc(n, a->rtype, (void **)&s.sbuf);
    if (is_leader(a->comm))
        rc = smpi_recv((void *)s.sbuf, n, a->rtype, a->root, COLL_TAG_INTER_SCATTER, a->comm,
                       MPI_STATUS_IGNORE);
    if (rc == MPI_SUCCESS)
        rc = local(COLL_SCATTER, a->comm, s);
    free(block);
    return rc;
}

/* Local gather to the leader, leaders swap, local broadcast of the remote group's blocks. */
static int inter_allgather(const struct coll_args *a)
{
    int n = a->scount * smpi_comm_size(a->comm);
    int m = a->rcount * smpi_comm_remote_size(a->comm);
    void *all;
    void *block;
    int rc = gather_at_leader(a, &block, &all);

    if (rc == MPI_SUCCESS)
        rc = swap_and_bcast(a->comm, COLL_TAG_INTER_ALLGATHER, all, n, a->stype, a->rbuf, m,
                            a->rtype);
    free(block);
    return rc;
}

/* Where block r of one side of a direct exchange sits, how long it is and its type: the whole
 * buffer (count elements of type, for every remote rank), block r of a regular buffer (count
 * elements, r * count extents in), block r of a v buffer (counts[r] elements, displs[r] extents
 * in) or of a w buffer (counts[r] elements of types[r], displs[r] bytes in). */
enum layout { LAYOUT_WHOLE, LAYOUT_BLOCKS, LAYOUT_V, LAYOUT_W };

struct side {
    const char *buf;
    enum layout layout;
    int count;
    const int *counts;
    const int *displs;
    MPI_Datatype type;
    const MPI_Datatype *types;
};

/* The send side (send true) or the receive side of call a. */
static struct side side_of(const struct coll_args *a, bool send, enum layout layout)
{
    return (struct side){ .buf = send ? a->sbuf : a->rbuf,
                          .layout = layout,
                          .count = send ? a->scount : a->rcount,
                          .counts = send ? a->scounts : a->rcounts,
                          .displs = send ? a->sdispls : a->rdispls,
                          .type = send ? a->stype : a->rtype,
                          .types = send ? a->stypes : a->rtypes };
}

static const char *side_at(const struct side *x, int r)
{
    switch (x->layout) {
    case LAYOUT_BLOCKS:
        return x->buf + (MPI_Aint)r * x->count * smpi_type_extent(x->type);
    case LAYOUT_V:
        return x->buf + (MPI_Aint)x->displs[r] * smpi_type_extent(x->type);
    case LAYOUT_W:
        return x->buf + x->displs[r];
    default:
        return x->buf;
    }
}

static int side_count(const struct side *x, int r)
{
    return x->layout == LAYOUT_V || x->layout == LAYOUT_W ? x->counts[r] : x->count;
}

static MPI_Datatype side_type(const struct side *x, int r)
{
    return x->layout == LAYOUT_W ? x->types[r] : x->type;
}

/* One direct exchange with every remote rank: block r of the send side goes to remote rank r,
 * block r of the receive side comes from it (the receives posted first). A NULL side, or a
 * side whose buffer is NULL, is skipped. */
static int exchange_direct(const struct coll_args *a, const struct side *out, const struct side *in,
                           int tag)
{
    int remote = smpi_comm_remote_size(a->comm);
    MPI_Request *reqs = coll__reqs_alloc(2 * remote);
    int n = 0;

    for (int r = 0; in && in->buf && r < remote; r++)
        smpi_irecv((char *)side_at(in, r), side_count(in, r), side_type(in, r), r, tag, a->comm,
                   &reqs[n++]);
    for (int r = 0; out && out->buf && r < remote; r++)
        smpi_isend(side_at(out, r), side_count(out, r), side_type(out, r), r, tag, a->comm,
                   &reqs[n++]);
    return coll__waitall_free(n, reqs, MPI_SUCCESS);
}

/* Both sides laid out alike: alltoall (blocks), alltoallv (v) and alltoallw (w). */
static int exchange_alike(const struct coll_args *a, enum layout layout, int tag)
{
    struct side out = side_of(a, true, layout);
    struct side in = side_of(a, false, layout);

    return exchange_direct(a, &out, &in, tag);
}

static int inter_alltoall(const struct coll_args *a)
{
    return exchange_alike(a, LAYOUT_BLOCKS, COLL_TAG_INTER_ALLTOALL);
}

static int inter_alltoallv(const struct coll_args *a)
{
    return exchange_alike(a, LAYOUT_V, COLL_TAG_INTER_ALLTOALLV);
}

static int inter_alltoallw(const struct coll_args *a)
{
    return exchange_alike(a, LAYOUT_W, COLL_TAG_INTER_ALLTOALLW);
}

/* My one block goes to every remote rank; block r of the receive side comes from remote r. */
static int inter_allgatherv(const struct coll_args *a)
{
    struct side out = side_of(a, true, LAYOUT_WHOLE);
    struct side in = side_of(a, false, LAYOUT_V);

    return exchange_direct(a, &out, &in, COLL_TAG_INTER_ALLGATHERV);
}

static int inter_gatherv(const struct coll_args *a)
{
    struct side in = side_of(a, false, LAYOUT_V);

    if (a->root == MPI_ROOT)
        return exchange_direct(a, NULL, &in, COLL_TAG_INTER_GATHERV);
    if (a->root == MPI_PROC_NULL)
        return MPI_SUCCESS;
    return smpi_send(a->sbuf, a->scount, a->stype, a->root, COLL_TAG_INTER_GATHERV, a->comm);
}

static int inter_scatterv(const struct coll_args *a)
{
    struct side out = side_of(a, true, LAYOUT_V);

    if (a->root == MPI_ROOT)
        return exchange_direct(a, &out, NULL, COLL_TAG_INTER_SCATTERV);
    if (a->root == MPI_PROC_NULL)
        return MPI_SUCCESS;
    return smpi_recv(a->rbuf, a->rcount, a->rtype, a->root, COLL_TAG_INTER_SCATTERV, a->comm,
                     MPI_STATUS_IGNORE);
}

/* Reduce-scatter (MPI-3.1 section 5.10): each group reduces its vector of sum(recvcounts)
 * elements to its leader; the leaders swap the results and each scatters the other group's
 * reduction over its own group with its own recvcounts. */
static int inter_reduce_scatter(const struct coll_args *a)
{
    int n = smpi_comm_size(a->comm);
    int total = 0;
    int *displs = sim_xmalloc(((size_t)n + 1) * sizeof(*displs));
    struct coll_args r = *a;
    struct coll_args s = { .scounts = a->rcounts,
                           .sdispls = displs,
                           .stype = a->type,
                           .rbuf = a->rbuf,
                           .rtype = a->type,
                           .root = 0 };
    void *mine;
    void *theirs;
    void *mine_block;
    void *theirs_block;
    int rc;

    for (int i = 0; i < n; i++) {
        displs[i] = total;
        total += a->rcounts[i];
    }
    s.rcount = a->rcounts[smpi_comm_rank(a->comm)];
    mine_block = coll__tmp_alloc(total, a->type, &mine);
    theirs_block = coll__tmp_alloc(total, a->type, &theirs);
    r.rbuf = mine;
    r.count = total;
    r.root = 0;
    rc = local(COLL_REDUCE, a->comm, r);
    if (rc == MPI_SUCCESS && is_leader(a->comm))
        rc = smpi_sendrecv(mine, total, a->type, 0, COLL_TAG_INTER_REDUCE_SCATTER, theirs, total,
                           a->type, 0, COLL_TAG_INTER_REDUCE_SCATTER, a->comm, MPI_STATUS_IGNORE);
    s.sbuf = theirs;
    if (rc == MPI_SUCCESS)
        rc = local(COLL_SCATTERV, a->comm, s);
    free(mine_block);
    free(theirs_block);
    free(displs);
    return rc;
}

static coll_fn *const inter_algos[COLL_NKINDS] = {
    [COLL_BARRIER] = inter_barrier,       [COLL_BCAST] = inter_bcast,
    [COLL_REDUCE] = inter_reduce,         [COLL_ALLREDUCE] = inter_allreduce,
    [COLL_GATHER] = inter_gather,         [COLL_SCATTER] = inter_scatter,
    [COLL_ALLGATHER] = inter_allgather,   [COLL_ALLTOALL] = inter_alltoall,
    [COLL_ALLTOALLV] = inter_alltoallv,   [COLL_ALLTOALLW] = inter_alltoallw,
    [COLL_ALLGATHERV] = inter_allgatherv, [COLL_GATHERV] = inter_gatherv,
    [COLL_SCATTERV] = inter_scatterv,     [COLL_REDUCE_SCATTER] = inter_reduce_scatter,
};

int coll_inter_run(enum coll_kind k, const struct coll_args *a)
{
    sim_assert((unsigned)k < COLL_NKINDS, "bad collective kind %d", (int)k);
    if (!inter_algos[k])
        return MPI_ERR_COMM;
    return inter_algos[k](a);
}
