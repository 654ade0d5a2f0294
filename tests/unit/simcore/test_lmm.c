/* Max-min solver tests: closed-form sharing cases, the modified queue and selective update
 * (the randomized check is test_lmm_random.c). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lmm_util.h"
#include "simcore/lmm.h"

static bool near(double actual, double expected)
{
    return fabs(actual - expected) <= REL_TOL * fmax(1.0, fmax(fabs(actual), fabs(expected)));
}

#define assert_value(var, expected)                                                                \
    cr_assert(near(sim_lmm_var_value(var), (expected)), "%s = %.17g, expected %.17g", #var,        \
              sim_lmm_var_value(var), (double)(expected))

Test(lmm, two_flows_share_one_link_equally)
{
    /* One SHARED link of 100, two unbounded flows of penalty 1: each gets 100 / 2 = 50. */
    struct sim_lmm_system *sys = sim_lmm_system_new(true, PRECISION);
    struct sim_lmm_cnst *link = sim_lmm_cnst_new(sys, NULL, 100, false);
    struct sim_lmm_var *f1 = sim_lmm_var_new(sys, &lmm_tags[1], 1, -1, 1);
    struct sim_lmm_var *f2 = sim_lmm_var_new(sys, &lmm_tags[2], 1, -1, 1);

    sim_lmm_expand(sys, link, f1, 1);
    sim_lmm_expand(sys, link, f2, 1);
    sim_lmm_solve(sys);
    assert_value(f1, 50);
    assert_value(f2, 50);
    cr_assert(near(sim_lmm_cnst_usage(link), 100));
    sim_lmm_system_free(sys);
}

Test(lmm, elements_beyond_the_hint_and_the_slots_are_kept)
{
    /* A variable keeps its first ncnst_hint elements (at most 16) in its own block and moves
     * them all to an array of its own when more come. Links L0..L19 of capacity 10, 20, ..., 200;
     * f1 (hint 2) and f3 (hint 0, then 40) cross all 20, f2 (hint 20) only L0: L0 = 10 is the
     * bottleneck, 5 each; freed and made again, the blocks and elements are reused. */
    struct sim_lmm_system *sys = sim_lmm_system_new(true, PRECISION);
    struct sim_lmm_cnst *links[20];
    struct sim_lmm_var *f1 = sim_lmm_var_new(sys, &lmm_tags[1], 1, -1, 2);
    struct sim_lmm_var *f2 = sim_lmm_var_new(sys, &lmm_tags[2], 1, -1, 20);
    struct sim_lmm_var *f3;

    for (int i = 0; i < 20; i++) {
        links[i] = sim_lmm_cnst_new(sys, NULL, 10.0 * (i + 1), false);
        sim_lmm_expand(sys, links[i], f1, 1);
    }
    sim_lmm_expand(sys, links[0], f2, 1);
    sim_lmm_solve(sys);
    assert_value(f1, 5);
    assert_value(f2, 5);
    cr_assert_eq(sim_lmm_var_cnst_count(f1), 20);
    for (int hint = 0; hint <= 40; hint += 40) {
        sim_lmm_var_free(sys, f1);
        f3 = sim_lmm_var_new(sys, &lmm_tags[3], 1, -1, hint);
        for (int i = 19; i >= 0; i--)
            sim_lmm_expand(sys, links[i], f3, 1);
        sim_lmm_solve(sys);
        assert_value(f2, 5);
        assert_value(f3, 5);
        cr_assert(near(sim_lmm_cnst_usage(links[19]), 5));
        cr_assert_eq(sim_lmm_var_cnst_count(f3), 20);
        f1 = f3;
    }
    sim_lmm_system_free(sys);
}

Test(lmm, a_disabled_variable_outgrowing_its_block_stays_listed_by_its_constraints)
{
    /* x1 and x2 wait disabled on L0, d (hint 1) is expanded disabled on L0..L4: its elements
     * move twice (1 -> 4 -> 8 places), and each constraint must still list d. L0 (capacity 10)
     * lists x1, x2, d, in the order they were made. Enabling d and x1: 5 each on L0; freeing x2
     * (disabled); disabling x1: d gets L0 alone, 10, and L0 lists d, then x1; disabling d and
     * enabling it again: the same. */
    struct sim_lmm_system *sys = sim_lmm_system_new(true, PRECISION);
    struct sim_lmm_cnst *links[5];
    struct sim_lmm_var *x1 = sim_lmm_var_new(sys, &lmm_tags[1], 0, -1, 1);
    struct sim_lmm_var *x2 = sim_lmm_var_new(sys, &lmm_tags[2], 0, -1, 1);
    struct sim_lmm_var *d = sim_lmm_var_new(sys, &lmm_tags[3], 0, -1, 1);
    void **ids;

    for (int i = 0; i < 5; i++)
        links[i] = sim_lmm_cnst_new(sys, NULL, 10.0 * (i + 1), false);
    sim_lmm_expand(sys, links[0], x1, 1);
    sim_lmm_expand(sys, links[0], x2, 1);
    for (int i = 0; i < 5; i++)
        sim_lmm_expand(sys, links[i], d, 1);
    cr_assert_eq(sim_lmm_var_cnst_count(d), 5);
    cr_assert_eq(sim_lmm_cnst_var_ids(sys, links[0], &ids), 3);
    cr_assert(ids[0] == &lmm_tags[1] && ids[1] == &lmm_tags[2] && ids[2] == &lmm_tags[3]);
    free(ids);
    for (int i = 1; i < 5; i++) {
        cr_assert_eq(sim_lmm_cnst_var_ids(sys, links[i], &ids), 1);
        cr_assert_eq(ids[0], &lmm_tags[3]);
        free(ids);
    }
    sim_lmm_var_set_penalty(sys, d, 1);
    sim_lmm_var_set_penalty(sys, x1, 1);
    sim_lmm_solve(sys);
    assert_value(d, 5);
    assert_value(x1, 5);
    assert_value(x2, 0);
    sim_lmm_var_free(sys, x2);
    sim_lmm_var_set_penalty(sys, x1, 0);
    sim_lmm_solve(sys);
    assert_value(d, 10);
    assert_value(x1, 0);
    cr_assert_eq(sim_lmm_cnst_var_ids(sys, links[0], &ids), 2);
    cr_assert(ids[0] == &lmm_tags[3] && ids[1] == &lmm_tags[1]); /* enabled, then disabled */
    free(ids);
    sim_lmm_var_set_penalty(sys, d, 0);
    sim_lmm_solve(sys);
    assert_value(d, 0);
    sim_lmm_var_set_penalty(sys, d, 1);
    sim_lmm_solve(sys);
    assert_value(d, 10);
    for (int i = 0; i < 5; i++)
        cr_assert(near(sim_lmm_cnst_usage(links[i]), 10));
    sim_lmm_var_free(sys, d);
    sim_lmm_var_free(sys, x1);
    sim_lmm_system_free(sys);
}

Test(lmm, a_block_sized_from_earlier_variables_of_its_hint_still_takes_every_element)
{
    /* A block has as many slots as the variables of the same hint used so far. f1 (hint 6)
     * expands L0 twice and L1 once: 2 elements, weight 2 on L0. f2 (hint 6) then gets 2 slots
     * but crosses L0..L5: 4 elements come from the pool. L0 (capacity 12) is the bottleneck,
     * 2 x1 + x2 = 12 at equal levels: 4 each. f3 (hint 6, a block of 6 now) joins on L0..L5:
     * 3 each; without f1, 6 each; alone, 12. */
    struct sim_lmm_system *sys = sim_lmm_system_new(true, PRECISION);
    struct sim_lmm_cnst *links[6];
    struct sim_lmm_var *f1 = sim_lmm_var_new(sys, &lmm_tags[1], 1, -1, 6);
    struct sim_lmm_var *f2;
    struct sim_lmm_var *f3;

    for (int i = 0; i < 6; i++)
        links[i] = sim_lmm_cnst_new(sys, NULL, i == 0 ? 12 : 60, false);
    sim_lmm_expand(sys, links[0], f1, 1);
    sim_lmm_expand(sys, links[1], f1, 1);
    sim_lmm_expand(sys, links[0], f1, 1);
    f2 = sim_lmm_var_new(sys, &lmm_tags[2], 1, -1, 6);
    for (int i = 0; i < 6; i++)
        sim_lmm_expand(sys, links[i], f2, 1);
    sim_lmm_solve(sys);
    assert_value(f1, 4);
    assert_value(f2, 4);
    cr_assert_eq(sim_lmm_var_cnst_count(f1), 2);
    cr_assert_eq(sim_lmm_var_cnst_count(f2), 6);
    cr_assert(near(sim_lmm_cnst_usage(links[0]), 12));
    f3 = sim_lmm_var_new(sys, &lmm_tags[3], 1, -1, 6);
    for (int i = 5; i >= 0; i--)
        sim_lmm_expand(sys, links[i], f3, 1);
    sim_lmm_solve(sys);
    assert_value(f1, 3);
    assert_value(f3, 3);
    sim_lmm_var_free(sys, f1);
    sim_lmm_solve(sys);
    assert_value(f2, 6);
    assert_value(f3, 6);
    cr_assert(near(sim_lmm_cnst_usage(links[5]), 12));
    sim_lmm_var_free(sys, f2);
    sim_lmm_solve(sys);
    assert_value(f3, 12);
    cr_assert_eq(sim_lmm_var_cnst_count(f3), 6);
    sim_lmm_system_free(sys);
}

Test(lmm, linear_network_shares_the_bottleneck_first)
{
    /* Link A = 100 carries f1 and f2, link B = 60 carries f2 and f3. B saturates first at
     * 60 / 2 = 30 (A would at 100 / 2 = 50): f2 = f3 = 30. A has 70 left, all for f1: f1 = 70. */
    struct sim_lmm_system *sys = sim_lmm_system_new(false, PRECISION);
    struct sim_lmm_cnst *a = sim_lmm_cnst_new(sys, NULL, 100, false);
    struct sim_lmm_cnst *b = sim_lmm_cnst_new(sys, NULL, 60, false);
    struct sim_lmm_var *f1 = sim_lmm_var_new(sys, &lmm_tags[1], 1, -1, 1);
    struct sim_lmm_var *f2 = sim_lmm_var_new(sys, &lmm_tags[2], 1, -1, 2);
    struct sim_lmm_var *f3 = sim_lmm_var_new(sys, &lmm_tags[3], 1, -1, 1);

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
    struct sim_lmm_var *f1 = sim_lmm_var_new(sys, &lmm_tags[1], 1, 10, 1);
    struct sim_lmm_var *f2 = sim_lmm_var_new(sys, &lmm_tags[2], 1, -1, 1);
    struct sim_lmm_var *f3 = sim_lmm_var_new(sys, &lmm_tags[3], 1, -1, 1);

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
    struct sim_lmm_var *f1 = sim_lmm_var_new(sys, &lmm_tags[1], 1, -1, 1);
    struct sim_lmm_var *f2 = sim_lmm_var_new(sys, &lmm_tags[2], 2, -1, 1);

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
        f[i] = sim_lmm_var_new(sys, &lmm_tags[i], 1, -1, 2);
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
    struct sim_lmm_var *f1 = sim_lmm_var_new(sys, &lmm_tags[1], 1, -1, 1);
    struct sim_lmm_var *f2 = sim_lmm_var_new(sys, &lmm_tags[2], 2, -1, 1);

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
        f[i] = sim_lmm_var_new(sys, &lmm_tags[i], 1, -1, 1);
        sim_lmm_expand(sys, link, f[i], 1);
    }
    sim_lmm_solve(sys);
    lmm_drain(sys, ids, 8);
    sim_lmm_var_set_penalty(sys, f[2], 0);
    sim_lmm_solve(sys);
    assert_value(f[0], 50);
    assert_value(f[1], 50);
    assert_value(f[2], 0);
    n = lmm_drain(sys, ids, 8);
    cr_assert_eq(n, 3);
    cr_assert(lmm_contains(ids, n, 2), "the disabled variable must be queued");
    sim_lmm_var_set_penalty(sys, f[2], 1);
    f[3] = sim_lmm_var_new(sys, &lmm_tags[3], 0, -1, 1);
    sim_lmm_expand(sys, link, f[3], 1);
    sim_lmm_solve(sys);
    for (i = 0; i < 3; i++)
        assert_value(f[i], 100.0 / 3);
    assert_value(f[3], 0);
    sim_lmm_system_free(sys);
}

Test(lmm, a_constraint_lists_its_disabled_variables_in_the_order_they_were_disabled)
{
    /* As SimGrid's constraint does: enabled first (in the order entered), then disabled in the
     * order they got penalty 0, whether made so or disabled later; a variable on another
     * constraint only is not listed. a, b, c made disabled on L; o disabled on M; a enabled:
     * L lists a, b, c. b enabled then disabled again: a, c, b. a freed: c, b; c enabled: c, b. */
    struct sim_lmm_system *sys = sim_lmm_system_new(true, PRECISION);
    struct sim_lmm_cnst *l = sim_lmm_cnst_new(sys, NULL, 100, false);
    struct sim_lmm_cnst *m = sim_lmm_cnst_new(sys, NULL, 100, false);
    struct sim_lmm_var *v[4];
    void **ids;

    for (int i = 0; i < 3; i++) {
        v[i] = sim_lmm_var_new(sys, &lmm_tags[i], 0, -1, 2);
        sim_lmm_expand(sys, l, v[i], 1);
    }
    v[3] = sim_lmm_var_new(sys, &lmm_tags[3], 0, -1, 1);
    sim_lmm_expand(sys, m, v[3], 1);
    sim_lmm_var_set_penalty(sys, v[0], 1);
    cr_assert_eq(sim_lmm_cnst_var_ids(sys, l, &ids), 3);
    cr_assert(ids[0] == &lmm_tags[0] && ids[1] == &lmm_tags[1] && ids[2] == &lmm_tags[2]);
    free(ids);
    sim_lmm_var_set_penalty(sys, v[1], 1);
    sim_lmm_var_set_penalty(sys, v[1], 0);
    cr_assert_eq(sim_lmm_cnst_var_ids(sys, l, &ids), 3);
    cr_assert(ids[0] == &lmm_tags[0] && ids[1] == &lmm_tags[2] && ids[2] == &lmm_tags[1]);
    free(ids);
    sim_lmm_var_free(sys, v[0]);
    cr_assert_eq(sim_lmm_cnst_var_ids(sys, l, &ids), 2);
    cr_assert(ids[0] == &lmm_tags[2] && ids[1] == &lmm_tags[1]);
    free(ids);
    sim_lmm_var_set_penalty(sys, v[2], 1);
    sim_lmm_solve(sys);
    assert_value(v[2], 100);
    cr_assert_eq(sim_lmm_cnst_var_ids(sys, l, &ids), 2);
    cr_assert(ids[0] == &lmm_tags[2] && ids[1] == &lmm_tags[1]);
    free(ids);
    cr_assert_eq(sim_lmm_cnst_var_ids(sys, m, &ids), 1);
    cr_assert_eq(ids[0], &lmm_tags[3]);
    free(ids);
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
    struct sim_lmm_var *f1 = sim_lmm_var_new(sys, &lmm_tags[1], 1, -1, 1);
    struct sim_lmm_var *f2 = sim_lmm_var_new(sys, &lmm_tags[2], 1, -1, 2);

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
    struct sim_lmm_var *x = sim_lmm_var_new(sys, &lmm_tags[1], 1, -1, 1);
    struct sim_lmm_var *y = sim_lmm_var_new(sys, &lmm_tags[2], 1, -1, 1);

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
    struct sim_lmm_var *f1 = sim_lmm_var_new(sys, &lmm_tags[1], 1, -1, 1);
    struct sim_lmm_var *f2 = sim_lmm_var_new(sys, &lmm_tags[2], 1, -1, 1);

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
    struct sim_lmm_var *b = sim_lmm_var_new(sys, &lmm_tags[1], 1, 5, 0);
    struct sim_lmm_var *u = sim_lmm_var_new(sys, &lmm_tags[2], 1, -1, 0);
    int ids[4];

    sim_lmm_solve(sys);
    assert_value(b, 5);
    assert_value(u, 0);
    cr_assert_eq(lmm_drain(sys, ids, 4), 2);
    sim_lmm_var_set_bound(sys, b, 7);
    sim_lmm_solve(sys);
    assert_value(b, 7);
    cr_assert_eq(lmm_drain(sys, ids, 4), 1);
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
        f[i] = sim_lmm_var_new(sys, &lmm_tags[i], 1, -1, 2);
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
    struct sim_lmm_var *f1 = sim_lmm_var_new(sys, &lmm_tags[1], 1, -1, 2);
    struct sim_lmm_var *f2 = sim_lmm_var_new(sys, &lmm_tags[2], 1e7, -1, 1);

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
        f[i] = sim_lmm_var_new(sys, &lmm_tags[i], 1, -1, 1);
        sim_lmm_expand(sys, i < 2 ? l1 : l2, f[i], 1);
    }
    sim_lmm_solve(sys);
    n = lmm_drain(sys, ids, 8);
    cr_assert_eq(n, 4);
    for (i = 0; i < 4; i++)
        cr_assert_eq(ids[i], i ^ 1, "queue order: position %d holds f%d", i, ids[i]);
    sim_lmm_var_free(sys, f[1]);
    sim_lmm_solve(sys);
    assert_value(f[0], 100);
    assert_value(f[2], 5);
    assert_value(f[3], 5);
    n = lmm_drain(sys, ids, 8);
    cr_assert_eq(n, 1);
    cr_assert_eq(ids[0], 0);
    f[4] = sim_lmm_var_new(sys, &lmm_tags[4], 1, -1, 1);
    sim_lmm_expand(sys, l2, f[4], 1);
    sim_lmm_solve(sys);
    n = lmm_drain(sys, ids, 8);
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
        f[i] = sim_lmm_var_new(sys, &lmm_tags[i], 1, -1, 2);
        sim_lmm_expand(sys, link[i], f[i], 1);
        sim_lmm_expand(sys, bb, f[i], 1);
    }
    sim_lmm_solve(sys);
    cr_assert_eq(lmm_drain(sys, ids, 8), 3);
    assert_value(f[0], 10);
    sim_lmm_var_free(sys, f[0]);
    sim_lmm_solve(sys);
    cr_assert_eq(lmm_drain(sys, ids, 8), 0, "a loose backbone made other flows solve again");
    f[3] = sim_lmm_var_new(sys, &lmm_tags[3], 0.5, -1, 1);
    sim_lmm_expand(sys, bb, f[3], 1);
    sim_lmm_solve(sys);
    n = lmm_drain(sys, ids, 8);
    cr_assert_eq(n, 3);
    cr_assert(lmm_contains(ids, n, 1) && lmm_contains(ids, n, 2) && lmm_contains(ids, n, 3));
    assert_value(f[1], 7.5);
    assert_value(f[2], 7.5);
    assert_value(f[3], 15);
    sim_lmm_var_free(sys, f[3]);
    sim_lmm_solve(sys);
    cr_assert_eq(lmm_drain(sys, ids, 8), 2);
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
        f[i] = sim_lmm_var_new(sys, &lmm_tags[i], i == 3 ? 0 : 1, -1, 1);
        sim_lmm_expand(sys, i == 0 ? l1 : l2, f[i], 1);
    }
    sim_lmm_solve(sys);
    cr_assert_eq(lmm_drain(sys, ids, 8), 3);
    sim_lmm_solve(sys);
    cr_assert_eq(lmm_drain(sys, ids, 8), 0);
    sim_lmm_cnst_set_bound(sys, l1, 50);
    sim_lmm_solve(sys);
    cr_assert_eq(lmm_drain(sys, ids, 8), 3);
    assert_value(f[0], 50);
    assert_value(f[1], 5);
    sim_lmm_system_free(sys);
}

Test(lmm, freed_variable_leaves_the_modified_queue)
{
    /* f0 and f1 are queued by a solve; freeing f0 before draining removes it: only f1 pops. */
    struct sim_lmm_system *sys = sim_lmm_system_new(true, PRECISION);
    struct sim_lmm_cnst *link = sim_lmm_cnst_new(sys, NULL, 100, false);
    struct sim_lmm_var *f0 = sim_lmm_var_new(sys, &lmm_tags[0], 1, -1, 1);
    struct sim_lmm_var *f1 = sim_lmm_var_new(sys, &lmm_tags[1], 1, -1, 1);

    sim_lmm_expand(sys, link, f0, 1);
    sim_lmm_expand(sys, link, f1, 1);
    sim_lmm_solve(sys);
    sim_lmm_var_free(sys, f0);
    cr_assert_eq(sim_lmm_pop_modified(sys), &lmm_tags[1]);
    cr_assert_null(sim_lmm_pop_modified(sys));
    sim_lmm_solve(sys);
    assert_value(f1, 100);
    cr_assert_eq(sim_lmm_pop_modified(sys), &lmm_tags[1]);
    sim_lmm_system_free(sys);
}

/* A message's flow as network.c builds it: disabled while its latency is paid, then enabled on
 * its links (SHARED, crosstraffic at 0.05 on the reverse ones) and the cluster's FATPIPE
 * backbone, bounded, with an awkward penalty. */
struct alone_case {
    struct sim_lmm_system *sys;
    struct sim_lmm_cnst *link[4];
    struct sim_lmm_cnst *backbone;
};

static struct sim_lmm_var *alone_flow(struct alone_case *c, int tag, double penalty, double bound)
{
    struct sim_lmm_var *v = sim_lmm_var_new(c->sys, &lmm_tags[tag], 0, bound, 10);

    sim_lmm_expand(c->sys, c->link[0], v, 1);
    sim_lmm_expand(c->sys, c->backbone, v, 1);
    sim_lmm_expand(c->sys, c->link[1], v, 1);
    sim_lmm_expand(c->sys, c->link[2], v, 0.05);
    sim_lmm_expand(c->sys, c->backbone, v, 0.05);
    sim_lmm_expand(c->sys, c->link[3], v, 0.05);
    sim_lmm_var_set_penalty(c->sys, v, penalty);
    return v;
}

static void alone_case_new(struct alone_case *c, bool selective, double bw, double bb)
{
    c->sys = sim_lmm_system_new(selective, PRECISION);
    for (int i = 0; i < 4; i++)
        c->link[i] = sim_lmm_cnst_new(c->sys, NULL, i % 2 ? bw * 1.5 : bw, false);
    c->backbone = sim_lmm_cnst_new(c->sys, NULL, bb, true);
}

Test(lmm, a_flow_alone_gets_the_general_solve_value_to_the_bit)
{
    /* Selective update solves a variable alone on its constraints in closed form (lmm_alone.c);
     * without selective update every solve is the general one: both must agree exactly, with
     * the bound below, equal to (a tie) and above the links' share, alone and once a second flow
     * shares the links and leaves. */
    const double bws[] = { 1.25e9, 1e-3 * 3, 7.0 / 3.0 };
    const double pens[] = { 1.0, 1.2345678901e-5, 3.0 };

    for (size_t b = 0; b < sizeof(bws) / sizeof(bws[0]); b++)
        for (size_t p = 0; p < sizeof(pens) / sizeof(pens[0]); p++) {
            const double bounds[] = { -1, bws[b] * 0.25, bws[b], bws[b] * 4 };

            for (size_t k = 0; k < sizeof(bounds) / sizeof(bounds[0]); k++) {
                struct alone_case c[2];
                struct sim_lmm_var *f[2];
                struct sim_lmm_var *g[2];

                for (int s = 0; s < 2; s++) {
                    alone_case_new(&c[s], s == 0, bws[b], bws[b] * 1e3);
                    f[s] = alone_flow(&c[s], 1, pens[p], bounds[k]);
                    sim_lmm_solve(c[s].sys);
                }
                cr_assert(sim_lmm_var_value(f[0]) == sim_lmm_var_value(f[1]),
                          "alone: %.17g against %.17g", sim_lmm_var_value(f[0]),
                          sim_lmm_var_value(f[1]));
                cr_assert(sim_lmm_var_value(f[0]) > 0);
                cr_assert_eq(sim_lmm_pop_modified(c[0].sys), &lmm_tags[1]);
                cr_assert_null(sim_lmm_pop_modified(c[0].sys));
                for (int s = 0; s < 2; s++) {
                    g[s] = alone_flow(&c[s], 2, pens[p] * 2, -1);
                    sim_lmm_solve(c[s].sys);
                    sim_lmm_var_free(c[s].sys, f[s]);
                    sim_lmm_solve(c[s].sys);
                }
                cr_assert(sim_lmm_var_value(g[0]) == sim_lmm_var_value(g[1]),
                          "after sharing: %.17g against %.17g", sim_lmm_var_value(g[0]),
                          sim_lmm_var_value(g[1]));
                for (int s = 0; s < 2; s++) {
                    sim_lmm_var_free(c[s].sys, g[s]);
                    sim_lmm_solve(c[s].sys);
                    sim_lmm_system_free(c[s].sys);
                }
            }
        }
}

Test(lmm, a_flow_alone_gets_its_slowest_link_or_its_bound)
{
    /* 100 and 150 shared, 5% of 100 and of 150 on the reverse links (2,000 and 3,000 per unit):
     * the slowest is 100; a bound of 40 wins, one of 400 does not. */
    struct alone_case c;
    struct sim_lmm_var *f;

    alone_case_new(&c, true, 100, 1e6);
    f = alone_flow(&c, 1, 0.5, -1);
    sim_lmm_solve(c.sys);
    assert_value(f, 100);
    sim_lmm_var_set_bound(c.sys, f, 40);
    sim_lmm_solve(c.sys);
    assert_value(f, 40);
    sim_lmm_var_set_bound(c.sys, f, 400);
    sim_lmm_solve(c.sys);
    assert_value(f, 100);
    sim_lmm_system_free(c.sys);
}
