/* clock: the clocks that time native computation (clock.c). A burst of application code
 * between two MPI calls is timed by a wall clock read in user space (the TSC when it runs at a
 * constant rate on every processor, else the vDSO's CLOCK_MONOTONIC); the thread's CPU time, a
 * system call, is read only when the burst is long enough to be injected. */
#ifndef SMPI_RUNTIME_CLOCK_H
#define SMPI_RUNTIME_CLOCK_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>
#if defined(__x86_64__)
#include <x86intrin.h>
#endif

struct smpi_clock {
    bool tsc;             /* ticks are the TSC's; else nanoseconds of CLOCK_MONOTONIC */
    double tick_seconds;  /* seconds per tick */
    uint64_t stale_ticks; /* gap between two reads after which the reference pair is read */
    uint64_t old_ticks;   /* age past which the thread's reference pair is read again */
    uint64_t base_tick;   /* calibration of the TSC against CLOCK_MONOTONIC_RAW: first pair */
    double base_seconds;
    double refined_span;     /* seconds between the pairs of the last calibration */
    unsigned long bursts;    /* bursts timed */
    unsigned long cpu_reads; /* reads of the thread's CPU time (system calls) they needed */
};

extern struct smpi_clock smpi__clock;

/* The wall clock in ticks, for the ends of a burst. */
static inline uint64_t smpi__clock_ticks(void)
{
    struct timespec ts;

#if defined(__x86_64__)
    if (smpi__clock.tsc)
        return __rdtsc();
#endif
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Chooses the clock (the TSC only when use_tsc and the processor and kernel vouch for it:
 * smpi__clock_tsc_is_reliable) and calibrates it; resets the counters. */
void smpi__clock_init(bool use_tsc);
/* constant_tsc and nonstop_tsc in /proc/cpuinfo, and the kernel's clocksource is the TSC, or
 * kvm-clock while the vDSO reads it in user space (the hypervisor vouches for the TSC). */
bool smpi__clock_tsc_is_reliable(void);
/* A burst starts: its first tick, read last. The calling thread's reference pair (its CPU time
 * and the wall clock) is read again first when the thread's last burst start or end is more
 * than stale_ticks ago (it may have been descheduled since) or the pair older than old_ticks. */
uint64_t smpi__clock_burst_begin(void);
/* The CPU seconds of the burst between ticks start and end. Below `negligible` seconds of wall
 * time the wall time is returned as is (the thread cannot have computed longer); otherwise the
 * thread's CPU time is read once and the time it was descheduled taken out. */
double smpi__clock_burst(uint64_t start, uint64_t end, double negligible);
/* The CPU time of a burst of `wall` seconds that began `before` wall seconds after the
 * reference pair, when the thread ran `cpu` CPU seconds since that pair: cpu - before (the
 * reference interval before the burst is taken as fully on the processor), within [0, wall]. */
double smpi__clock_burst_cpu(double wall, double cpu, double before);

#endif
