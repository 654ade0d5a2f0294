/* large_type: the large-count datatype calls on one rank: constructors (contiguous, vector,
 * hvector, indexed, hindexed, indexed_block, hindexed_block, struct, subarray, darray,
 * resized) against closed-form sizes and extents, extents beyond 4 GiB (MPI_Type_get_extent_c),
 * a 5 GiB contiguous type and a block above INT_MAX (MPI_Type_contiguous_c's and
 * MPI_Type_create_hindexed_c's internal paths take any count), envelope and
 * contents, pack/unpack with positions, and MPI_ERR_COUNT for a count that does not fit simmpi's
 * int internals. */
#include <limits.h>
#include <mpi.h>
#include <string.h>

#include "mtest.h"

/* size and extent of t are (size, extent); frees t. */
static int expect_shape(MPI_Datatype t, MPI_Count size, MPI_Count lb, MPI_Count extent,
                        const char *what)
{
    MPI_Count s = -1;
    MPI_Count l = -1;
    MPI_Count e = -1;
    int errs;

    MPI_Type_size_c(t, &s);
    MPI_Type_get_extent_c(t, &l, &e);
    errs = mtest_expect(s == size && l == lb && e == extent,
                        "%s: size %lld lb %lld extent %lld, expected %lld %lld %lld", what, s, l, e,
                        size, lb, extent);
    MPI_Type_free(&t);
    return errs;
}

static int constructors(void)
{
    int errs = 0;
    MPI_Datatype t;
    MPI_Count bl[3] = { 1, 2, 3 };
    MPI_Count d[3] = { 0, 4, 10 };
    MPI_Datatype types[3] = { MPI_INT, MPI_DOUBLE, MPI_CHAR };
    MPI_Count sizes[2] = { 10, 20 };
    MPI_Count sub[2] = { 3, 4 };
    MPI_Count starts[2] = { 1, 2 };
    int distribs[2] = { MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_BLOCK };
    int dargs[2] = { MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG };
    int psizes[2] = { 1, 1 };

    MPI_Type_contiguous_c(5, MPI_INT, &t);
    errs += expect_shape(t, 20, 0, 20, "contiguous_c");
    MPI_Type_vector_c(3, 2, 5, MPI_INT, &t);
    errs += expect_shape(t, 24, 0, 48, "vector_c");
    /* blocks 4 GiB apart: the extent is past what an int holds */
    MPI_Type_create_hvector_c(2, 1, (MPI_Count)1 << 32, MPI_INT, &t);
    errs += expect_shape(t, 8, 0, ((MPI_Count)1 << 32) + 4, "hvector_c over 4 GiB");
    MPI_Type_indexed_c(3, bl, d, MPI_INT, &t);
    errs += expect_shape(t, 24, 0, 52, "indexed_c");
    MPI_Type_create_hindexed_c(3, bl, d, MPI_INT, &t);
    errs += expect_shape(t, 24, 0, 22, "hindexed_c");
    MPI_Type_create_indexed_block_c(3, 2, d, MPI_INT, &t);
    errs += expect_shape(t, 24, 0, 48, "indexed_block_c");
    MPI_Type_create_hindexed_block_c(3, 2, d, MPI_INT, &t);
    errs += expect_shape(t, 24, 0, 18, "hindexed_block_c");
    {
        MPI_Count sd[3] = { 0, 8, 24 };

        MPI_Type_create_struct_c(3, bl, sd, types, &t);
        errs += expect_shape(t, 4 + 16 + 3, 0, 32, "struct_c"); /* 27 rounded to 8 */
    }
    MPI_Type_create_subarray_c(2, sizes, sub, starts, MPI_ORDER_C, MPI_INT, &t);
    errs += expect_shape(t, 48, 0, 800, "subarray_c");
    MPI_Type_create_darray_c(1, 0, 2, sizes, distribs, dargs, psizes, MPI_ORDER_C, MPI_INT, &t);
    errs += expect_shape(t, 800, 0, 800, "darray_c");
    MPI_Type_create_resized_c(MPI_INT, -4, (MPI_Count)1 << 33, &t);
    errs += expect_shape(t, 4, -4, (MPI_Count)1 << 33, "resized_c to 8 GiB");
    return errs;
}

static int envelope(void)
{
    int errs = 0;
    MPI_Datatype t;
    MPI_Datatype got[1];
    MPI_Count ni = -1;
    MPI_Count na = -1;
    MPI_Count nl = -1;
    MPI_Count nd = -1;
    int comb = -1;
    int ints[3];
    MPI_Aint addrs[1];
    MPI_Count large[1];
    MPI_Count tl = -1;
    MPI_Count te = -1;

    MPI_Type_vector_c(3, 2, 5, MPI_INT, &t);
    MPI_Type_get_envelope_c(t, &ni, &na, &nl, &nd, &comb);
    errs += mtest_expect(ni == 3 && na == 0 && nl == 0 && nd == 1 && comb == MPI_COMBINER_VECTOR,
                         "envelope_c: %lld %lld %lld %lld %d", ni, na, nl, nd, comb);
    MPI_Type_get_contents_c(t, 3, 0, 0, 1, ints, addrs, large, got);
    errs += mtest_expect(ints[0] == 3 && ints[1] == 2 && ints[2] == 5 && got[0] == MPI_INT,
                         "contents_c: %d %d %d", ints[0], ints[1], ints[2]);
    MPI_Type_get_true_extent_c(t, &tl, &te);
    errs += mtest_expect(tl == 0 && te == 48, "true_extent_c: %lld %lld", tl, te);
    MPI_Type_free(&t);
    return errs;
}

static int pack(void)
{
    int errs = 0;
    int a[6] = { 1, 2, 3, 4, 5, 6 };
    int b[6] = { 0 };
    char buf[64];
    MPI_Count pos = 0;
    MPI_Count size = -1;

    MPI_Pack_size_c(6, MPI_INT, MPI_COMM_WORLD, &size);
    errs += mtest_expect(size >= 24, "pack_size_c: %lld", size);
    /* the buffer's size above INT_MAX: only the packed bytes count */
    MPI_Pack_c(a, 3, MPI_INT, buf, (MPI_Count)INT_MAX + 10, &pos, MPI_COMM_WORLD);
    MPI_Pack_c(a + 3, 3, MPI_INT, buf, sizeof(buf), &pos, MPI_COMM_WORLD);
    errs += mtest_expect(pos == 24, "pack_c position %lld", pos);
    pos = 0;
    MPI_Unpack_c(buf, sizeof(buf), &pos, b, 6, MPI_INT, MPI_COMM_WORLD);
    errs += mtest_expect(pos == 24 && memcmp(a, b, sizeof(a)) == 0, "unpack_c position %lld", pos);
    pos = 0;
    MPI_Pack_external_c("external32", a, 6, MPI_INT, buf, sizeof(buf), &pos);
    errs += mtest_expect(pos == 24 && buf[3] == 1, "pack_external_c position %lld, byte %d", pos,
                         buf[3]);
    MPI_Pack_external_size_c("external32", 6, MPI_INT, &size);
    errs += mtest_expect(size == 24, "pack_external_size_c %lld", size);
    return errs;
}

/* MPI_Type_contiguous_c takes any count: 5 GiB of bytes, kept as a large count. */
static int contiguous_5gib(void)
{
    int errs = 0;
    MPI_Count n = (MPI_Count)5 << 30;
    MPI_Datatype t;
    MPI_Datatype inner = MPI_DATATYPE_NULL;
    MPI_Count ni = -1;
    MPI_Count na = -1;
    MPI_Count nl = -1;
    MPI_Count nd = -1;
    MPI_Count large = -1;
    int comb = -1;
    int ii;
    int ia;
    int id;

    MPI_Type_contiguous_c(n, MPI_BYTE, &t);
    MPI_Type_get_envelope_c(t, &ni, &na, &nl, &nd, &comb);
    errs +=
        mtest_expect(ni == 0 && na == 0 && nl == 1 && nd == 1 && comb == MPI_COMBINER_CONTIGUOUS,
                     "envelope_c of 5 GiB: %lld %lld %lld %lld %d", ni, na, nl, nd, comb);
    MPI_Type_get_contents_c(t, 0, 0, 1, 1, NULL, NULL, &large, &inner);
    errs += mtest_expect(large == n && inner == MPI_BYTE, "contents_c of 5 GiB: %lld", large);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    errs += mtest_expect_class(MPI_Type_get_envelope(t, &ii, &ia, &id, &comb), MPI_ERR_TYPE,
                               "MPI_Type_get_envelope of a type with a large count");
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    errs += expect_shape(t, n, 0, n, "contiguous_c of 5 GiB");
    {
        MPI_Count lens[2] = { 1, (MPI_Count)INT_MAX + 1 };
        MPI_Count disps[2] = { 0, 8 };
        MPI_Count got[5] = { 0 };

        MPI_Type_create_hindexed_c(2, lens, disps, MPI_BYTE, &t);
        MPI_Type_get_envelope_c(t, &ni, &na, &nl, &nd, &comb);
        errs += mtest_expect(nl == 5 && nd == 1 && comb == MPI_COMBINER_HINDEXED,
                             "envelope_c of a hindexed_c over INT_MAX: %lld %lld %d", nl, nd, comb);
        MPI_Type_get_contents_c(t, 0, 0, 5, 1, NULL, NULL, got, &inner);
        errs +=
            mtest_expect(got[0] == 2 && got[2] == lens[1] && got[4] == 8,
                         "contents_c of the hindexed_c: %lld %lld %lld", got[0], got[2], got[4]);
        errs += expect_shape(t, lens[1] + 1, 0, lens[1] + 8, "hindexed_c over INT_MAX");
    }
    return errs;
}

static int too_large(void)
{
    int errs = 0;
    MPI_Datatype t = MPI_DATATYPE_NULL;
    MPI_Count bl[2] = { 1, (MPI_Count)INT_MAX + 1 };
    MPI_Count d[2] = { 0, 8 };

    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    errs += mtest_expect_class(MPI_Type_indexed_c(2, bl, d, MPI_BYTE, &t), MPI_ERR_COUNT,
                               "MPI_Type_indexed_c with a block of INT_MAX + 1");
    errs += mtest_expect(t == MPI_DATATYPE_NULL, "a type was made on error");
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    return errs;
}

int main(int argc, char *argv[])
{
    int errs = 0;

    MPI_Init(&argc, &argv);
    errs += constructors();
    errs += envelope();
    errs += pack();
    errs += contiguous_5gib();
    errs += too_large();
    return mtest_finish(errs);
}
