/* platform: hosts, links, zones and routing (private to simcore). platform.c owns the model
 * and routing, platform_xml*.c the SimGrid XML parser, platform_default.c the built-in cluster. */
#ifndef SIM_PLATFORM_H
#define SIM_PLATFORM_H

#include <stdbool.h>

#include "simcore/simcore.h"

struct sim_lmm_cnst;
struct sim_zone;
struct sim__profile;
struct sim__host_energy;
struct sim__link_energy;

/* A link direction or a shared link as the solver sees it. A SPLITDUPLEX link "L" of the XML
 * becomes two sim_link named "L_UP" and "L_DOWN"; SHARED and FATPIPE links stay one. */
struct sim_link {
    char *name;
    double bandwidth;          /* bytes/s (now: a bandwidth profile changes it) */
    double latency;            /* seconds (now: a latency profile changes it) */
    bool fatpipe;              /* FATPIPE sharing: each flow alone is bounded by bandwidth */
    int index;                 /* position in sim_platform.links */
    struct sim_lmm_cnst *cnst; /* set by the engine when it adopts the platform */
    struct sim_zone *zone;     /* the zone that declares it (NULL: the engine's own) */
    int line;                  /* where it was declared (0: built by the engine) */
    int nprops;
    char **props; /* key, value, ... of the XML link (none for a direction of a SPLITDUPLEX) */
    bool off;     /* turned off by its state profile */
    struct sim__profile *bandwidth_profile; /* bandwidth_file or trace_connect, or NULL */
    struct sim__profile *latency_profile;
    struct sim__profile *state_profile;
    struct sim__link_energy *energy; /* the link_energy plugin's account, NULL when off */
};

struct sim_host {
    char *name;
    double speed; /* flop/s per core: the peak of the current pstate */
    int cores;
    int npstates;
    double *pstate_speeds; /* speed of each pstate (SimGrid's "100Mf,50Mf" lists), owned */
    int pstate;
    double speed_scale; /* factor of the peak its speed profile sets (1 without one) */
    bool off;           /* turned off by its state profile */
    struct sim__profile *speed_profile; /* speed_file or trace_connect SPEED, or NULL */
    struct sim__profile *state_profile; /* state_file or trace_connect HOST_AVAIL, or NULL */
    struct sim__host_energy *energy;    /* the host_energy plugin's account, NULL when off */
    int line;                           /* where it was declared */
    int index;                          /* position in sim_platform.hosts */
    struct sim_lmm_cnst *cpu;           /* set by the engine */
    struct sim_zone *zone;              /* enclosing zone */
    int netpoint;                       /* platform-wide netpoint id, used by routing */
    int nprops;
    char **props; /* key, value, key, value ... */
    int ndisks;
    struct sim_disk *disks;        /* <disk> children, in document order */
    struct sim_disk *default_disk; /* sim_host_default_disk's, or NULL */
};

/* A <disk> of a host: read and write bandwidths (bytes/s) and its "mount" property (or NULL). */
struct sim_disk {
    char *name;
    double read_bw;
    double write_bw;
    char *mount;
    /* SimGrid's disk model S19: every access uses rw (bound max(read_bw, write_bw)) and rd or
     * wr; created by the engine on the disk's first access, NULL before */
    struct sim_lmm_cnst *rw;
    struct sim_lmm_cnst *rd;
    struct sim_lmm_cnst *wr;
};

struct sim_platform {
    char *file; /* the file it was loaded from (messages), or NULL */
    int nhosts;
    struct sim_host **hosts;
    int nlinks;
    struct sim_link **links;
    int nprofiles;
    struct sim__profile **profiles; /* every profile read, owned */
    struct sim_zone *root;          /* routing tree, private to platform.c */
    void *priv;                     /* routing caches and name indexes, private to platform.c */
};

/* sim_route for the engine: *loopback tells that the route is the network model's implicit
 * loopback (0 links returned); with quiet, a missing route returns -1 instead of ending the run. */
int sim__route(const struct sim_platform *p, const struct sim_host *src, const struct sim_host *dst,
               struct sim_link **links, int max, double *latency, bool *loopback, bool quiet);

/* The <config><prop id= value=/></config> pairs of the platform file in document order, as
 * key, value, key, value ...; *n receives the number of pairs. */
const char *const *sim__platform_config(const struct sim_platform *p, int *n);

#endif /* SIM_PLATFORM_H */
