/* scatter: MPI_Scatter algorithms. Rank j receives block j of the root's a->sbuf
 * (a->scount elements of a->stype, j * a->scount extents in) in a->rbuf; MPI_IN_PLACE as the
 * root's a->rbuf means its own block stays where it is. Costs: p ranks, n bytes scattered in all,
 * b = n / p bytes per block, α latency, β time per byte. */
#include <stdlib.h>

#include "collectives/blocks.h"
#include "simcore/simcore.h"
#include "smpi/mpi/p2p_api.h"

/* Block j of the root's send buffer. */
static const void *sblock(const struct coll_args *a, int j)
{
    return coll__elem(a->sbuf, (MPI_Aint)j * a->scount, a->stype);
}

/* The root keeps its own block (nothing to do in place). */
static int copy_own(const struct coll_args *a, int rank)
{
    if (a->rbuf == MPI_IN_PLACE)
        return MPI_SUCCESS;
    return smpi_type_copy(sblock(a, rank), a->scount, a->stype, a->rbuf, a->rcount, a->rtype);
}

/* SMPI's default scatter: the nonblocking scatter of smpi_nbc_impl.cpp (iscatter) followed by
 * a wait. The root copies its own block, posts a nonblocking send to every other rank in rank
 * order and waits for them all; the others post a receive and wait for it.
 * Reference: SimGrid 3.32 colls/smpi_default_selector.cpp (scatter__default) and
 * colls/smpi_nbc_impl.cpp (iscatter). Cost: (p - 1) α + n β at the root, whose sends share its
 * links. Needs: none. */
int coll__scatter_smpi_linear(const struct coll_args *a)
{
    return coll__rooted_linear(a, true, false);
}

/* Basic linear: the root sends each rank its block with a blocking send, in rank order; the
 * others receive it. Reference: SimGrid 3.32 colls/scatter/scatter-ompi.cpp
 * (ompi_basic_linear), from Open MPI coll_base_scatter.c (basic_linear).
 * Cost: (p - 1) (α + b β), serialised at the root. Needs: none. */
int coll__scatter_ompi_basic_linear(const struct coll_args *a)
{
    return coll__rooted_basic_linear(a, true);
}

/* Nonblocking linear: as basic linear, but the root posts every send as a nonblocking send and
 * waits for them all at the end. Reference: SimGrid 3.32 colls/scatter/scatter-ompi.cpp
 * (ompi_linear_nb), from Open MPI coll_base_scatter.c (linear_nb, here without its periodic
 * blocking sends, as in SimGrid). Cost: (p - 1) α + n β at the root. Needs: none. */
int coll__scatter_ompi_linear_nb(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    MPI_Request *reqs;
    int n = 0;
    int rc = MPI_SUCCESS;

    if (rank != a->root)
        return smpi_recv(a->rbuf, a->rcount, a->rtype, a->root, COLL_TAG_SCATTER, a->comm,
                         MPI_STATUS_IGNORE);
    reqs = coll__reqs_alloc(size - 1);
    for (int i = 0; i < size && rc == MPI_SUCCESS; i++)
        rc = i == rank ? copy_own(a, rank)
                       : smpi_isend(sblock(a, i), a->scount, a->stype, i, COLL_TAG_SCATTER, a->comm,
                                    &reqs[n++]);
    return coll__waitall_free(n, reqs, rc);
}

/* What a rank of the binomial scatter forwards: `base` holds the blocks of its subtree in
 * relative-rank order, `per` elements of `type` per block; `tmp` is the block to free, if any. */
struct bm_src {
    void *tmp;
    const void *base;
    MPI_Datatype type;
    int per;
};

/* The root's blocks in relative-rank order: its send buffer when it is rank 0, else a rotated
 * copy (blocks root..p-1, then 0..root-1). Keeps its own block. */
static int bm_root_src(const struct coll_args *a, int size, struct bm_src *src)
{
    int head = a->scount * (size - a->root);
    void *base;
    int rc;

    src->type = a->stype;
    src->per = a->scount;
    src->base = a->sbuf;
    if (a->root == 0)
        return copy_own(a, a->root);
    src->tmp = coll__tmp_alloc(a->scount * size, a->stype, &base);
    src->base = base;
    rc = smpi_type_copy(sblock(a, a->root), head, a->stype, base, head, a->stype);
    if (rc == MPI_SUCCESS)
        rc = smpi_type_copy(a->sbuf, a->scount * a->root, a->stype,
                            coll__elem(base, head, a->stype), a->scount * a->root, a->stype);
    if (rc == MPI_SUCCESS)
        rc = copy_own(a, a->root);
    return rc;
}

/* An inner rank receives its subtree's blocks (min(lowest set bit of vr, p - vr) of them)
 * into a temporary buffer and keeps the first, its own. */
static int bm_inner_src(const struct coll_args *a, int vr, int size, int parent, struct bm_src *src)
{
    int blocks = (vr & -vr) < size - vr ? (vr & -vr) : size - vr;
    void *base;
    int rc;

    src->type = a->rtype;
    src->per = a->rcount;
    src->tmp = coll__tmp_alloc(a->rcount * blocks, a->rtype, &base);
    src->base = base;
    rc = smpi_recv(base, a->rcount * blocks, a->rtype, parent, COLL_TAG_SCATTER, a->comm,
                   MPI_STATUS_IGNORE);
    if (rc == MPI_SUCCESS)
        rc = smpi_type_copy(base, a->rcount, a->rtype, a->rbuf, a->rcount, a->rtype);
    return rc;
}

/* Binomial tree: ranks renumbered from the root (vr = rank - root mod p) form Open MPI's
 * in-order binomial tree, whose subtrees hold consecutive relative ranks. The root (after
 * rotating its blocks into relative-rank order unless it is rank 0) and every inner rank (even
 * vr, after receiving its subtree's blocks from its parent) send each child its subtree's
 * blocks, smallest subtree first, with blocking sends; leaves (odd vr) receive their block.
 * Reference: SimGrid 3.32 colls/scatter/scatter-ompi.cpp (ompi_binomial), from Open MPI
 * coll_base_scatter.c (binomial). Cost: ceil(log2 p) α + (p - 1) b β at the root.
 * Needs: none. */
int coll__scatter_ompi_binomial(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int vr = (rank - a->root + size) % size;
    struct bm_src src = { .tmp = NULL };
    struct coll_tree t;
    int sent;
    int rc;

    coll__tree_in_order_bm(&t, rank, size, a->root);
    if (vr % 2 == 1)
        return smpi_recv(a->rbuf, a->rcount, a->rtype, t.prev, COLL_TAG_SCATTER, a->comm,
                         MPI_STATUS_IGNORE);
    if (rank == a->root)
        rc = bm_root_src(a, size, &src);
    else
        rc = bm_inner_src(a, vr, size, t.prev, &src);
    sent = src.per;
    for (int i = 0; i < t.nextsize && rc == MPI_SUCCESS; i++) {
        int vkid = (t.next[i] - a->root + size) % size;
        int n = (vkid - vr < size - vkid ? vkid - vr : size - vkid) * src.per;

        rc = smpi_send(coll__elem(src.base, sent, src.type), n, src.type, t.next[i],
                       COLL_TAG_SCATTER, a->comm);
        sent += n;
    }
    free(src.tmp);
    return rc;
}

/* The two-level scatters hand blocks out in host order: refuse layouts whose hosts do not hold
 * runs of consecutive ranks in rank order (SMPI 3.32 scatters wrong data there), unless there
 * is no data or a single host (a direct scatter then). */
const char *coll__scatter_check_mvapich2_two_level(const struct coll_args *a)
{
    int size = smpi_comm_size(a->comm);
    struct smpi_smp smp;

    if (coll__rooted_block_bytes(a, smpi_comm_rank(a->comm), true) == 0)
        return NULL;
    if (smpi_comm_smp(a->comm, &smp) != MPI_SUCCESS)
        return "an intracommunicator";
    if (smpi_comm_size(smp.intra) == size || smp.in_order)
        return NULL;
    return "hosts that hold consecutive ranks, in rank order";
}

/* Step 1 when the root does not lead its host: it sends its whole send buffer to its leader,
 * which receives it as bytes. */
static int mv2_scatter_to_leader(const struct coll_args *a, int rank, struct coll_two_level *g)
{
    int size = smpi_comm_size(a->comm);
    int leader_of_root = g->smp.leader_of[a->root];

    if (rank == leader_of_root && rank != a->root) {
        g->leader_buf = sim_xmalloc(g->nbytes * (size_t)size);
        return smpi_recv(g->leader_buf, (int)g->nbytes * size, MPI_BYTE, a->root, COLL_TAG_SCATTER,
                         a->comm, MPI_STATUS_IGNORE);
    }
    if (rank == a->root && rank != leader_of_root)
        return smpi_send(a->sbuf, a->scount * size, a->stype, leader_of_root, COLL_TAG_SCATTER,
                         a->comm);
    return MPI_SUCCESS;
}

/* Step 2: the root's leader scatters each host's blocks to its leader, from the root's send
 * buffer when it is the root, else from the bytes it received; `inter` scatters among the
 * leaders when every host holds as many ranks. */
static int mv2_scatter_leaders(const struct coll_args *a, struct coll_two_level *g, coll_fn *inter)
{
    bool from_root = g->smp.leader_of[a->root] == a->root;
    struct coll_args down = { .sbuf = from_root ? a->sbuf : g->leader_buf,
                              .scount = from_root ? a->scount * g->local_size
                                                  : (int)g->nbytes * g->local_size,
                              .stype = from_root ? a->stype : MPI_BYTE,
                              .rbuf = g->node_buf,
                              .rcount = (int)g->nbytes * g->local_size,
                              .rtype = MPI_BYTE,
                              .root = g->smp.node_of[a->root],
                              .comm = g->smp.leaders };

    if (!g->smp.uniform)
        return coll__two_level_leaders_v(g, &down, from_root ? a->scount : (int)g->nbytes, true);
    return inter(&down);
}

/* Step 3: every leader scatters its host's blocks (bytes) within the host, with the intra-node
 * scatter the mvapich2 selector chose, else the mpich selector's. In place, the root receives
 * its own block into a scratch buffer (SimGrid writes it over the first block of its send
 * buffer instead). */
static int mv2_scatter_intra(const struct coll_args *a, int rank, struct coll_two_level *g)
{
    struct coll_args in = { .sbuf = g->node_buf,
                            .scount = (int)g->nbytes,
                            .stype = MPI_BYTE,
                            .rbuf = a->rbuf,
                            .rcount = a->rcount,
                            .rtype = a->rtype,
                            .root = 0,
                            .comm = g->smp.intra };
    void *scratch = NULL;
    int rc;

    if (rank == a->root && a->rbuf == MPI_IN_PLACE && smpi_comm_rank(g->smp.intra) != 0) {
        scratch = sim_xmalloc(g->nbytes);
        in.rbuf = scratch;
        in.rcount = (int)g->nbytes;
        in.rtype = MPI_BYTE;
    }
    if (coll__run.mv2.scatter_intra)
        rc = coll__run.mv2.scatter_intra(&in);
    else
        rc = coll__call(COLL_SCATTER, "mpich", &in);
    free(scratch);
    return rc;
}

/* Two-level scatter: a root that does not lead its host first sends all its blocks to its
 * leader; the root's leader scatters each host's blocks to that host's leader (`inter` among the
 * leaders, or SMPI's scatterv when hosts hold different numbers of ranks), and every leader then
 * scatters within its host (the intra-node scatter of the mvapich2 selector, else the mpich
 * selector's). All ranks on one host: `direct` scatter over the whole communicator instead.
 * Reference: SimGrid 3.32 colls/scatter/scatter-mvapich-two-level.cpp, from MVAPICH2
 * scatter_osu.c (MPIR_Scatter_MV2_two_level_Binomial and _Direct). Needs: hosts of consecutive
 * ranks in rank order (the blocks travel in host order). */
static int mv2_two_level(const struct coll_args *a, coll_fn *inter)
{
    int rank = smpi_comm_rank(a->comm);
    struct coll_two_level g;
    int rc = coll__two_level_init(&g, a, true);

    if (rc != MPI_SUCCESS || g.nbytes == 0)
        return rc;
    if (g.local_size == smpi_comm_size(a->comm)) {
        coll__two_level_free(&g);
        return coll__scatter_ompi_basic_linear(a);
    }
    rc = mv2_scatter_to_leader(a, rank, &g);
    if (rc == MPI_SUCCESS && g.leader)
        rc = mv2_scatter_leaders(a, &g, inter);
    if (rc == MPI_SUCCESS)
        rc = mv2_scatter_intra(a, rank, &g);
    coll__two_level_free(&g);
    return rc;
}

/* Two-level scatter with Open MPI's binomial scatter among the leaders.
 * Cost: ceil(log2 H) α + (H - 1) (n / H) β among H hosts, then the intra-node scatter. */
int coll__scatter_mvapich2_two_level_binomial(const struct coll_args *a)
{
    return mv2_two_level(a, coll__scatter_ompi_binomial);
}

/* Two-level scatter with the basic linear scatter among the leaders.
 * Cost: (H - 1) (α + (n / H) β) among H hosts, then the intra-node scatter. */
int coll__scatter_mvapich2_two_level_direct(const struct coll_args *a)
{
    return mv2_two_level(a, coll__scatter_ompi_basic_linear);
}
