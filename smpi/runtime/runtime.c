/* runtime: ranks as actors — their life from main() to the end of the job, the timing of the
 * native computation between MPI calls, and injected costs. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "smpi/internal.h"
#include "smpi/mpi/datatype.h"
#include "smpi/runtime/clock.h"
#include "smpi/runtime/loader.h"

SIM_LOG_CATEGORY(log_rt, "smpi");
SIM_LOG_SUBCATEGORY(log_mpi, "smpi_mpi", "smpi");
SIM_LOG_SUBCATEGORY(log_bench, "smpi_bench", "smpi");
/* simmpi's own: SMPI's tests read smpi_bench's lines, so this count has a category of its own */
SIM_LOG_SUBCATEGORY(log_clock, "smpi_clock", "smpi");

struct smpi_runtime smpi__rt;

void *smpi__rank_addr(int rank, const void *p)
{
    if (smpi__rt.copy_stacks)
        p = sim_actor_stack_addr(smpi__rt.procs[rank].actor, p);
    /* most buffers (the stack, the heap) are no global: no call into the loader for them */
    if ((const char *)p < smpi__rt.globals_lo || (const char *)p >= smpi__rt.globals_hi)
        return (void *)p;
    if (smpi__rt.procs[rank].job != 0) /* a spawned rank's copy is never mmap-privatized */
        return (void *)p;
    return smpi_app_rank_addr(smpi__rt.app, rank, p);
}

bool smpi__copy_stacks_wanted(int nranks)
{
    enum smpi_copy_stacks c = smpi__rt.cfg.copy_stacks;

    if (smpi__rt.cfg.sim.ctx_factory != SIM_CTX_RAW) /* the others keep a stack each */
        return false;
    return c == SMPI_COPY_STACKS_YES ||
           (c == SMPI_COPY_STACKS_AUTO && nranks >= SMPI_COPY_STACKS_AUTO_RANKS);
}

void *smpi__rank_buf(int rank, const void *buf, int count, MPI_Datatype type)
{
    const char *first = (const char *)buf;

    if (count > 0 && type && type != MPI_DATATYPE_NULL)
        first += type->true_lb;
    return (char *)buf + ((const char *)smpi__rank_addr(rank, first) - first);
}

void smpi__tie_to_rank(struct sim_actor *a, int rank)
{
    if (smpi__rt.copy_stacks)
        sim_actor_set_stack_of(a, smpi__rt.procs[rank].actor);
}

void smpi__job_abort(int status)
{
    fflush(stdout);
    smpi__progress_finish();
    smpi__trace_finish(); /* the outputs of the sinks show the run up to the abort */
    fflush(stdout);
    fflush(stderr);
    _Exit(status);
}

double smpi__thread_cpu_time(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A burst under smpi/cpu-threshold is dropped, as in SMPI 3.32, unless the rank's bursts since
 * simulated time last moved add up to the threshold: then their sum is injected. A program
 * polling MPI calls that take no simulated time (a one-sided operation on its own window, in
 * MPICH's rma/linked_list_bench_*) would otherwise never let time move for the others: SMPI's
 * own overhead, timed as the application's, is what moves it there. */
static double carry(struct smpi_process *p, double seconds)
{
    double now = sim_now();

    if (seconds >= smpi__rt.cfg.cpu_threshold)
        return seconds;
    if (p->bench_carry_t != now) {
        p->bench_carry_t = now;
        p->bench_carry = 0;
    }
    p->bench_carry += seconds;
    if (p->bench_carry < smpi__rt.cfg.cpu_threshold)
        return seconds;
    seconds = p->bench_carry;
    p->bench_carry = 0;
    return seconds;
}

/* Injects the computation done natively since the rank last left MPI: CPU seconds measured on
 * this machine (clock.c: a burst too short to be injected costs no system call), divided by the
 * speed factor of the code between the last two MPI calls (smpi/comp-adjustment-file), then as
 * smpi__execute_seconds. The clock is read first, so that simmpi's own work is not timed. */
void smpi__bench_end(struct smpi_process *p)
{
    const struct smpi_config *cfg = &smpi__rt.cfg;
    uint64_t end;
    double factor;
    double elapsed;

    if (!cfg->simulate_computation || smpi__rt.replaying)
        return;
    end = smpi__clock_ticks();
    factor = smpi__adjust_factor(p);
    elapsed = smpi__clock_burst(p->bench_tick, end, cfg->cpu_threshold * factor);
    smpi__rt.benched += elapsed;
    smpi__execute_seconds(p, carry(p, elapsed / factor));
}

/* SMPI 3.32's smpi_execute: a duration at or above smpi/cpu-threshold becomes flops at
 * smpi/host-speed; a shorter one is dropped. A negative threshold drops nothing: 3.32 stores
 * the value as given (its "-1 for infinity" callback is overwritten by the assignment). */
void smpi__execute_seconds(const struct smpi_process *p, double seconds)
{
    if (seconds >= smpi__rt.cfg.cpu_threshold)
        smpi__compute(p, seconds * smpi__rt.cfg.host_speed);
}

/* As SMPI 3.32's private_execute_flops: the computation carries the rank's tracing category. */
void smpi__compute(const struct smpi_process *p, double flops)
{
    double start = sim_now();
    struct sim_activity *act;

    SIM_LOG(log_bench, SIM_LOG_DEBUG, "Handle real computation time: %f flops", flops);
    if (smpi__trace_on)
        smpi__trace_execute(p, flops);
    act = sim_exec_start(p->host, flops);
    sim_activity_set_category(act, p->trace_category);
    sim_activity_wait(act);
    sim_activity_unref(act);
    if (smpi__trace_on)
        smpi__trace_compute(p, start, sim_now());
}

/* The rank leaves simmpi: the clock is read last, once the bookkeeping is done. */
void smpi__bench_begin(struct smpi_process *p)
{
    if (smpi__rt.cfg.simulate_computation && !smpi__rt.replaying)
        p->bench_tick = smpi__clock_burst_begin();
}

void smpi__log_call(const char *call, const char *what)
{
    const struct smpi_process *p;

    if (!SIM_LOG_ENABLED(log_mpi, SIM_LOG_VERBOSE))
        return;
    p = smpi__self();
    if (p && p->depth == 0)
        SIM_LOG(log_mpi, SIM_LOG_VERBOSE, "SMPI - %s %s", what, call);
}

/* Whether an MPI call's entry and exit are traced or logged: only then is its name compared
 * with "MPI_" (a library call per MPI call otherwise). */
static bool call_watched(const char *call)
{
    return (smpi__trace_on || SIM_LOG_ENABLED(log_mpi, SIM_LOG_VERBOSE)) &&
           strncmp(call, "MPI_", 4) == 0;
}

/* The rank enters MPI call `call`; c describes it to the trace sinks (NULL: tracing is off). */
static void enter(const char *call, const struct smpi_trace_call *c)
{
    struct smpi_process *p = smpi__self();

    if (!p)
        return;
    if (p->depth++ == 0) {
        if (p->sampling && strcmp(call, "smpi_execute") != 0)
            sim_die("rank %d calls %s inside the body of an SMPI_SAMPLE_* loop: a sampled body "
                    "must be pure computation (SMPI 3.32 aborts here too)",
                    p->rank, call);
        smpi__bench_end(p);
        p->call = call;
        p->call_peer = -1;
        p->call_comm = NULL;
        p->call_watched = call_watched(call);
        if (p->call_watched) {
            SIM_LOG(log_mpi, SIM_LOG_VERBOSE, "SMPI - Entering %s", call);
            if (smpi__trace_on && c)
                smpi__trace_call_in(p, c);
        }
    }
}

/* Without tracing, no description of the call is built. */
void smpi__enter(const char *call)
{
    struct smpi_trace_call c;

    if (!smpi__trace_on) {
        enter(call, NULL);
        return;
    }
    c = SMPI_TRACE_CALL(call);
    enter(call, &c);
}

void smpi__enter_call(const struct smpi_trace_call *c)
{
    enter(c->name, c);
}

void smpi__leave(void)
{
    struct smpi_process *p = smpi__self();

    if (!p)
        return;
    if (--p->depth == 0) {
        if (p->call_watched) {
            if (smpi__trace_on)
                smpi__trace_call_out(p, p->call);
            SIM_LOG(log_mpi, SIM_LOG_VERBOSE, "SMPI - Leaving %s", p->call);
        }
        p->call = NULL;
        smpi__bench_begin(p);
    }
}

void smpi__sleep(double seconds)
{
    sim_sleep(seconds);
}

/* The body of every rank's actor: run the application's main and judge how it ended. */
static void rank_main(void *arg)
{
    struct smpi_process *p = arg;
    char me[48];
    int rc;

    smpi__rank_label(p, me, sizeof(me));
    if (smpi__trace_on)
        smpi__trace_rank_start(p);
    smpi__bench_begin(p);
    rc = p->main(p->argc, p->argv);
    p->depth = 0;
    if (rc != 0) {
        fflush(stdout);
        fprintf(stderr, "simmpi: %s returned %d from main\n", me, rc);
        smpi__job_abort(rc & 0xff ? rc & 0xff : 1);
    }
    if (p->initialized && !p->finalized) {
        fflush(stdout);
        if (!smpi__rt.cfg.implicit_finalize) {
            fprintf(stderr, "simmpi: %s returned from main without calling MPI_Finalize\n", me);
            smpi__job_abort(1);
        }
        fprintf(stderr,
                "simmpi: warning: %s returned from main without calling MPI_Finalize; "
                "finalized it (--cfg=smpi/implicit-finalize:no makes this an error)\n",
                me);
        PMPI_Finalize();
    }
    smpi__rt.ranks_ended++;
    if (smpi__rt.ranks_ended == smpi__rt.nranks)
        SIM_LOG(log_clock, SIM_LOG_VERBOSE,
                "%lu bursts of native computation timed, %lu reads of the thread's CPU time "
                "(the wall clock: %s)",
                smpi__clock.bursts, smpi__clock.cpu_reads,
                smpi__clock.tsc ? "TSC" : "CLOCK_MONOTONIC");
    if (smpi__trace_on)
        smpi__trace_rank_end(p);
}

void smpi__ranks_create(void)
{
    smpi__rt.test_sleeps = 1;
    smpi__rt.testany_sleeps = 1;
    smpi__rt.iprobe_sleeps = 1;
    if (smpi__rt.cfg.simulate_computation && !smpi__rt.replaying)
        smpi__clock_init(true);
    smpi__rt.copy_stacks = smpi__copy_stacks_wanted(smpi__rt.nranks);
    for (int i = 0; i < smpi__rt.nranks; i++)
        smpi__rank_start(&smpi__rt.procs[i]);
    SIM_LOG(log_rt, SIM_LOG_VERBOSE, "%d ranks created", smpi__rt.nranks);
}

/* SimGrid's actor name for a rank is its number; a spawned rank's is "R@J", its rank in the
 * world of spawn J, so that log lines tell the jobs apart. */
void smpi__rank_start(struct smpi_process *p)
{
    char name[32];
    char label[48];

    if (p->job == 0)
        sim_decimal(name, p->rank);
    else
        snprintf(name, sizeof(name), "%d@%d", p->job_rank, p->job);
    smpi__rank_label(p, label, sizeof(label));
    p->actor = smpi__rt.copy_stacks ? sim_actor_create_copied(name, label, p->host, rank_main, p)
                                    : sim_actor_create_labeled(name, label, p->host, rank_main, p);
    sim_actor_set_data(p->actor, p);
    p->thread_level = MPI_THREAD_SINGLE;
    smpi__getopt_init(&p->getopt);
}

/* exit() called by the application (redirected by smpicc's forced include). A rank that exits
 * with 0 after MPI_Finalize, or before MPI_Init, simply ends; any other exit ends the job. */
SMPI_API void smpi_exit(int status)
{
    struct smpi_process *p = smpi__self();

    if (!p)
        exit(status);
    p->depth = 0;
    if (status != 0) {
        fflush(stdout);
        fprintf(stderr, "simmpi: rank %d called exit(%d)\n", p->rank, status);
        smpi__job_abort(status);
    }
    if (p->initialized && !p->finalized) {
        fflush(stdout);
        fprintf(stderr, "simmpi: rank %d called exit(0) without calling MPI_Finalize\n", p->rank);
        smpi__job_abort(1);
    }
    sim_actor_exit();
}

/* smpi/host-speed:auto: times a naive matrix product (2 n^3 flops) on this machine. */
double smpi__bench_host_speed(void)
{
    enum { N = 192 };
    static double a[N][N], b[N][N], c[N][N];
    double t0;
    double t;

    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            a[i][j] = (double)(i + j) / N;
            b[i][j] = (double)(i - j) / N;
            c[i][j] = 0;
        }
    t0 = smpi__thread_cpu_time();
    for (int i = 0; i < N; i++)
        for (int k = 0; k < N; k++)
            for (int j = 0; j < N; j++)
                c[i][j] += a[i][k] * b[k][j];
    t = smpi__thread_cpu_time() - t0;
    SIM_LOG(log_rt, SIM_LOG_VERBOSE, "smpi/host-speed:auto measured %.3g flop/s (check %g)",
            2.0 * N * N * N / t, c[N / 2][N / 3]);
    return 2.0 * N * N * N / (t > 0 ? t : 1e-9);
}
