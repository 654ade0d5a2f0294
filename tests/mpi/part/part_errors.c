/* part_errors: the error classes of the partitioned calls under MPI_ERRORS_RETURN (two ranks):
 * bad initialisation arguments (partitions < 1, negative count, null datatype, ranks, wildcards,
 * tags, null communicator or request), MPI_Pready* on an inactive, null or receive request, on
 * partitions out of range, already ready or listed twice (a failed call marks nothing ready),
 * MPI_Parrived on a send request or out of range (and flag true on a null or inactive
 * request), MPI_Request_free, MPI_Cancel and MPI_Start on an active partitioned request that has
 * not completed. Rank 1 starts its receive only once rank 0 has checked its active send. */
#include <mpi.h>
#include <stddef.h>

#include "mtest.h"

#define N 4

static int sender(void)
{
    MPI_Request req;
    int buf[N] = { 1, 2, 3, 4 };
    int twice[2] = { 1, 1 };
    int rest[2] = { 3, 1 };
    int flag;
    int errs = 0;

    MPI_Psend_init(buf, N, 1, MPI_INT, 1, 5, MPI_COMM_WORLD, MPI_INFO_NULL, &req);
    errs += mtest_expect_class(MPI_Pready(0, req), MPI_ERR_REQUEST, "Pready before MPI_Start");
    errs += mtest_expect_class(MPI_Pready(0, MPI_REQUEST_NULL), MPI_ERR_REQUEST,
                               "Pready on MPI_REQUEST_NULL");
    errs += mtest_expect_class(MPI_Parrived(req, 0, &flag), MPI_ERR_REQUEST,
                               "Parrived on a send request");
    MPI_Start(&req);
    errs += mtest_expect_class(MPI_Start(&req), MPI_ERR_REQUEST, "MPI_Start on an active request");
    errs += mtest_expect_class(MPI_Pready(N, req), MPI_ERR_ARG, "Pready past the last partition");
    errs += mtest_expect_class(MPI_Pready(-1, req), MPI_ERR_ARG, "Pready of partition -1");
    errs += mtest_expect_class(MPI_Pready_range(2, 1, req), MPI_ERR_ARG, "Pready_range 2..1");
    errs += mtest_expect_class(MPI_Pready_range(0, N, req), MPI_ERR_ARG, "Pready_range 0..N");
    errs += mtest_expect_class(MPI_Pready_list(2, twice, req), MPI_ERR_ARG,
                               "Pready_list naming a partition twice");
    errs += mtest_expect_class(MPI_Pready_list(-1, twice, req), MPI_ERR_ARG,
                               "Pready_list of length -1");
    errs += mtest_expect_class(MPI_Pready(0, req), MPI_SUCCESS, "Pready(0)");
    errs += mtest_expect_class(MPI_Pready(0, req), MPI_ERR_ARG, "Pready(0) a second time");
    errs += mtest_expect_class(MPI_Pready_range(0, 1, req), MPI_ERR_ARG,
                               "Pready_range over a ready partition");
    errs += mtest_expect_class(MPI_Request_free(&req), MPI_ERR_REQUEST,
                               "Request_free on an active partitioned send");
    errs += mtest_expect_class(MPI_Cancel(&req), MPI_ERR_REQUEST,
                               "Cancel on an active partitioned send");
    errs += mtest_expect(req != MPI_REQUEST_NULL, "a refused MPI_Request_free cleared the handle");
    /* partition 1 was not made ready by the failed calls: */
    errs += mtest_expect_class(MPI_Pready_list(2, rest, req), MPI_SUCCESS, "Pready_list {3, 1}");
    errs += mtest_expect_class(MPI_Pready(2, req), MPI_SUCCESS, "Pready(2)");
    MPI_Send(NULL, 0, MPI_INT, 1, 0, MPI_COMM_WORLD); /* rank 1 may start its receive */
    errs += mtest_expect_class(MPI_Wait(&req, MPI_STATUS_IGNORE), MPI_SUCCESS, "Wait");
    errs += mtest_expect_class(MPI_Pready(3, req), MPI_ERR_REQUEST, "Pready after completion");
    errs += mtest_expect_class(MPI_Request_free(&req), MPI_SUCCESS, "Request_free once complete");
    return errs;
}

static int receiver(void)
{
    MPI_Request req;
    MPI_Status st;
    int buf[N] = { 0 };
    int flag = 0;
    int errs = 0;

    MPI_Precv_init(buf, N, 1, MPI_INT, 0, 5, MPI_COMM_WORLD, MPI_INFO_NULL, &req);
    errs += mtest_expect_class(MPI_Parrived(req, 0, &flag), MPI_SUCCESS, "Parrived, inactive");
    errs += mtest_expect(flag == 1, "Parrived on an inactive request gave flag %d", flag);
    flag = 0;
    errs += mtest_expect_class(MPI_Parrived(MPI_REQUEST_NULL, 0, &flag), MPI_SUCCESS,
                               "Parrived on MPI_REQUEST_NULL");
    errs += mtest_expect(flag == 1, "Parrived on MPI_REQUEST_NULL gave flag %d", flag);
    errs += mtest_expect_class(MPI_Parrived(req, N, &flag), MPI_ERR_ARG,
                               "Parrived past the last partition");
    errs += mtest_expect_class(MPI_Parrived(req, 0, NULL), MPI_ERR_ARG, "Parrived, flag NULL");
    errs += mtest_expect_class(MPI_Pready(0, req), MPI_ERR_REQUEST, "Pready on a receive");
    MPI_Recv(NULL, 0, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Start(&req);
    /* the data leaves now and takes microseconds: the receive is still pending */
    errs += mtest_expect_class(MPI_Request_free(&req), MPI_ERR_REQUEST,
                               "Request_free on an active partitioned receive");
    errs += mtest_expect_class(MPI_Cancel(&req), MPI_ERR_REQUEST,
                               "Cancel on an active partitioned receive");
    errs += mtest_expect_class(MPI_Wait(&req, &st), MPI_SUCCESS, "Wait");
    errs += mtest_expect(st.MPI_SOURCE == 0 && st.MPI_TAG == 5, "status source %d tag %d",
                         st.MPI_SOURCE, st.MPI_TAG);
    for (int i = 0; i < N; i++)
        errs += mtest_expect(buf[i] == i + 1, "buf[%d] is %d", i, buf[i]);
    errs += mtest_expect_class(MPI_Request_free(&req), MPI_SUCCESS, "Request_free once complete");
    return errs;
}

/* Initialisation arguments: each call is refused and leaves no request behind. */
static int init_errors(int size)
{
    MPI_Request r = MPI_REQUEST_NULL;
    int b[4];
    int errs = 0;

    errs += mtest_expect_class(
        MPI_Psend_init(b, 0, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &r), MPI_ERR_ARG,
        "Psend_init of 0 partitions");
    errs += mtest_expect_class(
        MPI_Precv_init(b, -2, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &r), MPI_ERR_ARG,
        "Precv_init of -2 partitions");
    errs += mtest_expect_class(
        MPI_Psend_init(b, 1, -1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &r), MPI_ERR_COUNT,
        "Psend_init, count -1");
    errs += mtest_expect_class(
        MPI_Psend_init(b, 1, 1, MPI_DATATYPE_NULL, 0, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &r),
        MPI_ERR_TYPE, "Psend_init, MPI_DATATYPE_NULL");
    errs += mtest_expect_class(
        MPI_Psend_init(b, 1, 1, MPI_INT, size, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &r), MPI_ERR_RANK,
        "Psend_init to rank size");
    errs += mtest_expect_class(
        MPI_Precv_init(b, 1, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &r),
        MPI_ERR_RANK, "Precv_init from MPI_ANY_SOURCE");
    errs += mtest_expect_class(
        MPI_Precv_init(b, 1, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, MPI_INFO_NULL, &r),
        MPI_ERR_TAG, "Precv_init with MPI_ANY_TAG");
    errs += mtest_expect_class(
        MPI_Psend_init(b, 1, 1, MPI_INT, 0, -3, MPI_COMM_WORLD, MPI_INFO_NULL, &r), MPI_ERR_TAG,
        "Psend_init, tag -3");
    errs +=
        mtest_expect_class(MPI_Psend_init(b, 1, 1, MPI_INT, 0, 0, MPI_COMM_NULL, MPI_INFO_NULL, &r),
                           MPI_ERR_COMM, "Psend_init on MPI_COMM_NULL");
    errs += mtest_expect_class(
        MPI_Psend_init(b, 1, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_INFO_NULL, NULL), MPI_ERR_ARG,
        "Psend_init, request NULL");
    errs += mtest_expect(r == MPI_REQUEST_NULL, "a refused initialisation set the request");
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
    errs += init_errors(size);
    if (rank == 0)
        errs += sender();
    else if (rank == 1)
        errs += receiver();
    return mtest_finish(errs);
}
