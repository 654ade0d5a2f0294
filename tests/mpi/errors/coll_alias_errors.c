/* Under MPI_ERRORS_RETURN, a collective whose send and receive buffers overlap at a rank is
 * MPI_ERR_BUFFER at that rank, before any message, blocking or nonblocking: every rank passing
 * the pattern finds it and none deadlocks (upstream errors/coll/noalias2 deadlocked: some ranks
 * ran the call; noalias3: Igatherv, Iscatterv, Iallgather(v), Ialltoallv and Ialltoallw ran).
 * The rooted collectives are called at the root only, as MPICH's tests do; afterwards an
 * ordinary MPI_Allreduce and a gather whose root's send buffer lies outside its receive buffer
 * still work. */
#include <mpi.h>
#include <stdlib.h>

#include "mtest.h"

#define N 2

/* The aliased call must fail with MPI_ERR_BUFFER. */
static int expect_buffer_error(int rc, const char *call)
{
    return mtest_expect_class(rc, MPI_ERR_BUFFER, call);
}

int main(int argc, char **argv)
{
    MPI_Comm c = MPI_COMM_WORLD;
    MPI_Request q;
    int rank;
    int size;
    int *b;
    int *cnt;
    int *dsp;
    MPI_Datatype *ty;
    int sum = 0;
    int mine[N];
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(c, MPI_ERRORS_RETURN);
    MPI_Comm_rank(c, &rank);
    MPI_Comm_size(c, &size);
    b = calloc((size_t)(N * size), sizeof(int));
    cnt = malloc(size * sizeof(int));
    dsp = malloc(size * sizeof(int));
    ty = malloc(size * sizeof(MPI_Datatype));
    for (int i = 0; i < size; i++) {
        cnt[i] = N;
        dsp[i] = i * N;
        ty[i] = MPI_INT;
    }
    if (rank == 0) {
        errs += expect_buffer_error(MPI_Gather(b, N, MPI_INT, b, N, MPI_INT, 0, c), "MPI_Gather");
        errs += expect_buffer_error(MPI_Gatherv(b, N, MPI_INT, b, cnt, dsp, MPI_INT, 0, c),
                                    "MPI_Gatherv");
        errs += expect_buffer_error(MPI_Scatterv(b, cnt, dsp, MPI_INT, b, N, MPI_INT, 0, c),
                                    "MPI_Scatterv");
        errs += expect_buffer_error(MPI_Igatherv(b, N, MPI_INT, b, cnt, dsp, MPI_INT, 0, c, &q),
                                    "MPI_Igatherv");
        errs += expect_buffer_error(MPI_Iscatterv(b, cnt, dsp, MPI_INT, b, N, MPI_INT, 0, c, &q),
                                    "MPI_Iscatterv");
        errs += expect_buffer_error(MPI_Reduce(b, b, N, MPI_INT, MPI_SUM, 0, c), "MPI_Reduce");
    }
    errs +=
        expect_buffer_error(MPI_Allgather(&b[rank], 1, MPI_INT, b, 1, MPI_INT, c), "MPI_Allgather");
    errs += expect_buffer_error(MPI_Iallgather(&b[rank], 1, MPI_INT, b, 1, MPI_INT, c, &q),
                                "MPI_Iallgather");
    errs += expect_buffer_error(
        MPI_Iallgatherv(&b[rank * N], N, MPI_INT, b, cnt, dsp, MPI_INT, c, &q), "MPI_Iallgatherv");
    errs += expect_buffer_error(MPI_Alltoall(b, N, MPI_INT, b, N, MPI_INT, c), "MPI_Alltoall");
    errs += expect_buffer_error(MPI_Ialltoallv(b, cnt, dsp, MPI_INT, b, cnt, dsp, MPI_INT, c, &q),
                                "MPI_Ialltoallv");
    for (int i = 0; i < size; i++)
        dsp[i] = i * N * (int)sizeof(int); /* bytes for the w form */
    errs += expect_buffer_error(MPI_Ialltoallw(b, cnt, dsp, ty, b, cnt, dsp, ty, c, &q),
                                "MPI_Ialltoallw");
    errs += expect_buffer_error(MPI_Allreduce(b, b, N, MPI_INT, MPI_SUM, c), "MPI_Allreduce");
    errs += expect_buffer_error(MPI_Reduce_scatter_block(b, b, 1, MPI_INT, MPI_SUM, c),
                                "MPI_Reduce_scatter_block");
    errs += expect_buffer_error(MPI_Iscan(b, b, N, MPI_INT, MPI_SUM, c, &q), "MPI_Iscan");
    errs += expect_buffer_error(MPI_Exscan(b, b, N, MPI_INT, MPI_SUM, c), "MPI_Exscan");

    errs += mtest_expect(MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, c) == MPI_SUCCESS &&
                             sum == size * (size - 1) / 2,
                         "MPI_Allreduce after the refusals gave %d, expected %d", sum,
                         size * (size - 1) / 2);
    mine[0] = rank;
    mine[1] = -rank;
    errs += mtest_expect(MPI_Gather(mine, N, MPI_INT, b, N, MPI_INT, 0, c) == MPI_SUCCESS &&
                             (rank != 0 || b[N * (size - 1)] == size - 1),
                         "MPI_Gather of separate buffers failed");
    free(b);
    free(cnt);
    free(dsp);
    free(ty);
    return mtest_finish(errs);
}
