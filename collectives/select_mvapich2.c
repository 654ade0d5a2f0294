/* select_mvapich2: SMPI 3.32's "mvapich2" selector (colls/smpi_mvapich2_selector.cpp) and the
 * tuning tables it carries (smpi_mvapich2_selector_stampede.hpp: MVAPICH2 2.x's tables for
 * TACC's Stampede, MV2_ARCH_INTEL_XEON_E5_2680_16 with MV2_HCA_MLX_CX_FDR; upstream
 * src/mpi/coll/tuning/<collective>_tuning.c). The tables name MVAPICH2's functions; mv2_fns maps
 * each to the algorithm SMPI runs for it. Like SMPI's, the selector leaves the functions and
 * k-nomial factors its two-level algorithms read in coll__mv2. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "collectives/internal.h"
#include "simcore/simcore.h"

/* The longest row lists 11 entries (SMPI: MV2_MAX_NB_THRESHOLDS, 32). */
#define MV2_MAX 12

/* A MVAPICH2 function as SMPI 3.32 maps it (the #defines of the .hpp). */
struct mv2_fn {
    const char *mv2; /* MVAPICH2's name, as the tables spell it */
    enum coll_kind kind;
    const char *name;              /* the algorithm or selector SMPI runs for it */
    const struct coll_algo *local; /* or this file's row, where SMPI has a function of its own */
    coll_fn *as_fn;                /* a selector's entry point, where coll__mv2 may hold it */
    struct coll_target to;         /* name or local, resolved by coll_init */
};

/* One entry of a table: up to `max` bytes (-1: no bound), run MVAPICH2's function `fn`. */
struct mv2_elem {
    int min; /* read only by alltoall's in-place test */
    int max;
    const char *fn;         /* NULL: no function */
    int zcpy;               /* bcast: zcpy_pipelined_knomial_factor, -1 for none */
    const struct mv2_fn *f; /* fn, resolved by coll_init */
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
    struct mv2_row *rows;
    int n;
};

#define ROWS(t) t, (int)(sizeof(t) / sizeof((t)[0]))

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

/* clang-format off */
/* alltoall, one rank per host (the only table SMPI 3.32 consults: alltoall__mvapich2 never
 * looks at the host layout, so conf_index stays 0). `in_place` is in_place_algo_table. */
static struct mv2_row mv2_alltoall_1ppn[] = {
    { .numproc = 2,
      .n_inter = 1, .inter = { { 0, -1, "MPIR_Alltoall_pairwise_MV2" } },
      .in_place = { { 0, -1, "MPIR_Alltoall_inplace_MV2" } } },
    { .numproc = 4,
      .n_inter = 2, .inter = { { 0, 262144, "MPIR_Alltoall_Scatter_dest_MV2" },
                               { 262144, -1, "MPIR_Alltoall_pairwise_MV2" } },
      .in_place = { { 0, -1, "MPIR_Alltoall_inplace_MV2" } } },
    { .numproc = 8,
      .n_inter = 2, .inter = { { 0, 8, "MPIR_Alltoall_RD_MV2" },
                               { 8, -1, "MPIR_Alltoall_Scatter_dest_MV2" } },
      .in_place = { { 0, -1, "MPIR_Alltoall_inplace_MV2" } } },
    { .numproc = 16,
      .n_inter = 3, .inter = { { 0, 64, "MPIR_Alltoall_RD_MV2" },
                               { 64, 512, "MPIR_Alltoall_bruck_MV2" },
                               { 512, -1, "MPIR_Alltoall_Scatter_dest_MV2" } },
      .in_place = { { 0, -1, "MPIR_Alltoall_inplace_MV2" } } },
    { .numproc = 32,
      .n_inter = 3, .inter = { { 0, 32, "MPIR_Alltoall_RD_MV2" },
                               { 32, 2048, "MPIR_Alltoall_bruck_MV2" },
                               { 2048, -1, "MPIR_Alltoall_Scatter_dest_MV2" } },
      .in_place = { { 0, -1, "MPIR_Alltoall_inplace_MV2" } } },
    { .numproc = 64,
      .n_inter = 3, .inter = { { 0, 8, "MPIR_Alltoall_RD_MV2" },
                               { 8, 1024, "MPIR_Alltoall_bruck_MV2" },
                               { 1024, -1, "MPIR_Alltoall_Scatter_dest_MV2" } },
      .in_place = { { 0, -1, "MPIR_Alltoall_inplace_MV2" } } },
};

/* alltoall, two ranks per host (never consulted, see above) */
static struct mv2_row mv2_alltoall_2ppn[] = {
    { .numproc = 4,
      .n_inter = 2, .inter = { { 0, 32, "MPIR_Alltoall_RD_MV2" },
                               { 32, -1, "MPIR_Alltoall_Scatter_dest_MV2" } },
      .in_place = { { 0, -1, "MPIR_Alltoall_inplace_MV2" } } },
    { .numproc = 8,
      .n_inter = 2, .inter = { { 0, 64, "MPIR_Alltoall_RD_MV2" },
                               { 64, -1, "MPIR_Alltoall_Scatter_dest_MV2" } },
      .in_place = { { 0, -1, "MPIR_Alltoall_inplace_MV2" } } },
    { .numproc = 16,
      .n_inter = 3, .inter = { { 0, 64, "MPIR_Alltoall_RD_MV2" },
                               { 64, 2048, "MPIR_Alltoall_bruck_MV2" },
                               { 2048, -1, "MPIR_Alltoall_Scatter_dest_MV2" } },
      .in_place = { { 0, -1, "MPIR_Alltoall_inplace_MV2" } } },
    { .numproc = 32,
      .n_inter = 3, .inter = { { 0, 16, "MPIR_Alltoall_RD_MV2" },
                               { 16, 2048, "MPIR_Alltoall_bruck_MV2" },
                               { 2048, -1, "MPIR_Alltoall_Scatter_dest_MV2" } },
      .in_place = { { 0, -1, "MPIR_Alltoall_inplace_MV2" } } },
    { .numproc = 64,
      .n_inter = 3, .inter = { { 0, 8, "MPIR_Alltoall_RD_MV2" },
                               { 8, 1024, "MPIR_Alltoall_bruck_MV2" },
                               { 1024, -1, "MPIR_Alltoall_Scatter_dest_MV2" } },
      .in_place = { { 0, -1, "MPIR_Alltoall_inplace_MV2" } } },
    { .numproc = 128,
      .n_inter = 3, .inter = { { 0, 4, "MPIR_Alltoall_RD_MV2" },
                               { 4, 2048, "MPIR_Alltoall_bruck_MV2" },
                               { 2048, -1, "MPIR_Alltoall_Scatter_dest_MV2" } },
      .in_place = { { 0, -1, "MPIR_Alltoall_inplace_MV2" } } },
};

/* alltoall, sixteen ranks per host (never consulted, see above) */
static struct mv2_row mv2_alltoall_16ppn[] = {
    { .numproc = 16,
      .n_inter = 2, .inter = { { 0, 2048, "MPIR_Alltoall_bruck_MV2" },
                               { 2048, -1, "MPIR_Alltoall_Scatter_dest_MV2" } },
      .in_place = { { 32768, -1, "MPIR_Alltoall_inplace_MV2" } } },
    { .numproc = 32,
      .n_inter = 2, .inter = { { 0, 2048, "MPIR_Alltoall_bruck_MV2" },
                               { 2048, -1, "MPIR_Alltoall_Scatter_dest_MV2" } },
      .in_place = { { 16384, -1, "MPIR_Alltoall_inplace_MV2" } } },
    { .numproc = 64,
      .n_inter = 3, .inter = { { 0, 2048, "MPIR_Alltoall_bruck_MV2" },
                               { 2048, 16384, "MPIR_Alltoall_Scatter_dest_MV2" },
                               { 16384, -1, "MPIR_Alltoall_pairwise_MV2" } },
      .in_place = { { 32768, 131072, "MPIR_Alltoall_inplace_MV2" } } },
    { .numproc = 128,
      .n_inter = 2, .inter = { { 0, 2048, "MPIR_Alltoall_bruck_MV2" },
                               { 2048, -1, "MPIR_Alltoall_pairwise_MV2" } },
      .in_place = { { 16384, 65536, "MPIR_Alltoall_inplace_MV2" } } },
    { .numproc = 256,
      .n_inter = 2, .inter = { { 0, 1024, "MPIR_Alltoall_bruck_MV2" },
                               { 1024, -1, "MPIR_Alltoall_pairwise_MV2" } },
      .in_place = { { 16384, 65536, "MPIR_Alltoall_inplace_MV2" } } },
    { .numproc = 512,
      .n_inter = 2, .inter = { { 0, 1024, "MPIR_Alltoall_bruck_MV2" },
                               { 1024, -1, "MPIR_Alltoall_pairwise_MV2" } },
      .in_place = { { 16384, 65536, "MPIR_Alltoall_inplace_MV2" } } },
    { .numproc = 1024,
      .n_inter = 2, .inter = { { 0, 1024, "MPIR_Alltoall_bruck_MV2" },
                               { 1024, -1, "MPIR_Alltoall_pairwise_MV2" } },
      .in_place = { { 16384, 65536, "MPIR_Alltoall_inplace_MV2" } } },
};

/* allgather, one rank per host; two_level[i] goes with inter[i] */
static struct mv2_row mv2_allgather_1ppn[] = {
    { .numproc = 2,
      .two_level = { false },
      .n_inter = 1, .inter = { { 0, -1, "MPIR_Allgather_Ring_MV2" } } },
    { .numproc = 4,
      .two_level = { false, false },
      .n_inter = 2, .inter = { { 0, 262144, "MPIR_Allgather_RD_MV2" },
                               { 262144, -1, "MPIR_Allgather_Ring_MV2" } } },
    { .numproc = 8,
      .two_level = { false, false },
      .n_inter = 2, .inter = { { 0, 131072, "MPIR_Allgather_RD_MV2" },
                               { 131072, -1, "MPIR_Allgather_Ring_MV2" } } },
    { .numproc = 16,
      .two_level = { false, false },
      .n_inter = 2, .inter = { { 0, 131072, "MPIR_Allgather_RD_MV2" },
                               { 131072, -1, "MPIR_Allgather_Ring_MV2" } } },
    { .numproc = 32,
      .two_level = { false, false },
      .n_inter = 2, .inter = { { 0, 65536, "MPIR_Allgather_RD_MV2" },
                               { 65536, -1, "MPIR_Allgather_Ring_MV2" } } },
    { .numproc = 64,
      .two_level = { false, false },
      .n_inter = 2, .inter = { { 0, 32768, "MPIR_Allgather_RD_MV2" },
                               { 32768, -1, "MPIR_Allgather_Ring_MV2" } } },
};

/* allgather, two ranks per host. Several rows list three entries but declare two
 * (size_inter_table): the third is never reached. */
static struct mv2_row mv2_allgather_2ppn[] = {
    { .numproc = 4,
      .two_level = { false, false },
      .n_inter = 2, .inter = { { 0, 524288, "MPIR_Allgather_RD_MV2" },
                               { 524288, -1, "MPIR_Allgather_Ring_MV2" } } },
    { .numproc = 8,
      .two_level = { false, true, false },
      .n_inter = 2, .inter = { { 0, 32768, "MPIR_Allgather_RD_MV2" },
                               { 32768, 524288, "MPIR_Allgather_Ring_MV2" },
                               { 524288, -1, "MPIR_Allgather_Ring_MV2" } } },
    { .numproc = 16,
      .two_level = { false, true, false },
      .n_inter = 2, .inter = { { 0, 16384, "MPIR_Allgather_RD_MV2" },
                               { 16384, 524288, "MPIR_Allgather_Ring_MV2" },
                               { 524288, -1, "MPIR_Allgather_Ring_MV2" } } },
    { .numproc = 32,
      .two_level = { true, true, false },
      .n_inter = 2, .inter = { { 0, 65536, "MPIR_Allgather_RD_MV2" },
                               { 65536, 524288, "MPIR_Allgather_Ring_MV2" },
                               { 524288, -1, "MPIR_Allgather_Ring_MV2" } } },
    { .numproc = 64,
      .two_level = { true, true, false },
      .n_inter = 2, .inter = { { 0, 32768, "MPIR_Allgather_RD_MV2" },
                               { 32768, 524288, "MPIR_Allgather_Ring_MV2" },
                               { 524288, -1, "MPIR_Allgather_Ring_MV2" } } },
    { .numproc = 128,
      .two_level = { true, true, false },
      .n_inter = 2, .inter = { { 0, 65536, "MPIR_Allgather_RD_MV2" },
                               { 65536, 524288, "MPIR_Allgather_Ring_MV2" },
                               { 524288, -1, "MPIR_Allgather_Ring_MV2" } } },
};

/* allgather, sixteen ranks per host */
static struct mv2_row mv2_allgather_16ppn[] = {
    { .numproc = 16,
      .two_level = { false, false },
      .n_inter = 2, .inter = { { 0, 1024, "MPIR_Allgather_RD_MV2" },
                               { 1024, -1, "MPIR_Allgather_Ring_MV2" } } },
    { .numproc = 32,
      .two_level = { false, false },
      .n_inter = 2, .inter = { { 0, 1024, "MPIR_Allgather_RD_Allgather_Comm_MV2" },
                               { 1024, -1, "MPIR_Allgather_Ring_MV2" } } },
    { .numproc = 64,
      .two_level = { false, false },
      .n_inter = 2, .inter = { { 0, 1024, "MPIR_Allgather_RD_Allgather_Comm_MV2" },
                               { 1024, -1, "MPIR_Allgather_Ring_MV2" } } },
    { .numproc = 128,
      .two_level = { false, false },
      .n_inter = 2, .inter = { { 0, 1024, "MPIR_Allgather_RD_Allgather_Comm_MV2" },
                               { 1024, -1, "MPIR_Allgather_Ring_MV2" } } },
    { .numproc = 256,
      .two_level = { false, false },
      .n_inter = 2, .inter = { { 0, 1024, "MPIR_Allgather_RD_Allgather_Comm_MV2" },
                               { 1024, -1, "MPIR_Allgather_Ring_MV2" } } },
    { .numproc = 512,
      .two_level = { false, false },
      .n_inter = 2, .inter = { { 0, 1024, "MPIR_Allgather_RD_Allgather_Comm_MV2" },
                               { 1024, -1, "MPIR_Allgather_Ring_MV2" } } },
};

/* gather (no host-layout variants). The 64-rank row's third entry starts at 256 where the
 * second ends at 16384: MVAPICH2's data, kept (the lookup only reads the upper bounds). */
static struct mv2_row mv2_gather[] = {
    { .numproc = 16,
      .n_inter = 2, .inter = { { 0, 524288, "MPIR_Gather_MV2_Direct" },
                               { 524288, -1, "MPIR_Gather_intra" } },
      .n_intra = 1, .intra = { { 0, -1, "MPIR_Gather_MV2_Direct" } } },
    { .numproc = 32,
      .n_inter = 3, .inter = { { 0, 16384, "MPIR_Gather_MV2_Direct" },
                               { 16384, 131072, "MPIR_Gather_intra" },
                               { 131072, -1, "MPIR_Gather_MV2_two_level_Direct" } },
      .n_intra = 1, .intra = { { 0, -1, "MPIR_Gather_intra" } } },
    { .numproc = 64,
      .n_inter = 3, .inter = { { 0, 256, "MPIR_Gather_MV2_two_level_Direct" },
                               { 256, 16384, "MPIR_Gather_MV2_Direct" },
                               { 256, -1, "MPIR_Gather_MV2_two_level_Direct" } },
      .n_intra = 1, .intra = { { 0, -1, "MPIR_Gather_intra" } } },
    { .numproc = 128,
      .n_inter = 3, .inter = { { 0, 512, "MPIR_Gather_MV2_two_level_Direct" },
                               { 512, 16384, "MPIR_Gather_MV2_Direct" },
                               { 16384, -1, "MPIR_Gather_MV2_two_level_Direct" } },
      .n_intra = 1, .intra = { { 0, -1, "MPIR_Gather_intra" } } },
    { .numproc = 256,
      .n_inter = 3, .inter = { { 0, 512, "MPIR_Gather_MV2_two_level_Direct" },
                               { 512, 16384, "MPIR_Gather_MV2_Direct" },
                               { 16384, -1, "MPIR_Gather_MV2_two_level_Direct" } },
      .n_intra = 1, .intra = { { 0, -1, "MPIR_Gather_intra" } } },
    { .numproc = 512,
      .n_inter = 3, .inter = { { 0, 512, "MPIR_Gather_MV2_two_level_Direct" },
                               { 512, 16384, "MPIR_Gather_MV2_Direct" },
                               { 8196, -1, "MPIR_Gather_MV2_two_level_Direct" } },
      .n_intra = 1, .intra = { { 0, -1, "MPIR_Gather_intra" } } },
    { .numproc = 1024,
      .n_inter = 3, .inter = { { 0, 512, "MPIR_Gather_MV2_two_level_Direct" },
                               { 512, 16384, "MPIR_Gather_MV2_Direct" },
                               { 8196, -1, "MPIR_Gather_MV2_two_level_Direct" } },
      .n_intra = 1, .intra = { { 0, -1, "MPIR_Gather_intra" } } },
};

/* allgatherv; its lookup compares the bytes with size * max */
static struct mv2_row mv2_allgatherv[] = {
    { .numproc = 16,
      .n_inter = 2, .inter = { { 0, 512, "MPIR_Allgatherv_Rec_Doubling_MV2" },
                               { 512, -1, "MPIR_Allgatherv_Ring_MV2" } } },
    { .numproc = 32,
      .n_inter = 2, .inter = { { 0, 512, "MPIR_Allgatherv_Rec_Doubling_MV2" },
                               { 512, -1, "MPIR_Allgatherv_Ring_MV2" } } },
    { .numproc = 64,
      .n_inter = 2, .inter = { { 0, 256, "MPIR_Allgatherv_Rec_Doubling_MV2" },
                               { 256, -1, "MPIR_Allgatherv_Ring_MV2" } } },
    { .numproc = 128,
      .n_inter = 2, .inter = { { 0, 256, "MPIR_Allgatherv_Rec_Doubling_MV2" },
                               { 256, -1, "MPIR_Allgatherv_Ring_MV2" } } },
    { .numproc = 256,
      .n_inter = 2, .inter = { { 0, 256, "MPIR_Allgatherv_Rec_Doubling_MV2" },
                               { 256, -1, "MPIR_Allgatherv_Ring_MV2" } } },
    { .numproc = 512,
      .n_inter = 2, .inter = { { 0, 256, "MPIR_Allgatherv_Rec_Doubling_MV2" },
                               { 256, -1, "MPIR_Allgatherv_Ring_MV2" } } },
};

/* allreduce; two_level[i] goes with inter[i]; intra is the intra-node function the
 * two-level algorithm runs. The 2048-rank row lists five entries and declares four. */
static struct mv2_row mv2_allreduce[] = {
    { .numproc = 16, .mcast = false,
      .two_level = { true, false },
      .n_inter = 2, .inter = { { 0, 1024, "MPIR_Allreduce_pt2pt_rd_MV2" },
                               { 1024, -1, "MPIR_Allreduce_pt2pt_rs_MV2" } },
      .n_intra = 2, .intra = { { 0, 1024, "MPIR_Allreduce_reduce_shmem_MV2" },
                               { 1024, -1, "MPIR_Allreduce_reduce_p2p_MV2" } } },
    { .numproc = 32, .mcast = false,
      .two_level = { true, true, false },
      .n_inter = 3, .inter = { { 0, 1024, "MPIR_Allreduce_pt2pt_rd_MV2" },
                               { 1024, 16384, "MPIR_Allreduce_pt2pt_rd_MV2" },
                               { 16384, -1, "MPIR_Allreduce_pt2pt_rs_MV2" } },
      .n_intra = 2, .intra = { { 0, 1024, "MPIR_Allreduce_reduce_shmem_MV2" },
                               { 1024, 16384, "MPIR_Allreduce_reduce_p2p_MV2" } } },
    { .numproc = 64, .mcast = false,
      .two_level = { true, true, false },
      .n_inter = 3, .inter = { { 0, 512, "MPIR_Allreduce_pt2pt_rd_MV2" },
                               { 512, 16384, "MPIR_Allreduce_pt2pt_rd_MV2" },
                               { 16384, -1, "MPIR_Allreduce_pt2pt_rs_MV2" } },
      .n_intra = 2, .intra = { { 0, 512, "MPIR_Allreduce_reduce_shmem_MV2" },
                               { 512, 16384, "MPIR_Allreduce_reduce_p2p_MV2" } } },
    { .numproc = 128, .mcast = false,
      .two_level = { true, true, false },
      .n_inter = 3, .inter = { { 0, 512, "MPIR_Allreduce_pt2pt_rd_MV2" },
                               { 512, 16384, "MPIR_Allreduce_pt2pt_rd_MV2" },
                               { 16384, -1, "MPIR_Allreduce_pt2pt_rs_MV2" } },
      .n_intra = 2, .intra = { { 0, 512, "MPIR_Allreduce_reduce_shmem_MV2" },
                               { 512, 16384, "MPIR_Allreduce_reduce_p2p_MV2" } } },
    { .numproc = 256, .mcast = false,
      .two_level = { true, true, false },
      .n_inter = 3, .inter = { { 0, 512, "MPIR_Allreduce_pt2pt_rd_MV2" },
                               { 512, 16384, "MPIR_Allreduce_pt2pt_rd_MV2" },
                               { 16384, -1, "MPIR_Allreduce_pt2pt_rs_MV2" } },
      .n_intra = 2, .intra = { { 0, 512, "MPIR_Allreduce_reduce_shmem_MV2" },
                               { 512, -1, "MPIR_Allreduce_reduce_p2p_MV2" } } },
    { .numproc = 512, .mcast = false,
      .two_level = { true, true, false },
      .n_inter = 3, .inter = { { 0, 512, "MPIR_Allreduce_pt2pt_rd_MV2" },
                               { 512, 16384, "MPIR_Allreduce_pt2pt_rd_MV2" },
                               { 16384, -1, "MPIR_Allreduce_pt2pt_rs_MV2" } },
      .n_intra = 2, .intra = { { 0, 512, "MPIR_Allreduce_reduce_shmem_MV2" },
                               { 512, 16384, "MPIR_Allreduce_reduce_p2p_MV2" } } },
    { .numproc = 1024, .mcast = false,
      .two_level = { true, true, true, false },
      .n_inter = 4, .inter = { { 0, 512, "MPIR_Allreduce_pt2pt_rd_MV2" },
                               { 512, 8192, "MPIR_Allreduce_pt2pt_rd_MV2" },
                               { 8192, 65536, "MPIR_Allreduce_pt2pt_rs_MV2" },
                               { 65536, -1, "MPIR_Allreduce_pt2pt_rs_MV2" } },
      .n_intra = 2, .intra = { { 0, 512, "MPIR_Allreduce_reduce_shmem_MV2" },
                               { 512, -1, "MPIR_Allreduce_reduce_p2p_MV2" } } },
    { .numproc = 2048, .mcast = false,
      .two_level = { true, true, true, false },
      .n_inter = 4, .inter = { { 0, 64, "MPIR_Allreduce_pt2pt_rd_MV2" },
                               { 64, 512, "MPIR_Allreduce_reduce_p2p_MV2" },
                               { 512, 4096, "MPIR_Allreduce_mcst_reduce_two_level_helper_MV2" },
                               { 4096, 16384, "MPIR_Allreduce_pt2pt_rs_MV2" },
                               { 16384, -1, "MPIR_Allreduce_pt2pt_rs_MV2" } },
      .n_intra = 2, .intra = { { 0, 512, "MPIR_Allreduce_reduce_shmem_MV2" },
                               { 512, -1, "MPIR_Allreduce_reduce_p2p_MV2" } } },
};

/* bcast; the fourth field of an entry is its zcpy_pipelined_knomial_factor (-1: none).
 * The 128-rank row's last intra-node entry has no function: the selector then uses
 * MPIR_Shmem_Bcast_MV2. */
static struct mv2_row mv2_bcast[] = {
    { .numproc = 16, .segment_size = 8192, .intra_knomial = 4, .inter_knomial = 4,
      .two_level = { true, true, true, true, true, true, true, true, true, true, true },
      .n_inter = 11, .inter = { { 0, 8, "MPIR_Pipelined_Bcast_Zcpy_MV2", 2 },
                                { 8, 16, "MPIR_Pipelined_Bcast_Zcpy_MV2", 4 },
                                { 16, 1024, "MPIR_Pipelined_Bcast_Zcpy_MV2", 2 },
                                { 1024, 8192, "MPIR_Pipelined_Bcast_Zcpy_MV2", 4 },
                                { 8192, 16384, "MPIR_Bcast_binomial_MV2", -1 },
                                { 16384, 32768, "MPIR_Pipelined_Bcast_Zcpy_MV2", 4 },
                                { 32768, 65536, "MPIR_Pipelined_Bcast_Zcpy_MV2", 2 },
                                { 65536, 131072, "MPIR_Bcast_scatter_ring_allgather_shm_MV2", -1 },
                                { 131072, 262144, "MPIR_Bcast_scatter_ring_allgather_MV2", -1 },
                                { 262144, 524288, "MPIR_Bcast_scatter_doubling_allgather_MV2", -1 },
                                { 524288, -1, "MPIR_Bcast_scatter_ring_allgather_MV2", -1 } },
      .n_intra = 11, .intra = { { 0, 8, "MPIR_Shmem_Bcast_MV2", 2 },
                                { 8, 16, "MPIR_Shmem_Bcast_MV2", 4 },
                                { 16, 1024, "MPIR_Shmem_Bcast_MV2", 2 },
                                { 1024, 8192, "MPIR_Shmem_Bcast_MV2", 4 },
                                { 8192, 16384, "MPIR_Shmem_Bcast_MV2", -1 },
                                { 16384, 32768, "MPIR_Shmem_Bcast_MV2", 4 },
                                { 32768, 65536, "MPIR_Shmem_Bcast_MV2", 2 },
                                { 65536, 131072, "MPIR_Shmem_Bcast_MV2", -1 },
                                { 131072, 262144, "MPIR_Shmem_Bcast_MV2", -1 },
                                { 262144, 524288, "MPIR_Shmem_Bcast_MV2", -1 },
                                { 524288, -1, "MPIR_Shmem_Bcast_MV2", -1 } } },
    { .numproc = 32, .segment_size = 8192, .intra_knomial = 4, .inter_knomial = 4,
      .two_level = { true, true, true, true, true, true, true, true },
      .n_inter = 8, .inter = { { 0, 128, "MPIR_Pipelined_Bcast_Zcpy_MV2", 2 },
                               { 128, 256, "MPIR_Pipelined_Bcast_Zcpy_MV2", 4 },
                               { 256, 32768, "MPIR_Pipelined_Bcast_Zcpy_MV2", 2 },
                               { 32768, 65536, "MPIR_Pipelined_Bcast_Zcpy_MV2", 4 },
                               { 65536, 131072, "MPIR_Pipelined_Bcast_Zcpy_MV2", 2 },
                               { 131072, 262144, "MPIR_Pipelined_Bcast_Zcpy_MV2", 8 },
                               { 262144, 524288, "MPIR_Pipelined_Bcast_Zcpy_MV2", 2 },
                               { 524288, -1, "MPIR_Pipelined_Bcast_Zcpy_MV2", 8 } },
      .n_intra = 8, .intra = { { 0, 128, "MPIR_Shmem_Bcast_MV2", 2 },
                               { 128, 256, "MPIR_Shmem_Bcast_MV2", 4 },
                               { 256, 32768, "MPIR_Shmem_Bcast_MV2", 2 },
                               { 32768, 65536, "MPIR_Shmem_Bcast_MV2", 4 },
                               { 65536, 131072, "MPIR_Shmem_Bcast_MV2", 2 },
                               { 131072, 262144, "MPIR_Shmem_Bcast_MV2", 8 },
                               { 262144, 524288, "MPIR_Shmem_Bcast_MV2", 2 },
                               { 524288, -1, "MPIR_Shmem_Bcast_MV2", 8 } } },
    { .numproc = 64, .segment_size = 8192, .intra_knomial = 4, .inter_knomial = 4,
      .two_level = { true, true, true, true, true, true, true, true, true },
      .n_inter = 9, .inter = { { 0, 2, "MPIR_Pipelined_Bcast_Zcpy_MV2", 4 },
                               { 2, 4, "MPIR_Pipelined_Bcast_Zcpy_MV2", 8 },
                               { 4, 16, "MPIR_Pipelined_Bcast_Zcpy_MV2", 4 },
                               { 16, 32, "MPIR_Pipelined_Bcast_Zcpy_MV2", 8 },
                               { 32, 128, "MPIR_Pipelined_Bcast_Zcpy_MV2", 4 },
                               { 128, 256, "MPIR_Pipelined_Bcast_Zcpy_MV2", 8 },
                               { 256, 4096, "MPIR_Pipelined_Bcast_Zcpy_MV2", 4 },
                               { 4096, 32768, "MPIR_Pipelined_Bcast_Zcpy_MV2", 8 },
                               { 32768, -1, "MPIR_Pipelined_Bcast_Zcpy_MV2", 2 } },
      .n_intra = 9, .intra = { { 0, 2, "MPIR_Shmem_Bcast_MV2", 4 },
                               { 2, 4, "MPIR_Shmem_Bcast_MV2", 8 },
                               { 4, 16, "MPIR_Shmem_Bcast_MV2", 4 },
                               { 16, 32, "MPIR_Shmem_Bcast_MV2", 8 },
                               { 32, 128, "MPIR_Shmem_Bcast_MV2", 4 },
                               { 128, 256, "MPIR_Shmem_Bcast_MV2", 8 },
                               { 256, 4096, "MPIR_Shmem_Bcast_MV2", 4 },
                               { 4096, 32768, "MPIR_Shmem_Bcast_MV2", 8 },
                               { 32768, -1, "MPIR_Shmem_Bcast_MV2", 2 } } },
    { .numproc = 128, .segment_size = 8192, .intra_knomial = 4, .inter_knomial = 4,
      .two_level = { true, true, true, false },
      .n_inter = 4, .inter = { { 0, 8192, "MPIR_Pipelined_Bcast_Zcpy_MV2", 8 },
                               { 8192, 16384, "MPIR_Pipelined_Bcast_Zcpy_MV2", 4 },
                               { 16384, 524288, "MPIR_Pipelined_Bcast_Zcpy_MV2", 2 },
                               { 524288, -1, "MPIR_Bcast_scatter_ring_allgather_MV2", -1 } },
      .n_intra = 4, .intra = { { 0, 8192, "MPIR_Shmem_Bcast_MV2", 8 },
                               { 8192, 16384, "MPIR_Shmem_Bcast_MV2", 4 },
                               { 16384, 524288, "MPIR_Shmem_Bcast_MV2", 2 },
                               { 524288, -1, NULL, -1 } } },
    { .numproc = 256, .segment_size = 8192, .intra_knomial = 4, .inter_knomial = 4,
      .two_level = { true, true, true, true, true },
      .n_inter = 5, .inter = { { 0, 16384, "MPIR_Pipelined_Bcast_Zcpy_MV2", 4 },
                               { 16384, 131072, "MPIR_Pipelined_Bcast_Zcpy_MV2", 2 },
                               { 131072, 262144, "MPIR_Bcast_scatter_ring_allgather_shm_MV2", -1 },
                               { 262144, 524288, "MPIR_Pipelined_Bcast_Zcpy_MV2", 2 },
                               { 524288, -1, "MPIR_Bcast_scatter_ring_allgather_shm_MV2", -1 } },
      .n_intra = 5, .intra = { { 0, 16384, "MPIR_Shmem_Bcast_MV2", 4 },
                               { 16384, 131072, "MPIR_Shmem_Bcast_MV2", 2 },
                               { 131072, 262144, "MPIR_Shmem_Bcast_MV2", -1 },
                               { 262144, 524288, "MPIR_Shmem_Bcast_MV2", 2 },
                               { 524288, -1, "MPIR_Shmem_Bcast_MV2", -1 } } },
    { .numproc = 512, .segment_size = 8192, .intra_knomial = 4, .inter_knomial = 4,
      .two_level = { true, true, true, true, true },
      .n_inter = 5, .inter = { { 0, 4096, "MPIR_Pipelined_Bcast_Zcpy_MV2", 8 },
                               { 4096, 16384, "MPIR_Pipelined_Bcast_Zcpy_MV2", 4 },
                               { 16384, 131072, "MPIR_Pipelined_Bcast_Zcpy_MV2", 2 },
                               { 131072, 262144, "MPIR_Pipelined_Bcast_MV2", -1 },
                               { 262144, -1, "MPIR_Bcast_scatter_ring_allgather_shm_MV2", -1 } },
      .n_intra = 5, .intra = { { 0, 4096, "MPIR_Shmem_Bcast_MV2", 8 },
                               { 4096, 16384, "MPIR_Shmem_Bcast_MV2", 4 },
                               { 16384, 131072, "MPIR_Shmem_Bcast_MV2", 2 },
                               { 131072, 262144, "MPIR_Shmem_Bcast_MV2", -1 },
                               { 262144, -1, "MPIR_Shmem_Bcast_MV2", -1 } } },
    { .numproc = 1024, .segment_size = 8192, .intra_knomial = 4, .inter_knomial = 4,
      .two_level = { true, true, true, true, true },
      .n_inter = 5, .inter = { { 0, 8192, "MPIR_Pipelined_Bcast_Zcpy_MV2", 8 },
                               { 8192, 16384, "MPIR_Pipelined_Bcast_Zcpy_MV2", 4 },
                               { 16384, 65536, "MPIR_Pipelined_Bcast_Zcpy_MV2", 2 },
                               { 65536, 524288, "MPIR_Pipelined_Bcast_MV2", -1 },
                               { 524288, -1, "MPIR_Bcast_scatter_ring_allgather_shm_MV2", -1 } },
      .n_intra = 5, .intra = { { 0, 8192, "MPIR_Shmem_Bcast_MV2", 8 },
                               { 8192, 16384, "MPIR_Shmem_Bcast_MV2", 4 },
                               { 16384, 65536, "MPIR_Shmem_Bcast_MV2", 2 },
                               { 65536, 524288, "MPIR_Shmem_Bcast_MV2", -1 },
                               { 524288, -1, "MPIR_Shmem_Bcast_MV2", -1 } } },
    { .numproc = 2048, .segment_size = 8192, .intra_knomial = 4, .inter_knomial = 4,
      .two_level = { true, true, true, true, true, true, true },
      .n_inter = 7, .inter = { { 0, 16, "MPIR_Pipelined_Bcast_Zcpy_MV2", 8 },
                               { 16, 32, "MPIR_Pipelined_Bcast_Zcpy_MV2", 4 },
                               { 32, 4096, "MPIR_Pipelined_Bcast_Zcpy_MV2", 8 },
                               { 4096, 16384, "MPIR_Pipelined_Bcast_Zcpy_MV2", 4 },
                               { 16384, 32768, "MPIR_Pipelined_Bcast_Zcpy_MV2", 2 },
                               { 32768, 524288, "MPIR_Pipelined_Bcast_MV2", -1 },
                               { 524288, -1, "MPIR_Bcast_scatter_ring_allgather_shm_MV2", -1 } },
      .n_intra = 7, .intra = { { 0, 16, "MPIR_Shmem_Bcast_MV2", 8 },
                               { 16, 32, "MPIR_Shmem_Bcast_MV2", 4 },
                               { 32, 4096, "MPIR_Shmem_Bcast_MV2", 8 },
                               { 4096, 16384, "MPIR_Shmem_Bcast_MV2", 4 },
                               { 16384, 32768, "MPIR_Shmem_Bcast_MV2", 2 },
                               { 32768, 524288, "MPIR_Shmem_Bcast_MV2", -1 },
                               { 524288, -1, "MPIR_Shmem_Bcast_MV2", -1 } } },
};

/* reduce; inter_k and intra_k are inter_k_degree and intra_k_degree, the k-nomial factors the
 * first reduce call fixes for the rest of the run. */
static struct mv2_row mv2_reduce[] = {
    { .numproc = 16, .inter_k = 4, .intra_k = 4,
      .two_level = { true, false, false },
      .n_inter = 3, .inter = { { 0, 262144, "MPIR_Reduce_inter_knomial_wrapper_MV2" },
                               { 262144, 1048576, "MPIR_Reduce_binomial_MV2" },
                               { 1048576, -1, "MPIR_Reduce_redscat_gather_MV2" } },
      .n_intra = 2, .intra = { { 0, 65536, "MPIR_Reduce_shmem_MV2" },
                               { 65536, -1, "MPIR_Reduce_binomial_MV2" } } },
    { .numproc = 32, .inter_k = 4, .intra_k = 4,
      .two_level = { true, true, true, true, false, false, false },
      .n_inter = 7, .inter = { { 0, 8192, "MPIR_Reduce_inter_knomial_wrapper_MV2" },
                               { 8192, 16384, "MPIR_Reduce_inter_knomial_wrapper_MV2" },
                               { 16384, 32768, "MPIR_Reduce_inter_knomial_wrapper_MV2" },
                               { 32768, 65536, "MPIR_Reduce_binomial_MV2" },
                               { 65536, 262144, "MPIR_Reduce_inter_knomial_wrapper_MV2" },
                               { 262144, 1048576, "MPIR_Reduce_binomial_MV2" },
                               { 1048576, -1, "MPIR_Reduce_redscat_gather_MV2" } },
      .n_intra = 6, .intra = { { 0, 8192, "MPIR_Reduce_shmem_MV2" },
                               { 8192, 16384, "MPIR_Reduce_intra_knomial_wrapper_MV2" },
                               { 16384, 32768, "MPIR_Reduce_shmem_MV2" },
                               { 32768, 65536, "MPIR_Reduce_shmem_MV2" },
                               { 65536, 262144, "MPIR_Reduce_shmem_MV2" },
                               { 262144, -1, "MPIR_Reduce_binomial_MV2" } } },
    { .numproc = 64, .inter_k = 4, .intra_k = 4,
      .two_level = { true, true, true, true, false },
      .n_inter = 5, .inter = { { 0, 8192, "MPIR_Reduce_inter_knomial_wrapper_MV2" },
                               { 8192, 16384, "MPIR_Reduce_inter_knomial_wrapper_MV2" },
                               { 16384, 65536, "MPIR_Reduce_binomial_MV2" },
                               { 65536, 262144, "MPIR_Reduce_inter_knomial_wrapper_MV2" },
                               { 262144, -1, "MPIR_Reduce_redscat_gather_MV2" } },
      .n_intra = 5, .intra = { { 0, 8192, "MPIR_Reduce_shmem_MV2" },
                               { 8192, 16384, "MPIR_Reduce_intra_knomial_wrapper_MV2" },
                               { 16384, 65536, "MPIR_Reduce_shmem_MV2" },
                               { 65536, 262144, "MPIR_Reduce_intra_knomial_wrapper_MV2" },
                               { 262144, -1, "MPIR_Reduce_binomial_MV2" } } },
    { .numproc = 128, .inter_k = 4, .intra_k = 4,
      .two_level = { true, false, true, false, true, false },
      .n_inter = 6, .inter = { { 0, 8192, "MPIR_Reduce_inter_knomial_wrapper_MV2" },
                               { 8192, 16384, "MPIR_Reduce_inter_knomial_wrapper_MV2" },
                               { 16384, 65536, "MPIR_Reduce_binomial_MV2" },
                               { 65536, 262144, "MPIR_Reduce_inter_knomial_wrapper_MV2" },
                               { 262144, 1048576, "MPIR_Reduce_binomial_MV2" },
                               { 1048576, -1, "MPIR_Reduce_redscat_gather_MV2" } },
      .n_intra = 5, .intra = { { 0, 8192, "MPIR_Reduce_shmem_MV2" },
                               { 8192, 16384, "MPIR_Reduce_intra_knomial_wrapper_MV2" },
                               { 16384, 65536, "MPIR_Reduce_shmem_MV2" },
                               { 65536, 262144, "MPIR_Reduce_intra_knomial_wrapper_MV2" },
                               { 262144, -1, "MPIR_Reduce_binomial_MV2" } } },
    { .numproc = 256, .inter_k = 4, .intra_k = 4,
      .two_level = { true, true, true, false, true, true, false },
      .n_inter = 7, .inter = { { 0, 8192, "MPIR_Reduce_inter_knomial_wrapper_MV2" },
                               { 8192, 16384, "MPIR_Reduce_inter_knomial_wrapper_MV2" },
                               { 16384, 32768, "MPIR_Reduce_binomial_MV2" },
                               { 32768, 65536, "MPIR_Reduce_binomial_MV2" },
                               { 65536, 262144, "MPIR_Reduce_binomial_MV2" },
                               { 262144, 1048576, "MPIR_Reduce_binomial_MV2" },
                               { 1048576, -1, "MPIR_Reduce_redscat_gather_MV2" } },
      .n_intra = 6, .intra = { { 0, 8192, "MPIR_Reduce_shmem_MV2" },
                               { 8192, 16384, "MPIR_Reduce_intra_knomial_wrapper_MV2" },
                               { 16384, 32768, "MPIR_Reduce_shmem_MV2" },
                               { 32768, 65536, "MPIR_Reduce_shmem_MV2" },
                               { 65536, 262144, "MPIR_Reduce_intra_knomial_wrapper_MV2" },
                               { 262144, -1, "MPIR_Reduce_binomial_MV2" } } },
    { .numproc = 512, .inter_k = 4, .intra_k = 4,
      .two_level = { true, false, true, true, true, false },
      .n_inter = 6, .inter = { { 0, 8192, "MPIR_Reduce_inter_knomial_wrapper_MV2" },
                               { 8192, 16384, "MPIR_Reduce_inter_knomial_wrapper_MV2" },
                               { 16384, 65536, "MPIR_Reduce_binomial_MV2" },
                               { 65536, 262144, "MPIR_Reduce_binomial_MV2" },
                               { 262144, 1048576, "MPIR_Reduce_binomial_MV2" },
                               { 1048576, -1, "MPIR_Reduce_redscat_gather_MV2" } },
      .n_intra = 5, .intra = { { 0, 8192, "MPIR_Reduce_shmem_MV2" },
                               { 8192, 16384, "MPIR_Reduce_intra_knomial_wrapper_MV2" },
                               { 16384, 65536, "MPIR_Reduce_shmem_MV2" },
                               { 65536, 262144, "MPIR_Reduce_intra_knomial_wrapper_MV2" },
                               { 262144, -1, "MPIR_Reduce_binomial_MV2" } } },
    { .numproc = 1024, .inter_k = 4, .intra_k = 4,
      .two_level = { true, false, true, true, true },
      .n_inter = 5, .inter = { { 0, 8192, "MPIR_Reduce_inter_knomial_wrapper_MV2" },
                               { 8192, 16384, "MPIR_Reduce_inter_knomial_wrapper_MV2" },
                               { 16384, 65536, "MPIR_Reduce_binomial_MV2" },
                               { 65536, 262144, "MPIR_Reduce_binomial_MV2" },
                               { 262144, -1, "MPIR_Reduce_binomial_MV2" } },
      .n_intra = 5, .intra = { { 0, 8192, "MPIR_Reduce_shmem_MV2" },
                               { 8192, 16384, "MPIR_Reduce_intra_knomial_wrapper_MV2" },
                               { 16384, 65536, "MPIR_Reduce_shmem_MV2" },
                               { 65536, 262144, "MPIR_Reduce_intra_knomial_wrapper_MV2" },
                               { 262144, -1, "MPIR_Reduce_binomial_MV2" } } },
    { .numproc = 2048, .inter_k = 4, .intra_k = 4,
      .two_level = { true, false, true, true, true, true },
      .n_inter = 6, .inter = { { 0, 2048, "MPIR_Reduce_inter_knomial_wrapper_MV2" },
                               { 2048, 4096, "MPIR_Reduce_inter_knomial_wrapper_MV2" },
                               { 4096, 16384, "MPIR_Reduce_binomial_MV2" },
                               { 16384, 65536, "MPIR_Reduce_binomial_MV2" },
                               { 65536, 131072, "MPIR_Reduce_binomial_MV2" },
                               { 131072, -1, "MPIR_Reduce_binomial_MV2" } },
      .n_intra = 6, .intra = { { 0, 2048, "MPIR_Reduce_shmem_MV2" },
                               { 2048, 4096, "MPIR_Reduce_shmem_MV2" },
                               { 4096, 16384, "MPIR_Reduce_shmem_MV2" },
                               { 16384, 65536, "MPIR_Reduce_intra_knomial_wrapper_MV2" },
                               { 65536, 131072, "MPIR_Reduce_binomial_MV2" },
                               { 131072, -1, "MPIR_Reduce_shmem_MV2" } } },
};

/* reduce_scatter (commutative ops only) */
static struct mv2_row mv2_reduce_scatter[] = {
    { .numproc = 16,
      .n_inter = 3, .inter = { { 0, 64, "MPIR_Reduce_Scatter_Basic_MV2" },
                               { 64, 65536, "MPIR_Reduce_scatter_Rec_Halving_MV2" },
                               { 65536, -1, "MPIR_Reduce_scatter_Pair_Wise_MV2" } } },
    { .numproc = 32,
      .n_inter = 3, .inter = { { 0, 64, "MPIR_Reduce_Scatter_Basic_MV2" },
                               { 64, 131072, "MPIR_Reduce_scatter_Rec_Halving_MV2" },
                               { 131072, -1, "MPIR_Reduce_scatter_Pair_Wise_MV2" } } },
    { .numproc = 64,
      .n_inter = 3, .inter = { { 0, 1024, "MPIR_Reduce_Scatter_Basic_MV2" },
                               { 1024, 262144, "MPIR_Reduce_scatter_Rec_Halving_MV2" },
                               { 262144, -1, "MPIR_Reduce_scatter_Pair_Wise_MV2" } } },
    { .numproc = 128,
      .n_inter = 2, .inter = { { 0, 128, "MPIR_Reduce_Scatter_Basic_MV2" },
                               { 128, -1, "MPIR_Reduce_scatter_Rec_Halving_MV2" } } },
    { .numproc = 256,
      .n_inter = 2, .inter = { { 0, 128, "MPIR_Reduce_Scatter_Basic_MV2" },
                               { 128, -1, "MPIR_Reduce_scatter_Rec_Halving_MV2" } } },
    { .numproc = 512,
      .n_inter = 2, .inter = { { 0, 256, "MPIR_Reduce_Scatter_Basic_MV2" },
                               { 256, -1, "MPIR_Reduce_scatter_Rec_Halving_MV2" } } },
};

/* scatter, one rank per host */
static struct mv2_row mv2_scatter_1ppn[] = {
    { .numproc = 2,
      .n_inter = 1, .inter = { { 0, -1, "MPIR_Scatter_MV2_Binomial" } },
      .n_intra = 1, .intra = { { 0, -1, "MPIR_Scatter_MV2_Binomial" } } },
    { .numproc = 4,
      .n_inter = 1, .inter = { { 0, -1, "MPIR_Scatter_MV2_Direct" } },
      .n_intra = 1, .intra = { { 0, -1, "MPIR_Scatter_MV2_Direct" } } },
    { .numproc = 8,
      .n_inter = 1, .inter = { { 0, -1, "MPIR_Scatter_MV2_Direct" } },
      .n_intra = 1, .intra = { { 0, -1, "MPIR_Scatter_MV2_Direct" } } },
    { .numproc = 16,
      .n_inter = 1, .inter = { { 0, -1, "MPIR_Scatter_MV2_Direct" } },
      .n_intra = 1, .intra = { { 0, -1, "MPIR_Scatter_MV2_Direct" } } },
    { .numproc = 32,
      .n_inter = 1, .inter = { { 0, -1, "MPIR_Scatter_MV2_Direct" } },
      .n_intra = 1, .intra = { { 0, -1, "MPIR_Scatter_MV2_Direct" } } },
    { .numproc = 64,
      .n_inter = 2, .inter = { { 0, 32, "MPIR_Scatter_MV2_Binomial" },
                               { 32, -1, "MPIR_Scatter_MV2_Direct" } },
      .n_intra = 1, .intra = { { 0, -1, "MPIR_Scatter_MV2_Binomial" } } },
};

/* scatter, two ranks per host */
static struct mv2_row mv2_scatter_2ppn[] = {
    { .numproc = 4,
      .n_inter = 2, .inter = { { 0, 4096, "MPIR_Scatter_MV2_Binomial" },
                               { 4096, -1, "MPIR_Scatter_MV2_Direct" } },
      .n_intra = 1, .intra = { { 0, -1, "MPIR_Scatter_MV2_Direct" } } },
    { .numproc = 8,
      .n_inter = 2, .inter = { { 0, 512, "MPIR_Scatter_MV2_two_level_Direct" },
                               { 512, -1, "MPIR_Scatter_MV2_Direct" } },
      .n_intra = 1, .intra = { { 0, -1, "MPIR_Scatter_MV2_Binomial" } } },
    { .numproc = 16,
      .n_inter = 2, .inter = { { 0, 2048, "MPIR_Scatter_MV2_two_level_Direct" },
                               { 2048, -1, "MPIR_Scatter_MV2_Direct" } },
      .n_intra = 1, .intra = { { 0, -1, "MPIR_Scatter_MV2_Binomial" } } },
    { .numproc = 32,
      .n_inter = 2, .inter = { { 0, 2048, "MPIR_Scatter_MV2_two_level_Direct" },
                               { 2048, -1, "MPIR_Scatter_MV2_Direct" } },
      .n_intra = 1, .intra = { { 0, -1, "MPIR_Scatter_MV2_Binomial" } } },
    { .numproc = 64,
      .n_inter = 2, .inter = { { 0, 8192, "MPIR_Scatter_MV2_two_level_Direct" },
                               { 8192, -1, "MPIR_Scatter_MV2_Direct" } },
      .n_intra = 1, .intra = { { 0, -1, "MPIR_Scatter_MV2_Binomial" } } },
    { .numproc = 128,
      .n_inter = 4, .inter = { { 0, 16, "MPIR_Scatter_MV2_Binomial" },
                               { 16, 128, "MPIR_Scatter_MV2_two_level_Binomial" },
                               { 128, 16384, "MPIR_Scatter_MV2_two_level_Direct" },
                               { 16384, -1, "MPIR_Scatter_MV2_Direct" } },
      .n_intra = 1, .intra = { { 0, 128, "MPIR_Scatter_MV2_Direct" },
                               { 128, -1, "MPIR_Scatter_MV2_Binomial" } } },
};

/* scatter, sixteen ranks per host: MPIR_Scatter_mcst_wrap_MV2 entries stand for the
 * multicast scatter, which SMPI replaces by the next entry */
static struct mv2_row mv2_scatter_16ppn[] = {
    { .numproc = 16,
      .n_inter = 2, .inter = { { 0, 256, "MPIR_Scatter_MV2_Binomial" },
                               { 256, -1, "MPIR_Scatter_MV2_Direct" } },
      .n_intra = 1, .intra = { { 0, -1, "MPIR_Scatter_MV2_Direct" } } },
    { .numproc = 32,
      .n_inter = 2, .inter = { { 0, 512, "MPIR_Scatter_MV2_Binomial" },
                               { 512, -1, "MPIR_Scatter_MV2_Direct" } },
      .n_intra = 1, .intra = { { 0, -1, "MPIR_Scatter_MV2_Direct" } } },
    { .numproc = 64,
      .n_inter = 2, .inter = { { 0, 1024, "MPIR_Scatter_MV2_two_level_Direct" },
                               { 1024, -1, "MPIR_Scatter_MV2_Direct" } },
      .n_intra = 1, .intra = { { 0, -1, "MPIR_Scatter_MV2_Direct" } } },
    { .numproc = 128,
      .n_inter = 4, .inter = { { 0, 16, "MPIR_Scatter_mcst_wrap_MV2" },
                               { 0, 16, "MPIR_Scatter_MV2_two_level_Direct" },
                               { 16, 2048, "MPIR_Scatter_MV2_two_level_Direct" },
                               { 2048, -1, "MPIR_Scatter_MV2_Direct" } },
      .n_intra = 1, .intra = { { 0, -1, "MPIR_Scatter_MV2_Direct" } } },
    { .numproc = 256,
      .n_inter = 4, .inter = { { 0, 16, "MPIR_Scatter_mcst_wrap_MV2" },
                               { 0, 16, "MPIR_Scatter_MV2_two_level_Direct" },
                               { 16, 2048, "MPIR_Scatter_MV2_two_level_Direct" },
                               { 2048, -1, "MPIR_Scatter_MV2_Direct" } },
      .n_intra = 1, .intra = { { 0, -1, "MPIR_Scatter_MV2_Direct" } } },
    { .numproc = 512,
      .n_inter = 4, .inter = { { 0, 16, "MPIR_Scatter_mcst_wrap_MV2" },
                               { 16, 16, "MPIR_Scatter_MV2_two_level_Direct" },
                               { 16, 4096, "MPIR_Scatter_MV2_two_level_Direct" },
                               { 4096, -1, "MPIR_Scatter_MV2_Direct" } },
      .n_intra = 1, .intra = { { 0, -1, "MPIR_Scatter_MV2_Binomial" } } },
    { .numproc = 1024,
      .n_inter = 5, .inter = { { 0, 16, "MPIR_Scatter_mcst_wrap_MV2" },
                               { 0, 16, "MPIR_Scatter_MV2_Binomial" },
                               { 16, 32, "MPIR_Scatter_MV2_Binomial" },
                               { 32, 4096, "MPIR_Scatter_MV2_two_level_Direct" },
                               { 4096, -1, "MPIR_Scatter_MV2_Direct" } },
      .n_intra = 1, .intra = { { 0, -1, "MPIR_Scatter_MV2_Binomial" } } },
    { .numproc = 2048,
      .n_inter = 7, .inter = { { 0, 16, "MPIR_Scatter_mcst_wrap_MV2" },
                               { 0, 16, "MPIR_Scatter_MV2_two_level_Binomial" },
                               { 16, 128, "MPIR_Scatter_MV2_two_level_Binomial" },
                               { 128, 1024, "MPIR_Scatter_MV2_two_level_Direct" },
                               { 1024, 16384, "MPIR_Scatter_MV2_two_level_Direct" },
                               { 16384, 65536, "MPIR_Scatter_MV2_Direct" },
                               { 65536, -1, "MPIR_Scatter_MV2_two_level_Direct" } },
      .n_intra = 6, .intra = { { 0, 16, "MPIR_Scatter_MV2_Binomial" },
                               { 16, 128, "MPIR_Scatter_MV2_Binomial" },
                               { 128, 1024, "MPIR_Scatter_MV2_Binomial" },
                               { 1024, 16384, "MPIR_Scatter_MV2_Direct" },
                               { 16384, 65536, "MPIR_Scatter_MV2_Direct" },
                               { 65536, -1, "MPIR_Scatter_MV2_Direct" } } },
};
/* clang-format on */
/* The layouts SMPI's allgather, scatter (and, without ever choosing, alltoall) tables cover. */
#define MV2_NCONF 3
static const struct mv2_conf mv2_alltoall[MV2_NCONF] = {
    { 1, ROWS(mv2_alltoall_1ppn) },
    { 2, ROWS(mv2_alltoall_2ppn) },
    { 16, ROWS(mv2_alltoall_16ppn) },
};
static const struct mv2_conf mv2_allgather[MV2_NCONF] = {
    { 1, ROWS(mv2_allgather_1ppn) },
    { 2, ROWS(mv2_allgather_2ppn) },
    { 16, ROWS(mv2_allgather_16ppn) },
};
static const struct mv2_conf mv2_scatter[MV2_NCONF] = {
    { 1, ROWS(mv2_scatter_1ppn) },
    { 2, ROWS(mv2_scatter_2ppn) },
    { 16, ROWS(mv2_scatter_16ppn) },
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
    const struct mv2_conf *c = &mv2_alltoall[0];

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
    c = &mv2_allgather[mv2_conf_index(mv2_allgather, &smp, &partial)];
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
    const struct mv2_row *row = mv2_range(ROWS(mv2_gather), smpi_comm_size(b->comm));
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
    const struct mv2_row *row = mv2_range(ROWS(mv2_allgatherv), size);
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
    row = mv2_range(ROWS(mv2_allreduce), smpi_comm_size(b->comm));
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
    row = mv2_range(ROWS(mv2_bcast), smpi_comm_size(b->comm));
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
    row = mv2_range(ROWS(mv2_reduce), size);
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
        row = mv2_range(ROWS(mv2_reduce_scatter), size);
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
    c = &mv2_scatter[mv2_conf_index(mv2_scatter, &smp, &partial)];
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
        resolve_rows(mv2_alltoall[c].rows, mv2_alltoall[c].n, COLL_ALLTOALL);
        resolve_rows(mv2_allgather[c].rows, mv2_allgather[c].n, COLL_ALLGATHER);
        resolve_rows(mv2_scatter[c].rows, mv2_scatter[c].n, COLL_SCATTER);
    }
    resolve_rows(ROWS(mv2_gather), COLL_GATHER);
    resolve_rows(ROWS(mv2_allgatherv), COLL_ALLGATHERV);
    resolve_rows(ROWS(mv2_allreduce), COLL_ALLREDUCE);
    resolve_rows(ROWS(mv2_bcast), COLL_BCAST);
    resolve_rows(ROWS(mv2_reduce), COLL_REDUCE);
    resolve_rows(ROWS(mv2_reduce_scatter), COLL_REDUCE_SCATTER);
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
