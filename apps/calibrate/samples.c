/* samples: the probe's lines as samples, their medians per experiment and per size, and the
 * sizes a sweep measures (exponentially spaced, drawn at random within each step, in a random
 * order, as the SMPI paper samples them; the draws come from --seed, so a run is repeatable). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apps/calibrate/calib.h"

/* Parses "KIND [INT [INT [INT]]] SECONDS"; other lines are ignored. */
void calib_samples_add(struct calib_samples *s, const char *line)
{
    struct calib_sample v = { .arg = { -1, -1, -1 } };
    char *tok[5];
    char *copy = strdup(line);
    char *save = NULL;
    char *end;
    int n = 0;

    for (char *t = strtok_r(copy, " \t\r\n", &save); t && n < 5;
         t = strtok_r(NULL, " \t\r\n", &save))
        tok[n++] = t;
    if (n < 2 || strlen(tok[0]) >= sizeof(v.kind))
        goto out_free;
    strcpy(v.kind, tok[0]);
    for (int i = 1; i < n - 1; i++) {
        v.arg[i - 1] = strtol(tok[i], &end, 10);
        if (*end)
            goto out_free;
    }
    v.t = strtod(tok[n - 1], &end);
    if (*end || !isfinite(v.t))
        goto out_free;
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 256;
        s->v = realloc(s->v, (size_t)s->cap * sizeof(*s->v));
        if (!s->v)
            calib_die("out of memory");
    }
    s->v[s->n++] = v;
out_free:
    free(copy);
}

void calib_samples_free(struct calib_samples *s)
{
    free(s->v);
    s->v = NULL;
    s->n = s->cap = 0;
}

/* Median of the samples of one experiment (kind and arguments; -1 for an absent one), 0 when
 * there is none. */
double calib_samples_median(const struct calib_samples *s, const char *kind, long a, long b, long c)
{
    double *v = malloc((size_t)(s->n ? s->n : 1) * sizeof(*v));
    int n = 0;
    double m;

    for (int i = 0; i < s->n; i++)
        if (strcmp(s->v[i].kind, kind) == 0 && s->v[i].arg[0] == a && s->v[i].arg[1] == b &&
            s->v[i].arg[2] == c)
            v[n++] = s->v[i].t;
    m = calib_median(v, n);
    free(v);
    return m;
}

static int cmp_by_size(const void *a, const void *b)
{
    const struct calib_sample *x = a;
    const struct calib_sample *y = b;

    return (x->arg[0] > y->arg[0]) - (x->arg[0] < y->arg[0]);
}

/* The series of one kind: each size (first argument) once, increasing, with its median. */
void calib_series_of(const struct calib_samples *s, const char *kind, struct calib_series *out)
{
    struct calib_sample *v = malloc((size_t)(s->n ? s->n : 1) * sizeof(*v));
    double *t = malloc((size_t)(s->n ? s->n : 1) * sizeof(*t));
    int n = 0;

    for (int i = 0; i < s->n; i++)
        if (strcmp(s->v[i].kind, kind) == 0)
            v[n++] = s->v[i];
    qsort(v, (size_t)n, sizeof(*v), cmp_by_size);
    out->x = malloc((size_t)(n ? n : 1) * sizeof(*out->x));
    out->y = malloc((size_t)(n ? n : 1) * sizeof(*out->y));
    out->n = 0;
    for (int i = 0; i < n;) {
        int j = i;

        while (j < n && v[j].arg[0] == v[i].arg[0]) {
            t[j - i] = v[j].t;
            j++;
        }
        out->x[out->n] = (double)v[i].arg[0];
        out->y[out->n++] = calib_median(t, j - i);
        i = j;
    }
    free(t);
    free(v);
}

void calib_series_free(struct calib_series *s)
{
    free(s->x);
    free(s->y);
    s->x = s->y = NULL;
    s->n = 0;
}

/* splitmix64: a small generator whose sequence depends on the seed only. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);

    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static int cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a;
    long y = *(const long *)b;

    return (x > y) - (x < y);
}

/* The sizes of a sweep from 1 to max bytes: per_octave sizes in each doubling, each drawn at
 * random within its own step of 2^(1/per_octave); 1 and max included. Sorted, each once;
 * returns the count (at most cap). */
int calib_sweep(long max, int per_octave, unsigned long seed, long *sizes, int cap)
{
    uint64_t state = seed;
    int n = 0;
    int out = 0;
    double steps = log2((double)max) * per_octave;

    sizes[n++] = 1;
    for (int i = 0; i < steps && n < cap - 1; i++) {
        double u = (double)(next_random(&state) >> 11) / 9007199254740992.0;
        long v = lround(pow(2.0, (i + u) / per_octave));

        if (v > 1 && v < max)
            sizes[n++] = v;
    }
    if (max > 1)
        sizes[n++] = max;
    qsort(sizes, (size_t)n, sizeof(*sizes), cmp_long);
    for (int i = 0; i < n; i++)
        if (out == 0 || sizes[i] != sizes[out - 1])
            sizes[out++] = sizes[i];
    return out;
}

/* The sweep the options ask for (--size, --per-octave, --seed), in a new array. */
long *calib_sweep_of(const struct calib_opts *o, int *n)
{
    long *sizes = malloc(CALIB_MAX_SIZES * sizeof(*sizes));

    if (!sizes)
        calib_die("out of memory");
    *n = calib_sweep(o->size, o->per_octave, o->seed, sizes, CALIB_MAX_SIZES);
    return sizes;
}

/* Fisher-Yates shuffle drawn from the seed. */
void calib_shuffle(long *v, int n, unsigned long seed)
{
    uint64_t state = seed ^ 0x5bd1e995u;

    for (int i = n - 1; i > 0; i--) {
        int j = (int)(next_random(&state) % (uint64_t)(i + 1));
        long t = v[i];

        v[i] = v[j];
        v[j] = t;
    }
}

/* "S1,S2,..." in a new string. */
char *calib_size_list(const long *sizes, int n)
{
    size_t cap = (size_t)n * 21 + 1;
    char *s = malloc(cap);
    size_t len = 0;

    if (!s)
        calib_die("out of memory");
    s[0] = 0;
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(s + len, cap - len, "%s%ld", i ? "," : "", sizes[i]);
    return s;
}
