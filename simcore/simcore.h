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
 * Configuration handed to the kernel (filled by smpi/options.c from --cfg).
 * ------------------------------------------------------------------------------------- */

enum sim_ctx_factory {
    SIM_CTX_RAW,
    SIM_CTX_UCONTEXT,
};

enum sim_net_model {
    SIM_NET_RAW,
    SIM_NET_CM02,
    SIM_NET_LV08,
    SIM_NET_SMPI,
    SIM_NET_CONSTANT,
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
};

/* Fills `cfg` with SimGrid 3.32's defaults for the given network model (factors, weight-S,
 * TCP-gamma, crosstraffic) and the kernel defaults for everything else. */
void sim_config_defaults(struct sim_config *cfg, enum sim_net_model model);
/* Parses "b1:f1;b2:f2;..." (or a single number) into `t`. Returns 0, or -1 on bad text. */
int sim_factor_table_parse(const char *text, struct sim_factor_table *t);
double sim_factor_table_eval(const struct sim_factor_table *t, double size);
void sim_factor_table_free(struct sim_factor_table *t);

/* ---------------------------------------------------------------------------------------
 * Engine
 * ------------------------------------------------------------------------------------- */

/* Starts the kernel with `cfg` (copied) on `platform` (owned by the engine from now on). */
void sim_engine_init(const struct sim_config *cfg, struct sim_platform *platform);
/* Runs until every actor has ended. Returns 0, or SIM_ENGINE_DEADLOCK when live actors are
 * all blocked and nothing is in flight (after calling the deadlock hook). */
#define SIM_ENGINE_DEADLOCK 2
int sim_engine_run(void);
/* Frees every actor, activity and the platform. */
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
 * its rate was last set, to now. host is NULL for a link and link NULL for a CPU. NULL removes
 * the hook; unset, an ending activity pays one test. */
typedef void sim_usage_fn(void *arg, const struct sim_host *host, const struct sim_link *link,
                          double value, double since);
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
/* The running actor, or NULL in the engine (maestro). */
struct sim_actor *sim_actor_self(void);
const char *sim_actor_name(const struct sim_actor *a);
struct sim_host *sim_actor_host(const struct sim_actor *a);
int sim_actor_pid(const struct sim_actor *a); /* 1, 2, 3... in creation order (SimGrid's) */
void *sim_actor_data(const struct sim_actor *a);
void sim_actor_set_data(struct sim_actor *a, void *data);
/* Frees the actor (its stack, name and structure) as soon as its function returns, rather than
 * at shutdown: for short-lived helpers, of which a run may start millions. Nothing may keep a
 * pointer to it past its end. */
void sim_actor_set_autofree(struct sim_actor *a);
/* Gives control back to the engine; the actor runs again in the same time step. */
void sim_actor_yield(void);
/* Blocks the running actor until sim_actor_wake() is called on it. `what` describes what
 * it waits for (shown in deadlock reports). */
void sim_actor_block(const char *what);
/* Makes a blocked actor runnable again (at the current time). Safe from actors and from
 * completion callbacks. No effect on a runnable actor. */
void sim_actor_wake(struct sim_actor *a);
bool sim_actor_is_blocked(const struct sim_actor *a);
/* Ends the running actor now, as if its function had returned. */
void sim_actor_exit(void) __attribute__((noreturn));
/* Calls fn(actor, arg) for each live actor, in pid order. */
void sim_actor_foreach(void (*fn)(struct sim_actor *a, void *arg), void *arg);
/* Runs fn(arg) on the stack of the blocked actor `a` (used to take its backtrace in deadlock
 * reports), then returns to the caller. Only from the engine (maestro). */
void sim_actor_run_on_stack(struct sim_actor *a, void (*fn)(void *arg), void *arg);

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
 * Dies with a clear message when there is no route. */
int sim_route(const struct sim_platform *p, const struct sim_host *src, const struct sim_host *dst,
              struct sim_link **links, int max, double *latency);

#endif /* SIM_SIMCORE_H */
