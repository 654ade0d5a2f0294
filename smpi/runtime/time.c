/* time: the application's view of time. sleep, gettimeofday, clock_gettime and MPI_Wtime see
 * simulated time (smpicc redirects the libc calls here), and smpi_execute* inject computation. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <math.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include <smpi.h>

#include "smpi/internal.h"

/* True when the caller is a rank between MPI_Init and MPI_Finalize (or holding an MPI-4
 * session): only then is time simulated, as in SMPI. */
static bool simulated(void)
{
    struct smpi_process *p = smpi__self();

    return p && ((p->initialized && !p->finalized) || p->sessions > 0);
}

void smpi__app_sleep(double seconds)
{
    double start;

    smpi__enter("sleep");
    start = sim_now();
    smpi__sleep(seconds);
    if (smpi__trace_on)
        smpi__trace_sleep(smpi__self(), start, sim_now());
    smpi__leave();
}

SMPI_API unsigned int smpi_sleep(unsigned int secs)
{
    if (!smpi__self())
        return sleep(secs);
    smpi__app_sleep(secs);
    return 0;
}

SMPI_API int smpi_usleep(useconds_t usecs)
{
    if (!smpi__self())
        return usleep(usecs);
    smpi__app_sleep((double)usecs / 1e6);
    return 0;
}

SMPI_API int smpi_nanosleep(const struct timespec *req, struct timespec *rem)
{
    if (!smpi__self())
        return nanosleep(req, rem);
    if (!req) {
        errno = EFAULT;
        return -1;
    }
    smpi__app_sleep((double)req->tv_sec + (double)req->tv_nsec / 1e9);
    if (rem)
        rem->tv_sec = rem->tv_nsec = 0;
    return 0;
}

/* Clock reads in a row, with no time passing in between, that are charged smpi/wtime each as in
 * SMPI 3.32; the ones after are charged more (read_clock). */
#define SMPI_WTIME_STREAK 100

/* Reads the clock, then charges smpi/wtime so that polling loops see time advance. A rank that
 * reads the clock again and again while nothing else advances its time (a busy-wait on
 * MPI_Wtime: MPICH's pt2pt/bsendpending waits 2 s so) is charged k - SMPI_WTIME_STREAK + 1
 * times smpi/wtime at the k-th read of the streak past SMPI_WTIME_STREAK, a linear growth as
 * smpi/grow-injected-times gives repeated MPI_Test and MPI_Iprobe calls: 2 s of polling then
 * take 2e4 reads instead of 2e8. A program reading the clock fewer times in a row, or with
 * smpi/grow-injected-times:no, sees SMPI's times. */
static double read_clock(void)
{
    struct smpi_process *p = smpi__self();
    double charge = smpi__rt.cfg.wtime;
    double now;

    smpi__enter("MPI_Wtime");
    now = sim_now();
    p->wtime_streak = now == p->wtime_polled ? p->wtime_streak + 1 : 0;
    if (smpi__rt.cfg.grow_injected_times && p->wtime_streak > SMPI_WTIME_STREAK)
        charge *= (double)(p->wtime_streak - SMPI_WTIME_STREAK + 1);
    if (charge > 0)
        smpi__sleep(charge);
    p->wtime_polled = sim_now();
    smpi__leave();
    return now;
}

SMPI_API int smpi_gettimeofday(struct timeval *tv, void *tz)
{
    double now;
    double secs;

    if (!simulated())
        return gettimeofday(tv, tz);
    now = read_clock();
    if (tv) {
        secs = trunc(now);
        tv->tv_sec = (time_t)secs;
        tv->tv_usec = (suseconds_t)((now - secs) * 1e6);
    }
    return 0;
}

SMPI_API int smpi_clock_gettime(clockid_t clk, struct timespec *tp)
{
    double now;
    double secs;

    if (!tp) {
        errno = EFAULT;
        return -1;
    }
    if (!simulated())
        return clock_gettime(clk, tp);
    now = read_clock();
    secs = trunc(now);
    tp->tv_sec = (time_t)secs;
    tp->tv_nsec = (long)((now - secs) * 1e9);
    return 0;
}

/* Computation on the simulated host, in seconds of this machine (scaled by host speeds);
 * nothing when shorter than smpi/cpu-threshold, as in SMPI 3.32. */
SMPI_API void smpi_execute(double seconds)
{
    struct smpi_process *p = smpi__self();

    if (!p)
        sim_die("smpi_execute used outside a simulated rank");
    smpi__enter("smpi_execute");
    smpi__execute_seconds(p, seconds);
    smpi__leave();
}

SMPI_API void smpi_execute_flops(double flops)
{
    smpi__enter("smpi_execute");
    smpi__compute(smpi__self(), flops);
    smpi__leave();
}

/* Seconds as they would be on the simulated host itself. */
SMPI_API void smpi_execute_benched(double seconds)
{
    struct smpi_process *p = smpi__self();

    smpi_execute_flops(seconds * sim_host_speed(p->host));
}

SMPI_API void smpi_execute_flops_benched(double flops)
{
    smpi_execute_flops(flops);
}

/* bcast family: smpi_wtime (p2p_api.h), MPI_Wtime from inside a collective, which is already
 * inside an MPI call: the clock, then smpi/wtime. */
double smpi_wtime(void)
{
    double now = sim_now();

    if (smpi__rt.cfg.wtime > 0)
        smpi__sleep(smpi__rt.cfg.wtime);
    return now;
}

double smpi_now(void)
{
    return sim_now();
}

double smpi__wtime(void)
{
    return simulated() ? read_clock() : sim_now();
}

double smpi__wtick(void)
{
    return sim_engine_config()->precision_timing;
}
