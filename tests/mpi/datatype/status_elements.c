/* MPI_Status_set_elements(_x) counts basic elements, not whole datatypes (MPI-4.0 section
 * 4.1.11): on a struct {int, char} (2 basic elements, 5 bytes of data), 2 elements are one
 * datatype (MPI_Get_count 1, MPI_Get_elements 2), 3 elements are one datatype and an int
 * (MPI_Get_count MPI_UNDEFINED, MPI_Get_elements 3), and on MPI_INT, 7 elements are 7 ints. */
#include <mpi.h>

#include "mtest.h"

static int check(MPI_Datatype t, MPI_Count set, int want_count, MPI_Count want_elements,
                 const char *what)
{
    MPI_Status st;
    MPI_Count elements_x = -1;
    int elements = -1;
    int count = -1;
    int errs = 0;

    MPI_Status_set_elements(&st, t, (int)set);
    MPI_Get_count(&st, t, &count);
    MPI_Get_elements(&st, t, &elements);
    errs += mtest_expect(count == want_count && elements == (int)want_elements,
                         "%s, set_elements %lld: count %d elements %d, expected %d and %lld", what,
                         (long long)set, count, elements, want_count, (long long)want_elements);
    MPI_Status_set_elements_x(&st, t, set);
    MPI_Get_count(&st, t, &count);
    MPI_Get_elements_x(&st, t, &elements_x);
    errs += mtest_expect(count == want_count && elements_x == want_elements,
                         "%s, set_elements_x %lld: count %d elements %lld, expected %d and %lld",
                         what, (long long)set, count, (long long)elements_x, want_count,
                         (long long)want_elements);
    return errs;
}

int main(int argc, char **argv)
{
    int lens[2] = { 1, 1 };
    MPI_Aint displs[2] = { 0, sizeof(int) };
    MPI_Datatype types[2] = { MPI_INT, MPI_CHAR };
    MPI_Datatype st;
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Type_create_struct(2, lens, displs, types, &st);
    MPI_Type_commit(&st);
    errs += check(st, 2, 1, 2, "struct {int, char}");
    errs += check(st, 3, MPI_UNDEFINED, 3, "struct {int, char}");
    errs += check(st, 4, 2, 4, "struct {int, char}");
    errs += check(MPI_INT, 7, 7, 7, "MPI_INT");
    errs += check(MPI_INT, 0, 0, 0, "MPI_INT");
    MPI_Type_free(&st);
    return mtest_finish(errs);
}
