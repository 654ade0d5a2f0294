/* bindings_datatype: the MPI calls that read a datatype or commit it, name it, the address
 * calls (MPI-3.1 sections 4.1.5 to 4.1.9, 6.8), the derived datatype constructors, MPI_Type_free,
 * envelope/contents, pack/unpack and external32 (sections 4.1, 4.2, 13.5.2). The datatypes:
 * smpi/mpi/datatype.c; the constructors' work: smpi/mpi/datatype_ctor.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "smpi/bindings/check.h"
#include "smpi/internal.h"
#include "smpi/mpi/datatype.h"

/* MPI_Type_size and MPI_Type_size_x (count: size points to an MPI_Count; else to an int, which
 * gets MPI_UNDEFINED when the size does not fit). */
static int type_size(const char *call, MPI_Datatype datatype, void *size, bool count)
{
    SMPI_CHECK_TYPE_HANDLE(call, datatype);
    SMPI_CHECK(smpi__check_arg(call, MPI_COMM_WORLD, size, "size"));
    if (count)
        *(MPI_Count *)size = (MPI_Count)datatype->size;
    else
        *(int *)size = datatype->size > INT_MAX ? MPI_UNDEFINED : (int)datatype->size;
    return MPI_SUCCESS;
}

int PMPI_Type_size(MPI_Datatype datatype, int *size)
{
    return type_size("MPI_Type_size", datatype, size, false);
}
#pragma weak MPI_Type_size = PMPI_Type_size

/* MPI_Type_get_extent, MPI_Type_get_true_extent (true_bounds) and their _x forms (count: lb and
 * extent point to MPI_Count, else to MPI_Aint): datatype, then both pointers, named as MPI
 * names them; they get the lower bound and the extent, or the true ones. */
static int get_bounds(const char *call, MPI_Datatype datatype, void *lb, void *extent,
                      bool true_bounds, bool count)
{
    MPI_Aint l;
    MPI_Aint e;

    SMPI_CHECK_TYPE_HANDLE(call, datatype);
    SMPI_CHECK(smpi__check_arg(call, MPI_COMM_WORLD, lb, true_bounds ? "true_lb" : "lb"));
    SMPI_CHECK(
        smpi__check_arg(call, MPI_COMM_WORLD, extent, true_bounds ? "true_extent" : "extent"));
    l = true_bounds ? smpi_type_true_lb(datatype) : smpi_type_lb(datatype);
    e = true_bounds ? smpi_type_true_extent(datatype) : smpi_type_extent(datatype);
    if (count) {
        *(MPI_Count *)lb = l;
        *(MPI_Count *)extent = e;
    } else {
        *(MPI_Aint *)lb = l;
        *(MPI_Aint *)extent = e;
    }
    return MPI_SUCCESS;
}

/* The extent and true-extent calls with results of type T (count: the _x forms). */
#define EXTENTS(name, true_name, T, count)                                                         \
    int P##name(MPI_Datatype datatype, T *lb, T *extent)                                           \
    {                                                                                              \
        return get_bounds(#name, datatype, lb, extent, false, count);                              \
    }                                                                                              \
    SMPI_WEAK(name)                                                                                \
    int P##true_name(MPI_Datatype datatype, T *true_lb, T *true_extent)                            \
    {                                                                                              \
        return get_bounds(#true_name, datatype, true_lb, true_extent, true, count);                \
    }                                                                                              \
    SMPI_WEAK(true_name)
EXTENTS(MPI_Type_get_extent, MPI_Type_get_true_extent, MPI_Aint, false)

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

enum mpi1_bound { MPI1_EXTENT, MPI1_LB, MPI1_UB };

/* MPI_Type_extent, MPI_Type_lb and MPI_Type_ub: datatype, then the pointer (named name). */
static int mpi1_bound(const char *call, MPI_Datatype datatype, MPI_Aint *out, const char *name,
                      enum mpi1_bound which)
{
    SMPI_CHECK_TYPE_HANDLE(call, datatype);
    SMPI_CHECK(smpi__check_arg(call, MPI_COMM_WORLD, out, name));
    if (which == MPI1_EXTENT)
        *out = smpi_type_extent(datatype);
    else
        *out = which == MPI1_LB ? datatype->lb : datatype->ub;
    return MPI_SUCCESS;
}

int PMPI_Type_extent(MPI_Datatype datatype, MPI_Aint *extent)
{
    return mpi1_bound("MPI_Type_extent", datatype, extent, "extent", MPI1_EXTENT);
}
#pragma weak MPI_Type_extent = PMPI_Type_extent

int PMPI_Type_lb(MPI_Datatype datatype, MPI_Aint *displacement)
{
    return mpi1_bound("MPI_Type_lb", datatype, displacement, "displacement", MPI1_LB);
}
#pragma weak MPI_Type_lb = PMPI_Type_lb

int PMPI_Type_ub(MPI_Datatype datatype, MPI_Aint *displacement)
{
    return mpi1_bound("MPI_Type_ub", datatype, displacement, "displacement", MPI1_UB);
}
#pragma weak MPI_Type_ub = PMPI_Type_ub

/* ---- constructors (smpi/mpi/datatype_ctor.c) ------------------------------------------------ */

int PMPI_Type_contiguous(int count, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    SMPI_CHECK_COUNT("MPI_Type_contiguous", MPI_COMM_WORLD, count);
    SMPI_CHECK_TYPE_HANDLE("MPI_Type_contiguous", oldtype);
    SMPI_CHECK_ARG("MPI_Type_contiguous", MPI_COMM_WORLD, newtype);
    *newtype = smpi__type_contiguous(count, oldtype);
    return MPI_SUCCESS;
}
#pragma weak MPI_Type_contiguous = PMPI_Type_contiguous

/* The checks of the vector constructors: count and blocklength not negative, oldtype given,
 * the pointer to the new type given. */
static int check_vector(const char *call, int count, int blocklength, MPI_Datatype oldtype,
                        const MPI_Datatype *newtype)
{
    SMPI_CHECK_COUNT(call, MPI_COMM_WORLD, count);
    SMPI_CHECK_COUNT(call, MPI_COMM_WORLD, blocklength);
    SMPI_CHECK_TYPE_HANDLE(call, oldtype);
    SMPI_CHECK_ARG(call, MPI_COMM_WORLD, newtype);
    return MPI_SUCCESS;
}

int PMPI_Type_vector(int count, int blocklength, int stride, MPI_Datatype oldtype,
                     MPI_Datatype *newtype)
{
    SMPI_CHECK(check_vector("MPI_Type_vector", count, blocklength, oldtype, newtype));
    *newtype = smpi__type_vector(count, blocklength, stride, oldtype);
    return MPI_SUCCESS;
}
#pragma weak MPI_Type_vector = PMPI_Type_vector

int PMPI_Type_create_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
                             MPI_Datatype *newtype)
{
    SMPI_CHECK(check_vector("MPI_Type_create_hvector", count, blocklength, oldtype, newtype));
    *newtype = smpi__type_hvector(count, blocklength, stride, oldtype);
    return MPI_SUCCESS;
}
#pragma weak MPI_Type_create_hvector = PMPI_Type_create_hvector

int PMPI_Type_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
                      MPI_Datatype *newtype)
{
    return PMPI_Type_create_hvector(count, blocklength, stride, oldtype, newtype);
}
#pragma weak MPI_Type_hvector = PMPI_Type_hvector

static int check_lens(const char *call, int count, const int *lens)
{
    for (int i = 0; i < count; i++)
        if (lens[i] < 0)
            return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_ARG,
                               "array_of_blocklengths[%d] = %d is negative", i, lens[i]);
    return MPI_SUCCESS;
}

/* The indexed constructors: block lengths lens (or the one length len when lens is NULL),
 * displacements in elements (idisps) or bytes (adisps). */
static int indexed_common(const char *call, int combiner, int count, const int *lens, int len,
                          const int *idisps, const MPI_Aint *adisps, MPI_Datatype old,
                          MPI_Datatype *out)
{
    SMPI_CHECK_COUNT(call, MPI_COMM_WORLD, count);
    SMPI_CHECK_TYPE_HANDLE(call, old);
    SMPI_CHECK_ARG(call, MPI_COMM_WORLD, out);
    if (count > 0 && ((lens == NULL && len < 0) || (idisps == NULL && adisps == NULL)))
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_ARG, "an array argument is NULL");
    if (lens)
        SMPI_CHECK(check_lens(call, count, lens));
    else
        SMPI_CHECK_COUNT(call, MPI_COMM_WORLD, len);
    *out = smpi__type_indexed(combiner, count, lens, len, idisps, adisps, old);
    return MPI_SUCCESS;
}

int PMPI_Type_indexed(int count, const int array_of_blocklengths[],
                      const int array_of_displacements[], MPI_Datatype oldtype,
                      MPI_Datatype *newtype)
{
    return indexed_common("MPI_Type_indexed", MPI_COMBINER_INDEXED, count, array_of_blocklengths,
                          -1, array_of_displacements, NULL, oldtype, newtype);
}
#pragma weak MPI_Type_indexed = PMPI_Type_indexed

int PMPI_Type_create_hindexed(int count, const int array_of_blocklengths[],
                              const MPI_Aint array_of_displacements[], MPI_Datatype oldtype,
                              MPI_Datatype *newtype)
{
    return indexed_common("MPI_Type_create_hindexed", MPI_COMBINER_HINDEXED, count,
                          array_of_blocklengths, -1, NULL, array_of_displacements, oldtype,
                          newtype);
}
#pragma weak MPI_Type_create_hindexed = PMPI_Type_create_hindexed

int PMPI_Type_hindexed(int count, int array_of_blocklengths[], MPI_Aint array_of_displacements[],
                       MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return PMPI_Type_create_hindexed(count, array_of_blocklengths, array_of_displacements, oldtype,
                                     newtype);
}
#pragma weak MPI_Type_hindexed = PMPI_Type_hindexed

int PMPI_Type_create_indexed_block(int count, int blocklength, const int array_of_displacements[],
                                   MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return indexed_common("MPI_Type_create_indexed_block", MPI_COMBINER_INDEXED_BLOCK, count, NULL,
                          blocklength, array_of_displacements, NULL, oldtype, newtype);
}
#pragma weak MPI_Type_create_indexed_block = PMPI_Type_create_indexed_block

int PMPI_Type_create_hindexed_block(int count, int blocklength,
                                    const MPI_Aint array_of_displacements[], MPI_Datatype oldtype,
                                    MPI_Datatype *newtype)
{
    return indexed_common("MPI_Type_create_hindexed_block", MPI_COMBINER_HINDEXED_BLOCK, count,
                          NULL, blocklength, NULL, array_of_displacements, oldtype, newtype);
}
#pragma weak MPI_Type_create_hindexed_block = PMPI_Type_create_hindexed_block

int PMPI_Type_create_struct(int count, const int array_of_blocklengths[],
                            const MPI_Aint array_of_displacements[],
                            const MPI_Datatype array_of_types[], MPI_Datatype *newtype)
{
    const char *call = "MPI_Type_create_struct";

    SMPI_CHECK_COUNT(call, MPI_COMM_WORLD, count);
    SMPI_CHECK_ARG(call, MPI_COMM_WORLD, newtype);
    if (count > 0 && (!array_of_blocklengths || !array_of_displacements || !array_of_types))
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_ARG, "an array argument is NULL");
    SMPI_CHECK(check_lens(call, count, array_of_blocklengths));
    for (int i = 0; i < count; i++)
        if (array_of_types[i] == MPI_DATATYPE_NULL)
            return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_TYPE,
                               "array_of_types[%d] is MPI_DATATYPE_NULL", i);
    *newtype =
        smpi__type_struct(count, array_of_blocklengths, array_of_displacements, array_of_types);
    return MPI_SUCCESS;
}
#pragma weak MPI_Type_create_struct = PMPI_Type_create_struct

int PMPI_Type_struct(int count, int array_of_blocklengths[], MPI_Aint array_of_displacements[],
                     MPI_Datatype array_of_types[], MPI_Datatype *newtype)
{
    return PMPI_Type_create_struct(count, array_of_blocklengths, array_of_displacements,
                                   array_of_types, newtype);
}
#pragma weak MPI_Type_struct = PMPI_Type_struct

int PMPI_Type_create_resized(MPI_Datatype oldtype, MPI_Aint lb, MPI_Aint extent,
                             MPI_Datatype *newtype)
{
    SMPI_CHECK_TYPE_HANDLE("MPI_Type_create_resized", oldtype);
    SMPI_CHECK_ARG("MPI_Type_create_resized", MPI_COMM_WORLD, newtype);
    *newtype = smpi__type_resized(oldtype, lb, extent);
    return MPI_SUCCESS;
}
#pragma weak MPI_Type_create_resized = PMPI_Type_create_resized

int PMPI_Type_dup(MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    int rc;

    SMPI_CHECK_TYPE_HANDLE("MPI_Type_dup", oldtype);
    SMPI_CHECK_ARG("MPI_Type_dup", MPI_COMM_WORLD, newtype);
    rc = smpi__type_dup(oldtype, newtype);
    if (rc != MPI_SUCCESS)
        return smpi__error(MPI_COMM_WORLD, "MPI_Type_dup", rc, "an attribute copy callback failed");
    return MPI_SUCCESS;
}
#pragma weak MPI_Type_dup = PMPI_Type_dup

/* The Fortran 90 parameterised types: MPI_ERR_ARG when no kind has precision p and range r. */
static int create_f90(const char *call, int combiner, int p, int r, MPI_Datatype *newtype)
{
    SMPI_CHECK_ARG(call, MPI_COMM_WORLD, newtype);
    *newtype = smpi__type_f90(combiner, p, r);
    if (*newtype == MPI_DATATYPE_NULL)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_ARG,
                           "no Fortran kind with precision %d and range %d (MPI_UNDEFINED: %d)", p,
                           r, MPI_UNDEFINED);
    return MPI_SUCCESS;
}

int PMPI_Type_create_f90_real(int p, int r, MPI_Datatype *newtype)
{
    return create_f90("MPI_Type_create_f90_real", MPI_COMBINER_F90_REAL, p, r, newtype);
}
#pragma weak MPI_Type_create_f90_real = PMPI_Type_create_f90_real

int PMPI_Type_create_f90_complex(int p, int r, MPI_Datatype *newtype)
{
    return create_f90("MPI_Type_create_f90_complex", MPI_COMBINER_F90_COMPLEX, p, r, newtype);
}
#pragma weak MPI_Type_create_f90_complex = PMPI_Type_create_f90_complex

int PMPI_Type_create_f90_integer(int r, MPI_Datatype *newtype)
{
    return create_f90("MPI_Type_create_f90_integer", MPI_COMBINER_F90_INTEGER, MPI_UNDEFINED, r,
                      newtype);
}
#pragma weak MPI_Type_create_f90_integer = PMPI_Type_create_f90_integer

/* Subarray of an n-d array: the sizes of the array, the sub-sizes and starts of the block; C
 * order (last dimension fastest) or Fortran order. The extent is that of the whole array. */
int PMPI_Type_create_subarray(int ndims, const int array_of_sizes[], const int array_of_subsizes[],
                              const int array_of_starts[], int order, MPI_Datatype oldtype,
                              MPI_Datatype *newtype)
{
    const char *call = "MPI_Type_create_subarray";

    SMPI_CHECK_TYPE_HANDLE(call, oldtype);
    SMPI_CHECK_ARG(call, MPI_COMM_WORLD, newtype);
    if (ndims <= 0 || !array_of_sizes || !array_of_subsizes || !array_of_starts)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_ARG, "ndims %d or an array is invalid",
                           ndims);
    if (order != MPI_ORDER_C && order != MPI_ORDER_FORTRAN)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_ARG,
                           "order %d is not MPI_ORDER_C or MPI_ORDER_FORTRAN", order);
    for (int d = 0; d < ndims; d++)
        if (array_of_sizes[d] <= 0 || array_of_subsizes[d] <= 0 ||
            array_of_subsizes[d] > array_of_sizes[d] || array_of_starts[d] < 0 ||
            array_of_starts[d] > array_of_sizes[d] - array_of_subsizes[d])
            return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_ARG,
                               "dimension %d: size %d, subsize %d, start %d are inconsistent", d,
                               array_of_sizes[d], array_of_subsizes[d], array_of_starts[d]);
    *newtype = smpi__type_subarray(ndims, array_of_sizes, array_of_subsizes, array_of_starts, order,
                                   oldtype);
    return MPI_SUCCESS;
}
#pragma weak MPI_Type_create_subarray = PMPI_Type_create_subarray

int PMPI_Type_create_darray(int size, int rank, int ndims, const int array_of_gsizes[],
                            const int array_of_distribs[], const int array_of_dargs[],
                            const int array_of_psizes[], int order, MPI_Datatype oldtype,
                            MPI_Datatype *newtype)
{
    const char *call = "MPI_Type_create_darray";
    long nprocs = 1;
    int d;

    SMPI_CHECK_TYPE_HANDLE(call, oldtype);
    SMPI_CHECK_ARG(call, MPI_COMM_WORLD, newtype);
    if (ndims <= 0 || !array_of_gsizes || !array_of_distribs || !array_of_dargs || !array_of_psizes)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_ARG, "ndims %d or an array is invalid",
                           ndims);
    if (order != MPI_ORDER_C && order != MPI_ORDER_FORTRAN)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_ARG,
                           "order %d is not MPI_ORDER_C or MPI_ORDER_FORTRAN", order);
    for (d = 0; d < ndims; d++)
        nprocs *= array_of_psizes[d] > 0 ? array_of_psizes[d] : 0;
    if (nprocs != size || rank < 0 || rank >= size)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_ARG,
                           "the process grid has %ld processes, not size %d (rank %d)", nprocs,
                           size, rank);
    d = smpi__type_darray(size, rank, ndims, array_of_gsizes, array_of_distribs, array_of_dargs,
                          array_of_psizes, order, oldtype, newtype);
    if (d >= 0)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_ARG,
                           "dimension %d: gsize %d, distribution %d, darg %d and psize %d "
                           "are inconsistent",
                           d, array_of_gsizes[d], array_of_distribs[d], array_of_dargs[d],
                           array_of_psizes[d]);
    return MPI_SUCCESS;
}
#pragma weak MPI_Type_create_darray = PMPI_Type_create_darray

int PMPI_Type_free(MPI_Datatype *datatype)
{
    int rc;

    SMPI_CHECK_ARG("MPI_Type_free", MPI_COMM_WORLD, datatype);
    SMPI_CHECK_TYPE_HANDLE("MPI_Type_free", *datatype);
    if ((*datatype)->flags & SMPI_TYPE_PREDEFINED)
        return smpi__error(MPI_COMM_WORLD, "MPI_Type_free", MPI_ERR_TYPE,
                           "%s is predefined and cannot be freed", (*datatype)->name);
    rc = smpi__type_free(datatype);
    if (rc != MPI_SUCCESS)
        return smpi__error(MPI_COMM_WORLD, "MPI_Type_free", rc,
                           "an attribute delete callback failed");
    return MPI_SUCCESS;
}
#pragma weak MPI_Type_free = PMPI_Type_free

/* MPI_Type_match_size: the predefined type of a class with the given size (MPI-3.1 section
 * 17.2.5). */
int PMPI_Type_match_size(int typeclass, int size, MPI_Datatype *datatype)
{
    static const struct {
        int typeclass;
        MPI_Datatype type;
    } candidates[] = {
        { MPI_TYPECLASS_INTEGER, MPI_INT8_T },
        { MPI_TYPECLASS_INTEGER, MPI_INT16_T },
        { MPI_TYPECLASS_INTEGER, MPI_INT32_T },
        { MPI_TYPECLASS_INTEGER, MPI_INT64_T },
        { MPI_TYPECLASS_REAL, MPI_FLOAT },
        { MPI_TYPECLASS_REAL, MPI_DOUBLE },
        { MPI_TYPECLASS_REAL, MPI_LONG_DOUBLE },
        { MPI_TYPECLASS_COMPLEX, MPI_C_FLOAT_COMPLEX },
        { MPI_TYPECLASS_COMPLEX, MPI_C_DOUBLE_COMPLEX },
        { MPI_TYPECLASS_COMPLEX, MPI_C_LONG_DOUBLE_COMPLEX },
    };

    SMPI_CHECK_ARG("MPI_Type_match_size", MPI_COMM_WORLD, datatype);
    for (size_t i = 0; i < sizeof(candidates) / sizeof(candidates[0]); i++) {
        if (candidates[i].typeclass == typeclass &&
            (int)smpi_type_size(candidates[i].type) == size) {
            *datatype = candidates[i].type;
            return MPI_SUCCESS;
        }
    }
    return smpi__error(MPI_COMM_WORLD, "MPI_Type_match_size", MPI_ERR_ARG,
                       "no predefined type of class %d has %d bytes", typeclass, size);
}
#pragma weak MPI_Type_match_size = PMPI_Type_match_size

/* ---- inspection ------------------------------------------------------------------------------ */

int PMPI_Type_get_envelope(MPI_Datatype datatype, int *num_integers, int *num_addresses,
                           int *num_datatypes, int *combiner)
{
    SMPI_CHECK_TYPE_HANDLE("MPI_Type_get_envelope", datatype);
    SMPI_CHECK_ARG("MPI_Type_get_envelope", MPI_COMM_WORLD, num_integers);
    SMPI_CHECK_ARG("MPI_Type_get_envelope", MPI_COMM_WORLD, num_addresses);
    SMPI_CHECK_ARG("MPI_Type_get_envelope", MPI_COMM_WORLD, num_datatypes);
    SMPI_CHECK_ARG("MPI_Type_get_envelope", MPI_COMM_WORLD, combiner);
    if (smpi__type_large_count(datatype)) /* MPI-4.0 section 5.1.13 */
        return smpi__error(MPI_COMM_WORLD, "MPI_Type_get_envelope", MPI_ERR_TYPE,
                           "%s was built with a count above INT_MAX: use MPI_Type_get_envelope_c",
                           datatype->name);
    *combiner = datatype->combiner;
    smpi__type_envelope(datatype, num_integers, num_addresses, num_datatypes);
    return MPI_SUCCESS;
}
#pragma weak MPI_Type_get_envelope = PMPI_Type_get_envelope

int PMPI_Type_get_contents(MPI_Datatype datatype, int max_integers, int max_addresses,
                           int max_datatypes, int array_of_integers[],
                           MPI_Aint array_of_addresses[], MPI_Datatype array_of_datatypes[])
{
    int ni;
    int na;
    int nd;

    SMPI_CHECK_TYPE_HANDLE("MPI_Type_get_contents", datatype);
    if (!smpi__type_envelope(datatype, &ni, &na, &nd))
        return smpi__error(MPI_COMM_WORLD, "MPI_Type_get_contents", MPI_ERR_TYPE,
                           "%s is predefined: it has no contents (MPI_COMBINER_NAMED)",
                           datatype->name);
    if (max_integers < ni || max_addresses < na || max_datatypes < nd)
        return smpi__error(MPI_COMM_WORLD, "MPI_Type_get_contents", MPI_ERR_ARG,
                           "arrays too small: need %d integers, %d addresses, %d datatypes", ni, na,
                           nd);
    smpi__type_contents(datatype, array_of_integers, array_of_addresses, array_of_datatypes);
    return MPI_SUCCESS;
}
#pragma weak MPI_Type_get_contents = PMPI_Type_get_contents

int PMPI_Type_size_x(MPI_Datatype datatype, MPI_Count *size)
{
    return type_size("MPI_Type_size_x", datatype, size, true);
}
#pragma weak MPI_Type_size_x = PMPI_Type_size_x

EXTENTS(MPI_Type_get_extent_x, MPI_Type_get_true_extent_x, MPI_Count, true)

/* ---- packing ----------------------------------------------------------------------------------
 */

int PMPI_Pack_size(int incount, MPI_Datatype datatype, MPI_Comm comm, int *size)
{
    SMPI_CHECK_INIT("MPI_Pack_size");
    SMPI_CHECK_COMM("MPI_Pack_size", comm);
    SMPI_CHECK_COUNT("MPI_Pack_size", comm, incount);
    SMPI_CHECK_TYPE_HANDLE("MPI_Pack_size", datatype);
    SMPI_CHECK_ARG("MPI_Pack_size", MPI_COMM_WORLD, size);
    *size = incount * (int)datatype->size;
    return MPI_SUCCESS;
}
#pragma weak MPI_Pack_size = PMPI_Pack_size

/* The checks MPI_Pack and MPI_Unpack share: MPI usable, comm, the count (named count_name), a
 * committed datatype, the position pointer, and the *need bytes of count datatypes within the
 * packed buffer of bufsize bytes from *position (else MPI_ERR_TRUNCATE, `beyond` saying how),
 * reported through comm. */
static int pack_checks(const char *call, MPI_Comm comm, int count, const char *count_name,
                       MPI_Datatype datatype, const int *position, int bufsize, const char *beyond,
                       size_t *need)
{
    SMPI_CHECK_INIT(call);
    SMPI_CHECK_COMM(call, comm);
    SMPI_CHECK(smpi__check_count(call, comm, count, count_name));
    SMPI_CHECK_TYPE(call, comm, datatype);
    SMPI_CHECK_ARG(call, comm, position);
    *need = (size_t)count * datatype->size;
    if (*position < 0 || (size_t)*position + *need > (size_t)(bufsize > 0 ? bufsize : 0))
        return smpi__error(comm, call, MPI_ERR_TRUNCATE, "%zu bytes at position %d %s of %d bytes",
                           *need, *position, beyond, bufsize);
    return MPI_SUCCESS;
}

int PMPI_Pack(const void *inbuf, int incount, MPI_Datatype datatype, void *outbuf, int outsize,
              int *position, MPI_Comm comm)
{
    size_t need;

    SMPI_CHECK(pack_checks("MPI_Pack", comm, incount, "incount", datatype, position, outsize,
                           "do not fit in an outbuf", &need));
    *position += (int)smpi__type_pack(inbuf, incount, datatype, (char *)outbuf + *position);
    return MPI_SUCCESS;
}
#pragma weak MPI_Pack = PMPI_Pack

int PMPI_Unpack(const void *inbuf, int insize, int *position, void *outbuf, int outcount,
                MPI_Datatype datatype, MPI_Comm comm)
{
    size_t need;

    SMPI_CHECK(pack_checks("MPI_Unpack", comm, outcount, "outcount", datatype, position, insize,
                           "are beyond an inbuf", &need));
    *position +=
        (int)smpi__type_unpack((const char *)inbuf + *position, need, outbuf, outcount, datatype);
    return MPI_SUCCESS;
}
#pragma weak MPI_Unpack = PMPI_Unpack

MPI_Aint PMPI_Aint_add(MPI_Aint base, MPI_Aint disp)
{
    return base + disp;
}
#pragma weak MPI_Aint_add = PMPI_Aint_add

MPI_Aint PMPI_Aint_diff(MPI_Aint addr1, MPI_Aint addr2)
{
    return addr1 - addr2;
}
#pragma weak MPI_Aint_diff = PMPI_Aint_diff

/* ---- external32 (MPI-3.1 section 13.5.2) ---------------------------------------------------- */

/* *bytes := the bytes of count elements of t in external32; else reports the fault (a datarep
 * other than "external32": MPI_ERR_ARG, MPI_DATATYPE_NULL: MPI_ERR_TYPE, a negative count:
 * MPI_ERR_COUNT, a type simmpi does not convert: MPI_ERR_TYPE) and returns its class. */
static int external_bytes(const char *call, const char *datarep, int count, MPI_Datatype t,
                          MPI_Aint *bytes)
{
    if (!datarep || strcmp(datarep, "external32") != 0)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_ARG,
                           "data representation '%s' is not \"external32\"",
                           datarep ? datarep : "(null)");
    if (t == MPI_DATATYPE_NULL || count < 0)
        return smpi__error(MPI_COMM_WORLD, call, t ? MPI_ERR_COUNT : MPI_ERR_TYPE,
                           "datatype is MPI_DATATYPE_NULL or count %d is negative", count);
    if (!smpi__type_external_size(t, count, bytes))
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_TYPE,
                           "%s holds long double elements (or a pair with long or long "
                           "double), which simmpi does not convert to external32",
                           t->name[0] ? t->name : "the datatype");
    return MPI_SUCCESS;
}

int PMPI_Pack_external_size(const char datarep[], int incount, MPI_Datatype datatype,
                            MPI_Aint *size)
{
    MPI_Aint n = 0;

    SMPI_CHECK(external_bytes("MPI_Pack_external_size", datarep, incount, datatype, &n));
    SMPI_CHECK_ARG("MPI_Pack_external_size", MPI_COMM_WORLD, size);
    *size = n;
    return MPI_SUCCESS;
}
#pragma weak MPI_Pack_external_size = PMPI_Pack_external_size

int PMPI_Pack_external(const char datarep[], const void *inbuf, int incount, MPI_Datatype datatype,
                       void *outbuf, MPI_Aint outsize, MPI_Aint *position)
{
    MPI_Aint need = 0;
    int rc;

    SMPI_CHECK(external_bytes("MPI_Pack_external", datarep, incount, datatype, &need));
    SMPI_CHECK_ARG("MPI_Pack_external", MPI_COMM_WORLD, position);
    if (*position < 0 || *position + need > outsize)
        return smpi__error(MPI_COMM_WORLD, "MPI_Pack_external", MPI_ERR_TRUNCATE,
                           "%ld bytes at position %ld do not fit in an outbuf of %ld bytes",
                           (long)need, (long)*position, (long)outsize);
    rc = smpi__type_pack_external(inbuf, incount, datatype, (char *)outbuf + *position);
    if (rc != MPI_SUCCESS)
        return smpi__error(MPI_COMM_WORLD, "MPI_Pack_external", rc,
                           "a long or wchar_t value does not fit its external32 size");
    *position += need;
    return MPI_SUCCESS;
}
#pragma weak MPI_Pack_external = PMPI_Pack_external

int PMPI_Unpack_external(const char datarep[], const void *inbuf, MPI_Aint insize,
                         MPI_Aint *position, void *outbuf, int outcount, MPI_Datatype datatype)
{
    MPI_Aint need = 0;

    SMPI_CHECK(external_bytes("MPI_Unpack_external", datarep, outcount, datatype, &need));
    SMPI_CHECK_ARG("MPI_Unpack_external", MPI_COMM_WORLD, position);
    if (*position < 0 || *position + need > insize)
        return smpi__error(MPI_COMM_WORLD, "MPI_Unpack_external", MPI_ERR_TRUNCATE,
                           "%ld bytes at position %ld are beyond an inbuf of %ld bytes", (long)need,
                           (long)*position, (long)insize);
    smpi__type_unpack_external((const char *)inbuf + *position, outbuf, outcount, datatype);
    *position += need;
    return MPI_SUCCESS;
}
#pragma weak MPI_Unpack_external = PMPI_Unpack_external
