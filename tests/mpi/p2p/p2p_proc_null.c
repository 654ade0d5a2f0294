/* p2p_proc_null: communication with MPI_PROC_NULL completes at once with source
 * MPI_PROC_NULL, tag MPI_ANY_TAG and count 0. Prints "No Errors" from rank 0. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, errs = 0, count, buf[4] = { 7, 7, 7, 7 };
    MPI_Status st;
    MPI_Request req;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Send(buf, 4, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD);
    MPI_Recv(buf, 4, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    if (st.MPI_SOURCE != MPI_PROC_NULL || st.MPI_TAG != MPI_ANY_TAG || count != 0) {
        fprintf(stderr, "Recv from PROC_NULL: source %d tag %d count %d\n", st.MPI_SOURCE,
                st.MPI_TAG, count);
        errs++;
    }
    MPI_Irecv(buf, 4, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, &st);
    if (st.MPI_SOURCE != MPI_PROC_NULL || req != MPI_REQUEST_NULL) {
        fprintf(stderr, "Irecv from PROC_NULL: source %d\n", st.MPI_SOURCE);
        errs++;
    }
    MPI_Sendrecv(buf, 4, MPI_INT, MPI_PROC_NULL, 0, buf, 4, MPI_INT, MPI_PROC_NULL, 0,
                 MPI_COMM_WORLD, &st);
    if (st.MPI_SOURCE != MPI_PROC_NULL || buf[0] != 7) {
        fprintf(stderr, "Sendrecv with PROC_NULL: source %d\n", st.MPI_SOURCE);
        errs++;
    }
    MPI_Allreduce(MPI_IN_PLACE, &errs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0 && errs == 0)
        printf("No Errors\n");
    MPI_Finalize();
    return errs ? 1 : 0;
}
