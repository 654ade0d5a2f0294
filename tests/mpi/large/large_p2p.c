/* large_p2p: the large-count point-to-point calls (MPI_Send_c, MPI_Recv_c, ...) on two ranks of
 * the default platform (smpi/test:0, computation off): the data, their simulated times against
 * the closed form of ../part/part_model.h and against the int calls, counts above INT_MAX:
 *  - INT_MAX + 100 chars, blocking and nonblocking (one element of a contiguous type for the
 *    int internals), in their closed-form times;
 *  - a receive capacity above INT_MAX is fine (the message is smaller);
 *  - a 4 GiB message (2^32 bytes: a derived datatype over SMPI_SHARED_MALLOC memory, so that
 *    the test stays small) takes its closed-form time; MPI_Get_count_c and
 *    MPI_Get_elements_c count it. */
#include <limits.h>
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdlib.h>

#include "../part/part_model.h"
#include "mtest.h"

#define N 1000
#define BIG_BLOCKS (1 << 20) /* of 4 KiB: 4 GiB */

/* One blocking transfer of n ints from 0 to 1, with the _c calls or the int ones; returns the
 * time rank 1's receive took (both ranks start together). */
static double transfer(int rank, int *buf, int n, bool large, int *errs)
{
    MPI_Status st;
    MPI_Count got = -1;
    double t0;

    MPI_Barrier(MPI_COMM_WORLD);
    t0 = MPI_Wtime();
    if (rank == 0) {
        for (int i = 0; i < n; i++)
            buf[i] = i * 3 + (large ? 1 : 2);
        *errs += mtest_expect_class(large ? MPI_Send_c(buf, n, MPI_INT, 1, 7, MPI_COMM_WORLD)
                                          : MPI_Send(buf, n, MPI_INT, 1, 7, MPI_COMM_WORLD),
                                    MPI_SUCCESS, "send");
        return 0;
    }
    /* a capacity above INT_MAX: the message is what counts */
    *errs += mtest_expect_class(
        large ? MPI_Recv_c(buf, (MPI_Count)INT_MAX + 5, MPI_INT, 0, 7, MPI_COMM_WORLD, &st)
              : MPI_Recv(buf, n, MPI_INT, 0, 7, MPI_COMM_WORLD, &st),
        MPI_SUCCESS, "receive");
    for (int i = 0; i < n; i++)
        *errs += mtest_expect(buf[i] == i * 3 + (large ? 1 : 2), "buf[%d] = %d", i, buf[i]);
    MPI_Get_count_c(&st, MPI_INT, &got);
    *errs += mtest_expect(got == n, "MPI_Get_count_c %lld, expected %d", got, n);
    return MPI_Wtime() - t0;
}

/* The int MPI_Get_count and MPI_Get_elements of a status of more than INT_MAX elements give
 * MPI_UNDEFINED (MPI-4.0 section 3.2.5), where the _c forms give the count. */
static int int_counts_undefined(const MPI_Status *st, MPI_Datatype type)
{
    int errs = 0;
    int small = 0;

    MPI_Get_count(st, type, &small);
    errs += mtest_expect(small == MPI_UNDEFINED, "MPI_Get_count %d, expected MPI_UNDEFINED", small);
    small = 0;
    MPI_Get_elements(st, type, &small);
    errs +=
        mtest_expect(small == MPI_UNDEFINED, "MPI_Get_elements %d, expected MPI_UNDEFINED", small);
    return errs;
}

/* A count above INT_MAX: INT_MAX + 100 chars over folded memory, blocking then nonblocking;
 * each takes the closed-form time of its bytes. */
static int above_int_max(int rank)
{
    int errs = 0;
    MPI_Count n = (MPI_Count)INT_MAX + 100;
    char *buf = SMPI_SHARED_MALLOC((size_t)n);
    MPI_Request req;
    MPI_Status st;
    MPI_Count got = -1;
    double t0;

    for (int it = 0; it < 2; it++) {
        MPI_Barrier(MPI_COMM_WORLD);
        t0 = MPI_Wtime();
        if (rank == 0 && it == 0)
            MPI_Send_c(buf, n, MPI_CHAR, 1, 1, MPI_COMM_WORLD);
        else if (rank == 0)
            MPI_Isend_c(buf, n, MPI_CHAR, 1, 1, MPI_COMM_WORLD, &req);
        else if (it == 0)
            MPI_Recv_c(buf, n, MPI_CHAR, 0, 1, MPI_COMM_WORLD, &st);
        else
            MPI_Irecv_c(buf, n, MPI_CHAR, 0, 1, MPI_COMM_WORLD, &req);
        if (it == 1)
            MPI_Wait(&req, &st);
        if (rank == 1) {
            errs += mtest_expect_time(MPI_Wtime() - t0, part_transfer((double)n, 1),
                                      it ? "MPI_Irecv_c of INT_MAX + 100"
                                         : "MPI_Recv_c of INT_MAX + 100");
            MPI_Get_count_c(&st, MPI_CHAR, &got);
            errs += mtest_expect(got == n, "MPI_Get_count_c %lld, expected %lld", got, n);
            errs += int_counts_undefined(&st, MPI_CHAR);
        }
    }
    SMPI_SHARED_FREE(buf);
    return errs;
}

/* Nonblocking, persistent and combined calls: the data arrives. */
static int variants(int rank)
{
    int errs = 0;
    int a[N];
    int b[N];
    MPI_Request req;
    MPI_Status st;
    int peer = 1 - rank;

    for (int i = 0; i < N; i++)
        a[i] = rank * 100000 + i;
    MPI_Sendrecv_c(a, N, MPI_INT, peer, 3, b, N, MPI_INT, peer, 3, MPI_COMM_WORLD, &st);
    for (int i = 0; i < N; i++)
        errs += mtest_expect(b[i] == peer * 100000 + i, "sendrecv b[%d] = %d", i, b[i]);
    if (rank == 0) {
        MPI_Send_init_c(a, N, MPI_INT, 1, 4, MPI_COMM_WORLD, &req);
        for (int it = 0; it < 2; it++) {
            MPI_Start(&req);
            MPI_Wait(&req, MPI_STATUS_IGNORE);
        }
        MPI_Request_free(&req);
        MPI_Isend_c(a, N, MPI_INT, 1, 5, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else {
        for (int it = 0; it < 2; it++) {
            MPI_Recv_init_c(b, N, MPI_INT, 0, 4, MPI_COMM_WORLD, &req);
            MPI_Start(&req);
            MPI_Wait(&req, &st);
            MPI_Request_free(&req);
            errs += mtest_expect(b[N - 1] == N - 1, "persistent round %d: %d", it, b[N - 1]);
        }
        MPI_Irecv_c(b, N, MPI_INT, 0, 5, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, &st);
        errs += mtest_expect(b[7] == 7, "irecv b[7] = %d", b[7]);
    }
    for (int i = 0; i < N; i++)
        a[i] = rank + i;
    MPI_Sendrecv_replace_c(a, N, MPI_INT, peer, 6, peer, 6, MPI_COMM_WORLD, &st);
    errs += mtest_expect(a[N - 1] == peer + N - 1, "sendrecv_replace a[%d] = %d", N - 1, a[N - 1]);
    return errs;
}

/* 2^32 bytes in one message: a derived type of 2^20 blocks of 4 KiB over folded memory. */
static int four_gib(int rank)
{
    int errs = 0;
    MPI_Datatype block;
    MPI_Datatype big;
    MPI_Count size = 0;
    MPI_Count n = -1;
    MPI_Status st;
    char *buf = SMPI_SHARED_MALLOC((size_t)4096 * BIG_BLOCKS);
    double t0;
    double b = 4096.0 * BIG_BLOCKS;

    MPI_Type_contiguous_c(4096, MPI_BYTE, &block);
    MPI_Type_contiguous_c(BIG_BLOCKS, block, &big);
    MPI_Type_commit(&big);
    MPI_Type_size_c(big, &size);
    errs += mtest_expect(size == (MPI_Count)4096 * BIG_BLOCKS, "MPI_Type_size_c %lld", size);
    MPI_Barrier(MPI_COMM_WORLD);
    t0 = MPI_Wtime();
    if (rank == 0) {
        MPI_Send_c(buf, 1, big, 1, 9, MPI_COMM_WORLD);
    } else {
        MPI_Recv_c(buf, 1, big, 0, 9, MPI_COMM_WORLD, &st);
        errs += mtest_expect_time(MPI_Wtime() - t0, part_transfer(b, 1), "4 GiB receive");
        MPI_Get_count_c(&st, big, &n);
        errs += mtest_expect(n == 1, "MPI_Get_count_c of the 4 GiB type: %lld", n);
        MPI_Get_elements_c(&st, MPI_BYTE, &n);
        errs += mtest_expect(n == (MPI_Count)4096 * BIG_BLOCKS, "MPI_Get_elements_c %lld", n);
        MPI_Get_count_c(&st, MPI_BYTE, &n);
        errs += mtest_expect(n == (MPI_Count)4096 * BIG_BLOCKS, "MPI_Get_count_c %lld", n);
        errs += int_counts_undefined(&st, MPI_BYTE);
    }
    MPI_Type_free(&block);
    MPI_Type_free(&big);
    SMPI_SHARED_FREE(buf);
    return errs;
}

int main(int argc, char *argv[])
{
    int rank;
    int errs = 0;
    int *buf = calloc(N, sizeof(int));
    double tl;
    double ti;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    tl = transfer(rank, buf, N, true, &errs);
    ti = transfer(rank, buf, N, false, &errs);
    if (rank == 1) {
        errs += mtest_expect_time(tl, part_transfer(N * sizeof(int), 1), "MPI_Send_c/Recv_c");
        errs += mtest_expect_time(tl, ti, "MPI_Send_c against MPI_Send");
    }
    errs += above_int_max(rank);
    errs += variants(rank);
    errs += four_gib(rank);
    free(buf);
    return mtest_finish(errs);
}
