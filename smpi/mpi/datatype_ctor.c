/* datatype_ctor: the derived datatype constructors (MPI-3.1 section 4.1), the constructor
 * arguments they keep, and external32. Every constructor reduces to one operation,
 * smpi__type_build (datatype_build.c): a list of pieces (repetitions of count elements of a child
 * type at a byte displacement) becomes a new type whose flattened element serves pack, unpack,
 * copy and reductions with no per-constructor code. The constructor's arguments are kept for
 * MPI_Type_get_envelope and MPI_Type_get_contents. The bindings, which check the arguments:
 * smpi/bindings/bindings_datatype.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "smpi/analyze/analyze.h"
#include "smpi/mpi/datatype_build.h"
#include "smpi/internal.h"

/* Records the constructor's arguments (types get a reference each); every constructor calls it
 * once on the type it hands to the application, which registers it (analyze.h). */
static void keep_contents(MPI_Datatype t, int ni, const int *ints, int na, const MPI_Aint *addrs,
                          int nd, const MPI_Datatype *types)
{
    struct smpi_type_contents *c = sim_xcalloc(1, sizeof(*c));

    c->ni = ni;
    c->na = na;
    c->nd = nd;
    c->ints = sim_xmalloc(((size_t)ni + 1) * sizeof(int));
    c->addrs = sim_xmalloc(((size_t)na + 1) * sizeof(MPI_Aint));
    c->types = sim_xmalloc(((size_t)nd + 1) * sizeof(MPI_Datatype));
    if (ni)
        memcpy(c->ints, ints, (size_t)ni * sizeof(int));
    if (na)
        memcpy(c->addrs, addrs, (size_t)na * sizeof(MPI_Aint));
    for (int i = 0; i < nd; i++) {
        c->types[i] = types[i];
        smpi__type_ref(types[i]);
    }
    t->contents = c;
    smpi__handle_new(SMPI_H_DATATYPE, t, NULL);
}

/* The large counts of a _c constructor: the n0 of first, then the n of a, then the n of b. */
static void keep_large(MPI_Datatype t, int n0, const MPI_Count *first, int n, const MPI_Count *a,
                       const MPI_Count *b)
{
    struct smpi_type_contents *c = t->contents;

    c->nl = n0 + 2 * n;
    c->larges = sim_xmalloc(((size_t)c->nl + 1) * sizeof(MPI_Count));
    memcpy(c->larges, first, (size_t)n0 * sizeof(MPI_Count));
    if (n) {
        memcpy(c->larges + n0, a, (size_t)n * sizeof(MPI_Count));
        memcpy(c->larges + n0 + n, b, (size_t)n * sizeof(MPI_Count));
    }
}

/* ---- constructors ---------------------------------------------------------------------------- */

MPI_Datatype smpi__type_contiguous(int count, MPI_Datatype old)
{
    struct smpi_type_piece p = { old, count, 0, 1, 0 };
    MPI_Datatype t = smpi__type_finish(smpi__type_build(&p, 1), MPI_COMBINER_CONTIGUOUS);

    keep_contents(t, 1, &count, 0, NULL, 1, &old);
    return t;
}

MPI_Datatype smpi__type_contiguous_c(MPI_Count count, MPI_Datatype old)
{
    struct smpi_type_piece p = { old, (MPI_Aint)count, 0, 1, 0 };
    MPI_Datatype t;

    if (count <= INT_MAX)
        return smpi__type_contiguous((int)count, old);
    t = smpi__type_finish(smpi__type_build(&p, 1), MPI_COMBINER_CONTIGUOUS);
    keep_contents(t, 0, NULL, 0, NULL, 1, &old);
    keep_large(t, 1, &count, 0, NULL, NULL);
    return t;
}

MPI_Datatype smpi__type_hindexed_c(MPI_Count count, const MPI_Count *lens, const MPI_Count *disps,
                                   MPI_Datatype old)
{
    struct smpi_type_piece *p = sim_xmalloc(((size_t)count + 1) * sizeof(*p));
    MPI_Datatype t;

    for (MPI_Count i = 0; i < count; i++)
        p[i] = (struct smpi_type_piece){ old, (MPI_Aint)lens[i], (MPI_Aint)disps[i], 1, 0 };
    t = smpi__type_finish(smpi__type_build(p, (int)count), MPI_COMBINER_HINDEXED);
    free(p);
    keep_contents(t, 0, NULL, 0, NULL, 1, &old);
    keep_large(t, 1, &count, (int)count, lens, disps);
    return t;
}

int smpi__type_large_count(MPI_Datatype t)
{
    return t->contents ? t->contents->nl : 0;
}

void smpi__type_large_contents(MPI_Datatype t, MPI_Count *larges)
{
    if (t->contents && t->contents->nl)
        memcpy(larges, t->contents->larges, (size_t)t->contents->nl * sizeof(MPI_Count));
}

/* count blocks of blocklength elements, block i at i * stride bytes. */
static MPI_Datatype hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype old)
{
    struct smpi_type_piece p = { old, blocklength, 0, count, stride };

    return smpi__type_build(&p, 1);
}

MPI_Datatype smpi__type_vector(int count, int blocklength, int stride, MPI_Datatype old)
{
    int ints[3] = { count, blocklength, stride };
    MPI_Datatype t =
        smpi__type_finish(hvector(count, blocklength, (MPI_Aint)stride * (old->ub - old->lb), old),
                          MPI_COMBINER_VECTOR);

    keep_contents(t, 3, ints, 0, NULL, 1, &old);
    return t;
}

MPI_Datatype smpi__type_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype old)
{
    int ints[2] = { count, blocklength };
    MPI_Datatype t =
        smpi__type_finish(hvector(count, blocklength, stride, old), MPI_COMBINER_HVECTOR);

    keep_contents(t, 2, ints, 1, &stride, 1, &old);
    return t;
}

/* Indexed family: block i has lens[i] (or `len` when lens is NULL) elements at byte offset
 * disps_bytes[i]. */
static MPI_Datatype hindexed(int count, const int *lens, int len, const MPI_Aint *disps_bytes,
                             MPI_Datatype old)
{
    struct smpi_type_piece *p = sim_xmalloc(((size_t)count + 1) * sizeof(*p));
    MPI_Datatype t;

    for (int i = 0; i < count; i++) {
        p[i].type = old;
        p[i].count = lens ? lens[i] : len;
        p[i].disp = disps_bytes[i];
        p[i].nrep = 1;
        p[i].stride = 0;
    }
    t = smpi__type_build(p, count);
    free(p);
    return t;
}

MPI_Datatype smpi__type_indexed(int combiner, int count, const int *lens, int len,
                                const int *idisps, const MPI_Aint *adisps, MPI_Datatype old)
{
    MPI_Aint ext = old->ub - old->lb;
    MPI_Aint *bytes = sim_xmalloc(((size_t)count + 1) * sizeof(*bytes));
    MPI_Datatype t;
    int *ints;
    int ni;

    for (int i = 0; i < count; i++)
        bytes[i] = idisps ? (MPI_Aint)idisps[i] * ext : adisps[i];
    t = smpi__type_finish(hindexed(count, lens, len, bytes, old), combiner);
    /* contents: count, blocklengths (or the one blocklength), then integer displacements */
    ni = 1 + (lens ? count : 1) + (idisps ? count : 0);
    ints = sim_xmalloc((size_t)ni * sizeof(*ints));
    ints[0] = count;
    for (int i = 0; i < (lens ? count : 1); i++)
        ints[1 + i] = lens ? lens[i] : len;
    for (int i = 0; idisps && i < count; i++)
        ints[1 + (lens ? count : 1) + i] = idisps[i];
    keep_contents(t, ni, ints, adisps ? count : 0, adisps, 1, &old);
    free(ints);
    free(bytes);
    return t;
}

MPI_Datatype smpi__type_struct(int count, const int *lens, const MPI_Aint *disps,
                               const MPI_Datatype *types)
{
    struct smpi_type_piece *p = sim_xmalloc(((size_t)count + 1) * sizeof(*p));
    struct smpi_datatype *t;
    MPI_Datatype out;
    int *ints;

    for (int i = 0; i < count; i++) {
        p[i].type = types[i];
        p[i].count = lens[i];
        p[i].disp = disps[i];
        p[i].nrep = 1;
        p[i].stride = 0;
    }
    t = smpi__type_build(p, count);
    /* MPI-3.1 section 4.1.6: without an explicit upper bound, the extent is padded to a multiple
     * of the largest alignment among the members */
    if (!(t->flags & SMPI_TYPE_HAS_UB) && t->align > 1) {
        MPI_Aint ext = t->ub - t->lb;

        if (ext % t->align)
            t->ub += t->align - ext % t->align;
    }
    out = smpi__type_finish(t, MPI_COMBINER_STRUCT);
    ints = sim_xmalloc(((size_t)count + 1) * sizeof(*ints));
    ints[0] = count;
    memcpy(ints + 1, lens, (size_t)count * sizeof(int));
    keep_contents(out, count + 1, ints, count, disps, count, types);
    free(ints);
    free(p);
    return out;
}

MPI_Datatype smpi__type_resized(MPI_Datatype old, MPI_Aint lb, MPI_Aint extent)
{
    struct smpi_type_piece p = { old, 1, 0, 1, 0 };
    struct smpi_datatype *t = smpi__type_build(&p, 1);
    MPI_Aint addrs[2] = { lb, extent };
    MPI_Datatype out;

    t->lb = lb;
    t->ub = lb + extent;
    t->flags |= SMPI_TYPE_HAS_LB | SMPI_TYPE_HAS_UB;
    out = smpi__type_finish(t, MPI_COMBINER_RESIZED);
    keep_contents(out, 0, NULL, 2, addrs, 1, &old);
    return out;
}

int smpi__type_dup(MPI_Datatype old, MPI_Datatype *out)
{
    struct smpi_type_piece p = { old, 1, 0, 1, 0 };
    struct smpi_datatype *t = smpi__type_build(&p, 1);
    int rc;

    t->lb = old->lb;
    t->ub = old->ub;
    t->flags |= old->flags & (SMPI_TYPE_HAS_LB | SMPI_TYPE_HAS_UB | SMPI_TYPE_COMMITTED);
    t->flags |= (old->flags & SMPI_TYPE_PREDEFINED) ? SMPI_TYPE_COMMITTED : 0;
    *out = smpi__type_finish(t, MPI_COMBINER_DUP);
    keep_contents(*out, 0, NULL, 0, NULL, 1, &old);
    rc = smpi__attrs_copy(SMPI_ATTR_TYPE, old, old->attrs, *out, &(*out)->attrs);
    if (rc != MPI_SUCCESS) {
        /* no new type: the copies made so far go without their delete callbacks */
        smpi__attrs_discard(&(*out)->attrs);
        smpi__handle_gone(SMPI_H_DATATYPE, *out);
        smpi__type_unref(*out);
        *out = MPI_DATATYPE_NULL;
    }
    return rc;
}

MPI_Datatype smpi__type_subarray(int ndims, const int *sizes, const int *subsizes,
                                 const int *starts, int order, MPI_Datatype old)
{
    MPI_Aint ext = old->ub - old->lb;
    MPI_Datatype cur = old;
    MPI_Datatype out;
    MPI_Aint stride = ext;
    MPI_Aint offset = 0;
    struct smpi_datatype *t;
    struct smpi_type_piece p;
    int *ints;

    /* innermost dimension first: each level is an hvector of the level below */
    smpi__type_ref(cur);
    for (int k = 0; k < ndims; k++) {
        int d = order == MPI_ORDER_C ? ndims - 1 - k : k;
        MPI_Datatype next = smpi__type_finish(hvector(subsizes[d], 1, stride, cur), 0);

        offset += (MPI_Aint)starts[d] * stride;
        stride *= sizes[d];
        smpi__type_unref(cur);
        cur = next;
    }
    /* place the block at its start and give the type the extent of the whole array */
    p.type = cur;
    p.count = 1;
    p.disp = offset;
    p.nrep = 1;
    p.stride = 0;
    t = smpi__type_build(&p, 1);
    t->lb = 0;
    t->ub = stride;
    t->flags |= SMPI_TYPE_HAS_LB | SMPI_TYPE_HAS_UB;
    smpi__type_unref(cur);
    out = smpi__type_finish(t, MPI_COMBINER_SUBARRAY);
    ints = sim_xmalloc((3 * (size_t)ndims + 2) * sizeof(*ints));
    ints[0] = ndims;
    memcpy(ints + 1, sizes, (size_t)ndims * sizeof(int));
    memcpy(ints + 1 + ndims, subsizes, (size_t)ndims * sizeof(int));
    memcpy(ints + 1 + 2 * ndims, starts, (size_t)ndims * sizeof(int));
    ints[1 + 3 * ndims] = order;
    keep_contents(out, 3 * ndims + 2, ints, 0, NULL, 1, &old);
    free(ints);
    return out;
}

int smpi__type_free(MPI_Datatype *type)
{
    int rc = smpi__attrs_delete(SMPI_ATTR_TYPE, *type, &(*type)->attrs);

    if (rc != MPI_SUCCESS)
        return rc;
    smpi__handle_gone(SMPI_H_DATATYPE, *type);
    smpi__type_unref(*type); /* requests and types built on it keep their references */
    *type = MPI_DATATYPE_NULL;
    return MPI_SUCCESS;
}

/* ---- Fortran 90 parameterised types (MPI-4.0 section 19.1.9) ------------------------------- */

/* The predefined type of the kind gfortran's SELECTED_REAL_KIND(p, r) or SELECTED_INT_KIND(r)
 * picks among those simmpi has (no REAL16 or INTEGER16), or MPI_DATATYPE_NULL. */
static MPI_Datatype f90_base(int combiner, int p, int r)
{
    int pp = p == MPI_UNDEFINED ? 0 : p;
    int rr = r == MPI_UNDEFINED ? 0 : r;
    bool cplx = combiner == MPI_COMBINER_F90_COMPLEX;

    if (combiner == MPI_COMBINER_F90_INTEGER) {
        if (r == MPI_UNDEFINED || r < 0)
            return MPI_DATATYPE_NULL;
        return r <= 2    ? MPI_INTEGER1
               : r <= 4  ? MPI_INTEGER2
               : r <= 9  ? MPI_INTEGER4
               : r <= 18 ? MPI_INTEGER8
                         : MPI_DATATYPE_NULL;
    }
    if ((p == MPI_UNDEFINED && r == MPI_UNDEFINED) || pp < 0 || rr < 0)
        return MPI_DATATYPE_NULL;
    if (pp <= 6 && rr <= 37)
        return cplx ? MPI_COMPLEX8 : MPI_REAL4;
    if (pp <= 15 && rr <= 307)
        return cplx ? MPI_COMPLEX16 : MPI_REAL8;
    return MPI_DATATYPE_NULL;
}

/* One type per (combiner, p, r), made on first request and kept to the end of the run: the
 * standard calls them predefined, so the application neither owns nor frees them. */
struct f90_type {
    int combiner;
    int p;
    int r;
    MPI_Datatype type;
};
static struct f90_type *f90_types;
static int nf90_types;

MPI_Datatype smpi__type_f90(int combiner, int p, int r)
{
    MPI_Datatype base = f90_base(combiner, p, r);
    struct smpi_type_piece piece = { base, 1, 0, 1, 0 };
    int ints[2] = { combiner == MPI_COMBINER_F90_INTEGER ? r : p, r };
    struct smpi_datatype *t;
    MPI_Datatype out;

    if (base == MPI_DATATYPE_NULL)
        return MPI_DATATYPE_NULL;
    for (int i = 0; i < nf90_types; i++)
        if (f90_types[i].combiner == combiner && f90_types[i].p == p && f90_types[i].r == r)
            return f90_types[i].type;
    t = smpi__type_build(&piece, 1);
    t->lb = base->lb;
    t->ub = base->ub;
    t->flags |= SMPI_TYPE_COMMITTED;
    out = smpi__type_finish(t, combiner);
    keep_contents(out, combiner == MPI_COMBINER_F90_INTEGER ? 1 : 2, ints, 0, NULL, 0, NULL);
    smpi__handle_gone(SMPI_H_DATATYPE, out); /* not the application's to free */
    snprintf(out->name, sizeof(out->name), "%s", base->name);
    f90_types = sim_xrealloc(f90_types, ((size_t)nf90_types + 1) * sizeof(*f90_types));
    f90_types[nf90_types++] = (struct f90_type){ combiner, p, r, out };
    return out;
}

/* ---- inspection ------------------------------------------------------------------------------ */

bool smpi__type_envelope(MPI_Datatype type, int *ni, int *na, int *nd)
{
    const struct smpi_type_contents *c = type->contents;

    *ni = c ? c->ni : 0;
    *na = c ? c->na : 0;
    *nd = c ? c->nd : 0;
    return c != NULL;
}

void smpi__type_contents(MPI_Datatype type, int *ints, MPI_Aint *addrs, MPI_Datatype *types)
{
    const struct smpi_type_contents *c = type->contents;

    if (c->ni)
        memcpy(ints, c->ints, (size_t)c->ni * sizeof(int));
    if (c->na)
        memcpy(addrs, c->addrs, (size_t)c->na * sizeof(MPI_Aint));
    for (int i = 0; i < c->nd; i++) {
        types[i] = c->types[i];
        smpi__type_ref(c->types[i]); /* a new handle the user frees (derived types only) */
    }
}

/* ---- distributed arrays ---------------------------------------------------------------------- */

/* The runs (start, length) of global indices that coordinate `coord` of `procs` owns along a
 * dimension of `g` elements (MPI-3.1 section 4.1.4). Returns the number of runs, or -1 when
 * the distribution is invalid. */
static int darray_runs(int g, int distrib, int darg, int procs, int coord, int *start, int *len)
{
    int n = 0;

    switch (distrib) {
    case MPI_DISTRIBUTE_NONE:
        if (procs != 1)
            return -1;
        start[0] = 0;
        len[0] = g;
        return g > 0;
    case MPI_DISTRIBUTE_BLOCK: {
        int b = darg == MPI_DISTRIBUTE_DFLT_DARG ? (g + procs - 1) / procs : darg;
        int lo = coord * b;
        int hi = lo + b < g ? lo + b : g;

        if (b <= 0 || (long)b * procs < g)
            return -1;
        if (lo < hi) {
            start[0] = lo;
            len[0] = hi - lo;
            n = 1;
        }
        return n;
    }
    case MPI_DISTRIBUTE_CYCLIC: {
        int b = darg == MPI_DISTRIBUTE_DFLT_DARG ? 1 : darg;

        if (b <= 0)
            return -1;
        for (int lo = coord * b; lo < g; lo += procs * b) {
            start[n] = lo;
            len[n++] = lo + b < g ? b : g - lo;
        }
        return n;
    }
    default:
        return -1;
    }
}

int smpi__type_darray(int size, int rank, int ndims, const int *gsizes, const int *distribs,
                      const int *dargs, const int *psizes, int order, MPI_Datatype old,
                      MPI_Datatype *out)
{
    MPI_Datatype cur = old;
    MPI_Aint unit = old->ub - old->lb;
    int *coords = sim_xmalloc((size_t)ndims * sizeof(*coords));
    int *ints;
    int rest = rank;

    /* the process grid is numbered in row-major order whatever the array order */
    for (int d = ndims - 1; d >= 0; d--) {
        coords[d] = rest % psizes[d];
        rest /= psizes[d];
    }
    smpi__type_ref(cur);
    for (int k = 0; k < ndims; k++) {
        int d = order == MPI_ORDER_C ? ndims - 1 - k : k;
        int g = gsizes[d];
        int *start = sim_xmalloc(((size_t)g + 1) * sizeof(int));
        int *len = sim_xmalloc(((size_t)g + 1) * sizeof(int));
        int nruns =
            g > 0 ? darray_runs(g, distribs[d], dargs[d], psizes[d], coords[d], start, len) : -1;
        struct smpi_datatype *level;
        struct smpi_type_piece *p;

        if (nruns < 0) {
            free(start);
            free(len);
            free(coords);
            smpi__type_unref(cur);
            return d;
        }
        p = sim_xmalloc(((size_t)nruns + 1) * sizeof(*p));
        for (int i = 0; i < nruns; i++) {
            p[i].type = cur;
            p[i].count = len[i];
            p[i].disp = (MPI_Aint)start[i] * unit;
            p[i].nrep = 1;
            p[i].stride = 0;
        }
        level = smpi__type_build(p, nruns);
        /* one level spans the whole extent of its dimension */
        level->lb = 0;
        level->ub = (MPI_Aint)g * unit;
        level->flags |= SMPI_TYPE_HAS_LB | SMPI_TYPE_HAS_UB;
        smpi__type_unref(cur);
        cur = smpi__type_finish(level, 0);
        unit *= g;
        free(p);
        free(start);
        free(len);
    }
    free(coords);
    cur->combiner = MPI_COMBINER_DARRAY;
    *out = cur;
    ints = sim_xmalloc((4 * (size_t)ndims + 4) * sizeof(*ints));
    ints[0] = size;
    ints[1] = rank;
    ints[2] = ndims;
    memcpy(ints + 3, gsizes, (size_t)ndims * sizeof(int));
    memcpy(ints + 3 + ndims, distribs, (size_t)ndims * sizeof(int));
    memcpy(ints + 3 + 2 * ndims, dargs, (size_t)ndims * sizeof(int));
    memcpy(ints + 3 + 3 * ndims, psizes, (size_t)ndims * sizeof(int));
    ints[3 + 4 * ndims] = order;
    keep_contents(*out, 4 * ndims + 4, ints, 0, NULL, 1, &old);
    free(ints);
    return -1;
}

/* ---- external32 (MPI-3.1 section 13.5.2) -----------------------------------------------------
 * Big-endian, with the sizes of the standard's table. Most predefined types have their
 * external32 size natively and only change byte order; long and unsigned long (4 bytes in
 * external32, 8 here) and wchar_t (2 bytes, 4 here) are converted by value, a value that does
 * not fit being an MPI_ERR_CONVERSION; long double (an x87 format here, binary128 there) and the
 * pair types holding long or long double are refused with MPI_ERR_TYPE. */

/* The external32 size of a basic element of kind k and native size n; 0: not supported. */
static size_t external_size(enum smpi_type_kind k, size_t n)
{
    switch (k) {
    case SMPI_KIND_LONG:
    case SMPI_KIND_UNSIGNED_LONG:
        return 4;
    case SMPI_KIND_WCHAR:
        return 2;
    case SMPI_KIND_LONG_DOUBLE:
    case SMPI_KIND_LONG_DOUBLE_COMPLEX:
    case SMPI_KIND_LONG_INT:
    case SMPI_KIND_LONG_DOUBLE_INT:
        return 0;
    default:
        return n;
    }
}

/* A conversion in progress: the next native (packed) and external32 bytes. */
struct ext_walk {
    char *native;
    char *external;
    bool pack;
    int rc;
};

static bool little_endian(void)
{
    const union {
        int i;
        char c;
    } probe = { 1 };

    return probe.c != 0;
}

/* Writes v as an n-byte big-endian integer. */
static void put_be(unsigned char *out, uint64_t v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        out[n - 1 - i] = (unsigned char)(v >> (8 * i));
}

static uint64_t get_be(const unsigned char *in, size_t n)
{
    uint64_t v = 0;

    for (size_t i = 0; i < n; i++)
        v = v << 8 | in[i];
    return v;
}

/* Converts one basic element between its native bytes and its external32 bytes (a value that
 * does not fit sets w->rc). */
static void convert_one(struct ext_walk *w, enum smpi_type_kind k, size_t n)
{
    size_t e = external_size(k, n);
    unsigned char *nat = (unsigned char *)w->native;
    unsigned char *ext = (unsigned char *)w->external;

    if (k == SMPI_KIND_LONG || k == SMPI_KIND_UNSIGNED_LONG || k == SMPI_KIND_WCHAR) {
        if (w->pack) {
            int64_t v = k == SMPI_KIND_LONG    ? (int64_t) * (long *)(void *)nat
                        : k == SMPI_KIND_WCHAR ? (int64_t) * (wchar_t *)(void *)nat
                                               : (int64_t) * (unsigned long *)(void *)nat;
            bool fits = k == SMPI_KIND_LONG    ? v >= INT32_MIN && v <= INT32_MAX
                        : k == SMPI_KIND_WCHAR ? v >= 0 && v <= 0xffff
                                               : v >= 0 && v <= (int64_t)UINT32_MAX;

            if (!fits)
                w->rc = MPI_ERR_CONVERSION;
            put_be(ext, (uint64_t)v, e);
        } else {
            uint64_t v = get_be(ext, e);

            if (k == SMPI_KIND_LONG)
                *(long *)(void *)nat = (long)(int32_t)(uint32_t)v;
            else if (k == SMPI_KIND_UNSIGNED_LONG)
                *(unsigned long *)(void *)nat = (unsigned long)v;
            else
                *(wchar_t *)(void *)nat = (wchar_t)v;
        }
    } else {
        /* same size: reverse the bytes of each word (both halves of a complex number) */
        size_t word = (k == SMPI_KIND_FLOAT_COMPLEX || k == SMPI_KIND_DOUBLE_COMPLEX) ? n / 2 : n;
        unsigned char *from = w->pack ? nat : ext;
        unsigned char *to = w->pack ? ext : nat;

        for (size_t off = 0; off < n; off += word)
            for (size_t i = 0; i < word; i++)
                to[off + i] = little_endian() ? from[off + word - 1 - i] : from[off + i];
    }
    w->native += n;
    w->external += e;
}

/* Walks count elements of t, converting each basic element (the native side is packed). */
static int convert(struct ext_walk *w, int count, MPI_Datatype t)
{
    bool predefined = (t->flags & SMPI_TYPE_PREDEFINED) != 0;
    int n = predefined ? t->nblocks : t->nruns;

    for (int e = 0; e < count; e++)
        for (int r = 0; r < n; r++) {
            size_t size = predefined ? t->blocks[r].length : t->runs[r].size;
            MPI_Count reps = predefined ? 1 : t->runs[r].n;
            enum smpi_type_kind k = predefined ? t->kind : t->runs[r].kind;

            for (MPI_Count i = 0; i < reps; i++)
                convert_one(w, k, size);
        }
    return w->rc;
}

bool smpi__type_external_size(MPI_Datatype t, int count, MPI_Aint *bytes)
{
    bool predefined = (t->flags & SMPI_TYPE_PREDEFINED) != 0;
    int n = predefined ? t->nblocks : t->nruns;
    MPI_Aint per = 0;

    for (int r = 0; r < n; r++) {
        size_t size = predefined ? t->blocks[r].length : t->runs[r].size;
        enum smpi_type_kind k = predefined ? t->kind : t->runs[r].kind;
        size_t e = external_size(k, size);

        if (e == 0)
            return false;
        per += (MPI_Aint)e * (MPI_Aint)(predefined ? 1 : t->runs[r].n);
    }
    *bytes = per * count;
    return true;
}

int smpi__type_pack_external(const void *inbuf, int count, MPI_Datatype t, void *out)
{
    struct ext_walk w = { .pack = true };
    char *tmp = sim_xmalloc((size_t)count * t->size + 1);
    int rc;

    smpi__type_pack(inbuf, count, t, tmp);
    w.native = tmp;
    w.external = out;
    rc = convert(&w, count, t);
    free(tmp);
    return rc;
}

void smpi__type_unpack_external(const void *in, void *outbuf, int count, MPI_Datatype t)
{
    struct ext_walk w = { .pack = false };
    char *tmp = sim_xmalloc((size_t)count * t->size + 1);

    w.native = tmp;
    w.external = (char *)in;
    convert(&w, count, t);
    smpi__type_unpack(tmp, (size_t)count * t->size, outbuf, count, t);
    free(tmp);
}
