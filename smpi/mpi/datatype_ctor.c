/* datatype_ctor: the derived datatype constructors (MPI-3.1 section 4.1), pack/unpack and
 * external32. Every constructor reduces to one operation, smpi__type_build (datatype_build.c):
 * a list of pieces (repetitions of count elements of a child type at a byte displacement)
 * becomes a new type whose flattened element serves pack, unpack, copy and reductions with no
 * per-constructor code. The constructor's arguments are kept for MPI_Type_get_envelope and
 * MPI_Type_get_contents. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "smpi/analyze/analyze.h"
#include "smpi/bindings/check.h"
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

/* ---- argument checks ------------------------------------------------------------------------ */

/* ---- constructors ---------------------------------------------------------------------------- */

int PMPI_Type_contiguous(int count, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    struct smpi_type_piece p = { oldtype, count, 0, 1, 0 };

    SMPI_CHECK_COUNT("MPI_Type_contiguous", MPI_COMM_WORLD, count);
    SMPI_CHECK_TYPE_HANDLE("MPI_Type_contiguous", oldtype);
    SMPI_CHECK_ARG("MPI_Type_contiguous", MPI_COMM_WORLD, newtype);
    *newtype = smpi__type_finish(smpi__type_build(&p, 1), MPI_COMBINER_CONTIGUOUS);
    keep_contents(*newtype, 1, &count, 0, NULL, 1, &oldtype);
    return MPI_SUCCESS;
}
#pragma weak MPI_Type_contiguous = PMPI_Type_contiguous

/* count blocks of blocklength elements, block i at i * stride bytes. */
static MPI_Datatype hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype old)
{
    struct smpi_type_piece p = { old, blocklength, 0, count, stride };

    return smpi__type_build(&p, 1);
}

int PMPI_Type_vector(int count, int blocklength, int stride, MPI_Datatype oldtype,
                     MPI_Datatype *newtype)
{
    int ints[3] = { count, blocklength, stride };

    SMPI_CHECK_COUNT("MPI_Type_vector", MPI_COMM_WORLD, count);
    SMPI_CHECK_COUNT("MPI_Type_vector", MPI_COMM_WORLD, blocklength);
    SMPI_CHECK_TYPE_HANDLE("MPI_Type_vector", oldtype);
    SMPI_CHECK_ARG("MPI_Type_vector", MPI_COMM_WORLD, newtype);
    *newtype = smpi__type_finish(
        hvector(count, blocklength, (MPI_Aint)stride * (oldtype->ub - oldtype->lb), oldtype),
        MPI_COMBINER_VECTOR);
    keep_contents(*newtype, 3, ints, 0, NULL, 1, &oldtype);
    return MPI_SUCCESS;
}
#pragma weak MPI_Type_vector = PMPI_Type_vector

int PMPI_Type_create_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
                             MPI_Datatype *newtype)
{
    int ints[2] = { count, blocklength };

    SMPI_CHECK_COUNT("MPI_Type_create_hvector", MPI_COMM_WORLD, count);
    SMPI_CHECK_COUNT("MPI_Type_create_hvector", MPI_COMM_WORLD, blocklength);
    SMPI_CHECK_TYPE_HANDLE("MPI_Type_create_hvector", oldtype);
    SMPI_CHECK_ARG("MPI_Type_create_hvector", MPI_COMM_WORLD, newtype);
    *newtype =
        smpi__type_finish(hvector(count, blocklength, stride, oldtype), MPI_COMBINER_HVECTOR);
    keep_contents(*newtype, 2, ints, 1, &stride, 1, &oldtype);
    return MPI_SUCCESS;
}
#pragma weak MPI_Type_create_hvector = PMPI_Type_create_hvector

int PMPI_Type_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
                      MPI_Datatype *newtype)
{
    return PMPI_Type_create_hvector(count, blocklength, stride, oldtype, newtype);
}
#pragma weak MPI_Type_hvector = PMPI_Type_hvector

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

static int check_lens(const char *call, int count, const int *lens)
{
    for (int i = 0; i < count; i++)
        if (lens[i] < 0)
            return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_ARG,
                               "array_of_blocklengths[%d] = %d is negative", i, lens[i]);
    return MPI_SUCCESS;
}

/* The indexed constructors with displacements in elements (scale = old extent) or bytes. */
static int indexed_common(const char *call, int combiner, int count, const int *lens, int len,
                          const int *idisps, const MPI_Aint *adisps, MPI_Datatype old,
                          MPI_Datatype *out)
{
    MPI_Aint *bytes;
    int *ints;
    int ni;
    MPI_Aint ext;

    SMPI_CHECK_COUNT(call, MPI_COMM_WORLD, count);
    SMPI_CHECK_TYPE_HANDLE(call, old);
    SMPI_CHECK_ARG(call, MPI_COMM_WORLD, out);
    if (count > 0 && ((lens == NULL && len < 0) || (idisps == NULL && adisps == NULL)))
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_ARG, "an array argument is NULL");
    if (lens)
        SMPI_CHECK(check_lens(call, count, lens));
    else
        SMPI_CHECK_COUNT(call, MPI_COMM_WORLD, len);
    ext = old->ub - old->lb;
    bytes = sim_xmalloc(((size_t)count + 1) * sizeof(*bytes));
    for (int i = 0; i < count; i++)
        bytes[i] = idisps ? (MPI_Aint)idisps[i] * ext : adisps[i];
    *out = smpi__type_finish(hindexed(count, lens, len, bytes, old), combiner);
    /* contents: count, blocklengths (or the one blocklength), then integer displacements */
    ni = 1 + (lens ? count : 1) + (idisps ? count : 0);
    ints = sim_xmalloc((size_t)ni * sizeof(*ints));
    ints[0] = count;
    for (int i = 0; i < (lens ? count : 1); i++)
        ints[1 + i] = lens ? lens[i] : len;
    for (int i = 0; idisps && i < count; i++)
        ints[1 + (lens ? count : 1) + i] = idisps[i];
    keep_contents(*out, ni, ints, adisps ? count : 0, adisps, 1, &old);
    free(ints);
    free(bytes);
    return MPI_SUCCESS;
}

int PMPI_Type_indexed(int count, const int array_of_blocklengths[],
                      const int array_of_displacements[], MPI_Datatype oldtype,
                      MPI_Datatype *newtype)
{
    return indexed_common("MPI_Type_indexed", MPI_COMBINER_INDEXED, count, array_of_blocklengths,
                          -1, array_of_displacements, NULL, oldtype, newtype);
}
#pragma weak MPI_Type_indexed = PMPI_Type_indexed

int PMPI_Type_create_hindexed(int count, const int array_of_blocklengths[],
                              const MPI_Aint array_of_displacements[], MPI_Datatype oldtype,
                              MPI_Datatype *newtype)
{
    return indexed_common("MPI_Type_create_hindexed", MPI_COMBINER_HINDEXED, count,
                          array_of_blocklengths, -1, NULL, array_of_displacements, oldtype,
                          newtype);
}
#pragma weak MPI_Type_create_hindexed = PMPI_Type_create_hindexed

int PMPI_Type_hindexed(int count, int array_of_blocklengths[], MPI_Aint array_of_displacements[],
                       MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return PMPI_Type_create_hindexed(count, array_of_blocklengths, array_of_displacements, oldtype,
                                     newtype);
}
#pragma weak MPI_Type_hindexed = PMPI_Type_hindexed

int PMPI_Type_create_indexed_block(int count, int blocklength, const int array_of_displacements[],
                                   MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return indexed_common("MPI_Type_create_indexed_block", MPI_COMBINER_INDEXED_BLOCK, count, NULL,
                          blocklength, array_of_displacements, NULL, oldtype, newtype);
}
#pragma weak MPI_Type_create_indexed_block = PMPI_Type_create_indexed_block

int PMPI_Type_create_hindexed_block(int count, int blocklength,
                                    const MPI_Aint array_of_displacements[], MPI_Datatype oldtype,
                                    MPI_Datatype *newtype)
{
    return indexed_common("MPI_Type_create_hindexed_block", MPI_COMBINER_HINDEXED_BLOCK, count,
                          NULL, blocklength, NULL, array_of_displacements, oldtype, newtype);
}
#pragma weak MPI_Type_create_hindexed_block = PMPI_Type_create_hindexed_block

int PMPI_Type_create_struct(int count, const int array_of_blocklengths[],
                            const MPI_Aint array_of_displacements[],
                            const MPI_Datatype array_of_types[], MPI_Datatype *newtype)
{
    const char *call = "MPI_Type_create_struct";
    struct smpi_type_piece *p;
    struct smpi_datatype *t;
    int *ints;

    SMPI_CHECK_COUNT(call, MPI_COMM_WORLD, count);
    SMPI_CHECK_ARG(call, MPI_COMM_WORLD, newtype);
    if (count > 0 && (!array_of_blocklengths || !array_of_displacements || !array_of_types))
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_ARG, "an array argument is NULL");
    SMPI_CHECK(check_lens(call, count, array_of_blocklengths));
    for (int i = 0; i < count; i++)
        if (array_of_types[i] == MPI_DATATYPE_NULL)
            return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_TYPE,
                               "array_of_types[%d] is MPI_DATATYPE_NULL", i);
    p = sim_xmalloc(((size_t)count + 1) * sizeof(*p));
    for (int i = 0; i < count; i++) {
        p[i].type = array_of_types[i];
        p[i].count = array_of_blocklengths[i];
        p[i].disp = array_of_displacements[i];
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
    *newtype = smpi__type_finish(t, MPI_COMBINER_STRUCT);
    ints = sim_xmalloc(((size_t)count + 1) * sizeof(*ints));
    ints[0] = count;
    memcpy(ints + 1, array_of_blocklengths, (size_t)count * sizeof(int));
    keep_contents(*newtype, count + 1, ints, count, array_of_displacements, count, array_of_types);
    free(ints);
    free(p);
    return MPI_SUCCESS;
}
#pragma weak MPI_Type_create_struct = PMPI_Type_create_struct

int PMPI_Type_struct(int count, int array_of_blocklengths[], MPI_Aint array_of_displacements[],
                     MPI_Datatype array_of_types[], MPI_Datatype *newtype)
{
    return PMPI_Type_create_struct(count, array_of_blocklengths, array_of_displacements,
                                   array_of_types, newtype);
}
#pragma weak MPI_Type_struct = PMPI_Type_struct

int PMPI_Type_create_resized(MPI_Datatype oldtype, MPI_Aint lb, MPI_Aint extent,
                             MPI_Datatype *newtype)
{
    struct smpi_type_piece p = { oldtype, 1, 0, 1, 0 };
    struct smpi_datatype *t;
    MPI_Aint addrs[2] = { lb, extent };

    SMPI_CHECK_TYPE_HANDLE("MPI_Type_create_resized", oldtype);
    SMPI_CHECK_ARG("MPI_Type_create_resized", MPI_COMM_WORLD, newtype);
    t = smpi__type_build(&p, 1);
    t->lb = lb;
    t->ub = lb + extent;
    t->flags |= SMPI_TYPE_HAS_LB | SMPI_TYPE_HAS_UB;
    *newtype = smpi__type_finish(t, MPI_COMBINER_RESIZED);
    keep_contents(*newtype, 0, NULL, 2, addrs, 1, &oldtype);
    return MPI_SUCCESS;
}
#pragma weak MPI_Type_create_resized = PMPI_Type_create_resized

int PMPI_Type_dup(MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    struct smpi_type_piece p = { oldtype, 1, 0, 1, 0 };
    struct smpi_datatype *t;
    int rc;

    SMPI_CHECK_TYPE_HANDLE("MPI_Type_dup", oldtype);
    SMPI_CHECK_ARG("MPI_Type_dup", MPI_COMM_WORLD, newtype);
    t = smpi__type_build(&p, 1);
    t->lb = oldtype->lb;
    t->ub = oldtype->ub;
    t->flags |= oldtype->flags & (SMPI_TYPE_HAS_LB | SMPI_TYPE_HAS_UB | SMPI_TYPE_COMMITTED);
    t->flags |= (oldtype->flags & SMPI_TYPE_PREDEFINED) ? SMPI_TYPE_COMMITTED : 0;
    *newtype = smpi__type_finish(t, MPI_COMBINER_DUP);
    keep_contents(*newtype, 0, NULL, 0, NULL, 1, &oldtype);
    rc = smpi__attrs_copy(SMPI_ATTR_TYPE, oldtype, oldtype->attrs, *newtype, &(*newtype)->attrs);
    if (rc != MPI_SUCCESS) {
        /* no new type: the copies made so far go without their delete callbacks */
        smpi__attrs_discard(&(*newtype)->attrs);
        smpi__handle_gone(SMPI_H_DATATYPE, *newtype);
        smpi__type_unref(*newtype);
        *newtype = MPI_DATATYPE_NULL;
        return smpi__error(MPI_COMM_WORLD, "MPI_Type_dup", rc, "an attribute copy callback failed");
    }
    return MPI_SUCCESS;
}
#pragma weak MPI_Type_dup = PMPI_Type_dup

/* Subarray of an n-d array: the sizes of the array, the sub-sizes and starts of the block; C
 * order (last dimension fastest) or Fortran order. The extent is that of the whole array. */
int PMPI_Type_create_subarray(int ndims, const int array_of_sizes[], const int array_of_subsizes[],
                              const int array_of_starts[], int order, MPI_Datatype oldtype,
                              MPI_Datatype *newtype)
{
    const char *call = "MPI_Type_create_subarray";
    MPI_Datatype cur;
    MPI_Aint ext;
    MPI_Aint stride;
    MPI_Aint offset = 0;
    struct smpi_datatype *t;
    struct smpi_type_piece p;
    int *ints;

    SMPI_CHECK_TYPE_HANDLE(call, oldtype);
    SMPI_CHECK_ARG(call, MPI_COMM_WORLD, newtype);
    if (ndims <= 0 || !array_of_sizes || !array_of_subsizes || !array_of_starts)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_ARG, "ndims %d or an array is invalid",
                           ndims);
    if (order != MPI_ORDER_C && order != MPI_ORDER_FORTRAN)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_ARG,
                           "order %d is not MPI_ORDER_C or MPI_ORDER_FORTRAN", order);
    for (int d = 0; d < ndims; d++)
        if (array_of_sizes[d] <= 0 || array_of_subsizes[d] <= 0 ||
            array_of_subsizes[d] > array_of_sizes[d] || array_of_starts[d] < 0 ||
            array_of_starts[d] > array_of_sizes[d] - array_of_subsizes[d])
            return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_ARG,
                               "dimension %d: size %d, subsize %d, start %d are inconsistent", d,
                               array_of_sizes[d], array_of_subsizes[d], array_of_starts[d]);
    ext = oldtype->ub - oldtype->lb;
    /* innermost dimension first: each level is an hvector of the level below */
    cur = oldtype;
    smpi__type_ref(cur);
    stride = ext;
    for (int k = 0; k < ndims; k++) {
        int d = order == MPI_ORDER_C ? ndims - 1 - k : k;
        MPI_Datatype next = smpi__type_finish(hvector(array_of_subsizes[d], 1, stride, cur), 0);

        offset += (MPI_Aint)array_of_starts[d] * stride;
        stride *= array_of_sizes[d];
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
    *newtype = smpi__type_finish(t, MPI_COMBINER_SUBARRAY);
    ints = sim_xmalloc((3 * (size_t)ndims + 2) * sizeof(*ints));
    ints[0] = ndims;
    memcpy(ints + 1, array_of_sizes, (size_t)ndims * sizeof(int));
    memcpy(ints + 1 + ndims, array_of_subsizes, (size_t)ndims * sizeof(int));
    memcpy(ints + 1 + 2 * ndims, array_of_starts, (size_t)ndims * sizeof(int));
    ints[1 + 3 * ndims] = order;
    keep_contents(*newtype, 3 * ndims + 2, ints, 0, NULL, 1, &oldtype);
    free(ints);
    return MPI_SUCCESS;
}
#pragma weak MPI_Type_create_subarray = PMPI_Type_create_subarray

int PMPI_Type_free(MPI_Datatype *datatype)
{
    int rc;

    SMPI_CHECK_ARG("MPI_Type_free", MPI_COMM_WORLD, datatype);
    SMPI_CHECK_TYPE_HANDLE("MPI_Type_free", *datatype);
    if ((*datatype)->flags & SMPI_TYPE_PREDEFINED)
        return smpi__error(MPI_COMM_WORLD, "MPI_Type_free", MPI_ERR_TYPE,
                           "%s is predefined and cannot be freed", (*datatype)->name);
    rc = smpi__attrs_delete(SMPI_ATTR_TYPE, *datatype, &(*datatype)->attrs);
    if (rc != MPI_SUCCESS)
        return smpi__error(MPI_COMM_WORLD, "MPI_Type_free", rc,
                           "an attribute delete callback failed");
    smpi__handle_gone(SMPI_H_DATATYPE, *datatype);
    smpi__type_unref(*datatype); /* requests and types built on it keep their references */
    *datatype = MPI_DATATYPE_NULL;
    return MPI_SUCCESS;
}
#pragma weak MPI_Type_free = PMPI_Type_free

/* ---- inspection ------------------------------------------------------------------------------ */

int PMPI_Type_get_envelope(MPI_Datatype datatype, int *num_integers, int *num_addresses,
                           int *num_datatypes, int *combiner)
{
    const struct smpi_type_contents *c;

    SMPI_CHECK_TYPE_HANDLE("MPI_Type_get_envelope", datatype);
    SMPI_CHECK_ARG("MPI_Type_get_envelope", MPI_COMM_WORLD, num_integers);
    SMPI_CHECK_ARG("MPI_Type_get_envelope", MPI_COMM_WORLD, num_addresses);
    SMPI_CHECK_ARG("MPI_Type_get_envelope", MPI_COMM_WORLD, num_datatypes);
    SMPI_CHECK_ARG("MPI_Type_get_envelope", MPI_COMM_WORLD, combiner);
    c = datatype->contents;
    *combiner = datatype->combiner;
    *num_integers = c ? c->ni : 0;
    *num_addresses = c ? c->na : 0;
    *num_datatypes = c ? c->nd : 0;
    return MPI_SUCCESS;
}
#pragma weak MPI_Type_get_envelope = PMPI_Type_get_envelope

int PMPI_Type_get_contents(MPI_Datatype datatype, int max_integers, int max_addresses,
                           int max_datatypes, int array_of_integers[],
                           MPI_Aint array_of_addresses[], MPI_Datatype array_of_datatypes[])
{
    const struct smpi_type_contents *c;

    SMPI_CHECK_TYPE_HANDLE("MPI_Type_get_contents", datatype);
    c = datatype->contents;
    if (!c)
        return smpi__error(MPI_COMM_WORLD, "MPI_Type_get_contents", MPI_ERR_TYPE,
                           "%s is predefined: it has no contents (MPI_COMBINER_NAMED)",
                           datatype->name);
    if (max_integers < c->ni || max_addresses < c->na || max_datatypes < c->nd)
        return smpi__error(MPI_COMM_WORLD, "MPI_Type_get_contents", MPI_ERR_ARG,
                           "arrays too small: need %d integers, %d addresses, %d datatypes", c->ni,
                           c->na, c->nd);
    if (c->ni)
        memcpy(array_of_integers, c->ints, (size_t)c->ni * sizeof(int));
    if (c->na)
        memcpy(array_of_addresses, c->addrs, (size_t)c->na * sizeof(MPI_Aint));
    for (int i = 0; i < c->nd; i++) {
        array_of_datatypes[i] = c->types[i];
        smpi__type_ref(c->types[i]); /* a new handle the user frees (derived types only) */
    }
    return MPI_SUCCESS;
}
#pragma weak MPI_Type_get_contents = PMPI_Type_get_contents

int PMPI_Type_size_x(MPI_Datatype datatype, MPI_Count *size)
{
    SMPI_CHECK_TYPE_HANDLE("MPI_Type_size_x", datatype);
    SMPI_CHECK_ARG("MPI_Type_size_x", MPI_COMM_WORLD, size);
    *size = (MPI_Count)datatype->size;
    return MPI_SUCCESS;
}
#pragma weak MPI_Type_size_x = PMPI_Type_size_x

int PMPI_Type_get_extent_x(MPI_Datatype datatype, MPI_Count *lb, MPI_Count *extent)
{
    SMPI_CHECK_TYPE_HANDLE("MPI_Type_get_extent_x", datatype);
    SMPI_CHECK_ARG("MPI_Type_get_extent_x", MPI_COMM_WORLD, lb);
    SMPI_CHECK_ARG("MPI_Type_get_extent_x", MPI_COMM_WORLD, extent);
    *lb = datatype->lb;
    *extent = datatype->ub - datatype->lb;
    return MPI_SUCCESS;
}
#pragma weak MPI_Type_get_extent_x = PMPI_Type_get_extent_x

int PMPI_Type_get_true_extent_x(MPI_Datatype datatype, MPI_Count *true_lb, MPI_Count *true_extent)
{
    SMPI_CHECK_TYPE_HANDLE("MPI_Type_get_true_extent_x", datatype);
    SMPI_CHECK_ARG("MPI_Type_get_true_extent_x", MPI_COMM_WORLD, true_lb);
    SMPI_CHECK_ARG("MPI_Type_get_true_extent_x", MPI_COMM_WORLD, true_extent);
    *true_lb = datatype->true_lb;
    *true_extent = datatype->true_ub - datatype->true_lb;
    return MPI_SUCCESS;
}
#pragma weak MPI_Type_get_true_extent_x = PMPI_Type_get_true_extent_x

/* ---- packing ----------------------------------------------------------------------------------
 */

int PMPI_Pack_size(int incount, MPI_Datatype datatype, MPI_Comm comm, int *size)
{
    SMPI_CHECK_INIT("MPI_Pack_size");
    SMPI_CHECK_COMM("MPI_Pack_size", comm);
    SMPI_CHECK_COUNT("MPI_Pack_size", comm, incount);
    SMPI_CHECK_TYPE_HANDLE("MPI_Pack_size", datatype);
    SMPI_CHECK_ARG("MPI_Pack_size", MPI_COMM_WORLD, size);
    *size = incount * (int)datatype->size;
    return MPI_SUCCESS;
}
#pragma weak MPI_Pack_size = PMPI_Pack_size

int PMPI_Pack(const void *inbuf, int incount, MPI_Datatype datatype, void *outbuf, int outsize,
              int *position, MPI_Comm comm)
{
    size_t need;

    SMPI_CHECK_INIT("MPI_Pack");
    SMPI_CHECK_COMM("MPI_Pack", comm);
    SMPI_CHECK_COUNT("MPI_Pack", comm, incount);
    SMPI_CHECK_TYPE("MPI_Pack", comm, datatype);
    SMPI_CHECK_ARG("MPI_Pack", comm, position);
    need = (size_t)incount * datatype->size;
    if (*position < 0 || (size_t)*position + need > (size_t)(outsize > 0 ? outsize : 0))
        return smpi__error(comm, "MPI_Pack", MPI_ERR_TRUNCATE,
                           "%zu bytes at position %d do not fit in an outbuf of %d bytes", need,
                           *position, outsize);
    *position += (int)smpi__type_pack(inbuf, incount, datatype, (char *)outbuf + *position);
    return MPI_SUCCESS;
}
#pragma weak MPI_Pack = PMPI_Pack

int PMPI_Unpack(const void *inbuf, int insize, int *position, void *outbuf, int outcount,
                MPI_Datatype datatype, MPI_Comm comm)
{
    size_t need;

    SMPI_CHECK_INIT("MPI_Unpack");
    SMPI_CHECK_COMM("MPI_Unpack", comm);
    SMPI_CHECK_COUNT("MPI_Unpack", comm, outcount);
    SMPI_CHECK_TYPE("MPI_Unpack", comm, datatype);
    SMPI_CHECK_ARG("MPI_Unpack", comm, position);
    need = (size_t)outcount * datatype->size;
    if (*position < 0 || (size_t)*position + need > (size_t)(insize > 0 ? insize : 0))
        return smpi__error(comm, "MPI_Unpack", MPI_ERR_TRUNCATE,
                           "%zu bytes at position %d are beyond an inbuf of %d bytes", need,
                           *position, insize);
    *position +=
        (int)smpi__type_unpack((const char *)inbuf + *position, need, outbuf, outcount, datatype);
    return MPI_SUCCESS;
}
#pragma weak MPI_Unpack = PMPI_Unpack

MPI_Aint PMPI_Aint_add(MPI_Aint base, MPI_Aint disp)
{
    return base + disp;
}
#pragma weak MPI_Aint_add = PMPI_Aint_add

MPI_Aint PMPI_Aint_diff(MPI_Aint addr1, MPI_Aint addr2)
{
    return addr1 - addr2;
}
#pragma weak MPI_Aint_diff = PMPI_Aint_diff

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

int PMPI_Type_create_darray(int size, int rank, int ndims, const int array_of_gsizes[],
                            const int array_of_distribs[], const int array_of_dargs[],
                            const int array_of_psizes[], int order, MPI_Datatype oldtype,
                            MPI_Datatype *newtype)
{
    const char *call = "MPI_Type_create_darray";
    MPI_Datatype cur = oldtype;
    MPI_Aint ext = oldtype ? oldtype->ub - oldtype->lb : 0;
    MPI_Aint unit;
    int *coords;
    int *ints;
    long nprocs = 1;
    int rest;

    SMPI_CHECK_TYPE_HANDLE(call, oldtype);
    SMPI_CHECK_ARG(call, MPI_COMM_WORLD, newtype);
    if (ndims <= 0 || !array_of_gsizes || !array_of_distribs || !array_of_dargs || !array_of_psizes)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_ARG, "ndims %d or an array is invalid",
                           ndims);
    if (order != MPI_ORDER_C && order != MPI_ORDER_FORTRAN)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_ARG,
                           "order %d is not MPI_ORDER_C or MPI_ORDER_FORTRAN", order);
    for (int d = 0; d < ndims; d++)
        nprocs *= array_of_psizes[d] > 0 ? array_of_psizes[d] : 0;
    if (nprocs != size || rank < 0 || rank >= size)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_ARG,
                           "the process grid has %ld processes, not size %d (rank %d)", nprocs,
                           size, rank);
    /* the process grid is numbered in row-major order whatever the array order */
    coords = sim_xmalloc((size_t)ndims * sizeof(*coords));
    rest = rank;
    for (int d = ndims - 1; d >= 0; d--) {
        coords[d] = rest % array_of_psizes[d];
        rest /= array_of_psizes[d];
    }
    smpi__type_ref(cur);
    unit = ext;
    for (int k = 0; k < ndims; k++) {
        int d = order == MPI_ORDER_C ? ndims - 1 - k : k;
        int g = array_of_gsizes[d];
        int *start = sim_xmalloc(((size_t)g + 1) * sizeof(int));
        int *len = sim_xmalloc(((size_t)g + 1) * sizeof(int));
        int nruns = g > 0 ? darray_runs(g, array_of_distribs[d], array_of_dargs[d],
                                        array_of_psizes[d], coords[d], start, len)
                          : -1;
        struct smpi_datatype *level;
        struct smpi_type_piece *p;

        if (nruns < 0) {
            free(start);
            free(len);
            free(coords);
            smpi__type_unref(cur);
            return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_ARG,
                               "dimension %d: gsize %d, distribution %d, darg %d and psize %d "
                               "are inconsistent",
                               d, g, array_of_distribs[d], array_of_dargs[d], array_of_psizes[d]);
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
    *newtype = cur;
    ints = sim_xmalloc((4 * (size_t)ndims + 4) * sizeof(*ints));
    ints[0] = size;
    ints[1] = rank;
    ints[2] = ndims;
    memcpy(ints + 3, array_of_gsizes, (size_t)ndims * sizeof(int));
    memcpy(ints + 3 + ndims, array_of_distribs, (size_t)ndims * sizeof(int));
    memcpy(ints + 3 + 2 * ndims, array_of_dargs, (size_t)ndims * sizeof(int));
    memcpy(ints + 3 + 3 * ndims, array_of_psizes, (size_t)ndims * sizeof(int));
    ints[3 + 4 * ndims] = order;
    keep_contents(*newtype, 4 * ndims + 4, ints, 0, NULL, 1, &oldtype);
    free(ints);
    return MPI_SUCCESS;
}
#pragma weak MPI_Type_create_darray = PMPI_Type_create_darray

/* MPI_Type_match_size: the predefined type of a class with the given size (MPI-3.1 section
 * 17.2.5). */
int PMPI_Type_match_size(int typeclass, int size, MPI_Datatype *datatype)
{
    static const struct {
        int typeclass;
        MPI_Datatype type;
    } candidates[] = {
        { MPI_TYPECLASS_INTEGER, MPI_INT8_T },
        { MPI_TYPECLASS_INTEGER, MPI_INT16_T },
        { MPI_TYPECLASS_INTEGER, MPI_INT32_T },
        { MPI_TYPECLASS_INTEGER, MPI_INT64_T },
        { MPI_TYPECLASS_REAL, MPI_FLOAT },
        { MPI_TYPECLASS_REAL, MPI_DOUBLE },
        { MPI_TYPECLASS_REAL, MPI_LONG_DOUBLE },
        { MPI_TYPECLASS_COMPLEX, MPI_C_FLOAT_COMPLEX },
        { MPI_TYPECLASS_COMPLEX, MPI_C_DOUBLE_COMPLEX },
        { MPI_TYPECLASS_COMPLEX, MPI_C_LONG_DOUBLE_COMPLEX },
    };

    SMPI_CHECK_ARG("MPI_Type_match_size", MPI_COMM_WORLD, datatype);
    for (size_t i = 0; i < sizeof(candidates) / sizeof(candidates[0]); i++) {
        if (candidates[i].typeclass == typeclass &&
            (int)smpi_type_size(candidates[i].type) == size) {
            *datatype = candidates[i].type;
            return MPI_SUCCESS;
        }
    }
    return smpi__error(MPI_COMM_WORLD, "MPI_Type_match_size", MPI_ERR_ARG,
                       "no predefined type of class %d has %d bytes", typeclass, size);
}
#pragma weak MPI_Type_match_size = PMPI_Type_match_size

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

/* *bytes := the bytes of count elements of t in external32; else reports the fault (a datarep
 * other than "external32": MPI_ERR_ARG, MPI_DATATYPE_NULL: MPI_ERR_TYPE, a negative count:
 * MPI_ERR_COUNT, a type simmpi does not convert: MPI_ERR_TYPE) and returns its class. */
static int external_bytes(const char *call, const char *datarep, int count, MPI_Datatype t,
                          MPI_Aint *bytes)
{
    bool predefined;
    int n;
    MPI_Aint per = 0;

    if (!datarep || strcmp(datarep, "external32") != 0)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_ARG,
                           "data representation '%s' is not \"external32\"",
                           datarep ? datarep : "(null)");
    if (t == MPI_DATATYPE_NULL || count < 0)
        return smpi__error(MPI_COMM_WORLD, call, t ? MPI_ERR_COUNT : MPI_ERR_TYPE,
                           "datatype is MPI_DATATYPE_NULL or count %d is negative", count);
    predefined = (t->flags & SMPI_TYPE_PREDEFINED) != 0;
    n = predefined ? t->nblocks : t->nruns;
    for (int r = 0; r < n; r++) {
        size_t size = predefined ? t->blocks[r].length : t->runs[r].size;
        enum smpi_type_kind k = predefined ? t->kind : t->runs[r].kind;
        size_t e = external_size(k, size);

        if (e == 0)
            return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_TYPE,
                               "%s holds long double elements (or a pair with long or long "
                               "double), which simmpi does not convert to external32",
                               t->name[0] ? t->name : "the datatype");
        per += (MPI_Aint)e * (MPI_Aint)(predefined ? 1 : t->runs[r].n);
    }
    *bytes = per * count;
    return MPI_SUCCESS;
}

int PMPI_Pack_external_size(const char datarep[], int incount, MPI_Datatype datatype,
                            MPI_Aint *size)
{
    MPI_Aint n = 0;

    SMPI_CHECK(external_bytes("MPI_Pack_external_size", datarep, incount, datatype, &n));
    SMPI_CHECK_ARG("MPI_Pack_external_size", MPI_COMM_WORLD, size);
    *size = n;
    return MPI_SUCCESS;
}
#pragma weak MPI_Pack_external_size = PMPI_Pack_external_size

int PMPI_Pack_external(const char datarep[], const void *inbuf, int incount, MPI_Datatype datatype,
                       void *outbuf, MPI_Aint outsize, MPI_Aint *position)
{
    MPI_Aint need = 0;
    struct ext_walk w = { .pack = true };
    char *tmp;
    int rc;

    SMPI_CHECK(external_bytes("MPI_Pack_external", datarep, incount, datatype, &need));
    SMPI_CHECK_ARG("MPI_Pack_external", MPI_COMM_WORLD, position);
    if (*position < 0 || *position + need > outsize)
        return smpi__error(MPI_COMM_WORLD, "MPI_Pack_external", MPI_ERR_TRUNCATE,
                           "%ld bytes at position %ld do not fit in an outbuf of %ld bytes",
                           (long)need, (long)*position, (long)outsize);
    tmp = sim_xmalloc((size_t)incount * datatype->size + 1);
    smpi__type_pack(inbuf, incount, datatype, tmp);
    w.native = tmp;
    w.external = (char *)outbuf + *position;
    rc = convert(&w, incount, datatype);
    free(tmp);
    if (rc != MPI_SUCCESS)
        return smpi__error(MPI_COMM_WORLD, "MPI_Pack_external", rc,
                           "a long or wchar_t value does not fit its external32 size");
    *position += need;
    return MPI_SUCCESS;
}
#pragma weak MPI_Pack_external = PMPI_Pack_external

int PMPI_Unpack_external(const char datarep[], const void *inbuf, MPI_Aint insize,
                         MPI_Aint *position, void *outbuf, int outcount, MPI_Datatype datatype)
{
    MPI_Aint need = 0;
    struct ext_walk w = { .pack = false };
    char *tmp;

    SMPI_CHECK(external_bytes("MPI_Unpack_external", datarep, outcount, datatype, &need));
    SMPI_CHECK_ARG("MPI_Unpack_external", MPI_COMM_WORLD, position);
    if (*position < 0 || *position + need > insize)
        return smpi__error(MPI_COMM_WORLD, "MPI_Unpack_external", MPI_ERR_TRUNCATE,
                           "%ld bytes at position %ld are beyond an inbuf of %ld bytes", (long)need,
                           (long)*position, (long)insize);
    tmp = sim_xmalloc((size_t)outcount * datatype->size + 1);
    w.native = tmp;
    w.external = (char *)inbuf + *position;
    convert(&w, outcount, datatype);
    smpi__type_unpack(tmp, (size_t)outcount * datatype->size, outbuf, outcount, datatype);
    free(tmp);
    *position += need;
    return MPI_SUCCESS;
}
#pragma weak MPI_Unpack_external = PMPI_Unpack_external
