/* platform_profile: the profiles of a platform file as SimGrid 3.32 reads them — host speed_file
 * (availability_file, its deprecated name) and state_file, link bandwidth_file, latency_file and
 * state_file, <trace id file periodicity> (inline text or a file) and <trace_connect kind trace
 * element> — plus SimGrid's lookup path for relative file names ("./", the directories of the
 * "path" option, then the platform file's folder). Errors name the file, the line and the
 * attribute. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simcore/internal.h"
#include "simcore/platform_impl.h"

SIM_LOG_CATEGORY(log_pprof, "sim.platform");

/* ---- lookup path ---- */

void sim_platform_add_path(const char *dir)
{
    struct sim__loader *l = &sim__engine.loader;

    l->paths = sim_xrealloc(l->paths, (size_t)(l->npaths + 1) * sizeof(*l->paths));
    l->paths[l->npaths++] = sim_xstrdup(dir);
}

void sim_platform_clear_paths(void)
{
    struct sim__loader *l = &sim__engine.loader;

    for (int i = 0; i < l->npaths; i++)
        free(l->paths[i]);
    free(l->paths);
    l->paths = NULL;
    l->npaths = 0;
}

void sim__loader_free(void)
{
    sim_platform_clear_paths();
    sim__engine.loader.config_fn = NULL;
    sim__engine.loader.config_arg = NULL;
}

static bool readable(const char *path)
{
    FILE *f = fopen(path, "r");

    if (!f)
        return false;
    fclose(f);
    return true;
}

/* dir/name if readable (malloc'd), else NULL. `dirlen` bytes of `dir` are used. */
static char *try_in(const char *dir, size_t dirlen, const char *name)
{
    size_t size = dirlen + strlen(name) + 2;
    char *path = sim_xmalloc(size);

    snprintf(path, size, "%.*s/%s", (int)dirlen, dir, name);
    if (readable(path))
        return path;
    free(path);
    return NULL;
}

char *sim__platform_find_file(const char *name, const char *platform_file)
{
    const struct sim__loader *l = &sim__engine.loader;
    const char *slash = platform_file ? strrchr(platform_file, '/') : NULL;
    char *found = NULL;

    if (name[0] == '/' || readable(name))
        return readable(name) ? sim_xstrdup(name) : NULL;
    for (int i = 0; i < l->npaths && !found; i++)
        found = try_in(l->paths[i], strlen(l->paths[i]), name);
    if (!found && slash)
        found = try_in(platform_file, (size_t)(slash - platform_file), name);
    return found;
}

/* "./, <paths>, <platform folder>" for messages. */
static void describe_path(char *buf, size_t size, const char *platform_file)
{
    const struct sim__loader *l = &sim__engine.loader;
    const char *slash = platform_file ? strrchr(platform_file, '/') : NULL;
    size_t len = (size_t)snprintf(buf, size, "./");

    for (int i = 0; i < l->npaths && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, ", %s", l->paths[i]);
    if (slash && len < size)
        snprintf(buf + len, size - len, ", %.*s", (int)(slash - platform_file), platform_file);
}

/* ---- profiles read from files ---- */

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "r");
    char *text = NULL;
    size_t len = 0;
    size_t cap = 0;
    size_t got;

    if (!f)
        return NULL;
    do {
        if (cap - len < 4096) {
            cap = cap ? 2 * cap : 8192;
            text = sim_xrealloc(text, cap + 1);
        }
        got = fread(text + len, 1, cap - len, f);
        len += got;
    } while (got > 0);
    fclose(f);
    text[len] = '\0';
    return text;
}

static void add_profile(struct sim_platform *p, struct sim__profile *prof)
{
    p->profiles = sim_xrealloc(p->profiles, (size_t)(p->nprofiles + 1) * sizeof(*p->profiles));
    p->profiles[p->nprofiles++] = prof;
}

struct sim__profile *sim__platform_profile_file(struct sim_platform *p, const char *name,
                                                const char *file, int line, const char *what)
{
    char err[256];
    char where[1024];
    int errline = 0;
    char *path = sim__platform_find_file(name, file);
    char *text;
    struct sim__profile *prof;

    if (!path) {
        describe_path(where, sizeof(where), file);
        sim_die("%s:%d: cannot open profile '%s' of %s: %s; looked in %s (add folders with "
                "--cfg=path:DIR)",
                file, line, name, what, strerror(errno), where);
    }
    for (int i = 0; i < p->nprofiles; i++) {
        if (strcmp(p->profiles[i]->name, path) == 0) {
            free(path);
            return p->profiles[i];
        }
    }
    text = read_all(path);
    if (!text)
        sim_die("%s:%d: cannot read profile '%s' of %s: %s", file, line, path, what,
                strerror(errno));
    prof = sim__profile_parse(path, text, -1.0, err, sizeof(err), &errline);
    free(text);
    if (!prof)
        sim_die("%s:%d: %s (the profile of %s, %s:%d)", path, errline, err, what, file, line);
    free(path);
    add_profile(p, prof);
    return prof;
}

/* ---- attaching a profile to a host or link ---- */

static const char *const kind_words[] = {
    [SIM__RES_HOST_SPEED] = "speed",         [SIM__RES_HOST_STATE] = "state",
    [SIM__RES_LINK_BANDWIDTH] = "bandwidth", [SIM__RES_LINK_LATENCY] = "latency",
    [SIM__RES_LINK_STATE] = "state",
};

static void set_slot(struct sim__profile **slot, struct sim__profile *prof, enum sim__res_kind kind,
                     const char *what, const char *name, const char *file, int line)
{
    if (*slot && *slot != prof)
        sim_die("%s:%d: %s '%s' already has a %s profile ('%s'); give it one (SimGrid refuses "
                "a second one)",
                file, line, what, name, kind_words[kind], (*slot)->name);
    *slot = prof;
}

void sim__host_set_profile(struct sim_host *h, enum sim__res_kind kind, struct sim__profile *prof,
                           const char *file, int line)
{
    set_slot(kind == SIM__RES_HOST_SPEED ? &h->speed_profile : &h->state_profile, prof, kind,
             "host", h->name, file, line);
}

void sim__link_set_profile(struct sim_link *l, enum sim__res_kind kind, struct sim__profile *prof,
                           const char *file, int line)
{
    struct sim__profile **slot = kind == SIM__RES_LINK_BANDWIDTH ? &l->bandwidth_profile
                                 : kind == SIM__RES_LINK_LATENCY ? &l->latency_profile
                                                                 : &l->state_profile;

    set_slot(slot, prof, kind, "link", l->name, file, line);
}

/* ---- <trace> and <trace_connect> ---- */

struct trace_def {
    char *id;
    struct sim__profile *prof;
    int line;
};

struct trace_conn {
    enum sim__res_kind kind;
    char *trace;
    char *element;
    int line;
};

struct sim__traces {
    int ndefs;
    struct trace_def *defs;
    int nconns;
    struct trace_conn *conns;
};

struct sim__traces *sim__traces_new(void)
{
    return sim_xcalloc(1, sizeof(struct sim__traces));
}

void sim__traces_free(struct sim__traces *t)
{
    for (int i = 0; i < t->ndefs; i++)
        free(t->defs[i].id);
    for (int i = 0; i < t->nconns; i++) {
        free(t->conns[i].trace);
        free(t->conns[i].element);
    }
    free(t->defs);
    free(t->conns);
    free(t);
}

static struct trace_def *find_trace(const struct sim__traces *t, const char *id)
{
    for (int i = 0; i < t->ndefs; i++)
        if (strcmp(t->defs[i].id, id) == 0)
            return &t->defs[i];
    return NULL;
}

void sim__traces_define(struct sim__traces *t, struct sim_platform *p, const char *id,
                        const char *path, const char *text, double periodicity, const char *file,
                        int line)
{
    const struct trace_def *old = find_trace(t, id);
    struct sim__profile *prof;
    char what[320];
    char err[256];
    int errline = 0;

    if (old)
        sim_die("%s:%d: duplicate trace id '%s' (already defined at line %d)", file, line, id,
                old->line);
    snprintf(what, sizeof(what), "<trace id=\"%s\">", id);
    if (path && *path) { /* SimGrid reads the file and ignores periodicity */
        prof = sim__platform_profile_file(p, path, file, line, what);
    } else {
        if (!text || !text[strspn(text, " \t\r\n")])
            sim_die("%s:%d: <trace id=\"%s\"> has neither content nor file; give its events "
                    "(\"date value\" lines) inside it or file=\"...\"",
                    file, line, id);
        prof = sim__profile_parse(id, text, periodicity, err, sizeof(err), &errline);
        if (!prof)
            sim_die("%s:%d: <trace id=\"%s\">: %s", file, line + errline - 1, id, err);
        add_profile(p, prof);
    }
    t->defs = sim_xrealloc(t->defs, (size_t)(t->ndefs + 1) * sizeof(*t->defs));
    t->defs[t->ndefs++] = (struct trace_def){ sim_xstrdup(id), prof, line };
}

void sim__traces_connect(struct sim__traces *t, const char *kind, const char *trace,
                         const char *element, const char *file, int line)
{
    static const struct {
        const char *name;
        enum sim__res_kind kind;
    } kinds[] = {
        { "HOST_AVAIL", SIM__RES_HOST_STATE }, { "SPEED", SIM__RES_HOST_SPEED },
        { "LINK_AVAIL", SIM__RES_LINK_STATE }, { "BANDWIDTH", SIM__RES_LINK_BANDWIDTH },
        { "LATENCY", SIM__RES_LINK_LATENCY },
    };
    int k = -1;

    for (int i = 0; i < 5 && kind; i++)
        if (strcmp(kind, kinds[i].name) == 0)
            k = i;
    if (kind && k < 0)
        sim_die("%s:%d: bad value '%s' for attribute 'kind' of <trace_connect>; valid: "
                "HOST_AVAIL, SPEED, LINK_AVAIL, BANDWIDTH, LATENCY%s",
                file, line, kind, strcmp(kind, "POWER") == 0 ? " (POWER is now SPEED)" : "");
    if (!find_trace(t, trace))
        sim_die("%s:%d: cannot connect trace '%s' to '%s': no <trace id=\"%s\"> before it", file,
                line, trace, element, trace);
    for (int i = 0; i < t->nconns; i++) {
        if (t->conns[i].kind == (k < 0 ? SIM__RES_HOST_SPEED : kinds[k].kind) &&
            strcmp(t->conns[i].trace, trace) == 0) {
            /* SimGrid keeps one element per trace and kind: the first */
            SIM_LOG(log_pprof, SIM_LOG_WARN,
                    "%s:%d: trace '%s' is already connected to '%s' for this kind; SimGrid "
                    "ignores this <trace_connect> to '%s'",
                    file, line, trace, t->conns[i].element, element);
            return;
        }
    }
    t->conns = sim_xrealloc(t->conns, (size_t)(t->nconns + 1) * sizeof(*t->conns));
    /* without kind SimGrid 3.32's parser takes SPEED, whatever its DTD says */
    t->conns[t->nconns++] = (struct trace_conn){
        .kind = k < 0 ? SIM__RES_HOST_SPEED : kinds[k].kind,
        .trace = sim_xstrdup(trace),
        .element = sim_xstrdup(element),
        .line = line,
    };
}

static void connect_link(struct sim_platform *p, const struct trace_conn *c,
                         struct sim__profile *prof, const char *file)
{
    int xl = sim__xlink_find(p, c->element);
    struct sim_link *l = xl < 0 ? sim_platform_link_by_name(p, c->element) : NULL;

    if (xl < 0 && !l)
        sim_die("%s:%d: <trace_connect trace=\"%s\" element=\"%s\">: no link '%s'", file, c->line,
                c->trace, c->element, c->element);
    if (l) {
        sim__link_set_profile(l, c->kind, prof, file, c->line);
        return;
    }
    sim__link_set_profile(sim__xlink_get(p, xl, true), c->kind, prof, file, c->line);
    if (sim__xlink_is_split(p, xl))
        sim__link_set_profile(sim__xlink_get(p, xl, false), c->kind, prof, file, c->line);
}

void sim__traces_apply(const struct sim__traces *t, struct sim_platform *p, const char *file)
{
    for (int i = 0; i < t->nconns; i++) {
        const struct trace_conn *c = &t->conns[i];
        struct sim__profile *prof = find_trace(t, c->trace)->prof;
        struct sim_host *h;

        if (c->kind == SIM__RES_HOST_SPEED || c->kind == SIM__RES_HOST_STATE) {
            h = sim_platform_host_by_name(p, c->element);
            if (!h)
                sim_die("%s:%d: <trace_connect trace=\"%s\" element=\"%s\">: no host '%s'", file,
                        c->line, c->trace, c->element, c->element);
            sim__host_set_profile(h, c->kind, prof, file, c->line);
        } else {
            connect_link(p, c, prof, file);
        }
    }
}
