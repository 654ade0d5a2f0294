/* p2p_pingpong_data: data really moves between ranks paired (0,1), (2,3)...: ping-pong with
 * MPI_Send/MPI_Recv and MPI_Isend/MPI_Irecv, sizes 0 B to 1 MiB (eager, detached and
 * rendezvous paths), contiguous and padded pair types, plus a message to oneself. Prints
 * "No Errors" from rank 0. */
#include <mpi.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mtest.h"

static int me;

struct dint {
    double v;
    int i;
};

struct sint {
    short v;
    int i;
};

enum tkind { T_CHAR, T_INT, T_DOUBLE, T_DOUBLE_INT, T_SHORT_INT, T_COUNT };

static const char *const tnames[] = {
    [T_CHAR] = "MPI_CHAR",           [T_INT] = "MPI_INT",
    [T_DOUBLE] = "MPI_DOUBLE",       [T_DOUBLE_INT] = "MPI_DOUBLE_INT",
    [T_SHORT_INT] = "MPI_SHORT_INT",
};

static MPI_Datatype mpi_type(enum tkind t)
{
    switch (t) {
    case T_CHAR:
        return MPI_CHAR;
    case T_INT:
        return MPI_INT;
    case T_DOUBLE:
        return MPI_DOUBLE;
    case T_DOUBLE_INT:
        return MPI_DOUBLE_INT;
    default:
        return MPI_SHORT_INT;
    }
}

static size_t extent(enum tkind t)
{
    static const size_t ext[] = {
        [T_CHAR] = sizeof(char),
        [T_INT] = sizeof(int),
        [T_DOUBLE] = sizeof(double),
        [T_DOUBLE_INT] = sizeof(struct dint),
        [T_SHORT_INT] = sizeof(struct sint),
    };

    return ext[t];
}

/* Writes element i of the message identified by seed (the pair types leave padding alone). */
static void put(void *buf, enum tkind t, int i, int seed)
{
    int v = seed * 7919 + i;
    char *p = (char *)buf + (size_t)i * extent(t);

    if (t == T_CHAR)
        *(char *)p = (char)(v % 127);
    else if (t == T_INT)
        *(int *)p = v;
    else if (t == T_DOUBLE)
        *(double *)p = v + 0.25;
    else if (t == T_DOUBLE_INT)
        *(struct dint *)p = (struct dint){ v + 0.5, -v };
    else
        *(struct sint *)p = (struct sint){ (short)(v % 30000), -v };
}

static bool same(const void *buf, enum tkind t, int i, int seed)
{
    int v = seed * 7919 + i;
    const char *p = (const char *)buf + (size_t)i * extent(t);

    if (t == T_CHAR)
        return *(const char *)p == (char)(v % 127);
    if (t == T_INT)
        return *(const int *)p == v;
    if (t == T_DOUBLE)
        return *(const double *)p == v + 0.25;
    if (t == T_DOUBLE_INT)
        return ((const struct dint *)p)->v == v + 0.5 && ((const struct dint *)p)->i == -v;
    return ((const struct sint *)p)->v == (short)(v % 30000) && ((const struct sint *)p)->i == -v;
}

static void fill(void *buf, enum tkind t, int n, int seed)
{
    for (int i = 0; i < n; i++)
        put(buf, t, i, seed);
}

/* Checks n elements and that the element after them was not written. */
static int verify(const void *buf, enum tkind t, int n, int seed, const char *what)
{
    const unsigned char *guard = (const unsigned char *)buf + (size_t)n * extent(t);

    for (int i = 0; i < n; i++)
        if (!same(buf, t, i, seed))
            return mtest_expect(false, "%s %s count %d: element %d wrong", what, tnames[t], n, i);
    return mtest_expect(guard[0] == 0xa5, "%s %s count %d: wrote past the message", what, tnames[t],
                        n);
}

static int check_status(const MPI_Status *st, enum tkind t, int n, int src, int tag,
                        const char *what)
{
    int count = -1;

    MPI_Get_count(st, mpi_type(t), &count);
    return mtest_expect(st->MPI_SOURCE == src && st->MPI_TAG == tag && count == n,
                        "%s %s count %d: status source %d tag %d count %d, expected %d %d %d", what,
                        tnames[t], n, st->MPI_SOURCE, st->MPI_TAG, count, src, tag, n);
}

/* One round trip with blocking calls: the pinger sends, the ponger checks and sends back. */
static int blocking_round(void *buf, enum tkind t, int n, int peer, bool pinger, int seed)
{
    MPI_Status st;
    int errs = 0;

    memset(buf, 0xa5, (size_t)(n + 1) * extent(t));
    if (pinger) {
        fill(buf, t, n, seed);
        MPI_Send(buf, n, mpi_type(t), peer, seed % 1000, MPI_COMM_WORLD);
        memset(buf, 0xa5, (size_t)(n + 1) * extent(t));
        MPI_Recv(buf, n, mpi_type(t), peer, seed % 1000 + 1, MPI_COMM_WORLD, &st);
        errs += check_status(&st, t, n, peer, seed % 1000 + 1, "pong");
        errs += verify(buf, t, n, seed + 1, "pong");
    } else {
        MPI_Recv(buf, n, mpi_type(t), peer, seed % 1000, MPI_COMM_WORLD, &st);
        errs += check_status(&st, t, n, peer, seed % 1000, "ping");
        errs += verify(buf, t, n, seed, "ping");
        fill(buf, t, n, seed + 1);
        MPI_Send(buf, n, mpi_type(t), peer, seed % 1000 + 1, MPI_COMM_WORLD);
    }
    return errs;
}

/* Both ranks exchange at once with nonblocking calls (no deadlock even in rendezvous). */
static int exchange_round(void *sbuf, void *rbuf, enum tkind t, int n, int peer, int seed)
{
    MPI_Request reqs[2];
    MPI_Status st[2];
    int errs = 0;

    fill(sbuf, t, n, seed + me);
    memset(rbuf, 0xa5, (size_t)(n + 1) * extent(t));
    MPI_Irecv(rbuf, n, mpi_type(t), peer, 77, MPI_COMM_WORLD, &reqs[0]);
    MPI_Isend(sbuf, n, mpi_type(t), peer, 77, MPI_COMM_WORLD, &reqs[1]);
    MPI_Waitall(2, reqs, st);
    errs += mtest_expect(reqs[0] == MPI_REQUEST_NULL && reqs[1] == MPI_REQUEST_NULL,
                         "MPI_Waitall left a non-persistent request non-null");
    errs += check_status(&st[0], t, n, peer, 77, "exchange");
    errs += verify(rbuf, t, n, seed + peer, "exchange");
    /* the send buffer must be untouched by the send */
    for (int i = 0; i < n; i++)
        if (!same(sbuf, t, i, seed + me))
            return errs +
                   mtest_expect(false, "exchange %s count %d: send buffer changed", tnames[t], n);
    return errs;
}

/* A message to oneself: the receive is posted after the send, which must not block. */
static int self_round(void *sbuf, void *rbuf, enum tkind t, int n)
{
    MPI_Request req;
    MPI_Status st;
    int errs = 0;

    fill(sbuf, t, n, 4242);
    memset(rbuf, 0xa5, (size_t)(n + 1) * extent(t));
    MPI_Isend(sbuf, n, mpi_type(t), me, 5, MPI_COMM_WORLD, &req);
    MPI_Recv(rbuf, n, mpi_type(t), me, 5, MPI_COMM_WORLD, &st);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    errs += check_status(&st, t, n, me, 5, "self");
    errs += verify(rbuf, t, n, 4242, "self");
    return errs;
}

int main(int argc, char **argv)
{
    static const int bytes[] = { 0, 1, 7, 100, 4096, 65535, 65537, 300000, 1 << 20 };
    int size;
    int errs = 0;
    void *a;
    void *b;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    a = malloc((1 << 20) + 64);
    b = malloc((1 << 20) + 64);
    for (size_t s = 0; s < sizeof(bytes) / sizeof(bytes[0]); s++) {
        for (int t = 0; t < T_COUNT; t++) {
            int n = bytes[s] / (int)extent((enum tkind)t);
            int seed = (int)s * 10 + t;
            int peer = me ^ 1;

            errs += self_round(a, b, (enum tkind)t, n);
            if (peer >= size)
                continue;
            errs += blocking_round(a, (enum tkind)t, n, peer, me < peer, seed);
            errs += exchange_round(a, b, (enum tkind)t, n, peer, seed);
        }
    }
    free(a);
    free(b);
    return mtest_finish(errs);
}
