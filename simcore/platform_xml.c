/* platform_xml: the SimGrid XML platform parser (format 4.0/4.1) on libxml2: the document,
 * zones, hosts, disks, links, routers, routes, traces and <config>. Every error is one line
 * "file:line: message" followed by exit status 1; element and attribute semantics follow
 * SimGrid 3.32 (src/surf/xml/simgrid.dtd, src/surf/sg_platf.cpp). Attributes are read by
 * platform_xml_read.c, <cluster> by platform_xml_cluster.c, network structures by
 * platform_xml_net.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

#include "simcore/platform_xml.h"

SIM_LOG_CATEGORY(log_plat, "sim.platform");

/* Attribute lists: "*name" is required, "~name" is accepted and ignored with a warning. */
static const char *const platform_attrs[] = { "version", NULL };
static const char *const config_attrs[] = { "id", NULL };
static const char *const zone_attrs[] = { "*id", "*routing", NULL };
static const char *const host_attrs[] = {
    "*id",        "*speed",      "core", "pstate", "speed_file", "availability_file",
    "state_file", "coordinates", NULL,
};
static const char *const disk_attrs[] = { "*id", "*read_bw", "*write_bw", NULL };
static const char *const link_attrs[] = {
    "*id",          "*bandwidth", "latency", "sharing_policy", "bandwidth_file",
    "latency_file", "state_file", NULL,
};
static const char *const trace_attrs[] = { "*id", "file", "*periodicity", NULL };
static const char *const trace_connect_attrs[] = { "kind", "*trace", "*element", NULL };
static const char *const router_attrs[] = { "*id", "coordinates", NULL };
static const char *const route_attrs[] = { "*src", "*dst", "symmetrical", NULL };
static const char *const zone_route_attrs[] = { "*src",    "*dst",        "*gw_src",
                                                "*gw_dst", "symmetrical", NULL };
static const char *const link_ctn_attrs[] = { "*id", "direction", NULL };

/* <disk> of a host (SimGrid's file-system plugin): bandwidths and the "mount" property; its
 * other properties (size, content) are checked and not kept. */
static void read_disk(const struct px *c, const xmlNode *n, struct sim_host *h)
{
    struct sim_disk *d;
    int nprops = 0;
    char **props = NULL;

    sim__px_check_attrs(c, n, disk_attrs);
    for (int i = 0; i < h->ndisks; i++)
        if (strcmp(h->disks[i].name, sim__px_attr(n, "id")) == 0)
            sim__px_die(c, n, "duplicate disk id '%s' in host '%s'", sim__px_attr(n, "id"),
                        h->name);
    h->disks = sim_xrealloc(h->disks, (size_t)(h->ndisks + 1) * sizeof(*h->disks));
    d = &h->disks[h->ndisks++];
    d->name = sim_xstrdup(sim__px_attr(n, "id"));
    d->read_bw = sim__px_unit(c, n, "read_bw", 'b', 0);
    d->write_bw = sim__px_unit(c, n, "write_bw", 'b', 0);
    d->mount = NULL;
    sim__px_props(c, n, &nprops, &props);
    for (int i = 0; i + 1 < 2 * nprops; i += 2)
        if (strcmp(props[i], "mount") == 0)
            d->mount = sim_xstrdup(props[i + 1]);
    for (int i = 0; i < 2 * nprops; i++)
        free(props[i]);
    free(props);
}

/* A profile attribute of a host or link (empty: none), read along the lookup path. */
static void profile_attr(const struct px *c, const xmlNode *n, const char *name,
                         enum sim__res_kind kind, struct sim_host *h, int xl)
{
    const char *v = sim__px_attr(n, name);
    char what[320];
    struct sim__profile *prof;

    if (!v || !*v)
        return;
    snprintf(what, sizeof(what), "%s of %s '%s'", name, sim__px_ename(n), sim__px_attr(n, "id"));
    prof = sim__platform_profile_file(c->p, v, c->file, sim__px_line(n), what);
    if (h) {
        sim__host_set_profile(h, kind, prof, c->file, sim__px_line(n));
        return;
    }
    sim__link_set_profile(sim__xlink_get(c->p, xl, true), kind, prof, c->file, sim__px_line(n));
    if (sim__xlink_is_split(c->p, xl))
        sim__link_set_profile(sim__xlink_get(c->p, xl, false), kind, prof, c->file,
                              sim__px_line(n));
}

static void read_host(const struct px *c, const xmlNode *n, struct sim_zone *z)
{
    struct sim_host *h;
    double *speeds;
    int nspeeds;

    sim__px_check_attrs(c, n, host_attrs);
    nspeeds = sim__px_speeds(c, n, "speed", &speeds);
    h = sim__host_new(c->p, z, sim__px_attr(n, "id"), speeds[0], sim__px_cores(c, n),
                      sim__px_line(n));
    if (!h)
        sim__px_dup(c, n, "host", sim__px_attr(n, "id"));
    sim__px_pstates(c, n, h, speeds, nspeeds, sim__px_attr(n, "pstate"));
    if (sim__px_attr(n, "availability_file") && *sim__px_attr(n, "availability_file"))
        SIM_LOG(log_plat, SIM_LOG_WARN,
                "%s:%d: The availability_file attribute in <host> is now deprecated. Please, use "
                "'speed_file' instead.",
                c->file, sim__px_line(n));
    profile_attr(c, n, "availability_file", SIM__RES_HOST_SPEED, h, -1);
    if (sim__px_attr(n, "speed_file") && *sim__px_attr(n, "speed_file"))
        h->speed_profile = NULL; /* SimGrid's speed_file replaces availability_file */
    profile_attr(c, n, "speed_file", SIM__RES_HOST_SPEED, h, -1);
    profile_attr(c, n, "state_file", SIM__RES_HOST_STATE, h, -1);
    sim__px_coords(c, n, h->netpoint);
    for (const xmlNode *k = sim__px_first(n); k; k = sim__px_next(k)) {
        if (sim__px_is(k, "prop")) {
            sim__px_prop(c, k, &h->nprops, &h->props);
        } else if (sim__px_is(k, "disk")) {
            read_disk(c, k, h);
        } else {
            sim__px_unexpected(c, k, n, "prop, disk");
        }
    }
}

/* <link>: sharing_policy defaults to SHARED as in SimGrid's DTD. Its <prop>s are kept (the
 * link_energy plugin reads them), except on the two directions of a SPLITDUPLEX link, which
 * SimGrid 3.32 gives none (its props stay on a link that carries no traffic). Both directions
 * follow the profiles. */
static void read_link(const struct px *c, const xmlNode *n, struct sim_zone *z)
{
    int xl;
    int nprops = 0;
    char **props = NULL;

    sim__px_check_attrs(c, n, link_attrs);
    xl = sim__px_xlink(c, n, z, sim__px_attr(n, "id"), sim__px_unit(c, n, "bandwidth", 'b', 0),
                       sim__px_unit(c, n, "latency", 't', 0),
                       sim__px_sharing(c, n, "sharing_policy", SIM__SHARED));
    sim__px_props(c, n, &nprops, &props);
    if (!sim__xlink_is_split(c->p, xl)) {
        sim__xlink_get(c->p, xl, true)->nprops = nprops;
        sim__xlink_get(c->p, xl, true)->props = props;
    } else {
        for (int i = 0; i < 2 * nprops; i++)
            free(props[i]);
        free(props);
    }
    profile_attr(c, n, "bandwidth_file", SIM__RES_LINK_BANDWIDTH, NULL, xl);
    profile_attr(c, n, "latency_file", SIM__RES_LINK_LATENCY, NULL, xl);
    profile_attr(c, n, "state_file", SIM__RES_LINK_STATE, NULL, xl);
}

/* <trace id periodicity [file]>text</trace> and <trace_connect kind trace element/>. */
static void read_trace(const struct px *c, const xmlNode *n)
{
    xmlChar *text;
    const char *per;
    char *end;
    double periodicity;

    sim__px_check_attrs(c, n, trace_attrs);
    per = sim__px_attr(n, "periodicity");
    periodicity = strtod(per, &end);
    if (end == per || *end)
        sim__px_die(c, n, "bad periodicity '%s' of <trace id=\"%s\">; give a number of seconds",
                    per, sim__px_attr(n, "id"));
    text = xmlNodeGetContent(n);
    sim__traces_define(c->traces, c->p, sim__px_attr(n, "id"), sim__px_attr(n, "file"),
                       (const char *)text, periodicity, c->file, sim__px_line(n));
    xmlFree(text);
}

static void read_trace_connect(const struct px *c, const xmlNode *n)
{
    sim__px_check_attrs(c, n, trace_connect_attrs);
    if (sim__px_first(n))
        sim__px_unexpected(c, sim__px_first(n), n, "(none)");
    sim__traces_connect(c->traces, sim__px_attr(n, "kind"), sim__px_attr(n, "trace"),
                        sim__px_attr(n, "element"), c->file, sim__px_line(n));
}

static void read_router(const struct px *c, const xmlNode *n, struct sim_zone *z)
{
    int np;

    sim__px_check_attrs(c, n, router_attrs);
    if (sim__px_first(n))
        sim__px_unexpected(c, sim__px_first(n), n, "(none)");
    np = sim__router_new(c->p, z, sim__px_attr(n, "id"), sim__px_line(n));
    if (np < 0)
        sim__px_dup(c, n, "router", sim__px_attr(n, "id"));
    sim__px_coords(c, n, np);
}

/* Reads the <link_ctn> children into c->fwd/c->back; returns their number. */
static int read_link_ctns(struct px *c, const xmlNode *n)
{
    static const char *const dirs[] = { "UP", "DOWN", "NONE", NULL };
    int k = 0;

    for (const xmlNode *l = sim__px_first(n); l; l = sim__px_next(l), k++) {
        int xl;
        int dir;

        if (!sim__px_is(l, "link_ctn"))
            sim__px_unexpected(c, l, n, "link_ctn");
        sim__px_check_attrs(c, l, link_ctn_attrs);
        xl = sim__xlink_find(c->p, sim__px_attr(l, "id"));
        if (xl < 0)
            sim__px_die(c, l,
                        "unknown link '%s' in <link_ctn>; declare it with <link id=\"%s\" .../> "
                        "before the route",
                        sim__px_attr(l, "id"), sim__px_attr(l, "id"));
        dir = sim__px_enum(c, l, "direction", dirs, 2);
        if (dir == 2 && sim__xlink_is_split(c->p, xl))
            sim__px_die(c, l,
                        "link '%s' is SPLITDUPLEX: its <link_ctn> needs direction=\"UP\" or "
                        "direction=\"DOWN\"",
                        sim__px_attr(l, "id"));
        if (k >= c->caplinks) {
            c->caplinks = c->caplinks ? 2 * c->caplinks : 16;
            c->fwd = sim_xrealloc(c->fwd, (size_t)c->caplinks * sizeof(*c->fwd));
            c->back = sim_xrealloc(c->back, (size_t)c->caplinks * sizeof(*c->back));
        }
        c->fwd[k] = sim__xlink_get(c->p, xl, dir != 1);
        c->back[k] = sim__xlink_get(c->p, xl, dir == 1);
    }
    return k;
}

/* Netpoint named by attribute `a` of a route in zone z: it must exist and be a member of z. */
static int route_end(const struct px *c, const xmlNode *n, struct sim_zone *z, const char *a,
                     bool want_zone)
{
    const char *name = sim__px_attr(n, a);
    int id = sim__netpoint_find(c->p, name);
    const struct sim__netpoint *np;

    if (id < 0)
        sim__px_die(c, n, "unknown %s '%s' in <%s %s=\"%s\">",
                    want_zone ? "zone" : "host or router", name, sim__px_ename(n), a, name);
    np = sim__netpoint(c->p, id);
    if ((np->kind == SIM__NP_ZONE) != want_zone)
        sim__px_die(c, n, "'%s' in <%s %s=\"%s\"> is a %s; %s", name, sim__px_ename(n), a, name,
                    np->kind == SIM__NP_ZONE ? "zone" : "host or router",
                    want_zone ? "<zoneRoute> joins zones, use <route> between hosts"
                              : "<route> joins hosts, use <zoneRoute> between zones");
    if (np->zone != z)
        sim__px_die(c, n, "'%s' in <%s %s=\"%s\"> is not declared in zone '%s'", name,
                    sim__px_ename(n), a, name, z->name);
    return id;
}

/* Gateway `a` of a zoneRoute: a host or router inside zone `inside` (at any depth). */
static int route_gateway(const struct px *c, const xmlNode *n, const char *a, int inside)
{
    const char *name = sim__px_attr(n, a);
    int id = sim__netpoint_find(c->p, name);
    struct sim__netpoint *np;
    const struct sim_zone *z;

    if (id < 0 || sim__netpoint(c->p, id)->kind == SIM__NP_ZONE)
        sim__px_die(c, n, "unknown host or router '%s' in <%s %s=\"%s\">", name, sim__px_ename(n),
                    a, name);
    np = sim__netpoint(c->p, id);
    for (z = np->zone; z && z->netpoint != inside; z = z->parent)
        ;
    if (!z)
        sim__px_die(c, n, "gateway '%s' of <%s %s=\"%s\"> is not inside zone '%s'", name,
                    sim__px_ename(n), a, name, sim__netpoint(c->p, inside)->name);
    np->is_gateway = true;
    return id;
}

static void read_route(struct px *c, const xmlNode *n, struct sim_zone *z, bool zone_route)
{
    int src;
    int dst;
    int gw_src;
    int gw_dst;
    int k;

    sim__px_check_attrs(c, n, zone_route ? zone_route_attrs : route_attrs);
    if (z->routing == SIM__ROUTING_STAR || z->routing == SIM__ROUTING_NONE ||
        z->routing == SIM__ROUTING_VIVALDI)
        sim__px_die(c, n, "<%s> is not allowed in zone '%s' with routing %s", sim__px_ename(n),
                    z->name, sim__routing_name(z->routing));
    src = route_end(c, n, z, "src", zone_route);
    dst = route_end(c, n, z, "dst", zone_route);
    gw_src = zone_route ? route_gateway(c, n, "gw_src", src) : src;
    gw_dst = zone_route ? route_gateway(c, n, "gw_dst", dst) : dst;
    if (zone_route && gw_src == gw_dst)
        sim__px_die(c, n, "<zoneRoute> from '%s' to itself: gw_src and gw_dst must differ",
                    sim__px_attr(n, "gw_src"));
    k = read_link_ctns(c, n);
    if (k == 0)
        sim__px_die(c, n,
                    "empty <%s> from '%s' to '%s'; list its links with <link_ctn id=\"...\"/>",
                    sim__px_ename(n), sim__px_attr(n, "src"), sim__px_attr(n, "dst"));
    sim__zone_add_route(c->p, z, src, dst, gw_src, gw_dst, c->fwd, c->back, k,
                        sim__px_symmetrical(c, n), sim__px_line(n));
}

/* ---- for platform_xml_net.c (platform_xml.h) ---- */

int sim__px_link_ctns(struct px *c, const xmlNode *n, struct sim_link ***fwd)
{
    int k = read_link_ctns(c, n);

    *fwd = c->fwd;
    return k;
}

int sim__px_gateway(const struct px *c, const xmlNode *n, const char *a, int inside)
{
    return route_gateway(c, n, a, inside);
}

static void read_zone(struct px *c, const xmlNode *n, struct sim_zone *parent);

static void read_zone_child(struct px *c, const xmlNode *k, const xmlNode *n, struct sim_zone *z)
{
    if (sim__px_is(k, "prop")) {
        sim__px_prop(c, k, &z->nprops, &z->props);
    } else if (sim__px_is(k, "host")) {
        read_host(c, k, z);
    } else if (sim__px_is(k, "link")) {
        read_link(c, k, z);
    } else if (sim__px_is(k, "router")) {
        read_router(c, k, z);
    } else if (sim__px_is(k, "route")) {
        read_route(c, k, z, false);
    } else if (sim__px_is(k, "zoneRoute") || sim__px_is(k, "ASroute")) {
        read_route(c, k, z, true);
    } else if (sim__px_is(k, "trace")) {
        read_trace(c, k);
    } else if (sim__px_is(k, "trace_connect")) {
        read_trace_connect(c, k);
    } else if (sim__px_is(k, "zone") || sim__px_is(k, "AS") || sim__px_is(k, "cluster")) {
        if (z->routing == SIM__ROUTING_STAR)
            sim__px_die(c, k,
                        "zone '%s' with routing Cluster cannot contain <%s>; use routing Full, "
                        "Floyd or Dijkstra",
                        z->name, sim__px_ename(k));
        if (sim__px_is(k, "cluster"))
            sim__px_cluster(c, k, z);
        else
            read_zone(c, k, z);
    } else if (!sim__px_net_element(c, k, z)) {
        sim__px_unexpected(
            c, k, n,
            "prop, host, link, router, zone, cluster, route, zoneRoute, bypassRoute, "
            "bypassZoneRoute, peer, cabinet, host_link, backbone, trace, trace_connect");
    }
}

static void read_zone(struct px *c, const xmlNode *n, struct sim_zone *parent)
{
    static const char *const routings[] = {
        "Full", "Floyd", "Dijkstra", "DijkstraCache", "Cluster", "None", "Vivaldi", NULL,
    };
    static const enum sim__routing kinds[] = {
        SIM__ROUTING_FULL, SIM__ROUTING_FLOYD, SIM__ROUTING_DIJKSTRA, SIM__ROUTING_DIJKSTRA,
        SIM__ROUTING_STAR, SIM__ROUTING_NONE,  SIM__ROUTING_VIVALDI,
    };
    const char *routing;
    struct sim_zone *z;
    int r = -1;

    sim__px_check_attrs(c, n, zone_attrs);
    routing = sim__px_attr(n, "routing");
    for (int i = 0; routings[i]; i++)
        if (strcasecmp(routing, routings[i]) == 0)
            r = i;
    if (r < 0 && strcasecmp(routing, "Wifi") == 0)
        sim__px_die(
            c, n,
            "routing 'Wifi' is not supported: simmpi has no wifi model (SMPI 3.32 loads such "
            "a zone, but its first message between stations fails)");
    if (r < 0)
        sim__px_die(c, n,
                    "bad value '%s' for attribute 'routing' of <zone>; valid: Full, Floyd, "
                    "Dijkstra, DijkstraCache, Cluster, None, Vivaldi",
                    routing);
    z = sim__zone_new(c->p, parent, sim__px_attr(n, "id"), kinds[r], sim__px_line(n));
    if (!z)
        sim__px_dup(c, n, "zone", sim__px_attr(n, "id"));
    for (const xmlNode *k = sim__px_first(n); k; k = sim__px_next(k))
        read_zone_child(c, k, n, z);
    sim__px_net_zone_end(c, n, z);
}

void sim_platform_set_config_hook(sim_platform_config_fn *fn, void *arg)
{
    sim__engine.loader.config_fn = fn;
    sim__engine.loader.config_arg = arg;
}

static int by_id(const void *a, const void *b)
{
    return strcmp(sim__px_attr(*(const xmlNode *const *)a, "id"),
                  sim__px_attr(*(const xmlNode *const *)b, "id"));
}

/* <config>: its props are applied at its end, sorted by id, as SimGrid 3.32 does; like SimGrid,
 * a <config> after platform elements is refused (they were built with the old values). */
static void read_config(struct px *c, const xmlNode *n)
{
    const struct sim__loader *loader = &sim__engine.loader;
    const xmlNode **props = NULL;
    int np = 0;

    sim__px_check_attrs(c, n, config_attrs);
    if (c->config_closed)
        sim__px_die(
            c, n,
            "<config> comes after platform elements; all <config> tags must be given before "
            "any <zone>, <cluster>, <trace>, ... (SimGrid's rule)");
    for (const xmlNode *p = sim__px_first(n); p; p = sim__px_next(p)) {
        if (!sim__px_is(p, "prop"))
            sim__px_unexpected(c, p, n, "prop");
        sim__px_check_attrs(c, p, sim__px_prop_attrs);
        sim__platform_config_add(c->p, sim__px_attr(p, "id"), sim__px_attr(p, "value"));
        props = sim_xrealloc(props, (size_t)(np + 1) * sizeof(*props));
        props[np++] = p;
    }
    if (np > 1)
        qsort(props, (size_t)np, sizeof(*props), by_id);
    for (int i = 0; i < np && loader->config_fn; i++)
        loader->config_fn(loader->config_arg, sim__px_attr(props[i], "id"),
                          sim__px_attr(props[i], "value"), c->file, sim__px_line(props[i]));
    free(props);
}

static void read_platform(struct px *c, const xmlNode *n)
{
    const char *version;
    double v;

    if (!sim__px_is(n, "platform"))
        sim__px_die(c, n,
                    "root element is <%s>; a platform file starts with <platform version=\"4.1\">",
                    sim__px_ename(n));
    sim__px_check_attrs(c, n, platform_attrs);
    version = sim__px_attr(n, "version");
    v = version ? strtod(version, NULL) : 0;
    if (lround(100 * v) < 400 || lround(100 * v) > 410)
        sim__px_die(c, n,
                    "platform version '%s' is not supported; use version=\"4.1\" (convert older "
                    "files with SimGrid's simgrid_update_xml)",
                    version ? version : "(none)");
    for (const xmlNode *k = sim__px_first(n); k; k = sim__px_next(k)) {
        c->config_closed |= !sim__px_is(k, "config") && !sim__px_is(k, "prop");
        if (sim__px_is(k, "config")) {
            read_config(c, k);
        } else if (sim__px_is(k, "trace")) {
            read_trace(c, k);
        } else if (sim__px_is(k, "trace_connect")) {
            read_trace_connect(c, k);
        } else if (sim__px_is(k, "prop")) {
            sim__px_prop(c, k, &c->nprops, &c->props);
        } else if (sim__px_is(k, "zone") || sim__px_is(k, "AS") || sim__px_is(k, "cluster")) {
            if (c->p->root)
                sim__px_die(c, k,
                            "a platform has one top-level <zone> or <cluster>; put '%s' inside "
                            "the zone '%s'",
                            sim__px_attr(k, "id") ? sim__px_attr(k, "id") : "", c->p->root->name);
            if (sim__px_is(k, "cluster"))
                sim__px_cluster(c, k, NULL);
            else
                read_zone(c, k, NULL);
        } else {
            sim__px_unexpected(c, k, n, "config, prop, zone, cluster, trace, trace_connect");
        }
    }
    if (!c->p->root)
        sim__px_die(c, n, "the platform has no <zone> or <cluster>");
}

/* libxml2 reports errors here instead of stderr; the first one is kept. */
struct xml_err {
    char msg[512];
    int line;
};

static void on_xml_error(void *ctx, const xmlError *e)
{
    struct xml_err *err = ctx;
    size_t n;

    if (err->msg[0] || !e || !e->message)
        return;
    snprintf(err->msg, sizeof(err->msg), "%s", e->message);
    n = strlen(err->msg);
    while (n > 0 && (err->msg[n - 1] == '\n' || err->msg[n - 1] == ' '))
        err->msg[--n] = '\0';
    err->line = e->line;
}

static void on_generic_error(void *ctx, const char *fmt, ...)
{
}

static struct sim_platform *load_doc(xmlDoc *doc, const char *file, struct xml_err *err)
{
    struct px c = { .file = file };

    if (!doc)
        sim_die("%s:%d: malformed XML: %s", file, err->line,
                err->msg[0] ? err->msg : "cannot parse the document");
    c.p = sim__platform_new();
    c.p->file = sim_xstrdup(file);
    c.traces = sim__traces_new();
    if (!xmlDocGetRootElement(doc))
        sim_die("%s:1: empty XML document", file);
    read_platform(&c, xmlDocGetRootElement(doc));
    sim__traces_apply(c.traces, c.p, file);
    sim__traces_free(c.traces);
    for (int i = 0; i < c.nprops; i++) {
        sim__props_add(&c.p->root->nprops, &c.p->root->props, c.props[2 * i], c.props[2 * i + 1]);
        free(c.props[2 * i]);
        free(c.props[2 * i + 1]);
    }
    free(c.props);
    free(c.fwd);
    free(c.back);
    xmlFreeDoc(doc);
    sim__platform_seal(c.p, file);
    return c.p;
}

static void quiet_libxml(struct xml_err *err)
{
    xmlSetGenericErrorFunc(NULL, on_generic_error);
    xmlSetStructuredErrorFunc(err, (xmlStructuredErrorFunc)on_xml_error);
}

static void restore_libxml(void)
{
    xmlSetStructuredErrorFunc(NULL, NULL);
    xmlSetGenericErrorFunc(NULL, NULL);
}

struct sim_platform *sim_platform_load(const char *path)
{
    struct xml_err err = { .msg = "" };
    xmlDoc *doc;

    if (access(path, R_OK) != 0)
        sim_die("cannot read platform file '%s': %s; check the -platform path", path,
                strerror(errno));
    quiet_libxml(&err);
    doc = xmlReadFile(path, NULL, XML_PARSE_NONET);
    restore_libxml();
    return load_doc(doc, path, &err);
}

struct sim_platform *sim_platform_load_string(const char *xml, const char *name)
{
    struct xml_err err = { .msg = "" };
    xmlDoc *doc;

    quiet_libxml(&err);
    doc = xmlReadMemory(xml, (int)strlen(xml), name, NULL, XML_PARSE_NONET);
    restore_libxml();
    return load_doc(doc, name, &err);
}
