/* env_getopt: getopt, getopt_long and getopt_long_only keep their state per rank, as in SMPI,
 * and behave as glibc's. Every rank scans seven argument vectors (grouped short options,
 * optional arguments, permutation, '+', '-' and ':' option strings, abbreviations, -W foo,
 * getopt_long_only, errors), starting at a rank-dependent one and sleeping a rank-dependent
 * simulated time after every call, so that the ranks' scans interleave; then every rank scans
 * the program's own arguments, with an MPI_Barrier after every call. Each result (return value,
 * optind, optarg, optopt, long index, final order of argv), read after the sleep or the
 * barrier, must equal what glibc's own getopt gives for the same vector, run before without
 * any switch. The error case prints glibc's messages under simmpi only (glibc's run is
 * silenced): the testlist checks them. */
#include <getopt.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mtest.h"

#define MAX_ARGS 16
#define MAX_STEPS 24

enum kind { SHORT, LONG, LONG_ONLY };

struct scase {
    enum kind kind;
    const char *opts;
    const char *args[MAX_ARGS]; /* NULL-terminated, args[0] is the program name */
};

/* What one call gave. */
struct step {
    int rc;
    int optind;
    char *optarg;
    int optopt;
    int longind;
};

static int flag;

static const struct option longopts[] = {
    { "name", required_argument, NULL, 'n' }, { "flag", no_argument, &flag, 1 },
    { "opt", optional_argument, NULL, 'o' },  { "verbose", no_argument, NULL, 'v' },
    { "version", no_argument, NULL, 'V' },    { NULL, 0, NULL, 0 },
};

static const struct scase cases[] = {
    { SHORT, "ab:c::d", { "prog", "-ab", "x", "file1", "-cq", "-c", "-d", "file2", "--", "-a" } },
    { LONG, "+ab:", { "prog", "-a", "stop", "-b", "y" } },
    { LONG, "-ab:", { "prog", "in1", "-a", "in2", "--name", "N", "--flag", "-bz" } },
    { LONG,
      "ab:W;",
      { "prog", "file", "--name=x", "--fl", "-W", "verbose", "--opt", "--opt=3", "-b", "z", "tail",
        "-Wversion" } },
    { LONG, ":ab:", { "prog", "-z", "--nope", "--name", "-a", "-b" } },
    { LONG_ONLY, "ab:", { "prog", "-name", "n1", "-a", "-flag", "-verb", "-ab", "q", "rest" } },
    { LONG, "ab", { "prog", "-z", "--nope", "--ver", "--flag=1", "x", "--name" } },
};
#define NCASES (int)(sizeof(cases) / sizeof(cases[0]))
/* The case whose errors are printed (opterr 1) under simmpi. */
#define NOISY_CASE 6

static int count_args(const char *const *args)
{
    int n = 0;

    while (n < MAX_ARGS && args[n])
        n++;
    return n;
}

/* glibc's call (the parentheses keep smpicc's macros from substituting smpi_getopt*). */
static int libc_call(enum kind k, int argc, char **argv, const char *opts, int *longind)
{
    if (k == SHORT)
        return (getopt)(argc, argv, opts);
    if (k == LONG)
        return (getopt_long)(argc, argv, opts, longopts, longind);
    return (getopt_long_only)(argc, argv, opts, longopts, longind);
}

static int rank_call(enum kind k, int argc, char **argv, const char *opts, int *longind)
{
    if (k == SHORT)
        return getopt(argc, argv, opts);
    if (k == LONG)
        return getopt_long(argc, argv, opts, longopts, longind);
    return getopt_long_only(argc, argv, opts, longopts, longind);
}

static struct step take_step(int rc, int longind)
{
    struct step s = {
        .rc = rc, .optind = optind, .optarg = optarg, .optopt = optopt, .longind = longind
    };

    return s;
}

/* glibc's scan of argv, silent, with no switch to another rank in between. Returns the
 * number of steps (the last one returned -1). */
static int reference(enum kind k, int argc, char **argv, const char *opts, struct step *out)
{
    int n = 0;
    int rc;

    optind = 0;
    opterr = 0;
    do {
        int longind = -1;

        rc = libc_call(k, argc, argv, opts, &longind);
        out[n++] = take_step(rc, longind);
    } while (rc != -1 && n < MAX_STEPS);
    return n;
}

static int compare(int rank, const char *what, const struct step *got, const struct step *want,
                   int i)
{
    return mtest_expect(got->rc == want->rc && got->optind == want->optind &&
                            got->optarg == want->optarg && got->optopt == want->optopt &&
                            got->longind == want->longind,
                        "rank %d, %s, call %d: rc %d optind %d optarg %s optopt %d longind %d; "
                        "glibc: rc %d optind %d optarg %s optopt %d longind %d",
                        rank, what, i, got->rc, got->optind, got->optarg ? got->optarg : "NULL",
                        got->optopt, got->longind, want->rc, want->optind,
                        want->optarg ? want->optarg : "NULL", want->optopt, want->longind);
}

/* One case: glibc's scan on one copy of the vector, then simmpi's on another, sleeping
 * `pause_us` after each call before reading the results. */
static int run_case(int rank, int c, int pause_us)
{
    const struct scase *sc = &cases[c];
    int argc = count_args(sc->args);
    char *ref_argv[MAX_ARGS + 1] = { NULL };
    char *argv[MAX_ARGS + 1] = { NULL };
    struct step want[MAX_STEPS];
    char what[32];
    int nwant;
    int errs = 0;
    int i = 0;
    int rc;

    for (int a = 0; a < argc; a++)
        ref_argv[a] = argv[a] = (char *)sc->args[a];
    nwant = reference(sc->kind, argc, ref_argv, sc->opts, want);
    snprintf(what, sizeof(what), "case %d", c);
    optind = 0;
    opterr = c == NOISY_CASE;
    do {
        int longind = -1;
        struct step got;

        rc = rank_call(sc->kind, argc, argv, sc->opts, &longind);
        usleep((useconds_t)pause_us);
        got = take_step(rc, longind);
        if (i < nwant)
            errs += compare(rank, what, &got, &want[i], i);
        i++;
    } while (rc != -1 && i < MAX_STEPS);
    errs += mtest_expect(i == nwant, "rank %d, %s: %d calls, glibc %d", rank, what, i, nwant);
    for (int a = 0; a < argc; a++)
        errs += mtest_expect(argv[a] == ref_argv[a], "rank %d, %s: argv[%d] is %s, glibc %s", rank,
                             what, a, argv[a], ref_argv[a]);
    return errs;
}

/* The program's own arguments, the same for all ranks, with a barrier after every call (the
 * ranks make the same number of calls). */
static int run_own_args(int rank, int argc, char **argv)
{
    char *ref_argv[MAX_ARGS + 1] = { NULL };
    char *mine[MAX_ARGS + 1] = { NULL };
    struct step want[MAX_STEPS];
    int nwant;
    int errs = 0;
    int i = 0;
    int rc;

    if (argc > MAX_ARGS)
        return mtest_expect(0, "more than %d arguments", MAX_ARGS);
    for (int a = 0; a < argc; a++)
        ref_argv[a] = mine[a] = argv[a];
    nwant = reference(LONG, argc, ref_argv, "ab:", want);
    optind = 0; /* a new scan (the ranks have scanned the cases) */
    opterr = 0;
    do {
        int longind = -1;
        struct step got;

        rc = getopt_long(argc, mine, "ab:", longopts, &longind);
        MPI_Barrier(MPI_COMM_WORLD);
        got = take_step(rc, longind);
        if (i < nwant)
            errs += compare(rank, "own arguments", &got, &want[i], i);
        i++;
    } while (rc != -1 && i < MAX_STEPS);
    errs += mtest_expect(i == nwant && nwant > 1, "rank %d, own arguments: %d calls, glibc %d",
                         rank, i, nwant);
    return errs;
}

int main(int argc, char **argv)
{
    int errs = 0;
    int rank;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    /* every rank starts with glibc's initial values */
    errs += mtest_expect(optind == 1 && opterr == 1 && optopt == '?',
                         "rank %d starts with optind %d, opterr %d, optopt %d", rank, optind,
                         opterr, optopt);
    for (int k = 0; k < NCASES; k++)
        errs += run_case(rank, (rank + k) % NCASES, 1 + 7 * rank + 3 * k);
    errs += run_own_args(rank, argc, argv);
    return mtest_finish(errs);
}
