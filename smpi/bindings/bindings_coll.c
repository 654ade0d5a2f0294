/* bindings_coll: the blocking collective MPI calls. Each passes its arguments, in MPI's order,
 * to smpi__coll_pmpi (coll_call.c), which packs them into a struct coll_args as the
 * collective's descriptor says, then checks, normalises as SMPI does and runs the intra- or
 * intercommunicator algorithm the collectives registry chooses. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>

#include "collectives/collectives.h"
#include "smpi/internal.h"
#include "smpi/mpi/mpit.h"

int smpi__barrier(MPI_Comm comm)
{
    struct coll_args a = { .comm = comm };

    return coll_run(COLL_BARRIER, &a);
}

void smpi__coll_init(void)
{
    coll_init(smpi__rt.cfg.coll_selector, smpi_options_coll, smpi__rt.cfg.coll_fallback);
    coll_report_init(smpi__rt.cfg.coll_report);
    coll_call_observer = smpi__mpit_coll_call; /* the tool interface's counters */
}

int PMPI_Barrier(MPI_Comm comm)
{
    return smpi__coll_pmpi("MPI_Barrier", COLL_BARRIER, comm);
}
#pragma weak MPI_Barrier = PMPI_Barrier

int PMPI_Bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    return smpi__coll_pmpi("MPI_Bcast", COLL_BCAST, buf, count, type, root, comm);
}
#pragma weak MPI_Bcast = PMPI_Bcast

int PMPI_Reduce(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, int root,
                MPI_Comm comm)
{
    return smpi__coll_pmpi("MPI_Reduce", COLL_REDUCE, sbuf, rbuf, count, type, op, root, comm);
}
#pragma weak MPI_Reduce = PMPI_Reduce

int PMPI_Allreduce(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op,
                   MPI_Comm comm)
{
    return smpi__coll_pmpi("MPI_Allreduce", COLL_ALLREDUCE, sbuf, rbuf, count, type, op, comm);
}
#pragma weak MPI_Allreduce = PMPI_Allreduce

int PMPI_Scan(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    return smpi__coll_pmpi("MPI_Scan", COLL_SCAN, sbuf, rbuf, count, type, op, comm);
}
#pragma weak MPI_Scan = PMPI_Scan

int PMPI_Exscan(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op,
                MPI_Comm comm)
{
    return smpi__coll_pmpi("MPI_Exscan", COLL_EXSCAN, sbuf, rbuf, count, type, op, comm);
}
#pragma weak MPI_Exscan = PMPI_Exscan

int PMPI_Reduce_scatter(const void *sbuf, void *rbuf, const int rcounts[], MPI_Datatype type,
                        MPI_Op op, MPI_Comm comm)
{
    return smpi__coll_pmpi("MPI_Reduce_scatter", COLL_REDUCE_SCATTER, sbuf, rbuf, rcounts, type, op,
                           comm);
}
#pragma weak MPI_Reduce_scatter = PMPI_Reduce_scatter

int smpi__reduce_scatter_counts(MPI_Comm comm, int rcount, int **counts)
{
    int n;

    if (comm == MPI_COMM_NULL || !smpi__comm_is_valid(comm)) {
        *counts = NULL;
        return 0;
    }
    n = smpi_comm_size(comm);
    *counts = sim_xmalloc(((size_t)n + 1) * sizeof(int));
    for (int i = 0; i < n; i++)
        (*counts)[i] = rcount;
    return n;
}

int smpi__reduce_scatter_block_args(const char *call, struct coll_args *a, int rcount, int **counts)
{
    if (smpi__reduce_scatter_counts(a->comm, rcount, counts) > 0 && rcount < 0) {
        free(*counts);
        *counts = NULL;
        return smpi__error(a->comm, call, MPI_ERR_COUNT, "recvcount %d is negative", rcount);
    }
    a->rcounts = *counts;
    return MPI_SUCCESS;
}

/* As SMPI 3.32: the reduce_scatter algorithms with equal counts. */
int PMPI_Reduce_scatter_block(const void *sbuf, void *rbuf, int rcount, MPI_Datatype type,
                              MPI_Op op, MPI_Comm comm)
{
    struct coll_args a = { .sbuf = sbuf, .rbuf = rbuf, .type = type, .op = op, .comm = comm };
    int *counts;
    int rc;

    if (smpi__reduce_scatter_counts(comm, rcount, &counts) > 0 && rcount < 0)
        rc = smpi__error(comm, "MPI_Reduce_scatter_block", MPI_ERR_COUNT,
                         "recvcount %d is negative", rcount);
    else {
        a.rcounts = counts;
        rc = smpi__coll_call("MPI_Reduce_scatter_block", COLL_REDUCE_SCATTER, &a);
    }
    free(counts);
    return rc;
}
#pragma weak MPI_Reduce_scatter_block = PMPI_Reduce_scatter_block

int PMPI_Alltoall(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount,
                  MPI_Datatype rtype, MPI_Comm comm)
{
    return smpi__coll_pmpi("MPI_Alltoall", COLL_ALLTOALL, sbuf, scount, stype, rbuf, rcount, rtype,
                           comm);
}
#pragma weak MPI_Alltoall = PMPI_Alltoall

int PMPI_Alltoallv(const void *sbuf, const int scounts[], const int sdispls[], MPI_Datatype stype,
                   void *rbuf, const int rcounts[], const int rdispls[], MPI_Datatype rtype,
                   MPI_Comm comm)
{
    return smpi__coll_pmpi("MPI_Alltoallv", COLL_ALLTOALLV, sbuf, scounts, sdispls, stype, rbuf,
                           rcounts, rdispls, rtype, comm);
}
#pragma weak MPI_Alltoallv = PMPI_Alltoallv

int PMPI_Alltoallw(const void *sbuf, const int scounts[], const int sdispls[],
                   const MPI_Datatype stypes[], void *rbuf, const int rcounts[],
                   const int rdispls[], const MPI_Datatype rtypes[], MPI_Comm comm)
{
    return smpi__coll_pmpi("MPI_Alltoallw", COLL_ALLTOALLW, sbuf, scounts, sdispls, stypes, rbuf,
                           rcounts, rdispls, rtypes, comm);
}
#pragma weak MPI_Alltoallw = PMPI_Alltoallw

int PMPI_Allgather(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount,
                   MPI_Datatype rtype, MPI_Comm comm)
{
    return smpi__coll_pmpi("MPI_Allgather", COLL_ALLGATHER, sbuf, scount, stype, rbuf, rcount,
                           rtype, comm);
}
#pragma weak MPI_Allgather = PMPI_Allgather

int PMPI_Allgatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf,
                    const int rcounts[], const int displs[], MPI_Datatype rtype, MPI_Comm comm)
{
    return smpi__coll_pmpi("MPI_Allgatherv", COLL_ALLGATHERV, sbuf, scount, stype, rbuf, rcounts,
                           displs, rtype, comm);
}
#pragma weak MPI_Allgatherv = PMPI_Allgatherv

int PMPI_Gather(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount,
                MPI_Datatype rtype, int root, MPI_Comm comm)
{
    return smpi__coll_pmpi("MPI_Gather", COLL_GATHER, sbuf, scount, stype, rbuf, rcount, rtype,
                           root, comm);
}
#pragma weak MPI_Gather = PMPI_Gather

int PMPI_Gatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, const int rcounts[],
                 const int displs[], MPI_Datatype rtype, int root, MPI_Comm comm)
{
    return smpi__coll_pmpi("MPI_Gatherv", COLL_GATHERV, sbuf, scount, stype, rbuf, rcounts, displs,
                           rtype, root, comm);
}
#pragma weak MPI_Gatherv = PMPI_Gatherv

int PMPI_Scatter(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount,
                 MPI_Datatype rtype, int root, MPI_Comm comm)
{
    return smpi__coll_pmpi("MPI_Scatter", COLL_SCATTER, sbuf, scount, stype, rbuf, rcount, rtype,
                           root, comm);
}
#pragma weak MPI_Scatter = PMPI_Scatter

int PMPI_Scatterv(const void *sbuf, const int scounts[], const int displs[], MPI_Datatype stype,
                  void *rbuf, int rcount, MPI_Datatype rtype, int root, MPI_Comm comm)
{
    return smpi__coll_pmpi("MPI_Scatterv", COLL_SCATTERV, sbuf, scounts, displs, stype, rbuf,
                           rcount, rtype, root, comm);
}
#pragma weak MPI_Scatterv = PMPI_Scatterv
