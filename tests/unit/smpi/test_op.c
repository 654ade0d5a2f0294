/* test_op: predefined reductions on the types the standard allows, MINLOC/MAXLOC ties,
 * rejected op/type pairs, derived types through the packed path, and user ops; suite errors:
 * MPI_Error_string and MPI_Error_class over the one table of error classes. */
#include <complex.h>
#include <criterion/criterion.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <wchar.h>

#include "smpi/mpi/datatype.h"
#include "smpi/mpi/errors.h"
#include "smpi/mpi/op.h"
#include "smpi/mpi/p2p_api.h"

Test(op, sum_of_ints_adds_in_into_inout)
{
    /* in {1, 2, 3} + inout {10, 20, 30} = {11, 22, 33}. */
    int in[3] = { 1, 2, 3 };
    int io[3] = { 10, 20, 30 };

    cr_assert_eq(smpi_op_apply(MPI_SUM, in, io, 3, MPI_INT), MPI_SUCCESS);
    cr_assert_eq(io[0], 11);
    cr_assert_eq(io[2], 33);
}

Test(op, max_and_min_of_doubles)
{
    /* max({1.5, -2}, {0.5, 4}) = {1.5, 4}; then min with {1.5, -2} = {1.5, -2}. */
    double in[2] = { 1.5, -2.0 };
    double io[2] = { 0.5, 4.0 };

    cr_assert_eq(smpi_op_apply(MPI_MAX, in, io, 2, MPI_DOUBLE), MPI_SUCCESS);
    cr_assert_eq(io[0], 1.5);
    cr_assert_eq(io[1], 4.0);
    cr_assert_eq(smpi_op_apply(MPI_MIN, in, io, 2, MPI_DOUBLE), MPI_SUCCESS);
    cr_assert_eq(io[1], -2.0);
}

Test(op, prod_of_complex_numbers)
{
    /* (1 + 2i) * (3 + 4i) = 3 + 4i + 6i + 8i^2 = -5 + 10i. */
    double complex in = 1.0 + 2.0 * I;
    double complex io = 3.0 + 4.0 * I;

    cr_assert_eq(smpi_op_apply(MPI_PROD, &in, &io, 1, MPI_C_DOUBLE_COMPLEX), MPI_SUCCESS);
    cr_assert_eq(creal(io), -5.0);
    cr_assert_eq(cimag(io), 10.0);
}

Test(op, logical_ops_on_c_bool)
{
    /* LAND {1,1,0} with {1,0,0} = {1,0,0}; LXOR {1,1,0} with {1,0,0} = {0,1,0}. */
    bool in[3] = { true, true, false };
    bool a[3] = { true, false, false };
    bool x[3] = { true, false, false };

    cr_assert_eq(smpi_op_apply(MPI_LAND, in, a, 3, MPI_C_BOOL), MPI_SUCCESS);
    cr_assert(a[0] && !a[1] && !a[2]);
    cr_assert_eq(smpi_op_apply(MPI_LXOR, in, x, 3, MPI_C_BOOL), MPI_SUCCESS);
    cr_assert(!x[0] && x[1] && !x[2]);
}

Test(op, bitwise_ops_on_bytes)
{
    /* 0xF0 ^ 0x3C = 0xCC; 0xF0 | 0x0F = 0xFF. */
    unsigned char in[2] = { 0xF0, 0xF0 };
    unsigned char io[2] = { 0x3C, 0x0F };

    cr_assert_eq(smpi_op_apply(MPI_BXOR, in, io, 1, MPI_BYTE), MPI_SUCCESS);
    cr_assert_eq(io[0], 0xCC);
    cr_assert_eq(smpi_op_apply(MPI_BOR, in + 1, io + 1, 1, MPI_BYTE), MPI_SUCCESS);
    cr_assert_eq(io[1], 0xFF);
}

Test(op, minloc_tie_keeps_the_lowest_index)
{
    /* MINLOC of {5, idx 3} into {5, idx 1}: tie -> index 1; then {2, idx 7} beats 5 -> {2, 7}.
     * Same tie in the other order ({5,1} into {5,3}) also gives index 1. */
    struct smpi_pair_2int a = { 5, 3 };
    struct smpi_pair_2int io = { 5, 1 };
    struct smpi_pair_2int b = { 2, 7 };
    struct smpi_pair_2int c = { 5, 1 };
    struct smpi_pair_2int d = { 5, 3 };

    cr_assert_eq(smpi_op_apply(MPI_MINLOC, &a, &io, 1, MPI_2INT), MPI_SUCCESS);
    cr_assert_eq(io.i, 1);
    smpi_op_apply(MPI_MINLOC, &b, &io, 1, MPI_2INT);
    cr_assert_eq(io.v, 2);
    cr_assert_eq(io.i, 7);
    smpi_op_apply(MPI_MINLOC, &c, &d, 1, MPI_2INT);
    cr_assert_eq(d.i, 1);
}

Test(op, maxloc_of_double_int)
{
    /* MAXLOC {3.5, idx 2} {1.0, idx 0} into {3.5, idx 4} {2.0, idx 1}:
     * tie on 3.5 -> index 2; 2.0 > 1.0 -> {2.0, 1}. */
    struct smpi_pair_double_int in[2] = { { 3.5, 2 }, { 1.0, 0 } };
    struct smpi_pair_double_int io[2] = { { 3.5, 4 }, { 2.0, 1 } };

    cr_assert_eq(smpi_op_apply(MPI_MAXLOC, in, io, 2, MPI_DOUBLE_INT), MPI_SUCCESS);
    cr_assert_eq(io[0].i, 2);
    cr_assert_eq(io[1].v, 2.0);
    cr_assert_eq(io[1].i, 1);
}

Test(op, mpi_char_reduces_as_a_c_integer)
{
    /* MPI-3.1 leaves MPI_CHAR out of the C integers, but MPICH and SMPI reduce it as one, and
     * MPICH's test suite (coll/opsum, opband, ...) relies on it: 3 + 4 = 7, 6 & 3 = 2. */
    char in[2] = { 3, 6 };
    char io[2] = { 4, 3 };

    cr_assert_eq(smpi_op_apply(MPI_SUM, in, io, 1, MPI_CHAR), MPI_SUCCESS);
    cr_assert_eq(io[0], 7);
    cr_assert_eq(smpi_op_apply(MPI_BAND, in + 1, io + 1, 1, MPI_CHAR), MPI_SUCCESS);
    cr_assert_eq(io[1], 2);
}

Test(op, undefined_op_type_pairs_are_rejected)
{
    /* SUM on MPI_WCHAR, BAND on MPI_FLOAT, MINLOC on MPI_INT, MAX on complex and LAND on
     * MPI_BYTE are not defined by MPI-3.1 5.9.2: each returns MPI_ERR_OP, buffer untouched. */
    wchar_t c = 1;
    float f = 1.0f;
    int i = 1;
    float complex z = 1.0f;
    unsigned char b = 1;

    cr_assert_eq(smpi_op_apply(MPI_SUM, &c, &c, 1, MPI_WCHAR), MPI_ERR_OP);
    cr_assert_eq(smpi_op_apply(MPI_BAND, &f, &f, 1, MPI_FLOAT), MPI_ERR_OP);
    cr_assert_eq(smpi_op_apply(MPI_MINLOC, &i, &i, 1, MPI_INT), MPI_ERR_OP);
    cr_assert_eq(smpi_op_apply(MPI_MAX, &z, &z, 1, MPI_C_FLOAT_COMPLEX), MPI_ERR_OP);
    cr_assert_eq(smpi_op_apply(MPI_LAND, &b, &b, 1, MPI_BYTE), MPI_ERR_OP);
    cr_assert_eq(smpi_op_apply(MPI_OP_NULL, &i, &i, 1, MPI_INT), MPI_ERR_OP);
    cr_assert_eq(c, 1);
}

Test(op, replace_copies_and_no_op_keeps)
{
    /* REPLACE {7, 8} into {1, 2} -> {7, 8}; NO_OP {0, 0} into {7, 8} -> still {7, 8}. */
    long in[2] = { 7, 8 };
    long zero[2] = { 0, 0 };
    long io[2] = { 1, 2 };

    cr_assert_eq(smpi_op_apply(MPI_REPLACE, in, io, 2, MPI_LONG), MPI_SUCCESS);
    cr_assert_eq(io[1], 8);
    cr_assert_eq(smpi_op_apply(MPI_NO_OP, zero, io, 2, MPI_LONG), MPI_SUCCESS);
    cr_assert_eq(io[0], 7);
}

Test(op, derived_type_is_reduced_through_its_blocks)
{
    /* A hand-built type "every other int" (blocks {0,4} {8,4}, extent 16, kind INT, class C
     * integer) with count 1 over in {1,2,3,4} and inout {10,20,30,40}: SUM touches only items
     * 0 and 2, so inout = {11, 20, 33, 40}. */
    struct smpi_type_block blocks[2] = { { 0, 4 }, { 8, 4 } };
    struct smpi_datatype strided = {
        .size = 8,
        .lb = 0,
        .ub = 16,
        .true_lb = 0,
        .true_ub = 12,
        .flags = SMPI_TYPE_COMMITTED,
        .kind = SMPI_KIND_INT,
        .opclass = SMPI_CLASS_C_INTEGER,
        .nblocks = 2,
        .blocks = blocks,
        .refcount = 1,
        .name = "strided",
    };
    int in[4] = { 1, 2, 3, 4 };
    int io[4] = { 10, 20, 30, 40 };

    cr_assert_eq(smpi_op_apply(MPI_SUM, in, io, 1, &strided), MPI_SUCCESS);
    cr_assert_eq(io[0], 11);
    cr_assert_eq(io[1], 20);
    cr_assert_eq(io[2], 33);
    cr_assert_eq(io[3], 40);
}

static int user_calls;

static void user_sub(void *invec, void *inoutvec, int *len, MPI_Datatype *type)
{
    const int *a = invec;
    int *b = inoutvec;

    user_calls++;
    cr_assert_eq(*type, MPI_INT);
    for (int i = 0; i < *len; i++)
        b[i] = a[i] - b[i];
}

Test(op, user_op_gets_len_and_datatype_and_is_freed)
{
    /* A non-commutative user op b = a - b over in {10, 20} and inout {1, 2} -> {9, 18},
     * called once with len 2 and MPI_INT; MPI_Op_commutative says 0; MPI_Op_free nulls it. */
    MPI_Op op;
    int commute = -1;
    int in[2] = { 10, 20 };
    int io[2] = { 1, 2 };

    user_calls = 0;
    cr_assert_eq(MPI_Op_create(user_sub, 0, &op), MPI_SUCCESS);
    cr_assert_eq(MPI_Op_commutative(op, &commute), MPI_SUCCESS);
    cr_assert_eq(commute, 0);
    cr_assert_eq(MPI_Reduce_local(in, io, 2, MPI_INT, op), MPI_SUCCESS);
    cr_assert_eq(user_calls, 1);
    cr_assert_eq(io[0], 9);
    cr_assert_eq(io[1], 18);
    cr_assert_eq(MPI_Op_free(&op), MPI_SUCCESS);
    cr_assert_eq(op, MPI_OP_NULL);
}

Test(op, predefined_ops_are_commutative_except_replace)
{
    /* MPI_SUM and MPI_MAXLOC are commutative; MPI_REPLACE is not (order decides the result). */
    cr_assert(smpi_op_is_commutative(MPI_SUM));
    cr_assert(smpi_op_is_commutative(MPI_MAXLOC));
    cr_assert_not(smpi_op_is_commutative(MPI_REPLACE));
}

Test(op, every_arithmetic_logical_and_bitwise_op_on_int)
{
    /* in {6, 0, -3} op inout {3, 5, -3}, element by element:
     *   MAX {6, 5, -3}   MIN {3, 0, -3}   SUM {9, 5, -6}   PROD {18, 0, 9}
     *   LAND {1, 0, 1}   LOR {1, 1, 1}    LXOR {0, 1, 0}
     *   BAND {2, 0, -3}  BOR {7, 5, -3}   BXOR {5, 5, 0}  (6 = 110b, 3 = 011b) */
    static const struct {
        MPI_Op op;
        int want[3];
    } cases[] = {
        { MPI_MAX, { 6, 5, -3 } },  { MPI_MIN, { 3, 0, -3 } },  { MPI_SUM, { 9, 5, -6 } },
        { MPI_PROD, { 18, 0, 9 } }, { MPI_LAND, { 1, 0, 1 } },  { MPI_LOR, { 1, 1, 1 } },
        { MPI_LXOR, { 0, 1, 0 } },  { MPI_BAND, { 2, 0, -3 } }, { MPI_BOR, { 7, 5, -3 } },
        { MPI_BXOR, { 5, 5, 0 } },
    };
    const int in[3] = { 6, 0, -3 };

    for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
        int io[3] = { 3, 5, -3 };

        cr_assert_eq(smpi_op_apply(cases[c].op, in, io, 3, MPI_INT), MPI_SUCCESS, "%s",
                     cases[c].op->name);
        for (int i = 0; i < 3; i++)
            cr_assert_eq(io[i], cases[c].want[i], "%s[%d] = %d, want %d", cases[c].op->name, i,
                         io[i], cases[c].want[i]);
    }
}

Test(op, unsigned_sum_wraps_and_max_compares_unsigned)
{
    /* MPI_UNSIGNED_CHAR: 200 + 100 = 300 mod 256 = 44. MPI_UINT64_T: MAX(2^63, 1) = 2^63
     * (a signed compare would pick 1). MPI_INT8_T: MIN(-128, 127) = -128. */
    unsigned char a = 200;
    unsigned char b = 100;
    uint64_t big = UINT64_C(1) << 63;
    uint64_t one = 1;
    int8_t lo = -128;
    int8_t hi = 127;

    cr_assert_eq(smpi_op_apply(MPI_SUM, &a, &b, 1, MPI_UNSIGNED_CHAR), MPI_SUCCESS);
    cr_assert_eq(b, 44);
    cr_assert_eq(smpi_op_apply(MPI_MAX, &big, &one, 1, MPI_UINT64_T), MPI_SUCCESS);
    cr_assert_eq(one, UINT64_C(1) << 63);
    cr_assert_eq(smpi_op_apply(MPI_MIN, &lo, &hi, 1, MPI_INT8_T), MPI_SUCCESS);
    cr_assert_eq(hi, -128);
}

Test(op, floating_sum_and_prod_are_exact_on_representable_values)
{
    /* MPI_FLOAT: 0.25 + 0.5 = 0.75; MPI_LONG_DOUBLE: 1.5 * -4 = -6; MPI_REAL8 (Fortran
     * double): 2 + 0.125 = 2.125. All values are exact in binary. */
    float f = 0.25f;
    float g = 0.5f;
    long double x = 1.5L;
    long double y = -4.0L;
    double d = 2.0;
    double e = 0.125;

    cr_assert_eq(smpi_op_apply(MPI_SUM, &f, &g, 1, MPI_FLOAT), MPI_SUCCESS);
    cr_assert_eq(g, 0.75f);
    cr_assert_eq(smpi_op_apply(MPI_PROD, &x, &y, 1, MPI_LONG_DOUBLE), MPI_SUCCESS);
    cr_assert(y == -6.0L);
    cr_assert_eq(smpi_op_apply(MPI_SUM, &d, &e, 1, MPI_REAL8), MPI_SUCCESS);
    cr_assert_eq(e, 2.125);
}

Test(op, sum_of_float_complex)
{
    /* (1 + 2i) + (0.5 - 3i) = 1.5 - 1i on MPI_C_FLOAT_COMPLEX. */
    float complex in = 1.0f + 2.0f * I;
    float complex io = 0.5f - 3.0f * I;

    cr_assert_eq(smpi_op_apply(MPI_SUM, &in, &io, 1, MPI_C_FLOAT_COMPLEX), MPI_SUCCESS);
    cr_assert_eq(crealf(io), 1.5f);
    cr_assert_eq(cimagf(io), -1.0f);
}

Test(op, logical_ops_on_fortran_logical_and_band_on_offset)
{
    /* MPI_LOGICAL (Fortran int, nonzero = true): LOR {0, 7} with {0, 0} = {0, 1}.
     * MPI_OFFSET is a multi-language type: BAND 0xFF0 & 0x0FF = 0x0F0. */
    int in[2] = { 0, 7 };
    int io[2] = { 0, 0 };
    MPI_Offset o1 = 0xFF0;
    MPI_Offset o2 = 0x0FF;

    cr_assert_eq(smpi_op_apply(MPI_LOR, in, io, 2, MPI_LOGICAL), MPI_SUCCESS);
    cr_assert_eq(io[0], 0);
    cr_assert_eq(io[1], 1);
    cr_assert_eq(smpi_op_apply(MPI_BAND, &o1, &o2, 1, MPI_OFFSET), MPI_SUCCESS);
    cr_assert_eq(o2, 0x0F0);
}

Test(op, logical_ops_on_the_multi_language_integers)
{
    /* As MPICH and SMPI (mpich3-test coll/allred), beyond MPI-4.0 6.9.2's table: LAND {3, 0}
     * with {5, 5} = {1, 0} on MPI_AINT; LOR {0, 0} with {0, 7} = {0, 1} on MPI_COUNT; LXOR
     * {2, 0} with {2, 4} = {0, 1} on MPI_OFFSET. */
    MPI_Aint a_in[2] = { 3, 0 };
    MPI_Aint a[2] = { 5, 5 };
    MPI_Count c_in[2] = { 0, 0 };
    MPI_Count c[2] = { 0, 7 };
    MPI_Offset o_in[2] = { 2, 0 };
    MPI_Offset o[2] = { 2, 4 };

    cr_assert_eq(smpi_op_apply(MPI_LAND, a_in, a, 2, MPI_AINT), MPI_SUCCESS);
    cr_assert(a[0] == 1 && a[1] == 0);
    cr_assert_eq(smpi_op_apply(MPI_LOR, c_in, c, 2, MPI_COUNT), MPI_SUCCESS);
    cr_assert(c[0] == 0 && c[1] == 1);
    cr_assert_eq(smpi_op_apply(MPI_LXOR, o_in, o, 2, MPI_OFFSET), MPI_SUCCESS);
    cr_assert(o[0] == 0 && o[1] == 1);
}

Test(op, maxloc_tie_keeps_the_lowest_index_in_both_orders)
{
    /* MAXLOC on MPI_FLOAT_INT: {4.0, idx 9} into {4.0, idx 2} -> idx 2, and {4.0, idx 2}
     * into {4.0, idx 9} -> idx 2 as well: the result does not depend on operand order.
     * On MPI_LONG_INT, {-1, 0} into {-5, 3} -> {-1, 0} (larger value wins). */
    struct smpi_pair_float_int a = { 4.0f, 9 };
    struct smpi_pair_float_int b = { 4.0f, 2 };
    struct smpi_pair_float_int c = { 4.0f, 2 };
    struct smpi_pair_float_int d = { 4.0f, 9 };
    struct smpi_pair_long_int e = { -1, 0 };
    struct smpi_pair_long_int f = { -5, 3 };

    cr_assert_eq(smpi_op_apply(MPI_MAXLOC, &a, &b, 1, MPI_FLOAT_INT), MPI_SUCCESS);
    cr_assert_eq(b.i, 2);
    cr_assert_eq(smpi_op_apply(MPI_MAXLOC, &c, &d, 1, MPI_FLOAT_INT), MPI_SUCCESS);
    cr_assert_eq(d.i, 2);
    cr_assert_eq(smpi_op_apply(MPI_MAXLOC, &e, &f, 1, MPI_LONG_INT), MPI_SUCCESS);
    cr_assert_eq(f.v, -1);
    cr_assert_eq(f.i, 0);
}

Test(op, ops_refuse_types_outside_their_categories)
{
    /* MPI-3.1 5.9.2 by category, each returning MPI_ERR_OP with the buffer untouched:
     * LAND on MPI_INTEGER (Fortran integer is not a logical-op type), SUM on MPI_LOGICAL, MAX on
     * MPI_WCHAR, SUM on MPI_PACKED, MAXLOC on MPI_DOUBLE, BOR on MPI_C_BOOL, PROD on MPI_CHARACTER.
     * Sanity: SUM on MPI_INTEGER works. */
    int i = 3;
    int j = 4;
    wchar_t w = 1;
    unsigned char p = 1;
    double d = 1.0;
    bool b = true;
    char ch = 'a';

    cr_assert_eq(smpi_op_apply(MPI_LAND, &i, &j, 1, MPI_INTEGER), MPI_ERR_OP);
    cr_assert_eq(smpi_op_apply(MPI_SUM, &i, &j, 1, MPI_LOGICAL), MPI_ERR_OP);
    cr_assert_eq(smpi_op_apply(MPI_MAX, &w, &w, 1, MPI_WCHAR), MPI_ERR_OP);
    cr_assert_eq(smpi_op_apply(MPI_SUM, &p, &p, 1, MPI_PACKED), MPI_ERR_OP);
    cr_assert_eq(smpi_op_apply(MPI_MAXLOC, &d, &d, 1, MPI_DOUBLE), MPI_ERR_OP);
    cr_assert_eq(smpi_op_apply(MPI_BOR, &b, &b, 1, MPI_C_BOOL), MPI_ERR_OP);
    cr_assert_eq(smpi_op_apply(MPI_PROD, &ch, &ch, 1, MPI_CHARACTER), MPI_ERR_OP);
    cr_assert_eq(j, 4);
    cr_assert_eq(smpi_op_apply(MPI_SUM, &i, &j, 1, MPI_INTEGER), MPI_SUCCESS);
    cr_assert_eq(j, 7);
}

Test(op, reduce_local_with_a_predefined_op_and_errors)
{
    /* MPI_Reduce_local(MPI_PROD) of {2, 3} into {5, 7} = {10, 21}. A bad pair (BAND on
     * MPI_DOUBLE) returns MPI_ERR_OP, aliased buffers MPI_ERR_BUFFER, count -1 MPI_ERR_COUNT, and
     * freeing a predefined op MPI_ERR_OP (errors are not fatal in unit tests). */
    long in[2] = { 2, 3 };
    long io[2] = { 5, 7 };
    double d = 1.0;
    double e = 1.0;
    MPI_Op op = MPI_SUM;

    cr_assert_eq(MPI_Reduce_local(in, io, 2, MPI_LONG, MPI_PROD), MPI_SUCCESS);
    cr_assert_eq(io[0], 10);
    cr_assert_eq(io[1], 21);
    cr_assert_eq(MPI_Reduce_local(&d, &e, 1, MPI_DOUBLE, MPI_BAND), MPI_ERR_OP);
    cr_assert_eq(MPI_Reduce_local(&d, &d, 1, MPI_DOUBLE, MPI_SUM), MPI_ERR_BUFFER);
    cr_assert_eq(MPI_Reduce_local(in, io, -1, MPI_LONG, MPI_SUM), MPI_ERR_COUNT);
    cr_assert_eq(MPI_Op_free(&op), MPI_ERR_OP);
    cr_assert_eq(op, MPI_SUM);
}

Test(errors, error_string_gives_the_class_name_as_smpi)
{
    /* MPI_Error_string, as SMPI 3.32's: MPI_SUCCESS "MPI_SUCCESS" (11), MPI_ERR_TRUNCATE
     * "MPI_ERR_TRUNCATE" (16), MPI_ERR_OP "MPI_ERR_OP"; resultlen is the string length. */
    char s[MPI_MAX_ERROR_STRING];
    int len;

    cr_assert_eq(MPI_Error_string(MPI_SUCCESS, s, &len), MPI_SUCCESS);
    cr_assert_str_eq(s, "MPI_SUCCESS");
    cr_assert_eq(len, 11);
    cr_assert_eq(MPI_Error_string(MPI_ERR_TRUNCATE, s, &len), MPI_SUCCESS);
    cr_assert_str_eq(s, "MPI_ERR_TRUNCATE");
    cr_assert_eq(len, 16);
    cr_assert_eq(MPI_Error_string(MPI_ERR_OP, s, &len), MPI_SUCCESS);
    cr_assert_str_eq(s, "MPI_ERR_OP");
}

Test(errors, every_class_has_a_name_and_a_description)
{
    /* Every code 0..MPI_ERR_LASTCODE has a table entry: a name starting "MPI_" and a
     * non-empty description shorter than MPI_MAX_ERROR_STRING; MPI_Error_class maps each
     * class to itself. A code past MPI_ERR_LASTCODE or negative is MPI_ERR_ARG. */
    char s[MPI_MAX_ERROR_STRING];
    int len;
    int cls;

    for (int c = 0; c <= MPI_ERR_LASTCODE; c++) {
        cr_assert_eq(strncmp(smpi_error_class_name(c), "MPI_", 4), 0, "code %d", c);
        cr_assert_eq(MPI_Error_string(c, s, &len), MPI_SUCCESS, "code %d", c);
        cr_assert(len > 0 && len < MPI_MAX_ERROR_STRING, "code %d", c);
        cr_assert_eq(MPI_Error_class(c, &cls), MPI_SUCCESS, "code %d", c);
        cr_assert_eq(cls, c);
    }
    cr_assert_str_eq(smpi_error_class_name(MPI_ERR_COMM), "MPI_ERR_COMM");
    cr_assert_eq(MPI_Error_string(MPI_ERR_LASTCODE + 1, s, &len), MPI_ERR_ARG);
    cr_assert_eq(MPI_Error_class(-1, &cls), MPI_ERR_ARG);
}
