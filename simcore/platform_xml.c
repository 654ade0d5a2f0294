/* platform_xml: the SimGrid XML platform parser (format 4.0/4.1) on libxml2. Every error is one
 * line "file:line: message" followed by exit status 1; element and attribute semantics follow
 * SimGrid 3.32 (src/surf/xml/simgrid.dtd, src/surf/sg_platf.cpp). */
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

struct px {
    const char *file;
    struct sim_platform *p;
    struct sim_link **fwd;  /* links of the route being read */
    struct sim_link **back; /* the same links for the reverse direction */
    int caplinks;
    int nprops; /* <prop> directly under <platform> */
    char **props;

    struct sim__traces *traces; /* <trace>s and <trace_connect>s, applied at the end */
    bool config_closed;         /* a platform element came: no <config> may follow */
};

/* Attribute lists: "*name" is required, "~name" is accepted and ignored with a warning. */
static const char *const platform_attrs[] = { "version", NULL };
static const char *const config_attrs[] = { "id", NULL };
static const char *const prop_attrs[] = { "*id", "*value", NULL };
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

static int line_of(const xmlNode *n)
{
    return (int)xmlGetLineNo(n);
}

static void die_at(const struct px *c, const xmlNode *n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4), noreturn));

static void die_at(const struct px *c, const xmlNode *n, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    sim_die("%s:%d: %s", c->file, line_of(n), msg);
}

static const char *ename(const xmlNode *n)
{
    return (const char *)n->name;
}

static bool is(const xmlNode *n, const char *name)
{
    return strcmp(ename(n), name) == 0;
}

/* Value of attribute `name`, or NULL. */
static const char *attr(const xmlNode *n, const char *name)
{
    for (const xmlAttr *a = n->properties; a; a = a->next)
        if (strcmp((const char *)a->name, name) == 0)
            return a->children && a->children->content ? (const char *)a->children->content : "";
    return NULL;
}

static void join_names(char *buf, size_t size, const char *const *names)
{
    size_t len = 0;

    buf[0] = '\0';
    for (; *names; names++) {
        const char *s = (*names)[0] == '*' || (*names)[0] == '~' ? *names + 1 : *names;

        len += (size_t)snprintf(buf + len, len < size ? size - len : 0, "%s%s", len ? ", " : "", s);
    }
}

static const char *spec_find(const char *const *spec, const char *name)
{
    for (; *spec; spec++) {
        const char *s = (*spec)[0] == '*' || (*spec)[0] == '~' ? *spec + 1 : *spec;

        if (strcmp(s, name) == 0)
            return *spec;
    }
    return NULL;
}

/* Rejects unknown attributes, warns about ignored ones and requires the required ones. */
static void check_attrs(const struct px *c, const xmlNode *n, const char *const *spec)
{
    char valid[512];

    for (const xmlAttr *a = n->properties; a; a = a->next) {
        const char *s = spec_find(spec, (const char *)a->name);

        if (!s) {
            join_names(valid, sizeof(valid), spec);
            die_at(c, n, "unknown attribute '%s' of <%s>; valid: %s", (const char *)a->name,
                   ename(n), valid);
        }
        if (s[0] == '~')
            SIM_LOG(log_plat, SIM_LOG_WARN, "%s:%d: attribute '%s' of <%s> is ignored", c->file,
                    line_of(n), s + 1, ename(n));
    }
    for (; *spec; spec++)
        if ((*spec)[0] == '*' && !attr(n, *spec + 1))
            die_at(c, n, "missing required attribute '%s' of <%s>", *spec + 1, ename(n));
}

static const char *const kind_names[] = {
    ['s'] = "size",
    ['t'] = "time",
    ['b'] = "bandwidth",
    ['f'] = "speed",
};

/* Attribute with a unit of kind 's', 't', 'b' or 'f'; `dflt` when absent or empty. */
static double unit_attr(const struct px *c, const xmlNode *n, const char *name, char kind,
                        double dflt)
{
    const char *v = attr(n, name);
    double x = 0;
    int rc;

    if (!v || !*v)
        return dflt;
    switch (kind) {
    case 't':
        rc = sim_parse_time(v, &x);
        break;
    case 'b':
        rc = sim_parse_bandwidth(v, &x);
        break;
    case 'f':
        rc = sim_parse_speed(v, &x);
        break;
    default:
        rc = sim_parse_size(v, &x);
        break;
    }
    if (rc < 0 || x < 0)
        die_at(c, n, "bad %s '%s' for attribute '%s' of <%s>; valid units: %s",
               kind_names[(unsigned char)kind], v, name, ename(n), sim_units_help(kind));
    return x;
}

static int core_attr(const struct px *c, const xmlNode *n)
{
    const char *v = attr(n, "core");
    char *end;
    long k;

    if (!v)
        return 1;
    errno = 0;
    k = strtol(v, &end, 10);
    if (end == v || *end || errno || k < 1 || k > 1000000)
        die_at(c, n, "bad core count '%s' for attribute 'core' of <%s>; give a positive integer", v,
               ename(n));
    return (int)k;
}

/* A speed list "100Mf,50Mf,20Mf" (one per pstate, blanks allowed around each): their number,
 * the speeds in *out (malloc'd). */
static int speeds_attr(const struct px *c, const xmlNode *n, const char *name, double **out)
{
    char *copy = sim_xstrdup(attr(n, name));
    char *save = NULL;
    int k = 0;

    *out = NULL;
    for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        char *end = tok + strlen(tok);
        double x;

        while (*tok == ' ' || *tok == '\t' || *tok == '\n')
            tok++;
        while (end > tok && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\n'))
            *--end = '\0';
        if (sim_parse_speed(tok, &x) < 0 || x < 0)
            die_at(c, n,
                   "bad speed '%s' in attribute '%s' of <%s>; give one speed per pstate, "
                   "separated by commas, such as \"100Mf,50Mf,20Mf\"; valid units: %s",
                   tok, name, ename(n), sim_units_help('f'));
        *out = sim_xrealloc(*out, (size_t)(k + 1) * sizeof(**out));
        (*out)[k++] = x;
    }
    free(copy);
    if (k == 0)
        die_at(c, n, "empty attribute '%s' of <%s>; give a speed such as \"1Gf\"", name, ename(n));
    return k;
}

/* Gives host h the pstate speeds and starts it at pstate `pstate` (text of the attribute, NULL
 * for 0). The speeds are taken over. */
static void set_pstates(const struct px *c, const xmlNode *n, struct sim_host *h, double *speeds,
                        int count, const char *pstate)
{
    char *end = NULL;
    double v = pstate ? strtod(pstate, &end) : 0;

    if (pstate && (end == pstate || *end || v != (int)v || v < 0 || v >= count))
        die_at(c, n, "bad pstate '%s' of host '%s'; valid: 0 to %d (its speed list has %d values)",
               pstate, h->name, count - 1, count);
    free(h->pstate_speeds);
    h->pstate_speeds = speeds;
    h->npstates = count;
    sim_host_set_pstate(h, (int)v);
}

/* Index of the attribute's value in `values` (case-sensitive), `dflt` when absent. */
static int enum_attr(const struct px *c, const xmlNode *n, const char *name,
                     const char *const *values, int dflt)
{
    const char *v = attr(n, name);
    char valid[256];

    if (!v)
        return dflt;
    for (int i = 0; values[i]; i++)
        if (strcmp(v, values[i]) == 0)
            return i;
    join_names(valid, sizeof(valid), values);
    die_at(c, n, "bad value '%s' for attribute '%s' of <%s>; valid: %s", v, name, ename(n), valid);
}

static const char *const sharing_values[] = { "SHARED", "SPLITDUPLEX", "FATPIPE", "FULLDUPLEX",
                                              NULL };

static enum sim__sharing sharing_attr(const struct px *c, const xmlNode *n, const char *name,
                                      enum sim__sharing dflt)
{
    int v = enum_attr(c, n, name, sharing_values, (int)dflt);

    if (v == 3) {
        SIM_LOG(log_plat, SIM_LOG_WARN, "%s:%d: FULLDUPLEX is deprecated; using SPLITDUPLEX",
                c->file, line_of(n));
        return SIM__SPLITDUPLEX;
    }
    return (enum sim__sharing)v;
}

static bool symmetrical_attr(const struct px *c, const xmlNode *n)
{
    static const char *const values[] = { "YES", "NO", "yes", "no", NULL };

    return enum_attr(c, n, "symmetrical", values, 0) % 2 == 0;
}

/* Element children only; comments and text are skipped. */
static const xmlNode *first_elem(const xmlNode *n)
{
    for (n = n->children; n && n->type != XML_ELEMENT_NODE; n = n->next)
        ;
    return n;
}

static const xmlNode *next_elem(const xmlNode *n)
{
    for (n = n->next; n && n->type != XML_ELEMENT_NODE; n = n->next)
        ;
    return n;
}

static void unexpected(const struct px *c, const xmlNode *n, const xmlNode *parent,
                       const char *valid)
{
    die_at(c, n, "unexpected element <%s> in <%s>; valid here: %s", ename(n), ename(parent), valid);
}

/* <prop> children of `n` appended to (*np, *props); any other child is an error. */
static void read_props(const struct px *c, const xmlNode *n, int *np, char ***props)
{
    for (const xmlNode *k = first_elem(n); k; k = next_elem(k)) {
        if (!is(k, "prop"))
            unexpected(c, k, n, "prop");
        check_attrs(c, k, prop_attrs);
        sim__props_add(np, props, attr(k, "id"), attr(k, "value"));
    }
}

static void dup_netpoint(const struct px *c, const xmlNode *n, const char *what, const char *id)
{
    static const char *const kinds[] = {
        [SIM__NP_HOST] = "host",
        [SIM__NP_ROUTER] = "router",
        [SIM__NP_ZONE] = "zone",
    };
    const struct sim__netpoint *np = sim__netpoint(c->p, sim__netpoint_find(c->p, id));

    die_at(c, n, "duplicate %s id '%s' (already used by the %s at line %d)", what, id,
           kinds[np->kind], np->line);
}

static int new_xlink(const struct px *c, const xmlNode *n, struct sim_zone *z, const char *id,
                     double bw, double lat, enum sim__sharing sharing)
{
    int xl = sim__xlink_new(c->p, id, bw, lat, sharing, line_of(n));

    if (xl < 0)
        die_at(c, n, "duplicate link id '%s' (already declared at line %d)", id,
               sim__xlink_line(c->p, sim__xlink_find(c->p, id)));
    sim__xlink_get(c->p, xl, true)->zone = z;
    sim__xlink_get(c->p, xl, false)->zone = z;
    return xl;
}

/* <disk> of a host (SimGrid's file-system plugin): bandwidths and the "mount" property; its
 * other properties (size, content) are checked and not kept. */
static void read_disk(const struct px *c, const xmlNode *n, struct sim_host *h)
{
    struct sim_disk *d;
    int nprops = 0;
    char **props = NULL;

    check_attrs(c, n, disk_attrs);
    for (int i = 0; i < h->ndisks; i++)
        if (strcmp(h->disks[i].name, attr(n, "id")) == 0)
            die_at(c, n, "duplicate disk id '%s' in host '%s'", attr(n, "id"), h->name);
    h->disks = sim_xrealloc(h->disks, (size_t)(h->ndisks + 1) * sizeof(*h->disks));
    d = &h->disks[h->ndisks++];
    d->name = sim_xstrdup(attr(n, "id"));
    d->read_bw = unit_attr(c, n, "read_bw", 'b', 0);
    d->write_bw = unit_attr(c, n, "write_bw", 'b', 0);
    d->mount = NULL;
    read_props(c, n, &nprops, &props);
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
    const char *v = attr(n, name);
    char what[320];
    struct sim__profile *prof;

    if (!v || !*v)
        return;
    snprintf(what, sizeof(what), "%s of %s '%s'", name, ename(n), attr(n, "id"));
    prof = sim__platform_profile_file(c->p, v, c->file, line_of(n), what);
    if (h) {
        sim__host_set_profile(h, kind, prof, c->file, line_of(n));
        return;
    }
    sim__link_set_profile(sim__xlink_get(c->p, xl, true), kind, prof, c->file, line_of(n));
    if (sim__xlink_is_split(c->p, xl))
        sim__link_set_profile(sim__xlink_get(c->p, xl, false), kind, prof, c->file, line_of(n));
}

static void read_host(const struct px *c, const xmlNode *n, struct sim_zone *z)
{
    struct sim_host *h;
    double *speeds;
    int nspeeds;

    check_attrs(c, n, host_attrs);
    nspeeds = speeds_attr(c, n, "speed", &speeds);
    h = sim__host_new(c->p, z, attr(n, "id"), speeds[0], core_attr(c, n), line_of(n));
    if (!h)
        dup_netpoint(c, n, "host", attr(n, "id"));
    set_pstates(c, n, h, speeds, nspeeds, attr(n, "pstate"));
    if (attr(n, "availability_file") && *attr(n, "availability_file"))
        SIM_LOG(log_plat, SIM_LOG_WARN,
                "%s:%d: The availability_file attribute in <host> is now deprecated. Please, use "
                "'speed_file' instead.",
                c->file, line_of(n));
    profile_attr(c, n, "availability_file", SIM__RES_HOST_SPEED, h, -1);
    if (attr(n, "speed_file") && *attr(n, "speed_file"))
        h->speed_profile = NULL; /* SimGrid's speed_file replaces availability_file */
    profile_attr(c, n, "speed_file", SIM__RES_HOST_SPEED, h, -1);
    profile_attr(c, n, "state_file", SIM__RES_HOST_STATE, h, -1);
    sim__px_coords(c, n, h->netpoint);
    for (const xmlNode *k = first_elem(n); k; k = next_elem(k)) {
        if (is(k, "prop")) {
            check_attrs(c, k, prop_attrs);
            sim__props_add(&h->nprops, &h->props, attr(k, "id"), attr(k, "value"));
        } else if (is(k, "disk")) {
            read_disk(c, k, h);
        } else {
            unexpected(c, k, n, "prop, disk");
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

    check_attrs(c, n, link_attrs);
    xl = new_xlink(c, n, z, attr(n, "id"), unit_attr(c, n, "bandwidth", 'b', 0),
                   unit_attr(c, n, "latency", 't', 0),
                   sharing_attr(c, n, "sharing_policy", SIM__SHARED));
    read_props(c, n, &nprops, &props);
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

    check_attrs(c, n, trace_attrs);
    per = attr(n, "periodicity");
    periodicity = strtod(per, &end);
    if (end == per || *end)
        die_at(c, n, "bad periodicity '%s' of <trace id=\"%s\">; give a number of seconds", per,
               attr(n, "id"));
    text = xmlNodeGetContent(n);
    sim__traces_define(c->traces, c->p, attr(n, "id"), attr(n, "file"), (const char *)text,
                       periodicity, c->file, line_of(n));
    xmlFree(text);
}

static void read_trace_connect(const struct px *c, const xmlNode *n)
{
    check_attrs(c, n, trace_connect_attrs);
    if (first_elem(n))
        unexpected(c, first_elem(n), n, "(none)");
    sim__traces_connect(c->traces, attr(n, "kind"), attr(n, "trace"), attr(n, "element"), c->file,
                        line_of(n));
}

static void read_router(const struct px *c, const xmlNode *n, struct sim_zone *z)
{
    int np;

    check_attrs(c, n, router_attrs);
    if (first_elem(n))
        unexpected(c, first_elem(n), n, "(none)");
    np = sim__router_new(c->p, z, attr(n, "id"), line_of(n));
    if (np < 0)
        dup_netpoint(c, n, "router", attr(n, "id"));
    sim__px_coords(c, n, np);
}

/* Reads the <link_ctn> children into c->fwd/c->back; returns their number. */
static int read_link_ctns(struct px *c, const xmlNode *n)
{
    static const char *const dirs[] = { "UP", "DOWN", "NONE", NULL };
    int k = 0;

    for (const xmlNode *l = first_elem(n); l; l = next_elem(l), k++) {
        int xl;
        int dir;

        if (!is(l, "link_ctn"))
            unexpected(c, l, n, "link_ctn");
        check_attrs(c, l, link_ctn_attrs);
        xl = sim__xlink_find(c->p, attr(l, "id"));
        if (xl < 0)
            die_at(c, l,
                   "unknown link '%s' in <link_ctn>; declare it with <link id=\"%s\" .../> "
                   "before the route",
                   attr(l, "id"), attr(l, "id"));
        dir = enum_attr(c, l, "direction", dirs, 2);
        if (dir == 2 && sim__xlink_is_split(c->p, xl))
            die_at(c, l,
                   "link '%s' is SPLITDUPLEX: its <link_ctn> needs direction=\"UP\" or "
                   "direction=\"DOWN\"",
                   attr(l, "id"));
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
    const char *name = attr(n, a);
    int id = sim__netpoint_find(c->p, name);
    const struct sim__netpoint *np;

    if (id < 0)
        die_at(c, n, "unknown %s '%s' in <%s %s=\"%s\">", want_zone ? "zone" : "host or router",
               name, ename(n), a, name);
    np = sim__netpoint(c->p, id);
    if ((np->kind == SIM__NP_ZONE) != want_zone)
        die_at(c, n, "'%s' in <%s %s=\"%s\"> is a %s; %s", name, ename(n), a, name,
               np->kind == SIM__NP_ZONE ? "zone" : "host or router",
               want_zone ? "<zoneRoute> joins zones, use <route> between hosts"
                         : "<route> joins hosts, use <zoneRoute> between zones");
    if (np->zone != z)
        die_at(c, n, "'%s' in <%s %s=\"%s\"> is not declared in zone '%s'", name, ename(n), a, name,
               z->name);
    return id;
}

/* Gateway `a` of a zoneRoute: a host or router inside zone `inside` (at any depth). */
static int route_gateway(const struct px *c, const xmlNode *n, const char *a, int inside)
{
    const char *name = attr(n, a);
    int id = sim__netpoint_find(c->p, name);
    struct sim__netpoint *np;
    const struct sim_zone *z;

    if (id < 0 || sim__netpoint(c->p, id)->kind == SIM__NP_ZONE)
        die_at(c, n, "unknown host or router '%s' in <%s %s=\"%s\">", name, ename(n), a, name);
    np = sim__netpoint(c->p, id);
    for (z = np->zone; z && z->netpoint != inside; z = z->parent)
        ;
    if (!z)
        die_at(c, n, "gateway '%s' of <%s %s=\"%s\"> is not inside zone '%s'", name, ename(n), a,
               name, sim__netpoint(c->p, inside)->name);
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

    check_attrs(c, n, zone_route ? zone_route_attrs : route_attrs);
    if (z->routing == SIM__ROUTING_STAR || z->routing == SIM__ROUTING_NONE ||
        z->routing == SIM__ROUTING_VIVALDI)
        die_at(c, n, "<%s> is not allowed in zone '%s' with routing %s", ename(n), z->name,
               sim__routing_name(z->routing));
    src = route_end(c, n, z, "src", zone_route);
    dst = route_end(c, n, z, "dst", zone_route);
    gw_src = zone_route ? route_gateway(c, n, "gw_src", src) : src;
    gw_dst = zone_route ? route_gateway(c, n, "gw_dst", dst) : dst;
    if (zone_route && gw_src == gw_dst)
        die_at(c, n, "<zoneRoute> from '%s' to itself: gw_src and gw_dst must differ",
               attr(n, "gw_src"));
    k = read_link_ctns(c, n);
    if (k == 0)
        die_at(c, n, "empty <%s> from '%s' to '%s'; list its links with <link_ctn id=\"...\"/>",
               ename(n), attr(n, "src"), attr(n, "dst"));
    sim__zone_add_route(c->p, z, src, dst, gw_src, gw_dst, c->fwd, c->back, k,
                        symmetrical_attr(c, n), line_of(n));
}

/* Radicals "0-3,5,7-9" in order; returns their number, the list in *out (malloc'd). */
static int read_radicals(const struct px *c, const xmlNode *n, int **out)
{
    const char *s = attr(n, "radical");
    int cnt = 0;
    int cap = 0;

    *out = NULL;
    for (;;) {
        char *end;
        long lo = strtol(s, &end, 10);
        long hi = lo;

        if (end == s || lo < 0)
            goto bad;
        if (*end == '-') {
            s = end + 1;
            hi = strtol(s, &end, 10);
            if (end == s || hi < lo)
                goto bad;
        }
        if (*end != ',' && *end != '\0')
            goto bad;
        for (long r = lo; r <= hi; r++) {
            *out = cnt < cap
                       ? *out
                       : sim_xrealloc(*out, (size_t)(cap = cap ? 2 * cap : 256) * sizeof(**out));
            (*out)[cnt++] = (int)r;
        }
        if (*end == '\0')
            return cnt;
        s = end + 1;
    }
bad:
    free(*out);
    die_at(c, n,
           "bad radical '%s' of <cluster>; expected numbers and ranges such as \"0-99\" or "
           "\"0-3,5,7-9\"",
           attr(n, "radical"));
}

/* ---- for platform_xml_net.c (platform_xml.h) ---- */

struct sim_platform *sim__px_platform(const struct px *c)
{
    return c->p;
}

const char *sim__px_file(const struct px *c)
{
    return c->file;
}

void sim__px_die(const struct px *c, const xmlNode *n, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    die_at(c, n, "%s", msg);
}

const char *sim__px_attr(const xmlNode *n, const char *name)
{
    return attr(n, name);
}

void sim__px_check_attrs(const struct px *c, const xmlNode *n, const char *const *spec)
{
    check_attrs(c, n, spec);
}

double sim__px_unit(const struct px *c, const xmlNode *n, const char *name, char kind, double dflt)
{
    return unit_attr(c, n, name, kind, dflt);
}

int sim__px_radicals(const struct px *c, const xmlNode *n, int **out)
{
    return read_radicals(c, n, out);
}

struct sim_host *sim__px_host(const struct px *c, const xmlNode *n, struct sim_zone *z,
                              const char *name, double speed)
{
    struct sim_host *h = sim__host_new(c->p, z, name, speed, 1, line_of(n));

    if (!h)
        dup_netpoint(c, n, "host", name);
    return h;
}

int sim__px_xlink(const struct px *c, const xmlNode *n, struct sim_zone *z, const char *id,
                  double bw, double lat, enum sim__sharing sharing)
{
    return new_xlink(c, n, z, id, bw, lat, sharing);
}

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
};

/* Host prefix<r>suffix of a cluster. */
static struct sim_host *cluster_host(const struct px *c, const xmlNode *n, struct sim_zone *z,
                                     const struct cluster_args *a, int r)
{
    char name[512];
    struct sim_host *h;

    snprintf(name, sizeof(name), "%s%d%s", attr(n, "prefix"), r, attr(n, "suffix"));
    h = sim__host_new(c->p, z, name, a->speed, a->cores, line_of(n));
    if (!h)
        dup_netpoint(c, n, "host", name);
    set_pstates(c, n, h,
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

    snprintf(name, sizeof(name), "%s_link_%d_loopback", a->id, r);
    if (a->lb_bw > 0 || a->lb_lat > 0)
        lb =
            sim__xlink_get(c->p, new_xlink(c, n, z, name, a->lb_bw, a->lb_lat, SIM__FATPIPE), true);
    snprintf(name, sizeof(name), "%s_link_%d_limiter", a->id, r);
    if (a->limiter > 0)
        lim = sim__xlink_get(c->p, new_xlink(c, n, z, name, a->limiter, 0, SIM__SHARED), true);
    snprintf(name, sizeof(name), "%s_link_%d", a->id, r);
    priv = new_xlink(c, n, z, name, a->bw, a->lat, a->sharing);
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
        .line = line_of(n),
        .topology = attr(n, "topology"),
        .params = attr(n, "topo_parameters") ? attr(n, "topo_parameters") : "",
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
        if (attr(n, unused[i]))
            SIM_LOG(log_plat, SIM_LOG_WARN,
                    "%s:%d: attribute '%s' of <cluster> is ignored by %s clusters (SimGrid gives "
                    "them no backbone and no router)",
                    c->file, line_of(n), unused[i], tc.topology);
    build[topo](c->p, z, &tc);
}

static void read_cluster(const struct px *c, const xmlNode *n, struct sim_zone *parent)
{
    static const char *const topologies[] = { "FLAT", "TORUS", "FAT_TREE", "DRAGONFLY", NULL };
    static const enum sim__routing routing[] = { SIM__ROUTING_STAR, SIM__ROUTING_TORUS,
                                                 SIM__ROUTING_FAT_TREE, SIM__ROUTING_DRAGONFLY };
    int topo;
    struct cluster_args a = { .id = attr(n, "id") };
    struct sim_zone *z;
    char name[512];
    int *rad;
    int nrad;
    double bb_bw;
    double bb_lat;

    check_attrs(c, n, cluster_attrs);
    topo = enum_attr(c, n, "topology", topologies, 0);
    a.nspeeds = speeds_attr(c, n, "speed", &a.speeds);
    a.speed = a.speeds[0];
    a.cores = core_attr(c, n);
    a.bw = unit_attr(c, n, "bw", 'b', 0);
    a.lat = unit_attr(c, n, "lat", 't', 0);
    a.sharing = sharing_attr(c, n, "sharing_policy", SIM__SPLITDUPLEX);
    a.limiter = unit_attr(c, n, "limiter_link", 'b', 0);
    a.lb_bw = unit_attr(c, n, "loopback_bw", 'b', 0);
    a.lb_lat = unit_attr(c, n, "loopback_lat", 't', 0);
    bb_bw = unit_attr(c, n, "bb_bw", 'b', 0);
    bb_lat = unit_attr(c, n, "bb_lat", 't', 0);
    if (a.speed <= 0)
        die_at(c, n, "bad speed '%s' for attribute 'speed' of <cluster>; it must be positive",
               attr(n, "speed"));
    z = sim__zone_new(c->p, parent, a.id, routing[topo], line_of(n));
    if (!z)
        dup_netpoint(c, n, "zone", a.id);
    read_props(c, n, &z->nprops, &z->props);
    nrad = read_radicals(c, n, &rad);
    if (topo != 0) {
        cluster_topology(c, n, z, &a, rad, nrad, topo);
        free(rad);
        free(a.speeds);
        return;
    }
    if (attr(n, "topo_parameters"))
        SIM_LOG(log_plat, SIM_LOG_WARN,
                "%s:%d: attribute 'topo_parameters' of <cluster> is ignored by FLAT clusters",
                c->file, line_of(n));
    if (bb_bw > 0 || bb_lat > 0) {
        static const char *const bb_values[] = { "SHARED", "FATPIPE", NULL };
        int fat = enum_attr(c, n, "bb_sharing_policy", bb_values, 0);

        snprintf(name, sizeof(name), "%s_backbone", a.id);
        a.backbone = sim__xlink_get(
            c->p, new_xlink(c, n, z, name, bb_bw, bb_lat, fat ? SIM__FATPIPE : SIM__SHARED), true);
    }
    for (int i = 0; i < nrad; i++)
        cluster_node(c, n, z, &a, rad[i]);
    free(rad);
    free(a.speeds);
    if (attr(n, "router_id") && *attr(n, "router_id"))
        snprintf(name, sizeof(name), "%s", attr(n, "router_id"));
    else
        snprintf(name, sizeof(name), "%s%s_router%s", attr(n, "prefix"), a.id, attr(n, "suffix"));
    if (sim__router_new(c->p, z, name, line_of(n)) < 0)
        dup_netpoint(c, n, "router", name);
}

static void read_zone(struct px *c, const xmlNode *n, struct sim_zone *parent);

static void read_zone_child(struct px *c, const xmlNode *k, const xmlNode *n, struct sim_zone *z)
{
    if (is(k, "prop")) {
        check_attrs(c, k, prop_attrs);
        sim__props_add(&z->nprops, &z->props, attr(k, "id"), attr(k, "value"));
    } else if (is(k, "host")) {
        read_host(c, k, z);
    } else if (is(k, "link")) {
        read_link(c, k, z);
    } else if (is(k, "router")) {
        read_router(c, k, z);
    } else if (is(k, "route")) {
        read_route(c, k, z, false);
    } else if (is(k, "zoneRoute") || is(k, "ASroute")) {
        read_route(c, k, z, true);
    } else if (is(k, "trace")) {
        read_trace(c, k);
    } else if (is(k, "trace_connect")) {
        read_trace_connect(c, k);
    } else if (is(k, "zone") || is(k, "AS") || is(k, "cluster")) {
        if (z->routing == SIM__ROUTING_STAR)
            die_at(c, k,
                   "zone '%s' with routing Cluster cannot contain <%s>; use routing Full, "
                   "Floyd or Dijkstra",
                   z->name, ename(k));
        if (is(k, "cluster"))
            read_cluster(c, k, z);
        else
            read_zone(c, k, z);
    } else if (!sim__px_net_element(c, k, z)) {
        unexpected(c, k, n,
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

    check_attrs(c, n, zone_attrs);
    routing = attr(n, "routing");
    for (int i = 0; routings[i]; i++)
        if (strcasecmp(routing, routings[i]) == 0)
            r = i;
    if (r < 0 && strcasecmp(routing, "Wifi") == 0)
        die_at(c, n,
               "routing 'Wifi' is not supported: simmpi has no wifi model (SMPI 3.32 loads such "
               "a zone, but its first message between stations fails)");
    if (r < 0)
        die_at(c, n,
               "bad value '%s' for attribute 'routing' of <zone>; valid: Full, Floyd, "
               "Dijkstra, DijkstraCache, Cluster, None, Vivaldi",
               routing);
    z = sim__zone_new(c->p, parent, attr(n, "id"), kinds[r], line_of(n));
    if (!z)
        dup_netpoint(c, n, "zone", attr(n, "id"));
    for (const xmlNode *k = first_elem(n); k; k = next_elem(k))
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
    return strcmp(attr(*(const xmlNode *const *)a, "id"), attr(*(const xmlNode *const *)b, "id"));
}

/* <config>: its props are applied at its end, sorted by id, as SimGrid 3.32 does; like SimGrid,
 * a <config> after platform elements is refused (they were built with the old values). */
static void read_config(struct px *c, const xmlNode *n)
{
    const struct sim__loader *loader = &sim__engine.loader;
    const xmlNode **props = NULL;
    int np = 0;

    check_attrs(c, n, config_attrs);
    if (c->config_closed)
        die_at(c, n,
               "<config> comes after platform elements; all <config> tags must be given before "
               "any <zone>, <cluster>, <trace>, ... (SimGrid's rule)");
    for (const xmlNode *p = first_elem(n); p; p = next_elem(p)) {
        if (!is(p, "prop"))
            unexpected(c, p, n, "prop");
        check_attrs(c, p, prop_attrs);
        sim__platform_config_add(c->p, attr(p, "id"), attr(p, "value"));
        props = sim_xrealloc(props, (size_t)(np + 1) * sizeof(*props));
        props[np++] = p;
    }
    if (np > 1)
        qsort(props, (size_t)np, sizeof(*props), by_id);
    for (int i = 0; i < np && loader->config_fn; i++)
        loader->config_fn(loader->config_arg, attr(props[i], "id"), attr(props[i], "value"),
                          c->file, line_of(props[i]));
    free(props);
}

static void read_platform(struct px *c, const xmlNode *n)
{
    const char *version;
    double v;

    if (!is(n, "platform"))
        die_at(c, n, "root element is <%s>; a platform file starts with <platform version=\"4.1\">",
               ename(n));
    check_attrs(c, n, platform_attrs);
    version = attr(n, "version");
    v = version ? strtod(version, NULL) : 0;
    if (lround(100 * v) < 400 || lround(100 * v) > 410)
        die_at(c, n,
               "platform version '%s' is not supported; use version=\"4.1\" (convert older "
               "files with SimGrid's simgrid_update_xml)",
               version ? version : "(none)");
    for (const xmlNode *k = first_elem(n); k; k = next_elem(k)) {
        c->config_closed |= !is(k, "config") && !is(k, "prop");
        if (is(k, "config")) {
            read_config(c, k);
        } else if (is(k, "trace")) {
            read_trace(c, k);
        } else if (is(k, "trace_connect")) {
            read_trace_connect(c, k);
        } else if (is(k, "prop")) {
            check_attrs(c, k, prop_attrs);
            sim__props_add(&c->nprops, &c->props, attr(k, "id"), attr(k, "value"));
        } else if (is(k, "zone") || is(k, "AS") || is(k, "cluster")) {
            if (c->p->root)
                die_at(c, k,
                       "a platform has one top-level <zone> or <cluster>; put '%s' inside "
                       "the zone '%s'",
                       attr(k, "id") ? attr(k, "id") : "", c->p->root->name);
            if (is(k, "cluster"))
                read_cluster(c, k, NULL);
            else
                read_zone(c, k, NULL);
        } else {
            unexpected(c, k, n, "config, prop, zone, cluster, trace, trace_connect");
        }
    }
    if (!c->p->root)
        die_at(c, n, "the platform has no <zone> or <cluster>");
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
