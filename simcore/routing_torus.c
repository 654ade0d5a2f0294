/* routing_torus: <cluster topology="TORUS" topo_parameters="d1,d2,...">, as SimGrid 3.32's
 * TorusZone. Node n has coordinates (n / (d1...dk-1)) mod dk; along each dimension it owns one
 * link to its next neighbour (wrapping around), "<id>_link_from_<n>_to_<next>". A route moves
 * along the first dimension that differs, then the next, each hop in the direction chosen from
 * the source's coordinates. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simcore/routing.h"

#define TORUS_EXPECT "the number of nodes along each dimension, as in \"3,2,2\""
#define MAX_DIMS 32

struct torus {
    int ndims;
    unsigned long dims[MAX_DIMS];
    unsigned long nnodes;
    struct sim_link **up; /* up[n * ndims + k]: node n to its next neighbour along k */
    struct sim_link **down;
    struct sim__leaf *leaf;
};

void sim__torus_build(struct sim_platform *p, struct sim_zone *z, const struct sim__cluster *c)
{
    struct torus *t = sim_xcalloc(1, sizeof(*t));
    long dims[MAX_DIMS];
    char name[512];

    t->ndims = sim__cluster_ints(c, c->params, strlen(c->params), dims, MAX_DIMS, "dimension",
                                 TORUS_EXPECT);
    t->nnodes = (unsigned long)sim__cluster_product(c, dims, t->ndims, TORUS_EXPECT);
    sim__cluster_check_nodes(c, (long)t->nnodes);
    for (int k = 0; k < t->ndims; k++)
        t->dims[k] = (unsigned long)dims[k];
    t->up = sim_xcalloc(t->nnodes * (size_t)t->ndims, sizeof(*t->up));
    t->down = sim_xcalloc(t->nnodes * (size_t)t->ndims, sizeof(*t->down));
    t->leaf = sim_xcalloc(t->nnodes, sizeof(*t->leaf));
    z->topo = t;
    for (unsigned long n = 0; n < t->nnodes; n++) {
        unsigned long prod = 1;

        sim__cluster_leaf(p, z, c, (int)n, &t->leaf[n]);
        for (int k = 0; k < t->ndims; k++) {
            unsigned long d = t->dims[k];
            unsigned long next = (n / prod) % d == d - 1 ? n - (d - 1) * prod : n + prod;

            snprintf(name, sizeof(name), "%s_link_from_%lu_to_%lu", c->id, n, next);
            sim__cluster_link(p, z, c, name, c->bw, &t->up[n * (size_t)t->ndims + (size_t)k],
                              &t->down[n * (size_t)t->ndims + (size_t)k]);
            prod *= d;
        }
    }
}

/* Along dimension k, going up (to larger coordinates, wrapping) if the target is at most half
 * the ring ahead of the source, or if the source is past the middle and the wrapped target is
 * close enough behind; TorusZone decides once from the source's coordinate, not per hop. */
static bool goes_up(unsigned long me, unsigned long target, unsigned long d)
{
    return (target > me && target <= me + d / 2) || (me > d / 2 && (me + d / 2) % d >= target);
}

void sim__torus_route(struct sim__rt *o, const struct sim_zone *z, int i, int j)
{
    const struct torus *t = z->topo;
    unsigned long src = (unsigned long)i;
    unsigned long dst = (unsigned long)j;
    unsigned long cur = src;

    if (i == j && t->leaf[i].loopback) {
        sim__rt_add(o, t->leaf[i].loopback);
        return;
    }
    while (cur != dst) {
        unsigned long prod = 1;
        unsigned long next = cur;
        struct sim_link *l = NULL;

        for (int k = 0; k < t->ndims; k++) {
            unsigned long d = t->dims[k];
            unsigned long at = (cur / prod) % d;

            if (at != (dst / prod) % d) {
                if (goes_up((src / prod) % d, (dst / prod) % d, d)) {
                    next = at == d - 1 ? cur + prod - prod * d : cur + prod;
                    l = t->up[cur * (size_t)t->ndims + (size_t)k];
                } else {
                    next = at == 0 ? cur - prod + prod * d : cur - prod;
                    l = t->down[next * (size_t)t->ndims + (size_t)k];
                }
                break;
            }
            prod *= d;
        }
        if (t->leaf[cur].limiter)
            sim__rt_add(o, t->leaf[cur].limiter);
        sim__rt_add(o, l);
        cur = next;
    }
    if (t->leaf[dst].limiter)
        sim__rt_add(o, t->leaf[dst].limiter);
}

void sim__torus_free(struct sim_zone *z)
{
    struct torus *t = z->topo;

    if (!t)
        return;
    free(t->up);
    free(t->down);
    free(t->leaf);
    free(t);
}
