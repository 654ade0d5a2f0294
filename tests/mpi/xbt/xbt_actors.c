/* xbt_actors: actors a rank starts beside the ranks with SimGrid's C API (sg_actor_init,
 * sg_actor_set_data, sg_actor_start), as SimGrid's gh-139 test does. Each of the 2 ranks posts
 * an MPI_Irecv, then starts an actor on its host that: finds its data and a copy of its argv,
 * has pid 3 + rank (the ranks are 1 and 2, the actors come next in start order) and its rank's
 * pid as ppid, sees its rank's globals, sleeps 0.5 s (MPI_Wtime then 0.5 exactly), becomes its
 * rank's MPI thread (SMPI_thread_create: MPI_Comm_rank gives the rank's), waits for the rank's
 * request, which the peer satisfies at 2 s, and marks a global its rank reads at 10 s. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <simgrid/actor.h>
#include <simgrid/host.h>

#include "mtest.h"

struct job {
    MPI_Request req;
    int value;
    int rank;
    int errs;
};

static int g_rank = -1; /* set by the rank, read by its actor: privatized per rank */
static int g_done = 0;  /* set by the actor, read by its rank */

static void waiter(int argc, char *argv[])
{
    struct job *j = sg_actor_self_get_data();
    int errs = 0;
    int rank = -1;

    errs += mtest_expect(j != NULL && j->rank == g_rank, "actor data %p, global rank %d", (void *)j,
                         g_rank);
    errs += mtest_expect(argc == 2 && strcmp(argv[0], "waiter") == 0 &&
                             strcmp(argv[1], j->rank ? "one" : "zero") == 0,
                         "argv copy: argc %d", argc);
    errs += mtest_expect(sg_actor_self_get_pid() == 3 + j->rank &&
                             sg_actor_self_get_ppid() == 1 + j->rank,
                         "pid %ld ppid %ld", sg_actor_self_get_pid(), sg_actor_self_get_ppid());
    errs += mtest_expect(strcmp(sg_actor_self_get_name(), "waiter") == 0, "name '%s'",
                         sg_actor_self_get_name());
    sg_actor_sleep_for(0.5);
    SMPI_thread_create();
    errs += mtest_expect_time(MPI_Wtime(), 0.5, "the actor's MPI_Wtime after its sleep");
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    errs += mtest_expect(rank == j->rank, "actor of rank %d has MPI rank %d", j->rank, rank);
    errs += mtest_expect(MPI_Wait(&j->req, MPI_STATUS_IGNORE) == MPI_SUCCESS &&
                             j->value == 10 + (1 - j->rank) && MPI_Wtime() > 2.0,
                         "received %d at %f", j->value, MPI_Wtime());
    j->errs = errs;
    g_done = 1;
}

int main(int argc, char **argv)
{
    int errs = 0;
    int rank;
    int value;
    char arg1[8];
    char *args[2] = { "waiter", arg1 };
    struct job *j = calloc(1, sizeof(*j));
    sg_actor_t a;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    g_rank = rank;
    j->rank = rank;
    errs += mtest_expect(sg_actor_self_get_data() == NULL, "a rank's data before it sets it");
    sg_actor_self_set_data(j);
    errs += mtest_expect(sg_actor_self_get_data() == j, "a rank's data after it sets it");
    MPI_Irecv(&j->value, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, &j->req);
    snprintf(arg1, sizeof(arg1), "%s", rank ? "one" : "zero");
    a = sg_actor_init("waiter", sg_host_self());
    errs += mtest_expect(sg_actor_get_pid(a) == -1, "pid %ld before start", sg_actor_get_pid(a));
    sg_actor_set_data(a, j);
    sg_actor_start(a, waiter, 2, args);
    strcpy(arg1, "gone"); /* the actor has its own copy */
    errs += mtest_expect(sg_actor_get_pid(a) == 3 + rank && sg_actor_get_ppid(a) == 1 + rank &&
                             strcmp(sg_actor_get_name(a), "waiter") == 0 &&
                             sg_actor_get_host(a) == sg_host_self() && sg_actor_get_data(a) == j,
                         "started actor: pid %ld", sg_actor_get_pid(a));
    sg_actor_sleep_for(2.0);
    value = 10 + rank;
    MPI_Send(&value, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD);
    sg_actor_sleep_until(10.0);
    errs += mtest_expect(g_done == 1, "the actor has not ended by 10 s");
    errs += j->errs;
    free(j);
    return mtest_finish(errs);
}
