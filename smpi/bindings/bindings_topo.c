/* bindings_topo: the MPI calls on process topologies (MPI-3.1 chapter 7). The topologies:
 * smpi/mpi/topo.c; MPI_Dims_create's search: smpi/mpi/topo_dims.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "smpi/analyze/analyze.h"
#include "smpi/bindings/check.h"
#include "smpi/internal.h"

int PMPI_Dims_create(int nnodes, int ndims, int dims[])
{
    long fixed = 1;
    int nfree = 0;
    int rest;

    if (ndims < 0 || (ndims > 0 && !dims))
        return smpi__error(MPI_COMM_WORLD, "MPI_Dims_create", MPI_ERR_DIMS, "ndims %d is invalid",
                           ndims);
    if (nnodes <= 0)
        return smpi__error(MPI_COMM_WORLD, "MPI_Dims_create", MPI_ERR_ARG,
                           "nnodes %d is not positive", nnodes);
    for (int d = 0; d < ndims; d++) {
        if (dims[d] < 0)
            return smpi__error(MPI_COMM_WORLD, "MPI_Dims_create", MPI_ERR_DIMS,
                               "dims[%d] = %d is negative", d, dims[d]);
        if (dims[d] > 0)
            fixed *= dims[d];
        else
            nfree++;
        if (fixed > nnodes)
            break;
    }
    if (fixed > nnodes || nnodes % fixed != 0)
        return smpi__error(MPI_COMM_WORLD, "MPI_Dims_create", MPI_ERR_DIMS,
                           "nnodes %d is not a multiple of the fixed dimensions' product", nnodes);
    rest = (int)(nnodes / fixed);
    if (nfree == 0)
        return rest == 1 ? MPI_SUCCESS
                         : smpi__error(MPI_COMM_WORLD, "MPI_Dims_create", MPI_ERR_DIMS,
                                       "the fixed dimensions do not multiply to nnodes %d", nnodes);
    smpi__dims_fill(rest, ndims, dims, nfree);
    return MPI_SUCCESS;
}
#pragma weak MPI_Dims_create = PMPI_Dims_create
