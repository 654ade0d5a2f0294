/* allgather_impl.h: what the files of the MPI_Allgather family share (allgather.c,
 * allgather_smp.c): one call's block arithmetic and the algorithms that allgather.c's table
 * lists from allgather_smp.c. Private to those files. */
#ifndef COLL_ALLGATHER_IMPL_H
#define COLL_ALLGATHER_IMPL_H

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

#include "collectives/internal.h"
#include "simcore/simcore.h"
#include "smpi/mpi/p2p_api.h"

#define TAG COLL_TAG_ALLGATHER

/* The algorithms and pieces the family's files share (table in allgather.c). */
int coll__allgather_loosely_lr(const struct coll_args *a);
int coll__allgather_mvapich2_smp(const struct coll_args *a);
int coll__allgather_smp_nts(const struct coll_args *a);
int coll__allgather_smp_simple(const struct coll_args *a);
int coll__allgather_smpi_linear(const struct coll_args *a);
const char *coll__allgather_check_mvapich2_smp(const struct coll_args *a);
const char *coll__allgather_check_smp_multiple(const struct coll_args *a);

/* One call's arguments with the block arithmetic. Data leaving the receive buffer always
 * travels as receive-type elements (SMPI sends some of it as send-type elements: the same bytes,
 * since MPI_Allgather requires equal type signatures on both sides). */
struct ag {
    const void *sbuf;
    void *rbuf;
    int scount;
    int rcount;
    MPI_Datatype stype;
    MPI_Datatype rtype;
    MPI_Comm comm;
    int rank;
    int size;
};

static inline void ag_init(struct ag *x, const struct coll_args *a)
{
    x->sbuf = a->sbuf;
    x->rbuf = a->rbuf;
    x->scount = a->scount;
    x->rcount = a->rcount;
    x->stype = a->stype;
    x->rtype = a->rtype;
    x->comm = a->comm;
    x->rank = smpi_comm_rank(a->comm);
    x->size = smpi_comm_size(a->comm);
}

/* Block j of the receive buffer (the n blocks from j on are rcount * n consecutive elements). */
static inline void *blk(const struct ag *x, int j)
{
    return coll__elem(x->rbuf, (MPI_Aint)j * x->rcount, x->rtype);
}

static inline int copy_own(const struct ag *x)
{
    return smpi_type_copy(x->sbuf, x->scount, x->stype, blk(x, x->rank), x->rcount, x->rtype);
}

/* Sends the caller's own contribution to dst while block src arrives from src. */
static inline int swap_own(const struct ag *x, int dst, int src)
{
    return smpi_sendrecv(x->sbuf, x->scount, x->stype, dst, TAG, blk(x, src), x->rcount, x->rtype,
                         src, TAG, x->comm, MPI_STATUS_IGNORE);
}

/* Sends n blocks from block `from` to dst while n blocks arrive from src at block `to`. */
static inline int swap_blocks(const struct ag *x, int from, int dst, int to, int src, int n)
{
    return smpi_sendrecv(blk(x, from), n * x->rcount, x->rtype, dst, TAG, blk(x, to), n * x->rcount,
                         x->rtype, src, TAG, x->comm, MPI_STATUS_IGNORE);
}

/* SMPI sends a contribution as send-type elements and receives it as receive-type elements;
 * some algorithms fall back to smpi_linear when the two blocks span different extents. */
static inline bool irregular(const struct ag *x)
{
    return (MPI_Aint)x->scount * smpi_type_extent(x->stype) !=
           (MPI_Aint)x->rcount * smpi_type_extent(x->rtype);
}

/* SMPI's default (allgather__default): the iallgather pattern waited for. Copies the own
 * block, then for every other rank in rank order starts a send of the own block and a receive
 * of that rank's block, and waits for all of them. Reference: SimGrid 3.32
 * colls/smpi_default_selector.cpp and colls/smpi_nbc_impl.cpp (iallgather). Cost: (p - 1) α +
 * (p - 1) m β, all flows at once. Needs: none. */

#endif /* COLL_ALLGATHER_IMPL_H */
