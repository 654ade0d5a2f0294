/* context_thread: the thread factory (contexts/factory:thread), as SimGrid's (ContextThread.cpp):
 * every context runs on its own POSIX thread, and exactly one thread runs at a time. A switch
 * posts the target's semaphore and sleeps on its own, so the order of execution is the
 * engine's, as with the other factories (deterministic). Each rank is a thread that gdb lists
 * (`info threads`, named after the actor) and that valgrind follows without stack-switch
 * heuristics; a switch costs two futex system calls and a kernel thread switch. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "simcore/context.h"
#include "simcore/internal.h"

/* Linux limits thread names to 15 characters and the terminating NUL. */
#define THREAD_NAME_MAX 16

struct thread_state {
    sem_t wake;    /* posted to let this context run */
    pthread_t tid; /* its thread; none for maestro, which runs on the caller's */
    bool has_thread;
    bool killed;      /* set by sim__ctx_thread_stop: leave at the next wake-up */
    jmp_buf exit_jmp; /* where a killed thread leaves its stack, in thread_main */
    sim__ctx_entry_fn *entry;
    void *arg;
};

size_t sim__ctx_thread_size(void)
{
    return sizeof(struct thread_state);
}

void sim__ctx_thread_attach(void *state)
{
    struct thread_state *s = state;

    memset(s, 0, sizeof(*s));
    if (sem_init(&s->wake, 0, 0) != 0)
        sim_die("cannot create a semaphore for the thread factory: %s", strerror(errno));
}

/* Sleeps until another context posts `s`; a killed context leaves its stack for thread_main
 * without running any more of its code (like a raw context that is never resumed). */
static void wait_turn(struct thread_state *s)
{
    while (sem_wait(&s->wake) != 0)
        sim_assert(errno == EINTR, "sem_wait failed: %s", strerror(errno));
    if (s->killed)
        longjmp(s->exit_jmp, 1);
}

static void *thread_main(void *arg)
{
    struct thread_state *s = arg;

    sim__ctx_altstack_use();
    if (setjmp(s->exit_jmp) == 0) {
        wait_turn(s);
        s->entry(s->arg); /* never returns: the entry switches away for good when done */
    }
    return NULL;
}

/* Appends ", <what> <value><note>" to `buf` when the file `path` holds a value. */
static void add_limit(char *buf, size_t cap, const char *what, const char *path, const char *note)
{
    FILE *f = fopen(path, "r");
    char value[32];
    size_t len = strlen(buf);

    if (!f)
        return;
    if (fscanf(f, "%31s", value) == 1)
        snprintf(buf + len, cap - len, ", %s %s%s", what, value, note);
    fclose(f);
}

/* pthread_create refused the thread of `name`: names the limits that may have stopped it. */
static void die_no_thread(const char *name, int err)
{
    char limits[512] = "ulimit -u unlimited";
    struct rlimit rl;

    if (getrlimit(RLIMIT_NPROC, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
        snprintf(limits, sizeof(limits), "ulimit -u %llu (threads of this user)",
                 (unsigned long long)rl.rlim_cur);
    add_limit(limits, sizeof(limits), "kernel.threads-max", "/proc/sys/kernel/threads-max", "");
    add_limit(limits, sizeof(limits), "kernel.pid_max", "/proc/sys/kernel/pid_max",
              " (threads of the whole machine)");
    add_limit(limits, sizeof(limits), "pids.max", "/sys/fs/cgroup/pids.max", " (cgroup)");
    add_limit(limits, sizeof(limits), "pids.max", "/sys/fs/cgroup/pids/pids.max", " (cgroup)");
    sim_die("cannot start the thread of actor %s under contexts/factory:thread (%ld threads "
            "running): %s\n"
            "  each actor is a kernel thread; the limits are %s\n"
            "  use --cfg=contexts/factory:raw (or ucontext), which has no such limit, or run "
            "fewer ranks",
            name, sim__engine.ctx.live_threads, strerror(err), limits);
}

void sim__ctx_thread_start(void *state, char *stack, size_t size, sim__ctx_entry_fn *entry,
                           void *arg, const char *name)
{
    struct thread_state *s = state;
    char tname[THREAD_NAME_MAX];
    pthread_attr_t attr;
    int rc;

    sim__ctx_thread_attach(s);
    s->entry = entry;
    s->arg = arg;
    /* The thread runs on the stack of contexts/stack-size that context_stack.c carved, below
     * its guard page: the overflow report and the stack size option work as for the other
     * factories (glibc keeps the thread's descriptor and static TLS at its top). */
    if (pthread_attr_init(&attr) != 0)
        sim_die("cannot initialise thread attributes: %s", strerror(errno));
    rc = pthread_attr_setstack(&attr, stack, size);
    sim_assert(rc == 0, "pthread_attr_setstack(%zu bytes) failed: %s", size, strerror(rc));
    rc = pthread_create(&s->tid, &attr, thread_main, s);
    pthread_attr_destroy(&attr);
    if (rc != 0)
        die_no_thread(name, rc);
    s->has_thread = true;
    sim__engine.ctx.live_threads++;
    snprintf(tname, sizeof(tname), "%s", name);
    pthread_setname_np(s->tid, tname); /* only for debuggers: a failure changes nothing */
}

void sim__ctx_thread_swap(void *from, void *to)
{
    struct thread_state *f = from;
    struct thread_state *t = to;

    if (sem_post(&t->wake) != 0)
        sim_die("sem_post failed in the thread factory: %s", strerror(errno));
    wait_turn(f);
}

void sim__ctx_thread_stop(void *state)
{
    struct thread_state *s = state;
    int rc;

    if (s->has_thread) {
        s->killed = true;
        if (sem_post(&s->wake) != 0)
            sim_die("sem_post failed in the thread factory: %s", strerror(errno));
        rc = pthread_join(s->tid, NULL);
        sim_assert(rc == 0, "pthread_join failed: %s", strerror(rc));
        s->has_thread = false;
        sim__engine.ctx.live_threads--;
    }
    sem_destroy(&s->wake);
}
