/* bindings_errhandler: the MPI calls on error handlers (MPI-3.1 section 8.3) of communicators,
 * windows and files. The objects and the reporting: smpi/mpi/errhandler.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "smpi/analyze/analyze.h"
#include "smpi/bindings/check.h"
#include "smpi/internal.h"
#include "smpi/mpi/file.h"
#include "smpi/mpi/win.h"

static int check_file(const char *call, MPI_File file)
{
    if (file != MPI_FILE_NULL && !smpi__file_is_valid(file))
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_FILE,
                           "fh is not an open file (already closed?)");
    return MPI_SUCCESS;
}

int PMPI_Comm_create_errhandler(MPI_Comm_errhandler_function *fn, MPI_Errhandler *eh)
{
    if (!fn || !eh)
        return smpi__error(MPI_COMM_WORLD, "MPI_Comm_create_errhandler", MPI_ERR_ARG,
                           "function or handle pointer is NULL");
    *eh = smpi__errhandler_new_comm(fn);
    smpi__handle_new(SMPI_H_ERRHANDLER, *eh, "MPI_Comm_create_errhandler");
    return MPI_SUCCESS;
}
#pragma weak MPI_Comm_create_errhandler = PMPI_Comm_create_errhandler

int PMPI_Comm_set_errhandler(MPI_Comm comm, MPI_Errhandler eh)
{
    if (!smpi__comm_is_valid(comm))
        return smpi__error(MPI_COMM_WORLD, "MPI_Comm_set_errhandler", MPI_ERR_COMM,
                           "invalid communicator");
    if (eh == MPI_ERRHANDLER_NULL)
        return smpi__error(comm, "MPI_Comm_set_errhandler", MPI_ERR_ARG,
                           "errhandler is MPI_ERRHANDLER_NULL");
    smpi__comm_set_errhandler(comm, eh);
    return MPI_SUCCESS;
}
#pragma weak MPI_Comm_set_errhandler = PMPI_Comm_set_errhandler

int PMPI_Comm_get_errhandler(MPI_Comm comm, MPI_Errhandler *eh)
{
    if (!smpi__comm_is_valid(comm))
        return smpi__error(MPI_COMM_WORLD, "MPI_Comm_get_errhandler", MPI_ERR_COMM,
                           "invalid communicator");
    *eh = smpi__comm_errhandler(comm);
    smpi__errhandler_ref(*eh);
    return MPI_SUCCESS;
}
#pragma weak MPI_Comm_get_errhandler = PMPI_Comm_get_errhandler

int PMPI_Comm_call_errhandler(MPI_Comm comm, int code)
{
    if (!smpi__comm_is_valid(comm))
        return smpi__error(MPI_COMM_WORLD, "MPI_Comm_call_errhandler", MPI_ERR_COMM,
                           "invalid communicator");
    smpi__error(comm, "MPI_Comm_call_errhandler", code, "raised by the application");
    return MPI_SUCCESS;
}
#pragma weak MPI_Comm_call_errhandler = PMPI_Comm_call_errhandler

int PMPI_Errhandler_free(MPI_Errhandler *eh)
{
    if (!eh || *eh == MPI_ERRHANDLER_NULL)
        return smpi__error(MPI_COMM_WORLD, "MPI_Errhandler_free", MPI_ERR_ARG,
                           "errhandler is MPI_ERRHANDLER_NULL");
    smpi__handle_gone(SMPI_H_ERRHANDLER, *eh);
    smpi__errhandler_release(*eh);
    *eh = MPI_ERRHANDLER_NULL;
    return MPI_SUCCESS;
}
#pragma weak MPI_Errhandler_free = PMPI_Errhandler_free

int PMPI_Win_create_errhandler(MPI_Win_errhandler_function *win_errhandler_fn,
                               MPI_Errhandler *errhandler)
{
    if (!win_errhandler_fn || !errhandler)
        return smpi__error(MPI_COMM_WORLD, "MPI_Win_create_errhandler", MPI_ERR_ARG,
                           "function or handle pointer is NULL");
    *errhandler = smpi__errhandler_new_win(win_errhandler_fn);
    smpi__handle_new(SMPI_H_ERRHANDLER, *errhandler, "MPI_Win_create_errhandler");
    return MPI_SUCCESS;
}
#pragma weak MPI_Win_create_errhandler = PMPI_Win_create_errhandler

int PMPI_File_create_errhandler(MPI_File_errhandler_function *file_errhandler_fn,
                                MPI_Errhandler *errhandler)
{
    if (!file_errhandler_fn || !errhandler)
        return smpi__error(MPI_COMM_WORLD, "MPI_File_create_errhandler", MPI_ERR_ARG,
                           "function or handle pointer is NULL");
    *errhandler = smpi__errhandler_new_file(file_errhandler_fn);
    smpi__handle_new(SMPI_H_ERRHANDLER, *errhandler, "MPI_File_create_errhandler");
    return MPI_SUCCESS;
}
#pragma weak MPI_File_create_errhandler = PMPI_File_create_errhandler

int PMPI_Win_set_errhandler(MPI_Win win, MPI_Errhandler errhandler)
{
    MPI_Errhandler *slot;

    SMPI_CHECK_WIN("MPI_Win_set_errhandler", win);
    if (errhandler == MPI_ERRHANDLER_NULL || !smpi__errhandler_fits_win(errhandler))
        return smpi__win_error(win, "MPI_Win_set_errhandler", MPI_ERR_ARG,
                               "errhandler is not a window error handler");
    slot = smpi__win_eh_slot(win);
    smpi__errhandler_assign(slot, errhandler);
    return MPI_SUCCESS;
}
#pragma weak MPI_Win_set_errhandler = PMPI_Win_set_errhandler

int PMPI_Win_get_errhandler(MPI_Win win, MPI_Errhandler *errhandler)
{
    SMPI_CHECK_WIN("MPI_Win_get_errhandler", win);
    if (!errhandler)
        return smpi__win_error(win, "MPI_Win_get_errhandler", MPI_ERR_ARG, "errhandler is NULL");
    *errhandler = *smpi__win_eh_slot(win);
    smpi__errhandler_ref(*errhandler);
    return MPI_SUCCESS;
}
#pragma weak MPI_Win_get_errhandler = PMPI_Win_get_errhandler

int PMPI_Win_call_errhandler(MPI_Win win, int errorcode)
{
    SMPI_CHECK_WIN("MPI_Win_call_errhandler", win);
    smpi__win_error(win, "MPI_Win_call_errhandler", errorcode, "raised by the application");
    return MPI_SUCCESS;
}
#pragma weak MPI_Win_call_errhandler = PMPI_Win_call_errhandler

int PMPI_File_set_errhandler(MPI_File file, MPI_Errhandler errhandler)
{
    MPI_Errhandler *slot;
    int rc = check_file("MPI_File_set_errhandler", file);

    if (rc != MPI_SUCCESS)
        return rc;
    if (errhandler == MPI_ERRHANDLER_NULL || !smpi__errhandler_fits_file(errhandler))
        return smpi__file_error(file, "MPI_File_set_errhandler", MPI_ERR_ARG,
                                "errhandler is not a file error handler");
    slot = smpi__file_eh_slot(file);
    smpi__errhandler_assign(slot, errhandler);
    return MPI_SUCCESS;
}
#pragma weak MPI_File_set_errhandler = PMPI_File_set_errhandler

int PMPI_File_get_errhandler(MPI_File file, MPI_Errhandler *errhandler)
{
    int rc = check_file("MPI_File_get_errhandler", file);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!errhandler)
        return smpi__file_error(file, "MPI_File_get_errhandler", MPI_ERR_ARG, "errhandler is NULL");
    *errhandler = *smpi__file_eh_slot(file);
    smpi__errhandler_ref(*errhandler);
    return MPI_SUCCESS;
}
#pragma weak MPI_File_get_errhandler = PMPI_File_get_errhandler

int PMPI_File_call_errhandler(MPI_File fh, int errorcode)
{
    int rc = check_file("MPI_File_call_errhandler", fh);

    if (rc != MPI_SUCCESS)
        return rc;
    smpi__file_error(fh, "MPI_File_call_errhandler", errorcode, "raised by the application");
    return MPI_SUCCESS;
}
#pragma weak MPI_File_call_errhandler = PMPI_File_call_errhandler
