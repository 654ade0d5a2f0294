/* simgrid/host.h: SimGrid 3.32's C calls on hosts that simmpi provides to MPI programs: lookup,
 * speeds and pstates (DVFS), cores, load and properties. The sg_host_t of a rank's own host is
 * sg_host_self(). A pstate out of range ends the run with a message naming the host. */
#ifndef SIMMPI_SIMGRID_HOST_H
#define SIMMPI_SIMGRID_HOST_H

#include <stddef.h>

#include <simgrid/forward.h>

SG_BEGIN_DECL

/* The calling rank's host. */
SMPI_API sg_host_t sg_host_self(void);
SMPI_API const char *sg_host_self_get_name(void);
/* Every host of the platform, in a new array the caller frees with free(). */
SMPI_API sg_host_t *sg_host_list(void);
SMPI_API size_t sg_host_count(void);
/* The host of that name, or NULL. */
SMPI_API sg_host_t sg_host_by_name(const char *name);
SMPI_API const char *sg_host_get_name(const_sg_host_t host);

/* Peak speed (flop/s per core) of the current pstate; of pstate `pstate_index`. */
SMPI_API double sg_host_get_speed(const_sg_host_t host);
SMPI_API double sg_host_get_pstate_speed(const_sg_host_t host, unsigned long pstate_index);
/* The factor of the peak its speed profile leaves (1 without one). */
SMPI_API double sg_host_get_available_speed(const_sg_host_t host);
SMPI_API int sg_host_core_count(const_sg_host_t host);
/* What the running computations take of its cores now, flop/s. */
SMPI_API double sg_host_get_load(const_sg_host_t host);

SMPI_API unsigned long sg_host_get_nb_pstates(const_sg_host_t host);
SMPI_API unsigned long sg_host_get_pstate(const_sg_host_t host);
/* Runs the host at another pstate from now on, the computations in progress included. */
SMPI_API void sg_host_set_pstate(sg_host_t host, unsigned long pstate);
/* Whether its state profile has it on. */
SMPI_API int sg_host_is_on(const_sg_host_t host);

/* A <prop> of the host (or of its zones), or NULL. */
SMPI_API const char *sg_host_get_property_value(const_sg_host_t host, const char *name);

SG_END_DECL

#endif /* SIMMPI_SIMGRID_HOST_H */
