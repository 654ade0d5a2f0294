/* datatype: the layout of MPI datatypes. A datatype describes one element as a list of blocks
 * (byte offset from the element's start, length); count elements sit extent bytes apart.
 * Predefined types have one block (two for the value-index pair types); derived types add
 * more blocks and reuse the same pack/unpack code. */
#ifndef SMPI_DATATYPE_H
#define SMPI_DATATYPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

#include <mpi.h>

struct smpi_type_contents;

/* Value-index pairs of MPI_MINLOC/MPI_MAXLOC: X(kind, suffix, value type, index type). */
#define SMPI_PAIR_KINDS(X)                                                                         \
    X(FLOAT_INT, float_int, float, int)                                                            \
    X(DOUBLE_INT, double_int, double, int)                                                         \
    X(LONG_INT, long_int, long, int)                                                               \
    X(2INT, 2int, int, int)                                                                        \
    X(SHORT_INT, short_int, short, int)                                                            \
    X(LONG_DOUBLE_INT, long_double_int, long double, int)                                          \
    X(2FLOAT, 2float, float, float)                                                                \
    X(2DOUBLE, 2double, double, double)

#define SMPI_PAIR_STRUCT(K, suffix, V, I)                                                          \
    struct smpi_pair_##suffix {                                                                    \
        V v;                                                                                       \
        I i;                                                                                       \
    };
SMPI_PAIR_KINDS(SMPI_PAIR_STRUCT)
#undef SMPI_PAIR_STRUCT

/* Basic element kinds, named by their C storage type: X(kind, C type). Reduction ops are
 * looked up by kind. */
#define SMPI_SCALAR_KINDS(X)                                                                       \
    X(CHAR, char)                                                                                  \
    X(WCHAR, wchar_t)                                                                              \
    X(SIGNED_CHAR, signed char)                                                                    \
    X(UNSIGNED_CHAR, unsigned char)                                                                \
    X(BYTE, unsigned char)                                                                         \
    X(PACKED, unsigned char)                                                                       \
    X(SHORT, short)                                                                                \
    X(UNSIGNED_SHORT, unsigned short)                                                              \
    X(INT, int)                                                                                    \
    X(UNSIGNED, unsigned)                                                                          \
    X(LONG, long)                                                                                  \
    X(UNSIGNED_LONG, unsigned long)                                                                \
    X(LONG_LONG, long long)                                                                        \
    X(UNSIGNED_LONG_LONG, unsigned long long)                                                      \
    X(INT8, int8_t)                                                                                \
    X(INT16, int16_t)                                                                              \
    X(INT32, int32_t)                                                                              \
    X(INT64, int64_t)                                                                              \
    X(UINT8, uint8_t)                                                                              \
    X(UINT16, uint16_t)                                                                            \
    X(UINT32, uint32_t)                                                                            \
    X(UINT64, uint64_t)                                                                            \
    X(AINT, MPI_Aint)                                                                              \
    X(FLOAT, float)                                                                                \
    X(DOUBLE, double)                                                                              \
    X(LONG_DOUBLE, long double)                                                                    \
    X(BOOL, _Bool)                                                                                 \
    X(LOGICAL, int)                                                                                \
    X(FLOAT_COMPLEX, float _Complex)                                                               \
    X(DOUBLE_COMPLEX, double _Complex)                                                             \
    X(LONG_DOUBLE_COMPLEX, long double _Complex)

enum smpi_type_kind {
    SMPI_KIND_NONE, /* no single basic kind (MPI_LB, MPI_UB, mixed derived types) */
#define SMPI_KIND_ENUM(K, T) SMPI_KIND_##K,
    SMPI_SCALAR_KINDS(SMPI_KIND_ENUM)
#undef SMPI_KIND_ENUM
#define SMPI_KIND_ENUM(K, suffix, V, I) SMPI_KIND_##K,
        SMPI_PAIR_KINDS(SMPI_KIND_ENUM)
#undef SMPI_KIND_ENUM
            SMPI_KIND_COUNT,
};

/* Type categories of MPI-3.1 section 5.9.2, one bit each: a predefined op lists the categories
 * it accepts, so MPI_LAND refuses MPI_INTEGER (Fortran integer) although it accepts MPI_INT,
 * which has the same C kind. Derived types take the category of their basic type. */
enum smpi_type_class {
    SMPI_CLASS_NONE = 0,            /* MPI_WCHAR, MPI_CHARACTER, MPI_PACKED, MPI_LB, ... */
    SMPI_CLASS_C_INTEGER = 1u << 0, /* MPI_INT, MPI_CHAR (as MPICH and SMPI), MPI_INT8_T, ... */
    SMPI_CLASS_F_INTEGER = 1u << 1, /* MPI_INTEGER, MPI_INTEGER1..8 */
    SMPI_CLASS_FLOATING = 1u << 2,  /* MPI_FLOAT, MPI_REAL, MPI_REAL4, ... */
    SMPI_CLASS_LOGICAL = 1u << 3,   /* MPI_LOGICAL, MPI_C_BOOL, MPI_CXX_BOOL */
    SMPI_CLASS_COMPLEX = 1u << 4,   /* MPI_COMPLEX, MPI_C_DOUBLE_COMPLEX, ... */
    SMPI_CLASS_BYTE = 1u << 5,      /* MPI_BYTE */
    SMPI_CLASS_MULTILANG = 1u << 6, /* MPI_AINT, MPI_OFFSET, MPI_COUNT */
    SMPI_CLASS_PAIR = 1u << 7,      /* MPI_2INT, MPI_DOUBLE_INT, ... (MINLOC/MAXLOC) */
};

enum smpi_type_flags {
    SMPI_TYPE_PREDEFINED = 1u << 0,
    SMPI_TYPE_COMMITTED = 1u << 1,
    /* One element's data is the single byte run [true_lb, true_lb + size) and extent == size,
     * so count elements are one run of count * size bytes. */
    SMPI_TYPE_CONTIGUOUS = 1u << 2,
    /* The lower / upper bound was set explicitly (MPI_LB/MPI_UB markers, create_resized,
     * subarray) and stays when the type is nested. */
    SMPI_TYPE_HAS_LB = 1u << 3,
    SMPI_TYPE_HAS_UB = 1u << 4,
    /* The handle's type was freed (MPI_Type_free and no reference left) and no new type has
     * reused it yet (datatype_build.c). */
    SMPI_TYPE_FREED = 1u << 5,
};

/* One run of bytes of an element, at offset bytes from the element's start (may be < 0). */
struct smpi_type_block {
    MPI_Aint offset;
    size_t length;
};

/* A datatype. Derived constructors fill the same fields: blocks is the flattened element,
 * adjacent runs merged, so pack/unpack/copy/reduce need no per-constructor code (large types
 * get it on first use: call smpi__type_flatten before reading blocks); contents keeps the
 * constructor arguments for MPI_Type_get_envelope/contents. */
struct smpi_datatype {
    size_t size; /* bytes of data in one element */
    MPI_Aint lb; /* extent = ub - lb */
    MPI_Aint ub;
    MPI_Aint true_lb; /* first and one-past-last byte touched by one element */
    MPI_Aint true_ub;
    unsigned flags;           /* enum smpi_type_flags */
    enum smpi_type_kind kind; /* basic kind of every piece, or SMPI_KIND_NONE */
    unsigned opclass;         /* enum smpi_type_class of the basic type, or SMPI_CLASS_NONE */
    int combiner;             /* MPI_COMBINER_NAMED for predefined types */
    struct smpi_type_contents *contents; /* constructor arguments of a derived type, or NULL */
    int nblocks;
    struct smpi_type_block *blocks; /* in packing order; static for predefined types */
    int refcount;
    char name[MPI_MAX_OBJECT_NAME];
    struct smpi_attr_list *attrs; /* cached attributes (attr.c), or NULL */
    MPI_Aint align;               /* alignment (predefined: _Alignof; 0: from the extent) */
    /* The basic elements of one element of a derived type, in packing order, as runs of n
     * elements of the same size (MPI_Get_elements); a predefined type has one per block. */
    int nruns;
    struct smpi_type_run *runs;
    /* A large type is flattened on first use (datatype_build.c): until then blocks is NULL and
     * lazy holds its pieces, and blocks_bound bounds the blocks it will have. */
    struct smpi_type_lazy *lazy;
    double blocks_bound;
};

struct smpi_type_run {
    size_t size;
    MPI_Count n;
    enum smpi_type_kind kind; /* of the predefined type the elements come from */
};

/* True if count elements of t are one run of count * size bytes starting at true_lb. */
static inline bool smpi_type_is_contiguous(MPI_Datatype t)
{
    return (t->flags & SMPI_TYPE_CONTIGUOUS) != 0;
}

/* The predefined datatype whose element is one basic item of kind (MPI_INT for INT). */
MPI_Datatype smpi__kind_type(enum smpi_type_kind kind);

/* Packs count elements of t at buf into out (count * size bytes); returns the bytes written. */
size_t smpi__type_pack(const void *buf, int count, MPI_Datatype t, void *out);
/* Unpacks at most bytes bytes from in into count elements of t at buf (a partial element gets
 * its leading bytes); returns the bytes consumed. */
size_t smpi__type_unpack(const void *in, size_t bytes, void *buf, int count, MPI_Datatype t);

/* Computes t's blocks if it was built without them (a large type); cheap when it has them. */
void smpi__type_flatten(MPI_Datatype t);

/* References held on a derived datatype by its handle, by the types built on it and by the
 * requests using it (datatype_ctor.c); predefined types are never counted. */
void smpi__type_ref(MPI_Datatype t);
/* smpi__type_unref accepts NULL (MPI_DATATYPE_NULL), as free() does. */
void smpi__type_unref(MPI_Datatype t);
/* Basic elements in the first `bytes` bytes of a message of type t, or -1 when they end inside
 * a basic element (MPI_Get_elements). */
MPI_Count smpi__type_elements(MPI_Datatype t, MPI_Count bytes);
/* The bytes the first `elements` basic elements of a message of type t occupy
 * (MPI_Status_set_elements). */
MPI_Count smpi__type_elements_bytes(MPI_Datatype t, MPI_Count elements);
/* MPI_Type_commit's work (predefined types are committed already) and MPI_Type_set_name's (at
 * most MPI_MAX_OBJECT_NAME - 1 characters kept). */
void smpi__type_commit(MPI_Datatype type);
void smpi__type_set_name(MPI_Datatype type, const char *name);

/* The derived datatype constructors' work once the binding has checked the arguments
 * (datatype_ctor.c): each returns the new type, holding its constructor arguments for
 * MPI_Type_get_contents. smpi__type_indexed serves the four indexed constructors: block lengths
 * lens (or the one length len when lens is NULL), displacements in elements (idisps) or in
 * bytes (adisps). */
MPI_Datatype smpi__type_contiguous(int count, MPI_Datatype old);
/* MPI_Type_contiguous_c and MPI_Type_create_hindexed_c: any count. Given one above INT_MAX,
 * the type's contents are large counts (count, then block lengths, then displacements) and
 * its datatype. */
MPI_Datatype smpi__type_contiguous_c(MPI_Count count, MPI_Datatype old);
MPI_Datatype smpi__type_hindexed_c(MPI_Count count, const MPI_Count *lens, const MPI_Count *disps,
                                   MPI_Datatype old);
/* How many large counts a type's constructor kept (MPI_Type_get_envelope_c), or 0;
 * smpi__type_large_contents copies them. */
int smpi__type_large_count(MPI_Datatype t);
void smpi__type_large_contents(MPI_Datatype t, MPI_Count *larges);
MPI_Datatype smpi__type_vector(int count, int blocklength, int stride, MPI_Datatype old);
MPI_Datatype smpi__type_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype old);
MPI_Datatype smpi__type_indexed(int combiner, int count, const int *lens, int len,
                                const int *idisps, const MPI_Aint *adisps, MPI_Datatype old);
MPI_Datatype smpi__type_struct(int count, const int *lens, const MPI_Aint *disps,
                               const MPI_Datatype *types);
MPI_Datatype smpi__type_resized(MPI_Datatype old, MPI_Aint lb, MPI_Aint extent);
MPI_Datatype smpi__type_subarray(int ndims, const int *sizes, const int *subsizes,
                                 const int *starts, int order, MPI_Datatype old);
/* *out := a copy of old with its attributes copied; returns the error class of a failed copy
 * callback (then *out is MPI_DATATYPE_NULL). */
int smpi__type_dup(MPI_Datatype old, MPI_Datatype *out);
/* MPI_Type_create_f90_real/complex/integer (combiner MPI_COMBINER_F90_*; p unused for
 * integers): a type kept for the whole run, or MPI_DATATYPE_NULL when no kind fits. */
MPI_Datatype smpi__type_f90(int combiner, int p, int r);
/* *out := the darray type of rank in a grid of size processes; returns -1, or the dimension
 * whose gsize, distribution, darg and psize are inconsistent (then *out is untouched). */
int smpi__type_darray(int size, int rank, int ndims, const int *gsizes, const int *distribs,
                      const int *dargs, const int *psizes, int order, MPI_Datatype old,
                      MPI_Datatype *out);
/* Deletes the attributes of a derived type and drops the handle's reference (*type :=
 * MPI_DATATYPE_NULL); returns the error class of a failed delete callback (nothing freed). */
int smpi__type_free(MPI_Datatype *type);
/* The numbers of integers, addresses and datatypes kept by t's constructor (0 for a
 * predefined type); false when t has none. smpi__type_contents copies them (each datatype gets
 * a reference). */
bool smpi__type_envelope(MPI_Datatype t, int *ni, int *na, int *nd);
void smpi__type_contents(MPI_Datatype t, int *ints, MPI_Aint *addrs, MPI_Datatype *types);

/* external32 (datatype_ctor.c): *bytes := the size of count elements of t, or false when t holds
 * elements simmpi does not convert (long double, pairs with long or long double). Packing
 * returns MPI_ERR_CONVERSION when a long or wchar_t value does not fit its external32 size. */
bool smpi__type_external_size(MPI_Datatype t, int count, MPI_Aint *bytes);
int smpi__type_pack_external(const void *inbuf, int count, MPI_Datatype t, void *out);
void smpi__type_unpack_external(const void *in, void *outbuf, int count, MPI_Datatype t);

#endif /* SMPI_DATATYPE_H */
