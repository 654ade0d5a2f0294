/* allgather_impl.h: what the files of the MPI_Allgather family share (allgather.c,
 * allgather_smp.c): one call's block arithmetic (the algorithms are declared from
 * algorithms.def, internal.h). Private to those files. */
#ifndef COLL_ALLGATHER_IMPL_H
#define COLL_ALLGATHER_IMPL_H

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

#include "collectives/blocks.h"
#include "simcore/simcore.h"
#include "smpi/mpi/p2p_api.h"

#define TAG COLL_TAG_ALLGATHER

/* One call's arguments with the block arithmetic (blocks.h). Data leaving the receive buffer
 * always travels as receive-type elements (SMPI sends some of it as send-type elements: the same
 * bytes, since MPI_Allgather requires equal type signatures on both sides). */
static inline void ag_init(struct coll_blocks *x, const struct coll_args *a)
{
    coll__blocks_init(x, a, COLL_BLOCKS_REGULAR, TAG);
}

/* Block j of the receive buffer (the n blocks from j on are rcount * n consecutive elements). */
static inline void *blk(const struct coll_blocks *x, int j)
{
    return coll__rblock(x, j);
}

/* Sends the caller's own contribution to dst while block src arrives from src. */
static inline int swap_own(const struct coll_blocks *x, int dst, int src)
{
    return smpi_sendrecv(x->sbuf, x->scount, x->stype, dst, TAG, blk(x, src), x->rcount, x->rtype,
                         src, TAG, x->comm, MPI_STATUS_IGNORE);
}

/* Sends n blocks from block `from` to dst while n blocks arrive from src at block `to`. */
static inline int swap_blocks(const struct coll_blocks *x, int from, int dst, int to, int src,
                              int n)
{
    return smpi_sendrecv(blk(x, from), n * x->rcount, x->rtype, dst, TAG, blk(x, to), n * x->rcount,
                         x->rtype, src, TAG, x->comm, MPI_STATUS_IGNORE);
}

/* SMPI sends a contribution as send-type elements and receives it as receive-type elements;
 * some algorithms fall back to smpi_linear when the two blocks span different extents. */
static inline bool irregular(const struct coll_blocks *x)
{
    return (MPI_Aint)x->scount * smpi_type_extent(x->stype) !=
           (MPI_Aint)x->rcount * smpi_type_extent(x->rtype);
}

#endif /* COLL_ALLGATHER_IMPL_H */
