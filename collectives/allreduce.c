/* allreduce: MPI_Allreduce algorithms, SimGrid SMPI 3.32's set (colls/allreduce/) plus SMPI's
 * default pattern. Input a->sbuf (the bindings have already replaced MPI_IN_PLACE by a copy of
 * a->rbuf, as SMPI's do), result in a->rbuf on every rank. Costs: p ranks, n bytes, α latency,
 * β time per byte, γ time per byte reduced; h hosts, c ranks per host for the smp_* ones.
 *
 * Operand order: most of SMPI's algorithms combine "received op held" whatever ranks the two
 * hold, which is wrong for a non-commutative op when the received data comes from higher
 * ranks. Where the data held at each step covers consecutive ranks, the algorithms below send
 * SMPI's messages but apply the op in rank order (fold()); where that is impossible (rings
 * over more than two members, rab1's halving from the far half first), they refuse
 * non-commutative ops. Local reductions cost no simulated time, in SMPI as here. */
#include <stdlib.h>
#include <string.h>

#include "collectives/internal.h"
#include "simcore/simcore.h"
#include "smpi/p2p_api.h"

SIM_LOG_CATEGORY(log_allreduce, "coll.allreduce");

#define TAG COLL_TAG_ALLREDUCE

/* Segment of smp_binomial_pipeline, in elements (SMPI's
 * allreduce_smp_binomial_pipeline_segment_size). */
#define PIPELINE_SEGMENT 4096
/* Segment of ompi_ring_segmented, in bytes (Open MPI's 1 MiB default). */
#define RING_SEGMENT_BYTES (1 << 20)

static bool commutes(const struct coll_args *a)
{
    return smpi_op_is_commutative(a->op);
}

/* acc = in op acc when `in` holds the data of lower ranks than acc, else acc op in, over n
 * elements. When the op commutes this is SMPI's "in op acc" whatever the order. `in` is
 * scratch: it may be overwritten. */
static int fold(const struct coll_args *a, void *in, void *acc, int n, bool in_is_lower)
{
    int rc;

    if (in_is_lower || commutes(a))
        return smpi_op_apply(a->op, in, acc, n, a->type);
    rc = smpi_op_apply(a->op, acc, in, n, a->type);
    if (rc == MPI_SUCCESS)
        rc = smpi_type_copy(in, n, a->type, acc, n, a->type);
    return rc;
}

/* A temporary buffer of n elements of a->type filled with zero bytes, for the padding that
 * rab1 and rab2 send (SMPI sends whatever the memory holds; zeros keep user ops away from
 * uninitialised values). Returns the block to free(); *base is element 0. */
static void *zero_alloc(const struct coll_args *a, int n, void **base)
{
    void *block = coll__tmp_alloc(n, a->type, base);
    MPI_Aint bytes =
        n > 0 ? (MPI_Aint)(n - 1) * smpi_type_extent(a->type) + smpi_type_true_extent(a->type) : 0;

    if (bytes > 0)
        memset(block, 0, (size_t)bytes);
    return block;
}

static void *at(const void *buf, MPI_Aint i, const struct coll_args *a)
{
    return coll__elem(buf, i, a->type);
}

static int copy_in(const struct coll_args *a, const void *src, void *dst, int n)
{
    return smpi_type_copy(src, n, a->type, dst, n, a->type);
}

/* ---- flat algorithms -------------------------------------------------------------------- */

/* SMPI's allreduce__default for predefined types: reduce to rank 0 with the default
 * selector's reduce, then bcast from rank 0 with the default selector's bcast (SMPI switches
 * derived types to its ompi selector first; that choice is the selectors' job).
 * Reference: SimGrid 3.32 colls/smpi_default_selector.cpp (allreduce__default).
 * Cost: that of the reduce plus that of the bcast. Needs: none. */
static int allreduce_smpi_redbcast(const struct coll_args *a)
{
    struct coll_args r = { .sbuf = a->sbuf,
                           .rbuf = a->rbuf,
                           .count = a->count,
                           .type = a->type,
                           .op = a->op,
                           .root = 0,
                           .comm = a->comm };
    struct coll_args b = {
        .rbuf = a->rbuf, .count = a->count, .type = a->type, .root = 0, .comm = a->comm
    };
    int rc = coll__call(COLL_REDUCE, "default", &r);

    if (rc == MPI_SUCCESS)
        rc = coll__call(COLL_BCAST, "default", &b);
    return rc;
}

/* Reduce to rank 0, then broadcast from rank 0, with the configured reduce and bcast.
 * Reference: SimGrid 3.32 colls/allreduce/allreduce-redbcast.cpp.
 * Cost: that of the reduce plus that of the bcast. Needs: none. */
static int allreduce_redbcast(const struct coll_args *a)
{
    struct coll_args r = { .sbuf = a->sbuf,
                           .rbuf = a->rbuf,
                           .count = a->count,
                           .type = a->type,
                           .op = a->op,
                           .root = 0,
                           .comm = a->comm };
    struct coll_args b = {
        .rbuf = a->rbuf, .count = a->count, .type = a->type, .root = 0, .comm = a->comm
    };
    int rc = coll_run(COLL_REDUCE, &r);

    if (rc == MPI_SUCCESS)
        rc = coll_run(COLL_BCAST, &b);
    return rc;
}

/* The even ranks below 2 rem (rem = p - 2^floor(log2 p)) give their data to the next odd rank
 * and sit out; the others take part under a folded rank (coll__rd_fold), stored in *newrank
 * (-1 for a rank that sits out). */
static int rd_fold_in(const struct coll_args *a, int rank, int rem, void *tmp, int *newrank)
{
    int rc;

    *newrank = coll__rd_fold(rank, rem);
    if (rank >= 2 * rem)
        return MPI_SUCCESS;
    if (*newrank < 0)
        return smpi_send(a->rbuf, a->count, a->type, rank + 1, TAG, a->comm);
    rc = smpi_recv(tmp, a->count, a->type, rank - 1, TAG, a->comm, MPI_STATUS_IGNORE);
    return rc == MPI_SUCCESS ? fold(a, tmp, a->rbuf, a->count, true) : rc;
}

/* The odd ranks below 2 rem give the result back to the rank that sat out. */
static int rd_fold_out(const struct coll_args *a, int rank, int rem)
{
    if (rank >= 2 * rem)
        return MPI_SUCCESS;
    if (rank % 2)
        return smpi_send(a->rbuf, a->count, a->type, rank - 1, TAG, a->comm);
    return smpi_recv(a->rbuf, a->count, a->type, rank + 1, TAG, a->comm, MPI_STATUS_IGNORE);
}

/* Recursive doubling on the whole buffer among the 2^k folded ranks: in step i, exchange with
 * the folded rank XOR 2^i and combine in rank order. */
static int rd_exchange(const struct coll_args *a, int rank, int newrank, int pof2, void *tmp)
{
    int rem = smpi_comm_size(a->comm) - pof2;
    int rc = MPI_SUCCESS;

    for (int mask = 1; mask < pof2 && rc == MPI_SUCCESS; mask <<= 1) {
        int peer = coll__rd_unfold(newrank ^ mask, rem);

        rc = smpi_sendrecv(a->rbuf, a->count, a->type, peer, TAG, tmp, a->count, a->type, peer, TAG,
                           a->comm, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = fold(a, tmp, a->rbuf, a->count, peer < rank);
    }
    return rc;
}

/* Recursive doubling: with p = 2^k, in step i each rank exchanges its partial result with
 * rank XOR 2^i and combines; after k steps all hold the result. Otherwise the first 2 rem
 * ranks fold pairwise first and get the result back at the end. SMPI already combines in rank
 * order here. Reference: SimGrid 3.32 colls/allreduce/allreduce-rdb.cpp; Thakur, Rabenseifner,
 * Gropp, "Optimization of collective communication operations in MPICH" (2005).
 * Cost: ceil(log2 p) (α + n β + n γ), plus 2 (α + n β) + n γ when p is not a power of two.
 * Needs: none. */
static int allreduce_rdb(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int pof2 = coll__pow2_floor(smpi_comm_size(a->comm));
    int rem = smpi_comm_size(a->comm) - pof2;
    int newrank = -1;
    void *tmp;
    void *block = coll__tmp_alloc(a->count, a->type, &tmp);
    int rc = copy_in(a, a->sbuf, a->rbuf, a->count);

    if (rc == MPI_SUCCESS)
        rc = rd_fold_in(a, rank, rem, tmp, &newrank);
    if (rc == MPI_SUCCESS && newrank >= 0)
        rc = rd_exchange(a, rank, newrank, pof2, tmp);
    if (rc == MPI_SUCCESS)
        rc = rd_fold_out(a, rank, rem);
    free(block);
    return rc;
}

/* MPICH's reduce-scatter by recursive halving then allgather by recursive doubling among
 * pof2 folded ranks, blocks of count / pof2 elements (the last one takes the rest): what
 * rab_rdb and mvapich2_rs share. */
struct rsag {
    const struct coll_args *a;
    int rank;
    int newrank;
    int pof2;
    int rem;
    void *tmp; /* receive area, laid out like rbuf */
};

/* Elements in blocks [from, to) and the element where block `from` starts. */
static int rsag_count(const struct rsag *s, int from, int to)
{
    int share = s->a->count / s->pof2;
    int n = (to - from) * share;

    if (to == s->pof2)
        n += s->a->count - share * s->pof2;
    return n;
}

static int rsag_disp(const struct rsag *s, int block)
{
    return block * (s->a->count / s->pof2);
}

static int rsag_peer(const struct rsag *s, int mask)
{
    return coll__rd_unfold(s->newrank ^ mask, s->rem);
}

/* Recursive halving, nearest peer first: each step keeps half of the current blocks and
 * reduces the peer's copy of them into rbuf. Returns in *first and *last the blocks kept. */
static int rsag_halving(const struct rsag *s, int *first, int *last)
{
    const struct coll_args *a = s->a;
    int send_idx = 0;
    int recv_idx = 0;
    int last_idx = s->pof2;
    int rc = MPI_SUCCESS;

    for (int mask = 1; mask < s->pof2 && rc == MPI_SUCCESS; mask <<= 1) {
        int peer = rsag_peer(s, mask);
        int half = s->pof2 / (mask * 2);
        int send_end;
        int recv_end;

        if (s->newrank < (s->newrank ^ mask)) {
            send_idx = recv_idx + half;
            send_end = last_idx;
            recv_end = send_idx;
        } else {
            recv_idx = send_idx + half;
            send_end = recv_idx;
            recv_end = last_idx;
        }
        rc = smpi_sendrecv(at(a->rbuf, rsag_disp(s, send_idx), a),
                           rsag_count(s, send_idx, send_end), a->type, peer, TAG,
                           at(s->tmp, rsag_disp(s, recv_idx), a), rsag_count(s, recv_idx, recv_end),
                           a->type, peer, TAG, a->comm, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = fold(a, at(s->tmp, rsag_disp(s, recv_idx), a),
                      at(a->rbuf, rsag_disp(s, recv_idx), a), rsag_count(s, recv_idx, recv_end),
                      peer < s->rank);
        send_idx = recv_idx;
        last_idx = recv_end;
    }
    *first = recv_idx;
    *last = last_idx;
    return rc;
}

/* Recursive doubling of the reduced blocks, farthest peer first, until all hold everything. */
static int rsag_doubling(const struct rsag *s, int first, int last)
{
    const struct coll_args *a = s->a;
    int rc = MPI_SUCCESS;

    for (int mask = s->pof2 / 2; mask > 0 && rc == MPI_SUCCESS; mask >>= 1) {
        int peer = rsag_peer(s, mask);
        int span = last - first;
        int other = s->newrank < (s->newrank ^ mask) ? first + span : first - span;

        rc = smpi_sendrecv(at(a->rbuf, rsag_disp(s, first), a), rsag_count(s, first, last), a->type,
                           peer, TAG, at(a->rbuf, rsag_disp(s, other), a),
                           rsag_count(s, other, other + span), a->type, peer, TAG, a->comm,
                           MPI_STATUS_IGNORE);
        if (other < first)
            first = other;
        else
            last = other + span;
    }
    return rc;
}

/* Fold, reduce-scatter by recursive halving, allgather by recursive doubling, unfold; rbuf
 * already holds the calling rank's input. */
static int rsag_run(const struct coll_args *a)
{
    struct rsag s = { .a = a, .rank = smpi_comm_rank(a->comm) };
    void *block = coll__tmp_alloc(a->count, a->type, &s.tmp);
    int first;
    int last;
    int rc;

    s.pof2 = coll__pow2_floor(smpi_comm_size(a->comm));
    s.rem = smpi_comm_size(a->comm) - s.pof2;
    rc = rd_fold_in(a, s.rank, s.rem, s.tmp, &s.newrank);
    if (rc == MPI_SUCCESS && s.newrank >= 0)
        rc = rsag_halving(&s, &first, &last);
    if (rc == MPI_SUCCESS && s.newrank >= 0)
        rc = rsag_doubling(&s, first, last);
    if (rc == MPI_SUCCESS)
        rc = rd_fold_out(a, s.rank, s.rem);
    free(block);
    return rc;
}

/* Rabenseifner's algorithm: reduce-scatter by recursive halving (nearest peer first), then
 * allgather by recursive doubling, among 2^floor(log2 p) ranks after a pairwise fold of the
 * first 2 rem ranks. Reference: SimGrid 3.32 colls/allreduce/allreduce-rab-rdb.cpp; MPICH
 * allreduce_intra_reduce_scatter_allgather.c; Rabenseifner, "Optimization of collective
 * reduction operations" (ICCS 2004). Cost: 2 log2 p α + 2 (p-1)/p n β + (p-1)/p n γ, plus
 * 2 (α + n β) + n γ when p is not a power of two. Needs: none. */
static int allreduce_rab_rdb(const struct coll_args *a)
{
    int rc = copy_in(a, a->sbuf, a->rbuf, a->count);

    return rc == MPI_SUCCESS ? rsag_run(a) : rc;
}

/* MVAPICH2's pt2pt allreduce: recursive doubling when count < 2^floor(log2 p), else
 * Rabenseifner's reduce-scatter + allgather, both after the pairwise fold; nothing at count
 * 0. Reference: SimGrid 3.32 colls/allreduce/allreduce-mvapich-rs.cpp; MVAPICH2 2.0
 * allreduce_osu.c (MPIR_Allreduce_pt2pt_rs_MV2). Cost: as rdb or as rab_rdb. Needs: none. */
static int allreduce_mvapich2_rs(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int pof2 = coll__pow2_floor(smpi_comm_size(a->comm));
    int rem = smpi_comm_size(a->comm) - pof2;
    int newrank = -1;
    void *tmp;
    void *block;
    int rc;

    if (a->count == 0)
        return MPI_SUCCESS;
    rc = copy_in(a, a->sbuf, a->rbuf, a->count);
    if (rc != MPI_SUCCESS || a->count >= pof2)
        return rc == MPI_SUCCESS ? rsag_run(a) : rc;
    block = coll__tmp_alloc(a->count, a->type, &tmp);
    rc = rd_fold_in(a, rank, rem, tmp, &newrank);
    if (rc == MPI_SUCCESS && newrank >= 0)
        rc = rd_exchange(a, rank, newrank, pof2, tmp);
    if (rc == MPI_SUCCESS)
        rc = rd_fold_out(a, rank, rem);
    free(block);
    return rc;
}

/* lr's ring reduce-scatter step: block `blk` of rbuf just came from the left neighbour; make
 * it the reduction of the calling rank's input block with it. */
static int lr_reduce_block(const struct coll_args *a, int n, int blk, int left)
{
    void *acc = at(a->rbuf, (MPI_Aint)blk * n, a);
    const void *mine = at(a->sbuf, (MPI_Aint)blk * n, a);
    void *tmp;
    void *block;
    int rc;

    if (commutes(a) || left > smpi_comm_rank(a->comm))
        return smpi_op_apply(a->op, mine, acc, n, a->type);
    block = coll__tmp_alloc(n, a->type, &tmp);
    rc = copy_in(a, mine, tmp, n);
    if (rc == MPI_SUCCESS)
        rc = fold(a, acc, tmp, n, true);
    if (rc == MPI_SUCCESS)
        rc = copy_in(a, tmp, acc, n);
    free(block);
    return rc;
}

/* Ring allreduce: p blocks of count / p elements; p - 1 steps of reduce-scatter (send the
 * block last reduced to the right, receive the next one from the left and add the local input
 * to it), then p - 1 steps of ring allgather. The count % p elements left over go through the
 * configured allreduce afterwards; a count below p goes to redbcast instead. Reference:
 * SimGrid 3.32 colls/allreduce/allreduce-lr.cpp (Patarasuk and Yuan, "Bandwidth optimal
 * all-reduce algorithms for clusters of workstations", 2009).
 * Cost: 2 (p-1) α + 2 (p-1)/p n β + (p-1)/p n γ. Needs: a commutative op when p > 2 and
 * count >= p (a ring applies the op in rotated order). */
static int allreduce_lr(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int n = a->count / size;
    int right = coll__ring_right(rank, size);
    int left = coll__ring_left(rank, size);
    int rc;

    if (a->count < size) {
        SIM_LOG(log_allreduce, SIM_LOG_INFO,
                "lr: count %d below the communicator size %d, using redbcast", a->count, size);
        return coll__call(COLL_ALLREDUCE, "redbcast", a);
    }
    rc = copy_in(a, at(a->sbuf, (MPI_Aint)left * n, a), at(a->rbuf, (MPI_Aint)left * n, a), n);
    for (int i = 0; i < size - 1 && rc == MPI_SUCCESS; i++) {
        int sblk = (rank - 1 - i + 2 * size) % size;
        int rblk = (rank - 2 - i + 2 * size) % size;

        rc = smpi_sendrecv(at(a->rbuf, (MPI_Aint)sblk * n, a), n, a->type, right, TAG,
                           at(a->rbuf, (MPI_Aint)rblk * n, a), n, a->type, left, TAG, a->comm,
                           MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = lr_reduce_block(a, n, rblk, left);
    }
    for (int i = 0; i < size - 1 && rc == MPI_SUCCESS; i++) {
        int sblk = (rank - i + 2 * size) % size;
        int rblk = (rank - 1 - i + 2 * size) % size;

        rc = smpi_sendrecv(at(a->rbuf, (MPI_Aint)sblk * n, a), n, a->type, right, TAG,
                           at(a->rbuf, (MPI_Aint)rblk * n, a), n, a->type, left, TAG, a->comm,
                           MPI_STATUS_IGNORE);
    }
    if (rc == MPI_SUCCESS && a->count % size) {
        struct coll_args r = *a;

        r.sbuf = at(a->sbuf, (MPI_Aint)n * size, a);
        r.rbuf = at(a->rbuf, (MPI_Aint)n * size, a);
        r.count = a->count % size;
        rc = coll_run(COLL_ALLREDUCE, &r);
    }
    return rc;
}

static const char *check_lr(const struct coll_args *a)
{
    int size = smpi_comm_size(a->comm);

    if (!commutes(a) && size > 2 && a->count >= size)
        return "a commutative op when the count is at least the communicator size and there "
               "are more than two ranks";
    return NULL;
}

/* rab1's recursive halving on `buf` (n elements, n a multiple of p), farthest peer first;
 * returns in *kept the first element of the block the calling rank ends up reducing. */
static int rab1_halving(const struct coll_args *a, void *buf, void *tmp, int n, int *kept)
{
    int rank = smpi_comm_rank(a->comm);
    int pof2 = smpi_comm_size(a->comm);
    int share = n / pof2;
    int base = 0;
    int rc = MPI_SUCCESS;

    for (int mask = pof2 / 2; mask > 0 && rc == MPI_SUCCESS; mask >>= 1) {
        int peer = rank ^ mask;
        int cnt = share * mask;
        int send_idx = rank < peer ? base + cnt : base;

        if (rank > peer)
            base += cnt;
        rc = smpi_sendrecv(at(buf, send_idx, a), cnt, a->type, peer, TAG, tmp, cnt, a->type, peer,
                           TAG, a->comm, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = smpi_op_apply(a->op, tmp, at(buf, base, a), cnt, a->type);
    }
    *kept = base;
    return rc;
}

/* Reduce-scatter by recursive halving starting with the farthest peer (rank XOR p/2), then the
 * configured allgather of the reduced blocks. A count that p does not divide is padded to a
 * multiple of p in a temporary buffer. Reference: SimGrid 3.32
 * colls/allreduce/allreduce-rab1.cpp. Cost: log2 p α + (p-1)/p n β + (p-1)/p n γ, plus the
 * allgather of n bytes. Needs: a power-of-two size of at least 2 (SMPI throws otherwise, and
 * crashes on one rank) and a commutative op (the halving groups ranks that are not
 * consecutive). */
static int allreduce_rab1(const struct coll_args *a)
{
    int size = smpi_comm_size(a->comm);
    int n = a->count % size ? (a->count / size + 1) * size : a->count;
    void *buf = a->rbuf;
    void *tmp;
    void *work = NULL;
    void *tmp_block = coll__tmp_alloc(n, a->type, &tmp);
    int kept = 0;
    int rc;

    if (n != a->count)
        work = zero_alloc(a, n, &buf);
    rc = copy_in(a, a->sbuf, buf, a->count);
    if (rc == MPI_SUCCESS)
        rc = rab1_halving(a, buf, tmp, n, &kept);
    if (rc == MPI_SUCCESS)
        rc = copy_in(a, at(buf, kept, a), tmp, n / size);
    if (rc == MPI_SUCCESS) {
        struct coll_args g = { .sbuf = tmp,
                               .scount = n / size,
                               .stype = a->type,
                               .rbuf = buf,
                               .rcount = n / size,
                               .rtype = a->type,
                               .comm = a->comm };

        rc = coll_run(COLL_ALLGATHER, &g);
    }
    if (rc == MPI_SUCCESS && work)
        rc = copy_in(a, buf, a->rbuf, a->count);
    free(work);
    free(tmp_block);
    return rc;
}

static const char *check_rab1(const struct coll_args *a)
{
    if (smpi_comm_size(a->comm) == 1)
        return "at least two ranks (SMPI reads an unset count on one rank)";
    return NULL;
}

/* Reduces the p blocks of `ss` elements that the alltoall left in `recv`, in rank order, into
 * `out`. SMPI folds block i into the running result as "block i op result", which is the same
 * thing when the op commutes. */
static int rab2_reduce(const struct coll_args *a, void *recv, int ss, void *out)
{
    int size = smpi_comm_size(a->comm);
    void *acc = recv;
    int rc = MPI_SUCCESS;

    if (commutes(a)) {
        rc = copy_in(a, recv, out, ss);
        for (int i = 1; i < size && rc == MPI_SUCCESS; i++)
            rc = smpi_op_apply(a->op, at(recv, (MPI_Aint)i * ss, a), out, ss, a->type);
        return rc;
    }
    for (int i = 1; i < size && rc == MPI_SUCCESS; i++) {
        void *next = at(recv, (MPI_Aint)i * ss, a);

        rc = smpi_op_apply(a->op, acc, next, ss, a->type);
        acc = next;
    }
    return rc == MPI_SUCCESS ? copy_in(a, acc, out, ss) : rc;
}

/* Each rank reduces one p-th of the buffer: the configured alltoall hands rank i the i-th block
 * of every rank, the rank reduces them, the configured allgather spreads the results. A count
 * that p does not divide is padded to p blocks of count / p + 1 elements (of p elements when
 * count < p). Reference: SimGrid 3.32 colls/allreduce/allreduce-rab2.cpp. Cost: an alltoall
 * and an allgather of n bytes, plus (p-1)/p n γ. Needs: none. */
static int allreduce_rab2(const struct coll_args *a)
{
    int size = smpi_comm_size(a->comm);
    bool even = a->count % size == 0;
    int ss = even ? a->count / size : a->count < size ? size : a->count / size + 1;
    void *send = (void *)a->sbuf;
    void *recv;
    void *out;
    void *blocks[3] = { NULL, NULL, NULL };
    int rc = MPI_SUCCESS;

    blocks[0] = coll__tmp_alloc(ss * size, a->type, &recv);
    out = at(a->rbuf, (MPI_Aint)smpi_comm_rank(a->comm) * ss, a);
    if (!even) {
        blocks[1] = zero_alloc(a, ss * size, &send);
        blocks[2] = coll__tmp_alloc(ss, a->type, &out);
        rc = copy_in(a, a->sbuf, send, a->count);
    }
    if (rc == MPI_SUCCESS) {
        struct coll_args t = { .sbuf = send,
                               .scount = ss,
                               .stype = a->type,
                               .rbuf = recv,
                               .rcount = ss,
                               .rtype = a->type,
                               .comm = a->comm };

        rc = coll_run(COLL_ALLTOALL, &t);
    }
    if (rc == MPI_SUCCESS)
        rc = rab2_reduce(a, recv, ss, out);
    if (rc == MPI_SUCCESS) {
        struct coll_args g = { .sbuf = out,
                               .scount = ss,
                               .stype = a->type,
                               .rbuf = even ? a->rbuf : recv,
                               .rcount = ss,
                               .rtype = a->type,
                               .comm = a->comm };

        rc = coll_run(COLL_ALLGATHER, &g);
    }
    if (rc == MPI_SUCCESS && !even)
        rc = copy_in(a, recv, a->rbuf, a->count);
    for (int i = 0; i < 3; i++)
        free(blocks[i]);
    return rc;
}

/* ---- ompi_ring_segmented ---------------------------------------------------------------- */

/* Open MPI's pipelined ring: p blocks (the first count % p one element longer), each cut into
 * `phases` segments (the first ones one element longer). */
struct ring {
    const struct coll_args *a;
    int rank;
    int size;
    int phases;
    int early; /* elements of blocks 0 .. split - 1 */
    int late;  /* elements of the other blocks */
    int split;
};

static int ring_block_off(const struct ring *r, int b)
{
    return b < r->split ? b * r->early : b * r->late + r->split;
}

static int ring_block_len(const struct ring *r, int b)
{
    return b < r->split ? r->early : r->late;
}

/* Segment `phase` of block b: its first element (in the whole buffer) and its length. */
static int ring_seg(const struct ring *r, int b, int phase, int *len)
{
    int n = ring_block_len(r, b);
    int short_len = n / r->phases;
    int long_phases = n % r->phases;

    *len = phase < long_phases ? short_len + 1 : short_len;
    return ring_block_off(r, b) +
           (phase < long_phases ? phase * (short_len + 1) : phase * short_len + long_phases);
}

/* Reduces the segment that arrived in `in` into segment `phase` of block b of rbuf. */
static int ring_fold(const struct ring *r, void *in, int b, int phase)
{
    int len;
    int off = ring_seg(r, b, phase, &len);

    return fold(r->a, in, at(r->a->rbuf, off, r->a), len, r->rank > 0);
}

/* One phase of the ring reduce-scatter on segment `phase` of every block: receive block
 * rank - k + 1 from the left while sending the block reduced in the previous step. */
static int ring_phase(const struct ring *r, int phase, void *inbuf[2], int maxseg)
{
    const struct coll_args *a = r->a;
    int right = coll__ring_right(r->rank, r->size);
    int left = coll__ring_left(r->rank, r->size);
    MPI_Request reqs[2] = { MPI_REQUEST_NULL, MPI_REQUEST_NULL };
    int inbi = 0;
    int len;
    int off = ring_seg(r, r->rank, phase, &len);
    int rc = smpi_irecv(inbuf[0], maxseg, a->type, left, TAG, a->comm, &reqs[0]);

    if (rc == MPI_SUCCESS)
        rc = smpi_send(at(a->rbuf, off, a), len, a->type, right, TAG, a->comm);
    for (int k = 2; k < r->size && rc == MPI_SUCCESS; k++) {
        int prev = (r->rank + r->size - k + 1) % r->size;

        inbi ^= 1;
        rc = smpi_irecv(inbuf[inbi], maxseg, a->type, left, TAG, a->comm, &reqs[inbi]);
        if (rc == MPI_SUCCESS)
            rc = smpi_wait(&reqs[inbi ^ 1], MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = ring_fold(r, inbuf[inbi ^ 1], prev, phase);
        off = ring_seg(r, prev, phase, &len);
        if (rc == MPI_SUCCESS)
            rc = smpi_send(at(a->rbuf, off, a), len, a->type, right, TAG, a->comm);
    }
    if (rc == MPI_SUCCESS)
        rc = smpi_wait(&reqs[inbi], MPI_STATUS_IGNORE);
    if (rc == MPI_SUCCESS)
        return ring_fold(r, inbuf[inbi], right, phase);
    return coll__waitall(2, reqs, rc);
}

/* The ring allgather that ends ompi_ring_segmented: block rank + 1 - k goes right while block
 * rank - k comes from the left (received with room for the longest block). */
static int ring_distribute(const struct ring *r)
{
    const struct coll_args *a = r->a;
    int right = coll__ring_right(r->rank, r->size);
    int left = coll__ring_left(r->rank, r->size);
    int rc = MPI_SUCCESS;

    for (int k = 0; k < r->size - 1 && rc == MPI_SUCCESS; k++) {
        int rb = (r->rank + r->size - k) % r->size;
        int sb = (r->rank + 1 + r->size - k) % r->size;

        rc = smpi_sendrecv(at(a->rbuf, ring_block_off(r, sb), a), ring_block_len(r, sb), a->type,
                           right, TAG, at(a->rbuf, ring_block_off(r, rb), a), r->early, a->type,
                           left, TAG, a->comm, MPI_STATUS_IGNORE);
    }
    return rc;
}

/* Open MPI's segment count for a 1 MiB segment (COLL_TUNED_COMPUTED_SEGCOUNT): the count itself
 * unless the buffer exceeds a segment, else a segment's worth of elements, rounded. */
static int ring_segcount(const struct coll_args *a)
{
    size_t tsize = smpi_type_size(a->type);
    int seg = a->count;

    if (RING_SEGMENT_BYTES >= tsize && RING_SEGMENT_BYTES < tsize * (size_t)a->count) {
        seg = (int)(RING_SEGMENT_BYTES / tsize);
        if (RING_SEGMENT_BYTES - (size_t)seg * tsize > tsize / 2)
            seg++;
    }
    return seg;
}

/* Pipelined ring: with segments of about 1 MiB, the buffer is cut into p blocks of `phases`
 * segments each; each phase runs a ring reduce-scatter on one segment of every block
 * (receives posted one step ahead, blocking sends), and a ring allgather of whole blocks ends.
 * Below p segments of data it is lr. Reference: SimGrid 3.32
 * colls/allreduce/allreduce-ompi-ring-segmented.cpp; Open MPI coll_tuned_allreduce.c
 * (ompi_coll_tuned_allreduce_intra_ring_segmented).
 * Cost: (phases + 1) (p-1) α + 2 (p-1)/p n β + (p-1)/p n γ. Needs: count > 0 when p > 1 (SMPI
 * divides by zero); a commutative op when p > 2 (ring order), as lr when it becomes lr. */
static int allreduce_ompi_ring_segmented(const struct coll_args *a)
{
    struct ring r = { .a = a, .rank = smpi_comm_rank(a->comm), .size = smpi_comm_size(a->comm) };
    long long per_phase = (long long)r.size * ring_segcount(a);
    int maxseg;
    void *inbuf[2] = { NULL, NULL };
    void *blocks[2] = { NULL, NULL };
    int rc;

    if (r.size == 1)
        return copy_in(a, a->sbuf, a->rbuf, a->count);
    if (a->count < per_phase)
        return coll__call(COLL_ALLREDUCE, "lr", a);
    r.phases = (int)(a->count / per_phase);
    if (a->count % per_phase >= r.size && a->count % per_phase > per_phase / 2)
        r.phases++;
    r.late = a->count / r.size;
    r.split = a->count % r.size;
    r.early = r.late + (r.split != 0);
    maxseg = r.early / r.phases + (r.early % r.phases != 0);
    blocks[0] = coll__tmp_alloc(maxseg, a->type, &inbuf[0]);
    if (r.size > 2)
        blocks[1] = coll__tmp_alloc(maxseg, a->type, &inbuf[1]);
    rc = copy_in(a, a->sbuf, a->rbuf, a->count);
    for (int phase = 0; phase < r.phases && rc == MPI_SUCCESS; phase++)
        rc = ring_phase(&r, phase, inbuf, maxseg);
    if (rc == MPI_SUCCESS)
        rc = ring_distribute(&r);
    free(blocks[0]);
    free(blocks[1]);
    return rc;
}

static const char *check_ompi_ring_segmented(const struct coll_args *a)
{
    int size = smpi_comm_size(a->comm);

    if (size == 1)
        return NULL;
    if (a->count == 0)
        return "a count above 0 (SMPI divides by zero)";
    if (a->count < (long long)size * ring_segcount(a))
        return check_lr(a);
    if (!commutes(a) && size > 2)
        return "a commutative op when there are more than two ranks";
    return NULL;
}

/* ---- SMP-aware algorithms ---------------------------------------------------------------- */

/* How SMPI's smp_* allreduce algorithms see the ranks: groups of `core` consecutive ranks
 * (the ranks per host when every host holds as many, else 1), whatever the hosts really are. */
struct smp_grid {
    int rank;
    int size;
    int core;  /* ranks per group */
    int intra; /* rank % core */
    int inter; /* rank / core: the group */
    int nodes; /* groups */
};

static void grid_fill(struct smp_grid *g, MPI_Comm comm, const struct smpi_smp *smp)
{
    g->rank = smpi_comm_rank(comm);
    g->size = smpi_comm_size(comm);
    g->core = smp->uniform ? smpi_comm_size(smp->intra) : 1;
    g->intra = g->rank % g->core;
    g->inter = g->rank / g->core;
    g->nodes = (g->size + g->core - 1) / g->core;
}

/* The grid, charging SMPI's init_smp messages on the first use of the communicator. */
static int grid_init(const struct coll_args *a, struct smp_grid *g)
{
    struct smpi_smp smp;
    int rc = coll__smp_init(a->comm, &smp);

    if (rc == MPI_SUCCESS)
        grid_fill(g, a->comm, &smp);
    return rc;
}

/* The grid for a check function: no message. Returns false if the layout is unknown. */
static bool grid_peek(const struct coll_args *a, struct smp_grid *g)
{
    struct smpi_smp smp;

    if (smpi_comm_smp(a->comm, &smp) != MPI_SUCCESS)
        return false;
    grid_fill(g, a->comm, &smp);
    return true;
}

/* Binomial reduce of n elements at buf towards member 0 of a group whose member j is rank
 * base + j * stride (members beyond the communicator are absent), `span` members at most;
 * `me` is the calling rank's member number. Receives come from higher members. */
static int binomial_reduce(const struct coll_args *a, void *buf, void *tmp, int n, int me, int span,
                           int base, int stride)
{
    int size = smpi_comm_size(a->comm);
    int rc = MPI_SUCCESS;

    for (int mask = 1; mask < span && rc == MPI_SUCCESS; mask <<= 1) {
        int peer = base + (me ^ mask) * stride;

        if (me & mask)
            return smpi_send(buf, n, a->type, peer, TAG, a->comm);
        if (peer >= size)
            continue;
        rc = smpi_recv(tmp, n, a->type, peer, TAG, a->comm, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = fold(a, tmp, buf, n, false);
    }
    return rc;
}

/* Binomial bcast of n elements at buf from member 0, on the same kind of group. */
static int binomial_bcast(const struct coll_args *a, void *buf, int n, int me, int span, int base,
                          int stride)
{
    int size = smpi_comm_size(a->comm);
    int mask = 1;
    int rc = MPI_SUCCESS;

    for (; mask < span; mask <<= 1) {
        if (me & mask) {
            rc = smpi_recv(buf, n, a->type, base + (me - mask) * stride, TAG, a->comm,
                           MPI_STATUS_IGNORE);
            break;
        }
    }
    for (mask >>= 1; mask > 0 && rc == MPI_SUCCESS; mask >>= 1) {
        int peer = base + (me + mask) * stride;

        if (peer < size)
            rc = smpi_send(buf, n, a->type, peer, TAG, a->comm);
    }
    return rc;
}

static int intra_reduce(const struct coll_args *a, const struct smp_grid *g, void *buf, void *tmp,
                        int n)
{
    return binomial_reduce(a, buf, tmp, n, g->intra, g->core, g->inter * g->core, 1);
}

/* The group's bcast runs over the ranks the last group really has. */
static int intra_bcast(const struct coll_args *a, const struct smp_grid *g, void *buf, int n)
{
    int here = g->inter == g->nodes - 1 ? g->size - g->inter * g->core : g->core;

    return binomial_bcast(a, buf, n, g->intra, here, g->inter * g->core, 1);
}

/* SMPI's host groups are consecutive ranks; with more than one group and a group size that is
 * not a power of two, its binomial trees reach into the next group and hang. */
static const char *check_smp(const struct coll_args *a)
{
    struct smp_grid g;

    if (grid_peek(a, &g) && g.nodes > 1 && !coll__is_pow2(g.core))
        return "a power-of-two number of ranks per host when there are several hosts";
    return NULL;
}

/* Binomial reduce inside each group to its first rank, binomial reduce of the groups'
 * results to rank 0 (group leaders only), binomial bcast among the leaders, binomial bcast
 * inside each group. Reference: SimGrid 3.32 colls/allreduce/allreduce-smp-binomial.cpp
 * (Patarasuk). Cost: 2 (log2 c + log2 h) (α + n β) + (log2 c + log2 h) n γ.
 * Needs: a power-of-two number of ranks per host when there are several hosts. */
static int allreduce_smp_binomial(const struct coll_args *a)
{
    struct smp_grid g;
    void *tmp;
    void *block;
    int rc = grid_init(a, &g);

    if (rc != MPI_SUCCESS)
        return rc;
    block = coll__tmp_alloc(a->count, a->type, &tmp);
    rc = copy_in(a, a->sbuf, a->rbuf, a->count);
    if (rc == MPI_SUCCESS)
        rc = intra_reduce(a, &g, a->rbuf, tmp, a->count);
    if (rc == MPI_SUCCESS && g.intra == 0)
        rc = binomial_reduce(a, a->rbuf, tmp, a->count, g.inter, g.nodes, 0, g.core);
    if (rc == MPI_SUCCESS && g.intra == 0)
        rc = binomial_bcast(a, a->rbuf, a->count, g.inter, g.nodes, 0, g.core);
    if (rc == MPI_SUCCESS)
        rc = intra_bcast(a, &g, a->rbuf, a->count);
    free(block);
    return rc;
}

/* Step `phase` of the four-stage pipeline: stage s works on segment phase - s. */
static int pipeline_step(const struct coll_args *a, const struct smp_grid *g, void *tmp, int phase,
                         int pcount, int segments)
{
    int rc = MPI_SUCCESS;

    if (phase < segments)
        rc = intra_reduce(a, g, at(a->rbuf, (MPI_Aint)phase * pcount, a), tmp, pcount);
    if (rc == MPI_SUCCESS && g->intra == 0 && phase >= 1 && phase - 1 < segments)
        rc = binomial_reduce(a, at(a->rbuf, (MPI_Aint)(phase - 1) * pcount, a), tmp, pcount,
                             g->inter, g->nodes, 0, g->core);
    if (rc == MPI_SUCCESS && g->intra == 0 && phase >= 2 && phase - 2 < segments)
        rc = binomial_bcast(a, at(a->rbuf, (MPI_Aint)(phase - 2) * pcount, a), pcount, g->inter,
                            g->nodes, 0, g->core);
    if (rc == MPI_SUCCESS && phase >= 3)
        rc = intra_bcast(a, g, at(a->rbuf, (MPI_Aint)(phase - 3) * pcount, a), pcount);
    return rc;
}

/* smp_binomial's four stages pipelined over segments of 4096 elements (the whole buffer when
 * it is shorter): at step t, the intra-group reduce works on segment t, the leaders' reduce on
 * t - 1, the leaders' bcast on t - 2 and the intra-group bcast on t - 3. Reference: SimGrid
 * 3.32 colls/allreduce/allreduce-smp-binomial-pipeline.cpp (Patarasuk).
 * Cost: (s + 3) steps of at most 2 (log2 c + log2 h) (α + 4096 elements β) for s segments.
 * Needs: a count from 1 to 4096 or a multiple of 4096 (SMPI divides by zero at count 0 and
 * leaves the tail of other counts unreduced); as smp_binomial. */
static int allreduce_smp_binomial_pipeline(const struct coll_args *a)
{
    struct smp_grid g;
    int pcount = a->count < PIPELINE_SEGMENT ? a->count : PIPELINE_SEGMENT;
    int segments;
    void *tmp;
    void *block;
    int rc = grid_init(a, &g);

    if (rc != MPI_SUCCESS || pcount == 0)
        return rc;
    segments = a->count / pcount;
    block = coll__tmp_alloc(pcount, a->type, &tmp);
    rc = copy_in(a, a->sbuf, a->rbuf, a->count);
    for (int phase = 0; phase < segments + 3 && rc == MPI_SUCCESS; phase++)
        rc = pipeline_step(a, &g, tmp, phase, pcount, segments);
    free(block);
    return rc;
}

static const char *check_smp_binomial_pipeline(const struct coll_args *a)
{
    if (a->count == 0 || (a->count > PIPELINE_SEGMENT && a->count % PIPELINE_SEGMENT))
        return "a count from 1 to 4096 or a multiple of 4096";
    return check_smp(a);
}

/* Recursive doubling among the group leaders (rank inter * core), with the pairwise fold of
 * the first 2 rem groups. */
static int leaders_rdb(const struct coll_args *a, const struct smp_grid *g, void *tmp)
{
    int pof2 = coll__pow2_floor(g->nodes);
    int rem = g->nodes - pof2;
    int newrank = coll__rd_fold(g->inter, rem);
    int rc = MPI_SUCCESS;

    if (g->inter < 2 * rem && newrank < 0)
        rc = smpi_send(a->rbuf, a->count, a->type, g->rank + g->core, TAG, a->comm);
    if (g->inter < 2 * rem && newrank >= 0) {
        rc = smpi_recv(tmp, a->count, a->type, g->rank - g->core, TAG, a->comm, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = fold(a, tmp, a->rbuf, a->count, true);
    }
    for (int mask = 1; newrank >= 0 && mask < pof2 && rc == MPI_SUCCESS; mask <<= 1) {
        int peer = coll__rd_unfold(newrank ^ mask, rem) * g->core;

        rc = smpi_sendrecv(a->rbuf, a->count, a->type, peer, TAG, tmp, a->count, a->type, peer, TAG,
                           a->comm, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = fold(a, tmp, a->rbuf, a->count, peer < g->rank);
    }
    if (rc == MPI_SUCCESS && g->inter < 2 * rem)
        rc = newrank < 0 ? smpi_recv(a->rbuf, a->count, a->type, g->rank + g->core, TAG, a->comm,
                                     MPI_STATUS_IGNORE)
                         : smpi_send(a->rbuf, a->count, a->type, g->rank - g->core, TAG, a->comm);
    return rc;
}

/* Binomial reduce inside each group, recursive doubling among the group leaders, binomial
 * bcast inside each group. Reference: SimGrid 3.32 colls/allreduce/allreduce-smp-rdb.cpp
 * (Patarasuk). Cost: 2 log2 c (α + n β) + ceil(log2 h) (α + n β) + (log2 c + log2 h) n γ.
 * Needs: as smp_binomial. */
static int allreduce_smp_rdb(const struct coll_args *a)
{
    struct smp_grid g;
    void *tmp;
    void *block;
    int rc = grid_init(a, &g);

    if (rc != MPI_SUCCESS)
        return rc;
    block = coll__tmp_alloc(a->count, a->type, &tmp);
    rc = copy_in(a, a->sbuf, a->rbuf, a->count);
    if (rc == MPI_SUCCESS)
        rc = intra_reduce(a, &g, a->rbuf, tmp, a->count);
    if (rc == MPI_SUCCESS && g.intra == 0)
        rc = leaders_rdb(a, &g, tmp);
    if (rc == MPI_SUCCESS)
        rc = intra_bcast(a, &g, a->rbuf, a->count);
    free(block);
    return rc;
}

/* The leaders' ring of smp_rsag and smp_rsag_lr: h blocks of `seg` elements, the last one
 * `seg + extra` long (extra is 0 for smp_rsag). */
struct lring {
    const struct coll_args *a;
    const struct smp_grid *g;
    int seg;
    int extra;
};

/* smp_rsag_lr finds the last block by its offset, so with seg = 0 every block is the last. */
static int lring_len(const struct lring *l, int b)
{
    return l->seg == 0 || b == l->g->nodes - 1 ? l->seg + l->extra : l->seg;
}

static void *lring_at(const struct lring *l, int b)
{
    return at(l->a->rbuf, (MPI_Aint)b * l->seg, l->a);
}

/* Ring reduce-scatter then ring allgather among the leaders. */
static int lring_run(const struct lring *l, void *tmp)
{
    const struct coll_args *a = l->a;
    int h = l->g->nodes;
    int me = l->g->inter;
    int to = (me + 1) % h * l->g->core;
    int from = (me + h - 1) % h * l->g->core;
    int rc = MPI_SUCCESS;

    for (int i = 0; i < h - 1 && rc == MPI_SUCCESS; i++) {
        int sb = (me - 1 - i + 2 * h) % h;
        int rb = (me - 2 - i + 2 * h) % h;

        rc = smpi_sendrecv(lring_at(l, sb), lring_len(l, sb), a->type, to, TAG, tmp,
                           lring_len(l, rb), a->type, from, TAG, a->comm, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = fold(a, tmp, lring_at(l, rb), lring_len(l, rb), from < l->g->rank);
    }
    for (int i = 0; i < h - 1 && rc == MPI_SUCCESS; i++) {
        int sb = (me - i + h) % h;
        int rb = (me - 1 - i + h) % h;

        rc = smpi_sendrecv(lring_at(l, sb), lring_len(l, sb), a->type, to, TAG, lring_at(l, rb),
                           lring_len(l, rb), a->type, from, TAG, a->comm, MPI_STATUS_IGNORE);
    }
    return rc;
}

/* smp_rsag_lr when count < h (blocks of 0 elements): SMPI then sends the whole buffer at every
 * step and reduces partial sums twice. Same messages here, but each step forwards the raw
 * data received in the step before, so that every leader reduces each group's data once. */
static int lring_whole(const struct lring *l, void *tmp)
{
    const struct coll_args *a = l->a;
    int h = l->g->nodes;
    int to = (l->g->inter + 1) % h * l->g->core;
    int from = (l->g->inter + h - 1) % h * l->g->core;
    void *other;
    void *block = coll__tmp_alloc(a->count, a->type, &other);
    const void *out = a->rbuf;
    int rc = MPI_SUCCESS;

    for (int i = 0; i < h - 1 && rc == MPI_SUCCESS; i++) {
        void *in = i % 2 ? other : tmp;

        rc = smpi_sendrecv(out, a->count, a->type, to, TAG, in, a->count, a->type, from, TAG,
                           a->comm, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = smpi_op_apply(a->op, in, a->rbuf, a->count, a->type);
        out = in;
    }
    for (int i = 0; i < h - 1 && rc == MPI_SUCCESS; i++)
        rc = smpi_sendrecv(a->rbuf, a->count, a->type, to, TAG, a->rbuf, a->count, a->type, from,
                           TAG, a->comm, MPI_STATUS_IGNORE);
    free(block);
    return rc;
}

/* Shared body of smp_rsag and smp_rsag_lr. */
static int smp_rsag_common(const struct coll_args *a, bool lr)
{
    struct smp_grid g;
    struct lring l = { .a = a, .g = &g };
    void *tmp;
    void *block;
    int rc = grid_init(a, &g);

    if (rc != MPI_SUCCESS)
        return rc;
    l.seg = a->count / g.nodes;
    l.extra = lr ? a->count % g.nodes : 0;
    block = coll__tmp_alloc(a->count, a->type, &tmp);
    rc = copy_in(a, a->sbuf, a->rbuf, a->count);
    if (rc == MPI_SUCCESS)
        rc = intra_reduce(a, &g, a->rbuf, tmp, a->count);
    if (rc == MPI_SUCCESS && g.intra == 0)
        rc = l.seg == 0 && l.extra > 0 && g.nodes > 2 ? lring_whole(&l, tmp) : lring_run(&l, tmp);
    if (rc == MPI_SUCCESS)
        rc = intra_bcast(a, &g, a->rbuf, a->count);
    free(block);
    return rc;
}

/* Binomial reduce inside each group, ring reduce-scatter and ring allgather among the group
 * leaders on h blocks of count / h elements, binomial bcast inside each group. Reference:
 * SimGrid 3.32 colls/allreduce/allreduce-smp-rsag.cpp (Patarasuk).
 * Cost: 2 log2 c (α + n β) + 2 (h-1) α + 2 (h-1)/h n β + (log2 c + (h-1)/h) n γ.
 * Needs: a count that is a multiple of the number of hosts (SMPI leaves the rest unreduced),
 * a commutative op when there are more than two hosts; as smp_binomial. */
static int allreduce_smp_rsag(const struct coll_args *a)
{
    return smp_rsag_common(a, false);
}

static const char *check_smp_rsag(const struct coll_args *a)
{
    struct smp_grid g;

    if (!grid_peek(a, &g))
        return NULL;
    if (g.nodes > 1 && a->count % g.nodes)
        return "a count that is a multiple of the number of hosts";
    if (g.nodes > 2 && !commutes(a))
        return "a commutative op when there are more than two hosts";
    return check_smp(a);
}

/* smp_rsag with the count % h leftover elements added to the last block. Reference: SimGrid
 * 3.32 colls/allreduce/allreduce-smp-rsag-lr.cpp (Patarasuk). Cost: as smp_rsag (the whole
 * buffer at every leader step when count < h). Needs: a commutative op when there are more
 * than two hosts; as smp_binomial. */
static int allreduce_smp_rsag_lr(const struct coll_args *a)
{
    return smp_rsag_common(a, true);
}

static const char *check_smp_rsag_lr(const struct coll_args *a)
{
    struct smp_grid g;

    if (grid_peek(a, &g) && g.nodes > 2 && !commutes(a))
        return "a commutative op when there are more than two hosts";
    return check_smp(a);
}

/* Recursive halving among the h leaders, nearest group first: the kept half follows the
 * group's bits from the lowest up. Sets *kept to the elements each leader ends with (as SMPI
 * computes it: count / 2h, doubled). */
static int leaders_halving(const struct coll_args *a, const struct smp_grid *g, void *tmp,
                           int *kept)
{
    int cnt = a->count / 2;
    int base = 0;
    int rc = MPI_SUCCESS;

    for (int mask = 1; mask < g->nodes && rc == MPI_SUCCESS; mask <<= 1, cnt /= 2) {
        int peer = (g->inter ^ mask) * g->core;
        int send_base = g->inter & mask ? base : base + cnt;

        if (g->inter & mask)
            base += cnt;
        rc = smpi_sendrecv(at(a->rbuf, send_base, a), cnt, a->type, peer, TAG, tmp, cnt, a->type,
                           peer, TAG, a->comm, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = fold(a, tmp, at(a->rbuf, base, a), cnt, peer < g->rank);
    }
    *kept = cnt * 2;
    return rc;
}

/* Recursive doubling among the leaders, farthest group first, of blocks of count / h elements
 * stored at the bit-reversed group number. */
static int leaders_doubling(const struct coll_args *a, const struct smp_grid *g, int cnt)
{
    int chunk = a->count / g->nodes;
    int slot = 0;
    int rc = MPI_SUCCESS;

    for (int mask = 1, w = g->nodes / 2; mask < g->nodes; mask <<= 1, w /= 2)
        if (g->inter & mask)
            slot += w;
    for (int mask = g->nodes / 2, i = 1; mask >= 1 && rc == MPI_SUCCESS; mask >>= 1, i *= 2) {
        int peer = (g->inter ^ mask) * g->core;
        int other = g->inter & mask ? slot - i : slot + i;

        rc = smpi_sendrecv(at(a->rbuf, (MPI_Aint)slot * chunk, a), cnt, a->type, peer, TAG,
                           at(a->rbuf, (MPI_Aint)other * chunk, a), cnt, a->type, peer, TAG,
                           a->comm, MPI_STATUS_IGNORE);
        if (g->inter & mask)
            slot = other;
        cnt *= 2;
    }
    return rc;
}

/* Binomial reduce inside each group, reduce-scatter by recursive halving and allgather by
 * recursive doubling among the group leaders, binomial bcast inside each group. Reference:
 * SimGrid 3.32 colls/allreduce/allreduce-smp-rsag-rab.cpp (Patarasuk).
 * Cost: 2 log2 c (α + n β) + 2 log2 h α + 2 (h-1)/h n β + (log2 c + (h-1)/h) n γ.
 * Needs: a power-of-two size (SMPI throws otherwise) and, with several hosts, a count that is
 * a multiple of twice the number of hosts (SMPI's halving and doubling lose elements
 * otherwise). */
static int allreduce_smp_rsag_rab(const struct coll_args *a)
{
    struct smp_grid g;
    void *tmp;
    void *block;
    int rc = grid_init(a, &g);
    int cnt = 0;

    if (rc != MPI_SUCCESS)
        return rc;
    block = coll__tmp_alloc(a->count, a->type, &tmp);
    rc = copy_in(a, a->sbuf, a->rbuf, a->count);
    if (rc == MPI_SUCCESS)
        rc = intra_reduce(a, &g, a->rbuf, tmp, a->count);
    if (rc == MPI_SUCCESS && g.intra == 0)
        rc = leaders_halving(a, &g, tmp, &cnt);
    if (rc == MPI_SUCCESS && g.intra == 0)
        rc = leaders_doubling(a, &g, cnt);
    if (rc == MPI_SUCCESS)
        rc = intra_bcast(a, &g, a->rbuf, a->count);
    free(block);
    return rc;
}

static const char *check_smp_rsag_rab(const struct coll_args *a)
{
    struct smp_grid g;

    if (grid_peek(a, &g) && g.nodes > 1 && a->count % (2 * g.nodes))
        return "a count that is a multiple of twice the number of hosts";
    return NULL;
}

/* The leaders' part of mvapich2_two_level: the inter-host function from a copy of the
 * leader's partial result. */
static int two_level_leaders(const struct coll_args *a, MPI_Comm leaders)
{
    struct coll_args out = *a;
    void *copy;
    void *block = coll__tmp_alloc(a->count, a->type, &copy);
    int rc = copy_in(a, a->rbuf, copy, a->count);

    out.sbuf = copy;
    out.comm = leaders;
    if (rc == MPI_SUCCESS)
        rc = coll__mv2.allreduce == NULL || coll__mv2.allreduce == allreduce_rdb
                 ? allreduce_rdb(&out)
                 : allreduce_mvapich2_rs(&out);
    free(block);
    return rc;
}

/* MVAPICH2's two-level allreduce: the intra-host function the mvapich2 selector chose (the
 * mpich selector's allreduce until it ran; SMPI's comparison with its reduce variants never
 * matches, so it always runs on the host's communicator), then on the host leaders the
 * inter-host function (rdb, or mvapich2_rs when the selector chose it) from a copy of the
 * leader's result, then the configured bcast inside each host. Nothing but init_smp's
 * messages at count 0. Reference: SimGrid 3.32
 * colls/allreduce/allreduce-mvapich-two-level.cpp; MVAPICH2 2.0 allreduce_osu.c
 * (MPIR_Allreduce_two_level_MV2). Cost: intra-host allreduce + leaders' allreduce + intra-host
 * bcast. Needs: a commutative op (hosts need not hold consecutive ranks). */
static int allreduce_mvapich2_two_level(const struct coll_args *a)
{
    struct smpi_smp smp;
    struct coll_args in = *a;
    struct coll_args b = { .rbuf = a->rbuf, .count = a->count, .type = a->type, .root = 0 };
    bool leader;
    int rc = coll__smp_init(a->comm, &smp);

    if (rc != MPI_SUCCESS || a->count == 0)
        return rc;
    leader = smpi_comm_rank(smp.intra) == 0;
    if (leader)
        rc = copy_in(a, a->sbuf, a->rbuf, a->count);
    in.comm = smp.intra;
    in.root = 0;
    if (rc == MPI_SUCCESS)
        rc = coll__mv2.allreduce_intra ? coll__mv2.allreduce_intra(&in)
                                       : coll__call(COLL_ALLREDUCE, "mpich", &in);
    if (rc == MPI_SUCCESS && leader && smpi_comm_size(smp.intra) != smpi_comm_size(a->comm))
        rc = two_level_leaders(a, smp.leaders);
    b.comm = smp.intra;
    if (rc == MPI_SUCCESS)
        rc = coll_run(COLL_BCAST, &b);
    return rc;
}

/* Rabenseifner's allreduce (reduce.c's coll__rab with the result spread to every rank): SMPI
 * 3.32's allreduce__rab. Needs a basic datatype and a predefined op, as SMPI's. */
static int allreduce_rab(const struct coll_args *a)
{
    return coll__rab(a, true);
}

const struct coll_algo coll_allreduce_algos[] = {
    /* name, needs, run, help, check */
    { "smpi_redbcast", 0, allreduce_smpi_redbcast,
      "SMPI's default: default reduce to rank 0, then default bcast", NULL },
    { "lr", 0, allreduce_lr, "ring reduce-scatter + ring allgather (count < p: redbcast)",
      check_lr },
    { "rab1", COLL_NEEDS_POW2 | COLL_NEEDS_COMMUTATIVE, allreduce_rab1,
      "recursive halving (farthest first) + allgather", check_rab1 },
    { "rab2", 0, allreduce_rab2, "alltoall, local reduce, allgather", NULL },
    { "rab_rdb", 0, allreduce_rab_rdb,
      "Rabenseifner: recursive halving reduce-scatter + recursive doubling allgather", NULL },
    { "rdb", 0, allreduce_rdb, "recursive doubling, pairwise fold for non-powers of two", NULL },
    { "smp_binomial", 0, allreduce_smp_binomial,
      "binomial reduce and bcast inside hosts and among host leaders", check_smp },
    { "smp_binomial_pipeline", 0, allreduce_smp_binomial_pipeline,
      "smp_binomial pipelined over 4096-element segments", check_smp_binomial_pipeline },
    { "smp_rdb", 0, allreduce_smp_rdb,
      "binomial inside hosts, recursive doubling among host leaders", check_smp },
    { "smp_rsag", 0, allreduce_smp_rsag,
      "binomial inside hosts, ring reduce-scatter + allgather among host leaders", check_smp_rsag },
    { "smp_rsag_lr", 0, allreduce_smp_rsag_lr,
      "smp_rsag with the leftover elements in the last block", check_smp_rsag_lr },
    { "smp_rsag_rab", COLL_NEEDS_POW2, allreduce_smp_rsag_rab,
      "binomial inside hosts, recursive halving + doubling among host leaders",
      check_smp_rsag_rab },
    { "redbcast", 0, allreduce_redbcast, "configured reduce to rank 0, then configured bcast",
      NULL },
    { "ompi_ring_segmented", 0, allreduce_ompi_ring_segmented,
      "Open MPI's pipelined ring, 1 MiB segments (below p segments: lr)",
      check_ompi_ring_segmented },
    { "mvapich2_rs", 0, allreduce_mvapich2_rs,
      "MVAPICH2: recursive doubling (count < p) or Rabenseifner", NULL },
    { "mvapich2_two_level", COLL_NEEDS_COMMUTATIVE, allreduce_mvapich2_two_level,
      "MVAPICH2: intra-host allreduce, leaders' allreduce, intra-host bcast", NULL },
    { "rab", 0, allreduce_rab,
      "Rabenseifner: pairs, recursive halving, recursive doubling back (basic types)",
      coll__rab_check },
    { NULL, 0, NULL, NULL, NULL },
};
