/* xbt/base.h: the attribute and linkage macros of SimGrid 3.32's xbt/base.h that programs
 * written for SMPI use (XBT_ATTRIB_UNUSED, XBT_PUBLIC, ...). smpicc's forced include brings it,
 * as SimGrid's <mpi.h> does. */
#ifndef SIMMPI_XBT_BASE_H
#define SIMMPI_XBT_BASE_H

#ifndef SMPI_API
#define SMPI_API __attribute__((visibility("default")))
#endif

#define XBT_PUBLIC SMPI_API
#define XBT_PUBLIC_DATA extern SMPI_API
#define XBT_PRIVATE __attribute__((visibility("hidden")))

#ifndef SG_BEGIN_DECL
#ifdef __cplusplus
#define SG_BEGIN_DECL extern "C" {
#define SG_END_DECL }
#else
#define SG_BEGIN_DECL
#define SG_END_DECL
#endif
#endif

#define _XBT_CONCAT(a, b) a##b
#define _XBT_CONCAT2(a, b) _XBT_CONCAT(a, b)
#define _XBT_CONCAT3(a, b, c) _XBT_CONCAT2(_XBT_CONCAT(a, b), c)
#define _XBT_CONCAT4(a, b, c, d) _XBT_CONCAT2(_XBT_CONCAT3(a, b, c), d)
#define _XBT_STRINGIFY(a) #a

#define XBT_ATTRIB_PRINTF(format_idx, arg_idx)                                                     \
    __attribute__((__format__(__printf__, (format_idx), (arg_idx))))
#define XBT_ATTRIB_SCANF(format_idx, arg_idx)                                                      \
    __attribute__((__format__(__scanf__, (format_idx), (arg_idx))))
#define XBT_ATTRIB_NORETURN __attribute__((noreturn))
#define XBT_ATTRIB_UNUSED __attribute__((unused))
#define XBT_ATTRIB_DEPRECATED(mesg) __attribute__((deprecated(mesg)))
#define XBT_ATTRIB_CONSTRUCTOR(prio) __attribute__((__constructor__(prio)))
#define XBT_ATTRIB_DESTRUCTOR(prio) __attribute__((__destructor__(prio)))
#ifndef XBT_ALWAYS_INLINE
#define XBT_ALWAYS_INLINE inline __attribute__((always_inline))
#endif

#endif /* SIMMPI_XBT_BASE_H */
