/* platform_util: shared helpers of the platform and routing tests (see platform_util.h). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

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

/* Runs the load of `xml` (and, with a and b, the route a -> b) in a child process; asserts it
 * exits with status 1 and `msg` in its stderr. */
static void expect_exit_1(const char *xml, const char *a, const char *b, const char *msg)
{
    char out[4096] = "";
    int fd[2];
    int status;
    ssize_t n;
    size_t len = 0;
    pid_t pid;

    cr_assert_eq(pipe(fd), 0);
    pid = fork();
    cr_assert(pid >= 0);
    if (pid == 0) {
        struct sim_platform *p;

        close(fd[0]);
        dup2(fd[1], 2);
        p = sim_platform_load_string(xml, "t.xml");
        if (a && b)
            sim_route(p, sim_platform_host_by_name(p, a), sim_platform_host_by_name(p, b), NULL, 0,
                      NULL);
        _exit(0);
    }
    close(fd[1]);
    while ((n = read(fd[0], out + len, sizeof(out) - 1 - len)) > 0)
        len += (size_t)n;
    out[len] = '\0';
    close(fd[0]);
    waitpid(pid, &status, 0);
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 1, "exit status 1 for: %s", msg);
    cr_assert(strstr(out, msg), "stderr '%s' contains '%s'", out, msg);
}

void expect_die(const char *xml, const char *msg)
{
    expect_exit_1(xml, NULL, NULL, msg);
}

void expect_route_die(const char *xml, const char *a, const char *b, const char *msg)
{
    struct sim_platform *p = sim_platform_load_string(xml, "t.xml");

    cr_assert(sim_platform_host_by_name(p, a) && sim_platform_host_by_name(p, b),
              "hosts %s and %s exist", a, b);
    sim_platform_free(p);
    expect_exit_1(xml, a, b, msg);
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
