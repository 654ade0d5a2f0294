/* test_coll_pack: smpi__coll_pack reads a collective binding's arguments in MPI's order into the
 * fields of struct coll_args its descriptor names: the one buffer of bcast as rbuf, the op and
 * count of a reduction, per-peer arrays only on the sides of a v form, MPI_Aint displacements
 * for the neighbourhood w form, the root only for rooted collectives, the communicator last.
 * The handles are distinct fake pointers: packing only stores them. */
#include <criterion/criterion.h>
#include <stdarg.h>

#include "smpi/internal.h"

static struct coll_args pack(enum coll_kind k, ...)
{
    va_list ap;
    struct coll_args a;

    va_start(ap, k);
    a = smpi__coll_pack(k, &ap);
    va_end(ap);
    return a;
}

static char sbuf[8];
static char rbuf[8];
static const int counts_s[2] = { 1, 2 };
static const int counts_r[2] = { 3, 4 };
static const int displs_s[2] = { 0, 1 };
static const int displs_r[2] = { 0, 3 };
static const MPI_Aint bdispls_s[2] = { 0, 8 };
static const MPI_Aint bdispls_r[2] = { 0, 24 };
#define TYPE_S ((MPI_Datatype)0x10)
#define TYPE_R ((MPI_Datatype)0x20)
#define OP ((MPI_Op)0x30)
#define COMM ((MPI_Comm)0x40)
static const MPI_Datatype types_s[2] = { TYPE_S, TYPE_S };
static const MPI_Datatype types_r[2] = { TYPE_R, TYPE_R };

Test(coll_pack, bcast_buffer_is_the_receive_buffer_with_count_type_root)
{
    struct coll_args a = pack(COLL_BCAST, (void *)rbuf, 5, TYPE_R, 3, COMM);

    cr_assert_eq(a.rbuf, rbuf);
    cr_assert_null(a.sbuf);
    cr_assert_eq(a.count, 5);
    cr_assert_eq(a.type, TYPE_R);
    cr_assert_eq(a.root, 3);
    cr_assert_eq(a.comm, COMM);
}

Test(coll_pack, reduce_reads_op_then_root_and_allreduce_has_no_root)
{
    struct coll_args r =
        pack(COLL_REDUCE, (const void *)sbuf, (void *)rbuf, 7, TYPE_S, OP, 2, COMM);
    struct coll_args ar =
        pack(COLL_ALLREDUCE, (const void *)sbuf, (void *)rbuf, 7, TYPE_S, OP, COMM);

    cr_assert_eq(r.sbuf, sbuf);
    cr_assert_eq(r.rbuf, rbuf);
    cr_assert_eq(r.count, 7);
    cr_assert_eq(r.type, TYPE_S);
    cr_assert_eq(r.op, OP);
    cr_assert_eq(r.root, 2);
    cr_assert_eq(r.comm, COMM);
    cr_assert_eq(ar.op, OP);
    cr_assert_eq(ar.root, 0);
    cr_assert_eq(ar.comm, COMM);
}

Test(coll_pack, reduce_scatter_takes_the_receive_counts)
{
    struct coll_args a =
        pack(COLL_REDUCE_SCATTER, (const void *)sbuf, (void *)rbuf, counts_r, TYPE_S, OP, COMM);

    cr_assert_eq(a.rcounts, counts_r);
    cr_assert_eq(a.count, 0);
    cr_assert_eq(a.type, TYPE_S);
    cr_assert_eq(a.op, OP);
    cr_assert_eq(a.comm, COMM);
}

Test(coll_pack, gatherv_has_per_peer_arrays_on_the_receive_side_only)
{
    struct coll_args a = pack(COLL_GATHERV, (const void *)sbuf, 6, TYPE_S, (void *)rbuf, counts_r,
                              displs_r, TYPE_R, 1, COMM);

    cr_assert_eq(a.scount, 6);
    cr_assert_eq(a.stype, TYPE_S);
    cr_assert_eq(a.rbuf, rbuf);
    cr_assert_eq(a.rcounts, counts_r);
    cr_assert_eq(a.rdispls, displs_r);
    cr_assert_eq(a.rtype, TYPE_R);
    cr_assert_eq(a.root, 1);
    cr_assert_eq(a.comm, COMM);
}

Test(coll_pack, scatterv_has_per_peer_arrays_on_the_send_side_only)
{
    struct coll_args a = pack(COLL_SCATTERV, (const void *)sbuf, counts_s, displs_s, TYPE_S,
                              (void *)rbuf, 9, TYPE_R, 0, COMM);

    cr_assert_eq(a.scounts, counts_s);
    cr_assert_eq(a.sdispls, displs_s);
    cr_assert_eq(a.stype, TYPE_S);
    cr_assert_eq(a.rcount, 9);
    cr_assert_eq(a.rtype, TYPE_R);
    cr_assert_eq(a.comm, COMM);
}

Test(coll_pack, alltoallw_has_arrays_of_types_on_both_sides)
{
    struct coll_args a = pack(COLL_ALLTOALLW, (const void *)sbuf, counts_s, displs_s, types_s,
                              (void *)rbuf, counts_r, displs_r, types_r, COMM);

    cr_assert_eq(a.scounts, counts_s);
    cr_assert_eq(a.sdispls, displs_s);
    cr_assert_eq(a.stypes, types_s);
    cr_assert_eq(a.rcounts, counts_r);
    cr_assert_eq(a.rdispls, displs_r);
    cr_assert_eq(a.rtypes, types_r);
    cr_assert_null(a.stype);
    cr_assert_eq(a.comm, COMM);
}

Test(coll_pack, neighbor_alltoallw_takes_byte_displacements)
{
    struct coll_args a = pack(COLL_NEIGHBOR_ALLTOALLW, (const void *)sbuf, counts_s, bdispls_s,
                              types_s, (void *)rbuf, counts_r, bdispls_r, types_r, COMM);

    cr_assert_eq(a.sbdispls, bdispls_s);
    cr_assert_eq(a.rbdispls, bdispls_r);
    cr_assert_null(a.sdispls);
    cr_assert_null(a.rdispls);
    cr_assert_eq(a.stypes, types_s);
    cr_assert_eq(a.rtypes, types_r);
    cr_assert_eq(a.comm, COMM);
}

Test(coll_pack, barrier_reads_the_communicator_only)
{
    struct coll_args a = pack(COLL_BARRIER, COMM);

    cr_assert_eq(a.comm, COMM);
    cr_assert_null(a.sbuf);
    cr_assert_null(a.rbuf);
}
