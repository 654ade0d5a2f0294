/* sp_deadlock: a spawned rank that waits for a message its parent never sends. The parent
 * finalizes; the run does not end while the child lives, and the deadlock report names the child
 * as "rank 0 of spawn 1" on its host (b, after smpirun's rank on a) with its call; the job exits
 * with 1 (checked by the testlist). */
#include <mpi.h>

int main(int argc, char **argv)
{
    int x = 0;
    MPI_Comm parent;
    MPI_Comm inter;

    MPI_Init(&argc, &argv);
    MPI_Comm_get_parent(&parent);
    if (parent != MPI_COMM_NULL)
        MPI_Recv(&x, 1, MPI_INT, 0, 0, parent, MPI_STATUS_IGNORE);
    else
        MPI_Comm_spawn(argv[0], MPI_ARGV_NULL, 1, MPI_INFO_NULL, 0, MPI_COMM_WORLD, &inter,
                       MPI_ERRCODES_IGNORE);
    MPI_Finalize();
    return 0;
}
