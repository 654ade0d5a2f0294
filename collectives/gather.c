/* gather: MPI_Gather algorithms. At the root, block j of a->rbuf (a->rcount elements of
 * a->rtype, j * a->rcount extents in) receives rank j's a->sbuf; MPI_IN_PLACE as the root's
 * a->sbuf means its block is already in place. Costs: p ranks, n bytes gathered in all, b = n / p
 * bytes per block, α latency, β time per byte. */
#include <stdlib.h>

#include "collectives/blocks.h"
#include "simcore/simcore.h"
#include "smpi/mpi/p2p_api.h"

/* Block j of the root's receive buffer. */
static void *rblock(const struct coll_args *a, int j)
{
    return coll__elem(a->rbuf, (MPI_Aint)j * a->rcount, a->rtype);
}

/* The root's own contribution goes straight to its block (nothing to do in place). */
static int copy_own(const struct coll_args *a, int rank)
{
    if (a->sbuf == MPI_IN_PLACE)
        return MPI_SUCCESS;
    return smpi_type_copy(a->sbuf, a->scount, a->stype, rblock(a, rank), a->rcount, a->rtype);
}

/* SMPI's default gather: the nonblocking gather of smpi_nbc_impl.cpp (igather) followed by a
 * wait. Every other rank posts a nonblocking send of its block to the root; the root copies its
 * own block, posts one receive per other rank in rank order and waits for them all.
 * Reference: SimGrid 3.32 colls/smpi_default_selector.cpp (gather__default) and
 * colls/smpi_nbc_impl.cpp (igather). Cost: (p - 1) α + n β at the root, whose receives share its
 * links. Needs: none. */
int coll__gather_smpi_linear(const struct coll_args *a)
{
    return coll__rooted_linear(a, false, false);
}

/* Basic linear: every other rank sends its block with a blocking send; the root receives them
 * one after the other in rank order, with blocking receives.
 * Reference: SimGrid 3.32 colls/gather/gather-ompi.cpp (ompi_basic_linear), from Open MPI
 * coll_base_gather.c (basic_linear). Cost: (p - 1) (α + b β), serialised at the root.
 * Needs: none. */
int coll__gather_ompi_basic_linear(const struct coll_args *a)
{
    return coll__rooted_basic_linear(a, false);
}

/* Where a rank of the binomial gather accumulates its subtree's blocks: `base` holds `held`
 * elements of `type` so far, `per` elements per block; `tmp` is the block to free, if any. */
struct bm_acc {
    void *tmp;
    void *base;
    MPI_Datatype type;
    int per;
    int held;
};

/* Sets up the root's accumulator: the receive buffer itself when the root is rank 0, else a
 * temporary buffer in relative-rank order (own block first), rotated into place at the end. */
static int bm_root_acc(const struct coll_args *a, int rank, int size, struct bm_acc *acc)
{
    const void *own = a->sbuf == MPI_IN_PLACE ? rblock(a, rank) : a->sbuf;
    int owncount = a->sbuf == MPI_IN_PLACE ? a->rcount : a->scount;
    MPI_Datatype owntype = a->sbuf == MPI_IN_PLACE ? a->rtype : a->stype;

    acc->type = a->rtype;
    acc->per = a->rcount;
    acc->held = a->rcount;
    if (a->root == 0) {
        acc->base = a->rbuf;
        return copy_own(a, rank);
    }
    acc->tmp = coll__tmp_alloc(a->rcount * size, a->rtype, &acc->base);
    return smpi_type_copy(own, owncount, owntype, acc->base, a->rcount, a->rtype);
}

/* Puts the root's blocks, in relative-rank order in acc (ranks root..p-1, then 0..root-1),
 * into place. */
static int bm_rotate(const struct coll_args *a, int size, const struct bm_acc *acc)
{
    int head = a->rcount * (size - a->root);
    int rc = smpi_type_copy(acc->base, head, a->rtype, rblock(a, a->root), head, a->rtype);

    if (rc == MPI_SUCCESS)
        rc = smpi_type_copy(coll__elem(acc->base, head, a->rtype), a->rcount * a->root, a->rtype,
                            a->rbuf, a->rcount * a->root, a->rtype);
    return rc;
}

/* Binomial tree: ranks renumbered from the root (vr = rank - root mod p) form Open MPI's
 * in-order binomial tree, whose subtrees hold consecutive relative ranks. A rank receives its
 * children's subtrees one after the other (smallest first, blocking receives) after its own
 * block, then sends everything to its parent in one blocking send; leaves (odd vr) send their
 * block directly. The root rotates the relative-rank order into place unless it is rank 0.
 * Reference: SimGrid 3.32 colls/gather/gather-ompi.cpp (ompi_binomial), from Open MPI
 * coll_base_gather.c (binomial). Cost: ceil(log2 p) α + (p - 1) b β at the root.
 * Needs: none. */
int coll__gather_ompi_binomial(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int vr = (rank - a->root + size) % size;
    struct bm_acc acc = { .base = (void *)a->sbuf, .type = a->stype, .per = a->scount };
    struct coll_tree t;
    int rc = MPI_SUCCESS;

    coll__tree_in_order_bm(&t, rank, size, a->root);
    acc.held = a->scount;
    if (rank == a->root) {
        rc = bm_root_acc(a, rank, size, &acc);
    } else if (vr % 2 == 0) {
        /* an inner rank holds its subtree: min(lowest set bit of vr, p - vr) blocks */
        int blocks = (vr & -vr) < size - vr ? (vr & -vr) : size - vr;

        acc.tmp = coll__tmp_alloc(a->scount * blocks, a->stype, &acc.base);
        rc = smpi_type_copy(a->sbuf, a->scount, a->stype, acc.base, a->scount, a->stype);
    }
    for (int i = 0; i < t.nextsize && rc == MPI_SUCCESS; i++) {
        int vkid = (t.next[i] - a->root + size) % size;
        int n = (vkid - vr < size - vkid ? vkid - vr : size - vkid) * acc.per;

        rc = smpi_recv(coll__elem(acc.base, acc.held, acc.type), n, acc.type, t.next[i],
                       COLL_TAG_GATHER, a->comm, MPI_STATUS_IGNORE);
        acc.held += n;
    }
    if (rc == MPI_SUCCESS && rank != a->root)
        rc = smpi_send(acc.base, acc.held, acc.type, t.prev, COLL_TAG_GATHER, a->comm);
    if (rc == MPI_SUCCESS && rank == a->root && a->root != 0)
        rc = bm_rotate(a, size, &acc);
    free(acc.tmp);
    return rc;
}

/* Open MPI's segment count: how many elements of `tsize` bytes make one segment of about
 * `seg` bytes, or the whole `count` when it is shorter (COLL_TUNED_COMPUTED_SEGCOUNT). */
static int seg_count(size_t seg, size_t tsize, int count)
{
    int n;

    if (seg < tsize || seg >= tsize * (size_t)count)
        return count;
    n = (int)(seg / tsize);
    if (seg - (size_t)n * tsize > tsize / 2)
        n++;
    return n;
}

/* Size of the first segment of the synchronised linear gather: 32 KiB for blocks above 90 KiB,
 * else 1 KiB. */
static size_t sync_first_segment(size_t block)
{
    return block > 92160 ? 32768 : 1024;
}

/* The root's side of the synchronised linear gather: for each other rank in rank order, post a
 * receive for its first segment, release it with an empty blocking send, post a receive for the
 * rest of its block and wait for the first segment only; the rests are waited for together at
 * the end. */
static int linear_sync_root(const struct coll_args *a, int rank, int size)
{
    size_t tsize = smpi_type_size(a->rtype);
    int first = seg_count(sync_first_segment(tsize * (size_t)a->rcount), tsize, a->rcount);
    MPI_Request *rest = coll__reqs_alloc(size);
    int rc = MPI_SUCCESS;

    for (int i = 0; i < size && rc == MPI_SUCCESS; i++) {
        MPI_Request head = MPI_REQUEST_NULL;

        if (i == rank)
            continue;
        rc = smpi_irecv(rblock(a, i), first, a->rtype, i, COLL_TAG_GATHER, a->comm, &head);
        if (rc == MPI_SUCCESS)
            rc = smpi_send(NULL, 0, MPI_BYTE, i, COLL_TAG_GATHER, a->comm);
        if (rc == MPI_SUCCESS)
            rc = smpi_irecv(coll__elem(rblock(a, i), first, a->rtype), a->rcount - first, a->rtype,
                            i, COLL_TAG_GATHER, a->comm, &rest[i]);
        rc = coll__waitall(1, &head, rc);
    }
    if (rc == MPI_SUCCESS)
        rc = copy_own(a, rank);
    return coll__waitall_free(size, rest, rc);
}

/* Synchronised linear: the root asks each rank in turn for its block with an empty message;
 * the rank answers with a first segment (1 KiB, or 32 KiB for blocks above 90 KiB) and the
 * rest of its block, two blocking sends. The root waits for each first segment before it asks
 * the next rank, so at most one rank's first segment is in flight.
 * Reference: SimGrid 3.32 colls/gather/gather-ompi.cpp (ompi_linear_sync), from Open MPI
 * coll_base_gather.c (linear_sync). Cost: (p - 1) (3 α + b β), partly overlapped.
 * Needs: none (the segments are cut by each side's own type size, as in Open MPI, so the send
 * and receive types must cut the block at the same element). */
int coll__gather_ompi_linear_sync(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    size_t tsize = smpi_type_size(a->stype);
    int first;
    int rc;

    if (rank == a->root)
        return linear_sync_root(a, rank, smpi_comm_size(a->comm));
    first = seg_count(sync_first_segment(tsize * (size_t)a->scount), tsize, a->scount);
    rc = smpi_recv(NULL, 0, MPI_BYTE, a->root, COLL_TAG_GATHER, a->comm, MPI_STATUS_IGNORE);
    if (rc == MPI_SUCCESS)
        rc = smpi_send(a->sbuf, first, a->stype, a->root, COLL_TAG_GATHER, a->comm);
    if (rc == MPI_SUCCESS)
        rc = smpi_send(coll__elem(a->sbuf, first, a->stype), a->scount - first, a->stype, a->root,
                       COLL_TAG_GATHER, a->comm);
    return rc;
}

/* SMPI 3.32's two-level gather crashes on a non-uniform layout and when the root is not the
 * first rank of its host, and gathers blocks in host order: refuse those layouts unless there is
 * no data (SMPI then returns before using the layout). */
const char *coll__gather_check_mvapich2_two_level(const struct coll_args *a)
{
    struct smpi_smp smp;

    if (coll__rooted_block_bytes(a, smpi_comm_rank(a->comm), false) == 0)
        return NULL;
    if (smpi_comm_smp(a->comm, &smp) != MPI_SUCCESS)
        return "an intracommunicator";
    if (!smp.in_order)
        return "hosts that hold consecutive ranks, in rank order";
    if (!smp.uniform)
        return "as many ranks on every host (SMPI 3.32 crashes on other layouts)";
    if (smp.leader_of[a->root] != a->root)
        return "a root that is the first rank of its host (SMPI 3.32 crashes on other roots)";
    return NULL;
}

/* Step 1: every host gathers its blocks, as bytes, on its leader (intra rank 0), with the
 * intra-node gather the mvapich2 selector chose, else the mpich selector's. */
static int mv2_gather_intra(const struct coll_args *a, int rank, struct coll_two_level *g)
{
    struct coll_args in = { .sbuf = a->sbuf,
                            .scount = a->scount,
                            .stype = a->stype,
                            .rbuf = g->node_buf,
                            .rcount = (int)g->nbytes,
                            .rtype = MPI_BYTE,
                            .root = 0,
                            .comm = g->smp.intra };

    if (rank == a->root && a->sbuf == MPI_IN_PLACE) {
        in.sbuf = rblock(a, rank);
        in.scount = a->rcount;
        in.stype = a->rtype;
    }
    if (coll__run.mv2.gather_intra_node)
        return coll__run.mv2.gather_intra_node(&in);
    return coll__call(COLL_GATHER, "mpich", &in);
}

/* Step 2: the leaders gather their hosts' blocks on the root's leader: straight into the
 * receive buffer when that leader is the root, else as bytes into a buffer it passes on. */
static int mv2_gather_leaders(const struct coll_args *a, int rank, struct coll_two_level *g)
{
    int size = smpi_comm_size(a->comm);
    int leader_of_root = g->smp.leader_of[a->root];
    struct coll_args up = { .sbuf = g->node_buf,
                            .scount = (int)g->nbytes * g->local_size,
                            .stype = MPI_BYTE,
                            .rbuf = a->rbuf,
                            .rcount = a->rcount * g->local_size,
                            .rtype = a->rtype,
                            .root = g->smp.node_of[a->root],
                            .comm = g->smp.leaders };

    if (a->root != leader_of_root) {
        if (rank == leader_of_root)
            g->leader_buf = sim_xmalloc(g->nbytes * (size_t)size);
        up.rbuf = g->leader_buf;
        up.rcount = up.scount;
        up.rtype = MPI_BYTE;
    }
    if (!g->smp.uniform)
        return coll__two_level_leaders_v(
            g, &up, a->root == leader_of_root ? a->rcount : (int)g->nbytes, false);
    return coll__gather_ompi_basic_linear(&up);
}

/* Two-level gather: each host gathers its blocks on its leader (the intra-node gather of the
 * mvapich2 selector, else the mpich selector's), then the leaders send their hosts' blocks to
 * the root's leader (basic linear over the leaders, or a gatherv when hosts hold different
 * numbers of ranks), which hands them to the root if it is not the root itself.
 * Reference: SimGrid 3.32 colls/gather/gather-mvapich.cpp (mvapich2_two_level), from MVAPICH2
 * gather_osu.c (MPIR_Gather_MV2_two_level_Direct). Cost: the intra-node gather, then
 * (H - 1) (α + (n / H) β) serialised at the root's leader over H hosts.
 * Needs: hosts of consecutive ranks in rank order, as many ranks per host and a root that leads
 * its host (SMPI 3.32 crashes on the last two: it never sets the leader's rank, so the root's
 * leader believes it is not the root of the leaders' gather). */
int coll__gather_mvapich2_two_level(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    struct coll_two_level g;
    int rc = coll__two_level_init(&g, a, false);

    if (rc != MPI_SUCCESS || g.nbytes == 0)
        return rc;
    rc = mv2_gather_intra(a, rank, &g);
    if (rc == MPI_SUCCESS && g.leader)
        rc = mv2_gather_leaders(a, rank, &g);
    if (rc == MPI_SUCCESS && g.leader_buf)
        rc = smpi_send(g.leader_buf, (int)g.nbytes * smpi_comm_size(a->comm), MPI_BYTE, a->root,
                       COLL_TAG_GATHER, a->comm);
    if (rc == MPI_SUCCESS && rank == a->root && !g.leader)
        rc = smpi_recv(a->rbuf, a->rcount * smpi_comm_size(a->comm), a->rtype,
                       g.smp.leader_of[rank], COLL_TAG_GATHER, a->comm, MPI_STATUS_IGNORE);
    coll__two_level_free(&g);
    return rc;
}
