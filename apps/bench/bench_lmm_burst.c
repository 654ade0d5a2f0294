/* bench_lmm_burst: the solver's cost when every flow of an all-to-all starts at one date, as
 * MPI_Alltoall basic_linear makes them on simmpi's default cluster. p hosts, each with an up and
 * a down link and a limiter shared by both directions, one FATPIPE backbone; p * (p - 1) flows,
 * created rank by rank as the isends are, each using its route (up, limiter, backbone, the
 * destination's down and limiter) and its reverse route at 5% (crosstraffic). The flows are
 * created disabled (latency first), all enabled, solved once, drained, then freed: the seconds
 * of each phase (CPU time: the machine is shared), medians of REPS runs. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "apps/bench/bench_util.h"
#include "simcore/lmm.h"

#define REPS 3             /* runs of each burst, their median reported */
#define LINK_BW 1.25e9     /* 10 Gbps in bytes/s */
#define LIMITER_BW 1.875e9 /* 15 Gbps */
#define BACKBONE_BW 1.25e12
#define CROSS 0.05

/* One all-to-all of p hosts; t[0..3]: create, enable, solve + drain, free (seconds). */
static void burst(int p, double t[4])
{
    struct sim_lmm_system *sys = sim_lmm_system_new(true, 1e-5);
    struct sim_lmm_cnst **up = malloc((size_t)p * sizeof(*up));
    struct sim_lmm_cnst **down = malloc((size_t)p * sizeof(*down));
    struct sim_lmm_cnst **lim = malloc((size_t)p * sizeof(*lim));
    size_t nflows = (size_t)p * (size_t)(p - 1);
    struct sim_lmm_var **flow = malloc(nflows * sizeof(*flow));
    struct sim_lmm_cnst *bb;
    size_t k = 0;
    double t0;

    if (!up || !down || !lim || !flow) {
        fprintf(stderr, "bench_lmm_burst: out of memory for %d hosts\n", p);
        exit(1);
    }
    bb = sim_lmm_cnst_new(sys, NULL, BACKBONE_BW, true);
    for (int h = 0; h < p; h++) {
        up[h] = sim_lmm_cnst_new(sys, NULL, LINK_BW, false);
        down[h] = sim_lmm_cnst_new(sys, NULL, LINK_BW, false);
        lim[h] = sim_lmm_cnst_new(sys, NULL, LIMITER_BW, false);
    }
    t0 = bench_seconds(CLOCK_PROCESS_CPUTIME_ID);
    for (int s = 0; s < p; s++)
        for (int d = 0; d < p; d++) {
            struct sim_lmm_var *v;

            if (d == s)
                continue;
            v = sim_lmm_var_new(sys, &flow[k], 0.0, LINK_BW, 10);
            sim_lmm_expand(sys, up[s], v, 1.0);
            sim_lmm_expand(sys, lim[s], v, 1.0);
            sim_lmm_expand(sys, bb, v, 1.0);
            sim_lmm_expand(sys, down[d], v, 1.0);
            sim_lmm_expand(sys, lim[d], v, 1.0);
            sim_lmm_expand(sys, up[d], v, CROSS);
            sim_lmm_expand(sys, lim[d], v, CROSS);
            sim_lmm_expand(sys, bb, v, CROSS);
            sim_lmm_expand(sys, down[s], v, CROSS);
            sim_lmm_expand(sys, lim[s], v, CROSS);
            flow[k++] = v;
        }
    t[0] = bench_seconds(CLOCK_PROCESS_CPUTIME_ID) - t0;
    t0 = bench_seconds(CLOCK_PROCESS_CPUTIME_ID);
    for (k = 0; k < nflows; k++)
        sim_lmm_var_set_penalty(sys, flow[k], 1e-6);
    t[1] = bench_seconds(CLOCK_PROCESS_CPUTIME_ID) - t0;
    t0 = bench_seconds(CLOCK_PROCESS_CPUTIME_ID);
    sim_lmm_solve(sys);
    while (sim_lmm_pop_modified(sys) != NULL)
        ;
    t[2] = bench_seconds(CLOCK_PROCESS_CPUTIME_ID) - t0;
    t0 = bench_seconds(CLOCK_PROCESS_CPUTIME_ID);
    for (k = 0; k < nflows; k++)
        sim_lmm_var_free(sys, flow[k]);
    t[3] = bench_seconds(CLOCK_PROCESS_CPUTIME_ID) - t0;
    sim_lmm_system_free(sys);
    free(up);
    free(down);
    free(lim);
    free(flow);
}

/* Usage: bench_lmm_burst [hosts...] (default 256 and 1024). */
int main(int argc, char **argv)
{
    static const char *const phase[] = { "create", "enable", "solve", "free" };
    int defaults[] = { 256, 1024 };
    int nsizes = argc > 1 ? argc - 1 : 2;

    printf("# all flows of an all-to-all at one date; seconds, median of %d runs\n", REPS);
    printf("%6s %10s %9s %9s %9s %9s %11s\n", "hosts", "flows", phase[0], phase[1], phase[2],
           phase[3], "ns/flow");
    for (int i = 0; i < nsizes; i++) {
        int p = argc > 1 ? atoi(argv[i + 1]) : defaults[i];
        double t[REPS][4];
        double med[4];
        double total = 0;

        if (p < 2 || p > 4096) {
            fprintf(stderr, "bench_lmm_burst: hosts must be 2 to 4096, not '%s'\n", argv[i + 1]);
            return 1;
        }
        for (int r = 0; r < REPS; r++)
            burst(p, t[r]);
        for (int j = 0; j < 4; j++) {
            double runs[REPS];

            for (int r = 0; r < REPS; r++)
                runs[r] = t[r][j];
            med[j] = bench_median(runs, REPS);
            total += med[j];
        }
        printf("%6d %10lld %9.3f %9.3f %9.3f %9.3f %11.0f\n", p, (long long)p * (p - 1), med[0],
               med[1], med[2], med[3], 1e9 * total / ((double)p * (p - 1)));
        fflush(stdout);
    }
    return 0;
}
