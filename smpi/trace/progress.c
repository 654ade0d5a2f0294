/* progress: the one-line progress indicator on stderr (smpi/progress, smpi/progress-interval):
 * simulated time reached, host time, events per second and ranks finished. It hooks the
 * engine loop only when shown, and draws at most once per interval. */
#include <stdint.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "simcore/simcore.h"
#include "smpi/internal.h"

static struct {
    bool on;
    bool tty;           /* stderr is a terminal: redraw in place, else one line per refresh */
    bool drawn;         /* a line is on the terminal and must be erased at the end */
    double interval;    /* host seconds between refreshes */
    double start;       /* host time when the ranks started */
    double next;        /* host time of the next refresh */
    double last;        /* host time of the previous refresh */
    uint64_t last_runs; /* actor runs at the previous refresh */
} pg;

static double host_now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Writes n events per second as 950, 12.3k, 4.56M. */
static void format_rate(char *buf, size_t size, double n)
{
    if (n >= 1e6)
        snprintf(buf, size, "%.2fM", n / 1e6);
    else if (n >= 1e3)
        snprintf(buf, size, "%.1fk", n / 1e3);
    else
        snprintf(buf, size, "%.0f", n);
}

static void draw(double now)
{
    uint64_t runs = sim_engine_actor_runs();
    double span = now - pg.last;
    char rate[32];

    format_rate(rate, sizeof(rate), span > 0 ? (double)(runs - pg.last_runs) / span : 0.0);
    fprintf(stderr,
            "%ssimmpi: simulated %.9g s | host %.1f s | %s events/s | %d/%d ranks finished%s",
            pg.tty ? "\r" : "", sim_now(), now - pg.start, rate, smpi__rt.ranks_ended,
            smpi__rt.nranks, pg.tty ? "\033[K" : "\n");
    fflush(stderr);
    pg.drawn = pg.tty;
    pg.last = now;
    pg.last_runs = runs;
}

/* The engine hook, once per step: one clock read unless a refresh is due. */
static void tick(void *arg)
{
    double now = host_now();

    (void)arg;
    if (now < pg.next)
        return;
    draw(now);
    pg.next = now + pg.interval;
}

void smpi__progress_init(void)
{
    enum smpi_progress mode = smpi__rt.cfg.progress;

    pg.tty = isatty(STDERR_FILENO);
    if (mode == SMPI_PROGRESS_NO || (mode == SMPI_PROGRESS_AUTO && !pg.tty))
        return;
    pg.interval = smpi__rt.cfg.progress_interval;
    if (pg.interval < 0)
        sim_die("smpi/progress-interval: %g s is negative; give a host time such as 0.5s",
                pg.interval);
    pg.start = pg.last = host_now();
    pg.next = pg.start + pg.interval;
    pg.on = true;
    sim_engine_set_progress_hook(tick, NULL);
}

void smpi__progress_finish(void)
{
    if (!pg.on)
        return;
    if (!pg.tty) /* a log file gets the final state too */
        draw(host_now());
    sim_engine_set_progress_hook(NULL, NULL);
    if (pg.drawn) /* the run's own report starts on a clean line */
        fprintf(stderr, "\r\033[K");
    pg.drawn = false;
    pg.on = false;
}
