/* allgather: MPI_Allgather algorithms, SimGrid SMPI 3.32's sixteen (colls/allgather/) and its
 * default pattern (smpi_linear), with SMPI's messages, order and blocking structure. Block j of
 * the receive buffer gets rank j's data. Costs: p ranks, m bytes a block, α latency, β per byte.
 * This file holds the flat algorithms (rows in algorithms.def); the SMP-aware ones are in
 * allgather_smp.c. */

#include "collectives/allgather_impl.h"

/* SMPI's default (allgather__default): the iallgather pattern waited for. Copies the own
 * block, then for every other rank in rank order starts a send of the own block and a receive
 * of that rank's block, and waits for all of them. Reference: SimGrid 3.32
 * colls/smpi_default_selector.cpp and colls/smpi_nbc_impl.cpp (iallgather). Cost: (p - 1) α +
 * (p - 1) m β, all flows at once. Needs: none. */
int coll__allgather_smpi_linear(const struct coll_args *a)
{
    return coll__allgather_linear(a, false);
}

/* ---- meshes ------------------------------------------------------------------------------ */

const char *coll__allgather_check_2dmesh(const struct coll_args *a)
{
    return coll__mesh_fits(smpi_comm_size(a->comm), 2)
               ? NULL
               : "a communicator size with a divisor between its square root and its half "
                 "(SMPI's 2D mesh; SMPI throws otherwise)";
}

const char *coll__allgather_check_3dmesh(const struct coll_args *a)
{
    return coll__mesh_fits(smpi_comm_size(a->comm), 3)
               ? NULL
               : "a communicator size n = d * d * z with d between the cube root of n and n / 3 "
                 "(SMPI's 3D mesh; SMPI throws otherwise)";
}

/* One mesh dimension: the `len` ranks (first + i * stride) mod p, the caller excepted, each
 * hold a group of n consecutive blocks (starting at a multiple of n) that the caller lacks.
 * Posts a receive of every peer's group, then sends the caller's own group (its own
 * contribution from the send buffer when n is 1) to each peer in the same order with blocking
 * sends, then waits for the receives. */
static int mesh_dim(const struct coll_blocks *x, int first, int stride, int len, int n,
                    MPI_Request *reqs)
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
int coll__allgather_2dmesh(const struct coll_args *a)
{
    struct coll_blocks x;
    MPI_Request *reqs;
    int rows = 1;
    int cols = 1;
    int rc;

    ag_init(&x, a);
    coll__mesh2d(x.size, &rows, &cols);
    reqs = coll__reqs_alloc(cols);
    rc = coll__blocks_copy_contribution(&x);
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
int coll__allgather_3dmesh(const struct coll_args *a)
{
    struct coll_blocks x;
    MPI_Request *reqs;
    int side = 1;
    int planes = 1;
    int plane;
    int rc;

    ag_init(&x, a);
    coll__mesh3d(x.size, &side, &planes);
    plane = side * side;
    reqs = coll__reqs_alloc(side > planes ? side : planes);
    rc = coll__blocks_copy_contribution(&x);
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
int coll__allgather_bruck(const struct coll_args *a)
{
    struct coll_blocks x;
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

/* Recursive doubling: at distance 2^k every rank swaps all the blocks of its aligned group of
 * 2^k ranks with the partner rank XOR 2^k. On a non-power-of-two size a partner may not exist;
 * the ranks of that group that got the missing blocks forward them by recursive halving
 * (coll__allgather_rdb_fill). Reference: SimGrid 3.32 colls/allgather/allgather-rdb.cpp (after
 * MPICH's allgather_intra_recursive_doubling.c). Cost: log2 p α + (p - 1) m β on a power of two.
 * Needs: none. SMPI sends its growing group as that many send-type elements, counted in
 * receive-type elements: when the two types differ in size, SMPI's messages differ from
 * these, which send receive-type elements. */
int coll__allgather_rdb(const struct coll_args *a)
{
    struct coll_blocks x;
    int have;
    int last = 0;
    int rc;

    ag_init(&x, a);
    have = x.rcount;
    rc = coll__blocks_copy_contribution(&x);
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
            rc = coll__allgather_rdb_fill(&x, mask, lo, blk(&x, lo + mask),
                                          (x.size - lo - mask) * x.rcount, &last, &have);
    }
    return rc;
}

/* Recursive halving then doubling (rhv): a rank first swaps its own block with the rank whose
 * number is its own bit-reversed, so that it holds block rev(rank); then at distance p / 2,
 * p / 4, ..., 1 it swaps everything it holds (1, 2, 4, ... blocks, contiguous) with rank XOR
 * distance. Falls back to smpi_linear when a send block and a receive block span different
 * extents, as SMPI does. Reference: SimGrid 3.32 colls/allgather/allgather-rhv.cpp. Cost:
 * (log2 p + 1) α + p m β. Needs: a power-of-two size (SMPI throws otherwise). */
int coll__allgather_rhv(const struct coll_args *a)
{
    struct coll_blocks x;
    int base = 0;
    int step = 1;
    int mask = 1;
    int rc;

    ag_init(&x, a);
    if (irregular(&x))
        return coll__allgather_smpi_linear(a);
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
int coll__allgather_ring(const struct coll_args *a)
{
    return coll__allgather_steps(a, false, false);
}

/* Pairwise exchange: in step i (1 <= i < p) each rank swaps its own block with rank XOR i.
 * Reference: SimGrid 3.32 colls/allgather/allgather-pair.cpp (Faraj and Yuan). Cost:
 * (p - 1)(α + m β). Needs: a power-of-two size (SMPI throws otherwise). */
int coll__allgather_pair(const struct coll_args *a)
{
    return coll__allgather_steps(a, false, true);
}

/* Non-topology-specific logical ring (NTSLR): in step i each rank forwards to rank + 1 the
 * block it got in step i - 1 (its own first) and receives the next from rank - 1, one
 * sendrecv per step. Falls back to smpi_linear when a send block and a receive block span
 * different extents, as SMPI does. Reference: SimGrid 3.32 colls/allgather/allgather-NTSLR.cpp.
 * Cost: (p - 1)(α + m β). Needs: none. */
int coll__allgather_ntslr(const struct coll_args *a)
{
    struct coll_blocks x;
    int right;
    int left;
    int rc;

    ag_init(&x, a);
    if (irregular(&x))
        return coll__allgather_smpi_linear(a);
    right = coll__ring_right(x.rank, x.size);
    left = coll__ring_left(x.rank, x.size);
    rc = coll__blocks_copy_contribution(&x);
    for (int i = 0; i < x.size - 1 && rc == MPI_SUCCESS; i++)
        rc = swap_blocks(&x, (x.rank - i + x.size) % x.size, right,
                         (x.rank - i - 1 + x.size) % x.size, left, 1);
    return rc;
}

/* NTSLR, nonblocking: the same ring, with all p - 1 receives posted up front; step i starts the
 * send of the block received in step i - 1, then waits for the receive of step i and that
 * send. Falls back to smpi_linear as NTSLR. Reference: SimGrid 3.32
 * colls/allgather/allgather-NTSLR-NB.cpp. Cost: (p - 1)(α + m β). Needs: none. */
int coll__allgather_ntslr_nb(const struct coll_args *a)
{
    struct coll_blocks x;
    MPI_Request *rreqs;
    MPI_Request sreq = MPI_REQUEST_NULL;
    int rc = MPI_SUCCESS;

    ag_init(&x, a);
    if (irregular(&x))
        return coll__allgather_smpi_linear(a);
    rreqs = coll__reqs_alloc(x.size);
    rc = coll__blocks_copy_contribution(&x);
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
int coll__allgather_spreading_simple(const struct coll_args *a)
{
    struct coll_blocks x;
    MPI_Request *reqs;
    int n = 0;
    int rc;

    ag_init(&x, a);
    reqs = coll__reqs_alloc(2 * (x.size - 1));
    rc = coll__blocks_copy_contribution(&x);
    for (int i = 1; i < x.size && rc == MPI_SUCCESS; i++) {
        int src = (x.rank + i) % x.size;

        rc = smpi_irecv(blk(&x, src), x.rcount, x.rtype, src, TAG, x.comm, &reqs[n++]);
    }
    for (int i = 1; i < x.size && rc == MPI_SUCCESS; i++)
        rc = smpi_isend(x.sbuf, x.scount, x.stype, (x.rank + i) % x.size, TAG, x.comm, &reqs[n++]);
    return coll__waitall_free(n, reqs, rc);
}

/* Neighbour exchange: on an even size, ranks pair up (2i, 2i + 1) and swap their blocks; then
 * in each of the p / 2 - 1 further steps a rank swaps the two blocks it got last with its
 * other neighbour, alternating left and right. Odd sizes run SMPI's ring instead, as SMPI
 * does. Reference: SimGrid 3.32 colls/allgather/allgather-ompi-neighborexchange.cpp (Open MPI
 * coll_base_allgather.c; Chen et al., HPCAsia 2005). Cost: (p / 2)(α + 2 m β). Needs: none. */
static int swap_pair(const struct coll_blocks *x, int from, int peer, int to, int *scratch)
{
    return swap_blocks(x, from, peer, to, peer, 2);
}

int coll__allgather_ompi_neighborexchange(const struct coll_args *a)
{
    return coll__allgather_neighbor_exchange(a, false, swap_pair);
}

/* Gather then broadcast (GB): the configured gather to rank 0, then the configured bcast of
 * the whole receive buffer from rank 0. Reference: SimGrid 3.32
 * colls/allgather/allgather-GB.cpp. Cost: a gather plus a bcast of p m bytes. Needs: none. */
int coll__allgather_gb(const struct coll_args *a)
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
