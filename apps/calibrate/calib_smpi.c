/* calib_smpi: the SMPI model by the SMPI paper's method (Section IV-A; PAPERS.md 5.2 and O15):
 * ping-pong, time in MPI_Send with the receiver ready and time to complete a receive whose
 * message is already there, over exponentially spaced sizes in random order; each series is cut
 * into linear ranges (Netgauge's detection, then boundaries narrowed by further runs) and
 * fitted by least squares on the medians. What SMPI's model adds to a message below
 * smpi/send-is-detached-thresh is subtracted from half the round trip, os(k) + or(k), which
 * leaves the network's time L + w / B (w = k + the 16-byte envelope); L and B are written as
 * factors of the route between two hosts of smpirun's built-in platform. */
#include <stdio.h>
#include <stdlib.h>

#include "apps/calibrate/calib.h"

#define ENVELOPE 16               /* bytes SMPI adds to a message on the wire */
#define DETACHED 65536            /* smpi/send-is-detached-thresh's default */
#define REF_LATENCY 2e-6          /* built-in platform, node-0 to node-1: two 1 us links */
#define REF_BANDWIDTH 1.25e9      /* ... of 10 Gbps */
#define FLAT_BANDWIDTH_FACTOR 1e6 /* 1.25 PB/s: a range whose time does not grow with the size */

static double eval(const struct calib_ranges *r, double x)
{
    const struct calib_line *l = &r->line[calib_ranges_find(r, x)];

    return l->a + l->b * x;
}

/* The series of one kind restricted to sizes below `limit`. */
static void series_below(const struct calib_samples *s, const char *kind, long limit,
                         struct calib_series *out)
{
    calib_series_of(s, kind, out);
    while (out->n > 0 && out->x[out->n - 1] >= (double)limit)
        out->n--;
}

/* The network's share of the one-way time, against the size on the wire: half the ping-pong
 * less os(k) + or(k) below DETACHED, where SMPI's model charges them. */
void calib_smpi_net_series(const struct calib_samples *s, const struct calib_ranges *os,
                           const struct calib_ranges *orr, struct calib_series *out)
{
    calib_series_of(s, "pp", out);
    for (int i = 0; i < out->n; i++) {
        double k = out->x[i];

        out->y[i] /= 2;
        if (k < DETACHED)
            out->y[i] -= eval(os, k) + eval(orr, k);
        out->x[i] = k + ENVELOPE;
    }
}

struct fit {
    struct calib_ranges os;
    struct calib_ranges orr;
    struct calib_ranges net;
};

static void update_overheads(struct calib_samples *s, void *ctx)
{
    struct fit *f = ctx;
    struct calib_series v;

    series_below(s, "os", DETACHED, &v);
    calib_ranges_refine(&v, &f->os);
    calib_series_free(&v);
    series_below(s, "or", DETACHED, &v);
    calib_ranges_refine(&v, &f->orr);
    calib_series_free(&v);
}

static void update_net(struct calib_samples *s, void *ctx)
{
    struct fit *f = ctx;
    struct calib_series v;

    calib_smpi_net_series(s, &f->os, &f->orr, &v);
    calib_ranges_refine(&v, &f->net);
    calib_series_free(&v);
}

static void report(const char *name, const struct calib_ranges *r, long shift)
{
    for (int i = 0; i < r->n; i++) {
        long lo = (i ? r->first[i] : 0) - shift;
        char range[64];

        if (i + 1 < r->n)
            snprintf(range, sizeof(range), "[%ld, %ld]", lo < 0 ? 0 : lo,
                     r->first[i + 1] - 1 - shift);
        else
            snprintf(range, sizeof(range), "[%ld, ...]", lo < 0 ? 0 : lo);
        fprintf(stderr, "  %-4s %-18s %11.6g us + %11.6g us/B  error %6.2f%% (%d sizes)%s\n", name,
                range, r->line[i].a * 1e6, r->line[i].b * 1e6, 100 * r->err[i], r->points[i],
                r->flat[i] ? " fell with the size: made flat" : "");
    }
}

/* smpi/os or smpi/or: minsize:startup:perbyte per range, nothing charged from DETACHED on. */
static void write_cost(FILE *out, const char *name, const struct calib_ranges *r)
{
    fprintf(out, "--cfg=%s:", name);
    for (int i = 0; i < r->n; i++)
        fprintf(out, "%ld:%.9g:%.9g;", i ? r->first[i] : 0, r->line[i].a, r->line[i].b);
    fprintf(out, "%d:0:0\n", DETACHED);
}

/* The factors: "bound:factor" applies above `bound` bytes on the wire. A range whose time
 * does not grow with the size gets FLAT_BANDWIDTH_FACTOR (no per-byte time to speak of). */
static void write_factors(FILE *out, const struct calib_ranges *r)
{
    fprintf(out, "--cfg=network/latency-factor:");
    for (int i = 0; i < r->n; i++)
        fprintf(out, "%s%ld:%.9g", i ? ";" : "", i ? r->first[i] - 1 : 0,
                r->line[i].a / REF_LATENCY);
    fprintf(out, "\n--cfg=network/bandwidth-factor:");
    for (int i = 0; i < r->n; i++)
        fprintf(out, "%s%ld:%.9g", i ? ";" : "", i ? r->first[i] - 1 : 0,
                r->line[i].b > 0 ? 1.0 / r->line[i].b / REF_BANDWIDTH : FLAT_BANDWIDTH_FACTOR);
    fputc('\n', out);
}

void calib_smpi(const struct calib_opts *o, FILE *out)
{
    struct fit f;
    struct calib_ranges *overheads[2] = { &f.os, &f.orr };
    struct calib_ranges *net[1] = { &f.net };
    const long no_shift[2] = { 0, 0 };
    const long wire_shift[1] = { ENVELOPE };
    struct calib_samples s = { 0 };
    struct calib_series v;
    int n;
    long *sizes = calib_sweep_of(o, &n);

    calib_run_sweep(o, "smpi", NULL, sizes, n, "SMPI, sizes 1 to max", &s);
    series_below(&s, "os", DETACHED, &v);
    calib_ranges_detect(&v, 1e6, &f.os);
    calib_series_free(&v);
    series_below(&s, "or", DETACHED, &v);
    calib_ranges_detect(&v, 1e6, &f.orr);
    calib_series_free(&v);
    calib_refine(o, "smpi", NULL, overheads, no_shift, 2, update_overheads, &f,
                 "SMPI, overhead boundaries", &s);
    series_below(&s, "os", DETACHED, &v);
    calib_ranges_usable(&v, &f.os);
    calib_series_free(&v);
    series_below(&s, "or", DETACHED, &v);
    calib_ranges_usable(&v, &f.orr);
    calib_series_free(&v);
    calib_smpi_net_series(&s, &f.os, &f.orr, &v);
    calib_ranges_detect(&v, 1e6, &f.net);
    calib_series_free(&v);
    calib_refine(o, "smpi", NULL, net, wire_shift, 1, update_net, &f, "SMPI, network boundaries",
                 &s);
    calib_smpi_net_series(&s, &f.os, &f.orr, &v);
    calib_ranges_usable(&v, &f.net);
    calib_series_free(&v);

    fprintf(stderr,
            "smpicalibrate: SMPI fit on %d sizes, medians of %d samples; error: RMS "
            "deviation of the medians from the range's line over their mean\n",
            n, o->reps);
    report("os", &f.os, 0);
    report("or", &f.orr, 0);
    report("net", &f.net, ENVELOPE);
    fprintf(out, "--cfg=network/model:SMPI\n");
    write_factors(out, &f.net);
    write_cost(out, "smpi/os", &f.os);
    write_cost(out, "smpi/or", &f.orr);
    calib_samples_free(&s);
    free(sizes);
}
