/* options_items: the table of --cfg items (SimGrid's names and defaults, 3.32, wherever SimGrid
 * has the item, so existing command lines give the same runs), with the values each enumerated
 * item takes and the old names SimGrid still accepts. Parsed by options.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stddef.h>

#include "collectives/collectives.h"
#include "smpi/runtime/options_items.h"

const char *const smpi__params_expected[] = {
    [OPT_LOGGP] = "MINSIZE:L:o:g:G[;MINSIZE:L:o:g:G...] with sizes in bytes, times such as 5us "
                  "and G in seconds per byte (0.001us)",
    [OPT_LOGGPS] = "L:o:O:g:G:s:S with times such as 5us, O, g and G in seconds per byte "
                   "(0.001us) and s, S in bytes",
    [OPT_LOG3P] = "MINSIZE:o_mw:l_mw:o_net:T_mem[;MINSIZE:o_mw:l_mw:o_net:T_mem...] with sizes "
                  "in bytes and times such as 29us",
    [OPT_LMO_DEFAULT] = "C:t with C a time such as 10us and t a time per byte such as 0.002us",
    [OPT_FANIN] = "a:b:c, three times such as 49.3us:0.783us:0.157us",
};

/* SimGrid's boost factory switches stacks with Boost.Context's assembly (fcontext), which is
 * what raw does: boost is raw under SimGrid's name. */
static const struct opt_enum factory_values[] = {
    { "raw", SIM_CTX_RAW },
    { "ucontext", SIM_CTX_UCONTEXT },
    { "thread", SIM_CTX_THREAD },
    { "boost", SIM_CTX_RAW },
    { NULL, 0 },
};
static const struct opt_enum model_values[] = {
    { "SMPI", SIM_NET_SMPI },         { "LV08", SIM_NET_LV08 },
    { "CM02", SIM_NET_CM02 },         { "raw", SIM_NET_RAW },
    { "Constant", SIM_NET_CONSTANT }, { "LogGP", SIM_NET_LOGGP },
    { "LogGPS", SIM_NET_LOGGPS },     { "log3P", SIM_NET_LOG3P },
    { "LMO", SIM_NET_LMO },           { NULL, 0 },
};
static const struct opt_enum progress_values[] = {
    { "auto", SMPI_PROGRESS_AUTO },
    { "yes", SMPI_PROGRESS_YES },
    { "no", SMPI_PROGRESS_NO },
    { NULL, 0 },
};
static const struct opt_enum copy_stacks_values[] = {
    { "auto", SMPI_COPY_STACKS_AUTO },
    { "yes", SMPI_COPY_STACKS_YES },
    { "no", SMPI_COPY_STACKS_NO },
    { NULL, 0 },
};
static const struct opt_enum privatization_values[] = {
    { "yes", SMPI_PRIVATIZE_AUTO },
    { "dlopen", SMPI_PRIVATIZE_DLOPEN },
    { "mmap", SMPI_PRIVATIZE_MMAP },
    { "no", SMPI_PRIVATIZE_NO },
    { NULL, 0 },
};

static const struct opt_enum trace_format_values[] = {
    { "Paje", SMPI_TRACE_PAJE },
    { "TI", SMPI_TRACE_TI },
    { NULL, 0 },
};

static const struct opt_enum cpu_optim_values[] = {
    { "Lazy", 0 },
    { "TI", 1 },
    { "Full", 2 },
    { NULL, 0 },
};
static const struct opt_enum host_model_values[] = {
    { "default", 0 },
    { "compound", 1 },
    { NULL, 0 },
};

static const struct opt_enum shared_malloc_values[] = {
    { "global", SMPI_SHARED_GLOBAL }, { "on", SMPI_SHARED_GLOBAL },   { "yes", SMPI_SHARED_GLOBAL },
    { "1", SMPI_SHARED_GLOBAL },      { "local", SMPI_SHARED_LOCAL }, { "no", SMPI_SHARED_NONE },
    { "off", SMPI_SHARED_NONE },      { "0", SMPI_SHARED_NONE },      { NULL, 0 },
};

const struct smpi_option smpi__options[] = {
    /* name, type, default, field, flags, values, help */
    { "contexts/factory", OPT_ENUM, "raw", OPT_SIM(ctx_factory), 0, factory_values,
      "how actors switch: raw (assembly, no system call), ucontext, thread (a POSIX thread per "
      "rank, one running at a time) or boost (the raw switch)" },
    { "contexts/stack-size", OPT_SIZE, "8MiB", OPT_SIM(stack_size), 0, NULL,
      "stack reserved per rank; a bare number is KiB, as in SimGrid (pages are touched only "
      "when used)" },
    { "contexts/guard-size", OPT_SIZE, "4KiB", OPT_SIM(guard_size), 0, NULL,
      "guard area below each stack that catches overflows; a bare number is pages, as in "
      "SimGrid (0 disables)" },
    { "contexts/copy-stacks", OPT_ENUM, "auto", OPT_FIELD(copy_stacks), 0, copy_stacks_values,
      "ranks run on one shared stack of contexts/stack-size, the part each uses copied out while "
      "another runs (raw factory): auto (from 1024 ranks on), yes or no" },
    { "precision/timing", OPT_TIME, "1e-9", OPT_SIM(precision_timing), 0, NULL,
      "precision of event dates, seconds (alias surf/precision)" },
    { "precision/work-amount", OPT_DOUBLE, "1e-5", OPT_SIM(precision_work), 0, NULL,
      "relative precision of the sharing solver (alias maxmin/precision)" },
    { "network/model", OPT_ENUM, "SMPI", OPT_SIM(net_model), 0, model_values,
      "network model: SMPI (hybrid), LV08, CM02, raw (pure flow), Constant, or a per-message "
      "model: LogGP, LogGPS, log3P, LMO (README 'Network models')" },
    { "network/loggp", OPT_LOGGP, "", OPT_SIM(loggp), 0, NULL,
      "LogGP's parameters, one row per protocol: MINSIZE:L:o:g:G[;MINSIZE:L:o:g:G...] (L, o, g "
      "times, G time per byte; the row of the largest MINSIZE not above the size applies)" },
    { "network/loggps", OPT_LOGGPS, "", OPT_SIM(loggps), 0, NULL,
      "LogGPS's parameters L:o:O:g:G:s:S (SMPI paper, Fig. 1: O, g, G per byte; g below s bytes, "
      "G from s on; rendezvous from S bytes on)" },
    { "network/log3p", OPT_LOG3P, "", OPT_SIM(log3p), 0, NULL,
      "log_3 P's parameters: MINSIZE:o_mw:l_mw:o_net:T_mem[;...] (times; l_mw for non-contiguous "
      "datatypes, T_mem within one host)" },
    { "network/lmo-default", OPT_LMO_DEFAULT, "", OPT_SIM(lmo_default), 0, NULL,
      "LMO's C:t for hosts without the properties lmo/C and lmo/t (C a time, t a time per byte)" },
    { "network/latency-factor", OPT_FACTOR, "", OPT_SIM(lat_factor), OPT_MODEL, NULL,
      "latency correction, one number or size:factor;... (alias smpi/lat-factor)" },
    { "network/bandwidth-factor", OPT_FACTOR, "", OPT_SIM(bw_factor), OPT_MODEL, NULL,
      "bandwidth correction, one number or size:factor;... (alias smpi/bw-factor)" },
    { "network/weight-S", OPT_DOUBLE, "", OPT_SIM(weight_s), OPT_MODEL, NULL,
      "RTT-unfairness weight: a flow's penalty adds weight-S / bandwidth per link" },
    { "network/TCP-gamma", OPT_SIZE, "", OPT_SIM(tcp_gamma), OPT_MODEL, NULL,
      "largest TCP window: flows are bounded by gamma / (2 latency); 0 disables" },
    { "network/crosstraffic", OPT_BOOL, "", OPT_SIM(crosstraffic), OPT_MODEL, NULL,
      "a flow also loads its reverse route with 5% of its rate" },
    { "network/loopback-bw", OPT_BW, "10GBps", OPT_SIM(loopback_bw), 0, NULL,
      "bandwidth of the implicit loopback of hosts without one" },
    { "network/loopback-lat", OPT_TIME, "0s", OPT_SIM(loopback_lat), 0, NULL,
      "latency of the implicit loopback of hosts without one" },
    { "network/maxmin-selective-update", OPT_BOOL, "yes", OPT_SIM(selective_update), 0, NULL,
      "solve again only the part of the sharing problem that changed" },
    { "smpi/host-speed", OPT_SPEED, "20000f", OPT_FIELD(host_speed), 0, NULL,
      "speed of the machine running the simulation, to turn measured time into flops, or auto" },
    { "smpi/simulate-computation", OPT_BOOL, "yes", OPT_FIELD(simulate_computation), 0, NULL,
      "inject the measured time of the code between MPI calls" },
    { "smpi/cpu-threshold", OPT_TIME, "1e-6", OPT_FIELD(cpu_threshold), 0, NULL,
      "computation bursts shorter than this are not injected (negative: all are, as in SMPI 3.32)" },
    { "smpi/privatize-libs", OPT_PATH, "", OPT_FIELD(privatize_libs), 0, NULL,
      "shared libraries (';'-separated: libgfortran.so.5, or full paths) that each rank gets a "
      "copy of, as its own program copy (dlopen privatization only)" },
    { "smpi/comp-adjustment-file", OPT_PATH, "", OPT_FIELD(comp_adjustment_file), 0, NULL,
      "CSV of \"prevfile:line:file:line\",ratio: the code between those MPI calls runs ratio times faster" },
    { "smpi/trace-call-location", OPT_BOOL, "no", OPT_FIELD(trace_call_location), 0, NULL,
      "Paje states carry the file and line of their MPI call (build with smpicc "
      "-trace-call-location)" },
    { "smpi/trace-call-use-absolute-path", OPT_BOOL, "no", OPT_FIELD(trace_call_use_absolute_path),
      0, NULL, "call locations keep the file name as compiled, not its base name" },
    { "smpi/async-small-thresh", OPT_SIZE, "0", OPT_FIELD(async_small_thresh), 0, NULL,
      "messages smaller than this are sent at once, before the receive is posted" },
    { "smpi/send-is-detached-thresh", OPT_SIZE, "65536", OPT_FIELD(send_is_detached_thresh), 0,
      NULL, "sends smaller than this return at once; larger ones wait for the receiver" },
    { "smpi/os", OPT_COST, "0:0:0:0:0", OPT_FIELD(os), 0, NULL,
      "time injected in MPI_Send: minsize:startup:perbyte;..." },
    { "smpi/ois", OPT_COST, "0:0:0:0:0", OPT_FIELD(ois), 0, NULL,
      "time injected in MPI_Isend: minsize:startup:perbyte;..." },
    { "smpi/or", OPT_COST, "0:0:0:0:0", OPT_FIELD(or_), 0, NULL,
      "time injected in MPI_Recv: minsize:startup:perbyte;..." },
    { "smpi/fanin-overhead", OPT_FANIN, "0:0:0", OPT_FIELD(fanin), 0, NULL,
      "TAN's fan-in overhead a:b:c: a call that completes x >= 1 receives then costs its rank "
      "a + b(x+1) + c(x+1)^2 (times), under any network model" },
    { "smpi/test", OPT_TIME, "1e-4", OPT_FIELD(test_time), 0, NULL,
      "time injected by each MPI_Test that finds nothing" },
    { "smpi/iprobe", OPT_TIME, "1e-4", OPT_FIELD(iprobe_time), 0, NULL,
      "time injected by each MPI_Iprobe that finds nothing" },
    { "smpi/iprobe-cpu-usage", OPT_DOUBLE, "1", OPT_FIELD(iprobe_cpu_usage), 0, NULL,
      "share of a core each MPI_Iprobe's injected time keeps busy (energy modelling)" },
    { "smpi/grow-injected-times", OPT_BOOL, "yes", OPT_FIELD(grow_injected_times), 0, NULL,
      "repeated failed MPI_Test/MPI_Iprobe inject linearly growing times" },
    { "smpi/wtime", OPT_TIME, "1e-8", OPT_FIELD(wtime), 0, NULL,
      "time injected by MPI_Wtime, gettimeofday and clock_gettime" },
    { "smpi/init", OPT_TIME, "0", OPT_FIELD(init_time), 0, NULL, "time injected in MPI_Init" },
    { "smpi/connect-timeout", OPT_TIME, "60", OPT_FIELD(connect_timeout), 0, NULL,
      "simulated time an MPI_Comm_connect waits for the matching MPI_Comm_accept before it fails "
      "with MPI_ERR_PORT (info key \"timeout\" sets it per call; 0: no limit)" },
    { "smpi/privatization", OPT_ENUM, "yes", OPT_FIELD(privatization), 0, privatization_values,
      "private globals per rank: yes (dlopen below vm.max_map_count, mmap above), dlopen (one "
      "copy per rank), mmap (one copy, globals remapped at each switch) or no" },
    { "smpi/shared-malloc", OPT_ENUM, "global", OPT_FIELD(shared_malloc), 0, shared_malloc_values,
      "what SMPI_SHARED_MALLOC folds: global (one physical block for every allocation), local "
      "(one memory per call site, shared by the ranks) or no" },
    { "smpi/auto-shared-malloc-thresh", OPT_SIZE, "0", OPT_FIELD(auto_shared_malloc_thresh), 0,
      NULL, "malloc/calloc/realloc of at least this size fold as SMPI_SHARED_MALLOC (0: never)" },
    { "smpi/shared-malloc-blocksize", OPT_SIZE, "1MiB", OPT_FIELD(shared_malloc_blocksize), 0, NULL,
      "the physical block that global folding maps again and again (a multiple of 4 KiB)" },
    { "smpi/shared-malloc-hugepage", OPT_PATH, "", OPT_FIELD(shared_malloc_hugepage), 0, NULL,
      "a mounted hugetlbfs whose huge pages back global folding (blocksize must be 2 MiB)" },
    { "smpi/display-timing", OPT_BOOL, "no", OPT_FIELD(display_timing), 0, NULL,
      "print the simulated and the wall-clock time at the end" },
    { "smpi/keep-temps", OPT_BOOL, "no", OPT_FIELD(keep_temps), 0, NULL,
      "keep the per-rank copies of the application" },
    { "smpi/tmpdir", OPT_PATH, "/tmp", OPT_FIELD(tmpdir), 0, NULL,
      "where per-rank copies of the application go (must allow exec)" },
    { "smpi/errors-are-fatal", OPT_BOOL, "yes", OPT_FIELD(errors_are_fatal), 0, NULL,
      "MPI errors end the run (no: behave as MPI_ERRORS_RETURN)" },
    { "smpi/finalization-barrier", OPT_BOOL, "no", OPT_FIELD(finalization_barrier), 0, NULL,
      "add a barrier inside MPI_Finalize" },
    { "smpi/implicit-finalize", OPT_BOOL, "yes", OPT_FIELD(implicit_finalize), 0, NULL,
      "a rank returning from main without MPI_Finalize is finalized with a warning, as in SMPI "
      "(no: the job fails)" },
    { "smpi/map", OPT_BOOL, "no", OPT_FIELD(map), 0, NULL, "print the rank to host mapping" },
    { "smpi/pedantic", OPT_BOOL, "no", OPT_FIELD(pedantic), 0, NULL,
      "checking mode (smpirun -analyze): collective kind, root, op and count consistency, full "
      "datatype signatures, messages never received and requests never completed" },
    { "smpi/list-leaks", OPT_COUNT, "-1", OPT_FIELD(list_leaks), 0, NULL,
      "at the end, list the N most frequent unfreed MPI handles and malloc'd buffers by type and "
      "call site (0: only count them; -1: off)" },
    { "smpi/barrier-collectives", OPT_BOOL, "no", OPT_FIELD(barrier_collectives), 0, NULL,
      "ranks leave MPI_Bcast, MPI_Reduce, MPI_Gather(v), MPI_Scatter(v), MPI_Scan and MPI_Exscan "
      "only once every rank entered them (as later SMPI): code that relies on them returning "
      "early deadlocks instead" },
    { "smpi/display-allocs", OPT_BOOL, "no", OPT_FIELD(display_allocs), 0, NULL,
      "at the end, summarize the application's malloc/calloc use (largest allocation and its "
      "call site) and count unfreed handles and buffers" },
    { "smpi/coll-selector", OPT_STRING, "default", OPT_FIELD(coll_selector), 0, NULL,
      "rules that pick collective algorithms: ompi, mpich, ... (smpirun -help-coll)" },
    { "smpi/coll-fallback", OPT_STRING, "warn", OPT_FIELD(coll_fallback), 0, NULL,
      "a forced algorithm that cannot run: error, warn (use the selector) or silent" },
    { "smpi/coll-report", OPT_PATH, "", OPT_FIELD(coll_report), 0, NULL,
      "write FILE.csv and print a table on stderr at exit: per collective, communicator size and "
      "message size, the calls, the algorithm and its simulated time (all of them under the "
      "automatic selector)" },
    { "smpi/profile", OPT_PATH, "", OPT_FIELD(profile), 0, NULL,
      "write FILE.csv (per rank and MPI call: calls, bytes sent and received, total and "
      "largest simulated time) and print the ten costliest calls on stderr at exit" },
    { "tracing", OPT_BOOL, "no", OPT_FIELD(tracing), 0, NULL,
      "write a trace (smpirun -trace: a Paje file as SMPI 3.32 writes it; -trace-ti: a "
      "time-independent trace for smpirun -replay)" },
    { "tracing/filename", OPT_PATH, "simgrid.trace", OPT_FIELD(tracing_filename), 0, NULL,
      "the trace file (smpirun -trace-file; -trace's default is smpi_simgrid.trace, -trace-ti's "
      "smpi_simgrid.txt, the index naming one file per rank in FILE_files/)" },
    { "tracing/smpi", OPT_BOOL, "no", OPT_FIELD(tracing_smpi), 0, NULL,
      "trace the MPI calls as states and the messages as links" },
    { "tracing/smpi/computing", OPT_BOOL, "no", OPT_FIELD(tracing_smpi_computing), 0, NULL,
      "also trace the computation between MPI calls as 'computing' states" },
    { "tracing/smpi/sleeping", OPT_BOOL, "no", OPT_FIELD(tracing_smpi_sleeping), 0, NULL,
      "also trace the time a rank sleeps (sleep, usleep, nanosleep) as 'sleeping' states" },
    { "tracing/smpi/internals", OPT_BOOL, "no", OPT_FIELD(tracing_smpi_internals), 0, NULL,
      "also trace the messages of collective algorithms and other MPI internals as links" },
    { "tracing/smpi/display-sizes", OPT_BOOL, "no", OPT_FIELD(tracing_smpi_display_sizes), 0, NULL,
      "add the size of each message to its link and SMPI's count to each state" },
    { "tracing/smpi/group", OPT_BOOL, "no", OPT_FIELD(tracing_smpi_group), 0, NULL,
      "group the ranks under their hosts (smpirun -trace-grouped)" },
    { "tracing/precision", OPT_INT, "6", OPT_FIELD(tracing_precision), 0, NULL,
      "digits after the decimal point of the dates and values in the trace" },
    { "tracing/comment", OPT_PATH, "", OPT_FIELD(tracing_comment), 0, NULL,
      "a comment line at the top of the trace (smpirun -trace-comment)" },
    { "tracing/comment-file", OPT_PATH, "", OPT_FIELD(tracing_comment_file), 0, NULL,
      "a file whose lines become comments at the top of the trace (smpirun -trace-comment-file)" },
    { "tracing/categorized", OPT_BOOL, "no", OPT_FIELD(tracing_categorized), 0, NULL,
      "trace the platform's hosts and links (simmpi has no tracing categories)" },
    { "tracing/uncategorized", OPT_BOOL, "no", OPT_FIELD(tracing_uncategorized), 0, NULL,
      "trace the hosts and links with their speed, bandwidth and latency (smpirun "
      "-trace-resource)" },
    { "tracing/platform", OPT_BOOL, "no", OPT_FIELD(tracing_platform), 0, NULL,
      "trace the platform's hosts and links as containers" },
    { "tracing/platform/topology", OPT_BOOL, "yes", OPT_FIELD(tracing_platform_topology), 0, NULL,
      "with the platform, draw its topology as links between hosts and network links" },
    { "tracing/disable-destroy", OPT_BOOL, "no", OPT_FIELD(tracing_disable_destroy), 0, NULL,
      "never destroy containers in the trace" },
    { "tracing/basic", OPT_BOOL, "no", OPT_FIELD(tracing_basic), 0, NULL,
      "the old field names in the event definitions, for old Paje readers" },
    { "tracing/disable_link", OPT_BOOL, "no", OPT_FIELD(tracing_disable_link), 0, NULL,
      "with the platform, leave out the links' bandwidth and latency" },
    { "tracing/disable_power", OPT_BOOL, "no", OPT_FIELD(tracing_disable_power), 0, NULL,
      "with the platform, leave out the hosts' speed and core count" },
    { "tracing/smpi/format", OPT_ENUM, "Paje", OPT_FIELD(tracing_smpi_format), 0,
      trace_format_values, "trace format: Paje, or TI (time-independent, for smpirun -replay)" },
    { "tracing/smpi/format/ti-one-file", OPT_BOOL, "no", OPT_FIELD(tracing_smpi_ti_one_file), 0,
      NULL, "TI: every rank writes to one file instead of one file per rank" },
    { "smpi/replay", OPT_PATH, "", OPT_FIELD(replay), 0, NULL,
      "replay this TI trace (an index naming one file per rank, or one shared file) instead of "
      "running a program (smpirun -replay)" },
    { "smpi/timeline", OPT_PATH, "", OPT_FIELD(timeline), 0, NULL,
      "write FILE.html, a self-contained page showing each rank's MPI calls, computation and "
      "messages over simulated time (zoom, pan, tooltips)" },
    { "smpi/progress", OPT_ENUM, "auto", OPT_FIELD(progress), 0, progress_values,
      "one-line progress indicator on stderr: auto (only when stderr is a terminal), yes or no" },
    { "smpi/progress-interval", OPT_TIME, "0.5s", OPT_FIELD(progress_interval), 0, NULL,
      "host time between two refreshes of the progress indicator" },
    { "plugin", OPT_PLUGIN, "", OPT_SIM(plugins), 0, NULL,
      "activate a SimGrid plugin, one per item: host_energy, link_energy (help lists them)" },
    { "path", OPT_PATH, "", OPT_FIELD(path), 0, NULL,
      "a folder where the files a platform names (profiles) are looked for, after ./ (each "
      "item adds one; the platform's folder is searched last)" },
    { "cpu/optim", OPT_ENUM, "Lazy", OPT_FIELD(cpu_optim), 0, cpu_optim_values,
      "SimGrid's CPU update mode: Lazy, TI or Full (accepted; simmpi's CPU shares are the same)" },
    { "host/model", OPT_ENUM, "default", OPT_FIELD(host_model), 0, host_model_values,
      "SimGrid's host model: default or compound (the CPU and network models of simmpi)" },
    { "smpi/<collective>", OPT_COLL, "", 0, 0, NULL,
      "force one algorithm for one collective, e.g. smpi/bcast:binomial_tree" },
};
const size_t smpi__noptions = sizeof(smpi__options) / sizeof(smpi__options[0]);

const struct smpi_option_alias smpi__option_aliases[] = {
    { "smpi/lat-factor", "network/latency-factor" },
    { "smpi/bw-factor", "network/bandwidth-factor" },
    { "surf/precision", "precision/timing" },
    { "maxmin/precision", "precision/work-amount" },
    { "smpi/running-power", "smpi/host-speed" },
    { "smpi/privatize-global-variables", "smpi/privatization" },
    { "smpi/barrier-finalization", "smpi/finalization-barrier" },
};
const size_t smpi__noption_aliases = sizeof(smpi__option_aliases) / sizeof(smpi__option_aliases[0]);
