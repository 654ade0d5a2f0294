/* reduce_rsg: the reduces built from a reduce-scatter then a gather: MPICH's scatter_gather
 * (recursive halving, binomial gather) and Rabenseifner's reduce and allreduce (coll__rab,
 * which allreduce.c shares). SimGrid 3.32 colls/reduce/reduce-scatter-gather.cpp and
 * reduce-rab.cpp. */
#include "collectives/reduce_impl.h"

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

    return combine(a, elem(x->tmp, off, a->type), elem(x->work, off, a->type), n, partner_first);
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
const char *coll__reduce_check_scatter_gather(const struct coll_args *a)
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
 * not a power of two (coll__reduce_check_scatter_gather). */
int coll__reduce_scatter_gather(const struct coll_args *a)
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
int coll__reduce_rab(const struct coll_args *a)
{
    return coll__rab(a, false);
}
