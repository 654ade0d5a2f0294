/* platform_xml_net: the XML of SimGrid's network structures beyond hosts, links and routes, as
 * SimGrid 3.32's sg_platf.cpp builds them: bypass routes; <peer> and coordinates in
 * routing="Vivaldi" zones; <backbone>, <host_link> and <cabinet> in routing="Cluster" zones,
 * applied when the zone closes. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simcore/platform_xml.h"

SIM_LOG_CATEGORY(log_net, "sim.platform");

static const char *const peer_attrs[] = {
    "*id",         "*speed",      "*bw_in",      "*bw_out",
    "lat",         "coordinates", "~speed_file", "~availability_file",
    "~state_file", NULL,
};
static const char *const cabinet_attrs[] = { "*id",    "*prefix", "*suffix", "*radical",
                                             "*speed", "*bw",     "*lat",    NULL };
static const char *const host_link_attrs[] = { "*id", "*up", "*down", NULL };
static const char *const backbone_attrs[] = { "*id", "*bandwidth", "*latency", NULL };
static const char *const bypass_attrs[] = { "*src", "*dst", NULL };
static const char *const bypass_zone_attrs[] = { "*src", "*dst", "*gw_src", "*gw_dst", NULL };

/* src or dst of a bypass route: a host or router (a zone for <bypassZoneRoute>). SimGrid 3.32
 * looks a bypass up in the zone that declares it, between its own hosts and routers, or between
 * zones below it: other ends load but are never used, as there. */
static int bypass_end(const struct px *c, const xmlNode *n, struct sim_zone *z, const char *a,
                      bool want_zone)
{
    const char *name = sim__px_attr(n, a);
    int id = sim__netpoint_find(c->p, name);
    const struct sim__netpoint *np = id < 0 ? NULL : sim__netpoint(c->p, id);
    const struct sim_zone *up = np ? np->zone : NULL;

    if (!np || (np->kind == SIM__NP_ZONE) != want_zone)
        sim__px_die(c, n, "unknown %s '%s' in <%s %s=\"%s\">",
                    want_zone ? "zone" : "host or router", name, (const char *)n->name, a, name);
    while (want_zone && up && up != z)
        up = up->parent;
    if (up != z)
        SIM_LOG(log_net, SIM_LOG_WARN,
                "%s:%d: this <%s> is never used: '%s' is not %s zone '%s' that declares it",
                c->file, sim__px_line(n), (const char *)n->name, name,
                want_zone ? "inside the" : "in the", z->name);
    return id;
}

/* <bypassRoute>, <bypassZoneRoute> (<bypassASroute>): links used instead of what the routing
 * finds, in one direction, with the routes to the gateways around them (add_bypass_route). */
static void read_bypass(struct px *c, const xmlNode *n, struct sim_zone *z, bool zone_route)
{
    struct sim_link **links;
    int src;
    int dst;
    int gw_src = -1;
    int gw_dst = -1;
    int k;

    sim__px_check_attrs(c, n, zone_route ? bypass_zone_attrs : bypass_attrs);
    src = bypass_end(c, n, z, "src", zone_route);
    dst = bypass_end(c, n, z, "dst", zone_route);
    if (zone_route) {
        gw_src = sim__px_gateway(c, n, "gw_src", src);
        gw_dst = sim__px_gateway(c, n, "gw_dst", dst);
    }
    k = sim__px_link_ctns(c, n, &links);
    if (k == 0)
        sim__px_die(c, n,
                    "empty <%s> from '%s' to '%s'; list its links with <link_ctn id=\"...\"/>",
                    (const char *)n->name, sim__px_attr(n, "src"), sim__px_attr(n, "dst"));
    if (!sim__zone_add_bypass(z, src, dst, gw_src, gw_dst, links, k, sim__px_line(n)))
        sim__px_die(c, n, "a bypass route from '%s' to '%s' is already declared in zone '%s'",
                    sim__px_attr(n, "src"), sim__px_attr(n, "dst"), z->name);
}

void sim__px_coords(const struct px *c, const xmlNode *n, int np)
{
    const char *v = sim__px_attr(n, "coordinates");
    struct sim__netpoint *p = sim__netpoint(c->p, np);
    const char *s = v;

    if (!v || !*v)
        return;
    for (int k = 0; k < 3; k++) {
        char *end;

        p->coords[k] = strtod(s, &end);
        if (end == s)
            break;
        s = end;
        if (k == 2 && !s[strspn(s, " \t\n")]) {
            p->has_coords = true;
            return;
        }
    }
    sim__px_die(c, n,
                "bad coordinates '%s' of <%s id=\"%s\">; expected three numbers \"x y z\" (Vivaldi "
                "coordinates, in milliseconds)",
                v, (const char *)n->name, sim__px_attr(n, "id"));
}

/* The star entry of host h, emptied (a later <host_link> replaces an earlier one). */
static struct sim__star *star_of(const struct px *c, struct sim_zone *z, const struct sim_host *h)
{
    struct sim__star *st = sim__zone_star(z, sim__netpoint(c->p, h->netpoint)->member);

    memset(st, 0, sizeof(*st));
    return st;
}

/* <peer>: a host with private links link_<id>_UP (bw_out) and link_<id>_DOWN (bw_in), as
 * VivaldiZone::set_peer_link. Its deprecated lat is ignored, as in SimGrid. */
static void read_peer(const struct px *c, const xmlNode *n, struct sim_zone *z)
{
    struct sim_platform *p = c->p;
    const char *id = sim__px_attr(n, "id");
    const char *lat = sim__px_attr(n, "lat");
    double speed = sim__px_unit(c, n, "speed", 'f', 0);
    double bw_in = sim__px_unit(c, n, "bw_in", 'b', 0);
    double bw_out = sim__px_unit(c, n, "bw_out", 'b', 0);
    struct sim_host *h;
    struct sim__star *st;
    char name[512];
    int up;
    int down;

    if (z->routing != SIM__ROUTING_VIVALDI)
        sim__px_die(c, n,
                    "<peer> is only valid in a zone with routing=\"Vivaldi\" (zone '%s'); "
                    "use <host> here",
                    z->name);
    if (lat && *lat)
        SIM_LOG(log_net, SIM_LOG_WARN,
                "%s:%d: The latency attribute in <peer> is now deprecated. Use the z coordinate "
                "instead of '%s'.",
                c->file, sim__px_line(n), lat);
    h = sim__px_host(c, n, z, id, speed);
    sim__px_coords(c, n, h->netpoint);
    snprintf(name, sizeof(name), "link_%s_UP", id);
    up = sim__px_xlink(c, n, z, name, bw_out, 0, SIM__SHARED);
    snprintf(name, sizeof(name), "link_%s_DOWN", id);
    down = sim__px_xlink(c, n, z, name, bw_in, 0, SIM__SHARED);
    st = star_of(c, z, h);
    st->l[st->nup++] = sim__xlink_get(p, up, true);
    st->l[st->nup + st->ndown++] = sim__xlink_get(p, down, true);
}

bool sim__px_net_element(struct px *c, const xmlNode *k, struct sim_zone *z)
{
    static const char *const *const specs[] = { cabinet_attrs, host_link_attrs, backbone_attrs };
    static const char *const names[] = { "cabinet", "host_link", "backbone" };

    if (sim__px_is(k, "bypassRoute") || sim__px_is(k, "bypassZoneRoute") ||
        sim__px_is(k, "bypassASroute")) {
        read_bypass(c, k, z, !sim__px_is(k, "bypassRoute"));
        return true;
    }
    if (sim__px_is(k, "peer")) {
        sim__px_check_attrs(c, k, peer_attrs);
        read_peer(c, k, z);
        return true;
    }
    for (int i = 0; i < 3; i++) {
        if (!sim__px_is(k, names[i]))
            continue;
        sim__px_check_attrs(c, k, specs[i]);
        if (z->routing != SIM__ROUTING_STAR)
            sim__px_die(c, k, "<%s> is only valid in a zone with routing=\"Cluster\" (zone '%s')",
                        names[i], z->name);
        return true; /* built when the zone closes */
    }
    return false;
}

/* Host h reaches the centre through up then the backbone, and back through the backbone then
 * down (sg_platf_cluster_set_hostlink). */
static void host_links(const struct px *c, struct sim_zone *z, const struct sim_host *h,
                       struct sim_link *up, struct sim_link *down, struct sim_link *bb)
{
    struct sim__star *st = star_of(c, z, h);

    st->l[st->nup++] = up;
    if (bb)
        st->l[st->nup++] = bb;
    if (bb)
        st->l[st->nup + st->ndown++] = bb;
    st->l[st->nup + st->ndown++] = down;
}

static struct sim_link *link_named(const struct px *c, const xmlNode *n, const char *a)
{
    struct sim_link *l = sim_platform_link_by_name(c->p, sim__px_attr(n, a));

    if (!l)
        sim__px_die(c, n,
                    "unknown link '%s' in <host_link %s=\"%s\">; name a <link> declared before "
                    "(a SPLITDUPLEX link L is L_UP and L_DOWN)",
                    sim__px_attr(n, a), a, sim__px_attr(n, a));
    return l;
}

static void read_host_link(const struct px *c, const xmlNode *n, struct sim_zone *z,
                           struct sim_link *bb)
{
    const char *id = sim__px_attr(n, "id");
    struct sim_host *h = sim_platform_host_by_name(c->p, id);
    struct sim_link *up;

    if (!h || h->zone != z)
        sim__px_die(c, n, "<host_link id=\"%s\">: no host '%s' in zone '%s'", id, id, z->name);
    up = link_named(c, n, "up");
    host_links(c, z, h, up, link_named(c, n, "down"), bb);
}

/* <cabinet>: hosts prefix<r>suffix, each with links link_<host>_UP and link_<host>_DOWN. */
static void read_cabinet(const struct px *c, const xmlNode *n, struct sim_zone *z,
                         struct sim_link *bb)
{
    struct sim_platform *p = c->p;
    double speed = sim__px_unit(c, n, "speed", 'f', 0);
    double bw = sim__px_unit(c, n, "bw", 'b', 0);
    double lat = sim__px_unit(c, n, "lat", 't', 0);
    int *rad;
    int nrad = sim__px_radicals(c, n, &rad);

    for (int i = 0; i < nrad; i++) {
        char host[512];
        char name[600];
        struct sim_host *h;
        int up;
        int down;

        snprintf(host, sizeof(host), "%s%d%s", sim__px_attr(n, "prefix"), rad[i],
                 sim__px_attr(n, "suffix"));
        h = sim__px_host(c, n, z, host, speed);
        snprintf(name, sizeof(name), "link_%s_UP", host);
        up = sim__px_xlink(c, n, z, name, bw, lat, SIM__SHARED);
        snprintf(name, sizeof(name), "link_%s_DOWN", host);
        down = sim__px_xlink(c, n, z, name, bw, lat, SIM__SHARED);
        host_links(c, z, h, sim__xlink_get(p, up, true), sim__xlink_get(p, down, true), bb);
    }
    free(rad);
}

void sim__px_net_zone_end(struct px *c, const xmlNode *n, struct sim_zone *z)
{
    const xmlNode *backbone = NULL;
    struct sim_link *bb = NULL;

    if (z->routing != SIM__ROUTING_STAR)
        return;
    for (const xmlNode *k = sim__px_first(n); k; k = sim__px_next(k)) {
        if (!sim__px_is(k, "backbone"))
            continue;
        if (backbone)
            sim__px_die(c, k, "zone '%s' has a second <backbone> (the first is at line %d)",
                        z->name, sim__px_line(backbone));
        backbone = k;
    }
    if (backbone)
        bb =
            sim__xlink_get(c->p,
                           sim__px_xlink(c, backbone, z, sim__px_attr(backbone, "id"),
                                         sim__px_unit(c, backbone, "bandwidth", 'b', 0),
                                         sim__px_unit(c, backbone, "latency", 't', 0), SIM__SHARED),
                           true);
    for (const xmlNode *k = sim__px_first(n); k; k = sim__px_next(k))
        if (sim__px_is(k, "host_link"))
            read_host_link(c, k, z, bb);
    for (const xmlNode *k = sim__px_first(n); k; k = sim__px_next(k))
        if (sim__px_is(k, "cabinet"))
            read_cabinet(c, k, z, bb);
}
