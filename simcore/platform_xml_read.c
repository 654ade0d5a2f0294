/* platform_xml_read: how the platform parser reads a document: attributes (required, ignored,
 * units, enumerations, speed lists, radicals), element children, properties, and the errors
 * "file:line: message" for duplicate ids. Shared by platform_xml*.c through platform_xml.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simcore/platform_xml.h"

SIM_LOG_CATEGORY(log_plat, "sim.platform");

const char *const sim__px_prop_attrs[] = { "*id", "*value", NULL };

int sim__px_line(const xmlNode *n)
{
    return (int)xmlGetLineNo(n);
}

void sim__px_die(const struct px *c, const xmlNode *n, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    sim__vdie_at(c->file, sim__px_line(n), fmt, ap);
}

const char *sim__px_ename(const xmlNode *n)
{
    return (const char *)n->name;
}

bool sim__px_is(const xmlNode *n, const char *name)
{
    return strcmp(sim__px_ename(n), name) == 0;
}

/* Value of attribute `name`, or NULL. */
const char *sim__px_attr(const xmlNode *n, const char *name)
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
void sim__px_check_attrs(const struct px *c, const xmlNode *n, const char *const *spec)
{
    char valid[512];

    for (const xmlAttr *a = n->properties; a; a = a->next) {
        const char *s = spec_find(spec, (const char *)a->name);

        if (!s) {
            join_names(valid, sizeof(valid), spec);
            sim__px_die(c, n, "unknown attribute '%s' of <%s>; valid: %s", (const char *)a->name,
                        sim__px_ename(n), valid);
        }
        if (s[0] == '~')
            SIM_LOG(log_plat, SIM_LOG_WARN, "%s:%d: attribute '%s' of <%s> is ignored", c->file,
                    sim__px_line(n), s + 1, sim__px_ename(n));
    }
    for (; *spec; spec++)
        if ((*spec)[0] == '*' && !sim__px_attr(n, *spec + 1))
            sim__px_die(c, n, "missing required attribute '%s' of <%s>", *spec + 1,
                        sim__px_ename(n));
}

static const char *const kind_names[] = {
    ['s'] = "size",
    ['t'] = "time",
    ['b'] = "bandwidth",
    ['f'] = "speed",
};

/* Attribute with a unit of kind 's', 't', 'b' or 'f'; `dflt` when absent or empty. */
double sim__px_unit(const struct px *c, const xmlNode *n, const char *name, char kind, double dflt)
{
    const char *v = sim__px_attr(n, name);
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
        sim__px_die(c, n, "bad %s '%s' for attribute '%s' of <%s>; valid units: %s",
                    kind_names[(unsigned char)kind], v, name, sim__px_ename(n),
                    sim_units_help(kind));
    return x;
}

int sim__px_cores(const struct px *c, const xmlNode *n)
{
    const char *v = sim__px_attr(n, "core");
    char *end;
    long k;

    if (!v)
        return 1;
    errno = 0;
    k = strtol(v, &end, 10);
    if (end == v || *end || errno || k < 1 || k > 1000000)
        sim__px_die(c, n,
                    "bad core count '%s' for attribute 'core' of <%s>; give a positive integer", v,
                    sim__px_ename(n));
    return (int)k;
}

/* A speed list "100Mf,50Mf,20Mf" (one per pstate, blanks allowed around each): their number,
 * the speeds in *out (malloc'd). */
int sim__px_speeds(const struct px *c, const xmlNode *n, const char *name, double **out)
{
    char *copy = sim_xstrdup(sim__px_attr(n, name));
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
            sim__px_die(c, n,
                        "bad speed '%s' in attribute '%s' of <%s>; give one speed per pstate, "
                        "separated by commas, such as \"100Mf,50Mf,20Mf\"; valid units: %s",
                        tok, name, sim__px_ename(n), sim_units_help('f'));
        *out = sim_xrealloc(*out, (size_t)(k + 1) * sizeof(**out));
        (*out)[k++] = x;
    }
    free(copy);
    if (k == 0)
        sim__px_die(c, n, "empty attribute '%s' of <%s>; give a speed such as \"1Gf\"", name,
                    sim__px_ename(n));
    return k;
}

/* Gives host h the pstate speeds and starts it at pstate `pstate` (text of the attribute, NULL
 * for 0). The speeds are taken over. */
void sim__px_pstates(const struct px *c, const xmlNode *n, struct sim_host *h, double *speeds,
                     int count, const char *pstate)
{
    char *end = NULL;
    double v = pstate ? strtod(pstate, &end) : 0;

    if (pstate && (end == pstate || *end || v != (int)v || v < 0 || v >= count))
        sim__px_die(c, n,
                    "bad pstate '%s' of host '%s'; valid: 0 to %d (its speed list has %d values)",
                    pstate, h->name, count - 1, count);
    free(h->pstate_speeds);
    h->pstate_speeds = speeds;
    h->npstates = count;
    sim_host_set_pstate(h, (int)v);
}

/* Index of the attribute's value in `values` (case-sensitive), `dflt` when absent. */
int sim__px_enum(const struct px *c, const xmlNode *n, const char *name, const char *const *values,
                 int dflt)
{
    const char *v = sim__px_attr(n, name);
    char valid[256];

    if (!v)
        return dflt;
    for (int i = 0; values[i]; i++)
        if (strcmp(v, values[i]) == 0)
            return i;
    join_names(valid, sizeof(valid), values);
    sim__px_die(c, n, "bad value '%s' for attribute '%s' of <%s>; valid: %s", v, name,
                sim__px_ename(n), valid);
}

static const char *const sharing_values[] = { "SHARED", "SPLITDUPLEX", "FATPIPE", "FULLDUPLEX",
                                              NULL };

enum sim__sharing sim__px_sharing(const struct px *c, const xmlNode *n, const char *name,
                                  enum sim__sharing dflt)
{
    int v = sim__px_enum(c, n, name, sharing_values, (int)dflt);

    if (v == 3) {
        SIM_LOG(log_plat, SIM_LOG_WARN, "%s:%d: FULLDUPLEX is deprecated; using SPLITDUPLEX",
                c->file, sim__px_line(n));
        return SIM__SPLITDUPLEX;
    }
    return (enum sim__sharing)v;
}

bool sim__px_symmetrical(const struct px *c, const xmlNode *n)
{
    static const char *const values[] = { "YES", "NO", "yes", "no", NULL };

    return sim__px_enum(c, n, "symmetrical", values, 0) % 2 == 0;
}

/* Element children only; comments and text are skipped. */
const xmlNode *sim__px_first(const xmlNode *n)
{
    for (n = n->children; n && n->type != XML_ELEMENT_NODE; n = n->next)
        ;
    return n;
}

const xmlNode *sim__px_next(const xmlNode *n)
{
    for (n = n->next; n && n->type != XML_ELEMENT_NODE; n = n->next)
        ;
    return n;
}

void sim__px_unexpected(const struct px *c, const xmlNode *n, const xmlNode *parent,
                        const char *valid)
{
    sim__px_die(c, n, "unexpected element <%s> in <%s>; valid here: %s", sim__px_ename(n),
                sim__px_ename(parent), valid);
}

void sim__px_prop(const struct px *c, const xmlNode *k, int *np, char ***props)
{
    sim__px_check_attrs(c, k, sim__px_prop_attrs);
    sim__props_add(np, props, sim__px_attr(k, "id"), sim__px_attr(k, "value"));
}

void sim__px_props(const struct px *c, const xmlNode *n, int *np, char ***props)
{
    for (const xmlNode *k = sim__px_first(n); k; k = sim__px_next(k)) {
        if (!sim__px_is(k, "prop"))
            sim__px_unexpected(c, k, n, "prop");
        sim__px_prop(c, k, np, props);
    }
}

void sim__px_dup(const struct px *c, const xmlNode *n, const char *what, const char *id)
{
    static const char *const kinds[] = {
        [SIM__NP_HOST] = "host",
        [SIM__NP_ROUTER] = "router",
        [SIM__NP_ZONE] = "zone",
    };
    const struct sim__netpoint *np = sim__netpoint(c->p, sim__netpoint_find(c->p, id));

    sim__px_die(c, n, "duplicate %s id '%s' (already used by the %s at line %d)", what, id,
                kinds[np->kind], np->line);
}

int sim__px_xlink(const struct px *c, const xmlNode *n, struct sim_zone *z, const char *id,
                  double bw, double lat, enum sim__sharing sharing)
{
    int xl = sim__xlink_new(c->p, id, bw, lat, sharing, sim__px_line(n));

    if (xl < 0)
        sim__px_die(c, n, "duplicate link id '%s' (already declared at line %d)", id,
                    sim__xlink_line(c->p, sim__xlink_find(c->p, id)));
    sim__xlink_get(c->p, xl, true)->zone = z;
    sim__xlink_get(c->p, xl, false)->zone = z;
    return xl;
}

struct sim_host *sim__px_host(const struct px *c, const xmlNode *n, struct sim_zone *z,
                              const char *name, double speed)
{
    struct sim_host *h = sim__host_new(c->p, z, name, speed, 1, sim__px_line(n));

    if (!h)
        sim__px_dup(c, n, "host", name);
    return h;
}

/* Radicals "0-3,5,7-9" in order; returns their number, the list in *out (malloc'd). */
int sim__px_radicals(const struct px *c, const xmlNode *n, int **out)
{
    const char *s = sim__px_attr(n, "radical");
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
    sim__px_die(c, n,
                "bad radical '%s' of <cluster>; expected numbers and ranges such as \"0-99\" or "
                "\"0-3,5,7-9\"",
                sim__px_attr(n, "radical"));
}
