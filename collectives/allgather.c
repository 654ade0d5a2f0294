/* allgather: MPI_Allgather algorithms, SimGrid SMPI 3.32's sixteen (colls/allgather/) and its
 * default pattern (smpi_linear), with SMPI's messages, order and blocking structure. Block j of
 * the receive buffer gets rank j's data. Costs: p ranks, m bytes a block, α latency, β per byte. */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

#include "collectives/internal.h"
#include "simcore/simcore.h"
#include "smpi/p2p_api.h"

#define TAG COLL_TAG_ALLGATHER

/* One call's arguments with the block arithmetic. Data leaving the receive buffer always
 * travels as receive-type elements (SMPI sends some of it as send-type elements: the same bytes,
 * since MPI_Allgather requires equal type signatures on both sides). */
struct ag {
    const void *sbuf;
    void *rbuf;
    int scount;
    int rcount;
    MPI_Datatype stype;
    MPI_Datatype rtype;
    MPI_Comm comm;
    int rank;
    int size;
};

static void ag_init(struct ag *x, const struct coll_args *a)
{
    x->sbuf = a->sbuf;
    x->rbuf = a->rbuf;
    x->scount = a->scount;
    x->rcount = a->rcount;
    x->stype = a->stype;
    x->rtype = a->rtype;
    x->comm = a->comm;
    x->rank = smpi_comm_rank(a->comm);
    x->size = smpi_comm_size(a->comm);
}

/* Block j of the receive buffer (the n blocks from j on are rcount * n consecutive elements). */
static void *blk(const struct ag *x, int j)
{
    return coll__elem(x->rbuf, (MPI_Aint)j * x->rcount, x->rtype);
}

static int copy_own(const struct ag *x)
{
    return smpi_type_copy(x->sbuf, x->scount, x->stype, blk(x, x->rank), x->rcount, x->rtype);
}

/* Sends the caller's own contribution to dst while block src arrives from src. */
static int swap_own(const struct ag *x, int dst, int src)
{
    return smpi_sendrecv(x->sbuf, x->scount, x->stype, dst, TAG, blk(x, src), x->rcount, x->rtype,
                         src, TAG, x->comm, MPI_STATUS_IGNORE);
}

/* Sends n blocks from block `from` to dst while n blocks arrive from src at block `to`. */
static int swap_blocks(const struct ag *x, int from, int dst, int to, int src, int n)
{
    return smpi_sendrecv(blk(x, from), n * x->rcount, x->rtype, dst, TAG, blk(x, to), n * x->rcount,
                         x->rtype, src, TAG, x->comm, MPI_STATUS_IGNORE);
}

/* SMPI sends a contribution as send-type elements and receives it as receive-type elements;
 * some algorithms fall back to smpi_linear when the two blocks span different extents. */
static bool irregular(const struct ag *x)
{
    return (MPI_Aint)x->scount * smpi_type_extent(x->stype) !=
           (MPI_Aint)x->rcount * smpi_type_extent(x->rtype);
}

/* SMPI's default (allgather__default): the iallgather pattern waited for. Copies the own
 * block, then for every other rank in rank order starts a send of the own block and a receive
 * of that rank's block, and waits for all of them. Reference: SimGrid 3.32
 * colls/smpi_default_selector.cpp and colls/smpi_nbc_impl.cpp (iallgather). Cost: (p - 1) α +
 * (p - 1) m β, all flows at once. Needs: none. */
static int allgather_smpi_linear(const struct coll_args *a)
{
    struct ag x;
    MPI_Request *reqs;
    int n = 0;
    int rc;

    ag_init(&x, a);
    rc = copy_own(&x);
    reqs = coll__reqs_alloc(2 * (x.size - 1));
    for (int peer = 0; peer < x.size && rc == MPI_SUCCESS; peer++) {
        if (peer == x.rank)
            continue;
        rc = smpi_isend(x.sbuf, x.scount, x.stype, peer, TAG, x.comm, &reqs[n++]);
        if (rc == MPI_SUCCESS)
            rc = smpi_irecv(blk(&x, peer), x.rcount, x.rtype, peer, TAG, x.comm, &reqs[n++]);
    }
    rc = coll__waitall(n, reqs, rc);
    free(reqs);
    return rc;
}

/* ---- meshes ------------------------------------------------------------------------------ */

/* SMPI's 2D mesh of n ranks: the first divisor d of n from floor(sqrt(n)) up to n / 2; rows
 * is the smaller of d and n / d, cols (ranks per row) the larger. sqrt from libm, as SMPI. */
static bool mesh2d(int n, int *rows, int *cols)
{
    for (int d = (int)sqrt((double)n); d <= n / 2; d++) {
        if (n % d == 0) {
            *rows = d < n / d ? d : n / d;
            *cols = n / *rows;
            return true;
        }
    }
    return false;
}

/* SMPI's 3D mesh of n ranks: the first side d from floor(cbrt(n)) (libm's cbrt, which SMPI
 * truncates too) up to n / 3 with d * d dividing n; the mesh is d by d by n / d^2. */
static bool mesh3d(int n, int *side, int *planes)
{
    for (int d = (int)cbrt((double)n); d <= n / 3; d++) {
        if (n % (d * d) == 0) {
            *side = d;
            *planes = n / (d * d);
            return true;
        }
    }
    return false;
}

static const char *check_2dmesh(const struct coll_args *a)
{
    int rows;
    int cols;

    return mesh2d(smpi_comm_size(a->comm), &rows, &cols)
               ? NULL
               : "a communicator size with a divisor between its square root and its half "
                 "(SMPI's 2D mesh; SMPI throws otherwise)";
}

static const char *check_3dmesh(const struct coll_args *a)
{
    int side;
    int planes;

    return mesh3d(smpi_comm_size(a->comm), &side, &planes)
               ? NULL
               : "a communicator size n = d * d * z with d between the cube root of n and n / 3 "
                 "(SMPI's 3D mesh; SMPI throws otherwise)";
}

/* One mesh dimension: the `len` ranks (first + i * stride) mod p, the caller excepted, each
 * hold a group of n consecutive blocks (starting at a multiple of n) that the caller lacks.
 * Posts a receive of every peer's group, then sends the caller's own group (its own
 * contribution from the send buffer when n is 1) to each peer in the same order with blocking
 * sends, then waits for the receives. */
static int mesh_dim(const struct ag *x, int first, int stride, int len, int n, MPI_Request *reqs)
{
    int k = 0;
    int rc = MPI_SUCCESS;

    for (int i = 0; i < len && rc == MPI_SUCCESS; i++) {
        int peer = (first + i * stride) % x->size;

        if (peer != x->rank)
            rc = smpi_irecv(blk(x, peer / n * n), n * x->rcount, x->rtype, peer, TAG, x->comm,
                            &reqs[k++]);
    }
    for (int i = 0; i < len && rc == MPI_SUCCESS; i++) {
        int peer = (first + i * stride) % x->size;

        if (peer == x->rank)
            continue;
        if (n == 1)
            rc = smpi_send(x->sbuf, x->scount, x->stype, peer, TAG, x->comm);
        else
            rc = smpi_send(blk(x, x->rank / n * n), n * x->rcount, x->rtype, peer, TAG, x->comm);
    }
    return coll__waitall(k, reqs, rc);
}

/* 2D mesh: the ranks form X rows of Y consecutive ranks (X <= Y). Each rank exchanges its
 * block with the rest of its row (receives posted, then blocking sends), then its whole row
 * (Y blocks in one message) with the rest of its column. Reference: SimGrid 3.32
 * colls/allgather/allgather-2dmesh.cpp (A. Faraj and X. Yuan, "Automatic Generation and Tuning
 * of MPI Collective Communication Routines", ICS 2005). Cost: (X + Y - 2) α + (p - 1) m β.
 * Needs: a size with a divisor between its square root and its half (not 1, not a prime
 * above 3). */
static int allgather_2dmesh(const struct coll_args *a)
{
    struct ag x;
    MPI_Request *reqs;
    int rows = 1;
    int cols = 1;
    int rc;

    ag_init(&x, a);
    mesh2d(x.size, &rows, &cols);
    reqs = coll__reqs_alloc(cols);
    rc = copy_own(&x);
    if (rc == MPI_SUCCESS)
        rc = mesh_dim(&x, x.rank / cols * cols, 1, cols, 1, reqs);
    if (rc == MPI_SUCCESS)
        rc = mesh_dim(&x, x.rank % cols, cols, rows, cols, reqs);
    free(reqs);
    return rc;
}

/* 3D mesh: the ranks form Z planes of X by X ranks. As the 2D mesh inside the caller's plane
 * (rows of X consecutive ranks, then columns), then every rank exchanges its whole plane
 * (X * X blocks) with the same position in the other planes. Reference: SimGrid 3.32
 * colls/allgather/allgather-3dmesh.cpp (Faraj and Yuan, ICS 2005). Cost: (2 X + Z - 3) α +
 * (p - 1) m β. Needs: a size n = d * d * z with d between the cube root of n and n / 3 (not 1
 * or 2, nor 10 for instance). */
static int allgather_3dmesh(const struct coll_args *a)
{
    struct ag x;
    MPI_Request *reqs;
    int side = 1;
    int planes = 1;
    int plane;
    int rc;

    ag_init(&x, a);
    mesh3d(x.size, &side, &planes);
    plane = side * side;
    reqs = coll__reqs_alloc(side > planes ? side : planes);
    rc = copy_own(&x);
    if (rc == MPI_SUCCESS)
        rc = mesh_dim(&x, x.rank / side * side, 1, side, 1, reqs);
    if (rc == MPI_SUCCESS)
        rc = mesh_dim(&x, x.rank % side + x.rank / plane * plane, side, side, side, reqs);
    if (rc == MPI_SUCCESS)
        rc = mesh_dim(&x, x.rank, plane, planes, plane, reqs);
    free(reqs);
    return rc;
}

/* ---- logarithmic algorithms -------------------------------------------------------------- */

/* Bruck: gathers into a temporary that starts with the caller's own block; at distance
 * 2^k = 1, 2, 4, ... (while 2^k <= p / 2) it sends everything it holds to rank - 2^k and
 * appends what rank + 2^k holds; a last step brings the p - 2^k missing blocks; the temporary,
 * which holds blocks rank, rank + 1, ..., is rotated into place by two local copies.
 * Reference: SimGrid 3.32 colls/allgather/allgather-bruck.cpp (Faraj and Yuan, after J. Bruck et
 * al., "Efficient Algorithms for All-to-All Communications in Multiport Message-Passing
 * Systems", IEEE TPDS 1997). Cost: ceil(log2 p) α + (p - 1) m β. Needs: none. */
static int allgather_bruck(const struct coll_args *a)
{
    struct ag x;
    void *tmp;
    void *block;
    int have;
    int dist = 1;
    int rc;

    ag_init(&x, a);
    block = coll__tmp_alloc(x.size * x.rcount, x.rtype, &tmp);
    have = x.rcount;
    rc = smpi_type_copy(x.sbuf, x.scount, x.stype, tmp, x.rcount, x.rtype);
    for (; dist <= x.size / 2 && rc == MPI_SUCCESS; dist *= 2, have *= 2)
        rc = smpi_sendrecv(tmp, have, x.rtype, (x.rank - dist + x.size) % x.size, TAG,
                           coll__elem(tmp, have, x.rtype), have, x.rtype, (x.rank + dist) % x.size,
                           TAG, x.comm, MPI_STATUS_IGNORE);
    if (rc == MPI_SUCCESS && x.size > dist) {
        int rest = (x.size - dist) * x.rcount;

        rc = smpi_sendrecv(tmp, rest, x.rtype, (x.rank - dist + x.size) % x.size, TAG,
                           coll__elem(tmp, have, x.rtype), rest, x.rtype, (x.rank + dist) % x.size,
                           TAG, x.comm, MPI_STATUS_IGNORE);
    }
    if (rc == MPI_SUCCESS)
        rc = smpi_type_copy(tmp, (x.size - x.rank) * x.rcount, x.rtype, blk(&x, x.rank),
                            (x.size - x.rank) * x.rcount, x.rtype);
    if (rc == MPI_SUCCESS)
        rc = smpi_type_copy(coll__elem(tmp, (MPI_Aint)(x.size - x.rank) * x.rcount, x.rtype),
                            x.rank * x.rcount, x.rtype, x.rbuf, x.rank * x.rcount, x.rtype);
    free(block);
    return rc;
}

/* The non-power-of-two repair of recursive doubling after the exchange at distance `mask`:
 * in the caller's half [lo, lo + mask), only the first `ready` ranks had a partner in the other
 * half, whose blocks (from lo + mask on, `ready` of them) they now pass on to the rest of the
 * half by recursive halving. *last is the element count of the latest message received, which
 * is what a rank forwards; *have counts the elements the caller holds. */
static int rdb_fill(const struct ag *x, int mask, int lo, int *last, int *have)
{
    int ready = x->size - lo - mask;
    int shift = 0;
    int rc = MPI_SUCCESS;

    while ((1 << (shift + 1)) <= mask)
        shift++;
    for (int half = mask >> 1; half > 0 && rc == MPI_SUCCESS; half >>= 1, shift--) {
        int peer = x->rank ^ half;
        int root = x->rank >> shift << shift;

        if (peer > x->rank && x->rank < root + ready && peer >= root + ready) {
            rc = smpi_send(blk(x, lo + mask), *last, x->rtype, peer, TAG, x->comm);
        } else if (peer < x->rank && peer < root + ready && x->rank >= root + ready) {
            rc = smpi_recv(blk(x, lo + mask), ready * x->rcount, x->rtype, peer, TAG, x->comm,
                           MPI_STATUS_IGNORE);
            *last = ready * x->rcount;
            *have += *last;
        }
    }
    return rc;
}

/* Recursive doubling: at distance 2^k every rank swaps all the blocks of its aligned group of
 * 2^k ranks with the partner rank XOR 2^k. On a non-power-of-two size a partner may not exist;
 * the ranks of that group that got the missing blocks forward them by recursive halving
 * (rdb_fill). Reference: SimGrid 3.32 colls/allgather/allgather-rdb.cpp (after MPICH's
 * allgather_intra_recursive_doubling.c). Cost: log2 p α + (p - 1) m β on a power of two.
 * Needs: none. SMPI sends its growing group as that many send-type elements, counted in
 * receive-type elements: when the two types differ in size, SMPI's messages differ from
 * these, which send receive-type elements. */
static int allgather_rdb(const struct coll_args *a)
{
    struct ag x;
    int have;
    int last = 0;
    int rc;

    ag_init(&x, a);
    have = x.rcount;
    rc = copy_own(&x);
    for (int mask = 1, k = 0; mask < x.size && rc == MPI_SUCCESS; mask <<= 1, k++) {
        int peer = x.rank ^ mask;
        int peer_lo = peer >> k << k;
        int lo = x.rank >> k << k;

        if (peer < x.size) {
            int got = (peer_lo + mask < x.size ? mask : x.size - peer_lo) * x.rcount;

            rc = smpi_sendrecv(blk(&x, lo), have, x.rtype, peer, TAG, blk(&x, peer_lo),
                               mask * x.rcount, x.rtype, peer, TAG, x.comm, MPI_STATUS_IGNORE);
            last = got;
            have += got;
        }
        if (rc == MPI_SUCCESS && peer_lo + mask > x.size)
            rc = rdb_fill(&x, mask, lo, &last, &have);
    }
    return rc;
}

/* Recursive halving then doubling (rhv): a rank first swaps its own block with the rank whose
 * number is its own bit-reversed, so that it holds block rev(rank); then at distance p / 2,
 * p / 4, ..., 1 it swaps everything it holds (1, 2, 4, ... blocks, contiguous) with rank XOR
 * distance. Falls back to smpi_linear when a send block and a receive block span different
 * extents, as SMPI does. Reference: SimGrid 3.32 colls/allgather/allgather-rhv.cpp. Cost:
 * (log2 p + 1) α + p m β. Needs: a power-of-two size (SMPI throws otherwise). */
static int allgather_rhv(const struct coll_args *a)
{
    struct ag x;
    int base = 0;
    int step = 1;
    int mask = 1;
    int rc;

    ag_init(&x, a);
    if (irregular(&x))
        return allgather_smpi_linear(a);
    for (int half = x.size / 2; mask < x.size; mask <<= 1, half /= 2)
        if (x.rank & mask)
            base += half;
    rc = swap_own(&x, base, base);
    for (mask >>= 1; mask >= 1 && rc == MPI_SUCCESS; mask >>= 1, step *= 2) {
        int from = base;

        if (x.rank & mask)
            base -= step;
        rc = swap_blocks(&x, from, x.rank ^ mask, (x.rank & mask) ? base : from + step,
                         x.rank ^ mask, step);
    }
    return rc;
}

/* ---- step-by-step algorithms --------------------------------------------------------------- */

/* SMPI's ring: in step i (1 <= i < p) each rank sends its own block to rank + i and receives
 * the block of rank - i, one sendrecv per step (a shifted pairwise exchange rather than a
 * forwarding ring). Reference: SimGrid 3.32 colls/allgather/allgather-ring.cpp (Faraj and
 * Yuan). Cost: (p - 1)(α + m β). Needs: none. SMPI's Comm::init_smp uses it
 * (collectives/smp.c). */
static int allgather_ring(const struct coll_args *a)
{
    struct ag x;
    int rc;

    ag_init(&x, a);
    rc = copy_own(&x);
    for (int i = 1; i < x.size && rc == MPI_SUCCESS; i++)
        rc = swap_own(&x, (x.rank + i) % x.size, (x.rank - i + x.size) % x.size);
    return rc;
}

/* Pairwise exchange: in step i (1 <= i < p) each rank swaps its own block with rank XOR i.
 * Reference: SimGrid 3.32 colls/allgather/allgather-pair.cpp (Faraj and Yuan). Cost:
 * (p - 1)(α + m β). Needs: a power-of-two size (SMPI throws otherwise). */
static int allgather_pair(const struct coll_args *a)
{
    struct ag x;
    int rc;

    ag_init(&x, a);
    rc = copy_own(&x);
    for (int i = 1; i < x.size && rc == MPI_SUCCESS; i++)
        rc = swap_own(&x, x.rank ^ i, x.rank ^ i);
    return rc;
}

/* Non-topology-specific logical ring (NTSLR): in step i each rank forwards to rank + 1 the
 * block it got in step i - 1 (its own first) and receives the next from rank - 1, one
 * sendrecv per step. Falls back to smpi_linear when a send block and a receive block span
 * different extents, as SMPI does. Reference: SimGrid 3.32 colls/allgather/allgather-NTSLR.cpp.
 * Cost: (p - 1)(α + m β). Needs: none. */
static int allgather_ntslr(const struct coll_args *a)
{
    struct ag x;
    int right;
    int left;
    int rc;

    ag_init(&x, a);
    if (irregular(&x))
        return allgather_smpi_linear(a);
    right = coll__ring_right(x.rank, x.size);
    left = coll__ring_left(x.rank, x.size);
    rc = copy_own(&x);
    for (int i = 0; i < x.size - 1 && rc == MPI_SUCCESS; i++)
        rc = swap_blocks(&x, (x.rank - i + x.size) % x.size, right,
                         (x.rank - i - 1 + x.size) % x.size, left, 1);
    return rc;
}

/* NTSLR, nonblocking: the same ring, with all p - 1 receives posted up front; step i starts the
 * send of the block received in step i - 1, then waits for the receive of step i and that
 * send. Falls back to smpi_linear as NTSLR. Reference: SimGrid 3.32
 * colls/allgather/allgather-NTSLR-NB.cpp. Cost: (p - 1)(α + m β). Needs: none. */
static int allgather_ntslr_nb(const struct coll_args *a)
{
    struct ag x;
    MPI_Request *rreqs;
    MPI_Request sreq = MPI_REQUEST_NULL;
    int rc = MPI_SUCCESS;

    ag_init(&x, a);
    if (irregular(&x))
        return allgather_smpi_linear(a);
    rreqs = coll__reqs_alloc(x.size);
    rc = copy_own(&x);
    for (int i = 0; i < x.size - 1 && rc == MPI_SUCCESS; i++)
        rc = smpi_irecv(blk(&x, (x.rank - i - 1 + x.size) % x.size), x.rcount, x.rtype,
                        coll__ring_left(x.rank, x.size), TAG, x.comm, &rreqs[i]);
    for (int i = 0; i < x.size - 1 && rc == MPI_SUCCESS; i++) {
        rc = smpi_isend(blk(&x, (x.rank - i + x.size) % x.size), x.rcount, x.rtype,
                        coll__ring_right(x.rank, x.size), TAG, x.comm, &sreq);
        if (rc == MPI_SUCCESS)
            rc = smpi_wait(&rreqs[i], MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = smpi_wait(&sreq, MPI_STATUS_IGNORE);
    }
    rc = coll__waitall(x.size, rreqs, rc);
    if (sreq != MPI_REQUEST_NULL)
        smpi_wait(&sreq, MPI_STATUS_IGNORE);
    free(rreqs);
    return rc;
}

/* Spreading: every rank posts the receives from rank + 1, rank + 2, ..., then the sends of its
 * own block to rank + 1, rank + 2, ..., and waits for all of them. Reference: SimGrid 3.32
 * colls/allgather/allgather-spreading-simple.cpp (Faraj and Yuan). Cost: (p - 1) α +
 * (p - 1) m β, all flows at once. Needs: none. */
static int allgather_spreading_simple(const struct coll_args *a)
{
    struct ag x;
    MPI_Request *reqs;
    int n = 0;
    int rc;

    ag_init(&x, a);
    reqs = coll__reqs_alloc(2 * (x.size - 1));
    rc = copy_own(&x);
    for (int i = 1; i < x.size && rc == MPI_SUCCESS; i++) {
        int src = (x.rank + i) % x.size;

        rc = smpi_irecv(blk(&x, src), x.rcount, x.rtype, src, TAG, x.comm, &reqs[n++]);
    }
    for (int i = 1; i < x.size && rc == MPI_SUCCESS; i++)
        rc = smpi_isend(x.sbuf, x.scount, x.stype, (x.rank + i) % x.size, TAG, x.comm, &reqs[n++]);
    rc = coll__waitall(n, reqs, rc);
    free(reqs);
    return rc;
}

/* Neighbour exchange: on an even size, ranks pair up (2i, 2i + 1) and swap their blocks; then
 * in each of the p / 2 - 1 further steps a rank swaps the two blocks it got last with its
 * other neighbour, alternating left and right. Odd sizes run SMPI's ring instead, as SMPI
 * does. Reference: SimGrid 3.32 colls/allgather/allgather-ompi-neighborexchange.cpp (Open MPI
 * coll_base_allgather.c; Chen et al., HPCAsia 2005). Cost: (p / 2)(α + 2 m β). Needs: none. */
static int allgather_ompi_neighborexchange(const struct coll_args *a)
{
    struct ag x;
    int nb[2];
    int from[2];
    int step[2];
    int sent;
    int rc;

    ag_init(&x, a);
    if (x.size % 2)
        return allgather_ring(a);
    rc = copy_own(&x);
    if (x.rank % 2 == 0) {
        nb[0] = coll__ring_right(x.rank, x.size);
        nb[1] = coll__ring_left(x.rank, x.size);
        from[0] = from[1] = x.rank;
        step[0] = 2;
        step[1] = -2;
    } else {
        nb[0] = coll__ring_left(x.rank, x.size);
        nb[1] = coll__ring_right(x.rank, x.size);
        from[0] = from[1] = nb[0];
        step[0] = -2;
        step[1] = 2;
    }
    if (rc == MPI_SUCCESS)
        rc = swap_blocks(&x, x.rank, nb[0], nb[0], nb[0], 1);
    sent = from[0];
    for (int i = 1; i < x.size / 2 && rc == MPI_SUCCESS; i++) {
        int par = i % 2;

        from[par] = (from[par] + step[par] + x.size) % x.size;
        rc = swap_blocks(&x, sent, nb[par], from[par], nb[par], 2);
        sent = from[par];
    }
    return rc;
}

/* Gather then broadcast (GB): the configured gather to rank 0, then the configured bcast of
 * the whole receive buffer from rank 0. Reference: SimGrid 3.32
 * colls/allgather/allgather-GB.cpp. Cost: a gather plus a bcast of p m bytes. Needs: none. */
static int allgather_gb(const struct coll_args *a)
{
    struct coll_args g = { .sbuf = a->sbuf,
                           .scount = a->scount,
                           .stype = a->stype,
                           .rbuf = a->rbuf,
                           .rcount = a->rcount,
                           .rtype = a->rtype,
                           .root = 0,
                           .comm = a->comm };
    struct coll_args b = { .rbuf = a->rbuf,
                           .count = a->rcount * smpi_comm_size(a->comm),
                           .type = a->rtype,
                           .root = 0,
                           .comm = a->comm };
    int rc = coll_run(COLL_GATHER, &g);

    return rc == MPI_SUCCESS ? coll_run(COLL_BCAST, &b) : rc;
}

/* ---- SMP-aware algorithms ---------------------------------------------------------------- */

/* SMPI's grouping of the SMP-aware algorithms: `cores` ranks per node (the ranks per host when
 * every host holds as many ranks of the communicator, else 1), node r / cores holding ranks
 * node * cores ... node * cores + here - 1 (consecutive ranks, whatever the real placement). */
struct smp_groups {
    int cores;
    int node;
    int local;
    int nodes;
    int here;
};

static int smp_cores(const struct smpi_smp *smp)
{
    return smp->uniform ? smpi_comm_size(smp->intra) : 1;
}

/* Runs SMPI's init_smp (its messages on the caller's first use of the communicator) and
 * computes the caller's groups. */
static int smp_groups(const struct ag *x, struct smp_groups *g)
{
    struct smpi_smp smp;
    int rc = coll__smp_init(x->comm, &smp);

    if (rc != MPI_SUCCESS)
        return rc;
    g->cores = smp_cores(&smp);
    g->node = x->rank / g->cores;
    g->local = x->rank % g->cores;
    g->nodes = (x->size + g->cores - 1) / g->cores;
    g->here = g->node == g->nodes - 1 ? x->size - g->node * g->cores : g->cores;
    return MPI_SUCCESS;
}

/* SMPI throws in loosely_lr, SMP_NTS and smp_simple when the size is not a multiple of the
 * ranks per host (a uniform layout always has one; a non-uniform one counts 1). */
static const char *check_smp_multiple(const struct coll_args *a)
{
    struct smpi_smp smp;

    if (smpi_comm_smp(a->comm, &smp) != MPI_SUCCESS)
        return NULL;
    return smpi_comm_size(a->comm) % smp_cores(&smp)
               ? "a communicator size that is a multiple of the ranks per host"
               : NULL;
}

/* Every rank exchanges its own block with the other ranks of its node, one sendrecv per step
 * (rank + i and rank - i within the node): the first phase of SMP_NTS and smp_simple. */
static int smp_intra_exchange(const struct ag *x, const struct smp_groups *g)
{
    int base = g->node * g->cores;
    int rc = copy_own(x);

    for (int i = 1; i < g->here && rc == MPI_SUCCESS; i++)
        rc =
            swap_own(x, base + (g->local + i) % g->here, base + (g->local - i + g->here) % g->here);
    return rc;
}

/* loosely_lr keeps its requests on the stack up to this many (SMPI's fixed arrays hold 128 of
 * each group), on the heap beyond. */
#define LR_STACK_REQS 128

/* The requests of loosely_lr, in SMPI's three groups (waited for in this order): intra-node
 * receives, intra-node sends, ring sends; and the ring receive of the current round. */
struct lr_reqs {
    MPI_Request *recvs;
    MPI_Request *sends;
    MPI_Request *ring_sends;
    MPI_Request ring_recv;
    int nrecvs;
    int nsends;
    int nring;
};

/* Round i of loosely_lr: the ring exchange (but in the last round) and the node exchange of
 * the blocks of node (node - i), in the order of the ranks of the node. */
static int lr_round(const struct ag *x, const struct smp_groups *g, int i, struct lr_reqs *r)
{
    int first = (g->node - i + g->nodes) % g->nodes * g->cores;
    int rc = MPI_SUCCESS;

    for (int j = 0; j < g->cores && rc == MPI_SUCCESS; j++) {
        int peer = g->node * g->cores + j;

        if (j == g->local && i != g->nodes - 1) {
            int prev = (g->node - 1 - i + g->nodes) % g->nodes * g->cores + g->local;

            rc = smpi_irecv(blk(x, prev), x->rcount, x->rtype,
                            (x->rank - g->cores + x->size) % x->size, TAG, x->comm, &r->ring_recv);
            if (rc == MPI_SUCCESS)
                rc = smpi_isend(blk(x, first + g->local), x->rcount, x->rtype,
                                (x->rank + g->cores) % x->size, TAG, x->comm,
                                &r->ring_sends[r->nring++]);
        }
        if (j == g->local || rc != MPI_SUCCESS)
            continue;
        rc = smpi_irecv(blk(x, first + j), x->rcount, x->rtype, peer, TAG, x->comm,
                        &r->recvs[r->nrecvs++]);
        if (rc == MPI_SUCCESS)
            rc = smpi_isend(blk(x, first + g->local), x->rcount, x->rtype, peer, TAG, x->comm,
                            &r->sends[r->nsends++]);
    }
    if (rc == MPI_SUCCESS && i != g->nodes - 1)
        rc = smpi_wait(&r->ring_recv, MPI_STATUS_IGNORE);
    return rc;
}

/* Loosely coupled logical ring (loosely_lr): the ranks with the same local number on every
 * node form a ring (rank + c, rank - c, with c ranks per node); in round i each rank starts
 * forwarding along its ring the block it got in round i - 1 (its own first) and receiving the
 * next, and starts exchanging the round's blocks with the other ranks of its node; it waits
 * for the ring receive at the end of each round and for everything else at the end.
 * Reference: SimGrid 3.32 colls/allgather/allgather-loosely-lr.cpp. Cost: (p / c)(α + c m β).
 * Needs: a size that is a multiple of the ranks per host (SMPI throws otherwise; always true
 * on a uniform layout). SMPI keeps its requests in arrays of 128 that overflow beyond (more
 * than 128 nodes, or more than 128 node exchanges per rank); here they grow as needed. */
static int allgather_loosely_lr(const struct coll_args *a)
{
    struct ag x;
    struct smp_groups g;
    struct lr_reqs r = { .ring_recv = MPI_REQUEST_NULL };
    MPI_Request stack[LR_STACK_REQS];
    MPI_Request *reqs = stack;
    int per_node;
    int rc;

    ag_init(&x, a);
    rc = smp_groups(&x, &g);
    if (rc != MPI_SUCCESS)
        return rc;
    per_node = g.nodes * (g.cores - 1);
    if (2 * per_node + g.nodes > LR_STACK_REQS)
        reqs = sim_xmalloc((size_t)(2 * per_node + g.nodes) * sizeof(*reqs));
    for (int i = 0; i < 2 * per_node + g.nodes; i++)
        reqs[i] = MPI_REQUEST_NULL;
    r.recvs = reqs;
    r.sends = reqs + per_node;
    r.ring_sends = reqs + 2 * per_node;
    rc = copy_own(&x);
    for (int i = 0; i < g.nodes && rc == MPI_SUCCESS; i++)
        rc = lr_round(&x, &g, i, &r);
    rc = coll__waitall(r.nrecvs, r.recvs, rc);
    rc = coll__waitall(r.nsends, r.sends, rc);
    rc = coll__waitall(r.nring, r.ring_sends, rc);
    rc = coll__waitall(1, &r.ring_recv, rc);
    if (reqs != stack)
        free(reqs);
    return rc;
}

/* SMP_NTS, on a node leader: a ring of the leaders passes whole nodes' blocks along (all
 * receives posted first, each node's blocks forwarded once received), and each node's blocks
 * go down the node's chain of ranks with a blocking send to rank + 1. */
static int nts_leader(const struct ag *x, const struct smp_groups *g)
{
    int n = g->nodes - 1;
    int len = g->cores * x->rcount;
    int src = (g->node - 1 + g->nodes) % g->nodes * g->cores;
    int dst = (g->node + 1) % g->nodes * g->cores;
    MPI_Request *reqs = coll__reqs_alloc(2 * n);
    int rc = MPI_SUCCESS;

    for (int i = 0; i < n && rc == MPI_SUCCESS; i++)
        rc = smpi_irecv(blk(x, (g->node - i - 1 + g->nodes) % g->nodes * g->cores), len, x->rtype,
                        src, TAG, x->comm, &reqs[i]);
    if (rc == MPI_SUCCESS)
        rc = smpi_isend(blk(x, g->node * g->cores), len, x->rtype, dst, TAG, x->comm, &reqs[n]);
    for (int i = 0; i < n && rc == MPI_SUCCESS; i++) {
        void *got = blk(x, (g->node - i - 1 + g->nodes) % g->nodes * g->cores);

        rc = smpi_wait(&reqs[i], MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS && i < n - 1)
            rc = smpi_isend(got, len, x->rtype, dst, TAG, x->comm, &reqs[n + i + 1]);
        if (rc == MPI_SUCCESS && g->here > 1)
            rc = smpi_send(got, len, x->rtype, x->rank + 1, TAG, x->comm);
    }
    rc = coll__waitall(2 * n, reqs, rc);
    free(reqs);
    return rc;
}

/* SMP_NTS, below the leader: receives every other node's blocks from rank - 1 and, but on the
 * node's last rank, passes them on to rank + 1. */
static int nts_chain(const struct ag *x, const struct smp_groups *g)
{
    int len = g->cores * x->rcount;
    int rc = MPI_SUCCESS;

    for (int i = 0; i < g->nodes - 1 && rc == MPI_SUCCESS; i++) {
        void *got = blk(x, (g->node - i - 1 + g->nodes) % g->nodes * g->cores);

        rc = smpi_recv(got, len, x->rtype, x->rank - 1, TAG, x->comm, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS && g->local != g->here - 1)
            rc = smpi_send(got, len, x->rtype, x->rank + 1, TAG, x->comm);
    }
    return rc;
}

/* SMP non-topology-specific (SMP_NTS): the ranks of each node first exchange their blocks (one
 * sendrecv per step); then the node leaders run a nonblocking logical ring of whole nodes'
 * blocks, each leader passing every node it receives down a chain of its node's ranks. Runs
 * smpi_linear when the communicator fits on one node, as SMPI does. Reference: SimGrid 3.32
 * colls/allgather/allgather-SMP-NTS.cpp. Cost: (c - 1)(α + m β) + (p / c - 1)(α + c m β) plus
 * the chain, with c ranks per node. Needs: a size that is a multiple of the ranks per host
 * (SMPI throws otherwise; always true on a uniform layout). */
static int allgather_smp_nts(const struct coll_args *a)
{
    struct ag x;
    struct smp_groups g;
    int rc;

    ag_init(&x, a);
    rc = smp_groups(&x, &g);
    if (rc != MPI_SUCCESS)
        return rc;
    if (x.size <= g.cores)
        return allgather_smpi_linear(a);
    rc = smp_intra_exchange(&x, &g);
    if (rc == MPI_SUCCESS)
        rc = g.local == 0 ? nts_leader(&x, &g) : nts_chain(&x, &g);
    return rc;
}

/* SMP simple: the ranks of each node exchange their blocks (one sendrecv per step); every
 * leader exchanges its node's blocks with all other leaders at once (receives posted first),
 * then sends the whole receive buffer to each rank of its node with blocking sends.
 * Reference: SimGrid 3.32 colls/allgather/allgather-smp-simple.cpp. Cost: (c - 1)(α + m β) +
 * (p / c - 1)(α + c m β) + (c - 1)(α + p m β), with c ranks per node. Needs: a size that is a
 * multiple of the ranks per host (SMPI throws otherwise; always true on a uniform layout). */
static int allgather_smp_simple(const struct coll_args *a)
{
    struct ag x;
    struct smp_groups g;
    MPI_Request *reqs;
    int n = 0;
    int rc;

    ag_init(&x, a);
    rc = smp_groups(&x, &g);
    if (rc == MPI_SUCCESS)
        rc = smp_intra_exchange(&x, &g);
    if (rc != MPI_SUCCESS)
        return rc;
    if (g.local != 0)
        return smpi_recv(x.rbuf, x.size * x.rcount, x.rtype, g.node * g.cores, TAG, x.comm,
                         MPI_STATUS_IGNORE);
    reqs = coll__reqs_alloc(2 * (g.nodes - 1));
    for (int i = 1; i < g.nodes && rc == MPI_SUCCESS; i++) {
        int src = (g.node - i + g.nodes) % g.nodes * g.cores;

        rc = smpi_irecv(blk(&x, src), g.cores * x.rcount, x.rtype, src, TAG, x.comm, &reqs[n++]);
    }
    for (int i = 1; i < g.nodes && rc == MPI_SUCCESS; i++)
        rc = smpi_isend(blk(&x, x.rank), g.cores * x.rcount, x.rtype,
                        (g.node + i) % g.nodes * g.cores, TAG, x.comm, &reqs[n++]);
    rc = coll__waitall(n, reqs, rc);
    free(reqs);
    for (int i = 1; i < g.here && rc == MPI_SUCCESS; i++)
        rc = smpi_send(x.rbuf, x.size * x.rcount, x.rtype, x.rank + i, TAG, x.comm);
    return rc;
}

/* SMPI throws unless every host holds as many ranks, placed contiguously; and its leaders
 * place their node's blocks by their rank among the leaders (ordered by world rank), so the
 * hosts' runs of ranks must also come in the leaders' order, or the data is wrong. */
static const char *check_mvapich2_smp(const struct coll_args *a)
{
    struct smpi_smp smp;
    int size = smpi_comm_size(a->comm);

    if (smpi_comm_smp(a->comm, &smp) != MPI_SUCCESS)
        return NULL;
    if (!smp.uniform || !smp.blocked)
        return "the same number of ranks on every host, placed contiguously (SMPI throws "
               "otherwise)";
    for (int r = 0; r < size; r++)
        if (smp.node_of[r] != r / smp.node_sizes[0])
            return "hosts whose runs of ranks come in the order of their first world ranks "
                   "(SMPI's data is wrong otherwise)";
    return NULL;
}

/* MVAPICH2's two-level allgather (mvapich2_smp): the configured gather to each node's leader
 * (into the node's blocks), an allgather of whole nodes among the leaders with SMPI's
 * "mpich" selector, then the configured bcast of the whole receive buffer inside each node.
 * Returns at once (after init_smp's messages) when the count is 0, as SMPI does. Reference:
 * SimGrid 3.32 colls/allgather/allgather-mvapich-smp.cpp (MVAPICH2 allgather_osu.c). Cost: a
 * node gather, a leader allgather of p m bytes, a node bcast of p m bytes. Needs: the same
 * number of ranks on every host, placed contiguously (SMPI throws otherwise), the hosts in the
 * order of the leaders (SMPI's data is wrong otherwise). */
static int allgather_mvapich2_smp(const struct coll_args *a)
{
    struct smpi_smp smp;
    struct ag x;
    struct coll_args g;
    int local;
    int rc = coll__smp_init(a->comm, &smp);

    if (rc != MPI_SUCCESS || a->rcount == 0)
        return rc;
    ag_init(&x, a);
    local = smpi_comm_rank(smp.intra);
    g = (struct coll_args){ .sbuf = x.sbuf,
                            .scount = x.scount,
                            .stype = x.stype,
                            .rbuf = local == 0 ? blk(&x, x.rank) : x.rbuf,
                            .rcount = x.rcount,
                            .rtype = x.rtype,
                            .root = 0,
                            .comm = smp.intra };
    rc = coll_run(COLL_GATHER, &g);
    if (rc == MPI_SUCCESS && local == 0 && smpi_comm_size(smp.leaders) > 1) {
        int node = x.rcount * smpi_comm_size(smp.intra);

        g = (struct coll_args){ .sbuf = blk(&x, smpi_comm_size(smp.intra) *
                                                    smpi_comm_rank(smp.leaders)),
                                .scount = node,
                                .stype = x.rtype,
                                .rbuf = x.rbuf,
                                .rcount = node,
                                .rtype = x.rtype,
                                .comm = smp.leaders };
        rc = coll__call(COLL_ALLGATHER, "mpich", &g);
    }
    if (rc == MPI_SUCCESS) {
        g = (struct coll_args){ .rbuf = x.rbuf,
                                .count = x.size * x.rcount,
                                .type = x.rtype,
                                .root = 0,
                                .comm = smp.intra };
        rc = coll_run(COLL_BCAST, &g);
    }
    return rc;
}

const struct coll_algo coll_allgather_algos[] = {
    /* name                     needs            run                              help  check */
    { "smpi_linear", 0, allgather_smpi_linear,
      "SMPI's default: all sends and receives at once (iallgather)", NULL },
    { "2dmesh", 0, allgather_2dmesh, "2D mesh: rows, then columns of whole rows", check_2dmesh },
    { "3dmesh", 0, allgather_3dmesh, "3D mesh: rows, columns, then whole planes", check_3dmesh },
    { "bruck", 0, allgather_bruck, "Bruck: log2 p doubling steps, then a local rotation", NULL },
    { "GB", 0, allgather_gb, "gather to rank 0, then bcast", NULL },
    { "loosely_lr", 0, allgather_loosely_lr,
      "SMP: one logical ring per local rank, node exchanges overlapped", check_smp_multiple },
    { "NTSLR", 0, allgather_ntslr, "logical ring, one sendrecv per step", NULL },
    { "NTSLR_NB", 0, allgather_ntslr_nb, "logical ring, receives posted up front", NULL },
    { "pair", COLL_NEEDS_POW2, allgather_pair, "pairwise exchange with rank XOR i", NULL },
    { "rdb", 0, allgather_rdb, "recursive doubling (any size)", NULL },
    { "rhv", COLL_NEEDS_POW2, allgather_rhv, "bit-reversed swap, then recursive doubling", NULL },
    { "ring", 0, allgather_ring, "SMPI's ring: own block to rank + i, from rank - i", NULL },
    { "SMP_NTS", 0, allgather_smp_nts, "SMP: node exchange, leader ring, chain inside nodes",
      check_smp_multiple },
    { "smp_simple", 0, allgather_smp_simple, "SMP: node exchange, leader exchange, node bcast",
      check_smp_multiple },
    { "spreading_simple", 0, allgather_spreading_simple, "all receives, then all sends, at once",
      NULL },
    { "ompi_neighborexchange", 0, allgather_ompi_neighborexchange,
      "Open MPI neighbour exchange (ring on odd sizes)", NULL },
    { "mvapich2_smp", 0, allgather_mvapich2_smp,
      "MVAPICH2: node gather, leader allgather (mpich), node bcast", check_mvapich2_smp },
    { NULL, 0, NULL, NULL, NULL },
};
