/* xbt: the part of SimGrid's xbt library that MPI programs written for SMPI call: its logging
 * macros' entry points (on simcore's log, so that --log= sets both), the allocation helpers,
 * xbt_assert/xbt_die and the number parsers. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xbt/asserts.h>
#include <xbt/log.h>
#include <xbt/str.h>
#include <xbt/sysdep.h>

#include "simcore/simcore.h"
#define SMPI_NO_REDIRECT /* the declarations only: malloc stays libc's here */
#include "smpi_helpers.h"

s_xbt_log_category_t _simgrid_log_category__root = { "root", NULL, "The root category", 0, 0 };

int _xbt_log_cat_init(xbt_log_category_t category, e_xbt_log_priority_t priority)
{
    if (category->generation != sim__log_generation) {
        struct sim_log_cat cat = { .name = category->name, .parent = category->parent };

        category->threshold = sim__log_threshold(&cat);
        category->generation = sim__log_generation;
    }
    return priority != xbt_log_priority_uninitialized && (int)priority >= category->threshold;
}

void _xbt_log_event_log(xbt_log_category_t category, e_xbt_log_priority_t priority,
                        const char *file, int line, const char *func, const char *fmt, ...)
{
    va_list ap;
    int level = (int)priority < (int)SIM_LOG_TRACE ? (int)SIM_LOG_TRACE : (int)priority;

    (void)func;
    va_start(ap, fmt);
    sim_log_vemit(category->name, category->parent,
                  level > SIM_LOG_CRITICAL ? SIM_LOG_CRITICAL : level, file, line, fmt, ap);
    va_end(ap);
}

void xbt_log_control_set(const char *control_string)
{
    if (control_string)
        sim_log_configure(control_string);
}

void xbt_abort(void)
{
    fflush(stdout);
    abort();
}

void _xbt_die(const char *file, int line, const char *func, const char *fmt, ...)
{
    va_list ap;

    (void)func;
    va_start(ap, fmt);
    sim_log_vemit("", NULL, SIM_LOG_CRITICAL, file, line, fmt, ap);
    va_end(ap);
    xbt_abort();
}

static void *checked(void *p, size_t n)
{
    if (!p && n > 0)
        _xbt_die(__FILE__, __LINE__, __func__, "Memory allocation of %zu bytes failed", n);
    return p;
}

void *xbt_malloc(size_t n)
{
    return checked(malloc(n ? n : 1), n);
}

void *xbt_malloc0(size_t n)
{
    return checked(calloc(n ? n : 1, 1), n);
}

void *xbt_realloc(void *p, size_t s)
{
    if (s == 0) {
        xbt_free(p);
        return NULL;
    }
    if (!p)
        return xbt_malloc(s);
    return checked(smpi_shared_realloc_intercept(p, s, __FILE__, __LINE__), s);
}

char *xbt_strdup(const char *s)
{
    return s ? strcpy(xbt_malloc(strlen(s) + 1), s) : NULL;
}

void xbt_free(void *p)
{
    smpi_shared_free(p);
}

void xbt_free_f(void *p)
{
    xbt_free(p);
}

void xbt_free_ref(void *d)
{
    xbt_free(*(void **)d);
}

long int xbt_str_parse_int(const char *str, const char *error_mesg)
{
    char *end;
    long v;

    if (!str || !*str)
        _xbt_die(__FILE__, __LINE__, __func__, "%s: %s", error_mesg, str ? str : "(null)");
    v = strtol(str, &end, 10);
    if (*end != '\0')
        _xbt_die(__FILE__, __LINE__, __func__, "%s: %s", error_mesg, str);
    return v;
}

double xbt_str_parse_double(const char *str, const char *error_mesg)
{
    char *end;
    double v;

    if (!str || !*str)
        _xbt_die(__FILE__, __LINE__, __func__, "%s: %s", error_mesg, str ? str : "(null)");
    v = strtod(str, &end);
    if (*end != '\0')
        _xbt_die(__FILE__, __LINE__, __func__, "%s: %s", error_mesg, str);
    return v;
}
