/* coll_op_types: which predefined op a reduction accepts on which type, and what happens when it
 * does not. Logical ops on float and double work (an MPICH extension SMPI shares: MPICH's
 * opland, oplor and oplxor rely on it); MPI_LAND on MPI_FLOAT_INT and MPI_SUM on MPI_BYTE are
 * refused with MPI_ERR_OP on every rank, before any message, so that under MPI_ERRORS_RETURN
 * every collective returns the error and the ranks stay in step (the next collective works). */
#include <mpi.h>

#include "mtest.h"

struct float_int {
    float v;
    int i;
};

int main(int argc, char **argv)
{
    int rank, size, rc, cls, errs = 0;
    struct float_int fi = { 1.0f, 0 }, fo;
    unsigned char b = 1, bo;
    int counts[64];
    MPI_Request req;

    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int i = 0; i < size && i < 64; i++)
        counts[i] = 1;

    /* logical ops on floating types: land of (1, 0, rank > 0) */
    {
        float in[3] = { 1, 0, rank > 0 }, out[3] = { 0, 1, 1 };
        double din[3] = { 1, 0, rank > 0 }, dout[3] = { 0, 1, 1 };

        rc = MPI_Allreduce(in, out, 3, MPI_FLOAT, MPI_LAND, MPI_COMM_WORLD);
        errs += mtest_expect(rc == MPI_SUCCESS, "MPI_LAND on MPI_FLOAT returned %d", rc);
        errs += mtest_expect(out[0] != 0 && out[1] == 0 && out[2] == 0, "float land gave %g %g %g",
                             out[0], out[1], out[2]);
        rc = MPI_Allreduce(din, dout, 3, MPI_DOUBLE, MPI_LOR, MPI_COMM_WORLD);
        errs += mtest_expect(rc == MPI_SUCCESS, "MPI_LOR on MPI_DOUBLE returned %d", rc);
        errs += mtest_expect(dout[0] != 0 && dout[1] == 0 && (dout[2] != 0) == (size > 1),
                             "double lor gave %g %g %g", dout[0], dout[1], dout[2]);
        rc = MPI_Allreduce(din, dout, 3, MPI_DOUBLE, MPI_LXOR, MPI_COMM_WORLD);
        errs += mtest_expect(rc == MPI_SUCCESS && (dout[0] != 0) == (size % 2 == 1),
                             "double lxor: rc %d, %g", rc, dout[0]);
    }

    /* refused on every rank, by every reduction */
    rc = MPI_Reduce(&fi, &fo, 1, MPI_FLOAT_INT, MPI_LAND, 0, MPI_COMM_WORLD);
    MPI_Error_class(rc, &cls);
    errs += mtest_expect(cls == MPI_ERR_OP, "MPI_Reduce(FLOAT_INT, LAND): class %d", cls);
    rc = MPI_Allreduce(&fi, &fo, 1, MPI_FLOAT_INT, MPI_LAND, MPI_COMM_WORLD);
    MPI_Error_class(rc, &cls);
    errs += mtest_expect(cls == MPI_ERR_OP, "MPI_Allreduce(FLOAT_INT, LAND): class %d", cls);
    rc = MPI_Reduce_scatter(&b, &bo, counts, MPI_BYTE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Error_class(rc, &cls);
    errs += mtest_expect(cls == MPI_ERR_OP, "MPI_Reduce_scatter(BYTE, SUM): class %d", cls);
    rc = MPI_Scan(&b, &bo, 1, MPI_BYTE, MPI_PROD, MPI_COMM_WORLD);
    MPI_Error_class(rc, &cls);
    errs += mtest_expect(cls == MPI_ERR_OP, "MPI_Scan(BYTE, PROD): class %d", cls);
    rc = MPI_Ireduce(&fi, &fo, 1, MPI_FLOAT_INT, MPI_SUM, 0, MPI_COMM_WORLD, &req);
    MPI_Error_class(rc, &cls);
    errs += mtest_expect(cls == MPI_ERR_OP, "MPI_Ireduce(FLOAT_INT, SUM): class %d", cls);

    /* the ranks are still in step */
    {
        int one = 1, sum = 0;

        rc = MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        errs += mtest_expect(rc == MPI_SUCCESS && sum == size, "sum after the errors: %d", sum);
    }
    return mtest_finish(errs);
}
