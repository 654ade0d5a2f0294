/* reduce_ompi: Open MPI's segmented tree reduce (coll_tuned_reduce.c's generic routine) on
 * its chain, pipeline, binary, binomial and in-order binary trees, as SMPI 3.32 runs them
 * (SimGrid 3.32 colls/reduce/reduce-ompi.cpp). */
#include "collectives/reduce_impl.h"

/* ---- Open MPI's segmented tree reduce ----------------------------------------------------- */

/* Open MPI's COLL_TUNED_COMPUTED_SEGCOUNT: elements per segment of `segsize` bytes, rounded to
 * the nearest element; the whole count when a segment would hold it (or less than one). */
static int ompi_segcount(size_t segsize, size_t typelng, int count)
{
    int segcount = count;

    if (segsize >= typelng && segsize < typelng * (size_t)count) {
        segcount = (int)(segsize / typelng);
        if (segsize - (size_t)segcount * typelng > typelng / 2)
            segcount++;
    }
    return segcount;
}

/* One node of the generic tree reduce. */
struct ompi_node {
    const struct coll_args *a; /* sbuf, rbuf and root as the generic reduce sees them */
    const struct coll_tree *t;
    int segcount;
    int nseg;
    bool direct;  /* commutative, not the in-place root: child 0 lands in the accumulator */
    bool ordered; /* non-commutative: fold own block and children's in rank order */
    const void *own;
    void *accum;
    void *inbuf[2];
    void *kids[2]; /* ordered: per segment parity, one segment per child */
    int order[COLL_TREE_MAX_FANOUT + 1];
};

static void *ompi_seg(const struct ompi_node *g, const void *buf, int seg)
{
    return elem(buf, (MPI_Aint)seg * g->segcount, g->a->type);
}

/* Where segment seg of child i lands: its own slot (ordered), the accumulator (child 0 when
 * direct), or the input buffer of this step. */
static void *ompi_landing(const struct ompi_node *g, int seg, int i, int inbi)
{
    if (g->ordered)
        return elem(g->kids[seg & 1], (MPI_Aint)i * g->segcount, g->a->type);
    if (i == 0 && g->direct)
        return ompi_seg(g, g->accum, seg);
    return g->inbuf[inbi];
}

/* Combines segment seg once every child's part has arrived, in rank order (ordered only). */
static int ompi_fold_segment(struct ompi_node *g, int seg, int n)
{
    const void *bufs[COLL_TREE_MAX_FANOUT + 1];
    int k = g->t->nextsize + 1;

    for (int j = 0; j < k; j++)
        bufs[j] = g->order[j] < 0
                      ? ompi_seg(g, g->own, seg)
                      : elem(g->kids[seg & 1], (MPI_Aint)g->order[j] * g->segcount, g->a->type);
    return fold_in_order(g->a, n, bufs, k, g->order[k - 1] >= 0, ompi_seg(g, g->accum, seg));
}

/* Step (seg, i) has waited for the previous receive (child i-1 of seg, or the last child of
 * seg-1 when i is 0) in inbuf[prev]: combine it as Open MPI does (own block folded in when
 * child 0 went straight to the accumulator), and once segment seg-1 is complete send it up. */
static int ompi_step(struct ompi_node *g, int seg, int i, int prev, int count, int prevcount)
{
    const struct coll_args *a = g->a;
    const void *in = g->inbuf[prev];
    int rc = MPI_SUCCESS;

    if (i > 0) {
        if (i == 1 && g->direct)
            in = ompi_seg(g, g->own, seg);
        if (!g->ordered)
            rc = smpi_op_apply(a->op, in, ompi_seg(g, g->accum, seg), count, a->type);
        return rc;
    }
    if (g->ordered)
        rc = ompi_fold_segment(g, seg - 1, prevcount);
    else {
        if (g->t->nextsize <= 1 && g->direct)
            in = ompi_seg(g, g->own, seg - 1);
        rc = smpi_op_apply(a->op, in, ompi_seg(g, g->accum, seg - 1), prevcount, a->type);
    }
    if (rc == MPI_SUCCESS && smpi_comm_rank(a->comm) != g->t->root)
        rc = send_to(ompi_seg(g, g->accum, seg - 1), prevcount, a, g->t->prev, TAG);
    return rc;
}

/* An inner node: for each segment and child, post the receive of (segment, child) and wait for
 * the previous one, so that one receive is always in flight while the previous is combined;
 * segment s goes up to the parent (blocking send) right after its last child's part. */
static int ompi_inner(struct ompi_node *g)
{
    const struct coll_args *a = g->a;
    MPI_Request reqs[2] = { MPI_REQUEST_NULL, MPI_REQUEST_NULL };
    int inbi = 0;
    int count = 0;
    int rc = MPI_SUCCESS;

    for (int seg = 0; seg <= g->nseg && rc == MPI_SUCCESS; seg++) {
        int prevcount = count;

        count = seg == g->nseg - 1 ? a->count - g->segcount * seg : g->segcount;
        for (int i = 0; i < g->t->nextsize && rc == MPI_SUCCESS; i++) {
            if (seg < g->nseg)
                rc = smpi_irecv(ompi_landing(g, seg, i, inbi), count, a->type, g->t->next[i], TAG,
                                a->comm, &reqs[inbi]);
            if (rc == MPI_SUCCESS)
                rc = smpi_waitall(1, &reqs[inbi ^ 1], MPI_STATUSES_IGNORE);
            if (rc == MPI_SUCCESS && (i > 0 || seg > 0))
                rc = ompi_step(g, seg, i, inbi ^ 1, count, prevcount);
            if (i == 0 && seg == g->nseg)
                break;
            inbi ^= 1;
        }
    }
    if (rc != MPI_SUCCESS)
        coll__waitall(2, reqs, rc);
    return rc;
}

/* Open MPI's generic segmented reduce over tree t (SMPI's smpi_coll_tuned_ompi_reduce_generic
 * with no limit on outstanding requests): leaves send their segments to the parent with
 * blocking sends; inner nodes receive segment by segment from each child, combine, and send
 * each completed segment up. Commutative ops are combined in Open MPI's order; others in rank
 * order (every algorithm that allows them keeps subtrees on consecutive ranks). */
static int ompi_generic(const struct coll_args *a, const struct coll_tree *t, int segcount)
{
    int rank = smpi_comm_rank(a->comm);
    struct ompi_node g = { .a = a, .t = t, .segcount = segcount };
    void *blocks[5] = { NULL, NULL, NULL, NULL, NULL };
    bool commutative = smpi_op_is_commutative(a->op);
    int rc = MPI_SUCCESS;

    g.nseg = (a->count + segcount - 1) / segcount;
    if (t->nextsize == 0) {
        for (int seg = 0; seg < g.nseg && rc == MPI_SUCCESS; seg++)
            rc = send_to(elem(a->sbuf, (MPI_Aint)seg * segcount, a->type),
                         seg == g.nseg - 1 ? a->count - seg * segcount : segcount, a, t->prev, TAG);
        return rc;
    }
    g.own = input_of(a);
    g.direct = commutative && !(a->sbuf == MPI_IN_PLACE && rank == t->root);
    g.ordered = !commutative;
    g.accum = a->rbuf;
    if (rank != a->root)
        blocks[0] = coll__tmp_alloc(a->count, a->type, &g.accum);
    if (g.ordered) {
        rank_order(rank, t->next, t->nextsize, g.order);
        blocks[1] = coll__tmp_alloc(segcount * t->nextsize, a->type, &g.kids[0]);
        blocks[2] = coll__tmp_alloc(segcount * t->nextsize, a->type, &g.kids[1]);
    } else {
        blocks[3] = coll__tmp_alloc(segcount, a->type, &g.inbuf[0]);
        if (g.nseg > 1 || t->nextsize > 1)
            blocks[4] = coll__tmp_alloc(segcount, a->type, &g.inbuf[1]);
    }
    rc = ompi_inner(&g);
    for (int i = 0; i < 5; i++)
        free(blocks[i]);
    return rc;
}

/* The tree shapes' preconditions for non-commutative ops: every subtree but the root's must
 * hold consecutive ranks, which the shifted trees lose when they wrap from rank p-1 to 0. */
static const char *check_ompi_chain_fanout(const struct coll_args *a, int fanout)
{
    int size = smpi_comm_size(a->comm);
    struct coll_tree t;

    if (smpi_op_is_commutative(a->op) || a->root == 0 || size < 2)
        return NULL;
    coll__tree_chain(&t, fanout, a->root, size, a->root);
    for (int i = 0; i < t.nextsize; i++)
        if (t.next[i] == 0)
            return NULL;
    return "a commutative op, or a root whose chains do not wrap from the last rank to rank 0";
}

const char *coll__reduce_check_ompi_chain(const struct coll_args *a)
{
    return check_ompi_chain_fanout(a, smpi_comm_size(a->comm) / 2);
}

const char *coll__reduce_check_ompi_pipeline(const struct coll_args *a)
{
    return check_ompi_chain_fanout(a, 1);
}

const char *coll__reduce_check_ompi_binary(const struct coll_args *a)
{
    if (smpi_op_is_commutative(a->op) || smpi_comm_size(a->comm) <= 3)
        return NULL;
    return "a commutative op, or at most 3 ranks";
}

const char *coll__reduce_check_ompi_binomial(const struct coll_args *a)
{
    if (smpi_op_is_commutative(a->op) || knomial_keeps_order(smpi_comm_size(a->comm), a->root, 2))
        return NULL;
    return "a commutative op, or a root r with size - r a power of two";
}

/* The tree reduces share their ends: nothing to do on zero elements (SMPI divides by zero),
 * a copy on one rank (SMPI sends to a parent that does not exist). */
static bool ompi_trivial(const struct coll_args *a, int *rc)
{
    if (a->count > 0 && smpi_comm_size(a->comm) > 1)
        return false;
    *rc = local_result(a);
    return true;
}

/* The tree reduces with segments of `segsize` bytes (0: one segment) on tree t, their ends
 * apart. */
static int ompi_tree_reduce(const struct coll_args *a, const struct coll_tree *t, size_t segsize)
{
    int rc;

    if (ompi_trivial(a, &rc))
        return rc;
    return ompi_generic(a, t, ompi_segcount(segsize, smpi_type_size(a->type), a->count));
}

/* Chain: size/2 chains (at most 32) hang from the root, 64 KiB segments pipelined along them.
 * Reference: SimGrid 3.32 colls/reduce/reduce-ompi.cpp (reduce__ompi_chain, after Open MPI's
 * coll_tuned_reduce.c). Cost: about (2p/f + s) (α + 64 KiB (β + γ)) for f chains and s
 * segments. Needs: see coll__reduce_check_ompi_chain for non-commutative ops. SMPI crashes on 0
 * elements and on one rank; here nothing is sent. */
int coll__reduce_ompi_chain(const struct coll_args *a)
{
    int size = smpi_comm_size(a->comm);
    struct coll_tree t;

    coll__tree_chain(&t, size / 2, smpi_comm_rank(a->comm), size, a->root);
    return ompi_tree_reduce(a, &t, 64 * 1024);
}

/* Pipeline: one chain from the root, segments of 1, 32 or 64 KiB by Open MPI's fitted
 * thresholds on p and n. Reference: SimGrid 3.32 colls/reduce/reduce-ompi.cpp
 * (reduce__ompi_pipeline). Cost: (p - 1 + s) (α + m (β + γ)) for s segments of m bytes.
 * Needs: root 0 or p-1 for a non-commutative op. SMPI crashes on 0 elements and one rank. */
int coll__reduce_ompi_pipeline(const struct coll_args *a)
{
    int size = smpi_comm_size(a->comm);
    size_t typelng = smpi_type_size(a->type);
    double bytes = (double)(typelng * (size_t)a->count);
    size_t segsize = 64 * 1024;
    struct coll_tree t;

    if (size > 0.0410 / 1024.0 * bytes + 9.7128)
        segsize = 1024;
    else if (size > 0.0033 / 1024.0 * bytes + 1.6761)
        segsize = 32 * 1024;
    coll__tree_chain(&t, 1, smpi_comm_rank(a->comm), size, a->root);
    return ompi_tree_reduce(a, &t, segsize);
}

/* Binary: a binary tree filled level by level from the root, 32 KiB segments. Reference:
 * SimGrid 3.32 colls/reduce/reduce-ompi.cpp (reduce__ompi_binary). Cost: about
 * 2 (log2 p + s) (α + 32 KiB (β + γ)). Needs: a commutative op above 3 ranks. SMPI crashes on
 * 0 elements and one rank. */
int coll__reduce_ompi_binary(const struct coll_args *a)
{
    int size = smpi_comm_size(a->comm);
    struct coll_tree t;

    coll__tree_kary(&t, 2, smpi_comm_rank(a->comm), size, a->root);
    return ompi_tree_reduce(a, &t, 32 * 1024);
}

/* Binomial: Open MPI's in-order binomial tree, unsegmented for small messages and 1 KiB
 * segments above Open MPI's fitted threshold. Reference: SimGrid 3.32
 * colls/reduce/reduce-ompi.cpp (reduce__ompi_binomial). Cost: log2 p (α + n (β + γ))
 * unsegmented. Needs: see coll__reduce_check_ompi_binomial for non-commutative ops. SMPI crashes on
 * 0 elements. */
int coll__reduce_ompi_binomial(const struct coll_args *a)
{
    int size = smpi_comm_size(a->comm);
    size_t typelng = smpi_type_size(a->type);
    size_t bytes = typelng * (size_t)a->count;
    size_t segsize = 0;
    struct coll_tree t;

    if (!((size < 8 && bytes < 20480) || bytes < 2048 || a->count <= 1) &&
        size > 0.6016 / 1024.0 * (double)bytes + 1.3496)
        segsize = 1024;
    coll__tree_in_order_bm(&t, smpi_comm_rank(a->comm), size, a->root);
    return ompi_tree_reduce(a, &t, segsize);
}

/* In-order binary: the in-order binary tree rooted at rank p-1, whose subtrees hold
 * consecutive ranks below their root, so any op is combined in order; rank p-1 then sends the
 * result to the root. Reference: SimGrid 3.32 colls/reduce/reduce-ompi.cpp
 * (reduce__ompi_in_order_binary). Cost: 2 log2 p (α + n (β + γ)), plus α + n β when the root
 * is not p-1. Needs: none. SMPI crashes on 0 elements and one rank. */
int coll__reduce_ompi_in_order_binary(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int io_root = size - 1;
    struct coll_args b = *a;
    struct coll_tree t;
    void *block = NULL;
    void *tmp = NULL;
    int rc;

    if (ompi_trivial(a, &rc))
        return rc;
    b.root = io_root;
    if (io_root != a->root && rank == a->root && a->sbuf == MPI_IN_PLACE) {
        block = coll__tmp_alloc(a->count, a->type, &tmp);
        rc = copy_n(a->rbuf, tmp, a->count, a->type);
        b.sbuf = tmp;
    } else if (io_root != a->root && rank == io_root) {
        block = coll__tmp_alloc(a->count, a->type, &tmp);
        b.rbuf = tmp;
    }
    coll__tree_in_order_bin(&t, rank, size);
    rc = ompi_generic(&b, &t, ompi_segcount(0, smpi_type_size(a->type), a->count));
    if (rc == MPI_SUCCESS && io_root != a->root && rank == a->root)
        rc = recv_from(a->rbuf, a->count, a, io_root, TAG);
    else if (rc == MPI_SUCCESS && io_root != a->root && rank == io_root)
        rc = send_to(tmp, a->count, a, a->root, TAG);
    free(block);
    return rc;
}
