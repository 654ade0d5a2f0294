/* attr_keyval_refree: a keyval whose delete callback frees it, cached on two communicators, and
 * also freed by the program twice more: every free returns MPI_SUCCESS while a value still keeps
 * the keyval alive, each callback runs once, and the last value's deletion (here by
 * MPI_Comm_free on the second duplicate) destroys it; after that, freeing it is an error. */
#include <mpi.h>

#include "mtest.h"

static int deletes;

static int delete_and_free(MPI_Comm comm, int keyval, void *value, void *extra)
{
    (void)comm;
    (void)value;
    (void)extra;
    deletes++;
    return MPI_Keyval_free(&keyval);
}

int main(int argc, char **argv)
{
    MPI_Comm a;
    MPI_Comm b;
    int keyval = MPI_KEYVAL_INVALID;
    int copy;
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_dup(MPI_COMM_SELF, &a);
    MPI_Comm_dup(MPI_COMM_SELF, &b);
    MPI_Keyval_create(MPI_NULL_COPY_FN, delete_and_free, &keyval, NULL);
    copy = keyval;
    MPI_Attr_put(a, keyval, NULL);
    MPI_Attr_put(b, keyval, NULL);
    errs += mtest_expect(MPI_Comm_free(&a) == MPI_SUCCESS && deletes == 1, "first free");
    errs += mtest_expect(MPI_Keyval_free(&keyval) == MPI_SUCCESS && keyval == MPI_KEYVAL_INVALID,
                         "second free");
    keyval = copy;
    errs += mtest_expect(MPI_Keyval_free(&keyval) == MPI_SUCCESS, "third free");
    errs += mtest_expect(MPI_Comm_free(&b) == MPI_SUCCESS && deletes == 2, "last value deleted");
    keyval = copy;
    errs += mtest_expect(MPI_Keyval_free(&keyval) == MPI_ERR_KEYVAL,
                         "a keyval with no value left still accepted a free");
    return mtest_finish(errs);
}
