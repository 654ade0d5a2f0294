/* blocks: the block arithmetic of the one-block-per-rank collectives (blocks.h), the
 * algorithms allgather and allgatherv share (the same messages for a regular call and a v call
 * with equal counts), and the pieces the two-level gather and scatters share. */
#include <stdlib.h>

#include "collectives/blocks.h"
#include "simcore/simcore.h"

void coll__blocks_init(struct coll_blocks *x, const struct coll_args *a, unsigned form, int tag)
{
    *x = (struct coll_blocks){ .sbuf = a->sbuf,
                               .rbuf = a->rbuf,
                               .scount = a->scount,
                               .rcount = a->rcount,
                               .stype = a->stype,
                               .rtype = a->rtype,
                               .comm = a->comm,
                               .tag = tag,
                               .rank = smpi_comm_rank(a->comm),
                               .size = smpi_comm_size(a->comm) };
    if (form & COLL_BLOCKS_SEND_V) {
        x->scounts = a->scounts;
        x->sdispls = a->sdispls;
    }
    if (form & COLL_BLOCKS_RECV_V) {
        x->rcounts = a->rcounts;
        x->rdispls = a->rdispls;
    }
}

int coll__blocks_copy_own(const struct coll_blocks *x)
{
    return smpi_type_copy(coll__sblock(x, x->rank), coll__scount(x, x->rank), x->stype,
                          coll__rblock(x, x->rank), coll__rcount(x, x->rank), x->rtype);
}

int coll__blocks_copy_contribution(const struct coll_blocks *x)
{
    return smpi_type_copy(x->sbuf, x->scount, x->stype, coll__rblock(x, x->rank),
                          coll__rcount(x, x->rank), x->rtype);
}

static void allgather_init(struct coll_blocks *x, const struct coll_args *a, bool v)
{
    coll__blocks_init(x, a, v ? COLL_BLOCKS_RECV_V : COLL_BLOCKS_REGULAR,
                      v ? COLL_TAG_ALLGATHERV : COLL_TAG_ALLGATHER);
}

int coll__allgather_linear(const struct coll_args *a, bool v)
{
    struct coll_blocks x;
    MPI_Request *reqs;
    int n = 0;
    int rc;

    allgather_init(&x, a, v);
    rc = coll__blocks_copy_contribution(&x);
    reqs = coll__reqs_alloc(2 * (x.size - 1));
    for (int peer = 0; peer < x.size && rc == MPI_SUCCESS; peer++) {
        if (peer == x.rank)
            continue;
        rc = smpi_isend(x.sbuf, x.scount, x.stype, peer, x.tag, x.comm, &reqs[n++]);
        if (rc == MPI_SUCCESS)
            rc = smpi_irecv(coll__rblock(&x, peer), coll__rcount(&x, peer), x.rtype, peer, x.tag,
                            x.comm, &reqs[n++]);
    }
    return coll__waitall_free(n, reqs, rc);
}

int coll__allgather_steps(const struct coll_args *a, bool v, bool xor)
{
    struct coll_blocks x;
    int rc;

    allgather_init(&x, a, v);
    rc = coll__blocks_copy_contribution(&x);
    for (int i = 1; i < x.size && rc == MPI_SUCCESS; i++) {
        int dst = xor? x.rank ^ i : (x.rank + i) % x.size;
        int src = xor? x.rank ^ i : (x.rank - i + x.size) % x.size;

        rc = smpi_sendrecv(x.sbuf, x.scount, x.stype, dst, x.tag, coll__rblock(&x, src),
                           coll__rcount(&x, src), x.rtype, src, x.tag, x.comm, MPI_STATUS_IGNORE);
    }
    return rc;
}

int coll__allgather_rdb_fill(const struct coll_blocks *x, int mask, int lo, void *at, int count,
                             int *last, int *have)
{
    int ready = x->size - lo - mask;
    int shift = 0;
    int rc = MPI_SUCCESS;

    while ((1 << (shift + 1)) <= mask)
        shift++;
    for (int half = mask >> 1; half > 0 && rc == MPI_SUCCESS; half >>= 1, shift--) {
        int peer = x->rank ^ half;
        int root = x->rank >> shift << shift;

        if (peer > x->rank && x->rank < root + ready && peer >= root + ready) {
            rc = smpi_send(at, *last, x->rtype, peer, x->tag, x->comm);
        } else if (peer < x->rank && peer < root + ready && x->rank >= root + ready) {
            rc = smpi_recv(at, count, x->rtype, peer, x->tag, x->comm, MPI_STATUS_IGNORE);
            *last = count;
            *have += *last;
        }
    }
    return rc;
}

int coll__allgather_neighbor_exchange(const struct coll_args *a, bool v, coll_pair_swap_fn *swap)
{
    struct coll_blocks x;
    int nb[2];
    int from[2];
    int step[2];
    int scratch[8];
    int sent;
    int rc;

    allgather_init(&x, a, v);
    if (x.size % 2)
        return coll__allgather_steps(a, v, false);
    rc = coll__blocks_copy_contribution(&x);
    nb[0] = x.rank % 2 == 0 ? coll__ring_right(x.rank, x.size) : coll__ring_left(x.rank, x.size);
    nb[1] = x.rank % 2 == 0 ? coll__ring_left(x.rank, x.size) : coll__ring_right(x.rank, x.size);
    from[0] = from[1] = x.rank % 2 == 0 ? x.rank : nb[0];
    step[0] = x.rank % 2 == 0 ? 2 : -2;
    step[1] = -step[0];
    if (rc == MPI_SUCCESS)
        rc = smpi_sendrecv(coll__rblock(&x, x.rank), coll__rcount(&x, x.rank), x.rtype, nb[0],
                           x.tag, coll__rblock(&x, nb[0]), coll__rcount(&x, nb[0]), x.rtype, nb[0],
                           x.tag, x.comm, MPI_STATUS_IGNORE);
    sent = from[0];
    for (int i = 1; i < x.size / 2 && rc == MPI_SUCCESS; i++) {
        int par = i % 2;

        from[par] = (from[par] + step[par] + x.size) % x.size;
        rc = swap(&x, sent, nb[par], from[par], scratch);
        sent = from[par];
    }
    return rc;
}

/* The root's own block of a gather or scatter (nothing to do in place). */
static int rooted_own(const struct coll_blocks *x, bool scatter)
{
    if (scatter)
        return x->rbuf == MPI_IN_PLACE
                   ? MPI_SUCCESS
                   : smpi_type_copy(coll__sblock(x, x->rank), coll__scount(x, x->rank), x->stype,
                                    x->rbuf, x->rcount, x->rtype);
    return x->sbuf == MPI_IN_PLACE ? MPI_SUCCESS : coll__blocks_copy_contribution(x);
}

static void rooted_init(struct coll_blocks *x, const struct coll_args *a, bool scatter, bool v)
{
    static const int tags[2][2] = { { COLL_TAG_GATHER, COLL_TAG_GATHERV },
                                    { COLL_TAG_SCATTER, COLL_TAG_SCATTERV } };
    unsigned form = !v ? COLL_BLOCKS_REGULAR : scatter ? COLL_BLOCKS_SEND_V : COLL_BLOCKS_RECV_V;

    coll__blocks_init(x, a, form, tags[scatter][v]);
}

int coll__rooted_linear(const struct coll_args *a, bool scatter, bool v)
{
    struct coll_blocks x;
    MPI_Request req = MPI_REQUEST_NULL;
    MPI_Request *reqs;
    int n = 0;
    int rc;

    rooted_init(&x, a, scatter, v);
    if (x.rank != a->root) {
        rc = scatter ? smpi_irecv(x.rbuf, x.rcount, x.rtype, a->root, x.tag, x.comm, &req)
                     : smpi_isend(x.sbuf, x.scount, x.stype, a->root, x.tag, x.comm, &req);
        return coll__waitall(1, &req, rc);
    }
    rc = rooted_own(&x, scatter);
    reqs = coll__reqs_alloc(x.size - 1);
    for (int peer = 0; peer < x.size && rc == MPI_SUCCESS; peer++) {
        if (peer == x.rank)
            continue;
        rc = scatter ? smpi_isend(coll__sblock(&x, peer), coll__scount(&x, peer), x.stype, peer,
                                  x.tag, x.comm, &reqs[n++])
                     : smpi_irecv(coll__rblock(&x, peer), coll__rcount(&x, peer), x.rtype, peer,
                                  x.tag, x.comm, &reqs[n++]);
    }
    return coll__waitall_free(n, reqs, rc);
}

int coll__rooted_basic_linear(const struct coll_args *a, bool scatter)
{
    struct coll_blocks x;
    int rc = MPI_SUCCESS;

    rooted_init(&x, a, scatter, false);
    if (x.rank != a->root)
        return scatter
                   ? smpi_recv(x.rbuf, x.rcount, x.rtype, a->root, x.tag, x.comm, MPI_STATUS_IGNORE)
                   : smpi_send(x.sbuf, x.scount, x.stype, a->root, x.tag, x.comm);
    for (int i = 0; i < x.size && rc == MPI_SUCCESS; i++) {
        if (i == x.rank)
            rc = rooted_own(&x, scatter);
        else if (scatter)
            rc = smpi_send(coll__sblock(&x, i), x.scount, x.stype, i, x.tag, x.comm);
        else
            rc = smpi_recv(coll__rblock(&x, i), x.rcount, x.rtype, i, x.tag, x.comm,
                           MPI_STATUS_IGNORE);
    }
    return rc;
}

size_t coll__rooted_block_bytes(const struct coll_args *a, int rank, bool scatter)
{
    if ((rank == a->root) == scatter)
        return smpi_type_size(a->stype) * (size_t)a->scount;
    return smpi_type_size(a->rtype) * (size_t)a->rcount;
}

int coll__two_level_init(struct coll_two_level *g, const struct coll_args *a, bool scatter)
{
    int rc = coll__smp_init(a->comm, &g->smp);

    g->nbytes = 0;
    g->node_buf = NULL;
    g->leader_buf = NULL;
    g->leader = false;
    if (rc != MPI_SUCCESS)
        return rc;
    g->nbytes = coll__rooted_block_bytes(a, smpi_comm_rank(a->comm), scatter);
    g->local_size = smpi_comm_size(g->smp.intra);
    g->leader = smpi_comm_rank(g->smp.intra) == 0;
    if (g->leader && g->nbytes > 0)
        g->node_buf = sim_xmalloc(g->nbytes * (size_t)g->local_size);
    return MPI_SUCCESS;
}

void coll__two_level_free(struct coll_two_level *g)
{
    free(g->node_buf);
    free(g->leader_buf);
}

int coll__two_level_leaders_v(const struct coll_two_level *g, struct coll_args *b, int per,
                              bool scatter)
{
    int n = smpi_comm_size(g->smp.leaders);
    int *counts = NULL;
    int rc;

    if (smpi_comm_rank(g->smp.leaders) == b->root) {
        counts = sim_xmalloc(2 * (size_t)n * sizeof(int));
        for (int i = 0; i < n; i++) {
            counts[i] = g->smp.node_sizes[i] * per;
            counts[n + i] = i == 0 ? 0 : counts[n + i - 1] + counts[i - 1];
        }
        *(scatter ? &b->scounts : &b->rcounts) = counts;
        *(scatter ? &b->sdispls : &b->rdispls) = counts + n;
    }
    rc = coll_run(scatter ? COLL_SCATTERV : COLL_GATHERV, b);
    free(counts);
    return rc;
}
