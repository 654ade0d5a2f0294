/* lmm_solve: the max-min fair sharing solver, solving side. solve() runs weighted progressive
 * filling, like SimGrid's "maxmin" solver (src/kernel/lmm/maxmin.cpp), on the part of the
 * system touched since the last solve. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "simcore/lmm.h"
#include "simcore/lmm_impl.h"
#include "simcore/simcore.h"

SIM_LOG_CATEGORY(lmm_log, "sim.lmm");

/* Below this fraction of its value at the start of the solve, a SHARED constraint's usage is
 * summed again from its active elements instead of trusting repeated subtractions. */
#define USAGE_RESUM_RATIO 1e-9

/* ---- event heaps: binary min-heaps, O(log n) push, remove and key change ---- */

static bool slot_before(const struct sim_lmm_hslot *a, const struct sim_lmm_hslot *b)
{
    return a->key < b->key || (a->key == b->key && a->order < b->order);
}

static void heap_place(struct sim_lmm_heap *h, const struct sim_lmm_hslot *slot, int i)
{
    h->v[i] = *slot;
    slot->ev->index = i;
}

/* Moves the slot at `i` up or down to its place. */
static void heap_sift(struct sim_lmm_heap *h, int i)
{
    struct sim_lmm_hslot s = h->v[i];
    int n = h->n;

    while (i > 0 && slot_before(&s, &h->v[(i - 1) / 2])) {
        heap_place(h, &h->v[(i - 1) / 2], i);
        i = (i - 1) / 2;
    }
    for (;;) {
        int c = 2 * i + 1;

        if (c >= n)
            break;
        if (c + 1 < n && slot_before(&h->v[c + 1], &h->v[c]))
            c++;
        if (!slot_before(&h->v[c], &s))
            break;
        heap_place(h, &h->v[c], i);
        i = c;
    }
    heap_place(h, &s, i);
}

static void heap_push(struct sim_lmm_heap *h, struct sim_lmm_hent *e, double key)
{
    if (h->n == h->cap) {
        h->cap = h->cap ? 2 * h->cap : 64;
        h->v = sim_xrealloc(h->v, (size_t)h->cap * sizeof(*h->v));
    }
    h->v[h->n] = (struct sim_lmm_hslot){ .key = key, .order = e->order, .ev = e };
    e->index = h->n++;
    h->live++;
    heap_sift(h, e->index);
}

static void heap_remove(struct sim_lmm_heap *h, struct sim_lmm_hent *e)
{
    int i = e->index;

    e->index = -1;
    if (i == --h->n)
        return;
    heap_place(h, &h->v[h->n], i);
    heap_sift(h, i);
}

/* The key of `e` changed (either way). */
static void heap_rekey(struct sim_lmm_heap *h, struct sim_lmm_hent *e, double key)
{
    h->v[e->index].key = key;
    heap_sift(h, e->index);
}

/* ---- solve: component walk ---- */

static void init_var(struct sim_lmm_system *sys, struct sim_lmm_var *v);
static void init_cnst(struct sim_lmm_system *sys, struct sim_lmm_cnst *c, double usage,
                      int nactive);

/* Marks `var` as solved this time, adds its constraints to the constraint work list and
 * initialises it (init_var: the loose constraints it uses are known by then). A variable
 * reached from a seed also goes to the variable work list, for queue_seeded. */
static void walk_var(struct sim_lmm_system *sys, struct sim_lmm_var *var, unsigned *nvars,
                     bool seeded)
{
    const struct sim_lmm_elems w = sim__lmm_elems(var);

    var->stamp = sys->epoch;
    var->ev.order = (uint64_t)SIM_LMM_EV_VAR << 32 | (*nvars)++;
    if (seeded)
        list_append(&sys->work_vars, &var->work_link);
    for (int i = 0; i < w.n; i++) {
        struct sim_lmm_cnst *c = w.at[i].cnst;

        if (c->stamp != sys->epoch && !sim__lmm_cnst_is_loose(sys, c)) {
            c->stamp = sys->epoch;
            list_append(&sys->work_cnsts, &c->work_link);
        }
    }
    init_var(sys, var);
}

/* Reverses the variables queued from mod[from] on: those of one constraint, queued as its
 * entries come (the oldest first), go in front of each other as SimGrid lists them. */
static void mod_reverse(struct sim_lmm_system *sys, int64_t from)
{
    for (int64_t i = from, j = sys->mod_n - 1; i < j; i++, j--) {
        struct sim_lmm_var *t = sys->mod[i];

        sys->mod[i] = sys->mod[j];
        sys->mod[j] = t;
        sys->mod[i]->mod_pos = i;
        sys->mod[j]->mod_pos = j;
    }
}

/* Extends the constraint work list to its connected components (constraint -> enabled
 * variables -> their constraints ...), never through a loose constraint unless it was marked
 * itself, and initialises their enabled variables (in walk order) and the constraints (in
 * work-list order) for the filling: one pass over the elements. The seed variables (all of
 * whose constraints are loose) start the walk. The same pass queues the variables for
 * sim_lmm_pop_modified in the order of SimGrid's System::solve, which does not depend on the
 * values found: constraint by constraint (in the order they were marked, then reached), and on
 * each one its enabled variables not queued yet from the most recently enabled to the oldest,
 * as SimGrid's enabled_element_set_ holds them (expand and enable_var push to its front; each
 * variable goes in front of the constraint's group). The engine reschedules the activities in
 * this order, which decides which of two activities ending at the same date ends first (see
 * DESIGN.md, "Determinism"). The variables reached only through loose constraints follow
 * (finish_work). O(elements of the components). */
static void close_components(struct sim_lmm_system *sys)
{
    struct sim_lmm_link *l;
    unsigned ncnsts = 0;
    unsigned nvars = 0;

    while (!list_is_empty(&sys->seeds)) {
        struct sim_lmm_var *v = LMM_ENTRY(sys->seeds.next, struct sim_lmm_var, seed_link);

        list_unlink(&v->seed_link);
        if (v->penalty > 0 && v->stamp != sys->epoch)
            walk_var(sys, v, &nvars, true);
    }

    for (l = sys->work_cnsts.next; l != &sys->work_cnsts; l = l->next) {
        struct sim_lmm_cnst *c = LMM_ENTRY(l, struct sim_lmm_cnst, work_link);

        int64_t group = sys->mod_n;
        double usage = 0;
        int n = 0;

        c->ev.order = ncnsts++;
        sim__lmm_prefetch_start(c);
        /* every enabled variable of a work constraint is solved, so all start unfixed: the
         * usage sums them all (as cnst_sum_usage would once they are initialised) */
        for (int i = 0; i < c->en_n; i++) {
            struct sim_lmm_var *v = c->en[i].var;
            double u;

            sim__lmm_prefetch_ahead_elems(c, i);
            if (!v)
                continue;
            if (v->stamp != sys->epoch)
                walk_var(sys, v, &nvars, false);
            if (v->mod_pos < 0)
                sim__lmm_queue_modified(sys, v);
            u = c->en[i].weight / v->penalty;
            n++;
            if (!c->fatpipe)
                usage += u;
            else if (u > usage)
                usage = u;
        }
        mod_reverse(sys, group);
        init_cnst(sys, c, usage, n);
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

/* Sum (max for FATPIPE) of weight / penalty over the enabled elements of `c` whose variable is
 * unfixed, in the order of c->en; their number goes to *nactive when not NULL. */
static double cnst_sum_usage(const struct sim_lmm_cnst *c, int *nactive)
{
    double usage = 0;
    int n = 0;

    sim__lmm_prefetch_start(c);
    for (int i = 0; i < c->en_n; i++) {
        const struct sim_lmm_var *v = c->en[i].var;
        double u;

        sim__lmm_prefetch_ahead(c, i);
        if (!v || v->fixed)
            continue;
        u = c->en[i].weight / v->penalty;
        n++;
        if (!c->fatpipe)
            usage += u;
        else if (u > usage)
            usage = u;
    }
    if (nactive)
        *nactive = n;
    return usage;
}

/* Level at which `c` saturates if every unfixed variable keeps rising as level / penalty. */
static double cnst_ratio(const struct sim_lmm_cnst *c)
{
    return c->remaining > 0 ? c->remaining / c->usage : 0;
}

/* `usage` and `nactive`: cnst_sum_usage's results with every enabled variable unfixed. */
static void init_cnst(struct sim_lmm_system *sys, struct sim_lmm_cnst *c, double usage, int nactive)
{
    c->remaining = sub_clamped(c->bound, 0, c->bound * sys->precision);
    c->usage = usage;
    c->nactive = nactive;
    c->usage_ref = c->usage;
    c->ratio = cnst_ratio(c);
    c->dirty = false;
    c->stale = false;
    c->ev.index = -1;
    if (c->nactive > 0)
        heap_push(&sys->cnst_heap, &c->ev, c->ratio);
}

/* A loose constraint that is not solved this time (not in the work list) bounds each of its
 * variables to bound / weight. Called once the variable's constraints are in the work list
 * (loose ones are there only if marked before the solve). */
static void init_var(struct sim_lmm_system *sys, struct sim_lmm_var *v)
{
    const struct sim_lmm_elems w = sim__lmm_elems(v);

    v->value = 0;
    v->fixed = false;
    v->ev.index = -1;
    v->cap = v->bound;
    for (int i = 0; i < w.n; i++) {
        const struct sim_lmm_elem *e = &w.at[i];
        double cap = e->cnst->bound / e->weight;

        if (e->cnst->stamp != sys->epoch && (v->cap < 0 || cap < v->cap))
            v->cap = cap;
    }
    if (v->cap >= 0)
        heap_push(&sys->var_heap, &v->ev, v->cap * v->penalty);
}

/* Variable `e->var`, fixed at `value`, no longer rises: update the constraint of `e`. A SHARED
 * constraint's level only rises this way (up to rounding), so its heap key is left as it is, a
 * lower bound, and raised when it reaches the top (cnst_top): that is one sift per constraint
 * and event instead of one per element fixed. */
static void cnst_release(struct sim_lmm_system *sys, struct sim_lmm_elem *e, double value)
{
    struct sim_lmm_cnst *c = e->cnst;
    double u = e->weight / e->var->penalty;

    c->nactive--;
    if (c->ev.index < 0)
        return; /* saturating in this round */
    if (c->nactive == 0) {
        sys->cnst_heap.live--; /* retired: left in the heap, dropped when it surfaces */
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
        c->usage = cnst_sum_usage(c, NULL);
        c->usage_ref = c->usage;
    }
    c->ratio = cnst_ratio(c);
    if (c->ratio < sys->cnst_heap.v[c->ev.index].key)
        heap_rekey(&sys->cnst_heap, &c->ev, c->ratio);
    else
        c->stale = true;
}

static void fix_var(struct sim_lmm_system *sys, struct sim_lmm_var *v, double value)
{
    const struct sim_lmm_elems w = sim__lmm_elems(v);

    if (v->cap >= 0 && value > v->cap)
        value = v->cap;
    v->value = value;
    v->fixed = true;
    if (v->ev.index >= 0)
        sys->var_heap.live--; /* its bound event is retired */
    for (int i = 0; i < w.n; i++) {
        struct sim_lmm_elem *e = &w.at[i];

        if (e->cnst->stamp == sys->epoch)
            cnst_release(sys, e, value);
    }
}

/* The first live constraint event, NULL when none is left. Retired entries surfacing at the top
 * are dropped, stale keys at the top (SHARED levels raised, FATPIPE usages to recompute) are
 * brought up to date. Every key in the heap is at most its constraint's true level, so a top that
 * is up to date is the true first. Retiring is O(1) this way: when one bottleneck fixes every
 * variable, the constraints they leave idle never cost a heap operation. */
static struct sim_lmm_hent *cnst_top(struct sim_lmm_system *sys)
{
    struct sim_lmm_heap *h = &sys->cnst_heap;

    while (h->live > 0) {
        struct sim_lmm_cnst *c = LMM_ENTRY(h->v[0].ev, struct sim_lmm_cnst, ev);

        if (c->nactive == 0) {
            heap_remove(h, &c->ev);
            continue;
        }
        if (c->dirty) {
            c->dirty = false;
            c->usage = cnst_sum_usage(c, NULL);
            c->ratio = cnst_ratio(c);
            c->stale = true;
        }
        if (!c->stale)
            return &c->ev;
        c->stale = false;
        heap_rekey(h, &c->ev, c->ratio);
    }
    h->n = 0;
    return NULL;
}

/* The first live event of either heap in (level, order), its level in *level; NULL when none is
 * left. The variables' heap is cleaned only as far as its top would come first: the variables
 * that saturating constraints fixed stay in it, below, and are dropped when the heap empties
 * (otherwise each would cost a removal). */
static struct sim_lmm_hent *event_top(struct sim_lmm_system *sys, double *level)
{
    struct sim_lmm_hent *c = cnst_top(sys);
    struct sim_lmm_heap *h = &sys->var_heap;

    for (;;) {
        struct sim_lmm_hent *top;

        if (h->live == 0) {
            h->n = 0;
            break;
        }
        /* the top slot, live or not, is a lower bound of every live one */
        if (c && slot_before(&sys->cnst_heap.v[0], &h->v[0]))
            break;
        top = h->v[0].ev;
        if (!LMM_ENTRY(top, struct sim_lmm_var, ev)->fixed) {
            *level = h->v[0].key;
            return top;
        }
        heap_remove(h, top);
    }
    if (c)
        *level = sys->cnst_heap.v[0].key;
    return c;
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
 * fixed together at level / penalty (for FATPIPE too, as SimGrid does), each constraint's in the
 * order of its enabled list. */
static void saturate(struct sim_lmm_system *sys, double level)
{
    struct sim_lmm_hent *top;
    double key;
    int n = 0;
    int i;

    while ((top = event_top(sys, &key)) && top->kind == SIM_LMM_EV_CNST && key == level) {
        heap_remove(&sys->cnst_heap, top);
        sys->cnst_heap.live--;
        tied_push(sys, n++, LMM_ENTRY(top, struct sim_lmm_cnst, ev));
    }
    for (i = 0; i < n; i++) {
        struct sim_lmm_cnst *c = sys->tied[i];

        sim__lmm_prefetch_start(c);
        for (int j = 0; j < c->en_n && c->nactive > 0; j++) {
            struct sim_lmm_var *v = c->en[j].var;

            sim__lmm_prefetch_ahead_elems(c, j);
            if (v && !v->fixed)
                fix_var(sys, v, level / v->penalty);
        }
    }
}

/* Weighted progressive filling over the work lists (initialised by close_components). Each event
 * fixes at least one variable or retires one constraint; O(elements + (constraints + bounded
 * variables) log(constraints + variables) + events * constraints log constraints) apart from
 * FATPIPE usage recomputations. */
static void fill(struct sim_lmm_system *sys)
{
    struct sim_lmm_hent *top;
    double level;

    while ((top = event_top(sys, &level)) != NULL) {
        if (top->kind == SIM_LMM_EV_VAR) {
            struct sim_lmm_var *v = LMM_ENTRY(top, struct sim_lmm_var, ev);

            heap_remove(&sys->var_heap, top);
            sys->var_heap.live--;
            fix_var(sys, v, v->cap);
        } else {
            saturate(sys, level);
        }
    }
}

/* The first constraint of `v` (SimGrid's cnsts_[0]), NULL when it uses none. */
static const struct sim_lmm_cnst *first_cnst(const struct sim_lmm_var *v)
{
    return v->nelem > 0 ? v->elems[0].cnst : NULL;
}

/* finish_work's order of the variables reached only through loose constraints: grouped by
 * their first constraint, then the most recently enabled first. */
static int seed_order(const void *pa, const void *pb)
{
    const struct sim_lmm_var *a = *(struct sim_lmm_var *const *)pa;
    const struct sim_lmm_var *b = *(struct sim_lmm_var *const *)pb;
    const struct sim_lmm_cnst *ca = first_cnst(a);
    const struct sim_lmm_cnst *cb = first_cnst(b);
    unsigned ga = ca ? ca->seed_group : 0;
    unsigned gb = cb ? cb->seed_group : 0;

    if (ga != gb)
        return ga < gb ? -1 : 1;
    if (a->enabled_at != b->enabled_at)
        return a->enabled_at > b->enabled_at ? -1 : 1;
    return 0;
}

/* Empties the variable work list (the variables walked from seeds) and queues those that no
 * work constraint reached (their constraints are all loose) as SimGrid would list them from the
 * first constraint of each: group by group, in the order the groups appear, each from the most
 * recently enabled variable. Only these variables are sorted, never the loose constraints' other
 * variables: O(k log k) for k of them. */
static void queue_seeded(struct sim_lmm_system *sys)
{
    unsigned ngroups = 0;
    int n = 0;

    while (!list_is_empty(&sys->work_vars)) {
        struct sim_lmm_var *v = LMM_ENTRY(sys->work_vars.next, struct sim_lmm_var, work_link);
        struct sim_lmm_cnst *c;

        sim_assert(v->fixed, "lmm variable %p was left unfixed by the solver", v->id);
        list_unlink(&v->work_link);
        if (v->mod_pos >= 0)
            continue;
        c = (struct sim_lmm_cnst *)first_cnst(v);
        if (c && c->seed_epoch != sys->epoch) {
            c->seed_epoch = sys->epoch;
            c->seed_group = ngroups++;
        }
        if (n == sys->scratch_cap) {
            sys->scratch_cap = sys->scratch_cap ? 2 * sys->scratch_cap : 64;
            sys->scratch =
                sim_xrealloc(sys->scratch, (size_t)sys->scratch_cap * sizeof(*sys->scratch));
        }
        sys->scratch[n++] = v;
    }
    if (n > 1)
        qsort(sys->scratch, (size_t)n, sizeof(*sys->scratch), seed_order);
    for (int i = 0; i < n; i++)
        sim__lmm_queue_modified(sys, sys->scratch[i]);
}

/* Empties the work lists, queueing after the others (close_components) the solved variables
 * reached only through loose constraints (queue_seeded). */
static void finish_work(struct sim_lmm_system *sys)
{
    queue_seeded(sys);
    while (!list_is_empty(&sys->work_cnsts))
        list_unlink(sys->work_cnsts.next);
}

/* A variable using no constraint runs at its bound, or 0 when unbounded. */
static void solve_lone_var(struct sim_lmm_system *sys, struct sim_lmm_var *v)
{
    if (v->nelem > 0 || v->penalty <= 0)
        return;
    v->value = v->bound >= 0 ? v->bound : 0;
    sim__lmm_queue_modified(sys, v);
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
    if (sim__lmm_solve_pending(sys) || sim__lmm_solve_alone(sys)) {
        sys->epoch++;
        sys->changed = false;
        return;
    }
    if (!sys->selective)
        mark_all(sys);
    close_components(sys);
    fill(sys);
    finish_work(sys);
    solve_lone(sys);
    sys->epoch++;
    sys->changed = false;
}

void sim__lmm_grow_modified(struct sim_lmm_system *sys)
{
    sys->mod_cap = sys->mod_cap ? 2 * sys->mod_cap : 64;
    sys->mod = sim_xrealloc(sys->mod, (size_t)sys->mod_cap * sizeof(*sys->mod));
}

/* How many variables ahead sim_lmm_pop_modified asks for the one it will return then. */
#define POP_AHEAD 32

void *sim_lmm_pop_modified(struct sim_lmm_system *sys)
{
    while (sys->mod_head < sys->mod_n) {
        struct sim_lmm_var *v = sys->mod[sys->mod_head++];

        if (sys->mod_head + POP_AHEAD < sys->mod_n)
            __builtin_prefetch(sys->mod[sys->mod_head + POP_AHEAD], 1);
        if (v) {
            v->mod_pos = -1;
            return v->id;
        }
    }
    sys->mod_head = 0;
    sys->mod_n = 0;
    return NULL;
}
