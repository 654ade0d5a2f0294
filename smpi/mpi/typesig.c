/* typesig: the type signature of count elements of a datatype, walked as segments of basic
 * elements of one class and size, and the comparison of two signatures (MPI-3.1 section
 * 3.3.1). A derived datatype keeps its basic elements as runs (datatype_build.c), so the walk
 * costs one step per run, not per element, and a datatype of one kind of element is one
 * segment whatever the count. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "smpi/mpi/typesig.h"

/* The kinds of value that match each other (same class and same size). */
enum sig_class {
    SIG_ANY, /* MPI_BYTE, MPI_PACKED: the signature is not checked */
    SIG_CHAR,
    SIG_WCHAR,
    SIG_SIGNED,
    SIG_UNSIGNED,
    SIG_REAL,
    SIG_COMPLEX,
    SIG_LOGICAL,
    SIG_PAIR, /* a value-index pair kind: split into its members (pair_members) */
};

static const enum sig_class kind_class[SMPI_KIND_COUNT] = {
    [SMPI_KIND_NONE] = SIG_ANY,
    [SMPI_KIND_CHAR] = SIG_CHAR,
    [SMPI_KIND_SIGNED_CHAR] = SIG_CHAR,
    [SMPI_KIND_UNSIGNED_CHAR] = SIG_CHAR,
    [SMPI_KIND_INT8] = SIG_CHAR,
    [SMPI_KIND_UINT8] = SIG_CHAR,
    [SMPI_KIND_WCHAR] = SIG_WCHAR,
    [SMPI_KIND_BYTE] = SIG_ANY,
    [SMPI_KIND_PACKED] = SIG_ANY,
    [SMPI_KIND_SHORT] = SIG_SIGNED,
    [SMPI_KIND_INT] = SIG_SIGNED,
    [SMPI_KIND_LONG] = SIG_SIGNED,
    [SMPI_KIND_LONG_LONG] = SIG_SIGNED,
    [SMPI_KIND_INT16] = SIG_SIGNED,
    [SMPI_KIND_INT32] = SIG_SIGNED,
    [SMPI_KIND_INT64] = SIG_SIGNED,
    [SMPI_KIND_AINT] = SIG_SIGNED,
    [SMPI_KIND_UNSIGNED_SHORT] = SIG_UNSIGNED,
    [SMPI_KIND_UNSIGNED] = SIG_UNSIGNED,
    [SMPI_KIND_UNSIGNED_LONG] = SIG_UNSIGNED,
    [SMPI_KIND_UNSIGNED_LONG_LONG] = SIG_UNSIGNED,
    [SMPI_KIND_UINT16] = SIG_UNSIGNED,
    [SMPI_KIND_UINT32] = SIG_UNSIGNED,
    [SMPI_KIND_UINT64] = SIG_UNSIGNED,
    [SMPI_KIND_FLOAT] = SIG_REAL,
    [SMPI_KIND_DOUBLE] = SIG_REAL,
    [SMPI_KIND_LONG_DOUBLE] = SIG_REAL,
    [SMPI_KIND_BOOL] = SIG_LOGICAL,
    [SMPI_KIND_LOGICAL] = SIG_LOGICAL,
    [SMPI_KIND_FLOAT_COMPLEX] = SIG_COMPLEX,
    [SMPI_KIND_DOUBLE_COMPLEX] = SIG_COMPLEX,
    [SMPI_KIND_LONG_DOUBLE_COMPLEX] = SIG_COMPLEX,
    [SMPI_KIND_FLOAT_INT] = SIG_PAIR,
    [SMPI_KIND_DOUBLE_INT] = SIG_PAIR,
    [SMPI_KIND_LONG_INT] = SIG_PAIR,
    [SMPI_KIND_2INT] = SIG_PAIR,
    [SMPI_KIND_SHORT_INT] = SIG_PAIR,
    [SMPI_KIND_LONG_DOUBLE_INT] = SIG_PAIR,
    [SMPI_KIND_2FLOAT] = SIG_PAIR,
    [SMPI_KIND_2DOUBLE] = SIG_PAIR,
};

/* The members of each value-index pair, as MPI defines the pair types (a struct of the two). */
static const enum smpi_type_kind pair_members[SMPI_KIND_COUNT][2] = {
    [SMPI_KIND_FLOAT_INT] = { SMPI_KIND_FLOAT, SMPI_KIND_INT },
    [SMPI_KIND_DOUBLE_INT] = { SMPI_KIND_DOUBLE, SMPI_KIND_INT },
    [SMPI_KIND_LONG_INT] = { SMPI_KIND_LONG, SMPI_KIND_INT },
    [SMPI_KIND_2INT] = { SMPI_KIND_INT, SMPI_KIND_INT },
    [SMPI_KIND_SHORT_INT] = { SMPI_KIND_SHORT, SMPI_KIND_INT },
    [SMPI_KIND_LONG_DOUBLE_INT] = { SMPI_KIND_LONG_DOUBLE, SMPI_KIND_INT },
    [SMPI_KIND_2FLOAT] = { SMPI_KIND_FLOAT, SMPI_KIND_FLOAT },
    [SMPI_KIND_2DOUBLE] = { SMPI_KIND_DOUBLE, SMPI_KIND_DOUBLE },
};

/* Beyond this many steps a comparison gives up (SMPI_SIG_UNCHECKED): a pathological datatype
 * must not make a check cost more than the message. */
#define MAX_STEPS (1L << 22)

/* A run of one datatype: n basic elements of `size` bytes and `kind` (datatype.h). For a pair
 * kind, `member` is the pair member its first element is: a predefined pair type has one block
 * per member; a derived type's run of a pair kind starts with a whole pair. */
struct run {
    size_t size;
    MPI_Count n;
    enum smpi_type_kind kind;
    int member;
};

static struct run run_of(MPI_Datatype t, int i)
{
    if (t->flags & SMPI_TYPE_PREDEFINED)
        return (struct run){ t->blocks[i].length, 1, t->kind, i };
    return (struct run){ t->runs[i].size, t->runs[i].n, t->runs[i].kind, 0 };
}

static int nruns_of(MPI_Datatype t)
{
    return (t->flags & SMPI_TYPE_PREDEFINED) ? t->nblocks : t->nruns;
}

/* The basic kind of element `pos` of run r: in a run of a pair kind the members alternate
 * (members of different sizes are never merged into one run, so the size tells them apart). */
static enum smpi_type_kind member(const struct run *r, MPI_Count pos)
{
    const enum smpi_type_kind *m = pair_members[r->kind];

    if (kind_class[r->kind] != SIG_PAIR)
        return r->kind;
    if (smpi__kind_type(m[0])->size != smpi__kind_type(m[1])->size)
        return smpi__kind_type(m[0])->size == r->size ? m[0] : m[1];
    return m[(r->member + pos) % 2];
}

/* A walk over the signature of count elements of t, one segment of equal basic elements at a
 * time. */
struct cursor {
    MPI_Datatype t;
    MPI_Count elems; /* elements of t not started yet */
    int run;         /* run of the current element */
    MPI_Count pos;   /* basic elements of the run already passed */
    MPI_Count index; /* basic elements of the signature already passed */
    bool uniform;    /* every run of t has one kind and size: one segment for all */
};

static bool is_uniform(MPI_Datatype t)
{
    int n = nruns_of(t);
    struct run r0;

    if (n == 0)
        return true;
    r0 = run_of(t, 0);
    if (kind_class[r0.kind] == SIG_PAIR)
        return false;
    for (int i = 1; i < n; i++) {
        struct run r = run_of(t, i);

        if (r.kind != r0.kind || r.size != r0.size)
            return false;
    }
    return true;
}

static MPI_Count per_element(MPI_Datatype t)
{
    MPI_Count n = 0;

    for (int i = 0; i < nruns_of(t); i++)
        n += run_of(t, i).n;
    return n;
}

/* The current segment: its kind, size and length; false at the end of the signature. */
static bool segment(struct cursor *c, enum smpi_type_kind *kind, size_t *size, MPI_Count *len)
{
    struct run r;

    if (c->uniform) {
        if (c->elems <= 0 || nruns_of(c->t) == 0)
            return false;
        r = run_of(c->t, 0);
        *kind = r.kind;
        *size = r.size;
        *len = c->elems * per_element(c->t) - c->pos;
        return *len > 0;
    }
    while (c->elems > 0 && c->run >= nruns_of(c->t)) {
        c->elems--;
        c->run = 0;
    }
    if (c->elems <= 0)
        return false;
    r = run_of(c->t, c->run);
    *kind = member(&r, c->pos);
    *size = r.size;
    *len = kind_class[r.kind] == SIG_PAIR ? 1 : r.n - c->pos;
    return true;
}

static void advance(struct cursor *c, MPI_Count n)
{
    c->index += n;
    c->pos += n;
    if (c->uniform)
        return;
    if (c->pos >= run_of(c->t, c->run).n) {
        c->pos = 0;
        if (++c->run >= nruns_of(c->t)) {
            c->run = 0;
            c->elems--;
        }
    }
}

static bool has_any(MPI_Datatype t)
{
    for (int i = 0; i < nruns_of(t); i++)
        if (kind_class[run_of(t, i).kind] == SIG_ANY)
            return true;
    return false;
}

static bool same(enum smpi_type_kind a, size_t asize, enum smpi_type_kind b, size_t bsize)
{
    return asize == bsize && kind_class[a] == kind_class[b];
}

static void cursor_init(struct cursor *c, MPI_Datatype t, MPI_Count count)
{
    *c = (struct cursor){ .t = t, .elems = count, .uniform = is_uniform(t) };
}

/* Fills d for an unequal length: every basic element of both is counted. */
static void lengths(struct smpi_typesig_diff *d, MPI_Datatype a, MPI_Count acount, MPI_Datatype b,
                    MPI_Count bcount)
{
    d->alen = acount * per_element(a);
    d->blen = bcount * per_element(b);
}

enum smpi_typesig_result smpi__typesig_compare(MPI_Datatype a, MPI_Count acount, MPI_Datatype b,
                                               MPI_Count bcount, bool prefix,
                                               struct smpi_typesig_diff *d)
{
    struct smpi_typesig_diff spare;
    struct cursor ca;
    struct cursor cb;
    long steps = 0;

    if (!d)
        d = &spare;
    *d = (struct smpi_typesig_diff){ 0 };
    if (has_any(a) || has_any(b))
        return SMPI_SIG_UNCHECKED;
    cursor_init(&ca, a, acount);
    cursor_init(&cb, b, bcount);
    for (;;) {
        enum smpi_type_kind ka;
        enum smpi_type_kind kb;
        size_t sa;
        size_t sb;
        MPI_Count la;
        MPI_Count lb;
        bool more_a = segment(&ca, &ka, &sa, &la);
        bool more_b = segment(&cb, &kb, &sb, &lb);

        if (!more_a || !more_b) {
            if (more_a == more_b || (!more_a && prefix))
                return SMPI_SIG_MATCH;
            lengths(d, a, acount, b, bcount);
            return more_a ? SMPI_SIG_LONGER : SMPI_SIG_SHORTER;
        }
        if (!same(ka, sa, kb, sb)) {
            d->index = ca.index;
            d->a = smpi__kind_type(ka);
            d->b = smpi__kind_type(kb);
            return SMPI_SIG_DIFFER;
        }
        if (++steps > MAX_STEPS)
            return SMPI_SIG_UNCHECKED;
        advance(&ca, la < lb ? la : lb);
        advance(&cb, la < lb ? la : lb);
    }
}
