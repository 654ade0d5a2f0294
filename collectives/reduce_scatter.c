/* reduce_scatter: MPI_Reduce_scatter and MPI_Reduce_scatter_block algorithms. The inputs
 * (a->sbuf, or a->rbuf with MPI_IN_PLACE) hold the whole vector; rank j receives block j of
 * the reduced vector in a->rbuf. Costs: p ranks, n bytes in the vector, α latency, β time per
 * byte, γ time per byte reduced. */
#include <limits.h>
#include <stdlib.h>

#include "collectives/internal.h"
#include "simcore/simcore.h"
#include "smpi/p2p_api.h"

/* Reduces the whole vector to rank 0 (into a temporary buffer), then scatters it with block
 * j of counts[j] elements (counts == NULL: a->rcount each), both with the selected
 * algorithms. Operand order is that of the reduce, so non-commutative ops are correct. */
static int reduce_then_scatter(const struct coll_args *a, const int *counts)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int *displs = sim_xcalloc((size_t)size, sizeof(*displs));
    long long total = 0;
    void *tmp = NULL;
    void *tmp_block = NULL;
    int rc = MPI_SUCCESS;

    for (int i = 0; i < size; i++) {
        displs[i] = (int)total;
        total += counts ? counts[i] : a->rcount;
        if (total > INT_MAX)
            rc = MPI_ERR_COUNT;
    }
    if (rc == MPI_SUCCESS) {
        struct coll_args r = { .sbuf = a->sbuf == MPI_IN_PLACE ? a->rbuf : a->sbuf,
                               .count = (int)total, .type = a->type, .op = a->op, .root = 0,
                               .comm = a->comm };
        struct coll_args s = { .scount = a->rcount, .scounts = counts, .sdispls = displs,
                               .stype = a->type, .rbuf = a->rbuf,
                               .rcount = counts ? counts[rank] : a->rcount, .rtype = a->type,
                               .root = 0, .comm = a->comm };

        if (rank == 0)
            tmp_block = coll__tmp_alloc((int)total, a->type, &tmp);
        r.rbuf = tmp;
        s.sbuf = tmp;
        rc = coll_run(COLL_REDUCE, &r);
        if (rc == MPI_SUCCESS)
            rc = coll_run(counts ? COLL_SCATTERV : COLL_SCATTER, &s);
    }
    free(tmp_block);
    free(displs);
    return rc;
}

/* Reduce + scatterv. Reference: Open MPI coll_basic_reduce_scatter.c (the linear variant),
 * SMPI's default reduce_scatter. Cost: that of a reduce of n bytes plus a scatterv of n bytes.
 * Needs: none. */
static int reduce_scatter_ompi_basic_linear(const struct coll_args *a)
{
    return reduce_then_scatter(a, a->rcounts);
}

const struct coll_algo coll_reduce_scatter_algos[] = {
    /* name                  needs  run                               help */
    { "ompi_basic_linear", 0, reduce_scatter_ompi_basic_linear, "reduce to rank 0, then scatterv" },
    { NULL, 0, NULL, NULL },
};
