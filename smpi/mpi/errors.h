/* errors: the one list of MPI error classes, their names and their descriptions, shared by
 * MPI_Error_string and the simulator's own messages. */
#ifndef SMPI_ERRORS_H
#define SMPI_ERRORS_H

#include <mpi.h>

/* Description of an error class ("invalid rank"); a fixed text for unknown codes. */
const char *smpi_error_string(int code);
/* Name of an error class ("MPI_ERR_RANK"); "MPI_ERR_UNKNOWN" for unknown codes. */
const char *smpi_error_class_name(int code);

/* The largest error code in use (MPI_ERR_LASTCODE plus those the program added). */
int smpi_error_last_used(void);

#endif /* SMPI_ERRORS_H */
