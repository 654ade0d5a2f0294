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

/* Variable `var` consumes `weight` of constraint `cnst` per unit of value. Half a cache line,
 * in the variable's block (or an array of its own, var_grow_elems): a flow of a cluster's seven
 * elements fill four lines where they filled seven. A variable's elements are an array (the
 * variable's slots, or a larger one). Only an enabled element is listed by its constraint (its
 * entry in `en`); a disabled variable (penalty 0: a flow paying its latency) is listed by the
 * system instead (sys->disabled), so that making, enabling and freeing it touch no constraint
 * for its disabled state. */
struct sim_lmm_elem {
    _Alignas(32) struct sim_lmm_var *var;
    struct sim_lmm_cnst *cnst;
    double weight;
    int pos;  /* enabled: its entry in cnst->en; disabled: -1 */
    bool odd; /* FATPIPE, enabled: weight / penalty differs from the constraint's fp_ratio */
};

_Static_assert(sizeof(struct sim_lmm_elem) == 32, "an element is half a cache line");

/* An enabled element as its constraint lists it: what a walk of the constraint reads (the
 * variable and the weight) side by side in one array, in the order the elements were enabled.
 * A solve walks every element of the constraints it solves, and its cost is the cache misses of
 * that walk: through an array the variables of the entries ahead are asked for while the
 * current one is worked on, where a linked list of elements gave them one by one. A removed
 * element leaves a hole (var NULL), so that the others keep their order and positions; holes
 * are squeezed out once they are three quarters of the array (en_remove). */
struct sim_lmm_ent {
    struct sim_lmm_var *var; /* NULL: a hole */
    struct sim_lmm_elem *elem;
    double weight; /* elem->weight */
};

/* Entries held in the constraint itself (sim_lmm_cnst.en_inline). */
#define SIM_LMM_EN_INLINE_LOG2 1
#define SIM_LMM_EN_INLINE (1 << SIM_LMM_EN_INLINE_LOG2)

/* How many entries ahead a walk of a constraint's array asks for the variables. */
#define SIM_LMM_AHEAD 48

/* Holes are squeezed out of an array of at least this many entries once they are three times
 * the entries (en_remove); so a constraint with one entry has fewer than this many holes. */
#define SIM_LMM_SQUEEZE_MIN 16

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

/* What a message's flow touches on each of its constraints (enabled, marked, solved alone,
 * freed; made disabled, it touches none) is in the first two cache lines; what a general solve
 * adds, after. */
struct sim_lmm_cnst {
    _Alignas(64) double bound;
    bool fatpipe;
    bool dirty;                    /* FATPIPE during a solve: `usage` may be too high, recompute */
    bool stale;                    /* during a solve: its heap key is below `ratio`, raise it */
    uint8_t en_cap_log2;           /* `en` has room for 1 << en_cap_log2 entries */
    uint64_t stamp;                /* == sys->epoch when in sys->work_cnsts */
    struct sim_lmm_link work_link; /* in sys->work_cnsts */
    struct sim_lmm_ent *en;        /* elements of variables with penalty > 0, holes among them */
    int en_n;                      /* entries used in `en`, holes included */
    int en_live;                   /* entries that are not holes */
    /* The enabled variable that is alone here and kept out of `en` (lmm_alone.c), or NULL;
     * `en` is then empty. */
    struct sim_lmm_var *owner;
    /* `en` while it fits here: a link with a message or two at a time (a ring, a ping-pong)
     * then touches no other memory than its constraint */
    struct sim_lmm_ent en_inline[SIM_LMM_EN_INLINE];
    /* FATPIPE bookkeeping for sim__lmm_cnst_is_loose: the enabled elements whose weight /
     * penalty ratio differs from the first's (fp_ratio), and the enabled elements. */
    int fp_nodd;
    int fp_nenabled;
    double fp_ratio;
    void *id;
    int nactive;      /* during a solve: enabled elements whose variable is unfixed */
    double remaining; /* during a solve: capacity left (SHARED) */
    double usage;     /* during a solve: sum (max for FATPIPE) of weight / penalty, unfixed */
    double usage_ref; /* usage at the last full summation */
    double ratio;     /* during a solve: remaining / usage; its heap key may be lower (stale) */
    struct sim_lmm_hent ev;
    struct sim_lmm_link sys_link; /* in sys->cnsts */
    uint64_t seed_epoch;          /* == sys->epoch when `seed_group` is this solve's */
    unsigned seed_group;
};

/* The fields a solve reads for each element of a constraint (stamp, penalty, fixed, mod_pos),
 * those sim_lmm_pop_modified and the engine read (mod_pos, id, value) and where the variable's
 * elements are share its first cache line. */
struct sim_lmm_var {
    struct sim_lmm_elem *elems; /* its elements in the order added: `slots`, or once more than
                                   they are needed an array of elems_cap (sim_lmm_var_new) */
    double penalty;
    uint64_t stamp;  /* == sys->epoch when solved by the current solve */
    int64_t mod_pos; /* its place in sys->mod, -1 when not queued */
    double value;
    void *id;
    bool fixed;     /* during a solve: value is final */
    uint8_t nslots; /* element slots in the variable's own block (sim_lmm_var_new) */
    bool detached;  /* enabled, alone, out of its constraints' entries (lmm_alone.c) */
    int nelem;
    int elems_cap;
    double bound;
    double cap; /* during a solve: bound, lowered by the loose FATPIPEs the variable uses */
    struct sim_lmm_hent ev;
    struct sim_lmm_link sys_link;  /* in sys->vars */
    struct sim_lmm_link work_link; /* in sys->work_vars during a solve (seeded) */
    struct sim_lmm_link lone_link; /* in sys->lone: touched while using no constraint */
    struct sim_lmm_link seed_link; /* in sys->seeds */
    struct sim_lmm_link dis_link;  /* in sys->disabled while its penalty is 0 */
    uint64_t enabled_at; /* when it was last enabled (sys->nenables), for finish_work's order */
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
    /* Variables with penalty 0, in the order they got it: filtered by a constraint, the order
     * in which SimGrid's constraint lists its disabled elements (sim_lmm_cnst_var_ids). */
    struct sim_lmm_link disabled;
    /* Variables whose value may have changed, FIFO: sim_lmm_pop_modified takes them from
     * mod[mod_head] on, a freed one leaves NULL. An array rather than a list through the
     * variables: after a solve of many flows each variable is a cache miss, and the engine can
     * then ask for those it will take next without reading the ones before. */
    struct sim_lmm_var **mod;
    int64_t mod_head;
    int64_t mod_n;
    int64_t mod_cap;
    struct sim_lmm_heap cnst_heap; /* during a solve: constraint events */
    struct sim_lmm_heap var_heap;  /* during a solve: bounded variables' events */
    struct sim_lmm_cnst **tied;    /* scratch: constraints saturating at the same level */
    int tied_cap;
    struct sim_lmm_pool var_pools[SIM_LMM_MAX_SLOTS + 1];
    /* Per ncnst_hint: the most elements a variable made with it has had (0: none seen yet), and
     * the latest such variable, NULL once freed (sim_lmm_var_new sizes blocks from these). */
    int hint_fit[SIM_LMM_MAX_SLOTS + 1];
    struct sim_lmm_var *hint_last[SIM_LMM_MAX_SLOTS + 1];
    uint64_t nenables; /* variables enabled so far (created enabled, or enabled) */
    /* A flow enabled alone, detached, and its value not yet found: the next solve finds it
     * unless something else is marked first (lmm_alone.c). */
    struct sim_lmm_var *fresh;
    /* The constraints that freeing detached variables would have marked, in order, and where
     * `fresh` was enabled among them: marked only if something else is (sim__lmm_flush). */
    struct sim_lmm_cnst **ghost;
    int ghost_n;
    int ghost_cap;
    int fresh_at;
    bool eager;                   /* never detach (tests compare the two ways) */
    struct sim_lmm_var **scratch; /* finish_work's variables to sort */
    int scratch_cap;
};

_Static_assert(SIM_LMM_MAX_SLOTS <= UINT8_MAX, "sim_lmm_var.nslots is a uint8_t");

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

/* The elements of a variable, in the order they were added, side by side: a walk reads no
 * address from memory and does not wait for each element to learn where the next one is, as a
 * walk of a list would. Walk with
 *     const struct sim_lmm_elems w = sim__lmm_elems(v);
 *     for (int i = 0; i < w.n; i++) { e = &w.at[i]; ... }
 * (the copy keeps the array and the count in registers while the body writes memory). */
struct sim_lmm_elems {
    struct sim_lmm_elem *at;
    int n;
};

static inline struct sim_lmm_elems sim__lmm_elems(const struct sim_lmm_var *v)
{
    return (struct sim_lmm_elems){ .at = v->elems, .n = v->nelem };
}

/* ---- the enabled entries of a constraint (struct sim_lmm_ent) ---- */

/* Puts the detached `var`'s elements in their constraints' entries (lmm_alone.c). */
void sim__lmm_attach(struct sim_lmm_var *var);

/* Moves the entries of `c` over its holes, keeping their order. */
static inline void sim__lmm_en_squeeze(struct sim_lmm_cnst *c)
{
    int k = 0;

    for (int i = 0; i < c->en_n; i++) {
        if (!c->en[i].var)
            continue;
        if (k != i) {
            c->en[k] = c->en[i];
            c->en[k].elem->pos = k;
        }
        k++;
    }
    c->en_n = k;
}

/* Makes room for one more entry in the full array of `c` (see lmm.c). */
void sim__lmm_en_make_room(struct sim_lmm_cnst *c);

/* `e` becomes the last enabled element of its constraint, after the entries of the variable
 * detached there, which come in first. */
static inline void sim__lmm_en_append(struct sim_lmm_elem *e)
{
    struct sim_lmm_cnst *c = e->cnst;
    struct sim_lmm_ent *t;

    if (c->owner)
        sim__lmm_attach(c->owner);
    if (c->en_n == 1 << c->en_cap_log2)
        sim__lmm_en_make_room(c);
    e->pos = c->en_n++;
    t = &c->en[e->pos];
    t->var = e->var;
    t->elem = e;
    t->weight = e->weight;
    c->en_live++;
}

/* The enabled `e` leaves its constraint's entries. Once the holes are three times the entries
 * they are squeezed out: a walk never reads more than four times the entries (or
 * SIM_LMM_SQUEEZE_MIN), and a squeeze moves at most a third as many entries as the removals
 * that made its holes (flows ending in the order they started leave their holes in front). */
static inline void sim__lmm_en_remove(struct sim_lmm_elem *e)
{
    struct sim_lmm_cnst *c = e->cnst;

    c->en[e->pos].var = NULL;
    c->en_live--;
    e->pos = -1;
    if (c->en_live == 0)
        c->en_n = 0;
    else if (c->en_live * 4 < c->en_n && c->en_n >= SIM_LMM_SQUEEZE_MIN)
        sim__lmm_en_squeeze(c);
}

/* A walk of the enabled entries of `c` asks the memory for the variable SIM_LMM_AHEAD entries
 * on (and for the first ones before it starts, sim__lmm_prefetch_start): each variable is in a
 * block of its own, a cache miss, and the all-to-all's one solve of a million flows is mostly
 * these misses. Asked for ahead, they overlap with each other and with the work on the entries
 * before; most entries cost only a test (a variable solved or fixed already), so the distance
 * is long. */
static inline void sim__lmm_prefetch_start(const struct sim_lmm_cnst *c)
{
    for (int i = 0; i < c->en_n && i < SIM_LMM_AHEAD; i++)
        __builtin_prefetch(c->en[i].var);
}

static inline void sim__lmm_prefetch_ahead(const struct sim_lmm_cnst *c, int i)
{
    if (i + SIM_LMM_AHEAD < c->en_n)
        __builtin_prefetch(c->en[i + SIM_LMM_AHEAD].var);
}

/* The same, for a walk that also reads the variables' elements and the rest of their headers
 * (walk_var, init_var, fix_var): half-way, the variable asked for has come, and tells how many
 * of its slots to ask for. */
static inline void sim__lmm_prefetch_ahead_elems(const struct sim_lmm_cnst *c, int i)
{
    const struct sim_lmm_var *v;

    sim__lmm_prefetch_ahead(c, i);
    if (i + SIM_LMM_AHEAD / 2 >= c->en_n || !(v = c->en[i + SIM_LMM_AHEAD / 2].var))
        return;
    __builtin_prefetch((const char *)v + 64);
    for (int k = 0; k < v->nelem; k += 2) /* two a line */
        __builtin_prefetch(&v->elems[k]);
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

/* Makes room in sys->mod for one more variable. */
void sim__lmm_grow_modified(struct sim_lmm_system *sys);

/* Queues `var` for sim_lmm_pop_modified, once until popped. */
static inline void sim__lmm_queue_modified(struct sim_lmm_system *sys, struct sim_lmm_var *var)
{
    if (var->mod_pos >= 0)
        return;
    if (sys->mod_n == sys->mod_cap)
        sim__lmm_grow_modified(sys);
    var->mod_pos = sys->mod_n;
    sys->mod[sys->mod_n++] = var;
}

/* Records that the value of `var` must be computed again (lmm.c). */
void sim__lmm_mark_var(struct sim_lmm_system *sys, struct sim_lmm_var *var);

/* ---- flows alone (lmm_alone.c) ---- */

/* Solves in closed form when one enabled variable is alone on every constraint the solve
 * would reach, or none is; false when the general solve is needed. */
bool sim__lmm_solve_alone(struct sim_lmm_system *sys);

/* Keeps the variable being enabled out of its constraints' entries when it is alone on all of
 * them and nothing else waits for the solve; true when it did (the variable is then marked
 * without its constraints, see lmm_alone.c). */
bool sim__lmm_detach(struct sim_lmm_system *sys, struct sim_lmm_var *var);

/* The detached `var` is about to change: puts it back as if it had never been detached. */
void sim__lmm_undetach(struct sim_lmm_system *sys, struct sim_lmm_var *var);

/* The detached `var` is freed: what marking it would mark waits with the rest. */
void sim__lmm_forget(struct sim_lmm_system *sys, struct sim_lmm_var *var);

/* Marks what detaching and forgetting deferred, in the order it happened. */
void sim__lmm_flush_pending(struct sim_lmm_system *sys);

/* Called before anything is marked, so that the deferred marks come first. */
static inline void sim__lmm_flush(struct sim_lmm_system *sys)
{
    if (sys->fresh || sys->ghost_n)
        sim__lmm_flush_pending(sys);
}

/* The solve when only detaching and forgetting changed the system: the fresh variable alone
 * at its value, the forgotten constraints empty. False when the general solve is needed (the
 * deferred marks are then made). */
bool sim__lmm_solve_pending(struct sim_lmm_system *sys);

#endif /* SIM_LMM_IMPL_H */
