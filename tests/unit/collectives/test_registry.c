/* Registry tests: every collective has algorithms with unique names, lookups work, bad names
 * and selectors die listing the valid ones, and -help-coll lists every algorithm. */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "collectives/collectives.h"
#include "collectives/internal.h"

static const char *force_bcast_typo(const char *kind)
{
    return strcmp(kind, "bcast") == 0 ? "binomial_tre" : "";
}

static const char *force_bcast_selector(const char *kind)
{
    return strcmp(kind, "bcast") == 0 ? "mpich" : "";
}

/* Runs fn() in a child with stderr captured; returns its exit status, fills out (NUL-ended). */
static int run_captured(void (*fn)(void), char *out, size_t len)
{
    int fds[2];
    int status;
    ssize_t n;
    size_t got = 0;
    pid_t pid;

    cr_assert_eq(pipe(fds), 0);
    pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        dup2(fds[1], 2);
        close(fds[0]);
        fn();
        _exit(0);
    }
    close(fds[1]);
    while (got + 1 < len && (n = read(fds[0], out + got, len - 1 - got)) > 0)
        got += (size_t)n;
    out[got] = '\0';
    close(fds[0]);
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void init_with_typo(void)
{
    coll_init("ompi", force_bcast_typo, "warn");
}

static void init_with_bad_selector(void)
{
    coll_init("openmpi", NULL, "warn");
}

static void init_with_bad_fallback(void)
{
    coll_init("ompi", NULL, "ignore");
}

Test(registry, every_collective_has_a_baseline_algorithm)
{
    /* Each of the 21 collectives has a first row that exists, runs, has help text and no
     * needs (the selectors fall back on it). */
    cr_assert_eq(COLL_NKINDS, 21);
    for (int k = 0; k < COLL_NKINDS; k++) {
        const struct coll_algo *al = coll_algos((enum coll_kind)k);

        cr_assert_not_null(al[0].name, "%s has no algorithm", coll_kind_name((enum coll_kind)k));
        cr_assert_not_null(al[0].run);
        cr_assert_eq(al[0].needs, 0, "baseline %s algorithm %s has needs",
                     coll_kind_name((enum coll_kind)k), al[0].name);
        for (; al->name; al++) {
            cr_assert_not_null(al->run, "%s has no function", al->name);
            cr_assert(al->help && al->help[0], "%s has no help", al->name);
        }
    }
}

Test(registry, algorithm_names_are_unique_within_a_collective)
{
    /* Two rows with one name would make the second unreachable by smpi/<collective>. */
    for (int k = 0; k < COLL_NKINDS; k++) {
        const struct coll_algo *t = coll_algos((enum coll_kind)k);

        for (int i = 0; t[i].name; i++)
            for (int j = i + 1; t[j].name; j++)
                cr_assert_str_neq(t[i].name, t[j].name, "%s lists %s twice",
                                  coll_kind_name((enum coll_kind)k), t[i].name);
    }
}

Test(registry, kinds_names_and_tags_are_consistent)
{
    /* Names round-trip through coll_kind_by_name, the option names are SMPI's, and each kind
     * has its own negative tag (so collective traffic never matches a user tag >= 0). */
    int tags[] = {
#define TAG_ROW(U, l, ...) COLL_TAG_##U,
        COLL_KINDS(TAG_ROW)
#undef TAG_ROW
    };

    for (int k = 0; k < COLL_NKINDS; k++) {
        cr_assert_eq(coll_kind_by_name(coll_kind_name((enum coll_kind)k)), k);
        cr_assert_lt(tags[k], 0);
        for (int j = 0; j < k; j++)
            cr_assert_neq(tags[j], tags[k]);
    }
    cr_assert_str_eq(coll_kind_name(COLL_REDUCE_SCATTER), "reduce_scatter");
    cr_assert_str_eq(coll_kind_name(COLL_BCAST), "bcast");
    cr_assert_eq(coll_kind_by_name("bcats"), -1);
}

Test(registry, descriptors_follow_the_rows_of_coll_kinds)
{
    /* Every kind has its descriptor: its name, a form, flags that fit it. */
    for (int k = 0; k < COLL_NKINDS; k++) {
        const struct coll_desc *d = &coll_descs[k];
        bool rooted = d->form == COLL_FORM_BCAST || d->form == COLL_FORM_REDUCE ||
                      d->form == COLL_FORM_GATHER || d->form == COLL_FORM_SCATTER;
        bool neighbor =
            d->form == COLL_FORM_NEIGHBOR_ALLGATHER || d->form == COLL_FORM_NEIGHBOR_ALLTOALL;

        cr_assert_str_eq(d->name, coll_kind_name((enum coll_kind)k));
        cr_assert((unsigned)d->form < COLL_NFORMS, "%s: form %d", d->name, (int)d->form);
        cr_assert_eq(!!(d->flags & COLL_ROOTED), rooted, "%s: COLL_ROOTED", d->name);
        cr_assert(!(d->flags & COLL_W) || (d->flags & COLL_V), "%s: COLL_W without COLL_V",
                  d->name);
        cr_assert(!neighbor || (d->flags & COLL_INTRA), "%s: neighbourhood but not COLL_INTRA",
                  d->name);
        cr_assert_eq(d->ti == NULL, neighbor, "%s: TI action", d->name);
    }
    /* the facts the MPI layer relies on */
    cr_assert_eq(coll_descs[COLL_ALLTOALLW].flags & (COLL_V | COLL_W), COLL_V | COLL_W);
    cr_assert_str_eq(coll_descs[COLL_ALLTOALLW].ti, "alltoallv"); /* as SMPI 3.32 writes it */
    cr_assert_str_eq(coll_descs[COLL_REDUCE_SCATTER].ti, "reducescatter");
    cr_assert(coll_descs[COLL_SCAN].flags & COLL_OP);
    cr_assert(coll_descs[COLL_EXSCAN].flags & COLL_INTRA);
    cr_assert(!(coll_descs[COLL_ALLREDUCE].flags & COLL_INTRA));
    cr_assert_eq(coll_descs[COLL_SCATTERV].form, COLL_FORM_SCATTER);
}

Test(registry, find_returns_each_row_and_null_for_unknown_names)
{
    /* coll_find gives back the very row of the table; unknown names give NULL. */
    for (int k = 0; k < COLL_NKINDS; k++)
        for (const struct coll_algo *al = coll_algos((enum coll_kind)k); al->name; al++)
            cr_assert_eq(coll_find((enum coll_kind)k, al->name), al);
    cr_assert_not_null(coll_find(COLL_BCAST, "binomial_tree"));
    cr_assert_not_null(coll_find(COLL_ALLREDUCE, "rdb"));
    cr_assert_null(coll_find(COLL_BCAST, "binomial_tre"));
    cr_assert_null(coll_find(COLL_BCAST, ""));
}

Test(registry, unknown_forced_algorithm_exits_with_status_1, .exit_code = 1,
     .init = cr_redirect_stderr)
{
    /* smpi/bcast:binomial_tre is bad input to the simulator: sim_die, exit status 1. */
    coll_init("ompi", force_bcast_typo, "warn");
}

Test(registry, unknown_forced_algorithm_message_lists_the_valid_names)
{
    /* The message names the collective, the bad value, every valid bcast algorithm and
     * the selectors, and points at --help-coll. */
    char out[4096];
    int status = run_captured(init_with_typo, out, sizeof(out));

    cr_assert_eq(status, 1);
    cr_assert(strstr(out, "unknown bcast algorithm 'binomial_tre'"), "got: %s", out);
    for (const struct coll_algo *al = coll_algos(COLL_BCAST); al->name; al++)
        cr_assert(strstr(out, al->name), "%s missing from: %s", al->name, out);
    cr_assert(strstr(out, "ompi") && strstr(out, "mpich"), "got: %s", out);
    cr_assert(strstr(out, "help-coll"), "got: %s", out);
}

Test(registry, unknown_selector_or_fallback_dies_listing_the_valid_ones)
{
    /* smpi/coll-selector:openmpi and smpi/coll-fallback:ignore are rejected with the list. */
    char out[4096];

    cr_assert_eq(run_captured(init_with_bad_selector, out, sizeof(out)), 1);
    cr_assert(strstr(out, "unknown collective selector 'openmpi'"), "got: %s", out);
    cr_assert(strstr(out, "default, ompi, mpich, mvapich2, impi"), "got: %s", out);
    cr_assert_eq(run_captured(init_with_bad_fallback, out, sizeof(out)), 1);
    cr_assert(strstr(out, "error, warn, silent"), "got: %s", out);
}

Test(registry, selector_names_are_accepted_everywhere)
{
    /* The five selector names are valid for smpi/coll-selector, and as a per-collective value
     * (SMPI's smpi/bcast:mpich); empty values mean the defaults. */
    coll_init("ompi", NULL, "error");
    coll_init("mpich", NULL, "silent");
    coll_init("mvapich2", NULL, "silent");
    coll_init("impi", NULL, "silent");
    coll_init("default", force_bcast_selector, "warn");
    coll_init("", NULL, "");
    coll_init(NULL, NULL, NULL);
}

static int dummy_bcast(const struct coll_args *a)
{
    (void)a;
    return MPI_SUCCESS;
}

Test(registry, coll_init_resets_the_run_state)
{
    /* What a run leaves in coll__run (a forced selector, a fallback warning given, the globals
     * SMPI's mvapich2 selector set) is gone after the next coll_init, which
     * starts from SMPI's initial values: factors -1, 4, 4, -1, -1 and no function. The
     * report's counts go with coll_report_init(NULL). */
    coll_init("ompi", force_bcast_selector, "error");
    coll_report_init("-");
    cr_assert_not_null(coll__run.report);
    cr_assert_not_null(coll__run.forced_selector[COLL_BCAST]);
    coll__run.warned[COLL_BCAST] = true;
    coll__run.mv2.bcast = dummy_bcast;
    coll__run.mv2.reduce_intra_knomial_factor = 8;
    coll__run.mv2.inter_node_knomial_factor = 2;

    coll_init("mvapich2", NULL, "warn");
    coll_report_init(NULL);
    cr_assert_str_eq(coll__run.selector->name, "mvapich2");
    cr_assert_eq(coll__run.fallback, COLL_FALLBACK_WARN);
    cr_assert_null(coll__run.forced_selector[COLL_BCAST]);
    cr_assert(!coll__run.warned[COLL_BCAST]);
    cr_assert_null(coll__run.mv2.bcast);
    cr_assert_eq(coll__run.mv2.pipelined_zcpy_knomial_factor, -1);
    cr_assert_eq(coll__run.mv2.inter_node_knomial_factor, 4);
    cr_assert_eq(coll__run.mv2.intra_node_knomial_factor, 4);
    cr_assert_eq(coll__run.mv2.reduce_intra_knomial_factor, -1);
    cr_assert_eq(coll__run.mv2.reduce_inter_knomial_factor, -1);
    cr_assert_null(coll__run.report);
}

Test(registry, help_lists_every_collective_and_algorithm)
{
    /* smpirun -help-coll prints "  <collective>:" then one "    <algorithm> help" line per
     * row, and the needs of algorithms that have some. */
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);

    coll_print_help(f);
    fclose(f);
    for (int k = 0; k < COLL_NKINDS; k++) {
        char head[64];

        snprintf(head, sizeof(head), "\n  %s:\n", coll_kind_name((enum coll_kind)k));
        cr_assert(strstr(text, head), "%s missing", head);
        for (const struct coll_algo *al = coll_algos((enum coll_kind)k); al->name; al++) {
            char line[128];

            snprintf(line, sizeof(line), "\n    %s ", al->name);
            cr_assert(strstr(strstr(text, head), line), "%s/%s missing", head, al->name);
        }
    }
    cr_assert(strstr(text, "[needs: power-of-two size]"));
    free(text);
}
