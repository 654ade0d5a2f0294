/* comm_inter: an intercommunicator between the even and the odd ranks of MPI_COMM_WORLD:
 * sizes, remote groups, MPI_Comm_test_inter, point-to-point across it (peers and status
 * sources are remote ranks), MPI_Intercomm_merge ordering for high = 0/1 and for equal flags
 * (the side holding the lowest MPI_COMM_WORLD rank first), collectives on the merged
 * communicator and on the intercommunicator itself (barrier, bcast, reduce, allreduce, gather,
 * scatter, allgather, alltoall and the v-variants, reduce-scatter), MPI_Comm_dup,
 * MPI_Comm_split and MPI_Comm_create of the intercommunicator, and MPI_ERR_COMM for MPI_Scan, which
 * has no intercommunicator form. Needs an even number of ranks. */
#include <mpi.h>

#include "mtest.h"

/* Intercommunicator collectives (MPI-3.1 section 5.2.2): each group gets what the other group
 * contributed. Evens are side A (world rank 2i is local rank i), odds side B. */
static int inter_collectives(MPI_Comm inter, int rank, int size, int lrank)
{
    int errs = 0;
    int half = size / 2;
    int even = rank % 2 == 0;
    int x = -1;
    int sum = 0;
    int other_sum = 0;
    int all[64];
    int mine[64];

    MPI_Barrier(inter);
    /* bcast from local rank 0 of the evens to all odds */
    x = even ? (lrank == 0 ? 77 : -1) : -1;
    MPI_Bcast(&x, 1, MPI_INT, even ? (lrank == 0 ? MPI_ROOT : MPI_PROC_NULL) : 0, inter);
    if (!even)
        errs += mtest_expect(x == 77, "inter bcast: %d", x);
    /* allreduce: each side gets the other side's sum of world ranks */
    for (int i = 0; i < half; i++)
        other_sum += even ? 2 * i + 1 : 2 * i;
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, inter);
    errs += mtest_expect(sum == other_sum, "inter allreduce %d, expected %d", sum, other_sum);
    /* reduce to the odds' rank 0 */
    sum = -1;
    MPI_Reduce(&rank, &sum, 1, MPI_INT, MPI_SUM, even ? 0 : (lrank == 0 ? MPI_ROOT : MPI_PROC_NULL),
               inter);
    if (!even && lrank == 0) {
        int want = 0;

        for (int i = 0; i < half; i++)
            want += 2 * i;
        errs += mtest_expect(sum == want, "inter reduce %d, expected %d", sum, want);
    }
    /* allgather: the other side's world ranks in their local order */
    MPI_Allgather(&rank, 1, MPI_INT, all, 1, MPI_INT, inter);
    for (int i = 0; i < half; i++)
        errs += mtest_expect(all[i] == (even ? 2 * i + 1 : 2 * i), "inter allgather[%d] = %d", i,
                             all[i]);
    /* alltoall: value 1000 * sender + receiver's local rank */
    for (int i = 0; i < half; i++)
        mine[i] = 1000 * rank + i;
    MPI_Alltoall(mine, 1, MPI_INT, all, 1, MPI_INT, inter);
    for (int i = 0; i < half; i++) {
        int sender = even ? 2 * i + 1 : 2 * i;

        errs += mtest_expect(all[i] == 1000 * sender + lrank, "inter alltoall[%d] = %d", i, all[i]);
    }
    /* gather to the evens' rank 0, scatter back from it */
    MPI_Gather(&rank, 1, MPI_INT, all, 1, MPI_INT,
               even ? (lrank == 0 ? MPI_ROOT : MPI_PROC_NULL) : 0, inter);
    if (even && lrank == 0)
        for (int i = 0; i < half; i++)
            errs += mtest_expect(all[i] == 2 * i + 1, "inter gather[%d] = %d", i, all[i]);
    for (int i = 0; i < half; i++)
        mine[i] = 500 + i;
    x = -1;
    MPI_Scatter(mine, 1, MPI_INT, &x, 1, MPI_INT,
                even ? (lrank == 0 ? MPI_ROOT : MPI_PROC_NULL) : 0, inter);
    if (!even)
        errs += mtest_expect(x == 500 + lrank, "inter scatter %d", x);
    {
        /* v-variants with counts 1 and displacements 2i, alltoallv, reduce_scatter_block */
        int counts[32];
        int displs[32];
        int got[64];
        int red = -1;

        for (int i = 0; i < half; i++) {
            counts[i] = 1;
            displs[i] = 2 * i;
            got[2 * i] = got[2 * i + 1] = -1;
        }
        MPI_Allgatherv(&rank, 1, MPI_INT, got, counts, displs, MPI_INT, inter);
        for (int i = 0; i < half; i++)
            errs += mtest_expect(got[2 * i] == (even ? 2 * i + 1 : 2 * i) && got[2 * i + 1] == -1,
                                 "inter allgatherv[%d] = %d", i, got[2 * i]);
        for (int i = 0; i < half; i++)
            mine[2 * i] = 1000 * rank + i;
        MPI_Alltoallv(mine, counts, displs, MPI_INT, got, counts, displs, MPI_INT, inter);
        for (int i = 0; i < half; i++)
            errs += mtest_expect(got[2 * i] == 1000 * (even ? 2 * i + 1 : 2 * i) + lrank,
                                 "inter alltoallv[%d] = %d", i, got[2 * i]);
        /* every rank contributes its world rank to each of the other group's blocks */
        for (int i = 0; i < half; i++)
            mine[i] = rank;
        MPI_Reduce_scatter_block(mine, &red, 1, MPI_INT, MPI_SUM, inter);
        {
            int want = 0;

            for (int i = 0; i < half; i++)
                want += even ? 2 * i + 1 : 2 * i;
            errs +=
                mtest_expect(red == want, "inter reduce_scatter_block %d, expected %d", red, want);
        }
        MPI_Gatherv(&rank, 1, MPI_INT, got, counts, displs, MPI_INT,
                    even ? 0 : (lrank == 0 ? MPI_ROOT : MPI_PROC_NULL), inter);
        if (!even && lrank == 0)
            for (int i = 0; i < half; i++)
                errs += mtest_expect(got[2 * i] == 2 * i, "inter gatherv[%d] = %d", i, got[2 * i]);
    }
    return errs;
}

int main(int argc, char **argv)
{
    int rank;
    int size;
    int errs = 0;
    int lrank;
    int rsize;
    int flag;
    int val;
    MPI_Comm local;
    MPI_Comm inter;
    MPI_Comm merged;
    MPI_Group rgroup;
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &local);
    MPI_Comm_rank(local, &lrank);
    MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, 1 - rank % 2, 7, &inter);
    MPI_Comm_test_inter(inter, &flag);
    MPI_Comm_remote_size(inter, &rsize);
    errs += mtest_expect(flag && rsize == size / 2, "test_inter %d, remote size %d", flag, rsize);
    MPI_Comm_rank(inter, &val);
    errs += mtest_expect(val == lrank, "rank in the intercommunicator %d, expected %d", val, lrank);
    MPI_Comm_remote_group(inter, &rgroup);
    {
        int zero = 0;
        int w;
        MPI_Group world;

        MPI_Comm_group(MPI_COMM_WORLD, &world);
        MPI_Group_translate_ranks(rgroup, 1, &zero, world, &w);
        errs += mtest_expect(w == 1 - rank % 2, "remote rank 0 is world %d", w);
        MPI_Group_free(&world);
    }
    MPI_Group_free(&rgroup);

    /* local rank i of each side exchanges with remote rank i */
    val = -1;
    if (rank % 2 == 0) {
        MPI_Send(&rank, 1, MPI_INT, lrank, 3, inter);
        MPI_Recv(&val, 1, MPI_INT, MPI_ANY_SOURCE, 3, inter, &st);
    } else {
        MPI_Recv(&val, 1, MPI_INT, MPI_ANY_SOURCE, 3, inter, &st);
        MPI_Send(&rank, 1, MPI_INT, lrank, 3, inter);
    }
    errs += mtest_expect(val == (rank % 2 ? rank - 1 : rank + 1) && st.MPI_SOURCE == lrank,
                         "across: got %d from %d", val, st.MPI_SOURCE);

    /* odds high: evens first */
    MPI_Intercomm_merge(inter, rank % 2, &merged);
    MPI_Comm_rank(merged, &val);
    errs += mtest_expect(val == (rank % 2 ? size / 2 + lrank : lrank), "merge(high=parity) rank %d",
                         val);
    MPI_Allreduce(&rank, &flag, 1, MPI_INT, MPI_SUM, merged);
    errs += mtest_expect(flag == size * (size - 1) / 2, "allreduce on merged %d", flag);
    MPI_Comm_free(&merged);
    /* evens high: odds first */
    MPI_Intercomm_merge(inter, rank % 2 == 0, &merged);
    MPI_Comm_rank(merged, &val);
    errs +=
        mtest_expect(val == (rank % 2 ? lrank : size / 2 + lrank), "merge(high=even) rank %d", val);
    MPI_Comm_free(&merged);
    /* equal flags: the side holding world rank 0 (the evens) first */
    MPI_Intercomm_merge(inter, 0, &merged);
    MPI_Comm_rank(merged, &val);
    errs += mtest_expect(val == (rank % 2 ? size / 2 + lrank : lrank), "merge(tie) rank %d", val);
    MPI_Comm_free(&merged);

    errs += inter_collectives(inter, rank, size, lrank);
    {
        /* a duplicate is an intercommunicator over the same groups, with its own contexts */
        MPI_Comm dup;
        int result;

        MPI_Comm_dup(inter, &dup);
        MPI_Comm_test_inter(dup, &flag);
        MPI_Comm_compare(inter, dup, &result);
        errs += mtest_expect(flag && result == MPI_CONGRUENT, "dup: inter %d, compare %d", flag,
                             result);
        errs += inter_collectives(dup, rank, size, lrank);
        MPI_Comm_free(&dup);
    }
    {
        /* split both sides by local rank parity, keys reversing the order */
        MPI_Comm sub;
        int ssize;
        int srsize;
        int srank;
        int sum = -1;
        int want = 0;
        int n = 0;

        MPI_Comm_split(inter, lrank % 2, -lrank, &sub);
        MPI_Comm_test_inter(sub, &flag);
        MPI_Comm_size(sub, &ssize);
        MPI_Comm_remote_size(sub, &srsize);
        MPI_Comm_rank(sub, &srank);
        for (int l = 0; l < size / 2; l++)
            if (l % 2 == lrank % 2) {
                n++;
                want += 2 * l + (rank % 2 ? 0 : 1); /* world ranks of the other side */
            }
        errs += mtest_expect(flag && ssize == n && srsize == n, "split: inter %d sizes %d %d", flag,
                             ssize, srsize);
        errs += mtest_expect(srank == n - 1 - lrank / 2, "split: rank %d, expected %d", srank,
                             n - 1 - lrank / 2);
        MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, sub);
        errs += mtest_expect(sum == want, "split allreduce %d, expected %d", sum, want);
        MPI_Comm_free(&sub);
    }
    {
        /* create from the subgroup of local rank 0 only, on both sides */
        MPI_Group lg;
        MPI_Group first;
        MPI_Comm sub;
        int zero = 0;

        MPI_Comm_group(inter, &lg);
        MPI_Group_incl(lg, 1, &zero, &first);
        MPI_Comm_create(inter, first, &sub);
        if (lrank == 0) {
            int other = -1;

            MPI_Comm_remote_size(sub, &flag);
            MPI_Sendrecv(&rank, 1, MPI_INT, 0, 1, &other, 1, MPI_INT, 0, 1, sub, MPI_STATUS_IGNORE);
            errs += mtest_expect(flag == 1 && other == 1 - rank % 2, "create: remote %d, got %d",
                                 flag, other);
            MPI_Comm_free(&sub);
        } else {
            errs += mtest_expect(sub == MPI_COMM_NULL, "create: non-member got a communicator");
        }
        MPI_Group_free(&first);
        MPI_Group_free(&lg);
    }
    MPI_Comm_set_errhandler(inter, MPI_ERRORS_RETURN);
    {
        int x = 0;
        int rc = MPI_Scan(&rank, &x, 1, MPI_INT, MPI_SUM, inter);
        int cls = MPI_SUCCESS;

        MPI_Error_class(rc, &cls);
        errs +=
            mtest_expect(cls == MPI_ERR_COMM, "MPI_Scan on the intercommunicator: class %d", cls);
    }
    MPI_Comm_free(&inter);
    MPI_Comm_free(&local);
    return mtest_finish(errs);
}
