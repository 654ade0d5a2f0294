/* test_typesig: the type signature matcher of the checking mode (smpi/mpi/typesig.c): basic
 * datatypes match by kind of value and size, derived datatypes by their sequence of basic
 * elements, value-index pairs by their members, prefixes for point-to-point. */
#include <criterion/criterion.h>

#include "smpi/mpi/typesig.h"

Test(typesig, same_basic_type_matches)
{
    /* 4 x MPI_INT against 4 x MPI_INT: equal, exact or prefix. */
    cr_assert_eq(smpi__typesig_compare(MPI_INT, 4, MPI_INT, 4, false, NULL), SMPI_SIG_MATCH);
    cr_assert_eq(smpi__typesig_compare(MPI_INT, 4, MPI_INT, 4, true, NULL), SMPI_SIG_MATCH);
}

Test(typesig, float_against_int_differs_at_element_zero)
{
    /* MPI_FLOAT and MPI_INT have the same size, not the same kind of value: the first basic
     * element differs, and the diff names both datatypes. */
    struct smpi_typesig_diff d;

    cr_assert_eq(smpi__typesig_compare(MPI_FLOAT, 4, MPI_INT, 4, true, &d), SMPI_SIG_DIFFER);
    cr_assert_eq(d.index, 0);
    cr_assert_eq(d.a, MPI_FLOAT);
    cr_assert_eq(d.b, MPI_INT);
}

Test(typesig, equivalent_names_of_one_kind_match)
{
    /* MPI_INT, MPI_INT32_T and MPI_INTEGER hold a 4-byte signed integer; MPI_CHAR and
     * MPI_SIGNED_CHAR one byte; MPI_INT against MPI_UNSIGNED or MPI_LONG (8 bytes) differs. */
    cr_assert_eq(smpi__typesig_compare(MPI_INT, 3, MPI_INT32_T, 3, false, NULL), SMPI_SIG_MATCH);
    cr_assert_eq(smpi__typesig_compare(MPI_INTEGER, 3, MPI_INT, 3, false, NULL), SMPI_SIG_MATCH);
    cr_assert_eq(smpi__typesig_compare(MPI_CHAR, 2, MPI_SIGNED_CHAR, 2, false, NULL),
                 SMPI_SIG_MATCH);
    cr_assert_eq(smpi__typesig_compare(MPI_INT, 1, MPI_UNSIGNED, 1, false, NULL), SMPI_SIG_DIFFER);
    cr_assert_eq(smpi__typesig_compare(MPI_INT, 1, MPI_LONG, 1, false, NULL), SMPI_SIG_DIFFER);
}

Test(typesig, byte_and_packed_are_not_checked)
{
    /* MPI_BYTE and MPI_PACKED carry any data: the comparison gives up (SMPI accepts them). */
    cr_assert_eq(smpi__typesig_compare(MPI_BYTE, 16, MPI_DOUBLE, 2, false, NULL),
                 SMPI_SIG_UNCHECKED);
    cr_assert_eq(smpi__typesig_compare(MPI_INT, 4, MPI_PACKED, 16, true, NULL), SMPI_SIG_UNCHECKED);
}

Test(typesig, prefix_allows_a_shorter_message_only)
{
    /* 3 ints received into 8: a prefix (match); 8 ints into 3: LONGER; exactly, 3 against 8
     * is SHORTER with the lengths 3 and 8. */
    struct smpi_typesig_diff d;

    cr_assert_eq(smpi__typesig_compare(MPI_INT, 3, MPI_INT, 8, true, NULL), SMPI_SIG_MATCH);
    cr_assert_eq(smpi__typesig_compare(MPI_INT, 8, MPI_INT, 3, true, NULL), SMPI_SIG_LONGER);
    cr_assert_eq(smpi__typesig_compare(MPI_INT, 3, MPI_INT, 8, false, &d), SMPI_SIG_SHORTER);
    cr_assert_eq(d.alen, 3);
    cr_assert_eq(d.blen, 8);
}

Test(typesig, derived_types_compare_by_their_basic_elements)
{
    /* contiguous(3, MPI_INT) x 2 is six ints: it matches 6 x MPI_INT whatever the layout, and
     * a vector(2, 1, 2, MPI_INT) of 3 matches contiguous(2, MPI_INT) x 3. */
    MPI_Datatype three;
    MPI_Datatype vec;
    MPI_Datatype two;

    MPI_Type_contiguous(3, MPI_INT, &three);
    MPI_Type_vector(2, 1, 2, MPI_INT, &vec);
    MPI_Type_contiguous(2, MPI_INT, &two);
    cr_assert_eq(smpi__typesig_compare(three, 2, MPI_INT, 6, false, NULL), SMPI_SIG_MATCH);
    cr_assert_eq(smpi__typesig_compare(vec, 3, two, 3, false, NULL), SMPI_SIG_MATCH);
    cr_assert_eq(smpi__typesig_compare(three, 2, MPI_INT, 5, false, NULL), SMPI_SIG_LONGER);
    MPI_Type_free(&three);
    MPI_Type_free(&vec);
    MPI_Type_free(&two);
}

Test(typesig, struct_differs_at_its_first_mismatched_member)
{
    /* struct {int; double; int} against struct {int; float; int}: element 1 differs (MPI_DOUBLE
     * against MPI_FLOAT); at count 2 the first difference is still element 1. */
    int len[3] = { 1, 1, 1 };
    MPI_Aint disp[3] = { 0, 8, 16 };
    MPI_Datatype ta[3] = { MPI_INT, MPI_DOUBLE, MPI_INT };
    MPI_Datatype tb[3] = { MPI_INT, MPI_FLOAT, MPI_INT };
    MPI_Datatype a;
    MPI_Datatype b;
    struct smpi_typesig_diff d;

    MPI_Type_create_struct(3, len, disp, ta, &a);
    MPI_Type_create_struct(3, len, disp, tb, &b);
    cr_assert_eq(smpi__typesig_compare(a, 2, b, 2, false, &d), SMPI_SIG_DIFFER);
    cr_assert_eq(d.index, 1);
    cr_assert_eq(d.a, MPI_DOUBLE);
    cr_assert_eq(d.b, MPI_FLOAT);
    MPI_Type_free(&a);
    MPI_Type_free(&b);
}

Test(typesig, pairs_are_their_two_members)
{
    /* MPI_2INT is two ints: 3 x MPI_2INT matches 6 x MPI_INT; MPI_FLOAT_INT is {float, int}, as
     * a struct of MPI_FLOAT and MPI_INT is, and two of them differ from 4 x MPI_FLOAT at
     * element 1 (an int). */
    int len[2] = { 1, 1 };
    MPI_Aint disp[2] = { 0, 4 };
    MPI_Datatype t[2] = { MPI_FLOAT, MPI_INT };
    MPI_Datatype fi;
    struct smpi_typesig_diff d;

    MPI_Type_create_struct(2, len, disp, t, &fi);
    cr_assert_eq(smpi__typesig_compare(MPI_2INT, 3, MPI_INT, 6, false, NULL), SMPI_SIG_MATCH);
    cr_assert_eq(smpi__typesig_compare(fi, 2, MPI_FLOAT_INT, 2, false, NULL), SMPI_SIG_MATCH);
    cr_assert_eq(smpi__typesig_compare(MPI_FLOAT_INT, 2, MPI_FLOAT, 4, false, &d), SMPI_SIG_DIFFER);
    cr_assert_eq(d.index, 1);
    cr_assert_eq(d.a, MPI_INT);
    MPI_Type_free(&fi);
}

Test(typesig, a_long_uniform_signature_is_one_step)
{
    /* 10^9 ints against contiguous(1000, MPI_INT) x 10^6: one segment on each side, so the
     * comparison answers at once (it would give up after 2^22 steps otherwise). */
    MPI_Datatype k;

    MPI_Type_contiguous(1000, MPI_INT, &k);
    cr_assert_eq(smpi__typesig_compare(MPI_INT, 1000000000, k, 1000000, false, NULL),
                 SMPI_SIG_MATCH);
    MPI_Type_free(&k);
}
