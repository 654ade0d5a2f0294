/* alltoall: MPI_Alltoall algorithms, SimGrid SMPI 3.32's fifteen (colls/alltoall/), each
 * sending SMPI's messages in SMPI's order with SMPI's blocking structure. Costs: p ranks, m
 * bytes per block, α latency, β time per byte. */
#include <stdbool.h>
#include <stdlib.h>

#include "collectives/blocks.h"
#include "simcore/simcore.h"
#include "smpi/mpi/p2p_api.h"

#define TAG COLL_TAG_ALLTOALL

/* Element i of a temporary buffer holding receive-type elements. */
static void *telem(void *tmp, MPI_Aint i, const struct coll_blocks *x)
{
    return coll__elem(tmp, i, x->rtype);
}

/* Linear: copies the own block, posts the receives from rank + 1, rank + 2, ... and then the
 * sends to rank - 1, rank - 2, ..., and waits for all of them. Reference: SimGrid 3.32
 * colls/alltoall/alltoall-basic-linear.cpp (after Open MPI's coll_tuned basic linear).
 * Cost: (p - 1) α + (p - 1) m β when the links carry the p - 1 flows in parallel.
 * Needs: none. */
int coll__alltoall_basic_linear(const struct coll_args *a)
{
    struct coll_blocks x;
    MPI_Request *reqs;
    int n = 0;
    int rc;

    coll__blocks_init(&x, a, COLL_BLOCKS_REGULAR, TAG);
    rc = coll__blocks_copy_own(&x);
    if (rc != MPI_SUCCESS || x.size == 1)
        return rc;
    reqs = coll__reqs_alloc(2 * (x.size - 1));
    for (int i = 1; i < x.size && rc == MPI_SUCCESS; i++) {
        int src = (x.rank + i) % x.size;

        rc = smpi_irecv(coll__rblock(&x, src), x.rcount, x.rtype, src, TAG, x.comm, &reqs[n++]);
    }
    for (int i = 1; i < x.size && rc == MPI_SUCCESS; i++) {
        int dst = (x.rank - i + x.size) % x.size;

        rc = smpi_isend(coll__sblock(&x, dst), x.scount, x.stype, dst, TAG, x.comm, &reqs[n++]);
    }
    return coll__waitall_free(n, reqs, rc);
}

/* Ring: in step i (0 <= i < p) each rank sends its block for rank + i and receives the block
 * of rank - i with one sendrecv; step 0 is the local copy. Reference: SimGrid 3.32
 * colls/alltoall/alltoall-ring.cpp (Ahmad Faraj). Cost: (p - 1)(α + m β). Needs: none. */
int coll__alltoall_ring(const struct coll_args *a)
{
    return coll__alltoall_steps(a, false, COLL_ORDER_RING, COLL_SYNC_NONE);
}

/* Ring with a light barrier: as ring, and after each step i (1 <= i < p - 1) a one-byte
 * token goes to rank - (i + 1) while one comes from rank + (i + 1). Reference: SimGrid 3.32
 * colls/alltoall/alltoall-ring-light-barrier.cpp (Ahmad Faraj). Cost: (p - 1)(α + m β) +
 * (p - 2) α. Needs: none. */
int coll__alltoall_ring_light_barrier(const struct coll_args *a)
{
    return coll__alltoall_steps(a, false, COLL_ORDER_RING, COLL_SYNC_LIGHT);
}

/* Ring with a barrier (the configured one) before each of the p steps. Reference: SimGrid
 * 3.32 colls/alltoall/alltoall-ring-mpi-barrier.cpp (Ahmad Faraj). Cost: (p - 1)(α + m β) +
 * p barriers. Needs: none. */
int coll__alltoall_ring_mpi_barrier(const struct coll_args *a)
{
    return coll__alltoall_steps(a, false, COLL_ORDER_RING, COLL_SYNC_MPI);
}

/* Ring after one barrier (the configured one). Reference: SimGrid 3.32
 * colls/alltoall/alltoall-ring-one-barrier.cpp (Ahmad Faraj). Cost: (p - 1)(α + m β) + one
 * barrier. Needs: none. */
int coll__alltoall_ring_one_barrier(const struct coll_args *a)
{
    return coll__alltoall_steps(a, false, COLL_ORDER_RING, COLL_SYNC_ONE);
}

/* Pairwise exchange: in step i (0 <= i < p) each rank swaps blocks with rank XOR i, so every
 * step pairs all ranks up. Reference: SimGrid 3.32 colls/alltoall/alltoall-pair.cpp (Ahmad
 * Faraj). Cost: (p - 1)(α + m β). Needs: a power-of-two size (SMPI throws otherwise). */
int coll__alltoall_pair(const struct coll_args *a)
{
    return coll__alltoall_steps(a, false, COLL_ORDER_XOR, COLL_SYNC_NONE);
}

/* Pairwise exchange with a light barrier: after each step i (1 <= i < p - 1) a one-byte
 * token is swapped with rank XOR (i + 1). Reference: SimGrid 3.32
 * colls/alltoall/alltoall-pair-light-barrier.cpp (Ahmad Faraj). Cost: (p - 1)(α + m β) +
 * (p - 2) α. Needs: a power-of-two size (SMPI throws otherwise). */
int coll__alltoall_pair_light_barrier(const struct coll_args *a)
{
    return coll__alltoall_steps(a, false, COLL_ORDER_XOR, COLL_SYNC_LIGHT);
}

/* Pairwise exchange with a barrier (the configured one) before each of the p steps.
 * Reference: SimGrid 3.32 colls/alltoall/alltoall-pair-mpi-barrier.cpp (Ahmad Faraj).
 * Cost: (p - 1)(α + m β) + p barriers. Needs: a power-of-two size (SMPI throws otherwise). */
int coll__alltoall_pair_mpi_barrier(const struct coll_args *a)
{
    return coll__alltoall_steps(a, false, COLL_ORDER_XOR, COLL_SYNC_MPI);
}

/* Pairwise exchange after one barrier (the configured one). Reference: SimGrid 3.32
 * colls/alltoall/alltoall-pair-one-barrier.cpp (Ahmad Faraj). Cost: (p - 1)(α + m β) + one
 * barrier. Needs: a power-of-two size (SMPI throws otherwise). */
int coll__alltoall_pair_one_barrier(const struct coll_args *a)
{
    return coll__alltoall_steps(a, false, COLL_ORDER_XOR, COLL_SYNC_ONE);
}

/* Pairwise exchange through a one-sided window, costed as SMPI 3.32's RMA (mpi/smpi_win.cpp):
 * creating the window allgathers one pointer (8 bytes) with the configured allgather; each
 * fence is two configured barriers with, between them, the wait for the puts this rank sent
 * and received; each put to another rank is a detached nonblocking send (smpi/ois) that the
 * sender matches with the target's receive at once; freeing the window is two barriers.
 * simmpi has no windows, so every rank posts its receives for the incoming puts first (no
 * simulated cost, and a put then starts exactly when SMPI's does) and sends the puts as
 * nonblocking sends, waiting for its own sends only after the last barrier (SMPI never waits
 * for its detached puts; by then all have arrived). Differences left: a put above
 * smpi/send-is-detached-thresh is a rendezvous send here, so its receiver does not charge
 * smpi/or for it (SMPI always does; smpi/or is 0 by default). SMPI writes block j at
 * displacement j in units of the receive type's extent, which garbles the data when count
 * > 1; here it lands at block j. Reference: SimGrid 3.32 colls/alltoall/alltoall-pair.cpp
 * (alltoall__pair_rma). Cost: allgather + 6 barriers + (p - 1)(α + m β) (the puts overlap).
 * Needs: a power-of-two size (SMPI reads past its window table otherwise). */
int coll__alltoall_pair_rma(const struct coll_args *a)
{
    struct coll_blocks x;
    struct coll_args win;
    MPI_Request *reqs;
    void *ptrs;
    int rc = MPI_SUCCESS;

    coll__blocks_init(&x, a, COLL_BLOCKS_REGULAR, TAG);
    reqs = coll__reqs_alloc(2 * x.size);
    ptrs = sim_xcalloc((size_t)x.size, 8);
    for (int i = 1; i < x.size && rc == MPI_SUCCESS; i++)
        rc = smpi_irecv(coll__rblock(&x, x.rank ^ i), x.rcount, x.rtype, x.rank ^ i, TAG, x.comm,
                        &reqs[i]);
    win = (struct coll_args){ .sbuf = (char *)ptrs + 8 * (size_t)x.rank,
                              .scount = 8,
                              .stype = MPI_BYTE,
                              .rbuf = ptrs,
                              .rcount = 8,
                              .rtype = MPI_BYTE,
                              .comm = x.comm };
    if (rc == MPI_SUCCESS) /* window creation, then the opening fence */
        rc = coll_run(COLL_ALLGATHER, &win);
    rc = coll__barriers(x.comm, 2, rc);
    for (int i = 0; i < x.size && rc == MPI_SUCCESS; i++)
        rc = i == 0 ? coll__blocks_copy_own(&x)
                    : smpi_isend(coll__sblock(&x, x.rank ^ i), x.scount, x.stype, x.rank ^ i, TAG,
                                 x.comm, &reqs[x.size + i]);
    rc =
        coll__barriers(x.comm, 1, rc); /* the closing fence completes the puts between 2 barriers */
    rc = coll__waitall(x.size, reqs, rc);
    rc = coll__barriers(x.comm, 3, rc); /* its second barrier, then the window's free */
    rc = coll__waitall(x.size, reqs + x.size, rc);
    free(ptrs);
    free(reqs);
    return rc;
}

/* Throttled linear exchange (Tony Ladd's modification): in rounds of 4 peers, posts the
 * receives from rank + k and the sends to rank - k (k in the round, the caller itself
 * included, as real messages), then waits for the round. Nothing is sent when the receive
 * count is 0. Reference: SimGrid 3.32 colls/alltoall/alltoall-mvapich-scatter-dest.cpp
 * (MVAPICH2 alltoall_osu.c, MV2_ALLTOALL_THROTTLE_FACTOR 4). Cost: ceil(p / 4)(α + 4 m β).
 * Needs: none. */
int coll__alltoall_mvapich2_scatter_dest(const struct coll_args *a)
{
    struct coll_blocks x;

    coll__blocks_init(&x, a, COLL_BLOCKS_REGULAR, TAG);
    return x.rcount == 0 ? MPI_SUCCESS : coll__blocks_exchange_throttled(&x, true);
}

/* Bruck: rotates the blocks so that block j is for rank + j, then in step k (2^k < p) sends
 * every block whose index has bit k set to rank + 2^k (packed into one message) and receives
 * the same blocks from rank - 2^k; a final local rotation puts each block in place. Reference:
 * SimGrid 3.32 colls/alltoall/alltoall-bruck.cpp (MPICH, modified by Ahmad Faraj); Bruck et
 * al., IEEE TPDS 8(11), 1997. Cost: ceil(log2 p)(α + (p / 2) m β). Needs: none. */
static int bruck_step(const struct coll_blocks *x, void *tmp, int *lens, int *displs, int pof2)
{
    MPI_Datatype blocks;
    int n = 0;
    int rc;

    for (int b = 1; b < x->size; b++) {
        if (b & pof2) {
            lens[n] = x->rcount;
            displs[n++] = b * x->rcount;
        }
    }
    rc = smpi_type_indexed(n, lens, displs, x->rtype, &blocks);
    if (rc != MPI_SUCCESS)
        return rc;
    rc = smpi_type_copy(x->rbuf, 1, blocks, tmp, n * x->rcount, x->rtype);
    if (rc == MPI_SUCCESS)
        rc = smpi_sendrecv(tmp, n * x->rcount, x->rtype, (x->rank + pof2) % x->size, TAG, x->rbuf,
                           1, blocks, (x->rank - pof2 + x->size) % x->size, TAG, x->comm,
                           MPI_STATUS_IGNORE);
    smpi_type_free(&blocks);
    return rc;
}

int coll__alltoall_bruck(const struct coll_args *a)
{
    struct coll_blocks x;
    void *tmp;
    void *block;
    int *lens;
    int *displs;
    int rc;

    coll__blocks_init(&x, a, COLL_BLOCKS_REGULAR, TAG);
    block = coll__tmp_alloc(x.size * x.rcount, x.rtype, &tmp);
    lens = sim_xcalloc((size_t)x.size, sizeof(*lens));
    displs = sim_xcalloc((size_t)x.size, sizeof(*displs));
    rc = smpi_type_copy(coll__sblock(&x, x.rank), (x.size - x.rank) * x.scount, x.stype,
                        coll__rblock(&x, 0), (x.size - x.rank) * x.rcount, x.rtype);
    if (rc == MPI_SUCCESS)
        rc = smpi_type_copy(coll__sblock(&x, 0), x.rank * x.scount, x.stype,
                            coll__rblock(&x, x.size - x.rank), x.rank * x.rcount, x.rtype);
    for (int pof2 = 1; pof2 < x.size && rc == MPI_SUCCESS; pof2 *= 2)
        rc = bruck_step(&x, tmp, lens, displs, pof2);
    if (rc == MPI_SUCCESS) {
        int head = (x.size - x.rank - 1) * x.rcount;

        smpi_type_copy(coll__rblock(&x, x.rank + 1), head, x.rtype, tmp, head, x.rtype);
        smpi_type_copy(coll__rblock(&x, 0), (x.rank + 1) * x.rcount, x.rtype, telem(tmp, head, &x),
                       (x.rank + 1) * x.rcount, x.rtype);
        for (int i = 0; i < x.size; i++)
            smpi_type_copy(telem(tmp, (MPI_Aint)i * x.rcount, &x), x.rcount, x.rtype,
                           coll__rblock(&x, x.size - i - 1), x.rcount, x.rtype);
    }
    free(displs);
    free(lens);
    free(block);
    return rc;
}

/* Number of receive-type elements in a status. */
static int received(const MPI_Status *st, const struct coll_blocks *x)
{
    size_t size = smpi_type_size(x->rtype);

    return size > 0 ? (int)(st->smpi_count / (MPI_Count)size) : 0;
}

/* Recursive doubling's repair for a non-power-of-two size: the ranks of the half-tree that
 * missed step `mask` (their partner did not exist) get its data from the ranks of their
 * subtree that have it, along a binomial tree. `got` is what the step brought (updated). */
static int rdb_repair(const struct coll_blocks *x, void *tmp, int mask, int k, int *got, int *have)
{
    int all = x->size * x->rcount;
    int root = ((x->rank ^ mask) >> k) << k;
    int done = x->size - ((x->rank >> k) << k) - mask;
    void *at = telem(tmp, (MPI_Aint)root * all, x);
    int rc = MPI_SUCCESS;
    MPI_Status st;

    for (int m = mask >> 1; m > 0 && rc == MPI_SUCCESS; m >>= 1, k--) {
        int peer = x->rank ^ m;
        int base = (x->rank >> k) << k;

        if (peer > x->rank && x->rank < base + done && peer >= base + done) {
            rc = smpi_send(at, *got, x->rtype, peer, TAG, x->comm);
        } else if (peer < x->rank && peer < base + done && x->rank >= base + done) {
            rc = smpi_recv(at, mask * all, x->rtype, peer, TAG, x->comm, &st);
            *got = received(&st, x);
            *have += *got;
        }
    }
    return rc;
}

/* Recursive doubling: an allgather of the whole send buffers by recursive doubling (MPICH's,
 * with its binomial repair for non-power-of-two sizes), after which each rank picks its blocks
 * out of the p gathered buffers. Reference: SimGrid 3.32 colls/alltoall/alltoall-rdb.cpp
 * (MPICH allgather_intra_recursive_doubling.c, adapted by Ahmad Faraj). Cost: log2 p α +
 * (p - 1) p m β, and p^2 m bytes of memory. Needs: none. */
int coll__alltoall_rdb(const struct coll_args *a)
{
    struct coll_blocks x;
    void *tmp;
    void *block;
    int all;
    int have;
    int got = 0;
    int rc;

    coll__blocks_init(&x, a, COLL_BLOCKS_REGULAR, TAG);
    all = x.size * x.rcount;
    block = coll__tmp_alloc(x.size * all, x.rtype, &tmp);
    rc = smpi_type_copy(x.sbuf, x.size * x.scount, x.stype, telem(tmp, (MPI_Aint)x.rank * all, &x),
                        all, x.rtype);
    have = all;
    for (int mask = 1, k = 0; mask < x.size && rc == MPI_SUCCESS; mask <<= 1, k++) {
        int dst = x.rank ^ mask;
        int root = (dst >> k) << k;
        MPI_Status st;

        if (dst < x.size) {
            rc = smpi_sendrecv(telem(tmp, (MPI_Aint)((x.rank >> k) << k) * all, &x), have, x.rtype,
                               dst, TAG, telem(tmp, (MPI_Aint)root * all, &x), mask * all, x.rtype,
                               dst, TAG, x.comm, &st);
            got = received(&st, &x);
            have += got;
        }
        if (rc == MPI_SUCCESS && root + mask > x.size)
            rc = rdb_repair(&x, tmp, mask, k, &got, &have);
    }
    for (int i = 0; i < x.size && rc == MPI_SUCCESS; i++)
        rc = smpi_type_copy(telem(tmp, (MPI_Aint)i * all + (MPI_Aint)x.rank * x.rcount, &x),
                            x.rcount, x.rtype, coll__rblock(&x, i), x.rcount, x.rtype);
    free(block);
    return rc;
}

const char *coll__alltoall_check_2dmesh(const struct coll_args *a)
{
    return coll__mesh_fits(smpi_comm_size(a->comm), 2)
               ? NULL
               : "a communicator size with a divisor between its square root and its half "
                 "(a 2D mesh; SMPI returns MPI_ERR_OTHER otherwise)";
}

const char *coll__alltoall_check_3dmesh(const struct coll_args *a)
{
    return coll__mesh_fits(smpi_comm_size(a->comm), 3)
               ? NULL
               : "a communicator size n = x * x * z with x between the cube root of n and n / 3 "
                 "(a 3D mesh; SMPI returns MPI_ERR_OTHER otherwise)";
}

/* One mesh dimension: receives `count` elements from each of the n ranks (first + i * stride)
 * mod p (the caller excepted) into at(i), after posting all receives; then sends `count` elements
 * of `type` from `buf` to each of them, blocking, in the same order; then waits. When `fill`
 * is set, the message to each peer is first assembled by fill(x, tmp, peer, ctx) in `buf`. */
struct mesh_dim {
    int first;
    int stride;
    int n;
    MPI_Aint count; /* elements received from each peer */
    void *(*at)(const struct coll_blocks *x, void *ctx, int peer);
    void (*fill)(const struct coll_blocks *x, void *ctx, int peer);
    const void *buf; /* what is sent */
    MPI_Aint scount;
    MPI_Datatype stype;
};

static int mesh_exchange(const struct coll_blocks *x, const struct mesh_dim *d, void *ctx,
                         MPI_Request *reqs)
{
    int n = 0;
    int rc = MPI_SUCCESS;

    for (int i = 0; i < d->n && rc == MPI_SUCCESS; i++) {
        int src = (d->first + i * d->stride) % x->size;

        if (src != x->rank)
            rc = smpi_irecv(d->at(x, ctx, src), (int)d->count, x->rtype, src, TAG, x->comm,
                            &reqs[n++]);
    }
    for (int i = 0; i < d->n && rc == MPI_SUCCESS; i++) {
        int dst = (d->first + i * d->stride) % x->size;

        if (dst == x->rank)
            continue;
        if (d->fill)
            d->fill(x, ctx, dst);
        rc = smpi_send(d->buf, (int)d->scount, d->stype, dst, TAG, x->comm);
    }
    return coll__waitall(n, reqs, rc);
}

/* The temporaries of the mesh algorithms: gathered[j] holds the whole send buffer of the j-th
 * rank of the caller's row (2D) or plane (3D); out assembles the blocks sent on. */
struct mesh {
    void *gathered;
    void *out;
    int rows;   /* 2D: rows; 3D: side */
    int cols;   /* 2D: ranks per row; 3D: side */
    int planes; /* 3D only */
    int base;   /* rank of the first member of the caller's row (2D) or plane (3D) */
};

static void *gathered_buffer(const struct coll_blocks *x, void *ctx, int peer)
{
    const struct mesh *m = ctx;

    return telem(m->gathered,
                 (MPI_Aint)((peer - m->base) % (m->rows * m->cols)) * x->size * x->rcount, x);
}

static void *row_of(const struct coll_blocks *x, void *ctx, int peer)
{
    const struct mesh *m = ctx;

    return coll__rblock(x, (peer / m->cols) * m->cols);
}

static void *plane_of(const struct coll_blocks *x, void *ctx, int peer)
{
    const struct mesh *m = ctx;
    int plane = m->rows * m->cols;

    return coll__rblock(x, (peer / plane) * plane);
}

static void *gathered_row(const struct coll_blocks *x, void *ctx, int peer)
{
    const struct mesh *m = ctx;
    int row = (peer / m->rows) * m->rows;

    return telem(m->gathered, (MPI_Aint)(row % (m->rows * m->cols)) * x->size * x->rcount, x);
}

/* Block for `peer` of the j-th gathered buffer (the caller's own send buffer when that is the
 * caller), copied to block j of out. */
static void pick(const struct coll_blocks *x, const struct mesh *m, int j, int peer, bool own)
{
    void *to = telem(m->out, (MPI_Aint)j * x->rcount, x);

    if (own)
        smpi_type_copy(coll__sblock(x, peer), x->scount, x->stype, to, x->rcount, x->rtype);
    else
        smpi_type_copy(telem(m->gathered, ((MPI_Aint)j * x->size + peer) * x->rcount, x), x->rcount,
                       x->rtype, to, x->rcount, x->rtype);
}

static void fill_row(const struct coll_blocks *x, void *ctx, int peer)
{
    const struct mesh *m = ctx;

    for (int j = 0; j < m->cols; j++)
        pick(x, m, j, peer, m->base + j == x->rank);
}

static void fill_plane(const struct coll_blocks *x, void *ctx, int peer)
{
    const struct mesh *m = ctx;

    for (int j = 0; j < m->rows * m->cols; j++)
        pick(x, m, j, peer, false);
}

/* 2D mesh: the ranks form X rows of Y consecutive ranks. Each rank first gathers the whole
 * send buffers of its row (receives posted, then blocking sends of its buffer), takes its
 * blocks from them, then sends to each rank of its column the blocks its row holds for that
 * rank (Y blocks in one message). Reference: SimGrid 3.32 colls/alltoall/alltoall-2dmesh.cpp
 * (Ahmad Faraj). Cost: (X + Y - 2) α + ((Y - 1) p + (X - 1) Y) m β. Needs: a size that
 * factors into SMPI's 2D mesh. */
int coll__alltoall_2dmesh(const struct coll_args *a)
{
    struct coll_blocks x;
    struct mesh m = { 0 };
    struct mesh_dim d;
    void *blocks[2];
    MPI_Request *reqs;
    int rc;

    coll__blocks_init(&x, a, COLL_BLOCKS_REGULAR, TAG);
    coll__mesh2d(x.size, &m.rows, &m.cols);
    m.base = (x.rank / m.cols) * m.cols;
    blocks[0] = coll__tmp_alloc(x.size * x.rcount * m.cols, x.rtype, &m.gathered);
    blocks[1] = coll__tmp_alloc(x.rcount * m.cols, x.rtype, &m.out);
    reqs = coll__reqs_alloc(m.rows > m.cols ? m.rows : m.cols);
    d = (struct mesh_dim){ .first = m.base,
                           .stride = 1,
                           .n = m.cols,
                           .count = (MPI_Aint)x.size * x.rcount,
                           .at = gathered_buffer,
                           .buf = x.sbuf,
                           .scount = (MPI_Aint)x.size * x.scount,
                           .stype = x.stype };
    rc = mesh_exchange(&x, &d, &m, reqs);
    for (int i = 0; i < m.cols && rc == MPI_SUCCESS; i++) {
        int peer = m.base + i;
        void *from = telem(m.gathered, ((MPI_Aint)i * x.size + x.rank) * x.rcount, &x);

        rc = peer == x.rank ? coll__blocks_copy_own(&x)
                            : smpi_type_copy(from, x.rcount, x.rtype, coll__rblock(&x, peer),
                                             x.rcount, x.rtype);
    }
    d = (struct mesh_dim){ .first = x.rank % m.cols,
                           .stride = m.cols,
                           .n = m.rows,
                           .count = (MPI_Aint)x.rcount * m.cols,
                           .at = row_of,
                           .fill = fill_row,
                           .buf = m.out,
                           .scount = (MPI_Aint)x.rcount * m.cols,
                           .stype = x.rtype };
    if (rc == MPI_SUCCESS)
        rc = mesh_exchange(&x, &d, &m, reqs);
    free(reqs);
    free(blocks[1]);
    free(blocks[0]);
    return rc;
}

/* The three exchanges of the 3D mesh, after the caller's own buffer went to its slot: whole
 * send buffers along the row; whole rows of them along the column; then, to the rank at the
 * caller's place in every other plane, the blocks of the caller's plane for that rank (the
 * local picking sits between the second and the third). */
static int mesh3d_exchanges(const struct coll_blocks *x, struct mesh *m, MPI_Request *reqs)
{
    int plane = m->rows * m->cols;
    MPI_Aint all = (MPI_Aint)x->size * x->rcount;
    struct mesh_dim d = { .first = (x->rank / m->rows) * m->rows,
                          .stride = 1,
                          .n = m->cols,
                          .count = all,
                          .at = gathered_buffer,
                          .buf = x->sbuf,
                          .scount = (MPI_Aint)x->size * x->scount,
                          .stype = x->stype };
    int rc = mesh_exchange(x, &d, m, reqs);

    d = (struct mesh_dim){ .first = x->rank % m->cols + m->base,
                           .stride = m->cols,
                           .n = m->rows,
                           .count = all * m->cols,
                           .at = gathered_row,
                           .buf = gathered_row(x, m, x->rank),
                           .scount = all * m->cols,
                           .stype = x->rtype };
    if (rc == MPI_SUCCESS)
        rc = mesh_exchange(x, &d, m, reqs);
    for (int i = 0; i < plane && rc == MPI_SUCCESS; i++)
        rc = smpi_type_copy(telem(m->gathered, ((MPI_Aint)i * x->size + x->rank) * x->rcount, x),
                            x->rcount, x->rtype, coll__rblock(x, m->base + i), x->rcount, x->rtype);
    d = (struct mesh_dim){ .first = x->rank,
                           .stride = plane,
                           .n = m->planes,
                           .count = (MPI_Aint)x->rcount * plane,
                           .at = plane_of,
                           .fill = fill_plane,
                           .buf = m->out,
                           .scount = (MPI_Aint)x->rcount * plane,
                           .stype = x->rtype };
    if (rc == MPI_SUCCESS)
        rc = mesh_exchange(x, &d, m, reqs);
    return rc;
}

/* 3D mesh: the ranks form Z planes of X by X ranks (rows of X consecutive ranks). Each rank
 * gathers the whole send buffers of its row, then of its plane (a column exchange of whole
 * rows), takes its blocks from them, and sends to the rank at its place in every other plane
 * the blocks its plane holds for that rank (X^2 blocks in one message). Reference: SimGrid
 * 3.32 colls/alltoall/alltoall-3dmesh.cpp (Ahmad Faraj). Cost: (2X + Z - 3) α +
 * ((X - 1) p + (X - 1) X p + (Z - 1) X^2) m β. Needs: a size that factors into SMPI's 3D
 * mesh. */
int coll__alltoall_3dmesh(const struct coll_args *a)
{
    struct coll_blocks x;
    struct mesh m = { 0 };
    void *blocks[2];
    MPI_Request *reqs;
    int plane;
    int rc;

    coll__blocks_init(&x, a, COLL_BLOCKS_REGULAR, TAG);
    coll__mesh3d(x.size, &m.rows, &m.planes);
    m.cols = m.rows;
    plane = m.rows * m.cols;
    m.base = (x.rank / plane) * plane;
    blocks[0] = coll__tmp_alloc(x.size * x.rcount * plane, x.rtype, &m.gathered);
    blocks[1] = coll__tmp_alloc(x.rcount * plane, x.rtype, &m.out);
    reqs = coll__reqs_alloc(m.planes > m.rows ? m.planes : m.rows);
    rc = smpi_type_copy(x.sbuf, x.size * x.scount, x.stype, gathered_buffer(&x, &m, x.rank),
                        x.size * x.rcount, x.rtype);
    if (rc == MPI_SUCCESS)
        rc = mesh3d_exchanges(&x, &m, reqs);
    free(reqs);
    free(blocks[1]);
    free(blocks[0]);
    return rc;
}
