/* platform_xml: what the files of the platform parser share: platform_xml.c (the document,
 * zones, hosts, links, routes, config, traces), platform_xml_read.c (attributes and children),
 * platform_xml_cluster.c (<cluster>), platform_xml_net.c (bypass routes, Vivaldi and
 * routing="Cluster" zones). Private to those files. */
#ifndef SIM_PLATFORM_XML_H
#define SIM_PLATFORM_XML_H

#include <stdbool.h>

#include <libxml/tree.h>

#include "simcore/platform_impl.h"

/* The parse of one document. */
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

/* ---- platform_xml_read.c: reading attributes and children ---- */
int sim__px_line(const xmlNode *n);
/* Ends the run with "file:line: message" for element n. */
void sim__px_die(const struct px *c, const xmlNode *n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4), noreturn));
/* The element's name; whether it is `name`. */
const char *sim__px_ename(const xmlNode *n);
bool sim__px_is(const xmlNode *n, const char *name);
/* Value of attribute `name`, or NULL. */
const char *sim__px_attr(const xmlNode *n, const char *name);
/* Rejects unknown attributes, warns about ignored ones ("~name") and requires "*name". */
void sim__px_check_attrs(const struct px *c, const xmlNode *n, const char *const *spec);
/* Attribute with a unit of kind 's', 't', 'b' or 'f'; `dflt` when absent or empty. */
double sim__px_unit(const struct px *c, const xmlNode *n, const char *name, char kind, double dflt);
/* Attribute core: a positive count, 1 when absent. */
int sim__px_cores(const struct px *c, const xmlNode *n);
/* A speed list "100Mf,50Mf" (one per pstate): their number, the speeds in *out (malloc'd). */
int sim__px_speeds(const struct px *c, const xmlNode *n, const char *name, double **out);
/* Gives host h the pstate speeds (taken over), starting at pstate `pstate` (NULL: 0). */
void sim__px_pstates(const struct px *c, const xmlNode *n, struct sim_host *h, double *speeds,
                     int count, const char *pstate);
/* Index of the attribute's value in the NULL-ended `values`, `dflt` when absent. */
int sim__px_enum(const struct px *c, const xmlNode *n, const char *name, const char *const *values,
                 int dflt);
/* A sharing_policy attribute (FULLDUPLEX is read as SPLITDUPLEX, with a warning). */
enum sim__sharing sim__px_sharing(const struct px *c, const xmlNode *n, const char *name,
                                  enum sim__sharing dflt);
/* Attribute symmetrical: YES (the default) or NO. */
bool sim__px_symmetrical(const struct px *c, const xmlNode *n);
/* Element children only; comments and text are skipped. */
const xmlNode *sim__px_first(const xmlNode *n);
const xmlNode *sim__px_next(const xmlNode *n);
/* Dies: child n of `parent` is not one of `valid`. */
void sim__px_unexpected(const struct px *c, const xmlNode *n, const xmlNode *parent,
                        const char *valid) __attribute__((noreturn));
/* The attributes of a <prop>: id and value, both required. */
extern const char *const sim__px_prop_attrs[];
/* The <prop> k appended to (*np, *props); sim__px_props: every child of n, which must all be
 * <prop>s. */
void sim__px_prop(const struct px *c, const xmlNode *k, int *np, char ***props);
void sim__px_props(const struct px *c, const xmlNode *n, int *np, char ***props);
/* Dies: `what` id is already a netpoint. */
void sim__px_dup(const struct px *c, const xmlNode *n, const char *what, const char *id)
    __attribute__((noreturn));
/* An XML link of zone z (see sim__xlink_new); dies on a duplicate name. */
int sim__px_xlink(const struct px *c, const xmlNode *n, struct sim_zone *z, const char *id,
                  double bw, double lat, enum sim__sharing sharing);
/* A host of one core in z; dies on a duplicate name. */
struct sim_host *sim__px_host(const struct px *c, const xmlNode *n, struct sim_zone *z,
                              const char *name, double speed);
/* Radicals "0-3,5,7-9" of attribute radical in order; their number, the list in *out. */
int sim__px_radicals(const struct px *c, const xmlNode *n, int **out);

/* ---- platform_xml.c: routes ---- */
/* The <link_ctn> children of n: their number, the links in *fwd (valid until the next call). */
int sim__px_link_ctns(struct px *c, const xmlNode *n, struct sim_link ***fwd);
/* Netpoint named by attribute a of n: a host or router inside the zone whose netpoint is
 * `inside`, at any depth (a gateway); marks it as one. */
int sim__px_gateway(const struct px *c, const xmlNode *n, const char *a, int inside);

/* ---- platform_xml_cluster.c ---- */
/* A <cluster> in zone parent (NULL: the root): FLAT, or TORUS, FAT_TREE or DRAGONFLY. */
void sim__px_cluster(const struct px *c, const xmlNode *n, struct sim_zone *parent);

/* ---- platform_xml_net.c ---- */
/* Reads child k of zone z if it is a <bypassRoute>, <bypassZoneRoute>, <bypassASroute>,
 * <peer>, <cabinet>, <host_link> or <backbone>; returns false for any other element. */
bool sim__px_net_element(struct px *c, const xmlNode *k, struct sim_zone *z);
/* At the end of zone n: a routing="Cluster" zone gets its backbone, host_links and cabinets,
 * in that order, as SimGrid 3.32 builds them when the zone closes. */
void sim__px_net_zone_end(struct px *c, const xmlNode *n, struct sim_zone *z);
/* coordinates="x y z" of host, router or peer n, kept on netpoint np (for Vivaldi routing). */
void sim__px_coords(const struct px *c, const xmlNode *n, int np);

#endif /* SIM_PLATFORM_XML_H */
