/* bindings_misc: the smaller environment calls of MPI-3.1 (sections 8.2, 8.3, 12.3, 14.2):
 * memory allocation, status setters, MPI_Pcontrol, MPI_Comm_idup and the deprecated MPI-1
 * error handler names. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>

#include "smpi/analyze/analyze.h"
#include "smpi/bindings/check.h"
#include "smpi/mpi/datatype.h"
#include "smpi/internal.h"

int PMPI_Alloc_mem(MPI_Aint size, MPI_Info info, void *baseptr)
{
    void *p;

    if (size < 0)
        return smpi__error(MPI_COMM_WORLD, "MPI_Alloc_mem", MPI_ERR_ARG, "size %ld is negative",
                           (long)size);
    if (!baseptr)
        return smpi__error(MPI_COMM_WORLD, "MPI_Alloc_mem", MPI_ERR_ARG, "baseptr is NULL");
    p = malloc(size > 0 ? (size_t)size : 1);
    if (!p)
        return smpi__error(MPI_COMM_WORLD, "MPI_Alloc_mem", MPI_ERR_NO_MEM,
                           "cannot allocate %ld bytes", (long)size);
    *(void **)baseptr = p;
    return MPI_SUCCESS;
}
#pragma weak MPI_Alloc_mem = PMPI_Alloc_mem

int PMPI_Free_mem(void *base)
{
    free(base);
    return MPI_SUCCESS;
}
#pragma weak MPI_Free_mem = PMPI_Free_mem

int PMPI_Status_set_elements_x(MPI_Status *status, MPI_Datatype datatype, MPI_Count count)
{
    if (!status)
        return smpi__error(MPI_COMM_WORLD, "MPI_Status_set_elements", MPI_ERR_ARG,
                           "status is NULL");
    if (datatype == MPI_DATATYPE_NULL)
        return smpi__error(MPI_COMM_WORLD, "MPI_Status_set_elements", MPI_ERR_TYPE,
                           "datatype is MPI_DATATYPE_NULL");
    if (count < 0)
        return smpi__error(MPI_COMM_WORLD, "MPI_Status_set_elements", MPI_ERR_COUNT,
                           "count %lld is negative", (long long)count);
    /* count is in basic elements (MPI-4.0 section 4.1.11), not whole datatypes */
    status->smpi_count = smpi__type_elements_bytes(datatype, count);
    return MPI_SUCCESS;
}
#pragma weak MPI_Status_set_elements_x = PMPI_Status_set_elements_x

int PMPI_Status_set_elements(MPI_Status *status, MPI_Datatype datatype, int count)
{
    return PMPI_Status_set_elements_x(status, datatype, count);
}
#pragma weak MPI_Status_set_elements = PMPI_Status_set_elements

int PMPI_Status_set_cancelled(MPI_Status *status, int flag)
{
    if (!status)
        return smpi__error(MPI_COMM_WORLD, "MPI_Status_set_cancelled", MPI_ERR_ARG,
                           "status is NULL");
    status->smpi_cancelled = flag != 0;
    return MPI_SUCCESS;
}
#pragma weak MPI_Status_set_cancelled = PMPI_Status_set_cancelled

/* Profiling control: simmpi has no profiling levels; the standard lets it ignore the call. */
int PMPI_Pcontrol(const int level, ...)
{
    return MPI_SUCCESS;
}
#pragma weak MPI_Pcontrol = PMPI_Pcontrol

/* The duplicate can be made at once (creations do not block in simmpi), so the request is
 * complete when returned. */
int PMPI_Comm_idup(MPI_Comm comm, MPI_Comm *newcomm, MPI_Request *request)
{
    int rc;

    SMPI_CHECK_INIT("MPI_Comm_idup");
    SMPI_CHECK_COMM("MPI_Comm_idup", comm);
    SMPI_CHECK_ARG("MPI_Comm_idup", comm, newcomm);
    SMPI_CHECK_ARG("MPI_Comm_idup", comm, request);
    SMPI_CHECK(smpi__coll_order_plain("MPI_Comm_idup", comm));
    rc = smpi__comm_idup(comm, newcomm); /* without MPI_Comm_dup's messages */
    if (rc != MPI_SUCCESS)
        return smpi__error(comm, "MPI_Comm_idup", rc, "an attribute copy callback failed");
    smpi__handle_new(SMPI_H_COMM, *newcomm, "MPI_Comm_idup");
    *request = smpi__req_new(0, NULL, 0, MPI_BYTE, MPI_PROC_NULL, 0, comm);
    smpi__status_empty(&(*request)->status);
    (*request)->flags |= SMPI_REQ_ACTIVE | SMPI_REQ_DONE;
    (*request)->call = "MPI_Comm_idup";
    smpi__request_new(*request);
    return MPI_SUCCESS;
}
#pragma weak MPI_Comm_idup = PMPI_Comm_idup

int PMPI_Errhandler_create(MPI_Handler_function *function, MPI_Errhandler *errhandler)
{
    return PMPI_Comm_create_errhandler((MPI_Comm_errhandler_function *)function, errhandler);
}
#pragma weak MPI_Errhandler_create = PMPI_Errhandler_create

int PMPI_Errhandler_set(MPI_Comm comm, MPI_Errhandler errhandler)
{
    return PMPI_Comm_set_errhandler(comm, errhandler);
}
#pragma weak MPI_Errhandler_set = PMPI_Errhandler_set

int PMPI_Errhandler_get(MPI_Comm comm, MPI_Errhandler *errhandler)
{
    return PMPI_Comm_get_errhandler(comm, errhandler);
}
#pragma weak MPI_Errhandler_get = PMPI_Errhandler_get

int PMPI_Grequest_start(MPI_Grequest_query_function *query_fn, MPI_Grequest_free_function *free_fn,
                        MPI_Grequest_cancel_function *cancel_fn, void *extra_state,
                        MPI_Request *request)
{
    MPI_Request r;
    struct smpi_req_rare *rare;

    SMPI_CHECK_INIT("MPI_Grequest_start");
    SMPI_CHECK_ARG("MPI_Grequest_start", MPI_COMM_WORLD, request);
    if (!query_fn || !free_fn || !cancel_fn)
        return smpi__error(MPI_COMM_WORLD, "MPI_Grequest_start", MPI_ERR_ARG,
                           "query_fn, free_fn and cancel_fn must all be given");
    r = smpi__req_new(0, NULL, 0, MPI_BYTE, MPI_PROC_NULL, 0, MPI_COMM_WORLD);
    r->flags = (r->flags & ~SMPI_REQ_PROCNULL) | SMPI_REQ_ACTIVE | SMPI_REQ_GENERALIZED;
    rare = smpi__req_rare(r);
    rare->query_fn = query_fn;
    rare->free_fn = free_fn;
    rare->cancel_fn = cancel_fn;
    rare->extra_state = extra_state;
    r->refcount++; /* held until MPI_Grequest_complete */
    if (!r->call)  /* else the MPI-IO call that made it */
        r->call = "MPI_Grequest_start";
    *request = r;
    smpi__request_new(r);
    return MPI_SUCCESS;
}
#pragma weak MPI_Grequest_start = PMPI_Grequest_start

int PMPI_Grequest_complete(MPI_Request request)
{
    bool freed;

    if (request == MPI_REQUEST_NULL || !(request->flags & SMPI_REQ_GENERALIZED) ||
        (request->flags & SMPI_REQ_DONE))
        return smpi__error(MPI_COMM_WORLD, "MPI_Grequest_complete", MPI_ERR_REQUEST,
                           "the request is not an incomplete generalized request");
    freed = (request->flags & SMPI_REQ_FREED) != 0;
    smpi__req_complete(request);
    if (freed) /* MPI_Request_free came first: nobody will wait, so release it now */
        request->rare->free_fn(request->rare->extra_state);
    smpi__req_release(request);
    return MPI_SUCCESS;
}
#pragma weak MPI_Grequest_complete = PMPI_Grequest_complete
