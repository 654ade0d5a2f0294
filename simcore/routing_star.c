/* routing_star: star zones, as SimGrid 3.32's StarZone and VivaldiZone: flat clusters, zones
 * with routing="Cluster" (host_link, cabinet, backbone) and Vivaldi zones (peers, coordinates).
 * Each member has its links up to the centre, down from it, and its loopback. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <math.h>
#include <stdio.h>

#include "simcore/routing.h"

static bool in_list(struct sim_link *const *l, int n, const struct sim_link *x)
{
    for (int i = 0; i < n; i++)
        if (l[i] == x)
            return true;
    return false;
}

/* The source's up links then the destination's down links, each link once (so a shared
 * backbone or limiter is crossed once); the loopback for a member to itself, or, without
 * loopback, its own up then down links. */
static void star_links(struct sim__rt *o, const struct sim_zone *z, int i, int j)
{
    static const struct sim__star none;
    const struct sim__star *a = i < z->nstar ? &z->star[i] : &none;
    const struct sim__star *b = j < z->nstar ? &z->star[j] : &none;
    struct sim_link *const *down = b->l + b->nup;

    if (i == j && a->nloop > 0) {
        for (int k = 0; k < a->nloop; k++)
            sim__rt_add(o, a->l[a->nup + a->ndown + k]);
        return;
    }
    for (int k = 0; k < a->nup; k++)
        if (!in_list(a->l, k, a->l[k]))
            sim__rt_add(o, a->l[k]);
    for (int k = 0; k < b->ndown; k++)
        if (!in_list(a->l, a->nup, down[k]) && !in_list(down, k, down[k]))
            sim__rt_add(o, down[k]);
}

/* The netpoint that stands for member m of a Vivaldi zone: the member itself, or for a child
 * zone its gateway "router_<zone>" (SimGrid's naming); -1 when that router does not exist. */
static int vivaldi_end(const struct sim__rt *o, const struct sim_zone *z, int m)
{
    const struct sim__netpoint *np = sim__netpoint(o->p, z->members[m]);
    char name[512];

    if (np->kind != SIM__NP_ZONE)
        return z->members[m];
    snprintf(name, sizeof(name), "router_%s", np->name);
    return sim__netpoint_find(o->p, name);
}

static double sq(double x)
{
    return x * x;
}

/* VivaldiZone: the star links plus (sqrt(dx^2 + dy^2) + |zA| + |zB|) / 1000 seconds from the
 * coordinates (milliseconds) of both ends. Between two child zones the route goes through
 * their routers router_<zone> and uses those routers' coordinates: SimGrid 3.32 aborts there
 * (zones have no coordinates, and its StarZone drops the gateways VivaldiZone sets). */
static void vivaldi(struct sim__rt *o, const struct sim_zone *z, int i, int j, int src, int dst)
{
    int a = vivaldi_end(o, z, i);
    int b = vivaldi_end(o, z, j);
    const struct sim__netpoint *na;
    const struct sim__netpoint *nb;

    if (a < 0 || b < 0) {
        sim__rt_fail(o,
                     "zone '%s' in the Vivaldi zone '%s' has no gateway; declare a <router "
                     "id=\"router_%s\" coordinates=\"x y z\"/> inside it",
                     sim__netpoint(o->p, z->members[a < 0 ? i : j])->name, z->name,
                     sim__netpoint(o->p, z->members[a < 0 ? i : j])->name);
        return;
    }
    na = sim__netpoint(o->p, a);
    nb = sim__netpoint(o->p, b);
    if (!na->has_coords || !nb->has_coords) {
        sim__rt_fail(o,
                     "'%s' in the Vivaldi zone '%s' has no coordinates; give it "
                     "coordinates=\"x y z\"",
                     (na->has_coords ? nb : na)->name, z->name);
        return;
    }
    if (a != src)
        sim__rt_global(o, src, a);
    star_links(o, z, i, j);
    o->lat += (sqrt(sq(na->coords[0] - nb->coords[0]) + sq(na->coords[1] - nb->coords[1])) +
               fabs(na->coords[2]) + fabs(nb->coords[2])) /
              1000.0;
    if (b != dst)
        sim__rt_global(o, b, dst);
}

void sim__star_route(struct sim__rt *o, const struct sim_zone *z, int i, int j, int src, int dst)
{
    if (z->routing == SIM__ROUTING_VIVALDI)
        vivaldi(o, z, i, j, src, dst);
    else
        star_links(o, z, i, j);
}
