/* bcast_impl.h: what the files of the MPI_Bcast family share (bcast.c, bcast_ompi.c,
 * bcast_smp.c, bcast_arrival.c, bcast_mvapich2.c): segment sizes and small helpers (the algorithms
 * are declared from algorithms.def, internal.h). Private to those files. */
#ifndef COLL_BCAST_IMPL_H
#define COLL_BCAST_IMPL_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "collectives/internal.h"
#include "simcore/simcore.h"
#include "smpi/mpi/p2p_api.h"

/* Segment of the Faraj-Yuan pipelines (NTSB, NTSL, SMP_binary, SMP_linear, arrival_pattern_*,
 * flattree_pipeline), in bytes. */
#define PIPE_BYTES 8192
/* The arrival-pattern algorithms find who has arrived with MPI_ANY_TAG probes, which match only
 * tags >= 0: as in SMPI, their messages carry a positive tag. */
#define ARRIVAL_TAG (-COLL_TAG_BCAST)
/* SMPI's fixed arrays in those algorithms: header length (ints) and largest communicator. */
#define AP_HEADER 1024
#define AP_MAX_RANKS 1024
#define APW_MAX_RANKS 128
#define AS_HEADER 128
#define AS_MAX_RANKS 128

/* ---- pieces shared by several algorithms ------------------------------------------------- */

/* Elements in one pipeline segment: PIPE_BYTES of extents, at least one (the checks refuse the
 * extents SMPI divides by and cannot). */
static inline int pipe_segment(MPI_Datatype type)
{
    MPI_Aint extent = smpi_type_extent(type);
    MPI_Aint seg = extent > 0 ? PIPE_BYTES / extent : 1;

    return seg > 0 ? (int)seg : 1;
}

static inline void *segment_at(const struct coll_args *a, int i, int seg)
{
    return coll__elem(a->rbuf, (MPI_Aint)i * seg, a->type);
}

/* The Faraj-Yuan algorithms are rooted at rank 0: another root hands rank 0 the buffer first. */
static inline int root_to_zero(const struct coll_args *a, int rank, int tag)
{
    if (a->root == 0 || (rank != a->root && rank != 0))
        return MPI_SUCCESS;
    if (rank == a->root)
        return smpi_send(a->rbuf, a->count, a->type, 0, tag, a->comm);
    return smpi_recv(a->rbuf, a->count, a->type, a->root, tag, a->comm, MPI_STATUS_IGNORE);
}

/* The elements after the first `done` go through MPI_Bcast again with the algorithm smpi/bcast
 * selects, as SMPI's pipelines send their remainder with colls::bcast. */
static inline int bcast_rest(const struct coll_args *a, int done)
{
    struct coll_args rest = *a;

    rest.rbuf = coll__elem(a->rbuf, done, a->type);
    rest.count = a->count - done;
    return coll_run(COLL_BCAST, &rest);
}

/* SMPI's bcast__mpich, where SMPI's algorithms call it. */
static inline int bcast_mpich(const struct coll_args *a)
{
    return coll__call(COLL_BCAST, "mpich", a);
}

/* Bytes a completed receive got (MPI_Get_count in MPI_BYTE). */
static inline int status_bytes(const MPI_Status *st)
{
    return (int)st->smpi_count;
}

/* Receives nseg segments of seg elements from `from` (every receive posted first; from is
 * MPI_PROC_NULL at the top of the tree) and passes each on, once it is there, with blocking
 * sends to to[0..nto-1] in order: the per-segment loop of SMP_binary and SMP_linear, and their
 * unsegmented case with one segment. */
static inline int pipe_blocking(const struct coll_args *a, int from, const int *to, int nto,
                                int nseg, int seg)
{
    MPI_Request *reqs = from != MPI_PROC_NULL ? coll__reqs_alloc(nseg) : NULL;
    int rc = MPI_SUCCESS;

    for (int i = 0; reqs && i < nseg && rc == MPI_SUCCESS; i++)
        rc = smpi_irecv(segment_at(a, i, seg), seg, a->type, from, COLL_TAG_BCAST, a->comm,
                        &reqs[i]);
    for (int i = 0; i < nseg && rc == MPI_SUCCESS; i++) {
        if (reqs)
            rc = smpi_wait(&reqs[i], MPI_STATUS_IGNORE);
        for (int c = 0; c < nto && rc == MPI_SUCCESS; c++)
            rc = smpi_send(segment_at(a, i, seg), seg, a->type, to[c], COLL_TAG_BCAST, a->comm);
    }
    if (reqs && rc != MPI_SUCCESS)
        coll__waitall(nseg, reqs, rc);
    free(reqs);
    return rc;
}

/* The same with nonblocking forwarding: every receive from `from` posted first (none when from
 * is MPI_PROC_NULL; from may be MPI_ANY_SOURCE), each segment isent to to[0..nto-1] once it is
 * there, then every send waited for together (or every receive, when nto is 0): the relay step
 * of NTSB, NTSL and the arrival-pattern pipelines. */
static inline int pipe_relay(const struct coll_args *a, int from, int tag, const int *to, int nto,
                             int nseg, int seg)
{
    bool recv = from != MPI_PROC_NULL;
    MPI_Request *rreq = coll__reqs_alloc(recv ? nseg : 0);
    MPI_Request *sreq = coll__reqs_alloc(nseg * nto);
    int rc = MPI_SUCCESS;

    for (int i = 0; recv && i < nseg && rc == MPI_SUCCESS; i++)
        rc = smpi_irecv(segment_at(a, i, seg), seg, a->type, from, tag, a->comm, &rreq[i]);
    if (recv && nto == 0)
        rc = coll__waitall(nseg, rreq, rc);
    for (int i = 0; nto > 0 && i < nseg && rc == MPI_SUCCESS; i++) {
        if (recv)
            rc = smpi_wait(&rreq[i], MPI_STATUS_IGNORE);
        for (int c = 0; c < nto && rc == MPI_SUCCESS; c++)
            rc = smpi_isend(segment_at(a, i, seg), seg, a->type, to[c], tag, a->comm,
                            &sreq[i * nto + c]);
    }
    rc = coll__waitall(nseg * nto, sreq, rc);
    if (recv && rc != MPI_SUCCESS)
        coll__waitall(nseg, rreq, rc);
    free(rreq);
    free(sreq);
    return rc;
}

#endif /* COLL_BCAST_IMPL_H */
