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

#if !defined(BUILDDIR) || !defined(SRCDIR)
#error "BUILDDIR and SRCDIR must name the build and source trees"
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

/* Removes the platform file that an LMO output names ("-platform PATH"). */
static void remove_platform(const char *cfg)
{
    const char *p = strstr(cfg, "-platform ");
    char path[4096];

    if (!p)
        return;
    p += strlen("-platform ");
    snprintf(path, sizeof(path), "%.*s", (int)strcspn(p, "\n"), p);
    remove(path);
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

/* The row of a table "SIZE:V1:V2...;SIZE:..." of `fields` numbers per row that applies to
 * `size`: the last one whose SIZE is below it (`strict`) or not above it; false if none. */
static bool table_row(const char *table, int fields, bool strict, double size, double *row)
{
    const char *p = table;
    bool found = false;

    while (*p) {
        char *end = (char *)p;
        double v[5];

        for (int i = 0; i < fields; i++) {
            v[i] = strtod(p, &end);
            p = *end ? end + 1 : end;
        }
        if (v[0] < size || (!strict && v[0] == size)) {
            memcpy(row, v, (size_t)fields * sizeof(*v));
            found = true;
        }
    }
    return found;
}

/* SMPI's factor table "bound:factor;...": the factor of the last bound below size (1 below
 * the first). */
static double factor_at(const char *table, double size)
{
    double row[2];

    return table_row(table, 2, true, size, row) ? row[1] : 1;
}

/* SMPI's cost table "minsize:startup:perbyte;...": the segment with the largest minsize not
 * above size (0 below the first). */
static double cost_at(const char *table, double size)
{
    double row[3];

    return table_row(table, 3, false, size, row) ? row[1] + row[2] * size : 0;
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

/* The configuration a run wrote, on one line (smpirun arguments). */
static void one_line(const char *cfg, char *line, size_t size)
{
    snprintf(line, size, "%s", cfg);
    for (char *p = line; *p; p++)
        if (*p == '\n')
            *p = ' ';
}

static void recover_smpi(const char *lat, const char *bw, const char *os, const char *or_)
{
    char args[8192];
    char cfg[4096];
    char again[4096];
    char err[8192];
    char v[4096];

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
    /* smpirun $(cat FILE) takes what it wrote, and measuring that gives it again */
    one_line(cfg, v, sizeof(v));
    snprintf(args, sizeof(args), "--mpirun '%s %s' --model SMPI --reps 1", SMPIRUN, v);
    cr_assert_eq(run(args, again, sizeof(again), err, sizeof(err)), 0, "%s", err);
    cr_assert_str_eq(again, cfg);
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

static void compare_loggp(const char *got, const char *want, double size)
{
    double g[5];
    double w[5];

    /* the row whose MINSIZE is the largest not above the size (both tables start at 0) */
    cr_assert(table_row(got, 5, false, size, g), "%s has no row for %g bytes", got, size);
    cr_assert(table_row(want, 5, false, size, w));
    for (int i = 1; i < 5; i++)
        cr_assert(close_to(g[i], w[i]), "at %g bytes, parameter %d of L:o:g:G: %g, configured %g",
                  size, i, g[i], w[i]);
}

Test(recover, loggp_rows_come_back)
{
    /* Two protocols like Netgauge's Open MPI/openib (a change at 12289 bytes): L 5 then 6 us,
     * o 1 then 1.5 us, g 2 then 21.39 us, G 0.001 then 0.00103 us/B. Every size from 1 byte
     * to 1 MiB gets the configured row's four parameters back. */
    const char *want = "0:5e-6:1e-6:2e-6:1e-9;12289:6e-6:1.5e-6:21.39e-6:1.03e-9";
    char args[4096];
    char cfg[4096];
    char err[8192];
    char v[1024];

    snprintf(args, sizeof(args),
             "--mpirun '%s --cfg=network/model:LogGP --cfg=network/loggp:%s' --model LogGP "
             "--reps 1",
             SMPIRUN, want);
    cr_assert_eq(run(args, cfg, sizeof(cfg), err, sizeof(err)), 0, "%s", err);
    cr_assert(strstr(cfg, "--cfg=network/model:LogGP\n"), "%s", cfg);
    cr_assert(cfg_value(cfg, "network/loggp", v, sizeof(v)), "%s", cfg);
    for (double s = 1; s <= 1048576; s = s * 1.01 + 1)
        compare_loggp(v, want, s);
    for (double s = 12286; s <= 12291; s++)
        compare_loggp(v, want, s);
}

/* The value of a host's property or a link's bandwidth in the platform the tool wrote. */
static double platform_value(const char *xml, const char *element, const char *attr)
{
    const char *p = strstr(xml, element);

    cr_assert(p, "no %s in the platform", element);
    p = strstr(p, attr);
    cr_assert(p, "no %s after %s", attr, element);
    return strtod(p + strlen(attr), NULL);
}

/* Runs LMO's calibration on `platform` with np processes and compares the platform it writes
 * with C (us), t (us/B) and the pair rates (MB/s, row by row, i < j). */
static void recover_lmo(const char *platform, int np, const double *c, const double *t,
                        const double *rate)
{
    char args[8192];
    char cfg[4096];
    char again[4096];
    char err[8192];
    char line[4096];
    char xml[16384];
    char key[64];
    char *path;
    FILE *f;
    size_t n;
    int pair = 0;

    snprintf(args, sizeof(args),
             "--mpirun '%s --cfg=network/model:LMO -platform %s/tests/unit/calibrate/%s' "
             "--model LMO --np %d --reps 1",
             SMPIRUN, SRCDIR, platform, np);
    cr_assert_eq(run(args, cfg, sizeof(cfg), err, sizeof(err)), 0, "%s", err);
    cr_assert(strstr(cfg, "--cfg=network/model:LMO\n-platform /"), "%s", cfg);
    path = strstr(cfg, "-platform ") + strlen("-platform ");
    path[strcspn(path, "\n")] = 0;
    f = fopen(path, "r");
    cr_assert(f, "cannot read %s", path);
    n = fread(xml, 1, sizeof(xml) - 1, f);
    xml[n] = 0;
    fclose(f);
    for (int i = 0; i < np; i++) {
        snprintf(key, sizeof(key), "\"host-%d\"", i);
        cr_assert(close_to(platform_value(xml, key, "\"lmo/C\" value=\"") * 1e6, c[i]));
        cr_assert(close_to(platform_value(xml, key, "\"lmo/t\" value=\"") * 1e6, t[i]));
        for (int j = i + 1; j < np; j++) {
            snprintf(key, sizeof(key), "\"link-%d-%d\"", i, j);
            cr_assert(close_to(platform_value(xml, key, "bandwidth=\"") / 1e6, rate[pair++]));
        }
    }
    /* smpirun $(cat FILE) runs on the platform it wrote, and measuring that gives it again */
    path[strlen(path)] = '\n';
    one_line(cfg, line, sizeof(line));
    snprintf(args, sizeof(args), "--mpirun '%s %s' --model LMO --np %d --reps 1", SMPIRUN, line,
             np);
    cr_assert_eq(run(args, again, sizeof(again), err, sizeof(err)), 0, "%s", err);
    cr_assert(strstr(err, "largest relative error of the model on the one-to-two experiments "
                          "0.00%"),
              "%s", err);
    remove_platform(cfg);
    remove_platform(again);
}

Test(recover, lmo_parameters_of_O11_come_back)
{
    /* PAPERS.md O11: three processors, each parameter from the one triplet. */
    const double c[] = { 10, 20, 30 };
    const double t[] = { 0.002, 0.004, 0.001 };
    const double rate[] = { 100, 125, 200 };

    recover_lmo("lmo_o11.xml", 3, c, t, rate);
}

Test(recover, lmo_parameters_of_four_processors_come_back)
{
    /* Four processors: each C and t averaged over the three triplets that hold it. */
    const double c[] = { 5, 15, 25, 8 };
    const double t[] = { 0.001, 0.003, 0.002, 0.0005 };
    const double rate[] = { 1000, 500, 250, 2000, 800, 100 };

    recover_lmo("lmo_four.xml", 4, c, t, rate);
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
