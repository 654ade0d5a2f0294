/* bcast_ompi: Open MPI's segmented trees for MPI_Bcast as SMPI 3.32 runs them: split binary
 * tree and pipeline (SimGrid 3.32 colls/bcast/bcast-ompi-split-bintree.cpp and
 * bcast-ompi-pipeline.cpp, after Open MPI coll_tuned_bcast.c). */
#include "collectives/bcast_impl.h"

/* ---- Open MPI's segmented trees ----------------------------------------------------------- */

int coll__bcast_smp_linear(const struct coll_args *a);

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
int coll__bcast_ompi_split_bintree(const struct coll_args *a)
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
        return coll__bcast_smp_linear(a);
    for (int i = 0; i < 2; i++)
        hv.nseg[i] = (hv.counts[i] + hv.segcount - 1) / hv.segcount;
    coll__tree_kary(&t, 2, rank, size, a->root);
    return split_halves(a, &t, &hv);
}

const char *coll__bcast_check_smp_linear(const struct coll_args *a);

const char *coll__bcast_check_split_bintree(const struct coll_args *a)
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
        return coll__bcast_check_smp_linear(a);
    return NULL;
}

/* Pipeline: a chain from the root (Open MPI's chain of fanout 1) in segments of 128, 64 or
 * 16 KiB chosen from p and n by Open MPI's fitted thresholds; the root isends each segment and
 * waits for it; a chain rank keeps two receives posted and forwards each segment (isend, wait)
 * before the next one.
 * Reference: SimGrid 3.32 colls/bcast/bcast-ompi-pipeline.cpp (Open MPI's
 * ompi_coll_tuned_bcast_intra_pipeline). Cost: (p - 1 + n/s) (α + s β). Needs: a count above
 * zero (SMPI divides by the segment's element count). */
int coll__bcast_ompi_pipeline(const struct coll_args *a)
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

const char *coll__bcast_check_ompi_pipeline(const struct coll_args *a)
{
    return a->count > 0 || smpi_comm_size(a->comm) == 1 ? NULL : "a count above zero";
}
