/* p2p_status_error_kept: calls that complete or probe one request leave the MPI_ERROR field of
 * their status as the caller set it (MPI-3.1 section 3.2.5: the error is the return value):
 * MPI_Recv, MPI_Probe, MPI_Iprobe, MPI_Mprobe, MPI_Improbe, MPI_Mrecv, MPI_Wait, MPI_Test,
 * MPI_Sendrecv, and the same calls on MPI_PROC_NULL. */
#include <mpi.h>

#include "mtest.h"

#define MARK MPI_ERR_DIMS

static int check(MPI_Status *st, const char *call)
{
    int errs = mtest_expect(st->MPI_ERROR == MARK, "%s set MPI_ERROR to %d", call, st->MPI_ERROR);

    st->MPI_ERROR = MARK;
    return errs;
}

int main(int argc, char **argv)
{
    int errs = 0;
    int rank;
    int v = 7;
    int flag = 0;
    MPI_Status st = { .MPI_ERROR = MARK };
    MPI_Message msg;
    MPI_Request req;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        for (int i = 0; i < 6; i++)
            MPI_Send(&v, 1, MPI_INT, 1, i, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Probe(0, 0, MPI_COMM_WORLD, &st);
        errs += check(&st, "MPI_Probe");
        MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &st);
        errs += check(&st, "MPI_Recv");
        while (!flag)
            MPI_Iprobe(0, 1, MPI_COMM_WORLD, &flag, &st);
        errs += check(&st, "MPI_Iprobe");
        MPI_Mprobe(0, 1, MPI_COMM_WORLD, &msg, &st);
        errs += check(&st, "MPI_Mprobe");
        MPI_Mrecv(&v, 1, MPI_INT, &msg, &st);
        errs += check(&st, "MPI_Mrecv");
        for (flag = 0; !flag;)
            MPI_Improbe(0, 2, MPI_COMM_WORLD, &flag, &msg, &st);
        errs += check(&st, "MPI_Improbe");
        MPI_Mrecv(&v, 1, MPI_INT, &msg, MPI_STATUS_IGNORE);
        MPI_Irecv(&v, 1, MPI_INT, 0, 3, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, &st);
        errs += check(&st, "MPI_Wait");
        MPI_Irecv(&v, 1, MPI_INT, 0, 4, MPI_COMM_WORLD, &req);
        for (flag = 0; !flag;)
            MPI_Test(&req, &flag, &st);
        errs += check(&st, "MPI_Test");
        MPI_Sendrecv(&v, 1, MPI_INT, MPI_PROC_NULL, 0, &v, 1, MPI_INT, 0, 5, MPI_COMM_WORLD, &st);
        errs += check(&st, "MPI_Sendrecv");
        MPI_Recv(&v, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &st);
        errs += check(&st, "MPI_Recv from MPI_PROC_NULL");
        MPI_Probe(MPI_PROC_NULL, 0, MPI_COMM_WORLD, &st);
        errs += check(&st, "MPI_Probe of MPI_PROC_NULL");
    }
    return mtest_finish(errs);
}
