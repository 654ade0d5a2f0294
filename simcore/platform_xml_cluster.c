/* platform_xml_cluster: the <cluster> element: FLAT clusters built node by node as SimGrid
 * 3.32's sg_platf_new_cluster_flat does (private links, loopback, limiter, backbone, router),
 * and the parser's side of TORUS, FAT_TREE and DRAGONFLY clusters (routing_cluster.c and the
 * topology files build those). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simcore/platform_xml.h"

SIM_LOG_CATEGORY(log_plat, "sim.platform");

static const char *const cluster_attrs[] = {
    "*id",
    "*prefix",
    "*suffix",
    "*radical",
    "*speed",
    "core",
    "*bw",
    "*lat",
    "sharing_policy",
    "topology",
    "topo_parameters",
    "bb_bw",
    "bb_lat",
    "bb_sharing_policy",
    "router_id",
    "limiter_link",
    "loopback_bw",
    "loopback_lat",
    NULL,
};

/* Cluster parameters read once, then expanded node by node. */
struct cluster_args {
    const char *id;
    double speed;
    double *speeds; /* one per pstate ("100Mf,50Mf"); speed is the first */
    int nspeeds;
    int cores;
    double bw;
    double lat;
    enum sim__sharing sharing;
    double limiter;
    double lb_bw;
    double lb_lat;
    struct sim_link *backbone;
    char link[512]; /* <id>_link_, the start of every node's link names */
};

/* a, then r in decimal, then b, into name (cut to size - 1 bytes as snprintf would): a node
 * names four objects, and snprintf was most of the time of loading a large cluster. */
static void name_num(char *name, size_t size, const char *a, int r, const char *b)
{
    char digits[24];
    const char *d = digits;
    size_t len = 0;

    sim_decimal(digits, r);
    for (; *a && len + 1 < size; a++)
        name[len++] = *a;
    for (; *d && len + 1 < size; d++)
        name[len++] = *d;
    for (; *b && len + 1 < size; b++)
        name[len++] = *b;
    name[len] = '\0';
}

/* Host prefix<r>suffix of a cluster. */
static struct sim_host *cluster_host(const struct px *c, const xmlNode *n, struct sim_zone *z,
                                     const struct cluster_args *a, int r)
{
    char name[512];
    struct sim_host *h;

    name_num(name, sizeof(name), sim__px_attr(n, "prefix"), r, sim__px_attr(n, "suffix"));
    h = sim__host_new(c->p, z, name, a->speed, a->cores, sim__px_line(n));
    if (!h)
        sim__px_dup(c, n, "host", name);
    sim__px_pstates(c, n, h,
                    memcpy(sim_xmalloc((size_t)a->nspeeds * sizeof(double)), a->speeds,
                           (size_t)a->nspeeds * sizeof(double)),
                    a->nspeeds, NULL);
    return h;
}

/* One cluster node: host prefix<r>suffix, links <id>_link_<r> (private), _loopback, _limiter,
 * created in SimGrid's order (sg_platf_new_cluster_flat). Up: private UP, limiter, backbone;
 * down: backbone, limiter, private DOWN; loopback for the host to itself. */
static void cluster_node(const struct px *c, const xmlNode *n, struct sim_zone *z,
                         const struct cluster_args *a, int r)
{
    char name[512];
    struct sim_host *h = cluster_host(c, n, z, a, r);
    struct sim__star *st;
    struct sim_link *lb = NULL;
    struct sim_link *lim = NULL;
    int priv;

    name_num(name, sizeof(name), a->link, r, "_loopback");
    if (a->lb_bw > 0 || a->lb_lat > 0)
        lb = sim__xlink_get(c->p, sim__px_xlink(c, n, z, name, a->lb_bw, a->lb_lat, SIM__FATPIPE),
                            true);
    name_num(name, sizeof(name), a->link, r, "_limiter");
    if (a->limiter > 0)
        lim = sim__xlink_get(c->p, sim__px_xlink(c, n, z, name, a->limiter, 0, SIM__SHARED), true);
    name_num(name, sizeof(name), a->link, r, "");
    priv = sim__px_xlink(c, n, z, name, a->bw, a->lat, a->sharing);
    st = sim__zone_star(z, sim__netpoint(c->p, h->netpoint)->member);
    st->l[st->nup++] = sim__xlink_get(c->p, priv, true);
    if (lim)
        st->l[st->nup++] = lim;
    if (a->backbone)
        st->l[st->nup++] = a->backbone;
    if (a->backbone)
        st->l[st->nup + st->ndown++] = a->backbone;
    if (lim)
        st->l[st->nup + st->ndown++] = lim;
    st->l[st->nup + st->ndown++] = sim__xlink_get(c->p, priv, false);
    if (lb)
        st->l[st->nup + st->ndown + st->nloop++] = lb;
}

/* The parser's side of a TORUS, FAT_TREE or DRAGONFLY cluster (routing_cluster.c and the
 * topology files do the rest). */
struct topo_ctx {
    const struct px *c;
    const xmlNode *n;
    const struct cluster_args *a;
};

static struct sim_host *topo_host(const struct sim__cluster *tc, struct sim_zone *z, int r)
{
    const struct topo_ctx *t = tc->ctx;

    return cluster_host(t->c, t->n, z, t->a, r);
}

/* SimGrid's hierarchical clusters have no backbone and no router (whatever the documentation
 * says): those attributes are read by nothing there. */
static void cluster_topology(const struct px *c, const xmlNode *n, struct sim_zone *z,
                             const struct cluster_args *a, const int *rad, int nrad, int topo)
{
    static const char *const unused[] = { "bb_bw", "bb_lat", "bb_sharing_policy", "router_id",
                                          NULL };
    static void (*const build[])(struct sim_platform *, struct sim_zone *,
                                 const struct sim__cluster *) = {
        [1] = sim__torus_build,
        [2] = sim__fat_tree_build,
        [3] = sim__dragonfly_build,
    };
    struct topo_ctx t = { .c = c, .n = n, .a = a };
    struct sim__cluster tc = {
        .id = a->id,
        .file = c->file,
        .line = sim__px_line(n),
        .topology = sim__px_attr(n, "topology"),
        .params = sim__px_attr(n, "topo_parameters") ? sim__px_attr(n, "topo_parameters") : "",
        .radicals = rad,
        .nradicals = nrad,
        .bw = a->bw,
        .lat = a->lat,
        .sharing = a->sharing,
        .limiter = a->limiter,
        .lb_bw = a->lb_bw,
        .lb_lat = a->lb_lat,
        .host_new = topo_host,
        .ctx = &t,
    };

    for (int i = 0; unused[i]; i++)
        if (sim__px_attr(n, unused[i]))
            SIM_LOG(log_plat, SIM_LOG_WARN,
                    "%s:%d: attribute '%s' of <cluster> is ignored by %s clusters (SimGrid gives "
                    "them no backbone and no router)",
                    c->file, sim__px_line(n), unused[i], tc.topology);
    build[topo](c->p, z, &tc);
}

void sim__px_cluster(const struct px *c, const xmlNode *n, struct sim_zone *parent)
{
    static const char *const topologies[] = { "FLAT", "TORUS", "FAT_TREE", "DRAGONFLY", NULL };
    static const enum sim__routing routing[] = { SIM__ROUTING_STAR, SIM__ROUTING_TORUS,
                                                 SIM__ROUTING_FAT_TREE, SIM__ROUTING_DRAGONFLY };
    int topo;
    struct cluster_args a = { .id = sim__px_attr(n, "id") };
    struct sim_zone *z;
    char name[512];
    int *rad;
    int nrad;
    double bb_bw;
    double bb_lat;

    sim__px_check_attrs(c, n, cluster_attrs);
    snprintf(a.link, sizeof(a.link), "%s_link_", a.id);
    topo = sim__px_enum(c, n, "topology", topologies, 0);
    a.nspeeds = sim__px_speeds(c, n, "speed", &a.speeds);
    a.speed = a.speeds[0];
    a.cores = sim__px_cores(c, n);
    a.bw = sim__px_unit(c, n, "bw", 'b', 0);
    a.lat = sim__px_unit(c, n, "lat", 't', 0);
    a.sharing = sim__px_sharing(c, n, "sharing_policy", SIM__SPLITDUPLEX);
    a.limiter = sim__px_unit(c, n, "limiter_link", 'b', 0);
    a.lb_bw = sim__px_unit(c, n, "loopback_bw", 'b', 0);
    a.lb_lat = sim__px_unit(c, n, "loopback_lat", 't', 0);
    bb_bw = sim__px_unit(c, n, "bb_bw", 'b', 0);
    bb_lat = sim__px_unit(c, n, "bb_lat", 't', 0);
    if (a.speed <= 0)
        sim__px_die(c, n, "bad speed '%s' for attribute 'speed' of <cluster>; it must be positive",
                    sim__px_attr(n, "speed"));
    z = sim__zone_new(c->p, parent, a.id, routing[topo], sim__px_line(n));
    if (!z)
        sim__px_dup(c, n, "zone", a.id);
    sim__px_props(c, n, &z->nprops, &z->props);
    nrad = sim__px_radicals(c, n, &rad);
    if (topo != 0) {
        cluster_topology(c, n, z, &a, rad, nrad, topo);
        free(rad);
        free(a.speeds);
        return;
    }
    if (sim__px_attr(n, "topo_parameters"))
        SIM_LOG(log_plat, SIM_LOG_WARN,
                "%s:%d: attribute 'topo_parameters' of <cluster> is ignored by FLAT clusters",
                c->file, sim__px_line(n));
    if (bb_bw > 0 || bb_lat > 0) {
        static const char *const bb_values[] = { "SHARED", "FATPIPE", NULL };
        int fat = sim__px_enum(c, n, "bb_sharing_policy", bb_values, 0);

        snprintf(name, sizeof(name), "%s_backbone", a.id);
        a.backbone = sim__xlink_get(
            c->p, sim__px_xlink(c, n, z, name, bb_bw, bb_lat, fat ? SIM__FATPIPE : SIM__SHARED),
            true);
    }
    for (int i = 0; i < nrad; i++)
        cluster_node(c, n, z, &a, rad[i]);
    free(rad);
    free(a.speeds);
    if (sim__px_attr(n, "router_id") && *sim__px_attr(n, "router_id"))
        snprintf(name, sizeof(name), "%s", sim__px_attr(n, "router_id"));
    else
        snprintf(name, sizeof(name), "%s%s_router%s", sim__px_attr(n, "prefix"), a.id,
                 sim__px_attr(n, "suffix"));
    if (sim__router_new(c->p, z, name, sim__px_line(n)) < 0)
        sim__px_dup(c, n, "router", name);
}
