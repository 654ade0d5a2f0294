/* log: categories, their hierarchy and the --log= settings (thresholds, layouts, appenders), with
 * SimGrid's xbt log semantics. log_layout.c writes the lines. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "simcore/internal.h"

#define ROOT_THRESHOLD SIM_LOG_INFO /* SimGrid's default */

enum rule_kind {
    RULE_THRESHOLD,
    RULE_ADDITIVITY,
    RULE_APPENDER,
    RULE_FORMAT,
};

/* One setting; a category's setting of a kind is its last rule of that kind. */
struct log_rule {
    char *name; /* category name; "" is the root */
    enum rule_kind kind;
    int level;     /* RULE_THRESHOLD */
    char *fmt;     /* RULE_FORMAT */
    FILE *stream;  /* RULE_APPENDER */
    bool additive; /* RULE_ADDITIVITY */
};

/* Parents of the categories seen so far, for the chains that pass through them. */
struct log_parent {
    char *name;
    char *parent;
};

static struct log_rule *rules;
static int nrules;
static struct log_parent *parents;
static int nparents;

unsigned sim__log_generation = 1;
bool sim__log_no_loc;

/* SimGrid's option names, in the order its parser tries them: an option is any prefix of one. */
static const char *const option_names[] = {
    [RULE_THRESHOLD] = "threshold",
    [RULE_ADDITIVITY] = "additivity",
    [RULE_APPENDER] = "appender",
    [RULE_FORMAT] = "fmt",
};

static const char valid_forms[] =
    "valid forms: CATEGORY.thres:LEVEL (or CATEGORY:LEVEL), CATEGORY.fmt:FORMAT, "
    "CATEGORY.app:stdout|stderr|file:PATH, CATEGORY.additivity:on|off, no_loc; CATEGORY is a "
    "log category or root; levels: trace, debug, verbose, info, warning, error, critical, off";

static void remember_parent(const char *name, const char *parent)
{
    for (int i = 0; i < nparents; i++)
        if (strcmp(parents[i].name, name) == 0)
            return;
    parents = sim_xrealloc(parents, (size_t)(nparents + 1) * sizeof(*parents));
    parents[nparents].name = sim_xstrdup(name);
    parents[nparents].parent = sim_xstrdup(parent);
    nparents++;
}

/* The parent of `name` into buf: the declared one, else the dotted prefix, else the root (""). */
static void parent_of(const char *name, char *buf, size_t size)
{
    const char *dot;

    for (int i = 0; i < nparents; i++) {
        if (strcmp(parents[i].name, name) == 0) {
            snprintf(buf, size, "%s", parents[i].parent);
            return;
        }
    }
    dot = strrchr(name, '.');
    snprintf(buf, size, "%.*s", dot ? (int)(dot - name) : 0, name);
}

/* The last rule of `kind` set on exactly `name`, or NULL. */
static const struct log_rule *rule_of(const char *name, enum rule_kind kind)
{
    for (int i = nrules - 1; i >= 0; i--)
        if (rules[i].kind == kind && strcmp(rules[i].name, name) == 0)
            return &rules[i];
    return NULL;
}

/* Walks the chain of `name` (itself, then its ancestors, the root last) until `visit` returns
 * true; returns whether it did. */
static bool walk_chain(const char *name, const char *parent,
                       bool (*visit)(const char *node, void *arg), void *arg)
{
    char node[256];
    char up[256];
    int depth = 0;

    if (parent)
        remember_parent(name, parent);
    snprintf(node, sizeof(node), "%s", name);
    for (;;) {
        if (visit(node, arg))
            return true;
        if (node[0] == '\0' || ++depth > 64) /* the root, or a loop in declared parents */
            return false;
        parent_of(node, up, sizeof(up));
        memcpy(node, up, sizeof(node));
    }
}

static bool visit_threshold(const char *node, void *arg)
{
    const struct log_rule *r = rule_of(node, RULE_THRESHOLD);

    if (r)
        *(int *)arg = r->level;
    return r != NULL;
}

static int threshold_of(const char *name, const char *parent)
{
    int level = ROOT_THRESHOLD;

    walk_chain(name, parent, visit_threshold, &level);
    return level;
}

int sim__log_threshold(struct sim_log_cat *cat)
{
    cat->threshold = threshold_of(cat->name, cat->parent);
    cat->gen = sim__log_generation;
    return cat->threshold;
}

bool sim_log_is_enabled(const char *name, const char *parent, enum sim_log_level level)
{
    return (int)level >= threshold_of(name, parent);
}

/* The last of a node's rules of these kinds, or NULL. */
static const struct log_rule *last_rule_of(const char *name, int nkinds,
                                           const enum rule_kind *kinds)
{
    for (int i = nrules - 1; i >= 0; i--)
        for (int k = 0; k < nkinds; k++)
            if (rules[i].kind == kinds[k] && strcmp(rules[i].name, name) == 0)
                return &rules[i];
    return NULL;
}

struct output_walk {
    struct sim__log_out *outs;
    int n;
    int max;
};

/* As SimGrid's _xbt_log_event_log: each category of the chain that has an appender (its own, or
 * stderr when it got a format, or the root's stderr) writes the line with its layout; the walk
 * stops after a category whose additivity is off (a format or an appender sets it off, an
 * additivity item after them sets it again). */
static bool visit_output(const char *node, void *arg)
{
    static const enum rule_kind additivity_kinds[] = { RULE_ADDITIVITY, RULE_FORMAT,
                                                       RULE_APPENDER };
    struct output_walk *w = arg;
    const struct log_rule *fmt = rule_of(node, RULE_FORMAT);
    const struct log_rule *app = rule_of(node, RULE_APPENDER);
    const struct log_rule *add = last_rule_of(node, 3, additivity_kinds);

    if ((fmt || app || node[0] == '\0') && w->n < w->max) {
        w->outs[w->n].fmt = fmt ? fmt->fmt : NULL;
        w->outs[w->n].stream = app ? app->stream : stderr;
        w->n++;
    }
    return add && (add->kind != RULE_ADDITIVITY || !add->additive);
}

int sim__log_outputs_of(const char *name, const char *parent, struct sim__log_out *outs, int max)
{
    struct output_walk w = { .outs = outs, .n = 0, .max = max };

    walk_chain(name, parent, visit_output, &w);
    return w.n;
}

void sim__log_emit(struct sim_log_cat *cat, enum sim_log_level level, const char *file, int line,
                   const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    sim_log_vemit(cat->name, cat->parent, level, file, line, fmt, ap);
    va_end(ap);
}

void sim_log_vemit(const char *name, const char *parent, enum sim_log_level level, const char *file,
                   int line, const char *fmt, va_list ap)
{
    struct sim__log_out outs[8];
    int n = sim__log_outputs_of(name, parent, outs, 8);

    for (int i = 0; i < n; i++) {
        va_list aq;

        va_copy(aq, ap);
        sim__log_write(&outs[i], name, level, file, line, fmt, aq);
        va_end(aq);
    }
}

static int parse_level(const char *text)
{
    static const struct {
        const char *name;
        int level;
    } names[] = {
        { "trace", SIM_LOG_TRACE },     { "debug", SIM_LOG_DEBUG },
        { "verbose", SIM_LOG_VERBOSE }, { "info", SIM_LOG_INFO },
        { "warning", SIM_LOG_WARN },    { "warn", SIM_LOG_WARN },
        { "error", SIM_LOG_ERROR },     { "critical", SIM_LOG_CRITICAL },
        { "off", SIM_LOG_OFF },
    };

    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (strcasecmp(text, names[i].name) == 0)
            return names[i].level;
    return -1;
}

static struct log_rule *add_rule(const char *name, enum rule_kind kind)
{
    struct log_rule *r;

    rules = sim_xrealloc(rules, (size_t)(nrules + 1) * sizeof(*rules));
    r = &rules[nrules++];
    memset(r, 0, sizeof(*r));
    r->name = sim_xstrdup(name);
    r->kind = kind;
    sim__log_generation++;
    return r;
}

static FILE *open_appender(const char *value, const char *item)
{
    const char *path = NULL;
    FILE *f;

    if (strcmp(value, "stdout") == 0)
        return stdout;
    if (strcmp(value, "stderr") == 0)
        return stderr;
    if (strncmp(value, "file:", 5) == 0)
        path = value + 5;
    else if (strncmp(value, "rollfile:", 9) == 0 || strncmp(value, "splitfile:", 10) == 0)
        path = strchr(value, ':') + 1;
    if (!path || !*path)
        sim_die("bad appender '%s' in --log item '%s'; valid: stdout, stderr, file:PATH", value,
                item);
    f = fopen(path, "w");
    if (!f)
        sim_die("--log item '%s': cannot write '%s': %m", item, path);
    return f;
}

/* The option of "NAME.OPTION": the rule kind whose name starts with it (SimGrid's prefix match,
 * the empty option included), or -1. */
static int option_kind(const char *opt)
{
    size_t n = strlen(opt);

    for (int k = RULE_THRESHOLD; k <= RULE_FORMAT; k++)
        if (strncmp(option_names[k], opt, n) == 0)
            return k;
    return -1;
}

/* One item: "NAME[.OPTION](:|=)VALUE" or "no_loc". */
static void configure_item(const char *item)
{
    size_t sep = strcspn(item, ":=");
    char name[256];
    const char *value = item + sep + 1;
    char *dot;
    int kind = RULE_THRESHOLD;
    struct log_rule *r;

    if (strcmp(item, "no_loc") == 0) {
        sim__log_no_loc = true;
        return;
    }
    if (item[sep] == '\0' || sep == 0 || sep >= sizeof(name))
        sim_die("bad --log item '%s'; %s", item, valid_forms);
    memcpy(name, item, sep);
    name[sep] = '\0';
    dot = strrchr(name, '.');
    if (dot && option_kind(dot + 1) >= 0) {
        kind = option_kind(dot + 1);
        *dot = '\0';
    }
    if (name[0] == '\0' || strchr(name, ' '))
        sim_die("bad --log item '%s': no category name; %s", item, valid_forms);
    if (strcmp(name, "root") == 0 || strcmp(name, "all") == 0 || strcmp(name, "*") == 0)
        name[0] = '\0';
    if (kind == RULE_THRESHOLD) {
        int level = parse_level(value);

        if (level < 0)
            sim_die("bad log level '%s' in --log item '%s'; valid: trace, debug, verbose, info, "
                    "warning, error, critical, off",
                    value, item);
        add_rule(name, kind)->level = level;
    } else if (kind == RULE_FORMAT) {
        const char *bad = sim__log_format_check(value);

        if (bad)
            sim_die("bad layout '%s' in --log item '%s' at '%s'; known sequences: %%m message, "
                    "%%c category, %%p priority, %%F file, %%L line, %%M function, %%l file:line, "
                    "%%h host, %%a actor, %%i pid, %%d and %%r date, %%%% %%, %%n new line, "
                    "%%e space, with optional width and .precision",
                    value, item, bad);
        add_rule(name, kind)->fmt = sim_xstrdup(value);
    } else if (kind == RULE_APPENDER) {
        FILE *f = open_appender(value, item);

        add_rule(name, kind)->stream = f;
    } else {
        r = add_rule(name, kind);
        r->additive = strcasecmp(value, "on") == 0 || strcasecmp(value, "yes") == 0 ||
                      strcmp(value, "1") == 0;
    }
}

/* Items are separated by spaces; commas separate items too, except inside a format. */
void sim_log_configure(const char *spec)
{
    char *copy = sim_xstrdup(spec);
    char *save = NULL;

    for (char *tok = strtok_r(copy, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        size_t sep = strcspn(tok, ":=");
        char *fmt = strstr(tok, ".fmt");

        if (fmt && fmt < tok + sep) {
            configure_item(tok);
            continue;
        }
        for (char *part = tok, *comma; part; part = comma) {
            comma = strchr(part, ',');
            if (comma)
                *comma++ = '\0';
            if (*part)
                configure_item(part);
        }
    }
    free(copy);
}

void sim_log_reset(void)
{
    for (int i = 0; i < nrules; i++) {
        free(rules[i].name);
        free(rules[i].fmt);
        if (rules[i].stream && rules[i].stream != stdout && rules[i].stream != stderr)
            fclose(rules[i].stream);
    }
    free(rules);
    rules = NULL;
    nrules = 0;
    sim__log_no_loc = false;
    sim__log_generation++;
}
