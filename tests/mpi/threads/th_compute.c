/* The threads' computation shares their rank's host: two threads each computing 1e9 flops
 * (smpi_execute_flops) on a host of one core share it max-min, so both end at 2e9 / speed, while
 * the main thread computing alone afterwards takes 1e9 / speed. Prints the dates in units of
 * 1e9 / speed (the host's speed from sg_host_speed). */
#include <mpi.h>
#include <pthread.h>
#include <simgrid/host.h>
#include <smpi/smpi.h>
#include <stdio.h>

static double unit;

static void *compute(void *arg)
{
    smpi_execute_flops(1e9);
    printf("thread %ld ends at %.6f units\n", (long)arg, MPI_Wtime() / unit);
    return NULL;
}

int main(int argc, char **argv)
{
    int provided;
    pthread_t th[2];

    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    unit = 1e9 / sg_host_get_speed(sg_host_self());
    for (long t = 0; t < 2; t++)
        pthread_create(&th[t], NULL, compute, (void *)(t + 1));
    for (int t = 0; t < 2; t++)
        pthread_join(th[t], NULL);
    smpi_execute_flops(1e9);
    printf("main ends at %.6f units\n", MPI_Wtime() / unit);
    MPI_Finalize();
    return 0;
}
