/* bcast: MPI_Bcast algorithms, SimGrid SMPI 3.32's set under SMPI's names. Each one sends SMPI's
 * messages in SMPI's order with SMPI's blocking structure, so that simulated times match, and
 * moves the data correctly for every datatype. The buffer is a->rbuf (input at the root, output
 * elsewhere). Costs: p ranks, n bytes, α latency, β time per byte, s the segment size. This file
 * holds the trees, chains and scatter-allgather algorithms (rows in algorithms.def); the others are
 * in bcast_ompi.c, bcast_smp.c, bcast_arrival.c and bcast_mvapich2.c. */

#include "collectives/bcast_impl.h"

/* ---- trees and chains from one root ------------------------------------------------------ */

/* Binomial tree: a rank receives the buffer from its parent (itself minus its lowest set bit,
 * relative to the root), then sends it to its children with blocking sends, largest subtree
 * first. SMPI's default bcast.
 * Reference: SimGrid 3.32 colls/bcast/bcast-binomial-tree.cpp (MPICH's binomial bcast, as
 * modified by Faraj and Yuan, ICS 2005). Cost: ceil(log2 p) (α + n β). Needs: none. */
int coll__bcast_binomial_tree(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int parent = coll__tree_parent(rank, a->root, size);
    int children[COLL_TREE_MAX_CHILDREN];
    int n = coll__tree_children(rank, a->root, size, children);
    int rc = MPI_SUCCESS;

    if (parent >= 0)
        rc = smpi_recv(a->rbuf, a->count, a->type, parent, COLL_TAG_BCAST, a->comm,
                       MPI_STATUS_IGNORE);
    for (int i = n - 1; i >= 0 && rc == MPI_SUCCESS; i--)
        rc = smpi_send(a->rbuf, a->count, a->type, children[i], COLL_TAG_BCAST, a->comm);
    return rc;
}

/* Flat tree: the root isends the buffer to every other rank in rank order and waits for all.
 * Reference: SimGrid 3.32 colls/bcast/bcast-flattree.cpp. Cost: (p - 1) (α + n β) at the root,
 * whose link the sends share. Needs: none. */
int coll__bcast_flattree(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    MPI_Request *reqs;
    int rc = MPI_SUCCESS;

    if (rank != a->root)
        return smpi_recv(a->rbuf, a->count, a->type, a->root, COLL_TAG_BCAST, a->comm,
                         MPI_STATUS_IGNORE);
    reqs = coll__reqs_alloc(size);
    for (int i = 0; i < size && rc == MPI_SUCCESS; i++)
        if (i != rank)
            rc = smpi_isend(a->rbuf, a->count, a->type, i, COLL_TAG_BCAST, a->comm, &reqs[i]);
    return coll__waitall_free(size, reqs, rc);
}

/* Pipelined flat tree: the buffer is cut into 8 KiB segments; the root sends all of them to each
 * other rank in turn, in rank order, with blocking sends, while the others post all their
 * receives at once. Less than one segment: flattree.
 * Reference: SimGrid 3.32 colls/bcast/bcast-flattree-pipeline.cpp.
 * Cost: (p - 1) n/s (α + s β) at the root. Needs: a positive extent, and a count below one
 * segment or a multiple of it (SMPI never sends the elements after the last whole segment). */
int coll__bcast_flattree_pipeline(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int seg = pipe_segment(a->type);
    int nseg = a->count / seg;
    int rc = MPI_SUCCESS;

    if (nseg == 0)
        return coll__bcast_flattree(a);
    if (rank != a->root)
        return pipe_relay(a, a->root, COLL_TAG_BCAST, NULL, 0, nseg, seg);
    for (int j = 0; j < size && rc == MPI_SUCCESS; j++)
        for (int i = 0; j != rank && i < nseg && rc == MPI_SUCCESS; i++)
            rc = smpi_send(segment_at(a, i, seg), seg, a->type, j, COLL_TAG_BCAST, a->comm);
    return rc;
}

/* SMPI divides by the extent: a zero one crashes it, a negative one breaks the pipeline. */
const char *coll__bcast_check_extent(const struct coll_args *a)
{
    return smpi_type_extent(a->type) > 0 ? NULL : "a datatype with a positive extent";
}

const char *coll__bcast_check_flattree_pipeline(const struct coll_args *a)
{
    int seg;

    if (coll__bcast_check_extent(a))
        return coll__bcast_check_extent(a);
    seg = pipe_segment(a->type);
    if (a->count >= seg && a->count % seg != 0)
        return "a count below one 8192-byte segment or a multiple of it (SMPI drops the "
               "elements after the last whole segment)";
    return NULL;
}

/* NTSB: a binary tree over ranks (parent (r - 1) / 2, children 2r + 1 and 2r + 2) rooted at
 * rank 0, pipelined in 8 KiB segments: the root isends every segment to both children; a node
 * posts all its receives, forwards each segment as it arrives, and waits for its sends. One
 * segment or less: blocking receive and sends, unsegmented. The elements after the last whole
 * segment go through MPI_Bcast again.
 * Reference: SimGrid 3.32 colls/bcast/bcast-NTSB.cpp (Faraj and Yuan, ICS 2005).
 * Cost: (log2 p + n/s) (α + s β). Needs: a positive extent. */
int coll__bcast_ntsb(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int from = rank == 0 ? MPI_PROC_NULL : (rank - 1) / 2;
    int to[2];
    int nto = 0;
    int seg = pipe_segment(a->type);
    int nseg = a->count / seg;
    int rc;

    for (int c = 1; c <= 2; c++)
        if (2 * rank + c < size)
            to[nto++] = 2 * rank + c;
    rc = root_to_zero(a, rank, COLL_TAG_BCAST);
    if (rc != MPI_SUCCESS)
        return rc;
    if (a->count <= seg)
        return pipe_blocking(a, from, to, nto, 1, a->count);
    rc = pipe_relay(a, from, COLL_TAG_BCAST, to, nto, nseg, seg);
    if (rc == MPI_SUCCESS && a->count % seg != 0)
        rc = bcast_rest(a, nseg * seg);
    return rc;
}

/* NTSL and NTSL_Isend: a chain 0 -> 1 -> ... -> p - 1 pipelined in 8 KiB segments: rank 0
 * isends every segment to rank 1; the others post all their receives and forward each segment
 * to the next rank as it arrives. One segment or less: blocking receive and send. The elements
 * after the last whole segment go through MPI_Bcast again. The two differ only in that NTSL
 * takes a zero extent (one element per segment).
 * Reference: SimGrid 3.32 colls/bcast/bcast-NTSL.cpp and bcast-NTSL-Isend.cpp (Faraj and
 * Yuan). Cost: (p - 1 + n/s) (α + s β). Needs: a positive extent (NTSL: not negative). */
int coll__bcast_ntsl(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int from = rank == 0 ? MPI_PROC_NULL : rank - 1;
    int to = (rank + 1) % size;
    int nto = rank == size - 1 ? 0 : 1;
    int seg = pipe_segment(a->type);
    int nseg = a->count / seg;
    int rc;

    if (rank == 0)
        nto = 1;
    rc = root_to_zero(a, rank, COLL_TAG_BCAST);
    if (rc != MPI_SUCCESS)
        return rc;
    if (a->count <= seg)
        return pipe_blocking(a, from, &to, nto, 1, a->count);
    rc = pipe_relay(a, from, COLL_TAG_BCAST, &to, nto, nseg, seg);
    if (rc == MPI_SUCCESS && a->count % seg != 0)
        rc = bcast_rest(a, nseg * seg);
    return rc;
}

const char *coll__bcast_check_ntsl(const struct coll_args *a)
{
    return smpi_type_extent(a->type) >= 0 ? NULL : "a datatype with a non-negative extent";
}

/* ---- scatter then allgather ----------------------------------------------------------------- */

/* Binomial scatter of the nbytes bytes at buf from root in blocks of ss = ceil(nbytes / p):
 * the rank at relative position r receives, from its parent, the blocks of its whole subtree,
 * keeps block r and passes the others down, largest subtree first. Sets *have to the bytes the
 * rank ends with. Reference: MPICH's scatter_for_bcast, as in SimGrid 3.32. */
static int scatter_blocks(char *buf, int nbytes, int root, MPI_Comm comm, int *have)
{
    int rank = smpi_comm_rank(comm);
    int size = smpi_comm_size(comm);
    int vr = (rank - root + size) % size;
    int ss = (nbytes + size - 1) / size;
    int mask = 1;
    int rc = MPI_SUCCESS;

    *have = rank == root ? nbytes : 0;
    for (; mask < size; mask <<= 1) {
        if (vr & mask) {
            int room = nbytes - vr * ss;
            MPI_Status st;

            if (room > 0) {
                rc = smpi_recv(buf + (size_t)vr * ss, room, MPI_BYTE, (rank - mask + size) % size,
                               COLL_TAG_BCAST, comm, &st);
                *have = rc == MPI_SUCCESS ? status_bytes(&st) : 0;
            }
            break;
        }
    }
    for (mask >>= 1; mask > 0 && rc == MPI_SUCCESS; mask >>= 1) {
        int n = *have - ss * mask;

        if (vr + mask < size && n > 0) {
            rc = smpi_send(buf + (size_t)ss * (vr + mask), n, MPI_BYTE, (rank + mask) % size,
                           COLL_TAG_BCAST, comm);
            *have -= n;
        }
    }
    return rc;
}

/* Where the byte-oriented algorithms move `nbytes` bytes for count elements of the type: the
 * buffer itself when its elements are packed bytes, else a temporary holding the packed data
 * (filled at the root), so that data is right for every datatype while the messages keep SMPI's
 * sizes. *tmp is the block to free (NULL when the buffer is used). */
static char *byte_view(const struct coll_args *a, int rank, size_t nbytes, char **tmp)
{
    size_t size = smpi_type_size(a->type);
    size_t data = size * (size_t)a->count;

    *tmp = NULL;
    if ((MPI_Aint)size == smpi_type_extent(a->type) &&
        (MPI_Aint)size == smpi_type_true_extent(a->type))
        return (char *)a->rbuf + smpi_type_true_lb(a->type);
    *tmp = sim_xmalloc(nbytes > data ? nbytes : data > 0 ? data : 1);
    if (rank == a->root) {
        smpi_type_copy(a->rbuf, a->count, a->type, *tmp, (int)data, MPI_BYTE);
        if (nbytes > data)
            memset(*tmp + data, 0, nbytes - data);
    }
    return *tmp;
}

/* Copies the packed data back into the user's buffer on the ranks that received it. */
static void byte_view_done(const struct coll_args *a, int rank, char *tmp)
{
    if (tmp && rank != a->root)
        smpi_type_copy(tmp, (int)(smpi_type_size(a->type) * (size_t)a->count), MPI_BYTE, a->rbuf,
                       a->count, a->type);
    free(tmp);
}

/* Scatter + ring allgather: the count * extent bytes of the buffer are scattered in p blocks
 * over a binomial tree, then every rank passes blocks to its right neighbour and receives from
 * its left one (p - 1 sendrecv steps) until it holds them all. SMPI's init_smp uses it.
 * Reference: SimGrid 3.32 colls/bcast/bcast-scatter-LR-allgather.cpp (MPICH, as modified by
 * Faraj and Yuan). Cost: (log2 p + p - 1) α + 2 (p - 1)/p n β. Needs: an extent at least the
 * type's size (SMPI moves count * extent bytes). */
int coll__bcast_scatter_lr_allgather(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int nbytes = (int)(smpi_type_extent(a->type) * a->count);
    int ss = (nbytes + size - 1) / size;
    int left = coll__ring_left(rank, size);
    int right = coll__ring_right(rank, size);
    char *tmp;
    char *buf = byte_view(a, rank, (size_t)nbytes, &tmp);
    int have;
    int rc = scatter_blocks(buf, nbytes, a->root, a->comm, &have);

    for (int i = 1, src = rank; i < size && rc == MPI_SUCCESS; i++, src = (src - 1 + size) % size) {
        int sb = (src - a->root + size) % size;
        int rb = (src - 1 - a->root + 2 * size) % size;
        int soff = sb * ss < nbytes ? sb * ss : nbytes;
        int roff = rb * ss < nbytes ? rb * ss : nbytes;
        int slen = nbytes - soff < ss ? nbytes - soff : ss;
        int rlen = nbytes - roff < ss ? nbytes - roff : ss;

        rc = smpi_sendrecv(buf + soff, slen, MPI_BYTE, right, COLL_TAG_BCAST, buf + roff, rlen,
                           MPI_BYTE, left, COLL_TAG_BCAST, a->comm, MPI_STATUS_IGNORE);
    }
    byte_view_done(a, rank, tmp);
    return rc;
}

/* The type's elements must fit in count * extent bytes. */
const char *coll__bcast_check_scatter_lr(const struct coll_args *a)
{
    if (a->count > 0 && smpi_type_extent(a->type) < (MPI_Aint)smpi_type_size(a->type))
        return "a datatype whose extent is at least its size";
    return NULL;
}

/* Second half of scatter_rdb_allgather, for one doubling step of distance `mask` (the i-th):
 * when the peer's subtree lies partly past the last rank, the ranks of this subtree that hold
 * the data pass it, halving the distance each time, to those that could not get it.
 * *got is the size of the last receive (what is passed on). */
static int rdb_fill_holes(char *buf, int nbytes, int ss, int vr, int mask, int i, int root,
                          MPI_Comm comm, int *have, int *got)
{
    int size = smpi_comm_size(comm);
    int my_root = (vr >> i) << i;
    int done = size - my_root - mask;
    int offset = ss * (my_root + mask);
    int k = i;
    int rc = MPI_SUCCESS;

    for (int m = mask >> 1; m > 0 && rc == MPI_SUCCESS; m >>= 1, k--) {
        int peer = vr ^ m;
        int base = ((vr >> k) << k) + done;

        if (peer > vr && vr < base && peer >= base) {
            rc =
                smpi_send(buf + offset, *got, MPI_BYTE, (peer + root) % size, COLL_TAG_BCAST, comm);
        } else if (peer < vr && peer < base && vr >= base) {
            MPI_Status st;

            rc = smpi_recv(buf + offset, nbytes - offset, MPI_BYTE, (peer + root) % size,
                           COLL_TAG_BCAST, comm, &st);
            *got = rc == MPI_SUCCESS ? status_bytes(&st) : 0;
            *have += *got;
        }
    }
    return rc;
}

/* Scatter + recursive-doubling allgather: the count * size bytes (packed when the type has
 * holes) are scattered over a binomial tree, then ranks exchange what they hold with the peer
 * at distance 1, 2, 4, ... (relative to the root); on a non-power-of-two size the ranks whose
 * peer is missing get the data from their own subtree (MPICH's recursive halving).
 * Reference: SimGrid 3.32 colls/bcast/bcast-scatter-rdb-allgather.cpp (MPICH's
 * MPIR_Bcast_scatter_doubling_allgather). Cost: 2 log2 p α + 2 (p - 1)/p n β. Needs: none. */
int coll__bcast_scatter_rdb_allgather(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int vr = (rank - a->root + size) % size;
    int nbytes = (int)(smpi_type_size(a->type) * (size_t)a->count);
    int ss = (nbytes + size - 1) / size;
    int got = 0;
    int have;
    char *tmp;
    char *buf;
    int rc;

    if (size == 1 || nbytes == 0)
        return MPI_SUCCESS;
    buf = byte_view(a, rank, (size_t)nbytes, &tmp);
    rc = scatter_blocks(buf, nbytes, a->root, a->comm, &have);
    have = nbytes - vr * ss < ss ? nbytes - vr * ss : ss;
    if (have < 0)
        have = 0;
    for (int mask = 1, i = 0; mask < size && rc == MPI_SUCCESS; mask <<= 1, i++) {
        int peer = vr ^ mask;
        int peer_root = (peer >> i) << i;
        int roff = peer_root * ss;

        if (peer < size) {
            MPI_Status st;

            rc = smpi_sendrecv(buf + ((vr >> i) << i) * ss, have, MPI_BYTE, (peer + a->root) % size,
                               COLL_TAG_BCAST, buf + roff, nbytes - roff < 0 ? 0 : nbytes - roff,
                               MPI_BYTE, (peer + a->root) % size, COLL_TAG_BCAST, a->comm, &st);
            got = rc == MPI_SUCCESS ? status_bytes(&st) : 0;
            have += got;
        }
        if (rc == MPI_SUCCESS && peer_root + mask > size)
            rc = rdb_fill_holes(buf, nbytes, ss, vr, mask, i, a->root, a->comm, &have, &got);
    }
    sim_assert(rc != MPI_SUCCESS || have == nbytes, "scatter_rdb_allgather: %d of %d bytes", have,
               nbytes);
    byte_view_done(a, rank, tmp);
    return rc;
}
