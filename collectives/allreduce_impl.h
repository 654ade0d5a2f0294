/* allreduce_impl.h: what the files of the MPI_Allreduce family share (allreduce.c,
 * allreduce_ring.c, allreduce_smp.c): segment sizes and operand-order helpers (the algorithms
 * are declared from algorithms.def, internal.h). Private to those files. */
#ifndef COLL_ALLREDUCE_IMPL_H
#define COLL_ALLREDUCE_IMPL_H

#include <stdlib.h>
#include <string.h>

#include "collectives/internal.h"
#include "simcore/simcore.h"
#include "smpi/mpi/p2p_api.h"

#define TAG COLL_TAG_ALLREDUCE

/* Segment of smp_binomial_pipeline, in elements (SMPI's
 * allreduce_smp_binomial_pipeline_segment_size). */
#define PIPELINE_SEGMENT 4096
/* Segment of ompi_ring_segmented, in bytes (Open MPI's 1 MiB default). */
#define RING_SEGMENT_BYTES (1 << 20)

static inline bool commutes(const struct coll_args *a)
{
    return smpi_op_is_commutative(a->op);
}

/* acc = in op acc when `in` holds the data of lower ranks than acc, else acc op in, over n
 * elements. When the op commutes this is SMPI's "in op acc" whatever the order. `in` is
 * scratch: it may be overwritten. */
static inline int fold(const struct coll_args *a, void *in, void *acc, int n, bool in_is_lower)
{
    int rc;

    if (in_is_lower || commutes(a))
        return smpi_op_apply(a->op, in, acc, n, a->type);
    rc = smpi_op_apply(a->op, acc, in, n, a->type);
    if (rc == MPI_SUCCESS)
        rc = smpi_type_copy(in, n, a->type, acc, n, a->type);
    return rc;
}

/* A temporary buffer of n elements of a->type filled with zero bytes, for the padding that
 * rab1 and rab2 send (SMPI sends whatever the memory holds; zeros keep user ops away from
 * uninitialised values). Returns the block to free(); *base is element 0. */
static inline void *zero_alloc(const struct coll_args *a, int n, void **base)
{
    void *block = coll__tmp_alloc(n, a->type, base);
    MPI_Aint bytes =
        n > 0 ? (MPI_Aint)(n - 1) * smpi_type_extent(a->type) + smpi_type_true_extent(a->type) : 0;

    if (bytes > 0)
        memset(block, 0, (size_t)bytes);
    return block;
}

static inline void *at(const void *buf, MPI_Aint i, const struct coll_args *a)
{
    return coll__elem(buf, i, a->type);
}

static inline int copy_in(const struct coll_args *a, const void *src, void *dst, int n)
{
    return smpi_type_copy(src, n, a->type, dst, n, a->type);
}

#endif /* COLL_ALLREDUCE_IMPL_H */
