/* allreduce: MPI_Allreduce algorithms. Input a->sbuf (or MPI_IN_PLACE: the input is in
 * a->rbuf), result in a->rbuf on every rank. Costs: p ranks, n bytes, α latency, β time per
 * byte, γ time per byte reduced. */
#include <stdlib.h>

#include "collectives/internal.h"
#include "simcore/simcore.h"
#include "smpi/p2p_api.h"

/* acc = (peer < rank) ? tmp op acc : acc op tmp, so the lower ranks' data stays on the left. */
static int combine(const struct coll_args *a, void *acc, void *tmp, bool peer_is_lower)
{
    int rc;

    if (peer_is_lower || smpi_op_is_commutative(a->op))
        return smpi_op_apply(a->op, tmp, acc, a->count, a->type);
    rc = smpi_op_apply(a->op, acc, tmp, a->count, a->type);
    if (rc == MPI_SUCCESS)
        rc = smpi_type_copy(tmp, a->count, a->type, acc, a->count, a->type);
    return rc;
}

/* The power-of-two exchange of recursive doubling among the folded ranks. */
static int rdb_exchange(const struct coll_args *a, int rank, int newrank, int pof2, int rem,
                        void *tmp)
{
    int rc = MPI_SUCCESS;

    for (int mask = 1; mask < pof2 && rc == MPI_SUCCESS; mask *= 2) {
        int peer = coll__rd_unfold(newrank ^ mask, rem);

        rc = smpi_sendrecv(a->rbuf, a->count, a->type, peer, COLL_TAG_ALLREDUCE, tmp, a->count,
                           a->type, peer, COLL_TAG_ALLREDUCE, a->comm, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = combine(a, a->rbuf, tmp, peer < rank);
    }
    return rc;
}

/* Recursive doubling: with p = 2^k, in step i each rank exchanges its partial result with
 * rank XOR 2^i and combines; after k steps all hold the result. Otherwise the first 2 rem ranks
 * (rem = p - 2^floor(log2 p)) fold pairwise first (the even rank gives its input to the odd
 * one and sits out) and get the result back at the end. Operand order follows rank order,
 * so non-commutative ops are correct. Reference: Thakur, Rabenseifner, Gropp, "Optimization
 * of collective communication operations in MPICH" (2005); MPICH
 * allreduce_intra_recursive_doubling.c. Cost: ceil(log2 p) (α + n β + n γ), plus 2 (α + n β)
 * + n γ when p is not a power of two. Needs: none. */
static int allreduce_rdb(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int pof2 = coll__pow2_floor(size);
    int rem = size - pof2;
    int newrank = coll__rd_fold(rank, rem);
    void *tmp;
    void *tmp_block = coll__tmp_alloc(a->count, a->type, &tmp);
    int rc = MPI_SUCCESS;

    if (a->sbuf != MPI_IN_PLACE)
        rc = smpi_type_copy(a->sbuf, a->count, a->type, a->rbuf, a->count, a->type);
    if (rc == MPI_SUCCESS && rank < 2 * rem) {
        if (newrank < 0) {
            rc = smpi_send(a->rbuf, a->count, a->type, rank + 1, COLL_TAG_ALLREDUCE, a->comm);
        } else {
            rc = smpi_recv(tmp, a->count, a->type, rank - 1, COLL_TAG_ALLREDUCE, a->comm,
                           MPI_STATUS_IGNORE);
            if (rc == MPI_SUCCESS)
                rc = combine(a, a->rbuf, tmp, true);
        }
    }
    if (rc == MPI_SUCCESS && newrank >= 0)
        rc = rdb_exchange(a, rank, newrank, pof2, rem, tmp);
    if (rc == MPI_SUCCESS && rank < 2 * rem) {
        if (newrank < 0)
            rc = smpi_recv(a->rbuf, a->count, a->type, rank + 1, COLL_TAG_ALLREDUCE, a->comm,
                           MPI_STATUS_IGNORE);
        else
            rc = smpi_send(a->rbuf, a->count, a->type, rank - 1, COLL_TAG_ALLREDUCE, a->comm);
    }
    free(tmp_block);
    return rc;
}

/* Reduce to rank 0, then broadcast from rank 0, with the selected reduce and bcast
 * algorithms. Reference: SMPI allreduce-redbcast; Open MPI coll_base_allreduce.c
 * (basic_linear). Cost: that of the reduce plus that of the bcast. Needs: none. */
static int allreduce_redbcast(const struct coll_args *a)
{
    struct coll_args r = *a;
    struct coll_args b = { .rbuf = a->rbuf, .count = a->count, .type = a->type, .root = 0,
                           .comm = a->comm };
    int rc;

    r.root = 0;
    if (a->sbuf == MPI_IN_PLACE && smpi_comm_rank(a->comm) != 0)
        r.sbuf = a->rbuf;
    rc = coll_run(COLL_REDUCE, &r);
    if (rc == MPI_SUCCESS)
        rc = coll_run(COLL_BCAST, &b);
    return rc;
}

const struct coll_algo coll_allreduce_algos[] = {
    /* name          needs  run                  help */
    { "rdb", 0, allreduce_rdb, "recursive doubling, pairwise fold for non-powers of two" },
    { "redbcast", 0, allreduce_redbcast, "reduce to rank 0, then bcast" },
    { NULL, 0, NULL, NULL },
};
