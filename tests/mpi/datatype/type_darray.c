/* type_darray: MPI_Type_create_darray on a 4 x 6 array over a 2 x 2 process grid, BLOCK rows
 * and CYCLIC(2) columns, in C and in Fortran order: each rank's type selects exactly the
 * elements an independently computed owner map gives it, in the array order, and its extent
 * is the whole array's; MPI_Type_match_size. Needs 4 ranks. */
#include <mpi.h>

#include "mtest.h"

enum { R = 4, C = 6 };

/* owner of element (i, j): rows in blocks of 2, columns cyclic by pairs; grid row-major */
static int owner(int i, int j)
{
    return (i / 2) * 2 + (j / 2) % 2;
}

static int check(int rank, int order)
{
    int errs = 0;
    int gsizes[2] = { R, C };
    int distribs[2] = { MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC };
    int dargs[2] = { MPI_DISTRIBUTE_DFLT_DARG, 2 };
    int psizes[2] = { 2, 2 };
    int a[R * C];
    int packed[R * C];
    int pos = 0;
    int n = 0;
    int size;
    MPI_Aint lb;
    MPI_Aint extent;
    MPI_Datatype t;

    for (int k = 0; k < R * C; k++)
        a[k] = k;
    MPI_Type_create_darray(4, rank, 2, gsizes, distribs, dargs, psizes, order, MPI_INT, &t);
    MPI_Type_commit(&t);
    MPI_Type_get_extent(t, &lb, &extent);
    errs += mtest_expect(lb == 0 && extent == (MPI_Aint)sizeof(a), "extent %ld", (long)extent);
    MPI_Type_size(t, &size);
    MPI_Pack(a, 1, t, packed, sizeof(packed), &pos, MPI_COMM_WORLD);
    /* expected: owned elements in memory order of the array */
    for (int k = 0; k < R * C; k++) {
        int i = order == MPI_ORDER_C ? k / C : k % R;
        int j = order == MPI_ORDER_C ? k % C : k / R;

        if (owner(i, j) != rank)
            continue;
        errs += mtest_expect(n * 4 < size && packed[n] == k,
                             "%s order: element %d is %d, "
                             "expected %d",
                             order == MPI_ORDER_C ? "C" : "Fortran", n, packed[n], k);
        n++;
    }
    errs += mtest_expect(size == n * 4, "size %d, expected %d", size, n * 4);
    MPI_Type_free(&t);
    return errs;
}

int main(int argc, char **argv)
{
    int rank;
    int errs = 0;
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    errs += check(rank, MPI_ORDER_C);
    errs += check(rank, MPI_ORDER_FORTRAN);
    MPI_Type_match_size(MPI_TYPECLASS_REAL, 8, &t);
    errs += mtest_expect(t == MPI_DOUBLE, "match_size(REAL, 8) is not MPI_DOUBLE");
    return mtest_finish(errs);
}
