/* routing_cluster: what the TORUS, FAT_TREE and DRAGONFLY clusters share, as SimGrid 3.32's
 * ClusterBase and sg_platf_new_cluster_hierarchical: reading topo_parameters with messages that
 * name the wrong field, and creating the hosts with their loopback and limiter links. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "simcore/routing.h"

SIM_LOG_CATEGORY(log_cluster, "sim.platform");

/* More nodes than this is a typo, not a cluster (and keeps every product in range). */
#define MAX_NODES 100000000L

void sim__cluster_bad_params(const struct sim__cluster *c, const char *expect, const char *fmt, ...)
{
    char why[512];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(why, sizeof(why), fmt, ap);
    va_end(ap);
    sim_die("%s:%d: bad topo_parameters '%s' of the %s cluster '%s': %s; expected %s", c->file,
            c->line, c->params, c->topology, c->id, why, expect);
}

int sim__cluster_fields(const char *s, char sep, const char **start, size_t *len, int max)
{
    int n = 0;

    for (;;) {
        const char *end = s;

        while (*end && *end != sep)
            end++;
        if (n < max) {
            start[n] = s;
            len[n] = (size_t)(end - s);
        }
        n++;
        if (!*end)
            return n;
        s = end + 1;
    }
}

int sim__cluster_ints(const struct sim__cluster *c, const char *s, size_t len, long *out, int max,
                      const char *what, const char *expect)
{
    const char *start[64];
    size_t flen[64];
    char buf[64];
    int n;

    snprintf(buf, sizeof(buf), "%.*s", (int)(len < sizeof(buf) ? len : sizeof(buf) - 1), s);
    n = sim__cluster_fields(buf, ',', start, flen, 64);
    if (n > max)
        sim__cluster_bad_params(c, expect, "%d %s values where at most %d fit", n, what, max);
    for (int k = 0; k < n; k++) {
        char *end;
        long v;

        errno = 0;
        v = strtol(start[k], &end, 10);
        while (end < start[k] + flen[k] && isspace((unsigned char)*end))
            end++;
        if (end == start[k] || end != start[k] + flen[k] || errno || v <= 0 || v > MAX_NODES)
            sim__cluster_bad_params(c, expect, "%s %d is '%.*s', not a positive integer", what,
                                    k + 1, (int)flen[k], start[k]);
        out[k] = v;
    }
    return n;
}

long sim__cluster_product(const struct sim__cluster *c, const long *v, int n, const char *expect)
{
    long p = 1;

    for (int k = 0; k < n; k++) {
        if (p > MAX_NODES / v[k])
            sim__cluster_bad_params(c, expect, "more than %ld nodes", MAX_NODES);
        p *= v[k];
    }
    return p;
}

void sim__cluster_check_nodes(const struct sim__cluster *c, long n)
{
    if (c->nradicals < n)
        sim_die("%s:%d: the %s cluster '%s' has %ld nodes (topo_parameters '%s') but its radical "
                "attribute lists %d; list %ld radicals",
                c->file, c->line, c->topology, c->id, n, c->params, c->nradicals, n);
    if (c->nradicals > n)
        SIM_LOG(log_cluster, SIM_LOG_WARN,
                "%s:%d: the %s cluster '%s' has %ld nodes (topo_parameters '%s'): its last %ld "
                "radicals make no host",
                c->file, c->line, c->topology, c->id, n, c->params, (long)c->nradicals - n);
}

static struct sim_link *new_link(struct sim_platform *p, struct sim_zone *z,
                                 const struct sim__cluster *c, const char *name, double bw,
                                 double lat, enum sim__sharing sharing)
{
    int xl = sim__xlink_new(p, name, bw, lat, sharing, c->line);

    if (xl < 0)
        sim_die("%s:%d: the %s cluster '%s' makes a link '%s' that is already declared at line %d",
                c->file, c->line, c->topology, c->id, name,
                sim__xlink_line(p, sim__xlink_find(p, name)));
    sim__xlink_get(p, xl, true)->zone = z;
    sim__xlink_get(p, xl, false)->zone = z;
    return sim__xlink_get(p, xl, true);
}

struct sim_link *sim__cluster_limiter(struct sim_platform *p, struct sim_zone *z,
                                      const struct sim__cluster *c, long k)
{
    char name[512];

    if (c->limiter <= 0)
        return NULL;
    snprintf(name, sizeof(name), "%s_link_%ld_limiter", c->id, k);
    return new_link(p, z, c, name, c->limiter, 0, SIM__SHARED);
}

struct sim_host *sim__cluster_leaf(struct sim_platform *p, struct sim_zone *z,
                                   const struct sim__cluster *c, int i, struct sim__leaf *leaf)
{
    struct sim_host *h = c->host_new(c, z, c->radicals[i]);
    char name[512];

    leaf->loopback = NULL;
    if (c->lb_bw > 0 || c->lb_lat > 0) {
        snprintf(name, sizeof(name), "%s_link_%d_loopback", c->id, c->radicals[i]);
        leaf->loopback = new_link(p, z, c, name, c->lb_bw, c->lb_lat, SIM__FATPIPE);
    }
    leaf->limiter = sim__cluster_limiter(p, z, c, i);
    return h;
}

void sim__cluster_link(struct sim_platform *p, struct sim_zone *z, const struct sim__cluster *c,
                       const char *name, double bw, struct sim_link **up, struct sim_link **down)
{
    char split[512];

    if (c->sharing != SIM__SPLITDUPLEX) {
        *up = *down = new_link(p, z, c, name, bw, c->lat, SIM__SHARED);
        return;
    }
    snprintf(split, sizeof(split), "%s_UP", name);
    *up = new_link(p, z, c, split, bw, c->lat, SIM__SHARED);
    snprintf(split, sizeof(split), "%s_DOWN", name);
    *down = new_link(p, z, c, split, bw, c->lat, SIM__SHARED);
}
