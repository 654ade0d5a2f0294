/* rt_deadlock: both ranks receive from each other first. The run must end with a non-zero
 * status and a report naming each blocked rank, its call, peer, tag and communicator, with a
 * backtrace through wait_for_peer (checked by the testlist). Needs 2 ranks. */
#include <mpi.h>

__attribute__((noinline)) static void wait_for_peer(int peer)
{
    int x;

    MPI_Recv(&x, 1, MPI_INT, peer, 42, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

int main(int argc, char **argv)
{
    int rank;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    wait_for_peer(1 - rank);
    MPI_Finalize();
    return 0;
}
