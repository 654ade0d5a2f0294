/* threads_sync: the synchronisation calls of the application's threads (threads.c says which
 * calls smpicc routes here and why). Each object is simcore's (simcore/sync.c) laid in the
 * storage of the POSIX one, so a zeroed or statically initialised object works without an init
 * call, as with glibc. A call that must wait charges the native computation done since the
 * thread's last call, blocks the thread's actor in the engine, and is named in deadlock reports;
 * a call that does not wait costs nothing and takes no simulated time. A call from an OS thread
 * that is not the simulation's goes to the real function. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <stddef.h>
#include <string.h>
#include <time.h>

#include <smpi/smpi.h>

#include "smpi/internal.h"

_Static_assert(sizeof(struct sim_mutex) <= sizeof(pthread_mutex_t), "sim_mutex fits");
_Static_assert(offsetof(struct sim_mutex, kind) == offsetof(pthread_mutex_t, __data.__kind),
               "sim_mutex keeps its kind where glibc's static initialisers put it");
_Static_assert(sizeof(struct sim_cond) <= sizeof(pthread_cond_t), "sim_cond fits");
_Static_assert(sizeof(struct sim_barrier) <= sizeof(pthread_barrier_t), "sim_barrier fits");
_Static_assert(sizeof(struct sim_sem) <= sizeof(sem_t), "sim_sem fits");

#define MUTEX(m) ((struct sim_mutex *)(void *)(m))
#define COND(c) ((struct sim_cond *)(void *)(c))
#define BARRIER(b) ((struct sim_barrier *)(void *)(b))
#define SEM(s) ((struct sim_sem *)(void *)(s))

static bool simulated(void)
{
    return sim_actor_on_engine_thread();
}

/* A wait outside any actor (a constructor run by the engine) could never end. */
static void need_actor(const char *call)
{
    if (!sim_actor_self())
        sim_die("%s would wait outside a simulated rank or thread (in a constructor or "
                "destructor of the program): nothing could ever wake it",
                call);
}

/* The simulated date of an absolute timeout: the simulated clock while the rank's clocks are
 * simulated (between MPI_Init and MPI_Finalize, time.c), else the real clock's distance. */
static double deadline_of(const struct timespec *abstime)
{
    struct smpi_process *p = smpi__self();
    double at = (double)abstime->tv_sec + (double)abstime->tv_nsec * 1e-9;
    struct timespec now;

    if (p && p->initialized && !p->finalized)
        return at;
    clock_gettime(CLOCK_REALTIME, &now);
    return sim_now() + fmax(0, at - ((double)now.tv_sec + (double)now.tv_nsec * 1e-9));
}

static bool bad_timespec(const struct timespec *t)
{
    return !t || t->tv_nsec < 0 || t->tv_nsec >= 1000000000L;
}

/* ---- mutexes ------------------------------------------------------------------------------- */

SMPI_API int __wrap_pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *attr)
{
    int kind = PTHREAD_MUTEX_NORMAL;

    if (!simulated())
        return pthread_mutex_init(m, attr);
    if (attr && pthread_mutexattr_gettype(attr, &kind) != 0)
        return EINVAL;
    memset(m, 0, sizeof(*m));
    MUTEX(m)->kind = kind == PTHREAD_MUTEX_RECURSIVE    ? SIM_MUTEX_RECURSIVE
                     : kind == PTHREAD_MUTEX_ERRORCHECK ? SIM_MUTEX_ERRORCHECK
                                                        : SIM_MUTEX_NORMAL;
    return 0;
}

SMPI_API int __wrap_pthread_mutex_destroy(pthread_mutex_t *m)
{
    if (!simulated())
        return pthread_mutex_destroy(m);
    return sim_mutex_is_held(MUTEX(m)) ? EBUSY : 0;
}

SMPI_API int __wrap_pthread_mutex_trylock(pthread_mutex_t *m)
{
    if (!simulated())
        return pthread_mutex_trylock(m);
    return sim_mutex_trylock(MUTEX(m));
}

SMPI_API int __wrap_pthread_mutex_lock(pthread_mutex_t *m)
{
    int rc;

    if (!simulated())
        return pthread_mutex_lock(m);
    rc = sim_mutex_trylock(MUTEX(m));
    if (rc != EBUSY)
        return rc;
    need_actor("pthread_mutex_lock");
    smpi__enter("pthread_mutex_lock");
    rc = sim_mutex_lock(MUTEX(m), "pthread_mutex_lock");
    smpi__leave();
    return rc;
}

/* A timed lock waits on the mutex's queue like a lock; at the deadline it gives up its place. */
SMPI_API int __wrap_pthread_mutex_timedlock(pthread_mutex_t *m, const struct timespec *abstime)
{
    struct sim_mutex *s = MUTEX(m);
    double deadline;
    int rc;

    if (!simulated())
        return pthread_mutex_timedlock(m, abstime);
    rc = sim_mutex_trylock(s);
    if (rc != EBUSY)
        return rc;
    if (bad_timespec(abstime))
        return EINVAL;
    need_actor("pthread_mutex_timedlock");
    deadline = deadline_of(abstime);
    smpi__enter("pthread_mutex_timedlock");
    while (s->owner != sim_actor_self() || s->depth == 0)
        if (!sim_waitq_block(&s->waiters, "pthread_mutex_timedlock", deadline))
            break;
    rc = s->owner == sim_actor_self() && s->depth > 0 ? 0 : ETIMEDOUT;
    smpi__leave();
    return rc;
}

SMPI_API int __wrap_pthread_mutex_unlock(pthread_mutex_t *m)
{
    if (!simulated())
        return pthread_mutex_unlock(m);
    return sim_mutex_unlock(MUTEX(m));
}

/* ---- condition variables ------------------------------------------------------------------- */

SMPI_API int __wrap_pthread_cond_init(pthread_cond_t *c, const pthread_condattr_t *attr)
{
    if (!simulated())
        return pthread_cond_init(c, attr);
    memset(c, 0, sizeof(*c));
    return 0;
}

SMPI_API int __wrap_pthread_cond_destroy(pthread_cond_t *c)
{
    if (!simulated())
        return pthread_cond_destroy(c);
    return sim_waitq_is_empty(&COND(c)->waiters) ? 0 : EBUSY;
}

static int cond_wait(pthread_cond_t *c, pthread_mutex_t *m, const char *call, double deadline)
{
    int rc;

    need_actor(call);
    smpi__enter(call);
    rc = sim_cond_wait(COND(c), MUTEX(m), call, deadline);
    smpi__leave();
    return rc;
}

SMPI_API int __wrap_pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m)
{
    if (!simulated())
        return pthread_cond_wait(c, m);
    return cond_wait(c, m, "pthread_cond_wait", -1);
}

SMPI_API int __wrap_pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m,
                                           const struct timespec *abstime)
{
    if (!simulated())
        return pthread_cond_timedwait(c, m, abstime);
    if (bad_timespec(abstime))
        return EINVAL;
    return cond_wait(c, m, "pthread_cond_timedwait", deadline_of(abstime));
}

SMPI_API int __wrap_pthread_cond_signal(pthread_cond_t *c)
{
    if (!simulated())
        return pthread_cond_signal(c);
    sim_cond_signal(COND(c));
    return 0;
}

SMPI_API int __wrap_pthread_cond_broadcast(pthread_cond_t *c)
{
    if (!simulated())
        return pthread_cond_broadcast(c);
    sim_cond_broadcast(COND(c));
    return 0;
}

/* ---- barriers ------------------------------------------------------------------------------- */

SMPI_API int __wrap_pthread_barrier_init(pthread_barrier_t *b, const pthread_barrierattr_t *attr,
                                         unsigned count)
{
    if (!simulated())
        return pthread_barrier_init(b, attr, count);
    if (count == 0)
        return EINVAL;
    memset(b, 0, sizeof(*b));
    BARRIER(b)->count = count;
    return 0;
}

SMPI_API int __wrap_pthread_barrier_destroy(pthread_barrier_t *b)
{
    if (!simulated())
        return pthread_barrier_destroy(b);
    return BARRIER(b)->arrived ? EBUSY : 0;
}

SMPI_API int __wrap_pthread_barrier_wait(pthread_barrier_t *b)
{
    bool serial;

    if (!simulated())
        return pthread_barrier_wait(b);
    if (BARRIER(b)->arrived + 1 < BARRIER(b)->count)
        need_actor("pthread_barrier_wait");
    smpi__enter("pthread_barrier_wait");
    serial = sim_barrier_wait(BARRIER(b), "pthread_barrier_wait");
    smpi__leave();
    return serial ? PTHREAD_BARRIER_SERIAL_THREAD : 0;
}

/* ---- semaphores (unnamed) ------------------------------------------------------------------- */

SMPI_API int __wrap_sem_init(sem_t *s, int pshared, unsigned value)
{
    if (!simulated())
        return sem_init(s, pshared, value);
    if (value > SEM_VALUE_MAX) {
        errno = EINVAL;
        return -1;
    }
    memset(s, 0, sizeof(*s));
    SEM(s)->value = value;
    return 0;
}

SMPI_API int __wrap_sem_destroy(sem_t *s)
{
    if (!simulated())
        return sem_destroy(s);
    return 0;
}

static int sem_result(int rc)
{
    if (rc == 0)
        return 0;
    errno = rc;
    return -1;
}

SMPI_API int __wrap_sem_trywait(sem_t *s)
{
    if (!simulated())
        return sem_trywait(s);
    return sem_result(sim_sem_trywait(SEM(s)));
}

static int sem_wait_until(sem_t *s, const char *call, double deadline)
{
    int rc;

    if (sim_sem_trywait(SEM(s)) == 0)
        return 0;
    need_actor(call);
    smpi__enter(call);
    rc = sim_sem_wait(SEM(s), call, deadline);
    smpi__leave();
    return sem_result(rc);
}

SMPI_API int __wrap_sem_wait(sem_t *s)
{
    if (!simulated())
        return sem_wait(s);
    return sem_wait_until(s, "sem_wait", -1);
}

SMPI_API int __wrap_sem_timedwait(sem_t *s, const struct timespec *abstime)
{
    if (!simulated())
        return sem_timedwait(s, abstime);
    if (SEM(s)->value == 0 && bad_timespec(abstime))
        return sem_result(EINVAL);
    return sem_wait_until(s, "sem_timedwait", SEM(s)->value ? -1 : deadline_of(abstime));
}

SMPI_API int __wrap_sem_post(sem_t *s)
{
    if (!simulated())
        return sem_post(s);
    sim_sem_post(SEM(s));
    return 0;
}

SMPI_API int __wrap_sem_getvalue(sem_t *s, int *value)
{
    if (!simulated())
        return sem_getvalue(s, value);
    *value = (int)SEM(s)->value;
    return 0;
}

/* ---- yielding ------------------------------------------------------------------------------ */

/* In a rank that created threads: lets the threads and ranks ready at this date run first. When
 * none is, a thread polling with sched_yield would spin for ever while simulated time stands
 * still (threads are never preempted): the call then lets SMPI_YIELD_IDLE seconds pass, as a
 * failed MPI_Test does. A rank without threads gets the real call, so a program that uses no
 * threads keeps its simulated times. */
#define SMPI_YIELD_IDLE 1e-6

SMPI_API int __wrap_sched_yield(void)
{
    struct smpi_process *p = smpi__thread_caller();
    uint64_t runs;

    if (!p || !sim_actor_self() || !smpi__threads_started(p->rank))
        return sched_yield();
    smpi__enter("sched_yield");
    runs = sim_engine_actor_runs();
    sim_actor_yield();
    if (sim_engine_actor_runs() == runs)
        smpi__sleep(SMPI_YIELD_IDLE);
    smpi__leave();
    return 0;
}
