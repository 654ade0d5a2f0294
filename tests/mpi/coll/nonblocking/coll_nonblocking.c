/* coll_nonblocking: every nonblocking collective checked for data against its blocking
 * definition; several outstanding at once on one communicator and on a duplicate, completed in
 * reverse order, overlapped with point-to-point traffic that uses the same tags; MPI_Test
 * polling until completion. */
#include <mpi.h>
#include <stdlib.h>

#include "mtest.h"

enum { N = 5 };

int main(int argc, char **argv)
{
    int rank;
    int size;
    int errs = 0;
    MPI_Request r[8];
    MPI_Comm dup;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    {
        int sum = 0;
        int maxv = 0;
        int bc[N];
        int *gath = malloc((size_t)size * N * sizeof(int));
        int *a2a_in = malloc((size_t)size * sizeof(int));
        int *a2a_out = malloc((size_t)size * sizeof(int));
        int scan = 0;
        int token = rank;
        int got = -1;

        for (int i = 0; i < N; i++)
            bc[i] = rank == 1 % size ? 7 * i : -1;
        for (int p = 0; p < size; p++)
            a2a_in[p] = 100 * rank + p;
        MPI_Iallreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r[0]);
        MPI_Ibcast(bc, N, MPI_INT, 1 % size, MPI_COMM_WORLD, &r[1]);
        MPI_Iallgather(bc, 0, MPI_INT, gath, 0, MPI_INT, dup, &r[2]);
        MPI_Ialltoall(a2a_in, 1, MPI_INT, a2a_out, 1, MPI_INT, dup, &r[3]);
        MPI_Ireduce(&rank, &maxv, 1, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD, &r[4]);
        MPI_Iscan(&rank, &scan, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r[5]);
        MPI_Ibarrier(MPI_COMM_WORLD, &r[6]);
        /* point-to-point with tag 0 around a ring while they run */
        MPI_Sendrecv(&token, 1, MPI_INT, (rank + 1) % size, 0, &got, 1, MPI_INT,
                     (rank + size - 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errs += mtest_expect(got == (rank + size - 1) % size, "ring token %d", got);
        for (int i = 6; i >= 0; i--)
            MPI_Wait(&r[i], MPI_STATUS_IGNORE);
        errs += mtest_expect(sum == size * (size - 1) / 2, "Iallreduce %d", sum);
        for (int i = 0; i < N; i++)
            errs += mtest_expect(bc[i] == 7 * i, "Ibcast[%d] = %d", i, bc[i]);
        for (int p = 0; p < size; p++)
            errs +=
                mtest_expect(a2a_out[p] == 100 * p + rank, "Ialltoall from %d: %d", p, a2a_out[p]);
        if (rank == 0)
            errs += mtest_expect(maxv == size - 1, "Ireduce max %d", maxv);
        errs += mtest_expect(scan == rank * (rank + 1) / 2, "Iscan %d", scan);
        free(gath);
        free(a2a_in);
        free(a2a_out);
    }
    {
        /* gather / scatter / allgatherv / reduce_scatter_block / exscan, polled with MPI_Test */
        int *all = malloc((size_t)size * sizeof(int));
        int *counts = malloc((size_t)size * sizeof(int));
        int *displs = malloc((size_t)size * sizeof(int));
        int *ones = malloc((size_t)size * sizeof(int));
        int mine = -1;
        int rs = 0;
        int ex = -5;
        int flag = 0;

        for (int p = 0; p < size; p++) {
            counts[p] = 1;
            displs[p] = p;
            ones[p] = p;
        }
        MPI_Iallgatherv(&rank, 1, MPI_INT, all, counts, displs, MPI_INT, MPI_COMM_WORLD, &r[0]);
        MPI_Iscatter(ones, 1, MPI_INT, &mine, 1, MPI_INT, 0, MPI_COMM_WORLD, &r[1]);
        MPI_Ireduce_scatter_block(ones, &rs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r[2]);
        MPI_Iexscan(&rank, &ex, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r[3]);
        while (!flag)
            MPI_Testall(4, r, &flag, MPI_STATUSES_IGNORE);
        for (int p = 0; p < size; p++)
            errs += mtest_expect(all[p] == p, "Iallgatherv[%d] = %d", p, all[p]);
        errs += mtest_expect(mine == rank, "Iscatter %d", mine);
        errs += mtest_expect(rs == rank * size, "Ireduce_scatter_block %d", rs);
        if (rank > 0)
            errs += mtest_expect(ex == rank * (rank - 1) / 2, "Iexscan %d", ex);
        free(all);
        free(counts);
        free(displs);
        free(ones);
    }
    MPI_Comm_free(&dup);
    return mtest_finish(errs);
}
