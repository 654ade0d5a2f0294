/* simgrid/forward.h: the opaque handle types of SimGrid's C API that SMPI programs use beside MPI
 * (hosts, links and actors), named as in SimGrid 3.32 so that its programs compile unchanged. */
#ifndef SIMMPI_SIMGRID_FORWARD_H
#define SIMMPI_SIMGRID_FORWARD_H

#include <xbt/base.h> /* SMPI_API, SG_BEGIN_DECL, SG_END_DECL: as SimGrid's forward.h */

/* SimGrid's names: the handle types are part of its API, hence the typedefs. */
typedef struct s4u_Host s4u_Host;
typedef struct s4u_Link s4u_Link;
typedef struct s4u_Actor s4u_Actor;
typedef s4u_Host *sg_host_t;
typedef const s4u_Host *const_sg_host_t;
typedef s4u_Link *sg_link_t;
typedef const s4u_Link *const_sg_link_t;
typedef s4u_Actor *sg_actor_t;
typedef const s4u_Actor *const_sg_actor_t;
/* An actor's code: SimGrid's xbt/function_types.h. */
typedef void (*xbt_main_func_t)(int argc, char *argv[]);

#endif /* SIMMPI_SIMGRID_FORWARD_H */
