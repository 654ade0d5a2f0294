/* mpi.h: the MPI-4.0 C interface of simmpi. Handles are pointers to library-owned structs;
 * predefined handles are the addresses of objects exported by the library. Every function
 * exists as MPI_<name> and as its profiling twin PMPI_<name>. This file holds the types, the
 * constants, the predefined objects and the callback types; the function declarations are in
 * <smpi/mpi_calls_comm.h> and <smpi/mpi_calls_env.h>, which it includes. */
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

#define MPI_VERSION 4
#define MPI_SUBVERSION 0

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
/* MPI-4 tool interface events (MPI-4.0 section 15.3.8) */
typedef struct smpi_t_event_registration *MPI_T_event_registration;
typedef struct smpi_t_event_instance *MPI_T_event_instance;
typedef enum {
    MPI_T_CB_REQUIRE_NONE,
    MPI_T_CB_REQUIRE_MPI_RESTRICTED,
    MPI_T_CB_REQUIRE_THREAD_SAFE,
    MPI_T_CB_REQUIRE_ASYNC_SIGNAL_SAFE
} MPI_T_cb_safety;
typedef void(MPI_T_event_cb_function)(MPI_T_event_instance event_instance,
                                      MPI_T_event_registration event_registration,
                                      MPI_T_cb_safety cb_safety, void *user_data);
typedef void(MPI_T_event_free_cb_function)(MPI_T_event_registration event_registration,
                                           MPI_T_cb_safety cb_safety, void *user_data);
typedef void(MPI_T_event_dropped_cb_function)(MPI_Count count,
                                              MPI_T_event_registration event_registration,
                                              int source_index, MPI_T_cb_safety cb_safety,
                                              void *user_data);

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

/* The declarations, by chapter (clang-format would read them as expressions, "MPI_Comm *
 * parent": they keep their hand layout). */
#include <smpi/mpi_calls_comm.h> /* point-to-point ... topologies */
#include <smpi/mpi_calls_env.h>  /* environment ... the MPI-4 additions */

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
