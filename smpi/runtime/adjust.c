/* adjust: call locations and smpi/comp-adjustment-file, as SimGrid SMPI 3.32 has them
 * (smpi_bench.cpp, smpi_config.cpp). A program built with `smpicc -trace-call-location` records
 * the file and line of each MPI call (include/smpi/smpi_extended_traces.h); the code a rank runs
 * between two MPI calls is then named "prevfile:prevline:file:line", and the adjustment file
 * gives such segments a speed factor: their measured time is divided by it before injection. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <smpi/smpi.h>

#include "smpi/internal.h"

struct ratio {
    char *key;
    double factor;
};

static struct ratio *ratios; /* sorted by key after loading */
static size_t nratios;

static int cmp_ratio(const void *a, const void *b)
{
    return strcmp(((const struct ratio *)a)->key, ((const struct ratio *)b)->key);
}

/* One CSV field from *pos, as Boost's escaped_list_separator reads it (SMPI's parser): commas
 * separate, double quotes group, a backslash escapes the next character. Writes it to out
 * (unquoted) and moves *pos past its comma; returns false at the end of the line. */
static bool next_field(const char **pos, char *out, size_t len)
{
    const char *s = *pos;
    bool quoted = false;
    size_t n = 0;

    if (!s)
        return false;
    for (; *s && *s != '\n' && *s != '\r' && (quoted || *s != ','); s++) {
        if (*s == '"') {
            quoted = !quoted;
            continue;
        }
        if (*s == '\\' && s[1])
            s++;
        if (n + 1 < len)
            out[n++] = *s;
    }
    out[n] = '\0';
    *pos = *s == ',' ? s + 1 : NULL;
    return true;
}

static char *trim(char *s)
{
    char *end = s + strlen(s);

    while (*s == ' ' || *s == '\t')
        s++;
    while (end > s && (end[-1] == ' ' || end[-1] == '\t'))
        *--end = '\0';
    return s;
}

/* Reads one "location,factor" line; the first of a key wins, as in SMPI (try_emplace). */
static void add_line(const char *path, int lineno, const char *line)
{
    char loc[1024];
    char num[128];
    char *end;
    double factor;

    if (!next_field(&line, loc, sizeof(loc)) || !next_field(&line, num, sizeof(num)))
        sim_die("%s:%d: expected \"location\",\"ratio\" (the first line is a header)", path,
                lineno);
    errno = 0;
    factor = strtod(trim(num), &end);
    if (end == trim(num) || *end != '\0' || errno != 0 || !(factor > 0))
        sim_die("%s:%d: ratio '%s' is not a positive number (smpi/comp-adjustment-file divides "
                "the measured time by it)",
                path, lineno, num);
    for (size_t i = 0; i < nratios; i++)
        if (strcmp(ratios[i].key, trim(loc)) == 0)
            return;
    ratios = realloc(ratios, (nratios + 1) * sizeof(*ratios));
    if (!ratios)
        sim_die("out of memory reading %s", path);
    ratios[nratios].key = sim_xstrdup(trim(loc));
    ratios[nratios].factor = factor;
    nratios++;
}

void smpi__adjust_load(const char *path)
{
    char line[2048];
    int lineno = 0;
    FILE *f = fopen(path, "r");

    if (!f)
        sim_die("smpi/comp-adjustment-file: cannot open '%s': %s", path, strerror(errno));
    while (fgets(line, sizeof(line), f)) {
        lineno++;
        if (!strchr(line, '\n') && !feof(f))
            sim_die("%s:%d: line longer than %zu characters", path, lineno, sizeof(line) - 2);
        if (lineno == 1 || line[strspn(line, " \t\r\n")] == '\0') /* header, blank line */
            continue;
        add_line(path, lineno, line);
    }
    fclose(f);
    qsort(ratios, nratios, sizeof(*ratios), cmp_ratio);
}

double smpi__adjust_lookup(const char *key)
{
    struct ratio k = { (char *)key, 0 };
    const struct ratio *r =
        nratios ? bsearch(&k, ratios, nratios, sizeof(*ratios), cmp_ratio) : NULL;

    return r ? r->factor : 1.0;
}

void smpi__adjust_init(void)
{
    if (smpi__rt.cfg.comp_adjustment_file[0])
        smpi__adjust_load(smpi__rt.cfg.comp_adjustment_file);
}

/* A file name as SMPI keys it: its base name unless smpi/trace-call-use-absolute-path. */
static const char *loc_name(const char *file)
{
    const char *slash;

    if (!file)
        return "";
    if (smpi__rt.cfg.trace_call_use_absolute_path)
        return file;
    slash = strrchr(file, '/');
    return slash ? slash + 1 : file;
}

const char *smpi__loc_file(const struct smpi_process *p)
{
    return loc_name(p->loc_file);
}

double smpi__adjust_factor(const struct smpi_process *p)
{
    char key[2200];

    if (!nratios)
        return 1.0;
    snprintf(key, sizeof(key), "%s:%d:%s:%d", loc_name(p->loc_prev_file), p->loc_prev_line,
             loc_name(p->loc_file), p->loc_line);
    return smpi__adjust_lookup(key);
}

SMPI_API void smpi_trace_set_call_location(const char *file, int line)
{
    struct smpi_process *p = smpi__self();

    if (!p)
        return;
    p->loc_prev_file = p->loc_file;
    p->loc_prev_line = p->loc_line;
    p->loc_file = file;
    p->loc_line = line;
}

/* The Fortran names (with one or two trailing underscores). */
SMPI_API void smpi_trace_set_call_location_(const char *file, const int *line)
{
    smpi_trace_set_call_location(file, *line);
}

SMPI_API void smpi_trace_set_call_location__(const char *file, const int *line)
{
    smpi_trace_set_call_location(file, *line);
}
