/* hostfile: where ranks run. A hostfile is read as SMPI 3.32's smpirun and smpi_deployment
 * read it; without one, ranks go round robin over the platform's hosts in name order, as SMPI
 * takes them (Engine::get_all_hosts sorts them). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "smpi/internal.h"

SIM_LOG_CATEGORY(log_root, "");

/* An empty hostfile fails SMPI's assertion (smpi_deployment.cpp): a root CRITICAL line, then
 * abort, whose status 134 SimGrid's tests expect. No core file: the input is wrong, not us. */
static void die_empty(const char *path)
{
    struct rlimit no_core = { .rlim_cur = 0, .rlim_max = 0 };

    SIM_LOG(log_root, SIM_LOG_CRITICAL, "smpirun: the hostfile '%s' is empty", path);
    fflush(NULL);
    setrlimit(RLIMIT_CORE, &no_core);
    abort();
}

/* The host named by line[0, len): that exact name (host names may hold spaces), else the name
 * without its surrounding blanks (a trailing blank or CR that SMPI would refuse). */
static struct sim_host *find_host(struct sim_platform *plat, const char *line, size_t len)
{
    char name[1024];
    struct sim_host *h;
    size_t a = 0;

    snprintf(name, sizeof(name), "%.*s", (int)len, line);
    h = sim_platform_host_by_name(plat, name);
    if (h)
        return h;
    while (a < len && isspace((unsigned char)line[a]))
        a++;
    while (len > a && isspace((unsigned char)line[len - 1]))
        len--;
    snprintf(name, sizeof(name), "%.*s", (int)(len - a), line + a);
    return sim_platform_host_by_name(plat, name);
}

static bool is_blank(const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (!isspace((unsigned char)s[i]))
            return false;
    return true;
}

/* One line of the hostfile (without its newline): its host in *h and how many ranks it takes.
 * When the file holds a ':' anywhere, SMPI's smpirun reads each line as NAME:COUNT, NAME being
 * everything before the last ':' (spaces included), and a line without ':' as one host; else
 * every line is one host name. Blank lines and lines starting with '#' take no rank. */
static long read_line(struct sim_platform *plat, const char *path, int lineno, char *line,
                      bool counts, struct sim_host **h)
{
    char *colon = counts ? strrchr(line, ':') : NULL;
    size_t len = colon ? (size_t)(colon - line) : strlen(line);
    long count = 1;

    if (colon) {
        char *end;

        errno = 0;
        count = strtol(colon + 1, &end, 10);
        while (isspace((unsigned char)*end))
            end++;
        if (end == colon + 1 || *end || errno || count < 0 || count > 10000000)
            sim_die("%s:%d: bad rank count '%s' after the last ':'; expected host:N", path, lineno,
                    colon + 1);
    }
    if (is_blank(line, len) || count == 0)
        return 0;
    *h = find_host(plat, line, len);
    if (*h)
        return count;
    if (line[strspn(line, " \t")] == '#')
        return 0;
    sim_die("%s:%d: unknown host '%.*s' (not in the platform)", path, lineno, (int)len, line);
}

int smpi__hostfile_read(const char *path, struct sim_platform *plat, struct sim_host ***out)
{
    FILE *f = fopen(path, "r");
    struct sim_host **hosts = NULL;
    char *line = NULL;
    size_t cap = 0;
    ssize_t got;
    bool counts = false;
    int lineno = 0;
    int n = 0;

    if (!f)
        sim_die("cannot open hostfile %s: %m", path);
    while ((got = getline(&line, &cap, f)) >= 0)
        counts = counts || memchr(line, ':', (size_t)got);
    rewind(f);
    while ((got = getline(&line, &cap, f)) >= 0) {
        struct sim_host *h = NULL;
        long count;

        if (got > 0 && line[got - 1] == '\n')
            line[--got] = '\0';
        count = read_line(plat, path, ++lineno, line, counts, &h);
        hosts = sim_xrealloc(hosts, (size_t)(n + count + 1) * sizeof(*hosts));
        while (count-- > 0)
            hosts[n++] = h;
    }
    free(line);
    fclose(f);
    if (n == 0)
        die_empty(path);
    *out = hosts;
    return n;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(sim_host_name(*(struct sim_host *const *)a),
                  sim_host_name(*(struct sim_host *const *)b));
}

int smpi__hosts_by_name(struct sim_platform *plat, struct sim_host ***out)
{
    int n = sim_platform_host_count(plat);
    struct sim_host **hosts = sim_xcalloc((size_t)n, sizeof(*hosts));

    for (int i = 0; i < n; i++)
        hosts[i] = sim_platform_host(plat, i);
    qsort(hosts, (size_t)n, sizeof(*hosts), by_name);
    *out = hosts;
    return n;
}
