/* lmm_impl: the solver's data structures, shared by lmm.c (building the system) and
 * lmm_solve.c (solving it). Private to those two files. */
#ifndef SIM_LMM_IMPL_H
#define SIM_LMM_IMPL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "simcore/lmm.h"

/* Intrusive circular doubly linked list. A head points to itself when the list is empty; a node
 * that is in no list has NULL links. Iteration follows insertion order, never addresses. */
struct sim_lmm_link {
    struct sim_lmm_link *prev;
    struct sim_lmm_link *next;
};

#define LMM_ENTRY(ptr, type, member) ((type *)(void *)((char *)(ptr)-offsetof(type, member)))

/* An event of the solver: a constraint that saturates at level remaining / usage, or a bounded
 * variable that reaches its bound at level bound * penalty. Events are ordered by level, then
 * constraints before variables, then position in the component walk (`order`). Constraints and
 * variables wait in two heaps (struct sim_lmm_heap): the constraints' keys change as variables
 * are fixed, and sifting them through a heap of a few dozen constraints rather than one that also
 * holds every bounded variable is what keeps a large component's solve cheap. */
enum sim_lmm_event {
    SIM_LMM_EV_CNST = 0,
    SIM_LMM_EV_VAR = 1,
};

struct sim_lmm_hent {
    uint64_t order; /* kind << 32 | position in the component walk */
    enum sim_lmm_event kind;
    int index; /* position in its heap, -1 when not in it */
};

/* A heap slot carries the sort key inline: comparisons never chase pointers. */
struct sim_lmm_hslot {
    double key;
    uint64_t order;
    struct sim_lmm_hent *ev;
};

/* A binary min-heap of events by (key, order). It may hold retired entries, dropped lazily. */
struct sim_lmm_heap {
    struct sim_lmm_hslot *v;
    int n;
    int live; /* entries not retired */
    int cap;
};

/* Variable `var` consumes `weight` of constraint `cnst` per unit of value. One cache line, from
 * the system's element pool (struct sim_lmm_pool): a solve walks every element of the
 * constraints it solves, and its cost is the cache misses of that walk. */
struct sim_lmm_elem {
    _Alignas(64) struct sim_lmm_link cnst_link; /* in cnst->enabled or cnst->disabled */
    struct sim_lmm_var *var;
    double weight;
    struct sim_lmm_link var_link; /* in var->elems */
    struct sim_lmm_cnst *cnst;
    bool odd; /* FATPIPE, enabled: weight / penalty differs from the constraint's fp_ratio */
};

/* Fixed-size objects carved from 64-byte aligned chunks, freed ones reused first. Objects made
 * one after the other lie next to each other: walking a constraint's variables, or a variable's
 * elements, reads neighbouring memory instead of blocks scattered among the caller's
 * allocations. */
struct sim_lmm_pool {
    size_t size;      /* of an object, a multiple of 64 */
    size_t per_chunk; /* objects per chunk */
    void *free;       /* freed objects, each holding the next one's address */
    void **chunks;    /* every chunk, to free them with the system */
    size_t nchunks;
    size_t chunks_cap;
    char *next; /* bump allocation in the newest chunk */
    char *end;
};

struct sim_lmm_cnst {
    void *id;
    double bound;
    bool fatpipe;
    bool dirty; /* FATPIPE during a solve: `usage` may be too high, recompute before use */
    bool stale; /* during a solve: its heap key is below `ratio`, raise it before use */
    int nelem;  /* elements, enabled or not */
    struct sim_lmm_link enabled;  /* elements of variables with penalty > 0 */
    struct sim_lmm_link disabled; /* elements of variables with penalty 0 */
    int nactive;                  /* during a solve: enabled elements whose variable is unfixed */
    double remaining;             /* during a solve: capacity left (SHARED) */
    double usage;     /* during a solve: sum (max for FATPIPE) of weight / penalty, unfixed */
    double usage_ref; /* usage at the last full summation */
    double ratio;     /* during a solve: remaining / usage; its heap key may be lower (stale) */
    uint64_t stamp;   /* == sys->epoch when in sys->work_cnsts */
    /* FATPIPE bookkeeping for sim__lmm_cnst_is_loose: the weight / penalty ratio of the first
     * enabled element, the enabled elements, and those whose ratio differs. */
    double fp_ratio;
    int fp_nenabled;
    int fp_nodd;
    struct sim_lmm_hent ev;
    struct sim_lmm_link sys_link;  /* in sys->cnsts */
    struct sim_lmm_link work_link; /* in sys->work_cnsts */
    uint64_t seed_epoch; /* == sys->epoch when `seed_group` is this solve's (finish_work) */
    unsigned seed_group;
};

/* The fields a solve reads for each element of a constraint (stamp, penalty, fixed, mod_link)
 * and the variable's own element list share its first cache line. */
struct sim_lmm_var {
    struct sim_lmm_link elems;
    double penalty;
    uint64_t stamp;               /* == sys->epoch when solved by the current solve */
    struct sim_lmm_link mod_link; /* in sys->modified */
    double value;
    bool fixed; /* during a solve: value is final */
    int nelem;
    void *id;
    double bound;
    double cap; /* during a solve: bound, lowered by the loose FATPIPEs the variable uses */
    struct sim_lmm_hent ev;
    struct sim_lmm_link sys_link;  /* in sys->vars */
    struct sim_lmm_link work_link; /* in sys->work_vars during a solve (seeded) */
    struct sim_lmm_link lone_link; /* in sys->lone: touched while using no constraint */
    struct sim_lmm_link seed_link; /* in sys->seeds */
    uint64_t enabled_at; /* when it was last enabled (sys->nenables), for finish_work's order */
    int nslots;          /* element slots in the variable's own block (sim_lmm_var_new) */
    int nused;           /* slots taken; further elements come from sys->elem_pool */
    int hint;            /* its ncnst_hint, capped at SIM_LMM_MAX_SLOTS */
    /* The first elements, right after the variable: walking a variable's constraints reads
     * the lines that follow it. */
    struct sim_lmm_elem slots[];
};

/* Variables with up to this many element slots of their own come from sys->var_pools[slots]. */
#define SIM_LMM_MAX_SLOTS 16

struct sim_lmm_system {
    bool selective;
    bool changed; /* something changed since the last solve */
    double precision;
    uint64_t epoch;
    struct sim_lmm_link cnsts;
    struct sim_lmm_link vars;
    struct sim_lmm_link work_cnsts; /* constraints to solve again (selective update: seeds) */
    struct sim_lmm_link work_vars;  /* during a solve: the variables walked from seeds */
    struct sim_lmm_link lone;       /* variables touched while using no constraint */
    struct sim_lmm_link seeds;      /* variables touched whose constraints are all loose */
    struct sim_lmm_link modified;   /* variables whose value may have changed, FIFO */
    struct sim_lmm_heap cnst_heap;  /* during a solve: constraint events */
    struct sim_lmm_heap var_heap;   /* during a solve: bounded variables' events */
    struct sim_lmm_cnst **tied;     /* scratch: constraints saturating at the same level */
    int tied_cap;
    struct sim_lmm_pool elem_pool;
    struct sim_lmm_pool var_pools[SIM_LMM_MAX_SLOTS + 1];
    /* Per ncnst_hint: the most elements a variable made with it has had (0: none seen yet), and
     * the latest such variable, NULL once freed (sim_lmm_var_new sizes blocks from these). */
    int hint_fit[SIM_LMM_MAX_SLOTS + 1];
    struct sim_lmm_var *hint_last[SIM_LMM_MAX_SLOTS + 1];
    uint64_t nenables;            /* variables enabled so far (created enabled, or enabled) */
    struct sim_lmm_var **scratch; /* finish_work's variables to sort */
    int scratch_cap;
};

/* ---- lists ---- */

static inline void list_init(struct sim_lmm_link *head)
{
    head->prev = head;
    head->next = head;
}

static inline bool list_is_empty(const struct sim_lmm_link *head)
{
    return head->next == head;
}

static inline bool link_is_linked(const struct sim_lmm_link *node)
{
    return node->next != NULL;
}

static inline void list_append(struct sim_lmm_link *head, struct sim_lmm_link *node)
{
    node->prev = head->prev;
    node->next = head;
    head->prev->next = node;
    head->prev = node;
}

static inline void list_insert_after(struct sim_lmm_link *pos, struct sim_lmm_link *node)
{
    node->prev = pos;
    node->next = pos->next;
    pos->next->prev = node;
    pos->next = node;
}

static inline void list_unlink(struct sim_lmm_link *node)
{
    node->prev->next = node->next;
    node->next->prev = node->prev;
    node->prev = NULL;
    node->next = NULL;
}

static inline void list_unlink_if_linked(struct sim_lmm_link *node)
{
    if (link_is_linked(node))
        list_unlink(node);
}

/* Walking a constraint's elements (node `m` of its list `head`), asks the memory for the next
 * element's successor and for the next element's variable: both are in other variables' blocks,
 * a cache miss each, and a plain walk waits for them one after the other (the element, then its
 * variable). Requested one element ahead, the two misses of an element overlap with the work on
 * the current one: the all-to-all's one solve of a million flows is mostly these misses. */
static inline void sim__lmm_prefetch_next(const struct sim_lmm_link *m,
                                          const struct sim_lmm_link *head)
{
    const struct sim_lmm_link *n = m->next;

    if (n != head) {
        __builtin_prefetch(n->next);
        __builtin_prefetch(LMM_ENTRY(n, const struct sim_lmm_elem, cnst_link)->var);
    }
}

/* A loose constraint is a FATPIPE whose enabled variables all have the same weight / penalty
 * ratio. Saturating, it would fix each of them at exactly bound / weight, the value a bound of
 * its own gives: it couples nothing, so the solver treats it as a bound per variable and never
 * walks through it. Without this, a cluster's backbone joined every flow of the platform into
 * one component, and each event solved them all again (O(flows) per event). */
static inline bool sim__lmm_cnst_is_loose(const struct sim_lmm_system *sys,
                                          const struct sim_lmm_cnst *c)
{
    return c->fatpipe && c->fp_nodd == 0 && sys->selective;
}

/* Queues `var` for sim_lmm_pop_modified, once until popped. */
static inline void sim__lmm_queue_modified(struct sim_lmm_system *sys, struct sim_lmm_var *var)
{
    if (!link_is_linked(&var->mod_link))
        list_append(&sys->modified, &var->mod_link);
}

/* Solves in closed form when one enabled variable is alone on every constraint the solve
 * would reach, or none is (lmm_alone.c); false when the general solve is needed. */
bool sim__lmm_solve_alone(struct sim_lmm_system *sys);

#endif /* SIM_LMM_IMPL_H */
