/* paje_platform: the types of a Paje trace and, when asked, the platform in it, as SMPI 3.32's
 * src/instr/instr_platform.cpp declares them: the MPI container, state and link types, a
 * container per zone below the root (type "L<depth>"), the HOST and LINK containers in their
 * zone with their speed, core count, bandwidth and latency (and the types of their usage,
 * paje_usage.c), and the ranks grouped under their hosts (-trace-grouped). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simcore/simcore.h"
#include "smpi/internal.h"
#include "smpi/trace/paje.h"

/* A network link's container and zone depth, found by address (sorted for bsearch). */
struct pj_link_ref {
    const struct sim_link *link;
    int container;
    int level;
};

/* A zone's container. */
struct pj_zone_ref {
    const struct sim_zone *zone;
    int container;
    int type;
};

/* The types of one depth of the zone tree (SimGrid's types are per parent type, and every zone
 * of a depth has the type L<depth>); 0 when not declared. */
struct pj_level {
    int zone_type;
    int host_type;
    int link_type;
    int speed;
    int cores;
    int speed_used; /* tracing/uncategorized */
    int bw;
    int lat;
    int bandwidth_used;
};

struct pj_platform {
    bool zones; /* hosts and links sit in their zones' containers (else all under the root) */
    struct pj_level *levels;
    int nlevels;
    struct pj_zone_ref *zone_refs;
    int nzones;
    int capzones;
    int nhosts;
    int nlinks;
    int *hosts;      /* container of host i (sim_host_index i) */
    int *host_level; /* and its depth */
    int *links;      /* container of link i, 0 for the engine's own */
    int *link_level;
    int *host_by_index;       /* container of the host of sim_host_index i */
    struct pj_link_ref *refs; /* the links with a container, sorted by address */
    int nrefs;
};

/* The topology's edges already drawn, as unordered container pairs (open addressing). */
struct pj_edges {
    unsigned long long *keys; /* 0: empty */
    size_t cap;
    size_t n;
};

static struct pj_platform plat;

static bool wants_platform(const struct smpi_config *cfg)
{
    bool smpi = cfg->tracing_smpi || cfg->tracing_smpi_group;

    return cfg->tracing_categorized || cfg->tracing_uncategorized || cfg->tracing_platform ||
           (smpi && cfg->tracing_smpi_group);
}

static bool wants_variables(const struct smpi_config *cfg)
{
    return cfg->tracing_categorized || cfg->tracing_uncategorized || cfg->tracing_platform;
}

/* The MPI types under the root (SMPI's on_netzone_creation for the root zone): the rank
 * container type, its state type unless the ranks sit under hosts, and the link types. */
static void root_types(struct paje_layout *l, bool grouped)
{
    int mpi = smpi__paje_new_type();
    int t;

    smpi__paje_def("0 %d 0 MPI", mpi);
    l->rank_type = mpi;
    if (!grouped) {
        l->state_type = smpi__paje_new_type();
        smpi__paje_def("2 %d %d MPI_STATE", l->state_type, mpi);
        l->msg_link_type = smpi__paje_new_type();
        smpi__paje_def("4 %d 0 %d %d MPI_LINK", l->msg_link_type, mpi, mpi);
    }
    t = smpi__paje_new_type();
    smpi__paje_def("4 %d 0 %d %d MIGRATE_LINK", t, mpi, mpi);
    t = smpi__paje_new_type();
    smpi__paje_def("2 %d %d MIGRATE_STATE", t, mpi);
}

/* Grouped ranks are of an MPI type under HOST. SMPI 3.32 still declares MPI_LINK between the
 * root's MPI type, which pj_dump rejects ("not the container type expected for the start of
 * link"); here the link joins the ranks' own type. */
static void host_rank_types(struct paje_layout *l, int host_type)
{
    int mpi = smpi__paje_new_type();
    int t;

    smpi__paje_def("0 %d %d MPI", mpi, host_type);
    l->rank_type = mpi;
    l->state_type = smpi__paje_new_type();
    smpi__paje_def("2 %d %d MPI_STATE", l->state_type, mpi);
    t = smpi__paje_new_type();
    smpi__paje_def("4 %d 0 %d %d MIGRATE_LINK", t, mpi, mpi);
    t = smpi__paje_new_type();
    smpi__paje_def("2 %d %d MIGRATE_STATE", t, mpi);
    l->msg_link_type = smpi__paje_new_type();
    smpi__paje_def("4 %d 0 %d %d MPI_LINK", l->msg_link_type, mpi, mpi);
}

/* The types of one depth of the zone tree (0: the root zone), declared on first use. */
static struct pj_level *level(int depth)
{
    if (depth >= plat.nlevels) {
        plat.levels = sim_xrealloc(plat.levels, (size_t)(depth + 1) * sizeof(*plat.levels));
        memset(plat.levels + plat.nlevels, 0,
               (size_t)(depth + 1 - plat.nlevels) * sizeof(*plat.levels));
        plat.nlevels = depth + 1;
    }
    return &plat.levels[depth];
}

/* The zone type "L<depth>" under its parent's (SimGrid's NetZoneContainer), 0 for the root. */
static int zone_type(int depth)
{
    struct pj_level *v = level(depth);

    if (depth > 0 && !v->zone_type) {
        int parent = zone_type(depth - 1);

        v = level(depth);
        v->zone_type = smpi__paje_new_type();
        smpi__paje_def("0 %d %d L%d", v->zone_type, parent, depth);
    }
    return v->zone_type;
}

/* The zone a host or link is drawn in: its own when zones are drawn, else the root (NULL). */
static const struct sim_zone *drawn_zone(const struct sim_zone *z)
{
    return plat.zones && z && sim_zone_depth(z) > 0 ? z : NULL;
}

static int depth_of(const struct sim_zone *z)
{
    return z ? sim_zone_depth(z) : 0;
}

/* The container of zone z (0 for the root), created with its parents on first use. */
static int zone_container(const struct sim_zone *z)
{
    int parent;
    int type;

    if (!z || sim_zone_depth(z) == 0)
        return 0;
    for (int i = plat.nzones - 1; i >= 0; i--)
        if (plat.zone_refs[i].zone == z)
            return plat.zone_refs[i].container;
    parent = zone_container(sim_zone_parent(z));
    type = zone_type(sim_zone_depth(z));
    if (plat.nzones == plat.capzones) {
        plat.capzones = plat.capzones ? 2 * plat.capzones : 16;
        plat.zone_refs =
            sim_xrealloc(plat.zone_refs, (size_t)plat.capzones * sizeof(*plat.zone_refs));
    }
    plat.zone_refs[plat.nzones] = (struct pj_zone_ref){ z, smpi__paje_new_container(), type };
    smpi__paje_event(6, 0, "%d %d %d \"%s\"", plat.zone_refs[plat.nzones].container, type, parent,
                     sim_zone_name(z));
    return plat.zone_refs[plat.nzones++].container;
}

/* Whether zones are drawn: some host or link sits below the root zone and, under
 * -trace-grouped, every host at one depth (the ranks under them must share one type). */
static bool draw_zones(const struct sim_platform *p, bool grouped)
{
    bool below = false;
    int depth = -1;

    for (int i = 0; i < sim_platform_host_count(p); i++) {
        int d = depth_of(sim_host_zone(sim_platform_host(p, i)));

        below |= d > 0;
        if (grouped && depth >= 0 && d != depth)
            return false;
        depth = d;
    }
    for (int i = 0; i < sim_platform_link_count(p) && !below; i++)
        below = depth_of(sim_link_zone(sim_platform_link(p, i))) > 0;
    return below;
}

static void hosts(const struct sim_platform *p, const struct smpi_config *cfg,
                  struct paje_layout *l, bool grouped)
{
    plat.nhosts = sim_platform_host_count(p);
    plat.hosts = sim_xcalloc((size_t)plat.nhosts, sizeof(*plat.hosts));
    plat.host_level = sim_xcalloc((size_t)plat.nhosts, sizeof(*plat.host_level));
    for (int i = 0; i < plat.nhosts; i++) {
        const struct sim_host *h = sim_platform_host(p, i);
        const struct sim_zone *z = drawn_zone(sim_host_zone(h));
        int parent = zone_container(z);
        int depth = depth_of(z);
        struct pj_level *v = level(depth);
        bool first = !v->host_type;

        if (first) {
            int zt = zone_type(depth);

            v = level(depth);
            v->host_type = smpi__paje_new_type();
            smpi__paje_def("0 %d %d HOST", v->host_type, zt);
        }
        plat.hosts[i] = smpi__paje_new_container();
        plat.host_level[sim_host_index(h)] = depth;
        smpi__paje_event(6, 0, "%d %d %d \"%s\"", plat.hosts[i], v->host_type, parent,
                         sim_host_name(h));
        if (first && wants_variables(cfg) && !cfg->tracing_disable_power) {
            v->speed = smpi__paje_new_type();
            smpi__paje_def("1 %d %d speed \"1 1 1\"", v->speed, v->host_type);
            v->cores = smpi__paje_new_type();
            smpi__paje_def("1 %d %d core_count \"1 1 1\"", v->cores, v->host_type);
        }
        if (first && cfg->tracing_uncategorized) {
            v->speed_used = smpi__paje_new_type();
            smpi__paje_def("1 %d %d speed_used \"0.5 0.5 0.5\"", v->speed_used, v->host_type);
        }
        if (i == 0 && grouped)
            host_rank_types(l, v->host_type);
        if (v->speed) {
            smpi__paje_event(8, 0, "%d %d %.*f", v->speed, plat.hosts[i], cfg->tracing_precision,
                             sim_host_speed(h));
            smpi__paje_event(8, 0, "%d %d %.*f", v->cores, plat.hosts[i], cfg->tracing_precision,
                             (double)sim_host_cores(h));
        }
    }
    plat.host_by_index = sim_xcalloc((size_t)plat.nhosts, sizeof(*plat.host_by_index));
    for (int i = 0; i < plat.nhosts; i++)
        plat.host_by_index[sim_host_index(sim_platform_host(p, i))] = plat.hosts[i];
    if (grouped) {
        l->host_container = sim_xcalloc((size_t)plat.nhosts, sizeof(*l->host_container));
        memcpy(l->host_container, plat.host_by_index, (size_t)plat.nhosts * sizeof(int));
    }
}

static void links(const struct sim_platform *p, const struct smpi_config *cfg)
{
    plat.nlinks = sim_platform_link_count(p);
    plat.links = sim_xcalloc((size_t)plat.nlinks, sizeof(*plat.links));
    plat.link_level = sim_xcalloc((size_t)plat.nlinks, sizeof(*plat.link_level));
    for (int i = 0; i < plat.nlinks; i++) {
        const struct sim_link *k = sim_platform_link(p, i);
        const struct sim_zone *z = drawn_zone(sim_link_zone(k));
        int depth = depth_of(z);
        int parent;
        struct pj_level *v;

        if (sim_link_name(k)[0] == '_' && sim_link_name(k)[1] == '_')
            continue; /* __loopback__ and the like: SimGrid leaves them out too */
        parent = zone_container(z);
        v = level(depth);
        if (!v->link_type) {
            int zt = zone_type(depth);

            v = level(depth);
            v->link_type = smpi__paje_new_type();
            smpi__paje_def("0 %d %d LINK", v->link_type, zt);
        }
        plat.links[i] = smpi__paje_new_container();
        plat.link_level[i] = depth;
        smpi__paje_event(6, 0, "%d %d %d \"%s\"", plat.links[i], v->link_type, parent,
                         sim_link_name(k));
        if (!v->bw && wants_variables(cfg) && !cfg->tracing_disable_link) {
            v->bw = smpi__paje_new_type();
            smpi__paje_def("1 %d %d bandwidth \"1 1 1\"", v->bw, v->link_type);
            v->lat = smpi__paje_new_type();
            smpi__paje_def("1 %d %d latency \"1 1 1\"", v->lat, v->link_type);
        }
        if (!v->bandwidth_used && cfg->tracing_uncategorized) {
            v->bandwidth_used = smpi__paje_new_type();
            smpi__paje_def("1 %d %d bandwidth_used \"0.5 0.5 0.5\"", v->bandwidth_used,
                           v->link_type);
        }
        if (v->bw) {
            smpi__paje_event(8, 0, "%d %d %.*f", v->bw, plat.links[i], cfg->tracing_precision,
                             sim_link_bandwidth(k));
            smpi__paje_event(8, 0, "%d %d %.*f", v->lat, plat.links[i], cfg->tracing_precision,
                             sim_link_latency(k));
        }
    }
}

static int by_address(const void *a, const void *b)
{
    const struct sim_link *x = ((const struct pj_link_ref *)a)->link;
    const struct sim_link *y = ((const struct pj_link_ref *)b)->link;

    return (x > y) - (x < y);
}

/* Whether the edge a-b (either way) is new; records it. */
static bool edge_is_new(struct pj_edges *e, int a, int b)
{
    unsigned long long key = a < b ? ((unsigned long long)a << 32 | (unsigned)b)
                                   : ((unsigned long long)b << 32 | (unsigned)a);
    size_t h;

    if (2 * (e->n + 1) > e->cap) {
        struct pj_edges bigger = { sim_xcalloc(e->cap ? 2 * e->cap : 1024, sizeof(*e->keys)),
                                   e->cap ? 2 * e->cap : 1024, 0 };

        for (size_t i = 0; i < e->cap; i++)
            if (e->keys[i])
                edge_is_new(&bigger, (int)(e->keys[i] >> 32), (int)(e->keys[i] & 0xffffffffu));
        free(e->keys);
        *e = bigger;
    }
    for (h = (size_t)(key * 0x9e3779b97f4a7c15ull) & (e->cap - 1); e->keys[h];
         h = (h + 1) & (e->cap - 1))
        if (e->keys[h] == key)
            return false;
    e->keys[h] = key;
    e->n++;
    return true;
}

/* The link types of the topology drawn so far, by the types of their two ends. */
struct pj_edge_types {
    int (*t)[3]; /* start type, end type, link type */
    int n;
};

/* One topology link from container a (of type ta) to b, its link type named as SMPI names it
 * ("0-HOST4-LINK12": the root type, then each end's type name and number) and declared on first
 * use. */
static void topology_edge(int a, int ta, bool a_link, int b, int tb, bool b_link,
                          struct pj_edge_types *types, int *key)
{
    int *t = NULL;

    for (int i = 0; i < types->n && !t; i++)
        if (types->t[i][0] == ta && types->t[i][1] == tb)
            t = &types->t[i][2];
    if (!t) {
        types->t = sim_xrealloc(types->t, (size_t)(types->n + 1) * sizeof(*types->t));
        types->t[types->n][0] = ta;
        types->t[types->n][1] = tb;
        t = &types->t[types->n++][2];
        *t = smpi__paje_new_type();
        smpi__paje_def("4 %d 0 %d %d 0-%s%d-%s%d", *t, ta, tb, a_link ? "LINK" : "HOST", ta,
                       b_link ? "LINK" : "HOST", tb);
    }
    /* StartLink has a Size field under display-sizes: SMPI leaves it out here, which pj_dump
     * cannot read; a topology link has size 0 */
    if (smpi__rt.cfg.tracing_smpi_display_sizes && smpi__rt.cfg.tracing_smpi)
        smpi__paje_event(15, 0, "%d 0 topology %d %d 0", *t, a, *key);
    else
        smpi__paje_event(15, 0, "%d 0 topology %d %d", *t, a, *key);
    smpi__paje_event(16, 0, "%d 0 topology %d %d", *t, b, *key);
    (*key)++;
}

/* tracing/platform/topology: the graph of the routes between every two hosts, each hop (host
 * to link, link to link, link to host) drawn once, as SMPI's recursiveGraphExtraction does per
 * zone. O(hosts^2 x route length), as in SimGrid: large platforms may turn it off. */
static void topology(const struct sim_platform *p)
{
    const struct pj_link_ref *refs = plat.refs;
    int nrefs = plat.nrefs;
    struct sim_link **route = NULL;
    struct pj_edges edges = { 0 };
    struct pj_edge_types types = { NULL, 0 };
    int key = 0;

    for (int s = 0; s < plat.nhosts; s++) {
        for (int d = 0; d < plat.nhosts; d++) {
            double lat;
            int n = s == d ? 0
                           : sim_route_find(p, sim_platform_host(p, s), sim_platform_host(p, d),
                                            NULL, 0, &lat);
            int prev = plat.hosts[s];
            int prev_type = plat.levels[plat.host_level[s]].host_type;
            bool prev_link = false;

            if (n <= 0)
                continue; /* the same host, or no route (reported only when a message needs it) */
            route = sim_xrealloc(route, (size_t)n * sizeof(*route));
            sim_route(p, sim_platform_host(p, s), sim_platform_host(p, d), route, n, &lat);
            for (int k = 0; k <= n; k++) {
                struct pj_link_ref want = { k < n ? route[k] : NULL, 0, 0 };
                const struct pj_link_ref *r =
                    k < n ? bsearch(&want, refs, (size_t)nrefs, sizeof(*refs), by_address) : NULL;
                int next = k < n ? (r ? r->container : 0) : plat.hosts[d];
                int next_type = k < n ? (r ? plat.levels[r->level].link_type : 0)
                                      : plat.levels[plat.host_level[d]].host_type;

                if (!next)
                    continue; /* the engine's loopback: not in the trace */
                if (edge_is_new(&edges, prev, next))
                    topology_edge(prev, prev_type, prev_link, next, next_type, k < n, &types, &key);
                prev = next;
                prev_type = next_type;
                prev_link = k < n;
            }
        }
    }
    free(route);
    free(edges.keys);
    free(types.t);
}

void smpi__paje_platform(struct paje_layout *l)
{
    const struct smpi_config *cfg = &smpi__rt.cfg;
    const struct sim_platform *p = sim_engine_platform();
    bool smpi = cfg->tracing_smpi || cfg->tracing_smpi_group;
    bool grouped = smpi && cfg->tracing_smpi_group;

    l->host_container = NULL;
    if (smpi)
        root_types(l, grouped);
    if (!wants_platform(cfg))
        return;
    plat.zones = draw_zones(p, grouped);
    hosts(p, cfg, l, grouped);
    links(p, cfg);
    plat.refs = sim_xcalloc((size_t)plat.nlinks + 1, sizeof(*plat.refs));
    for (int i = 0; i < plat.nlinks; i++)
        if (plat.links[i])
            plat.refs[plat.nrefs++] =
                (struct pj_link_ref){ sim_platform_link(p, i), plat.links[i], plat.link_level[i] };
    qsort(plat.refs, (size_t)plat.nrefs, sizeof(*plat.refs), by_address);
    if (cfg->tracing_platform_topology && plat.nrefs)
        topology(p);
}

void smpi__paje_platform_end(double t, struct paje_layout *l)
{
    (void)l;
    if (!smpi__rt.cfg.tracing_disable_destroy) {
        for (int i = 0; i < plat.nhosts; i++)
            smpi__paje_event(7, t, "%d %d", plat.levels[plat.host_level[i]].host_type,
                             plat.hosts[i]);
        for (int i = 0; i < plat.nlinks; i++)
            if (plat.links[i])
                smpi__paje_event(7, t, "%d %d", plat.levels[plat.link_level[i]].link_type,
                                 plat.links[i]);
        for (int i = plat.nzones - 1; i >= 0; i--)
            smpi__paje_event(7, t, "%d %d", plat.zone_refs[i].type, plat.zone_refs[i].container);
    }
    free(plat.hosts);
    free(plat.host_level);
    free(plat.links);
    free(plat.link_level);
    free(plat.host_by_index);
    free(plat.refs);
    free(plat.levels);
    free(plat.zone_refs);
    plat = (struct pj_platform){ 0 };
}

bool smpi__paje_usage_declared(void)
{
    for (int i = 0; i < plat.nlevels; i++)
        if (plat.levels[i].speed_used || plat.levels[i].bandwidth_used)
            return true;
    return false;
}

int smpi__paje_host_usage(const struct sim_host *h, int *type, int *depth)
{
    int i = sim_host_index(h);

    if (!plat.hosts || i < 0 || i >= plat.nhosts)
        return 0;
    *depth = plat.host_level[i];
    *type = plat.levels[*depth].speed_used;
    return plat.hosts[i];
}

int smpi__paje_link_usage(const struct sim_link *k, int *type, int *depth)
{
    struct pj_link_ref want = { k, 0, 0 };
    const struct pj_link_ref *r =
        plat.nrefs ? bsearch(&want, plat.refs, (size_t)plat.nrefs, sizeof(*plat.refs), by_address)
                   : NULL;

    if (!r)
        return 0;
    *depth = r->level;
    *type = plat.levels[r->level].bandwidth_used;
    return r->container;
}

int smpi__paje_depths(void)
{
    return plat.nlevels;
}

void smpi__paje_depth_types(int depth, int *zone_type, int *host_type, int *link_type)
{
    *zone_type = plat.levels[depth].zone_type;
    *host_type = plat.levels[depth].host_type;
    *link_type = plat.levels[depth].link_type;
}
