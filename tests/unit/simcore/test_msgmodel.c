/* Per-message models (msgparse.c, msgmodel.c): parsing of network/loggp, network/loggps,
 * network/log3p and network/lmo-default, and the costs of one message under LogGP, LogGPS,
 * log3P and LMO (CPU at each end, the sender's gap, the network part of sim_comm_start). */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <math.h>
#include <string.h>

#include "simcore/simcore.h"

#define US 1e-6

static bool near(double got, double want)
{
    return fabs(got - want) <= 1e-9 * fabs(want) + 1e-18;
}

static const char lmo_xml[] =
    "<?xml version='1.0'?>\n"
    "<platform version=\"4.1\">\n"
    "  <zone id=\"z\" routing=\"Full\">\n"
    "    <host id=\"a\" speed=\"1Gf\">\n"
    "      <prop id=\"lmo/C\" value=\"10us\"/><prop id=\"lmo/t\" value=\"0.002us\"/>\n"
    "    </host>\n"
    "    <host id=\"b\" speed=\"1Gf\">\n"
    "      <prop id=\"lmo/C\" value=\"20us\"/><prop id=\"lmo/t\" value=\"0.004us\"/>\n"
    "    </host>\n"
    "    <host id=\"c\" speed=\"1Gf\"/>\n"
    "    <link id=\"l\" bandwidth=\"100MBps\" latency=\"0us\"/>\n"
    "    <route src=\"a\" dst=\"b\"><link_ctn id=\"l\"/></route>\n"
    "    <route src=\"a\" dst=\"c\"><link_ctn id=\"l\"/></route>\n"
    "    <route src=\"b\" dst=\"c\"><link_ctn id=\"l\"/></route>\n"
    "  </zone>\n"
    "</platform>\n";

static struct sim_host *host(const char *name)
{
    return sim_platform_host_by_name(sim_engine_platform(), name);
}

/* Starts the engine on lmo_xml under `model` with the given parameters. */
static void start(enum sim_net_model model, const char *loggp, const char *loggps,
                  const char *log3p, const char *lmo_default)
{
    struct sim_config cfg;
    char err[256];

    sim_config_defaults(&cfg, model);
    if (loggp)
        cr_assert_eq(sim_loggp_parse(loggp, &cfg.loggp, err, sizeof(err)), 0, "%s", err);
    if (loggps)
        cr_assert_eq(sim_loggps_parse(loggps, &cfg.loggps, err, sizeof(err)), 0, "%s", err);
    if (log3p)
        cr_assert_eq(sim_log3p_parse(log3p, &cfg.log3p, err, sizeof(err)), 0, "%s", err);
    if (lmo_default)
        cr_assert_eq(sim_lmo_default_parse(lmo_default, &cfg.lmo_default, err, sizeof(err)), 0,
                     "%s", err);
    sim_engine_init(&cfg, sim_platform_load_string(lmo_xml, "lmo.xml"));
    sim_config_free(&cfg);
}

struct comm_arg {
    const char *src;
    const char *dst;
    double bytes;
    double end;
};

static void send_one(void *arg)
{
    struct comm_arg *c = arg;
    struct sim_activity *act = sim_comm_start(host(c->src), host(c->dst), c->bytes, -1);

    sim_activity_wait(act);
    c->end = sim_now();
    sim_activity_unref(act);
}

/* The date at which sim_comm_start's part of a message of `bytes` from src to dst ends. */
static double wire(const char *src, const char *dst, double bytes)
{
    struct comm_arg c = { src, dst, bytes, -1 };

    sim_actor_create("sender", host(src), send_one, &c);
    cr_assert_eq(sim_engine_run(), 0);
    return c.end;
}

Test(msgparse, loggp_rows_are_sorted_and_take_units)
{
    /* Two rows given out of order; times and per-byte costs accept units. */
    struct sim_loggp_table t = { 0, NULL };
    char err[256];

    cr_assert_eq(sim_loggp_parse("12KiB:5us:1us:2us:0.001us;0:6e-6:1.5us:3us:2ns", &t, err,
                                 sizeof(err)),
                 0, "%s", err);
    cr_assert_eq(t.n, 2);
    cr_assert(near(t.row[0].minsize, 0) && near(t.row[1].minsize, 12288));
    cr_assert(near(t.row[0].L, 6 * US) && near(t.row[0].o, 1.5 * US));
    cr_assert(near(t.row[0].g, 3 * US) && near(t.row[0].G, 2e-9));
    cr_assert(near(t.row[1].L, 5 * US) && near(t.row[1].G, 0.001 * US));
    free(t.row);
}

Test(msgparse, bad_rows_are_named_with_the_field_and_the_value)
{
    /* Each malformed table gives a message naming the row, the field and the value. */
    static const struct {
        const char *text;
        const char *message;
    } cases[] = {
        { "0:5us:1us:2us", "row 1 '0:5us:1us:2us' has 4 fields, expected 5" },
        { "0:5us:1us:2us:0.001us;12289:5us:-1us:2us:0", "row 2 '12289:5us:-1us:2us:0': o '-1us' "
                                                        "is negative" },
        { "0:5lightyears:1us:2us:0", "L '5lightyears' is not a duration" },
        { "zero:5us:1us:2us:0", "MINSIZE 'zero' is not a size in bytes" },
        { "0:5us:1us:2us:0;0:1:1:1:1", "two rows have MINSIZE 0" },
        { "", "no row" },
    };
    struct sim_loggp_table t = { 0, NULL };
    char err[256];

    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        cr_assert_eq(sim_loggp_parse(cases[i].text, &t, err, sizeof(err)), -1, "%s",
                     cases[i].text);
        cr_assert(strstr(err, cases[i].message), "'%s' gave '%s'", cases[i].text, err);
        cr_assert_eq(t.n, 0, "a failed parse leaves the table unchanged");
    }
}

Test(msgparse, loggps_log3p_and_lmo_default)
{
    /* The one-row forms: LogGPS's seven fields, log3P's table, LMO's default C:t. */
    struct sim_loggps g = { 0 };
    struct sim_log3p_table t = { 0, NULL };
    struct sim_lmo_default d = { 0 };
    char err[256];

    cr_assert_eq(sim_loggps_parse("5us:1us:0.001us:0.01us:0.005us:1000:10kB", &g, err,
                                  sizeof(err)),
                 0, "%s", err);
    cr_assert(g.set && near(g.L, 5 * US) && near(g.o, 1 * US) && near(g.O, 0.001 * US));
    cr_assert(near(g.g, 0.01 * US) && near(g.G, 0.005 * US) && near(g.s, 1000) &&
              near(g.S, 10000));
    cr_assert_eq(sim_loggps_parse("5us:1us:0.001us:0.01us:0.005us:1000:10kB;1:1:1:1:1:1:1", &g,
                                  err, sizeof(err)),
                 -1);
    cr_assert(strstr(err, "more than 1 row"), "%s", err);
    cr_assert_eq(sim_log3p_parse("0:29us:420us:131us:3us", &t, err, sizeof(err)), 0, "%s", err);
    cr_assert(t.n == 1 && near(t.row[0].o_mw, 29 * US) && near(t.row[0].l_mw, 420 * US));
    cr_assert(near(t.row[0].o_net, 131 * US) && near(t.row[0].t_mem, 3 * US));
    free(t.row);
    cr_assert_eq(sim_lmo_default_parse("10us:0.002us", &d, err, sizeof(err)), 0, "%s", err);
    cr_assert(d.set && near(d.c, 10 * US) && near(d.t, 0.002 * US));
    cr_assert_eq(sim_lmo_default_parse("10us", &d, err, sizeof(err)), -1);
    cr_assert(strstr(err, "has 1 field, expected 2"), "%s", err);
}

Test(msgmodel, loggp_picks_the_row_of_the_size)
{
    /* O5, Netgauge's Open MPI/openib rows: the gap g + (s-1)G is 5.14 + 12287 * 0.00073 =
     * 14.10951 us at 12288 B and 21.39 + 12288 * 0.00103 = 34.04664 us at 12289 B; below every
     * MINSIZE (0 B) the first row applies; the CPU cost is o at both ends; the network part is
     * L + (s-1)G. */
    struct sim_msg_cost c;

    start(SIM_NET_LOGGP, "1:1us:4.72us:5.14us:0.00073us;12289:2us:4.72us:21.39us:0.00103us",
          NULL, NULL, NULL);
    sim_msg_send(host("a"), host("b"), 12288, false, &c);
    cr_assert(near(c.gap, 14.10951 * US) && near(c.cpu, 4.72 * US) && !c.rendezvous);
    sim_msg_send(host("a"), host("b"), 12289, false, &c);
    cr_assert(near(c.gap, 34.04664 * US));
    sim_msg_send(host("a"), host("b"), 0, false, &c);
    cr_assert(near(c.gap, 5.14 * US), "an empty message costs what a 1-byte one does");
    cr_assert(near(sim_msg_recv(host("a"), host("b"), 100, true), 4.72 * US));
    cr_assert(near(wire("a", "b", 12289), 2 * US + 12288 * 0.00103 * US));
    sim_engine_shutdown();
}

Test(msgmodel, loggps_follows_figure_1)
{
    /* O13: o = 1 us, O = 0.001 us/B, L = 5 us, g = 0.01 us/B below s = 1000, G = 0.005 us/B,
     * S = 10000. k = 500: T1 = T3 = 1.5 us, T2 = 10 us; k = 4000: T1 = 5 us,
     * T2 = 5 + 10 + 15 = 30 us; the injection (gap) is T2 - L; from S on a rendezvous whose
     * handshake waits L + o, then o. */
    struct sim_msg_cost c;

    start(SIM_NET_LOGGPS, NULL, "5us:1us:0.001us:0.01us:0.005us:1000:10000", NULL, NULL);
    sim_msg_send(host("a"), host("b"), 500, false, &c);
    cr_assert(near(c.cpu, 1.5 * US) && near(c.gap, 5 * US) && !c.rendezvous);
    cr_assert(near(sim_msg_recv(host("a"), host("b"), 500, false), 1.5 * US));
    sim_msg_send(host("a"), host("b"), 4000, false, &c);
    cr_assert(near(c.cpu, 5 * US) && near(c.gap, 25 * US) && !c.rendezvous);
    sim_msg_send(host("a"), host("b"), 10000, false, &c);
    cr_assert(c.rendezvous && near(c.hs_latency, 6 * US) && near(c.hs_cpu, 1 * US));
    cr_assert(near(wire("a", "b", 4000), 30 * US));
    sim_engine_shutdown();
}

Test(msgmodel, loggps_is_continuous_at_s)
{
    /* At k = s = 1000 both branches of T2 give L + s g = 15 us. */
    start(SIM_NET_LOGGPS, NULL, "5us:1us:0.001us:0.01us:0.005us:1000:10000", NULL, NULL);
    cr_assert(near(wire("a", "b", 1000), 15 * US));
    sim_engine_shutdown();
}

Test(msgmodel, log3p_charges_strides_and_the_path)
{
    /* O8: o_mw = 29, l_mw = 420, o_net = 131, T_mem = 3 us. Each end pays o_mw/2, plus l_mw/2
     * when its datatype is strided; the network part is o_net between hosts, T_mem within one. */
    struct sim_msg_cost c;

    start(SIM_NET_LOG3P, NULL, NULL, "0:29us:420us:131us:3us;1MiB:1:1:1:1", NULL);
    sim_msg_send(host("a"), host("b"), 16384, true, &c);
    cr_assert(near(c.cpu, 224.5 * US) && c.gap == 0 && !c.rendezvous);
    sim_msg_send(host("a"), host("b"), 16384, false, &c);
    cr_assert(near(c.cpu, 14.5 * US));
    cr_assert(near(sim_msg_recv(host("a"), host("b"), 16384, true), 224.5 * US));
    cr_assert(near(sim_msg_recv(host("a"), host("b"), 16384, false), 14.5 * US));
    cr_assert(near(wire("a", "b", 16384), 131 * US));
    cr_assert(near(wire("a", "a", 16384), 131 * US + 3 * US), "T_mem within one host");
    sim_engine_shutdown();
}

Test(msgmodel, lmo_uses_each_hosts_parameters)
{
    /* O10 with M = 10000 B: a pays C_a + t_a M = 10 + 20 us, b pays 20 + 40 us, the link
     * (1e8 B/s) 100 us; c has no properties and takes network/lmo-default 5us:0.001us. */
    struct sim_msg_cost c;

    start(SIM_NET_LMO, NULL, NULL, NULL, "5us:0.001us");
    sim_msg_send(host("a"), host("b"), 10000, false, &c);
    cr_assert(near(c.cpu, 30 * US) && c.gap == 0 && !c.rendezvous);
    cr_assert(near(sim_msg_recv(host("a"), host("b"), 10000, false), 60 * US));
    cr_assert(near(sim_msg_recv(host("a"), host("c"), 10000, false), 15 * US));
    cr_assert(near(wire("a", "b", 10000), 100 * US));
    sim_engine_shutdown();
}

Test(msgmodel, lmo_host_without_parameters_stops, .init = cr_redirect_stderr, .exit_code = 1)
{
    /* Host c has no lmo/C and no default is given: the run stops, naming the host. */
    start(SIM_NET_LMO, NULL, NULL, NULL, NULL);
}

Test(msgmodel, only_the_new_models_are_per_message)
{
    cr_assert(sim_net_model_is_per_message(SIM_NET_LOGGP));
    cr_assert(sim_net_model_is_per_message(SIM_NET_LOGGPS));
    cr_assert(sim_net_model_is_per_message(SIM_NET_LOG3P));
    cr_assert(sim_net_model_is_per_message(SIM_NET_LMO));
    cr_assert(!sim_net_model_is_per_message(SIM_NET_SMPI));
    cr_assert(!sim_net_model_is_per_message(SIM_NET_CONSTANT));
    cr_assert(!sim_net_model_is_per_message(SIM_NET_RAW));
}
