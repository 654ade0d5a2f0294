/* activity: executions, communications and sleeps; their lazy remaining-work bookkeeping, their
 * completion, and the actors that wait for them. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>
#include <string.h>

#include "simcore/internal.h"
#include "simcore/lmm.h"
#include "simcore/platform.h"

SIM_LOG_CATEGORY(log_act, "sim.activity");

static const char *const kind_names[] = {
    [SIM__EXEC] = "exec",
    [SIM__COMM] = "comm",
    [SIM__SLEEP] = "sleep",
    [SIM__IO] = "io",
};

/* Activities freed lately, for the next sim__activity_new: a list linked through their first
 * bytes, at most POOL_MAX long, each keeping its waiters array. calloc and free of an activity
 * and of its waiters array were about 550 instructions per message; taking one from here, about
 * 50. Emptied by sim__activity_pool_free at engine shutdown. */
#define POOL_MAX 256
static void *pool;
static int pool_n;

static struct sim_activity *activity_alloc(void)
{
    struct sim_activity *act = pool;
    struct sim_actor **waiters;
    int capwaiters;

    if (!act)
        return sim_xcalloc(1, sizeof(*act));
    memcpy(&pool, act, sizeof(pool));
    pool_n--;
    waiters = act->waiters;
    capwaiters = act->capwaiters;
    memset(act, 0, sizeof(*act));
    act->waiters = waiters;
    act->capwaiters = capwaiters;
    return act;
}

static void activity_free(struct sim_activity *act)
{
    free(act->route);
    if (pool_n == POOL_MAX) {
        free(act->waiters);
        free(act);
        return;
    }
    memcpy(act, &pool, sizeof(pool));
    pool = act;
    pool_n++;
}

void sim__activity_pool_free(void)
{
    while (pool) {
        struct sim_activity *act = pool;

        memcpy(&pool, act, sizeof(pool));
        free(act->waiters);
        free(act);
    }
    pool_n = 0;
}

struct sim_activity *sim__activity_new(enum sim__activity_kind kind, double amount)
{
    struct sim_activity *act = activity_alloc();

    act->kind = kind;
    act->state = SIM_ACTIVITY_RUNNING;
    act->refcount = 1;
    act->remaining = amount;
    act->rate_factor = 1.0;
    act->start = sim__engine.now;
    act->last_update = sim__engine.now;
    act->end = -1;
    act->ev.index = -1;
    act->user_bound = -1;
    sim__engine.nrunning++;
    return act;
}

struct sim__heap *sim__activity_heap(const struct sim_activity *act)
{
    static const enum sim__model model_of[] = {
        [SIM__EXEC] = SIM__MODEL_CPU,
        [SIM__SLEEP] = SIM__MODEL_CPU,
        [SIM__COMM] = SIM__MODEL_NET,
        [SIM__IO] = SIM__MODEL_DISK,
    };

    return &sim__engine.heaps[model_of[act->kind]];
}

void sim__activity_schedule(struct sim_activity *act, double date, bool latency)
{
    act->latency_pending = latency;
    sim__heap_update(sim__activity_heap(act), &act->ev, date);
}

/* Work done since last_update at the old rate, clamped so that it never goes negative. */
static void update_remaining(struct sim_activity *act)
{
    double now = sim__engine.now;
    double eps = sim__engine.cfg.precision_work * sim__engine.cfg.precision_timing;

    act->remaining -= act->last_rate * (now - act->last_update);
    if (act->remaining < eps)
        act->remaining = 0;
    act->last_update = now;
}

void sim__activity_reshare(struct sim_activity *act)
{
    double rate;

    if (act->state != SIM_ACTIVITY_RUNNING || act->latency_pending || !act->var)
        return;
    update_remaining(act);
    rate = sim_lmm_var_value(act->var) * act->rate_factor;
    act->last_rate = rate;
    if (act->remaining <= 0)
        sim__activity_schedule(act, sim__engine.now, false);
    else if (rate > 0)
        sim__activity_schedule(act, sim__engine.now + act->remaining / rate, false);
    else
        sim__heap_remove(sim__activity_heap(act), &act->ev);
}

/* ---- resource-usage tracing (sim_engine_set_usage_hook) ---- */

void sim_engine_set_usage_hook(sim_usage_fn *fn, void *arg)
{
    sim__engine.usage_fn = fn;
    sim__engine.usage_arg = arg;
}

static void usage_of_cnst(void *arg, struct sim_lmm_cnst *cnst, double weight)
{
    const struct sim_activity *act = arg;
    const struct sim__engine *e = &sim__engine;
    void *id = sim_lmm_cnst_id(cnst);

    if (act->kind == SIM__EXEC)
        e->usage_fn(e->usage_arg, id, NULL, act->category, act->last_rate * weight,
                    act->last_update);
    else if (act->kind == SIM__COMM)
        e->usage_fn(e->usage_arg, NULL, id, act->category, act->last_rate * weight,
                    act->last_update);
}

static void oldest_rate_date(void *arg, void *id)
{
    const struct sim_activity *act = id;
    double *oldest = arg;

    if (act->kind != SIM__IO && act->state == SIM_ACTIVITY_RUNNING && !act->latency_pending &&
        act->last_update < *oldest)
        *oldest = act->last_update;
}

double sim_engine_usage_horizon(void)
{
    double oldest = sim__engine.now;

    sim_lmm_foreach_var(sim__engine.lmm, oldest_rate_date, &oldest);
    return oldest;
}

/* Before `act` ends: the usage since its rate was last set, on each of its resources. */
static void report_usage(struct sim_activity *act)
{
    if (act->var && !act->latency_pending)
        sim_lmm_var_foreach_cnst(act->var, usage_of_cnst, act);
}

/* The energy plugins account for the interval that ends here with the load this activity still
 * puts on its host or links (SimGrid's CpuAction::on_state_change and CommImpl::on_completion). */
static void energy_on_end(const struct sim_activity *act)
{
    if (act->kind == SIM__EXEC && act->host)
        sim__energy_host_update(act->host);
    for (int i = 0; i < act->nroute; i++)
        sim__energy_link_update(act->route[i]);
}

static void finish(struct sim_activity *act, enum sim_activity_state state)
{
    act->state = state;
    act->end = sim__engine.now;
    act->remaining = state == SIM_ACTIVITY_DONE ? 0 : act->remaining;
    sim__engine.nrunning--;
    sim__heap_remove(sim__activity_heap(act), &act->ev);
    energy_on_end(act);
    if (act->var) {
        sim_lmm_var_free(sim__engine.lmm, act->var);
        act->var = NULL;
    }
    SIM_LOG(log_act, SIM_LOG_DEBUG, "%s %p %s", kind_names[act->kind], (void *)act,
            state == SIM_ACTIVITY_DONE ? "done" : "canceled");
    sim_activity_ref(act);
    if (act->done_fn)
        act->done_fn(act, act->done_arg);
    for (int i = 0; i < act->nwaiters; i++)
        sim_actor_wake(act->waiters[i]);
    act->nwaiters = 0;
    sim_activity_unref(act);
}

void sim__activity_fire(struct sim_activity *act)
{
    if (act->latency_pending) {
        act->latency_pending = false;
        act->last_update = sim__engine.now;
        act->last_rate = 0;
        /* When a profile already enabled the flow (resource.c), this changes nothing in the
         * system: as in SimGrid, the flow then progresses only from the next solve that touches
         * its links (its rate until then counts as 0). */
        sim_lmm_var_set_penalty(sim__engine.lmm, act->var, act->penalty);
        return;
    }
    if (sim__engine.usage_fn)
        report_usage(act);
    if (act->var)
        update_remaining(act);
    finish(act, SIM_ACTIVITY_DONE);
}

void sim_activity_on_done(struct sim_activity *act, sim_activity_done_fn *fn, void *arg)
{
    act->done_fn = fn;
    act->done_arg = arg;
}

void sim_activity_set_category(struct sim_activity *act, int category)
{
    act->category = category;
}

enum sim_activity_state sim_activity_state(const struct sim_activity *act)
{
    return act->state;
}

bool sim_activity_is_done(const struct sim_activity *act)
{
    return act->state != SIM_ACTIVITY_RUNNING;
}

void sim_activity_cancel(struct sim_activity *act)
{
    if (act->state != SIM_ACTIVITY_RUNNING)
        return;
    if (sim__engine.usage_fn)
        report_usage(act);
    if (act->var && !act->latency_pending)
        update_remaining(act);
    finish(act, SIM_ACTIVITY_CANCELED);
}

static void add_waiter(struct sim_activity *act, struct sim_actor *a)
{
    if (act->nwaiters == act->capwaiters) {
        act->capwaiters = act->capwaiters ? 2 * act->capwaiters : 2;
        act->waiters = sim_xrealloc(act->waiters, (size_t)act->capwaiters * sizeof(*act->waiters));
    }
    act->waiters[act->nwaiters++] = a;
}

static void remove_waiter(struct sim_activity *act, struct sim_actor *a)
{
    for (int i = 0; i < act->nwaiters; i++) {
        if (act->waiters[i] == a) {
            memmove(&act->waiters[i], &act->waiters[i + 1],
                    (size_t)(act->nwaiters - i - 1) * sizeof(*act->waiters));
            act->nwaiters--;
            return;
        }
    }
}

enum sim_activity_state sim_activity_wait(struct sim_activity *act)
{
    struct sim_actor *self = sim_actor_self();

    sim_assert(self, "sim_activity_wait called from maestro");
    while (act->state == SIM_ACTIVITY_RUNNING) {
        add_waiter(act, self);
        sim_actor_block(kind_names[act->kind]);
        remove_waiter(act, self);
    }
    return act->state;
}

static int first_ended(struct sim_activity **acts, int n)
{
    for (int i = 0; i < n; i++)
        if (acts[i]->state != SIM_ACTIVITY_RUNNING)
            return i;
    return -1;
}

int sim_activity_wait_any(struct sim_activity **acts, int n)
{
    struct sim_actor *self = sim_actor_self();
    int idx;

    sim_assert(self && n > 0, "sim_activity_wait_any needs an actor and activities");
    while ((idx = first_ended(acts, n)) < 0) {
        for (int i = 0; i < n; i++)
            add_waiter(acts[i], self);
        sim_actor_block("activities");
        for (int i = 0; i < n; i++)
            remove_waiter(acts[i], self);
    }
    return idx;
}

void sim_activity_ref(struct sim_activity *act)
{
    act->refcount++;
}

void sim_activity_unref(struct sim_activity *act)
{
    sim_assert(act->refcount > 0, "activity released too often");
    if (--act->refcount > 0)
        return;
    /* Nobody holds it any more: a running activity goes on and is freed when it ends. */
    if (act->state == SIM_ACTIVITY_RUNNING)
        return;
    activity_free(act);
}

double sim_activity_start_time(const struct sim_activity *act)
{
    return act->start;
}

double sim_activity_end_time(const struct sim_activity *act)
{
    return act->end;
}

double sim_activity_remaining(struct sim_activity *act)
{
    if (act->state == SIM_ACTIVITY_RUNNING && act->var && !act->latency_pending)
        update_remaining(act);
    return act->remaining;
}

/* A sleep enters the cpu heap at the next solve, not at once: SimGrid's CpuCas01::sleep pushes
 * its action to the front of the model's modified set, which the next solve takes in order, so
 * the sleeps started between two solves are scheduled from the most recent one (and two that
 * end at the same date end in that order). Its end date is fixed here. */
struct sim_activity *sim_sleep_start(double seconds)
{
    struct sim__engine *e = &sim__engine;
    struct sim_activity *act = sim__activity_new(SIM__SLEEP, 0);

    act->ev.date = e->now + (seconds > 0 ? seconds : 0);
    if (e->nnew_sleeps == e->new_sleeps_cap) {
        e->new_sleeps_cap = e->new_sleeps_cap ? 2 * e->new_sleeps_cap : 64;
        e->new_sleeps =
            sim_xrealloc(e->new_sleeps, (size_t)e->new_sleeps_cap * sizeof(*e->new_sleeps));
    }
    sim_activity_ref(act); /* the list's reference */
    e->new_sleeps[e->nnew_sleeps++] = act;
    return act;
}

void sim__activity_schedule_new_sleeps(void)
{
    struct sim__engine *e = &sim__engine;

    while (e->nnew_sleeps > 0) {
        struct sim_activity *act = e->new_sleeps[--e->nnew_sleeps];

        if (act->state == SIM_ACTIVITY_RUNNING)
            sim__activity_schedule(act, act->ev.date, false);
        sim_activity_unref(act);
    }
}

struct sim_activity *sim_exec_start_bounded(struct sim_host *host, double flops, double bound)
{
    struct sim_activity *act = sim__activity_new(SIM__EXEC, flops);
    double speed = host->speed * host->speed_scale;

    if (flops <= 0) {
        sim__activity_schedule(act, sim__engine.now, false);
        return act;
    }
    act->penalty = 1.0;
    act->host = host;
    act->user_bound = bound;
    sim__energy_host_update(host); /* SimGrid's Exec::on_start: the idle time ends here */
    act->var =
        sim_lmm_var_new(sim__engine.lmm, act, 1.0, bound > 0 && bound < speed ? bound : speed, 1);
    sim_lmm_expand(sim__engine.lmm, host->cpu, act->var, 1.0);
    return act;
}

struct sim_activity *sim_exec_start(struct sim_host *host, double flops)
{
    return sim_exec_start_bounded(host, flops, -1.0);
}

struct sim_activity *sim_io_start(const struct sim_disk *d, double bytes, bool write)
{
    struct sim_disk *disk = (struct sim_disk *)d; /* its constraints are the engine's state */
    struct sim_activity *act = sim__activity_new(SIM__IO, bytes);
    double rw = d->read_bw > d->write_bw ? d->read_bw : d->write_bw;

    if (bytes <= 0) {
        sim__activity_schedule(act, sim__engine.now, false);
        return act;
    }
    if (!disk->rw) {
        disk->rw = sim_lmm_cnst_new(sim__engine.lmm, disk, rw, false);
        disk->rd = sim_lmm_cnst_new(sim__engine.lmm, disk, d->read_bw, false);
        disk->wr = sim_lmm_cnst_new(sim__engine.lmm, disk, d->write_bw, false);
    }
    act->penalty = 1.0;
    act->var = sim_lmm_var_new(sim__engine.lmm, act, 1.0, -1.0, 2);
    sim_lmm_expand(sim__engine.lmm, disk->rw, act->var, 1.0);
    sim_lmm_expand(sim__engine.lmm, write ? disk->wr : disk->rd, act->var, 1.0);
    return act;
}

void sim_execute(double flops)
{
    struct sim_actor *self = sim_actor_self();
    struct sim_activity *act = sim_exec_start(sim_actor_host(self), flops);

    sim_activity_wait(act);
    sim_activity_unref(act);
}

void sim_sleep(double seconds)
{
    struct sim_activity *act = sim_sleep_start(seconds);

    sim_activity_wait(act);
    sim_activity_unref(act);
}
