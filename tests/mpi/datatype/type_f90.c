/* MPI_Type_create_f90_real/complex/integer: the kind gfortran's SELECTED_REAL_KIND and
 * SELECTED_INT_KIND pick (REAL4 up to 6 digits and range 37, REAL8 up to 15 and 307; INTEGER1 to
 * INTEGER8 by range), combiner MPI_COMBINER_F90_* with (p, r) as contents, one handle per
 * (p, r), usable for communication and reductions; MPI_ERR_ARG when no kind fits. */
#include <mpi.h>

#include "mtest.h"

static int check(MPI_Datatype t, int combiner, int p, int r, int size)
{
    int ni, na, nd, comb, sz, ints[2] = { -1, -1 };
    int errs = 0;

    MPI_Type_get_envelope(t, &ni, &na, &nd, &comb);
    errs += mtest_expect(comb == combiner, "combiner %d, expected %d", comb, combiner);
    errs += mtest_expect(ni == (combiner == MPI_COMBINER_F90_INTEGER ? 1 : 2) && na == 0 && nd == 0,
                         "envelope %d %d %d", ni, na, nd);
    MPI_Type_get_contents(t, 2, 0, 0, ints, NULL, NULL);
    if (combiner == MPI_COMBINER_F90_INTEGER)
        errs += mtest_expect(ints[0] == r, "integer range %d, expected %d", ints[0], r);
    else
        errs += mtest_expect(ints[0] == p && ints[1] == r, "(p, r) = (%d, %d), expected (%d, %d)",
                             ints[0], ints[1], p, r);
    MPI_Type_size(t, &sz);
    errs += mtest_expect(sz == size, "size %d, expected %d", sz, size);
    return errs;
}

int main(int argc, char **argv)
{
    MPI_Datatype t, t2;
    double a[2] = { 1.5, 2.5 }, b[2] = { 10, 20 };
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Type_create_f90_real(3, MPI_UNDEFINED, &t);
    errs += check(t, MPI_COMBINER_F90_REAL, 3, MPI_UNDEFINED, 4);
    MPI_Type_create_f90_real(3, MPI_UNDEFINED, &t2);
    errs += mtest_expect(t == t2, "the same (p, r) gives the same handle");
    MPI_Type_create_f90_real(10, 30, &t);
    errs += check(t, MPI_COMBINER_F90_REAL, 10, 30, 8);
    MPI_Reduce_local(a, b, 2, t, MPI_SUM);
    errs +=
        mtest_expect(b[0] == 11.5 && b[1] == 22.5, "sum through an f90 real: %g %g", b[0], b[1]);
    MPI_Type_create_f90_complex(MPI_UNDEFINED, 300, &t);
    errs += check(t, MPI_COMBINER_F90_COMPLEX, MPI_UNDEFINED, 300, 16);
    MPI_Type_create_f90_integer(5, &t);
    errs += check(t, MPI_COMBINER_F90_INTEGER, MPI_UNDEFINED, 5, 4);
    MPI_Type_create_f90_integer(2, &t);
    errs += check(t, MPI_COMBINER_F90_INTEGER, MPI_UNDEFINED, 2, 1);
    errs += mtest_expect_class(MPI_Type_create_f90_real(40, MPI_UNDEFINED, &t), MPI_ERR_ARG,
                               "40 digits");
    errs += mtest_expect_class(MPI_Type_create_f90_real(MPI_UNDEFINED, MPI_UNDEFINED, &t),
                               MPI_ERR_ARG, "neither precision nor range");
    errs += mtest_expect_class(MPI_Type_create_f90_integer(19, &t), MPI_ERR_ARG, "range 19");
    return mtest_finish(errs);
}
