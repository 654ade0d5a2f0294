/* msgparse: the parameters of the per-message network models as --cfg gives them: rows of
 * colon-separated fields (sizes, durations, costs per byte) separated by semicolons. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simcore/internal.h"

#define MAX_FIELDS 8

static int fail(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

/* One field of kind 's' (size), 't' (duration) or 'p' (per byte, written as a duration). */
static int parse_field(char kind, const char *text, double *v)
{
    return kind == 's' ? sim_parse_size(text, v) : sim_parse_time(text, v);
}

static const char *kind_help(char kind)
{
    return kind == 's'   ? "a size in bytes such as 65536 or 64KiB"
           : kind == 't' ? "a duration such as 5us or 1e-6"
                         : "a time per byte such as 0.001us or 1e-9";
}

/* Splits one row into its fields and parses them into out[0..nfields-1]. */
static int parse_row(char *row, int index, const char *whole, int nfields, const char *kinds,
                     const char *const *names, double *out, char *err, size_t errlen)
{
    char *field[MAX_FIELDS + 1];
    int n = 0;

    for (char *p = row;; p++) {
        if (n <= MAX_FIELDS)
            field[n] = p;
        n++;
        p = strchr(p, ':');
        if (!p)
            break;
        *p = '\0';
    }
    if (n != nfields)
        return fail(err, errlen, "row %d '%s' has %d field%s, expected %d", index, whole, n,
                    n == 1 ? "" : "s", nfields);
    for (int i = 0; i < nfields; i++) {
        if (parse_field(kinds[i], field[i], &out[i]) != 0)
            return fail(err, errlen, "row %d '%s': %s '%s' is not %s", index, whole, names[i],
                        field[i], kind_help(kinds[i]));
        if (!(out[i] >= 0))
            return fail(err, errlen, "row %d '%s': %s '%s' is negative", index, whole, names[i],
                        field[i]);
    }
    return 0;
}

int sim_parse_rows(const char *text, int nfields, const char *kinds, const char *const *names,
                   double *out, int maxrows, char *err, size_t errlen)
{
    char *copy = sim_xstrdup(text);
    char *save = NULL;
    int rows = 0;
    int rc = 0;

    sim_assert(nfields > 0 && nfields <= MAX_FIELDS, "sim_parse_rows: %d fields", nfields);
    for (char *row = strtok_r(copy, ";", &save); row; row = strtok_r(NULL, ";", &save)) {
        char whole[128];

        snprintf(whole, sizeof(whole), "%s", row);
        if (rows == maxrows) {
            rc = fail(err, errlen, "more than %d row%s", maxrows, maxrows == 1 ? "" : "s");
            break;
        }
        rc = parse_row(row, rows + 1, whole, nfields, kinds, names, out + rows * nfields, err,
                       errlen);
        if (rc != 0)
            break;
        rows++;
    }
    free(copy);
    if (rc == 0 && rows == 0)
        rc = fail(err, errlen, "no row");
    return rc != 0 ? -1 : rows;
}

/* Rows as parsed, sorted by their first field (the minsize); two equal minsizes are an error. */
static int cmp_first(const void *a, const void *b)
{
    const double *x = a;
    const double *y = b;

    return (*x > *y) - (*x < *y);
}

static int parse_table(const char *text, int nfields, const char *kinds, const char *const *names,
                       double **rows, char *err, size_t errlen)
{
    int max = 1;
    double *out;
    int n;

    for (const char *p = text; *p; p++)
        max += *p == ';';
    out = sim_xmalloc((size_t)max * (size_t)nfields * sizeof(*out));
    n = sim_parse_rows(text, nfields, kinds, names, out, max, err, errlen);
    if (n > 0) {
        qsort(out, (size_t)n, (size_t)nfields * sizeof(*out), cmp_first);
        for (int i = 1; i < n; i++) {
            if (out[i * nfields] == out[(i - 1) * nfields]) {
                n = fail(err, errlen, "two rows have MINSIZE %.17g", out[i * nfields]);
                break;
            }
        }
    }
    if (n < 0) {
        free(out);
        return -1;
    }
    *rows = out;
    return n;
}

int sim_loggp_parse(const char *text, struct sim_loggp_table *out, char *err, size_t errlen)
{
    static const char *const names[] = { "MINSIZE", "L", "o", "g", "G" };
    double *rows;
    int n;

    _Static_assert(sizeof(struct sim_loggp_row) == 5 * sizeof(double), "one double per field");
    n = parse_table(text, 5, "stttp", names, &rows, err, errlen);
    if (n < 0)
        return -1;
    free(out->row);
    out->n = n;
    out->row = (struct sim_loggp_row *)rows;
    return 0;
}

int sim_log3p_parse(const char *text, struct sim_log3p_table *out, char *err, size_t errlen)
{
    static const char *const names[] = { "MINSIZE", "o_mw", "l_mw", "o_net", "T_mem" };
    double *rows;
    int n;

    _Static_assert(sizeof(struct sim_log3p_row) == 5 * sizeof(double), "one double per field");
    n = parse_table(text, 5, "stttt", names, &rows, err, errlen);
    if (n < 0)
        return -1;
    free(out->row);
    out->n = n;
    out->row = (struct sim_log3p_row *)rows;
    return 0;
}

int sim_loggps_parse(const char *text, struct sim_loggps *out, char *err, size_t errlen)
{
    static const char *const names[] = { "L", "o", "O", "g", "G", "s", "S" };
    double v[7];

    if (sim_parse_rows(text, 7, "ttpppss", names, v, 1, err, errlen) < 0)
        return -1;
    *out = (struct sim_loggps){
        .set = true,
        .L = v[0],
        .o = v[1],
        .O = v[2],
        .g = v[3],
        .G = v[4],
        .s = v[5],
        .S = v[6],
    };
    return 0;
}

int sim_lmo_default_parse(const char *text, struct sim_lmo_default *out, char *err, size_t errlen)
{
    static const char *const names[] = { "C", "t" };
    double v[2];

    if (sim_parse_rows(text, 2, "tp", names, v, 1, err, errlen) < 0)
        return -1;
    *out = (struct sim_lmo_default){ .set = true, .c = v[0], .t = v[1] };
    return 0;
}
