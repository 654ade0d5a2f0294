/* allreduce_ring: Open MPI's segmented ring allreduce as SMPI 3.32 runs it
 * (ompi_ring_segmented: SimGrid 3.32 colls/allreduce/allreduce-ompi-ring-segmented.cpp, after
 * Open MPI coll_tuned_allreduce.c), falling back to lr where Open MPI does. */
#include "collectives/allreduce_impl.h"

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
int coll__allreduce_ompi_ring_segmented(const struct coll_args *a)
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

const char *coll__allreduce_check_ompi_ring_segmented(const struct coll_args *a)
{
    int size = smpi_comm_size(a->comm);

    if (size == 1)
        return NULL;
    if (a->count == 0)
        return "a count above 0 (SMPI divides by zero)";
    if (a->count < (long long)size * ring_segcount(a))
        return coll__allreduce_check_lr(a);
    if (!commutes(a) && size > 2)
        return "a commutative op when there are more than two ranks";
    return NULL;
}
