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
 * non-commutative ops. Local reductions cost no simulated time, in SMPI as here. This file holds
 * the flat algorithms (rows in algorithms.def); ompi_ring_segmented is in allreduce_ring.c and the
 * SMP-aware ones in allreduce_smp.c. */

#include "collectives/allreduce_impl.h"

SIM_LOG_SUBCATEGORY(log_allreduce, "smpi_colls", "smpi"); /* SMPI's name for its algorithms */

/* ---- flat algorithms -------------------------------------------------------------------- */

/* Reduce to rank 0, then broadcast from rank 0: with the algorithms the default selector picks
 * (`selector` "default") or the configured ones (NULL). */
static int reduce_then_bcast(const struct coll_args *a, const char *selector)
{
    /* one record, the reduce's then the bcast's: a rank waiting in either keeps one on its
     * stack */
    struct coll_args x = { .sbuf = a->sbuf,
                           .rbuf = a->rbuf,
                           .count = a->count,
                           .type = a->type,
                           .op = a->op,
                           .root = 0,
                           .comm = a->comm };
    int rc = selector ? coll__call(COLL_REDUCE, selector, &x) : coll_run(COLL_REDUCE, &x);

    if (rc != MPI_SUCCESS)
        return rc;
    x = (struct coll_args){
        .rbuf = a->rbuf, .count = a->count, .type = a->type, .root = 0, .comm = a->comm
    };
    return selector ? coll__call(COLL_BCAST, selector, &x) : coll_run(COLL_BCAST, &x);
}

/* SMPI's allreduce__default for predefined types: reduce to rank 0 with the default
 * selector's reduce, then bcast from rank 0 with the default selector's bcast (SMPI switches
 * derived types to its ompi selector first; that choice is the selectors' job).
 * Reference: SimGrid 3.32 colls/smpi_default_selector.cpp (allreduce__default).
 * Cost: that of the reduce plus that of the bcast. Needs: none. */
int coll__allreduce_smpi_redbcast(const struct coll_args *a)
{
    return reduce_then_bcast(a, "default");
}

/* Reduce to rank 0, then broadcast from rank 0, with the configured reduce and bcast.
 * Reference: SimGrid 3.32 colls/allreduce/allreduce-redbcast.cpp.
 * Cost: that of the reduce plus that of the bcast. Needs: none. */
int coll__allreduce_redbcast(const struct coll_args *a)
{
    return reduce_then_bcast(a, NULL);
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

/* Recursive doubling on a->rbuf, which holds the caller's input: the pairwise fold of the
 * first 2 rem ranks, the exchanges among the pof2 others, the result back to the folded ranks
 * (rdb, and mvapich2_rs below pof2 elements). */
static int rd_on_rbuf(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int pof2 = coll__pow2_floor(smpi_comm_size(a->comm));
    int rem = smpi_comm_size(a->comm) - pof2;
    int newrank = -1;
    void *tmp;
    void *block = coll__tmp_alloc(a->count, a->type, &tmp);
    int rc = rd_fold_in(a, rank, rem, tmp, &newrank);

    if (rc == MPI_SUCCESS && newrank >= 0)
        rc = rd_exchange(a, rank, newrank, pof2, tmp);
    if (rc == MPI_SUCCESS)
        rc = rd_fold_out(a, rank, rem);
    free(block);
    return rc;
}

/* Recursive doubling: with p = 2^k, in step i each rank exchanges its partial result with
 * rank XOR 2^i and combines; after k steps all hold the result. Otherwise the first 2 rem
 * ranks fold pairwise first and get the result back at the end. SMPI already combines in rank
 * order here. Reference: SimGrid 3.32 colls/allreduce/allreduce-rdb.cpp; Thakur, Rabenseifner,
 * Gropp, "Optimization of collective communication operations in MPICH" (2005).
 * Cost: ceil(log2 p) (α + n β + n γ), plus 2 (α + n β) + n γ when p is not a power of two.
 * Needs: none. */
int coll__allreduce_rdb(const struct coll_args *a)
{
    int rc = copy_in(a, a->sbuf, a->rbuf, a->count);

    return rc == MPI_SUCCESS ? rd_on_rbuf(a) : rc;
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
int coll__allreduce_rab_rdb(const struct coll_args *a)
{
    int rc = copy_in(a, a->sbuf, a->rbuf, a->count);

    return rc == MPI_SUCCESS ? rsag_run(a) : rc;
}

/* MVAPICH2's pt2pt allreduce: recursive doubling when count < 2^floor(log2 p), else
 * Rabenseifner's reduce-scatter + allgather, both after the pairwise fold; nothing at count
 * 0. Reference: SimGrid 3.32 colls/allreduce/allreduce-mvapich-rs.cpp; MVAPICH2 2.0
 * allreduce_osu.c (MPIR_Allreduce_pt2pt_rs_MV2). Cost: as rdb or as rab_rdb. Needs: none. */
int coll__allreduce_mvapich2_rs(const struct coll_args *a)
{
    int rc;

    if (a->count == 0)
        return MPI_SUCCESS;
    rc = copy_in(a, a->sbuf, a->rbuf, a->count);
    if (rc != MPI_SUCCESS)
        return rc;
    return a->count >= coll__pow2_floor(smpi_comm_size(a->comm)) ? rsag_run(a) : rd_on_rbuf(a);
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
int coll__allreduce_lr(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int n = a->count / size;
    int right = coll__ring_right(rank, size);
    int left = coll__ring_left(rank, size);
    int rc;

    if (a->count < size) {
        SIM_LOG(
            log_allreduce, SIM_LOG_INFO, /* SMPI's words (allreduce-lr.cpp) */
            "MPI_allreduce_lr: communication size smaller than number of process, use default MPI_allreduce.");
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

const char *coll__allreduce_check_lr(const struct coll_args *a)
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
int coll__allreduce_rab1(const struct coll_args *a)
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

const char *coll__allreduce_check_rab1(const struct coll_args *a)
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
int coll__allreduce_rab2(const struct coll_args *a)
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
