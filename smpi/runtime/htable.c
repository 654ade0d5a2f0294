/* htable: the intrusive chained hash table of htable.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>

#include "simcore/simcore.h"
#include "smpi/runtime/htable.h"

static size_t slot(uint64_t key, size_t nbuckets)
{
    uint64_t x = key * 0x9E3779B97F4A7C15ull;

    return (size_t)(x ^ (x >> 31)) & (nbuckets - 1);
}

static void grow(struct smpi_htable *t)
{
    size_t old = t->nbuckets;
    struct smpi_hnode **ob = t->buckets;

    t->nbuckets = old ? 2 * old : 256;
    t->buckets = sim_xcalloc(t->nbuckets, sizeof(*t->buckets));
    for (size_t i = 0; i < old; i++) {
        struct smpi_hnode *n = ob[i];

        while (n) {
            struct smpi_hnode *next = n->next;
            size_t s = slot(n->key, t->nbuckets);

            n->next = t->buckets[s];
            t->buckets[s] = n;
            n = next;
        }
    }
    free(ob);
}

void smpi__htable_insert(struct smpi_htable *t, struct smpi_hnode *node)
{
    size_t s;

    if (t->count >= t->nbuckets)
        grow(t);
    s = slot(node->key, t->nbuckets);
    node->next = t->buckets[s];
    t->buckets[s] = node;
    t->count++;
}

struct smpi_hnode **smpi__htable_chain(const struct smpi_htable *t, uint64_t key)
{
    if (!t->nbuckets)
        return NULL;
    return &t->buckets[slot(key, t->nbuckets)];
}

void smpi__htable_unlink(struct smpi_htable *t, struct smpi_hnode **link)
{
    *link = (*link)->next;
    t->count--;
}

void smpi__htable_each(const struct smpi_htable *t, void (*fn)(struct smpi_hnode *n, void *arg),
                       void *arg)
{
    for (size_t i = 0; i < t->nbuckets; i++)
        for (struct smpi_hnode *n = t->buckets[i]; n; n = n->next)
            fn(n, arg);
}

void smpi__htable_clear(struct smpi_htable *t)
{
    free(t->buckets);
    *t = (struct smpi_htable){ 0 };
}
