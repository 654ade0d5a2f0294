/* group_ops: every MPI_Group_* operation against values computed from the definitions of
 * MPI-3.1 section 6.3: incl/excl (order kept), range_incl/excl with positive and negative
 * strides, union/intersection/difference order, translate_ranks (MPI_PROC_NULL, MPI_UNDEFINED),
 * compare (IDENT/SIMILAR/UNEQUAL), the empty group, and error classes under MPI_ERRORS_RETURN.
 * Needs 6 ranks. */
#include <mpi.h>

#include "mtest.h"

static int same(MPI_Group g, MPI_Group world, const int *want, int n, const char *what)
{
    int size;
    int errs = 0;
    int got[16];
    int idx[16];

    MPI_Group_size(g, &size);
    if (size != n)
        return mtest_expect(0, "%s: size %d, expected %d", what, size, n);
    for (int i = 0; i < n; i++)
        idx[i] = i;
    MPI_Group_translate_ranks(g, n, idx, world, got);
    for (int i = 0; i < n; i++)
        errs += mtest_expect(got[i] == want[i], "%s: member %d is world %d, expected %d", what, i,
                             got[i], want[i]);
    return errs;
}

int main(int argc, char **argv)
{
    int errs = 0;
    int rank;
    int result;
    int rc;
    int cls;
    MPI_Group world;
    MPI_Group a;
    MPI_Group b;
    MPI_Group c;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    {
        int r[] = { 4, 1, 3 };
        int w[] = { 4, 1, 3 };

        MPI_Group_incl(world, 3, r, &a);
        errs += same(a, world, w, 3, "incl");
    }
    {
        int r[] = { 4, 1 };
        int w[] = { 0, 2, 3, 5 };

        MPI_Group_excl(world, 2, r, &b);
        errs += same(b, world, w, 4, "excl");
    }
    {
        int w[] = { 4, 1, 3, 0, 2, 5 };
        int wi[] = { 3 };
        int wd[] = { 4, 1 };

        MPI_Group_union(a, b, &c);
        errs += same(c, world, w, 6, "union");
        MPI_Group_compare(c, world, &result);
        errs += mtest_expect(result == MPI_SIMILAR, "compare union/world: %d", result);
        MPI_Group_free(&c);
        MPI_Group_intersection(a, b, &c);
        errs += same(c, world, wi, 1, "intersection");
        MPI_Group_free(&c);
        MPI_Group_difference(a, b, &c);
        errs += same(c, world, wd, 2, "difference");
        MPI_Group_free(&c);
    }
    {
        int ranges[2][3] = { { 5, 1, -2 }, { 0, 0, 1 } };
        int w[] = { 5, 3, 1, 0 };
        int wx[] = { 2, 4 };

        MPI_Group_range_incl(world, 2, ranges, &c);
        errs += same(c, world, w, 4, "range_incl");
        MPI_Group_free(&c);
        MPI_Group_range_excl(world, 2, ranges, &c);
        errs += same(c, world, wx, 2, "range_excl");
        MPI_Group_free(&c);
    }
    {
        int in[] = { 0, 2, MPI_PROC_NULL };
        int out[3];

        MPI_Group_translate_ranks(a, 3, in, b, out);
        errs += mtest_expect(out[0] == MPI_UNDEFINED && out[1] == 2 && out[2] == MPI_PROC_NULL,
                             "translate: %d %d %d", out[0], out[1], out[2]);
        MPI_Group_rank(a, &result);
        errs += mtest_expect(result == (rank == 4   ? 0
                                        : rank == 1 ? 1
                                        : rank == 3 ? 2
                                                    : MPI_UNDEFINED),
                             "group_rank %d", result);
    }
    MPI_Group_compare(world, world, &result);
    errs += mtest_expect(result == MPI_IDENT, "compare world/world: %d", result);
    MPI_Group_compare(a, b, &result);
    errs += mtest_expect(result == MPI_UNEQUAL, "compare a/b: %d", result);
    MPI_Group_intersection(a, MPI_GROUP_EMPTY, &c);
    MPI_Group_size(c, &result);
    errs += mtest_expect(result == 0 && c == MPI_GROUP_EMPTY, "empty intersection");
    MPI_Group_free(&c);

    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    {
        int bad[] = { 9 };

        rc = MPI_Group_incl(world, 1, bad, &c);
        MPI_Error_class(rc, &cls);
        errs += mtest_expect(cls == MPI_ERR_RANK, "incl of rank 9: class %d", cls);
        rc = MPI_Group_size(MPI_GROUP_NULL, &result);
        MPI_Error_class(rc, &cls);
        errs += mtest_expect(cls == MPI_ERR_GROUP, "size of MPI_GROUP_NULL: class %d", cls);
    }
    MPI_Group_free(&a);
    MPI_Group_free(&b);
    MPI_Group_free(&world);
    return mtest_finish(errs);
}
