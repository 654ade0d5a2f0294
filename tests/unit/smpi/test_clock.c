/* The timing of native computation (smpi/runtime/clock.c): a burst shorter than the threshold
 * reads no CPU clock, a longer one reads it once and is given the thread's CPU time without the
 * time it was descheduled nor the cost of the read itself; the TSC's calibration. */
#include <criterion/criterion.h>
#include <time.h>

#include "smpi/internal.h"
#include "smpi/runtime/clock.h"

static volatile double sink;

static double raw_now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* About `seconds` of CPU time on this thread. */
static void burn(double seconds)
{
    double end = smpi__thread_cpu_time() + seconds;
    double x = 0;

    while (smpi__thread_cpu_time() < end)
        for (int i = 0; i < 1000; i++)
            x += i * 0.5;
    sink = x;
}

Test(clock, burst_cpu_is_the_cpu_time_since_the_reference_minus_the_time_before_the_burst)
{
    /* 5 us of wall time and 5.3 us of CPU since the pair read at the burst's start: the 0.3 us
     * the CPU clock's system call itself adds are not the application's; 10 ms of wall time
     * starting 2 us after the pair, 7.002 ms of CPU since the pair: 7 ms, the 3 ms descheduled
     * are left out; more wall time before the burst than CPU time since the pair gives 0. */
    cr_assert_float_eq(smpi__clock_burst_cpu(5e-6, 5.3e-6, 0), 5e-6, 1e-15);
    cr_assert_float_eq(smpi__clock_burst_cpu(10e-3, 7.002e-3, 2e-6), 7e-3, 1e-15);
    cr_assert_float_eq(smpi__clock_burst_cpu(1e-6, 1e-6, 5e-6), 0, 1e-15);
}

Test(clock, a_burst_below_the_threshold_reads_no_cpu_clock_and_gives_its_wall_time)
{
    uint64_t start;
    unsigned long reads;
    double t;
    double t0;

    smpi__clock_init(false); /* CLOCK_MONOTONIC: one tick is 1 ns */
    t0 = raw_now();
    start = smpi__clock_burst_begin();
    reads = smpi__clock.cpu_reads;
    cr_assert_eq(reads, 1, "the first burst of a thread reads its reference pair");
    t = smpi__clock_burst(start, start + 300, 1e-6);
    cr_assert_float_eq(t, 300e-9, 1e-15);
    cr_assert_eq(smpi__clock.cpu_reads, reads);
    cr_assert_eq(smpi__clock.bursts, 1);
    /* a start within 20 us of the last read keeps the pair; if this thread was descheduled
     * longer than that since t0 (a loaded machine), the start may rightly read it again */
    smpi__clock_burst_begin();
    if (raw_now() - t0 < 20e-6)
        cr_assert_eq(smpi__clock.cpu_reads, reads);
    else
        cr_assert(smpi__clock.cpu_reads == reads || smpi__clock.cpu_reads == reads + 1,
                  "%lu reads of the CPU clock after %lu", smpi__clock.cpu_reads, reads);
}

Test(clock, a_stale_reference_is_read_again_when_a_burst_starts)
{
    double t;

    smpi__clock_init(false);
    smpi__clock_burst_begin();
    t = raw_now();
    while (raw_now() - t < 50e-6)
        ;
    smpi__clock_burst_begin();
    cr_assert_eq(smpi__clock.cpu_reads, 2);
}

/* A burst of nothing: its start, then its end. */
static void short_burst(void)
{
    uint64_t start = smpi__clock_burst_begin();

    smpi__clock_burst(start, smpi__clock_ticks(), 1.0);
}

/* A thread that reads the wall clock every few microseconds (bursts starting and ending) cannot
 * have been descheduled for 20 us in between: its pair is kept, until it is 1 ms old. */
Test(clock, a_pair_is_kept_while_the_thread_reads_the_clock_often_and_read_again_after_1_ms)
{
    double t;
    double prev;
    double max_gap = 0;

    smpi__clock_init(false);
    smpi__clock_burst_begin();
    t = prev = raw_now();
    while (prev - t < 200e-6) {
        double now;

        short_burst();
        now = raw_now();
        max_gap = now - prev > max_gap ? now - prev : max_gap;
        prev = now;
    }
    if (max_gap > 10e-6)
        cr_skip_test("the test thread was descheduled for %g s", max_gap);
    cr_assert_eq(smpi__clock.cpu_reads, 1, "200 us of bursts a few us apart: the first pair");
    while (raw_now() - t < 1.2e-3)
        short_burst();
    cr_assert_geq(smpi__clock.cpu_reads, 2, "the pair is read again once 1 ms old");
}

static void long_burst_is_its_cpu_time(bool tsc)
{
    uint64_t start;
    double c0;
    double c1;
    double t;

    smpi__clock_init(tsc);
    start = smpi__clock_burst_begin();
    c0 = smpi__thread_cpu_time();
    burn(5e-3);
    c1 = smpi__thread_cpu_time();
    t = smpi__clock_burst(start, smpi__clock_ticks(), 1e-6);
    /* c0 and c1 bracket the burst with two more reads of the CPU clock: t is within them */
    cr_assert(t > 0.95 * (c1 - c0) && t < 1.05 * (c1 - c0) + 20e-6,
              "burst of %g s of CPU measured as %g s", c1 - c0, t);
    cr_assert_eq(smpi__clock.cpu_reads, 2, "the pair at the start, the CPU time at the end");
}

Test(clock, a_burst_above_the_threshold_is_its_cpu_time_on_the_monotonic_clock)
{
    long_burst_is_its_cpu_time(false);
}

Test(clock, a_burst_above_the_threshold_is_its_cpu_time_on_the_tsc)
{
    if (!smpi__clock_tsc_is_reliable())
        cr_skip_test("the TSC is not reliable here (or not an x86-64 processor)");
    long_burst_is_its_cpu_time(true);
}

Test(clock, the_tsc_is_calibrated_against_the_raw_monotonic_clock)
{
    uint64_t t0;
    double s0;
    double wall;

    if (!smpi__clock_tsc_is_reliable())
        cr_skip_test("the TSC is not reliable here (or not an x86-64 processor)");
    smpi__clock_init(true);
    cr_assert(smpi__clock.tsc);
    t0 = smpi__clock_ticks();
    s0 = raw_now();
    while (raw_now() - s0 < 10e-3)
        ;
    wall = (double)(smpi__clock_ticks() - t0) * smpi__clock.tick_seconds;
    /* 200 us of calibration: the rate is within a fraction of a percent */
    cr_assert(wall > 0.99 * 10e-3 && wall < 1.01 * (raw_now() - s0), "10 ms read as %g s", wall);
}
