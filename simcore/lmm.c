/* lmm: the max-min fair sharing solver, building side: the system, its constraints, variables
 * and elements, and the marks that tell the next solve (lmm_solve.c) what to share again. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "simcore/lmm.h"
#include "simcore/lmm_impl.h"
#include "simcore/simcore.h"

/* ---- allocation: pools of cache-line aligned objects ---- */

#define POOL_CHUNK_BYTES (64 * 1024)

static void pool_init(struct sim_lmm_pool *p, size_t size)
{
    *p = (struct sim_lmm_pool){ .size = (size + 63) / 64 * 64 };
    p->per_chunk = POOL_CHUNK_BYTES / p->size;
}

static void *pool_alloc(struct sim_lmm_pool *p)
{
    void *obj = p->free;

    if (obj) {
        p->free = *(void **)obj;
        return obj;
    }
    if (p->next == p->end) {
        size_t bytes = p->per_chunk * p->size;
        char *chunk = aligned_alloc(64, bytes);

        if (!chunk)
            sim_die("out of memory: cannot allocate %zu bytes for the bandwidth-sharing solver",
                    bytes);
        if (p->nchunks == p->chunks_cap) {
            p->chunks_cap = p->chunks_cap ? 2 * p->chunks_cap : 16;
            p->chunks = sim_xrealloc(p->chunks, p->chunks_cap * sizeof(*p->chunks));
        }
        p->chunks[p->nchunks++] = chunk;
        p->next = chunk;
        p->end = chunk + bytes;
    }
    obj = p->next;
    p->next += p->size;
    return obj;
}

static void pool_release(struct sim_lmm_pool *p, void *obj)
{
    *(void **)obj = p->free;
    p->free = obj;
}

static void pool_destroy(struct sim_lmm_pool *p)
{
    for (size_t i = 0; i < p->nchunks; i++)
        free(p->chunks[i]);
    free(p->chunks);
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
    list_init(&sys->seeds);
    list_init(&sys->disabled);
    for (int k = 0; k <= SIM_LMM_MAX_SLOTS; k++)
        pool_init(&sys->var_pools[k],
                  sizeof(struct sim_lmm_var) + (size_t)k * sizeof(struct sim_lmm_elem));
    return sys;
}

static void fp_update_var(struct sim_lmm_system *sys, struct sim_lmm_var *var, bool enter);

/* Room for one more entry in the full array of `c`: its holes squeezed out when they are half
 * of it, else a larger array (four times the inline entries, then doubling). */
void sim__lmm_en_make_room(struct sim_lmm_cnst *c)
{
    if (c->en_live * 2 <= c->en_n && c->en_n > 0) {
        sim__lmm_en_squeeze(c);
    } else if (c->en == c->en_inline) {
        c->en_cap_log2 = SIM_LMM_EN_INLINE_LOG2 + 2;
        c->en = sim_xmalloc(((size_t)1 << c->en_cap_log2) * sizeof(*c->en));
        memcpy(c->en, c->en_inline, sizeof(c->en_inline));
    } else {
        c->en_cap_log2++;
        c->en = sim_xrealloc(c->en, ((size_t)1 << c->en_cap_log2) * sizeof(*c->en));
    }
}

/* Asks the memory for the entries of its constraints that enabling (append) or disabling or
 * freeing the enabled `var` touches: each a cache miss, which moving the elements one by one
 * would wait for in turn. A million flows starting or ending together (an all-to-all) move
 * seven elements each, and a ring of 4,096 ranks finds each host's constraints out of the
 * cache. */
static void var_prefetch_entries(const struct sim_lmm_var *var, bool append)
{
    const struct sim_lmm_elems w = sim__lmm_elems(var);

    for (int i = 0; i < w.n; i++) {
        const struct sim_lmm_elem *e = &w.at[i];
        const struct sim_lmm_cnst *c = e->cnst;

        /* past the array's end when full: a prefetch never faults */
        __builtin_prefetch(append ? &c->en[c->en_n] : &c->en[e->pos], 1);
    }
}

/* Drops the elements of `var`; `listed`: they are in their constraints' entries. */
static void var_release_elems(struct sim_lmm_system *sys, struct sim_lmm_var *var, bool listed)
{
    const struct sim_lmm_elems w = sim__lmm_elems(var);

    if (var->penalty > 0) {
        if (listed)
            var_prefetch_entries(var, false);
        fp_update_var(sys, var, false);
        if (listed)
            for (int i = 0; i < w.n; i++)
                sim__lmm_en_remove(&w.at[i]);
    }
    var->nelem = 0;
    if (var->elems != var->slots)
        free(var->elems);
    var->elems = var->slots;
    var->elems_cap = var->nslots;
}

void sim_lmm_system_free(struct sim_lmm_system *sys)
{
    while (!list_is_empty(&sys->vars))
        sim_lmm_var_free(sys, LMM_ENTRY(sys->vars.next, struct sim_lmm_var, sys_link));
    while (!list_is_empty(&sys->cnsts))
        sim_lmm_cnst_free(sys, LMM_ENTRY(sys->cnsts.next, struct sim_lmm_cnst, sys_link));
    for (int k = 0; k <= SIM_LMM_MAX_SLOTS; k++)
        pool_destroy(&sys->var_pools[k]);
    free(sys->mod);
    free(sys->cnst_heap.v);
    free(sys->var_heap.v);
    free(sys->tied);
    free(sys->scratch);
    free(sys->ghost);
    free(sys);
}

/* Records that every variable of `cnst` must be shared again. With selective update, `cnst`
 * seeds the component walk of the next solve; the stamp keeps it in the list at most once. */
static void mark_cnst_all(struct sim_lmm_system *sys, struct sim_lmm_cnst *cnst)
{
    sim__lmm_flush(sys);
    if (cnst->owner)
        sim__lmm_attach(cnst->owner);
    sys->changed = true;
    if (!sys->selective || cnst->stamp == sys->epoch)
        return;
    cnst->stamp = sys->epoch;
    list_append(&sys->work_cnsts, &cnst->work_link);
}

/* Like mark_cnst_all, except that a loose constraint is skipped (its variables do not depend
 * on each other). Returns false when skipped. */
static bool mark_cnst(struct sim_lmm_system *sys, struct sim_lmm_cnst *cnst)
{
    sys->changed = true;
    if (sim__lmm_cnst_is_loose(sys, cnst))
        return false;
    mark_cnst_all(sys, cnst);
    return true;
}

/* Makes the next solve walk from `var` itself: it changed, and uses only loose constraints. */
static void seed_var(struct sim_lmm_system *sys, struct sim_lmm_var *var)
{
    sim__lmm_flush(sys);
    sys->changed = true;
    if (sys->selective && !link_is_linked(&var->seed_link))
        list_append(&sys->seeds, &var->seed_link);
}

/* Records that the value of `var` must be computed again: through its constraints, directly if
 * they are all loose, or as a lone variable if it uses none. */
void sim__lmm_mark_var(struct sim_lmm_system *sys, struct sim_lmm_var *var)
{
    const struct sim_lmm_elems w = sim__lmm_elems(var);
    bool marked = false;

    sys->changed = true;
    if (w.n == 0) {
        sim__lmm_flush(sys);
        if (!link_is_linked(&var->lone_link))
            list_append(&sys->lone, &var->lone_link);
        return;
    }
    for (int i = 0; i < w.n; i++)
        marked |= mark_cnst(sys, w.at[i].cnst);
    if (!marked)
        seed_var(sys, var);
}

/* ---- loose FATPIPEs (see sim__lmm_cnst_is_loose) ----
 * Each enabled element of a FATPIPE is counted; one whose weight / penalty differs from the
 * first's is odd. Becoming loose or coupled changes how the constraint's variables are shared,
 * so every one of them is solved again. */

/* A FATPIPE becoming coupled or loose is marked; the marks deferred before (lmm_alone.c) are
 * made first, while the constraint still has the looseness they were deferred with. */
static void fp_enter(struct sim_lmm_system *sys, struct sim_lmm_elem *e)
{
    struct sim_lmm_cnst *c = e->cnst;
    double ratio;
    bool was_loose = sim__lmm_cnst_is_loose(sys, c);
    bool odd;

    if (!c->fatpipe)
        return;
    ratio = e->weight / e->var->penalty;
    odd = c->fp_nenabled > 0 && ratio != c->fp_ratio;
    if (was_loose && odd)
        sim__lmm_flush(sys);
    if (c->fp_nenabled++ == 0)
        c->fp_ratio = ratio;
    e->odd = odd;
    c->fp_nodd += odd;
    if (was_loose && !sim__lmm_cnst_is_loose(sys, c))
        mark_cnst_all(sys, c);
}

static void fp_leave(struct sim_lmm_system *sys, struct sim_lmm_elem *e)
{
    struct sim_lmm_cnst *c = e->cnst;
    bool was_loose = sim__lmm_cnst_is_loose(sys, c);

    if (!c->fatpipe)
        return;
    if (!was_loose && sys->selective && (c->fp_nodd == e->odd || c->fp_nenabled == 1))
        sim__lmm_flush(sys);
    c->fp_nenabled--;
    c->fp_nodd -= e->odd;
    e->odd = false;
    if (c->fp_nenabled == 0)
        c->fp_nodd = 0;
    if (!was_loose && sim__lmm_cnst_is_loose(sys, c))
        mark_cnst_all(sys, c);
}

/* Calls fp_enter (enter) or fp_leave on every FATPIPE element of the enabled `var`. */
static void fp_update_var(struct sim_lmm_system *sys, struct sim_lmm_var *var, bool enter)
{
    const struct sim_lmm_elems w = sim__lmm_elems(var);

    for (int i = 0; i < w.n; i++) {
        struct sim_lmm_elem *e = &w.at[i];

        if (!e->cnst->fatpipe)
            continue;
        if (enter)
            fp_enter(sys, e);
        else
            fp_leave(sys, e);
    }
}

/* ---- constraints ---- */

struct sim_lmm_cnst *sim_lmm_cnst_new(struct sim_lmm_system *sys, void *id, double bound,
                                      bool fatpipe)
{
    struct sim_lmm_cnst *c = aligned_alloc(64, sizeof(*c));

    if (!c)
        sim_die("out of memory: cannot allocate a constraint of the bandwidth-sharing solver");
    memset(c, 0, sizeof(*c));
    sim_assert(bound >= 0, "lmm constraint bound %g is negative", bound);
    c->id = id;
    c->bound = bound;
    c->fatpipe = fatpipe;
    c->en = c->en_inline;
    c->en_cap_log2 = SIM_LMM_EN_INLINE_LOG2;
    c->ev.kind = SIM_LMM_EV_CNST;
    c->ev.index = -1;
    list_append(&sys->cnsts, &c->sys_link);
    return c;
}

static struct sim_lmm_elem *var_find_elem(const struct sim_lmm_var *var,
                                          const struct sim_lmm_cnst *cnst);

/* O(disabled variables of the system): none left when the system is freed. */
void sim_lmm_cnst_free(struct sim_lmm_system *sys, struct sim_lmm_cnst *cnst)
{
    sim_assert(cnst->en_live == 0 && !cnst->owner,
               "freeing lmm constraint %p still used by %d enabled variables", cnst->id,
               cnst->en_live + (cnst->owner != NULL));
    for (const struct sim_lmm_link *l = sys->disabled.next; l != &sys->disabled; l = l->next)
        sim_assert(!var_find_elem(LMM_ENTRY(l, const struct sim_lmm_var, dis_link), cnst),
                   "freeing lmm constraint %p still used by a disabled variable", cnst->id);
    list_unlink(&cnst->sys_link);
    list_unlink_if_linked(&cnst->work_link);
    if (cnst->en != cnst->en_inline)
        free(cnst->en);
    free(cnst);
}

void sim_lmm_cnst_set_bound(struct sim_lmm_system *sys, struct sim_lmm_cnst *cnst, double bound)
{
    sim_assert(bound >= 0, "lmm constraint bound %g is negative", bound);
    cnst->bound = bound;
    mark_cnst_all(sys, cnst);
}

double sim_lmm_cnst_bound(const struct sim_lmm_cnst *cnst)
{
    return cnst->bound;
}

void *sim_lmm_cnst_id(const struct sim_lmm_cnst *cnst)
{
    return cnst->id;
}

/* `usage` with one more consumption `u`: summed, or the largest on a FATPIPE. */
static double usage_add(const struct sim_lmm_cnst *cnst, double usage, double u)
{
    return !cnst->fatpipe ? usage + u : u > usage ? u : usage;
}

/* O(variables on the constraint). */
double sim_lmm_cnst_usage(const struct sim_lmm_cnst *cnst)
{
    double usage = 0;

    for (int i = 0; i < cnst->en_n; i++) {
        const struct sim_lmm_ent *t = &cnst->en[i];

        if (t->var)
            usage = usage_add(cnst, usage, t->weight * t->var->value);
    }
    if (cnst->owner) { /* en is empty: its entries, in element order */
        const struct sim_lmm_elems w = sim__lmm_elems(cnst->owner);

        for (int i = 0; i < w.n; i++)
            if (w.at[i].cnst == cnst)
                usage = usage_add(cnst, usage, w.at[i].weight * cnst->owner->value);
    }
    return usage;
}

/* ---- variables ---- */

/* A caller's hint counts the constraints it will expand, some of which may be the same one (a
 * flow's reverse route crosses the limiters and the backbone of its route again): a block of
 * `hint` slots would leave those unused, 3 of 10 lines for each flow of a cluster. So a block
 * has as many slots as the variables made with the same hint have needed at most (the hint
 * itself until one is known); a variable that needs more moves its elements to an array of its
 * own (var_grow_elems: same values and order), and raises the count for the next ones. The
 * count depends only on the calls made, never on addresses: the same run sizes the same way. */
static void hint_seen(struct sim_lmm_system *sys, const struct sim_lmm_var *var)
{
    if (var && var->nelem > sys->hint_fit[var->hint])
        sys->hint_fit[var->hint] = var->nelem < var->hint ? var->nelem : var->hint;
}

struct sim_lmm_var *sim_lmm_var_new(struct sim_lmm_system *sys, void *id, double penalty,
                                    double bound, int ncnst_hint)
{
    int hint = ncnst_hint < 0 ? 0 : ncnst_hint > SIM_LMM_MAX_SLOTS ? SIM_LMM_MAX_SLOTS : ncnst_hint;
    int nslots;
    struct sim_lmm_var *v;

    sim_assert(penalty >= 0, "lmm variable penalty %g is negative", penalty);
    hint_seen(sys, sys->hint_last[hint]);
    nslots = sys->hint_fit[hint] > 0 ? sys->hint_fit[hint] : hint;
    v = pool_alloc(&sys->var_pools[nslots]);
    *v = (struct sim_lmm_var){
        .id = id,
        .penalty = penalty,
        .bound = bound,
        .nslots = (uint8_t)nslots,
        .elems_cap = nslots,
        .hint = hint,
        .mod_pos = -1,
    };
    sys->hint_last[hint] = v;
    v->elems = v->slots;
    v->ev.kind = SIM_LMM_EV_VAR;
    v->ev.index = -1;
    list_append(&sys->vars, &v->sys_link);
    if (penalty > 0) {
        v->enabled_at = ++sys->nenables;
        sim__lmm_mark_var(sys, v);
    } else {
        list_append(&sys->disabled, &v->dis_link);
    }
    return v;
}

void sim_lmm_var_free(struct sim_lmm_system *sys, struct sim_lmm_var *var)
{
    bool listed = true;

    hint_seen(sys, var);
    if (sys->hint_last[var->hint] == var)
        sys->hint_last[var->hint] = NULL;
    if (var == sys->fresh) /* enabled since the last solve: marked as if never detached */
        sim__lmm_flush(sys);
    if (var->detached) {
        sim__lmm_forget(sys, var);
        listed = false;
    } else if (var->penalty > 0) {
        sim__lmm_mark_var(sys, var);
    }
    var_release_elems(sys, var, listed);
    list_unlink(&var->sys_link);
    list_unlink_if_linked(&var->lone_link);
    list_unlink_if_linked(&var->seed_link);
    list_unlink_if_linked(&var->dis_link);
    if (var->mod_pos >= 0)
        sys->mod[var->mod_pos] = NULL;
    pool_release(&sys->var_pools[var->nslots], var);
}

static struct sim_lmm_elem *var_find_elem(const struct sim_lmm_var *var,
                                          const struct sim_lmm_cnst *cnst)
{
    const struct sim_lmm_elems w = sim__lmm_elems(var);

    for (int i = 0; i < w.n; i++) {
        struct sim_lmm_elem *e = &w.at[i];

        if (e->cnst == cnst)
            return e;
    }
    return NULL;
}

/* Moves the elements of `var` to an array twice as large (at least 4), telling their
 * constraints where each one went: a variable that uses more constraints than its block has
 * slots for (sim_lmm_var_new) keeps its elements side by side. */
static void var_grow_elems(struct sim_lmm_var *var)
{
    int cap = var->elems_cap < 2 ? 4 : 2 * var->elems_cap; /* even: whole cache lines */
    struct sim_lmm_elem *to = aligned_alloc(64, (size_t)cap * sizeof(*to));

    if (!to)
        sim_die("out of memory: cannot allocate %d elements of a bandwidth-sharing variable", cap);
    for (int i = 0; i < var->nelem; i++) {
        struct sim_lmm_elem *e = &to[i];

        *e = var->elems[i];
        if (e->pos >= 0)
            e->cnst->en[e->pos].elem = e;
    }
    if (var->elems != var->slots)
        free(var->elems);
    var->elems = to;
    var->elems_cap = cap;
}

/* A new element of `var` on `cnst` (which it does not use yet), the variable's last and, when
 * `var` is enabled, its constraint's last entry. */
static struct sim_lmm_elem *elem_add(struct sim_lmm_var *var, struct sim_lmm_cnst *cnst,
                                     double weight)
{
    struct sim_lmm_elem *e;

    if (var->nelem == var->elems_cap)
        var_grow_elems(var);
    e = &var->elems[var->nelem];
    e->cnst = cnst;
    e->var = var;
    e->weight = weight;
    e->odd = false;
    if (var->penalty > 0)
        sim__lmm_en_append(e);
    else
        e->pos = -1;
    var->nelem++;
    return e;
}

/* The weight of `e` becomes `weight`, in its constraint's entry too. */
static void elem_set_weight(struct sim_lmm_elem *e, double weight)
{
    e->weight = weight;
    if (e->pos >= 0)
        e->cnst->en[e->pos].weight = weight;
}

/* O(constraints of the variable), to find an existing element on the same pair. */
void sim_lmm_expand(struct sim_lmm_system *sys, struct sim_lmm_cnst *cnst, struct sim_lmm_var *var,
                    double weight)
{
    struct sim_lmm_elem *e = var_find_elem(var, cnst);

    sim_assert(weight > 0, "lmm element weight %g is not positive", weight);
    if (var->detached)
        sim__lmm_undetach(sys, var);
    if (e && cnst->fatpipe) {
        if (weight > e->weight && var->penalty > 0) {
            fp_leave(sys, e);
            elem_set_weight(e, weight);
            fp_enter(sys, e);
        } else if (weight > e->weight) {
            elem_set_weight(e, weight);
        }
    } else if (e) {
        elem_set_weight(e, e->weight + weight);
    } else {
        e = elem_add(var, cnst, weight);
        if (var->penalty > 0)
            fp_enter(sys, e);
    }
    if (var->penalty > 0 && !mark_cnst(sys, cnst))
        seed_var(sys, var);
}

struct sim_lmm_var *sim_lmm_var_new_disabled(struct sim_lmm_system *sys, void *id, double bound,
                                             const struct sim_lmm_use *uses, int n)
{
    struct sim_lmm_var *var = sim_lmm_var_new(sys, id, 0.0, bound, n);

    while (var->elems_cap < n)
        var_grow_elems(var);
    /* disabled: each element is only written into the variable's array (see elem_add) */
    for (int i = 0; i < n; i++) {
        sim_assert(uses[i].weight > 0, "lmm element weight %g is not positive", uses[i].weight);
        var->elems[i] = (struct sim_lmm_elem){
            .var = var, .cnst = uses[i].cnst, .weight = uses[i].weight, .pos = -1
        };
    }
    var->nelem = n;
    return var;
}

int sim_lmm_var_uses(const struct sim_lmm_var *var, struct sim_lmm_use *uses, int cap)
{
    const struct sim_lmm_elems w = sim__lmm_elems(var);

    for (int i = 0; i < w.n && i < cap; i++) {
        const struct sim_lmm_elem *e = &w.at[i];

        uses[i] = (struct sim_lmm_use){ .cnst = e->cnst, .weight = e->weight };
    }
    return var->nelem;
}

/* Enters the elements of `var` in their constraints' entries (enable) or takes them out. */
static void var_move_elems(struct sim_lmm_var *var, bool enable)
{
    const struct sim_lmm_elems w = sim__lmm_elems(var);

    var_prefetch_entries(var, enable);
    for (int i = 0; i < w.n; i++) {
        if (enable)
            sim__lmm_en_append(&w.at[i]);
        else
            sim__lmm_en_remove(&w.at[i]);
    }
}

void sim_lmm_var_set_penalty(struct sim_lmm_system *sys, struct sim_lmm_var *var, double penalty)
{
    bool was_enabled = var->penalty > 0;

    sim_assert(penalty >= 0, "lmm variable penalty %g is negative", penalty);
    if (penalty == var->penalty)
        return;
    if (var->detached)
        sim__lmm_undetach(sys, var);
    if (was_enabled) {
        sim__lmm_mark_var(sys, var); /* before disabling: its constraints must be reshared */
        fp_update_var(sys, var, false);
    }
    var->penalty = penalty;
    if (penalty > 0)
        fp_update_var(sys, var, true);
    if (penalty > 0 && !was_enabled) {
        var->enabled_at = ++sys->nenables;
        list_unlink(&var->dis_link);
        if (sim__lmm_detach(sys, var))
            return;
        var_move_elems(var, true);
    } else if (penalty == 0) {
        var_move_elems(var, false);
        list_append(&sys->disabled, &var->dis_link);
        list_unlink_if_linked(&var->lone_link);
        list_unlink_if_linked(&var->seed_link);
        var->value = 0;
        sim__lmm_queue_modified(sys, var);
    }
    if (penalty > 0)
        sim__lmm_mark_var(sys, var);
}

void sim_lmm_var_set_bound(struct sim_lmm_system *sys, struct sim_lmm_var *var, double bound)
{
    if (bound == var->bound)
        return;
    if (var->detached)
        sim__lmm_undetach(sys, var);
    var->bound = bound;
    if (var->penalty > 0)
        sim__lmm_mark_var(sys, var);
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

/* ---- the constraints of a variable, for resource-usage tracing (activity.c) ---- */

void sim_lmm_var_foreach_cnst(const struct sim_lmm_var *var, sim_lmm_cnst_fn *fn, void *arg)
{
    const struct sim_lmm_elems w = sim__lmm_elems(var);

    for (int i = 0; i < w.n; i++) {
        const struct sim_lmm_elem *e = &w.at[i];

        fn(arg, e->cnst, e->weight);
    }
}

/* O(enabled variables of the constraint + disabled variables of the system). */
int sim_lmm_cnst_var_ids(const struct sim_lmm_system *sys, const struct sim_lmm_cnst *cnst,
                         void ***ids)
{
    const struct sim_lmm_link *l;
    int n = 0;
    int cap = cnst->en_live + (cnst->owner ? cnst->owner->nelem : 0);

    *ids = cap > 0 ? sim_xmalloc((size_t)cap * sizeof(**ids)) : NULL;
    for (int i = 0; i < cnst->en_n; i++)
        if (cnst->en[i].var)
            (*ids)[n++] = cnst->en[i].var->id;
    if (cnst->owner) { /* the entries it would have: one per element on cnst */
        const struct sim_lmm_elems w = sim__lmm_elems(cnst->owner);

        for (int i = 0; i < w.n; i++)
            if (w.at[i].cnst == cnst)
                (*ids)[n++] = cnst->owner->id;
    }
    for (l = sys->disabled.next; l != &sys->disabled; l = l->next) {
        const struct sim_lmm_var *v = LMM_ENTRY(l, const struct sim_lmm_var, dis_link);

        if (!var_find_elem(v, cnst))
            continue;
        if (n == cap) {
            cap = cap < 4 ? 4 : 2 * cap;
            *ids = sim_xrealloc(*ids, (size_t)cap * sizeof(**ids));
        }
        (*ids)[n++] = v->id;
    }
    return n;
}

void sim_lmm_foreach_var(const struct sim_lmm_system *sys, void (*fn)(void *arg, void *id),
                         void *arg)
{
    const struct sim_lmm_link *l;

    for (l = sys->vars.next; l != &sys->vars; l = l->next)
        fn(arg, LMM_ENTRY(l, const struct sim_lmm_var, sys_link)->id);
}
