/* options: the one table of --cfg items (private to smpi). Parsed once at start-up into
 * struct smpi_config; simcore and collectives receive their part as init parameters. */
#ifndef SMPI_OPTIONS_H
#define SMPI_OPTIONS_H

#include <stdbool.h>
#include <stdio.h>

#include "simcore/simcore.h"

/* A piecewise-linear cost of the message size: "minsize:startup:perbyte;..." — the segment
 * with the largest minsize <= size applies (smpi/os, smpi/or, smpi/ois). */
struct smpi_cost_seg {
    double minsize;
    double startup;
    double perbyte;
};
struct smpi_cost {
    int n;
    struct smpi_cost_seg *seg; /* sorted by minsize, owned */
};

/* smpi/fanin-overhead: TAN's o(x) = a + b x + c x^2, seconds. */
struct smpi_fanin {
    double a;
    double b;
    double c;
};

enum smpi_privatization {
    SMPI_PRIVATIZE_NO,
    SMPI_PRIVATIZE_DLOPEN,
    SMPI_PRIVATIZE_MMAP,
    SMPI_PRIVATIZE_AUTO, /* yes: MMAP where it behaves as DLOPEN (loader_rule.c), else DLOPEN
                            below vm.max_map_count, MMAP above */
};

/* smpi/shared-malloc: what SMPI_SHARED_MALLOC folds (shared.c). */
enum smpi_shared_malloc {
    SMPI_SHARED_NONE,   /* an ordinary malloc */
    SMPI_SHARED_GLOBAL, /* every allocation maps one block of smpi/shared-malloc-blocksize */
    SMPI_SHARED_LOCAL,  /* the ranks' allocations at one call site share one memory */
};

/* tracing/smpi/format: what -trace writes (trace.h's sinks). */
enum smpi_trace_format {
    SMPI_TRACE_PAJE,
    SMPI_TRACE_TI, /* time-independent, for smpirun -replay (trace_ti.c) */
};

/* contexts/copy-stacks: ranks on one shared stack, their used part copied in and out */
enum smpi_copy_stacks {
    SMPI_COPY_STACKS_AUTO, /* from SMPI_COPY_STACKS_AUTO_RANKS ranks on (raw factory) */
    SMPI_COPY_STACKS_YES,
    SMPI_COPY_STACKS_NO,
};
#define SMPI_COPY_STACKS_AUTO_RANKS 1024

/* smpi/progress: when the one-line progress indicator is drawn on stderr (progress.c). */
enum smpi_progress {
    SMPI_PROGRESS_AUTO, /* only when stderr is a terminal */
    SMPI_PROGRESS_YES,  /* always, even into a pipe or a file */
    SMPI_PROGRESS_NO,
};

#define SMPI_COLL_NAME_MAX 64
#define SMPI_PATH_MAX 4096 /* the OPT_PATH options: smpi/tmpdir, smpi/profile, ... (PATH_MAX) */

struct smpi_config {
    struct sim_config sim;                 /* the kernel's part */
    double host_speed;                     /* smpi/host-speed, flop/s; <= 0 means auto */
    bool simulate_computation;             /* smpi/simulate-computation */
    double cpu_threshold;                  /* smpi/cpu-threshold, seconds (negative: infinity) */
    double async_small_thresh;             /* smpi/async-small-thresh, bytes */
    double send_is_detached_thresh;        /* smpi/send-is-detached-thresh, bytes */
    struct smpi_cost os;                   /* smpi/os */
    struct smpi_cost ois;                  /* smpi/ois */
    struct smpi_cost or_;                  /* smpi/or */
    struct smpi_fanin fanin;               /* smpi/fanin-overhead */
    double test_time;                      /* smpi/test */
    double iprobe_time;                    /* smpi/iprobe */
    double iprobe_cpu_usage;               /* smpi/iprobe-cpu-usage: share of a core it uses */
    bool grow_injected_times;              /* smpi/grow-injected-times */
    double wtime;                          /* smpi/wtime */
    double init_time;                      /* smpi/init */
    double connect_timeout;                /* smpi/connect-timeout */
    enum smpi_privatization privatization; /* smpi/privatization */
    enum smpi_shared_malloc shared_malloc; /* smpi/shared-malloc */
    double shared_malloc_blocksize;        /* smpi/shared-malloc-blocksize, bytes */
    char shared_malloc_hugepage[SMPI_PATH_MAX]; /* smpi/shared-malloc-hugepage: a hugetlbfs */
    bool display_timing;                        /* smpi/display-timing */
    bool keep_temps;                            /* smpi/keep-temps */
    char tmpdir[SMPI_PATH_MAX];                 /* smpi/tmpdir */
    char privatize_libs[SMPI_PATH_MAX];         /* smpi/privatize-libs: ';'-separated names */
    bool errors_are_fatal;                      /* smpi/errors-are-fatal */
    bool finalization_barrier;                  /* smpi/finalization-barrier */
    bool implicit_finalize;                     /* smpi/implicit-finalize */
    bool map;                                   /* smpi/map */
    bool pedantic;                              /* smpi/pedantic (analyze.h) */
    int list_leaks;                             /* smpi/list-leaks, -1 off */
    bool display_allocs;                        /* smpi/display-allocs */
    bool barrier_collectives;                   /* smpi/barrier-collectives */
    char coll_selector[SMPI_COLL_NAME_MAX];     /* smpi/coll-selector */
    char coll_fallback[SMPI_COLL_NAME_MAX];     /* smpi/coll-fallback */
    char coll_report[SMPI_PATH_MAX];            /* smpi/coll-report */
    char profile[SMPI_PATH_MAX];                /* smpi/profile: the CSV file, "" off */
    char comp_adjustment_file[SMPI_PATH_MAX];   /* smpi/comp-adjustment-file, "" off */
    bool trace_call_location;                   /* smpi/trace-call-location */
    bool trace_call_use_absolute_path;          /* smpi/trace-call-use-absolute-path */
    double auto_shared_malloc_thresh;           /* smpi/auto-shared-malloc-thresh, bytes; 0 off */
    /* Tracing (SimGrid's tracing/... items); the Paje sink is paje.c. */
    bool tracing;                             /* tracing: write a trace */
    char tracing_filename[SMPI_PATH_MAX];     /* tracing/filename */
    bool tracing_smpi;                        /* tracing/smpi: the MPI calls and messages */
    bool tracing_smpi_computing;              /* tracing/smpi/computing */
    bool tracing_smpi_sleeping;               /* tracing/smpi/sleeping */
    bool tracing_smpi_internals;              /* tracing/smpi/internals */
    bool tracing_smpi_display_sizes;          /* tracing/smpi/display-sizes */
    bool tracing_smpi_group;                  /* tracing/smpi/group */
    int tracing_precision;                    /* tracing/precision: digits of dates */
    char tracing_comment[SMPI_PATH_MAX];      /* tracing/comment */
    char tracing_comment_file[SMPI_PATH_MAX]; /* tracing/comment-file */
    bool tracing_categorized;                 /* tracing/categorized */
    bool tracing_uncategorized;               /* tracing/uncategorized */
    bool tracing_platform;                    /* tracing/platform */
    bool tracing_platform_topology;           /* tracing/platform/topology */
    bool tracing_disable_destroy;             /* tracing/disable-destroy */
    bool tracing_basic;                       /* tracing/basic */
    bool tracing_disable_link;                /* tracing/disable_link */
    bool tracing_disable_power;               /* tracing/disable_power */
    int tracing_smpi_format;                  /* tracing/smpi/format: enum smpi_trace_format */
    bool tracing_smpi_ti_one_file;            /* tracing/smpi/format/ti-one-file */
    char replay[SMPI_PATH_MAX];               /* smpi/replay: a TI trace's index, "" off */
    char timeline[SMPI_PATH_MAX];             /* smpi/timeline: the HTML file, "" off */
    enum smpi_progress progress;              /* smpi/progress */
    enum smpi_copy_stacks copy_stacks;        /* contexts/copy-stacks */
    double progress_interval;                 /* smpi/progress-interval, host seconds */
    char path[SMPI_PATH_MAX];                 /* path: the last folder added to the lookup */
    int cpu_optim;                            /* cpu/optim (no effect: same shares) */
    int host_model;                           /* host/model (default or compound) */
};

/* Fills cfg with every default. */
void smpi_options_defaults(struct smpi_config *cfg);
/* Applies one "name:value" item (the text after --cfg=). Dies naming the option and listing the
 * valid names or values when the item is wrong. */
void smpi_options_set(struct smpi_config *cfg, const char *item);
/* Applies the network model's defaults to every network item the user did not set. Call once,
 * after the last smpi_options_set and before handing cfg->sim to the kernel. */
void smpi_options_finish(struct smpi_config *cfg);
/* Whether the item was given on the command line, or set before by a platform's <config>
 * (SimGrid's !is_default). `name` may be an alias. Unknown names answer false. */
bool smpi_options_is_set(const char *name);
/* As smpi_options_set, for a <prop> of a platform's <config> at file:line: its errors name
 * them. */
void smpi_options_set_at(struct smpi_config *cfg, const char *item, const char *file, int line);
/* Prints the table (name, default, help) for --help-options. */
void smpi_options_print(FILE *out);
/* The value of the per-collective item smpi/<kind> ("" when unset). */
const char *smpi_options_coll(const char *kind);
/* Cost of a message of `size` bytes under a piecewise-linear smpi/os|or|ois table. */
double smpi_cost_eval(const struct smpi_cost *c, double size);
void smpi_options_free(struct smpi_config *cfg);
/* The items of the table, for the tool interface (mpit.c): how many (smpi/<collective> aside),
 * the name and help of the i-th, and the text of its value in cfg: as given, else its default
 * (the network model's for the items it sets). */
size_t smpi_options_count(void);
const char *smpi_options_name(size_t i, const char **help);
void smpi_options_text(const struct smpi_config *cfg, size_t i, char *buf, size_t len);

#endif /* SMPI_OPTIONS_H */
