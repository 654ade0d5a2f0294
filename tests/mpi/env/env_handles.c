/* env_handles: C/Fortran handle conversions round-trip for communicators, datatypes, groups,
 * ops, requests and info objects; the same handle converts to the same integer; null handles
 * convert to and from one value. */
#include <mpi.h>

#include "mtest.h"

int main(int argc, char **argv)
{
    int errs = 0;
    MPI_Comm dup;
    MPI_Group g;
    MPI_Info info;
    MPI_Request req;
    MPI_Fint f;

    MPI_Init(&argc, &argv);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_group(dup, &g);
    MPI_Info_create(&info);
    MPI_Irecv(NULL, 0, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &req);
    errs += mtest_expect(MPI_Comm_f2c(MPI_Comm_c2f(MPI_COMM_WORLD)) == MPI_COMM_WORLD, "world");
    f = MPI_Comm_c2f(dup);
    errs += mtest_expect(MPI_Comm_f2c(f) == dup && MPI_Comm_c2f(dup) == f, "dup round trip");
    errs += mtest_expect(MPI_Comm_c2f(MPI_COMM_WORLD) != f, "two communicators, one integer");
    errs += mtest_expect(MPI_Type_f2c(MPI_Type_c2f(MPI_DOUBLE)) == MPI_DOUBLE, "type");
    errs += mtest_expect(MPI_Group_f2c(MPI_Group_c2f(g)) == g, "group");
    errs += mtest_expect(MPI_Op_f2c(MPI_Op_c2f(MPI_SUM)) == MPI_SUM, "op");
    errs += mtest_expect(MPI_Info_f2c(MPI_Info_c2f(info)) == info, "info");
    errs += mtest_expect(MPI_Request_f2c(MPI_Request_c2f(req)) == req, "request");
    errs += mtest_expect(MPI_Comm_f2c(MPI_Comm_c2f(MPI_COMM_NULL)) == MPI_COMM_NULL, "null");
    {
        MPI_Status st;
        MPI_Status back;
        MPI_Fint f_st[MPI_F_STATUS_SIZE];
        int count;

        MPI_Wait(&req, &st);
        st.MPI_TAG = 17;
        MPI_Status_set_elements(&st, MPI_DOUBLE, 5);
        MPI_Status_c2f(&st, f_st);
        MPI_Status_f2c(f_st, &back);
        MPI_Get_count(&back, MPI_DOUBLE, &count);
        errs += mtest_expect(f_st[MPI_F_TAG] == 17 && back.MPI_TAG == 17 && count == 5,
                             "status round trip: tag %d count %d", back.MPI_TAG, count);
    }
    MPI_Info_free(&info);
    MPI_Group_free(&g);
    MPI_Comm_free(&dup);
    return mtest_finish(errs);
}
