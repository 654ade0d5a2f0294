/* env_smpirun: what smpirun hands to the program and prints around it. Rank 0 prints the
 * arguments it got: the --cfg and --log items given after the program are the simulator's and
 * taken out, as SMPI's smpirun does. With "fail" it ends with status 3, which smpirun reports
 * as SMPI's does ("Execution failed with code 3."). */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    int rank;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        printf("args:");
        for (int i = 1; i < argc; i++)
            printf(" %s", argv[i]);
        printf("\n");
    }
    MPI_Finalize();
    return argc > 1 && strcmp(argv[1], "fail") == 0 && rank == 0 ? 3 : 0;
}
