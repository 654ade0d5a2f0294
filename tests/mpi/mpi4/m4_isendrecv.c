/* m4_isendrecv: MPI_Isendrecv and MPI_Isendrecv_replace (MPI-4.0 section 3.10) on 2 ranks.
 * Each rank exchanges n bytes with the other three ways in a row: MPI_Irecv + MPI_Isend +
 * MPI_Waitall, MPI_Isendrecv + MPI_Wait, MPI_Isendrecv_replace + MPI_Wait. The three take the
 * same simulated time; with arg "raw" (two_hosts.xml, network/model:raw, smpi/wtime:0) it is
 * T(n) = L + (n + 16) / B for a detached message (2000 bytes) as for a rendezvous one (100000),
 * since both ranks post their receive before their send and the link is full-duplex.
 * Also: the data and the status (source, tag, count) of each form, a strided type through
 * the replace form, MPI_PROC_NULL peers completing at once, MPI_Request_get_status and
 * MPI_Test on the request, and MPI-4's inactive requests (a persistent request never started:
 * MPI_Wait, MPI_Test and MPI_Request_get_status return an empty status at once). */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "../runtime/rt_platform.h"
#include "mtest.h"

enum { MAXN = 100000 };

static char out[MAXN];
static char in[MAXN];

static int check_status(const MPI_Status *st, int peer, int n, const char *what)
{
    int count = -1;

    MPI_Get_count(st, MPI_CHAR, &count);
    return mtest_expect(st->MPI_SOURCE == peer && st->MPI_TAG == 7 && count == n,
                        "%s: status source %d tag %d count %d", what, st->MPI_SOURCE, st->MPI_TAG,
                        count);
}

static int check_data(const char *buf, int peer, int n, const char *what)
{
    return mtest_expect(buf[0] == (char)(peer + 1) && buf[n - 1] == (char)(peer + 1),
                        "%s: wrong data", what);
}

/* The three forms for n bytes; returns their durations in d[3]. */
static int exchange(int rank, int n, double d[3])
{
    int peer = 1 - rank;
    int errs = 0;
    double t;
    MPI_Request r[2];
    MPI_Status st[2];

    memset(out, rank + 1, (size_t)n);
    t = MPI_Wtime();
    MPI_Irecv(in, n, MPI_CHAR, peer, 7, MPI_COMM_WORLD, &r[0]);
    MPI_Isend(out, n, MPI_CHAR, peer, 7, MPI_COMM_WORLD, &r[1]);
    MPI_Waitall(2, r, st);
    d[0] = MPI_Wtime() - t;
    errs += check_status(&st[0], peer, n, "Irecv") + check_data(in, peer, n, "Irecv");
    memset(in, 0, (size_t)n);
    t = MPI_Wtime();
    MPI_Isendrecv(out, n, MPI_CHAR, peer, 7, in, n, MPI_CHAR, peer, 7, MPI_COMM_WORLD, &r[0]);
    MPI_Wait(&r[0], &st[0]);
    d[1] = MPI_Wtime() - t;
    errs += check_status(&st[0], peer, n, "Isendrecv") + check_data(in, peer, n, "Isendrecv");
    errs += mtest_expect(r[0] == MPI_REQUEST_NULL, "Isendrecv: request not freed");
    t = MPI_Wtime();
    MPI_Isendrecv_replace(out, n, MPI_CHAR, peer, 7, peer, 7, MPI_COMM_WORLD, &r[0]);
    MPI_Wait(&r[0], &st[0]);
    d[2] = MPI_Wtime() - t;
    errs += check_status(&st[0], peer, n, "Isendrecv_replace");
    return errs + check_data(out, peer, n, "Isendrecv_replace");
}

/* Every other int of a 4-int buffer, replaced by the peer's. */
static int strided_replace(int rank)
{
    int peer = 1 - rank;
    int v[4] = { 10 * rank, -1, 10 * rank + 1, -1 };
    int flag = 0;
    MPI_Datatype t;
    MPI_Request r;
    MPI_Status st;

    MPI_Type_vector(2, 1, 2, MPI_INT, &t);
    MPI_Type_commit(&t);
    MPI_Isendrecv_replace(v, 1, t, peer, 3, peer, 3, MPI_COMM_WORLD, &r);
    while (!flag)
        MPI_Test(&r, &flag, &st);
    MPI_Type_free(&t);
    return mtest_expect(v[0] == 10 * peer && v[1] == -1 && v[2] == 10 * peer + 1 &&
                            st.MPI_SOURCE == peer && st.MPI_TAG == 3,
                        "strided replace: %d %d %d, source %d", v[0], v[1], v[2], st.MPI_SOURCE);
}

/* MPI_PROC_NULL on both sides: done at once, the status of a receive from MPI_PROC_NULL. */
static int proc_null(void)
{
    int flag = 0;
    int count = -1;
    MPI_Request r;
    MPI_Status st;

    MPI_Isendrecv(out, 4, MPI_CHAR, MPI_PROC_NULL, 1, in, 4, MPI_CHAR, MPI_PROC_NULL, 1,
                  MPI_COMM_WORLD, &r);
    MPI_Request_get_status(r, &flag, &st);
    MPI_Get_count(&st, MPI_CHAR, &count);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    return mtest_expect(
        flag && st.MPI_SOURCE == MPI_PROC_NULL && st.MPI_TAG == MPI_ANY_TAG && count == 0,
        "MPI_PROC_NULL: flag %d source %d tag %d count %d", flag, st.MPI_SOURCE, st.MPI_TAG, count);
}

static int empty_status(const MPI_Status *st, const char *what)
{
    int count = -1;

    MPI_Get_count(st, MPI_CHAR, &count);
    /* MPI_ERROR is left as it was: single-completion calls do not set it */
    return mtest_expect(st->MPI_SOURCE == MPI_ANY_SOURCE && st->MPI_TAG == MPI_ANY_TAG &&
                            count == 0,
                        "%s: not an empty status", what);
}

static int inactive(int rank)
{
    int errs = 0;
    int flag = 0;
    int index = 0;
    MPI_Request r;
    MPI_Status st;

    MPI_Recv_init(in, 4, MPI_CHAR, 1 - rank, 9, MPI_COMM_WORLD, &r);
    st.MPI_SOURCE = 5;
    MPI_Wait(&r, &st);
    errs += empty_status(&st, "MPI_Wait on an inactive request");
    st.MPI_TAG = 5;
    MPI_Test(&r, &flag, &st);
    errs += mtest_expect(flag == 1, "MPI_Test on an inactive request: flag %d", flag) +
            empty_status(&st, "MPI_Test on an inactive request");
    flag = 0;
    MPI_Request_get_status(r, &flag, &st);
    errs += mtest_expect(flag == 1, "MPI_Request_get_status: flag %d", flag) +
            empty_status(&st, "MPI_Request_get_status on an inactive request");
    MPI_Waitany(1, &r, &index, &st);
    errs += mtest_expect(index == MPI_UNDEFINED && r != MPI_REQUEST_NULL,
                         "MPI_Waitany on an inactive request: index %d", index);
    MPI_Request_free(&r);
    return errs;
}

int main(int argc, char **argv)
{
    static const int sizes[] = { 2000, 100000 };
    bool raw = argc > 1 && strcmp(argv[1], "raw") == 0;
    int errs = 0;
    int rank;
    double d[3];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < 2; i++) {
        int n = sizes[i];

        errs += exchange(rank, n, d);
        if (rank == 0 && raw)
            printf("%d bytes: Irecv+Isend+Waitall %.9f s, Isendrecv %.9f s, "
                   "Isendrecv_replace %.9f s\n",
                   n, d[0], d[1], d[2]);
        if (raw)
            errs += mtest_expect_time(d[0], rt_raw_transfer(n), "Irecv+Isend+Waitall");
        errs += mtest_expect_time(d[1], d[0], "Isendrecv against Irecv+Isend+Waitall");
        errs += mtest_expect_time(d[2], d[0], "Isendrecv_replace against Irecv+Isend+Waitall");
    }
    errs += strided_replace(rank);
    errs += proc_null();
    errs += inactive(rank);
    return mtest_finish(errs);
}
