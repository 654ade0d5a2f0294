/* xbt/sysdep.h: SimGrid's allocation helpers for MPI programs. xbt_malloc, xbt_malloc0,
 * xbt_realloc and xbt_strdup never return NULL (they abort with a message, as SimGrid's do);
 * xbt_free also frees what SMPI_SHARED_MALLOC or smpi/auto-shared-malloc-thresh folded. */
#ifndef SIMMPI_XBT_SYSDEP_H
#define SIMMPI_XBT_SYSDEP_H

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <xbt/asserts.h>
#include <xbt/base.h>
#include <xbt/log.h>

SG_BEGIN_DECL

XBT_PUBLIC void *xbt_malloc(size_t n);
XBT_PUBLIC void *xbt_malloc0(size_t n);
XBT_PUBLIC void *xbt_realloc(void *p, size_t s);
XBT_PUBLIC char *xbt_strdup(const char *s);
XBT_PUBLIC void xbt_free(void *p);
/* xbt_free as a function pointer, and its form for a pointer to a pointer (frees *d). */
XBT_PUBLIC void xbt_free_f(void *p);
XBT_PUBLIC void xbt_free_ref(void *d);

SG_END_DECL

#define xbt_new(type, count) ((type *)xbt_malloc(sizeof(type) * (count)))
#define xbt_new0(type, count) ((type *)xbt_malloc0(sizeof(type) * (count)))

#endif /* SIMMPI_XBT_SYSDEP_H */
