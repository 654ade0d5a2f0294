/* coll_null_args: NULL arguments to every collective and its nonblocking form come back as SMPI
 * 3.32's error classes under MPI_ERRORS_RETURN, instead of crashing: a NULL buffer with data to
 * move is MPI_ERR_BUFFER (also with a derived datatype), a NULL array of counts MPI_ERR_COUNT,
 * of displacements MPI_ERR_ARG, of datatypes MPI_ERR_TYPE. Each case makes every rank pass a
 * bad argument its own call checks (a root-only argument is paired with a bad one at the other
 * ranks), so that no rank enters the collective. NULL buffers with nothing to move, and
 * MPI_BOTTOM with a datatype of absolute addresses, are accepted. A failed start leaves the
 * request untouched. */
#include <mpi.h>
#include <stdbool.h>
#include <stdlib.h>

#include "mtest.h"

/* The arguments every case draws from: valid ones, and NULL where the case says. */
struct args {
    int rank;
    int size;
    bool root; /* rank 0 is every root */
    int *buf;  /* 4 * size ints, twice */
    int *buf2;
    int *ones;           /* size counts of 1 */
    int *displs;         /* 0, 1, ..., size - 1 */
    int *bdispls;        /* the same in bytes, for alltoallw */
    MPI_Datatype *types; /* size times MPI_INT */
    MPI_Datatype block;  /* 4 contiguous ints, committed */
    MPI_Comm ring;       /* a periodic 1-D Cartesian communicator: 2 neighbours */
    MPI_Aint *nbdispls;  /* neighbourhood alltoallw: 0 and 4 bytes */
    MPI_Request req;
};

typedef int case_fn(struct args *a, bool nb);

/* A case: a function calling the blocking collective, or the nonblocking one with the case's
 * request, with the arguments given (which may use a, the struct args). */
#define CASE(name, blocking, nonblocking, ...)                                                     \
    static int name(struct args *a, bool nb)                                                       \
    {                                                                                              \
        return nb ? nonblocking(__VA_ARGS__, &a->req) : blocking(__VA_ARGS__);                     \
    }

struct bad_case {
    const char *what;
    case_fn *run;
    int want; /* class at every rank */
};

CASE(bcast_null, MPI_Bcast, MPI_Ibcast, NULL, 4, MPI_INT, 0, MPI_COMM_WORLD)

CASE(bcast_null_derived, MPI_Bcast, MPI_Ibcast, NULL, 1, a->block, 0, MPI_COMM_WORLD)

CASE(reduce_null_send, MPI_Reduce, MPI_Ireduce, NULL, a->buf, 4, MPI_INT, MPI_SUM, 0,
     MPI_COMM_WORLD)

CASE(reduce_null_recv, MPI_Reduce, MPI_Ireduce, a->root ? a->buf : NULL, a->root ? NULL : a->buf, 4,
     MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD)

CASE(allreduce_null_send, MPI_Allreduce, MPI_Iallreduce, NULL, a->buf, 4, MPI_INT, MPI_SUM,
     MPI_COMM_WORLD)

CASE(allreduce_null_recv, MPI_Allreduce, MPI_Iallreduce, a->buf, NULL, 4, MPI_INT, MPI_SUM,
     MPI_COMM_WORLD)

CASE(scan_null_send, MPI_Scan, MPI_Iscan, NULL, a->buf, 4, MPI_INT, MPI_SUM, MPI_COMM_WORLD)

CASE(exscan_null_recv, MPI_Exscan, MPI_Iexscan, a->buf, NULL, 4, MPI_INT, MPI_SUM, MPI_COMM_WORLD)

CASE(reduce_scatter_null_send, MPI_Reduce_scatter, MPI_Ireduce_scatter, NULL, a->buf, a->ones,
     MPI_INT, MPI_SUM, MPI_COMM_WORLD)

CASE(reduce_scatter_null_recv, MPI_Reduce_scatter, MPI_Ireduce_scatter, a->buf, NULL, a->ones,
     MPI_INT, MPI_SUM, MPI_COMM_WORLD)

CASE(reduce_scatter_null_counts, MPI_Reduce_scatter, MPI_Ireduce_scatter, a->buf, a->buf2, NULL,
     MPI_INT, MPI_SUM, MPI_COMM_WORLD)

CASE(reduce_scatter_block_null, MPI_Reduce_scatter_block, MPI_Ireduce_scatter_block, NULL, a->buf,
     1, MPI_INT, MPI_SUM, MPI_COMM_WORLD)

CASE(alltoall_null_send, MPI_Alltoall, MPI_Ialltoall, NULL, 1, MPI_INT, a->buf, 1, MPI_INT,
     MPI_COMM_WORLD)

CASE(alltoall_null_recv, MPI_Alltoall, MPI_Ialltoall, a->buf, 1, MPI_INT, NULL, 1, MPI_INT,
     MPI_COMM_WORLD)

CASE(alltoallv_null_sendcounts, MPI_Alltoallv, MPI_Ialltoallv, a->buf, NULL, a->displs, MPI_INT,
     a->buf2, a->ones, a->displs, MPI_INT, MPI_COMM_WORLD)

CASE(alltoallv_null_sdispls, MPI_Alltoallv, MPI_Ialltoallv, a->buf, a->ones, NULL, MPI_INT, a->buf2,
     a->ones, a->displs, MPI_INT, MPI_COMM_WORLD)

CASE(alltoallv_null_recvcounts, MPI_Alltoallv, MPI_Ialltoallv, a->buf, a->ones, a->displs, MPI_INT,
     a->buf2, NULL, a->displs, MPI_INT, MPI_COMM_WORLD)

CASE(alltoallv_null_rdispls, MPI_Alltoallv, MPI_Ialltoallv, a->buf, a->ones, a->displs, MPI_INT,
     a->buf2, a->ones, NULL, MPI_INT, MPI_COMM_WORLD)

CASE(alltoallv_null_recv, MPI_Alltoallv, MPI_Ialltoallv, a->buf, a->ones, a->displs, MPI_INT, NULL,
     a->ones, a->displs, MPI_INT, MPI_COMM_WORLD)

CASE(alltoallw_null_sendtypes, MPI_Alltoallw, MPI_Ialltoallw, a->buf, a->ones, a->bdispls, NULL,
     a->buf2, a->ones, a->bdispls, a->types, MPI_COMM_WORLD)

CASE(alltoallw_null_recvtypes, MPI_Alltoallw, MPI_Ialltoallw, a->buf, a->ones, a->bdispls, a->types,
     a->buf2, a->ones, a->bdispls, NULL, MPI_COMM_WORLD)

CASE(alltoallw_null_send, MPI_Alltoallw, MPI_Ialltoallw, NULL, a->ones, a->bdispls, a->types,
     a->buf2, a->ones, a->bdispls, a->types, MPI_COMM_WORLD)

CASE(allgather_null_send, MPI_Allgather, MPI_Iallgather, NULL, 1, MPI_INT, a->buf, 1, MPI_INT,
     MPI_COMM_WORLD)

CASE(allgather_null_recv, MPI_Allgather, MPI_Iallgather, a->buf, 1, MPI_INT, NULL, 1, MPI_INT,
     MPI_COMM_WORLD)

CASE(allgatherv_null_counts, MPI_Allgatherv, MPI_Iallgatherv, a->buf, 1, MPI_INT, a->buf2, NULL,
     a->displs, MPI_INT, MPI_COMM_WORLD)

CASE(allgatherv_null_displs, MPI_Allgatherv, MPI_Iallgatherv, a->buf, 1, MPI_INT, a->buf2, a->ones,
     NULL, MPI_INT, MPI_COMM_WORLD)

CASE(allgatherv_null_recv, MPI_Allgatherv, MPI_Iallgatherv, a->buf, 1, MPI_INT, NULL, a->ones,
     a->displs, MPI_INT, MPI_COMM_WORLD)

CASE(gather_null_send, MPI_Gather, MPI_Igather, NULL, 1, MPI_INT, a->buf, 1, MPI_INT, 0,
     MPI_COMM_WORLD)

CASE(gather_null_recv, MPI_Gather, MPI_Igather, a->root ? a->buf : NULL, 1, MPI_INT, NULL, 1,
     MPI_INT, 0, MPI_COMM_WORLD)

/* Root-only arrays: the root's are NULL, the other ranks send from NULL (MPI_ERR_BUFFER). */
CASE(gatherv_null_counts, MPI_Gatherv, MPI_Igatherv, a->root ? a->buf : NULL, 1, MPI_INT, a->buf2,
     NULL, a->displs, MPI_INT, 0, MPI_COMM_WORLD)

CASE(gatherv_null_displs, MPI_Gatherv, MPI_Igatherv, a->root ? a->buf : NULL, 1, MPI_INT, a->buf2,
     a->ones, NULL, MPI_INT, 0, MPI_COMM_WORLD)

CASE(scatter_null, MPI_Scatter, MPI_Iscatter, NULL, 1, MPI_INT, a->root ? a->buf : NULL, 1, MPI_INT,
     0, MPI_COMM_WORLD)

CASE(scatterv_null_counts, MPI_Scatterv, MPI_Iscatterv, a->buf, NULL, a->displs, MPI_INT,
     a->root ? a->buf2 : NULL, 1, MPI_INT, 0, MPI_COMM_WORLD)

CASE(scatterv_null_displs, MPI_Scatterv, MPI_Iscatterv, a->buf, a->ones, NULL, MPI_INT,
     a->root ? a->buf2 : NULL, 1, MPI_INT, 0, MPI_COMM_WORLD)

CASE(neighbor_allgather_null, MPI_Neighbor_allgather, MPI_Ineighbor_allgather, NULL, 1, MPI_INT,
     a->buf, 1, MPI_INT, a->ring)

CASE(neighbor_alltoall_null_recv, MPI_Neighbor_alltoall, MPI_Ineighbor_alltoall, a->buf, 1, MPI_INT,
     NULL, 1, MPI_INT, a->ring)

CASE(neighbor_allgatherv_null_counts, MPI_Neighbor_allgatherv, MPI_Ineighbor_allgatherv, a->buf, 1,
     MPI_INT, a->buf2, NULL, a->displs, MPI_INT, a->ring)

CASE(neighbor_alltoallv_null_sdispls, MPI_Neighbor_alltoallv, MPI_Ineighbor_alltoallv, a->buf,
     a->ones, NULL, MPI_INT, a->buf2, a->ones, a->displs, MPI_INT, a->ring)

CASE(neighbor_alltoallw_null_types, MPI_Neighbor_alltoallw, MPI_Ineighbor_alltoallw, a->buf,
     a->ones, a->nbdispls, NULL, a->buf2, a->ones, a->nbdispls, a->types, a->ring)

static const struct bad_case bad_cases[] = {
    { "bcast, NULL buffer", bcast_null, MPI_ERR_BUFFER },
    { "bcast, NULL buffer of a derived type", bcast_null_derived, MPI_ERR_BUFFER },
    { "reduce, NULL sendbuf", reduce_null_send, MPI_ERR_BUFFER },
    { "reduce, NULL recvbuf at the root", reduce_null_recv, MPI_ERR_BUFFER },
    { "allreduce, NULL sendbuf", allreduce_null_send, MPI_ERR_BUFFER },
    { "allreduce, NULL recvbuf", allreduce_null_recv, MPI_ERR_BUFFER },
    { "scan, NULL sendbuf", scan_null_send, MPI_ERR_BUFFER },
    { "exscan, NULL recvbuf", exscan_null_recv, MPI_ERR_BUFFER },
    { "reduce_scatter, NULL sendbuf", reduce_scatter_null_send, MPI_ERR_BUFFER },
    { "reduce_scatter, NULL recvbuf", reduce_scatter_null_recv, MPI_ERR_BUFFER },
    { "reduce_scatter, NULL recvcounts", reduce_scatter_null_counts, MPI_ERR_COUNT },
    { "reduce_scatter_block, NULL sendbuf", reduce_scatter_block_null, MPI_ERR_BUFFER },
    { "alltoall, NULL sendbuf", alltoall_null_send, MPI_ERR_BUFFER },
    { "alltoall, NULL recvbuf", alltoall_null_recv, MPI_ERR_BUFFER },
    { "alltoallv, NULL sendcounts", alltoallv_null_sendcounts, MPI_ERR_COUNT },
    { "alltoallv, NULL sdispls", alltoallv_null_sdispls, MPI_ERR_ARG },
    { "alltoallv, NULL recvcounts", alltoallv_null_recvcounts, MPI_ERR_COUNT },
    { "alltoallv, NULL rdispls", alltoallv_null_rdispls, MPI_ERR_ARG },
    { "alltoallv, NULL recvbuf", alltoallv_null_recv, MPI_ERR_BUFFER },
    { "alltoallw, NULL sendtypes", alltoallw_null_sendtypes, MPI_ERR_TYPE },
    { "alltoallw, NULL recvtypes", alltoallw_null_recvtypes, MPI_ERR_TYPE },
    { "alltoallw, NULL sendbuf", alltoallw_null_send, MPI_ERR_BUFFER },
    { "allgather, NULL sendbuf", allgather_null_send, MPI_ERR_BUFFER },
    { "allgather, NULL recvbuf", allgather_null_recv, MPI_ERR_BUFFER },
    { "allgatherv, NULL recvcounts", allgatherv_null_counts, MPI_ERR_COUNT },
    { "allgatherv, NULL displs", allgatherv_null_displs, MPI_ERR_ARG },
    { "allgatherv, NULL recvbuf", allgatherv_null_recv, MPI_ERR_BUFFER },
    { "gather, NULL sendbuf", gather_null_send, MPI_ERR_BUFFER },
    { "gather, NULL recvbuf at the root", gather_null_recv, MPI_ERR_BUFFER },
    { "scatter, NULL sendbuf at the root", scatter_null, MPI_ERR_BUFFER },
    { "neighbor_allgather, NULL sendbuf", neighbor_allgather_null, MPI_ERR_BUFFER },
    { "neighbor_alltoall, NULL recvbuf", neighbor_alltoall_null_recv, MPI_ERR_BUFFER },
    { "neighbor_allgatherv, NULL recvcounts", neighbor_allgatherv_null_counts, MPI_ERR_COUNT },
    { "neighbor_alltoallv, NULL sdispls", neighbor_alltoallv_null_sdispls, MPI_ERR_ARG },
    { "neighbor_alltoallw, NULL sendtypes", neighbor_alltoallw_null_types, MPI_ERR_TYPE },
};

/* Root-only arrays: the class at the root, MPI_ERR_BUFFER elsewhere (NULL buffer). */
static const struct bad_case root_cases[] = {
    { "gatherv, NULL recvcounts at the root", gatherv_null_counts, MPI_ERR_COUNT },
    { "gatherv, NULL displs at the root", gatherv_null_displs, MPI_ERR_ARG },
    { "scatterv, NULL sendcounts at the root", scatterv_null_counts, MPI_ERR_COUNT },
    { "scatterv, NULL displs at the root", scatterv_null_displs, MPI_ERR_ARG },
};

static int expect_class(struct args *a, int rc, int want, const char *what, bool nb)
{
    int cls = MPI_SUCCESS;
    int errs = 0;

    if (rc != MPI_SUCCESS)
        MPI_Error_class(rc, &cls);
    errs += mtest_expect(cls == want, "rank %d, %s%s: error class %d, expected %d", a->rank, what,
                         nb ? " (nonblocking)" : "", cls, want);
    errs += mtest_expect(a->req == MPI_REQUEST_NULL, "rank %d, %s: a failed start set a request",
                         a->rank, what);
    return errs;
}

static int run_cases(struct args *a, const struct bad_case *cases, size_t n, bool by_root)
{
    int errs = 0;

    for (size_t i = 0; i < n; i++) {
        for (int nb = 0; nb < 2; nb++) {
            int want = by_root && !a->root ? MPI_ERR_BUFFER : cases[i].want;

            a->req = MPI_REQUEST_NULL;
            errs += expect_class(a, cases[i].run(a, nb), want, cases[i].what, nb);
        }
    }
    return errs;
}

/* What must pass: NULL buffers with nothing to move, and MPI_BOTTOM with absolute addresses. */
static int accepted(struct args *a)
{
    int *zeros = calloc((size_t)a->size, sizeof(int));
    int value = a->rank == 0 ? 42 : -1;
    int one = 1;
    MPI_Aint where;
    MPI_Datatype abs_type;
    int errs = 0;
    int rc;

    rc = MPI_Bcast(NULL, 0, MPI_INT, 0, MPI_COMM_WORLD);
    errs += mtest_expect(rc == MPI_SUCCESS, "MPI_Bcast of 0 ints from NULL: rc %d", rc);
    rc = MPI_Alltoallv(NULL, zeros, a->displs, MPI_INT, NULL, zeros, a->displs, MPI_INT,
                       MPI_COMM_WORLD);
    errs += mtest_expect(rc == MPI_SUCCESS, "MPI_Alltoallv of 0 ints from NULL: rc %d", rc);
    rc = MPI_Allreduce(NULL, NULL, 0, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    errs += mtest_expect(rc == MPI_SUCCESS, "MPI_Allreduce of 0 ints on NULL: rc %d", rc);
    MPI_Get_address(&value, &where);
    MPI_Type_create_hindexed(1, &one, &where, MPI_INT, &abs_type);
    MPI_Type_commit(&abs_type);
    rc = MPI_Bcast(MPI_BOTTOM, 1, abs_type, 0, MPI_COMM_WORLD);
    errs += mtest_expect(rc == MPI_SUCCESS && value == 42,
                         "MPI_Bcast from MPI_BOTTOM with absolute addresses: rc %d, value %d", rc,
                         value);
    MPI_Type_free(&abs_type);
    free(zeros);
    return errs;
}

int main(int argc, char **argv)
{
    struct args a = { .req = MPI_REQUEST_NULL };
    int periodic = 1;
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &a.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &a.size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Cart_create(MPI_COMM_WORLD, 1, &a.size, &periodic, 0, &a.ring);
    MPI_Comm_set_errhandler(a.ring, MPI_ERRORS_RETURN);
    a.root = a.rank == 0;
    a.buf = calloc(4 * (size_t)a.size, sizeof(int));
    a.buf2 = calloc(4 * (size_t)a.size, sizeof(int));
    a.ones = malloc((size_t)a.size * sizeof(int));
    a.displs = malloc((size_t)a.size * sizeof(int));
    a.bdispls = malloc((size_t)a.size * sizeof(int));
    a.types = malloc((size_t)a.size * sizeof(MPI_Datatype));
    a.nbdispls = calloc(2, sizeof(MPI_Aint));
    a.nbdispls[1] = sizeof(int);
    for (int i = 0; i < a.size; i++) {
        a.ones[i] = 1;
        a.displs[i] = i;
        a.bdispls[i] = i * (int)sizeof(int);
        a.types[i] = MPI_INT;
    }
    MPI_Type_contiguous(4, MPI_INT, &a.block);
    MPI_Type_commit(&a.block);
    errs += run_cases(&a, bad_cases, sizeof(bad_cases) / sizeof(bad_cases[0]), false);
    errs += run_cases(&a, root_cases, sizeof(root_cases) / sizeof(root_cases[0]), true);
    errs += accepted(&a);
    MPI_Type_free(&a.block);
    MPI_Comm_free(&a.ring);
    free(a.buf);
    free(a.buf2);
    free(a.ones);
    free(a.displs);
    free(a.bdispls);
    free(a.types);
    free(a.nbdispls);
    return mtest_finish(errs);
}
