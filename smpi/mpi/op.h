/* op: reduction operations. A predefined op holds one kernel per basic element kind (NULL where
 * the standard does not define the op for that kind); a user op holds the user's function. */
#ifndef SMPI_OP_H
#define SMPI_OP_H

#include <stdbool.h>
#include <stddef.h>

#include <mpi.h>

#include "smpi/mpi/datatype.h"

/* inout[i] = in[i] op inout[i] for n basic items of one kind. */
typedef void smpi_op_kernel_fn(const void *in, void *inout, size_t n);

struct smpi_op {
    MPI_User_function *user_fn;        /* user ops only */
    MPI_User_function_c *user_fn_c;    /* user ops of MPI_Op_create_c (then user_fn is NULL) */
    smpi_op_kernel_fn *const *kernels; /* predefined ops: indexed by enum smpi_type_kind */
    unsigned classes;                  /* predefined ops: enum smpi_type_class accepted */
    bool commutative;
    bool predefined;
    int refcount;
    char name[MPI_MAX_OBJECT_NAME];
};

/* References on a user op (predefined ones are never freed): MPI_Op_free drops the user's,
 * and the op goes when the last holder (a pending nonblocking reduction) drops its own. */
/* Whether op is defined on type: user ops, MPI_REPLACE and MPI_NO_OP take any type; a predefined
 * op takes the classes MPI-3.1 section 5.9.2 lists, plus floating types for the logical ops (an
 * MPICH extension SMPI shares). */
bool smpi__op_accepts(MPI_Op op, MPI_Datatype type);
void smpi__op_ref(MPI_Op op);
void smpi__op_unref(MPI_Op op);
/* A user op (one reference, for the caller), named "user op". */
MPI_Op smpi__op_new(MPI_User_function *user_fn, bool commute);

#endif /* SMPI_OP_H */
