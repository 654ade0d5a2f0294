/* profile: SimGrid's resource profiles (the files of speed_file, state_file, bandwidth_file,
 * latency_file and the text of <trace>): parsing, and the engine events that replay them on a
 * host or link. Format and timing follow SimGrid 3.32 (kernel/resource/profile/ProfileBuilder.cpp
 * and Profile.cpp). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simcore/internal.h"
#include "simcore/platform.h"

SIM_LOG_CATEGORY(log_prof, "sim.profile");

/* ---- parsing ---- */

struct parse {
    struct sim__profile *prof;
    int cap;
    double last_date;
    double periodicity; /* > 0: the pattern restarts this long after its start */
    double loop_after;  /* LOOPAFTER: delay between the last event and the next start */
    bool loop;
    char *err;
    size_t errsize;
    int *errline;
};

static bool fail(struct parse *ps, int line, const char *fmt, const char *word)
{
    snprintf(ps->err, ps->errsize, fmt, word);
    *ps->errline = line;
    return false;
}

/* A whole token that is a number; *x receives it. */
static bool number(const char *tok, double *x)
{
    char *end;

    *x = strtod(tok, &end);
    return end != tok && *end == '\0';
}

/* Splits `s` (modified) into at most `max` blank-separated tokens; returns their number. */
static int split(char *s, char **tok, int max)
{
    int n = 0;

    for (char *save = NULL, *t = strtok_r(s, " \t", &save); t && n < max;
         t = strtok_r(NULL, " \t", &save))
        tok[n++] = t;
    return n;
}

static bool is_law(const char *t)
{
    static const char *const laws[] = { "NORM",        "NORMAL", "GAUSS",   "GAUSSIAN", "EXP",
                                        "EXPONENTIAL", "UNIF",   "UNIFORM", NULL };

    for (int i = 0; laws[i]; i++)
        if (strcmp(t, laws[i]) == 0)
            return true;
    return false;
}

/* "date value", each optionally preceded by DET (SimGrid's deterministic law). */
static bool event_line(struct parse *ps, char *s, int line)
{
    char *tok[8];
    int n = split(s, tok, 8);
    int i = 0;
    double date;
    double value;

    for (int k = 0; k < n; k++)
        if (is_law(tok[k]))
            return fail(ps, line,
                        "stochastic law '%s' is not supported; give fixed dates and values "
                        "(\"date value\")",
                        tok[k]);
    if (i < n && strcmp(tok[i], "DET") == 0)
        i++;
    if (i >= n || !number(tok[i], &date))
        return fail(ps, line, "bad date '%s'; expected \"date value\" with a date in seconds",
                    i < n ? tok[i] : "");
    i++;
    if (i < n && strcmp(tok[i], "DET") == 0)
        i++;
    if (i >= n || !number(tok[i], &value))
        return fail(ps, line, "bad value '%s'; expected \"date value\" with a number",
                    i < n ? tok[i] : "");
    if (date < 0)
        return fail(ps, line, "date %s is negative; dates count seconds from the start", tok[0]);
    if (date < ps->last_date) {
        char msg[96];

        snprintf(msg, sizeof(msg), "%g comes after %g", date, ps->last_date);
        return fail(ps, line, "events must be sorted by date, but %s", msg);
    }
    if (value < 0)
        return fail(ps, line, "value %s is negative", tok[i]);
    if (ps->prof->n == ps->cap) {
        ps->cap = ps->cap ? 2 * ps->cap : 16;
        ps->prof->ev = sim_xrealloc(ps->prof->ev, (size_t)ps->cap * sizeof(*ps->prof->ev));
    }
    ps->prof->ev[ps->prof->n++] = (struct sim__dated){ date - ps->last_date, value };
    ps->last_date = date;
    return true;
}

static bool keyword_line(struct parse *ps, const char *s, int line, bool *done)
{
    double x;
    char rest[2];

    *done = true;
    if (sscanf(s, "PERIODICITY %lg %1s", &x, rest) == 1) {
        ps->periodicity = x;
        ps->loop = true;
    } else if (sscanf(s, "LOOPAFTER %lg %1s", &x, rest) == 1) {
        ps->loop_after = x;
        ps->loop = true;
    } else if (strncmp(s, "STOCHASTIC", 10) == 0) {
        return fail(ps, line, "'%s' profiles are not supported; give fixed dates and values", s);
    } else if (strncmp(s, "PERIODICITY", 11) == 0 || strncmp(s, "LOOPAFTER", 9) == 0) {
        return fail(ps, line, "bad line '%s'; expected PERIODICITY or LOOPAFTER and a number", s);
    } else {
        *done = false;
    }
    return true;
}

static char *trim(char *s)
{
    size_t n;

    while (isspace((unsigned char)*s))
        s++;
    n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

static bool parse_lines(struct parse *ps, char *text)
{
    int line = 0;
    char *next;

    for (char *s = text; s; s = next) {
        bool done;

        next = strchr(s, '\n');
        if (next)
            *next++ = '\0';
        line++;
        s = trim(s);
        if (*s == '\0' || *s == '#' || *s == '%')
            continue;
        if (!keyword_line(ps, s, line, &done))
            return false;
        if (!done && !event_line(ps, s, line))
            return false;
    }
    return true;
}

static int line_count(const char *text)
{
    int n = 1;

    for (; *text; text++)
        n += *text == '\n' && text[1] != '\0';
    return n;
}

struct sim__profile *sim__profile_parse(const char *name, const char *text, double periodicity,
                                        char *err, size_t errsize, int *errline)
{
    struct sim__profile *prof = sim_xcalloc(1, sizeof(*prof));
    struct parse ps = {
        .prof = prof,
        .periodicity = periodicity,
        .loop = periodicity > 0,
        .err = err,
        .errsize = errsize,
        .errline = errline,
    };
    char *copy = sim_xstrdup(text);
    bool ok = parse_lines(&ps, copy);

    free(copy);
    if (ok && ps.periodicity > 0 && ps.loop_after != 0)
        ok = fail(&ps, line_count(text), "%s",
                  "PERIODICITY and LOOPAFTER cannot be combined; give one of them");
    if (ok && ps.periodicity > 0)
        ps.loop_after = ps.periodicity - ps.last_date;
    if (ok && ps.loop_after < 0)
        ok = fail(&ps, line_count(text), "%s",
                  "the pattern cannot repeat: its period is shorter than its last date, or "
                  "LOOPAFTER is negative");
    if (!ok) {
        sim__profile_free(prof);
        return NULL;
    }
    prof->name = sim_xstrdup(name);
    prof->repeat = ps.loop ? ps.loop_after : -1.0;
    return prof;
}

void sim__profile_free(struct sim__profile *prof)
{
    if (!prof)
        return;
    free(prof->name);
    free(prof->ev);
    free(prof);
}

/* ---- replay on a resource: one engine event per (profile, resource) ---- */

struct sim__res_event {
    struct sim__heap_entry ev; /* first member: the engine's heap holds this entry */
    const struct sim__profile *prof;
    enum sim__res_kind kind;
    void *res; /* struct sim_host or struct sim_link */
    int next;  /* index of the pattern event to apply next */
};

/* Schedules the first event of `prof` on `res` at its date from the start (as SimGrid's
 * Profile::schedule, at platform load). A profile without events schedules nothing. */
struct sim__res_event *sim__profile_attach(const struct sim__profile *prof, enum sim__res_kind kind,
                                           void *res)
{
    struct sim__res_event *re;

    if (prof->n == 0)
        return NULL;
    re = sim_xcalloc(1, sizeof(*re));
    re->ev.index = -1;
    re->prof = prof;
    re->kind = kind;
    re->res = res;
    sim__heap_update(&sim__engine.events, &re->ev, prof->ev[0].delta);
    return re;
}

/* Applies the due event and schedules the next one: the next pattern event its delta later,
 * or after the last one, when the profile repeats, the first one delta + repeat later. */
void sim__profile_fire(struct sim__res_event *re)
{
    const struct sim__profile *prof = re->prof;
    double value = prof->ev[re->next].value;
    double now = sim__engine.now;

    re->next++;
    if (re->next == prof->n && prof->repeat >= 0) {
        re->next = 0;
        sim__heap_update(&sim__engine.events, &re->ev, now + prof->ev[0].delta + prof->repeat);
    } else if (re->next < prof->n) {
        sim__heap_update(&sim__engine.events, &re->ev, now + prof->ev[re->next].delta);
    } else {
        sim__heap_remove(&sim__engine.events, &re->ev);
    }
    SIM_LOG(log_prof, SIM_LOG_DEBUG, "profile %s: value %g", prof->name, value);
    sim__resource_apply(re->kind, re->res, value, prof);
}
