/* comm_create_disjoint: MPI_Comm_create with a different group on each rank (MPI-2.2): the even
 * ranks pass the group of the even ranks, the odd ranks that of the odd ranks in reverse order.
 * Each rank gets a communicator of its own group, ranked in that group's order, that works
 * (an allreduce over it sums its members' world ranks); a rank passing a group it is not in
 * gets MPI_COMM_NULL. */
#include <mpi.h>

#include "mtest.h"

int main(int argc, char **argv)
{
    int rank, size, errs = 0, n = 0, members[64], want_rank = -1, sum = 0, want_sum = 0, r;
    MPI_Group world, mine, other;
    MPI_Comm c;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    if (rank % 2 == 0) {
        for (int i = 0; i < size; i += 2)
            members[n++] = i;
    } else {
        for (int i = size - 1 - (size % 2 == 1); i >= 1; i -= 2)
            members[n++] = i;
    }
    for (int i = 0; i < n; i++) {
        want_sum += members[i];
        if (members[i] == rank)
            want_rank = i;
    }
    MPI_Group_incl(world, n, members, &mine);
    MPI_Comm_create(MPI_COMM_WORLD, mine, &c);
    errs += mtest_expect(c != MPI_COMM_NULL, "rank %d got MPI_COMM_NULL", rank);
    if (c != MPI_COMM_NULL) {
        MPI_Comm_rank(c, &r);
        errs += mtest_expect(r == want_rank, "rank %d: rank %d in its group, want %d", rank, r,
                             want_rank);
        MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, c);
        errs += mtest_expect(sum == want_sum, "rank %d: sum %d, want %d", rank, sum, want_sum);
        MPI_Comm_free(&c);
    }
    /* every rank passes the group of rank 0 alone: only rank 0 gets a communicator */
    MPI_Group_incl(world, 1, (int[]){ 0 }, &other);
    MPI_Comm_create(MPI_COMM_WORLD, other, &c);
    errs += mtest_expect((c != MPI_COMM_NULL) == (rank == 0), "rank %d: group of rank 0 gave %s",
                         rank, c == MPI_COMM_NULL ? "MPI_COMM_NULL" : "a communicator");
    if (c != MPI_COMM_NULL)
        MPI_Comm_free(&c);
    MPI_Group_free(&other);
    MPI_Group_free(&mine);
    MPI_Group_free(&world);
    return mtest_finish(errs);
}
