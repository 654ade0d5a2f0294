/* log: categories with thresholds set by --log=, and the line prefix (simulated time, actor). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simcore/internal.h"

#define DEFAULT_THRESHOLD SIM_LOG_WARN

struct log_rule {
    char *name; /* category prefix; "" matches every category */
    int level;
};

static struct log_rule *rules;
static int nrules;
static double (*log_now)(void);
static sim__actor_name_fn *log_actor_name;

unsigned sim__log_generation = 1;

static const char *const level_names[] = {
    [SIM_LOG_DEBUG] = "debug", [SIM_LOG_VERBOSE] = "verbose", [SIM_LOG_INFO] = "info",
    [SIM_LOG_WARN] = "warning", [SIM_LOG_ERROR] = "error",   [SIM_LOG_OFF] = "off",
};

void sim__log_set_context(double (*now)(void), sim__actor_name_fn *actor_name)
{
    log_now = now;
    log_actor_name = actor_name;
}

void sim__log_prefix(FILE *out)
{
    const char *actor;

    if (!log_now)
        return;
    actor = log_actor_name ? log_actor_name() : NULL;
    fprintf(out, "[%.6f] [%s] ", log_now(), actor ? actor : "maestro");
}

/* A rule applies to a category when its name is the category or a dotted prefix of it. */
static bool rule_matches(const char *rule, const char *cat)
{
    size_t n = strlen(rule);

    if (n == 0)
        return true;
    return strncmp(rule, cat, n) == 0 && (cat[n] == '\0' || cat[n] == '.');
}

int sim__log_threshold(struct sim_log_cat *cat)
{
    int best_len = -1;
    int level = DEFAULT_THRESHOLD;

    for (int i = 0; i < nrules; i++) {
        int len = (int)strlen(rules[i].name);

        if (rule_matches(rules[i].name, cat->name) && len >= best_len) {
            best_len = len;
            level = rules[i].level;
        }
    }
    cat->threshold = level;
    cat->gen = sim__log_generation;
    return level;
}

void sim__log_emit(struct sim_log_cat *cat, enum sim_log_level level, const char *fmt, ...)
{
    va_list ap;
    const char *lname = level_names[level] ? level_names[level] : "?";

    fflush(stdout);
    sim__log_prefix(stderr);
    fprintf(stderr, "%s/%s: ", cat->name, lname);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

static int parse_level(const char *text)
{
    static const struct {
        const char *name;
        int level;
    } names[] = {
        { "trace", SIM_LOG_DEBUG },   { "debug", SIM_LOG_DEBUG }, { "verbose", SIM_LOG_VERBOSE },
        { "info", SIM_LOG_INFO },     { "warning", SIM_LOG_WARN }, { "warn", SIM_LOG_WARN },
        { "error", SIM_LOG_ERROR },   { "critical", SIM_LOG_ERROR }, { "off", SIM_LOG_OFF },
    };

    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (strcmp(text, names[i].name) == 0)
            return names[i].level;
    return -1;
}

static void add_rule(const char *name, int level)
{
    rules = sim_xrealloc(rules, (size_t)(nrules + 1) * sizeof(*rules));
    rules[nrules].name = sim_xstrdup(name);
    rules[nrules].level = level;
    nrules++;
    sim__log_generation++;
}

/* One item: "cat.thres:level", "cat.threshold:level" or "cat:level". */
static void configure_item(char *item)
{
    char *colon = strrchr(item, ':');
    char *dot;
    int level;

    if (!colon)
        sim_die("bad --log item '%s': expected category:level, e.g. --log=smpi:debug", item);
    *colon = '\0';
    level = parse_level(colon + 1);
    if (level < 0)
        sim_die("bad log level '%s' in --log item '%s'; valid: trace, debug, verbose, info, "
                "warning, error, critical, off",
                colon + 1, item);
    dot = strrchr(item, '.');
    if (dot && (strcmp(dot, ".thres") == 0 || strcmp(dot, ".threshold") == 0))
        *dot = '\0';
    if (strcmp(item, "root") == 0 || strcmp(item, "all") == 0)
        item[0] = '\0';
    add_rule(item, level);
}

void sim_log_configure(const char *spec)
{
    char *copy = sim_xstrdup(spec);
    char *save = NULL;

    for (char *tok = strtok_r(copy, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save))
        configure_item(tok);
    free(copy);
}

void sim_log_reset(void)
{
    for (int i = 0; i < nrules; i++)
        free(rules[i].name);
    free(rules);
    rules = NULL;
    nrules = 0;
    sim__log_generation++;
}
