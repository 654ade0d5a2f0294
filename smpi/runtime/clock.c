/* clock: cheap timing of the native computation between MPI calls (clock.h).
 *
 * The thread's CPU time (CLOCK_THREAD_CPUTIME_ID) is what a burst of computation costs: unlike
 * a wall clock it does not count the time the thread was descheduled on a loaded machine. But
 * reading it is a system call (0.4-1.3 us here), where the TSC takes 10-30 ns and the vDSO's
 * CLOCK_MONOTONIC about 60 ns, and a program calling MPI in a loop would spend most of its time
 * reading it. So both ends of a burst read the wall clock only, and:
 *  - a burst shorter in wall time than the threshold below which it would be dropped cannot
 *    have used more CPU time than that: it is dropped without a system call;
 *  - a longer one reads the CPU time once, at its end, and compares it with the thread's
 *    reference pair (its CPU time and the wall clock read together, kept per thread: under
 *    the raw and ucontext factories every rank runs on one thread, under the thread factory
 *    each on its own). The burst's CPU time is the CPU time since the pair minus the wall time
 *    from the pair to the burst's start: exact when the thread was not descheduled in that
 *    interval. A descheduling of STALE_SECONDS or more leaves a gap that long between two
 *    reads of the wall clock on the thread (every burst's start and end read it), so a burst's
 *    start reads the pair again after such a gap, and when the pair is older than
 *    OLD_SECONDS (shorter deschedulings, interrupts, add up to less than that). A program that
 *    calls MPI every microsecond then reads the CPU time once a millisecond, not once every
 *    20 us as when the pair's age alone decided (a system call of 0.5-2 us here). Time
 *    descheduled during the burst itself is excluded exactly; the result never exceeds the
 *    burst's wall time, which leaves out the cost of the system call itself.
 * The TSC is used when /proc/cpuinfo has constant_tsc and nonstop_tsc (same rate in every
 * power state) and either the kernel's clocksource is the TSC (it found it synchronized across
 * processors) or it is kvm-clock read in the vDSO: the vDSO reads kvm-clock only while the
 * hypervisor sets PVCLOCK_TSC_STABLE_BIT, its promise that every virtual processor's TSC
 * follows one master clock (else each read is a system call, 20-50 times slower, which
 * vdso_reads_fast sees). It is calibrated against CLOCK_MONOTONIC_RAW at start (200 us) and
 * again each time the span since start has doubled, when the CPU time is read anyway. A TSC
 * that jumps (a virtual machine restored elsewhere) makes the burst across the jump read the
 * CPU time, which bounds it: backwards, its wall time is taken as infinite; forwards, the
 * jump is not CPU time. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "smpi/internal.h"
#include "smpi/runtime/clock.h"

enum {
    CALIBRATION_TRIES = 4, /* reads of a TSC / CLOCK_MONOTONIC_RAW pair, the tightest kept */
    VDSO_BATCHES = 8,      /* batches of reads timed by vdso_reads_fast, the fastest kept */
    VDSO_BATCH_READS = 15, /* CLOCK_MONOTONIC reads a batch, between two of the raw clock */
    VDSO_FAST_NS = 100,    /* a read faster than this was not a system call */
};

#define STALE_SECONDS 20e-6      /* longest gap between two reads of the wall clock */
#define OLD_SECONDS 1e-3         /* longest wall time from the reference pair to a burst */
#define CALIBRATION_SECONDS 2e-4 /* first calibration of the TSC */
#define CALIBRATION_MARGIN 0.99  /* a burst under this share of `negligible` is dropped */

struct smpi_clock smpi__clock = { .tick_seconds = 1e-9 };

/* The thread's reference pair: its CPU time, and the wall clock read just after; and the wall
 * clock at the thread's last burst start or end. */
struct reference {
    uint64_t tick;
    double cpu;
    bool valid;
    uint64_t last;
};

static _Thread_local struct reference ref __attribute__((tls_model("initial-exec")));

static uint64_t read_tsc(void)
{
#if defined(__x86_64__)
    return __rdtsc();
#else
    return 0; /* never called: smpi__clock_tsc_is_reliable is false */
#endif
}

static double raw_seconds(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A TSC value and the CLOCK_MONOTONIC_RAW time read between two reads of it: the tightest of
 * a few tries, its TSC taken halfway. */
static void tsc_pair(uint64_t *tick, double *seconds)
{
    uint64_t best = UINT64_MAX;

    for (int i = 0; i < CALIBRATION_TRIES; i++) {
        uint64_t t0 = read_tsc();
        double s = raw_seconds();
        uint64_t t1 = read_tsc();

        if (t1 - t0 < best) {
            best = t1 - t0;
            *tick = t0 + (t1 - t0) / 2;
            *seconds = s;
        }
    }
}

static void set_rate(uint64_t tick, double seconds)
{
    if (tick <= smpi__clock.base_tick || seconds <= smpi__clock.base_seconds)
        return;
    smpi__clock.refined_span = seconds - smpi__clock.base_seconds;
    smpi__clock.tick_seconds = smpi__clock.refined_span / (double)(tick - smpi__clock.base_tick);
    smpi__clock.stale_ticks = (uint64_t)(STALE_SECONDS / smpi__clock.tick_seconds);
    smpi__clock.old_ticks = (uint64_t)(OLD_SECONDS / smpi__clock.tick_seconds);
}

/* Calibrates the TSC again over the whole run once its span has doubled. */
static void refine(uint64_t now)
{
    uint64_t tick;
    double seconds;

    if (!smpi__clock.tsc || (double)(now - smpi__clock.base_tick) * smpi__clock.tick_seconds <
                                2 * smpi__clock.refined_span)
        return;
    tsc_pair(&tick, &seconds);
    set_rate(tick, seconds);
}

static bool file_has_word(const char *path, const char *prefix, const char *word)
{
    char line[8192];
    FILE *f = fopen(path, "r");
    bool found = false;
    size_t n = strlen(word);

    if (!f)
        return false;
    while (!found && fgets(line, sizeof(line), f)) {
        if (strncmp(line, prefix, strlen(prefix)) != 0)
            continue;
        for (const char *s = strstr(line, word); s && !found; s = strstr(s + 1, word))
            found = (s == line || s[-1] == ' ' || s[-1] == '\t') &&
                    (s[n] == ' ' || s[n] == '\n' || s[n] == '\0');
        break; /* the first matching line only */
    }
    fclose(f);
    return found;
}

/* Whether the vDSO answers CLOCK_MONOTONIC in user space: the fastest of a few batches of
 * reads under VDSO_FAST_NS a read. The vDSO's kvm-clock takes 20-60 ns; a system call from a
 * guest several hundred (1.3 us on the PVM machine). */
static bool vdso_reads_fast(void)
{
    double best = INFINITY;

    for (int i = 0; i < VDSO_BATCHES; i++) {
        struct timespec ts;
        double start = raw_seconds();

        for (int j = 0; j < VDSO_BATCH_READS; j++)
            clock_gettime(CLOCK_MONOTONIC, &ts);
        best = fmin(best, (raw_seconds() - start) / (VDSO_BATCH_READS + 1));
    }
    return best < VDSO_FAST_NS * 1e-9;
}

bool smpi__clock_tsc_is_reliable(void)
{
#if defined(__x86_64__)
    static const char *const source =
        "/sys/devices/system/clocksource/clocksource0/current_clocksource";

    return file_has_word("/proc/cpuinfo", "flags", "constant_tsc") &&
           file_has_word("/proc/cpuinfo", "flags", "nonstop_tsc") &&
           (file_has_word(source, "", "tsc") ||
            (file_has_word(source, "", "kvm-clock") && vdso_reads_fast()));
#else
    return false;
#endif
}

void smpi__clock_init(bool use_tsc)
{
    uint64_t tick;
    double seconds;
    double start;

    smpi__clock = (struct smpi_clock){
        .tick_seconds = 1e-9,
        .stale_ticks = (uint64_t)(STALE_SECONDS * 1e9),
        .old_ticks = (uint64_t)(OLD_SECONDS * 1e9),
    };
    ref.valid = false;
    if (!use_tsc || !smpi__clock_tsc_is_reliable())
        return;
    smpi__clock.tsc = true;
    tsc_pair(&smpi__clock.base_tick, &smpi__clock.base_seconds);
    start = raw_seconds();
    while (raw_seconds() - start < CALIBRATION_SECONDS)
        ;
    tsc_pair(&tick, &seconds);
    set_rate(tick, seconds);
}

static void read_reference(void)
{
    ref.cpu = smpi__thread_cpu_time();
    ref.tick = smpi__clock_ticks();
    ref.last = ref.tick;
    ref.valid = true;
    smpi__clock.cpu_reads++;
    refine(ref.tick);
}

uint64_t smpi__clock_burst_begin(void)
{
    uint64_t now = smpi__clock_ticks();
    uint64_t last = ref.last;

    ref.last = now;
    if (ref.valid && now - last <= smpi__clock.stale_ticks &&
        now - ref.tick <= smpi__clock.old_ticks)
        return now;
    read_reference();
    return ref.tick;
}

double smpi__clock_burst_cpu(double wall, double cpu, double before)
{
    double t = cpu - before;

    if (t > wall)
        t = wall;
    return t > 0 ? t : 0;
}

double smpi__clock_burst(uint64_t start, uint64_t end, double negligible)
{
    int64_t d = (int64_t)(end - start);
    double wall = d >= 0 ? (double)d * smpi__clock.tick_seconds : INFINITY;
    double cpu;
    double before;
    double t;

    smpi__clock.bursts++;
    ref.last = end;
    if (wall < negligible * CALIBRATION_MARGIN)
        return wall;
    if (!ref.valid) { /* a burst begun on another thread: nothing to compare with */
        read_reference();
        return isinf(wall) ? 0 : wall;
    }
    cpu = smpi__thread_cpu_time();
    before = (double)(int64_t)(start - ref.tick) * smpi__clock.tick_seconds;
    t = smpi__clock_burst_cpu(wall, cpu - ref.cpu, before > 0 ? before : 0);
    ref.cpu = cpu;
    ref.tick = smpi__clock_ticks();
    ref.last = ref.tick;
    smpi__clock.cpu_reads++;
    refine(ref.tick);
    return t;
}
