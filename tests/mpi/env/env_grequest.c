/* env_grequest: generalized requests: MPI_Test is false until MPI_Grequest_complete; MPI_Wait
 * then calls the query function (whose status it returns) and the free function, once each;
 * MPI_Cancel calls the cancel function with the completion flag; a request freed before it
 * completes has its free function called at completion. */
#include <mpi.h>

#include "mtest.h"

static int queries;
static int frees;
static int cancels;
static int last_complete = -1;

static int query(void *extra, MPI_Status *status)
{
    queries++;
    MPI_Status_set_elements(status, MPI_INT, 3);
    MPI_Status_set_cancelled(status, 0);
    status->MPI_SOURCE = MPI_UNDEFINED;
    status->MPI_TAG = 42;
    return MPI_SUCCESS;
}

static int free_fn(void *extra)
{
    frees++;
    return MPI_SUCCESS;
}

static int cancel_fn(void *extra, int complete)
{
    cancels++;
    last_complete = complete;
    return MPI_SUCCESS;
}

int main(int argc, char **argv)
{
    int errs = 0;
    int flag = 1;
    int count = 0;
    MPI_Request r;
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Grequest_start(query, free_fn, cancel_fn, NULL, &r);
    MPI_Test(&r, &flag, MPI_STATUS_IGNORE);
    errs += mtest_expect(!flag && queries == 0, "test before completion: flag %d", flag);
    MPI_Cancel(&r);
    errs += mtest_expect(cancels == 1 && last_complete == 0, "cancel: %d calls, complete %d",
                         cancels, last_complete);
    MPI_Grequest_complete(r);
    MPI_Wait(&r, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    errs += mtest_expect(r == MPI_REQUEST_NULL && queries == 1 && frees == 1,
                         "wait: %d queries, %d frees", queries, frees);
    errs += mtest_expect(count == 3 && st.MPI_TAG == 42, "status from query: count %d tag %d",
                         count, st.MPI_TAG);

    MPI_Grequest_start(query, free_fn, cancel_fn, NULL, &r);
    {
        MPI_Request keep = r;

        MPI_Request_free(&r);
        errs += mtest_expect(frees == 1, "free before completion called free_fn");
        MPI_Grequest_complete(keep);
    }
    errs += mtest_expect(frees == 2, "completion after MPI_Request_free: %d frees", frees);
    return mtest_finish(errs);
}
