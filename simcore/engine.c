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
    sim__heap_init(&e->heap);
    sim__heap_init(&e->events);
    sim_context_init(cfg->ctx_factory, cfg->stack_size, cfg->guard_size);
    e->maestro = sim_context_maestro();
    sim__network_init();
    sim__resources_init();
    sim__energy_host_init();
    sim__energy_link_init();
    e->running = true;
}

/* Solves the sharing problem and reschedules every activity whose rate may have changed. */
static void reshare(void)
{
    struct sim_activity *act;

    sim_lmm_solve(sim__engine.lmm);
    while ((act = sim_lmm_pop_modified(sim__engine.lmm)) != NULL)
        sim__activity_reshare(act);
}

/* The date of the next event: the earliest activity event, or an earlier profile event. Profile
 * events count only while some activity runs: with nothing in flight the run is over (or
 * deadlocked) whatever the profiles still hold, as in SimGrid's EngineImpl::solve. Returns false
 * when there is no such event. */
static bool next_date(double *date)
{
    struct sim__engine *e = &sim__engine;
    struct sim__heap_entry *act = sim__heap_top(&e->heap);
    struct sim__heap_entry *ev = sim__heap_top(&e->events);

    if (!act && (!ev || e->nrunning == 0))
        return false;
    *date = act ? act->date : ev->date;
    if (ev && ev->date < *date)
        *date = ev->date;
    return true;
}

/* Fires every event due at the date of the earliest one: first the profile events of that exact
 * date (they change capacities before completions are taken, as SimGrid applies them before
 * updating the actions), then the activity events. Returns false if none is pending. */
static bool advance_clock(void)
{
    struct sim__engine *e = &sim__engine;
    struct sim__heap_entry *top;
    double date;

    if (!next_date(&date))
        return false;
    if (date > e->now)
        e->now = date;
    e->steps++;
    SIM_LOG(log_engine, SIM_LOG_DEBUG, "clock advances to %.9f", e->now);
    while ((top = sim__heap_top(&e->events)) != NULL && top->date <= e->now)
        sim__profile_fire((struct sim__res_event *)top);
    while ((top = sim__heap_top(&e->heap)) != NULL &&
           top->date <= e->now + e->cfg.precision_timing) {
        struct sim_activity *act =
            (struct sim_activity *)((char *)top - offsetof(struct sim_activity, ev));

        sim__heap_remove(&e->heap, top);
        sim__activity_fire(act);
    }
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
    sim__heap_free(&e->heap);
    sim__heap_free(&e->events);
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
