/* bench_context: context switches per second of each factory with 2, 1,000 and 100,000
 * actors (thread: 2, 1,000 and 10,000, as each is a kernel thread). Every actor loops yielding
 * to maestro, which switches to them in round robin; the time per switch is the median of 5
 * repetitions. Usage: bench_context [switches-per-rep] (the thread factory runs 1/50 of them:
 * its switch costs microseconds). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "apps/bench/bench_util.h"
#include "simcore/context.h"
#include "simcore/simcore.h"

#define REPS 5
#define STACK_SIZE (128 * 1024)
#define GUARD_SIZE 4096
#define DEFAULT_SWITCHES 4000000L

struct bench_actor {
    struct sim_context *ctx;
};

struct bench_row {
    double ns_per_switch; /* median over REPS */
    double wall;          /* seconds for create + warm-up + REPS + destroy */
    size_t guard;
};

static struct sim_context *maestro;

static void actor_loop(void *arg)
{
    struct bench_actor *a = arg;

    for (;;)
        sim_context_switch(a->ctx, maestro);
}

/* Every guarded stack costs two mappings (guard and stack); without guards adjacent stacks
 * merge into one. Leaves room for the program's own mappings. */
static size_t guard_for(long nactors)
{
    return 2 * nactors + 1024 > sim_max_map_count() ? 0 : GUARD_SIZE;
}

/* One round: maestro switches to every actor, which switches straight back (2n switches). */
static void run_rounds(struct bench_actor *actors, long n, long rounds)
{
    for (long r = 0; r < rounds; r++)
        for (long i = 0; i < n; i++)
            sim_context_switch(maestro, actors[i].ctx);
}

static struct bench_row bench(enum sim_ctx_factory f, long n, long switches)
{
    struct bench_actor *actors = calloc((size_t)n, sizeof(*actors));
    long rounds = switches / (2 * n) > 0 ? switches / (2 * n) : 1;
    double t[REPS];
    struct bench_row row;
    double start = bench_seconds(CLOCK_MONOTONIC);

    if (!actors) {
        fprintf(stderr, "bench_context: out of memory for %ld actors\n", n);
        exit(1);
    }
    row.guard = guard_for(n);
    sim_context_init(f, STACK_SIZE, row.guard);
    maestro = sim_context_maestro();
    for (long i = 0; i < n; i++)
        actors[i].ctx = sim_context_create(actor_loop, &actors[i], "bench", maestro);
    run_rounds(actors, n, 1); /* warm-up: first touch of every stack */
    for (int k = 0; k < REPS; k++) {
        double t0 = bench_seconds(CLOCK_MONOTONIC);

        run_rounds(actors, n, rounds);
        t[k] = (bench_seconds(CLOCK_MONOTONIC) - t0) * 1e9 / (2.0 * (double)n * (double)rounds);
    }
    for (long i = 0; i < n; i++)
        sim_context_destroy(actors[i].ctx);
    free(actors);
    row.ns_per_switch = bench_median(t, REPS);
    row.wall = bench_seconds(CLOCK_MONOTONIC) - start;
    return row;
}

int main(int argc, char **argv)
{
    static const enum sim_ctx_factory factories[] = { SIM_CTX_RAW, SIM_CTX_UCONTEXT,
                                                      SIM_CTX_THREAD };
    static const long counts[] = { 2, 1000, 100000 };
    static const long thread_counts[] = { 2, 1000, 10000 };
    long switches = argc > 1 ? atol(argv[1]) : DEFAULT_SWITCHES;
    bool unguarded = false;

    if (switches <= 0) {
        fprintf(stderr, "bench_context: switches-per-rep must be a positive number, not '%s'\n",
                argv[1]);
        return 1;
    }
    printf("context switch benchmark: stacks of %d KiB, ~%ld switches per repetition, "
           "median of %d\n\n",
           STACK_SIZE / 1024, switches, REPS);
    printf("%-9s %8s %6s %10s %12s %8s\n", "factory", "actors", "guard", "ns/switch", "switches/s",
           "wall s");
    for (size_t fi = 0; fi < sizeof(factories) / sizeof(factories[0]); fi++) {
        for (size_t ci = 0; ci < sizeof(counts) / sizeof(counts[0]); ci++) {
            bool threads = factories[fi] == SIM_CTX_THREAD;
            long n = threads ? thread_counts[ci] : counts[ci];
            struct bench_row row = bench(factories[fi], n, threads ? switches / 50 : switches);

            unguarded |= row.guard == 0;
            printf("%-9s %8ld %6zu %10.1f %12.3g %8.2f\n",
                   sim_context_factory_name(sim_context_factory()), n, row.guard, row.ns_per_switch,
                   1e9 / row.ns_per_switch, row.wall);
            fflush(stdout);
        }
    }
    if (unguarded)
        printf("\nguard 0: two mappings per guarded stack would exceed vm.max_map_count (%d), "
               "so these runs use contexts/guard-size:0\n",
               sim_max_map_count());
    return 0;
}
