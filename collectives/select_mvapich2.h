/* select_mvapich2.h: the shapes of the MVAPICH2 tuning tables that select_mvapich2.c reads and
 * select_mvapich2_tables.c holds. Private to those two files. */
#ifndef COLL_SELECT_MVAPICH2_H
#define COLL_SELECT_MVAPICH2_H

#include <stdbool.h>

#include "collectives/internal.h"

/* The longest row lists 11 entries (SMPI: MV2_MAX_NB_THRESHOLDS, 32). */
#define MV2_MAX 12

/* The MVAPICH2 functions the tables name, as MVAPICH2 spells them: the only list of them,
 * expanded into enum mv2_fn_id, whose ids the tables hold (MV2(name)), and into the names
 * select_mvapich2.c prints. */
#define MV2_FUNCTIONS(X)                                                                           \
    X(MPIR_Alltoall_bruck_MV2)                                                                     \
    X(MPIR_Alltoall_RD_MV2)                                                                        \
    X(MPIR_Alltoall_Scatter_dest_MV2)                                                              \
    X(MPIR_Alltoall_pairwise_MV2)                                                                  \
    X(MPIR_Alltoall_inplace_MV2)                                                                   \
    X(MPIR_Allgather_Bruck_MV2)                                                                    \
    X(MPIR_Allgather_RD_MV2)                                                                       \
    X(MPIR_Allgather_Ring_MV2)                                                                     \
    X(MPIR_2lvl_Allgather_MV2)                                                                     \
    X(MPIR_Allgather_RD_Allgather_Comm_MV2)                                                        \
    X(MPIR_Gather_MV2_Direct)                                                                      \
    X(MPIR_Gather_MV2_two_level_Direct)                                                            \
    X(MPIR_Gather_intra)                                                                           \
    X(MPIR_Allgatherv_Rec_Doubling_MV2)                                                            \
    X(MPIR_Allgatherv_Bruck_MV2)                                                                   \
    X(MPIR_Allgatherv_Ring_MV2)                                                                    \
    X(MPIR_Allreduce_pt2pt_rd_MV2)                                                                 \
    X(MPIR_Allreduce_pt2pt_rs_MV2)                                                                 \
    X(MPIR_Allreduce_two_level_MV2)                                                                \
    X(MPIR_Allreduce_reduce_p2p_MV2)                                                               \
    X(MPIR_Allreduce_reduce_shmem_MV2)                                                             \
    X(MPIR_Allreduce_mcst_reduce_two_level_helper_MV2)                                             \
    X(MPIR_Allreduce_mcst_reduce_redscat_gather_MV2)                                               \
    X(MPIR_Pipelined_Bcast_Zcpy_MV2)                                                               \
    X(MPIR_Pipelined_Bcast_MV2)                                                                    \
    X(MPIR_Shmem_Bcast_MV2)                                                                        \
    X(MPIR_Bcast_binomial_MV2)                                                                     \
    X(MPIR_Bcast_scatter_ring_allgather_shm_MV2)                                                   \
    X(MPIR_Bcast_scatter_doubling_allgather_MV2)                                                   \
    X(MPIR_Bcast_scatter_ring_allgather_MV2)                                                       \
    X(MPIR_Bcast_tune_inter_node_helper_MV2)                                                       \
    X(MPIR_Knomial_Bcast_intra_node_MV2)                                                           \
    X(MPIR_Reduce_inter_knomial_wrapper_MV2)                                                       \
    X(MPIR_Reduce_intra_knomial_wrapper_MV2)                                                       \
    X(MPIR_Reduce_binomial_MV2)                                                                    \
    X(MPIR_Reduce_redscat_gather_MV2)                                                              \
    X(MPIR_Reduce_shmem_MV2)                                                                       \
    X(MPIR_Reduce_two_level_helper_MV2)                                                            \
    X(MPIR_Reduce_Scatter_Basic_MV2)                                                               \
    X(MPIR_Reduce_scatter_Rec_Halving_MV2)                                                         \
    X(MPIR_Reduce_scatter_Pair_Wise_MV2)                                                           \
    X(MPIR_Reduce_scatter_non_comm_MV2)                                                            \
    X(MPIR_Scatter_MV2_Binomial)                                                                   \
    X(MPIR_Scatter_MV2_Direct)                                                                     \
    X(MPIR_Scatter_MV2_two_level_Binomial)                                                         \
    X(MPIR_Scatter_MV2_two_level_Direct)                                                           \
    X(MPIR_Scatter_mcst_wrap_MV2)

#define MV2_FN_ID(f) MV2_ID_##f,
enum mv2_fn_id {
    MV2_NONE, /* an entry without a function */
    MV2_FUNCTIONS(MV2_FN_ID) MV2_NFNS
};
#undef MV2_FN_ID

/* The id of MVAPICH2's function f: MV2(MPIR_Bcast_binomial_MV2). */
#define MV2(f) MV2_ID_##f

/* One entry of a table: up to `max` bytes (-1: no bound), run MVAPICH2's function `fn`. */
struct mv2_elem {
    int min; /* read only by alltoall's in-place test */
    int max;
    enum mv2_fn_id fn;
    int zcpy; /* bcast: zcpy_pipelined_knomial_factor, -1 for none */
};

/* One communicator-size range: the row used for sizes up to numproc (the last row beyond). */
struct mv2_row {
    int numproc;
    int n_inter; /* how many inter entries the lookup considers (size_inter_table) */
    struct mv2_elem inter[MV2_MAX];
    int n_intra;
    struct mv2_elem intra[MV2_MAX];
    struct mv2_elem in_place[1];
    bool two_level[MV2_MAX];
    bool mcast;        /* allreduce: mcast_enabled */
    int segment_size;  /* bcast: bcast_segment_size (read by no SMPI algorithm) */
    int intra_knomial; /* bcast: intra_node_knomial_factor */
    int inter_knomial; /* bcast: inter_node_knomial_factor */
    int inter_k;       /* reduce: inter_k_degree */
    int intra_k;       /* reduce: intra_k_degree */
};

/* A table per host layout: ranks per host, rows. */
struct mv2_conf {
    int ppn;
    const struct mv2_row *rows;
    int n;
};

#define ROWS(t) .rows = t, .n = (int)(sizeof(t) / sizeof((t)[0]))

/* The layouts SMPI's allgather, scatter (and, without ever choosing, alltoall) tables cover:
 * one, two and sixteen ranks per host. */
#define MV2_NCONF 3
extern const struct mv2_conf coll__mv2_alltoall[MV2_NCONF];
extern const struct mv2_conf coll__mv2_allgather[MV2_NCONF];
extern const struct mv2_conf coll__mv2_scatter[MV2_NCONF];
/* The collectives whose tables have no host-layout variants (ppn 0). */
extern const struct mv2_conf coll__mv2_gather;
extern const struct mv2_conf coll__mv2_allgatherv;
extern const struct mv2_conf coll__mv2_allreduce;
extern const struct mv2_conf coll__mv2_bcast;
extern const struct mv2_conf coll__mv2_reduce;
extern const struct mv2_conf coll__mv2_reduce_scatter;

#endif /* COLL_SELECT_MVAPICH2_H */
