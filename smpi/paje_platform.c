/* paje_platform: the types of a Paje trace and, when asked, the platform in it, as SMPI 3.32's
 * src/instr/instr_platform.cpp declares them: the MPI container, state and link types, the
 * HOST and LINK containers with their speed, core count, bandwidth and latency, and the ranks
 * grouped under their hosts (-trace-grouped). simcore keeps no zones, so hosts and links hang
 * under the root; SimGrid nests them in one container per zone. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simcore/simcore.h"
#include "smpi/internal.h"
#include "smpi/paje.h"

/* A network link's container, found by address (sorted by address for bsearch). */
struct pj_link_ref {
    const struct sim_link *link;
    int container;
};

struct pj_platform {
    int host_type;
    int link_type;
    int nhosts;
    int nlinks;
    int *hosts; /* container of host i */
    int *links; /* container of link i, 0 for the engine's own */
    int speed_used;     /* variable types of tracing/uncategorized, 0 when not declared */
    int bandwidth_used;
    int *host_by_index; /* container of the host of sim_host_index i */
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
static void host_rank_types(struct paje_layout *l)
{
    int mpi = smpi__paje_new_type();
    int t;

    smpi__paje_def("0 %d %d MPI", mpi, plat.host_type);
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

static void hosts(const struct sim_platform *p, const struct smpi_config *cfg,
                  struct paje_layout *l, bool grouped)
{
    int speed = 0;
    int cores = 0;

    plat.host_type = smpi__paje_new_type();
    smpi__paje_def("0 %d 0 HOST", plat.host_type);
    plat.nhosts = sim_platform_host_count(p);
    plat.hosts = sim_xcalloc((size_t)plat.nhosts, sizeof(*plat.hosts));
    for (int i = 0; i < plat.nhosts; i++) {
        const struct sim_host *h = sim_platform_host(p, i);

        plat.hosts[i] = smpi__paje_new_container();
        smpi__paje_event(6, 0, "%d %d 0 \"%s\"", plat.hosts[i], plat.host_type, sim_host_name(h));
        if (i == 0 && wants_variables(cfg) && !cfg->tracing_disable_power) {
            speed = smpi__paje_new_type();
            smpi__paje_def("1 %d %d speed \"1 1 1\"", speed, plat.host_type);
            cores = smpi__paje_new_type();
            smpi__paje_def("1 %d %d core_count \"1 1 1\"", cores, plat.host_type);
        }
        if (i == 0 && cfg->tracing_uncategorized) {
            plat.speed_used = smpi__paje_new_type();
            smpi__paje_def("1 %d %d speed_used \"0.5 0.5 0.5\"", plat.speed_used,
                           plat.host_type);
        }
        if (i == 0 && grouped)
            host_rank_types(l);
        if (speed) {
            smpi__paje_event(8, 0, "%d %d %.*f", speed, plat.hosts[i], cfg->tracing_precision,
                             sim_host_speed(h));
            smpi__paje_event(8, 0, "%d %d %.*f", cores, plat.hosts[i], cfg->tracing_precision,
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
    int bw = 0;
    int lat = 0;

    plat.nlinks = sim_platform_link_count(p);
    plat.links = sim_xcalloc((size_t)plat.nlinks, sizeof(*plat.links));
    for (int i = 0; i < plat.nlinks; i++) {
        const struct sim_link *k = sim_platform_link(p, i);

        if (sim_link_name(k)[0] == '_' && sim_link_name(k)[1] == '_')
            continue; /* __loopback__ and the like: SimGrid leaves them out too */
        if (!plat.link_type) {
            plat.link_type = smpi__paje_new_type();
            smpi__paje_def("0 %d 0 LINK", plat.link_type);
        }
        plat.links[i] = smpi__paje_new_container();
        smpi__paje_event(6, 0, "%d %d 0 \"%s\"", plat.links[i], plat.link_type, sim_link_name(k));
        if (!bw && wants_variables(cfg) && !cfg->tracing_disable_link) {
            bw = smpi__paje_new_type();
            smpi__paje_def("1 %d %d bandwidth \"1 1 1\"", bw, plat.link_type);
            lat = smpi__paje_new_type();
            smpi__paje_def("1 %d %d latency \"1 1 1\"", lat, plat.link_type);
        }
        if (!plat.bandwidth_used && cfg->tracing_uncategorized) {
            plat.bandwidth_used = smpi__paje_new_type();
            smpi__paje_def("1 %d %d bandwidth_used \"0.5 0.5 0.5\"", plat.bandwidth_used,
                           plat.link_type);
        }
        if (bw) {
            smpi__paje_event(8, 0, "%d %d %.*f", bw, plat.links[i], cfg->tracing_precision,
                             sim_link_bandwidth(k));
            smpi__paje_event(8, 0, "%d %d %.*f", lat, plat.links[i], cfg->tracing_precision,
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

/* One topology link from container a (of type ta) to b, its link type named as SMPI names it
 * ("0-HOST4-LINK12": the root type, then each end's type name and number) and declared on first
 * use; types[i][j] caches the four of HOST and LINK. */
static void topology_edge(int a, bool a_link, int b, bool b_link, int types[2][2], int *key)
{
    int ta = a_link ? plat.link_type : plat.host_type;
    int tb = b_link ? plat.link_type : plat.host_type;
    int *t = &types[a_link][b_link];

    if (!*t) {
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
    int types[2][2] = { { 0 } };
    int key = 0;

    for (int s = 0; s < plat.nhosts; s++) {
        for (int d = 0; d < plat.nhosts; d++) {
            double lat;
            int n = s == d ? 0
                           : sim_route(p, sim_platform_host(p, s), sim_platform_host(p, d), NULL, 0,
                                       &lat);
            int prev = plat.hosts[s];
            bool prev_link = false;

            if (n == 0)
                continue;
            route = sim_xrealloc(route, (size_t)n * sizeof(*route));
            sim_route(p, sim_platform_host(p, s), sim_platform_host(p, d), route, n, &lat);
            for (int k = 0; k <= n; k++) {
                struct pj_link_ref want = { k < n ? route[k] : NULL, 0 };
                const struct pj_link_ref *r =
                    k < n ? bsearch(&want, refs, (size_t)nrefs, sizeof(*refs), by_address) : NULL;
                int next = k < n ? (r ? r->container : 0) : plat.hosts[d];

                if (!next)
                    continue; /* the engine's loopback: not in the trace */
                if (edge_is_new(&edges, prev, next))
                    topology_edge(prev, prev_link, next, k < n, types, &key);
                prev = next;
                prev_link = k < n;
            }
        }
    }
    free(route);
    free(edges.keys);
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
    hosts(p, cfg, l, grouped);
    links(p, cfg);
    plat.refs = sim_xcalloc((size_t)plat.nlinks + 1, sizeof(*plat.refs));
    for (int i = 0; i < plat.nlinks; i++)
        if (plat.links[i])
            plat.refs[plat.nrefs++] = (struct pj_link_ref){ sim_platform_link(p, i), plat.links[i] };
    qsort(plat.refs, (size_t)plat.nrefs, sizeof(*plat.refs), by_address);
    if (cfg->tracing_platform_topology && plat.link_type)
        topology(p);
}

void smpi__paje_platform_end(double t, struct paje_layout *l)
{
    (void)l;
    if (!smpi__rt.cfg.tracing_disable_destroy) {
        for (int i = 0; i < plat.nhosts; i++)
            smpi__paje_event(7, t, "%d %d", plat.host_type, plat.hosts[i]);
        for (int i = 0; i < plat.nlinks; i++)
            if (plat.links[i])
                smpi__paje_event(7, t, "%d %d", plat.link_type, plat.links[i]);
    }
    free(plat.hosts);
    free(plat.links);
    free(plat.host_by_index);
    free(plat.refs);
    plat = (struct pj_platform){ 0 };
}

int smpi__paje_used_type(bool link)
{
    return link ? plat.bandwidth_used : plat.speed_used;
}

int smpi__paje_host_container(const struct sim_host *h)
{
    return plat.host_by_index ? plat.host_by_index[sim_host_index(h)] : 0;
}

int smpi__paje_link_container(const struct sim_link *k)
{
    struct pj_link_ref want = { k, 0 };
    const struct pj_link_ref *r =
        plat.nrefs ? bsearch(&want, plat.refs, (size_t)plat.nrefs, sizeof(*plat.refs), by_address)
                   : NULL;

    return r ? r->container : 0;
}
