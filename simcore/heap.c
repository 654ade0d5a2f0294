/* heap: the engine's event queue, a 4-ary min-heap ordered by (date, insertion sequence). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>

#include "simcore/internal.h"

static bool before(const struct sim__heap_slot *a, const struct sim__heap_slot *b)
{
    if (a->date != b->date)
        return a->date < b->date;
    return a->seq < b->seq;
}

static void place(struct sim__heap *h, int i, const struct sim__heap_slot *s)
{
    h->v[i] = *s;
    s->e->index = i;
}

/* A 4-ary heap: the children of slot i are 4i+1 .. 4i+4, its parent (i - 1) / 4. Half the
 * levels of a binary heap: with a million pending events, each level down is a cache miss on
 * the children's slots (96 bytes, asked for together) and one on the moved entry, so a pop
 * costs about half the misses. The order of (date, seq) keys is total: any heap shape pops the
 * same sequence. */
#define ARITY 4

static void sift_up(struct sim__heap *h, int i)
{
    struct sim__heap_slot s = h->v[i];

    while (i > 0) {
        int parent = (i - 1) / ARITY;

        if (!before(&s, &h->v[parent]))
            break;
        place(h, i, &h->v[parent]);
        i = parent;
    }
    place(h, i, &s);
}

static void sift_down(struct sim__heap *h, int i)
{
    struct sim__heap_slot s = h->v[i];

    for (;;) {
        int first = ARITY * i + 1;
        int last = first + ARITY < h->n ? first + ARITY : h->n;
        int child = first;

        if (first >= h->n)
            break;
        for (int c = first + 1; c < last; c++)
            if (before(&h->v[c], &h->v[child]))
                child = c;
        if (!before(&h->v[child], &s))
            break;
        place(h, i, &h->v[child]);
        i = child;
    }
    place(h, i, &s);
}

void sim__heap_init(struct sim__heap *h)
{
    h->v = NULL;
    h->n = 0;
    h->cap = 0;
    h->next_seq = 0;
}

void sim__heap_free(struct sim__heap *h)
{
    free(h->v);
    sim__heap_init(h);
}

/* An entry already in the heap is moved from its slot (one sift, not a removal and a push):
 * the order of (date, seq) keys is total, so the heap pops the same sequence either way. */
void sim__heap_update(struct sim__heap *h, struct sim__heap_entry *e, double date)
{
    int i = e->index;

    e->date = date;
    e->seq = h->next_seq++;
    if (i >= 0) {
        h->v[i].date = date;
        h->v[i].seq = e->seq;
        if (i > 0 && before(&h->v[i], &h->v[(i - 1) / ARITY]))
            sift_up(h, i);
        else
            sift_down(h, i);
        return;
    }
    if (h->n == h->cap) {
        h->cap = h->cap ? 2 * h->cap : 64;
        h->v = sim_xrealloc(h->v, (size_t)h->cap * sizeof(*h->v));
    }
    place(h, h->n++, &(struct sim__heap_slot){ .date = date, .seq = e->seq, .e = e });
    sift_up(h, e->index);
}

void sim__heap_remove(struct sim__heap *h, struct sim__heap_entry *e)
{
    int i = e->index;
    struct sim__heap_slot last;

    if (i < 0)
        return;
    e->index = -1;
    last = h->v[--h->n];
    if (i == h->n)
        return;
    place(h, i, &last);
    if (i > 0 && before(&last, &h->v[(i - 1) / ARITY]))
        sift_up(h, i);
    else
        sift_down(h, i);
}

struct sim__heap_entry *sim__heap_top(const struct sim__heap *h)
{
    return h->n ? h->v[0].e : NULL;
}

struct sim__heap_entry *sim__heap_pop(struct sim__heap *h)
{
    struct sim__heap_entry *top = sim__heap_top(h);

    if (top)
        sim__heap_remove(h, top);
    return top;
}
