/* launch: smpimain's work — read the command line that smpirun hands over, load the platform,
 * place ranks on hosts, open the application once per rank and run the simulation. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include "collectives/collectives.h"
#include "smpi/analyze/analyze.h"
#include "smpi/internal.h"
#include "smpi/runtime/loader.h"
#include "smpi/trace/ti.h"

SIM_LOG_CATEGORY(log_smpi, "smpi");
SIM_LOG_SUBCATEGORY(log_config, "smpi_config", "smpi");

/* SMPI 3.32's words when smpi/host-speed keeps its default (smpi_config.cpp). */
static const char host_speed_unset[] =
    "You did not set the power of the host running the simulation.  The timings will certainly not be accurate.  Use the option \"--cfg=smpi/host-speed:<flops>\" to set its value.  Check https://simgrid.org/doc/latest/Configuring_SimGrid.html#automatic-benchmarking-of-smpi-code for more information.";

struct launch_args {
    int np;
    const char *platform;
    const char *hostfile;
    const char *program;
    int nitems; /* --cfg items, in order */
    const char **items;
    bool trace_file_set; /* -trace-file seen (-trace defaults to smpi_simgrid.trace) */
    int nprog;           /* the program's own arguments */
    char **prog;
};

static void usage(FILE *out)
{
    fprintf(out, "usage: smpirun [options] program [program arguments]\n"
                 "  -np N, -n N             number of ranks (default: hostfile lines, or the hosts "
                 "of -platform)\n"
                 "  -platform FILE          SimGrid XML platform (default: the built-in cluster)\n"
                 "  -hostfile FILE          one host per line, host:N for N ranks "
                 "(alias -machinefile)\n"
                 "  -map                    print the rank to host mapping\n"
                 "  -analyze                checking mode: smpi/pedantic, smpi/list-leaks:50, "
                 "smpi/display-allocs and smpi/display-timing (see README)\n"
                 "  -no-privatize           share global variables between ranks\n"
                 "  -keep-temps             keep the per-rank copies of the program\n"
                 "  -tmpdir DIR             where per-rank copies go\n"
                 "  -wrapper \"CMD\"          run the simulator under CMD (valgrind, gdb --args)\n"
                 "  -trace                  write a Paje trace (smpi_simgrid.trace) as SMPI does\n"
                 "  -trace-file FILE        the trace's file\n"
                 "  -trace-grouped          group the ranks by host in the trace\n"
                 "  -trace-resource         trace the hosts and links with their capacities\n"
                 "  -trace-comment TEXT     a comment at the top of the trace\n"
                 "  -trace-comment-file F   F's lines as comments at the top of the trace\n"
                 "  -trace-ti               write a time-independent trace (for -replay) to "
                 "smpi_simgrid.txt, or -trace-file\n"
                 "  -replay INDEX           replay a time-independent trace instead of running a "
                 "program\n"
                 "  -quiet                  accepted for compatibility\n"
                 "  --cfg=name:value        set an option (before or after the program)\n"
                 "  --log=cat:level         log thresholds, e.g. --log=smpi:verbose\n"
                 "  -help-options           list every --cfg option\n"
                 "  -help-coll              list every collective algorithm\n"
                 "  -version                print the version\n"
                 "environment: MPIEXEC_TIMEOUT=S ends the job (status 255) after S seconds of "
                 "simulated or wall-clock time\n");
}

static void add_item(struct launch_args *a, const char *item)
{
    a->items = sim_xrealloc(a->items, (size_t)(a->nitems + 1) * sizeof(*a->items));
    a->items[a->nitems++] = item;
}

static const char *need_value(int argc, char **argv, int i)
{
    if (i + 1 >= argc)
        sim_die("option %s needs a value (smpirun -help)", argv[i]);
    return argv[i + 1];
}

static int parse_np(const char *v)
{
    char *end;
    long n = strtol(v, &end, 10);

    if (end == v || *end != '\0' || n <= 0 || n > 10000000)
        sim_die("bad value '%s' for -np; expected a number of ranks from 1 to 10000000", v);
    return (int)n;
}

/* SMPI's tracing and replay flags of smpirun (its smpirun.in), as the --cfg items they stand for.
 * Returns whether argv[*i] was one; a flag's value is consumed. */
static bool trace_flag(int argc, char **argv, int *i, struct launch_args *a)
{
    static const struct {
        const char *flag;
        const char *item; /* "%s": the flag's value */
    } flags[] = {
        { "-trace", "tracing:yes" },
        { "-trace-ti", "tracing:yes" },
        { "-trace-ti", "tracing/smpi:yes" },
        { "-trace-ti", "tracing/smpi/format:TI" },
        { "-trace-ti", "tracing/smpi/computing:yes" },
        { "-replay", "smpi/replay:%s" },
        { "-trace-grouped", "tracing/smpi/group:yes" },
        { "-trace-resource", "tracing/categorized:yes" },
        { "-trace-resource", "tracing/uncategorized:yes" },
        { "-trace-file", "tracing/filename:%s" },
        { "-trace-comment", "tracing/comment:%s" },
        { "-trace-comment-file", "tracing/comment-file:%s" },
    };
    const char *flag = argv[*i];
    const char *value = "";
    bool found = false;

    for (size_t k = 0; k < sizeof(flags) / sizeof(flags[0]); k++) {
        size_t n;
        char *item;

        if (strcmp(flag, flags[k].flag) != 0)
            continue;
        if (strstr(flags[k].item, "%s"))
            value = need_value(argc, argv, (*i)++);
        n = strlen(flags[k].item) + strlen(value) + 1;
        item = sim_xmalloc(n);
        snprintf(item, n, flags[k].item, value);
        add_item(a, item); /* lives as long as the run, as argv's own items */
        found = true;
    }
    if (!strcmp(flag, "-trace")) {
        add_item(a, "tracing/smpi:yes");
        if (!a->trace_file_set)
            add_item(a, "tracing/filename:smpi_simgrid.trace");
    }
    if (!strcmp(flag, "-trace-ti") && !a->trace_file_set) /* SMPI's TI default file */
        add_item(a, "tracing/filename:smpi_simgrid.txt");
    if (!strcmp(flag, "-trace-file"))
        a->trace_file_set = true;
    return found;
}

/* Options may come before or after the program; --cfg and --log after it are taken too. */
static void parse_args(int argc, char **argv, struct launch_args *a)
{
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];

        if (strncmp(s, "--cfg=", 6) == 0) {
            add_item(a, s + 6);
        } else if (strncmp(s, "--log=", 6) == 0) {
            sim_log_configure(s + 6);
        } else if (a->program) {
            a->prog[a->nprog++] = argv[i];
        } else if (!strcmp(s, "-np") || !strcmp(s, "-n")) {
            a->np = parse_np(need_value(argc, argv, i++));
        } else if (!strcmp(s, "-platform")) {
            a->platform = need_value(argc, argv, i++);
        } else if (!strcmp(s, "-hostfile") || !strcmp(s, "-machinefile")) {
            a->hostfile = need_value(argc, argv, i++);
        } else if (!strcmp(s, "-map")) {
            add_item(a, "smpi/map:yes");
        } else if (!strcmp(s, "-analyze")) { /* SMPI 3.32's smpirun sets these four */
            add_item(a, "smpi/display-timing:yes");
            add_item(a, "smpi/display-allocs:yes");
            add_item(a, "smpi/list-leaks:50");
            add_item(a, "smpi/pedantic:true");
        } else if (!strcmp(s, "-no-privatize")) {
            add_item(a, "smpi/privatization:no");
        } else if (!strcmp(s, "-keep-temps")) {
            add_item(a, "smpi/keep-temps:yes");
        } else if (!strcmp(s, "-tmpdir")) {
            static char item[300];

            snprintf(item, sizeof(item), "smpi/tmpdir:%s", need_value(argc, argv, i++));
            add_item(a, item);
        } else if (trace_flag(argc, argv, &i, a)) {
            continue;
        } else if (!strcmp(s, "-quiet") || !strcmp(s, "-foreground")) {
            continue;
        } else if (!strcmp(s, "-help") || !strcmp(s, "--help") || !strcmp(s, "-h")) {
            usage(stdout);
            exit(0);
        } else if (!strcmp(s, "-help-options") || !strcmp(s, "--help-options")) {
            smpi_options_print(stdout);
            exit(0);
        } else if (!strcmp(s, "-help-coll") || !strcmp(s, "--help-coll")) {
            coll_print_help(stdout);
            exit(0);
        } else if (!strcmp(s, "-version") || !strcmp(s, "--version")) {
            printf("smpirun (simmpi) %s\n", PACKAGE_VERSION);
            exit(0);
        } else if (s[0] == '-') {
            sim_die("unknown smpirun option '%s' (smpirun -help lists them)", s);
        } else {
            a->program = s;
            a->prog = sim_xcalloc((size_t)argc, sizeof(*a->prog));
            a->prog[a->nprog++] = argv[i];
        }
    }
}

static double wall_clock(void)
{
    struct timeval tv;

    gettimeofday(&tv, NULL);
    return (double)tv.tv_sec + (double)tv.tv_usec * 1e-6;
}

/* Places ranks: hostfile line i % lines, else platform host i % hosts, in name order as SMPI
 * does (the default platform's in declaration order: node-i). */
static void place_ranks(const struct launch_args *a, struct sim_platform *plat)
{
    struct sim_host **hosts = NULL;
    int nhosts;
    int np = a->np;

    if (a->hostfile) {
        nhosts = smpi__hostfile_read(a->hostfile, plat, &hosts);
        if (np == 0)
            np = nhosts;
    } else {
        nhosts = a->platform ? smpi__hosts_by_name(plat, &hosts) : sim_platform_host_count(plat);
        if (np == 0 && !a->platform)
            sim_die("give the number of ranks with -np N (the default platform has %d hosts)",
                    nhosts);
        if (np == 0)
            np = nhosts;
    }
    if (a->hostfile && np > nhosts) /* SMPI's words (smpi_deployment.cpp) */
        SIM_LOG(log_smpi, SIM_LOG_INFO,
                "You requested to use %d ranks, but there is only %d processes in your "
                "hostfile...",
                np, nhosts);
    smpi__procs_reserve(plat, np);
    if (!hosts) {
        hosts = sim_xcalloc((size_t)nhosts, sizeof(*hosts));
        for (int i = 0; i < nhosts; i++)
            hosts[i] = sim_platform_host(plat, i);
    }
    for (int i = 0; i < np; i++) {
        smpi__rt.procs[i].rank = i;
        smpi__rt.procs[i].job_rank = i;
        smpi__rt.procs[i].host = hosts[i % nhosts];
        if (smpi__rt.cfg.map)
            SIM_LOG(log_smpi, SIM_LOG_INFO, "[rank %d] -> %s", i,
                    sim_host_name(smpi__rt.procs[i].host));
    }
    smpi__rt.hosts = hosts; /* MPI_Comm_spawn places its ranks on the next ones (jobs.c) */
    smpi__rt.nhosts = nhosts;
}

/* A rank's own copy of the program's arguments: the NULL-ended array and the strings in one
 * block (a million ranks: one allocation each instead of one per argument and the array). */
static char **argv_copy(int argc, char *const *argv)
{
    size_t bytes = ((size_t)argc + 1) * sizeof(char *);
    char **v;
    char *at;

    for (int k = 0; k < argc; k++)
        bytes += strlen(argv[k]) + 1;
    v = sim_xcalloc(1, bytes);
    at = (char *)(v + argc + 1);
    for (int k = 0; k < argc; k++) {
        size_t len = strlen(argv[k]) + 1;

        v[k] = memcpy(at, argv[k], len);
        at += len;
    }
    return v;
}

static void setup_argv(const struct launch_args *a)
{
    for (int i = 0; i < smpi__rt.nranks; i++) {
        struct smpi_process *p = &smpi__rt.procs[i];

        if (!smpi__rt.app) { /* smpirun -replay: the ranks run their traces */
            p->argc = 0;
            p->argv = sim_xcalloc(1, sizeof(char *));
            p->main = smpi__replay_main;
            continue;
        }
        p->main = smpi_app_main(smpi__rt.app, i);
        if (smpi__rt.cfg.replay[0]) { /* a replayer: its trace when each rank has its own (SMPI) */
            p->argc = smpi__replay_is_shared() ? 1 : 2;
            p->argv = sim_xcalloc(3, sizeof(char *));
            p->argv[0] = sim_xstrdup(a->program);
            if (p->argc == 2)
                p->argv[1] = sim_xstrdup(smpi__replay_trace_of(i));
            continue;
        }
        p->argc = a->nprog;
        p->argv = argv_copy(a->nprog, a->prog);
    }
}

/* Engine resume hook: the rank (or its nonblocking-collective helper) about to run sees its own
 * globals and getopt variables. */
static void activate_rank(struct sim_actor *a, void *arg)
{
    const struct smpi_process *p = sim_actor_data(a);

    if (p) {
        /* until a spawn every rank is smpirun's: its process entry need not be read */
        const struct smpi_process *r = smpi__jobs_spawned() ? &smpi__rt.procs[p->rank] : NULL;

        if (!r || r->job == 0)
            smpi_app_activate(arg, p->rank);
        if (r)
            smpi__job_activate(r);
        smpi__getopt_activate(p->rank);
    }
}

/* SMPI 3.32's wording and log prefix (smpi_utils.cpp, printed at the end of smpi_main). */
static void display_timing(void)
{
    fprintf(stderr,
            "[%.6f] [smpi_utils/INFO] Simulated time: %g seconds. \n\nThe simulation took %g "
            "seconds (after parsing and platform setup)\n%g seconds were actual computation of "
            "the application\n",
            sim_now(), sim_now(), wall_clock() - smpi__rt.run_start, smpi__rt.benched);
}

SMPI_API int smpi_main(int argc, char **argv)
{
    struct launch_args a = { 0 };
    struct sim_platform *plat;
    int rc;

    smpi__rt.wall_start = wall_clock();
    smpi__rt.argc = argc;
    smpi__rt.argv = argv;
    smpi_options_defaults(&smpi__rt.cfg);
    /* the energy plugins' reports are SimGrid's info lines, shown unless --log says otherwise */
    sim_log_configure("host_energy:info,link_energy:info");
    sim_log_configure("smpi_utils:info"); /* analyze.h: before the --log items */
    parse_args(argc, argv, &a);
    for (int i = 0; i < a.nitems; i++)
        smpi_options_set(&smpi__rt.cfg, a.items[i]);
    smpi__platform_config_init();
    plat = a.platform ? sim_platform_load(a.platform) : sim_platform_default();
    smpi_options_finish(&smpi__rt.cfg);
    if (!smpi_options_is_set("smpi/host-speed")) /* SMPI's words (smpi_config.cpp) */
        SIM_LOG(log_config, SIM_LOG_INFO, "%s", host_speed_unset);
    smpi__analyze_init(&smpi__rt.cfg);
    if (smpi__rt.cfg.host_speed <= 0)
        smpi__rt.cfg.host_speed = smpi__bench_host_speed();
    smpi__adjust_init();
    if (!smpi__rt.cfg.replay[0] && !a.program)
        sim_die("no program to run; usage: smpirun -np N ./program [args] (smpirun -help)");
    place_ranks(&a, plat);
    smpi__check_memory(smpi__rt.nranks, 0);
    if (smpi__rt.cfg.replay[0]) /* with a program, the program is the replayer */
        smpi__replay_init(smpi__rt.cfg.replay, smpi__rt.nranks);
    if (a.program) {
        smpi__libs_request(smpi__rt.cfg.privatize_libs);
        smpi__rt.app = smpi_app_open(a.program, smpi__rt.nranks, smpi__rt.cfg.privatization,
                                     smpi__rt.cfg.tmpdir, smpi__rt.cfg.keep_temps);
        smpi__check_memory(smpi__rt.nranks, smpi_app_globals_size(smpi__rt.app));
        smpi_app_globals_span(smpi__rt.app, (const void **)&smpi__rt.globals_lo,
                              (const void **)&smpi__rt.globals_hi);
    }
    setup_argv(&a);
    smpi__diag_init();
    sim_engine_init(&smpi__rt.cfg.sim, plat);
    if (smpi__rt.app)
        sim_engine_set_resume_hook(activate_rank, smpi__rt.app);
    smpi__diag_arm();
    smpi__comm_init_world(smpi__rt.nranks);
    smpi__p2p_model_init();
    smpi__coll_init();
    smpi__trace_init();
    smpi__ranks_create();
    smpi__rt.run_start = wall_clock();
    smpi__progress_init();
    smpi__timeout_arm();
    rc = sim_engine_run();
    if (rc == SIM_ENGINE_END_DATE)
        smpi__timeout_expired();
    smpi__job_activate(NULL); /* smpirun's working directory for the reports */
    smpi__progress_finish();
    fflush(stdout); /* the report may go to stdout too, after the program's output */
    smpi__trace_finish();
    if (smpi__rt.cfg.replay[0])
        smpi__replay_report();
    coll_report_finish();
    if (rc != SIM_ENGINE_DEADLOCK)
        sim_energy_report_end();
    if (smpi__rt.cfg.display_timing)
        display_timing();
    if (rc != SIM_ENGINE_DEADLOCK)
        sim_energy_report_exit();
    smpi__analyze_report(rc != SIM_ENGINE_DEADLOCK);
    fflush(stdout);
    return rc == SIM_ENGINE_DEADLOCK ? 1 : smpi__rt.exit_status;
}
