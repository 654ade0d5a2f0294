/* attr_type_dup_fail: MPI_Type_dup whose attribute copy callback fails returns the error (under
 * MPI_ERRORS_RETURN) and MPI_DATATYPE_NULL, with no delete callback run for the copies of the
 * type that never existed; a second keyval copied before the failing one is dropped too, and the
 * original type keeps both attributes until it is freed. */
#include <mpi.h>

#include "mtest.h"

static int deletes;

static int copy_ok(MPI_Datatype t, int k, void *extra, void *in, void *out, int *flag)
{
    *(void **)out = in;
    *flag = 1;
    return MPI_SUCCESS;
}

static int copy_fails(MPI_Datatype t, int k, void *extra, void *in, void *out, int *flag)
{
    *flag = 1;
    return MPI_ERR_OTHER;
}

static int count_delete(MPI_Datatype t, int k, void *value, void *extra)
{
    deletes++;
    return MPI_SUCCESS;
}

int main(int argc, char **argv)
{
    int errs = 0, rc, cls, k_ok, k_bad, flag;
    MPI_Datatype t, d = MPI_INT;
    void *v;

    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Type_contiguous(2, MPI_INT, &t);
    MPI_Type_create_keyval(copy_ok, count_delete, &k_ok, NULL);
    MPI_Type_create_keyval(copy_fails, count_delete, &k_bad, NULL);
    MPI_Type_set_attr(t, k_bad, (void *)2);
    MPI_Type_set_attr(t, k_ok, (void *)1); /* newest first: copied before k_bad */
    rc = MPI_Type_dup(t, &d);
    MPI_Error_class(rc, &cls);
    errs += mtest_expect(rc != MPI_SUCCESS && cls == MPI_ERR_OTHER, "MPI_Type_dup returned %d", rc);
    errs += mtest_expect(d == MPI_DATATYPE_NULL, "MPI_Type_dup did not give MPI_DATATYPE_NULL");
    errs += mtest_expect(deletes == 0, "%d delete callbacks ran for a type that never existed",
                         deletes);
    MPI_Type_get_attr(t, k_ok, &v, &flag);
    errs += mtest_expect(flag && v == (void *)1, "the original lost its first attribute");
    MPI_Type_get_attr(t, k_bad, &v, &flag);
    errs += mtest_expect(flag && v == (void *)2, "the original lost its second attribute");
    MPI_Type_free(&t);
    errs += mtest_expect(deletes == 2, "freeing the original ran %d delete callbacks", deletes);
    MPI_Type_free_keyval(&k_ok);
    MPI_Type_free_keyval(&k_bad);
    return mtest_finish(errs);
}
