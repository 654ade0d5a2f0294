/* The synchronisation of a rank's threads, in simulated time (usleep is a simulated sleep):
 * - mutex: thread 1 holds it from 0 to 1 ms; thread 2, asking at 0, gets it at 1 ms;
 * - condition: a consumer waits from 1 ms; a producer signals at 3 ms; a timed wait with a
 *   deadline 0.5 ms ahead times out then (ETIMEDOUT, mutex held again);
 * - barrier: three threads arriving at 4, 5 and 6 ms all leave at 6 ms, one as the serial one;
 * - semaphore: a waiter from 6 ms gets the unit posted at 7 ms;
 * - keys: each thread sees its own value; the destructor runs once per thread that set one.
 * Each line gives the date in ms; the main thread joins all at 7 ms. */
#include <errno.h>
#include <mpi.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static pthread_barrier_t barrier;
static sem_t sem;
static pthread_key_t key;
static int ready;
static int dtors;

static void say(const char *who, const char *what)
{
    printf("%.3f ms: %s %s\n", MPI_Wtime() * 1e3, who, what);
}

static void count_dtor(void *v)
{
    (void)v;
    pthread_mutex_lock(&lock);
    dtors++;
    pthread_mutex_unlock(&lock);
}

static void meet(const char *who, int arrive_ms)
{
    usleep((useconds_t)(arrive_ms * 1000) - (useconds_t)(MPI_Wtime() * 1e6 + 0.5));
    if (pthread_barrier_wait(&barrier) == PTHREAD_BARRIER_SERIAL_THREAD)
        say(who, "leaves the barrier (serial)");
    else
        say(who, "leaves the barrier");
}

static void *holder(void *arg)
{
    pthread_setspecific(key, arg);
    pthread_mutex_lock(&lock);
    say("holder", "locked");
    usleep(1000);
    pthread_mutex_unlock(&lock);
    meet("holder", 4);
    return NULL;
}

static void *consumer(void *arg)
{
    pthread_setspecific(key, arg);
    pthread_mutex_lock(&lock);
    say("consumer", "locked");
    while (!ready)
        pthread_cond_wait(&cond, &lock);
    say("consumer", "signalled");
    pthread_mutex_unlock(&lock);
    meet("consumer", 5);
    if (pthread_getspecific(key) != arg)
        say("consumer", "lost its key value");
    return NULL;
}

static void *producer(void *arg)
{
    struct timespec at;
    int rc;

    (void)arg;
    usleep(2500);
    pthread_mutex_lock(&lock);
    clock_gettime(CLOCK_REALTIME, &at);
    at.tv_nsec += 500000;
    if (at.tv_nsec >= 1000000000L) {
        at.tv_sec++;
        at.tv_nsec -= 1000000000L;
    }
    rc = pthread_cond_timedwait(&cond, &lock, &at);
    say("producer", rc == ETIMEDOUT ? "timed out" : "woke up (wrong)");
    ready = 1;
    pthread_cond_signal(&cond);
    pthread_mutex_unlock(&lock);
    meet("producer", 6);
    sem_wait(&sem);
    say("producer", "took the semaphore");
    return NULL;
}

int main(int argc, char **argv)
{
    int provided;
    pthread_t th[3];
    static int vals[3];

    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    pthread_key_create(&key, count_dtor);
    pthread_barrier_init(&barrier, NULL, 3);
    sem_init(&sem, 0, 0);
    pthread_create(&th[0], NULL, holder, &vals[0]);
    pthread_create(&th[1], NULL, consumer, &vals[1]);
    pthread_create(&th[2], NULL, producer, NULL);
    usleep(7000);
    say("main", "posts the semaphore");
    sem_post(&sem);
    for (int i = 0; i < 3; i++)
        pthread_join(th[i], NULL);
    say("main", "joined");
    printf("destructors run: %d\n", dtors);
    pthread_barrier_destroy(&barrier);
    sem_destroy(&sem);
    pthread_key_delete(key);
    MPI_Finalize();
    return 0;
}
