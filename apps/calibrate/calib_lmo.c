/* calib_lmo: the heterogeneous LMO model by its triplet method (Lastovetsky, Rychkov, O'Flynn;
 * PAPERS.md 2.2 and O11) over N >= 3 processes, one per host. For every pair: the empty round
 * trip T_ij(0) = 2C_i + 2C_j and the one-to-one round trip of M bytes with an empty reply
 * T_ij(M) = T_ij(0) + (t_i + t_j) M + M / beta_ij; for every triplet and root i: one-to-two,
 * M bytes to j then to k, both replying empty. Then, averaged over the triplets holding i:
 *   C_i = (T_ij(0) + T_ik(0) - T_jk(0)) / 4
 *   t_i = (T_i(M) - T_ik(M) - C_i) / M   (k the partner with the longer T_i.(M), sent last)
 *   1/beta_ij = (T_ij(M) - 2C_i - 2C_j) / M - t_i - t_j
 * The t_i formula is the discrete-event reading of one-to-two, the one simmpi's LMO model
 * (and a real MPI) follows: the root's CPU pays C_i + t_i M per send, so the slower branch
 * starts C_i + t_i M later than in T_ik(M) and ends the experiment, the faster reply being
 * received while it travels: T_i(M) = T_ik(M) + C_i + t_i M. The paper counts the root's four
 * operations one after the other, T_i(M) = 4C_i + 2t_i M + max(branches), one C_i more (O11's
 * 260 us; 250 us as events unfold). Sending to the faster partner first keeps the slower branch
 * last whatever the sizes; the probe runs both orders and the fit picks that one.
 * The result is a platform file: a host per process with lmo/C and lmo/t, a link per pair of
 * bandwidth beta_ij and latency 0 (a route's latency is part of the C_i it was measured in). */
#include <stdio.h>
#include <stdlib.h>

#include "apps/calibrate/calib.h"

/* The rate written for a pair whose round trip leaves no time to the link (noise). */
#define UNBOUNDED_RATE 1e15

static double pair_median(const struct calib_samples *s, const char *kind, int i, int j)
{
    return i < j ? calib_samples_median(s, kind, i, j, -1)
                 : calib_samples_median(s, kind, j, i, -1);
}

/* C_i averaged over the triplets that hold i. */
static double fixed_delay(const struct calib_samples *s, int n, int i)
{
    double sum = 0;
    int count = 0;

    for (int j = 0; j < n; j++)
        for (int k = j + 1; k < n; k++)
            if (j != i && k != i) {
                sum += (pair_median(s, "rt0", i, j) + pair_median(s, "rt0", i, k) -
                        pair_median(s, "rt0", j, k)) /
                       4;
                count++;
            }
    return sum / count;
}

/* t_i averaged over the pairs of partners of root i. */
static double byte_delay(const struct calib_samples *s, int n, int i, double c, long m)
{
    double sum = 0;
    int count = 0;

    for (int j = 0; j < n; j++)
        for (int k = j + 1; k < n; k++) {
            int fast = j;
            int slow = k;

            if (j == i || k == i)
                continue;
            if (pair_median(s, "rt", i, j) > pair_median(s, "rt", i, k)) {
                fast = k;
                slow = j;
            }
            sum += (calib_samples_median(s, "two", i, fast, slow) - pair_median(s, "rt", i, slow) -
                    c) /
                   (double)m;
            count++;
        }
    return sum / count;
}

void calib_lmo_fit(const struct calib_samples *s, int n, long m, struct calib_lmo_fit *f)
{
    f->n = n;
    f->c = calloc((size_t)n, sizeof(*f->c));
    f->t = calloc((size_t)n, sizeof(*f->t));
    f->rate = calloc((size_t)n * n, sizeof(*f->rate));
    for (int i = 0; i < n; i++)
        f->c[i] = fixed_delay(s, n, i);
    for (int i = 0; i < n; i++)
        f->t[i] = byte_delay(s, n, i, f->c[i], m);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            double tm = pair_median(s, "rt", i, j);
            double inv = (tm - 2 * f->c[i] - 2 * f->c[j]) / (double)m - f->t[i] - f->t[j];

            f->rate[i * n + j] = f->rate[j * n + i] = inv > 0 ? 1 / inv : UNBOUNDED_RATE;
        }
}

void calib_lmo_fit_free(struct calib_lmo_fit *f)
{
    free(f->c);
    free(f->t);
    free(f->rate);
    f->c = f->t = f->rate = NULL;
}

static void write_platform(const char *path, const struct calib_lmo_fit *f, long m)
{
    FILE *p = fopen(path, "w");
    int n = f->n;

    if (!p)
        calib_die("cannot write the LMO platform %s", path);
    fprintf(p,
            "<?xml version='1.0'?>\n"
            "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
            "<!-- written by smpicalibrate: LMO by the triplet method over %d processes, "
            "messages of %ld bytes; rank i on host-i; lmo/C and lmo/t are the processors' "
            "fixed and per-byte delays, each link's bandwidth the pair's rate beta_ij -->\n"
            "<platform version=\"4.1\">\n  <zone id=\"lmo\" routing=\"Full\">\n",
            n, m);
    for (int i = 0; i < n; i++)
        fprintf(p,
                "    <host id=\"host-%d\" speed=\"1Gf\">\n"
                "      <prop id=\"lmo/C\" value=\"%.9gs\"/>\n"
                "      <prop id=\"lmo/t\" value=\"%.9gs\"/>\n"
                "    </host>\n",
                i, f->c[i] > 0 ? f->c[i] : 0, f->t[i] > 0 ? f->t[i] : 0);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            fprintf(p, "    <link id=\"link-%d-%d\" bandwidth=\"%.9gBps\" latency=\"0s\"/>\n", i, j,
                    f->rate[i * n + j]);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            fprintf(p,
                    "    <route src=\"host-%d\" dst=\"host-%d\"><link_ctn id=\"link-%d-%d\"/>"
                    "</route>\n",
                    i, j, i, j);
    fprintf(p, "  </zone>\n</platform>\n");
    if (fclose(p) != 0)
        calib_die("cannot write the LMO platform %s", path);
}

/* The parameters, and how far the model is from the round trips and one-to-two experiments
 * (0 at 3 processes, where each parameter comes from one triplet). */
static void report(const struct calib_samples *s, const struct calib_lmo_fit *f,
                   const struct calib_opts *o)
{
    int n = f->n;
    double worst = 0;

    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            for (int k = 0; k < n; k++) {
                double m = (double)o->size;
                double got = calib_samples_median(s, "two", i, j, k);
                double slow =
                    2 * f->c[i] + 2 * f->c[k] + (f->t[i] + f->t[k]) * m + m / f->rate[i * n + k];
                double fast =
                    2 * f->c[i] + 2 * f->c[j] + (f->t[i] + f->t[j]) * m + m / f->rate[i * n + j];
                double err;

                if (i == j || i == k || j == k || fast > slow)
                    continue;
                err = (slow + f->c[i] + f->t[i] * m - got) / got;
                worst = err > worst || -err > worst ? (err > 0 ? err : -err) : worst;
            }
    fprintf(stderr,
            "smpicalibrate: LMO fit over %d processes, messages of %ld bytes, medians of "
            "%d samples; largest relative error of the model on the one-to-two "
            "experiments %.2f%%\n",
            n, o->size, o->reps, 100 * worst);
    for (int i = 0; i < n; i++)
        fprintf(stderr, "  rank %d: C %10.6g us  t %10.6g us/B%s\n", i, f->c[i] * 1e6,
                f->t[i] * 1e6,
                f->c[i] < 0 || f->t[i] < 0 ? "  (negative: 0 written; noise or latency)" : "");
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            fprintf(stderr, "  ranks %d-%d: beta %10.6g MB/s%s\n", i, j, f->rate[i * n + j] / 1e6,
                    f->rate[i * n + j] == UNBOUNDED_RATE
                        ? "  (the round trip left no time to the link: unbounded)"
                        : "");
}

void calib_lmo(const struct calib_opts *o, FILE *out, const char *platform)
{
    struct calib_samples s = { 0 };
    struct calib_lmo_fit f;
    char reps[16];
    char size[32];
    char *args[4] = { "lmo", reps, size, NULL };
    int np;

    snprintf(reps, sizeof(reps), "%d", o->reps);
    snprintf(size, sizeof(size), "%ld", o->size);
    calib_run_probe(o, o->np, args, "LMO, triplets", &s);
    np = (int)calib_samples_median(&s, "procs", -1, -1, -1);
    if (np < 3)
        calib_die("--mpirun '%s': the probe ran on %d processes; LMO's triplet method needs at "
                  "least 3 (-np in --mpirun, or --np)",
                  o->mpirun, np);
    calib_lmo_fit(&s, np, o->size, &f);
    report(&s, &f, o);
    write_platform(platform, &f, o->size);
    fprintf(out, "--cfg=network/model:LMO\n-platform %s\n", platform);
    calib_lmo_fit_free(&f);
    calib_samples_free(&s);
}
