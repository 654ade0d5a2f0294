/* select_mvapich2: SMPI 3.32's "mvapich2" selector (colls/smpi_mvapich2_selector.cpp) and the
 * tuning tables it carries (smpi_mvapich2_selector_stampede.hpp: MVAPICH2 2.x's tables for
 * TACC's Stampede, MV2_ARCH_INTEL_XEON_E5_2680_16 with MV2_HCA_MLX_CX_FDR; upstream
 * src/mpi/coll/tuning/<collective>_tuning.c). The tables name MVAPICH2's functions; mv2_fns maps
 * each to the algorithm SMPI runs for it. Like SMPI's, the selector leaves the functions and
 * k-nomial factors its two-level algorithms read in coll__run.mv2. The tables themselves are in
 * select_mvapich2_tables.c. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "collectives/internal.h"
#include "collectives/select_mvapich2.h"
#include "simcore/simcore.h"

/* A MVAPICH2 function as SMPI 3.32 maps it (the #defines of the .hpp). */
struct mv2_fn {
    enum coll_kind kind;
    const char *name;              /* the algorithm or selector SMPI runs for it */
    const struct coll_algo *local; /* or this file's row, where SMPI has a function of its own */
    coll_fn *as_fn;                /* a selector's entry point, where coll__run.mv2 may hold it */
};

/* MVAPICH2's names of its functions, by id. */
#define MV2_NAME(f) [MV2(f)] = #f,
static const char *const mv2_names[MV2_NFNS] = { MV2_FUNCTIONS(MV2_NAME) };
#undef MV2_NAME

static int reduce_root0(const struct coll_args *a);
static int never_run(const struct coll_args *a);
static int bcast_by_mpich(const struct coll_args *a);
static int gather_by_mpich(const struct coll_args *a);

/* MVAPICH2 functions that SMPI implements in the selector itself: the allreduce "reduce" steps
 * (colls::reduce to rank 0, which leaves the result on rank 0 only: the two-level allreduce
 * runs them as its intra-node phase) and multicast stubs, which the selector always replaces
 * before anything calls them. */
static const struct coll_algo mv2_reduce_p2p = {
    .name = "MPIR_Allreduce_reduce_p2p_MV2",
    .run = reduce_root0,
    .help = "reduce to rank 0 (colls::reduce)",
};
static const struct coll_algo mv2_reduce_shmem = {
    .name = "MPIR_Allreduce_reduce_shmem_MV2",
    .run = reduce_root0,
    .help = "reduce to rank 0 (colls::reduce)",
};
static const struct coll_algo mv2_mcst_two_level = {
    .name = "MPIR_Allreduce_mcst_reduce_two_level_helper_MV2",
    .run = never_run,
    .help = "multicast stub",
};
static const struct coll_algo mv2_mcst_redscat = {
    .name = "MPIR_Allreduce_mcst_reduce_redscat_gather_MV2",
    .run = never_run,
    .help = "multicast stub",
};
static const struct coll_algo mv2_scatter_mcst = {
    .name = "MPIR_Scatter_mcst_wrap_MV2",
    .run = never_run,
    .help = "multicast stub",
};

static const struct mv2_fn mv2_fns[MV2_NFNS] = {
    [MV2(MPIR_Alltoall_bruck_MV2)] = { .kind = COLL_ALLTOALL, .name = "bruck" },
    [MV2(MPIR_Alltoall_RD_MV2)] = { .kind = COLL_ALLTOALL, .name = "rdb" },
    [MV2(MPIR_Alltoall_Scatter_dest_MV2)] = { .kind = COLL_ALLTOALL,
                                              .name = "mvapich2_scatter_dest" },
    [MV2(MPIR_Alltoall_pairwise_MV2)] = { .kind = COLL_ALLTOALL, .name = "pair" },
    [MV2(MPIR_Alltoall_inplace_MV2)] = { .kind = COLL_ALLTOALL, .name = "ring" },
    [MV2(MPIR_Allgather_Bruck_MV2)] = { .kind = COLL_ALLGATHER, .name = "bruck" },
    [MV2(MPIR_Allgather_RD_MV2)] = { .kind = COLL_ALLGATHER, .name = "rdb" },
    [MV2(MPIR_Allgather_Ring_MV2)] = { .kind = COLL_ALLGATHER, .name = "ring" },
    [MV2(MPIR_2lvl_Allgather_MV2)] = { .kind = COLL_ALLGATHER, .name = "mvapich2_smp" },
    /* SMPI: a stub that sends nothing, after which allgather__mvapich2 returns MPI_ERR_OTHER,
     * which MPI_Allgather drops: no data moves (16 ranks per host, more than 16 ranks, up to
     * 1 KiB). MVAPICH2 runs a recursive doubling there; so does this simulator. */
    [MV2(MPIR_Allgather_RD_Allgather_Comm_MV2)] = { .kind = COLL_ALLGATHER, .name = "rdb" },
    [MV2(MPIR_Gather_MV2_Direct)] = { .kind = COLL_GATHER, .name = "ompi_basic_linear" },
    [MV2(MPIR_Gather_MV2_two_level_Direct)] = { .kind = COLL_GATHER, .name = "mvapich2_two_level" },
    [MV2(MPIR_Gather_intra)] = { .kind = COLL_GATHER, .name = "mpich", .as_fn = gather_by_mpich },
    [MV2(MPIR_Allgatherv_Rec_Doubling_MV2)] = { .kind = COLL_ALLGATHERV, .name = "mpich_rdb" },
    [MV2(MPIR_Allgatherv_Bruck_MV2)] = { .kind = COLL_ALLGATHERV, .name = "ompi_bruck" },
    [MV2(MPIR_Allgatherv_Ring_MV2)] = { .kind = COLL_ALLGATHERV, .name = "mpich_ring" },
    [MV2(MPIR_Allreduce_pt2pt_rd_MV2)] = { .kind = COLL_ALLREDUCE, .name = "rdb" },
    [MV2(MPIR_Allreduce_pt2pt_rs_MV2)] = { .kind = COLL_ALLREDUCE, .name = "mvapich2_rs" },
    [MV2(MPIR_Allreduce_two_level_MV2)] = { .kind = COLL_ALLREDUCE, .name = "mvapich2_two_level" },
    [MV2(MPIR_Allreduce_reduce_p2p_MV2)] = { .kind = COLL_ALLREDUCE, .local = &mv2_reduce_p2p },
    [MV2(MPIR_Allreduce_reduce_shmem_MV2)] = { .kind = COLL_ALLREDUCE, .local = &mv2_reduce_shmem },
    [MV2(MPIR_Allreduce_mcst_reduce_two_level_helper_MV2)] = { .kind = COLL_ALLREDUCE,
                                                               .local = &mv2_mcst_two_level },
    [MV2(MPIR_Allreduce_mcst_reduce_redscat_gather_MV2)] = { .kind = COLL_ALLREDUCE,
                                                             .local = &mv2_mcst_redscat },
    [MV2(MPIR_Pipelined_Bcast_Zcpy_MV2)] = { .kind = COLL_BCAST,
                                             .name = "mpich",
                                             .as_fn = bcast_by_mpich },
    [MV2(MPIR_Pipelined_Bcast_MV2)] = { .kind = COLL_BCAST,
                                        .name = "mpich",
                                        .as_fn = bcast_by_mpich },
    [MV2(MPIR_Shmem_Bcast_MV2)] = { .kind = COLL_BCAST, .name = "mpich", .as_fn = bcast_by_mpich },
    [MV2(MPIR_Bcast_binomial_MV2)] = { .kind = COLL_BCAST, .name = "binomial_tree" },
    [MV2(MPIR_Bcast_scatter_ring_allgather_shm_MV2)] = { .kind = COLL_BCAST,
                                                         .name = "scatter_LR_allgather" },
    [MV2(MPIR_Bcast_scatter_doubling_allgather_MV2)] = { .kind = COLL_BCAST,
                                                         .name = "scatter_rdb_allgather" },
    [MV2(MPIR_Bcast_scatter_ring_allgather_MV2)] = { .kind = COLL_BCAST,
                                                     .name = "scatter_LR_allgather" },
    [MV2(MPIR_Bcast_tune_inter_node_helper_MV2)] = { .kind = COLL_BCAST,
                                                     .name = "mvapich2_inter_node" },
    [MV2(MPIR_Knomial_Bcast_intra_node_MV2)] = { .kind = COLL_BCAST,
                                                 .name = "mvapich2_knomial_intra_node" },
    [MV2(MPIR_Reduce_inter_knomial_wrapper_MV2)] = { .kind = COLL_REDUCE,
                                                     .name = "mvapich2_knomial" },
    [MV2(MPIR_Reduce_intra_knomial_wrapper_MV2)] = { .kind = COLL_REDUCE,
                                                     .name = "mvapich2_knomial" },
    [MV2(MPIR_Reduce_binomial_MV2)] = { .kind = COLL_REDUCE, .name = "binomial" },
    [MV2(MPIR_Reduce_redscat_gather_MV2)] = { .kind = COLL_REDUCE, .name = "scatter_gather" },
    [MV2(MPIR_Reduce_shmem_MV2)] = { .kind = COLL_REDUCE, .name = "ompi_basic_linear" },
    [MV2(MPIR_Reduce_two_level_helper_MV2)] = { .kind = COLL_REDUCE, .name = "mvapich2_two_level" },
    /* SMPI: reduce_scatter__default, the default selector's reduce_scatter */
    [MV2(MPIR_Reduce_Scatter_Basic_MV2)] = { .kind = COLL_REDUCE_SCATTER, .name = "default" },
    [MV2(MPIR_Reduce_scatter_Rec_Halving_MV2)] = { .kind = COLL_REDUCE_SCATTER,
                                                   .name = "ompi_basic_recursivehalving" },
    [MV2(MPIR_Reduce_scatter_Pair_Wise_MV2)] = { .kind = COLL_REDUCE_SCATTER,
                                                 .name = "mpich_pair" },
    [MV2(MPIR_Reduce_scatter_non_comm_MV2)] = { .kind = COLL_REDUCE_SCATTER,
                                                .name = "mpich_noncomm" },
    [MV2(MPIR_Scatter_MV2_Binomial)] = { .kind = COLL_SCATTER, .name = "ompi_binomial" },
    [MV2(MPIR_Scatter_MV2_Direct)] = { .kind = COLL_SCATTER, .name = "ompi_basic_linear" },
    [MV2(MPIR_Scatter_MV2_two_level_Binomial)] = { .kind = COLL_SCATTER,
                                                   .name = "mvapich2_two_level_binomial" },
    [MV2(MPIR_Scatter_MV2_two_level_Direct)] = { .kind = COLL_SCATTER,
                                                 .name = "mvapich2_two_level_direct" },
    [MV2(MPIR_Scatter_mcst_wrap_MV2)] = { .kind = COLL_SCATTER, .local = &mv2_scatter_mcst },
};

/* The algorithms and selectors the selector names itself. */
enum mv2_direct {
    ALLGATHER_MPICH,
    GATHER_MPICH,
    REDUCE_SCATTER_RDB,
    ALLTOALLV_LINEAR,
    ALLTOALLV_RING,
    BARRIER_PAIR,
    NDIRECT,
};
static const struct {
    enum coll_kind kind;
    const char *name;
} direct[NDIRECT] = {
    [ALLGATHER_MPICH] = { .kind = COLL_ALLGATHER, .name = "mpich" },
    [GATHER_MPICH] = { .kind = COLL_GATHER, .name = "mpich" },
    [REDUCE_SCATTER_RDB] = { .kind = COLL_REDUCE_SCATTER, .name = "mpich_rdb" },
    [ALLTOALLV_LINEAR] = { .kind = COLL_ALLTOALLV, .name = "ompi_basic_linear" },
    [ALLTOALLV_RING] = { .kind = COLL_ALLTOALLV, .name = "ring" },
    [BARRIER_PAIR] = { .kind = COLL_BARRIER, .name = "mvapich2_pair" },
};

/* Where SMPI's mvapich2 selector picks an algorithm that cannot run. */
const struct coll_subst coll__subst_mvapich2[] = {
    /* alltoall, 3 ranks above 256 KiB per block (MPIR_Alltoall_pairwise_MV2): SMPI's pair
     * throws at sizes that are not powers of two; MVAPICH2's pairwise exchange runs at any
     * size, one peer per step (send to rank + i, receive from rank - i): SMPI's ring. */
    { .kind = COLL_ALLTOALL, .smpi = "pair", .instead = "ring" },
    /* reduce_scatter, commutative, counts that leave exactly one half of a recursive-halving
     * step empty (MPIR_Reduce_scatter_Rec_Halving_MV2): SMPI's ompi_basic_recursivehalving
     * computes wrong data; MVAPICH2's recursive halving (MPICH's) has no such case. The
     * recursive doubling of MPICH (mpich_rdb) runs instead. */
    { .kind = COLL_REDUCE_SCATTER, .smpi = "ompi_basic_recursivehalving", .instead = "mpich_rdb" },
    { .smpi = NULL },
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

/* bcast__mpich and gather__mpich as coll_fn, for coll__run.mv2. */
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

/* Whether two MVAPICH2 functions are one (SMPI compares function pointers after its #defines:
 * both k-nomial reduce wrappers are reduce__mvapich2_knomial). */
static bool same(enum mv2_fn_id f, enum mv2_fn_id g)
{
    const struct mv2_fn *x = &mv2_fns[f];
    const struct mv2_fn *y = &mv2_fns[g];

    if (f == MV2_NONE || g == MV2_NONE)
        return false;
    if (x->local || y->local)
        return x->local == y->local;
    return x->kind == y->kind && strcmp(x->name, y->name) == 0;
}

static bool is(const struct mv2_elem *e, enum mv2_fn_id g)
{
    return same(e->fn, g);
}

/* The algorithm row of MVAPICH2's function f, which must be one (not a selector). */
static const struct coll_algo *algo_of(enum mv2_fn_id f)
{
    const struct mv2_fn *x = &mv2_fns[f];
    struct coll_target t = { .algo = x->local };

    if (!x->local)
        coll__target_find(&t, x->kind, x->name);
    sim_assert(t.algo, "mvapich2: %s has no function", mv2_names[f]);
    return t.algo;
}

/* A MVAPICH2 function as coll__run.mv2 holds it (NULL for none). */
static coll_fn *fn_of(enum mv2_fn_id f)
{
    if (f == MV2_NONE)
        return NULL;
    if (mv2_fns[f].as_fn)
        return mv2_fns[f].as_fn;
    return algo_of(f)->run;
}

static const struct coll_algo *pick_fn(enum mv2_fn_id f, enum coll_kind k, struct coll_args *b)
{
    const struct mv2_fn *x = &mv2_fns[f];

    return x->local ? x->local : coll__pick_named(k, x->name, b);
}

static const struct coll_algo *pick_direct(enum mv2_direct d, struct coll_args *b)
{
    return coll__pick_named(direct[d].kind, direct[d].name, b);
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
    rc = run_checked(COLL_ALLTOALL, pick_fn(e->fn, COLL_ALLTOALL, &c), &c);
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
        return pick_fn(e->fn, COLL_ALLTOALL, b);
    if (nbytes < row->in_place[0].min || nbytes > row->in_place[0].max)
        return &mv2_alltoall_inplace_copy;
    return pick_fn(row->in_place[0].fn, COLL_ALLTOALL, b);
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
            return pick_fn(MV2(MPIR_Allgather_RD_MV2), COLL_ALLGATHER, b);
        if (smp.blocked)
            return pick_fn(MV2(MPIR_2lvl_Allgather_MV2), COLL_ALLGATHER, b);
        return pick_direct(ALLGATHER_MPICH, b);
    }
    /* SMPI runs the entry when it is Bruck, recursive doubling or ring, and returns
     * MPI_ERR_OTHER without communicating otherwise: only MPIR_Allgather_RD_Allgather_Comm_MV2
     * gets there, which mv2_fns maps to recursive doubling. */
    return pick_fn(row->inter[i].fn, COLL_ALLGATHER, b);
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
        return pick_direct(GATHER_MPICH, b);
    coll__run.mv2.gather_intra_node = fn_of(row->intra[j].fn);
    coll__run.mv2.gather_inter_leader = fn_of(row->inter[i].fn);
    return pick_fn(row->inter[i].fn, COLL_GATHER, b);
}

/* ---- allgatherv ---------------------------------------------------------------------------- */

/* Bytes are the receive type's times the sum of the counts, compared with size * max. */
static const struct coll_algo *pick_allgatherv(struct coll_args *b)
{
    int size = smpi_comm_size(b->comm);
    long nbytes = (long)(coll__sum(b->rcounts, size) * smpi_type_size(b->rtype));
    const struct mv2_row *row = mv2_range(coll__mv2_allgatherv.rows, coll__mv2_allgatherv.n, size);
    const struct mv2_elem *e = &row->inter[mv2_entry(row->inter, row->n_inter, 0, nbytes, size)];

    if (is(e, MV2(MPIR_Allgatherv_Rec_Doubling_MV2)) && !coll__is_pow2(size))
        return pick_fn(MV2(MPIR_Allgatherv_Bruck_MV2), COLL_ALLGATHERV, b);
    return pick_fn(e->fn, COLL_ALLGATHERV, b);
}

/* ---- allreduce ----------------------------------------------------------------------------- */

/* Whether e is one of allreduce's multicast entries. */
static bool is_mcst(const struct mv2_elem *e)
{
    return is(e, MV2(MPIR_Allreduce_mcst_reduce_redscat_gather_MV2)) ||
           is(e, MV2(MPIR_Allreduce_mcst_reduce_two_level_helper_MV2));
}

static const struct coll_algo *pick_allreduce(struct coll_args *b)
{
    long nbytes = (long)coll__bytes(b->count, b->type);
    bool commutative = b->op == MPI_OP_NULL || smpi_op_is_commutative(b->op);
    const struct mv2_row *row;
    enum mv2_fn_id inter;
    struct smpi_smp smp;
    int i = 0;

    if (b->count == 0)
        return &coll__nothing;
    row = mv2_range(coll__mv2_allreduce.rows, coll__mv2_allreduce.n, smpi_comm_size(b->comm));
    /* without multicast, skip the leading multicast entries */
    while (!row->mcast && i < row->n_inter - 1 && is_mcst(&row->inter[i]))
        i++;
    i = mv2_entry(row->inter, row->n_inter, i, nbytes, 1);
    inter = row->inter[i].fn;
    /* multicast is never ready: its entries become recursive doubling */
    if (is_mcst(&row->inter[i]))
        inter = MV2(MPIR_Allreduce_pt2pt_rd_MV2);
    coll__run.mv2.allreduce = fn_of(inter);
    coll__run.mv2.allreduce_intra =
        fn_of(row->intra[mv2_entry(row->intra, row->n_intra, 0, nbytes, 1)].fn);
    if (!row->two_level[i])
        return pick_fn(inter, COLL_ALLREDUCE, b);
    if (!commutative)
        return pick_fn(MV2(MPIR_Allreduce_pt2pt_rd_MV2), COLL_ALLREDUCE, b);
    smp_init(b, &smp);
    return pick_fn(MV2(MPIR_Allreduce_two_level_MV2), COLL_ALLREDUCE, b);
}

/* ---- bcast --------------------------------------------------------------------------------- */

/* bcast__mvapich2's two-level path: MPIR_Bcast_tune_inter_node_helper_MV2 over comm (its result
 * is dropped, as SMPI does), then the intra-node function coll__run.mv2 holds, from each host's
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
    (void)algo_of(MV2(MPIR_Bcast_tune_inter_node_helper_MV2))->run(a);
    c.root = 0;
    c.comm = smp.intra;
    return coll__run.mv2.bcast_intra_node(&c);
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
    coll__run.mv2.bcast = fn_of(row->inter[i].fn);
    coll__run.mv2.bcast_intra_node =
        fn_of(row->intra[mv2_entry(row->intra, row->n_intra, 0, nbytes, 1)].fn);
    if (!coll__run.mv2.bcast_intra_node)
        coll__run.mv2.bcast_intra_node = fn_of(MV2(MPIR_Shmem_Bcast_MV2));
    /* bcast_segment_size and the zcpy factor are read by no SMPI algorithm: not kept */
    coll__run.mv2.inter_node_knomial_factor = row->inter_knomial;
    coll__run.mv2.intra_node_knomial_factor = row->intra_knomial;
    if (row->two_level[i])
        return &mv2_bcast_two_level;
    coll__run.mv2.bcast_intra_node = fn_of(MV2(MPIR_Knomial_Bcast_intra_node_MV2));
    return pick_fn(row->inter[i].fn, COLL_BCAST, b);
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
    coll__run.mv2.reduce_intra =
        fn_of(row->intra[mv2_entry(row->intra, row->n_intra, 0, nbytes, 1)].fn);
    coll__run.mv2.reduce = fn_of(e->fn);
    /* the first call fixes the k-nomial factors */
    if (coll__run.mv2.reduce_intra_knomial_factor < 0)
        coll__run.mv2.reduce_intra_knomial_factor = row->intra_k;
    if (coll__run.mv2.reduce_inter_knomial_factor < 0)
        coll__run.mv2.reduce_inter_knomial_factor = row->inter_k;
    if (row->two_level[e - row->inter]) {
        if (!commutative)
            return pick_fn(MV2(MPIR_Reduce_binomial_MV2), COLL_REDUCE, b);
        smp_init(b, &smp);
        return pick_fn(MV2(MPIR_Reduce_two_level_helper_MV2), COLL_REDUCE, b);
    }
    if (is(e, MV2(MPIR_Reduce_inter_knomial_wrapper_MV2)) && !commutative)
        return pick_fn(MV2(MPIR_Reduce_binomial_MV2), COLL_REDUCE, b);
    if (is(e, MV2(MPIR_Reduce_redscat_gather_MV2)) && b->count < coll__pow2_floor(size))
        return pick_fn(MV2(MPIR_Reduce_binomial_MV2), COLL_REDUCE, b);
    return pick_fn(e->fn, COLL_REDUCE, b);
}

/* ---- reduce_scatter ------------------------------------------------------------------------ */

/* reduce_scatter__mvapich2 for non-commutative ops at powers of two with equal counts: SMPI
 * runs MPIR_Reduce_scatter_non_comm_MV2, drops its result, then runs mpich_rdb anyway (the
 * `else` MVAPICH2 has there is missing). Both run here too; the second one's result stays. */
static int reduce_scatter_noncomm_then_rdb(const struct coll_args *a)
{
    (void)run_checked(COLL_REDUCE_SCATTER, algo_of(MV2(MPIR_Reduce_scatter_non_comm_MV2)), a);
    return run_checked(COLL_REDUCE_SCATTER,
                       coll_find(direct[REDUCE_SCATTER_RDB].kind, direct[REDUCE_SCATTER_RDB].name),
                       a);
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
        return pick_fn(row->inter[mv2_entry(row->inter, row->n_inter, 0, nbytes, 1)].fn,
                       COLL_REDUCE_SCATTER, b);
    }
    for (int i = 0; i + 1 < size; i++)
        regular = regular && b->rcounts[i] == b->rcounts[i + 1];
    if (regular && coll__is_pow2(size))
        return &mv2_reduce_scatter_noncomm_then_rdb;
    return pick_direct(REDUCE_SCATTER_RDB, b);
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
    enum mv2_fn_id f;
    bool partial;
    int i;

    smp_init(b, &smp);
    c = &coll__mv2_scatter[mv2_conf_index(coll__mv2_scatter, &smp, &partial)];
    row = mv2_range(c->rows, c->n, smpi_comm_size(b->comm));
    i = mv2_entry(row->inter, row->n_inter, 0, nbytes, 1);
    f = row->inter[i].fn;
    /* no multicast: the next entry, else the binomial scatter */
    if (is(&row->inter[i], MV2(MPIR_Scatter_mcst_wrap_MV2)))
        f = row->inter[i + 1].fn != MV2_NONE ? row->inter[i + 1].fn
                                             : MV2(MPIR_Scatter_MV2_Binomial);
    coll__run.mv2.scatter = fn_of(f);
    if (!same(f, MV2(MPIR_Scatter_MV2_two_level_Direct)) &&
        !same(f, MV2(MPIR_Scatter_MV2_two_level_Binomial)))
        return pick_fn(f, COLL_SCATTER, b);
    if (!smp.blocked)
        return pick_fn(MV2(MPIR_Scatter_MV2_Binomial), COLL_SCATTER, b);
    coll__run.mv2.scatter_intra =
        fn_of(row->intra[mv2_entry(row->intra, row->n_intra, 0, nbytes, 1)].fn);
    return pick_fn(f, COLL_SCATTER, b);
}

/* ---- the selector -------------------------------------------------------------------------- */

/* Dies unless every entry of rows[0..n) names a function of collective k (or none). */
static void check_elems(const struct mv2_elem *e, int n, enum coll_kind k)
{
    for (int i = 0; i < n; i++)
        if (e[i].fn != MV2_NONE && mv2_fns[e[i].fn].kind != k)
            sim_die("selector 'mvapich2': its %s tables name %s, a %s function", coll_kind_name(k),
                    mv2_names[e[i].fn], coll_kind_name(mv2_fns[e[i].fn].kind));
}

static void check_conf(const struct mv2_conf *c, enum coll_kind k)
{
    for (int i = 0; i < c->n; i++) {
        check_elems(c->rows[i].inter, MV2_MAX, k);
        check_elems(c->rows[i].intra, MV2_MAX, k);
        check_elems(c->rows[i].in_place, 1, k);
    }
}

void coll__select_mvapich2_check(void)
{
    for (int f = MV2_NONE + 1; f < MV2_NFNS; f++) {
        sim_assert(mv2_fns[f].name || mv2_fns[f].local, "mvapich2: %s maps to nothing",
                   mv2_names[f]);
        if (!mv2_fns[f].local)
            coll__target_check("mvapich2", mv2_fns[f].kind, mv2_fns[f].name);
    }
    for (int d = 0; d < NDIRECT; d++)
        coll__target_check("mvapich2", direct[d].kind, direct[d].name);
    for (int c = 0; c < MV2_NCONF; c++) {
        check_conf(&coll__mv2_alltoall[c], COLL_ALLTOALL);
        check_conf(&coll__mv2_allgather[c], COLL_ALLGATHER);
        check_conf(&coll__mv2_scatter[c], COLL_SCATTER);
    }
    check_conf(&coll__mv2_gather, COLL_GATHER);
    check_conf(&coll__mv2_allgatherv, COLL_ALLGATHERV);
    check_conf(&coll__mv2_allreduce, COLL_ALLREDUCE);
    check_conf(&coll__mv2_bcast, COLL_BCAST);
    check_conf(&coll__mv2_reduce, COLL_REDUCE);
    check_conf(&coll__mv2_reduce_scatter, COLL_REDUCE_SCATTER);
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
        return pick_direct(b->sbuf == MPI_IN_PLACE ? ALLTOALLV_LINEAR : ALLTOALLV_RING, b);
    case COLL_BARRIER:
        return pick_direct(BARRIER_PAIR, b);
    default:
        return coll_algos(k);
    }
}
