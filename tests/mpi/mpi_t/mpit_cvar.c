/* mpit_cvar: the control variables of the tool interface. It works before MPI_Init; every
 * --cfg item is a variable whose value reads as its text (smpi/test as given in the testlist,
 * network/weight-S as the network model sets it); writing smpi/bcast changes the algorithm the
 * next MPI_Bcast runs (seen in the performance variable smpi_coll_bcast_algorithm), a name that
 * is no algorithm is MPI_T_ERR_INVALID and an item fixed for the run MPI_T_ERR_CVAR_SET_NEVER;
 * the categories hold their variables; the errors of bad indices, names and handles. Run with
 * --cfg=smpi/test:2e-4 --cfg=smpi/bcast:flattree. */
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "mtest.h"

static int cvar_index(const char *name)
{
    int i = -1;

    MPI_T_cvar_get_index(name, &i);
    return i;
}

static int read_text(const char *name, char *buf)
{
    MPI_T_cvar_handle h;
    int count = 0;
    int rc = MPI_T_cvar_handle_alloc(cvar_index(name), NULL, &h, &count);

    if (rc != MPI_SUCCESS)
        return rc;
    MPI_T_cvar_read(h, buf);
    MPI_T_cvar_handle_free(&h);
    return count;
}

static int write_text(const char *name, const char *value)
{
    MPI_T_cvar_handle h;
    int count = 0;
    int rc;

    /* the variables are shared (scope MPI_T_SCOPE_ALL_EQ: every rank writes the same value):
     * a rank still in the previous collective must not see the next choice */
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_T_cvar_handle_alloc(cvar_index(name), NULL, &h, &count);
    rc = MPI_T_cvar_write(h, value);
    MPI_T_cvar_handle_free(&h);
    return rc;
}

/* The name of the algorithm smpi_coll_bcast_algorithm names now. */
static void bcast_algorithm(char *name, int len)
{
    MPI_T_pvar_session s;
    MPI_T_pvar_handle h;
    MPI_T_enum e;
    int idx = -1;
    int count = 0;
    int value = -2;
    int v;
    int n = 0;

    MPI_T_pvar_get_index("smpi_coll_bcast_algorithm", MPI_T_PVAR_CLASS_STATE, &idx);
    MPI_T_pvar_get_info(idx, NULL, NULL, NULL, NULL, NULL, &e, NULL, NULL, NULL, NULL, NULL, NULL);
    MPI_T_pvar_session_create(&s);
    MPI_T_pvar_handle_alloc(s, idx, NULL, &h, &count);
    MPI_T_pvar_read(s, h, &value);
    MPI_T_pvar_session_free(&s);
    MPI_T_enum_get_info(e, &n, NULL, NULL);
    strcpy(name, "?");
    for (int i = 0; i < n; i++) {
        int l = len;
        char item[64];

        MPI_T_enum_get_item(e, i, &v, item, &l);
        if (v == value)
            strcpy(name, item);
    }
}

static int run_bcast(const char *expect)
{
    int x = 7;
    char algo[64];

    MPI_Bcast(&x, 1, MPI_INT, 0, MPI_COMM_WORLD);
    bcast_algorithm(algo, sizeof(algo));
    return mtest_expect(strcmp(algo, expect) == 0, "smpi_coll_bcast_algorithm is %s, not %s", algo,
                        expect);
}

static int values(void)
{
    char buf[4096];
    int errs = 0;
    int count = read_text("smpi/test", buf);

    errs += mtest_expect(count > 0 && strcmp(buf, "2e-4") == 0, "smpi/test reads '%s'", buf);
    read_text("network/weight-S", buf);
    errs += mtest_expect(strcmp(buf, "8775") == 0, "network/weight-S reads '%s'", buf);
    read_text("smpi/bcast", buf);
    errs += mtest_expect(strcmp(buf, "flattree") == 0, "smpi/bcast reads '%s'", buf);
    read_text("smpi/reduce", buf);
    errs += mtest_expect(strcmp(buf, "") == 0, "smpi/reduce reads '%s'", buf);
    return errs;
}

static int writes(void)
{
    char buf[64];
    int errs = run_bcast("flattree");

    errs += mtest_expect_class(write_text("smpi/bcast", "binomial_tree"), MPI_SUCCESS, "write");
    read_text("smpi/bcast", buf);
    errs += mtest_expect(strcmp(buf, "binomial_tree") == 0, "smpi/bcast reads '%s'", buf);
    errs += run_bcast("binomial_tree");
    errs += mtest_expect(write_text("smpi/bcast", "no_such_algorithm") == MPI_T_ERR_INVALID,
                         "an unknown algorithm was accepted");
    errs += mtest_expect(write_text("smpi/coll-selector", "no_such_selector") == MPI_T_ERR_INVALID,
                         "an unknown selector was accepted");
    errs += mtest_expect(write_text("smpi/test", "1") == MPI_T_ERR_CVAR_SET_NEVER,
                         "smpi/test was written");
    errs += run_bcast("binomial_tree");
    write_text("smpi/bcast", "");
    errs += mtest_expect_class(write_text("smpi/coll-selector", "mpich"), MPI_SUCCESS, "selector");
    /* the mpich selector on MPI_COMM_WORLD, hierarchical and uniform here (one rank per host):
     * SMP_binomial (collectives/select_mpich.c) */
    errs += run_bcast("SMP_binomial");
    return errs;
}

static int info_and_categories(void)
{
    char name[64];
    int len = sizeof(name);
    int scope = 0;
    int bind = 0;
    int cat = -1;
    int ncv = 0;
    int npv = 0;
    int *idx;
    int found = 0;
    MPI_Datatype type;
    int errs = 0;

    MPI_T_cvar_get_info(cvar_index("smpi/bcast"), name, &len, NULL, &type, NULL, NULL, NULL, &bind,
                        &scope);
    errs += mtest_expect(strcmp(name, "smpi/bcast") == 0 && len == 11 && type == MPI_CHAR &&
                             scope == MPI_T_SCOPE_ALL_EQ && bind == MPI_T_BIND_NO_OBJECT,
                         "smpi/bcast: %s %d scope %d", name, len, scope);
    MPI_T_cvar_get_info(cvar_index("smpi/test"), NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                        &scope);
    errs += mtest_expect(scope == MPI_T_SCOPE_CONSTANT, "smpi/test's scope %d", scope);
    errs += mtest_expect_class(MPI_T_category_get_index("collectives", &cat), MPI_SUCCESS, "cat");
    MPI_T_category_get_info(cat, NULL, NULL, NULL, NULL, &ncv, &npv, NULL);
    idx = malloc(sizeof(int) * (size_t)ncv);
    MPI_T_category_get_cvars(cat, ncv, idx);
    for (int i = 0; i < ncv; i++)
        found += idx[i] == cvar_index("smpi/bcast");
    errs += mtest_expect(found == 1 && npv >= 2, "collectives: %d cvars, %d pvars", ncv, npv);
    free(idx);
    return errs;
}

static int bad_arguments(void)
{
    MPI_T_cvar_handle h = MPI_T_CVAR_HANDLE_NULL;
    int n = 0;
    int count;
    int i;
    char buf[8];
    int errs = 0;

    MPI_T_cvar_get_num(&n);
    errs += mtest_expect(MPI_T_cvar_get_info(n, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                                             NULL) == MPI_T_ERR_INVALID_INDEX,
                         "cvar index %d accepted", n);
    errs += mtest_expect(MPI_T_cvar_handle_alloc(-1, NULL, &h, &count) == MPI_T_ERR_INVALID_INDEX,
                         "cvar index -1 accepted");
    errs += mtest_expect(MPI_T_cvar_read(h, buf) == MPI_T_ERR_INVALID_HANDLE,
                         "MPI_T_CVAR_HANDLE_NULL read");
    errs += mtest_expect(MPI_T_cvar_get_index("no/such-item", &i) == MPI_T_ERR_INVALID_NAME,
                         "an unknown cvar name found");
    errs += mtest_expect(MPI_T_category_get_index("none", &i) == MPI_T_ERR_INVALID_NAME,
                         "an unknown category found");
    return errs;
}

int main(int argc, char **argv)
{
    int provided = -1;
    int n = -1;
    int errs = 0;

    errs += mtest_expect(MPI_T_cvar_get_num(&n) == MPI_T_ERR_NOT_INITIALIZED,
                         "MPI_T_cvar_get_num before MPI_T_init_thread");
    MPI_T_init_thread(MPI_THREAD_SINGLE, &provided);
    errs += mtest_expect(MPI_T_cvar_get_num(&n) == MPI_SUCCESS && n > 100,
                         "before MPI_Init: %d cvars", n);
    MPI_Init(&argc, &argv);
    errs += values();
    errs += writes();
    errs += info_and_categories();
    errs += bad_arguments();
    MPI_T_finalize();
    errs += mtest_expect(MPI_T_cvar_get_num(&n) == MPI_T_ERR_NOT_INITIALIZED,
                         "MPI_T_cvar_get_num after MPI_T_finalize");
    return mtest_finish(errs);
}
