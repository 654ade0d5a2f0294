/* coll_nbc_args: what MPI requires of the start of a nonblocking collective. Argument errors
 * come back from the starting call itself (a negative count, a bad root, an uncommitted or
 * null datatype, MPI_OP_NULL), as from the blocking call; the op and the datatypes may be
 * freed right after the start; many collectives started and completed in turn leave nothing
 * behind (the run must stay small: 20,000 of them). Also: blocking collectives refuse
 * uncommitted datatypes with MPI_ERR_TYPE, like point-to-point calls. */
#include <mpi.h>
#include <stdlib.h>

#include "mtest.h"

static void rev_sum(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    for (int i = 0; i < *len; i++)
        ((int *)inout)[i] += ((int *)in)[i];
}

static int expect_class(int rc, int want, const char *what)
{
    int cls = MPI_SUCCESS;

    if (rc != MPI_SUCCESS)
        MPI_Error_class(rc, &cls);
    return mtest_expect(cls == want, "%s: error class %d, expected %d", what, cls, want);
}

static int bad_arguments(int size)
{
    MPI_Request req = MPI_REQUEST_NULL;
    MPI_Datatype loose;
    int buf[4] = { 0 };
    int out[4] = { 0 };
    int errs = 0;

    MPI_Type_contiguous(2, MPI_INT, &loose); /* never committed */
    errs += expect_class(MPI_Ibcast(buf, -1, MPI_INT, 0, MPI_COMM_WORLD, &req), MPI_ERR_COUNT,
                         "MPI_Ibcast count -1");
    errs += mtest_expect(req == MPI_REQUEST_NULL, "a failed MPI_Ibcast returned a request");
    errs += expect_class(MPI_Ibcast(buf, 1, MPI_INT, size, MPI_COMM_WORLD, &req), MPI_ERR_ROOT,
                         "MPI_Ibcast root out of range");
    errs += expect_class(MPI_Ibcast(buf, 1, loose, 0, MPI_COMM_WORLD, &req), MPI_ERR_TYPE,
                         "MPI_Ibcast uncommitted type");
    errs += expect_class(MPI_Iallreduce(buf, out, 1, MPI_INT, MPI_OP_NULL, MPI_COMM_WORLD, &req),
                         MPI_ERR_OP, "MPI_Iallreduce MPI_OP_NULL");
    errs += expect_class(
        MPI_Ialltoall(buf, 1, MPI_DATATYPE_NULL, out, 1, MPI_INT, MPI_COMM_WORLD, &req),
        MPI_ERR_TYPE, "MPI_Ialltoall MPI_DATATYPE_NULL");
    errs += expect_class(MPI_Bcast(buf, 1, loose, 0, MPI_COMM_WORLD), MPI_ERR_TYPE,
                         "MPI_Bcast uncommitted type");
    errs += expect_class(MPI_Allgather(buf, 1, MPI_INT, out, 1, loose, MPI_COMM_WORLD),
                         MPI_ERR_TYPE, "MPI_Allgather uncommitted type");
    MPI_Type_free(&loose);
    return errs;
}

/* MPI_Op_free after MPI_Ireduce, MPI_Type_free after MPI_Igather, both before completion. */
static int free_after_start(int rank, int size)
{
    MPI_Op op;
    MPI_Datatype pair;
    MPI_Request req[2];
    int in[2] = { rank, 2 * rank };
    int *sum = calloc(2, sizeof(int));
    int *all = calloc(2 * (size_t)size, sizeof(int));
    int errs = 0;

    MPI_Op_create(rev_sum, 1, &op);
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_commit(&pair);
    MPI_Ireduce(in, sum, 2, MPI_INT, op, 0, MPI_COMM_WORLD, &req[0]);
    MPI_Op_free(&op);
    MPI_Igather(in, 1, pair, all, 1, pair, 0, MPI_COMM_WORLD, &req[1]);
    MPI_Type_free(&pair);
    errs += mtest_expect(op == MPI_OP_NULL && pair == MPI_DATATYPE_NULL, "handles not reset");
    MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
    if (rank == 0) {
        errs += mtest_expect(sum[0] == size * (size - 1) / 2 && sum[1] == size * (size - 1),
                             "reduce with a freed op: %d %d", sum[0], sum[1]);
        for (int i = 0; i < size; i++)
            errs += mtest_expect(all[2 * i] == i && all[2 * i + 1] == 2 * i,
                                 "gather with a freed type: block %d = %d %d", i, all[2 * i],
                                 all[2 * i + 1]);
    }
    free(sum);
    free(all);
    return errs;
}

/* Many collectives in turn: each helper must be freed when it ends. */
static int many(int rank)
{
    int errs = 0;

    for (int i = 0; i < 20000; i++) {
        MPI_Request req;
        int v = rank + i;
        int w = -1;

        MPI_Iallreduce(&v, &w, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        if (i % 5000 == 0)
            errs += mtest_expect(w >= i, "Iallreduce %d gave %d", i, w);
    }
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
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    errs += bad_arguments(size);
    errs += free_after_start(rank, size);
    errs += many(rank);
    return mtest_finish(errs);
}
