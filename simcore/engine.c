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
static bool engine_running;

static double engine_now(void)
{
    return sim__engine.now;
}

static const char *engine_actor_name(void)
{
    return sim__engine.current ? sim__engine.current->name : NULL;
}

void sim_engine_init(const struct sim_config *cfg, struct sim_platform *platform)
{
    struct sim__engine *e = &sim__engine;

    sim_assert(!engine_running, "sim_engine_init called twice");
    memset(e, 0, sizeof(*e));
    sim_config_copy(&e->cfg, cfg);
    e->platform = platform;
    e->lmm = sim_lmm_system_new(cfg->selective_update, cfg->precision_work);
    sim__heap_init(&e->heap);
    sim_context_init(cfg->ctx_factory, cfg->stack_size, cfg->guard_size);
    e->maestro = sim_context_maestro();
    sim__network_init();
    engine_running = true;
    sim__log_set_context(engine_now, engine_actor_name);
}

/* Solves the sharing problem and reschedules every activity whose rate may have changed. */
static void reshare(void)
{
    struct sim_activity *act;

    sim_lmm_solve(sim__engine.lmm);
    while ((act = sim_lmm_pop_modified(sim__engine.lmm)) != NULL)
        sim__activity_reshare(act);
}

/* Fires every event due at the date of the earliest one. Returns false if none is pending. */
static bool advance_clock(void)
{
    struct sim__engine *e = &sim__engine;
    struct sim__heap_entry *top = sim__heap_top(&e->heap);
    double date;

    if (!top)
        return false;
    date = top->date;
    if (date > e->now)
        e->now = date;
    e->steps++;
    SIM_LOG(log_engine, SIM_LOG_DEBUG, "clock advances to %.9f", e->now);
    while ((top = sim__heap_top(&e->heap)) != NULL &&
           top->date <= e->now + e->cfg.precision_timing) {
        struct sim_activity *act = (struct sim_activity *)((char *)top -
                                                           offsetof(struct sim_activity, ev));

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

    if (!engine_running)
        return;
    sim__actors_free_all();
    sim_lmm_system_free(e->lmm);
    sim__heap_free(&e->heap);
    sim_platform_free(e->platform);
    sim__msg_shutdown();
    sim_config_free(&e->cfg);
    sim__log_set_context(NULL, NULL);
    memset(e, 0, sizeof(*e));
    engine_running = false;
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
