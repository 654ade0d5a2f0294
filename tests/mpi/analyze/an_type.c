/* an_type: datatype signature matching between a send and its receive (MPI-3.1 section
 * 3.3.1). Argument "float_int": MPI_FLOAT received as MPI_INT, which plain SMPI 3.32 also
 * reports (MPI_ERR_TYPE, fatal by default); "ret": the same under MPI_ERRORS_RETURN, where the
 * receive returns MPI_ERR_TYPE; "derived": a vector of MPI_INT received as a contiguous type
 * of MPI_FLOAT, found only under smpi/pedantic (the whole signatures); "ok": pairs whose
 * signatures match although their datatypes differ, which no mode reports. */
#include <mpi.h>
#include <string.h>

#include "mtest.h"

/* Sends n_s elements of ts from rank 0 to rank 1, received as n_r elements of tr. */
static int exchange(const void *sbuf, int n_s, MPI_Datatype ts, void *rbuf, int n_r,
                    MPI_Datatype tr)
{
    int rank;

    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        return MPI_Send(sbuf, n_s, ts, 1, 0, MPI_COMM_WORLD);
    if (rank == 1)
        return MPI_Recv(rbuf, n_r, tr, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    return MPI_SUCCESS;
}

/* Every pair here has matching signatures: nothing may be reported. */
static int matching_pairs(void)
{
    struct {
        float f;
        int i;
    } fi[2] = { { 1.5f, 7 }, { 2.5f, 8 } };
    int ints[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
    int got[8];
    char chars[4] = "abc";
    signed char schars[4];
    MPI_Datatype three;
    MPI_Datatype pair;
    int len[2] = { 1, 1 };
    MPI_Aint disp[2] = { 0, sizeof(float) };
    MPI_Datatype types[2] = { MPI_FLOAT, MPI_INT };
    int errs = 0;

    MPI_Type_contiguous(3, MPI_INT, &three);
    MPI_Type_commit(&three);
    MPI_Type_create_struct(2, len, disp, types, &pair);
    MPI_Type_commit(&pair);
    errs += exchange(ints, 4, MPI_INT, got, 4, MPI_INT32_T) != MPI_SUCCESS;
    errs += exchange(ints, 2, MPI_2INT, got, 4, MPI_INT) != MPI_SUCCESS;
    errs += exchange(ints, 2, three, got, 6, MPI_INT) != MPI_SUCCESS;
    errs += exchange(fi, 2, pair, fi, 2, MPI_FLOAT_INT) != MPI_SUCCESS;
    errs += exchange(ints, 16, MPI_BYTE, got, 4, MPI_INT) != MPI_SUCCESS;
    errs += exchange(ints, 3, MPI_INT, got, 8, MPI_INT) != MPI_SUCCESS; /* a shorter message */
    errs += exchange(ints, 0, MPI_DOUBLE, got, 8, MPI_INT) != MPI_SUCCESS;
    errs += exchange(chars, 3, MPI_CHAR, schars, 3, MPI_SIGNED_CHAR) != MPI_SUCCESS;
    errs += exchange(ints, 2, MPI_INTEGER, got, 2, MPI_INT) != MPI_SUCCESS;
    MPI_Type_free(&three);
    MPI_Type_free(&pair);
    return mtest_expect(errs == 0, "%d matching exchanges failed", errs);
}

int main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "ok";
    float f[4] = { 1, 2, 3, 4 };
    int i[4];
    int errs = 0;

    MPI_Init(&argc, &argv);
    if (!strcmp(what, "ret"))
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    if (!strcmp(what, "float_int") || !strcmp(what, "ret")) {
        int rank;
        int rc;

        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#line 100
        rc = exchange(f, 4, MPI_FLOAT, i, 4, MPI_INT);
        errs += mtest_expect(rank != 1 || rc == MPI_ERR_TYPE, "the receive returned %d", rc);
    } else if (!strcmp(what, "derived")) {
        MPI_Datatype vec;
        MPI_Datatype cont;

        MPI_Type_vector(2, 1, 2, MPI_INT, &vec);
        MPI_Type_commit(&vec);
        MPI_Type_contiguous(2, MPI_FLOAT, &cont);
        MPI_Type_commit(&cont);
#line 200
        errs += exchange(i, 1, vec, f, 1, cont) != MPI_SUCCESS;
        MPI_Type_free(&vec);
        MPI_Type_free(&cont);
    } else {
        errs += matching_pairs();
    }
    return mtest_finish(errs);
}
