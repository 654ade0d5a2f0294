/* reduce_mvapich2: MVAPICH2's k-nomial reduce and its two-level reduce (per host, then across
 * the hosts' first ranks). SimGrid 3.32 colls/reduce/reduce-mvapich-knomial.cpp and
 * reduce-mvapich-two-level.cpp. */
#include "collectives/reduce_impl.h"

/* ---- MVAPICH2: k-nomial and two-level ------------------------------------------------------ */

#define MV2_DEFAULT_KNOMIAL_FACTOR 4
#define MV2_INTRA_SHMEM_REDUCE_MSG 2048
#define MV2_SHMEM_COLL_MAX_MSG (1 << 17)

/* The k-nomial factor the reduce uses: the mvapich2 selector's, else MVAPICH2's default. */
static int mv2_knomial_factor(void)
{
    int k = coll__run.mv2.reduce_intra_knomial_factor;

    return k < 0 ? MV2_DEFAULT_KNOMIAL_FACTOR : k;
}

/* MVAPICH2's k-nomial tree on ranks shifted by the root: relative rank v sends to v with its
 * lowest non-zero base-k digit cleared and receives from v + j k^l (0 < j < k) for every level
 * l below that digit. Sets *parent (-1 at the root) and returns the children in a new array,
 * largest distance first (MVAPICH2's order), their number in *n. */
static int *knomial_tree(int rank, int root, int size, int k, int *parent, int *n)
{
    int rel = (rank - root + size) % size;
    long mask = 1;
    int *children;

    sim_assert(k >= 2, "k-nomial reduce with factor %d", k);
    *parent = -1;
    for (; mask < size; mask *= k) {
        if (rel % (k * mask)) {
            *parent = (int)((rel / (k * mask) * (k * mask) + root) % size);
            break;
        }
    }
    *n = 0;
    for (long m = mask / k; m > 0; m /= k)
        for (int j = 1; j < k; j++)
            *n += rel + m * j < size;
    children = sim_xmalloc((size_t)(*n > 0 ? *n : 1) * sizeof(int));
    *n = 0;
    for (long m = mask / k; m > 0; m /= k)
        for (int j = 1; j < k; j++)
            if (rel + m * j < size)
                children[(*n)++] = (int)((rank + m * j) % size);
    return children;
}

const char *coll__reduce_check_mvapich2_knomial(const struct coll_args *a)
{
    if (smpi_op_is_commutative(a->op) ||
        knomial_keeps_order(smpi_comm_size(a->comm), a->root, mv2_knomial_factor()))
        return NULL;
    return "a commutative op, or a root r with size - r of one non-zero digit in the k-nomial base";
}

/* The children's blocks, received into bufs[i] from children[n-1-i], combined with acc (the
 * node's own block) in rank order. */
static int knomial_fold(const struct coll_args *a, int rank, const int *children, int n,
                        void **bufs, void *acc)
{
    int *from = sim_xmalloc((size_t)n * sizeof(int));
    int *order = sim_xmalloc((size_t)(n + 1) * sizeof(int));
    const void **sorted = sim_xmalloc((size_t)(n + 1) * sizeof(void *));
    int rc;

    for (int i = 0; i < n; i++)
        from[i] = children[n - 1 - i];
    rank_order(rank, from, n, order);
    for (int j = 0; j <= n; j++)
        sorted[j] = order[j] < 0 ? acc : bufs[order[j]];
    rc = fold_in_order(a, a->count, sorted, n + 1, order[n] >= 0, acc);
    free(sorted);
    free(order);
    free(from);
    return rc;
}

/* Receives every child's block (irecvs posted smallest distance first, completed with
 * waitany) and combines each as it arrives; SMPI combines nothing for a non-commutative op,
 * here they are combined in rank order once all have arrived. */
static int knomial_gather(const struct coll_args *a, int rank, const int *children, int n,
                          void *acc)
{
    struct reduce_tmps t;
    MPI_Request *reqs = coll__reqs_alloc(n);
    bool commutative = smpi_op_is_commutative(a->op);
    int rc = MPI_SUCCESS;

    tmps_init(&t, n);
    for (int i = 0; i < n && rc == MPI_SUCCESS; i++)
        rc = smpi_irecv(tmps_alloc(&t, i, a), a->count, a->type, children[n - 1 - i], TAG, a->comm,
                        &reqs[i]);
    for (int i = 0; i < n && rc == MPI_SUCCESS; i++) {
        int idx;

        rc = smpi_waitany(n, reqs, &idx, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS && commutative && idx != MPI_UNDEFINED)
            rc = smpi_op_apply(a->op, t.base[idx], acc, a->count, a->type);
    }
    if (rc == MPI_SUCCESS && !commutative)
        rc = knomial_fold(a, rank, children, n, t.base, acc);
    if (rc != MPI_SUCCESS)
        coll__waitall(n, reqs, rc);
    tmps_free(&t);
    free(reqs);
    return rc;
}

/* K-nomial tree (MVAPICH2): each rank posts receives from all its children at once, combines
 * their blocks in arrival order, then isends the result to its parent. The factor k is the
 * mvapich2 selector's (4 until it runs; the first call sets both of SMPI's reduce factors to 4
 * when unset, as SMPI does). Reference: SimGrid 3.32 colls/reduce/reduce-mvapich-knomial.cpp
 * (MVAPICH2's reduce_osu.c). Cost: log_k p (α + (k - 1) n (β + γ)). Needs: see
 * coll__reduce_check_mvapich2_knomial for non-commutative ops. */
int coll__reduce_mvapich2_knomial(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    void *acc = a->rbuf;
    void *acc_block = NULL;
    int *children;
    int parent;
    int n;
    int rc = MPI_SUCCESS;

    if (a->count == 0)
        return MPI_SUCCESS;
    if (rank != a->root)
        acc_block = coll__tmp_alloc(a->count, a->type, &acc);
    if (rank != a->root || a->sbuf != MPI_IN_PLACE)
        rc = copy_n(a->sbuf, acc, a->count, a->type);
    if (coll__run.mv2.reduce_intra_knomial_factor < 0)
        coll__run.mv2.reduce_intra_knomial_factor = MV2_DEFAULT_KNOMIAL_FACTOR;
    if (coll__run.mv2.reduce_inter_knomial_factor < 0)
        coll__run.mv2.reduce_inter_knomial_factor = MV2_DEFAULT_KNOMIAL_FACTOR;
    children =
        knomial_tree(rank, a->root, size, coll__run.mv2.reduce_intra_knomial_factor, &parent, &n);
    if (rc == MPI_SUCCESS && n > 0)
        rc = knomial_gather(a, rank, children, n, acc);
    if (rc == MPI_SUCCESS && rank != a->root) {
        MPI_Request req;

        rc = smpi_isend(acc, a->count, a->type, parent, TAG, a->comm, &req);
        rc = coll__waitall(1, &req, rc);
    }
    free(children);
    free(acc_block);
    return rc;
}

/* Two-level reduce on a single host: small commutative reduces go through the host's
 * communicator to its first rank (linear), which sends the result to the root; anything else
 * is a k-nomial reduce over the whole communicator. The root's in-place block is taken from
 * its receive buffer where SMPI passes the MPI_IN_PLACE marker on. */
static int two_level_one_host(const struct coll_args *a, const struct smpi_smp *smp)
{
    int rank = smpi_comm_rank(a->comm);
    int local_rank = smpi_comm_rank(smp->intra);
    MPI_Aint bytes = (MPI_Aint)a->count * smpi_type_extent(a->type);
    const void *in = input_of(a);
    void *out = NULL;
    void *block = NULL;
    coll_fn *fn = coll__reduce_ompi_basic_linear;
    int rc;

    if (bytes > MV2_INTRA_SHMEM_REDUCE_MSG || !smpi_op_is_commutative(a->op))
        return coll__reduce_mvapich2_knomial(a);
    if (local_rank == 0 && rank != a->root) {
        block = coll__tmp_alloc(a->count, a->type, &out);
    } else if (local_rank == 0) {
        out = a->rbuf;
        if (in == out)
            in = MPI_IN_PLACE;
    }
    if (bytes >= (MPI_Aint)smpi_comm_size(smp->intra) * MV2_SHMEM_COLL_MAX_MSG)
        fn = coll__reduce_mvapich2_knomial;
    rc = run_on(fn, a, in, out, a->count, 0, smp->intra);
    if (rc == MPI_SUCCESS && local_rank == 0 && rank != a->root)
        rc = send_to(out, a->count, a, a->root, TAG + 1);
    else if (rc == MPI_SUCCESS && local_rank != 0 && rank == a->root)
        rc = recv_from(a->rbuf, a->count, a, smp->leader_of[a->root], TAG + 1);
    free(block);
    return rc;
}

/* The leaders' reduce of the two-level reduce: the root's leader reduces into the root's
 * receive buffer (when it is the root) or into its host's partial result, from a copy of it. */
static int two_level_leaders(const struct coll_args *a, const struct smpi_smp *smp, void *partial)
{
    int rank = smpi_comm_rank(a->comm);
    int leader_root = smp->node_of[a->root];
    const void *in = partial;
    void *out = NULL;
    void *copy = NULL;
    void *block = NULL;
    int rc = MPI_SUCCESS;

    if (smpi_comm_rank(smp->leaders) == leader_root) {
        out = rank == a->root ? a->rbuf : partial;
        if (rank != a->root || partial == a->rbuf) {
            block = coll__tmp_alloc(a->count, a->type, &copy);
            rc = copy_n(partial, copy, a->count, a->type);
            in = copy;
        }
    }
    if (rc == MPI_SUCCESS)
        rc = run_on(coll__run.mv2.reduce, a, in, out, a->count, leader_root, smp->leaders);
    free(block);
    return rc;
}

/* Two-level reduce across hosts: reduce on each host to its first rank (the selector's
 * intra-host function; linear, or k-nomial when it is linear and the op is not commutative or
 * the message is large), reduce among the hosts' first ranks to the root's host (the
 * selector's inter-host function), and send the result to the root if another rank of its
 * host holds it. */
static int two_level_hosts(const struct coll_args *a, const struct smpi_smp *smp)
{
    int rank = smpi_comm_rank(a->comm);
    int local_rank = smpi_comm_rank(smp->intra);
    int local_size = smpi_comm_size(smp->intra);
    MPI_Aint bytes = (MPI_Aint)a->count * smpi_type_extent(a->type);
    coll_fn *intra = coll__run.mv2.reduce_intra;
    void *partial = NULL;
    void *block = NULL;
    int rc = MPI_SUCCESS;

    if (local_rank == 0 && local_size > 1)
        block = coll__tmp_alloc(a->count, a->type, &partial);
    if (intra == coll__reduce_ompi_basic_linear &&
        (!smpi_op_is_commutative(a->op) || bytes >= (MPI_Aint)local_size * MV2_SHMEM_COLL_MAX_MSG))
        intra = coll__reduce_mvapich2_knomial;
    if (local_size > 1)
        rc = run_on(intra, a, input_of(a), partial, a->count, 0, smp->intra);
    else
        partial = (void *)input_of(a);
    if (rc == MPI_SUCCESS && local_rank == 0)
        rc = two_level_leaders(a, smp, partial);
    if (rc == MPI_SUCCESS && local_size > 1 && local_rank == 0 && rank != a->root &&
        smpi_comm_rank(smp->leaders) == smp->node_of[a->root])
        rc = send_to(partial, a->count, a, a->root, TAG + 1);
    else if (rc == MPI_SUCCESS && local_size > 1 && local_rank != 0 && rank == a->root)
        rc = recv_from(a->rbuf, a->count, a, smp->leader_of[a->root], TAG + 1);
    free(block);
    return rc;
}

const char *coll__reduce_check_mvapich2_two_level(const struct coll_args *a)
{
    int size = smpi_comm_size(a->comm);
    struct smpi_smp smp;

    if (smpi_op_is_commutative(a->op) || smpi_comm_smp(a->comm, &smp) != MPI_SUCCESS)
        return NULL;
    if (smpi_comm_size(smp.intra) == size)
        return coll__reduce_check_mvapich2_knomial(a);
    for (int r = 1; r < size; r++)
        if (smp.node_of[r] < smp.node_of[r - 1])
            return "a commutative op, or each host's ranks consecutive and the hosts in order";
    if (coll__run.mv2.reduce == coll__reduce_mvapich2_knomial &&
        !knomial_keeps_order(smpi_comm_size(smp.leaders), smp.node_of[a->root],
                             mv2_knomial_factor()))
        return "a commutative op, or a root on host r of h with h - r of one non-zero digit";
    return NULL;
}

/* Two-level (MVAPICH2): a reduce inside each host to its first rank, one among those first
 * ranks to the root's host, and a last message to the root when it is not its host's first
 * rank; on a single host, a linear reduce to the first rank for small commutative messages,
 * else a k-nomial reduce. The intra- and inter-host reduces are those the mvapich2 selector
 * left (reduce__mpich until it runs, set then as SMPI does). Reference: SimGrid 3.32
 * colls/reduce/reduce-mvapich-two-level.cpp (MVAPICH2's reduce_osu.c). Cost: the host's
 * reduce plus the leaders' reduce plus α + n β. Needs: for a non-commutative op, hosts holding
 * consecutive ranks in order (see coll__reduce_check_mvapich2_two_level). */
int coll__reduce_mvapich2_two_level(const struct coll_args *a)
{
    struct smpi_smp smp;
    int rc;

    if (!coll__run.mv2.reduce)
        coll__run.mv2.reduce = reduce_mpich;
    if (!coll__run.mv2.reduce_intra)
        coll__run.mv2.reduce_intra = reduce_mpich;
    rc = coll__smp_init(a->comm, &smp);
    if (rc != MPI_SUCCESS)
        return rc;
    if (smpi_comm_size(smp.intra) == smpi_comm_size(a->comm))
        return two_level_one_host(a, &smp);
    return two_level_hosts(a, &smp);
}
