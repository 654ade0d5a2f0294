/* bindings_f08: the C functions on Fortran 2008 statuses (MPI-4.0 section 19.3.5).
 * MPI_F08_status, TYPE(MPI_Status) of the mpi_f08 module, has the layout of the INTEGER status
 * of mpif.h and the mpi module (MPI_F_STATUS_SIZE integers, MPI_SOURCE, MPI_TAG, MPI_ERROR
 * first), so the conversions to and from it are copies, or MPI_Status_c2f/f2c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <string.h>

#include "smpi/internal.h"

_Static_assert(sizeof(MPI_F08_status) == MPI_F_STATUS_SIZE * sizeof(MPI_Fint),
               "MPI_F08_status is the INTEGER status");

/* MPI_Status_f2f08 and MPI_Status_f082f: the two layouts are one (the assertion above). */
static int copy_status(const char *call, const void *from, void *to, const char *what)
{
    if (!from || !to)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_ARG, "%s is NULL", what);
    memcpy(to, from, sizeof(MPI_F08_status));
    return MPI_SUCCESS;
}

int PMPI_Status_f2f08(const MPI_Fint *f_status, MPI_F08_status *f08_status)
{
    return copy_status("MPI_Status_f2f08", f_status, f08_status, "f_status or f08_status");
}
#pragma weak MPI_Status_f2f08 = PMPI_Status_f2f08

int PMPI_Status_f082f(const MPI_F08_status *f08_status, MPI_Fint *f_status)
{
    return copy_status("MPI_Status_f082f", f08_status, f_status, "f08_status or f_status");
}
#pragma weak MPI_Status_f082f = PMPI_Status_f082f

int PMPI_Status_c2f08(const MPI_Status *c_status, MPI_F08_status *f08_status)
{
    MPI_Fint f[MPI_F_STATUS_SIZE];

    if (!c_status || c_status == MPI_STATUS_IGNORE || !f08_status)
        return smpi__error(MPI_COMM_WORLD, "MPI_Status_c2f08", MPI_ERR_ARG,
                           "c_status or f08_status is NULL or MPI_STATUS_IGNORE");
    PMPI_Status_c2f(c_status, f);
    memcpy(f08_status, f, sizeof(*f08_status));
    return MPI_SUCCESS;
}
#pragma weak MPI_Status_c2f08 = PMPI_Status_c2f08

int PMPI_Status_f082c(const MPI_F08_status *f08_status, MPI_Status *c_status)
{
    MPI_Fint f[MPI_F_STATUS_SIZE];

    if (!f08_status || !c_status || c_status == MPI_STATUS_IGNORE)
        return smpi__error(MPI_COMM_WORLD, "MPI_Status_f082c", MPI_ERR_ARG,
                           "f08_status or c_status is NULL or MPI_STATUS_IGNORE");
    memcpy(f, f08_status, sizeof(f));
    return PMPI_Status_f2c(f, c_status);
}
#pragma weak MPI_Status_f082c = PMPI_Status_f082c
