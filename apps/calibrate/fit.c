/* fit: the arithmetic of smpicalibrate: least-squares lines, Netgauge's protocol-change
 * detection (Hoefler, Lichei, Rehm, eq. 8, with PAPERS.md O4's floor) and the piecewise-linear
 * ranges built on it, whose boundaries later probe runs narrow down. */
#include <math.h>
#include <stdlib.h>

#include "apps/calibrate/calib.h"

/* Least-squares line through n points (a flat line through one point). */
struct calib_line calib_fit_line(const double *x, const double *y, int n)
{
    double mx = 0;
    double my = 0;
    double sxx = 0;
    double sxy = 0;
    struct calib_line l = { 0, 0 };

    if (n <= 0)
        return l;
    for (int i = 0; i < n; i++) {
        mx += x[i];
        my += y[i];
    }
    mx /= n;
    my /= n;
    for (int i = 0; i < n; i++) {
        sxx += (x[i] - mx) * (x[i] - mx);
        sxy += (x[i] - mx) * (y[i] - my);
    }
    l.b = sxx > 0 ? sxy / sxx : 0;
    l.a = my - l.b * mx;
    return l;
}

/* Least-squares line through the points that are not outliers: those further from the first
 * fit than 3 robust standard deviations (1.4826 times the median absolute residual) are left
 * out of a second fit. Exact data keeps every point. */
struct calib_line calib_fit_robust(const double *x, const double *y, int n)
{
    struct calib_line l = calib_fit_line(x, y, n);
    double *r = malloc((size_t)(n > 0 ? n : 1) * sizeof(*r));
    double *kx = malloc((size_t)(n > 0 ? n : 1) * sizeof(*kx));
    double *ky = malloc((size_t)(n > 0 ? n : 1) * sizeof(*ky));
    double limit;
    int k = 0;

    for (int i = 0; i < n; i++)
        r[i] = fabs(l.a + l.b * x[i] - y[i]);
    limit = 3 * 1.4826 * calib_median(r, n);
    for (int i = 0; i < n; i++)
        if (fabs(l.a + l.b * x[i] - y[i]) <= limit || limit == 0) {
            kx[k] = x[i];
            ky[k++] = y[i];
        }
    if (k >= 2 && k < n)
        l = calib_fit_line(kx, ky, k);
    free(ky);
    free(kx);
    free(r);
    return l;
}

/* Netgauge's eq. 8: the squared deviations of points k..l from their own least-squares line,
 * over l - k - 2 (at least four points; fewer give 0). */
double calib_lsq(const double *x, const double *y, int k, int l)
{
    struct calib_line f;
    double sum = 0;

    if (l - k < 3)
        return 0;
    f = calib_fit_line(x + k, y + k, l - k + 1);
    for (int i = k; i <= l; i++) {
        double d = f.a + f.b * x[i] - y[i];

        sum += d * d;
    }
    return sum / (l - k - 2);
}

/* Netgauge's protocol-change detection over n points sorted by x: testing starts three points
 * after the first point of the current protocol; point `cur` ends a protocol when
 * lsq(first, cur + j) > pfact * max(lsq(first, cur), eps) for every j in 1..lookahead (eps keeps
 * the rounding residuals of exact data from being read as changes). Writes the index of the
 * first point of each range to first[] (first[0] = 0) and returns the number of ranges. */
int calib_changes(const double *x, const double *y, int n, int lookahead, double pfact, double eps,
                  int *first, int max)
{
    int ranges = 1;
    int last = 0;
    int cur = 3;

    first[0] = 0;
    while (cur + lookahead < n && ranges < max) {
        double ref = fmax(calib_lsq(x, y, last, cur), eps);
        int j = 1;

        while (j <= lookahead && calib_lsq(x, y, last, cur + j) > pfact * ref)
            j++;
        if (j > lookahead) {
            last = cur + 1;
            first[ranges++] = last;
            cur = last + 3;
        } else {
            cur++;
        }
    }
    return ranges;
}

/* Index of the range holding size x (the first range for sizes below it). */
int calib_ranges_find(const struct calib_ranges *r, double x)
{
    int i = 0;

    while (i + 1 < r->n && x >= (double)r->first[i + 1])
        i++;
    return i;
}

/* The points of s in range i: indices lo..hi-1. */
static void range_points(const struct calib_series *s, const struct calib_ranges *r, int i, int *lo,
                         int *hi)
{
    *lo = 0;
    while (*lo < s->n && calib_ranges_find(r, s->x[*lo]) < i)
        (*lo)++;
    *hi = *lo;
    while (*hi < s->n && calib_ranges_find(r, s->x[*hi]) == i)
        (*hi)++;
}

/* Range i's error: the RMS deviation of its points from its line over their mean magnitude
 * (meaningful where values are near 0 too). */
static void range_error(const struct calib_series *s, struct calib_ranges *r, int i)
{
    int lo;
    int hi;
    double sum = 0;
    double mag = 0;

    range_points(s, r, i, &lo, &hi);
    r->points[i] = hi - lo;
    r->last[i] = hi > lo ? (long)s->x[hi - 1] : r->first[i];
    for (int k = lo; k < hi; k++) {
        double d = r->line[i].a + r->line[i].b * s->x[k] - s->y[k];

        sum += d * d;
        mag += fabs(s->y[k]);
    }
    r->err[i] = mag > 0 ? sqrt(sum / (hi - lo)) / (mag / (hi - lo)) : 0;
}

/* Fits each range's line to the points of s it holds (outliers left out). */
void calib_ranges_fit(const struct calib_series *s, struct calib_ranges *r)
{
    for (int i = 0; i < r->n; i++) {
        int lo;
        int hi;

        range_points(s, r, i, &lo, &hi);
        r->line[i] = calib_fit_robust(s->x + lo, s->y + lo, hi - lo);
        r->flat[i] = false;
        range_error(s, r, i);
    }
}

/* Makes every range of s a cost a simulator accepts: a line that falls with the size (noise)
 * is replaced by its value in the middle of the range (flagged unless the fall is only
 * rounding), then a negative value at 0 becomes 0; neighbours left with the same line become
 * one range. The errors are those of the lines as they are now. */
void calib_ranges_usable(const struct calib_series *s, struct calib_ranges *r)
{
    int n = 0;

    for (int i = 0; i < r->n; i++) {
        struct calib_line *l = &r->line[i];
        double fall = -l->b * (double)(r->last[i] - r->first[i]);

        if (l->b < 0) {
            l->a += l->b * (double)(r->first[i] + r->last[i]) / 2;
            l->b = 0;
            r->flat[i] = fall > 1e-9 * fabs(l->a) + 1e-15;
        }
        if (l->a < 0)
            l->a = 0;
    }
    for (int i = 0; i < r->n; i++) {
        if (n > 0 && r->line[i].a == r->line[n - 1].a && r->line[i].b == r->line[n - 1].b) {
            r->flat[n - 1] = r->flat[n - 1] || r->flat[i];
            continue;
        }
        r->first[n] = r->first[i];
        r->below[n] = r->below[i];
        r->line[n] = r->line[i];
        r->flat[n++] = r->flat[i];
    }
    r->n = n;
    for (int i = 0; i < r->n; i++)
        range_error(s, r, i);
}

/* Ranges of s by Netgauge's detection (look-ahead 3, pfact 2, eps 1e-9 on the values times
 * `scale`, which puts seconds in the microseconds of PAPERS.md O4), then their lines. */
void calib_ranges_detect(const struct calib_series *s, double scale, struct calib_ranges *r)
{
    int first[CALIB_MAX_RANGES];
    double *y = malloc((size_t)(s->n ? s->n : 1) * sizeof(*y));

    for (int i = 0; i < s->n; i++)
        y[i] = s->y[i] * scale;
    r->n = s->n ? calib_changes(s->x, y, s->n, 3, 2.0, 1e-9, first, CALIB_MAX_RANGES) : 0;
    for (int i = 0; i < r->n; i++) {
        r->first[i] = (long)s->x[first[i]];
        r->below[i] = i ? (long)s->x[first[i] - 1] : r->first[i];
    }
    free(y);
    calib_ranges_fit(s, r);
}

/* Sizes to measure inside the boundaries that are not yet exact: up to per_gap evenly spaced
 * sizes strictly between below[i] and first[i]. Returns how many were written. */
int calib_ranges_gaps(const struct calib_ranges *r, int per_gap, long *sizes, int max)
{
    int n = 0;

    for (int i = 1; i < r->n; i++) {
        long lo = r->below[i];
        long hi = r->first[i];
        long m = hi - lo - 1 < per_gap ? hi - lo - 1 : per_gap;
        long prev = lo;

        for (long k = 1; k <= m && n < max; k++) {
            long v = lo + (hi - lo) * k / (m + 1);

            if (v > prev && v < hi)
                sizes[n++] = prev = v;
        }
    }
    return n;
}

/* Moves each boundary to where the points measured in its gap say it is: the split between
 * the two neighbouring ranges' lines with the least absolute deviation, then fits again. */
void calib_ranges_refine(const struct calib_series *s, struct calib_ranges *r)
{
    for (int i = 1; i < r->n; i++) {
        int lo = 0;
        int hi;
        int best = -1;
        double best_cost = 0;

        while (lo < s->n && s->x[lo] < (double)r->below[i])
            lo++;
        hi = lo;
        while (hi < s->n && s->x[hi] <= (double)r->first[i])
            hi++;
        /* points lo..hi-1 span the gap; the split `k` puts lo..k-1 left, k..hi-1 right */
        for (int k = lo + 1; k < hi; k++) {
            double cost = 0;

            for (int j = lo; j < hi; j++) {
                const struct calib_line *l = &r->line[j < k ? i - 1 : i];

                cost += fabs(l->a + l->b * s->x[j] - s->y[j]);
            }
            if (best < 0 || cost < best_cost) {
                best = k;
                best_cost = cost;
            }
        }
        if (best > lo) {
            r->below[i] = (long)s->x[best - 1];
            r->first[i] = (long)s->x[best];
        }
    }
    calib_ranges_fit(s, r);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a;
    double y = *(const double *)b;

    return (x > y) - (x < y);
}

/* Median of v[0..n-1] (sorts v). */
double calib_median(double *v, int n)
{
    if (n <= 0)
        return 0;
    qsort(v, (size_t)n, sizeof(*v), cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}
