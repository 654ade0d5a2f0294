/* select_impi: SMPI 3.32's "impi" selector (colls/smpi_intel_mpi_selector.cpp): Intel MPI
 * 4.1.3's choices measured on TACC's Stampede with 1, 2, 4, 8 and 16 ranks per host, and the
 * algorithm lists of the Intel MPI Reference Manual (I_MPI_ADJUST_<COLLECTIVE>, table 3.5-2),
 * with each Intel algorithm number mapped to the SMPI algorithm SMPI runs for it. */
#include <limits.h>
#include <stdbool.h>

#include "collectives/internal.h"
#include "simcore/simcore.h"

#define IMPI_NPPN 5    /* tables for 1, 2, 4, 8 and 16 ranks per host */
#define IMPI_RANGES 12 /* communicator-size ranges per table (SMPI: INTEL_MAX_NB_NUMPROCS) */
#define IMPI_SIZES 12  /* message-size bounds per range (SMPI reserves 32) */
#define ANY INT_MAX

/* Up to max_bytes (excluded), run Intel's algorithm number algo (1-based). */
struct impi_size {
    int max_bytes;
    int algo;
};

/* Communicator sizes up to max_ranks: n bounds (num_elems). The lookup stops at sizes[n] at the
 * latest, which may be listed beyond n: SMPI's loop reads it. */
struct impi_range {
    int max_ranks;
    int n;
    struct impi_size sizes[IMPI_SIZES];
};

struct impi_table {
    int ppn;
    struct impi_range ranges[IMPI_RANGES];
};

/* Intel's algorithms of one collective, by number: what SMPI runs for each (an algorithm or a
 * selector name, or a rule table where SMPI's function decides again). */
struct impi_fn {
    const char *name;
    const struct coll_rule *rules;
};

/* I_MPI_ADJUST_ALLREDUCE: 1 recursive doubling, 2 Rabenseifner, 3 reduce + bcast, 4 topology
 * aware reduce + bcast, 5 binomial gather + scatter, 6 topology aware binomial gather +
 * scatter, 7 Shumilin's ring (unknown: SMPI runs the ring), 8 ring. */
static const struct impi_fn impi_allreduce_fns[] = {
    { .name = "rdb" },                 /* 1 */
    { .name = "rab1" },                /* 2 */
    { .name = "redbcast" },            /* 3 */
    { .name = "mvapich2_two_level" },  /* 4 */
    { .name = "smp_binomial" },        /* 5 */
    { .name = "mvapich2_two_level" },  /* 6 */
    { .name = "ompi_ring_segmented" }, /* 7 */
    { .name = "ompi_ring_segmented" }, /* 8 */
    { .name = NULL },
};

/* I_MPI_ADJUST_ALLTOALL: 1 Bruck, 2 isend/irecv + waitall, 3 pairwise exchange, 4 Plum's
 * (proprietary: SMPI runs its mvapich2 selector). */
static const struct impi_fn impi_alltoall_fns[] = {
    { .name = "bruck" },                 /* 1 */
    { .name = "mvapich2_scatter_dest" }, /* 2 */
    { .name = "pair" },                  /* 3 */
    { .name = "mvapich2" },              /* 4 */
    { .name = NULL },
};

/* I_MPI_ADJUST_BARRIER: 1 dissemination, 2 recursive doubling, 3 topology aware
 * dissemination, 4 topology aware recursive doubling, 5 binomial gather + scatter, 6 topology
 * aware binomial gather + scatter (5 and 6: SMPI's default barrier). */
static const struct impi_fn impi_barrier_fns[] = {
    { .name = "ompi_basic_linear" },      /* 1 */
    { .name = "ompi_recursivedoubling" }, /* 2 */
    { .name = "ompi_basic_linear" },      /* 3 */
    { .name = "ompi_recursivedoubling" }, /* 4 */
    { .name = "default" },                /* 5 */
    { .name = "default" },                /* 6 */
    { .name = NULL },
};

/* I_MPI_ADJUST_BCAST: 1 binomial, 2 recursive doubling, 3 ring, 4 topology aware binomial,
 * 5 topology aware recursive doubling, 6 topology aware ring, 7 Shumilin's (unknown: SMPI runs
 * its mvapich2 selector). */
static const struct impi_fn impi_bcast_fns[] = {
    { .name = "binomial_tree" }, /* 1 */
    { .name = "NTSL" },          /* 2 */
    { .name = "NTSL" },          /* 3 */
    { .name = "SMP_binomial" },  /* 4 */
    { .name = "NTSL" },          /* 5 */
    { .name = "SMP_linear" },    /* 6 */
    { .name = "mvapich2" },      /* 7 */
    { .name = NULL },
};

/* I_MPI_ADJUST_REDUCE: 1 Shumilin's, 2 binomial, 3 topology aware Shumilin's, 4 topology aware
 * binomial, 5 Rabenseifner, 6 topology aware Rabenseifner. */
static const struct impi_fn impi_reduce_fns[] = {
    { .name = "mvapich2" },           /* 1 */
    { .name = "binomial" },           /* 2 */
    { .name = "mvapich2" },           /* 3 */
    { .name = "mvapich2_two_level" }, /* 4 */
    { .name = "rab" },                /* 5 */
    { .name = "rab" },                /* 6 */
    { .name = NULL },
};

/* SMPI's intel_reduce_scatter_recursivehalving: recursive halving for commutative ops, the
 * mvapich2 selector for the others. */
static const struct coll_rule impi_recursivehalving_rules[] = {
    { .when = COLL_WHEN_COMMUTATIVE,
      .ranks_lt = COLL_ANY,
      .bytes_lt = COLL_ANY,
      .name = "ompi_basic_recursivehalving" },
    { .ranks_lt = COLL_ANY, .bytes_lt = COLL_ANY, .name = "mvapich2" },
    { .name = NULL },
};

/* I_MPI_ADJUST_REDUCE_SCATTER: 1 recursive halving, 2 pairwise exchange, 3 recursive
 * doubling, 4 reduce + scatterv, 5 topology aware reduce + scatterv (4 and 5: SMPI's default
 * reduce_scatter). */
static const struct impi_fn impi_reduce_scatter_fns[] = {
    { .rules = impi_recursivehalving_rules }, /* 1 */
    { .name = "mpich_pair" },                 /* 2 */
    { .name = "mpich_rdb" },                  /* 3 */
    { .name = "default" },                    /* 4 */
    { .name = "default" },                    /* 5 */
    { .name = NULL },
};

/* I_MPI_ADJUST_ALLGATHER: 1 recursive doubling, 2 Bruck, 3 ring, 4 topology aware gatherv +
 * bcast. */
static const struct impi_fn impi_allgather_fns[] = {
    { .name = "rdb" },   /* 1 */
    { .name = "bruck" }, /* 2 */
    { .name = "ring" },  /* 3 */
    { .name = "GB" },    /* 4 */
    { .name = NULL },
};

/* I_MPI_ADJUST_ALLGATHERV: as allgather. */
static const struct impi_fn impi_allgatherv_fns[] = {
    { .name = "mpich_rdb" },  /* 1 */
    { .name = "ompi_bruck" }, /* 2 */
    { .name = "ring" },       /* 3 */
    { .name = "GB" },         /* 4 */
    { .name = NULL },
};

/* I_MPI_ADJUST_GATHER: 1 binomial, 2 topology aware binomial, 3 Shumilin's (SMPI: its mvapich2
 * selector). */
static const struct impi_fn impi_gather_fns[] = {
    { .name = "ompi_binomial" }, /* 1 */
    { .name = "ompi_binomial" }, /* 2 */
    { .name = "mvapich2" },      /* 3 */
    { .name = NULL },
};

/* I_MPI_ADJUST_SCATTER: as gather. */
static const struct impi_fn impi_scatter_fns[] = {
    { .name = "ompi_binomial" }, /* 1 */
    { .name = "ompi_binomial" }, /* 2 */
    { .name = "mvapich2" },      /* 3 */
    { .name = NULL },
};

/* I_MPI_ADJUST_ALLTOALLV: 1 isend/irecv + waitall, 2 Plum's (SMPI: bruck). */
static const struct impi_fn impi_alltoallv_fns[] = {
    { .name = "ompi_basic_linear" }, /* 1 */
    { .name = "bruck" },             /* 2 */
    { .name = NULL },
};

/* The tables: per ranks per host, per communicator-size range (the first whose max_ranks is
 * >= the size), the first bound above the bytes. */
/* clang-format off */
static const struct impi_table impi_allreduce[IMPI_NPPN] = {
    { 1, {
        { 2, 9, { { 6, 7 }, { 85, 1 }, { 192, 7 }, { 853, 1 }, { 1279, 7 }, { 16684, 1 },
                  { 34279, 8 }, { 1681224, 3 }, { ANY, 7 } } },
        { 4, 8, { { 16, 7 }, { 47, 1 }, { 2062, 7 }, { 16699, 1 }, { 33627, 7 }, { 70732, 8 },
                  { 1300705, 3 }, { ANY, 8 } } },
        { 8, 8, { { 118, 1 }, { 146, 4 }, { 16760, 1 }, { 36364, 6 }, { 136239, 8 }, { 315710, 7 },
                  { 3220366, 3 }, { ANY, 8 } } },
        { 16, 7, { { 934, 1 }, { 1160, 6 }, { 15505, 1 }, { 52730, 2 }, { 300705, 8 },
                   { 563680, 7 }, { ANY, 3 } } },
        { ANY, 11, { { 5, 6 }, { 11, 4 }, { 182, 1 }, { 700, 6 }, { 1450, 4 }, { 11146, 1 },
                     { 25539, 6 }, { 37634, 4 }, { 93784, 6 }, { 817658, 2 }, { ANY, 3 } } },
    } },
    { 2, {
        { 4, 6, { { 2084, 7 }, { 15216, 1 }, { 99715, 7 }, { 168666, 3 }, { 363889, 2 },
                  { ANY, 7 } } },
        { 8, 6, { { 14978, 1 }, { 66879, 2 }, { 179296, 8 }, { 304801, 3 }, { 704509, 7 },
                  { ANY, 2 } } },
        { 16, 6, { { 16405, 1 }, { 81784, 2 }, { 346385, 8 }, { 807546, 7 }, { 1259854, 2 },
                   { ANY, 3 } } },
        { 32, 4, { { 8913, 1 }, { 103578, 2 }, { 615876, 8 }, { ANY, 2 } } },
        { 64, 7, { { 1000, 1 }, { 2249, 2 }, { 6029, 1 }, { 325357, 2 }, { 1470976, 8 },
                   { 2556670, 7 }, { ANY, 3 } } },
        { 128, 5, { { 664, 1 }, { 754706, 2 }, { 1663862, 4 }, { 3269097, 2 }, { ANY, 7 } } },
        { ANY, 3, { { 789, 1 }, { 2247589, 2 }, { ANY, 8 } } },
    } },
    { 4, {
        { 4, 4, { { 5738, 1 }, { 197433, 2 }, { 593742, 7 }, { ANY, 2 } } },
        { 8, 7, { { 5655, 1 }, { 75166, 2 }, { 177639, 8 }, { 988014, 3 }, { 1643869, 2 },
                  { 2494859, 8 }, { ANY, 2 } } },
        { 16, 7, { { 587, 1 }, { 3941, 2 }, { 9003, 1 }, { 101469, 2 }, { 355768, 8 },
                   { 3341814, 3 }, { ANY, 8 } } },
        { 32, 4, { { 795, 1 }, { 146567, 2 }, { 732118, 8 }, { ANY, 3 } } },
        { 64, 4, { { 528, 1 }, { 221277, 2 }, { 1440737, 8 }, { ANY, 3 } } },
        { 128, 4, { { 481, 1 }, { 593833, 2 }, { 2962021, 8 }, { ANY, 7 } } },
        { 256, 2, { { 584, 1 }, { ANY, 2 } } },
        { ANY, 3, { { 604, 1 }, { 2997006, 2 }, { ANY, 8 } } },
    } },
    { 8, {
        { 8, 6, { { 2560, 1 }, { 114230, 6 }, { 288510, 8 }, { 664038, 2 }, { 1339913, 6 },
                  { ANY, 4 } } },
        { 16, 5, { { 497, 1 }, { 54201, 2 }, { 356217, 8 }, { 3413609, 3 }, { ANY, 8 } } },
        { 32, 5, { { 377, 1 }, { 109745, 2 }, { 716514, 8 }, { 3976768, 3 }, { ANY, 8 } } },
        { 64, 6, { { 109, 1 }, { 649, 5 }, { 266080, 2 }, { 1493331, 8 }, { 2541403, 7 },
                   { ANY, 3 } } },
        { 128, 4, { { 7, 1 }, { 751, 5 }, { 408808, 2 }, { ANY, 8 } } },
        { 256, 3, { { 828, 5 }, { 909676, 2 }, { ANY, 8 } } },
        { 512, 5, { { 847, 5 }, { 1007066, 2 }, { 1068775, 4 }, { 2803389, 2 }, { ANY, 8 } } },
        { ANY, 3, { { 1974, 5 }, { 4007876, 2 }, { ANY, 8 } } },
    } },
    { 16, {
        { 16, 12, { { 409, 1 }, { 768, 6 }, { 1365, 4 }, { 3071, 6 }, { 11299, 2 }, { 21746, 6 },
                    { 55629, 2 }, { 86065, 4 }, { 153867, 2 }, { 590560, 6 }, { 1448760, 2 },
                    { ANY, 8 } } },
        { 32, 8, { { 6, 1 }, { 24, 5 }, { 86, 1 }, { 875, 5 }, { 74528, 2 }, { 813050, 8 },
                   { 1725981, 7 }, { ANY, 8 } } },
        { 64, 6, { { 1018, 5 }, { 1217, 6 }, { 2370, 5 }, { 160654, 2 }, { 1885487, 8 },
                   { ANY, 3 } } },
        { 128, 4, { { 2291, 5 }, { 434465, 2 }, { 3525103, 8 }, { ANY, 7 } } },
        { 256, 3, { { 2189, 5 }, { 713154, 2 }, { ANY, 8 } } },
        { 512, 3, { { 2140, 5 }, { 1235056, 2 }, { ANY, 8 } } },
        { ANY, 3, { { 2153, 5 }, { 2629855, 2 }, { ANY, 8 } } },
    } },
};

static const struct impi_table impi_alltoall[IMPI_NPPN] = {
    { 1, {
        { 2, 1, { { ANY, 3 } } },
        { 4, 2, { { 0, 4 }, { ANY, 2 } } },
        { 8, 1, { { ANY, 2 } } },
        { 16, 5, { { 0, 3 }, { 84645, 2 }, { 167570, 3 }, { 413152, 4 }, { ANY, 2 } } },
        { 32, 6, { { 61, 1 }, { 164, 2 }, { 696, 1 }, { 143254, 2 }, { 387024, 3 }, { ANY, 2 } } },
        { 64, 4, { { 523, 1 }, { 146088, 2 }, { 488989, 4 }, { ANY, 2 } } },
        { ANY, 3, { { 270, 1 }, { 628, 4 }, { ANY, 2 } } },
    } },
    { 2, {
        { 4, 4, { { 1, 2 }, { 75, 3 }, { 131072, 2 }, { ANY, 2 } } },
        { 8, 3, { { 709, 1 }, { 131072, 2 }, { ANY, 2 } } },
        { 16, 4, { { 40048, 2 }, { 131072, 3 }, { 155927, 3 }, { ANY, 4 } } },
        { 32, 7, { { 105, 1 }, { 130, 2 }, { 1030, 1 }, { 58893, 2 }, { 131072, 2 }, { 271838, 3 },
                   { ANY, 2 } } },
        { ANY, 8, { { 521, 1 }, { 2032, 4 }, { 2412, 2 }, { 4112, 4 }, { 61620, 2 }, { 131072, 3 },
                    { 427408, 3 }, { ANY, 4 } } },
    } },
    { 4, {
        { 8, 3, { { 512, 1 }, { 32768, 2 }, { ANY, 2 } } },
        { 64, 8, { { 7, 1 }, { 199, 4 }, { 764, 1 }, { 6409, 4 }, { 20026, 2 }, { 32768, 3 },
                   { 221643, 4 }, { ANY, 3 } } },
        { ANY, 7, { { 262, 1 }, { 7592, 4 }, { 22871, 2 }, { 32768, 3 }, { 47538, 3 },
                    { 101559, 4 }, { ANY, 3 } } },
    } },
    { 8, {
        { 16, 6, { { 973, 1 }, { 5126, 4 }, { 16898, 2 }, { 32768, 4 }, { 65456, 4 },
                   { ANY, 2 } } },
        { 32, 7, { { 874, 1 }, { 6727, 4 }, { 17912, 2 }, { 32768, 3 }, { 41513, 3 }, { 199604, 4 },
                   { ANY, 3 } } },
        { 64, 8, { { 5, 1 }, { 114, 4 }, { 552, 1 }, { 8130, 4 }, { 32768, 3 }, { 34486, 3 },
                   { 160113, 4 }, { ANY, 3 } } },
        { 128, 6, { { 270, 1 }, { 3679, 4 }, { 32768, 3 }, { 64367, 3 }, { 146595, 4 },
                    { ANY, 3 } } },
        { ANY, 4, { { 133, 1 }, { 4017, 4 }, { 32768, 3 }, { 76351, 4 }, { ANY, 3 } } },
    } },
    { 16, {
        { 32, 7, { { 963, 1 }, { 1818, 4 }, { 20007, 2 }, { 32768, 4 }, { 54296, 4 }, { 169735, 3 },
                   { ANY, 2 } } },
        { 64, 11, { { 17, 1 }, { 42, 4 }, { 592, 1 }, { 2015, 4 }, { 2753, 2 }, { 6496, 3 },
                    { 20402, 4 }, { 32768, 3 }, { 36246, 3 }, { 93229, 4 }, { ANY, 3 } } },
        { 128, 9, { { 18, 1 }, { 40, 4 }, { 287, 1 }, { 1308, 4 }, { 6842, 1 }, { 32768, 3 },
                    { 36986, 3 }, { 129081, 4 }, { ANY, 3 } } },
        { 256, 7, { { 135, 1 }, { 1538, 4 }, { 3267, 1 }, { 4132, 3 }, { 31469, 4 }, { 32768, 3 },
                    { ANY, 3 } } },
        { ANY, 8, { { 66, 1 }, { 1637, 4 }, { 2626, 1 }, { 4842, 4 }, { 32768, 3 }, { 33963, 3 },
                    { 72978, 4 }, { ANY, 3 } } },
    } },
};

static const struct impi_table impi_barrier[IMPI_NPPN] = {
    { 1, {
        { 2, 1, { { ANY, 2 } } },
        { 4, 1, { { ANY, 6 } } },
        { 8, 1, { { ANY, 1 } } },
        { 64, 1, { { ANY, 2 } } },
        { ANY, 1, { { ANY, 6 } } },
    } },
    { 2, {
        { 2, 1, { { ANY, 1 } } },
        { 4, 1, { { ANY, 3 } } },
        { 8, 1, { { ANY, 5 } } },
        { 32, 1, { { ANY, 2 } } },
        { 128, 1, { { ANY, 3 } } },
        { ANY, 1, { { ANY, 4 } } },
    } },
    { 4, {
        { 4, 1, { { ANY, 2 } } },
        { 8, 1, { { ANY, 5 } } },
        { 32, 1, { { ANY, 2 } } },
        { ANY, 1, { { ANY, 4 } } },
    } },
    { 8, {
        { 8, 1, { { ANY, 1 } } },
        { 32, 1, { { ANY, 2 } } },
        { ANY, 1, { { ANY, 4 } } },
    } },
    { 16, {
        { 4, 1, { { ANY, 2 } } },
        { 8, 1, { { ANY, 5 } } },
        { 32, 1, { { ANY, 2 } } },
        { ANY, 1, { { ANY, 4 } } },
    } },
};

static const struct impi_table impi_bcast[IMPI_NPPN] = {
    { 1, {
        { 2, 9, { { 1, 2 }, { 402, 7 }, { 682, 5 }, { 1433, 4 }, { 5734, 7 }, { 21845, 1 },
                  { 95963, 6 }, { 409897, 5 }, { ANY, 1 } } },
        { 4, 1, { { ANY, 7 } } },
        { 8, 11, { { 3, 6 }, { 4, 7 }, { 25, 6 }, { 256, 1 }, { 682, 6 }, { 1264, 1 }, { 2234, 6 },
                   { 6655, 5 }, { 16336, 1 }, { 3998434, 7 }, { ANY, 6 } } },
        { ANY, 1, { { ANY, 7 } } },
    } },
    { 2, {
        { 4, 6, { { 806, 4 }, { 18093, 7 }, { 51366, 6 }, { 182526, 4 }, { 618390, 1 },
                  { ANY, 7 } } },
        { 8, 6, { { 24, 1 }, { 74, 4 }, { 18137, 1 }, { 614661, 7 }, { 1284626, 1 }, { ANY, 2 } } },
        { 16, 4, { { 1, 1 }, { 158, 7 }, { 16955, 1 }, { ANY, 7 } } },
        { 32, 3, { { 242, 7 }, { 10345, 1 }, { ANY, 7 } } },
        { ANY, 4, { { 1, 1 }, { 737, 7 }, { 5340, 1 }, { ANY, 7 } } },
    } },
    { 4, {
        { 8, 4, { { 256, 4 }, { 17181, 1 }, { 1048576, 7 }, { ANY, 7 } } },
        { ANY, 1, { { ANY, 7 } } },
    } },
    { 8, {
        { 16, 5, { { 3, 1 }, { 318, 7 }, { 1505, 1 }, { 1048576, 7 }, { ANY, 7 } } },
        { 32, 3, { { 422, 7 }, { 851, 1 }, { ANY, 7 } } },
        { 64, 3, { { 468, 7 }, { 699, 1 }, { ANY, 7 } } },
        { ANY, 1, { { ANY, 7 } } },
    } },
    { 16, {
        { 8, 4, { { 256, 4 }, { 17181, 1 }, { 1048576, 7 }, { ANY, 7 } } },
        { ANY, 1, { { ANY, 7 } } },
    } },
};

static const struct impi_table impi_reduce[IMPI_NPPN] = {
    { 1, {
        { ANY, 1, { { ANY, 1 } } },
    } },
    { 2, {
        { 2, 1, { { ANY, 1 } } },
        { 4, 2, { { 10541, 3 }, { ANY, 1 } } },
        { ANY, 1, { { ANY, 1 } } },
    } },
    { 4, {
        { 256, 1, { { ANY, 1 } } },
        { ANY, 2, { { 45, 3 }, { ANY, 1 } } },
    } },
    { 8, {
        { 512, 1, { { ANY, 1 } } },
        { ANY, 3, { { 5, 1 }, { 11882, 3 }, { ANY, 1 } } },
    } },
    { 16, {
        { 256, 1, { { ANY, 1 } } },
        { ANY, 2, { { 45, 3 }, { ANY, 1 } } },
    } },
};

static const struct impi_table impi_reduce_scatter[IMPI_NPPN] = {
    { 1, {
        { 2, 5, { { 5, 4 }, { 522429, 2 }, { 1375877, 5 }, { 2932736, 2 }, { ANY, 5 } } },
        { 4, 9, { { 4, 4 }, { 15, 1 }, { 120, 3 }, { 651, 1 }, { 12188, 3 }, { 33890, 1 },
                  { 572117, 2 }, { 1410202, 5 }, { ANY, 2 } } },
        { 8, 7, { { 4, 4 }, { 2263, 1 }, { 25007, 3 }, { 34861, 1 }, { 169625, 2 }, { 2734000, 4 },
                  { ANY, 2 } } },
        { 16, 5, { { 4, 4 }, { 14228, 1 }, { 46084, 3 }, { 522139, 2 }, { ANY, 5 } } },
        { 32, 5, { { 4, 4 }, { 27516, 1 }, { 61693, 3 }, { 2483469, 2 }, { ANY, 5 } } },
        { 64, 4, { { 0, 3 }, { 4, 4 }, { 100396, 1 }, { ANY, 2 } } },
        { ANY, 6, { { 0, 3 }, { 4, 4 }, { 186926, 1 }, { 278259, 3 }, { 1500100, 2 },
                    { ANY, 5 } } },
    } },
    { 2, {
        { 2, 2, { { 6, 1 }, { ANY, 2 } } },
        { 4, 7, { { 5, 4 }, { 13, 5 }, { 59, 3 }, { 76, 1 }, { 91488, 3 }, { 680063, 4 },
                  { ANY, 2 } } },
        { 8, 8, { { 4, 4 }, { 11, 5 }, { 31, 1 }, { 69615, 3 }, { 202632, 2 }, { 396082, 5 },
                  { 1495696, 4 }, { ANY, 2 } } },
        { 16, 1, { { 4, 4 }, { 345, 1 }, { 79523, 3 }, { ANY, 2 } } },
        { 32, 5, { { 0, 3 }, { 4, 4 }, { 992, 1 }, { 71417, 3 }, { ANY, 2 } } },
        { 64, 4, { { 4, 4 }, { 1472, 1 }, { 196592, 3 }, { ANY, 2 } } },
        { 128, 5, { { 0, 3 }, { 4, 4 }, { 32892, 1 }, { 381072, 3 }, { ANY, 2 } } },
        { ANY, 6, { { 0, 2 }, { 4, 4 }, { 33262, 1 }, { 1571397, 3 }, { 2211398, 5 },
                    { ANY, 4 } } },
    } },
    { 4, {
        { 4, 7, { { 12, 4 }, { 27, 5 }, { 49, 3 }, { 187, 1 }, { 405673, 3 }, { 594687, 4 },
                  { ANY, 2 } } },
        { 8, 5, { { 24, 5 }, { 155, 1 }, { 204501, 3 }, { 274267, 5 }, { ANY, 4 } } },
        { 16, 6, { { 63, 1 }, { 72, 3 }, { 264, 1 }, { 168421, 3 }, { 168421, 4 }, { ANY, 2 } } },
        { 32, 10, { { 0, 3 }, { 4, 4 }, { 12, 1 }, { 18, 5 }, { 419, 1 }, { 188739, 3 },
                    { 716329, 4 }, { 1365841, 5 }, { 2430194, 2 }, { ANY, 4 } } },
        { 64, 8, { { 0, 3 }, { 4, 4 }, { 17, 5 }, { 635, 1 }, { 202937, 3 }, { 308253, 5 },
                   { 1389874, 4 }, { ANY, 2 } } },
        { 128, 8, { { 0, 3 }, { 4, 4 }, { 16, 5 }, { 1238, 1 }, { 280097, 3 }, { 631434, 5 },
                    { 2605072, 4 }, { ANY, 2 } } },
        { 256, 5, { { 0, 2 }, { 4, 4 }, { 16, 5 }, { 2418, 1 }, { ANY, 3 } } },
        { ANY, 6, { { 0, 2 }, { 4, 4 }, { 16, 5 }, { 33182, 1 }, { 3763779, 3 }, { ANY, 4 } } },
    } },
    { 8, {
        { 8, 6, { { 5, 4 }, { 494, 1 }, { 97739, 3 }, { 522836, 2 }, { 554174, 5 }, { ANY, 2 } } },
        { 16, 8, { { 5, 4 }, { 62, 1 }, { 94, 3 }, { 215, 1 }, { 185095, 3 }, { 454784, 4 },
                   { 607911, 5 }, { ANY, 4 } } },
        { 32, 7, { { 0, 3 }, { 4, 4 }, { 302, 1 }, { 250841, 3 }, { 665822, 4 }, { 1760980, 5 },
                   { ANY, 4 } } },
        { 64, 8, { { 0, 3 }, { 4, 4 }, { 41, 5 }, { 306, 1 }, { 332405, 3 }, { 1269189, 4 },
                   { 3712421, 5 }, { ANY, 4 } } },
        { 128, 6, { { 0, 3 }, { 4, 4 }, { 39, 5 }, { 526, 1 }, { 487878, 3 }, { ANY, 4 } } },
        { 256, 8, { { 0, 2 }, { 4, 4 }, { 36, 5 }, { 1382, 1 }, { 424162, 3 }, { 632881, 5 },
                    { 1127566, 3 }, { ANY, 4 } } },
        { 512, 4, { { 4, 4 }, { 34, 5 }, { 5884, 1 }, { ANY, 3 } } },
        { ANY, 4, { { 5, 4 }, { 32, 5 }, { 25105, 1 }, { ANY, 3 } } },
    } },
    { 16, {
        { 4, 7, { { 12, 4 }, { 27, 5 }, { 49, 3 }, { 187, 1 }, { 405673, 3 }, { 594687, 4 },
                  { ANY, 2 } } },
        { 8, 5, { { 24, 5 }, { 155, 1 }, { 204501, 3 }, { 274267, 5 }, { ANY, 4 } } },
        { 16, 6, { { 63, 1 }, { 72, 3 }, { 264, 1 }, { 168421, 3 }, { 168421, 4 }, { ANY, 2 } } },
        { 32, 10, { { 0, 3 }, { 4, 4 }, { 12, 1 }, { 18, 5 }, { 419, 1 }, { 188739, 3 },
                    { 716329, 4 }, { 1365841, 5 }, { 2430194, 2 }, { ANY, 4 } } },
        { 64, 8, { { 0, 3 }, { 4, 4 }, { 17, 5 }, { 635, 1 }, { 202937, 3 }, { 308253, 5 },
                   { 1389874, 4 }, { ANY, 2 } } },
        { 128, 8, { { 0, 3 }, { 4, 4 }, { 16, 5 }, { 1238, 1 }, { 280097, 3 }, { 631434, 5 },
                    { 2605072, 4 }, { ANY, 2 } } },
        { 256, 5, { { 0, 2 }, { 4, 4 }, { 16, 5 }, { 2418, 1 }, { ANY, 3 } } },
        { ANY, 6, { { 0, 2 }, { 4, 4 }, { 16, 5 }, { 33182, 1 }, { 3763779, 3 }, { ANY, 4 } } },
    } },
};

static const struct impi_table impi_allgather[IMPI_NPPN] = {
    { 1, {
        { 4, 11, { { 1, 4 }, { 384, 1 }, { 1533, 4 }, { 3296, 1 }, { 10763, 4 }, { 31816, 3 },
                   { 193343, 4 }, { 405857, 3 }, { 597626, 4 }, { 1844323, 3 }, { ANY, 4 } } },
        { 8, 10, { { 12, 4 }, { 46, 1 }, { 205, 4 }, { 3422, 2 }, { 4200, 4 }, { 8748, 1 },
                   { 24080, 3 }, { 33244, 4 }, { 371159, 1 }, { ANY, 3 } } },
        { 16, 8, { { 3, 4 }, { 53, 1 }, { 100, 4 }, { 170, 1 }, { 6077, 4 }, { 127644, 1 },
                   { 143741, 4 }, { ANY, 3 } } },
        { ANY, 10, { { 184, 1 }, { 320, 4 }, { 759, 1 }, { 1219, 4 }, { 2633, 1 }, { 8259, 4 },
                     { 123678, 1 }, { 160801, 4 }, { 284341, 1 }, { ANY, 4 } } },
    } },
    { 2, {
        { 8, 6, { { 490, 1 }, { 558, 2 }, { 2319, 1 }, { 46227, 3 }, { 2215101, 1 }, { ANY, 3 } } },
        { 16, 4, { { 1005, 1 }, { 1042, 2 }, { 2059, 1 }, { ANY, 3 } } },
        { ANY, 2, { { 2454, 1 }, { ANY, 3 } } },
    } },
    { 4, {
        { 8, 2, { { 2861, 1 }, { ANY, 3 } } },
        { ANY, 2, { { 605, 1 }, { ANY, 3 } } },
    } },
    { 8, {
        { 16, 4, { { 66, 1 }, { 213, 4 }, { 514, 1 }, { ANY, 3 } } },
        { 32, 4, { { 91, 1 }, { 213, 4 }, { 514, 1 }, { ANY, 3 } } },
        { 64, 4, { { 71, 1 }, { 213, 4 }, { 514, 1 }, { ANY, 3 } } },
        { 128, 2, { { 305, 1 }, { ANY, 3 } } },
        { ANY, 2, { { 213, 1 }, { ANY, 3 } } },
    } },
    { 16, {
        { 8, 2, { { 2861, 1 }, { ANY, 3 } } },
        { ANY, 2, { { 605, 1 }, { ANY, 3 } } },
    } },
};

static const struct impi_table impi_allgatherv[IMPI_NPPN] = {
    { 1, {
        { 2, 3, { { 259668, 3 }, { 635750, 4 }, { ANY, 3 } } },
        { 4, 7, { { 1, 1 }, { 5, 4 }, { 46, 1 }, { 2590, 2 }, { 1177259, 3 }, { 2767234, 4 },
                  { ANY, 3 } } },
        { 8, 6, { { 99, 2 }, { 143, 1 }, { 4646, 2 }, { 63522, 3 }, { 2187806, 4 }, { ANY, 3 } } },
        { ANY, 7, { { 1, 1 }, { 5, 4 }, { 46, 1 }, { 2590, 2 }, { 1177259, 3 }, { 2767234, 4 },
                    { ANY, 3 } } },
    } },
    { 2, {
        { 4, 3, { { 3147, 1 }, { 5622, 2 }, { ANY, 3 } } },
        { 8, 3, { { 975, 1 }, { 4158, 2 }, { ANY, 3 } } },
        { 16, 2, { { 2146, 1 }, { ANY, 3 } } },
        { 32, 4, { { 81, 1 }, { 414, 2 }, { 1190, 1 }, { ANY, 3 } } },
        { ANY, 5, { { 1, 2 }, { 3, 1 }, { 783, 2 }, { 1782, 4 }, { ANY, 3 } } },
    } },
    { 4, {
        { 8, 2, { { 2554, 1 }, { ANY, 3 } } },
        { 16, 4, { { 272, 1 }, { 657, 2 }, { 2078, 1 }, { ANY, 3 } } },
        { 32, 2, { { 1081, 1 }, { ANY, 3 } } },
        { 64, 2, { { 547, 1 }, { ANY, 3 } } },
        { ANY, 5, { { 19, 1 }, { 239, 2 }, { 327, 1 }, { 821, 4 }, { ANY, 3 } } },
    } },
    { 8, {
        { 16, 3, { { 55, 1 }, { 514, 2 }, { ANY, 3 } } },
        { 32, 4, { { 53, 1 }, { 167, 4 }, { 514, 2 }, { ANY, 3 } } },
        { 64, 3, { { 13, 1 }, { 319, 4 }, { ANY, 3 } } },
        { 128, 7, { { 2, 1 }, { 11, 2 }, { 48, 1 }, { 201, 2 }, { 304, 1 }, { 1048, 4 },
                    { ANY, 3 } } },
        { ANY, 5, { { 5, 1 }, { 115, 4 }, { 129, 1 }, { 451, 4 }, { ANY, 3 } } },
    } },
    { 16, {
        { 8, 2, { { 2554, 1 }, { ANY, 3 } } },
        { 16, 4, { { 272, 1 }, { 657, 2 }, { 2078, 1 }, { ANY, 3 } } },
        { 32, 2, { { 1081, 1 }, { ANY, 3 } } },
        { 64, 2, { { 547, 1 }, { ANY, 3 } } },
        { ANY, 5, { { 19, 1 }, { 239, 2 }, { 327, 1 }, { 821, 4 }, { ANY, 3 } } },
    } },
};

static const struct impi_table impi_gather[IMPI_NPPN] = {
    { 1, {
        { 8, 3, { { 17561, 3 }, { 44791, 2 }, { ANY, 3 } } },
        { 16, 7, { { 16932, 3 }, { 84425, 2 }, { 158363, 3 }, { 702801, 2 }, { 1341444, 3 },
                   { 2413569, 2 }, { ANY, 3 } } },
        { ANY, 4, { { 47187, 3 }, { 349696, 2 }, { ANY, 3 }, { ANY, 1 } } },
    } },
    { 2, {
        { ANY, 1, { { ANY, 3 } } },
    } },
    { 4, {
        { ANY, 1, { { ANY, 3 } } },
    } },
    { 8, {
        { 16, 1, { { ANY, 3 } } },
        { 32, 2, { { 9, 2 }, { ANY, 3 } } },
        { 64, 2, { { 784, 2 }, { ANY, 3 } } },
        { 128, 3, { { 160, 3 }, { 655, 2 }, { ANY, 3 } } },
        { ANY, 1, { { ANY, 3 } } },
    } },
    { 16, {
        { ANY, 1, { { ANY, 3 } } },
    } },
};

static const struct impi_table impi_scatter[IMPI_NPPN] = {
    { 1, {
        { 2, 2, { { 16391, 1 }, { ANY, 3 } } },
        { 4, 6, { { 16723, 3 }, { 153541, 2 }, { 425631, 3 }, { 794142, 2 }, { 1257027, 3 },
                  { ANY, 2 } } },
        { 8, 7, { { 2633, 3 }, { 6144, 2 }, { 14043, 3 }, { 24576, 2 }, { 107995, 3 },
                  { 1752729, 2 }, { ANY, 3 } } },
        { 16, 7, { { 2043, 3 }, { 2252, 2 }, { 17749, 3 }, { 106020, 2 }, { 628654, 3 },
                   { 3751354, 2 }, { ANY, 3 } } },
        { ANY, 4, { { 65907, 3 }, { 245132, 2 }, { 1042439, 3 }, { ANY, 2 }, { ANY, 1 } } },
    } },
    { 2, {
        { ANY, 1, { { ANY, 3 } } },
    } },
    { 4, {
        { 8, 1, { { ANY, 3 } } },
        { 16, 2, { { 140, 3 }, { 1302, 1 }, { ANY, 3 } } },
        { 32, 2, { { 159, 3 }, { 486, 1 }, { ANY, 3 } } },
        { 64, 2, { { 149, 1 }, { ANY, 3 } } },
        { ANY, 2, { { 139, 1 }, { ANY, 3 } } },
    } },
    { 8, {
        { 16, 4, { { 587, 1 }, { 1370, 2 }, { 2102, 1 }, { ANY, 3 } } },
        { 32, 3, { { 1038, 1 }, { 2065, 2 }, { ANY, 3 } } },
        { 64, 3, { { 515, 1 }, { 2069, 2 }, { ANY, 3 } } },
        { 128, 3, { { 284, 1 }, { 796, 2 }, { ANY, 3 } } },
        { ANY, 2, { { 139, 1 }, { ANY, 3 } } },
    } },
    { 16, {
        { 8, 1, { { ANY, 3 } } },
        { 16, 3, { { 140, 3 }, { 1302, 1 }, { ANY, 3 } } },
        { 32, 3, { { 159, 3 }, { 486, 1 }, { ANY, 3 } } },
        { 64, 2, { { 149, 1 }, { ANY, 3 } } },
        { ANY, 2, { { 139, 1 }, { ANY, 3 } } },
    } },
};

static const struct impi_table impi_alltoallv[IMPI_NPPN] = {
    { 1, {
        { ANY, 1, { { ANY, 1 } } },
    } },
    { 2, {
        { ANY, 1, { { ANY, 1 } } },
    } },
    { 4, {
        { 8, 1, { { ANY, 1 } } },
        { ANY, 2, { { 4, 1 }, { ANY, 2 } } },
    } },
    { 8, {
        { 16, 1, { { ANY, 1 } } },
        { ANY, 2, { { 0, 1 }, { ANY, 2 } } },
    } },
    { 16, {
        { 8, 1, { { ANY, 1 } } },
        { ANY, 2, { { 4, 1 }, { ANY, 2 } } },
    } },
};

/* clang-format on */

/* Where SMPI's impi selector picks an algorithm that cannot run. */
const struct coll_subst coll__subst_impi[] = {
    /* alltoall, pairwise exchange (3) at sizes that are not powers of two: SMPI's pair throws;
     * Intel's pairwise exchange runs at any size, one peer per step: SMPI's ring. */
    { .kind = COLL_ALLTOALL, .smpi = "pair", .instead = "ring" },
    /* allreduce, Rabenseifner (2) at sizes that are not powers of two: SMPI's rab1 throws;
     * rab_rdb is Rabenseifner's algorithm with MPICH's handling of the extra ranks. */
    { .kind = COLL_ALLREDUCE, .smpi = "rab1", .instead = "rab_rdb" },
    /* allreduce, ring (7, 8) on count 0: SMPI's ompi_ring_segmented divides by zero; an
     * allreduce of nothing sends nothing. */
    { .kind = COLL_ALLREDUCE,
      .smpi = "ompi_ring_segmented",
      .when = COLL_WHEN_ZERO,
      .instead = COLL_NOTHING },
    /* allreduce, ring (7, 8) on a non-commutative op from 3 ranks (when the count reaches the
     * size): SMPI's ompi_ring_segmented (or the lr it falls back to) reduces the blocks out of
     * rank order, computing wrong data; recursive doubling (1) keeps the order. */
    { .kind = COLL_ALLREDUCE, .smpi = "ompi_ring_segmented", .instead = "rdb" },
    /* allreduce, topology aware reduce + bcast or binomial gather + scatter (4, 6) on a
     * non-commutative op: SMPI's mvapich2_two_level reduces host by host, out of rank order;
     * the plain reduce + bcast (3, SMPI's redbcast) keeps the order. */
    { .kind = COLL_ALLREDUCE,
      .smpi = "mvapich2_two_level",
      .when = COLL_WHEN_NONCOMMUTATIVE,
      .instead = "redbcast" },
    /* bcast, topology aware ring (6) with one rank per host: SMPI's SMP_linear leaves a copy of
     * every message unmatched there; with one rank per host Intel's topology-aware ring is the
     * plain ring (3), SMPI's NTSL. */
    { .kind = COLL_BCAST, .smpi = "SMP_linear", .instead = "NTSL" },
    /* reduce_scatter, recursive halving (1) on counts that leave exactly one half of a step
     * empty: SMPI's ompi_basic_recursivehalving computes wrong data; MPICH's recursive
     * doubling (mpich_rdb, Intel's 3) runs instead. */
    { .kind = COLL_REDUCE_SCATTER, .smpi = "ompi_basic_recursivehalving", .instead = "mpich_rdb" },
    { .smpi = NULL },
};

/* Each collective's table, algorithm list and message size (SMPI's SIZECOMP_<collective>). */
struct impi_kind {
    const struct impi_table *table;
    const struct impi_fn *fns;
};

static const struct impi_kind impi_kinds[COLL_NKINDS] = {
    [COLL_ALLREDUCE] = { .table = impi_allreduce, .fns = impi_allreduce_fns },
    [COLL_ALLTOALL] = { .table = impi_alltoall, .fns = impi_alltoall_fns },
    [COLL_BARRIER] = { .table = impi_barrier, .fns = impi_barrier_fns },
    [COLL_BCAST] = { .table = impi_bcast, .fns = impi_bcast_fns },
    [COLL_REDUCE] = { .table = impi_reduce, .fns = impi_reduce_fns },
    [COLL_REDUCE_SCATTER] = { .table = impi_reduce_scatter, .fns = impi_reduce_scatter_fns },
    [COLL_ALLGATHER] = { .table = impi_allgather, .fns = impi_allgather_fns },
    [COLL_ALLGATHERV] = { .table = impi_allgatherv, .fns = impi_allgatherv_fns },
    [COLL_GATHER] = { .table = impi_gather, .fns = impi_gather_fns },
    [COLL_SCATTER] = { .table = impi_scatter, .fns = impi_scatter_fns },
    [COLL_ALLTOALLV] = { .table = impi_alltoallv, .fns = impi_alltoallv_fns },
};

/* The bytes SMPI's impi selector decides on: 1 for barrier and alltoallv; the receive side's
 * for gather at the root (or with MPI_IN_PLACE) and for scatter off the root (idem); the sum
 * of the counts times the type size for the v-variants and reduce_scatter. */
static size_t impi_bytes(enum coll_kind k, const struct coll_args *a, int size)
{
    bool root = smpi_comm_rank(a->comm) == a->root;

    switch (k) {
    case COLL_ALLREDUCE:
    case COLL_BCAST:
    case COLL_REDUCE:
        return coll__bytes(a->count, a->type);
    case COLL_ALLTOALL:
        return coll__bytes(a->scount, a->stype);
    case COLL_ALLGATHER:
        return coll__bytes(a->rcount, a->rtype);
    case COLL_ALLGATHERV:
        return coll__sum(a->rcounts, size) * smpi_type_size(a->rtype);
    case COLL_REDUCE_SCATTER:
        return coll__sum(a->rcounts, size) * smpi_type_size(a->type);
    case COLL_GATHER:
        return a->sbuf == MPI_IN_PLACE || root ? coll__bytes(a->rcount, a->rtype)
                                               : coll__bytes(a->scount, a->stype);
    case COLL_SCATTER:
        return a->sbuf == MPI_IN_PLACE || !root ? coll__bytes(a->rcount, a->rtype)
                                                : coll__bytes(a->scount, a->stype);
    default:
        return 1;
    }
}

/* SMPI's lookup: the table of the host's ranks (the first when the layout is not uniform or
 * no table matches), the first range whose max_ranks >= size, then the first bound above the
 * bytes, at most sizes[n]. Returns Intel's algorithm number. */
static int impi_algo(const struct impi_table *t, int local_size, int size, size_t bytes)
{
    const struct impi_range *r;
    int i = 0;
    int j = 0;
    int k = 0;

    while (i < IMPI_NPPN && local_size != t[i].ppn)
        i++;
    if (i == IMPI_NPPN)
        i = 0;
    while (size > t[i].ranges[j].max_ranks && j < IMPI_RANGES - 1)
        j++;
    r = &t[i].ranges[j];
    while (k < r->n && bytes >= (size_t)r->sizes[k].max_bytes)
        k++;
    sim_assert(r->sizes[k].algo > 0, "impi: no algorithm for %zu bytes on %d ranks", bytes, size);
    return r->sizes[k].algo;
}

/* Dies unless every algorithm number of table t is one of its n_fns algorithms. */
static void check_numbers(const struct impi_table *t, int n_fns, enum coll_kind k)
{
    for (int i = 0; i < IMPI_NPPN; i++)
        for (int j = 0; j < IMPI_RANGES && t[i].ranges[j].max_ranks; j++)
            for (int s = 0; s < IMPI_SIZES; s++) {
                int algo = t[i].ranges[j].sizes[s].algo;

                if (algo < 0 || algo > n_fns)
                    sim_die("selector 'impi': its %s table names algorithm %d of %d",
                            coll_kind_name(k), algo, n_fns);
            }
}

void coll__select_impi_check(void)
{
    for (int k = 0; k < COLL_NKINDS; k++) {
        int n = 0;

        if (!impi_kinds[k].fns)
            continue;
        for (const struct impi_fn *f = impi_kinds[k].fns; f->name || f->rules; f++, n++)
            if (f->rules)
                coll__rules_check(f->rules, "impi", (enum coll_kind)k);
            else
                coll__target_check("impi", (enum coll_kind)k, f->name);
        check_numbers(impi_kinds[k].table, n, (enum coll_kind)k);
    }
}

/* Like every SMPI impi selector, runs init_smp first (its messages are charged on the first
 * use of the communicator). */
const struct coll_algo *coll__pick_impi(enum coll_kind k, struct coll_args *b)
{
    const struct impi_kind *ik = &impi_kinds[k];
    int size = smpi_comm_size(b->comm);
    struct smpi_smp smp;
    struct coll_facts f;
    const struct impi_fn *fn;
    size_t bytes;
    int rc;

    if (!ik->fns)
        return coll_algos(k);
    bytes = impi_bytes(k, b, size);
    rc = coll__smp_init(b->comm, &smp);
    sim_assert(rc == MPI_SUCCESS, "init_smp failed on a communicator of size %d", size);
    fn = &ik->fns[impi_algo(ik->table, smp.uniform ? smpi_comm_size(smp.intra) : 1, size, bytes) -
                  1];
    if (!fn->rules)
        return coll__pick_named(k, fn->name, b);
    coll__facts_init(&f, k, b);
    return coll__rules_pick(fn->rules, &f, k, b);
}
