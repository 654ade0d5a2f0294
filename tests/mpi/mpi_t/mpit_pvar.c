/* mpit_pvar: the performance variables of the tool interface. A started handle of
 * smpi_msgs_sent and smpi_bytes_sent counts the messages the rank sends while it is started
 * (three of 100 ints from rank 0 to rank 1: 3 and 1200 at rank 0, 0 at rank 1), keeps its
 * value when stopped, restarts from it, and is zeroed by a reset; smpi_unexpected_queue_length
 * is the number of messages waiting at a rank for a receive (2 before rank 1 receives them, 0
 * after, while the other ranks send it nothing: a collective's messages count too);
 * smpi_coll_bcast_calls counts this rank's MPI_Bcast calls per algorithm (two with the forced
 * binomial_tree); continuous and read-only variables refuse start and reset. */
#include <mpi.h>
#include <string.h>

#include "mtest.h"

static MPI_T_pvar_handle alloc(MPI_T_pvar_session s, const char *name, int cls, int *count)
{
    MPI_T_pvar_handle h = MPI_T_PVAR_HANDLE_NULL;
    int idx = -1;

    MPI_T_pvar_get_index(name, cls, &idx);
    MPI_T_pvar_handle_alloc(s, idx, NULL, &h, count);
    return h;
}

static int counters(int rank, MPI_T_pvar_session s)
{
    int c;
    MPI_T_pvar_handle msgs = alloc(s, "smpi_msgs_sent", MPI_T_PVAR_CLASS_COUNTER, &c);
    MPI_T_pvar_handle bytes = alloc(s, "smpi_bytes_sent", MPI_T_PVAR_CLASS_COUNTER, &c);
    unsigned long long m = 99;
    unsigned long long b = 99;
    int buf[100] = { 0 };
    int errs = 0;

    MPI_Barrier(MPI_COMM_WORLD); /* not counted: the handles are stopped */
    MPI_T_pvar_start(s, MPI_T_PVAR_ALL_HANDLES);
    for (int i = 0; i < 3; i++)
        if (rank == 0)
            MPI_Send(buf, 100, MPI_INT, 1, i, MPI_COMM_WORLD);
        else if (rank == 1)
            MPI_Recv(buf, 100, MPI_INT, 0, i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_T_pvar_stop(s, msgs);
    MPI_T_pvar_stop(s, bytes);
    MPI_Barrier(MPI_COMM_WORLD); /* not counted either */
    MPI_T_pvar_read(s, msgs, &m);
    MPI_T_pvar_read(s, bytes, &b);
    errs += mtest_expect(m == (rank == 0 ? 3u : 0u) && b == (rank == 0 ? 1200u : 0u),
                         "sent %llu messages, %llu bytes", m, b);
    MPI_T_pvar_start(s, msgs);
    if (rank == 0)
        MPI_Send(buf, 1, MPI_INT, 1, 9, MPI_COMM_WORLD);
    else if (rank == 1)
        MPI_Recv(buf, 1, MPI_INT, 0, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_T_pvar_read(s, msgs, &m);
    errs += mtest_expect(m == (rank == 0 ? 4u : 0u), "restarted: %llu messages", m);
    MPI_T_pvar_reset(s, msgs);
    MPI_T_pvar_read(s, msgs, &m);
    errs += mtest_expect(m == 0, "reset: %llu messages", m);
    MPI_T_pvar_stop(s, msgs);
    return errs;
}

static int unexpected(int rank, int size, MPI_T_pvar_session s)
{
    int c;
    MPI_T_pvar_handle q = alloc(s, "smpi_unexpected_queue_length", MPI_T_PVAR_CLASS_LEVEL, &c);
    unsigned n = 99;
    int x[2] = { 1, 2 };
    int errs = 0;

    errs += mtest_expect(MPI_T_pvar_start(s, q) == MPI_T_ERR_PVAR_NO_STARTSTOP, "started");
    errs += mtest_expect(MPI_T_pvar_reset(s, q) == MPI_T_ERR_PVAR_NO_WRITE, "reset");
    if (rank == 0) {
        MPI_Send(&x[0], 1, MPI_INT, 1, 20, MPI_COMM_WORLD);
        MPI_Send(&x[1], 1, MPI_INT, 1, 21, MPI_COMM_WORLD);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank != 1) { /* wait for rank 1's readings: send it nothing meanwhile */
        MPI_Recv(NULL, 0, MPI_INT, 1, 22, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        return errs;
    }
    MPI_T_pvar_read(s, q, &n);
    errs += mtest_expect(n == 2, "unexpected queue before: %u", n);
    MPI_Recv(&x[0], 1, MPI_INT, 0, 20, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(&x[1], 1, MPI_INT, 0, 21, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_T_pvar_read(s, q, &n);
    errs += mtest_expect(n == 0, "unexpected queue after: %u", n);
    for (int r = 0; r < size; r++)
        if (r != 1)
            MPI_Send(NULL, 0, MPI_INT, r, 22, MPI_COMM_WORLD);
    return errs;
}

/* Two bcasts with the forced binomial_tree: its element of smpi_coll_bcast_calls is 2. */
static int calls(MPI_T_pvar_session s)
{
    int count = 0;
    MPI_T_pvar_handle h = alloc(s, "smpi_coll_bcast_calls", MPI_T_PVAR_CLASS_COUNTER, &count);
    unsigned long long v[64];
    MPI_T_enum e;
    int idx = -1;
    int x = 0;
    int errs = 0;

    MPI_T_pvar_get_index("smpi_coll_bcast_calls", MPI_T_PVAR_CLASS_COUNTER, &idx);
    MPI_T_pvar_get_info(idx, NULL, NULL, NULL, NULL, NULL, &e, NULL, NULL, NULL, NULL, NULL, NULL);
    MPI_T_pvar_start(s, h);
    MPI_Bcast(&x, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Bcast(&x, 1, MPI_INT, 1, MPI_COMM_WORLD);
    MPI_T_pvar_read(s, h, v);
    for (int i = 0; i < count && i < 64; i++) {
        char name[64];
        int len = sizeof(name);
        int value;

        MPI_T_enum_get_item(e, i, &value, name, &len);
        errs += mtest_expect(v[i] == (strcmp(name, "binomial_tree") == 0 ? 2u : 0u),
                             "calls of %s: %llu", name, v[i]);
    }
    return errs;
}

int main(int argc, char **argv)
{
    MPI_T_pvar_session s;
    int provided;
    int rank;
    int size;
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_T_init_thread(MPI_THREAD_SINGLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_T_pvar_session_create(&s);
    errs += counters(rank, s);
    errs += unexpected(rank, size, s);
    errs += calls(s);
    MPI_T_pvar_session_free(&s);
    errs += mtest_expect(s == MPI_T_PVAR_SESSION_NULL, "the freed session");
    MPI_T_finalize();
    return mtest_finish(errs);
}
