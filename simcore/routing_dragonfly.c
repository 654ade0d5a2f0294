/* routing_dragonfly: <cluster topology="DRAGONFLY" topo_parameters="G,g;C,c;B,b;N">, as SimGrid
 * 3.32's DragonflyZone: G groups of C chassis of B blades (routers) of N nodes. Each router has
 * a local link per node, green links (b parallel) to the routers of its chassis, black links (c
 * parallel) to the same blade of the other chassis of its group; router k of a group's first
 * chassis holds the blue link (g parallel) to group k. Minimal routing, with DragonflyZone's
 * choices (including where it lands after a green hop). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>

#include "simcore/routing.h"

#define DF_EXPECT                                                                                  \
    "'groups,blue links;chassis per group,black links;routers per chassis,green links;nodes per "  \
    "router', as in \"3,4;4,3;5,1;2\""

struct df_router {
    long group;
    long chassis;
    long blade;
    struct sim_link *limiter;
    struct sim_link **local; /* per node: up (router to node), down */
    struct sim_link **green; /* per blade of the chassis */
    struct sim_link **black; /* per chassis of the group */
    struct sim_link *blue;
};

struct dragonfly {
    long groups;
    long chassis;
    long blades;
    long nodes;
    long links[3]; /* parallel blue, black, green links */
    int nl;        /* links per local connection: 2 when SPLITDUPLEX */
    struct df_router *routers;
    struct sim__leaf *leaf;
};

static void parse(const struct sim__cluster *c, struct dragonfly *d)
{
    static const char *const what[] = { "group", "chassis", "router" };
    long *count[] = { &d->groups, &d->chassis, &d->blades };
    const char *start[4];
    size_t len[4];
    int n = sim__cluster_fields(c->params, ';', start, len, 4);

    if (n != 4)
        sim__cluster_bad_params(c, DF_EXPECT, "%d field%s separated by ';' where 4 are needed", n,
                                n > 1 ? "s" : "");
    for (int f = 0; f < 3; f++) {
        char item[64];
        long v[2];

        snprintf(item, sizeof(item), "field %d (%s count, links) value", f + 1, what[f]);
        if (sim__cluster_ints(c, start[f], len[f], v, 2, item, DF_EXPECT) != 2)
            sim__cluster_bad_params(c, DF_EXPECT,
                                    "field %d must be two numbers: the %s count and "
                                    "the number of parallel links",
                                    f + 1, what[f]);
        *count[f] = v[0];
        d->links[f] = v[1];
    }
    if (sim__cluster_ints(c, start[3], len[3], &d->nodes, 1, "field 4 (nodes per router) value",
                          DF_EXPECT) != 1)
        sim__cluster_bad_params(c, DF_EXPECT, "field 4 must be one number, the nodes per router");
    /* group k is reached through router k of each group's first chassis */
    if (d->groups > d->blades)
        sim__cluster_bad_params(c, DF_EXPECT,
                                "%ld groups need at least %ld routers per chassis (field 3): "
                                "SimGrid links group k through router k of each group",
                                d->groups, d->groups);
}

static void router_links(struct sim_platform *p, struct sim_zone *z, const struct sim__cluster *c,
                         struct dragonfly *d, long nrouters)
{
    struct sim_link *up;
    struct sim_link *down;
    char name[512];

    for (long i = 0; i < nrouters; i++)
        for (long j = 0; j < d->nodes; j++) {
            snprintf(name, sizeof(name), "local_link_from_router_%ld_to_node_%ld_%d", i, j,
                     sim__platform_next(p, SIM__DRAGONFLY_LINK));
            sim__cluster_link(p, z, c, name, c->bw, &up, &down);
            d->routers[i].local[2 * j] = up;
            d->routers[i].local[2 * j + 1] = d->nl == 2 ? down : up;
        }
    for (long i = 0; i < d->groups * d->chassis; i++)
        for (long j = 0; j < d->blades; j++)
            for (long k = j + 1; k < d->blades; k++) {
                snprintf(name, sizeof(name),
                         "green_link_in_chassis_%ld_between_routers_%ld_and_%ld_%d", i % d->chassis,
                         j, k, sim__platform_next(p, SIM__DRAGONFLY_LINK));
                sim__cluster_link(p, z, c, name, c->bw * (double)d->links[2], &up, &down);
                d->routers[i * d->blades + j].green[k] = up;
                d->routers[i * d->blades + k].green[j] = down;
            }
}

/* Black links inside each group, then blue links between groups (generate_links' order). */
static void group_links(struct sim_platform *p, struct sim_zone *z, const struct sim__cluster *c,
                        struct dragonfly *d)
{
    long per_group = d->chassis * d->blades;
    struct sim_link *up;
    struct sim_link *down;
    char name[512];

    for (long i = 0; i < d->groups; i++)
        for (long j = 0; j < d->chassis; j++)
            for (long k = j + 1; k < d->chassis; k++)
                for (long l = 0; l < d->blades; l++) {
                    snprintf(name, sizeof(name),
                             "black_link_in_group_%ld_between_chassis_%ld_and_%ld_blade_%ld_%d", i,
                             j, k, l, sim__platform_next(p, SIM__DRAGONFLY_LINK));
                    sim__cluster_link(p, z, c, name, c->bw * (double)d->links[1], &up, &down);
                    d->routers[i * per_group + j * d->blades + l].black[k] = up;
                    d->routers[i * per_group + k * d->blades + l].black[j] = down;
                }
    for (long i = 0; i < d->groups; i++)
        for (long j = i + 1; j < d->groups; j++) {
            long ri = i * per_group + j;
            long rj = j * per_group + i;

            snprintf(name, sizeof(name),
                     "blue_link_between_group_%ld_and_%ld_routers_%ld_and_%ld_%d", i, j, ri, rj,
                     sim__platform_next(p, SIM__DRAGONFLY_LINK));
            sim__cluster_link(p, z, c, name, c->bw * (double)d->links[0], &up, &down);
            d->routers[ri].blue = up;
            d->routers[rj].blue = down;
        }
}

void sim__dragonfly_build(struct sim_platform *p, struct sim_zone *z, const struct sim__cluster *c)
{
    struct dragonfly *d = sim_xcalloc(1, sizeof(*d));
    long dims[4];
    long nrouters;
    long n;
    long id;

    parse(c, d);
    dims[0] = d->groups;
    dims[1] = d->chassis;
    dims[2] = d->blades;
    dims[3] = d->nodes;
    n = sim__cluster_product(c, dims, 4, DF_EXPECT);
    nrouters = n / d->nodes;
    sim__cluster_check_nodes(c, n);
    d->nl = c->sharing == SIM__SPLITDUPLEX ? 2 : 1;
    d->leaf = sim_xcalloc((size_t)n, sizeof(*d->leaf));
    d->routers = sim_xcalloc((size_t)nrouters, sizeof(*d->routers));
    z->topo = d;
    for (long i = 0; i < n; i++)
        sim__cluster_leaf(p, z, c, (int)i, &d->leaf[i]);
    id = 2 * n;
    for (long r = 0; r < nrouters; r++) {
        struct df_router *rt = &d->routers[r];

        rt->group = r / (d->chassis * d->blades);
        rt->chassis = r / d->blades % d->chassis;
        rt->blade = r % d->blades;
        rt->limiter = c->limiter > 0 ? sim__cluster_limiter(p, z, c, --id) : NULL;
        rt->local = sim_xcalloc((size_t)(2 * d->nodes), sizeof(*rt->local));
        rt->green = sim_xcalloc((size_t)d->blades, sizeof(*rt->green));
        rt->black = sim_xcalloc((size_t)d->chassis, sizeof(*rt->black));
    }
    router_links(p, z, c, d, nrouters);
    group_links(p, z, c, d);
}

static void add_limiter(struct sim__rt *o, const struct df_router *r)
{
    if (r->limiter)
        sim__rt_add(o, r->limiter);
}

/* DragonflyZone::get_local_route. Between groups: to the router of the chassis that serves the
 * target group (green), to the first chassis (black), over the blue link; then to the target
 * blade (green) and chassis (black). After a green hop DragonflyZone continues from the router
 * of that blade in the first chassis of the target group, whatever the chassis: kept. */
void sim__dragonfly_route(struct sim__rt *o, const struct sim_zone *z, int i, int j)
{
    const struct dragonfly *d = z->topo;
    long per_group = d->chassis * d->blades;
    long src_router = i / d->nodes;
    long dst_router = j / d->nodes;
    long tg = dst_router / per_group;
    long tc = dst_router / d->blades % d->chassis;
    long tb = dst_router % d->blades;
    long mg = src_router / per_group;
    long mc = src_router / d->blades % d->chassis;
    const struct df_router *cur = &d->routers[src_router];
    const struct df_router *target = &d->routers[dst_router];

    if (i == j && d->leaf[i].loopback) {
        sim__rt_add(o, d->leaf[i].loopback);
        return;
    }
    if (d->leaf[i].limiter)
        sim__rt_add(o, d->leaf[i].limiter);
    sim__rt_add(o, cur->local[2 * (i % d->nodes)]);
    if (target != cur) {
        if (target->group != cur->group) {
            if (cur->blade != tg) {
                add_limiter(o, cur);
                sim__rt_add(o, cur->green[tg]);
                cur = &d->routers[mg * per_group + mc * d->blades + tg];
            }
            if (cur->chassis != 0) {
                add_limiter(o, cur);
                sim__rt_add(o, cur->black[0]);
                cur = &d->routers[mg * per_group + tg];
            }
            sim__rt_add(o, cur->blue);
            add_limiter(o, cur);
            cur = &d->routers[tg * per_group + mg];
        }
        if (target->blade != cur->blade) {
            add_limiter(o, cur);
            sim__rt_add(o, cur->green[tb]);
            cur = &d->routers[tg * per_group + tb];
        }
        if (target->chassis != cur->chassis) {
            add_limiter(o, cur);
            sim__rt_add(o, cur->black[tc]);
        }
    }
    add_limiter(o, target);
    sim__rt_add(o, target->local[2 * (j % d->nodes) + 1]);
    if (d->leaf[j].limiter)
        sim__rt_add(o, d->leaf[j].limiter);
}

void sim__dragonfly_free(struct sim_zone *z)
{
    struct dragonfly *d = z->topo;
    long nrouters;

    if (!d)
        return;
    nrouters = d->groups * d->chassis * d->blades;
    for (long r = 0; r < nrouters; r++) {
        free(d->routers[r].local);
        free(d->routers[r].green);
        free(d->routers[r].black);
    }
    free(d->routers);
    free(d->leaf);
    free(d);
}
