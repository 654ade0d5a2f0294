/* fold_copy: as SMPI 3.32, no message data is copied into or out of a shared block (its content
 * is meaningless), and its kernel says so at verbose level (smpi_kernel): a small message (sent
 * detached, so copied aside first) into a shared buffer is "Receiver is shared", a large one
 * (rendezvous) out of a shared buffer is "Sender is shared". The receiver's buffers keep what
 * they held. Logs go to stdout (testlist) so that the outfile orders them with the output. */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <string.h>

#include "mtest.h"

#define BIG (1 << 20) /* above smpi/send-is-detached-thresh: not copied aside */

int main(int argc, char **argv)
{
    int errs = 0;
    int rank;
    int *shared;
    char *big_shared;
    char *big = NULL;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    shared = SMPI_SHARED_MALLOC(sizeof(int));
    big_shared = SMPI_SHARED_MALLOC(BIG);
    if (rank == 0) {
        int v = 42;

        MPI_Send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD); /* into a shared buffer */
        MPI_Barrier(MPI_COMM_WORLD); /* rank 1 has checked: the blocks fold into one memory */
        memset(big_shared, 7, BIG);
        MPI_Send(big_shared, BIG, MPI_CHAR, 1, 1, MPI_COMM_WORLD); /* out of one */
    } else {
        *shared = -1;
        MPI_Recv(shared, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errs += mtest_expect(*shared == -1, "the shared buffer got %d", *shared);
        MPI_Barrier(MPI_COMM_WORLD);
        big = calloc(BIG, 1);
        MPI_Recv(big, BIG, MPI_CHAR, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        errs += mtest_expect(big[0] == 0 && big[BIG - 1] == 0, "data came out of a shared block");
        free(big);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    SMPI_SHARED_FREE(big_shared);
    SMPI_SHARED_FREE(shared);
    return mtest_finish(errs);
}
