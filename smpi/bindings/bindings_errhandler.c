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

/* The objects an error handler serves. */
enum holder { HOLDER_COMM, HOLDER_WIN, HOLDER_FILE };

/* MPI_{Comm,Win,File}_create_errhandler: a new handler of user function fn (of the holder's
 * function type), registered for the checking mode. */
static int create(const char *call, enum holder h, void (*fn)(void), MPI_Errhandler *eh)
{
    if (!fn || !eh)
        return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_ARG, "function or handle pointer is NULL");
    if (h == HOLDER_COMM)
        *eh = smpi__errhandler_new_comm((MPI_Comm_errhandler_function *)fn);
    else if (h == HOLDER_WIN)
        *eh = smpi__errhandler_new_win((MPI_Win_errhandler_function *)fn);
    else
        *eh = smpi__errhandler_new_file((MPI_File_errhandler_function *)fn);
    smpi__handle_new(SMPI_H_ERRHANDLER, *eh, call);
    return MPI_SUCCESS;
}

int PMPI_Comm_create_errhandler(MPI_Comm_errhandler_function *fn, MPI_Errhandler *eh)
{
    return create("MPI_Comm_create_errhandler", HOLDER_COMM, (void (*)(void))fn, eh);
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
    return create("MPI_Win_create_errhandler", HOLDER_WIN, (void (*)(void))win_errhandler_fn,
                  errhandler);
}
#pragma weak MPI_Win_create_errhandler = PMPI_Win_create_errhandler

int PMPI_File_create_errhandler(MPI_File_errhandler_function *file_errhandler_fn,
                                MPI_Errhandler *errhandler)
{
    return create("MPI_File_create_errhandler", HOLDER_FILE, (void (*)(void))file_errhandler_fn,
                  errhandler);
}
#pragma weak MPI_File_create_errhandler = PMPI_File_create_errhandler

/* ---- windows and files: the same calls, reported through the object's own handler -------- */

/* obj is a live window (HOLDER_WIN) or a file, or MPI_FILE_NULL, whose handler is the default
 * one of files (MPI-3.1 section 13.7). */
static int check_holder(const char *call, enum holder h, void *obj)
{
    if (h == HOLDER_WIN)
        return smpi__check_win(call, obj);
    return check_file(call, obj);
}

/* The slot of obj's handler. */
static MPI_Errhandler *holder_slot(enum holder h, void *obj)
{
    return h == HOLDER_WIN ? smpi__win_eh_slot(obj) : smpi__file_eh_slot(obj);
}

/* Reports `code` with message msg through obj's handler. */
static int holder_error(enum holder h, void *obj, const char *call, int code, const char *msg)
{
    if (h == HOLDER_WIN)
        return smpi__win_error(obj, call, code, "%s", msg);
    return smpi__file_error(obj, call, code, "%s", msg);
}

/* A handler that may serve obj: a user one made for its kind of object, or a predefined one. */
static bool fits(enum holder h, MPI_Errhandler eh)
{
    if (eh == MPI_ERRHANDLER_NULL)
        return false;
    return smpi__errhandler_fits(eh, h == HOLDER_WIN ? SMPI_EH_FOR_WIN : SMPI_EH_FOR_FILE);
}

static int set_errhandler(const char *call, enum holder h, void *obj, MPI_Errhandler eh)
{
    SMPI_CHECK(check_holder(call, h, obj));
    if (!fits(h, eh))
        return holder_error(h, obj, call, MPI_ERR_ARG,
                            h == HOLDER_WIN ? "errhandler is not a window error handler"
                                            : "errhandler is not a file error handler");
    smpi__errhandler_assign(holder_slot(h, obj), eh);
    return MPI_SUCCESS;
}

static int get_errhandler(const char *call, enum holder h, void *obj, MPI_Errhandler *eh)
{
    SMPI_CHECK(check_holder(call, h, obj));
    if (!eh)
        return holder_error(h, obj, call, MPI_ERR_ARG, "errhandler is NULL");
    *eh = *holder_slot(h, obj);
    smpi__errhandler_ref(*eh);
    return MPI_SUCCESS;
}

static int call_errhandler(const char *call, enum holder h, void *obj, int code)
{
    SMPI_CHECK(check_holder(call, h, obj));
    holder_error(h, obj, call, code, "raised by the application");
    return MPI_SUCCESS;
}

/* MPI_<X>_set_errhandler, MPI_<X>_get_errhandler and MPI_<X>_call_errhandler of a window or a
 * file (type, holder h). */
#define HOLDER_CALLS(set, get, raise, type, h)                                                     \
    int P##set(type obj, MPI_Errhandler errhandler)                                                \
    {                                                                                              \
        return set_errhandler(#set, h, obj, errhandler);                                           \
    }                                                                                              \
    SMPI_WEAK(set)                                                                                 \
    int P##get(type obj, MPI_Errhandler *errhandler)                                               \
    {                                                                                              \
        return get_errhandler(#get, h, obj, errhandler);                                           \
    }                                                                                              \
    SMPI_WEAK(get)                                                                                 \
    int P##raise(type obj, int errorcode)                                                          \
    {                                                                                              \
        return call_errhandler(#raise, h, obj, errorcode);                                         \
    }                                                                                              \
    SMPI_WEAK(raise)
HOLDER_CALLS(MPI_Win_set_errhandler, MPI_Win_get_errhandler, MPI_Win_call_errhandler, MPI_Win,
             HOLDER_WIN)
HOLDER_CALLS(MPI_File_set_errhandler, MPI_File_get_errhandler, MPI_File_call_errhandler, MPI_File,
             HOLDER_FILE)
