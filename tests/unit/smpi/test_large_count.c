/* test_large_count: the conversions the generated large-count bindings share
 * (smpi/bindings/large_count.c): counts that fit an int pass unchanged, count arrays become int
 * or MPI_Aint copies (none for a NULL array or no entries), a capacity is cut to INT_MAX, and
 * the copies go to a request, which frees them with itself, or are freed at once. */
#include <criterion/criterion.h>
#include <limits.h>
#include <stdlib.h>

#include "smpi/bindings/large_count.h"
#include "smpi/internal.h"

Test(large_count, counts_that_fit_an_int_pass_unchanged)
{
    struct smpi_large_tmp t = { .comm = MPI_COMM_NULL };
    int v = 0;

    cr_assert_eq(smpi__large_int(&t, "MPI_Send_c", "count", INT_MAX, &v), MPI_SUCCESS);
    cr_assert_eq(v, INT_MAX);
    cr_assert_eq(smpi__large_int(&t, "MPI_Send_c", "count", -3, &v), MPI_SUCCESS);
    cr_assert_eq(v, -3); /* the int call reports a negative count */
}

Test(large_count, a_capacity_above_int_max_is_cut_to_int_max)
{
    cr_assert_eq(smpi__large_clamp((MPI_Count)INT_MAX + 10), INT_MAX);
    cr_assert_eq(smpi__large_clamp(4096), 4096);
    cr_assert_eq(smpi__large_clamp((MPI_Count)INT_MIN - 1), INT_MIN);
}

Test(large_count, count_and_displacement_arrays_become_int_and_aint_copies)
{
    struct smpi_large_tmp t = { .comm = MPI_COMM_NULL };
    MPI_Count counts[3] = { 1, 70000, INT_MAX };
    MPI_Aint displs[3] = { 0, 8, 1 << 20 };
    MPI_Count wide[2] = { (MPI_Count)1 << 40, -8 };
    int *ic = NULL;
    int *id = NULL;
    MPI_Aint *aw = NULL;

    cr_assert_eq(smpi__large_ints(&t, "MPI_Gatherv_c", "recvcounts", counts, 3, &ic), MPI_SUCCESS);
    cr_assert_eq(smpi__large_ints_of_aints(&t, "MPI_Alltoallw_c", "sdispls", displs, 3, &id),
                 MPI_SUCCESS);
    cr_assert_eq(
        smpi__large_aints(&t, "MPI_Type_create_struct_c", "array_of_displacements", wide, 2, &aw),
        MPI_SUCCESS);
    cr_assert_eq(ic[1], 70000);
    cr_assert_eq(ic[2], INT_MAX);
    cr_assert_eq(id[2], 1 << 20);
    cr_assert_eq(aw[0], (MPI_Aint)1 << 40);
    cr_assert_eq(aw[1], -8);
    cr_assert_eq(t.n, 3);
    smpi__large_done(&t, MPI_REQUEST_NULL);
}

Test(large_count, no_copy_of_a_null_or_empty_array)
{
    struct smpi_large_tmp t = { .comm = MPI_COMM_NULL };
    MPI_Count counts[1] = { 5 };
    int *ic = (int *)&t; /* overwritten */

    cr_assert_eq(smpi__large_ints(&t, "MPI_Scatterv_c", "sendcounts", NULL, 4, &ic), MPI_SUCCESS);
    cr_assert_null(ic);
    cr_assert_eq(smpi__large_ints(&t, "MPI_Scatterv_c", "sendcounts", counts, 0, &ic), MPI_SUCCESS);
    cr_assert_null(ic);
    cr_assert_eq(t.n, 0);
}

Test(large_count, a_request_keeps_the_copies_until_it_is_freed)
{
    struct smpi_large_tmp t = { .comm = MPI_COMM_NULL };
    struct smpi_request r = { .refcount = 1 };
    MPI_Count counts[2] = { 3, 4 };
    int *ic = NULL;
    int *ic2 = NULL;

    smpi__large_ints(&t, "MPI_Iallgatherv_c", "recvcounts", counts, 2, &ic);
    smpi__large_ints(&t, "MPI_Iallgatherv_c", "displs", counts, 2, &ic2);
    smpi__large_done(&t, &r);
    cr_assert_not_null(r.rare);
    cr_assert_not_null(r.rare->large_counts);
    cr_assert_eq(r.rare->large_counts[0], ic);
    cr_assert_eq(r.rare->large_counts[1], ic2);
    cr_assert_null(r.rare->large_counts[2]); /* the list ends there */
    cr_assert_eq(ic[1], 4);                  /* still readable by the collective */
    for (void **a = r.rare->large_counts; *a; a++)
        free(*a);
    free(r.rare->large_counts);
    free(r.rare);
}
