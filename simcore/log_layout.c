/* log_layout: how a log line looks, SimGrid's two layouts: the default one
 * ("[host:actor:(pid) time] file:line: [category/PRIORITY] message") and the format layout of
 * --log=CAT.fmt:FORMAT with its % sequences (xbt_log_layout_format). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simcore/internal.h"

static const char *const priority_names[] = {
    [SIM_LOG_TRACE] = "TRACE",       [SIM_LOG_DEBUG] = "DEBUG",  [SIM_LOG_VERBOSE] = "VERBOSE",
    [SIM_LOG_INFO] = "INFO",         [SIM_LOG_WARN] = "WARNING", [SIM_LOG_ERROR] = "ERROR",
    [SIM_LOG_CRITICAL] = "CRITICAL", [SIM_LOG_OFF] = "OFF",
};

bool sim__log_current(struct sim__log_who *who, double *now)
{
    const struct sim_actor *a = sim__running.actor;

    *now = sim__engine.now;
    *who = (struct sim__log_who){ .host = "", .actor = "maestro", .pid = 0 };
    if (sim__engine.log_as_maestro || !a)
        return false;
    who->host = a->host ? sim_host_name(a->host) : "";
    who->actor = a->name;
    who->pid = a->pid;
    return true;
}

void sim__log_emit_maestro(struct sim_log_cat *cat, enum sim_log_level level, const char *file,
                           int line, const char *fmt, ...)
{
    va_list ap;

    sim__engine.log_as_maestro = true;
    va_start(ap, fmt);
    sim_log_vemit(cat->name, cat->parent, level, file, line, fmt, ap);
    va_end(ap);
    sim__engine.log_as_maestro = false;
}

void sim__log_prefix(FILE *out)
{
    struct sim__log_who who;
    double now;

    if (sim__log_current(&who, &now))
        fprintf(out, "[%s:%s:(%d) %f] ", who.host, who.actor, who.pid, now);
    else
        fprintf(out, "[%f] ", now);
}

/* Reads the optional width and precision of a sequence at *p; leaves *p on its letter. */
static void read_modifiers(const char **p, int *width, int *precision)
{
    char *end;

    *width = -1;
    *precision = -1;
    if (**p >= '0' && **p <= '9') {
        *width = (int)strtol(*p, &end, 10);
        *p = end;
    }
    if (**p == '.') {
        *precision = (int)strtol(*p + 1, &end, 10);
        *p = end;
    }
}

const char *sim__log_format_check(const char *fmt)
{
    for (const char *p = fmt; *p; p++) {
        const char *start = p;
        int width;
        int precision;

        if (*p != '%')
            continue;
        p++;
        read_modifiers(&p, &width, &precision);
        if (*p == '\0' || !strchr("%necatPihdrFLMlmp", *p))
            return start;
    }
    return NULL;
}

/* Appends to the line being built; `text` may be NULL ("(null)", as SimGrid prints it). */
static void put_string(FILE *line, const char *text, int width, int precision)
{
    fprintf(line, "%*.*s", width < 0 ? 0 : width, precision < 0 ? 1 << 30 : precision,
            text ? text : "(null)");
}

/* The format layout: each % sequence replaced as xbt_log_layout_format does. */
static void format_line(FILE *line, const char *fmt, const char *cat, enum sim_log_level level,
                        const char *file, int lineno, const char *msg_fmt, va_list ap)
{
    struct sim__log_who who;
    double now;
    bool actor = sim__log_current(&who, &now);

    for (const char *p = fmt; *p; p++) {
        int width;
        int precision;

        if (*p != '%') {
            fputc(*p, line);
            continue;
        }
        p++;
        read_modifiers(&p, &width, &precision);
        switch (*p) {
        case '%':
            fputc('%', line);
            break;
        case 'n':
            fputc('\n', line);
            break;
        case 'e':
            fputc(' ', line);
            break;
        case 'c':
            put_string(line, cat[0] ? cat : "root", width, precision);
            break;
        case 'p':
            put_string(line, priority_names[level], width, precision);
            break;
        case 'h':
            put_string(line, actor ? who.host : "", width, precision);
            break;
        case 't':
        case 'P':
        case 'a':
            put_string(line, actor ? who.actor : "maestro", width, precision);
            break;
        case 'i':
            fprintf(line, "%*d", width < 0 ? 0 : width, actor ? who.pid : 0);
            break;
        case 'F':
            put_string(line, file, width, precision);
            break;
        case 'L':
            fprintf(line, "%*d", width < 0 ? 0 : width, lineno);
            break;
        case 'M':
            put_string(line, "", width, precision);
            break;
        case 'l':
            fprintf(line, "%s:%d", file, lineno);
            break;
        case 'd':
        case 'r':
            fprintf(line, "%*.*f", width < 0 ? 0 : width, precision < 0 ? 6 : precision, now);
            break;
        case 'm': {
            va_list aq;
            char *msg = NULL;

            va_copy(aq, ap);
            if (vasprintf(&msg, msg_fmt, aq) < 0)
                msg = NULL;
            va_end(aq);
            put_string(line, msg ? msg : "", -1, precision);
            free(msg);
            break;
        }
        default: /* refused by sim__log_format_check */
            break;
        }
    }
}

void sim__log_write(const struct sim__log_out *out, const char *cat, enum sim_log_level level,
                    const char *file, int lineno, const char *fmt, va_list ap)
{
    char *text = NULL;
    size_t size = 0;
    FILE *line = open_memstream(&text, &size);

    if (!line)
        sim_die("cannot build a log line: out of memory");
    if (out->fmt) {
        format_line(line, out->fmt, cat, level, file, lineno, fmt, ap);
    } else {
        sim__log_prefix(line);
        if (level != SIM_LOG_INFO && !sim__log_no_loc)
            fprintf(line, "%s:%d: ", file, lineno);
        fprintf(line, "[%s/%s] ", cat[0] ? cat : "root", priority_names[level]);
        vfprintf(line, fmt, ap);
        fputc('\n', line);
    }
    fclose(line);
    /* Whole lines, after the program's pending output, so that both streams stay in order. */
    fflush(stdout);
    fwrite(text, 1, size, out->stream);
    fflush(out->stream);
    free(text);
}
