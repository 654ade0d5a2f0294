/* smpi/mpi_calls_env.h: the declarations of the other MPI calls: environment and errors, info,
 * process management, one-sided communication, external interfaces, I/O, language
 * interoperability, the tool interface, the MPI-4 additions (sessions, persistent collectives,
 * partitioned communication) and the MPI-1 calls removed in MPI-3.0. Part of <mpi.h>, which
 * includes it with SMPI_FN defined (each line declares MPI_<name> and PMPI_<name>): include
 * <mpi.h>, not this file. */
#ifndef SMPI_MPI_H
#error "include <mpi.h>, not <smpi/mpi_calls_env.h>"
#endif

/* clang-format off */
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

/* MPI-4 tool interface additions (MPI-4.0 chapter 15; smpi/bindings/bindings_mpit.c and
 * bindings_mpit_event.c): events, their sources and registrations */
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
SMPI_FN(int, T_source_get_timestamp, (int source_index, MPI_Count *timestamp))
SMPI_FN(int, T_event_handle_alloc, (int event_index, void *obj_handle, MPI_Info info,
        MPI_T_event_registration *event_registration))
SMPI_FN(int, T_event_handle_set_info, (MPI_T_event_registration event_registration, MPI_Info info))
SMPI_FN(int, T_event_handle_get_info, (MPI_T_event_registration event_registration,
        MPI_Info *info_used))
SMPI_FN(int, T_event_register_callback, (MPI_T_event_registration event_registration,
        MPI_T_cb_safety cb_safety, MPI_Info info, void *user_data,
        MPI_T_event_cb_function event_cb_function))
SMPI_FN(int, T_event_callback_set_info, (MPI_T_event_registration event_registration,
        MPI_T_cb_safety cb_safety, MPI_Info info))
SMPI_FN(int, T_event_callback_get_info, (MPI_T_event_registration event_registration,
        MPI_T_cb_safety cb_safety, MPI_Info *info_used))
SMPI_FN(int, T_event_handle_free, (MPI_T_event_registration event_registration, void *user_data,
        MPI_T_event_free_cb_function free_cb_function))
SMPI_FN(int, T_event_set_dropped_handler, (MPI_T_event_registration event_registration,
        MPI_T_event_dropped_cb_function dropped_cb_function))
SMPI_FN(int, T_event_read, (MPI_T_event_instance event_instance, int element_index, void *buffer))
SMPI_FN(int, T_event_copy, (MPI_T_event_instance event_instance, void *buffer))
SMPI_FN(int, T_event_get_timestamp, (MPI_T_event_instance event_instance,
        MPI_Count *event_timestamp))
SMPI_FN(int, T_event_get_source, (MPI_T_event_instance event_instance, int *source_index))

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

/* MPI-4 Fortran 2008 statuses from C (MPI-4.0 section 19.3.5): TYPE(MPI_Status) of mpi_f08 */
typedef struct MPI_F08_status {
    MPI_Fint MPI_SOURCE, MPI_TAG, MPI_ERROR;
    MPI_Fint smpi_reserved[MPI_F_STATUS_SIZE - 3];
} MPI_F08_status;
SMPI_FN(int, Status_f2f08, (const MPI_Fint *f_status, MPI_F08_status *f08_status))
SMPI_FN(int, Status_f082f, (const MPI_F08_status *f08_status, MPI_Fint *f_status))
SMPI_FN(int, Status_c2f08, (const MPI_Status *c_status, MPI_F08_status *f08_status))
SMPI_FN(int, Status_f082c, (const MPI_F08_status *f08_status, MPI_Status *c_status))
/* clang-format on */
