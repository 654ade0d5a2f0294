/* smpicalibrate's fits on closed-form data: the oracles of PAPERS.md section 7 that are
 * calibration arithmetic (O2, O3, O4, O5 boundaries, O11, O15), the probe's line format and
 * the size sweep. Times in the oracles are in microseconds; the samples are in seconds. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "apps/calibrate/calib.h"

static bool near(double a, double b)
{
    return fabs(a - b) <= 1e-9 * fabs(b) + 1e-18;
}

static void add(struct calib_samples *s, const char *fmt, ...)
{
    char line[256];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(line, sizeof(line), fmt, ap);
    va_end(ap);
    calib_samples_add(s, line);
}

Test(fit, least_squares_recovers_g_and_G_of_O3)
{
    /* O3: y(s) = (PRTT(16,0,s) - PRTT(1,0,s)) / 15 = 2, 3, 4, 6 us at s - 1 = 0, 1000, 2000,
     * 4000: an exact fit y = g + G (s-1) with g = 2 us, G = 0.001 us/B. */
    double x[] = { 0, 1000, 2000, 4000 };
    double y[] = { (44 - 14) / 15.0, (61 - 16) / 15.0, (78 - 18) / 15.0, (112 - 22) / 15.0 };
    struct calib_line l = calib_fit_line(x, y, 4);

    cr_assert(near(l.a, 2.0), "g = %.17g", l.a);
    cr_assert(near(l.b, 0.001), "G = %.17g", l.b);
}

Test(fit, one_disturbed_size_does_not_bend_a_range)
{
    /* y = 1 + 0.5 x at x = 0..9, except 100 at x = 4 (a run disturbed by another process): the
     * plain least squares bends; the robust fit leaves the point out and finds 1 and 0.5. */
    double x[10];
    double y[10];
    struct calib_line plain;
    struct calib_line robust;

    for (int i = 0; i < 10; i++) {
        x[i] = i;
        y[i] = i == 4 ? 100 : 1 + 0.5 * i;
    }
    plain = calib_fit_line(x, y, 10);
    robust = calib_fit_robust(x, y, 10);
    cr_assert(fabs(plain.a - 1) > 1);
    cr_assert(near(robust.a, 1.0) && near(robust.b, 0.5), "%g + %g x", robust.a, robust.b);
}

/* O4's data: sizes 1024 i, i = 1..24, value 2 + 0.001 (s-1) up to 12288, 18 + 0.001 (s-1) from
 * 13312 on. */
static void o4_data(double *x, double *y)
{
    for (int i = 0; i < 24; i++) {
        x[i] = 1024.0 * (i + 1);
        y[i] = (x[i] <= 12288 ? 2 : 18) + 0.001 * (x[i] - 1);
    }
}

Test(fit, protocol_change_of_O4_is_found_once_at_index_11)
{
    /* O4: look-ahead 3, pfact 2, eps 1e-9: exactly one change, after index 11 (s = 12288);
     * lsq(0, c) = 0 up to c = 11, lsq(0, 12) ~ 18.57. */
    double x[24];
    double y[24];
    int first[8];
    int n;

    o4_data(x, y);
    cr_assert(calib_lsq(x, y, 0, 11) < 1e-9);
    cr_assert(fabs(calib_lsq(x, y, 0, 12) - 18.57) < 0.01, "lsq(0,12) = %g",
              calib_lsq(x, y, 0, 12));
    n = calib_changes(x, y, 24, 3, 2.0, 1e-9, first, 8);
    cr_assert_eq(n, 2);
    cr_assert_eq(first[1], 12);
}

Test(fit, ranges_of_O4_refit_each_protocol)
{
    /* O4's refits: slope 0.001 in both ranges, value at s = 1 of 2.0 and 18.0; the boundary lies
     * between 12288 and 13312. */
    double x[24];
    double y[24];
    struct calib_series s = { .n = 24, .x = x, .y = y };
    struct calib_ranges r;

    o4_data(x, y);
    calib_ranges_detect(&s, 1.0, &r);
    cr_assert_eq(r.n, 2);
    cr_assert_eq(r.below[1], 12288);
    cr_assert_eq(r.first[1], 13312);
    cr_assert(near(r.line[0].b, 0.001) && near(r.line[1].b, 0.001));
    cr_assert(near(r.line[0].a + r.line[0].b, 2.0));
    cr_assert(near(r.line[1].a + r.line[1].b, 18.0));
    cr_assert(r.err[0] < 1e-12 && r.err[1] < 1e-12);
}

/* O5's Open MPI/openib gap: g + (s-1) G with (5.14, 0.00073) below 12289, (21.39, 0.00103) from
 * 12289 on (us). */
static double openib_gap(double s)
{
    return s < 12289 ? 5.14 + (s - 1) * 0.00073 : 21.39 + (s - 1) * 0.00103;
}

Test(fit, refining_runs_find_the_protocol_boundary_of_O5_to_the_byte)
{
    /* Sizes 256 i (i = 1..128) put the boundary between 12288 and 12544; each refining round
     * measures 32 sizes inside the gap; three rounds leave (12288, 12289]: the protocol starts
     * at 12289, and the two ranges give 14.10951 us at 12288 and 34.04664 us at 12289. */
    double x[256];
    double y[256];
    struct calib_series s = { .n = 128, .x = x, .y = y };
    struct calib_ranges r;
    long gaps[64];

    for (int i = 0; i < 128; i++) {
        x[i] = 256.0 * (i + 1);
        y[i] = openib_gap(x[i]);
    }
    calib_ranges_detect(&s, 1.0, &r);
    cr_assert_eq(r.n, 2);
    for (int round = 0; round < 3; round++) {
        int n = calib_ranges_gaps(&r, 32, gaps, 64);

        for (int i = 0; i < n; i++) {
            int j = s.n++;

            x[j] = (double)gaps[i];
            y[j] = openib_gap(x[j]);
            while (j > 0 && x[j - 1] > x[j]) { /* keep the series sorted */
                double tx = x[j];
                double ty = y[j];

                x[j] = x[j - 1];
                y[j] = y[j - 1];
                x[j - 1] = tx;
                y[j - 1] = ty;
                j--;
            }
        }
        calib_ranges_refine(&s, &r);
    }
    cr_assert_eq(r.first[1], 12289);
    cr_assert_eq(r.below[1], 12288);
    cr_assert_eq(calib_ranges_gaps(&r, 32, gaps, 64), 0);
    cr_assert(near(r.line[0].a + r.line[0].b * 12288, 14.10951));
    cr_assert(near(r.line[1].a + r.line[1].b * 12289, 34.04664));
}

/* Netgauge's three round trips under the synthetic LogGP platform (L 5, o 1, g 2, G 0.001 us),
 * n = 16, d = PRTT(1,0,s), as the probe prints them. */
static void loggp_samples(struct calib_samples *s, const double *sizes, int n)
{
    const double L = 5e-6, o = 1e-6, g = 2e-6, G = 1e-9;

    for (int i = 0; i < n; i++) {
        double size = sizes[i];
        double p1 = 2 * (L + 2 * o + (size - 1) * G);
        double gall = g + (size - 1) * G;
        double d = p1;

        add(s, "p1 %ld %.17g", (long)size, p1);
        add(s, "pn %ld %.17g", (long)size, p1 + 15 * gall);
        add(s, "d %ld %.17g", (long)size, d);
        add(s, "pd %ld %.17g", (long)size, p1 + 15 * fmax(o + d, gall));
    }
}

Test(fit, netgauge_rows_recover_the_synthetic_loggp_platform_of_O1_to_O3)
{
    /* O1-O3: PRTT(16,0,1001) = 61 us, PRTT(16,16,1001) = 271 us, o = (271 - 16)/15 - 16 = 1 us;
     * the row is L = 5 us (not Netgauge's 7 us = L + 2o), o = 1, g = 2, G = 0.001. */
    double sizes[] = { 1, 1001, 2001, 4001 };
    struct calib_samples s = { 0 };
    struct calib_series y;
    struct calib_ranges r;
    struct calib_loggp_row row;

    loggp_samples(&s, sizes, 4);
    cr_assert(near(calib_samples_median(&s, "pn", 1001, -1, -1), 61e-6));
    cr_assert(near(calib_samples_median(&s, "pd", 1001, -1, -1), 271e-6));
    calib_loggp_gap_series(&s, &y);
    calib_ranges_detect(&y, 1e6, &r);
    cr_assert_eq(r.n, 1);
    calib_loggp_row(&s, &r, 0, &row);
    cr_assert_eq(row.minsize, 0);
    cr_assert(near(row.L, 5e-6), "L = %g", row.L);
    cr_assert(near(row.o, 1e-6), "o = %g", row.o);
    cr_assert(near(row.g, 2e-6), "g = %g", row.g);
    cr_assert(near(row.G, 1e-9), "G = %g", row.G);
    calib_series_free(&y);
    calib_samples_free(&s);
}

Test(fit, triplet_method_recovers_the_lmo_parameters_of_O11)
{
    /* O11 (us): C = 10, 20, 30; t = 0.002, 0.004, 0.001; 1/beta_12 = 0.010, 1/beta_13 = 0.008,
     * 1/beta_23 = 0.005; M = 10000. Round trips 60, 80, 100 (empty) and 220, 190, 200 (M).
     * One-to-two, faster partner first, as events unfold: the slower round trip plus the root's
     * C_i + t_i M: root 1 220 + 30 = 250, root 2 220 + 60 = 280, root 3 200 + 40 = 240 (O11's
     * 260, 300, 270 count one more C_i: the paper's serial 4C_i). */
    struct calib_samples s = { 0 };
    struct calib_lmo_fit f;
    const double us = 1e-6;

    add(&s, "rt0 0 1 %g", 60 * us);
    add(&s, "rt0 0 2 %g", 80 * us);
    add(&s, "rt0 1 2 %g", 100 * us);
    add(&s, "rt 0 1 %g", 220 * us);
    add(&s, "rt 0 2 %g", 190 * us);
    add(&s, "rt 1 2 %g", 200 * us);
    add(&s, "two 0 2 1 %g", 250 * us);
    add(&s, "two 1 2 0 %g", 280 * us);
    add(&s, "two 2 0 1 %g", 240 * us);
    calib_lmo_fit(&s, 3, 10000, &f);
    cr_assert(near(f.c[0], 10 * us) && near(f.c[1], 20 * us) && near(f.c[2], 30 * us));
    cr_assert(near(f.t[0], 0.002 * us), "t_1 = %g", f.t[0]);
    cr_assert(near(f.t[1], 0.004 * us), "t_2 = %g", f.t[1]);
    cr_assert(near(f.t[2], 0.001 * us), "t_3 = %g", f.t[2]);
    cr_assert(near(1 / f.rate[0 * 3 + 1], 0.010 * us));
    cr_assert(near(1 / f.rate[0 * 3 + 2], 0.008 * us));
    cr_assert(near(1 / f.rate[1 * 3 + 2], 0.005 * us));
    calib_lmo_fit_free(&f);
    calib_samples_free(&s);
}

Test(fit, smpi_inversion_of_O15_gives_latency_and_bandwidth)
{
    /* O15: RTT(k) = 2 (L + k/B) + 2 (or + k Or), L = 40 us, 1/B = 0.01 us/B, or = 2 us,
     * Or = 0.0005 us/B, os = 0: 294 us at 10000 B, 504 us at 20000 B. D = 140 and 240 us; slope
     * 0.01 us/B (B = 100 MB/s); against the size on the wire (k + 16 B), the line gives 40 us
     * at k = 0. */
    struct calib_samples s = { 0 };
    struct calib_ranges os = { .n = 1, .first = { 0 } };
    struct calib_ranges orr = { .n = 1, .first = { 0 }, .line = { { 2e-6, 0.0005e-6 } } };
    struct calib_series d;
    struct calib_line l;

    add(&s, "pp 10000 %.17g", 294e-6);
    add(&s, "pp 20000 %.17g", 504e-6);
    calib_smpi_net_series(&s, &os, &orr, &d);
    cr_assert_eq(d.n, 2);
    cr_assert(near(d.y[0], 140e-6) && near(d.y[1], 240e-6));
    l = calib_fit_line(d.x, d.y, d.n);
    cr_assert(near(l.b, 0.01e-6), "1/B = %g", l.b);
    cr_assert(near(l.a + l.b * 16, 40e-6), "L = %g", l.a + l.b * 16);
    calib_series_free(&d);
    calib_samples_free(&s);
}

Test(fit, probe_lines_become_samples_and_medians)
{
    /* Up to three integer arguments then seconds; other lines are dropped; the median of 3, 1,
     * 2 is 2 and of 1, 4 is 2.5. */
    struct calib_samples s = { 0 };

    calib_samples_add(&s, "pp 100 3e-6\n");
    calib_samples_add(&s, "pp 100 1e-6\n");
    calib_samples_add(&s, "pp 100 2e-6\n");
    calib_samples_add(&s, "two 0 1 2 1e-6\n");
    calib_samples_add(&s, "two 0 1 2 4e-6\n");
    calib_samples_add(&s, "Warning: something from the launcher\n");
    calib_samples_add(&s, "pp 100 nan\n");
    calib_samples_add(&s, "end\n");
    cr_assert_eq(s.n, 5);
    cr_assert(near(calib_samples_median(&s, "pp", 100, -1, -1), 2e-6));
    cr_assert(near(calib_samples_median(&s, "two", 0, 1, 2), 2.5e-6));
    calib_samples_free(&s);
}

Test(fit, sweep_is_exponential_sorted_and_repeatable)
{
    /* 1 to 2^20 at 8 sizes per doubling: 1 and 2^20 included, increasing, each once, at most 8
     * sizes per doubling from 2^3 on, the same list for the same seed, another for another. */
    long a[512];
    long b[512];
    long c[512];
    int na = calib_sweep(1 << 20, 8, 7, a, 512);
    int nb = calib_sweep(1 << 20, 8, 7, b, 512);
    int nc = calib_sweep(1 << 20, 8, 8, c, 512);
    bool same = true;

    cr_assert_eq(a[0], 1);
    cr_assert_eq(a[na - 1], 1 << 20);
    for (int i = 1; i < na; i++)
        cr_assert_gt(a[i], a[i - 1]);
    for (int e = 3; e < 20; e++) {
        int in = 0;

        for (int i = 0; i < na; i++)
            in += a[i] >= (1l << e) && a[i] < (2l << e);
        cr_assert(in >= 7 && in <= 9, "%d sizes in [2^%d, 2^%d)", in, e, e + 1);
    }
    cr_assert_eq(na, nb);
    for (int i = 0; i < na; i++)
        cr_assert_eq(a[i], b[i]);
    for (int i = 0; i < na && i < nc; i++)
        same = same && a[i] == c[i];
    cr_assert(!same || na != nc);
}
