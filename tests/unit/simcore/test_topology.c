/* Cluster topology tests: TORUS, FAT_TREE and DRAGONFLY clusters of a few nodes, with the links
 * SimGrid 3.32 creates, the links each route takes in order, its latency, the time of messages
 * under the raw model, and the messages that name a wrong topo_parameters field. */
#include <criterion/criterion.h>
#include <string.h>

#include "simcore/platform_impl.h"
#include "simcore/simcore.h"
#include "platform_util.h"

/* 3 x 2 torus of SPLITDUPLEX links (1 GBps, 10 us), limiters of 500 MBps, loopbacks. Node n is
 * at x = n % 3, y = n / 3. */
#define TORUS                                                                                      \
    HEAD "<zone id=\"w\" routing=\"Full\"><cluster id=\"t\" prefix=\"n\" suffix=\"\" "             \
         "radical=\"0-5\" speed=\"1Gf\" bw=\"1GBps\" lat=\"10us\" topology=\"TORUS\" "             \
         "topo_parameters=\"3,2\" limiter_link=\"500MBps\" loopback_bw=\"10GBps\" "                \
         "loopback_lat=\"1us\"/></zone>" TAIL

Test(topology, torus_routes_dimension_by_dimension_with_wraparound)
{
    /* Each node owns the link to its next neighbour along x and along y. n0 -> n1 goes up x on
     * n0's link; n0 -> n2 wraps down x on n2's link to n0; n0 -> n5 goes down x to n2 then up y
     * on n2's link to n5 (2 hops: 20 us); n4 -> n0 goes down x to n3 then down y to n0. Every
     * hop passes the limiter of the node it leaves, the last one the destination's; a node to
     * itself takes its loopback (1 us). */
    static const struct route_case cases[] = {
        { "n0", "n1", "t_link_0_limiter t_link_from_0_to_1_UP t_link_1_limiter", 10e-6 },
        { "n1", "n0", "t_link_1_limiter t_link_from_0_to_1_DOWN t_link_0_limiter", -1 },
        { "n0", "n2", "t_link_0_limiter t_link_from_2_to_0_DOWN t_link_2_limiter", -1 },
        { "n0", "n5",
          "t_link_0_limiter t_link_from_2_to_0_DOWN t_link_2_limiter t_link_from_2_to_5_UP "
          "t_link_5_limiter",
          20e-6 },
        { "n4", "n0",
          "t_link_4_limiter t_link_from_3_to_4_DOWN t_link_3_limiter t_link_from_0_to_3_DOWN "
          "t_link_0_limiter",
          -1 },
        { "n3", "n3", "t_link_3_loopback", 1e-6 },
    };
    struct sim_platform *p = sim_platform_load_string(TORUS, "t.xml");

    cr_assert_eq(sim_platform_host_count(p), 6);
    check_routes(p, cases, NCASES(cases));
    cr_assert(near(sim_link_bandwidth(sim_platform_link_by_name(p, "t_link_2_limiter")), 5e8));
    sim_platform_free(p);
}

Test(topology, torus_messages_share_the_limiters)
{
    /* raw model. 1e6 B from n0 to n5 alone: 20 us + 1e6 / 5e8 (the limiters) = 2.02 ms. n0 -> n1
     * and n1 -> n0 together use opposite directions of the split link but both limiters of n0
     * and n1: 2.5e8 B/s each, 10 us + 4 ms. */
    static const char *const both[] = { "n0", "n1", "n1", "n0" };
    const double bytes[] = { 1e6, 1e6 };
    double done[2];

    expect_comm_time(TORUS, "n0", "n5", 1e6, 20e-6 + 2e-3);
    run_comms(TORUS, SIM_NET_RAW, 2, both, bytes, done);
    cr_assert(near(done[0], 10e-6 + 4e-3) && near(done[1], 10e-6 + 4e-3), "%.12g %.12g", done[0],
              done[1]);
}

Test(topology, torus_of_a_fatpipe_cluster_has_plain_shared_links)
{
    /* SimGrid's topology zones create their links without the cluster's FATPIPE policy: one
     * SHARED link per neighbour. On a ring of 4, n3 -> n1 is 2 hops either way: n3 is past the
     * middle and 1 is within half a ring ahead after wrapping, so it goes up through n0. Without
     * loopback a node to itself crosses only its limiter. */
    static const struct route_case cases[] = {
        { "n3", "n1",
          "t_link_3_limiter t_link_from_3_to_0 t_link_0_limiter t_link_from_0_to_1 "
          "t_link_1_limiter",
          -1 },
        { "n2", "n2", "t_link_2_limiter", 0 },
    };
    struct sim_platform *p = sim_platform_load_string(
        HEAD
        "<cluster id=\"t\" prefix=\"n\" suffix=\"\" radical=\"0-3\" speed=\"1Gf\" bw=\"1GBps\" "
        "lat=\"10us\" topology=\"TORUS\" topo_parameters=\"4\" sharing_policy=\"FATPIPE\" "
        "limiter_link=\"2GBps\"/>" TAIL,
        "t.xml");

    cr_assert_not(sim_platform_link_by_name(p, "t_link_from_3_to_0")->fatpipe);
    check_routes(p, cases, NCASES(cases));
    sim_platform_free(p);
}

/* Two levels over 4 nodes: one parent per node, two per level-1 switch, single cables, SHARED
 * links of 1 GBps and 10 us. Switches are 7, 6 (level 1) and 5, 4 (level 2); node n hangs on
 * switch 7 - n / 2; each level-1 switch links to 5 then 4. */
#define FAT_TREE(extra)                                                                            \
    HEAD "<cluster id=\"f\" prefix=\"n\" suffix=\"\" radical=\"0-3\" speed=\"1Gf\" bw=\"1GBps\" "  \
         "lat=\"10us\" topology=\"FAT_TREE\" topo_parameters=\"2;2,2;1,2;1,1\" "                   \
         "sharing_policy=\"SHARED\" " extra "/>" TAIL

Test(topology, fat_tree_goes_up_by_d_mod_k_and_down_by_labels)
{
    /* n0 -> n1: up to switch 7, down to n1. n0 -> n3: the destination's position 3 picks parent
     * 3 mod 2 = 1 (switch 4), then down through 6; n1 -> n2 picks parent 0 (switch 5). Links
     * are numbered in creation order, level by level. */
    static const struct route_case cases[] = {
        { "n0", "n1", "link_from_0_7_0 link_from_1_7_1", 20e-6 },
        { "n0", "n3", "link_from_0_7_0 link_from_7_4_5 link_from_6_4_7 link_from_3_6_3", 40e-6 },
        { "n1", "n2", "link_from_1_7_1 link_from_7_5_4 link_from_6_5_6 link_from_2_6_2", -1 },
        { "n2", "n2", "link_from_2_6_2 link_from_2_6_2", -1 },
    };

    expect_routes(FAT_TREE(""), cases, NCASES(cases));
}

Test(topology, fat_tree_limiters_follow_each_switch_crossed)
{
    /* With limiter_link: the source's limiter before its up link, a switch's limiter after the
     * down link that leaves it, the destination's last; switch limiters are named after their
     * id (7), node ones after their position. */
    static const struct route_case cases[] = {
        { "n0", "n1",
          "f_link_0_limiter link_from_0_7_0 link_from_1_7_1 f_link_7_limiter f_link_1_limiter",
          -1 },
    };
    struct sim_platform *p = sim_platform_load_string(FAT_TREE("limiter_link=\"3GBps\""), "t.xml");

    check_routes(p, cases, NCASES(cases));
    sim_platform_free(p);
}

Test(topology, fat_tree_d_mod_k_spreads_two_flows_over_both_cores)
{
    /* raw model, 1e6 B each: n0 -> n3 (through switch 4) and n1 -> n2 (through switch 5) share
     * no link: 40 us + 1 ms each. n0 -> n3 and n1 -> n3 share 7 -> 4, 6 -> 4 and 6 -> n3:
     * 40 us + 2 ms each. */
    static const char *const apart[] = { "n0", "n3", "n1", "n2" };
    static const char *const shared[] = { "n0", "n3", "n1", "n3" };
    const double bytes[] = { 1e6, 1e6 };
    double done[2];

    run_comms(FAT_TREE(""), SIM_NET_RAW, 2, apart, bytes, done);
    cr_assert(near(done[0], 40e-6 + 1e-3) && near(done[1], 40e-6 + 1e-3), "%.12g %.12g", done[0],
              done[1]);
    run_comms(FAT_TREE(""), SIM_NET_RAW, 2, shared, bytes, done);
    cr_assert(near(done[0], 40e-6 + 2e-3) && near(done[1], 40e-6 + 2e-3), "%.12g %.12g", done[0],
              done[1]);
}

/* 2 groups (2 parallel blue links) of 1 chassis of 2 routers of 1 node, SPLITDUPLEX links of
 * 1 GBps and 10 us. Routers r0, r1 (group 0), r2, r3 (group 1); node n is on router n. */
#define DRAGONFLY                                                                                  \
    HEAD "<cluster id=\"d\" prefix=\"n\" suffix=\"\" radical=\"0-3\" speed=\"1Gf\" bw=\"1GBps\" "  \
         "lat=\"10us\" topology=\"DRAGONFLY\" topo_parameters=\"2,2;1,1;2,1;1\"/>" TAIL

Test(topology, dragonfly_crosses_groups_through_the_router_of_the_target_group)
{
    /* n0 -> n3: green to r1 (router 1 holds the blue link to group 1), blue to r2, green to r3,
     * down to n3: 5 hops, 50 us. Back: green r3 -> r2, blue r2 -> r1, green r1 -> r0. Inside a
     * group: one green hop. The blue link carries 2 x 1 GBps. */
    static const struct route_case cases[] = {
        { "n0", "n3",
          "local_link_from_router_0_to_node_0_0_UP "
          "green_link_in_chassis_0_between_routers_0_and_1_4_UP "
          "blue_link_between_group_0_and_1_routers_1_and_2_6_UP "
          "green_link_in_chassis_0_between_routers_0_and_1_5_UP "
          "local_link_from_router_3_to_node_0_3_DOWN",
          50e-6 },
        { "n3", "n0",
          "local_link_from_router_3_to_node_0_3_UP "
          "green_link_in_chassis_0_between_routers_0_and_1_5_DOWN "
          "blue_link_between_group_0_and_1_routers_1_and_2_6_DOWN "
          "green_link_in_chassis_0_between_routers_0_and_1_4_DOWN "
          "local_link_from_router_0_to_node_0_0_DOWN",
          -1 },
        { "n0", "n1",
          "local_link_from_router_0_to_node_0_0_UP "
          "green_link_in_chassis_0_between_routers_0_and_1_4_UP "
          "local_link_from_router_1_to_node_0_1_DOWN",
          -1 },
    };
    struct sim_platform *p = sim_platform_load_string(DRAGONFLY, "t.xml");

    check_routes(p, cases, NCASES(cases));
    cr_assert(near(sim_link_bandwidth(sim_platform_link_by_name(
                       p, "blue_link_between_group_0_and_1_routers_1_and_2_6_UP")),
                   2e9));
    sim_platform_free(p);
}

Test(topology, dragonfly_message_time_is_latency_plus_size_over_bandwidth)
{
    /* raw model: 1e6 B from n0 to n3 alone: 5 x 10 us + 1e6 / 1e9 = 1.05 ms. */
    expect_comm_time(DRAGONFLY, "n0", "n3", 1e6, 50e-6 + 1e-3);
}

#define CLUSTER(topo, params, radicals)                                                            \
    HEAD "<cluster id=\"c\" prefix=\"n\" suffix=\"\" radical=\"" radicals "\" speed=\"1Gf\" "      \
         "bw=\"1GBps\" lat=\"1us\" topology=\"" topo "\" topo_parameters=\"" params "\"/>" TAIL

Test(topology, bad_topo_parameters_name_the_wrong_field)
{
    /* Each mistake dies with status 1, "t.xml:1:", the cluster and the field. */
    expect_die(CLUSTER("TORUS", "3,x", "0-5"),
               "t.xml:1: bad topo_parameters '3,x' of the TORUS cluster 'c': dimension 2 is 'x', "
               "not a positive integer; expected the number of nodes along each dimension");
    expect_die(CLUSTER("TORUS", "", "0-5"), "dimension 1 is '', not a positive integer");
    expect_die(CLUSTER("TORUS", "3,2", "0-3"),
               "t.xml:1: the TORUS cluster 'c' has 6 nodes (topo_parameters '3,2') but its "
               "radical attribute lists 4; list 6 radicals");
    expect_die(CLUSTER("FAT_TREE", "2;4,4;1,2", "0-15"),
               "of the FAT_TREE cluster 'c': 3 fields separated by ';' where 4 are needed; "
               "expected 'levels;down counts;up counts;parallel link counts'");
    expect_die(CLUSTER("FAT_TREE", "2;4,4;1;1,2", "0-15"),
               "field 3 (the up counts) has 1 value for 2 levels");
    expect_die(CLUSTER("FAT_TREE", "0;4;1;1", "0-15"), "level count 1 is '0', not a positive");
    expect_die(CLUSTER("DRAGONFLY", "3,4;4,3;5;2", "0-119"),
               "field 3 must be two numbers: the router count and the number of parallel links");
    expect_die(CLUSTER("DRAGONFLY", "3,1;1,1;2,1;1", "0-5"),
               "3 groups need at least 3 routers per chassis (field 3)");
    expect_die(CLUSTER("DRAGONFLY", "1,1;1,1;1,1;1;1", "0"), "5 fields separated by ';'");
    expect_die(CLUSTER("RING", "3", "0-2"),
               "bad value 'RING' for attribute 'topology' of <cluster>; valid: FLAT, TORUS, "
               "FAT_TREE, DRAGONFLY");
}
