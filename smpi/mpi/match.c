/* match: a rank's matching queues. MPI matches a receive with the earliest send of its source,
 * tag and context, and a send with the earliest posted receive that accepts it. Scanning one
 * queue per rank costs O(queue) per message, which an all-to-all with every receive posted at
 * once turns into O(p^2) per rank. So the queues are also kept per source: a receive from a
 * given rank scans only that rank's unexpected sends, and a send scans only the receives posted
 * for its source plus the MPI_ANY_SOURCE ones, the earlier in posting order winning.
 *   posted, source given:  the source's `posted` queue   (links next/prev)
 *   posted, MPI_ANY_SOURCE: mailbox `posted_any`         (links next/prev)
 *   unexpected send:       mailbox `unexp`, arrival order (links next/prev; probes scan it)
 *                          and the source's `unexp`       (links snext/sprev)
 * The per-source queues live in an open-addressing table per mailbox, keyed by world rank. It
 * starts with 2 slots (one source) and doubles: most ranks of a large run hear from a handful
 * of peers, and 16 slots (640 bytes) per rank were 0.6 GiB at a million ranks. A table that
 * would grow to the world's size or more is indexed by world rank instead (`direct`): no
 * larger, and a look-up neither hashes nor probes (an all-to-all looks up a million sources at
 * 1,024 ranks). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>

#include "smpi/internal.h"

#define SLOT_FREE INT_MIN

struct smpi_srcq {
    int src; /* world rank, or SLOT_FREE */
    struct smpi_queue posted;
    struct smpi_queue unexp;
};

static int context_of(const struct smpi_request *r)
{
    return (r->flags & SMPI_REQ_COLL) ? r->comm->coll_context : r->comm->context;
}

bool smpi__matches(const struct smpi_request *recv, const struct smpi_request *send)
{
    if (context_of(recv) != context_of(send))
        return false;
    if (recv->src != MPI_ANY_SOURCE && recv->src != send->src)
        return false;
    if (recv->tag == MPI_ANY_TAG)
        return send->tag >= 0;
    return recv->tag == send->tag;
}

/* ---- queues ------------------------------------------------------------------------------ */

/* The links a queue uses: an unexpected send is in two queues at once, the mailbox's (next,
 * prev, as every posted receive) and its source's (snext, sprev). */
enum qlink { QL_MAIN, QL_SRC };

static struct smpi_request **next_of(struct smpi_request *r, enum qlink l)
{
    return l == QL_SRC ? &r->snext : &r->next;
}

static struct smpi_request **prev_of(struct smpi_request *r, enum qlink l)
{
    return l == QL_SRC ? &r->sprev : &r->prev;
}

static void append(struct smpi_queue *q, struct smpi_request *r, enum qlink l)
{
    *next_of(r, l) = NULL;
    *prev_of(r, l) = q->tail;
    if (q->tail)
        *next_of(q->tail, l) = r;
    else
        q->head = r;
    q->tail = r;
}

static void unlink_req(struct smpi_queue *q, struct smpi_request *r, enum qlink l)
{
    struct smpi_request *next = *next_of(r, l);
    struct smpi_request *prev = *prev_of(r, l);

    if (prev)
        *next_of(prev, l) = next;
    else
        q->head = next;
    if (next)
        *prev_of(next, l) = prev;
    else
        q->tail = prev;
    *next_of(r, l) = NULL;
    *prev_of(r, l) = NULL;
}

/* ---- per-source table -------------------------------------------------------------------- */

static size_t slot_of(int src, size_t cap)
{
    uint64_t h = (uint64_t)(uint32_t)src * 0x9e3779b97f4a7c15ull;

    return (size_t)(h >> 32) & (cap - 1);
}

/* Room for source `src`: the hash table twice as large, or indexed by world rank once that is
 * no larger (or already, then up to `src` when MPI_Comm_spawn added ranks). */
static void table_grow(struct smpi_mailbox *mb, int src)
{
    size_t world = (size_t)src + 1;
    size_t cap = mb->cap ? mb->cap * 2 : 2;
    struct smpi_srcq *slots;

    if ((size_t)smpi__rt.nranks > world)
        world = (size_t)smpi__rt.nranks;
    for (size_t i = 0; i < mb->cap; i++) /* the world's size, whoever counts it */
        if (mb->srcs[i].src != SLOT_FREE && (size_t)mb->srcs[i].src >= world)
            world = (size_t)mb->srcs[i].src + 1;
    mb->direct = mb->direct || cap >= world;
    if (mb->direct)
        cap = world;
    slots = sim_xmalloc(cap * sizeof(*slots));
    for (size_t i = 0; i < cap; i++)
        slots[i].src = SLOT_FREE;
    for (size_t i = 0; i < mb->cap; i++) {
        size_t j;

        if (mb->srcs[i].src == SLOT_FREE)
            continue;
        if (mb->direct) {
            slots[mb->srcs[i].src] = mb->srcs[i];
            continue;
        }
        j = slot_of(mb->srcs[i].src, cap);
        while (slots[j].src != SLOT_FREE)
            j = (j + 1) & (cap - 1);
        slots[j] = mb->srcs[i];
    }
    free(mb->srcs);
    mb->srcs = slots;
    mb->cap = cap;
}

/* The queues of source `src` (a world rank) if it has any yet, else NULL: a look-up that
 * creates nothing, for the searches (a send's look-up of the receives posted for it most often
 * finds none). */
static struct smpi_srcq *srcq_find(const struct smpi_mailbox *mb, int src)
{
    size_t j;

    if (mb->used == 0)
        return NULL;
    if (mb->direct)
        return (size_t)src < mb->cap && mb->srcs[src].src == src ? &mb->srcs[src] : NULL;
    j = slot_of(src, mb->cap);
    while (mb->srcs[j].src != src && mb->srcs[j].src != SLOT_FREE)
        j = (j + 1) & (mb->cap - 1);
    return mb->srcs[j].src == src ? &mb->srcs[j] : NULL;
}

/* The queues of source `src` (a world rank), created empty on first use. The pointer is valid
 * until the next call (the table may grow). */
static struct smpi_srcq *srcq(struct smpi_mailbox *mb, int src)
{
    size_t j;

    if (mb->direct ? (size_t)src >= mb->cap : 2 * (mb->used + 1) > mb->cap)
        table_grow(mb, src);
    if (mb->direct) {
        j = (size_t)src;
    } else {
        j = slot_of(src, mb->cap);
        while (mb->srcs[j].src != src && mb->srcs[j].src != SLOT_FREE)
            j = (j + 1) & (mb->cap - 1);
    }
    if (mb->srcs[j].src == SLOT_FREE) {
        mb->srcs[j].src = src;
        mb->srcs[j].posted = (struct smpi_queue){ NULL, NULL };
        mb->srcs[j].unexp = (struct smpi_queue){ NULL, NULL };
        mb->used++;
    }
    return &mb->srcs[j];
}

/* ---- matching ---------------------------------------------------------------------------- */

static struct smpi_request *first_match_recv(struct smpi_request *q,
                                             const struct smpi_request *send)
{
    while (q && !smpi__matches(q, send))
        q = q->next;
    return q;
}

struct smpi_request *smpi__mq_take_posted(struct smpi_mailbox *mb, const struct smpi_request *send)
{
    struct smpi_srcq *sq = srcq_find(mb, send->src);
    struct smpi_request *own = sq ? first_match_recv(sq->posted.head, send) : NULL;
    struct smpi_request *any = first_match_recv(mb->posted_any.head, send);

    if (own && (!any || own->seq < any->seq)) {
        unlink_req(&sq->posted, own, QL_MAIN);
        return own;
    }
    if (any)
        unlink_req(&mb->posted_any, any, QL_MAIN);
    return any;
}

void smpi__mq_post(struct smpi_mailbox *mb, struct smpi_request *recv)
{
    recv->seq = ++mb->posted_seq;
    if (recv->src == MPI_ANY_SOURCE)
        append(&mb->posted_any, recv, QL_MAIN);
    else
        append(&srcq(mb, recv->src)->posted, recv, QL_MAIN);
}

void smpi__mq_unpost(struct smpi_mailbox *mb, struct smpi_request *recv)
{
    if (recv->src == MPI_ANY_SOURCE)
        unlink_req(&mb->posted_any, recv, QL_MAIN);
    else
        unlink_req(&srcq(mb, recv->src)->posted, recv, QL_MAIN);
}

struct smpi_request *smpi__mq_take_unexpected(struct smpi_mailbox *mb,
                                              const struct smpi_request *recv)
{
    struct smpi_request *s;
    const struct smpi_srcq *sq;

    if (!mb->unexp.head) /* every unexpected send is in this queue */
        return NULL;
    if (recv->src == MPI_ANY_SOURCE) {
        for (s = mb->unexp.head; s && !smpi__matches(recv, s); s = s->next)
            ;
    } else {
        sq = srcq_find(mb, recv->src);
        for (s = sq ? sq->unexp.head : NULL; s && !smpi__matches(recv, s); s = s->snext)
            ;
    }
    if (s)
        smpi__mq_unexpect_remove(mb, s);
    return s;
}

void smpi__mq_unexpect(struct smpi_mailbox *mb, struct smpi_request *send)
{
    append(&mb->unexp, send, QL_MAIN);
    append(&srcq(mb, send->src)->unexp, send, QL_SRC);
}

void smpi__mq_unexpect_remove(struct smpi_mailbox *mb, struct smpi_request *send)
{
    unlink_req(&mb->unexp, send, QL_MAIN);
    unlink_req(&srcq(mb, send->src)->unexp, send, QL_SRC);
}
