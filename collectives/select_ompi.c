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
static struct coll_rule ompi_allreduce_rules[] = {
    /* when  ranks<  bytes<    algorithm */
    { NC, 4, 131072, "rdb" },
    { NC, 4, ANY, "redbcast" },
    { NC, 8, ANY, "rdb" },
    { NC, 16, 1048576, "rdb" },
    { NC, 16, ANY, "redbcast" },
    { NC, 128, ANY, "rdb" },
    { NC, 256, 131072, "redbcast" },
    { NC, 256, 524288, "rdb" },
    { NC, 256, ANY, "redbcast" },
    { NC, 512, 4096, "redbcast" },
    { NC, 512, 524288, "rdb" },
    { NC, 512, ANY, "redbcast" },
    { NC, ANY, 2048, "redbcast" },
    { NC, ANY, ANY, "rdb" },
    { 0, 4, 8, "lr" },
    { 0, 4, 4096, "rdb" },
    { 0, 4, 8192, "lr" },
    { 0, 4, 16384, "rdb" },
    { 0, 4, 65536, "lr" },
    { 0, 4, 262144, "ompi_ring_segmented" },
    { 0, 4, ANY, "rab_rdb" },
    { 0, 8, 16, "lr" },
    { 0, 8, 8192, "rdb" },
    { 0, 8, ANY, "rab_rdb" },
    { 0, 16, 8192, "rdb" },
    { 0, 16, ANY, "rab_rdb" },
    { 0, 32, 64, "ompi_ring_segmented" },
    { 0, 32, 4096, "rdb" },
    { 0, 32, ANY, "rab_rdb" },
    { 0, 64, 128, "ompi_ring_segmented" },
    { 0, 64, ANY, "rab_rdb" },
    { 0, 128, 262144, "rdb" },
    { 0, 128, ANY, "rab_rdb" },
    { 0, 256, 131072, "redbcast" },
    { 0, 256, 262144, "rdb" },
    { 0, 256, ANY, "rab_rdb" },
    { 0, 512, 4096, "redbcast" },
    { 0, 512, ANY, "rab_rdb" },
    { 0, 2048, 2048, "redbcast" },
    { 0, 2048, 16384, "rdb" },
    { 0, 2048, ANY, "rab_rdb" },
    { 0, 4096, 2048, "redbcast" },
    { 0, 4096, 4096, "ompi_ring_segmented" },
    { 0, 4096, 16384, "rdb" },
    { 0, 4096, ANY, "rab_rdb" },
    { 0, ANY, 2048, "redbcast" },
    { 0, ANY, 16384, "ompi_ring_segmented" },
    { 0, ANY, 32768, "rdb" },
    { 0, ANY, ANY, "rab_rdb" },
    { 0 },
};

/* ompi_coll_tuned_alltoall_intra_dec_fixed; bytes = send type size * scount (the receive type's
 * with MPI_IN_PLACE). Open MPI: 1 linear, 4 linear_sync, 5 two_proc -> basic_linear;
 * 2 pairwise -> pair; 3 modified_bruck -> bruck. */
static struct coll_rule ompi_alltoall_rules[] = {
    /* when  ranks<  bytes<    algorithm        (ranks == 2 for the first rows) */
    { 0, 3, 2, "pair", .ranks_ge = 2 },
    { 0, 3, 4, "basic_linear", .ranks_ge = 2 },
    { 0, 3, 16, "pair", .ranks_ge = 2 },
    { 0, 3, 64, "basic_linear", .ranks_ge = 2 },
    { 0, 3, 256, "pair", .ranks_ge = 2 },
    { 0, 3, 4096, "basic_linear", .ranks_ge = 2 },
    { 0, 3, 32768, "pair", .ranks_ge = 2 },
    { 0, 3, 262144, "basic_linear", .ranks_ge = 2 },
    { 0, 3, 1048576, "basic_linear", .ranks_ge = 2 },
    { 0, 3, ANY, "pair", .ranks_ge = 2 },
    { 0, 8, 8192, "basic_linear" },
    { 0, 8, 16384, "basic_linear" },
    { 0, 8, 65536, "basic_linear" },
    { 0, 8, 524288, "basic_linear" },
    { 0, 8, 1048576, "pair" },
    { 0, 8, ANY, "basic_linear" },
    { 0, 16, 262144, "basic_linear" },
    { 0, 16, ANY, "basic_linear" },
    { 0, 32, 4, "basic_linear" },
    { 0, 32, 512, "bruck" },
    { 0, 32, 8192, "basic_linear" },
    { 0, 32, 32768, "basic_linear" },
    { 0, 32, 262144, "basic_linear" },
    { 0, 32, 524288, "basic_linear" },
    { 0, 32, ANY, "basic_linear" },
    { 0, 64, 512, "bruck" },
    { 0, 64, 524288, "basic_linear" },
    { 0, 64, ANY, "basic_linear" },
    { 0, 128, 1024, "bruck" },
    { 0, 128, 2048, "basic_linear" },
    { 0, 128, 4096, "basic_linear" },
    { 0, 128, 262144, "basic_linear" },
    { 0, 128, ANY, "pair" },
    { 0, 256, 1024, "bruck" },
    { 0, 256, 2048, "basic_linear" },
    { 0, 256, 262144, "basic_linear" },
    { 0, 256, ANY, "pair" },
    { 0, 512, 1024, "bruck" },
    { 0, 512, 8192, "basic_linear" },
    { 0, 512, 32768, "basic_linear" },
    { 0, 512, ANY, "pair" },
    { 0, 1024, 512, "bruck" },
    { 0, 1024, 8192, "basic_linear" },
    { 0, 1024, 16384, "basic_linear" },
    { 0, 1024, 131072, "basic_linear" },
    { 0, 1024, 262144, "basic_linear" },
    { 0, 1024, ANY, "pair" },
    { 0, 2048, 512, "bruck" },
    { 0, 2048, 1024, "basic_linear" },
    { 0, 2048, 2048, "basic_linear" },
    { 0, 2048, 16384, "basic_linear" },
    { 0, 2048, 262144, "basic_linear" },
    { 0, 2048, ANY, "basic_linear" },
    { 0, 4096, 1024, "bruck" },
    { 0, 4096, 4096, "basic_linear" },
    { 0, 4096, 8192, "basic_linear" },
    { 0, 4096, 131072, "basic_linear" },
    { 0, 4096, ANY, "basic_linear" },
    { 0, ANY, 2048, "bruck" },
    { 0, ANY, 8192, "basic_linear" },
    { 0, ANY, 16384, "basic_linear" },
    { 0, ANY, 32768, "basic_linear" },
    { 0, ANY, 65536, "basic_linear" },
    { 0, ANY, ANY, "basic_linear" },
    { 0 },
};

/* ompi_coll_tuned_alltoallv_intra_dec_fixed: by size only. Open MPI: 1 basic_linear ->
 * ompi_basic_linear; 2 pairwise -> pair. */
static struct coll_rule ompi_alltoallv_rules[] = {
    { 0, 4, ANY, "pair" },
    { 0, 64, ANY, "ompi_basic_linear" },
    { 0, 128, ANY, "pair" },
    { 0, 256, ANY, "ompi_basic_linear" },
    { 0, 1024, ANY, "pair" },
    { 0, ANY, ANY, "ompi_basic_linear" },
    { 0 },
};

/* ompi_coll_tuned_barrier_intra_dec_fixed: by size only. Open MPI: 1 linear, 2 double_ring ->
 * ompi_basic_linear; 3 recursive_doubling -> ompi_recursivedoubling; 4 bruck -> ompi_bruck;
 * 5 two_proc -> ompi_two_procs; 6 tree -> ompi_tree. */
static struct coll_rule ompi_barrier_rules[] = {
    { 0, 4, ANY, "ompi_recursivedoubling" },
    { 0, 8, ANY, "ompi_basic_linear" },
    { 0, 64, ANY, "ompi_recursivedoubling" },
    { 0, 256, ANY, "ompi_bruck" },
    { 0, 512, ANY, "ompi_tree" },
    { 0, 1024, ANY, "ompi_bruck" },
    { 0, 4096, ANY, "ompi_tree" },
    { 0, ANY, ANY, "ompi_bruck" },
    { 0 },
};

/* ompi_coll_tuned_bcast_intra_dec_fixed; bytes = type size * count. Open MPI: 1 basic_linear ->
 * NTSL; 2 chain, 3 pipeline -> ompi_pipeline; 4 split_binary_tree -> ompi_split_bintree;
 * 5 binary_tree -> NTSB; 6 binomial -> binomial_tree; 7 knomial ->
 * mvapich2_knomial_intra_node; 8 scatter_allgather -> scatter_rdb_allgather;
 * 9 scatter_allgather_ring -> scatter_LR_allgather. */
static struct coll_rule ompi_bcast_rules[] = {
    { 0, 4, 32, "ompi_pipeline" },
    { 0, 4, 256, "NTSB" },
    { 0, 4, 512, "ompi_pipeline" },
    { 0, 4, 1024, "mvapich2_knomial_intra_node" },
    { 0, 4, 32768, "NTSL" },
    { 0, 4, 131072, "NTSB" },
    { 0, 4, 262144, "ompi_pipeline" },
    { 0, 4, 524288, "NTSL" },
    { 0, 4, 1048576, "binomial_tree" },
    { 0, 4, ANY, "NTSB" },
    { 0, 8, 64, "NTSB" },
    { 0, 8, 128, "binomial_tree" },
    { 0, 8, 2048, "NTSB" },
    { 0, 8, 8192, "binomial_tree" },
    { 0, 8, 1048576, "NTSL" },
    { 0, 8, ANY, "ompi_pipeline" },
    { 0, 16, 8, "mvapich2_knomial_intra_node" },
    { 0, 16, 64, "NTSB" },
    { 0, 16, 4096, "mvapich2_knomial_intra_node" },
    { 0, 16, 16384, "NTSB" },
    { 0, 16, 32768, "binomial_tree" },
    { 0, 16, ANY, "NTSL" },
    { 0, 32, 4096, "mvapich2_knomial_intra_node" },
    { 0, 32, 1048576, "binomial_tree" },
    { 0, 32, ANY, "scatter_rdb_allgather" },
    { 0, 64, 2048, "binomial_tree" },
    { 0, 64, ANY, "mvapich2_knomial_intra_node" },
    { 0, 128, ANY, "mvapich2_knomial_intra_node" },
    { 0, 256, 2, "binomial_tree" },
    { 0, 256, 16384, "NTSB" },
    { 0, 256, 32768, "NTSL" },
    { 0, 256, 65536, "NTSB" },
    { 0, 256, ANY, "mvapich2_knomial_intra_node" },
    { 0, 1024, 16384, "mvapich2_knomial_intra_node" },
    { 0, 1024, 32768, "ompi_split_bintree" },
    { 0, 1024, ANY, "mvapich2_knomial_intra_node" },
    { 0, 2048, 524288, "mvapich2_knomial_intra_node" },
    { 0, 2048, ANY, "scatter_rdb_allgather" },
    { 0, 4096, 262144, "mvapich2_knomial_intra_node" },
    { 0, 4096, ANY, "scatter_rdb_allgather" },
    { 0, ANY, 8192, "mvapich2_knomial_intra_node" },
    { 0, ANY, 16384, "NTSB" },
    { 0, ANY, 262144, "mvapich2_knomial_intra_node" },
    { 0, ANY, ANY, "scatter_rdb_allgather" },
    { 0 },
};

/* ompi_coll_tuned_reduce_intra_dec_fixed; bytes = type size * count. Open MPI: 1 linear ->
 * ompi_basic_linear; 2 chain -> ompi_chain; 3 pipeline -> ompi_pipeline; 4 binary ->
 * ompi_binary; 5 binomial -> ompi_binomial; 6 in-order_binary -> ompi_in_order_binary;
 * 7 rabenseifner -> ompi_basic_linear (SMPI: "our rab can't be used with all datatypes").
 * Only linear and in-order binary handle non-commutative ops: NC rows come first. */
static struct coll_rule ompi_reduce_rules[] = {
    { NC, 4, 8, "ompi_in_order_binary" },
    { NC, 4, ANY, "ompi_basic_linear" },
    { NC, 8, ANY, "ompi_basic_linear" },
    { NC, 16, 1024, "ompi_in_order_binary" },
    { NC, 16, 8192, "ompi_basic_linear" },
    { NC, 16, 16384, "ompi_in_order_binary" },
    { NC, 16, 262144, "ompi_basic_linear" },
    { NC, 16, ANY, "ompi_in_order_binary" },
    { NC, 128, ANY, "ompi_in_order_binary" },
    { NC, 256, 512, "ompi_in_order_binary" },
    { NC, 256, 1024, "ompi_basic_linear" },
    { NC, 256, ANY, "ompi_in_order_binary" },
    { NC, ANY, ANY, "ompi_in_order_binary" },
    { 0, 4, 8, "ompi_basic_linear" },
    { 0, 4, 16, "ompi_binary" },
    { 0, 4, 32, "ompi_pipeline" },
    { 0, 4, 262144, "ompi_basic_linear" },
    { 0, 4, 524288, "ompi_pipeline" },
    { 0, 4, 1048576, "ompi_chain" },
    { 0, 4, ANY, "ompi_pipeline" },
    { 0, 8, 4096, "ompi_binary" },
    { 0, 8, 65536, "ompi_chain" },
    { 0, 8, 262144, "ompi_binomial" },
    { 0, 8, 524288, "ompi_basic_linear" },
    { 0, 8, 1048576, "ompi_binomial" },
    { 0, 8, ANY, "ompi_basic_linear" },
    { 0, 16, 8192, "ompi_binary" },
    { 0, 16, ANY, "ompi_binomial" },
    { 0, 32, 4096, "ompi_binary" },
    { 0, 32, ANY, "ompi_binomial" },
    { 0, 256, ANY, "ompi_binomial" },
    { 0, 512, 8192, "ompi_binomial" },
    { 0, 512, 16384, "ompi_in_order_binary" },
    { 0, 512, ANY, "ompi_binomial" },
    { 0, 2048, ANY, "ompi_binomial" },
    { 0, 4096, 512, "ompi_binomial" },
    { 0, 4096, 1024, "ompi_in_order_binary" },
    { 0, 4096, 8192, "ompi_binomial" },
    { 0, 4096, 16384, "ompi_in_order_binary" },
    { 0, 4096, ANY, "ompi_binomial" },
    { 0, ANY, 16, "ompi_binomial" },
    { 0, ANY, 32, "ompi_in_order_binary" },
    { 0, ANY, 1024, "ompi_binomial" },
    { 0, ANY, 2048, "ompi_in_order_binary" },
    { 0, ANY, 8192, "ompi_binomial" },
    { 0, ANY, 16384, "ompi_in_order_binary" },
    { 0, ANY, ANY, "ompi_binomial" },
    { 0 },
};

/* ompi_coll_tuned_reduce_scatter_intra_dec_fixed; bytes = type size * sum of the counts.
 * Open MPI: 1 non-overlapping -> SMPI's default reduce_scatter (the "default" selector);
 * 2 recursive_halving -> ompi_basic_recursivehalving; 3 ring -> ompi_ring; 4 butterfly ->
 * ompi_butterfly. Non-commutative ops always take 1 (SMPI keeps Open MPI's zero-count test
 * commented out). */
static struct coll_rule ompi_reduce_scatter_rules[] = {
    { NC, ANY, ANY, "default" },
    { 0, 4, 65536, "ompi_ring" },
    { 0, 4, 131072, "ompi_butterfly" },
    { 0, 4, ANY, "ompi_ring" },
    { 0, 8, 8, "default" },
    { 0, 8, 262144, "ompi_basic_recursivehalving" },
    { 0, 8, ANY, "ompi_ring" },
    { 0, 32, 262144, "ompi_basic_recursivehalving" },
    { 0, 32, ANY, "ompi_ring" },
    { 0, 64, 64, "default" },
    { 0, 64, 2048, "ompi_basic_recursivehalving" },
    { 0, 64, 524288, "ompi_butterfly" },
    { 0, 64, ANY, "ompi_ring" },
    { 0, 128, 256, "default" },
    { 0, 128, 512, "ompi_basic_recursivehalving" },
    { 0, 128, 2048, "ompi_butterfly" },
    { 0, 128, 4096, "ompi_basic_recursivehalving" },
    { 0, 128, ANY, "ompi_butterfly" },
    { 0, 256, 256, "default" },
    { 0, 256, 512, "ompi_basic_recursivehalving" },
    { 0, 256, ANY, "ompi_butterfly" },
    { 0, 512, 256, "default" },
    { 0, 512, 1024, "ompi_basic_recursivehalving" },
    { 0, 512, ANY, "ompi_butterfly" },
    { 0, 1024, 512, "default" },
    { 0, 1024, 2048, "ompi_basic_recursivehalving" },
    { 0, 1024, 8192, "ompi_butterfly" },
    { 0, 1024, 16384, "ompi_basic_recursivehalving" },
    { 0, 1024, ANY, "ompi_butterfly" },
    { 0, 2048, 512, "default" },
    { 0, 2048, 4096, "ompi_basic_recursivehalving" },
    { 0, 2048, 16384, "ompi_butterfly" },
    { 0, 2048, 32768, "ompi_basic_recursivehalving" },
    { 0, 2048, ANY, "ompi_butterfly" },
    { 0, 4096, 512, "default" },
    { 0, 4096, 4096, "ompi_basic_recursivehalving" },
    { 0, 4096, ANY, "ompi_butterfly" },
    { 0, ANY, 1024, "default" },
    { 0, ANY, 8192, "ompi_basic_recursivehalving" },
    { 0, ANY, ANY, "ompi_butterfly" },
    { 0 },
};

/* ompi_coll_tuned_allgather_intra_dec_fixed; bytes = send type size * scount (the receive
 * type's with MPI_IN_PLACE). Open MPI: 1 linear -> NTSLR_NB; 2 bruck -> bruck;
 * 3 recursive_doubling -> rdb; 4 ring -> ring; 5 neighbor -> ompi_neighborexchange;
 * 6 two_proc -> pair. */
static struct coll_rule ompi_allgather_rules[] = {
    { 0, 3, ANY, "pair", .ranks_ge = 2 },
    { 0, 32, ANY, "rdb" },
    { 0, 64, 1024, "rdb" },
    { 0, 64, 65536, "ompi_neighborexchange" },
    { 0, 64, ANY, "ring" },
    { 0, 128, 512, "rdb" },
    { 0, 128, 65536, "ompi_neighborexchange" },
    { 0, 128, ANY, "ring" },
    { 0, 256, 512, "rdb" },
    { 0, 256, 131072, "ompi_neighborexchange" },
    { 0, 256, 524288, "ring" },
    { 0, 256, 1048576, "ompi_neighborexchange" },
    { 0, 256, ANY, "ring" },
    { 0, 512, 32, "rdb" },
    { 0, 512, 128, "bruck" },
    { 0, 512, 1024, "rdb" },
    { 0, 512, 131072, "ompi_neighborexchange" },
    { 0, 512, 524288, "ring" },
    { 0, 512, 1048576, "ompi_neighborexchange" },
    { 0, 512, ANY, "ring" },
    { 0, 1024, 64, "rdb" },
    { 0, 1024, 256, "bruck" },
    { 0, 1024, 2048, "rdb" },
    { 0, 1024, ANY, "ompi_neighborexchange" },
    { 0, 2048, 4, "rdb" },
    { 0, 2048, 8, "bruck" },
    { 0, 2048, 16, "rdb" },
    { 0, 2048, 32, "bruck" },
    { 0, 2048, 256, "rdb" },
    { 0, 2048, 512, "bruck" },
    { 0, 2048, 4096, "rdb" },
    { 0, 2048, ANY, "ompi_neighborexchange" },
    { 0, 4096, 32, "bruck" },
    { 0, 4096, 128, "rdb" },
    { 0, 4096, 512, "bruck" },
    { 0, 4096, 4096, "rdb" },
    { 0, 4096, ANY, "ompi_neighborexchange" },
    { 0, ANY, 2, "rdb" },
    { 0, ANY, 8, "bruck" },
    { 0, ANY, 16, "rdb" },
    { 0, ANY, 512, "bruck" },
    { 0, ANY, 4096, "rdb" },
    { 0, ANY, ANY, "ompi_neighborexchange" },
    { 0 },
};

/* ompi_coll_tuned_allgatherv_intra_dec_fixed; bytes = the per-rank average, send type size
 * (the receive type's with MPI_IN_PLACE) times the sum of the counts, divided by the size.
 * Open MPI: 1 default -> GB; 2 bruck -> ompi_bruck; 3 ring -> mpich_ring; 4 neighbor ->
 * ompi_neighborexchange; 5 two_proc -> pair. */
static struct coll_rule ompi_allgatherv_rules[] = {
    { 0, 3, 2048, "mpich_ring", .ranks_ge = 2 },
    { 0, 3, 4096, "pair", .ranks_ge = 2 },
    { 0, 3, 8192, "mpich_ring", .ranks_ge = 2 },
    { 0, 3, ANY, "pair", .ranks_ge = 2 },
    { 0, 8, 256, "GB" },
    { 0, 8, 4096, "ompi_neighborexchange" },
    { 0, 8, 8192, "mpich_ring" },
    { 0, 8, 16384, "ompi_neighborexchange" },
    { 0, 8, 262144, "ompi_bruck" },
    { 0, 8, ANY, "ompi_neighborexchange" },
    { 0, 16, 1024, "GB" },
    { 0, 16, ANY, "ompi_bruck" },
    { 0, 32, 128, "GB" },
    { 0, 32, 262144, "ompi_bruck" },
    { 0, 32, ANY, "mpich_ring" },
    { 0, 64, 256, "GB" },
    { 0, 64, 8192, "ompi_bruck" },
    { 0, 64, ANY, "mpich_ring" },
    { 0, 128, 256, "GB" },
    { 0, 128, 4096, "ompi_bruck" },
    { 0, 128, ANY, "mpich_ring" },
    { 0, 256, 1024, "ompi_bruck" },
    { 0, 256, 65536, "ompi_neighborexchange" },
    { 0, 256, ANY, "mpich_ring" },
    { 0, 512, 1024, "ompi_bruck" },
    { 0, 512, ANY, "mpich_ring" },
    { 0, 1024, 512, "ompi_bruck" },
    { 0, 1024, 1024, "GB" },
    { 0, 1024, 4096, "ompi_bruck" },
    { 0, 1024, 1048576, "ompi_neighborexchange" },
    { 0, 1024, ANY, "mpich_ring" },
    { 0, ANY, 4096, "ompi_bruck" },
    { 0, ANY, ANY, "ompi_neighborexchange" },
    { 0 },
};

/* ompi_coll_tuned_gather_intra_dec_fixed; bytes = receive type size * rcount at the root, send
 * type size * scount elsewhere. Open MPI: 1 basic_linear -> ompi_basic_linear; 2 binomial ->
 * ompi_binomial; 3 linear_sync -> ompi_linear_sync. */
static struct coll_rule ompi_gather_rules[] = {
    { 0, 4, 2, "ompi_linear_sync" },
    { 0, 4, 4, "ompi_basic_linear" },
    { 0, 4, 32768, "ompi_binomial" },
    { 0, 4, 65536, "ompi_basic_linear" },
    { 0, 4, 131072, "ompi_binomial" },
    { 0, 4, ANY, "ompi_linear_sync" },
    { 0, 8, 1024, "ompi_binomial" },
    { 0, 8, 8192, "ompi_basic_linear" },
    { 0, 8, 32768, "ompi_binomial" },
    { 0, 8, 262144, "ompi_basic_linear" },
    { 0, 8, ANY, "ompi_linear_sync" },
    { 0, 256, ANY, "ompi_binomial" },
    { 0, 512, 2048, "ompi_binomial" },
    { 0, 512, 8192, "ompi_basic_linear" },
    { 0, 512, ANY, "ompi_binomial" },
    { 0, ANY, ANY, "ompi_binomial" },
    { 0 },
};

/* ompi_coll_tuned_scatter_intra_dec_fixed; bytes = send type size * scount at the root,
 * receive type size * rcount elsewhere. Open MPI: 1 basic_linear -> ompi_basic_linear;
 * 2 binomial -> ompi_binomial; 3 linear_nb -> ompi_linear_nb. */
static struct coll_rule ompi_scatter_rules[] = {
    { 0, 4, 2, "ompi_linear_nb" },
    { 0, 4, 131072, "ompi_basic_linear" },
    { 0, 4, 262144, "ompi_linear_nb" },
    { 0, 4, ANY, "ompi_basic_linear" },
    { 0, 8, 2048, "ompi_binomial" },
    { 0, 8, 4096, "ompi_basic_linear" },
    { 0, 8, 8192, "ompi_binomial" },
    { 0, 8, 32768, "ompi_basic_linear" },
    { 0, 8, 1048576, "ompi_linear_nb" },
    { 0, 8, ANY, "ompi_basic_linear" },
    { 0, 16, 16384, "ompi_binomial" },
    { 0, 16, 1048576, "ompi_linear_nb" },
    { 0, 16, ANY, "ompi_basic_linear" },
    { 0, 32, 16384, "ompi_binomial" },
    { 0, 32, 32768, "ompi_basic_linear" },
    { 0, 32, ANY, "ompi_linear_nb" },
    { 0, 64, 512, "ompi_binomial" },
    { 0, 64, 8192, "ompi_linear_nb" },
    { 0, 64, 16384, "ompi_binomial" },
    { 0, 64, ANY, "ompi_linear_nb" },
    { 0, ANY, 512, "ompi_binomial" },
    { 0, ANY, ANY, "ompi_linear_nb" },
    { 0 },
};

static struct coll_rule *const ompi_rules[COLL_NKINDS] = {
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
struct coll_subst coll__subst_ompi[] = {
    /* alltoall, 3 to 7 ranks and 512 KiB to 1 MiB per block: Open MPI's pairwise exchange is
     * SMPI's pair, which throws at sizes that are not powers of two; Open MPI's own pairwise
     * (coll_base_alltoall.c) runs at any size, one step per peer, like SMPI's ring. */
    { COLL_ALLTOALL, "pair", 0, "ring" },
    /* alltoallv, 3 ranks: Open MPI's pairwise exchange is SMPI's pair, which throws at sizes
     * that are not powers of two; Open MPI's own (send to rank + i, receive from rank - i)
     * runs at any size: SMPI's ring. */
    { COLL_ALLTOALLV, "pair", 0, "ring" },
    /* allreduce, count 0 on a commutative op at 16 to 63 ranks: SMPI's
     * ompi_ring_segmented divides by zero; Open MPI's MPI_Allreduce returns before any
     * algorithm when count is 0, and so does this simulator. */
    { COLL_ALLREDUCE, "ompi_ring_segmented", COLL_WHEN_ZERO, COLL_NOTHING },
    /* bcast, count 0 below 4 ranks: SMPI's ompi_pipeline divides by zero; Open MPI's MPI_Bcast
     * returns before any algorithm when count is 0, and so does this simulator. */
    { COLL_BCAST, "ompi_pipeline", COLL_WHEN_ZERO, COLL_NOTHING },
    /* reduce_scatter, counts that leave exactly one half of a recursive-halving step empty:
     * SMPI's ompi_basic_recursivehalving computes wrong data. Open MPI's decision function
     * sends any call with a zero count to its non-overlapping algorithm (SMPI comments that
     * test out): SMPI's default reduce_scatter. */
    { COLL_REDUCE_SCATTER, "ompi_basic_recursivehalving", 0, "default" },
    { 0 },
};

void coll__select_ompi_init(void)
{
    for (int k = 0; k < COLL_NKINDS; k++)
        if (ompi_rules[k])
            coll__rules_resolve(ompi_rules[k], "ompi", (enum coll_kind)k);
}

/* The size of the send type, or of the receive type when the send buffer is MPI_IN_PLACE. */
static size_t send_type_size(const struct coll_args *a)
{
    return smpi_type_size(a->sbuf != MPI_IN_PLACE ? a->stype : a->rtype);
}

/* The bytes each collective's Open MPI rules decide on, as SMPI 3.32 computes them. */
static size_t ompi_bytes(enum coll_kind k, const struct coll_args *a, int size)
{
    bool root = smpi_comm_rank(a->comm) == a->root;

    switch (k) {
    case COLL_BCAST:
    case COLL_REDUCE:
    case COLL_ALLREDUCE:
        return coll__bytes(a->count, a->type);
    case COLL_ALLTOALL:
    case COLL_ALLGATHER:
        return send_type_size(a) * (size_t)a->scount;
    case COLL_ALLGATHERV:
        return send_type_size(a) * coll__sum(a->rcounts, size) / (size_t)size;
    case COLL_REDUCE_SCATTER:
        return coll__sum(a->rcounts, size) * smpi_type_size(a->type);
    case COLL_GATHER:
        return root ? coll__bytes(a->rcount, a->rtype) : coll__bytes(a->scount, a->stype);
    case COLL_SCATTER:
        return root ? coll__bytes(a->scount, a->stype) : coll__bytes(a->rcount, a->rtype);
    default:
        return 0;
    }
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
