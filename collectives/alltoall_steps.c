/* alltoall_steps: the exchanges alltoall and alltoallv share (blocks.h): SMPI's ring and
 * pairwise families, step by step with their synchronisations (Ahmad Faraj's
 * colls/alltoall{,v}/alltoall{,v}-{ring,pair}*.cpp in SimGrid 3.32), and the linear exchange
 * throttled to 4 peers a round (MVAPICH2's scatter_dest, SMPI's alltoallv "bruck"). */
#include "collectives/blocks.h"

int coll__barriers(MPI_Comm comm, int n, int rc)
{
    struct coll_args b = { .comm = comm };

    for (int i = 0; i < n && rc == MPI_SUCCESS; i++)
        rc = coll_run(COLL_BARRIER, &b);
    return rc;
}

static void step_peers(enum coll_step_order o, const struct coll_blocks *x, int i, int *dst,
                       int *src)
{
    if (o == COLL_ORDER_XOR || (o == COLL_ORDER_RING_POF2 && coll__is_pow2(x->size))) {
        *dst = x->rank ^ i;
        *src = *dst;
    } else {
        *dst = (x->rank + i) % x->size;
        *src = (x->rank - i + x->size) % x->size;
    }
}

/* The light barrier's token: sent to the rank step i will receive from, received from the
 * rank step i will send to, so that nobody sends step i's block before its peer is there. */
static int token(enum coll_step_order o, const struct coll_blocks *x, int i)
{
    char out = 'a';
    char in = 'b';
    int dst;
    int src;

    step_peers(o, x, i, &dst, &src);
    return smpi_sendrecv(&out, 1, MPI_CHAR, src, x->tag, &in, 1, MPI_CHAR, dst, x->tag, x->comm,
                         MPI_STATUS_IGNORE);
}

int coll__alltoall_steps(const struct coll_args *a, bool v, enum coll_step_order o,
                         enum coll_step_sync s)
{
    struct coll_blocks blocks;
    const struct coll_blocks *x = &blocks;
    int rc = coll__barriers(a->comm, s == COLL_SYNC_ONE, MPI_SUCCESS);
    int dst;
    int src;

    coll__blocks_init(&blocks, a, v ? COLL_BLOCKS_SEND_V | COLL_BLOCKS_RECV_V : COLL_BLOCKS_REGULAR,
                      v ? COLL_TAG_ALLTOALLV : COLL_TAG_ALLTOALL);
    for (int i = 0; i < x->size && rc == MPI_SUCCESS; i++) {
        rc = coll__barriers(x->comm, s == COLL_SYNC_MPI, rc);
        step_peers(o, x, i, &dst, &src);
        if (rc == MPI_SUCCESS)
            rc = smpi_sendrecv(coll__sblock(x, dst), coll__scount(x, dst), x->stype, dst, x->tag,
                               coll__rblock(x, src), coll__rcount(x, src), x->rtype, src, x->tag,
                               x->comm, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS && s == COLL_SYNC_LIGHT && i >= 1 && i + 1 < x->size)
            rc = token(o, x, i + 1);
    }
    return rc;
}

int coll__blocks_exchange_throttled(const struct coll_blocks *x, bool self)
{
    MPI_Request reqs[8];
    int rc = MPI_SUCCESS;

    for (int ii = 0; ii < x->size && rc == MPI_SUCCESS; ii += 4) {
        int ss = x->size - ii < 4 ? x->size - ii : 4;
        int n = 0;

        for (int i = 0; i < ss && rc == MPI_SUCCESS; i++) {
            int src = (x->rank + i + ii) % x->size;

            if (self || src != x->rank)
                rc = smpi_irecv(coll__rblock(x, src), coll__rcount(x, src), x->rtype, src, x->tag,
                                x->comm, &reqs[n++]);
        }
        for (int i = 0; i < ss && rc == MPI_SUCCESS; i++) {
            int dst = (x->rank - i - ii + x->size) % x->size;

            if (self || dst != x->rank)
                rc = smpi_isend(coll__sblock(x, dst), coll__scount(x, dst), x->stype, dst, x->tag,
                                x->comm, &reqs[n++]);
        }
        rc = coll__waitall(n, reqs, rc);
    }
    return rc;
}
