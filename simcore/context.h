/* context: stacks and context switching for actors (private to simcore). One file per factory:
 * context_ucontext.c (portable), context_raw.c (a few lines of assembly) and context_thread.c
 * (a POSIX thread per context, one running at a time). */
#ifndef SIM_CONTEXT_H
#define SIM_CONTEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "simcore/simcore.h"

struct sim_context;

typedef void sim_context_fn(void *arg);

/* Selects the factory and the stack geometry for every later sim_context_create(). `raw` on an
 * architecture without assembly support falls back to ucontext with a warning. Installs the
 * SIGSEGV handler (on an alternate stack) that reports an overflow into a guard page as
 * "stack overflow in NAME ..." (NAME: the actor's label, "rank 3") and exits with status 1. */
void sim_context_init(enum sim_ctx_factory factory, size_t stack_size, size_t guard_size);
/* The factory actually in use after sim_context_init (after any fallback). */
enum sim_ctx_factory sim_context_factory(void);
const char *sim_context_factory_name(enum sim_ctx_factory f);

/* The context of the thread that calls it (maestro): no stack of its own. Created once. */
struct sim_context *sim_context_maestro(void);
/* A context that will run fn(arg) on a fresh mmap'd stack the first time it is switched to.
 * `name` is used in overflow reports (copied). When fn returns, the context switches to
 * `on_return` (usually maestro) and must never be switched to again. Dies with a clear message
 * (and the vm.max_map_count / guard-size hint) when the stack cannot be mapped. */
struct sim_context *sim_context_create(sim_context_fn *fn, void *arg, const char *name,
                                       struct sim_context *on_return);
/* Like sim_context_create, but the context runs on the engine's one shared stack (raw factory;
 * the others get a stack of their own): while another copied context is placed there, the used
 * part of its stack (from its stack pointer to the top) waits in a buffer of its own. A million
 * such contexts cost that buffer each (about 1 KiB for a rank blocked in MPI_Recv), not a
 * touched stack page and the page-table page behind it; a switch to one copies its part in,
 * and the other's out (contexts/copy-stacks). */
struct sim_context *sim_context_create_copied(sim_context_fn *fn, void *arg, const char *name,
                                              struct sim_context *on_return);
/* Puts the stack of copied context `c` (not running) in place on the shared stack, saving the
 * one there; nothing for a context with a stack of its own. Switching to `c` does it; call it
 * before running code that uses c's stack memory from another context. */
void sim_context_place(struct sim_context *c);
/* Where the byte at `p` of c's stack is now: p itself unless c is copied, not placed, and p in
 * the used part of its stack, where it is in c's buffer. */
void *sim_context_stack_addr(const struct sim_context *c, const void *p);
/* Saves the current state into `from` and resumes `to`. */
void sim_context_switch(struct sim_context *from, struct sim_context *to);
/* Frees the stack (the context must not be running). */
void sim_context_destroy(struct sim_context *ctx);
/* True if the context's function has returned. */
bool sim_context_is_finished(const struct sim_context *ctx);

#endif /* SIM_CONTEXT_H */
