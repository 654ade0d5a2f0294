/* reduce_impl.h: what the files of the MPI_Reduce family share (reduce.c, reduce_chain.c,
 * reduce_ompi.c, reduce_rsg.c, reduce_mvapich2.c): small helpers on the arguments (the
 * algorithms are declared from algorithms.def, internal.h). Private to those files. */
#ifndef COLL_REDUCE_IMPL_H
#define COLL_REDUCE_IMPL_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "collectives/internal.h"
#include "simcore/simcore.h"
#include "smpi/mpi/p2p_api.h"

#define TAG COLL_TAG_REDUCE

/* n temporaries of a->count elements of a->type, for the blocks a rank receives: base[i] is where
 * element 0 of the i-th starts (NULL until tmps_alloc), block[i] what tmps_free frees. */
struct reduce_tmps {
    void **base;
    void **block;
    int n;
};

static inline void tmps_init(struct reduce_tmps *t, int n)
{
    t->base = sim_xcalloc((size_t)n, sizeof(void *));
    t->block = sim_xcalloc((size_t)n, sizeof(void *));
    t->n = n;
}

/* Allocates temporary i; returns where its element 0 starts. */
static inline void *tmps_alloc(struct reduce_tmps *t, int i, const struct coll_args *a)
{
    t->block[i] = coll__tmp_alloc(a->count, a->type, &t->base[i]);
    return t->base[i];
}

static inline void tmps_free(struct reduce_tmps *t)
{
    for (int i = 0; i < t->n; i++)
        free(t->block[i]);
    free(t->block);
    free(t->base);
}

/* The calling rank's input: the send buffer, or the receive buffer at an in-place root. */
static inline const void *input_of(const struct coll_args *a)
{
    return a->sbuf == MPI_IN_PLACE ? a->rbuf : a->sbuf;
}

static inline char *elem(const void *buf, MPI_Aint i, MPI_Datatype type)
{
    return coll__elem(buf, i, type);
}

static inline int copy_n(const void *src, void *dst, int n, MPI_Datatype type)
{
    return smpi_type_copy(src, n, type, dst, n, type);
}

/* acc = in op acc over n elements (SMPI's order, and any order for a commutative op), or
 * acc = acc op in when `in` holds later ranks' data (in_first false) and the op is not
 * commutative: operands in rank order. */
static inline int combine(const struct coll_args *a, void *in, void *acc, int n, bool in_first)
{
    int rc;

    if (in_first || smpi_op_is_commutative(a->op))
        return smpi_op_apply(a->op, in, acc, n, a->type);
    rc = smpi_op_apply(a->op, acc, in, n, a->type);
    if (rc == MPI_SUCCESS)
        rc = copy_n(in, acc, n, a->type);
    return rc;
}

/* The result when nothing needs to travel (one rank): the root's own input. */
static inline int local_result(const struct coll_args *a)
{
    if (a->sbuf == MPI_IN_PLACE || a->count == 0)
        return MPI_SUCCESS;
    return copy_n(a->sbuf, a->rbuf, a->count, a->type);
}

static inline int send_to(const void *buf, int n, const struct coll_args *a, int dst, int tag)
{
    return smpi_send(buf, n, a->type, dst, tag, a->comm);
}

static inline int recv_from(void *buf, int n, const struct coll_args *a, int src, int tag)
{
    return smpi_recv(buf, n, a->type, src, tag, a->comm, MPI_STATUS_IGNORE);
}

/* A copy of a with other buffers, root and communicator: how an algorithm runs another on a
 * part of the data or on a sub-communicator. */
static inline int run_on(coll_fn *fn, const struct coll_args *a, const void *in, void *out,
                         int count, int root, MPI_Comm comm)
{
    struct coll_args b = *a;

    b.sbuf = in;
    b.rbuf = out;
    b.count = count;
    b.root = root;
    b.comm = comm;
    return fn(&b);
}

/* SMPI's reduce__default as its algorithms call it by name (NTSL and arrival_pattern_aware
 * for their remainders), and reduce__mpich (the mvapich2 two-level reduce when the mvapich2
 * selector has not chosen): whatever the registry's selectors of those names pick. */
static inline int reduce_default(const struct coll_args *a)
{
    return coll__call(COLL_REDUCE, "default", a);
}

static inline int reduce_mpich(const struct coll_args *a)
{
    return coll__call(COLL_REDUCE, "mpich", a);
}

/* bufs[0] op bufs[1] op ... op bufs[n-1] into out, each holding count elements. The fold runs
 * from the right: into bufs[n-1] when it is scratch (then copied to out), else into out (after
 * copying bufs[n-1] there), so out may alias bufs[n-1], or any buffer when the last is
 * scratch. The other buffers are only read. */
static inline int fold_in_order(const struct coll_args *a, int count, const void *const *bufs,
                                int n, bool last_is_scratch, void *out)
{
    void *acc = last_is_scratch ? (void *)bufs[n - 1] : out;
    int rc = MPI_SUCCESS;

    if (acc != bufs[n - 1])
        rc = copy_n(bufs[n - 1], acc, count, a->type);
    for (int i = n - 2; i >= 0 && rc == MPI_SUCCESS; i--)
        rc = smpi_op_apply(a->op, bufs[i], acc, count, a->type);
    if (rc == MPI_SUCCESS && acc != out)
        rc = copy_n(acc, out, count, a->type);
    return rc;
}

/* order[0..n] := the indices of the n children and -1 (the node itself, rank self) sorted by
 * rank: the order a non-commutative op must combine them in when every child's subtree holds
 * consecutive ranks. */
static inline void rank_order(int self, const int *children, int n, int *order)
{
    for (int i = -1; i < n; i++) {
        int r = i < 0 ? self : children[i];
        int j = i + 1;

        while (j > 0 && (order[j - 1] < 0 ? self : children[order[j - 1]]) > r) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
}

/* The k-nomial trees of the reduces below (k = 2: Open MPI's in-order binomial tree) hang the
 * subtree of relative rank v over [v, v + k^level) of the ranks shifted by the root. A
 * non-commutative op can be folded in rank order when no subtree but the root's wraps from
 * rank p - 1 to rank 0: when rank 0's relative rank p - root has one non-zero digit in base k. */
static inline bool knomial_keeps_order(int size, int root, int k)
{
    int q = size - root;

    if (root == 0)
        return true;
    while (q % k == 0)
        q /= k;
    return q < k;
}

#endif /* COLL_REDUCE_IMPL_H */
