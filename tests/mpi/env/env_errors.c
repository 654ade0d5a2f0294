/* env_errors: user error classes and codes (MPI_Add_error_class/code/string) through
 * MPI_Error_class, MPI_Error_string and the MPI_LASTUSEDCODE attribute; a user error handler
 * called with the failing code; MPI_Alloc_mem/MPI_Free_mem; MPI_Status_set_elements seen by
 * MPI_Get_count; MPI_Status_set_cancelled; MPI_Comm_idup; MPI_Pcontrol. */
#include <mpi.h>
#include <string.h>

#include "mtest.h"

static int handler_calls;
static int handler_code;

static void on_error(MPI_Comm *comm, int *code, ...)
{
    handler_calls++;
    handler_code = *code;
}

static int file_calls;

static void on_file_error(MPI_File *file, int *code, ...)
{
    file_calls++;
}

/* The default file error handler lives on MPI_FILE_NULL: MPI_ERRORS_RETURN at start, then a
 * user one that MPI_File_call_errhandler reaches; windows do not exist (MPI_ERR_WIN). */
static int file_and_win_handlers(void)
{
    int errs = 0;
    int cls;
    int rc;
    MPI_Errhandler eh;
    MPI_Errhandler got;

    MPI_File_get_errhandler(MPI_FILE_NULL, &got);
    errs += mtest_expect(got == MPI_ERRORS_RETURN, "default file handler is not ERRORS_RETURN");
    MPI_File_create_errhandler(on_file_error, &eh);
    MPI_File_set_errhandler(MPI_FILE_NULL, eh);
    MPI_File_call_errhandler(MPI_FILE_NULL, MPI_ERR_IO);
    errs += mtest_expect(file_calls == 1, "file handler called %d times", file_calls);
    MPI_File_set_errhandler(MPI_FILE_NULL, MPI_ERRORS_RETURN);
    MPI_Errhandler_free(&eh);
    MPI_Win_create_errhandler((MPI_Win_errhandler_function *)on_file_error, &eh);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    rc = MPI_Win_set_errhandler(MPI_WIN_NULL, eh);
    MPI_Error_class(rc, &cls);
    errs += mtest_expect(cls == MPI_ERR_WIN, "Win_set_errhandler: class %d", cls);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    MPI_Errhandler_free(&eh);
    return errs;
}

int main(int argc, char **argv)
{
    int errs = 0;
    int cls;
    int code;
    int got;
    int len;
    int flag;
    int *last;
    char text[MPI_MAX_ERROR_STRING];
    MPI_Errhandler eh;
    MPI_Status st;
    MPI_Comm dup;
    MPI_Request req;
    double *mem;

    MPI_Init(&argc, &argv);
    MPI_Add_error_class(&cls);
    MPI_Add_error_code(cls, &code);
    MPI_Add_error_string(code, "the widget is broken");
    errs += mtest_expect(cls > MPI_ERR_LASTCODE && code > cls, "class %d code %d", cls, code);
    MPI_Error_class(code, &got);
    errs += mtest_expect(got == cls, "class of the new code: %d, expected %d", got, cls);
    MPI_Error_string(code, text, &len);
    errs +=
        mtest_expect(strcmp(text, "the widget is broken") == 0 && len == 20, "string '%s'", text);
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_LASTUSEDCODE, &last, &flag);
    errs += mtest_expect(flag && *last >= code, "MPI_LASTUSEDCODE %d", flag ? *last : -1);

    MPI_Comm_create_errhandler(on_error, &eh);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh);
    MPI_Comm_call_errhandler(MPI_COMM_WORLD, code);
    errs += mtest_expect(handler_calls == 1 && handler_code == code, "handler: %d calls, code %d",
                         handler_calls, handler_code);
    MPI_Send(NULL, -1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    MPI_Error_class(handler_code, &got);
    errs +=
        mtest_expect(handler_calls == 2 && got == MPI_ERR_COUNT, "handler on a bad send: %d", got);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    MPI_Errhandler_free(&eh);

    MPI_Alloc_mem(100 * sizeof(double), MPI_INFO_NULL, &mem);
    mem[99] = 1.0;
    MPI_Free_mem(mem);

    MPI_Status_set_elements(&st, MPI_DOUBLE, 7);
    MPI_Get_count(&st, MPI_DOUBLE, &got);
    errs += mtest_expect(got == 7, "Get_count after set_elements: %d", got);
    MPI_Status_set_cancelled(&st, 1);
    MPI_Test_cancelled(&st, &flag);
    errs += mtest_expect(flag, "set_cancelled not seen");

    MPI_Comm_idup(MPI_COMM_WORLD, &dup, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Barrier(dup);
    MPI_Comm_free(&dup);
    MPI_Pcontrol(1);
    errs += file_and_win_handlers();
    return mtest_finish(errs);
}
