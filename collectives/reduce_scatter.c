/* reduce_scatter: MPI_Reduce_scatter and MPI_Reduce_scatter_block (which comes here with equal
 * counts). a->sbuf holds every rank's whole input vector (the bindings turn MPI_IN_PLACE into a
 * copy of a->rbuf, as SMPI 3.32's do); rank j receives block j, a->rcounts[j] elements, of the
 * reduced vector in a->rbuf. Costs: p ranks, n bytes in the whole vector, α latency, β time
 * per byte, γ time per byte reduced. */
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>

#include "collectives/internal.h"
#include "simcore/simcore.h"
#include "smpi/mpi/p2p_api.h"

#define TAG COLL_TAG_REDUCE_SCATTER

/* The calling rank's view of the vector every rank reduces: block j starts at displs[j]
 * (elements) and holds a->rcounts[j]; displs[size] is the vector's length n. The fold of Open
 * MPI's recursive halving and butterfly on a non-power-of-two size: pof2, rem, vrank. */
struct rs_vec {
    int rank;
    int size;
    int pof2;  /* the largest power of two <= size */
    int rem;   /* size - pof2 */
    int vrank; /* the rank folded by coll__rd_fold on rem (-1: sits out) */
    int n;
    int *displs; /* size + 1 entries; free it */
};

/* Fills *v for call a. Returns MPI_ERR_COUNT when the length does not fit an int (n is 0
 * then), else MPI_SUCCESS. */
static int vec_init(struct rs_vec *v, const struct coll_args *a)
{
    long long total = 0;
    int rc = MPI_SUCCESS;

    v->rank = smpi_comm_rank(a->comm);
    v->size = smpi_comm_size(a->comm);
    v->pof2 = coll__pow2_floor(v->size);
    v->rem = v->size - v->pof2;
    v->vrank = coll__rd_fold(v->rank, v->rem);
    v->displs = sim_xmalloc(((size_t)v->size + 1) * sizeof(*v->displs));
    for (int i = 0; i < v->size; i++) {
        v->displs[i] = (int)total;
        total += a->rcounts[i];
        if (total > INT_MAX)
            rc = MPI_ERR_COUNT;
    }
    v->n = rc == MPI_SUCCESS ? (int)total : 0;
    v->displs[v->size] = v->n;
    return rc;
}

/* Element i of buf, a buffer of a->type. */
static void *at(const struct coll_args *a, const void *buf, int i)
{
    return coll__elem(buf, i, a->type);
}

/* The whole input vector copied into vec (v->n elements). */
static int vec_copy_in(const struct coll_args *a, const struct rs_vec *v, void *vec)
{
    return smpi_type_copy(a->sbuf, v->n, a->type, vec, v->n, a->type);
}

/* The caller's block of vector vec copied into its receive buffer. */
static int vec_copy_out(const struct coll_args *a, const struct rs_vec *v, const void *vec)
{
    int n = a->rcounts[v->rank];

    return smpi_type_copy(at(a, vec, v->displs[v->rank]), n, a->type, a->rbuf, n, a->type);
}

/* x with its `bits` low bits in reverse order (x < 2^bits): the block a rank of a butterfly
 * ends up holding. */
static int mirror(int x, int bits)
{
    int r = 0;

    for (int i = 0; i < bits; i++)
        r |= ((x >> i) & 1) << (bits - 1 - i);
    return r;
}

/* log2 of a power of two. */
static int log2_of(int pof2)
{
    int k = 0;

    while ((1 << k) < pof2)
        k++;
    return k;
}

/* Two temporaries of n elements of a type: buf[i] is where element 0 of the i-th starts,
 * block[i] what to free. */
struct tmp2 {
    void *buf[2];
    void *block[2];
};

static void tmp2_alloc(struct tmp2 *t, int n, MPI_Datatype type)
{
    t->block[0] = coll__tmp_alloc(n, type, &t->buf[0]);
    t->block[1] = coll__tmp_alloc(n, type, &t->buf[1]);
}

static void tmp2_free(struct tmp2 *t)
{
    free(t->block[0]);
    free(t->block[1]);
}

/* The fold that precedes Open MPI's recursive halving and butterfly on a non-power-of-two
 * size: among the first 2 rem ranks, each even rank sends its whole vector (vec, n elements)
 * to the odd rank above it, which receives it in tmp and reduces it on the left of its own. */
static int fold_pairs(const struct coll_args *a, int rank, int rem, int n, void *vec, void *tmp)
{
    int rc;

    if (rank >= 2 * rem)
        return MPI_SUCCESS;
    if (rank % 2 == 0)
        return smpi_send(vec, n, a->type, rank + 1, TAG, a->comm);
    rc = smpi_recv(tmp, n, a->type, rank - 1, TAG, a->comm, MPI_STATUS_IGNORE);
    if (rc == MPI_SUCCESS)
        rc = smpi_op_apply(a->op, tmp, vec, n, a->type);
    return rc;
}

/* SMPI 3.32's reduce_scatter__default for regular counts: the whole vector is reduced to rank
 * 0 with the default selector's reduce (SMPI's reduce__default), then rank 0 hands out the
 * blocks with the selected scatterv (colls::scatterv). SMPI's default switches to its mpich
 * selector when the counts differ; that switch belongs to the selector, this row computes any
 * counts. Operand order is the reduce's, so non-commutative ops are correct. Reference:
 * SimGrid 3.32 colls/smpi_default_selector.cpp. Cost: a reduce of n bytes plus a scatterv of
 * n bytes. Needs: none. */
int coll__reduce_scatter_smpi_reduce_scatterv(const struct coll_args *a)
{
    struct rs_vec v;
    int rc = vec_init(&v, a);
    void *tmp;
    void *tmp_block = coll__tmp_alloc(v.n, a->type, &tmp);
    struct coll_args r = { .sbuf = a->sbuf,
                           .rbuf = tmp,
                           .count = v.n,
                           .type = a->type,
                           .op = a->op,
                           .root = 0,
                           .comm = a->comm };
    struct coll_args s = { .sbuf = tmp,
                           .scounts = a->rcounts,
                           .sdispls = v.displs,
                           .stype = a->type,
                           .rbuf = a->rbuf,
                           .rcount = a->rcounts[v.rank],
                           .rtype = a->type,
                           .root = 0,
                           .comm = a->comm };

    if (rc == MPI_SUCCESS)
        rc = coll__call(COLL_REDUCE, "default", &r);
    if (rc == MPI_SUCCESS)
        rc = coll_run(COLL_SCATTERV, &s);
    free(tmp_block);
    free(v.displs);
    return rc;
}

/* ---- Open MPI's recursive halving ---------------------------------------------------------- */

/* The blocks of the 2^k ranks left after the fold of recursive halving: folded rank i < rem
 * owns the blocks of ranks 2i and 2i + 1, the others the block of rank i + rem. A new array of
 * pof2 + 1 prefix sums (where folded block i starts, then the total). */
static int *folded_displs(const int *counts, int pof2, int rem)
{
    int *d = sim_xmalloc(((size_t)pof2 + 1) * sizeof(*d));

    d[0] = 0;
    for (int i = 0; i < pof2; i++)
        d[i + 1] = d[i] + (i < rem ? counts[2 * i] + counts[2 * i + 1] : counts[i + rem]);
    return d;
}

/* Open MPI exchanges the halves of a recursive-halving step only when both hold data, and
 * reduces what it did not receive when just one does: the result is then wrong. Refuses
 * counts for which some step has exactly one empty half. O(p) time. */
const char *coll__reduce_scatter_check_recursivehalving(const struct coll_args *a)
{
    int size = smpi_comm_size(a->comm);
    int pof2 = coll__pow2_floor(size);
    int *d = folded_displs(a->rcounts, pof2, size - pof2);
    bool bad = false;

    for (int w = 2; w <= pof2 && !bad; w *= 2)
        for (int lo = 0; lo < pof2 && !bad; lo += w)
            bad = (d[lo + w / 2] == d[lo]) != (d[lo + w] == d[lo + w / 2]);
    free(d);
    return bad ? "block counts that never leave exactly one half of a recursive-halving step empty"
               : NULL;
}

/* Posts the receive, sends, then waits, as Open MPI's recursive halving does. */
static int halving_exchange(const struct coll_args *a, int peer, const void *sbuf, int nsend,
                            void *rbuf, int nrecv)
{
    MPI_Request req = MPI_REQUEST_NULL;
    int rc = smpi_irecv(rbuf, nrecv, a->type, peer, TAG, a->comm, &req);

    if (rc == MPI_SUCCESS)
        rc = smpi_send(sbuf, nsend, a->type, peer, TAG, a->comm);
    if (rc == MPI_SUCCESS)
        return smpi_wait(&req, MPI_STATUS_IGNORE);
    return coll__waitall(1, &req, rc);
}

/* The halving steps among the 2^k folded ranks: in each, a rank keeps the half of its current
 * range of blocks that holds its own, sends the other half to its peer and reduces the half
 * it receives. d: folded_displs. */
static int recursivehalving_steps(const struct coll_args *a, int vrank, int pof2, int rem,
                                  const int *d, void *result, void *recv)
{
    int first = 0; /* the current range of folded blocks: [first, first + 2 mask) */
    int rc = MPI_SUCCESS;

    for (int mask = pof2 / 2; mask > 0 && rc == MPI_SUCCESS; mask /= 2) {
        int peer = coll__rd_unfold(vrank ^ mask, rem);
        bool low = (vrank & mask) == 0;
        int keep = low ? first : first + mask;
        int give = low ? first + mask : first;
        int nrecv = d[keep + mask] - d[keep];
        int nsend = d[give + mask] - d[give];

        if (nsend > 0 && nrecv > 0)
            rc = halving_exchange(a, peer, at(a, result, d[give]), nsend, at(a, recv, d[keep]),
                                  nrecv);
        if (rc == MPI_SUCCESS && nrecv > 0)
            rc = smpi_op_apply(a->op, at(a, recv, d[keep]), at(a, result, d[keep]), nrecv, a->type);
        first = keep;
    }
    return rc;
}

/* After recursive halving, rank 2i + 1 (i < rem) sends rank 2i its reduced block, unless it
 * is empty. */
static int recursivehalving_unfold(const struct coll_args *a, int rank, int rem, const int *displs,
                                   const void *result)
{
    if (rank >= 2 * rem)
        return MPI_SUCCESS;
    if (rank % 2 == 0)
        return a->rcounts[rank] == 0 ? MPI_SUCCESS
                                     : smpi_recv(a->rbuf, a->rcounts[rank], a->type, rank + 1, TAG,
                                                 a->comm, MPI_STATUS_IGNORE);
    if (a->rcounts[rank - 1] == 0)
        return MPI_SUCCESS;
    return smpi_send(at(a, result, displs[rank - 1]), a->rcounts[rank - 1], a->type, rank - 1, TAG,
                     a->comm);
}

/* Recursive halving: on 2^k ranks, k steps each exchange half of the remaining vector with the
 * peer rank XOR 2^(k-1-step) and reduce the half kept, until every rank holds its reduced
 * block. Otherwise the first 2 rem ranks (rem = p - 2^floor(log2 p)) fold pairwise first (the
 * even rank gives its whole vector to the odd one and sits out) and the odd rank sends the even
 * one its block at the end. Reference: SimGrid 3.32
 * colls/reduce_scatter/reduce_scatter-ompi.cpp, from Open MPI coll_basic_reduce_scatter.c.
 * Cost: log2 p α + n β + n γ (plus α + n β + n γ for the fold). Needs: a commutative op (SMPI
 * refuses others); counts passing coll__reduce_scatter_check_recursivehalving. */
int coll__reduce_scatter_ompi_basic_recursivehalving(const struct coll_args *a)
{
    struct rs_vec v;
    int rc = vec_init(&v, a);
    int *d = folded_displs(a->rcounts, v.pof2, v.rem);
    struct tmp2 t; /* buf[0]: the partial results, buf[1]: what arrives */

    if (rc != MPI_SUCCESS || v.n == 0)
        goto out_free_displs;
    tmp2_alloc(&t, v.n, a->type);
    rc = vec_copy_in(a, &v, t.buf[0]);
    if (rc == MPI_SUCCESS)
        rc = fold_pairs(a, v.rank, v.rem, v.n, t.buf[0], t.buf[1]);
    if (rc == MPI_SUCCESS && v.vrank >= 0)
        rc = recursivehalving_steps(a, v.vrank, v.pof2, v.rem, d, t.buf[0], t.buf[1]);
    if (rc == MPI_SUCCESS && v.vrank >= 0 && a->rcounts[v.rank] != 0)
        rc = vec_copy_out(a, &v, t.buf[0]);
    if (rc == MPI_SUCCESS)
        rc = recursivehalving_unfold(a, v.rank, v.rem, v.displs, t.buf[0]);
    tmp2_free(&t);
out_free_displs:
    free(d);
    free(v.displs);
    return rc;
}

/* ---- Open MPI's ring ----------------------------------------------------------------------- */

/* The p - 1 ring steps: block b starts at rank b + 1 and travels to the right, each rank
 * adding its own part, until it reaches rank b. in[2] receive alternately, so the next block
 * is already posted while the previous one is reduced. */
static int ring_steps(const struct coll_args *a, const int *displs, int maxb, void *acc,
                      void *in[2])
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int right = coll__ring_right(rank, size);
    int left = coll__ring_left(rank, size);
    MPI_Request reqs[2] = { MPI_REQUEST_NULL, MPI_REQUEST_NULL };
    int cur = 0;
    int rc = smpi_irecv(in[0], maxb, a->type, left, TAG, a->comm, &reqs[0]);

    if (rc == MPI_SUCCESS)
        rc = smpi_send(at(a, acc, displs[left]), a->rcounts[left], a->type, right, TAG, a->comm);
    for (int k = 2; k < size && rc == MPI_SUCCESS; k++) {
        int b = (rank + size - k) % size;

        cur ^= 1;
        rc = smpi_irecv(in[cur], maxb, a->type, left, TAG, a->comm, &reqs[cur]);
        if (rc == MPI_SUCCESS)
            rc = smpi_wait(&reqs[cur ^ 1], MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = smpi_op_apply(a->op, in[cur ^ 1], at(a, acc, displs[b]), a->rcounts[b], a->type);
        if (rc == MPI_SUCCESS)
            rc = smpi_send(at(a, acc, displs[b]), a->rcounts[b], a->type, right, TAG, a->comm);
    }
    if (rc != MPI_SUCCESS)
        return coll__waitall(2, reqs, rc);
    rc = smpi_wait(&reqs[cur], MPI_STATUS_IGNORE);
    if (rc == MPI_SUCCESS)
        rc = smpi_op_apply(a->op, in[cur], at(a, acc, displs[rank]), a->rcounts[rank], a->type);
    return rc;
}

/* Ring: in step k (k = 1 .. p - 1) rank r sends its partial sum of block r - k to rank r + 1
 * and adds its own input to block r - k - 1 received from rank r - 1, so that every block
 * collects the p inputs in ring order, ending at its owner. Blocks are received into the
 * largest block size. Reference: SimGrid 3.32 colls/reduce_scatter/reduce_scatter-ompi.cpp,
 * from Open MPI coll_base_reduce_scatter.c (ring). Cost: (p - 1) α + ((p - 1) / p) n (β + γ)
 * for equal blocks. Needs: a commutative op (each block is reduced in a rotated rank order;
 * SMPI computes wrong data otherwise). */
int coll__reduce_scatter_ompi_ring(const struct coll_args *a)
{
    struct rs_vec v;
    int rc = vec_init(&v, a);
    int maxb = 0;
    void *acc;
    void *in[2] = { NULL, NULL };
    void *blocks[3] = { NULL, NULL, NULL };

    for (int i = 0; i < v.size; i++)
        maxb = a->rcounts[i] > maxb ? a->rcounts[i] : maxb;
    if (rc == MPI_SUCCESS && v.size == 1) {
        rc = vec_copy_in(a, &v, a->rbuf);
    } else if (rc == MPI_SUCCESS) {
        blocks[0] = coll__tmp_alloc(v.n, a->type, &acc);
        blocks[1] = coll__tmp_alloc(maxb, a->type, &in[0]);
        if (v.size > 2)
            blocks[2] = coll__tmp_alloc(maxb, a->type, &in[1]);
        rc = vec_copy_in(a, &v, acc);
        if (rc == MPI_SUCCESS)
            rc = ring_steps(a, v.displs, maxb, acc, in);
        if (rc == MPI_SUCCESS)
            rc = vec_copy_out(a, &v, acc);
    }
    for (int i = 0; i < 3; i++)
        free(blocks[i]);
    free(v.displs);
    return rc;
}

/* ---- Open MPI's butterfly ------------------------------------------------------------------ */

/* Where folded block i (one block, or two for i < rem) starts, and its length. */
static int fold_start(const int *displs, int rem, int i)
{
    return displs[i < rem ? 2 * i : i + rem];
}

static int fold_len(const int *displs, int rem, int first, int n)
{
    return fold_start(displs, rem, first + n) - fold_start(displs, rem, first);
}

/* The butterfly among the 2^k folded ranks: in step `mask`, a rank keeps the lower or upper
 * half of its range of blocks as bit `mask` of its folded rank says, sends the other half to
 * folded rank vrank XOR mask and reduces what it receives, lower ranks' data on the left. The
 * partial results swap between the two buffers; *res is where they end. Returns the first
 * folded block of the range the rank ends with. */
static int butterfly_steps(const struct coll_args *a, const int *displs, int vrank, int pof2,
                           int rem, void **res, void **other, int *rc)
{
    int first = 0;

    for (int mask = 1, n = pof2 / 2; mask < pof2 && *rc == MPI_SUCCESS; mask *= 2, n /= 2) {
        int peer = coll__rd_unfold(vrank ^ mask, rem);
        int keep = (vrank & mask) ? first + n : first;
        int give = (vrank & mask) ? first : first + n;
        int sd = fold_start(displs, rem, give);
        int rd = fold_start(displs, rem, keep);
        int nr = fold_len(displs, rem, keep, n);

        *rc = smpi_sendrecv(at(a, *res, sd), fold_len(displs, rem, give, n), a->type, peer, TAG,
                            at(a, *other, rd), nr, a->type, peer, TAG, a->comm, MPI_STATUS_IGNORE);
        if (*rc == MPI_SUCCESS && (vrank & mask) == 0) {
            void *t = *res;

            *rc = smpi_op_apply(a->op, at(a, *res, rd), at(a, *other, rd), nr, a->type);
            *res = *other;
            *other = t;
        } else if (*rc == MPI_SUCCESS) {
            *rc = smpi_op_apply(a->op, at(a, *other, rd), at(a, *res, rd), nr, a->type);
        }
        first = keep;
    }
    return first;
}

/* After the butterfly, folded rank v holds folded block mirror(v): it sends it to its owner
 * (both owners when the block is a folded pair) and receives its own block from the holder. */
static int butterfly_deliver(const struct coll_args *a, const int *displs, int vrank, int block,
                             int bits, int rem, const void *res)
{
    int rank = smpi_comm_rank(a->comm);
    int vowner = mirror(vrank, bits);
    int owner = coll__rd_unfold(vowner, rem);
    int b = block < rem ? 2 * block : block + rem;
    int rc = MPI_SUCCESS;

    if (vowner < rem) {
        rc = smpi_send(at(a, res, displs[b]), a->rcounts[b], a->type, owner - 1, TAG, a->comm);
        b++;
    }
    if (rc == MPI_SUCCESS && vowner != vrank)
        rc = smpi_sendrecv(at(a, res, displs[b]), a->rcounts[b], a->type, owner, TAG, a->rbuf,
                           a->rcounts[rank], a->type, owner, TAG, a->comm, MPI_STATUS_IGNORE);
    else if (rc == MPI_SUCCESS)
        rc = smpi_type_copy(at(a, res, displs[rank]), a->rcounts[rank], a->type, a->rbuf,
                            a->rcounts[rank], a->type);
    return rc;
}

/* Butterfly (Träff): the ranks fold to 2^k as in recursive halving (the even rank of each of
 * the first rem pairs gives its vector to the odd one); then k steps of recursive halving with
 * peers at growing distances (1, 2, 4, ...), after which folded rank v holds the block of
 * folded rank mirror(v) (v's bits reversed) and a last exchange delivers the blocks, the
 * excluded even ranks receiving theirs from the holder. Reference: SimGrid 3.32
 * colls/reduce_scatter/reduce_scatter-ompi.cpp, from Open MPI coll_base_reduce_scatter.c
 * (butterfly); J. L. Träff, "An improved algorithm for (non-commutative) reduce-scatter with
 * an application", EuroPVM/MPI 2005. Cost: (log2 p + 1) α + n β + n γ (plus α + n β + n γ for
 * the fold). Needs: none (operand order is rank order). On one rank SMPI leaves the result
 * unwritten; this copies it. */
int coll__reduce_scatter_ompi_butterfly(const struct coll_args *a)
{
    struct rs_vec v;
    int rc = vec_init(&v, a);
    struct tmp2 t; /* the partial results swap between the two */

    tmp2_alloc(&t, v.n, a->type);
    if (rc == MPI_SUCCESS && v.size == 1)
        rc = vec_copy_in(a, &v, a->rbuf);
    if (rc == MPI_SUCCESS && v.size > 1)
        rc = vec_copy_in(a, &v, t.buf[0]);
    if (rc == MPI_SUCCESS && v.size > 1)
        rc = fold_pairs(a, v.rank, v.rem, v.n, t.buf[0], t.buf[1]);
    if (rc == MPI_SUCCESS && v.size > 1 && v.vrank >= 0) {
        int block = butterfly_steps(a, v.displs, v.vrank, v.pof2, v.rem, &t.buf[0], &t.buf[1], &rc);

        if (rc == MPI_SUCCESS)
            rc = butterfly_deliver(a, v.displs, v.vrank, block, log2_of(v.pof2), v.rem, t.buf[0]);
    } else if (rc == MPI_SUCCESS && v.size > 1) {
        int holder = coll__rd_unfold(mirror(v.rank / 2, log2_of(v.pof2)), v.rem);

        rc = smpi_recv(a->rbuf, a->rcounts[v.rank], a->type, holder, TAG, a->comm,
                       MPI_STATUS_IGNORE);
    }
    tmp2_free(&t);
    free(v.displs);
    return rc;
}

/* ---- MPICH's algorithms -------------------------------------------------------------------- */

/* MPICH's pairwise exchange receives the lower ranks' blocks in the order r - 1 .. 0 and the
 * higher ones in the order p - 1 .. r + 1. For a non-commutative op each series is prepended
 * to its own partial result (lo for the lower ranks and the rank's own input, hi for the
 * higher ones) and the two are joined at the end; SMPI appends the higher blocks in reverse
 * order instead, a wrong result. */
struct pair_state {
    void *lo;   /* a->rbuf: the input of the rank and the ranks below it */
    void *hi;   /* NULL until a higher rank's block arrived */
    void *recv; /* where the next block arrives */
    void *spare;
};

static int pair_combine(const struct coll_args *a, struct pair_state *st, bool from_lower)
{
    int n = a->rcounts[smpi_comm_rank(a->comm)];
    void *t;

    if (from_lower || smpi_op_is_commutative(a->op))
        return smpi_op_apply(a->op, st->recv, st->lo, n, a->type);
    if (st->hi)
        return smpi_op_apply(a->op, st->recv, st->hi, n, a->type);
    t = st->spare;
    st->hi = st->recv;
    st->recv = t;
    return MPI_SUCCESS;
}

/* Pairwise exchange: in step i (i = 1 .. p - 1) rank r sends block r + i of its input to rank
 * r + i and receives its own block of rank r - i's input, which it reduces into its result.
 * Reference: SimGrid 3.32 colls/reduce_scatter/reduce_scatter-mpich.cpp, from MPICH
 * reduce_scatter_intra_pairwise.c. Cost: (p - 1) α + ((p - 1) / p) n (β + γ) for equal
 * blocks. Needs: none. When every count is 0 neither sends anything; SMPI's then returns
 * MPI_ERR_COUNT, which its binding drops, this MPI_SUCCESS. */
int coll__reduce_scatter_mpich_pair(const struct coll_args *a)
{
    struct rs_vec v;
    int rc = vec_init(&v, a);
    int n = a->rcounts[v.rank];
    struct pair_state st = { .lo = a->rbuf };
    void *blocks[2] = { coll__tmp_alloc(n, a->type, &st.recv), NULL };

    if (!smpi_op_is_commutative(a->op))
        blocks[1] = coll__tmp_alloc(n, a->type, &st.spare);
    if (rc != MPI_SUCCESS || v.n == 0)
        goto out;
    rc = vec_copy_out(a, &v, a->sbuf);
    for (int i = 1; i < v.size && rc == MPI_SUCCESS; i++) {
        int src = (v.rank - i + v.size) % v.size;
        int dst = (v.rank + i) % v.size;

        rc = smpi_sendrecv(at(a, a->sbuf, v.displs[dst]), a->rcounts[dst], a->type, dst, TAG,
                           st.recv, n, a->type, src, TAG, a->comm, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = pair_combine(a, &st, src < v.rank);
    }
    if (rc == MPI_SUCCESS && st.hi) {
        rc = smpi_op_apply(a->op, st.lo, st.hi, n, a->type);
        if (rc == MPI_SUCCESS)
            rc = smpi_type_copy(st.hi, n, a->type, a->rbuf, n, a->type);
    }
out:
    free(blocks[0]);
    free(blocks[1]);
    free(v.displs);
    return rc;
}

/* One step of recursive doubling: the two blocks of an indexed type, the part of the vector
 * outside the subtree [root, root + mask) of ranks (blocks of ranks below it, then above). */
struct rdb_part {
    int len[2];
    int disp[2];
};

static void rdb_part(struct rdb_part *p, const int *displs, int size, int root, int mask)
{
    int end = root + mask < size ? root + mask : size;

    p->len[0] = displs[root < size ? root : size];
    p->disp[0] = 0;
    p->disp[1] = displs[end];
    p->len[1] = displs[size] - displs[end];
}

/* Step `mask` of MPICH's recursive doubling on a non-power-of-two size: when the peer subtree
 * is incomplete, the ranks of this subtree that received it forward what they received to
 * those that had no peer, along a binomial tree. Returns whether this rank received it. */
static bool rdb_forward(const struct coll_args *a, int mask, int my_root, MPI_Datatype rtype,
                        void *recv, int *rc)
{
    int rank = smpi_comm_rank(a->comm);
    int done = smpi_comm_size(a->comm) - my_root - mask; /* ranks of the subtree that have it */
    int k = log2_of(mask);
    bool received = false;

    for (int m = mask / 2; m > 0 && *rc == MPI_SUCCESS; m /= 2, k--) {
        int peer = rank ^ m;
        int root = (rank >> k) << k;

        if (peer > rank && rank < root + done && peer >= root + done)
            *rc = smpi_send(recv, 1, rtype, peer, TAG, a->comm);
        else if (peer < rank && peer < root + done && rank >= root + done) {
            *rc = smpi_recv(recv, 1, rtype, peer, TAG, a->comm, MPI_STATUS_IGNORE);
            received = true;
        }
    }
    return received;
}

/* Reduces the part received in step `mask` into the results, lower subtree's data on the
 * left. */
static int rdb_reduce(const struct coll_args *a, const struct rdb_part *p, bool peer_lower,
                      void *recv, void *res)
{
    int rc = MPI_SUCCESS;

    for (int j = 0; j < 2 && rc == MPI_SUCCESS; j++) {
        void *r = at(a, recv, p->disp[j]);
        void *s = at(a, res, p->disp[j]);

        if (peer_lower || smpi_op_is_commutative(a->op)) {
            rc = smpi_op_apply(a->op, r, s, p->len[j], a->type);
        } else {
            rc = smpi_op_apply(a->op, s, r, p->len[j], a->type);
            if (rc == MPI_SUCCESS)
                rc = smpi_type_copy(r, p->len[j], a->type, s, p->len[j], a->type);
        }
    }
    return rc;
}

/* One step of recursive doubling: exchange with rank XOR mask everything but the blocks of
 * one's own subtree (described by indexed types), forward on a non-power-of-two size, then
 * reduce. */
static int rdb_step(const struct coll_args *a, const int *displs, int mask, void *recv, void *res)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int my_root = rank & ~(mask - 1);
    int peer_root = (rank ^ mask) & ~(mask - 1);
    struct rdb_part sp;
    struct rdb_part rp;
    MPI_Datatype stype = MPI_DATATYPE_NULL;
    MPI_Datatype rtype = MPI_DATATYPE_NULL;
    bool received = false;
    int rc;

    rdb_part(&sp, displs, size, my_root, mask);
    rdb_part(&rp, displs, size, peer_root, mask);
    rc = smpi_type_indexed(2, sp.len, sp.disp, a->type, &stype);
    if (rc == MPI_SUCCESS)
        rc = smpi_type_indexed(2, rp.len, rp.disp, a->type, &rtype);
    if (rc == MPI_SUCCESS && (rank ^ mask) < size) {
        rc = smpi_sendrecv(res, 1, stype, rank ^ mask, TAG, recv, 1, rtype, rank ^ mask, TAG,
                           a->comm, MPI_STATUS_IGNORE);
        received = true;
    }
    if (rc == MPI_SUCCESS && peer_root + mask > size)
        received = rdb_forward(a, mask, my_root, rtype, recv, &rc) || received;
    if (rc == MPI_SUCCESS && received)
        rc = rdb_reduce(a, &rp, peer_root < my_root, recv, res);
    coll__type_release(&stype);
    coll__type_release(&rtype);
    return rc;
}

/* Recursive doubling: in step mask = 1, 2, 4, ... rank r exchanges with rank r XOR mask the
 * whole vector except the blocks of its own subtree of mask ranks, and reduces; the blocks of
 * the subtrees shrink out of the exchange, so every rank ends with the full reduction of its
 * block. On a non-power-of-two size, ranks whose peer does not exist get the data from a rank
 * of their subtree that has it. Operand order is rank order. Reference: SimGrid 3.32
 * colls/reduce_scatter/reduce_scatter-mpich.cpp, from MPICH
 * reduce_scatter_intra_recursive_doubling.c. Cost: log2 p α + (log2 p - (p - 1) / p) n (β + γ),
 * more on non-powers of two. Needs: none (SMPI's runs on every size too). */
int coll__reduce_scatter_mpich_rdb(const struct coll_args *a)
{
    struct rs_vec v;
    int rc = vec_init(&v, a);
    struct tmp2 t; /* buf[0]: what arrives, buf[1]: the partial results */

    tmp2_alloc(&t, v.n, a->type);
    if (rc == MPI_SUCCESS)
        rc = vec_copy_in(a, &v, t.buf[1]);
    for (int mask = 1; mask < v.size && rc == MPI_SUCCESS; mask *= 2)
        rc = rdb_step(a, v.displs, mask, t.buf[0], t.buf[1]);
    if (rc == MPI_SUCCESS)
        rc = vec_copy_out(a, &v, t.buf[1]);
    tmp2_free(&t);
    free(v.displs);
    return rc;
}

const char *coll__reduce_scatter_check_equal_counts(const struct coll_args *a)
{
    int size = smpi_comm_size(a->comm);

    for (int i = 1; i < size; i++)
        if (a->rcounts[i] != a->rcounts[0])
            return "equal block counts (MPI_Reduce_scatter_block)";
    return NULL;
}

/* Recursive halving for non-commutative ops on 2^k ranks with equal blocks: the input blocks
 * are first laid out in mirror order (block i at position i with its bits reversed), so that
 * in step k, exchanging half of the remaining range with rank XOR 2^k, the half a rank keeps
 * always covers a contiguous range of ranks' data; the lower one's data stays on the left.
 * Two buffers alternate, so no copy follows a reduction. Reference: SimGrid 3.32
 * colls/reduce_scatter/reduce_scatter-mpich.cpp, from MPICH reduce_scatter_intra_noncommutative.c.
 * Cost: log2 p α + ((p - 1) / p) n (β + γ). Needs: a power-of-two size and equal counts (SMPI
 * asserts otherwise). SMPI places blocks by the true extent of the type, which scrambles the
 * data of types whose extent differs from it; this uses the extent. */
int coll__reduce_scatter_mpich_noncomm(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int block = a->rcounts[0];
    int rc = (long long)block * size > INT_MAX ? MPI_ERR_COUNT : MPI_SUCCESS;
    int n = rc == MPI_SUCCESS ? block * size : 0;
    int off = 0; /* where the range of the vector still exchanged starts */
    int cur = 0; /* t.buf[cur] holds the partial results */
    struct tmp2 t;

    tmp2_alloc(&t, n, a->type);
    for (int i = 0; i < size && rc == MPI_SUCCESS; i++)
        rc = smpi_type_copy(at(a, a->sbuf, i * block), block, a->type,
                            at(a, t.buf[0], mirror(i, log2_of(size)) * block), block, a->type);
    for (int half = n / 2, bit = 1; bit < size && rc == MPI_SUCCESS; half /= 2, bit *= 2) {
        int peer = rank ^ bit;
        int give = rank > peer ? off : off + half;

        off = rank > peer ? off + half : off;
        rc = smpi_sendrecv(at(a, t.buf[cur], give), half, a->type, peer, TAG,
                           at(a, t.buf[!cur], off), half, a->type, peer, TAG, a->comm,
                           MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS && rank > peer) {
            rc = smpi_op_apply(a->op, at(a, t.buf[!cur], off), at(a, t.buf[cur], off), half,
                               a->type);
        } else if (rc == MPI_SUCCESS) {
            rc = smpi_op_apply(a->op, at(a, t.buf[cur], off), at(a, t.buf[!cur], off), half,
                               a->type);
            cur = !cur;
        }
    }
    if (rc == MPI_SUCCESS)
        rc = smpi_type_copy(at(a, t.buf[cur], off), block, a->type, a->rbuf, block, a->type);
    tmp2_free(&t);
    return rc;
}
