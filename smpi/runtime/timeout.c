/* timeout: MPIEXEC_TIMEOUT, the job time limit that MPICH's mpiexec (and Open MPI's mpirun)
 * read from the environment and MPICH's runtests sets for each test from its timeLimit. The
 * simulated job ends, as mpiexec ends the real one, once it has run that many seconds: of
 * simulated time (the engine stops at that date, so the end is deterministic), or of wall-clock
 * time for a rank that loops without calling MPI and so never lets simulated time move. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "smpi/internal.h"

/* mpiexec's exit status when the job timed out (MPICH's hydra). */
#define TIMEOUT_STATUS 255

static long limit; /* seconds, 0 for none */
static char wall_message[128];

/* Runs in a thread of its own (SIGEV_THREAD), so that neither the program's alarm() nor its
 * signal handlers can take the limit away; the simulation may be anywhere: write and _exit. */
static void wall_expired(union sigval v)
{
    (void)v;
    if (write(STDERR_FILENO, wall_message, strlen(wall_message)) < 0)
        _exit(TIMEOUT_STATUS);
    _exit(TIMEOUT_STATUS);
}

void smpi__timeout_arm(void)
{
    const char *text = getenv("MPIEXEC_TIMEOUT");
    char *end;

    if (!text || !text[0])
        return;
    errno = 0;
    limit = strtol(text, &end, 10);
    if (errno || *end || limit < 0 || limit > INT_MAX / 2)
        sim_die("environment variable MPIEXEC_TIMEOUT='%s': expected a whole number of seconds "
                "from 0 (no limit) to %d",
                text, INT_MAX / 2);
    if (limit == 0)
        return;
    sim_engine_set_end_date((double)limit);
    snprintf(wall_message, sizeof(wall_message),
             "smpirun: APPLICATION TIMED OUT, TIMEOUT = %lds (MPIEXEC_TIMEOUT; wall-clock time, "
             "the simulated clock being short of it)\n",
             limit);
    struct sigevent ev = { .sigev_notify = SIGEV_THREAD, .sigev_notify_function = wall_expired };
    struct itimerspec when = { .it_value = { .tv_sec = limit } };
    timer_t timer;

    if (timer_create(CLOCK_MONOTONIC, &ev, &timer) != 0 ||
        timer_settime(timer, 0, &when, NULL) != 0)
        sim_die("MPIEXEC_TIMEOUT: cannot start a wall-clock timer: %s", strerror(errno));
}

void smpi__timeout_expired(void)
{
    fprintf(stderr,
            "smpirun: APPLICATION TIMED OUT, TIMEOUT = %lds (MPIEXEC_TIMEOUT; the simulated clock "
            "reached %ld s with ranks still running)\n",
            limit, limit);
    smpi__job_abort(TIMEOUT_STATUS);
}
