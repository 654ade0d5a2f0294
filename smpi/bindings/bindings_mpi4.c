/* bindings_mpi4: the small MPI-4 calls of point-to-point and communicators — MPI_Isendrecv and
 * MPI_Isendrecv_replace (MPI-4.0 section 3.10), MPI_Comm_idup_with_info (section 7.4.2),
 * MPI_Buffer_flush and MPI_Buffer_iflush (MPI-4.1 section 3.6). The requests:
 * smpi/mpi/p2p_mpi4.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <limits.h>
#include <stdlib.h>

#include "smpi/analyze/analyze.h"
#include "smpi/bindings/check.h"
#include "smpi/bindings/p2p.h"
#include "smpi/internal.h"
#include "smpi/mpi/datatype.h"

/* The checks of both sides, then the request of the call. */
static int isendrecv(const char *call, const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                     int dest, int sendtag, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                     int source, int recvtag, MPI_Comm comm, MPI_Request *request, bool replace)
{
    void *aside = NULL;
    size_t bytes = 0;

    SMPI_CHECK(smpi__p2p_checks(call, sendbuf, sendcount, sendtype, dest, sendtag, comm, false));
    SMPI_CHECK(smpi__p2p_checks(call, recvbuf, recvcount, recvtype, source, recvtag, comm, true));
    SMPI_CHECK_ARG(call, comm, request);
    if (replace) {
        bytes = (size_t)sendcount * smpi_type_size(sendtype);
        if (bytes > INT_MAX)
            return smpi__error(comm, call, MPI_ERR_COUNT,
                               "message of %zu bytes is too large (at most %d bytes)", bytes,
                               INT_MAX);
    }
    smpi__enter(call);
    if (replace) { /* the outgoing data goes aside as bytes, so the receive may overwrite buf */
        aside = sim_xmalloc(bytes ? bytes : 1);
        if (bytes)
            smpi_type_copy(sendbuf, sendcount, sendtype, aside, (int)bytes, MPI_BYTE);
        sendbuf = aside;
        sendcount = (int)bytes;
        sendtype = MPI_BYTE;
    }
    *request = smpi__isendrecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount,
                               recvtype, source, recvtag, comm, aside);
    smpi__request_new(*request);
    smpi__leave();
    return MPI_SUCCESS;
}

int PMPI_Isendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                   void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                   MPI_Comm comm, MPI_Request *request)
{
    return isendrecv("MPI_Isendrecv", sendbuf, sendcount, sendtype, dest, sendtag, recvbuf,
                     recvcount, recvtype, source, recvtag, comm, request, false);
}
#pragma weak MPI_Isendrecv = PMPI_Isendrecv

int PMPI_Isendrecv_replace(void *buf, int count, MPI_Datatype datatype, int dest, int sendtag,
                           int source, int recvtag, MPI_Comm comm, MPI_Request *request)
{
    return isendrecv("MPI_Isendrecv_replace", buf, count, datatype, dest, sendtag, buf, count,
                     datatype, source, recvtag, comm, request, true);
}
#pragma weak MPI_Isendrecv_replace = PMPI_Isendrecv_replace

/* MPI_Comm_idup's duplicate, with the MPI-4 assertions of info (comm_hints.c; MPI_INFO_NULL is
 * taken, as MPICH and MPI_Comm_dup_with_info take it). */
int PMPI_Comm_idup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm, MPI_Request *request)
{
    int rc = PMPI_Comm_idup(comm, newcomm, request);

    if (rc == MPI_SUCCESS && *newcomm != MPI_COMM_NULL)
        smpi__comm_hints_set(*newcomm, info);
    return rc;
}
#pragma weak MPI_Comm_idup_with_info = PMPI_Comm_idup_with_info

int PMPI_Buffer_iflush(MPI_Request *request)
{
    SMPI_CHECK_INIT("MPI_Buffer_iflush");
    SMPI_CHECK_ARG("MPI_Buffer_iflush", MPI_COMM_WORLD, request);
    if (smpi__self()->bsend_flush)
        return smpi__error(MPI_COMM_WORLD, "MPI_Buffer_iflush", MPI_ERR_PENDING,
                           "an earlier MPI_Buffer_iflush of this rank is still pending; complete "
                           "it first");
    smpi__enter("MPI_Buffer_iflush");
    *request = smpi__bsend_iflush(smpi__self(), MPI_COMM_WORLD);
    smpi__request_new(*request);
    smpi__leave();
    return MPI_SUCCESS;
}
#pragma weak MPI_Buffer_iflush = PMPI_Buffer_iflush

/* Blocks until every buffered message of the rank is delivered; the buffer stays attached. */
int PMPI_Buffer_flush(void)
{
    MPI_Request r;
    int rc = PMPI_Buffer_iflush(&r);

    if (rc != MPI_SUCCESS)
        return rc;
    smpi__enter("MPI_Buffer_flush");
    rc = smpi__wait_one("MPI_Buffer_flush", MPI_COMM_WORLD, &r, MPI_STATUS_IGNORE);
    smpi__leave();
    return rc;
}
#pragma weak MPI_Buffer_flush = PMPI_Buffer_flush
