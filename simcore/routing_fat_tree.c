/* routing_fat_tree: <cluster topology="FAT_TREE" topo_parameters="L;d1,...,dL;u1,...,uL;
 * c1,...,cL">, as SimGrid 3.32's FatTreeZone: L levels of switches above the nodes; a switch of
 * level l has d_l children, a node or switch of level l-1 has u_l parents, with c_l parallel
 * links to each ("link_from_<child>_<parent>_<n>"). Routes go up by d-mod-k (the destination's
 * position picks the parent) until the destination is below, then down, each switch's limiter
 * on the way. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>

#include "simcore/routing.h"

#define FT_EXPECT                                                                                  \
    "'levels;down counts;up counts;parallel link counts' with one count per level in each list, "  \
    "as in \"2;4,4;1,2;1,2\""
#define MAX_LEVELS 16

struct ft_node;

struct ft_link {
    struct sim_link *up; /* child to parent */
    struct sim_link *down;
    struct ft_node *up_node;
    struct ft_node *down_node;
};

struct ft_node {
    long id; /* nodes 0..N-1, switches from 2N-1 down */
    int level;
    long position;
    int label[MAX_LEVELS];
    struct ft_link **parents; /* up[level] * count[level] ports (none at the top) */
    long nchildren;           /* down[level-1] * count[level-1] ports (none for nodes) */
    struct ft_link **children;
    struct sim_link *limiter;
    struct sim_link *loopback;
};

struct fat_tree {
    int levels;
    long down[MAX_LEVELS];
    long up[MAX_LEVELS];
    long count[MAX_LEVELS];
    long by_level[MAX_LEVELS + 1];
    long nnodes; /* nodes and switches, level by level */
    struct ft_node *nodes;
    long nlinks;
    struct ft_link **links;
};

/* Levels and the three per-level lists of topo_parameters. */
static void parse(const struct sim__cluster *c, struct fat_tree *t)
{
    static const char *const lists[] = { "down count", "up count", "parallel link count" };
    long *dst[] = { t->down, t->up, t->count };
    const char *start[4];
    size_t len[4];
    long lv;
    int n = sim__cluster_fields(c->params, ';', start, len, 4);

    if (n != 4)
        sim__cluster_bad_params(c, FT_EXPECT, "%d field%s separated by ';' where 4 are needed", n,
                                n > 1 ? "s" : "");
    if (sim__cluster_ints(c, start[0], len[0], &lv, 1, "level count", FT_EXPECT) != 1 ||
        lv > MAX_LEVELS)
        sim__cluster_bad_params(c, FT_EXPECT,
                                "field 1 (the number of levels) must be one number "
                                "from 1 to %d",
                                MAX_LEVELS);
    t->levels = (int)lv;
    for (int f = 0; f < 3; f++) {
        long v[MAX_LEVELS + 1];
        int k =
            sim__cluster_ints(c, start[f + 1], len[f + 1], v, MAX_LEVELS + 1, lists[f], FT_EXPECT);

        if (k != t->levels)
            sim__cluster_bad_params(
                c, FT_EXPECT, "field %d (the %ss) has %d value%s for %d level%s", f + 2, lists[f],
                k, k > 1 ? "s" : "", t->levels, t->levels > 1 ? "s" : "");
        for (int l = 0; l < k; l++)
            dst[f][l] = v[l];
    }
}

static void node_init(struct fat_tree *t, struct ft_node *nd, long id, int level, long position)
{
    nd->id = id;
    nd->level = level;
    nd->position = position;
    if (level < t->levels)
        nd->parents = sim_xcalloc((size_t)(t->up[level] * t->count[level]), sizeof(*nd->parents));
    if (level > 0) {
        nd->nchildren = t->down[level - 1] * t->count[level - 1];
        nd->children = sim_xcalloc((size_t)nd->nchildren, sizeof(*nd->children));
    }
}

/* Labels as FatTreeZone::generate_labels: level by level, digit l counts to up[l] below the
 * level and to down[l] from it, the first digit fastest. */
static void labels(struct fat_tree *t)
{
    long k = 0;

    for (int i = 0; i <= t->levels; i++) {
        int cur[MAX_LEVELS] = { 0 };

        for (long j = 0; j < t->by_level[i]; j++, k++) {
            int pos = 0;

            for (int l = 0; l < t->levels; l++)
                t->nodes[k].label[l] = cur[l];
            while (pos < t->levels) {
                long max = pos + 1 > i ? t->down[pos] : t->up[pos];

                if (++cur[pos] < max)
                    break;
                cur[pos++] = 0;
            }
        }
    }
}

/* A parent is one level up and has the child's label except at the parent's level. */
static bool related(const struct fat_tree *t, const struct ft_node *parent,
                    const struct ft_node *child)
{
    if (parent->level != child->level + 1)
        return false;
    for (int l = 0; l < t->levels; l++)
        if (parent->label[l] != child->label[l] && l + 1 != parent->level)
            return false;
    return true;
}

static void add_link(struct sim_platform *p, struct sim_zone *z, const struct sim__cluster *c,
                     struct fat_tree *t, struct ft_node *parent, long pport, struct ft_node *child,
                     long cport)
{
    struct ft_link *l = sim_xcalloc(1, sizeof(*l));
    char name[512];

    snprintf(name, sizeof(name), "link_from_%ld_%ld_%d", child->id, parent->id,
             sim__platform_next(p, SIM__FAT_TREE_LINK));
    sim__cluster_link(p, z, c, name, c->bw, &l->up, &l->down);
    l->up_node = parent;
    l->down_node = child;
    parent->children[pport] = l;
    child->parents[cport] = l;
    t->links[t->nlinks++] = l;
}

/* Switches (ids counting down from 2N-1, limiters named after them), labels, then the links of
 * each node and switch to its parents, level by level (FatTreeZone::build_upper_levels). */
static void upper_levels(struct sim_platform *p, struct sim_zone *z, const struct sim__cluster *c,
                         struct fat_tree *t)
{
    long k = 2 * t->by_level[0];
    long n = t->by_level[0];
    long first = 0;
    long nlinks = 0;

    for (int i = 0; i < t->levels; i++)
        nlinks += t->by_level[i] * t->up[i] * t->count[i];
    for (int i = 0; i < t->levels; i++)
        for (long j = 0; j < t->by_level[i + 1]; j++, n++) {
            node_init(t, &t->nodes[n], --k, i + 1, j);
            t->nodes[n].limiter = sim__cluster_limiter(p, z, c, k);
        }
    labels(t);
    t->links = sim_xcalloc((size_t)nlinks, sizeof(*t->links));
    for (int i = 0; i < t->levels; i++) {
        long parents = first + t->by_level[i];

        for (long a = first; a < first + t->by_level[i]; a++) {
            struct ft_node *nd = &t->nodes[a];

            for (long b = parents; b < parents + t->by_level[i + 1]; b++) {
                struct ft_node *up = &t->nodes[b];

                for (long m = 0; related(t, up, nd) && m < t->count[i]; m++)
                    add_link(p, z, c, t, up, nd->label[i] + m * t->down[i], nd,
                             up->label[i] + m * t->up[i]);
            }
        }
        first = parents;
    }
}

void sim__fat_tree_build(struct sim_platform *p, struct sim_zone *z, const struct sim__cluster *c)
{
    struct fat_tree *t = sim_xcalloc(1, sizeof(*t));
    long total = 0;

    parse(c, t);
    t->by_level[0] = sim__cluster_product(c, t->down, t->levels, FT_EXPECT);
    sim__cluster_check_nodes(c, t->by_level[0]);
    for (int i = 0; i < t->levels; i++) {
        /* level i + 1: u1...u(i+1) x d(i+2)...dL switches */
        t->by_level[i + 1] = sim__cluster_product(c, t->up, i + 1, FT_EXPECT) *
                             sim__cluster_product(c, t->down + i + 1, t->levels - i - 1, FT_EXPECT);
        total += t->by_level[i + 1];
    }
    t->nnodes = t->by_level[0] + total;
    t->nodes = sim_xcalloc((size_t)t->nnodes, sizeof(*t->nodes));
    z->topo = t;
    for (long i = 0; i < t->by_level[0]; i++) {
        struct sim__leaf leaf;

        sim__cluster_leaf(p, z, c, (int)i, &leaf);
        node_init(t, &t->nodes[i], i, 0, sim__platform_next(p, SIM__FAT_TREE_POSITION));
        t->nodes[i].limiter = leaf.limiter;
        t->nodes[i].loopback = leaf.loopback;
    }
    upper_levels(p, z, c, t);
}

/* True if `node` is below `root`: same label below the node's level and from the root's. */
static bool in_subtree(const struct fat_tree *t, const struct ft_node *root,
                       const struct ft_node *node)
{
    if (root->level <= node->level)
        return false;
    for (int l = 0; l < node->level; l++)
        if (root->label[l] != node->label[l])
            return false;
    for (int l = root->level; l < t->levels; l++)
        if (root->label[l] != node->label[l])
            return false;
    return true;
}

/* FatTreeZone::get_local_route, including the way its downward loop keeps its port index
 * across levels (the cable picked below the first switch depends on it). */
void sim__fat_tree_route(struct sim__rt *o, const struct sim_zone *z, int i, int j)
{
    const struct fat_tree *t = z->topo;
    const struct ft_node *src = &t->nodes[i];
    const struct ft_node *dst = &t->nodes[j];
    const struct ft_node *cur = src;

    if (i == j && src->loopback) {
        sim__rt_add(o, src->loopback);
        return;
    }
    while (!in_subtree(t, cur, dst)) {
        long d = dst->position;

        for (int l = 0; l < cur->level; l++)
            d /= t->up[l];
        d %= t->up[cur->level] * t->count[cur->level];
        if (cur->limiter)
            sim__rt_add(o, cur->limiter);
        sim__rt_add(o, cur->parents[d]->up);
        cur = cur->parents[d]->up_node;
    }
    while (cur != dst) {
        long d = src->position % t->count[cur->level - 1];

        for (long k = d * t->down[cur->level - 1]; k < cur->nchildren; k++) {
            if (k % t->down[cur->level - 1] == dst->label[cur->level - 1]) {
                sim__rt_add(o, cur->children[k]->down);
                if (cur->limiter)
                    sim__rt_add(o, cur->limiter);
                cur = cur->children[k]->down_node;
            }
        }
    }
    if (cur->limiter)
        sim__rt_add(o, cur->limiter);
}

void sim__fat_tree_free(struct sim_zone *z)
{
    struct fat_tree *t = z->topo;

    if (!t)
        return;
    for (long i = 0; i < t->nnodes; i++) {
        free(t->nodes[i].parents);
        free(t->nodes[i].children);
    }
    for (long i = 0; i < t->nlinks; i++)
        free(t->links[i]);
    free(t->links);
    free(t->nodes);
    free(t);
}
