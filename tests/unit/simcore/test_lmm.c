/* Max-min solver tests: closed-form sharing cases, the modified queue and selective update, and
 * a randomized check of feasibility, fairness and incremental == from-scratch solving. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "simcore/lmm.h"

#define PRECISION 1e-5
#define REL_TOL 1e-9

static bool near(double actual, double expected)
{
    return fabs(actual - expected) <= REL_TOL * fmax(1.0, fmax(fabs(actual), fabs(expected)));
}

#define assert_value(var, expected)                                                                \
    cr_assert(near(sim_lmm_var_value(var), (expected)), "%s = %.17g, expected %.17g", #var,        \
              sim_lmm_var_value(var), (double)(expected))

/* Tags used as variable ids: the address of an element of this array. */
static int tags[64];

/* Pops the whole modified queue into `out` (ids as tag indices); returns how many. */
static int drain(struct sim_lmm_system *sys, int *out, int cap)
{
    void *id;
    int n = 0;

    while ((id = sim_lmm_pop_modified(sys)) != NULL) {
        cr_assert_lt(n, cap, "modified queue longer than %d", cap);
        out[n++] = (int)((int *)id - tags);
    }
    return n;
}

static bool contains(const int *ids, int n, int id)
{
    int i;

    for (i = 0; i < n; i++)
        if (ids[i] == id)
            return true;
    return false;
}

Test(lmm, two_flows_share_one_link_equally)
{
    /* One SHARED link of 100, two unbounded flows of penalty 1: each gets 100 / 2 = 50. */
    struct sim_lmm_system *sys = sim_lmm_system_new(true, PRECISION);
    struct sim_lmm_cnst *link = sim_lmm_cnst_new(sys, NULL, 100, false);
    struct sim_lmm_var *f1 = sim_lmm_var_new(sys, &tags[1], 1, -1, 1);
    struct sim_lmm_var *f2 = sim_lmm_var_new(sys, &tags[2], 1, -1, 1);

    sim_lmm_expand(sys, link, f1, 1);
    sim_lmm_expand(sys, link, f2, 1);
    sim_lmm_solve(sys);
    assert_value(f1, 50);
    assert_value(f2, 50);
    cr_assert(near(sim_lmm_cnst_usage(link), 100));
    sim_lmm_system_free(sys);
}

Test(lmm, linear_network_shares_the_bottleneck_first)
{
    /* Link A = 100 carries f1 and f2, link B = 60 carries f2 and f3. B saturates first at
     * 60 / 2 = 30 (A would at 100 / 2 = 50): f2 = f3 = 30. A has 70 left, all for f1: f1 = 70. */
    struct sim_lmm_system *sys = sim_lmm_system_new(false, PRECISION);
    struct sim_lmm_cnst *a = sim_lmm_cnst_new(sys, NULL, 100, false);
    struct sim_lmm_cnst *b = sim_lmm_cnst_new(sys, NULL, 60, false);
    struct sim_lmm_var *f1 = sim_lmm_var_new(sys, &tags[1], 1, -1, 1);
    struct sim_lmm_var *f2 = sim_lmm_var_new(sys, &tags[2], 1, -1, 2);
    struct sim_lmm_var *f3 = sim_lmm_var_new(sys, &tags[3], 1, -1, 1);

    sim_lmm_expand(sys, a, f1, 1);
    sim_lmm_expand(sys, a, f2, 1);
    sim_lmm_expand(sys, b, f2, 1);
    sim_lmm_expand(sys, b, f3, 1);
    sim_lmm_solve(sys);
    assert_value(f1, 70);
    assert_value(f2, 30);
    assert_value(f3, 30);
    cr_assert_eq(sim_lmm_var_cnst_count(f2), 2);
    sim_lmm_system_free(sys);
}

Test(lmm, bounded_flow_leaves_the_rest_to_others)
{
    /* Link of 100, f1 bounded at 10 (e.g. a TCP window), f2 and f3 unbounded. The fair share
     * 33.3 exceeds f1's bound, so f1 = 10 and the others split 90: 45 each. */
    struct sim_lmm_system *sys = sim_lmm_system_new(true, PRECISION);
    struct sim_lmm_cnst *link = sim_lmm_cnst_new(sys, NULL, 100, false);
    struct sim_lmm_var *f1 = sim_lmm_var_new(sys, &tags[1], 1, 10, 1);
    struct sim_lmm_var *f2 = sim_lmm_var_new(sys, &tags[2], 1, -1, 1);
    struct sim_lmm_var *f3 = sim_lmm_var_new(sys, &tags[3], 1, -1, 1);

    sim_lmm_expand(sys, link, f1, 1);
    sim_lmm_expand(sys, link, f2, 1);
    sim_lmm_expand(sys, link, f3, 1);
    sim_lmm_solve(sys);
    assert_value(f1, 10);
    assert_value(f2, 45);
    assert_value(f3, 45);
    /* A bound above the fair share does not bind: 100 / 3 each. */
    sim_lmm_var_set_bound(sys, f1, 50);
    sim_lmm_solve(sys);
    assert_value(f1, 100.0 / 3);
    assert_value(f2, 100.0 / 3);
    sim_lmm_system_free(sys);
}

Test(lmm, penalties_share_inversely)
{
    /* Link of 90, penalties 1 and 2: rates are level / penalty, so x + x / 2 = 90 gives 60 and
     * 30. Setting both penalties to 2 makes it even again: 45 and 45. */
    struct sim_lmm_system *sys = sim_lmm_system_new(true, PRECISION);
    struct sim_lmm_cnst *link = sim_lmm_cnst_new(sys, NULL, 90, false);
    struct sim_lmm_var *f1 = sim_lmm_var_new(sys, &tags[1], 1, -1, 1);
    struct sim_lmm_var *f2 = sim_lmm_var_new(sys, &tags[2], 2, -1, 1);

    sim_lmm_expand(sys, link, f1, 1);
    sim_lmm_expand(sys, link, f2, 1);
    sim_lmm_solve(sys);
    assert_value(f1, 60);
    assert_value(f2, 30);
    sim_lmm_var_set_penalty(sys, f1, 2);
    sim_lmm_solve(sys);
    assert_value(f1, 45);
    assert_value(f2, 45);
    cr_assert(near(sim_lmm_var_penalty(f1), 2));
    sim_lmm_system_free(sys);
}

Test(lmm, fatpipe_gives_each_flow_the_full_capacity)
{
    /* A FATPIPE of 100 limits each flow separately: three flows get 100 each. Adding a SHARED
     * link of 120 under f1 and f2 caps them at 120 / 2 = 60 (it saturates at level 60, below the
     * fatpipe's 100); f3 keeps 100. */
    struct sim_lmm_system *sys = sim_lmm_system_new(true, PRECISION);
    struct sim_lmm_cnst *pipe = sim_lmm_cnst_new(sys, NULL, 100, true);
    struct sim_lmm_cnst *link = sim_lmm_cnst_new(sys, NULL, 120, false);
    struct sim_lmm_var *f[3];
    int i;

    for (i = 0; i < 3; i++) {
        f[i] = sim_lmm_var_new(sys, &tags[i], 1, -1, 2);
        sim_lmm_expand(sys, pipe, f[i], 1);
    }
    sim_lmm_solve(sys);
    for (i = 0; i < 3; i++)
        assert_value(f[i], 100);
    cr_assert(near(sim_lmm_cnst_usage(pipe), 100));
    sim_lmm_expand(sys, link, f[0], 1);
    sim_lmm_expand(sys, link, f[1], 1);
    sim_lmm_solve(sys);
    assert_value(f[0], 60);
    assert_value(f[1], 60);
    assert_value(f[2], 100);
    sim_lmm_system_free(sys);
}

Test(lmm, fatpipe_shares_by_penalty_like_simgrid)
{
    /* FATPIPE of 100 with penalties 1 and 2. It saturates when the flow with the largest
     * weight / penalty (f1) reaches 100, i.e. at level 100, and SimGrid's maxmin fixes every flow
     * of a saturated constraint at level / penalty: f1 = 100, f2 = 50. */
    struct sim_lmm_system *sys = sim_lmm_system_new(true, PRECISION);
    struct sim_lmm_cnst *pipe = sim_lmm_cnst_new(sys, NULL, 100, true);
    struct sim_lmm_var *f1 = sim_lmm_var_new(sys, &tags[1], 1, -1, 1);
    struct sim_lmm_var *f2 = sim_lmm_var_new(sys, &tags[2], 2, -1, 1);

    sim_lmm_expand(sys, pipe, f1, 1);
    sim_lmm_expand(sys, pipe, f2, 1);
    sim_lmm_solve(sys);
    assert_value(f1, 100);
    assert_value(f2, 50);
    sim_lmm_system_free(sys);
}

Test(lmm, disabled_variable_gets_nothing_and_frees_capacity)
{
    /* Link of 100 with three flows: 33.3 each. Disabling f3 (penalty 0, e.g. latency not yet
     * paid) gives f3 = 0 and 50 to f1 and f2; f3 is queued as modified. Enabling it again
     * restores 33.3 each. A flow created disabled gets 0 and takes nothing. */
    struct sim_lmm_system *sys = sim_lmm_system_new(true, PRECISION);
    struct sim_lmm_cnst *link = sim_lmm_cnst_new(sys, NULL, 100, false);
    struct sim_lmm_var *f[4];
    int ids[8];
    int n;
    int i;

    for (i = 0; i < 3; i++) {
        f[i] = sim_lmm_var_new(sys, &tags[i], 1, -1, 1);
        sim_lmm_expand(sys, link, f[i], 1);
    }
    sim_lmm_solve(sys);
    drain(sys, ids, 8);
    sim_lmm_var_set_penalty(sys, f[2], 0);
    sim_lmm_solve(sys);
    assert_value(f[0], 50);
    assert_value(f[1], 50);
    assert_value(f[2], 0);
    n = drain(sys, ids, 8);
    cr_assert_eq(n, 3);
    cr_assert(contains(ids, n, 2), "the disabled variable must be queued");
    sim_lmm_var_set_penalty(sys, f[2], 1);
    f[3] = sim_lmm_var_new(sys, &tags[3], 0, -1, 1);
    sim_lmm_expand(sys, link, f[3], 1);
    sim_lmm_solve(sys);
    for (i = 0; i < 3; i++)
        assert_value(f[i], 100.0 / 3);
    assert_value(f[3], 0);
    sim_lmm_system_free(sys);
}

Test(lmm, element_weights_scale_consumption)
{
    /* Crosstraffic: f1 uses link L (100) forward with weight 1, f2 uses it backwards with
     * weight 0.05. Equal penalties: x (1 + 0.05) = 100, both get 100 / 1.05. Then f2 also
     * crosses a link of 10: f2 = 10, and f1 takes what is left on L: 100 - 0.05 * 10 = 99.5. */
    struct sim_lmm_system *sys = sim_lmm_system_new(true, PRECISION);
    struct sim_lmm_cnst *l = sim_lmm_cnst_new(sys, NULL, 100, false);
    struct sim_lmm_cnst *slow = sim_lmm_cnst_new(sys, NULL, 10, false);
    struct sim_lmm_var *f1 = sim_lmm_var_new(sys, &tags[1], 1, -1, 1);
    struct sim_lmm_var *f2 = sim_lmm_var_new(sys, &tags[2], 1, -1, 2);

    sim_lmm_expand(sys, l, f1, 1);
    sim_lmm_expand(sys, l, f2, 0.05);
    sim_lmm_solve(sys);
    assert_value(f1, 100 / 1.05);
    assert_value(f2, 100 / 1.05);
    sim_lmm_expand(sys, slow, f2, 1);
    sim_lmm_solve(sys);
    assert_value(f2, 10);
    assert_value(f1, 99.5);
    sim_lmm_system_free(sys);
}

Test(lmm, second_expand_adds_on_shared_and_keeps_max_on_fatpipe)
{
    /* Expanding twice on a SHARED link of 100 with weights 1 and 1 makes weight 2: x = 50.
     * On a FATPIPE of 100 the weights 1 then 4 keep 4: y = 25 (and 4 then 1 would keep 4). */
    struct sim_lmm_system *sys = sim_lmm_system_new(true, PRECISION);
    struct sim_lmm_cnst *link = sim_lmm_cnst_new(sys, NULL, 100, false);
    struct sim_lmm_cnst *pipe = sim_lmm_cnst_new(sys, NULL, 100, true);
    struct sim_lmm_var *x = sim_lmm_var_new(sys, &tags[1], 1, -1, 1);
    struct sim_lmm_var *y = sim_lmm_var_new(sys, &tags[2], 1, -1, 1);

    sim_lmm_expand(sys, link, x, 1);
    sim_lmm_expand(sys, link, x, 1);
    sim_lmm_expand(sys, pipe, y, 1);
    sim_lmm_expand(sys, pipe, y, 4);
    sim_lmm_expand(sys, pipe, y, 1);
    sim_lmm_solve(sys);
    assert_value(x, 50);
    assert_value(y, 25);
    cr_assert_eq(sim_lmm_var_cnst_count(x), 1);
    sim_lmm_system_free(sys);
}

Test(lmm, constraint_bound_change_reshares)
{
    /* Two flows on a link of 100 get 50 each; a bandwidth change to 30 gives 15 each, and to 0
     * stalls both at 0 (a zero-capacity constraint saturates at level 0). */
    struct sim_lmm_system *sys = sim_lmm_system_new(true, PRECISION);
    struct sim_lmm_cnst *link = sim_lmm_cnst_new(sys, NULL, 100, false);
    struct sim_lmm_var *f1 = sim_lmm_var_new(sys, &tags[1], 1, -1, 1);
    struct sim_lmm_var *f2 = sim_lmm_var_new(sys, &tags[2], 1, -1, 1);

    sim_lmm_expand(sys, link, f1, 1);
    sim_lmm_expand(sys, link, f2, 1);
    sim_lmm_solve(sys);
    sim_lmm_cnst_set_bound(sys, link, 30);
    sim_lmm_solve(sys);
    assert_value(f1, 15);
    assert_value(f2, 15);
    cr_assert(near(sim_lmm_cnst_bound(link), 30));
    sim_lmm_cnst_set_bound(sys, link, 0);
    sim_lmm_solve(sys);
    cr_assert_eq(sim_lmm_var_value(f1), 0.0);
    cr_assert_eq(sim_lmm_var_value(f2), 0.0);
    sim_lmm_system_free(sys);
}

Test(lmm, variable_without_constraint_runs_at_its_bound)
{
    /* A variable using no constraint is limited by nothing but its bound: bound 5 gives 5; an
     * unbounded one gets 0 (documented choice: there is no finite max-min value). */
    struct sim_lmm_system *sys = sim_lmm_system_new(true, PRECISION);
    struct sim_lmm_var *b = sim_lmm_var_new(sys, &tags[1], 1, 5, 0);
    struct sim_lmm_var *u = sim_lmm_var_new(sys, &tags[2], 1, -1, 0);
    int ids[4];

    sim_lmm_solve(sys);
    assert_value(b, 5);
    assert_value(u, 0);
    cr_assert_eq(drain(sys, ids, 4), 2);
    sim_lmm_var_set_bound(sys, b, 7);
    sim_lmm_solve(sys);
    assert_value(b, 7);
    cr_assert_eq(drain(sys, ids, 4), 1);
    cr_assert_eq(ids[0], 1);
    sim_lmm_system_free(sys);
}

Test(lmm, tied_bottlenecks_saturate_together)
{
    /* Links A = 50 (f1, f2) and B = 50 (f3, f4) and C = 100 (f2, f3): A and B tie at level 25,
     * C would saturate at 50. All four flows get 25; C keeps 50 spare. */
    struct sim_lmm_system *sys = sim_lmm_system_new(false, PRECISION);
    struct sim_lmm_cnst *a = sim_lmm_cnst_new(sys, NULL, 50, false);
    struct sim_lmm_cnst *b = sim_lmm_cnst_new(sys, NULL, 50, false);
    struct sim_lmm_cnst *c = sim_lmm_cnst_new(sys, NULL, 100, false);
    struct sim_lmm_var *f[4];
    int i;

    for (i = 0; i < 4; i++)
        f[i] = sim_lmm_var_new(sys, &tags[i], 1, -1, 2);
    sim_lmm_expand(sys, a, f[0], 1);
    sim_lmm_expand(sys, a, f[1], 1);
    sim_lmm_expand(sys, b, f[2], 1);
    sim_lmm_expand(sys, b, f[3], 1);
    sim_lmm_expand(sys, c, f[1], 1);
    sim_lmm_expand(sys, c, f[2], 1);
    sim_lmm_solve(sys);
    for (i = 0; i < 4; i++)
        assert_value(f[i], 25);
    cr_assert(near(sim_lmm_cnst_usage(c), 50));
    sim_lmm_system_free(sys);
}

Test(lmm, tiny_share_of_a_huge_penalty_is_not_lost)
{
    /* Link A = 100 carries f1 (penalty 1) and f2 (penalty 1e7); link B = 50 carries f1. B
     * saturates first (level 50): f1 = 50. A then has 50 left and only f2, whose usage 1e-7 is
     * below an absolute epsilon of 1e-5: f2 must still get the 50 (level 5e8 / 1e7). */
    struct sim_lmm_system *sys = sim_lmm_system_new(true, PRECISION);
    struct sim_lmm_cnst *a = sim_lmm_cnst_new(sys, NULL, 100, false);
    struct sim_lmm_cnst *b = sim_lmm_cnst_new(sys, NULL, 50, false);
    struct sim_lmm_var *f1 = sim_lmm_var_new(sys, &tags[1], 1, -1, 2);
    struct sim_lmm_var *f2 = sim_lmm_var_new(sys, &tags[2], 1e7, -1, 1);

    sim_lmm_expand(sys, a, f1, 1);
    sim_lmm_expand(sys, b, f1, 1);
    sim_lmm_expand(sys, a, f2, 1);
    sim_lmm_solve(sys);
    assert_value(f1, 50);
    assert_value(f2, 50);
    sim_lmm_system_free(sys);
}

Test(lmm, selective_update_leaves_other_components_alone)
{
    /* Two independent links: L1 = 100 with f0, f1 (50 each) and L2 = 10 with f2, f3 (5 each).
     * Freeing f1 reshares L1 only: f0 = 100, the queue holds f0 alone (never the freed f1),
     * and f2, f3 keep 5 without being queued. A new flow f4 on L2 then queues f4, f3, f2 in
     * SimGrid's order (constraint by constraint, the newest flow first; test_lmm_order.c):
     * 10/3 each. */
    struct sim_lmm_system *sys = sim_lmm_system_new(true, PRECISION);
    struct sim_lmm_cnst *l1 = sim_lmm_cnst_new(sys, NULL, 100, false);
    struct sim_lmm_cnst *l2 = sim_lmm_cnst_new(sys, NULL, 10, false);
    struct sim_lmm_var *f[5];
    int ids[8];
    int n;
    int i;

    for (i = 0; i < 4; i++) {
        f[i] = sim_lmm_var_new(sys, &tags[i], 1, -1, 1);
        sim_lmm_expand(sys, i < 2 ? l1 : l2, f[i], 1);
    }
    sim_lmm_solve(sys);
    n = drain(sys, ids, 8);
    cr_assert_eq(n, 4);
    for (i = 0; i < 4; i++)
        cr_assert_eq(ids[i], i ^ 1, "queue order: position %d holds f%d", i, ids[i]);
    sim_lmm_var_free(sys, f[1]);
    sim_lmm_solve(sys);
    assert_value(f[0], 100);
    assert_value(f[2], 5);
    assert_value(f[3], 5);
    n = drain(sys, ids, 8);
    cr_assert_eq(n, 1);
    cr_assert_eq(ids[0], 0);
    f[4] = sim_lmm_var_new(sys, &tags[4], 1, -1, 1);
    sim_lmm_expand(sys, l2, f[4], 1);
    sim_lmm_solve(sys);
    n = drain(sys, ids, 8);
    cr_assert_eq(n, 3);
    cr_assert(ids[0] == 4 && ids[1] == 3 && ids[2] == 2, "queue %d %d %d", ids[0], ids[1], ids[2]);
    assert_value(f[0], 100);
    assert_value(f[4], 10.0 / 3);
    sim_lmm_system_free(sys);
}

Test(lmm, loose_fatpipe_couples_flows_only_when_their_ratios_differ)
{
    /* A FATPIPE backbone of 15 and three SHARED links of 10; flow fi (penalty 1) crosses link i
     * and the backbone: 10 each. All backbone flows have weight / penalty 1, so the backbone
     * couples nothing: freeing f0 queues no other flow. f3 on the backbone alone with penalty
     * 0.5 (ratio 2) couples it the way SimGrid does: it saturates at level 15 / 2 and fixes
     * f3 = 15 and f1, f2 = 7.5, all queued. Freeing f3 makes it loose again: f1, f2 = 10. */
    struct sim_lmm_system *sys = sim_lmm_system_new(true, PRECISION);
    struct sim_lmm_cnst *bb = sim_lmm_cnst_new(sys, NULL, 15, true);
    struct sim_lmm_cnst *link[3];
    struct sim_lmm_var *f[4];
    int ids[8];
    int n;

    for (int i = 0; i < 3; i++) {
        link[i] = sim_lmm_cnst_new(sys, NULL, 10, false);
        f[i] = sim_lmm_var_new(sys, &tags[i], 1, -1, 2);
        sim_lmm_expand(sys, link[i], f[i], 1);
        sim_lmm_expand(sys, bb, f[i], 1);
    }
    sim_lmm_solve(sys);
    cr_assert_eq(drain(sys, ids, 8), 3);
    assert_value(f[0], 10);
    sim_lmm_var_free(sys, f[0]);
    sim_lmm_solve(sys);
    cr_assert_eq(drain(sys, ids, 8), 0, "a loose backbone made other flows solve again");
    f[3] = sim_lmm_var_new(sys, &tags[3], 0.5, -1, 1);
    sim_lmm_expand(sys, bb, f[3], 1);
    sim_lmm_solve(sys);
    n = drain(sys, ids, 8);
    cr_assert_eq(n, 3);
    cr_assert(contains(ids, n, 1) && contains(ids, n, 2) && contains(ids, n, 3));
    assert_value(f[1], 7.5);
    assert_value(f[2], 7.5);
    assert_value(f[3], 15);
    sim_lmm_var_free(sys, f[3]);
    sim_lmm_solve(sys);
    cr_assert_eq(drain(sys, ids, 8), 2);
    assert_value(f[1], 10);
    assert_value(f[2], 10);
    sim_lmm_system_free(sys);
}

Test(lmm, full_solve_queues_every_enabled_variable)
{
    /* Without selective update, any change re-solves everything and queues every enabled
     * variable once (here f0..f2, not the disabled f3); a solve with no change queues nothing. */
    struct sim_lmm_system *sys = sim_lmm_system_new(false, PRECISION);
    struct sim_lmm_cnst *l1 = sim_lmm_cnst_new(sys, NULL, 100, false);
    struct sim_lmm_cnst *l2 = sim_lmm_cnst_new(sys, NULL, 10, false);
    struct sim_lmm_var *f[4];
    int ids[8];
    int i;

    for (i = 0; i < 4; i++) {
        f[i] = sim_lmm_var_new(sys, &tags[i], i == 3 ? 0 : 1, -1, 1);
        sim_lmm_expand(sys, i == 0 ? l1 : l2, f[i], 1);
    }
    sim_lmm_solve(sys);
    cr_assert_eq(drain(sys, ids, 8), 3);
    sim_lmm_solve(sys);
    cr_assert_eq(drain(sys, ids, 8), 0);
    sim_lmm_cnst_set_bound(sys, l1, 50);
    sim_lmm_solve(sys);
    cr_assert_eq(drain(sys, ids, 8), 3);
    assert_value(f[0], 50);
    assert_value(f[1], 5);
    sim_lmm_system_free(sys);
}

Test(lmm, freed_variable_leaves_the_modified_queue)
{
    /* f0 and f1 are queued by a solve; freeing f0 before draining removes it: only f1 pops. */
    struct sim_lmm_system *sys = sim_lmm_system_new(true, PRECISION);
    struct sim_lmm_cnst *link = sim_lmm_cnst_new(sys, NULL, 100, false);
    struct sim_lmm_var *f0 = sim_lmm_var_new(sys, &tags[0], 1, -1, 1);
    struct sim_lmm_var *f1 = sim_lmm_var_new(sys, &tags[1], 1, -1, 1);

    sim_lmm_expand(sys, link, f0, 1);
    sim_lmm_expand(sys, link, f1, 1);
    sim_lmm_solve(sys);
    sim_lmm_var_free(sys, f0);
    cr_assert_eq(sim_lmm_pop_modified(sys), &tags[1]);
    cr_assert_null(sim_lmm_pop_modified(sys));
    sim_lmm_solve(sys);
    assert_value(f1, 100);
    cr_assert_eq(sim_lmm_pop_modified(sys), &tags[1]);
    sim_lmm_system_free(sys);
}

/* ---- randomized systems ---- */

#define RND_SYSTEMS 3000
#define RND_MAX_CNSTS 8
#define RND_MAX_VARS 24
#define RND_MAX_ELEMS 4
#define RND_TOL 1e-4 /* saturation and fairness slack: the solver snaps at bound * 1e-5 */

struct rnd_cnst {
    double bound;
    bool fatpipe;
};

struct rnd_var {
    bool alive;
    double penalty;
    double bound;
    int n;
    int cnst[RND_MAX_ELEMS];
    double weight[RND_MAX_ELEMS]; /* merged weight of the pair, what the solver should use */
};

/* The description of a random system, so that an identical one can be built from scratch. */
struct rnd_model {
    int nc;
    int nv;
    struct rnd_cnst c[RND_MAX_CNSTS];
    struct rnd_var v[RND_MAX_VARS];
};

struct rnd_sys {
    struct sim_lmm_system *sys;
    struct sim_lmm_cnst *c[RND_MAX_CNSTS];
    struct sim_lmm_var *v[RND_MAX_VARS];
};

static uint64_t rnd_state;

static uint64_t xorshift(void)
{
    rnd_state ^= rnd_state << 13;
    rnd_state ^= rnd_state >> 7;
    rnd_state ^= rnd_state << 17;
    return rnd_state;
}

static int rnd_int(int n)
{
    return (int)(xorshift() % (uint64_t)n);
}

static double rnd_real(double lo, double hi)
{
    return lo + (hi - lo) * (double)(xorshift() >> 11) / 9007199254740992.0;
}

/* Round values half of the time, so that ties between constraints and bounds happen. */
static double rnd_amount(double lo, double hi)
{
    double x = rnd_real(lo, hi);

    return rnd_int(2) ? round(x) : x;
}

static double rnd_penalty(void)
{
    static const double common[] = { 1, 1, 2, 0.5, 0 };
    int k = rnd_int(8);

    return k < 5 ? common[k] : rnd_real(0.1, 10);
}

static double rnd_weight(void)
{
    static const double common[] = { 1, 1, 1, 0.05, 2 };
    int k = rnd_int(6);

    return k < 5 ? common[k] : rnd_real(0.1, 3);
}

static double rnd_bound(void)
{
    return rnd_int(3) == 0 ? rnd_amount(0.5, 80) : -1;
}

/* Creates variable `i` of the model in `s`, with one expand per entry of `raw`/`rawc`. */
static void rnd_var_build(struct rnd_model *m, struct rnd_sys *s, int i, const double *raw,
                          int nraw, const int *rawc)
{
    int k;

    s->v[i] = sim_lmm_var_new(s->sys, &tags[i], m->v[i].penalty, m->v[i].bound, nraw);
    for (k = 0; k < nraw; k++)
        sim_lmm_expand(s->sys, s->c[rawc[k]], s->v[i], raw[k]);
}

/* Index of constraint `c` among the uses of `v`, v->n if it has none. */
static int rnd_var_find(const struct rnd_var *v, int c)
{
    int j;

    for (j = 0; j < v->n; j++)
        if (v->cnst[j] == c)
            break;
    return j;
}

/* Draws variable `i` (1..4 constraint uses, repeats allowed and merged) and builds it in `s`. */
static void rnd_var_new(struct rnd_model *m, struct rnd_sys *s, int i)
{
    struct rnd_var *v = &m->v[i];
    double raw[RND_MAX_ELEMS];
    int rawc[RND_MAX_ELEMS];
    int nraw = 1 + rnd_int(RND_MAX_ELEMS);
    int k;
    int j;

    *v = (struct rnd_var){ .alive = true, .penalty = rnd_penalty(), .bound = rnd_bound() };
    for (k = 0; k < nraw; k++) {
        rawc[k] = rnd_int(m->nc);
        raw[k] = rnd_weight();
        j = rnd_var_find(v, rawc[k]);
        if (j == v->n) {
            v->cnst[v->n] = rawc[k];
            v->weight[v->n++] = raw[k];
        } else if (m->c[rawc[k]].fatpipe) {
            v->weight[j] = fmax(v->weight[j], raw[k]);
        } else {
            v->weight[j] += raw[k];
        }
    }
    rnd_var_build(m, s, i, raw, nraw, rawc);
}

/* Builds the current model from scratch, one expand per merged pair. */
static void rnd_build(struct rnd_model *m, struct rnd_sys *s, bool selective)
{
    int i;

    s->sys = sim_lmm_system_new(selective, PRECISION);
    for (i = 0; i < m->nc; i++)
        s->c[i] = sim_lmm_cnst_new(s->sys, NULL, m->c[i].bound, m->c[i].fatpipe);
    for (i = 0; i < m->nv; i++)
        if (m->v[i].alive)
            rnd_var_build(m, s, i, m->v[i].weight, m->v[i].n, m->v[i].cnst);
}

/* Consumption of constraint `c`, and the highest penalty * value among its enabled users. */
static double rnd_cnst_load(const struct rnd_model *m, const struct rnd_sys *s, int c,
                            double *max_level)
{
    double load = 0;
    int i;
    int k;

    *max_level = 0;
    for (i = 0; i < m->nv; i++) {
        const struct rnd_var *v = &m->v[i];

        for (k = 0; k < v->n && v->alive && v->penalty > 0; k++) {
            double x = sim_lmm_var_value(s->v[i]);

            if (v->cnst[k] != c)
                continue;
            load = m->c[c].fatpipe ? fmax(load, v->weight[k] * x) : load + v->weight[k] * x;
            *max_level = fmax(*max_level, v->penalty * x);
        }
    }
    return load;
}

/* Variable `i` cannot grow: at its bound, or on a saturated constraint where it already has
 * the highest level (penalty * value), up to the slack it would need to reach that level. */
static bool rnd_is_blocked(const struct rnd_model *m, const struct rnd_sys *s, int i)
{
    const struct rnd_var *v = &m->v[i];
    double x = sim_lmm_var_value(s->v[i]);
    int k;

    if (v->bound >= 0 && x >= v->bound * (1 - RND_TOL))
        return true;
    for (k = 0; k < v->n; k++) {
        double cap = m->c[v->cnst[k]].bound;
        double max_level;
        double load = rnd_cnst_load(m, s, v->cnst[k], &max_level);

        if (load < cap * (1 - RND_TOL))
            continue;
        if ((max_level - v->penalty * x) * v->weight[k] / v->penalty <= cap * RND_TOL)
            return true;
    }
    return false;
}

static void rnd_check_solution(const struct rnd_model *m, const struct rnd_sys *s, int sysno)
{
    double max_level;
    int i;

    for (i = 0; i < m->nc; i++) {
        double load = rnd_cnst_load(m, s, i, &max_level);

        cr_assert(load <= m->c[i].bound * (1 + REL_TOL) + REL_TOL,
                  "system %d: constraint %d overloaded: %.17g > %.17g", sysno, i, load,
                  m->c[i].bound);
    }
    for (i = 0; i < m->nv; i++) {
        const struct rnd_var *v = &m->v[i];
        double x;

        if (!v->alive)
            continue;
        x = sim_lmm_var_value(s->v[i]);
        cr_assert(x >= 0, "system %d: variable %d is negative: %g", sysno, i, x);
        if (v->penalty == 0) {
            cr_assert_eq(x, 0.0, "system %d: disabled variable %d got %g", sysno, i, x);
            continue;
        }
        cr_assert(v->bound < 0 || x <= v->bound * (1 + REL_TOL),
                  "system %d: variable %d above its bound: %.17g > %g", sysno, i, x, v->bound);
        cr_assert(rnd_is_blocked(m, s, i), "system %d: variable %d (value %g) could grow", sysno, i,
                  x);
    }
}

/* One random mutation, applied to the model and to the incremental system `s`. */
static void rnd_mutate(struct rnd_model *m, struct rnd_sys *s)
{
    int i = rnd_int(m->nv);
    int op = rnd_int(5);

    if (op == 4 && m->nv < RND_MAX_VARS) {
        rnd_var_new(m, s, m->nv++);
        return;
    }
    if (op == 3) {
        int c = rnd_int(m->nc);

        m->c[c].bound = rnd_amount(0, 100);
        sim_lmm_cnst_set_bound(s->sys, s->c[c], m->c[c].bound);
        return;
    }
    if (!m->v[i].alive)
        return;
    if (op == 0) {
        m->v[i].alive = false;
        sim_lmm_var_free(s->sys, s->v[i]);
    } else if (op == 1) {
        m->v[i].bound = rnd_bound();
        sim_lmm_var_set_bound(s->sys, s->v[i], m->v[i].bound);
    } else {
        m->v[i].penalty = rnd_penalty();
        sim_lmm_var_set_penalty(s->sys, s->v[i], m->v[i].penalty);
    }
}

/* Solves `s` and checks the modified queue: only live variables, each once, and every
 * variable whose value changed is in it. */
static void rnd_solve_and_drain(const struct rnd_model *m, struct rnd_sys *s, int sysno)
{
    double before[RND_MAX_VARS];
    int ids[RND_MAX_VARS + 1];
    int n;
    int i;

    for (i = 0; i < m->nv; i++)
        before[i] = m->v[i].alive ? sim_lmm_var_value(s->v[i]) : 0;
    sim_lmm_solve(s->sys);
    n = drain(s->sys, ids, RND_MAX_VARS + 1);
    for (i = 0; i < n; i++) {
        cr_assert(m->v[ids[i]].alive, "system %d: freed variable %d popped", sysno, ids[i]);
        cr_assert(!contains(ids, i, ids[i]), "system %d: variable %d popped twice", sysno, ids[i]);
    }
    for (i = 0; i < m->nv; i++) {
        bool changed = m->v[i].alive && sim_lmm_var_value(s->v[i]) != before[i];

        cr_assert(!changed || contains(ids, n, i),
                  "system %d: variable %d changed %g -> %g but was not queued", sysno, i, before[i],
                  sim_lmm_var_value(s->v[i]));
    }
}

static void rnd_compare(const struct rnd_model *m, const struct rnd_sys *inc,
                        const struct rnd_sys *ref, int sysno)
{
    int i;

    for (i = 0; i < m->nv; i++) {
        double a;
        double b;

        if (!m->v[i].alive)
            continue;
        a = sim_lmm_var_value(inc->v[i]);
        b = sim_lmm_var_value(ref->v[i]);
        cr_assert(fabs(a - b) <= 1e-7 * fmax(1, fmax(fabs(a), fabs(b))),
                  "system %d: variable %d incremental %.17g, from scratch %.17g", sysno, i, a, b);
    }
}

static void rnd_model_new(struct rnd_model *m, struct rnd_sys *s)
{
    int i;

    m->nc = 1 + rnd_int(RND_MAX_CNSTS);
    m->nv = 1 + rnd_int(RND_MAX_VARS / 2);
    for (i = 0; i < m->nc; i++) {
        m->c[i].fatpipe = rnd_int(4) == 0;
        m->c[i].bound = rnd_amount(1, 100);
    }
    s->sys = sim_lmm_system_new(true, PRECISION);
    for (i = 0; i < m->nc; i++)
        s->c[i] = sim_lmm_cnst_new(s->sys, NULL, m->c[i].bound, m->c[i].fatpipe);
    for (i = 0; i < m->nv; i++)
        rnd_var_new(m, s, i);
}

Test(lmm, random_systems_are_feasible_fair_and_incremental)
{
    /* 3000 random systems (seeded xorshift): up to 8 constraints (1 in 4 FATPIPE, capacities
     * 1..100, often integers to create ties), up to 24 variables with penalties (some 0),
     * optional bounds, 1..4 constraint uses of weight 1, 0.05, 2 or random. Each solution must
     * respect every constraint and bound and be max-min fair (every variable blocked). Each
     * system is solved with selective update, mutated 5 times (free, bound, penalty, capacity,
     * new variable) and re-solved; it must then match a from-scratch solve without selective
     * update, and the modified queue must hold every variable whose value changed. */
    struct rnd_model m;
    struct rnd_sys inc;
    struct rnd_sys ref;
    int sysno;
    int round;

    rnd_state = 0x9e3779b97f4a7c15ULL;
    for (sysno = 0; sysno < RND_SYSTEMS; sysno++) {
        rnd_model_new(&m, &inc);
        rnd_solve_and_drain(&m, &inc, sysno);
        rnd_check_solution(&m, &inc, sysno);
        for (round = 0; round < 5; round++) {
            rnd_mutate(&m, &inc);
            rnd_solve_and_drain(&m, &inc, sysno);
        }
        rnd_build(&m, &ref, false);
        sim_lmm_solve(ref.sys);
        rnd_check_solution(&m, &ref, sysno);
        rnd_check_solution(&m, &inc, sysno);
        rnd_compare(&m, &inc, &ref, sysno);
        sim_lmm_system_free(ref.sys);
        sim_lmm_system_free(inc.sys);
    }
}
