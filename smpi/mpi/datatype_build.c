/* datatype_build: how a derived datatype's layout is computed. Every constructor reduces to a
 * list of pieces (nrep repetitions of count elements of a child type); `smpi__type_build`
 * derives the size, bounds, true bounds, element runs and basic kind from the pieces and the
 * children's own summaries, which costs O(pieces), never O(elements).
 *
 * The flattened element (blocks in typemap order, adjacent runs merged) that pack, unpack and
 * copy walk is built at once when it is small (at most SMPI_TYPE_EAGER_BLOCKS blocks, which is
 * nearly every type programs send). A larger type keeps its pieces and is flattened the first
 * time its blocks are needed (smpi__type_flatten), so that building and freeing a vector of
 * vectors of a billion elements that is never sent costs as little as building a small one
 * (MPICH's perf/twovec), as in implementations that keep the constructor tree. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smpi/mpi/datatype_build.h"
#include "smpi/internal.h"

/* Types whose flattened element has at most this many blocks are flattened when built. */
#define SMPI_TYPE_EAGER_BLOCKS 1024

/* The pieces of a type not flattened yet; each piece's type holds a reference. */
struct smpi_type_lazy {
    int n;
    struct smpi_type_piece pieces[];
};

/* ---- references ---------------------------------------------------------------------------- */

/* Datatypes whose last reference went, most recent last: the next type built takes the most
 * recently released one. A handle freed and then used stays readable and is seen as freed
 * (SMPI_TYPE_FREED) until a new type reuses it, as MPICH recycles its handles (upstream's
 * datatype/indexed_misc builds with a handle it has freed, expecting the type created since). */
#define SMPI_TYPE_RECYCLED_MAX 64
static struct smpi_datatype *recycled[SMPI_TYPE_RECYCLED_MAX];
static int nrecycled;

static void type_release(struct smpi_datatype *t)
{
    if (nrecycled == SMPI_TYPE_RECYCLED_MAX) {
        free(recycled[0]);
        memmove(recycled, recycled + 1, (SMPI_TYPE_RECYCLED_MAX - 1) * sizeof(*recycled));
        nrecycled--;
    }
    memset(t, 0, sizeof(*t));
    t->flags = SMPI_TYPE_FREED;
    snprintf(t->name, sizeof(t->name), "freed datatype");
    recycled[nrecycled++] = t;
}

static struct smpi_datatype *type_alloc(void)
{
    struct smpi_datatype *t;

    if (nrecycled == 0)
        return sim_xcalloc(1, sizeof(struct smpi_datatype));
    t = recycled[--nrecycled];
    memset(t, 0, sizeof(*t));
    return t;
}

void smpi__type_ref(MPI_Datatype t)
{
    if (t && !(t->flags & SMPI_TYPE_PREDEFINED))
        t->refcount++;
}

static void drop_lazy(MPI_Datatype t)
{
    if (!t->lazy)
        return;
    for (int i = 0; i < t->lazy->n; i++)
        smpi__type_unref(t->lazy->pieces[i].type);
    free(t->lazy);
    t->lazy = NULL;
}

void smpi__type_unref(MPI_Datatype t)
{
    struct smpi_type_contents *c;

    if (!t || (t->flags & SMPI_TYPE_PREDEFINED) || --t->refcount > 0)
        return;
    c = t->contents;
    if (c) {
        for (int i = 0; i < c->nd; i++)
            smpi__type_unref(c->types[i]);
        free(c->ints);
        free(c->addrs);
        free(c->larges);
        free(c->types);
        free(c);
    }
    drop_lazy(t);
    free(t->blocks);
    free(t->runs);
    type_release(t);
}

/* Array a of n items of `size` bytes with room for *cap, grown (doubled) when full. */
static void *grow(void *a, int n, int *cap, size_t size)
{
    if (n < *cap)
        return a;
    *cap = *cap ? 2 * *cap : 4;
    return sim_xrealloc(a, (size_t)*cap * size);
}

static void add_run(struct smpi_datatype *t, int *cap, size_t size, MPI_Count n,
                    enum smpi_type_kind kind)
{
    if (n <= 0 || size == 0)
        return;
    if (t->nruns && t->runs[t->nruns - 1].size == size && t->runs[t->nruns - 1].kind == kind) {
        t->runs[t->nruns - 1].n += n;
        return;
    }
    t->runs = grow(t->runs, t->nruns, cap, sizeof(*t->runs));
    t->runs[t->nruns].size = size;
    t->runs[t->nruns].kind = kind;
    t->runs[t->nruns++].n = n;
}

/* Appends count copies of c's basic elements to t's runs. */
static void add_runs(struct smpi_datatype *t, int *cap, MPI_Datatype c, MPI_Aint count)
{
    bool predefined = (c->flags & SMPI_TYPE_PREDEFINED) != 0;
    int n = predefined ? c->nblocks : c->nruns;

    if (n == 1) { /* one run repeats as one longer run */
        add_run(t, cap, predefined ? c->blocks[0].length : c->runs[0].size,
                (predefined ? 1 : c->runs[0].n) * count, predefined ? c->kind : c->runs[0].kind);
        return;
    }
    for (MPI_Aint e = 0; e < count; e++)
        for (int i = 0; i < n; i++)
            add_run(t, cap, predefined ? c->blocks[i].length : c->runs[i].size,
                    predefined ? 1 : c->runs[i].n, predefined ? c->kind : c->runs[i].kind);
}

/* The runs of basic elements of one element of t (a predefined type: one element per block):
 * how many, the size of run i's elements and their number. */
static int runs_of(MPI_Datatype t)
{
    return (t->flags & SMPI_TYPE_PREDEFINED) ? t->nblocks : t->nruns;
}

static MPI_Count run_size(MPI_Datatype t, int i)
{
    return (MPI_Count)((t->flags & SMPI_TYPE_PREDEFINED) ? t->blocks[i].length : t->runs[i].size);
}

static MPI_Count run_n(MPI_Datatype t, int i)
{
    return (t->flags & SMPI_TYPE_PREDEFINED) ? 1 : t->runs[i].n;
}

/* Basic elements in one element of t. */
static MPI_Count elements_per(MPI_Datatype t)
{
    MPI_Count per = 0;

    for (int i = 0; i < runs_of(t); i++)
        per += run_n(t, i);
    return per;
}

MPI_Count smpi__type_elements(MPI_Datatype t, MPI_Count bytes)
{
    MPI_Count count;
    MPI_Count rest;

    if (t->size == 0)
        return 0;
    count = bytes / (MPI_Count)t->size * elements_per(t);
    rest = bytes % (MPI_Count)t->size;
    for (int i = 0; i < runs_of(t) && rest > 0; i++) {
        MPI_Count take = rest / run_size(t, i) < run_n(t, i) ? rest / run_size(t, i) : run_n(t, i);

        count += take;
        rest -= take * run_size(t, i);
        if (take < run_n(t, i) && rest > 0)
            return -1; /* the data ends inside a basic element */
    }
    return rest > 0 ? -1 : count;
}

/* The bytes that the first `elements` basic elements of a message of type t occupy: the
 * inverse of smpi__type_elements (MPI_Status_set_elements). */
MPI_Count smpi__type_elements_bytes(MPI_Datatype t, MPI_Count elements)
{
    MPI_Count per = elements_per(t);
    MPI_Count bytes;
    MPI_Count rest;

    if (t->size == 0 || per == 0)
        return 0;
    bytes = elements / per * (MPI_Count)t->size;
    rest = elements % per;
    for (int i = 0; i < runs_of(t) && rest > 0; i++) {
        MPI_Count take = rest < run_n(t, i) ? rest : run_n(t, i);

        bytes += take * run_size(t, i);
        rest -= take;
    }
    return bytes;
}

/* ---- building ------------------------------------------------------------------------------ */

/* Alignment of one element of t, for the padding of MPI_Type_create_struct: every type
 * records it (a predefined one its C type's _Alignof: MPI_C_DOUBLE_COMPLEX 8, MPI_DOUBLE_INT 8);
 * otherwise the largest power of two (up to 16) dividing its extent. */
static MPI_Aint type_align(MPI_Datatype t)
{
    MPI_Aint ext = t->ub - t->lb;
    MPI_Aint a = 1;

    if (t->align > 0)
        return t->align;
    while (a < 16 && ext > 0 && ext % (2 * a) == 0)
        a *= 2;
    return a;
}

static void add_block(struct smpi_datatype *t, int *cap, MPI_Aint off, size_t len)
{
    struct smpi_type_block *last = t->nblocks ? &t->blocks[t->nblocks - 1] : NULL;

    if (len == 0)
        return;
    if (last && last->offset + (MPI_Aint)last->length == off) {
        last->length += len;
        return;
    }
    t->blocks = grow(t->blocks, t->nblocks, cap, sizeof(*t->blocks));
    t->blocks[t->nblocks].offset = off;
    t->blocks[t->nblocks].length = len;
    t->nblocks++;
}

/* Bounds of the pieces: the MPI-3.1 definitions of lb and ub (section 4.1.6), where explicit
 * MPI_LB/MPI_UB markers win. Offsets of piece p's elements are disp + e * ext + r * stride;
 * `span` gives the lowest and highest of them relative to disp. */
static void piece_span(const struct smpi_type_piece *p, MPI_Aint ext, MPI_Aint *lo, MPI_Aint *hi)
{
    MPI_Aint a = (p->count - 1) * ext;
    MPI_Aint b = (p->nrep - 1) * p->stride;

    *lo = (a < 0 ? a : 0) + (b < 0 ? b : 0);
    *hi = (a > 0 ? a : 0) + (b > 0 ? b : 0);
}

static void piece_bounds(const struct smpi_type_piece *p, MPI_Aint *lb, MPI_Aint *ub)
{
    MPI_Aint lo;
    MPI_Aint hi;

    piece_span(p, p->type->ub - p->type->lb, &lo, &hi);
    *lb = p->disp + p->type->lb + lo;
    *ub = p->disp + p->type->ub + hi;
}

/* True if c's flattened element is one block of c->size bytes at c->true_lb. */
static bool one_block(MPI_Datatype c)
{
    return c->lazy == NULL && c->nblocks == 1;
}

/* True if piece p flattens to one block: its elements' blocks follow each other. */
static bool piece_dense(const struct smpi_type_piece *p)
{
    MPI_Datatype c = p->type;
    MPI_Aint ext = c->ub - c->lb;

    if (!one_block(c))
        return false;
    if (p->count * p->nrep == 1)
        return true;
    return (MPI_Aint)c->size == ext && (p->nrep == 1 || p->stride == p->count * ext);
}

/* The blocks c's flattened element has, or a bound on them (from its pieces when lazy). */
static double blocks_of(MPI_Datatype c)
{
    return c->lazy ? c->blocks_bound : (double)c->nblocks;
}

/* How many blocks the pieces flatten to: exact when every piece is dense (adjacent dense
 * pieces merge), otherwise an upper bound. */
static double count_blocks(const struct smpi_type_piece *pieces, int n)
{
    double total = 0;
    bool prev_dense = false;
    MPI_Aint prev_end = 0;

    for (int i = 0; i < n; i++) {
        const struct smpi_type_piece *p = &pieces[i];
        MPI_Datatype c = p->type;

        if (p->count <= 0 || p->nrep <= 0 || c->size == 0)
            continue;
        if (piece_dense(p)) {
            MPI_Aint lo;
            MPI_Aint hi;
            MPI_Aint start;

            piece_span(p, c->ub - c->lb, &lo, &hi);
            start = p->disp + lo + c->true_lb;
            if (!prev_dense || start != prev_end)
                total += 1;
            prev_dense = true;
            prev_end = start + (MPI_Aint)((size_t)(p->count * p->nrep) * c->size);
        } else {
            total += (double)p->count * (double)p->nrep * blocks_of(c);
            prev_dense = false;
        }
    }
    return total;
}

/* Appends piece p's blocks to t's flattened element. */
static void flatten_piece(struct smpi_datatype *t, int *cap, const struct smpi_type_piece *p)
{
    MPI_Datatype c = p->type;
    MPI_Aint ext = c->ub - c->lb;

    if (p->count <= 0 || p->nrep <= 0 || c->size == 0)
        return;
    if (piece_dense(p)) {
        MPI_Aint lo;
        MPI_Aint hi;

        piece_span(p, ext, &lo, &hi);
        add_block(t, cap, p->disp + lo + c->true_lb, (size_t)(p->count * p->nrep) * c->size);
        return;
    }
    smpi__type_flatten(c);
    for (MPI_Aint r = 0; r < p->nrep; r++)
        for (MPI_Aint e = 0; e < p->count; e++)
            for (int b = 0; b < c->nblocks; b++)
                add_block(t, cap, p->disp + r * p->stride + e * ext + c->blocks[b].offset,
                          c->blocks[b].length);
}

void smpi__type_flatten(MPI_Datatype t)
{
    int cap = 0;

    if (!t->lazy)
        return;
    if (t->blocks_bound > INT32_MAX / 2)
        sim_die("a datatype of up to %.0f separate blocks is too fragmented to be packed or "
                "sent (at most %d)",
                t->blocks_bound, INT32_MAX / 2);
    for (int i = 0; i < t->lazy->n; i++)
        flatten_piece(t, &cap, &t->lazy->pieces[i]);
    drop_lazy(t);
}

struct smpi_datatype *smpi__type_build(const struct smpi_type_piece *pieces, int n)
{
    struct smpi_datatype *t = type_alloc();
    int rcap = 0;
    bool bounds = false;
    bool data = false;
    bool explicit_lb = false;
    bool explicit_ub = false;
    bool first_kind = true;
    double nblocks = count_blocks(pieces, n);

    t->refcount = 1;
    t->kind = SMPI_KIND_NONE;
    for (int i = 0; i < n; i++) {
        const struct smpi_type_piece *p = &pieces[i];
        MPI_Datatype c = p->type;
        MPI_Aint lb;
        MPI_Aint ub;

        if (p->count <= 0 || p->nrep <= 0)
            continue;
        piece_bounds(p, &lb, &ub);
        if (c == MPI_LB || c == MPI_UB || (c->flags & (SMPI_TYPE_HAS_LB | SMPI_TYPE_HAS_UB))) {
            /* explicit markers: they fix the bound they name, whatever the data */
            if (c == MPI_LB || (c->flags & SMPI_TYPE_HAS_LB)) {
                t->lb = explicit_lb ? (lb < t->lb ? lb : t->lb) : lb;
                explicit_lb = true;
            }
            if (c == MPI_UB || (c->flags & SMPI_TYPE_HAS_UB)) {
                t->ub = explicit_ub ? (ub > t->ub ? ub : t->ub) : ub;
                explicit_ub = true;
            }
        }
        if (c != MPI_LB && c != MPI_UB) {
            if (!bounds) {
                if (!explicit_lb)
                    t->lb = lb;
                if (!explicit_ub)
                    t->ub = ub;
            } else {
                if (!explicit_lb && lb < t->lb)
                    t->lb = lb;
                if (!explicit_ub && ub > t->ub)
                    t->ub = ub;
            }
            bounds = true;
        }
        if (c->size > 0) { /* the true bounds, from the child's, without flattening */
            MPI_Aint lo;
            MPI_Aint hi;

            piece_span(p, c->ub - c->lb, &lo, &hi);
            if (!data || p->disp + lo + c->true_lb < t->true_lb)
                t->true_lb = p->disp + lo + c->true_lb;
            if (!data || p->disp + hi + c->true_ub > t->true_ub)
                t->true_ub = p->disp + hi + c->true_ub;
            data = true;
        }
        t->size += (size_t)(p->count * p->nrep) * c->size;
        add_runs(t, &rcap, c, p->count * p->nrep);
        if (c->size > 0) {
            if (first_kind) {
                t->kind = c->kind;
                t->opclass = c->opclass;
                first_kind = false;
            } else if (t->kind != c->kind) {
                t->kind = SMPI_KIND_NONE;
                t->opclass = SMPI_CLASS_NONE;
            }
        }
        if (type_align(c) > t->align)
            t->align = type_align(c);
    }
    if (explicit_lb)
        t->flags |= SMPI_TYPE_HAS_LB;
    if (explicit_ub)
        t->flags |= SMPI_TYPE_HAS_UB;
    if (nblocks <= SMPI_TYPE_EAGER_BLOCKS) {
        int cap = 0;

        for (int i = 0; i < n; i++)
            flatten_piece(t, &cap, &pieces[i]);
    } else {
        t->lazy = sim_xmalloc(sizeof(*t->lazy) + (size_t)n * sizeof(t->lazy->pieces[0]));
        t->lazy->n = n;
        memcpy(t->lazy->pieces, pieces, (size_t)n * sizeof(pieces[0]));
        for (int i = 0; i < n; i++)
            smpi__type_ref(pieces[i].type);
        t->blocks_bound = nblocks;
    }
    return t;
}

/* The empty type's true bounds and the contiguity flag, once the bounds are final. A lazy type has
 * more than SMPI_TYPE_EAGER_BLOCKS pieces that do not follow each other, so at least two blocks. */
MPI_Datatype smpi__type_finish(struct smpi_datatype *t, int combiner)
{
    t->combiner = combiner;
    if (t->align == 0)
        t->align = 1;
    if (t->size == 0)
        t->true_lb = t->true_ub = t->lb;
    if (!t->lazy && t->nblocks <= 1 && (MPI_Aint)t->size == t->ub - t->lb)
        t->flags |= SMPI_TYPE_CONTIGUOUS;
    return t;
}
