/* p2p_probe: MPI_Probe, MPI_Iprobe, MPI_Mprobe/MPI_Mrecv and MPI_Improbe/MPI_Imrecv report the
 * source, tag and count of the first matching message (eager and rendezvous sizes); a probe
 * leaves the message queued, a matched probe takes it; MPI_Iprobe finds nothing before the
 * send; MPI_PROC_NULL gives MPI_MESSAGE_NO_PROC. Prints "No Errors" from rank 0. Needs 2
 * ranks. */
#include <mpi.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mtest.h"

static int me;

enum { BIG = 30000, TAG_TOKEN = 500 };

/* Message k of rank 0 to rank 1: tag 10 + k, lens[k] ints of value k * 1000 + i. */
static const int lens[] = { 3, BIG, 0, 17, BIG + 5, 1, 8, 2 };
#define NMSG ((int)(sizeof(lens) / sizeof(lens[0])))

static void sender(void)
{
    int *bufs[NMSG];
    MPI_Request reqs[NMSG];
    int token = 0;

    /* nothing is sent before rank 1's token, so that its first MPI_Iprobe must fail */
    MPI_Recv(&token, 1, MPI_INT, 1, TAG_TOKEN, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int k = 0; k < NMSG; k++) {
        bufs[k] = malloc((size_t)(lens[k] + 1) * sizeof(int));
        for (int i = 0; i < lens[k]; i++)
            bufs[k][i] = k * 1000 + i;
        MPI_Isend(bufs[k], lens[k], MPI_INT, 1, 10 + k, MPI_COMM_WORLD, &reqs[k]);
    }
    /* every message is posted: rank 1's probes may now expect them */
    MPI_Send(&token, 1, MPI_INT, 1, TAG_TOKEN, MPI_COMM_WORLD);
    MPI_Waitall(NMSG, reqs, MPI_STATUSES_IGNORE);
    for (int k = 0; k < NMSG; k++)
        free(bufs[k]);
}

static int check_status(const MPI_Status *st, int k, const char *what)
{
    int count = -1;

    MPI_Get_count(st, MPI_INT, &count);
    return mtest_expect(
        st->MPI_SOURCE == 0 && st->MPI_TAG == 10 + k && count == lens[k],
        "%s: source %d tag %d count %d, expected message %d (source 0 tag %d count %d)", what,
        st->MPI_SOURCE, st->MPI_TAG, count, k, 10 + k, lens[k]);
}

static int check_data(const int *buf, int k, const char *what)
{
    for (int i = 0; i < lens[k]; i++)
        if (buf[i] != k * 1000 + i)
            return mtest_expect(false, "%s: message %d element %d is %d", what, k, i, buf[i]);
    return 0;
}

static int check_proc_null_status(const MPI_Status *st, const char *what)
{
    int count = -1;

    MPI_Get_count(st, MPI_INT, &count);
    return mtest_expect(
        st->MPI_SOURCE == MPI_PROC_NULL && st->MPI_TAG == MPI_ANY_TAG && count == 0,
        "%s: status source %d tag %d count %d, expected MPI_PROC_NULL MPI_ANY_TAG 0", what,
        st->MPI_SOURCE, st->MPI_TAG, count);
}

static int nothing_yet(void)
{
    int flag = 1;
    int errs = 0;

    MPI_Iprobe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    errs += mtest_expect(!flag, "MPI_Iprobe found a message before any was sent");
    flag = 1;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    errs += mtest_expect(!flag, "MPI_Iprobe(MPI_ANY_SOURCE) found a message before any was sent");
    return errs;
}

/* Probe and receive message 0 with the count the probe gave; probing twice sees it twice. */
static int probe_then_recv(void)
{
    MPI_Status st;
    int errs = 0;
    int flag = 0;
    int count = 0;
    int *buf;

    MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
    errs += check_status(&st, 0, "MPI_Probe(any, any)");
    MPI_Probe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
    errs += check_status(&st, 0, "MPI_Probe again (the message must stay queued)");
    MPI_Iprobe(0, 11, MPI_COMM_WORLD, &flag, &st);
    errs += mtest_expect(flag, "MPI_Iprobe(0, 11) missed a posted rendezvous message");
    if (flag)
        errs += check_status(&st, 1, "MPI_Iprobe(0, 11)");
    MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    buf = malloc((size_t)(count + 1) * sizeof(int));
    MPI_Recv(buf, count, MPI_INT, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, &st);
    errs += check_status(&st, 0, "MPI_Recv after MPI_Probe");
    errs += check_data(buf, 0, "MPI_Recv after MPI_Probe");
    free(buf);
    return errs;
}

/* MPI_Mprobe takes the message: no probe sees it afterwards; MPI_Mrecv receives it. */
static int mprobe_mrecv(void)
{
    MPI_Message msg = MPI_MESSAGE_NULL;
    MPI_Status st;
    int errs = 0;
    int flag = 1;
    int count = -1;
    int *buf;

    MPI_Mprobe(0, 12, MPI_COMM_WORLD, &msg, &st);
    errs += check_status(&st, 2, "MPI_Mprobe(0, 12)");
    errs += mtest_expect(msg != MPI_MESSAGE_NULL && msg != MPI_MESSAGE_NO_PROC,
                         "MPI_Mprobe returned no message handle");
    MPI_Iprobe(0, 12, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    errs += mtest_expect(!flag, "MPI_Iprobe still sees a message taken by MPI_Mprobe");
    MPI_Mrecv(NULL, 0, MPI_INT, &msg, &st);
    errs += check_status(&st, 2, "MPI_Mrecv of an empty message");
    errs += mtest_expect(msg == MPI_MESSAGE_NULL, "MPI_Mrecv did not set the message to null");

    /* the first remaining message in order is message 1 (rendezvous size) */
    MPI_Mprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &msg, &st);
    errs += check_status(&st, 1, "MPI_Mprobe(any, any)");
    MPI_Get_count(&st, MPI_INT, &count);
    buf = malloc((size_t)(count + 1) * sizeof(int));
    MPI_Mrecv(buf, count, MPI_INT, &msg, &st);
    errs += check_status(&st, 1, "MPI_Mrecv");
    errs += check_data(buf, 1, "MPI_Mrecv");
    free(buf);
    return errs;
}

/* MPI_Improbe on two tags out of order, then both MPI_Imrecv completed together. */
static int improbe_imrecv(void)
{
    MPI_Message msgs[2] = { MPI_MESSAGE_NULL, MPI_MESSAGE_NULL };
    MPI_Request reqs[2];
    MPI_Status sts[2];
    int *bufs[2];
    int ks[2] = { 4, 3 };
    int errs = 0;
    int flag = 1;
    MPI_Message none = MPI_MESSAGE_NULL;

    MPI_Improbe(0, 99, MPI_COMM_WORLD, &flag, &none, MPI_STATUS_IGNORE);
    errs += mtest_expect(!flag, "MPI_Improbe(0, 99) found a message never sent");
    for (int j = 0; j < 2; j++) {
        flag = 0;
        MPI_Improbe(0, 10 + ks[j], MPI_COMM_WORLD, &flag, &msgs[j], &sts[j]);
        errs += mtest_expect(flag, "MPI_Improbe(0, %d) missed a posted message", 10 + ks[j]);
        if (!flag)
            return errs;
        errs += check_status(&sts[j], ks[j], "MPI_Improbe");
        bufs[j] = malloc((size_t)(lens[ks[j]] + 1) * sizeof(int));
    }
    for (int j = 0; j < 2; j++) {
        MPI_Imrecv(bufs[j], lens[ks[j]], MPI_INT, &msgs[j], &reqs[j]);
        errs +=
            mtest_expect(msgs[j] == MPI_MESSAGE_NULL, "MPI_Imrecv did not set the message to null");
    }
    MPI_Waitall(2, reqs, sts);
    for (int j = 0; j < 2; j++) {
        errs += check_status(&sts[j], ks[j], "MPI_Imrecv");
        errs += check_data(bufs[j], ks[j], "MPI_Imrecv");
        free(bufs[j]);
    }
    return errs;
}

/* The last three messages: a probe on a specific tag, then wildcard receives in order. */
static int the_rest(void)
{
    MPI_Status st;
    int buf[16];
    int errs = 0;
    int flag = 1;

    MPI_Probe(0, 17, MPI_COMM_WORLD, &st);
    errs += check_status(&st, 7, "MPI_Probe(0, 17)");
    MPI_Recv(buf, 16, MPI_INT, 0, 17, MPI_COMM_WORLD, &st);
    errs += check_status(&st, 7, "MPI_Recv(0, 17)") + check_data(buf, 7, "MPI_Recv(0, 17)");
    for (int k = 5; k <= 6; k++) {
        MPI_Recv(buf, 16, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        errs += check_status(&st, k, "MPI_Recv(any, any)");
        errs += check_data(buf, k, "MPI_Recv(any, any)");
    }
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    errs += mtest_expect(!flag, "MPI_Iprobe finds a message after all were received");
    return errs;
}

static int proc_null(void)
{
    MPI_Message msg = MPI_MESSAGE_NULL;
    MPI_Request req;
    MPI_Status st;
    int errs = 0;
    int flag = 0;
    int buf[2] = { 7, 7 };

    MPI_Probe(MPI_PROC_NULL, 3, MPI_COMM_WORLD, &st);
    errs += check_proc_null_status(&st, "MPI_Probe(MPI_PROC_NULL)");
    MPI_Iprobe(MPI_PROC_NULL, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
    errs += mtest_expect(flag, "MPI_Iprobe(MPI_PROC_NULL): flag false");
    errs += check_proc_null_status(&st, "MPI_Iprobe(MPI_PROC_NULL)");
    MPI_Mprobe(MPI_PROC_NULL, MPI_ANY_TAG, MPI_COMM_WORLD, &msg, &st);
    errs += mtest_expect(msg == MPI_MESSAGE_NO_PROC, "MPI_Mprobe(MPI_PROC_NULL) did not give "
                                                     "MPI_MESSAGE_NO_PROC");
    errs += check_proc_null_status(&st, "MPI_Mprobe(MPI_PROC_NULL)");
    MPI_Mrecv(buf, 2, MPI_INT, &msg, &st);
    errs += check_proc_null_status(&st, "MPI_Mrecv(MPI_MESSAGE_NO_PROC)");
    errs += mtest_expect(msg == MPI_MESSAGE_NULL && buf[0] == 7 && buf[1] == 7,
                         "MPI_Mrecv(MPI_MESSAGE_NO_PROC): message not nulled or buffer written");
    flag = 0;
    MPI_Improbe(MPI_PROC_NULL, 4, MPI_COMM_WORLD, &flag, &msg, &st);
    errs +=
        mtest_expect(flag && msg == MPI_MESSAGE_NO_PROC,
                     "MPI_Improbe(MPI_PROC_NULL): flag %d, message not MPI_MESSAGE_NO_PROC", flag);
    MPI_Imrecv(buf, 2, MPI_INT, &msg, &req);
    MPI_Wait(&req, &st);
    errs += check_proc_null_status(&st, "MPI_Imrecv(MPI_MESSAGE_NO_PROC)");
    errs += mtest_expect(msg == MPI_MESSAGE_NULL,
                         "MPI_Imrecv(MPI_MESSAGE_NO_PROC): message not nulled");
    return errs;
}

static int receiver(void)
{
    int errs = nothing_yet();
    int token = 0;

    MPI_Send(&token, 1, MPI_INT, 0, TAG_TOKEN, MPI_COMM_WORLD);
    MPI_Recv(&token, 1, MPI_INT, 0, TAG_TOKEN, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    errs += probe_then_recv();
    errs += mprobe_mrecv();
    errs += improbe_imrecv();
    errs += the_rest();
    errs += proc_null();
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
            printf("p2p_probe needs 2 ranks\n");
        MPI_Finalize();
        return 1;
    }
    if (me == 0)
        sender();
    else if (me == 1)
        errs += receiver();
    return mtest_finish(errs);
}
