/* Many threads of each rank in MPI at once: on one communicator (a ring exchange on
 * MPI_COMM_WORLD, told apart by tag) and on communicators of their own, which they duplicate
 * concurrently (MPI_Comm_dup on distinct parents, as MPI_THREAD_MULTIPLE allows) and reduce on.
 * Every value is checked; prints "No Errors" when all are right. */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>

#define NTHREADS 4
#define ROUNDS 3

static int rank;
static int size;
static MPI_Comm comms[NTHREADS];
static int errors[NTHREADS];

static void *work(void *arg)
{
    int t = (int)(long)arg;
    MPI_Comm mine;
    int sum = 0;
    int in = rank * 10 + t;
    int flag;

    MPI_Comm_dup(comms[t], &mine);
    MPI_Is_thread_main(&flag);
    if (flag)
        errors[t]++;
    for (int r = 0; r < ROUNDS; r++) {
        int out = rank * 100 + t * 10 + r;
        int got = -1;
        int left = (rank + size - 1) % size;

        MPI_Sendrecv(&out, 1, MPI_INT, (rank + 1) % size, t, &got, 1, MPI_INT, left, t,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (got != left * 100 + t * 10 + r)
            errors[t]++;
        MPI_Allreduce(&in, &sum, 1, MPI_INT, MPI_SUM, mine);
        if (sum != 10 * size * (size - 1) / 2 + size * t)
            errors[t]++;
    }
    MPI_Barrier(mine);
    MPI_Comm_free(&mine);
    return NULL;
}

int main(int argc, char **argv)
{
    int provided;
    int total = 0;
    int all;
    pthread_t th[NTHREADS];

    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int t = 0; t < NTHREADS; t++)
        MPI_Comm_dup(MPI_COMM_WORLD, &comms[t]);
    for (long t = 0; t < NTHREADS; t++)
        pthread_create(&th[t], NULL, work, (void *)t);
    for (int t = 0; t < NTHREADS; t++) {
        pthread_join(th[t], NULL);
        total += errors[t];
        MPI_Comm_free(&comms[t]);
    }
    MPI_Reduce(&total, &all, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (all == 0)
            printf(" No Errors\n");
        else
            printf(" Found %d errors\n", all);
    }
    MPI_Finalize();
    return 0;
}
