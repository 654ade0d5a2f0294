/* test_spawn: the pieces of dynamic processes that need no running rank: a spawned job's
 * processes and its own MPI_COMM_WORLD behind the one handle (runtime/jobs.c), the rank labels
 * of the reports, the ports and the name service (mpi/port.c). */
#include <criterion/criterion.h>
#include <string.h>

#include "smpi/internal.h"
#include "smpi/mpi/dynamic.h"

Test(jobs, a_spawned_job_has_its_own_world_behind_the_one_handle)
{
    /* smpirun's 2 ranks on the default platform (4096 one-core hosts: room for 4094 more);
     * a job of 3 takes the processes 2-4 and is the world only while one of them runs */
    char label[48];
    int job;

    smpi__procs_reserve(sim_platform_default(), 2);
    cr_assert_eq(smpi__universe_size(), 4096);
    smpi__rt.procs[0].rank = 0;
    smpi__rt.procs[1].rank = 1;
    smpi__rt.procs[1].job_rank = 1;
    smpi__comm_init_world(2);
    job = smpi__job_new(3);
    cr_assert_eq(job, 1);
    cr_assert_eq(smpi__rt.nranks, 5);
    cr_assert_eq(smpi__rt.procs[4].job, 1);
    cr_assert_eq(smpi__rt.procs[4].job_rank, 2);
    smpi__job_activate(&smpi__rt.procs[3]);
    cr_assert_eq(smpi_mpi_comm_world.group->size, 3);
    cr_assert_eq(smpi__comm_rank_of(MPI_COMM_WORLD, 4), 2);
    cr_assert_eq(smpi__comm_rank_of(MPI_COMM_WORLD, 1), MPI_UNDEFINED);
    cr_assert_eq(smpi__comm_world_rank(MPI_COMM_WORLD, 0), 2);
    cr_assert_str_eq(smpi__rank_label(&smpi__rt.procs[4], label, sizeof(label)),
                     "rank 2 of spawn 1");
    smpi__job_activate(&smpi__rt.procs[1]);
    cr_assert_eq(smpi_mpi_comm_world.group->size, 2);
    cr_assert_eq(smpi__comm_rank_of(MPI_COMM_WORLD, 1), 1);
    cr_assert_eq(smpi__comm_rank_of(MPI_COMM_WORLD, 4), MPI_UNDEFINED);
    cr_assert_str_eq(smpi__rank_label(&smpi__rt.procs[1], label, sizeof(label)), "rank 1");
    /* the worlds' contexts differ: a message on one never matches a receive on the other */
    cr_assert_eq(smpi_mpi_comm_world.context, 0);
    smpi__job_activate(&smpi__rt.procs[2]);
    cr_assert_neq(smpi_mpi_comm_world.context, 0);
}

Test(port, ports_are_distinct_names_closed_once)
{
    char a[MPI_MAX_PORT_NAME];
    char b[MPI_MAX_PORT_NAME];

    smpi__port_open(a);
    smpi__port_open(b);
    cr_assert_str_neq(a, b);
    cr_assert(smpi__port_close(a));
    cr_assert_not(smpi__port_close(a));
    cr_assert(smpi__port_close(b));
}

Test(port, a_published_name_is_found_until_unpublished)
{
    char port[MPI_MAX_PORT_NAME] = "";

    cr_assert_eq(smpi__name_publish("ocean", "simmpi-port-3"), MPI_SUCCESS);
    cr_assert_eq(smpi__name_publish("atmosphere", "simmpi-port-4"), MPI_SUCCESS);
    cr_assert_eq(smpi__name_lookup("ocean", port), MPI_SUCCESS);
    cr_assert_str_eq(port, "simmpi-port-3");
    cr_assert_eq(smpi__name_unpublish("ocean", "simmpi-port-3"), MPI_SUCCESS);
    cr_assert_eq(smpi__name_lookup("atmosphere", port), MPI_SUCCESS);
    cr_assert_str_eq(port, "simmpi-port-4");
}
