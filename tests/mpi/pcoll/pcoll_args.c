/* pcoll_args: the argument errors of a persistent collective come back from its init call (the
 * check of the blocking collective: count, root, datatype, op, a neighbourhood collective on a
 * communicator without a topology, scan on an intercommunicator), which then returns no
 * request; MPI_Start refuses an active request; the datatype and op of a request may be freed
 * after its init and it still runs, start after start. */
#include <mpi.h>
#include <stdlib.h>

#include "mtest.h"

static int bad_arguments(int size)
{
    MPI_Request req = MPI_REQUEST_NULL;
    MPI_Datatype loose;
    MPI_Info i = MPI_INFO_NULL;
    MPI_Comm w = MPI_COMM_WORLD;
    int buf[4] = { 0 };
    int out[4] = { 0 };
    int errs = 0;

    MPI_Type_contiguous(2, MPI_INT, &loose); /* never committed */
    errs += mtest_expect_class(MPI_Bcast_init(buf, -1, MPI_INT, 0, w, i, &req), MPI_ERR_COUNT,
                               "MPI_Bcast_init count -1");
    errs += mtest_expect(req == MPI_REQUEST_NULL, "a failed MPI_Bcast_init returned a request");
    errs += mtest_expect_class(MPI_Reduce_init(buf, out, 1, MPI_INT, MPI_SUM, size, w, i, &req),
                               MPI_ERR_ROOT, "MPI_Reduce_init root out of range");
    errs += mtest_expect_class(MPI_Gather_init(buf, 1, loose, out, 1, MPI_INT, 0, w, i, &req),
                               MPI_ERR_TYPE, "MPI_Gather_init uncommitted type");
    errs += mtest_expect_class(MPI_Allreduce_init(buf, out, 1, MPI_INT, MPI_OP_NULL, w, i, &req),
                               MPI_ERR_OP, "MPI_Allreduce_init MPI_OP_NULL");
    errs += mtest_expect_class(
        MPI_Reduce_scatter_block_init(buf, out, -2, MPI_INT, MPI_SUM, w, i, &req), MPI_ERR_COUNT,
        "MPI_Reduce_scatter_block_init recvcount -2");
    errs += mtest_expect_class(
        MPI_Neighbor_allgather_init(buf, 1, MPI_INT, out, 1, MPI_INT, w, i, &req), MPI_ERR_TOPOLOGY,
        "MPI_Neighbor_allgather_init without a topology");
    errs += mtest_expect_class(MPI_Barrier_init(MPI_COMM_NULL, i, &req), MPI_ERR_COMM,
                               "MPI_Barrier_init on MPI_COMM_NULL");
    errs += mtest_expect(req == MPI_REQUEST_NULL, "a failed init returned a request");
    MPI_Type_free(&loose);
    return errs;
}

static int scan_on_inter(int rank)
{
    MPI_Comm half;
    MPI_Comm inter;
    MPI_Request req = MPI_REQUEST_NULL;
    int in = 1;
    int out = 0;
    int errs;

    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, 1 - rank % 2, 5, &inter);
    MPI_Comm_set_errhandler(inter, MPI_ERRORS_RETURN);
    errs = mtest_expect_class(
        MPI_Scan_init(&in, &out, 1, MPI_INT, MPI_SUM, inter, MPI_INFO_NULL, &req), MPI_ERR_COMM,
        "MPI_Scan_init on an intercommunicator");
    MPI_Comm_free(&inter);
    MPI_Comm_free(&half);
    return errs;
}

/* A user op and a derived type freed right after init; three starts; MPI_Start of the active
 * request is MPI_ERR_REQUEST. */
static void rev_sum(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    for (int i = 0; i < 2 * *len; i++) /* used on pairs of ints */
        ((int *)inout)[i] += ((int *)in)[i];
}

static int freed_after_init(int rank, int size)
{
    MPI_Op op;
    MPI_Datatype pair;
    MPI_Request req;
    int in[2];
    int out[2];
    int errs = 0;

    MPI_Op_create(rev_sum, 1, &op);
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_commit(&pair);
    MPI_Allreduce_init(in, out, 1, pair, op, MPI_COMM_WORLD, MPI_INFO_NULL, &req);
    MPI_Op_free(&op);
    MPI_Type_free(&pair);
    for (int k = 0; k < 3; k++) {
        in[0] = rank + k;
        in[1] = 2 * rank;
        MPI_Start(&req);
        if (k == 0)
            errs += mtest_expect_class(MPI_Start(&req), MPI_ERR_REQUEST,
                                       "MPI_Start of an active request");
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        errs +=
            mtest_expect(out[0] == size * (size - 1) / 2 + size * k && out[1] == size * (size - 1),
                         "start %d: %d %d", k, out[0], out[1]);
    }
    MPI_Request_free(&req);
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
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    errs += bad_arguments(size);
    errs += scan_on_inter(rank);
    errs += freed_after_init(rank, size);
    return mtest_finish(errs);
}
