/* A script per rank from the arguments: "R/op" is run by rank R, in order; c:FLOPS computes,
 * s:SECONDS sleeps, t:DEST:BYTES sends, r:SRC:BYTES receives, p:N sets the host's pstate, e
 * prints the host's joules. Each rank prints the date after each of its operations, so the
 * testlist's outfiles hold the closed-form dates of profile and pstate effects. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <smpi/smpi.h>
#include <simgrid/host.h>
#include <simgrid/plugins/energy.h>

static char buf[4 << 20];

static void run(int rank, const char *op)
{
    int peer = 0;
    double x = 0;

    if (op[0] == 'c') {
        smpi_execute_flops(atof(op + 2));
    } else if (op[0] == 's') {
        usleep((useconds_t)(atof(op + 2) * 1e6));
    } else if (op[0] == 't' || op[0] == 'r') {
        sscanf(op + 2, "%d:%lf", &peer, &x);
        if (op[0] == 't')
            MPI_Send(buf, (int)x, MPI_CHAR, peer, 0, MPI_COMM_WORLD);
        else
            MPI_Recv(buf, (int)x, MPI_CHAR, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (op[0] == 'p') {
        sg_host_set_pstate(sg_host_self(), strtoul(op + 2, NULL, 10));
    } else if (op[0] == 'e') {
        printf("rank %d: host %s consumed %.6f J\n", rank, sg_host_get_name(sg_host_self()),
               sg_host_get_consumed_energy(sg_host_self()));
    }
    printf("rank %d: %s done at %.9f\n", rank, op, MPI_Wtime());
}

int main(int argc, char **argv)
{
    int rank;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 1; i < argc; i++)
        if (atoi(argv[i]) == rank && strchr(argv[i], '/'))
            run(rank, strchr(argv[i], '/') + 1);
    MPI_Finalize();
    return 0;
}
