/* Rerun tests: two complete simulations in one process. sim_engine_shutdown must return the
 * kernel to the state of a fresh process (actors, clock, counters, hooks, contexts, plugins, the
 * platform loader's settings), so that the second run gives exactly what the first gave. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "simcore/simcore.h"
#include "tests/unit/child_exit.h"

/* Two hosts and a link whose bandwidth halves at t=0.02 (link_bw.profile, found along the lookup
 * path), with the energy plugins' properties and a <config> the config hook sees. Host a talks
 * to itself through the network model's loopback (Full zone, no route a -> a). */
static const char rerun_xml[] =
    "<?xml version='1.0'?>\n"
    "<platform version=\"4.1\">\n"
    "<config><prop id=\"rerun/answer\" value=\"42\"/></config>\n"
    "<zone id=\"z\" routing=\"Full\">\n"
    "<host id=\"a\" speed=\"1Gf\"><prop id=\"wattage_per_state\" value=\"100:120:200\"/></host>\n"
    "<host id=\"b\" speed=\"1Gf\" core=\"2\">"
    "<prop id=\"wattage_per_state\" value=\"90:100:150\"/></host>\n"
    "<link id=\"l\" bandwidth=\"100MBps\" latency=\"10ms\" bandwidth_file=\"link_bw.profile\">"
    "<prop id=\"wattage_range\" value=\"10:30\"/></link>\n"
    "<route src=\"a\" dst=\"b\"><link_ctn id=\"l\"/></route>\n"
    "</zone>\n"
    "</platform>\n";

#define ROUNDS 2

/* What a run leaves: every event with its date (%.17g: exact) and actor, and the counters. */
struct outcome {
    char log[4096];
    double first_arrival;
    double end;
    unsigned long long steps;
    unsigned long long runs;
    double energy_a;
    double energy_b;
    double energy_l;
};

/* What the hooks saw. */
struct hook_counts {
    int config;
    int usage;
    double usage_sum;
    int progress;
    int resume;
};

static struct outcome *out;
static struct hook_counts hooks;

static void note(const char *what)
{
    struct sim_actor *self = sim_actor_self();
    size_t len = strlen(out->log);

    snprintf(out->log + len, sizeof(out->log) - len, "%.17g %d %s %s\n", sim_now(),
             sim_actor_pid(self), sim_actor_name(self), what);
}

/* A one-slot mailbox: a message is a size; the receiver blocks until one is there. */
struct mailbox {
    double bytes;
    struct sim_actor *waiter;
};

static struct mailbox to_pong;
static struct mailbox to_ping;

static void post(struct mailbox *m, struct sim_host *src, struct sim_host *dst, double bytes)
{
    struct sim_activity *act = sim_comm_start(src, dst, bytes, -1);

    sim_activity_wait(act);
    sim_activity_unref(act);
    m->bytes = bytes;
    if (m->waiter)
        sim_actor_wake(m->waiter);
}

static double fetch(struct mailbox *m)
{
    double bytes;

    while (m->bytes == 0) {
        m->waiter = sim_actor_self();
        sim_actor_block("mailbox");
        m->waiter = NULL;
    }
    bytes = m->bytes;
    m->bytes = 0;
    return bytes;
}

static struct sim_host *host(const char *name)
{
    return sim_platform_host_by_name(sim_engine_platform(), name);
}

static void napper(void *arg)
{
    (void)arg;
    sim_sleep(0.5);
    note("napped");
}

static void ping(void *arg)
{
    (void)arg;
    note("start");
    for (int i = 0; i < ROUNDS; i++) {
        post(&to_pong, host("a"), host("b"), 5e5 * (i + 1));
        note("sent");
        fetch(&to_ping);
        note("got reply");
    }
}

static void pong(void *arg)
{
    (void)arg;
    for (int i = 0; i < ROUNDS; i++) {
        fetch(&to_pong);
        if (i == 0) {
            out->first_arrival = sim_now();
            sim_actor_set_autofree(sim_actor_create("napper", host("b"), napper, NULL));
        }
        note("got message");
        sim_execute(1e8);
        post(&to_ping, host("b"), host("a"), 1e5);
        note("replied");
    }
}

static void self_send(void *arg)
{
    struct sim_activity *act = sim_comm_start(host("a"), host("a"), 5e8, -1);

    (void)arg;
    sim_activity_wait(act);
    sim_activity_unref(act);
    note("loopback done");
}

static void on_config(void *arg, const char *key, const char *value, const char *file, int line)
{
    (void)arg;
    (void)file;
    (void)line;
    if (strcmp(key, "rerun/answer") == 0 && strcmp(value, "42") == 0)
        hooks.config++;
}

static void on_usage(void *arg, const struct sim_host *h, const struct sim_link *l, int category,
                     double value, double since)
{
    (void)arg;
    (void)h;
    (void)l;
    (void)category;
    (void)since;
    hooks.usage++;
    hooks.usage_sum += value;
}

static void on_progress(void *arg)
{
    (void)arg;
    hooks.progress++;
}

static void on_resume(struct sim_actor *a, void *arg)
{
    (void)a;
    (void)arg;
    hooks.resume++;
}

/* Loads the platform along the lookup path, with the config hook, and starts the engine under
 * the raw model with both energy plugins, its actors on contexts of `factory`. */
static void start(bool with_hooks, enum sim_ctx_factory factory)
{
    struct sim_config cfg;

    sim_config_defaults(&cfg, SIM_NET_RAW);
    cfg.ctx_factory = factory;
    cfg.nplugins = 2;
    cfg.plugins[0] = SIM_PLUGIN_HOST_ENERGY;
    cfg.plugins[1] = SIM_PLUGIN_LINK_ENERGY;
    sim_platform_add_path(SRCDIR "/tests/unit/simcore");
    if (with_hooks)
        sim_platform_set_config_hook(on_config, NULL);
    sim_engine_init(&cfg, sim_platform_load_string(rerun_xml, "rerun.xml"));
    sim_config_free(&cfg);
    if (with_hooks) {
        sim_engine_set_usage_hook(on_usage, NULL);
        sim_engine_set_progress_hook(on_progress, NULL);
        sim_engine_set_resume_hook(on_resume, NULL);
    }
}

/* One complete simulation: platform, actors, run, energy, shutdown. */
static void simulate(struct outcome *o, bool with_hooks, enum sim_ctx_factory factory)
{
    memset(o, 0, sizeof(*o));
    out = o;
    start(with_hooks, factory);
    sim_actor_create("ping", host("a"), ping, NULL);
    sim_actor_create("pong", host("b"), pong, NULL);
    sim_actor_create("self", host("a"), self_send, NULL);
    cr_assert_eq(sim_engine_run(), 0);
    o->end = sim_now();
    o->steps = sim_engine_steps();
    o->runs = sim_engine_actor_runs();
    o->energy_a = sim_host_consumed_energy(host("a"));
    o->energy_b = sim_host_consumed_energy(host("b"));
    o->energy_l = sim_link_consumed_energy(sim_platform_link_by_name(sim_engine_platform(), "l"));
    sim_engine_shutdown();
}

/* What a fresh process shows: no engine, no actor, no date, no counter, no plugin. */
static void assert_fresh(void)
{
    cr_assert_eq(sim_now(), 0.0);
    cr_assert_eq(sim_engine_steps(), 0);
    cr_assert_eq(sim_engine_actor_runs(), 0);
    cr_assert_null(sim_actor_self());
    cr_assert_null(sim_engine_platform());
    cr_assert(!sim_host_energy_is_on());
    cr_assert(!sim_link_energy_is_on());
}

Test(rerun, second_simulation_repeats_the_first_exactly)
{
    /* Raw model, link l of 1e8 B/s and 10 ms: ping's first message, 5e5 bytes from t=0, arrives
     * at 0.01 + 5e5 / 1e8 = 0.015 s, before the bandwidth halves at 0.02. The rest (replies
     * after 0.1 s of computation, the halved bandwidth, the loopback transfer of 5e8 bytes at
     * 1e10 B/s, the autofree napper) is whatever the first run computes: the second run, after
     * sim_engine_shutdown, must log the same events at the same dates with the same pids
     * (starting again at 1), end at the same date after as many steps and resumptions, count
     * the same joules, and its hooks must see exactly what the first run's saw. */
    struct outcome first;
    struct outcome second;
    struct hook_counts first_hooks;

    assert_fresh();
    simulate(&first, true, SIM_CTX_RAW);
    first_hooks = hooks;
    assert_fresh();
    memset(&hooks, 0, sizeof(hooks));
    simulate(&second, true, SIM_CTX_RAW);
    assert_fresh();

    cr_assert_float_eq(first.first_arrival, 0.015, 1e-12);
    cr_assert(strncmp(first.log, "0 1 ping start\n", 15) == 0, "first run:\n%s", first.log);
    cr_assert_str_eq(second.log, first.log);
    cr_assert(second.first_arrival == first.first_arrival);
    cr_assert(second.end == first.end, "%.17g then %.17g", first.end, second.end);
    cr_assert_eq(second.steps, first.steps);
    cr_assert_eq(second.runs, first.runs);
    cr_assert(second.energy_a == first.energy_a);
    cr_assert(second.energy_b == first.energy_b);
    cr_assert(second.energy_l == first.energy_l);
    cr_assert_eq(first_hooks.config, 1);
    cr_assert_gt(first_hooks.usage, 0);
    cr_assert_eq(hooks.config, first_hooks.config);
    cr_assert_eq(hooks.usage, first_hooks.usage);
    cr_assert(hooks.usage_sum == first_hooks.usage_sum);
    cr_assert_eq(hooks.progress, first_hooks.progress);
    cr_assert_eq(hooks.resume, first_hooks.resume);
    cr_assert_eq((unsigned long long)hooks.resume, first.runs);
}

static void load_without_path(const void *arg)
{
    (void)arg;
    sim_platform_free(sim_platform_load_string(rerun_xml, "rerun.xml"));
}

Test(rerun, shutdown_forgets_the_hooks_and_the_lookup_path)
{
    /* A run with every hook set, then a run that sets none: its hooks must not be called (the
     * counters stay where the first run left them) though it computes the same dates. After
     * that shutdown the lookup path is empty again: the platform's link_bw.profile is no
     * longer found. */
    struct outcome with;
    struct outcome without;
    struct hook_counts after_first;

    simulate(&with, true, SIM_CTX_RAW);
    after_first = hooks;
    simulate(&without, false, SIM_CTX_RAW);
    cr_assert_str_eq(without.log, with.log);
    cr_assert(without.end == with.end);
    cr_assert_eq(hooks.config, after_first.config);
    cr_assert_eq(hooks.usage, after_first.usage);
    cr_assert_eq(hooks.progress, after_first.progress);
    cr_assert_eq(hooks.resume, after_first.resume);
    expect_exit_1(load_without_path, NULL, "cannot open profile 'link_bw.profile'");
}

Test(rerun, runs_on_each_context_factory_in_turn_agree)
{
    /* The same simulation on raw, ucontext, thread, then raw contexts again, one after the
     * other in one process: each shutdown releases maestro, the stacks and the guard registry,
     * and each run logs the same events at the same dates as the first (the factory changes how
     * actors switch, never the order the engine runs them in). */
    static const enum sim_ctx_factory order[] = { SIM_CTX_RAW, SIM_CTX_UCONTEXT, SIM_CTX_THREAD,
                                                  SIM_CTX_RAW };
    struct outcome first;
    struct outcome next;

    simulate(&first, false, order[0]);
    for (size_t i = 1; i < sizeof(order) / sizeof(order[0]); i++) {
        simulate(&next, false, order[i]);
        assert_fresh();
        cr_assert_str_eq(next.log, first.log, "factory %d", (int)order[i]);
        cr_assert(next.end == first.end);
        cr_assert_eq(next.steps, first.steps);
        cr_assert(next.energy_l == first.energy_l);
    }
}
