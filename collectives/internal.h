/* internal: declarations shared between the files of collectives (never included outside it):
 * communication shapes (binomial trees, rings, recursive doubling) and temporary buffers. */
#ifndef COLL_INTERNAL_H
#define COLL_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <mpi.h>

#include "collectives/collectives.h"
#include "smpi/mpi/p2p_api.h"

/* The algorithms and preconditions the rows of algorithms.def name (coll__<kind>_<name>,
 * coll__<kind>_check_<what>), defined in the files of each collective's family. */
#define COLL_ALGOS_BEGIN(l)
#define COLL_ALGO(name_, run_, needs_, help_) coll_fn run_;
#define COLL_ALGO_CHECKED(name_, run_, needs_, check_, help_)                                      \
    coll_fn run_;                                                                                  \
    coll_check_fn check_;
#define COLL_ALGOS_END(l)
#include "collectives/algorithms.def"
#undef COLL_ALGOS_BEGIN
#undef COLL_ALGO
#undef COLL_ALGO_CHECKED
#undef COLL_ALGOS_END

/* Upper bound on the number of children of a binomial-tree node (ranks are ints). */
#define COLL_TREE_MAX_CHILDREN 32

/* Binomial tree over `size` ranks rooted at `root`: ranks are renumbered relative to the root
 * (vr = (rank - root) mod size); the parent of vr clears its lowest set bit, its children are
 * vr + 2^k for every 2^k below that bit. Returns the parent's rank, or -1 at the root. */
int coll__tree_parent(int rank, int root, int size);
/* Fills `children` (room for COLL_TREE_MAX_CHILDREN) with the children's ranks, smallest
 * subtree first (child vr + 1, vr + 2, vr + 4, ...); returns how many. */
int coll__tree_children(int rank, int root, int size, int *children);

/* Open MPI's tuned trees (coll_base_topo.c, as SimGrid 3.32's coll_tuned_topo.cpp builds
 * them), which the ompi_* algorithms walk. `prev` is the parent (the root itself for the root
 * of k-ary and binomial trees, -1 for the root of chains and of the in-order binary tree and
 * on one rank); next[0..nextsize-1] are the children in the order the algorithms serve them. */
#define COLL_TREE_MAX_FANOUT 32
struct coll_tree {
    int root;
    int fanout;
    int prev;
    int next[COLL_TREE_MAX_FANOUT];
    int nextsize;
};
/* k-ary tree (1 <= fanout <= 32) filled level by level from the root (topo_build_tree). */
void coll__tree_kary(struct coll_tree *t, int fanout, int rank, int size, int root);
/* In-order binary tree rooted at size - 1 (topo_build_in_order_bintree). */
void coll__tree_in_order_bin(struct coll_tree *t, int rank, int size);
/* Binomial trees: children rank ^ 2^k for growing k (topo_build_bmtree), and the in-order
 * variant whose subtrees hold consecutive ranks (topo_build_in_order_bmtree). */
void coll__tree_bm(struct coll_tree *t, int rank, int size, int root);
void coll__tree_in_order_bm(struct coll_tree *t, int rank, int size, int root);
/* `fanout` chains hanging from the root (topo_build_chain; fanout clamped to 1..32). */
void coll__tree_chain(struct coll_tree *t, int fanout, int rank, int size, int root);

/* Ring neighbours: rank + 1 and rank - 1 modulo size. */
int coll__ring_right(int rank, int size);
int coll__ring_left(int rank, int size);

/* SMPI's mesh shapes (the 2dmesh and 3dmesh algorithms of allgather and alltoall). 2D: the first
 * divisor d of n from floor(sqrt(n)) up to n / 2; rows is the smaller of d and n / d, cols
 * (ranks per row) the larger. 3D: the first side d from floor(cbrt(n)) up to n / 3 with d * d
 * dividing n; the mesh is d by d by n / d^2. Each returns false when n has no such shape;
 * coll__mesh_fits says whether n has the shape of `dims` (2 or 3) dimensions. */
bool coll__mesh2d(int n, int *rows, int *cols);
bool coll__mesh3d(int n, int *side, int *planes);
bool coll__mesh_fits(int n, int dims);

/* Largest power of two <= n (n >= 1), and whether n is one. */
int coll__pow2_floor(int n);
bool coll__is_pow2(int n);

/* Recursive doubling on a non-power-of-two size folds the first 2 * rem ranks in pairs
 * (rem = size - pow2_floor(size)): the even rank of each pair sits out (-1), the odd one
 * becomes rank / 2; the other ranks become rank - rem. Folded ranks keep the order of the
 * original ones, so contiguous blocks of folded ranks cover contiguous original ranks (what
 * non-commutative reductions need). coll__rd_unfold maps a folded rank back. */
int coll__rd_fold(int rank, int rem);
int coll__rd_unfold(int newrank, int rem);

/* Address of element `i` of a buffer of `type` (i * extent bytes further). */
void *coll__elem(const void *buf, MPI_Aint i, MPI_Datatype type);
/* A temporary buffer for `count` elements of `type`: (count - 1) extents plus one true extent,
 * so that every byte the elements touch fits. Returns the block to free() and sets *base to
 * where element 0 starts (the block shifted back by the type's true lower bound). */
void *coll__tmp_alloc(int count, MPI_Datatype type, void **base);
/* Frees a derived type an algorithm made, unless it is still MPI_DATATYPE_NULL (not made). */
void coll__type_release(MPI_Datatype *type);

/* Waits for reqs[0..n-1] (MPI_REQUEST_NULL entries allowed, n may be 0) and frees them.
 * Returns rc when it is already an error (the requests are still completed), else the first
 * error of the wait, else MPI_SUCCESS. */
int coll__waitall(int n, MPI_Request *reqs, int rc);
/* coll__waitall, then free(reqs): the end of an algorithm's array from coll__reqs_alloc. */
int coll__waitall_free(int n, MPI_Request *reqs, int rc);
/* A request array of n entries set to MPI_REQUEST_NULL; free() it. */
MPI_Request *coll__reqs_alloc(int n);

/* Runs the algorithm or selector `name` of collective k, as SMPI's algorithms call one
 * another (bcast__mpich, allgather__ring): no precondition is checked. Dies naming k and name
 * when neither exists (a bug). Returns the algorithm's result. */
int coll__call(enum coll_kind k, const char *name, const struct coll_args *a);

/* SMPI's Comm::init_smp as the SMP-aware algorithms and selectors call it: fills *smp with how
 * comm's ranks sit on hosts and, the first time the calling rank asks for comm, sends the
 * messages SMPI's init_smp sends (leader allgather, node-size allgather among leaders,
 * uniformity bcast, blocked allreduce), so that simulated times match. Returns MPI_SUCCESS
 * or an MPI error class. */
int coll__smp_init(MPI_Comm comm, struct smpi_smp *smp);

/* What SMPI's mvapich2 selector leaves for the mvapich2 algorithms: global state in SMPI,
 * kept from one call to the next and read by the two-level algorithms. The functions are NULL
 * and the factors have SMPI's initial values until the selector sets them. Part of the run's
 * state (coll__run.mv2). */
struct coll_mv2 {
    coll_fn *bcast;                    /* MV2_Bcast_function */
    coll_fn *bcast_intra_node;         /* MV2_Bcast_intra_node_function */
    coll_fn *allreduce;                /* MV2_Allreducection */
    coll_fn *allreduce_intra;          /* MV2_Allreduce_intra_function */
    coll_fn *reduce;                   /* MV2_Reduce_function */
    coll_fn *reduce_intra;             /* MV2_Reduce_intra_function */
    coll_fn *scatter;                  /* MV2_Scatter_function */
    coll_fn *scatter_intra;            /* MV2_Scatter_intra_function */
    coll_fn *gather_inter_leader;      /* MV2_Gather_inter_leader_function */
    coll_fn *gather_intra_node;        /* MV2_Gather_intra_node_function */
    int pipelined_zcpy_knomial_factor; /* -1 */
    int inter_node_knomial_factor;     /* 4 */
    int intra_node_knomial_factor;     /* 4 */
    int reduce_intra_knomial_factor;   /* -1 */
    int reduce_inter_knomial_factor;   /* -1 */
};

/* ---- Selectors (coll-select: the engine in registry.c, the selectors in select_*.c) -----------
 * A selector picks the algorithm of one call, as SMPI 3.32's selectors do (colls/smpi_*_selector
 * .cpp). Its decisions are data: ordered rule tables (select_default.c, select_ompi.c,
 * select_mpich.c) or the tuning tables SMPI transcribes from MVAPICH2 and Intel MPI
 * (select_mvapich2.c, select_impi.c). The tables are const: they name algorithms by string,
 * which coll_init checks (it dies naming the selector, the collective and any unknown name) and
 * a call looks up when a row is chosen. */

struct coll_selector;

/* What a rule or table names: an algorithm row of the collective, or a selector (SMPI's
 * selectors call one another: the default alltoall is the ompi one). */
struct coll_target {
    const struct coll_algo *algo;
    const struct coll_selector *sel;
};

/* A selector's choice for one call. `b` holds the call's arguments: the selector may rewrite
 * them as SMPI's selector does before it calls the algorithm (mpich's scatter gives non-roots
 * the receive type as send type); the algorithm returned then runs on *b. May send messages
 * (init_smp) and set coll__run.mv2, like SMPI's. Returns an algorithm row: one of the collective's
 * table, or one of the selector's own file. */
typedef const struct coll_algo *coll_pick_fn(enum coll_kind k, struct coll_args *b);

/* An algorithm SMPI's selector may pick where it cannot run (SMPI throws, crashes, hangs or
 * computes wrong data there; the row's needs or check say why), and what runs instead. */
struct coll_subst {
    enum coll_kind kind;
    const char *smpi;    /* the algorithm SMPI runs */
    unsigned when;       /* enum coll_when bits the call must have for this row (0: any) */
    const char *instead; /* the valid algorithm (or selector) this simulator runs */
};

struct coll_selector {
    const char *name;
    coll_pick_fn *pick;
    void (*check)(void); /* NULL, or checks the names of the selector's tables at coll_init */
    const struct coll_subst *substitutes; /* ends with a row whose smpi is NULL; may be NULL */
    const char *help;
};

/* The selectors of select_*.c, one row each: COLL_SELECTOR(name, help). Selector `name`
 * defines coll__pick_<name>, coll__select_<name>_check and coll__subst_<name>; registry.c lists
 * them in this order, then "automatic". */
#define COLL_SELECTORS                                                                             \
    COLL_SELECTOR(default, "SMPI's default: the naive patterns (smpi_default_selector.cpp)")       \
    COLL_SELECTOR(ompi, "Open MPI's fixed decision rules (coll_tuned_decision_fixed.c)")           \
    COLL_SELECTOR(mpich, "MPICH's decision rules, with SMPI's SMP-aware variants")                 \
    COLL_SELECTOR(mvapich2, "MVAPICH2's tuning tables for Stampede (TACC)")                        \
    COLL_SELECTOR(impi, "Intel MPI 4.1's tuning tables for Stampede (TACC)")

#define COLL_SELECTOR(name_, help_)                                                                \
    coll_pick_fn coll__pick_##name_;                                                               \
    void coll__select_##name_##_check(void);                                                       \
    extern const struct coll_subst coll__subst_##name_[];
COLL_SELECTORS
#undef COLL_SELECTOR

/* What `name` names for collective k: its algorithm of that name, else the selector of that
 * name (the reserved name COLL_NOTHING is coll__nothing). Returns false when neither exists. */
bool coll__target_find(struct coll_target *t, enum coll_kind k, const char *name);
/* Dies naming `selector` (the table's owner), k and name when `name` names nothing for k. */
void coll__target_check(const char *selector, enum coll_kind k, const char *name);
/* The algorithm that runs call *b for `name` (checked by coll_init): the row of that name, or
 * what the selector of that name picks. */
const struct coll_algo *coll__pick_named(enum coll_kind k, const char *name, struct coll_args *b);
/* Runs selector `sel` for collective k (its pick, then the first of its substitutes for that
 * algorithm whose `when` bits the call has, when SMPI's choice cannot run) and asserts that the
 * algorithm returned can run *b. */
const struct coll_algo *coll__select(const struct coll_selector *sel, enum coll_kind k,
                                     struct coll_args *b);
/* What `algo` needs that call b does not offer (a phrase completing "needs ..."), or NULL. */
const char *coll__need_missing(const struct coll_algo *algo, enum coll_kind k,
                               const struct coll_args *b);

/* Where SMPI's selector returns MPI_SUCCESS without running anything (mvapich2 on count 0,
 * mpich's allgatherv of nothing): a row that sends nothing. Rules name it COLL_NOTHING. */
#define COLL_NOTHING "(nothing)"
extern const struct coll_algo coll__nothing;

/* Facts a rule tests: the communicator size, the message size the selector decides on (bytes,
 * or elements where SMPI's selector counts elements, as computed by that selector), and
 * enum coll_when bits. */
struct coll_facts {
    int ranks;
    size_t bytes;
    unsigned flags;
};

enum coll_when {
    COLL_WHEN_OP = 1u << 0,             /* the op is not MPI_OP_NULL */
    COLL_WHEN_COMMUTATIVE = 1u << 1,    /* the op is commutative or MPI_OP_NULL */
    COLL_WHEN_NONCOMMUTATIVE = 1u << 2, /* the op is a user op declared non-commutative */
    COLL_WHEN_POW2 = 1u << 3,           /* the communicator size is a power of two */
    COLL_WHEN_ODD = 1u << 4,            /* the communicator size is odd */
    COLL_WHEN_EVEN = 1u << 5,           /* the communicator size is even */
    COLL_WHEN_COUNT_GE_POF2 = 1u << 6,  /* count >= the largest power of two <= size */
    COLL_WHEN_COUNT_LT_POF2 = 1u << 7,  /* count < the largest power of two <= size */
    COLL_WHEN_REGULAR = 1u << 8,        /* reduce_scatter: every rank receives as much */
    COLL_WHEN_IRREGULAR = 1u << 9,      /* reduce_scatter: some count differs */
    COLL_WHEN_DERIVED = 1u << 10,       /* the datatype is derived (SMPI's DT_FLAG_DERIVED) */
    COLL_WHEN_IN_PLACE = 1u << 11,      /* sbuf is MPI_IN_PLACE */
    COLL_WHEN_HIER = 1u << 12,          /* comm is not a host or leaders communicator */
    COLL_WHEN_UNIFORM = 1u << 13,       /* set by a selector after init_smp: uniform layout */
    COLL_WHEN_ZERO = 1u << 14,          /* count (scount for the block collectives) is 0 */
};

/* Fills *f with the size and the bits that follow from the arguments alone (bytes 0; the
 * selector adds its own bytes and the layout bits). */
void coll__facts_init(struct coll_facts *f, enum coll_kind k, const struct coll_args *a);

/* One rule: it matches when every `when` bit is set and ranks_ge <= ranks < ranks_lt and
 * bytes_ge <= bytes < bytes_lt. Tables list rules in order, end with a catch-all (when 0, any
 * size, any bytes), then a row whose name is NULL. */
#define COLL_ANY SIZE_MAX
struct coll_rule {
    unsigned when;
    size_t ranks_ge;
    size_t ranks_lt;
    size_t bytes_ge;
    size_t bytes_lt;
    const char *name;
};
/* The first rule of `rules` that f satisfies. */
const struct coll_rule *coll__rules_match(const struct coll_rule *rules,
                                          const struct coll_facts *f);
/* Checks every name of a rule table of `selector` for collective k; dies on an unknown name or
 * a table that does not end with a catch-all. */
void coll__rules_check(const struct coll_rule *rules, const char *selector, enum coll_kind k);
/* For selectors made of one rule table per collective: the algorithm the first matching rule
 * names, for call b with facts f. */
const struct coll_algo *coll__rules_pick(const struct coll_rule *rules, const struct coll_facts *f,
                                         enum coll_kind k, struct coll_args *b);

/* Bytes of `count` elements of `type` (SMPI's count * datatype->size()). */
size_t coll__bytes(int count, MPI_Datatype type);
/* Sum of counts[0..n-1]. */
size_t coll__sum(const int *counts, int n);

/* reduce family (reduce.c): Rabenseifner's reduce-scatter based reduce (all false: the result
 * at a->root) and allreduce (all true: every rank gets it; a->root ignored), SMPI 3.32's
 * reduce__rab and allreduce__rab; their rows' check is coll__rab_check (basic datatypes and
 * predefined ops only, as SMPI's). */
int coll__rab(const struct coll_args *a, bool all);

/* scan.c: SMPI's scan (exclusive false) and exscan (true): every rank sends its input to every
 * higher rank and receives the input of every lower rank, all requests started at once
 * (receives first, by increasing rank, then sends); with a commutative op each input is reduced
 * as its receive completes (waitany), otherwise the requests are waited for in order. */
int coll__scan_linear(const struct coll_args *a, bool exclusive);

/* The automatic selector (select_automatic.c): runs every algorithm of k that can run this
 * call, measured, and records their times in the report. */
int coll__automatic(enum coll_kind k, const struct coll_args *a);
/* Whether `name` is a selector that picks an algorithm (ompi, mpich, ...; not automatic). */
bool coll__is_selector(const char *name);

/* The collective report (report.c): coll__report_call records an application's call of k
 * that started at `start` and ran `algo` (on each rank; the call is complete when every rank of
 * the communicator has reported it); coll__report_tried records the time the automatic
 * selector measured for one algorithm (called by one rank per call). Both cost nothing when
 * smpi/coll-report is off. */
void coll__report_call(enum coll_kind k, const struct coll_args *a, const char *algo, double start);
void coll__report_tried(enum coll_kind k, const struct coll_args *a, const char *algo,
                        double longest);

/* ---- The run's state -----------------------------------------------------------------------
 * Everything collectives change while a simulation runs, in one place: coll_init resets it
 * (coll_report_init the report). Every table of this folder is const. */

/* smpi/coll-fallback: what a forced algorithm whose needs fail does. */
enum coll_fallback {
    COLL_FALLBACK_ERROR,
    COLL_FALLBACK_WARN,
    COLL_FALLBACK_SILENT,
};

struct coll__report; /* report.c */

/* A memo of coll__target_find: the tables' names are string literals, whose addresses do not
 * change, so a lookup is kept under the name's address and collective (direct-mapped: a
 * colliding lookup replaces the entry). A selector's choice then costs a few comparisons
 * instead of a scan of the collective's algorithm names. */
#define COLL_MEMO_SIZE 256
struct coll__memo {
    const char *name; /* NULL: empty */
    enum coll_kind kind;
    struct coll_target to;
};

struct coll__run {
    const struct coll_selector *selector;                     /* smpi/coll-selector */
    const struct coll_algo *forced[COLL_NKINDS];              /* smpi/<kind>:<algorithm> */
    const struct coll_selector *forced_selector[COLL_NKINDS]; /* smpi/<kind>:<selector> */
    enum coll_fallback fallback;
    bool warned[COLL_NKINDS];    /* the fallback's warning was given for this collective */
    struct coll_mv2 mv2;         /* what SMPI's mvapich2 selector leaves for its algorithms */
    struct coll__report *report; /* smpi/coll-report's counts, NULL when it is off */
    struct coll__memo memo[COLL_MEMO_SIZE];
};
extern struct coll__run coll__run;

#endif /* COLL_INTERNAL_H */
