/* actor: coroutines scheduled by maestro in FIFO order (deterministic), blocking and waking. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>
#include <string.h>

#include "simcore/context.h"
#include "simcore/internal.h"

SIM_LOG_CATEGORY(log_actor, "sim.actor");

static void runq_push(struct sim_actor *a)
{
    struct sim__actors *t = &sim__engine.actors;

    a->next_run = NULL;
    if (t->runq_tail)
        t->runq_tail->next_run = a;
    else
        t->runq_head = a;
    t->runq_tail = a;
}

static struct sim_actor *runq_pop(void)
{
    struct sim__actors *t = &sim__engine.actors;
    struct sim_actor *a = t->runq_head;

    if (a) {
        t->runq_head = a->next_run;
        if (!t->runq_head)
            t->runq_tail = NULL;
    }
    return a;
}

/* The running actor and its data (simcore.h), written here only. */
struct sim__running sim__running;

/* Whether this OS thread runs the simulation: maestro's, or an actor's (one per actor under the
 * thread factory). Another thread of the process (an OpenMP worker) is not simulated. */
static __thread bool on_engine_thread;

bool sim_actor_on_engine_thread(void)
{
    return on_engine_thread;
}

static void actor_main(void *arg)
{
    struct sim_actor *a = arg;

    on_engine_thread = true;
    a->fn(a->arg);
    a->state = SIM__ACTOR_DONE;
    sim__engine.actors.nlive--;
    SIM_LOG(log_actor, SIM_LOG_DEBUG, "actor %s ended", a->name);
}

struct sim_actor *sim_actor_create(const char *name, struct sim_host *host, sim_actor_fn *fn,
                                   void *arg)
{
    return sim_actor_create_labeled(name, NULL, host, fn, arg);
}

static struct sim_actor *create(const char *name, const char *label, struct sim_host *host,
                                sim_actor_fn *fn, void *arg, bool copied)
{
    struct sim__actors *t = &sim__engine.actors;
    size_t nlen = strlen(name) + 1;
    size_t llen = label ? strlen(label) + 1 : 0;
    struct sim_actor *a = sim_xcalloc(1, sizeof(*a) + nlen + llen); /* with its strings */

    a->name = memcpy((char *)(a + 1), name, nlen);
    a->label = label ? memcpy(a->name + nlen, label, llen) : NULL;
    a->pid = t->n + 1; /* SimGrid's numbering: maestro is 0 */
    a->host = host;
    a->fn = fn;
    a->arg = arg;
    a->ctx = copied
                 ? sim_context_create_copied(actor_main, a, sim_actor_label(a), sim__engine.maestro)
                 : sim_context_create(actor_main, a, sim_actor_label(a), sim__engine.maestro);
    a->state = SIM__ACTOR_RUNNABLE;
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 64;
        t->all = sim_xrealloc(t->all, (size_t)t->cap * sizeof(*t->all));
    }
    t->all[t->n++] = a;
    t->nlive++;
    runq_push(a);
    return a;
}

struct sim_actor *sim_actor_create_labeled(const char *name, const char *label,
                                           struct sim_host *host, sim_actor_fn *fn, void *arg)
{
    return create(name, label, host, fn, arg, false);
}

struct sim_actor *sim_actor_create_copied(const char *name, const char *label,
                                          struct sim_host *host, sim_actor_fn *fn, void *arg)
{
    return create(name, label, host, fn, arg, true);
}

void sim_actor_set_stack_of(struct sim_actor *a, struct sim_actor *owner)
{
    a->stack_of = owner;
}

void *sim_actor_stack_addr(const struct sim_actor *a, const void *p)
{
    return a && a->ctx ? sim_context_stack_addr(a->ctx, p) : (void *)p;
}

/* Before `a` runs: the copied stack it uses as its owner's, placed. */
static inline void place_stack_of(const struct sim_actor *a)
{
    if (a->stack_of && a->stack_of->ctx)
        sim_context_place(a->stack_of->ctx);
}

/* Switches from the running actor back to maestro. */
static void to_maestro(struct sim_actor *self)
{
    self->resume_lo =
        sim__context_resume_span(self->ctx, __builtin_frame_address(0), &self->resume_len);
    sim_context_switch(self->ctx, sim__engine.maestro);
}

/* Asks for the stacks of the next RUNQ_AHEAD actors of the run queue from `b` on; returns how
 * many. When thousands of actors are woken at once (a barrier's release), resuming each first
 * waits for the translation of its stack's address (a TLB miss: every stack is in its own page
 * table page), and the engine cannot go past the wait. Asked for together, the walks overlap. */
#define RUNQ_AHEAD 2

static int prefetch_ahead(const struct sim_actor *b)
{
    int n = 0;

    for (; b && n < RUNQ_AHEAD; b = b->next_run, n++)
        sim_actor_prefetch_stack(b);
    return n;
}

/* Remembers that `a` runs after the actor run before it; every PREDICT_AHEAD actors, asks for
 * the stacks of the PREDICT_AHEAD actors that ran after `a` last time, one after the other. A
 * program that repeats a pattern (a ring, a halo exchange) resumes its ranks in the same order.
 * Among thousands of ranks, touching a stack first waits for the translation of its address
 * (each 8 MiB stack has its own page-table page); asked for together, the walks overlap. */
#define PREDICT_AHEAD 8

static void predict_next(struct sim_actor *a)
{
    struct sim__actors *t = &sim__engine.actors;
    const struct sim_actor *g = a;

    if (t->last_run > 0 && t->all[t->last_run - 1])
        t->all[t->last_run - 1]->run_after = a->pid;
    t->last_run = a->pid;
    if (t->predicted > 0) {
        t->predicted--;
        return;
    }
    for (int k = 0; k < PREDICT_AHEAD; k++) {
        g = g->run_after > 0 ? t->all[g->run_after - 1] : NULL;
        if (!g || g == a)
            break;
        sim_actor_prefetch_stack(g);
        t->predicted++;
    }
}

void sim__actors_run_ready(void)
{
    struct sim_actor *a;
    int ahead = 0; /* actors at the head of the queue whose stacks were asked for */

    on_engine_thread = true;
    while ((a = runq_pop()) != NULL) {
        if (a->state != SIM__ACTOR_RUNNABLE)
            continue;
        if (ahead > 0)
            ahead--;
        else
            ahead = prefetch_ahead(a->next_run);
        predict_next(a);
        sim__running = (struct sim__running){ a, a->data };
        sim__engine.actor_runs++;
        if (sim__engine.resume_fn)
            sim__engine.resume_fn(a, sim__engine.resume_arg);
        place_stack_of(a);
        sim_context_switch(sim__engine.maestro, a->ctx);
        sim__running = (struct sim__running){ NULL, NULL };
        if (a->state == SIM__ACTOR_DONE && a->ctx) {
            sim_context_destroy(a->ctx);
            a->ctx = NULL;
        }
        if (a->state == SIM__ACTOR_DONE && a->autofree) {
            sim__engine.actors.all[a->pid - 1] = NULL;
            free(a);
        }
    }
}

int sim__actors_live(void)
{
    return sim__engine.actors.nlive;
}

void sim__actors_free_all(void)
{
    struct sim__actors *t = &sim__engine.actors;

    for (int i = 0; i < t->n; i++) {
        struct sim_actor *a = t->all[i];

        if (!a)
            continue;
        if (a->ctx)
            sim_context_destroy(a->ctx);
        free(a);
    }
    free(t->all);
    memset(t, 0, sizeof(*t));
}

const char *sim_actor_name(const struct sim_actor *a)
{
    return a->name;
}

const char *sim_actor_label(const struct sim_actor *a)
{
    return a->label ? a->label : a->name;
}

struct sim_host *sim_actor_host(const struct sim_actor *a)
{
    return a->host;
}

int sim_actor_pid(const struct sim_actor *a)
{
    return a->pid;
}

void *sim_actor_data(const struct sim_actor *a)
{
    return a->data;
}

void sim_actor_set_autofree(struct sim_actor *a)
{
    a->autofree = true;
}

void sim_actor_set_data(struct sim_actor *a, void *data)
{
    a->data = data;
    if (a == sim__running.actor)
        sim__running.data = data;
}

void sim_actor_yield(void)
{
    struct sim_actor *self = sim__running.actor;

    sim_assert(self, "sim_actor_yield called from maestro");
    if (!sim__engine.actors.runq_head)
        return; /* nobody else is ready: maestro would resume this actor at once */
    runq_push(self);
    to_maestro(self);
}

void sim_actor_block(const char *what)
{
    struct sim_actor *self = sim__running.actor;

    sim_assert(self, "sim_actor_block called from maestro");
    self->state = SIM__ACTOR_BLOCKED;
    self->blocked_on = what;
    self->block_seq = ++sim__engine.actors.nblocks;
    for (;;) {
        to_maestro(self);
        if (!self->on_stack_fn)
            break;
        void (*fn)(void *) = self->on_stack_fn;

        self->on_stack_fn = NULL;
        fn(self->on_stack_arg);
    }
    self->blocked_on = NULL;
}

void sim_actor_wake(struct sim_actor *a)
{
    if (a->state != SIM__ACTOR_BLOCKED)
        return;
    a->state = SIM__ACTOR_RUNNABLE;
    runq_push(a);
}

bool sim_actor_is_blocked(const struct sim_actor *a)
{
    return a->state == SIM__ACTOR_BLOCKED;
}

uint64_t sim_actor_block_seq(const struct sim_actor *a)
{
    return a->block_seq;
}

void sim_actor_prefetch(const struct sim_actor *a)
{
    __builtin_prefetch(a, 1);
    __builtin_prefetch((const char *)a + sizeof(*a) - 1, 1);
}

void sim_actor_prefetch_stack(const struct sim_actor *a)
{
    const char *p = a->resume_lo;
    const char *end = p + a->resume_len;

    /* about 20 lines: the prefetches, not the loop, should be the cost */
#pragma GCC unroll 4
    for (; p < end; p += 64)
        __builtin_prefetch(p, 1);
}

void sim_actor_exit(void)
{
    struct sim_actor *self = sim__running.actor;

    sim_assert(self, "sim_actor_exit called from maestro");
    self->state = SIM__ACTOR_DONE;
    sim__engine.actors.nlive--;
    to_maestro(self);
    sim_assert(false, "a finished actor was resumed");
    abort();
}

void sim_actor_foreach(void (*fn)(struct sim_actor *a, void *arg), void *arg)
{
    const struct sim__actors *t = &sim__engine.actors;

    for (int i = 0; i < t->n; i++)
        if (t->all[i] && t->all[i]->state != SIM__ACTOR_DONE)
            fn(t->all[i], arg);
}

void sim_actor_run_on_stack(struct sim_actor *a, void (*fn)(void *arg), void *arg)
{
    struct sim_actor *saved = sim__running.actor;

    sim_assert(saved == NULL, "sim_actor_run_on_stack called from an actor");
    sim_assert(a->state == SIM__ACTOR_BLOCKED, "sim_actor_run_on_stack needs a blocked actor");
    a->on_stack_fn = fn;
    a->on_stack_arg = arg;
    sim__running = (struct sim__running){ a, a->data };
    if (sim__engine.resume_fn)
        sim__engine.resume_fn(a, sim__engine.resume_arg);
    place_stack_of(a);
    sim_context_switch(sim__engine.maestro, a->ctx);
    sim__running = (struct sim__running){ NULL, NULL };
}
