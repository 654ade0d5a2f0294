/* attr_comm: attribute caching on communicators (MPI-3.1 section 6.7): the predefined
 * attributes of MPI_COMM_WORLD; a copy callback that keeps a value on MPI_Comm_dup and one
 * that does not; delete callbacks on overwrite, MPI_Comm_delete_attr, MPI_Comm_free and, for
 * MPI_COMM_SELF, MPI_Finalize; a keyval freed while still cached; each rank sees its own
 * values; error classes under MPI_ERRORS_RETURN. */
#include <mpi.h>
#include <stdio.h>

#include "mtest.h"

static int copies;
static int deletes;
static int last_deleted;

static int copy_plus_one(MPI_Comm old, int keyval, void *extra, void *in, void *out, int *flag)
{
    copies++;
    *(void **)out = (void *)((char *)in + 1);
    *flag = 1;
    return MPI_SUCCESS;
}

static int count_delete(MPI_Comm comm, int keyval, void *value, void *extra)
{
    deletes++;
    last_deleted = (int)(long)(char *)value;
    if (extra)
        ++*(int *)extra;
    return MPI_SUCCESS;
}

static int predefined(void)
{
    int errs = 0;
    int *v;
    int flag;
    int size;

    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &v, &flag);
    errs += mtest_expect(flag && *v >= 32767, "MPI_TAG_UB: flag %d", flag);
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_WTIME_IS_GLOBAL, &v, &flag);
    errs += mtest_expect(!flag || *v == 0 || *v == 1, "MPI_WTIME_IS_GLOBAL %d", flag ? *v : -1);
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_HOST, &v, &flag);
    errs += mtest_expect(flag && (*v == MPI_PROC_NULL || (*v >= 0 && *v < size)), "MPI_HOST");
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_UNIVERSE_SIZE, &v, &flag);
    errs += mtest_expect(!flag || *v >= size, "MPI_UNIVERSE_SIZE %d", flag ? *v : -1);
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_APPNUM, &v, &flag);
    errs += mtest_expect(!flag || *v == 0, "MPI_APPNUM");
    return errs;
}

int main(int argc, char **argv)
{
    int errs = 0;
    int rank;
    int keep;
    int drop;
    int flag;
    int rc;
    int cls;
    int self_deletes = 0;
    int self_key;
    void *v;
    MPI_Comm dup;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    errs += predefined();
    MPI_Comm_create_keyval(copy_plus_one, count_delete, &keep, NULL);
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, count_delete, &drop, NULL);
    MPI_Comm_set_attr(MPI_COMM_WORLD, keep, (void *)(long)(100 + rank));
    MPI_Comm_set_attr(MPI_COMM_WORLD, drop, (void *)7L);
    MPI_Comm_get_attr(MPI_COMM_WORLD, keep, &v, &flag);
    errs += mtest_expect(flag && (long)v == 100 + rank, "own value: %ld", (long)v);

    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    errs += mtest_expect(copies == 1, "dup ran %d copy callbacks, expected 1", copies);
    MPI_Comm_get_attr(dup, keep, &v, &flag);
    errs += mtest_expect(flag && (long)v == 101 + rank, "copied value %ld", (long)v);
    MPI_Comm_get_attr(dup, drop, &v, &flag);
    errs += mtest_expect(!flag, "MPI_COMM_NULL_COPY_FN attribute was copied");

    MPI_Comm_set_attr(dup, keep, (void *)5L); /* overwrite: deletes the copied value */
    errs +=
        mtest_expect(deletes == 1 && last_deleted == 101 + rank, "overwrite: %d deletes", deletes);
    MPI_Comm_free_keyval(&keep); /* still cached on dup and WORLD: stays alive */
    errs += mtest_expect(keep == MPI_KEYVAL_INVALID, "free_keyval did not reset the handle");
    MPI_Comm_free(&dup);
    errs += mtest_expect(deletes == 2 && last_deleted == 5, "free: %d deletes, last %d", deletes,
                         last_deleted);
    MPI_Comm_delete_attr(MPI_COMM_WORLD, drop);
    errs += mtest_expect(deletes == 3 && last_deleted == 7, "delete_attr: %d deletes", deletes);

    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    rc = MPI_Comm_get_attr(MPI_COMM_WORLD, 12345, &v, &flag);
    MPI_Error_class(rc, &cls);
    errs += mtest_expect(cls == MPI_ERR_KEYVAL, "invalid keyval: class %d", cls);
    rc = MPI_Comm_delete_attr(MPI_COMM_WORLD, drop);
    errs += mtest_expect(rc != MPI_SUCCESS, "deleting an absent attribute succeeded");

    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, count_delete, &self_key, &self_deletes);
    MPI_Comm_set_attr(MPI_COMM_SELF, self_key, (void *)1L);
    errs = mtest_finish(errs); /* calls MPI_Finalize, which deletes MPI_COMM_SELF's attributes */
    if (self_deletes != 1) {
        fprintf(stderr, "rank %d: MPI_Finalize ran %d delete callbacks on MPI_COMM_SELF\n", rank,
                self_deletes);
        return 1;
    }
    return errs;
}
