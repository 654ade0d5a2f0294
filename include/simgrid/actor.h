/* simgrid/actor.h: the calls of SimGrid 3.32's C actor API that MPI programs written for SMPI make
 * about the calling rank: its pid (SimGrid's numbering: rank + 1 for the ranks smpirun starts),
 * its name (the rank, as SMPI names it), sleeping and computing in simulated time. Called outside
 * a rank they end the run with a message. */
#ifndef SIMMPI_SIMGRID_ACTOR_H
#define SIMMPI_SIMGRID_ACTOR_H

#include <xbt/base.h>

SG_BEGIN_DECL

typedef long aid_t;

XBT_PUBLIC aid_t sg_actor_self_get_pid(void);
/* The pid of the actor that started the caller: 0 (maestro) for a rank. */
XBT_PUBLIC aid_t sg_actor_self_get_ppid(void);
XBT_PUBLIC const char *sg_actor_self_get_name(void);
/* Blocks the caller for `duration` simulated seconds, or until the date `wakeup_time`. */
XBT_PUBLIC void sg_actor_sleep_for(double duration);
XBT_PUBLIC void sg_actor_sleep_until(double wakeup_time);
/* Lets the other actors runnable at this date run first. */
XBT_PUBLIC void sg_actor_yield(void);
/* Computes `flops` on the caller's host. */
XBT_PUBLIC void sg_actor_execute(double flops);

/* The calling rank's properties, as SMPI's deployment sets them: instance_id ("smpirun"), rank,
 * and under smpirun -replay smpi_replay ("true") and, for rank 0 of a trace all ranks share,
 * tracefile. _value returns NULL for a name it does not have; _name gives the i-th name, NULL
 * past the last. (simmpi's calls behind <simgrid/s4u/Actor.hpp>'s get_properties.) */
XBT_PUBLIC const char *smpi_actor_self_property_value(const char *name);
XBT_PUBLIC const char *smpi_actor_self_property_name(int i);

SG_END_DECL

#endif /* SIMMPI_SIMGRID_ACTOR_H */
