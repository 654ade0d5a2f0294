/* select_default: SMPI 3.32's "default" selector (colls/smpi_default_selector.cpp), the one
 * SimGrid runs when smpi/coll-selector is not set: mostly the naive patterns of its
 * nonblocking collectives (the smpi_* rows), with a few switches to Open MPI's and MPICH's
 * algorithms where those patterns cannot handle the call. */
#include "collectives/internal.h"

#define ANY COLL_ANY
#define OP COLL_WHEN_OP
#define NC COLL_WHEN_NONCOMMUTATIVE
#define DERIVED COLL_WHEN_DERIVED

/* The collectives where SMPI's <kind>__default always runs one pattern. */
static const struct coll_rule default_barrier_rules[] = {
    { .ranks_lt = ANY, .bytes_lt = ANY, .name = "ompi_basic_linear" },
    { .name = NULL },
};
static const struct coll_rule default_bcast_rules[] = {
    { .ranks_lt = ANY, .bytes_lt = ANY, .name = "binomial_tree" },
    { .name = NULL },
};
static const struct coll_rule default_gather_rules[] = {
    { .ranks_lt = ANY, .bytes_lt = ANY, .name = "smpi_linear" },
    { .name = NULL },
};
static const struct coll_rule default_scatter_rules[] = {
    { .ranks_lt = ANY, .bytes_lt = ANY, .name = "smpi_linear" },
    { .name = NULL },
};
static const struct coll_rule default_allgather_rules[] = {
    { .ranks_lt = ANY, .bytes_lt = ANY, .name = "smpi_linear" },
    { .name = NULL },
};
static const struct coll_rule default_allgatherv_rules[] = {
    { .ranks_lt = ANY, .bytes_lt = ANY, .name = "smpi_linear" },
    { .name = NULL },
};
static const struct coll_rule default_alltoallv_rules[] = {
    { .ranks_lt = ANY, .bytes_lt = ANY, .name = "smpi_linear" },
    { .name = NULL },
};
/* alltoall__default calls alltoall__ompi. */
static const struct coll_rule default_alltoall_rules[] = {
    { .ranks_lt = ANY, .bytes_lt = ANY, .name = "ompi" },
    { .name = NULL },
};

/* reduce__default: "non commutative case, use a working algo from openmpi" — derived types and
 * non-commutative ops go to ompi_basic_linear, unless the op is MPI_OP_NULL. */
static const struct coll_rule default_reduce_rules[] = {
    { .when = OP | DERIVED, .ranks_lt = ANY, .bytes_lt = ANY, .name = "ompi_basic_linear" },
    { .when = OP | NC, .ranks_lt = ANY, .bytes_lt = ANY, .name = "ompi_basic_linear" },
    { .ranks_lt = ANY, .bytes_lt = ANY, .name = "smpi_linear" },
    { .name = NULL },
};

/* allreduce__default: derived types go to allreduce__ompi; otherwise reduce__default to rank 0
 * then bcast__default (the smpi_redbcast row). */
static const struct coll_rule default_allreduce_rules[] = {
    { .when = COLL_WHEN_DERIVED, .ranks_lt = ANY, .bytes_lt = ANY, .name = "ompi" },
    { .ranks_lt = ANY, .bytes_lt = ANY, .name = "smpi_redbcast" },
    { .name = NULL },
};

/* reduce_scatter__default: irregular counts go to reduce_scatter__mpich; otherwise
 * reduce__default to rank 0 then colls::scatterv (the smpi_reduce_scatterv row). */
static const struct coll_rule default_reduce_scatter_rules[] = {
    { .when = COLL_WHEN_IRREGULAR, .ranks_lt = ANY, .bytes_lt = ANY, .name = "mpich" },
    { .ranks_lt = ANY, .bytes_lt = ANY, .name = "smpi_reduce_scatterv" },
    { .name = NULL },
};

static const struct coll_rule *const default_rules[COLL_NKINDS] = {
    [COLL_BARRIER] = default_barrier_rules,
    [COLL_BCAST] = default_bcast_rules,
    [COLL_REDUCE] = default_reduce_rules,
    [COLL_ALLREDUCE] = default_allreduce_rules,
    [COLL_ALLTOALL] = default_alltoall_rules,
    [COLL_ALLTOALLV] = default_alltoallv_rules,
    [COLL_ALLGATHER] = default_allgather_rules,
    [COLL_ALLGATHERV] = default_allgatherv_rules,
    [COLL_GATHER] = default_gather_rules,
    [COLL_SCATTER] = default_scatter_rules,
    [COLL_REDUCE_SCATTER] = default_reduce_scatter_rules,
};

/* Every pattern of the default selector runs wherever SMPI's does. */
const struct coll_subst coll__subst_default[] = {
    { .smpi = NULL },
};

void coll__select_default_check(void)
{
    for (int k = 0; k < COLL_NKINDS; k++)
        if (default_rules[k])
            coll__rules_check(default_rules[k], "default", (enum coll_kind)k);
}

/* The collectives SMPI cannot switch (gatherv, scatterv, alltoallw, scan, exscan) have one
 * implementation, the first row of their table. */
const struct coll_algo *coll__pick_default(enum coll_kind k, struct coll_args *b)
{
    struct coll_facts f;

    if (!default_rules[k])
        return coll_algos(k);
    coll__facts_init(&f, k, b);
    return coll__rules_pick(default_rules[k], &f, k, b);
}
