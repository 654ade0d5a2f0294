/* Sleeps for the Paje trace test of tracing/smpi/sleeping: each rank sleeps with sleep, usleep
 * and nanosleep (rank r for 1 + r s, 1 ms and 5 ms), then meets the others in a barrier. The
 * expected "sleeping" states are in tr_paje_sleep.expect. */
#include <mpi.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    int rank;
    struct timespec ts = { 0, 5000000 };

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    sleep(1 + (unsigned)rank);
    usleep(1000);
    nanosleep(&ts, NULL);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        printf("No Errors\n");
    MPI_Finalize();
    return 0;
}
