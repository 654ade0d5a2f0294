/* ti_sleep: sleeps between MPI calls, built with -trace-call-location (testlist cflags). Under
 * -trace-ti with tracing/smpi/sleeping and smpi/trace-call-location the trace holds SMPI's
 * "sleep" and "location" records, so its replay takes the online time, sleeps included; an
 * smpi/comp-adjustment-file ratio for the code segment of a sleep (its location to itself,
 * as SMPI keys it) divides that sleep in the replay. smpi332/sleep2.txt is SMPI 3.32's trace of
 * this program. */
#include <mpi.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    int rank;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Barrier(MPI_COMM_WORLD);
    sleep(10 + rank);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        sleep(5);
    MPI_Finalize();
    if (rank == 0)
        printf("No Errors\n");
    return 0;
}
