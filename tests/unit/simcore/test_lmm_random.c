/* Max-min solver, randomized: thousands of random systems (shared and fatpipe constraints,
 * penalties, bounds, weights, mutations) checked for feasibility and fairness, and solved
 * incrementally with selective update against the same system built from scratch; and random
 * sequences of operations on two systems, one detaching flows alone (lmm_alone.c) and one
 * never, which must give the same values and modified queues to the bit. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lmm_util.h"
#include "simcore/lmm.h"
#include "simcore/lmm_impl.h" /* sys->eager, var->detached */

#define RND_SYSTEMS 3000
#define RND_MAX_CNSTS 8
#define RND_MAX_VARS 24
#define RND_MAX_ELEMS 4
#define RND_TOL 1e-4 /* saturation and fairness slack: the solver snaps at bound * 1e-5 */

struct rnd_cnst {
    double bound;
    bool fatpipe;
};

struct rnd_var {
    bool alive;
    double penalty;
    double bound;
    int n;
    int cnst[RND_MAX_ELEMS];
    double weight[RND_MAX_ELEMS]; /* merged weight of the pair, what the solver should use */
};

/* The description of a random system, so that an identical one can be built from scratch. */
struct rnd_model {
    int nc;
    int nv;
    struct rnd_cnst c[RND_MAX_CNSTS];
    struct rnd_var v[RND_MAX_VARS];
};

struct rnd_sys {
    struct sim_lmm_system *sys;
    struct sim_lmm_cnst *c[RND_MAX_CNSTS];
    struct sim_lmm_var *v[RND_MAX_VARS];
};

static uint64_t rnd_state;

static uint64_t xorshift(void)
{
    rnd_state ^= rnd_state << 13;
    rnd_state ^= rnd_state >> 7;
    rnd_state ^= rnd_state << 17;
    return rnd_state;
}

static int rnd_int(int n)
{
    return (int)(xorshift() % (uint64_t)n);
}

static double rnd_real(double lo, double hi)
{
    return lo + (hi - lo) * (double)(xorshift() >> 11) / 9007199254740992.0;
}

/* Round values half of the time, so that ties between constraints and bounds happen. */
static double rnd_amount(double lo, double hi)
{
    double x = rnd_real(lo, hi);

    return rnd_int(2) ? round(x) : x;
}

static double rnd_penalty(void)
{
    static const double common[] = { 1, 1, 2, 0.5, 0 };
    int k = rnd_int(8);

    return k < 5 ? common[k] : rnd_real(0.1, 10);
}

static double rnd_weight(void)
{
    static const double common[] = { 1, 1, 1, 0.05, 2 };
    int k = rnd_int(6);

    return k < 5 ? common[k] : rnd_real(0.1, 3);
}

static double rnd_bound(void)
{
    return rnd_int(3) == 0 ? rnd_amount(0.5, 80) : -1;
}

/* Creates variable `i` of the model in `s`, with one expand per entry of `raw`/`rawc`. */
static void rnd_var_build(struct rnd_model *m, struct rnd_sys *s, int i, const double *raw,
                          int nraw, const int *rawc)
{
    int k;

    s->v[i] = sim_lmm_var_new(s->sys, &lmm_tags[i], m->v[i].penalty, m->v[i].bound, nraw);
    for (k = 0; k < nraw; k++)
        sim_lmm_expand(s->sys, s->c[rawc[k]], s->v[i], raw[k]);
}

/* Index of constraint `c` among the uses of `v`, v->n if it has none. */
static int rnd_var_find(const struct rnd_var *v, int c)
{
    int j;

    for (j = 0; j < v->n; j++)
        if (v->cnst[j] == c)
            break;
    return j;
}

/* Draws variable `i` (1..4 constraint uses, repeats allowed and merged) and builds it in `s`. */
static void rnd_var_new(struct rnd_model *m, struct rnd_sys *s, int i)
{
    struct rnd_var *v = &m->v[i];
    double raw[RND_MAX_ELEMS];
    int rawc[RND_MAX_ELEMS];
    int nraw = 1 + rnd_int(RND_MAX_ELEMS);
    int k;
    int j;

    *v = (struct rnd_var){ .alive = true, .penalty = rnd_penalty(), .bound = rnd_bound() };
    for (k = 0; k < nraw; k++) {
        rawc[k] = rnd_int(m->nc);
        raw[k] = rnd_weight();
        j = rnd_var_find(v, rawc[k]);
        if (j == v->n) {
            v->cnst[v->n] = rawc[k];
            v->weight[v->n++] = raw[k];
        } else if (m->c[rawc[k]].fatpipe) {
            v->weight[j] = fmax(v->weight[j], raw[k]);
        } else {
            v->weight[j] += raw[k];
        }
    }
    rnd_var_build(m, s, i, raw, nraw, rawc);
}

/* Builds the current model from scratch, one expand per merged pair. */
static void rnd_build(struct rnd_model *m, struct rnd_sys *s, bool selective)
{
    int i;

    s->sys = sim_lmm_system_new(selective, PRECISION);
    for (i = 0; i < m->nc; i++)
        s->c[i] = sim_lmm_cnst_new(s->sys, NULL, m->c[i].bound, m->c[i].fatpipe);
    for (i = 0; i < m->nv; i++)
        if (m->v[i].alive)
            rnd_var_build(m, s, i, m->v[i].weight, m->v[i].n, m->v[i].cnst);
}

/* Consumption of constraint `c`, and the highest penalty * value among its enabled users. */
static double rnd_cnst_load(const struct rnd_model *m, const struct rnd_sys *s, int c,
                            double *max_level)
{
    double load = 0;
    int i;
    int k;

    *max_level = 0;
    for (i = 0; i < m->nv; i++) {
        const struct rnd_var *v = &m->v[i];

        for (k = 0; k < v->n && v->alive && v->penalty > 0; k++) {
            double x = sim_lmm_var_value(s->v[i]);

            if (v->cnst[k] != c)
                continue;
            load = m->c[c].fatpipe ? fmax(load, v->weight[k] * x) : load + v->weight[k] * x;
            *max_level = fmax(*max_level, v->penalty * x);
        }
    }
    return load;
}

/* Variable `i` cannot grow: at its bound, or on a saturated constraint where it already has
 * the highest level (penalty * value), up to the slack it would need to reach that level. */
static bool rnd_is_blocked(const struct rnd_model *m, const struct rnd_sys *s, int i)
{
    const struct rnd_var *v = &m->v[i];
    double x = sim_lmm_var_value(s->v[i]);
    int k;

    if (v->bound >= 0 && x >= v->bound * (1 - RND_TOL))
        return true;
    for (k = 0; k < v->n; k++) {
        double cap = m->c[v->cnst[k]].bound;
        double max_level;
        double load = rnd_cnst_load(m, s, v->cnst[k], &max_level);

        if (load < cap * (1 - RND_TOL))
            continue;
        if ((max_level - v->penalty * x) * v->weight[k] / v->penalty <= cap * RND_TOL)
            return true;
    }
    return false;
}

static void rnd_check_solution(const struct rnd_model *m, const struct rnd_sys *s, int sysno)
{
    double max_level;
    int i;

    for (i = 0; i < m->nc; i++) {
        double load = rnd_cnst_load(m, s, i, &max_level);

        cr_assert(load <= m->c[i].bound * (1 + REL_TOL) + REL_TOL,
                  "system %d: constraint %d overloaded: %.17g > %.17g", sysno, i, load,
                  m->c[i].bound);
    }
    for (i = 0; i < m->nv; i++) {
        const struct rnd_var *v = &m->v[i];
        double x;

        if (!v->alive)
            continue;
        x = sim_lmm_var_value(s->v[i]);
        cr_assert(x >= 0, "system %d: variable %d is negative: %g", sysno, i, x);
        if (v->penalty == 0) {
            cr_assert_eq(x, 0.0, "system %d: disabled variable %d got %g", sysno, i, x);
            continue;
        }
        cr_assert(v->bound < 0 || x <= v->bound * (1 + REL_TOL),
                  "system %d: variable %d above its bound: %.17g > %g", sysno, i, x, v->bound);
        cr_assert(rnd_is_blocked(m, s, i), "system %d: variable %d (value %g) could grow", sysno, i,
                  x);
    }
}

/* One random mutation, applied to the model and to the incremental system `s`. */
static void rnd_mutate(struct rnd_model *m, struct rnd_sys *s)
{
    int i = rnd_int(m->nv);
    int op = rnd_int(5);

    if (op == 4 && m->nv < RND_MAX_VARS) {
        rnd_var_new(m, s, m->nv++);
        return;
    }
    if (op == 3) {
        int c = rnd_int(m->nc);

        m->c[c].bound = rnd_amount(0, 100);
        sim_lmm_cnst_set_bound(s->sys, s->c[c], m->c[c].bound);
        return;
    }
    if (!m->v[i].alive)
        return;
    if (op == 0) {
        m->v[i].alive = false;
        sim_lmm_var_free(s->sys, s->v[i]);
    } else if (op == 1) {
        m->v[i].bound = rnd_bound();
        sim_lmm_var_set_bound(s->sys, s->v[i], m->v[i].bound);
    } else {
        m->v[i].penalty = rnd_penalty();
        sim_lmm_var_set_penalty(s->sys, s->v[i], m->v[i].penalty);
    }
}

/* Solves `s` and checks the modified queue: only live variables, each once, and every
 * variable whose value changed is in it. */
static void rnd_solve_and_drain(const struct rnd_model *m, struct rnd_sys *s, int sysno)
{
    double before[RND_MAX_VARS];
    int ids[RND_MAX_VARS + 1];
    int n;
    int i;

    for (i = 0; i < m->nv; i++)
        before[i] = m->v[i].alive ? sim_lmm_var_value(s->v[i]) : 0;
    sim_lmm_solve(s->sys);
    n = lmm_drain(s->sys, ids, RND_MAX_VARS + 1);
    for (i = 0; i < n; i++) {
        cr_assert(m->v[ids[i]].alive, "system %d: freed variable %d popped", sysno, ids[i]);
        cr_assert(!lmm_contains(ids, i, ids[i]), "system %d: variable %d popped twice", sysno,
                  ids[i]);
    }
    for (i = 0; i < m->nv; i++) {
        bool changed = m->v[i].alive && sim_lmm_var_value(s->v[i]) != before[i];

        cr_assert(!changed || lmm_contains(ids, n, i),
                  "system %d: variable %d changed %g -> %g but was not queued", sysno, i, before[i],
                  sim_lmm_var_value(s->v[i]));
    }
}

static void rnd_compare(const struct rnd_model *m, const struct rnd_sys *inc,
                        const struct rnd_sys *ref, int sysno)
{
    int i;

    for (i = 0; i < m->nv; i++) {
        double a;
        double b;

        if (!m->v[i].alive)
            continue;
        a = sim_lmm_var_value(inc->v[i]);
        b = sim_lmm_var_value(ref->v[i]);
        cr_assert(fabs(a - b) <= 1e-7 * fmax(1, fmax(fabs(a), fabs(b))),
                  "system %d: variable %d incremental %.17g, from scratch %.17g", sysno, i, a, b);
    }
}

static void rnd_model_new(struct rnd_model *m, struct rnd_sys *s)
{
    int i;

    m->nc = 1 + rnd_int(RND_MAX_CNSTS);
    m->nv = 1 + rnd_int(RND_MAX_VARS / 2);
    for (i = 0; i < m->nc; i++) {
        m->c[i].fatpipe = rnd_int(4) == 0;
        m->c[i].bound = rnd_amount(1, 100);
    }
    s->sys = sim_lmm_system_new(true, PRECISION);
    for (i = 0; i < m->nc; i++)
        s->c[i] = sim_lmm_cnst_new(s->sys, NULL, m->c[i].bound, m->c[i].fatpipe);
    for (i = 0; i < m->nv; i++)
        rnd_var_new(m, s, i);
}

Test(lmm, random_systems_are_feasible_fair_and_incremental)
{
    /* 3000 random systems (seeded xorshift): up to 8 constraints (1 in 4 FATPIPE, capacities
     * 1..100, often integers to create ties), up to 24 variables with penalties (some 0),
     * optional bounds, 1..4 constraint uses of weight 1, 0.05, 2 or random. Each solution must
     * respect every constraint and bound and be max-min fair (every variable blocked). Each
     * system is solved with selective update, mutated 5 times (free, bound, penalty, capacity,
     * new variable) and re-solved; it must then match a from-scratch solve without selective
     * update, and the modified queue must hold every variable whose value changed. */
    struct rnd_model m;
    struct rnd_sys inc;
    struct rnd_sys ref;
    int sysno;
    int round;

    rnd_state = 0x9e3779b97f4a7c15ULL;
    for (sysno = 0; sysno < RND_SYSTEMS; sysno++) {
        rnd_model_new(&m, &inc);
        rnd_solve_and_drain(&m, &inc, sysno);
        rnd_check_solution(&m, &inc, sysno);
        for (round = 0; round < 5; round++) {
            rnd_mutate(&m, &inc);
            rnd_solve_and_drain(&m, &inc, sysno);
        }
        rnd_build(&m, &ref, false);
        sim_lmm_solve(ref.sys);
        rnd_check_solution(&m, &ref, sysno);
        rnd_check_solution(&m, &inc, sysno);
        rnd_compare(&m, &inc, &ref, sysno);
        sim_lmm_system_free(ref.sys);
        sim_lmm_system_free(inc.sys);
    }
}

/* ---- detaching against the eager way ---- */

#define LS_CNSTS 10
#define LS_VARS 8
#define LS_STEPS 400
#define LS_RUNS 300

struct ls_pair {
    struct sim_lmm_system *sys[2]; /* [0] detaches, [1] is eager */
    struct sim_lmm_cnst *c[2][LS_CNSTS];
    struct sim_lmm_var *v[2][LS_VARS];
    bool enabled[LS_VARS];
};

/* Solves both, then compares the modified queues and every variable's value to the bit. */
static void ls_solve(struct ls_pair *p, int run, int step)
{
    int a[64];
    int b[64];
    int na;
    int nb;

    sim_lmm_solve(p->sys[0]);
    sim_lmm_solve(p->sys[1]);
    na = lmm_drain(p->sys[0], a, 64);
    nb = lmm_drain(p->sys[1], b, 64);
    cr_assert_eq(na, nb, "run %d step %d: %d modified variables detaching, %d eager", run, step, na,
                 nb);
    for (int i = 0; i < na; i++)
        cr_assert_eq(a[i], b[i], "run %d step %d: modified #%d is %d detaching, %d eager", run,
                     step, i, a[i], b[i]);
    for (int i = 0; i < LS_VARS; i++) {
        double x;
        double y;

        if (!p->v[0][i])
            continue;
        x = sim_lmm_var_value(p->v[0][i]);
        y = sim_lmm_var_value(p->v[1][i]);
        cr_assert(memcmp(&x, &y, sizeof(x)) == 0,
                  "run %d step %d: variable %d is %.17g detaching, %.17g eager", run, step, i, x,
                  y);
    }
}

/* Compares what both systems say of constraint k: its usage and the ids of its variables. */
static void ls_read_cnst(struct ls_pair *p, int k, int run, int step)
{
    double ua = sim_lmm_cnst_usage(p->c[0][k]);
    double ub = sim_lmm_cnst_usage(p->c[1][k]);
    void **ia;
    void **ib;
    int na = sim_lmm_cnst_var_ids(p->sys[0], p->c[0][k], &ia);
    int nb = sim_lmm_cnst_var_ids(p->sys[1], p->c[1][k], &ib);

    cr_assert(memcmp(&ua, &ub, sizeof(ua)) == 0, "run %d step %d: usage of %d %.17g, %.17g", run,
              step, k, ua, ub);
    cr_assert_eq(na, nb, "run %d step %d: constraint %d lists %d and %d variables", run, step, k,
                 na, nb);
    for (int i = 0; i < na; i++)
        cr_assert_eq(ia[i], ib[i], "run %d step %d: constraint %d's variable #%d differs", run,
                     step, k, i);
    free(ia);
    free(ib);
}

/* One random operation, the same on both systems. Returns 1 when it detached a variable. */
static int ls_step(struct ls_pair *p, int run, int step)
{
    int op = rnd_int(10);
    int i = rnd_int(LS_VARS);
    int k = rnd_int(LS_CNSTS);
    double x = rnd_penalty();
    double y = rnd_weight();
    int detached = 0;

    if (op <= 1 && !p->v[0][i]) { /* a flow paying its latency: 1 to 3 uses, rarely twice one */
        struct sim_lmm_use uses[3];
        int cnst[3];
        int n = 1 + rnd_int(3);
        double bound = rnd_bound();

        for (int u = 0; u < n; u++) {
            cnst[u] = rnd_int(LS_CNSTS);
            uses[u].weight = rnd_weight();
        }
        for (int s = 0; s < 2; s++) {
            for (int u = 0; u < n; u++)
                uses[u].cnst = p->c[s][cnst[u]];
            p->v[s][i] = sim_lmm_var_new_disabled(p->sys[s], &lmm_tags[i], bound, uses, n);
        }
        p->enabled[i] = false;
    } else if (op == 2 && p->v[0][i] && !p->enabled[i]) { /* its latency paid */
        if (x == 0)
            x = 1;
        for (int s = 0; s < 2; s++)
            sim_lmm_var_set_penalty(p->sys[s], p->v[s][i], x);
        p->enabled[i] = true;
        detached = p->v[0][i]->detached;
    } else if (op == 3 && p->v[0][i]) { /* it ends */
        for (int s = 0; s < 2; s++) {
            sim_lmm_var_free(p->sys[s], p->v[s][i]);
            p->v[s][i] = NULL;
        }
    } else if (op == 4 && p->v[0][i]) { /* suspended, resumed or reweighted */
        for (int s = 0; s < 2; s++)
            sim_lmm_var_set_penalty(p->sys[s], p->v[s][i], x);
        p->enabled[i] = x > 0;
    } else if (op == 5 && p->v[0][i]) {
        double b = rnd_bound();

        for (int s = 0; s < 2; s++)
            sim_lmm_var_set_bound(p->sys[s], p->v[s][i], b);
    } else if (op == 6) { /* a link's bandwidth changes */
        double b = rnd_amount(1, 100);

        for (int s = 0; s < 2; s++)
            sim_lmm_cnst_set_bound(p->sys[s], p->c[s][k], b);
    } else if (op == 7 && p->v[0][i]) {
        for (int s = 0; s < 2; s++)
            sim_lmm_expand(p->sys[s], p->c[s][k], p->v[s][i], y);
    } else if (op == 8) {
        ls_read_cnst(p, k, run, step);
    } else {
        ls_solve(p, run, step);
    }
    return detached;
}

Test(lmm, detached_flows_solve_as_the_eager_system_to_the_bit)
{
    /* 300 runs of 400 random operations (flows made disabled on 1..3 of 10 constraints, 1 in 4
     * FATPIPE; enabled, freed, suspended, bounded, expanded; links changing capacity; usage and
     * variable lists read; solves) on a detaching and an eager system in lockstep. After each
     * solve, the modified queues and all values must be identical; so must each read. */
    int detached = 0;

    rnd_state = 0x2545f4914f6cdd1dULL;
    for (int run = 0; run < LS_RUNS; run++) {
        struct ls_pair p;

        memset(&p, 0, sizeof(p));
        for (int s = 0; s < 2; s++)
            p.sys[s] = sim_lmm_system_new(true, PRECISION);
        p.sys[1]->eager = true;
        for (int k = 0; k < LS_CNSTS; k++) {
            bool fatpipe = rnd_int(4) == 0;
            double bound = rnd_amount(1, 100);

            for (int s = 0; s < 2; s++)
                p.c[s][k] = sim_lmm_cnst_new(p.sys[s], NULL, bound, fatpipe);
        }
        for (int step = 0; step < LS_STEPS; step++)
            detached += ls_step(&p, run, step);
        ls_solve(&p, run, LS_STEPS);
        for (int s = 0; s < 2; s++)
            sim_lmm_system_free(p.sys[s]);
    }
    cr_assert_gt(detached, LS_RUNS, "only %d variables were detached", detached);
}
