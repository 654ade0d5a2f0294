/* p2p_waitany_testsome: completion order of MPI_Waitany, MPI_Waitsome, MPI_Testsome,
 * MPI_Testany and MPI_Waitall: the index of the request that completed, statuses aligned with
 * indices, MPI_REQUEST_NULL entries skipped, MPI_UNDEFINED once nothing is active. When several
 * requests are complete, simmpi returns them by increasing index (MPI allows any order; this
 * is the implementation's documented choice). Prints "No Errors" from rank 0. Needs 2 ranks. */
#include <mpi.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mtest.h"

static int me;

enum { N = 8, SLOTS = 10, TAG_ACK = 100, TAG_GO = 101, TAG_TOKEN = 102 };

/* Slots 2 and 6 stay MPI_REQUEST_NULL; the others receive tags 0..7 in slot order. */
static int slot_tag(int slot)
{
    return slot < 2 ? slot : slot < 6 ? slot - 1 : slot - 2;
}

static void post_all(MPI_Request *reqs, int *vals)
{
    for (int s = 0; s < SLOTS; s++) {
        reqs[s] = MPI_REQUEST_NULL;
        vals[s] = -1;
        if (s != 2 && s != 6)
            MPI_Irecv(&vals[s], 1, MPI_INT, 1, slot_tag(s), MPI_COMM_WORLD, &reqs[s]);
    }
}

/* Rank 1: sends tags N-1..0, with MPI_Ssend if sync (each completes once received). */
static void send_reverse(bool sync, bool acked)
{
    for (int t = N - 1; t >= 0; t--) {
        int v = t * 10;
        int ack;

        if (sync)
            MPI_Ssend(&v, 1, MPI_INT, 0, t, MPI_COMM_WORLD);
        else
            MPI_Send(&v, 1, MPI_INT, 0, t, MPI_COMM_WORLD);
        if (acked)
            MPI_Recv(&ack, 1, MPI_INT, 0, TAG_ACK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
}

static int check_done(int slot, const MPI_Status *st, const int *vals, const char *what)
{
    int t = slot_tag(slot);

    return mtest_expect(slot != 2 && slot != 6 && st->MPI_TAG == t && st->MPI_SOURCE == 1 &&
                            vals[slot] == t * 10,
                        "%s: slot %d status tag %d source %d value %d", what, slot, st->MPI_TAG,
                        st->MPI_SOURCE, vals[slot]);
}

static int check_none_active(MPI_Request *reqs)
{
    MPI_Status st;
    int index = 0;
    int flag = 0;
    int outcount = 0;
    int indices[SLOTS];
    int errs = 0;

    MPI_Waitany(SLOTS, reqs, &index, &st);
    errs +=
        mtest_expect(index == MPI_UNDEFINED, "MPI_Waitany on no active request: index %d", index);
    MPI_Testany(SLOTS, reqs, &index, &flag, &st);
    errs += mtest_expect(flag && index == MPI_UNDEFINED,
                         "MPI_Testany on no active request: flag %d index %d", flag, index);
    MPI_Testsome(SLOTS, reqs, &outcount, indices, MPI_STATUSES_IGNORE);
    errs += mtest_expect(outcount == MPI_UNDEFINED,
                         "MPI_Testsome on no active request: outcount %d", outcount);
    MPI_Waitsome(SLOTS, reqs, &outcount, indices, MPI_STATUSES_IGNORE);
    errs += mtest_expect(outcount == MPI_UNDEFINED,
                         "MPI_Waitsome on no active request: outcount %d", outcount);
    MPI_Testall(SLOTS, reqs, &flag, MPI_STATUSES_IGNORE);
    errs += mtest_expect(flag, "MPI_Testall on no active request: flag %d", flag);
    return errs;
}

/* Phase 1: one message at a time, newest tag first: Waitany names exactly that slot. */
static int one_at_a_time(void)
{
    MPI_Request reqs[SLOTS];
    int vals[SLOTS];
    int errs = 0;
    int ack = 1;

    post_all(reqs, vals);
    MPI_Send(&ack, 1, MPI_INT, 1, TAG_TOKEN, MPI_COMM_WORLD);
    for (int t = N - 1; t >= 0; t--) {
        int expected = t < 2 ? t : t < 5 ? t + 1 : t + 2;
        MPI_Status st;
        int index = -7;

        MPI_Waitany(SLOTS, reqs, &index, &st);
        errs +=
            mtest_expect(index == expected, "MPI_Waitany: index %d, expected %d", index, expected);
        if (index >= 0 && index < SLOTS) {
            errs += check_done(index, &st, vals, "MPI_Waitany");
            errs += mtest_expect(reqs[index] == MPI_REQUEST_NULL, "MPI_Waitany left slot %d active",
                                 index);
        }
        MPI_Send(&ack, 1, MPI_INT, 1, TAG_ACK, MPI_COMM_WORLD);
    }
    return errs + check_none_active(reqs);
}

/* Phase 2: every request completes before rank 0 looks; completions come by index. */
static int all_done_waitany(void)
{
    MPI_Request reqs[SLOTS];
    int vals[SLOTS];
    int errs = 0;
    int go = 0;
    int last = -1;

    post_all(reqs, vals);
    MPI_Send(&go, 1, MPI_INT, 1, TAG_TOKEN, MPI_COMM_WORLD);
    MPI_Recv(&go, 1, MPI_INT, 1, TAG_GO, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int k = 0; k < N; k++) {
        MPI_Status st;
        int index = -7;

        MPI_Waitany(SLOTS, reqs, &index, &st);
        errs += mtest_expect(index > last && index < SLOTS,
                             "MPI_Waitany after all done: index %d after %d", index, last);
        if (index >= 0 && index < SLOTS)
            errs += check_done(index, &st, vals, "MPI_Waitany after all done");
        last = index;
    }
    return errs + check_none_active(reqs);
}

static int all_done_testsome(void)
{
    MPI_Request reqs[SLOTS];
    MPI_Status sts[SLOTS];
    int indices[SLOTS];
    int vals[SLOTS];
    int errs = 0;
    int go = 0;
    int outcount = -7;

    post_all(reqs, vals);
    MPI_Send(&go, 1, MPI_INT, 1, TAG_TOKEN, MPI_COMM_WORLD);
    MPI_Recv(&go, 1, MPI_INT, 1, TAG_GO, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Testsome(SLOTS, reqs, &outcount, indices, sts);
    errs += mtest_expect(outcount == N, "MPI_Testsome after all done: outcount %d, expected %d",
                         outcount, N);
    for (int k = 0; k < outcount && k < N; k++) {
        errs += mtest_expect(k == 0 || indices[k] > indices[k - 1],
                             "MPI_Testsome: indices not increasing at %d", k);
        errs += check_done(indices[k], &sts[k], vals, "MPI_Testsome");
    }
    return errs + check_none_active(reqs);
}

/* Phase 3: Testsome before anything was sent finds nothing; then Waitsome gathers all, each
 * slot once, statuses aligned with indices. */
static int gather_waitsome(void)
{
    MPI_Request reqs[SLOTS];
    MPI_Status sts[SLOTS];
    int indices[SLOTS];
    int vals[SLOTS];
    int seen[SLOTS] = { 0 };
    int errs = 0;
    int got = 0;
    int outcount = -7;
    int token = 0;

    post_all(reqs, vals);
    MPI_Testsome(SLOTS, reqs, &outcount, indices, sts);
    errs += mtest_expect(outcount == 0, "MPI_Testsome before any send: outcount %d", outcount);
    MPI_Send(&token, 1, MPI_INT, 1, TAG_TOKEN, MPI_COMM_WORLD);
    while (got < N) {
        MPI_Waitsome(SLOTS, reqs, &outcount, indices, sts);
        if (mtest_expect(outcount >= 1 && outcount <= N - got,
                         "MPI_Waitsome: outcount %d with %d left", outcount, N - got))
            return errs + 1;
        for (int k = 0; k < outcount; k++) {
            errs += check_done(indices[k], &sts[k], vals, "MPI_Waitsome");
            errs += mtest_expect(!seen[indices[k]]++, "MPI_Waitsome: slot %d returned twice",
                                 indices[k]);
        }
        got += outcount;
    }
    return errs + check_none_active(reqs);
}

/* Phase 4: MPI_Waitall with null entries: their statuses are empty. */
static int waitall_nulls(void)
{
    MPI_Request reqs[SLOTS];
    MPI_Status sts[SLOTS];
    int vals[SLOTS];
    int errs = 0;
    int token = 0;
    int count = -7;

    post_all(reqs, vals);
    MPI_Send(&token, 1, MPI_INT, 1, TAG_TOKEN, MPI_COMM_WORLD);
    MPI_Waitall(SLOTS, reqs, sts);
    for (int s = 0; s < SLOTS; s++) {
        if (s != 2 && s != 6) {
            errs += check_done(s, &sts[s], vals, "MPI_Waitall");
            continue;
        }
        MPI_Get_count(&sts[s], MPI_INT, &count);
        errs += mtest_expect(sts[s].MPI_SOURCE == MPI_ANY_SOURCE && sts[s].MPI_TAG == MPI_ANY_TAG &&
                                 count == 0,
                             "MPI_Waitall: null slot %d status source %d tag %d count %d", s,
                             sts[s].MPI_SOURCE, sts[s].MPI_TAG, count);
    }
    return errs;
}

static void rank1(void)
{
    int token;

    for (int phase = 0; phase < 5; phase++) {
        MPI_Recv(&token, 1, MPI_INT, 0, TAG_TOKEN, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        send_reverse(phase == 1 || phase == 2, phase == 0);
        if (phase == 1 || phase == 2)
            MPI_Send(&token, 1, MPI_INT, 0, TAG_GO, MPI_COMM_WORLD);
    }
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
            printf("p2p_waitany_testsome needs 2 ranks\n");
        MPI_Finalize();
        return 1;
    }
    if (me == 0) {
        errs += one_at_a_time();
        errs += all_done_waitany();
        errs += all_done_testsome();
        errs += gather_waitsome();
        errs += waitall_nulls();
    } else if (me == 1) {
        rank1();
    }
    return mtest_finish(errs);
}
