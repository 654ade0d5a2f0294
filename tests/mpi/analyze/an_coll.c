/* an_coll: collective consistency under smpi/pedantic (MPI-3.1 sections 5.1 and 5.2.2). Each
 * argument makes one rank disagree with the others in one way, which the checking mode reports
 * (MPI_ERR_OTHER, fatal by default): "kind" (MPI_Bcast against MPI_Reduce), "root", "op",
 * "count" (an MPI_Bcast of 4 against 2 elements), "type" (MPI_Allreduce of MPI_INT against
 * MPI_FLOAT), "gather" (a send larger than the root's receive), "alltoallv" (one pair of counts
 * that disagree), "order" (MPI_Barrier against MPI_Finalize); "early": rank 0 sends to rank 1
 * after an MPI_Bcast that rank 1 enters only once it received, which works only where the
 * root leaves MPI_Bcast early (smpi/barrier-collectives makes it a deadlock). "ok": correct
 * collectives (in place, v variants, different datatypes of the same signature, nonblocking,
 * communicator creation), which nothing may report. */
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "mtest.h"

static int rank;
static int size;

static void disagree(const char *what)
{
    int buf[8] = { 0 };
    int out[8];
    float fbuf[8] = { 0 };
    int *all = calloc((size_t)size * 8, sizeof(int));
    int *counts = calloc((size_t)size, sizeof(int));
    int *displs = calloc((size_t)size, sizeof(int));

    for (int r = 0; r < size; r++) {
        counts[r] = 1;
        displs[r] = r;
    }
#line 100
    if (!strcmp(what, "kind") && rank == 1)
        MPI_Reduce(buf, out, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    else if (!strcmp(what, "kind"))
        MPI_Bcast(buf, 1, MPI_INT, 0, MPI_COMM_WORLD);
#line 200
    if (!strcmp(what, "root"))
        MPI_Bcast(buf, 1, MPI_INT, rank == 1 ? 1 : 0, MPI_COMM_WORLD);
#line 300
    if (!strcmp(what, "op"))
        MPI_Allreduce(buf, out, 1, MPI_INT, rank == 1 ? MPI_MAX : MPI_SUM, MPI_COMM_WORLD);
#line 400
    if (!strcmp(what, "count"))
        MPI_Bcast(buf, rank == 1 ? 2 : 4, MPI_INT, 0, MPI_COMM_WORLD);
#line 500
    if (!strcmp(what, "type") && rank == 1)
        MPI_Allreduce(fbuf, fbuf + 1, 1, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
    else if (!strcmp(what, "type"))
        MPI_Allreduce(buf, out, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
#line 600
    if (!strcmp(what, "gather"))
        MPI_Gather(buf, rank == 1 ? 2 : 1, MPI_INT, all, 1, MPI_INT, 0, MPI_COMM_WORLD);
#line 700
    if (!strcmp(what, "alltoallv")) {
        if (rank == 1)
            counts[0] = 2;
        MPI_Alltoallv(all, counts, displs, MPI_INT, all + 4 * size, counts, displs, MPI_INT,
                      MPI_COMM_WORLD);
    }
#line 800
    if (!strcmp(what, "order") && rank == 0)
        MPI_Barrier(MPI_COMM_WORLD);
#line 900
    if (!strcmp(what, "early") && rank == 0) {
        MPI_Bcast(buf, 1, MPI_INT, 0, MPI_COMM_WORLD);
        MPI_Send(buf, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (!strcmp(what, "early")) {
        if (rank == 1)
            MPI_Recv(buf, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Bcast(buf, 1, MPI_INT, 0, MPI_COMM_WORLD);
    }
    free(all);
    free(counts);
    free(displs);
}

/* Correct calls only. */
static int agree(void)
{
    int v[16];
    int w[16];
    int counts[4];
    int displs[4];
    MPI_Datatype two;
    MPI_Comm dup;
    MPI_Comm half;
    MPI_Request req;

    for (int k = 0; k < 16; k++)
        v[k] = k;
    for (int r = 0; r < 4; r++) {
        counts[r] = r < size ? 2 : 0;
        displs[r] = 2 * r;
    }
    MPI_Type_contiguous(2, MPI_INT, &two);
    MPI_Type_commit(&two);
    /* the root sends one pair type, the others receive two MPI_INT */
    if (rank == 0)
        MPI_Bcast(v, 1, two, 0, MPI_COMM_WORLD);
    else
        MPI_Bcast(v, 2, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Allreduce(MPI_IN_PLACE, v, 4, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Gather(rank == 0 ? MPI_IN_PLACE : v, 2, MPI_INT, w, 1, two, 0, MPI_COMM_WORLD);
    MPI_Scatterv(v, counts, displs, MPI_INT, w, 1, two, 0, MPI_COMM_WORLD);
    MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, w, counts, displs, MPI_INT, MPI_COMM_WORLD);
    MPI_Alltoall(v, 1, two, w, 2, MPI_INT, MPI_COMM_WORLD);
    MPI_Alltoallv(v, counts, displs, MPI_INT, w, counts, displs, MPI_INT, MPI_COMM_WORLD);
    MPI_Reduce_scatter_block(v, w, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, 0, &half);
    MPI_Ibcast(v, 3, MPI_INT, 0, dup, &req);
    MPI_Barrier(half);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Exscan(v, w, 2, MPI_INT, MPI_SUM, dup);
    MPI_Comm_free(&half);
    MPI_Comm_free(&dup);
    MPI_Type_free(&two);
    return 0;
}

int main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "ok";
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (!strcmp(what, "ok"))
        errs += agree();
    else
        disagree(what);
    return mtest_finish(errs);
}
