/* bindings_handles: the C/Fortran handle and status conversions (MPI-3.1 section 17.2.4,
 * 17.2.5). The per-kind tables of converted handles: smpi/mpi/handles.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "smpi/internal.h"

#define CONVERSIONS(Name, kind, CType)                                                             \
    MPI_Fint PMPI_##Name##_c2f(CType handle)                                                       \
    {                                                                                              \
        return smpi__handle_to_fint(kind, (void *)handle);                                         \
    }                                                                                              \
    CType PMPI_##Name##_f2c(MPI_Fint handle)                                                       \
    {                                                                                              \
        return (CType)smpi__handle_from_fint(kind, handle);                                        \
    }

CONVERSIONS(Comm, SMPI_FH_COMM, MPI_Comm)
CONVERSIONS(Type, SMPI_FH_TYPE, MPI_Datatype)
CONVERSIONS(Group, SMPI_FH_GROUP, MPI_Group)
CONVERSIONS(Info, SMPI_FH_INFO, MPI_Info)
CONVERSIONS(Request, SMPI_FH_REQUEST, MPI_Request)
CONVERSIONS(Op, SMPI_FH_OP, MPI_Op)
CONVERSIONS(Errhandler, SMPI_FH_ERRHANDLER, MPI_Errhandler)
CONVERSIONS(Win, SMPI_FH_WIN, MPI_Win)
CONVERSIONS(File, SMPI_FH_FILE, MPI_File)
CONVERSIONS(Message, SMPI_FH_MESSAGE, MPI_Message)

#pragma weak MPI_Comm_c2f = PMPI_Comm_c2f
#pragma weak MPI_Comm_f2c = PMPI_Comm_f2c
#pragma weak MPI_Type_c2f = PMPI_Type_c2f
#pragma weak MPI_Type_f2c = PMPI_Type_f2c
#pragma weak MPI_Group_c2f = PMPI_Group_c2f
#pragma weak MPI_Group_f2c = PMPI_Group_f2c
#pragma weak MPI_Info_c2f = PMPI_Info_c2f
#pragma weak MPI_Info_f2c = PMPI_Info_f2c
#pragma weak MPI_Request_c2f = PMPI_Request_c2f
#pragma weak MPI_Request_f2c = PMPI_Request_f2c
#pragma weak MPI_Op_c2f = PMPI_Op_c2f
#pragma weak MPI_Op_f2c = PMPI_Op_f2c
#pragma weak MPI_Errhandler_c2f = PMPI_Errhandler_c2f
#pragma weak MPI_Errhandler_f2c = PMPI_Errhandler_f2c
#pragma weak MPI_Win_c2f = PMPI_Win_c2f
#pragma weak MPI_Win_f2c = PMPI_Win_f2c
#pragma weak MPI_File_c2f = PMPI_File_c2f
#pragma weak MPI_File_f2c = PMPI_File_f2c
#pragma weak MPI_Message_c2f = PMPI_Message_c2f
#pragma weak MPI_Message_f2c = PMPI_Message_f2c

int PMPI_Status_c2f(const MPI_Status *c_status, MPI_Fint *f_status)
{
    if (!c_status || c_status == MPI_STATUS_IGNORE || !f_status)
        return smpi__error(MPI_COMM_WORLD, "MPI_Status_c2f", MPI_ERR_ARG,
                           "c_status or f_status is NULL or MPI_STATUS_IGNORE");
    f_status[MPI_F_SOURCE] = c_status->MPI_SOURCE;
    f_status[MPI_F_TAG] = c_status->MPI_TAG;
    f_status[MPI_F_ERROR] = c_status->MPI_ERROR;
    f_status[3] = c_status->smpi_cancelled;
    f_status[4] = (MPI_Fint)(c_status->smpi_count & 0x7fffffff);
    f_status[5] = (MPI_Fint)(c_status->smpi_count >> 31);
    return MPI_SUCCESS;
}
#pragma weak MPI_Status_c2f = PMPI_Status_c2f

int PMPI_Status_f2c(const MPI_Fint *f_status, MPI_Status *c_status)
{
    if (!f_status || !c_status || c_status == MPI_STATUS_IGNORE)
        return smpi__error(MPI_COMM_WORLD, "MPI_Status_f2c", MPI_ERR_ARG,
                           "f_status or c_status is NULL or MPI_STATUS_IGNORE");
    c_status->MPI_SOURCE = f_status[MPI_F_SOURCE];
    c_status->MPI_TAG = f_status[MPI_F_TAG];
    c_status->MPI_ERROR = f_status[MPI_F_ERROR];
    c_status->smpi_cancelled = f_status[3];
    c_status->smpi_count = ((MPI_Count)f_status[5] << 31) | (MPI_Count)f_status[4];
    return MPI_SUCCESS;
}
#pragma weak MPI_Status_f2c = PMPI_Status_f2c
