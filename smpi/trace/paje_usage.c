/* paje_usage: the resource-usage variables of -trace-resource (tracing/uncategorized), as
 * SimGrid 3.32's instr_platform.cpp records them: per host "speed_used", per link
 * "bandwidth_used". SimGrid adds an activity's share of a resource when the activity ends, over
 * the interval since its rate was last set (on_action_state_change), and subtracts it at the
 * end of that interval; the first time a variable is touched it is set to 0. simcore's usage
 * hook reports exactly those intervals. Under tracing/categorized the share of an activity
 * with a category (TRACE_smpi_set_category) also goes to that category's variable, "p<name>"
 * or "b<name>" (paje_category.c), in the same way: what SimGrid's resource_set_utilization
 * means to do; SMPI 3.32 adds it to speed_used or bandwidth_used instead, a second time, and
 * aborts when they are not declared. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "simcore/simcore.h"
#include "smpi/internal.h"
#include "smpi/trace/paje.h"

/* The containers whose variable of one type was set to 0 already. */
struct seen {
    unsigned char *v; /* by container number */
    int cap;
};

static struct {
    struct seen plain; /* speed_used, bandwidth_used */
    struct seen *cats; /* cats[id]: category id's variables */
    int ncats;
    bool categorized;
} us;

static void add_sub(struct seen *seen, int type, int container, double value, double since,
                    double now)
{
    int prec = smpi__rt.cfg.tracing_precision;

    if (container >= seen->cap) {
        int cap = 2 * container + 16;

        seen->v = sim_xrealloc(seen->v, (size_t)cap);
        memset(seen->v + seen->cap, 0, (size_t)(cap - seen->cap));
        seen->cap = cap;
    }
    if (!seen->v[container]) {
        seen->v[container] = 1;
        smpi__paje_event(8, since, "%d %d %.*f", type, container, prec, 0.0);
    }
    smpi__paje_event(9, since, "%d %d %.*f", type, container, prec, value);
    smpi__paje_event(10, now, "%d %d %.*f", type, container, prec, value);
}

static struct seen *category_seen(int id)
{
    if (id >= us.ncats) {
        us.cats = sim_xrealloc(us.cats, (size_t)(id + 1) * sizeof(*us.cats));
        memset(us.cats + us.ncats, 0, (size_t)(id + 1 - us.ncats) * sizeof(*us.cats));
        us.ncats = id + 1;
    }
    return &us.cats[id];
}

static void on_usage(void *arg, const struct sim_host *host, const struct sim_link *link,
                     int category, double value, double since)
{
    int type = 0;
    int depth = 0;
    int container;

    (void)arg;
    if (value == 0)
        return; /* SimGrid skips a null share */
    container = host ? smpi__paje_host_usage(host, &type, &depth)
                     : smpi__paje_link_usage(link, &type, &depth);
    if (!container)
        return;
    if (type)
        add_sub(&us.plain, type, container, value, since, sim_now());
    if (category && us.categorized) {
        int ctype = smpi__paje_category_type(category, host != NULL, depth);

        if (ctype)
            add_sub(category_seen(category), ctype, container, value, since, sim_now());
    }
}

bool smpi__paje_usage_start(void)
{
    us.categorized = smpi__rt.cfg.tracing_categorized && smpi__paje_depths() > 0;
    if (!smpi__paje_usage_declared() && !us.categorized)
        return false;
    sim_engine_set_usage_hook(on_usage, NULL);
    return true;
}

void smpi__paje_usage_end(void)
{
    sim_engine_set_usage_hook(NULL, NULL);
    free(us.plain.v);
    for (int i = 0; i < us.ncats; i++)
        free(us.cats[i].v);
    free(us.cats);
    memset(&us, 0, sizeof(us));
}
