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
    struct sim_platform *p = sim_platform_load_string(ABC, "t.xml");
    double lat = 0;

    cr_assert_str_eq(route_str(p, "a", "b", &lat), "l");
    cr_assert(near(lat, 1e-3));
    cr_assert_eq(sim_route_find(p, sim_platform_host_by_name(p, "a"),
                                sim_platform_host_by_name(p, "c"), NULL, 0, &lat),
                 -1);
    sim_platform_free(p);
    expect_route_die(ABC, "a", "c",
                     "no route from 'a' to 'c': zone 'z' (routing Full) declares no route from "
                     "'a' to 'c'; declare a <route> between them");
}

Test(routing, missing_routes_name_the_zone_at_each_level)
{
    /* Floyd finds no path a -> c; a Full zone with two child zones and no zoneRoute names the
     * zones; a None zone routes nothing. */
    expect_route_die(HEAD "<zone id=\"z\" routing=\"Floyd\"><host id=\"a\" speed=\"1f\"/><host "
                          "id=\"b\" speed=\"1f\"/><host id=\"c\" speed=\"1f\"/><link id=\"l\" "
                          "bandwidth=\"1Bps\"/><route src=\"a\" dst=\"b\"><link_ctn id=\"l\"/>"
                          "</route></zone>" TAIL,
                     "a", "c", "zone 'z' (routing Floyd) declares no route from 'a' to 'c'");
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
