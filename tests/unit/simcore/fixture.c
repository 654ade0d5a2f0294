/* fixture: the engine and actor helpers of the profile and energy tests (fixture.h). */
#include <criterion/criterion.h>
#include <string.h>

#include "tests/unit/simcore/fixture.h"

void fx_start(const char *xml, enum sim_net_model model, const enum sim_plugin *plugins,
              int nplugins)
{
    struct sim_config cfg;

    sim_config_defaults(&cfg, model);
    cfg.nplugins = nplugins;
    for (int i = 0; i < nplugins; i++)
        cfg.plugins[i] = plugins[i];
    sim_engine_init(&cfg, sim_platform_load_string(xml, "test.xml"));
    sim_factor_table_free(&cfg.lat_factor);
    sim_factor_table_free(&cfg.bw_factor);
}

struct sim_host *fx_host(const char *name)
{
    return sim_platform_host_by_name(sim_engine_platform(), name);
}

struct sim_link *fx_link(const char *name)
{
    return sim_platform_link_by_name(sim_engine_platform(), name);
}

static void run_step(void *arg)
{
    struct fx_step *s = arg;
    struct sim_host *h = sim_actor_host(sim_actor_self());

    if (s->delay > 0)
        sim_sleep(s->delay);
    if (s->pstate >= 0)
        sim_host_set_pstate(h, s->pstate);
    if (s->flops > 0)
        sim_execute(s->flops);
    s->end = sim_now();
    if (sim_host_has_wattage(h))
        s->energy = sim_host_consumed_energy(h);
}

void fx_actor(const char *host, struct fx_step *step)
{
    sim_actor_create("step", fx_host(host), run_step, step);
}

static void run_flow(void *arg)
{
    struct fx_flow *f = arg;
    struct sim_activity *act;

    if (f->delay > 0)
        sim_sleep(f->delay);
    act = sim_comm_start(fx_host(f->src), fx_host(f->dst), f->bytes, -1);
    sim_activity_wait(act);
    f->end = sim_now();
    sim_activity_unref(act);
}

void fx_send(struct fx_flow *flow)
{
    sim_actor_create("flow", fx_host(flow->src), run_flow, flow);
}
