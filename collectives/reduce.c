/* reduce: MPI_Reduce algorithms: SMPI 3.32's default pattern (smpi_linear) and its fourteen
 * algorithms (SimGrid 3.32 colls/reduce/), each sending SMPI's messages in SMPI's order with
 * SMPI's blocking structure, plus Rabenseifner's reduce and allreduce (coll__rab, which
 * allreduce.c shares). Input a->sbuf (MPI_IN_PLACE at the root: the input is in a->rbuf), result
 * in a->rbuf at the root; a->rbuf is never touched elsewhere. Where SMPI combines operands in
 * an order that is only right for commutative ops, the same messages carry the data and the
 * operands are combined in rank order. Costs: p ranks, n bytes, α latency, β time per byte,
 * γ time per byte reduced. This file holds the linear and binomial patterns and the table; the
 * other families are in reduce_chain.c, reduce_ompi.c, reduce_rsg.c and reduce_mvapich2.c. */

#include "collectives/reduce_impl.h"

/* ---- smpi_linear: SMPI's default pattern -------------------------------------------------- */

/* The root's fold of the linear pattern once every block is in: SMPI combines blocks[src]
 * into rbuf in increasing src order, which is rank order only for commutative ops. */
static int linear_fold(const struct coll_args *a, void **blocks, int size)
{
    int rc = MPI_SUCCESS;

    if (smpi_op_is_commutative(a->op)) {
        for (int src = 0; src < size && rc == MPI_SUCCESS; src++)
            if (src != a->root)
                rc = smpi_op_apply(a->op, blocks[src], a->rbuf, a->count, a->type);
        return rc;
    }
    blocks[a->root] = a->rbuf;
    rc =
        fold_in_order(a, a->count, (const void *const *)blocks, size, a->root != size - 1, a->rbuf);
    blocks[a->root] = NULL;
    return rc;
}

/* SMPI's default reduce (colls::ireduce + wait): every rank isends its input to the root,
 * which copies its own, posts one irecv per other rank in rank order, waits for all and
 * combines. Reference: SimGrid 3.32 colls/smpi_nbc_impl.cpp (colls::ireduce) and
 * smpi_default_selector.cpp (reduce__default, without its switch to ompi_basic_linear for
 * derived types and non-commutative ops, which is the selector's). Cost: (p - 1) α + (p - 1) n β
 * into the root, (p - 1) n γ. Needs: none. */
int coll__reduce_smpi_linear(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    struct reduce_tmps t;
    MPI_Request *reqs;
    int n = 0;
    int rc = MPI_SUCCESS;

    if (rank != a->root) {
        MPI_Request req;

        rc = smpi_isend(a->sbuf, a->count, a->type, a->root, TAG, a->comm, &req);
        return coll__waitall(1, &req, rc);
    }
    if (a->sbuf != MPI_IN_PLACE)
        rc = copy_n(a->sbuf, a->rbuf, a->count, a->type);
    tmps_init(&t, size);
    reqs = coll__reqs_alloc(size);
    for (int src = 0; src < size && rc == MPI_SUCCESS; src++) {
        if (src == a->root)
            continue;
        rc = smpi_irecv(tmps_alloc(&t, src, a), a->count, a->type, src, TAG, a->comm, &reqs[n++]);
    }
    rc = coll__waitall(n, reqs, rc);
    if (rc == MPI_SUCCESS)
        rc = linear_fold(a, t.base, size);
    tmps_free(&t);
    free(reqs);
    return rc;
}

/* ---- linear: ompi_basic_linear, flat_tree ------------------------------------------------- */

/* The root's side of the linear reduce: acc = x(p-1), then acc = x(i) op acc for i = p-2 down
 * to 0, receiving each x(i) in turn (rank order for any op). The root's own block is `own`;
 * when the root is rank p-1 it starts acc with a self sendrecv (flat_tree) or a copy. */
static int linear_root(const struct coll_args *a, const void *own, void *acc, bool self_sendrecv)
{
    int size = smpi_comm_size(a->comm);
    void *tmp = NULL;
    void *tmp_block = size > 1 ? coll__tmp_alloc(a->count, a->type, &tmp) : NULL;
    int rc;

    if (a->root != size - 1)
        rc = recv_from(acc, a->count, a, size - 1, TAG);
    else if (self_sendrecv)
        rc = smpi_sendrecv(own, a->count, a->type, a->root, TAG, acc, a->count, a->type, a->root,
                           TAG, a->comm, MPI_STATUS_IGNORE);
    else
        rc = copy_n(own, acc, a->count, a->type);
    for (int i = size - 2; i >= 0 && rc == MPI_SUCCESS; i--) {
        const void *in = own;

        if (i != a->root) {
            rc = recv_from(tmp, a->count, a, i, TAG);
            in = tmp;
        }
        if (rc == MPI_SUCCESS)
            rc = smpi_op_apply(a->op, in, acc, a->count, a->type);
    }
    free(tmp_block);
    return rc;
}

/* Linear reduce of both: non-roots send their input to the root (blocking), which receives
 * from p-1 down to 0 and folds. In place, the root folds into a temporary and copies back. */
static int linear_reduce(const struct coll_args *a, bool self_sendrecv)
{
    void *acc;
    void *acc_block;
    int rc;

    if (smpi_comm_rank(a->comm) != a->root)
        return send_to(a->sbuf, a->count, a, a->root, TAG);
    if (a->sbuf != MPI_IN_PLACE)
        return linear_root(a, a->sbuf, a->rbuf, self_sendrecv);
    acc_block = coll__tmp_alloc(a->count, a->type, &acc);
    rc = linear_root(a, a->rbuf, acc, self_sendrecv);
    if (rc == MPI_SUCCESS)
        rc = copy_n(acc, a->rbuf, a->count, a->type);
    free(acc_block);
    return rc;
}

/* Linear: every rank sends its input to the root, which receives and combines them from rank
 * p-1 down to 0. Reference: SimGrid 3.32 colls/reduce/reduce-ompi.cpp (basic_linear, from
 * Open MPI's coll_basic_reduce.c). Cost: (p - 1) (α + n β + n γ) at the root. Needs: none. */
int coll__reduce_ompi_basic_linear(const struct coll_args *a)
{
    return linear_reduce(a, false);
}

/* Flat tree: the linear reduce, the root taking its own block by a self sendrecv when it is
 * rank p-1; SMPI reads the MPI_IN_PLACE marker as data, here the root's block is used.
 * Reference: SimGrid 3.32 colls/reduce/reduce-flat-tree.cpp. Cost: (p - 1) (α + n β + n γ).
 * Needs: none. */
int coll__reduce_flat_tree(const struct coll_args *a)
{
    return linear_reduce(a, true);
}

/* ---- binomial ------------------------------------------------------------------------------ */

/* Binomial tree (MPICH's): relative rank r receives from r | mask for each low zero bit and
 * sends to r with that bit cleared. Commutative ops use the tree rooted at the root; others
 * the tree rooted at 0, whose children always hold later ranks, and rank 0 then sends the
 * result to the root. Reference: SimGrid 3.32 colls/reduce/reduce-binomial.cpp (MPICH's
 * reduce_intra_binomial.c). Cost: ceil(log2 p) (α + n β + n γ), plus α + n β for a
 * non-commutative op and a root other than 0. Needs: none. */
int coll__reduce_binomial(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    bool commutative = smpi_op_is_commutative(a->op);
    int lroot = commutative ? a->root : 0;
    int rel = (rank - lroot + size) % size;
    void *tmp;
    void *acc = a->rbuf;
    void *tmp_block;
    void *acc_block = NULL;
    int rc = MPI_SUCCESS;

    if (a->count == 0)
        return MPI_SUCCESS;
    tmp_block = coll__tmp_alloc(a->count, a->type, &tmp);
    if (rank != a->root)
        acc_block = coll__tmp_alloc(a->count, a->type, &acc);
    if (a->sbuf != MPI_IN_PLACE)
        rc = copy_n(a->sbuf, acc, a->count, a->type);
    for (int mask = 1; mask < size && rc == MPI_SUCCESS; mask <<= 1) {
        if (rel & mask) {
            rc = send_to(acc, a->count, a, ((rel & ~mask) + lroot) % size, TAG);
            break;
        }
        if ((rel | mask) >= size)
            continue;
        rc = recv_from(tmp, a->count, a, ((rel | mask) + lroot) % size, TAG);
        if (rc == MPI_SUCCESS && commutative) {
            rc = smpi_op_apply(a->op, tmp, acc, a->count, a->type);
        } else if (rc == MPI_SUCCESS) {
            rc = smpi_op_apply(a->op, acc, tmp, a->count, a->type);
            if (rc == MPI_SUCCESS)
                rc = copy_n(tmp, acc, a->count, a->type);
        }
    }
    if (rc == MPI_SUCCESS && !commutative && a->root != 0) {
        if (rank == 0)
            rc = send_to(acc, a->count, a, a->root, TAG);
        else if (rank == a->root)
            rc = recv_from(a->rbuf, a->count, a, 0, TAG);
    }
    free(acc_block);
    free(tmp_block);
    return rc;
}
