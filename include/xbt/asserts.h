/* xbt/asserts.h: SimGrid's xbt_assert and xbt_die for MPI programs. A failed assertion and
 * xbt_die log the message at CRITICAL level on the root category, then abort the simulation,
 * as SimGrid 3.32 does; xbt_assert is never compiled out. */
#ifndef SIMMPI_XBT_ASSERTS_H
#define SIMMPI_XBT_ASSERTS_H

#include <stdlib.h>

#include <xbt/base.h>
#include <xbt/log.h>

SG_BEGIN_DECL

/* Ends the simulation with SIGABRT, as SimGrid's xbt_abort. */
XBT_ATTRIB_NORETURN XBT_PUBLIC void xbt_abort(void);
/* Logs fmt on the root category at CRITICAL level (file and line are the call's), then aborts. */
XBT_ATTRIB_NORETURN XBT_PUBLIC void _xbt_die(const char *file, int line, const char *func,
                                             const char *fmt, ...) XBT_ATTRIB_PRINTF(4, 5);

SG_END_DECL

#define xbt_die(...) _xbt_die(__FILE__, __LINE__, __func__, __VA_ARGS__)

#define _XBT_ASSERT_PICK(_1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16,    \
                         NAME, ...)                                                                \
    NAME
#define xbt_assert(...)                                                                            \
    _XBT_ASSERT_PICK(__VA_ARGS__, _xbt_assert_ARGN, _xbt_assert_ARGN, _xbt_assert_ARGN,            \
                     _xbt_assert_ARGN, _xbt_assert_ARGN, _xbt_assert_ARGN, _xbt_assert_ARGN,       \
                     _xbt_assert_ARGN, _xbt_assert_ARGN, _xbt_assert_ARGN, _xbt_assert_ARGN,       \
                     _xbt_assert_ARGN, _xbt_assert_ARGN, _xbt_assert_ARGN, _xbt_assert_ARGN,       \
                     _xbt_assert_ARG1, _xbt_no_arg)                                                \
    (__VA_ARGS__)
#define _xbt_assert_ARG1(cond) _xbt_assert_ARGN((cond), "Assertion %s failed", #cond)
#define _xbt_assert_ARGN(cond, ...)                                                                \
    do {                                                                                           \
        if (!(cond))                                                                               \
            _xbt_die(__FILE__, __LINE__, __func__, __VA_ARGS__);                                   \
    } while (0)

#endif /* SIMMPI_XBT_ASSERTS_H */
