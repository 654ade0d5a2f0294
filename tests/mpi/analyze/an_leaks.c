/* an_leaks: smpi/list-leaks and smpi/display-allocs, SMPI 3.32's analysis at the end of the
 * run (its smpi_utils.cpp). Each rank leaves a communicator (and with it its group, as SMPI
 * counts them), a datatype, an op, an info and a persistent request unfreed, and one buffer of
 * 64 bytes plus 100 bytes per rank; what it frees (a group, a split communicator, a datatype,
 * two completed requests, a buffer) must not be listed. Argument "noloc" makes the same calls
 * without -trace-call-location's file and line; "clean" frees everything. */
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "mtest.h"

static void noop(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)in;
    (void)inout;
    (void)len;
    (void)type;
}

int main(int argc, char **argv)
{
    bool clean = argc > 1 && !strcmp(argv[1], "clean");
    int rank;
    int x = 1;
    int y = 0;
    char *kept;
    char *freed;
    MPI_Comm dup;
    MPI_Comm half;
    MPI_Group g;
    MPI_Datatype t;
    MPI_Datatype t2;
    MPI_Op op;
    MPI_Info info;
    MPI_Request p;
    MPI_Request r[2];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#line 100
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Type_contiguous(2, MPI_INT, &t);
    MPI_Op_create(noop, 1, &op);
    MPI_Info_create(&info);
    MPI_Recv_init(&y, 1, MPI_INT, MPI_ANY_SOURCE, 5, MPI_COMM_WORLD, &p);
    kept = malloc(64);
    freed = calloc(100 + (size_t)rank, 1);
#line 200
    MPI_Comm_group(dup, &g);
    MPI_Comm_split(dup, rank % 2, 0, &half);
    MPI_Type_vector(2, 1, 2, MPI_INT, &t2);
    MPI_Irecv(&y, 1, MPI_INT, (rank + 1) % 2, 0, MPI_COMM_WORLD, &r[0]);
    MPI_Isend(&x, 1, MPI_INT, (rank + 1) % 2, 0, MPI_COMM_WORLD, &r[1]);
    MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
    MPI_Group_free(&g);
    MPI_Comm_free(&half);
    MPI_Type_free(&t2);
    free(freed);
    if (clean) {
        MPI_Comm_free(&dup);
        MPI_Type_free(&t);
        MPI_Op_free(&op);
        MPI_Info_free(&info);
        MPI_Request_free(&p);
        free(kept);
    }
    return mtest_finish(0);
}
