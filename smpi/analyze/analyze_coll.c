/* analyze_coll: under smpi/pedantic, the collective calls of a communicator's members must
 * agree (MPI-3.1 section 5.1): the same collective in the same order, the same root and op,
 * and counts and datatypes whose signatures match (section 5.2.2). Each communicator keeps, per
 * position in its sequence of collective calls, the calls of the members that reached it; a
 * position is dropped once every member did. SMPI 3.32 compares the kind, root and op
 * (smpi_utils.cpp, check_collectives_ordering); simmpi also compares the data. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smpi/analyze/analyze.h"
#include "smpi/bindings/check.h"
#include "smpi/internal.h"
#include "smpi/mpi/op.h"
#include "smpi/mpi/typesig.h"

SIM_LOG_SUBCATEGORY(log_utils, "smpi_utils", "smpi");
SIM_LOG_SUBCATEGORY(log_analyze, "smpi_analyze", "smpi");

/* The pairwise check of the alltoallv family keeps every member's arrays: up to this size. */
#define ALLTOALLV_MAX_RANKS 256

/* One side of a transfer: count elements of type (a reference is held). */
struct side {
    int count;
    MPI_Datatype type;
};

/* One member's call at a position. */
struct member {
    bool in;
    int rank; /* in MPI_COMM_WORLD, as findings name ranks */
    struct smpi_site site;
    struct side s; /* what it sends (its buffer, for bcast and the reductions) */
    struct side r; /* what it receives from each rank */
    int *scounts;  /* alltoallv: per destination; NULL otherwise */
    int *rcounts;  /* alltoallv: per source */
};

/* One position in a communicator's sequence of collective calls. */
struct position {
    unsigned long seq;
    const char *call;
    enum coll_kind kind; /* COLL_NKINDS for a call that moves no data */
    int root;            /* intracommunicator rooted collectives, else -1 */
    MPI_Op op;           /* a predefined op of a reduction, else MPI_OP_NULL */
    bool user_op;        /* a reduction with a user op (it may be freed before the others come) */
    bool loose;          /* the first call's arguments were refused: only call names are compared */
    int first;           /* the member that reached it first */
    int arrived;
    int *counts;            /* the first member's per-rank counts (v variants, reduce_scatter) */
    struct member *m;       /* per member; NULL when only the call is compared */
    struct waiter *waiters; /* smpi/barrier-collectives: members waiting for the last one */
    struct position *next;
};

/* A member blocked in smpi__coll_order_wait until every member reached the position. */
struct waiter {
    struct sim_actor *actor;
    bool *released;
    struct waiter *next;
};

struct smpi_coll_log {
    int n;
    unsigned long *next; /* per member: its next position */
    struct position *open;
};

/* What one arriving call is compared with. */
struct arrival {
    const char *call;
    enum coll_kind kind;
    const struct coll_args *a;
    MPI_Comm comm;
    int me;
    struct position *pos;
};

static bool rooted(enum coll_kind k)
{
    return k == COLL_BCAST || k == COLL_REDUCE || k == COLL_GATHER || k == COLL_GATHERV ||
           k == COLL_SCATTER || k == COLL_SCATTERV;
}

static bool reduction(enum coll_kind k)
{
    return k == COLL_REDUCE || k == COLL_ALLREDUCE || k == COLL_SCAN || k == COLL_EXSCAN ||
           k == COLL_REDUCE_SCATTER;
}

/* SMPI's description of a call: "MPI_Reduce with op MPI_SUM and root 0". */
static const char *describe(const char *call, int root, MPI_Op op, bool user_op, char *buf,
                            size_t cap)
{
    const char *opname = user_op ? "a user op" : op != MPI_OP_NULL ? op->name : NULL;

    if (opname && root >= 0)
        snprintf(buf, cap, "%s with op %s and root %d", call, opname, root);
    else if (opname)
        snprintf(buf, cap, "%s with op %s", call, opname);
    else if (root >= 0)
        snprintf(buf, cap, "%s with root %d", call, root);
    else
        snprintf(buf, cap, "%s", call);
    return buf;
}

/* Prints a finding of the arriving rank, then raises MPI_ERR_OTHER on the communicator. */
static int mismatch(const struct arrival *v, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static int mismatch(const struct arrival *v, const char *fmt, ...)
{
    char here[512];
    char comm[512];
    char what[1024];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(what, sizeof(what), fmt, ap);
    va_end(ap);
    smpi__site_text_here(v->call, here, sizeof(here));
    smpi__comm_text(v->comm, comm, sizeof(comm));
    SIM_LOG(log_analyze, SIM_LOG_WARN, "rank %d: %s on %s: collective mismatch: %s",
            smpi__self()->rank, here, comm, what);
    return smpi__error(v->comm, v->call, MPI_ERR_OTHER,
                       "collective mismatch on %s (the warning above says how)", comm);
}

/* ---- signatures ------------------------------------------------------------------------- */

static void side_text(const struct side *s, char *buf, size_t cap)
{
    snprintf(buf, cap, "%d x %s", s->count, smpi__type_text(s->type));
}

/* Compares what one side sends with what the other receives (both exact), naming them
 * "<mine> here" and "<theirs> at rank R (site)". */
static int compare(const struct arrival *v, const char *mine, const struct side *a,
                   const char *theirs, const struct side *b, const struct member *other)
{
    struct smpi_typesig_diff d;
    enum smpi_typesig_result res;
    char as[160];
    char bs[160];
    char site[512];
    char why[256];

    if (!a->type || !b->type)
        return MPI_SUCCESS;
    res = smpi__typesig_compare(a->type, a->count, b->type, b->count, false, &d);
    if (res == SMPI_SIG_MATCH || res == SMPI_SIG_UNCHECKED)
        return MPI_SUCCESS;
    side_text(a, as, sizeof(as));
    side_text(b, bs, sizeof(bs));
    if (res == SMPI_SIG_DIFFER)
        snprintf(why, sizeof(why), "basic element %lld is %s here, %s there", (long long)d.index,
                 smpi__type_text(d.a), smpi__type_text(d.b));
    else
        snprintf(why, sizeof(why), "%lld basic element%s here, %lld there", (long long)d.alen,
                 d.alen == 1 ? "" : "s", (long long)d.blen);
    return mismatch(v, "%s here is %s, %s at rank %d (%s) is %s: the type signatures differ (%s)",
                    mine, as, theirs, other->rank,
                    smpi__site_text(&other->site, site, sizeof(site)), bs, why);
}

/* The counts of one rank of an array, as a side. */
static struct side at(const int *counts, int i, MPI_Datatype type)
{
    return (struct side){ counts[i], type };
}

static const struct member *present(const struct position *p, int i)
{
    return p->m[i].in ? &p->m[i] : NULL;
}

/* bcast, the reductions, alltoall, allgather: every member against the first. */
static int check_uniform(const struct arrival *v)
{
    const struct position *p = v->pos;
    const struct member *me = &p->m[v->me];
    const struct member *ref = &p->m[p->first];

    switch (v->kind) {
    case COLL_BCAST:
        return compare(v, "the buffer", &me->s, "the buffer", &ref->s, ref);
    case COLL_REDUCE_SCATTER:
        for (int i = 0; p->counts && i < smpi_comm_size(v->comm); i++)
            if (v->a->rcounts[i] != p->counts[i])
                return mismatch(v, "recvcounts[%d] is %d here, %d at rank %d", i, v->a->rcounts[i],
                                p->counts[i], ref->rank);
        return compare(v, "the element type", &me->s, "the element type", &ref->s, ref);
    case COLL_ALLTOALL:
    case COLL_ALLGATHER:
        SMPI_CHECK(compare(v, "the send", &me->s, "the receive per rank", &ref->r, ref));
        return compare(v, "the receive per rank", &me->r, "the receive per rank", &ref->r, ref);
    default: /* the reductions */
        return compare(v, "the data", &me->s, "the data", &ref->s, ref);
    }
}

/* gather(v), scatter(v): each leaf against the root, once both are in. For gather the leaves
 * send and the root receives; for scatter the other way round. */
static int check_rooted(const struct arrival *v, bool gather)
{
    const struct position *p = v->pos;
    const struct member *root = present(p, p->root);
    bool vee = v->kind == COLL_GATHERV || v->kind == COLL_SCATTERV;
    const char *leaf_word = gather ? "the send" : "the receive";
    int n = smpi_comm_size(v->comm);
    char word[64];

    if (!root)
        return MPI_SUCCESS;
    for (int j = v->me == p->root ? 0 : v->me; j < (v->me == p->root ? n : v->me + 1); j++) {
        const struct member *m = present(p, j);
        struct side leaf;
        struct side mine;
        MPI_Datatype t = gather ? root->r.type : root->s.type;

        if (!m)
            continue;
        leaf = gather ? m->s : m->r;
        if (!leaf.type || (vee && !p->counts))
            continue; /* MPI_IN_PLACE at the root, or a root whose arguments were refused */
        mine = vee ? at(p->counts, j, t) : (gather ? root->r : root->s);
        snprintf(word, sizeof(word), gather ? "the receive from rank %d" : "the send to rank %d",
                 m->rank);
        if (v->me == p->root)
            SMPI_CHECK(compare(v, word, &mine, leaf_word, &leaf, m));
        else
            SMPI_CHECK(compare(v, leaf_word, &leaf, word, &mine, root));
    }
    return MPI_SUCCESS;
}

/* allgatherv: the member's block and its recvcounts against the first member's. */
static int check_allgatherv(const struct arrival *v)
{
    const struct position *p = v->pos;
    const struct member *me = &p->m[v->me];
    const struct member *ref = &p->m[p->first];
    struct side theirs;

    char word[64];

    if (!p->counts)
        return MPI_SUCCESS; /* the first member's arguments were refused */
    theirs = at(p->counts, v->me, ref->r.type);
    snprintf(word, sizeof(word), "the receive from rank %d", me->rank);
    SMPI_CHECK(compare(v, "the send", &me->s, word, &theirs, ref));
    for (int i = 0; i < smpi_comm_size(v->comm); i++) {
        struct side mine = at(v->a->rcounts, i, me->r.type);
        struct side other = at(p->counts, i, ref->r.type);

        snprintf(word, sizeof(word), "the receive from rank %d", smpi__comm_world_rank(v->comm, i));
        SMPI_CHECK(compare(v, word, &mine, word, &other, ref));
    }
    return MPI_SUCCESS;
}

/* alltoallv: what each present member sends this one against what it receives, both ways. */
static int check_alltoallv(const struct arrival *v)
{
    const struct position *p = v->pos;
    const struct member *me = &p->m[v->me];
    char mine[64];
    char theirs[64];

    if (!me->scounts)
        return MPI_SUCCESS;
    for (int j = 0; j < smpi_comm_size(v->comm); j++) {
        const struct member *o = present(p, j);
        struct side a;
        struct side b;

        if (!o || !o->scounts)
            continue;
        a = at(me->scounts, j, me->s.type);
        b = at(o->rcounts, v->me, o->r.type);
        snprintf(mine, sizeof(mine), "the send to rank %d", o->rank);
        snprintf(theirs, sizeof(theirs), "the receive from rank %d", me->rank);
        SMPI_CHECK(compare(v, mine, &a, theirs, &b, o));
        a = at(me->rcounts, j, me->r.type);
        b = at(o->scounts, v->me, o->s.type);
        snprintf(mine, sizeof(mine), "the receive from rank %d", o->rank);
        snprintf(theirs, sizeof(theirs), "the send to rank %d", me->rank);
        SMPI_CHECK(compare(v, mine, &a, theirs, &b, o));
    }
    return MPI_SUCCESS;
}

static int check_data(const struct arrival *v)
{
    switch (v->kind) {
    case COLL_GATHER:
    case COLL_GATHERV:
        return check_rooted(v, true);
    case COLL_SCATTER:
    case COLL_SCATTERV:
        return check_rooted(v, false);
    case COLL_ALLGATHERV:
        return check_allgatherv(v);
    case COLL_ALLTOALLV:
        return check_alltoallv(v);
    case COLL_BCAST:
    case COLL_REDUCE:
    case COLL_ALLREDUCE:
    case COLL_SCAN:
    case COLL_EXSCAN:
    case COLL_REDUCE_SCATTER:
    case COLL_ALLTOALL:
    case COLL_ALLGATHER:
        return check_uniform(v);
    default:
        return MPI_SUCCESS;
    }
}

/* ---- recording -------------------------------------------------------------------------- */

static struct side side_ref(int count, MPI_Datatype type)
{
    if (type)
        smpi__type_ref(type);
    return (struct side){ count, type };
}

static int *copy_counts(const int *counts, int n)
{
    int *c = sim_xmalloc((size_t)(n ? n : 1) * sizeof(int));

    memcpy(c, counts, (size_t)n * sizeof(int));
    return c;
}

/* gather(v): the leaves send, the root receives (per rank for gatherv); scatter(v) the other way
 * round. MPI_IN_PLACE at the root leaves out its own leaf side. */
static void record_rooted(const struct arrival *v, struct member *m, bool gather)
{
    const struct coll_args *a = v->a;
    bool root = v->me == v->pos->root;
    bool in_place = (gather ? a->sbuf : a->rbuf) == MPI_IN_PLACE;
    struct side send = { a->scount, a->stype };
    struct side recv = { a->rcount, a->rtype };
    const struct side *leaf = gather ? &send : &recv;
    const struct side *at_root = gather ? &recv : &send;

    if (!(root && in_place))
        *(gather ? &m->s : &m->r) = side_ref(leaf->count, leaf->type);
    if (!root)
        return;
    *(gather ? &m->r : &m->s) = side_ref(at_root->count, at_root->type);
    if (v->kind == COLL_GATHERV || v->kind == COLL_SCATTERV)
        v->pos->counts = copy_counts(gather ? a->rcounts : a->scounts, smpi_comm_size(v->comm));
}

/* Fills the arriving member's sides (and the position's reference counts) from its arguments,
 * MPI_IN_PLACE resolved as MPI defines it. */
static void record(const struct arrival *v, struct member *m)
{
    const struct coll_args *a = v->a;
    struct position *p = v->pos;
    int n = smpi_comm_size(v->comm);
    bool first = v->me == p->first;

    switch (v->kind) {
    case COLL_BCAST:
    case COLL_REDUCE:
    case COLL_ALLREDUCE:
    case COLL_SCAN:
    case COLL_EXSCAN:
        m->s = side_ref(a->count, a->type);
        break;
    case COLL_REDUCE_SCATTER:
        m->s = side_ref(1, a->type);
        if (first)
            p->counts = copy_counts(a->rcounts, n);
        break;
    case COLL_ALLTOALL:
    case COLL_ALLGATHER:
        m->r = side_ref(a->rcount, a->rtype);
        m->s =
            a->sbuf == MPI_IN_PLACE ? side_ref(a->rcount, a->rtype) : side_ref(a->scount, a->stype);
        break;
    case COLL_ALLGATHERV:
        m->r = side_ref(0, a->rtype);
        m->s = a->sbuf == MPI_IN_PLACE ? side_ref(a->rcounts[v->me], a->rtype)
                                       : side_ref(a->scount, a->stype);
        if (first)
            p->counts = copy_counts(a->rcounts, n);
        break;
    case COLL_GATHER:
    case COLL_GATHERV:
        record_rooted(v, m, true);
        break;
    case COLL_SCATTER:
    case COLL_SCATTERV:
        record_rooted(v, m, false);
        break;
    case COLL_ALLTOALLV:
        if (n > ALLTOALLV_MAX_RANKS)
            break;
        m->r = side_ref(0, a->rtype);
        m->rcounts = copy_counts(a->rcounts, n);
        if (a->sbuf == MPI_IN_PLACE) {
            m->s = side_ref(0, a->rtype);
            m->scounts = copy_counts(a->rcounts, n);
        } else {
            m->s = side_ref(0, a->stype);
            m->scounts = copy_counts(a->scounts, n);
        }
        break;
    default:
        break;
    }
}

static void member_free(struct member *m)
{
    smpi__type_unref(m->s.type);
    smpi__type_unref(m->r.type);
    free(m->scounts);
    free(m->rcounts);
}

static void position_free(struct position *p, int n)
{
    for (int i = 0; p->m && i < n; i++)
        member_free(&p->m[i]);
    free(p->m);
    free(p->counts);
    free(p);
}

static struct smpi_coll_log *log_of(MPI_Comm comm)
{
    struct smpi_coll_log *log = comm->coll_log;

    if (!log) {
        log = sim_xcalloc(1, sizeof(*log));
        log->n = smpi_comm_size(comm);
        log->next = sim_xcalloc((size_t)log->n, sizeof(*log->next));
        comm->coll_log = log;
    }
    return log;
}

/* The position `seq` of log: found, or opened by this first arrival. */
static struct position *position_at(struct smpi_coll_log *log, unsigned long seq, bool *opened)
{
    struct position **pp = &log->open;

    while (*pp && (*pp)->seq < seq)
        pp = &(*pp)->next;
    *opened = !*pp || (*pp)->seq != seq;
    if (*opened) {
        struct position *p = sim_xcalloc(1, sizeof(*p));

        p->seq = seq;
        p->next = *pp;
        *pp = p;
    }
    return *pp;
}

static void position_close(struct smpi_coll_log *log, struct position *p)
{
    struct position **pp = &log->open;

    while (*pp != p)
        pp = &(*pp)->next;
    *pp = p->next;
    while (p->waiters) {
        struct waiter *w = p->waiters;

        p->waiters = w->next;
        *w->released = true;
        sim_actor_wake(w->actor);
    }
    position_free(p, log->n);
}

/* Compares the arriving call with the position's first one: name, root, op (SMPI's check).
 * Predefined ops compare by identity; a user op matches any user op (each rank creates its
 * own, of its own copy of the function). */
static int check_call(const struct arrival *v, int root, MPI_Op op, bool user_op)
{
    const struct position *p = v->pos;
    const struct member *first = &p->m[p->first];
    char expected[256];
    char got[256];
    char there[512];

    if (strcmp(v->call, p->call) == 0 &&
        ((root == p->root && op == p->op && user_op == p->user_op) || p->loose || !v->a))
        return MPI_SUCCESS;
    describe(p->call, p->root, p->op, p->user_op, expected, sizeof(expected));
    describe(v->call, root, op, user_op, got, sizeof(got));
    /* SMPI's warning, naming the rank by its actor id (rank + 1) */
    SIM_LOG(log_utils, SIM_LOG_WARN,
            "Collective operation mismatch. For process %d, expected %s, got %s",
            smpi__self()->rank + 1, expected, got);
    return mismatch(v, "%s here, %s at rank %d (%s)", got, expected, first->rank,
                    smpi__site_text(&first->site, there, sizeof(there)));
}

/* The arriving member's whole check: its call against the position, then its data. */
static int arrive(const char *call, enum coll_kind kind, const struct coll_args *a, MPI_Comm comm)
{
    struct smpi_coll_log *log = log_of(comm);
    struct arrival v = { call, kind, a, comm, smpi_comm_rank(comm), NULL };
    bool inter = smpi__comm_is_inter(comm);
    int root = a && !inter && rooted(kind) ? a->root : -1;
    bool user_op = a && reduction(kind) && !a->op->predefined;
    MPI_Op op = a && reduction(kind) && !user_op ? a->op : MPI_OP_NULL;
    bool opened;
    int rc = MPI_SUCCESS;

    v.pos = position_at(log, log->next[v.me]++, &opened);
    if (opened) {
        v.pos->call = call;
        v.pos->kind = kind;
        v.pos->root = root;
        v.pos->op = op;
        v.pos->user_op = user_op;
        v.pos->loose = !a && kind != COLL_NKINDS;
        v.pos->first = v.me;
        v.pos->m = sim_xcalloc((size_t)log->n, sizeof(*v.pos->m));
    } else {
        rc = check_call(&v, root, op, user_op);
    }
    v.pos->m[v.me] = (struct member){ .in = true,
                                      .rank = smpi__comm_world_rank(comm, v.me),
                                      .site = smpi__site_here(call) };
    if (rc == MPI_SUCCESS && a && !inter) {
        record(&v, &v.pos->m[v.me]);
        rc = check_data(&v);
    }
    if (++v.pos->arrived == log->n)
        position_close(log, v.pos);
    return rc;
}

/* Only the application's own calls are ordered: not those an MPI call makes inside, nor those
 * on MPI_COMM_SELF (one object for every rank, and nobody to disagree with). */
static bool ordered(MPI_Comm comm, int depth)
{
    struct smpi_process *p = smpi__self();

    return p && p->depth == depth && comm != MPI_COMM_NULL && comm != MPI_COMM_SELF &&
           smpi_comm_size(comm) > 1 && smpi_comm_rank(comm) >= 0;
}

int smpi__coll_order(const char *call, enum coll_kind k, MPI_Comm comm, const struct coll_args *a)
{
    if (!ordered(comm, 0))
        return MPI_SUCCESS;
    return arrive(call, k, a, comm);
}

/* The collectives a rank could leave before the others enter in an implementation that sends
 * without waiting (SMPI's list for smpi/barrier-collectives). */
static bool fire_and_forget(enum coll_kind k)
{
    return k == COLL_BCAST || k == COLL_EXSCAN || k == COLL_GATHER || k == COLL_GATHERV ||
           k == COLL_SCAN || k == COLL_SCATTER || k == COLL_SCATTERV || k == COLL_REDUCE;
}

void smpi__coll_order_wait(enum coll_kind k, MPI_Comm comm)
{
    struct smpi_coll_log *log;
    unsigned long seq;

    if (!fire_and_forget(k) || !ordered(comm, 1) || smpi__comm_is_inter(comm) || !comm->coll_log)
        return;
    log = comm->coll_log;
    seq = log->next[smpi_comm_rank(comm)] - 1;
    for (struct position *p = log->open; p; p = p->next) {
        /* not on the stack, which contexts/copy-stacks lends to others while the rank waits */
        struct waiter *w;
        bool *released;

        if (p->seq != seq)
            continue;
        w = sim_xmalloc(sizeof(*w) + sizeof(bool));
        released = (bool *)(w + 1);
        *released = false;
        *w = (struct waiter){ sim_actor_self(), released, p->waiters };
        p->waiters = w;
        while (!*released)
            sim_actor_block(smpi__self()->call);
        free(w);
        return;
    }
}

int smpi__coll_order_plain(const char *call, MPI_Comm comm)
{
    if (!smpi__analyze.pedantic || !ordered(comm, 0))
        return MPI_SUCCESS;
    return arrive(call, COLL_NKINDS, NULL, comm);
}

void smpi__coll_order_forget(MPI_Comm comm)
{
    struct smpi_coll_log *log = comm->coll_log;

    while (log->open) {
        struct position *p = log->open;

        log->open = p->next;
        position_free(p, log->n);
    }
    free(log->next);
    free(log);
    comm->coll_log = NULL;
}
