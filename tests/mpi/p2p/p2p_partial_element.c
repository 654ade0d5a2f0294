/* A message that ends inside a basic element of the receive's datatype cannot be received:
 * 3 chars (a struct of 3 MPI_CHAR) received into 4 ints is MPI_ERR_TRUNCATE, as in MPICH 4.0
 * (upstream errors/pt2pt/truncmsg2); it succeeded. 8 chars received into 4 ints end on an
 * element boundary and are received (2 ints). */
#include <mpi.h>
#include <string.h>

#include "mtest.h"

int main(int argc, char **argv)
{
    int lens[3] = { 1, 1, 1 };
    MPI_Aint displs[3] = { 0, 2, 4 };
    MPI_Datatype types[3] = { MPI_CHAR, MPI_CHAR, MPI_CHAR };
    MPI_Datatype three_chars;
    MPI_Datatype four_ints;
    char src[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
    int dst[4] = { 0, 0, 0, 0 };
    MPI_Status st;
    int rank;
    int rc;
    int cls = MPI_SUCCESS;
    int n = -1;
    int errs = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_create_struct(3, lens, displs, types, &three_chars);
    MPI_Type_commit(&three_chars);
    MPI_Type_contiguous(4, MPI_INT, &four_ints);
    MPI_Type_commit(&four_ints);
    if (rank == 1) {
        MPI_Send(src, 1, three_chars, 0, 1, MPI_COMM_WORLD);
        MPI_Send(src, 8, MPI_BYTE, 0, 2, MPI_COMM_WORLD);
    } else if (rank == 0) {
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
        rc = MPI_Recv(dst, 1, four_ints, 1, 1, MPI_COMM_WORLD, &st);
        if (rc != MPI_SUCCESS)
            MPI_Error_class(rc, &cls);
        errs += mtest_expect(cls == MPI_ERR_TRUNCATE, "3 chars into ints: class %d, not %d", cls,
                             MPI_ERR_TRUNCATE);
        rc = MPI_Recv(dst, 1, four_ints, 1, 2, MPI_COMM_WORLD, &st);
        MPI_Get_elements(&st, MPI_INT, &n);
        errs += mtest_expect(rc == MPI_SUCCESS && n == 2 && memcmp(dst, src, 8) == 0,
                             "8 bytes into ints: rc %d, %d elements, expected 2", rc, n);
    }
    MPI_Type_free(&three_chars);
    MPI_Type_free(&four_ints);
    return mtest_finish(errs);
}
