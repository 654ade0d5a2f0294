/* platform_util: what the platform and routing tests share: documents built from strings,
 * routes printed as link names, and the checks that a load or a route ends the run. */
#ifndef TEST_PLATFORM_UTIL_H
#define TEST_PLATFORM_UTIL_H

#include <math.h>
#include <stdbool.h>

#include "simcore/simcore.h"

#define HEAD "<?xml version='1.0'?><platform version=\"4.1\">"
#define TAIL "</platform>"

static inline bool near(double a, double b)
{
    return fabs(a - b) <= 1e-9 * fabs(b) + 1e-15;
}

/* One expected route: its links from src to dst as "l1 l2 ..." and its latency (seconds; a
 * negative value is not checked). */
struct route_case {
    const char *src;
    const char *dst;
    const char *links;
    double lat;
};
#define NCASES(a) (sizeof(a) / sizeof((a)[0]))

/* Checks the routes of cases[0, n) on platform p; expect_routes loads `xml` for it. */
void check_routes(const struct sim_platform *p, const struct route_case *cases, size_t n);
void expect_routes(const char *xml, const struct route_case *cases, size_t n);
/* The route a -> b as "l1 l2 ..." (a static buffer), and its latency. */
const char *route_str(const struct sim_platform *p, const char *a, const char *b, double *lat);
/* Loads `xml` in a child process; asserts it exits with status 1 and `msg` in its stderr. */
void expect_die(const char *xml, const char *msg);
/* Loads `xml` (which must load) and asks for the route a -> b in a child process; asserts it
 * exits with status 1 and `msg` in its stderr. */
void expect_route_die(const char *xml, const char *a, const char *b, const char *msg);

/* Runs n messages at once on the platform `xml` under `model`, message k from host
 * ends[2k] to host ends[2k+1] with bytes[k] bytes; returns in done[k] the date each one ends. */
void run_comms(const char *xml, enum sim_net_model model, int n, const char *const *ends,
               const double *bytes, double *done);

/* One message of `bytes` from src to dst, alone on the platform under the raw model: asserts
 * that it ends at `want` seconds. */
void expect_comm_time(const char *xml, const char *src, const char *dst, double bytes, double want);

#endif /* TEST_PLATFORM_UTIL_H */
