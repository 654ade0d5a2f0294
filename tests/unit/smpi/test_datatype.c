/* test_datatype: sizes and extents of predefined datatypes, pack/unpack through the block
 * list, smpi_type_copy with truncation, and the read-only MPI_Type_* bindings. */
#include <criterion/criterion.h>
#include <string.h>

#include "smpi/mpi/datatype.h"
#include "smpi/mpi/p2p_api.h"

Test(datatype, int_is_one_contiguous_block_of_sizeof_int)
{
    /* MPI_INT: size = extent = true extent = sizeof(int) = 4, lb 0, predefined and
     * contiguous with a single block {0, 4}. */
    cr_assert_eq(smpi_type_size(MPI_INT), sizeof(int));
    cr_assert_eq(smpi_type_extent(MPI_INT), (MPI_Aint)sizeof(int));
    cr_assert_eq(smpi_type_lb(MPI_INT), 0);
    cr_assert_eq(smpi_type_true_extent(MPI_INT), (MPI_Aint)sizeof(int));
    cr_assert(smpi_type_is_contiguous(MPI_INT));
    cr_assert(MPI_INT->flags & SMPI_TYPE_PREDEFINED);
    cr_assert_eq(MPI_INT->nblocks, 1);
    cr_assert_eq(MPI_INT->blocks[0].length, sizeof(int));
}

Test(datatype, double_int_has_padding_between_size_and_extent)
{
    /* MPI_DOUBLE_INT is struct {double; int}: size 8 + 4 = 12 data bytes, extent
     * sizeof(struct) = 16 (padding), true extent 12, two blocks {0,8} {8,4}, not contiguous. */
    cr_assert_eq(smpi_type_size(MPI_DOUBLE_INT), 12);
    cr_assert_eq(smpi_type_extent(MPI_DOUBLE_INT), (MPI_Aint)sizeof(struct smpi_pair_double_int));
    cr_assert_eq(smpi_type_true_extent(MPI_DOUBLE_INT), 12);
    cr_assert_eq(MPI_DOUBLE_INT->nblocks, 2);
    cr_assert_eq(MPI_DOUBLE_INT->blocks[1].offset, 8);
    cr_assert_not(smpi_type_is_contiguous(MPI_DOUBLE_INT));
}

Test(datatype, lb_and_ub_markers_have_no_size)
{
    /* MPI_LB and MPI_UB are markers: size 0, extent 0. */
    cr_assert_eq(smpi_type_size(MPI_LB), 0);
    cr_assert_eq(smpi_type_extent(MPI_UB), 0);
}

Test(datatype, pack_of_short_int_drops_the_padding)
{
    /* Two MPI_SHORT_INT {7, 100} {-3, 200}: each packs as 2 + 4 = 6 bytes, so 12 bytes
     * total: short 7, int 100, short -3, int 200 back to back. Unpacking restores both. */
    struct smpi_pair_short_int in[2] = { { 7, 100 }, { -3, 200 } };
    struct smpi_pair_short_int out[2];
    unsigned char packed[12];
    short s;
    int i;

    cr_assert_eq(smpi__type_pack(in, 2, MPI_SHORT_INT, packed), 12);
    memcpy(&s, packed + 6, sizeof(s));
    memcpy(&i, packed + 8, sizeof(i));
    cr_assert_eq(s, -3);
    cr_assert_eq(i, 200);
    memset(out, 0, sizeof(out));
    cr_assert_eq(smpi__type_unpack(packed, 12, out, 2, MPI_SHORT_INT), 12);
    cr_assert_eq(out[0].v, 7);
    cr_assert_eq(out[0].i, 100);
    cr_assert_eq(out[1].v, -3);
    cr_assert_eq(out[1].i, 200);
}

Test(datatype, unpack_stops_after_the_given_bytes)
{
    /* 8 packed bytes into room for 4 ints: only ints 0 and 1 are written (= 1, 2), 2 and 3
     * keep their -1, and 8 bytes are reported consumed. */
    int src[2] = { 1, 2 };
    int dst[4] = { -1, -1, -1, -1 };

    cr_assert_eq(smpi__type_unpack(src, sizeof(src), dst, 4, MPI_INT), 8);
    cr_assert_eq(dst[1], 2);
    cr_assert_eq(dst[2], -1);
}

Test(datatype, copy_into_a_smaller_buffer_truncates_and_copies_what_fits)
{
    /* 5 ints {1..5} into 3 ints: MPI_ERR_TRUNCATE, dst = {1, 2, 3}, dst[3] untouched (0). */
    int src[5] = { 1, 2, 3, 4, 5 };
    int dst[4] = { 0, 0, 0, 0 };

    cr_assert_eq(smpi_type_copy(src, 5, MPI_INT, dst, 3, MPI_INT), MPI_ERR_TRUNCATE);
    cr_assert_eq(dst[0], 1);
    cr_assert_eq(dst[2], 3);
    cr_assert_eq(dst[3], 0);
}

Test(datatype, copy_between_pair_and_bytes_goes_through_the_packed_form)
{
    /* One MPI_DOUBLE_INT {2.5, 9} copied into 12 MPI_BYTEs: the bytes are the double then
     * the int, no padding; copying back restores {2.5, 9}; both return MPI_SUCCESS. */
    struct smpi_pair_double_int p = { 2.5, 9 };
    struct smpi_pair_double_int q = { 0, 0 };
    unsigned char bytes[12];
    double d;

    cr_assert_eq(smpi_type_copy(&p, 1, MPI_DOUBLE_INT, bytes, 12, MPI_BYTE), MPI_SUCCESS);
    memcpy(&d, bytes, sizeof(d));
    cr_assert_eq(d, 2.5);
    cr_assert_eq(smpi_type_copy(bytes, 12, MPI_BYTE, &q, 1, MPI_DOUBLE_INT), MPI_SUCCESS);
    cr_assert_eq(q.v, 2.5);
    cr_assert_eq(q.i, 9);
}

Test(datatype, bindings_report_size_extent_and_name)
{
    /* MPI_Type_size(MPI_DOUBLE) = 8; MPI_Type_get_extent(MPI_LONG_DOUBLE_INT) gives lb 0 and
     * extent sizeof(struct {long double; int}); MPI_Type_get_name(MPI_2INT) = "MPI_2INT" (8). */
    int size;
    MPI_Aint lb;
    MPI_Aint extent;
    char name[MPI_MAX_OBJECT_NAME];
    int len;

    cr_assert_eq(MPI_Type_size(MPI_DOUBLE, &size), MPI_SUCCESS);
    cr_assert_eq(size, 8);
    cr_assert_eq(MPI_Type_get_extent(MPI_LONG_DOUBLE_INT, &lb, &extent), MPI_SUCCESS);
    cr_assert_eq(lb, 0);
    cr_assert_eq(extent, (MPI_Aint)sizeof(struct smpi_pair_long_double_int));
    cr_assert_eq(MPI_Type_get_name(MPI_2INT, name, &len), MPI_SUCCESS);
    cr_assert_str_eq(name, "MPI_2INT");
    cr_assert_eq(len, 8);
}

Test(datatype, commit_of_a_predefined_type_is_a_no_op)
{
    /* MPI_Type_commit(&MPI_FLOAT) succeeds and leaves the handle and its flags unchanged. */
    MPI_Datatype t = MPI_FLOAT;
    unsigned flags = MPI_FLOAT->flags;

    cr_assert_eq(MPI_Type_commit(&t), MPI_SUCCESS);
    cr_assert_eq(t, MPI_FLOAT);
    cr_assert_eq(MPI_FLOAT->flags, flags);
}

Test(datatype, get_address_differences_are_byte_offsets)
{
    /* Addresses of a[0] and a[3] of an int array differ by 3 * sizeof(int) = 12. */
    int a[4] = { 0 };
    MPI_Aint p0;
    MPI_Aint p3;

    MPI_Get_address(&a[0], &p0);
    MPI_Get_address(&a[3], &p3);
    cr_assert_eq(p3 - p0, 12);
}

Test(datatype, predefined_sizes_match_their_c_types)
{
    /* Each predefined type has size = extent = sizeof its C type, lb 0: MPI_CHAR 1,
     * MPI_LONG_DOUBLE sizeof(long double), MPI_C_BOOL 1, MPI_C_DOUBLE_COMPLEX 16, MPI_AINT,
     * MPI_OFFSET and MPI_COUNT 8, MPI_INTEGER 4, MPI_REAL8 8, MPI_PACKED 1, MPI_2INT 8. */
    static const struct {
        MPI_Datatype t;
        size_t size;
    } cases[] = {
        { MPI_CHAR, 1 },
        { MPI_SHORT, sizeof(short) },
        { MPI_UNSIGNED_LONG_LONG, sizeof(unsigned long long) },
        { MPI_LONG_DOUBLE, sizeof(long double) },
        { MPI_C_BOOL, 1 },
        { MPI_WCHAR, sizeof(wchar_t) },
        { MPI_INT64_T, 8 },
        { MPI_C_DOUBLE_COMPLEX, 16 },
        { MPI_AINT, sizeof(MPI_Aint) },
        { MPI_OFFSET, 8 },
        { MPI_COUNT, 8 },
        { MPI_INTEGER, 4 },
        { MPI_REAL8, 8 },
        { MPI_PACKED, 1 },
        { MPI_2INT, 8 },
        { MPI_FLOAT_INT, 8 },
    };

    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        MPI_Datatype t = cases[i].t;

        cr_assert_eq(smpi_type_size(t), cases[i].size, "%s", t->name);
        cr_assert_eq(smpi_type_extent(t), (MPI_Aint)cases[i].size, "%s", t->name);
        cr_assert_eq(smpi_type_lb(t), 0, "%s", t->name);
        cr_assert(smpi_type_is_contiguous(t), "%s", t->name);
        cr_assert_eq(t->combiner, MPI_COMBINER_NAMED, "%s", t->name);
    }
}

Test(datatype, short_int_true_extent_covers_padding_but_size_does_not)
{
    /* MPI_SHORT_INT = struct {short; int}: the int sits at offset 4, so size 2 + 4 = 6 but
     * true_lb 0, true extent 8 and extent 8 (the 2 padding bytes are inside the span). */
    MPI_Aint lb;
    MPI_Aint extent;
    int size;

    cr_assert_eq(MPI_Type_size(MPI_SHORT_INT, &size), MPI_SUCCESS);
    cr_assert_eq(size, 6);
    cr_assert_eq(MPI_Type_get_true_extent(MPI_SHORT_INT, &lb, &extent), MPI_SUCCESS);
    cr_assert_eq(lb, 0);
    cr_assert_eq(extent, 8);
    cr_assert_not(smpi_type_is_contiguous(MPI_SHORT_INT));
}

Test(datatype, copy_of_pairs_into_bytes_truncates_inside_an_element)
{
    /* Two MPI_DOUBLE_INT {1.5, 7} {-2.0, 9} are 24 packed bytes; into 20 MPI_BYTEs the copy
     * returns MPI_ERR_TRUNCATE and writes 20 bytes: 1.5, 7, -2.0 (bytes 20..23 keep 0xEE).
     * Into 24 bytes it succeeds and the last int is 9. */
    struct smpi_pair_double_int p[2] = { { 1.5, 7 }, { -2.0, 9 } };
    unsigned char b[24];
    double d;
    int i;

    memset(b, 0xEE, sizeof(b));
    cr_assert_eq(smpi_type_copy(p, 2, MPI_DOUBLE_INT, b, 20, MPI_BYTE), MPI_ERR_TRUNCATE);
    memcpy(&i, b + 8, sizeof(i));
    memcpy(&d, b + 12, sizeof(d));
    cr_assert_eq(i, 7);
    cr_assert_eq(d, -2.0);
    cr_assert_eq(b[20], 0xEE);
    cr_assert_eq(smpi_type_copy(p, 2, MPI_DOUBLE_INT, b, 24, MPI_BYTE), MPI_SUCCESS);
    memcpy(&i, b + 20, sizeof(i));
    cr_assert_eq(i, 9);
}

Test(datatype, copy_of_nothing_succeeds_and_touches_nothing)
{
    /* Zero source elements into zero destination elements: MPI_SUCCESS (NULL buffers are
     * fine); zero into three ints leaves them as they were. */
    int dst[3] = { 4, 5, 6 };

    cr_assert_eq(smpi_type_copy(NULL, 0, MPI_INT, NULL, 0, MPI_INT), MPI_SUCCESS);
    cr_assert_eq(smpi_type_copy(NULL, 0, MPI_DOUBLE_INT, dst, 3, MPI_INT), MPI_SUCCESS);
    cr_assert_eq(dst[0], 4);
}

Test(datatype, copy_between_identical_contiguous_buffers_is_exact)
{
    /* 4 doubles {0.5, 1.5, 2.5, 3.5} into room for 6: MPI_SUCCESS, the 4 copied, the rest
     * untouched (-1). */
    double src[4] = { 0.5, 1.5, 2.5, 3.5 };
    double dst[6] = { -1, -1, -1, -1, -1, -1 };

    cr_assert_eq(smpi_type_copy(src, 4, MPI_DOUBLE, dst, 6, MPI_DOUBLE), MPI_SUCCESS);
    cr_assert_eq(dst[3], 3.5);
    cr_assert_eq(dst[4], -1.0);
}

Test(datatype, set_name_renames_and_get_name_reads_back)
{
    /* MPI_Type_set_name(MPI_LONG, "my long") then get: "my long", length 7; the old name is
     * restored afterwards so other tests see "MPI_LONG". */
    char name[MPI_MAX_OBJECT_NAME];
    int len;

    cr_assert_eq(MPI_Type_set_name(MPI_LONG, "my long"), MPI_SUCCESS);
    cr_assert_eq(MPI_Type_get_name(MPI_LONG, name, &len), MPI_SUCCESS);
    cr_assert_str_eq(name, "my long");
    cr_assert_eq(len, 7);
    MPI_Type_set_name(MPI_LONG, "MPI_LONG");
}

Test(datatype, null_datatype_is_rejected_by_the_bindings)
{
    /* MPI_Type_size(MPI_DATATYPE_NULL) returns MPI_ERR_TYPE (errors are not fatal in unit
     * tests) and leaves the output alone (still 42). */
    int size = 42;

    cr_assert_eq(MPI_Type_size(MPI_DATATYPE_NULL, &size), MPI_ERR_TYPE);
    cr_assert_eq(size, 42);
}

Test(datatype, removed_mpi1_calls_report_bounds)
{
    /* MPI_Type_extent(MPI_DOUBLE_INT) = sizeof(struct {double; int}) = 16, MPI_Type_lb = 0,
     * MPI_Type_ub = 16; MPI_Address of &x equals MPI_Get_address of &x. */
    MPI_Aint extent;
    MPI_Aint lb;
    MPI_Aint ub;
    MPI_Aint a1;
    MPI_Aint a2;
    int x;

    cr_assert_eq(MPI_Type_extent(MPI_DOUBLE_INT, &extent), MPI_SUCCESS);
    cr_assert_eq(extent, (MPI_Aint)sizeof(struct smpi_pair_double_int));
    cr_assert_eq(MPI_Type_lb(MPI_DOUBLE_INT, &lb), MPI_SUCCESS);
    cr_assert_eq(lb, 0);
    cr_assert_eq(MPI_Type_ub(MPI_DOUBLE_INT, &ub), MPI_SUCCESS);
    cr_assert_eq(ub, extent);
    MPI_Address(&x, &a1);
    MPI_Get_address(&x, &a2);
    cr_assert_eq(a1, a2);
}

Test(datatype, predefined_attribute_callbacks_copy_or_skip)
{
    /* MPI_COMM_DUP_FN copies the value (out = in = &x) and sets flag 1; MPI_TYPE_NULL_COPY_FN
     * sets flag 0; MPI_WIN_NULL_DELETE_FN and MPI_NULL_DELETE_FN return MPI_SUCCESS. */
    int x;
    void *out = NULL;
    int flag = -1;

    cr_assert_eq(MPI_COMM_DUP_FN(MPI_COMM_WORLD, 1, NULL, &x, &out, &flag), MPI_SUCCESS);
    cr_assert_eq(out, &x);
    cr_assert_eq(flag, 1);
    cr_assert_eq(MPI_TYPE_NULL_COPY_FN(MPI_INT, 1, NULL, &x, &out, &flag), MPI_SUCCESS);
    cr_assert_eq(flag, 0);
    cr_assert_eq(MPI_WIN_NULL_DELETE_FN(MPI_WIN_NULL, 1, &x, NULL), MPI_SUCCESS);
    cr_assert_eq(MPI_NULL_DELETE_FN(MPI_COMM_WORLD, 1, &x, NULL), MPI_SUCCESS);
}

/* ---- derived datatypes: flattening and packing (datatype_ctor.c) ---------------------------- */

static void assert_blocks(MPI_Datatype t, int n, const MPI_Aint *offsets, const size_t *lengths)
{
    cr_assert_eq(t->nblocks, n, "%d blocks, expected %d", t->nblocks, n);
    for (int i = 0; i < n; i++) {
        cr_assert_eq(t->blocks[i].offset, offsets[i], "block %d at %ld, expected %ld", i,
                     (long)t->blocks[i].offset, (long)offsets[i]);
        cr_assert_eq(t->blocks[i].length, lengths[i], "block %d of %zu bytes, expected %zu", i,
                     t->blocks[i].length, lengths[i]);
    }
}

Test(datatype_ctor, vector_flattens_to_one_block_per_stride)
{
    /* vector(3, 2, 4) of int: runs of 8 bytes at 0, 16, 32; size 24, extent 40 */
    MPI_Datatype t;
    static const MPI_Aint off[] = { 0, 16, 32 };
    static const size_t len[] = { 8, 8, 8 };

    cr_assert_eq(PMPI_Type_vector(3, 2, 4, MPI_INT, &t), MPI_SUCCESS);
    assert_blocks(t, 3, off, len);
    cr_assert_eq(smpi_type_size(t), 24);
    cr_assert_eq(smpi_type_extent(t), 40);
    cr_assert_not(smpi_type_is_contiguous(t));
    PMPI_Type_free(&t);
}

Test(datatype_ctor, adjacent_runs_merge_into_one_contiguous_block)
{
    /* vector(4, 2, 2) of double is 8 doubles back to back: one block of 64 bytes, contiguous,
     * so packing it is a single copy */
    MPI_Datatype t;
    static const MPI_Aint off[] = { 0 };
    static const size_t len[] = { 64 };

    cr_assert_eq(PMPI_Type_vector(4, 2, 2, MPI_DOUBLE, &t), MPI_SUCCESS);
    assert_blocks(t, 1, off, len);
    cr_assert(smpi_type_is_contiguous(t));
    PMPI_Type_free(&t);
}

Test(datatype_ctor, struct_with_holes_keeps_typemap_order_and_pads_extent)
{
    /* {char at 0, double at 8, int at 16}: blocks {0,1} {8,12} (double and int adjacent merge),
     * size 13, extent padded from 20 to 24 (alignment 8), true extent 20 */
    MPI_Datatype t;
    int lens[3] = { 1, 1, 1 };
    MPI_Aint disps[3] = { 0, 8, 16 };
    MPI_Datatype types[3] = { MPI_CHAR, MPI_DOUBLE, MPI_INT };
    static const MPI_Aint off[] = { 0, 8 };
    static const size_t len[] = { 1, 12 };

    cr_assert_eq(PMPI_Type_create_struct(3, lens, disps, types, &t), MPI_SUCCESS);
    assert_blocks(t, 2, off, len);
    cr_assert_eq(smpi_type_size(t), 13);
    cr_assert_eq(smpi_type_extent(t), 24);
    cr_assert_eq(smpi_type_true_extent(t), 20);
    PMPI_Type_free(&t);
}

Test(datatype_ctor, struct_pads_to_the_c_alignment_of_predefined_members)
{
    /* {double _Complex at 0, char at 16}: 17 bytes padded to _Alignof(double _Complex) = 8,
     * extent 24 (padding to the complex's size, 16, would give 32); {int pair, char}: MPI_2INT
     * aligns as int, extent 12 */
    MPI_Datatype t;
    int lens[2] = { 1, 1 };
    MPI_Aint disps[2] = { 0, 16 };
    MPI_Datatype types[2] = { MPI_C_DOUBLE_COMPLEX, MPI_CHAR };

    cr_assert_eq(PMPI_Type_create_struct(2, lens, disps, types, &t), MPI_SUCCESS);
    cr_assert_eq(smpi_type_extent(t), 24);
    PMPI_Type_free(&t);
    disps[1] = 8;
    types[0] = MPI_2INT;
    cr_assert_eq(PMPI_Type_create_struct(2, lens, disps, types, &t), MPI_SUCCESS);
    cr_assert_eq(smpi_type_extent(t), 12);
    PMPI_Type_free(&t);
}

Test(datatype_ctor, negative_stride_vector_has_negative_lb)
{
    /* vector(3, 1, -2) of int: ints at 0, -8, -16 in that (packing) order; lb -16, extent 20 */
    MPI_Datatype t;
    static const MPI_Aint off[] = { 0, -8, -16 };
    static const size_t len[] = { 4, 4, 4 };

    cr_assert_eq(PMPI_Type_vector(3, 1, -2, MPI_INT, &t), MPI_SUCCESS);
    assert_blocks(t, 3, off, len);
    cr_assert_eq(smpi_type_lb(t), -16);
    cr_assert_eq(smpi_type_extent(t), 20);
    PMPI_Type_free(&t);
}

Test(datatype_ctor, resized_type_repeats_at_its_new_extent)
{
    /* int resized to extent 12: 3 elements pack ints 0, 3 and 6 of an int array */
    MPI_Datatype t;
    int src[9];
    int packed[3];

    for (int i = 0; i < 9; i++)
        src[i] = i;
    cr_assert_eq(PMPI_Type_create_resized(MPI_INT, 0, 12, &t), MPI_SUCCESS);
    cr_assert_eq(smpi__type_pack(src, 3, t, packed), 12);
    cr_assert(packed[0] == 0 && packed[1] == 3 && packed[2] == 6);
    PMPI_Type_free(&t);
}

Test(datatype_ctor, indexed_pack_unpack_round_trip)
{
    /* indexed {2 at 5, 1 at 0, 3 at 8} of int: packs 5 6 0 8 9 10; unpacking restores exactly
     * those positions and leaves the holes alone */
    MPI_Datatype t;
    int lens[3] = { 2, 1, 3 };
    int disps[3] = { 5, 0, 8 };
    int src[12];
    int packed[6];
    int back[12];
    static const int want[6] = { 5, 6, 0, 8, 9, 10 };

    for (int i = 0; i < 12; i++) {
        src[i] = i;
        back[i] = -1;
    }
    cr_assert_eq(PMPI_Type_indexed(3, lens, disps, MPI_INT, &t), MPI_SUCCESS);
    cr_assert_eq(smpi__type_pack(src, 1, t, packed), 24);
    cr_assert_eq(memcmp(packed, want, sizeof(want)), 0);
    cr_assert_eq(smpi__type_unpack(packed, 24, back, 1, t), 24);
    for (int i = 0; i < 12; i++) {
        bool in = i == 0 || i == 5 || i == 6 || i == 8 || i == 9 || i == 10;

        cr_assert_eq(back[i], in ? i : -1, "back[%d] = %d", i, back[i]);
    }
    PMPI_Type_free(&t);
}

Test(datatype_ctor, subarray_c_order_blocks)
{
    /* 2 x 3 block at (1, 2) of a 4 x 6 int array: rows of 12 bytes at 32 and 56; extent 96 */
    MPI_Datatype t;
    int sizes[2] = { 4, 6 };
    int subs[2] = { 2, 3 };
    int starts[2] = { 1, 2 };
    static const MPI_Aint off[] = { 32, 56 };
    static const size_t len[] = { 12, 12 };

    cr_assert_eq(PMPI_Type_create_subarray(2, sizes, subs, starts, MPI_ORDER_C, MPI_INT, &t),
                 MPI_SUCCESS);
    assert_blocks(t, 2, off, len);
    cr_assert_eq(smpi_type_extent(t), 96);
    PMPI_Type_free(&t);
}
