/* simcore: the simulation kernel's public interface (engine, actors, activities, platform,
 * resource models, logging, errors). It knows nothing about MPI. */
#ifndef SIM_SIMCORE_H
#define SIM_SIMCORE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct sim_actor;
struct sim_activity;
struct sim_host;
struct sim_link;
struct sim_platform;
struct sim_disk;

/* ---------------------------------------------------------------------------------------
 * Errors and memory
 * ------------------------------------------------------------------------------------- */

/* Prints "simmpi: <message>" to stderr and exits with status 1. For bad user input. */
/* The kernel's limit on memory mappings per process (/proc/sys/vm/max_map_count), 65530 (its
 * default) when unreadable: what caps stacks with guard pages and per-rank program copies. */
int sim_max_map_count(void);

void sim_die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
/* Prints file:line, simulated time and actor, the message, then aborts. For bugs. */
void sim__assert_fail(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4), noreturn));
#define sim_assert(cond, ...)                                                                      \
    do {                                                                                           \
        if (__builtin_expect(!(cond), 0))                                                          \
            sim__assert_fail(__FILE__, __LINE__, __VA_ARGS__);                                     \
    } while (0)

/* Allocation that never returns NULL: dies with file:line on exhaustion. */
void *sim__xmalloc(size_t size, const char *file, int line);
void *sim__xcalloc(size_t n, size_t size, const char *file, int line);
void *sim__xrealloc(void *p, size_t size, const char *file, int line);
char *sim__xstrdup(const char *s, const char *file, int line);
#define sim_xmalloc(size) sim__xmalloc((size), __FILE__, __LINE__)
#define sim_xcalloc(n, size) sim__xcalloc((n), (size), __FILE__, __LINE__)
#define sim_xrealloc(p, size) sim__xrealloc((p), (size), __FILE__, __LINE__)
#define sim_xstrdup(s) sim__xstrdup((s), __FILE__, __LINE__)
/* `bytes` of zeroed memory straight from the kernel, NULL when the address space is exhausted.
 * Pages never touched cost nothing. From 1 MiB up, the region is whole 2 MiB pages on a 2 MiB
 * boundary and asks for transparent huge pages (MADV_HUGEPAGE), so that a table touched all
 * over costs one page fault per 2 MiB instead of 512. Given back by sim_huge_free, same size. */
void *sim_huge_alloc(size_t bytes);
void sim_huge_free(void *p, size_t bytes);
/* File `name` in the directory of file `ref` (a new string) when access(2) grants it `mode`
 * (F_OK, R_OK, ...); NULL when it does not or when ref names no directory. */
char *sim_file_beside(const char *ref, const char *name, int mode);
/* Writes v in decimal at `out` (at most 20 characters and a NUL: "-" and 19 digits), then a
 * NUL; returns the number of characters. Naming a million ranks or a large cluster's nodes with
 * snprintf took half of their creation. */
int sim_decimal(char *out, long long v);

/* ---------------------------------------------------------------------------------------
 * Logging, as SimGrid's xbt log: SIM_LOG(cat, level, fmt, ...). A category is declared once
 * per file with SIM_LOG_CATEGORY(var, "sim.lmm") (its parent is the dotted prefix, then the
 * root) or SIM_LOG_SUBCATEGORY(var, "smpi_mpi", "smpi") (SimGrid's names, whose parent is
 * explicit). Settings come from sim_log_configure(); a category without a threshold of its own
 * takes its parent's, the root's is info. Lines look like SimGrid's default layout:
 *   [host:actor:(pid) time] [category/PRIORITY] message     from an actor
 *   [time] [category/PRIORITY] message                      from the engine (maestro)
 * with "file:line: " before the category at levels other than info, unless no_loc is set.
 * ------------------------------------------------------------------------------------- */

/* SimGrid's priorities, with its numbers (xbt_log_priority_trace = 1 ... critical = 7). */
enum sim_log_level {
    SIM_LOG_TRACE = 1,
    SIM_LOG_DEBUG = 2,
    SIM_LOG_VERBOSE = 3,
    SIM_LOG_INFO = 4,
    SIM_LOG_WARN = 5,
    SIM_LOG_ERROR = 6,
    SIM_LOG_CRITICAL = 7,
    SIM_LOG_OFF = 8,
};

struct sim_log_cat {
    const char *name;   /* "sim.lmm", or SimGrid's "smpi_mpi" */
    const char *parent; /* the parent's name, or NULL: the dotted prefix, else the root */
    int threshold;      /* cached threshold, valid while gen == the global generation */
    unsigned gen;       /* generation of the cached threshold; 0 = never computed */
};

extern unsigned sim__log_generation;
int sim__log_threshold(struct sim_log_cat *cat);
void sim__log_emit(struct sim_log_cat *cat, enum sim_log_level level, const char *file, int line,
                   const char *fmt, ...) __attribute__((format(printf, 5, 6)));

#define SIM_LOG_CATEGORY(var, name) static struct sim_log_cat var = { name, NULL, 0, 0 }
#define SIM_LOG_SUBCATEGORY(var, name, parent)                                                     \
    static struct sim_log_cat var = { name, parent, 0, 0 }
#define SIM_LOG_ENABLED(cat, level)                                                                \
    ((int)(level) >=                                                                               \
     ((cat).gen == sim__log_generation ? (cat).threshold : sim__log_threshold(&(cat))))
#define SIM_LOG(cat, level, ...)                                                                   \
    do {                                                                                           \
        if (SIM_LOG_ENABLED(cat, level))                                                           \
            sim__log_emit(&(cat), (level), __FILE__, __LINE__, __VA_ARGS__);                       \
    } while (0)
/* As SIM_LOG, but the line says it comes from the engine (maestro) whoever runs: for what
 * SimGrid does in its kernel, such as copying a message's data when its communication ends. */
void sim__log_emit_maestro(struct sim_log_cat *cat, enum sim_log_level level, const char *file,
                           int line, const char *fmt, ...) __attribute__((format(printf, 5, 6)));
#define SIM_LOG_MAESTRO(cat, level, ...)                                                           \
    do {                                                                                           \
        if (SIM_LOG_ENABLED(cat, level))                                                           \
            sim__log_emit_maestro(&(cat), (level), __FILE__, __LINE__, __VA_ARGS__);               \
    } while (0)

/* Applies a --log= specification, SimGrid's items separated by spaces (or commas):
 *   CAT.thres:LEVEL (also .threshold, .thresh, any prefix, and CAT:LEVEL), CAT.fmt:FORMAT
 *   (SimGrid's % sequences), CAT.app:stdout|stderr|file:PATH, CAT.additivity:on|off, no_loc.
 * "root" (or "all") names the root category; ':' and '=' both separate the value. Dies with
 * the valid forms on a bad item. May be called several times; later items win. */
void sim_log_configure(const char *spec);
/* Whether the category `name` (parent `parent`, as in struct sim_log_cat) shows `level`. */
bool sim_log_is_enabled(const char *name, const char *parent, enum sim_log_level level);
/* Writes one line of category `name` at `level` as configured (layout, stream); file and line
 * are the call's. For categories defined outside simcore (SimGrid's XBT_LOG macros). */
void sim_log_vemit(const char *name, const char *parent, enum sim_log_level level, const char *file,
                   int line, const char *fmt, va_list ap);
/* Forgets every setting: thresholds back to the default (info), no_loc off, the default layout
 * and stream (stderr). */
void sim_log_reset(void);

/* ---------------------------------------------------------------------------------------
 * Units: one parser for option values and platform attributes. Each returns 0 and stores
 * the value in SI base units (bytes, seconds, bytes/s, flop/s), or -1 if the text is not a
 * number with one of the accepted units. `what` names the quantity in error messages.
 * ------------------------------------------------------------------------------------- */

int sim_parse_size(const char *text, double *bytes);    /* B, kB, KiB, MB, MiB, ... */
int sim_parse_time(const char *text, double *seconds);  /* s, ms, us, ns, ps, m, h, d, w */
int sim_parse_bandwidth(const char *text, double *bps); /* Bps, kBps, KiBps, Gbps, ... */
int sim_parse_speed(const char *text, double *flops);   /* f, kf, Mf, Gf, Tf, ... */
/* The list of units accepted for each kind, for error messages ("s, ms, us, ..."). */
const char *sim_units_help(char kind); /* 's' size, 't' time, 'b' bandwidth, 'f' speed */

/* ---------------------------------------------------------------------------------------
 * Configuration handed to the kernel (filled by smpi/runtime/options.c from --cfg).
 * ------------------------------------------------------------------------------------- */

enum sim_ctx_factory {
    SIM_CTX_RAW,
    SIM_CTX_UCONTEXT,
    SIM_CTX_THREAD,
};

enum sim_net_model {
    SIM_NET_RAW,
    SIM_NET_CM02,
    SIM_NET_LV08,
    SIM_NET_SMPI,
    SIM_NET_CONSTANT,
    /* Per-message models (msgmodel.c): a message costs CPU time on both sides (sim_msg_*) and
     * a network part (sim_comm_start): a fixed delay, except LMO's max-min flow. */
    SIM_NET_LOGGP,  /* LogGP, Netgauge's conventions: network/loggp */
    SIM_NET_LOGGPS, /* LogGPS as the SMPI paper's Figure 1 writes it: network/loggps */
    SIM_NET_LOG3P,  /* log_3 P (Cameron, Ge, Sun): network/log3p */
    SIM_NET_LMO,    /* LMO (Lastovetsky, Rychkov, O'Flynn): host props lmo/C, lmo/t */
};

/* A piecewise-constant factor of the message size: factor(size) = value of the last
 * segment whose bound is strictly below size, 1.0 below every bound (SimGrid's rule). */
struct sim_factor_seg {
    double bound;
    double value;
};
struct sim_factor_table {
    int n; /* 0: constant factor `constant` */
    double constant;
    struct sim_factor_seg *seg; /* sorted by bound, owned */
};

/* Parameters of the per-message models, in seconds, seconds per byte and bytes. A table's row
 * applies from its minsize on: a message takes the row with the largest minsize not above its
 * size (the first row when its size is below every minsize). */
struct sim_loggp_row {
    double minsize;
    double L; /* wire latency (not Netgauge's reported PRTT(1,0,1)/2, which is L + 2o) */
    double o; /* CPU overhead per message, at each end */
    double g; /* gap per message */
    double G; /* gap per byte */
};
struct sim_loggp_table {
    int n;                     /* 0: unset */
    struct sim_loggp_row *row; /* sorted by minsize, owned */
};
struct sim_loggps {
    bool set;
    double L; /* latency */
    double o; /* CPU overhead per message, at each end */
    double O; /* CPU overhead per byte, at each end */
    double g; /* network time per byte below s */
    double G; /* network time per byte from s on */
    double s; /* size from which G applies */
    double S; /* size from which a send is a rendezvous */
};
struct sim_log3p_row {
    double minsize;
    double o_mw;  /* middleware overhead, half at each end */
    double l_mw;  /* extra cost of a non-contiguous datatype, half at each end that has one */
    double o_net; /* network time between two hosts */
    double t_mem; /* memory copy time within one host */
};
struct sim_log3p_table {
    int n;                     /* 0: unset */
    struct sim_log3p_row *row; /* sorted by minsize, owned */
};

/* LMO's C (seconds) and t (seconds per byte) of the hosts without lmo/C or lmo/t. */
struct sim_lmo_default {
    bool set;
    double c;
    double t;
};

/* The SimGrid plugins simmpi provides (--cfg=plugin:NAME). */
enum sim_plugin {
    SIM_PLUGIN_HOST_ENERGY, /* host_energy */
    SIM_PLUGIN_LINK_ENERGY, /* link_energy */
    SIM_NPLUGINS,
};

struct sim_config {
    enum sim_ctx_factory ctx_factory;   /* contexts/factory */
    size_t stack_size;                  /* contexts/stack-size, bytes */
    size_t guard_size;                  /* contexts/guard-size, bytes (0 = no guard) */
    double precision_timing;            /* precision/timing, seconds */
    double precision_work;              /* precision/work-amount, relative */
    enum sim_net_model net_model;       /* network/model */
    struct sim_factor_table lat_factor; /* network/latency-factor (model default if n<0) */
    struct sim_factor_table bw_factor;  /* network/bandwidth-factor */
    double weight_s;                    /* network/weight-S */
    double tcp_gamma;                   /* network/TCP-gamma, bytes; 0 disables */
    bool crosstraffic;                  /* network/crosstraffic */
    double loopback_bw;                 /* network/loopback-bw, bytes/s */
    double loopback_lat;                /* network/loopback-lat, seconds */
    bool selective_update;              /* network/maxmin-selective-update */
    struct sim_loggp_table loggp;       /* network/loggp */
    struct sim_loggps loggps;           /* network/loggps */
    struct sim_log3p_table log3p;       /* network/log3p */
    struct sim_lmo_default lmo_default; /* network/lmo-default */
    int nplugins;                       /* plugin: those activated, in their order */
    enum sim_plugin plugins[SIM_NPLUGINS];
};

/* Fills `cfg` with SimGrid 3.32's defaults for the given network model (factors, weight-S,
 * TCP-gamma, crosstraffic) and the kernel defaults for everything else. */
void sim_config_defaults(struct sim_config *cfg, enum sim_net_model model);
/* Parses "b1:f1;b2:f2;..." (or a single number) into `t`. Returns 0, or -1 on bad text. */
int sim_factor_table_parse(const char *text, struct sim_factor_table *t);
double sim_factor_table_eval(const struct sim_factor_table *t, double size);
void sim_factor_table_free(struct sim_factor_table *t);

/* Reads `text`, rows of nfields fields separated by ';' (fields by ':'), into out (row after
 * row, at most maxrows rows). kinds[i] is the kind of field i: 's' a size (65536, 12KiB), 't' a
 * duration (5us), 'p' a cost per byte (seconds per byte, written as a duration: 0.001us);
 * names[i] names it in messages. Values must not be negative. Returns the number of rows, or
 * -1 with a message in err ("row 2 '...': o '-1us' is negative"). */
int sim_parse_rows(const char *text, int nfields, const char *kinds, const char *const *names,
                   double *out, int maxrows, char *err, size_t errlen);
/* The parsers of network/loggp ("MINSIZE:L:o:g:G[;...]"), network/loggps ("L:o:O:g:G:s:S"),
 * network/log3p ("MINSIZE:o_mw:l_mw:o_net:T_mem[;...]") and network/lmo-default ("C:t"). Each
 * returns 0 and replaces *out (empty text: the parameters are unset), or -1 with a message in
 * err, leaving *out unchanged. */
int sim_loggp_parse(const char *text, struct sim_loggp_table *out, char *err, size_t errlen);
int sim_loggps_parse(const char *text, struct sim_loggps *out, char *err, size_t errlen);
int sim_log3p_parse(const char *text, struct sim_log3p_table *out, char *err, size_t errlen);
int sim_lmo_default_parse(const char *text, struct sim_lmo_default *out, char *err, size_t errlen);
/* Frees the rows of cfg's tables (lat_factor, bw_factor, loggp, log3p). */
void sim_config_free(struct sim_config *cfg);
/* A deep copy of src into dst (the tables are copied). */
void sim_config_copy(struct sim_config *dst, const struct sim_config *src);

/* ---------------------------------------------------------------------------------------
 * Per-message models (LogGP, LogGPS, log3P, LMO). The MPI layer charges these CPU costs and
 * keeps each sender's gap; sim_comm_start gives the network part.
 * ------------------------------------------------------------------------------------- */

/* True for the models whose messages cost sim_msg_send/sim_msg_recv CPU time. */
bool sim_net_model_is_per_message(enum sim_net_model m);

struct sim_msg_cost {
    double cpu;        /* the sender's CPU time from the message's start */
    double gap;        /* the sender starts its next message at least this long after this one */
    bool rendezvous;   /* the data leaves after a handshake (LogGPS from S on) */
    double hs_latency; /* handshake: ends hs_cpu after the later of the send's date plus */
    double hs_cpu;     /*   hs_latency and the receive's posting (LogGPS: L + o and o) */
};
/* The sender's side of a message of `bytes` from src to dst under the engine's model;
 * `strided`: the sender's datatype is not contiguous (log3P's l_mw). */
void sim_msg_send(const struct sim_host *src, const struct sim_host *dst, double bytes,
                  bool strided, struct sim_msg_cost *c);
/* The receiver's CPU time for such a message (its datatype not contiguous: `strided`). */
double sim_msg_recv(const struct sim_host *src, const struct sim_host *dst, double bytes,
                    bool strided);

/* ---------------------------------------------------------------------------------------
 * Engine
 * ------------------------------------------------------------------------------------- */

/* Starts the kernel with `cfg` (copied) on `platform` (owned by the engine from now on). Hooks
 * set before the call are kept. */
void sim_engine_init(const struct sim_config *cfg, struct sim_platform *platform);
/* Runs until every actor has ended. Returns 0, or SIM_ENGINE_DEADLOCK when live actors are
 * all blocked and nothing is in flight (after calling the deadlock hook). */
#define SIM_ENGINE_DEADLOCK 2
/* Or SIM_ENGINE_END_DATE when the clock would pass the date of sim_engine_set_end_date (the
 * clock then stands at that date, the actors as they were). */
#define SIM_ENGINE_END_DATE 3
int sim_engine_run(void);
/* A date (seconds, > 0) past which the run stops; 0 (the default) runs to the end. */
void sim_engine_set_end_date(double date);
/* Frees every actor, activity, context and the platform, and returns the kernel to the state of
 * a fresh process: clock and counters at 0, no hook, no plugin, an empty lookup path and no
 * <config> hook for the next platform. Another sim_engine_init may follow and gives the same
 * results as the first one on the same input. */
void sim_engine_shutdown(void);
/* Current simulated time in seconds. */
double sim_now(void);
/* Number of engine steps (clock advances) so far, for benchmarks. */
uint64_t sim_engine_steps(void);
const struct sim_config *sim_engine_config(void);
struct sim_platform *sim_engine_platform(void);

/* Called by the engine when a deadlock is detected, before sim_engine_run returns. */
typedef void sim_deadlock_fn(void *arg);
void sim_engine_set_deadlock_hook(sim_deadlock_fn *fn, void *arg);
/* Called by the engine once per step (after the ready actors ran, before the clock advances)
 * while a hook is set; NULL removes it. Unset, the engine loop pays one test per step. */
typedef void sim_progress_fn(void *arg);
void sim_engine_set_progress_hook(sim_progress_fn *fn, void *arg);
/* Times an actor was resumed so far (each is one kernel request served), for progress reports. */
uint64_t sim_engine_actor_runs(void);

/* Called by the engine each time it is about to resume actor `a` (every switch into it, the
 * first one included), with the `arg` given here; NULL removes it. The MPI layer maps the
 * rank's globals there (mmap privatization). */
typedef void sim_resume_fn(struct sim_actor *a, void *arg);
void sim_engine_set_resume_hook(sim_resume_fn *fn, void *arg);

/* Resource usage as SimGrid's tracing records it (its on_action_state_change): when an
 * execution or a communication ends or is canceled, fn gets, for each host CPU or link it used,
 * the share it had there (its rate times its weight on that resource) from `since`, the date
 * its rate was last set, to now, and the activity's category (sim_activity_set_category, 0
 * when none). host is NULL for a link and link NULL for a CPU. NULL removes the hook; unset, an
 * ending activity pays one test. */
typedef void sim_usage_fn(void *arg, const struct sim_host *host, const struct sim_link *link,
                          int category, double value, double since);
void sim_engine_set_usage_hook(sim_usage_fn *fn, void *arg);
/* The earliest `since` the usage hook may still report: the oldest rate date of the running
 * activities (now if none). O(running activities), for a sink that writes in date order. */
double sim_engine_usage_horizon(void);

/* Time comparisons with precision/timing. */
bool sim_time_eq(double a, double b);
bool sim_time_lt(double a, double b);

/* ---------------------------------------------------------------------------------------
 * Actors: coroutines scheduled by the engine in a deterministic order.
 * ------------------------------------------------------------------------------------- */

typedef void sim_actor_fn(void *arg);

/* Creates an actor named `name` on `host`, runnable at the current time. Its function runs
 * on its own stack; when it returns the actor ends. Returns the actor (owned by the engine). */
struct sim_actor *sim_actor_create(const char *name, struct sim_host *host, sim_actor_fn *fn,
                                   void *arg);
/* The same, for an actor whose log name is `name` (SimGrid's: "3" for MPI rank 3) but whose
 * diagnostics (a stack overflow, its host going off, its thread's name under gdb) say `label`
 * ("rank 3"), where the bare name would be unclear. */
struct sim_actor *sim_actor_create_labeled(const char *name, const char *label,
                                           struct sim_host *host, sim_actor_fn *fn, void *arg);
/* The same again, for an actor whose stack is copied (sim_context_create_copied): it runs on a
 * stack shared by all such actors, and the part of that stack it uses is copied out while
 * another of them runs. Other actors and the engine reach its stack memory through
 * sim_actor_stack_addr; an actor that uses its memory directly must be tied to it
 * (sim_actor_set_stack_of). */
struct sim_actor *sim_actor_create_copied(const char *name, const char *label,
                                          struct sim_host *host, sim_actor_fn *fn, void *arg);
/* While `a` runs (on a stack of its own), the copied stack of `owner` is in place, so that `a`
 * reads and writes owner's stack memory directly: a rank's threads and its nonblocking
 * collectives' helpers. `owner` must outlive `a`'s runs; NULL unties it. */
void sim_actor_set_stack_of(struct sim_actor *a, struct sim_actor *owner);
/* Where the byte at `p` of a's stack is now: p itself, or where the copy of a's stack holds it
 * while another actor runs on the shared stack. */
void *sim_actor_stack_addr(const struct sim_actor *a, const void *p);
/* The running actor and its data, kept by the engine for the two inline readers below (every
 * MPI call asks for them several times): written by actor.c only. */
struct sim__running {
    struct sim_actor *actor;
    void *data;
};
extern struct sim__running sim__running;
/* The running actor, or NULL in the engine (maestro). */
static inline struct sim_actor *sim_actor_self(void)
{
    return sim__running.actor;
}
/* sim_actor_data of the running actor, or NULL in the engine (maestro). */
static inline void *sim_actor_self_data(void)
{
    return sim__running.data;
}
const char *sim_actor_name(const struct sim_actor *a);
const char *sim_actor_label(const struct sim_actor *a); /* the name when no label was given */
struct sim_host *sim_actor_host(const struct sim_actor *a);
int sim_actor_pid(const struct sim_actor *a); /* 1, 2, 3... in creation order (SimGrid's) */
void *sim_actor_data(const struct sim_actor *a);
void sim_actor_set_data(struct sim_actor *a, void *data);
/* Frees the actor (its stack, name and structure) as soon as its function returns, rather than
 * at shutdown: for short-lived helpers, of which a run may start millions. Nothing may keep a
 * pointer to it past its end. */
void sim_actor_set_autofree(struct sim_actor *a);
/* Lets every actor already ready run first (the running actor goes to the end of the run
 * queue, as SimGrid re-queues an actor whose simcall is answered at once); the actor runs again
 * in the same time step. Returns at once when no other actor is ready. */
void sim_actor_yield(void);
/* Blocks the running actor until sim_actor_wake() is called on it. `what` describes what
 * it waits for (shown in deadlock reports). */
void sim_actor_block(const char *what);
/* Makes a blocked actor runnable again (at the current time). Safe from actors and from
 * completion callbacks. No effect on a runnable actor. */
void sim_actor_wake(struct sim_actor *a);
bool sim_actor_is_blocked(const struct sim_actor *a);
/* When `a` last began to block, as a sequence number over all actors (0: never). Of two actors
 * waiting for the same event, SimGrid answers first the one whose wait began first. */
uint64_t sim_actor_block_seq(const struct sim_actor *a);
/* Hints that `a` will soon run; nothing else changes. Among thousands of ranks the lines an
 * actor's resumption touches are cold, and asked for together their misses overlap instead of
 * following one another. sim_actor_prefetch asks for the actor's own lines (no load: call it as
 * early as the next actor is known); sim_actor_prefetch_stack, for the used top of its stack
 * under the raw factory (the switch's saved registers, the frames its return walks), which it
 * reads from the actor (a miss unless sim_actor_prefetch came well before). Each costs a few
 * dozen instructions: call them where the wait until the actor runs is long enough to hide the
 * misses (p2p.c: at the send, and when a send meets its posted receive). */
void sim_actor_prefetch(const struct sim_actor *a);
void sim_actor_prefetch_stack(const struct sim_actor *a);
/* Ends the running actor now, as if its function had returned. */
void sim_actor_exit(void) __attribute__((noreturn));
/* Calls fn(actor, arg) for each live actor, in pid order. */
void sim_actor_foreach(void (*fn)(struct sim_actor *a, void *arg), void *arg);
/* Runs fn(arg) on the stack of the blocked actor `a` (used to take its backtrace in deadlock
 * reports), then returns to the caller. Only from the engine (maestro). */
void sim_actor_run_on_stack(struct sim_actor *a, void (*fn)(void *arg), void *arg);
/* Whether the calling OS thread is the engine's or one of its actors' (not, say, a thread that
 * an OpenMP runtime started inside an actor). */
bool sim_actor_on_engine_thread(void);

/* ---------------------------------------------------------------------------------------
 * Synchronisation between actors (sync.c): wait queues, mutexes, condition variables,
 * barriers and semaphores whose waiting blocks the actor in the engine. The caller owns the
 * storage; all zero bytes is a ready object (a free normal mutex, a condition with no waiter,
 * a semaphore at 0). Waiters are served in FIFO order: the one that began to wait first wakes
 * first, so a run is deterministic. Deadlines are simulated dates (< 0: none).
 * ------------------------------------------------------------------------------------- */

struct sim_waiter;
struct sim_waitq {
    struct sim_waiter *head;
    struct sim_waiter *tail;
};
/* Blocks the running actor in q until woken (true) or until `deadline` (false), `what` naming
 * the wait in deadlock reports. */
bool sim_waitq_block(struct sim_waitq *q, const char *what, double deadline);
/* Wakes the first waiter (false when there is none); wakes them all (returns how many). */
bool sim_waitq_wake_one(struct sim_waitq *q);
int sim_waitq_wake_all(struct sim_waitq *q);
bool sim_waitq_is_empty(const struct sim_waitq *q);

/* Mutex kinds: glibc's PTHREAD_MUTEX_NORMAL, _RECURSIVE, _ERRORCHECK values. */
enum sim_mutex_kind { SIM_MUTEX_NORMAL = 0, SIM_MUTEX_RECURSIVE = 1, SIM_MUTEX_ERRORCHECK = 2 };
/* Laid out so that it fits a pthread_mutex_t and `kind` sits where glibc keeps its own (byte
 * 16), which PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP and friends set. An unlock hands the mutex
 * to its first waiter, so no later locker overtakes one that waits. */
struct sim_mutex {
    struct sim_actor *owner; /* NULL with depth > 0: held by the engine (maestro) */
    unsigned depth;          /* times locked by the owner (recursive mutexes), 0 when free */
    unsigned reserved;
    int kind; /* enum sim_mutex_kind */
    unsigned reserved2;
    struct sim_waitq waiters;
};
/* 0, or EDEADLK (an error-checking mutex the caller holds; a normal one it holds blocks for
 * ever, as POSIX says), EAGAIN (recursion overflow). */
int sim_mutex_lock(struct sim_mutex *m, const char *what);
/* 0 or EBUSY. */
int sim_mutex_trylock(struct sim_mutex *m);
/* 0, or EPERM when the caller does not hold it (checked for every kind). */
int sim_mutex_unlock(struct sim_mutex *m);
bool sim_mutex_is_held(const struct sim_mutex *m);

struct sim_cond {
    struct sim_waitq waiters;
};
/* Releases m (which the caller holds), waits for a signal or `deadline`, locks m again; 0, or
 * ETIMEDOUT, or EPERM when the caller does not hold m. */
int sim_cond_wait(struct sim_cond *c, struct sim_mutex *m, const char *what, double deadline);
void sim_cond_signal(struct sim_cond *c);
void sim_cond_broadcast(struct sim_cond *c);

struct sim_barrier {
    unsigned count;   /* actors that meet at each round */
    unsigned arrived; /* in the current round */
    struct sim_waitq waiters;
};
/* The last of `count` actors to arrive returns true (PTHREAD_BARRIER_SERIAL_THREAD), the
 * others false, once all have arrived. */
bool sim_barrier_wait(struct sim_barrier *b, const char *what);

struct sim_sem {
    unsigned value;
    unsigned reserved;
    struct sim_waitq waiters;
};
/* Decrements, waiting while the value is 0: 0, or ETIMEDOUT at `deadline`. */
int sim_sem_wait(struct sim_sem *s, const char *what, double deadline);
/* 0, or EAGAIN when the value is 0. */
int sim_sem_trywait(struct sim_sem *s);
/* Hands the unit to the first waiter if any, else increments. */
void sim_sem_post(struct sim_sem *s);

/* ---------------------------------------------------------------------------------------
 * Activities: an execution, a communication or a sleep. Reference counted: the creator
 * holds one reference and must release it with sim_activity_unref().
 * ------------------------------------------------------------------------------------- */

enum sim_activity_state {
    SIM_ACTIVITY_RUNNING,
    SIM_ACTIVITY_DONE,
    SIM_ACTIVITY_CANCELED,
};

/* Called by the engine (in maestro) when an activity completes, before waiters wake. */
typedef void sim_activity_done_fn(struct sim_activity *act, void *arg);

/* `flops` on `host`, sharing its cores with other executions. */
struct sim_activity *sim_exec_start(struct sim_host *host, double flops);
/* The same, never faster than `bound` flop/s (<= 0: no bound of its own). */
struct sim_activity *sim_exec_start_bounded(struct sim_host *host, double flops, double bound);
/* `bytes` from `src` to `dst` under the configured network model. `rate` < 0: no user
 * bound, else the flow never exceeds `rate` bytes/s. */
struct sim_activity *sim_comm_start(struct sim_host *src, struct sim_host *dst, double bytes,
                                    double rate);
/* Reads (write false) or writes `bytes` on disk d. Concurrent accesses share the disk as in
 * SimGrid's disk model S19: each uses the disk's read or write bandwidth and a common
 * constraint of max(read, write) bandwidth, shared max-min fairly. */
struct sim_activity *sim_io_start(const struct sim_disk *d, double bytes, bool write);
/* Completes `seconds` from now. */
struct sim_activity *sim_sleep_start(double seconds);
void sim_activity_on_done(struct sim_activity *act, sim_activity_done_fn *fn, void *arg);
/* Tags the activity with `category`, a number the usage hook passes on (0, the default: none);
 * the MPI layer's tracing categories. */
void sim_activity_set_category(struct sim_activity *act, int category);
enum sim_activity_state sim_activity_state(const struct sim_activity *act);
bool sim_activity_is_done(const struct sim_activity *act);
/* Stops a running activity; it counts as ended (CANCELED) and its waiters wake. */
void sim_activity_cancel(struct sim_activity *act);
/* Blocks the running actor until `act` is no longer running. Returns its final state. */
enum sim_activity_state sim_activity_wait(struct sim_activity *act);
/* Blocks until one of the n activities is no longer running; returns its index (the lowest
 * index among those already ended). n must be > 0. */
int sim_activity_wait_any(struct sim_activity **acts, int n);
void sim_activity_ref(struct sim_activity *act);
void sim_activity_unref(struct sim_activity *act);
/* Start and end dates (end is -1 while running). */
double sim_activity_start_time(const struct sim_activity *act);
double sim_activity_end_time(const struct sim_activity *act);
/* Remaining work (flops or bytes) brought up to date; 0 when done. */
double sim_activity_remaining(struct sim_activity *act);

/* Shorthands: start, wait, release. */
void sim_execute(double flops);
void sim_sleep(double seconds);

/* ---------------------------------------------------------------------------------------
 * Platform: hosts, links, routes. Loaded from a SimGrid XML file or built in.
 * ------------------------------------------------------------------------------------- */

/* SimGrid's lookup path for the files a platform names (profiles; the platform itself when not
 * found as given): after "./", the folders added here (the "path" option), in order, then the
 * platform file's own folder. sim_engine_shutdown empties it. */
void sim_platform_add_path(const char *dir);
void sim_platform_clear_paths(void);
/* Called at the end of each <config> of a platform file, for each of its <prop>s sorted by id
 * (SimGrid 3.32's order), before any host or link exists; file and line name the <prop>. Unset
 * (NULL), the props are kept for sim__platform_config and nothing else. sim_engine_shutdown
 * unsets it. */
typedef void sim_platform_config_fn(void *arg, const char *key, const char *value, const char *file,
                                    int line);
void sim_platform_set_config_hook(sim_platform_config_fn *fn, void *arg);

/* Loads a SimGrid 4.1 XML platform; on any error prints "file:line: message" and exits 1. */
struct sim_platform *sim_platform_load(const char *path);
/* Parses an in-memory document (`name` is used in messages as the file name). */
struct sim_platform *sim_platform_load_string(const char *xml, const char *name);
/* The embedded default platform (documented in README and sim_platform_default_xml()). */
struct sim_platform *sim_platform_default(void);
const char *sim_platform_default_xml(void);
void sim_platform_free(struct sim_platform *p);

int sim_platform_host_count(const struct sim_platform *p);
/* Hosts in document order (cluster hosts in radical order). */
struct sim_host *sim_platform_host(const struct sim_platform *p, int index);
struct sim_host *sim_platform_host_by_name(const struct sim_platform *p, const char *name);
struct sim_link *sim_platform_link_by_name(const struct sim_platform *p, const char *name);
/* Links in creation order (a SPLITDUPLEX link is two: NAME_UP and NAME_DOWN). */
int sim_platform_link_count(const struct sim_platform *p);
struct sim_link *sim_platform_link(const struct sim_platform *p, int index);

const char *sim_host_name(const struct sim_host *h);
double sim_host_speed(const struct sim_host *h);
int sim_host_cores(const struct sim_host *h);
int sim_host_index(const struct sim_host *h);
/* Value of a <prop> of the host (or of its enclosing zones), or NULL. */
const char *sim_host_property(const struct sim_host *h, const char *key);
/* The host's <disk>s: their number, and disk i's name, read and write bandwidths (bytes/s) and
 * mount point (its "mount" property, or NULL). */
int sim_host_disk_count(const struct sim_host *h);
const struct sim_disk *sim_host_disk(const struct sim_host *h, int i);
const char *sim_disk_name(const struct sim_disk *d);
double sim_disk_read_bw(const struct sim_disk *d);
double sim_disk_write_bw(const struct sim_disk *d);
const char *sim_disk_mount(const struct sim_disk *d);
/* An unnamed disk of the host with these bandwidths, made on the first call (later calls
 * return it unchanged): the disk of hosts that declare none. */
const struct sim_disk *sim_host_default_disk(struct sim_host *h, double read_bw, double write_bw);

/* Pstates: the host's speeds (flop/s per core), one per pstate of its speed list; the current
 * one is sim_host_speed. Setting another pstate changes the speed of the running executions
 * from now on. Both die naming the host and the valid range for a pstate out of range. */
int sim_host_pstate_count(const struct sim_host *h);
double sim_host_pstate_speed(const struct sim_host *h, int pstate);
int sim_host_pstate(const struct sim_host *h);
void sim_host_set_pstate(struct sim_host *h, int pstate);
/* The factor of its peak speed the host's speed profile leaves now (1 without one). */
double sim_host_speed_scale(const struct sim_host *h);
/* Whether its state profile has it on (always without one). */
bool sim_host_is_on(const struct sim_host *h);
/* What the running executions take of its CPU now, in flop/s (SimGrid's Host::get_load). */
double sim_host_load(const struct sim_host *h);
bool sim_link_is_on(const struct sim_link *l);

/* ---------------------------------------------------------------------------------------
 * Energy: SimGrid 3.32's host_energy and link_energy plugins, active when sim_config.plugins
 * lists them. Host properties wattage_per_state ("Idle:Epsilon:AllCores" watts per pstate,
 * comma-separated, or "Idle:AllCores") and wattage_off; link property wattage_range
 * ("Idle:Busy"). Malformed properties end the run naming the file, line, host or link.
 * ------------------------------------------------------------------------------------- */

bool sim_host_energy_is_on(void);
bool sim_link_energy_is_on(void);
/* Whether the plugin is on and the host has a wattage_per_state (else it counts 0 J). */
bool sim_host_has_wattage(const struct sim_host *h);
/* Joules consumed by the host so far (brought up to date). Dies when the plugin is off or the
 * host has no wattage_per_state, as SimGrid asserts. */
double sim_host_consumed_energy(struct sim_host *h);
/* Brings the host's account up to date (SimGrid's sg_host_energy_update_all, per host): the
 * joules change only by what the interval since the last update consumed. No-op when off. */
void sim_host_energy_update(struct sim_host *h);
/* Its power now, in watts (same conditions). */
double sim_host_current_consumption(struct sim_host *h);
enum sim_wattage {
    SIM_WATTAGE_IDLE,
    SIM_WATTAGE_EPSILON,
    SIM_WATTAGE_MAX,
    SIM_WATTAGE_SLOPE, /* max - epsilon */
};
/* A value of the host's power range at `pstate` (0 without wattage_per_state). Dies when the
 * plugin is off or the pstate does not exist. */
double sim_host_wattage(const struct sim_host *h, int pstate, enum sim_wattage which);
/* Joules consumed by the link so far (0 without wattage_range). Dies when the plugin is off. */
double sim_link_consumed_energy(struct sim_link *l);
/* SimGrid's lines at the end of the run ("Total energy consumption: ..." per plugin, in their
 * order) and at exit ("Energy consumption of host X: ..." then of each link, sorted by name),
 * logged at info level under the categories host_energy and link_energy. */
void sim_energy_report_end(void);
void sim_energy_report_exit(void);

const char *sim_link_name(const struct sim_link *l);
/* The zone tree, for traces that draw it: the zone that holds a host, or declares a link (NULL
 * for the engine's own links), a zone's parent (NULL for the root), name and depth (root 0). */
struct sim_zone;
const struct sim_zone *sim_host_zone(const struct sim_host *h);
const struct sim_zone *sim_link_zone(const struct sim_link *l);
const struct sim_zone *sim_zone_parent(const struct sim_zone *z);
const char *sim_zone_name(const struct sim_zone *z);
int sim_zone_depth(const struct sim_zone *z);
double sim_link_bandwidth(const struct sim_link *l);
double sim_link_latency(const struct sim_link *l);

/* Route from src to dst: fills up to `max` links into `links` (may be NULL when max is 0)
 * and the total latency; returns the number of links on the route (which may exceed max).
 * Dies with a clear message naming both hosts and the zone when there is no route. */
int sim_route(const struct sim_platform *p, const struct sim_host *src, const struct sim_host *dst,
              struct sim_link **links, int max, double *latency);
/* sim_route, but returns -1 when the platform has no route from src to dst. */
int sim_route_find(const struct sim_platform *p, const struct sim_host *src,
                   const struct sim_host *dst, struct sim_link **links, int max, double *latency);

#endif /* SIM_SIMCORE_H */
