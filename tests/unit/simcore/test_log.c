/* Logging tests: SimGrid's layout, thresholds through the category hierarchy, and the --log=
 * items SMPI accepts (thres, fmt, app, additivity, no_loc), with their errors. Outside the
 * engine every line comes from maestro at time 0. */
#include <criterion/criterion.h>
#include <criterion/redirect.h>

#include "simcore/simcore.h"

SIM_LOG_CATEGORY(cat_lmm, "sim.lmm");
SIM_LOG_CATEGORY(cat_coll, "coll");
SIM_LOG_SUBCATEGORY(cat_mpi, "smpi_mpi", "smpi");
SIM_LOG_SUBCATEGORY(cat_replay, "smpi_replay", "smpi");

static void redirect(void)
{
    cr_redirect_stderr();
    cr_redirect_stdout();
    sim_log_reset();
}

Test(log, default_threshold_is_info_as_in_simgrid, .init = redirect)
{
    /* The root's threshold is info: debug and verbose lines are dropped; an info line has no
     * location, a warning has "file:line: " before its category (no_loc takes it away). */
    SIM_LOG(cat_lmm, SIM_LOG_DEBUG, "hidden %d", 1);
    SIM_LOG(cat_lmm, SIM_LOG_VERBOSE, "hidden %d", 2);
    SIM_LOG(cat_lmm, SIM_LOG_INFO, "shown %d", 3);
    sim_log_configure("no_loc");
    SIM_LOG(cat_coll, SIM_LOG_WARN, "shown %d", 4);
    SIM_LOG(cat_coll, SIM_LOG_CRITICAL, "shown %d", 5);
    fflush(stderr);
    cr_assert_stderr_eq_str("[0.000000] [sim.lmm/INFO] shown 3\n"
                            "[0.000000] [coll/WARNING] shown 4\n"
                            "[0.000000] [coll/CRITICAL] shown 5\n");
}

Test(log, location_precedes_the_category_below_info, .init = redirect)
{
    /* SimGrid's simple layout: "[time] file:line: [cat/PRIORITY] message" for a warning. */
    char expected[256];
    int line = __LINE__ + 1;
    SIM_LOG(cat_lmm, SIM_LOG_WARN, "careful");

    snprintf(expected, sizeof(expected), "[0.000000] %s:%d: [sim.lmm/WARNING] careful\n", __FILE__,
             line);
    fflush(stderr);
    cr_assert_stderr_eq_str(expected);
}

Test(log, parents_pass_their_threshold_to_children, .init = redirect)
{
    /* smpi.thres:verbose reaches smpi_mpi (declared parent) and sim.thres:debug reaches sim.lmm
     * (dotted prefix); a child's own setting wins over its parent's, whatever their order. */
    sim_log_configure("no_loc smpi_mpi.thres:error smpi.thres:verbose sim.thres:debug");
    SIM_LOG(cat_replay, SIM_LOG_VERBOSE, "a");
    SIM_LOG(cat_mpi, SIM_LOG_WARN, "hidden");
    SIM_LOG(cat_mpi, SIM_LOG_ERROR, "b");
    SIM_LOG(cat_lmm, SIM_LOG_DEBUG, "c");
    SIM_LOG(cat_coll, SIM_LOG_VERBOSE, "hidden");
    fflush(stderr);
    cr_assert_stderr_eq_str("[0.000000] [smpi_replay/VERBOSE] a\n"
                            "[0.000000] [smpi_mpi/ERROR] b\n"
                            "[0.000000] [sim.lmm/DEBUG] c\n");
}

Test(log, threshold_items_take_every_spelling_smpi_accepts, .init = redirect)
{
    /* .thres, .thresh, .threshold, an empty option ("cat.:level"), "cat:level", '=' for ':',
     * levels in any case, commas between items; root and "all" name the root. */
    sim_log_configure("no_loc,smpi_replay.:debug");
    SIM_LOG(cat_replay, SIM_LOG_DEBUG, "1");
    sim_log_configure("smpi_replay.thresh=ERROR coll:verbose");
    SIM_LOG(cat_replay, SIM_LOG_WARN, "hidden");
    SIM_LOG(cat_coll, SIM_LOG_VERBOSE, "2");
    sim_log_configure("root.threshold:critical");
    SIM_LOG(cat_lmm, SIM_LOG_ERROR, "hidden");
    sim_log_configure("all.thres:trace");
    SIM_LOG(cat_lmm, SIM_LOG_TRACE, "3");
    fflush(stderr);
    cr_assert_stderr_eq_str("[0.000000] [smpi_replay/DEBUG] 1\n"
                            "[0.000000] [coll/VERBOSE] 2\n"
                            "[0.000000] [sim.lmm/TRACE] 3\n");
}

Test(log, format_layout_replaces_simgrid_sequences, .init = redirect)
{
    /* The formats of SimGrid's tests: maestro has pid 0, actor "maestro" and an empty host;
     * %10.6r pads the date, %c and %p name the category and priority, %.3m cuts the message. */
    char expected[256];
    int line;

    sim_log_configure("root.fmt:[%10.6r]%e(%i:%a@%h)%e%m%n");
    SIM_LOG(cat_coll, SIM_LOG_INFO, "[rank %d] -> %s", 0, "Tremblay");
    sim_log_configure("root.fmt:%c/%p:%.3m|%5L|%%%n");
    line = __LINE__ + 1;
    SIM_LOG(cat_coll, SIM_LOG_WARN, "abcdef");
    snprintf(expected, sizeof(expected),
             "[  0.000000] (0:maestro@) [rank 0] -> Tremblay\ncoll/WARNING:abc|%5d|%%\n", line);
    fflush(stderr);
    cr_assert_stderr_eq_str(expected);
}

Test(log, appender_and_additivity_choose_who_writes, .init = redirect)
{
    /* root.app:stdout moves the root's lines to stdout. A category given a format writes the
     * line itself, to stderr as SimGrid's default file appender does, and stops it there; with
     * additivity on, its parents write it too. */
    sim_log_configure("root.app:stdout smpi_mpi.fmt:mpi:%m%n");
    SIM_LOG(cat_mpi, SIM_LOG_INFO, "once");
    sim_log_configure("smpi_mpi.additivity:on");
    SIM_LOG(cat_mpi, SIM_LOG_INFO, "twice");
    fflush(stdout);
    fflush(stderr);
    cr_assert_stdout_eq_str("[0.000000] [smpi_mpi/INFO] twice\n");
    cr_assert_stderr_eq_str("mpi:once\nmpi:twice\n");
}

Test(log, enabled_reads_the_same_settings, .init = redirect)
{
    /* sim_log_is_enabled answers for categories declared outside simcore, by name and parent. */
    sim_log_configure("smpi.thres:debug my_test.thres:error");
    cr_assert(sim_log_is_enabled("smpi_io", "smpi", SIM_LOG_DEBUG));
    cr_assert(!sim_log_is_enabled("smpi_io", "smpi", SIM_LOG_TRACE));
    cr_assert(!sim_log_is_enabled("my_test", NULL, SIM_LOG_WARN));
    cr_assert(sim_log_is_enabled("other", NULL, SIM_LOG_INFO));
}

Test(log, bad_level_is_rejected_with_the_valid_ones, .init = redirect, .exit_code = 1)
{
    /* An unknown level exits with status 1 and lists the valid levels. */
    sim_log_configure("sim:loud");
}

Test(log, item_without_value_lists_the_valid_forms, .init = redirect, .exit_code = 1)
{
    sim_log_configure("smpi_mpi");
}

Test(log, unknown_layout_sequence_is_rejected, .init = redirect, .exit_code = 1)
{
    sim_log_configure("root.fmt:%m%Q");
}

Test(log, unknown_appender_is_rejected, .init = redirect, .exit_code = 1)
{
    sim_log_configure("root.app:printer");
}
