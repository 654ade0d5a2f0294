/* rt_wake_order: the order in which ranks woken at one simulated date run is SMPI 3.32's (see
 * DESIGN.md, "Determinism"). Four ranks, placed a, b, a, b on two_hosts.xml; each line is
 * printed by the rank that runs, so stdout is the order itself. rt_wake_order.out is SMPI
 * 3.32's stdout for this program with the same options (smpirun -np 4 -platform two_hosts.xml
 * --cfg=smpi/simulate-computation:no --cfg=smpi/wtime:0); simmpi before issue 16 printed
 * 1. in the order 1, 3 and 3. as 10, 11, 30, 31.
 * 1. Rank 0 sends to rank 1, then to rank 3: the two transfers take the same link and end at
 *    the same date; the one enabled last is rescheduled first and ends first (SimGrid's
 *    enabled_element_set_ pushes to its front), so rank 3 runs before rank 1.
 * 2. Ranks 3 and 1, woken in that order, each sleep 1 ms: the two sleeps end at the same date,
 *    the last one started first (SimGrid's cpu model pushes a sleep to the front of its
 *    modified set), so rank 1 runs before rank 3.
 * 3. Ranks 1 and 3 post two sends each to rank 0 at the same date, which receives four times
 *    from MPI_ANY_SOURCE: postings interleave rank by rank (each is a simcall in SMPI), and
 *    the sources come in SMPI's order. */
#include <mpi.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    int rank, size, x = 0;
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size != 4) {
        if (rank == 0)
            printf("rt_wake_order needs 4 ranks\n");
        MPI_Finalize();
        return 1;
    }
    if (rank == 0) {
        MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
        MPI_Send(&x, 1, MPI_INT, 3, 0, MPI_COMM_WORLD);
    } else if (rank % 2) {
        MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("1. rank %d receives at %.9f\n", rank, MPI_Wtime());
        usleep(1000);
        printf("2. rank %d wakes at %.9f\n", rank, MPI_Wtime());
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        for (int i = 0; i < 4; i++) {
            MPI_Recv(&x, 1, MPI_INT, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, &st);
            printf("3. message %d (%d of rank %d) at %.9f\n", i, x, st.MPI_SOURCE, MPI_Wtime());
        }
    } else if (rank % 2) {
        MPI_Request r[2];
        int v[2] = { 10 * rank, 10 * rank + 1 };

        MPI_Isend(&v[0], 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &r[0]);
        MPI_Isend(&v[1], 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &r[1]);
        MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
