/* MPI_Init_thread grants the level asked for, up to MPI_THREAD_MULTIPLE (argument: the level
 * asked, 0 to 3); MPI_Query_thread gives it in every thread; MPI_Is_thread_main is true in the
 * thread that initialised MPI only. */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int errs;
static int level;

static void *check(void *arg)
{
    int flag;
    int provided;

    (void)arg;
    MPI_Is_thread_main(&flag);
    MPI_Query_thread(&provided);
    if (flag) {
        printf("MPI_Is_thread_main is true in a thread that did not initialise MPI\n");
        errs++;
    }
    if (provided != level) {
        printf("MPI_Query_thread gives %d in a thread, %d expected\n", provided, level);
        errs++;
    }
    return NULL;
}

int main(int argc, char **argv)
{
    int required = argc > 1 ? atoi(argv[1]) : MPI_THREAD_MULTIPLE;
    int asked[] = { MPI_THREAD_SINGLE, MPI_THREAD_FUNNELED, MPI_THREAD_SERIALIZED,
                    MPI_THREAD_MULTIPLE };
    int flag;
    int rank;
    pthread_t th;

    MPI_Init_thread(&argc, &argv, asked[required], &level);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (level != asked[required]) {
        printf("asked for %d, given %d\n", asked[required], level);
        errs++;
    }
    MPI_Is_thread_main(&flag);
    if (!flag) {
        printf("MPI_Is_thread_main is false in the main thread\n");
        errs++;
    }
    pthread_create(&th, NULL, check, NULL);
    pthread_join(th, NULL);
    MPI_Finalize();
    if (rank == 0 && errs == 0)
        printf(" No Errors\n");
    return 0;
}
