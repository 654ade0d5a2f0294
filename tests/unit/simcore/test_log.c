/* Logging tests: thresholds from --log= specifications and category prefixes. */
#include <criterion/criterion.h>
#include <criterion/redirect.h>

#include "simcore/simcore.h"

SIM_LOG_CATEGORY(cat_lmm, "sim.lmm");
SIM_LOG_CATEGORY(cat_coll, "coll");

static void redirect(void)
{
    cr_redirect_stderr();
}

Test(log, default_threshold_shows_warnings_only, .init = redirect)
{
    /* Without --log, debug and info lines are dropped and a warning is printed. */
    sim_log_reset();
    SIM_LOG(cat_lmm, SIM_LOG_DEBUG, "hidden %d", 1);
    SIM_LOG(cat_lmm, SIM_LOG_INFO, "hidden %d", 2);
    SIM_LOG(cat_lmm, SIM_LOG_WARN, "shown %d", 3);
    fflush(stderr);
    cr_assert_stderr_eq_str("sim.lmm/warning: shown 3\n");
}

Test(log, prefix_rules_apply_to_subcategories, .init = redirect)
{
    /* --log=sim:debug lowers sim.lmm too but not coll; sim.thres syntax is accepted. */
    sim_log_reset();
    sim_log_configure("sim.thres:debug");
    SIM_LOG(cat_lmm, SIM_LOG_DEBUG, "a");
    SIM_LOG(cat_coll, SIM_LOG_DEBUG, "b");
    sim_log_configure("coll:verbose,sim.lmm:error");
    SIM_LOG(cat_lmm, SIM_LOG_WARN, "c");
    SIM_LOG(cat_coll, SIM_LOG_VERBOSE, "d");
    fflush(stderr);
    cr_assert_stderr_eq_str("sim.lmm/debug: a\ncoll/verbose: d\n");
}

Test(log, bad_level_is_rejected_with_the_valid_ones, .init = redirect, .exit_code = 1)
{
    /* An unknown level exits with status 1 and lists the valid levels. */
    sim_log_configure("sim:loud");
}
