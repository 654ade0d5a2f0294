/* context_ucontext: the portable factory, built on makecontext/swapcontext. Each switch costs
 * a sigprocmask system call (swapcontext saves and restores the signal mask). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <ucontext.h>

#include "simcore/context.h"
#include "simcore/internal.h"

struct uc_state {
    ucontext_t uc;
    sim__ctx_entry_fn *entry;
    void *arg;
};

size_t sim__ctx_uc_size(void)
{
    return sizeof(struct uc_state);
}

/* makecontext passes only int arguments: the state's address travels as two 32-bit halves. */
static void uc_start(unsigned hi, unsigned lo)
{
    struct uc_state *s = (struct uc_state *)(uintptr_t)((uint64_t)hi << 32 | (uint64_t)lo);

    s->entry(s->arg);
}

/* Prepares `state` to run entry(arg) on [stack, stack + size) at its first switch. */
void sim__ctx_uc_prepare(void *state, char *stack, size_t size, sim__ctx_entry_fn *entry, void *arg)
{
    struct uc_state *s = state;
    uint64_t addr = (uint64_t)(uintptr_t)s;

    s->entry = entry;
    s->arg = arg;
    if (getcontext(&s->uc) != 0)
        sim_die("getcontext failed: %s", strerror(errno));
    s->uc.uc_stack.ss_sp = stack;
    s->uc.uc_stack.ss_size = size;
    s->uc.uc_link = NULL; /* the entry never returns: it switches away when done */
    makecontext(&s->uc, (void (*)(void))uc_start, 2, (unsigned)(addr >> 32), (unsigned)addr);
}

void sim__ctx_uc_swap(void *from, void *to)
{
    struct uc_state *f = from;
    struct uc_state *t = to;
    int rc = swapcontext(&f->uc, &t->uc);

    sim_assert(rc == 0, "swapcontext failed: %s", strerror(errno));
}
