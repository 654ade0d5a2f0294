/* select_ompi: SMPI 3.32's "ompi" selector (colls/smpi_openmpi_selector.cpp, "updated
 * 02/2022"): Open MPI's fixed decision rules, ompi/mca/coll/tuned/coll_tuned_decision_fixed.c
 * of Open MPI 4.1/5.0, with each Open MPI algorithm number mapped to the SMPI algorithm that
 * SMPI runs for it. A table's rows are the branches of Open MPI's if/else chain in order: the
 * first row whose size and bytes bounds hold wins. */
#include "collectives/internal.h"

#define ANY COLL_ANY
#define NC COLL_WHEN_NONCOMMUTATIVE

/* ompi_coll_tuned_allreduce_intra_dec_fixed; bytes = type size * count.
 * Open MPI: 1 basic_linear, 2 nonoverlapping -> redbcast; 3 recursive_doubling -> rdb;
 * 4 ring -> lr; 5 segmented_ring -> ompi_ring_segmented; 6 rabenseifner -> rab_rdb.
 * Ring, segmented ring and Rabenseifner need a commutative op: NC rows come first. */
static const struct coll_rule ompi_allreduce_rules[] = {
    { .when = NC, .ranks_lt = 4, .bytes_lt = 131072, .name = "rdb" },
    { .when = NC, .ranks_lt = 4, .bytes_lt = ANY, .name = "redbcast" },
    { .when = NC, .ranks_lt = 8, .bytes_lt = ANY, .name = "rdb" },
    { .when = NC, .ranks_lt = 16, .bytes_lt = 1048576, .name = "rdb" },
    { .when = NC, .ranks_lt = 16, .bytes_lt = ANY, .name = "redbcast" },
    { .when = NC, .ranks_lt = 128, .bytes_lt = ANY, .name = "rdb" },
    { .when = NC, .ranks_lt = 256, .bytes_lt = 131072, .name = "redbcast" },
    { .when = NC, .ranks_lt = 256, .bytes_lt = 524288, .name = "rdb" },
    { .when = NC, .ranks_lt = 256, .bytes_lt = ANY, .name = "redbcast" },
    { .when = NC, .ranks_lt = 512, .bytes_lt = 4096, .name = "redbcast" },
    { .when = NC, .ranks_lt = 512, .bytes_lt = 524288, .name = "rdb" },
    { .when = NC, .ranks_lt = 512, .bytes_lt = ANY, .name = "redbcast" },
    { .when = NC, .ranks_lt = ANY, .bytes_lt = 2048, .name = "redbcast" },
    { .when = NC, .ranks_lt = ANY, .bytes_lt = ANY, .name = "rdb" },
    { .ranks_lt = 4, .bytes_lt = 8, .name = "lr" },
    { .ranks_lt = 4, .bytes_lt = 4096, .name = "rdb" },
    { .ranks_lt = 4, .bytes_lt = 8192, .name = "lr" },
    { .ranks_lt = 4, .bytes_lt = 16384, .name = "rdb" },
    { .ranks_lt = 4, .bytes_lt = 65536, .name = "lr" },
    { .ranks_lt = 4, .bytes_lt = 262144, .name = "ompi_ring_segmented" },
    { .ranks_lt = 4, .bytes_lt = ANY, .name = "rab_rdb" },
    { .ranks_lt = 8, .bytes_lt = 16, .name = "lr" },
    { .ranks_lt = 8, .bytes_lt = 8192, .name = "rdb" },
    { .ranks_lt = 8, .bytes_lt = ANY, .name = "rab_rdb" },
    { .ranks_lt = 16, .bytes_lt = 8192, .name = "rdb" },
    { .ranks_lt = 16, .bytes_lt = ANY, .name = "rab_rdb" },
    { .ranks_lt = 32, .bytes_lt = 64, .name = "ompi_ring_segmented" },
    { .ranks_lt = 32, .bytes_lt = 4096, .name = "rdb" },
    { .ranks_lt = 32, .bytes_lt = ANY, .name = "rab_rdb" },
    { .ranks_lt = 64, .bytes_lt = 128, .name = "ompi_ring_segmented" },
    { .ranks_lt = 64, .bytes_lt = ANY, .name = "rab_rdb" },
    { .ranks_lt = 128, .bytes_lt = 262144, .name = "rdb" },
    { .ranks_lt = 128, .bytes_lt = ANY, .name = "rab_rdb" },
    { .ranks_lt = 256, .bytes_lt = 131072, .name = "redbcast" },
    { .ranks_lt = 256, .bytes_lt = 262144, .name = "rdb" },
    { .ranks_lt = 256, .bytes_lt = ANY, .name = "rab_rdb" },
    { .ranks_lt = 512, .bytes_lt = 4096, .name = "redbcast" },
    { .ranks_lt = 512, .bytes_lt = ANY, .name = "rab_rdb" },
    { .ranks_lt = 2048, .bytes_lt = 2048, .name = "redbcast" },
    { .ranks_lt = 2048, .bytes_lt = 16384, .name = "rdb" },
    { .ranks_lt = 2048, .bytes_lt = ANY, .name = "rab_rdb" },
    { .ranks_lt = 4096, .bytes_lt = 2048, .name = "redbcast" },
    { .ranks_lt = 4096, .bytes_lt = 4096, .name = "ompi_ring_segmented" },
    { .ranks_lt = 4096, .bytes_lt = 16384, .name = "rdb" },
    { .ranks_lt = 4096, .bytes_lt = ANY, .name = "rab_rdb" },
    { .ranks_lt = ANY, .bytes_lt = 2048, .name = "redbcast" },
    { .ranks_lt = ANY, .bytes_lt = 16384, .name = "ompi_ring_segmented" },
    { .ranks_lt = ANY, .bytes_lt = 32768, .name = "rdb" },
    { .ranks_lt = ANY, .bytes_lt = ANY, .name = "rab_rdb" },
    { .name = NULL },
};

/* ompi_coll_tuned_alltoall_intra_dec_fixed; bytes = send type size * scount (the receive type's
 * with MPI_IN_PLACE). Open MPI: 1 linear, 4 linear_sync, 5 two_proc -> basic_linear;
 * 2 pairwise -> pair; 3 modified_bruck -> bruck. */
static const struct coll_rule ompi_alltoall_rules[] = {
    { .ranks_ge = 2, .ranks_lt = 3, .bytes_lt = 2, .name = "pair" },
    { .ranks_ge = 2, .ranks_lt = 3, .bytes_lt = 4, .name = "basic_linear" },
    { .ranks_ge = 2, .ranks_lt = 3, .bytes_lt = 16, .name = "pair" },
    { .ranks_ge = 2, .ranks_lt = 3, .bytes_lt = 64, .name = "basic_linear" },
    { .ranks_ge = 2, .ranks_lt = 3, .bytes_lt = 256, .name = "pair" },
    { .ranks_ge = 2, .ranks_lt = 3, .bytes_lt = 4096, .name = "basic_linear" },
    { .ranks_ge = 2, .ranks_lt = 3, .bytes_lt = 32768, .name = "pair" },
    { .ranks_ge = 2, .ranks_lt = 3, .bytes_lt = 262144, .name = "basic_linear" },
    { .ranks_ge = 2, .ranks_lt = 3, .bytes_lt = 1048576, .name = "basic_linear" },
    { .ranks_ge = 2, .ranks_lt = 3, .bytes_lt = ANY, .name = "pair" },
    { .ranks_lt = 8, .bytes_lt = 8192, .name = "basic_linear" },
    { .ranks_lt = 8, .bytes_lt = 16384, .name = "basic_linear" },
    { .ranks_lt = 8, .bytes_lt = 65536, .name = "basic_linear" },
    { .ranks_lt = 8, .bytes_lt = 524288, .name = "basic_linear" },
    { .ranks_lt = 8, .bytes_lt = 1048576, .name = "pair" },
    { .ranks_lt = 8, .bytes_lt = ANY, .name = "basic_linear" },
    { .ranks_lt = 16, .bytes_lt = 262144, .name = "basic_linear" },
    { .ranks_lt = 16, .bytes_lt = ANY, .name = "basic_linear" },
    { .ranks_lt = 32, .bytes_lt = 4, .name = "basic_linear" },
    { .ranks_lt = 32, .bytes_lt = 512, .name = "bruck" },
    { .ranks_lt = 32, .bytes_lt = 8192, .name = "basic_linear" },
    { .ranks_lt = 32, .bytes_lt = 32768, .name = "basic_linear" },
    { .ranks_lt = 32, .bytes_lt = 262144, .name = "basic_linear" },
    { .ranks_lt = 32, .bytes_lt = 524288, .name = "basic_linear" },
    { .ranks_lt = 32, .bytes_lt = ANY, .name = "basic_linear" },
    { .ranks_lt = 64, .bytes_lt = 512, .name = "bruck" },
    { .ranks_lt = 64, .bytes_lt = 524288, .name = "basic_linear" },
    { .ranks_lt = 64, .bytes_lt = ANY, .name = "basic_linear" },
    { .ranks_lt = 128, .bytes_lt = 1024, .name = "bruck" },
    { .ranks_lt = 128, .bytes_lt = 2048, .name = "basic_linear" },
    { .ranks_lt = 128, .bytes_lt = 4096, .name = "basic_linear" },
    { .ranks_lt = 128, .bytes_lt = 262144, .name = "basic_linear" },
    { .ranks_lt = 128, .bytes_lt = ANY, .name = "pair" },
    { .ranks_lt = 256, .bytes_lt = 1024, .name = "bruck" },
    { .ranks_lt = 256, .bytes_lt = 2048, .name = "basic_linear" },
    { .ranks_lt = 256, .bytes_lt = 262144, .name = "basic_linear" },
    { .ranks_lt = 256, .bytes_lt = ANY, .name = "pair" },
    { .ranks_lt = 512, .bytes_lt = 1024, .name = "bruck" },
    { .ranks_lt = 512, .bytes_lt = 8192, .name = "basic_linear" },
    { .ranks_lt = 512, .bytes_lt = 32768, .name = "basic_linear" },
    { .ranks_lt = 512, .bytes_lt = ANY, .name = "pair" },
    { .ranks_lt = 1024, .bytes_lt = 512, .name = "bruck" },
    { .ranks_lt = 1024, .bytes_lt = 8192, .name = "basic_linear" },
    { .ranks_lt = 1024, .bytes_lt = 16384, .name = "basic_linear" },
    { .ranks_lt = 1024, .bytes_lt = 131072, .name = "basic_linear" },
    { .ranks_lt = 1024, .bytes_lt = 262144, .name = "basic_linear" },
    { .ranks_lt = 1024, .bytes_lt = ANY, .name = "pair" },
    { .ranks_lt = 2048, .bytes_lt = 512, .name = "bruck" },
    { .ranks_lt = 2048, .bytes_lt = 1024, .name = "basic_linear" },
    { .ranks_lt = 2048, .bytes_lt = 2048, .name = "basic_linear" },
    { .ranks_lt = 2048, .bytes_lt = 16384, .name = "basic_linear" },
    { .ranks_lt = 2048, .bytes_lt = 262144, .name = "basic_linear" },
    { .ranks_lt = 2048, .bytes_lt = ANY, .name = "basic_linear" },
    { .ranks_lt = 4096, .bytes_lt = 1024, .name = "bruck" },
    { .ranks_lt = 4096, .bytes_lt = 4096, .name = "basic_linear" },
    { .ranks_lt = 4096, .bytes_lt = 8192, .name = "basic_linear" },
    { .ranks_lt = 4096, .bytes_lt = 131072, .name = "basic_linear" },
    { .ranks_lt = 4096, .bytes_lt = ANY, .name = "basic_linear" },
    { .ranks_lt = ANY, .bytes_lt = 2048, .name = "bruck" },
    { .ranks_lt = ANY, .bytes_lt = 8192, .name = "basic_linear" },
    { .ranks_lt = ANY, .bytes_lt = 16384, .name = "basic_linear" },
    { .ranks_lt = ANY, .bytes_lt = 32768, .name = "basic_linear" },
    { .ranks_lt = ANY, .bytes_lt = 65536, .name = "basic_linear" },
    { .ranks_lt = ANY, .bytes_lt = ANY, .name = "basic_linear" },
    { .name = NULL },
};

/* ompi_coll_tuned_alltoallv_intra_dec_fixed: by size only. Open MPI: 1 basic_linear ->
 * ompi_basic_linear; 2 pairwise -> pair. */
static const struct coll_rule ompi_alltoallv_rules[] = {
    { .ranks_lt = 4, .bytes_lt = ANY, .name = "pair" },
    { .ranks_lt = 64, .bytes_lt = ANY, .name = "ompi_basic_linear" },
    { .ranks_lt = 128, .bytes_lt = ANY, .name = "pair" },
    { .ranks_lt = 256, .bytes_lt = ANY, .name = "ompi_basic_linear" },
    { .ranks_lt = 1024, .bytes_lt = ANY, .name = "pair" },
    { .ranks_lt = ANY, .bytes_lt = ANY, .name = "ompi_basic_linear" },
    { .name = NULL },
};

/* ompi_coll_tuned_barrier_intra_dec_fixed: by size only. Open MPI: 1 linear, 2 double_ring ->
 * ompi_basic_linear; 3 recursive_doubling -> ompi_recursivedoubling; 4 bruck -> ompi_bruck;
 * 5 two_proc -> ompi_two_procs; 6 tree -> ompi_tree. */
static const struct coll_rule ompi_barrier_rules[] = {
    { .ranks_lt = 4, .bytes_lt = ANY, .name = "ompi_recursivedoubling" },
    { .ranks_lt = 8, .bytes_lt = ANY, .name = "ompi_basic_linear" },
    { .ranks_lt = 64, .bytes_lt = ANY, .name = "ompi_recursivedoubling" },
    { .ranks_lt = 256, .bytes_lt = ANY, .name = "ompi_bruck" },
    { .ranks_lt = 512, .bytes_lt = ANY, .name = "ompi_tree" },
    { .ranks_lt = 1024, .bytes_lt = ANY, .name = "ompi_bruck" },
    { .ranks_lt = 4096, .bytes_lt = ANY, .name = "ompi_tree" },
    { .ranks_lt = ANY, .bytes_lt = ANY, .name = "ompi_bruck" },
    { .name = NULL },
};

/* ompi_coll_tuned_bcast_intra_dec_fixed; bytes = type size * count. Open MPI: 1 basic_linear ->
 * NTSL; 2 chain, 3 pipeline -> ompi_pipeline; 4 split_binary_tree -> ompi_split_bintree;
 * 5 binary_tree -> NTSB; 6 binomial -> binomial_tree; 7 knomial ->
 * mvapich2_knomial_intra_node; 8 scatter_allgather -> scatter_rdb_allgather;
 * 9 scatter_allgather_ring -> scatter_LR_allgather. */
static const struct coll_rule ompi_bcast_rules[] = {
    { .ranks_lt = 4, .bytes_lt = 32, .name = "ompi_pipeline" },
    { .ranks_lt = 4, .bytes_lt = 256, .name = "NTSB" },
    { .ranks_lt = 4, .bytes_lt = 512, .name = "ompi_pipeline" },
    { .ranks_lt = 4, .bytes_lt = 1024, .name = "mvapich2_knomial_intra_node" },
    { .ranks_lt = 4, .bytes_lt = 32768, .name = "NTSL" },
    { .ranks_lt = 4, .bytes_lt = 131072, .name = "NTSB" },
    { .ranks_lt = 4, .bytes_lt = 262144, .name = "ompi_pipeline" },
    { .ranks_lt = 4, .bytes_lt = 524288, .name = "NTSL" },
    { .ranks_lt = 4, .bytes_lt = 1048576, .name = "binomial_tree" },
    { .ranks_lt = 4, .bytes_lt = ANY, .name = "NTSB" },
    { .ranks_lt = 8, .bytes_lt = 64, .name = "NTSB" },
    { .ranks_lt = 8, .bytes_lt = 128, .name = "binomial_tree" },
    { .ranks_lt = 8, .bytes_lt = 2048, .name = "NTSB" },
    { .ranks_lt = 8, .bytes_lt = 8192, .name = "binomial_tree" },
    { .ranks_lt = 8, .bytes_lt = 1048576, .name = "NTSL" },
    { .ranks_lt = 8, .bytes_lt = ANY, .name = "ompi_pipeline" },
    { .ranks_lt = 16, .bytes_lt = 8, .name = "mvapich2_knomial_intra_node" },
    { .ranks_lt = 16, .bytes_lt = 64, .name = "NTSB" },
    { .ranks_lt = 16, .bytes_lt = 4096, .name = "mvapich2_knomial_intra_node" },
    { .ranks_lt = 16, .bytes_lt = 16384, .name = "NTSB" },
    { .ranks_lt = 16, .bytes_lt = 32768, .name = "binomial_tree" },
    { .ranks_lt = 16, .bytes_lt = ANY, .name = "NTSL" },
    { .ranks_lt = 32, .bytes_lt = 4096, .name = "mvapich2_knomial_intra_node" },
    { .ranks_lt = 32, .bytes_lt = 1048576, .name = "binomial_tree" },
    { .ranks_lt = 32, .bytes_lt = ANY, .name = "scatter_rdb_allgather" },
    { .ranks_lt = 64, .bytes_lt = 2048, .name = "binomial_tree" },
    { .ranks_lt = 64, .bytes_lt = ANY, .name = "mvapich2_knomial_intra_node" },
    { .ranks_lt = 128, .bytes_lt = ANY, .name = "mvapich2_knomial_intra_node" },
    { .ranks_lt = 256, .bytes_lt = 2, .name = "binomial_tree" },
    { .ranks_lt = 256, .bytes_lt = 16384, .name = "NTSB" },
    { .ranks_lt = 256, .bytes_lt = 32768, .name = "NTSL" },
    { .ranks_lt = 256, .bytes_lt = 65536, .name = "NTSB" },
    { .ranks_lt = 256, .bytes_lt = ANY, .name = "mvapich2_knomial_intra_node" },
    { .ranks_lt = 1024, .bytes_lt = 16384, .name = "mvapich2_knomial_intra_node" },
    { .ranks_lt = 1024, .bytes_lt = 32768, .name = "ompi_split_bintree" },
    { .ranks_lt = 1024, .bytes_lt = ANY, .name = "mvapich2_knomial_intra_node" },
    { .ranks_lt = 2048, .bytes_lt = 524288, .name = "mvapich2_knomial_intra_node" },
    { .ranks_lt = 2048, .bytes_lt = ANY, .name = "scatter_rdb_allgather" },
    { .ranks_lt = 4096, .bytes_lt = 262144, .name = "mvapich2_knomial_intra_node" },
    { .ranks_lt = 4096, .bytes_lt = ANY, .name = "scatter_rdb_allgather" },
    { .ranks_lt = ANY, .bytes_lt = 8192, .name = "mvapich2_knomial_intra_node" },
    { .ranks_lt = ANY, .bytes_lt = 16384, .name = "NTSB" },
    { .ranks_lt = ANY, .bytes_lt = 262144, .name = "mvapich2_knomial_intra_node" },
    { .ranks_lt = ANY, .bytes_lt = ANY, .name = "scatter_rdb_allgather" },
    { .name = NULL },
};

/* ompi_coll_tuned_reduce_intra_dec_fixed; bytes = type size * count. Open MPI: 1 linear ->
 * ompi_basic_linear; 2 chain -> ompi_chain; 3 pipeline -> ompi_pipeline; 4 binary ->
 * ompi_binary; 5 binomial -> ompi_binomial; 6 in-order_binary -> ompi_in_order_binary;
 * 7 rabenseifner -> ompi_basic_linear (SMPI: "our rab can't be used with all datatypes").
 * Only linear and in-order binary handle non-commutative ops: NC rows come first. */
static const struct coll_rule ompi_reduce_rules[] = {
    { .when = NC, .ranks_lt = 4, .bytes_lt = 8, .name = "ompi_in_order_binary" },
    { .when = NC, .ranks_lt = 4, .bytes_lt = ANY, .name = "ompi_basic_linear" },
    { .when = NC, .ranks_lt = 8, .bytes_lt = ANY, .name = "ompi_basic_linear" },
    { .when = NC, .ranks_lt = 16, .bytes_lt = 1024, .name = "ompi_in_order_binary" },
    { .when = NC, .ranks_lt = 16, .bytes_lt = 8192, .name = "ompi_basic_linear" },
    { .when = NC, .ranks_lt = 16, .bytes_lt = 16384, .name = "ompi_in_order_binary" },
    { .when = NC, .ranks_lt = 16, .bytes_lt = 262144, .name = "ompi_basic_linear" },
    { .when = NC, .ranks_lt = 16, .bytes_lt = ANY, .name = "ompi_in_order_binary" },
    { .when = NC, .ranks_lt = 128, .bytes_lt = ANY, .name = "ompi_in_order_binary" },
    { .when = NC, .ranks_lt = 256, .bytes_lt = 512, .name = "ompi_in_order_binary" },
    { .when = NC, .ranks_lt = 256, .bytes_lt = 1024, .name = "ompi_basic_linear" },
    { .when = NC, .ranks_lt = 256, .bytes_lt = ANY, .name = "ompi_in_order_binary" },
    { .when = NC, .ranks_lt = ANY, .bytes_lt = ANY, .name = "ompi_in_order_binary" },
    { .ranks_lt = 4, .bytes_lt = 8, .name = "ompi_basic_linear" },
    { .ranks_lt = 4, .bytes_lt = 16, .name = "ompi_binary" },
    { .ranks_lt = 4, .bytes_lt = 32, .name = "ompi_pipeline" },
    { .ranks_lt = 4, .bytes_lt = 262144, .name = "ompi_basic_linear" },
    { .ranks_lt = 4, .bytes_lt = 524288, .name = "ompi_pipeline" },
    { .ranks_lt = 4, .bytes_lt = 1048576, .name = "ompi_chain" },
    { .ranks_lt = 4, .bytes_lt = ANY, .name = "ompi_pipeline" },
    { .ranks_lt = 8, .bytes_lt = 4096, .name = "ompi_binary" },
    { .ranks_lt = 8, .bytes_lt = 65536, .name = "ompi_chain" },
    { .ranks_lt = 8, .bytes_lt = 262144, .name = "ompi_binomial" },
    { .ranks_lt = 8, .bytes_lt = 524288, .name = "ompi_basic_linear" },
    { .ranks_lt = 8, .bytes_lt = 1048576, .name = "ompi_binomial" },
    { .ranks_lt = 8, .bytes_lt = ANY, .name = "ompi_basic_linear" },
    { .ranks_lt = 16, .bytes_lt = 8192, .name = "ompi_binary" },
    { .ranks_lt = 16, .bytes_lt = ANY, .name = "ompi_binomial" },
    { .ranks_lt = 32, .bytes_lt = 4096, .name = "ompi_binary" },
    { .ranks_lt = 32, .bytes_lt = ANY, .name = "ompi_binomial" },
    { .ranks_lt = 256, .bytes_lt = ANY, .name = "ompi_binomial" },
    { .ranks_lt = 512, .bytes_lt = 8192, .name = "ompi_binomial" },
    { .ranks_lt = 512, .bytes_lt = 16384, .name = "ompi_in_order_binary" },
    { .ranks_lt = 512, .bytes_lt = ANY, .name = "ompi_binomial" },
    { .ranks_lt = 2048, .bytes_lt = ANY, .name = "ompi_binomial" },
    { .ranks_lt = 4096, .bytes_lt = 512, .name = "ompi_binomial" },
    { .ranks_lt = 4096, .bytes_lt = 1024, .name = "ompi_in_order_binary" },
    { .ranks_lt = 4096, .bytes_lt = 8192, .name = "ompi_binomial" },
    { .ranks_lt = 4096, .bytes_lt = 16384, .name = "ompi_in_order_binary" },
    { .ranks_lt = 4096, .bytes_lt = ANY, .name = "ompi_binomial" },
    { .ranks_lt = ANY, .bytes_lt = 16, .name = "ompi_binomial" },
    { .ranks_lt = ANY, .bytes_lt = 32, .name = "ompi_in_order_binary" },
    { .ranks_lt = ANY, .bytes_lt = 1024, .name = "ompi_binomial" },
    { .ranks_lt = ANY, .bytes_lt = 2048, .name = "ompi_in_order_binary" },
    { .ranks_lt = ANY, .bytes_lt = 8192, .name = "ompi_binomial" },
    { .ranks_lt = ANY, .bytes_lt = 16384, .name = "ompi_in_order_binary" },
    { .ranks_lt = ANY, .bytes_lt = ANY, .name = "ompi_binomial" },
    { .name = NULL },
};

/* ompi_coll_tuned_reduce_scatter_intra_dec_fixed; bytes = type size * sum of the counts.
 * Open MPI: 1 non-overlapping -> SMPI's default reduce_scatter (the "default" selector);
 * 2 recursive_halving -> ompi_basic_recursivehalving; 3 ring -> ompi_ring; 4 butterfly ->
 * ompi_butterfly. Non-commutative ops always take 1 (SMPI keeps Open MPI's zero-count test
 * commented out). */
static const struct coll_rule ompi_reduce_scatter_rules[] = {
    { .when = NC, .ranks_lt = ANY, .bytes_lt = ANY, .name = "default" },
    { .ranks_lt = 4, .bytes_lt = 65536, .name = "ompi_ring" },
    { .ranks_lt = 4, .bytes_lt = 131072, .name = "ompi_butterfly" },
    { .ranks_lt = 4, .bytes_lt = ANY, .name = "ompi_ring" },
    { .ranks_lt = 8, .bytes_lt = 8, .name = "default" },
    { .ranks_lt = 8, .bytes_lt = 262144, .name = "ompi_basic_recursivehalving" },
    { .ranks_lt = 8, .bytes_lt = ANY, .name = "ompi_ring" },
    { .ranks_lt = 32, .bytes_lt = 262144, .name = "ompi_basic_recursivehalving" },
    { .ranks_lt = 32, .bytes_lt = ANY, .name = "ompi_ring" },
    { .ranks_lt = 64, .bytes_lt = 64, .name = "default" },
    { .ranks_lt = 64, .bytes_lt = 2048, .name = "ompi_basic_recursivehalving" },
    { .ranks_lt = 64, .bytes_lt = 524288, .name = "ompi_butterfly" },
    { .ranks_lt = 64, .bytes_lt = ANY, .name = "ompi_ring" },
    { .ranks_lt = 128, .bytes_lt = 256, .name = "default" },
    { .ranks_lt = 128, .bytes_lt = 512, .name = "ompi_basic_recursivehalving" },
    { .ranks_lt = 128, .bytes_lt = 2048, .name = "ompi_butterfly" },
    { .ranks_lt = 128, .bytes_lt = 4096, .name = "ompi_basic_recursivehalving" },
    { .ranks_lt = 128, .bytes_lt = ANY, .name = "ompi_butterfly" },
    { .ranks_lt = 256, .bytes_lt = 256, .name = "default" },
    { .ranks_lt = 256, .bytes_lt = 512, .name = "ompi_basic_recursivehalving" },
    { .ranks_lt = 256, .bytes_lt = ANY, .name = "ompi_butterfly" },
    { .ranks_lt = 512, .bytes_lt = 256, .name = "default" },
    { .ranks_lt = 512, .bytes_lt = 1024, .name = "ompi_basic_recursivehalving" },
    { .ranks_lt = 512, .bytes_lt = ANY, .name = "ompi_butterfly" },
    { .ranks_lt = 1024, .bytes_lt = 512, .name = "default" },
    { .ranks_lt = 1024, .bytes_lt = 2048, .name = "ompi_basic_recursivehalving" },
    { .ranks_lt = 1024, .bytes_lt = 8192, .name = "ompi_butterfly" },
    { .ranks_lt = 1024, .bytes_lt = 16384, .name = "ompi_basic_recursivehalving" },
    { .ranks_lt = 1024, .bytes_lt = ANY, .name = "ompi_butterfly" },
    { .ranks_lt = 2048, .bytes_lt = 512, .name = "default" },
    { .ranks_lt = 2048, .bytes_lt = 4096, .name = "ompi_basic_recursivehalving" },
    { .ranks_lt = 2048, .bytes_lt = 16384, .name = "ompi_butterfly" },
    { .ranks_lt = 2048, .bytes_lt = 32768, .name = "ompi_basic_recursivehalving" },
    { .ranks_lt = 2048, .bytes_lt = ANY, .name = "ompi_butterfly" },
    { .ranks_lt = 4096, .bytes_lt = 512, .name = "default" },
    { .ranks_lt = 4096, .bytes_lt = 4096, .name = "ompi_basic_recursivehalving" },
    { .ranks_lt = 4096, .bytes_lt = ANY, .name = "ompi_butterfly" },
    { .ranks_lt = ANY, .bytes_lt = 1024, .name = "default" },
    { .ranks_lt = ANY, .bytes_lt = 8192, .name = "ompi_basic_recursivehalving" },
    { .ranks_lt = ANY, .bytes_lt = ANY, .name = "ompi_butterfly" },
    { .name = NULL },
};

/* ompi_coll_tuned_allgather_intra_dec_fixed; bytes = send type size * scount (the receive
 * type's with MPI_IN_PLACE). Open MPI: 1 linear -> NTSLR_NB; 2 bruck -> bruck;
 * 3 recursive_doubling -> rdb; 4 ring -> ring; 5 neighbor -> ompi_neighborexchange;
 * 6 two_proc -> pair. */
static const struct coll_rule ompi_allgather_rules[] = {
    { .ranks_ge = 2, .ranks_lt = 3, .bytes_lt = ANY, .name = "pair" },
    { .ranks_lt = 32, .bytes_lt = ANY, .name = "rdb" },
    { .ranks_lt = 64, .bytes_lt = 1024, .name = "rdb" },
    { .ranks_lt = 64, .bytes_lt = 65536, .name = "ompi_neighborexchange" },
    { .ranks_lt = 64, .bytes_lt = ANY, .name = "ring" },
    { .ranks_lt = 128, .bytes_lt = 512, .name = "rdb" },
    { .ranks_lt = 128, .bytes_lt = 65536, .name = "ompi_neighborexchange" },
    { .ranks_lt = 128, .bytes_lt = ANY, .name = "ring" },
    { .ranks_lt = 256, .bytes_lt = 512, .name = "rdb" },
    { .ranks_lt = 256, .bytes_lt = 131072, .name = "ompi_neighborexchange" },
    { .ranks_lt = 256, .bytes_lt = 524288, .name = "ring" },
    { .ranks_lt = 256, .bytes_lt = 1048576, .name = "ompi_neighborexchange" },
    { .ranks_lt = 256, .bytes_lt = ANY, .name = "ring" },
    { .ranks_lt = 512, .bytes_lt = 32, .name = "rdb" },
    { .ranks_lt = 512, .bytes_lt = 128, .name = "bruck" },
    { .ranks_lt = 512, .bytes_lt = 1024, .name = "rdb" },
    { .ranks_lt = 512, .bytes_lt = 131072, .name = "ompi_neighborexchange" },
    { .ranks_lt = 512, .bytes_lt = 524288, .name = "ring" },
    { .ranks_lt = 512, .bytes_lt = 1048576, .name = "ompi_neighborexchange" },
    { .ranks_lt = 512, .bytes_lt = ANY, .name = "ring" },
    { .ranks_lt = 1024, .bytes_lt = 64, .name = "rdb" },
    { .ranks_lt = 1024, .bytes_lt = 256, .name = "bruck" },
    { .ranks_lt = 1024, .bytes_lt = 2048, .name = "rdb" },
    { .ranks_lt = 1024, .bytes_lt = ANY, .name = "ompi_neighborexchange" },
    { .ranks_lt = 2048, .bytes_lt = 4, .name = "rdb" },
    { .ranks_lt = 2048, .bytes_lt = 8, .name = "bruck" },
    { .ranks_lt = 2048, .bytes_lt = 16, .name = "rdb" },
    { .ranks_lt = 2048, .bytes_lt = 32, .name = "bruck" },
    { .ranks_lt = 2048, .bytes_lt = 256, .name = "rdb" },
    { .ranks_lt = 2048, .bytes_lt = 512, .name = "bruck" },
    { .ranks_lt = 2048, .bytes_lt = 4096, .name = "rdb" },
    { .ranks_lt = 2048, .bytes_lt = ANY, .name = "ompi_neighborexchange" },
    { .ranks_lt = 4096, .bytes_lt = 32, .name = "bruck" },
    { .ranks_lt = 4096, .bytes_lt = 128, .name = "rdb" },
    { .ranks_lt = 4096, .bytes_lt = 512, .name = "bruck" },
    { .ranks_lt = 4096, .bytes_lt = 4096, .name = "rdb" },
    { .ranks_lt = 4096, .bytes_lt = ANY, .name = "ompi_neighborexchange" },
    { .ranks_lt = ANY, .bytes_lt = 2, .name = "rdb" },
    { .ranks_lt = ANY, .bytes_lt = 8, .name = "bruck" },
    { .ranks_lt = ANY, .bytes_lt = 16, .name = "rdb" },
    { .ranks_lt = ANY, .bytes_lt = 512, .name = "bruck" },
    { .ranks_lt = ANY, .bytes_lt = 4096, .name = "rdb" },
    { .ranks_lt = ANY, .bytes_lt = ANY, .name = "ompi_neighborexchange" },
    { .name = NULL },
};

/* ompi_coll_tuned_allgatherv_intra_dec_fixed; bytes = the per-rank average, send type size
 * (the receive type's with MPI_IN_PLACE) times the sum of the counts, divided by the size.
 * Open MPI: 1 default -> GB; 2 bruck -> ompi_bruck; 3 ring -> mpich_ring; 4 neighbor ->
 * ompi_neighborexchange; 5 two_proc -> pair. */
static const struct coll_rule ompi_allgatherv_rules[] = {
    { .ranks_ge = 2, .ranks_lt = 3, .bytes_lt = 2048, .name = "mpich_ring" },
    { .ranks_ge = 2, .ranks_lt = 3, .bytes_lt = 4096, .name = "pair" },
    { .ranks_ge = 2, .ranks_lt = 3, .bytes_lt = 8192, .name = "mpich_ring" },
    { .ranks_ge = 2, .ranks_lt = 3, .bytes_lt = ANY, .name = "pair" },
    { .ranks_lt = 8, .bytes_lt = 256, .name = "GB" },
    { .ranks_lt = 8, .bytes_lt = 4096, .name = "ompi_neighborexchange" },
    { .ranks_lt = 8, .bytes_lt = 8192, .name = "mpich_ring" },
    { .ranks_lt = 8, .bytes_lt = 16384, .name = "ompi_neighborexchange" },
    { .ranks_lt = 8, .bytes_lt = 262144, .name = "ompi_bruck" },
    { .ranks_lt = 8, .bytes_lt = ANY, .name = "ompi_neighborexchange" },
    { .ranks_lt = 16, .bytes_lt = 1024, .name = "GB" },
    { .ranks_lt = 16, .bytes_lt = ANY, .name = "ompi_bruck" },
    { .ranks_lt = 32, .bytes_lt = 128, .name = "GB" },
    { .ranks_lt = 32, .bytes_lt = 262144, .name = "ompi_bruck" },
    { .ranks_lt = 32, .bytes_lt = ANY, .name = "mpich_ring" },
    { .ranks_lt = 64, .bytes_lt = 256, .name = "GB" },
    { .ranks_lt = 64, .bytes_lt = 8192, .name = "ompi_bruck" },
    { .ranks_lt = 64, .bytes_lt = ANY, .name = "mpich_ring" },
    { .ranks_lt = 128, .bytes_lt = 256, .name = "GB" },
    { .ranks_lt = 128, .bytes_lt = 4096, .name = "ompi_bruck" },
    { .ranks_lt = 128, .bytes_lt = ANY, .name = "mpich_ring" },
    { .ranks_lt = 256, .bytes_lt = 1024, .name = "ompi_bruck" },
    { .ranks_lt = 256, .bytes_lt = 65536, .name = "ompi_neighborexchange" },
    { .ranks_lt = 256, .bytes_lt = ANY, .name = "mpich_ring" },
    { .ranks_lt = 512, .bytes_lt = 1024, .name = "ompi_bruck" },
    { .ranks_lt = 512, .bytes_lt = ANY, .name = "mpich_ring" },
    { .ranks_lt = 1024, .bytes_lt = 512, .name = "ompi_bruck" },
    { .ranks_lt = 1024, .bytes_lt = 1024, .name = "GB" },
    { .ranks_lt = 1024, .bytes_lt = 4096, .name = "ompi_bruck" },
    { .ranks_lt = 1024, .bytes_lt = 1048576, .name = "ompi_neighborexchange" },
    { .ranks_lt = 1024, .bytes_lt = ANY, .name = "mpich_ring" },
    { .ranks_lt = ANY, .bytes_lt = 4096, .name = "ompi_bruck" },
    { .ranks_lt = ANY, .bytes_lt = ANY, .name = "ompi_neighborexchange" },
    { .name = NULL },
};

/* ompi_coll_tuned_gather_intra_dec_fixed; bytes = receive type size * rcount at the root, send
 * type size * scount elsewhere. Open MPI: 1 basic_linear -> ompi_basic_linear; 2 binomial ->
 * ompi_binomial; 3 linear_sync -> ompi_linear_sync. */
static const struct coll_rule ompi_gather_rules[] = {
    { .ranks_lt = 4, .bytes_lt = 2, .name = "ompi_linear_sync" },
    { .ranks_lt = 4, .bytes_lt = 4, .name = "ompi_basic_linear" },
    { .ranks_lt = 4, .bytes_lt = 32768, .name = "ompi_binomial" },
    { .ranks_lt = 4, .bytes_lt = 65536, .name = "ompi_basic_linear" },
    { .ranks_lt = 4, .bytes_lt = 131072, .name = "ompi_binomial" },
    { .ranks_lt = 4, .bytes_lt = ANY, .name = "ompi_linear_sync" },
    { .ranks_lt = 8, .bytes_lt = 1024, .name = "ompi_binomial" },
    { .ranks_lt = 8, .bytes_lt = 8192, .name = "ompi_basic_linear" },
    { .ranks_lt = 8, .bytes_lt = 32768, .name = "ompi_binomial" },
    { .ranks_lt = 8, .bytes_lt = 262144, .name = "ompi_basic_linear" },
    { .ranks_lt = 8, .bytes_lt = ANY, .name = "ompi_linear_sync" },
    { .ranks_lt = 256, .bytes_lt = ANY, .name = "ompi_binomial" },
    { .ranks_lt = 512, .bytes_lt = 2048, .name = "ompi_binomial" },
    { .ranks_lt = 512, .bytes_lt = 8192, .name = "ompi_basic_linear" },
    { .ranks_lt = 512, .bytes_lt = ANY, .name = "ompi_binomial" },
    { .ranks_lt = ANY, .bytes_lt = ANY, .name = "ompi_binomial" },
    { .name = NULL },
};

/* ompi_coll_tuned_scatter_intra_dec_fixed; bytes = send type size * scount at the root,
 * receive type size * rcount elsewhere. Open MPI: 1 basic_linear -> ompi_basic_linear;
 * 2 binomial -> ompi_binomial; 3 linear_nb -> ompi_linear_nb. */
static const struct coll_rule ompi_scatter_rules[] = {
    { .ranks_lt = 4, .bytes_lt = 2, .name = "ompi_linear_nb" },
    { .ranks_lt = 4, .bytes_lt = 131072, .name = "ompi_basic_linear" },
    { .ranks_lt = 4, .bytes_lt = 262144, .name = "ompi_linear_nb" },
    { .ranks_lt = 4, .bytes_lt = ANY, .name = "ompi_basic_linear" },
    { .ranks_lt = 8, .bytes_lt = 2048, .name = "ompi_binomial" },
    { .ranks_lt = 8, .bytes_lt = 4096, .name = "ompi_basic_linear" },
    { .ranks_lt = 8, .bytes_lt = 8192, .name = "ompi_binomial" },
    { .ranks_lt = 8, .bytes_lt = 32768, .name = "ompi_basic_linear" },
    { .ranks_lt = 8, .bytes_lt = 1048576, .name = "ompi_linear_nb" },
    { .ranks_lt = 8, .bytes_lt = ANY, .name = "ompi_basic_linear" },
    { .ranks_lt = 16, .bytes_lt = 16384, .name = "ompi_binomial" },
    { .ranks_lt = 16, .bytes_lt = 1048576, .name = "ompi_linear_nb" },
    { .ranks_lt = 16, .bytes_lt = ANY, .name = "ompi_basic_linear" },
    { .ranks_lt = 32, .bytes_lt = 16384, .name = "ompi_binomial" },
    { .ranks_lt = 32, .bytes_lt = 32768, .name = "ompi_basic_linear" },
    { .ranks_lt = 32, .bytes_lt = ANY, .name = "ompi_linear_nb" },
    { .ranks_lt = 64, .bytes_lt = 512, .name = "ompi_binomial" },
    { .ranks_lt = 64, .bytes_lt = 8192, .name = "ompi_linear_nb" },
    { .ranks_lt = 64, .bytes_lt = 16384, .name = "ompi_binomial" },
    { .ranks_lt = 64, .bytes_lt = ANY, .name = "ompi_linear_nb" },
    { .ranks_lt = ANY, .bytes_lt = 512, .name = "ompi_binomial" },
    { .ranks_lt = ANY, .bytes_lt = ANY, .name = "ompi_linear_nb" },
    { .name = NULL },
};

static const struct coll_rule *const ompi_rules[COLL_NKINDS] = {
    [COLL_BARRIER] = ompi_barrier_rules,
    [COLL_BCAST] = ompi_bcast_rules,
    [COLL_REDUCE] = ompi_reduce_rules,
    [COLL_ALLREDUCE] = ompi_allreduce_rules,
    [COLL_ALLTOALL] = ompi_alltoall_rules,
    [COLL_ALLTOALLV] = ompi_alltoallv_rules,
    [COLL_ALLGATHER] = ompi_allgather_rules,
    [COLL_ALLGATHERV] = ompi_allgatherv_rules,
    [COLL_GATHER] = ompi_gather_rules,
    [COLL_SCATTER] = ompi_scatter_rules,
    [COLL_REDUCE_SCATTER] = ompi_reduce_scatter_rules,
};

/* Where SMPI's ompi selector picks an algorithm that cannot run. */
const struct coll_subst coll__subst_ompi[] = {
    /* alltoall, 3 to 7 ranks and 512 KiB to 1 MiB per block: Open MPI's pairwise exchange is
     * SMPI's pair, which throws at sizes that are not powers of two; Open MPI's own pairwise
     * (coll_base_alltoall.c) runs at any size, one step per peer, like SMPI's ring. */
    { .kind = COLL_ALLTOALL, .smpi = "pair", .instead = "ring" },
    /* alltoallv, 3 ranks: Open MPI's pairwise exchange is SMPI's pair, which throws at sizes
     * that are not powers of two; Open MPI's own (send to rank + i, receive from rank - i)
     * runs at any size: SMPI's ring. */
    { .kind = COLL_ALLTOALLV, .smpi = "pair", .instead = "ring" },
    /* allreduce, count 0 on a commutative op at 16 to 63 ranks: SMPI's
     * ompi_ring_segmented divides by zero; Open MPI's MPI_Allreduce returns before any
     * algorithm when count is 0, and so does this simulator. */
    { .kind = COLL_ALLREDUCE,
      .smpi = "ompi_ring_segmented",
      .when = COLL_WHEN_ZERO,
      .instead = COLL_NOTHING },
    /* bcast, count 0 below 4 ranks: SMPI's ompi_pipeline divides by zero; Open MPI's MPI_Bcast
     * returns before any algorithm when count is 0, and so does this simulator. */
    { .kind = COLL_BCAST,
      .smpi = "ompi_pipeline",
      .when = COLL_WHEN_ZERO,
      .instead = COLL_NOTHING },
    /* reduce_scatter, counts that leave exactly one half of a recursive-halving step empty:
     * SMPI's ompi_basic_recursivehalving computes wrong data. Open MPI's decision function
     * sends any call with a zero count to its non-overlapping algorithm (SMPI comments that
     * test out): SMPI's default reduce_scatter. */
    { .kind = COLL_REDUCE_SCATTER, .smpi = "ompi_basic_recursivehalving", .instead = "default" },
    { .smpi = NULL },
};

void coll__select_ompi_check(void)
{
    for (int k = 0; k < COLL_NKINDS; k++)
        if (ompi_rules[k])
            coll__rules_check(ompi_rules[k], "ompi", (enum coll_kind)k);
}

/* The size of the send type, or of the receive type when the send buffer is MPI_IN_PLACE. */
static size_t send_type_size(const struct coll_args *a)
{
    return smpi_type_size(a->sbuf != MPI_IN_PLACE ? a->stype : a->rtype);
}

/* The bytes each collective's Open MPI rules decide on, as SMPI 3.32 computes them: the block
 * the descriptor counts (coll_call_bytes), except for allgatherv (the mean block, in the send
 * type) and reduce_scatter (the whole vector). */
static size_t ompi_bytes(enum coll_kind k, const struct coll_args *a, int size)
{
    if (k == COLL_ALLGATHERV)
        return send_type_size(a) * coll__sum(a->rcounts, size) / (size_t)size;
    if (k == COLL_REDUCE_SCATTER)
        return coll__sum(a->rcounts, size) * smpi_type_size(a->type);
    return coll_call_bytes(k, a);
}

const struct coll_algo *coll__pick_ompi(enum coll_kind k, struct coll_args *b)
{
    struct coll_facts f;

    if (!ompi_rules[k])
        return coll_algos(k);
    coll__facts_init(&f, k, b);
    f.bytes = ompi_bytes(k, b, f.ranks);
    return coll__rules_pick(ompi_rules[k], &f, k, b);
}
