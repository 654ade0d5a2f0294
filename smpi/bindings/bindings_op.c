/* bindings_op: the MPI calls on reduction operations (MPI-3.1 section 5.9.5) and
 * MPI_Reduce_local (5.9.7). The operations: smpi/mpi/op.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "smpi/analyze/analyze.h"
#include "smpi/bindings/check.h"
#include "smpi/internal.h"
#include "smpi/mpi/op.h"

int PMPI_Op_create(MPI_User_function *user_fn, int commute, MPI_Op *op)
{
    if (!user_fn || !op)
        return smpi__error(MPI_COMM_WORLD, "MPI_Op_create", MPI_ERR_ARG,
                           "user function or op pointer is NULL");
    *op = smpi__op_new(user_fn, commute != 0);
    smpi__handle_new(SMPI_H_OP, *op, "MPI_Op_create");
    return MPI_SUCCESS;
}
#pragma weak MPI_Op_create = PMPI_Op_create

int PMPI_Op_free(MPI_Op *op)
{
    if (!op || *op == MPI_OP_NULL)
        return smpi__error(MPI_COMM_WORLD, "MPI_Op_free", MPI_ERR_OP, "op is MPI_OP_NULL");
    if ((*op)->predefined)
        return smpi__error(MPI_COMM_WORLD, "MPI_Op_free", MPI_ERR_OP,
                           "%s is predefined and cannot be freed", (*op)->name);
    smpi__handle_gone(SMPI_H_OP, *op);
    smpi__op_unref(*op); /* pending nonblocking reductions keep theirs */
    *op = MPI_OP_NULL;
    return MPI_SUCCESS;
}
#pragma weak MPI_Op_free = PMPI_Op_free

int PMPI_Op_commutative(MPI_Op op, int *commute)
{
    if (op == MPI_OP_NULL)
        return smpi__error(MPI_COMM_WORLD, "MPI_Op_commutative", MPI_ERR_OP, "op is MPI_OP_NULL");
    if (!commute)
        return smpi__error(MPI_COMM_WORLD, "MPI_Op_commutative", MPI_ERR_ARG, "commute is NULL");
    *commute = smpi_op_is_commutative(op);
    return MPI_SUCCESS;
}
#pragma weak MPI_Op_commutative = PMPI_Op_commutative

int PMPI_Reduce_local(const void *inbuf, void *inoutbuf, int count, MPI_Datatype datatype,
                      MPI_Op op)
{
    const char *call = "MPI_Reduce_local";
    int rc;

    SMPI_CHECK_COUNT(call, MPI_COMM_WORLD, count);
    SMPI_CHECK_TYPE(call, MPI_COMM_WORLD, datatype);
    SMPI_CHECK_OP(call, MPI_COMM_WORLD, op);
    if (count > 0 && (!inbuf || !inoutbuf || inbuf == MPI_IN_PLACE || inoutbuf == MPI_IN_PLACE))
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_BUFFER,
                           "inbuf and inoutbuf must be real buffers, not NULL or MPI_IN_PLACE");
    if (count > 0 && inbuf == inoutbuf)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_BUFFER,
                           "inbuf and inoutbuf are the same buffer; MPI forbids aliased "
                           "arguments (MPI-4.0 section 2.6.2)");
    rc = smpi_op_apply(op, inbuf, inoutbuf, count, datatype);
    if (rc == MPI_ERR_OP)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_OP, "op %s is not defined for datatype %s",
                           op->name, datatype->name);
    if (rc != MPI_SUCCESS)
        return smpi__error(MPI_COMM_WORLD, call, rc, "reduction failed");
    return MPI_SUCCESS;
}
#pragma weak MPI_Reduce_local = PMPI_Reduce_local
