/* simgrid/link.h: SimGrid 3.32's C calls on links that simmpi provides to MPI programs (a
 * SPLITDUPLEX link L is two links, L_UP and L_DOWN, as in SimGrid). */
#ifndef SIMMPI_SIMGRID_LINK_H
#define SIMMPI_SIMGRID_LINK_H

#include <stddef.h>

#include <simgrid/forward.h>

SG_BEGIN_DECL

/* The link of that name, or NULL. */
SMPI_API sg_link_t sg_link_by_name(const char *name);
SMPI_API const char *sg_link_get_name(const_sg_link_t link);
/* Bandwidth (bytes/s) and latency (s) now. */
SMPI_API double sg_link_get_bandwidth(const_sg_link_t link);
SMPI_API double sg_link_get_latency(const_sg_link_t link);
SMPI_API int sg_link_count(void);
/* Every link, in a new array the caller frees with free(). */
SMPI_API sg_link_t *sg_link_list(void);

SG_END_DECL

#endif /* SIMMPI_SIMGRID_LINK_H */
