/* large_coll: the large-count collectives on 4 ranks (smpi/test:0, computation off): the data
 * of the blocking, nonblocking, persistent and neighbourhood _c forms, each simulated time equal
 * to that of the same int collective, count arrays that the nonblocking and persistent calls
 * read after returning (the binding's int copies live with the request), MPI_Op_create_c's
 * MPI_Count length, MPI_Bcast_c of INT_MAX + 100 bytes, and MPI_ERR_COUNT for a count array
 * entry above INT_MAX. */
#include <limits.h>
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdlib.h>
#include <string.h>

#include "mtest.h"

#define M 64 /* ints per rank pair */

static int rank;
static int size;

/* A user sum of ints through MPI_Op_create_c: the length is an MPI_Count. */
static void sum_c(void *in, void *inout, MPI_Count *len, MPI_Datatype *type)
{
    (void)type;
    for (MPI_Count i = 0; i < *len; i++)
        ((int *)inout)[i] += ((int *)in)[i];
}

/* Allgatherv with counts 1..size ints per rank, _c (blocking or nonblocking) or int; returns
 * the simulated time and checks the data. */
static double allgatherv(int mode, int *errs)
{
    int send[8];
    int recv[64];
    int icounts[8];
    int idispls[8];
    MPI_Count counts[8];
    MPI_Aint displs[8];
    MPI_Request req;
    double t0;
    int off = 0;

    for (int r = 0; r < size; r++) {
        icounts[r] = r + 1;
        counts[r] = r + 1;
        idispls[r] = off;
        displs[r] = off;
        off += r + 1;
    }
    for (int i = 0; i <= rank; i++)
        send[i] = rank * 10 + i;
    memset(recv, 0xff, sizeof(recv));
    MPI_Barrier(MPI_COMM_WORLD);
    t0 = MPI_Wtime();
    if (mode == 0) {
        MPI_Allgatherv(send, rank + 1, MPI_INT, recv, icounts, idispls, MPI_INT, MPI_COMM_WORLD);
    } else if (mode == 1) {
        MPI_Allgatherv_c(send, rank + 1, MPI_INT, recv, counts, displs, MPI_INT, MPI_COMM_WORLD);
    } else {
        MPI_Iallgatherv_c(send, rank + 1, MPI_INT, recv, counts, displs, MPI_INT, MPI_COMM_WORLD,
                          &req);
        for (int r = 0; r < size; r++) /* the call has its own copy by now */
            counts[r] = displs[r] = -1;
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    }
    t0 = MPI_Wtime() - t0;
    off = 0;
    for (int r = 0; r < size; r++)
        for (int i = 0; i <= r; i++, off++)
            *errs += mtest_expect(recv[off] == r * 10 + i, "allgatherv mode %d recv[%d] = %d", mode,
                                  off, recv[off]);
    return t0;
}

/* Alltoallv, persistent (_init_c, two rounds) against the int call's time. */
static double alltoallv(bool large, int *errs)
{
    int send[4 * M];
    int recv[4 * M];
    int ic[4];
    int id[4];
    MPI_Count cc[4];
    MPI_Aint cd[4];
    MPI_Request req;
    double t = 0;

    for (int r = 0; r < size; r++) {
        ic[r] = cc[r] = M;
        id[r] = cd[r] = r * M;
    }
    for (int it = 0; it < 2; it++) {
        double t0;

        for (int i = 0; i < size * M; i++)
            send[i] = rank * 1000 + i + it;
        MPI_Barrier(MPI_COMM_WORLD);
        t0 = MPI_Wtime();
        if (!large) {
            MPI_Alltoallv(send, ic, id, MPI_INT, recv, ic, id, MPI_INT, MPI_COMM_WORLD);
        } else {
            if (it == 0)
                MPI_Alltoallv_init_c(send, cc, cd, MPI_INT, recv, cc, cd, MPI_INT, MPI_COMM_WORLD,
                                     MPI_INFO_NULL, &req);
            MPI_Start(&req);
            MPI_Wait(&req, MPI_STATUS_IGNORE);
        }
        t += MPI_Wtime() - t0;
        for (int r = 0; r < size; r++)
            *errs += mtest_expect(recv[r * M + 3] == r * 1000 + rank * M + 3 + it,
                                  "alltoallv round %d from %d: %d", it, r, recv[r * M + 3]);
    }
    if (large)
        MPI_Request_free(&req);
    return t;
}

static int rooted(void)
{
    int errs = 0;
    int v[M];
    int all[4 * M];
    MPI_Count counts[4];
    MPI_Aint displs[4];
    MPI_Request req;

    for (int r = 0; r < size; r++) {
        counts[r] = M;
        displs[r] = (size - 1 - r) * M; /* reversed placement */
    }
    for (int i = 0; i < M; i++)
        v[i] = rank * M + i;
    /* non-roots pass NULL arrays: they are not significant there */
    MPI_Igatherv_c(v, M, MPI_INT, all, rank == 2 ? counts : NULL, rank == 2 ? displs : NULL,
                   MPI_INT, 2, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    if (rank == 2)
        for (int r = 0; r < size; r++)
            errs += mtest_expect(all[(size - 1 - r) * M] == r * M, "igatherv block of %d: %d", r,
                                 all[(size - 1 - r) * M]);
    MPI_Scatterv_c(all, rank == 2 ? counts : NULL, rank == 2 ? displs : NULL, MPI_INT, v, M,
                   MPI_INT, 2, MPI_COMM_WORLD);
    errs += mtest_expect(v[0] == rank * M, "scatterv back: %d", v[0]);
    MPI_Bcast_c(v, M, MPI_INT, 1, MPI_COMM_WORLD);
    errs += mtest_expect(v[5] == M + 5, "bcast_c: %d", v[5]);
    return errs;
}

static int reductions(void)
{
    int errs = 0;
    int in[M];
    int out[M];
    int rs[4];
    MPI_Count rcounts[4] = { 1, 1, 1, 1 };
    MPI_Op op;
    MPI_Request req;

    for (int i = 0; i < M; i++)
        in[i] = rank + i;
    MPI_Op_create_c(sum_c, 1, &op);
    MPI_Allreduce_c(in, out, M, MPI_INT, op, MPI_COMM_WORLD);
    errs += mtest_expect(out[M - 1] == 6 + 4 * (M - 1), "allreduce_c user op: %d", out[M - 1]);
    MPI_Iallreduce_c(in, out, M, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    errs += mtest_expect(out[1] == 6 + 4, "iallreduce_c: %d", out[1]);
    MPI_Reduce_local_c(in, out, M, MPI_INT, op);
    errs += mtest_expect(out[1] == 10 + rank + 1, "reduce_local_c: %d", out[1]);
    MPI_Reduce_scatter_c(in, rs, rcounts, MPI_INT, op, MPI_COMM_WORLD);
    errs += mtest_expect(rs[0] == 6 + 4 * rank, "reduce_scatter_c: %d", rs[0]);
    MPI_Scan_c(in, out, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    errs += mtest_expect(out[0] == rank * (rank + 1) / 2, "scan_c: %d", out[0]);
    MPI_Op_free(&op);
    return errs;
}

/* A ring topology: each rank's neighbours are rank - 1 and rank + 1. */
static int neighbours(void)
{
    int errs = 0;
    int dims[1] = { 0 };
    int periods[1] = { 1 };
    MPI_Comm ring;
    int send[2] = { rank, rank };
    int recv[2] = { -1, -1 };
    MPI_Count counts[2] = { 1, 1 };
    MPI_Aint displs[2] = { 0, 1 };

    MPI_Dims_create(size, 1, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
    MPI_Neighbor_alltoallv_c(send, counts, displs, MPI_INT, recv, counts, displs, MPI_INT, ring);
    errs += mtest_expect(recv[0] == (rank + size - 1) % size && recv[1] == (rank + 1) % size,
                         "neighbor_alltoallv_c: %d %d", recv[0], recv[1]);
    MPI_Comm_free(&ring);
    return errs;
}

/* MPI_Bcast_c of INT_MAX + 100 bytes (folded memory) takes the time of MPI_Bcast of one
 * element of a contiguous type of as many. */
static int bcast_above_int_max(void)
{
    int errs = 0;
    MPI_Count n = (MPI_Count)INT_MAX + 100;
    char *buf = SMPI_SHARED_MALLOC((size_t)n);
    MPI_Datatype big;
    double t[2];

    MPI_Type_contiguous_c(n, MPI_BYTE, &big);
    MPI_Type_commit(&big);
    for (int i = 0; i < 2; i++) {
        MPI_Barrier(MPI_COMM_WORLD);
        t[i] = MPI_Wtime();
        if (i == 0)
            MPI_Bcast(buf, 1, big, 0, MPI_COMM_WORLD);
        else
            MPI_Bcast_c(buf, n, MPI_BYTE, 0, MPI_COMM_WORLD);
        t[i] = MPI_Wtime() - t[i];
    }
    errs += mtest_expect(t[0] > 1.0, "bcast of 2 GiB took %g s", t[0]);
    errs += mtest_expect_time(t[1], t[0], "MPI_Bcast_c of INT_MAX + 100 bytes");
    MPI_Type_free(&big);
    SMPI_SHARED_FREE(buf);
    return errs;
}

static int too_large(void)
{
    int errs = 0;
    char c = 0;
    MPI_Count counts[4] = { 1, 1, 1, 1 };
    MPI_Aint displs[4] = { 0, 1, 2, 3 };
    char all[4];

    counts[3] = (MPI_Count)INT_MAX + 1;
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    errs += mtest_expect_class(
        MPI_Allgatherv_c(&c, 1, MPI_BYTE, all, counts, displs, MPI_BYTE, MPI_COMM_WORLD),
        MPI_ERR_COUNT, "MPI_Allgatherv_c with recvcounts[3] > INT_MAX");
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    return errs;
}

int main(int argc, char *argv[])
{
    int errs = 0;
    double t[3];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int mode = 0; mode < 3; mode++)
        t[mode] = allgatherv(mode, &errs);
    errs += mtest_expect_time(t[1], t[0], "MPI_Allgatherv_c against MPI_Allgatherv");
    errs += mtest_expect(t[0] > 0, "allgatherv took no time");
    t[0] = alltoallv(false, &errs);
    t[1] = alltoallv(true, &errs);
    errs += mtest_expect(t[0] > 0, "alltoallv took no time");
    errs += mtest_expect_time(t[1], t[0], "MPI_Alltoallv_init_c against MPI_Alltoallv");
    errs += rooted();
    errs += reductions();
    errs += neighbours();
    errs += bcast_above_int_max();
    errs += too_large();
    return mtest_finish(errs);
}
