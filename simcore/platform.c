/* platform: the platform model (hosts, links, zones, netpoints), its name indexes and the
 * builder the XML parser calls, and routing (tables, load-time checks, sim_route). Parsing lives
 * in platform_xml.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "simcore/internal.h"
#include "simcore/platform_impl.h"

/* Open-addressing string -> int map; keys are borrowed from the objects they name.
 * O(1) expected lookup; loading the 4096-node default cluster stays well under 50 ms. */
struct strmap {
    const char **keys;
    int *vals;
    size_t cap; /* power of two, 0 when empty */
    size_t n;
};

/* An XML <link>: one sim_link, or two for SPLITDUPLEX. */
struct xlink {
    char *name;
    struct sim_link *up;
    struct sim_link *down; /* == up unless split */
    int line;
};

struct plat_priv {
    struct sim__netpoint *np;
    int nnp;
    int capnp;
    struct xlink *xl;
    int nxl;
    int capxl;
    struct strmap np_by_name;
    struct strmap link_by_name;
    struct strmap xlink_by_name;
    struct sim_zone **zones;
    int nzones;
    int capzones;
    int ncfg;
    char **cfg; /* key, value, ... */
    int caphosts;
    int caplinks;
};

static struct plat_priv *priv(const struct sim_platform *p)
{
    return p->priv;
}

static uint64_t hash_str(const char *s)
{
    uint64_t h = 1469598103934665603ULL;

    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    return h;
}

static size_t map_slot(const struct strmap *m, const char *key)
{
    size_t i = hash_str(key) & (m->cap - 1);

    while (m->keys[i] && strcmp(m->keys[i], key) != 0)
        i = (i + 1) & (m->cap - 1);
    return i;
}

static int map_get(const struct strmap *m, const char *key)
{
    size_t i;

    if (m->cap == 0)
        return -1;
    i = map_slot(m, key);
    return m->keys[i] ? m->vals[i] : -1;
}

static void map_put(struct strmap *m, const char *key, int val);

static void map_grow(struct strmap *m)
{
    struct strmap old = *m;

    m->cap = old.cap ? old.cap * 2 : 64;
    m->n = 0;
    m->keys = sim_xcalloc(m->cap, sizeof(*m->keys));
    m->vals = sim_xcalloc(m->cap, sizeof(*m->vals));
    for (size_t i = 0; i < old.cap; i++)
        if (old.keys[i])
            map_put(m, old.keys[i], old.vals[i]);
    free(old.keys);
    free(old.vals);
}

static void map_put(struct strmap *m, const char *key, int val)
{
    size_t i;

    if (2 * (m->n + 1) > m->cap)
        map_grow(m);
    i = map_slot(m, key);
    if (!m->keys[i])
        m->n++;
    m->keys[i] = key;
    m->vals[i] = val;
}

static void map_free(struct strmap *m)
{
    free(m->keys);
    free(m->vals);
}

/* Grows *v (of elements of `size` bytes) so that index n fits. */
static void *grow(void *v, int n, int *cap, size_t size)
{
    if (n < *cap)
        return v;
    *cap = *cap ? *cap * 2 : 16;
    if (*cap <= n)
        *cap = n + 1;
    return sim_xrealloc(v, (size_t)*cap * size);
}

struct sim_platform *sim__platform_new(void)
{
    struct sim_platform *p = sim_xcalloc(1, sizeof(*p));

    p->priv = sim_xcalloc(1, sizeof(struct plat_priv));
    return p;
}

static int netpoint_add(struct sim_platform *p, struct sim_zone *z, const char *name,
                        enum sim__np_kind kind, int line)
{
    struct plat_priv *pv = priv(p);
    struct sim__netpoint *np;

    if (map_get(&pv->np_by_name, name) >= 0)
        return -1;
    pv->np = grow(pv->np, pv->nnp, &pv->capnp, sizeof(*pv->np));
    np = &pv->np[pv->nnp];
    memset(np, 0, sizeof(*np));
    np->name = sim_xstrdup(name);
    np->kind = kind;
    np->line = line;
    np->zone = z;
    np->member = -1;
    if (z) {
        z->members = grow(z->members, z->nmembers, &z->capmembers, sizeof(*z->members));
        np->member = z->nmembers;
        z->members[z->nmembers++] = pv->nnp;
    }
    map_put(&pv->np_by_name, np->name, pv->nnp);
    return pv->nnp++;
}

struct sim_zone *sim__zone_new(struct sim_platform *p, struct sim_zone *parent, const char *name,
                               enum sim__routing routing, int line)
{
    struct plat_priv *pv = priv(p);
    struct sim_zone *z;
    int id = netpoint_add(p, parent, name, SIM__NP_ZONE, line);

    if (id < 0)
        return NULL;
    z = sim_xcalloc(1, sizeof(*z));
    z->name = pv->np[id].name;
    z->routing = routing;
    z->line = line;
    z->parent = parent;
    z->depth = parent ? parent->depth + 1 : 0;
    z->netpoint = id;
    pv->np[id].self = z;
    if (parent)
        parent->has_children = true;
    else
        p->root = z;
    pv->zones = grow(pv->zones, pv->nzones, &pv->capzones, sizeof(*pv->zones));
    pv->zones[pv->nzones++] = z;
    return z;
}

struct sim_host *sim__host_new(struct sim_platform *p, struct sim_zone *z, const char *name,
                               double speed, int cores, int line)
{
    struct plat_priv *pv = priv(p);
    struct sim_host *h;
    int id = netpoint_add(p, z, name, SIM__NP_HOST, line);

    if (id < 0)
        return NULL;
    h = sim_xcalloc(1, sizeof(*h));
    h->name = pv->np[id].name;
    h->speed = speed;
    h->cores = cores;
    h->npstates = 1;
    h->pstate_speeds = sim_xmalloc(sizeof(*h->pstate_speeds));
    h->pstate_speeds[0] = speed;
    h->speed_scale = 1.0;
    h->line = line;
    h->index = p->nhosts;
    h->zone = z;
    h->netpoint = id;
    pv->np[id].host = h;
    p->hosts = grow(p->hosts, p->nhosts, &pv->caphosts, sizeof(*p->hosts));
    p->hosts[p->nhosts++] = h;
    return h;
}

int sim__router_new(struct sim_platform *p, struct sim_zone *z, const char *name, int line)
{
    return netpoint_add(p, z, name, SIM__NP_ROUTER, line);
}

static struct sim_link *link_new(struct sim_platform *p, char *name, double bw, double lat,
                                 bool fatpipe)
{
    struct plat_priv *pv = priv(p);
    struct sim_link *l = sim_xcalloc(1, sizeof(*l));

    l->name = name;
    l->bandwidth = bw;
    l->latency = lat;
    l->fatpipe = fatpipe;
    l->index = p->nlinks;
    p->links = grow(p->links, p->nlinks, &pv->caplinks, sizeof(*p->links));
    p->links[p->nlinks++] = l;
    map_put(&pv->link_by_name, l->name, l->index);
    return l;
}

static char *concat(const char *a, const char *b)
{
    size_t na = strlen(a);
    size_t nb = strlen(b);
    char *s = sim_xmalloc(na + nb + 1);

    memcpy(s, a, na);
    memcpy(s + na, b, nb + 1);
    return s;
}

int sim__xlink_new(struct sim_platform *p, const char *name, double bw, double lat,
                   enum sim__sharing sharing, int line)
{
    struct plat_priv *pv = priv(p);
    struct xlink *x;

    if (map_get(&pv->xlink_by_name, name) >= 0)
        return -1;
    pv->xl = grow(pv->xl, pv->nxl, &pv->capxl, sizeof(*pv->xl));
    x = &pv->xl[pv->nxl];
    x->name = sim_xstrdup(name);
    x->line = line;
    if (sharing == SIM__SPLITDUPLEX) {
        x->up = link_new(p, concat(name, "_UP"), bw, lat, false);
        x->down = link_new(p, concat(name, "_DOWN"), bw, lat, false);
    } else {
        x->up = link_new(p, sim_xstrdup(name), bw, lat, sharing == SIM__FATPIPE);
        x->down = x->up;
    }
    x->up->line = x->down->line = line;
    map_put(&pv->xlink_by_name, x->name, pv->nxl);
    return pv->nxl++;
}

int sim__xlink_find(const struct sim_platform *p, const char *name)
{
    return map_get(&priv(p)->xlink_by_name, name);
}

bool sim__xlink_is_split(const struct sim_platform *p, int xl)
{
    return priv(p)->xl[xl].up != priv(p)->xl[xl].down;
}

struct sim_link *sim__xlink_get(const struct sim_platform *p, int xl, bool up)
{
    return up ? priv(p)->xl[xl].up : priv(p)->xl[xl].down;
}

int sim__xlink_line(const struct sim_platform *p, int xl)
{
    return priv(p)->xl[xl].line;
}

int sim__netpoint_find(const struct sim_platform *p, const char *name)
{
    return map_get(&priv(p)->np_by_name, name);
}

struct sim__netpoint *sim__netpoint(const struct sim_platform *p, int id)
{
    return &priv(p)->np[id];
}

void sim__props_add(int *n, char ***props, const char *key, const char *value)
{
    *props = sim_xrealloc(*props, (size_t)(*n + 1) * 2 * sizeof(**props));
    (*props)[2 * *n] = sim_xstrdup(key);
    (*props)[2 * *n + 1] = sim_xstrdup(value);
    (*n)++;
}

void sim__platform_config_add(struct sim_platform *p, const char *key, const char *value)
{
    struct plat_priv *pv = priv(p);

    sim__props_add(&pv->ncfg, &pv->cfg, key, value);
}

const char *const *sim__platform_config(const struct sim_platform *p, int *n)
{
    *n = priv(p)->ncfg;
    return (const char *const *)priv(p)->cfg;
}

void sim__zone_add_route(struct sim_platform *p, struct sim_zone *z, int src, int dst, int gw_src,
                         int gw_dst, struct sim_link *const *fwd, struct sim_link *const *back,
                         int n, bool symmetrical, int line)
{
    int s = sim__netpoint(p, src)->member;
    int d = sim__netpoint(p, dst)->member;

    for (int dir = 0; dir < (symmetrical && s != d ? 2 : 1); dir++) {
        struct sim__route *r = sim_xcalloc(1, sizeof(*r));

        r->src = dir ? d : s;
        r->dst = dir ? s : d;
        r->gw_src = dir ? gw_dst : gw_src;
        r->gw_dst = dir ? gw_src : gw_dst;
        r->line = line;
        r->nlinks = n;
        r->links = sim_xcalloc((size_t)n, sizeof(*r->links));
        for (int i = 0; i < n; i++)
            r->links[i] = dir ? back[n - 1 - i] : fwd[i];
        z->routes = grow(z->routes, z->nroutes, &z->caproutes, sizeof(*z->routes));
        z->routes[z->nroutes++] = r;
    }
}

/* Grows the star table in powers of two; new entries have no links. */
struct sim__star *sim__zone_star(struct sim_zone *z, int member)
{
    if (member >= z->nstar) {
        int cap = z->nstar ? z->nstar : 16;

        while (cap <= member)
            cap *= 2;
        z->star = sim_xrealloc(z->star, (size_t)cap * sizeof(*z->star));
        memset(&z->star[z->nstar], 0, (size_t)(cap - z->nstar) * sizeof(*z->star));
        z->nstar = cap;
    }
    return &z->star[member];
}

static void zone_free(struct sim_zone *z)
{
    for (int i = 0; i < 2 * z->nprops; i++)
        free(z->props[i]);
    free(z->props);
    for (int i = 0; i < z->nroutes; i++) {
        free(z->routes[i]->links);
        free(z->routes[i]);
    }
    free(z->routes);
    sim__zone_free_routing(z);
    free(z->star);
    free(z->members);
    free(z);
}

void sim_platform_free(struct sim_platform *p)
{
    struct plat_priv *pv;

    if (!p)
        return;
    pv = priv(p);
    for (int i = 0; i < p->nhosts; i++) {
        for (int k = 0; k < 2 * p->hosts[i]->nprops; k++)
            free(p->hosts[i]->props[k]);
        free(p->hosts[i]->props);
        for (int k = 0; k < p->hosts[i]->ndisks; k++) {
            free(p->hosts[i]->disks[k].name);
            free(p->hosts[i]->disks[k].mount);
        }
        free(p->hosts[i]->disks);
        free(p->hosts[i]->default_disk);
        free(p->hosts[i]->pstate_speeds);
        free(p->hosts[i]);
    }
    for (int i = 0; i < p->nlinks; i++) {
        struct sim_link *l = p->links[i];

        for (int k = 0; k < 2 * l->nprops; k++)
            free(l->props[k]);
        free(l->props);
        free(l->name);
        free(l);
    }
    for (int i = 0; i < p->nprofiles; i++)
        sim__profile_free(p->profiles[i]);
    free(p->profiles);
    free(p->file);
    for (int i = 0; i < pv->nxl; i++)
        free(pv->xl[i].name);
    for (int i = 0; i < pv->nzones; i++)
        zone_free(pv->zones[i]);
    for (int i = 0; i < pv->nnp; i++)
        free(pv->np[i].name);
    for (int i = 0; i < 2 * pv->ncfg; i++)
        free(pv->cfg[i]);
    map_free(&pv->np_by_name);
    map_free(&pv->link_by_name);
    map_free(&pv->xlink_by_name);
    free(pv->cfg);
    free(pv->np);
    free(pv->xl);
    free(pv->zones);
    free(pv);
    free(p->hosts);
    free(p->links);
    free(p);
}

int sim_platform_host_count(const struct sim_platform *p)
{
    return p->nhosts;
}

struct sim_host *sim_platform_host(const struct sim_platform *p, int index)
{
    return index >= 0 && index < p->nhosts ? p->hosts[index] : NULL;
}

int sim_platform_link_count(const struct sim_platform *p)
{
    return p->nlinks;
}

struct sim_link *sim_platform_link(const struct sim_platform *p, int index)
{
    return index >= 0 && index < p->nlinks ? p->links[index] : NULL;
}

struct sim_host *sim_platform_host_by_name(const struct sim_platform *p, const char *name)
{
    int id = map_get(&priv(p)->np_by_name, name);

    return id >= 0 ? priv(p)->np[id].host : NULL;
}

struct sim_link *sim_platform_link_by_name(const struct sim_platform *p, const char *name)
{
    int id = map_get(&priv(p)->link_by_name, name);

    return id >= 0 ? p->links[id] : NULL;
}

const char *sim_host_name(const struct sim_host *h)
{
    return h->name;
}

double sim_host_speed(const struct sim_host *h)
{
    return h->speed;
}

int sim_host_cores(const struct sim_host *h)
{
    return h->cores;
}

int sim_host_index(const struct sim_host *h)
{
    return h->index;
}

static const char *props_get(int n, char *const *props, const char *key)
{
    for (int i = 0; i < n; i++)
        if (strcmp(props[2 * i], key) == 0)
            return props[2 * i + 1];
    return NULL;
}

const char *sim_host_property(const struct sim_host *h, const char *key)
{
    const char *v = props_get(h->nprops, h->props, key);

    for (const struct sim_zone *z = h->zone; !v && z; z = z->parent)
        v = props_get(z->nprops, z->props, key);
    return v;
}

int sim_host_disk_count(const struct sim_host *h)
{
    return h->ndisks;
}

const struct sim_disk *sim_host_disk(const struct sim_host *h, int i)
{
    return &h->disks[i];
}

const struct sim_disk *sim_host_default_disk(struct sim_host *h, double read_bw, double write_bw)
{
    if (!h->default_disk) {
        h->default_disk = sim_xcalloc(1, sizeof(*h->default_disk));
        h->default_disk->read_bw = read_bw;
        h->default_disk->write_bw = write_bw;
    }
    return h->default_disk;
}

const char *sim_disk_name(const struct sim_disk *d)
{
    return d->name;
}

double sim_disk_read_bw(const struct sim_disk *d)
{
    return d->read_bw;
}

double sim_disk_write_bw(const struct sim_disk *d)
{
    return d->write_bw;
}

const char *sim_disk_mount(const struct sim_disk *d)
{
    return d->mount;
}

const char *sim_link_name(const struct sim_link *l)
{
    return l->name;
}

double sim_link_bandwidth(const struct sim_link *l)
{
    return l->bandwidth;
}

double sim_link_latency(const struct sim_link *l)
{
    return l->latency;
}

/* =======================================================================================
 * Routing
 * ===================================================================================== */

/* Routing: tables (Full, Floyd, Dijkstra, Star, None), the load-time
 * connectivity check and sim_route, following SimGrid 3.32's NetZoneImpl::get_global_route and
 * its FullZone, FloydZone, DijkstraZone and StarZone, so existing platform files give the same
 * routes.
 *
 * Same-host routes: a host talking to itself uses the declared route to itself if any, else
 * its cluster's loopback link if any (clusters with loopback_bw/loopback_lat), else its own up
 * then down links (a cluster without loopback: SimGrid's StarZone does the same). In Full,
 * Floyd, Dijkstra and None zones without a declared self route, sim_route returns 0 links and
 * the engine uses the network model's implicit "__loopback__" link (network/loopback-bw and
 * network/loopback-lat), as SimGrid's zones do in their do_seal. */

static const char *const routing_names[] = {
    [SIM__ROUTING_FULL] = "Full",         [SIM__ROUTING_FLOYD] = "Floyd",
    [SIM__ROUTING_DIJKSTRA] = "Dijkstra", [SIM__ROUTING_STAR] = "Cluster",
    [SIM__ROUTING_NONE] = "None",
};

/* Marks an implicit loopback entry (no links: the engine supplies its loopback). */
static struct sim__route loopback_mark;

/* Route under construction: links beyond `max` are counted but not stored. */
struct rt_out {
    const struct sim_platform *p;
    struct sim_link **buf;
    int max;
    int n;
    double lat;
};

static const char *np_name(const struct sim_platform *p, int np)
{
    return sim__netpoint(p, np)->name;
}

static const char *member_name(const struct sim_platform *p, const struct sim_zone *z, int m)
{
    return np_name(p, z->members[m]);
}

/* ---------------------------------------------------------------------------------------
 * Seal: build the tables
 * ------------------------------------------------------------------------------------- */

/* Table of declared routes (nmembers^2); a second route for the same pair is an error. */
static void build_table(const struct sim_platform *p, struct sim_zone *z, const char *file)
{
    int n = z->nmembers;

    z->table = sim_xcalloc((size_t)n * n, sizeof(*z->table));
    for (int k = 0; k < z->nroutes; k++) {
        struct sim__route *r = z->routes[k];
        struct sim__route **cell = &z->table[r->src * n + r->dst];

        if (*cell)
            sim_die("%s:%d: the route from '%s' to '%s' is already defined at line %d (routes are "
                    "symmetrical by default; add symmetrical=\"NO\" to declare each direction)",
                    file, r->line, member_name(p, z, r->src), member_name(p, z, r->dst),
                    (*cell)->line);
        *cell = r;
    }
}

/* All-pairs shortest paths by link count (SimGrid's FloydZone: the cost of a route is its
 * number of links, ties keep the earlier path). O(n^3) at load, O(path) per lookup. */
static void seal_floyd(struct sim_zone *z)
{
    int n = z->nmembers;
    long *cost = sim_xmalloc((size_t)n * n * sizeof(*cost));

    z->pred = sim_xmalloc((size_t)n * n * sizeof(*z->pred));
    for (int i = 0; i < n * n; i++) {
        struct sim__route *r = z->table[i];

        if (!r && i / n == i % n && !z->has_children)
            r = z->table[i] = &loopback_mark;
        cost[i] = r ? (r == &loopback_mark ? 1 : r->nlinks) : LONG_MAX;
        z->pred[i] = r ? i / n : -1;
    }
    for (int c = 0; c < n; c++)
        for (int a = 0; a < n; a++) {
            if (cost[a * n + c] == LONG_MAX)
                continue;
            for (int b = 0; b < n; b++) {
                long via = cost[c * n + b];

                if (via < LONG_MAX && cost[a * n + c] + via < cost[a * n + b]) {
                    cost[a * n + b] = cost[a * n + c] + via;
                    z->pred[a * n + b] = z->pred[c * n + b];
                }
            }
        }
    free(cost);
}

/* A (cost, node) min-heap for Dijkstra; ties go to the lower node id. */
struct pq {
    double *cost;
    int *node;
    int n;
};

static bool pq_less(const struct pq *q, int a, int b)
{
    return q->cost[a] < q->cost[b] || (q->cost[a] == q->cost[b] && q->node[a] < q->node[b]);
}

static void pq_swap(struct pq *q, int a, int b)
{
    double c = q->cost[a];
    int v = q->node[a];

    q->cost[a] = q->cost[b];
    q->node[a] = q->node[b];
    q->cost[b] = c;
    q->node[b] = v;
}

static void pq_push(struct pq *q, double cost, int node)
{
    int i = q->n++;

    q->cost[i] = cost;
    q->node[i] = node;
    for (; i > 0 && pq_less(q, i, (i - 1) / 2); i = (i - 1) / 2)
        pq_swap(q, i, (i - 1) / 2);
}

static int pq_pop(struct pq *q)
{
    int top = q->node[0];
    int i = 0;

    pq_swap(q, 0, --q->n);
    for (;;) {
        int m = i;

        if (2 * i + 1 < q->n && pq_less(q, 2 * i + 1, m))
            m = 2 * i + 1;
        if (2 * i + 2 < q->n && pq_less(q, 2 * i + 2, m))
            m = 2 * i + 2;
        if (m == i)
            return top;
        pq_swap(q, i, m);
        i = m;
    }
}

static double route_latency(const struct sim__route *r)
{
    double lat = 0;

    for (int i = 0; i < r->nlinks; i++)
        lat += r->links[i]->latency;
    return lat;
}

/* Shortest paths by latency (the sum of the latencies of the links of each declared route)
 * from graph node s; pred -1 means unreachable. */
static void dijkstra_from(struct sim_zone *z, int s, double *cost, struct pq *q)
{
    int ng = z->ngnodes;
    int *pred = z->pred + (size_t)s * ng;

    q->n = 0;
    for (int i = 0; i < ng; i++) {
        cost[i] = i == s ? 0 : HUGE_VAL;
        pred[i] = -1;
        pq_push(q, cost[i], i);
    }
    while (q->n > 0) {
        int v = pq_pop(q);

        if (cost[v] == HUGE_VAL)
            continue;
        for (const struct sim__route *e = z->out[v]; e; e = e->next_out) {
            int u = z->gid[e->dst];
            double c = cost[v] + route_latency(e);

            if (c < cost[u]) {
                cost[u] = c;
                pred[u] = v;
                pq_push(q, c, u);
            }
        }
    }
}

/* Graph nodes are numbered in order of first appearance in the routes, edges leave each node
 * in declaration order. Every source is solved once at load and its predecessor row is the
 * per-source cache: this is the connectivity check and makes lookups O(path). */
static void seal_dijkstra(struct sim_zone *z)
{
    int n = z->nmembers;
    struct sim__route **last = sim_xcalloc((size_t)n, sizeof(*last));
    double *cost;
    struct pq q;

    z->gid = sim_xmalloc((size_t)n * sizeof(*z->gid));
    z->gnode = sim_xmalloc((size_t)n * sizeof(*z->gnode));
    z->out = sim_xcalloc((size_t)n, sizeof(*z->out));
    for (int i = 0; i < n; i++)
        z->gid[i] = -1;
    for (int k = 0; k < z->nroutes; k++) {
        struct sim__route *r = z->routes[k];

        for (int end = 0; end < 2; end++) {
            int m = end ? r->dst : r->src;

            if (z->gid[m] < 0) {
                z->gnode[z->ngnodes] = m;
                z->gid[m] = z->ngnodes++;
            }
        }
        if (last[z->gid[r->src]])
            last[z->gid[r->src]]->next_out = r;
        else
            z->out[z->gid[r->src]] = r;
        last[z->gid[r->src]] = r;
    }
    free(last);
    cost = sim_xmalloc((size_t)(z->ngnodes + 1) * sizeof(*cost));
    q.cost = sim_xmalloc((size_t)(z->ngnodes + 1) * (size_t)(z->ngnodes + 1) * sizeof(*q.cost));
    q.node = sim_xmalloc((size_t)(z->ngnodes + 1) * (size_t)(z->ngnodes + 1) * sizeof(*q.node));
    z->pred = sim_xmalloc(((size_t)z->ngnodes * z->ngnodes + 1) * sizeof(*z->pred));
    for (int s = 0; s < z->ngnodes; s++)
        dijkstra_from(z, s, cost, &q);
    free(cost);
    free(q.cost);
    free(q.node);
}

/* True if a lookup from member i to member j of z finds a route. */
static bool zone_connects(const struct sim_zone *z, int i, int j)
{
    int n = z->nmembers;

    switch (z->routing) {
    case SIM__ROUTING_FULL:
        return z->table[i * n + j] != NULL;
    case SIM__ROUTING_FLOYD:
        return z->pred[i * n + j] >= 0;
    case SIM__ROUTING_DIJKSTRA:
        return z->gid[i] >= 0 && z->gid[j] >= 0 &&
               z->pred[(size_t)z->gid[i] * z->ngnodes + z->gid[j]] >= 0;
    case SIM__ROUTING_STAR:
        return true;
    case SIM__ROUTING_NONE:
        return false;
    }
    return false;
}

/* Members a route may start or end at: hosts, child zones, and routers used as gateways. */
static bool is_endpoint(const struct sim_platform *p, const struct sim_zone *z, int m)
{
    const struct sim__netpoint *np = sim__netpoint(p, z->members[m]);

    return np->kind != SIM__NP_ROUTER || np->is_gateway;
}

/* O(members^2) for routed zones; star zones connect everything and are skipped. */
static void check_zone(const struct sim_platform *p, const struct sim_zone *z, const char *file)
{
    if (z->routing == SIM__ROUTING_STAR)
        return;
    for (int i = 0; i < z->nmembers; i++) {
        if (!is_endpoint(p, z, i))
            continue;
        for (int j = 0; j < z->nmembers; j++) {
            bool zones;

            if (i == j || !is_endpoint(p, z, j) || zone_connects(z, i, j))
                continue;
            zones = sim__netpoint(p, z->members[i])->kind == SIM__NP_ZONE ||
                    sim__netpoint(p, z->members[j])->kind == SIM__NP_ZONE;
            sim_die("%s:%d: no route from '%s' to '%s' in zone '%s' (routing %s); declare a <%s> "
                    "between them",
                    file, z->line, member_name(p, z, i), member_name(p, z, j), z->name,
                    routing_names[z->routing], zones ? "zoneRoute" : "route");
        }
    }
}

static void seal_zone(const struct sim_platform *p, struct sim_zone *z, const char *file)
{
    switch (z->routing) {
    case SIM__ROUTING_FULL:
        build_table(p, z, file);
        break;
    case SIM__ROUTING_FLOYD:
        build_table(p, z, file);
        seal_floyd(z);
        break;
    case SIM__ROUTING_DIJKSTRA:
        build_table(p, z, file);
        seal_dijkstra(z);
        break;
    case SIM__ROUTING_STAR:
    case SIM__ROUTING_NONE:
        break;
    }
    if (z->routing == SIM__ROUTING_FLOYD || z->routing == SIM__ROUTING_DIJKSTRA)
        z->scratch = sim_xmalloc((size_t)(z->nmembers + 2) * sizeof(*z->scratch));
    check_zone(p, z, file);
}

static void seal_tree(const struct sim_platform *p, struct sim_zone *z, const char *file)
{
    for (int i = 0; i < z->nmembers; i++) {
        struct sim__netpoint *np = sim__netpoint(p, z->members[i]);

        if (np->kind == SIM__NP_ZONE)
            seal_tree(p, np->self, file);
    }
    seal_zone(p, z, file);
}

void sim__platform_seal(struct sim_platform *p, const char *file)
{
    if (p->root)
        seal_tree(p, p->root, file);
}

void sim__zone_free_routing(struct sim_zone *z)
{
    free(z->table);
    free(z->pred);
    free(z->gid);
    free(z->gnode);
    free(z->out);
    free(z->scratch);
}

/* ---------------------------------------------------------------------------------------
 * Lookup
 * ------------------------------------------------------------------------------------- */

static void global_route(struct rt_out *o, int src, int dst);

static void emit(struct rt_out *o, struct sim_link *l)
{
    if (o->n < o->max)
        o->buf[o->n] = l;
    o->n++;
    o->lat += l->latency;
}

static void emit_route(struct rt_out *o, const struct sim__route *r)
{
    for (int i = 0; i < r->nlinks; i++)
        emit(o, r->links[i]);
}

static void no_route(const struct rt_out *o, int src, int dst)
{
    sim_die("no route from '%s' to '%s' in the platform; declare one with <route> or <zoneRoute>",
            np_name(o->p, src), np_name(o->p, dst));
}

/* Full: the declared route, with the paths to and from its gateways around it. */
static void route_full(struct rt_out *o, const struct sim_zone *z, int i, int j, int src, int dst)
{
    const struct sim__route *r = z->table[i * z->nmembers + j];

    if (!r) {
        if (i != j)
            no_route(o, src, dst);
        return;
    }
    if (r->gw_src != src)
        global_route(o, src, r->gw_src);
    emit_route(o, r);
    if (r->gw_dst != dst)
        global_route(o, r->gw_dst, dst);
}

/* Emits the chain of routes path[k-1] -> ... -> path[0] (member indexes), joining successive
 * routes whose gateways differ by a global route between them (Floyd and Dijkstra in zones
 * with child zones). */
static void route_chain(struct rt_out *o, const struct sim_zone *z, const int *path, int k, int src,
                        int dst)
{
    const struct sim__route *prev = NULL;
    int n = z->nmembers;

    for (int t = k - 1; t >= 1; t--) {
        const struct sim__route *r = z->table[path[t] * n + path[t - 1]];

        if (r == &loopback_mark || (!r && path[t] == path[t - 1]))
            continue;
        if (!prev && r->gw_src != src)
            global_route(o, src, r->gw_src);
        if (prev && prev->gw_dst != r->gw_src)
            global_route(o, prev->gw_dst, r->gw_src);
        emit_route(o, r);
        prev = r;
    }
    if (prev && prev->gw_dst != dst)
        global_route(o, prev->gw_dst, dst);
}

static void route_floyd(struct rt_out *o, const struct sim_zone *z, int i, int j, int src, int dst)
{
    int n = z->nmembers;
    int k = 0;
    int cur = j;

    if (z->pred[i * n + j] < 0) {
        if (i != j)
            no_route(o, src, dst);
        return;
    }
    do {
        z->scratch[k++] = cur;
        cur = z->pred[i * n + cur];
    } while (cur != i);
    z->scratch[k++] = i;
    route_chain(o, z, z->scratch, k, src, dst);
}

static void route_dijkstra(struct rt_out *o, const struct sim_zone *z, int i, int j, int src,
                           int dst)
{
    const int *pred;
    int k = 0;
    int v;

    if (i == j) {
        const struct sim__route *r = z->table[i * z->nmembers + i];

        if (r)
            emit_route(o, r);
        return;
    }
    if (!zone_connects(z, i, j))
        no_route(o, src, dst);
    pred = z->pred + (size_t)z->gid[i] * z->ngnodes;
    for (v = z->gid[j]; v != z->gid[i]; v = pred[v])
        z->scratch[k++] = z->gnode[v];
    z->scratch[k++] = i;
    route_chain(o, z, z->scratch, k, src, dst);
}

static bool in_list(struct sim_link *const *l, int n, const struct sim_link *x)
{
    for (int i = 0; i < n; i++)
        if (l[i] == x)
            return true;
    return false;
}

/* Star (clusters): the source's up links then the destination's down links, each link once
 * (so a shared backbone or limiter is crossed once); the loopback for a member to itself, or,
 * in a cluster without loopback, its own up then down links, as SimGrid 3.32's StarZone. */
static void route_star(struct rt_out *o, const struct sim_zone *z, int i, int j)
{
    static const struct sim__star none;
    const struct sim__star *a = i < z->nstar ? &z->star[i] : &none;
    const struct sim__star *b = j < z->nstar ? &z->star[j] : &none;
    struct sim_link *const *down = b->l + b->nup;

    if (i == j && a->nloop > 0) {
        for (int k = 0; k < a->nloop; k++)
            emit(o, a->l[a->nup + a->ndown + k]);
        return;
    }
    for (int k = 0; k < a->nup; k++)
        if (!in_list(a->l, k, a->l[k]))
            emit(o, a->l[k]);
    for (int k = 0; k < b->ndown; k++)
        if (!in_list(a->l, a->nup, down[k]) && !in_list(down, k, down[k]))
            emit(o, down[k]);
}

/* SimGrid's get_global_route: find the common ancestor zone and the members of it that
 * contain src and dst, then route between those members. O(depth + route length). */
static void global_route(struct rt_out *o, int src, int dst)
{
    const struct sim__netpoint *a = sim__netpoint(o->p, src);
    const struct sim__netpoint *b = sim__netpoint(o->p, dst);
    const struct sim_zone *za = a->zone;
    const struct sim_zone *zb = b->zone;
    int sa = src;
    int sb = dst;
    int i;
    int j;

    while (za->depth > zb->depth) {
        sa = za->netpoint;
        za = za->parent;
    }
    while (zb->depth > za->depth) {
        sb = zb->netpoint;
        zb = zb->parent;
    }
    while (za != zb) {
        sa = za->netpoint;
        za = za->parent;
        sb = zb->netpoint;
        zb = zb->parent;
    }
    i = sim__netpoint(o->p, sa)->member;
    j = sim__netpoint(o->p, sb)->member;
    switch (za->routing) {
    case SIM__ROUTING_FULL:
        route_full(o, za, i, j, src, dst);
        break;
    case SIM__ROUTING_FLOYD:
        route_floyd(o, za, i, j, src, dst);
        break;
    case SIM__ROUTING_DIJKSTRA:
        route_dijkstra(o, za, i, j, src, dst);
        break;
    case SIM__ROUTING_STAR:
        route_star(o, za, i, j);
        break;
    case SIM__ROUTING_NONE:
        if (i != j)
            no_route(o, src, dst);
        break;
    }
}

int sim_route(const struct sim_platform *p, const struct sim_host *src, const struct sim_host *dst,
              struct sim_link **links, int max, double *latency)
{
    struct rt_out o = { .p = p, .buf = links, .max = links ? max : 0 };

    global_route(&o, src->netpoint, dst->netpoint);
    if (latency)
        *latency = o.lat;
    return o.n;
}

/* ---- zones, for the traces that draw the platform's tree ---- */

const struct sim_zone *sim_host_zone(const struct sim_host *h)
{
    return h->zone;
}

const struct sim_zone *sim_link_zone(const struct sim_link *l)
{
    return l->zone;
}

const struct sim_zone *sim_zone_parent(const struct sim_zone *z)
{
    return z->parent;
}

const char *sim_zone_name(const struct sim_zone *z)
{
    return z->name;
}

int sim_zone_depth(const struct sim_zone *z)
{
    return z->depth;
}
