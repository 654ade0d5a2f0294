/* Routing tests: routes checked when a message needs them (not at load), bypass routes, Vivaldi
 * zones, routing="Cluster" zones with host_link, cabinet and backbone, each with the links a
 * route takes and its latency in closed form. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "simcore/platform_impl.h"
#include "simcore/simcore.h"
#include "platform_util.h"

/* Three hosts of a Full zone and one route a-b: c is connected to nothing. */
#define ABC                                                                                        \
    HEAD "<zone id=\"z\" routing=\"Full\"><host id=\"a\" speed=\"1f\"/><host id=\"b\" "            \
         "speed=\"1f\"/><host id=\"c\" speed=\"1f\"/><link id=\"l\" bandwidth=\"1Bps\" "           \
         "latency=\"1ms\"/><route src=\"a\" dst=\"b\"><link_ctn id=\"l\"/></route></zone>" TAIL

Test(routing, unconnected_hosts_load_and_fail_when_a_message_needs_them)
{
    /* SimGrid checks routes only when used: the platform loads, a-b routes through l (1 ms),
     * a-c has no route: sim_route_find says -1, sim_route ends the run naming both hosts and
     * the zone. */
    static const struct route_case cases[] = {
        { "a", "b", "l", 1e-3 },
    };
    struct sim_platform *p = sim_platform_load_string(ABC, "t.xml");
    double lat = 0;

    check_routes(p, cases, NCASES(cases));
    cr_assert_eq(sim_route_find(p, sim_platform_host_by_name(p, "a"),
                                sim_platform_host_by_name(p, "c"), NULL, 0, &lat),
                 -1);
    sim_platform_free(p);
    expect_route_die(ABC, "a", "c",
                     "no route from 'a' to 'c': zone 'z' (routing Full) declares none; declare a "
                     "<route> between them");
}

Test(routing, missing_routes_name_the_zone_at_each_level)
{
    /* Floyd finds no path a -> c; a Full zone with two child zones and no zoneRoute names the
     * zones; a None zone routes nothing. */
    expect_route_die(HEAD "<zone id=\"z\" routing=\"Floyd\"><host id=\"a\" speed=\"1f\"/><host "
                          "id=\"b\" speed=\"1f\"/><host id=\"c\" speed=\"1f\"/><link id=\"l\" "
                          "bandwidth=\"1Bps\"/><route src=\"a\" dst=\"b\"><link_ctn id=\"l\"/>"
                          "</route></zone>" TAIL,
                     "a", "c", "no route from 'a' to 'c': zone 'z' (routing Floyd) declares none");
    expect_route_die(HEAD "<zone id=\"top\" routing=\"Full\"><zone id=\"x\" routing=\"Full\"><host "
                          "id=\"a\" speed=\"1f\"/></zone><zone id=\"y\" routing=\"Full\"><host "
                          "id=\"b\" speed=\"1f\"/></zone></zone>" TAIL,
                     "a", "b",
                     "no route from 'a' to 'b': zone 'top' (routing Full) declares no route from "
                     "'x' to 'y'; declare a <zoneRoute> between them");
    expect_route_die(HEAD "<zone id=\"z\" routing=\"None\"><host id=\"a\" speed=\"1f\"/><host "
                          "id=\"b\" speed=\"1f\"/></zone>" TAIL,
                     "a", "b", "zone 'z' has routing None, which routes nothing");
}

/* ---- bypass routes ---- */

/* a and b joined through router r (l1 then l2, 1 ms each), and a faster bypass from a to b. */
#define BYPASS                                                                                     \
    HEAD "<zone id=\"z\" routing=\"Floyd\"><host id=\"a\" speed=\"1f\"/><host id=\"b\" "           \
         "speed=\"1f\"/><router id=\"r\"/><link id=\"l1\" bandwidth=\"1GBps\" latency=\"1ms\"/>"   \
         "<link id=\"l2\" bandwidth=\"1GBps\" latency=\"1ms\"/><link id=\"fast\" "                 \
         "bandwidth=\"1GBps\" latency=\"100us\"/><route src=\"a\" dst=\"r\"><link_ctn "            \
         "id=\"l1\"/></route><route src=\"r\" dst=\"b\"><link_ctn id=\"l2\"/></route>"             \
         "<bypassRoute src=\"a\" dst=\"b\"><link_ctn id=\"fast\"/></bypassRoute></zone>" TAIL

Test(routing, bypass_route_replaces_the_route_in_its_direction_only)
{
    /* a -> b takes the bypass (100 us); a bypass is not symmetrical: b -> a goes through r. */
    static const struct route_case cases[] = {
        { "a", "b", "fast", 1e-4 },
        { "b", "a", "l2 l1", 2e-3 },
    };

    expect_routes(BYPASS, cases, NCASES(cases));
}

/* Zones A (with A1 inside) and B under top, each host one link from its zone's gateway; top
 * joins A and B through `slow`, bypasses A -> B through `fast` and A1 -> B through `direct`. */
#define BYPASS_ZONES                                                                               \
    HEAD "<zone id=\"top\" routing=\"Full\">"                                                      \
         "<zone id=\"A\" routing=\"Full\"><zone id=\"A1\" routing=\"Full\"><host id=\"x\" "        \
         "speed=\"1f\"/><router id=\"gx\"/><link id=\"lx\" bandwidth=\"1GBps\"/><route "           \
         "src=\"x\" dst=\"gx\"><link_ctn id=\"lx\"/></route></zone><zone id=\"A2\" "               \
         "routing=\"Full\"><host id=\"a\" speed=\"1f\"/><router id=\"ga\"/><link id=\"la\" "       \
         "bandwidth=\"1GBps\"/><route src=\"a\" dst=\"ga\"><link_ctn id=\"la\"/></route></zone>"   \
         "<link id=\"a12\" bandwidth=\"1GBps\"/><zoneRoute src=\"A1\" dst=\"A2\" gw_src=\"gx\" "   \
         "gw_dst=\"ga\"><link_ctn id=\"a12\"/></zoneRoute></zone>"                                 \
         "<zone id=\"B\" routing=\"Full\"><host id=\"b\" speed=\"1f\"/><router id=\"gb\"/><link "  \
         "id=\"lb\" bandwidth=\"1GBps\"/><route src=\"b\" dst=\"gb\"><link_ctn "                   \
         "id=\"lb\"/></route></zone>"                                                              \
         "<link id=\"slow\" bandwidth=\"1GBps\" latency=\"1s\"/><link id=\"fast\" "                \
         "bandwidth=\"1GBps\"/><link id=\"direct\" bandwidth=\"1GBps\"/>"                          \
         "<zoneRoute src=\"A\" dst=\"B\" gw_src=\"ga\" gw_dst=\"gb\"><link_ctn "                   \
         "id=\"slow\"/></zoneRoute>"                                                               \
         "<bypassZoneRoute src=\"A\" dst=\"B\" gw_src=\"ga\" gw_dst=\"gb\"><link_ctn "             \
         "id=\"fast\"/></bypassZoneRoute>"                                                         \
         "<bypassASroute src=\"A1\" dst=\"B\" gw_src=\"gx\" gw_dst=\"gb\"><link_ctn "              \
         "id=\"direct\"/></bypassASroute></zone>" TAIL

Test(routing, bypass_zone_route_takes_the_innermost_zones_first)
{
    /* From a (in A2, under A) to b: the bypass A -> B (fast) between the routes to and from
     * its gateways. From x (in A1): A1 -> B is found before A -> B. Back from b: the zoneRoute
     * (symmetrical) through slow, as bypasses go one way. */
    static const struct route_case cases[] = {
        { "a", "b", "la fast lb", -1 },
        { "x", "b", "lx direct lb", -1 },
        { "b", "a", "lb slow la", 1 },
    };

    expect_routes(BYPASS_ZONES, cases, NCASES(cases));
}

Test(routing, bad_bypass_routes_name_file_line_and_fix)
{
    expect_die(HEAD "<zone id=\"z\" routing=\"Full\"><host id=\"a\" speed=\"1f\"/><host id=\"b\" "
                    "speed=\"1f\"/><link id=\"l\" bandwidth=\"1Bps\"/><bypassRoute src=\"a\" "
                    "dst=\"b\"><link_ctn id=\"l\"/></bypassRoute>\n<bypassRoute src=\"a\" "
                    "dst=\"b\"><link_ctn id=\"l\"/></bypassRoute></zone>" TAIL,
               "t.xml:2: a bypass route from 'a' to 'b' is already declared in zone 'z'");
    expect_die(HEAD "<zone id=\"z\" routing=\"Full\"><host id=\"a\" speed=\"1f\"/><host id=\"b\" "
                    "speed=\"1f\"/><bypassRoute src=\"a\" dst=\"b\"/></zone>" TAIL,
               "empty <bypassRoute> from 'a' to 'b'; list its links");
    expect_die(HEAD "<zone id=\"z\" routing=\"Full\"><host id=\"a\" speed=\"1f\"/><bypassRoute "
                    "src=\"a\" dst=\"q\"/></zone>" TAIL,
               "unknown host or router 'q' in <bypassRoute dst=\"q\">");
    expect_die(HEAD "<zone id=\"z\" routing=\"Full\"><zone id=\"A\" routing=\"Full\"><host "
                    "id=\"a\" speed=\"1f\"/></zone><zone id=\"B\" routing=\"Full\"><host id=\"b\" "
                    "speed=\"1f\"/></zone><link id=\"l\" bandwidth=\"1Bps\"/><bypassZoneRoute "
                    "src=\"A\" dst=\"B\" gw_src=\"b\" gw_dst=\"b\"><link_ctn id=\"l\"/>"
                    "</bypassZoneRoute></zone>" TAIL,
               "gateway 'b' of <bypassZoneRoute gw_src=\"b\"> is not inside zone 'A'");
}

/* ---- Vivaldi ---- */

/* Peers p1 (0,0) height 1 and p2 (3,4) height 2 with private links; host h without links at
 * (6,8) height 0.5. Coordinates are milliseconds. */
#define VIVALDI                                                                                    \
    HEAD "<zone id=\"v\" routing=\"Vivaldi\"><peer id=\"p1\" coordinates=\"0 0 1\" "               \
         "speed=\"1Gf\" bw_in=\"100MBps\" bw_out=\"50MBps\"/><peer id=\"p2\" coordinates=\"3 4 "   \
         "2\" speed=\"1Gf\" bw_in=\"200MBps\" bw_out=\"100MBps\"/><host id=\"h\" "                 \
         "coordinates=\"6 8 0.5\" speed=\"1Gf\"/><host id=\"g\" coordinates=\"6 8 0\" "            \
         "speed=\"1Gf\"/></zone>" TAIL

Test(routing, vivaldi_latency_is_the_distance_plus_both_heights)
{
    /* p1 -> p2: p1's up link, p2's down link, (5 + 1 + 2) ms. p1 -> h: only p1's up link,
     * (10 + 1 + 0.5) ms. p1 to itself: its up and down links, 2 x 1 ms. */
    static const struct route_case cases[] = {
        { "p1", "p2", "link_p1_UP link_p2_DOWN", 8e-3 },
        { "p2", "p1", "link_p2_UP link_p1_DOWN", -1 },
        { "p1", "h", "link_p1_UP", 11.5e-3 },
        { "h", "p1", "link_p1_DOWN", -1 },
        { "p1", "p1", "link_p1_UP link_p1_DOWN", 2e-3 },
    };
    struct sim_platform *p = sim_platform_load_string(VIVALDI, "t.xml");

    check_routes(p, cases, NCASES(cases));
    cr_assert(near(sim_link_bandwidth(sim_platform_link_by_name(p, "link_p1_UP")), 5e7));
    sim_platform_free(p);
}

Test(routing, vivaldi_messages_take_the_slowest_private_link_or_only_latency)
{
    /* raw model. 1e6 B from p1 to p2: 8 ms + 1e6 / 5e7 (p1's upload) = 28 ms. From h to g, a
     * route without links: its latency only, 0.5 ms (SimGrid's CM02 ends such an action at its
     * latency), whatever the size. */
    expect_comm_time(VIVALDI, "p1", "p2", 1e6, 28e-3);
    expect_comm_time(VIVALDI, "h", "g", 1e6, 0.5e-3);
}

/* Zones A and B under a Vivaldi zone, each reached through its router router_<zone>, whose
 * coordinates stand for the zone; C has no such router. */
#define VIVALDI_ZONES                                                                              \
    HEAD "<zone id=\"w\" routing=\"Vivaldi\"><zone id=\"A\" routing=\"Full\"><host id=\"a\" "      \
         "speed=\"1f\"/><router id=\"router_A\" coordinates=\"0 0 0\"/><link id=\"la\" "           \
         "bandwidth=\"1GBps\" latency=\"1ms\"/><route src=\"a\" dst=\"router_A\"><link_ctn "       \
         "id=\"la\"/></route></zone><zone id=\"B\" routing=\"Full\"><host id=\"b\" "               \
         "speed=\"1f\"/><router id=\"router_B\" coordinates=\"30 40 0\"/><link id=\"lb\" "         \
         "bandwidth=\"1GBps\" latency=\"2ms\"/><route src=\"b\" dst=\"router_B\"><link_ctn "       \
         "id=\"lb\"/></route></zone><zone id=\"C\" routing=\"Full\"><host id=\"c\" "               \
         "speed=\"1f\"/></zone></zone>" TAIL

Test(routing, vivaldi_zones_route_through_their_router_named_after_them)
{
    /* a -> b: la, then 50 ms between router_A and router_B, then lb. */
    static const struct route_case cases[] = {
        { "a", "b", "la lb", 1e-3 + 50e-3 + 2e-3 },
    };
    struct sim_platform *p = sim_platform_load_string(VIVALDI_ZONES, "t.xml");

    check_routes(p, cases, NCASES(cases));
    sim_platform_free(p);
    expect_route_die(VIVALDI_ZONES, "a", "c",
                     "no route from 'a' to 'c': zone 'C' in the Vivaldi zone 'w' has no gateway; "
                     "declare a <router id=\"router_C\"");
}

Test(routing, vivaldi_errors_name_the_element)
{
    expect_route_die(HEAD "<zone id=\"v\" routing=\"Vivaldi\"><host id=\"h\" speed=\"1f\" "
                          "coordinates=\"1 2 3\"/><host id=\"k\" speed=\"1f\"/></zone>" TAIL,
                     "h", "k",
                     "no route from 'h' to 'k': 'k' in the Vivaldi zone 'v' has no coordinates");
    expect_die(HEAD "<zone id=\"v\" routing=\"Vivaldi\">\n<host id=\"h\" speed=\"1f\" "
                    "coordinates=\"1 2\"/></zone>" TAIL,
               "t.xml:2: bad coordinates '1 2' of <host id=\"h\">; expected three numbers");
    expect_die(HEAD "<zone id=\"z\" routing=\"Full\"><peer id=\"p\" speed=\"1f\" bw_in=\"1Bps\" "
                    "bw_out=\"1Bps\"/></zone>" TAIL,
               "<peer> is only valid in a zone with routing=\"Vivaldi\" (zone 'z')");
    expect_die(HEAD "<zone id=\"v\" routing=\"Vivaldi\"><host id=\"a\" speed=\"1f\"/><host "
                    "id=\"b\" speed=\"1f\"/><link id=\"l\" bandwidth=\"1Bps\"/><route src=\"a\" "
                    "dst=\"b\"><link_ctn id=\"l\"/></route></zone>" TAIL,
               "<route> is not allowed in zone 'v' with routing Vivaldi");
}

/* ---- routing="Cluster" zones ---- */

/* h1 with its own up and down links, h2 with a SPLITDUPLEX link, two cabinet hosts k1.c and
 * k2.c, and a backbone (500 us) every host reaches the centre through. */
#define CLUSTER_ZONE                                                                               \
    HEAD                                                                                           \
        "<zone id=\"top\" routing=\"Full\"><zone id=\"c\" routing=\"Cluster\"><router "            \
        "id=\"r\"/><host id=\"h1\" speed=\"1Gf\"/><link id=\"h1_up\" bandwidth=\"125MBps\" "       \
        "latency=\"100us\"/><link id=\"h1_down\" bandwidth=\"125MBps\" latency=\"100us\"/>"        \
        "<host_link id=\"h1\" up=\"h1_up\" down=\"h1_down\"/><host id=\"h2\" speed=\"1Gf\"/>"      \
        "<link id=\"l2\" bandwidth=\"125MBps\" latency=\"100us\" sharing_policy=\"SPLITDUPLEX\"/>" \
        "<host_link id=\"h2\" up=\"l2_UP\" down=\"l2_DOWN\"/><cabinet id=\"cab\" prefix=\"k\" "    \
        "suffix=\".c\" radical=\"1-2\" speed=\"1Gf\" bw=\"125MBps\" lat=\"50us\"/><backbone "      \
        "id=\"bb\" bandwidth=\"1GBps\" latency=\"500us\"/></zone></zone>" TAIL

Test(routing, cluster_zone_hosts_reach_each_other_through_the_backbone)
{
    /* Up link and backbone, then the backbone (once) and the down link; cabinet hosts are made
     * when the zone closes, after the hosts declared in it, with links link_<host>_UP/_DOWN. */
    static const struct route_case cases[] = {
        { "h1", "h2", "h1_up bb l2_DOWN", 700e-6 },
        { "h1", "k1.c", "h1_up bb link_k1.c_DOWN", 650e-6 },
        { "k1.c", "k2.c", "link_k1.c_UP bb link_k2.c_DOWN", -1 },
        { "h1", "h1", "h1_up bb h1_down", -1 },
    };
    struct sim_platform *p = sim_platform_load_string(CLUSTER_ZONE, "t.xml");

    check_routes(p, cases, NCASES(cases));
    cr_assert_str_eq(sim_host_name(sim_platform_host(p, 2)), "k1.c");
    sim_platform_free(p);
}

Test(routing, cluster_zone_message_is_bound_by_the_private_links)
{
    /* raw model: 1e6 B from h1 to k2.c: 650 us + 1e6 / 1.25e8 = 8.65 ms. */
    expect_comm_time(CLUSTER_ZONE, "h1", "k2.c", 1e6, 650e-6 + 8e-3);
}

Test(routing, cluster_zone_errors_name_file_line_and_fix)
{
    expect_die(HEAD "<zone id=\"c\" routing=\"Cluster\"><host id=\"h\" speed=\"1f\"/>\n"
                    "<host_link id=\"h\" up=\"nope\" down=\"nope\"/></zone>" TAIL,
               "t.xml:2: unknown link 'nope' in <host_link up=\"nope\">");
    expect_die(HEAD "<zone id=\"c\" routing=\"Cluster\"><link id=\"l\" bandwidth=\"1Bps\"/>"
                    "<host_link id=\"h\" up=\"l\" down=\"l\"/></zone>" TAIL,
               "<host_link id=\"h\">: no host 'h' in zone 'c'");
    expect_die(HEAD "<zone id=\"z\" routing=\"Full\"><cabinet id=\"k\" prefix=\"k\" suffix=\"\" "
                    "radical=\"1\" speed=\"1f\" bw=\"1Bps\" lat=\"0\"/></zone>" TAIL,
               "<cabinet> is only valid in a zone with routing=\"Cluster\" (zone 'z')");
    expect_die(HEAD "<zone id=\"c\" routing=\"Cluster\"><backbone id=\"b1\" bandwidth=\"1Bps\" "
                    "latency=\"0\"/>\n<backbone id=\"b2\" bandwidth=\"1Bps\" latency=\"0\"/>"
                    "</zone>" TAIL,
               "t.xml:2: zone 'c' has a second <backbone> (the first is at line 1)");
}

/* ---- the route memo (network.c) ---- */

#define MEMO_HOSTS 8

/* Every ordered pair (i, j), i != j, of MEMO_HOSTS hosts, one message after the other, three
 * rounds in a shuffled order: each source has 7 destinations and the memo keeps 4 routes per
 * source, so routes are evicted and computed again between uses. */
struct memo_job {
    int order[MEMO_HOSTS * (MEMO_HOSTS - 1)][2];
    double took[3][MEMO_HOSTS * (MEMO_HOSTS - 1)];
};

static void memo_actor(void *arg)
{
    struct memo_job *j = arg;
    const struct sim_platform *p = sim_engine_platform();
    char a[8];
    char b[8];

    for (int round = 0; round < 3; round++)
        for (int k = 0; k < MEMO_HOSTS * (MEMO_HOSTS - 1); k++) {
            double start = sim_now();
            struct sim_activity *act;

            snprintf(a, sizeof(a), "h%d", j->order[k][0]);
            snprintf(b, sizeof(b), "h%d", j->order[k][1]);
            act = sim_comm_start(sim_platform_host_by_name(p, a), sim_platform_host_by_name(p, b),
                                 1e6, -1);
            sim_activity_wait(act);
            sim_activity_unref(act);
            j->took[round][k] = sim_now() - start;
        }
}

Test(routing, route_memo_gives_every_route_when_routes_are_evicted)
{
    /* A Cluster zone of 8 hosts, host i on its own SPLITDUPLEX link of (i + 1) x 10 us and
     * 125 MB/s, and a 10 GB/s backbone of 500 us; CM02 with crosstraffic (each message also
     * looks up its reverse route) and no factors. A message of 1e6 bytes alone from hi to hj
     * takes (i + 1) x 10 us + 500 us + (j + 1) x 10 us + 1e6 / 1.25e8 s (the reverse route
     * carries 5% of the flow on other links), every time, whichever routes the memo kept. */
    char xml[4096];
    size_t len = 0;
    struct memo_job *j = calloc(1, sizeof(*j));
    struct sim_config cfg;
    int k = 0;

    len += (size_t)snprintf(xml + len, sizeof(xml) - len,
                            HEAD "<zone id=\"c\" routing=\"Cluster\"><router id=\"r\"/>");
    for (int i = 0; i < MEMO_HOSTS; i++)
        len += (size_t)snprintf(xml + len, sizeof(xml) - len,
                                "<host id=\"h%d\" speed=\"1Gf\"/><link id=\"l%d\" "
                                "bandwidth=\"125MBps\" latency=\"%dus\" "
                                "sharing_policy=\"SPLITDUPLEX\"/><host_link id=\"h%d\" "
                                "up=\"l%d_UP\" down=\"l%d_DOWN\"/>",
                                i, i, 10 * (i + 1), i, i, i);
    snprintf(xml + len, sizeof(xml) - len,
             "<backbone id=\"bb\" bandwidth=\"10GBps\" latency=\"500us\"/></zone>" TAIL);
    for (int i = 0; i < MEMO_HOSTS; i++)
        for (int d = 1; d < MEMO_HOSTS; d++) { /* sources interleaved, destinations spread */
            j->order[k][0] = (i * 3 + d) % MEMO_HOSTS;
            j->order[k][1] = (j->order[k][0] + (d * 5) % MEMO_HOSTS) % MEMO_HOSTS;
            if (j->order[k][1] == j->order[k][0])
                j->order[k][1] = (j->order[k][0] + d) % MEMO_HOSTS;
            k++;
        }
    sim_config_defaults(&cfg, SIM_NET_CM02);
    cr_assert(cfg.crosstraffic);
    sim_engine_init(&cfg, sim_platform_load_string(xml, "t.xml"));
    sim_factor_table_free(&cfg.lat_factor);
    sim_factor_table_free(&cfg.bw_factor);
    sim_actor_create("memo", sim_platform_host_by_name(sim_engine_platform(), "h0"), memo_actor, j);
    cr_assert_eq(sim_engine_run(), 0);
    sim_engine_shutdown();
    for (int round = 0; round < 3; round++)
        for (k = 0; k < MEMO_HOSTS * (MEMO_HOSTS - 1); k++) {
            int s = j->order[k][0];
            int d = j->order[k][1];
            double want = 10e-6 * (s + 1) + 500e-6 + 10e-6 * (d + 1) + 1e6 / 1.25e8;

            cr_assert_neq(s, d);
            cr_assert(near(j->took[round][k], want),
                      "round %d, h%d -> h%d: %.12g s, expected %.12g", round, s, d,
                      j->took[round][k], want);
        }
    free(j);
}
