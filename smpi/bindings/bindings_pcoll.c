/* bindings_pcoll: the persistent collectives of MPI-4.0 (section 6.13), MPI_<Coll>_init for
 * every blocking collective (the rows of coll_calls.h). Each binding is one statement: its MPI
 * arguments, read by smpi__coll_pack as the blocking call's, then info and request;
 * smpi/mpi/pcoll.c checks them, makes the request, and MPI_Start runs the nonblocking collective.
 * No info key changes anything: simmpi runs the algorithm the selector chooses. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdarg.h>
#include <stdlib.h>

#include "collectives/collectives.h"
#include "smpi/bindings/coll_calls.h"
#include "smpi/internal.h"

/* A persistent collective binding: its MPI arguments in MPI's order as smpi__coll_pack reads
 * them (coll_call.c), then the info (no key is read) and the request. */
static int init(const char *call, enum coll_kind kind, ...)
{
    va_list ap;
    struct coll_args a;
    MPI_Request *request;

    va_start(ap, kind);
    a = smpi__coll_pack(kind, &ap);
    (void)va_arg(ap, MPI_Info);
    request = va_arg(ap, MPI_Request *);
    va_end(ap);
    return smpi__pcoll_init(call, kind, &a, NULL, request);
}

int PMPI_Reduce_scatter_block_init(const void *sendbuf, void *recvbuf, int recvcount,
                                   MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                                   MPI_Request *request)
{
    const char *call = "MPI_Reduce_scatter_block_init";
    struct coll_args a = {
        .sbuf = sendbuf, .rbuf = recvbuf, .type = datatype, .op = op, .comm = comm
    };
    int *counts;
    int rc = smpi__reduce_scatter_block_args(call, &a, recvcount, &counts);

    (void)info;
    return rc != MPI_SUCCESS ? rc
                             : smpi__pcoll_init(call, COLL_REDUCE_SCATTER, &a, counts, request);
}
#pragma weak MPI_Reduce_scatter_block_init = PMPI_Reduce_scatter_block_init

#define PERSISTENT(blocking, nonblocking, persistent, kind, params, args)                          \
    int P##persistent(SMPI_LIST params, MPI_Info info, MPI_Request *request)                       \
    {                                                                                              \
        return init(#persistent, kind, SMPI_LIST args, info, request);                             \
    }                                                                                              \
    SMPI_WEAK(persistent)
SMPI_COLL_CALLS(PERSISTENT)
