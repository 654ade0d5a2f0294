/* options: the --cfg items parsed in one place (their table: options_items.c): values checked
 * against each item's type, defaults, the network model's own defaults, aliases, the text of
 * a value for the tool interface. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "collectives/collectives.h"
#include "smpi/runtime/options_items.h"

/* smpi/<collective> values, indexed by enum coll_kind (collectives/collectives.h holds the one
 * list of collectives). */
static char coll_values[COLL_NKINDS][SMPI_COLL_NAME_MAX];

/* Per item: whether the user gave it, and the value as given (for the tool interface, mpit.c);
 * made at the first use. */
static struct given {
    bool set;
    char *text;
} * given;

static struct given *given_item(size_t i)
{
    if (!given)
        given = sim_xcalloc(smpi__noptions, sizeof(*given));
    return &given[i];
}
/* "file:line: " of the <config> prop being applied, "" for the command line (messages) */
static char origin[SMPI_PATH_MAX + 32];

SIM_LOG_SUBCATEGORY(log_cfg, "xbt_cfg", "xbt");

static void *field(struct smpi_config *cfg, const struct smpi_option *o)
{
    return (char *)cfg + o->offset;
}

static int parse_bool(const char *v, bool *out)
{
    static const char *const yes[] = { "yes", "true", "on", "1" };
    static const char *const no[] = { "no", "false", "off", "0" };

    for (int i = 0; i < 4; i++) {
        if (strcasecmp(v, yes[i]) == 0)
            return *out = true, 0;
        if (strcasecmp(v, no[i]) == 0)
            return *out = false, 0;
    }
    return -1;
}

static int parse_double(const char *v, double *out)
{
    char *end;

    *out = strtod(v, &end);
    return end == v || *end != '\0' ? -1 : 0;
}

static int cmp_cost(const void *a, const void *b)
{
    const struct smpi_cost_seg *x = a;
    const struct smpi_cost_seg *y = b;

    return (x->minsize > y->minsize) - (x->minsize < y->minsize);
}

/* "minsize:startup:perbyte;..." Extra fields (SimGrid's historical 5-field form) are ignored. */
static int parse_cost(const char *v, struct smpi_cost *out)
{
    char *copy = sim_xstrdup(v);
    char *save = NULL;
    struct smpi_cost c = { 0, NULL };
    int rc = 0;

    for (char *tok = strtok_r(copy, ";", &save); tok; tok = strtok_r(NULL, ";", &save)) {
        double f[3];
        char *end = tok;

        for (int i = 0; i < 3 && rc == 0; i++) {
            f[i] = strtod(end, &end);
            if (*end == ':')
                end++;
            else if (*end != '\0' || i < 2)
                rc = -1;
        }
        if (rc != 0)
            break;
        c.seg = sim_xrealloc(c.seg, (size_t)(c.n + 1) * sizeof(*c.seg));
        c.seg[c.n++] = (struct smpi_cost_seg){ f[0], f[1], f[2] };
    }
    free(copy);
    if (rc != 0 || c.n == 0) {
        free(c.seg);
        return -1;
    }
    qsort(c.seg, (size_t)c.n, sizeof(*c.seg), cmp_cost);
    free(out->seg);
    *out = c;
    return 0;
}

double smpi_cost_eval(const struct smpi_cost *c, double size)
{
    const struct smpi_cost_seg *best = NULL;

    for (int i = 0; i < c->n; i++)
        if (c->seg[i].minsize <= size)
            best = &c->seg[i];
    return best ? best->startup + best->perbyte * size : 0.0;
}

static void die_enum(const struct smpi_option *o, const char *v)
{
    char list[256] = "";

    for (const struct opt_enum *e = o->values; e->name; e++) {
        strncat(list, e->name, sizeof(list) - strlen(list) - 1);
        if (e[1].name)
            strncat(list, ", ", sizeof(list) - strlen(list) - 1);
    }
    sim_die("%sbad value '%s' for option %s; valid: %s", origin, v, o->name, list);
}

static void die_value(const struct smpi_option *o, const char *v, const char *expected)
{
    sim_die("%sbad value '%s' for option %s; expected %s", origin, v, o->name, expected);
}

/* contexts/stack-size and contexts/guard-size into *f: SimGrid reads the first as an integer of
 * KiB and the second as a number of pages, so a bare number keeps that meaning; a size with a
 * unit (256KiB, 1MiB) is taken as given. */
static void parse_context_size(const struct smpi_option *o, const char *v, size_t *f)
{
    bool stack = o->offset == OPT_SIM(stack_size);
    double d;

    if (sim_parse_size(v, &d) != 0 || d < 0)
        die_value(o, v,
                  stack ? "KiB such as 256, or a size such as 1MiB"
                        : "pages such as 1, or a size such as 4KiB");
    if (v[strspn(v, "0123456789")] == '\0')
        d *= stack ? 1024 : (double)sysconf(_SC_PAGESIZE);
    *f = (size_t)d;
}

/* SimGrid's plugin option: one name per item, each activates one more plugin. */
static void add_plugin(struct sim_config *sim, const char *v)
{
    static const char *const names[] = {
        [SIM_PLUGIN_HOST_ENERGY] = "host_energy",
        [SIM_PLUGIN_LINK_ENERGY] = "link_energy",
    };
    static const char *const absent[] = { "cmonkey",   "host_dvfs",        "host_load",
                                          "link_load", "link_energy_wifi", NULL };

    if (!*v)
        return;
    if (strcmp(v, "help") == 0) {
        printf("Plugins (--cfg=plugin:NAME, one per item):\n"
               "  host_energy: Cpu energy consumption.\n"
               "  link_energy: Link energy consumption.\n");
        exit(0);
    }
    for (int k = 0; k < SIM_NPLUGINS; k++) {
        if (strcmp(v, names[k]) != 0)
            continue;
        for (int i = 0; i < sim->nplugins; i++)
            if (sim->plugins[i] == (enum sim_plugin)k)
                return;
        sim->plugins[sim->nplugins++] = (enum sim_plugin)k;
        return;
    }
    for (int i = 0; absent[i]; i++)
        if (strcmp(v, absent[i]) == 0)
            sim_die("%sSimGrid's plugin '%s' is not provided by simmpi; valid: host_energy, "
                    "link_energy (one per --cfg=plugin: item)",
                    origin, v);
    sim_die("%sbad value '%s' for option plugin; valid: host_energy, link_energy (one per "
            "--cfg=plugin: item; --cfg=plugin:help lists them)",
            origin, v);
}

/* The per-message models' parameters: simcore's parsers, or three times for the fan-in
 * overhead; dies naming the item, the value, the fault and the expected form. */
static void parse_params(const struct smpi_option *o, const char *v, void *f)
{
    static const char *const fanin_names[] = { "a", "b", "c" };
    double abc[3];
    char err[256];
    int rc;

    switch (o->type) {
    case OPT_LOGGP:
        rc = sim_loggp_parse(v, f, err, sizeof(err));
        break;
    case OPT_LOGGPS:
        rc = sim_loggps_parse(v, f, err, sizeof(err));
        break;
    case OPT_LOG3P:
        rc = sim_log3p_parse(v, f, err, sizeof(err));
        break;
    case OPT_LMO_DEFAULT:
        rc = sim_lmo_default_parse(v, f, err, sizeof(err));
        break;
    default:
        rc = sim_parse_rows(v, 3, "ttt", fanin_names, abc, 1, err, sizeof(err)) < 0 ? -1 : 0;
        if (rc == 0)
            *(struct smpi_fanin *)f = (struct smpi_fanin){ .a = abc[0], .b = abc[1], .c = abc[2] };
        break;
    }
    if (rc != 0)
        sim_die("bad value '%s' for option %s: %s; expected %s", v, o->name, err,
                smpi__params_expected[o->type]);
}

/* Parses v into the option's field; dies with the expected form on error. */
static void parse_into(struct smpi_config *cfg, const struct smpi_option *o, const char *v)
{
    void *f = field(cfg, o);
    double d;

    switch (o->type) {
    case OPT_BOOL:
        if (parse_bool(v, f) != 0)
            die_value(o, v, "yes or no");
        break;
    case OPT_DOUBLE:
        if (parse_double(v, f) != 0)
            die_value(o, v, "a number");
        break;
    case OPT_INT: {
        char *end;
        long n = strtol(v, &end, 10);

        if (end == v || *end != '\0' || n < 0 || n > 100)
            die_value(o, v, "a whole number from 0 to 100");
        *(int *)f = (int)n;
        break;
    }
    case OPT_COUNT: {
        char *end;
        long n = strtol(v, &end, 10);

        if (end == v || *end != '\0' || n < -1 || n > 1000000000)
            die_value(o, v, "a whole number (-1: off)");
        *(int *)f = (int)n;
        break;
    }
    case OPT_SIZE:
        if (o->offset == OPT_SIM(stack_size) || o->offset == OPT_SIM(guard_size)) {
            parse_context_size(o, v, f);
            break;
        }
        if (sim_parse_size(v, &d) != 0 || d < 0)
            die_value(o, v, "a size such as 65536, 64KiB or 1MB");
        *(double *)f = d;
        break;
    case OPT_TIME:
        if (sim_parse_time(v, f) != 0)
            die_value(o, v, "a duration such as 1e-6, 10us or 2ms");
        break;
    case OPT_BW:
        if (sim_parse_bandwidth(v, f) != 0)
            die_value(o, v, "a bandwidth such as 10GBps or 100Gbps");
        break;
    case OPT_SPEED:
        if (strcmp(v, "auto") == 0)
            *(double *)f = -1;
        else if (sim_parse_speed(v, f) != 0 || *(double *)f <= 0)
            die_value(o, v, "a positive speed such as 20000f or 1Gf, or auto");
        break;
    case OPT_ENUM: {
        const struct opt_enum *e = o->values;

        while (e->name && strcmp(e->name, v) != 0)
            e++;
        if (!e->name)
            die_enum(o, v);
        *(int *)f = e->value;
        break;
    }
    case OPT_STRING:
        _Static_assert(SMPI_COLL_NAME_MAX == 64 && SMPI_PATH_MAX == 4096, "the messages below");
        if (strlen(v) >= SMPI_COLL_NAME_MAX)
            die_value(o, v, "a name shorter than 64 characters");
        strcpy(f, v);
        break;
    case OPT_PATH:
        if (strlen(v) >= SMPI_PATH_MAX)
            die_value(o, v, "a path shorter than 4096 characters");
        strcpy(f, v);
        break;
    case OPT_FACTOR:
        if (sim_factor_table_parse(v, f) != 0)
            die_value(o, v, "a number or size:factor;size:factor;...");
        break;
    case OPT_COST:
        if (parse_cost(v, f) != 0)
            die_value(o, v, "minsize:startup:perbyte;...");
        break;
    case OPT_COLL:
        break;
    case OPT_PLUGIN:
        add_plugin(&cfg->sim, v);
        break;
    case OPT_LOGGP:
    case OPT_LOGGPS:
    case OPT_LOG3P:
    case OPT_LMO_DEFAULT:
    case OPT_FANIN:
        parse_params(o, v, f);
        break;
    }
}

static const char *resolve_alias(const char *name)
{
    for (size_t i = 0; i < smpi__noption_aliases; i++)
        if (strcmp(smpi__option_aliases[i].old, name) == 0)
            return smpi__option_aliases[i].name;
    return name;
}

static int find_coll(const char *name)
{
    if (strncmp(name, "smpi/", 5) != 0)
        return -1;
    return coll_kind_by_name(name + 5);
}

static void die_unknown(const char *name)
{
    char list[2048] = "";

    for (size_t i = 0; i < smpi__noptions; i++) {
        strncat(list, smpi__options[i].name, sizeof(list) - strlen(list) - 1);
        if (i + 1 < smpi__noptions)
            strncat(list, ", ", sizeof(list) - strlen(list) - 1);
    }
    sim_die("%sunknown option '%s'; valid: %s (smpirun --help-options)", origin, name, list);
}

void smpi_options_set(struct smpi_config *cfg, const char *item)
{
    const char *colon = strchr(item, ':');
    char name[128];
    const char *canon;
    int coll;

    if (!colon || colon == item || (size_t)(colon - item) >= sizeof(name))
        sim_die("%sbad --cfg item '%s': expected --cfg=name:value", origin, item);
    memcpy(name, item, (size_t)(colon - item));
    name[colon - item] = '\0';
    canon = resolve_alias(name);
    coll = find_coll(canon);
    if (coll >= 0) {
        if (strlen(colon + 1) >= SMPI_COLL_NAME_MAX)
            sim_die("bad value '%s' for option %s; expected an algorithm name", colon + 1, name);
        strcpy(coll_values[coll], colon + 1);
        SIM_LOG(log_cfg, SIM_LOG_INFO, "Configuration change: Set '%s' to '%s'", name, colon + 1);
        return;
    }
    for (size_t i = 0; i < smpi__noptions; i++) {
        if (smpi__options[i].type != OPT_COLL && strcmp(smpi__options[i].name, canon) == 0) {
            parse_into(cfg, &smpi__options[i], colon + 1);
            given_item(i)->set = true;
            free(given_item(i)->text);
            given_item(i)->text = sim_xstrdup(colon + 1);
            if (smpi__options[i].offset == OPT_FIELD(path) && colon[1])
                sim_platform_add_path(colon + 1);
            /* SimGrid's xbt_cfg line, once the value is accepted */
            SIM_LOG(log_cfg, SIM_LOG_INFO, "Configuration change: Set '%s' to '%s'", name,
                    colon + 1);
            return;
        }
    }
    die_unknown(name);
}

void smpi_options_set_at(struct smpi_config *cfg, const char *item, const char *file, int line)
{
    snprintf(origin, sizeof(origin), "%s:%d: <config> ", file, line);
    smpi_options_set(cfg, item);
    origin[0] = '\0';
}

bool smpi_options_is_set(const char *name)
{
    const char *canon = resolve_alias(name);
    int coll = find_coll(canon);

    if (coll >= 0)
        return coll_values[coll][0] != '\0';
    for (size_t i = 0; i < smpi__noptions; i++)
        if (smpi__options[i].type != OPT_COLL && strcmp(smpi__options[i].name, canon) == 0)
            return given_item(i)->set;
    return false;
}

void smpi_options_defaults(struct smpi_config *cfg)
{
    memset(cfg, 0, sizeof(*cfg));
    memset(coll_values, 0, sizeof(coll_values));
    for (size_t i = 0; i < smpi__noptions; i++) {
        free(given_item(i)->text);
        *given_item(i) = (struct given){ 0 };
    }
    sim_config_defaults(&cfg->sim, SIM_NET_SMPI);
    for (size_t i = 0; i < smpi__noptions; i++)
        if (!(smpi__options[i].flags & OPT_MODEL) && smpi__options[i].type != OPT_COLL)
            parse_into(cfg, &smpi__options[i], smpi__options[i].def);
}

/* A per-message model needs its parameters (LMO's come from the platform: checked when it is
 * loaded). */
static void check_model_params(const struct sim_config *sim)
{
    if (sim->net_model == SIM_NET_LOGGP && sim->loggp.n == 0)
        sim_die("network/model:LogGP needs its parameters: "
                "--cfg=network/loggp:MINSIZE:L:o:g:G[;MINSIZE:L:o:g:G...]");
    if (sim->net_model == SIM_NET_LOGGPS && !sim->loggps.set)
        sim_die("network/model:LogGPS needs its parameters: --cfg=network/loggps:L:o:O:g:G:s:S");
    if (sim->net_model == SIM_NET_LOG3P && sim->log3p.n == 0)
        sim_die("network/model:log3P needs its parameters: "
                "--cfg=network/log3p:MINSIZE:o_mw:l_mw:o_net:T_mem[;...]");
}

void smpi_options_finish(struct smpi_config *cfg)
{
    struct sim_config model;

    sim_config_defaults(&model, cfg->sim.net_model);
    for (size_t i = 0; i < smpi__noptions; i++) {
        const struct smpi_option *o = &smpi__options[i];
        size_t size;

        if (!(o->flags & OPT_MODEL) || given_item(i)->set)
            continue;
        size = o->type == OPT_FACTOR ? sizeof(struct sim_factor_table)
               : o->type == OPT_BOOL ? sizeof(bool)
                                     : sizeof(double);
        if (o->type == OPT_FACTOR)
            sim_factor_table_free(field(cfg, o));
        memcpy(field(cfg, o), (char *)&model + (o->offset - OPT_FIELD(sim)), size);
        if (o->type == OPT_FACTOR)
            ((struct sim_factor_table *)((char *)&model + (o->offset - OPT_FIELD(sim))))->seg =
                NULL;
    }
    sim_factor_table_free(&model.lat_factor);
    sim_factor_table_free(&model.bw_factor);
    check_model_params(&cfg->sim);
    if (cfg->async_small_thresh > cfg->send_is_detached_thresh)
        sim_die("smpi/async-small-thresh (%g) must not exceed smpi/send-is-detached-thresh (%g)",
                cfg->async_small_thresh, cfg->send_is_detached_thresh);
}

const char *smpi_options_coll(const char *kind)
{
    int k = coll_kind_by_name(kind);

    return k >= 0 ? coll_values[k] : "";
}

void smpi_options_print(FILE *out)
{
    fprintf(out, "Options (--cfg=name:value):\n");
    for (size_t i = 0; i < smpi__noptions; i++) {
        const struct smpi_option *o = &smpi__options[i];
        const char *def = o->flags & OPT_MODEL ? "(set by network/model)" : o->def;

        fprintf(out, "  %-34s %-24s %s\n", o->name, *def ? def : "\"\"", o->help);
    }
    fprintf(out, "Aliases:");
    for (size_t i = 0; i < smpi__noption_aliases; i++)
        fprintf(out, " %s=%s", smpi__option_aliases[i].old, smpi__option_aliases[i].name);
    fprintf(out, "\n");
}

void smpi_options_free(struct smpi_config *cfg)
{
    sim_config_free(&cfg->sim);
    free(cfg->os.seg);
    free(cfg->ois.seg);
    free(cfg->or_.seg);
    cfg->os.seg = cfg->ois.seg = cfg->or_.seg = NULL;
}

size_t smpi_options_count(void)
{
    return smpi__noptions - 1; /* the last row, smpi/<collective>, stands for smpi_options_coll's */
}

const char *smpi_options_name(size_t i, const char **help)
{
    *help = smpi__options[i].help;
    return smpi__options[i].name;
}

void smpi_options_text(const struct smpi_config *cfg, size_t i, char *buf, size_t len)
{
    const struct smpi_option *o = &smpi__options[i];
    const void *f = (const char *)cfg + o->offset;
    const struct sim_factor_table *t = f;

    const char *text = given_item(i)->text;

    if (text || !(o->flags & OPT_MODEL))
        snprintf(buf, len, "%s", text ? text : o->def);
    else if (o->type == OPT_BOOL)
        snprintf(buf, len, "%s", *(const bool *)f ? "yes" : "no");
    else if (o->type != OPT_FACTOR || t->n == 0)
        snprintf(buf, len, "%g", o->type == OPT_FACTOR ? t->constant : *(const double *)f);
    else
        for (int k = (buf[0] = '\0', 0); k < t->n && strlen(buf) + 1 < len; k++)
            snprintf(buf + strlen(buf), len - strlen(buf), "%s%g:%g", k ? ";" : "", t->seg[k].bound,
                     t->seg[k].value);
}
