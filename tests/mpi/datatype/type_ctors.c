/* type_ctors: derived datatype constructors checked byte for byte against layouts computed from
 * the MPI-3.1 definitions: vector (negative stride too), indexed, indexed_block, hvector, a
 * struct with holes (extent padded to its alignment), resized, subarray in C and Fortran order,
 * dup; sizes, extents and true extents; derived types through MPI_Send/Recv, MPI_Bcast and
 * MPI_Alltoall; envelope and contents; MPI_Pack/MPI_Unpack; a type freed while a request still
 * uses it; error classes under MPI_ERRORS_RETURN. Needs 2 ranks or more. */
#include <mpi.h>
#include <stddef.h>
#include <string.h>

#include "mtest.h"

struct item {
    char c;
    double d;
    int i;
};

static int check_extent(MPI_Datatype t, MPI_Aint size, MPI_Aint lb, MPI_Aint extent, MPI_Aint tlb,
                        MPI_Aint textent, const char *what)
{
    int s;
    MPI_Aint l;
    MPI_Aint e;
    MPI_Aint tl;
    MPI_Aint te;

    MPI_Type_size(t, &s);
    MPI_Type_get_extent(t, &l, &e);
    MPI_Type_get_true_extent(t, &tl, &te);
    return mtest_expect(s == size && l == lb && e == extent && tl == tlb && te == textent,
                        "%s: size %d lb %ld extent %ld true lb %ld true extent %ld, expected "
                        "%ld %ld %ld %ld %ld",
                        what, s, (long)l, (long)e, (long)tl, (long)te, (long)size, (long)lb,
                        (long)extent, (long)tlb, (long)textent);
}

/* vector of 3 blocks of 2 ints, stride 4: ints 0 1 4 5 8 9 */
static int vector_p2p(int rank)
{
    int errs = 0;
    int buf[12];
    MPI_Datatype v;

    MPI_Type_vector(3, 2, 4, MPI_INT, &v);
    MPI_Type_commit(&v);
    errs += check_extent(v, 24, 0, 40, 0, 40, "vector(3,2,4)");
    for (int i = 0; i < 12; i++)
        buf[i] = rank == 0 ? 100 + i : -1;
    if (rank == 0) {
        MPI_Send(buf, 1, v, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        int got[6];

        MPI_Recv(got, 6, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int k = 0; k < 6; k++) {
            int want = 100 + (k / 2) * 4 + k % 2;

            errs +=
                mtest_expect(got[k] == want, "vector recv[%d] = %d, expected %d", k, got[k], want);
        }
    }
    /* the other way: contiguous ints into the vector layout, then a bcast of it */
    for (int i = 0; i < 12; i++)
        buf[i] = rank == 0 ? i : -1;
    MPI_Bcast(buf, 1, v, 0, MPI_COMM_WORLD);
    for (int i = 0; i < 12; i++) {
        bool in = i % 4 < 2 && i < 10;

        errs +=
            mtest_expect(buf[i] == (in || rank == 0 ? i : -1), "vector bcast[%d] = %d", i, buf[i]);
    }
    MPI_Type_free(&v);
    errs += mtest_expect(v == MPI_DATATYPE_NULL, "Type_free did not reset the handle");
    return errs;
}

static int struct_holes(int rank, int size)
{
    int errs = 0;
    struct item items[3];
    struct item out[3];
    int lens[3] = { 1, 1, 1 };
    MPI_Aint disps[3] = { offsetof(struct item, c), offsetof(struct item, d),
                          offsetof(struct item, i) };
    MPI_Datatype types[3] = { MPI_CHAR, MPI_DOUBLE, MPI_INT };
    MPI_Datatype t;
    int ni;
    int na;
    int nd;
    int comb;

    MPI_Type_create_struct(3, lens, disps, types, &t);
    MPI_Type_commit(&t);
    errs += check_extent(t, 13, 0, sizeof(struct item), 0, offsetof(struct item, i) + 4,
                         "struct with holes");
    MPI_Type_get_envelope(t, &ni, &na, &nd, &comb);
    errs += mtest_expect(comb == MPI_COMBINER_STRUCT && ni == 4 && na == 3 && nd == 3,
                         "struct envelope %d %d %d %d", ni, na, nd, comb);
    {
        int ints[4];
        MPI_Aint addrs[3];
        MPI_Datatype tys[3];

        MPI_Type_get_contents(t, 4, 3, 3, ints, addrs, tys);
        errs += mtest_expect(ints[0] == 3 && ints[2] == 1 && addrs[1] == disps[1] &&
                                 tys[1] == MPI_DOUBLE,
                             "struct contents");
    }
    memset(items, 0, sizeof(items));
    memset(out, 0x55, sizeof(out));
    for (int k = 0; k < 3; k++) {
        items[k].c = (char)('a' + k + rank);
        items[k].d = 1.5 * k + rank;
        items[k].i = 10 * k + rank;
    }
    /* all-to-all of one item per pair would need size items; use rank pairs 0 <-> 1 */
    if (rank < 2 && size >= 2) {
        MPI_Sendrecv(items, 3, t, 1 - rank, 1, out, 3, t, 1 - rank, 1, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        for (int k = 0; k < 3; k++)
            errs +=
                mtest_expect(out[k].c == (char)('a' + k + 1 - rank) &&
                                 out[k].d == 1.5 * k + 1 - rank && out[k].i == 10 * k + 1 - rank,
                             "struct item %d wrong", k);
    }
    MPI_Type_free(&t);
    return errs;
}

/* 2x3 block at (1,2) of a 4x6 int array, C order; and the same through Fortran order */
static int subarray(int rank)
{
    int errs = 0;
    int a[4][6];
    int packed[6];
    int pos = 0;
    int sizes[2] = { 4, 6 };
    int subs[2] = { 2, 3 };
    int starts[2] = { 1, 2 };
    MPI_Datatype t;

    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 6; j++)
            a[i][j] = 10 * i + j;
    MPI_Type_create_subarray(2, sizes, subs, starts, MPI_ORDER_C, MPI_INT, &t);
    MPI_Type_commit(&t);
    errs += check_extent(t, 24, 0, 96, 32, 36, "subarray C");
    MPI_Pack(a, 1, t, packed, sizeof(packed), &pos, MPI_COMM_WORLD);
    errs += mtest_expect(pos == 24, "pack position %d", pos);
    for (int k = 0; k < 6; k++)
        errs += mtest_expect(packed[k] == 10 * (1 + k / 3) + 2 + k % 3, "subarray C [%d] = %d", k,
                             packed[k]);
    MPI_Type_free(&t);
    /* Fortran order: the first dimension is the fastest */
    MPI_Type_create_subarray(2, sizes, subs, starts, MPI_ORDER_FORTRAN, MPI_INT, &t);
    MPI_Type_commit(&t);
    pos = 0;
    MPI_Pack(a, 1, t, packed, sizeof(packed), &pos, MPI_COMM_WORLD);
    for (int k = 0; k < 6; k++) {
        int off = (1 + k % 2) + 4 * (2 + k / 2); /* column-major index into 4 x 6 */

        errs += mtest_expect(packed[k] == ((int *)a)[off], "subarray F [%d] = %d", k, packed[k]);
    }
    {
        int back[4][6];

        memset(back, 0, sizeof(back));
        pos = 0;
        MPI_Unpack(packed, sizeof(packed), &pos, back, 1, t, MPI_COMM_WORLD);
        for (int k = 0; k < 6; k++) {
            int off = (1 + k % 2) + 4 * (2 + k / 2);

            errs += mtest_expect(((int *)back)[off] == ((int *)a)[off], "unpack F [%d]", k);
        }
    }
    MPI_Type_free(&t);
    return errs;
}

/* resized int with extent 2 ints, through MPI_Alltoall: rank r sends ints 2p to rank p */
static int resized_alltoall(int rank, int size)
{
    int errs = 0;
    int send[64];
    int recv[64];
    MPI_Datatype t;

    MPI_Type_create_resized(MPI_INT, 0, 2 * sizeof(int), &t);
    MPI_Type_commit(&t);
    errs += check_extent(t, 4, 0, 8, 0, 4, "resized");
    for (int i = 0; i < 2 * size; i++)
        send[i] = 1000 * rank + i;
    for (int i = 0; i < 2 * size; i++)
        recv[i] = -1;
    MPI_Alltoall(send, 1, t, recv, 1, t, MPI_COMM_WORLD);
    for (int p = 0; p < size; p++) {
        errs += mtest_expect(recv[2 * p] == 1000 * p + 2 * rank, "alltoall from %d: %d", p,
                             recv[2 * p]);
        errs += mtest_expect(recv[2 * p + 1] == -1, "alltoall wrote a hole");
    }
    MPI_Type_free(&t);
    return errs;
}

static int indexed_and_errors(int rank)
{
    int errs = 0;
    int lens[3] = { 2, 1, 3 };
    int disps[3] = { 5, 0, 8 };
    int src[12];
    int packed[6];
    int pos = 0;
    int rc;
    int cls;
    MPI_Datatype t;
    MPI_Datatype neg;
    MPI_Request req;

    for (int i = 0; i < 12; i++)
        src[i] = i;
    MPI_Type_indexed(3, lens, disps, MPI_INT, &t);
    MPI_Type_commit(&t);
    errs += check_extent(t, 24, 0, 44, 0, 44, "indexed");
    MPI_Pack(src, 1, t, packed, sizeof(packed), &pos, MPI_COMM_WORLD);
    {
        int want[6] = { 5, 6, 0, 8, 9, 10 };

        for (int k = 0; k < 6; k++)
            errs += mtest_expect(packed[k] == want[k], "indexed [%d] = %d", k, packed[k]);
    }
    /* negative stride: blocks at 0, -3, -6 ints */
    MPI_Type_vector(3, 1, -3, MPI_INT, &neg);
    MPI_Type_commit(&neg);
    errs += check_extent(neg, 12, -24, 28, -24, 28, "vector with negative stride");
    /* a type freed while a nonblocking send still uses it */
    if (rank < 2) {
        int got[6];

        if (rank == 0) {
            MPI_Isend(src, 1, t, 1, 3, MPI_COMM_WORLD, &req);
            MPI_Type_free(&t);
            MPI_Wait(&req, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(got, 6, MPI_INT, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            errs +=
                mtest_expect(got[0] == 5 && got[5] == 10, "freed type send: %d %d", got[0], got[5]);
            MPI_Type_free(&t);
        }
    } else {
        MPI_Type_free(&t);
    }
    MPI_Type_free(&neg);

    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    rc = MPI_Type_contiguous(-1, MPI_INT, &t);
    MPI_Error_class(rc, &cls);
    errs += mtest_expect(cls == MPI_ERR_COUNT, "negative count: class %d", cls);
    rc = MPI_Type_vector(2, 1, 1, MPI_DATATYPE_NULL, &t);
    MPI_Error_class(rc, &cls);
    errs += mtest_expect(cls == MPI_ERR_TYPE, "MPI_DATATYPE_NULL: class %d", cls);
    MPI_Type_contiguous(2, MPI_INT, &t); /* not committed */
    rc = MPI_Send(src, 1, t, MPI_PROC_NULL, 0, MPI_COMM_WORLD);
    MPI_Error_class(rc, &cls);
    errs += mtest_expect(cls == MPI_ERR_TYPE, "uncommitted type: class %d", cls);
    rc = MPI_Type_free(&(MPI_Datatype){ MPI_INT });
    MPI_Error_class(rc, &cls);
    errs += mtest_expect(cls == MPI_ERR_TYPE, "freeing MPI_INT: class %d", cls);
    MPI_Type_free(&t);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    return errs;
}

/* A partial receive of a struct type {char, double, int}: 22 bytes are one whole element (3
 * basic elements) then a char and a double: MPI_Get_elements 5, MPI_Get_count MPI_UNDEFINED.
 * And a struct of absolute addresses sent from MPI_BOTTOM. */
static int elements_and_bottom(int rank)
{
    int errs = 0;
    int lens[3] = { 1, 1, 1 };
    MPI_Aint disps[3] = { offsetof(struct item, c), offsetof(struct item, d),
                          offsetof(struct item, i) };
    MPI_Datatype types[3] = { MPI_CHAR, MPI_DOUBLE, MPI_INT };
    MPI_Datatype t;
    MPI_Datatype abs_t;
    char bytes[32];
    struct item items[2];
    MPI_Status st;
    int n;
    double x = 2.5;
    int k = 9;

    if (rank >= 2)
        return 0;
    MPI_Type_create_struct(3, lens, disps, types, &t);
    MPI_Type_commit(&t);
    memset(bytes, 1, sizeof(bytes));
    if (rank == 0) {
        MPI_Send(bytes, 22, MPI_BYTE, 1, 5, MPI_COMM_WORLD);
    } else {
        MPI_Recv(items, 2, t, 0, 5, MPI_COMM_WORLD, &st);
        MPI_Get_elements(&st, t, &n);
        errs += mtest_expect(n == 5, "Get_elements on a partial struct: %d, expected 5", n);
        MPI_Get_count(&st, t, &n);
        errs += mtest_expect(n == MPI_UNDEFINED, "Get_count on a partial struct: %d", n);
    }
    MPI_Type_free(&t);
    {
        MPI_Aint addr[2];
        MPI_Datatype ty[2] = { MPI_DOUBLE, MPI_INT };
        int one[2] = { 1, 1 };

        MPI_Get_address(&x, &addr[0]);
        MPI_Get_address(&k, &addr[1]);
        MPI_Type_create_struct(2, one, addr, ty, &abs_t);
        MPI_Type_commit(&abs_t);
        if (rank == 0) {
            MPI_Send(MPI_BOTTOM, 1, abs_t, 1, 6, MPI_COMM_WORLD);
        } else {
            x = 0;
            k = 0;
            MPI_Recv(MPI_BOTTOM, 1, abs_t, 0, 6, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            errs += mtest_expect(x == 2.5 && k == 9, "MPI_BOTTOM receive: %g %d", x, k);
        }
        MPI_Type_free(&abs_t);
    }
    return errs;
}

/* MPI_Pack_external: big-endian bytes of the standard's external32, a round trip through a
 * vector type, and long converted to its 4-byte external32 size (MPI_ERR_CONVERSION when it
 * does not fit). */
static int external32(void)
{
    int errs = 0;
    int v[2] = { 1, 0x01020304 };
    double d = 1.0;
    unsigned char out[32];
    static const unsigned char want[] = { 0, 0, 0, 1, 1, 2, 3, 4, 0x3f, 0xf0, 0, 0, 0, 0, 0, 0 };
    MPI_Aint pos = 0;
    MPI_Aint size;
    int src[6] = { 10, 11, 12, 13, 14, 15 };
    int back[6] = { 0, 0, 0, 0, 0, 0 };
    MPI_Datatype vec;
    int rc;
    int cls;
    long l = 5;

    MPI_Pack_external("external32", v, 2, MPI_INT, out, sizeof(out), &pos);
    MPI_Pack_external("external32", &d, 1, MPI_DOUBLE, out, sizeof(out), &pos);
    errs += mtest_expect(pos == 16 && memcmp(out, want, 16) == 0, "external32 bytes (pos %ld)",
                         (long)pos);
    MPI_Type_vector(3, 1, 2, MPI_INT, &vec);
    MPI_Type_commit(&vec);
    MPI_Pack_external_size("external32", 1, vec, &size);
    errs += mtest_expect(size == 12, "external32 size %ld", (long)size);
    pos = 0;
    MPI_Pack_external("external32", src, 1, vec, out, sizeof(out), &pos);
    pos = 0;
    MPI_Unpack_external("external32", out, sizeof(out), &pos, back, 1, vec);
    errs += mtest_expect(back[0] == 10 && back[2] == 12 && back[4] == 14 && back[1] == 0,
                         "external32 round trip %d %d %d", back[0], back[2], back[4]);
    MPI_Type_free(&vec);
    /* long is 4 bytes in external32: converted by value, and a value too large is an error */
    pos = 0;
    MPI_Pack_external("external32", &l, 1, MPI_LONG, out, sizeof(out), &pos);
    errs +=
        mtest_expect(pos == 4 && out[0] == 0 && out[3] == 5, "external32 long: pos %ld", (long)pos);
    l = 0;
    pos = 0;
    MPI_Unpack_external("external32", out, 4, &pos, &l, 1, MPI_LONG);
    errs += mtest_expect(l == 5, "external32 long round trip %ld", l);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    l = 1L << 40;
    pos = 0;
    rc = MPI_Pack_external("external32", &l, 1, MPI_LONG, out, sizeof(out), &pos);
    MPI_Error_class(rc, &cls);
    errs += mtest_expect(cls == MPI_ERR_CONVERSION, "external32 of 2^40 as long: class %d", cls);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    return errs;
}

int main(int argc, char **argv)
{
    int rank;
    int size;
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    errs += vector_p2p(rank);
    errs += struct_holes(rank, size);
    errs += subarray(rank);
    errs += resized_alltoall(rank, size);
    errs += indexed_and_errors(rank);
    errs += elements_and_bottom(rank);
    errs += external32();
    return mtest_finish(errs);
}
