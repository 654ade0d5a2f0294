/* util: fatal errors, assertions and allocation that never returns NULL. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
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

#define HUGE_PAGE ((size_t)2 << 20)

/* The length of sim_huge_alloc's region: whole pages, and from 1 MiB up whole huge pages. */
static size_t huge_len(size_t bytes)
{
    size_t unit = bytes >= HUGE_PAGE / 2 ? HUGE_PAGE : (size_t)sysconf(_SC_PAGESIZE);

    if (bytes == 0)
        bytes = 1;
    return (bytes + unit - 1) / unit * unit;
}

void *sim_huge_alloc(size_t bytes)
{
    size_t len = huge_len(bytes);
    size_t extra = bytes >= HUGE_PAGE / 2 ? HUGE_PAGE : 0; /* room to align the start */
    char *p = mmap(NULL, len + extra, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    char *start;

    if (p == MAP_FAILED)
        return NULL;
    if (!extra)
        return p;
    start = (char *)(((uintptr_t)p + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
    if (start > p)
        munmap(p, (size_t)(start - p));
    if (p + len + extra > start + len)
        munmap(start + len, (size_t)(p + len + extra - (start + len)));
#ifdef MADV_HUGEPAGE
    madvise(start, len, MADV_HUGEPAGE); /* advice only: without it, small pages */
#endif
    return start;
}

void sim_huge_free(void *p, size_t bytes)
{
    if (p)
        munmap(p, huge_len(bytes));
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
