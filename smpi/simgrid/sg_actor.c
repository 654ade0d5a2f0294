/* sg_actor: SimGrid's C actor calls about the calling rank (include/simgrid/actor.h). A rank is
 * the actor smpirun started for it: pid rank + 1, name its rank, parent maestro. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <string.h>

#include <simgrid/actor.h>
#include <smpi.h>

#include "smpi/internal.h"
#include "smpi/trace/ti.h"

/* The calling rank; outside one, the run ends naming the call. */
static struct smpi_process *self_or_die(const char *call)
{
    struct smpi_process *p = smpi__self();

    if (!p)
        sim_die("%s called outside a simulated rank (from the simulator itself)", call);
    return p;
}

aid_t sg_actor_self_get_pid(void)
{
    return sim_actor_pid(self_or_die("sg_actor_self_get_pid")->actor);
}

aid_t sg_actor_self_get_ppid(void)
{
    self_or_die("sg_actor_self_get_ppid");
    return smpi__actor_ppid();
}

const char *sg_actor_self_get_name(void)
{
    return sim_actor_name(self_or_die("sg_actor_self_get_name")->actor);
}

void sg_actor_sleep_for(double duration)
{
    self_or_die("sg_actor_sleep_for");
    if (duration > 0)
        smpi__app_sleep(duration);
}

void sg_actor_sleep_until(double wakeup_time)
{
    self_or_die("sg_actor_sleep_until");
    if (wakeup_time > sim_now())
        smpi__app_sleep(wakeup_time - sim_now());
}

void sg_actor_yield(void)
{
    self_or_die("sg_actor_yield");
    sim_actor_yield();
}

void sg_actor_execute(double flops)
{
    self_or_die("sg_actor_execute");
    smpi_execute_flops(flops);
}

/* The value of property i of rank p (NULL when p does not have it); ranks[] keeps the text of
 * each rank's number. */
static const char *property(const struct smpi_process *p, int i)
{
    static char **ranks;

    switch (i) {
    case 0:
        return "smpirun";
    case 1:
        if (!ranks)
            ranks = sim_xcalloc((size_t)smpi__procs_cap(), sizeof(*ranks));
        if (!ranks[p->rank]) {
            ranks[p->rank] = sim_xmalloc(16);
            snprintf(ranks[p->rank], 16, "%d", p->rank);
        }
        return ranks[p->rank];
    case 2:
        return smpi__rt.cfg.replay[0] ? "true" : NULL;
    case 3:
        return smpi__rt.cfg.replay[0] && p->rank == 0 && smpi__replay_is_shared()
                   ? smpi__replay_trace_of(0)
                   : NULL;
    default:
        return NULL;
    }
}

static const char *const property_names[] = { "instance_id", "rank", "smpi_replay", "tracefile" };

const char *smpi_actor_self_property_value(const char *name)
{
    const struct smpi_process *p = self_or_die("smpi_actor_self_property_value");

    for (int i = 0; i < 4; i++)
        if (strcmp(name, property_names[i]) == 0)
            return property(p, i);
    return NULL;
}

const char *smpi_actor_self_property_name(int i)
{
    const struct smpi_process *p = self_or_die("smpi_actor_self_property_name");

    for (int k = 0; k < 4; k++)
        if (property(p, k) && i-- == 0)
            return property_names[k];
    return NULL;
}
