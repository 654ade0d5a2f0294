/* A deadlock that involves threads: rank 0's thread 1 takes a mutex and waits for a message
 * that rank 1 never sends, while rank 0's main thread waits for the mutex and rank 1 for a
 * message from rank 0. The deadlock report names each blocked thread and its call. */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *hold_and_receive(void *arg)
{
    int v;

    (void)arg;
    pthread_mutex_lock(&lock);
    MPI_Recv(&v, 1, MPI_INT, 1, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    pthread_mutex_unlock(&lock);
    return NULL;
}

int main(int argc, char **argv)
{
    int provided;
    int rank;
    int v;
    pthread_t th;

    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        pthread_create(&th, NULL, hold_and_receive, NULL);
        usleep(10);
        pthread_mutex_lock(&lock);
        pthread_mutex_unlock(&lock);
        pthread_join(th, NULL);
    } else {
        MPI_Recv(&v, 1, MPI_INT, 0, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
