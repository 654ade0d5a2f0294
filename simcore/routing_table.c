/* routing_table: the zones whose routes are declared in the XML (Full, Floyd, Dijkstra), as
 * SimGrid 3.32's FullZone, FloydZone and DijkstraZone: the tables built at seal time and the
 * lookup between two members. A pair without a route is reported when a message needs it. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <limits.h>
#include <math.h>
#include <stdlib.h>

#include "simcore/routing.h"

/* Marks an implicit loopback entry of a Floyd table (no links: the network model's loopback). */
static struct sim__route loopback_mark;

static const char *member_name(const struct sim_platform *p, const struct sim_zone *z, int m)
{
    return sim__netpoint(p, z->members[m])->name;
}

/* Table of declared routes (nmembers^2); a second route for the same pair is an error. */
static void build_table(const struct sim_platform *p, struct sim_zone *z, const char *file)
{
    int n = z->nmembers;

    z->table = sim_xcalloc((size_t)n * n, sizeof(*z->table));
    for (int k = 0; k < z->nroutes; k++) {
        struct sim__route *r = z->routes[k];
        struct sim__route **cell = &z->table[r->src * n + r->dst];

        if (*cell)
            sim_die("%s:%d: the route from '%s' to '%s' is already defined at line %d (routes are "
                    "symmetrical by default; add symmetrical=\"NO\" to declare each direction)",
                    file, r->line, member_name(p, z, r->src), member_name(p, z, r->dst),
                    (*cell)->line);
        *cell = r;
    }
}

/* All-pairs shortest paths by link count (SimGrid's FloydZone: the cost of a route is its
 * number of links, ties keep the earlier path). O(n^3) at load, O(path) per lookup. */
static void seal_floyd(struct sim_zone *z)
{
    int n = z->nmembers;
    long *cost = sim_xmalloc((size_t)n * n * sizeof(*cost));

    z->pred = sim_xmalloc((size_t)n * n * sizeof(*z->pred));
    for (int i = 0; i < n * n; i++) {
        struct sim__route *r = z->table[i];

        if (!r && i / n == i % n && !z->has_children)
            r = z->table[i] = &loopback_mark;
        cost[i] = r ? (r == &loopback_mark ? 1 : r->nlinks) : LONG_MAX;
        z->pred[i] = r ? i / n : -1;
    }
    for (int c = 0; c < n; c++)
        for (int a = 0; a < n; a++) {
            if (cost[a * n + c] == LONG_MAX)
                continue;
            for (int b = 0; b < n; b++) {
                long via = cost[c * n + b];

                if (via < LONG_MAX && cost[a * n + c] + via < cost[a * n + b]) {
                    cost[a * n + b] = cost[a * n + c] + via;
                    z->pred[a * n + b] = z->pred[c * n + b];
                }
            }
        }
    free(cost);
}

/* A (cost, node) min-heap for Dijkstra; ties go to the lower node id. */
struct pq {
    double *cost;
    int *node;
    int n;
};

static bool pq_less(const struct pq *q, int a, int b)
{
    return q->cost[a] < q->cost[b] || (q->cost[a] == q->cost[b] && q->node[a] < q->node[b]);
}

static void pq_swap(struct pq *q, int a, int b)
{
    double c = q->cost[a];
    int v = q->node[a];

    q->cost[a] = q->cost[b];
    q->node[a] = q->node[b];
    q->cost[b] = c;
    q->node[b] = v;
}

static void pq_push(struct pq *q, double cost, int node)
{
    int i = q->n++;

    q->cost[i] = cost;
    q->node[i] = node;
    for (; i > 0 && pq_less(q, i, (i - 1) / 2); i = (i - 1) / 2)
        pq_swap(q, i, (i - 1) / 2);
}

static int pq_pop(struct pq *q)
{
    int top = q->node[0];
    int i = 0;

    pq_swap(q, 0, --q->n);
    for (;;) {
        int m = i;

        if (2 * i + 1 < q->n && pq_less(q, 2 * i + 1, m))
            m = 2 * i + 1;
        if (2 * i + 2 < q->n && pq_less(q, 2 * i + 2, m))
            m = 2 * i + 2;
        if (m == i)
            return top;
        pq_swap(q, i, m);
        i = m;
    }
}

static double route_latency(const struct sim__route *r)
{
    double lat = 0;

    for (int i = 0; i < r->nlinks; i++)
        lat += r->links[i]->latency;
    return lat;
}

/* Shortest paths by latency (the sum of the latencies of the links of each declared route)
 * from graph node s; pred -1 means unreachable. */
static void dijkstra_from(struct sim_zone *z, int s, double *cost, struct pq *q)
{
    int ng = z->ngnodes;
    int *pred = z->pred + (size_t)s * ng;

    q->n = 0;
    for (int i = 0; i < ng; i++) {
        cost[i] = i == s ? 0 : HUGE_VAL;
        pred[i] = -1;
        pq_push(q, cost[i], i);
    }
    while (q->n > 0) {
        int v = pq_pop(q);

        if (cost[v] == HUGE_VAL)
            continue;
        for (const struct sim__route *e = z->out[v]; e; e = e->next_out) {
            int u = z->gid[e->dst];
            double c = cost[v] + route_latency(e);

            if (c < cost[u]) {
                cost[u] = c;
                pred[u] = v;
                pq_push(q, c, u);
            }
        }
    }
}

/* Graph nodes are numbered in order of first appearance in the routes, edges leave each node
 * in declaration order. Every source is solved once at load and its predecessor row is the
 * per-source cache: this is the connectivity check and makes lookups O(path). */
static void seal_dijkstra(struct sim_zone *z)
{
    int n = z->nmembers;
    struct sim__route **last = sim_xcalloc((size_t)n, sizeof(*last));
    double *cost;
    struct pq q;

    z->gid = sim_xmalloc((size_t)n * sizeof(*z->gid));
    z->gnode = sim_xmalloc((size_t)n * sizeof(*z->gnode));
    z->out = sim_xcalloc((size_t)n, sizeof(*z->out));
    for (int i = 0; i < n; i++)
        z->gid[i] = -1;
    for (int k = 0; k < z->nroutes; k++) {
        struct sim__route *r = z->routes[k];

        for (int end = 0; end < 2; end++) {
            int m = end ? r->dst : r->src;

            if (z->gid[m] < 0) {
                z->gnode[z->ngnodes] = m;
                z->gid[m] = z->ngnodes++;
            }
        }
        if (last[z->gid[r->src]])
            last[z->gid[r->src]]->next_out = r;
        else
            z->out[z->gid[r->src]] = r;
        last[z->gid[r->src]] = r;
    }
    free(last);
    cost = sim_xmalloc((size_t)(z->ngnodes + 1) * sizeof(*cost));
    q.cost = sim_xmalloc((size_t)(z->ngnodes + 1) * (size_t)(z->ngnodes + 1) * sizeof(*q.cost));
    q.node = sim_xmalloc((size_t)(z->ngnodes + 1) * (size_t)(z->ngnodes + 1) * sizeof(*q.node));
    z->pred = sim_xmalloc(((size_t)z->ngnodes * z->ngnodes + 1) * sizeof(*z->pred));
    for (int s = 0; s < z->ngnodes; s++)
        dijkstra_from(z, s, cost, &q);
    free(cost);
    free(q.cost);
    free(q.node);
}

/* True if a lookup from member i to member j of z finds a route. */
static bool zone_connects(const struct sim_zone *z, int i, int j)
{
    int n = z->nmembers;

    switch (z->routing) {
    case SIM__ROUTING_FULL:
        return z->table[i * n + j] != NULL;
    case SIM__ROUTING_FLOYD:
        return z->pred[i * n + j] >= 0;
    case SIM__ROUTING_DIJKSTRA:
        return z->gid[i] >= 0 && z->gid[j] >= 0 &&
               z->pred[(size_t)z->gid[i] * z->ngnodes + z->gid[j]] >= 0;
    default:
        return false;
    }
}

void sim__table_seal(const struct sim_platform *p, struct sim_zone *z, const char *file)
{
    if (z->routing == SIM__ROUTING_NONE)
        return;
    build_table(p, z, file);
    if (z->routing == SIM__ROUTING_FLOYD)
        seal_floyd(z);
    if (z->routing == SIM__ROUTING_DIJKSTRA)
        seal_dijkstra(z);
    if (z->routing == SIM__ROUTING_FLOYD || z->routing == SIM__ROUTING_DIJKSTRA)
        z->scratch = sim_xmalloc((size_t)(z->nmembers + 2) * sizeof(*z->scratch));
}

void sim__table_free(struct sim_zone *z)
{
    free(z->table);
    free(z->pred);
    free(z->gid);
    free(z->gnode);
    free(z->out);
    free(z->scratch);
}

static void emit_route(struct sim__rt *o, const struct sim__route *r)
{
    for (int i = 0; i < r->nlinks; i++)
        sim__rt_add(o, r->links[i]);
}

/* Full: the declared route, with the paths to and from its gateways around it. */
static void route_full(struct sim__rt *o, const struct sim_zone *z, int i, int j, int src, int dst)
{
    const struct sim__route *r = z->table[i * z->nmembers + j];

    if (!r) {
        sim__rt_missing(o, z, i, j);
        return;
    }
    if (r->gw_src != src)
        sim__rt_global(o, src, r->gw_src);
    emit_route(o, r);
    if (r->gw_dst != dst)
        sim__rt_global(o, r->gw_dst, dst);
}

/* Emits the chain of routes path[k-1] -> ... -> path[0] (member indexes), joining successive
 * routes whose gateways differ by a global route between them (Floyd and Dijkstra in zones
 * with child zones). */
static void route_chain(struct sim__rt *o, const struct sim_zone *z, const int *path, int k,
                        int src, int dst)
{
    const struct sim__route *prev = NULL;
    int n = z->nmembers;

    for (int t = k - 1; t >= 1; t--) {
        const struct sim__route *r = z->table[path[t] * n + path[t - 1]];

        if (r == &loopback_mark || (!r && path[t] == path[t - 1]))
            continue;
        if (!prev && r->gw_src != src)
            sim__rt_global(o, src, r->gw_src);
        if (prev && prev->gw_dst != r->gw_src)
            sim__rt_global(o, prev->gw_dst, r->gw_src);
        emit_route(o, r);
        prev = r;
    }
    if (prev && prev->gw_dst != dst)
        sim__rt_global(o, prev->gw_dst, dst);
}

static void route_floyd(struct sim__rt *o, const struct sim_zone *z, int i, int j, int src, int dst)
{
    int n = z->nmembers;
    int k = 0;
    int cur = j;

    if (z->pred[i * n + j] < 0) {
        sim__rt_missing(o, z, i, j);
        return;
    }
    do {
        z->scratch[k++] = cur;
        cur = z->pred[i * n + cur];
    } while (cur != i);
    z->scratch[k++] = i;
    route_chain(o, z, z->scratch, k, src, dst);
}

static void route_dijkstra(struct sim__rt *o, const struct sim_zone *z, int i, int j, int src,
                           int dst)
{
    const int *pred;
    int k = 0;

    if (!zone_connects(z, i, j)) {
        sim__rt_missing(o, z, i, j);
        return;
    }
    pred = z->pred + (size_t)z->gid[i] * z->ngnodes;
    for (int v = z->gid[j]; v != z->gid[i]; v = pred[v])
        z->scratch[k++] = z->gnode[v];
    z->scratch[k++] = i;
    route_chain(o, z, z->scratch, k, src, dst);
}

/* A member to itself: its declared route to itself, else the network model's loopback, which
 * SimGrid's Full, Floyd and Dijkstra zones add at seal time (simmpi also gives it to a host
 * alone in a routing="None" zone, where SimGrid 3.32 aborts). */
void sim__table_route(struct sim__rt *o, const struct sim_zone *z, int i, int j, int src, int dst)
{
    if (i == j) {
        const struct sim__route *r = z->table ? z->table[i * z->nmembers + i] : NULL;

        if (r && r != &loopback_mark)
            emit_route(o, r);
        else
            o->loopback = true;
        return;
    }
    switch (z->routing) {
    case SIM__ROUTING_FULL:
        route_full(o, z, i, j, src, dst);
        break;
    case SIM__ROUTING_FLOYD:
        route_floyd(o, z, i, j, src, dst);
        break;
    case SIM__ROUTING_DIJKSTRA:
        route_dijkstra(o, z, i, j, src, dst);
        break;
    default:
        sim__rt_missing(o, z, i, j);
        break;
    }
}
