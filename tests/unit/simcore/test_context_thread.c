/* What only the thread factory does: a kernel thread per context, named after it for debuggers,
 * ended and joined when the context is destroyed (even in the middle of its function), the
 * same maestro across a change of factory, the message naming the system's limits when the
 * kernel refuses a thread, and the engine's actors on threads (exit, autofree, run_on_stack). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <criterion/criterion.h>
#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "simcore/context.h"
#include "simcore/simcore.h"

#define KIB 1024

static struct sim_context *maestro;

/* Threads of this process (entries of /proc/self/task). */
static int count_threads(void)
{
    DIR *d = opendir("/proc/self/task");
    struct dirent *e;
    int n = 0;

    cr_assert_not_null(d);
    while ((e = readdir(d)) != NULL)
        n += e->d_name[0] != '.';
    closedir(d);
    return n;
}

struct who {
    struct sim_context *ctx;
    pthread_t self[2];
    pid_t tid;
    char comm[32];
};

/* Records its thread twice, across a switch to maestro, and the name the kernel shows for it. */
static void who_body(void *arg)
{
    struct who *w = arg;
    char path[64];
    FILE *f;

    w->self[0] = pthread_self();
    w->tid = (pid_t)syscall(SYS_gettid);
    snprintf(path, sizeof(path), "/proc/self/task/%d/comm", (int)w->tid);
    f = fopen(path, "r");
    if (f) {
        if (!fgets(w->comm, sizeof(w->comm), f))
            w->comm[0] = '\0';
        fclose(f);
    }
    w->comm[strcspn(w->comm, "\n")] = '\0';
    sim_context_switch(w->ctx, maestro);
    w->self[1] = pthread_self();
}

Test(context_thread, each_context_runs_on_its_own_thread_named_after_it)
{
    /* Two contexts "rank 0" and "a-rather-long-actor-name": each runs on a thread that is
     * neither maestro's nor the other's, keeps it across a switch, and the kernel names it
     * after the context (cut to 15 characters, Linux's limit): what gdb's `info threads`
     * shows. */
    struct who w[2];
    static const char *const names[2] = { "rank 0", "a-rather-long-actor-name" };

    memset(w, 0, sizeof(w));
    sim_context_init(SIM_CTX_THREAD, 64 * KIB, 4096);
    maestro = sim_context_maestro();
    for (int i = 0; i < 2; i++)
        w[i].ctx = sim_context_create(who_body, &w[i], names[i], maestro);
    for (int round = 0; round < 2; round++)
        for (int i = 0; i < 2; i++)
            sim_context_switch(maestro, w[i].ctx);
    for (int i = 0; i < 2; i++) {
        cr_assert(sim_context_is_finished(w[i].ctx));
        cr_assert(!pthread_equal(w[i].self[0], pthread_self()), "context %d ran on maestro", i);
        cr_assert(pthread_equal(w[i].self[0], w[i].self[1]), "context %d changed thread", i);
        sim_context_destroy(w[i].ctx);
    }
    cr_assert(!pthread_equal(w[0].self[0], w[1].self[0]));
    cr_assert_str_eq(w[0].comm, "rank 0");
    cr_assert_str_eq(w[1].comm, "a-rather-long-a");
}

Test(context_thread, destroy_ends_the_thread_of_a_parked_or_unstarted_context)
{
    /* 50 contexts run once (they stop in the middle of who_body, parked in a switch to
     * maestro) and 50 never run: the process has 100 more threads. Destroying all of them
     * joins the 100 threads (back to the count before) without running the rest of any
     * function (its second pthread_self is never taken), as a raw context is simply never
     * resumed. */
    enum { N = 50 };
    struct who *w = calloc(2 * N, sizeof(*w));
    int before;

    cr_assert_not_null(w);
    sim_context_init(SIM_CTX_THREAD, 64 * KIB, 4096);
    maestro = sim_context_maestro();
    before = count_threads();
    for (int i = 0; i < 2 * N; i++) {
        w[i].ctx = sim_context_create(who_body, &w[i], "parked", maestro);
        if (i < N)
            sim_context_switch(maestro, w[i].ctx);
    }
    cr_assert_eq(count_threads(), before + 2 * N);
    for (int i = 0; i < 2 * N; i++) {
        cr_assert(!sim_context_is_finished(w[i].ctx));
        sim_context_destroy(w[i].ctx);
        cr_assert(w[i].self[1] == 0, "context %d ran past its park", i);
    }
    cr_assert_eq(count_threads(), before);
    free(w);
}

static int steps;

static void step_body(void *arg)
{
    (void)arg;
    steps++;
}

Test(context_thread, maestro_serves_a_factory_chosen_after_it_was_created)
{
    /* Maestro is created under raw and runs a raw context; then the factory becomes thread
     * (as bench_context does) and the same maestro runs a thread context, then ucontext again:
     * 3 steps, each context finished. */
    enum sim_ctx_factory order[3] = { SIM_CTX_RAW, SIM_CTX_THREAD, SIM_CTX_UCONTEXT };

#ifndef HAVE_RAW_CONTEXTS
    order[0] = SIM_CTX_UCONTEXT;
#endif
    steps = 0;
    for (int i = 0; i < 3; i++) {
        struct sim_context *c;

        sim_context_init(order[i], 64 * KIB, 4096);
        maestro = sim_context_maestro();
        c = sim_context_create(step_body, NULL, "step", maestro);
        sim_context_switch(maestro, c);
        cr_assert(sim_context_is_finished(c));
        sim_context_destroy(c);
    }
    cr_assert_eq(steps, 3);
}

/* test_context.c: runs body(arg) in a child, its stderr copied into `out`; its exit status. */
int context_test_child(void (*body)(const void *arg), const void *arg, char *out, size_t outsz);

/* As a user who may start at most 16 processes (user nobody when run as root, whom the limit
 * does not bind), creates up to 200 thread contexts. */
static void limited_child(const void *arg)
{
    struct rlimit rl = { 16, 16 };

    (void)arg;
    if (setrlimit(RLIMIT_NPROC, &rl) != 0)
        _exit(4);
    if (getuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0))
        _exit(5);
    sim_context_init(SIM_CTX_THREAD, 64 * KIB, 4096);
    maestro = sim_context_maestro();
    for (int i = 0; i < 200; i++) {
        char name[32];

        snprintf(name, sizeof(name), "limited-%d", i);
        sim_context_create(step_body, NULL, name, maestro);
    }
}

Test(context_thread, a_refused_thread_names_the_actor_the_limits_and_the_fix)
{
    /* With ulimit -u at 16 the kernel refuses a thread before the 200th: the run stops with
     * status 1 and a message naming the actor, ulimit -u (16) and the other factories. */
    char out[2048];
    int status = context_test_child(limited_child, NULL, out, sizeof(out));

    cr_assert(WIFEXITED(status), "child did not exit (status %#x)", status);
    cr_assert_eq(WEXITSTATUS(status), 1, "status %d, stderr: %s", WEXITSTATUS(status), out);
    cr_assert(strstr(out, "simmpi: cannot start the thread of actor limited-") == out, "%s", out);
    cr_assert(strstr(out, "under contexts/factory:thread ("), "%s", out);
    cr_assert(strstr(out, "ulimit -u 16 (threads of this user)"), "%s", out);
    cr_assert(strstr(out, "use --cfg=contexts/factory:raw (or ucontext)"), "%s", out);
}

/* ---- actors of the engine on threads ---- */

static const char one_host_xml[] = "<?xml version='1.0'?>\n"
                                   "<platform version=\"4.1\">\n"
                                   "  <zone id=\"z\" routing=\"Full\">\n"
                                   "    <host id=\"h\" speed=\"1Gf\"/>\n"
                                   "  </zone>\n"
                                   "</platform>\n";

static struct {
    bool after_exit;        /* code after sim_actor_exit ran */
    int short_lived;        /* autofree actors that ran */
    pthread_t blocked;      /* the thread of the actor blocked forever */
    pthread_t on_its_stack; /* where sim_actor_run_on_stack ran its function */
    double exit_time;
} eng;

static void exiter(void *arg)
{
    (void)arg;
    sim_sleep(1);
    eng.exit_time = sim_now();
    sim_actor_exit();
    eng.after_exit = true;
}

static void short_lived(void *arg)
{
    (void)arg;
    eng.short_lived++;
}

static void spawner(void *arg)
{
    (void)arg;
    for (int i = 0; i < 100; i++) {
        sim_actor_set_autofree(
            sim_actor_create("helper", sim_actor_host(sim_actor_self()), short_lived, NULL));
        sim_actor_yield();
    }
}

static void blocker(void *arg)
{
    (void)arg;
    eng.blocked = pthread_self();
    sim_actor_block("forever");
}

static void note_thread(void *arg)
{
    (void)arg;
    eng.on_its_stack = pthread_self();
}

static void on_deadlock(void *arg)
{
    struct sim_actor *blocked = *(struct sim_actor **)arg;

    sim_actor_run_on_stack(blocked, note_thread, NULL);
}

Test(context_thread, engine_actors_exit_autofree_and_run_on_stack_on_threads)
{
    /* The engine under the thread factory: an actor that calls sim_actor_exit at 1 s ends there
     * (the code after the call never runs); 100 autofree actors, created one per yield, run
     * and end; an actor blocked forever makes the run a deadlock, whose hook runs a function on
     * that actor's stack, which happens on the actor's own thread; sim_engine_shutdown joins
     * every thread (the process has as many as before). */
    struct sim_config cfg;
    struct sim_actor *blocked;
    int before = count_threads();

    memset(&eng, 0, sizeof(eng));
    sim_config_defaults(&cfg, SIM_NET_RAW);
    cfg.ctx_factory = SIM_CTX_THREAD;
    cfg.stack_size = 64 * KIB;
    sim_engine_init(&cfg, sim_platform_load_string(one_host_xml, "one_host.xml"));
    sim_factor_table_free(&cfg.lat_factor);
    sim_factor_table_free(&cfg.bw_factor);
    sim_actor_create("exiter", sim_platform_host_by_name(sim_engine_platform(), "h"), exiter, NULL);
    sim_actor_create("spawner", sim_platform_host_by_name(sim_engine_platform(), "h"), spawner,
                     NULL);
    blocked = sim_actor_create("blocker", sim_platform_host_by_name(sim_engine_platform(), "h"),
                               blocker, NULL);
    sim_engine_set_deadlock_hook(on_deadlock, &blocked);
    cr_assert_eq(sim_engine_run(), SIM_ENGINE_DEADLOCK);
    cr_assert(!eng.after_exit, "code after sim_actor_exit ran");
    cr_assert_float_eq(eng.exit_time, 1.0, 1e-12);
    cr_assert_eq(eng.short_lived, 100);
    cr_assert(pthread_equal(eng.on_its_stack, eng.blocked), "run_on_stack left the thread");
    cr_assert(!pthread_equal(eng.blocked, pthread_self()));
    sim_engine_shutdown();
    cr_assert_eq(count_threads(), before);
}
