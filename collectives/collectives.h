/* collectives: the one list of collective operations, the arguments every algorithm receives,
 * the per-collective algorithm tables and the registry that picks one algorithm per call
 * (forced with smpi/<collective>, else chosen by the selector of smpi/coll-selector). */
#ifndef COLL_COLLECTIVES_H
#define COLL_COLLECTIVES_H

#include <stdbool.h>
#include <stdio.h>

#include <mpi.h>

/* The shape of a collective's arguments (struct coll_args), one per family of collectives that
 * read the same fields and take MPI_IN_PLACE the same way. The MPI layer checks, normalises and
 * traces a call by its form (smpi/mpi/coll_call.c, smpi/trace/). */
enum coll_form {
    COLL_FORM_BARRIER,            /* comm only */
    COLL_FORM_BCAST,              /* rbuf, count, type, root */
    COLL_FORM_REDUCE,             /* sbuf, rbuf, count, type, op, root */
    COLL_FORM_ALLREDUCE,          /* sbuf, rbuf, count, type, op at every rank */
    COLL_FORM_REDUCE_SCATTER,     /* sbuf, rbuf, rcounts, type, op */
    COLL_FORM_ALLTOALL,           /* a block to and from every rank */
    COLL_FORM_ALLGATHER,          /* one block from every rank to every rank */
    COLL_FORM_GATHER,             /* one block from every rank to the root */
    COLL_FORM_SCATTER,            /* one block from the root to every rank */
    COLL_FORM_NEIGHBOR_ALLGATHER, /* one block to every neighbour (a process topology) */
    COLL_FORM_NEIGHBOR_ALLTOALL,  /* a block to and from every neighbour */
    COLL_NFORMS
};

/* What a collective's descriptor says beyond its form (struct coll_desc.flags). */
enum coll_flag {
    COLL_ROOTED = 1u << 0, /* has a root */
    COLL_OP = 1u << 1,     /* reduces with an op */
    COLL_V = 1u << 2,      /* per-rank counts and displacements (the v and w forms) */
    COLL_W = 1u << 3,      /* per-rank datatypes (the w forms) */
    COLL_INTRA = 1u << 4,  /* no intercommunicator form (MPI-3.1 section 5.2.2) */
};

/* The only list of collectives: X(UPPER, lower, form, flags, ti), where form is the COLL_FORM_
 * suffix, flags enum coll_flag bits (0 for none) and ti the action name of SMPI 3.32's
 * time-independent traces (NULL: SMPI writes none). Expanded into enum coll_kind, the reserved
 * tags, the table declarations, coll_descs[] and the registry array of registry.c. Adding a
 * collective: one X(...) here, its section of rows in collectives/algorithms.def, one
 * collectives/<kind>.c holding the algorithms, one line in collectives/local.mk, and its PMPI
 * binding; its checks, in-place handling, report, traces and nonblocking form follow from its
 * form and flags. */
#define COLL_KINDS(X)                                                                              \
    X(BARRIER, barrier, BARRIER, 0, "barrier")                                                     \
    X(BCAST, bcast, BCAST, COLL_ROOTED, "bcast")                                                   \
    X(REDUCE, reduce, REDUCE, COLL_ROOTED | COLL_OP, "reduce")                                     \
    X(ALLREDUCE, allreduce, ALLREDUCE, COLL_OP, "allreduce")                                       \
    X(ALLTOALL, alltoall, ALLTOALL, 0, "alltoall")                                                 \
    X(ALLTOALLV, alltoallv, ALLTOALL, COLL_V, "alltoallv")                                         \
    X(ALLTOALLW, alltoallw, ALLTOALL, COLL_V | COLL_W, "alltoallv")                                \
    X(ALLGATHER, allgather, ALLGATHER, 0, "allgather")                                             \
    X(ALLGATHERV, allgatherv, ALLGATHER, COLL_V, "allgatherv")                                     \
    X(GATHER, gather, GATHER, COLL_ROOTED, "gather")                                               \
    X(GATHERV, gatherv, GATHER, COLL_ROOTED | COLL_V, "gatherv")                                   \
    X(SCATTER, scatter, SCATTER, COLL_ROOTED, "scatter")                                           \
    X(SCATTERV, scatterv, SCATTER, COLL_ROOTED | COLL_V, "scatterv")                               \
    X(REDUCE_SCATTER, reduce_scatter, REDUCE_SCATTER, COLL_OP | COLL_V, "reducescatter")           \
    X(SCAN, scan, ALLREDUCE, COLL_OP | COLL_INTRA, "scan")                                         \
    X(EXSCAN, exscan, ALLREDUCE, COLL_OP | COLL_INTRA, "exscan")                                   \
    X(NEIGHBOR_ALLGATHER, neighbor_allgather, NEIGHBOR_ALLGATHER, COLL_INTRA, NULL)                \
    X(NEIGHBOR_ALLGATHERV, neighbor_allgatherv, NEIGHBOR_ALLGATHER, COLL_V | COLL_INTRA, NULL)     \
    X(NEIGHBOR_ALLTOALL, neighbor_alltoall, NEIGHBOR_ALLTOALL, COLL_INTRA, NULL)                   \
    X(NEIGHBOR_ALLTOALLV, neighbor_alltoallv, NEIGHBOR_ALLTOALL, COLL_V | COLL_INTRA, NULL)        \
    X(NEIGHBOR_ALLTOALLW, neighbor_alltoallw, NEIGHBOR_ALLTOALL, COLL_V | COLL_W | COLL_INTRA, NULL)

#define COLL_ENUM_ROW(U, l, ...) COLL_##U,
enum coll_kind { COLL_KINDS(COLL_ENUM_ROW) COLL_NKINDS };
#undef COLL_ENUM_ROW

/* Every reserved tag, in one place. Collective traffic travels in the communicator's
 * collective matching context, so these never meet a user receive; distinct tags per kind keep
 * a collective built from others (reduce_scatter = reduce + scatterv) unambiguous.
 *   COLL_TAG_<KIND>        the intracommunicator algorithms of each collective
 *   COLL_TAG_INTER_<KIND>  the leader exchanges of the intercommunicator forms (inter.c)
 *   COLL_TAG_INTERCOMM_*   the creation of intercommunicators (smpi/mpi/intercomm.c)
 *   COLL_TAG_NEIGHBOR - s  the neighbourhood collectives; s is the neighbour slot on Cartesian
 *                          topologies (a periodic neighbour may appear twice), 0 otherwise
 *   COLL_TAG_SEGMENT - i   segment i mod 2^16 of a pipeline that tags each segment (reduce NTSL,
 *                          as SMPI's tag + i) */
#define COLL_TAG_ROW(U, l, ...) COLL_TAG_##U = -10 - COLL_##U,
#define COLL_TAG_INTER_ROW(U, l, ...) COLL_TAG_INTER_##U = -100 - COLL_##U,
enum coll_tag {
    COLL_KINDS(COLL_TAG_ROW) COLL_KINDS(COLL_TAG_INTER_ROW) COLL_TAG_INTERCOMM_CREATE = -200,
    COLL_TAG_INTERCOMM_CONTEXT = -201,
    COLL_TAG_INTERCOMM_PAIRS = -202,
    COLL_TAG_INTERCOMM_TABLE = -203,
    COLL_TAG_NEIGHBOR = -1000,
    COLL_TAG_SEGMENT = -2000,
};
#undef COLL_TAG_ROW
#undef COLL_TAG_INTER_ROW

/* Every parameter any collective needs; each kind reads only its own fields (unused ones are
 * zero). The call path normalises MPI_IN_PLACE as SMPI 3.32's bindings do (smpi/mpi/coll_call.c),
 * so an algorithm sees MPI_IN_PLACE only as the send buffer of gather and gatherv at the root (with
 * scount 0 and stype = rtype), as the receive buffer of scatter and scatterv at the root (with
 * rcount and rtype those of the root's own block), and as the send buffer of reduce at the
 * root; everywhere else sbuf is a real buffer. A bcast on one rank never reaches an algorithm.
 *   barrier              comm
 *   bcast                rbuf (in at root, out elsewhere), count, type, root
 *   reduce               sbuf (or MPI_IN_PLACE at root), rbuf (root only), count, type, op, root
 *   allreduce            sbuf, rbuf, count, type, op
 *   alltoall             sbuf, scount, stype, rbuf, rcount, rtype
 *   alltoallv            sbuf, scounts, sdispls, stype, rbuf, rcounts, rdispls, rtype;
 *                        displacements in extents of the type
 *   alltoallw            sbuf, scounts, sdispls, stypes, rbuf, rcounts, rdispls, rtypes;
 *                        displacements in bytes
 *   allgather            sbuf, scount, stype, rbuf, rcount, rtype
 *   allgatherv           sbuf, scount, stype, rbuf, rcounts, rdispls, rtype
 *   gather               sbuf (or MPI_IN_PLACE at root), scount, stype, rbuf, rcount, rtype, root
 *   gatherv              as gather with rcounts, rdispls instead of rcount
 *   scatter              sbuf, scount, stype, rbuf (or MPI_IN_PLACE at root), rcount, rtype, root
 *   scatterv             as scatter with scounts, sdispls instead of scount
 *   reduce_scatter       sbuf, rbuf, rcounts, type, op (reduce_scatter_block comes here too,
 *                        with equal counts)
 *   scan, exscan         sbuf, rbuf, count, type, op
 *   neighbor_allgather   sbuf, scount, stype, rbuf, rcount, rtype
 *   neighbor_allgatherv  sbuf, scount, stype, rbuf, rcounts, rdispls, rtype
 *   neighbor_alltoall    sbuf, scount, stype, rbuf, rcount, rtype
 *   neighbor_alltoallv   sbuf, scounts, sdispls, stype, rbuf, rcounts, rdispls, rtype
 *   neighbor_alltoallw   sbuf, scounts, sbdispls, stypes, rbuf, rcounts, rbdispls, rtypes
 *                        (MPI_Aint byte displacements)
 * Rooted buffers and counts are only significant at the root, as in MPI. On an
 * intercommunicator (coll_inter_run) root may also be MPI_ROOT or MPI_PROC_NULL. */
struct coll_args {
    const void *sbuf;
    void *rbuf;
    int scount;
    int rcount;
    const int *scounts;
    const int *rcounts;
    const int *sdispls;
    const int *rdispls;
    MPI_Datatype stype;
    MPI_Datatype rtype;
    const MPI_Datatype *stypes;
    const MPI_Datatype *rtypes;
    const MPI_Aint *sbdispls;
    const MPI_Aint *rbdispls;
    MPI_Op op;
    int root;
    MPI_Comm comm;
    int count;
    MPI_Datatype type;
};

/* An algorithm: runs one collective on the calling rank. Every rank of a->comm calls the same
 * algorithm (the registry guarantees it). Returns MPI_SUCCESS or an MPI error class. */
typedef int coll_fn(const struct coll_args *a);

/* Preconditions of an algorithm (struct coll_algo.needs). The registry checks them before a
 * forced algorithm runs and applies smpi/coll-fallback when they fail. Each must give the same
 * answer on every rank: COLL_NO_IN_PLACE is therefore only meaningful for collectives where
 * every rank passes MPI_IN_PLACE together (allreduce, alltoall*, allgather*,
 * reduce_scatter*, scan, exscan); rooted algorithms handle in-place at the root themselves. */
enum coll_need {
    COLL_NEEDS_POW2 = 1u << 0,        /* communicator size is a power of two */
    COLL_NEEDS_COMMUTATIVE = 1u << 1, /* the op is commutative */
    COLL_NO_IN_PLACE = 1u << 2,       /* sbuf is not MPI_IN_PLACE */
};

/* A precondition the needs bits cannot express (ranks per host, a size that factors into a
 * mesh, equal counts...): returns NULL when the algorithm can run this call, else what it
 * needs, as a phrase completing "needs ..." ("a communicator size that is a multiple of the
 * ranks per host"). Must give the same answer on every rank and send no message. */
typedef const char *coll_check_fn(const struct coll_args *a);

struct coll_algo {
    const char *name; /* SMPI's name where SMPI has the algorithm, else <origin>_<algorithm> */
    unsigned needs;   /* enum coll_need bits */
    coll_fn *run;
    const char *help;     /* one line for smpirun -help-coll */
    coll_check_fn *check; /* NULL, or a further precondition */
};

/* One table per collective, ended by a row whose name is NULL; the first row is the baseline,
 * which must have no needs. Expanded in registry.c from the rows of collectives/algorithms.def. */
#define COLL_TABLE_DECL(U, l, ...) extern const struct coll_algo coll_##l##_algos[];
COLL_KINDS(COLL_TABLE_DECL)
#undef COLL_TABLE_DECL

/* A collective's descriptor: its row of COLL_KINDS. coll_descs[k] describes collective k. */
struct coll_desc {
    const char *name; /* "bcast", "reduce_scatter": as in smpi/<name> */
    enum coll_form form;
    unsigned flags; /* enum coll_flag bits */
    const char *ti; /* the action of SMPI 3.32's TI traces ("reducescatter"), or NULL */
};
extern const struct coll_desc coll_descs[COLL_NKINDS];
/* Bytes per rank that decide a selector's choice of collective k, as SMPI's selectors count
 * them: the block this rank sends (receives, in a scatter), 0 for barrier and the v and w forms,
 * and the mean block of a reduce_scatter. */
size_t coll_call_bytes(enum coll_kind k, const struct coll_args *a);

/* Sets up the registry once, before any rank runs a collective.
 *   selector  smpi/coll-selector: "default", "ompi" or "mpich" (NULL or "" means "default")
 *   forced    returns the value of smpi/<kind> for a collective name ("" or NULL: not forced);
 *             the value is an algorithm name or a selector name; forced may be NULL
 *   fallback  smpi/coll-fallback: "error", "warn" or "silent" (NULL or "" means "warn")
 * Dies (sim_die) on an unknown selector, algorithm or fallback, naming the collective and
 * listing the valid names. May be called again; the last call wins. */
void coll_init(const char *selector, const char *(*forced)(const char *kind), const char *fallback);
/* Runs collective k on the calling rank with the forced algorithm, or the selector's choice
 * when none is forced or the forced one's needs fail (see smpi/coll-fallback). Returns the
 * algorithm's result (MPI_SUCCESS or an MPI error class). */
int coll_run(enum coll_kind k, const struct coll_args *a);
/* An application's call of collective k (the bindings' entry): as coll_run, and recorded in the
 * collective report; under the automatic selector, every algorithm runs (coll_run itself then
 * uses the default selector, for the collectives the library runs internally). */
int coll_run_call(enum coll_kind k, const struct coll_args *a);
/* Runs collective k on an intercommunicator (MPI-3.1 section 5.2.2; collectives/inter.c):
 * an operation inside the local group with the configured algorithms and an exchange between
 * the two groups. Scan, exscan and the neighbourhood collectives have no intercommunicator
 * form (MPI_ERR_COMM). Returns MPI_SUCCESS or an MPI error class. */
int coll_inter_run(enum coll_kind k, const struct coll_args *a);
/* The collective report (smpi/coll-report): path of the CSV file to write at the end of the run
 * (NULL or "": no report); coll_report_finish prints the table on stderr and writes the CSV. */
void coll_report_init(const char *path);
void coll_report_finish(void);
/* Prints every collective with its algorithms and their help (smpirun -help-coll). */
void coll_print_help(FILE *out);
/* The collective's name ("bcast", "reduce_scatter"), as used in smpi/<name>. */
const char *coll_kind_name(enum coll_kind k);
/* The collective named `name`, or -1. */
int coll_kind_by_name(const char *name);
/* Whether name is a selector, or (k >= 0) an algorithm of collective k: a valid smpi/<kind>
 * value (k >= 0) or smpi/coll-selector value (k < 0). */
bool coll_name_is_valid(int k, const char *name);
/* Told by coll_run_call, in the calling rank, of each application call of collective k and the
 * algorithm chosen for it (NULL: the automatic selector runs them all); NULL for no observer
 * (the tool interface's counters, smpi/mpi/mpit.c). */
typedef void coll_call_fn(enum coll_kind k, const struct coll_algo *algo);
extern coll_call_fn *coll_call_observer;
/* The algorithm table of collective k (ends with a NULL name). */
const struct coll_algo *coll_algos(enum coll_kind k);
/* The algorithm `name` of collective k, or NULL. */
const struct coll_algo *coll_find(enum coll_kind k, const char *name);

#endif /* COLL_COLLECTIVES_H */
