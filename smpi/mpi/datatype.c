/* datatype: predefined datatypes, pack/unpack driven by the block list of a datatype, the
 * datatype facts of smpi/mpi/p2p_api.h. The bindings: smpi/bindings/bindings_datatype.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "smpi/mpi/datatype.h"
#include "smpi/internal.h"

#define PREDEF_FLAGS (SMPI_TYPE_PREDEFINED | SMPI_TYPE_COMMITTED)

/* Predefined datatypes of one basic item: X(object suffix, MPI name, kind, class, C type). */
#define SCALAR_TYPES(X)                                                                            \
    X(char, "MPI_CHAR", CHAR, C_INTEGER, char)                                                     \
    X(signed_char, "MPI_SIGNED_CHAR", SIGNED_CHAR, C_INTEGER, signed char)                         \
    X(unsigned_char, "MPI_UNSIGNED_CHAR", UNSIGNED_CHAR, C_INTEGER, unsigned char)                 \
    X(byte, "MPI_BYTE", BYTE, BYTE, unsigned char)                                                 \
    X(wchar, "MPI_WCHAR", WCHAR, NONE, wchar_t)                                                    \
    X(short, "MPI_SHORT", SHORT, C_INTEGER, short)                                                 \
    X(unsigned_short, "MPI_UNSIGNED_SHORT", UNSIGNED_SHORT, C_INTEGER, unsigned short)             \
    X(int, "MPI_INT", INT, C_INTEGER, int)                                                         \
    X(unsigned, "MPI_UNSIGNED", UNSIGNED, C_INTEGER, unsigned)                                     \
    X(long, "MPI_LONG", LONG, C_INTEGER, long)                                                     \
    X(unsigned_long, "MPI_UNSIGNED_LONG", UNSIGNED_LONG, C_INTEGER, unsigned long)                 \
    X(long_long_int, "MPI_LONG_LONG_INT", LONG_LONG, C_INTEGER, long long)                         \
    X(long_long, "MPI_LONG_LONG", LONG_LONG, C_INTEGER, long long)                                 \
    X(unsigned_long_long, "MPI_UNSIGNED_LONG_LONG", UNSIGNED_LONG_LONG, C_INTEGER,                 \
      unsigned long long)                                                                          \
    X(float, "MPI_FLOAT", FLOAT, FLOATING, float)                                                  \
    X(double, "MPI_DOUBLE", DOUBLE, FLOATING, double)                                              \
    X(long_double, "MPI_LONG_DOUBLE", LONG_DOUBLE, FLOATING, long double)                          \
    X(c_bool, "MPI_C_BOOL", BOOL, LOGICAL, _Bool)                                                  \
    X(int8_t, "MPI_INT8_T", INT8, C_INTEGER, int8_t)                                               \
    X(int16_t, "MPI_INT16_T", INT16, C_INTEGER, int16_t)                                           \
    X(int32_t, "MPI_INT32_T", INT32, C_INTEGER, int32_t)                                           \
    X(int64_t, "MPI_INT64_T", INT64, C_INTEGER, int64_t)                                           \
    X(uint8_t, "MPI_UINT8_T", UINT8, C_INTEGER, uint8_t)                                           \
    X(uint16_t, "MPI_UINT16_T", UINT16, C_INTEGER, uint16_t)                                       \
    X(uint32_t, "MPI_UINT32_T", UINT32, C_INTEGER, uint32_t)                                       \
    X(uint64_t, "MPI_UINT64_T", UINT64, C_INTEGER, uint64_t)                                       \
    X(c_complex, "MPI_C_COMPLEX", FLOAT_COMPLEX, COMPLEX, float _Complex)                          \
    X(c_float_complex, "MPI_C_FLOAT_COMPLEX", FLOAT_COMPLEX, COMPLEX, float _Complex)              \
    X(c_double_complex, "MPI_C_DOUBLE_COMPLEX", DOUBLE_COMPLEX, COMPLEX, double _Complex)          \
    X(c_long_double_complex, "MPI_C_LONG_DOUBLE_COMPLEX", LONG_DOUBLE_COMPLEX, COMPLEX,            \
      long double _Complex)                                                                        \
    X(aint, "MPI_AINT", AINT, MULTILANG, MPI_Aint)                                                 \
    X(offset, "MPI_OFFSET", LONG_LONG, MULTILANG, MPI_Offset)                                      \
    X(count, "MPI_COUNT", LONG_LONG, MULTILANG, MPI_Count)                                         \
    X(packed, "MPI_PACKED", PACKED, NONE, unsigned char)                                           \
    X(integer, "MPI_INTEGER", INT, F_INTEGER, int)                                                 \
    X(real, "MPI_REAL", FLOAT, FLOATING, float)                                                    \
    X(double_precision, "MPI_DOUBLE_PRECISION", DOUBLE, FLOATING, double)                          \
    X(complex, "MPI_COMPLEX", FLOAT_COMPLEX, COMPLEX, float _Complex)                              \
    X(double_complex, "MPI_DOUBLE_COMPLEX", DOUBLE_COMPLEX, COMPLEX, double _Complex)              \
    X(logical, "MPI_LOGICAL", LOGICAL, LOGICAL, int)                                               \
    X(character, "MPI_CHARACTER", CHAR, NONE, char)                                                \
    X(integer1, "MPI_INTEGER1", INT8, F_INTEGER, int8_t)                                           \
    X(integer2, "MPI_INTEGER2", INT16, F_INTEGER, int16_t)                                         \
    X(integer4, "MPI_INTEGER4", INT32, F_INTEGER, int32_t)                                         \
    X(integer8, "MPI_INTEGER8", INT64, F_INTEGER, int64_t)                                         \
    X(real4, "MPI_REAL4", FLOAT, FLOATING, float)                                                  \
    X(real8, "MPI_REAL8", DOUBLE, FLOATING, double)                                                \
    X(complex8, "MPI_COMPLEX8", FLOAT_COMPLEX, COMPLEX, float _Complex)                            \
    X(complex16, "MPI_COMPLEX16", DOUBLE_COMPLEX, COMPLEX, double _Complex)                        \
    X(cxx_bool, "MPI_CXX_BOOL", BOOL, LOGICAL, _Bool)                                              \
    X(cxx_float_complex, "MPI_CXX_FLOAT_COMPLEX", FLOAT_COMPLEX, COMPLEX, float _Complex)          \
    X(cxx_double_complex, "MPI_CXX_DOUBLE_COMPLEX", DOUBLE_COMPLEX, COMPLEX, double _Complex)      \
    X(cxx_long_double_complex, "MPI_CXX_LONG_DOUBLE_COMPLEX", LONG_DOUBLE_COMPLEX, COMPLEX,        \
      long double _Complex)

/* Predefined value-index pair datatypes: X(object suffix, MPI name, kind, pair suffix). */
#define PAIR_TYPES(X)                                                                              \
    X(float_int, "MPI_FLOAT_INT", FLOAT_INT, float_int)                                            \
    X(double_int, "MPI_DOUBLE_INT", DOUBLE_INT, double_int)                                        \
    X(long_int, "MPI_LONG_INT", LONG_INT, long_int)                                                \
    X(2int, "MPI_2INT", 2INT, 2int)                                                                \
    X(short_int, "MPI_SHORT_INT", SHORT_INT, short_int)                                            \
    X(long_double_int, "MPI_LONG_DOUBLE_INT", LONG_DOUBLE_INT, long_double_int)                    \
    X(2real, "MPI_2REAL", 2FLOAT, 2float)                                                          \
    X(2double_precision, "MPI_2DOUBLE_PRECISION", 2DOUBLE, 2double)                                \
    X(2integer, "MPI_2INTEGER", 2INT, 2int)

#define DEFINE_SCALAR(obj, NAME, K, CLASS, T)                                                      \
    SMPI_API struct smpi_datatype smpi_mpi_##obj = {                                               \
        .size = sizeof(T),                                                                         \
        .lb = 0,                                                                                   \
        .ub = sizeof(T),                                                                           \
        .true_lb = 0,                                                                              \
        .true_ub = sizeof(T),                                                                      \
        .flags = PREDEF_FLAGS | SMPI_TYPE_CONTIGUOUS,                                              \
        .kind = SMPI_KIND_##K,                                                                     \
        .opclass = SMPI_CLASS_##CLASS,                                                             \
        .combiner = MPI_COMBINER_NAMED,                                                            \
        .nblocks = 1,                                                                              \
        .blocks = (struct smpi_type_block[]){ { 0, sizeof(T) } },                                  \
        .align = _Alignof(T), /* double _Complex: 8, not its extent 16 */                          \
        .refcount = 1,                                                                             \
        .name = NAME,                                                                              \
    };
SCALAR_TYPES(DEFINE_SCALAR)

#define PAIR_SIZE(S) (sizeof(((S *)0)->v) + sizeof(((S *)0)->i))
#define PAIR_END(S) (offsetof(S, i) + sizeof(((S *)0)->i))
#define DEFINE_PAIR(obj, NAME, K, suffix)                                                          \
    SMPI_API struct smpi_datatype smpi_mpi_##obj = {                                               \
        .size = PAIR_SIZE(struct smpi_pair_##suffix),                                              \
        .lb = 0,                                                                                   \
        .ub = sizeof(struct smpi_pair_##suffix),                                                   \
        .true_lb = 0,                                                                              \
        .true_ub = PAIR_END(struct smpi_pair_##suffix),                                            \
        .flags = PREDEF_FLAGS |                                                                    \
                 (PAIR_SIZE(struct smpi_pair_##suffix) == sizeof(struct smpi_pair_##suffix)        \
                      ? SMPI_TYPE_CONTIGUOUS                                                       \
                      : 0),                                                                        \
        .kind = SMPI_KIND_##K,                                                                     \
        .opclass = SMPI_CLASS_PAIR,                                                                \
        .combiner = MPI_COMBINER_NAMED,                                                            \
        .nblocks = 2,                                                                              \
        .blocks =                                                                                  \
            (struct smpi_type_block[]){                                                            \
                { 0, sizeof(((struct smpi_pair_##suffix *)0)->v) },                                \
                { offsetof(struct smpi_pair_##suffix, i),                                          \
                  sizeof(((struct smpi_pair_##suffix *)0)->i) },                                   \
            },                                                                                     \
        .align = _Alignof(struct smpi_pair_##suffix),                                              \
        .refcount = 1,                                                                             \
        .name = NAME,                                                                              \
    };
PAIR_TYPES(DEFINE_PAIR)

/* MPI_LB and MPI_UB: markers of no size and no extent. */
#define DEFINE_MARKER(obj, NAME)                                                                   \
    SMPI_API struct smpi_datatype smpi_mpi_##obj = {                                               \
        .flags = PREDEF_FLAGS | SMPI_TYPE_CONTIGUOUS,                                              \
        .kind = SMPI_KIND_NONE,                                                                    \
        .combiner = MPI_COMBINER_NAMED,                                                            \
        .refcount = 1,                                                                             \
        .name = NAME,                                                                              \
    };
DEFINE_MARKER(lb, "MPI_LB")
DEFINE_MARKER(ub, "MPI_UB")

static const MPI_Datatype kind_types[SMPI_KIND_COUNT] = {
    [SMPI_KIND_CHAR] = MPI_CHAR,
    [SMPI_KIND_WCHAR] = MPI_WCHAR,
    [SMPI_KIND_SIGNED_CHAR] = MPI_SIGNED_CHAR,
    [SMPI_KIND_UNSIGNED_CHAR] = MPI_UNSIGNED_CHAR,
    [SMPI_KIND_BYTE] = MPI_BYTE,
    [SMPI_KIND_PACKED] = MPI_PACKED,
    [SMPI_KIND_SHORT] = MPI_SHORT,
    [SMPI_KIND_UNSIGNED_SHORT] = MPI_UNSIGNED_SHORT,
    [SMPI_KIND_INT] = MPI_INT,
    [SMPI_KIND_UNSIGNED] = MPI_UNSIGNED,
    [SMPI_KIND_LONG] = MPI_LONG,
    [SMPI_KIND_UNSIGNED_LONG] = MPI_UNSIGNED_LONG,
    [SMPI_KIND_LONG_LONG] = MPI_LONG_LONG,
    [SMPI_KIND_UNSIGNED_LONG_LONG] = MPI_UNSIGNED_LONG_LONG,
    [SMPI_KIND_INT8] = MPI_INT8_T,
    [SMPI_KIND_INT16] = MPI_INT16_T,
    [SMPI_KIND_INT32] = MPI_INT32_T,
    [SMPI_KIND_INT64] = MPI_INT64_T,
    [SMPI_KIND_UINT8] = MPI_UINT8_T,
    [SMPI_KIND_UINT16] = MPI_UINT16_T,
    [SMPI_KIND_UINT32] = MPI_UINT32_T,
    [SMPI_KIND_UINT64] = MPI_UINT64_T,
    [SMPI_KIND_AINT] = MPI_AINT,
    [SMPI_KIND_FLOAT] = MPI_FLOAT,
    [SMPI_KIND_DOUBLE] = MPI_DOUBLE,
    [SMPI_KIND_LONG_DOUBLE] = MPI_LONG_DOUBLE,
    [SMPI_KIND_BOOL] = MPI_C_BOOL,
    [SMPI_KIND_LOGICAL] = MPI_LOGICAL,
    [SMPI_KIND_FLOAT_COMPLEX] = MPI_C_FLOAT_COMPLEX,
    [SMPI_KIND_DOUBLE_COMPLEX] = MPI_C_DOUBLE_COMPLEX,
    [SMPI_KIND_LONG_DOUBLE_COMPLEX] = MPI_C_LONG_DOUBLE_COMPLEX,
    [SMPI_KIND_FLOAT_INT] = MPI_FLOAT_INT,
    [SMPI_KIND_DOUBLE_INT] = MPI_DOUBLE_INT,
    [SMPI_KIND_LONG_INT] = MPI_LONG_INT,
    [SMPI_KIND_2INT] = MPI_2INT,
    [SMPI_KIND_SHORT_INT] = MPI_SHORT_INT,
    [SMPI_KIND_LONG_DOUBLE_INT] = MPI_LONG_DOUBLE_INT,
    [SMPI_KIND_2FLOAT] = MPI_2REAL,
    [SMPI_KIND_2DOUBLE] = MPI_2DOUBLE_PRECISION,
};

MPI_Datatype smpi__kind_type(enum smpi_type_kind kind)
{
    if (kind <= SMPI_KIND_NONE || kind >= SMPI_KIND_COUNT)
        return MPI_DATATYPE_NULL;
    return kind_types[kind];
}

/* ---- facts ------------------------------------------------------------------------------- */

size_t smpi_type_size(MPI_Datatype type)
{
    return type->size;
}

MPI_Aint smpi_type_extent(MPI_Datatype type)
{
    return type->ub - type->lb;
}

MPI_Aint smpi_type_lb(MPI_Datatype type)
{
    return type->lb;
}

MPI_Aint smpi_type_true_extent(MPI_Datatype type)
{
    return type->true_ub - type->true_lb;
}

MPI_Aint smpi_type_true_lb(MPI_Datatype type)
{
    return type->true_lb;
}

bool smpi_type_is_derived(MPI_Datatype type)
{
    return !(type->flags & SMPI_TYPE_PREDEFINED);
}

int smpi_type_indexed(int n, const int *blocklens, const int *displs, MPI_Datatype old,
                      MPI_Datatype *out)
{
    int rc = PMPI_Type_indexed(n, blocklens, displs, old, out);

    if (rc == MPI_SUCCESS)
        rc = PMPI_Type_commit(out);
    return rc;
}

void smpi_type_free(MPI_Datatype *type)
{
    PMPI_Type_free(type);
}

/* ---- pack / unpack ----------------------------------------------------------------------- */

size_t smpi__type_pack(const void *buf, int count, MPI_Datatype t, void *out)
{
    const char *src = buf;
    char *dst = out;
    MPI_Aint extent = smpi_type_extent(t);
    size_t pos = 0;

    if (count <= 0 || t->size == 0)
        return 0;
    if (smpi_type_is_contiguous(t)) {
        memcpy(dst, src + t->true_lb, (size_t)count * t->size);
        return (size_t)count * t->size;
    }
    smpi__type_flatten(t);
    for (int e = 0; e < count; e++) {
        const char *elem = src + (MPI_Aint)e * extent;

        for (int b = 0; b < t->nblocks; b++) {
            memcpy(dst + pos, elem + t->blocks[b].offset, t->blocks[b].length);
            pos += t->blocks[b].length;
        }
    }
    return pos;
}

size_t smpi__type_unpack(const void *in, size_t bytes, void *buf, int count, MPI_Datatype t)
{
    const char *src = in;
    char *dst = buf;
    MPI_Aint extent = smpi_type_extent(t);
    size_t total = count > 0 ? (size_t)count * t->size : 0;
    size_t pos = 0;

    if (bytes > total)
        bytes = total;
    if (smpi_type_is_contiguous(t)) {
        memcpy(dst + t->true_lb, src, bytes);
        return bytes;
    }
    smpi__type_flatten(t);
    for (int e = 0; e < count && pos < bytes; e++) {
        char *elem = dst + (MPI_Aint)e * extent;

        for (int b = 0; b < t->nblocks && pos < bytes; b++) {
            size_t n = t->blocks[b].length;

            if (n > bytes - pos)
                n = bytes - pos;
            memcpy(elem + t->blocks[b].offset, src + pos, n);
            pos += n;
        }
    }
    return pos;
}

/* Three paths: both contiguous, one memmove; one side contiguous, a single pack or unpack
 * straight between the buffers; otherwise through a packed temporary of the bytes copied. */
int smpi_type_copy(const void *src, int scount, MPI_Datatype stype, void *dst, int dcount,
                   MPI_Datatype dtype)
{
    size_t sbytes = scount > 0 ? (size_t)scount * stype->size : 0;
    size_t dbytes = dcount > 0 ? (size_t)dcount * dtype->size : 0;
    size_t n = sbytes < dbytes ? sbytes : dbytes;
    int rc = sbytes > dbytes ? MPI_ERR_TRUNCATE : MPI_SUCCESS;
    const char *s = src;
    char *d = dst;
    char *tmp;

    if (n == 0)
        return rc;
    if (smpi_type_is_contiguous(stype) && smpi_type_is_contiguous(dtype)) {
        memmove(d + dtype->true_lb, s + stype->true_lb, n);
    } else if (smpi_type_is_contiguous(stype)) {
        smpi__type_unpack(s + stype->true_lb, n, dst, dcount, dtype);
    } else if (smpi_type_is_contiguous(dtype) && sbytes <= dbytes) {
        smpi__type_pack(src, scount, stype, d + dtype->true_lb);
    } else {
        tmp = sim_xmalloc(sbytes);
        smpi__type_pack(src, scount, stype, tmp);
        smpi__type_unpack(tmp, n, dst, dcount, dtype);
        free(tmp);
    }
    return rc;
}

void smpi__type_commit(MPI_Datatype type)
{
    if (!(type->flags & SMPI_TYPE_PREDEFINED))
        type->flags |= SMPI_TYPE_COMMITTED;
}

void smpi__type_set_name(MPI_Datatype type, const char *name)
{
    size_t n = strnlen(name, MPI_MAX_OBJECT_NAME - 1);

    memcpy(type->name, name, n);
    type->name[n] = '\0';
}

/* ---- predefined attribute callbacks ------------------------------------------------------
 * MPI_*_NULL_COPY_FN, MPI_*_DUP_FN and MPI_*_NULL_DELETE_FN of mpi.h name these. They sit here
 * until the attribute code has a file of its own. A copy function stores the copied value
 * through attribute_val_out (a void **) and sets *flag when the attribute is copied. */

#define NULL_COPY_FN(obj, H)                                                                       \
    int smpi_mpi_##obj##_null_copy_fn(H old, int keyval, void *extra_state, void *in, void *out,   \
                                      int *flag)                                                   \
    {                                                                                              \
        *flag = 0;                                                                                 \
        return MPI_SUCCESS;                                                                        \
    }
#define DUP_FN(obj, H)                                                                             \
    int smpi_mpi_##obj##_dup_fn(H old, int keyval, void *extra_state, void *in, void *out,         \
                                int *flag)                                                         \
    {                                                                                              \
        *(void **)out = in;                                                                        \
        *flag = 1;                                                                                 \
        return MPI_SUCCESS;                                                                        \
    }
#define NULL_DELETE_FN(obj, H)                                                                     \
    int smpi_mpi_##obj##_null_delete_fn(H h, int keyval, void *attribute_val, void *extra_state)   \
    {                                                                                              \
        return MPI_SUCCESS;                                                                        \
    }
#define ATTR_FNS(obj, H) NULL_COPY_FN(obj, H) DUP_FN(obj, H) NULL_DELETE_FN(obj, H)

ATTR_FNS(comm, MPI_Comm)
ATTR_FNS(type, MPI_Datatype)
ATTR_FNS(win, MPI_Win)
