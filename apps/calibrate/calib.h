/* calib.h: what the files of smpicalibrate share: the run's options, the probe's samples,
 * the fitting functions and the three models' calibrations. Private to apps/calibrate. */
#ifndef CALIB_H
#define CALIB_H

#include <stdbool.h>
#include <stdio.h>

#define CALIB_MAX_RANGES 32
#define CALIB_MAX_SIZES 4096 /* sizes of one probe run */
#define REFINE_ROUNDS 3      /* refining runs after a sweep */
#define REFINE_PER_GAP 32    /* sizes a refining run measures inside one boundary's gap */

/* The command line. */
struct calib_opts {
    const char *mpicc;  /* --mpicc, split on white space */
    const char *mpirun; /* --mpirun, split on white space */
    const char *model;  /* --model: LogGP, LMO or SMPI */
    const char *out;    /* -o FILE, NULL: standard output */
    int np;             /* --np, 0: the model's default */
    int reps;           /* --reps: samples per size and experiment */
    long size;          /* --size: largest size of a sweep, or LMO's message size */
    int per_octave;     /* --per-octave: sizes per doubling of a sweep */
    unsigned long seed; /* --seed: draws the sizes and their order */
};

/* One line of the probe: KIND, up to three integers, a time in seconds. */
struct calib_sample {
    char kind[8];
    long arg[3];
    double t;
};

struct calib_samples {
    struct calib_sample *v;
    int n;
    int cap;
};

/* y = a + b x */
struct calib_line {
    double a;
    double b;
};

/* A piecewise-linear fit of one series: range r holds the sizes from first[r] on; the largest
 * size measured below first[r] is below[r] (the boundary lies in (below[r], first[r]]). */
struct calib_ranges {
    int n;
    long first[CALIB_MAX_RANGES];
    long below[CALIB_MAX_RANGES];
    struct calib_line line[CALIB_MAX_RANGES];
    double err[CALIB_MAX_RANGES]; /* RMS deviation of the points from the line / mean |y| */
    int points[CALIB_MAX_RANGES];
    long last[CALIB_MAX_RANGES]; /* largest size measured in the range */
    bool flat[CALIB_MAX_RANGES]; /* the fit fell with the size: made flat by calib_ranges_usable */
};

/* A series: sizes x (increasing) and the median time y at each. */
struct calib_series {
    int n;
    double *x;
    double *y;
};

/* fit.c: least squares, Netgauge's protocol-change detection, refinement of boundaries. */
struct calib_line calib_fit_line(const double *x, const double *y, int n);
struct calib_line calib_fit_robust(const double *x, const double *y, int n);
double calib_lsq(const double *x, const double *y, int k, int l);
int calib_changes(const double *x, const double *y, int n, int lookahead, double pfact, double eps,
                  int *first, int max);
void calib_ranges_fit(const struct calib_series *s, struct calib_ranges *r);
void calib_ranges_detect(const struct calib_series *s, double scale, struct calib_ranges *r);
int calib_ranges_gaps(const struct calib_ranges *r, int per_gap, long *sizes, int max);
void calib_ranges_refine(const struct calib_series *s, struct calib_ranges *r);
int calib_ranges_find(const struct calib_ranges *r, double x);
void calib_ranges_usable(const struct calib_series *s, struct calib_ranges *r);
double calib_median(double *v, int n);

/* samples.c: the probe's lines, series of medians, size sweeps. */
void calib_samples_add(struct calib_samples *s, const char *line);
void calib_samples_free(struct calib_samples *s);
double calib_samples_median(const struct calib_samples *s, const char *kind, long a, long b,
                            long c);
void calib_series_of(const struct calib_samples *s, const char *kind, struct calib_series *out);
void calib_series_free(struct calib_series *s);
int calib_sweep(long max, int per_octave, unsigned long seed, long *sizes, int cap);
long *calib_sweep_of(const struct calib_opts *o, int *n);
void calib_shuffle(long *v, int n, unsigned long seed);
char *calib_size_list(const long *sizes, int n);

/* launch.c: the probe built with --mpicc and run with --mpirun. */
void calib_die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
void calib_remove_on_failure(const char *path);
void calib_build_probe(const struct calib_opts *o);
void calib_run_probe(const struct calib_opts *o, int np, char **args, const char *what,
                     struct calib_samples *out);
void calib_run_sweep(const struct calib_opts *o, const char *mode, const char *extra,
                     const long *sizes, int n, const char *what, struct calib_samples *s);
void calib_refine(const struct calib_opts *o, const char *mode, const char *extra,
                  struct calib_ranges **r, const long *shift, int n,
                  void (*update)(struct calib_samples *, void *), void *ctx, const char *what,
                  struct calib_samples *s);
const char *calib_workdir(void);

/* The three calibrations: each measures through the probe and writes FILE's lines to `out`
 * (the LMO platform goes to `platform`, named in `out`). */
void calib_smpi(const struct calib_opts *o, FILE *out);
void calib_loggp(const struct calib_opts *o, FILE *out);
void calib_lmo(const struct calib_opts *o, FILE *out, const char *platform);

/* Their fits, from samples (also used by the unit tests). */
struct calib_loggp_row {
    long minsize;
    double L;
    double o;
    double g;
    double G;
    double o_min;
    double o_max;
};

struct calib_lmo_fit {
    int n;
    double *c;    /* C_i, seconds */
    double *t;    /* t_i, seconds per byte */
    double *rate; /* beta_ij in bytes per second, n x n */
};

void calib_smpi_net_series(const struct calib_samples *s, const struct calib_ranges *os,
                           const struct calib_ranges *orr, struct calib_series *out);
void calib_loggp_gap_series(const struct calib_samples *s, struct calib_series *out);
void calib_loggp_row(const struct calib_samples *s, const struct calib_ranges *r, int i,
                     struct calib_loggp_row *row);
void calib_lmo_fit(const struct calib_samples *s, int n, long m, struct calib_lmo_fit *f);
void calib_lmo_fit_free(struct calib_lmo_fit *f);

#endif /* CALIB_H */
