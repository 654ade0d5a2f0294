/* select_mvapich2.h: the shapes of the MVAPICH2 tuning tables that select_mvapich2.c reads and
 * select_mvapich2_tables.c holds. Private to those two files. */
#ifndef COLL_SELECT_MVAPICH2_H
#define COLL_SELECT_MVAPICH2_H

#include <stdbool.h>

#include "collectives/internal.h"

/* The longest row lists 11 entries (SMPI: MV2_MAX_NB_THRESHOLDS, 32). */
#define MV2_MAX 12

struct mv2_fn;

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
