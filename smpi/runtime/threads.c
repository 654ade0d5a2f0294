/* threads: MPI_THREAD_MULTIPLE. A POSIX thread that the application creates is a simulated actor
 * on its rank's host: its simcore data is a shadow smpi_process carrying the rank's world rank
 * (so it sees the rank's privatized globals, communicators, requests and error handlers) and its
 * own actor and per-call state (so it blocks, wakes and times its native computation itself).
 * smpicc links the program with -Wl,--wrap for the calls of smpi/smpicc.in's list, so only the
 * application's own calls land here (libc's and an OpenMP runtime's threads keep the real ones);
 * a call from an OS thread that is not the simulation's goes to the real function. This file:
 * creating, ending, joining and naming threads, thread-specific data, pthread_once;
 * threads_sync.c: mutexes, condition variables, barriers, semaphores, sched_yield. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <smpi/smpi.h>

#include "smpi/internal.h"

SIM_LOG_CATEGORY(log_threads, "smpi.threads");

/* What a key's value is in one thread. */
struct smpi_tls {
    void **vals;
    unsigned n;
};

struct smpi_thread {
    struct smpi_process proc; /* first: simcore's data of the actor */
    int id;                   /* 1, 2, ... in creation order within its rank (0: main) */
    void *(*fn)(void *);
    void *arg;
    void *retval;
    bool done;
    bool detached;
    bool joined; /* a pthread_join has claimed it */
    struct sim_waitq joiners;
    struct smpi_tls tls;
    char name[16];
    struct smpi_thread *next; /* the rank's threads not yet joined or ended detached */
};

/* Per rank: its threads, how many it created, the main thread's thread-specific data, and which
 * thread called MPI_Init_thread (MPI_Is_thread_main). */
struct rank_threads {
    struct smpi_thread *list;
    int created;
    int init_id;
    struct smpi_tls main_tls;
};
static struct rank_threads *ranks;

/* Keys are one table for the whole job (a rank's copy of the program gets keys of its own). */
struct key {
    bool used;
    void (*dtor)(void *);
};
static struct key *keys;
static unsigned nkeys;

static struct rank_threads *rank_of(int rank)
{
    if (!ranks)
        ranks = sim_xcalloc((size_t)smpi__procs_cap(), sizeof(*ranks));
    return &ranks[rank];
}

/* The calling simulated thread's process (rank or shadow), NULL when the caller is not one:
 * another OS thread, or the engine itself. */
struct smpi_process *smpi__thread_caller(void)
{
    if (!sim_actor_on_engine_thread())
        return NULL;
    return smpi__self();
}

int smpi__thread_id(const struct smpi_process *p)
{
    return p->thread ? p->thread->id : 0;
}

static pthread_t handle_of(struct smpi_process *p)
{
    return p->thread ? (pthread_t)p->thread : (pthread_t)&smpi__rt.procs[p->rank];
}

/* The live thread of `rank` that `th` names, NULL when none (a main thread, an ended detached
 * thread, a joined one, or not a handle at all). */
static struct smpi_thread *lookup(int rank, pthread_t th)
{
    for (struct smpi_thread *t = rank_of(rank)->list; t; t = t->next)
        if ((pthread_t)t == th)
            return t;
    return NULL;
}

static void unlink_thread(struct smpi_thread *t)
{
    struct smpi_thread **pp = &rank_of(t->proc.rank)->list;

    while (*pp != t)
        pp = &(*pp)->next;
    *pp = t->next;
}

static struct smpi_tls *tls_of(struct smpi_process *p)
{
    return p->thread ? &p->thread->tls : &rank_of(p->rank)->main_tls;
}

/* POSIX's end of a thread: the destructors of its non-NULL values, up to
 * PTHREAD_DESTRUCTOR_ITERATIONS rounds while they set new ones. */
static void run_destructors(struct smpi_tls *tls)
{
    for (int round = 0; round < PTHREAD_DESTRUCTOR_ITERATIONS; round++) {
        bool again = false;

        for (unsigned k = 0; k < tls->n && k < nkeys; k++) {
            void *v = tls->vals[k];

            if (!v || !keys[k].used || !keys[k].dtor)
                continue;
            tls->vals[k] = NULL;
            keys[k].dtor(v);
            again = true;
        }
        if (!again)
            break;
    }
    free(tls->vals);
    tls->vals = NULL;
    tls->n = 0;
}

/* Drops an ended thread that was joined, or detached. */
static void forget(struct smpi_thread *t)
{
    unlink_thread(t);
    sim_actor_set_data(t->proc.actor, NULL);
    free(t);
}

static void thread_end(struct smpi_thread *t, void *retval)
{
    run_destructors(&t->tls);
    t->retval = retval;
    t->done = true;
    t->proc.depth = 0;
    SIM_LOG(log_threads, SIM_LOG_VERBOSE, "rank %d thread %d ended", t->proc.rank, t->id);
    sim_waitq_wake_all(&t->joiners);
    if (t->detached)
        forget(t);
}

static void thread_main(void *arg)
{
    struct smpi_thread *t = arg;

    smpi__bench_begin(&t->proc);
    thread_end(t, t->fn(t->arg));
}

SMPI_API int __wrap_pthread_create(pthread_t *th, const pthread_attr_t *attr, void *(*fn)(void *),
                                   void *arg)
{
    struct smpi_process *p = smpi__thread_caller();
    struct rank_threads *r;
    struct smpi_thread *t;
    int detach = PTHREAD_CREATE_JOINABLE;
    char name[32];
    char label[48];

    if (!p)
        return pthread_create(th, attr, fn, arg);
    if (attr && pthread_attr_getdetachstate(attr, &detach) != 0)
        return EINVAL;
    r = rank_of(p->rank);
    t = sim_xcalloc(1, sizeof(*t));
    t->id = ++r->created;
    t->fn = fn;
    t->arg = arg;
    t->detached = detach == PTHREAD_CREATE_DETACHED;
    t->proc.rank = p->rank;
    t->proc.host = p->host;
    t->proc.main = p->main;
    t->proc.initialized = smpi__rt.procs[p->rank].initialized;
    t->proc.finalized = smpi__rt.procs[p->rank].finalized;
    t->proc.thread_level = smpi__rt.procs[p->rank].thread_level;
    t->proc.trace_category = p->trace_category;
    t->proc.thread = t;
    t->next = r->list;
    r->list = t;
    snprintf(name, sizeof(name), "%d.%d", p->rank, t->id);
    snprintf(label, sizeof(label), "rank %d thread %d", p->rank, t->id);
    t->proc.actor = sim_actor_create_labeled(name, label, p->host, thread_main, t);
    sim_actor_set_data(t->proc.actor, &t->proc);
    smpi__tie_to_rank(t->proc.actor, p->rank); /* arg may point into the rank's stack */
    SIM_LOG(log_threads, SIM_LOG_VERBOSE, "rank %d thread %d created", p->rank, t->id);
    *th = (pthread_t)t;
    return 0;
}

SMPI_API void __wrap_pthread_exit(void *retval)
{
    struct smpi_process *p = smpi__thread_caller();

    if (!p)
        pthread_exit(retval);
    if (!p->thread)
        sim_die("rank %d called pthread_exit in its main thread: simmpi cannot keep a rank's "
                "other threads running after its main ends; return from main after joining them",
                p->rank);
    thread_end(p->thread, retval);
    sim_actor_exit();
}

/* Thread th of `rank` into *t when it may still be joined or detached; else ESRCH (no such
 * thread) or EINVAL (already joined or detached). */
static int claim(int rank, pthread_t th, struct smpi_thread **t)
{
    *t = lookup(rank, th);
    if (!*t)
        return ESRCH;
    return (*t)->detached || (*t)->joined ? EINVAL : 0;
}

SMPI_API int __wrap_pthread_join(pthread_t th, void **retval)
{
    struct smpi_process *p = smpi__thread_caller();
    struct smpi_thread *t;
    int err;

    if (!p)
        return pthread_join(th, retval);
    if (th == handle_of(p))
        return EDEADLK;
    if ((err = claim(p->rank, th, &t)) != 0)
        return err;
    t->joined = true;
    if (!t->done) {
        smpi__enter("pthread_join");
        while (!t->done)
            sim_waitq_block(&t->joiners, "pthread_join", -1);
        smpi__leave();
    }
    if (retval)
        *retval = t->retval;
    forget(t);
    return 0;
}

SMPI_API int __wrap_pthread_detach(pthread_t th)
{
    struct smpi_process *p = smpi__thread_caller();
    struct smpi_thread *t;
    int err;

    if (!p)
        return pthread_detach(th);
    if ((err = claim(p->rank, th, &t)) != 0)
        return err;
    t->detached = true;
    if (t->done)
        forget(t);
    return 0;
}

SMPI_API pthread_t __wrap_pthread_self(void)
{
    struct smpi_process *p = smpi__thread_caller();

    return p ? handle_of(p) : pthread_self();
}

SMPI_API int __wrap_pthread_equal(pthread_t a, pthread_t b)
{
    return a == b;
}

SMPI_API int __wrap_pthread_setname_np(pthread_t th, const char *name)
{
    struct smpi_process *p = smpi__thread_caller();
    struct smpi_thread *t;

    if (!p)
        return pthread_setname_np(th, name);
    if (strlen(name) >= sizeof(t->name))
        return ERANGE;
    t = lookup(p->rank, th);
    if (t)
        snprintf(t->name, sizeof(t->name), "%s", name);
    return t || th == handle_of(p) ? 0 : ESRCH;
}

SMPI_API int __wrap_pthread_getname_np(pthread_t th, char *name, size_t len)
{
    struct smpi_process *p = smpi__thread_caller();
    struct smpi_thread *t;
    char main_name[16];

    if (!p)
        return pthread_getname_np(th, name, len);
    t = lookup(p->rank, th);
    if (!t && th != handle_of(p))
        return ESRCH;
    snprintf(main_name, sizeof(main_name), "rank%d", p->rank);
    if (len < strlen(t ? t->name : main_name) + 1)
        return ERANGE;
    snprintf(name, len, "%s", t ? t->name : main_name);
    return 0;
}

/* ---- thread-specific data ---------------------------------------------------------------- */

SMPI_API int __wrap_pthread_key_create(pthread_key_t *key, void (*dtor)(void *))
{
    unsigned k = 0;

    if (!sim_actor_on_engine_thread())
        return pthread_key_create(key, dtor);
    while (k < nkeys && keys[k].used)
        k++;
    if (k == nkeys) {
        if (nkeys >= PTHREAD_KEYS_MAX)
            return EAGAIN;
        keys = sim_xrealloc(keys, (size_t)++nkeys * sizeof(*keys));
    }
    keys[k] = (struct key){ .used = true, .dtor = dtor };
    *key = k;
    return 0;
}

SMPI_API int __wrap_pthread_key_delete(pthread_key_t key)
{
    if (!sim_actor_on_engine_thread())
        return pthread_key_delete(key);
    if (key >= nkeys || !keys[key].used)
        return EINVAL;
    keys[key].used = false;
    /* values left in threads are dropped, no destructor runs (POSIX) */
    for (int r = 0; ranks && r < smpi__rt.nranks; r++) {
        if (key < ranks[r].main_tls.n)
            ranks[r].main_tls.vals[key] = NULL;
        for (struct smpi_thread *t = ranks[r].list; t; t = t->next)
            if (key < t->tls.n)
                t->tls.vals[key] = NULL;
    }
    return 0;
}

SMPI_API void *__wrap_pthread_getspecific(pthread_key_t key)
{
    struct smpi_process *p = smpi__thread_caller();
    struct smpi_tls *tls;

    if (!p)
        return pthread_getspecific(key);
    tls = tls_of(p);
    return key < tls->n ? tls->vals[key] : NULL;
}

SMPI_API int __wrap_pthread_setspecific(pthread_key_t key, const void *value)
{
    struct smpi_process *p = smpi__thread_caller();
    struct smpi_tls *tls;

    if (!p)
        return pthread_setspecific(key, value);
    if (key >= nkeys || !keys[key].used)
        return EINVAL;
    tls = tls_of(p);
    if (key >= tls->n) {
        tls->vals = sim_xrealloc(tls->vals, (size_t)nkeys * sizeof(*tls->vals));
        memset(tls->vals + tls->n, 0, (size_t)(nkeys - tls->n) * sizeof(*tls->vals));
        tls->n = nkeys;
    }
    tls->vals[key] = (void *)value;
    return 0;
}

/* ---- pthread_once: a second caller waits while the first runs the routine ---------------- */

static struct sim_waitq once_waiters;

SMPI_API int __wrap_pthread_once(pthread_once_t *once, void (*routine)(void))
{
    enum { ONCE_NEW, ONCE_RUNNING, ONCE_DONE };

    if (!smpi__thread_caller())
        return pthread_once(once, routine);
    if (*once == ONCE_NEW) {
        *once = ONCE_RUNNING;
        routine();
        *once = ONCE_DONE;
        sim_waitq_wake_all(&once_waiters);
        return 0;
    }
    if (*once == ONCE_RUNNING) {
        smpi__enter("pthread_once");
        while (*once == ONCE_RUNNING)
            sim_waitq_block(&once_waiters, "pthread_once", -1);
        smpi__leave();
    }
    return 0;
}

/* ---- the MPI side ------------------------------------------------------------------------- */

void smpi__threads_sync(const struct smpi_process *p)
{
    struct smpi_process *main = &smpi__rt.procs[p->rank];

    main->initialized = p->initialized;
    main->finalized = p->finalized;
    main->thread_level = p->thread_level;
    for (struct smpi_thread *t = rank_of(p->rank)->list; t; t = t->next) {
        t->proc.initialized = p->initialized;
        t->proc.finalized = p->finalized;
        t->proc.thread_level = p->thread_level;
    }
}

bool smpi__threads_started(int rank)
{
    return rank_of(rank)->created > 0;
}

void smpi__threads_set_main(const struct smpi_process *p)
{
    rank_of(p->rank)->init_id = smpi__thread_id(p);
}

bool smpi__thread_is_main(const struct smpi_process *p)
{
    return smpi__thread_id(p) == rank_of(p->rank)->init_id;
}

const struct smpi_process *smpi__threads_in_mpi(const struct smpi_process *p)
{
    for (struct smpi_thread *t = rank_of(p->rank)->list; t; t = t->next)
        if (&t->proc != p && !t->done && t->proc.depth > 0 && t->proc.call &&
            strncmp(t->proc.call, "MPI_", 4) == 0)
            return &t->proc;
    if (p->thread && smpi__rt.procs[p->rank].depth > 0)
        return &smpi__rt.procs[p->rank];
    return NULL;
}
