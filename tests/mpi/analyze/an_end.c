/* an_end: what the ranks leave behind at MPI_Finalize, reported under smpi/pedantic (MPI-3.1
 * section 8.7: every communication must be complete). Argument "left": rank 0 sends two
 * messages that rank 1 never receives (one by MPI_Isend whose request it never waits for)
 * and rank 1 posts an MPI_Irecv that nothing matches; the run still ends normally. "ok": the
 * same messages, all received and every request completed, which nothing reports. */
#include <mpi.h>
#include <string.h>

#include "mtest.h"

int main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "ok";
    bool left = !strcmp(what, "left");
    int rank;
    int x[2] = { 5, 6 };
    int y[3];
    MPI_Request r = MPI_REQUEST_NULL;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
#line 100
        MPI_Isend(&x[0], 1, MPI_INT, 1, 7, MPI_COMM_WORLD, &r);
        MPI_Send(&x[1], 1, MPI_INT, 1, 8, MPI_COMM_WORLD);
    } else if (rank == 1) {
#line 200
        MPI_Irecv(&y[0], 1, MPI_INT, 0, left ? 9 : 7, MPI_COMM_WORLD, &r);
        if (!left)
            MPI_Recv(&y[1], 1, MPI_INT, 0, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    if (!left)
        MPI_Wait(&r, MPI_STATUS_IGNORE);
#line 300
    return mtest_finish(0);
}
