/* reduce: MPI_Reduce algorithms. Input a->sbuf (MPI_IN_PLACE at the root: the input is in
 * a->rbuf), result in a->rbuf at the root. Costs: p ranks, n bytes, α latency, β time per
 * byte, γ time per byte reduced. */
#include <stdlib.h>

#include "collectives/internal.h"
#include "simcore/simcore.h"
#include "smpi/p2p_api.h"

/* Receives the partial results of a node's children (smallest subtree first) into `tmp` and
 * folds them into `acc`, keeping rank order: a child covers ranks after the node's own. */
static int fold_children(const struct coll_args *a, const int *children, int n, void *acc,
                         void *tmp, bool commutative)
{
    int rc = MPI_SUCCESS;

    for (int i = 0; i < n && rc == MPI_SUCCESS; i++) {
        rc = smpi_recv(tmp, a->count, a->type, children[i], COLL_TAG_REDUCE, a->comm,
                       MPI_STATUS_IGNORE);
        if (rc != MPI_SUCCESS)
            break;
        if (commutative) {
            rc = smpi_op_apply(a->op, tmp, acc, a->count, a->type);
        } else {
            rc = smpi_op_apply(a->op, acc, tmp, a->count, a->type);
            if (rc == MPI_SUCCESS)
                rc = smpi_type_copy(tmp, a->count, a->type, acc, a->count, a->type);
        }
    }
    return rc;
}

/* Binomial tree: each rank combines the partial results of its children with its own input,
 * then sends the result to its parent. For a commutative op the tree is rooted at the root;
 * otherwise it is rooted at rank 0, where the children's blocks of ranks follow the parent's
 * in rank order, and rank 0 forwards the result to the root (MPICH's rule).
 * Reference: MPICH reduce_intra_binomial.c; Open MPI coll_base_reduce.c (binomial).
 * Cost: ceil(log2 p) (α + n β + n γ), plus α + n β for a non-commutative op and a root
 * other than 0. Needs: none. */
static int reduce_binomial(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    bool commutative = smpi_op_is_commutative(a->op);
    int troot = commutative ? a->root : 0;
    const void *in = a->sbuf == MPI_IN_PLACE ? a->rbuf : a->sbuf;
    int children[COLL_TREE_MAX_CHILDREN];
    int n = coll__tree_children(rank, troot, size, children);
    int parent = coll__tree_parent(rank, troot, size);
    void *acc = (void *)in;
    void *acc_block = NULL;
    void *tmp;
    void *tmp_block = NULL;
    int rc = MPI_SUCCESS;

    if (rank == a->root && rank == troot)
        acc = a->rbuf;
    else if (n > 0)
        acc_block = coll__tmp_alloc(a->count, a->type, &acc);
    if (acc != in)
        rc = smpi_type_copy(in, a->count, a->type, acc, a->count, a->type);
    if (n > 0) {
        tmp_block = coll__tmp_alloc(a->count, a->type, &tmp);
        if (rc == MPI_SUCCESS)
            rc = fold_children(a, children, n, acc, tmp, commutative);
    }
    if (rc == MPI_SUCCESS && parent >= 0)
        rc = smpi_send(acc, a->count, a->type, parent, COLL_TAG_REDUCE, a->comm);
    if (rc == MPI_SUCCESS && troot != a->root) {
        if (rank == troot)
            rc = smpi_send(acc, a->count, a->type, a->root, COLL_TAG_REDUCE, a->comm);
        else if (rank == a->root)
            rc = smpi_recv(a->rbuf, a->count, a->type, troot, COLL_TAG_REDUCE, a->comm,
                           MPI_STATUS_IGNORE);
    }
    free(tmp_block);
    free(acc_block);
    return rc;
}

/* Root-side body of the linear reduce: folds the inputs of ranks p-1 down to 0 into rbuf, so
 * the result is x0 op (x1 op (... op x(p-1))) for any op. `mine` is the root's own input. */
static int linear_fold_at_root(const struct coll_args *a, const void *mine, int size)
{
    void *tmp;
    void *tmp_block = coll__tmp_alloc(a->count, a->type, &tmp);
    int rc;

    if (size - 1 == a->root)
        rc = smpi_type_copy(mine, a->count, a->type, a->rbuf, a->count, a->type);
    else
        rc = smpi_recv(a->rbuf, a->count, a->type, size - 1, COLL_TAG_REDUCE, a->comm,
                       MPI_STATUS_IGNORE);
    for (int i = size - 2; i >= 0 && rc == MPI_SUCCESS; i--) {
        const void *src = mine;

        if (i != a->root) {
            rc = smpi_recv(tmp, a->count, a->type, i, COLL_TAG_REDUCE, a->comm,
                           MPI_STATUS_IGNORE);
            src = tmp;
        }
        if (rc == MPI_SUCCESS)
            rc = smpi_op_apply(a->op, src, a->rbuf, a->count, a->type);
    }
    free(tmp_block);
    return rc;
}

/* Linear: every rank sends its input to the root, which combines them in rank order.
 * Reference: Open MPI coll_base_reduce.c (basic_linear). Cost: (p - 1) (α + n β + n γ) at
 * the root. Needs: none (correct for non-commutative ops). */
static int reduce_ompi_basic_linear(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    void *mine_block = NULL;
    void *mine;
    int rc;

    if (rank != a->root)
        return smpi_send(a->sbuf, a->count, a->type, a->root, COLL_TAG_REDUCE, a->comm);
    if (a->sbuf == MPI_IN_PLACE) {
        /* rbuf is overwritten before the root's own input is used: keep a copy */
        mine_block = coll__tmp_alloc(a->count, a->type, &mine);
        rc = smpi_type_copy(a->rbuf, a->count, a->type, mine, a->count, a->type);
        if (rc == MPI_SUCCESS)
            rc = linear_fold_at_root(a, mine, size);
    } else {
        rc = linear_fold_at_root(a, a->sbuf, size);
    }
    free(mine_block);
    return rc;
}

const struct coll_algo coll_reduce_algos[] = {
    /* name                 needs  run                       help */
    { "binomial", 0, reduce_binomial,
      "binomial tree (non-commutative ops: tree at rank 0, then to the root)" },
    { "ompi_basic_linear", 0, reduce_ompi_basic_linear, "the root receives and folds in order" },
    { NULL, 0, NULL, NULL },
};
