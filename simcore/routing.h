/* routing: what the routing files share (private to the platform files). routing.c walks the
 * zone tree as SimGrid 3.32's NetZoneImpl::get_global_route does (bypass routes included); each
 * routing algorithm has its own file that builds its zone's tables and adds the links between
 * two members of its zone. */
#ifndef SIM_ROUTING_H
#define SIM_ROUTING_H

#include <stdbool.h>

#include "simcore/platform_impl.h"

/* A route under construction: links beyond `max` are counted but not stored. */
struct sim__rt {
    const struct sim_platform *p;
    struct sim_link **buf;
    int max;
    int n;
    double lat;
    int src; /* netpoints of the whole route, for the messages */
    int dst;
    bool quiet; /* a missing route sets `failed` instead of ending the run */
    bool failed;
    bool loopback; /* the network model's implicit loopback (Full, Floyd, Dijkstra self routes) */
};

/* ---- routing.c ---- */
/* Appends a link and adds its latency. */
void sim__rt_add(struct sim__rt *o, struct sim_link *l);
/* The route between two netpoints of the platform, appended to o. */
void sim__rt_global(struct sim__rt *o, int src, int dst);
/* Zone z has no route from its member i to its member j: ends the run naming the hosts of the
 * message, the zone and the members (or marks o as failed when o->quiet). */
void sim__rt_missing(struct sim__rt *o, const struct sim_zone *z, int i, int j);
/* The route of the message cannot be built, for the reason fmt gives: ends the run with
 * "no route from 'A' to 'B': reason" (or marks o as failed when o->quiet). */
void sim__rt_fail(struct sim__rt *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ---- routing_table.c: Full, Floyd, Dijkstra (routes declared in the XML) ---- */
void sim__table_seal(const struct sim_platform *p, struct sim_zone *z, const char *file);
/* src and dst are the netpoints at the ends of this part of the route, i and j the members of
 * z that hold them. */
void sim__table_route(struct sim__rt *o, const struct sim_zone *z, int i, int j, int src, int dst);
void sim__table_free(struct sim_zone *z);

/* ---- routing_star.c: clusters, routing="Cluster" and Vivaldi zones ---- */
void sim__star_route(struct sim__rt *o, const struct sim_zone *z, int i, int j, int src, int dst);

/* ---- routing_cluster.c: what the TORUS, FAT_TREE and DRAGONFLY clusters share ---- */
struct sim__leaf {
    struct sim_link *loopback; /* NULL without loopback_bw/loopback_lat */
    struct sim_link *limiter;  /* NULL without limiter_link */
};
/* Ends the run with "file:line: bad topo_parameters '...' of the <topology> cluster '<id>':
 * <why>; expected <expect>". */
void sim__cluster_bad_params(const struct sim__cluster *c, const char *expect, const char *fmt, ...)
    __attribute__((format(printf, 3, 4), noreturn));
/* Splits s at each sep into at most max fields (start[k], len[k]); returns the number of
 * fields (which may exceed max). */
int sim__cluster_fields(const char *s, char sep, const char **start, size_t *len, int max);
/* The comma-separated positive integers of s[0, len) into out[0, max); returns how many. A bad
 * value is reported as "<what> <k> is '...', not a positive integer". */
int sim__cluster_ints(const struct sim__cluster *c, const char *s, size_t len, long *out, int max,
                      const char *what, const char *expect);
/* The product of v[0, n), refused beyond a hundred million. */
long sim__cluster_product(const struct sim__cluster *c, const long *v, int n, const char *expect);
/* The topology has n nodes: the cluster must list at least n radicals (extra ones make no
 * host, as in SimGrid, with a warning). */
void sim__cluster_check_nodes(const struct sim__cluster *c, long n);
/* Node i: its host (radical i), loopback "<id>_link_<radical>_loopback" (FATPIPE) and limiter
 * "<id>_link_<i>_limiter", in SimGrid's order (ClusterBase::fill_leaf_from_cb). */
struct sim_host *sim__cluster_leaf(struct sim_platform *p, struct sim_zone *z,
                                   const struct sim__cluster *c, int i, struct sim__leaf *leaf);
/* The limiter "<id>_link_<k>_limiter" of a switch or router; NULL without limiter_link. */
struct sim_link *sim__cluster_limiter(struct sim_platform *p, struct sim_zone *z,
                                      const struct sim__cluster *c, long k);
/* A topology link: "<name>_UP" and "<name>_DOWN" in a SPLITDUPLEX cluster, else one SHARED link
 * "<name>" (also in a FATPIPE cluster: SimGrid's topology zones create plain links). Its
 * latency is the cluster's lat. */
void sim__cluster_link(struct sim_platform *p, struct sim_zone *z, const struct sim__cluster *c,
                       const char *name, double bw, struct sim_link **up, struct sim_link **down);

/* ---- routing_torus.c, routing_fat_tree.c, routing_dragonfly.c: member i to member j ---- */
void sim__torus_route(struct sim__rt *o, const struct sim_zone *z, int i, int j);
void sim__fat_tree_route(struct sim__rt *o, const struct sim_zone *z, int i, int j);
void sim__dragonfly_route(struct sim__rt *o, const struct sim_zone *z, int i, int j);
void sim__torus_free(struct sim_zone *z);
void sim__fat_tree_free(struct sim_zone *z);
void sim__dragonfly_free(struct sim_zone *z);

#endif /* SIM_ROUTING_H */
