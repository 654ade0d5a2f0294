/* select_automatic: the `automatic` selector (SMPI 3.32's smpi_automatic_selector.cpp, an
 * exploration aid): each call runs, one after the other, every algorithm and selector SMPI lists
 * for the collective (in its order; simmpi's own table for the collectives SMPI has no automatic
 * for) that can run it, each preceded by a barrier and followed by a reduction of its time to
 * rank 0, as SMPI does; then each rank warns, as SMPI's does, which one was the quickest for it,
 * and rank 0 also which one was globally (longest time over the ranks). The times also go to the
 * collective report (smpi/coll-report). It changes the application's timing, by design. */
#include <stdlib.h>
#include <string.h>

#include "collectives/internal.h"
#include "simcore/simcore.h"

SIM_LOG_SUBCATEGORY(log_auto, "smpi_colls", "smpi"); /* SMPI's category for its algorithms */

/* SMPI 3.32's descriptions of each collective (smpi_coll.cpp), "default" and "automatic" left
 * out: what its automatic selector tries, in this order. */
static const char *const smpi_order[COLL_NKINDS][24] = {
    [COLL_GATHER] = { "ompi", "ompi_basic_linear", "ompi_binomial", "ompi_linear_sync", "mpich",
                      "mvapich2", "mvapich2_two_level", "impi" },
    [COLL_ALLGATHER] = { "2dmesh",     "3dmesh",
                         "bruck",      "GB",
                         "loosely_lr", "NTSLR",
                         "NTSLR_NB",   "pair",
                         "rdb",        "rhv",
                         "ring",       "SMP_NTS",
                         "smp_simple", "spreading_simple",
                         "ompi",       "ompi_neighborexchange",
                         "mvapich2",   "mvapich2_smp",
                         "mpich",      "impi" },
    [COLL_ALLGATHERV] = { "GB", "pair", "ring", "ompi", "ompi_neighborexchange", "ompi_bruck",
                          "mpich", "mpich_rdb", "mpich_ring", "mvapich2", "impi" },
    [COLL_ALLREDUCE] = { "lr",
                         "rab1",
                         "rab2",
                         "rab_rdb",
                         "rdb",
                         "smp_binomial",
                         "smp_binomial_pipeline",
                         "smp_rdb",
                         "smp_rsag",
                         "smp_rsag_lr",
                         "smp_rsag_rab",
                         "redbcast",
                         "ompi",
                         "ompi_ring_segmented",
                         "mpich",
                         "mvapich2",
                         "mvapich2_rs",
                         "mvapich2_two_level",
                         "impi",
                         "rab" },
    [COLL_REDUCE_SCATTER] = { "ompi", "ompi_basic_recursivehalving", "ompi_ring", "ompi_butterfly",
                              "mpich", "mpich_pair", "mpich_rdb", "mpich_noncomm", "mvapich2",
                              "impi" },
    [COLL_SCATTER] = { "ompi", "ompi_basic_linear", "ompi_linear_nb", "ompi_binomial", "mpich",
                       "mvapich2", "mvapich2_two_level_binomial", "mvapich2_two_level_direct",
                       "impi" },
    [COLL_BARRIER] = { "ompi", "ompi_basic_linear", "ompi_two_procs", "ompi_tree", "ompi_bruck",
                       "ompi_recursivedoubling", "ompi_doublering", "mpich_smp", "mpich",
                       "mvapich2_pair", "mvapich2", "impi" },
    [COLL_ALLTOALL] = { "2dmesh", "3dmesh", "basic_linear", "bruck", "pair", "pair_rma",
                        "pair_light_barrier", "pair_mpi_barrier", "pair_one_barrier", "rdb", "ring",
                        "ring_light_barrier", "ring_mpi_barrier", "ring_one_barrier", "mvapich2",
                        "mvapich2_scatter_dest", "ompi", "mpich", "impi" },
    [COLL_ALLTOALLV] = { "bruck", "pair", "pair_light_barrier", "pair_mpi_barrier",
                         "pair_one_barrier", "ring", "ring_light_barrier", "ring_mpi_barrier",
                         "ring_one_barrier", "ompi", "mpich", "ompi_basic_linear", "mvapich2",
                         "impi" },
    [COLL_BCAST] = { "arrival_pattern_aware",
                     "arrival_pattern_aware_wait",
                     "arrival_scatter",
                     "binomial_tree",
                     "flattree",
                     "flattree_pipeline",
                     "NTSB",
                     "NTSL",
                     "NTSL_Isend",
                     "scatter_LR_allgather",
                     "scatter_rdb_allgather",
                     "SMP_binary",
                     "SMP_binomial",
                     "SMP_linear",
                     "ompi",
                     "ompi_split_bintree",
                     "ompi_pipeline",
                     "mpich",
                     "mvapich2",
                     "mvapich2_inter_node",
                     "mvapich2_intra_node",
                     "mvapich2_knomial_intra_node",
                     "impi" },
    [COLL_REDUCE] = { "arrival_pattern_aware", "binomial", "flat_tree", "NTSL", "scatter_gather",
                      "ompi", "ompi_chain", "ompi_pipeline", "ompi_basic_linear",
                      "ompi_in_order_binary", "ompi_binary", "ompi_binomial", "mpich", "mvapich2",
                      "mvapich2_knomial", "mvapich2_two_level", "impi", "rab" },
};

/* Runs `name` (an algorithm or a selector) once between a barrier and a reduction of its time,
 * as SMPI does; returns its result. *mine gets this rank's time, *longest the longest over the
 * ranks (at rank 0 only). */
static int measure(enum coll_kind k, const char *name, const struct coll_args *a, double *mine,
                   double *longest)
{
    struct coll_args bar = { .comm = a->comm };
    double t;
    struct coll_args red = { .sbuf = &t,
                             .rbuf = longest,
                             .count = 1,
                             .type = MPI_DOUBLE,
                             .op = MPI_MAX,
                             .root = 0,
                             .comm = a->comm };
    double t0;
    int rc = coll__call(COLL_BARRIER, "default", &bar);

    t0 = smpi_now();
    if (rc == MPI_SUCCESS)
        rc = coll__call(k, name, a);
    t = smpi_now() - t0;
    *mine = t;
    if (rc == MPI_SUCCESS)
        rc = coll__call(COLL_REDUCE, "default", &red);
    return rc;
}

/* Whether `name` can run this call: a selector always can (it picks among what can), an
 * algorithm when its needs hold. */
static bool can_run(enum coll_kind k, const char *name, const struct coll_args *a)
{
    const struct coll_algo *al = coll_find(k, name);

    if (al)
        return !coll__need_missing(al, k, a);
    return coll__is_selector(name);
}

int coll__automatic(enum coll_kind k, const struct coll_args *args)
{
    struct coll_args a = *args;
    int rank = smpi_comm_rank(a.comm);
    void *block = NULL;
    void *copy = NULL;
    const char *mine = NULL; /* this rank's quickest */
    const char *best = NULL; /* the quickest at its slowest rank (rank 0) */
    double mine_time = 0;
    double best_time = 0;
    int rc = MPI_SUCCESS;
    int n = 0;

    /* an in-place reduce feeds the root's buffer back in: keep the input aside for every run */
    if (k == COLL_REDUCE && rank == a.root && a.sbuf == MPI_IN_PLACE) {
        block = coll__tmp_alloc(a.count, a.type, &copy);
        smpi_type_copy(a.rbuf, a.count, a.type, copy, a.count, a.type);
        a.sbuf = copy;
    }
    for (int i = 0; rc == MPI_SUCCESS; i++) {
        const char *name = smpi_order[k][0] ? smpi_order[k][i] : coll_algos(k)[i].name;
        double t = 0;
        double longest = 0;

        if (!name)
            break;
        if (!can_run(k, name, &a))
            continue;
        rc = measure(k, name, &a, &t, &longest);
        n++;
        if (!mine || t < mine_time) {
            mine = name;
            mine_time = t;
        }
        if (rank != 0)
            continue;
        coll__report_tried(k, &a, name, longest);
        if (!best || longest < best_time) {
            best = name;
            best_time = longest;
        }
    }
    if (n > 0 && rank == 0)
        SIM_LOG(log_auto, SIM_LOG_WARN,
                "For rank 0, the quickest was %s : %f , but global was %s : %f at max", mine,
                mine_time, best, best_time);
    else if (n > 0)
        SIM_LOG(log_auto, SIM_LOG_WARN, "The quickest %s was %s on rank %d and took %f",
                coll_kind_name(k), mine, rank, mine_time);
    free(block);
    return rc;
}
