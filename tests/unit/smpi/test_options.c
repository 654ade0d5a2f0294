/* Option table tests: SimGrid defaults, model-dependent defaults, aliases and errors. */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "smpi/runtime/options.h"

static struct smpi_config cfg;

Test(options, defaults_match_simgrid)
{
    /* Under the default SMPI model: weight-S 8775, TCP-gamma 4194304, crosstraffic on,
     * detached threshold 65536, smpi/test 1e-4 s, host speed 20000 flop/s, 8 MiB stacks;
     * the latency factor of a 100-byte message is 2.01467 and of a 0-byte one 1. */
    smpi_options_defaults(&cfg);
    smpi_options_finish(&cfg);
    cr_assert_eq(cfg.sim.net_model, SIM_NET_SMPI);
    cr_assert_float_eq(cfg.sim.weight_s, 8775, 1e-12);
    cr_assert_float_eq(cfg.sim.tcp_gamma, 4194304, 1e-12);
    cr_assert(cfg.sim.crosstraffic);
    cr_assert_float_eq(cfg.send_is_detached_thresh, 65536, 1e-12);
    cr_assert_float_eq(cfg.test_time, 1e-4, 1e-18);
    cr_assert_float_eq(cfg.host_speed, 20000, 1e-12);
    cr_assert_eq(cfg.sim.stack_size, 8 << 20);
    cr_assert_float_eq(sim_factor_table_eval(&cfg.sim.lat_factor, 100), 2.01467, 1e-12);
    cr_assert_float_eq(sim_factor_table_eval(&cfg.sim.lat_factor, 0), 1.0, 1e-12);
    cr_assert_float_eq(sim_factor_table_eval(&cfg.sim.bw_factor, 65473), 0.940694, 1e-12);
    cr_assert_float_eq(sim_factor_table_eval(&cfg.sim.bw_factor, 65472), 0.697866, 1e-12);
    smpi_options_free(&cfg);
}

Test(options, model_defaults_yield_to_user_values)
{
    /* network/model:LV08 sets weight-S 20537 and factors 13.01 / 0.97, but an explicit
     * network/weight-S:100 given before the model still wins; raw disables crosstraffic. */
    smpi_options_defaults(&cfg);
    smpi_options_set(&cfg, "network/weight-S:100");
    smpi_options_set(&cfg, "network/model:LV08");
    smpi_options_finish(&cfg);
    cr_assert_float_eq(cfg.sim.weight_s, 100, 1e-12);
    cr_assert_float_eq(sim_factor_table_eval(&cfg.sim.lat_factor, 5), 13.01, 1e-12);
    cr_assert_float_eq(sim_factor_table_eval(&cfg.sim.bw_factor, 5), 0.97, 1e-12);
    smpi_options_free(&cfg);

    smpi_options_defaults(&cfg);
    smpi_options_set(&cfg, "network/model:raw");
    smpi_options_finish(&cfg);
    cr_assert(!cfg.sim.crosstraffic);
    cr_assert_float_eq(cfg.sim.tcp_gamma, 0, 1e-12);
    smpi_options_free(&cfg);
}

Test(options, aliases_and_units)
{
    /* smpi/lat-factor is network/latency-factor; sizes and times take units; smpi/os takes
     * piecewise-linear segments: 2000 bytes cost 1e-6 + 2000 * 1e-9 under "0:1e-6:1e-9". */
    smpi_options_defaults(&cfg);
    smpi_options_set(&cfg, "smpi/lat-factor:0:3;100:4");
    smpi_options_set(&cfg, "contexts/stack-size:1MiB");
    smpi_options_set(&cfg, "smpi/wtime:10ns");
    smpi_options_set(&cfg, "smpi/os:0:1e-6:1e-9;1500:5e-6:0");
    smpi_options_finish(&cfg);
    cr_assert_float_eq(sim_factor_table_eval(&cfg.sim.lat_factor, 50), 3.0, 1e-12);
    cr_assert_float_eq(sim_factor_table_eval(&cfg.sim.lat_factor, 101), 4.0, 1e-12);
    cr_assert_eq(cfg.sim.stack_size, 1048576);
    cr_assert_float_eq(cfg.wtime, 1e-8, 1e-20);
    cr_assert_float_eq(smpi_cost_eval(&cfg.os, 1000), 1e-6 + 1000 * 1e-9, 1e-18);
    cr_assert_float_eq(smpi_cost_eval(&cfg.os, 2000), 5e-6, 1e-18);
    smpi_options_free(&cfg);
}

Test(options, bare_stack_and_guard_sizes_are_simgrid_units)
{
    /* SimGrid 3.32: contexts/stack-size is KiB, contexts/guard-size pages; units still work. */
    smpi_options_defaults(&cfg);
    smpi_options_set(&cfg, "contexts/stack-size:256");
    smpi_options_set(&cfg, "contexts/guard-size:2");
    smpi_options_finish(&cfg);
    cr_assert_eq(cfg.sim.stack_size, 256 * 1024);
    cr_assert_eq(cfg.sim.guard_size, 2 * (size_t)sysconf(_SC_PAGESIZE));
    smpi_options_free(&cfg);
    smpi_options_defaults(&cfg);
    smpi_options_set(&cfg, "contexts/stack-size:300000B");
    smpi_options_set(&cfg, "contexts/guard-size:0");
    smpi_options_finish(&cfg);
    cr_assert_eq(cfg.sim.stack_size, 300000);
    cr_assert_eq(cfg.sim.guard_size, 0);
    smpi_options_free(&cfg);
}

Test(options, per_collective_items_are_kept)
{
    /* smpi/bcast:binomial_tree is stored for the collectives module to validate. */
    smpi_options_defaults(&cfg);
    smpi_options_set(&cfg, "smpi/bcast:binomial_tree");
    cr_assert_str_eq(smpi_options_coll("bcast"), "binomial_tree");
    cr_assert_str_eq(smpi_options_coll("reduce"), "");
}

Test(options, file_names_may_be_long)
{
    /* File options (smpi/profile, smpi/coll-report, smpi/tmpdir) take paths up to 4095
     * characters, as deep build directories give (CI's was 90); names stay under 64. */
    char value[400], path[300];

    memset(path, 'd', sizeof(path) - 1);
    path[0] = '/';
    path[sizeof(path) - 1] = '\0';
    smpi_options_defaults(&cfg);
    snprintf(value, sizeof(value), "smpi/profile:%s", path);
    smpi_options_set(&cfg, value);
    snprintf(value, sizeof(value), "smpi/coll-report:%s", path);
    smpi_options_set(&cfg, value);
    snprintf(value, sizeof(value), "smpi/tmpdir:%s", path);
    smpi_options_set(&cfg, value);
    cr_assert_str_eq(cfg.profile, path);
    cr_assert_str_eq(cfg.coll_report, path);
    cr_assert_str_eq(cfg.tmpdir, path);
    smpi_options_free(&cfg);
}

Test(options, long_names_are_refused, .init = cr_redirect_stderr, .exit_code = 1)
{
    /* A selector name of 64 characters or more exits 1 saying how long it may be. */
    char value[100] = "smpi/coll-selector:";

    memset(value + strlen(value), 'x', 70);
    smpi_options_defaults(&cfg);
    smpi_options_set(&cfg, value);
}

Test(options, bad_enum_lists_valid_values, .init = cr_redirect_stderr, .exit_code = 1)
{
    /* A wrong network model exits 1 listing SMPI, LV08, CM02, raw, Constant. */
    smpi_options_defaults(&cfg);
    smpi_options_set(&cfg, "network/model:LV09");
}

Test(options, unknown_name_exits_with_the_list, .init = cr_redirect_stderr, .exit_code = 1)
{
    /* An unknown option name exits 1. */
    smpi_options_defaults(&cfg);
    smpi_options_set(&cfg, "network/modle:SMPI");
}

/* The first line the item prints on stderr before exiting 1. */
static void first_error_line(const char *item, const char *file, char *buf, size_t size)
{
    FILE *f = tmpfile();
    int status;
    pid_t pid = fork();

    if (pid == 0) {
        dup2(fileno(f), 2);
        smpi_options_defaults(&cfg);
        if (file)
            smpi_options_set_at(&cfg, item, file, 7);
        else
            smpi_options_set(&cfg, item);
        _exit(0);
    }
    waitpid(pid, &status, 0);
    rewind(f);
    cr_assert(fgets(buf, (int)size, f) != NULL);
    cr_assert_eq(WEXITSTATUS(status), 1);
    fclose(f);
}

Test(options, messages_name_option_and_valid_values)
{
    /* The message printed for a bad enum value names the option, the value and the choices. */
    char buf[512];

    first_error_line("contexts/factory:fibers", NULL, buf, sizeof(buf));
    cr_assert_str_eq(buf, "simmpi: bad value 'fibers' for option contexts/factory; valid: raw, "
                          "ucontext, thread, boost\n");
}

Test(options, context_factories_are_simgrids)
{
    /* contexts/factory takes SimGrid's four names: raw (the default), ucontext, thread, and
     * boost, which is raw (both switch stacks in assembly). */
    smpi_options_defaults(&cfg);
    cr_assert_eq(cfg.sim.ctx_factory, SIM_CTX_RAW);
    smpi_options_set(&cfg, "contexts/factory:thread");
    cr_assert_eq(cfg.sim.ctx_factory, SIM_CTX_THREAD);
    smpi_options_set(&cfg, "contexts/factory:boost");
    cr_assert_eq(cfg.sim.ctx_factory, SIM_CTX_RAW);
    smpi_options_set(&cfg, "contexts/factory:ucontext");
    cr_assert_eq(cfg.sim.ctx_factory, SIM_CTX_UCONTEXT);
}

Test(options, folding_and_adjustment_items_keep_smpi_values)
{
    /* smpi/cpu-threshold keeps a negative value as given (SMPI 3.32 then injects every burst);
     * smpi/auto-shared-malloc-thresh takes sizes with units and is 0 (off) by default;
     * smpi/comp-adjustment-file is empty by default; the call-location items are booleans. */
    smpi_options_defaults(&cfg);
    cr_assert_float_eq(cfg.cpu_threshold, 1e-6, 1e-18);
    cr_assert_float_eq(cfg.auto_shared_malloc_thresh, 0, 1e-12);
    cr_assert_str_eq(cfg.comp_adjustment_file, "");
    cr_assert(!cfg.trace_call_location);
    smpi_options_set(&cfg, "smpi/cpu-threshold:-1");
    smpi_options_set(&cfg, "smpi/auto-shared-malloc-thresh:2MiB");
    smpi_options_set(&cfg, "smpi/trace-call-location:yes");
    smpi_options_set(&cfg, "smpi/trace-call-use-absolute-path:1");
    cr_assert_float_eq(cfg.cpu_threshold, -1, 1e-12);
    cr_assert_float_eq(cfg.auto_shared_malloc_thresh, 2 << 20, 1e-12);
    cr_assert(cfg.trace_call_location && cfg.trace_call_use_absolute_path);
    smpi_options_free(&cfg);
}

Test(options, plugins_activate_one_per_item_in_their_order)
{
    /* SimGrid's plugin option takes one name per item: link_energy then host_energy activate
     * both in that order (the order of their end-of-run totals); a repeated name and an empty
     * value change nothing. */
    smpi_options_defaults(&cfg);
    cr_assert_eq(cfg.sim.nplugins, 0);
    smpi_options_set(&cfg, "plugin:link_energy");
    smpi_options_set(&cfg, "plugin:");
    smpi_options_set(&cfg, "plugin:host_energy");
    smpi_options_set(&cfg, "plugin:link_energy");
    cr_assert_eq(cfg.sim.nplugins, 2);
    cr_assert_eq(cfg.sim.plugins[0], SIM_PLUGIN_LINK_ENERGY);
    cr_assert_eq(cfg.sim.plugins[1], SIM_PLUGIN_HOST_ENERGY);
    smpi_options_free(&cfg);
}

Test(options, what_the_command_line_set_is_known_under_every_name)
{
    /* A platform's <config> yields to the command line: precision/work-amount given as such is
     * set under its alias maxmin/precision too; smpi/bw-factor is not set until given. */
    smpi_options_defaults(&cfg);
    smpi_options_set(&cfg, "precision/work-amount:1e-6");
    cr_assert(smpi_options_is_set("maxmin/precision"));
    cr_assert(smpi_options_is_set("precision/work-amount"));
    cr_assert_not(smpi_options_is_set("smpi/bw-factor"));
    smpi_options_set(&cfg, "smpi/bw-factor:0.5");
    cr_assert(smpi_options_is_set("network/bandwidth-factor"));
    cr_assert_not(smpi_options_is_set("no/such-option"));
    smpi_options_free(&cfg);
}

Test(options, plugin_and_platform_config_errors_say_where_and_what_is_valid)
{
    /* A <config> prop's error names its file and line; an unknown plugin lists the valid ones,
     * and a SimGrid plugin simmpi does not provide says so. */
    char buf[512];

    first_error_line("plugin:dvfs", "p.xml", buf, sizeof(buf));
    cr_assert_str_eq(buf, "simmpi: p.xml:7: <config> bad value 'dvfs' for option plugin; valid: "
                          "host_energy, link_energy (one per --cfg=plugin: item; "
                          "--cfg=plugin:help lists them)\n");
    first_error_line("host/model:ptask_L07", "p.xml", buf, sizeof(buf));
    cr_assert_str_eq(buf, "simmpi: p.xml:7: <config> bad value 'ptask_L07' for option "
                          "host/model; valid: default, compound\n");
    first_error_line("plugin:host_load", NULL, buf, sizeof(buf));
    cr_assert_str_eq(buf, "simmpi: SimGrid's plugin 'host_load' is not provided by simmpi; valid: "
                          "host_energy, link_energy (one per --cfg=plugin: item)\n");
}

Test(options, per_message_models_take_their_tables)
{
    /* network/model:LogGP with a two-row network/loggp (sizes and times with units), the fan-in
     * overhead a:b:c in seconds, and an empty table, which unsets it again. */
    smpi_options_defaults(&cfg);
    cr_assert_float_eq(cfg.fanin.a + cfg.fanin.b + cfg.fanin.c, 0, 1e-18);
    smpi_options_set(&cfg, "network/model:LogGP");
    smpi_options_set(&cfg, "network/loggp:12KiB:5us:1us:2us:0.001us;0:1:2:3:4");
    smpi_options_set(&cfg, "smpi/fanin-overhead:49.3us:0.783us:0.157us");
    smpi_options_finish(&cfg);
    cr_assert_eq(cfg.sim.loggp.n, 2);
    cr_assert_float_eq(cfg.sim.loggp.row[1].minsize, 12288, 1e-12);
    cr_assert_float_eq(cfg.sim.loggp.row[1].L, 5e-6, 1e-18);
    cr_assert_float_eq(cfg.sim.loggp.row[0].G, 4, 1e-12);
    cr_assert_float_eq(cfg.fanin.c, 0.157e-6, 1e-18);
    cr_assert(!cfg.sim.crosstraffic, "the per-message models take the raw flow defaults");
    smpi_options_set(&cfg, "network/loggp:");
    cr_assert_eq(cfg.sim.loggp.n, 0);
    smpi_options_free(&cfg);
}

Test(options, per_message_model_without_parameters_stops, .init = cr_redirect_stderr,
     .exit_code = 1)
{
    /* network/model:log3P without network/log3p exits 1 naming the item to give. */
    smpi_options_defaults(&cfg);
    smpi_options_set(&cfg, "network/model:log3P");
    smpi_options_finish(&cfg);
}

Test(options, bad_model_table_stops, .init = cr_redirect_stderr, .exit_code = 1)
{
    /* A negative LogGPS parameter exits 1 naming the item, the value and the field. */
    smpi_options_defaults(&cfg);
    smpi_options_set(&cfg, "network/loggps:5us:1us:0:0.01us:-0.005us:1000:10000");
}
