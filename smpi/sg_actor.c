/* sg_actor: SimGrid's C actor calls about the calling rank (include/simgrid/actor.h). A rank is
 * the actor smpirun started for it: pid rank + 1, name its rank, parent maestro. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>

#include <simgrid/actor.h>
#include <smpi.h>

#include "smpi/internal.h"

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
    return 0;
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
