/* allgatherv: MPI_Allgatherv algorithms, SimGrid SMPI 3.32's seven (colls/allgatherv/) and its
 * default pattern (smpi_linear), with SMPI's messages, order and blocking structure. Costs: p
 * ranks, n bytes gathered in all, α latency, β per byte. */
#include <stdlib.h>

#include "collectives/blocks.h"
#include "simcore/simcore.h"
#include "smpi/mpi/p2p_api.h"

#define TAG COLL_TAG_ALLGATHERV

/* One call's arguments (blocks.h): block j (rcounts[j] elements at rdispls[j] extents of the
 * receive type) gets rank j's data; blocks leave the receive buffer as receive-type elements. */
static void agv_init(struct coll_blocks *x, const struct coll_args *a)
{
    coll__blocks_init(x, a, COLL_BLOCKS_RECV_V, TAG);
}

/* SMPI's default (allgatherv__default): the iallgatherv pattern, its sub-requests waited for
 * together. Copies the own block, then for every other rank in rank order starts a send of the
 * own block and a receive of that rank's block, and waits for all of them. Reference: SimGrid
 * 3.32 colls/smpi_default_selector.cpp and colls/smpi_nbc_impl.cpp (iallgatherv). Cost:
 * (p - 1) α + n β, all flows at once. Needs: none. */
int coll__allgatherv_smpi_linear(const struct coll_args *a)
{
    return coll__allgather_linear(a, true);
}

/* SMPI's ring: in step i (1 <= i < p) each rank sends its own block to rank + i and receives
 * the block of rank - i, one sendrecv per step. Reference: SimGrid 3.32
 * colls/allgatherv/allgatherv-ring.cpp (A. Faraj and X. Yuan). Cost: (p - 1) α + n β, one
 * block per step. Needs: none. */
int coll__allgatherv_ring(const struct coll_args *a)
{
    return coll__allgather_steps(a, true, false);
}

/* Pairwise exchange: in step i (1 <= i < p) each rank swaps its own block with rank XOR i.
 * Reference: SimGrid 3.32 colls/allgatherv/allgatherv-pair.cpp (Faraj and Yuan). Cost:
 * (p - 1) α + n β. Needs: a power-of-two size (SMPI throws otherwise). */
int coll__allgatherv_pair(const struct coll_args *a)
{
    return coll__allgather_steps(a, true, true);
}

/* Gather then broadcast (GB): the configured gatherv to rank 0, then the configured bcast
 * from rank 0 of the receive buffer from its start up to the end of its furthest block (gaps
 * between blocks included), as SMPI; a block below the start (negative displacement), which
 * SMPI leaves out (wrong data), widens the span down to it. Reference: SimGrid 3.32
 * colls/allgatherv/allgatherv-GB.cpp. Cost: a gatherv plus a bcast of the whole span.
 * Needs: the same displacements on every rank (the bcast copies the root's layout, as SMPI's
 * does; no rank can check that alone). */
int coll__allgatherv_gb(const struct coll_args *a)
{
    struct coll_args g = *a;
    struct coll_args b = { .type = a->rtype, .root = 0, .comm = a->comm };
    int lo = 0;
    int hi = 0;
    int rc;

    g.root = 0;
    for (int i = 0; i < smpi_comm_size(a->comm); i++) {
        lo = a->rdispls[i] < lo ? a->rdispls[i] : lo;
        hi = a->rdispls[i] + a->rcounts[i] > hi ? a->rdispls[i] + a->rcounts[i] : hi;
    }
    b.rbuf = coll__elem(a->rbuf, lo, a->rtype);
    b.count = hi - lo;
    rc = coll_run(COLL_GATHERV, &g);
    return rc == MPI_SUCCESS ? coll_run(COLL_BCAST, &b) : rc;
}

/* The committed indexed type of the `n` blocks of ranks first, first + 1, ... (mod p), in the
 * layout of the receive buffer. `lens` and `offs` have room for n entries. */
static int blocks_type(const struct coll_blocks *x, int first, int n, int *lens, int *offs,
                       MPI_Datatype *type)
{
    for (int i = 0; i < n; i++) {
        lens[i] = x->rcounts[(first + i) % x->size];
        offs[i] = x->rdispls[(first + i) % x->size];
    }
    return smpi_type_indexed(n, lens, offs, x->rtype, type);
}

/* Sends the n blocks of ranks from, from + 1, ... to dst while the n blocks of ranks to, to +
 * 1, ... arrive from src, each side as one indexed type over the receive buffer. */
static int swap_runs(const struct coll_blocks *x, int from, int dst, int to, int src, int n,
                     int *scratch)
{
    MPI_Datatype stype = MPI_DATATYPE_NULL;
    MPI_Datatype rtype = MPI_DATATYPE_NULL;
    int rc = blocks_type(x, from, n, scratch, scratch + n, &stype);

    if (rc == MPI_SUCCESS)
        rc = blocks_type(x, to, n, scratch + 2 * n, scratch + 3 * n, &rtype);
    if (rc == MPI_SUCCESS)
        rc = smpi_sendrecv(x->rbuf, 1, stype, dst, TAG, x->rbuf, 1, rtype, src, TAG, x->comm,
                           MPI_STATUS_IGNORE);
    coll__type_release(&stype);
    coll__type_release(&rtype);
    return rc;
}

/* Bruck: at distance 2^k = 1, 2, 4, ... each rank sends the blocks of ranks rank ...
 * rank + 2^k - 1 to rank - 2^k and receives those of rank + 2^k ... from rank + 2^k (fewer in
 * the last step, up to p - 1 blocks in all), each message one indexed type over the receive
 * buffer. Reference: SimGrid 3.32 colls/allgatherv/allgatherv-ompi-bruck.cpp (Open MPI
 * coll_base_allgatherv.c; J. Bruck et al., IEEE TPDS 1997). Cost: ceil(log2 p) α + n β.
 * Needs: none. */
int coll__allgatherv_ompi_bruck(const struct coll_args *a)
{
    struct coll_blocks x;
    int *scratch;
    int rc;

    agv_init(&x, a);
    scratch = sim_xmalloc(4 * (size_t)x.size * sizeof(*scratch));
    rc = coll__blocks_copy_contribution(&x);
    for (int dist = 1; dist < x.size && rc == MPI_SUCCESS; dist <<= 1) {
        int n = dist <= x.size / 2 ? dist : x.size - dist;
        int src = (x.rank + dist) % x.size;

        rc = swap_runs(&x, x.rank, (x.rank - dist + x.size) % x.size, src, src, n, scratch);
    }
    free(scratch);
    return rc;
}

/* Neighbour exchange: on an even size, ranks pair up (2i, 2i + 1) and swap their blocks; then
 * in each of the p / 2 - 1 further steps a rank swaps the two blocks it got last (one indexed
 * type each way) with its other neighbour, alternating left and right. Odd sizes run SMPI's
 * ring instead, as SMPI does. Reference: SimGrid 3.32
 * colls/allgatherv/allgatherv-ompi-neighborexchange.cpp (Open MPI coll_base_allgatherv.c;
 * Chen et al., HPCAsia 2005). Cost: (p / 2) α + n β. Needs: none. */
static int swap_pair(const struct coll_blocks *x, int from, int peer, int to, int *scratch)
{
    return swap_runs(x, from, peer, to, peer, 2, scratch);
}

int coll__allgatherv_ompi_neighborexchange(const struct coll_args *a)
{
    return coll__allgather_neighbor_exchange(a, true, swap_pair);
}

/* One pipeline step of mpich_ring: sends `out` elements from `sbuf` to the right and receives
 * `in` elements into `rbuf` from the left, with a sendrecv, a lone send or a lone receive. */
static int ring_step(const struct coll_blocks *x, const void *sbuf, int out, void *rbuf, int in)
{
    int right = coll__ring_right(x->rank, x->size);
    int left = coll__ring_left(x->rank, x->size);

    if (out && in)
        return smpi_sendrecv(sbuf, out, x->rtype, right, TAG, rbuf, in, x->rtype, left, TAG,
                             x->comm, MPI_STATUS_IGNORE);
    if (out)
        return smpi_send(sbuf, out, x->rtype, right, TAG, x->comm);
    if (in)
        return smpi_recv(rbuf, in, x->rtype, left, TAG, x->comm, MPI_STATUS_IGNORE);
    return MPI_SUCCESS;
}

/* MPICH's pipelined ring: every rank forwards blocks to the right in the order it gets them
 * (its own first) and receives from the left, cutting blocks into segments of at most
 * max(smallest count, 256 KiB worth of extents) elements; a step with nothing to send is a
 * lone receive, with nothing to receive a lone send. Reference: SimGrid 3.32
 * colls/allgatherv/allgatherv-mpich-ring.cpp (MPICH allgatherv_intra_ring.c). Cost:
 * (p - 1) α + ((p - 1) / p) n β for equal blocks below the segment size. Needs: none. */
int coll__allgatherv_mpich_ring(const struct coll_args *a)
{
    struct coll_blocks x;
    MPI_Aint ext;
    int seg;
    int sidx;
    int ridx;
    int soff = 0;
    int roff = 0;
    int tosend = 0;
    int torecv = 0;
    int rc;

    agv_init(&x, a);
    ext = smpi_type_extent(x.rtype);
    seg = x.rcounts[0];
    for (int i = 0; i < x.size; i++) {
        tosend += x.rcounts[i];
        seg = x.rcounts[i] < seg ? x.rcounts[i] : seg;
    }
    torecv = tosend - x.rcounts[x.rank];
    tosend -= x.rcounts[coll__ring_right(x.rank, x.size)];
    if (ext > 0 && (MPI_Aint)seg * ext < 32768 * 8)
        seg = (int)(32768 * 8 / ext);
    seg = seg ? seg : 1;
    sidx = x.rank;
    ridx = coll__ring_left(x.rank, x.size);
    rc = coll__blocks_copy_contribution(&x);
    while ((tosend || torecv) && rc == MPI_SUCCESS) {
        int out = tosend ? (x.rcounts[sidx] - soff > seg ? seg : x.rcounts[sidx] - soff) : 0;
        int in = torecv ? (x.rcounts[ridx] - roff > seg ? seg : x.rcounts[ridx] - roff) : 0;

        rc = ring_step(&x, coll__elem(x.rbuf, (MPI_Aint)x.rdispls[sidx] + soff, x.rtype), out,
                       coll__elem(x.rbuf, (MPI_Aint)x.rdispls[ridx] + roff, x.rtype), in);
        tosend -= out;
        torecv -= in;
        soff += out;
        roff += in;
        if (soff == x.rcounts[sidx]) {
            soff = 0;
            sidx = coll__ring_left(sidx, x.size);
        }
        if (roff == x.rcounts[ridx]) {
            roff = 0;
            ridx = coll__ring_left(ridx, x.size);
        }
    }
    return rc;
}

/* Recursive doubling's state: a temporary holding the blocks packed in rank order (rank j's at
 * element pre[j], pre being the prefix sums of the counts), the elements the caller holds and
 * the count of its latest receive. */
struct rdb {
    const struct coll_blocks *x;
    void *tmp;
    int *pre;
    int have;
    int last;
};

static void *rdb_at(const struct rdb *r, int j)
{
    return coll__elem(r->tmp, r->pre[j], r->x->rtype);
}

/* The doubling steps: at distance 2^k every rank swaps the blocks of its aligned group of 2^k
 * ranks with rank XOR 2^k (receiving up to the end of the temporary, as MPICH posts it). */
static int rdb_steps(struct rdb *r)
{
    const struct coll_blocks *x = r->x;
    int total = r->pre[x->size];
    int rc = MPI_SUCCESS;

    for (int mask = 1, k = 0; mask < x->size && rc == MPI_SUCCESS; mask <<= 1, k++) {
        int peer = x->rank ^ mask;
        int peer_lo = peer >> k << k;
        int lo = x->rank >> k << k;

        if (peer < x->size) {
            int end = peer_lo + mask < x->size ? peer_lo + mask : x->size;

            rc = smpi_sendrecv(rdb_at(r, lo), r->have, x->rtype, peer, TAG, rdb_at(r, peer_lo),
                               total - r->pre[peer_lo], x->rtype, peer, TAG, x->comm,
                               MPI_STATUS_IGNORE);
            r->last = r->pre[end] - r->pre[peer_lo];
            r->have += r->last;
        }
        if (rc == MPI_SUCCESS && peer_lo + mask > x->size)
            rc = coll__allgather_rdb_fill(x, mask, lo, rdb_at(r, lo + mask),
                                          r->pre[x->size] - r->pre[lo + mask], &r->last, &r->have);
    }
    return rc;
}

/* MPICH's recursive doubling: the blocks are packed in rank order into a temporary; at
 * distance 2^k every rank swaps everything its aligned group of 2^k ranks holds with rank XOR
 * 2^k, and on a non-power-of-two size the ranks that got a missing group pass it on by
 * recursive halving; the blocks are then copied to their displacements. Sends nothing when
 * every count is 0 (SMPI returns MPI_ERR_COUNT there, which its binding drops). Reference:
 * SimGrid 3.32 colls/allgatherv/allgatherv-mpich-rdb.cpp (MPICH
 * allgatherv_intra_recursive_doubling.c). Cost: log2 p α + n β on a power of two. Needs:
 * none. */
int coll__allgatherv_mpich_rdb(const struct coll_args *a)
{
    struct coll_blocks x;
    struct rdb r = { .x = &x };
    void *block;
    int rc;

    agv_init(&x, a);
    r.pre = sim_xmalloc(((size_t)x.size + 1) * sizeof(*r.pre));
    r.pre[0] = 0;
    for (int j = 0; j < x.size; j++)
        r.pre[j + 1] = r.pre[j] + x.rcounts[j];
    if (r.pre[x.size] == 0) {
        free(r.pre);
        return MPI_SUCCESS;
    }
    block = coll__tmp_alloc(r.pre[x.size], x.rtype, &r.tmp);
    r.have = x.rcounts[x.rank];
    rc = smpi_type_copy(x.sbuf, x.scount, x.stype, rdb_at(&r, x.rank), r.have, x.rtype);
    if (rc == MPI_SUCCESS)
        rc = rdb_steps(&r);
    for (int j = 0; j < x.size && rc == MPI_SUCCESS; j++)
        rc = smpi_type_copy(rdb_at(&r, j), x.rcounts[j], x.rtype, coll__rblock(&x, j), x.rcounts[j],
                            x.rtype);
    free(block);
    free(r.pre);
    return rc;
}
