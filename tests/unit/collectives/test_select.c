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
#define NC COLL_WHEN_NONCOMMUTATIVE
#define POW2 COLL_WHEN_POW2
#define EVEN COLL_WHEN_EVEN

/* A table shaped like Open MPI's decision trees, plus the optional bounds. */
static const struct coll_rule table[] = {
    { .when = NC, .ranks_lt = ANY, .bytes_lt = ANY, .name = "nc" },               /* 0 */
    { .ranks_lt = 4, .bytes_lt = 1024, .name = "small-few" },                     /* 1 */
    { .ranks_lt = 4, .bytes_lt = ANY, .name = "big-few" },                        /* 2 */
    { .when = POW2 | EVEN, .ranks_lt = ANY, .bytes_lt = 2048, .name = "pow2" },   /* 3 */
    { .ranks_ge = 8, .ranks_lt = ANY, .bytes_lt = 4096, .name = "from-8" },       /* 4 */
    { .ranks_lt = ANY, .bytes_ge = 65536, .bytes_lt = ANY, .name = "above-64k" }, /* 5 */
    { .ranks_lt = ANY, .bytes_lt = ANY, .name = "rest" },                         /* 6 */
    { .name = NULL },
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

static const struct coll_rule good[] = {
    { .when = POW2, .ranks_lt = ANY, .bytes_lt = ANY, .name = "ompi_basic_linear" },
    { .ranks_lt = 4, .bytes_lt = ANY, .name = "mpich" },
    { .ranks_lt = ANY, .bytes_lt = 1, .name = COLL_NOTHING },
    { .ranks_lt = ANY, .bytes_lt = ANY, .name = "ompi_basic_linear" },
    { .name = NULL },
};

Test(select_rules, names_resolve_to_rows_selectors_or_nothing)
{
    /* An algorithm name gives the barrier table's row, a selector name the selector, and
     * COLL_NOTHING the row that sends nothing; the table passes the check, and a name that
     * is neither finds nothing. */
    struct coll_target t[4];

    coll__rules_check(good, "test", COLL_BARRIER);
    for (int i = 0; i < 4; i++)
        cr_assert(coll__target_find(&t[i], COLL_BARRIER, good[i].name), "%s", good[i].name);
    cr_assert_eq(t[0].algo, coll_find(COLL_BARRIER, "ompi_basic_linear"));
    cr_assert_null(t[0].sel);
    cr_assert_null(t[1].algo);
    cr_assert_not_null(t[1].sel);
    cr_assert_str_eq(t[1].sel->name, "mpich");
    cr_assert_eq(t[2].algo, &coll__nothing);
    cr_assert_eq(t[3].algo, t[0].algo);
    cr_assert(!coll__target_find(&t[0], COLL_BARRIER, "binomial_tree"));
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
    static const struct coll_rule bad[] = {
        { .ranks_lt = 4, .bytes_lt = ANY, .name = "ompi_basic_linear" },
        { .ranks_lt = ANY, .bytes_lt = ANY, .name = "ompi_basic_lienar" },
        { .name = NULL },
    };

    coll__rules_check(bad, "mpich", COLL_BARRIER);
}

static void resolve_without_catch_all(void)
{
    static const struct coll_rule bad[] = {
        { .ranks_lt = 4, .bytes_lt = ANY, .name = "ompi_basic_linear" },
        { .when = POW2, .ranks_lt = ANY, .bytes_lt = ANY, .name = "ompi_basic_linear" },
        { .name = NULL },
    };

    coll__rules_check(bad, "ompi", COLL_BARRIER);
}

static void resolve_wrong_collective(void)
{
    /* binomial_tree is a bcast algorithm, not a barrier one */
    coll__target_check("impi", COLL_BARRIER, "binomial_tree");
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

Test(select_rules, every_selector_names_only_existing_algorithms)
{
    /* coll_init checks every table of every selector (default, ompi, mpich, mvapich2, impi):
     * with the algorithm tables complete, no name is unknown. */
    static const char *const names[] = { "default", "ompi", "mpich", "mvapich2", "impi" };

    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        coll_init(names[i], NULL, "error");
}
