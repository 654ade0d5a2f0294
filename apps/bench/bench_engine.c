/* bench_engine: what a message costs the engine alone, without the MPI layer. N actors on the
 * N hosts of a cluster platform pass a token around a ring, as apps/bench/mpi_ring does with
 * MPI_Send and MPI_Recv: actor i, woken by the message that reaches it, starts the
 * communication of mpi_ring's 1-byte message to actor i + 1 under the SMPI network model (a latency
 * phase, then the flow: two engine events) and blocks; the message's completion callback wakes
 * actor i + 1. Each hop is thus one resume (two raw switches), one flow made, solved and freed, two
 * events on the heap: the floor under which no MPI message can go. From COPIED_FROM actors on,
 * their stacks are copied, as smpirun's contexts/copy-stacks:auto makes its ranks'. The CPU time of
 * `laps` laps less that of one lap (the start-up), per hop, median of REPS runs of each. Usage:
 * bench_engine PLATFORM.xml [ranks...] (default 256 and 4096; the platform needs that many hosts).
 * With BENCH_ENGINE_LAPS=L in the environment, one run of L laps per size and no median: for
 * callgrind (make bench's breakdown part). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "apps/bench/bench_util.h"
#include "simcore/simcore.h"

#define REPS 5
#define HOPS 400000L     /* hops of a measured run, as make bench's ring of mpi_ring */
#define MESSAGE_BYTES 17 /* mpi_ring's byte and the 16 bytes of envelope the MPI layer adds */
#define COPIED_FROM 1024 /* copied stacks from this many actors on, as smpirun's auto */

struct ring {
    int n;
    long laps;
    struct sim_host **hosts;
    struct sim_actor **actors;
};

static struct ring ring;

static void wake_next(struct sim_activity *act, void *arg)
{
    (void)act;
    sim_actor_wake(arg);
}

static void hop(int i)
{
    int next = (i + 1) % ring.n;
    struct sim_activity *act = sim_comm_start(ring.hosts[i], ring.hosts[next], MESSAGE_BYTES, -1);

    sim_activity_on_done(act, wake_next, ring.actors[next]);
    sim_activity_unref(act); /* a running activity goes on and is freed when it ends */
}

/* Actor i receives the token laps times (actor 0 sends first, then receives). */
static void member(void *arg)
{
    int i = (int)(intptr_t)arg;

    for (long lap = 0; lap < ring.laps; lap++) {
        if (i != 0 || lap > 0)
            sim_actor_block("token");
        hop(i);
    }
    if (i == 0)
        sim_actor_block("token");
}

/* CPU seconds of one run: platform, engine, `laps` laps of n actors, shutdown. */
static double run(const char *platform, int n, long laps, double *simulated)
{
    struct sim_config cfg;
    struct sim_platform *p;
    double t0 = bench_seconds(CLOCK_PROCESS_CPUTIME_ID);

    sim_config_defaults(&cfg, SIM_NET_SMPI);
    p = sim_platform_load(platform);
    if (!p) {
        fprintf(stderr, "bench_engine: cannot load %s\n", platform);
        exit(1);
    }
    if (sim_platform_host_count(p) < n) {
        fprintf(stderr, "bench_engine: %s has %d hosts, fewer than %d\n", platform,
                sim_platform_host_count(p), n);
        exit(1);
    }
    ring = (struct ring){ .n = n, .laps = laps };
    ring.hosts = malloc((size_t)n * sizeof(*ring.hosts));
    ring.actors = malloc((size_t)n * sizeof(*ring.actors));
    if (!ring.hosts || !ring.actors) {
        fprintf(stderr, "bench_engine: out of memory for %d actors\n", n);
        exit(1);
    }
    for (int i = 0; i < n; i++)
        ring.hosts[i] = sim_platform_host(p, i);
    sim_engine_init(&cfg, p);
    for (int i = 0; i < n; i++) /* stacks as smpirun's copy-stacks:auto gives its ranks */
        ring.actors[i] =
            n >= COPIED_FROM
                ? sim_actor_create_copied("member", "member", ring.hosts[i], member,
                                          (void *)(intptr_t)i)
                : sim_actor_create("member", ring.hosts[i], member, (void *)(intptr_t)i);
    if (sim_engine_run() != 0) {
        fprintf(stderr, "bench_engine: the ring of %d actors did not end\n", n);
        exit(1);
    }
    *simulated = sim_now();
    sim_engine_shutdown();
    free(ring.hosts);
    free(ring.actors);
    return bench_seconds(CLOCK_PROCESS_CPUTIME_ID) - t0;
}

int main(int argc, char **argv)
{
    static const int defaults[] = { 256, 4096 };
    int nsizes = argc > 2 ? argc - 2 : 2;

    if (argc < 2) {
        fprintf(stderr, "usage: bench_engine PLATFORM.xml [ranks...]\n");
        return 1;
    }
    const char *fixed = getenv("BENCH_ENGINE_LAPS");

    if (fixed && atol(fixed) < 1) {
        fprintf(stderr, "bench_engine: BENCH_ENGINE_LAPS must be a positive number, not '%s'\n",
                fixed);
        return 1;
    }
    if (!fixed)
        printf("engine ring: mpi_ring's 1-byte messages, SMPI network model, CPU per hop past "
               "one lap (median of %d)\n",
               REPS);
    for (int s = 0; s < nsizes; s++) {
        int n = argc > 2 ? atoi(argv[s + 2]) : defaults[s];
        long laps = HOPS / (n > 0 ? n : 1);
        double full[REPS];
        double one[REPS];
        double sim_full = 0;
        double sim_one = 0;
        double f;
        double o;

        if (n < 2 || laps < 2) {
            fprintf(stderr, "bench_engine: ranks must be from 2 to %ld, not '%s'\n", HOPS / 2,
                    argv[s + 2]);
            return 1;
        }
        if (fixed) {
            double cpu = run(argv[1], n, atol(fixed), &sim_full);

            printf("ranks %5d: %ld laps %.3f s CPU (simulated %.9f s)\n", n, atol(fixed), cpu,
                   sim_full);
            continue;
        }
        for (int k = 0; k < REPS; k++) { /* in turn, so that the host's changes fall on both */
            full[k] = run(argv[1], n, laps, &sim_full);
            one[k] = run(argv[1], n, 1, &sim_one);
        }
        f = bench_median(full, REPS);
        o = bench_median(one, REPS);
        printf("ranks %5d: %ld laps %.3f s CPU, 1 lap %.3f s: %.3f us per hop "
               "(simulated %.9f s, %.9f s)\n",
               n, laps, f, o, (f - o) * 1e6 / ((double)(laps - 1) * n), sim_full, sim_one);
    }
    return 0;
}
