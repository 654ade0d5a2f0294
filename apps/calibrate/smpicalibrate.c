/* smpicalibrate: measures an MPI installation (or simmpi itself) with a probe program built by
 * the MPI compiler it is given and run by the launcher it is given, fits the parameters of one
 * network model, and writes them as smpirun arguments, one per line:
 *   smpicalibrate --mpicc CC --mpirun "LAUNCHER ARGS" --model LogGP|LMO|SMPI [--np N] [-o FILE]
 * This file reads the command line and writes FILE; the models are in calib_<model>.c. */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "apps/calibrate/calib.h"

static void usage(FILE *f)
{
    fputs("usage: smpicalibrate --mpicc CC --mpirun \"LAUNCHER ARGS\" --model LogGP|LMO|SMPI\n"
          "                     [--np N] [-o FILE] [--reps R] [--size BYTES] [--per-octave K]\n"
          "                     [--seed S]\n"
          "Builds a probe program with CC, runs it with LAUNCHER (both split on white space, no\n"
          "shell; -np N is added unless LAUNCHER has -np or -n), fits the model's parameters and\n"
          "writes them to FILE (default: standard output), one --cfg=NAME:VALUE per line, for\n"
          "`smpirun $(cat FILE) ...`.\n"
          "  --mpicc CC        MPI C compiler (default mpicc), e.g. smpicc\n"
          "  --mpirun LAUNCHER MPI launcher with its arguments (default mpirun), e.g.\n"
          "                    \"smpirun -platform p.xml --cfg=smpi/simulate-computation:no\"\n"
          "  --model NAME      LogGP: Netgauge's method (PRTT with n = 16, protocol ranges),\n"
          "                    network/loggp rows; LMO: the triplet method over N >= 3 processes,\n"
          "                    per-host lmo/C and lmo/t and per-pair rates in a platform file\n"
          "                    FILE-platform.xml beside FILE; SMPI: ping-pong, send and receive\n"
          "                    times over exponentially spaced sizes, piecewise regression, as\n"
          "                    network/latency-factor, network/bandwidth-factor, smpi/os, smpi/or\n"
          "  --np N            processes (default 2; 3 for LMO)\n"
          "  -o FILE           where the configuration goes\n"
          "  --reps R          samples per size and experiment; medians are used (default 9)\n"
          "  --size BYTES      largest size of the sweep (default 4194304 for SMPI, 1048576 for\n"
          "                    LogGP), or LMO's message size (default 32768)\n"
          "  --per-octave K    sizes drawn per doubling of the sweep (default 8)\n"
          "  --seed S          seed of the sizes' draw and order (default 1)\n"
          "A progress line goes to stderr while the probe runs, then the fit and its error per\n"
          "size range.\n",
          f);
}

static long parse_long(const char *opt, const char *v, long min, const char *expected)
{
    char *end;
    long x;

    errno = 0;
    x = strtol(v, &end, 10);
    if (errno || end == v || *end || x < min)
        calib_die("bad value '%s' for %s; expected %s", v, opt, expected);
    return x;
}

/* FILE's platform beside it: DIR/BASE-platform.xml, BASE without its last extension; the path
 * is absolute, so that FILE works from any folder. */
static char *platform_path(const char *out)
{
    char *dcopy = strdup(out ? out : "smpicalibrate");
    char *bcopy = strdup(out ? out : "smpicalibrate");
    char *dir = realpath(out ? dirname(dcopy) : ".", NULL);
    char *base = basename(bcopy);
    char *dot = strrchr(base, '.');
    char *path;

    if (!dir)
        calib_die("-o '%s': cannot resolve its folder: %s", out, strerror(errno));
    if (dot && dot != base)
        *dot = 0;
    if (asprintf(&path, "%s/%s-platform.xml", dir, base) < 0)
        calib_die("out of memory");
    free(dir);
    free(dcopy);
    free(bcopy);
    return path;
}

static void parse(int argc, char **argv, struct calib_opts *o)
{
    static const struct option longopts[] = {
        { "mpicc", required_argument, NULL, 'c' },
        { "mpirun", required_argument, NULL, 'r' },
        { "model", required_argument, NULL, 'm' },
        { "np", required_argument, NULL, 'n' },
        { "reps", required_argument, NULL, 'R' },
        { "size", required_argument, NULL, 's' },
        { "per-octave", required_argument, NULL, 'k' },
        { "seed", required_argument, NULL, 'S' },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 },
    };
    int c;

    opterr = 0;
    while ((c = getopt_long(argc, argv, ":o:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'c':
            o->mpicc = optarg;
            break;
        case 'r':
            o->mpirun = optarg;
            break;
        case 'm':
            o->model = optarg;
            break;
        case 'o':
            o->out = optarg;
            break;
        case 'n':
            o->np = (int)parse_long("--np", optarg, 2, "an integer of at least 2");
            break;
        case 'R':
            o->reps = (int)parse_long("--reps", optarg, 1, "a positive integer");
            break;
        case 's':
            o->size = parse_long("--size", optarg, 1, "a positive number of bytes");
            break;
        case 'k':
            o->per_octave = (int)parse_long("--per-octave", optarg, 1, "a positive integer");
            break;
        case 'S':
            o->seed = (unsigned long)parse_long("--seed", optarg, 0, "a non-negative integer");
            break;
        case 'h':
            usage(stdout);
            exit(0);
        case ':':
            calib_die("option %s needs a value (smpicalibrate --help)", argv[optind - 1]);
        default:
            calib_die("unknown option '%s'; valid: --mpicc, --mpirun, --model, --np, -o, --reps, "
                      "--size, --per-octave, --seed, --help",
                      argv[optind - 1]);
        }
    }
    if (optind < argc)
        calib_die("unexpected argument '%s' (smpicalibrate --help)", argv[optind]);
    if (!o->model)
        calib_die("--model is missing; expected LogGP, LMO or SMPI");
    if (!strcasecmp(o->model, "LogGP"))
        o->model = "LogGP";
    else if (!strcasecmp(o->model, "LMO"))
        o->model = "LMO";
    else if (!strcasecmp(o->model, "SMPI"))
        o->model = "SMPI";
    else
        calib_die("bad value '%s' for --model; expected LogGP, LMO or SMPI", o->model);
    if (!strcmp(o->model, "LMO") && o->np && o->np < 3)
        calib_die("bad value '%d' for --np with --model LMO; expected at least 3 (the triplet "
                  "method)",
                  o->np);
    if (!o->np)
        o->np = !strcmp(o->model, "LMO") ? 3 : 2;
    if (!o->size)
        o->size = !strcmp(o->model, "LMO") ? 32768 : !strcmp(o->model, "SMPI") ? 4194304 : 1048576;
}

int main(int argc, char **argv)
{
    struct calib_opts o = {
        .mpicc = "mpicc",
        .mpirun = "mpirun",
        .reps = 9,
        .per_octave = 8,
        .seed = 1,
    };
    FILE *out = stdout;
    char *platform = NULL;

    parse(argc, argv, &o);
    if (o.out) {
        out = fopen(o.out, "w");
        if (!out)
            calib_die("-o '%s': cannot write: %s", o.out, strerror(errno));
        calib_remove_on_failure(o.out);
    }
    calib_build_probe(&o);
    if (!strcmp(o.model, "SMPI")) {
        calib_smpi(&o, out);
    } else if (!strcmp(o.model, "LogGP")) {
        calib_loggp(&o, out);
    } else {
        platform = platform_path(o.out);
        calib_lmo(&o, out, platform);
    }
    if (fflush(out) != 0 || (out != stdout && fclose(out) != 0))
        calib_die("-o '%s': cannot write: %s", o.out ? o.out : "-", strerror(errno));
    if (o.out)
        fprintf(stderr, "smpicalibrate: wrote %s%s%s\n", o.out, platform ? " and " : "",
                platform ? platform : "");
    free(platform);
    return 0;
}
