/* xbt/log.h: SimGrid's logging API for MPI programs (XBT_LOG_NEW_DEFAULT_CATEGORY, XBT_INFO, ...),
 * printed by simmpi's log with the same layout and controlled by the same --log= items as its
 * own categories: --log=my_cat.thres:debug, --log=root.fmt:%m%n, --log=no_loc. A category
 * declared with XBT_LOG_NEW_SUBCATEGORY(c, parent, ...) takes its parent's settings unless
 * it has its own. The names, numbers and macros are SimGrid 3.32's. */
#ifndef SIMMPI_XBT_LOG_H
#define SIMMPI_XBT_LOG_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <xbt/base.h>

SG_BEGIN_DECL

typedef enum {
    xbt_log_priority_none = 0,
    xbt_log_priority_trace = 1,
    xbt_log_priority_debug = 2,
    xbt_log_priority_verbose = 3,
    xbt_log_priority_info = 4,
    xbt_log_priority_warning = 5,
    xbt_log_priority_error = 6,
    xbt_log_priority_critical = 7,
    xbt_log_priority_infinite = 8,
    xbt_log_priority_uninitialized = -1
} e_xbt_log_priority_t;

/* A category: its name and its parent's name (NULL for the root's children). The library keeps
 * its threshold there, valid for one generation of the settings. */
typedef struct xbt_log_category_s s_xbt_log_category_t;
typedef s_xbt_log_category_t *xbt_log_category_t;
struct xbt_log_category_s {
    const char *name;
    const char *parent;
    const char *description;
    int threshold;
    unsigned generation;
};

/* The root category (XBT_CCRITICAL(root, ...)). */
XBT_PUBLIC_DATA s_xbt_log_category_t _simgrid_log_category__root;

/* Whether `category` shows `priority` (refreshing its cached threshold). */
XBT_PUBLIC int _xbt_log_cat_init(xbt_log_category_t category, e_xbt_log_priority_t priority);
/* Writes one line of `category`; file, line and function are the call's. */
XBT_PUBLIC void _xbt_log_event_log(xbt_log_category_t category, e_xbt_log_priority_t priority,
                                   const char *file, int line, const char *func, const char *fmt,
                                   ...) XBT_ATTRIB_PRINTF(6, 7);
/* Applies settings as --log= does ("cat.thres:debug other.fmt:%m%n"). */
XBT_PUBLIC void xbt_log_control_set(const char *control_string);

SG_END_DECL

#define _XBT_LOGV(cat) _XBT_CONCAT(_simgrid_log_category__, cat)
#define XBT_LOG_ROOT_CAT root

#define XBT_LOG_NEW_SUBCATEGORY(catName, parent, desc)                                             \
    s_xbt_log_category_t _XBT_LOGV(catName) = { #catName, #parent, desc, 0, 0 }
#define XBT_LOG_NEW_CATEGORY(catName, desc)                                                        \
    s_xbt_log_category_t _XBT_LOGV(catName) = { #catName, NULL, desc, 0, 0 }
#define XBT_LOG_DEFAULT_CATEGORY(cname)                                                            \
    XBT_ATTRIB_UNUSED static xbt_log_category_t _XBT_LOGV(default) = &_XBT_LOGV(cname)
#define XBT_LOG_NEW_DEFAULT_CATEGORY(cname, desc)                                                  \
    XBT_LOG_NEW_CATEGORY(cname, desc);                                                             \
    XBT_LOG_DEFAULT_CATEGORY(cname)
#define XBT_LOG_NEW_DEFAULT_SUBCATEGORY(cname, parent, desc)                                       \
    XBT_LOG_NEW_SUBCATEGORY(cname, parent, desc);                                                  \
    XBT_LOG_DEFAULT_CATEGORY(cname)
/* A category defined elsewhere is found by its name: its settings and parent are shared. */
#define XBT_LOG_EXTERNAL_CATEGORY(cname)                                                           \
    XBT_ATTRIB_UNUSED static s_xbt_log_category_t _XBT_LOGV(cname) = { #cname, NULL, NULL, 0, 0 }
#define XBT_LOG_EXTERNAL_DEFAULT_CATEGORY(cname)                                                   \
    XBT_LOG_EXTERNAL_CATEGORY(cname);                                                              \
    XBT_LOG_DEFAULT_CATEGORY(cname)

#define XBT_LOG_ISENABLED(catName, priority) _xbt_log_cat_init(&_XBT_LOGV(catName), (priority))

#define XBT_CLOG(category, prio, ...)                                                              \
    do {                                                                                           \
        if (_xbt_log_cat_init(&(category), (prio)))                                                \
            _xbt_log_event_log(&(category), (prio), __FILE__, __LINE__, __func__, __VA_ARGS__);    \
    } while (0)
#define XBT_LOG(prio, ...) XBT_CLOG(*_XBT_LOGV(default), (prio), __VA_ARGS__)

#define XBT_CDEBUG(categ, ...) XBT_CLOG(_XBT_LOGV(categ), xbt_log_priority_debug, __VA_ARGS__)
#define XBT_CVERB(categ, ...) XBT_CLOG(_XBT_LOGV(categ), xbt_log_priority_verbose, __VA_ARGS__)
#define XBT_CINFO(categ, ...) XBT_CLOG(_XBT_LOGV(categ), xbt_log_priority_info, __VA_ARGS__)
#define XBT_CWARN(categ, ...) XBT_CLOG(_XBT_LOGV(categ), xbt_log_priority_warning, __VA_ARGS__)
#define XBT_CERROR(categ, ...) XBT_CLOG(_XBT_LOGV(categ), xbt_log_priority_error, __VA_ARGS__)
#define XBT_CCRITICAL(categ, ...) XBT_CLOG(_XBT_LOGV(categ), xbt_log_priority_critical, __VA_ARGS__)

#define XBT_DEBUG(...) XBT_LOG(xbt_log_priority_debug, __VA_ARGS__)
#define XBT_VERB(...) XBT_LOG(xbt_log_priority_verbose, __VA_ARGS__)
#define XBT_INFO(...) XBT_LOG(xbt_log_priority_info, __VA_ARGS__)
#define XBT_WARN(...) XBT_LOG(xbt_log_priority_warning, __VA_ARGS__)
#define XBT_ERROR(...) XBT_LOG(xbt_log_priority_error, __VA_ARGS__)
#define XBT_CRITICAL(...) XBT_LOG(xbt_log_priority_critical, __VA_ARGS__)

#endif /* SIMMPI_XBT_LOG_H */
