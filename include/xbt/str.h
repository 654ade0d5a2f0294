/* xbt/str.h: SimGrid's number parsers for MPI programs. Text that is not wholly a number ends
 * the simulation with "error_mesg: 'text'" (SimGrid throws). */
#ifndef SIMMPI_XBT_STR_H
#define SIMMPI_XBT_STR_H

#include <xbt/base.h>

SG_BEGIN_DECL

XBT_PUBLIC long int xbt_str_parse_int(const char *str, const char *error_mesg);
XBT_PUBLIC double xbt_str_parse_double(const char *str, const char *error_mesg);

SG_END_DECL

#endif /* SIMMPI_XBT_STR_H */
