/* bench_lmm: solver events per second on a cluster, with independent flows (each on its own
 * up and down links) and with every flow crossing one shared backbone. An event is one flow
 * completion (variable freed), one new flow (variable + expands), a solve and a queue drain. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "apps/bench/bench_util.h"
#include "simcore/lmm.h"

#define REPS 5
#define MIN_REP_SECONDS 0.2
#define LINK_BW 1.25e8 /* 1 Gbps in bytes/s */

struct bench {
    struct sim_lmm_system *sys;
    int nflows;
    bool backbone;
    struct sim_lmm_cnst **up;   /* up link of the source host of slot i */
    struct sim_lmm_cnst **down; /* down link of the destination host of slot i */
    struct sim_lmm_cnst *bb;
    struct sim_lmm_var **flow;
    unsigned long long made; /* flows created so far, varies penalties and bounds */
};

/* Slot i sends from host 2i to host 2i+1: hosts are distinct, so without a backbone every flow
 * is its own component. Penalties and bounds vary like latencies and TCP windows do. */
static void flow_start(struct bench *b, int i)
{
    unsigned long long k = b->made++;
    double penalty = 1e-5 * (double)(1 + k % 7);
    double bound = k % 3 == 0 ? LINK_BW * 0.8 : -1;
    struct sim_lmm_var *v = sim_lmm_var_new(b->sys, &b->flow[i], penalty, bound, 3);

    sim_lmm_expand(b->sys, b->up[i], v, 1.0);
    if (b->backbone)
        sim_lmm_expand(b->sys, b->bb, v, 1.0);
    sim_lmm_expand(b->sys, b->down[i], v, 1.0);
    b->flow[i] = v;
}

static void drain(struct bench *b)
{
    while (sim_lmm_pop_modified(b->sys) != NULL)
        ;
}

static void bench_init(struct bench *b, int nflows, bool backbone, bool selective)
{
    int i;

    memset(b, 0, sizeof(*b));
    b->sys = sim_lmm_system_new(selective, 1e-5);
    b->nflows = nflows;
    b->backbone = backbone;
    b->up = calloc((size_t)nflows, sizeof(*b->up));
    b->down = calloc((size_t)nflows, sizeof(*b->down));
    b->flow = calloc((size_t)nflows, sizeof(*b->flow));
    if (!b->up || !b->down || !b->flow) {
        fprintf(stderr, "bench_lmm: out of memory for %d flows\n", nflows);
        exit(1);
    }
    /* The backbone carries a quarter of the hosts' aggregate bandwidth: it is the bottleneck. */
    if (backbone)
        b->bb = sim_lmm_cnst_new(b->sys, NULL, LINK_BW * nflows / 4.0, false);
    for (i = 0; i < nflows; i++) {
        b->up[i] = sim_lmm_cnst_new(b->sys, NULL, LINK_BW, false);
        b->down[i] = sim_lmm_cnst_new(b->sys, NULL, LINK_BW, false);
        flow_start(b, i);
    }
    sim_lmm_solve(b->sys);
    drain(b);
}

static void bench_free(struct bench *b)
{
    sim_lmm_system_free(b->sys);
    free(b->up);
    free(b->down);
    free(b->flow);
}

/* The slot whose flow completes next: pseudo-random, or round-robin (which walks memory in
 * order and shows what of the per-event cost is cache misses rather than work). */
static int next_slot(const struct bench *b, unsigned long long *rng, bool sequential)
{
    if (sequential)
        return (int)(++*rng % (unsigned long long)b->nflows);
    *rng = *rng * 6364136223846793005ULL + 1442695040888963407ULL;
    return (int)((*rng >> 33) % (unsigned long long)b->nflows);
}

/* Runs events for at least MIN_REP_SECONDS, reading the clock every `stride` events (doubled
 * while events are cheap); returns events per second. */
static double bench_rep(struct bench *b, unsigned long long *rng, bool sequential)
{
    double t0 = bench_seconds(CLOCK_MONOTONIC);
    double t;
    long events = 0;
    long stride = 1;

    do {
        long k;

        for (k = 0; k < stride; k++) {
            int i = next_slot(b, rng, sequential);

            sim_lmm_var_free(b->sys, b->flow[i]);
            flow_start(b, i);
            sim_lmm_solve(b->sys);
            drain(b);
        }
        events += stride;
        t = bench_seconds(CLOCK_MONOTONIC) - t0;
        if (t < MIN_REP_SECONDS / 100 && stride < 4096)
            stride *= 2;
    } while (t < MIN_REP_SECONDS);
    return (double)events / t;
}

static void run(int nflows, bool backbone, bool selective, bool sequential)
{
    struct bench b;
    unsigned long long rng = 42;
    double rate[REPS];
    double t0 = bench_seconds(CLOCK_MONOTONIC);
    double setup;
    double median;
    int r;

    bench_init(&b, nflows, backbone, selective);
    setup = bench_seconds(CLOCK_MONOTONIC) - t0;
    for (r = 0; r < REPS; r++)
        rate[r] = bench_rep(&b, &rng, sequential);
    median = bench_median(rate, REPS);
    printf("%-12s %-10s %-11s %8d %12.0f %12.3f %8.3f\n", backbone ? "backbone" : "independent",
           selective ? "selective" : "full", sequential ? "round-robin" : "random", nflows, median,
           1e6 / median, setup);
    fflush(stdout);
    bench_free(&b);
}

/* Usage: bench_lmm [max_flows]. Sizes 10, 1000 and 100000 flows, up to max_flows. */
int main(int argc, char **argv)
{
    static const int sizes[] = { 10, 1000, 100000 };
    int max_flows = argc > 1 ? atoi(argv[1]) : 100000;
    int s;
    int bb;
    int sel;

    printf("# median of %d reps; event = free 1 flow + new flow + solve + drain\n", REPS);
    printf("%-12s %-10s %-11s %8s %12s %12s %8s\n", "topology", "update", "completion", "flows",
           "events/s", "us/event", "setup_s");
    for (s = 0; s < 3 && sizes[s] <= max_flows; s++)
        run(sizes[s], false, true, true);
    for (bb = 0; bb < 2; bb++)
        for (sel = 1; sel >= 0; sel--)
            for (s = 0; s < 3 && sizes[s] <= max_flows; s++)
                run(sizes[s], bb, sel, false);
    return 0;
}
