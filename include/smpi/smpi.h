/* smpi/smpi.h: the simulator's calls for MPI applications, at the path SMPI users include
 * (<smpi/smpi.h>; <mpi.h> and <smpi.h> include it too, as SMPI's headers do). Compatible with
 * SimGrid SMPI 3.32:
 *  - smpi_execute*: inject a computation into the calling rank's simulated time;
 *  - SMPI_SAMPLE_LOCAL / _GLOBAL (and their _TAG forms): shadow execution of a loop: its body
 *    really runs for the first `iters` visits of the call site (per rank, or shared by all
 *    ranks for GLOBAL; with threshold > 0, also until the relative standard error of the mean
 *    falls below it), then each visit of the loop injects mean x its iteration count instead;
 *  - SMPI_SAMPLE_DELAY / _FLOPS: a block that never runs and injects that duration or work.
 *  - SMPI_SHARED_MALLOC / SMPI_PARTIAL_SHARED_MALLOC / SMPI_SHARED_FREE: memory folding: the
 *    ranks' big arrays share physical memory (smpi/shared-malloc), their data is meaningless;
 *  - SMPI_SHARED_CALL(f, input, args...): f(args...) runs once per (f, input) for all ranks. */
#ifndef SMPI_PUBLIC_SMPI_SMPI_H
#define SMPI_PUBLIC_SMPI_SMPI_H

#include <stdio.h>

#include <mpi.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The calling rank computes for `seconds` of this machine's time: converted to flops at the
 * reference speed (--cfg=smpi/host-speed), then run on the rank's simulated host. Blocks the
 * rank for the simulated duration. */
/* In an actor a rank started with sg_actor_start (<simgrid/actor.h>): from now on it makes MPI
 * calls as that rank (SMPI's threads). Anywhere else the run ends with a message. */
SMPI_API void SMPI_thread_create(void);
SMPI_API void smpi_execute(double seconds);
/* The calling rank computes `flops` floating-point operations on its simulated host. */
SMPI_API void smpi_execute_flops(double flops);
/* As smpi_execute, but `seconds` is a duration on the simulated host itself. */
SMPI_API void smpi_execute_benched(double seconds);
/* As smpi_execute_flops (SMPI's name for the benched variant). */
SMPI_API void smpi_execute_flops_benched(double flops);

/* The steps of the SMPI_SAMPLE_* loops (use the macros, not these): whether to run the body
 * once more (else the loop ends after injecting mean x iter_count), the end of one measured
 * body, and the end of a loop whose condition became false. */
SMPI_API int smpi_sample_cond(int global, const char *file, const char *tag, int iters,
                              double threshold, int iter_count);
SMPI_API void smpi_sample_iter(int global, const char *file, const char *tag);
SMPI_API int smpi_sample_exit(int global, const char *file, const char *tag, int iter_count);

/* Records the file and line of the next MPI call for the calling rank: programs built with
 * `smpicc -trace-call-location` call it before each MPI call (<smpi/smpi_extended_traces.h>),
 * and smpi/comp-adjustment-file names code segments by these locations. */
SMPI_API void smpi_trace_set_call_location(const char *file, int line);

/* The calling rank's host, SMPI's older DVFS and energy calls (SimGrid 3.17; <simgrid/host.h>
 * and <simgrid/plugins/energy.h> give the sg_host_* ones): the speed of a pstate, of the
 * current one, their number, the current pstate and setting it (the computations in progress
 * run at the new speed from now on), and the joules consumed so far (needs
 * --cfg=plugin:host_energy). A pstate out of range ends the run naming the host. */
SMPI_API double smpi_get_host_power_peak_at(int pstate_index);
SMPI_API double smpi_get_host_current_power_peak(void);
SMPI_API int smpi_get_host_nb_pstates(void);
SMPI_API void smpi_set_host_pstate(int pstate_index);
SMPI_API int smpi_get_host_pstate(void);
SMPI_API double smpi_get_host_consumed_energy(void);

/* SMPI's replay, for replayer programs run as smpirun -replay TRACE ./replayer (SimGrid's
 * examples/smpi/replay): smpi_replay_init starts the calling rank's replay (MPI_Init, the
 * built-in actions registered, then a computation of start_delay_flops, or a yield so that every
 * rank initializes first); smpi_replay_main runs its actions, from private_trace_filename or,
 * when NULL, from its trace of the -replay index, then finalizes; smpi_replay_run does both.
 * smpirun -replay TRACE without a program runs smpi_replay_run in every rank. */
SMPI_API void smpi_replay_init(const char *instance_id, int rank, double start_delay_flops);
SMPI_API void smpi_replay_main(int rank, const char *private_trace_filename);
SMPI_API void smpi_replay_run(const char *instance_id, int rank, double start_delay_flops,
                              const char *private_trace_filename);
/* The handlers of replay actions, shared by all ranks (the C form of <xbt/replay.hpp>): an
 * action whose name is `name` runs fn(data, nfields, fields), fields[0] its rank and fields[1]
 * its name. Registering a name again replaces its handler (free_data, if not NULL, is then
 * called on the old data); smpi_replay_init registers the built-in ones again. _get fills the
 * handler of `name` and returns 1, or returns 0 when there is none. */
typedef void smpi_replay_action_fn(void *data, int nfields, const char *const *fields);
SMPI_API void smpi_replay_action_register(const char *name, smpi_replay_action_fn *fn, void *data,
                                          void (*free_data)(void *data));
SMPI_API int smpi_replay_action_get(const char *name, smpi_replay_action_fn **fn, void **data);
/* The trace that the ranks replaying a shared trace read (xbt_replay_set_tracefile). */
SMPI_API void smpi_replay_set_tracefile(const char *path);

#define SMPI_SAMPLE_CONCAT_(a, b) a##b
#define SMPI_SAMPLE_CONCAT(a, b) SMPI_SAMPLE_CONCAT_(a, b)
#define SMPI_ITER_NAME(line) SMPI_SAMPLE_CONCAT(smpi_iter_count_, line)
#define SMPI_CTAG_NAME(line) SMPI_SAMPLE_CONCAT(smpi_ctag_, line)

/* Counts the loop's iterations by running its header alone, then runs the loop with the body
 * as long as smpi_sample_cond says so. A statement: put it where a declaration may stand. */
#define SMPI_SAMPLE_LOOP(loop_init, loop_end, loop_iter, global, iters, thres, tag)                \
    char SMPI_CTAG_NAME(__LINE__)[132];                                                            \
    snprintf(SMPI_CTAG_NAME(__LINE__), 132, "%s%d", tag, __LINE__);                                \
    int SMPI_ITER_NAME(__LINE__) = 0;                                                              \
    {                                                                                              \
        loop_init;                                                                                 \
        while (loop_end) {                                                                         \
            SMPI_ITER_NAME(__LINE__)++;                                                            \
            (loop_iter);                                                                           \
        }                                                                                          \
    }                                                                                              \
    for (loop_init; (loop_end) ? smpi_sample_cond((global), __FILE__, SMPI_CTAG_NAME(__LINE__),    \
                                                  (iters), (thres), SMPI_ITER_NAME(__LINE__))      \
                               : smpi_sample_exit((global), __FILE__, SMPI_CTAG_NAME(__LINE__),    \
                                                  SMPI_ITER_NAME(__LINE__));                       \
         smpi_sample_iter((global), __FILE__, SMPI_CTAG_NAME(__LINE__)), (loop_iter))

#define SMPI_SAMPLE_LOCAL(loop_init, loop_end, loop_iter, iters, thres)                            \
    SMPI_SAMPLE_LOOP(loop_init, (loop_end), (loop_iter), 0, (iters), (thres), "")
#define SMPI_SAMPLE_LOCAL_TAG(loop_init, loop_end, loop_iter, iters, thres, tag)                   \
    SMPI_SAMPLE_LOOP(loop_init, (loop_end), (loop_iter), 0, (iters), (thres), tag)
#define SMPI_SAMPLE_GLOBAL(loop_init, loop_end, loop_iter, iters, thres)                           \
    SMPI_SAMPLE_LOOP(loop_init, (loop_end), (loop_iter), 1, (iters), (thres), "")
#define SMPI_SAMPLE_GLOBAL_TAG(loop_init, loop_end, loop_iter, iters, thres, tag)                  \
    SMPI_SAMPLE_LOOP(loop_init, (loop_end), (loop_iter), 1, (iters), (thres), tag)
#define SMPI_SAMPLE_DELAY(duration) for (smpi_execute(duration); 0;)
#define SMPI_SAMPLE_FLOPS(flops) for (smpi_execute_flops(flops); 0;)

/* Memory folding. */
SMPI_API void *smpi_shared_malloc(size_t size, const char *file, int line);
#define SMPI_SHARED_MALLOC(size) smpi_shared_malloc((size), __FILE__, __LINE__)
/* shared_block_offsets: nb_shared_blocks [start, stop) byte ranges, in order, that fold; the
 * rest of the allocation stays private to the rank. */
SMPI_API void *smpi_shared_malloc_partial(size_t size, const size_t *shared_block_offsets,
                                          int nb_shared_blocks);
#define SMPI_PARTIAL_SHARED_MALLOC(size, shared_block_offsets, nb_shared_blocks)                   \
    smpi_shared_malloc_partial((size), (shared_block_offsets), (nb_shared_blocks))
SMPI_API void smpi_shared_free(void *data);
#define SMPI_SHARED_FREE(data) smpi_shared_free(data)

SMPI_API int smpi_shared_known_call(const char *func, const char *input);
SMPI_API void *smpi_shared_get_call(const char *func, const char *input);
SMPI_API void *smpi_shared_set_call(const char *func, const char *input, void *data);
#define SMPI_SHARED_CALL(func, input, ...)                                                         \
    (smpi_shared_known_call(#func, (input))                                                        \
         ? smpi_shared_get_call(#func, (input))                                                    \
         : smpi_shared_set_call(#func, (input), ((func)(__VA_ARGS__))))

#ifdef __cplusplus
}
#endif

#endif /* SMPI_PUBLIC_SMPI_SMPI_H */
