/* internal: declarations shared between the files of smpi (never included outside it): ranks,
 * communicators, groups, requests and the point-to-point engine. */
#ifndef SMPI_INTERNAL_H
#define SMPI_INTERNAL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <mpi.h>

#include "simcore/simcore.h"
#include "smpi/runtime/options.h"
#include "collectives/collectives.h"
#include "smpi/mpi/p2p_api.h"
#include "smpi/trace/trace.h"

struct smpi_app;

/* ---- ranks (runtime.c) ---------------------------------------------------------------- */

typedef int smpi__main_fn(int argc, char **argv);

struct smpi_queue {
    struct smpi_request *head;
    struct smpi_request *tail;
};

/* A rank's getopt state (getopt.c): libc's optind, optarg, opterr and optopt while another rank
 * runs, and the scanning state glibc keeps hidden. */
struct smpi_getopt {
    int optind;
    int opterr;
    int optopt;
    char *optarg;
    char *nextchar;   /* the rest of a group of short options ("-abc") */
    int first_nonopt; /* argv[first_nonopt..last_nonopt): the non-options passed over */
    int last_nonopt;
    int ordering;     /* getopt.c's enum ordering */
    bool initialized; /* false until the first call, and again when optind is set to 0 */
    bool nondefault;  /* optind, optarg, opterr or optopt differ from smpi__getopt_init's */
};
/* The state of a rank that never called getopt: optind 1, opterr 1, optopt '?'. */
void smpi__getopt_init(struct smpi_getopt *g);
/* Makes libc's optind, optarg, opterr and optopt those of world rank `rank`, keeping the values
 * of the rank that held them (called before the engine resumes any code of the rank). */
void smpi__getopt_activate(int rank);

/* A rank's matching queues (match.c): receives waiting for a send, sends waiting for a
 * receive, also kept per source so that matching does not scan other sources' messages. */
struct smpi_mailbox {
    struct smpi_queue posted_any; /* MPI_ANY_SOURCE receives, in posting order */
    struct smpi_queue unexp;      /* every unexpected send, in arrival order */
    unsigned long posted_seq;     /* numbers posted receives (posting order across queues) */
    struct smpi_srcq *srcs;       /* per-source queues: open addressing by world rank */
    size_t cap;
    size_t used;
    bool direct;              /* srcs is indexed by world rank (match.c) */
    struct sim_waitq probers; /* the rank's threads blocked in MPI_Probe: woken at any arrival */
};

struct smpi_process {
    int rank; /* in MPI_COMM_WORLD */
    struct sim_actor *actor;
    struct sim_host *host;
    smpi__main_fn *main;
    int argc;
    char **argv;
    bool initialized;
    bool finalized;
    int thread_level;
    struct smpi_mailbox mbox;
    uint64_t bench_tick;  /* wall clock (clock.h) when the rank left MPI, to time computation */
    double bench_carry;   /* computation under smpi/cpu-threshold carried (runtime.c) */
    double bench_carry_t; /* since this simulated time */
    bool sampling;        /* inside an SMPI_SAMPLE_* loop (sample.c) */
    double sample_start;  /* thread CPU time when the sampled body began */
    const char *loc_file; /* file and line of the last MPI call (smpicc -trace-call-location) */
    int loc_line;
    const char *loc_prev_file; /* and of the one before (adjust.c) */
    int loc_prev_line;
    int depth;         /* nesting of MPI calls (a binding may use another one) */
    const char *call;  /* MPI call the rank is in, for deadlock reports */
    bool call_watched; /* its entry was traced or logged: so is its exit (runtime.c) */
    int call_peer;     /* its peer rank in the call's communicator, or -1 */
    int call_tag;
    struct smpi_comm *call_comm;
    void *bsend_buf; /* MPI_Buffer_attach */
    int bsend_size;
    int bsend_used;
    struct sim_actor
        *bsend_detacher; /* blocked in MPI_Buffer_detach: woken when bsend_used drops */
    /* MPI_Buffer_iflush's request until the buffer empties (p2p_mpi4.c) */
    struct smpi_request *bsend_flush;
    int exit_code;
    struct smpi_getopt getopt;  /* only a rank's own, in smpi__rt.procs, is used */
    int trace_category;         /* TRACE_smpi_set_category (trace_category.c), 0 when none */
    int sessions;               /* MPI-4 sessions it holds open (session.c) */
    double wtime_polled;        /* simulated date when its last clock read returned (time.c) */
    long wtime_streak;          /* clock reads in a row with no time passing in between (time.c) */
    struct smpi_thread *thread; /* an application thread's (threads.c); NULL for a rank's main */
    /* Dynamic processes (runtime/jobs.c): the job the rank belongs to (0: smpirun's ranks, then
     * one per MPI_Comm_spawn), its MPI_APPNUM, its rank in its own MPI_COMM_WORLD and the
     * intercommunicator to its parents (MPI_Comm_get_parent; NULL for smpirun's ranks). Only a
     * rank's own entry in smpi__rt.procs holds them (not a thread's shadow). */
    int job;
    int appnum;
    int job_rank;
    struct smpi_comm *parent;
    const char *wdir; /* its working directory (info "wdir"), NULL for smpirun's */
    /* A spawned rank's program and the number of its copy in it (smpirun's ranks: NULL, their
     * program is smpi__rt.app and the copy's number their rank). */
    const struct smpi_app *app;
    int app_rank;
};

struct smpi_runtime {
    struct smpi_config cfg;
    int nranks;                 /* processes so far: smpirun's, then those MPI_Comm_spawn adds */
    int cap;                    /* room in procs, which never moves (jobs.c) */
    struct smpi_process *procs; /* indexed by "world rank": the index of the process in the run */
    struct sim_host **hosts;    /* where ranks go, round-robin (place_ranks), and their number */
    int nhosts;
    struct smpi_app *app;
    double wall_start;
    int argc; /* smpimain's command line, for the headers of traces */
    char **argv;
    double run_start; /* host time when the engine started running the ranks */
    double benched;   /* host seconds of application code measured between MPI calls */
    int ranks_ended;  /* ranks whose main has returned (the progress line shows it) */
    int exit_status;  /* first non-zero status from exit(), MPI_Abort or a failed rank */
    bool aborted;
    bool replaying; /* smpirun -replay: ranks run a TI trace (replay.c), nothing native */
    /* contexts/copy-stacks in effect: ranks are copied actors (simcore sim_actor_create_copied);
     * their threads and helpers are tied to their stacks (smpi__tie_to_rank) */
    bool copy_stacks;
    /* The span of the first program's privatized globals (smpi_app_globals_span; empty unless
     * MMAP privatization): smpi__rank_addr asks the loader only for addresses inside it. */
    const char *globals_lo;
    const char *globals_hi;
    /* The multipliers of the sleeps of MPI_Test (and the calls made of it), MPI_Testany and
     * MPI_Iprobe: each grows with a failed call (smpi/grow-injected-times) and is back to 1
     * after a successful one, whichever rank made it; SMPI 3.32 keeps them as one static
     * counter each (smpi_request.cpp's nsleeps), shared by all ranks. */
    int test_sleeps;
    int testany_sleeps;
    int iprobe_sleeps;
};
/* hostfile.c: the hosts of a hostfile (SMPI 3.32's syntax), one per rank slot, or the
 * platform's hosts in name order; returns their number, the array (malloc'd) in *out. Dies on
 * an unknown host or an empty hostfile, naming the file and line. */
int smpi__hostfile_read(const char *path, struct sim_platform *plat, struct sim_host ***out);
int smpi__hosts_by_name(struct sim_platform *plat, struct sim_host ***out);

extern struct smpi_runtime smpi__rt;

/* Dynamic processes (jobs.c). smpi__procs_reserve: procs for smpirun's nranks with room for
 * the ranks MPI_Comm_spawn may add: the universe size, smpi__universe_size, MPI_UNIVERSE_SIZE,
 * the cores of the platform's hosts (at least the ranks smpirun started).
 * smpi__job_activate: makes MPI_COMM_WORLD (one handle, smpi_mpi_comm_world) the world of r's
 * job and the working directory r's (info "wdir"), before resuming r (NULL: back to job 0's, as
 * the run ends). smpi__job_new: a job of n processes (indices
 * smpi__rt.nranks.. on return), their MPI_COMM_WORLD made; the caller fills and starts them
 * with smpi__rank_start. smpi__rank_label: "rank R" for smpirun's ranks, "rank R of spawn J"
 * for the others (R in the job's world). smpi__jobs_spawned: whether MPI_Comm_spawn has started
 * a job (until then every rank is job 0's and smpi__job_activate has nothing to do). */
void smpi__procs_reserve(const struct sim_platform *plat, int nranks);
/* How many processes the arrays kept per process must hold: smpi__rt.cap (at least nranks, for
 * the unit tests that set only nranks). */
static inline int smpi__procs_cap(void)
{
    return smpi__rt.cap > smpi__rt.nranks ? smpi__rt.cap : smpi__rt.nranks;
}
int smpi__universe_size(void);
bool smpi__jobs_spawned(void);
void smpi__job_activate(const struct smpi_process *r);
int smpi__job_new(int n);
void smpi__rank_start(struct smpi_process *p);
const char *smpi__rank_label(const struct smpi_process *p, char *buf, size_t cap);

/* The calling rank (NULL outside a rank): the running actor's data, a rank's process or, for
 * a rank's thread, the thread's (threads.c). */
static inline struct smpi_process *smpi__self(void)
{
    return sim_actor_self_data();
}
/* Where world rank `rank`'s buffer `p` can be read or written whatever rank runs: differs from
 * `p` only for a global under mmap privatization (see smpi_app_rank_addr). */
void *smpi__rank_addr(int rank, const void *p);
/* smpi__rank_addr for a buffer of `count` elements of `type`: the buffer moved as a whole by
 * the shift its first byte needs, so that MPI_BOTTOM with absolute addresses is reached too. */
void *smpi__rank_buf(int rank, const void *buf, int count, MPI_Datatype type);
/* Under contexts/copy-stacks, ties actor `a` (a thread or helper of world rank `rank`) to the
 * rank's stack, which it may use directly: placed whenever `a` runs. */
void smpi__tie_to_rank(struct sim_actor *a, int rank);
/* Whether contexts/copy-stacks applies to a run of `nranks` ranks (auto: from
 * SMPI_COPY_STACKS_AUTO_RANKS on, raw factory only). */
bool smpi__copy_stacks_wanted(int nranks);
/* MPIEXEC_TIMEOUT (runtime/timeout.c): arms the job's time limit if the variable is set; called
 * when the engine stopped at that limit, says so and ends the job as mpiexec does (status 255). */
void smpi__timeout_arm(void);
void smpi__timeout_expired(void) __attribute__((noreturn));
/* Ends the whole simulated job now with `status` after printing nothing more. */
void smpi__job_abort(int status) __attribute__((noreturn));
/* Records which MPI call the rank is in (deadlock reports) and charges the computation done
 * natively since the rank left MPI. Every MPI_* binding calls it first; smpi__leave last. */
void smpi__enter(const char *call);
/* SMPI's smpi_mpi verbose line "SMPI - Entering MPI_X" (what: "Entering" or "Leaving") for the
 * calls that do not go through smpi__enter (smpi__enter and smpi__leave write it for the others);
 * only for a call of the application, not one made inside another call. */
void smpi__log_call(const char *call, const char *what);
void smpi__leave(void);
/* smpi__enter with the call's arguments, for the trace sinks (trace.h). */
void smpi__enter_call(const struct smpi_trace_call *c);
/* Executes `flops` on the rank's host as computation (traced as such). */
void smpi__compute(const struct smpi_process *p, double flops);
/* Creates one actor per rank (procs must be filled: rank, host, main, argc, argv). */
void smpi__ranks_create(void);
/* Dies with the numbers when `nranks` ranks, each also owning `globals_per_rank` bytes of
 * privatized globals, would not fit in the memory available (limits.c). */
void smpi__check_memory(int nranks, size_t globals_per_rank);
/* Measures this machine's flop rate (smpi/host-speed:auto). */
double smpi__bench_host_speed(void);
/* Initialises the collective selector from the options (bindings_coll.c). */
void smpi__coll_init(void);
/* Installs the crash handler (before sim_engine_init) and the deadlock report (after). */
void smpi__diag_init(void);
void smpi__diag_arm(void);
/* Names the application function that made the calling rank's current MPI call ("main+0x3a",
 * from libunwind) into buf; false when the stack cannot tell. */
bool smpi__diag_caller(char *buf, size_t cap);
/* ---- collective calls (coll_call.c), shared by the blocking, nonblocking and neighbourhood
 * bindings ---- */
/* Whether the calling rank is the root of rooted collective a: its rank on an intracommunicator,
 * MPI_ROOT on an intercommunicator (where MPI_PROC_NULL and a remote rank are not). */
bool smpi__coll_is_root(const struct coll_args *a);
/* Checks the arguments of collective k as the MPI call `call` received them (the collective's
 * kind, with the intercommunicator forms); reports a failure through the communicator's error
 * handler and returns the code to give back, else MPI_SUCCESS. */
int smpi__coll_check(const char *call, enum coll_kind k, const struct coll_args *a);
/* Whether the send and receive buffers of collective k overlap at the calling rank (MPI_IN_PLACE
 * and MPI_BOTTOM aside; at the root only for rooted collectives): coll_alias.c. */
bool smpi__coll_is_aliased(enum coll_kind k, const struct coll_args *a);
/* Runs collective k for the calling rank on checked arguments: SMPI 3.32's normalisation of
 * MPI_IN_PLACE, then the registry's algorithm (intercommunicators: coll_inter_run). Reports
 * nothing; returns MPI_SUCCESS or an MPI error class. */
int smpi__coll_exec(enum coll_kind k, const struct coll_args *a);
/* smpi__enter for collective call `call`, describing its arguments to the trace sinks. */
void smpi__coll_enter(const char *call, enum coll_kind k, const struct coll_args *a);
/* A whole blocking collective call: check, enter `call`, run, leave, report. */
int smpi__coll_call(const char *call, enum coll_kind k, const struct coll_args *a);
/* The arguments of an MPI call of collective k, read from *ap in the order of its MPI binding
 * (MPI-3.1's parameter order, up to the communicator; a nonblocking call's request is not
 * read) and stored in the fields coll_descs[k] names: the form's buffers, counts and types
 * (per-peer arrays on the sides its v and w forms make per-peer, MPI_Aint displacements for
 * the neighbourhood w form), the op of a reduction, the root of a rooted collective. Each
 * argument must have exactly the binding's parameter type. */
struct coll_args smpi__coll_pack(enum coll_kind k, va_list *ap);
/* The arguments of a blocking collective binding, which follow k as smpi__coll_pack reads them,
 * packed. */
struct coll_args smpi__coll_args(enum coll_kind k, ...);
/* MPI_Reduce_scatter_block's counts: a new array of rcount per rank of comm (NULL and 0 for
 * an invalid comm); returns its length. */
int smpi__reduce_scatter_counts(MPI_Comm comm, int rcount, int **counts);
/* The same as a->rcounts of MPI_<I>Reduce_scatter_block<_init> `call` (a->comm set): *counts
 * is the array to free; MPI_ERR_COUNT (reported, *counts NULL) for a negative rcount. */
int smpi__reduce_scatter_block_args(const char *call, struct coll_args *a, int rcount,
                                    int **counts);
/* The nonblocking collectives' machinery (bindings_icoll.c), shared with the persistent ones
 * (pcoll.c): the private copy of comm a started collective runs on (its errhandler, its
 * topology); taking or dropping the references on the datatypes and op the collective reads;
 * running collective kind with args (args->comm a private one whose reference the helper
 * releases) in a helper actor that completes req, now active (counts: owned, may be NULL). */
MPI_Comm smpi__nbc_comm(MPI_Comm comm);
void smpi__nbc_hold(enum coll_kind kind, const struct coll_args *args, bool ref);
void smpi__nbc_launch(const char *call, enum coll_kind kind, const struct coll_args *args,
                      int *counts, MPI_Request req);
/* The persistent collectives (pcoll.c): MPI_<Coll>_init as `call` checks args as the blocking
 * collective and makes *request (takes ownership of counts, may be NULL); MPI_Start of such a
 * request runs the nonblocking collective; its release frees what init made. */
struct smpi_pcoll;
int smpi__pcoll_init(const char *call, enum coll_kind kind, const struct coll_args *args,
                     int *counts, MPI_Request *request);
void smpi__pcoll_start(MPI_Request r);
void smpi__pcoll_free(struct smpi_pcoll *p);
/* MPI_Barrier without the binding's checks (used by MPI_Finalize). */
int smpi__barrier(MPI_Comm comm);
/* Native computation timing (runtime.c): the calling thread's CPU time; inject what the rank
 * computed since it last left MPI (smpi/simulate-computation, smpi/cpu-threshold); restart. */
double smpi__thread_cpu_time(void);
void smpi__bench_end(struct smpi_process *p);
void smpi__bench_begin(struct smpi_process *p);
/* Injects `seconds` of this machine's computation, unless shorter than smpi/cpu-threshold. */
void smpi__execute_seconds(const struct smpi_process *p, double seconds);
/* smpi/comp-adjustment-file (adjust.c): loads the file named by the option (dies on a bad
 * one); the speed factor of the code p ran since its last two MPI calls (1 when not listed). */
void smpi__adjust_init(void);
/* platform_config.c: platform <config> props go through the option table (before the load). */
void smpi__platform_config_init(void);
double smpi__adjust_factor(const struct smpi_process *p);
/* The file of p's last call location as SMPI names it: its base name, unless
 * smpi/trace-call-use-absolute-path ("" when none was recorded). */
const char *smpi__loc_file(const struct smpi_process *p);
/* Adds the file's "location","ratio" lines (after its header line) to the table; the factor
 * of a location key, 1 when not listed (exposed for the unit tests). */
void smpi__adjust_load(const char *path);
double smpi__adjust_lookup(const char *key);
/* Sleeps the rank for `seconds` of simulated time (injected costs). */
/* Whether the n bytes at p lie in one shared block of a folded allocation (SMPI_SHARED_MALLOC,
 * SMPI_PARTIAL_SHARED_MALLOC's shared blocks): the data there is meaningless, SMPI copies none
 * into or out of it (shared.c). */
bool smpi__shared_covers(const void *p, size_t n);
void smpi__sleep(double seconds);
/* MPI_Wtime and MPI_Wtick (time.c): the rank's simulated clock in seconds, and its resolution. */
double smpi__wtime(void);
double smpi__wtick(void);
/* A sleep of the application (sleep, usleep, nanosleep, sg_actor_sleep_for): smpi__sleep between
 * smpi__enter("sleep") and smpi__leave, traced as a sleep. */
void smpi__app_sleep(double seconds);
/* ---- the application's threads (threads.c) ---- */
/* The calling simulated rank or thread, NULL from another OS thread or the engine. */
struct smpi_process *smpi__thread_caller(void);
/* p's thread number within its rank: 0 for the main thread, then 1, 2, ... in creation order. */
int smpi__thread_id(const struct smpi_process *p);
/* Gives p's initialized, finalized and thread level to its rank and all the rank's threads. */
void smpi__threads_sync(const struct smpi_process *p);
/* Whether world rank `rank` ever created a thread. */
bool smpi__threads_started(int rank);
/* Records p as the thread that initialised MPI; whether p is it (MPI_Is_thread_main). */
void smpi__threads_set_main(const struct smpi_process *p);
bool smpi__thread_is_main(const struct smpi_process *p);
/* Another thread of p's rank that is inside an MPI call, or NULL (MPI_Finalize's check). */
const struct smpi_process *smpi__threads_in_mpi(const struct smpi_process *p);
/* The pid of the actor that started the running one: a rank's 0 (maestro), an actor of
 * sg_actor_start's its rank's (simgrid/sg_actor_spawn.c). */
long smpi__actor_ppid(void);

/* ---- groups and communicators (comm.c) -------------------------------------------------- */

/* Tells a group from a handle of another kind cast to MPI_Group (MPICH's errors/group/gerr
 * passes MPI_COMM_WORLD): the first field of every group, cleared when it is freed. */
#define SMPI_GROUP_MAGIC 0x47525550u

struct smpi_group {
    unsigned magic; /* SMPI_GROUP_MAGIC */
    int size;
    int *world; /* world rank of each member */
    int refcount;
    bool predefined;
};

struct smpi_comm {
    struct smpi_group *group;
    int context;      /* matching context for point-to-point */
    int coll_context; /* a second context for collective traffic */
    int refcount;
    bool predefined;
    MPI_Errhandler errhandler; /* the handler of members that set none (errhandler.c) */
    MPI_Errhandler *member_eh; /* each member's own handler, or NULL while none was set */
    char name[MPI_MAX_OBJECT_NAME];
    void *priv; /* comm.c's private bookkeeping */
    /* Intercommunicators: the remote group (NULL for an intracommunicator; then group is the
     * only group) and the local intracommunicator over `group` used by their collectives. */
    struct smpi_group *remote_group;
    MPI_Comm local_comm;
    struct smpi_attr_list *attrs;   /* cached attributes of every rank (attr.c), or NULL */
    struct smpi_topo *topo;         /* process topology (topo.c), or NULL */
    MPI_Info info;                  /* MPI-4's assertion hints set (comm_hints.c), or NULL */
    struct smpi_smp_layout *smp;    /* ranks grouped by host (comm_smp.c), built on first use */
    bool is_smp;                    /* an intra or leaders communicator of a layout */
    struct smpi_coll_log *coll_log; /* its collective calls under smpi/pedantic (analyze_coll.c) */
};

extern struct smpi_comm smpi_mpi_comm_world;
extern struct smpi_comm smpi_mpi_comm_self;

void smpi__comm_init_world(int nranks);
/* The MPI_COMM_WORLD of a spawned job, in storage c: the processes base..base+n-1. */
void smpi__comm_init_job_world(struct smpi_comm *c, int base, int n);
/* Rank of world rank `w` in comm, or MPI_UNDEFINED. O(1) for WORLD, O(log n) otherwise. */
int smpi__comm_rank_of(MPI_Comm comm, int w);
/* World rank of comm rank `r`. */
int smpi__comm_world_rank(MPI_Comm comm, int r);
/* A new communicator over `group` (reference taken) with fresh contexts. */
MPI_Comm smpi__comm_new(struct smpi_group *group);
void smpi__comm_release(MPI_Comm comm);
/* MPI_Comm_free's work: the caller's handle is invalid for it from now on (MPI_ERR_COMM), even
 * while other members or pending operations keep the object; then one reference goes. */
void smpi__comm_free(MPI_Comm comm);
struct smpi_group *smpi__group_new(int size);
void smpi__group_release(struct smpi_group *g);
bool smpi__comm_is_valid(MPI_Comm comm);
/* Groups (group.c): the position of world rank w in g (MPI_UNDEFINED when absent; O(size)); a
 * new group (reference for the caller) of the n world ranks in `world`, MPI_GROUP_EMPTY when n is
 * 0; MPI_IDENT, MPI_SIMILAR or MPI_UNEQUAL; the set operations of MPI-3.1 section 6.3.2 (members
 * in the order of group1, then for a union those of group2 not in group1); the group of the n
 * listed ranks of g in list order, or of the others in order (ranks valid and distinct). */
int smpi__group_rank_of(const struct smpi_group *g, int w);
MPI_Group smpi__group_of(const int *world, int n);
int smpi__group_compare(MPI_Group group1, MPI_Group group2);
MPI_Group smpi__group_union(MPI_Group group1, MPI_Group group2);
MPI_Group smpi__group_intersection(MPI_Group group1, MPI_Group group2);
MPI_Group smpi__group_difference(MPI_Group group1, MPI_Group group2);
MPI_Group smpi__group_incl(MPI_Group g, int n, const int ranks[]);
MPI_Group smpi__group_excl(MPI_Group g, int n, const int ranks[]);

/* Collective creation of a communicator over `group` (a reference is taken) derived from
 * `parent`: all members of parent call it in the same order and get the same object. */
MPI_Comm smpi__comm_derive(MPI_Comm parent, struct smpi_group *group);
MPI_Comm smpi__comm_dup(MPI_Comm comm);
/* SMPI 3.32 gives every communicator it creates (dup, split, create, cart) an id that its rank 0
 * broadcasts (smpi_comm.cpp's constructor: a bcast of one MPI_INT with the selected algorithm):
 * the members of a new intracommunicator pay that broadcast here. */
void smpi__comm_announce(MPI_Comm c);
/* The general form: `joiners` members of parent meet on the communicator over `group` told apart
 * by `key` among those one collective creation makes. Members that get no communicator from a
 * creation call smpi__comm_derive_skip instead, to keep the count of creations aligned
 * (returns the creation's sequence number). */
MPI_Comm smpi__comm_derive_keyed(MPI_Comm parent, struct smpi_group *group, int key, int joiners);
int smpi__comm_derive_skip(MPI_Comm parent);
/* Intercommunicators: the number of ranks a point-to-point call can address (the remote group's
 * size), one side of a new intercommunicator over the two groups with the contexts `context`
 * and context + 1 (held by `members` ranks), and a fresh pair of contexts. */
int smpi__comm_peer_size(MPI_Comm comm);
MPI_Comm smpi__comm_new_inter(struct smpi_group *local, struct smpi_group *remote, int context,
                              int members);
int smpi__comm_new_context(void);
/* The meetings of creations without a parent to count on (comm_meet.c): the n-th call of each
 * of `members` ranks on (space, tag, key) returns the object make(arg) returned to the first
 * of them. A space is a communicator context or smpi__string_hash of a string tag (MPI-4's
 * stringtag); the key is usually smpi__group_hash of the members. smpi__comm_meet: a new
 * communicator over group (a reference taken) for its members. */
typedef void *smpi__meet_make_fn(void *arg);
void *smpi__meet(uint64_t space, int tag, uint64_t key, int members, smpi__meet_make_fn *make,
                 void *arg);
uint64_t smpi__group_hash(const struct smpi_group *g);
uint64_t smpi__string_hash(const char *s);
MPI_Comm smpi__comm_meet(uint64_t space, int tag, struct smpi_group *group);
/* MPI-4's assertion hints (comm_hints.c): those of info that simmpi understands are recorded on
 * comm (one object for all its members, as MPI_Comm_set_info is collective); a new info object
 * of the hints recorded (MPI_Comm_get_info); comm's record dropped (when comm is released). */
void smpi__comm_hints_set(MPI_Comm comm, MPI_Info info);
MPI_Info smpi__comm_hints_get(MPI_Comm comm);
void smpi__comm_hints_free(MPI_Comm comm);
/* Frees comm's host layout and its sub-communicators (comm_smp.c; called when comm is freed). */
void smpi__comm_smp_free(MPI_Comm comm);
/* The group of comm, with a reference for the caller. */
struct smpi_group *smpi__comm_group(MPI_Comm comm);

/* MPI_Comm_dup and MPI_Comm_split of an intercommunicator (intercomm.c). */
MPI_Comm smpi__inter_dup(MPI_Comm inter);
/* A copy of intercommunicator inter on fresh contexts, made without a message: the n-th call
 * of each member of both groups returns its side of the same copy (intercomm_derive.c). */
MPI_Comm smpi__inter_derive(MPI_Comm inter);
/* MPI_Comm_idup: a copy made without a message (smpi__comm_dup, or smpi__inter_derive for an
 * intercommunicator), with the caller's error handler and the attributes copied; MPI_COMM_NULL
 * and the callback's code when a copy callback fails. MPI_Comm_dup's messages (SMPI's broadcast
 * of the new id, the leaders' exchange of an intercommunicator) are what the nonblocking form
 * must not wait for: MPICH's comm/comm_idup starts it at ranks whose peers are still busy. */
int smpi__comm_idup(MPI_Comm comm, MPI_Comm *out);
/* MPI_Intercomm_create and MPI_Intercomm_merge once their arguments are checked (intercomm.c):
 * collective, between smpi__enter and smpi__leave; return the error class. */
int smpi__intercomm_create(MPI_Comm local_comm, int local_leader, MPI_Comm peer_comm,
                           int remote_leader, int tag, MPI_Comm *newintercomm);
int smpi__intercomm_merge(MPI_Comm intercomm, int high, MPI_Comm *newintracomm);
MPI_Comm smpi__inter_split(MPI_Comm inter, int color, int key);
/* True for a valid intercommunicator. */
static inline bool smpi__comm_is_inter(MPI_Comm comm)
{
    return comm != MPI_COMM_NULL && smpi__comm_is_valid(comm) && comm->remote_group != NULL;
}

/* ---- info objects (info.c): (key, value) string pairs in insertion order ------------------ */

/* An empty info object; MPI_INFO_ENV's keys are filled by smpi__info_prepare on first use. */
MPI_Info smpi__info_new(void);
void smpi__info_prepare(MPI_Info info);
/* MPI_INFO_ENV: cannot be modified or freed. */
bool smpi__info_predefined(MPI_Info info);
/* Sets key (replacing its value if present); deletes it (false when it is not set). */
void smpi__info_put(MPI_Info info, const char *key, const char *value);
bool smpi__info_delete(MPI_Info info, const char *key);
/* The value of key (NULL when not set), the number of keys, the n-th key (0 <= n < nkeys). */
const char *smpi__info_value(MPI_Info info, const char *key);
int smpi__info_nkeys(MPI_Info info);
const char *smpi__info_nthkey(MPI_Info info, int n);
MPI_Info smpi__info_dup(MPI_Info info);
void smpi__info_free(MPI_Info info);

/* ---- Fortran handles (handles.c) ------------------------------------------------------------ */

/* The kinds of handle a Fortran integer can stand for; the integer of a C handle (the same
 * each time; 0 for the null handle) and back (NULL when the integer was never given out). */
enum smpi_fhandle_kind {
    SMPI_FH_COMM,
    SMPI_FH_TYPE,
    SMPI_FH_GROUP,
    SMPI_FH_INFO,
    SMPI_FH_REQUEST,
    SMPI_FH_OP,
    SMPI_FH_ERRHANDLER,
    SMPI_FH_WIN,
    SMPI_FH_FILE,
    SMPI_FH_MESSAGE,
    SMPI_FH_SESSION,
    SMPI_FH_KINDS,
};

MPI_Fint smpi__handle_to_fint(enum smpi_fhandle_kind k, void *handle);
void *smpi__handle_from_fint(enum smpi_fhandle_kind k, MPI_Fint f);

/* ---- topologies (topo.c) ------------------------------------------------------------------- */

/* MPI_Dims_create's search (topo_dims.c): fills the nfree zero entries of dims[0..ndims-1] with
 * the most balanced non-increasing split of rest. */
void smpi__dims_fill(int rest, int ndims, int dims[], int nfree);

struct smpi_topo;
/* A topology is shared by its communicator's members and duplicates: reference counted. */
void smpi__topo_ref(struct smpi_topo *t);
void smpi__topo_release(struct smpi_topo *t);
/* smpi_topo_neighbors and smpi_topo_is_cart: see smpi/p2p_api.h. */

/* ---- attributes (attr.c) ------------------------------------------------------------------- */

enum smpi_attr_kind { SMPI_ATTR_COMM, SMPI_ATTR_TYPE, SMPI_ATTR_WIN };
struct smpi_attr_list;
/* Runs the copy callbacks of the calling rank's attributes in `from` (cached on old_obj) and
 * caches those they keep on new_obj in *to (MPI_Comm_dup). Returns an MPI error class. */
int smpi__attrs_copy(enum smpi_attr_kind kind, void *old_obj, struct smpi_attr_list *from,
                     void *new_obj, struct smpi_attr_list **to);
/* Runs the delete callbacks of the calling rank's attributes and removes them (MPI_Comm_free,
 * MPI_Finalize for MPI_COMM_SELF). */
int smpi__attrs_delete(enum smpi_attr_kind kind, void *obj, struct smpi_attr_list **list);
void smpi__attrs_discard(struct smpi_attr_list **list);
/* The work of the keyval and attribute calls (their handles checked): each checks the keyval
 * (MPI_ERR_KEYVAL; predefined ones are read only) and reports through errwin's handler when it
 * is not MPI_WIN_NULL, else errcomm's. A new keyval of `kind` (MPI_ERR_ARG when keyval is NULL);
 * freeing one (the cached values keep it alive); caching value on obj (list *l), running the
 * delete callback of a value it replaces; reading the calling rank's value (and MPI_COMM_WORLD's
 * predefined attributes); deleting it. */
int smpi__keyval_create(enum smpi_attr_kind kind, void (*copy_fn)(void), void (*delete_fn)(void),
                        int *keyval, void *extra_state);
int smpi__keyval_free(const char *call, enum smpi_attr_kind kind, int *keyval);
int smpi__attr_put(const char *call, MPI_Comm errcomm, MPI_Win errwin, enum smpi_attr_kind kind,
                   void *obj, struct smpi_attr_list **l, int keyval, void *value);
int smpi__attr_get(const char *call, MPI_Comm errcomm, MPI_Win errwin, enum smpi_attr_kind kind,
                   struct smpi_attr_list *l, int keyval, void *value, int *flag);
int smpi__attr_remove(const char *call, MPI_Comm errcomm, MPI_Win errwin, enum smpi_attr_kind kind,
                      void *obj, struct smpi_attr_list **l, int keyval);
/* Mixed languages (MPI-3.1 section 17.2.7), for the Fortran bindings: a keyval created from
 * Fortran (its callbacks then take and give the integer values); the calling rank's value of
 * keyval in l, just set from Fortran, made a Fortran integer (C then reads a pointer to it);
 * whether that value was set from Fortran (its C value then points to the integer). */
void smpi__keyval_mark_fortran(int keyval);
void smpi__attr_mark_fortran(struct smpi_attr_list *l, int keyval);
bool smpi__attr_is_fortran(struct smpi_attr_list *l, int keyval);

/* ---- requests and point-to-point (p2p.c, request.c) -------------------------------------- */

enum smpi_req_flag {
    SMPI_REQ_SEND = 1u << 0,
    SMPI_REQ_RECV = 1u << 1,
    SMPI_REQ_ISEND = 1u << 2, /* nonblocking send: smpi/ois instead of smpi/os */
    SMPI_REQ_SSEND = 1u << 3, /* synchronous: never detached */
    SMPI_REQ_BSEND = 1u << 4, /* buffered: always detached, uses the attached buffer */
    SMPI_REQ_RSEND = 1u << 5,
    SMPI_REQ_PERSISTENT = 1u << 6,
    SMPI_REQ_COLL = 1u << 7,     /* collective traffic: matches on the collective context */
    SMPI_REQ_DETACHED = 1u << 8, /* the send completed at once; data copied aside */
    SMPI_REQ_EAGER = 1u << 9,    /* sent before any receive was posted (async-small) */
    SMPI_REQ_ACTIVE = 1u << 10,  /* started and not yet completed by a wait/test */
    SMPI_REQ_DONE = 1u << 11,    /* data movement finished */
    SMPI_REQ_CANCELLED = 1u << 12,
    SMPI_REQ_GENERALIZED = 1u << 13,
    SMPI_REQ_FREED = 1u << 14, /* MPI_Request_free called while active */
    SMPI_REQ_MATCHED = 1u << 15,
    SMPI_REQ_PROCNULL = 1u << 16,
    SMPI_REQ_NBC = 1u << 17,      /* a nonblocking collective (bindings_icoll.c) */
    SMPI_REQ_RMA = 1u << 18,      /* a request-based one-sided operation (rma.c) */
    SMPI_REQ_INTERNAL = 1u << 19, /* a message of the library itself (RMA synchronisation) */
    SMPI_REQ_RDV = 1u << 20,      /* a per-message model's rendezvous (LogGPS from S on) */
    SMPI_REQ_TRACKED = 1u << 21,  /* its handle is registered (analyze_handles.c) */
    SMPI_REQ_PART = 1u << 22,     /* a partitioned send or receive (part.c) */
    SMPI_REQ_COPIED = 1u << 23,   /* detached, its data already in the posted receive (p2p.c) */
    SMPI_REQ_DETACHED_SENDER = 1u << 24, /* recv matched a detached send: smpi/or at completion */
};

/* The requests of one MPI_Waitall that completed and are not yet finished: their indices in a
 * min-heap, so that they are finished lowest index first, each as soon as it completes, as
 * SMPI's waitany loop does (request.c). */
struct smpi_done_log {
    int *heap;
    int n;
};
void smpi__done_log_push(struct smpi_done_log *log, int index);

/* Where an MPI call was made (analyze.h): the call's name and, with smpicc
 * -trace-call-location, its file (as compiled) and line (0 when unknown). */
struct smpi_site {
    const char *call;
    const char *file;
    int line;
};

/* What few requests need, apart from the request (smpi__req_rare makes it on first use): a
 * generalized request's functions, a persistent collective, a _c call's arrays, the text of a
 * datatype mismatch, an MPI_Isendrecv's halves or the one it is half of, a persistent send's
 * clone, a partitioned request's state, the call's file and line (-trace-call-location). An
 * all-to-all has two requests per message in flight: what is left in the request is what every
 * message reads. */
struct smpi_req_rare {
    /* generalized requests (MPI_Grequest_start) */
    MPI_Grequest_query_function *query_fn;
    MPI_Grequest_free_function *free_fn;
    MPI_Grequest_cancel_function *cancel_fn;
    void *extra_state;
    struct smpi_pcoll *pcoll; /* a persistent collective (pcoll.c), or NULL */
    void **large_counts;      /* the int copies of a _c call's count arrays, NULL-ended, or NULL */
    char *error_text;         /* what a datatype mismatch found (p2p.c), or NULL */
    /* MPI_Isendrecv (p2p_mpi4.c): the call's request holds its receive and its send, each of
     * which points back at it (pair_of); it completes when both have. */
    struct smpi_request *pair[2];
    struct smpi_request *pair_of; /* the MPI_Isendrecv it is half of (its rare->pair), or NULL */
    /* A started persistent send is carried by a one-shot clone (the persistent request may be
     * restarted while its previous detached message still waits for a receive): the clone's
     * owner is the persistent request (one reference), completed with it. */
    struct smpi_request *owner;
    struct smpi_request *clone;
    struct smpi_part *part; /* a partitioned request's state (part.c), or NULL */
    const char *file;       /* where the call was made, with -trace-call-location (else NULL) */
    int line;
};

/* The int-sized fields come first, together, so that the record has no padding between them.
 * An all-to-all has two requests per message in flight: 216 bytes, a 224-byte block of malloc's;
 * what few requests use is in `rare` (smpi__req_rare), and fields of only one kind share
 * their room. */
struct smpi_request {
    unsigned flags;
    int refcount;
    int count;
    int src;        /* world rank, or MPI_ANY_SOURCE */
    int dst;        /* world rank */
    int tag;        /* or MPI_ANY_TAG */
    int category;   /* send: the tracing category of its transfer, or 0 */
    int msg_src;    /* recv: world rank of the matched sender */
    int done_index; /* its index in done_log */
    int error;      /* its error class at completion */
    void *buf;
    MPI_Datatype type;
    MPI_Comm comm;
    size_t size;               /* bytes of the message (send) or of the buffer (recv) */
    void *packed;              /* send data copied aside (detached, eager, derived types) */
    struct smpi_request *peer; /* the matched request */
    struct smpi_request *next; /* mailbox queue link (match.c) */
    struct smpi_request *prev;
    struct smpi_request *snext; /* per-source unexpected queue link (match.c) */
    struct smpi_request *sprev;
    unsigned long seq; /* recv: its posting order (match.c) */
    union {
        double queued_at; /* send: when it was queued for a later receive */
        double recv_cpu;  /* recv under a per-message model: its CPU cost on completion */
    };
    double post_date;               /* when the request was started (LogGPS's handshake) */
    struct sim_activity *comm_act;  /* the network transfer */
    struct sim_actor *waiter;       /* rank blocked waiting for this request */
    unsigned long long msg_id;      /* send: the message's number; recv: that of the matched send */
    struct smpi_done_log *done_log; /* the MPI_Waitall waiting for it, told at completion */
    MPI_Status status;              /* filled at completion */
    const char *call;               /* the MPI call that created it (its file and line: rare) */
    struct smpi_req_rare *rare;     /* or NULL */
};

/* The call site of request r (struct smpi_site). */
struct smpi_site smpi__req_site(const struct smpi_request *r);

/* Per-message network models (p2p.c): whether the run has one (LogGP, LogGPS, log3P, LMO);
 * set, with the senders' gap bookkeeping, by smpi__p2p_model_init once the ranks exist. */
extern bool smpi__per_message;
void smpi__p2p_model_init(void);

/* The rare parts of request r, made empty on first use. */
struct smpi_req_rare *smpi__req_rare(MPI_Request r);
/* Creates an inactive request (persistent ones stay inactive until smpi__req_start). */
MPI_Request smpi__req_new(unsigned flags, const void *buf, int count, MPI_Datatype type, int peer,
                          int tag, MPI_Comm comm);
/* Posts a request: a send runs the protocol (eager, detached or rendezvous); a receive is
 * matched against the unexpected queue or posted. */
void smpi__req_start(MPI_Request req);
/* The message a send request carries, or a matched receive request received, as the trace
 * sinks see it (p2p.c). */
struct smpi_trace_msg smpi__req_trace_msg(const struct smpi_request *r);

/* Matching (match.c). smpi__matches: does receive (or probe) `recv` accept send `send`.
 * smpi__mq_take_posted / smpi__mq_take_unexpected remove and return the receive a send matches
 * (or the send a receive matches), the earliest in MPI's order, or NULL; smpi__mq_post and
 * smpi__mq_unexpect queue them; smpi__mq_unpost and smpi__mq_unexpect_remove take a queued one
 * out (cancel, matched probe). */
bool smpi__matches(const struct smpi_request *recv, const struct smpi_request *send);
struct smpi_request *smpi__mq_take_posted(struct smpi_mailbox *mb, const struct smpi_request *send);
struct smpi_request *smpi__mq_take_unexpected(struct smpi_mailbox *mb,
                                              const struct smpi_request *recv);
void smpi__mq_post(struct smpi_mailbox *mb, struct smpi_request *recv);
void smpi__mq_unpost(struct smpi_mailbox *mb, struct smpi_request *recv);
void smpi__mq_unexpect(struct smpi_mailbox *mb, struct smpi_request *send);
void smpi__mq_unexpect_remove(struct smpi_mailbox *mb, struct smpi_request *send);
/* Completion: wait/test family. They free non-persistent requests and set *req to
 * MPI_REQUEST_NULL as the standard says; return the request's error class. */
int smpi__wait(MPI_Request *req, MPI_Status *status);
int smpi__test(MPI_Request *req, int *flag, MPI_Status *status);
int smpi__waitany(int n, MPI_Request *reqs, int *index, MPI_Status *status);
int smpi__waitall(int n, MPI_Request *reqs, MPI_Status *statuses);
int smpi__waitsome(int n, MPI_Request *reqs, int *outcount, int *indices, MPI_Status *statuses);
int smpi__testany(int n, MPI_Request *reqs, int *index, int *flag, MPI_Status *status);
int smpi__testall(int n, MPI_Request *reqs, int *flag, MPI_Status *statuses);
int smpi__testsome(int n, MPI_Request *reqs, int *outcount, int *indices, MPI_Status *statuses);
void smpi__req_free(MPI_Request *req);
/* The injected costs of a test (MPI_Test family, MPI_Request_get_status): the sleep before
 * looking, then the bookkeeping of the outcome (which also guarantees progress under
 * smpi/test:0). */
void smpi__test_sleep(void);
void smpi__test_outcome(bool found);
/* Marks a request's work as done and wakes the rank waiting for it (nonblocking collectives,
 * generalized requests). */
void smpi__req_complete(MPI_Request req);
/* Drops one reference (the user's handle or an internal one). */
void smpi__req_release(MPI_Request req);
int smpi__cancel(MPI_Request req);
/* Probe: finds the first unexpected send matching (src, tag, comm); blocking or not. With
 * `remove`, the send is dequeued and returned for MPI_Mprobe (else *msg untouched). */
int smpi__probe(int src, int tag, MPI_Comm comm, bool blocking, int *flag, MPI_Status *status,
                MPI_Request *msg);
/* Receives a message taken by Mprobe/Improbe into a new request. */
MPI_Request smpi__mrecv_start(MPI_Request msg, void *buf, int count, MPI_Datatype type);
/* The world rank of a communicator rank, PROC_NULL kept. */
int smpi__peer_world(MPI_Comm comm, int rank);
/* Fills an MPI_Status for an empty or PROC_NULL completion. */
void smpi__status_empty(MPI_Status *st);
/* MPI_Isendrecv (p2p_mpi4.c): a request over a receive posted, then a send (an MPI_Isend)
 * started, as MPI_Irecv and MPI_Isend would; it completes when both have, and finishing it
 * finishes the receive (its status is the call's), then the send. `aside` (may be NULL) is
 * freed with the request (MPI_Isendrecv_replace's copy of the outgoing data). Checked
 * arguments. smpi__pair_part_done: tells the request of part, if any, that part completed. */
MPI_Request smpi__isendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest,
                            int sendtag, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                            int source, int recvtag, MPI_Comm comm, void *aside);
void smpi__pair_part_done(struct smpi_request *part);
/* MPI_Buffer_iflush (p2p_mpi4.c): a request that completes once p's attached buffer holds no
 * message (at once when it is empty); smpi__bsend_flushed completes it (p2p.c calls it when
 * the buffer empties). */
MPI_Request smpi__bsend_iflush(struct smpi_process *p, MPI_Comm comm);
void smpi__bsend_flushed(struct smpi_process *p);

/* ---- errors (errhandler.c) -------------------------------------------------------------- */

/* Reports an MPI error detected in `call` on `comm` (may be NULL: MPI_COMM_WORLD's handler):
 * MPI_ERRORS_ARE_FATAL prints "rank R: CALL: CLASS: detail" and ends the job; ERRORS_RETURN
 * returns `code`; a user handler is called first. Returns the code to give back. */
/* One communicator object serves all its members, but each member has its own error handler
 * (MPI_Comm_set_errhandler is local): the calling rank's handler on comm; a new communicator's
 * member takes its handler on the parent (MPI-3.1 section 8.3); a released communicator drops
 * the members' references. */
MPI_Errhandler smpi__comm_errhandler(MPI_Comm comm);
void smpi__comm_inherit_errhandler(MPI_Comm child, MPI_Comm parent);
void smpi__comm_free_errhandlers(MPI_Comm comm);
/* Error handler objects: new user handlers of each kind (one reference), taking and dropping a
 * reference (predefined handlers have none), whether eh may be set on a communicator, window, file
 * or session (made for that kind of object, or predefined), *slot := eh (a reference taken, the one
 * *slot held dropped), eh as the calling rank's handler on comm (a reference taken), and a window's
 * slot for the calling rank. */
MPI_Errhandler smpi__errhandler_new_comm(MPI_Comm_errhandler_function *fn);
MPI_Errhandler smpi__errhandler_new_win(MPI_Win_errhandler_function *fn);
MPI_Errhandler smpi__errhandler_new_file(MPI_File_errhandler_function *fn);
void smpi__errhandler_ref(MPI_Errhandler eh);
void smpi__errhandler_release(MPI_Errhandler eh);
enum smpi_eh_target { SMPI_EH_FOR_COMM, SMPI_EH_FOR_WIN, SMPI_EH_FOR_FILE, SMPI_EH_FOR_SESSION };
bool smpi__errhandler_fits(MPI_Errhandler eh, enum smpi_eh_target target);
void smpi__errhandler_assign(MPI_Errhandler *slot, MPI_Errhandler eh);
void smpi__comm_set_errhandler(MPI_Comm comm, MPI_Errhandler eh);
MPI_Errhandler *smpi__win_eh_slot(MPI_Win win);
int smpi__error(MPI_Comm comm, const char *call, int code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

#endif /* SMPI_INTERNAL_H */
