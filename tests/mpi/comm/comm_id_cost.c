/* comm_id_cost: SMPI 3.32 broadcasts the id of every communicator it creates from the new
 * communicator's rank 0 (one MPI_INT, with the selected bcast algorithm), so MPI_Comm_dup,
 * MPI_Comm_create and MPI_Cart_create cost exactly an MPI_Bcast of one int on the new
 * communicator. Each creation runs after the same barrier as an explicit broadcast; every rank
 * must see the same durations for both. */
#include <mpi.h>
#include <stdio.h>

#include "mtest.h"

/* The duration of what(), after a barrier on MPI_COMM_WORLD. */
static double timed(void (*what)(void))
{
    double t0;

    MPI_Barrier(MPI_COMM_WORLD);
    t0 = MPI_Wtime();
    what();
    return MPI_Wtime() - t0;
}

static MPI_Comm made;

static void bcast_int(void)
{
    int v = 1;

    MPI_Bcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD);
}

static void dup_world(void)
{
    MPI_Comm_dup(MPI_COMM_WORLD, &made);
}

static void create_world(void)
{
    MPI_Group g;

    MPI_Comm_group(MPI_COMM_WORLD, &g);
    MPI_Comm_create(MPI_COMM_WORLD, g, &made);
    MPI_Group_free(&g);
}

static void cart_world(void)
{
    int size;
    int periods = 0;

    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Cart_create(MPI_COMM_WORLD, 1, &size, &periods, 0, &made);
}

int main(int argc, char **argv)
{
    int errs = 0;
    double bcast;

    MPI_Init(&argc, &argv);
    bcast = timed(bcast_int);
    errs += mtest_expect_time(timed(dup_world), bcast, "MPI_Comm_dup");
    MPI_Comm_free(&made);
    errs += mtest_expect_time(timed(create_world), bcast, "MPI_Comm_create");
    MPI_Comm_free(&made);
    errs += mtest_expect_time(timed(cart_world), bcast, "MPI_Cart_create");
    MPI_Comm_free(&made);
    return mtest_finish(errs);
}
