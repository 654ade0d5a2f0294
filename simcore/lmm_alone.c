/* lmm_alone: flows alone on their constraints. Most solves of an MPI run with few messages in
 * flight touch one variable: a message's flow is enabled once its latency is paid and is alone
 * on its links, or it ends and leaves them empty. Progressive filling then reduces to one
 * minimum; this file computes it with the same operations, in the same order, as lmm_solve.c's
 * close_components, init_cnst, init_var and fill, so the value is the same to the last bit, and
 * queues the variable as they would. Anything else (two enabled variables meeting on a
 * constraint, seeds, lone variables, no selective update) goes to the general solve.
 *
 * Such a flow need not even be listed by its constraints. Enabled where all of its constraints
 * are empty and nothing else waits for the solve, it is detached: its elements stay out of the
 * constraints' entries (each constraint names it as its `owner`), it marks nothing, and the next
 * solve finds its value directly (sys->fresh). Freed detached, the constraints its marking
 * would mark are only noted (sys->ghost): that solve would find them empty. Whatever else
 * touches the system first puts things back as they would have been: anything marked makes the
 * deferred marks first, in the order they were deferred (sim__lmm_flush), and a variable
 * entering a constraint, a change of the variable or a reader of the entries attaches the owner
 * (sim__lmm_attach: its entries, in element order, as enabling would have made them, since
 * nothing entered those constraints meanwhile). The work list, the entries and the modified
 * queue are then those of the eager way in every case, which tests/unit/simcore/test_lmm_random
 * checks against a system that never detaches. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stddef.h>
#include <stdint.h>

#include "simcore/lmm.h"
#include "simcore/lmm_impl.h"
#include "simcore/simcore.h"

SIM_LOG_CATEGORY(lmm_log, "sim.lmm");

/* The only enabled element of `c`, or NULL when it has none; *many is set when it has several. */
static struct sim_lmm_elem *only_elem(const struct sim_lmm_cnst *c, bool *many)
{
    *many = c->en_live > 1;
    if (c->en_live != 1)
        return NULL;
    for (int i = 0;; i++) /* fewer than SIM_LMM_SQUEEZE_MIN entries */
        if (c->en[i].var)
            return c->en[i].elem;
}

/* The variable that is alone on every constraint the next solve would reach, or NULL when
 * there is none (every work constraint empty); false when the general solve is needed. */
static bool find_alone(struct sim_lmm_system *sys, struct sim_lmm_var **alone)
{
    struct sim_lmm_var *v = NULL;
    struct sim_lmm_link *l;
    bool many;

    for (l = sys->work_cnsts.next; l != &sys->work_cnsts; l = l->next) {
        struct sim_lmm_elem *e = only_elem(LMM_ENTRY(l, struct sim_lmm_cnst, work_link), &many);

        if (many || (e && v && e->var != v))
            return false;
        if (e)
            v = e->var;
    }
    /* the constraints the walk would add from v: only v on them too */
    if (v) {
        const struct sim_lmm_elems w = sim__lmm_elems(v);

        for (int i = 0; i < w.n; i++) {
            struct sim_lmm_elem *e = &w.at[i];
            const struct sim_lmm_cnst *c = e->cnst;

            if (c->stamp != sys->epoch && !sim__lmm_cnst_is_loose(sys, c) &&
                only_elem(c, &many) != e)
                return false;
        }
    }
    *alone = v;
    return true;
}

/* v's value as fill() finds it: the constraints' events at level remaining / usage (usage =
 * weight / penalty), the variable's at cap * penalty (cap: its bound lowered by the loose
 * constraints outside the work list); a constraint comes first at an equal level. */
static double alone_value(struct sim_lmm_system *sys, struct sim_lmm_var *v)
{
    const struct sim_lmm_elems w = sim__lmm_elems(v);
    double cap = v->bound;
    double level = 0;
    bool have_level = false;
    double value;

    for (int i = 0; i < w.n; i++) {
        const struct sim_lmm_elem *e = &w.at[i];
        const struct sim_lmm_cnst *c = e->cnst;

        if (c->stamp != sys->epoch && sim__lmm_cnst_is_loose(sys, c)) {
            double cc = c->bound / e->weight;

            if (cap < 0 || cc < cap)
                cap = cc;
        } else {
            double usage = e->weight / v->penalty;
            /* init_cnst's sub_clamped(bound, 0, bound * precision) */
            double remaining = c->bound < c->bound * sys->precision ? 0 : c->bound;
            double ratio = remaining > 0 ? remaining / usage : 0;

            if (!have_level || ratio < level)
                level = ratio;
            have_level = true;
        }
    }
    if (cap >= 0 && (!have_level || cap * v->penalty < level))
        return cap;
    if (!have_level)
        return 0; /* neither bounded nor constrained: fill() never fixes it */
    value = level / v->penalty;
    if (cap >= 0 && value > cap)
        value = cap;
    return value;
}

bool sim__lmm_solve_alone(struct sim_lmm_system *sys)
{
    struct sim_lmm_var *v;
    unsigned ncnsts = 0;

    if (!sys->selective || !list_is_empty(&sys->seeds) || !list_is_empty(&sys->lone) ||
        !find_alone(sys, &v))
        return false;
    while (!list_is_empty(&sys->work_cnsts)) {
        list_unlink(sys->work_cnsts.next);
        ncnsts++;
    }
    if (v) {
        v->stamp = sys->epoch;
        v->value = alone_value(sys, v);
        v->fixed = true;
        v->ev.index = -1;
        sim__lmm_queue_modified(sys, v);
    }
    SIM_LOG(lmm_log, SIM_LOG_DEBUG, "solving %u constraints and %u variables (alone)", ncnsts,
            v ? 1u : 0u);
    return true;
}

/* ---- detached flows ---- */

void sim__lmm_attach(struct sim_lmm_var *var)
{
    const struct sim_lmm_elems w = sim__lmm_elems(var);

    var->detached = false;
    for (int i = 0; i < w.n; i++)
        w.at[i].cnst->owner = NULL;
    for (int i = 0; i < w.n; i++)
        sim__lmm_en_append(&w.at[i]);
}

bool sim__lmm_detach(struct sim_lmm_system *sys, struct sim_lmm_var *var)
{
    const struct sim_lmm_elems w = sim__lmm_elems(var);
    bool tight = false;

    if (sys->eager || !sys->selective || sys->fresh || w.n == 0 ||
        !list_is_empty(&sys->work_cnsts) || !list_is_empty(&sys->seeds) ||
        !list_is_empty(&sys->lone))
        return false;
    /* each constraint empty, used once (two elements on one would be `many` to find_alone),
     * one of them not loose (else mark_var would seed it, for the general solve) */
    for (int i = 0; i < w.n; i++) {
        struct sim_lmm_cnst *c = w.at[i].cnst;

        if (c->en_live > 0 || c->owner) {
            while (i-- > 0)
                w.at[i].cnst->owner = NULL;
            return false;
        }
        c->owner = var;
        tight |= !sim__lmm_cnst_is_loose(sys, c);
    }
    if (!tight) {
        for (int i = 0; i < w.n; i++)
            w.at[i].cnst->owner = NULL;
        return false;
    }
    var->detached = true;
    sys->fresh = var;
    sys->fresh_at = sys->ghost_n;
    sys->changed = true;
    return true;
}

void sim__lmm_undetach(struct sim_lmm_system *sys, struct sim_lmm_var *var)
{
    if (var == sys->fresh)
        sim__lmm_flush_pending(sys);
    else
        sim__lmm_attach(var);
}

void sim__lmm_forget(struct sim_lmm_system *sys, struct sim_lmm_var *var)
{
    const struct sim_lmm_elems w = sim__lmm_elems(var);

    var->detached = false;
    sys->changed = true;
    for (int i = 0; i < w.n; i++) {
        struct sim_lmm_cnst *c = w.at[i].cnst;

        c->owner = NULL;
        if (sim__lmm_cnst_is_loose(sys, c)) /* mark_var would skip it */
            continue;
        if (sys->ghost_n == sys->ghost_cap) {
            sys->ghost_cap = sys->ghost_cap ? 2 * sys->ghost_cap : 16;
            sys->ghost = sim_xrealloc(sys->ghost, (size_t)sys->ghost_cap * sizeof(*sys->ghost));
        }
        sys->ghost[sys->ghost_n++] = c;
    }
}

/* What mark_cnst_all does to a constraint that mark_cnst did not find loose when deferred. */
static void mark_ghost(struct sim_lmm_system *sys, struct sim_lmm_cnst *c)
{
    if (c->owner)
        sim__lmm_attach(c->owner);
    if (c->stamp == sys->epoch)
        return;
    c->stamp = sys->epoch;
    list_append(&sys->work_cnsts, &c->work_link);
}

void sim__lmm_flush_pending(struct sim_lmm_system *sys)
{
    struct sim_lmm_var *v = sys->fresh;
    int n = sys->ghost_n;

    sys->fresh = NULL;
    sys->ghost_n = 0;
    for (int i = 0; i <= n; i++) {
        if (v && i == sys->fresh_at) { /* what enabling it would have done, in its turn */
            if (v->detached)
                sim__lmm_attach(v);
            sim__lmm_mark_var(sys, v);
        }
        if (i < n)
            mark_ghost(sys, sys->ghost[i]);
    }
}

bool sim__lmm_solve_pending(struct sim_lmm_system *sys)
{
    struct sim_lmm_var *v = sys->fresh;

    if (!v && !sys->ghost_n)
        return false;
    if ((v && !v->detached) || !list_is_empty(&sys->work_cnsts) || !list_is_empty(&sys->seeds) ||
        !list_is_empty(&sys->lone)) {
        sim__lmm_flush_pending(sys);
        return false;
    }
    SIM_LOG(lmm_log, SIM_LOG_DEBUG, "solving %u variables alone (detached; %d constraints freed)",
            v ? 1u : 0u, sys->ghost_n);
    sys->fresh = NULL;
    if (v) {
        /* alone_value tells a loose constraint in the work list from one outside it: the
         * forgotten ones would be in it (v's own are, unless loose) */
        for (int i = 0; i < sys->ghost_n; i++)
            sys->ghost[i]->stamp = sys->epoch;
        v->stamp = sys->epoch;
        v->value = alone_value(sys, v);
        v->fixed = true;
        v->ev.index = -1;
        sim__lmm_queue_modified(sys, v);
    }
    sys->ghost_n = 0;
    return true;
}
