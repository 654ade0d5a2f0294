/* p2p_data: MPI_Send/MPI_Recv move data intact for sizes 0..1 MiB, with MPI_INT and
 * MPI_DOUBLE, and MPI_Get_count reports the received count. Prints "No Errors" from rank 0. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int rank, errs = 0;
    int max = (1 << 20) / (int)sizeof(double);
    int *ibuf;
    double *dbuf;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    ibuf = malloc((size_t)max * sizeof(double));
    dbuf = malloc((size_t)max * sizeof(double));
    for (int n = 0; n <= max; n = n ? n * 4 : 1) {
        if (rank == 0) {
            for (int i = 0; i < n; i++) {
                ibuf[i] = i * 3 + n;
                dbuf[i] = i * 0.5 + n;
            }
            MPI_Send(ibuf, n, MPI_INT, 1, 1, MPI_COMM_WORLD);
            MPI_Send(dbuf, n, MPI_DOUBLE, 1, 2, MPI_COMM_WORLD);
        } else if (rank == 1) {
            MPI_Status st;
            int count;

            for (int i = 0; i < n; i++) {
                ibuf[i] = -1;
                dbuf[i] = -1;
            }
            MPI_Recv(ibuf, n, MPI_INT, 0, 1, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_INT, &count);
            if (count != n || st.MPI_SOURCE != 0 || st.MPI_TAG != 1) {
                fprintf(stderr, "int n=%d: count %d source %d tag %d\n", n, count, st.MPI_SOURCE,
                        st.MPI_TAG);
                errs++;
            }
            MPI_Recv(dbuf, n, MPI_DOUBLE, 0, 2, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_DOUBLE, &count);
            if (count != n) {
                fprintf(stderr, "double n=%d: count %d\n", n, count);
                errs++;
            }
            for (int i = 0; i < n; i++) {
                if (ibuf[i] != i * 3 + n || dbuf[i] != i * 0.5 + n) {
                    fprintf(stderr, "n=%d: bad data at %d\n", n, i);
                    errs++;
                    break;
                }
            }
        }
    }
    free(ibuf);
    free(dbuf);
    MPI_Allreduce(MPI_IN_PLACE, &errs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0 && errs == 0)
        printf("No Errors\n");
    MPI_Finalize();
    return errs ? 1 : 0;
}
