/* MPI_Finalize while another thread of the rank is still in an MPI call is an error naming
 * that thread (the application must join its threads first). */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>

static void *receive(void *arg)
{
    int v;

    (void)arg;
    MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_SELF, MPI_STATUS_IGNORE);
    return NULL;
}

int main(int argc, char **argv)
{
    int provided;
    pthread_t th;

    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    pthread_create(&th, NULL, receive, NULL);
    sched_yield();
    MPI_Finalize();
    printf("MPI_Finalize returned\n");
    return 0;
}
