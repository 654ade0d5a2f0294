/* Engine tests: exact completion dates of communications, executions and sleeps under the
 * network models, sharing with reallocation, and the deterministic order of ties. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "simcore/simcore.h"

static const char two_hosts_xml[] =
    "<?xml version='1.0'?>\n"
    "<platform version=\"4.1\">\n"
    "  <zone id=\"z\" routing=\"Full\">\n"
    "    <host id=\"a\" speed=\"1Gf\"/>\n"
    "    <host id=\"b\" speed=\"2Gf\" core=\"2\"/>\n"
    "    <link id=\"l\" bandwidth=\"100MBps\" latency=\"10ms\" sharing_policy=\"SHARED\"/>\n"
    "    <route src=\"a\" dst=\"b\"><link_ctn id=\"l\"/></route>\n"
    "  </zone>\n"
    "</platform>\n";

static char event_log[4096];

static void log_event(const char *what)
{
    char line[128];

    snprintf(line, sizeof(line), "%.9f %s\n", sim_now(), what);
    strncat(event_log, line, sizeof(event_log) - strlen(event_log) - 1);
}

static void start_engine(enum sim_net_model model, const char *xml)
{
    struct sim_config cfg;

    event_log[0] = '\0';
    sim_config_defaults(&cfg, model);
    sim_engine_init(&cfg, sim_platform_load_string(xml, "test.xml"));
    sim_factor_table_free(&cfg.lat_factor);
    sim_factor_table_free(&cfg.bw_factor);
}

static struct sim_host *host(const char *name)
{
    return sim_platform_host_by_name(sim_engine_platform(), name);
}

struct comm_arg {
    double bytes;
    double end;
};

static void send_one(void *arg)
{
    struct comm_arg *c = arg;
    struct sim_activity *act = sim_comm_start(host("a"), host("b"), c->bytes, -1);

    sim_activity_wait(act);
    c->end = sim_now();
    sim_activity_unref(act);
}

Test(engine, comm_on_idle_route_takes_latency_plus_size_over_bandwidth)
{
    /* raw model, one link of 10 ms and 1e8 B/s: 5e6 bytes end at 0.01 + 0.05 = 0.06 s. */
    struct comm_arg c = { 5e6, -1 };

    start_engine(SIM_NET_RAW, two_hosts_xml);
    sim_actor_create("sender", host("a"), send_one, &c);
    cr_assert_eq(sim_engine_run(), 0);
    cr_assert_float_eq(c.end, 0.06, 1e-12);
    sim_engine_shutdown();
}

Test(engine, two_comms_share_a_link_and_the_survivor_speeds_up)
{
    /* raw model, 1e7 and 3e7 bytes on the 1e8 B/s link after a 10 ms latency: both at 5e7 B/s
     * until the small one ends at 0.01 + 0.2 = 0.21 s; the big one then has 2e7 bytes left at
     * 1e8 B/s and ends at 0.41 s (oracle O16 shifted by the latency). */
    struct comm_arg small = { 1e7, -1 };
    struct comm_arg big = { 3e7, -1 };

    start_engine(SIM_NET_RAW, two_hosts_xml);
    sim_actor_create("small", host("a"), send_one, &small);
    sim_actor_create("big", host("a"), send_one, &big);
    cr_assert_eq(sim_engine_run(), 0);
    cr_assert_float_eq(small.end, 0.21, 1e-12);
    cr_assert_float_eq(big.end, 0.41, 1e-12);
    sim_engine_shutdown();
}

Test(engine, smpi_model_applies_size_factors)
{
    /* SMPI model, 100000 bytes (> 65472): latency 0.01 * 11.6436, rate 1e8 * 0.940694 shared
     * with the 5% crosstraffic of the reverse route, which is the same full-duplex-less link
     * (weight 1.05 on it); the TCP window bound 4194304 / 0.02 = 2.1e8 B/s does not bind.
     * SimGrid 3.32 gives 0.117552197191 for this scenario. */
    struct comm_arg c = { 100000, -1 };
    double expected = 0.01 * 11.6436 + 100000 * 1.05 / (1e8 * 0.940694);

    start_engine(SIM_NET_SMPI, two_hosts_xml);
    sim_actor_create("sender", host("a"), send_one, &c);
    cr_assert_eq(sim_engine_run(), 0);
    cr_assert_float_eq(c.end, expected, 1e-12);
    sim_engine_shutdown();
}

Test(engine, lv08_model_applies_constant_factors_and_tcp_window)
{
    /* LV08, 1e6 bytes: latency 0.01 * 13.01; the TCP window bounds the flow to
     * 4194304 / (2 * 0.01) = 209715200 B/s > 1e8, so the link binds: rate 1e8 * 0.97 / 1.05
     * with the crosstraffic of the reverse route on the same link. SimGrid 3.32: 0.140924742268. */
    struct comm_arg c = { 1e6, -1 };
    double expected = 0.01 * 13.01 + 1e6 * 1.05 / (1e8 * 0.97);

    start_engine(SIM_NET_LV08, two_hosts_xml);
    sim_actor_create("sender", host("a"), send_one, &c);
    cr_assert_eq(sim_engine_run(), 0);
    cr_assert_float_eq(c.end, expected, 1e-12);
    sim_engine_shutdown();
}

Test(engine, cm02_model_adds_crosstraffic_on_a_shared_link)
{
    /* CM02 (factors 1, no weight-S), 5e6 bytes: the reverse route is the same SHARED link, so
     * the flow weighs 1.05 on it: 0.01 + 5e6 * 1.05 / 1e8 = 0.0625 s, as SimGrid 3.32 gives. */
    struct comm_arg c = { 5e6, -1 };

    start_engine(SIM_NET_CM02, two_hosts_xml);
    sim_actor_create("sender", host("a"), send_one, &c);
    cr_assert_eq(sim_engine_run(), 0);
    cr_assert_float_eq(c.end, 0.0625, 1e-12);
    sim_engine_shutdown();
}

Test(engine, constant_model_takes_one_second)
{
    /* Constant model: every communication lasts latency-factor = 1 s, whatever its size. */
    struct comm_arg c = { 123456789, -1 };

    start_engine(SIM_NET_CONSTANT, two_hosts_xml);
    sim_actor_create("sender", host("a"), send_one, &c);
    cr_assert_eq(sim_engine_run(), 0);
    cr_assert_float_eq(c.end, 1.0, 1e-12);
    sim_engine_shutdown();
}

struct exec_arg {
    const char *host;
    double flops;
    double end;
};

static void exec_one(void *arg)
{
    struct exec_arg *x = arg;

    sim_execute(x->flops);
    x->end = sim_now();
}

Test(engine, exec_takes_flops_over_speed)
{
    /* 3e9 flops on host a (1 Gf) end at 3 s; on host b (2 Gf, 2 cores) two executions of 4e9
     * flops run on one core each and both end at 2 s. */
    struct exec_arg x = { "a", 3e9, -1 };
    struct exec_arg y1 = { "b", 4e9, -1 };
    struct exec_arg y2 = { "b", 4e9, -1 };

    start_engine(SIM_NET_RAW, two_hosts_xml);
    sim_actor_create("x", host("a"), exec_one, &x);
    sim_actor_create("y1", host("b"), exec_one, &y1);
    sim_actor_create("y2", host("b"), exec_one, &y2);
    cr_assert_eq(sim_engine_run(), 0);
    cr_assert_float_eq(x.end, 3.0, 1e-12);
    cr_assert_float_eq(y1.end, 2.0, 1e-12);
    cr_assert_float_eq(y2.end, 2.0, 1e-12);
    sim_engine_shutdown();
}

Test(engine, execs_beyond_the_core_count_share_the_cpu)
{
    /* Three executions of 1e9 flops on host a (1 core, 1 Gf) share it: each gets 1/3 and all
     * end at 3 s. */
    struct exec_arg x[3] = { { "a", 1e9, -1 }, { "a", 1e9, -1 }, { "a", 1e9, -1 } };

    start_engine(SIM_NET_RAW, two_hosts_xml);
    for (int i = 0; i < 3; i++)
        sim_actor_create("x", host("a"), exec_one, &x[i]);
    cr_assert_eq(sim_engine_run(), 0);
    for (int i = 0; i < 3; i++)
        cr_assert_float_eq(x[i].end, 3.0, 1e-12);
    sim_engine_shutdown();
}

static const char disk_xml[] = "<?xml version='1.0'?>\n"
                               "<platform version=\"4.1\">\n"
                               "  <zone id=\"z\" routing=\"Full\">\n"
                               "    <host id=\"a\" speed=\"1Gf\">\n"
                               "      <disk id=\"d\" read_bw=\"100MBps\" write_bw=\"40MBps\"/>\n"
                               "    </host>\n"
                               "  </zone>\n"
                               "</platform>\n";

struct io_arg {
    double bytes;
    bool write;
    double end;
};

static void io_one(void *arg)
{
    struct io_arg *x = arg;
    struct sim_activity *act = sim_io_start(sim_host_disk(host("a"), 0), x->bytes, x->write);

    sim_activity_wait(act);
    x->end = sim_now();
    sim_activity_unref(act);
}

Test(engine, disk_accesses_share_the_disk_as_simgrid_s19)
{
    /* Disk of 100 MB/s read, 40 MB/s write, max(100, 40) in all. Two writes of 4 MB share the
     * 40 MB/s: 0.2 s each. A read beside a write: the write keeps 40 MB/s, the read gets the
     * remaining 60 of the common 100 (ends at 4e6 / 60e6), then the write ends at 0.1 s. */
    struct io_arg w[2] = { { 4e6, true, -1 }, { 4e6, true, -1 } };
    struct io_arg r = { 4e6, false, -1 };
    struct io_arg w1 = { 4e6, true, -1 };

    start_engine(SIM_NET_RAW, disk_xml);
    sim_actor_create("w0", host("a"), io_one, &w[0]);
    sim_actor_create("w1", host("a"), io_one, &w[1]);
    cr_assert_eq(sim_engine_run(), 0);
    cr_assert_float_eq(w[0].end, 0.2, 1e-12);
    cr_assert_float_eq(w[1].end, 0.2, 1e-12);
    sim_engine_shutdown();

    start_engine(SIM_NET_RAW, disk_xml);
    sim_actor_create("r", host("a"), io_one, &r);
    sim_actor_create("w", host("a"), io_one, &w1);
    cr_assert_eq(sim_engine_run(), 0);
    cr_assert_float_eq(r.end, 4e6 / 60e6, 1e-12);
    cr_assert_float_eq(w1.end, 0.1, 1e-12);
    sim_engine_shutdown();
}

static void sleeper(void *arg)
{
    sim_sleep(1.5);
    log_event(arg);
    sim_actor_yield();
    log_event(arg);
}

Test(engine, ties_wake_actors_in_smpi_order)
{
    /* Four actors sleep until the same date 1.5 s: they wake from the last to start its sleep
     * (SMPI's order: SimGrid's cpu model pushes a new sleep to the front of its modified set),
     * then run again after a yield in the order they woke. */
    const char *names[] = { "w0", "w1", "w2", "w3" };

    start_engine(SIM_NET_RAW, two_hosts_xml);
    for (int i = 0; i < 4; i++)
        sim_actor_create(names[i], host("a"), sleeper, (void *)names[i]);
    cr_assert_eq(sim_engine_run(), 0);
    cr_assert_str_eq(event_log, "1.500000000 w3\n1.500000000 w2\n1.500000000 w1\n"
                                "1.500000000 w0\n1.500000000 w3\n1.500000000 w2\n"
                                "1.500000000 w1\n1.500000000 w0\n");
    sim_engine_shutdown();
}

static void sleep_then_log(void *arg)
{
    sim_sleep(1.5);
    log_event(arg);
}

Test(engine, end_date_stops_the_run_with_the_clock_at_that_date)
{
    /* An end date before the sleep's end stops the run there, the actor still asleep; one
     * after it lets the run end normally, the date changing nothing. */
    start_engine(SIM_NET_RAW, two_hosts_xml);
    sim_engine_set_end_date(1.0);
    sim_actor_create("s", host("a"), sleep_then_log, "s");
    cr_assert_eq(sim_engine_run(), SIM_ENGINE_END_DATE);
    cr_assert_eq(sim_now(), 1.0);
    cr_assert_str_eq(event_log, "");
    sim_engine_shutdown();

    start_engine(SIM_NET_RAW, two_hosts_xml);
    sim_engine_set_end_date(2.0);
    sim_actor_create("s", host("a"), sleep_then_log, "s");
    cr_assert_eq(sim_engine_run(), 0);
    cr_assert_str_eq(event_log, "1.500000000 s\n");
    sim_engine_shutdown();
}

static void mixed(void *arg)
{
    struct sim_activity *acts[2];
    char what[64];
    int first;

    acts[0] = sim_comm_start(host("a"), host("b"), 2e6 * (1 + (arg != NULL)), -1);
    acts[1] = sim_sleep_start(0.025);
    first = sim_activity_wait_any(acts, 2);
    snprintf(what, sizeof(what), "%s first=%d", arg ? "B" : "A", first);
    log_event(what);
    sim_activity_wait(acts[0]);
    log_event(arg ? "B comm" : "A comm");
    sim_activity_unref(acts[0]);
    sim_activity_unref(acts[1]);
}

static void run_mixed(char *out, size_t n)
{
    start_engine(SIM_NET_SMPI, two_hosts_xml);
    sim_actor_create("A", host("a"), mixed, NULL);
    sim_actor_create("B", host("a"), mixed, (void *)1);
    cr_assert_eq(sim_engine_run(), 0);
    snprintf(out, n, "%s", event_log);
    sim_engine_shutdown();
}

Test(engine, same_scenario_twice_gives_identical_event_logs)
{
    /* Two actors share the link under the SMPI model while waiting for comms and sleeps with
     * wait_any; two runs in one process must print byte-identical logs. */
    char first[4096];
    char second[4096];

    run_mixed(first, sizeof(first));
    run_mixed(second, sizeof(second));
    cr_assert_str_eq(first, second);
    cr_assert(strstr(first, "A first=1") != NULL);
}

static void blocker(void *arg)
{
    sim_actor_block("forever");
}

static int deadlock_calls;

static void on_deadlock(void *arg)
{
    deadlock_calls++;
}

Test(engine, blocked_actors_with_nothing_in_flight_are_a_deadlock)
{
    /* Two actors block with no activity pending: run returns SIM_ENGINE_DEADLOCK after one
     * call of the hook. */
    start_engine(SIM_NET_RAW, two_hosts_xml);
    sim_engine_set_deadlock_hook(on_deadlock, NULL);
    sim_actor_create("x", host("a"), blocker, NULL);
    sim_actor_create("y", host("b"), blocker, NULL);
    cr_assert_eq(sim_engine_run(), SIM_ENGINE_DEADLOCK);
    cr_assert_eq(deadlock_calls, 1);
    sim_engine_shutdown();
}

/* What an actor and a completion callback read through sim_actor_self and
 * sim_actor_self_data (kept by the engine in sim__running, read inline). */
struct self_seen {
    int tag[2];
    bool data_is_tag[2];      /* sim_actor_self_data() was the actor's data */
    bool self_is_actor[2];    /* sim_actor_self() was the actor */
    bool new_data_seen;       /* after sim_actor_set_data on itself */
    bool callback_in_maestro; /* both NULL in a completion callback */
    struct sim_actor *actor[2];
};

static struct self_seen self_seen;

static void self_done(struct sim_activity *act, void *arg)
{
    (void)act;
    (void)arg;
    self_seen.callback_in_maestro = sim_actor_self() == NULL && sim_actor_self_data() == NULL;
}

static void read_self(void *arg)
{
    int *tag = arg;
    int i = tag == &self_seen.tag[0] ? 0 : 1;
    struct sim_activity *act = sim_sleep_start(1.0);

    sim_activity_on_done(act, self_done, NULL);
    sim_activity_wait(act); /* the other actor runs in between */
    sim_activity_unref(act);
    self_seen.data_is_tag[i] = sim_actor_self_data() == tag;
    self_seen.self_is_actor[i] = sim_actor_self() == self_seen.actor[i];
    if (i == 1) {
        sim_actor_set_data(sim_actor_self(), &self_seen.tag[0]);
        self_seen.new_data_seen = sim_actor_self_data() == &self_seen.tag[0];
    }
}

Test(engine, an_actor_reads_itself_and_its_data_and_maestro_reads_null)
{
    self_seen = (struct self_seen){ 0 };
    start_engine(SIM_NET_RAW, two_hosts_xml);
    self_seen.actor[0] = sim_actor_create("x", host("a"), read_self, &self_seen.tag[0]);
    self_seen.actor[1] = sim_actor_create("y", host("b"), read_self, &self_seen.tag[1]);
    sim_actor_set_data(self_seen.actor[0], &self_seen.tag[0]);
    sim_actor_set_data(self_seen.actor[1], &self_seen.tag[1]);
    cr_assert_null(sim_actor_self_data(), "no actor runs before the engine");
    cr_assert_eq(sim_engine_run(), 0);
    cr_assert(self_seen.data_is_tag[0] && self_seen.data_is_tag[1]);
    cr_assert(self_seen.self_is_actor[0] && self_seen.self_is_actor[1]);
    cr_assert(self_seen.new_data_seen, "sim_actor_set_data on the running actor is read at once");
    cr_assert(self_seen.callback_in_maestro);
    cr_assert_null(sim_actor_self());
    cr_assert_null(sim_actor_self_data());
    sim_engine_shutdown();
}

struct progress_seen {
    int calls;
    double last_now;
    uint64_t runs;
};

static void count_steps(void *arg)
{
    struct progress_seen *s = arg;

    s->calls++;
    s->last_now = sim_now();
    s->runs = sim_engine_actor_runs();
}

static void sleep_three_times(void *arg)
{
    for (int i = 0; i < 3; i++)
        sim_sleep(1.0);
}

Test(engine, progress_hook_runs_once_per_step_until_removed)
{
    /* One actor sleeps 1 s three times: the engine steps at t = 0, 1 and 2 with the actor
     * blocked (after it ran 1, 2 and 3 times), then at t = 3 the actor ends and the run stops
     * before a fourth step. So the hook sees 3 calls, last at t = 2 after 3 resumptions; once
     * removed it is not called. */
    struct progress_seen seen = { 0 };

    start_engine(SIM_NET_RAW, two_hosts_xml);
    sim_actor_create("sleeper", host("a"), sleep_three_times, NULL);
    sim_engine_set_progress_hook(count_steps, &seen);
    cr_assert_eq(sim_engine_run(), 0);
    cr_assert_eq(seen.calls, 3);
    cr_assert(fabs(seen.last_now - 2.0) < 1e-12);
    cr_assert_eq(seen.runs, 3);
    cr_assert_eq(sim_engine_actor_runs(), 4);
    sim_engine_shutdown();

    start_engine(SIM_NET_RAW, two_hosts_xml);
    sim_actor_create("sleeper", host("a"), sleep_three_times, NULL);
    sim_engine_set_progress_hook(count_steps, &seen);
    sim_engine_set_progress_hook(NULL, NULL);
    cr_assert_eq(sim_engine_run(), 0);
    cr_assert_eq(seen.calls, 3);
    sim_engine_shutdown();
}

/* ---- the resource-usage hook (sim_engine_set_usage_hook) ---- */

static char usage_log[1024];

static void log_usage(void *arg, const struct sim_host *h, const struct sim_link *l, int category,
                      double value, double since)
{
    char line[128];

    (void)arg;
    snprintf(line, sizeof(line), "%s %g %.9f-%.9f category %d\n",
             h ? sim_host_name(h) : sim_link_name(l), value, since, sim_now(), category);
    strncat(usage_log, line, sizeof(usage_log) - strlen(usage_log) - 1);
}

static void exec_gflop(void *arg)
{
    struct sim_activity *act = sim_exec_start(sim_actor_host(sim_actor_self()), 1e9);

    (void)arg;
    sim_activity_set_category(act, 7);
    sim_activity_wait(act);
    sim_activity_unref(act);
}

Test(engine, usage_hook_reports_each_share_since_its_rate_was_set)
{
    /* raw model, as two_comms_share_a_link_and_the_survivor_speeds_up: the small comm had
     * 5e7 B/s since its latency ended (0.01) when it ends at 0.21; the big one 1e8 B/s since
     * 0.21 when it ends at 0.41 (SimGrid's on_action_state_change: the last interval only).
     * 1e9 flops on a (1 Gf) end at 1 s after 1e9 flop/s since 0; that execution's category (7)
     * comes with its usage, the comms have none. */
    struct comm_arg small = { 1e7, -1 };
    struct comm_arg big = { 3e7, -1 };

    usage_log[0] = '\0';
    start_engine(SIM_NET_RAW, two_hosts_xml);
    sim_engine_set_usage_hook(log_usage, NULL);
    sim_actor_create("small", host("a"), send_one, &small);
    sim_actor_create("big", host("a"), send_one, &big);
    sim_actor_create("exec", host("a"), exec_gflop, NULL);
    cr_assert_eq(sim_engine_run(), 0);
    sim_engine_set_usage_hook(NULL, NULL);
    cr_assert_str_eq(usage_log, "l 5e+07 0.010000000-0.210000000 category 0\n"
                                "l 1e+08 0.210000000-0.410000000 category 0\n"
                                "a 1e+09 0.000000000-1.000000000 category 7\n");
    sim_engine_shutdown();
}

static void probe_horizon(void *arg)
{
    double *h = arg;

    sim_sleep(0.1);
    h[0] = sim_engine_usage_horizon();
    sim_sleep(0.15);
    h[1] = sim_engine_usage_horizon();
}

Test(engine, usage_horizon_is_the_oldest_rate_date_of_running_activities)
{
    /* the two comms of two_comms_share_a_link_and_the_survivor_speeds_up: at 0.1 s both have
     * had their rate since their latency ended (0.01 s); at 0.25 s the survivor since 0.21 s */
    struct comm_arg small = { 1e7, -1 };
    struct comm_arg big = { 3e7, -1 };
    double h[2] = { -1, -1 };

    start_engine(SIM_NET_RAW, two_hosts_xml);
    sim_actor_create("small", host("a"), send_one, &small);
    sim_actor_create("big", host("a"), send_one, &big);
    sim_actor_create("probe", host("b"), probe_horizon, h);
    cr_assert_eq(sim_engine_run(), 0);
    cr_assert_float_eq(h[0], 0.01, 1e-12);
    cr_assert_float_eq(h[1], 0.21, 1e-12);
    sim_engine_shutdown();
}
