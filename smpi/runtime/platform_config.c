/* platform_config: a platform file's <config> props, applied with SMPI 3.32's precedence: a prop
 * sets its option unless the command line did (SimGrid's is_default), and SMPI's smpirun always
 * sets smpi/privatization, surf/precision, network/model and smpi/tmpdir, so those props never
 * apply; the lines SimGrid logs for each are logged under its categories (xbt_cfg, surf_parse). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <string.h>

#include "smpi/internal.h"

SIM_LOG_CATEGORY(log_xbt_cfg, "xbt_cfg");
SIM_LOG_CATEGORY(log_surf_parse, "surf_parse");

/* What SMPI 3.32's smpirun passes on every command line (its smpirun script). */
static const char *const smpirun_items[] = {
    "smpi/privatization",
    "smpi/privatize-global-variables", /* its older name */
    "surf/precision",
    "precision/timing", /* its newer name */
    "network/model",
    "smpi/tmpdir",
    NULL,
};

static bool set_by_smpirun(const char *key)
{
    for (int i = 0; smpirun_items[i]; i++)
        if (strcmp(key, smpirun_items[i]) == 0)
            return true;
    return false;
}

static void apply_prop(void *arg, const char *key, const char *value, const char *file, int line)
{
    struct smpi_config *cfg = arg;
    char item[SMPI_PATH_MAX + 128];

    if (set_by_smpirun(key) || smpi_options_is_set(key)) {
        SIM_LOG(log_surf_parse, SIM_LOG_INFO,
                "The custom configuration '%s' is already defined by user!", key);
        return;
    }
    if ((size_t)snprintf(item, sizeof(item), "%s:%s", key, value) >= sizeof(item))
        sim_die("%s:%d: <config> prop '%s': its value is too long", file, line, key);
    smpi_options_set_at(cfg, item, file, line);
    SIM_LOG(log_xbt_cfg, SIM_LOG_INFO, "Configuration change: Set '%s' to '%s'", key, value);
}

void smpi__platform_config_init(void)
{
    sim_platform_set_config_hook(apply_prop, &smpi__rt.cfg);
}
