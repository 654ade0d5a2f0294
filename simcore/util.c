/* util: fatal errors, assertions and allocation that never returns NULL. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "simcore/internal.h"

void sim_die(const char *fmt, ...)
{
    va_list ap;

    fflush(stdout);
    fputs("simmpi: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(1);
}

void sim__vdie_at(const char *file, int line, const char *fmt, va_list ap)
{
    fflush(stdout);
    fprintf(stderr, "simmpi: %s:%d: ", file, line);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    exit(1);
}

void sim__assert_fail(const char *file, int line, const char *fmt, ...)
{
    va_list ap;

    fflush(stdout);
    sim__log_prefix(stderr);
    fprintf(stderr, "simmpi: internal error at %s:%d: ", file, line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    abort();
}

static void out_of_memory(size_t size, const char *file, int line)
{
    fflush(stdout);
    fprintf(stderr, "simmpi: out of memory allocating %zu bytes at %s:%d\n", size, file, line);
    exit(1);
}

void *sim__xmalloc(size_t size, const char *file, int line)
{
    void *p = malloc(size ? size : 1);

    if (!p)
        out_of_memory(size, file, line);
    return p;
}

void *sim__xcalloc(size_t n, size_t size, const char *file, int line)
{
    void *p = calloc(n ? n : 1, size ? size : 1);

    if (!p)
        out_of_memory(n * size, file, line);
    return p;
}

void *sim__xrealloc(void *p, size_t size, const char *file, int line)
{
    void *q = realloc(p, size ? size : 1);

    if (!q)
        out_of_memory(size, file, line);
    return q;
}

char *sim__xstrdup(const char *s, const char *file, int line)
{
    size_t n = strlen(s) + 1;
    char *p = sim__xmalloc(n, file, line);

    memcpy(p, s, n);
    return p;
}

int sim_decimal(char *out, long long v)
{
    char digits[20];
    unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
    int nd = 0;
    int n = 0;

    do {
        digits[nd++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        out[n++] = '-';
    while (nd > 0)
        out[n++] = digits[--nd];
    out[n] = '\0';
    return n;
}

char *sim_file_beside(const char *ref, const char *name, int mode)
{
    const char *slash = strrchr(ref, '/');
    size_t cap;
    char *file;

    if (!slash)
        return NULL;
    cap = (size_t)(slash - ref) + strlen(name) + 2;
    file = sim_xmalloc(cap);
    snprintf(file, cap, "%.*s/%s", (int)(slash - ref), ref, name);
    if (access(file, mode) == 0)
        return file;
    free(file);
    return NULL;
}
