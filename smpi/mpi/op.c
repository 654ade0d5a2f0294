/* op: the predefined reduction operations, generated per (op, element kind) from X-macro lists
 * of the kinds the standard allows for each op; user ops; smpi_op_apply. The MPI_Op_* and
 * MPI_Reduce_local bindings: smpi/bindings/bindings_op.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "smpi/internal.h"
#include "smpi/mpi/op.h"

/* Kind lists by the categories of MPI-3.1 section 5.9.2: X(op, kind, C type). */
#define INTEGER_KINDS(X, op)                                                                       \
    X(op, CHAR, char)                                                                              \
    X(op, SIGNED_CHAR, signed char)                                                                \
    X(op, UNSIGNED_CHAR, unsigned char)                                                            \
    X(op, SHORT, short)                                                                            \
    X(op, UNSIGNED_SHORT, unsigned short)                                                          \
    X(op, INT, int)                                                                                \
    X(op, UNSIGNED, unsigned)                                                                      \
    X(op, LONG, long)                                                                              \
    X(op, UNSIGNED_LONG, unsigned long)                                                            \
    X(op, LONG_LONG, long long)                                                                    \
    X(op, UNSIGNED_LONG_LONG, unsigned long long)                                                  \
    X(op, INT8, int8_t)                                                                            \
    X(op, INT16, int16_t)                                                                          \
    X(op, INT32, int32_t)                                                                          \
    X(op, INT64, int64_t)                                                                          \
    X(op, UINT8, uint8_t)                                                                          \
    X(op, UINT16, uint16_t)                                                                        \
    X(op, UINT32, uint32_t)                                                                        \
    X(op, UINT64, uint64_t)                                                                        \
    X(op, AINT, MPI_Aint)
#define FLOATING_KINDS(X, op)                                                                      \
    X(op, FLOAT, float)                                                                            \
    X(op, DOUBLE, double)                                                                          \
    X(op, LONG_DOUBLE, long double)
#define COMPLEX_KINDS(X, op)                                                                       \
    X(op, FLOAT_COMPLEX, float _Complex)                                                           \
    X(op, DOUBLE_COMPLEX, double _Complex)                                                         \
    X(op, LONG_DOUBLE_COMPLEX, long double _Complex)
#define LOGICAL_KINDS(X, op)                                                                       \
    X(op, BOOL, _Bool)                                                                             \
    X(op, LOGICAL, int)
#define BYTE_KINDS(X, op) X(op, BYTE, unsigned char)
#define PAIR_KINDS(X, op)                                                                          \
    X(op, FLOAT_INT, struct smpi_pair_float_int)                                                   \
    X(op, DOUBLE_INT, struct smpi_pair_double_int)                                                 \
    X(op, LONG_INT, struct smpi_pair_long_int)                                                     \
    X(op, 2INT, struct smpi_pair_2int)                                                             \
    X(op, SHORT_INT, struct smpi_pair_short_int)                                                   \
    X(op, LONG_DOUBLE_INT, struct smpi_pair_long_double_int)                                       \
    X(op, 2FLOAT, struct smpi_pair_2float)                                                         \
    X(op, 2DOUBLE, struct smpi_pair_2double)

/* Element-wise result of each op: x is in[i] (left operand), y is inout[i]. */
#define EXPR_max(x, y) ((x) > (y) ? (x) : (y))
#define EXPR_min(x, y) ((x) < (y) ? (x) : (y))
#define EXPR_sum(x, y) ((x) + (y))
#define EXPR_prod(x, y) ((x) * (y))
#define EXPR_land(x, y) ((x) && (y))
#define EXPR_lor(x, y) ((x) || (y))
#define EXPR_lxor(x, y) (!(x) != !(y))
#define EXPR_band(x, y) ((x) & (y))
#define EXPR_bor(x, y) ((x) | (y))
#define EXPR_bxor(x, y) ((x) ^ (y))
/* MINLOC/MAXLOC: the better value wins; on a tie the lower index. */
#define EXPR_minloc(x, y) ((x).v < (y).v || ((x).v == (y).v && (x).i < (y).i) ? (x) : (y))
#define EXPR_maxloc(x, y) ((x).v > (y).v || ((x).v == (y).v && (x).i < (y).i) ? (x) : (y))

/* The kernels are element-wise (no reassociation), so vectorising them changes no result; -O2's
 * very cheap cost model leaves loops of unknown length scalar, and accumulates of megabytes then
 * spend their time here (upstream rma/large_acc_flush_local). */
#if defined(__GNUC__) && !defined(__clang__)
#define KERNEL_ATTR __attribute__((optimize("tree-vectorize", "vect-cost-model=dynamic")))
#else
#define KERNEL_ATTR
#endif

#define KERNEL(op, K, T)                                                                           \
    KERNEL_ATTR static void op##_##K(const void *in, void *inout, size_t n)                        \
    {                                                                                              \
        const T *restrict x = in;                                                                  \
        T *restrict y = inout;                                                                     \
        for (size_t i = 0; i < n; i++)                                                             \
            y[i] = EXPR_##op(x[i], y[i]);                                                          \
    }
#define ENTRY(op, K, T) [SMPI_KIND_##K] = op##_##K,

/* Defines the kernels of op for the listed kind categories and its table op_kernels. */
#define OP_TABLE(op, CATEGORIES)                                                                   \
    CATEGORIES(KERNEL, op)                                                                         \
    static smpi_op_kernel_fn *const op##_kernels[SMPI_KIND_COUNT] = { CATEGORIES(ENTRY, op) };

#define MAXMIN_KINDS(X, op) INTEGER_KINDS(X, op) FLOATING_KINDS(X, op)
#define ARITH_KINDS(X, op) INTEGER_KINDS(X, op) FLOATING_KINDS(X, op) COMPLEX_KINDS(X, op)
#define LOGIC_KINDS(X, op) INTEGER_KINDS(X, op) FLOATING_KINDS(X, op) LOGICAL_KINDS(X, op)
#define BITWISE_KINDS(X, op) INTEGER_KINDS(X, op) BYTE_KINDS(X, op)

OP_TABLE(max, MAXMIN_KINDS)
OP_TABLE(min, MAXMIN_KINDS)
OP_TABLE(sum, ARITH_KINDS)
OP_TABLE(prod, ARITH_KINDS)
OP_TABLE(land, LOGIC_KINDS)
OP_TABLE(lor, LOGIC_KINDS)
OP_TABLE(lxor, LOGIC_KINDS)
OP_TABLE(band, BITWISE_KINDS)
OP_TABLE(bor, BITWISE_KINDS)
OP_TABLE(bxor, BITWISE_KINDS)
OP_TABLE(minloc, PAIR_KINDS)
OP_TABLE(maxloc, PAIR_KINDS)

/* Type categories each op accepts (MPI-3.1 section 5.9.2). The kernel tables are indexed by C
 * kind, which several categories share (MPI_INT and MPI_INTEGER are both int), so the category
 * mask is what refuses, say, MPI_LAND on MPI_INTEGER. */
#define CLASSES_MAXMIN                                                                             \
    (SMPI_CLASS_C_INTEGER | SMPI_CLASS_F_INTEGER | SMPI_CLASS_FLOATING | SMPI_CLASS_MULTILANG)
#define CLASSES_ARITH (CLASSES_MAXMIN | SMPI_CLASS_COMPLEX)
/* Logical ops also take floating types and the multi-language integers (MPI_AINT, MPI_OFFSET,
 * MPI_COUNT), as MPICH and SMPI do (MPICH's opland, oplor, oplxor; mpich3-test coll/allred). */
#define CLASSES_LOGIC                                                                              \
    (SMPI_CLASS_C_INTEGER | SMPI_CLASS_FLOATING | SMPI_CLASS_LOGICAL | SMPI_CLASS_MULTILANG)
#define CLASSES_BITWISE                                                                            \
    (SMPI_CLASS_C_INTEGER | SMPI_CLASS_F_INTEGER | SMPI_CLASS_BYTE | SMPI_CLASS_MULTILANG)
#define CLASSES_LOC SMPI_CLASS_PAIR
#define CLASSES_ANY (~0u) /* REPLACE and NO_OP (one-sided accumulate) take any type */

/* Predefined ops: X(object suffix, MPI name, kernel table, accepted classes, commutative). */
#define PREDEFINED_OPS(X)                                                                          \
    X(max, "MPI_MAX", max_kernels, CLASSES_MAXMIN, true)                                           \
    X(min, "MPI_MIN", min_kernels, CLASSES_MAXMIN, true)                                           \
    X(sum, "MPI_SUM", sum_kernels, CLASSES_ARITH, true)                                            \
    X(prod, "MPI_PROD", prod_kernels, CLASSES_ARITH, true)                                         \
    X(land, "MPI_LAND", land_kernels, CLASSES_LOGIC, true)                                         \
    X(band, "MPI_BAND", band_kernels, CLASSES_BITWISE, true)                                       \
    X(lor, "MPI_LOR", lor_kernels, CLASSES_LOGIC, true)                                            \
    X(bor, "MPI_BOR", bor_kernels, CLASSES_BITWISE, true)                                          \
    X(lxor, "MPI_LXOR", lxor_kernels, CLASSES_LOGIC, true)                                         \
    X(bxor, "MPI_BXOR", bxor_kernels, CLASSES_BITWISE, true)                                       \
    X(minloc, "MPI_MINLOC", minloc_kernels, CLASSES_LOC, true)                                     \
    X(maxloc, "MPI_MAXLOC", maxloc_kernels, CLASSES_LOC, true)                                     \
    X(replace, "MPI_REPLACE", NULL, CLASSES_ANY, false)                                            \
    X(no_op, "MPI_NO_OP", NULL, CLASSES_ANY, true)

#define DEFINE_OP(obj, NAME, table, accepted, commute)                                             \
    SMPI_API struct smpi_op smpi_mpi_##obj = {                                                     \
        .user_fn = NULL,                                                                           \
        .kernels = table,                                                                          \
        .classes = accepted,                                                                       \
        .commutative = commute,                                                                    \
        .predefined = true,                                                                        \
        .refcount = 1,                                                                             \
        .name = NAME,                                                                              \
    };
PREDEFINED_OPS(DEFINE_OP)

static smpi_op_kernel_fn *kernel_for(MPI_Op op, MPI_Datatype type)
{
    if (!op->kernels || !(type->opclass & op->classes))
        return NULL;
    if (type->kind <= SMPI_KIND_NONE || type->kind >= SMPI_KIND_COUNT)
        return NULL;
    return op->kernels[type->kind];
}

/* Derived type whose pieces all share one kind: unpack both operands into arrays of the
 * kind's predefined type, apply the kernel there, and scatter the result back. */
static void apply_through_base(smpi_op_kernel_fn *fn, const void *in, void *inout, int count,
                               MPI_Datatype type)
{
    MPI_Datatype base = smpi__kind_type(type->kind);
    size_t bytes = (size_t)count * type->size;
    int n = (int)(bytes / base->size);
    size_t span = (size_t)n * (size_t)smpi_type_extent(base);
    char *packed = sim_xmalloc(bytes);
    char *x = sim_xmalloc(span);
    char *y = sim_xmalloc(span);

    smpi__type_pack(in, count, type, packed);
    smpi__type_unpack(packed, bytes, x, n, base);
    smpi__type_pack(inout, count, type, packed);
    smpi__type_unpack(packed, bytes, y, n, base);
    fn(x, y, (size_t)n);
    smpi__type_pack(y, n, base, packed);
    smpi__type_unpack(packed, bytes, inout, count, type);
    free(y);
    free(x);
    free(packed);
}

int smpi_op_apply(MPI_Op op, const void *in, void *inout, int count, MPI_Datatype type)
{
    smpi_op_kernel_fn *fn;

    if (op == MPI_OP_NULL)
        return MPI_ERR_OP;
    if (type == MPI_DATATYPE_NULL)
        return MPI_ERR_TYPE;
    if (op->user_fn || op->user_fn_c) { /* MPI_Op_create's int length, or MPI_Op_create_c's */
        int len = count;
        MPI_Count len_c = count;
        MPI_Datatype t = type;

        if (count > 0 && op->user_fn)
            op->user_fn((void *)in, inout, &len, &t);
        else if (count > 0)
            op->user_fn_c((void *)in, inout, &len_c, &t);
        return MPI_SUCCESS;
    }
    if (op == MPI_NO_OP)
        return MPI_SUCCESS;
    if (op == MPI_REPLACE)
        return smpi_type_copy(in, count, type, inout, count, type);
    fn = kernel_for(op, type);
    if (!fn)
        return MPI_ERR_OP;
    if (count <= 0)
        return MPI_SUCCESS;
    if (type->flags & SMPI_TYPE_PREDEFINED)
        fn(in, inout, (size_t)count);
    else
        apply_through_base(fn, in, inout, count, type);
    return MPI_SUCCESS;
}

bool smpi__op_accepts(MPI_Op op, MPI_Datatype type)
{
    if (op->user_fn || op->user_fn_c || op == MPI_NO_OP || op == MPI_REPLACE)
        return true;
    return kernel_for(op, type) != NULL;
}

bool smpi_op_is_commutative(MPI_Op op)
{
    return op->commutative;
}

MPI_Op smpi__op_new(MPI_User_function *user_fn, bool commute)
{
    struct smpi_op *o = sim_xcalloc(1, sizeof(*o));

    o->user_fn = user_fn;
    o->commutative = commute;
    o->refcount = 1;
    strcpy(o->name, "user op");
    return o;
}

void smpi__op_ref(MPI_Op op)
{
    if (op != MPI_OP_NULL && !op->predefined)
        op->refcount++;
}

void smpi__op_unref(MPI_Op op)
{
    if (op != MPI_OP_NULL && !op->predefined && --op->refcount == 0)
        free(op);
}
