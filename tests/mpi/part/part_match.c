/* part_match: what partitioned requests match and what they deliver (two ranks). Partitioned
 * requests match in the order of their initialisation when communicator, ranks and tag agree,
 * whatever the order of the starts, by tag or by communicator otherwise, and never a
 * non-partitioned message; the sides may partition the message and lay it out differently
 * (contiguous send, strided receive); a send larger than the receive truncates
 * (MPI_ERR_TRUNCATE in the status), a smaller one fills what it covers; MPI_PROC_NULL completes
 * at once; MPI_Startall, MPI_Waitall, MPI_Testall and MPI_Request_get_status take partitioned
 * and other persistent requests together; a rank may send to itself. */
#include <mpi.h>
#include <string.h>

#include "mtest.h"

#define P 4
#define C 8

static int expect_ints(const int *buf, int n, int want, const char *what)
{
    int errs = 0;

    for (int i = 0; i < n; i++)
        errs += mtest_expect(buf[i] == want, "%s: [%d] is %d, not %d", what, i, buf[i], want);
    return errs;
}

/* Three sends of one tag, initialised in order 0, 1, 2 and started 2, 0, 1: receive i gets
 * send i. Then three tags and three communicators, initialised in the reverse order. */
static int order(int rank, int kind)
{
    static int bufs[3][P * C];
    MPI_Request reqs[3];
    MPI_Status st[3];
    MPI_Comm comms[3];
    int errs = 0;

    for (int i = 0; i < 3; i++)
        MPI_Comm_dup(MPI_COMM_WORLD, &comms[i]);
    for (int k = 0; k < 3; k++) {
        int i = kind == 0 ? k : 2 - k;
        MPI_Comm c = kind == 2 ? comms[i] : MPI_COMM_WORLD;
        int tag = kind == 1 ? i : 0;

        if (rank == 0)
            MPI_Psend_init(bufs[i], P, C, MPI_INT, 1, tag, c, MPI_INFO_NULL, &reqs[i]);
        else
            MPI_Precv_init(bufs[k], P, C, MPI_INT, 0, kind == 1 ? k : 0,
                           kind == 2 ? comms[k] : MPI_COMM_WORLD, MPI_INFO_NULL, &reqs[k]);
    }
    if (rank == 0) {
        static const int starts[3] = { 2, 0, 1 };

        for (int k = 0; k < 3; k++) {
            int i = starts[k];

            for (int e = 0; e < P * C; e++)
                bufs[i][e] = 10 * kind + i;
            MPI_Start(&reqs[i]);
            MPI_Pready_range(0, P - 1, reqs[i]);
        }
        MPI_Waitall(3, reqs, MPI_STATUSES_IGNORE);
    } else {
        memset(bufs, 0, sizeof(bufs));
        MPI_Startall(3, reqs);
        MPI_Waitall(3, reqs, st);
        for (int i = 0; i < 3; i++) {
            errs += expect_ints(bufs[i], P * C, 10 * kind + i, "matching order");
            errs += mtest_expect(st[i].MPI_SOURCE == 0 && st[i].MPI_TAG == (kind == 1 ? i : 0),
                                 "status %d: source %d tag %d", i, st[i].MPI_SOURCE, st[i].MPI_TAG);
        }
    }
    for (int i = 0; i < 3; i++) {
        MPI_Request_free(&reqs[i]);
        MPI_Comm_free(&comms[i]);
    }
    return errs;
}

/* A message of the same tag sent with MPI_Send before the partitioned one goes to MPI_Recv. */
static int not_p2p(int rank)
{
    int part[C];
    int plain = 0;
    MPI_Request req;
    int errs = 0;

    if (rank == 0) {
        for (int i = 0; i < C; i++)
            part[i] = 7;
        plain = 99;
        MPI_Psend_init(part, 1, C, MPI_INT, 1, 3, MPI_COMM_WORLD, MPI_INFO_NULL, &req);
        MPI_Start(&req);
        MPI_Pready(0, req);
        MPI_Send(&plain, 1, MPI_INT, 1, 3, MPI_COMM_WORLD);
    } else {
        memset(part, 0, sizeof(part));
        MPI_Recv(&plain, 1, MPI_INT, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errs += mtest_expect(plain == 99, "MPI_Recv got %d, not the plain message", plain);
        MPI_Precv_init(part, 1, C, MPI_INT, 0, 3, MPI_COMM_WORLD, MPI_INFO_NULL, &req);
        MPI_Start(&req);
    }
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    if (rank == 1)
        errs += expect_ints(part, C, 7, "partitioned after plain");
    MPI_Request_free(&req);
    return errs;
}

/* 2 partitions of 6 contiguous doubles received as 3 partitions of one vector of 4 doubles
 * with stride 2, resized to 8 doubles: each receive partition spans two thirds of a send one. */
static int layouts(int rank)
{
    double buf[24] = { 0 };
    MPI_Datatype vec;
    MPI_Datatype t;
    MPI_Request req;
    int errs = 0;

    MPI_Type_vector(4, 1, 2, MPI_DOUBLE, &vec);
    MPI_Type_create_resized(vec, 0, 8 * sizeof(double), &t);
    MPI_Type_commit(&t);
    if (rank == 0) {
        for (int i = 0; i < 12; i++)
            buf[i] = i + 1;
        MPI_Psend_init(buf, 2, 6, MPI_DOUBLE, 1, 4, MPI_COMM_WORLD, MPI_INFO_NULL, &req);
        MPI_Start(&req);
        MPI_Pready(1, req);
        MPI_Pready(0, req);
    } else {
        MPI_Precv_init(buf, 3, 1, t, 0, 4, MPI_COMM_WORLD, MPI_INFO_NULL, &req);
        MPI_Start(&req);
    }
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    for (int i = 0; i < 24 && rank == 1; i++)
        errs += mtest_expect(buf[i] == (i % 2 ? 0 : i / 2 + 1), "strided receive: [%d] is %g", i,
                             buf[i]);
    MPI_Request_free(&req);
    MPI_Type_free(&vec);
    MPI_Type_free(&t);
    return errs;
}

/* A send of 2 x 4 ints into a receive of 2 x 2 (MPI_ERR_TRUNCATE, the first 4 ints kept), then
 * one of 1 x 2 ints into 2 x 2 (2 ints received, partition 1 untouched). */
static int sizes(int rank)
{
    int buf[8];
    MPI_Request req;
    MPI_Status st;
    int count;
    int errs = 0;

    for (int k = 0; k < 2; k++) {
        for (int i = 0; i < 8; i++)
            buf[i] = rank == 0 ? 100 + i : -1;
        if (rank == 0)
            MPI_Psend_init(buf, k ? 1 : 2, k ? 2 : 4, MPI_INT, 1, 6, MPI_COMM_WORLD, MPI_INFO_NULL,
                           &req);
        else
            MPI_Precv_init(buf, 2, 2, MPI_INT, 0, 6, MPI_COMM_WORLD, MPI_INFO_NULL, &req);
        MPI_Start(&req);
        if (rank == 0)
            MPI_Pready_range(0, k ? 0 : 1, req);
        if (rank == 0) {
            errs += mtest_expect_class(MPI_Wait(&req, MPI_STATUS_IGNORE), MPI_SUCCESS, "send");
        } else {
            errs += mtest_expect_class(MPI_Wait(&req, &st), k ? MPI_SUCCESS : MPI_ERR_TRUNCATE,
                                       k ? "a shorter send" : "a longer send");
            MPI_Get_count(&st, MPI_INT, &count);
            errs += mtest_expect(count == (k ? 2 : 4), "received %d ints", count);
            for (int i = 0; i < 4; i++)
                errs +=
                    mtest_expect(buf[i] == (k && i >= 2 ? -1 : 100 + i), "[%d] is %d", i, buf[i]);
        }
        MPI_Request_free(&req);
    }
    return errs;
}

/* MPI_PROC_NULL, a send to oneself, and a partitioned request completed among others. */
static int mixed(int rank)
{
    int a[C];
    int b[C];
    int x = 0;
    int flag;
    MPI_Request reqs[4];
    MPI_Status st[4];
    int errs = 0;

    for (int i = 0; i < C; i++)
        a[i] = rank * 10 + i;
    memset(b, 0, sizeof(b));
    MPI_Psend_init(a, 2, C / 2, MPI_INT, rank, 9, MPI_COMM_WORLD, MPI_INFO_NULL, &reqs[0]);
    MPI_Precv_init(b, 4, C / 4, MPI_INT, rank, 9, MPI_COMM_WORLD, MPI_INFO_NULL, &reqs[1]);
    MPI_Precv_init(&x, 1, 1, MPI_INT, MPI_PROC_NULL, 9, MPI_COMM_WORLD, MPI_INFO_NULL, &reqs[2]);
    MPI_Psend_init(&x, 1, 1, MPI_INT, MPI_PROC_NULL, 9, MPI_COMM_WORLD, MPI_INFO_NULL, &reqs[3]);
    MPI_Startall(4, reqs);
    MPI_Parrived(reqs[2], 0, &flag);
    errs += mtest_expect(flag, "a receive from MPI_PROC_NULL has not arrived");
    MPI_Request_get_status(reqs[1], &flag, MPI_STATUS_IGNORE);
    errs += mtest_expect(!flag, "the receive from self is complete before any MPI_Pready");
    MPI_Pready(0, reqs[3]);
    MPI_Pready(1, reqs[0]);
    MPI_Pready(0, reqs[0]);
    do
        MPI_Testall(4, reqs, &flag, st);
    while (!flag);
    for (int i = 0; i < C; i++)
        errs += mtest_expect(b[i] == rank * 10 + i, "from self: [%d] is %d", i, b[i]);
    errs += mtest_expect(st[2].MPI_SOURCE == MPI_PROC_NULL, "MPI_PROC_NULL status source %d",
                         st[2].MPI_SOURCE);
    errs += mtest_expect(st[1].MPI_SOURCE == rank && st[1].MPI_TAG == 9, "self status %d %d",
                         st[1].MPI_SOURCE, st[1].MPI_TAG);
    for (int i = 0; i < 4; i++)
        MPI_Request_free(&reqs[i]);
    return errs;
}

int main(int argc, char **argv)
{
    int rank;
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    for (int kind = 0; kind < 3; kind++)
        errs += order(rank, kind);
    errs += not_p2p(rank);
    errs += layouts(rank);
    errs += sizes(rank);
    errs += mixed(rank);
    return mtest_finish(errs);
}
