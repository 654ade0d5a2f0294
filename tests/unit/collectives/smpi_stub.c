/* smpi_stub: the narrow smpi API for the collectives unit tests, which exercise the registry
 * without running an algorithm; any call into point-to-point is a test bug. */
#include "simcore/simcore.h"
#include "smpi/smpi.h"

int smpi_comm_rank(MPI_Comm comm)
{
    return 0;
}

int smpi_comm_size(MPI_Comm comm)
{
    return 1;
}

int smpi_send(const void *buf, int count, MPI_Datatype type, int dst, int tag, MPI_Comm comm)
{
    sim_assert(0, "smpi_send called in a registry test");
    return MPI_ERR_INTERN;
}

int smpi_recv(void *buf, int count, MPI_Datatype type, int src, int tag, MPI_Comm comm,
              MPI_Status *status)
{
    sim_assert(0, "smpi_recv called in a registry test");
    return MPI_ERR_INTERN;
}

int smpi_isend(const void *buf, int count, MPI_Datatype type, int dst, int tag, MPI_Comm comm,
               MPI_Request *req)
{
    sim_assert(0, "smpi_isend called in a registry test");
    return MPI_ERR_INTERN;
}

int smpi_irecv(void *buf, int count, MPI_Datatype type, int src, int tag, MPI_Comm comm,
               MPI_Request *req)
{
    sim_assert(0, "smpi_irecv called in a registry test");
    return MPI_ERR_INTERN;
}

int smpi_sendrecv(const void *sbuf, int scount, MPI_Datatype stype, int dst, int stag,
                  void *rbuf, int rcount, MPI_Datatype rtype, int src, int rtag, MPI_Comm comm,
                  MPI_Status *status)
{
    sim_assert(0, "smpi_sendrecv called in a registry test");
    return MPI_ERR_INTERN;
}

int smpi_waitall(int n, MPI_Request *reqs, MPI_Status *statuses)
{
    sim_assert(0, "smpi_waitall called in a registry test");
    return MPI_ERR_INTERN;
}

size_t smpi_type_size(MPI_Datatype type)
{
    return 1;
}

MPI_Aint smpi_type_extent(MPI_Datatype type)
{
    return 1;
}

MPI_Aint smpi_type_lb(MPI_Datatype type)
{
    return 0;
}

int smpi_type_copy(const void *src, int scount, MPI_Datatype stype, void *dst, int dcount,
                   MPI_Datatype dtype)
{
    sim_assert(0, "smpi_type_copy called in a registry test");
    return MPI_ERR_INTERN;
}

int smpi_op_apply(MPI_Op op, const void *in, void *inout, int count, MPI_Datatype type)
{
    sim_assert(0, "smpi_op_apply called in a registry test");
    return MPI_ERR_INTERN;
}

bool smpi_op_is_commutative(MPI_Op op)
{
    return true;
}
