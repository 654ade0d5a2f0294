/* coll_char_ops: reductions on MPI_CHAR, which MPICH and SMPI accept as a C integer (MPICH's
 * suite reduces chars with every arithmetic, logical and bitwise op): sum, prod, max, min,
 * land, lor, lxor, band, bor and bxor of small values over every rank, checked by hand. */
#include <mpi.h>

#include "mtest.h"

/* The result of op j over `size` ranks holding 1 on even ranks and 3 on odd ones. */
static int expected(int j, int size)
{
    int ones = (size + 1) / 2;
    int threes = size / 2;
    int prod = 1;

    for (int i = 0; i < threes; i++)
        prod *= 3;
    switch (j) {
    case 0: /* sum */
        return ones + 3 * threes;
    case 1: /* prod */
        return prod;
    case 2: /* max */
    case 8: /* bor */
        return threes ? 3 : 1;
    case 6: /* lxor: every value is true */
        return size % 2;
    case 9: /* bxor */
        return (ones % 2 ? 1 : 0) ^ (threes % 2 ? 3 : 0);
    default: /* min, land, lor, band */
        return 1;
    }
}

int main(int argc, char **argv)
{
    static const MPI_Op ops[] = { MPI_SUM, MPI_PROD, MPI_MAX,  MPI_MIN, MPI_LAND,
                                  MPI_LOR, MPI_LXOR, MPI_BAND, MPI_BOR, MPI_BXOR };
    static const char *names[] = { "sum", "prod", "max",  "min", "land",
                                   "lor", "lxor", "band", "bor", "bxor" };
    int rank;
    int size;
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int j = 0; j < 10; j++) {
        char in = (char)(rank % 2 == 0 ? 1 : 3);
        char out = 0;
        int rc = MPI_Allreduce(&in, &out, 1, MPI_CHAR, ops[j], MPI_COMM_WORLD);

        errs += mtest_expect(rc == MPI_SUCCESS, "MPI_Allreduce(MPI_CHAR, %s) returned %d", names[j],
                             rc);
        errs += mtest_expect(rc != MPI_SUCCESS || out == (char)expected(j, size), "%s: %d, want %d",
                             names[j], out, (char)expected(j, size));
    }
    return mtest_finish(errs);
}
