/* The variable table of the tool interface (smpi/mpi/mpit.c): one control variable per --cfg
 * item and per collective, read as the text of the value; which ones may be written and what a
 * write checks; the categories that hold each variable once; the enumerations of algorithms;
 * the per-rank message counters. */
#include <criterion/criterion.h>
#include <string.h>

#include "smpi/internal.h"
#include "smpi/mpi/mpit.h"
#include "smpi/runtime/options.h"

static int index_of(const char *name)
{
    struct smpi_mpit_var v;

    for (int i = 0; i < smpi__mpit_cvar_count(); i++) {
        smpi__mpit_cvar(i, &v);
        if (strcmp(v.name, name) == 0)
            return i;
    }
    return -1;
}

static void setup(void)
{
    smpi_options_defaults(&smpi__rt.cfg);
    smpi_options_finish(&smpi__rt.cfg);
    coll_init(NULL, smpi_options_coll, NULL);
    smpi__rt.nranks = 2;
}

TestSuite(mpit, .init = setup);

Test(mpit, one_cvar_per_item_and_per_collective_with_distinct_names)
{
    struct smpi_mpit_var a;
    struct smpi_mpit_var b;
    int n = smpi__mpit_cvar_count();

    cr_assert_eq(n, (int)smpi_options_count() + COLL_NKINDS);
    for (int i = 0; i < n; i++) {
        smpi__mpit_cvar(i, &a);
        cr_assert(a.name && a.desc && a.desc[0], "cvar %d", i);
        cr_assert_eq(a.type, MPI_CHAR);
        for (int j = 0; j < i; j++) {
            smpi__mpit_cvar(j, &b);
            cr_assert_str_neq(a.name, b.name);
        }
    }
    cr_assert_geq(index_of("smpi/bcast"), 0);
    cr_assert_geq(index_of("network/model"), 0);
}

Test(mpit, values_read_as_given_else_default_else_the_models)
{
    char buf[256];

    smpi__mpit_cvar_read(index_of("smpi/test"), buf, sizeof(buf));
    cr_assert_str_eq(buf, "1e-4");
    smpi_options_set(&smpi__rt.cfg, "smpi/test:3e-4");
    smpi__mpit_cvar_read(index_of("smpi/test"), buf, sizeof(buf));
    cr_assert_str_eq(buf, "3e-4");
    smpi__mpit_cvar_read(index_of("network/weight-S"), buf, sizeof(buf));
    cr_assert_str_eq(buf, "8775");
    smpi__mpit_cvar_read(index_of("network/crosstraffic"), buf, sizeof(buf));
    cr_assert_str_eq(buf, "yes");
    /* the SMPI model's latency factors, SimGrid's rows in increasing sizes */
    smpi__mpit_cvar_read(index_of("network/latency-factor"), buf, sizeof(buf));
    cr_assert(strncmp(buf, "0:2.01467;257:1.95341;", 22) == 0, "%s", buf);
    smpi__mpit_cvar_read(index_of("smpi/bcast"), buf, sizeof(buf));
    cr_assert_str_eq(buf, "");
}

Test(mpit, only_the_collective_choices_are_written_and_checked)
{
    struct smpi_mpit_var v;
    int bcast = index_of("smpi/bcast");
    int sel = index_of("smpi/coll-selector");

    for (int i = 0; i < smpi__mpit_cvar_count(); i++) {
        smpi__mpit_cvar(i, &v);
        cr_assert_eq(v.scope,
                     i == sel || i >= (int)smpi_options_count() ? MPI_T_SCOPE_ALL_EQ
                                                                : MPI_T_SCOPE_CONSTANT,
                     "%s", v.name);
    }
    cr_assert_eq(smpi__mpit_cvar_write(index_of("smpi/test"), "1"), MPI_T_ERR_CVAR_SET_NEVER);
    cr_assert_eq(smpi__mpit_cvar_write(bcast, "no_such_algorithm"), MPI_T_ERR_INVALID);
    cr_assert_eq(smpi__mpit_cvar_write(sel, "binomial_tree"), MPI_T_ERR_INVALID);
    cr_assert_eq(smpi__mpit_cvar_write(sel, ""), MPI_T_ERR_INVALID);
    cr_assert_eq(smpi__mpit_cvar_write(bcast, "binomial_tree"), MPI_SUCCESS);
    cr_assert_str_eq(smpi_options_coll("bcast"), "binomial_tree");
    cr_assert_eq(smpi__mpit_cvar_write(bcast, "mpich"), MPI_SUCCESS); /* a selector */
    cr_assert_eq(smpi__mpit_cvar_write(bcast, ""), MPI_SUCCESS);
    cr_assert_eq(smpi__mpit_cvar_write(sel, "ompi"), MPI_SUCCESS);
    cr_assert_str_eq(smpi__rt.cfg.coll_selector, "ompi");
}

Test(mpit, every_variable_is_in_one_category)
{
    int ncv = 0;
    int npv = 0;
    const char *desc;

    for (int c = 0; c < smpi__mpit_category_count(); c++) {
        cr_assert(smpi__mpit_category(c, &desc)[0] && desc[0]);
        ncv += smpi__mpit_category_vars(c, false, NULL, 0);
        npv += smpi__mpit_category_vars(c, true, NULL, 0);
    }
    cr_assert_eq(ncv, smpi__mpit_cvar_count());
    cr_assert_eq(npv, smpi__mpit_pvar_count());
    for (int c = 0; c < smpi__mpit_category_count(); c++) {
        int idx[256];
        int n = smpi__mpit_category_vars(c, false, idx, 256);
        struct smpi_mpit_var v;

        for (int i = 0; i < n && i < 256; i++) {
            smpi__mpit_cvar(idx[i], &v);
            cr_assert_eq(v.category, c);
        }
    }
}

Test(mpit, an_enumeration_lists_the_algorithms_then_other_and_none)
{
    int n = smpi__mpit_enum_items(COLL_BCAST);
    const char *name;
    int value;

    smpi__mpit_enum_item(COLL_BCAST, 0, &name, &value);
    cr_assert_str_eq(name, coll_algos(COLL_BCAST)[0].name);
    cr_assert_eq(value, 0);
    smpi__mpit_enum_item(COLL_BCAST, n - 2, &name, &value);
    cr_assert_str_eq(name, "other");
    cr_assert_eq(value, n - 2);
    smpi__mpit_enum_item(COLL_BCAST, n - 1, &name, &value);
    cr_assert_str_eq(name, "none");
    cr_assert_eq(value, -1);
}

Test(mpit, the_message_counters_are_per_rank)
{
    struct smpi_mpit_var v;
    unsigned long long m[2];
    unsigned long long b;
    int algo;

    smpi__mpit_pvar(0, &v);
    cr_assert_str_eq(v.name, "smpi_msgs_sent");
    smpi__mpit_pvar_read(0, 1, &m[0]);
    smpi__mpit_sent(1, 0, 0, 100);
    smpi__mpit_sent(1, 0, 0, 28);
    smpi__mpit_pvar_read(0, 1, &m[1]);
    cr_assert_eq(m[1] - m[0], 2);
    smpi__mpit_pvar_read(1, 1, &b);
    cr_assert_eq(b, 128); /* each test runs in a process of its own: the counters start at 0 */
    smpi__mpit_pvar_read(0, 0, &m[0]);
    cr_assert_eq(m[0], 0);
    for (int i = 0; i < smpi__mpit_pvar_count(); i++) {
        smpi__mpit_pvar(i, &v);
        if (strcmp(v.name, "smpi_coll_bcast_algorithm") == 0) {
            smpi__mpit_pvar_read(i, 0, &algo);
            cr_assert_eq(algo, -1); /* no call yet: "none" */
            cr_assert_eq(v.var_class, MPI_T_PVAR_CLASS_STATE);
        }
    }
}
