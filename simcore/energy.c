/* energy: which plugins are active, and the end-of-run reports of the energy plugins in
 * SimGrid's order: each plugin's total when the run ends (in the order the plugins were
 * activated), then, as the engine is destroyed, every host and every link, each sorted by
 * name. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "simcore/internal.h"

bool sim__plugin_is_active(enum sim_plugin plugin)
{
    for (int i = 0; i < sim__engine.cfg.nplugins; i++)
        if (sim__engine.cfg.plugins[i] == plugin)
            return true;
    return false;
}

void sim_energy_report_end(void)
{
    const struct sim_config *cfg = &sim__engine.cfg;

    for (int i = 0; i < cfg->nplugins; i++) {
        if (cfg->plugins[i] == SIM_PLUGIN_HOST_ENERGY)
            sim__energy_host_report_end();
        else if (cfg->plugins[i] == SIM_PLUGIN_LINK_ENERGY)
            sim__energy_link_report_end();
    }
}

void sim_energy_report_exit(void)
{
    if (sim_host_energy_is_on())
        sim__energy_host_report_exit();
    if (sim_link_energy_is_on())
        sim__energy_link_report_exit();
}

void sim__energy_free(void)
{
    sim__energy_host_free();
    sim__energy_link_free();
}
