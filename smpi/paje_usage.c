/* paje_usage: the resource-usage variables of -trace-resource (tracing/uncategorized), as
 * SimGrid 3.32's instr_platform.cpp records them: per host "speed_used", per link
 * "bandwidth_used". SimGrid adds an activity's share of a resource when the activity ends, over
 * the interval since its rate was last set (on_action_state_change), and subtracts it at the
 * end of that interval; the first time a variable is touched it is set to 0. simcore's usage
 * hook reports exactly those intervals. tracing/categorized adds nothing here: SimGrid traces a
 * categorized share only for activities given a category (TRACE_smpi_set_category), which
 * simmpi does not offer. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "simcore/simcore.h"
#include "smpi/internal.h"
#include "smpi/paje.h"

static struct {
    unsigned char *seen; /* by container number: the variable was set to 0 */
    int cap;
} us;

static void add_sub(int type, int container, double value, double since, double now)
{
    int prec = smpi__rt.cfg.tracing_precision;

    if (container >= us.cap) {
        int cap = 2 * container + 16;

        us.seen = sim_xrealloc(us.seen, (size_t)cap);
        memset(us.seen + us.cap, 0, (size_t)(cap - us.cap));
        us.cap = cap;
    }
    if (!us.seen[container]) {
        us.seen[container] = 1;
        smpi__paje_event(8, since, "%d %d %.*f", type, container, prec, 0.0);
    }
    smpi__paje_event(9, since, "%d %d %.*f", type, container, prec, value);
    smpi__paje_event(10, now, "%d %d %.*f", type, container, prec, value);
}

static void on_usage(void *arg, const struct sim_host *host, const struct sim_link *link,
                     double value, double since)
{
    int type = 0;
    int container;

    (void)arg;
    if (value == 0)
        return; /* SimGrid skips a null share */
    container = host ? smpi__paje_host_usage(host, &type) : smpi__paje_link_usage(link, &type);
    if (container && type)
        add_sub(type, container, value, since, sim_now());
}

bool smpi__paje_usage_start(void)
{
    if (!smpi__paje_usage_declared())
        return false;
    sim_engine_set_usage_hook(on_usage, NULL);
    return true;
}

void smpi__paje_usage_end(void)
{
    sim_engine_set_usage_hook(NULL, NULL);
    free(us.seen);
    us.seen = NULL;
    us.cap = 0;
}
