/* lmm_alone: the solve of a flow alone on its constraints, in closed form. Most solves of an
 * MPI run with few messages in flight touch one variable: a message's flow is enabled once its
 * latency is paid and is alone on its links, or it ends and leaves them empty. Progressive
 * filling then reduces to one minimum; this file computes it with the same operations, in the
 * same order, as lmm_solve.c's close_components, init_cnst, init_var and fill, so the value is
 * the same to the last bit, and queues the variable as they would. Anything else (two enabled
 * variables meeting on a constraint, seeds, lone variables, no selective update) goes to the
 * general solve. */
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
