/* test_rma: the pure pieces of one-sided communication: the element-wise accumulate of packed
 * origin data into a target laid out by a datatype, and the byte span an access touches (the
 * range check of MPI_ERR_RMA_RANGE). */
#include <criterion/criterion.h>
#include <string.h>

#include "smpi/mpi/datatype.h"
#include "smpi/mpi/p2p_api.h"
#include "smpi/mpi/win.h"

Test(rma, sum_of_packed_ints_into_contiguous_ints)
{
    /* 3 ints {1, 2, 3} added to {10, 20, 30}: {11, 22, 33}; the fourth target int is beyond the
     * 12 bytes of data and stays 40. */
    int data[3] = { 1, 2, 3 };
    int dst[4] = { 10, 20, 30, 40 };

    smpi__rma_accumulate_into((char *)dst, 3, MPI_INT, (const char *)data, sizeof(data), MPI_SUM);
    cr_assert_eq(dst[0], 11);
    cr_assert_eq(dst[1], 22);
    cr_assert_eq(dst[2], 33);
    cr_assert_eq(dst[3], 40);
}

Test(rma, sum_into_a_contiguous_type_starting_past_its_lower_bound)
{
    /* indexed: one block of 3 unsigned chars at byte 2, so contiguous with true_lb 2; the sum is
     * combined in place from byte 2 on, and the bytes before the block and after it stay. */
    int blen = 3;
    int disp = 2;
    MPI_Datatype t;
    unsigned char data[3] = { 1, 2, 7 };
    unsigned char dst[6] = { 9, 9, 10, 20, 120, 9 };

    cr_assert_eq(smpi_type_indexed(1, &blen, &disp, MPI_UNSIGNED_CHAR, &t), MPI_SUCCESS);
    cr_assert(smpi_type_is_contiguous(t));
    smpi__rma_accumulate_into((char *)dst, 1, t, (const char *)data, sizeof(data), MPI_SUM);
    cr_assert(dst[0] == 9 && dst[1] == 9 && dst[5] == 9);
    cr_assert(dst[2] == 11 && dst[3] == 22 && dst[4] == 127);
    smpi_type_free(&t);
}

Test(rma, max_into_an_indexed_target_skips_the_holes)
{
    /* target type: blocks of 1 int at displacements 0 and 2 (a hole at 1). Data {5, 1} against
     * {3, 99, 4}: element 0 = max(5, 3) = 5, element 2 = max(1, 4) = 4, the hole keeps 99. */
    int blens[2] = { 1, 1 };
    int displs[2] = { 0, 2 };
    MPI_Datatype t;
    int data[2] = { 5, 1 };
    int dst[3] = { 3, 99, 4 };

    cr_assert_eq(smpi_type_indexed(2, blens, displs, MPI_INT, &t), MPI_SUCCESS);
    smpi__rma_accumulate_into((char *)dst, 1, t, (const char *)data, sizeof(data), MPI_MAX);
    cr_assert_eq(dst[0], 5);
    cr_assert_eq(dst[1], 99);
    cr_assert_eq(dst[2], 4);
    smpi_type_free(&t);
}

Test(rma, replace_copies_and_no_op_leaves_the_target)
{
    /* MPI_REPLACE writes the data as a put would; MPI_NO_OP changes nothing. */
    double data[2] = { 1.5, 2.5 };
    double dst[2] = { 0, 0 };

    smpi__rma_accumulate_into((char *)dst, 2, MPI_DOUBLE, (const char *)data, sizeof(data),
                              MPI_NO_OP);
    cr_assert(dst[0] == 0 && dst[1] == 0);
    smpi__rma_accumulate_into((char *)dst, 2, MPI_DOUBLE, (const char *)data, sizeof(data),
                              MPI_REPLACE);
    cr_assert(dst[0] == 1.5 && dst[1] == 2.5);
}

Test(rma, maxloc_on_packed_double_int_pairs)
{
    /* MPI_DOUBLE_INT packs to 12 bytes per pair (extent 16). Packed data (7.0, 3) against the
     * target (7.0, 5): equal values keep the smaller index, 3; then (9.0, 1) wins outright. */
    struct smpi_pair_double_int dst = { 7.0, 5 };
    struct smpi_pair_double_int src = { 7.0, 3 };
    char packed[12];

    memcpy(packed, &src.v, 8);
    memcpy(packed + 8, &src.i, 4);
    smpi__rma_accumulate_into((char *)&dst, 1, MPI_DOUBLE_INT, packed, 12, MPI_MAXLOC);
    cr_assert(dst.v == 7.0 && dst.i == 3);
    src.v = 9.0;
    src.i = 1;
    memcpy(packed, &src.v, 8);
    memcpy(packed + 8, &src.i, 4);
    smpi__rma_accumulate_into((char *)&dst, 1, MPI_DOUBLE_INT, packed, 12, MPI_MAXLOC);
    cr_assert(dst.v == 9.0 && dst.i == 1);
}

Test(rma, span_of_contiguous_and_strided_accesses)
{
    /* 4 ints at byte offset 8: [8, 24). One element of the indexed type {0, 2} (true lb 0,
     * true extent 12) at offset 4: [4, 16); two of them (extent 12): [4, 28). */
    int blens[2] = { 1, 1 };
    int displs[2] = { 0, 2 };
    MPI_Datatype t;
    MPI_Aint lo;
    MPI_Aint hi;

    smpi__rma_span(8, 4, MPI_INT, &lo, &hi);
    cr_assert(lo == 8 && hi == 24, "[%ld, %ld)", (long)lo, (long)hi);
    cr_assert_eq(smpi_type_indexed(2, blens, displs, MPI_INT, &t), MPI_SUCCESS);
    smpi__rma_span(4, 1, t, &lo, &hi);
    cr_assert(lo == 4 && hi == 16, "[%ld, %ld)", (long)lo, (long)hi);
    smpi__rma_span(4, 2, t, &lo, &hi);
    cr_assert(lo == 4 && hi == 28, "[%ld, %ld)", (long)lo, (long)hi);
    smpi_type_free(&t);
}
