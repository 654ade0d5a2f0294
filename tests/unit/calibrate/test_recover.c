/* smpicalibrate run inside simmpi: built with the tree's smpicc, run with its smpirun on a
 * configured model, it must give back the configured parameters (1% at most, compared as the
 * functions of the size they define); and its answers to bad input. Each run takes about a
 * second (one sample per size: simulated times do not vary). */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef BUILDDIR
#error "BUILDDIR must name the build tree"
#endif

#define TOOL BUILDDIR "/apps/calibrate/smpicalibrate"
#define SMPICC BUILDDIR "/smpi/smpicc"
#define SMPIRUN BUILDDIR "/smpi/smpirun --cfg=smpi/simulate-computation:no --cfg=smpi/wtime:0"

/* Runs the tool with `args` after --mpicc; returns its exit status, its output file's text
 * (NULL-terminated lines in *cfg, when out is true) and its stderr. */
static int run(const char *args, char *cfg, size_t cfg_size, char *err, size_t err_size)
{
    char out_path[] = "/tmp/calib-test-out-XXXXXX";
    char err_path[] = "/tmp/calib-test-err-XXXXXX";
    char *cmd;
    int status;
    FILE *f;
    size_t n;

    close(mkstemp(out_path));
    close(mkstemp(err_path));
    cr_assert(
        asprintf(&cmd, "%s --mpicc %s %s -o %s 2>%s", TOOL, SMPICC, args, out_path, err_path) > 0);
    status = system(cmd);
    free(cmd);
    f = fopen(out_path, "r");
    n = f ? fread(cfg, 1, cfg_size - 1, f) : 0;
    cfg[n] = 0;
    if (f)
        fclose(f);
    f = fopen(err_path, "r");
    n = f ? fread(err, 1, err_size - 1, f) : 0;
    err[n] = 0;
    if (f)
        fclose(f);
    remove(out_path);
    remove(err_path);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

/* The value of "--cfg=NAME:VALUE" in the tool's output, copied into v. */
static bool cfg_value(const char *cfg, const char *name, char *v, size_t size)
{
    char key[128];
    const char *p;
    size_t n;

    snprintf(key, sizeof(key), "--cfg=%s:", name);
    p = strstr(cfg, key);
    if (!p)
        return false;
    p += strlen(key);
    n = strcspn(p, "\n");
    if (n >= size)
        return false;
    memcpy(v, p, n);
    v[n] = 0;
    return true;
}

/* SMPI's factor table "bound:factor;...": the factor of the last bound below size (1 below
 * the first). */
static double factor_at(const char *table, double size)
{
    double f = 1;
    const char *p = table;

    while (*p) {
        char *end;
        double bound = strtod(p, &end);
        double value = strtod(end + 1, &end);

        if (bound < size)
            f = value;
        p = *end ? end + 1 : end;
    }
    return f;
}

/* SMPI's cost table "minsize:startup:perbyte;...": the segment with the largest minsize not
 * above size. */
static double cost_at(const char *table, double size)
{
    double c = 0;
    const char *p = table;

    while (*p) {
        char *end;
        double min = strtod(p, &end);
        double a = strtod(end + 1, &end);
        double b = strtod(end + 1, &end);

        while (*end && *end != ';')
            end++;
        if (min <= size)
            c = a + b * size;
        p = *end ? end + 1 : end;
    }
    return c;
}

static bool close_to(double got, double want)
{
    return fabs(got - want) <= 0.01 * fabs(want) + 1e-15;
}

/* Compares two tables at every size from 1 to `max` on a fine logarithmic grid and around
 * each bound of `want` (for factors, sizes on the wire: the payload plus 16 bytes). */
static void compare(double (*at)(const char *, double), const char *got, const char *want,
                    double lo, double max, const char *what)
{
    for (double s = lo; s <= max; s = s * 1.01 + 1)
        cr_assert(close_to(at(got, s), at(want, s)), "%s at %g: %g, configured %g", what, s,
                  at(got, s), at(want, s));
    for (const char *p = want; *p;) {
        char *end;
        double bound = strtod(p, &end);

        for (double s = bound - 1; s <= bound + 1; s++)
            if (s >= lo && s <= max)
                cr_assert(close_to(at(got, s), at(want, s)), "%s at %g: %g, configured %g", what, s,
                          at(got, s), at(want, s));
        p = strchr(p, ';');
        p = p ? p + 1 : "";
    }
}

static void recover_smpi(const char *lat, const char *bw, const char *os, const char *or_)
{
    char args[2048];
    char cfg[4096];
    char err[8192];
    char v[1024];

    snprintf(args, sizeof(args),
             "--mpirun '%s --cfg=network/latency-factor:%s --cfg=network/bandwidth-factor:%s "
             "--cfg=smpi/os:%s --cfg=smpi/or:%s' --model SMPI --reps 1",
             SMPIRUN, lat, bw, os, or_);
    cr_assert_eq(run(args, cfg, sizeof(cfg), err, sizeof(err)), 0, "%s", err);
    cr_assert(strstr(cfg, "--cfg=network/model:SMPI\n"));
    cr_assert(cfg_value(cfg, "network/latency-factor", v, sizeof(v)), "%s", cfg);
    compare(factor_at, v, lat, 17, 4194304 + 16, "latency factor");
    cr_assert(cfg_value(cfg, "network/bandwidth-factor", v, sizeof(v)), "%s", cfg);
    compare(factor_at, v, bw, 17, 4194304 + 16, "bandwidth factor");
    /* os and or are charged below smpi/send-is-detached-thresh (65536) only */
    cr_assert(cfg_value(cfg, "smpi/os", v, sizeof(v)), "%s", cfg);
    compare(cost_at, v, os, 1, 65535, "smpi/os");
    cr_assert(cfg_value(cfg, "smpi/or", v, sizeof(v)), "%s", cfg);
    compare(cost_at, v, or_, 1, 65535, "smpi/or");
}

Test(recover, smpi_model_defaults_come_back)
{
    /* SMPI 3.32's default factors (nine ranges from Stampede) and no overheads. */
    recover_smpi("0:2.01467;257:1.95341;732:1.9503;1426:1.61075;3484:1.88101;5776:2.18796;"
                 "9376:2.59299;15424:3.48845;65472:11.6436",
                 "0:0.812084;257:0.338112;732:0.341987;1426:0.608902;3484:0.77493;5776:1.08739;"
                 "9376:0.58729;15424:0.697866;65472:0.940694",
                 "0:0:0", "0:0:0");
}

Test(recover, smpi_model_overheads_and_factors_come_back)
{
    /* Three os ranges (1 us + 0.1 ns/B, 2 us + 0.5 ns/B from 1420 B, 3 us + 0.1 ns/B from
     * 32768 B), two or ranges, two factor ranges split at 8000 bytes on the wire. */
    recover_smpi("0:1.5;8000:2.5", "0:0.5;8000:0.9",
                 "0:1e-6:1e-10;1420:2e-6:5e-10;32768:3e-6:1e-10", "0:5e-7:2e-10;1420:1e-6:3e-10");
}

Test(recover, bad_input_is_one_message_and_status_1)
{
    /* An unknown model, a launcher that fails, one that does not exist, a simulator that
     * refuses its configuration, a compiler that fails, a bad count: each names the option and
     * its value. */
    char cfg[256];
    char err[8192];

    cr_assert_eq(run("--model LogPG", cfg, sizeof(cfg), err, sizeof(err)), 1);
    cr_assert(strstr(err, "bad value 'LogPG' for --model; expected LogGP, LMO or SMPI"), "%s", err);
    cr_assert_eq(run("--model SMPI --mpirun false", cfg, sizeof(cfg), err, sizeof(err)), 1);
    cr_assert(strstr(err, "--mpirun 'false': running the probe failed with exit status 1"), "%s",
              err);
    cr_assert_eq(
        run("--model SMPI --mpirun './no such launcher'", cfg, sizeof(cfg), err, sizeof(err)), 1);
    cr_assert(strstr(err, "--mpirun './no such launcher': cannot run './no'"), "%s", err);
    cr_assert_eq(run("--model SMPI --mpirun '" SMPIRUN " --cfg=smpi/or:x'", cfg, sizeof(cfg), err,
                     sizeof(err)),
                 1);
    cr_assert(strstr(err, "smpi/or"), "%s", err);
    cr_assert_eq(run("--model SMPI --mpicc false", cfg, sizeof(cfg), err, sizeof(err)), 1);
    cr_assert(strstr(err, "--mpicc 'false': compiling the probe failed with exit status 1"), "%s",
              err);
    cr_assert_eq(run("--model SMPI --reps 0", cfg, sizeof(cfg), err, sizeof(err)), 1);
    cr_assert(strstr(err, "bad value '0' for --reps; expected a positive integer"), "%s", err);
}
