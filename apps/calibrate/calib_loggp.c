/* calib_loggp: LogGP by Netgauge's method (Hoefler, Lichei, Rehm; PAPERS.md 3.2, O2-O4). At
 * each size s: PRTT(1,0,s), PRTT(n,0,s) and PRTT(n,d,s) with n = 16 and d = PRTT(1,0,s) (or
 * PRTT(2,0,s) where that would not exceed the gap). The gap series
 * y(s) = (PRTT(n,0,s) - PRTT(1,0,s)) / (n-1) = g + (s-1) G is cut into protocol ranges by the
 * lsq look-ahead detection (x = 3, pfact = 2, eps = 1e-9 us^2) and fitted by least squares per
 * range; o(s) = (PRTT(n,d,s) - PRTT(1,0,s)) / (n-1) - d, its median over the range; L from the
 * ping-pong, PRTT(1,0,s) / 2 - 2o - (s-1) G, its median over the range (LogGP's wire latency, not
 * Netgauge's reported L = PRTT(1,0,1) / 2 = L + 2o). One network/loggp row per range. */
#include <stdio.h>
#include <stdlib.h>

#include "apps/calibrate/calib.h"

#define NMSG 16

/* y(s) = (PRTT(n,0,s) - PRTT(1,0,s)) / (n-1), Netgauge's eq. 7. */
void calib_loggp_gap_series(const struct calib_samples *s, struct calib_series *out)
{
    struct calib_series pn;

    calib_series_of(s, "p1", out);
    calib_series_of(s, "pn", &pn);
    if (pn.n != out->n)
        calib_die("the probe gave %d PRTT(1,0,s) sizes but %d PRTT(%d,0,s) sizes", out->n, pn.n,
                  NMSG);
    for (int i = 0; i < out->n; i++)
        out->y[i] = (pn.y[i] - out->y[i]) / (NMSG - 1);
    calib_series_free(&pn);
}

/* o and L of range i: the medians over its sizes of eq. 6's o(s) and of eq. 1's
 * PRTT(1,0,s)/2 - 2o - (s-1)G (medians: one disturbed size does not move them). */
void calib_loggp_row(const struct calib_samples *s, const struct calib_ranges *r, int i,
                     struct calib_loggp_row *row)
{
    struct calib_series p1;
    double *v;
    int n = 0;

    calib_series_of(s, "p1", &p1);
    v = malloc((size_t)(p1.n ? p1.n : 1) * sizeof(*v));
    row->G = r->line[i].b;
    row->g = r->line[i].a + r->line[i].b; /* value at s = 1 */
    row->minsize = i ? r->first[i] : 0;
    for (int k = 0; k < p1.n; k++) {
        long size = (long)p1.x[k];
        double d = calib_samples_median(s, "d", size, -1, -1);
        double pd = calib_samples_median(s, "pd", size, -1, -1);

        if (calib_ranges_find(r, p1.x[k]) == i)
            v[n++] = (pd - p1.y[k]) / (NMSG - 1) - d;
    }
    row->o = calib_median(v, n);
    row->o_min = n ? v[0] : 0;
    row->o_max = n ? v[n - 1] : 0;
    n = 0;
    for (int k = 0; k < p1.n; k++)
        if (calib_ranges_find(r, p1.x[k]) == i)
            v[n++] = p1.y[k] / 2 - 2 * row->o - (p1.x[k] - 1) * row->G;
    row->L = calib_median(v, n);
    free(v);
    calib_series_free(&p1);
}

/* After a refining run: the gap series again, its boundaries moved. */
static void update(struct calib_samples *s, void *ranges)
{
    struct calib_series y;

    calib_loggp_gap_series(s, &y);
    calib_ranges_refine(&y, ranges);
    calib_series_free(&y);
}

void calib_loggp(const struct calib_opts *o, FILE *out)
{
    int n;
    long *sizes = calib_sweep_of(o, &n);
    struct calib_samples s = { 0 };
    struct calib_ranges r;
    struct calib_series y;
    struct calib_loggp_row row = { 0 };
    struct calib_ranges *ranges[1] = { &r };
    const long no_shift[1] = { 0 };
    char nmsg[16];

    snprintf(nmsg, sizeof(nmsg), "%d", NMSG);
    calib_run_sweep(o, "loggp", nmsg, sizes, n, "LogGP, sizes 1 to max", &s);
    calib_loggp_gap_series(&s, &y);
    calib_ranges_detect(&y, 1e6, &r);
    calib_series_free(&y);
    calib_refine(o, "loggp", nmsg, ranges, no_shift, 1, update, &r, "LogGP, protocol boundaries",
                 &s);
    calib_loggp_gap_series(&s, &y);
    calib_ranges_usable(&y, &r);
    calib_series_free(&y);

    fprintf(stderr,
            "smpicalibrate: LogGP fit, %d protocol range%s, medians of %d samples; "
            "Netgauge's L = PRTT(1,0,1)/2 = %.6g us; error: RMS deviation of the gap "
            "g + (s-1)G from the medians over their mean\n",
            r.n, r.n > 1 ? "s" : "", o->reps, calib_samples_median(&s, "p1", 1, -1, -1) / 2 * 1e6);
    fprintf(out, "--cfg=network/model:LogGP\n--cfg=network/loggp:");
    for (int i = 0; i < r.n; i++) {
        calib_loggp_row(&s, &r, i, &row);
        fprintf(stderr,
                "  from %8ld B: L %10.6g us  o %10.6g us (%.6g..%.6g)  g %10.6g us  "
                "G %10.6g us/B  error %6.2f%% (%d sizes)%s%s%s\n",
                row.minsize, row.L * 1e6, row.o * 1e6, row.o_min * 1e6, row.o_max * 1e6,
                row.g * 1e6, row.G * 1e6, 100 * r.err[i], r.points[i],
                r.flat[i] ? "; the gap fell with the size: made flat" : "",
                row.L < 0 ? "; L < 0 (o and L overlap, as Netgauge warns): 0 written" : "",
                row.o < 0 ? "; o < 0: 0 written" : "");
        row.L = row.L < 0 ? 0 : row.L;
        row.o = row.o < 0 ? 0 : row.o;
        fprintf(out, "%s%ld:%.9g:%.9g:%.9g:%.9g", i ? ";" : "", row.minsize, row.L, row.o, row.g,
                row.G);
    }
    fputc('\n', out);
    calib_samples_free(&s);
    free(sizes);
}
