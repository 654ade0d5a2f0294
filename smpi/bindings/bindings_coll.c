/* bindings_coll: the blocking collective MPI calls. Each turns its arguments into a struct
 * coll_args and hands it to smpi__coll_call (coll_call.c: checks, SMPI's normalisation, the
 * intra- or intercommunicator algorithm chosen by the collectives registry). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>

#include "collectives/collectives.h"
#include "smpi/internal.h"

int smpi__barrier(MPI_Comm comm)
{
    struct coll_args a = { .comm = comm };

    return coll_run(COLL_BARRIER, &a);
}

void smpi__coll_init(void)
{
    coll_init(smpi__rt.cfg.coll_selector, smpi_options_coll, smpi__rt.cfg.coll_fallback);
    coll_report_init(smpi__rt.cfg.coll_report);
}

int PMPI_Barrier(MPI_Comm comm)
{
    struct coll_args a = { .comm = comm };

    return smpi__coll_call("MPI_Barrier", COLL_BARRIER, &a);
}
#pragma weak MPI_Barrier = PMPI_Barrier

int PMPI_Bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    struct coll_args a = { .rbuf = buf, .count = count, .type = type, .root = root, .comm = comm };

    return smpi__coll_call("MPI_Bcast", COLL_BCAST, &a);
}
#pragma weak MPI_Bcast = PMPI_Bcast

int PMPI_Reduce(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, int root,
                MPI_Comm comm)
{
    struct coll_args a = { .sbuf = sbuf,
                           .rbuf = rbuf,
                           .count = count,
                           .type = type,
                           .op = op,
                           .root = root,
                           .comm = comm };

    return smpi__coll_call("MPI_Reduce", COLL_REDUCE, &a);
}
#pragma weak MPI_Reduce = PMPI_Reduce

int PMPI_Allreduce(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op,
                   MPI_Comm comm)
{
    struct coll_args a = {
        .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type, .op = op, .comm = comm
    };

    return smpi__coll_call("MPI_Allreduce", COLL_ALLREDUCE, &a);
}
#pragma weak MPI_Allreduce = PMPI_Allreduce

int PMPI_Scan(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    struct coll_args a = {
        .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type, .op = op, .comm = comm
    };

    return smpi__coll_call("MPI_Scan", COLL_SCAN, &a);
}
#pragma weak MPI_Scan = PMPI_Scan

int PMPI_Exscan(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op,
                MPI_Comm comm)
{
    struct coll_args a = {
        .sbuf = sbuf, .rbuf = rbuf, .count = count, .type = type, .op = op, .comm = comm
    };

    return smpi__coll_call("MPI_Exscan", COLL_EXSCAN, &a);
}
#pragma weak MPI_Exscan = PMPI_Exscan

int PMPI_Reduce_scatter(const void *sbuf, void *rbuf, const int rcounts[], MPI_Datatype type,
                        MPI_Op op, MPI_Comm comm)
{
    struct coll_args a = {
        .sbuf = sbuf, .rbuf = rbuf, .rcounts = rcounts, .type = type, .op = op, .comm = comm
    };

    return smpi__coll_call("MPI_Reduce_scatter", COLL_REDUCE_SCATTER, &a);
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
    struct coll_args a = { .sbuf = sbuf,
                           .scount = scount,
                           .stype = stype,
                           .rbuf = rbuf,
                           .rcount = rcount,
                           .rtype = rtype,
                           .comm = comm };

    return smpi__coll_call("MPI_Alltoall", COLL_ALLTOALL, &a);
}
#pragma weak MPI_Alltoall = PMPI_Alltoall

int PMPI_Alltoallv(const void *sbuf, const int scounts[], const int sdispls[], MPI_Datatype stype,
                   void *rbuf, const int rcounts[], const int rdispls[], MPI_Datatype rtype,
                   MPI_Comm comm)
{
    struct coll_args a = { .sbuf = sbuf,
                           .scounts = scounts,
                           .sdispls = sdispls,
                           .stype = stype,
                           .rbuf = rbuf,
                           .rcounts = rcounts,
                           .rdispls = rdispls,
                           .rtype = rtype,
                           .comm = comm };

    return smpi__coll_call("MPI_Alltoallv", COLL_ALLTOALLV, &a);
}
#pragma weak MPI_Alltoallv = PMPI_Alltoallv

int PMPI_Alltoallw(const void *sbuf, const int scounts[], const int sdispls[],
                   const MPI_Datatype stypes[], void *rbuf, const int rcounts[],
                   const int rdispls[], const MPI_Datatype rtypes[], MPI_Comm comm)
{
    struct coll_args a = { .sbuf = sbuf,
                           .scounts = scounts,
                           .sdispls = sdispls,
                           .stypes = stypes,
                           .rbuf = rbuf,
                           .rcounts = rcounts,
                           .rdispls = rdispls,
                           .rtypes = rtypes,
                           .comm = comm };

    return smpi__coll_call("MPI_Alltoallw", COLL_ALLTOALLW, &a);
}
#pragma weak MPI_Alltoallw = PMPI_Alltoallw

int PMPI_Allgather(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount,
                   MPI_Datatype rtype, MPI_Comm comm)
{
    struct coll_args a = { .sbuf = sbuf,
                           .scount = scount,
                           .stype = stype,
                           .rbuf = rbuf,
                           .rcount = rcount,
                           .rtype = rtype,
                           .comm = comm };

    return smpi__coll_call("MPI_Allgather", COLL_ALLGATHER, &a);
}
#pragma weak MPI_Allgather = PMPI_Allgather

int PMPI_Allgatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf,
                    const int rcounts[], const int displs[], MPI_Datatype rtype, MPI_Comm comm)
{
    struct coll_args a = { .sbuf = sbuf,
                           .scount = scount,
                           .stype = stype,
                           .rbuf = rbuf,
                           .rcounts = rcounts,
                           .rdispls = displs,
                           .rtype = rtype,
                           .comm = comm };

    return smpi__coll_call("MPI_Allgatherv", COLL_ALLGATHERV, &a);
}
#pragma weak MPI_Allgatherv = PMPI_Allgatherv

int PMPI_Gather(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount,
                MPI_Datatype rtype, int root, MPI_Comm comm)
{
    struct coll_args a = { .sbuf = sbuf,
                           .scount = scount,
                           .stype = stype,
                           .rbuf = rbuf,
                           .rcount = rcount,
                           .rtype = rtype,
                           .root = root,
                           .comm = comm };

    return smpi__coll_call("MPI_Gather", COLL_GATHER, &a);
}
#pragma weak MPI_Gather = PMPI_Gather

int PMPI_Gatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, const int rcounts[],
                 const int displs[], MPI_Datatype rtype, int root, MPI_Comm comm)
{
    struct coll_args a = { .sbuf = sbuf,
                           .scount = scount,
                           .stype = stype,
                           .rbuf = rbuf,
                           .rcounts = rcounts,
                           .rdispls = displs,
                           .rtype = rtype,
                           .root = root,
                           .comm = comm };

    return smpi__coll_call("MPI_Gatherv", COLL_GATHERV, &a);
}
#pragma weak MPI_Gatherv = PMPI_Gatherv

int PMPI_Scatter(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount,
                 MPI_Datatype rtype, int root, MPI_Comm comm)
{
    struct coll_args a = { .sbuf = sbuf,
                           .scount = scount,
                           .stype = stype,
                           .rbuf = rbuf,
                           .rcount = rcount,
                           .rtype = rtype,
                           .root = root,
                           .comm = comm };

    return smpi__coll_call("MPI_Scatter", COLL_SCATTER, &a);
}
#pragma weak MPI_Scatter = PMPI_Scatter

int PMPI_Scatterv(const void *sbuf, const int scounts[], const int displs[], MPI_Datatype stype,
                  void *rbuf, int rcount, MPI_Datatype rtype, int root, MPI_Comm comm)
{
    struct coll_args a = { .sbuf = sbuf,
                           .scounts = scounts,
                           .sdispls = displs,
                           .stype = stype,
                           .rbuf = rbuf,
                           .rcount = rcount,
                           .rtype = rtype,
                           .root = root,
                           .comm = comm };

    return smpi__coll_call("MPI_Scatterv", COLL_SCATTERV, &a);
}
#pragma weak MPI_Scatterv = PMPI_Scatterv
