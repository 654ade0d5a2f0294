/* allgather_smp: the SMP-aware MPI_Allgather algorithms as SMPI 3.32 runs them: loosely_lr,
 * smp_simple, SMP_NTS and MVAPICH2's two-level mvapich2_smp (SimGrid 3.32
 * colls/allgather/allgather-loosely-lr.cpp, allgather-smp-simple.cpp, allgather-SMP-NTS.cpp and
 * allgather-mvapich-smp.cpp). */
#include "collectives/allgather_impl.h"

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
static int smp_groups(const struct coll_blocks *x, struct smp_groups *g)
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
const char *coll__allgather_check_smp_multiple(const struct coll_args *a)
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
static int smp_intra_exchange(const struct coll_blocks *x, const struct smp_groups *g)
{
    int base = g->node * g->cores;
    int rc = coll__blocks_copy_contribution(x);

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
static int lr_round(const struct coll_blocks *x, const struct smp_groups *g, int i,
                    struct lr_reqs *r)
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
int coll__allgather_loosely_lr(const struct coll_args *a)
{
    struct coll_blocks x;
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
    rc = coll__blocks_copy_contribution(&x);
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
static int nts_leader(const struct coll_blocks *x, const struct smp_groups *g)
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
    return coll__waitall_free(2 * n, reqs, rc);
}

/* SMP_NTS, below the leader: receives every other node's blocks from rank - 1 and, but on the
 * node's last rank, passes them on to rank + 1. */
static int nts_chain(const struct coll_blocks *x, const struct smp_groups *g)
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
int coll__allgather_smp_nts(const struct coll_args *a)
{
    struct coll_blocks x;
    struct smp_groups g;
    int rc;

    ag_init(&x, a);
    rc = smp_groups(&x, &g);
    if (rc != MPI_SUCCESS)
        return rc;
    if (x.size <= g.cores)
        return coll__allgather_smpi_linear(a);
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
int coll__allgather_smp_simple(const struct coll_args *a)
{
    struct coll_blocks x;
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
const char *coll__allgather_check_mvapich2_smp(const struct coll_args *a)
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
int coll__allgather_mvapich2_smp(const struct coll_args *a)
{
    struct smpi_smp smp;
    struct coll_blocks x;
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
