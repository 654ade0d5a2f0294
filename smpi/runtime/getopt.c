/* getopt: getopt, getopt_long and getopt_long_only with their state per rank, as SMPI keeps it
 * (its smpi_getopt*, which smpi_helpers.h substitutes for the libc calls). All ranks share one
 * libc, whose optind, optarg, opterr and optopt the engine makes the running rank's at every
 * switch (smpi__getopt_activate), and whose hidden scanning state (the rest of "-abc", the
 * non-options moved aside) is replaced here by each rank's own. The parsing reproduces glibc's:
 * argument permutation, '+' and '-' at the head of the option string or POSIXLY_CORRECT, ':'
 * for silent errors, optional arguments, abbreviations, -W foo, and glibc's messages. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "smpi/internal.h"

enum ordering {
    REQUIRE_ORDER,   /* stop at the first non-option ('+' or POSIXLY_CORRECT) */
    PERMUTE,         /* move the non-options after the options (the default) */
    RETURN_IN_ORDER, /* return each non-option as the argument of option 1 ('-') */
};

/* One call's parameters. */
struct scan {
    int argc;
    char **argv;
    const char *opts; /* without its leading '+' or '-' */
    const struct option *longopts;
    int *longind;
    bool long_only;
    bool print_errors;
};

/* The rank whose values libc's optind, optarg, opterr and optopt hold, or -1. */
static int loaded_rank = -1;

/* Ranks whose saved values (struct smpi_getopt) differ from a rank's that never called getopt.
 * While there are none and libc holds those values too, a switch has nothing to save or load:
 * a program that parses no options costs its switches no read of the ranks' state. */
static int saved_nondefault;

static bool libc_is_default(void)
{
    return optind == 1 && optarg == NULL && opterr == 1 && optopt == '?';
}

void smpi__getopt_init(struct smpi_getopt *g)
{
    memset(g, 0, sizeof(*g));
    g->optind = 1;
    g->opterr = 1;
    g->optopt = '?';
}

void smpi__getopt_activate(int rank)
{
    struct smpi_getopt *g;

    if (rank == loaded_rank)
        return;
    if (saved_nondefault == 0 && libc_is_default()) {
        /* The leaving rank's saved values are libc's already, and the coming one's too. */
        loaded_rank = rank;
        return;
    }
    if (loaded_rank >= 0) {
        bool nondefault = !libc_is_default();

        g = &smpi__rt.procs[loaded_rank].getopt;
        g->optind = optind;
        g->optarg = optarg;
        g->opterr = opterr;
        g->optopt = optopt;
        saved_nondefault += (int)nondefault - (int)g->nondefault;
        g->nondefault = nondefault;
    }
    g = &smpi__rt.procs[rank].getopt;
    optind = g->optind;
    optarg = g->optarg;
    opterr = g->opterr;
    optopt = g->optopt;
    loaded_rank = rank;
}

/* Reverses argv[lo..hi). */
static void reverse(char **argv, int lo, int hi)
{
    while (lo < --hi) {
        char *t = argv[lo];

        argv[lo++] = argv[hi];
        argv[hi] = t;
    }
}

/* The non-options skipped so far, argv[first_nonopt..last_nonopt), move after the options
 * scanned since, argv[last_nonopt..optind), each block keeping its order. */
static void move_nonoptions(struct smpi_getopt *g, char **argv)
{
    reverse(argv, g->first_nonopt, g->last_nonopt);
    reverse(argv, g->last_nonopt, optind);
    reverse(argv, g->first_nonopt, optind);
    g->first_nonopt += optind - g->last_nonopt;
    g->last_nonopt = optind;
}

/* First call, or optind set to 0 by the program: starts a new scan. Returns the option string
 * without its ordering character. */
static const char *start_scan(struct smpi_getopt *g, const char *opts)
{
    if (optind == 0)
        optind = 1;
    g->first_nonopt = g->last_nonopt = optind;
    g->nextchar = NULL;
    if (opts[0] == '-') {
        g->ordering = RETURN_IN_ORDER;
        opts++;
    } else if (opts[0] == '+') {
        g->ordering = REQUIRE_ORDER;
        opts++;
    } else {
        g->ordering = getenv("POSIXLY_CORRECT") ? REQUIRE_ORDER : PERMUTE;
    }
    g->initialized = true;
    return opts;
}

static bool is_nonoption(const char *arg)
{
    return arg[0] != '-' || arg[1] == '\0';
}

/* Whether two long options mean the same thing (then an abbreviation of both is not
 * ambiguous, except under getopt_long_only). */
static bool same_meaning(const struct option *a, const struct option *b)
{
    return a->has_arg == b->has_arg && a->flag == b->flag && a->val == b->val;
}

/* The long option name[0..len) abbreviates, an exact match first; *ambiguous tells that a later
 * abbreviation names another meaning (any other one under long_only). Returns its index, or -1. */
static int find_long(const struct scan *s, bool long_only, const char *name, size_t len,
                     bool *ambiguous)
{
    int found = -1;

    *ambiguous = false;
    for (int i = 0; s->longopts[i].name; i++)
        if (strncmp(s->longopts[i].name, name, len) == 0 && strlen(s->longopts[i].name) == len)
            return i;
    for (int i = 0; s->longopts[i].name; i++) {
        if (strncmp(s->longopts[i].name, name, len) != 0)
            continue;
        if (found < 0)
            found = i;
        else if (long_only || !same_meaning(&s->longopts[found], &s->longopts[i]))
            *ambiguous = true;
    }
    return found;
}

/* glibc's list: the first abbreviation, then every later one that is ambiguous with it. */
static void report_ambiguous(const struct scan *s, bool long_only, struct smpi_getopt *g, int first,
                             const char *prefix)
{
    size_t len = strcspn(g->nextchar, "=");

    fprintf(stderr, "%s: option '%s%s' is ambiguous; possibilities:", s->argv[0], prefix,
            g->nextchar);
    for (int i = first; s->longopts[i].name; i++) {
        const struct option *o = &s->longopts[i];

        if (i == first || (strncmp(o->name, g->nextchar, len) == 0 &&
                           (long_only || !same_meaning(&s->longopts[first], o))))
            fprintf(stderr, " '%s%s'", prefix, o->name);
    }
    fprintf(stderr, "\n");
}

/* Takes the argument of a long option found at index i, whose name ended at `end`. */
static int take_long(const struct scan *s, int i, const char *end, const char *prefix)
{
    const struct option *o = &s->longopts[i];

    if (*end == '=') {
        if (!o->has_arg) {
            if (s->print_errors)
                fprintf(stderr, "%s: option '%s%s' doesn't allow an argument\n", s->argv[0], prefix,
                        o->name);
            optopt = o->val;
            return '?';
        }
        optarg = (char *)end + 1;
    } else if (o->has_arg == required_argument) {
        if (optind >= s->argc) {
            if (s->print_errors)
                fprintf(stderr, "%s: option '%s%s' requires an argument\n", s->argv[0], prefix,
                        o->name);
            optopt = o->val;
            return s->opts[0] == ':' ? ':' : '?';
        }
        optarg = s->argv[optind++];
    }
    if (s->longind)
        *s->longind = i;
    if (o->flag) {
        *o->flag = o->val;
        return 0;
    }
    return o->val;
}

/* The long option at nextchar (long_only: getopt_long_only's "-name"). Returns its value, '?'
 * (or ':') on an error, or -1 when getopt_long_only should read it as short options instead. */
static int long_option(const struct scan *s, bool long_only, struct smpi_getopt *g,
                       const char *prefix)
{
    size_t len = strcspn(g->nextchar, "=");
    const char *end = g->nextchar + len;
    bool ambiguous;
    int i = find_long(s, long_only, g->nextchar, len, &ambiguous);

    if (ambiguous) {
        if (s->print_errors)
            report_ambiguous(s, long_only, g, i, prefix);
        g->nextchar += strlen(g->nextchar);
        optind++;
        optopt = 0;
        return '?';
    }
    if (i < 0) {
        if (long_only && s->argv[optind][1] != '-' && strchr(s->opts, *g->nextchar))
            return -1;
        if (s->print_errors)
            fprintf(stderr, "%s: unrecognized option '%s%s'\n", s->argv[0], prefix, g->nextchar);
        g->nextchar = NULL;
        optind++;
        optopt = 0;
        return '?';
    }
    optind++;
    g->nextchar = NULL;
    return take_long(s, i, end, prefix);
}

/* The missing argument of short option c. */
static int missing_argument(const struct scan *s, int c)
{
    if (s->print_errors)
        fprintf(stderr, "%s: option requires an argument -- '%c'\n", s->argv[0], c);
    optopt = c;
    return s->opts[0] == ':' ? ':' : '?';
}

/* The next short option of the group at nextchar. */
static int short_option(const struct scan *s, struct smpi_getopt *g)
{
    char c = *g->nextchar++;
    const char *spec = strchr(s->opts, c);

    if (*g->nextchar == '\0')
        optind++;
    if (!spec || c == ':' || c == ';') {
        if (s->print_errors)
            fprintf(stderr, "%s: invalid option -- '%c'\n", s->argv[0], c);
        optopt = c;
        return '?';
    }
    if (spec[0] == 'W' && spec[1] == ';' && s->longopts) { /* -W foo is --foo */
        if (*g->nextchar == '\0' && optind == s->argc)
            return missing_argument(s, c);
        if (*g->nextchar == '\0')
            g->nextchar = s->argv[optind];
        return long_option(s, false, g, "-W ");
    }
    if (spec[1] != ':')
        return c;
    if (*g->nextchar != '\0') {
        optarg = g->nextchar;
        optind++;
    } else if (spec[2] != ':') {
        if (optind == s->argc) {
            g->nextchar = NULL;
            return missing_argument(s, c);
        }
        optarg = s->argv[optind++];
    }
    g->nextchar = NULL;
    return c;
}

/* Moves to the next element of argv: returns -1 at the end, 1 for a non-option under
 * RETURN_IN_ORDER, 0 when nextchar points at the options of the new element. */
static int next_element(const struct scan *s, struct smpi_getopt *g)
{
    if (g->last_nonopt > optind)
        g->last_nonopt = optind;
    if (g->first_nonopt > optind)
        g->first_nonopt = optind;
    if (g->ordering == PERMUTE) {
        if (g->first_nonopt != g->last_nonopt && g->last_nonopt != optind)
            move_nonoptions(g, s->argv);
        else if (g->last_nonopt != optind)
            g->first_nonopt = optind;
        while (optind < s->argc && is_nonoption(s->argv[optind]))
            optind++;
        g->last_nonopt = optind;
    }
    if (optind != s->argc && strcmp(s->argv[optind], "--") == 0) {
        optind++;
        if (g->first_nonopt != g->last_nonopt && g->last_nonopt != optind)
            move_nonoptions(g, s->argv);
        else if (g->first_nonopt == g->last_nonopt)
            g->first_nonopt = optind;
        g->last_nonopt = s->argc;
        optind = s->argc;
    }
    if (optind == s->argc) {
        if (g->first_nonopt != g->last_nonopt)
            optind = g->first_nonopt;
        return -1;
    }
    if (is_nonoption(s->argv[optind])) {
        if (g->ordering == REQUIRE_ORDER)
            return -1;
        optarg = s->argv[optind++];
        return 1;
    }
    return 0;
}

static int scan(struct scan *s, struct smpi_getopt *g, const char *opts)
{
    int rc;

    if (s->argc < 1)
        return -1;
    optarg = NULL;
    if (optind == 0 || !g->initialized)
        opts = start_scan(g, opts);
    else if (opts[0] == '-' || opts[0] == '+')
        opts++;
    s->opts = opts;
    s->print_errors = opterr && opts[0] != ':';
    if (g->nextchar && *g->nextchar)
        return short_option(s, g);
    rc = next_element(s, g);
    if (rc != 0)
        return rc;
    if (s->longopts) {
        const char *arg = s->argv[optind];

        if (arg[1] == '-') {
            g->nextchar = (char *)arg + 2;
            return long_option(s, s->long_only, g, "--");
        }
        if (s->long_only && (arg[2] || !strchr(opts, arg[1]))) {
            g->nextchar = (char *)arg + 1;
            rc = long_option(s, true, g, "-");
            if (rc != -1)
                return rc;
        }
    }
    g->nextchar = s->argv[optind] + 1;
    return short_option(s, g);
}

/* The calling rank's scanning state, or NULL outside a rank (maestro, or before the engine). */
static struct smpi_getopt *rank_state(void)
{
    struct smpi_process *p = smpi__self();

    return p ? &smpi__rt.procs[p->rank].getopt : NULL;
}

SMPI_API int smpi_getopt(int argc, char *const *argv, const char *optstring)
{
    struct smpi_getopt *g = rank_state();
    struct scan s = { .argc = argc, .argv = (char **)argv };

    if (!g)
        return getopt(argc, argv, optstring);
    return scan(&s, g, optstring);
}

SMPI_API int smpi_getopt_long(int argc, char *const *argv, const char *optstring,
                              const struct option *longopts, int *longind)
{
    struct smpi_getopt *g = rank_state();
    struct scan s = {
        .argc = argc, .argv = (char **)argv, .longopts = longopts, .longind = longind
    };

    if (!g)
        return getopt_long(argc, argv, optstring, longopts, longind);
    return scan(&s, g, optstring);
}

SMPI_API int smpi_getopt_long_only(int argc, char *const *argv, const char *optstring,
                                   const struct option *longopts, int *longind)
{
    struct smpi_getopt *g = rank_state();
    struct scan s = { .argc = argc,
                      .argv = (char **)argv,
                      .longopts = longopts,
                      .longind = longind,
                      .long_only = true };

    if (!g)
        return getopt_long_only(argc, argv, optstring, longopts, longind);
    return scan(&s, g, optstring);
}
