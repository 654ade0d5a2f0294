/* tr_paje_category: tracing categories (TRACE_category_with_color, TRACE_smpi_set_category).
 * Two ranks on two hosts. Rank 0 computes 2e8 flops and rank 1 4e8 flops in category "setup"
 * (declared with the colour "1 0 0"); rank 0 then sends 1 MiB in category "sender", which
 * rank 1 receives after its longer computation (a rendezvous send queued before its receive:
 * the transfer carries "sender"); rank 1 posts a receive first, rank 0 computes 1e8 flops and
 * sends 1 MiB (the receive was waiting: no category, as in SMPI), then 1000 bytes (a detached
 * send: no category); TRACE_smpi_set_category(NULL) changes nothing; last, both broadcast
 * 1 MiB in category "coll". The testlist reads the trace afterwards. Argument "null":
 * TRACE_category(NULL), which stops the run. */
#include <mpi.h>
#include <simgrid/instr.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BIG (1 << 20)

int main(int argc, char **argv)
{
    int rank;
    char *buf = calloc(BIG, 1);
    MPI_Request req;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (argc > 1 && strcmp(argv[1], "null") == 0)
        TRACE_category(NULL);
    TRACE_category_with_color("setup", "1 0 0");
    TRACE_smpi_set_category("setup");
    smpi_execute_flops(2e8 * (rank + 1));
    TRACE_smpi_set_category(rank == 0 ? "sender" : "receiver");
    if (rank == 0) {
        MPI_Send(buf, BIG, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
        smpi_execute_flops(1e8);
        TRACE_smpi_set_category(NULL);
        MPI_Send(buf, BIG, MPI_CHAR, 1, 1, MPI_COMM_WORLD);
        MPI_Send(buf, 1000, MPI_CHAR, 1, 2, MPI_COMM_WORLD);
    } else {
        MPI_Recv(buf, BIG, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Irecv(buf, BIG, MPI_CHAR, 0, 1, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        smpi_execute_flops(3e8);
        MPI_Recv(buf, 1000, MPI_CHAR, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    TRACE_smpi_set_category("coll");
    MPI_Bcast(buf, BIG, MPI_CHAR, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("No Errors\n");
    free(buf);
    MPI_Finalize();
    return 0;
}
