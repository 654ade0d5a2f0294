/* reduce: MPI_Reduce algorithms: SMPI 3.32's default pattern (smpi_linear) and its fourteen
 * algorithms (SimGrid 3.32 colls/reduce/), each sending SMPI's messages in SMPI's order with
 * SMPI's blocking structure, plus Rabenseifner's reduce and allreduce (coll__rab, which
 * allreduce.c shares). Input a->sbuf (MPI_IN_PLACE at the root: the input is in a->rbuf), result
 * in a->rbuf at the root; a->rbuf is never touched elsewhere. Where SMPI combines operands in
 * an order that is only right for commutative ops, the same messages carry the data and the
 * operands are combined in rank order. Costs: p ranks, n bytes, α latency, β time per byte,
 * γ time per byte reduced. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "collectives/internal.h"
#include "simcore/simcore.h"
#include "smpi/p2p_api.h"

#define TAG COLL_TAG_REDUCE

/* ---- shared pieces ------------------------------------------------------------------------ */

/* The calling rank's input: the send buffer, or the receive buffer at an in-place root. */
static const void *input_of(const struct coll_args *a)
{
    return a->sbuf == MPI_IN_PLACE ? a->rbuf : a->sbuf;
}

static char *elem(const void *buf, MPI_Aint i, MPI_Datatype type)
{
    return coll__elem(buf, i, type);
}

static int copy_n(const void *src, void *dst, int n, MPI_Datatype type)
{
    return smpi_type_copy(src, n, type, dst, n, type);
}

/* The result when nothing needs to travel (one rank): the root's own input. */
static int local_result(const struct coll_args *a)
{
    if (a->sbuf == MPI_IN_PLACE || a->count == 0)
        return MPI_SUCCESS;
    return copy_n(a->sbuf, a->rbuf, a->count, a->type);
}

static int send_to(const void *buf, int n, const struct coll_args *a, int dst, int tag)
{
    return smpi_send(buf, n, a->type, dst, tag, a->comm);
}

static int recv_from(void *buf, int n, const struct coll_args *a, int src, int tag)
{
    return smpi_recv(buf, n, a->type, src, tag, a->comm, MPI_STATUS_IGNORE);
}

/* A copy of a with other buffers, root and communicator: how an algorithm runs another on a
 * part of the data or on a sub-communicator. */
static int run_on(coll_fn *fn, const struct coll_args *a, const void *in, void *out, int count,
                  int root, MPI_Comm comm)
{
    struct coll_args b = *a;

    b.sbuf = in;
    b.rbuf = out;
    b.count = count;
    b.root = root;
    b.comm = comm;
    return fn(&b);
}

/* SMPI's reduce__default as its algorithms call it by name (NTSL and arrival_pattern_aware
 * for their remainders), and reduce__mpich (the mvapich2 two-level reduce when the mvapich2
 * selector has not chosen): whatever the registry's selectors of those names pick. */
static int reduce_default(const struct coll_args *a)
{
    return coll__call(COLL_REDUCE, "default", a);
}

static int reduce_mpich(const struct coll_args *a)
{
    return coll__call(COLL_REDUCE, "mpich", a);
}

/* bufs[0] op bufs[1] op ... op bufs[n-1] into out, each holding count elements. The fold runs
 * from the right: into bufs[n-1] when it is scratch (then copied to out), else into out (after
 * copying bufs[n-1] there), so out may alias bufs[n-1], or any buffer when the last is
 * scratch. The other buffers are only read. */
static int fold_in_order(const struct coll_args *a, int count, const void *const *bufs, int n,
                         bool last_is_scratch, void *out)
{
    void *acc = last_is_scratch ? (void *)bufs[n - 1] : out;
    int rc = MPI_SUCCESS;

    if (acc != bufs[n - 1])
        rc = copy_n(bufs[n - 1], acc, count, a->type);
    for (int i = n - 2; i >= 0 && rc == MPI_SUCCESS; i--)
        rc = smpi_op_apply(a->op, bufs[i], acc, count, a->type);
    if (rc == MPI_SUCCESS && acc != out)
        rc = copy_n(acc, out, count, a->type);
    return rc;
}

/* order[0..n] := the indices of the n children and -1 (the node itself, rank self) sorted by
 * rank: the order a non-commutative op must combine them in when every child's subtree holds
 * consecutive ranks. */
static void rank_order(int self, const int *children, int n, int *order)
{
    for (int i = -1; i < n; i++) {
        int r = i < 0 ? self : children[i];
        int j = i + 1;

        while (j > 0 && (order[j - 1] < 0 ? self : children[order[j - 1]]) > r) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
}

/* The k-nomial trees of the reduces below (k = 2: Open MPI's in-order binomial tree) hang the
 * subtree of relative rank v over [v, v + k^level) of the ranks shifted by the root. A
 * non-commutative op can be folded in rank order when no subtree but the root's wraps from
 * rank p - 1 to rank 0: when rank 0's relative rank p - root has one non-zero digit in base k. */
static bool knomial_keeps_order(int size, int root, int k)
{
    int q = size - root;

    if (root == 0)
        return true;
    while (q % k == 0)
        q /= k;
    return q < k;
}

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
static int reduce_smpi_linear(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    void **blocks;
    void **owned;
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
    blocks = sim_xcalloc((size_t)size, sizeof(*blocks));
    owned = sim_xcalloc((size_t)size, sizeof(*owned));
    reqs = coll__reqs_alloc(size);
    for (int src = 0; src < size && rc == MPI_SUCCESS; src++) {
        if (src == a->root)
            continue;
        owned[src] = coll__tmp_alloc(a->count, a->type, &blocks[src]);
        rc = smpi_irecv(blocks[src], a->count, a->type, src, TAG, a->comm, &reqs[n++]);
    }
    rc = coll__waitall(n, reqs, rc);
    if (rc == MPI_SUCCESS)
        rc = linear_fold(a, blocks, size);
    for (int src = 0; src < size; src++)
        free(owned[src]);
    free(reqs);
    free(owned);
    free(blocks);
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
static int reduce_ompi_basic_linear(const struct coll_args *a)
{
    return linear_reduce(a, false);
}

/* Flat tree: the linear reduce, the root taking its own block by a self sendrecv when it is
 * rank p-1; SMPI reads the MPI_IN_PLACE marker as data, here the root's block is used.
 * Reference: SimGrid 3.32 colls/reduce/reduce-flat-tree.cpp. Cost: (p - 1) (α + n β + n γ).
 * Needs: none. */
static int reduce_flat_tree(const struct coll_args *a)
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
static int reduce_binomial(const struct coll_args *a)
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

/* ---- NTSL and arrival_pattern_aware: pipelined chains ------------------------------------- */

#define PIPE_SEGMENT_BYTES 8192

/* Elements per pipeline segment of NTSL and arrival_pattern_aware (SMPI divides 8192 bytes by
 * the extent, and divides by the result). */
static const char *check_segment(const struct coll_args *a)
{
    MPI_Aint extent = smpi_type_extent(a->type);

    if (extent < 1 || extent > PIPE_SEGMENT_BYTES)
        return "a datatype extent of 1 to 8192 bytes";
    return NULL;
}

/* NTSL's chain passes the partial result from rank root-1 down to rank root+1 and on to the
 * root: rank order holds when that chain does not wrap, at root 0 or p-1. */
static const char *check_ntsl(const struct coll_args *a)
{
    int size = smpi_comm_size(a->comm);

    if (!smpi_op_is_commutative(a->op) && a->root != 0 && a->root != size - 1)
        return "a commutative op, or root 0 or the last rank";
    return check_segment(a);
}

/* One chain step of NTSL on a segment: acc = upstream op acc as SMPI does, or, for a
 * non-commutative op, in rank order (the upstream ranks follow the node's own, except at root
 * p-1 where they precede it). */
static int chain_combine(const struct coll_args *a, void *up, void *acc, int n, bool up_first)
{
    int rc;

    if (up_first || smpi_op_is_commutative(a->op))
        return smpi_op_apply(a->op, up, acc, n, a->type);
    rc = smpi_op_apply(a->op, acc, up, n, a->type);
    if (rc == MPI_SUCCESS)
        rc = copy_n(up, acc, n, a->type);
    return rc;
}

/* The part of a reduce that NTSL and arrival_pattern_aware leave to reduce__default: the last
 * `rem` elements, from element `off` of the input `in` (SMPI adds the offset to the
 * MPI_IN_PLACE marker at an in-place root; here the root's block is used, in place in rbuf or
 * from a copy). */
static int reduce_remainder(const struct coll_args *a, const void *in, void *acc, int off, int rem)
{
    return run_on(reduce_default, a, in == MPI_IN_PLACE ? in : elem(in, off, a->type),
                  elem(acc, off, a->type), rem, a->root, a->comm);
}

/* The tag of NTSL's segment i: one per segment as SMPI's tag + i (collectives.h); they repeat
 * after 2^16 segments, which the in-order matching of one sender's messages keeps apart. */
static int ntsl_tag(int i)
{
    return COLL_TAG_SEGMENT - (i & 0xffff);
}

/* NTSL's pipeline: all segments' irecvs first, then per segment wait, combine and isend it on;
 * the last rank of the chain only isends, the root only receives. */
static int ntsl_pipeline(const struct coll_args *a, void *acc, void *tmp, int segment, int pipe)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    bool last = rank == (a->root - 1 + size) % size;
    bool up_first = rank == a->root && a->root == size - 1;
    MPI_Request *rreqs = coll__reqs_alloc(pipe);
    MPI_Request *sreqs = coll__reqs_alloc(pipe);
    int rc = MPI_SUCCESS;

    for (int i = 0; i < pipe && !last && rc == MPI_SUCCESS; i++)
        rc = smpi_irecv(elem(tmp, (MPI_Aint)i * segment, a->type), segment, a->type,
                        (rank + 1) % size, ntsl_tag(i), a->comm, &rreqs[i]);
    for (int i = 0; i < pipe && rc == MPI_SUCCESS; i++) {
        void *seg = elem(acc, (MPI_Aint)i * segment, a->type);

        if (!last) {
            rc = smpi_wait(&rreqs[i], MPI_STATUS_IGNORE);
            if (rc == MPI_SUCCESS)
                rc = chain_combine(a, elem(tmp, (MPI_Aint)i * segment, a->type), seg, segment,
                                   up_first);
        }
        if (rc == MPI_SUCCESS && rank != a->root)
            rc = smpi_isend(seg, segment, a->type, (rank - 1 + size) % size, ntsl_tag(i), a->comm,
                            &sreqs[i]);
    }
    if (rank != a->root)
        rc = coll__waitall(pipe, sreqs, rc);
    if (rc != MPI_SUCCESS)
        coll__waitall(pipe, rreqs, rc);
    free(sreqs);
    free(rreqs);
    return rc;
}

/* NTSL (non-topology-specific linear): a chain root-1 -> root-2 -> ... -> root+1 -> root,
 * each rank combining what it receives with its own block and passing it on; above one 8 KiB
 * segment the chain is pipelined per segment (nonblocking), and the elements beyond the last
 * whole segment go through reduce__default. Reference: SimGrid 3.32
 * colls/reduce/reduce-NTSL.cpp. Cost: (p - 1 + s) (α + 8 KiB β) for s segments, plus the
 * remainder's reduce. Needs: a commutative op unless the root is 0 or p-1; an extent of at
 * most 8 KiB. SMPI deadlocks on one rank (its root waits for itself); here one rank copies. */
static int reduce_ntsl(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int segment = PIPE_SEGMENT_BYTES / (int)smpi_type_extent(a->type);
    bool up_first = rank == a->root && a->root == size - 1;
    void *acc = a->rbuf;
    void *tmp;
    void *acc_block = NULL;
    void *tmp_block;
    int rc;

    if (size == 1)
        return local_result(a);
    tmp_block = coll__tmp_alloc(a->count, a->type, &tmp);
    if (rank != a->root)
        acc_block = coll__tmp_alloc(a->count, a->type, &acc);
    rc = smpi_sendrecv(input_of(a), a->count, a->type, rank, TAG, acc, a->count, a->type, rank, TAG,
                       a->comm, MPI_STATUS_IGNORE);
    if (rc == MPI_SUCCESS && a->count <= segment) {
        if (rank != (a->root - 1 + size) % size) {
            rc = recv_from(tmp, a->count, a, (rank + 1) % size, TAG);
            if (rc == MPI_SUCCESS)
                rc = chain_combine(a, tmp, acc, a->count, up_first);
        }
        if (rc == MPI_SUCCESS && rank != a->root)
            rc = send_to(acc, a->count, a, (rank - 1 + size) % size, TAG);
    } else if (rc == MPI_SUCCESS) {
        rc = ntsl_pipeline(a, acc, tmp, segment, a->count / segment);
        if (rc == MPI_SUCCESS && a->count % segment != 0)
            rc =
                reduce_remainder(a, a->sbuf, acc, a->count / segment * segment, a->count % segment);
    }
    free(acc_block);
    free(tmp_block);
    return rc;
}

/* arrival_pattern_aware: SMPI's arrays hold 1024 ranks; its header is 1024 ints. */
#define ARRIVAL_MAX_RANKS 1024
#define ARRIVAL_HEADER_INTS 1024
/* Its messages carry a non-negative tag so that rank 0's MPI_ANY_TAG probes see them. */
#define ARRIVAL_TAG (-COLL_TAG_REDUCE)
#define ARRIVAL_POLL_SLEEP 0.0001

static const char *check_arrival(const struct coll_args *a)
{
    if (smpi_comm_size(a->comm) > ARRIVAL_MAX_RANKS)
        return "at most 1024 ranks";
    return check_segment(a);
}

/* Rank 0's bookkeeping in arrival_pattern_aware: which ranks have announced themselves. */
struct arrival {
    const struct coll_args *a;
    void *acc;
    void *tmp;
    int segment;
    int pipe;
    int *header;
    char *flag;     /* a probe found rank i's announcement */
    char *received; /* rank i's announcement was taken and i put in a header */
};

/* Rank 0 takes rank i's one-byte announcement. */
static int arrival_take(const struct arrival *x, int i)
{
    char byte;

    return smpi_recv(&byte, 1, MPI_CHAR, i, ARRIVAL_TAG, x->a->comm, MPI_STATUS_IGNORE);
}

/* Rank 0's probes of one round, over the ranks not yet served: small messages sleep 0.1 ms
 * after each probe and take the announcements afterwards; pipelined, an announcement found is
 * taken at once and the scan goes on from rank 2 (SMPI resets its index to 1). */
static int arrival_probe(struct arrival *x, bool pipelined)
{
    int size = smpi_comm_size(x->a->comm);
    int rc = MPI_SUCCESS;

    for (int i = 1; i < size && rc == MPI_SUCCESS; i++) {
        int flag;

        if (x->received[i] || (pipelined && x->flag[i]))
            continue;
        rc = smpi_iprobe(i, MPI_ANY_TAG, x->a->comm, &flag, MPI_STATUS_IGNORE);
        x->flag[i] = (char)flag;
        if (!pipelined) {
            smpi_sleep_for(ARRIVAL_POLL_SLEEP);
        } else if (flag && rc == MPI_SUCCESS) {
            rc = arrival_take(x, i);
            i = 1;
        }
    }
    return rc;
}

/* Rank 0, one round: probe, put the ranks heard from in a header (rank order), send it to the
 * first of them and combine the group's partial result, received from the last. Sets *served
 * to the number of ranks the round took. */
static int arrival_round(struct arrival *x, bool pipelined, int *served)
{
    const struct coll_args *a = x->a;
    int size = smpi_comm_size(a->comm);
    int pipe = pipelined ? x->pipe : 1;
    int len = pipelined ? x->segment : a->count;
    int n = 0;
    int rc = arrival_probe(x, pipelined);

    for (int i = 1; i < size && rc == MPI_SUCCESS; i++) {
        if (!x->flag[i] || x->received[i])
            continue;
        if (!pipelined)
            rc = arrival_take(x, i);
        x->received[i] = 1;
        x->header[n++] = i;
    }
    *served = n;
    if (n == 0 || rc != MPI_SUCCESS)
        return rc;
    x->header[n] = -1;
    rc = smpi_send(x->header, ARRIVAL_HEADER_INTS, MPI_INT, x->header[0], ARRIVAL_TAG, a->comm);
    for (int s = 0; s < pipe && rc == MPI_SUCCESS; s++) {
        MPI_Aint off = (MPI_Aint)s * len;

        rc = recv_from(elem(x->tmp, off, a->type), len, a, x->header[n - 1], ARRIVAL_TAG);
        if (rc == MPI_SUCCESS)
            rc = smpi_op_apply(a->op, elem(x->tmp, off, a->type), elem(x->acc, off, a->type), len,
                               a->type);
    }
    return rc;
}

/* A member's header: received with a blocking recv (small) or irecv + wait (pipelined), from
 * whichever rank sends it; returns the member's position in it in *me. */
static int arrival_header(struct arrival *x, bool pipelined, int *me)
{
    const struct coll_args *a = x->a;
    int rank = smpi_comm_rank(a->comm);
    MPI_Request req;
    int rc;

    if (pipelined) {
        rc = smpi_irecv(x->header, ARRIVAL_HEADER_INTS, MPI_INT, MPI_ANY_SOURCE, ARRIVAL_TAG,
                        a->comm, &req);
        if (rc == MPI_SUCCESS)
            rc = smpi_wait(&req, MPI_STATUS_IGNORE);
    } else {
        rc = smpi_recv(x->header, ARRIVAL_HEADER_INTS, MPI_INT, MPI_ANY_SOURCE, ARRIVAL_TAG,
                       a->comm, MPI_STATUS_IGNORE);
    }
    *me = 0;
    while (rc == MPI_SUCCESS && *me < ARRIVAL_HEADER_INTS - 1 && x->header[*me] != rank)
        (*me)++;
    return rc;
}

/* A pipelined member: receives the segments from `from` (none for the first of a group),
 * combining each as it arrives and isending it on to `to`, then waits for the sends. */
static int arrival_pipe(struct arrival *x, int from, int to)
{
    const struct coll_args *a = x->a;
    MPI_Request *sreqs = coll__reqs_alloc(x->pipe);
    MPI_Request *rreqs = coll__reqs_alloc(x->pipe);
    int rc = MPI_SUCCESS;

    for (int s = 0; s < x->pipe && from >= 0 && rc == MPI_SUCCESS; s++)
        rc = smpi_irecv(elem(x->tmp, (MPI_Aint)s * x->segment, a->type), x->segment, a->type, from,
                        ARRIVAL_TAG, a->comm, &rreqs[s]);
    for (int s = 0; s < x->pipe && rc == MPI_SUCCESS; s++) {
        MPI_Aint off = (MPI_Aint)s * x->segment;

        if (from >= 0) {
            rc = smpi_wait(&rreqs[s], MPI_STATUS_IGNORE);
            if (rc == MPI_SUCCESS)
                rc = smpi_op_apply(a->op, elem(x->tmp, off, a->type), elem(x->acc, off, a->type),
                                   x->segment, a->type);
        }
        if (rc == MPI_SUCCESS)
            rc = smpi_isend(elem(x->acc, off, a->type), x->segment, a->type, to, ARRIVAL_TAG,
                            a->comm, &sreqs[s]);
    }
    rc = coll__waitall(x->pipe, sreqs, rc);
    if (rc != MPI_SUCCESS)
        coll__waitall(x->pipe, rreqs, rc);
    free(rreqs);
    free(sreqs);
    return rc;
}

/* A rank other than 0: announce itself, wait for a header, forward it to the next rank of the
 * group, then combine what the previous one sends (if any) and send the result on, to the next
 * rank or back to rank 0. */
static int arrival_member(struct arrival *x, bool pipelined)
{
    const struct coll_args *a = x->a;
    char byte = 0;
    int me = 0;
    int from;
    int to;
    int rc = smpi_send(&byte, 1, MPI_CHAR, 0, ARRIVAL_TAG, a->comm);

    if (rc == MPI_SUCCESS)
        rc = arrival_header(x, pipelined, &me);
    if (rc != MPI_SUCCESS)
        return rc;
    to = x->header[me + 1] == -1 ? 0 : x->header[me + 1];
    from = me > 0 ? x->header[me - 1] : -1;
    if (x->header[me + 1] != -1)
        rc = smpi_send(x->header, ARRIVAL_HEADER_INTS, MPI_INT, to, ARRIVAL_TAG, a->comm);
    if (rc == MPI_SUCCESS && pipelined)
        return arrival_pipe(x, from, to);
    if (rc == MPI_SUCCESS && from >= 0) {
        rc = recv_from(x->tmp, a->count, a, from, ARRIVAL_TAG);
        if (rc == MPI_SUCCESS)
            rc = smpi_op_apply(a->op, x->tmp, x->acc, a->count, a->type);
    }
    if (rc == MPI_SUCCESS)
        rc = send_to(x->acc, a->count, a, to, ARRIVAL_TAG);
    return rc;
}

/* Arrival-pattern-aware reduce: every rank announces itself to rank 0 with one byte; rank 0
 * polls with MPI_ANY_TAG probes and, each round, chains the ranks heard from into a group by a
 * header message passed along it; the group's partial result flows along the chain back to
 * rank 0 (pipelined per 8 KiB segment above one segment). Rank 0 sends the result to the root;
 * the elements beyond the last whole segment go through reduce__default. Reference: SimGrid
 * 3.32 colls/reduce/reduce-arrival-pattern-aware.cpp. Cost: depends on arrival times; at least
 * (p - 1) (α + n β + n γ) along the chains plus the polling. Needs: a commutative op (groups
 * form in arrival order), at most 1024 ranks, an extent of at most 8 KiB. */
static int reduce_arrival_pattern_aware(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    struct arrival x = { .a = a, .acc = a->rbuf };
    void *acc_block = NULL;
    void *tmp_block = coll__tmp_alloc(a->count, a->type, &x.tmp);
    void *in_block = NULL;
    void *in = (void *)a->sbuf;
    bool pipelined;
    int rem;
    int rc;

    x.segment = PIPE_SEGMENT_BYTES / (int)smpi_type_extent(a->type);
    x.pipe = a->count / x.segment;
    rem = a->count % x.segment;
    pipelined = a->count > x.segment;
    if (rank != a->root)
        acc_block = coll__tmp_alloc(a->count, a->type, &x.acc);
    x.header = sim_xcalloc(ARRIVAL_HEADER_INTS, sizeof(int));
    if (rank == 0) {
        x.flag = sim_xcalloc((size_t)size, 1);
        x.received = sim_xcalloc((size_t)size, 1);
    }
    rc = smpi_sendrecv(input_of(a), a->count, a->type, rank, ARRIVAL_TAG, x.acc, a->count, a->type,
                       rank, ARRIVAL_TAG, a->comm, MPI_STATUS_IGNORE);
    for (int done = 0, n; rank == 0 && done < size - 1 && rc == MPI_SUCCESS; done += n)
        rc = arrival_round(&x, pipelined, &n);
    if (rank != 0 && rc == MPI_SUCCESS)
        rc = arrival_member(&x, pipelined);
    if (rc == MPI_SUCCESS && pipelined && rem > 0 && a->sbuf == MPI_IN_PLACE && rank != 0) {
        /* rank 0's message below overwrites the in-place root's own remainder */
        in_block = coll__tmp_alloc(a->count, a->type, &in);
        rc = copy_n(elem(a->rbuf, x.pipe * x.segment, a->type),
                    elem(in, x.pipe * x.segment, a->type), rem, a->type);
    }
    if (rc == MPI_SUCCESS && a->root != 0 && rank == 0)
        rc = send_to(x.acc, a->count, a, a->root, ARRIVAL_TAG);
    else if (rc == MPI_SUCCESS && a->root != 0 && rank == a->root)
        rc = recv_from(a->rbuf, a->count, a, 0, ARRIVAL_TAG);
    if (rc == MPI_SUCCESS && pipelined && rem > 0)
        rc = reduce_remainder(a, in, x.acc, x.pipe * x.segment, rem);
    free(in_block);
    free(x.received);
    free(x.flag);
    free(x.header);
    free(acc_block);
    free(tmp_block);
    return rc;
}

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

static const char *check_ompi_chain(const struct coll_args *a)
{
    return check_ompi_chain_fanout(a, smpi_comm_size(a->comm) / 2);
}

static const char *check_ompi_pipeline(const struct coll_args *a)
{
    return check_ompi_chain_fanout(a, 1);
}

static const char *check_ompi_binary(const struct coll_args *a)
{
    if (smpi_op_is_commutative(a->op) || smpi_comm_size(a->comm) <= 3)
        return NULL;
    return "a commutative op, or at most 3 ranks";
}

static const char *check_ompi_binomial(const struct coll_args *a)
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

/* Chain: size/2 chains (at most 32) hang from the root, 64 KiB segments pipelined along them.
 * Reference: SimGrid 3.32 colls/reduce/reduce-ompi.cpp (reduce__ompi_chain, after Open MPI's
 * coll_tuned_reduce.c). Cost: about (2p/f + s) (α + 64 KiB (β + γ)) for f chains and s
 * segments. Needs: see check_ompi_chain for non-commutative ops. SMPI crashes on 0 elements
 * and on one rank; here nothing is sent. */
static int reduce_ompi_chain(const struct coll_args *a)
{
    int size = smpi_comm_size(a->comm);
    struct coll_tree t;
    int rc;

    if (ompi_trivial(a, &rc))
        return rc;
    coll__tree_chain(&t, size / 2, smpi_comm_rank(a->comm), size, a->root);
    return ompi_generic(a, &t, ompi_segcount(64 * 1024, smpi_type_size(a->type), a->count));
}

/* Pipeline: one chain from the root, segments of 1, 32 or 64 KiB by Open MPI's fitted
 * thresholds on p and n. Reference: SimGrid 3.32 colls/reduce/reduce-ompi.cpp
 * (reduce__ompi_pipeline). Cost: (p - 1 + s) (α + m (β + γ)) for s segments of m bytes.
 * Needs: root 0 or p-1 for a non-commutative op. SMPI crashes on 0 elements and one rank. */
static int reduce_ompi_pipeline(const struct coll_args *a)
{
    int size = smpi_comm_size(a->comm);
    size_t typelng = smpi_type_size(a->type);
    double bytes = (double)(typelng * (size_t)a->count);
    size_t segsize = 64 * 1024;
    struct coll_tree t;
    int rc;

    if (ompi_trivial(a, &rc))
        return rc;
    if (size > 0.0410 / 1024.0 * bytes + 9.7128)
        segsize = 1024;
    else if (size > 0.0033 / 1024.0 * bytes + 1.6761)
        segsize = 32 * 1024;
    coll__tree_chain(&t, 1, smpi_comm_rank(a->comm), size, a->root);
    return ompi_generic(a, &t, ompi_segcount(segsize, typelng, a->count));
}

/* Binary: a binary tree filled level by level from the root, 32 KiB segments. Reference:
 * SimGrid 3.32 colls/reduce/reduce-ompi.cpp (reduce__ompi_binary). Cost: about
 * 2 (log2 p + s) (α + 32 KiB (β + γ)). Needs: a commutative op above 3 ranks. SMPI crashes on
 * 0 elements and one rank. */
static int reduce_ompi_binary(const struct coll_args *a)
{
    int size = smpi_comm_size(a->comm);
    struct coll_tree t;
    int rc;

    if (ompi_trivial(a, &rc))
        return rc;
    coll__tree_kary(&t, 2, smpi_comm_rank(a->comm), size, a->root);
    return ompi_generic(a, &t, ompi_segcount(32 * 1024, smpi_type_size(a->type), a->count));
}

/* Binomial: Open MPI's in-order binomial tree, unsegmented for small messages and 1 KiB
 * segments above Open MPI's fitted threshold. Reference: SimGrid 3.32
 * colls/reduce/reduce-ompi.cpp (reduce__ompi_binomial). Cost: log2 p (α + n (β + γ))
 * unsegmented. Needs: see check_ompi_binomial for non-commutative ops. SMPI crashes on 0
 * elements. */
static int reduce_ompi_binomial(const struct coll_args *a)
{
    int size = smpi_comm_size(a->comm);
    size_t typelng = smpi_type_size(a->type);
    size_t bytes = typelng * (size_t)a->count;
    size_t segsize = 0;
    struct coll_tree t;
    int rc;

    if (ompi_trivial(a, &rc))
        return rc;
    if (!((size < 8 && bytes < 20480) || bytes < 2048 || a->count <= 1) &&
        size > 0.6016 / 1024.0 * (double)bytes + 1.3496)
        segsize = 1024;
    coll__tree_in_order_bm(&t, smpi_comm_rank(a->comm), size, a->root);
    return ompi_generic(a, &t, ompi_segcount(segsize, typelng, a->count));
}

/* In-order binary: the in-order binary tree rooted at rank p-1, whose subtrees hold
 * consecutive ranks below their root, so any op is combined in order; rank p-1 then sends the
 * result to the root. Reference: SimGrid 3.32 colls/reduce/reduce-ompi.cpp
 * (reduce__ompi_in_order_binary). Cost: 2 log2 p (α + n (β + γ)), plus α + n β when the root
 * is not p-1. Needs: none. SMPI crashes on 0 elements and one rank. */
static int reduce_ompi_in_order_binary(const struct coll_args *a)
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

/* ---- scatter_gather: MPICH's reduce-scatter then gather ------------------------------------ */

/* One call of the reduce-scatter/gather reduce. Blocks [disps[i], disps[i+1]) of the n
 * elements are reduced by recursive halving over the pof2 ranks left after folding the first
 * 2 rem ranks in pairs (the even one keeps the pair's data), then gathered to the root along a
 * binomial tree. */
struct rsg {
    const struct coll_args *a;
    int rank;
    int pof2;
    int rem;
    int newrank;
    int n;      /* elements reduced: count, or the size when count is smaller (padded) */
    void *work; /* the running result */
    void *tmp;
    int *disps; /* pof2 + 1 entries */
    int send_idx;
    int last_idx;
};

static int rsg_span(const struct rsg *x, int from, int to)
{
    return x->disps[to] - x->disps[from];
}

static void *rsg_at(const struct rsg *x, void *buf, int block)
{
    return elem(buf, x->disps[block], x->a->type);
}

/* work[off..off+n) = tmp op work (SMPI's order), or in rank order when the partner's data
 * (tmp) comes from later ranks and the op is not commutative. */
static int rsg_combine(const struct rsg *x, MPI_Aint off, int n, bool partner_first)
{
    const struct coll_args *a = x->a;
    void *in = elem(x->tmp, off, a->type);
    void *acc = elem(x->work, off, a->type);
    int rc;

    if (partner_first || smpi_op_is_commutative(a->op))
        return smpi_op_apply(a->op, in, acc, n, a->type);
    rc = smpi_op_apply(a->op, acc, in, n, a->type);
    if (rc == MPI_SUCCESS)
        rc = copy_n(in, acc, n, a->type);
    return rc;
}

/* The first 2 rem ranks fold in pairs: the odd one sends all n elements, the even one receives
 * `count` of them. Padded, that receive is short and SMPI aborts; the check refuses this case
 * for the forced algorithm, but a selector (SMPI's reduce__mpich) may still call it so: the
 * truncation is then ignored and the real elements combined. */
static int rsg_pairs(struct rsg *x)
{
    const struct coll_args *a = x->a;
    int rc;

    if (x->rank >= 2 * x->rem) {
        x->newrank = x->rank - x->rem;
        return MPI_SUCCESS;
    }
    if (x->rank % 2) {
        x->newrank = -1;
        return send_to(x->work, x->n, a, x->rank - 1, TAG);
    }
    x->newrank = x->rank / 2;
    rc = recv_from(x->tmp, a->count, a, x->rank + 1, TAG);
    if (rc == MPI_ERR_TRUNCATE)
        rc = MPI_SUCCESS;
    if (rc == MPI_SUCCESS)
        rc = rsg_combine(x, 0, x->n, false);
    return rc;
}

/* Recursive halving: at distance mask, keep one half of the current range of blocks, send the
 * other half to the partner and combine the partner's copy of the kept half. */
static int rsg_halving(struct rsg *x)
{
    const struct coll_args *a = x->a;
    int recv_idx = 0;
    int rc = MPI_SUCCESS;

    x->send_idx = 0;
    x->last_idx = x->pof2;
    for (int mask = 1; mask < x->pof2 && rc == MPI_SUCCESS; mask <<= 1) {
        int newdst = x->newrank ^ mask;
        int dst = newdst < x->rem ? newdst * 2 : newdst + x->rem;
        int send_end;
        int recv_end;

        if (x->newrank < newdst) {
            x->send_idx = recv_idx + x->pof2 / (mask * 2);
            send_end = x->last_idx;
            recv_end = x->send_idx;
        } else {
            recv_idx = x->send_idx + x->pof2 / (mask * 2);
            send_end = recv_idx;
            recv_end = x->last_idx;
        }
        rc = smpi_sendrecv(rsg_at(x, x->work, x->send_idx), rsg_span(x, x->send_idx, send_end),
                           a->type, dst, TAG, rsg_at(x, x->tmp, recv_idx),
                           rsg_span(x, recv_idx, recv_end), a->type, dst, TAG, a->comm,
                           MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = rsg_combine(x, x->disps[recv_idx], rsg_span(x, recv_idx, recv_end),
                             newdst < x->newrank);
        x->send_idx = recv_idx;
        if (mask * 2 < x->pof2)
            x->last_idx = recv_idx + x->pof2 / (mask * 2);
    }
    return rc;
}

/* The gather to the root: an odd root among the folded pairs first takes rank 0's block and
 * its place; then, from the largest distance down, a rank whose partner lies in the root's
 * half sends it everything it holds and stops, the others receive the partner's blocks. */
static int rsg_gather(struct rsg *x)
{
    const struct coll_args *a = x->a;
    int root = a->root;
    bool odd_root = root < 2 * x->rem && root % 2;
    int newroot = odd_root ? 0 : root < 2 * x->rem ? root / 2 : root - x->rem;
    int j = 0;
    int rc = MPI_SUCCESS;

    if (odd_root && x->rank == root) {
        rc = recv_from(x->work, rsg_span(x, 0, 1), a, 0, TAG);
        x->newrank = 0;
        x->send_idx = 0;
        x->last_idx = 2;
    } else if (odd_root && x->newrank == 0) {
        rc = send_to(x->work, rsg_span(x, 0, 1), a, root, TAG);
        x->newrank = -1;
    }
    while ((1 << (j + 1)) < x->pof2)
        j++;
    for (int mask = x->pof2 / 2; mask > 0 && x->newrank >= 0 && rc == MPI_SUCCESS;
         mask >>= 1, j--) {
        int newdst = x->newrank ^ mask;
        int dst = newdst < x->rem ? newdst * 2 : newdst + x->rem;
        int recv_idx;
        int from;
        int to;

        if (newdst == 0 && odd_root)
            dst = root;
        if (x->newrank < newdst) {
            if (mask != x->pof2 / 2)
                x->last_idx += x->pof2 / (mask * 2);
            recv_idx = x->send_idx + x->pof2 / (mask * 2);
            from = recv_idx;
            to = x->last_idx;
        } else {
            recv_idx = x->send_idx - x->pof2 / (mask * 2);
            from = recv_idx;
            to = x->send_idx;
        }
        if ((newdst >> j) == (newroot >> j)) {
            int end = x->newrank < newdst ? recv_idx : x->last_idx;

            return send_to(rsg_at(x, x->work, x->send_idx), rsg_span(x, x->send_idx, end), a, dst,
                           TAG);
        }
        rc = recv_from(rsg_at(x, x->work, from), rsg_span(x, from, to), a, dst, TAG);
        if (x->newrank > newdst)
            x->send_idx = recv_idx;
    }
    return rc;
}

/* With fewer elements than ranks, SMPI pads to one element per rank, but the even rank of a
 * folded pair receives only the real count of the n its partner sends: SMPI aborts on the
 * truncated receive. */
static const char *check_scatter_gather(const struct coll_args *a)
{
    int size = smpi_comm_size(a->comm);

    if (a->count == 0 || a->count >= size || coll__is_pow2(size))
        return NULL;
    return "at least as many elements as ranks, or a power-of-two number of ranks";
}

/* Reduce-scatter + gather (Rabenseifner's reduce as MPICH writes it): fold the ranks beyond
 * the largest power of two in pairs, reduce-scatter the data by recursive halving, gather the
 * blocks to the root along a binomial tree; fewer elements than ranks are padded to one per
 * rank. Reference: SimGrid 3.32 colls/reduce/reduce-scatter-gather.cpp (MPICH's
 * reduce_intra_reduce_scatter_gather.c). Cost: 2 log2 p α + 2 n β + n γ for a power of two,
 * plus α + n (β + γ) otherwise. Needs: at least as many elements as ranks when their number is
 * not a power of two (check_scatter_gather). */
static int reduce_scatter_gather(const struct coll_args *a)
{
    int size = smpi_comm_size(a->comm);
    struct rsg x = { .a = a, .rank = smpi_comm_rank(a->comm) };
    bool padded = a->count < size;
    void *work_block = NULL;
    void *tmp_block;
    int rc;

    if (a->count == 0)
        return MPI_SUCCESS;
    x.pof2 = coll__pow2_floor(size);
    x.rem = size - x.pof2;
    x.n = padded ? size : a->count;
    x.disps = sim_xmalloc((size_t)(x.pof2 + 1) * sizeof(int));
    for (int i = 0; i <= x.pof2; i++)
        x.disps[i] = i < x.pof2 ? i * (x.n / x.pof2) : x.n;
    tmp_block = coll__tmp_alloc(x.n, a->type, &x.tmp);
    x.work = a->rbuf;
    if (padded || x.rank != a->root)
        work_block = coll__tmp_alloc(x.n, a->type, &x.work);
    if (padded) {
        memset(tmp_block, 0,
               (size_t)((x.n - 1) * smpi_type_extent(a->type) + smpi_type_true_extent(a->type)));
        memset(work_block, 0,
               (size_t)((x.n - 1) * smpi_type_extent(a->type) + smpi_type_true_extent(a->type)));
    }
    rc = smpi_sendrecv(input_of(a), a->count, a->type, x.rank, TAG, x.work, a->count, a->type,
                       x.rank, TAG, a->comm, MPI_STATUS_IGNORE);
    if (rc == MPI_SUCCESS)
        rc = rsg_pairs(&x);
    if (rc == MPI_SUCCESS && x.newrank >= 0)
        rc = rsg_halving(&x);
    if (rc == MPI_SUCCESS)
        rc = rsg_gather(&x);
    if (rc == MPI_SUCCESS && padded && x.rank == a->root)
        rc = copy_n(x.work, a->rbuf, a->count, a->type);
    free(work_block);
    free(tmp_block);
    free(x.disps);
    return rc;
}

/* ---- MVAPICH2: k-nomial and two-level ------------------------------------------------------ */

#define MV2_DEFAULT_KNOMIAL_FACTOR 4
#define MV2_INTRA_SHMEM_REDUCE_MSG 2048
#define MV2_SHMEM_COLL_MAX_MSG (1 << 17)

/* The k-nomial factor the reduce uses: the mvapich2 selector's, else MVAPICH2's default. */
static int mv2_knomial_factor(void)
{
    int k = coll__mv2.reduce_intra_knomial_factor;

    return k < 0 ? MV2_DEFAULT_KNOMIAL_FACTOR : k;
}

/* MVAPICH2's k-nomial tree on ranks shifted by the root: relative rank v sends to v with its
 * lowest non-zero base-k digit cleared and receives from v + j k^l (0 < j < k) for every level
 * l below that digit. Sets *parent (-1 at the root) and returns the children in a new array,
 * largest distance first (MVAPICH2's order), their number in *n. */
static int *knomial_tree(int rank, int root, int size, int k, int *parent, int *n)
{
    int rel = (rank - root + size) % size;
    long mask = 1;
    int *children;

    sim_assert(k >= 2, "k-nomial reduce with factor %d", k);
    *parent = -1;
    for (; mask < size; mask *= k) {
        if (rel % (k * mask)) {
            *parent = (int)((rel / (k * mask) * (k * mask) + root) % size);
            break;
        }
    }
    *n = 0;
    for (long m = mask / k; m > 0; m /= k)
        for (int j = 1; j < k; j++)
            *n += rel + m * j < size;
    children = sim_xmalloc((size_t)(*n > 0 ? *n : 1) * sizeof(int));
    *n = 0;
    for (long m = mask / k; m > 0; m /= k)
        for (int j = 1; j < k; j++)
            if (rel + m * j < size)
                children[(*n)++] = (int)((rank + m * j) % size);
    return children;
}

static const char *check_mvapich2_knomial(const struct coll_args *a)
{
    if (smpi_op_is_commutative(a->op) ||
        knomial_keeps_order(smpi_comm_size(a->comm), a->root, mv2_knomial_factor()))
        return NULL;
    return "a commutative op, or a root r with size - r of one non-zero digit in the k-nomial base";
}

/* The children's blocks, received into bufs[i] from children[n-1-i], combined with acc (the
 * node's own block) in rank order. */
static int knomial_fold(const struct coll_args *a, int rank, const int *children, int n,
                        void **bufs, void *acc)
{
    int *from = sim_xmalloc((size_t)n * sizeof(int));
    int *order = sim_xmalloc((size_t)(n + 1) * sizeof(int));
    const void **sorted = sim_xmalloc((size_t)(n + 1) * sizeof(void *));
    int rc;

    for (int i = 0; i < n; i++)
        from[i] = children[n - 1 - i];
    rank_order(rank, from, n, order);
    for (int j = 0; j <= n; j++)
        sorted[j] = order[j] < 0 ? acc : bufs[order[j]];
    rc = fold_in_order(a, a->count, sorted, n + 1, order[n] >= 0, acc);
    free(sorted);
    free(order);
    free(from);
    return rc;
}

/* Receives every child's block (irecvs posted smallest distance first, completed with
 * waitany) and combines each as it arrives; SMPI combines nothing for a non-commutative op,
 * here they are combined in rank order once all have arrived. */
static int knomial_gather(const struct coll_args *a, int rank, const int *children, int n,
                          void *acc)
{
    void **bufs = sim_xcalloc((size_t)n, sizeof(void *));
    void **blocks = sim_xcalloc((size_t)n, sizeof(void *));
    MPI_Request *reqs = coll__reqs_alloc(n);
    bool commutative = smpi_op_is_commutative(a->op);
    int rc = MPI_SUCCESS;

    for (int i = 0; i < n && rc == MPI_SUCCESS; i++) {
        blocks[i] = coll__tmp_alloc(a->count, a->type, &bufs[i]);
        rc = smpi_irecv(bufs[i], a->count, a->type, children[n - 1 - i], TAG, a->comm, &reqs[i]);
    }
    for (int i = 0; i < n && rc == MPI_SUCCESS; i++) {
        int idx;

        rc = smpi_waitany(n, reqs, &idx, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS && commutative && idx != MPI_UNDEFINED)
            rc = smpi_op_apply(a->op, bufs[idx], acc, a->count, a->type);
    }
    if (rc == MPI_SUCCESS && !commutative)
        rc = knomial_fold(a, rank, children, n, bufs, acc);
    if (rc != MPI_SUCCESS)
        coll__waitall(n, reqs, rc);
    for (int i = 0; i < n; i++)
        free(blocks[i]);
    free(reqs);
    free(blocks);
    free(bufs);
    return rc;
}

/* K-nomial tree (MVAPICH2): each rank posts receives from all its children at once, combines
 * their blocks in arrival order, then isends the result to its parent. The factor k is the
 * mvapich2 selector's (4 until it runs; the first call sets both of SMPI's reduce factors to 4
 * when unset, as SMPI does). Reference: SimGrid 3.32 colls/reduce/reduce-mvapich-knomial.cpp
 * (MVAPICH2's reduce_osu.c). Cost: log_k p (α + (k - 1) n (β + γ)). Needs: see
 * check_mvapich2_knomial for non-commutative ops. */
static int reduce_mvapich2_knomial(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    void *acc = a->rbuf;
    void *acc_block = NULL;
    int *children;
    int parent;
    int n;
    int rc = MPI_SUCCESS;

    if (a->count == 0)
        return MPI_SUCCESS;
    if (rank != a->root)
        acc_block = coll__tmp_alloc(a->count, a->type, &acc);
    if (rank != a->root || a->sbuf != MPI_IN_PLACE)
        rc = copy_n(a->sbuf, acc, a->count, a->type);
    if (coll__mv2.reduce_intra_knomial_factor < 0)
        coll__mv2.reduce_intra_knomial_factor = MV2_DEFAULT_KNOMIAL_FACTOR;
    if (coll__mv2.reduce_inter_knomial_factor < 0)
        coll__mv2.reduce_inter_knomial_factor = MV2_DEFAULT_KNOMIAL_FACTOR;
    children =
        knomial_tree(rank, a->root, size, coll__mv2.reduce_intra_knomial_factor, &parent, &n);
    if (rc == MPI_SUCCESS && n > 0)
        rc = knomial_gather(a, rank, children, n, acc);
    if (rc == MPI_SUCCESS && rank != a->root) {
        MPI_Request req;

        rc = smpi_isend(acc, a->count, a->type, parent, TAG, a->comm, &req);
        rc = coll__waitall(1, &req, rc);
    }
    free(children);
    free(acc_block);
    return rc;
}

/* Two-level reduce on a single host: small commutative reduces go through the host's
 * communicator to its first rank (linear), which sends the result to the root; anything else
 * is a k-nomial reduce over the whole communicator. The root's in-place block is taken from
 * its receive buffer where SMPI passes the MPI_IN_PLACE marker on. */
static int two_level_one_host(const struct coll_args *a, const struct smpi_smp *smp)
{
    int rank = smpi_comm_rank(a->comm);
    int local_rank = smpi_comm_rank(smp->intra);
    MPI_Aint bytes = (MPI_Aint)a->count * smpi_type_extent(a->type);
    const void *in = input_of(a);
    void *out = NULL;
    void *block = NULL;
    coll_fn *fn = reduce_ompi_basic_linear;
    int rc;

    if (bytes > MV2_INTRA_SHMEM_REDUCE_MSG || !smpi_op_is_commutative(a->op))
        return reduce_mvapich2_knomial(a);
    if (local_rank == 0 && rank != a->root) {
        block = coll__tmp_alloc(a->count, a->type, &out);
    } else if (local_rank == 0) {
        out = a->rbuf;
        if (in == out)
            in = MPI_IN_PLACE;
    }
    if (bytes >= (MPI_Aint)smpi_comm_size(smp->intra) * MV2_SHMEM_COLL_MAX_MSG)
        fn = reduce_mvapich2_knomial;
    rc = run_on(fn, a, in, out, a->count, 0, smp->intra);
    if (rc == MPI_SUCCESS && local_rank == 0 && rank != a->root)
        rc = send_to(out, a->count, a, a->root, TAG + 1);
    else if (rc == MPI_SUCCESS && local_rank != 0 && rank == a->root)
        rc = recv_from(a->rbuf, a->count, a, smp->leader_of[a->root], TAG + 1);
    free(block);
    return rc;
}

/* The leaders' reduce of the two-level reduce: the root's leader reduces into the root's
 * receive buffer (when it is the root) or into its host's partial result, from a copy of it. */
static int two_level_leaders(const struct coll_args *a, const struct smpi_smp *smp, void *partial)
{
    int rank = smpi_comm_rank(a->comm);
    int leader_root = smp->node_of[a->root];
    const void *in = partial;
    void *out = NULL;
    void *copy = NULL;
    void *block = NULL;
    int rc = MPI_SUCCESS;

    if (smpi_comm_rank(smp->leaders) == leader_root) {
        out = rank == a->root ? a->rbuf : partial;
        if (rank != a->root || partial == a->rbuf) {
            block = coll__tmp_alloc(a->count, a->type, &copy);
            rc = copy_n(partial, copy, a->count, a->type);
            in = copy;
        }
    }
    if (rc == MPI_SUCCESS)
        rc = run_on(coll__mv2.reduce, a, in, out, a->count, leader_root, smp->leaders);
    free(block);
    return rc;
}

/* Two-level reduce across hosts: reduce on each host to its first rank (the selector's
 * intra-host function; linear, or k-nomial when it is linear and the op is not commutative or
 * the message is large), reduce among the hosts' first ranks to the root's host (the
 * selector's inter-host function), and send the result to the root if another rank of its
 * host holds it. */
static int two_level_hosts(const struct coll_args *a, const struct smpi_smp *smp)
{
    int rank = smpi_comm_rank(a->comm);
    int local_rank = smpi_comm_rank(smp->intra);
    int local_size = smpi_comm_size(smp->intra);
    MPI_Aint bytes = (MPI_Aint)a->count * smpi_type_extent(a->type);
    coll_fn *intra = coll__mv2.reduce_intra;
    void *partial = NULL;
    void *block = NULL;
    int rc = MPI_SUCCESS;

    if (local_rank == 0 && local_size > 1)
        block = coll__tmp_alloc(a->count, a->type, &partial);
    if (intra == reduce_ompi_basic_linear &&
        (!smpi_op_is_commutative(a->op) || bytes >= (MPI_Aint)local_size * MV2_SHMEM_COLL_MAX_MSG))
        intra = reduce_mvapich2_knomial;
    if (local_size > 1)
        rc = run_on(intra, a, input_of(a), partial, a->count, 0, smp->intra);
    else
        partial = (void *)input_of(a);
    if (rc == MPI_SUCCESS && local_rank == 0)
        rc = two_level_leaders(a, smp, partial);
    if (rc == MPI_SUCCESS && local_size > 1 && local_rank == 0 && rank != a->root &&
        smpi_comm_rank(smp->leaders) == smp->node_of[a->root])
        rc = send_to(partial, a->count, a, a->root, TAG + 1);
    else if (rc == MPI_SUCCESS && local_size > 1 && local_rank != 0 && rank == a->root)
        rc = recv_from(a->rbuf, a->count, a, smp->leader_of[a->root], TAG + 1);
    free(block);
    return rc;
}

static const char *check_mvapich2_two_level(const struct coll_args *a)
{
    int size = smpi_comm_size(a->comm);
    struct smpi_smp smp;

    if (smpi_op_is_commutative(a->op) || smpi_comm_smp(a->comm, &smp) != MPI_SUCCESS)
        return NULL;
    if (smpi_comm_size(smp.intra) == size)
        return check_mvapich2_knomial(a);
    for (int r = 1; r < size; r++)
        if (smp.node_of[r] < smp.node_of[r - 1])
            return "a commutative op, or each host's ranks consecutive and the hosts in order";
    if (coll__mv2.reduce == reduce_mvapich2_knomial &&
        !knomial_keeps_order(smpi_comm_size(smp.leaders), smp.node_of[a->root],
                             mv2_knomial_factor()))
        return "a commutative op, or a root on host r of h with h - r of one non-zero digit";
    return NULL;
}

/* Two-level (MVAPICH2): a reduce inside each host to its first rank, one among those first
 * ranks to the root's host, and a last message to the root when it is not its host's first
 * rank; on a single host, a linear reduce to the first rank for small commutative messages,
 * else a k-nomial reduce. The intra- and inter-host reduces are those the mvapich2 selector
 * left (reduce__mpich until it runs, set then as SMPI does). Reference: SimGrid 3.32
 * colls/reduce/reduce-mvapich-two-level.cpp (MVAPICH2's reduce_osu.c). Cost: the host's
 * reduce plus the leaders' reduce plus α + n β. Needs: for a non-commutative op, hosts holding
 * consecutive ranks in order (see check_mvapich2_two_level). */
static int reduce_mvapich2_two_level(const struct coll_args *a)
{
    struct smpi_smp smp;
    int rc;

    if (!coll__mv2.reduce)
        coll__mv2.reduce = reduce_mpich;
    if (!coll__mv2.reduce_intra)
        coll__mv2.reduce_intra = reduce_mpich;
    rc = coll__smp_init(a->comm, &smp);
    if (rc != MPI_SUCCESS)
        return rc;
    if (smpi_comm_size(smp.intra) == smpi_comm_size(a->comm))
        return two_level_one_host(a, &smp);
    return two_level_hosts(a, &smp);
}

/* ---- rab: Rabenseifner's reduce and allreduce ---------------------------------------------- */

/* Rabenseifner's tags (SMPI keeps his): pair exchange, pair result, halving, gather/allgather
 * at each distance, and the last copy to the folded ranks. */
enum {
    RAB_TAG_PAIR_HIGH = 1220,
    RAB_TAG_PAIR_LOW = 1221,
    RAB_TAG_PAIR_RESULT = 1223,
    RAB_TAG_HALVE_LOW = 1231,
    RAB_TAG_HALVE_HIGH = 1232,
    RAB_TAG_SPREAD_LOW = 1241,
    RAB_TAG_SPREAD_HIGH = 1242,
    RAB_TAG_GATHER = 1244,
    RAB_TAG_UNFOLD = 1253,
};
#define RAB_MAX_LEVELS 31

/* One call of Rabenseifner's algorithm. The ranks beyond the largest power of two 2^n fold in
 * pairs (the first 2r ranks, r = size - 2^n; the even rank keeps the pair); the 2^n others then
 * halve the buffer n times, each keeping one part; level idx splits [x_start, x_start +
 * x_count) into an even and an odd part. */
struct rab {
    const struct coll_args *a;
    int rank;
    int root; /* the calling rank for allreduce: every rank keeps the result */
    int r;
    int n;
    int x_size;
    int newrank;
    bool computed; /* scr1 holds the partial result (else the input does) */
    const void *sendbuf;
    void *scr1;
    void *scr2;
    void *scr3;
    int x_start;
    int x_count;
    int start_even[RAB_MAX_LEVELS];
    int count_even[RAB_MAX_LEVELS];
    int start_odd[RAB_MAX_LEVELS];
    int count_odd[RAB_MAX_LEVELS];
};

static void *rab_at(const struct rab *x, const void *buf, int i)
{
    return elem(buf, i, x->a->type);
}

static int rab_old_rank(const struct rab *x, int newrank)
{
    return newrank < x->r ? newrank * 2 : newrank + x->r;
}

/* rslt = b1 op b2 over n elements, rslt possibly one of them; b2 is scratch when rslt is b1. */
static int rab_op(const struct rab *x, const void *b1, void *b2, void *rslt, int n)
{
    const struct coll_args *a = x->a;
    int rc;

    if (rslt == b2)
        return smpi_op_apply(a->op, b1, rslt, n, a->type);
    if (rslt == b1) {
        rc = smpi_op_apply(a->op, b1, b2, n, a->type);
        return rc == MPI_SUCCESS ? copy_n(b2, rslt, n, a->type) : rc;
    }
    rc = copy_n(b2, rslt, n, a->type);
    return rc == MPI_SUCCESS ? smpi_op_apply(a->op, b1, rslt, n, a->type) : rc;
}

/* Step 2: the first 2r ranks fold in pairs: the even rank reduces the lower half, the odd rank
 * the upper half and sends it back; the even rank then holds the pair's whole result. */
static int rab_pairs(struct rab *x)
{
    const struct coll_args *a = x->a;
    int half = a->count / 2;
    int rest = a->count - half;
    int rc;

    if (x->rank >= 2 * x->r)
        return MPI_SUCCESS;
    if (x->rank % 2 == 0) {
        rc = smpi_sendrecv(rab_at(x, x->sendbuf, half), rest, a->type, x->rank + 1,
                           RAB_TAG_PAIR_HIGH, x->scr2, half, a->type, x->rank + 1, RAB_TAG_PAIR_LOW,
                           a->comm, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = rab_op(x, x->sendbuf, x->scr2, x->scr1, half);
        if (rc == MPI_SUCCESS)
            rc = recv_from(rab_at(x, x->scr1, half), rest, a, x->rank + 1, RAB_TAG_PAIR_RESULT);
        x->computed = true;
        return rc;
    }
    rc = smpi_sendrecv(x->sendbuf, half, a->type, x->rank - 1, RAB_TAG_PAIR_LOW,
                       rab_at(x, x->scr2, half), rest, a->type, x->rank - 1, RAB_TAG_PAIR_HIGH,
                       a->comm, MPI_STATUS_IGNORE);
    if (rc == MPI_SUCCESS)
        rc = rab_op(x, rab_at(x, x->scr2, half), rab_at(x, x->sendbuf, half),
                    rab_at(x, x->scr1, half), rest);
    if (rc == MPI_SUCCESS)
        rc = send_to(rab_at(x, x->scr1, half), rest, a, x->rank - 1, RAB_TAG_PAIR_RESULT);
    return rc;
}

/* Step 5: recursive halving among the 2^n remaining ranks; the last level's result goes to
 * the receive buffer of the root (of every rank for allreduce). */
static int rab_halving(struct rab *x)
{
    const struct coll_args *a = x->a;
    int rc = MPI_SUCCESS;

    x->x_start = 0;
    x->x_count = a->count;
    for (int idx = 0, base = 1; idx < x->n && rc == MPI_SUCCESS; idx++, base *= 2) {
        const void *own = x->computed ? x->scr1 : x->sendbuf;
        void *out = x->root == x->rank && idx == x->n - 1 ? a->rbuf : x->scr3;
        bool even = (x->newrank / base) % 2 == 0;
        int peer = rab_old_rank(x, even ? x->newrank + base : x->newrank - base);
        void *tmp;

        x->start_even[idx] = x->x_start;
        x->count_even[idx] = x->x_count / 2;
        x->start_odd[idx] = x->x_start + x->count_even[idx];
        x->count_odd[idx] = x->x_count - x->count_even[idx];
        x->x_start = even ? x->start_even[idx] : x->start_odd[idx];
        x->x_count = even ? x->count_even[idx] : x->count_odd[idx];
        rc = smpi_sendrecv(rab_at(x, own, even ? x->start_odd[idx] : x->start_even[idx]),
                           even ? x->count_odd[idx] : x->count_even[idx], a->type, peer,
                           even ? RAB_TAG_HALVE_LOW : RAB_TAG_HALVE_HIGH,
                           rab_at(x, x->scr2, x->x_start), x->x_count, a->type, peer,
                           even ? RAB_TAG_HALVE_HIGH : RAB_TAG_HALVE_LOW, a->comm,
                           MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS && even)
            rc = rab_op(x, rab_at(x, own, x->x_start), rab_at(x, x->scr2, x->x_start),
                        rab_at(x, out, x->x_start), x->x_count);
        else if (rc == MPI_SUCCESS)
            rc = rab_op(x, rab_at(x, x->scr2, x->x_start), rab_at(x, own, x->x_start),
                        rab_at(x, out, x->x_start), x->x_count);
        tmp = x->scr3;
        x->scr3 = x->scr1;
        x->scr1 = tmp;
        x->computed = true;
    }
    return rc;
}

/* Allreduce steps 6 and 7: the halving's parts are exchanged back, from the largest distance
 * down, in every rank's receive buffer; then the even ranks of the folded pairs copy the
 * result to their odd partners. */
static int rab_spread(struct rab *x)
{
    const struct coll_args *a = x->a;
    int rc = MPI_SUCCESS;

    for (int idx = x->n - 1, base = x->x_size / 2; idx >= 0 && x->newrank >= 0 && rc == MPI_SUCCESS;
         idx--, base /= 2) {
        bool even = (x->newrank / base) % 2 == 0;
        int peer = rab_old_rank(x, even ? x->newrank + base : x->newrank - base);
        int mine = even ? x->start_even[idx] : x->start_odd[idx];
        int theirs = even ? x->start_odd[idx] : x->start_even[idx];

        rc = smpi_sendrecv(
            rab_at(x, a->rbuf, mine), even ? x->count_even[idx] : x->count_odd[idx], a->type, peer,
            even ? RAB_TAG_SPREAD_LOW : RAB_TAG_SPREAD_HIGH, rab_at(x, a->rbuf, theirs),
            even ? x->count_odd[idx] : x->count_even[idx], a->type, peer,
            even ? RAB_TAG_SPREAD_HIGH : RAB_TAG_SPREAD_LOW, a->comm, MPI_STATUS_IGNORE);
    }
    if (rc != MPI_SUCCESS || x->rank >= 2 * x->r)
        return rc;
    if (x->rank % 2 == 0)
        return send_to(a->rbuf, a->count, a, x->rank + 1, RAB_TAG_UNFOLD);
    return recv_from(a->rbuf, a->count, a, x->rank - 1, RAB_TAG_UNFOLD);
}

/* Reduce step 6.0: an odd root among the folded pairs takes rank 0's part (and its place). */
static int rab_odd_root(struct rab *x)
{
    const struct coll_args *a = x->a;

    if (x->rank == 0) {
        x->newrank = -1;
        return send_to(x->scr1, x->x_count, a, x->root, RAB_TAG_SPREAD_LOW);
    }
    if (x->rank != x->root)
        return MPI_SUCCESS;
    x->newrank = 0;
    x->x_start = 0;
    x->x_count = a->count;
    for (int idx = 0; idx < x->n; idx++) {
        x->start_even[idx] = x->x_start;
        x->count_even[idx] = x->x_count / 2;
        x->start_odd[idx] = x->x_start + x->count_even[idx];
        x->count_odd[idx] = x->x_count - x->count_even[idx];
        x->x_count = x->count_even[idx];
    }
    return recv_from(a->rbuf, x->x_count, a, 0, RAB_TAG_SPREAD_LOW);
}

/* Reduce steps 6.1 to 6.n: from the largest distance down, a rank whose bit differs from the
 * root's sends its part to the partner, the others receive the partner's part. Like SMPI's,
 * the loop does not stop after a send: ranks away from the root keep exchanging parts among
 * themselves (messages that carry nothing of the result). */
static int rab_gather(struct rab *x)
{
    const struct coll_args *a = x->a;
    bool odd_root = x->root < 2 * x->r && x->root % 2 == 1;
    int newroot = odd_root ? 0 : x->root < 2 * x->r ? x->root / 2 : x->root - x->r;
    int rc = odd_root ? rab_odd_root(x) : MPI_SUCCESS;

    for (int idx = x->n - 1, base = x->x_size / 2; idx >= 0 && x->newrank >= 0 && rc == MPI_SUCCESS;
         idx--, base /= 2) {
        bool even = (x->newrank / base) % 2 == 0;
        int partner = even ? x->newrank + base : x->newrank - base;
        int peer = partner == newroot ? x->root : rab_old_rank(x, partner);
        bool sends = (x->newrank & base) != (newroot & base);
        bool low = even == sends;
        int start = low ? x->start_even[idx] : x->start_odd[idx];
        int count = low ? x->count_even[idx] : x->count_odd[idx];

        if (sends)
            rc = send_to(rab_at(x, x->scr1, start), count, a, peer, RAB_TAG_GATHER);
        else
            rc = recv_from(rab_at(x, x->rank == x->root ? a->rbuf : x->scr1, start), count, a, peer,
                           RAB_TAG_GATHER);
    }
    return rc;
}

const char *coll__rab_check(const struct coll_args *a)
{
    static const MPI_Datatype types[] = {
        MPI_SHORT,
        MPI_INT,
        MPI_LONG,
        MPI_UNSIGNED_SHORT,
        MPI_UNSIGNED,
        MPI_UNSIGNED_LONG,
        MPI_UNSIGNED_LONG_LONG,
        MPI_FLOAT,
        MPI_DOUBLE,
        MPI_BYTE,
    };
    static const MPI_Op ops[] = {
        MPI_MAX,  MPI_MIN, MPI_SUM, MPI_PROD, MPI_LAND,
        MPI_BAND, MPI_LOR, MPI_BOR, MPI_LXOR, MPI_BXOR,
    };
    bool type_ok = false;
    bool op_ok = false;

    for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++)
        type_ok = type_ok || a->type == types[i];
    for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
        op_ok = op_ok || a->op == ops[i];
    if (type_ok && op_ok)
        return NULL;
    return "a basic integer, floating-point or byte type and a predefined op but MINLOC/MAXLOC";
}

int coll__rab(const struct coll_args *a, bool all)
{
    int size = smpi_comm_size(a->comm);
    struct rab x = { .a = a, .rank = smpi_comm_rank(a->comm) };
    void *block;
    void *base;
    int rc;

    if (a->count == 0)
        return MPI_SUCCESS;
    if (size == 1)
        return all ? copy_n(a->sbuf, a->rbuf, a->count, a->type) : local_result(a);
    x.root = all ? x.rank : a->root;
    x.sendbuf = all ? a->sbuf : input_of(a);
    for (x.x_size = 1; 2 * x.x_size <= size; x.x_size *= 2)
        x.n++;
    x.r = size - x.x_size;
    block = coll__tmp_alloc(3 * a->count, a->type, &base);
    x.scr2 = base;
    x.scr1 = elem(base, a->count, a->type);
    x.scr3 = elem(base, 2 * (MPI_Aint)a->count, a->type);
    rc = rab_pairs(&x);
    if (x.rank >= 2 * x.r)
        x.newrank = x.rank - x.r;
    else
        x.newrank = x.rank % 2 == 0 ? x.rank / 2 : -1;
    if (rc == MPI_SUCCESS && x.newrank >= 0)
        rc = rab_halving(&x);
    if (rc == MPI_SUCCESS)
        rc = all ? rab_spread(&x) : rab_gather(&x);
    free(block);
    return rc;
}

/* Rabenseifner's reduce: fold the ranks beyond the largest power of two in pairs (each pair
 * exchanging halves), reduce-scatter by recursive halving, and gather the parts to the root
 * from the largest distance down. Reference: SimGrid 3.32 colls/reduce/reduce-rab.cpp (Rolf
 * Rabenseifner's mpig_myreduce.c, 1997). Cost: (log2 p + 1) α + n (β + γ) about, plus
 * α + n/2 (β + γ) + n/2 β when p is not a power of two. Needs: a basic datatype and a
 * predefined op (coll__rab_check). SMPI recurses forever on 0 elements and on one rank; here
 * nothing is sent. */
static int reduce_rab(const struct coll_args *a)
{
    return coll__rab(a, false);
}

const struct coll_algo coll_reduce_algos[] = {
    /* name                    needs                   run
     *                         help                                                    check */
    { "smpi_linear", 0, reduce_smpi_linear,
      "SMPI's default: ireduce (every rank isends to the root) + wait", NULL },
    { "arrival_pattern_aware", COLL_NEEDS_COMMUTATIVE, reduce_arrival_pattern_aware,
      "chains of ranks in arrival order, polled by rank 0", check_arrival },
    { "binomial", 0, reduce_binomial, "binomial tree (MPICH)", NULL },
    { "flat_tree", 0, reduce_flat_tree, "the root receives from every rank in turn", NULL },
    { "NTSL", 0, reduce_ntsl, "chain to the root, pipelined in 8 KiB segments", check_ntsl },
    { "scatter_gather", 0, reduce_scatter_gather,
      "reduce-scatter by recursive halving, then binomial gather (MPICH)", check_scatter_gather },
    { "ompi_chain", 0, reduce_ompi_chain, "size/2 segmented chains from the root (Open MPI)",
      check_ompi_chain },
    { "ompi_pipeline", 0, reduce_ompi_pipeline, "one segmented chain (Open MPI)",
      check_ompi_pipeline },
    { "ompi_basic_linear", 0, reduce_ompi_basic_linear,
      "the root receives and combines in rank order (Open MPI)", NULL },
    { "ompi_in_order_binary", 0, reduce_ompi_in_order_binary,
      "in-order binary tree rooted at the last rank (Open MPI)", NULL },
    { "ompi_binary", 0, reduce_ompi_binary, "binary tree, 32 KiB segments (Open MPI)",
      check_ompi_binary },
    { "ompi_binomial", 0, reduce_ompi_binomial, "in-order binomial tree (Open MPI)",
      check_ompi_binomial },
    { "mvapich2_knomial", 0, reduce_mvapich2_knomial, "k-nomial tree (MVAPICH2)",
      check_mvapich2_knomial },
    { "mvapich2_two_level", 0, reduce_mvapich2_two_level,
      "per host, then across the hosts' first ranks (MVAPICH2)", check_mvapich2_two_level },
    { "rab", 0, reduce_rab, "Rabenseifner: pairs, recursive halving, gather (basic types)",
      coll__rab_check },
    { NULL, 0, NULL, NULL, NULL },
};
