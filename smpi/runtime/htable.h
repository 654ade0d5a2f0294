/* htable: an intrusive hash table of nodes keyed by an integer (chained, doubled when it holds
 * as many nodes as buckets: O(1) per insertion, lookup and removal). Private to smpi; the
 * checking mode keys handles and allocations by address with it. */
#ifndef SMPI_HTABLE_H
#define SMPI_HTABLE_H

#include <stddef.h>
#include <stdint.h>

/* Embedded in the caller's entry; key is set before insertion. Several nodes may share a key:
 * the caller tells them apart while walking a chain. */
struct smpi_hnode {
    uint64_t key;
    struct smpi_hnode *next;
};

struct smpi_htable {
    struct smpi_hnode **buckets;
    size_t nbuckets; /* a power of two, or 0 before the first insertion */
    size_t count;
};

/* Inserts node at the head of its chain (so a walk meets the newest first). */
void smpi__htable_insert(struct smpi_htable *t, struct smpi_hnode *node);
/* The link that points at the first node of key's chain (may hold other keys too): walk with
 * `for (p = smpi__htable_chain(t, k); *p; p = &(*p)->next)`. NULL when the table is empty. */
struct smpi_hnode **smpi__htable_chain(const struct smpi_htable *t, uint64_t key);
/* Unlinks the node *link points at (a link from smpi__htable_chain's walk). */
void smpi__htable_unlink(struct smpi_htable *t, struct smpi_hnode **link);
/* Calls fn on every node (in no particular order); fn may not change the table. */
void smpi__htable_each(const struct smpi_htable *t, void (*fn)(struct smpi_hnode *n, void *arg),
                       void *arg);
/* Frees the buckets (not the nodes). */
void smpi__htable_clear(struct smpi_htable *t);

#endif /* SMPI_HTABLE_H */
