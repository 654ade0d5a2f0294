/* bindings_datatype: the MPI calls that read a datatype or commit it, name it, and the address
 * calls (MPI-3.1 sections 4.1.5 to 4.1.9, 6.8). The datatypes: smpi/mpi/datatype.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "smpi/bindings/check.h"
#include "smpi/internal.h"
#include "smpi/mpi/datatype.h"

int PMPI_Type_size(MPI_Datatype datatype, int *size)
{
    SMPI_CHECK_TYPE_HANDLE("MPI_Type_size", datatype);
    SMPI_CHECK_ARG("MPI_Type_size", MPI_COMM_WORLD, size);
    *size = datatype->size > INT_MAX ? MPI_UNDEFINED : (int)datatype->size;
    return MPI_SUCCESS;
}
#pragma weak MPI_Type_size = PMPI_Type_size

int PMPI_Type_get_extent(MPI_Datatype datatype, MPI_Aint *lb, MPI_Aint *extent)
{
    SMPI_CHECK_TYPE_HANDLE("MPI_Type_get_extent", datatype);
    SMPI_CHECK_ARG("MPI_Type_get_extent", MPI_COMM_WORLD, lb);
    SMPI_CHECK_ARG("MPI_Type_get_extent", MPI_COMM_WORLD, extent);
    *lb = smpi_type_lb(datatype);
    *extent = smpi_type_extent(datatype);
    return MPI_SUCCESS;
}
#pragma weak MPI_Type_get_extent = PMPI_Type_get_extent

int PMPI_Type_get_true_extent(MPI_Datatype datatype, MPI_Aint *true_lb, MPI_Aint *true_extent)
{
    SMPI_CHECK_TYPE_HANDLE("MPI_Type_get_true_extent", datatype);
    SMPI_CHECK_ARG("MPI_Type_get_true_extent", MPI_COMM_WORLD, true_lb);
    SMPI_CHECK_ARG("MPI_Type_get_true_extent", MPI_COMM_WORLD, true_extent);
    *true_lb = smpi_type_true_lb(datatype);
    *true_extent = smpi_type_true_extent(datatype);
    return MPI_SUCCESS;
}
#pragma weak MPI_Type_get_true_extent = PMPI_Type_get_true_extent

int PMPI_Type_get_name(MPI_Datatype datatype, char *type_name, int *resultlen)
{
    size_t n;

    SMPI_CHECK_TYPE_HANDLE("MPI_Type_get_name", datatype);
    SMPI_CHECK_ARG("MPI_Type_get_name", MPI_COMM_WORLD, type_name);
    SMPI_CHECK_ARG("MPI_Type_get_name", MPI_COMM_WORLD, resultlen);
    n = strnlen(datatype->name, MPI_MAX_OBJECT_NAME - 1);
    memcpy(type_name, datatype->name, n);
    type_name[n] = '\0';
    *resultlen = (int)n;
    return MPI_SUCCESS;
}
#pragma weak MPI_Type_get_name = PMPI_Type_get_name

int PMPI_Type_set_name(MPI_Datatype datatype, const char *type_name)
{
    SMPI_CHECK_TYPE_HANDLE("MPI_Type_set_name", datatype);
    SMPI_CHECK_ARG("MPI_Type_set_name", MPI_COMM_WORLD, type_name);
    smpi__type_set_name(datatype, type_name);
    return MPI_SUCCESS;
}
#pragma weak MPI_Type_set_name = PMPI_Type_set_name

int PMPI_Type_commit(MPI_Datatype *datatype)
{
    SMPI_CHECK_ARG("MPI_Type_commit", MPI_COMM_WORLD, datatype);
    SMPI_CHECK_TYPE_HANDLE("MPI_Type_commit", *datatype);
    smpi__type_commit(*datatype);
    return MPI_SUCCESS;
}
#pragma weak MPI_Type_commit = PMPI_Type_commit

int PMPI_Get_address(const void *location, MPI_Aint *address)
{
    SMPI_CHECK_ARG("MPI_Get_address", MPI_COMM_WORLD, address);
    *address = (MPI_Aint)(uintptr_t)location;
    return MPI_SUCCESS;
}
#pragma weak MPI_Get_address = PMPI_Get_address

/* ---- MPI-1 calls removed in MPI-3.0, kept for old applications ---------------------------- */

int PMPI_Address(void *location, MPI_Aint *address)
{
    SMPI_CHECK_ARG("MPI_Address", MPI_COMM_WORLD, address);
    *address = (MPI_Aint)(uintptr_t)location;
    return MPI_SUCCESS;
}
#pragma weak MPI_Address = PMPI_Address

int PMPI_Type_extent(MPI_Datatype datatype, MPI_Aint *extent)
{
    SMPI_CHECK_TYPE_HANDLE("MPI_Type_extent", datatype);
    SMPI_CHECK_ARG("MPI_Type_extent", MPI_COMM_WORLD, extent);
    *extent = smpi_type_extent(datatype);
    return MPI_SUCCESS;
}
#pragma weak MPI_Type_extent = PMPI_Type_extent

int PMPI_Type_lb(MPI_Datatype datatype, MPI_Aint *displacement)
{
    SMPI_CHECK_TYPE_HANDLE("MPI_Type_lb", datatype);
    SMPI_CHECK_ARG("MPI_Type_lb", MPI_COMM_WORLD, displacement);
    *displacement = datatype->lb;
    return MPI_SUCCESS;
}
#pragma weak MPI_Type_lb = PMPI_Type_lb

int PMPI_Type_ub(MPI_Datatype datatype, MPI_Aint *displacement)
{
    SMPI_CHECK_TYPE_HANDLE("MPI_Type_ub", datatype);
    SMPI_CHECK_ARG("MPI_Type_ub", MPI_COMM_WORLD, displacement);
    *displacement = datatype->ub;
    return MPI_SUCCESS;
}
#pragma weak MPI_Type_ub = PMPI_Type_ub
