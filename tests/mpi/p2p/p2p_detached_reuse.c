/* p2p_detached_reuse: a detached send (below smpi/send-is-detached-thresh) completes at once, so
 * its sender may overwrite the buffer while the message is still in flight; the receiver gets
 * the data as it was at the send. Checked when the receive was posted before the send (the data
 * then goes straight into the receive buffer), into a strided datatype, into a receive too small
 * (MPI_ERR_TRUNCATE, the part that fits delivered), and when the send comes first (unexpected,
 * copied aside). Prints "No Errors" from rank 0. Needs 2 ranks. */
#include <mpi.h>
#include <stdbool.h>
#include <stdio.h>

#include "mtest.h"

enum { N = 100, TAG_TOKEN = 100 };

static void fill(int *buf, int n, int seed)
{
    for (int i = 0; i < n; i++)
        buf[i] = seed * 1000 + i;
}

static int check(const int *buf, int n, int stride, int seed, const char *what)
{
    for (int i = 0; i < n; i++)
        if (buf[i * stride] != seed * 1000 + i)
            return mtest_expect(false, "%s: element %d is %d, expected %d", what, i,
                                buf[i * stride], seed * 1000 + i);
    return 0;
}

static void token(int peer, bool send)
{
    int t = 1;

    if (send)
        MPI_Send(&t, 1, MPI_INT, peer, TAG_TOKEN, MPI_COMM_WORLD);
    else
        MPI_Recv(&t, 1, MPI_INT, peer, TAG_TOKEN, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

static int sender(void)
{
    int a[N];
    int b[N];
    int c[N];
    int d[N];
    MPI_Request r[4];
    int errs = 0;

    token(1, false); /* rank 1's first three receives are posted */
    fill(a, N, 1);
    fill(b, N, 2);
    fill(c, N, 3);
    MPI_Isend(a, N, MPI_INT, 1, 1, MPI_COMM_WORLD, &r[0]);
    MPI_Isend(b, N, MPI_INT, 1, 2, MPI_COMM_WORLD, &r[1]);
    MPI_Isend(c, N, MPI_INT, 1, 3, MPI_COMM_WORLD, &r[2]);
    errs += mtest_expect_class(MPI_Waitall(3, r, MPI_STATUSES_IGNORE), MPI_SUCCESS, "waitall");
    fill(a, N, 7);
    fill(b, N, 8);
    fill(c, N, 9);
    fill(d, N, 4); /* rank 1 has not posted this one */
    MPI_Isend(d, N, MPI_INT, 1, 4, MPI_COMM_WORLD, &r[3]);
    errs += mtest_expect_class(MPI_Wait(&r[3], MPI_STATUS_IGNORE), MPI_SUCCESS, "wait");
    fill(d, N, 6);
    token(1, true);
    return errs;
}

static int receiver(void)
{
    int a[N];
    int b[2 * N];
    int c[N / 2];
    int d[N];
    MPI_Datatype every_other;
    MPI_Request r[3];
    MPI_Status st[3];
    int got;
    int errs = 0;

    MPI_Type_vector(N, 1, 2, MPI_INT, &every_other);
    MPI_Type_commit(&every_other);
    fill(b, 2 * N, 5);
    MPI_Irecv(a, N, MPI_INT, 0, 1, MPI_COMM_WORLD, &r[0]);
    MPI_Irecv(b, 1, every_other, 0, 2, MPI_COMM_WORLD, &r[1]);
    MPI_Irecv(c, N / 2, MPI_INT, 0, 3, MPI_COMM_WORLD, &r[2]);
    token(0, true);
    errs += mtest_expect_class(MPI_Waitall(3, r, st), MPI_ERR_IN_STATUS, "waitall");
    errs += mtest_expect_class(st[0].MPI_ERROR, MPI_SUCCESS, "contiguous receive");
    errs += mtest_expect_class(st[1].MPI_ERROR, MPI_SUCCESS, "strided receive");
    errs += mtest_expect_class(st[2].MPI_ERROR, MPI_ERR_TRUNCATE, "short receive");
    errs += check(a, N, 1, 1, "posted contiguous receive");
    errs += check(b, N, 2, 2, "posted strided receive");
    for (int i = 0; i < N; i++)
        if (b[2 * i + 1] != 5000 + 2 * i + 1)
            errs += mtest_expect(false, "strided receive: gap %d overwritten", 2 * i + 1);
    errs += check(c, N / 2, 1, 3, "posted short receive");
    token(0, false); /* the fourth message was sent before this receive */
    MPI_Recv(d, N, MPI_INT, 0, 4, MPI_COMM_WORLD, &st[0]);
    MPI_Get_count(&st[0], MPI_INT, &got);
    errs += mtest_expect(got == N, "unexpected receive: %d ints, expected %d", got, N);
    errs += check(d, N, 1, 4, "unexpected receive");
    MPI_Type_free(&every_other);
    return errs;
}

int main(int argc, char **argv)
{
    int me;
    int size;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size < 2) {
        fprintf(stderr, "p2p_detached_reuse needs 2 ranks, not %d\n", size);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    return mtest_finish(me == 0 ? sender() : me == 1 ? receiver() : 0);
}
