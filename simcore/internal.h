/* internal: declarations shared between the files of simcore (never included outside it). */
#ifndef SIM_INTERNAL_H
#define SIM_INTERNAL_H

#include <stdint.h>
#include <stdio.h>

#include "simcore/simcore.h"

/* Log and assertion prefixes: the running actor and the simulated date, read from the engine's
 * state. Outside a simulation lines come from maestro at time 0. */
struct sim__log_who {
    const char *host;  /* the running actor's host */
    const char *actor; /* its name */
    int pid;           /* its pid (1 for the first actor) */
};
/* Who runs and the date, for log lines: false (maestro: no host, pid 0) outside an actor. */
bool sim__log_current(struct sim__log_who *who, double *now);
/* Writes SimGrid's prefix "[host:actor:(pid) time] " (or "[time] " from maestro) to `out`. */
void sim__log_prefix(FILE *out);

/* log.c -> log_layout.c: the settings of a category chain, resolved for one line. */
struct sim__log_out {
    const char *fmt; /* a SimGrid format layout, or NULL for the default layout */
    FILE *stream;
};
/* Where a line of category `name` goes: the layout and stream of each category of its chain
 * (itself, its parent, ..., the root) that writes it, as SimGrid's appenders and additivity
 * decide. Fills at most `max` and returns their number. */
int sim__log_outputs_of(const char *name, const char *parent, struct sim__log_out *outs, int max);
extern bool sim__log_no_loc;
/* Checks a SimGrid format layout; returns NULL if valid, else the offending sequence's text. */
const char *sim__log_format_check(const char *fmt);
/* Writes one line: the layout with the message. */
void sim__log_write(const struct sim__log_out *out, const char *cat, enum sim_log_level level,
                    const char *file, int line, const char *fmt, va_list ap);

/* Default factor tables of the SMPI network model, as option text. */
const char *sim__smpi_lat_factor_default(void);
const char *sim__smpi_bw_factor_default(void);

/* heap.c: a 4-ary min-heap of entries embedded in their owners, ordered by (date, seq) so
 * that ties are broken by insertion order, never by address. O(log n) insert/update/remove. */
struct sim__heap_entry {
    double date;
    uint64_t seq;
    int index; /* position in the heap, -1 when not in it */
};
/* A heap slot carries its entry's key: sifting compares slots without touching the entries,
 * which with a million pending activities were a cache miss each. */
struct sim__heap_slot {
    double date;
    uint64_t seq;
    struct sim__heap_entry *e;
};
struct sim__heap {
    struct sim__heap_slot *v;
    int n;
    int cap;
    uint64_t next_seq;
};
void sim__heap_init(struct sim__heap *h);
void sim__heap_free(struct sim__heap *h);
/* Inserts `e` at `date`, or moves it there if already present (it then gets a new seq). */
void sim__heap_update(struct sim__heap *h, struct sim__heap_entry *e, double date);
void sim__heap_remove(struct sim__heap *h, struct sim__heap_entry *e);
struct sim__heap_entry *sim__heap_top(const struct sim__heap *h);
struct sim__heap_entry *sim__heap_pop(struct sim__heap *h);

/* ---- context back ends (context_raw.c, context_ucontext.c, context_thread.c), used by
 * context.c. raw: the saved stack pointer is the whole state. ucontext: an opaque block of
 * sim__ctx_uc_size() bytes (max_align_t aligned) that the context carries after its fields. */
typedef void sim__ctx_entry_fn(void *arg);
void *sim__ctx_raw_prepare(char *stack, size_t size, sim__ctx_entry_fn *entry, void *arg);
void sim__ctx_raw_swap(void **save_sp, void *const *load_sp);
size_t sim__ctx_uc_size(void);
void sim__ctx_uc_prepare(void *state, char *stack, size_t size, sim__ctx_entry_fn *entry,
                         void *arg);
void sim__ctx_uc_swap(void *from, void *to);
/* thread (context_thread.c): an opaque block of sim__ctx_thread_size() bytes, like ucontext's.
 * attach: the state of a context that runs on the calling thread (maestro). start: creates the
 * thread, which waits for its first switch on [stack, stack + size) (dies naming the system's
 * limits when refused). swap: wakes `to`, sleeps until woken. stop: ends the thread of a
 * context that is not running (its stack is left as it is) and joins it. */
size_t sim__ctx_thread_size(void);
void sim__ctx_thread_attach(void *state);
void sim__ctx_thread_start(void *state, char *stack, size_t size, sim__ctx_entry_fn *entry,
                           void *arg, const char *name);
void sim__ctx_thread_swap(void *from, void *to);
void sim__ctx_thread_stop(void *state);
/* Installs the process's alternate signal stack (context.c) on the calling thread, so that the
 * overflow and crash handlers run on a thread whose own stack is exhausted. Every thread may
 * share it: only one runs at a time. */
void sim__ctx_altstack_use(void);

/* ---- actor stacks (context_stack.c), used by context.c ---- */
/* One stack: `guard` bytes that fault on access at `map`, then `size` bytes of stack. */
struct sim__ctx_stack {
    char *map;
    size_t guard;
    size_t size;
    unsigned vg_id; /* Valgrind stack id, 0 when not registered */
};
/* Sets the geometry (page multiples) of the stacks sim__ctx_stack_get hands out from now on;
 * free stacks of another geometry are unmapped. */
void sim__ctx_stack_configure(size_t size, size_t guard);
/* A stack of the current geometry, carved from a shared reservation (no kernel mapping of its
 * own), or dies naming the limit that stopped it. */
struct sim__ctx_stack sim__ctx_stack_get(void);
/* Gives `s` back for reuse (its map becomes NULL). */
void sim__ctx_stack_put(struct sim__ctx_stack *s);
/* Unmaps every free stack and the rest of the reservation, and forgets the geometry. Every
 * stack must have been given back. */
void sim__ctx_stack_release(void);
/* The stacks handed out and kept for reuse (context_stack.c). */
struct sim__ctx_pool {
    size_t size; /* geometry of the stacks handed out now */
    size_t guard;
    char *carve_next; /* unused slots at the end of the current reservation */
    size_t carve_left;
    struct sim__ctx_stack *free; /* freed slots of the current geometry, last freed first */
    size_t nfree;
    size_t capfree;
    size_t reserved;        /* virtual space reserved for stacks so far */
    bool guard_by_mprotect; /* MADV_GUARD_INSTALL was refused (kernel older than 6.13) */
    size_t carved;          /* slots carved so far: batches start once a run is large */
    size_t ready_left;      /* slots from carve_next on whose guard and top page are set */
    bool batch_off;         /* process_madvise was refused: one slot at a time */
    int pidfd;              /* this process, for process_madvise */
    long pidfd_pid;         /* the process pidfd was opened in, 0 before (a fork opens its own) */
};

/* ---- contexts (context.c), in the engine's state: sim_context_init sets them up, the engine's
 * shutdown releases them (sim__ctx_shutdown). ---- */
struct sim__contexts {
    enum sim_ctx_factory factory;
    bool initialised;
    size_t stack_size;
    size_t guard_size;
    size_t page_size;
    struct sim_context *maestro;
    /* Every live context with a guard page, unordered: O(1) insert and removal (swap with the
     * last); the O(n) scan only happens in the SIGSEGV handler. A sorted array cost O(n) per
     * creation, which dominated runs with 100,000 actors. */
    struct sim_context **guarded;
    size_t nguarded;
    size_t capguarded;
    long live_threads; /* thread factory: threads started and not joined (for its messages) */
    struct sim__ctx_pool stacks;
    /* Copied contexts (sim_context_create_copied) all run on `shared` (map NULL until the
     * first); `placed` is the one whose stack image is in it now (NULL: none). */
    struct sim__ctx_stack shared;
    struct sim_context *placed;
};
/* Frees maestro's context and the guard registry and releases the stacks (every other context
 * must have been destroyed). */
void sim__ctx_shutdown(void);

/* ---- actors (actor.c) ---- */
struct sim_context;
struct sim_lmm_system;
struct sim_lmm_var;
struct sim_lmm_cnst;

enum sim__actor_state {
    SIM__ACTOR_RUNNABLE,
    SIM__ACTOR_BLOCKED,
    SIM__ACTOR_DONE,
};

struct sim_actor {
    char *name;
    char *label; /* for diagnostics: sim_actor_create_labeled's, else NULL (the name) */
    int pid;
    struct sim_host *host;
    sim_actor_fn *fn;
    void *arg;
    void *data;
    struct sim_context *ctx;
    enum sim__actor_state state;
    unsigned resume_len;            /* bytes at resume_lo that resuming it touches (0: unknown) */
    const char *resume_lo;          /* set when it leaves for maestro: sim_actor_prefetch's span */
    const char *blocked_on;         /* what sim_actor_block was given */
    void (*on_stack_fn)(void *arg); /* pending sim_actor_run_on_stack request */
    void *on_stack_arg;
    struct sim_actor *next_run; /* run queue link */
    bool autofree;              /* freed as soon as it ends (sim_actor_set_autofree) */
    uint64_t block_seq;         /* when it last began to block (sim_actor_block_seq) */
    int run_after;              /* pid of the actor the engine ran after it last time (0: none) */
    struct sim_actor *stack_of; /* whose copied stack is placed while it runs, or NULL */
};

/* The actor table and the run queue, in the engine's state. */
struct sim__actors {
    struct sim_actor **all; /* every actor ever created, by pid */
    int n;
    int cap;
    int nlive;
    struct sim_actor *runq_head;
    struct sim_actor *runq_tail;
    uint64_t nblocks; /* sim_actor_block calls so far */
    int last_run;     /* pid of the actor the engine ran last (0: none yet) */
    int predicted;    /* actors still to run whose stacks were asked for (actor.c) */
};

/* The span of ctx's stack that resuming it will touch, from `frame` (the frame of the function
 * about to switch away, on ctx's own stack) down to where the switch saves its registers and up
 * towards the top: its start, and its length in *len (raw factory; NULL and 0 for the others,
 * whose switch touches other memory first): context.c. */
const char *sim__context_resume_span(const struct sim_context *ctx, const void *frame,
                                     unsigned *len);
/* Runs every runnable actor until none is left (maestro only). */
void sim__actors_run_ready(void);
int sim__actors_live(void);
void sim__actors_free_all(void);

/* ---- activities (activity.c) ---- */
enum sim__activity_kind {
    SIM__EXEC,
    SIM__COMM,
    SIM__SLEEP,
    SIM__IO,
};

/* The model an activity belongs to, in SimGrid's order of models (cpu, network, disk: the order
 * SMPI's platform setup adds them to the engine). Each model has its own completion heap, and
 * the activities due at one date end model by model in this order (engine.c, advance_clock),
 * as SimGrid's EngineImpl::wake_all_waiting_actors takes each model's finished actions. */
enum sim__model {
    SIM__MODEL_CPU,  /* executions and sleeps */
    SIM__MODEL_NET,  /* communications */
    SIM__MODEL_DISK, /* disk I/O */
    SIM__NMODELS,
};

struct sim_activity {
    enum sim__activity_kind kind;
    enum sim_activity_state state;
    int refcount;
    double remaining; /* flops or bytes, as of last_update */
    double last_update;
    double last_rate;     /* rate used since last_update */
    double rate_factor;   /* effective rate = lmm value * rate_factor */
    double penalty;       /* sharing penalty once latency is paid */
    bool latency_pending; /* the heap entry is the end of the latency phase */
    /* What a change of a resource's capacity needs (resource.c), as SimGrid's actions keep it:
     * exec: its host; comm: its ends, SimGrid's sharing_penalty_ (latency + weight-S terms),
     * lat_current_ (route latency before the latency factor) and user bound (the slowest link
     * of the route or the caller's rate, before the TCP window); < 0 when none. */
    struct sim_host *host;
    struct sim_host *src;
    struct sim_host *dst;
    double sharing_penalty;
    double lat_current;
    double user_bound;
    struct sim_link **route; /* comm under link_energy: its links (not the reverse ones) */
    int nroute;
    double start;
    double end;
    int category; /* sim_activity_set_category, 0 when none */
    struct sim_lmm_var *var;
    struct sim__heap_entry ev;
    sim_activity_done_fn *done_fn;
    void *done_arg;
    struct sim_actor **waiters;
    int nwaiters;
    int capwaiters;
};

struct sim_activity *sim__activity_new(enum sim__activity_kind kind, double amount);
/* Frees the activities kept for reuse (engine shutdown). */
void sim__activity_pool_free(void);
/* Schedules the activity's completion (or latency end) at `date`. */
void sim__activity_schedule(struct sim_activity *act, double date, bool latency);
/* Brings `remaining` up to now and recomputes the completion date from the LMM value. */
void sim__activity_reshare(struct sim_activity *act);
/* Handles a due heap event: end of latency (enable the variable) or completion. */
void sim__activity_fire(struct sim_activity *act);
/* The completion heap of the model `act` belongs to. */
struct sim__heap *sim__activity_heap(const struct sim_activity *act);
/* Schedules the sleeps started since the last call, the most recent first (engine.c, before
 * each solve). */
void sim__activity_schedule_new_sleeps(void);

/* ---- resource profiles (profile.c) and the dynamic state of hosts and links (resource.c) ---- */

/* A profile: events spaced by `delta` seconds (the first from the start of the simulation),
 * each setting a value; after the last one the pattern starts again `repeat` seconds later
 * (its first event delta + repeat after the last), or never when repeat < 0. */
struct sim__dated {
    double delta;
    double value;
};
struct sim__profile {
    char *name; /* the file, or the <trace> id */
    int n;
    struct sim__dated *ev;
    double repeat;
};

/* What a profile drives: SimGrid's speed_file (a factor of the peak speed), state_file (0: off,
 * else on), bandwidth_file (bytes/s) and latency_file (seconds). */
enum sim__res_kind {
    SIM__RES_HOST_SPEED,
    SIM__RES_HOST_STATE,
    SIM__RES_LINK_BANDWIDTH,
    SIM__RES_LINK_LATENCY,
    SIM__RES_LINK_STATE,
};

struct sim__res_event;

/* Parses SimGrid 3.32's profile text: "date value" lines with increasing dates (an optional DET
 * before each), blank lines, comments (#, %), "PERIODICITY p" (the pattern restarts every p
 * seconds) and "LOOPAFTER d" (it restarts d seconds after its last event); `periodicity` > 0
 * (a <trace>'s attribute) counts as a PERIODICITY line. On bad text returns NULL, with the
 * message in err and its line (1-based) in *errline. */
struct sim__profile *sim__profile_parse(const char *name, const char *text, double periodicity,
                                        char *err, size_t errsize, int *errline);
void sim__profile_free(struct sim__profile *prof);
/* Schedules `prof` on resource `res` (a host or link, by kind) from time 0 in the engine's event
 * heap; returns the event (owned by the caller, freed with free()), or NULL for an empty one. */
struct sim__res_event *sim__profile_attach(const struct sim__profile *prof, enum sim__res_kind kind,
                                           void *res);
/* Applies the due event to its resource and schedules the profile's next one. */
void sim__profile_fire(struct sim__res_event *re);

/* Sets a resource's value from its profile (resource.c). `prof` names it in messages. */
void sim__resource_apply(enum sim__res_kind kind, void *res, double value,
                         const struct sim__profile *prof);
/* Makes the CPU constraint and the bounds of the host's executions follow its speed (pstate
 * peak x profile factor), then lets the energy plugin account for the change. */
void sim__host_speed_changed(struct sim_host *h);
/* Schedules the profiles of the platform's hosts and links (engine start) and frees them. */
void sim__resources_init(void);
void sim__resources_free(void);
/* Dies when the route of a new communication crosses a link that is off, as SMPI 3.32 fails it
 * (it aborts on the NetworkFailureException). */
void sim__route_check_on(struct sim_link *const *links, int n, const struct sim_host *src,
                         const struct sim_host *dst);

/* ---- energy plugins (energy_host.c, energy_link.c; energy.c) ---- */
/* Whether sim_config.plugins lists `plugin`. */
bool sim__plugin_is_active(enum sim_plugin plugin);
/* Set up the plugins sim_config.plugins names, once the engine owns the platform. */
void sim__energy_host_init(void);
void sim__energy_link_init(void);
/* SimGrid's lazy accounting: energy += power at the current load x time since the last update,
 * then the pstate (or off) of the next interval is recorded. No-op when the plugin is off. */
void sim__energy_host_update(struct sim_host *h);
void sim__energy_link_update(struct sim_link *l);
/* A communication starts on links[0..n): they are brought up to date, and kept in the activity
 * for its end (SimGrid's CommImpl::on_start and on_completion). */
void sim__energy_link_comm_start(struct sim_activity *act, struct sim_link *const *links, int n);
void sim__energy_free(void);
void sim__energy_host_free(void);
void sim__energy_link_free(void);
/* The plugins' lines at the end of the run and at exit (energy.c calls them in SimGrid's order). */
void sim__energy_host_report_end(void);
void sim__energy_link_report_end(void);
void sim__energy_host_report_exit(void);
void sim__energy_link_report_exit(void);

/* ---- platform loading (platform_profile.c, platform_xml*.c) ---- */
/* sim_die for a place in an input file: "simmpi: file:line: message" (util.c). */
void sim__vdie_at(const char *file, int line, const char *fmt, va_list ap)
    __attribute__((format(printf, 3, 0), noreturn));
/* What is given before a platform is loaded, hence before sim_engine_init: the lookup path of
 * the files a platform names (sim_platform_add_path) and the <config> hook. */
struct sim__loader {
    char **paths;
    int npaths;
    sim_platform_config_fn *config_fn;
    void *config_arg;
};

/* ---- engine state shared by the files of simcore (engine.c) ---- */
/* Every piece of mutable state of simcore lives here (a few process-wide things excepted: the
 * log settings of log.c and the SIGSEGV handler of context.c). It is all zero when the process
 * starts, and sim_engine_shutdown releases it and zeroes it again, so that each simulation
 * starts from the same state. Outside a simulation only `loader` (set up before a platform is
 * loaded) and `ctx` (contexts used on their own, as the unit tests do) may be non-zero. */
struct sim__engine {
    bool running; /* between sim_engine_init and sim_engine_shutdown */
    struct sim_config cfg;
    struct sim_platform *platform;
    struct sim_lmm_system *lmm;
    struct sim__heap heaps[SIM__NMODELS]; /* completions and latency ends, per model */
    struct sim_activity **due;            /* advance_clock's scratch: the activities due now */
    int due_cap;
    struct sim_activity **new_sleeps; /* sleeps started since the last reshare, oldest first */
    int nnew_sleeps;
    int new_sleeps_cap;
    double now;
    uint64_t steps;
    struct sim_context *maestro;
    bool log_as_maestro; /* sim__log_emit_maestro is writing: the line is maestro's */
    struct sim__actors actors;
    struct sim__contexts ctx;
    struct sim__loader loader;
    sim_deadlock_fn *deadlock_fn;
    void *deadlock_arg;
    sim_progress_fn *progress_fn;
    void *progress_arg;
    double end_date; /* sim_engine_set_end_date's, 0 for none */
    uint64_t actor_runs;
    sim_resume_fn *resume_fn;
    void *resume_arg;
    sim_usage_fn *usage_fn;
    void *usage_arg;
    struct sim__heap events;            /* profile events of hosts and links */
    struct sim__res_event **res_events; /* every profile scheduled, freed at shutdown */
    int nres_events;
    int nrunning;   /* activities still running: profile events advance the clock only then */
    int nlinks_off; /* links turned off by their profile: new routes are checked while > 0 */
    /* network.c: the loopback of hosts that route to themselves through the network model, and
     * the buffer routes are read into (grown on demand) */
    struct sim_link *loopback;
    struct sim_link **route_buf;
    struct sim_lmm_cnst **route_cnst; /* the constraints of route_buf's links */
    int route_cap;
    struct sim__route_memo *route_memo; /* routes computed lately (network.c), NULL until used */
    struct sim_link **route_links;      /* their links, ROUTE_MEMO_LINKS per slot (read rarely) */
    struct sim_lmm_use *route_flow;     /* their flows' elements, ROUTE_FLOW_USES per slot */
    uint32_t route_memo_sets;           /* two routes per set, a power of two */
    size_t route_memo_bytes;            /* the block of route_memo, route_links and route_flow */
    uint32_t route_stamp;               /* counts memo hits and fills: the least recent goes */
    uint32_t link_epoch; /* bumped when a link's latency or bandwidth changes (resource.c) */
    /* msgmodel.c: LMO's C (seconds) and t (seconds per byte) of each host, by host index */
    double *lmo_c;
    double *lmo_t;
    bool host_energy_on; /* the host_energy plugin is active (energy_host.c) */
    bool link_energy_on; /* the link_energy plugin is active (energy_link.c) */
};
extern struct sim__engine sim__engine;

/* network.c: adopts the platform's links and hosts as LMM constraints; frees the loopback link,
 * the route buffer and the routes memo. */
void sim__network_init(void);
void sim__network_free(void);
/* platform_profile.c: forgets the lookup path. */
void sim__loader_free(void);

/* msgmodel.c: reads the LMO hosts' parameters (dies on a host without them); frees them. The
 * network part of a message under LogGP, LogGPS or log3P: a delay in seconds. */
void sim__msg_init(void);
void sim__msg_shutdown(void);
double sim__msg_wire(const struct sim_host *src, const struct sim_host *dst, double bytes);

#endif /* SIM_INTERNAL_H */
