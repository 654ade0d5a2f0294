/* internal: declarations shared between the files of simcore (never included outside it). */
#ifndef SIM_INTERNAL_H
#define SIM_INTERNAL_H

#include <stdint.h>
#include <stdio.h>

#include "simcore/simcore.h"

/* Log and assertion prefixes: once the engine runs, it registers how to read the clock and the
 * running actor's name (NULL in maestro). Until then lines carry no time or actor. */
typedef const char *sim__actor_name_fn(void);
void sim__log_set_context(double (*now)(void), sim__actor_name_fn *actor_name);
/* Writes "[time] [actor] " (or nothing before the engine runs) to `out`. */
void sim__log_prefix(FILE *out);

/* Default factor tables of the SMPI network model, as option text. */
const char *sim__smpi_lat_factor_default(void);
const char *sim__smpi_bw_factor_default(void);

/* heap.c: a binary min-heap of entries embedded in their owners, ordered by (date, seq) so
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

/* ---- context back ends (context_raw.c, context_ucontext.c), used by context.c. raw: the saved
 * stack pointer is the whole state. ucontext: an opaque block of sim__ctx_uc_size() bytes
 * (max_align_t aligned) that the context carries after its fields. ---- */
typedef void sim__ctx_entry_fn(void *arg);
void *sim__ctx_raw_prepare(char *stack, size_t size, sim__ctx_entry_fn *entry, void *arg);
void sim__ctx_raw_swap(void **save_sp, void *const *load_sp);
size_t sim__ctx_uc_size(void);
void sim__ctx_uc_prepare(void *state, char *stack, size_t size, sim__ctx_entry_fn *entry,
                         void *arg);
void sim__ctx_uc_swap(void *from, void *to);

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
    int pid;
    struct sim_host *host;
    sim_actor_fn *fn;
    void *arg;
    void *data;
    struct sim_context *ctx;
    enum sim__actor_state state;
    const char *blocked_on;         /* what sim_actor_block was given */
    void (*on_stack_fn)(void *arg); /* pending sim_actor_run_on_stack request */
    void *on_stack_arg;
    struct sim_actor *next_run;     /* run queue link */
    bool autofree;                  /* freed as soon as it ends (sim_actor_set_autofree) */
};

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

struct sim_activity {
    enum sim__activity_kind kind;
    enum sim_activity_state state;
    int refcount;
    double remaining;        /* flops or bytes, as of last_update */
    double last_update;
    double last_rate;        /* rate used since last_update */
    double rate_factor;      /* effective rate = lmm value * rate_factor */
    double penalty;          /* sharing penalty once latency is paid */
    bool latency_pending;    /* the heap entry is the end of the latency phase */
    double start;
    double end;
    struct sim_lmm_var *var;
    struct sim__heap_entry ev;
    sim_activity_done_fn *done_fn;
    void *done_arg;
    struct sim_actor **waiters;
    int nwaiters;
    int capwaiters;
};

struct sim_activity *sim__activity_new(enum sim__activity_kind kind, double amount);
/* Schedules the activity's completion (or latency end) at `date`. */
void sim__activity_schedule(struct sim_activity *act, double date, bool latency);
/* Brings `remaining` up to now and recomputes the completion date from the LMM value. */
void sim__activity_reshare(struct sim_activity *act);
/* Handles a due heap event: end of latency (enable the variable) or completion. */
void sim__activity_fire(struct sim_activity *act);

/* ---- engine state shared by the files of simcore (engine.c) ---- */
struct sim__engine {
    struct sim_config cfg;
    struct sim_platform *platform;
    struct sim_lmm_system *lmm;
    struct sim__heap heap;
    double now;
    uint64_t steps;
    struct sim_context *maestro;
    struct sim_actor *current;
    struct sim_lmm_cnst *loopback; /* implicit loopback for routes without links */
    sim_deadlock_fn *deadlock_fn;
    void *deadlock_arg;
    sim_progress_fn *progress_fn;
    void *progress_arg;
    uint64_t actor_runs;
    sim_resume_fn *resume_fn;
    void *resume_arg;
};
extern struct sim__engine sim__engine;

/* network.c: adopts the platform's links and hosts as LMM constraints. */
void sim__network_init(void);

/* msgmodel.c: reads the LMO hosts' parameters (dies on a host without them); frees them. The
 * network part of a message under LogGP, LogGPS or log3P: a delay in seconds. */
void sim__msg_init(void);
void sim__msg_shutdown(void);
double sim__msg_wire(const struct sim_host *src, const struct sim_host *dst, double bytes);

#endif /* SIM_INTERNAL_H */
