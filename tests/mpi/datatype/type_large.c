/* type_large: datatypes of far more blocks than a program keeps in memory are cheap to build
 * and free, and still correct when used. A 32768 x 32768 transpose type (a vector of an
 * hvector: 2^30 ints, as MPICH's perf/twovec builds 1024 of) is built and freed 64 times;
 * its size, extent, true extent and contents are checked. A vector of 5000 blocks (more than
 * are flattened at construction) is sent, received, packed and unpacked, also nested in a
 * struct with a second member, and an indexed type of 3000 adjacent blocks stays contiguous in
 * behaviour. Needs 2 ranks. */
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "mtest.h"

#define N 32768
#define NV 5000

static int transpose_types(void)
{
    int errs = 0;

    for (int k = 0; k < 64; k++) {
        MPI_Datatype column;
        MPI_Datatype xpose;
        MPI_Aint lb;
        MPI_Aint extent;
        MPI_Aint tlb;
        MPI_Aint textent;
        MPI_Count size;
        int ni, na, nd, comb;

        MPI_Type_vector(N, 1, N, MPI_INT, &column);
        MPI_Type_create_hvector(N, 1, sizeof(int), column, &xpose);
        MPI_Type_commit(&xpose);
        if (k == 0) {
            MPI_Type_size_x(xpose, &size);
            MPI_Type_get_extent(xpose, &lb, &extent);
            MPI_Type_get_true_extent(xpose, &tlb, &textent);
            /* column: ints 0, N, 2N, ...: extent ((N-1)*N + 1) ints; xpose: N columns one int
             * apart, so its extent is N ints more minus one */
            errs += mtest_expect(size == (MPI_Count)N * N * (MPI_Count)sizeof(int),
                                 "transpose size %lld", (long long)size);
            errs += mtest_expect(lb == 0 && extent == ((MPI_Aint)(N - 1) * N + N) * 4,
                                 "transpose lb %ld extent %ld", (long)lb, (long)extent);
            errs += mtest_expect(tlb == 0 && textent == extent, "transpose true lb %ld extent %ld",
                                 (long)tlb, (long)textent);
            MPI_Type_get_envelope(xpose, &ni, &na, &nd, &comb);
            errs += mtest_expect(comb == MPI_COMBINER_HVECTOR && ni == 2 && na == 1 && nd == 1,
                                 "transpose envelope %d %d %d %d", comb, ni, na, nd);
        }
        MPI_Type_free(&xpose);
        MPI_Type_free(&column);
    }
    return errs;
}

/* every other int of 2 * NV, as a vector (ints 0, 2, 4, ...) */
static int big_vector(int rank)
{
    int *buf = calloc(2 * NV, sizeof(int));
    int *packed = calloc(NV, sizeof(int));
    MPI_Datatype v;
    int errs = 0;
    int pos = 0;

    MPI_Type_vector(NV, 1, 2, MPI_INT, &v);
    MPI_Type_commit(&v);
    if (rank == 0) {
        for (int i = 0; i < 2 * NV; i++)
            buf[i] = i;
        MPI_Send(buf, 1, v, 1, 0, MPI_COMM_WORLD);
        MPI_Pack(buf, 1, v, packed, NV * (int)sizeof(int), &pos, MPI_COMM_WORLD);
        for (int i = 0; i < NV; i++)
            errs += mtest_expect(packed[i] == 2 * i, "packed[%d] = %d", i, packed[i]);
        memset(buf, 0, 2 * NV * sizeof(int));
        pos = 0;
        MPI_Unpack(packed, NV * (int)sizeof(int), &pos, buf, 1, v, MPI_COMM_WORLD);
        for (int i = 0; i < 2 * NV; i++)
            errs += mtest_expect(buf[i] == (i % 2 ? 0 : i), "unpacked[%d] = %d", i, buf[i]);
    } else if (rank == 1) {
        for (int i = 0; i < 2 * NV; i++)
            buf[i] = -1;
        MPI_Recv(buf, 1, v, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < 2 * NV; i++)
            errs += mtest_expect(buf[i] == (i % 2 ? -1 : i), "received[%d] = %d", i, buf[i]);
    }
    MPI_Type_free(&v);
    free(buf);
    free(packed);
    return errs;
}

/* a struct of {the big vector at 0, one double after the ints}, sent as contiguous data */
static int nested(int rank)
{
    int n = 2 * NV * (int)sizeof(int) + (int)sizeof(double);
    char *buf = calloc(1, (size_t)n);
    double *flat = calloc(NV + 1, sizeof(double));
    MPI_Datatype v;
    MPI_Datatype s;
    int lens[2] = { 1, 1 };
    MPI_Aint disps[2] = { 0, 2 * NV * sizeof(int) };
    MPI_Datatype types[2];
    int errs = 0;

    MPI_Type_vector(NV, 1, 2, MPI_INT, &v);
    types[0] = v;
    types[1] = MPI_DOUBLE;
    MPI_Type_create_struct(2, lens, disps, types, &s);
    MPI_Type_commit(&s);
    if (rank == 0) {
        int *ints = (int *)buf;
        double d = 2.5;

        for (int i = 0; i < 2 * NV; i++)
            ints[i] = 3 * i;
        memcpy(buf + disps[1], &d, sizeof(d));
        MPI_Send(buf, 1, s, 1, 1, MPI_COMM_WORLD);
    } else if (rank == 1) {
        int ints[NV];
        double d;

        MPI_Recv(flat, NV * (int)sizeof(int) + (int)sizeof(double), MPI_BYTE, 0, 1, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
        memcpy(ints, flat, sizeof(ints));
        memcpy(&d, (char *)flat + sizeof(ints), sizeof(d));
        for (int i = 0; i < NV; i++)
            errs += mtest_expect(ints[i] == 6 * i, "struct int %d = %d", i, ints[i]);
        errs += mtest_expect(d == 2.5, "struct double %g", d);
    }
    MPI_Type_free(&s);
    MPI_Type_free(&v);
    free(buf);
    free(flat);
    return errs;
}

/* 3000 blocks of one int, each right after the previous: one run of 3000 ints */
static int adjacent(int rank)
{
    int *lens = malloc(3000 * sizeof(int));
    int *disps = malloc(3000 * sizeof(int));
    int *buf = calloc(3000, sizeof(int));
    MPI_Datatype t;
    MPI_Aint lb;
    MPI_Aint extent;
    int errs = 0;

    for (int i = 0; i < 3000; i++) {
        lens[i] = 1;
        disps[i] = i;
    }
    MPI_Type_indexed(3000, lens, disps, MPI_INT, &t);
    MPI_Type_commit(&t);
    MPI_Type_get_extent(t, &lb, &extent);
    errs += mtest_expect(lb == 0 && extent == 3000 * 4, "adjacent lb %ld extent %ld", (long)lb,
                         (long)extent);
    if (rank == 0) {
        for (int i = 0; i < 3000; i++)
            buf[i] = i + 7;
        MPI_Send(buf, 1, t, 1, 2, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(buf, 3000, MPI_INT, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < 3000; i++)
            errs += mtest_expect(buf[i] == i + 7, "adjacent[%d] = %d", i, buf[i]);
    }
    MPI_Type_free(&t);
    free(lens);
    free(disps);
    free(buf);
    return errs;
}

int main(int argc, char **argv)
{
    int rank;
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    errs += transpose_types();
    errs += big_vector(rank);
    errs += nested(rank);
    errs += adjacent(rank);
    return mtest_finish(errs);
}
