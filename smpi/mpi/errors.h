/* errors: the one list of MPI error classes, their names and their descriptions, shared by
 * MPI_Error_string and the simulator's own messages. */
#ifndef SMPI_ERRORS_H
#define SMPI_ERRORS_H

#include <stdbool.h>

#include <mpi.h>

/* Description of an error class ("invalid rank"); a fixed text for unknown codes. */
const char *smpi_error_string(int code);
/* Name of an error class ("MPI_ERR_RANK"); "MPI_ERR_UNKNOWN" for unknown codes. */
const char *smpi_error_class_name(int code);

/* The largest error code in use (MPI_ERR_LASTCODE plus those the program added). */
int smpi_error_last_used(void);

/* Whether code is a predefined or added code or class; its class (itself for a class); a new
 * code of class cls, or a new class when cls is 0 (its number is returned); the description of
 * an added code or class (at most MPI_MAX_ERROR_STRING - 1 characters are kept). */
bool smpi_error_known(int code);
int smpi_error_class_of(int code);
int smpi_error_add(int cls);
void smpi_error_set_text(int code, const char *text);

#endif /* SMPI_ERRORS_H */
