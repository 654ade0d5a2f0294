/* network: resource models. CPUs are time-shared cores (duration = flops / speed); flows follow
 * the CM02 family of SimGrid (raw, CM02, LV08, SMPI; LMO's are raw ones) or the Constant model;
 * under LogGP, LogGPS and log3P a message's network part is a delay (msgmodel.c). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>
#include <string.h>

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
    free(e->route_cnst);
    sim_huge_free(e->route_memo, e->route_memo_bytes);
    e->route_memo_bytes = 0;
    e->route_flow = NULL;
    e->route_memo = NULL;
    e->route_links = NULL;
    e->route_cnst = NULL;
    e->loopback = NULL;
    e->route_buf = NULL;
    e->route_cap = 0;
}

/* Routes computed lately, by (source, destination): a two-way set-associative table of 4
 * routes per host (ROUTE_MEMO_MIN to ROUTE_MEMO_MAX slots), two sets per source, so that a
 * rank's usual peers and their reverse routes (crosstraffic) stay in it: the fixed 1,024 slots
 * of before missed on every message of a ring of 4,096 ranks. Routes are fixed once the
 * platform is sealed. A route also keeps its links' constraints, latency, slowest bandwidth and
 * weight-S penalty, so that a hit reads none of its links (each a cache miss among thousands of
 * hosts); those are computed again, in route order as before, when a link's latency or
 * bandwidth changed since (the engine's link_epoch: profiles) or weight-S did. A route whose
 * latency is not the sum of its links' (Vivaldi coordinates) is not kept. Computing a route of
 * the default cluster (5 links, the backbone and limiters crossed once) costs about 450
 * instructions, twice per message with crosstraffic.
 *
 * At thousands of hosts every slot is cold again by the time it is used (a ring of 4,096 ranks
 * uses 8,192 routes in turn), so a hit is made to touch few lines: a slot is two cache lines
 * (its tag, values and first constraint in the first, the other constraints in the second),
 * the caller reads the constraints in place, the links are kept aside (read only when a link
 * changed, links are off or the link energy plugin is on), a hit moves nothing (the least
 * recently used way is found by a stamp), and a hit asks at once for the constraints, which
 * the solver reads next. */
#define ROUTE_MEMO_MIN 1024
#define ROUTE_MEMO_MAX 32768
#define ROUTE_MEMO_LINKS 8
/* A route's flow template: the elements (constraint, weight) of the solver variable of a flow
 * on it, the reverse route's crosstraffic merged in (sim_lmm_expand's sums and maxima, in the
 * order of its calls), kept aside per slot. A flow built from it is one bulk insertion
 * (sim_lmm_var_new_disabled) instead of the reverse route's lookup and 2n expands that each
 * search the variable's elements: about 800 instructions per message. It depends only on the
 * constraints of the two routes (fixed once the platform is sealed) and on crosstraffic. */
#define ROUTE_FLOW_USES (2 * ROUTE_MEMO_LINKS)
/* What a message needs of its route besides the links: the latency (sum of the links', in
 * route order), the slowest bandwidth (-1 without links) and the penalty (latency + weight-S /
 * bandwidth of each link, in route order). */
struct route_info {
    double latency;
    double bound;
    double penalty;
};
struct sim__route_memo {
    const struct sim_host *src; /* NULL: empty slot */
    const struct sim_host *dst;
    uint32_t epoch; /* the engine's link_epoch when the values below were computed */
    uint32_t stamp; /* the engine's route_stamp when last used */
    int n;          /* links, the engine's loopback included */
    int16_t nflow;  /* elements of the flow template, 0: none yet */
    bool flow_xt;   /* crosstraffic when the template was made */
    double weight_s;
    struct route_info route;
    struct sim_lmm_cnst *cnst[ROUTE_MEMO_LINKS];
} __attribute__((aligned(64)));

/* A route as get_route gives it: its links and their constraints, in the memo or in the
 * engine's route_buf and route_cnst. */
struct route {
    struct sim_link *const *links;
    struct sim_lmm_cnst *const *cnst;
    int n;
    struct sim__route_memo *memo; /* its slot, NULL when not kept */
};

/* The route memo's one block for `sets` sets: the slots, then their links, then their flow
 * templates (sim_huge_alloc: zeroed, in huge pages where the kernel gives them: at 4,096 hosts
 * the 7 MiB that a ring touches all over cost 4 page faults instead of 1,800). */
static size_t memo_bytes(uint32_t sets)
{
    size_t slots = 2 * (size_t)sets;

    return slots * (sizeof(struct sim__route_memo) + ROUTE_MEMO_LINKS * sizeof(struct sim_link *) +
                    ROUTE_FLOW_USES * sizeof(struct sim_lmm_use));
}

/* The first slot of the set of (src, dst); the table is made on first use. */
static uint32_t memo_set(const struct sim_host *src, const struct sim_host *dst)
{
    struct sim__engine *e = &sim__engine;
    /* two sets per source, one chosen by a bit of the destination's hash: a source's routes
     * compete only with each other (with hosts up to ROUTE_MEMO_MAX / 4) */
    uint32_t h = 2 * (uint32_t)src->netpoint + ((uint32_t)dst->netpoint * 0x9E3779B1u >> 31);

    if (!e->route_memo) {
        uint32_t slots = ROUTE_MEMO_MIN;

        while (slots < ROUTE_MEMO_MAX && slots < 4 * (uint32_t)e->platform->nhosts)
            slots *= 2;
        e->route_memo_sets = slots / 2;
        e->route_memo_bytes = memo_bytes(e->route_memo_sets);
        e->route_memo = sim_huge_alloc(e->route_memo_bytes);
        if (!e->route_memo)
            sim_die("out of memory: cannot allocate %zu bytes for the route memo",
                    e->route_memo_bytes);
        e->route_links = (struct sim_link **)(e->route_memo + slots);
        e->route_flow = (struct sim_lmm_use *)(e->route_links + (size_t)slots * ROUTE_MEMO_LINKS);
    }
    return 2 * (h & (e->route_memo_sets - 1));
}

/* Asks for the lines of the first way of (src, dst)'s set, for a get_route to come. */
static void memo_prefetch(const struct sim_host *src, const struct sim_host *dst)
{
    const struct sim__route_memo *m = &sim__engine.route_memo[memo_set(src, dst)];

    __builtin_prefetch(m);
    __builtin_prefetch(&m->cnst[ROUTE_MEMO_LINKS - 1]);
}

/* Sum of the links' latencies, in route order. */
static double links_latency(struct sim_link *const *links, int n)
{
    double lat = 0;

    for (int i = 0; i < n; i++)
        lat += links[i]->latency;
    return lat;
}

/* The values of a route from its links (latency in r->latency already), its constraints into
 * cnst. */
static void route_values(struct route_info *r, struct sim_link *const *links, int n,
                         struct sim_lmm_cnst **cnst)
{
    double ws = sim__engine.cfg.weight_s;

    r->bound = -1;
    r->penalty = r->latency;
    for (int i = 0; i < n; i++) {
        cnst[i] = links[i]->cnst;
        if (ws > 0)
            r->penalty += ws / links[i]->bandwidth;
        if (r->bound < 0 || links[i]->bandwidth < r->bound)
            r->bound = links[i]->bandwidth;
    }
}

/* A memo hit: the slot's values, computed again if a link or weight-S changed since. */
static void memo_hit(struct sim__route_memo *m, struct sim_link *const *links, struct route_info *r,
                     struct route *rt)
{
    struct sim__engine *e = &sim__engine;

    m->stamp = ++e->route_stamp;
    if (m->epoch != e->link_epoch || m->weight_s != e->cfg.weight_s) {
        m->route.latency = links_latency(links, m->n);
        route_values(&m->route, links, m->n, m->cnst);
        m->epoch = e->link_epoch;
        m->weight_s = e->cfg.weight_s;
    }
    for (int i = 0; i < m->n; i++) /* the solver reads them next */
        __builtin_prefetch(m->cnst[i], 1);
    if (m->nflow > 0) /* flow_template's uses, read next */
        __builtin_prefetch(&e->route_flow[(size_t)(m - e->route_memo) * ROUTE_FLOW_USES]);
    *r = m->route;
    *rt = (struct route){ .links = links, .cnst = m->cnst, .n = m->n, .memo = m };
}

/* The route from src to dst into *rt (its links and constraints, valid until the next call)
 * and its values into *r; rt->n is the number of links. A host that routes to itself through
 * the network model's loopback (Full, Floyd and Dijkstra zones) gets the engine's loopback
 * link. */
static void get_route(const struct sim_host *src, const struct sim_host *dst, struct route_info *r,
                      struct route *rt)
{
    struct sim__engine *e = &sim__engine;
    uint32_t set = memo_set(src, dst);
    struct sim__route_memo *m = &e->route_memo[set];
    struct sim_link **links = &e->route_links[(size_t)set * ROUTE_MEMO_LINKS];
    bool loopback;
    bool keep;
    int victim;
    int n;

    __builtin_prefetch(&m[0].cnst[ROUTE_MEMO_LINKS - 1]);
    if (m[0].src == src && m[0].dst == dst) {
        memo_hit(&m[0], links, r, rt);
        return;
    }
    if (m[1].src == src && m[1].dst == dst) {
        memo_hit(&m[1], links + ROUTE_MEMO_LINKS, r, rt);
        return;
    }
    if (e->route_cap < ROUTE_MEMO_LINKS) {
        e->route_cap = 16;
        e->route_buf = sim_xrealloc(e->route_buf, (size_t)e->route_cap * sizeof(*e->route_buf));
        e->route_cnst = sim_xrealloc(e->route_cnst, (size_t)e->route_cap * sizeof(*e->route_cnst));
    }
    n = sim__route(e->platform, src, dst, e->route_buf, e->route_cap, &r->latency, &loopback,
                   false);
    if (n > e->route_cap) {
        e->route_cap = n * 2;
        e->route_buf = sim_xrealloc(e->route_buf, (size_t)e->route_cap * sizeof(*e->route_buf));
        e->route_cnst = sim_xrealloc(e->route_cnst, (size_t)e->route_cap * sizeof(*e->route_cnst));
        n = sim__route(e->platform, src, dst, e->route_buf, e->route_cap, &r->latency, &loopback,
                       false);
    }
    keep = n >= 0 && n <= ROUTE_MEMO_LINKS && r->latency == links_latency(e->route_buf, n);
    if (loopback) {
        e->route_buf[0] = e->loopback;
        r->latency = e->loopback->latency;
        n = 1;
    }
    route_values(r, e->route_buf, n, e->route_cnst);
    *rt = (struct route){ .links = e->route_buf, .cnst = e->route_cnst, .n = n, .memo = NULL };
    if (!keep)
        return;
    /* an empty way first, else the least recently used */
    if (!m[0].src || !m[1].src)
        victim = m[0].src ? 1 : 0;
    else /* the older stamp, counted back from now so that the stamps may wrap */
        victim = e->route_stamp - m[1].stamp > e->route_stamp - m[0].stamp ? 1 : 0;
    m[victim] = (struct sim__route_memo){ .src = src,
                                          .dst = dst,
                                          .epoch = e->link_epoch,
                                          .stamp = ++e->route_stamp,
                                          .n = n,
                                          .weight_s = e->cfg.weight_s,
                                          .route = *r };
    memcpy(m[victim].cnst, e->route_cnst, (size_t)n * sizeof(*m->cnst));
    memcpy(links + victim * ROUTE_MEMO_LINKS, e->route_buf, (size_t)n * sizeof(*links));
    rt->memo = &m[victim];
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
    struct route_info r;
    struct route rt;

    get_route(dst, src, &r, &rt);
    for (int i = 0; i < rt.n; i++)
        sim_lmm_expand(sim__engine.lmm, rt.cnst[i], act->var, CROSSTRAFFIC_WEIGHT);
}

/* The flow template of the slot `m` of (src, dst), if it has one for today's crosstraffic. */
static const struct sim_lmm_use *flow_template(const struct sim__route_memo *m, bool xt)
{
    struct sim__engine *e = &sim__engine;
    const struct sim_lmm_use *flow;

    if (!m || m->nflow == 0 || m->flow_xt != xt)
        return NULL;
    flow = &e->route_flow[(size_t)(m - e->route_memo) * ROUTE_FLOW_USES];
    /* the solver's insertion reads and writes each constraint: their misses overlap here
     * rather than one after another there (the reverse route's are not among memo_hit's) */
    for (int i = 0; i < m->nflow; i++)
        __builtin_prefetch(flow[i].cnst, 1);
    return flow;
}

/* Keeps the elements of the flow `var`, just built by expands on the route of (src, dst) and
 * its reverse, as the template of that route's slot `m`, unless the reverse's lookup took the
 * slot or they do not fit. */
static void flow_template_keep(struct sim__route_memo *m, const struct sim_host *src,
                               const struct sim_host *dst, const struct sim_lmm_var *var, bool xt)
{
    struct sim__engine *e = &sim__engine;
    struct sim_lmm_use *uses;
    int n;

    if (!m || m->src != src || m->dst != dst)
        return;
    uses = &e->route_flow[(size_t)(m - e->route_memo) * ROUTE_FLOW_USES];
    n = sim_lmm_var_uses(var, uses, ROUTE_FLOW_USES);
    if (n > ROUTE_FLOW_USES)
        return;
    m->nflow = (int16_t)n;
    m->flow_xt = xt;
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
    struct route rt;
    struct route_info r;
    struct sim_activity *act;
    double latency;
    double bound;
    double bw_factor;
    const struct sim_lmm_use *flow;
    int n;

    if (cfg->net_model == SIM_NET_CONSTANT)
        return delay_comm(sim_factor_table_eval(&cfg->lat_factor, 0));
    if (sim_net_model_is_per_message(cfg->net_model) && cfg->net_model != SIM_NET_LMO)
        return delay_comm(sim__msg_wire(src, dst, bytes));
    get_route(src, dst, &r, &rt);
    flow = flow_template(rt.memo, cfg->crosstraffic);
    if (cfg->crosstraffic && !flow) /* the reverse's slot comes while the flow is built */
        memo_prefetch(dst, src);
    n = rt.n;
    latency = r.latency;
    if (sim__engine.nlinks_off > 0)
        sim__route_check_on(rt.links, n, src, dst);
    if (n == 0)
        return linkless_comm(src, dst, bytes, latency);
    act = sim__activity_new(SIM__COMM, bytes);
    act->src = src;
    act->dst = dst;
    act->lat_current = latency;
    act->penalty = r.penalty;
    bound = r.bound;
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

    if (flow && latency > 0) { /* disabled until its latency is paid */
        act->var = sim_lmm_var_new_disabled(sim__engine.lmm, act, bound, flow, rt.memo->nflow);
        sim__activity_schedule(act, sim__engine.now + latency, true);
        sim__energy_link_comm_start(act, rt.links, n);
        return act;
    }
    act->var = sim_lmm_var_new(sim__engine.lmm, act, latency > 0 ? 0.0 : 1.0, bound,
                               cfg->crosstraffic ? 2 * n : n);
    if (latency > 0)
        sim__activity_schedule(act, sim__engine.now + latency, true);
    for (int i = 0; i < n; i++)
        sim_lmm_expand(sim__engine.lmm, rt.cnst[i], act->var, 1.0);
    sim__energy_link_comm_start(act, rt.links, n); /* before the reverse is looked up */
    if (cfg->crosstraffic)
        expand_reverse(act, src, dst);
    flow_template_keep(rt.memo, src, dst, act->var, cfg->crosstraffic);
    if (latency <= 0)
        act->penalty = 1.0;
    return act;
}
