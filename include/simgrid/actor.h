/* simgrid/actor.h: the calls of SimGrid 3.32's C actor API that MPI programs written for SMPI make
 * about the calling rank: its pid (SimGrid's numbering: rank + 1 for the ranks smpirun starts),
 * its name (the rank, as SMPI names it), sleeping and computing in simulated time. Called outside
 * a rank they end the run with a message. */
#ifndef SIMMPI_SIMGRID_ACTOR_H
#define SIMMPI_SIMGRID_ACTOR_H

#include <simgrid/forward.h>
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

/* Actors a rank starts beside the ranks (SimGrid's C API): sg_actor_init names one on a host,
 * sg_actor_start runs code(argc, argv) in it (argv is copied) from the current date; it takes its
 * pid then (SimGrid gives it at sg_actor_init: the same unless actors start in between). The
 * handle is valid until the actor's code returns. Its log lines say host:name:(pid). It is not
 * an MPI process: after SMPI_thread_create() (<smpi/smpi.h>) it makes MPI calls as the rank
 * that started it (its rank, communicators, requests and globals), as SMPI's threads do. */
XBT_PUBLIC sg_actor_t sg_actor_init(const char *name, sg_host_t host);
XBT_PUBLIC void sg_actor_start(sg_actor_t actor, xbt_main_func_t code, int argc, char *const *argv);
/* sg_actor_init then sg_actor_start. */
XBT_PUBLIC sg_actor_t sg_actor_create(const char *name, sg_host_t host, xbt_main_func_t code,
                                      int argc, char *const *argv);
XBT_PUBLIC aid_t sg_actor_get_pid(const_sg_actor_t actor); /* -1 before sg_actor_start */
XBT_PUBLIC aid_t sg_actor_get_ppid(const_sg_actor_t actor);
XBT_PUBLIC const char *sg_actor_get_name(const_sg_actor_t actor);
XBT_PUBLIC sg_host_t sg_actor_get_host(const_sg_actor_t actor);
/* The user data of an actor, NULL until set; the _self_ forms also work in a rank. */
XBT_PUBLIC void *sg_actor_get_data(const_sg_actor_t actor);
XBT_PUBLIC void sg_actor_set_data(sg_actor_t actor, void *userdata);
XBT_PUBLIC void *sg_actor_self_get_data(void);
XBT_PUBLIC void sg_actor_self_set_data(void *userdata);

SG_END_DECL

#endif /* SIMMPI_SIMGRID_ACTOR_H */
