/* env_info: MPI_Info objects: set/get/valuelen/nkeys/nthkey in insertion order, overwrite
 * keeps the position, delete (MPI_ERR_INFO_NOKEY when absent), dup independence, truncated
 * get, key length limits (MPI_ERR_INFO_KEY), MPI_INFO_ENV's keys, MPI_Comm_get_info. */
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "mtest.h"

int main(int argc, char **argv)
{
    int errs = 0;
    MPI_Info info;
    MPI_Info copy;
    char key[MPI_MAX_INFO_KEY];
    char val[MPI_MAX_INFO_VAL];
    char longkey[MPI_MAX_INFO_KEY + 8];
    int n;
    int flag;
    int len;
    int rc;
    int cls;

    MPI_Init(&argc, &argv);
    MPI_Info_create(&info);
    MPI_Info_set(info, "alpha", "1");
    MPI_Info_set(info, "beta", "two");
    MPI_Info_set(info, "gamma", "3");
    MPI_Info_set(info, "beta", "deux");
    MPI_Info_get_nkeys(info, &n);
    errs += mtest_expect(n == 3, "nkeys %d", n);
    MPI_Info_get_nthkey(info, 1, key);
    errs += mtest_expect(strcmp(key, "beta") == 0, "key 1 '%s'", key);
    MPI_Info_get(info, "beta", MPI_MAX_INFO_VAL - 1, val, &flag);
    errs += mtest_expect(flag && strcmp(val, "deux") == 0, "beta = '%s'", val);
    MPI_Info_get(info, "beta", 2, val, &flag);
    errs += mtest_expect(flag && strcmp(val, "de") == 0, "truncated get '%s'", val);
    MPI_Info_get_valuelen(info, "beta", &len, &flag);
    errs += mtest_expect(flag && len == 4, "valuelen %d", len);
    MPI_Info_get(info, "delta", MPI_MAX_INFO_VAL - 1, val, &flag);
    errs += mtest_expect(!flag, "absent key found");
    MPI_Info_dup(info, &copy);
    MPI_Info_delete(info, "alpha");
    MPI_Info_get_nkeys(copy, &n);
    errs += mtest_expect(n == 3, "dup changed by delete: %d keys", n);
    MPI_Info_get_nthkey(info, 0, key);
    errs += mtest_expect(strcmp(key, "beta") == 0, "after delete key 0 '%s'", key);

    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    rc = MPI_Info_delete(info, "alpha");
    MPI_Error_class(rc, &cls);
    errs += mtest_expect(cls == MPI_ERR_INFO_NOKEY, "delete absent: class %d", cls);
    memset(longkey, 'k', sizeof(longkey) - 1);
    longkey[sizeof(longkey) - 1] = '\0';
    rc = MPI_Info_set(info, longkey, "v");
    MPI_Error_class(rc, &cls);
    errs += mtest_expect(cls == MPI_ERR_INFO_KEY, "long key: class %d", cls);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);

    MPI_Info_get(MPI_INFO_ENV, "maxprocs", MPI_MAX_INFO_VAL - 1, val, &flag);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    errs += mtest_expect(!flag || atoi(val) == n, "MPI_INFO_ENV maxprocs '%s'", val);
    MPI_Info_free(&copy);
    MPI_Info_free(&info);
    errs += mtest_expect(info == MPI_INFO_NULL, "free did not reset the handle");
    MPI_Comm_get_info(MPI_COMM_WORLD, &info);
    MPI_Info_get_nkeys(info, &n);
    errs += mtest_expect(n >= 0, "get_info nkeys %d", n);
    MPI_Info_free(&info);
    return mtest_finish(errs);
}
