/* platform_impl: the routing model shared by platform.c (model, names, builder, routing)
 * and platform_xml*.c (parser). Private to the platform files. */
#ifndef SIM_PLATFORM_IMPL_H
#define SIM_PLATFORM_IMPL_H

#include <stdbool.h>

#include "simcore/internal.h"
#include "simcore/platform.h"

enum sim__routing {
    SIM__ROUTING_FULL,
    SIM__ROUTING_FLOYD,
    SIM__ROUTING_DIJKSTRA,
    SIM__ROUTING_STAR, /* <cluster> and routing="Cluster": up/down lists per member */
    SIM__ROUTING_NONE,
    SIM__ROUTING_TORUS,     /* <cluster topology="TORUS">: routing_torus.c */
    SIM__ROUTING_FAT_TREE,  /* <cluster topology="FAT_TREE">: routing_fat_tree.c */
    SIM__ROUTING_DRAGONFLY, /* <cluster topology="DRAGONFLY">: routing_dragonfly.c */
    SIM__ROUTING_VIVALDI,   /* routing="Vivaldi": a star with coordinates */
};

enum sim__np_kind {
    SIM__NP_HOST,
    SIM__NP_ROUTER,
    SIM__NP_ZONE,
};

/* A network point: a host, a router or a zone, named in one platform-wide namespace. */
struct sim__netpoint {
    char *name;
    enum sim__np_kind kind;
    int line;              /* where it was declared, for duplicate-id messages */
    struct sim_zone *zone; /* enclosing zone (NULL for the root zone) */
    int member;            /* index in zone->members */
    struct sim_host *host; /* SIM__NP_HOST */
    struct sim_zone *self; /* SIM__NP_ZONE */
    bool is_gateway;       /* named as gw_src/gw_dst of a route, or a cluster router */
    bool has_coords;       /* coordinates="x y z" of a host, router or peer (Vivaldi) */
    double coords[3];
};

/* A declared route between two members of a zone, in the direction of use. gw_src/gw_dst are
 * netpoint ids; for a member that is a host or router they are the member itself. */
struct sim__route {
    int src;
    int dst;
    int gw_src;
    int gw_dst;
    int line;
    int nlinks;
    struct sim_link **links;
    struct sim__route *next_out; /* Dijkstra: next edge leaving `src`, in declaration order */
};

/* Star routing (clusters): the links from a member to the centre, from the centre to it, and
 * the loopback used when it talks to itself. */
struct sim__star {
    int nup;
    int ndown;
    int nloop;
    struct sim_link *l[8]; /* up[0..nup), down[nup..nup+ndown), loopback after */
};

struct sim_zone {
    char *name;
    enum sim__routing routing;
    int line;
    struct sim_zone *parent;
    int depth;    /* root: 0 */
    int netpoint; /* its own netpoint id */
    int nmembers; /* hosts, routers and child zones, in document order */
    int capmembers;
    int *members;      /* netpoint ids */
    bool has_children; /* SimGrid's "recursive" mode: no implicit loopback */
    int nprops;
    char **props; /* key, value, ... */
    /* routing tables, built by sim__zone_seal */
    int nroutes;
    int caproutes;
    struct sim__route **routes;   /* declared, in document order (reverses included) */
    struct sim__route **table;    /* Full and Floyd: nmembers x nmembers, NULL = none */
    int *pred;                    /* Floyd: predecessor; Dijkstra: per-source predecessor */
    struct sim__route *loop_mark; /* Floyd: marks an implicit loopback entry */
    int *gid;                     /* Dijkstra: graph node id of each member, -1 if absent */
    int *gnode;                   /* Dijkstra: member of each graph node */
    int ngnodes;
    struct sim__route **out; /* Dijkstra: first edge leaving each graph node */
    int *scratch;            /* Floyd/Dijkstra: path under construction */
    struct sim__star *star;  /* Star: one per member (members >= nstar have no links) */
    int nstar;
    void *topo;    /* TORUS, FAT_TREE, DRAGONFLY: the routing file's own data */
    int nbypass;   /* <bypassRoute>/<bypassZoneRoute> declared here: src, dst and */
    int capbypass; /* gateways are netpoint ids (not member indexes) */
    struct sim__route **bypass;
};

/* ---- platform.c: model and builder, used by the parser ---- */
struct sim_platform *sim__platform_new(void);
/* Creates a zone (the root when parent is NULL). Returns NULL if the name is taken. */
struct sim_zone *sim__zone_new(struct sim_platform *p, struct sim_zone *parent, const char *name,
                               enum sim__routing routing, int line);
/* Creates a host or router in `z`; NULL if the name is taken. */
struct sim_host *sim__host_new(struct sim_platform *p, struct sim_zone *z, const char *name,
                               double speed, int cores, int line);
int sim__router_new(struct sim_platform *p, struct sim_zone *z, const char *name, int line);
/* Creates an XML link: one sim_link, or "<name>_UP" and "<name>_DOWN" when split. Returns its
 * XML index, or -1 if the name is taken. */
enum sim__sharing {
    SIM__SHARED,
    SIM__SPLITDUPLEX,
    SIM__FATPIPE,
};
int sim__xlink_new(struct sim_platform *p, const char *name, double bw, double lat,
                   enum sim__sharing sharing, int line);
/* XML link by name (-1 if unknown), its sharing, its line, and its sim_link for a direction
 * (up=true for UP or unsplit). */
int sim__xlink_find(const struct sim_platform *p, const char *name);
bool sim__xlink_is_split(const struct sim_platform *p, int xl);
struct sim_link *sim__xlink_get(const struct sim_platform *p, int xl, bool up);
int sim__xlink_line(const struct sim_platform *p, int xl);
/* Netpoint id by name, or -1. */
int sim__netpoint_find(const struct sim_platform *p, const char *name);
struct sim__netpoint *sim__netpoint(const struct sim_platform *p, int id);
/* Appends a key/value pair (copied) to a property list. */
void sim__props_add(int *n, char ***props, const char *key, const char *value);
void sim__platform_config_add(struct sim_platform *p, const char *key, const char *value);
/* Adds a route to zone `z` (src/dst are netpoint ids of members) through fwd[0..n) and, when
 * symmetrical, its reverse through back[n-1..0] (back[i] is fwd[i] with UP and DOWN swapped).
 * Duplicates are reported by sim__platform_seal, with `line`. */
void sim__zone_add_route(struct sim_platform *p, struct sim_zone *z, int src, int dst, int gw_src,
                         int gw_dst, struct sim_link *const *fwd, struct sim_link *const *back,
                         int n, bool symmetrical, int line);
/* The star entry of a member of a star zone. */
struct sim__star *sim__zone_star(struct sim_zone *z, int member);

/* Counters that SimGrid 3.32 keeps in static variables, so that they run over every cluster of
 * one kind in a platform: fat-tree leaf positions (they steer its d-mod-k routing) and the
 * suffixes of fat-tree and dragonfly link names. sim__platform_next returns and increments. */
enum sim__counter {
    SIM__FAT_TREE_POSITION,
    SIM__FAT_TREE_LINK,
    SIM__DRAGONFLY_LINK,
    SIM__NCOUNTERS,
};
int sim__platform_next(struct sim_platform *p, enum sim__counter k);

/* A <cluster> with topology TORUS, FAT_TREE or DRAGONFLY as the parser read it. The topology
 * builders (routing_torus.c, routing_fat_tree.c, routing_dragonfly.c) create its hosts through
 * host_new, which the parser provides (host attributes are its business), then each host's
 * loopback and limiter links and the topology's links, with SimGrid 3.32's names. */
struct sim__cluster {
    const char *id;
    const char *file; /* where it is declared, for the messages */
    int line;
    const char *topology;
    const char *params; /* topo_parameters */
    const int *radicals;
    int nradicals;
    double bw;
    double lat;
    enum sim__sharing sharing;
    double limiter; /* limiter_link: 0 for none */
    double lb_bw;   /* loopback, when lb_bw > 0 or lb_lat > 0 */
    double lb_lat;
    /* creates the host of radical r in z (dies on a duplicate name) */
    struct sim_host *(*host_new)(const struct sim__cluster *c, struct sim_zone *z, int r);
    const void *ctx; /* the parser's */
};
void sim__torus_build(struct sim_platform *p, struct sim_zone *z, const struct sim__cluster *c);
void sim__fat_tree_build(struct sim_platform *p, struct sim_zone *z, const struct sim__cluster *c);
void sim__dragonfly_build(struct sim_platform *p, struct sim_zone *z, const struct sim__cluster *c);

/* Adds a bypass route to zone z (src, dst, gw_src, gw_dst are netpoint ids; gateways are -1
 * for a <bypassRoute>). Returns false if z already has one from src to dst. */
bool sim__zone_add_bypass(struct sim_zone *z, int src, int dst, int gw_src, int gw_dst,
                          struct sim_link *const *links, int n, int line);

/* ---- routing.c ---- */
/* Builds the routing tables of every zone; dies with "<file>:<line>: ..." on a route declared
 * twice. Missing routes are reported when a message needs them (sim_route). */
void sim__platform_seal(struct sim_platform *p, const char *file);
void sim__zone_free_routing(struct sim_zone *z);
/* "Full", "Floyd", ..., "Vivaldi", "TORUS cluster", for the messages. */
const char *sim__routing_name(enum sim__routing r);

/* ---- platform_profile.c: profiles of hosts and links, <trace> and <trace_connect> ---- */
/* `name` along SimGrid's lookup path ("./", the "path" option's folders, the folder of
 * platform_file): the path found (malloc'd), or NULL. */
char *sim__platform_find_file(const char *name, const char *platform_file);
/* The profile in file `name` (read once per platform, then shared), or dies naming file:line of
 * the attribute and `what` ("speed_file of host 'A'") or the profile's own line. */
struct sim__profile *sim__platform_profile_file(struct sim_platform *p, const char *name,
                                                const char *file, int line, const char *what);
/* Gives the host or link a profile of `kind`; dies when it has another one of that kind. */
void sim__host_set_profile(struct sim_host *h, enum sim__res_kind kind, struct sim__profile *prof,
                           const char *file, int line);
void sim__link_set_profile(struct sim_link *l, enum sim__res_kind kind, struct sim__profile *prof,
                           const char *file, int line);
/* The <trace>s and <trace_connect>s of one document: traces are defined as they are read
 * (inline text, or a file that ignores periodicity, as SimGrid), connections checked against
 * the traces defined before them, and applied once the whole platform exists. kind NULL: absent
 * (SimGrid 3.32 then takes SPEED). */
struct sim__traces;
struct sim__traces *sim__traces_new(void);
void sim__traces_define(struct sim__traces *t, struct sim_platform *p, const char *id,
                        const char *path, const char *text, double periodicity, const char *file,
                        int line);
void sim__traces_connect(struct sim__traces *t, const char *kind, const char *trace,
                         const char *element, const char *file, int line);
void sim__traces_apply(const struct sim__traces *t, struct sim_platform *p, const char *file);
void sim__traces_free(struct sim__traces *t);

#endif /* SIM_PLATFORM_IMPL_H */
