/* select_mpich: SMPI 3.32's "mpich" selector (colls/smpi_mpich_selector.cpp): MPICH 3's
 * decision logic (src/mpi/coll/{allreduce,alltoall,bcast,reduce,red_scat,allgather,
 * allgatherv}.c of MPICH 3.x, Thakur et al., "Optimization of Collective Communication
 * Operations in MPICH", IJHPCA 19(1), 2005), where SMPI adds its SMP-aware variants: on a
 * communicator that is not already a host or leaders one, bcast, reduce and allreduce first
 * run init_smp and then go hierarchical. The first matching row wins. */
#include "collectives/internal.h"
#include "simcore/simcore.h"

#define ANY COLL_ANY
#define C COLL_WHEN_COMMUTATIVE
#define NC COLL_WHEN_NONCOMMUTATIVE
#define HIER COLL_WHEN_HIER
#define EVEN COLL_WHEN_EVEN
#define POW2 COLL_WHEN_POW2
#define GE_POF2 COLL_WHEN_COUNT_GE_POF2
#define REGULAR COLL_WHEN_REGULAR

/* allreduce__mpich; bytes = type size * count. "MPICH uses SMP algorithms for all
 * commutative ops now": on a hierarchical communicator, init_smp then mvapich2_two_level.
 * Else Rabenseifner (rab_rdb) above 2048 bytes (MPIR_PARAM_ALLREDUCE_SHORT_MSG_SIZE) when
 * count >= pof2 and the op commutes, recursive doubling otherwise. */
static const struct coll_rule mpich_allreduce_rules[] = {
    { .when = HIER | C, .ranks_lt = ANY, .bytes_lt = ANY, .name = "mvapich2_two_level" },
    { .when = C | GE_POF2, .ranks_lt = ANY, .bytes_ge = 2049, .bytes_lt = ANY, .name = "rab_rdb" },
    { .ranks_lt = ANY, .bytes_lt = ANY, .name = "rdb" },
    { .name = NULL },
};

/* alltoall__mpich; bytes = send type size * scount. Bruck below 256 bytes from 8 ranks,
 * the scattered isend/irecv pattern below 32 KiB, then SMPI's reading of MPICH's long-message
 * rule: pair at odd sizes, ring at even ones (MPICH itself uses the pairwise exchange at
 * powers of two and the ring-like exchange elsewhere). */
static const struct coll_rule mpich_alltoall_rules[] = {
    { .ranks_ge = 8, .ranks_lt = ANY, .bytes_lt = 256, .name = "bruck" },
    { .ranks_lt = ANY, .bytes_lt = 32768, .name = "mvapich2_scatter_dest" },
    { .when = COLL_WHEN_ODD, .ranks_lt = ANY, .bytes_lt = ANY, .name = "pair" },
    { .ranks_lt = ANY, .bytes_lt = ANY, .name = "ring" },
    { .name = NULL },
};

/* alltoallv__mpich: "for starters, just keep the original algorithm". */
static const struct coll_rule mpich_alltoallv_rules[] = {
    { .ranks_lt = ANY, .bytes_lt = ANY, .name = "bruck" },
    { .name = NULL },
};

/* barrier__mpich: MPICH's dissemination barrier is SMPI's ompi_bruck. */
static const struct coll_rule mpich_barrier_rules[] = {
    { .ranks_lt = ANY, .bytes_lt = ANY, .name = "ompi_bruck" },
    { .name = NULL },
};

/* bcast__mpich; bytes = type size * count. On a hierarchical communicator, init_smp, then
 * SMP_binomial when every host holds as many ranks. Else binomial below 12 KiB or up to 8
 * ranks (MPICH's one `||`, two rows here), scatter + recursive-doubling allgather below
 * 512 KiB at even sizes, scatter + ring allgather otherwise. */
static const struct coll_rule mpich_bcast_rules[] = {
    { .when = HIER | COLL_WHEN_UNIFORM, .ranks_lt = ANY, .bytes_lt = ANY, .name = "SMP_binomial" },
    { .ranks_lt = ANY, .bytes_lt = 12288, .name = "binomial_tree" },
    { .ranks_lt = 9, .bytes_lt = ANY, .name = "binomial_tree" },
    { .when = EVEN, .ranks_lt = ANY, .bytes_lt = 524288, .name = "scatter_rdb_allgather" },
    { .ranks_lt = ANY, .bytes_lt = ANY, .name = "scatter_LR_allgather" },
    { .name = NULL },
};

/* reduce__mpich; bytes = type size * count. On a hierarchical communicator, init_smp then
 * mvapich2_two_level for commutative ops. Else binomial when count < pof2, below 2048 bytes or
 * for non-commutative ops (MPICH's `||`, three rows), reduce-scatter + gather otherwise. */
static const struct coll_rule mpich_reduce_rules[] = {
    { .when = HIER | C, .ranks_lt = ANY, .bytes_lt = ANY, .name = "mvapich2_two_level" },
    { .when = COLL_WHEN_COUNT_LT_POF2, .ranks_lt = ANY, .bytes_lt = ANY, .name = "binomial" },
    { .ranks_lt = ANY, .bytes_lt = 2048, .name = "binomial" },
    { .when = NC, .ranks_lt = ANY, .bytes_lt = ANY, .name = "binomial" },
    { .ranks_lt = ANY, .bytes_lt = ANY, .name = "scatter_gather" },
    { .name = NULL },
};

/* reduce_scatter__mpich; "bytes" = the sum of the counts, in elements as SMPI counts them.
 * Pairwise exchange above 524288 elements for commutative ops; for non-commutative ones, the
 * power-of-two block-regular algorithm where it applies; recursive doubling otherwise. */
static const struct coll_rule mpich_reduce_scatter_rules[] = {
    { .when = C, .ranks_lt = ANY, .bytes_ge = 524289, .bytes_lt = ANY, .name = "mpich_pair" },
    { .when = NC | POW2 | REGULAR, .ranks_lt = ANY, .bytes_lt = ANY, .name = "mpich_noncomm" },
    { .ranks_lt = ANY, .bytes_lt = ANY, .name = "mpich_rdb" },
    { .name = NULL },
};

/* allgather__mpich; bytes = send type size * scount * size. Recursive doubling at powers of
 * two below 512 KiB, Bruck up to 80 KiB, ring otherwise. */
static const struct coll_rule mpich_allgather_rules[] = {
    { .when = POW2, .ranks_lt = ANY, .bytes_lt = 524288, .name = "rdb" },
    { .ranks_lt = ANY, .bytes_lt = 81921, .name = "bruck" },
    { .ranks_lt = ANY, .bytes_lt = ANY, .name = "ring" },
    { .name = NULL },
};

/* allgatherv__mpich; "bytes" = the sum of the counts, in elements as SMPI counts them. Nothing
 * at all when every count is 0, then allgather__mpich's thresholds with the v-algorithms. */
static const struct coll_rule mpich_allgatherv_rules[] = {
    { .ranks_lt = ANY, .bytes_lt = 1, .name = COLL_NOTHING },
    { .when = POW2, .ranks_lt = ANY, .bytes_lt = 524288, .name = "mpich_rdb" },
    { .ranks_lt = ANY, .bytes_lt = 81921, .name = "ompi_bruck" },
    { .ranks_lt = ANY, .bytes_lt = ANY, .name = "mpich_ring" },
    { .name = NULL },
};

/* gather__mpich: MPICH's binomial gather is SMPI's ompi_binomial. */
static const struct coll_rule mpich_gather_rules[] = {
    { .ranks_lt = ANY, .bytes_lt = ANY, .name = "ompi_binomial" },
    { .name = NULL },
};

/* scatter__mpich: MPICH's binomial scatter is SMPI's ompi_binomial (non-roots pass their
 * receive count and type as send ones: see mpich_prepare). */
static const struct coll_rule mpich_scatter_rules[] = {
    { .ranks_lt = ANY, .bytes_lt = ANY, .name = "ompi_binomial" },
    { .name = NULL },
};

static const struct coll_rule *const mpich_rules[COLL_NKINDS] = {
    [COLL_BARRIER] = mpich_barrier_rules,
    [COLL_BCAST] = mpich_bcast_rules,
    [COLL_REDUCE] = mpich_reduce_rules,
    [COLL_ALLREDUCE] = mpich_allreduce_rules,
    [COLL_ALLTOALL] = mpich_alltoall_rules,
    [COLL_ALLTOALLV] = mpich_alltoallv_rules,
    [COLL_ALLGATHER] = mpich_allgather_rules,
    [COLL_ALLGATHERV] = mpich_allgatherv_rules,
    [COLL_GATHER] = mpich_gather_rules,
    [COLL_SCATTER] = mpich_scatter_rules,
    [COLL_REDUCE_SCATTER] = mpich_reduce_scatter_rules,
};

/* Where SMPI's mpich selector picks an algorithm that cannot run. */
const struct coll_subst coll__subst_mpich[] = {
    /* alltoall, odd sizes above 1 and 32 KiB per block: SMPI's pair throws at sizes that are
     * not powers of two; MPICH runs its ring-like exchange there (receive from rank - i, send
     * to rank + i), which is SMPI's ring. */
    { .kind = COLL_ALLTOALL, .smpi = "pair", .instead = "ring" },
    { .smpi = NULL },
};

void coll__select_mpich_check(void)
{
    for (int k = 0; k < COLL_NKINDS; k++)
        if (mpich_rules[k])
            coll__rules_check(mpich_rules[k], "mpich", (enum coll_kind)k);
}

/* The bytes (or elements) each collective's MPICH rules decide on, as SMPI 3.32 computes them:
 * the block the descriptor counts (coll_call_bytes), except for allgather (the whole gathered
 * buffer) and allgatherv and reduce_scatter (the sum of the counts, in elements). */
static size_t mpich_bytes(enum coll_kind k, const struct coll_args *a, int size)
{
    if (k == COLL_ALLGATHERV || k == COLL_REDUCE_SCATTER)
        return coll__sum(a->rcounts, size);
    if (k == COLL_ALLGATHER)
        return coll_call_bytes(k, a) * (size_t)size;
    return coll_call_bytes(k, a);
}

/* What SMPI's mpich selector does before deciding: init_smp on hierarchical communicators for
 * bcast, reduce and allreduce (then it reads the layout's uniformity); MPI_IN_PLACE restored
 * for reduce_scatter when the send buffer is the receive buffer ("these algorithms handle
 * it"); the receive count and type as send ones for scatter's non-roots, whose send arguments
 * MPI leaves undefined (SMPI also points sbuf at a scratch buffer no algorithm reads). */
static int mpich_prepare(enum coll_kind k, struct coll_args *b, struct coll_facts *f)
{
    struct smpi_smp smp;
    int rc;

    if ((k == COLL_BCAST || k == COLL_REDUCE || k == COLL_ALLREDUCE) && (f->flags & HIER)) {
        rc = coll__smp_init(b->comm, &smp);
        if (rc != MPI_SUCCESS)
            return rc;
        f->flags |= smp.uniform ? COLL_WHEN_UNIFORM : 0;
    }
    if (k == COLL_REDUCE_SCATTER && b->sbuf == b->rbuf)
        b->sbuf = MPI_IN_PLACE;
    if (k == COLL_SCATTER && smpi_comm_rank(b->comm) != b->root) {
        b->scount = b->rcount;
        b->stype = b->rtype;
    }
    return MPI_SUCCESS;
}

const struct coll_algo *coll__pick_mpich(enum coll_kind k, struct coll_args *b)
{
    struct coll_facts f;
    int rc;

    if (!mpich_rules[k])
        return coll_algos(k);
    coll__facts_init(&f, k, b);
    rc = mpich_prepare(k, b, &f);
    sim_assert(rc == MPI_SUCCESS, "init_smp failed on a communicator of size %d", f.ranks);
    f.bytes = mpich_bytes(k, b, f.ranks);
    return coll__rules_pick(mpich_rules[k], &f, k, b);
}
