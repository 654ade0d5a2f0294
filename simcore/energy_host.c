/* energy_host: SimGrid 3.32's host_energy plugin (plugins/host_energy.cpp). A host dissipates
 * Idle watts when nothing runs on it, Epsilon + load x (AllCores - Epsilon) when its cores are
 * busy a fraction `load` of their capacity (1 when its pstate has speed 0), and wattage_off when
 * it is off; the energy is accumulated lazily, at the power of the moment of each update, when
 * an execution starts or ends, the speed or state changes, or someone asks. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simcore/internal.h"
#include "simcore/platform.h"

SIM_LOG_CATEGORY(log_energy, "host_energy");

struct power_range {
    double idle;
    double epsilon;
    double max;
};

struct sim__host_energy {
    struct power_range *range; /* one per pstate, NULL without wattage_per_state */
    double watts_off;
    int pstate; /* of the interval since `last`, -1: off */
    double total;
    double last;
    bool used; /* some interval had a load: "used hosts" of the summary */
};

bool sim_host_energy_is_on(void)
{
    return sim__engine.host_energy_on;
}

static void die_prop(const struct sim_host *h, const char *prop, const char *value, const char *why)
{
    const char *file = sim__engine.platform->file;

    sim_die("%s:%d: property %s=\"%s\" of host '%s': %s", file ? file : "platform", h->line, prop,
            value, h->name, why);
}

/* A number alone, blanks around it allowed. */
static bool number(const char *s, size_t len, double *x)
{
    char buf[64];
    char *end;

    if (len >= sizeof(buf))
        return false;
    memcpy(buf, s, len);
    buf[len] = '\0';
    *x = strtod(buf, &end);
    while (*end == ' ' || *end == '\t')
        end++;
    return end != buf && *end == '\0';
}

/* "Idle:Epsilon:AllCores" or the older "Idle:AllCores" (Epsilon = Idle), len bytes at s. */
static void parse_range(const struct sim_host *h, const char *all, const char *s, size_t len,
                        int pstate, struct power_range *r)
{
    char buf[256];
    char *field[4];
    double v[3];
    int n = 0;
    char why[192];

    snprintf(buf, sizeof(buf), "%.*s", (int)len, s);
    for (char *f = buf; n < 4;) {
        char *colon = strchr(f, ':');

        field[n++] = f;
        if (!colon)
            break;
        *colon = '\0';
        f = colon + 1;
    }
    if (n < 2 || n > 3) {
        snprintf(why, sizeof(why),
                 "pstate %d has %s values; each pstate takes Idle:Epsilon:AllCores (or "
                 "Idle:AllCores) watts, pstates separated by commas",
                 pstate, n < 2 ? "fewer than 2" : "more than 3");
        die_prop(h, "wattage_per_state", all, why);
    }
    for (int i = 0; i < n; i++) {
        if (!number(field[i], strlen(field[i]), &v[i])) {
            snprintf(why, sizeof(why),
                     "pstate %d: '%s' is not a number; each pstate takes Idle:Epsilon:AllCores "
                     "(or Idle:AllCores) watts",
                     pstate, field[i]);
            die_prop(h, "wattage_per_state", all, why);
        }
    }
    r->idle = v[0];
    r->epsilon = n == 3 ? v[1] : v[0];
    r->max = v[n - 1];
}

static void parse_wattage(const struct sim_host *h, struct sim__host_energy *e)
{
    const char *all = sim_host_property(h, "wattage_per_state");
    const char *off = sim_host_property(h, "wattage_off");
    const char *s = all;
    int count = 1;
    char why[160];

    if (off && !number(off, strlen(off), &e->watts_off))
        die_prop(h, "wattage_off", off, "expected a number of watts");
    if (!all) {
        SIM_LOG(log_energy, SIM_LOG_WARN,
                "No energetic profiles (wattage_per_state) given for host %s, using 0 W by "
                "default. Direct request of power/energy consumption of this host will fail.",
                h->name);
        return;
    }
    for (const char *c = all; *c; c++)
        count += *c == ',';
    if (count != h->npstates) {
        snprintf(why, sizeof(why), "%d power ranges for %d pstates; give one per speed", count,
                 h->npstates);
        die_prop(h, "wattage_per_state", all, why);
    }
    e->range = sim_xcalloc((size_t)count, sizeof(*e->range));
    for (int i = 0; i < count; i++) {
        size_t len = strcspn(s, ",");

        parse_range(h, all, s, len, i, &e->range[i]);
        s += len + (s[len] == ',');
    }
}

void sim__energy_host_init(void)
{
    struct sim_platform *p = sim__engine.platform;

    sim__engine.host_energy_on = sim__plugin_is_active(SIM_PLUGIN_HOST_ENERGY);
    if (!sim__engine.host_energy_on)
        return;
    for (int i = 0; i < p->nhosts; i++) {
        struct sim_host *h = p->hosts[i];

        h->energy = sim_xcalloc(1, sizeof(*h->energy));
        parse_wattage(h, h->energy);
        /* SimGrid 3.32 accounts the first interval at pstate 0, whatever the pstate attribute
         * set (its account is created before the pstate is applied) */
        h->energy->pstate = 0;
        h->energy->last = sim__engine.now;
    }
}

/* HostEnergy::get_current_watts_value: the power of the interval being accounted. */
static double power(const struct sim_host *h, struct sim__host_energy *e)
{
    const struct power_range *r;
    double speed;
    double load = 1.0;

    if (e->pstate < 0)
        return e->watts_off;
    speed = h->pstate_speeds[e->pstate];
    if (speed > 0) {
        load = sim_host_load(h) / speed / h->cores;
        if (load > 1)
            load = 1;
        if (load > 0)
            e->used = true;
    }
    if (!e->range)
        return 0.0;
    r = &e->range[e->pstate];
    return load > 0 ? r->epsilon + load * (r->max - r->epsilon) : r->idle;
}

void sim__energy_host_update(struct sim_host *h)
{
    struct sim__host_energy *e = h->energy;
    double now = sim__engine.now;

    if (!e)
        return;
    if (e->last < now) {
        e->total += power(h, e) * (now - e->last);
        e->last = now;
    }
    e->pstate = h->off ? -1 : h->pstate;
}

bool sim_host_has_wattage(const struct sim_host *h)
{
    return h->energy && h->energy->range;
}

void sim_host_energy_update(struct sim_host *h)
{
    sim__energy_host_update(h);
}

static struct sim__host_energy *account(const struct sim_host *h, const char *what)
{
    if (!h->energy)
        sim_die("%s needs the host energy plugin: add --cfg=plugin:host_energy", what);
    return h->energy;
}

static const struct power_range *range(const struct sim_host *h, const char *what)
{
    const struct sim__host_energy *e = account(h, what);

    if (!e->range)
        sim_die("%s: no power range properties (wattage_per_state) for host '%s'", what, h->name);
    return e->range;
}

double sim_host_consumed_energy(struct sim_host *h)
{
    range(h, "sg_host_get_consumed_energy");
    sim__energy_host_update(h);
    return h->energy->total;
}

double sim_host_current_consumption(struct sim_host *h)
{
    range(h, "sg_host_get_current_consumption");
    return power(h, h->energy);
}

double sim_host_wattage(const struct sim_host *h, int pstate, enum sim_wattage which)
{
    const struct sim__host_energy *e = account(h, "the host's wattage");
    const struct power_range *r;

    if (!e->range)
        return 0.0; /* as SimGrid, for a host without wattage_per_state */
    if (pstate < 0 || pstate >= h->npstates)
        sim_die("pstate %d of host '%s' does not exist; valid: 0 to %d", pstate, h->name,
                h->npstates - 1);
    r = &e->range[pstate];
    switch (which) {
    case SIM_WATTAGE_IDLE:
        return r->idle;
    case SIM_WATTAGE_EPSILON:
        return r->epsilon;
    case SIM_WATTAGE_MAX:
        return r->max;
    case SIM_WATTAGE_SLOPE:
        return r->max - r->epsilon;
    }
    return 0.0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp((*(struct sim_host *const *)a)->name, (*(struct sim_host *const *)b)->name);
}

/* HostEnergy's on_simulation_end: the total, split into hosts that computed and the others. */
void sim__energy_host_report_end(void)
{
    const struct sim_platform *p = sim__engine.platform;
    double total = 0.0;
    double used = 0.0;

    for (int i = 0; i < p->nhosts; i++) {
        struct sim_host *h = p->hosts[i];

        sim__energy_host_update(h);
        total += h->energy->total;
        if (h->energy->used)
            used += h->energy->total;
    }
    SIM_LOG(log_energy, SIM_LOG_INFO,
            "Total energy consumption: %f Joules (used hosts: %f Joules; unused/idle hosts: %f)",
            total, used, total - used);
}

/* HostEnergy's on_host_destruction, in SimGrid's order of destruction (by name). */
void sim__energy_host_report_exit(void)
{
    const struct sim_platform *p = sim__engine.platform;
    struct sim_host **sorted = sim_xmalloc((size_t)p->nhosts * sizeof(*sorted));

    memcpy(sorted, p->hosts, (size_t)p->nhosts * sizeof(*sorted));
    qsort(sorted, (size_t)p->nhosts, sizeof(*sorted), by_name);
    for (int i = 0; i < p->nhosts; i++) {
        sim__energy_host_update(sorted[i]);
        SIM_LOG(log_energy, SIM_LOG_INFO, "Energy consumption of host %s: %f Joules",
                sorted[i]->name, sorted[i]->energy->total);
    }
    free(sorted);
}

void sim__energy_host_free(void)
{
    struct sim_platform *p = sim__engine.platform;

    for (int i = 0; p && i < p->nhosts; i++) {
        if (p->hosts[i]->energy)
            free(p->hosts[i]->energy->range);
        free(p->hosts[i]->energy);
        p->hosts[i]->energy = NULL;
    }
    sim__engine.host_energy_on = false;
}
