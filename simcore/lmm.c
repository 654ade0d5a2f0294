/* lmm: the max-min fair sharing solver. Constraints (resources) and variables (activities) are
 * joined by elements; solve() runs weighted progressive filling, like SimGrid's "maxmin" solver
 * (src/kernel/lmm/maxmin.cpp), on the part of the system touched since the last solve. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "simcore/lmm.h"
#include "simcore/simcore.h"

SIM_LOG_CATEGORY(lmm_log, "sim.lmm");

/* Below this fraction of its value at the start of the solve, a SHARED constraint's usage is
 * summed again from its active elements instead of trusting repeated subtractions. */
#define USAGE_RESUM_RATIO 1e-9

/* Intrusive circular doubly linked list. A head points to itself when the list is empty; a node
 * that is in no list has NULL links. Iteration follows insertion order, never addresses. */
struct sim_lmm_link {
    struct sim_lmm_link *prev;
    struct sim_lmm_link *next;
};

#define LMM_ENTRY(ptr, type, member) ((type *)(void *)((char *)(ptr) - offsetof(type, member)))

/* An event of the solver: a constraint that saturates at level remaining / usage, or a bounded
 * variable that reaches its bound at level bound * penalty. Events are ordered by level, then
 * constraints before variables, then position in the component walk (`order`). */
enum sim_lmm_event {
    SIM_LMM_EV_CNST = 0,
    SIM_LMM_EV_VAR = 1,
};

struct sim_lmm_hent {
    uint64_t order; /* kind << 32 | position in the component walk */
    enum sim_lmm_event kind;
    int index; /* position in the heap, -1 when not in it */
};

/* A heap slot carries the sort key inline: comparisons never chase pointers. */
struct sim_lmm_hslot {
    double key;
    uint64_t order;
    struct sim_lmm_hent *ev;
};

/* Variable `var` consumes `weight` of constraint `cnst` per unit of value. */
struct sim_lmm_elem {
    struct sim_lmm_cnst *cnst;
    struct sim_lmm_var *var;
    double weight;
    struct sim_lmm_link cnst_link;   /* in cnst->enabled or cnst->disabled */
    struct sim_lmm_link active_link; /* in cnst->active while its variable is unfixed */
    struct sim_lmm_link var_link;    /* in var->elems */
    struct sim_lmm_elem *next_free;
};

struct sim_lmm_cnst {
    void *id;
    double bound;
    bool fatpipe;
    bool dirty; /* FATPIPE during a solve: `usage` may be too high, recompute before use */
    int nelem;  /* elements, enabled or not */
    struct sim_lmm_link enabled;  /* elements of variables with penalty > 0 */
    struct sim_lmm_link disabled; /* elements of variables with penalty 0 */
    struct sim_lmm_link active;   /* during a solve: elements of unfixed variables */
    int nactive;
    double remaining; /* during a solve: capacity left (SHARED) */
    double usage;     /* during a solve: sum (max for FATPIPE) of weight / penalty, unfixed */
    double usage_ref; /* usage at the last full summation */
    uint64_t stamp;   /* == sys->epoch when in sys->work_cnsts */
    struct sim_lmm_hent ev;
    struct sim_lmm_link sys_link;  /* in sys->cnsts */
    struct sim_lmm_link work_link; /* in sys->work_cnsts */
};

struct sim_lmm_var {
    void *id;
    double penalty;
    double bound;
    double value;
    bool fixed; /* during a solve: value is final */
    int nelem;
    struct sim_lmm_link elems;
    uint64_t stamp; /* == sys->epoch when in sys->work_vars */
    struct sim_lmm_hent ev;
    struct sim_lmm_link sys_link;  /* in sys->vars */
    struct sim_lmm_link work_link; /* in sys->work_vars during a solve */
    struct sim_lmm_link lone_link; /* in sys->lone: touched while using no constraint */
    struct sim_lmm_link mod_link;  /* in sys->modified */
    struct sim_lmm_var *next_free;
};

struct sim_lmm_system {
    bool selective;
    bool changed; /* something changed since the last solve */
    double precision;
    uint64_t epoch;
    struct sim_lmm_link cnsts;
    struct sim_lmm_link vars;
    struct sim_lmm_link work_cnsts; /* constraints to solve again (selective update: seeds) */
    struct sim_lmm_link work_vars;  /* during a solve: enabled variables of work_cnsts */
    struct sim_lmm_link lone;       /* variables touched while using no constraint */
    struct sim_lmm_link modified;   /* variables whose value may have changed, FIFO */
    struct sim_lmm_hslot *heap; /* may hold retired entries, dropped lazily */
    int heap_n;
    int heap_live; /* entries not retired */
    int heap_cap;
    struct sim_lmm_cnst **tied; /* scratch: constraints saturating at the same level */
    int tied_cap;
    struct sim_lmm_elem *free_elems;
    struct sim_lmm_var *free_vars;
};

/* ---- lists ---- */

static void list_init(struct sim_lmm_link *head)
{
    head->prev = head;
    head->next = head;
}

static bool list_is_empty(const struct sim_lmm_link *head)
{
    return head->next == head;
}

static bool link_is_linked(const struct sim_lmm_link *node)
{
    return node->next != NULL;
}

static void list_append(struct sim_lmm_link *head, struct sim_lmm_link *node)
{
    node->prev = head->prev;
    node->next = head;
    head->prev->next = node;
    head->prev = node;
}

static void list_unlink(struct sim_lmm_link *node)
{
    node->prev->next = node->next;
    node->next->prev = node->prev;
    node->prev = NULL;
    node->next = NULL;
}

static void list_unlink_if_linked(struct sim_lmm_link *node)
{
    if (link_is_linked(node))
        list_unlink(node);
}

/* ---- event heap: binary min-heap, O(log n) push, remove and key change ---- */

static bool slot_before(const struct sim_lmm_hslot *a, const struct sim_lmm_hslot *b)
{
    return a->key < b->key || (a->key == b->key && a->order < b->order);
}

static void heap_place(struct sim_lmm_system *sys, const struct sim_lmm_hslot *slot, int i)
{
    sys->heap[i] = *slot;
    slot->ev->index = i;
}

/* Moves the slot at `i` up or down to its place. */
static void heap_sift(struct sim_lmm_system *sys, int i)
{
    struct sim_lmm_hslot s = sys->heap[i];
    int n = sys->heap_n;

    while (i > 0 && slot_before(&s, &sys->heap[(i - 1) / 2])) {
        heap_place(sys, &sys->heap[(i - 1) / 2], i);
        i = (i - 1) / 2;
    }
    for (;;) {
        int c = 2 * i + 1;

        if (c >= n)
            break;
        if (c + 1 < n && slot_before(&sys->heap[c + 1], &sys->heap[c]))
            c++;
        if (!slot_before(&sys->heap[c], &s))
            break;
        heap_place(sys, &sys->heap[c], i);
        i = c;
    }
    heap_place(sys, &s, i);
}

static void heap_push(struct sim_lmm_system *sys, struct sim_lmm_hent *e, double key)
{
    if (sys->heap_n == sys->heap_cap) {
        sys->heap_cap = sys->heap_cap ? 2 * sys->heap_cap : 64;
        sys->heap = sim_xrealloc(sys->heap, (size_t)sys->heap_cap * sizeof(*sys->heap));
    }
    sys->heap[sys->heap_n] = (struct sim_lmm_hslot){ .key = key, .order = e->order, .ev = e };
    e->index = sys->heap_n++;
    sys->heap_live++;
    heap_sift(sys, e->index);
}

static void heap_remove(struct sim_lmm_system *sys, struct sim_lmm_hent *e)
{
    int i = e->index;

    e->index = -1;
    if (i == --sys->heap_n)
        return;
    heap_place(sys, &sys->heap[sys->heap_n], i);
    heap_sift(sys, i);
}

/* The key of `e` changed (either way). */
static void heap_rekey(struct sim_lmm_system *sys, struct sim_lmm_hent *e, double key)
{
    sys->heap[e->index].key = key;
    heap_sift(sys, e->index);
}

/* ---- allocation ---- */

static struct sim_lmm_elem *elem_alloc(struct sim_lmm_system *sys)
{
    struct sim_lmm_elem *e = sys->free_elems;

    if (e)
        sys->free_elems = e->next_free;
    else
        e = sim_xmalloc(sizeof(*e));
    return e;
}

static void elem_release(struct sim_lmm_system *sys, struct sim_lmm_elem *e)
{
    e->next_free = sys->free_elems;
    sys->free_elems = e;
}

/* ---- system ---- */

struct sim_lmm_system *sim_lmm_system_new(bool selective_update, double precision)
{
    struct sim_lmm_system *sys = sim_xcalloc(1, sizeof(*sys));

    sim_assert(precision >= 0, "lmm precision %g is negative", precision);
    sys->selective = selective_update;
    sys->precision = precision;
    sys->epoch = 1;
    list_init(&sys->cnsts);
    list_init(&sys->vars);
    list_init(&sys->work_cnsts);
    list_init(&sys->work_vars);
    list_init(&sys->lone);
    list_init(&sys->modified);
    return sys;
}

static void var_release_elems(struct sim_lmm_system *sys, struct sim_lmm_var *var)
{
    while (!list_is_empty(&var->elems)) {
        struct sim_lmm_elem *e = LMM_ENTRY(var->elems.next, struct sim_lmm_elem, var_link);

        list_unlink(&e->var_link);
        list_unlink(&e->cnst_link);
        e->cnst->nelem--;
        elem_release(sys, e);
    }
    var->nelem = 0;
}

void sim_lmm_system_free(struct sim_lmm_system *sys)
{
    while (!list_is_empty(&sys->vars))
        sim_lmm_var_free(sys, LMM_ENTRY(sys->vars.next, struct sim_lmm_var, sys_link));
    while (!list_is_empty(&sys->cnsts))
        sim_lmm_cnst_free(sys, LMM_ENTRY(sys->cnsts.next, struct sim_lmm_cnst, sys_link));
    while (sys->free_vars) {
        struct sim_lmm_var *v = sys->free_vars;

        sys->free_vars = v->next_free;
        free(v);
    }
    while (sys->free_elems) {
        struct sim_lmm_elem *e = sys->free_elems;

        sys->free_elems = e->next_free;
        free(e);
    }
    free(sys->heap);
    free(sys->tied);
    free(sys);
}

/* Records that the variables of `cnst` must be shared again. With selective update, `cnst` seeds
 * the component walk of the next solve; the stamp keeps it in the list at most once. */
static void mark_cnst(struct sim_lmm_system *sys, struct sim_lmm_cnst *cnst)
{
    sys->changed = true;
    if (!sys->selective || cnst->stamp == sys->epoch)
        return;
    cnst->stamp = sys->epoch;
    list_append(&sys->work_cnsts, &cnst->work_link);
}

/* Records that the value of `var` must be computed again: through its constraints, or directly
 * if it uses none. */
static void mark_var(struct sim_lmm_system *sys, struct sim_lmm_var *var)
{
    struct sim_lmm_link *l;

    sys->changed = true;
    if (var->nelem == 0) {
        if (!link_is_linked(&var->lone_link))
            list_append(&sys->lone, &var->lone_link);
        return;
    }
    for (l = var->elems.next; l != &var->elems; l = l->next)
        mark_cnst(sys, LMM_ENTRY(l, struct sim_lmm_elem, var_link)->cnst);
}

static void queue_modified(struct sim_lmm_system *sys, struct sim_lmm_var *var)
{
    if (!link_is_linked(&var->mod_link))
        list_append(&sys->modified, &var->mod_link);
}

/* ---- constraints ---- */

struct sim_lmm_cnst *sim_lmm_cnst_new(struct sim_lmm_system *sys, void *id, double bound,
                                      bool fatpipe)
{
    struct sim_lmm_cnst *c = sim_xcalloc(1, sizeof(*c));

    sim_assert(bound >= 0, "lmm constraint bound %g is negative", bound);
    c->id = id;
    c->bound = bound;
    c->fatpipe = fatpipe;
    list_init(&c->enabled);
    list_init(&c->disabled);
    list_init(&c->active);
    c->ev.kind = SIM_LMM_EV_CNST;
    c->ev.index = -1;
    list_append(&sys->cnsts, &c->sys_link);
    return c;
}

void sim_lmm_cnst_free(struct sim_lmm_system *sys, struct sim_lmm_cnst *cnst)
{
    (void)sys;
    sim_assert(cnst->nelem == 0, "freeing lmm constraint %p still used by %d variables",
               cnst->id, cnst->nelem);
    list_unlink(&cnst->sys_link);
    list_unlink_if_linked(&cnst->work_link);
    free(cnst);
}

void sim_lmm_cnst_set_bound(struct sim_lmm_system *sys, struct sim_lmm_cnst *cnst, double bound)
{
    sim_assert(bound >= 0, "lmm constraint bound %g is negative", bound);
    cnst->bound = bound;
    mark_cnst(sys, cnst);
}

double sim_lmm_cnst_bound(const struct sim_lmm_cnst *cnst)
{
    return cnst->bound;
}

void *sim_lmm_cnst_id(const struct sim_lmm_cnst *cnst)
{
    return cnst->id;
}

/* O(variables on the constraint). */
double sim_lmm_cnst_usage(const struct sim_lmm_cnst *cnst)
{
    const struct sim_lmm_link *l;
    double usage = 0;

    for (l = cnst->enabled.next; l != &cnst->enabled; l = l->next) {
        const struct sim_lmm_elem *e = LMM_ENTRY(l, const struct sim_lmm_elem, cnst_link);
        double u = e->weight * e->var->value;

        if (!cnst->fatpipe)
            usage += u;
        else if (u > usage)
            usage = u;
    }
    return usage;
}

/* ---- variables ---- */

struct sim_lmm_var *sim_lmm_var_new(struct sim_lmm_system *sys, void *id, double penalty,
                                    double bound, int ncnst_hint)
{
    struct sim_lmm_var *v = sys->free_vars;

    (void)ncnst_hint; /* elements come from the system's free-list */
    sim_assert(penalty >= 0, "lmm variable penalty %g is negative", penalty);
    if (v)
        sys->free_vars = v->next_free;
    else
        v = sim_xmalloc(sizeof(*v));
    *v = (struct sim_lmm_var){ .id = id, .penalty = penalty, .bound = bound };
    list_init(&v->elems);
    v->ev.kind = SIM_LMM_EV_VAR;
    v->ev.index = -1;
    list_append(&sys->vars, &v->sys_link);
    if (penalty > 0)
        mark_var(sys, v);
    return v;
}

void sim_lmm_var_free(struct sim_lmm_system *sys, struct sim_lmm_var *var)
{
    if (var->penalty > 0)
        mark_var(sys, var);
    var_release_elems(sys, var);
    list_unlink(&var->sys_link);
    list_unlink_if_linked(&var->lone_link);
    list_unlink_if_linked(&var->mod_link);
    var->next_free = sys->free_vars;
    sys->free_vars = var;
}

static struct sim_lmm_elem *var_find_elem(struct sim_lmm_var *var, struct sim_lmm_cnst *cnst)
{
    struct sim_lmm_link *l;

    for (l = var->elems.next; l != &var->elems; l = l->next) {
        struct sim_lmm_elem *e = LMM_ENTRY(l, struct sim_lmm_elem, var_link);

        if (e->cnst == cnst)
            return e;
    }
    return NULL;
}

/* O(constraints of the variable), to find an existing element on the same pair. */
void sim_lmm_expand(struct sim_lmm_system *sys, struct sim_lmm_cnst *cnst,
                    struct sim_lmm_var *var, double weight)
{
    struct sim_lmm_elem *e = var_find_elem(var, cnst);

    sim_assert(weight > 0, "lmm element weight %g is not positive", weight);
    if (e && cnst->fatpipe) {
        if (weight > e->weight)
            e->weight = weight;
    } else if (e) {
        e->weight += weight;
    } else {
        e = elem_alloc(sys);
        e->cnst = cnst;
        e->var = var;
        e->weight = weight;
        e->active_link.prev = NULL;
        e->active_link.next = NULL;
        list_append(&var->elems, &e->var_link);
        list_append(var->penalty > 0 ? &cnst->enabled : &cnst->disabled, &e->cnst_link);
        var->nelem++;
        cnst->nelem++;
    }
    if (var->penalty > 0)
        mark_cnst(sys, cnst);
}

/* Moves the elements of `var` to the enabled or disabled lists of their constraints. */
static void var_move_elems(struct sim_lmm_var *var, bool enable)
{
    struct sim_lmm_link *l;

    for (l = var->elems.next; l != &var->elems; l = l->next) {
        struct sim_lmm_elem *e = LMM_ENTRY(l, struct sim_lmm_elem, var_link);

        list_unlink(&e->cnst_link);
        list_append(enable ? &e->cnst->enabled : &e->cnst->disabled, &e->cnst_link);
    }
}

void sim_lmm_var_set_penalty(struct sim_lmm_system *sys, struct sim_lmm_var *var,
                             double penalty)
{
    bool was_enabled = var->penalty > 0;

    sim_assert(penalty >= 0, "lmm variable penalty %g is negative", penalty);
    if (penalty == var->penalty)
        return;
    if (was_enabled)
        mark_var(sys, var); /* before disabling: its constraints must be reshared */
    var->penalty = penalty;
    if (penalty > 0 && !was_enabled) {
        var_move_elems(var, true);
    } else if (penalty == 0) {
        var_move_elems(var, false);
        list_unlink_if_linked(&var->lone_link);
        var->value = 0;
        queue_modified(sys, var);
    }
    if (penalty > 0)
        mark_var(sys, var);
}

void sim_lmm_var_set_bound(struct sim_lmm_system *sys, struct sim_lmm_var *var, double bound)
{
    if (bound == var->bound)
        return;
    var->bound = bound;
    if (var->penalty > 0)
        mark_var(sys, var);
}

double sim_lmm_var_penalty(const struct sim_lmm_var *var)
{
    return var->penalty;
}

double sim_lmm_var_bound(const struct sim_lmm_var *var)
{
    return var->bound;
}

double sim_lmm_var_value(const struct sim_lmm_var *var)
{
    return var->value;
}

void *sim_lmm_var_id(const struct sim_lmm_var *var)
{
    return var->id;
}

int sim_lmm_var_cnst_count(const struct sim_lmm_var *var)
{
    return var->nelem;
}

/* ---- solve: component walk ---- */

/* Adds `var` to the work list and its constraints to the constraint work list. */
static void walk_var(struct sim_lmm_system *sys, struct sim_lmm_var *var, unsigned *nvars)
{
    struct sim_lmm_link *l;

    var->stamp = sys->epoch;
    var->ev.order = (uint64_t)SIM_LMM_EV_VAR << 32 | (*nvars)++;
    list_append(&sys->work_vars, &var->work_link);
    for (l = var->elems.next; l != &var->elems; l = l->next) {
        struct sim_lmm_cnst *c = LMM_ENTRY(l, struct sim_lmm_elem, var_link)->cnst;

        if (c->stamp != sys->epoch) {
            c->stamp = sys->epoch;
            list_append(&sys->work_cnsts, &c->work_link);
        }
    }
}

/* Extends the constraint work list to its connected components (constraint -> enabled
 * variables -> their constraints ...) and collects their enabled variables, in walk order.
 * O(elements of the components). */
static void close_components(struct sim_lmm_system *sys)
{
    struct sim_lmm_link *l;
    struct sim_lmm_link *m;
    unsigned ncnsts = 0;
    unsigned nvars = 0;

    for (l = sys->work_cnsts.next; l != &sys->work_cnsts; l = l->next) {
        struct sim_lmm_cnst *c = LMM_ENTRY(l, struct sim_lmm_cnst, work_link);

        c->ev.order = ncnsts++;
        for (m = c->enabled.next; m != &c->enabled; m = m->next) {
            struct sim_lmm_var *v = LMM_ENTRY(m, struct sim_lmm_elem, cnst_link)->var;

            if (v->stamp != sys->epoch)
                walk_var(sys, v, &nvars);
        }
    }
    SIM_LOG(lmm_log, SIM_LOG_DEBUG, "solving %u constraints and %u variables", ncnsts, nvars);
}

/* Without selective update every constraint is solved, in creation order. */
static void mark_all(struct sim_lmm_system *sys)
{
    struct sim_lmm_link *l;

    for (l = sys->cnsts.next; l != &sys->cnsts; l = l->next) {
        struct sim_lmm_cnst *c = LMM_ENTRY(l, struct sim_lmm_cnst, sys_link);

        if (c->stamp != sys->epoch) {
            c->stamp = sys->epoch;
            list_append(&sys->work_cnsts, &c->work_link);
        }
    }
}

/* ---- solve: progressive filling ----
 *
 * Every unfixed variable rises as level / penalty. A SHARED constraint saturates at level
 * remaining / usage (usage = sum of weight / penalty over unfixed variables), a FATPIPE one at
 * bound / max(weight / penalty), a bounded variable stops at level bound * penalty. Events are
 * taken from a heap in level order; constraints tying exactly at the lowest level saturate
 * together and fix all their unfixed variables at level / penalty. Same allocation as SimGrid's
 * maxmin (which rescans every constraint per round and fixes a bounded variable only once it
 * sits on a saturating constraint; the order of independent events changes no value), with
 * these deliberate differences, each on a degenerate input:
 * - a bound of 0 is a bound (value 0); SimGrid treats bound <= 0 as none;
 * - a constraint of capacity 0, or whose remaining capacity was snapped to 0 (below
 *   bound * precision) while variables still use it, saturates at level 0 and gives them 0;
 *   SimGrid drops it and leaves them to other constraints, which may overload it;
 * - a constraint stops counting when no unfixed variable is left on it (exact count), not when
 *   its usage falls below an absolute epsilon, so tiny shares (huge penalties) are not lost.
 * Like SimGrid, a saturated FATPIPE fixes all its variables, at level / penalty: with unequal
 * penalties the slower ones get less than the capacity although the pipe would allow it. */

/* a -= b, snapped to 0 once below `eps` so that it never goes negative (SimGrid's
 * double_update). */
static double sub_clamped(double a, double b, double eps)
{
    a -= b;
    return a < eps ? 0 : a;
}

static double cnst_sum_usage(const struct sim_lmm_cnst *c)
{
    const struct sim_lmm_link *l;
    double usage = 0;

    for (l = c->active.next; l != &c->active; l = l->next) {
        const struct sim_lmm_elem *e = LMM_ENTRY(l, const struct sim_lmm_elem, active_link);
        double u = e->weight / e->var->penalty;

        if (!c->fatpipe)
            usage += u;
        else if (u > usage)
            usage = u;
    }
    return usage;
}

/* Level at which `c` saturates if every unfixed variable keeps rising as level / penalty. */
static double cnst_ratio(const struct sim_lmm_cnst *c)
{
    return c->remaining > 0 ? c->remaining / c->usage : 0;
}

static void init_cnst(struct sim_lmm_system *sys, struct sim_lmm_cnst *c)
{
    struct sim_lmm_link *l;

    c->nactive = 0;
    list_init(&c->active);
    for (l = c->enabled.next; l != &c->enabled; l = l->next) {
        list_append(&c->active, &LMM_ENTRY(l, struct sim_lmm_elem, cnst_link)->active_link);
        c->nactive++;
    }
    c->remaining = sub_clamped(c->bound, 0, c->bound * sys->precision);
    c->usage = cnst_sum_usage(c);
    c->usage_ref = c->usage;
    c->dirty = false;
    c->ev.index = -1;
    if (c->nactive > 0)
        heap_push(sys, &c->ev, cnst_ratio(c));
}

static void init_var(struct sim_lmm_system *sys, struct sim_lmm_var *v)
{
    v->value = 0;
    v->fixed = false;
    v->ev.index = -1;
    if (v->bound >= 0)
        heap_push(sys, &v->ev, v->bound * v->penalty);
}

/* Variable `e->var`, fixed at `value`, no longer rises: update the constraint of `e`. */
static void cnst_release(struct sim_lmm_system *sys, struct sim_lmm_elem *e, double value)
{
    struct sim_lmm_cnst *c = e->cnst;
    double u = e->weight / e->var->penalty;

    list_unlink(&e->active_link);
    c->nactive--;
    if (c->ev.index < 0)
        return; /* saturating in this round */
    if (c->nactive == 0) {
        sys->heap_live--; /* retired: left in the heap, dropped when it surfaces */
        return;
    }
    if (c->fatpipe) {
        /* Usage is the max over unfixed variables: recompute lazily, when it reaches the top
         * (its stale key is a lower bound of the true one). */
        if (u >= c->usage)
            c->dirty = true;
        return;
    }
    c->remaining = sub_clamped(c->remaining, e->weight * value, c->bound * sys->precision);
    c->usage -= u;
    if (c->usage <= c->usage_ref * USAGE_RESUM_RATIO) {
        c->usage = cnst_sum_usage(c);
        c->usage_ref = c->usage;
    }
    heap_rekey(sys, &c->ev, cnst_ratio(c));
}

static void fix_var(struct sim_lmm_system *sys, struct sim_lmm_var *v, double value)
{
    struct sim_lmm_link *l;

    if (v->bound >= 0 && value > v->bound)
        value = v->bound;
    v->value = value;
    v->fixed = true;
    if (v->ev.index >= 0)
        sys->heap_live--; /* its bound event is retired */
    for (l = v->elems.next; l != &v->elems; l = l->next)
        cnst_release(sys, LMM_ENTRY(l, struct sim_lmm_elem, var_link), value);
}

static bool ev_is_retired(const struct sim_lmm_hent *e)
{
    if (e->kind == SIM_LMM_EV_CNST)
        return LMM_ENTRY(e, const struct sim_lmm_cnst, ev)->nactive == 0;
    return LMM_ENTRY(e, const struct sim_lmm_var, ev)->fixed;
}

/* The first live event, NULL when none is left. Retired entries surfacing at the top are
 * dropped, stale FATPIPE keys at the top are brought up to date. Retiring is O(1) this way:
 * when one bottleneck fixes every variable, the constraints they leave idle never cost a
 * heap operation. */
static struct sim_lmm_hent *heap_clean_top(struct sim_lmm_system *sys)
{
    while (sys->heap_live > 0) {
        struct sim_lmm_hent *top = sys->heap[0].ev;
        struct sim_lmm_cnst *c;

        if (ev_is_retired(top)) {
            heap_remove(sys, top);
            continue;
        }
        if (top->kind == SIM_LMM_EV_VAR)
            return top;
        c = LMM_ENTRY(top, struct sim_lmm_cnst, ev);
        if (!c->dirty)
            return top;
        c->dirty = false;
        c->usage = cnst_sum_usage(c);
        heap_rekey(sys, &c->ev, cnst_ratio(c));
    }
    sys->heap_n = 0;
    return NULL;
}

/* Takes the live event at the top out of the heap. */
static void heap_pop_live(struct sim_lmm_system *sys, struct sim_lmm_hent *top)
{
    heap_remove(sys, top);
    sys->heap_live--;
}

static void tied_push(struct sim_lmm_system *sys, int n, struct sim_lmm_cnst *c)
{
    if (n == sys->tied_cap) {
        sys->tied_cap = sys->tied_cap ? 2 * sys->tied_cap : 16;
        sys->tied = sim_xrealloc(sys->tied, (size_t)sys->tied_cap * sizeof(*sys->tied));
    }
    sys->tied[n] = c;
}

/* Every constraint whose ratio is exactly `level` saturates: all their unfixed variables are
 * fixed together at level / penalty (for FATPIPE too, as SimGrid does). */
static void saturate(struct sim_lmm_system *sys, double level)
{
    struct sim_lmm_hent *top;
    int n = 0;
    int i;

    while ((top = heap_clean_top(sys)) && top->kind == SIM_LMM_EV_CNST &&
           sys->heap[0].key == level) {
        heap_pop_live(sys, top);
        tied_push(sys, n++, LMM_ENTRY(top, struct sim_lmm_cnst, ev));
    }
    for (i = 0; i < n; i++) {
        struct sim_lmm_cnst *c = sys->tied[i];

        while (!list_is_empty(&c->active)) {
            struct sim_lmm_elem *e = LMM_ENTRY(c->active.next, struct sim_lmm_elem, active_link);

            fix_var(sys, e->var, level / e->var->penalty);
        }
    }
}

/* Weighted progressive filling over the work lists. Each event fixes at least one variable or
 * retires one constraint; O((elements + bounded variables) log(constraints + variables)) apart
 * from FATPIPE usage recomputations. */
static void fill(struct sim_lmm_system *sys)
{
    struct sim_lmm_link *l;
    struct sim_lmm_hent *top;

    for (l = sys->work_vars.next; l != &sys->work_vars; l = l->next)
        init_var(sys, LMM_ENTRY(l, struct sim_lmm_var, work_link));
    for (l = sys->work_cnsts.next; l != &sys->work_cnsts; l = l->next)
        init_cnst(sys, LMM_ENTRY(l, struct sim_lmm_cnst, work_link));
    while ((top = heap_clean_top(sys)) != NULL) {
        if (top->kind == SIM_LMM_EV_VAR) {
            struct sim_lmm_var *v = LMM_ENTRY(top, struct sim_lmm_var, ev);

            heap_pop_live(sys, top);
            fix_var(sys, v, v->bound);
        } else {
            saturate(sys, sys->heap[0].key);
        }
    }
}

/* Empties the work lists, queueing the solved variables in walk order. */
static void finish_work(struct sim_lmm_system *sys)
{
    while (!list_is_empty(&sys->work_vars)) {
        struct sim_lmm_var *v = LMM_ENTRY(sys->work_vars.next, struct sim_lmm_var, work_link);

        sim_assert(v->fixed, "lmm variable %p was left unfixed by the solver", v->id);
        list_unlink(&v->work_link);
        queue_modified(sys, v);
    }
    while (!list_is_empty(&sys->work_cnsts))
        list_unlink(sys->work_cnsts.next);
}

/* A variable using no constraint runs at its bound, or 0 when unbounded. */
static void solve_lone_var(struct sim_lmm_system *sys, struct sim_lmm_var *v)
{
    if (v->nelem > 0 || v->penalty <= 0)
        return;
    v->value = v->bound >= 0 ? v->bound : 0;
    queue_modified(sys, v);
}

static void solve_lone(struct sim_lmm_system *sys)
{
    struct sim_lmm_link *l;

    while (!list_is_empty(&sys->lone)) {
        struct sim_lmm_var *v = LMM_ENTRY(sys->lone.next, struct sim_lmm_var, lone_link);

        list_unlink(&v->lone_link);
        if (sys->selective)
            solve_lone_var(sys, v);
    }
    if (sys->selective)
        return;
    for (l = sys->vars.next; l != &sys->vars; l = l->next)
        solve_lone_var(sys, LMM_ENTRY(l, struct sim_lmm_var, sys_link));
}

void sim_lmm_solve(struct sim_lmm_system *sys)
{
    if (!sys->changed)
        return;
    if (!sys->selective)
        mark_all(sys);
    close_components(sys);
    fill(sys);
    finish_work(sys);
    solve_lone(sys);
    sys->epoch++;
    sys->changed = false;
}

void *sim_lmm_pop_modified(struct sim_lmm_system *sys)
{
    struct sim_lmm_var *v;

    if (list_is_empty(&sys->modified))
        return NULL;
    v = LMM_ENTRY(sys->modified.next, struct sim_lmm_var, mod_link);
    list_unlink(&v->mod_link);
    return v->id;
}
