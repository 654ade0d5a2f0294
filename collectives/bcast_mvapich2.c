/* bcast_mvapich2: MVAPICH2's MPI_Bcast algorithms as SMPI 3.32 runs them: inter_node,
 * intra_node and knomial_intra_node (SimGrid 3.32 colls/bcast/bcast-mvapich-smp.cpp). */
#include "collectives/bcast_impl.h"

/* ---- MVAPICH2's two-level algorithms --------------------------------------------------------- */

/* SMPI's mvapich2 algorithms fill the selector's function pointers with bcast__mpich when the
 * selector has not run (the values stay for later calls, as in SMPI). */
static void mv2_defaults(void)
{
    if (!coll__run.mv2.bcast)
        coll__run.mv2.bcast = bcast_mpich;
    if (!coll__run.mv2.bcast_intra_node)
        coll__run.mv2.bcast_intra_node = bcast_mpich;
}

/* MVAPICH2 inter-node step: a root that is not its host's leader first sends the buffer to
 * that leader; then the host leaders broadcast it among themselves with the mvapich2 selector's
 * inter-leader algorithm (bcast__mpich until the selector has run). The other ranks get
 * nothing: mvapich2_intra_node completes the job.
 * Reference: SimGrid 3.32 colls/bcast/bcast-mvapich-smp.cpp (MVAPICH2's
 * MPIR_Bcast_inter_node_helper_MV2). Cost: α + n β + the leaders' bcast over p/c hosts.
 * Needs: one rank per host (otherwise the ranks that are not leaders get no data). */
int coll__bcast_mvapich2_inter_node(const struct coll_args *a)
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
        rc = coll__run.mv2.bcast(&l);
    }
    return rc;
}

const char *coll__bcast_check_mvapich2_inter_node(const struct coll_args *a)
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
int coll__bcast_mvapich2_knomial_intra_node(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int k = coll__run.mv2.intra_node_knomial_factor;
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

const char *coll__bcast_check_knomial(const struct coll_args *a)
{
    (void)a;
    return coll__run.mv2.intra_node_knomial_factor >= 2
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
int coll__bcast_mvapich2_intra_node(const struct coll_args *a)
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
        return nbytes <= 16384 ? coll__bcast_binomial_tree(a) : coll__bcast_scatter_lr_allgather(a);
    rc = coll__bcast_mvapich2_inter_node(a);
    host.comm = smp.intra;
    if (nbytes <= 131072)
        return rc == MPI_SUCCESS ? bcast_mpich(&host) : rc;
    host.root = 0;
    return rc == MPI_SUCCESS ? coll__bcast_mvapich2_knomial_intra_node(&host) : rc;
}

const char *coll__bcast_check_mvapich2_intra_node(const struct coll_args *a)
{
    struct smpi_smp smp;
    size_t nbytes;
    int nodes;

    if (a->count == 0)
        return NULL;
    if (!mv2_two_level(a, &nbytes))
        return nbytes > 16384 ? coll__bcast_check_scatter_lr(a) : NULL;
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
