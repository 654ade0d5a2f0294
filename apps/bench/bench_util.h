/* bench_util: what the kernel benchmarks (apps/bench/bench_*.c) share: a clock read in seconds
 * and the median of their repetitions. */
#ifndef APPS_BENCH_BENCH_UTIL_H
#define APPS_BENCH_BENCH_UTIL_H

#include <stdlib.h>
#include <time.h>

/* `clock` (CLOCK_MONOTONIC, CLOCK_PROCESS_CPUTIME_ID...) in seconds. */
static inline double bench_seconds(clockid_t clock)
{
    struct timespec ts;

    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static inline int bench_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a;
    double y = *(const double *)b;

    return (x > y) - (x < y);
}

/* The median of v[0..n) (the upper one for an even n); sorts v. */
static inline double bench_median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof(v[0]), bench_cmp_double);
    return v[n / 2];
}

#endif
