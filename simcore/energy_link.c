/* energy_link: SimGrid 3.32's link_energy plugin (plugins/link_energy.cpp). A link with the
 * property wattage_range="Idle:Busy" dissipates Idle + (Busy - Idle) x usage / bandwidth watts,
 * usage being what its flows take of it (crosstraffic included); the energy is accumulated at the
 * power of the moment when a communication through it starts or ends, it goes off or on, or
 * someone asks. Links without the property count 0 J. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simcore/internal.h"
#include "simcore/lmm.h"
#include "simcore/platform.h"

SIM_LOG_CATEGORY(log_lenergy, "link_energy");

struct sim__link_energy {
    bool inited; /* the property was read (at the first update, as SimGrid) */
    bool ranged; /* it had one */
    double idle;
    double busy;
    double total;
    double last;
};

bool sim_link_energy_is_on(void)
{
    return sim__engine.link_energy_on;
}

static const char *link_prop(const struct sim_link *l, const char *key)
{
    for (int i = 0; i < l->nprops; i++)
        if (strcmp(l->props[2 * i], key) == 0)
            return l->props[2 * i + 1];
    return NULL;
}

static bool number(const char *s, double *x)
{
    char *end;

    *x = strtod(s, &end);
    while (*end == ' ' || *end == '\t')
        end++;
    return end != s && *end == '\0';
}

static void die_range(const struct sim_link *l, const char *prop, const char *value,
                      const char *why)
{
    const char *file = sim__engine.platform->file;

    sim_die("%s:%d: property %s=\"%s\" of link '%s': %s", file ? file : "platform", l->line, prop,
            value, l->name, why);
}

/* "Idle:Busy" watts; with several comma-separated pairs the last one counts, as in SimGrid. */
static void read_range(const struct sim_link *l, struct sim__link_energy *e)
{
    const char *prop = "wattage_range";
    const char *all = link_prop(l, prop);
    char *copy;
    char *save = NULL;

    if (!all && (all = link_prop(l, "watt_range")) != NULL) {
        prop = "watt_range";
        SIM_LOG(log_lenergy, SIM_LOG_WARN,
                "Please rename the 'watt_range' property of link %s into 'wattage_range'.",
                l->name);
    }
    e->inited = true;
    if (!all)
        return;
    copy = sim_xstrdup(all);
    for (char *pair = strtok_r(copy, ",", &save); pair; pair = strtok_r(NULL, ",", &save)) {
        char *colon = strchr(pair, ':');

        if (!colon || strchr(colon + 1, ':'))
            die_range(l, prop, all, "expected Idle:Busy watts (its power idle and fully used)");
        *colon = '\0';
        if (!number(pair, &e->idle) || !number(colon + 1, &e->busy))
            die_range(l, prop, all, "Idle and Busy must be numbers of watts");
    }
    free(copy);
    e->ranged = true;
}

void sim__energy_link_init(void)
{
    struct sim_platform *p = sim__engine.platform;

    sim__engine.link_energy_on = sim__plugin_is_active(SIM_PLUGIN_LINK_ENERGY);
    if (!sim__engine.link_energy_on)
        return;
    for (int i = 0; i < p->nlinks; i++) {
        p->links[i]->energy = sim_xcalloc(1, sizeof(*p->links[i]->energy));
        p->links[i]->energy->last = sim__engine.now;
    }
}

void sim__energy_link_update(struct sim_link *l)
{
    struct sim__link_energy *e = l->energy;
    double now = sim__engine.now;
    double power = 0.0;

    if (!e)
        return;
    if (!e->inited)
        read_range(l, e);
    if (e->ranged)
        power = e->idle + (e->busy - e->idle) * sim_lmm_cnst_usage(l->cnst) / l->bandwidth;
    e->total += power * (now - e->last);
    e->last = now;
}

void sim__energy_link_comm_start(struct sim_activity *act, struct sim_link *const *links, int n)
{
    if (!sim__engine.link_energy_on || n == 0)
        return;
    act->route = sim_xmalloc((size_t)n * sizeof(*act->route));
    for (int i = 0; i < n; i++) {
        if (!links[i]->energy)
            continue; /* the engine's implicit loopback */
        act->route[act->nroute++] = links[i];
        sim__energy_link_update(links[i]);
    }
}

double sim_link_consumed_energy(struct sim_link *l)
{
    if (!l->energy)
        sim_die("sg_link_get_consumed_energy needs the link energy plugin: add "
                "--cfg=plugin:link_energy");
    sim__energy_link_update(l);
    return l->energy->total;
}

void sim__energy_link_report_end(void)
{
    const struct sim_platform *p = sim__engine.platform;
    double total = 0.0;

    for (int i = 0; i < p->nlinks; i++)
        total += sim_link_consumed_energy(p->links[i]);
    SIM_LOG(log_lenergy, SIM_LOG_INFO, "Total energy over all links: %f", total);
}

static int by_name(const void *a, const void *b)
{
    return strcmp((*(struct sim_link *const *)a)->name, (*(struct sim_link *const *)b)->name);
}

void sim__energy_link_report_exit(void)
{
    const struct sim_platform *p = sim__engine.platform;
    struct sim_link **sorted = sim_xmalloc((size_t)p->nlinks * sizeof(*sorted));

    memcpy(sorted, p->links, (size_t)p->nlinks * sizeof(*sorted));
    qsort(sorted, (size_t)p->nlinks, sizeof(*sorted), by_name);
    for (int i = 0; i < p->nlinks; i++)
        SIM_LOG(log_lenergy, SIM_LOG_INFO, "Energy consumption of link '%s': %f Joules",
                sorted[i]->name, sim_link_consumed_energy(sorted[i]));
    free(sorted);
}

void sim__energy_link_free(void)
{
    struct sim_platform *p = sim__engine.platform;

    for (int i = 0; p && i < p->nlinks; i++) {
        free(p->links[i]->energy);
        p->links[i]->energy = NULL;
    }
    sim__engine.link_energy_on = false;
}
