/* coll_alias: whether a collective call's send and receive buffers overlap at the calling rank.
 * MPI forbids it (MPI-4.0 section 2.6.2: an argument a call writes must not alias another of
 * its arguments; MPI_IN_PLACE exists for that). Each rank judges its own buffers, before any
 * message, from the bytes its arguments span: the ranks that pass the same pattern (every rank
 * of MPICH's errors/coll/noalias2) all find it, and a rank that refuses has sent nothing that
 * another would wait for. coll_call.c decides what to do with the answer. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdbool.h>

#include "collectives/collectives.h"
#include "smpi/internal.h"
#include "smpi/mpi/datatype.h"

/* The bytes [lo, hi) a side of the call touches (lo == hi: none). */
struct span {
    const char *lo;
    const char *hi;
};

/* Widens s to the bytes n elements of t touch from byte off of buf. */
static void widen(struct span *s, const void *buf, MPI_Aint off, int n, MPI_Datatype t)
{
    const char *first;
    const char *last;
    const char *lo;
    const char *hi;

    if (n <= 0 || smpi_type_size(t) == 0)
        return;
    first = (const char *)buf + off + smpi_type_true_lb(t);
    last = first + (MPI_Aint)(n - 1) * smpi_type_extent(t);
    lo = first < last ? first : last;
    hi = (first < last ? last : first) + smpi_type_true_extent(t);
    if (s->lo == s->hi || lo < s->lo)
        s->lo = lo;
    if (s->lo == s->hi || hi > s->hi)
        s->hi = hi;
}

/* n blocks at buf: count elements of type each, one after the other, or (counts given) counts[i]
 * elements at displacement displs[i], in elements of type or (types given: the w forms) in
 * bytes with types[i]. */
static void widen_blocks(struct span *s, const void *buf, int n, int count, const int *counts,
                         const int *displs, MPI_Datatype type, const MPI_Datatype *types)
{
    if (!counts) {
        widen(s, buf, 0, n * count, type);
        return;
    }
    for (int i = 0; i < n; i++) {
        if (types)
            widen(s, buf, displs[i], counts[i], types[i]);
        else
            widen(s, buf, (MPI_Aint)displs[i] * smpi_type_extent(type), counts[i], type);
    }
}

/* The send side (send) or the receive side of a call of form ALLTOALL, ALLGATHER, GATHER or
 * SCATTER over n peers; `blocks` is whether that side has one block per peer. */
static struct span side(const struct coll_args *a, enum coll_kind k, bool send, bool blocks, int n)
{
    bool v = coll_descs[k].flags & COLL_V;
    bool w = coll_descs[k].flags & COLL_W;
    struct span s = { 0 };

    if (send && !blocks)
        widen(&s, a->sbuf, 0, a->scount, a->stype);
    else if (!send && !blocks)
        widen(&s, a->rbuf, 0, a->rcount, a->rtype);
    else if (send)
        widen_blocks(&s, a->sbuf, n, a->scount, v ? a->scounts : NULL, a->sdispls, a->stype,
                     w ? a->stypes : NULL);
    else
        widen_blocks(&s, a->rbuf, n, a->rcount, v ? a->rcounts : NULL, a->rdispls, a->rtype,
                     w ? a->rtypes : NULL);
    return s;
}

/* The reductions: count elements of type at sbuf and rbuf (reduce_scatter: all the blocks
 * sent, this rank's received). */
static void reduction_spans(const struct coll_args *a, enum coll_kind k, struct span *s,
                            struct span *r)
{
    int sent = a->count;
    int mine = a->count;

    if (coll_descs[k].form == COLL_FORM_REDUCE_SCATTER) {
        int n = smpi_comm_size(a->comm);

        sent = 0;
        for (int i = 0; i < n; i++)
            sent += a->rcounts[i];
        mine = a->rcounts[smpi_comm_rank(a->comm)];
    }
    widen(s, a->sbuf, 0, sent, a->type);
    widen(r, a->rbuf, 0, mine, a->type);
}

bool smpi__coll_is_aliased(enum coll_kind k, const struct coll_args *a)
{
    enum coll_form form = coll_descs[k].form;
    int n;
    struct span s = { 0 };
    struct span r = { 0 };

    if (a->sbuf == MPI_IN_PLACE || a->rbuf == MPI_IN_PLACE || a->sbuf == MPI_BOTTOM ||
        a->rbuf == MPI_BOTTOM || smpi__comm_is_inter(a->comm))
        return false;
    if ((coll_descs[k].flags & COLL_ROOTED) && !smpi__coll_is_root(a))
        return false;
    n = smpi_comm_size(a->comm);
    switch (form) {
    case COLL_FORM_REDUCE:
    case COLL_FORM_ALLREDUCE:
    case COLL_FORM_REDUCE_SCATTER:
        reduction_spans(a, k, &s, &r);
        break;
    case COLL_FORM_ALLTOALL:
    case COLL_FORM_ALLGATHER:
    case COLL_FORM_GATHER:
    case COLL_FORM_SCATTER:
        s = side(a, k, true, form == COLL_FORM_ALLTOALL || form == COLL_FORM_SCATTER, n);
        r = side(a, k, false, form != COLL_FORM_SCATTER, n);
        break;
    default: /* barrier, bcast and the neighbourhood collectives */
        return false;
    }
    return s.lo != s.hi && r.lo != r.hi && s.lo < r.hi && r.lo < s.hi;
}
