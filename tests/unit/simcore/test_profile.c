/* Profile tests: SimGrid 3.32's profile format (dates, values, PERIODICITY, LOOPAFTER and their
 * errors), pstates, and what speed, bandwidth, latency and state profiles do to running
 * activities, with closed-form dates. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simcore/internal.h"
#include "tests/unit/simcore/fixture.h"

static struct sim__profile *parse(const char *text, double periodicity, char *err, int *line)
{
    return sim__profile_parse("p", text, periodicity, err, 256, line);
}

Test(profile, dates_become_deltas_and_periodicity_sets_the_repeat)
{
    /* "0 1 / 11 0.5 / 20 0.9" with periodicity 21 (two_hosts_platform_with_availability_included
     * .xml): deltas 0, 11, 9 and a restart 21 - 20 = 1 s after the last event. */
    char err[256];
    int line = 0;
    struct sim__profile *p =
        parse("  0.0 1.0\n# comment\n11.0 0.5\n\n% other\n20 0.9\n", 21, err, &line);

    cr_assert_not_null(p, "%s", err);
    cr_assert_eq(p->n, 3);
    cr_assert_float_eq(p->ev[1].delta, 11, 1e-12);
    cr_assert_float_eq(p->ev[2].delta, 9, 1e-12);
    cr_assert_float_eq(p->ev[2].value, 0.9, 1e-12);
    cr_assert_float_eq(p->repeat, 1, 1e-12);
    sim__profile_free(p);
}

Test(profile, loopafter_and_det_laws_are_read)
{
    /* LOOPAFTER 10 (jupiter_speed.profile) repeats 10 s after the last event; "DET 2 DET 4" is a
     * deterministic event at 2 s; without PERIODICITY nor LOOPAFTER nothing repeats. */
    char err[256];
    int line = 0;
    struct sim__profile *p = parse("0 0.5\nDET 2 DET 4\nLOOPAFTER 10\n", -1, err, &line);
    struct sim__profile *once = parse("1 0\n2 1\n", -1, err, &line);

    cr_assert_not_null(p, "%s", err);
    cr_assert_eq(p->n, 2);
    cr_assert_float_eq(p->ev[1].value, 4, 1e-12);
    cr_assert_float_eq(p->repeat, 10, 1e-12);
    cr_assert_lt(once->repeat, 0);
    sim__profile_free(p);
    sim__profile_free(once);
}

Test(profile, bad_lines_are_named)
{
    /* Each bad profile names its line and what is wrong. */
    static const struct {
        const char *text;
        int line;
        const char *msg;
    } bad[] = {
        { "0 1\n5 x\n", 2, "bad value 'x'" },
        { "0 1\n\nfive 1\n", 3, "bad date 'five'" },
        { "3 1\n2 1\n", 2, "must be sorted" },
        { "0 -1\n", 1, "negative" },
        { "-1 1\n", 1, "negative" },
        { "0 1\nSTOCHASTIC\n", 2, "not supported" },
        { "NORM 1 2 DET 3\n", 1, "stochastic law 'NORM'" },
        { "0 1\nPERIODICITY soon\n", 2, "PERIODICITY or LOOPAFTER and a number" },
        { "0 1\n5 2\nPERIODICITY 3\n", 3, "cannot repeat" },
        { "0 1\nPERIODICITY 9\nLOOPAFTER 1\n", 3, "cannot be combined" },
    };

    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        char err[256] = "";
        int line = 0;

        cr_assert_null(parse(bad[i].text, -1, err, &line), "accepted: %s", bad[i].text);
        cr_assert_eq(line, bad[i].line, "line %d for %s (%s)", line, bad[i].text, err);
        cr_assert(strstr(err, bad[i].msg), "'%s' contains '%s'", err, bad[i].msg);
    }
}

static const char *const speed_platform =
    FX_HEAD "<trace id=\"half\" periodicity=\"-1\">\n0 1\n5 0.5\n</trace>\n"
            "<trace id=\"wave\" periodicity=\"2\">\n0 1\n1 0.5\n</trace>\n"
            "<zone id=\"z\" routing=\"Full\">\n"
            "<host id=\"a\" speed=\"1Gf,500Mf,100Mf\" pstate=\"0\"/>\n"
            "<host id=\"b\" speed=\"1Gf\"/>\n<host id=\"c\" speed=\"1Gf\"/>\n"
            "<link id=\"n\" bandwidth=\"1MBps\"/>" FX_ROUTE("a", "b") FX_ROUTE("a", "c")
                FX_ROUTE("b", "c") "</zone>\n"
                                   "<trace_connect kind=\"SPEED\" trace=\"half\" element=\"b\"/>\n"
                                   "<trace_connect trace=\"wave\" element=\"c\"/>\n" FX_TAIL;

Test(profile, a_speed_profile_changes_running_executions)
{
    /* b: 1 Gf, halved at t=5; 1e10 flops: 5e9 by t=5, 5e9 more at 5e8 flop/s, end at 15 s.
     * c: full speed 1 s then half 1 s, every 2 s (trace_connect without kind is SPEED in
     * SimGrid 3.32): 1.5e9 flops per 2 s, 3e9 flops end at 4 s. */
    struct fx_step b = { .pstate = -1, .flops = 1e10 };
    struct fx_step c = { .pstate = -1, .flops = 3e9 };

    fx_start(speed_platform, SIM_NET_RAW, NULL, 0);
    fx_actor("b", &b);
    fx_actor("c", &c);
    cr_assert_eq(sim_engine_run(), 0);
    cr_assert_float_eq(b.end, 15, 1e-9);
    cr_assert_float_eq(c.end, 4, 1e-9);
    cr_assert_float_eq(sim_host_speed_scale(fx_host("b")), 0.5, 1e-12);
    sim_engine_shutdown();
}

Test(profile, a_pstate_change_applies_to_the_execution_in_progress)
{
    /* a runs 1e10 flops at pstate 0 (1 Gf); another actor sets pstate 1 (500 Mf) at t=4:
     * 4e9 done, 6e9 left at 5e8 flop/s, end at 4 + 12 = 16 s. */
    struct fx_step run = { .pstate = -1, .flops = 1e10 };
    struct fx_step dvfs = { .delay = 4, .pstate = 1 };

    fx_start(speed_platform, SIM_NET_RAW, NULL, 0);
    fx_actor("a", &run);
    fx_actor("a", &dvfs);
    cr_assert_eq(sim_engine_run(), 0);
    cr_assert_float_eq(run.end, 16, 1e-9);
    cr_assert_eq(sim_host_pstate(fx_host("a")), 1);
    cr_assert_eq(sim_host_pstate_count(fx_host("a")), 3);
    cr_assert_float_eq(sim_host_speed(fx_host("a")), 5e8, 1e-3);
    cr_assert_float_eq(sim_host_pstate_speed(fx_host("a"), 2), 1e8, 1e-3);
    sim_engine_shutdown();
}

Test(profile, link_profiles_are_files_found_along_the_path)
{
    /* raw model, link of 1e8 B/s and 10 ms whose bandwidth drops to 5e7 at t=0.02 and whose
     * latency becomes 20 ms at t=1 (link_bw.profile and link_lat.profile, found in the folder
     * sim_platform_add_path gives):
     * - 4e6 bytes from t=0: latency to 0.01, 1e6 bytes by 0.02, 3e6 at 5e7 B/s: end 0.08;
     * - 1e6 bytes from t=2: 20 ms latency then 0.02 s: end 2.04. */
    struct fx_flow early = { "a", "b", 0, 4e6, -1 };
    struct fx_flow late = { "a", "b", 2, 1e6, -1 };

    sim_platform_add_path(SRCDIR "/tests/unit/simcore");
    fx_start(FX_HEAD "<zone id=\"z\" routing=\"Full\"><host id=\"a\" speed=\"1Gf\"/>"
                     "<host id=\"b\" speed=\"1Gf\"/><link id=\"l\" bandwidth=\"100MBps\" "
                     "latency=\"10ms\" bandwidth_file=\"link_bw.profile\" "
                     "latency_file=\"link_lat.profile\"/>"
                     "<route src=\"a\" dst=\"b\"><link_ctn id=\"l\"/></route></zone>" FX_TAIL,
             SIM_NET_RAW, NULL, 0);
    fx_send(&early);
    fx_send(&late);
    cr_assert_eq(sim_engine_run(), 0);
    cr_assert_float_eq(early.end, 0.08, 1e-9);
    cr_assert_float_eq(late.end, 2.04, 1e-9);
    cr_assert_float_eq(sim_link_latency(fx_link("l")), 0.02, 1e-12);
    sim_engine_shutdown();
    sim_platform_clear_paths();
}

static const char *const state_platform =
    FX_HEAD "<trace id=\"blink\" periodicity=\"10\">\n2 0\n7 1\n</trace>\n"
            "<zone id=\"z\" routing=\"Full\">\n<host id=\"a\" speed=\"1Gf\"/>\n"
            "<host id=\"b\" speed=\"1Gf\"/>\n<link id=\"l\" bandwidth=\"1MBps\" latency=\"0\"/>\n"
            "<route src=\"a\" dst=\"b\"><link_ctn id=\"l\"/></route>\n</zone>\n"
            "<trace_connect kind=\"HOST_AVAIL\" trace=\"blink\" element=\"b\"/>\n"
            "<trace_connect kind=\"LINK_AVAIL\" trace=\"blink\" element=\"l\"/>\n" FX_TAIL;

Test(profile, state_profiles_turn_hosts_and_links_off_and_on)
{
    /* b and l are off from 2 to 7 s, every 10 s; an actor on a alone sees them so at 3 and 8. */
    struct fx_step at3 = { .delay = 3, .pstate = -1 };

    fx_start(state_platform, SIM_NET_RAW, NULL, 0);
    fx_actor("a", &at3);
    cr_assert_eq(sim_engine_run(), 0);
    cr_assert_not(sim_host_is_on(fx_host("b")));
    cr_assert_not(sim_link_is_on(fx_link("l")));
    sim_engine_shutdown();
    fx_start(state_platform, SIM_NET_RAW, NULL, 0);
    at3.delay = 8;
    fx_actor("a", &at3);
    cr_assert_eq(sim_engine_run(), 0);
    cr_assert(sim_host_is_on(fx_host("b")));
    cr_assert(sim_link_is_on(fx_link("l")));
    sim_engine_shutdown();
}

static void run_state_platform(const void *arg)
{
    struct fx_flow f = { "a", "b", 0, 3e6, -1 };

    fx_start(state_platform, SIM_NET_RAW, NULL, 0);
    if (arg)
        fx_send(&f);
    else
        fx_actor("b", &(struct fx_step){ .pstate = -1, .flops = 5e9 });
    sim_engine_run();
}

Test(profile, an_actor_or_flow_on_a_resource_going_off_ends_the_run)
{
    /* SimGrid kills what runs on b at t=2 and fails the flow on l (3 s long from 0): simmpi
     * stops with a message, as SMPI 3.32 cannot complete the job. */
    expect_exit_1(run_state_platform, NULL,
                  "host 'b' goes off at 2.000000 (state profile 'blink') while 'step' runs on it");
    expect_exit_1(run_state_platform, "flow",
                  "link 'l' is off at 2.000000 (state profile 'blink') while it carries a message "
                  "from host 'a' to host 'b'");
}

static void load(const void *xml)
{
    sim_platform_load_string(xml, "t.xml");
}

static void set_bad_pstate(const void *arg)
{
    (void)arg;
    fx_start(speed_platform, SIM_NET_RAW, NULL, 0);
    sim_host_set_pstate(fx_host("a"), 3);
}

Test(profile, bad_platform_profiles_and_pstates_are_named)
{
    /* Each error names the file, the line and the element or attribute, and the valid values. */
    expect_exit_1(load,
                  FX_HEAD "<zone id=\"z\" routing=\"Full\">\n<host id=\"a\" speed=\"1Gf,1Mf\" "
                          "pstate=\"2\"/></zone>" FX_TAIL,
                  "t.xml:4: bad pstate '2' of host 'a'; valid: 0 to 1");
    expect_exit_1(load,
                  FX_HEAD "<zone id=\"z\" routing=\"Full\">\n<host id=\"a\" speed=\"1Gf,fast\"/>"
                          "</zone>" FX_TAIL,
                  "t.xml:4: bad speed 'fast' in attribute 'speed' of <host>");
    expect_exit_1(load,
                  FX_HEAD "<zone id=\"z\" routing=\"Full\">\n<host id=\"a\" speed=\"1Gf\" "
                          "speed_file=\"/nonexistent/p.txt\"/></zone>" FX_TAIL,
                  "t.xml:4: cannot open profile '/nonexistent/p.txt' of speed_file of host 'a'");
    expect_exit_1(load,
                  FX_HEAD "\n\n<trace id=\"t\" periodicity=\"1\">\n0 1\n0.5 x\n</trace>" FX_TAIL,
                  "t.xml:7: <trace id=\"t\">: bad value 'x'");
    expect_exit_1(load,
                  FX_HEAD "<trace id=\"t\" periodicity=\"1\">0 1</trace>\n<zone id=\"z\" "
                          "routing=\"Full\"><host id=\"a\" speed=\"1Gf\"/></zone>\n"
                          "<trace_connect kind=\"BANDWIDTH\" trace=\"t\" element=\"a\"/>" FX_TAIL,
                  "t.xml:5: <trace_connect trace=\"t\" element=\"a\">: no link 'a'");
    expect_exit_1(load, FX_HEAD "<trace_connect kind=\"POWER\" trace=\"t\" element=\"a\"/>" FX_TAIL,
                  "valid: HOST_AVAIL, SPEED, LINK_AVAIL, BANDWIDTH, LATENCY (POWER is now SPEED)");
    expect_exit_1(load, FX_HEAD "<trace_connect trace=\"t\" element=\"a\"/>" FX_TAIL,
                  "cannot connect trace 't' to 'a': no <trace id=\"t\"> before it");
    expect_exit_1(load,
                  FX_HEAD "<zone id=\"z\" routing=\"Full\"><host id=\"a\" speed=\"1Gf\"/></zone>\n"
                          "<config id=\"c\"><prop id=\"k\" value=\"v\"/></config>" FX_TAIL,
                  "t.xml:4: <config> comes after platform elements");
    expect_exit_1(set_bad_pstate, NULL,
                  "cannot set host 'a' to pstate 3; valid: 0 to 2 (its speed list has 3 values)");
}
