/* Platform tests: cluster expansion and routes (limiter, backbone, loopback), Full zones with
 * UP/DOWN links, a two-level cabinet hierarchy, Floyd and Dijkstra, the default platform, and
 * every load error with its message and exit status 1. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "simcore/platform_impl.h"
#include "simcore/simcore.h"
#include "platform_util.h"

#ifndef SRCDIR
#define SRCDIR "." /* the build passes -DSRCDIR=\"$(abs_top_srcdir)\" */
#endif

#define CLUSTER3                                                                                   \
    HEAD "<cluster id=\"c\" prefix=\"n\" suffix=\".x\" radical=\"0-1,5\" speed=\"2Gf\" "           \
         "core=\"4\" "                                                                             \
         "bw=\"10Gbps\" lat=\"1us\" limiter_link=\"15Gbps\" loopback_bw=\"50GBps\" "               \
         "loopback_lat=\"0.1us\" bb_bw=\"100Gbps\" bb_lat=\"0.5us\" "                              \
         "bb_sharing_policy=\"FATPIPE\"><prop id=\"k\" value=\"v\"/></cluster>" TAIL

Test(platform, cluster_expands_hosts_in_radical_order)
{
    /* radical "0-1,5" gives n0.x, n1.x, n5.x with 2 Gf and 4 cores; per node a limiter, a
     * loopback and a split private link; one backbone; the cluster's prop reaches its hosts. */
    struct sim_platform *p = sim_platform_load_string(CLUSTER3, "c.xml");

    cr_assert_eq(sim_platform_host_count(p), 3);
    cr_assert_str_eq(sim_host_name(sim_platform_host(p, 0)), "n0.x");
    cr_assert_str_eq(sim_host_name(sim_platform_host(p, 1)), "n1.x");
    cr_assert_str_eq(sim_host_name(sim_platform_host(p, 2)), "n5.x");
    cr_assert(near(sim_host_speed(sim_platform_host(p, 2)), 2e9));
    cr_assert_eq(sim_host_cores(sim_platform_host(p, 2)), 4);
    cr_assert_eq(sim_host_index(sim_platform_host(p, 1)), 1);
    cr_assert_str_eq(sim_host_property(sim_platform_host(p, 1), "k"), "v");
    cr_assert_null(sim_host_property(sim_platform_host(p, 1), "nope"));
    cr_assert_eq(p->nlinks, 1 + 3 * 4);
    cr_assert_str_eq(sim_link_name(p->links[0]), "c_backbone");
    cr_assert(p->links[0]->fatpipe);
    cr_assert(near(sim_link_bandwidth(sim_platform_link_by_name(p, "c_link_5_UP")), 1.25e9));
    cr_assert(near(sim_link_latency(sim_platform_link_by_name(p, "c_link_5_DOWN")), 1e-6));
    cr_assert(near(sim_link_bandwidth(sim_platform_link_by_name(p, "c_link_1_limiter")), 1.875e9));
    cr_assert(sim_platform_link_by_name(p, "c_link_0_loopback")->fatpipe);
    cr_assert_null(sim_platform_link_by_name(p, "c_link_0"));
    cr_assert_not_null(sim_platform_link_by_name(p, "c_link_0_UP"));
    sim_platform_free(p);
}

Test(platform, cluster_route_crosses_limiters_and_backbone_once)
{
    /* src private UP, src limiter, backbone, dst limiter, dst private DOWN;
     * latency 1us + 0.5us + 1us = 2.5us. Same host: loopback only, 0.1us. */
    struct sim_platform *p = sim_platform_load_string(CLUSTER3, "c.xml");
    double lat;

    cr_assert_str_eq(route_str(p, "n0.x", "n5.x", &lat),
                     "c_link_0_UP c_link_0_limiter c_backbone c_link_5_limiter c_link_5_DOWN");
    cr_assert(near(lat, 2.5e-6));
    cr_assert_str_eq(route_str(p, "n5.x", "n0.x", &lat),
                     "c_link_5_UP c_link_5_limiter c_backbone c_link_0_limiter c_link_0_DOWN");
    cr_assert_str_eq(route_str(p, "n1.x", "n1.x", &lat), "c_link_1_loopback");
    cr_assert(near(lat, 1e-7));
    sim_platform_free(p);
}

Test(platform, route_count_exceeds_max_without_overflow)
{
    /* max = 2 on a 5-link route: returns 5, fills 2, latency still the full 2.5us. */
    struct sim_platform *p = sim_platform_load_string(CLUSTER3, "c.xml");
    struct sim_link *links[2];
    double lat;

    cr_assert_eq(sim_route(p, sim_platform_host(p, 0), sim_platform_host(p, 1), links, 2, &lat), 5);
    cr_assert_str_eq(sim_link_name(links[0]), "c_link_0_UP");
    cr_assert_str_eq(sim_link_name(links[1]), "c_link_0_limiter");
    cr_assert(near(lat, 2.5e-6));
    cr_assert_eq(sim_route(p, sim_platform_host(p, 0), sim_platform_host(p, 1), NULL, 0, NULL), 5);
    sim_platform_free(p);
}

Test(platform, cluster_without_loopback_or_backbone)
{
    /* SHARED private links, no limiter, backbone or loopback: a -> b is c_link_0 c_link_1;
     * a -> a goes up and back down its own SHARED link, listed once (SimGrid 3.32's StarZone;
     * make compare checks the resulting times against SMPI). */
    struct sim_platform *p = sim_platform_load_string(
        HEAD "<cluster id=\"c\" prefix=\"h\" suffix=\"\" radical=\"0-1\" speed=\"1Gf\" "
             "bw=\"1GBps\" "
             "lat=\"1us\" sharing_policy=\"SHARED\"/>" TAIL,
        "c.xml");
    double lat;

    cr_assert_str_eq(route_str(p, "h0", "h1", &lat), "c_link_0 c_link_1");
    cr_assert(near(lat, 2e-6));
    cr_assert_str_eq(route_str(p, "h0", "h0", &lat), "c_link_0");
    cr_assert(near(lat, 1e-6));
    sim_platform_free(p);
}

Test(platform, full_zone_routes_follow_up_and_down)
{
    /* small_full.xml: alice -> bob = ab_UP (10us); reverse (symmetrical) = ab_DOWN; carol ->
     * alice is declared apart: slow backbone (1ms + 50us); alice -> alice has no declared route,
     * so 0 links (the engine's implicit loopback). Props: own first, then the zone's. */
    struct sim_platform *p = sim_platform_load(SRCDIR "/apps/platforms/small_full.xml");
    double lat;

    cr_assert_str_eq(route_str(p, "alice", "bob", &lat), "ab_UP");
    cr_assert(near(lat, 1e-5));
    cr_assert_str_eq(route_str(p, "bob", "alice", &lat), "ab_DOWN");
    cr_assert_str_eq(route_str(p, "carol", "alice", &lat), "slow backbone");
    cr_assert(near(lat, 1.05e-3));
    cr_assert_str_eq(route_str(p, "alice", "carol", &lat), "backbone");
    cr_assert_str_eq(route_str(p, "alice", "alice", &lat), "");
    cr_assert(near(lat + 1, 1));
    cr_assert(near(sim_link_bandwidth(sim_platform_link_by_name(p, "ab_UP")), 1e9));
    cr_assert(sim_platform_link_by_name(p, "slow")->fatpipe);
    cr_assert_str_eq(sim_host_property(sim_platform_host_by_name(p, "carol"), "role"), "server");
    cr_assert_str_eq(sim_host_property(sim_platform_host_by_name(p, "carol"), "site"), "office");
    cr_assert_eq(sim_host_cores(sim_platform_host_by_name(p, "alice")), 4);
    sim_platform_free(p);
}

Test(platform, symmetrical_route_reverses_and_swaps_directions)
{
    /* route a -> b through L1 UP, L2 DOWN, S (shared): the reverse is S, L2_UP, L1_DOWN. */
    struct sim_platform *p = sim_platform_load_string(
        HEAD "<zone id=\"z\" routing=\"Full\"><host id=\"a\" speed=\"1f\"/><host id=\"b\" "
             "speed=\"1f\"/><link id=\"L1\" bandwidth=\"1Bps\" sharing_policy=\"SPLITDUPLEX\"/>"
             "<link id=\"L2\" bandwidth=\"1Bps\" sharing_policy=\"SPLITDUPLEX\"/>"
             "<link id=\"S\" bandwidth=\"1Bps\"/><route src=\"a\" dst=\"b\">"
             "<link_ctn id=\"L1\" direction=\"UP\"/><link_ctn id=\"L2\" direction=\"DOWN\"/>"
             "<link_ctn id=\"S\"/></route></zone>" TAIL,
        "s.xml");
    double lat;

    cr_assert_str_eq(route_str(p, "a", "b", &lat), "L1_UP L2_DOWN S");
    cr_assert_str_eq(route_str(p, "b", "a", &lat), "S L2_UP L1_DOWN");
    sim_platform_free(p);
}

Test(platform, cabinet_hierarchy_routes_through_cabinet_links)
{
    /* cabinets.xml: c1-0 -> c2-1 climbs to cab1's router (UP, limiter, backbone), crosses the
     * zoneRoute (cab1 limiter, cab1 uplink UP, cab2 uplink DOWN, cab2 limiter) and descends
     * (backbone, limiter, DOWN). Latency 1 + 0.5 + 2 + 2 + 0.5 + 1 = 7us. The reverse swaps
     * every direction. Inside a cabinet: 2.5us, 5 links. */
    struct sim_platform *p = sim_platform_load(SRCDIR "/apps/platforms/cabinets.xml");
    double lat;

    cr_assert_eq(sim_platform_host_count(p), 32);
    cr_assert_str_eq(route_str(p, "c1-0", "c2-1", &lat),
                     "cab1_link_0_UP cab1_link_0_limiter cab1_backbone cab1_limiter "
                     "cab1_uplink_UP cab2_uplink_DOWN cab2_limiter cab2_backbone "
                     "cab2_link_1_limiter cab2_link_1_DOWN");
    cr_assert(near(lat, 7e-6));
    cr_assert_str_eq(route_str(p, "c2-1", "c1-0", &lat),
                     "cab2_link_1_UP cab2_link_1_limiter cab2_backbone cab2_limiter "
                     "cab2_uplink_UP cab1_uplink_DOWN cab1_limiter cab1_backbone "
                     "cab1_link_0_limiter cab1_link_0_DOWN");
    cr_assert_str_eq(route_str(p, "c1-3", "c1-4", &lat),
                     "cab1_link_3_UP cab1_link_3_limiter cab1_backbone cab1_link_4_limiter "
                     "cab1_link_4_DOWN");
    cr_assert(near(lat, 2.5e-6));
    sim_platform_free(p);
}

Test(platform, example_cluster_file_loads)
{
    /* cluster.xml: 64 hosts node-N.simgrid.org; node-0 -> node-1 latency 1 + 0.5 + 1 = 2.5us. */
    struct sim_platform *p = sim_platform_load(SRCDIR "/apps/platforms/cluster.xml");
    double lat;

    cr_assert_eq(sim_platform_host_count(p), 64);
    cr_assert_str_eq(route_str(p, "node-0.simgrid.org", "node-1.simgrid.org", &lat),
                     "cluster_link_0_UP cluster_link_0_limiter cluster_backbone "
                     "cluster_link_1_limiter cluster_link_1_DOWN");
    cr_assert(near(lat, 2.5e-6));
    sim_platform_free(p);
}

#define CHAIN_LINKS                                                                                \
    "<host id=\"a\" speed=\"1f\"/><host id=\"b\" speed=\"1f\"/><host id=\"c\" speed=\"1f\"/>"      \
    "<host id=\"d\" speed=\"1f\"/><router id=\"r\"/>"                                              \
    "<link id=\"ab\" bandwidth=\"1Bps\" latency=\"1s\"/><link id=\"bc\" bandwidth=\"1Bps\" "       \
    "latency=\"1s\"/><link id=\"cd\" bandwidth=\"1Bps\" latency=\"1s\"/>"                          \
    "<link id=\"ar1\" bandwidth=\"1Bps\" latency=\"10s\"/><link id=\"ar2\" bandwidth=\"1Bps\" "    \
    "latency=\"10s\"/><link id=\"rd\" bandwidth=\"1Bps\" latency=\"10s\"/>"                        \
    "<route src=\"a\" dst=\"b\"><link_ctn id=\"ab\"/></route>"                                     \
    "<route src=\"b\" dst=\"c\"><link_ctn id=\"bc\"/></route>"                                     \
    "<route src=\"c\" dst=\"d\"><link_ctn id=\"cd\"/></route>"                                     \
    "<route src=\"a\" dst=\"r\"><link_ctn id=\"ar1\"/><link_ctn id=\"ar2\"/></route>"              \
    "<route src=\"r\" dst=\"d\"><link_ctn id=\"rd\"/></route>"

Test(platform, floyd_picks_the_path_with_fewest_links)
{
    /* a-b-c-d costs 3 links, a-r-d also 3 (ar1 ar2 + rd): Floyd keeps the first found, which
     * with SimGrid's loop order (intermediate c outer) is a -> b -> c -> d; b -> d = bc cd;
     * d -> a is the reverse chain; a -> a is the implicit loopback (0 links). */
    struct sim_platform *p = sim_platform_load_string(
        HEAD "<zone id=\"z\" routing=\"Floyd\">" CHAIN_LINKS "</zone>" TAIL, "f.xml");
    double lat;

    cr_assert_str_eq(route_str(p, "b", "d", &lat), "bc cd");
    cr_assert(near(lat, 2));
    cr_assert_str_eq(route_str(p, "d", "a", &lat), "cd bc ab");
    cr_assert_str_eq(route_str(p, "a", "a", &lat), "");
    sim_platform_free(p);
}

Test(platform, floyd_counts_hops_dijkstra_sums_latency)
{
    /* Adding a direct a-d link (1 link, latency 0) makes a -> d = ad under all algorithms, and
     * d -> a too. a -> c: Floyd (hop count) ties ab bc / ad cd at 2 links and keeps ab bc (2s);
     * Dijkstra (latency) takes ad cd (0 + 1s = 1s < 2s). */
    const char *tmpl =
        HEAD "<zone id=\"z\" routing=\"%s\">" CHAIN_LINKS "<link id=\"ad\" bandwidth=\"1Bps\"/>"
             "<route src=\"a\" dst=\"d\"><link_ctn id=\"ad\"/></route></zone>" TAIL;
    const char *algos[] = { "Floyd", "Dijkstra", "DijkstraCache" };

    for (int i = 0; i < 3; i++) {
        char xml[4096];
        struct sim_platform *p;
        double lat;

        snprintf(xml, sizeof(xml), tmpl, algos[i]);
        p = sim_platform_load_string(xml, "g.xml");
        cr_assert_str_eq(route_str(p, "a", "d", &lat), "ad", "%s", algos[i]);
        cr_assert_str_eq(route_str(p, "d", "a", &lat), "ad", "%s", algos[i]);
        cr_assert_str_eq(route_str(p, "a", "c", &lat), i == 0 ? "ab bc" : "ad cd", "%s", algos[i]);
        cr_assert(near(lat, i == 0 ? 2 : 1), "%s", algos[i]);
        sim_platform_free(p);
    }
}

Test(platform, config_props_are_kept_in_order)
{
    /* <config> props are available to the smpi layer as key, value pairs in document order. */
    struct sim_platform *p = sim_platform_load_string(
        HEAD "<config><prop id=\"smpi/os\" value=\"0:1e-6\"/><prop id=\"network/model\" "
             "value=\"SMPI\"/></config>"
             "<zone id=\"z\" routing=\"None\"><host id=\"a\" speed=\"1f\"/></zone>" TAIL,
        "cfg.xml");
    int n;
    const char *const *cfg = sim__platform_config(p, &n);

    cr_assert_eq(n, 2);
    cr_assert_str_eq(cfg[0], "smpi/os");
    cr_assert_str_eq(cfg[3], "SMPI");
    sim_platform_free(p);
}

Test(platform, default_platform_is_a_4096_node_cluster)
{
    /* 4096 hosts node-0 .. node-4095 at 1 Gf; node-0 -> node-4095: UP, limiter, backbone, limiter,
     * DOWN, latency 2us; self: loopback 0.1us. (How fast it loads is a benchmark's business,
     * not a unit test's: the machines are shared.) */
    struct sim_platform *p;
    double lat;

    p = sim_platform_default();
    cr_assert_eq(sim_platform_host_count(p), 4096);
    cr_assert_str_eq(sim_host_name(sim_platform_host(p, 4095)), "node-4095");
    cr_assert_str_eq(route_str(p, "node-0", "node-4095", &lat),
                     "cluster_link_0_UP cluster_link_0_limiter cluster_backbone "
                     "cluster_link_4095_limiter cluster_link_4095_DOWN");
    cr_assert(near(lat, 2e-6));
    cr_assert_str_eq(route_str(p, "node-7", "node-7", &lat), "cluster_link_7_loopback");
    cr_assert(near(lat, 1e-7));
    cr_assert(strstr(sim_platform_default_xml(), "radical=\"0-4095\""));
    sim_platform_free(p);
}

Test(platform, errors_name_file_line_and_fix)
{
    /* Each broken document dies with status 1 and "t.xml:LINE: message". */
    expect_die(HEAD "<zone id=\"z\" routing=\"Full\"><hots id=\"a\"/></zone>" TAIL,
               "t.xml:1: unexpected element <hots> in <zone>; valid here: prop, host, link");
    expect_die(HEAD "<zone id=\"z\" routing=\"Full\"><host id=\"a\" speed=\"1f\" spead=\"1\"/>"
                    "</zone>" TAIL,
               "unknown attribute 'spead' of <host>; valid: id, speed, core, pstate");
    expect_die(HEAD "<zone id=\"z\" routing=\"Full\"><host id=\"a\"/></zone>" TAIL,
               "t.xml:1: missing required attribute 'speed' of <host>");
    expect_die(HEAD "<zone id=\"z\" routing=\"Full\">\n<link id=\"l\" bandwidth=\"10Gbs\"/>"
                    "</zone>" TAIL,
               "t.xml:2: bad bandwidth '10Gbs' for attribute 'bandwidth' of <link>; valid units: "
               "Bps");
    expect_die(HEAD "<zone id=\"z\" routing=\"Full\"><host id=\"a\" speed=\"abc\"/></zone>" TAIL,
               "bad speed 'abc' in attribute 'speed' of <host>; give one speed per pstate");
    expect_die(HEAD "<zone id=\"z\" routing=\"Full\"><host id=\"a\" speed=\"1f\"/>\n"
                    "<host id=\"a\" speed=\"1f\"/></zone>" TAIL,
               "t.xml:2: duplicate host id 'a' (already used by the host at line 1)");
    expect_die(HEAD "<zone id=\"z\" routing=\"Full\"><link id=\"l\" bandwidth=\"1Bps\"/>\n"
                    "<link id=\"l\" bandwidth=\"1Bps\"/></zone>" TAIL,
               "t.xml:2: duplicate link id 'l' (already declared at line 1)");
    expect_die(HEAD "<zone id=\"z\" routing=\"Full\"><zone id=\"z\" routing=\"Full\"/></zone>" TAIL,
               "duplicate zone id 'z' (already used by the zone at line 1)");
    expect_die(HEAD "<zone id=\"z\" routing=\"Full\"><host id=\"a\" speed=\"1f\"/>"
                    "<route src=\"a\" dst=\"b\"><link_ctn id=\"l\"/></route></zone>" TAIL,
               "unknown host or router 'b' in <route dst=\"b\">");
    expect_die(HEAD "<zone id=\"z\" routing=\"Full\"><host id=\"a\" speed=\"1f\"/><host id=\"b\" "
                    "speed=\"1f\"/><route src=\"a\" dst=\"b\"><link_ctn id=\"l\"/></route>"
                    "</zone>" TAIL,
               "unknown link 'l' in <link_ctn>");
    expect_die(HEAD "<zone id=\"z\" routing=\"Full\"><host id=\"a\" speed=\"1f\"/><host id=\"b\" "
                    "speed=\"1f\"/><link id=\"l\" bandwidth=\"1Bps\" "
                    "sharing_policy=\"SPLITDUPLEX\"/>"
                    "<route src=\"a\" dst=\"b\"><link_ctn id=\"l\"/></route></zone>" TAIL,
               "link 'l' is SPLITDUPLEX: its <link_ctn> needs direction=\"UP\" or "
               "direction=\"DOWN\"");
    expect_die(HEAD "<zone id=\"z\" routing=\"Full\"><host id=\"a\" speed=\"1f\"" TAIL,
               "t.xml:1: malformed XML: ");
    expect_die("<platform version=\"3\"><zone id=\"z\" routing=\"Full\"/></platform>",
               "t.xml:1: platform version '3' is not supported; use version=\"4.1\"");
    expect_die(HEAD "<zone id=\"z\" routing=\"Star\"/>" TAIL,
               "bad value 'Star' for attribute 'routing' of <zone>; valid: Full, Floyd");
    expect_die(HEAD "<cluster id=\"c\" prefix=\"n\" suffix=\"\" radical=\"0-x\" speed=\"1Gf\" "
                    "bw=\"1GBps\" lat=\"1us\"/>" TAIL,
               "bad radical '0-x' of <cluster>");
    expect_die(HEAD "<zone id=\"z\" routing=\"Full\"><host id=\"a\" speed=\"1f\"/><host id=\"b\" "
                    "speed=\"1f\"/><link id=\"l\" bandwidth=\"1Bps\"/>\n<route src=\"a\" "
                    "dst=\"b\"><link_ctn id=\"l\"/></route>\n<route src=\"b\" dst=\"a\">"
                    "<link_ctn id=\"l\"/></route></zone>" TAIL,
               "t.xml:3: the route from 'b' to 'a' is already defined at line 2");
    expect_die(HEAD "<zone id=\"z\" routing=\"Full\"><link id=\"l\" bandwidth=\"1Bps\" "
                    "sharing_policy=\"HALF\"/></zone>" TAIL,
               "bad value 'HALF' for attribute 'sharing_policy' of <link>; valid: SHARED, "
               "SPLITDUPLEX, FATPIPE");
}

/* ---- disks ---- */

#define DISKS                                                                                      \
    HEAD "<zone id=\"z\" routing=\"Full\"><host id=\"h\" speed=\"1Gf\">"                           \
         "<disk id=\"d1\" read_bw=\"100MBps\" write_bw=\"40MBps\">"                                \
         "<prop id=\"size\" value=\"500GiB\"/><prop id=\"mount\" value=\"/scratch\"/></disk>"      \
         "<disk id=\"d2\" read_bw=\"200MBps\" write_bw=\"80MBps\"/>"                               \
         "<prop id=\"ram\" value=\"1B\"/></host></zone>" TAIL

Test(platform, host_disks_keep_bandwidths_and_mount_point)
{
    struct sim_platform *p = sim_platform_load_string(DISKS, "d.xml");
    struct sim_host *h = sim_platform_host_by_name(p, "h");

    cr_assert_eq(sim_host_disk_count(h), 2);
    cr_assert_str_eq(sim_disk_name(sim_host_disk(h, 0)), "d1");
    cr_assert_float_eq(sim_disk_read_bw(sim_host_disk(h, 0)), 100e6, 1e-3);
    cr_assert_float_eq(sim_disk_write_bw(sim_host_disk(h, 0)), 40e6, 1e-3);
    cr_assert_str_eq(sim_disk_mount(sim_host_disk(h, 0)), "/scratch");
    cr_assert_null(sim_disk_mount(sim_host_disk(h, 1)));
    cr_assert_str_eq(sim_host_property(h, "ram"), "1B");
    sim_platform_free(p);
}

Test(platform, disk_without_write_bandwidth_names_line_and_attribute)
{
    expect_die(HEAD "<zone id=\"z\" routing=\"Full\"><host id=\"h\" speed=\"1Gf\">"
                    "<disk id=\"d\" read_bw=\"1MBps\"/></host></zone>" TAIL,
               "write_bw");
}
