/* th_stack: a rank's threads share locals of its main, passed by pointer (a mutex, a condition,
 * a counter, a buffer), and exchange messages from main's buffer into buffers on their own
 * stacks. Under contexts/copy-stacks main runs on the stack all ranks share, its part copied
 * out while another rank runs and put back in place while its threads run. */
#include <mpi.h>
#include <pthread.h>

#include "mtest.h"

#define N 8
#define THREADS 2

struct shared {
    pthread_mutex_t lock;
    pthread_cond_t done;
    int started; /* threads that took their number */
    int ended;
    int errs;
    int rank;
    int size;
    int data[N]; /* rank * 100 + i */
};

static void *work(void *arg)
{
    struct shared *s = arg;
    int mine[N];
    int id;
    int prev = (s->rank + s->size - 1) % s->size;
    int errs = 0;

    pthread_mutex_lock(&s->lock);
    id = s->started++;
    pthread_mutex_unlock(&s->lock);
    MPI_Sendrecv(s->data, N, MPI_INT, (s->rank + 1) % s->size, id, mine, N, MPI_INT, prev, id,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int i = 0; i < N; i++)
        errs += mtest_expect(mine[i] == prev * 100 + i, "rank %d thread %d: [%d] = %d", s->rank, id,
                             i, mine[i]);
    pthread_mutex_lock(&s->lock);
    s->errs += errs;
    s->ended++;
    pthread_cond_signal(&s->done);
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

int main(int argc, char **argv)
{
    struct shared s = { .started = 0 };
    pthread_t th[THREADS];
    int provided;

    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &s.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &s.size);
    pthread_mutex_init(&s.lock, NULL);
    pthread_cond_init(&s.done, NULL);
    for (int i = 0; i < N; i++)
        s.data[i] = s.rank * 100 + i;
    for (int t = 0; t < THREADS; t++)
        pthread_create(&th[t], NULL, work, &s);
    pthread_mutex_lock(&s.lock);
    while (s.ended < THREADS)
        pthread_cond_wait(&s.done, &s.lock);
    pthread_mutex_unlock(&s.lock);
    for (int t = 0; t < THREADS; t++)
        pthread_join(th[t], NULL);
    pthread_cond_destroy(&s.done);
    pthread_mutex_destroy(&s.lock);
    return mtest_finish(s.errs);
}
