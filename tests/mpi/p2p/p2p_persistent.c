/* p2p_persistent: MPI_Send_init/MPI_Recv_init restarted ten times with MPI_Startall and
 * MPI_Waitall between two ranks. Prints "No Errors" from rank 0 on success. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, errs = 0, sval, rval;
    MPI_Request reqs[2];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank < 2) {
        int peer = 1 - rank;

        MPI_Recv_init(&rval, 1, MPI_INT, peer, 5, MPI_COMM_WORLD, &reqs[0]);
        MPI_Send_init(&sval, 1, MPI_INT, peer, 5, MPI_COMM_WORLD, &reqs[1]);
        for (int i = 0; i < 10; i++) {
            sval = rank * 100 + i;
            rval = -1;
            MPI_Startall(2, reqs);
            MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
            if (rval != peer * 100 + i) {
                fprintf(stderr, "rank %d iter %d: got %d\n", rank, i, rval);
                errs++;
            }
        }
        MPI_Request_free(&reqs[0]);
        MPI_Request_free(&reqs[1]);
    }
    MPI_Allreduce(MPI_IN_PLACE, &errs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0 && errs == 0)
        printf("No Errors\n");
    MPI_Finalize();
    return errs ? 1 : 0;
}
