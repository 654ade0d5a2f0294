/* p2p_wildcard: MPI_ANY_SOURCE and MPI_ANY_TAG receives; the non-overtaking rule (messages
 * from one sender on one communicator match in sending order, across eager and rendezvous
 * sizes); receives match in posting order; different tags may be received out of order.
 * Prints "No Errors" from rank 0. Needs 3 or more ranks for every part. */
#include <mpi.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mtest.h"

static int me;

enum { NMSG = 30, BIG = 20000, TAG_GO = 1000, TAG_TOKEN = 1001 };

/* Message seq of a sender: BIG ints (rendezvous) every seventh message, else 2 ints. */
static int msg_len(int seq)
{
    return seq % 7 == 3 ? BIG : 2;
}

/* Part A, sender side: NMSG messages on one tag, all posted before any completes. */
static void send_stream(void)
{
    MPI_Request reqs[NMSG];
    int *bufs[NMSG];

    for (int s = 0; s < NMSG; s++) {
        int n = msg_len(s);

        bufs[s] = malloc((size_t)n * sizeof(int));
        for (int i = 0; i < n; i++)
            bufs[s][i] = i == 0 ? me : i == 1 ? s : i;
        MPI_Isend(bufs[s], n, MPI_INT, 0, 3, MPI_COMM_WORLD, &reqs[s]);
    }
    MPI_Waitall(NMSG, reqs, MPI_STATUSES_IGNORE);
    for (int s = 0; s < NMSG; s++)
        free(bufs[s]);
}

/* Part A, rank 0: receives every stream with wildcards and checks the order per sender. */
static int recv_streams(int size)
{
    int *next = calloc((size_t)size, sizeof(int));
    int *buf = malloc(BIG * sizeof(int));
    int errs = 0;

    for (int k = 0; k < (size - 1) * NMSG; k++) {
        MPI_Status st;
        int count;
        int src;

        MPI_Recv(buf, BIG, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_INT, &count);
        src = st.MPI_SOURCE;
        if (mtest_expect(src > 0 && src < size && st.MPI_TAG == 3,
                         "wildcard receive %d: source %d tag %d", k, src, st.MPI_TAG)) {
            errs++;
            continue;
        }
        errs +=
            mtest_expect(buf[0] == src, "message claims source %d, status says %d", buf[0], src);
        errs += mtest_expect(buf[1] == next[src],
                             "from rank %d: got message %d, expected %d (overtaking)", src, buf[1],
                             next[src]);
        errs +=
            mtest_expect(count == msg_len(buf[1]), "from rank %d message %d: count %d, expected %d",
                         src, buf[1], count, msg_len(buf[1]));
        next[src] = buf[1] + 1;
    }
    free(buf);
    free(next);
    return errs;
}

/* Part B: MPI_ANY_TAG from one source keeps that source's order whatever the tags. */
static int any_tag_order(void)
{
    static const int tags[] = { 5, 3, 9 };
    int errs = 0;

    if (me == 1) {
        MPI_Request reqs[3];
        int vals[3] = { 50, 30, 90 };

        for (int i = 0; i < 3; i++)
            MPI_Isend(&vals[i], 1, MPI_INT, 0, tags[i], MPI_COMM_WORLD, &reqs[i]);
        MPI_Waitall(3, reqs, MPI_STATUSES_IGNORE);
    } else if (me == 0) {
        for (int i = 0; i < 3; i++) {
            MPI_Status st;
            int v = -1;

            MPI_Recv(&v, 1, MPI_INT, 1, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            errs += mtest_expect(st.MPI_TAG == tags[i] && v == tags[i] * 10 && st.MPI_SOURCE == 1,
                                 "MPI_ANY_TAG receive %d: tag %d value %d source %d", i, st.MPI_TAG,
                                 v, st.MPI_SOURCE);
        }
    }
    return errs;
}

/* Part C: a receive on a specific tag may take a later message of another tag first. */
static int tag_overtake(void)
{
    int errs = 0;

    if (me == 2) {
        MPI_Request reqs[2];
        int vals[2] = { 11, 12 };

        MPI_Isend(&vals[0], 1, MPI_INT, 0, 11, MPI_COMM_WORLD, &reqs[0]);
        MPI_Isend(&vals[1], 1, MPI_INT, 0, 12, MPI_COMM_WORLD, &reqs[1]);
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    } else if (me == 0) {
        MPI_Status st;
        int v = -1;

        MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 12, MPI_COMM_WORLD, &st);
        errs +=
            mtest_expect(v == 12 && st.MPI_SOURCE == 2 && st.MPI_TAG == 12,
                         "tag 12 first: value %d source %d tag %d", v, st.MPI_SOURCE, st.MPI_TAG);
        MPI_Recv(&v, 1, MPI_INT, 2, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        errs += mtest_expect(v == 11 && st.MPI_TAG == 11, "then tag 11: value %d tag %d", v,
                             st.MPI_TAG);
    }
    return errs;
}

/* Part D: two receives that both match a message: the one posted first gets it. */
static int posting_order(void)
{
    int errs = 0;
    int token = 1;

    if (me == 0) {
        MPI_Request reqs[2];
        MPI_Status st[2];
        int v[2] = { -1, -1 };

        MPI_Irecv(&v[0], 1, MPI_INT, MPI_ANY_SOURCE, 20, MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(&v[1], 1, MPI_INT, 1, MPI_ANY_TAG, MPI_COMM_WORLD, &reqs[1]);
        MPI_Send(&token, 1, MPI_INT, 1, TAG_TOKEN, MPI_COMM_WORLD);
        MPI_Waitall(2, reqs, st);
        errs += mtest_expect(v[0] == 100 && v[1] == 101,
                             "posting order: first receive got %d, second %d (expected 100, 101)",
                             v[0], v[1]);
        errs += mtest_expect(st[0].MPI_SOURCE == 1 && st[1].MPI_TAG == 20,
                             "posting order: statuses source %d tag %d", st[0].MPI_SOURCE,
                             st[1].MPI_TAG);
    } else if (me == 1) {
        int vals[2] = { 100, 101 };

        MPI_Recv(&token, 1, MPI_INT, 0, TAG_TOKEN, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&vals[0], 1, MPI_INT, 0, 20, MPI_COMM_WORLD);
        MPI_Send(&vals[1], 1, MPI_INT, 0, 20, MPI_COMM_WORLD);
    }
    return errs;
}

int main(int argc, char **argv)
{
    int size;
    int errs = 0;
    int go = 1;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (me == 0) {
        errs += recv_streams(size);
        for (int r = 1; r < size; r++)
            MPI_Send(&go, 1, MPI_INT, r, TAG_GO, MPI_COMM_WORLD);
    } else {
        send_stream();
        MPI_Recv(&go, 1, MPI_INT, 0, TAG_GO, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    if (size >= 2)
        errs += any_tag_order();
    if (size >= 3)
        errs += tag_overtake();
    if (size >= 2)
        errs += posting_order();
    return mtest_finish(errs);
}
