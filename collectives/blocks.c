/* blocks: the block arithmetic of the one-block-per-rank collectives (blocks.h) and the
 * algorithms allgather and allgatherv share: the same messages for a regular call and a v call
 * with equal counts. */
#include <stdlib.h>

#include "collectives/blocks.h"

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
    rc = coll__waitall(n, reqs, rc);
    free(reqs);
    return rc;
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
