/* Copied contexts (sim_context_create_copied, contexts/copy-stacks): many contexts on one shared
 * stack keep their own frames and locals across switches, whatever their depth; another context
 * reaches a copied context's stack memory through sim_context_stack_addr, or directly once
 * sim_context_place put it in place; they mix with contexts of their own stack; an overflow
 * names the running one. Raw factory only: the others give a copied context a stack of its own,
 * which the last test checks. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simcore/context.h"
#include "simcore/internal.h"

#define KIB 1024

/* test_context.c's */
void context_test_overflow_body(void *arg);
void context_test_expect_overflow(void (*body)(const void *arg), const void *arg);

static struct sim_context *maestro;

static void init_raw(size_t stack)
{
#ifndef HAVE_RAW_CONTEXTS
    cr_skip_test("raw contexts are not available on this architecture");
#endif
    sim_context_init(SIM_CTX_RAW, stack, 4096);
    maestro = sim_context_maestro();
}

/* ---- locals survive ---- */

struct actor {
    struct sim_context *ctx;
    int id;
    int depth; /* frames of 1 KiB it recurses into before yielding */
    int yields;
    int expect;         /* what its local should hold (its id unless the engine changed it) */
    volatile int *slot; /* the address of a local of its, published for the engine */
    int rounds;         /* rounds it saw its locals intact */
};

/* Fills a 1 KiB frame with a pattern of `a` and `level`, recurses, yields at the bottom, then
 * checks the pattern on the way up: a frame clobbered while another context ran fails it. */
static int frame(struct actor *a, int level)
{
    volatile unsigned char pad[1024];
    int ok = 1;

    for (size_t i = 0; i < sizeof(pad); i++)
        pad[i] = (unsigned char)(a->id * 31 + level * 7 + (int)i);
    if (level < a->depth)
        ok = frame(a, level + 1);
    else
        sim_context_switch(a->ctx, maestro);
    for (size_t i = 0; i < sizeof(pad); i++)
        if (pad[i] != (unsigned char)(a->id * 31 + level * 7 + (int)i))
            ok = 0;
    return ok;
}

static void body(void *arg)
{
    struct actor *a = arg;
    volatile int local = a->id;

    a->slot = &local;
    for (int k = 0; k < a->yields; k++) {
        if (frame(a, 0) && local == a->expect)
            a->rounds++;
    }
    a->slot = NULL;
}

static struct actor *make(int n, int depth, int yields, bool copied)
{
    struct actor *v = calloc((size_t)n, sizeof(*v));
    char name[32];

    for (int i = 0; i < n; i++) {
        snprintf(name, sizeof(name), "copied-%d", i);
        v[i].id = i + 1;
        v[i].expect = i + 1;
        v[i].depth = depth;
        v[i].yields = yields;
        v[i].ctx = copied && i % 3 != 2 ? sim_context_create_copied(body, &v[i], name, maestro)
                                        : sim_context_create(body, &v[i], name, maestro);
    }
    return v;
}

static void run_rounds(struct actor *v, int n, int yields)
{
    for (int r = 0; r <= yields; r++)
        for (int i = 0; i < n; i++)
            sim_context_switch(maestro, v[i].ctx);
    for (int i = 0; i < n; i++) {
        cr_assert(sim_context_is_finished(v[i].ctx), "context %d did not end", i);
        cr_assert_eq(v[i].rounds, yields, "context %d saw its frames intact %d times of %d", i,
                     v[i].rounds, yields);
        sim_context_destroy(v[i].ctx);
    }
    free(v);
}

Test(context_copy, a_thousand_copied_contexts_keep_their_frames_across_switches)
{
    /* 1,000 contexts, two in three copied, the third with a stack of its own, each 4 frames of
     * 1 KiB deep when it yields, switched round robin 5 times: every frame and local is intact
     * each time it resumes. */
    init_raw(128 * KIB);
    run_rounds(make(1000, 4, 5, true), 1000, 5);
}

Test(context_copy, a_copied_context_grows_its_copy_to_a_deep_stack)
{
    /* Two copied contexts 200 frames of 1 KiB deep (past the first copy's 256 bytes and many
     * pages) on a 1 MiB shared stack, taking turns 3 times: intact. */
    init_raw(1024 * KIB);
    run_rounds(make(2, 200, 3, true), 2, 3);
}

/* ---- reaching a stack that is not in place ---- */

Test(context_copy, the_engine_reaches_a_copied_stack_that_another_context_holds)
{
    /* Context A publishes the address of a local and yields; B runs on the shared stack. The
     * engine reads A's local through sim_context_stack_addr (not at its address, which holds
     * B's data now), writes 4242 there, and A finds 4242 when it resumes; placed again by
     * sim_context_place after B ran, A's local is at its own address. */
    struct actor *v;

    init_raw(128 * KIB);
    v = make(2, 0, 2, true);
    sim_context_switch(maestro, v[0].ctx);
    sim_context_switch(maestro, v[1].ctx);
    cr_assert_not_null(v[0].slot);
    cr_assert_eq(*(volatile int *)sim_context_stack_addr(v[0].ctx, (const void *)v[0].slot), 1);
    cr_assert_eq(*(volatile int *)sim_context_stack_addr(v[1].ctx, (const void *)v[1].slot), 2);
    cr_assert_neq(sim_context_stack_addr(v[0].ctx, (const void *)v[0].slot), (void *)v[0].slot,
                  "A is not in place: its local lives in its copy");
    *(volatile int *)sim_context_stack_addr(v[0].ctx, (const void *)v[0].slot) = 4242;
    v[0].expect = 4242;
    sim_context_switch(maestro, v[0].ctx);
    cr_assert_eq(v[0].rounds, 1, "A resumed with its frames, and 4242 in its local");
    sim_context_place(v[0].ctx); /* A is in place already: nothing to do */
    cr_assert_eq(*v[0].slot, 4242, "placed, A's local is at its address");
    cr_assert_eq(sim_context_stack_addr(v[0].ctx, (const void *)v[0].slot), (void *)v[0].slot);
    sim_context_switch(maestro, v[1].ctx);
    sim_context_place(v[0].ctx); /* back in place without running: B's part saved */
    cr_assert_eq(*v[0].slot, 4242);
    sim_context_switch(maestro, v[0].ctx);
    sim_context_switch(maestro, v[1].ctx);
    cr_assert(sim_context_is_finished(v[0].ctx) && sim_context_is_finished(v[1].ctx));
    cr_assert_eq(v[0].rounds, 2);
    cr_assert_eq(v[1].rounds, 2);
    sim_context_destroy(v[0].ctx);
    sim_context_destroy(v[1].ctx);
    free(v);
}

Test(context_copy, an_address_off_the_stack_is_left_alone)
{
    /* A heap address, and any address for a context with a stack of its own, come back as
     * they are. */
    struct actor *v;
    int x = 0;

    init_raw(128 * KIB);
    v = make(3, 0, 1, true); /* the third has its own stack */
    sim_context_switch(maestro, v[0].ctx);
    sim_context_switch(maestro, v[1].ctx);
    sim_context_switch(maestro, v[2].ctx);
    cr_assert_eq(sim_context_stack_addr(v[0].ctx, v), (void *)v);
    cr_assert_eq(sim_context_stack_addr(v[0].ctx, &x), (void *)&x);
    cr_assert_eq(sim_context_stack_addr(v[2].ctx, (const void *)v[2].slot), (void *)v[2].slot);
    for (int i = 0; i < 3; i++)
        sim_context_switch(maestro, v[i].ctx);
    for (int i = 0; i < 3; i++)
        sim_context_destroy(v[i].ctx);
    free(v);
}

/* ---- overflow ---- */

static void idle_body(void *arg)
{
    (void)arg;
    sim_context_switch(*(struct sim_context **)arg, maestro);
}

static void overflow_child(const void *arg)
{
    struct sim_context *idle;
    struct sim_context *c;

    (void)arg;
    init_raw(64 * KIB);
    idle = sim_context_create_copied(idle_body, &idle, "idler", maestro);
    sim_context_switch(maestro, idle);
    c = sim_context_create_copied(context_test_overflow_body, NULL, "overflower", maestro);
    sim_context_switch(maestro, c);
}

Test(context_copy, an_overflow_of_the_shared_stack_names_the_context_running_there)
{
    /* Two copied contexts: "idler" ran and yielded, then "overflower" recurses into the shared
     * stack's guard page. The report names the overflower and the 64 KiB stack; exit 1. */
#ifndef HAVE_RAW_CONTEXTS
    cr_skip_test("raw contexts are not available on this architecture");
#endif
    context_test_expect_overflow(overflow_child, NULL);
}

Test(context_copy, other_factories_give_a_copied_context_its_own_stack)
{
    /* Under ucontext a copied context is an ordinary one: its locals are at their address
     * while another runs, and sim_context_stack_addr leaves them there. */
    struct actor *v;

    sim_context_init(SIM_CTX_UCONTEXT, 128 * KIB, 4096);
    maestro = sim_context_maestro();
    v = make(2, 1, 2, true);
    sim_context_switch(maestro, v[0].ctx);
    sim_context_switch(maestro, v[1].ctx);
    cr_assert_eq(*v[0].slot, 1);
    cr_assert_eq(sim_context_stack_addr(v[0].ctx, (const void *)v[0].slot), (void *)v[0].slot);
    for (int r = 0; r < 2; r++)
        for (int i = 0; i < 2; i++)
            sim_context_switch(maestro, v[i].ctx);
    for (int i = 0; i < 2; i++) {
        cr_assert_eq(v[i].rounds, 2);
        sim_context_destroy(v[i].ctx);
    }
    free(v);
}
