/* routing: the route between two hosts, as SimGrid 3.32's NetZoneImpl::get_global_route: find
 * the common ancestor zone of both ends, use a bypass route declared there if one applies, else
 * route between the members of that zone that hold the ends (each algorithm in its own file),
 * recursing through the gateways. Tables are built at load time (sim__platform_seal); a pair
 * without a route is reported when a message needs it, naming both hosts and the zone. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "simcore/routing.h"

static const char *const routing_names[] = {
    [SIM__ROUTING_FULL] = "Full",
    [SIM__ROUTING_FLOYD] = "Floyd",
    [SIM__ROUTING_DIJKSTRA] = "Dijkstra",
    [SIM__ROUTING_STAR] = "Cluster",
    [SIM__ROUTING_NONE] = "None",
    [SIM__ROUTING_TORUS] = "TORUS cluster",
    [SIM__ROUTING_FAT_TREE] = "FAT_TREE cluster",
    [SIM__ROUTING_DRAGONFLY] = "DRAGONFLY cluster",
    [SIM__ROUTING_VIVALDI] = "Vivaldi",
};

const char *sim__routing_name(enum sim__routing r)
{
    return routing_names[r];
}

static const char *np_name(const struct sim_platform *p, int np)
{
    return sim__netpoint(p, np)->name;
}

/* ---- seal ---- */

static void seal_tree(const struct sim_platform *p, struct sim_zone *z, const char *file)
{
    for (int i = 0; i < z->nmembers; i++) {
        struct sim__netpoint *np = sim__netpoint(p, z->members[i]);

        if (np->kind == SIM__NP_ZONE)
            seal_tree(p, np->self, file);
    }
    switch (z->routing) {
    case SIM__ROUTING_FULL:
    case SIM__ROUTING_FLOYD:
    case SIM__ROUTING_DIJKSTRA:
    case SIM__ROUTING_NONE:
        sim__table_seal(p, z, file);
        break;
    default: /* star zones and cluster topologies are complete when declared */
        break;
    }
}

void sim__platform_seal(struct sim_platform *p, const char *file)
{
    if (p->root)
        seal_tree(p, p->root, file);
}

void sim__zone_free_routing(struct sim_zone *z)
{
    sim__table_free(z);
    if (z->routing == SIM__ROUTING_TORUS)
        sim__torus_free(z);
    else if (z->routing == SIM__ROUTING_FAT_TREE)
        sim__fat_tree_free(z);
    else if (z->routing == SIM__ROUTING_DRAGONFLY)
        sim__dragonfly_free(z);
}

/* ---- lookup ---- */

void sim__rt_add(struct sim__rt *o, struct sim_link *l)
{
    if (o->n < o->max)
        o->buf[o->n] = l;
    o->n++;
    o->lat += l->latency;
}

void sim__rt_fail(struct sim__rt *o, const char *fmt, ...)
{
    char why[1024];
    va_list ap;

    o->failed = true;
    if (o->quiet)
        return;
    va_start(ap, fmt);
    vsnprintf(why, sizeof(why), fmt, ap);
    va_end(ap);
    sim_die("no route from '%s' to '%s': %s", np_name(o->p, o->src), np_name(o->p, o->dst), why);
}

void sim__rt_missing(struct sim__rt *o, const struct sim_zone *z, int i, int j)
{
    const struct sim__netpoint *a = sim__netpoint(o->p, z->members[i]);
    const struct sim__netpoint *b = sim__netpoint(o->p, z->members[j]);
    const char *fix = a->kind == SIM__NP_ZONE || b->kind == SIM__NP_ZONE ? "zoneRoute" : "route";

    if (z->routing == SIM__ROUTING_NONE)
        sim__rt_fail(o, "zone '%s' has routing None, which routes nothing (between '%s' and '%s')",
                     z->name, a->name, b->name);
    else if (z->members[i] == o->src && z->members[j] == o->dst)
        sim__rt_fail(o, "zone '%s' (routing %s) declares none; declare a <%s> between them",
                     z->name, routing_names[z->routing], fix);
    else
        sim__rt_fail(o,
                     "zone '%s' (routing %s) declares no route from '%s' to '%s'; declare a "
                     "<%s> between them",
                     z->name, routing_names[z->routing], a->name, b->name, fix);
}

static const struct sim_zone *nth_parent(const struct sim_zone *z, int k)
{
    while (k-- > 0)
        z = z->parent;
    return z;
}

static const struct sim__route *bypass_find(const struct sim_zone *z, int src, int dst)
{
    for (int k = 0; k < z->nbypass; k++)
        if (z->bypass[k]->src == src && z->bypass[k]->dst == dst)
            return z->bypass[k];
    return NULL;
}

/* Bypass routes of z, the common ancestor of src and dst (SimGrid's get_bypass_route): between
 * two members of z, a <bypassRoute> from src to dst; else the first <bypassZoneRoute> found
 * between the zones that hold src and dst below z, the innermost pairs first, completed by the
 * routes to its gateways. Returns false when none applies. */
static bool bypass(struct sim__rt *o, const struct sim_zone *z, int src, int dst)
{
    const struct sim_zone *za = sim__netpoint(o->p, src)->zone;
    const struct sim_zone *zb = sim__netpoint(o->p, dst)->zone;
    const struct sim__route *r = NULL;
    int na = za->depth + 1;
    int nb = zb->depth + 1;
    int top;

    if (za == z && zb == z) {
        r = bypass_find(z, src, dst);
        for (int k = 0; r && k < r->nlinks; k++)
            sim__rt_add(o, r->links[k]);
        return r != NULL;
    }
    while (na > 1 && nb > 1 && nth_parent(za, na - 1) == nth_parent(zb, nb - 1)) {
        na--;
        nb--;
    }
    top = na > nb ? na : nb;
    for (int m = 0; m < top && !r; m++) {
        for (int i = 0; i < m && !r; i++) {
            if (i < na && m < nb)
                r = bypass_find(z, nth_parent(za, i)->netpoint, nth_parent(zb, m)->netpoint);
            if (!r && m < na && i < nb)
                r = bypass_find(z, nth_parent(za, m)->netpoint, nth_parent(zb, i)->netpoint);
        }
        if (!r && m < na && m < nb)
            r = bypass_find(z, nth_parent(za, m)->netpoint, nth_parent(zb, m)->netpoint);
    }
    if (!r)
        return false;
    sim__rt_global(o, src, r->gw_src);
    for (int k = 0; k < r->nlinks; k++)
        sim__rt_add(o, r->links[k]);
    sim__rt_global(o, r->gw_dst, dst);
    return true;
}

/* Find the common ancestor zone and the members of it that contain src and dst, then route
 * between those members. O(depth + route length), plus the bypass routes of the zones crossed. */
void sim__rt_global(struct sim__rt *o, int src, int dst)
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
    if (za->nbypass > 0 && bypass(o, za, src, dst))
        return;
    i = sim__netpoint(o->p, sa)->member;
    j = sim__netpoint(o->p, sb)->member;
    switch (za->routing) {
    case SIM__ROUTING_FULL:
    case SIM__ROUTING_FLOYD:
    case SIM__ROUTING_DIJKSTRA:
    case SIM__ROUTING_NONE:
        sim__table_route(o, za, i, j, src, dst);
        break;
    case SIM__ROUTING_STAR:
    case SIM__ROUTING_VIVALDI:
        sim__star_route(o, za, i, j, src, dst);
        break;
    case SIM__ROUTING_TORUS:
        sim__torus_route(o, za, i, j);
        break;
    case SIM__ROUTING_FAT_TREE:
        sim__fat_tree_route(o, za, i, j);
        break;
    case SIM__ROUTING_DRAGONFLY:
        sim__dragonfly_route(o, za, i, j);
        break;
    }
}

int sim__route(const struct sim_platform *p, const struct sim_host *src, const struct sim_host *dst,
               struct sim_link **links, int max, double *latency, bool *loopback, bool quiet)
{
    struct sim__rt o = {
        .p = p,
        .buf = links,
        .max = links ? max : 0,
        .src = src->netpoint,
        .dst = dst->netpoint,
        .quiet = quiet,
    };

    sim__rt_global(&o, src->netpoint, dst->netpoint);
    if (latency)
        *latency = o.lat;
    if (loopback)
        *loopback = o.loopback && o.n == 0;
    return o.failed ? -1 : o.n;
}

int sim_route(const struct sim_platform *p, const struct sim_host *src, const struct sim_host *dst,
              struct sim_link **links, int max, double *latency)
{
    return sim__route(p, src, dst, links, max, latency, NULL, false);
}

int sim_route_find(const struct sim_platform *p, const struct sim_host *src,
                   const struct sim_host *dst, struct sim_link **links, int max, double *latency)
{
    return sim__route(p, src, dst, links, max, latency, NULL, true);
}
