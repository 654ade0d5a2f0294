/* rt_privbuf: messages and one-sided transfers between global (static) buffers keep each rank's
 * data when the globals are privatized, whichever rank runs when the data moves: under mmap
 * privatization every rank's globals share one virtual address. Each rank sends its rank from
 * a static buffer to the next rank's static buffer (nonblocking both ways, so the copy happens
 * while either rank runs), then puts it into the next rank's static window. */
#include <mpi.h>

#include "mtest.h"

/* rt_privbuf_big sets it to have more globals than mmap privatization switches by copying. */
#ifndef PRIVBUF_PAD
#define PRIVBUF_PAD 1
#endif

static char pad[PRIVBUF_PAD];
static int out[4];
static int in[4];
static int window[4];

int main(int argc, char **argv)
{
    int rank;
    int size;
    int errs = 0;
    MPI_Request req[2];
    MPI_Win win;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    pad[PRIVBUF_PAD - 1] = (char)rank;
    for (int i = 0; i < 4; i++)
        out[i] = rank * 10 + i;
    MPI_Irecv(in, 4, MPI_INT, (rank + size - 1) % size, 0, MPI_COMM_WORLD, &req[0]);
    MPI_Isend(out, 4, MPI_INT, (rank + 1) % size, 0, MPI_COMM_WORLD, &req[1]);
    MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
    for (int i = 0; i < 4; i++)
        errs += mtest_expect(in[i] == ((rank + size - 1) % size) * 10 + i,
                             "message: in[%d] = %d, expected %d", i, in[i],
                             ((rank + size - 1) % size) * 10 + i);
    MPI_Win_create(window, sizeof(window), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    MPI_Put(out, 4, MPI_INT, (rank + 1) % size, 0, 4, MPI_INT, win);
    MPI_Win_fence(0, win);
    MPI_Win_free(&win);
    for (int i = 0; i < 4; i++)
        errs += mtest_expect(window[i] == in[i], "put: window[%d] = %d, expected %d", i, window[i],
                             in[i]);
    errs += mtest_expect(pad[PRIVBUF_PAD - 1] == (char)rank, "pad holds %d, expected %d",
                         pad[PRIVBUF_PAD - 1], rank);
    return mtest_finish(errs);
}
