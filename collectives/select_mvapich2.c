/* select_mvapich2: SMPI 3.32's "mvapich2" selector (colls/smpi_mvapich2_selector.cpp) and the
 * tuning tables it carries (smpi_mvapich2_selector_stampede.hpp: MVAPICH2 2.x's tables for
 * TACC's Stampede, MV2_ARCH_INTEL_XEON_E5_2680_16 with MV2_HCA_MLX_CX_FDR; upstream
 * src/mpi/coll/tuning/<collective>_tuning.c). The tables name MVAPICH2's functions; mv2_fns maps
 * each to the algorithm SMPI runs for it. Like SMPI's, the selector leaves the functions and
 * k-nomial factors its two-level algorithms read in coll__mv2. The tables themselves are in
 * select_mvapich2_tables.c. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "collectives/internal.h"
#include "collectives/select_mvapich2.h"
#include "simcore/simcore.h"

/* A MVAPICH2 function as SMPI 3.32 maps it (the #defines of the .hpp). */
struct mv2_fn {
    const char *mv2; /* MVAPICH2's name, as the tables spell it */
    enum coll_kind kind;
    const char *name;              /* the algorithm or selector SMPI runs for it */
    const struct coll_algo *local; /* or this file's row, where SMPI has a function of its own */
    coll_fn *as_fn;                /* a selector's entry point, where coll__mv2 may hold it */
    struct coll_target to;         /* name or local, resolved by coll_init */
};

static int reduce_root0(const struct coll_args *a);
static int never_run(const struct coll_args *a);
static int bcast_by_mpich(const struct coll_args *a);
static int gather_by_mpich(const struct coll_args *a);

/* MVAPICH2 functions that SMPI implements in the selector itself: the allreduce "reduce" steps
 * (colls::reduce to rank 0, which leaves the result on rank 0 only: the two-level allreduce
 * runs them as its intra-node phase) and multicast stubs, which the selector always replaces
 * before anything calls them. */
static const struct coll_algo mv2_reduce_p2p = { "MPIR_Allreduce_reduce_p2p_MV2", 0, reduce_root0,
                                                 "reduce to rank 0 (colls::reduce)", NULL };
static const struct coll_algo mv2_reduce_shmem = { "MPIR_Allreduce_reduce_shmem_MV2", 0,
                                                   reduce_root0, "reduce to rank 0 (colls::reduce)",
                                                   NULL };
static const struct coll_algo mv2_mcst_two_level = {
    "MPIR_Allreduce_mcst_reduce_two_level_helper_MV2", 0, never_run, "multicast stub", NULL
};
static const struct coll_algo mv2_mcst_redscat = { "MPIR_Allreduce_mcst_reduce_redscat_gather_MV2",
                                                   0, never_run, "multicast stub", NULL };
static const struct coll_algo mv2_scatter_mcst = { "MPIR_Scatter_mcst_wrap_MV2", 0, never_run,
                                                   "multicast stub", NULL };

static struct mv2_fn mv2_fns[] = {
    /* MVAPICH2 function                        collective            SMPI's algorithm */
    { "MPIR_Alltoall_bruck_MV2", COLL_ALLTOALL, "bruck" },
    { "MPIR_Alltoall_RD_MV2", COLL_ALLTOALL, "rdb" },
    { "MPIR_Alltoall_Scatter_dest_MV2", COLL_ALLTOALL, "mvapich2_scatter_dest" },
    { "MPIR_Alltoall_pairwise_MV2", COLL_ALLTOALL, "pair" },
    { "MPIR_Alltoall_inplace_MV2", COLL_ALLTOALL, "ring" },
    { "MPIR_Allgather_Bruck_MV2", COLL_ALLGATHER, "bruck" },
    { "MPIR_Allgather_RD_MV2", COLL_ALLGATHER, "rdb" },
    { "MPIR_Allgather_Ring_MV2", COLL_ALLGATHER, "ring" },
    { "MPIR_2lvl_Allgather_MV2", COLL_ALLGATHER, "mvapich2_smp" },
    /* SMPI: a stub that sends nothing, after which allgather__mvapich2 returns MPI_ERR_OTHER,
     * which MPI_Allgather drops: no data moves (16 ranks per host, more than 16 ranks, up to
     * 1 KiB). MVAPICH2 runs a recursive doubling there; so does this simulator. */
    { "MPIR_Allgather_RD_Allgather_Comm_MV2", COLL_ALLGATHER, "rdb" },
    { "MPIR_Gather_MV2_Direct", COLL_GATHER, "ompi_basic_linear" },
    { "MPIR_Gather_MV2_two_level_Direct", COLL_GATHER, "mvapich2_two_level" },
    { "MPIR_Gather_intra", COLL_GATHER, "mpich", NULL, gather_by_mpich },
    { "MPIR_Allgatherv_Rec_Doubling_MV2", COLL_ALLGATHERV, "mpich_rdb" },
    { "MPIR_Allgatherv_Bruck_MV2", COLL_ALLGATHERV, "ompi_bruck" },
    { "MPIR_Allgatherv_Ring_MV2", COLL_ALLGATHERV, "mpich_ring" },
    { "MPIR_Allreduce_pt2pt_rd_MV2", COLL_ALLREDUCE, "rdb" },
    { "MPIR_Allreduce_pt2pt_rs_MV2", COLL_ALLREDUCE, "mvapich2_rs" },
    { "MPIR_Allreduce_two_level_MV2", COLL_ALLREDUCE, "mvapich2_two_level" },
    { "MPIR_Allreduce_reduce_p2p_MV2", COLL_ALLREDUCE, NULL, &mv2_reduce_p2p },
    { "MPIR_Allreduce_reduce_shmem_MV2", COLL_ALLREDUCE, NULL, &mv2_reduce_shmem },
    { "MPIR_Allreduce_mcst_reduce_two_level_helper_MV2", COLL_ALLREDUCE, NULL,
      &mv2_mcst_two_level },
    { "MPIR_Allreduce_mcst_reduce_redscat_gather_MV2", COLL_ALLREDUCE, NULL, &mv2_mcst_redscat },
    { "MPIR_Pipelined_Bcast_Zcpy_MV2", COLL_BCAST, "mpich", NULL, bcast_by_mpich },
    { "MPIR_Pipelined_Bcast_MV2", COLL_BCAST, "mpich", NULL, bcast_by_mpich },
    { "MPIR_Shmem_Bcast_MV2", COLL_BCAST, "mpich", NULL, bcast_by_mpich },
    { "MPIR_Bcast_binomial_MV2", COLL_BCAST, "binomial_tree" },
    { "MPIR_Bcast_scatter_ring_allgather_shm_MV2", COLL_BCAST, "scatter_LR_allgather" },
    { "MPIR_Bcast_scatter_doubling_allgather_MV2", COLL_BCAST, "scatter_rdb_allgather" },
    { "MPIR_Bcast_scatter_ring_allgather_MV2", COLL_BCAST, "scatter_LR_allgather" },
    { "MPIR_Bcast_tune_inter_node_helper_MV2", COLL_BCAST, "mvapich2_inter_node" },
    { "MPIR_Knomial_Bcast_intra_node_MV2", COLL_BCAST, "mvapich2_knomial_intra_node" },
    { "MPIR_Reduce_inter_knomial_wrapper_MV2", COLL_REDUCE, "mvapich2_knomial" },
    { "MPIR_Reduce_intra_knomial_wrapper_MV2", COLL_REDUCE, "mvapich2_knomial" },
    { "MPIR_Reduce_binomial_MV2", COLL_REDUCE, "binomial" },
    { "MPIR_Reduce_redscat_gather_MV2", COLL_REDUCE, "scatter_gather" },
    { "MPIR_Reduce_shmem_MV2", COLL_REDUCE, "ompi_basic_linear" },
    { "MPIR_Reduce_two_level_helper_MV2", COLL_REDUCE, "mvapich2_two_level" },
    /* SMPI: reduce_scatter__default, the default selector's reduce_scatter */
    { "MPIR_Reduce_Scatter_Basic_MV2", COLL_REDUCE_SCATTER, "default" },
    { "MPIR_Reduce_scatter_Rec_Halving_MV2", COLL_REDUCE_SCATTER, "ompi_basic_recursivehalving" },
    { "MPIR_Reduce_scatter_Pair_Wise_MV2", COLL_REDUCE_SCATTER, "mpich_pair" },
    { "MPIR_Reduce_scatter_non_comm_MV2", COLL_REDUCE_SCATTER, "mpich_noncomm" },
    { "MPIR_Scatter_MV2_Binomial", COLL_SCATTER, "ompi_binomial" },
    { "MPIR_Scatter_MV2_Direct", COLL_SCATTER, "ompi_basic_linear" },
    { "MPIR_Scatter_MV2_two_level_Binomial", COLL_SCATTER, "mvapich2_two_level_binomial" },
    { "MPIR_Scatter_MV2_two_level_Direct", COLL_SCATTER, "mvapich2_two_level_direct" },
    { "MPIR_Scatter_mcst_wrap_MV2", COLL_SCATTER, NULL, &mv2_scatter_mcst },
    { NULL },
};

/* The MVAPICH2 functions the selector itself names (resolved by coll_init). */
static struct {
    const struct mv2_fn *ag_rd, *ag_2lvl, *agv_rd, *agv_bruck;
    const struct mv2_fn *ar_rd, *ar_two_level, *ar_mcst_two_level, *ar_mcst_redscat;
    const struct mv2_fn *bc_inter_node, *bc_knomial_intra, *bc_shmem;
    const struct mv2_fn *red_binomial, *red_knomial, *red_redscat, *red_two_level, *rs_noncomm;
    const struct mv2_fn *sc_binomial, *sc_mcst, *sc_2lvl_direct, *sc_2lvl_binomial;
} fn;

/* Algorithms and selectors the selector names directly (resolved by coll_init). */
static struct {
    struct coll_target allgather_mpich, gather_mpich, reduce_scatter_rdb;
    struct coll_target alltoallv_linear, alltoallv_ring, barrier_pair;
} direct;

/* Where SMPI's mvapich2 selector picks an algorithm that cannot run. */
struct coll_subst coll__subst_mvapich2[] = {
    /* alltoall, 3 ranks above 256 KiB per block (MPIR_Alltoall_pairwise_MV2): SMPI's pair
     * throws at sizes that are not powers of two; MVAPICH2's pairwise exchange runs at any
     * size, one peer per step (send to rank + i, receive from rank - i): SMPI's ring. */
    { COLL_ALLTOALL, "pair", 0, "ring" },
    /* reduce_scatter, commutative, counts that leave exactly one half of a recursive-halving
     * step empty (MPIR_Reduce_scatter_Rec_Halving_MV2): SMPI's ompi_basic_recursivehalving
     * computes wrong data; MVAPICH2's recursive halving (MPICH's) has no such case. The
     * recursive doubling of MPICH (mpich_rdb) runs instead. */
    { COLL_REDUCE_SCATTER, "ompi_basic_recursivehalving", 0, "mpich_rdb" },
    { 0 },
};

/* ---- SMPI's own functions ------------------------------------------------------------------ */

/* MPIR_Allreduce_reduce_{p2p,shmem}_MV2 of the .hpp: colls::reduce to rank 0. */
static int reduce_root0(const struct coll_args *a)
{
    struct coll_args r = *a;

    r.root = 0;
    return coll_run(COLL_REDUCE, &r);
}

static int never_run(const struct coll_args *a)
{
    (void)a;
    sim_assert(false, "a MVAPICH2 multicast stub ran: the mvapich2 selector replaces them");
    return MPI_ERR_INTERN;
}

/* bcast__mpich and gather__mpich as coll_fn, for coll__mv2. */
static int bcast_by_mpich(const struct coll_args *a)
{
    return coll__call(COLL_BCAST, "mpich", a);
}

static int gather_by_mpich(const struct coll_args *a)
{
    return coll__call(COLL_GATHER, "mpich", a);
}

/* Runs algorithm `al` of collective k on a, asserting first that it can. */
static int run_checked(enum coll_kind k, const struct coll_algo *al, const struct coll_args *a)
{
    const char *missing = coll__need_missing(al, k, a);

    sim_assert(!missing, "mvapich2: %s algorithm '%s' needs %s", coll_kind_name(k), al->name,
               missing);
    return al->run(a);
}

/* ---- table lookups (the loops of smpi_mvapich2_selector.cpp) -------------------------------- */

/* The row for `size` ranks: the first whose numproc is >= size, else the last. */
static const struct mv2_row *mv2_range(const struct mv2_row *rows, int n, int size)
{
    int i = 0;

    while (i < n - 1 && size > rows[i].numproc)
        i++;
    return &rows[i];
}

/* The entry for nbytes among e[from..n-1]: the first whose max * scale is >= nbytes or whose
 * max is -1, else the last. */
static int mv2_entry(const struct mv2_elem *e, int n, int from, long nbytes, long scale)
{
    int i = from;

    while (i < n - 1 && nbytes > scale * e[i].max && e[i].max != -1)
        i++;
    return i;
}

/* The layout configuration for a uniform layout whose ranks per host a table covers (SMPI's
 * partial_sub_ok), else the first one. */
static int mv2_conf_index(const struct mv2_conf *confs, const struct smpi_smp *smp, bool *partial)
{
    int local = smpi_comm_size(smp->intra);

    *partial = false;
    if (!smp->uniform)
        return 0;
    for (int i = 0; i < MV2_NCONF; i++)
        if (confs[i].ppn == local) {
            *partial = true;
            return i;
        }
    return 0;
}

/* Whether two MVAPICH2 names stand for one function (SMPI compares function pointers after
 * its #defines: both k-nomial reduce wrappers are reduce__mvapich2_knomial). */
static bool same(const struct mv2_fn *f, const struct mv2_fn *g)
{
    return f && g && f->to.algo == g->to.algo && f->to.sel == g->to.sel;
}

static bool is(const struct mv2_elem *e, const struct mv2_fn *g)
{
    return same(e->f, g);
}

/* A MVAPICH2 function as coll__mv2 holds it (NULL for none). */
static coll_fn *fn_of(const struct mv2_fn *f)
{
    if (!f)
        return NULL;
    if (f->as_fn)
        return f->as_fn;
    sim_assert(f->to.algo, "mvapich2: %s has no function", f->mv2);
    return f->to.algo->run;
}

static const struct coll_algo *pick_fn(const struct mv2_fn *f, enum coll_kind k,
                                       struct coll_args *b)
{
    return coll__target_pick(&f->to, k, b);
}

static int smp_init(const struct coll_args *b, struct smpi_smp *smp)
{
    int rc = coll__smp_init(b->comm, smp);

    sim_assert(rc == MPI_SUCCESS, "init_smp failed on a communicator of size %d",
               smpi_comm_size(b->comm));
    return rc;
}

/* ---- alltoall ------------------------------------------------------------------------------ */

/* The entry alltoall__mvapich2 runs: always the one-rank-per-host table. */
static const struct mv2_elem *alltoall_entry(const struct coll_args *a, const struct mv2_row **row)
{
    long nbytes = (long)coll__bytes(a->scount, a->stype);
    const struct mv2_conf *c = &coll__mv2_alltoall[0];

    *row = mv2_range(c->rows, c->n, smpi_comm_size(a->comm));
    return &(*row)->inter[mv2_entry((*row)->inter, (*row)->n_inter, 0, nbytes, 1)];
}

/* alltoall__mvapich2 on MPI_IN_PLACE outside the in-place entry's bounds: copies the receive
 * buffer and runs the table's choice from the copy. */
static int alltoall_inplace_copy(const struct coll_args *a)
{
    const struct mv2_row *row;
    const struct mv2_elem *e = alltoall_entry(a, &row);
    int n = smpi_comm_size(a->comm) * a->rcount;
    void *base;
    void *tmp = coll__tmp_alloc(n, a->rtype, &base);
    struct coll_args c = *a;
    int rc;

    smpi_type_copy(a->rbuf, n, a->rtype, base, n, a->rtype);
    c.sbuf = base;
    c.scount = a->rcount;
    c.stype = a->rtype;
    rc = run_checked(COLL_ALLTOALL, coll__target_pick(&e->f->to, COLL_ALLTOALL, &c), &c);
    free(tmp);
    return rc;
}

static const struct coll_algo mv2_alltoall_inplace_copy = {
    "mvapich2: copy, then the table's choice", 0, alltoall_inplace_copy,
    "alltoall__mvapich2 on MPI_IN_PLACE: copy the receive buffer first", NULL
};

static const struct coll_algo *pick_alltoall(struct coll_args *b)
{
    const struct mv2_row *row;
    const struct mv2_elem *e = alltoall_entry(b, &row);
    long nbytes = (long)coll__bytes(b->scount, b->stype);

    if (b->sbuf != MPI_IN_PLACE)
        return coll__target_pick(&e->f->to, COLL_ALLTOALL, b);
    if (nbytes < row->in_place[0].min || nbytes > row->in_place[0].max)
        return &mv2_alltoall_inplace_copy;
    return coll__target_pick(&row->in_place[0].f->to, COLL_ALLTOALL, b);
}

/* ---- allgather ----------------------------------------------------------------------------- */

static const struct coll_algo *pick_allgather(struct coll_args *b)
{
    long nbytes = (long)coll__bytes(b->rcount, b->rtype);
    struct smpi_smp smp;
    bool partial;
    const struct mv2_conf *c;
    const struct mv2_row *row;
    int i;

    smp_init(b, &smp);
    c = &coll__mv2_allgather[mv2_conf_index(coll__mv2_allgather, &smp, &partial)];
    row = mv2_range(c->rows, c->n, smpi_comm_size(b->comm));
    i = mv2_entry(row->inter, row->n_inter, 0, nbytes, 1);
    if (row->two_level[i]) {
        if (!partial)
            return pick_fn(fn.ag_rd, COLL_ALLGATHER, b);
        if (smp.blocked)
            return pick_fn(fn.ag_2lvl, COLL_ALLGATHER, b);
        return coll__target_pick(&direct.allgather_mpich, COLL_ALLGATHER, b);
    }
    /* SMPI runs the entry when it is Bruck, recursive doubling or ring, and returns
     * MPI_ERR_OTHER without communicating otherwise: only MPIR_Allgather_RD_Allgather_Comm_MV2
     * gets there, which mv2_fns maps to recursive doubling. */
    return pick_fn(row->inter[i].f, COLL_ALLGATHER, b);
}

/* ---- gather -------------------------------------------------------------------------------- */

/* gather__mvapich2 reads the layout's "blocked" flag without running init_smp: before any
 * init_smp on the communicator it is false and the call goes to gather__mpich. */
static const struct coll_algo *pick_gather(struct coll_args *b)
{
    bool root = smpi_comm_rank(b->comm) == b->root;
    long nbytes =
        (long)(root ? coll__bytes(b->rcount, b->rtype) : coll__bytes(b->scount, b->stype));
    const struct mv2_row *row =
        mv2_range(coll__mv2_gather.rows, coll__mv2_gather.n, smpi_comm_size(b->comm));
    int i = mv2_entry(row->inter, row->n_inter, 0, nbytes, 1);
    int j = mv2_entry(row->intra, row->n_intra, 0, nbytes, 1);

    if (!smpi_comm_smp_blocked_flag(b->comm))
        return coll__target_pick(&direct.gather_mpich, COLL_GATHER, b);
    coll__mv2.gather_intra_node = fn_of(row->intra[j].f);
    coll__mv2.gather_inter_leader = fn_of(row->inter[i].f);
    return pick_fn(row->inter[i].f, COLL_GATHER, b);
}

/* ---- allgatherv ---------------------------------------------------------------------------- */

/* Bytes are the receive type's times the sum of the counts, compared with size * max. */
static const struct coll_algo *pick_allgatherv(struct coll_args *b)
{
    int size = smpi_comm_size(b->comm);
    long nbytes = (long)(coll__sum(b->rcounts, size) * smpi_type_size(b->rtype));
    const struct mv2_row *row = mv2_range(coll__mv2_allgatherv.rows, coll__mv2_allgatherv.n, size);
    const struct mv2_elem *e = &row->inter[mv2_entry(row->inter, row->n_inter, 0, nbytes, size)];

    if (is(e, fn.agv_rd) && !coll__is_pow2(size))
        return pick_fn(fn.agv_bruck, COLL_ALLGATHERV, b);
    return pick_fn(e->f, COLL_ALLGATHERV, b);
}

/* ---- allreduce ----------------------------------------------------------------------------- */

static const struct coll_algo *pick_allreduce(struct coll_args *b)
{
    long nbytes = (long)coll__bytes(b->count, b->type);
    bool commutative = b->op == MPI_OP_NULL || smpi_op_is_commutative(b->op);
    const struct mv2_row *row;
    const struct mv2_fn *inter;
    struct smpi_smp smp;
    int i = 0;

    if (b->count == 0)
        return &coll__nothing;
    row = mv2_range(coll__mv2_allreduce.rows, coll__mv2_allreduce.n, smpi_comm_size(b->comm));
    /* without multicast, skip the leading multicast entries */
    while (!row->mcast && i < row->n_inter - 1 &&
           (is(&row->inter[i], fn.ar_mcst_redscat) || is(&row->inter[i], fn.ar_mcst_two_level)))
        i++;
    i = mv2_entry(row->inter, row->n_inter, i, nbytes, 1);
    inter = row->inter[i].f;
    /* multicast is never ready: its entries become recursive doubling */
    if (is(&row->inter[i], fn.ar_mcst_redscat) || is(&row->inter[i], fn.ar_mcst_two_level))
        inter = fn.ar_rd;
    coll__mv2.allreduce = fn_of(inter);
    coll__mv2.allreduce_intra =
        fn_of(row->intra[mv2_entry(row->intra, row->n_intra, 0, nbytes, 1)].f);
    if (!row->two_level[i])
        return pick_fn(inter, COLL_ALLREDUCE, b);
    if (!commutative)
        return pick_fn(fn.ar_rd, COLL_ALLREDUCE, b);
    smp_init(b, &smp);
    return pick_fn(fn.ar_two_level, COLL_ALLREDUCE, b);
}

/* ---- bcast --------------------------------------------------------------------------------- */

/* bcast__mvapich2's two-level path: MPIR_Bcast_tune_inter_node_helper_MV2 over comm (its result
 * is dropped, as SMPI does), then the intra-node function coll__mv2 holds, from each host's
 * first rank, over the host's communicator. */
static int bcast_two_level(const struct coll_args *a)
{
    struct smpi_smp smp;
    struct coll_args c = *a;
    int rc = smpi_comm_smp(a->comm, &smp);

    if (rc != MPI_SUCCESS)
        return rc;
    /* alone, the inter-node helper only reaches the host leaders; the intra-node step that
     * follows reaches the others */
    (void)fn.bc_inter_node->to.algo->run(a);
    c.root = 0;
    c.comm = smp.intra;
    return coll__mv2.bcast_intra_node(&c);
}

static const struct coll_algo mv2_bcast_two_level = {
    "mvapich2: inter-node helper, then the intra-node function", 0, bcast_two_level,
    "bcast__mvapich2's two-level path", NULL
};

static const struct coll_algo *pick_bcast(struct coll_args *b)
{
    long nbytes = (long)coll__bytes(b->count, b->type);
    const struct mv2_row *row;
    struct smpi_smp smp;
    int i;

    if (b->count == 0)
        return &coll__nothing;
    smp_init(b, &smp);
    row = mv2_range(coll__mv2_bcast.rows, coll__mv2_bcast.n, smpi_comm_size(b->comm));
    i = mv2_entry(row->inter, row->n_inter, 0, nbytes, 1);
    coll__mv2.bcast = fn_of(row->inter[i].f);
    coll__mv2.bcast_intra_node =
        fn_of(row->intra[mv2_entry(row->intra, row->n_intra, 0, nbytes, 1)].f);
    if (!coll__mv2.bcast_intra_node)
        coll__mv2.bcast_intra_node = fn_of(fn.bc_shmem);
    /* bcast_segment_size and the zcpy factor are read by no SMPI algorithm: not kept */
    coll__mv2.inter_node_knomial_factor = row->inter_knomial;
    coll__mv2.intra_node_knomial_factor = row->intra_knomial;
    if (row->two_level[i])
        return &mv2_bcast_two_level;
    coll__mv2.bcast_intra_node = fn_of(fn.bc_knomial_intra);
    return pick_fn(row->inter[i].f, COLL_BCAST, b);
}

/* ---- reduce -------------------------------------------------------------------------------- */

static const struct coll_algo *pick_reduce(struct coll_args *b)
{
    long nbytes = (long)coll__bytes(b->count, b->type);
    bool commutative = b->op == MPI_OP_NULL || smpi_op_is_commutative(b->op);
    int size = smpi_comm_size(b->comm);
    const struct mv2_row *row;
    const struct mv2_elem *e;
    struct smpi_smp smp;

    if (b->count == 0)
        return &coll__nothing;
    row = mv2_range(coll__mv2_reduce.rows, coll__mv2_reduce.n, size);
    e = &row->inter[mv2_entry(row->inter, row->n_inter, 0, nbytes, 1)];
    coll__mv2.reduce_intra = fn_of(row->intra[mv2_entry(row->intra, row->n_intra, 0, nbytes, 1)].f);
    coll__mv2.reduce = fn_of(e->f);
    /* the first call fixes the k-nomial factors */
    if (coll__mv2.reduce_intra_knomial_factor < 0)
        coll__mv2.reduce_intra_knomial_factor = row->intra_k;
    if (coll__mv2.reduce_inter_knomial_factor < 0)
        coll__mv2.reduce_inter_knomial_factor = row->inter_k;
    if (row->two_level[e - row->inter]) {
        if (!commutative)
            return pick_fn(fn.red_binomial, COLL_REDUCE, b);
        smp_init(b, &smp);
        return pick_fn(fn.red_two_level, COLL_REDUCE, b);
    }
    if (is(e, fn.red_knomial) && !commutative)
        return pick_fn(fn.red_binomial, COLL_REDUCE, b);
    if (is(e, fn.red_redscat) && b->count < coll__pow2_floor(size))
        return pick_fn(fn.red_binomial, COLL_REDUCE, b);
    return pick_fn(e->f, COLL_REDUCE, b);
}

/* ---- reduce_scatter ------------------------------------------------------------------------ */

/* reduce_scatter__mvapich2 for non-commutative ops at powers of two with equal counts: SMPI
 * runs MPIR_Reduce_scatter_non_comm_MV2, drops its result, then runs mpich_rdb anyway (the
 * `else` MVAPICH2 has there is missing). Both run here too; the second one's result stays. */
static int reduce_scatter_noncomm_then_rdb(const struct coll_args *a)
{
    (void)run_checked(COLL_REDUCE_SCATTER, fn.rs_noncomm->to.algo, a);
    return run_checked(COLL_REDUCE_SCATTER, direct.reduce_scatter_rdb.algo, a);
}

static const struct coll_algo mv2_reduce_scatter_noncomm_then_rdb = {
    "mvapich2: mpich_noncomm, then mpich_rdb", 0, reduce_scatter_noncomm_then_rdb,
    "reduce_scatter__mvapich2 on a non-commutative op, power-of-two size, equal counts", NULL
};

static const struct coll_algo *pick_reduce_scatter(struct coll_args *b)
{
    int size = smpi_comm_size(b->comm);
    long nbytes = (long)(coll__sum(b->rcounts, size) * smpi_type_size(b->type));
    const struct mv2_row *row;
    bool regular = true;

    if (b->op == MPI_OP_NULL || smpi_op_is_commutative(b->op)) {
        row = mv2_range(coll__mv2_reduce_scatter.rows, coll__mv2_reduce_scatter.n, size);
        return pick_fn(row->inter[mv2_entry(row->inter, row->n_inter, 0, nbytes, 1)].f,
                       COLL_REDUCE_SCATTER, b);
    }
    for (int i = 0; i + 1 < size; i++)
        regular = regular && b->rcounts[i] == b->rcounts[i + 1];
    if (regular && coll__is_pow2(size))
        return &mv2_reduce_scatter_noncomm_then_rdb;
    return coll__target_pick(&direct.reduce_scatter_rdb, COLL_REDUCE_SCATTER, b);
}

/* ---- scatter ------------------------------------------------------------------------------- */

static const struct coll_algo *pick_scatter(struct coll_args *b)
{
    bool root = smpi_comm_rank(b->comm) == b->root;
    long nbytes =
        (long)(root ? coll__bytes(b->scount, b->stype) : coll__bytes(b->rcount, b->rtype));
    struct smpi_smp smp;
    const struct mv2_conf *c;
    const struct mv2_row *row;
    const struct mv2_fn *f;
    bool partial;
    int i;

    smp_init(b, &smp);
    c = &coll__mv2_scatter[mv2_conf_index(coll__mv2_scatter, &smp, &partial)];
    row = mv2_range(c->rows, c->n, smpi_comm_size(b->comm));
    i = mv2_entry(row->inter, row->n_inter, 0, nbytes, 1);
    f = row->inter[i].f;
    /* no multicast: the next entry, else the binomial scatter */
    if (is(&row->inter[i], fn.sc_mcst))
        f = row->inter[i + 1].f ? row->inter[i + 1].f : fn.sc_binomial;
    coll__mv2.scatter = fn_of(f);
    if (!same(f, fn.sc_2lvl_direct) && !same(f, fn.sc_2lvl_binomial))
        return pick_fn(f, COLL_SCATTER, b);
    if (!smp.blocked)
        return pick_fn(fn.sc_binomial, COLL_SCATTER, b);
    coll__mv2.scatter_intra =
        fn_of(row->intra[mv2_entry(row->intra, row->n_intra, 0, nbytes, 1)].f);
    return pick_fn(f, COLL_SCATTER, b);
}

/* ---- the selector -------------------------------------------------------------------------- */

static const struct mv2_fn *mv2_find(const char *mv2, enum coll_kind k)
{
    for (const struct mv2_fn *f = mv2_fns; f->mv2; f++)
        if (strcmp(f->mv2, mv2) == 0 && f->kind == k)
            return f;
    sim_die("selector 'mvapich2': its %s tables name an unknown MVAPICH2 function '%s'",
            coll_kind_name(k), mv2);
}

static void resolve_elems(struct mv2_elem *e, int n, enum coll_kind k)
{
    for (int i = 0; i < n; i++)
        e[i].f = e[i].fn ? mv2_find(e[i].fn, k) : NULL;
}

static void resolve_rows(struct mv2_row *rows, int n, enum coll_kind k)
{
    for (int i = 0; i < n; i++) {
        resolve_elems(rows[i].inter, MV2_MAX, k);
        resolve_elems(rows[i].intra, MV2_MAX, k);
        resolve_elems(rows[i].in_place, 1, k);
    }
}

void coll__select_mvapich2_init(void)
{
    for (struct mv2_fn *f = mv2_fns; f->mv2; f++) {
        if (f->local)
            f->to = (struct coll_target){ .algo = f->local };
        else
            coll__target_resolve(&f->to, "mvapich2", f->kind, f->name);
    }
    for (int c = 0; c < MV2_NCONF; c++) {
        resolve_rows(coll__mv2_alltoall[c].rows, coll__mv2_alltoall[c].n, COLL_ALLTOALL);
        resolve_rows(coll__mv2_allgather[c].rows, coll__mv2_allgather[c].n, COLL_ALLGATHER);
        resolve_rows(coll__mv2_scatter[c].rows, coll__mv2_scatter[c].n, COLL_SCATTER);
    }
    resolve_rows(coll__mv2_gather.rows, coll__mv2_gather.n, COLL_GATHER);
    resolve_rows(coll__mv2_allgatherv.rows, coll__mv2_allgatherv.n, COLL_ALLGATHERV);
    resolve_rows(coll__mv2_allreduce.rows, coll__mv2_allreduce.n, COLL_ALLREDUCE);
    resolve_rows(coll__mv2_bcast.rows, coll__mv2_bcast.n, COLL_BCAST);
    resolve_rows(coll__mv2_reduce.rows, coll__mv2_reduce.n, COLL_REDUCE);
    resolve_rows(coll__mv2_reduce_scatter.rows, coll__mv2_reduce_scatter.n, COLL_REDUCE_SCATTER);
    fn.ag_rd = mv2_find("MPIR_Allgather_RD_MV2", COLL_ALLGATHER);
    fn.ag_2lvl = mv2_find("MPIR_2lvl_Allgather_MV2", COLL_ALLGATHER);
    fn.agv_rd = mv2_find("MPIR_Allgatherv_Rec_Doubling_MV2", COLL_ALLGATHERV);
    fn.agv_bruck = mv2_find("MPIR_Allgatherv_Bruck_MV2", COLL_ALLGATHERV);
    fn.ar_rd = mv2_find("MPIR_Allreduce_pt2pt_rd_MV2", COLL_ALLREDUCE);
    fn.ar_two_level = mv2_find("MPIR_Allreduce_two_level_MV2", COLL_ALLREDUCE);
    fn.ar_mcst_two_level =
        mv2_find("MPIR_Allreduce_mcst_reduce_two_level_helper_MV2", COLL_ALLREDUCE);
    fn.ar_mcst_redscat = mv2_find("MPIR_Allreduce_mcst_reduce_redscat_gather_MV2", COLL_ALLREDUCE);
    fn.bc_inter_node = mv2_find("MPIR_Bcast_tune_inter_node_helper_MV2", COLL_BCAST);
    fn.bc_knomial_intra = mv2_find("MPIR_Knomial_Bcast_intra_node_MV2", COLL_BCAST);
    fn.bc_shmem = mv2_find("MPIR_Shmem_Bcast_MV2", COLL_BCAST);
    fn.red_binomial = mv2_find("MPIR_Reduce_binomial_MV2", COLL_REDUCE);
    fn.red_knomial = mv2_find("MPIR_Reduce_inter_knomial_wrapper_MV2", COLL_REDUCE);
    fn.red_redscat = mv2_find("MPIR_Reduce_redscat_gather_MV2", COLL_REDUCE);
    fn.red_two_level = mv2_find("MPIR_Reduce_two_level_helper_MV2", COLL_REDUCE);
    fn.rs_noncomm = mv2_find("MPIR_Reduce_scatter_non_comm_MV2", COLL_REDUCE_SCATTER);
    fn.sc_binomial = mv2_find("MPIR_Scatter_MV2_Binomial", COLL_SCATTER);
    fn.sc_mcst = mv2_find("MPIR_Scatter_mcst_wrap_MV2", COLL_SCATTER);
    fn.sc_2lvl_direct = mv2_find("MPIR_Scatter_MV2_two_level_Direct", COLL_SCATTER);
    fn.sc_2lvl_binomial = mv2_find("MPIR_Scatter_MV2_two_level_Binomial", COLL_SCATTER);
    coll__target_resolve(&direct.allgather_mpich, "mvapich2", COLL_ALLGATHER, "mpich");
    coll__target_resolve(&direct.gather_mpich, "mvapich2", COLL_GATHER, "mpich");
    coll__target_resolve(&direct.reduce_scatter_rdb, "mvapich2", COLL_REDUCE_SCATTER, "mpich_rdb");
    coll__target_resolve(&direct.alltoallv_linear, "mvapich2", COLL_ALLTOALLV, "ompi_basic_linear");
    coll__target_resolve(&direct.alltoallv_ring, "mvapich2", COLL_ALLTOALLV, "ring");
    coll__target_resolve(&direct.barrier_pair, "mvapich2", COLL_BARRIER, "mvapich2_pair");
}

const struct coll_algo *coll__pick_mvapich2(enum coll_kind k, struct coll_args *b)
{
    switch (k) {
    case COLL_ALLTOALL:
        return pick_alltoall(b);
    case COLL_ALLGATHER:
        return pick_allgather(b);
    case COLL_GATHER:
        return pick_gather(b);
    case COLL_ALLGATHERV:
        return pick_allgatherv(b);
    case COLL_ALLREDUCE:
        return pick_allreduce(b);
    case COLL_BCAST:
        return pick_bcast(b);
    case COLL_REDUCE:
        return pick_reduce(b);
    case COLL_REDUCE_SCATTER:
        return pick_reduce_scatter(b);
    case COLL_SCATTER:
        return pick_scatter(b);
    case COLL_ALLTOALLV:
        /* alltoallv__mvapich2: "for starters, just keep the original algorithm" */
        return coll__target_pick(b->sbuf == MPI_IN_PLACE ? &direct.alltoallv_linear
                                                         : &direct.alltoallv_ring,
                                 COLL_ALLTOALLV, b);
    case COLL_BARRIER:
        return coll__target_pick(&direct.barrier_pair, COLL_BARRIER, b);
    default:
        return coll_algos(k);
    }
}
