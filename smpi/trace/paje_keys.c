/* paje_keys: the numbers in SMPI 3.32's message link keys ("src_dst_tag_N"). SMPI numbers a
 * message when the first of its two ends is traced (the send, or the receive when that one is
 * traced first) with one counter for the whole run, and the other end takes the oldest number
 * waiting on the same source, destination and tag (instr_smpi.cpp's TRACE_smpi_get_key). The
 * numbers thus follow the order of the trace's events, and only the messages it draws count. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "simcore/simcore.h"
#include "smpi/runtime/htable.h"
#include "smpi/trace/paje.h"

/* The numbers waiting for their other end, for one (src, dst, tag) and the side that made them. */
struct key_queue {
    struct smpi_hnode node;
    int src;
    int dst;
    int tag;
    bool send;
    unsigned long long *nums;
    size_t head; /* nums[head, n) wait */
    size_t n;
    size_t cap;
    struct key_queue *older; /* the queue made before, for freeing them all */
};

static struct {
    struct smpi_htable queues;
    struct key_queue *newest;
    unsigned long long counter;
} keys;

static uint64_t hash_of(int src, int dst, int tag, bool send)
{
    return ((uint64_t)(uint32_t)src << 40) ^ ((uint64_t)(uint32_t)dst << 20) ^ (uint32_t)tag ^
           ((uint64_t)send << 63);
}

static struct key_queue *find(int src, int dst, int tag, bool send, bool create)
{
    uint64_t h = hash_of(src, dst, tag, send);
    struct smpi_hnode **p = smpi__htable_chain(&keys.queues, h);
    struct key_queue *q;

    for (; p && *p; p = &(*p)->next) {
        q = (struct key_queue *)*p;
        if (q->src == src && q->dst == dst && q->tag == tag && q->send == send)
            return q;
    }
    if (!create)
        return NULL;
    q = sim_xcalloc(1, sizeof(*q));
    *q = (struct key_queue){
        .node.key = h, .src = src, .dst = dst, .tag = tag, .send = send, .older = keys.newest
    };
    keys.newest = q;
    smpi__htable_insert(&keys.queues, &q->node);
    return q;
}

unsigned long long smpi__paje_key(int src, int dst, int tag, bool send)
{
    struct key_queue *other = find(src, dst, tag, !send, false);
    struct key_queue *mine;

    if (other && other->head < other->n) {
        unsigned long long num = other->nums[other->head++];

        if (other->head == other->n)
            other->head = other->n = 0;
        return num;
    }
    mine = find(src, dst, tag, send, true);
    if (mine->n == mine->cap) {
        mine->cap = mine->cap ? 2 * mine->cap : 4;
        mine->nums = sim_xrealloc(mine->nums, mine->cap * sizeof(*mine->nums));
    }
    mine->nums[mine->n++] = ++keys.counter;
    return keys.counter;
}

void smpi__paje_keys_end(void)
{
    while (keys.newest) {
        struct key_queue *q = keys.newest;

        keys.newest = q->older;
        free(q->nums);
        free(q);
    }
    smpi__htable_clear(&keys.queues);
    keys.counter = 0;
}
