/* ti_coll: every collective that a TI trace records and SMPI 3.32's replay knows, on
 * MPI_COMM_WORLD (replays run on it), with uneven v-counts and declared computation. */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int rank, size;
    int *cnt, *sym, *disp, total = 0;
    double *a, *b;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    cnt = malloc(size * sizeof(int));
    sym = malloc(size * sizeof(int));
    disp = malloc(size * sizeof(int));
    for (int i = 0; i < size; i++) {
        cnt[i] = 100 * (i + 1);
        sym[i] = 50 * (i + rank + 1);
        disp[i] = total;
        total += cnt[i] > sym[i] ? cnt[i] : sym[i];
    }
    a = calloc((size_t)total + 100000 * size, sizeof(double));
    b = calloc((size_t)total + 100000 * size, sizeof(double));
    for (int rep = 0; rep < 2; rep++) {
        int n = rep ? 50000 : 100;

        smpi_execute_flops(2e6);
        MPI_Bcast(a, n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        MPI_Bcast(a, n, MPI_INT, size - 1, MPI_COMM_WORLD);
        MPI_Reduce(a, b, n, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
        MPI_Reduce(a, b, n, MPI_DOUBLE, MPI_SUM, size / 2, MPI_COMM_WORLD);
        MPI_Allreduce(a, b, n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        MPI_Alltoall(a, n / size + 1, MPI_DOUBLE, b, n / size + 1, MPI_DOUBLE, MPI_COMM_WORLD);
        MPI_Gather(a, n / size + 1, MPI_DOUBLE, b, n / size + 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        MPI_Scatter(a, n / size + 1, MPI_DOUBLE, b, n / size + 1, MPI_DOUBLE, 1 % size,
                    MPI_COMM_WORLD);
        MPI_Allgather(a, n / size + 1, MPI_DOUBLE, b, n / size + 1, MPI_DOUBLE, MPI_COMM_WORLD);
        MPI_Barrier(MPI_COMM_WORLD);
    }
    MPI_Alltoallv(a, sym, disp, MPI_INT, b, sym, disp, MPI_INT, MPI_COMM_WORLD);
    MPI_Gatherv(a, cnt[rank], MPI_DOUBLE, b, cnt, disp, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Scatterv(a, cnt, disp, MPI_DOUBLE, b, cnt[rank], MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Allgatherv(a, cnt[rank], MPI_DOUBLE, b, cnt, disp, MPI_DOUBLE, MPI_COMM_WORLD);
    MPI_Reduce_scatter(a, b, cnt, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Scan(a, b, 1000, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    smpi_execute_flops(1e6);
    MPI_Barrier(MPI_COMM_WORLD);
    free(a);
    free(b);
    free(cnt);
    free(sym);
    free(disp);
    if (rank == 0)
        printf("No Errors\n");
    MPI_Finalize();
    return 0;
}
