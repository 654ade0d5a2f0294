/* Energy tests: SimGrid 3.32's host_energy and link_energy models in closed form (full and
 * partial multi-core loads, idle hosts, pstate changes, hosts turned off, links), and the
 * errors on malformed wattage properties. */
#include <criterion/criterion.h>

#include "tests/unit/simcore/fixture.h"

static const enum sim_plugin host_plugin[] = { SIM_PLUGIN_HOST_ENERGY };
static const enum sim_plugin both_plugins[] = { SIM_PLUGIN_LINK_ENERGY, SIM_PLUGIN_HOST_ENERGY };

static const char *const hosts_xml = FX_HEAD
    "<trace id=\"nap\" periodicity=\"-1\">\n4 0\n6 1\n</trace>\n"
    "<zone id=\"z\" routing=\"Full\">\n"
    "<host id=\"one\" speed=\"1Gf,500Mf\">\n"
    "<prop id=\"wattage_per_state\" value=\"100:120:200, 90:100:150\"/></host>\n"
    "<host id=\"quad\" speed=\"1Gf\" core=\"4\">\n"
    "<prop id=\"wattage_per_state\" value=\"100:120:200\"/></host>\n"
    "<host id=\"old\" speed=\"1Gf\">\n"
    "<prop id=\"wattage_per_state\" value=\"80:180\"/>"
    "<prop id=\"wattage_off\" value=\"5\"/></host>\n"
    "<host id=\"none\" speed=\"1Gf\"/>\n<link id=\"n\" bandwidth=\"1MBps\"/>" FX_ROUTE(
        "one", "quad") FX_ROUTE("one", "old") FX_ROUTE("one", "none") FX_ROUTE("quad", "old")
        FX_ROUTE("quad", "none") FX_ROUTE(
            "old",
            "none") "</zone>\n<trace_connect kind=\"HOST_AVAIL\" trace=\"nap\" element=\"old\"/>\n" FX_TAIL;

Test(energy, a_host_at_full_load_for_10_s_takes_its_allcores_power)
{
    /* one: 1e10 flops at 1 Gf take 10 s at AllCores = 200 W: 2000 J; the host stays idle
     * (Idle = 100 W) while a second actor sleeps until 12 s: 2200 J at the end. */
    struct fx_step run = { .pstate = -1, .flops = 1e10 };
    struct fx_step wait = { .delay = 12, .pstate = -1 };

    fx_start(hosts_xml, SIM_NET_RAW, host_plugin, 1);
    fx_actor("one", &run);
    fx_actor("one", &wait);
    cr_assert_eq(sim_engine_run(), 0);
    cr_assert_float_eq(run.end, 10, 1e-9);
    cr_assert_float_eq(run.energy, 2000, 1e-6);
    cr_assert_float_eq(wait.energy, 2200, 1e-6);
    sim_engine_shutdown();
}

Test(energy, a_pstate_change_halfway_switches_power_and_speed)
{
    /* one runs 1e10 flops; pstate 1 (500 Mf, 90:100:150 W) at t=5: 5e9 flops left take 10 s.
     * Energy: 200 W x 5 s + 150 W x 10 s = 2500 J at 15 s. */
    struct fx_step run = { .pstate = -1, .flops = 1e10 };
    struct fx_step dvfs = { .delay = 5, .pstate = 1 };

    fx_start(hosts_xml, SIM_NET_RAW, host_plugin, 1);
    fx_actor("one", &run);
    fx_actor("one", &dvfs);
    cr_assert_eq(sim_engine_run(), 0);
    cr_assert_float_eq(run.end, 15, 1e-9);
    cr_assert_float_eq(run.energy, 2500, 1e-6);
    cr_assert_float_eq(sim_host_wattage(fx_host("one"), 1, SIM_WATTAGE_SLOPE), 50, 1e-12);
    sim_engine_shutdown();
}

Test(energy, partial_multicore_load_interpolates_from_epsilon)
{
    /* quad (4 cores of 1 Gf, 100:120:200 W): one execution of 1e9 flops loads 1/4 of it for
     * 1 s: 120 + 0.25 x 80 = 140 W; then two of 1e9 flops: 160 W for 1 s; then five of 8e8
     * flops share the 4 cores (4e9 flop/s): full load, 200 W for 1 s. 140 + 160 + 200 =
     * 500 J at 3 s, and 0 J of its own for the host without wattage_per_state. */
    struct fx_step a = { .pstate = -1, .flops = 1e9 };
    struct fx_step b[2] = { { .delay = 1, .pstate = -1, .flops = 1e9 },
                            { .delay = 1, .pstate = -1, .flops = 1e9 } };
    struct fx_step c[5];

    fx_start(hosts_xml, SIM_NET_RAW, host_plugin, 1);
    fx_actor("quad", &a);
    for (int i = 0; i < 2; i++)
        fx_actor("quad", &b[i]);
    for (int i = 0; i < 5; i++) {
        c[i] = (struct fx_step){ .delay = 2, .pstate = -1, .flops = 8e8 };
        fx_actor("quad", &c[i]);
    }
    cr_assert_eq(sim_engine_run(), 0);
    cr_assert_float_eq(a.energy, 140, 1e-6);
    cr_assert_float_eq(b[1].energy, 300, 1e-6);
    cr_assert_float_eq(c[4].end, 3, 1e-9);
    cr_assert_float_eq(c[4].energy, 500, 1e-6);
    cr_assert_not(sim_host_has_wattage(fx_host("none")));
    sim_engine_shutdown();
}

Test(energy, idle_and_turned_off_hosts)
{
    /* Until 10 s: quad idles at 100 W (1000 J); old, "Idle:AllCores" form (Epsilon = Idle =
     * 80 W), is off from 4 to 6 s at wattage_off 5 W: 80 x 8 + 5 x 2 = 650 J. */
    struct fx_step wait = { .delay = 10, .pstate = -1 };

    fx_start(hosts_xml, SIM_NET_RAW, host_plugin, 1);
    fx_actor("one", &wait);
    cr_assert_eq(sim_engine_run(), 0);
    cr_assert_float_eq(sim_host_consumed_energy(fx_host("quad")), 1000, 1e-6);
    cr_assert_float_eq(sim_host_consumed_energy(fx_host("old")), 650, 1e-6);
    cr_assert_float_eq(sim_host_wattage(fx_host("old"), 0, SIM_WATTAGE_EPSILON), 80, 1e-12);
    sim_engine_shutdown();
}

Test(energy, a_link_is_billed_at_its_usage_when_flows_start_and_end)
{
    /* raw model, link 1e8 B/s and 10 ms with wattage_range 10:30 W. 5e6 bytes end at 0.06 s.
     * SimGrid accounts a link when a flow starts (t=0: 0 J) and ends (t=0.06, usage 1e8: 30 W
     * over the 0.06 s since, the latency included): 1.8 J; then idle at 10 W until a sleeper
     * ends at 1.06 s: 11.8 J. The link without wattage_range counts 0 J. */
    struct fx_flow f = { "a", "b", 0, 5e6, -1 };
    struct fx_step wait = { .delay = 1.06, .pstate = -1 };
    static const char *const xml =
        FX_HEAD "<zone id=\"z\" routing=\"Full\"><host id=\"a\" speed=\"1Gf\"/>"
                "<host id=\"b\" speed=\"1Gf\"/><link id=\"l\" bandwidth=\"100MBps\" "
                "latency=\"10ms\"><prop id=\"wattage_range\" value=\"10:30\"/></link>"
                "<link id=\"m\" bandwidth=\"1MBps\"/>"
                "<route src=\"a\" dst=\"b\"><link_ctn id=\"l\"/></route></zone>" FX_TAIL;

    fx_start(xml, SIM_NET_RAW, both_plugins, 2);
    fx_send(&f);
    fx_actor("a", &wait);
    cr_assert_eq(sim_engine_run(), 0);
    cr_assert_float_eq(f.end, 0.06, 1e-9);
    cr_assert_float_eq(sim_link_consumed_energy(fx_link("l")), 11.8, 1e-9);
    cr_assert_float_eq(sim_link_consumed_energy(fx_link("m")), 0, 1e-12);
    sim_engine_shutdown();
}

static void start_with(const void *xml)
{
    fx_start(xml, SIM_NET_RAW, both_plugins, 2);
}

static void ask_link(const void *xml)
{
    fx_start(xml, SIM_NET_RAW, both_plugins, 2);
    sim_link_consumed_energy(fx_link("l"));
}

static void ask_without_plugin(const void *arg)
{
    (void)arg;
    fx_start(hosts_xml, SIM_NET_RAW, NULL, 0);
    sim_host_consumed_energy(fx_host("one"));
}

static void ask_without_wattage(const void *arg)
{
    (void)arg;
    fx_start(hosts_xml, SIM_NET_RAW, host_plugin, 1);
    sim_host_consumed_energy(fx_host("none"));
}

#define ONE_HOST(props)                                                                            \
    FX_HEAD "<zone id=\"z\" routing=\"Full\">\n<host id=\"h\" speed=\"1Gf,2Gf\">" props            \
            "</host><link id=\"l\" bandwidth=\"1MBps\"/></zone>" FX_TAIL

Test(energy, malformed_wattage_properties_are_named)
{
    /* Each names the file, the host's line, the property and what is expected. */
    expect_exit_1(start_with, ONE_HOST("<prop id=\"wattage_per_state\" value=\"100:200\"/>"),
                  "test.xml:4: property wattage_per_state=\"100:200\" of host 'h': 1 power "
                  "ranges for 2 pstates");
    expect_exit_1(start_with,
                  ONE_HOST("<prop id=\"wattage_per_state\" value=\"100:200, 90:x:150\"/>"),
                  "pstate 1: 'x' is not a number");
    expect_exit_1(start_with,
                  ONE_HOST("<prop id=\"wattage_per_state\" value=\"100:1:2:3, 90:150\"/>"),
                  "pstate 0 has more than 3 values");
    expect_exit_1(start_with, ONE_HOST("<prop id=\"wattage_per_state\" value=\"100, 90:150\"/>"),
                  "pstate 0 has fewer than 2 values");
    expect_exit_1(start_with,
                  ONE_HOST("<prop id=\"wattage_per_state\" value=\"100:200,90:150\"/>"
                           "<prop id=\"wattage_off\" value=\"ten\"/>"),
                  "property wattage_off=\"ten\" of host 'h': expected a number of watts");
    expect_exit_1(
        ask_link,
        FX_HEAD "<zone id=\"z\" routing=\"Full\">\n<link id=\"l\" bandwidth=\"1MBps\">"
                "<prop id=\"wattage_range\" value=\"10\"/></link></zone>" FX_TAIL,
        "test.xml:4: property wattage_range=\"10\" of link 'l': expected Idle:Busy watts");
    expect_exit_1(ask_without_plugin, NULL,
                  "sg_host_get_consumed_energy needs the host energy plugin: add "
                  "--cfg=plugin:host_energy");
    expect_exit_1(ask_without_wattage, NULL,
                  "no power range properties (wattage_per_state) for host 'none'");
}
