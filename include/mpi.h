/* mpi.h: the MPI-3.1 C interface of simmpi. Handles are pointers to library-owned structs;
 * predefined handles are the addresses of objects exported by the library. Every function
 * exists as MPI_<name> and as its profiling twin PMPI_<name>. */
#ifndef SMPI_MPI_H
#define SMPI_MPI_H

#include <stddef.h>
/* SMPI's mpi.h includes <stdio.h>, and programs written against it use stderr without including
 * it themselves (MPICH's coll/allgatherv4, comm/cmfree2, pt2pt/pssend): so does this one. */
#include <stdio.h>

#define SMPI_API __attribute__((visibility("default")))

#ifdef __cplusplus
extern "C" {
#endif

#define MPI_VERSION 3
#define MPI_SUBVERSION 1

/* ---- Handle and scalar types ---- */
typedef struct smpi_comm *MPI_Comm;
typedef struct smpi_datatype *MPI_Datatype;
typedef struct smpi_op *MPI_Op;
typedef struct smpi_request *MPI_Request;
typedef struct smpi_group *MPI_Group;
typedef struct smpi_errhandler *MPI_Errhandler;
typedef struct smpi_info *MPI_Info;
typedef struct smpi_win *MPI_Win;
typedef struct smpi_file *MPI_File;
typedef struct smpi_message *MPI_Message;
typedef struct smpi_t_enum *MPI_T_enum;
typedef struct smpi_t_cvar_handle *MPI_T_cvar_handle;
typedef struct smpi_t_pvar_handle *MPI_T_pvar_handle;
typedef struct smpi_t_pvar_session *MPI_T_pvar_session;

typedef ptrdiff_t MPI_Aint;
typedef long long MPI_Offset;
typedef long long MPI_Count;
typedef int MPI_Fint;

/* smpi_count is the number of bytes received. */
typedef struct MPI_Status {
    int MPI_SOURCE;
    int MPI_TAG;
    int MPI_ERROR;
    int smpi_cancelled;
    MPI_Count smpi_count;
} MPI_Status;

/* ---- Null handles ---- */
#define MPI_COMM_NULL ((MPI_Comm)0)
#define MPI_DATATYPE_NULL ((MPI_Datatype)0)
#define MPI_OP_NULL ((MPI_Op)0)
#define MPI_REQUEST_NULL ((MPI_Request)0)
#define MPI_GROUP_NULL ((MPI_Group)0)
#define MPI_ERRHANDLER_NULL ((MPI_Errhandler)0)
#define MPI_INFO_NULL ((MPI_Info)0)
#define MPI_WIN_NULL ((MPI_Win)0)
#define MPI_FILE_NULL ((MPI_File)0)
#define MPI_MESSAGE_NULL ((MPI_Message)0)
#define MPI_T_ENUM_NULL ((MPI_T_enum)0)
#define MPI_T_CVAR_HANDLE_NULL ((MPI_T_cvar_handle)0)
#define MPI_T_PVAR_HANDLE_NULL ((MPI_T_pvar_handle)0)
#define MPI_T_PVAR_SESSION_NULL ((MPI_T_pvar_session)0)

/* ---- Error classes ---- */
#define MPI_SUCCESS 0
#define MPI_ERR_BUFFER 1
#define MPI_ERR_COUNT 2
#define MPI_ERR_TYPE 3
#define MPI_ERR_TAG 4
#define MPI_ERR_COMM 5
#define MPI_ERR_RANK 6
#define MPI_ERR_REQUEST 7
#define MPI_ERR_ROOT 8
#define MPI_ERR_GROUP 9
#define MPI_ERR_OP 10
#define MPI_ERR_TOPOLOGY 11
#define MPI_ERR_DIMS 12
#define MPI_ERR_ARG 13
#define MPI_ERR_UNKNOWN 14
#define MPI_ERR_TRUNCATE 15
#define MPI_ERR_OTHER 16
#define MPI_ERR_INTERN 17
#define MPI_ERR_IN_STATUS 18
#define MPI_ERR_PENDING 19
#define MPI_ERR_KEYVAL 20
#define MPI_ERR_NO_MEM 21
#define MPI_ERR_BASE 22
#define MPI_ERR_INFO_KEY 23
#define MPI_ERR_INFO_VALUE 24
#define MPI_ERR_INFO_NOKEY 25
#define MPI_ERR_SPAWN 26
#define MPI_ERR_PORT 27
#define MPI_ERR_SERVICE 28
#define MPI_ERR_NAME 29
#define MPI_ERR_WIN 30
#define MPI_ERR_SIZE 31
#define MPI_ERR_DISP 32
#define MPI_ERR_INFO 33
#define MPI_ERR_LOCKTYPE 34
#define MPI_ERR_ASSERT 35
#define MPI_ERR_RMA_CONFLICT 36
#define MPI_ERR_RMA_SYNC 37
#define MPI_ERR_FILE 38
#define MPI_ERR_NOT_SAME 39
#define MPI_ERR_AMODE 40
#define MPI_ERR_UNSUPPORTED_DATAREP 41
#define MPI_ERR_UNSUPPORTED_OPERATION 42
#define MPI_ERR_NO_SUCH_FILE 43
#define MPI_ERR_FILE_EXISTS 44
#define MPI_ERR_BAD_FILE 45
#define MPI_ERR_ACCESS 46
#define MPI_ERR_NO_SPACE 47
#define MPI_ERR_QUOTA 48
#define MPI_ERR_READ_ONLY 49
#define MPI_ERR_FILE_IN_USE 50
#define MPI_ERR_DUP_DATAREP 51
#define MPI_ERR_CONVERSION 52
#define MPI_ERR_IO 53
#define MPI_ERR_RMA_RANGE 54
#define MPI_ERR_RMA_ATTACH 55
#define MPI_ERR_RMA_SHARED 56
#define MPI_ERR_RMA_FLAVOR 57
#define MPI_T_ERR_MEMORY 58
#define MPI_T_ERR_NOT_INITIALIZED 59
#define MPI_T_ERR_CANNOT_INIT 60
#define MPI_T_ERR_INVALID_INDEX 61
#define MPI_T_ERR_INVALID_ITEM 62
#define MPI_T_ERR_INVALID_HANDLE 63
#define MPI_T_ERR_OUT_OF_HANDLES 64
#define MPI_T_ERR_OUT_OF_SESSIONS 65
#define MPI_T_ERR_INVALID_SESSION 66
#define MPI_T_ERR_CVAR_SET_NOT_NOW 67
#define MPI_T_ERR_CVAR_SET_NEVER 68
#define MPI_T_ERR_PVAR_NO_STARTSTOP 69
#define MPI_T_ERR_PVAR_NO_WRITE 70
#define MPI_T_ERR_PVAR_NO_ATOMIC 71
#define MPI_T_ERR_INVALID_NAME 72
#define MPI_T_ERR_INVALID 73
#define MPI_ERR_LASTCODE 80

/* ---- Ranks, tags, special values ---- */
#define MPI_ANY_SOURCE (-1)
#define MPI_PROC_NULL (-2)
#define MPI_ROOT (-3)
#define MPI_ANY_TAG (-1)
#define MPI_UNDEFINED (-32766)
#define MPI_KEYVAL_INVALID (-1)

#define MPI_BOTTOM ((void *)0)
#define MPI_IN_PLACE ((void *)-1)
#define MPI_STATUS_IGNORE ((MPI_Status *)0)
#define MPI_STATUSES_IGNORE ((MPI_Status *)0)
#define MPI_ERRCODES_IGNORE ((int *)0)
#define MPI_ARGV_NULL ((char **)0)
#define MPI_ARGVS_NULL ((char ***)0)
#define MPI_F_STATUS_IGNORE ((MPI_Fint *)0)
#define MPI_F_STATUSES_IGNORE ((MPI_Fint *)0)
/* A Fortran status: source, tag, error, cancelled, then the byte count in two halves. */
#define MPI_F_STATUS_SIZE 6
#define MPI_F_SOURCE 0
#define MPI_F_TAG 1
#define MPI_F_ERROR 2
#define MPI_UNWEIGHTED ((int *)1)
#define MPI_WEIGHTS_EMPTY ((int *)2)

#define MPI_MAX_PROCESSOR_NAME 256
#define MPI_MAX_ERROR_STRING 256
#define MPI_MAX_OBJECT_NAME 128
#define MPI_MAX_LIBRARY_VERSION_STRING 256
#define MPI_MAX_INFO_KEY 255
#define MPI_MAX_INFO_VAL 1024
#define MPI_MAX_PORT_NAME 256
#define MPI_MAX_DATAREP_STRING 128
#define MPI_BSEND_OVERHEAD 32

#define MPI_THREAD_SINGLE 0
#define MPI_THREAD_FUNNELED 1
#define MPI_THREAD_SERIALIZED 2
#define MPI_THREAD_MULTIPLE 3

/* Results of MPI_Comm_compare and MPI_Group_compare. */
#define MPI_IDENT 0
#define MPI_CONGRUENT 1
#define MPI_SIMILAR 2
#define MPI_UNEQUAL 3

/* Predefined attribute keys. */
#define MPI_TAG_UB 1
#define MPI_HOST 2
#define MPI_IO 3
#define MPI_WTIME_IS_GLOBAL 4
#define MPI_UNIVERSE_SIZE 5
#define MPI_APPNUM 6
#define MPI_LASTUSEDCODE 7
#define MPI_WIN_BASE 8
#define MPI_WIN_SIZE 9
#define MPI_WIN_DISP_UNIT 10
#define MPI_WIN_CREATE_FLAVOR 11
#define MPI_WIN_MODEL 12

#define MPI_WIN_FLAVOR_CREATE 1
#define MPI_WIN_FLAVOR_ALLOCATE 2
#define MPI_WIN_FLAVOR_DYNAMIC 3
#define MPI_WIN_FLAVOR_SHARED 4
#define MPI_WIN_SEPARATE 1
#define MPI_WIN_UNIFIED 2

/* Topologies. */
#define MPI_GRAPH 1
#define MPI_CART 2
#define MPI_DIST_GRAPH 3

/* Datatype constructors (MPI_Type_get_envelope). */
#define MPI_COMBINER_NAMED 1
#define MPI_COMBINER_DUP 2
#define MPI_COMBINER_CONTIGUOUS 3
#define MPI_COMBINER_VECTOR 4
#define MPI_COMBINER_HVECTOR_INTEGER 5
#define MPI_COMBINER_HVECTOR 6
#define MPI_COMBINER_INDEXED 7
#define MPI_COMBINER_HINDEXED_INTEGER 8
#define MPI_COMBINER_HINDEXED 9
#define MPI_COMBINER_INDEXED_BLOCK 10
#define MPI_COMBINER_HINDEXED_BLOCK 11
#define MPI_COMBINER_STRUCT_INTEGER 12
#define MPI_COMBINER_STRUCT 13
#define MPI_COMBINER_SUBARRAY 14
#define MPI_COMBINER_DARRAY 15
#define MPI_COMBINER_F90_REAL 16
#define MPI_COMBINER_F90_COMPLEX 17
#define MPI_COMBINER_F90_INTEGER 18
#define MPI_COMBINER_RESIZED 19

#define MPI_ORDER_C 56
#define MPI_ORDER_FORTRAN 57
#define MPI_DISTRIBUTE_BLOCK 121
#define MPI_DISTRIBUTE_CYCLIC 122
#define MPI_DISTRIBUTE_NONE 123
#define MPI_DISTRIBUTE_DFLT_DARG (-49767)

#define MPI_COMM_TYPE_SHARED 1

#define MPI_TYPECLASS_REAL 1
#define MPI_TYPECLASS_INTEGER 2
#define MPI_TYPECLASS_COMPLEX 3

/* RMA assertions. */
#define MPI_MODE_NOCHECK 1024
#define MPI_MODE_NOSTORE 2048
#define MPI_MODE_NOPUT 4096
#define MPI_MODE_NOPRECEDE 8192
#define MPI_MODE_NOSUCCEED 16384
/* File access modes. */
#define MPI_MODE_CREATE 1
#define MPI_MODE_RDONLY 2
#define MPI_MODE_WRONLY 4
#define MPI_MODE_RDWR 8
#define MPI_MODE_DELETE_ON_CLOSE 16
#define MPI_MODE_UNIQUE_OPEN 32
#define MPI_MODE_EXCL 64
#define MPI_MODE_APPEND 128
#define MPI_MODE_SEQUENTIAL 256

#define MPI_LOCK_EXCLUSIVE 234
#define MPI_LOCK_SHARED 235

#define MPI_SEEK_SET 600
#define MPI_SEEK_CUR 602
#define MPI_SEEK_END 604
#define MPI_DISPLACEMENT_CURRENT (-54278278)

/* Tools interface. */
#define MPI_T_VERBOSITY_USER_BASIC 221
#define MPI_T_VERBOSITY_USER_DETAIL 222
#define MPI_T_VERBOSITY_USER_ALL 223
#define MPI_T_VERBOSITY_TUNER_BASIC 224
#define MPI_T_VERBOSITY_TUNER_DETAIL 225
#define MPI_T_VERBOSITY_TUNER_ALL 226
#define MPI_T_VERBOSITY_MPIDEV_BASIC 227
#define MPI_T_VERBOSITY_MPIDEV_DETAIL 228
#define MPI_T_VERBOSITY_MPIDEV_ALL 229
#define MPI_T_BIND_NO_OBJECT 9700
#define MPI_T_BIND_MPI_COMM 9701
#define MPI_T_BIND_MPI_DATATYPE 9702
#define MPI_T_BIND_MPI_ERRHANDLER 9703
#define MPI_T_BIND_MPI_FILE 9704
#define MPI_T_BIND_MPI_GROUP 9705
#define MPI_T_BIND_MPI_OP 9706
#define MPI_T_BIND_MPI_REQUEST 9707
#define MPI_T_BIND_MPI_WIN 9708
#define MPI_T_BIND_MPI_MESSAGE 9709
#define MPI_T_BIND_MPI_INFO 9710
#define MPI_T_SCOPE_CONSTANT 60438
#define MPI_T_SCOPE_READONLY 60439
#define MPI_T_SCOPE_LOCAL 60440
#define MPI_T_SCOPE_GROUP 60441
#define MPI_T_SCOPE_GROUP_EQ 60442
#define MPI_T_SCOPE_ALL 60443
#define MPI_T_SCOPE_ALL_EQ 60444
#define MPI_T_PVAR_CLASS_STATE 240
#define MPI_T_PVAR_CLASS_LEVEL 241
#define MPI_T_PVAR_CLASS_SIZE 242
#define MPI_T_PVAR_CLASS_PERCENTAGE 243
#define MPI_T_PVAR_CLASS_HIGHWATERMARK 244
#define MPI_T_PVAR_CLASS_LOWWATERMARK 245
#define MPI_T_PVAR_CLASS_COUNTER 246
#define MPI_T_PVAR_CLASS_AGGREGATE 247
#define MPI_T_PVAR_CLASS_TIMER 248
#define MPI_T_PVAR_CLASS_GENERIC 249
#define MPI_T_PVAR_ALL_HANDLES ((MPI_T_pvar_handle)-1)
/* MPI-4 tool interface additions */
#define MPI_T_BIND_MPI_SESSION 9711
typedef enum { MPI_T_SOURCE_ORDERED, MPI_T_SOURCE_UNORDERED } MPI_T_source_order;

/* ---- Predefined objects ---- */
extern SMPI_API struct smpi_comm smpi_mpi_comm_world;
extern SMPI_API struct smpi_comm smpi_mpi_comm_self;
extern SMPI_API struct smpi_errhandler smpi_mpi_errors_are_fatal;
extern SMPI_API struct smpi_errhandler smpi_mpi_errors_return;
extern SMPI_API struct smpi_group smpi_mpi_group_empty;
extern SMPI_API struct smpi_info smpi_mpi_info_env;
extern SMPI_API struct smpi_message smpi_mpi_message_no_proc;
#define MPI_COMM_WORLD (&smpi_mpi_comm_world)
#define MPI_COMM_SELF (&smpi_mpi_comm_self)
#define MPI_ERRORS_ARE_FATAL (&smpi_mpi_errors_are_fatal)
#define MPI_ERRORS_RETURN (&smpi_mpi_errors_return)
#define MPI_GROUP_EMPTY (&smpi_mpi_group_empty)
#define MPI_INFO_ENV (&smpi_mpi_info_env)
#define MPI_MESSAGE_NO_PROC (&smpi_mpi_message_no_proc)

#define SMPI_DECLARE_TYPE(n) extern SMPI_API struct smpi_datatype smpi_mpi_##n;
SMPI_DECLARE_TYPE(char)
SMPI_DECLARE_TYPE(signed_char)
SMPI_DECLARE_TYPE(unsigned_char)
SMPI_DECLARE_TYPE(byte)
SMPI_DECLARE_TYPE(wchar)
SMPI_DECLARE_TYPE(short)
SMPI_DECLARE_TYPE(unsigned_short)
SMPI_DECLARE_TYPE(int)
SMPI_DECLARE_TYPE(unsigned)
SMPI_DECLARE_TYPE(long)
SMPI_DECLARE_TYPE(unsigned_long)
SMPI_DECLARE_TYPE(long_long_int)
SMPI_DECLARE_TYPE(long_long)
SMPI_DECLARE_TYPE(unsigned_long_long)
SMPI_DECLARE_TYPE(float)
SMPI_DECLARE_TYPE(double)
SMPI_DECLARE_TYPE(long_double)
SMPI_DECLARE_TYPE(c_bool)
SMPI_DECLARE_TYPE(int8_t)
SMPI_DECLARE_TYPE(int16_t)
SMPI_DECLARE_TYPE(int32_t)
SMPI_DECLARE_TYPE(int64_t)
SMPI_DECLARE_TYPE(uint8_t)
SMPI_DECLARE_TYPE(uint16_t)
SMPI_DECLARE_TYPE(uint32_t)
SMPI_DECLARE_TYPE(uint64_t)
SMPI_DECLARE_TYPE(c_complex)
SMPI_DECLARE_TYPE(c_float_complex)
SMPI_DECLARE_TYPE(c_double_complex)
SMPI_DECLARE_TYPE(c_long_double_complex)
SMPI_DECLARE_TYPE(aint)
SMPI_DECLARE_TYPE(offset)
SMPI_DECLARE_TYPE(count)
SMPI_DECLARE_TYPE(packed)
SMPI_DECLARE_TYPE(lb)
SMPI_DECLARE_TYPE(ub)
SMPI_DECLARE_TYPE(float_int)
SMPI_DECLARE_TYPE(double_int)
SMPI_DECLARE_TYPE(long_int)
SMPI_DECLARE_TYPE(2int)
SMPI_DECLARE_TYPE(short_int)
SMPI_DECLARE_TYPE(long_double_int)
SMPI_DECLARE_TYPE(integer)
SMPI_DECLARE_TYPE(real)
SMPI_DECLARE_TYPE(double_precision)
SMPI_DECLARE_TYPE(complex)
SMPI_DECLARE_TYPE(double_complex)
SMPI_DECLARE_TYPE(logical)
SMPI_DECLARE_TYPE(character)
SMPI_DECLARE_TYPE(2real)
SMPI_DECLARE_TYPE(2double_precision)
SMPI_DECLARE_TYPE(2integer)
SMPI_DECLARE_TYPE(integer1)
SMPI_DECLARE_TYPE(integer2)
SMPI_DECLARE_TYPE(integer4)
SMPI_DECLARE_TYPE(integer8)
SMPI_DECLARE_TYPE(real4)
SMPI_DECLARE_TYPE(real8)
SMPI_DECLARE_TYPE(complex8)
SMPI_DECLARE_TYPE(complex16)
SMPI_DECLARE_TYPE(cxx_bool)
SMPI_DECLARE_TYPE(cxx_float_complex)
SMPI_DECLARE_TYPE(cxx_double_complex)
SMPI_DECLARE_TYPE(cxx_long_double_complex)
#undef SMPI_DECLARE_TYPE

#define MPI_CHAR (&smpi_mpi_char)
#define MPI_SIGNED_CHAR (&smpi_mpi_signed_char)
#define MPI_UNSIGNED_CHAR (&smpi_mpi_unsigned_char)
#define MPI_BYTE (&smpi_mpi_byte)
#define MPI_WCHAR (&smpi_mpi_wchar)
#define MPI_SHORT (&smpi_mpi_short)
#define MPI_UNSIGNED_SHORT (&smpi_mpi_unsigned_short)
#define MPI_INT (&smpi_mpi_int)
#define MPI_UNSIGNED (&smpi_mpi_unsigned)
#define MPI_LONG (&smpi_mpi_long)
#define MPI_UNSIGNED_LONG (&smpi_mpi_unsigned_long)
#define MPI_LONG_LONG_INT (&smpi_mpi_long_long_int)
#define MPI_LONG_LONG (&smpi_mpi_long_long)
#define MPI_UNSIGNED_LONG_LONG (&smpi_mpi_unsigned_long_long)
#define MPI_FLOAT (&smpi_mpi_float)
#define MPI_DOUBLE (&smpi_mpi_double)
#define MPI_LONG_DOUBLE (&smpi_mpi_long_double)
#define MPI_C_BOOL (&smpi_mpi_c_bool)
#define MPI_INT8_T (&smpi_mpi_int8_t)
#define MPI_INT16_T (&smpi_mpi_int16_t)
#define MPI_INT32_T (&smpi_mpi_int32_t)
#define MPI_INT64_T (&smpi_mpi_int64_t)
#define MPI_UINT8_T (&smpi_mpi_uint8_t)
#define MPI_UINT16_T (&smpi_mpi_uint16_t)
#define MPI_UINT32_T (&smpi_mpi_uint32_t)
#define MPI_UINT64_T (&smpi_mpi_uint64_t)
#define MPI_C_COMPLEX (&smpi_mpi_c_complex)
#define MPI_C_FLOAT_COMPLEX (&smpi_mpi_c_float_complex)
#define MPI_C_DOUBLE_COMPLEX (&smpi_mpi_c_double_complex)
#define MPI_C_LONG_DOUBLE_COMPLEX (&smpi_mpi_c_long_double_complex)
#define MPI_AINT (&smpi_mpi_aint)
#define MPI_OFFSET (&smpi_mpi_offset)
#define MPI_COUNT (&smpi_mpi_count)
#define MPI_PACKED (&smpi_mpi_packed)
#define MPI_LB (&smpi_mpi_lb)
#define MPI_UB (&smpi_mpi_ub)
#define MPI_FLOAT_INT (&smpi_mpi_float_int)
#define MPI_DOUBLE_INT (&smpi_mpi_double_int)
#define MPI_LONG_INT (&smpi_mpi_long_int)
#define MPI_2INT (&smpi_mpi_2int)
#define MPI_SHORT_INT (&smpi_mpi_short_int)
#define MPI_LONG_DOUBLE_INT (&smpi_mpi_long_double_int)
#define MPI_INTEGER (&smpi_mpi_integer)
#define MPI_REAL (&smpi_mpi_real)
#define MPI_DOUBLE_PRECISION (&smpi_mpi_double_precision)
#define MPI_COMPLEX (&smpi_mpi_complex)
#define MPI_DOUBLE_COMPLEX (&smpi_mpi_double_complex)
#define MPI_LOGICAL (&smpi_mpi_logical)
#define MPI_CHARACTER (&smpi_mpi_character)
#define MPI_2REAL (&smpi_mpi_2real)
#define MPI_2DOUBLE_PRECISION (&smpi_mpi_2double_precision)
#define MPI_2INTEGER (&smpi_mpi_2integer)
#define MPI_INTEGER1 (&smpi_mpi_integer1)
#define MPI_INTEGER2 (&smpi_mpi_integer2)
#define MPI_INTEGER4 (&smpi_mpi_integer4)
#define MPI_INTEGER8 (&smpi_mpi_integer8)
#define MPI_REAL4 (&smpi_mpi_real4)
#define MPI_REAL8 (&smpi_mpi_real8)
#define MPI_COMPLEX8 (&smpi_mpi_complex8)
#define MPI_COMPLEX16 (&smpi_mpi_complex16)
/* Optional Fortran types with no matching C type here (MPI-3.1 3.2.2 lets them be null). */
#define MPI_INTEGER16 MPI_DATATYPE_NULL
#define MPI_REAL2 MPI_DATATYPE_NULL
#define MPI_REAL16 MPI_DATATYPE_NULL
#define MPI_COMPLEX4 MPI_DATATYPE_NULL
#define MPI_COMPLEX32 MPI_DATATYPE_NULL
#define MPI_CXX_BOOL (&smpi_mpi_cxx_bool)
#define MPI_CXX_FLOAT_COMPLEX (&smpi_mpi_cxx_float_complex)
#define MPI_CXX_DOUBLE_COMPLEX (&smpi_mpi_cxx_double_complex)
#define MPI_CXX_LONG_DOUBLE_COMPLEX (&smpi_mpi_cxx_long_double_complex)

extern SMPI_API struct smpi_op smpi_mpi_max;
extern SMPI_API struct smpi_op smpi_mpi_min;
extern SMPI_API struct smpi_op smpi_mpi_sum;
extern SMPI_API struct smpi_op smpi_mpi_prod;
extern SMPI_API struct smpi_op smpi_mpi_land;
extern SMPI_API struct smpi_op smpi_mpi_band;
extern SMPI_API struct smpi_op smpi_mpi_lor;
extern SMPI_API struct smpi_op smpi_mpi_bor;
extern SMPI_API struct smpi_op smpi_mpi_lxor;
extern SMPI_API struct smpi_op smpi_mpi_bxor;
extern SMPI_API struct smpi_op smpi_mpi_minloc;
extern SMPI_API struct smpi_op smpi_mpi_maxloc;
extern SMPI_API struct smpi_op smpi_mpi_replace;
extern SMPI_API struct smpi_op smpi_mpi_no_op;
#define MPI_MAX (&smpi_mpi_max)
#define MPI_MIN (&smpi_mpi_min)
#define MPI_SUM (&smpi_mpi_sum)
#define MPI_PROD (&smpi_mpi_prod)
#define MPI_LAND (&smpi_mpi_land)
#define MPI_BAND (&smpi_mpi_band)
#define MPI_LOR (&smpi_mpi_lor)
#define MPI_BOR (&smpi_mpi_bor)
#define MPI_LXOR (&smpi_mpi_lxor)
#define MPI_BXOR (&smpi_mpi_bxor)
#define MPI_MINLOC (&smpi_mpi_minloc)
#define MPI_MAXLOC (&smpi_mpi_maxloc)
#define MPI_REPLACE (&smpi_mpi_replace)
#define MPI_NO_OP (&smpi_mpi_no_op)

/* ---- Callback types ---- */
typedef void MPI_User_function(void *invec, void *inoutvec, int *len, MPI_Datatype *datatype);
typedef int MPI_Comm_copy_attr_function(MPI_Comm oldcomm, int comm_keyval, void *extra_state,
                                        void *attribute_val_in, void *attribute_val_out, int *flag);
typedef int MPI_Comm_delete_attr_function(MPI_Comm comm, int comm_keyval, void *attribute_val,
                                          void *extra_state);
typedef int MPI_Type_copy_attr_function(MPI_Datatype oldtype, int type_keyval, void *extra_state,
                                        void *attribute_val_in, void *attribute_val_out, int *flag);
typedef int MPI_Type_delete_attr_function(MPI_Datatype datatype, int type_keyval,
                                          void *attribute_val, void *extra_state);
typedef int MPI_Win_copy_attr_function(MPI_Win oldwin, int win_keyval, void *extra_state,
                                       void *attribute_val_in, void *attribute_val_out, int *flag);
typedef int MPI_Win_delete_attr_function(MPI_Win win, int win_keyval, void *attribute_val,
                                         void *extra_state);
/* Deprecated MPI-1 attribute callbacks. */
typedef int MPI_Copy_function(MPI_Comm oldcomm, int keyval, void *extra_state,
                              void *attribute_val_in, void *attribute_val_out, int *flag);
typedef int MPI_Delete_function(MPI_Comm comm, int keyval, void *attribute_val, void *extra_state);

typedef void MPI_Comm_errhandler_function(MPI_Comm *comm, int *error_code, ...);
typedef void MPI_Win_errhandler_function(MPI_Win *win, int *error_code, ...);
typedef void MPI_File_errhandler_function(MPI_File *file, int *error_code, ...);
typedef MPI_Comm_errhandler_function MPI_Comm_errhandler_fn;
typedef MPI_Win_errhandler_function MPI_Win_errhandler_fn;
typedef MPI_File_errhandler_function MPI_File_errhandler_fn;
typedef void MPI_Handler_function(MPI_Comm *comm, int *error_code, ...);

typedef int MPI_Grequest_query_function(void *extra_state, MPI_Status *status);
typedef int MPI_Grequest_free_function(void *extra_state);
typedef int MPI_Grequest_cancel_function(void *extra_state, int complete);

typedef int MPI_Datarep_conversion_function(void *userbuf, MPI_Datatype datatype, int count,
                                            void *filebuf, MPI_Offset position, void *extra_state);
typedef int MPI_Datarep_extent_function(MPI_Datatype datatype, MPI_Aint *file_extent,
                                        void *extra_state);
#define MPI_CONVERSION_FN_NULL ((MPI_Datarep_conversion_function *)0)

/* Predefined attribute callbacks: MPI_COMM_NULL_COPY_FN and friends name real functions of the
 * library. The MPI-1 names act on communicators, so they are the communicator ones. */
#define SMPI_DECLARE_ATTR_FNS(obj, H)                                                              \
    SMPI_API int smpi_mpi_##obj##_null_copy_fn(H oldobj, int keyval, void *extra_state,            \
                                               void *attribute_val_in, void *attribute_val_out,    \
                                               int *flag);                                         \
    SMPI_API int smpi_mpi_##obj##_dup_fn(H oldobj, int keyval, void *extra_state,                  \
                                         void *attribute_val_in, void *attribute_val_out,          \
                                         int *flag);                                               \
    SMPI_API int smpi_mpi_##obj##_null_delete_fn(H handle, int keyval, void *attribute_val,        \
                                                 void *extra_state);
SMPI_DECLARE_ATTR_FNS(comm, MPI_Comm)
SMPI_DECLARE_ATTR_FNS(type, MPI_Datatype)
SMPI_DECLARE_ATTR_FNS(win, MPI_Win)
#undef SMPI_DECLARE_ATTR_FNS
#define MPI_COMM_NULL_COPY_FN (&smpi_mpi_comm_null_copy_fn)
#define MPI_COMM_DUP_FN (&smpi_mpi_comm_dup_fn)
#define MPI_COMM_NULL_DELETE_FN (&smpi_mpi_comm_null_delete_fn)
#define MPI_TYPE_NULL_COPY_FN (&smpi_mpi_type_null_copy_fn)
#define MPI_TYPE_DUP_FN (&smpi_mpi_type_dup_fn)
#define MPI_TYPE_NULL_DELETE_FN (&smpi_mpi_type_null_delete_fn)
#define MPI_WIN_NULL_COPY_FN (&smpi_mpi_win_null_copy_fn)
#define MPI_WIN_DUP_FN (&smpi_mpi_win_dup_fn)
#define MPI_WIN_NULL_DELETE_FN (&smpi_mpi_win_null_delete_fn)
#define MPI_NULL_COPY_FN (&smpi_mpi_comm_null_copy_fn)
#define MPI_DUP_FN (&smpi_mpi_comm_dup_fn)
#define MPI_NULL_DELETE_FN (&smpi_mpi_comm_null_delete_fn)

/* ---- Functions: each line declares MPI_<name> and PMPI_<name> ---- */
#define SMPI_FN(ret, name, params)                                                                 \
    SMPI_API ret MPI_##name params;                                                                \
    SMPI_API ret PMPI_##name params;

/* clang-format would read the declarations below as expressions ("MPI_Comm * parent"): they
 * keep their hand layout. */
/* clang-format off */
/* Point-to-point */
SMPI_FN(int, Send, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
        MPI_Comm comm))
SMPI_FN(int, Bsend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
        MPI_Comm comm))
SMPI_FN(int, Ssend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
        MPI_Comm comm))
SMPI_FN(int, Rsend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
        MPI_Comm comm))
SMPI_FN(int, Recv, (void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
        MPI_Status *status))
SMPI_FN(int, Get_count, (const MPI_Status *status, MPI_Datatype datatype, int *count))
SMPI_FN(int, Buffer_attach, (void *buffer, int size))
SMPI_FN(int, Buffer_detach, (void *buffer_addr, int *size))
SMPI_FN(int, Isend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
        MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Ibsend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
        MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Issend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
        MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Irsend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
        MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Irecv, (void *buf, int count, MPI_Datatype datatype, int source, int tag,
        MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Wait, (MPI_Request *request, MPI_Status *status))
SMPI_FN(int, Test, (MPI_Request *request, int *flag, MPI_Status *status))
SMPI_FN(int, Request_free, (MPI_Request *request))
SMPI_FN(int, Waitany, (int count, MPI_Request array_of_requests[], int *index, MPI_Status *status))
SMPI_FN(int, Testany, (int count, MPI_Request array_of_requests[], int *index, int *flag,
        MPI_Status *status))
SMPI_FN(int, Waitall, (int count, MPI_Request array_of_requests[], MPI_Status array_of_statuses[]))
SMPI_FN(int, Testall, (int count, MPI_Request array_of_requests[], int *flag,
        MPI_Status array_of_statuses[]))
SMPI_FN(int, Waitsome, (int incount, MPI_Request array_of_requests[], int *outcount,
        int array_of_indices[], MPI_Status array_of_statuses[]))
SMPI_FN(int, Testsome, (int incount, MPI_Request array_of_requests[], int *outcount,
        int array_of_indices[], MPI_Status array_of_statuses[]))
SMPI_FN(int, Request_get_status, (MPI_Request request, int *flag, MPI_Status *status))
SMPI_FN(int, Iprobe, (int source, int tag, MPI_Comm comm, int *flag, MPI_Status *status))
SMPI_FN(int, Probe, (int source, int tag, MPI_Comm comm, MPI_Status *status))
SMPI_FN(int, Improbe, (int source, int tag, MPI_Comm comm, int *flag, MPI_Message *message,
        MPI_Status *status))
SMPI_FN(int, Mprobe, (int source, int tag, MPI_Comm comm, MPI_Message *message, MPI_Status *status))
SMPI_FN(int, Mrecv, (void *buf, int count, MPI_Datatype datatype, MPI_Message *message,
        MPI_Status *status))
SMPI_FN(int, Imrecv, (void *buf, int count, MPI_Datatype datatype, MPI_Message *message,
        MPI_Request *request))
SMPI_FN(int, Cancel, (MPI_Request *request))
SMPI_FN(int, Test_cancelled, (const MPI_Status *status, int *flag))
SMPI_FN(int, Send_init, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
        MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Bsend_init, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
        MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Ssend_init, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
        MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Rsend_init, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
        MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Recv_init, (void *buf, int count, MPI_Datatype datatype, int source, int tag,
        MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Start, (MPI_Request *request))
SMPI_FN(int, Startall, (int count, MPI_Request array_of_requests[]))
SMPI_FN(int, Sendrecv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest,
        int sendtag, void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
        MPI_Comm comm, MPI_Status *status))
SMPI_FN(int, Sendrecv_replace, (void *buf, int count, MPI_Datatype datatype, int dest, int sendtag,
        int source, int recvtag, MPI_Comm comm, MPI_Status *status))

/* Datatypes */
SMPI_FN(int, Type_contiguous, (int count, MPI_Datatype oldtype, MPI_Datatype *newtype))
SMPI_FN(int, Type_vector, (int count, int blocklength, int stride, MPI_Datatype oldtype,
        MPI_Datatype *newtype))
SMPI_FN(int, Type_create_hvector, (int count, int blocklength, MPI_Aint stride,
        MPI_Datatype oldtype, MPI_Datatype *newtype))
SMPI_FN(int, Type_indexed, (int count, const int array_of_blocklengths[],
        const int array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype))
SMPI_FN(int, Type_create_hindexed, (int count, const int array_of_blocklengths[],
        const MPI_Aint array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype))
SMPI_FN(int, Type_create_indexed_block, (int count, int blocklength,
        const int array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype))
SMPI_FN(int, Type_create_hindexed_block, (int count, int blocklength,
        const MPI_Aint array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype))
SMPI_FN(int, Type_create_struct, (int count, const int array_of_blocklengths[],
        const MPI_Aint array_of_displacements[], const MPI_Datatype array_of_types[],
        MPI_Datatype *newtype))
SMPI_FN(int, Type_create_subarray, (int ndims, const int array_of_sizes[],
        const int array_of_subsizes[], const int array_of_starts[], int order, MPI_Datatype oldtype,
        MPI_Datatype *newtype))
SMPI_FN(int, Type_create_darray, (int size, int rank, int ndims, const int array_of_gsizes[],
        const int array_of_distribs[], const int array_of_dargs[], const int array_of_psizes[],
        int order, MPI_Datatype oldtype, MPI_Datatype *newtype))
SMPI_FN(int, Get_address, (const void *location, MPI_Aint *address))
SMPI_FN(MPI_Aint, Aint_add, (MPI_Aint base, MPI_Aint disp))
SMPI_FN(MPI_Aint, Aint_diff, (MPI_Aint addr1, MPI_Aint addr2))
SMPI_FN(int, Type_size, (MPI_Datatype datatype, int *size))
SMPI_FN(int, Type_size_x, (MPI_Datatype datatype, MPI_Count *size))
SMPI_FN(int, Type_get_extent, (MPI_Datatype datatype, MPI_Aint *lb, MPI_Aint *extent))
SMPI_FN(int, Type_get_extent_x, (MPI_Datatype datatype, MPI_Count *lb, MPI_Count *extent))
SMPI_FN(int, Type_create_resized, (MPI_Datatype oldtype, MPI_Aint lb, MPI_Aint extent,
        MPI_Datatype *newtype))
SMPI_FN(int, Type_get_true_extent, (MPI_Datatype datatype, MPI_Aint *true_lb,
        MPI_Aint *true_extent))
SMPI_FN(int, Type_get_true_extent_x, (MPI_Datatype datatype, MPI_Count *true_lb,
        MPI_Count *true_extent))
SMPI_FN(int, Type_commit, (MPI_Datatype *datatype))
SMPI_FN(int, Type_free, (MPI_Datatype *datatype))
SMPI_FN(int, Type_dup, (MPI_Datatype oldtype, MPI_Datatype *newtype))
SMPI_FN(int, Get_elements, (const MPI_Status *status, MPI_Datatype datatype, int *count))
SMPI_FN(int, Get_elements_x, (const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count))
SMPI_FN(int, Pack, (const void *inbuf, int incount, MPI_Datatype datatype, void *outbuf,
        int outsize, int *position, MPI_Comm comm))
SMPI_FN(int, Unpack, (const void *inbuf, int insize, int *position, void *outbuf, int outcount,
        MPI_Datatype datatype, MPI_Comm comm))
SMPI_FN(int, Pack_size, (int incount, MPI_Datatype datatype, MPI_Comm comm, int *size))
SMPI_FN(int, Pack_external, (const char datarep[], const void *inbuf, int incount,
        MPI_Datatype datatype, void *outbuf, MPI_Aint outsize, MPI_Aint *position))
SMPI_FN(int, Unpack_external, (const char datarep[], const void *inbuf, MPI_Aint insize,
        MPI_Aint *position, void *outbuf, int outcount, MPI_Datatype datatype))
SMPI_FN(int, Pack_external_size, (const char datarep[], int incount, MPI_Datatype datatype,
        MPI_Aint *size))
SMPI_FN(int, Type_get_envelope, (MPI_Datatype datatype, int *num_integers, int *num_addresses,
        int *num_datatypes, int *combiner))
SMPI_FN(int, Type_get_contents, (MPI_Datatype datatype, int max_integers, int max_addresses,
        int max_datatypes, int array_of_integers[], MPI_Aint array_of_addresses[],
        MPI_Datatype array_of_datatypes[]))
SMPI_FN(int, Type_create_f90_real, (int p, int r, MPI_Datatype *newtype))
SMPI_FN(int, Type_create_f90_complex, (int p, int r, MPI_Datatype *newtype))
SMPI_FN(int, Type_create_f90_integer, (int r, MPI_Datatype *newtype))
SMPI_FN(int, Type_match_size, (int typeclass, int size, MPI_Datatype *datatype))
SMPI_FN(int, Type_get_name, (MPI_Datatype datatype, char *type_name, int *resultlen))
SMPI_FN(int, Type_set_name, (MPI_Datatype datatype, const char *type_name))
SMPI_FN(int, Type_create_keyval, (MPI_Type_copy_attr_function *type_copy_attr_fn,
        MPI_Type_delete_attr_function *type_delete_attr_fn, int *type_keyval, void *extra_state))
SMPI_FN(int, Type_free_keyval, (int *type_keyval))
SMPI_FN(int, Type_set_attr, (MPI_Datatype datatype, int type_keyval, void *attribute_val))
SMPI_FN(int, Type_get_attr, (MPI_Datatype datatype, int type_keyval, void *attribute_val,
        int *flag))
SMPI_FN(int, Type_delete_attr, (MPI_Datatype datatype, int type_keyval))

/* Collectives */
SMPI_FN(int, Barrier, (MPI_Comm comm))
SMPI_FN(int, Bcast, (void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm))
SMPI_FN(int, Gather, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
        int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm))
SMPI_FN(int, Gatherv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
        const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
        MPI_Comm comm))
SMPI_FN(int, Scatter, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
        int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm))
SMPI_FN(int, Scatterv, (const void *sendbuf, const int sendcounts[], const int displs[],
        MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
        MPI_Comm comm))
SMPI_FN(int, Allgather, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
        int recvcount, MPI_Datatype recvtype, MPI_Comm comm))
SMPI_FN(int, Allgatherv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
        const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm))
SMPI_FN(int, Alltoall, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
        int recvcount, MPI_Datatype recvtype, MPI_Comm comm))
SMPI_FN(int, Alltoallv, (const void *sendbuf, const int sendcounts[], const int sdispls[],
        MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[],
        MPI_Datatype recvtype, MPI_Comm comm))
SMPI_FN(int, Alltoallw, (const void *sendbuf, const int sendcounts[], const int sdispls[],
        const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const int rdispls[],
        const MPI_Datatype recvtypes[], MPI_Comm comm))
SMPI_FN(int, Reduce, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
        MPI_Op op, int root, MPI_Comm comm))
SMPI_FN(int, Allreduce, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
        MPI_Op op, MPI_Comm comm))
SMPI_FN(int, Reduce_local, (const void *inbuf, void *inoutbuf, int count, MPI_Datatype datatype,
        MPI_Op op))
SMPI_FN(int, Reduce_scatter_block, (const void *sendbuf, void *recvbuf, int recvcount,
        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm))
SMPI_FN(int, Reduce_scatter, (const void *sendbuf, void *recvbuf, const int recvcounts[],
        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm))
SMPI_FN(int, Scan, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
        MPI_Comm comm))
SMPI_FN(int, Exscan, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
        MPI_Op op, MPI_Comm comm))
SMPI_FN(int, Op_create, (MPI_User_function *user_fn, int commute, MPI_Op *op))
SMPI_FN(int, Op_free, (MPI_Op *op))
SMPI_FN(int, Op_commutative, (MPI_Op op, int *commute))
SMPI_FN(int, Ibarrier, (MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Ibcast, (void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
        MPI_Request *request))
SMPI_FN(int, Igather, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
        int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Igatherv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
        const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm,
        MPI_Request *request))
SMPI_FN(int, Iscatter, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
        int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Iscatterv, (const void *sendbuf, const int sendcounts[], const int displs[],
        MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
        MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Iallgather, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
        int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Iallgatherv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
        const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm,
        MPI_Request *request))
SMPI_FN(int, Ialltoall, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
        int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Ialltoallv, (const void *sendbuf, const int sendcounts[], const int sdispls[],
        MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[],
        MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Ialltoallw, (const void *sendbuf, const int sendcounts[], const int sdispls[],
        const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const int rdispls[],
        const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Ireduce, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
        MPI_Op op, int root, MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Iallreduce, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
        MPI_Op op, MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Ireduce_scatter_block, (const void *sendbuf, void *recvbuf, int recvcount,
        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Ireduce_scatter, (const void *sendbuf, void *recvbuf, const int recvcounts[],
        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Iscan, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
        MPI_Op op, MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Iexscan, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
        MPI_Op op, MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Neighbor_allgather, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
        void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm))
SMPI_FN(int, Neighbor_allgatherv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
        void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype,
        MPI_Comm comm))
SMPI_FN(int, Neighbor_alltoall, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
        void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm))
SMPI_FN(int, Neighbor_alltoallv, (const void *sendbuf, const int sendcounts[], const int sdispls[],
        MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[],
        MPI_Datatype recvtype, MPI_Comm comm))
SMPI_FN(int, Neighbor_alltoallw, (const void *sendbuf, const int sendcounts[],
        const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf,
        const int recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[],
        MPI_Comm comm))
SMPI_FN(int, Ineighbor_allgather, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
        void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Ineighbor_allgatherv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
        void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype,
        MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Ineighbor_alltoall, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
        void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Ineighbor_alltoallv, (const void *sendbuf, const int sendcounts[], const int sdispls[],
        MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[],
        MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Ineighbor_alltoallw, (const void *sendbuf, const int sendcounts[],
        const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf,
        const int recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[],
        MPI_Comm comm, MPI_Request *request))

/* Groups, communicators, attributes, names */
SMPI_FN(int, Group_size, (MPI_Group group, int *size))
SMPI_FN(int, Group_rank, (MPI_Group group, int *rank))
SMPI_FN(int, Group_translate_ranks, (MPI_Group group1, int n, const int ranks1[], MPI_Group group2,
        int ranks2[]))
SMPI_FN(int, Group_compare, (MPI_Group group1, MPI_Group group2, int *result))
SMPI_FN(int, Comm_group, (MPI_Comm comm, MPI_Group *group))
SMPI_FN(int, Group_union, (MPI_Group group1, MPI_Group group2, MPI_Group *newgroup))
SMPI_FN(int, Group_intersection, (MPI_Group group1, MPI_Group group2, MPI_Group *newgroup))
SMPI_FN(int, Group_difference, (MPI_Group group1, MPI_Group group2, MPI_Group *newgroup))
SMPI_FN(int, Group_incl, (MPI_Group group, int n, const int ranks[], MPI_Group *newgroup))
SMPI_FN(int, Group_excl, (MPI_Group group, int n, const int ranks[], MPI_Group *newgroup))
SMPI_FN(int, Group_range_incl, (MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup))
SMPI_FN(int, Group_range_excl, (MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup))
SMPI_FN(int, Group_free, (MPI_Group *group))
SMPI_FN(int, Comm_size, (MPI_Comm comm, int *size))
SMPI_FN(int, Comm_rank, (MPI_Comm comm, int *rank))
SMPI_FN(int, Comm_compare, (MPI_Comm comm1, MPI_Comm comm2, int *result))
SMPI_FN(int, Comm_dup, (MPI_Comm comm, MPI_Comm *newcomm))
SMPI_FN(int, Comm_dup_with_info, (MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm))
SMPI_FN(int, Comm_idup, (MPI_Comm comm, MPI_Comm *newcomm, MPI_Request *request))
SMPI_FN(int, Comm_create, (MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm))
SMPI_FN(int, Comm_create_group, (MPI_Comm comm, MPI_Group group, int tag, MPI_Comm *newcomm))
SMPI_FN(int, Comm_split, (MPI_Comm comm, int color, int key, MPI_Comm *newcomm))
SMPI_FN(int, Comm_split_type, (MPI_Comm comm, int split_type, int key, MPI_Info info,
        MPI_Comm *newcomm))
SMPI_FN(int, Comm_free, (MPI_Comm *comm))
SMPI_FN(int, Comm_set_info, (MPI_Comm comm, MPI_Info info))
SMPI_FN(int, Comm_get_info, (MPI_Comm comm, MPI_Info *info_used))
SMPI_FN(int, Comm_test_inter, (MPI_Comm comm, int *flag))
SMPI_FN(int, Comm_remote_size, (MPI_Comm comm, int *size))
SMPI_FN(int, Comm_remote_group, (MPI_Comm comm, MPI_Group *group))
SMPI_FN(int, Intercomm_create, (MPI_Comm local_comm, int local_leader, MPI_Comm peer_comm,
        int remote_leader, int tag, MPI_Comm *newintercomm))
SMPI_FN(int, Intercomm_merge, (MPI_Comm intercomm, int high, MPI_Comm *newintracomm))
SMPI_FN(int, Comm_create_keyval, (MPI_Comm_copy_attr_function *comm_copy_attr_fn,
        MPI_Comm_delete_attr_function *comm_delete_attr_fn, int *comm_keyval, void *extra_state))
SMPI_FN(int, Comm_free_keyval, (int *comm_keyval))
SMPI_FN(int, Comm_set_attr, (MPI_Comm comm, int comm_keyval, void *attribute_val))
SMPI_FN(int, Comm_get_attr, (MPI_Comm comm, int comm_keyval, void *attribute_val, int *flag))
SMPI_FN(int, Comm_delete_attr, (MPI_Comm comm, int comm_keyval))
SMPI_FN(int, Win_create_keyval, (MPI_Win_copy_attr_function *win_copy_attr_fn,
        MPI_Win_delete_attr_function *win_delete_attr_fn, int *win_keyval, void *extra_state))
SMPI_FN(int, Win_free_keyval, (int *win_keyval))
SMPI_FN(int, Win_set_attr, (MPI_Win win, int win_keyval, void *attribute_val))
SMPI_FN(int, Win_get_attr, (MPI_Win win, int win_keyval, void *attribute_val, int *flag))
SMPI_FN(int, Win_delete_attr, (MPI_Win win, int win_keyval))
SMPI_FN(int, Attr_put, (MPI_Comm comm, int keyval, void *attribute_val))
SMPI_FN(int, Attr_get, (MPI_Comm comm, int keyval, void *attribute_val, int *flag))
SMPI_FN(int, Attr_delete, (MPI_Comm comm, int keyval))
SMPI_FN(int, Keyval_create, (MPI_Copy_function *copy_fn, MPI_Delete_function *delete_fn,
        int *keyval, void *extra_state))
SMPI_FN(int, Keyval_free, (int *keyval))
SMPI_FN(int, Comm_set_name, (MPI_Comm comm, const char *comm_name))
SMPI_FN(int, Comm_get_name, (MPI_Comm comm, char *comm_name, int *resultlen))
SMPI_FN(int, Win_set_name, (MPI_Win win, const char *win_name))
SMPI_FN(int, Win_get_name, (MPI_Win win, char *win_name, int *resultlen))

/* Topologies */
SMPI_FN(int, Cart_create, (MPI_Comm comm_old, int ndims, const int dims[], const int periods[],
        int reorder, MPI_Comm *comm_cart))
SMPI_FN(int, Dims_create, (int nnodes, int ndims, int dims[]))
SMPI_FN(int, Graph_create, (MPI_Comm comm_old, int nnodes, const int index[], const int edges[],
        int reorder, MPI_Comm *comm_graph))
SMPI_FN(int, Dist_graph_create_adjacent, (MPI_Comm comm_old, int indegree, const int sources[],
        const int sourceweights[], int outdegree, const int destinations[], const int destweights[],
        MPI_Info info, int reorder, MPI_Comm *comm_dist_graph))
SMPI_FN(int, Dist_graph_create, (MPI_Comm comm_old, int n, const int sources[], const int degrees[],
        const int destinations[], const int weights[], MPI_Info info, int reorder,
        MPI_Comm *comm_dist_graph))
SMPI_FN(int, Topo_test, (MPI_Comm comm, int *status))
SMPI_FN(int, Graphdims_get, (MPI_Comm comm, int *nnodes, int *nedges))
SMPI_FN(int, Graph_get, (MPI_Comm comm, int maxindex, int maxedges, int index[], int edges[]))
SMPI_FN(int, Cartdim_get, (MPI_Comm comm, int *ndims))
SMPI_FN(int, Cart_get, (MPI_Comm comm, int maxdims, int dims[], int periods[], int coords[]))
SMPI_FN(int, Cart_rank, (MPI_Comm comm, const int coords[], int *rank))
SMPI_FN(int, Cart_coords, (MPI_Comm comm, int rank, int maxdims, int coords[]))
SMPI_FN(int, Graph_neighbors_count, (MPI_Comm comm, int rank, int *nneighbors))
SMPI_FN(int, Graph_neighbors, (MPI_Comm comm, int rank, int maxneighbors, int neighbors[]))
SMPI_FN(int, Dist_graph_neighbors_count, (MPI_Comm comm, int *indegree, int *outdegree,
        int *weighted))
SMPI_FN(int, Dist_graph_neighbors, (MPI_Comm comm, int maxindegree, int sources[],
        int sourceweights[], int maxoutdegree, int destinations[], int destweights[]))
SMPI_FN(int, Cart_shift, (MPI_Comm comm, int direction, int disp, int *rank_source, int *rank_dest))
SMPI_FN(int, Cart_sub, (MPI_Comm comm, const int remain_dims[], MPI_Comm *newcomm))
SMPI_FN(int, Cart_map, (MPI_Comm comm, int ndims, const int dims[], const int periods[],
        int *newrank))
SMPI_FN(int, Graph_map, (MPI_Comm comm, int nnodes, const int index[], const int edges[],
        int *newrank))

/* Environment, errors */
SMPI_FN(int, Get_version, (int *version, int *subversion))
SMPI_FN(int, Get_library_version, (char *version, int *resultlen))
SMPI_FN(int, Get_processor_name, (char *name, int *resultlen))
SMPI_FN(int, Alloc_mem, (MPI_Aint size, MPI_Info info, void *baseptr))
SMPI_FN(int, Free_mem, (void *base))
SMPI_FN(int, Comm_create_errhandler, (MPI_Comm_errhandler_function *comm_errhandler_fn,
        MPI_Errhandler *errhandler))
SMPI_FN(int, Comm_set_errhandler, (MPI_Comm comm, MPI_Errhandler errhandler))
SMPI_FN(int, Comm_get_errhandler, (MPI_Comm comm, MPI_Errhandler *errhandler))
SMPI_FN(int, Win_create_errhandler, (MPI_Win_errhandler_function *win_errhandler_fn,
        MPI_Errhandler *errhandler))
SMPI_FN(int, Win_set_errhandler, (MPI_Win win, MPI_Errhandler errhandler))
SMPI_FN(int, Win_get_errhandler, (MPI_Win win, MPI_Errhandler *errhandler))
SMPI_FN(int, File_create_errhandler, (MPI_File_errhandler_function *file_errhandler_fn,
        MPI_Errhandler *errhandler))
SMPI_FN(int, File_set_errhandler, (MPI_File file, MPI_Errhandler errhandler))
SMPI_FN(int, File_get_errhandler, (MPI_File file, MPI_Errhandler *errhandler))
SMPI_FN(int, Errhandler_free, (MPI_Errhandler *errhandler))
SMPI_FN(int, Error_string, (int errorcode, char *string, int *resultlen))
SMPI_FN(int, Error_class, (int errorcode, int *errorclass))
SMPI_FN(int, Add_error_class, (int *errorclass))
SMPI_FN(int, Add_error_code, (int errorclass, int *errorcode))
SMPI_FN(int, Add_error_string, (int errorcode, const char *string))
SMPI_FN(int, Comm_call_errhandler, (MPI_Comm comm, int errorcode))
SMPI_FN(int, Win_call_errhandler, (MPI_Win win, int errorcode))
SMPI_FN(int, File_call_errhandler, (MPI_File fh, int errorcode))
SMPI_FN(double, Wtime, (void))
SMPI_FN(double, Wtick, (void))
SMPI_FN(int, Init, (int *argc, char ***argv))
SMPI_FN(int, Finalize, (void))
SMPI_FN(int, Initialized, (int *flag))
SMPI_FN(int, Finalized, (int *flag))
SMPI_FN(int, Abort, (MPI_Comm comm, int errorcode))
SMPI_FN(int, Init_thread, (int *argc, char ***argv, int required, int *provided))
SMPI_FN(int, Query_thread, (int *provided))
SMPI_FN(int, Is_thread_main, (int *flag))
SMPI_FN(int, Pcontrol, (const int level, ...))

/* Info */
SMPI_FN(int, Info_create, (MPI_Info *info))
SMPI_FN(int, Info_set, (MPI_Info info, const char *key, const char *value))
SMPI_FN(int, Info_delete, (MPI_Info info, const char *key))
SMPI_FN(int, Info_get, (MPI_Info info, const char *key, int valuelen, char *value, int *flag))
SMPI_FN(int, Info_get_valuelen, (MPI_Info info, const char *key, int *valuelen, int *flag))
SMPI_FN(int, Info_get_nkeys, (MPI_Info info, int *nkeys))
SMPI_FN(int, Info_get_nthkey, (MPI_Info info, int n, char *key))
SMPI_FN(int, Info_dup, (MPI_Info info, MPI_Info *newinfo))
SMPI_FN(int, Info_free, (MPI_Info *info))

/* Process creation and management */
SMPI_FN(int, Comm_spawn, (const char *command, char *argv[], int maxprocs, MPI_Info info, int root,
        MPI_Comm comm, MPI_Comm *intercomm, int array_of_errcodes[]))
SMPI_FN(int, Comm_get_parent, (MPI_Comm *parent))
SMPI_FN(int, Comm_spawn_multiple, (int count, char *array_of_commands[], char **array_of_argv[],
        const int array_of_maxprocs[], const MPI_Info array_of_info[], int root, MPI_Comm comm,
        MPI_Comm *intercomm, int array_of_errcodes[]))
SMPI_FN(int, Open_port, (MPI_Info info, char *port_name))
SMPI_FN(int, Close_port, (const char *port_name))
SMPI_FN(int, Comm_accept, (const char *port_name, MPI_Info info, int root, MPI_Comm comm,
        MPI_Comm *newcomm))
SMPI_FN(int, Comm_connect, (const char *port_name, MPI_Info info, int root, MPI_Comm comm,
        MPI_Comm *newcomm))
SMPI_FN(int, Publish_name, (const char *service_name, MPI_Info info, const char *port_name))
SMPI_FN(int, Unpublish_name, (const char *service_name, MPI_Info info, const char *port_name))
SMPI_FN(int, Lookup_name, (const char *service_name, MPI_Info info, char *port_name))
SMPI_FN(int, Comm_disconnect, (MPI_Comm *comm))
SMPI_FN(int, Comm_join, (int fd, MPI_Comm *intercomm))

/* One-sided communication */
SMPI_FN(int, Win_create, (void *base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
        MPI_Win *win))
SMPI_FN(int, Win_allocate, (MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
        void *baseptr, MPI_Win *win))
SMPI_FN(int, Win_allocate_shared, (MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
        void *baseptr, MPI_Win *win))
SMPI_FN(int, Win_shared_query, (MPI_Win win, int rank, MPI_Aint *size, int *disp_unit,
        void *baseptr))
SMPI_FN(int, Win_create_dynamic, (MPI_Info info, MPI_Comm comm, MPI_Win *win))
SMPI_FN(int, Win_attach, (MPI_Win win, void *base, MPI_Aint size))
SMPI_FN(int, Win_detach, (MPI_Win win, const void *base))
SMPI_FN(int, Win_free, (MPI_Win *win))
SMPI_FN(int, Win_get_group, (MPI_Win win, MPI_Group *group))
SMPI_FN(int, Win_set_info, (MPI_Win win, MPI_Info info))
SMPI_FN(int, Win_get_info, (MPI_Win win, MPI_Info *info_used))
SMPI_FN(int, Put, (const void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
        int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype,
        MPI_Win win))
SMPI_FN(int, Get, (void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
        int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype,
        MPI_Win win))
SMPI_FN(int, Accumulate, (const void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
        int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype,
        MPI_Op op, MPI_Win win))
SMPI_FN(int, Get_accumulate, (const void *origin_addr, int origin_count,
        MPI_Datatype origin_datatype, void *result_addr, int result_count,
        MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp, int target_count,
        MPI_Datatype target_datatype, MPI_Op op, MPI_Win win))
SMPI_FN(int, Fetch_and_op, (const void *origin_addr, void *result_addr, MPI_Datatype datatype,
        int target_rank, MPI_Aint target_disp, MPI_Op op, MPI_Win win))
SMPI_FN(int, Compare_and_swap, (const void *origin_addr, const void *compare_addr,
        void *result_addr, MPI_Datatype datatype, int target_rank, MPI_Aint target_disp,
        MPI_Win win))
SMPI_FN(int, Rput, (const void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
        int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype,
        MPI_Win win, MPI_Request *request))
SMPI_FN(int, Rget, (void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
        int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype,
        MPI_Win win, MPI_Request *request))
SMPI_FN(int, Raccumulate, (const void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
        int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype,
        MPI_Op op, MPI_Win win, MPI_Request *request))
SMPI_FN(int, Rget_accumulate, (const void *origin_addr, int origin_count,
        MPI_Datatype origin_datatype, void *result_addr, int result_count,
        MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp, int target_count,
        MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request *request))
SMPI_FN(int, Win_fence, (int assert, MPI_Win win))
SMPI_FN(int, Win_start, (MPI_Group group, int assert, MPI_Win win))
SMPI_FN(int, Win_complete, (MPI_Win win))
SMPI_FN(int, Win_post, (MPI_Group group, int assert, MPI_Win win))
SMPI_FN(int, Win_wait, (MPI_Win win))
SMPI_FN(int, Win_test, (MPI_Win win, int *flag))
SMPI_FN(int, Win_lock, (int lock_type, int rank, int assert, MPI_Win win))
SMPI_FN(int, Win_lock_all, (int assert, MPI_Win win))
SMPI_FN(int, Win_unlock, (int rank, MPI_Win win))
SMPI_FN(int, Win_unlock_all, (MPI_Win win))
SMPI_FN(int, Win_flush, (int rank, MPI_Win win))
SMPI_FN(int, Win_flush_all, (MPI_Win win))
SMPI_FN(int, Win_flush_local, (int rank, MPI_Win win))
SMPI_FN(int, Win_flush_local_all, (MPI_Win win))
SMPI_FN(int, Win_sync, (MPI_Win win))

/* External interfaces */
SMPI_FN(int, Grequest_start, (MPI_Grequest_query_function *query_fn,
        MPI_Grequest_free_function *free_fn, MPI_Grequest_cancel_function *cancel_fn,
        void *extra_state, MPI_Request *request))
SMPI_FN(int, Grequest_complete, (MPI_Request request))
SMPI_FN(int, Status_set_elements, (MPI_Status *status, MPI_Datatype datatype, int count))
SMPI_FN(int, Status_set_elements_x, (MPI_Status *status, MPI_Datatype datatype, MPI_Count count))
SMPI_FN(int, Status_set_cancelled, (MPI_Status *status, int flag))

/* I/O */
SMPI_FN(int, File_open, (MPI_Comm comm, const char *filename, int amode, MPI_Info info,
        MPI_File *fh))
SMPI_FN(int, File_close, (MPI_File *fh))
SMPI_FN(int, File_delete, (const char *filename, MPI_Info info))
SMPI_FN(int, File_set_size, (MPI_File fh, MPI_Offset size))
SMPI_FN(int, File_preallocate, (MPI_File fh, MPI_Offset size))
SMPI_FN(int, File_get_size, (MPI_File fh, MPI_Offset *size))
SMPI_FN(int, File_get_group, (MPI_File fh, MPI_Group *group))
SMPI_FN(int, File_get_amode, (MPI_File fh, int *amode))
SMPI_FN(int, File_set_info, (MPI_File fh, MPI_Info info))
SMPI_FN(int, File_get_info, (MPI_File fh, MPI_Info *info_used))
SMPI_FN(int, File_set_view, (MPI_File fh, MPI_Offset disp, MPI_Datatype etype,
        MPI_Datatype filetype, const char *datarep, MPI_Info info))
SMPI_FN(int, File_get_view, (MPI_File fh, MPI_Offset *disp, MPI_Datatype *etype,
        MPI_Datatype *filetype, char *datarep))
SMPI_FN(int, File_read_at, (MPI_File fh, MPI_Offset offset, void *buf, int count,
        MPI_Datatype datatype, MPI_Status *status))
SMPI_FN(int, File_read_at_all, (MPI_File fh, MPI_Offset offset, void *buf, int count,
        MPI_Datatype datatype, MPI_Status *status))
SMPI_FN(int, File_write_at, (MPI_File fh, MPI_Offset offset, const void *buf, int count,
        MPI_Datatype datatype, MPI_Status *status))
SMPI_FN(int, File_write_at_all, (MPI_File fh, MPI_Offset offset, const void *buf, int count,
        MPI_Datatype datatype, MPI_Status *status))
SMPI_FN(int, File_iread_at, (MPI_File fh, MPI_Offset offset, void *buf, int count,
        MPI_Datatype datatype, MPI_Request *request))
SMPI_FN(int, File_iwrite_at, (MPI_File fh, MPI_Offset offset, const void *buf, int count,
        MPI_Datatype datatype, MPI_Request *request))
SMPI_FN(int, File_iread_at_all, (MPI_File fh, MPI_Offset offset, void *buf, int count,
        MPI_Datatype datatype, MPI_Request *request))
SMPI_FN(int, File_iwrite_at_all, (MPI_File fh, MPI_Offset offset, const void *buf, int count,
        MPI_Datatype datatype, MPI_Request *request))
SMPI_FN(int, File_read, (MPI_File fh, void *buf, int count, MPI_Datatype datatype,
        MPI_Status *status))
SMPI_FN(int, File_read_all, (MPI_File fh, void *buf, int count, MPI_Datatype datatype,
        MPI_Status *status))
SMPI_FN(int, File_write, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
        MPI_Status *status))
SMPI_FN(int, File_write_all, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
        MPI_Status *status))
SMPI_FN(int, File_iread, (MPI_File fh, void *buf, int count, MPI_Datatype datatype,
        MPI_Request *request))
SMPI_FN(int, File_iwrite, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
        MPI_Request *request))
SMPI_FN(int, File_iread_all, (MPI_File fh, void *buf, int count, MPI_Datatype datatype,
        MPI_Request *request))
SMPI_FN(int, File_iwrite_all, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
        MPI_Request *request))
SMPI_FN(int, File_seek, (MPI_File fh, MPI_Offset offset, int whence))
SMPI_FN(int, File_get_position, (MPI_File fh, MPI_Offset *offset))
SMPI_FN(int, File_get_byte_offset, (MPI_File fh, MPI_Offset offset, MPI_Offset *disp))
SMPI_FN(int, File_read_shared, (MPI_File fh, void *buf, int count, MPI_Datatype datatype,
        MPI_Status *status))
SMPI_FN(int, File_write_shared, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
        MPI_Status *status))
SMPI_FN(int, File_iread_shared, (MPI_File fh, void *buf, int count, MPI_Datatype datatype,
        MPI_Request *request))
SMPI_FN(int, File_iwrite_shared, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
        MPI_Request *request))
SMPI_FN(int, File_read_ordered, (MPI_File fh, void *buf, int count, MPI_Datatype datatype,
        MPI_Status *status))
SMPI_FN(int, File_write_ordered, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
        MPI_Status *status))
SMPI_FN(int, File_seek_shared, (MPI_File fh, MPI_Offset offset, int whence))
SMPI_FN(int, File_get_position_shared, (MPI_File fh, MPI_Offset *offset))
SMPI_FN(int, File_read_at_all_begin, (MPI_File fh, MPI_Offset offset, void *buf, int count,
        MPI_Datatype datatype))
SMPI_FN(int, File_read_at_all_end, (MPI_File fh, void *buf, MPI_Status *status))
SMPI_FN(int, File_write_at_all_begin, (MPI_File fh, MPI_Offset offset, const void *buf, int count,
        MPI_Datatype datatype))
SMPI_FN(int, File_write_at_all_end, (MPI_File fh, const void *buf, MPI_Status *status))
SMPI_FN(int, File_read_all_begin, (MPI_File fh, void *buf, int count, MPI_Datatype datatype))
SMPI_FN(int, File_read_all_end, (MPI_File fh, void *buf, MPI_Status *status))
SMPI_FN(int, File_write_all_begin, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype))
SMPI_FN(int, File_write_all_end, (MPI_File fh, const void *buf, MPI_Status *status))
SMPI_FN(int, File_read_ordered_begin, (MPI_File fh, void *buf, int count, MPI_Datatype datatype))
SMPI_FN(int, File_read_ordered_end, (MPI_File fh, void *buf, MPI_Status *status))
SMPI_FN(int, File_write_ordered_begin, (MPI_File fh, const void *buf, int count,
        MPI_Datatype datatype))
SMPI_FN(int, File_write_ordered_end, (MPI_File fh, const void *buf, MPI_Status *status))
SMPI_FN(int, File_get_type_extent, (MPI_File fh, MPI_Datatype datatype, MPI_Aint *extent))
SMPI_FN(int, Register_datarep, (const char *datarep,
        MPI_Datarep_conversion_function *read_conversion_fn,
        MPI_Datarep_conversion_function *write_conversion_fn,
        MPI_Datarep_extent_function *dtype_file_extent_fn, void *extra_state))
SMPI_FN(int, File_set_atomicity, (MPI_File fh, int flag))
SMPI_FN(int, File_get_atomicity, (MPI_File fh, int *flag))
SMPI_FN(int, File_sync, (MPI_File fh))

/* Language interoperability */
SMPI_FN(MPI_Fint, Comm_c2f, (MPI_Comm comm))
SMPI_FN(MPI_Comm, Comm_f2c, (MPI_Fint comm))
SMPI_FN(MPI_Fint, Type_c2f, (MPI_Datatype datatype))
SMPI_FN(MPI_Datatype, Type_f2c, (MPI_Fint datatype))
SMPI_FN(MPI_Fint, Group_c2f, (MPI_Group group))
SMPI_FN(MPI_Group, Group_f2c, (MPI_Fint group))
SMPI_FN(MPI_Fint, Info_c2f, (MPI_Info info))
SMPI_FN(MPI_Info, Info_f2c, (MPI_Fint info))
SMPI_FN(MPI_Fint, Request_c2f, (MPI_Request request))
SMPI_FN(MPI_Request, Request_f2c, (MPI_Fint request))
SMPI_FN(MPI_Fint, Op_c2f, (MPI_Op op))
SMPI_FN(MPI_Op, Op_f2c, (MPI_Fint op))
SMPI_FN(MPI_Fint, Errhandler_c2f, (MPI_Errhandler errhandler))
SMPI_FN(MPI_Errhandler, Errhandler_f2c, (MPI_Fint errhandler))
SMPI_FN(MPI_Fint, Win_c2f, (MPI_Win win))
SMPI_FN(MPI_Win, Win_f2c, (MPI_Fint win))
SMPI_FN(MPI_Fint, File_c2f, (MPI_File file))
SMPI_FN(MPI_File, File_f2c, (MPI_Fint file))
SMPI_FN(MPI_Fint, Message_c2f, (MPI_Message message))
SMPI_FN(MPI_Message, Message_f2c, (MPI_Fint message))
SMPI_FN(int, Status_c2f, (const MPI_Status *c_status, MPI_Fint *f_status))
SMPI_FN(int, Status_f2c, (const MPI_Fint *f_status, MPI_Status *c_status))

/* MPI-4 sessions and the small MPI-4 functions (sessions, error classes, MPI_ERRORS_ABORT,
 * MPI_Isendrecv(_replace), MPI_Comm_idup_with_info, MPI_Info_get_string, MPI_Info_create_env,
 * MPI_Buffer_flush/iflush) */
typedef struct smpi_session *MPI_Session;
#define MPI_SESSION_NULL ((MPI_Session)0)
typedef void MPI_Session_errhandler_function(MPI_Session *session, int *error_code, ...);
extern SMPI_API struct smpi_errhandler smpi_mpi_errors_abort;
#define MPI_ERRORS_ABORT (&smpi_mpi_errors_abort)
#define MPI_MAX_PSET_NAME_LEN 256
#define MPI_MAX_STRINGTAG_LEN 256
/* MPI_Comm_split_type's MPI-4 split types (RESOURCE_GUIDED: MPI-4.1) and their info key's value */
#define MPI_COMM_TYPE_HW_GUIDED 2
#define MPI_COMM_TYPE_HW_UNGUIDED 3
#define MPI_COMM_TYPE_RESOURCE_GUIDED 4
#define MPI_ERR_PROC_ABORTED 74
#define MPI_ERR_VALUE_TOO_LARGE 75
#define MPI_ERR_SESSION 76
#define MPI_ERR_ERRHANDLER 77
#define MPI_T_ERR_NOT_ACCESSIBLE 78
#define MPI_T_ERR_NOT_SUPPORTED 79
SMPI_FN(int, Session_init, (MPI_Info info, MPI_Errhandler errhandler, MPI_Session *session))
SMPI_FN(int, Session_finalize, (MPI_Session *session))
SMPI_FN(int, Session_get_num_psets, (MPI_Session session, MPI_Info info, int *npset_names))
SMPI_FN(int, Session_get_nth_pset, (MPI_Session session, MPI_Info info, int n, int *pset_len,
        char *pset_name))
SMPI_FN(int, Session_get_info, (MPI_Session session, MPI_Info *info_used))
SMPI_FN(int, Session_get_pset_info, (MPI_Session session, const char *pset_name, MPI_Info *info))
SMPI_FN(int, Group_from_session_pset, (MPI_Session session, const char *pset_name,
        MPI_Group *newgroup))
SMPI_FN(int, Comm_create_from_group, (MPI_Group group, const char *stringtag, MPI_Info info,
        MPI_Errhandler errhandler, MPI_Comm *newcomm))
SMPI_FN(int, Intercomm_create_from_groups, (MPI_Group local_group, int local_leader,
        MPI_Group remote_group, int remote_leader, const char *stringtag, MPI_Info info,
        MPI_Errhandler errhandler, MPI_Comm *newintercomm))
SMPI_FN(int, Session_create_errhandler, (MPI_Session_errhandler_function *session_errhandler_fn,
        MPI_Errhandler *errhandler))
SMPI_FN(int, Session_set_errhandler, (MPI_Session session, MPI_Errhandler errhandler))
SMPI_FN(int, Session_get_errhandler, (MPI_Session session, MPI_Errhandler *errhandler))
SMPI_FN(int, Session_call_errhandler, (MPI_Session session, int errorcode))
SMPI_FN(MPI_Fint, Session_c2f, (MPI_Session session))
SMPI_FN(MPI_Session, Session_f2c, (MPI_Fint session))
SMPI_FN(int, Isendrecv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest,
        int sendtag, void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
        MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Isendrecv_replace, (void *buf, int count, MPI_Datatype datatype, int dest,
        int sendtag, int source, int recvtag, MPI_Comm comm, MPI_Request *request))
SMPI_FN(int, Comm_idup_with_info, (MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm,
        MPI_Request *request))
SMPI_FN(int, Info_get_string, (MPI_Info info, const char *key, int *buflen, char *value,
        int *flag))
SMPI_FN(int, Info_create_env, (int argc, char *argv[], MPI_Info *info))
SMPI_FN(int, Buffer_flush, (void))
SMPI_FN(int, Buffer_iflush, (MPI_Request *request))

/* Tools interface */
SMPI_FN(int, T_init_thread, (int required, int *provided))
SMPI_FN(int, T_finalize, (void))
SMPI_FN(int, T_enum_get_info, (MPI_T_enum enumtype, int *num, char *name, int *name_len))
SMPI_FN(int, T_enum_get_item, (MPI_T_enum enumtype, int index, int *value, char *name,
        int *name_len))
SMPI_FN(int, T_cvar_get_num, (int *num_cvar))
SMPI_FN(int, T_cvar_get_info, (int cvar_index, char *name, int *name_len, int *verbosity,
        MPI_Datatype *datatype, MPI_T_enum *enumtype, char *desc, int *desc_len, int *bind,
        int *scope))
SMPI_FN(int, T_cvar_get_index, (const char *name, int *cvar_index))
SMPI_FN(int, T_cvar_handle_alloc, (int cvar_index, void *obj_handle, MPI_T_cvar_handle *handle,
        int *count))
SMPI_FN(int, T_cvar_handle_free, (MPI_T_cvar_handle *handle))
SMPI_FN(int, T_cvar_read, (MPI_T_cvar_handle handle, void *buf))
SMPI_FN(int, T_cvar_write, (MPI_T_cvar_handle handle, const void *buf))
SMPI_FN(int, T_pvar_get_num, (int *num_pvar))
SMPI_FN(int, T_pvar_get_info, (int pvar_index, char *name, int *name_len, int *verbosity,
        int *var_class, MPI_Datatype *datatype, MPI_T_enum *enumtype, char *desc, int *desc_len,
        int *bind, int *readonly, int *continuous, int *atomic))
SMPI_FN(int, T_pvar_get_index, (const char *name, int var_class, int *pvar_index))
SMPI_FN(int, T_pvar_session_create, (MPI_T_pvar_session *session))
SMPI_FN(int, T_pvar_session_free, (MPI_T_pvar_session *session))
SMPI_FN(int, T_pvar_handle_alloc, (MPI_T_pvar_session session, int pvar_index, void *obj_handle,
        MPI_T_pvar_handle *handle, int *count))
SMPI_FN(int, T_pvar_handle_free, (MPI_T_pvar_session session, MPI_T_pvar_handle *handle))
SMPI_FN(int, T_pvar_start, (MPI_T_pvar_session session, MPI_T_pvar_handle handle))
SMPI_FN(int, T_pvar_stop, (MPI_T_pvar_session session, MPI_T_pvar_handle handle))
SMPI_FN(int, T_pvar_read, (MPI_T_pvar_session session, MPI_T_pvar_handle handle, void *buf))
SMPI_FN(int, T_pvar_write, (MPI_T_pvar_session session, MPI_T_pvar_handle handle, const void *buf))
SMPI_FN(int, T_pvar_reset, (MPI_T_pvar_session session, MPI_T_pvar_handle handle))
SMPI_FN(int, T_pvar_readreset, (MPI_T_pvar_session session, MPI_T_pvar_handle handle, void *buf))
SMPI_FN(int, T_category_get_num, (int *num_cat))
SMPI_FN(int, T_category_get_info, (int cat_index, char *name, int *name_len, char *desc,
        int *desc_len, int *num_cvars, int *num_pvars, int *num_categories))
SMPI_FN(int, T_category_get_index, (const char *name, int *cat_index))
SMPI_FN(int, T_category_get_cvars, (int cat_index, int len, int indices[]))
SMPI_FN(int, T_category_get_pvars, (int cat_index, int len, int indices[]))
SMPI_FN(int, T_category_get_categories, (int cat_index, int len, int indices[]))
SMPI_FN(int, T_category_changed, (int *stamp))

/* MPI-4 persistent collectives (MPI-4.0 section 6.13; smpi/bindings/bindings_pcoll.c) */
SMPI_FN(int, Barrier_init, (MPI_Comm comm, MPI_Info info, MPI_Request *request))
SMPI_FN(int, Bcast_init, (void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
        MPI_Info info, MPI_Request *request))
SMPI_FN(int, Gather_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
        int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
        MPI_Request *request))
SMPI_FN(int, Gatherv_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
        void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
        MPI_Comm comm, MPI_Info info, MPI_Request *request))
SMPI_FN(int, Scatter_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
        void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
        MPI_Request *request))
SMPI_FN(int, Scatterv_init, (const void *sendbuf, const int sendcounts[], const int displs[],
        MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
        MPI_Comm comm, MPI_Info info, MPI_Request *request))
SMPI_FN(int, Allgather_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
        void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
        MPI_Request *request))
SMPI_FN(int, Allgatherv_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
        void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype,
        MPI_Comm comm, MPI_Info info, MPI_Request *request))
SMPI_FN(int, Alltoall_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
        void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
        MPI_Request *request))
SMPI_FN(int, Alltoallv_init, (const void *sendbuf, const int sendcounts[], const int sdispls[],
        MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[],
        MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request))
SMPI_FN(int, Alltoallw_init, (const void *sendbuf, const int sendcounts[], const int sdispls[],
        const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const int rdispls[],
        const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info, MPI_Request *request))
SMPI_FN(int, Reduce_init, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
        MPI_Op op, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request))
SMPI_FN(int, Allreduce_init, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
        MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request))
SMPI_FN(int, Reduce_scatter_block_init, (const void *sendbuf, void *recvbuf, int recvcount,
        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request))
SMPI_FN(int, Reduce_scatter_init, (const void *sendbuf, void *recvbuf, const int recvcounts[],
        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request))
SMPI_FN(int, Scan_init, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
        MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request))
SMPI_FN(int, Exscan_init, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
        MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request))
SMPI_FN(int, Neighbor_allgather_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
        void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
        MPI_Request *request))
SMPI_FN(int, Neighbor_allgatherv_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
        void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype,
        MPI_Comm comm, MPI_Info info, MPI_Request *request))
SMPI_FN(int, Neighbor_alltoall_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
        void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
        MPI_Request *request))
SMPI_FN(int, Neighbor_alltoallv_init, (const void *sendbuf, const int sendcounts[],
        const int sdispls[], MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
        const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
        MPI_Request *request))
SMPI_FN(int, Neighbor_alltoallw_init, (const void *sendbuf, const int sendcounts[],
        const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf,
        const int recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[],
        MPI_Comm comm, MPI_Info info, MPI_Request *request))

/* MPI-4 tool interface additions (MPI-4.0 chapter 15; smpi/bindings/bindings_mpit.c): the
 * event and source queries (simmpi has no events) */
SMPI_FN(int, T_category_get_num_events, (int cat_index, int *num_events))
SMPI_FN(int, T_category_get_events, (int cat_index, int len, int indices[]))
SMPI_FN(int, T_event_get_num, (int *num_events))
SMPI_FN(int, T_event_get_info, (int event_index, char *name, int *name_len, int *verbosity,
        MPI_Datatype array_of_datatypes[], MPI_Aint array_of_displacements[], int *num_elements,
        MPI_T_enum *enumtype, MPI_Info *info, char *desc, int *desc_len, int *bind))
SMPI_FN(int, T_event_get_index, (const char *name, int *event_index))
SMPI_FN(int, T_source_get_num, (int *num_sources))
SMPI_FN(int, T_source_get_info, (int source_index, char *name, int *name_len, char *desc,
        int *desc_len, MPI_T_source_order *ordering, MPI_Count *ticks_per_second,
        MPI_Count *max_ticks, MPI_Info *info))

/* MPI-1 calls removed in MPI-3.0, still used by old applications (SMPI declares them too). */
SMPI_FN(int, Address, (void *location, MPI_Aint *address))
SMPI_FN(int, Type_extent, (MPI_Datatype datatype, MPI_Aint *extent))
SMPI_FN(int, Type_lb, (MPI_Datatype datatype, MPI_Aint *displacement))
SMPI_FN(int, Type_ub, (MPI_Datatype datatype, MPI_Aint *displacement))
SMPI_FN(int, Type_hvector, (int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
        MPI_Datatype *newtype))
SMPI_FN(int, Type_hindexed, (int count, int array_of_blocklengths[],
        MPI_Aint array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype))
SMPI_FN(int, Type_struct, (int count, int array_of_blocklengths[],
        MPI_Aint array_of_displacements[], MPI_Datatype array_of_types[], MPI_Datatype *newtype))
SMPI_FN(int, Errhandler_create, (MPI_Handler_function *function, MPI_Errhandler *errhandler))
SMPI_FN(int, Errhandler_set, (MPI_Comm comm, MPI_Errhandler errhandler))
SMPI_FN(int, Errhandler_get, (MPI_Comm comm, MPI_Errhandler *errhandler))

/* MPI-4 partitioned communication (MPI-4.0 chapter 4) */
SMPI_FN(int, Psend_init, (const void *buf, int partitions, MPI_Count count, MPI_Datatype datatype,
        int dest, int tag, MPI_Comm comm, MPI_Info info, MPI_Request *request))
SMPI_FN(int, Precv_init, (void *buf, int partitions, MPI_Count count, MPI_Datatype datatype,
        int source, int tag, MPI_Comm comm, MPI_Info info, MPI_Request *request))
SMPI_FN(int, Pready, (int partition, MPI_Request request))
SMPI_FN(int, Pready_range, (int partition_low, int partition_high, MPI_Request request))
SMPI_FN(int, Pready_list, (int length, const int array_of_partitions[], MPI_Request request))
SMPI_FN(int, Parrived, (MPI_Request request, int partition, int *flag))
/* clang-format on */

#undef SMPI_FN

/* MPI-4 large-count ("_c") functions, generated from the declarations above */
#include <smpi/mpi_large_count.h>

#ifdef __cplusplus
}
#endif

/* The simulator's calls (smpi_execute, SMPI_SAMPLE_*), as SMPI's mpi.h provides them. */
#include <smpi/smpi.h>

#ifdef TRACE_CALL_LOCATION /* smpicc -trace-call-location: MPI calls record file and line */
#include <smpi/smpi_extended_traces.h>
#endif

#endif /* SMPI_MPI_H */
