/* Two threads per rank, each playing ping-pong with its peer thread of the other rank on its own
 * tag: the pairs run side by side in simulated time. Under the Constant network model of 1 ms
 * per message (smpi/send-is-detached-thresh keeps the sends detached, costing nothing), a round
 * trip takes 2 ms, so each thread ends its ITERS round trips at 2 * ITERS ms, both at once, and
 * the main thread, joining them, at the same date. */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>

#define NTHREADS 2
#define ITERS 5

static int rank;

static void *pingpong(void *arg)
{
    int tag = (int)(long)arg;
    int peer = 1 - rank;
    int v = 0;

    for (int i = 0; i < ITERS; i++) {
        if (rank == 0) {
            v = i;
            MPI_Send(&v, 1, MPI_INT, peer, tag, MPI_COMM_WORLD);
            MPI_Recv(&v, 1, MPI_INT, peer, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            if (v != i + 100 * tag)
                printf("rank 0 thread %d: got %d, expected %d\n", tag, v, i + 100 * tag);
        } else {
            MPI_Recv(&v, 1, MPI_INT, peer, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            v += 100 * tag;
            MPI_Send(&v, 1, MPI_INT, peer, tag, MPI_COMM_WORLD);
        }
    }
    printf("rank %d thread %d done at %.6f\n", rank, tag, MPI_Wtime());
    return NULL;
}

int main(int argc, char **argv)
{
    int provided;
    int main_flag;
    pthread_t th[NTHREADS];

    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (provided != MPI_THREAD_MULTIPLE)
        printf("provided %d, not MPI_THREAD_MULTIPLE\n", provided);
    for (long t = 0; t < NTHREADS; t++)
        pthread_create(&th[t], NULL, pingpong, (void *)(t + 1));
    for (int t = 0; t < NTHREADS; t++)
        pthread_join(th[t], NULL);
    MPI_Is_thread_main(&main_flag);
    printf("rank %d joined at %.6f (main %d)\n", rank, MPI_Wtime(), main_flag);
    MPI_Finalize();
    return 0;
}
