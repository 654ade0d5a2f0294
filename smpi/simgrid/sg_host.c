/* sg_host: SimGrid's C API on hosts, links and energy that MPI programs call beside MPI
 * (<simgrid/host.h>, <simgrid/link.h>, <simgrid/plugins/energy.h>) and SMPI's older
 * smpi_*_host_* calls (<smpi/smpi.h>), on simcore's hosts and links: an sg_host_t is a
 * struct sim_host, an sg_link_t a struct sim_link. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <limits.h>
#include <stdlib.h>

#include <simgrid/host.h>
#include <simgrid/link.h>
#include <simgrid/plugins/energy.h>

#include "smpi/internal.h"

static struct sim_host *host_of(const_sg_host_t host)
{
    return (struct sim_host *)host;
}

static struct sim_link *link_of(const_sg_link_t link)
{
    return (struct sim_link *)link;
}

static struct sim_host *self_host(const char *call)
{
    struct smpi_process *p = smpi__self();

    if (!p)
        sim_die("%s is called outside an MPI rank; call it from the program's ranks", call);
    return p->host;
}

/* ---- hosts (simgrid/host.h) ---- */

SMPI_API sg_host_t sg_host_self(void)
{
    return (sg_host_t)self_host("sg_host_self");
}

SMPI_API const char *sg_host_self_get_name(void)
{
    return sim_host_name(self_host("sg_host_self_get_name"));
}

SMPI_API size_t sg_host_count(void)
{
    return (size_t)sim_platform_host_count(sim_engine_platform());
}

SMPI_API sg_host_t *sg_host_list(void)
{
    const struct sim_platform *p = sim_engine_platform();
    int n = sim_platform_host_count(p);
    sg_host_t *list = sim_xcalloc((size_t)n + 1, sizeof(*list));

    for (int i = 0; i < n; i++)
        list[i] = (sg_host_t)sim_platform_host(p, i);
    return list;
}

SMPI_API sg_host_t sg_host_by_name(const char *name)
{
    return (sg_host_t)sim_platform_host_by_name(sim_engine_platform(), name);
}

SMPI_API const char *sg_host_get_name(const_sg_host_t host)
{
    return sim_host_name(host_of(host));
}

SMPI_API double sg_host_get_speed(const_sg_host_t host)
{
    return sim_host_speed(host_of(host));
}

/* A pstate index as simcore's int; beyond INT_MAX it is out of range anyway. */
static int pstate_arg(unsigned long pstate)
{
    return pstate > INT_MAX ? INT_MAX : (int)pstate;
}

SMPI_API double sg_host_get_pstate_speed(const_sg_host_t host, unsigned long pstate_index)
{
    return sim_host_pstate_speed(host_of(host), pstate_arg(pstate_index));
}

SMPI_API double sg_host_get_available_speed(const_sg_host_t host)
{
    return sim_host_speed_scale(host_of(host));
}

SMPI_API int sg_host_core_count(const_sg_host_t host)
{
    return sim_host_cores(host_of(host));
}

SMPI_API double sg_host_get_load(const_sg_host_t host)
{
    return sim_host_load(host_of(host));
}

SMPI_API unsigned long sg_host_get_nb_pstates(const_sg_host_t host)
{
    return (unsigned long)sim_host_pstate_count(host_of(host));
}

SMPI_API unsigned long sg_host_get_pstate(const_sg_host_t host)
{
    return (unsigned long)sim_host_pstate(host_of(host));
}

SMPI_API void sg_host_set_pstate(sg_host_t host, unsigned long pstate)
{
    sim_host_set_pstate(host_of(host), pstate_arg(pstate));
}

SMPI_API int sg_host_is_on(const_sg_host_t host)
{
    return sim_host_is_on(host_of(host));
}

SMPI_API const char *sg_host_get_property_value(const_sg_host_t host, const char *name)
{
    return sim_host_property(host_of(host), name);
}

/* ---- links (simgrid/link.h) ---- */

SMPI_API sg_link_t sg_link_by_name(const char *name)
{
    return (sg_link_t)sim_platform_link_by_name(sim_engine_platform(), name);
}

SMPI_API const char *sg_link_get_name(const_sg_link_t link)
{
    return sim_link_name(link_of(link));
}

SMPI_API double sg_link_get_bandwidth(const_sg_link_t link)
{
    return sim_link_bandwidth(link_of(link));
}

SMPI_API double sg_link_get_latency(const_sg_link_t link)
{
    return sim_link_latency(link_of(link));
}

SMPI_API int sg_link_count(void)
{
    return sim_platform_link_count(sim_engine_platform());
}

SMPI_API sg_link_t *sg_link_list(void)
{
    const struct sim_platform *p = sim_engine_platform();
    int n = sim_platform_link_count(p);
    sg_link_t *list = sim_xcalloc((size_t)n + 1, sizeof(*list));

    for (int i = 0; i < n; i++)
        list[i] = (sg_link_t)sim_platform_link(p, i);
    return list;
}

/* ---- energy (simgrid/plugins/energy.h) ---- */

SMPI_API void sg_host_energy_plugin_init(void)
{
    if (!sim_host_energy_is_on())
        sim_die("sg_host_energy_plugin_init: the platform is loaded before the program runs; "
                "activate the plugin with --cfg=plugin:host_energy");
}

SMPI_API void sg_host_energy_update_all(void)
{
    const struct sim_platform *p = sim_engine_platform();

    for (int i = 0; i < sim_platform_host_count(p); i++)
        sim_host_energy_update(sim_platform_host(p, i));
}

SMPI_API double sg_host_get_consumed_energy(const_sg_host_t host)
{
    return sim_host_consumed_energy(host_of(host));
}

SMPI_API double sg_host_get_idle_consumption(const_sg_host_t host)
{
    return sim_host_wattage(host_of(host), 0, SIM_WATTAGE_IDLE);
}

SMPI_API double sg_host_get_idle_consumption_at(const_sg_host_t host, int pstate)
{
    return sim_host_wattage(host_of(host), pstate, SIM_WATTAGE_IDLE);
}

SMPI_API double sg_host_get_wattmin_at(const_sg_host_t host, int pstate)
{
    return sim_host_wattage(host_of(host), pstate, SIM_WATTAGE_EPSILON);
}

SMPI_API double sg_host_get_wattmax_at(const_sg_host_t host, int pstate)
{
    return sim_host_wattage(host_of(host), pstate, SIM_WATTAGE_MAX);
}

SMPI_API double sg_host_get_power_range_slope_at(const_sg_host_t host, int pstate)
{
    return sim_host_wattage(host_of(host), pstate, SIM_WATTAGE_SLOPE);
}

SMPI_API double sg_host_get_current_consumption(const_sg_host_t host)
{
    return sim_host_current_consumption(host_of(host));
}

SMPI_API void sg_link_energy_plugin_init(void)
{
    if (!sim_link_energy_is_on())
        sim_die("sg_link_energy_plugin_init: the platform is loaded before the program runs; "
                "activate the plugin with --cfg=plugin:link_energy");
}

SMPI_API double sg_link_get_consumed_energy(const_sg_link_t link)
{
    return sim_link_consumed_energy(link_of(link));
}

SMPI_API int sg_link_energy_is_inited(void)
{
    return sim_link_energy_is_on();
}

/* ---- SMPI's older calls on the rank's own host (smpi/smpi.h) ---- */

SMPI_API double smpi_get_host_power_peak_at(int pstate_index)
{
    return sim_host_pstate_speed(self_host("smpi_get_host_power_peak_at"), pstate_index);
}

SMPI_API double smpi_get_host_current_power_peak(void)
{
    return sim_host_speed(self_host("smpi_get_host_current_power_peak"));
}

SMPI_API int smpi_get_host_nb_pstates(void)
{
    return sim_host_pstate_count(self_host("smpi_get_host_nb_pstates"));
}

SMPI_API void smpi_set_host_pstate(int pstate_index)
{
    sim_host_set_pstate(self_host("smpi_set_host_pstate"), pstate_index);
}

SMPI_API int smpi_get_host_pstate(void)
{
    return sim_host_pstate(self_host("smpi_get_host_pstate"));
}

SMPI_API double smpi_get_host_consumed_energy(void)
{
    return sim_host_consumed_energy(self_host("smpi_get_host_consumed_energy"));
}
