/* Context tests, for each factory (raw, ucontext, thread): exact round-robin interleaving of
 * many contexts, clean end of a returning function, per-context floating-point control state,
 * stack alignment, stack reuse, the span of stack that resuming a context touches (what
 * sim_actor_prefetch_stack asks for), and the report of a stack overflow into the guard page. What
 * only the thread factory does is in test_context_thread.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <criterion/criterion.h>
#include <fenv.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "simcore/context.h"
#include "simcore/internal.h"

#define KIB 1024

static struct sim_context *maestro;

/* Skips the test when `f` is raw and this architecture has no raw switch (the fallback to
 * ucontext is then the documented behaviour); where raw exists, a fallback fails the test. */
static void require_factory(enum sim_ctx_factory f)
{
#ifndef HAVE_RAW_CONTEXTS
    if (f == SIM_CTX_RAW)
        cr_skip_test("raw contexts are not available on this architecture");
#endif
}

static void init_factory(enum sim_ctx_factory f, size_t stack, size_t guard)
{
    require_factory(f);
    sim_context_init(f, stack, guard);
    cr_assert_eq(sim_context_factory(), f, "factory %s fell back to %s",
                 sim_context_factory_name(f), sim_context_factory_name(sim_context_factory()));
    maestro = sim_context_maestro();
}

/* ---- round robin ---- */

struct rr_actor {
    struct sim_context *ctx;
    int id;
};

static int *rr_log;
static size_t rr_len;
static int rr_yields;

/* Appends its id, yields to maestro; rr_yields times, then returns. */
static void rr_body(void *arg)
{
    struct rr_actor *a = arg;

    for (int k = 0; k < rr_yields; k++) {
        rr_log[rr_len++] = a->id;
        sim_context_switch(a->ctx, maestro);
    }
}

static void round_robin(enum sim_ctx_factory f, int nactors, int yields)
{
    struct rr_actor *actors = calloc((size_t)nactors, sizeof(*actors));
    char name[32];

    init_factory(f, 128 * KIB, 4096);
    rr_yields = yields;
    rr_log = calloc((size_t)nactors * (size_t)yields, sizeof(*rr_log));
    rr_len = 0;
    for (int i = 0; i < nactors; i++) {
        snprintf(name, sizeof(name), "rr-%d", i);
        actors[i].id = i;
        actors[i].ctx = sim_context_create(rr_body, &actors[i], name, maestro);
        cr_assert(!sim_context_is_finished(actors[i].ctx));
    }
    /* Rounds 0..yields-1 each log one entry per actor; round `yields` lets them return. */
    for (int r = 0; r <= yields; r++) {
        for (int i = 0; i < nactors; i++) {
            cr_assert(!sim_context_is_finished(actors[i].ctx), "actor %d ended early", i);
            sim_context_switch(maestro, actors[i].ctx);
            cr_assert_eq(rr_len, (size_t)(r < yields ? r * nactors + i + 1 : yields * nactors));
            cr_assert_eq(sim_context_is_finished(actors[i].ctx), r == yields);
        }
    }
    for (size_t j = 0; j < rr_len; j++)
        cr_assert_eq(rr_log[j], (int)(j % (size_t)nactors), "log[%zu] = %d", j, rr_log[j]);
    for (int i = 0; i < nactors; i++)
        sim_context_destroy(actors[i].ctx);
    free(rr_log);
    free(actors);
}

Test(context, raw_round_robin_of_10000_contexts_interleaves_exactly)
{
    /* 10,000 raw contexts each log their id then yield, 100 times. Maestro switches to them
     * in id order, 101 rounds: the log holds 1,000,000 entries, entry j = j mod 10000; after
     * round 100 (the 101st) every context has returned and is finished, not before. */
    round_robin(SIM_CTX_RAW, 10000, 100);
}

Test(context, ucontext_round_robin_of_10000_contexts_interleaves_exactly)
{
    /* Same scenario as the raw case with the ucontext factory: 1,000,000 entries, entry j =
     * j mod 10000, all 10,000 finished after the 101st round. */
    round_robin(SIM_CTX_UCONTEXT, 10000, 100);
}

Test(context, thread_round_robin_of_1000_threads_interleaves_exactly)
{
    /* The same scenario with the thread factory, 1,000 contexts (each a kernel thread) and 20
     * yields: 20,000 entries, entry j = j mod 1000 (one thread runs at a time, in maestro's
     * order), all 1,000 finished after the 21st round. */
    round_robin(SIM_CTX_THREAD, 1000, 20);
}

/* ---- end of a context's function ---- */

struct ret_actor {
    struct sim_context *ctx;
    int steps;
};

static void ret_body(void *arg)
{
    struct ret_actor *a = arg;

    a->steps++;
}

static void returns_to_on_return(enum sim_ctx_factory f)
{
    struct ret_actor a = { NULL, 0 };
    struct ret_actor b = { NULL, 0 };

    init_factory(f, 64 * KIB, 4096);
    /* a returns to maestro. */
    a.ctx = sim_context_create(ret_body, &a, "a", maestro);
    sim_context_switch(maestro, a.ctx);
    cr_assert_eq(a.steps, 1);
    cr_assert(sim_context_is_finished(a.ctx));
    sim_context_destroy(a.ctx);
    /* b returns into a fresh context c that has never run: c starts, then returns to
     * maestro. */
    a.steps = 0;
    a.ctx = sim_context_create(ret_body, &a, "c", maestro);
    b.ctx = sim_context_create(ret_body, &b, "b", a.ctx);
    sim_context_switch(maestro, b.ctx);
    cr_assert_eq(b.steps, 1);
    cr_assert_eq(a.steps, 1);
    cr_assert(sim_context_is_finished(b.ctx));
    cr_assert(sim_context_is_finished(a.ctx));
    sim_context_destroy(b.ctx);
    sim_context_destroy(a.ctx);
}

Test(context, raw_returning_function_finishes_and_reaches_on_return)
{
    /* A raw context whose function returns after one step is finished and maestro resumes
     * (steps = 1). A context b whose on_return is a fresh context c: switching to b runs b
     * (1 step), then c (1 step), then maestro; both finished. */
    returns_to_on_return(SIM_CTX_RAW);
}

Test(context, ucontext_returning_function_finishes_and_reaches_on_return)
{
    /* Same scenario with ucontext: steps 1 and 1, both finished, maestro resumed. */
    returns_to_on_return(SIM_CTX_UCONTEXT);
}

Test(context, thread_returning_function_finishes_and_reaches_on_return)
{
    /* Same scenario with threads: steps 1 and 1, both finished, maestro resumed; destroying
     * them joins their threads. */
    returns_to_on_return(SIM_CTX_THREAD);
}

/* ---- floating-point control state and alignment ---- */

struct fp_actor {
    struct sim_context *ctx;
    int round_seen[2];
    uintptr_t frame;
};

static void fp_body(void *arg)
{
    struct fp_actor *a = arg;

    a->frame = (uintptr_t)__builtin_frame_address(0);
    fesetround(FE_UPWARD);
    sim_context_switch(a->ctx, maestro);
    a->round_seen[0] = fegetround();
    fesetround(FE_TOWARDZERO);
    sim_context_switch(a->ctx, maestro);
    a->round_seen[1] = fegetround();
}

static void keeps_fp_state(enum sim_ctx_factory f)
{
    struct fp_actor a;

    memset(&a, 0, sizeof(a));
    init_factory(f, 64 * KIB, 4096);
    fesetround(FE_DOWNWARD);
    a.ctx = sim_context_create(fp_body, &a, "fp", maestro);
    sim_context_switch(maestro, a.ctx);
    cr_assert_eq(fegetround(), FE_DOWNWARD, "maestro lost its rounding mode");
    fesetround(FE_TONEAREST);
    sim_context_switch(maestro, a.ctx);
    cr_assert_eq(a.round_seen[0], FE_UPWARD, "context lost its rounding mode");
    cr_assert_eq(fegetround(), FE_TONEAREST);
    sim_context_switch(maestro, a.ctx);
    cr_assert_eq(a.round_seen[1], FE_TOWARDZERO);
    cr_assert(sim_context_is_finished(a.ctx));
#if defined(__x86_64__) || defined(__aarch64__)
    /* The frame pointer of a function entered by an ABI-conforming call is 16-aligned. */
    cr_assert_eq(a.frame % 16, 0, "frame %#lx is misaligned", (unsigned long)a.frame);
#endif
    sim_context_destroy(a.ctx);
}

Test(context, raw_contexts_keep_their_own_rounding_mode_and_aligned_stack)
{
    /* Maestro runs in FE_DOWNWARD, the context sets FE_UPWARD and yields: maestro still sees
     * FE_DOWNWARD; maestro switches to FE_TONEAREST: the context still sees FE_UPWARD, then
     * FE_TOWARDZERO after its own change. The context's first frame is 16-byte aligned. */
    keeps_fp_state(SIM_CTX_RAW);
}

Test(context, ucontext_contexts_keep_their_own_rounding_mode_and_aligned_stack)
{
    /* Same scenario with ucontext: DOWNWARD / UPWARD / TONEAREST / TOWARDZERO as above. */
    keeps_fp_state(SIM_CTX_UCONTEXT);
}

Test(context, thread_contexts_keep_their_own_rounding_mode_and_aligned_stack)
{
    /* Same scenario with threads (the floating-point environment is per thread): DOWNWARD /
     * UPWARD / TONEAREST / TOWARDZERO as above, first frame 16-byte aligned. */
    keeps_fp_state(SIM_CTX_THREAD);
}

/* ---- stack reuse ---- */

static void reuse_stacks(enum sim_ctx_factory f)
{
    struct ret_actor a = { NULL, 0 };

    init_factory(f, 32 * KIB, 4096);
    for (int i = 0; i < 1000; i++) {
        a.ctx = sim_context_create(ret_body, &a, "again", maestro);
        sim_context_switch(maestro, a.ctx);
        cr_assert(sim_context_is_finished(a.ctx));
        sim_context_destroy(a.ctx);
    }
    cr_assert_eq(a.steps, 1000);
}

/* ---- the span a resumption touches (sim__context_resume_span) ---- */

struct span_actor {
    struct sim_context *ctx;
    const char *lo;
    unsigned len;
    uintptr_t local; /* a local of the body, which the body reads again once resumed */
    uintptr_t frame;
};

static void span_body(void *arg)
{
    struct span_actor *s = arg;
    volatile char local = 1;

    s->local = (uintptr_t)&local;
    s->frame = (uintptr_t)__builtin_frame_address(0);
    s->lo = sim__context_resume_span(s->ctx, __builtin_frame_address(0), &s->len);
    sim_context_switch(s->ctx, maestro);
    cr_assert_eq(local, 1);
}

static void resume_span(enum sim_ctx_factory f, struct span_actor *s)
{
    char here;
    unsigned len = 1;

    init_factory(f, 64 * KIB, 4 * KIB);
    s->ctx = sim_context_create(span_body, s, "span", maestro);
    sim_context_switch(maestro, s->ctx);
    /* maestro's frame is on no context's stack */
    cr_assert_null(sim__context_resume_span(s->ctx, &here, &len));
    cr_assert_eq(len, 0);
    sim_context_switch(maestro, s->ctx);
    cr_assert(sim_context_is_finished(s->ctx));
    sim_context_destroy(s->ctx);
}

Test(context, raw_resume_span_covers_the_frames_below_and_above_the_switch)
{
    /* A raw context that leaves from span_body: the span starts 256 bytes under the body's
     * frame (the switch's own frames and saved registers go there), holds the body's frame and
     * local, and is at most 1,280 bytes long (64 KiB stack, the body near its top). */
    struct span_actor s = { 0 };

    resume_span(SIM_CTX_RAW, &s);
    cr_assert_not_null(s.lo);
    cr_assert_eq((uintptr_t)s.lo, s.frame - 256);
    cr_assert(s.len > 256 && s.len <= 1280, "span of %u bytes", s.len);
    cr_assert(s.local >= (uintptr_t)s.lo && s.local < (uintptr_t)s.lo + s.len);
}

Test(context, ucontext_has_no_resume_span)
{
    /* ucontext's switch reads its saved state elsewhere first: no span (NULL, 0). */
    struct span_actor s = { .len = 1 };

    resume_span(SIM_CTX_UCONTEXT, &s);
    cr_assert_null(s.lo);
    cr_assert_eq(s.len, 0);
}

Test(context, raw_stacks_are_reused_after_destroy)
{
    /* 1,000 raw contexts created, run to completion and destroyed one after the other (their
     * stacks come back from the free list): 1,000 steps in total. */
    reuse_stacks(SIM_CTX_RAW);
}

Test(context, ucontext_stacks_are_reused_after_destroy)
{
    /* Same with ucontext: 1,000 steps. */
    reuse_stacks(SIM_CTX_UCONTEXT);
}

Test(context, thread_stacks_are_reused_after_destroy)
{
    /* Same with threads: 1,000 threads started, run, joined one after the other on reused
     * stacks: 1,000 steps. */
    reuse_stacks(SIM_CTX_THREAD);
}

/* ---- stacks cost no kernel mapping each ---- */

static int count_maps(void)
{
    FILE *f = fopen("/proc/self/maps", "r");
    int c;
    int n = 0;

    cr_assert_not_null(f);
    while ((c = fgetc(f)) != EOF)
        n += c == '\n';
    fclose(f);
    return n;
}

/* True when the kernel accepts MADV_GUARD_INSTALL (102, Linux 6.13). */
static bool kernel_has_guard_install(void)
{
    long page = sysconf(_SC_PAGESIZE);
    void *p = mmap(NULL, (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    bool ok;

    cr_assert_neq(p, MAP_FAILED);
    ok = madvise(p, (size_t)page, 102) == 0;
    munmap(p, (size_t)page);
    return ok;
}

Test(context, twenty_thousand_guarded_stacks_add_few_mappings)
{
    /* 20,000 live raw contexts with 64 KiB stacks and 4 KiB guard pages, each run once (so its
     * stack is touched). They are carved from shared reservations and the guards installed
     * without splitting them (MADV_GUARD_INSTALL), so the process gains far fewer than one
     * mapping per context: at most 100 (one per 1 GiB reservation, and malloc's). Skipped on a
     * kernel older than 6.13, where the guards fall back to mprotect. */
    enum { N = 20000 };
    struct ret_actor *a = calloc(N, sizeof(*a));
    int before;
    int after;

    cr_assert_not_null(a);
    if (!kernel_has_guard_install())
        cr_skip_test("MADV_GUARD_INSTALL needs Linux 6.13: guard pages by mprotect cost mappings");
    init_factory(SIM_CTX_RAW, 64 * KIB, 4096);
    before = count_maps();
    for (int i = 0; i < N; i++) {
        a[i].ctx = sim_context_create(ret_body, &a[i], "many", maestro);
        sim_context_switch(maestro, a[i].ctx);
        cr_assert(sim_context_is_finished(a[i].ctx));
    }
    after = count_maps();
    for (int i = 0; i < N; i++)
        sim_context_destroy(a[i].ctx);
    free(a);
    cr_assert_lt(after - before, 100, "%d contexts added %d mappings", N, after - before);
}

/* ---- stack overflow ---- */

static volatile int overflow_limit; /* 0: unbounded; keeps the compiler from seeing it */

static int overflow_recurse(int depth)
{
    volatile char pad[512];

    pad[0] = (char)depth;
    if (overflow_limit != 0 && depth >= overflow_limit)
        return pad[0];
    return overflow_recurse(depth + 1) + pad[0];
}

/* Recurses until the stack overflows (also used by test_context_copy.c). */
void context_test_overflow_body(void *arg);
void context_test_overflow_body(void *arg)
{
    overflow_recurse(0);
}

static void overflow_in_context(enum sim_ctx_factory f)
{
    struct sim_context *c;

    init_factory(f, 64 * KIB, 4096);
    c = sim_context_create(context_test_overflow_body, NULL, "overflower", maestro);
    sim_context_switch(maestro, c);
}

#ifdef HAVE_RAW_CONTEXTS /* a skipped test would not exit with status 1 */
Test(context, raw_stack_overflow_exits_with_status_1, .exit_code = 1)
{
    /* Unbounded recursion with 512-byte frames in a raw context with a 64 KiB stack walks
     * into the guard page: the handler reports it and the process exits with status 1. */
    overflow_in_context(SIM_CTX_RAW);
    cr_assert_fail("the overflowing context came back");
}
#endif /* HAVE_RAW_CONTEXTS */

Test(context, ucontext_stack_overflow_exits_with_status_1, .exit_code = 1)
{
    /* Same with ucontext: exit status 1. */
    overflow_in_context(SIM_CTX_UCONTEXT);
    cr_assert_fail("the overflowing context came back");
}

Test(context, thread_stack_overflow_exits_with_status_1, .exit_code = 1)
{
    /* Same with threads: the thread runs on the 64 KiB stack of contexts/stack-size, above its
     * guard page, and its handler runs on the alternate signal stack: exit status 1. */
    overflow_in_context(SIM_CTX_THREAD);
    cr_assert_fail("the overflowing context came back");
}

/* Runs body(arg) in a child with stderr on a pipe; returns the exit status (3 when body
 * returns) and copies what it printed into `out`. Also used by test_context_thread.c. */
int context_test_child(void (*body)(const void *arg), const void *arg, char *out, size_t outsz)
{
    int fds[2];
    int status;
    size_t len = 0;
    ssize_t n;
    pid_t pid;

    cr_assert_eq(pipe(fds), 0);
    pid = fork();
    cr_assert(pid >= 0);
    if (pid == 0) {
        dup2(fds[1], STDERR_FILENO);
        close(fds[0]);
        body(arg);
        _exit(3);
    }
    close(fds[1]);
    while (len + 1 < outsz && (n = read(fds[0], out + len, outsz - 1 - len)) > 0)
        len += (size_t)n;
    out[len] = '\0';
    close(fds[0]);
    cr_assert_eq(waitpid(pid, &status, 0), pid);
    return status;
}

static void overflow_child(const void *arg)
{
    overflow_in_context(*(const enum sim_ctx_factory *)arg);
}

/* Runs body(arg) in a child, which must overflow the 64 KiB stack of a context named
 * "overflower": exit status 1 and exactly the two-line report on stderr. Also used by
 * test_context_copy.c. */
void context_test_expect_overflow(void (*body)(const void *arg), const void *arg);
void context_test_expect_overflow(void (*body)(const void *arg), const void *arg)
{
    static const char expected[] =
        "simmpi: stack overflow in overflower (stack of 64 KiB)\n"
        "  raise --cfg=contexts/stack-size (e.g. contexts/stack-size:128KiB)\n";
    char out[1024];
    int status = context_test_child(body, arg, out, sizeof(out));

    cr_assert(WIFEXITED(status), "child did not exit (status %#x)", status);
    cr_assert_eq(WEXITSTATUS(status), 1);
    cr_assert_str_eq(out, expected);
}

static void overflow_message(enum sim_ctx_factory f)
{
    require_factory(f);
    context_test_expect_overflow(overflow_child, &f);
}

Test(context, raw_stack_overflow_names_the_actor_and_stack_size)
{
    /* The raw overflow of the previous test, in a child: stderr holds exactly the two-line
     * report naming actor "overflower" and its 64 KiB stack; exit status 1. */
    overflow_message(SIM_CTX_RAW);
}

Test(context, ucontext_stack_overflow_names_the_actor_and_stack_size)
{
    /* Same with ucontext: the same two lines, exit status 1. */
    overflow_message(SIM_CTX_UCONTEXT);
}

Test(context, thread_stack_overflow_names_the_actor_and_stack_size)
{
    /* Same with threads: the same two lines, exit status 1. */
    overflow_message(SIM_CTX_THREAD);
}

/* ---- stacks readied in batches (large runs) ---- */

/* Creates `n` raw contexts with 64 KiB stacks and 4 KiB guards without running them. */
static struct sim_context **create_idle(int n)
{
    struct sim_context **c = calloc((size_t)n, sizeof(*c));

    cr_assert_not_null(c);
    init_factory(SIM_CTX_RAW, 64 * KIB, 4096);
    for (int i = 0; i < n; i++)
        c[i] = sim_context_create(ret_body, NULL, "idle", maestro);
    return c;
}

/* Overflows a raw context created after 300 others: its slot was readied with a batch. */
static void overflow_after_batch_child(const void *arg)
{
    struct sim_context *c;

    (void)arg;
    create_idle(300);
    c = sim_context_create(context_test_overflow_body, NULL, "overflower", maestro);
    sim_context_switch(maestro, c);
}

Test(context, a_stack_readied_in_a_batch_has_its_guard_page)
{
    /* Past the first 128 stacks the guards are installed many at once (process_madvise): the
     * 301st context's recursion still ends in its guard page, with the two-line report and
     * exit status 1. */
    require_factory(SIM_CTX_RAW);
    context_test_expect_overflow(overflow_after_batch_child, NULL);
}

Test(context, a_batch_populates_only_the_top_page_of_each_stack)
{
    /* 300 stacks of 64 KiB taken from the pool, none used: the first 128 are set up one by one
     * and untouched; from then on, batches populate each stack's top page (where the first
     * frame goes) and nothing below it (mincore), so a batch costs no more memory than the page
     * faults it replaces. */
    enum { N = 300, FIRST = 128 };
    long page = sysconf(_SC_PAGESIZE);
    long pages = 64 * KIB / page;
    struct sim__ctx_stack st[N];
    int top = 0;
    int below = 0;

    sim__ctx_stack_configure(64 * KIB, 4096);
    for (int i = 0; i < N; i++)
        st[i] = sim__ctx_stack_get();
    for (int i = 0; i < N; i++) {
        unsigned char v[64];

        cr_assert_eq(mincore(st[i].map + st[i].guard, st[i].size, v), 0);
        top += (v[pages - 1] & 1) != (i >= FIRST);
        for (long k = 0; k < pages - 1; k++)
            below += v[k] & 1;
    }
    for (int i = 0; i < N; i++)
        sim__ctx_stack_put(&st[i]);
    sim__ctx_stack_release();
    cr_assert_eq(top, 0, "%d top pages not as expected (resident from the %dth stack on)", top,
                 FIRST + 1);
    cr_assert_eq(below, 0, "%d pages below the tops resident", below);
}

static volatile int *volatile null_pointer;

Test(context, other_segfaults_keep_the_default_action, .signal = SIGSEGV)
{
    /* After sim_context_init installed its handler, a NULL dereference outside any guard
     * page is not taken for an overflow: the process dies of SIGSEGV as it would without us. */
    init_factory(SIM_CTX_UCONTEXT, 64 * KIB, 4096);
    *null_pointer = 1;
}

Test(context, factory_names_match_the_option_values)
{
    /* contexts/factory accepts "raw", "ucontext" and "thread" (and boost, which is raw). */
    cr_assert_str_eq(sim_context_factory_name(SIM_CTX_RAW), "raw");
    cr_assert_str_eq(sim_context_factory_name(SIM_CTX_UCONTEXT), "ucontext");
    cr_assert_str_eq(sim_context_factory_name(SIM_CTX_THREAD), "thread");
}
