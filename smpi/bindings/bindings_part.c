/* bindings_part: MPI-4 partitioned communication — MPI_Psend_init, MPI_Precv_init, MPI_Pready,
 * MPI_Pready_range, MPI_Pready_list and MPI_Parrived (MPI-4.0 chapter 4): their argument checks,
 * then smpi/mpi/part.c. MPI_Start, the wait and test families, MPI_Request_get_status and
 * MPI_Request_free take partitioned requests as any persistent request (bindings_request.c). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <limits.h>
#include <stdlib.h>

#include "smpi/analyze/analyze.h"
#include "smpi/bindings/check.h"
#include "smpi/internal.h"
#include "smpi/mpi/part.h"

/* The checks of an initialisation call: partitioned communication matches at initialisation,
 * so a partitioned receive names its source and tag (no wildcard). */
static int init_checks(const char *call, bool send, const void *buf, int partitions,
                       MPI_Count count, MPI_Datatype datatype, int peer, int tag, MPI_Comm comm,
                       const MPI_Request *request)
{
    const char *who = send ? "dest" : "source";

    SMPI_CHECK_INIT(call);
    SMPI_CHECK_COMM(call, comm);
    if (partitions < 1)
        return smpi__error(comm, call, MPI_ERR_ARG,
                           "partitions %d is not positive (a partitioned operation has at least "
                           "one partition)",
                           partitions);
    if (count < 0)
        return smpi__error(comm, call, MPI_ERR_COUNT, "count %lld is negative", (long long)count);
    if (count > INT_MAX)
        return smpi__error(comm, call, MPI_ERR_COUNT,
                           "count %lld is above %d, the most elements per partition simmpi takes",
                           (long long)count, INT_MAX);
    SMPI_CHECK_TYPE(call, comm, datatype);
    SMPI_CHECK_BUF(call, comm, buf, (int)count, datatype);
    if (peer == MPI_ANY_SOURCE)
        return smpi__error(comm, call, MPI_ERR_RANK,
                           "%s is MPI_ANY_SOURCE; partitioned operations match when they are "
                           "initialised and take no wildcard",
                           who);
    SMPI_CHECK(smpi__check_rank(call, comm, peer, false, who));
    if (tag == MPI_ANY_TAG)
        return smpi__error(comm, call, MPI_ERR_TAG,
                           "tag is MPI_ANY_TAG; partitioned operations match when they are "
                           "initialised and take no wildcard");
    SMPI_CHECK_TAG(call, comm, tag, false);
    SMPI_CHECK_ARG(call, comm, request);
    return MPI_SUCCESS;
}

static int part_init(const char *call, bool send, const void *buf, int partitions, MPI_Count count,
                     MPI_Datatype datatype, int peer, int tag, MPI_Comm comm, MPI_Request *request)
{
    SMPI_CHECK(init_checks(call, send, buf, partitions, count, datatype, peer, tag, comm, request));
    smpi__enter(call);
    *request = smpi__part_new(send, buf, partitions, count, datatype, peer, tag, comm);
    smpi__request_new(*request);
    smpi__leave();
    return MPI_SUCCESS;
}

int PMPI_Psend_init(const void *buf, int partitions, MPI_Count count, MPI_Datatype datatype,
                    int dest, int tag, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    (void)info; /* simmpi takes no hint */
    return part_init("MPI_Psend_init", true, buf, partitions, count, datatype, dest, tag, comm,
                     request);
}
#pragma weak MPI_Psend_init = PMPI_Psend_init

int PMPI_Precv_init(void *buf, int partitions, MPI_Count count, MPI_Datatype datatype, int source,
                    int tag, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    (void)info;
    return part_init("MPI_Precv_init", false, buf, partitions, count, datatype, source, tag, comm,
                     request);
}
#pragma weak MPI_Precv_init = PMPI_Precv_init

/* A request that `call` takes: a partitioned send (send) or receive, active unless inactive
 * requests are allowed (MPI_Parrived). */
static int check_part_request(const char *call, MPI_Request r, bool send)
{
    if (r == MPI_REQUEST_NULL)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_REQUEST, "request is MPI_REQUEST_NULL");
    if (!(r->flags & SMPI_REQ_PART) || !(r->flags & (send ? SMPI_REQ_SEND : SMPI_REQ_RECV)))
        return smpi__error(r->comm, call, MPI_ERR_REQUEST,
                           "request is not a partitioned %s request (create it with %s)",
                           send ? "send" : "receive", send ? "MPI_Psend_init" : "MPI_Precv_init");
    if (send && !(r->flags & SMPI_REQ_ACTIVE))
        return smpi__error(r->comm, call, MPI_ERR_REQUEST,
                           "request is inactive; start it with MPI_Start first");
    return MPI_SUCCESS;
}

static int check_partition(const char *call, MPI_Request r, int partition, const char *name)
{
    int n = smpi__part_count(r);

    if (partition < 0 || partition >= n)
        return smpi__error(r->comm, call, MPI_ERR_ARG,
                           "%s %d is out of range for a request of %d partitions (valid: 0..%d)",
                           name, partition, n, n - 1);
    return MPI_SUCCESS;
}

/* A partition that may be marked ready: in range, and not ready yet in this round. */
static int check_ready(const char *call, MPI_Request r, int partition, const char *name)
{
    SMPI_CHECK(check_partition(call, r, partition, name));
    if (smpi__part_is_ready(r, partition))
        return smpi__error(r->comm, call, MPI_ERR_ARG,
                           "partition %d is already ready in this round of the request (each "
                           "partition is made ready once per MPI_Start)",
                           partition);
    return MPI_SUCCESS;
}

/* Marks partitions parts[0..n-1] of request ready, once checked. */
static int ready(const char *call, MPI_Request request, int n, const int *parts)
{
    smpi__enter(call);
    smpi__part_ready(request, n, parts);
    smpi__leave();
    return MPI_SUCCESS;
}

int PMPI_Pready(int partition, MPI_Request request)
{
    SMPI_CHECK_INIT("MPI_Pready");
    SMPI_CHECK(check_part_request("MPI_Pready", request, true));
    SMPI_CHECK(check_ready("MPI_Pready", request, partition, "partition"));
    return ready("MPI_Pready", request, 1, &partition);
}
#pragma weak MPI_Pready = PMPI_Pready

int PMPI_Pready_range(int partition_low, int partition_high, MPI_Request request)
{
    int *parts;
    int n;
    int rc;

    SMPI_CHECK_INIT("MPI_Pready_range");
    SMPI_CHECK(check_part_request("MPI_Pready_range", request, true));
    SMPI_CHECK(check_partition("MPI_Pready_range", request, partition_low, "partition_low"));
    SMPI_CHECK(check_partition("MPI_Pready_range", request, partition_high, "partition_high"));
    if (partition_low > partition_high)
        return smpi__error(request->comm, "MPI_Pready_range", MPI_ERR_ARG,
                           "partition_low %d is above partition_high %d", partition_low,
                           partition_high);
    for (int i = partition_low; i <= partition_high; i++)
        SMPI_CHECK(check_ready("MPI_Pready_range", request, i, "partition"));
    n = partition_high - partition_low + 1;
    parts = sim_xmalloc((size_t)n * sizeof(int));
    for (int i = 0; i < n; i++)
        parts[i] = partition_low + i;
    rc = ready("MPI_Pready_range", request, n, parts);
    free(parts);
    return rc;
}
#pragma weak MPI_Pready_range = PMPI_Pready_range

/* The partitions of MPI_Pready_list: each in range, not ready yet, and listed once. */
static int check_list(MPI_Request request, int length, const int parts[])
{
    const char *call = "MPI_Pready_list";
    unsigned char *seen;
    int rc = MPI_SUCCESS;

    if (length < 0)
        return smpi__error(request->comm, call, MPI_ERR_ARG, "length %d is negative", length);
    if (length > 0)
        SMPI_CHECK(smpi__check_arg(call, request->comm, parts, "array_of_partitions"));
    seen = sim_xcalloc((size_t)smpi__part_count(request), 1);
    for (int i = 0; i < length && rc == MPI_SUCCESS; i++) {
        rc = check_ready(call, request, parts[i], "partition");
        if (rc == MPI_SUCCESS && seen[parts[i]])
            rc = smpi__error(request->comm, call, MPI_ERR_ARG,
                             "partition %d appears twice in array_of_partitions", parts[i]);
        if (rc == MPI_SUCCESS)
            seen[parts[i]] = 1;
    }
    free(seen);
    return rc;
}

int PMPI_Pready_list(int length, const int array_of_partitions[], MPI_Request request)
{
    SMPI_CHECK_INIT("MPI_Pready_list");
    SMPI_CHECK(check_part_request("MPI_Pready_list", request, true));
    SMPI_CHECK(check_list(request, length, array_of_partitions));
    return ready("MPI_Pready_list", request, length, array_of_partitions);
}
#pragma weak MPI_Pready_list = PMPI_Pready_list

/* Costs as MPI_Test, so that a loop polling a partition lets simulated time advance. A null or
 * inactive request gives flag true (MPI-4.0 section 4.2.2). */
int PMPI_Parrived(MPI_Request request, int partition, int *flag)
{
    SMPI_CHECK_INIT("MPI_Parrived");
    SMPI_CHECK_ARG("MPI_Parrived", MPI_COMM_WORLD, flag);
    if (request != MPI_REQUEST_NULL) {
        SMPI_CHECK(check_part_request("MPI_Parrived", request, false));
        SMPI_CHECK(check_partition("MPI_Parrived", request, partition, "partition"));
    }
    smpi__enter("MPI_Parrived");
    smpi__test_sleep();
    if (request == MPI_REQUEST_NULL || !(request->flags & SMPI_REQ_ACTIVE)) {
        *flag = 1;
    } else {
        *flag = smpi__part_arrived(request, partition);
        smpi__test_outcome(*flag);
    }
    smpi__leave();
    return MPI_SUCCESS;
}
#pragma weak MPI_Parrived = PMPI_Parrived
