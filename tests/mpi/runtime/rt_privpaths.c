/* rt_privpaths: every path that moves data into or out of another rank's memory keeps each rank's
 * data when the buffers are privatized globals (static arrays), whichever rank runs when the data
 * moves: under mmap privatization (which smpi/privatization:yes takes for this program: no
 * constructor, thread or exit handler of its own, under 4 KiB of globals) every rank's globals
 * share one virtual address and only the running rank's are in place. Buffered, synchronous,
 * persistent and matched-probe messages, blocking and nonblocking collectives, partitioned
 * communication, one-sided transfers (created and dynamic windows, accumulate, fetch-and-op,
 * passive target) and nonblocking MPI-IO (file argv[1]), each from and into static buffers. */
#include <mpi.h>
#include <stdio.h>

#include "mtest.h"

#define N 4
#define MAXP 8

static int out[N];
static int in[N];
static int coll[MAXP * N];
static int window[N];
static int dyn[N];
static int fetched;
static char bsend[MPI_BSEND_OVERHEAD + N * sizeof(int) + 64];
static MPI_Request reqs[4];
static MPI_Status stats[4];

/* The value element i of rank r's `out` holds. */
static int val(int r, int i)
{
    return r * 10 + i;
}

static int expect_in(int from, const char *what)
{
    int errs = 0;

    for (int i = 0; i < N; i++)
        errs += mtest_expect(in[i] == val(from, i), "%s: in[%d] = %d, expected %d", what, i, in[i],
                             val(from, i));
    for (int i = 0; i < N; i++)
        in[i] = -1;
    return errs;
}

static int messages(int rank, int size)
{
    int next = (rank + 1) % size;
    int prev = (rank + size - 1) % size;
    int errs = 0;
    int bsize;
    void *b;
    MPI_Message msg;

    /* buffered: the attached buffer is a global too */
    MPI_Buffer_attach(bsend, (int)sizeof(bsend));
    MPI_Irecv(in, N, MPI_INT, prev, 1, MPI_COMM_WORLD, &reqs[0]);
    MPI_Bsend(out, N, MPI_INT, next, 1, MPI_COMM_WORLD);
    MPI_Wait(&reqs[0], &stats[0]);
    MPI_Buffer_detach(&b, &bsize);
    errs += expect_in(prev, "bsend");
    errs += mtest_expect(stats[0].MPI_SOURCE == prev, "bsend: source %d", stats[0].MPI_SOURCE);
    /* synchronous, nonblocking */
    MPI_Irecv(in, N, MPI_INT, prev, 2, MPI_COMM_WORLD, &reqs[0]);
    MPI_Issend(out, N, MPI_INT, next, 2, MPI_COMM_WORLD, &reqs[1]);
    MPI_Waitall(2, reqs, stats);
    errs += expect_in(prev, "issend");
    /* persistent, started twice */
    MPI_Recv_init(in, N, MPI_INT, prev, 3, MPI_COMM_WORLD, &reqs[2]);
    MPI_Send_init(out, N, MPI_INT, next, 3, MPI_COMM_WORLD, &reqs[3]);
    for (int k = 0; k < 2; k++) {
        MPI_Startall(2, &reqs[2]);
        MPI_Waitall(2, &reqs[2], MPI_STATUSES_IGNORE);
        errs += expect_in(prev, "persistent");
    }
    MPI_Request_free(&reqs[2]);
    MPI_Request_free(&reqs[3]);
    /* matched probe, then a receive of the matched message */
    MPI_Isend(out, N, MPI_INT, next, 4, MPI_COMM_WORLD, &reqs[0]);
    MPI_Mprobe(prev, 4, MPI_COMM_WORLD, &msg, &stats[1]);
    MPI_Mrecv(in, N, MPI_INT, &msg, MPI_STATUS_IGNORE);
    MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
    errs += expect_in(prev, "mrecv");
    /* the buffer replaced in place */
    for (int i = 0; i < N; i++)
        in[i] = out[i];
    MPI_Sendrecv_replace(in, N, MPI_INT, next, 5, prev, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    errs += expect_in(prev, "sendrecv_replace");
    return errs;
}

static int collectives(int rank, int size)
{
    int errs = 0;

    MPI_Allgather(out, N, MPI_INT, coll, N, MPI_INT, MPI_COMM_WORLD);
    for (int r = 0; r < size; r++)
        for (int i = 0; i < N; i++)
            errs += mtest_expect(coll[r * N + i] == val(r, i), "allgather: [%d][%d] = %d", r, i,
                                 coll[r * N + i]);
    MPI_Iallreduce(out, in, N, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &reqs[0]);
    MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
    for (int i = 0; i < N; i++)
        errs += mtest_expect(in[i] == 10 * size * (size - 1) / 2 + size * i,
                             "iallreduce: in[%d] = %d", i, in[i]);
    for (int i = 0; i < N; i++)
        in[i] = rank == 1 % size ? val(1 % size, i) : -1;
    MPI_Ibcast(in, N, MPI_INT, 1 % size, MPI_COMM_WORLD, &reqs[0]);
    MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
    errs += expect_in(1 % size, "ibcast");
    for (int r = 0; r < size; r++)
        coll[r] = rank * 100 + r;
    MPI_Ialltoall(MPI_IN_PLACE, 1, MPI_INT, coll, 1, MPI_INT, MPI_COMM_WORLD, &reqs[0]);
    MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
    for (int r = 0; r < size; r++)
        errs += mtest_expect(coll[r] == r * 100 + rank, "ialltoall: [%d] = %d", r, coll[r]);
    MPI_Reduce(out, in, N, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0)
        errs += expect_in(size - 1, "reduce max");
    return errs;
}

static int partitioned(int rank, int size)
{
    int errs = 0;

    MPI_Precv_init(in, 2, N / 2, MPI_INT, (rank + size - 1) % size, 6, MPI_COMM_WORLD,
                   MPI_INFO_NULL, &reqs[0]);
    MPI_Psend_init(out, 2, N / 2, MPI_INT, (rank + 1) % size, 6, MPI_COMM_WORLD, MPI_INFO_NULL,
                   &reqs[1]);
    MPI_Startall(2, reqs);
    MPI_Pready(1, reqs[1]);
    MPI_Pready(0, reqs[1]);
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    errs += expect_in((rank + size - 1) % size, "partitioned");
    MPI_Request_free(&reqs[0]);
    MPI_Request_free(&reqs[1]);
    return errs;
}

static int one_sided(int rank, int size)
{
    int next = (rank + 1) % size;
    int prev = (rank + size - 1) % size;
    int errs = 0;
    int one = 1;
    MPI_Aint addrs[MAXP];
    MPI_Win win;

    for (int i = 0; i < N; i++)
        window[i] = val(rank, i);
    MPI_Win_create(window, sizeof(window), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    MPI_Get(in, N, MPI_INT, next, 0, N, MPI_INT, win);
    MPI_Win_fence(0, win);
    errs += expect_in(next, "get");
    MPI_Accumulate(&one, 1, MPI_INT, next, 0, 1, MPI_INT, MPI_SUM, win);
    MPI_Win_fence(0, win);
    errs += mtest_expect(window[0] == val(rank, 0) + 1, "accumulate: %d", window[0]);
    MPI_Win_lock(MPI_LOCK_SHARED, prev, 0, win);
    MPI_Fetch_and_op(&one, &fetched, MPI_INT, prev, 1, MPI_SUM, win);
    MPI_Win_unlock(prev, win);
    errs += mtest_expect(fetched == val(prev, 1), "fetch_and_op: fetched %d", fetched);
    MPI_Barrier(MPI_COMM_WORLD);
    errs += mtest_expect(window[1] == val(rank, 1) + 1, "fetch_and_op: window %d", window[1]);
    MPI_Win_free(&win);
    /* a dynamic window: the target's own address of its global */
    MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_attach(win, dyn, sizeof(dyn));
    MPI_Get_address(dyn, &addrs[rank]);
    MPI_Allgather(MPI_IN_PLACE, 1, MPI_AINT, addrs, 1, MPI_AINT, MPI_COMM_WORLD);
    MPI_Win_fence(0, win);
    MPI_Put(out, N, MPI_INT, next, addrs[next], N, MPI_INT, win);
    MPI_Win_fence(0, win);
    for (int i = 0; i < N; i++)
        errs += mtest_expect(dyn[i] == val(prev, i), "dynamic put: dyn[%d] = %d", i, dyn[i]);
    MPI_Win_detach(win, dyn);
    MPI_Win_free(&win);
    return errs;
}

static int file_io(int rank, int size, const char *path)
{
    int errs = 0;
    MPI_File fh;

    MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE,
                  MPI_INFO_NULL, &fh);
    MPI_File_iwrite_at(fh, (MPI_Offset)(rank * sizeof(out)), out, N, MPI_INT, &reqs[0]);
    MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
    MPI_File_sync(fh);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_iread_at(fh, (MPI_Offset)(((rank + 1) % size) * sizeof(in)), in, N, MPI_INT, &reqs[0]);
    MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
    errs += expect_in((rank + 1) % size, "iread_at");
    MPI_File_close(&fh);
    return errs;
}

/* Every path in turn, from and into the static buffers, with the IO file at `path`. */
static int all_paths(const char *path)
{
    int rank;
    int size;

    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size > MAXP) {
        fprintf(stderr, "rt_privpaths runs on at most %d ranks\n", MAXP);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < N; i++) {
        out[i] = val(rank, i);
        in[i] = -1;
    }
    return messages(rank, size) + collectives(rank, size) + partitioned(rank, size) +
           one_sided(rank, size) + file_io(rank, size, path);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    if (argc < 2) {
        fprintf(stderr, "usage: rt_privpaths FILE\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    return mtest_finish(all_paths(argv[1]));
}
