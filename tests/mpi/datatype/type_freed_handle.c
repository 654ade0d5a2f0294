/* A datatype handle freed by MPI_Type_free is refused with MPI_ERR_TYPE until a new type reuses
 * it (it was read after free), and the next type built reuses the most recently freed handle,
 * as MPICH recycles handles (upstream's datatype/indexed_misc builds a struct from a handle it
 * freed and expects the type created since). */
#include <mpi.h>

#include "mtest.h"

int main(int argc, char **argv)
{
    MPI_Datatype t;
    MPI_Datatype old;
    MPI_Datatype u;
    int size = -1;
    int cls = MPI_SUCCESS;
    int rc;
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Type_contiguous(3, MPI_INT, &t);
    MPI_Type_commit(&t);
    old = t;
    MPI_Type_free(&t);
    errs += mtest_expect(t == MPI_DATATYPE_NULL, "MPI_Type_free did not set the handle to null");
    rc = MPI_Type_size(old, &size);
    if (rc != MPI_SUCCESS)
        MPI_Error_class(rc, &cls);
    errs += mtest_expect(cls == MPI_ERR_TYPE, "MPI_Type_size on a freed type: class %d, not %d",
                         cls, MPI_ERR_TYPE);
    rc = MPI_Send(&size, 1, old, 0, 0, MPI_COMM_WORLD);
    cls = MPI_SUCCESS;
    if (rc != MPI_SUCCESS)
        MPI_Error_class(rc, &cls);
    errs += mtest_expect(cls == MPI_ERR_TYPE, "MPI_Send with a freed type: class %d, not %d", cls,
                         MPI_ERR_TYPE);
    MPI_Type_vector(2, 1, 4, MPI_DOUBLE, &u);
    MPI_Type_commit(&u);
    errs += mtest_expect(u == old, "the new type did not reuse the freed handle");
    MPI_Type_size(old, &size);
    errs +=
        mtest_expect(size == 2 * (int)sizeof(double), "the reused handle has size %d, expected %d",
                     size, 2 * (int)sizeof(double));
    MPI_Type_free(&u);
    return mtest_finish(errs);
}
