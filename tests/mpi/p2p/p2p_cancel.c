/* p2p_cancel: MPI_Cancel of an unmatched MPI_Irecv (specific and wildcard) succeeds:
 * MPI_Wait returns, MPI_Test_cancelled is true and a later message goes to the next receive;
 * cancelling a receive that already completed has no effect; cancelling a send either
 * succeeds (the message never arrives) or not (it arrives), as MPI allows. Prints
 * "No Errors" from rank 0. Needs 2 ranks. */
#include <mpi.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mtest.h"

static int me;

enum { BIGN = 40000, TAG_TOKEN = 100 };

static void token(int peer, bool send, int *value)
{
    if (send)
        MPI_Send(value, 1, MPI_INT, peer, TAG_TOKEN, MPI_COMM_WORLD);
    else
        MPI_Recv(value, 1, MPI_INT, peer, TAG_TOKEN, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

/* Rank 0: cancels receives nobody sends to, then one that a later message must not reach. */
static int cancel_unmatched(void)
{
    MPI_Request reqs[2];
    MPI_Status st;
    int errs = 0;
    int v = -1;
    int w = -1;
    int flag = 0;

    MPI_Irecv(&v, 1, MPI_INT, 1, 99, MPI_COMM_WORLD, &reqs[0]);
    MPI_Irecv(&w, 1, MPI_INT, MPI_ANY_SOURCE, 98, MPI_COMM_WORLD, &reqs[1]);
    for (int i = 0; i < 2; i++) {
        MPI_Cancel(&reqs[i]);
        MPI_Wait(&reqs[i], &st);
        MPI_Test_cancelled(&st, &flag);
        errs += mtest_expect(flag, "MPI_Test_cancelled false for cancelled receive %d", i);
        errs += mtest_expect(reqs[i] == MPI_REQUEST_NULL, "MPI_Wait kept a cancelled request");
    }
    /* the cancelled receives must not take this message: the new receive gets it */
    v = 0;
    token(1, true, &v);
    MPI_Recv(&v, 1, MPI_INT, 1, 99, MPI_COMM_WORLD, &st);
    errs += mtest_expect(v == 4242 && w == -1,
                         "after cancel: received %d, cancelled buffer holds %d", v, w);
    MPI_Test_cancelled(&st, &flag);
    errs += mtest_expect(!flag, "MPI_Test_cancelled true for a normal receive");
    return errs;
}

/* Rank 0: a receive that completed before MPI_Cancel keeps its data and is not cancelled. */
static int cancel_completed(void)
{
    MPI_Request req;
    MPI_Status st;
    int errs = 0;
    int v = -1;
    int flag = 1;
    int t = 0;

    MPI_Irecv(&v, 1, MPI_INT, 1, 7, MPI_COMM_WORLD, &req);
    token(1, true, &t);  /* rank 1 sends with MPI_Ssend: done once delivered */
    token(1, false, &t); /* ... then says so */
    MPI_Cancel(&req);
    MPI_Wait(&req, &st);
    MPI_Test_cancelled(&st, &flag);
    errs +=
        mtest_expect(!flag && v == 77 && st.MPI_TAG == 7,
                     "cancel after completion: cancelled %d value %d tag %d", flag, v, st.MPI_TAG);
    return errs;
}

/* Rank 0: cancels a rendezvous-size send that rank 1 has not received; tells rank 1 whether
 * the cancel took effect. */
static int cancel_send(void)
{
    int *buf = malloc(BIGN * sizeof(int));
    MPI_Request req;
    MPI_Status st;
    int flag = 0;

    for (int i = 0; i < BIGN; i++)
        buf[i] = i;
    MPI_Isend(buf, BIGN, MPI_INT, 1, 8, MPI_COMM_WORLD, &req);
    MPI_Cancel(&req);
    MPI_Wait(&req, &st);
    MPI_Test_cancelled(&st, &flag);
    token(1, true, &flag);
    free(buf);
    return 0;
}

static int rank1(void)
{
    int *buf = malloc(BIGN * sizeof(int));
    int errs = 0;
    int v = 4242;
    int t = 0;
    int cancelled = 0;

    token(0, false, &t);
    MPI_Send(&v, 1, MPI_INT, 0, 99, MPI_COMM_WORLD);
    token(0, false, &t);
    v = 77;
    MPI_Ssend(&v, 1, MPI_INT, 0, 7, MPI_COMM_WORLD);
    token(0, true, &t);
    token(0, false, &cancelled);
    if (cancelled) {
        int flag = 1;

        MPI_Iprobe(0, 8, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
        errs += mtest_expect(!flag, "a send reported cancelled is still deliverable");
    } else {
        MPI_Recv(buf, BIGN, MPI_INT, 0, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errs += mtest_expect(buf[BIGN - 1] == BIGN - 1, "a send not cancelled arrived damaged");
    }
    free(buf);
    return errs;
}

int main(int argc, char **argv)
{
    int size;
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size < 2) {
        if (me == 0)
            printf("p2p_cancel needs 2 ranks\n");
        MPI_Finalize();
        return 1;
    }
    if (me == 0)
        errs += cancel_unmatched() + cancel_completed() + cancel_send();
    else if (me == 1)
        errs += rank1();
    return mtest_finish(errs);
}
