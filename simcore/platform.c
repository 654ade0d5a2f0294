/* platform: the platform model (hosts, links, zones, netpoints), its name indexes and the
 * builder the XML parser calls. Parsing lives in platform_xml.c, routing in routing*.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "simcore/internal.h"
#include "simcore/platform_impl.h"

/* Open-addressing string -> int map; keys are borrowed from the objects they name. Each slot
 * keeps its key's hash: a probe compares hashes before strings, and growing moves the slots
 * without hashing their names again. O(1) expected lookup. */
struct strmap {
    const char **keys;
    uint64_t *hashes;
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
    int counters[SIM__NCOUNTERS];
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

static size_t map_slot(const struct strmap *m, const char *key, uint64_t h)
{
    size_t i = h & (m->cap - 1);

    while (m->keys[i] && (m->hashes[i] != h || strcmp(m->keys[i], key) != 0))
        i = (i + 1) & (m->cap - 1);
    return i;
}

static int map_get(const struct strmap *m, const char *key)
{
    size_t i;

    if (m->cap == 0)
        return -1;
    i = map_slot(m, key, hash_str(key));
    return m->keys[i] ? m->vals[i] : -1;
}

static void map_grow(struct strmap *m)
{
    struct strmap old = *m;

    m->cap = old.cap ? old.cap * 2 : 64;
    m->keys = sim_xcalloc(m->cap, sizeof(*m->keys));
    m->hashes = sim_xmalloc(m->cap * sizeof(*m->hashes));
    m->vals = sim_xmalloc(m->cap * sizeof(*m->vals));
    for (size_t i = 0; i < old.cap; i++) {
        size_t j;

        if (!old.keys[i])
            continue;
        for (j = old.hashes[i] & (m->cap - 1); m->keys[j]; j = (j + 1) & (m->cap - 1))
            ;
        m->keys[j] = old.keys[i];
        m->hashes[j] = old.hashes[i];
        m->vals[j] = old.vals[i];
    }
    free(old.keys);
    free(old.hashes);
    free(old.vals);
}

static void map_put(struct strmap *m, const char *key, int val)
{
    uint64_t h = hash_str(key);
    size_t i;

    if (2 * (m->n + 1) > m->cap)
        map_grow(m);
    i = map_slot(m, key, h);
    if (!m->keys[i])
        m->n++;
    m->keys[i] = key;
    m->hashes[i] = h;
    m->vals[i] = val;
}

static void map_free(struct strmap *m)
{
    free(m->keys);
    free(m->hashes);
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

int sim__platform_next(struct sim_platform *p, enum sim__counter k)
{
    return priv(p)->counters[k]++;
}

bool sim__zone_add_bypass(struct sim_zone *z, int src, int dst, int gw_src, int gw_dst,
                          struct sim_link *const *links, int n, int line)
{
    struct sim__route *r;

    for (int k = 0; k < z->nbypass; k++)
        if (z->bypass[k]->src == src && z->bypass[k]->dst == dst)
            return false;
    r = sim_xcalloc(1, sizeof(*r));
    r->src = src;
    r->dst = dst;
    r->gw_src = gw_src;
    r->gw_dst = gw_dst;
    r->line = line;
    r->nlinks = n;
    r->links = sim_xmalloc((size_t)n * sizeof(*r->links));
    for (int i = 0; i < n; i++)
        r->links[i] = links[i];
    z->bypass = grow(z->bypass, z->nbypass, &z->capbypass, sizeof(*z->bypass));
    z->bypass[z->nbypass++] = r;
    return true;
}

static void free_routes(struct sim__route **routes, int n)
{
    for (int i = 0; i < n; i++) {
        free(routes[i]->links);
        free(routes[i]);
    }
    free(routes);
}

static void zone_free(struct sim_zone *z)
{
    for (int i = 0; i < 2 * z->nprops; i++)
        free(z->props[i]);
    free(z->props);
    free_routes(z->routes, z->nroutes);
    free_routes(z->bypass, z->nbypass);
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
