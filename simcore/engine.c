/* engine: the maestro loop. Runs ready actors, solves resource sharing, advances the simulated
 * clock to the next event and fires every event due at that date. Only the engine moves time. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "simcore/context.h"
#include "simcore/internal.h"
#include "simcore/lmm.h"
#include "simcore/platform.h"

SIM_LOG_CATEGORY(log_engine, "sim.engine");

struct sim__engine sim__engine;

/* The state is all zero here (process start, or the previous sim_engine_shutdown), but for what
 * is set up before an engine starts: the platform loader's settings, hooks, contexts. */
void sim_engine_init(const struct sim_config *cfg, struct sim_platform *platform)
{
    struct sim__engine *e = &sim__engine;

    sim_assert(!e->running, "sim_engine_init called twice");
    sim_config_copy(&e->cfg, cfg);
    e->platform = platform;
    e->lmm = sim_lmm_system_new(cfg->selective_update, cfg->precision_work);
    for (int m = 0; m < SIM__NMODELS; m++)
        sim__heap_init(&e->heaps[m]);
    sim__heap_init(&e->events);
    sim_context_init(cfg->ctx_factory, cfg->stack_size, cfg->guard_size);
    e->maestro = sim_context_maestro();
    sim__network_init();
    sim__resources_init();
    sim__energy_host_init();
    sim__energy_link_init();
    e->running = true;
}

/* Activities taken from the solver at a time by reshare. */
#define RESHARE_BATCH 16

/* Schedules the new sleeps, solves the sharing problem and reschedules every activity whose rate
 * may have changed, in the order of SimGrid's modified set (sleeps, then the solver's order).
 * After a solve of many flows the activities are cache misses: they are taken a batch at a time
 * and asked for (the fields sim__activity_reshare reads and its heap entry) before the first of
 * the batch is rescheduled, so that their misses overlap. Rescheduling one never changes the
 * modified set, so the order is the same. */
static void reshare(void)
{
    struct sim_activity *batch[RESHARE_BATCH];
    int n;

    sim__activity_schedule_new_sleeps();
    sim_lmm_solve(sim__engine.lmm);
    do {
        for (n = 0; n < RESHARE_BATCH && (batch[n] = sim_lmm_pop_modified(sim__engine.lmm)); n++) {
            __builtin_prefetch(batch[n], 1);
            __builtin_prefetch(&batch[n]->ev, 1);
        }
        for (int i = 0; i < n; i++)
            sim__activity_reshare(batch[i]);
    } while (n == RESHARE_BATCH);
}

/* The date of the next event: the earliest activity event of any model, or an earlier profile
 * event. Profile events count only while some activity runs: with nothing in flight the run is
 * over (or deadlocked) whatever the profiles still hold, as in SimGrid's EngineImpl::solve.
 * Returns false when there is no such event. */
static bool next_date(double *date)
{
    struct sim__engine *e = &sim__engine;
    struct sim__heap_entry *ev = sim__heap_top(&e->events);
    bool found = false;

    *date = 0;
    for (int m = 0; m < SIM__NMODELS; m++) {
        struct sim__heap_entry *top = sim__heap_top(&e->heaps[m]);

        if (top && (!found || top->date < *date)) {
            *date = top->date;
            found = true;
        }
    }
    if (!found && (!ev || e->nrunning == 0))
        return false;
    if (ev && (!found || ev->date < *date))
        *date = ev->date;
    return true;
}

/* Takes out of the model heaps every activity due at the current date (within precision/timing)
 * into e->due, model by model in SimGrid's order of models and each model's in its heap's order
 * (date, then order of scheduling), each with a reference. Returns their number. */
static int take_due(void)
{
    struct sim__engine *e = &sim__engine;
    struct sim__heap_entry *top;
    int n = 0;

    for (int m = 0; m < SIM__NMODELS; m++) {
        while ((top = sim__heap_top(&e->heaps[m])) != NULL &&
               top->date <= e->now + e->cfg.precision_timing) {
            struct sim_activity *act =
                (struct sim_activity *)((char *)top - offsetof(struct sim_activity, ev));

            sim__heap_remove(&e->heaps[m], top);
            if (n == e->due_cap) {
                e->due_cap = e->due_cap ? 2 * e->due_cap : 64;
                e->due = sim_xrealloc(e->due, (size_t)e->due_cap * sizeof(*e->due));
            }
            sim_activity_ref(act);
            e->due[n++] = act;
        }
    }
    return n;
}

/* Fires every event due at the date of the earliest one: first the profile events of that exact
 * date (they change capacities before completions are taken, as SimGrid applies them before
 * updating the actions), then the activity events. The activities due are all taken before any
 * of them ends, as SimGrid's models update their actions before the engine handles the finished
 * ones: their callbacks and the actors they wake go in that order (cpu, then network, then
 * disk), and what a callback starts that is due at once ends at the next step, at the same date.
 * One that a callback canceled or scheduled again meanwhile is skipped. Returns false if no
 * event is pending. */
static bool advance_clock(void)
{
    struct sim__engine *e = &sim__engine;
    struct sim__heap_entry *top;
    double date;
    int ndue;

    if (!next_date(&date))
        return false;
    if (date > e->now)
        e->now = date;
    e->steps++;
    SIM_LOG(log_engine, SIM_LOG_DEBUG, "clock advances to %.9f", e->now);
    while ((top = sim__heap_top(&e->events)) != NULL && top->date <= e->now)
        sim__profile_fire((struct sim__res_event *)top);
    ndue = take_due();
    for (int i = 0; i < ndue; i++) {
        struct sim_activity *act = e->due[i];

        if (act->state == SIM_ACTIVITY_RUNNING && act->ev.index < 0)
            sim__activity_fire(act);
        sim_activity_unref(act);
    }
    return true;
}

/* True when an end date is set and the next event comes after it: the clock moves to it. */
static bool past_end_date(void)
{
    struct sim__engine *e = &sim__engine;
    double date;

    if (e->end_date <= 0 || !next_date(&date) || date <= e->end_date)
        return false;
    e->now = e->end_date;
    return true;
}

int sim_engine_run(void)
{
    for (;;) {
        sim__actors_run_ready();
        if (sim__actors_live() == 0)
            return 0;
        if (sim__engine.progress_fn)
            sim__engine.progress_fn(sim__engine.progress_arg);
        reshare();
        if (past_end_date())
            return SIM_ENGINE_END_DATE;
        if (!advance_clock()) {
            SIM_LOG(log_engine, SIM_LOG_VERBOSE, "deadlock: %d actors blocked, nothing in flight",
                    sim__actors_live());
            if (sim__engine.deadlock_fn)
                sim__engine.deadlock_fn(sim__engine.deadlock_arg);
            return SIM_ENGINE_DEADLOCK;
        }
    }
}

void sim_engine_shutdown(void)
{
    struct sim__engine *e = &sim__engine;

    if (!e->running)
        return;
    sim__actors_free_all();
    sim__ctx_shutdown();
    sim__energy_free();
    sim__resources_free();
    sim_lmm_system_free(e->lmm);
    for (int m = 0; m < SIM__NMODELS; m++)
        sim__heap_free(&e->heaps[m]);
    free(e->due);
    free(e->new_sleeps);
    sim__heap_free(&e->events);
    sim__activity_pool_free();
    sim_platform_free(e->platform);
    sim__network_free();
    sim__msg_shutdown();
    sim__loader_free();
    sim_config_free(&e->cfg);
    memset(e, 0, sizeof(*e));
}

double sim_now(void)
{
    return sim__engine.now;
}

uint64_t sim_engine_steps(void)
{
    return sim__engine.steps;
}

const struct sim_config *sim_engine_config(void)
{
    return &sim__engine.cfg;
}

struct sim_platform *sim_engine_platform(void)
{
    return sim__engine.platform;
}

void sim_engine_set_deadlock_hook(sim_deadlock_fn *fn, void *arg)
{
    sim__engine.deadlock_fn = fn;
    sim__engine.deadlock_arg = arg;
}

void sim_engine_set_end_date(double date)
{
    sim__engine.end_date = date;
}

void sim_engine_set_progress_hook(sim_progress_fn *fn, void *arg)
{
    sim__engine.progress_fn = fn;
    sim__engine.progress_arg = arg;
}

uint64_t sim_engine_actor_runs(void)
{
    return sim__engine.actor_runs;
}

void sim_engine_set_resume_hook(sim_resume_fn *fn, void *arg)
{
    sim__engine.resume_fn = fn;
    sim__engine.resume_arg = arg;
}

bool sim_time_eq(double a, double b)
{
    return fabs(a - b) < sim__engine.cfg.precision_timing;
}

bool sim_time_lt(double a, double b)
{
    return a < b && !sim_time_eq(a, b);
}
