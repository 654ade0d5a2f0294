/* Nonblocking collectives on an intercommunicator (MPI_Ibcast, MPI_Iallreduce, MPI_Ibarrier,
 * MPI_Ialltoall, MPI_Igather with MPI_ROOT and MPI_PROC_NULL) give the blocking forms' results
 * (they were refused with MPI_ERR_COMM), two of them outstanding at once; and MPI_Comm_idup of
 * the intercommunicator returns before the other group has called it (it blocked in the leaders'
 * exchange: MPICH's comm/comm_idup). World ranks split into group 0 (even) and 1 (odd);
 * needs 2 ranks or more. */
#include <mpi.h>
#include <stdlib.h>

#include "mtest.h"

int main(int argc, char **argv)
{
    MPI_Comm local;
    MPI_Comm ic;
    MPI_Comm dup;
    MPI_Request r[2];
    int wrank;
    int wsize;
    int color;
    int lrank;
    int rsize;
    int x = 0;
    int sum = 0;
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &wrank);
    MPI_Comm_size(MPI_COMM_WORLD, &wsize);
    color = wrank % 2;
    MPI_Comm_split(MPI_COMM_WORLD, color, wrank, &local);
    MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, 1 - color, 7, &ic);
    MPI_Comm_rank(ic, &lrank);
    MPI_Comm_remote_size(ic, &rsize);

    /* group 0's rank 0 broadcasts 42 to group 1 while both groups sum their world ranks */
    if (color == 0)
        x = lrank == 0 ? 42 : -1;
    MPI_Ibcast(&x, 1, MPI_INT, color == 0 ? (lrank == 0 ? MPI_ROOT : MPI_PROC_NULL) : 0, ic, &r[0]);
    MPI_Iallreduce(&wrank, &sum, 1, MPI_INT, MPI_SUM, ic, &r[1]);
    MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
    errs +=
        mtest_expect(color == 0 ? x == (lrank == 0 ? 42 : -1) : x == 42, "MPI_Ibcast: got %d", x);
    {
        int want = 0; /* the sum of the remote group's world ranks */

        for (int w = 1 - color; w < wsize; w += 2)
            want += w;
        errs += mtest_expect(sum == want, "MPI_Iallreduce: got %d, expected %d", sum, want);
    }
    MPI_Ibarrier(ic, &r[0]);
    MPI_Wait(&r[0], MPI_STATUS_IGNORE);
    {
        int *out = malloc(rsize * sizeof(int));
        int *in = malloc(rsize * sizeof(int));
        int *all = malloc(rsize * sizeof(int));

        for (int i = 0; i < rsize; i++)
            out[i] = 1000 * wrank + i;
        MPI_Ialltoall(out, 1, MPI_INT, in, 1, MPI_INT, ic, &r[0]);
        MPI_Wait(&r[0], MPI_STATUS_IGNORE);
        for (int i = 0; i < rsize; i++) /* remote rank i is world rank 2i + (1 - color) */
            errs += mtest_expect(in[i] == 1000 * (2 * i + 1 - color) + lrank,
                                 "MPI_Ialltoall: block %d is %d", i, in[i]);
        /* group 1's rank 0 gathers group 0's world ranks */
        MPI_Igather(&wrank, 1, MPI_INT, all, 1, MPI_INT,
                    color == 1 ? (lrank == 0 ? MPI_ROOT : MPI_PROC_NULL) : 0, ic, &r[0]);
        MPI_Wait(&r[0], MPI_STATUS_IGNORE);
        for (int i = 0; color == 1 && lrank == 0 && i < rsize; i++)
            errs += mtest_expect(all[i] == 2 * i, "MPI_Igather: block %d is %d", i, all[i]);
        free(out);
        free(in);
        free(all);
    }

    /* group 1 duplicates first and waits for group 0, which duplicates only after the message */
    if (color == 0) {
        if (lrank == 0)
            MPI_Recv(&x, 1, MPI_INT, 1, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Comm_idup(ic, &dup, &r[0]);
    } else {
        MPI_Comm_idup(ic, &dup, &r[0]);
        if (lrank == 0)
            MPI_Send(&x, 1, MPI_INT, 0, 9, MPI_COMM_WORLD);
    }
    MPI_Wait(&r[0], MPI_STATUS_IGNORE);
    MPI_Allreduce(&wrank, &sum, 1, MPI_INT, MPI_SUM, dup);
    {
        int want = 0;
        int is_inter = 0;

        for (int w = 1 - color; w < wsize; w += 2)
            want += w;
        MPI_Comm_test_inter(dup, &is_inter);
        errs += mtest_expect(is_inter && sum == want, "MPI_Allreduce on the idup: got %d, %d", sum,
                             want);
    }
    MPI_Comm_free(&dup);
    MPI_Comm_free(&ic);
    MPI_Comm_free(&local);
    return mtest_finish(errs);
}
