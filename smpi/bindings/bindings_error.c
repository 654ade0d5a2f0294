/* bindings_error: the MPI calls on error codes and classes (MPI-3.1 sections 8.4 and 8.5). The
 * table of classes and the added codes: smpi/mpi/errors.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <string.h>

#include "smpi/internal.h"
#include "smpi/mpi/errors.h"

int PMPI_Add_error_class(int *errorclass)
{
    if (!errorclass)
        return smpi__error(MPI_COMM_WORLD, "MPI_Add_error_class", MPI_ERR_ARG,
                           "errorclass is NULL");
    *errorclass = smpi_error_add(0);
    return MPI_SUCCESS;
}
#pragma weak MPI_Add_error_class = PMPI_Add_error_class

int PMPI_Add_error_code(int errorclass, int *errorcode)
{
    if (!errorcode)
        return smpi__error(MPI_COMM_WORLD, "MPI_Add_error_code", MPI_ERR_ARG, "errorcode is NULL");
    if (!smpi_error_known(errorclass) || smpi_error_class_of(errorclass) != errorclass)
        return smpi__error(MPI_COMM_WORLD, "MPI_Add_error_code", MPI_ERR_ARG,
                           "%d is not an error class", errorclass);
    *errorcode = smpi_error_add(errorclass);
    return MPI_SUCCESS;
}
#pragma weak MPI_Add_error_code = PMPI_Add_error_code

int PMPI_Add_error_string(int errorcode, const char *string)
{
    if (errorcode <= MPI_ERR_LASTCODE || !smpi_error_known(errorcode))
        return smpi__error(MPI_COMM_WORLD, "MPI_Add_error_string", MPI_ERR_ARG,
                           "%d is not a code or class added by MPI_Add_error_class/code",
                           errorcode);
    if (!string)
        return smpi__error(MPI_COMM_WORLD, "MPI_Add_error_string", MPI_ERR_ARG, "string is NULL");
    smpi_error_set_text(errorcode, string);
    return MPI_SUCCESS;
}
#pragma weak MPI_Add_error_string = PMPI_Add_error_string

int PMPI_Error_string(int errorcode, char *string, int *resultlen)
{
    const char *text;
    size_t n;

    if (!smpi_error_known(errorcode))
        return smpi__error(MPI_COMM_WORLD, "MPI_Error_string", MPI_ERR_ARG,
                           "error code %d is not an error class (0..%d)", errorcode,
                           MPI_ERR_LASTCODE);
    if (!string || !resultlen)
        return smpi__error(MPI_COMM_WORLD, "MPI_Error_string", MPI_ERR_ARG,
                           "string or resultlen is NULL");
    /* SMPI 3.32 gives a predefined class its name ("MPI_SUCCESS", "MPI_ERR_TRUNCATE"), programs
     * written for it print that; a user code or class gives its MPI_Add_error_string text. */
    text = errorcode <= MPI_ERR_LASTCODE ? smpi_error_class_name(errorcode)
                                         : smpi_error_string(errorcode);
    n = strlen(text);
    if (n > MPI_MAX_ERROR_STRING - 1)
        n = MPI_MAX_ERROR_STRING - 1;
    memcpy(string, text, n);
    string[n] = '\0';
    *resultlen = (int)n;
    return MPI_SUCCESS;
}
#pragma weak MPI_Error_string = PMPI_Error_string

int PMPI_Error_class(int errorcode, int *errorclass)
{
    if (!smpi_error_known(errorcode))
        return smpi__error(MPI_COMM_WORLD, "MPI_Error_class", MPI_ERR_ARG,
                           "error code %d is not an error code (0..%d)", errorcode,
                           smpi_error_last_used());
    if (!errorclass)
        return smpi__error(MPI_COMM_WORLD, "MPI_Error_class", MPI_ERR_ARG, "errorclass is NULL");
    *errorclass = smpi_error_class_of(errorcode);
    return MPI_SUCCESS;
}
#pragma weak MPI_Error_class = PMPI_Error_class
