/* bindings_request: completing and starting requests — the wait/test families, MPI_Start(all),
 * request status, freeing and cancellation, and the status queries (MPI_Get_count,
 * MPI_Get_elements). The requests are posted by bindings_p2p.c (and the nonblocking
 * collectives, one-sided and I/O calls); errors are reported with the helpers of p2p.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <limits.h>

#include "smpi/bindings/check.h"
#include "smpi/bindings/p2p.h"
#include "smpi/mpi/datatype.h"
#include "smpi/mpi/errors.h"
#include "smpi/internal.h"

/* ---- completion: wait and test ------------------------------------------------------------ */
/* The communicator whose error handler hears about a multiple completion: that of the first
 * request given (held, since completion may free the request), else MPI_COMM_WORLD. */
static MPI_Comm hold_comm(int n, const MPI_Request *reqs)
{
    for (int i = 0; i < n; i++) {
        if (reqs[i] != MPI_REQUEST_NULL && reqs[i]->comm) {
            reqs[i]->comm->refcount++;
            return reqs[i]->comm;
        }
    }
    return MPI_COMM_WORLD;
}

static void release_comm(MPI_Comm comm)
{
    if (comm != MPI_COMM_WORLD)
        smpi__comm_release(comm);
}

/* Reports MPI_ERR_IN_STATUS of a multiple completion, naming the first failed request. */
static int report_in_status(MPI_Comm comm, const char *call, int rc, int n,
                            const MPI_Status *statuses, const int *indices)
{
    if (rc == MPI_SUCCESS)
        return rc;
    if (rc == MPI_ERR_IN_STATUS && statuses != MPI_STATUSES_IGNORE) {
        for (int i = 0; i < n; i++) {
            if (statuses[i].MPI_ERROR != MPI_SUCCESS)
                return smpi__error(
                    comm, call, rc, "request %d failed with %s (see array_of_statuses)",
                    indices ? indices[i] : i, smpi_error_class_name(statuses[i].MPI_ERROR));
        }
    }
    if (rc == MPI_ERR_IN_STATUS)
        return smpi__error(comm, call, rc, "a request failed; pass array_of_statuses to see which");
    return smpi__p2p_report(comm, call, rc, 0, 0);
}

int PMPI_Wait(MPI_Request *request, MPI_Status *status)
{
    int rc;

    SMPI_CHECK_INIT("MPI_Wait");
    SMPI_CHECK_ARG("MPI_Wait", MPI_COMM_WORLD, request);
    smpi__enter_requests("MPI_Wait", request, 1);
    rc = smpi__wait_one("MPI_Wait", NULL, request, status);
    smpi__leave();
    return rc;
}
#pragma weak MPI_Wait = PMPI_Wait

int PMPI_Test(MPI_Request *request, int *flag, MPI_Status *status)
{
    MPI_Request r;
    int rc;
    int keep;

    SMPI_CHECK_INIT("MPI_Test");
    SMPI_CHECK_ARG("MPI_Test", MPI_COMM_WORLD, request);
    SMPI_CHECK_ARG("MPI_Test", MPI_COMM_WORLD, flag);
    smpi__enter_requests("MPI_Test", request, 1);
    r = *request;
    if (r)
        r->refcount++;
    keep = smpi__status_error(status);
    rc = smpi__test(request, flag, status);
    smpi__status_error_restore(status, keep);
    if (rc != MPI_SUCCESS)
        rc = smpi__p2p_report(MPI_COMM_WORLD, "MPI_Test", rc, 0, r->size);
    if (r)
        smpi__req_release(r);
    smpi__leave();
    return rc;
}
#pragma weak MPI_Test = PMPI_Test

/* The multiple completions: any, all or some of an array of requests. */
enum completion { COMPLETE_ANY, COMPLETE_ALL, COMPLETE_SOME };

/* Their out-arguments; each family reads its own. */
struct completion_out {
    int *index;           /* any */
    int *flag;            /* testany, testall */
    int *outcount;        /* some */
    int *indices;         /* some */
    MPI_Status *status;   /* any */
    MPI_Status *statuses; /* all, some */
};

/* The checks of a multiple completion's out-arguments, after the requests'. */
static int check_completion(const char *call, enum completion k, bool test, int n,
                            const struct completion_out *o)
{
    if (k == COMPLETE_ANY)
        SMPI_CHECK(smpi__check_arg(call, MPI_COMM_WORLD, o->index, "index"));
    if (k == COMPLETE_SOME) {
        SMPI_CHECK(smpi__check_arg(call, MPI_COMM_WORLD, o->outcount, "outcount"));
        if (n > 0) /* with no request, the indices may be NULL (MPICH's waittestnull) */
            SMPI_CHECK(smpi__check_arg(call, MPI_COMM_WORLD, o->indices, "array_of_indices"));
    }
    if (test && k != COMPLETE_SOME)
        SMPI_CHECK(smpi__check_arg(call, MPI_COMM_WORLD, o->flag, "flag"));
    return MPI_SUCCESS;
}

/* request.c's wait (test false) or test of family k. */
static int complete(enum completion k, bool test, int n, MPI_Request reqs[],
                    const struct completion_out *o)
{
    switch (k) {
    case COMPLETE_ANY:
        return test ? smpi__testany(n, reqs, o->index, o->flag, o->status)
                    : smpi__waitany(n, reqs, o->index, o->status);
    case COMPLETE_ALL:
        return test ? smpi__testall(n, reqs, o->flag, o->statuses)
                    : smpi__waitall(n, reqs, o->statuses);
    default:
        return test ? smpi__testsome(n, reqs, o->outcount, o->indices, o->statuses)
                    : smpi__waitsome(n, reqs, o->outcount, o->indices, o->statuses);
    }
}

/* A whole MPI_Wait/Test{any,all,some} call on the n requests reqs (n is named n_name): the
 * checks, then the completion; a failure goes to the first request's communicator, in the
 * statuses for all and some (MPI_ERR_IN_STATUS). */
static int complete_call(const char *call, enum completion k, bool test, int n, const char *n_name,
                         MPI_Request reqs[], const struct completion_out *o)
{
    int done;
    int rc;
    MPI_Comm ec;

    SMPI_CHECK_INIT(call);
    SMPI_CHECK(smpi__check_requests(call, n, reqs, n_name, "array_of_requests"));
    SMPI_CHECK(check_completion(call, k, test, n, o));
    smpi__enter_requests(call, reqs, n);
    ec = hold_comm(n, reqs);
    rc = complete(k, test, n, reqs, o);
    smpi__leave();
    if (k == COMPLETE_ANY)
        rc = smpi__p2p_report(ec, call, rc, 0, 0);
    else {
        done = k == COMPLETE_ALL ? n : *o->outcount == MPI_UNDEFINED ? 0 : *o->outcount;
        rc = report_in_status(ec, call, rc, done, o->statuses,
                              k == COMPLETE_SOME ? o->indices : NULL);
    }
    release_comm(ec);
    return rc;
}

int PMPI_Waitany(int count, MPI_Request array_of_requests[], int *index, MPI_Status *status)
{
    return complete_call("MPI_Waitany", COMPLETE_ANY, false, count, "count", array_of_requests,
                         &(struct completion_out){ .index = index, .status = status });
}
#pragma weak MPI_Waitany = PMPI_Waitany

int PMPI_Testany(int count, MPI_Request array_of_requests[], int *index, int *flag,
                 MPI_Status *status)
{
    return complete_call(
        "MPI_Testany", COMPLETE_ANY, true, count, "count", array_of_requests,
        &(struct completion_out){ .index = index, .flag = flag, .status = status });
}
#pragma weak MPI_Testany = PMPI_Testany

int PMPI_Waitall(int count, MPI_Request array_of_requests[], MPI_Status array_of_statuses[])
{
    return complete_call("MPI_Waitall", COMPLETE_ALL, false, count, "count", array_of_requests,
                         &(struct completion_out){ .statuses = array_of_statuses });
}
#pragma weak MPI_Waitall = PMPI_Waitall

int PMPI_Testall(int count, MPI_Request array_of_requests[], int *flag,
                 MPI_Status array_of_statuses[])
{
    return complete_call("MPI_Testall", COMPLETE_ALL, true, count, "count", array_of_requests,
                         &(struct completion_out){ .flag = flag, .statuses = array_of_statuses });
}
#pragma weak MPI_Testall = PMPI_Testall

int PMPI_Waitsome(int incount, MPI_Request array_of_requests[], int *outcount,
                  int array_of_indices[], MPI_Status array_of_statuses[])
{
    return complete_call(
        "MPI_Waitsome", COMPLETE_SOME, false, incount, "incount", array_of_requests,
        &(struct completion_out){
            .outcount = outcount, .indices = array_of_indices, .statuses = array_of_statuses });
}
#pragma weak MPI_Waitsome = PMPI_Waitsome

int PMPI_Testsome(int incount, MPI_Request array_of_requests[], int *outcount,
                  int array_of_indices[], MPI_Status array_of_statuses[])
{
    return complete_call("MPI_Testsome", COMPLETE_SOME, true, incount, "incount", array_of_requests,
                         &(struct completion_out){ .outcount = outcount,
                                                   .indices = array_of_indices,
                                                   .statuses = array_of_statuses });
}
#pragma weak MPI_Testsome = PMPI_Testsome

/* Non-destructive test: the request stays allocated and active. */
int PMPI_Request_get_status(MPI_Request request, int *flag, MPI_Status *status)
{
    SMPI_CHECK_INIT("MPI_Request_get_status");
    SMPI_CHECK_ARG("MPI_Request_get_status", MPI_COMM_WORLD, flag);
    smpi__enter("MPI_Request_get_status");
    /* costs like MPI_Test, so that a loop polling it lets simulated time advance */
    smpi__test_sleep();
    if (!request || !(request->flags & SMPI_REQ_ACTIVE)) {
        *flag = 1;
        smpi__status_empty(status);
        smpi__leave();
        return MPI_SUCCESS;
    }
    *flag = (request->flags & SMPI_REQ_DONE) != 0;
    smpi__test_outcome(*flag);
    if (*flag && status != MPI_STATUS_IGNORE) {
        if ((request->flags & (SMPI_REQ_RECV | SMPI_REQ_PROCNULL)) ||
            (request->rare && request->rare->pair[0])) {
            *status = request->status;
        } else {
            smpi__status_empty(status);
            status->smpi_cancelled = (request->flags & SMPI_REQ_CANCELLED) != 0;
        }
        status->MPI_ERROR = request->error;
    }
    smpi__leave();
    return MPI_SUCCESS;
}
#pragma weak MPI_Request_get_status = PMPI_Request_get_status

/* The checks of MPI_Request_free and MPI_Cancel: a request, not MPI_REQUEST_NULL. */
static int check_request(const char *call, const MPI_Request *request)
{
    SMPI_CHECK_INIT(call);
    SMPI_CHECK_ARG(call, MPI_COMM_WORLD, request);
    if (*request == MPI_REQUEST_NULL)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_REQUEST, "request is MPI_REQUEST_NULL");
    if (((*request)->flags & (SMPI_REQ_PART | SMPI_REQ_ACTIVE | SMPI_REQ_DONE)) ==
        (SMPI_REQ_PART | SMPI_REQ_ACTIVE))
        return smpi__error((*request)->comm, call, MPI_ERR_REQUEST,
                           "request is an active partitioned request that has not completed "
                           "(MPI-4.0 section 4.2.1); complete it with MPI_Wait or MPI_Test first");
    return MPI_SUCCESS;
}

int PMPI_Request_free(MPI_Request *request)
{
    SMPI_CHECK(check_request("MPI_Request_free", request));
    smpi__enter("MPI_Request_free");
    smpi__req_free(request);
    smpi__leave();
    return MPI_SUCCESS;
}
#pragma weak MPI_Request_free = PMPI_Request_free

int PMPI_Cancel(MPI_Request *request)
{
    int rc;

    SMPI_CHECK(check_request("MPI_Cancel", request));
    smpi__enter("MPI_Cancel");
    rc = smpi__cancel(*request);
    smpi__leave();
    return smpi__p2p_report((*request)->comm, "MPI_Cancel", rc, 0, 0);
}
#pragma weak MPI_Cancel = PMPI_Cancel

int PMPI_Test_cancelled(const MPI_Status *status, int *flag)
{
    SMPI_CHECK_ARG("MPI_Test_cancelled", MPI_COMM_WORLD, status);
    SMPI_CHECK_ARG("MPI_Test_cancelled", MPI_COMM_WORLD, flag);
    *flag = status->smpi_cancelled != 0;
    return MPI_SUCCESS;
}
#pragma weak MPI_Test_cancelled = PMPI_Test_cancelled

/* A request MPI_Start may start: persistent and inactive. */
static int start_check(const char *call, MPI_Request r, int index)
{
    if (r == MPI_REQUEST_NULL)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_REQUEST, "request %d is MPI_REQUEST_NULL",
                           index);
    if (!(r->flags & SMPI_REQ_PERSISTENT))
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_REQUEST,
                           "request %d is not persistent (create it with MPI_Send_init, "
                           "MPI_Recv_init or a persistent collective such as MPI_Bcast_init)",
                           index);
    if (r->flags & SMPI_REQ_ACTIVE)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_REQUEST,
                           "request %d is already active; complete it with MPI_Wait first", index);
    return MPI_SUCCESS;
}

/* Whether r is a persistent collective (pcoll.c). */
static bool is_pcoll(MPI_Request r)
{
    return r->rare && r->rare->pcoll;
}

/* Starts a checked persistent request (reserving buffer space for a buffered send). */
static int start_one(const char *call, MPI_Request r)
{
    if ((r->flags & SMPI_REQ_BSEND) && !(r->flags & SMPI_REQ_PROCNULL)) {
        int rc = smpi__bsend_reserve(call, r->comm, r->size);

        if (rc != MPI_SUCCESS)
            return rc;
    }
    smpi__req_start(r);
    return MPI_SUCCESS;
}

int PMPI_Start(MPI_Request *request)
{
    int rc;

    SMPI_CHECK_INIT("MPI_Start");
    SMPI_CHECK_ARG("MPI_Start", MPI_COMM_WORLD, request);
    rc = start_check("MPI_Start", *request, 0);
    if (rc != MPI_SUCCESS)
        return rc;
    if (is_pcoll(*request)) { /* traced as the nonblocking collective it starts */
        smpi__pcoll_start(*request);
        return MPI_SUCCESS;
    }
    smpi__enter_requests("MPI_Start", request, 1);
    rc = start_one("MPI_Start", *request);
    smpi__leave();
    return rc;
}
#pragma weak MPI_Start = PMPI_Start

int PMPI_Startall(int count, MPI_Request array_of_requests[])
{
    int rc = MPI_SUCCESS;
    int others = 0;

    SMPI_CHECK_INIT("MPI_Startall");
    SMPI_CHECK_REQUESTS("MPI_Startall", count, array_of_requests);
    for (int i = 0; i < count; i++) {
        rc = start_check("MPI_Startall", array_of_requests[i], i);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    /* persistent collectives first, each traced as the nonblocking collective it starts */
    for (int i = 0; i < count; i++)
        if (is_pcoll(array_of_requests[i]))
            smpi__pcoll_start(array_of_requests[i]);
        else
            others++;
    if (others == 0)
        return MPI_SUCCESS;
    smpi__enter_requests("MPI_Startall", array_of_requests, count);
    for (int i = 0; i < count && rc == MPI_SUCCESS; i++)
        if (!is_pcoll(array_of_requests[i]))
            rc = start_one("MPI_Startall", array_of_requests[i]);
    smpi__leave();
    return rc;
}
#pragma weak MPI_Startall = PMPI_Startall

/* ---- status queries ----------------------------------------------------------------------- */

/* The checks of the status queries: status, a committed datatype, the result's pointer. */
static int check_status_query(const char *call, const MPI_Status *status, MPI_Datatype datatype,
                              const void *count)
{
    SMPI_CHECK_ARG(call, MPI_COMM_WORLD, status);
    SMPI_CHECK_TYPE(call, MPI_COMM_WORLD, datatype);
    SMPI_CHECK_ARG(call, MPI_COMM_WORLD, count);
    return MPI_SUCCESS;
}

int PMPI_Get_count(const MPI_Status *status, MPI_Datatype datatype, int *count)
{
    size_t size;

    SMPI_CHECK(check_status_query("MPI_Get_count", status, datatype, count));
    size = smpi_type_size(datatype);
    if (size == 0)
        *count = 0;
    else if ((size_t)status->smpi_count % size != 0 ||
             (size_t)status->smpi_count / size > (size_t)INT_MAX) /* MPI-4.0 section 3.2.5 */
        *count = MPI_UNDEFINED;
    else
        *count = (int)((size_t)status->smpi_count / size);
    return MPI_SUCCESS;
}
#pragma weak MPI_Get_count = PMPI_Get_count

int PMPI_Get_elements_x(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count)
{
    MPI_Count n;

    SMPI_CHECK(check_status_query("MPI_Get_elements", status, datatype, count));
    n = smpi__type_elements(datatype, status->smpi_count);
    *count = n < 0 ? MPI_UNDEFINED : n;
    return MPI_SUCCESS;
}
#pragma weak MPI_Get_elements_x = PMPI_Get_elements_x

int PMPI_Get_elements(const MPI_Status *status, MPI_Datatype datatype, int *count)
{
    MPI_Count n;
    int rc = PMPI_Get_elements_x(status, datatype, &n);

    if (rc != MPI_SUCCESS)
        return rc;
    SMPI_CHECK_ARG("MPI_Get_elements", MPI_COMM_WORLD, count);
    *count = n > INT_MAX ? MPI_UNDEFINED : (int)n;
    return MPI_SUCCESS;
}
#pragma weak MPI_Get_elements = PMPI_Get_elements
