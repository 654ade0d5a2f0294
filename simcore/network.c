/* network: resource models. CPUs are time-shared cores (duration = flops / speed); flows follow
 * the CM02 family of SimGrid (raw, CM02, LV08, SMPI; LMO's are raw ones) or the Constant model;
 * under LogGP, LogGPS and log3P a message's network part is a delay (msgmodel.c). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>

#include "simcore/internal.h"
#include "simcore/lmm.h"
#include "simcore/platform.h"

SIM_LOG_CATEGORY(log_net, "sim.network");

/* Crosstraffic: a flow also loads its reverse route by this fraction (acknowledgements). */
#define CROSSTRAFFIC_WEIGHT 0.05

void sim__network_init(void)
{
    struct sim__engine *e = &sim__engine;
    struct sim_platform *p = e->platform;

    for (int i = 0; i < p->nlinks; i++) {
        struct sim_link *l = p->links[i];

        l->cnst = sim_lmm_cnst_new(e->lmm, l, l->bandwidth, l->fatpipe);
    }
    for (int i = 0; i < p->nhosts; i++) {
        struct sim_host *h = p->hosts[i];

        h->cpu = sim_lmm_cnst_new(e->lmm, h, h->speed * h->cores, false);
        /* disks get their constraints on first access, in this engine's system */
        for (int k = 0; k < h->ndisks; k++)
            h->disks[k].rw = h->disks[k].rd = h->disks[k].wr = NULL;
        if (h->default_disk)
            h->default_disk->rw = h->default_disk->rd = h->default_disk->wr = NULL;
    }
    e->loopback = sim_xcalloc(1, sizeof(*e->loopback));
    e->loopback->name = sim_xstrdup("__loopback__");
    e->loopback->bandwidth = e->cfg.loopback_bw;
    e->loopback->latency = e->cfg.loopback_lat;
    e->loopback->fatpipe = true;
    e->loopback->cnst = sim_lmm_cnst_new(e->lmm, e->loopback, e->cfg.loopback_bw, true);
    sim__msg_init();
}

void sim__network_free(void)
{
    struct sim__engine *e = &sim__engine;

    if (e->loopback)
        free(e->loopback->name);
    free(e->loopback);
    free(e->route_buf);
    free(e->route_memo);
    e->route_memo = NULL;
    e->loopback = NULL;
    e->route_buf = NULL;
    e->route_cap = 0;
}

/* Routes computed lately, by (source, destination): a direct-mapped table of ROUTE_MEMO_SLOTS.
 * Routes are fixed once the platform is sealed, but a link's latency may change (latency
 * profiles), so a route's latency is summed again from its links at each use, in the order
 * sim__route adds them: a route whose latency is not that sum (Vivaldi coordinates) is not kept.
 * Computing a route of the default cluster (5 links, the backbone and limiters crossed once)
 * cost about 450 instructions, twice per message with crosstraffic; a hit costs about 40. */
#define ROUTE_MEMO_SLOTS 1024
#define ROUTE_MEMO_LINKS 8
struct sim__route_memo {
    const struct sim_host *src; /* NULL: empty slot */
    const struct sim_host *dst;
    int n;
    bool loopback; /* the engine's loopback link, n == 0 */
    struct sim_link *links[ROUTE_MEMO_LINKS];
};

static struct sim__route_memo *memo_slot(const struct sim_host *src, const struct sim_host *dst)
{
    uint32_t h = (uint32_t)src->netpoint * 0x9E3779B1u ^ (uint32_t)dst->netpoint;

    if (!sim__engine.route_memo)
        sim__engine.route_memo = sim_xcalloc(ROUTE_MEMO_SLOTS, sizeof(*sim__engine.route_memo));
    return &sim__engine.route_memo[(h ^ h >> 16) & (ROUTE_MEMO_SLOTS - 1)];
}

/* Sum of the links' latencies, in route order. */
static double links_latency(struct sim_link *const *links, int n)
{
    double lat = 0;

    for (int i = 0; i < n; i++)
        lat += links[i]->latency;
    return lat;
}

/* Route into the engine's route_buf (grown on demand); returns the number of links. A host that
 * routes to itself through the network model's loopback (Full, Floyd and Dijkstra zones) gets
 * the engine's loopback link. */
static int get_route(const struct sim_host *src, const struct sim_host *dst, double *latency)
{
    struct sim__engine *e = &sim__engine;
    struct sim__route_memo *m = memo_slot(src, dst);
    bool loopback;
    int n;

    if (e->route_cap < ROUTE_MEMO_LINKS) {
        e->route_cap = 16;
        e->route_buf = sim_xrealloc(e->route_buf, (size_t)e->route_cap * sizeof(*e->route_buf));
    }
    if (m->src == src && m->dst == dst) {
        n = m->n;
        loopback = m->loopback;
        for (int i = 0; i < n; i++)
            e->route_buf[i] = m->links[i];
        *latency = links_latency(e->route_buf, n);
    } else {
        n = sim__route(e->platform, src, dst, e->route_buf, e->route_cap, latency, &loopback,
                       false);
        if (n > e->route_cap) {
            e->route_cap = n * 2;
            e->route_buf = sim_xrealloc(e->route_buf, (size_t)e->route_cap * sizeof(*e->route_buf));
            n = sim__route(e->platform, src, dst, e->route_buf, e->route_cap, latency, &loopback,
                           false);
        }
        if (n >= 0 && n <= ROUTE_MEMO_LINKS && *latency == links_latency(e->route_buf, n)) {
            *m = (struct sim__route_memo){ .src = src, .dst = dst, .n = n, .loopback = loopback };
            for (int i = 0; i < n; i++)
                m->links[i] = e->route_buf[i];
        }
    }
    if (loopback) {
        e->route_buf[0] = e->loopback;
        *latency = e->loopback->latency;
        n = 1;
    }
    return n;
}

/* A communication that lasts `duration` whatever else happens (Constant, and the network part
 * of LogGP, LogGPS and log3P: no flow, no sharing). */
static struct sim_activity *delay_comm(double duration)
{
    struct sim_activity *act = sim__activity_new(SIM__COMM, 0);

    sim__activity_schedule(act, sim__engine.now + duration, false);
    return act;
}

/* A route without links (Vivaldi hosts without a <peer> link) costs its latency only, scaled
 * by the latency factor, whatever the size: SimGrid's CM02 model ends such an action at its
 * latency date. A route with neither links nor latency is an error there as here. */
static struct sim_activity *linkless_comm(const struct sim_host *src, const struct sim_host *dst,
                                          double bytes, double latency)
{
    struct sim_activity *act;

    if (latency <= 0)
        sim_die("no network path from '%s' to '%s': their route has no link and no latency "
                "(a host alone in a routing=\"Cluster\" zone without host_link, or a cluster "
                "topology without loopback_bw for a host talking to itself)",
                sim_host_name(src), sim_host_name(dst));
    act = sim__activity_new(SIM__COMM, bytes);
    sim__activity_schedule(
        act, sim__engine.now + latency * sim_factor_table_eval(&sim__engine.cfg.lat_factor, bytes),
        false);
    return act;
}

/* Crosstraffic on the reverse route: each of its links carries 5% of the flow. */
static void expand_reverse(struct sim_activity *act, struct sim_host *src, struct sim_host *dst)
{
    double lat;
    int n = get_route(dst, src, &lat);

    for (int i = 0; i < n; i++)
        sim_lmm_expand(sim__engine.lmm, sim__engine.route_buf[i]->cnst, act->var,
                       CROSSTRAFFIC_WEIGHT);
}

/* CM02 family (SimGrid's NetworkCm02Model::communicate): the latency, scaled by the latency
 * factor of the size, is paid first with the flow disabled; then the flow shares its links by
 * weighted max-min with penalty = latency + sum(weight-S / bandwidth), bounded by the slowest
 * link and the TCP window gamma / (2 * latency); its effective rate is scaled by the bandwidth
 * factor of the size. */
struct sim_activity *sim_comm_start(struct sim_host *src, struct sim_host *dst, double bytes,
                                    double rate)
{
    const struct sim_config *cfg = &sim__engine.cfg;
    struct sim_link **route;
    struct sim_activity *act;
    double latency;
    double bound = -1;
    double bw_factor;
    int n;

    if (cfg->net_model == SIM_NET_CONSTANT)
        return delay_comm(sim_factor_table_eval(&cfg->lat_factor, 0));
    if (sim_net_model_is_per_message(cfg->net_model) && cfg->net_model != SIM_NET_LMO)
        return delay_comm(sim__msg_wire(src, dst, bytes));
    n = get_route(src, dst, &latency);
    route = sim__engine.route_buf;
    if (sim__engine.nlinks_off > 0)
        sim__route_check_on(route, n, src, dst);
    if (n == 0)
        return linkless_comm(src, dst, bytes, latency);
    act = sim__activity_new(SIM__COMM, bytes);
    act->src = src;
    act->dst = dst;
    act->lat_current = latency;
    act->penalty = latency;
    for (int i = 0; i < n; i++) {
        if (cfg->weight_s > 0)
            act->penalty += cfg->weight_s / route[i]->bandwidth;
        if (bound < 0 || route[i]->bandwidth < bound)
            bound = route[i]->bandwidth;
    }
    bw_factor = sim_factor_table_eval(&cfg->bw_factor, bytes);
    sim_assert(bw_factor > 0, "bandwidth factor for %g bytes is not positive", bytes);
    act->rate_factor = bw_factor;
    if (rate >= 0 && rate / bw_factor < bound)
        bound = rate / bw_factor;
    act->user_bound = bound;
    act->sharing_penalty = act->penalty;
    if (cfg->tcp_gamma > 0 && latency > 0 && cfg->tcp_gamma / (2.0 * latency) < bound)
        bound = cfg->tcp_gamma / (2.0 * latency);
    latency *= sim_factor_table_eval(&cfg->lat_factor, bytes);
    SIM_LOG(log_net, SIM_LOG_DEBUG, "comm %s -> %s: %g bytes, %d links, latency %g, bound %g",
            sim_host_name(src), sim_host_name(dst), bytes, n, latency, bound);

    act->var = sim_lmm_var_new(sim__engine.lmm, act, latency > 0 ? 0.0 : 1.0, bound,
                               cfg->crosstraffic ? 2 * n : n);
    if (latency > 0)
        sim__activity_schedule(act, sim__engine.now + latency, true);
    for (int i = 0; i < n; i++)
        sim_lmm_expand(sim__engine.lmm, route[i]->cnst, act->var, 1.0);
    sim__energy_link_comm_start(act, route, n); /* before route_buf holds the reverse */
    if (cfg->crosstraffic)
        expand_reverse(act, src, dst);
    if (latency <= 0)
        act->penalty = 1.0;
    return act;
}
