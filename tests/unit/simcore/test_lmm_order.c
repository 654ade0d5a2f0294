/* The order of the solver's modified queue, which decides which of two activities ending at the
 * same date ends first (DESIGN.md, "Determinism"): SimGrid's System::solve lists, constraint by
 * constraint, the enabled variables from the most recently enabled one. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "simcore/lmm.h"

#define PRECISION 1e-5

/* Variable ids: the address of an element of this array. */
static int tags[48];

/* The modified queue must hold exactly the variables tags[want[0]], tags[want[1]]... in order. */
static void expect_queue(struct sim_lmm_system *sys, const int *want, int n)
{
    for (int i = 0; i < n; i++) {
        void *id = sim_lmm_pop_modified(sys);

        cr_assert_not_null(id, "queue ends at position %d, expected %d entries", i, n);
        cr_assert_eq(id, &tags[want[i]], "position %d holds f%d, expected f%d", i,
                     (int)((int *)id - tags), want[i]);
    }
    cr_assert_null(sim_lmm_pop_modified(sys), "queue longer than %d", n);
}

/* Flows f0 ... f(n-1) on constraint `c`, created disabled (their latency not yet paid), then
 * enabled in the order 0, 1, ... */
static void enable_in_order(struct sim_lmm_system *sys, struct sim_lmm_cnst *c,
                            struct sim_lmm_var **v, int n)
{
    for (int i = 0; i < n; i++) {
        v[i] = sim_lmm_var_new(sys, &tags[i], 0, -1, 1);
        sim_lmm_expand(sys, c, v[i], 1);
    }
    for (int i = 0; i < n; i++)
        sim_lmm_var_set_penalty(sys, v[i], 1);
}

/* Three flows on one constraint enabled in the order 0, 1, 2 before one solve: they are queued
 * 2, 1, 0, each with `share`. */
static void three_enabled_in_order(bool fatpipe, double bound, double share)
{
    struct sim_lmm_system *sys = sim_lmm_system_new(true, PRECISION);
    struct sim_lmm_cnst *c = sim_lmm_cnst_new(sys, NULL, bound, fatpipe);
    struct sim_lmm_var *v[3];

    enable_in_order(sys, c, v, 3);
    sim_lmm_solve(sys);
    expect_queue(sys, (const int[]){ 2, 1, 0 }, 3);
    for (int i = 0; i < 3; i++)
        cr_assert_float_eq(sim_lmm_var_value(v[i]), share, 1e-12);
    sim_lmm_system_free(sys);
}

/* A shared link of 90: a third each. */
Test(lmm_order, enabled_last_comes_first)
{
    three_enabled_in_order(false, 90, 30);
}

/* A loose FATPIPE (a loopback: every flow gets bound / weight): its flows are not walked
 * through it, yet come out as SimGrid lists that constraint's elements. */
Test(lmm_order, loose_fatpipe_keeps_the_order)
{
    three_enabled_in_order(true, 1000, 1000);
}

/* A flow disabled and enabled again moves to the front; creation order does not count. */
Test(lmm_order, enabled_again_moves_to_the_front)
{
    struct sim_lmm_system *sys = sim_lmm_system_new(true, PRECISION);
    struct sim_lmm_cnst *link = sim_lmm_cnst_new(sys, NULL, 100, false);
    struct sim_lmm_var *v[2];

    for (int i = 0; i < 2; i++) {
        v[i] = sim_lmm_var_new(sys, &tags[i], 1, -1, 1);
        sim_lmm_expand(sys, link, v[i], 1);
    }
    sim_lmm_solve(sys);
    expect_queue(sys, (const int[]){ 1, 0 }, 2); /* created enabled: the newer first */
    sim_lmm_var_set_penalty(sys, v[0], 0);
    sim_lmm_solve(sys);
    expect_queue(sys, (const int[]){ 0, 1 }, 2); /* f0 disabled (value 0), f1 reshared */
    sim_lmm_var_set_penalty(sys, v[0], 1);
    sim_lmm_solve(sys);
    expect_queue(sys, (const int[]){ 0, 1 }, 2); /* enabled again: first */
    sim_lmm_system_free(sys);
}

/* The expands of a flow on a route (weight 1) and on its reverse (weight 0.05: crosstraffic):
 * sums on a SHARED link crossed both ways, the max on the FATPIPE backbone. */
static struct sim_lmm_var *route_flow(struct sim_lmm_system *sys, struct sim_lmm_cnst **c, int tag)
{
    struct sim_lmm_var *v = sim_lmm_var_new(sys, &tags[tag], 0, 500, 6);

    for (int i = 0; i < 3; i++)
        sim_lmm_expand(sys, c[i], v, 1);
    for (int i = 3; i > 0; i--)
        sim_lmm_expand(sys, c[i], v, 0.05);
    return v;
}

/* A flow made in one piece from another's elements (network.c's flow templates) is the flow its
 * expands make: the same elements in the same order, the same values and the same queue order
 * once enabled, next to flows made by expands. */
Test(lmm_order, a_flow_made_from_uses_is_the_flow_of_its_expands)
{
    struct sim_lmm_system *sys = sim_lmm_system_new(true, PRECISION);
    struct sim_lmm_cnst *c[4] = { sim_lmm_cnst_new(sys, NULL, 100, false),
                                  sim_lmm_cnst_new(sys, NULL, 1000, true),
                                  sim_lmm_cnst_new(sys, NULL, 80, false),
                                  sim_lmm_cnst_new(sys, NULL, 60, false) };
    struct sim_lmm_use a[8], b[8];
    struct sim_lmm_var *v[3];
    void **ids;

    v[0] = route_flow(sys, c, 0);
    cr_assert_eq(sim_lmm_var_uses(v[0], a, 8), 4);
    cr_assert(a[0].cnst == c[0] && a[0].weight == 1.0);
    cr_assert(a[1].cnst == c[1] && a[1].weight == 1.0);
    cr_assert(a[2].cnst == c[2] && a[2].weight == 1.0 + 0.05);
    cr_assert(a[3].cnst == c[3] && a[3].weight == 0.05);
    v[1] = sim_lmm_var_new_disabled(sys, &tags[1], 500, a, 4);
    v[2] = route_flow(sys, c, 2);
    cr_assert_eq(sim_lmm_var_uses(v[1], b, 8), 4);
    cr_assert_eq(memcmp(a, b, sizeof(a[0]) * 4), 0);
    cr_assert_eq(sim_lmm_cnst_var_ids(sys, c[2], &ids), 3);
    for (int i = 0; i < 3; i++)
        cr_assert_eq(ids[i], &tags[i]);
    free(ids);
    sim_lmm_var_set_penalty(sys, v[2], 1);
    sim_lmm_var_set_penalty(sys, v[1], 1);
    sim_lmm_var_set_penalty(sys, v[0], 1);
    sim_lmm_solve(sys);
    expect_queue(sys, (const int[]){ 0, 1, 2 }, 3);
    /* the link of 80 at weight 1.05 for three flows */
    for (int i = 0; i < 3; i++)
        cr_assert_eq(sim_lmm_var_value(v[i]), sim_lmm_var_value(v[0]));
    cr_assert_float_eq(sim_lmm_var_value(v[0]), 80 / 1.05 / 3, 1e-9);
    sim_lmm_system_free(sys);
}

/* A constraint lists its enabled flows in an array (lmm_impl.h, struct sim_lmm_ent) where a flow
 * that ends or is disabled leaves a hole, squeezed out later: neither the holes nor the squeezes
 * change the order, and a flow freed while queued leaves the queue. 40 flows enabled in order;
 * 30 of them end, leaving 30 holes among 40 entries; one more is disabled, which squeezes the
 * holes out (a quarter of the entries live), and enabled again; three new ones come, one of
 * which ends between the solve and the reading of the queue. */
Test(lmm_order, holes_and_squeezes_keep_the_order)
{
    struct sim_lmm_system *sys = sim_lmm_system_new(true, PRECISION);
    struct sim_lmm_cnst *link = sim_lmm_cnst_new(sys, NULL, 120, false);
    struct sim_lmm_var *v[43];
    int want[13];
    int n = 0;

    enable_in_order(sys, link, v, 40);
    sim_lmm_solve(sys);
    for (int i = 0; i < 40; i++)
        cr_assert_eq(sim_lmm_pop_modified(sys), &tags[39 - i]);
    for (int i = 0; i < 40; i++)
        if (i % 4 != 0)
            sim_lmm_var_free(sys, v[i]);
    sim_lmm_var_set_penalty(sys, v[8], 0);
    sim_lmm_var_set_penalty(sys, v[8], 1);
    for (int i = 40; i < 43; i++) {
        v[i] = sim_lmm_var_new(sys, &tags[i], 1, -1, 1);
        sim_lmm_expand(sys, link, v[i], 1);
    }
    sim_lmm_solve(sys);
    sim_lmm_var_free(sys, v[41]);
    /* f8 first, queued when disabled; then the newest first: 42, (41 freed), 40, (8 queued
     * already), 36, 32, ... 4, 0 */
    want[n++] = 8;
    want[n++] = 42;
    want[n++] = 40;
    for (int i = 36; i >= 0; i -= 4)
        if (i != 8)
            want[n++] = i;
    expect_queue(sys, want, n);
    for (int i = 0; i < 43; i++)
        if ((i < 40 && i % 4 == 0) || i == 40 || i == 42)
            cr_assert_float_eq(sim_lmm_var_value(v[i]), 120.0 / 13, 1e-9, "f%d", i);
    sim_lmm_system_free(sys);
}
