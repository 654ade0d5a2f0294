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

const struct coll_algo coll_bcast_algos[] = {
    /* name             needs  run                  help */
    { "binomial_tree", 0, bcast_binomial_tree, "binomial tree, largest subtree first" },
    { "flattree", 0, bcast_flattree, "the root sends to every rank" },
    { NULL, 0, NULL, NULL },
};
