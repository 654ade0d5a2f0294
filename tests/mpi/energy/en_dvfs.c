/* DVFS and energy through SimGrid's C API and SMPI's older one, as SimGrid's examples/smpi/energy
 * does: each rank runs 1e9 flops at each of its host's pstates and prints the date and the
 * joules its host consumed (en_dvfs.out holds the closed forms, en_hosts.xml the numbers). With
 * an argument P, rank 0 asks for pstate P first (an error when P is out of range). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <smpi/smpi.h>
#include <simgrid/host.h>
#include <simgrid/plugins/energy.h>

int main(int argc, char **argv)
{
    int rank;
    int errors = 0;
    sg_host_t self;
    unsigned long n;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    self = sg_host_self();
    n = sg_host_get_nb_pstates(self);
    if (argc > 1 && rank == 0)
        sg_host_set_pstate(self, strtoul(argv[1], NULL, 10));
    /* the two APIs agree */
    errors += smpi_get_host_nb_pstates() != (int)n;
    errors += smpi_get_host_power_peak_at(1) != sg_host_get_pstate_speed(self, 1);
    errors += smpi_get_host_pstate() != 0 || sg_host_get_pstate(self) != 0;
    printf("[%.6f] rank %d on %s: %lu pstates, %.0f %.0f %.0f flop/s, %d cores\n", MPI_Wtime(),
           rank, sg_host_get_name(self), n, sg_host_get_pstate_speed(self, 0),
           sg_host_get_pstate_speed(self, 1), sg_host_get_pstate_speed(self, 2),
           sg_host_core_count(self));
    for (unsigned long i = 0; i < n; i++) {
        smpi_set_host_pstate((int)i);
        errors += smpi_get_host_current_power_peak() != sg_host_get_speed(self);
        SMPI_SAMPLE_FLOPS(1e9)
        {
        }
        errors += smpi_get_host_consumed_energy() != sg_host_get_consumed_energy(self);
        printf("[%.6f] rank %d at pstate %lu (%.0f flop/s, idle %.0f W, max %.0f W): %.2f J\n",
               MPI_Wtime(), rank, sg_host_get_pstate(self), sg_host_get_speed(self),
               sg_host_get_idle_consumption_at(self, (int)i), sg_host_get_wattmax_at(self, (int)i),
               sg_host_get_consumed_energy(self));
    }
    if (errors)
        printf("rank %d: %d disagreements between the two APIs\n", rank, errors);
    else if (rank == 1)
        printf(" No Errors\n");
    MPI_Finalize();
    return 0;
}
