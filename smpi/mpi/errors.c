/* errors: the table of MPI error classes (name and description), with the codes and classes
 * the program adds. The MPI_Error_* and MPI_Add_error_* bindings: smpi/bindings/bindings_error.c.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>
#include <string.h>

#include "smpi/mpi/errors.h"
#include "smpi/internal.h"

struct error_info {
    const char *name;
    const char *text;
};

static const struct error_info errors[MPI_ERR_LASTCODE + 1] = {
    [MPI_SUCCESS] = { "MPI_SUCCESS", "no error" },
    [MPI_ERR_BUFFER] = { "MPI_ERR_BUFFER", "invalid buffer pointer" },
    [MPI_ERR_COUNT] = { "MPI_ERR_COUNT", "invalid count argument" },
    [MPI_ERR_TYPE] = { "MPI_ERR_TYPE", "invalid datatype" },
    [MPI_ERR_TAG] = { "MPI_ERR_TAG", "invalid tag" },
    [MPI_ERR_COMM] = { "MPI_ERR_COMM", "invalid communicator" },
    [MPI_ERR_RANK] = { "MPI_ERR_RANK", "invalid rank" },
    [MPI_ERR_REQUEST] = { "MPI_ERR_REQUEST", "invalid request" },
    [MPI_ERR_ROOT] = { "MPI_ERR_ROOT", "invalid root" },
    [MPI_ERR_GROUP] = { "MPI_ERR_GROUP", "invalid group" },
    [MPI_ERR_OP] = { "MPI_ERR_OP", "invalid reduction operation" },
    [MPI_ERR_TOPOLOGY] = { "MPI_ERR_TOPOLOGY", "invalid topology" },
    [MPI_ERR_DIMS] = { "MPI_ERR_DIMS", "invalid dimension argument" },
    [MPI_ERR_ARG] = { "MPI_ERR_ARG", "invalid argument of some other kind" },
    [MPI_ERR_UNKNOWN] = { "MPI_ERR_UNKNOWN", "unknown error" },
    [MPI_ERR_TRUNCATE] = { "MPI_ERR_TRUNCATE", "message truncated" },
    [MPI_ERR_OTHER] = { "MPI_ERR_OTHER", "known error not in this list" },
    [MPI_ERR_INTERN] = { "MPI_ERR_INTERN", "internal MPI (implementation) error" },
    [MPI_ERR_IN_STATUS] = { "MPI_ERR_IN_STATUS", "error code is in status" },
    [MPI_ERR_PENDING] = { "MPI_ERR_PENDING", "pending request" },
    [MPI_ERR_KEYVAL] = { "MPI_ERR_KEYVAL", "invalid keyval" },
    [MPI_ERR_NO_MEM] = { "MPI_ERR_NO_MEM", "out of memory in MPI_Alloc_mem" },
    [MPI_ERR_BASE] = { "MPI_ERR_BASE", "invalid base address passed to MPI_Free_mem" },
    [MPI_ERR_INFO_KEY] = { "MPI_ERR_INFO_KEY", "info key too long" },
    [MPI_ERR_INFO_VALUE] = { "MPI_ERR_INFO_VALUE", "info value too long" },
    [MPI_ERR_INFO_NOKEY] = { "MPI_ERR_INFO_NOKEY", "info key not defined" },
    [MPI_ERR_SPAWN] = { "MPI_ERR_SPAWN", "error in spawning processes" },
    [MPI_ERR_PORT] = { "MPI_ERR_PORT", "invalid port name" },
    [MPI_ERR_SERVICE] = { "MPI_ERR_SERVICE", "invalid service name in MPI_Unpublish_name" },
    [MPI_ERR_NAME] = { "MPI_ERR_NAME", "service name not published" },
    [MPI_ERR_WIN] = { "MPI_ERR_WIN", "invalid window" },
    [MPI_ERR_SIZE] = { "MPI_ERR_SIZE", "invalid size argument" },
    [MPI_ERR_DISP] = { "MPI_ERR_DISP", "invalid displacement argument" },
    [MPI_ERR_INFO] = { "MPI_ERR_INFO", "invalid info argument" },
    [MPI_ERR_LOCKTYPE] = { "MPI_ERR_LOCKTYPE", "invalid lock type" },
    [MPI_ERR_ASSERT] = { "MPI_ERR_ASSERT", "invalid assert argument" },
    [MPI_ERR_RMA_CONFLICT] = { "MPI_ERR_RMA_CONFLICT", "conflicting accesses to a window" },
    [MPI_ERR_RMA_SYNC] = { "MPI_ERR_RMA_SYNC", "wrong synchronization of RMA calls" },
    [MPI_ERR_FILE] = { "MPI_ERR_FILE", "invalid file handle" },
    [MPI_ERR_NOT_SAME] = { "MPI_ERR_NOT_SAME",
                           "collective argument not identical on all processes" },
    [MPI_ERR_AMODE] = { "MPI_ERR_AMODE", "invalid file access mode" },
    [MPI_ERR_UNSUPPORTED_DATAREP] = { "MPI_ERR_UNSUPPORTED_DATAREP",
                                      "unsupported data representation" },
    [MPI_ERR_UNSUPPORTED_OPERATION] = { "MPI_ERR_UNSUPPORTED_OPERATION",
                                        "unsupported operation on a file" },
    [MPI_ERR_NO_SUCH_FILE] = { "MPI_ERR_NO_SUCH_FILE", "file does not exist" },
    [MPI_ERR_FILE_EXISTS] = { "MPI_ERR_FILE_EXISTS", "file exists" },
    [MPI_ERR_BAD_FILE] = { "MPI_ERR_BAD_FILE", "invalid file name" },
    [MPI_ERR_ACCESS] = { "MPI_ERR_ACCESS", "permission denied" },
    [MPI_ERR_NO_SPACE] = { "MPI_ERR_NO_SPACE", "not enough space" },
    [MPI_ERR_QUOTA] = { "MPI_ERR_QUOTA", "quota exceeded" },
    [MPI_ERR_READ_ONLY] = { "MPI_ERR_READ_ONLY", "read-only file or file system" },
    [MPI_ERR_FILE_IN_USE] = { "MPI_ERR_FILE_IN_USE",
                              "file operation could not be completed: file in use" },
    [MPI_ERR_DUP_DATAREP] = { "MPI_ERR_DUP_DATAREP",
                              "data representation identifier already registered" },
    [MPI_ERR_CONVERSION] = { "MPI_ERR_CONVERSION", "error in a user data conversion function" },
    [MPI_ERR_IO] = { "MPI_ERR_IO", "other I/O error" },
    [MPI_ERR_RMA_RANGE] = { "MPI_ERR_RMA_RANGE", "target memory outside the window" },
    [MPI_ERR_RMA_ATTACH] = { "MPI_ERR_RMA_ATTACH", "memory cannot be attached to the window" },
    [MPI_ERR_RMA_SHARED] = { "MPI_ERR_RMA_SHARED", "memory cannot be shared" },
    [MPI_ERR_RMA_FLAVOR] = { "MPI_ERR_RMA_FLAVOR", "wrong window flavor for this call" },
    [MPI_T_ERR_MEMORY] = { "MPI_T_ERR_MEMORY", "out of memory in the tools interface" },
    [MPI_T_ERR_NOT_INITIALIZED] = { "MPI_T_ERR_NOT_INITIALIZED",
                                    "tools interface not initialized" },
    [MPI_T_ERR_CANNOT_INIT] = { "MPI_T_ERR_CANNOT_INIT",
                                "tools interface cannot be initialized now" },
    [MPI_T_ERR_INVALID_INDEX] = { "MPI_T_ERR_INVALID_INDEX", "invalid or out-of-range index" },
    [MPI_T_ERR_INVALID_ITEM] = { "MPI_T_ERR_INVALID_ITEM", "invalid item index of an enumeration" },
    [MPI_T_ERR_INVALID_HANDLE] = { "MPI_T_ERR_INVALID_HANDLE", "invalid tools interface handle" },
    [MPI_T_ERR_OUT_OF_HANDLES] = { "MPI_T_ERR_OUT_OF_HANDLES", "no more tools interface handles" },
    [MPI_T_ERR_OUT_OF_SESSIONS] = { "MPI_T_ERR_OUT_OF_SESSIONS",
                                    "no more performance variable sessions" },
    [MPI_T_ERR_INVALID_SESSION] = { "MPI_T_ERR_INVALID_SESSION",
                                    "invalid performance variable session" },
    [MPI_T_ERR_CVAR_SET_NOT_NOW] = { "MPI_T_ERR_CVAR_SET_NOT_NOW",
                                     "control variable cannot be set now" },
    [MPI_T_ERR_CVAR_SET_NEVER] = { "MPI_T_ERR_CVAR_SET_NEVER",
                                   "control variable can never be set" },
    [MPI_T_ERR_PVAR_NO_STARTSTOP] = { "MPI_T_ERR_PVAR_NO_STARTSTOP",
                                      "performance variable cannot be started or stopped" },
    [MPI_T_ERR_PVAR_NO_WRITE] = { "MPI_T_ERR_PVAR_NO_WRITE",
                                  "performance variable cannot be written or reset" },
    [MPI_T_ERR_PVAR_NO_ATOMIC] = { "MPI_T_ERR_PVAR_NO_ATOMIC",
                                   "performance variable cannot be read and written atomically" },
    [MPI_T_ERR_INVALID_NAME] = { "MPI_T_ERR_INVALID_NAME", "invalid variable or category name" },
    [MPI_T_ERR_INVALID] = { "MPI_T_ERR_INVALID", "invalid use of the tools interface" },
    [MPI_ERR_PROC_ABORTED] = { "MPI_ERR_PROC_ABORTED",
                               "operation failed because a peer process has aborted" },
    [MPI_ERR_VALUE_TOO_LARGE] = { "MPI_ERR_VALUE_TOO_LARGE",
                                  "value is too large to store in the output argument" },
    [MPI_ERR_SESSION] = { "MPI_ERR_SESSION", "invalid session" },
    [MPI_ERR_ERRHANDLER] = { "MPI_ERR_ERRHANDLER", "invalid error handler" },
    [MPI_T_ERR_NOT_ACCESSIBLE] = { "MPI_T_ERR_NOT_ACCESSIBLE",
                                   "tools interface variable not accessible from this process" },
    [MPI_T_ERR_NOT_SUPPORTED] = { "MPI_T_ERR_NOT_SUPPORTED",
                                  "tools interface operation not supported" },
    [MPI_ERR_LASTCODE] = { "MPI_ERR_LASTCODE", "last error code" },
};

/* Error classes and codes added by the program (MPI_Add_error_class/code): numbered from
 * MPI_ERR_LASTCODE + 1, each with its class and an optional string. */
struct user_error {
    int cls;
    char text[MPI_MAX_ERROR_STRING];
    struct error_info info;
};
static struct user_error *user_errors;
static int n_user_errors;

static const struct error_info *lookup(int code)
{
    if (code > MPI_ERR_LASTCODE && code <= MPI_ERR_LASTCODE + n_user_errors) {
        struct user_error *u = &user_errors[code - MPI_ERR_LASTCODE - 1];

        u->info.name = u->cls == code ? "user error class" : "user error code";
        u->info.text = u->text;
        return &u->info;
    }
    if (code < 0 || code > MPI_ERR_LASTCODE || !errors[code].name)
        return NULL;
    return &errors[code];
}

int smpi_error_class_of(int code)
{
    if (code > MPI_ERR_LASTCODE && code <= MPI_ERR_LASTCODE + n_user_errors)
        return user_errors[code - MPI_ERR_LASTCODE - 1].cls;
    return code;
}

int smpi_error_last_used(void)
{
    return MPI_ERR_LASTCODE + n_user_errors;
}

int smpi_error_add(int cls)
{
    user_errors = realloc(user_errors, ((size_t)n_user_errors + 1) * sizeof(*user_errors));
    sim_assert(user_errors != NULL, "out of memory for user error codes");
    memset(&user_errors[n_user_errors], 0, sizeof(*user_errors));
    n_user_errors++;
    user_errors[n_user_errors - 1].cls = cls ? cls : MPI_ERR_LASTCODE + n_user_errors;
    return MPI_ERR_LASTCODE + n_user_errors;
}

const char *smpi_error_string(int code)
{
    const struct error_info *e = lookup(code);

    return e ? e->text : "unknown error code";
}

const char *smpi_error_class_name(int code)
{
    const struct error_info *e = lookup(code);

    return e ? e->name : "MPI_ERR_UNKNOWN";
}

bool smpi_error_known(int code)
{
    return lookup(code) != NULL;
}

void smpi_error_set_text(int code, const char *text)
{
    strncpy(user_errors[code - MPI_ERR_LASTCODE - 1].text, text, MPI_MAX_ERROR_STRING - 1);
}
