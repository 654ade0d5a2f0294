/* replay_read: reading time-independent traces for smpirun -replay (ti.h) — the index, and each
 * rank's actions one line at a time, read in small chunks without keeping files open. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "simcore/simcore.h"
#include "smpi/trace/ti.h"

#define CHUNK 2048 /* bytes read at a time: the memory a rank's reader keeps */

static char *trim(char *s)
{
    char *end;

    while (isspace((unsigned char)*s))
        s++;
    end = s + strlen(s);
    while (end > s && isspace((unsigned char)end[-1]))
        *--end = '\0';
    return s;
}

/* A file the index names: as SMPI opens it, relative to the working directory; when it is not
 * there, relative to the index's own directory (so a trace can be replayed from anywhere). */
static char *resolve(const char *index, const char *name)
{
    char *near;

    if (name[0] == '/' || access(name, F_OK) == 0)
        return sim_xstrdup(name);
    near = sim_file_beside(index, name, F_OK);
    return near ? near : sim_xstrdup(name);
}

int smpi__ti_read_index(const char *index, char ***files, int **lines)
{
    FILE *f = fopen(index, "r");
    char *line = NULL;
    size_t cap = 0;
    int n = 0;
    int lineno = 0;

    if (!f)
        sim_die("smpi/replay: cannot open the trace index '%s': %s", index, strerror(errno));
    *files = NULL;
    *lines = NULL;
    while (getline(&line, &cap, f) >= 0) {
        char *name = trim(line);

        lineno++;
        if (!name[0])
            continue;
        *files = sim_xrealloc(*files, (size_t)(n + 1) * sizeof(**files));
        *lines = sim_xrealloc(*lines, (size_t)(n + 1) * sizeof(**lines));
        (*lines)[n] = lineno;
        (*files)[n++] = resolve(index, name);
    }
    free(line);
    fclose(f);
    if (n == 0)
        sim_die("smpi/replay: the trace index '%s' names no trace file (expected one file name "
                "per line, as smpirun -trace-ti writes it)",
                index);
    return n;
}

void smpi__ti_reader_open(struct smpi_ti_reader *r, const char *path, const char *index,
                          int index_line)
{
    FILE *f = fopen(path, "r");

    if (!f)
        sim_die("%s:%d: cannot open the trace file '%s': %s", index, index_line, path,
                strerror(errno));
    fclose(f);
    memset(r, 0, sizeof(*r));
    r->path = sim_xstrdup(path);
    r->index = index;
    r->index_line = index_line;
}

/* Appends the next chunk of the file to the buffer (growing it when a line fills it). */
static void fill(struct smpi_ti_reader *r)
{
    FILE *f;
    size_t got;

    if (r->pos > 0) {
        memmove(r->buf, r->buf + r->pos, r->len - r->pos);
        r->len -= r->pos;
        r->pos = 0;
    }
    if (r->cap - r->len < CHUNK / 2) {
        r->cap = r->cap ? 2 * r->cap : CHUNK;
        r->buf = sim_xrealloc(r->buf, r->cap);
    }
    f = fopen(r->path, "r");
    if (!f || fseek(f, r->offset, SEEK_SET) != 0)
        sim_die("%s:%d: cannot read the trace file '%s': %s", r->index, r->index_line, r->path,
                strerror(errno));
    got = fread(r->buf + r->len, 1, r->cap - r->len, f);
    if (ferror(f))
        sim_die("%s:%d: cannot read the trace file '%s': %s", r->index, r->index_line, r->path,
                strerror(errno));
    fclose(f);
    r->offset += (long)got;
    r->len += got;
    r->eof = got == 0;
}

/* The next line of the file into r->text (without its newline); false at the end. */
static bool next_line(struct smpi_ti_reader *r)
{
    for (;;) {
        char *nl = r->len > r->pos ? memchr(r->buf + r->pos, '\n', r->len - r->pos) : NULL;
        size_t n;

        if (!nl && !r->eof) {
            fill(r);
            continue;
        }
        if (!nl && r->pos == r->len)
            return false;
        n = nl ? (size_t)(nl - (r->buf + r->pos)) : r->len - r->pos;
        if (n + 1 > r->text_cap) {
            r->text_cap = n + 1;
            r->text = sim_xrealloc(r->text, r->text_cap);
        }
        memcpy(r->text, r->buf + r->pos, n);
        r->text[n] = '\0';
        r->pos += nl ? n + 1 : n;
        r->line++;
        return true;
    }
}

/* Splits line (a copy of the reader's text, which stays whole for messages) into a's fields. */
static void split(struct smpi_ti_action *a, char *line)
{
    char *save = NULL;

    a->nfields = 0;
    for (char *t = strtok_r(line, " \t\r", &save); t; t = strtok_r(NULL, " \t\r", &save)) {
        if (a->nfields == a->cap) {
            a->cap = a->cap ? 2 * a->cap : 16;
            a->fields = sim_xrealloc(a->fields, (size_t)a->cap * sizeof(*a->fields));
        }
        a->fields[a->nfields++] = t;
    }
}

bool smpi__ti_reader_next(struct smpi_ti_reader *r, int rank, struct smpi_ti_action *a)
{
    while (next_line(r)) {
        char *line = trim(r->text);
        char *end;
        long who;

        if (!line[0] || line[0] == '#')
            continue;
        if (line != r->text)
            memmove(r->text, line, strlen(line) + 1);
        if (strlen(r->text) + 1 > a->storage_cap) {
            a->storage_cap = strlen(r->text) + 1;
            a->storage = sim_xrealloc(a->storage, a->storage_cap);
        }
        strcpy(a->storage, r->text);
        split(a, a->storage);
        who = strtol(a->fields[0], &end, 10);
        if (*end != '\0')
            sim_die("%s:%d: malformed line '%s': it must start with the rank that runs it", r->path,
                    r->line, r->text);
        if (who != rank)
            continue; /* another rank's line in a shared file */
        if (a->nfields < 2)
            sim_die("%s:%d: malformed line '%s': no action after the rank", r->path, r->line,
                    r->text);
        return true;
    }
    return false;
}

void smpi__ti_reader_close(struct smpi_ti_reader *r)
{
    free(r->path);
    free(r->buf);
    free(r->text);
    memset(r, 0, sizeof(*r));
}

void smpi__ti_action_free(struct smpi_ti_action *a)
{
    free(a->fields);
    free(a->storage);
    memset(a, 0, sizeof(*a));
}
