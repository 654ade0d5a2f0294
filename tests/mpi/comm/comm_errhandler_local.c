/* comm_errhandler_local: an error handler belongs to one rank's view of a communicator
 * (MPI_Comm_set_errhandler is local). Rank 1 alone sets a handler on MPI_COMM_WORLD: rank 0
 * still sees MPI_ERRORS_ARE_FATAL; rank 1's handler runs in rank 1 with its own communicator
 * handle and its own globals; a dup and a split of MPI_COMM_WORLD inherit each rank's handler;
 * MPI_COMM_SELF handlers are per rank too. */
#include <mpi.h>

#include "mtest.h"

static int calls;
static MPI_Comm expected;
static int wrong;

static void handler(MPI_Comm *comm, int *code, ...)
{
    if (*comm != expected || *code != MPI_ERR_OTHER)
        wrong++;
    calls++;
}

int main(int argc, char **argv)
{
    int rank, errs = 0;
    MPI_Errhandler h, got;
    MPI_Comm d, s;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_create_errhandler(handler, &h);
    if (rank == 1) {
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, h);
        MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Comm_get_errhandler(MPI_COMM_WORLD, &got);
    errs += mtest_expect((got == MPI_ERRORS_ARE_FATAL) == (rank != 1),
                         "rank %d sees the wrong handler on MPI_COMM_WORLD", rank);
    if (got != MPI_ERRORS_ARE_FATAL)
        MPI_Errhandler_free(&got);
    MPI_Comm_get_errhandler(MPI_COMM_SELF, &got);
    errs += mtest_expect((got == MPI_ERRORS_RETURN) == (rank == 1),
                         "rank %d sees the wrong handler on MPI_COMM_SELF", rank);
    MPI_Comm_dup(MPI_COMM_WORLD, &d);
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &s);
    if (rank == 1) {
        expected = MPI_COMM_WORLD;
        MPI_Comm_call_errhandler(MPI_COMM_WORLD, MPI_ERR_OTHER);
        expected = d;
        MPI_Comm_call_errhandler(d, MPI_ERR_OTHER);
        expected = s;
        MPI_Comm_call_errhandler(s, MPI_ERR_OTHER);
        errs +=
            mtest_expect(calls == 3 && wrong == 0, "handler ran %d times, %d wrong", calls, wrong);
    } else {
        MPI_Comm_get_errhandler(d, &got);
        errs += mtest_expect(got == MPI_ERRORS_ARE_FATAL, "rank %d's dup lost its handler", rank);
        errs += mtest_expect(calls == 0, "rank %d's globals saw %d calls", rank, calls);
    }
    MPI_Errhandler_free(&h);
    MPI_Comm_free(&d);
    MPI_Comm_free(&s);
    return mtest_finish(errs);
}
