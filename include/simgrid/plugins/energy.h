/* simgrid/plugins/energy.h: SimGrid 3.32's energy plugins as MPI programs call them. Activate
 * them with --cfg=plugin:host_energy and --cfg=plugin:link_energy (the *_plugin_init calls only
 * check that they are on: the platform is loaded before the program runs). Energies are in
 * joules, powers in watts; a host without wattage_per_state, or a plugin that is off, ends the
 * run with a message, as SimGrid asserts. */
#ifndef SIMMPI_SIMGRID_PLUGINS_ENERGY_H
#define SIMMPI_SIMGRID_PLUGINS_ENERGY_H

#include <simgrid/forward.h>

SG_BEGIN_DECL

SMPI_API void sg_host_energy_plugin_init(void);
/* Brings every host's energy up to date (a no-op: simmpi accounts as it is asked). */
SMPI_API void sg_host_energy_update_all(void);
SMPI_API double sg_host_get_consumed_energy(const_sg_host_t host);
/* Idle watts at pstate 0; at `pstate`; Epsilon watts (cores busy at ~0%); AllCores watts; and
 * AllCores - Epsilon. 0 for a host without wattage_per_state. */
SMPI_API double sg_host_get_idle_consumption(const_sg_host_t host);
SMPI_API double sg_host_get_idle_consumption_at(const_sg_host_t host, int pstate);
SMPI_API double sg_host_get_wattmin_at(const_sg_host_t host, int pstate);
SMPI_API double sg_host_get_wattmax_at(const_sg_host_t host, int pstate);
SMPI_API double sg_host_get_power_range_slope_at(const_sg_host_t host, int pstate);
/* Its power now. */
SMPI_API double sg_host_get_current_consumption(const_sg_host_t host);

SMPI_API void sg_link_energy_plugin_init(void);
SMPI_API double sg_link_get_consumed_energy(const_sg_link_t link);
SMPI_API int sg_link_energy_is_inited(void);

SG_END_DECL

#endif /* SIMMPI_SIMGRID_PLUGINS_ENERGY_H */
