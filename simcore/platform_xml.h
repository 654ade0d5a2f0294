/* platform_xml: what platform_xml.c (the parser) shares with platform_xml_net.c (bypass routes,
 * Vivaldi and routing="Cluster" zones). Private to those files. */
#ifndef SIM_PLATFORM_XML_H
#define SIM_PLATFORM_XML_H

#include <stdbool.h>

#include <libxml/tree.h>

#include "simcore/platform_impl.h"

struct px; /* the parse of one document (platform_xml.c) */

/* ---- platform_xml.c: the parser's helpers, as its own functions use them ---- */
struct sim_platform *sim__px_platform(const struct px *c);
const char *sim__px_file(const struct px *c);
/* Ends the run with "file:line: message" for element n. */
void sim__px_die(const struct px *c, const xmlNode *n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4), noreturn));
/* Value of attribute `name`, or NULL. */
const char *sim__px_attr(const xmlNode *n, const char *name);
/* Rejects unknown attributes, warns about ignored ones ("~name") and requires "*name". */
void sim__px_check_attrs(const struct px *c, const xmlNode *n, const char *const *spec);
/* Attribute with a unit of kind 's', 't', 'b' or 'f'; `dflt` when absent or empty. */
double sim__px_unit(const struct px *c, const xmlNode *n, const char *name, char kind, double dflt);
/* Radicals "0-3,5,7-9" of attribute radical in order; their number, the list in *out. */
int sim__px_radicals(const struct px *c, const xmlNode *n, int **out);
/* A host of one core in z; dies on a duplicate name. */
struct sim_host *sim__px_host(const struct px *c, const xmlNode *n, struct sim_zone *z,
                              const char *name, double speed);
/* An XML link of zone z (see sim__xlink_new); dies on a duplicate name. */
int sim__px_xlink(const struct px *c, const xmlNode *n, struct sim_zone *z, const char *id,
                  double bw, double lat, enum sim__sharing sharing);
/* The <link_ctn> children of n: their number, the links in *fwd (valid until the next call). */
int sim__px_link_ctns(struct px *c, const xmlNode *n, struct sim_link ***fwd);
/* Netpoint named by attribute a of n: a host or router inside the zone whose netpoint is
 * `inside`, at any depth (a gateway); marks it as one. */
int sim__px_gateway(const struct px *c, const xmlNode *n, const char *a, int inside);

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
