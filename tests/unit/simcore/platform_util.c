/* platform_util: shared helpers of the platform and routing tests (see platform_util.h). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "tests/unit/child_exit.h"
#include "platform_util.h"

/* The route a -> b as "l1 l2 ...", and its latency. */
const char *route_str(const struct sim_platform *p, const char *a, const char *b, double *lat)
{
    static char buf[2048];
    struct sim_link *links[32];
    struct sim_host *ha = sim_platform_host_by_name(p, a);
    struct sim_host *hb = sim_platform_host_by_name(p, b);
    int n;
    size_t len = 0;

    cr_assert(ha && hb, "hosts %s and %s exist", a, b);
    n = sim_route(p, ha, hb, links, 32, lat);
    cr_assert(n <= 32);
    buf[0] = '\0';
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%s%s", i ? " " : "",
                                sim_link_name(links[i]));
    return buf;
}

void check_routes(const struct sim_platform *p, const struct route_case *cases, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        const struct route_case *r = &cases[k];
        double lat;

        cr_assert_str_eq(route_str(p, r->src, r->dst, &lat), r->links, "route %s -> %s", r->src,
                         r->dst);
        cr_assert(r->lat < 0 || near(lat, r->lat), "latency of %s -> %s: %.12g, expected %.12g",
                  r->src, r->dst, lat, r->lat);
    }
}

void expect_routes(const char *xml, const struct route_case *cases, size_t n)
{
    struct sim_platform *p = sim_platform_load_string(xml, "t.xml");

    check_routes(p, cases, n);
    sim_platform_free(p);
}

struct load_job {
    const char *xml;
    const char *a; /* with b: the route a -> b after the load */
    const char *b;
};

static void load_and_route(const void *arg)
{
    const struct load_job *j = arg;
    struct sim_platform *p = sim_platform_load_string(j->xml, "t.xml");

    if (j->a && j->b)
        sim_route(p, sim_platform_host_by_name(p, j->a), sim_platform_host_by_name(p, j->b), NULL,
                  0, NULL);
}

void expect_die(const char *xml, const char *msg)
{
    struct load_job j = { xml, NULL, NULL };

    expect_exit_1(load_and_route, &j, msg);
}

void expect_route_die(const char *xml, const char *a, const char *b, const char *msg)
{
    struct sim_platform *p = sim_platform_load_string(xml, "t.xml");

    cr_assert(sim_platform_host_by_name(p, a) && sim_platform_host_by_name(p, b),
              "hosts %s and %s exist", a, b);
    sim_platform_free(p);
    expect_exit_1(load_and_route, &(struct load_job){ xml, a, b }, msg);
}

struct comm_job {
    const char *src;
    const char *dst;
    double bytes;
    double end;
};

static void comm_actor(void *arg)
{
    struct comm_job *j = arg;
    const struct sim_platform *p = sim_engine_platform();
    struct sim_activity *act = sim_comm_start(sim_platform_host_by_name(p, j->src),
                                              sim_platform_host_by_name(p, j->dst), j->bytes, -1);

    sim_activity_wait(act);
    j->end = sim_now();
    sim_activity_unref(act);
}

void run_comms(const char *xml, enum sim_net_model model, int n, const char *const *ends,
               const double *bytes, double *done)
{
    struct comm_job jobs[16];
    struct sim_config cfg;

    cr_assert(n <= 16);
    sim_config_defaults(&cfg, model);
    sim_engine_init(&cfg, sim_platform_load_string(xml, "t.xml"));
    sim_factor_table_free(&cfg.lat_factor);
    sim_factor_table_free(&cfg.bw_factor);
    for (int k = 0; k < n; k++) {
        jobs[k] = (struct comm_job){ ends[2 * k], ends[2 * k + 1], bytes[k], -1 };
        sim_actor_create("comm", sim_platform_host_by_name(sim_engine_platform(), jobs[k].src),
                         comm_actor, &jobs[k]);
    }
    cr_assert_eq(sim_engine_run(), 0);
    for (int k = 0; k < n; k++)
        done[k] = jobs[k].end;
    sim_engine_shutdown();
}

void expect_comm_time(const char *xml, const char *src, const char *dst, double bytes, double want)
{
    const char *ends[] = { src, dst };
    double done;

    run_comms(xml, SIM_NET_RAW, 1, ends, &bytes, &done);
    cr_assert(near(done, want), "%s -> %s: %.12g s, expected %.12g s", src, dst, done, want);
}
