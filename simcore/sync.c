/* sync: synchronisation between actors — wait queues and, on them, mutexes, condition
 * variables, barriers and semaphores. Every actor runs on the engine's one OS thread, so a wait
 * must block the actor in the engine (sim_actor_block) rather than the thread; FIFO queues and
 * direct hand-over keep the order of a run fixed. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <limits.h>
#include <stdlib.h>

#include "simcore/internal.h"

/* One blocked actor, on its own stack for as long as it waits. */
struct sim_waiter {
    struct sim_actor *actor;
    struct sim_waiter *next;
    struct sim_waitq *q; /* NULL once taken out (woken or timed out) */
    bool timed_out;
};

static void push(struct sim_waitq *q, struct sim_waiter *w)
{
    w->next = NULL;
    w->q = q;
    if (q->tail)
        q->tail->next = w;
    else
        q->head = w;
    q->tail = w;
}

static struct sim_waiter *pop(struct sim_waitq *q)
{
    struct sim_waiter *w = q->head;

    if (!w)
        return NULL;
    q->head = w->next;
    if (!q->head)
        q->tail = NULL;
    w->q = NULL;
    return w;
}

static void unlink_waiter(struct sim_waitq *q, struct sim_waiter *w)
{
    struct sim_waiter *prev = NULL;

    for (struct sim_waiter *it = q->head; it; prev = it, it = it->next) {
        if (it != w)
            continue;
        if (prev)
            prev->next = w->next;
        else
            q->head = w->next;
        if (q->tail == w)
            q->tail = prev;
        w->q = NULL;
        return;
    }
}

/* The deadline's sleep ended (or was cancelled because the waiter was woken first). The engine
 * only flags the waiter: the queue may lie in memory that is the waiter's own (an MPI rank's
 * privatized globals), so the waiter takes itself out when it runs. */
static void on_deadline(struct sim_activity *act, void *arg)
{
    struct sim_waiter *w = arg;

    if (sim_activity_state(act) != SIM_ACTIVITY_DONE || !w->q)
        return;
    w->timed_out = true;
    sim_actor_wake(w->actor);
}

bool sim_waitq_block(struct sim_waitq *q, const char *what, double deadline)
{
    struct sim_waiter *w;
    struct sim_activity *timer = NULL;
    bool woken;

    sim_assert(sim_actor_self(), "sim_waitq_block called from maestro (%s)", what);
    if (deadline >= 0 && deadline <= sim_now())
        return false;
    w = sim_xcalloc(1, sizeof(*w));
    w->actor = sim_actor_self();
    push(q, w);
    if (deadline >= 0) {
        timer = sim_sleep_start(deadline - sim_now());
        sim_activity_on_done(timer, on_deadline, w);
    }
    while (w->q && !w->timed_out)
        sim_actor_block(what);
    /* woken by the other side even if the deadline passed meanwhile: what it handed over (a
     * mutex, a semaphore unit) is this waiter's */
    woken = w->q == NULL;
    if (!woken)
        unlink_waiter(q, w);
    if (timer) {
        sim_activity_cancel(timer);
        sim_activity_unref(timer);
    }
    free(w);
    return woken;
}

bool sim_waitq_wake_one(struct sim_waitq *q)
{
    struct sim_waiter *w = pop(q);

    if (!w)
        return false;
    sim_actor_wake(w->actor);
    return true;
}

int sim_waitq_wake_all(struct sim_waitq *q)
{
    int n = 0;

    while (sim_waitq_wake_one(q))
        n++;
    return n;
}

bool sim_waitq_is_empty(const struct sim_waitq *q)
{
    return q->head == NULL;
}

/* ---- mutexes ---------------------------------------------------------------------------- */

bool sim_mutex_is_held(const struct sim_mutex *m)
{
    return m->depth > 0;
}

static bool owns(const struct sim_mutex *m)
{
    return m->depth > 0 && m->owner == sim_actor_self();
}

int sim_mutex_trylock(struct sim_mutex *m)
{
    if (owns(m) && m->kind == SIM_MUTEX_RECURSIVE) {
        if (m->depth == UINT_MAX)
            return EAGAIN;
        m->depth++;
        return 0;
    }
    if (m->depth > 0)
        return EBUSY;
    m->owner = sim_actor_self();
    m->depth = 1;
    return 0;
}

int sim_mutex_lock(struct sim_mutex *m, const char *what)
{
    int rc = sim_mutex_trylock(m);

    if (rc != EBUSY)
        return rc;
    if (owns(m) && m->kind == SIM_MUTEX_ERRORCHECK)
        return EDEADLK;
    /* the unlock that wakes this actor hands it the mutex (sim_mutex_unlock) */
    while (!owns(m))
        sim_waitq_block(&m->waiters, what, -1);
    return 0;
}

int sim_mutex_unlock(struct sim_mutex *m)
{
    struct sim_waiter *w;

    if (!owns(m))
        return EPERM;
    if (--m->depth > 0)
        return 0;
    w = pop(&m->waiters);
    if (!w) {
        m->owner = NULL;
        return 0;
    }
    m->owner = w->actor;
    m->depth = 1;
    sim_actor_wake(w->actor);
    return 0;
}

/* ---- condition variables ------------------------------------------------------------------ */

int sim_cond_wait(struct sim_cond *c, struct sim_mutex *m, const char *what, double deadline)
{
    unsigned depth = m->depth;
    bool signalled;

    if (!owns(m))
        return EPERM;
    m->depth = 1; /* a recursive mutex is released whole and taken back as deep */
    sim_mutex_unlock(m);
    signalled = sim_waitq_block(&c->waiters, what, deadline);
    sim_mutex_lock(m, what);
    m->depth = depth;
    return signalled ? 0 : ETIMEDOUT;
}

void sim_cond_signal(struct sim_cond *c)
{
    sim_waitq_wake_one(&c->waiters);
}

void sim_cond_broadcast(struct sim_cond *c)
{
    sim_waitq_wake_all(&c->waiters);
}

/* ---- barriers and semaphores ---------------------------------------------------------------- */

bool sim_barrier_wait(struct sim_barrier *b, const char *what)
{
    if (++b->arrived >= b->count) {
        b->arrived = 0;
        sim_waitq_wake_all(&b->waiters);
        return true;
    }
    sim_waitq_block(&b->waiters, what, -1);
    return false;
}

int sim_sem_trywait(struct sim_sem *s)
{
    if (s->value == 0)
        return EAGAIN;
    s->value--;
    return 0;
}

int sim_sem_wait(struct sim_sem *s, const char *what, double deadline)
{
    if (sim_sem_trywait(s) == 0)
        return 0;
    /* a post while this actor waits hands it the unit without raising the value */
    return sim_waitq_block(&s->waiters, what, deadline) ? 0 : ETIMEDOUT;
}

void sim_sem_post(struct sim_sem *s)
{
    if (!sim_waitq_wake_one(&s->waiters))
        s->value++;
}
