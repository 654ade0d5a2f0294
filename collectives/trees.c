/* trees: the communication shapes every algorithm family shares (binomial trees, rings,
 * recursive-doubling peers, meshes) and temporary buffers sized from datatype extents. */
#include <math.h>
#include <stdlib.h>

#include "collectives/internal.h"
#include "simcore/simcore.h"
#include "smpi/mpi/p2p_api.h"

int coll__tree_parent(int rank, int root, int size)
{
    int vr = (rank - root + size) % size;

    if (vr == 0)
        return -1;
    return ((vr & (vr - 1)) + root) % size;
}

int coll__tree_children(int rank, int root, int size, int *children)
{
    int vr = (rank - root + size) % size;
    int n = 0;

    for (unsigned mask = 1; mask < (unsigned)size; mask <<= 1) {
        if ((unsigned)vr & mask)
            break;
        if ((unsigned)vr + mask < (unsigned)size)
            children[n++] = (int)(((unsigned)vr + mask + (unsigned)root) % (unsigned)size);
    }
    return n;
}

static void tree_reset(struct coll_tree *t, int fanout, int root)
{
    t->root = root;
    t->fanout = fanout;
    t->prev = -1;
    t->nextsize = 0;
    for (int i = 0; i < COLL_TREE_MAX_FANOUT; i++)
        t->next[i] = -1;
}

/* fanout^level, and the number of nodes on the levels above `level` of a k-ary tree. */
static int ipow(int fanout, int level)
{
    int p = 1;

    for (int i = 0; i < level; i++)
        p *= fanout;
    return p;
}

static int nodes_above(int fanout, int level)
{
    return fanout > 1 ? (ipow(fanout, level) - 1) / (fanout - 1) : 0;
}

/* Level of shifted rank vr: the first level whose cumulated node count exceeds vr. */
static int kary_level(int fanout, int vr)
{
    int level = 0;

    for (int seen = 0; seen <= vr; level++)
        seen += ipow(fanout, level);
    return level - 1;
}

void coll__tree_kary(struct coll_tree *t, int fanout, int rank, int size, int root)
{
    int vr = (rank - root + size) % size;
    int level;
    int delta;
    int parent;

    tree_reset(t, fanout, root);
    if (size < 2)
        return;
    level = kary_level(fanout, vr);
    delta = ipow(fanout, level);
    for (int i = 0; i < fanout && vr + delta * (i + 1) < size; i++)
        t->next[t->nextsize++] = (vr + delta * (i + 1) + root) % size;
    parent = vr;
    if (parent < fanout)
        parent = 0;
    else
        while (parent >= nodes_above(fanout, level))
            parent -= delta / fanout;
    t->prev = (parent + root) % size;
}

/* Descends the in-order binary tree: a subtree of `n` ranks [delta, delta + n) has its root
 * at its last rank, its right subtree on the first n / 2 ranks and its left subtree on the
 * rest. */
void coll__tree_in_order_bin(struct coll_tree *t, int rank, int size)
{
    int me = rank;
    int n = size;
    int parent = size - 1;
    int delta = 0;

    tree_reset(t, 2, size - 1);
    for (;;) {
        int right = n >> 1;
        int lchild = n - 1 > 0 ? parent - 1 : -1;
        int rchild = lchild > 0 ? right - 1 : -1;

        if (me == parent) {
            if (lchild >= 0)
                t->next[t->nextsize++] = lchild + delta;
            if (rchild >= 0)
                t->next[t->nextsize++] = rchild + delta;
            return;
        }
        if (me > rchild) {
            if (me == lchild)
                t->prev = parent + delta;
            n = n - right - 1;
            delta += right;
            me -= right;
            parent = n - 1;
        } else {
            if (me == rchild)
                t->prev = parent + delta;
            n = right;
            parent = rchild;
        }
    }
}

void coll__tree_bm(struct coll_tree *t, int rank, int size, int root)
{
    int vr = (rank - root + size) % size;
    unsigned mask = 1;

    tree_reset(t, 0, root);
    while (mask <= (unsigned)vr)
        mask <<= 1;
    t->prev = rank == root ? root : (int)(((unsigned)vr ^ (mask >> 1)) + (unsigned)root) % size;
    for (; mask < (unsigned)size; mask <<= 1) {
        int child = (int)((unsigned)vr ^ mask);

        if (child >= size || t->nextsize == COLL_TREE_MAX_FANOUT)
            break;
        t->next[t->nextsize++] = (child + root) % size;
    }
}

void coll__tree_in_order_bm(struct coll_tree *t, int rank, int size, int root)
{
    int vr = (rank - root + size) % size;

    tree_reset(t, 0, root);
    if (rank == root)
        t->prev = root;
    for (unsigned mask = 1; mask < (unsigned)size; mask <<= 1) {
        int peer = (int)((unsigned)vr ^ mask);

        if (peer < vr) {
            t->prev = (peer + root) % size;
            break;
        }
        if (peer < size && t->nextsize < COLL_TREE_MAX_FANOUT)
            t->next[t->nextsize++] = (peer + root) % size;
    }
}

/* Chains: the size - 1 other ranks, in shifted order, are cut into `fanout` chains; the first
 * (size - 1) % fanout chains are one rank longer. The root feeds the head of each. */
static void chain_links(struct coll_tree *t, int fanout, int vr, int size)
{
    int longest = (size - 1) / fanout;
    int mark = fanout + 1;
    int head;
    int len;

    if ((size - 1) % fanout != 0) {
        longest++;
        mark = (size - 1) % fanout;
    }
    if (vr - 1 < mark * longest) {
        head = 1 + (vr - 1) / longest * longest;
        len = longest;
    } else {
        int column = mark + (vr - 1 - mark * longest) / (longest - 1);

        head = mark * longest + 1 + (column - mark) * (longest - 1);
        len = longest - 1;
    }
    t->prev = vr == head ? 0 : vr - 1;
    if (vr != head + len - 1 && vr + 1 < size)
        t->next[t->nextsize++] = vr + 1;
}

void coll__tree_chain(struct coll_tree *t, int fanout, int rank, int size, int root)
{
    int vr = (rank - root + size) % size;
    int longest;
    int mark;

    fanout = fanout < 1 ? 1 : fanout > COLL_TREE_MAX_FANOUT ? COLL_TREE_MAX_FANOUT : fanout;
    tree_reset(t, fanout, root);
    if (size - 1 < fanout)
        fanout = size - 1;
    if (size == 1)
        return;
    if (fanout == 1) {
        t->prev = vr == 0 ? -1 : (vr - 1 + root) % size;
        if (vr + 1 < size)
            t->next[t->nextsize++] = (vr + 1 + root) % size;
        return;
    }
    if (vr != 0)
        chain_links(t, fanout, vr, size);
    if (rank != root) {
        t->prev = (t->prev + root) % size;
        if (t->nextsize)
            t->next[0] = (t->next[0] + root) % size;
        return;
    }
    longest = (size - 1) / fanout + ((size - 1) % fanout != 0);
    mark = (size - 1) % fanout != 0 ? (size - 1) % fanout : fanout + 1;
    t->prev = -1;
    t->next[0] = (root + 1) % size;
    for (int i = 1; i < fanout; i++)
        t->next[i] = (t->next[i - 1] + longest - (i > mark)) % size;
    t->nextsize = fanout;
}

int coll__ring_right(int rank, int size)
{
    return (rank + 1) % size;
}

int coll__ring_left(int rank, int size)
{
    return (rank - 1 + size) % size;
}

int coll__pow2_floor(int n)
{
    int p = 1;

    sim_assert(n >= 1, "pow2_floor of %d", n);
    while (p <= n / 2)
        p *= 2;
    return p;
}

bool coll__is_pow2(int n)
{
    return n > 0 && (n & (n - 1)) == 0;
}

int coll__rd_fold(int rank, int rem)
{
    if (rank < 2 * rem)
        return rank % 2 ? rank / 2 : -1;
    return rank - rem;
}

int coll__rd_unfold(int newrank, int rem)
{
    return newrank < rem ? 2 * newrank + 1 : newrank + rem;
}

void *coll__elem(const void *buf, MPI_Aint i, MPI_Datatype type)
{
    return (char *)buf + i * smpi_type_extent(type);
}

void *coll__tmp_alloc(int count, MPI_Datatype type, void **base)
{
    MPI_Aint extent = smpi_type_extent(type);
    MPI_Aint true_extent = smpi_type_true_extent(type);
    MPI_Aint bytes = count > 0 ? (MPI_Aint)(count - 1) * extent + true_extent : 0;
    char *block = sim_xmalloc(bytes > 0 ? (size_t)bytes : 1);

    *base = block - smpi_type_true_lb(type);
    return block;
}

void coll__type_release(MPI_Datatype *type)
{
    if (*type != MPI_DATATYPE_NULL)
        smpi_type_free(type);
}

int coll__waitall(int n, MPI_Request *reqs, int rc)
{
    int wrc = n > 0 ? smpi_waitall(n, reqs, MPI_STATUSES_IGNORE) : MPI_SUCCESS;

    return rc != MPI_SUCCESS ? rc : wrc;
}

int coll__waitall_free(int n, MPI_Request *reqs, int rc)
{
    rc = coll__waitall(n, reqs, rc);
    free(reqs);
    return rc;
}

MPI_Request *coll__reqs_alloc(int n)
{
    MPI_Request *reqs = sim_xmalloc((size_t)(n > 0 ? n : 1) * sizeof(*reqs));

    for (int i = 0; i < n; i++)
        reqs[i] = MPI_REQUEST_NULL;
    return reqs;
}

/* libm's sqrt and cbrt, truncated, as SMPI's 2D and 3D mesh algorithms compute them; cbrt of a
 * perfect cube r^3 may come out just below r, which changes no shape: (r - 1)^2 never divides
 * r^3 for r > 2. */
bool coll__mesh2d(int n, int *rows, int *cols)
{
    for (int d = (int)sqrt((double)n); d <= n / 2; d++) {
        if (n % d == 0) {
            *rows = d < n / d ? d : n / d;
            *cols = n / *rows;
            return true;
        }
    }
    return false;
}

bool coll__mesh3d(int n, int *side, int *planes)
{
    for (int d = (int)cbrt((double)n); d <= n / 3; d++) {
        if (n % (d * d) == 0) {
            *side = d;
            *planes = n / (d * d);
            return true;
        }
    }
    return false;
}

bool coll__mesh_fits(int n, int dims)
{
    int a;
    int b;

    return dims == 2 ? coll__mesh2d(n, &a, &b) : coll__mesh3d(n, &a, &b);
}
