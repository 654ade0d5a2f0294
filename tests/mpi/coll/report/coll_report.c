/* coll_report: smpi/coll-report. Three broadcasts of 1000 doubles and one of 10 ints on
 * MPI_COMM_WORLD, one broadcast on a communicator of two ranks; the testlist sends the CSV to
 * stdout and compares it with coll_report.out (flattree broadcasts: the time of each call is
 * the root's last send, equal to SMPI 3.32's), and checks the table on stderr. Under the
 * automatic selector, each call runs every bcast algorithm and the report marks the fastest. */
#include <mpi.h>
#include <stdio.h>

#include "mtest.h"

int main(int argc, char **argv)
{
    double d[1000] = { 0 };
    int v[10] = { 0 };
    int rank;
    MPI_Comm half;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < 3; i++)
        MPI_Bcast(d, 1000, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Bcast(v, 10, MPI_INT, 1, MPI_COMM_WORLD);
    MPI_Comm_split(MPI_COMM_WORLD, rank < 2, rank, &half);
    MPI_Bcast(v, 10, MPI_INT, 0, half);
    MPI_Comm_free(&half);
    return mtest_finish(0);
}
