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
const char *sim__routing_name(enum sim__routing r);

/* ---- routing_table.c: Full, Floyd, Dijkstra (routes declared in the XML) ---- */
void sim__table_seal(const struct sim_platform *p, struct sim_zone *z, const char *file);
/* src and dst are the netpoints at the ends of this part of the route, i and j the members of
 * z that hold them. */
void sim__table_route(struct sim__rt *o, const struct sim_zone *z, int i, int j, int src, int dst);
void sim__table_free(struct sim_zone *z);

/* ---- routing_star.c: clusters, routing="Cluster" and Vivaldi zones ---- */
void sim__star_route(struct sim__rt *o, const struct sim_zone *z, int i, int j, int src, int dst);

#endif /* SIM_ROUTING_H */
