/* bindings_coll: the blocking collective MPI calls, one per row of coll_calls.h. Each passes its
 * arguments, in MPI's order, to smpi__coll_args (coll_call.c), which packs them into a struct
 * coll_args as the collective's descriptor says, then to smpi__coll_call, which checks,
 * normalises as SMPI does and runs the intra- or intercommunicator algorithm the collectives
 * registry chooses. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>

#include "collectives/collectives.h"
#include "smpi/bindings/coll_calls.h"
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
    int rc = smpi__reduce_scatter_block_args("MPI_Reduce_scatter_block", &a, rcount, &counts);

    if (rc == MPI_SUCCESS)
        rc = smpi__coll_call("MPI_Reduce_scatter_block", COLL_REDUCE_SCATTER, &a);
    free(counts);
    return rc;
}
#pragma weak MPI_Reduce_scatter_block = PMPI_Reduce_scatter_block

#define BLOCKING(blocking, nonblocking, persistent, kind, params, args)                            \
    int P##blocking params                                                                         \
    {                                                                                              \
        struct coll_args a = smpi__coll_args(kind, SMPI_LIST args);                                \
                                                                                                   \
        return smpi__coll_call(#blocking, kind, &a);                                               \
    }                                                                                              \
    SMPI_WEAK(blocking)
SMPI_COLL_CALLS(BLOCKING)
