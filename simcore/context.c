/* context: factory selection, contexts (their stacks come from context_stack.c), the
 * registry of guard pages and the SIGSEGV handler that turns a fault in one of them into a
 * "stack overflow in NAME" report. The switch itself lives in context_raw.c,
 * context_ucontext.c and context_thread.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "simcore/context.h"
#include "simcore/internal.h"

#ifdef HAVE_VALGRIND_MEMCHECK_H
#include <valgrind/memcheck.h>
#endif

SIM_LOG_CATEGORY(log_ctx, "sim.ctx");

#define MIN_STACK_SIZE (16 * 1024)
#define ALTSTACK_SIZE (64 * 1024)

struct sim_context {
    void *sp; /* raw: saved stack pointer (first field: the switch reaches it cheaply) */
    sim_context_fn *fn;
    void *arg;
    struct sim_context *on_return;
    char *name;                  /* in the same block, after uc */
    struct sim__ctx_stack stack; /* map is NULL for maestro and copied contexts */
    int reg_index;               /* position in sim__engine.ctx.guarded, -1 when not in it */
    bool finished;
    bool copied;    /* runs on the shared stack: its image is kept in `img` while not placed */
    size_t img_len; /* copied: bytes of its stack in use, from sp to the shared stack's top */
    size_t img_cap;
    char *img;
    enum sim_ctx_factory factory; /* the one it was created with */
    max_align_t uc[];             /* ucontext or thread factory state */
};

/* The contexts' state (factory, geometry, maestro, the guard registry) is the engine's
 * (sim__engine.ctx). What stays here is the process's: the SIGSEGV handler, installed once
 * (the disposition it replaced, to pass other faults on), and its alternate stack, which every
 * thread of the thread factory installs. */
static struct sigaction segv_previous;
static bool segv_installed;
static stack_t altstack;

static const char *const factory_names[] = {
    [SIM_CTX_RAW] = "raw",
    [SIM_CTX_UCONTEXT] = "ucontext",
    [SIM_CTX_THREAD] = "thread",
};

const char *sim_context_factory_name(enum sim_ctx_factory f)
{
    if ((unsigned)f >= sizeof(factory_names) / sizeof(factory_names[0]) || !factory_names[f])
        return "unknown";
    return factory_names[f];
}

enum sim_ctx_factory sim_context_factory(void)
{
    return sim__engine.ctx.factory;
}

/* ---- async-signal-safe overflow report ---- */

static void write_str(const char *s)
{
    size_t n = strlen(s);

    while (n > 0) {
        ssize_t w = write(STDERR_FILENO, s, n);

        if (w <= 0) {
            if (w < 0 && errno == EINTR)
                continue;
            return;
        }
        s += w;
        n -= (size_t)w;
    }
}

static void write_size(size_t v)
{
    char buf[32];
    int i = (int)sizeof(buf) - 1;

    buf[i] = '\0';
    do {
        buf[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v > 0 && i > 0);
    write_str(buf + i);
}

/* Returns the live context whose guard page holds `addr`, or NULL. Async-signal-safe: it
 * only reads the registry. */
static const struct sim_context *guard_owner(uintptr_t addr)
{
    const struct sim__contexts *x = &sim__engine.ctx;
    uintptr_t shared = (uintptr_t)x->shared.map;

    if (shared && addr >= shared && addr < shared + x->shared.guard)
        return x->placed; /* only a copied context runs on the shared stack */

    for (size_t i = 0; i < x->nguarded; i++) {
        const struct sim_context *c = x->guarded[i];
        uintptr_t lo = (uintptr_t)c->stack.map;

        if (addr >= lo && addr < lo + c->stack.guard)
            return c;
    }
    return NULL;
}

/* If `addr` lies in an actor's guard page, reports the overflow and exits with status 1;
 * otherwise returns. Async-signal-safe; kept separate so that a later crash reporter can
 * run the same check before its own report. */
static void overflow_check(const void *addr)
{
    const struct sim_context *c = guard_owner((uintptr_t)addr);

    if (!c)
        return;
    write_str("simmpi: stack overflow in ");
    write_str(c->name);
    write_str(" (stack of ");
    write_size(c->stack.size / 1024);
    write_str(" KiB)\n  raise --cfg=contexts/stack-size (e.g. contexts/stack-size:");
    write_size(2 * c->stack.size / 1024);
    write_str("KiB)\n");
    _exit(1);
}

/* SIGSEGV on the alternate stack: an overflow is reported; anything else goes to the handler
 * that was installed before ours, or ends the process the default way (core dump). */
static void segv_handler(int sig, siginfo_t *info, void *uctx)
{
    overflow_check(info->si_addr);
    if (segv_previous.sa_flags & SA_SIGINFO) {
        segv_previous.sa_sigaction(sig, info, uctx);
        return;
    }
    if (segv_previous.sa_handler != SIG_DFL && segv_previous.sa_handler != SIG_IGN) {
        segv_previous.sa_handler(sig);
        return;
    }
    /* SIGSEGV is blocked while we run: the raised signal is delivered, with the default
     * action, as soon as we return (a real fault would also recur on the same instruction). */
    signal(SIGSEGV, SIG_DFL);
    raise(SIGSEGV);
}

/* Installs the SIGSEGV handler on an alternate stack (an overflowing actor has no stack left
 * to run it on). Done once per process. */
static void segv_install(void)
{
    struct sigaction sa;

    if (segv_installed)
        return;
    altstack.ss_sp = sim_xmalloc(ALTSTACK_SIZE);
    altstack.ss_size = ALTSTACK_SIZE;
    sim__ctx_altstack_use();
    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = segv_handler;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    if (sigaction(SIGSEGV, &sa, &segv_previous) != 0)
        sim_die("cannot install the SIGSEGV handler: %s", strerror(errno));
    segv_installed = true;
}

void sim__ctx_altstack_use(void)
{
    if (sigaltstack(&altstack, NULL) != 0)
        sim_die("cannot install the signal stack: %s", strerror(errno));
}

/* ---- registry of guard pages ---- */

static void registry_add(struct sim_context *c)
{
    struct sim__contexts *x = &sim__engine.ctx;

    if (x->nguarded == x->capguarded) {
        size_t cap = x->capguarded ? 2 * x->capguarded : 256;
        struct sim_context **v = sim_xmalloc(cap * sizeof(*v));

        /* Publish a fully copied array before freeing the old one, so that the handler never
         * reads a half-built registry. */
        if (x->nguarded)
            memcpy(v, x->guarded, x->nguarded * sizeof(*v));
        free(x->guarded);
        x->guarded = v;
        x->capguarded = cap;
    }
    c->reg_index = (int)x->nguarded;
    x->guarded[x->nguarded++] = c;
}

static void registry_remove(struct sim_context *c)
{
    struct sim__contexts *x = &sim__engine.ctx;
    struct sim_context *last;

    if (c->reg_index < 0)
        return;
    sim_assert((size_t)c->reg_index < x->nguarded && x->guarded[c->reg_index] == c,
               "context %s is not at its place in the guard registry", c->name);
    last = x->guarded[--x->nguarded];
    x->guarded[c->reg_index] = last;
    last->reg_index = c->reg_index;
    c->reg_index = -1;
}

static size_t round_to_page(size_t n)
{
    size_t page = sim__engine.ctx.page_size;

    return (n + page - 1) / page * page;
}

/* ---- life cycle ---- */

void sim_context_init(enum sim_ctx_factory factory, size_t stack_size, size_t guard_size)
{
    struct sim__contexts *x = &sim__engine.ctx;
    long page = sysconf(_SC_PAGESIZE);

    x->page_size = page > 0 ? (size_t)page : 4096;
    if (stack_size < MIN_STACK_SIZE)
        sim_die("contexts/stack-size of %zu bytes is too small; use at least 16KiB", stack_size);
    sim_assert(factory == SIM_CTX_RAW || factory == SIM_CTX_UCONTEXT || factory == SIM_CTX_THREAD,
               "unknown context factory %d", (int)factory);
#ifndef HAVE_RAW_CONTEXTS
    if (factory == SIM_CTX_RAW) {
        SIM_LOG(log_ctx, SIM_LOG_WARN,
                "raw contexts are not available on this architecture; using ucontext");
        factory = SIM_CTX_UCONTEXT;
    }
#endif
    x->factory = factory;
    x->stack_size = round_to_page(stack_size);
    x->guard_size = round_to_page(guard_size);
    sim__ctx_stack_configure(x->stack_size, x->guard_size);
    segv_install();
    if (x->maestro && factory == SIM_CTX_THREAD)
        sim__ctx_thread_attach(x->maestro->uc);
    x->initialised = true;
    SIM_LOG(log_ctx, SIM_LOG_VERBOSE, "factory %s, stacks of %zu bytes, guard of %zu bytes",
            sim_context_factory_name(x->factory), x->stack_size, x->guard_size);
}

void sim__ctx_shutdown(void)
{
    struct sim__contexts *x = &sim__engine.ctx;

    sim_assert(x->nguarded == 0, "%zu contexts outlive the engine", x->nguarded);
    if (x->shared.map)
        sim__ctx_stack_put(&x->shared);
    free(x->maestro);
    free(x->guarded);
    sim__ctx_stack_release();
    memset(x, 0, sizeof(*x));
}

/* Allocates a context with `state` bytes for its factory's state: the largest one for maestro,
 * which outlives sim_context_init calls that may change the factory. Raw contexts stay small:
 * with 100,000 actors every switch misses the cache, and a 1 KiB ucontext_t per context only
 * spreads them further. */
static struct sim_context *context_alloc(size_t state, const char *name)
{
    size_t len = strlen(name) + 1;
    struct sim_context *c = sim_xcalloc(1, sizeof(*c) + state + len); /* one block per actor */

    c->name = memcpy((char *)c->uc + state, name, len);
    c->reg_index = -1;
    c->factory = sim__engine.ctx.factory;
    return c;
}

struct sim_context *sim_context_maestro(void)
{
    struct sim__contexts *x = &sim__engine.ctx;
    size_t uc = sim__ctx_uc_size();
    size_t thread = sim__ctx_thread_size();

    if (!x->maestro) {
        x->maestro = context_alloc(uc > thread ? uc : thread, "maestro");
        if (x->factory == SIM_CTX_THREAD)
            sim__ctx_thread_attach(x->maestro->uc);
    }
    return x->maestro;
}

/* First code run on a new stack: runs the actor's function, then leaves for good. */
static void context_entry(void *arg)
{
    struct sim_context *c = arg;

    c->fn(c->arg);
    c->finished = true;
    sim_context_switch(c, c->on_return);
    sim_assert(false, "finished context %s was switched to again", c->name);
}

struct sim_context *sim_context_create(sim_context_fn *fn, void *arg, const char *name,
                                       struct sim_context *on_return)
{
    enum sim_ctx_factory factory = sim__engine.ctx.factory;
    struct sim_context *c;

    sim_assert(sim__engine.ctx.initialised, "sim_context_create called before sim_context_init");
    c = context_alloc(factory == SIM_CTX_UCONTEXT ? sim__ctx_uc_size()
                      : factory == SIM_CTX_THREAD ? sim__ctx_thread_size()
                                                  : 0,
                      name);
    c->fn = fn;
    c->arg = arg;
    c->on_return = on_return;
    c->stack = sim__ctx_stack_get();
    if (c->stack.guard > 0)
        registry_add(c);
#ifdef HAVE_RAW_CONTEXTS
    if (factory == SIM_CTX_RAW) {
        c->sp =
            sim__ctx_raw_prepare(c->stack.map + c->stack.guard, c->stack.size, context_entry, c);
        return c;
    }
#endif
    if (factory == SIM_CTX_THREAD) {
        sim__ctx_thread_start(c->uc, c->stack.map + c->stack.guard, c->stack.size, context_entry, c,
                              c->name);
        return c;
    }
    sim__ctx_uc_prepare(c->uc, c->stack.map + c->stack.guard, c->stack.size, context_entry, c);
    return c;
}

/* ---- copied contexts ----
 * They all run on one shared stack. The context placed in it runs there as on a stack of its
 * own; placing another first saves the part of the shared stack the placed one uses (from its
 * saved stack pointer up to the top: about 1 KiB for a rank blocked in MPI_Recv) into that
 * one's image, then copies the other's image back where it was. Their stack addresses stay
 * the same; only while a context is not placed do they hold another's data, so another context
 * reaches its stack through sim_context_stack_addr. */

#define IMG_MIN 256 /* room for the first frame, and the image's first size */
/* A context that keeps this much of its stack in use while it waits costs a copy of it at each
 * switch, many times a switch's cost: said once. */
#define IMG_WARN (64 * 1024)

static char *shared_top(void)
{
    const struct sim__ctx_stack *s = &sim__engine.ctx.shared;

    return s->map + s->guard + s->size;
}

struct sim_context *sim_context_create_copied(sim_context_fn *fn, void *arg, const char *name,
                                              struct sim_context *on_return)
{
    struct sim__contexts *x = &sim__engine.ctx;
    struct sim_context *c;
    char *frame;

#ifdef HAVE_RAW_CONTEXTS
    if (x->factory != SIM_CTX_RAW)
#endif
        return sim_context_create(fn, arg, name, on_return);
    sim_assert(x->initialised, "sim_context_create_copied called before sim_context_init");
    if (!x->shared.map)
        x->shared = sim__ctx_stack_get();
    c = context_alloc(0, name);
    c->fn = fn;
    c->arg = arg;
    c->on_return = on_return;
    c->copied = true;
    c->stack.guard = x->shared.guard; /* for the overflow report; map stays NULL */
    c->stack.size = x->shared.size;
    c->img_cap = IMG_MIN;
    c->img = sim_xmalloc(IMG_MIN);
    /* the frame as sim__ctx_raw_prepare lays it under a top: it does not depend on where */
    frame = sim__ctx_raw_prepare(c->img, IMG_MIN, context_entry, c);
    c->img_len = (size_t)(c->img + IMG_MIN - frame);
    memmove(c->img, frame, c->img_len);
    c->sp = shared_top() - c->img_len;
    return c;
}

/* Keeps the stack of the placed context, which must not be running, in its image. */
static void save_placed(struct sim_context *c)
{
    size_t len = (size_t)(shared_top() - (char *)c->sp);

    if (len > c->img_cap) {
        static bool warned;

        if (len >= IMG_WARN && !warned) {
            warned = true;
            SIM_LOG(log_ctx, SIM_LOG_WARN,
                    "%s keeps %zu KiB of its stack in use while it waits: under "
                    "contexts/copy-stacks every switch to it copies them; "
                    "--cfg=contexts/copy-stacks:no gives each rank a stack of its own",
                    c->name, len / 1024);
        }
        c->img_cap = (len + IMG_MIN - 1) / IMG_MIN * IMG_MIN; /* a million of them: no slack */
        free(c->img);
        c->img = sim_xmalloc(c->img_cap);
    }
    memcpy(c->img, c->sp, len);
    c->img_len = len;
}

void sim_context_place(struct sim_context *c)
{
    struct sim__contexts *x = &sim__engine.ctx;

    if (!c->copied || x->placed == c)
        return;
    if (x->placed && !x->placed->finished)
        save_placed(x->placed);
#ifdef HAVE_VALGRIND_MEMCHECK_H
    /* Memcheck took the part below the last one's stack pointer as freed when it returned */
    VALGRIND_MAKE_MEM_UNDEFINED(shared_top() - c->img_len, c->img_len);
#endif
    memcpy(shared_top() - c->img_len, c->img, c->img_len);
    x->placed = c;
}

void *sim_context_stack_addr(const struct sim_context *c, const void *p)
{
    const struct sim__contexts *x = &sim__engine.ctx;
    const char *a = p;
    const char *top;

    if (!c->copied || x->placed == c)
        return (void *)p;
    top = shared_top();
    if (a < top - c->img_len || a >= top)
        return (void *)p; /* not in its stack's used part: not on its stack */
    return c->img + (a - (top - c->img_len));
}

void sim_context_switch(struct sim_context *from, struct sim_context *to)
{
    enum sim_ctx_factory factory = sim__engine.ctx.factory;

#ifdef HAVE_RAW_CONTEXTS
    if (factory == SIM_CTX_RAW) {
        if (to->copied) /* the test here: most switches make no call */
            sim_context_place(to);
        sim__ctx_raw_swap(&from->sp, &to->sp);
        return;
    }
#endif
    if (factory == SIM_CTX_THREAD) {
        sim__ctx_thread_swap(from->uc, to->uc);
        return;
    }
    sim__ctx_uc_swap(from->uc, to->uc);
}

/* The span sim__context_resume_span gives: from RESUME_BELOW bytes under the frame (the switch
 * function's frame and its saved registers) up, at most RESUME_MAX bytes. A rank blocked in
 * MPI_Recv under main uses about 850 bytes of stack in all: the saved registers, the frames its
 * return walks, main's locals (often the receive buffer). */
#define RESUME_BELOW 256
#define RESUME_MAX 1280

const char *sim__context_resume_span(const struct sim_context *ctx, const void *frame,
                                     unsigned *len)
{
#ifdef HAVE_RAW_CONTEXTS
    if (ctx->copied) { /* placing it reads its image (as it was when last saved) */
        *len = (unsigned)(ctx->img_len < RESUME_MAX ? ctx->img_len : RESUME_MAX);
        return ctx->img;
    }
    if (ctx->factory == SIM_CTX_RAW && ctx->stack.map) {
        const char *base = ctx->stack.map + ctx->stack.guard;
        const char *top = base + ctx->stack.size;
        const char *lo = (const char *)frame - RESUME_BELOW;

        if ((const char *)frame < base || (const char *)frame >= top)
            return *len = 0, NULL; /* not on its stack: run on another (run_on_stack) */
        if (lo < base)
            lo = base;
        *len = (unsigned)((size_t)(top - lo) < RESUME_MAX ? (size_t)(top - lo) : RESUME_MAX);
        return lo;
    }
#else
    (void)ctx;
    (void)frame;
#endif
    *len = 0;
    return NULL;
}

void sim_context_destroy(struct sim_context *ctx)
{
    if (!ctx)
        return;
    sim_assert(ctx != sim__engine.ctx.maestro, "maestro's context cannot be destroyed");
    if (ctx->factory == SIM_CTX_THREAD)
        sim__ctx_thread_stop(ctx->uc); /* the thread must be gone before its stack is reused */
    registry_remove(ctx);
    if (ctx->stack.map)
        sim__ctx_stack_put(&ctx->stack);
    if (sim__engine.ctx.placed == ctx)
        sim__engine.ctx.placed = NULL;
    free(ctx->img);
    free(ctx);
}

bool sim_context_is_finished(const struct sim_context *ctx)
{
    return ctx->finished;
}
