/* comm_split: MPI_Comm_split with colors rank % 3 and keys that reverse the order, equal keys
 * (parent order kept), MPI_UNDEFINED (MPI_COMM_NULL); traffic on the new communicators does not
 * mix; MPI_Comm_split_type(MPI_COMM_TYPE_SHARED) groups the ranks of one simulated host (the
 * testlist runs 6 ranks on 3 hosts); MPI_Comm_create on a subgroup; MPI_Comm_compare; names. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "mtest.h"

static int check_split(int rank, int size)
{
    int errs = 0;
    MPI_Comm c;
    int crank;
    int csize;
    int expect_size = 0;
    int sum = 0;
    int want = 0;

    MPI_Comm_split(MPI_COMM_WORLD, rank % 3, size - rank, &c);
    MPI_Comm_rank(c, &crank);
    MPI_Comm_size(c, &csize);
    for (int r = 0; r < size; r++)
        expect_size += r % 3 == rank % 3;
    errs += mtest_expect(csize == expect_size, "split: size %d, expected %d", csize, expect_size);
    /* keys size - rank reverse the order: the highest world rank of the color is rank 0 */
    errs += mtest_expect(crank == (size - 1 - rank) / 3, "split: rank %d, expected %d", crank,
                         (size - 1 - rank) / 3);
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, c);
    for (int r = 0; r < size; r++)
        if (r % 3 == rank % 3)
            want += r;
    errs += mtest_expect(sum == want, "split: allreduce %d, expected %d", sum, want);
    MPI_Comm_free(&c);

    MPI_Comm_split(MPI_COMM_WORLD, rank < 2 ? MPI_UNDEFINED : 0, 0, &c);
    if (rank < 2) {
        errs += mtest_expect(c == MPI_COMM_NULL, "split: MPI_UNDEFINED gave a communicator");
    } else {
        MPI_Comm_rank(c, &crank);
        errs += mtest_expect(crank == rank - 2, "split: equal keys: rank %d, expected %d", crank,
                             rank - 2);
        MPI_Comm_free(&c);
    }
    return errs;
}

static int check_split_type(int rank)
{
    int errs = 0;
    MPI_Comm c;
    int csize;
    char mine[MPI_MAX_PROCESSOR_NAME];
    char other[MPI_MAX_PROCESSOR_NAME];
    int len;

    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &c);
    MPI_Comm_size(c, &csize);
    errs += mtest_expect(csize == 2, "split_type: %d ranks share my host, expected 2", csize);
    MPI_Get_processor_name(mine, &len);
    MPI_Bcast(mine, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, 0, c);
    MPI_Get_processor_name(other, &len);
    errs +=
        mtest_expect(strcmp(mine, other) == 0, "split_type: host %s in a group of %s", other, mine);
    MPI_Comm_free(&c);
    return errs;
}

static int check_create_compare(int rank, int size)
{
    int errs = 0;
    MPI_Group world;
    MPI_Group evens;
    MPI_Comm c;
    MPI_Comm d;
    int result;
    int ranks[16];
    int n = 0;
    char name[MPI_MAX_OBJECT_NAME];
    int len;

    for (int r = 0; r < size; r += 2)
        ranks[n++] = r;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Group_incl(world, n, ranks, &evens);
    MPI_Comm_create(MPI_COMM_WORLD, evens, &c);
    if (rank % 2) {
        errs += mtest_expect(c == MPI_COMM_NULL, "create: odd rank got a communicator");
    } else {
        int crank;

        MPI_Comm_rank(c, &crank);
        errs += mtest_expect(crank == rank / 2, "create: rank %d, expected %d", crank, rank / 2);
        MPI_Comm_dup(c, &d);
        MPI_Comm_compare(c, d, &result);
        errs += mtest_expect(result == MPI_CONGRUENT, "compare dup: %d", result);
        MPI_Comm_compare(c, c, &result);
        errs += mtest_expect(result == MPI_IDENT, "compare self: %d", result);
        MPI_Comm_set_name(d, "evens");
        MPI_Comm_get_name(d, name, &len);
        errs += mtest_expect(strcmp(name, "evens") == 0 && len == 5, "name '%s'", name);
        MPI_Comm_free(&d);
        MPI_Comm_free(&c);
    }
    MPI_Comm_split(MPI_COMM_WORLD, 0, size - rank, &c);
    MPI_Comm_compare(MPI_COMM_WORLD, c, &result);
    errs += mtest_expect(result == MPI_SIMILAR, "compare reversed: %d", result);
    MPI_Comm_free(&c);
    MPI_Comm_get_name(MPI_COMM_WORLD, name, &len);
    errs += mtest_expect(strcmp(name, "MPI_COMM_WORLD") == 0, "world name '%s'", name);
    MPI_Group_free(&evens);
    MPI_Group_free(&world);
    return errs;
}

/* MPI_Comm_create_group: only the members call it; two disjoint groups create theirs at the
 * same time with the same tag, and the odd ranks create a second one in the meantime. */
static int check_create_group(int rank, int size)
{
    int errs = 0;
    int ranks[16];
    int n = 0;
    int crank;
    int csize;
    int sum = 0;
    int want = 0;
    MPI_Group world;
    MPI_Group mine;
    MPI_Comm c;

    MPI_Comm_group(MPI_COMM_WORLD, &world);
    for (int r = rank % 2; r < size; r += 2) {
        ranks[n++] = r;
        want += r;
    }
    MPI_Group_incl(world, n, ranks, &mine);
    MPI_Comm_create_group(MPI_COMM_WORLD, mine, 11, &c);
    MPI_Comm_rank(c, &crank);
    MPI_Comm_size(c, &csize);
    errs +=
        mtest_expect(csize == n && crank == rank / 2, "create_group: rank %d of %d", crank, csize);
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, c);
    errs += mtest_expect(sum == want, "create_group allreduce %d, expected %d", sum, want);
    MPI_Comm_free(&c);
    if (rank % 2) {
        MPI_Comm_create_group(MPI_COMM_WORLD, mine, 12, &c);
        MPI_Barrier(c);
        MPI_Comm_free(&c);
    }
    MPI_Group_free(&mine);
    MPI_Group_free(&world);
    return errs;
}

int main(int argc, char **argv)
{
    int rank;
    int size;
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    errs += check_split(rank, size);
    errs += check_split_type(rank);
    errs += check_create_compare(rank, size);
    errs += check_create_group(rank, size);
    return mtest_finish(errs);
}
