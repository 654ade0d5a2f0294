/* rt_privpaths: every path that moves data into or out of another rank's memory keeps each rank's
 * data when the buffers are privatized globals (static arrays), whichever rank runs when the data
 * moves: under mmap privatization (which smpi/privatization:yes takes for this program: no
 * constructor, thread or exit handler of its own, under 4 KiB of globals) every rank's globals
 * share one virtual address and only the running rank's are in place. Buffered, synchronous,
 * persistent and matched-probe messages, blocking and nonblocking collectives, partitioned
 * communication, one-sided transfers (created and dynamic windows, accumulate, fetch-and-op,
 * passive target) and nonblocking MPI-IO (file argv[1]), each from and into static buffers, or
 * (argv[2] "stack") buffers on main's stack, for contexts/copy-stacks: all ranks then run on one
 * stack, and a rank's part of it is in a copy of its own while another runs. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "mtest.h"

#define N 4
#define MAXP 8

/* The buffers: static (privatized globals), or on main's stack with argv[2] "stack", where
 * contexts/copy-stacks keeps them in a copy while another rank runs on the shared stack. */
struct bufs {
    int out[N];
    int in[N];
    int coll[MAXP * N];
    int window[N];
    int dyn[N];
    int fetched;
    char bsend[MPI_BSEND_OVERHEAD + N * sizeof(int) + 64];
    MPI_Request reqs[4];
    MPI_Status stats[4];
};
static struct bufs globals;
static struct bufs *B = &globals;

/* The value element i of rank r's `out` holds. */
static int val(int r, int i)
{
    return r * 10 + i;
}

static int expect_in(int from, const char *what)
{
    int errs = 0;

    for (int i = 0; i < N; i++)
        errs += mtest_expect(B->in[i] == val(from, i), "%s: in[%d] = %d, expected %d", what, i,
                             B->in[i], val(from, i));
    for (int i = 0; i < N; i++)
        B->in[i] = -1;
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
    MPI_Buffer_attach(B->bsend, (int)sizeof(B->bsend));
    MPI_Irecv(B->in, N, MPI_INT, prev, 1, MPI_COMM_WORLD, &B->reqs[0]);
    MPI_Bsend(B->out, N, MPI_INT, next, 1, MPI_COMM_WORLD);
    MPI_Wait(&B->reqs[0], &B->stats[0]);
    MPI_Buffer_detach(&b, &bsize);
    errs += expect_in(prev, "bsend");
    errs +=
        mtest_expect(B->stats[0].MPI_SOURCE == prev, "bsend: source %d", B->stats[0].MPI_SOURCE);
    /* synchronous, nonblocking */
    MPI_Irecv(B->in, N, MPI_INT, prev, 2, MPI_COMM_WORLD, &B->reqs[0]);
    MPI_Issend(B->out, N, MPI_INT, next, 2, MPI_COMM_WORLD, &B->reqs[1]);
    MPI_Waitall(2, B->reqs, B->stats);
    errs += expect_in(prev, "issend");
    /* persistent, started twice */
    MPI_Recv_init(B->in, N, MPI_INT, prev, 3, MPI_COMM_WORLD, &B->reqs[2]);
    MPI_Send_init(B->out, N, MPI_INT, next, 3, MPI_COMM_WORLD, &B->reqs[3]);
    for (int k = 0; k < 2; k++) {
        MPI_Startall(2, &B->reqs[2]);
        MPI_Waitall(2, &B->reqs[2], MPI_STATUSES_IGNORE);
        errs += expect_in(prev, "persistent");
    }
    MPI_Request_free(&B->reqs[2]);
    MPI_Request_free(&B->reqs[3]);
    /* matched probe, then a receive of the matched message */
    MPI_Isend(B->out, N, MPI_INT, next, 4, MPI_COMM_WORLD, &B->reqs[0]);
    MPI_Mprobe(prev, 4, MPI_COMM_WORLD, &msg, &B->stats[1]);
    MPI_Mrecv(B->in, N, MPI_INT, &msg, MPI_STATUS_IGNORE);
    MPI_Wait(&B->reqs[0], MPI_STATUS_IGNORE);
    errs += expect_in(prev, "mrecv");
    /* the buffer replaced in place */
    for (int i = 0; i < N; i++)
        B->in[i] = B->out[i];
    MPI_Sendrecv_replace(B->in, N, MPI_INT, next, 5, prev, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    errs += expect_in(prev, "sendrecv_replace");
    return errs;
}

static int collectives(int rank, int size)
{
    int errs = 0;

    MPI_Allgather(B->out, N, MPI_INT, B->coll, N, MPI_INT, MPI_COMM_WORLD);
    for (int r = 0; r < size; r++)
        for (int i = 0; i < N; i++)
            errs += mtest_expect(B->coll[r * N + i] == val(r, i), "allgather: [%d][%d] = %d", r, i,
                                 B->coll[r * N + i]);
    MPI_Iallreduce(B->out, B->in, N, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &B->reqs[0]);
    MPI_Wait(&B->reqs[0], MPI_STATUS_IGNORE);
    for (int i = 0; i < N; i++)
        errs += mtest_expect(B->in[i] == 10 * size * (size - 1) / 2 + size * i,
                             "iallreduce: in[%d] = %d", i, B->in[i]);
    for (int i = 0; i < N; i++)
        B->in[i] = rank == 1 % size ? val(1 % size, i) : -1;
    MPI_Ibcast(B->in, N, MPI_INT, 1 % size, MPI_COMM_WORLD, &B->reqs[0]);
    MPI_Wait(&B->reqs[0], MPI_STATUS_IGNORE);
    errs += expect_in(1 % size, "ibcast");
    for (int r = 0; r < size; r++)
        B->coll[r] = rank * 100 + r;
    MPI_Ialltoall(MPI_IN_PLACE, 1, MPI_INT, B->coll, 1, MPI_INT, MPI_COMM_WORLD, &B->reqs[0]);
    MPI_Wait(&B->reqs[0], MPI_STATUS_IGNORE);
    for (int r = 0; r < size; r++)
        errs += mtest_expect(B->coll[r] == r * 100 + rank, "ialltoall: [%d] = %d", r, B->coll[r]);
    MPI_Reduce(B->out, B->in, N, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0)
        errs += expect_in(size - 1, "reduce max");
    return errs;
}

static int partitioned(int rank, int size)
{
    int errs = 0;

    MPI_Precv_init(B->in, 2, N / 2, MPI_INT, (rank + size - 1) % size, 6, MPI_COMM_WORLD,
                   MPI_INFO_NULL, &B->reqs[0]);
    MPI_Psend_init(B->out, 2, N / 2, MPI_INT, (rank + 1) % size, 6, MPI_COMM_WORLD, MPI_INFO_NULL,
                   &B->reqs[1]);
    MPI_Startall(2, B->reqs);
    MPI_Pready(1, B->reqs[1]);
    MPI_Pready(0, B->reqs[1]);
    MPI_Waitall(2, B->reqs, MPI_STATUSES_IGNORE);
    errs += expect_in((rank + size - 1) % size, "partitioned");
    MPI_Request_free(&B->reqs[0]);
    MPI_Request_free(&B->reqs[1]);
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
        B->window[i] = val(rank, i);
    MPI_Win_create(B->window, sizeof(B->window), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    MPI_Get(B->in, N, MPI_INT, next, 0, N, MPI_INT, win);
    MPI_Win_fence(0, win);
    errs += expect_in(next, "get");
    MPI_Accumulate(&one, 1, MPI_INT, next, 0, 1, MPI_INT, MPI_SUM, win);
    MPI_Win_fence(0, win);
    errs += mtest_expect(B->window[0] == val(rank, 0) + 1, "accumulate: %d", B->window[0]);
    MPI_Win_lock(MPI_LOCK_SHARED, prev, 0, win);
    MPI_Fetch_and_op(&one, &B->fetched, MPI_INT, prev, 1, MPI_SUM, win);
    MPI_Win_unlock(prev, win);
    errs += mtest_expect(B->fetched == val(prev, 1), "fetch_and_op: fetched %d", B->fetched);
    MPI_Barrier(MPI_COMM_WORLD);
    errs += mtest_expect(B->window[1] == val(rank, 1) + 1, "fetch_and_op: window %d", B->window[1]);
    MPI_Win_free(&win);
    /* a dynamic window: the target's own address of its global */
    MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_attach(win, B->dyn, sizeof(B->dyn));
    MPI_Get_address(B->dyn, &addrs[rank]);
    MPI_Allgather(MPI_IN_PLACE, 1, MPI_AINT, addrs, 1, MPI_AINT, MPI_COMM_WORLD);
    MPI_Win_fence(0, win);
    MPI_Put(B->out, N, MPI_INT, next, addrs[next], N, MPI_INT, win);
    MPI_Win_fence(0, win);
    for (int i = 0; i < N; i++)
        errs += mtest_expect(B->dyn[i] == val(prev, i), "dynamic put: dyn[%d] = %d", i, B->dyn[i]);
    MPI_Win_detach(win, B->dyn);
    MPI_Win_free(&win);
    return errs;
}

static int file_io(int rank, int size, const char *path)
{
    int errs = 0;
    MPI_File fh;

    MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE,
                  MPI_INFO_NULL, &fh);
    MPI_File_iwrite_at(fh, (MPI_Offset)(rank * sizeof(B->out)), B->out, N, MPI_INT, &B->reqs[0]);
    MPI_Wait(&B->reqs[0], MPI_STATUS_IGNORE);
    MPI_File_sync(fh);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_iread_at(fh, (MPI_Offset)(((rank + 1) % size) * sizeof(B->in)), B->in, N, MPI_INT,
                      &B->reqs[0]);
    MPI_Wait(&B->reqs[0], MPI_STATUS_IGNORE);
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
        B->out[i] = val(rank, i);
        B->in[i] = -1;
    }
    return messages(rank, size) + collectives(rank, size) + partitioned(rank, size) +
           one_sided(rank, size) + file_io(rank, size, path);
}

int main(int argc, char **argv)
{
    struct bufs local;

    MPI_Init(&argc, &argv);
    if (argc < 2) {
        fprintf(stderr, "usage: rt_privpaths FILE [stack]\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    if (argc > 2 && strcmp(argv[2], "stack") == 0)
        B = &local;
    return mtest_finish(all_paths(argv[1]));
}
