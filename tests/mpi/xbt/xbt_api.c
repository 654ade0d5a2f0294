/* xbt_api: SimGrid's C API that SMPI programs call beside MPI, as smpicc's forced include
 * provides it: XBT log categories (a default one and a subcategory) printed in SimGrid's layout
 * and set by --log, the allocation helpers, the number parsers, xbt_assert, and the calling
 * rank's sg_actor calls (pid rank + 1, name its rank, sleeps in simulated time).
 *   xbt_api            checks, logs through root.app:stdout (testlist's outfile is the whole
 *                      expected stdout)
 *   xbt_api assert     a failed xbt_assert: [root/CRITICAL] line, then SIGABRT
 *   xbt_api parse      xbt_str_parse_int on "12x": the message, then SIGABRT */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include <simgrid/actor.h>
#include <xbt/str.h>

#include "mtest.h"

XBT_LOG_NEW_DEFAULT_CATEGORY(xbt_test, "the test's own messages");
XBT_LOG_NEW_SUBCATEGORY(xbt_test_sub, xbt_test, "a child of xbt_test");

int main(int argc, char **argv)
{
    int errs = 0;
    int rank;
    long pid = sg_actor_self_get_pid(); /* before MPI_Init, as SimGrid's coll tests call it */
    char *s;
    int *v;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (argc > 1 && strcmp(argv[1], "assert") == 0)
        xbt_assert(rank == 42, "rank %d is not %d", rank, 42);
    if (argc > 1 && strcmp(argv[1], "parse") == 0)
        xbt_str_parse_int("12x", "Cannot parse the count");
    errs += mtest_expect(pid == rank + 1, "sg_actor_self_get_pid() is %ld, not %d", pid, rank + 1);
    errs += mtest_expect(strcmp(sg_actor_self_get_name(), rank ? "1" : "0") == 0,
                         "sg_actor_self_get_name() is '%s'", sg_actor_self_get_name());
    errs += mtest_expect(sg_actor_self_get_ppid() == 0, "the parent of a rank is maestro");
    v = xbt_new0(int, 4);
    errs += mtest_expect(v[0] == 0 && v[3] == 0, "xbt_new0 clears");
    v = xbt_realloc(v, 1000 * sizeof(*v));
    v[999] = 7;
    s = xbt_strdup("copy");
    errs += mtest_expect(strcmp(s, "copy") == 0 && v[999] == 7, "xbt_strdup, xbt_realloc");
    xbt_free(s);
    xbt_free(v);
    errs += mtest_expect(xbt_str_parse_int("-12", "int") == -12, "xbt_str_parse_int");
    errs += mtest_expect(xbt_str_parse_double("2.5e3", "double") == 2500, "xbt_str_parse_double");
    xbt_assert(errs == 0);
    /* Rank r logs at r + 1 s: lines ordered by date, whatever the ranks' order. */
    sg_actor_sleep_for(rank + 1.0);
    errs += mtest_expect(fabs(MPI_Wtime() - (rank + 1.0)) < 1e-9, "slept to %g", MPI_Wtime());
    XBT_INFO("rank %d of pid %ld", rank, pid);
    XBT_DEBUG("hidden unless xbt_test is at debug");
    XBT_CDEBUG(xbt_test_sub, "the subcategory at debug");
    XBT_CVERB(xbt_test_sub, "the subcategory at verbose");
    if (XBT_LOG_ISENABLED(xbt_test, xbt_log_priority_verbose))
        XBT_WARN("xbt_test is at verbose too");
    MPI_Barrier(MPI_COMM_WORLD);
    return mtest_finish(errs);
}
