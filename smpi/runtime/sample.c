/* sample: shadow execution, the SMPI_SAMPLE_LOCAL/GLOBAL loops of <smpi/smpi.h>, with SimGrid
 * SMPI 3.32's semantics (smpi_bench.cpp). A call site (file, tag and line; plus the rank for
 * LOCAL) keeps statistics of its bodies' durations across visits. While it needs more samples
 * (fewer than `iters`, or with threshold > 0 fewer than 2 or a relative standard error of the
 * mean at or above the threshold) the body runs and its thread CPU time is measured; when it
 * has enough, the loop stops at once. Either way a visit ends by injecting mean x the loop's
 * iteration count as computation (at smpi/host-speed, dropped below smpi/cpu-threshold, like
 * smpi_execute), even under smpi/simulate-computation:no, as SMPI 3.32 does. The very first visit
 * of a site always runs at least one body, so iters = 0 with no threshold samples once. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <smpi/smpi.h>

#include "smpi/internal.h"

struct site {
    char *key;
    double threshold; /* requested relative standard error (used when > 0) */
    double relstderr;
    double mean;
    double sum;
    double sum_pow2;
    int iters; /* requested samples */
    int count; /* samples taken */
    bool benching;
    struct site *next;
};

static struct site **table;
static size_t table_size; /* buckets, a power of two */
static size_t table_n;

static size_t hash(const char *s)
{
    size_t h = 1469598103934665603u;

    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

static void grow(void)
{
    size_t n = table_size ? 2 * table_size : 64;
    struct site **t = sim_xcalloc(n, sizeof(*t));

    for (size_t i = 0; i < table_size; i++)
        for (struct site *s = table[i], *next; s; s = next) {
            next = s->next;
            s->next = t[hash(s->key) & (n - 1)];
            t[hash(s->key) & (n - 1)] = s;
        }
    free(table);
    table = t;
    table_size = n;
}

/* The key of a site: "file:tag", plus ":rank" for LOCAL (SMPI's SampleLocation). */
static void site_key(char *buf, size_t len, int global, const char *file, const char *tag)
{
    if (global)
        snprintf(buf, len, "%s:%s", file, tag);
    else
        snprintf(buf, len, "%s:%s:%d", file, tag, smpi__self()->rank);
}

static struct site *find(const char *key)
{
    if (!table_size)
        return NULL;
    for (struct site *s = table[hash(key) & (table_size - 1)]; s; s = s->next)
        if (strcmp(s->key, key) == 0)
            return s;
    return NULL;
}

static struct site *insert(const char *key)
{
    struct site *s = sim_xcalloc(1, sizeof(*s));
    size_t b;

    if (table_n + 1 > table_size)
        grow();
    s->key = sim_xstrdup(key);
    b = hash(key) & (table_size - 1);
    s->next = table[b];
    table[b] = s;
    table_n++;
    return s;
}

static bool need_more(const struct site *s)
{
    return s->count < s->iters &&
           (s->threshold < 0.0 || s->count < 2 || s->relstderr >= s->threshold);
}

static struct site *existing(int global, const char *file, const char *tag, const char *call)
{
    char key[1024];
    struct site *s;

    site_key(key, sizeof(key), global, file, tag);
    s = find(key);
    if (!s)
        sim_die("%s: no SMPI_SAMPLE_* loop at %s (call it through the macros)", call, key);
    return s;
}

/* Ends the sampled loop: mean x iter_count of computation, then native timing again. */
static void inject(struct smpi_process *p, const struct site *s, int iter_count)
{
    p->sampling = false;
    smpi__execute_seconds(p, s->mean * iter_count); /* smpi/cpu-threshold applies, as in 3.32 */
    smpi__bench_begin(p);                           /* what ran inside the loop is in the mean */
}

int smpi_sample_cond(int global, const char *file, const char *tag, int iters, double threshold,
                     int iter_count)
{
    struct smpi_process *p = smpi__self();
    char key[1024];
    struct site *s;

    if (!p)
        sim_die("SMPI_SAMPLE_* used outside a simulated rank");
    if (!p->sampling) { /* the computation before the loop is not part of the samples */
        smpi__bench_end(p);
        p->sampling = true;
    }
    site_key(key, sizeof(key), global, file, tag);
    s = find(key);
    if (!s) {
        if (iters < 0)
            sim_die("SMPI_SAMPLE_* at %s: %d iterations to sample is negative; give 0 or more "
                    "(0 needs a positive threshold)",
                    key, iters);
        if (threshold <= 0 && iters == 0)
            sim_die("SMPI_SAMPLE_* at %s: 0 iterations to sample and threshold %g: give a "
                    "positive number of iterations, a positive relative standard error, or both",
                    key, threshold);
        s = insert(key);
        s->threshold = threshold;
        s->iters = iters;
        s->benching = true; /* no data yet: at least one sample */
    } else {
        if (s->iters != iters || s->threshold != threshold)
            sim_die("SMPI_SAMPLE_* at %s asked for iters %d, threshold %g, but the site was set "
                    "up with iters %d, threshold %g (one loop per line)",
                    key, iters, threshold, s->iters, s->threshold);
        s->benching = need_more(s);
    }
    if (!s->benching && !need_more(s)) {
        inject(p, s, iter_count);
        return 0;
    }
    p->sample_start = smpi__thread_cpu_time();
    return 1;
}

void smpi_sample_iter(int global, const char *file, const char *tag)
{
    struct smpi_process *p = smpi__self();
    struct site *s = existing(global, file, tag, "smpi_sample_iter");
    double period = smpi__thread_cpu_time() - p->sample_start;
    double n;

    s->count++;
    s->sum += period;
    s->sum_pow2 += period * period;
    n = s->count;
    s->mean = s->sum / n;
    s->relstderr = sqrt((s->sum_pow2 / n - s->mean * s->mean) / n) / s->mean;
}

int smpi_sample_exit(int global, const char *file, const char *tag, int iter_count)
{
    struct smpi_process *p = smpi__self();

    if (p && p->sampling)
        inject(p, existing(global, file, tag, "smpi_sample_exit"), iter_count);
    return 0;
}
