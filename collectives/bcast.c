/* bcast: MPI_Bcast algorithms. The buffer is a->rbuf (input at the root, output elsewhere).
 * Costs: p ranks, n bytes, α latency, β time per byte. */
#include <stdlib.h>

#include "collectives/internal.h"
#include "simcore/simcore.h"
#include "smpi/p2p_api.h"

/* Binomial tree: a rank receives the whole buffer from its parent, then forwards it to its
 * children, largest subtree first, so the message reaches every rank in ceil(log2 p) steps.
 * Reference: MPICH bcast_intra_binomial.c; Open MPI coll_base_bcast.c (binomial).
 * Cost: ceil(log2 p) (α + n β). Needs: none. */
static int bcast_binomial_tree(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int parent = coll__tree_parent(rank, a->root, size);
    int children[COLL_TREE_MAX_CHILDREN];
    MPI_Request reqs[COLL_TREE_MAX_CHILDREN];
    int n = coll__tree_children(rank, a->root, size, children);
    int rc = MPI_SUCCESS;

    if (parent >= 0)
        rc = smpi_recv(a->rbuf, a->count, a->type, parent, COLL_TAG_BCAST, a->comm,
                       MPI_STATUS_IGNORE);
    for (int i = 0; i < n; i++)
        reqs[i] = MPI_REQUEST_NULL;
    for (int i = 0; i < n && rc == MPI_SUCCESS; i++)
        rc = smpi_isend(a->rbuf, a->count, a->type, children[n - 1 - i], COLL_TAG_BCAST, a->comm,
                        &reqs[i]);
    return coll__waitall(n, reqs, rc);
}

/* Flat tree: the root sends the buffer to every other rank itself.
 * Reference: SMPI bcast-flattree; Open MPI coll_basic_bcast.c (linear).
 * Cost: (p - 1) (α + n β) at the root (the sends share its link). Needs: none. */
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

/* ---- allreduce family (temporary) --------------------------------------------------------
 * SMPI's bcast scatter_LR_allgather, which collectives/smp.c calls for init_smp's uniformity
 * flag: without it every SMP-aware algorithm aborts. Here only until the bcast family's own
 * version lands; drop this block and its table row when merging that.
 * Binomial scatter of ceil(n / p)-byte pieces from the root, then a ring allgather of the
 * pieces, all in MPI_BYTE. Reference: SimGrid 3.32 colls/bcast/bcast-scatter-LR-allgather.cpp.
 * Cost: log2 p α + (p-1)/p n β for the scatter, (p-1) (α + n/p β) for the ring. Needs: none. */
static int piece_len(int nbytes, int piece, int i)
{
    int len = nbytes - i * piece;

    return len > piece ? piece : len < 0 ? 0 : len;
}

static int lr_scatter(const struct coll_args *a, int nbytes, int piece, int rel, int *have)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int mask = 1;
    int rc = MPI_SUCCESS;
    MPI_Status st;

    for (; mask < size; mask <<= 1) {
        if (rel & mask) {
            int want = nbytes - rel * piece;

            *have = 0;
            if (want > 0) {
                rc = smpi_recv((char *)a->rbuf + (MPI_Aint)rel * piece, want, MPI_BYTE,
                               (rank - mask + size) % size, COLL_TAG_BCAST, a->comm, &st);
                *have = (int)st.smpi_count;
            }
            break;
        }
    }
    for (mask >>= 1; mask > 0 && rc == MPI_SUCCESS; mask >>= 1) {
        int len = *have - piece * mask;

        if (rel + mask >= size || len <= 0)
            continue;
        rc = smpi_send((char *)a->rbuf + (MPI_Aint)piece * (rel + mask), len, MPI_BYTE,
                       (rank + mask) % size, COLL_TAG_BCAST, a->comm);
        *have -= len;
    }
    return rc;
}

static int bcast_scatter_lr_allgather(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int nbytes = (int)smpi_type_extent(a->type) * a->count;
    int piece = (nbytes + size - 1) / size;
    int have = rank == a->root ? nbytes : 0;
    int src = rank;
    int rc = lr_scatter(a, nbytes, piece, (rank - a->root + size) % size, &have);

    for (int i = 1; i < size && rc == MPI_SUCCESS; i++) {
        int next = (src - 1 + size) % size;
        int sp = (src - a->root + size) % size;
        int np = (next - a->root + size) % size;

        rc = smpi_sendrecv((char *)a->rbuf + (MPI_Aint)sp * piece, piece_len(nbytes, piece, sp),
                           MPI_BYTE, (rank + 1) % size, COLL_TAG_BCAST,
                           (char *)a->rbuf + (MPI_Aint)np * piece, piece_len(nbytes, piece, np),
                           MPI_BYTE, (rank - 1 + size) % size, COLL_TAG_BCAST, a->comm,
                           MPI_STATUS_IGNORE);
        src = next;
    }
    return rc;
}

const struct coll_algo coll_bcast_algos[] = {
    /* name             needs  run                  help */
    { "binomial_tree", 0, bcast_binomial_tree, "binomial tree, largest subtree first" },
    { "flattree", 0, bcast_flattree, "the root sends to every rank" },
    { "scatter_LR_allgather", 0, bcast_scatter_lr_allgather,
      "binomial scatter + ring allgather (temporary copy for init_smp)" },
    { NULL, 0, NULL, NULL },
};
