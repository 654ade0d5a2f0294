/* p2p_sendrecv: MPI_Sendrecv and MPI_Sendrecv_replace around a ring. Prints "No Errors" from
 * rank 0 on success. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, size, errs = 0, out, in = -1, val;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    out = rank * 10;
    MPI_Sendrecv(&out, 1, MPI_INT, right, 3, &in, 1, MPI_INT, left, 3, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    if (in != left * 10) {
        fprintf(stderr, "rank %d: Sendrecv got %d, expected %d\n", rank, in, left * 10);
        errs++;
    }
    val = rank;
    MPI_Sendrecv_replace(&val, 1, MPI_INT, right, 4, left, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (val != left) {
        fprintf(stderr, "rank %d: Sendrecv_replace got %d, expected %d\n", rank, val, left);
        errs++;
    }
    MPI_Allreduce(MPI_IN_PLACE, &errs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0 && errs == 0)
        printf("No Errors\n");
    MPI_Finalize();
    return errs ? 1 : 0;
}
