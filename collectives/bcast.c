/* bcast: MPI_Bcast algorithms, SimGrid SMPI 3.32's set under SMPI's names. Each one sends SMPI's
 * messages in SMPI's order with SMPI's blocking structure, so that simulated times match, and
 * moves the data correctly for every datatype. The buffer is a->rbuf (input at the root, output
 * elsewhere). Costs: p ranks, n bytes, α latency, β time per byte, s the segment size. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "collectives/internal.h"
#include "simcore/simcore.h"
#include "smpi/p2p_api.h"

/* Segment of the Faraj-Yuan pipelines (NTSB, NTSL, SMP_binary, SMP_linear, arrival_pattern_*,
 * flattree_pipeline), in bytes. */
#define PIPE_BYTES 8192
/* The arrival-pattern algorithms find who has arrived with MPI_ANY_TAG probes, which match only
 * tags >= 0: as in SMPI, their messages carry a positive tag. */
#define ARRIVAL_TAG (-COLL_TAG_BCAST)
/* SMPI's fixed arrays in those algorithms: header length (ints) and largest communicator. */
#define AP_HEADER 1024
#define AP_MAX_RANKS 1024
#define APW_MAX_RANKS 128
#define AS_HEADER 128
#define AS_MAX_RANKS 128

/* ---- pieces shared by several algorithms ------------------------------------------------- */

/* Elements in one pipeline segment: PIPE_BYTES of extents, at least one (the checks refuse the
 * extents SMPI divides by and cannot). */
static int pipe_segment(MPI_Datatype type)
{
    MPI_Aint extent = smpi_type_extent(type);
    MPI_Aint seg = extent > 0 ? PIPE_BYTES / extent : 1;

    return seg > 0 ? (int)seg : 1;
}

/* SMPI divides by the extent: a zero one crashes it, a negative one breaks the pipeline. */
static const char *check_extent(const struct coll_args *a)
{
    return smpi_type_extent(a->type) > 0 ? NULL : "a datatype with a positive extent";
}

static void *segment_at(const struct coll_args *a, int i, int seg)
{
    return coll__elem(a->rbuf, (MPI_Aint)i * seg, a->type);
}

/* The Faraj-Yuan algorithms are rooted at rank 0: another root hands rank 0 the buffer first. */
static int root_to_zero(const struct coll_args *a, int rank, int tag)
{
    if (a->root == 0 || (rank != a->root && rank != 0))
        return MPI_SUCCESS;
    if (rank == a->root)
        return smpi_send(a->rbuf, a->count, a->type, 0, tag, a->comm);
    return smpi_recv(a->rbuf, a->count, a->type, a->root, tag, a->comm, MPI_STATUS_IGNORE);
}

/* The elements after the first `done` go through MPI_Bcast again with the algorithm smpi/bcast
 * selects, as SMPI's pipelines send their remainder with colls::bcast. */
static int bcast_rest(const struct coll_args *a, int done)
{
    struct coll_args rest = *a;

    rest.rbuf = coll__elem(a->rbuf, done, a->type);
    rest.count = a->count - done;
    return coll_run(COLL_BCAST, &rest);
}

/* SMPI's bcast__mpich, where SMPI's algorithms call it. */
static int bcast_mpich(const struct coll_args *a)
{
    return coll__call(COLL_BCAST, "mpich", a);
}

/* Bytes a completed receive got (MPI_Get_count in MPI_BYTE). */
static int status_bytes(const MPI_Status *st)
{
    return (int)st->smpi_count;
}

/* Receives nseg segments of seg elements from `from` (every receive posted first; from is
 * MPI_PROC_NULL at the top of the tree) and passes each on, once it is there, with blocking
 * sends to to[0..nto-1] in order: the per-segment loop of SMP_binary and SMP_linear, and their
 * unsegmented case with one segment. */
static int pipe_blocking(const struct coll_args *a, int from, const int *to, int nto, int nseg,
                         int seg)
{
    MPI_Request *reqs = from != MPI_PROC_NULL ? coll__reqs_alloc(nseg) : NULL;
    int rc = MPI_SUCCESS;

    for (int i = 0; reqs && i < nseg && rc == MPI_SUCCESS; i++)
        rc = smpi_irecv(segment_at(a, i, seg), seg, a->type, from, COLL_TAG_BCAST, a->comm,
                        &reqs[i]);
    for (int i = 0; i < nseg && rc == MPI_SUCCESS; i++) {
        if (reqs)
            rc = smpi_wait(&reqs[i], MPI_STATUS_IGNORE);
        for (int c = 0; c < nto && rc == MPI_SUCCESS; c++)
            rc = smpi_send(segment_at(a, i, seg), seg, a->type, to[c], COLL_TAG_BCAST, a->comm);
    }
    if (reqs && rc != MPI_SUCCESS)
        coll__waitall(nseg, reqs, rc);
    free(reqs);
    return rc;
}

/* The same with nonblocking forwarding: every receive from `from` posted first (none when from
 * is MPI_PROC_NULL; from may be MPI_ANY_SOURCE), each segment isent to to[0..nto-1] once it is
 * there, then every send waited for together (or every receive, when nto is 0): the relay step
 * of NTSB, NTSL and the arrival-pattern pipelines. */
static int pipe_relay(const struct coll_args *a, int from, int tag, const int *to, int nto,
                      int nseg, int seg)
{
    bool recv = from != MPI_PROC_NULL;
    MPI_Request *rreq = coll__reqs_alloc(recv ? nseg : 0);
    MPI_Request *sreq = coll__reqs_alloc(nseg * nto);
    int rc = MPI_SUCCESS;

    for (int i = 0; recv && i < nseg && rc == MPI_SUCCESS; i++)
        rc = smpi_irecv(segment_at(a, i, seg), seg, a->type, from, tag, a->comm, &rreq[i]);
    if (recv && nto == 0)
        rc = coll__waitall(nseg, rreq, rc);
    for (int i = 0; nto > 0 && i < nseg && rc == MPI_SUCCESS; i++) {
        if (recv)
            rc = smpi_wait(&rreq[i], MPI_STATUS_IGNORE);
        for (int c = 0; c < nto && rc == MPI_SUCCESS; c++)
            rc = smpi_isend(segment_at(a, i, seg), seg, a->type, to[c], tag, a->comm,
                            &sreq[i * nto + c]);
    }
    rc = coll__waitall(nseg * nto, sreq, rc);
    if (recv && rc != MPI_SUCCESS)
        coll__waitall(nseg, rreq, rc);
    free(rreq);
    free(sreq);
    return rc;
}

/* ---- trees and chains from one root ------------------------------------------------------ */

/* Binomial tree: a rank receives the buffer from its parent (itself minus its lowest set bit,
 * relative to the root), then sends it to its children with blocking sends, largest subtree
 * first. SMPI's default bcast.
 * Reference: SimGrid 3.32 colls/bcast/bcast-binomial-tree.cpp (MPICH's binomial bcast, as
 * modified by Faraj and Yuan, ICS 2005). Cost: ceil(log2 p) (α + n β). Needs: none. */
static int bcast_binomial_tree(const struct coll_args *a)
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
static int bcast_flattree(const struct coll_args *a)
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
    rc = coll__waitall(size, reqs, rc);
    free(reqs);
    return rc;
}

/* Pipelined flat tree: the buffer is cut into 8 KiB segments; the root sends all of them to each
 * other rank in turn, in rank order, with blocking sends, while the others post all their
 * receives at once. Less than one segment: flattree.
 * Reference: SimGrid 3.32 colls/bcast/bcast-flattree-pipeline.cpp.
 * Cost: (p - 1) n/s (α + s β) at the root. Needs: a positive extent, and a count below one
 * segment or a multiple of it (SMPI never sends the elements after the last whole segment). */
static int bcast_flattree_pipeline(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int seg = pipe_segment(a->type);
    int nseg = a->count / seg;
    int rc = MPI_SUCCESS;

    if (nseg == 0)
        return bcast_flattree(a);
    if (rank != a->root)
        return pipe_relay(a, a->root, COLL_TAG_BCAST, NULL, 0, nseg, seg);
    for (int j = 0; j < size && rc == MPI_SUCCESS; j++)
        for (int i = 0; j != rank && i < nseg && rc == MPI_SUCCESS; i++)
            rc = smpi_send(segment_at(a, i, seg), seg, a->type, j, COLL_TAG_BCAST, a->comm);
    return rc;
}

static const char *check_flattree_pipeline(const struct coll_args *a)
{
    int seg;

    if (check_extent(a))
        return check_extent(a);
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
static int bcast_ntsb(const struct coll_args *a)
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
static int bcast_ntsl(const struct coll_args *a)
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

static const char *check_ntsl(const struct coll_args *a)
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
static int bcast_scatter_lr_allgather(const struct coll_args *a)
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
static const char *check_scatter_lr(const struct coll_args *a)
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
static int bcast_scatter_rdb_allgather(const struct coll_args *a)
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

/* ---- Open MPI's segmented trees ----------------------------------------------------------- */

static int bcast_smp_linear(const struct coll_args *a);

/* The halves of split_bintree: half h holds counts[h] elements from element h * counts[0], in
 * nseg[h] segments of segcount elements (the last one shorter). */
struct halves {
    int counts[2];
    int nseg[2];
    int segcount;
};

static void *half_seg(const struct coll_args *a, const struct halves *hv, int h, int s)
{
    return coll__elem(a->rbuf, (MPI_Aint)h * hv->counts[0] + (MPI_Aint)s * hv->segcount, a->type);
}

static int half_seglen(const struct halves *hv, int h, int s)
{
    return s == hv->nseg[h] - 1 ? hv->counts[h] - s * hv->segcount : hv->segcount;
}

/* Both phases of split_bintree once the halves and segments are known. */
static int split_halves(const struct coll_args *a, const struct coll_tree *t,
                        const struct halves *hv)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int vr = (rank - a->root + size) % size;
    int lr = (vr + 1) % 2;
    int pair = lr == 0 ? (rank + 1) % size : (rank + size - 1) % size;
    int last = hv->nseg[lr] - 1;
    int rc = MPI_SUCCESS;

    if (rank == a->root) {
        for (int s = 0; s < hv->nseg[0] && rc == MPI_SUCCESS; s++)
            for (int i = 0; i < t->nextsize && i < 2 && rc == MPI_SUCCESS; i++)
                if (s < hv->nseg[i])
                    rc = smpi_send(half_seg(a, hv, i, s), half_seglen(hv, i, s), a->type,
                                   t->next[i], COLL_TAG_BCAST, a->comm);
    } else if (t->nextsize > 0) {
        MPI_Request req[2] = { MPI_REQUEST_NULL, MPI_REQUEST_NULL };

        rc = smpi_irecv(half_seg(a, hv, lr, 0), hv->segcount, a->type, t->prev, COLL_TAG_BCAST,
                        a->comm, &req[0]);
        for (int s = 1; s <= last && rc == MPI_SUCCESS; s++) {
            rc = smpi_irecv(half_seg(a, hv, lr, s), half_seglen(hv, lr, s), a->type, t->prev,
                            COLL_TAG_BCAST, a->comm, &req[s % 2]);
            if (rc == MPI_SUCCESS)
                rc = smpi_wait(&req[(s - 1) % 2], MPI_STATUS_IGNORE);
            for (int c = 0; c < t->nextsize && rc == MPI_SUCCESS; c++)
                rc = smpi_send(half_seg(a, hv, lr, s - 1), hv->segcount, a->type, t->next[c],
                               COLL_TAG_BCAST, a->comm);
        }
        if (rc == MPI_SUCCESS)
            rc = smpi_wait(&req[last % 2], MPI_STATUS_IGNORE);
        for (int c = 0; c < t->nextsize && rc == MPI_SUCCESS; c++)
            rc = smpi_send(half_seg(a, hv, lr, last), hv->counts[lr] - last * hv->segcount, a->type,
                           t->next[c], COLL_TAG_BCAST, a->comm);
        if (rc != MPI_SUCCESS)
            coll__waitall(2, req, rc);
    } else {
        for (int s = 0; s <= last && rc == MPI_SUCCESS; s++)
            rc = smpi_recv(half_seg(a, hv, lr, s), half_seglen(hv, lr, s), a->type, t->prev,
                           COLL_TAG_BCAST, a->comm, MPI_STATUS_IGNORE);
    }
    if (rc != MPI_SUCCESS)
        return rc;
    if (size % 2 == 0 && rank == a->root)
        return smpi_send(half_seg(a, hv, 1, 0), hv->counts[1], a->type, (a->root + size - 1) % size,
                         COLL_TAG_BCAST, a->comm);
    if (size % 2 == 0 && vr == size - 1)
        return smpi_recv(half_seg(a, hv, 1, 0), hv->counts[1], a->type, a->root, COLL_TAG_BCAST,
                         a->comm, MPI_STATUS_IGNORE);
    if (rank == a->root)
        return MPI_SUCCESS;
    return smpi_sendrecv(half_seg(a, hv, lr, 0), hv->counts[lr], a->type, pair, COLL_TAG_BCAST,
                         half_seg(a, hv, 1 - lr, 0), hv->counts[1 - lr], a->type, pair,
                         COLL_TAG_BCAST, a->comm, MPI_STATUS_IGNORE);
}

/* Split binary tree: the buffer is halved; the root pipelines the first half down its left
 * subtree and the second half down its right one (Open MPI's k-ary tree of fanout 2, whose left
 * subtree holds the odd relative ranks), in segments of 1 KiB (8 KiB from 370728 bytes); then
 * every rank swaps halves with its twin in the other subtree (with an even size the last rank
 * gets the second half from the root). Too small to split in whole segments: SMP_linear.
 * Reference: SimGrid 3.32 colls/bcast/bcast-ompi-split-bintree.cpp (Open MPI's
 * ompi_coll_tuned_bcast_intra_split_bintree). Cost: (log2 p + n/(2s)) (α + s β) + α + n/2 β.
 * Needs: a datatype of non-zero size; SMP_linear's needs when it falls back to it. */
static int bcast_ompi_split_bintree(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    size_t tsize = smpi_type_size(a->type);
    size_t segsize = tsize * (size_t)a->count < 370728 ? 1024 : 8192;
    struct halves hv = { .counts = { a->count - a->count / 2, a->count / 2 } };
    struct coll_tree t;

    if (size == 1 || tsize == 0)
        return MPI_SUCCESS;
    if (segsize < tsize)
        segsize = tsize;
    hv.segcount = (int)(segsize / tsize);
    if (hv.counts[1] == 0 || segsize > (size_t)hv.counts[1] * tsize)
        return bcast_smp_linear(a);
    for (int i = 0; i < 2; i++)
        hv.nseg[i] = (hv.counts[i] + hv.segcount - 1) / hv.segcount;
    coll__tree_kary(&t, 2, rank, size, a->root);
    return split_halves(a, &t, &hv);
}

static const char *check_smp_linear(const struct coll_args *a);

static const char *check_split_bintree(const struct coll_args *a)
{
    size_t tsize = smpi_type_size(a->type);
    size_t segsize;

    if (smpi_comm_size(a->comm) == 1)
        return NULL;
    if (tsize == 0)
        return "a datatype of non-zero size";
    segsize = tsize * (size_t)a->count < 370728 ? 1024 : 8192;
    if (segsize < tsize)
        segsize = tsize;
    if (a->count / 2 == 0 || segsize > (size_t)(a->count / 2) * tsize)
        return check_smp_linear(a);
    return NULL;
}

/* Pipeline: a chain from the root (Open MPI's chain of fanout 1) in segments of 128, 64 or
 * 16 KiB chosen from p and n by Open MPI's fitted thresholds; the root isends each segment and
 * waits for it; a chain rank keeps two receives posted and forwards each segment (isend, wait)
 * before the next one.
 * Reference: SimGrid 3.32 colls/bcast/bcast-ompi-pipeline.cpp (Open MPI's
 * ompi_coll_tuned_bcast_intra_pipeline). Cost: (p - 1 + n/s) (α + s β). Needs: a count above
 * zero (SMPI divides by the segment's element count). */
static int bcast_ompi_pipeline(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    size_t tsize = smpi_type_size(a->type);
    double bytes = (double)(tsize * (size_t)a->count);
    size_t segsize = 1024 << 7;
    int per = a->count;
    int nseg;
    int rc = MPI_SUCCESS;
    MPI_Request req[2] = { MPI_REQUEST_NULL, MPI_REQUEST_NULL };
    struct coll_tree t;

    if (size == 1 || a->count == 0)
        return MPI_SUCCESS;
    if (size < 1.6134e-6 * bytes + 2.1102)
        segsize = 1024 << 7;
    else if (size < 2.3679e-6 * bytes + 1.1787)
        segsize = 1024 << 6;
    else if (size < 3.2118e-6 * bytes + 8.7936)
        segsize = 1024 << 4;
    if (segsize >= tsize && segsize < tsize * (size_t)per) {
        per = (int)(segsize / tsize);
        if (segsize - (size_t)per * tsize > tsize / 2)
            per++;
    }
    nseg = (a->count + per - 1) / per;
    coll__tree_chain(&t, 1, rank, size, a->root);
    for (int s = 0; s < nseg && rc == MPI_SUCCESS; s++) {
        void *at = segment_at(a, s, per);
        int len = s == nseg - 1 ? a->count - s * per : per;

        if (rank != a->root) {
            if (s == 0)
                rc = smpi_irecv(at, per, a->type, t.prev, COLL_TAG_BCAST, a->comm, &req[0]);
            if (rc == MPI_SUCCESS && s + 1 < nseg)
                rc = smpi_irecv(segment_at(a, s + 1, per), per, a->type, t.prev, COLL_TAG_BCAST,
                                a->comm, &req[(s + 1) % 2]);
            if (rc == MPI_SUCCESS)
                rc = smpi_wait(&req[s % 2], MPI_STATUS_IGNORE);
        }
        if (t.nextsize > 0 && rc == MPI_SUCCESS) {
            MPI_Request sreq[COLL_TREE_MAX_FANOUT];

            for (int c = 0; c < t.nextsize; c++)
                sreq[c] = MPI_REQUEST_NULL;
            for (int c = 0; c < t.nextsize && rc == MPI_SUCCESS; c++)
                rc = smpi_isend(at, len, a->type, t.next[c], COLL_TAG_BCAST, a->comm, &sreq[c]);
            rc = coll__waitall(t.nextsize, sreq, rc);
        }
    }
    if (rc != MPI_SUCCESS)
        coll__waitall(2, req, rc);
    return rc;
}

static const char *check_ompi_pipeline(const struct coll_args *a)
{
    return a->count > 0 || smpi_comm_size(a->comm) == 1 ? NULL : "a count above zero";
}

/* ---- SMP-aware trees (Faraj and Yuan) -------------------------------------------------------- */

/* Ranks per host when comm's layout is uniform, else 0 (the SMP_* algorithms then hand the call
 * to bcast__mpich). Sends nothing: for the checks. */
static int uniform_cores(MPI_Comm comm)
{
    struct smpi_smp smp;

    if (smpi_comm_smp(comm, &smp) != MPI_SUCCESS || !smp.uniform)
        return 0;
    return smpi_comm_size(smp.intra);
}

/* The same after SMPI's init_smp (charged on the first use of comm by this rank). */
static int smp_cores(const struct coll_args *a, int *cores)
{
    struct smpi_smp smp;
    int rc = coll__smp_init(a->comm, &smp);

    *cores = rc == MPI_SUCCESS && smp.uniform ? smpi_comm_size(smp.intra) : 0;
    return rc;
}

/* SMP binary: ranks are taken as `cores` consecutive ranks per host (SMPI assumes it); host
 * leaders form a binary tree over hosts (host h feeds hosts 2h + 1 and 2h + 2) and the ranks of
 * a host a binary tree under their leader; every rank forwards each 8 KiB segment with blocking
 * sends to its children (leaders: other leaders first). Not uniform: bcast__mpich. The
 * elements after the last whole segment go through MPI_Bcast again.
 * Reference: SimGrid 3.32 colls/bcast/bcast-SMP-binary.cpp (Faraj and Yuan).
 * Cost: (log2 (p/c) + log2 c + n/s) (α + s β) for c ranks per host. Needs: on a uniform layout,
 * an extent from 1 to 8192 bytes (SMPI divides by 8192 / extent). */
static int bcast_smp_binary(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int cores;
    int rc = smp_cores(a, &cores);
    int host;
    int base;
    int local;
    int ncore;
    int seg;
    int from;
    int to[4];
    int nto = 0;

    if (rc != MPI_SUCCESS)
        return rc;
    if (cores == 0)
        return bcast_mpich(a);
    host = rank / cores;
    base = host * cores;
    local = rank % cores;
    ncore = base == size / cores * cores ? size - base : cores;
    seg = pipe_segment(a->type);
    from = rank == 0 ? MPI_PROC_NULL : local == 0 ? (host - 1) / 2 * cores : base + (local - 1) / 2;
    for (int c = 1; local == 0 && c <= 2; c++)
        if ((2 * host + c) * cores < size)
            to[nto++] = (2 * host + c) * cores;
    for (int c = 1; c <= 2; c++)
        if (2 * local + c < ncore)
            to[nto++] = base + 2 * local + c;
    rc = root_to_zero(a, rank, COLL_TAG_BCAST);
    if (rc != MPI_SUCCESS)
        return rc;
    if (a->count <= seg)
        return pipe_blocking(a, from, to, nto, 1, a->count);
    rc = pipe_blocking(a, from, to, nto, a->count / seg, seg);
    if (rc == MPI_SUCCESS && a->count % seg != 0)
        rc = bcast_rest(a, a->count / seg * seg);
    return rc;
}

static const char *check_smp_binary(const struct coll_args *a)
{
    MPI_Aint extent = smpi_type_extent(a->type);

    if (uniform_cores(a->comm) && (extent <= 0 || extent > PIPE_BYTES))
        return "a datatype extent from 1 to 8192 bytes";
    return NULL;
}

/* SMP binomial: host leaders (`cores` consecutive ranks per host) run a binomial tree over
 * hosts from rank 0, then every leader runs a binomial tree over its host's ranks; blocking
 * sends, largest subtree first. Not uniform: bcast__mpich.
 * Reference: SimGrid 3.32 colls/bcast/bcast-SMP-binomial.cpp (Faraj and Yuan).
 * Cost: (log2 (p/c) + log2 c) (α + n β). Needs: on a uniform layout of several hosts, a number of
 * ranks per host whose binomial tree stays inside the host (a power of two): otherwise SMPI
 * sends messages to the next host that nobody receives (a deadlock above the eager size). */
static int binomial_in_block(const struct coll_args *a, int vr, int n, int stride, int base)
{
    int size = smpi_comm_size(a->comm);
    int mask = 1;
    int rc = MPI_SUCCESS;

    for (; mask < n; mask <<= 1)
        if (vr & mask) {
            rc = smpi_recv(a->rbuf, a->count, a->type, base + (vr - mask) * stride, COLL_TAG_BCAST,
                           a->comm, MPI_STATUS_IGNORE);
            break;
        }
    for (mask >>= 1; mask > 0 && rc == MPI_SUCCESS; mask >>= 1)
        if (base + (vr + mask) * stride < size)
            rc = smpi_send(a->rbuf, a->count, a->type, base + (vr + mask) * stride, COLL_TAG_BCAST,
                           a->comm);
    return rc;
}

static int bcast_smp_binomial(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int cores;
    int rc = smp_cores(a, &cores);
    int base;

    if (rc != MPI_SUCCESS)
        return rc;
    if (cores == 0)
        return bcast_mpich(a);
    base = rank / cores * cores;
    rc = root_to_zero(a, rank, COLL_TAG_BCAST);
    if (rc == MPI_SUCCESS && rank % cores == 0)
        rc = binomial_in_block(a, rank / cores, (size - 1) / cores + 1, cores, 0);
    if (rc == MPI_SUCCESS)
        rc = binomial_in_block(a, rank % cores, base == size / cores * cores ? size - base : cores,
                               1, base);
    return rc;
}

static const char *check_smp_binomial(const struct coll_args *a)
{
    int cores = uniform_cores(a->comm);

    if (cores == 0 || cores == smpi_comm_size(a->comm))
        return NULL;
    for (int r = 2; r < cores; r += 2)
        if (r + (r & -r) / 2 >= cores)
            return "a power-of-two number of ranks per host on a uniform layout of several hosts";
    return NULL;
}

/* SMP linear: host leaders (`cores` consecutive ranks per host) form a chain 0 -> c -> 2c ...,
 * each leader also starting a chain through its host's ranks, pipelined in 8 KiB segments with
 * blocking sends (leaders: next leader first). Not uniform: bcast__mpich; a single host: SMPI's
 * default bcast. The elements after the last whole segment go through MPI_Bcast again.
 * Reference: SimGrid 3.32 colls/bcast/bcast-SMP-linear.cpp (Faraj and Yuan).
 * Cost: (p/c + c + n/s) (α + s β). Needs: on a uniform layout, a positive extent and more than
 * one rank per host (with one, SMPI sends every message twice and leaves the copies unmatched,
 * which later broadcasts receive instead of their own data). */
static int bcast_smp_linear(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int cores;
    int rc = smp_cores(a, &cores);
    int seg;
    int from;
    int to[2];
    int nto = 0;

    if (rc != MPI_SUCCESS)
        return rc;
    if (cores == 0)
        return bcast_mpich(a);
    seg = pipe_segment(a->type);
    if (size <= cores)
        return coll__call(COLL_BCAST, "default", a);
    if (rank % cores == 0) {
        from = rank == 0 ? MPI_PROC_NULL : (rank - cores + size) % size;
        if (rank != (size - 1) / cores * cores)
            to[nto++] = (rank + cores) % size;
        to[nto++] = (rank + 1) % size;
    } else {
        from = (rank + size - 1) % size;
        if ((rank + 1) % cores != 0 && rank != size - 1)
            to[nto++] = (rank + 1) % size;
    }
    rc = root_to_zero(a, rank, COLL_TAG_BCAST);
    if (rc != MPI_SUCCESS)
        return rc;
    if (a->count <= seg)
        return pipe_blocking(a, from, to, nto, 1, a->count);
    rc = pipe_blocking(a, from, to, nto, a->count / seg, seg);
    if (rc == MPI_SUCCESS && a->count % seg != 0)
        rc = bcast_rest(a, a->count / seg * seg);
    return rc;
}

static const char *check_smp_linear(const struct coll_args *a)
{
    int cores = uniform_cores(a->comm);

    if (cores == 0)
        return NULL;
    if (smpi_type_extent(a->type) <= 0)
        return "a datatype with a positive extent";
    if (cores == 1 && smpi_comm_size(a->comm) > 1)
        return "more than one rank per host (with one, SMPI leaves a copy of every message "
               "unmatched)";
    return NULL;
}

/* ---- arrival-pattern-aware chains (Faraj and Yuan) ------------------------------------------ */

/* Where `rank` sits in a header ended by -1, or -1. */
static int header_position(const int *header, int len, int rank)
{
    for (int i = 0; i < len && header[i] != -1; i++)
        if (header[i] == rank)
            return i;
    return -1;
}

/* Rank 0 of arrival_pattern_aware: until every rank is served, probes every rank for its
 * "arrived" byte, receives the bytes found, and sends a header (the arrived ranks, in rank
 * order) and the data to the first of them; when nobody has arrived, serves the first rank not
 * yet served alone (pipelined: its byte is received at the very end). */
static int ap_root(const struct coll_args *a, int size, bool piped, int nseg, int seg)
{
    int *header = sim_xmalloc(AP_HEADER * sizeof(int));
    int *flag = sim_xcalloc((size_t)size, sizeof(int));
    char *done = sim_xcalloc((size_t)size, 2);
    char *clean = done + size;
    char byte;
    int rc = MPI_SUCCESS;

    for (int sent = 0; sent < size - 1 && rc == MPI_SUCCESS;) {
        int n = 0;

        for (int i = 1; i < size && rc == MPI_SUCCESS; i++)
            rc = smpi_iprobe_shared(i, MPI_ANY_TAG, a->comm, &flag[i], MPI_STATUS_IGNORE);
        if (piped)
            smpi_wtime();
        for (int i = 1; i < size && rc == MPI_SUCCESS; i++)
            if (flag[i] && !done[i]) {
                rc = smpi_recv(&byte, 1, MPI_CHAR, i, ARRIVAL_TAG, a->comm, MPI_STATUS_IGNORE);
                header[n++] = i;
                done[i] = 1;
            }
        for (int i = 1; n == 0 && i < size; i++)
            if (!done[i]) {
                header[n++] = i;
                done[i] = 1;
                clean[i] = piped;
            }
        header[n] = -1;
        sent += n;
        if (rc == MPI_SUCCESS)
            rc = smpi_send(header, AP_HEADER, MPI_INT, header[0], ARRIVAL_TAG, a->comm);
        for (int s = 0; s < nseg && rc == MPI_SUCCESS; s++)
            rc = smpi_send(segment_at(a, s, seg), seg, a->type, header[0], ARRIVAL_TAG, a->comm);
    }
    for (int i = 1; i < size && rc == MPI_SUCCESS; i++)
        if (clean[i])
            rc = smpi_recv(&byte, 1, MPI_CHAR, i, ARRIVAL_TAG, a->comm, MPI_STATUS_IGNORE);
    free(header);
    free(flag);
    free(done);
    return rc;
}

/* Another rank of arrival_pattern_aware: sends its byte to rank 0, receives a header and the
 * data from whoever serves it, and passes both to the next rank of the header. Unsegmented:
 * header and data are received, then forwarded; pipelined: the header is forwarded first, then
 * each segment as it arrives. */
static int ap_other(const struct coll_args *a, int rank, bool piped, int nseg, int seg)
{
    int *header = sim_xmalloc(AP_HEADER * sizeof(int));
    char byte = 0;
    int pos;
    int next = -1;
    int rc = smpi_send(&byte, 1, MPI_CHAR, 0, ARRIVAL_TAG, a->comm);

    if (rc == MPI_SUCCESS)
        rc = smpi_recv(header, AP_HEADER, MPI_INT, MPI_ANY_SOURCE, ARRIVAL_TAG, a->comm,
                       MPI_STATUS_IGNORE);
    if (rc == MPI_SUCCESS && !piped)
        rc = smpi_recv(a->rbuf, a->count, a->type, MPI_ANY_SOURCE, ARRIVAL_TAG, a->comm,
                       MPI_STATUS_IGNORE);
    pos = header_position(header, AP_HEADER - 1, rank);
    if (rc == MPI_SUCCESS && pos < 0)
        rc = MPI_ERR_INTERN;
    if (rc == MPI_SUCCESS)
        next = header[pos + 1];
    if (rc == MPI_SUCCESS && next != -1)
        rc = smpi_send(header, AP_HEADER, MPI_INT, next, ARRIVAL_TAG, a->comm);
    if (rc == MPI_SUCCESS && !piped && next != -1)
        rc = smpi_send(a->rbuf, a->count, a->type, next, ARRIVAL_TAG, a->comm);
    if (rc == MPI_SUCCESS && piped)
        rc = pipe_relay(a, MPI_ANY_SOURCE, ARRIVAL_TAG, &next, next != -1, nseg, seg);
    free(header);
    return rc;
}

/* Arrival pattern aware: ranks announce their arrival to rank 0 with a one-byte message; rank 0
 * repeatedly probes everyone and sends the data (in 8 KiB segments beyond one segment) down a
 * chain of the ranks that have arrived, in rank order, with a header naming the chain; when
 * nobody has arrived it serves one rank alone. Chains forward as in NTSL. The elements after the
 * last whole segment go through MPI_Bcast again. Each probe costs smpi/iprobe and, as in SMPI
 * (whose collectives share the user's context), also sees the user's pending messages.
 * Reference: SimGrid 3.32 colls/bcast/bcast-arrival-pattern-aware.cpp (the arrival-pattern-aware
 * broadcasts of Patarasuk and Yuan, Florida State University).
 * Cost: depends on arrivals; (p - 1 + n/s) (α + s β) for one chain.
 * Needs: a positive extent, at most 1024 ranks. */
static int bcast_arrival_pattern_aware(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int seg = pipe_segment(a->type);
    bool piped = a->count > seg;
    int nseg = piped ? a->count / seg : 1;
    int rc = root_to_zero(a, rank, ARRIVAL_TAG);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!piped)
        seg = a->count;
    rc = rank == 0 ? ap_root(a, size, piped, nseg, seg) : ap_other(a, rank, piped, nseg, seg);
    if (rc == MPI_SUCCESS && piped && a->count % seg != 0)
        rc = bcast_rest(a, nseg * seg);
    return rc;
}

static const char *check_arrival_pattern_aware(const struct coll_args *a)
{
    if (smpi_comm_size(a->comm) > AP_MAX_RANKS)
        return "at most 1024 ranks";
    return check_extent(a);
}

/* Rank 0 of arrival_pattern_aware_wait and arrival_scatter: three passes over the ranks not yet
 * served, probing each for its "arrived" byte; a rank found is received from, marked in `will`,
 * and the pass starts over from rank 1. */
static int arrival_poll(MPI_Comm comm, int size, const char *done, char *will)
{
    char byte;
    int rc = MPI_SUCCESS;

    for (int k = 0; k < 3; k++)
        for (int i = 1; i < size && rc == MPI_SUCCESS; i++) {
            int flag = 0;

            if (done[i] || will[i])
                continue;
            rc = smpi_iprobe_shared(i, MPI_ANY_TAG, comm, &flag, MPI_STATUS_IGNORE);
            if (rc == MPI_SUCCESS && flag) {
                will[i] = 1;
                rc = smpi_recv(&byte, 1, MPI_CHAR, i, ARRIVAL_TAG, comm, MPI_STATUS_IGNORE);
                i = 0;
            }
        }
    return rc;
}

/* Moves the ranks found arrived and not yet served into header[] (rank order, ended by -1),
 * marks them served and returns how many. */
static int arrival_header(int size, char *done, const char *will, int *header)
{
    int n = 0;

    for (int i = 1; i < size; i++)
        if (will[i] && !done[i]) {
            header[n++] = i;
            done[i] = 1;
        }
    header[n] = -1;
    return n;
}

/* Arrival pattern aware, waiting: as arrival_pattern_aware, but rank 0 polls three rounds
 * before serving, serves nobody until someone has arrived, and isends the segments (one
 * segment of the whole buffer when it fits); chain ranks receive from their known predecessor.
 * Reference: SimGrid 3.32 colls/bcast/bcast-arrival-pattern-aware-wait.cpp (Patarasuk and
 * Yuan). Cost: as arrival_pattern_aware. Needs: a positive extent, at most 128 ranks. */
static int bcast_arrival_pattern_aware_wait(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int seg = pipe_segment(a->type);
    bool piped = a->count > seg;
    int nseg = piped ? a->count / seg : 1;
    int *header = sim_xmalloc(AP_HEADER * sizeof(int));
    int rc = root_to_zero(a, rank, ARRIVAL_TAG);

    if (!piped)
        seg = a->count;
    if (rank == 0 && rc == MPI_SUCCESS) {
        char *done = sim_xcalloc((size_t)size, 2);

        for (int sent = 0; sent < size - 1 && rc == MPI_SUCCESS;) {
            int n;

            rc = arrival_poll(a->comm, size, done, done + size);
            n = arrival_header(size, done, done + size, header);
            sent += n;
            if (n > 0 && rc == MPI_SUCCESS)
                rc = smpi_send(header, AP_HEADER, MPI_INT, header[0], ARRIVAL_TAG, a->comm);
            if (n > 0 && rc == MPI_SUCCESS)
                rc = pipe_relay(a, MPI_PROC_NULL, ARRIVAL_TAG, header, 1, nseg, seg);
        }
        free(done);
    } else if (rc == MPI_SUCCESS) {
        char byte = 0;
        int pos = -1;
        int to = -1;

        rc = smpi_send(&byte, 1, MPI_CHAR, 0, ARRIVAL_TAG, a->comm);
        if (rc == MPI_SUCCESS)
            rc = smpi_recv(header, AP_HEADER, MPI_INT, MPI_ANY_SOURCE, ARRIVAL_TAG, a->comm,
                           MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            pos = header_position(header, AP_HEADER - 1, rank);
        if (rc == MPI_SUCCESS && pos < 0)
            rc = MPI_ERR_INTERN;
        if (rc == MPI_SUCCESS)
            to = header[pos + 1];
        if (rc == MPI_SUCCESS && to != -1)
            rc = smpi_send(header, AP_HEADER, MPI_INT, to, ARRIVAL_TAG, a->comm);
        if (rc == MPI_SUCCESS)
            rc = pipe_relay(a, pos == 0 ? 0 : header[pos - 1], ARRIVAL_TAG, &to, to != -1, nseg,
                            seg);
    }
    free(header);
    if (rc == MPI_SUCCESS && piped && a->count % seg != 0)
        rc = bcast_rest(a, nseg * seg);
    return rc;
}

static const char *check_arrival_pattern_aware_wait(const struct coll_args *a)
{
    if (smpi_comm_size(a->comm) > APW_MAX_RANKS)
        return "at most 128 ranks";
    return check_extent(a);
}

/* A rank of arrival_scatter's group: receives its block of the data from rank 0 (its place in
 * the header gives which), then the group runs a ring allgather, the last block carrying the
 * remainder. */
static int arrival_scatter_member(const struct coll_args *a, int rank, const int *header)
{
    int pos = header_position(header, AS_HEADER - 1, rank);
    int total = pos < 0 ? 0 : pos + 1;
    MPI_Aint extent = smpi_type_extent(a->type);
    int blk;
    int rem;
    MPI_Aint last;
    int rc = MPI_SUCCESS;

    if (pos < 0)
        return MPI_ERR_INTERN;
    while (total < AS_HEADER && header[total] != -1)
        total++;
    blk = a->count / total;
    rem = a->count % total;
    last = (MPI_Aint)(total - 1) * blk * extent;
    rc = smpi_recv(coll__elem(a->rbuf, (MPI_Aint)pos * blk, a->type),
                   blk + (pos == total - 1 ? rem : 0), a->type, 0, ARRIVAL_TAG, a->comm,
                   MPI_STATUS_IGNORE);
    for (int i = 0; i < total - 1 && rc == MPI_SUCCESS; i++) {
        int sb = (pos - i + total) % total;
        int rb = (pos - i - 1 + total) % total;

        rc = smpi_sendrecv(coll__elem(a->rbuf, (MPI_Aint)sb * blk, a->type),
                           blk + ((MPI_Aint)sb * blk * extent == last ? rem : 0), a->type,
                           header[(pos + 1) % total], ARRIVAL_TAG + i,
                           coll__elem(a->rbuf, (MPI_Aint)rb * blk, a->type),
                           blk + ((MPI_Aint)rb * blk * extent == last ? rem : 0), a->type,
                           header[(pos - 1 + total) % total], ARRIVAL_TAG + i, a->comm,
                           MPI_STATUS_IGNORE);
    }
    return rc;
}

/* Rank 0 of arrival_scatter: polls as arrival_pattern_aware_wait; each group of arrived ranks
 * gets the header, then one block of the data each (the last one with the remainder). */
static int arrival_scatter_root(const struct coll_args *a, int size, int *header)
{
    char *done = sim_xcalloc((size_t)size, 2);
    int rc = MPI_SUCCESS;

    for (int sent = 0; sent < size - 1 && rc == MPI_SUCCESS;) {
        int n;

        rc = arrival_poll(a->comm, size, done, done + size);
        n = arrival_header(size, done, done + size, header);
        sent += n;
        for (int i = 0; i < n && rc == MPI_SUCCESS; i++)
            rc = smpi_send(header, AS_HEADER, MPI_INT, header[i], COLL_TAG_BCAST, a->comm);
        for (int i = 0; i < n && rc == MPI_SUCCESS; i++)
            rc = smpi_send(coll__elem(a->rbuf, (MPI_Aint)i * (a->count / n), a->type),
                           a->count / n + (i == n - 1 ? a->count % n : 0), a->type, header[i],
                           ARRIVAL_TAG, a->comm);
    }
    free(done);
    return rc;
}

/* Arrival scatter: ranks announce their arrival to rank 0 with a one-byte message; rank 0
 * probes as arrival_pattern_aware_wait does, and scatters the data over each group of arrived
 * ranks, which then complete it with a ring allgather among themselves. Fewer elements than
 * ranks: MPI_Bcast again with the selected algorithm.
 * Reference: SimGrid 3.32 colls/bcast/bcast-arrival-scatter.cpp (Patarasuk and Yuan).
 * Cost: for one group, (p - 1) α + n β from the root, then (p - 2) (α + n/(p - 1) β).
 * Needs: at most 128 ranks; a count of at least the number of ranks (SMPI calls MPI_Bcast
 * again otherwise, which when arrival_scatter is forced is itself, forever). */
static int bcast_arrival_scatter(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int *header;
    int rc;

    if (a->count < size)
        return coll_run(COLL_BCAST, a);
    rc = root_to_zero(a, rank, ARRIVAL_TAG - 1);
    if (rc != MPI_SUCCESS)
        return rc;
    header = sim_xmalloc(AS_HEADER * sizeof(int));
    if (rank == 0) {
        rc = arrival_scatter_root(a, size, header);
    } else {
        char byte = 0;

        rc = smpi_send(&byte, 1, MPI_CHAR, 0, ARRIVAL_TAG, a->comm);
        if (rc == MPI_SUCCESS)
            rc = smpi_recv(header, AS_HEADER, MPI_INT, 0, COLL_TAG_BCAST, a->comm,
                           MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = arrival_scatter_member(a, rank, header);
    }
    free(header);
    return rc;
}

static const char *check_arrival_scatter(const struct coll_args *a)
{
    if (smpi_comm_size(a->comm) > AS_MAX_RANKS)
        return "at most 128 ranks";
    if (a->count < smpi_comm_size(a->comm))
        return "a count of at least the communicator size (below it SMPI calls the forced "
               "algorithm again, forever)";
    return NULL;
}

/* ---- MVAPICH2's two-level algorithms --------------------------------------------------------- */

/* SMPI's mvapich2 algorithms fill the selector's function pointers with bcast__mpich when the
 * selector has not run (the values stay for later calls, as in SMPI). */
static void mv2_defaults(void)
{
    if (!coll__mv2.bcast)
        coll__mv2.bcast = bcast_mpich;
    if (!coll__mv2.bcast_intra_node)
        coll__mv2.bcast_intra_node = bcast_mpich;
}

/* MVAPICH2 inter-node step: a root that is not its host's leader first sends the buffer to
 * that leader; then the host leaders broadcast it among themselves with the mvapich2 selector's
 * inter-leader algorithm (bcast__mpich until the selector has run). The other ranks get
 * nothing: mvapich2_intra_node completes the job.
 * Reference: SimGrid 3.32 colls/bcast/bcast-mvapich-smp.cpp (MVAPICH2's
 * MPIR_Bcast_inter_node_helper_MV2). Cost: α + n β + the leaders' bcast over p/c hosts.
 * Needs: one rank per host (otherwise the ranks that are not leaders get no data). */
static int bcast_mvapich2_inter_node(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    struct smpi_smp smp;
    int local;
    int rc;

    mv2_defaults();
    rc = coll__smp_init(a->comm, &smp);
    if (rc != MPI_SUCCESS)
        return rc;
    local = smpi_comm_rank(smp.intra);
    if (smpi_comm_size(smp.intra) > 1) {
        if (local == 0 && rank != a->root && smp.node_of[a->root] == smpi_comm_rank(smp.leaders))
            rc = smpi_recv(a->rbuf, a->count, a->type, a->root, COLL_TAG_BCAST, a->comm,
                           MPI_STATUS_IGNORE);
        if (local != 0 && rank == a->root)
            rc = smpi_send(a->rbuf, a->count, a->type, smp.leader_of[a->root], COLL_TAG_BCAST,
                           a->comm);
    }
    if (rc == MPI_SUCCESS && local == 0) {
        struct coll_args l = *a;

        l.root = smp.node_of[a->root];
        l.comm = smp.leaders;
        rc = coll__mv2.bcast(&l);
    }
    return rc;
}

static const char *check_mvapich2_inter_node(const struct coll_args *a)
{
    struct smpi_smp smp;

    if (smpi_comm_smp(a->comm, &smp) != MPI_SUCCESS)
        return NULL;
    for (int k = 0; k < smpi_comm_size(smp.leaders); k++)
        if (smp.node_sizes[k] > 1)
            return "one rank per host (it only reaches the host leaders)";
    return NULL;
}

/* MVAPICH2 k-nomial tree over the whole communicator with the selector's intra-node factor k
 * (4 until the selector sets it): a rank receives from the rank that clears its lowest non-zero
 * base-k digit (relative to the root), then for each lower digit isends to its k - 1 children
 * and waits for them.
 * Reference: SimGrid 3.32 colls/bcast/bcast-mvapich-smp.cpp (MVAPICH2's
 * MPIR_Knomial_Bcast_intra_node_MV2). Cost: log_k p (α + (k - 1) n β). Needs: k >= 2. */
static int bcast_mvapich2_knomial_intra_node(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int k = coll__mv2.intra_node_knomial_factor;
    int vr = (rank - a->root + size) % size;
    int mask = 1;
    struct smpi_smp smp;
    MPI_Request *reqs;
    int rc;

    mv2_defaults();
    rc = coll__smp_init(a->comm, &smp);
    if (rc != MPI_SUCCESS || size == 1)
        return rc;
    for (; mask < size; mask *= k)
        if (vr % (k * mask)) {
            rc = smpi_recv(a->rbuf, a->count, a->type,
                           (vr / (k * mask) * (k * mask) + a->root) % size, COLL_TAG_BCAST, a->comm,
                           MPI_STATUS_IGNORE);
            break;
        }
    reqs = coll__reqs_alloc(k);
    for (mask /= k; mask > 0 && rc == MPI_SUCCESS; mask /= k) {
        int n = 0;

        for (int j = 1; j < k && rc == MPI_SUCCESS; j++)
            if (vr + mask * j < size)
                rc = smpi_isend(a->rbuf, a->count, a->type, (rank + mask * j) % size,
                                COLL_TAG_BCAST, a->comm, &reqs[n++]);
        rc = coll__waitall(n, reqs, rc);
    }
    free(reqs);
    return rc;
}

static const char *check_knomial(const struct coll_args *a)
{
    (void)a;
    return coll__mv2.intra_node_knomial_factor >= 2
               ? NULL
               : "an mvapich2 intra-node k-nomial factor of at least 2";
}

/* MVAPICH2's two-level choice on n bytes (16 KiB < n < 512 KiB, or more than 64 ranks). */
static bool mv2_two_level(const struct coll_args *a, size_t *nbytes)
{
    *nbytes = smpi_type_size(a->type) * (size_t)a->count;
    return smpi_comm_size(a->comm) > 64 || (*nbytes > 16384 && *nbytes < 512 * 1024);
}

/* MVAPICH2 bcast: two-level (16 KiB < n < 512 KiB, or more than 64 ranks): the inter-node step
 * (mvapich2_inter_node), then inside each host a bcast__mpich from the rank whose host rank is
 * the root's number (up to 128 KiB) or a k-nomial tree from the host leader; otherwise binomial
 * tree up to 16 KiB, scatter_LR_allgather beyond.
 * Reference: SimGrid 3.32 colls/bcast/bcast-mvapich-smp.cpp (MVAPICH2's MPIR_Bcast_intra_MV2).
 * Cost: that of the parts. Needs: root 0, one rank per host, or a single blocked host, when the
 * hosts broadcast from the root's number (SMPI passes the root's rank to the host's
 * communicator, where that rank has no data); scatter_LR_allgather's needs when it runs it. */
static int bcast_mvapich2_intra_node(const struct coll_args *a)
{
    struct smpi_smp smp;
    struct coll_args host = *a;
    size_t nbytes;
    int rc;

    if (a->count == 0)
        return MPI_SUCCESS;
    mv2_defaults();
    rc = coll__smp_init(a->comm, &smp);
    if (rc != MPI_SUCCESS)
        return rc;
    if (!mv2_two_level(a, &nbytes))
        return nbytes <= 16384 ? bcast_binomial_tree(a) : bcast_scatter_lr_allgather(a);
    rc = bcast_mvapich2_inter_node(a);
    host.comm = smp.intra;
    if (nbytes <= 131072)
        return rc == MPI_SUCCESS ? bcast_mpich(&host) : rc;
    host.root = 0;
    return rc == MPI_SUCCESS ? bcast_mvapich2_knomial_intra_node(&host) : rc;
}

static const char *check_mvapich2_intra_node(const struct coll_args *a)
{
    struct smpi_smp smp;
    size_t nbytes;
    int nodes;

    if (a->count == 0)
        return NULL;
    if (!mv2_two_level(a, &nbytes))
        return nbytes > 16384 ? check_scatter_lr(a) : NULL;
    if (a->root == 0 || nbytes > 131072 || smpi_comm_smp(a->comm, &smp) != MPI_SUCCESS)
        return NULL;
    nodes = smpi_comm_size(smp.leaders);
    if (nodes == 1 && smp.blocked)
        return NULL;
    for (int k = 0; k < nodes; k++)
        if (smp.node_sizes[k] > 1)
            return "root 0, one rank per host or a single host for 16 KiB to 128 KiB (SMPI "
                   "broadcasts inside each host from the root's rank number)";
    return NULL;
}

const struct coll_algo coll_bcast_algos[] = {
    /* name, needs, run, help, check */
    { "binomial_tree", 0, bcast_binomial_tree,
      "binomial tree, blocking sends, largest subtree first", NULL },
    { "arrival_pattern_aware", 0, bcast_arrival_pattern_aware,
      "chains of the ranks that have arrived, probed by rank 0", check_arrival_pattern_aware },
    { "arrival_pattern_aware_wait", 0, bcast_arrival_pattern_aware_wait,
      "arrival-pattern chains, rank 0 polls three rounds first", check_arrival_pattern_aware_wait },
    { "arrival_scatter", 0, bcast_arrival_scatter,
      "scatter + ring allgather over the ranks that have arrived", check_arrival_scatter },
    { "flattree", 0, bcast_flattree, "the root isends to every rank", NULL },
    { "flattree_pipeline", 0, bcast_flattree_pipeline, "flat tree in 8 KiB segments",
      check_flattree_pipeline },
    { "NTSB", 0, bcast_ntsb, "pipelined binary tree from rank 0, 8 KiB segments", check_extent },
    { "NTSL", 0, bcast_ntsl, "pipelined chain from rank 0, 8 KiB segments", check_ntsl },
    { "NTSL_Isend", 0, bcast_ntsl, "pipelined chain from rank 0 (isend), 8 KiB segments",
      check_extent },
    { "scatter_LR_allgather", 0, bcast_scatter_lr_allgather,
      "binomial scatter + ring allgather (bytes)", check_scatter_lr },
    { "scatter_rdb_allgather", 0, bcast_scatter_rdb_allgather,
      "binomial scatter + recursive-doubling allgather", NULL },
    { "SMP_binary", 0, bcast_smp_binary, "binary trees over hosts and within hosts, pipelined",
      check_smp_binary },
    { "SMP_binomial", 0, bcast_smp_binomial, "binomial trees over hosts and within hosts",
      check_smp_binomial },
    { "SMP_linear", 0, bcast_smp_linear, "chains over hosts and within hosts, pipelined",
      check_smp_linear },
    { "ompi_split_bintree", 0, bcast_ompi_split_bintree,
      "Open MPI: halves down a binary tree, then swapped", check_split_bintree },
    { "ompi_pipeline", 0, bcast_ompi_pipeline, "Open MPI: segmented chain", check_ompi_pipeline },
    { "mvapich2_inter_node", 0, bcast_mvapich2_inter_node, "MVAPICH2: among host leaders only",
      check_mvapich2_inter_node },
    { "mvapich2_intra_node", 0, bcast_mvapich2_intra_node,
      "MVAPICH2: two-level (leaders, then hosts) or flat", check_mvapich2_intra_node },
    { "mvapich2_knomial_intra_node", 0, bcast_mvapich2_knomial_intra_node,
      "MVAPICH2: k-nomial tree", check_knomial },
    { NULL, 0, NULL, NULL, NULL },
};
