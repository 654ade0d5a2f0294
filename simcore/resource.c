/* resource: the dynamic state of hosts and links — pstates, speed and bandwidth changes, latency
 * changes, turning off and on — and what each does to the running activities, as SimGrid 3.32's
 * CpuCas01 and NetworkCm02Link do it (surf/cpu_cas01.cpp, surf/network_cm02.cpp). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <math.h>
#include <stdlib.h>

#include "simcore/internal.h"
#include "simcore/lmm.h"
#include "simcore/platform.h"

SIM_LOG_CATEGORY(log_res, "sim.resource");

/* ---- hosts ---- */

int sim_host_pstate_count(const struct sim_host *h)
{
    return h->npstates;
}

double sim_host_pstate_speed(const struct sim_host *h, int pstate)
{
    if (pstate < 0 || pstate >= h->npstates)
        sim_die("pstate %d of host '%s' does not exist; valid: 0 to %d (its speed list has %d "
                "values)",
                pstate, h->name, h->npstates - 1, h->npstates);
    return h->pstate_speeds[pstate];
}

int sim_host_pstate(const struct sim_host *h)
{
    return h->pstate;
}

double sim_host_speed_scale(const struct sim_host *h)
{
    return h->speed_scale;
}

bool sim_host_is_on(const struct sim_host *h)
{
    return !h->off;
}

double sim_host_load(const struct sim_host *h)
{
    return h->cpu ? sim_lmm_cnst_usage(h->cpu) : 0.0;
}

void sim__host_speed_changed(struct sim_host *h)
{
    struct sim_lmm_system *lmm = sim__engine.lmm;
    double speed = h->speed * h->speed_scale;
    void **ids;
    int n;

    if (!h->cpu)
        return; /* still loading: the engine sets the constraint from h->speed */
    sim_lmm_cnst_set_bound(lmm, h->cpu, h->cores * speed);
    n = sim_lmm_cnst_var_ids(lmm, h->cpu, &ids);
    for (int i = 0; i < n; i++) {
        struct sim_activity *act = ids[i];
        double bound = speed;

        if (act->user_bound > 0 && act->user_bound < bound)
            bound = act->user_bound;
        sim_lmm_var_set_bound(lmm, act->var, bound);
    }
    free(ids);
    sim__energy_host_update(h);
}

void sim_host_set_pstate(struct sim_host *h, int pstate)
{
    if (pstate < 0 || pstate >= h->npstates)
        sim_die("cannot set host '%s' to pstate %d; valid: 0 to %d (its speed list has %d values)",
                h->name, pstate, h->npstates - 1, h->npstates);
    h->pstate = pstate;
    h->speed = h->pstate_speeds[pstate];
    SIM_LOG(log_res, SIM_LOG_VERBOSE, "host %s: pstate %d, %g flop/s", h->name, pstate, h->speed);
    sim__host_speed_changed(h);
}

struct live_on_host {
    const struct sim_host *host;
    struct sim_actor *found;
};

static void find_actor(struct sim_actor *a, void *arg)
{
    struct live_on_host *q = arg;

    if (!q->found && a->host == q->host)
        q->found = a;
}

/* SimGrid kills the actors of a host that goes off; an MPI job then never completes (SMPI 3.32
 * reports a stalled instance, or aborts on the exception of a peer). simmpi stops there. */
static void host_turn_off(struct sim_host *h, const struct sim__profile *prof)
{
    struct live_on_host q = { .host = h };

    if (h->off)
        return;
    sim_actor_foreach(find_actor, &q);
    if (q.found)
        sim_die("host '%s' goes off at %.6f (state profile '%s') while '%s' runs on it; SimGrid "
                "kills what runs on a host that goes off and the MPI job cannot complete (SMPI "
                "3.32 stalls or aborts): change the profile or the placement",
                h->name, sim__engine.now, prof ? prof->name : "?", sim_actor_label(q.found));
    h->off = true;
    SIM_LOG(log_res, SIM_LOG_VERBOSE, "host %s turned off", h->name);
    sim__energy_host_update(h);
}

static void host_turn_on(struct sim_host *h)
{
    if (!h->off)
        return;
    h->off = false;
    SIM_LOG(log_res, SIM_LOG_VERBOSE, "host %s turned on", h->name);
    sim__energy_host_update(h);
}

/* ---- links ---- */

bool sim_link_is_on(const struct sim_link *l)
{
    return !l->off;
}

static void die_link_failure(const struct sim_link *l, const struct sim_activity *act,
                             const char *when, const struct sim__profile *prof)
{
    sim_die("link '%s' is off at %.6f (state profile '%s') %s message from host '%s' to host "
            "'%s'; SMPI 3.32 aborts the job on this network failure: change the profile or the "
            "placement",
            l->name, sim__engine.now, prof ? prof->name : "?", when,
            act && act->src ? act->src->name : "?", act && act->dst ? act->dst->name : "?");
}

void sim__route_check_on(struct sim_link *const *links, int n, const struct sim_host *src,
                         const struct sim_host *dst)
{
    struct sim_activity probe = { .src = (struct sim_host *)src, .dst = (struct sim_host *)dst };

    for (int i = 0; i < n; i++)
        if (links[i]->off)
            die_link_failure(links[i], &probe, "when it would carry a new",
                             links[i]->state_profile);
}

static void link_turn_off(struct sim_link *l, const struct sim__profile *prof)
{
    void **ids;
    int n;

    if (l->off)
        return;
    l->off = true;
    sim__engine.nlinks_off++;
    sim__energy_link_update(l);
    n = sim_lmm_cnst_var_ids(sim__engine.lmm, l->cnst, &ids);
    for (int i = 0; i < n; i++) {
        struct sim_activity *act = ids[i];

        if (act->state == SIM_ACTIVITY_RUNNING)
            die_link_failure(l, act, "while it carries a", prof);
    }
    free(ids);
}

static void link_turn_on(struct sim_link *l)
{
    if (!l->off)
        return;
    l->off = false;
    sim__engine.nlinks_off--;
    sim__energy_link_update(l);
}

/* Gives `act` the sharing penalty SimGrid's action now has. SimGrid sets it on the variable even
 * while the latency is being paid, which lets the flow share the links from then on (its
 * remaining bytes still start counting down only when the latency ends). */
static void set_sharing_penalty(struct sim_activity *act, double penalty)
{
    act->sharing_penalty = penalty;
    if (act->latency_pending)
        act->penalty = penalty;
    sim_lmm_var_set_penalty(sim__engine.lmm, act->var, penalty);
}

/* NetworkCm02Link::set_bandwidth: the link's capacity, and with weight-S the penalty of every
 * flow that uses it. The flows' bound (their slowest link when they started) is kept. */
static void link_set_bandwidth(struct sim_link *l, double value, const struct sim__profile *prof)
{
    double ws = sim__engine.cfg.weight_s;
    double old = l->bandwidth;
    void **ids;
    int n;

    if (value <= 0)
        sim_die("bandwidth profile '%s' sets link '%s' to %g bytes/s at %.6f; a bandwidth must be "
                "positive (turn the link off with a state profile instead)",
                prof->name, l->name, value, sim__engine.now);
    l->bandwidth = value;
    sim__engine.link_epoch++;
    sim_lmm_cnst_set_bound(sim__engine.lmm, l->cnst, value);
    if (ws <= 0)
        return;
    n = sim_lmm_cnst_var_ids(sim__engine.lmm, l->cnst, &ids);
    for (int i = 0; i < n; i++) {
        struct sim_activity *act = ids[i];

        set_sharing_penalty(act, act->sharing_penalty + ws / value - ws / old);
    }
    free(ids);
}

/* NetworkCm02Link::set_latency: the flows using the link keep the latency they pay, but their
 * route latency (hence their TCP window bound) and their penalty move by the difference. */
static void link_set_latency(struct sim_link *l, double value)
{
    double gamma = sim__engine.cfg.tcp_gamma;
    double delta = value - l->latency;
    void **ids;
    int n;

    l->latency = value;
    sim__engine.link_epoch++;
    n = sim_lmm_cnst_var_ids(sim__engine.lmm, l->cnst, &ids);
    for (int i = 0; i < n; i++) {
        struct sim_activity *act = ids[i];
        double bound = act->user_bound;

        act->lat_current += delta;
        if (gamma > 0 && act->lat_current > 0 &&
            (bound < 0 || gamma / (2.0 * act->lat_current) < bound))
            bound = gamma / (2.0 * act->lat_current);
        sim_lmm_var_set_bound(sim__engine.lmm, act->var, bound);
        set_sharing_penalty(act, act->sharing_penalty + delta);
    }
    free(ids);
}

void sim__resource_apply(enum sim__res_kind kind, void *res, double value,
                         const struct sim__profile *prof)
{
    struct sim_host *h = res;
    struct sim_link *l = res;

    switch (kind) {
    case SIM__RES_HOST_SPEED:
        h->speed_scale = value;
        sim__host_speed_changed(h);
        break;
    case SIM__RES_HOST_STATE:
        if (value > 0)
            host_turn_on(h);
        else
            host_turn_off(h, prof);
        break;
    case SIM__RES_LINK_BANDWIDTH:
        link_set_bandwidth(l, value, prof);
        break;
    case SIM__RES_LINK_LATENCY:
        link_set_latency(l, value);
        break;
    case SIM__RES_LINK_STATE:
        if (value > 0)
            link_turn_on(l);
        else
            link_turn_off(l, prof);
        break;
    }
}

/* ---- the engine adopts the platform's profiles ---- */

static void attach(const struct sim__profile *prof, enum sim__res_kind kind, void *res)
{
    struct sim__engine *e = &sim__engine;
    struct sim__res_event *re;

    if (!prof || (re = sim__profile_attach(prof, kind, res)) == NULL)
        return;
    e->res_events =
        sim_xrealloc(e->res_events, (size_t)(e->nres_events + 1) * sizeof(*e->res_events));
    e->res_events[e->nres_events++] = re;
}

void sim__resources_init(void)
{
    const struct sim_platform *p = sim__engine.platform;

    for (int i = 0; i < p->nhosts; i++) {
        attach(p->hosts[i]->speed_profile, SIM__RES_HOST_SPEED, p->hosts[i]);
        attach(p->hosts[i]->state_profile, SIM__RES_HOST_STATE, p->hosts[i]);
    }
    for (int i = 0; i < p->nlinks; i++) {
        attach(p->links[i]->bandwidth_profile, SIM__RES_LINK_BANDWIDTH, p->links[i]);
        attach(p->links[i]->latency_profile, SIM__RES_LINK_LATENCY, p->links[i]);
        attach(p->links[i]->state_profile, SIM__RES_LINK_STATE, p->links[i]);
    }
}

void sim__resources_free(void)
{
    struct sim__engine *e = &sim__engine;

    for (int i = 0; i < e->nres_events; i++)
        free(e->res_events[i]);
    free(e->res_events);
    e->res_events = NULL;
    e->nres_events = 0;
}
