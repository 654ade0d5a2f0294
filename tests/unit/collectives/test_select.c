/* Selector rule engine: first match wins, every condition of a row must hold, the catch-all
 * takes the rest, names resolve to algorithms or selectors, and bad tables die naming the
 * selector, the collective and the bad name. */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "collectives/internal.h"

#define ANY COLL_ANY

/* A table shaped like Open MPI's decision trees, plus the optional bounds. */
static struct coll_rule table[] = {
    /* when                      ranks< bytes<  name */
    { COLL_WHEN_NONCOMMUTATIVE, ANY, ANY, "nc" },           /* 0 */
    { 0, 4, 1024, "small-few" },                            /* 1 */
    { 0, 4, ANY, "big-few" },                               /* 2 */
    { COLL_WHEN_POW2 | COLL_WHEN_EVEN, ANY, 2048, "pow2" }, /* 3 */
    { 0, ANY, 4096, "from-8", .ranks_ge = 8 },              /* 4 */
    { 0, ANY, ANY, "above-64k", .bytes_ge = 65536 },        /* 5 */
    { 0, ANY, ANY, "rest" },                                /* 6 */
    { 0 },
};

static int row_of(int ranks, size_t bytes, unsigned flags)
{
    struct coll_facts f = { .ranks = ranks, .bytes = bytes, .flags = flags };

    return (int)(coll__rules_match(table, &f) - table);
}

Test(select_rules, the_first_matching_row_wins)
{
    /* 3 ranks, 100 bytes: rows 1 and 2 both hold size < 4, row 1 is first; 2000 bytes only
     * fits row 2. A non-commutative op takes row 0 whatever the size. */
    cr_assert_eq(row_of(3, 100, COLL_WHEN_COMMUTATIVE), 1);
    cr_assert_eq(row_of(3, 2000, COLL_WHEN_COMMUTATIVE), 2);
    cr_assert_eq(row_of(3, 100, COLL_WHEN_NONCOMMUTATIVE), 0);
    cr_assert_eq(row_of(1000, 1, COLL_WHEN_NONCOMMUTATIVE), 0);
}

Test(select_rules, bounds_are_half_open)
{
    /* ranks < 4 excludes 4; bytes < 1024 excludes 1024; ranks_ge 8 includes 8; bytes_ge 65536
     * includes 65536. */
    cr_assert_eq(row_of(4, 100, 0), 6);
    cr_assert_eq(row_of(3, 1023, 0), 1);
    cr_assert_eq(row_of(3, 1024, 0), 2);
    cr_assert_eq(row_of(7, 100, 0), 6);
    cr_assert_eq(row_of(8, 100, 0), 4);
    cr_assert_eq(row_of(8, 4096, 0), 6);
    cr_assert_eq(row_of(5, 65535, 0), 6);
    cr_assert_eq(row_of(5, 65536, 0), 5);
}

Test(select_rules, every_when_bit_of_a_row_must_hold)
{
    /* Row 3 wants both POW2 and EVEN: one of them is not enough; both (16 ranks) match. */
    cr_assert_eq(row_of(16, 100, COLL_WHEN_POW2), 4);
    cr_assert_eq(row_of(6, 100, COLL_WHEN_EVEN), 6);
    cr_assert_eq(row_of(16, 100, COLL_WHEN_POW2 | COLL_WHEN_EVEN), 3);
    cr_assert_eq(row_of(16, 100, COLL_WHEN_POW2 | COLL_WHEN_EVEN | COLL_WHEN_COMMUTATIVE), 3);
}

Test(select_rules, the_catch_all_takes_what_no_row_wants)
{
    /* Extreme sizes and flags all end on the last row. */
    cr_assert_eq(row_of(5, 4096, 0), 6);
    cr_assert_eq(row_of(1 << 30, 60000, COLL_WHEN_ODD | COLL_WHEN_DERIVED), 6);
    cr_assert_str_eq(table[row_of(6, 3000, ~0u & ~COLL_WHEN_NONCOMMUTATIVE)].name, "rest");
}

static struct coll_rule good[] = {
    { COLL_WHEN_POW2, ANY, ANY, "ompi_basic_linear" },
    { 0, 4, ANY, "mpich" },
    { 0, ANY, 1, COLL_NOTHING },
    { 0, ANY, ANY, "ompi_basic_linear" },
    { 0 },
};

Test(select_rules, names_resolve_to_rows_selectors_or_nothing)
{
    /* An algorithm name gives the barrier table's row, a selector name the selector, and
     * COLL_NOTHING the row that sends nothing. */
    coll__rules_resolve(good, "test", COLL_BARRIER);
    cr_assert_eq(good[0].to.algo, coll_find(COLL_BARRIER, "ompi_basic_linear"));
    cr_assert_null(good[0].to.sel);
    cr_assert_null(good[1].to.algo);
    cr_assert_not_null(good[1].to.sel);
    cr_assert_str_eq(good[1].to.sel->name, "mpich");
    cr_assert_eq(good[2].to.algo, &coll__nothing);
    cr_assert_eq(good[3].to.algo, good[0].to.algo);
}

/* Runs fn() in a child with stderr captured; returns its exit status, fills out. */
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

static void resolve_typo(void)
{
    static struct coll_rule bad[] = {
        { 0, 4, ANY, "ompi_basic_linear" },
        { 0, ANY, ANY, "ompi_basic_lienar" },
        { 0 },
    };

    coll__rules_resolve(bad, "mpich", COLL_BARRIER);
}

static void resolve_without_catch_all(void)
{
    static struct coll_rule bad[] = {
        { 0, 4, ANY, "ompi_basic_linear" },
        { COLL_WHEN_POW2, ANY, ANY, "ompi_basic_linear" },
        { 0 },
    };

    coll__rules_resolve(bad, "ompi", COLL_BARRIER);
}

static void resolve_wrong_collective(void)
{
    struct coll_target t;

    /* binomial_tree is a bcast algorithm, not a barrier one */
    coll__target_resolve(&t, "impi", COLL_BARRIER, "binomial_tree");
}

Test(select_rules, an_unknown_name_dies_naming_selector_collective_and_name)
{
    /* The message gives the selector owning the table, the collective, the bad name and the
     * valid ones, and the exit status is 1 (bad input, sim_die). */
    char out[4096];

    cr_assert_eq(run_captured(resolve_typo, out, sizeof(out)), 1);
    cr_assert(strstr(out, "selector 'mpich'"), "got: %s", out);
    cr_assert(strstr(out, "barrier algorithm 'ompi_basic_lienar'"), "got: %s", out);
    cr_assert(strstr(out, "ompi_basic_linear"), "got: %s", out);
    cr_assert_eq(run_captured(resolve_wrong_collective, out, sizeof(out)), 1);
    cr_assert(strstr(out, "selector 'impi'"), "got: %s", out);
    cr_assert(strstr(out, "barrier algorithm 'binomial_tree'"), "got: %s", out);
}

Test(select_rules, a_table_must_end_with_a_catch_all)
{
    /* A last row with conditions would leave calls without a choice: refused at start-up. */
    char out[4096];

    cr_assert_eq(run_captured(resolve_without_catch_all, out, sizeof(out)), 1);
    cr_assert(strstr(out, "selector 'ompi'"), "got: %s", out);
    cr_assert(strstr(out, "barrier rules must end with a catch-all"), "got: %s", out);
}

Test(select_rules, every_selector_resolves_all_its_names)
{
    /* coll_init resolves every table of every selector (default, ompi, mpich, mvapich2,
     * impi): with the algorithm tables complete, no name is unknown. */
    static const char *const names[] = { "default", "ompi", "mpich", "mvapich2", "impi" };

    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        coll_init(names[i], NULL, "error");
}
