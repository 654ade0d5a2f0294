/* errhandler: error handlers on communicators, windows (and the default one of files) and the
 * one place MPI errors are reported: MPI_ERRORS_ARE_FATAL names the rank, the call and the error
 * class, then ends the job. The MPI_*_errhandler bindings: smpi/bindings/bindings_errhandler.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "smpi/mpi/errors.h"
#include "smpi/mpi/file.h"
#include "smpi/internal.h"
#include "smpi/mpi/session.h"
#include "smpi/mpi/win.h"

enum errhandler_kind {
    EH_FATAL,
    EH_RETURN,
    EH_ABORT,
    EH_USER_COMM,
    EH_USER_WIN,
    EH_USER_FILE,
    EH_USER_SESSION,
};

struct smpi_errhandler {
    enum errhandler_kind kind;
    int refcount;
    bool predefined;
    MPI_Comm_errhandler_function *comm_fn;
    void (*other_fn)(void); /* MPI_Win/File_errhandler_function, cast back by kind */
};

SMPI_API struct smpi_errhandler smpi_mpi_errors_are_fatal = { EH_FATAL, 1, true, NULL, NULL };
SMPI_API struct smpi_errhandler smpi_mpi_errors_return = { EH_RETURN, 1, true, NULL, NULL };
SMPI_API struct smpi_errhandler smpi_mpi_errors_abort = { EH_ABORT, 1, true, NULL, NULL };

/* Whether handler eh lets the call return its error code: MPI_ERRORS_RETURN, or
 * MPI_ERRORS_ARE_FATAL while smpi/errors-are-fatal is off. */
static bool eh_returns(MPI_Errhandler eh)
{
    return eh->kind == EH_RETURN || (eh->kind == EH_FATAL && !smpi__rt.cfg.errors_are_fatal);
}

/* MPI_ERRORS_ARE_FATAL (and MPI_ERRORS_ABORT): the report on stderr, then the end of the job.
 * `on` names the object, `advice` follows it. */
static void fatal(MPI_Errhandler eh, const char *call, int code, const char *detail, const char *on,
                  const char *advice) __attribute__((noreturn));
static void fatal(MPI_Errhandler eh, const char *call, int code, const char *detail, const char *on,
                  const char *advice)
{
    struct smpi_process *self = smpi__self();
    char label[48] = "rank -1";

    if (self)
        smpi__rank_label(&smpi__rt.procs[self->rank], label, sizeof(label));
    fflush(stdout);
    fprintf(stderr, "simmpi: %s: %s: %s: %s\n", label, call, smpi_error_class_name(code), detail);
    fprintf(stderr, "  (%s on %s%s)\n",
            eh->kind == EH_ABORT ? "MPI_ERRORS_ABORT" : "MPI_ERRORS_ARE_FATAL", on, advice);
    smpi__job_abort(1);
}

#define FATAL_ADVICE "; set MPI_ERRORS_RETURN to handle errors"

int smpi__error(MPI_Comm comm, const char *call, int code, const char *fmt, ...)
{
    MPI_Errhandler eh;
    char detail[1024];
    va_list ap;

    if (comm == MPI_COMM_NULL || !smpi__comm_is_valid(comm))
        comm = MPI_COMM_WORLD;
    eh = smpi__comm_errhandler(comm);
    if (eh->kind == EH_USER_COMM)
        eh->comm_fn(&comm, &code);
    if (eh->kind == EH_USER_COMM || eh_returns(eh))
        return code;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof(detail), fmt, ap);
    va_end(ap);
    fatal(eh, call, code, detail, comm->name[0] ? comm->name : "the communicator", FATAL_ADVICE);
}

/* The calling rank's slot in comm's member handlers and their number: its rank, or on
 * MPI_COMM_SELF (one object for every rank) its world rank; -1 outside a rank. */
static int member_slot(MPI_Comm comm, int *n)
{
    struct smpi_process *self = smpi__self();

    if (!self)
        return -1;
    if (comm == MPI_COMM_SELF) {
        *n = smpi__procs_cap();
        return self->rank;
    }
    *n = comm->group->size;
    return smpi_comm_rank(comm);
}

MPI_Errhandler smpi__errhandler_new_comm(MPI_Comm_errhandler_function *fn)
{
    struct smpi_errhandler *h = sim_xcalloc(1, sizeof(*h));

    h->kind = EH_USER_COMM;
    h->refcount = 1;
    h->comm_fn = fn;
    return h;
}

void smpi__errhandler_ref(MPI_Errhandler eh)
{
    if (!eh->predefined)
        eh->refcount++;
}

void smpi__errhandler_release(MPI_Errhandler eh)
{
    if (eh && !eh->predefined && --eh->refcount == 0)
        free(eh);
}

void smpi__errhandler_assign(MPI_Errhandler *slot, MPI_Errhandler eh)
{
    smpi__errhandler_ref(eh);
    smpi__errhandler_release(*slot);
    *slot = eh;
}

void smpi__comm_set_errhandler(MPI_Comm comm, MPI_Errhandler eh)
{
    int n = 0;
    int slot = member_slot(comm, &n);

    if (slot < 0 || slot >= n) { /* not a member: the default, as before any member set one */
        smpi__errhandler_assign(&comm->errhandler, eh);
        return;
    }
    if (!comm->member_eh)
        comm->member_eh = sim_xcalloc((size_t)n, sizeof(*comm->member_eh));
    smpi__errhandler_assign(&comm->member_eh[slot], eh);
}

MPI_Errhandler smpi__comm_errhandler(MPI_Comm comm)
{
    int n = 0;
    int slot = comm->member_eh ? member_slot(comm, &n) : -1;

    if (slot >= 0 && slot < n && comm->member_eh[slot])
        return comm->member_eh[slot];
    return comm->errhandler ? comm->errhandler : MPI_ERRORS_ARE_FATAL;
}

void smpi__comm_inherit_errhandler(MPI_Comm child, MPI_Comm parent)
{
    MPI_Errhandler eh = smpi__comm_errhandler(parent);

    if (eh != smpi__comm_errhandler(child))
        smpi__comm_set_errhandler(child, eh);
}

void smpi__comm_free_errhandlers(MPI_Comm comm)
{
    if (comm->member_eh) {
        int n = comm == MPI_COMM_SELF ? smpi__procs_cap() : comm->group->size;

        for (int i = 0; i < n; i++)
            smpi__errhandler_release(comm->member_eh[i]);
        free(comm->member_eh);
        comm->member_eh = NULL;
    }
}

/* ---- windows and files ---------------------------------------------------------------------
 * A window keeps one error handler per rank (win.h), and so does an open file (file.h). */

static MPI_Errhandler file_default = &smpi_mpi_errors_return;

static MPI_Errhandler new_user_handler(enum errhandler_kind kind, void (*fn)(void))
{
    struct smpi_errhandler *h = sim_xcalloc(1, sizeof(*h));

    h->kind = kind;
    h->refcount = 1;
    h->other_fn = fn;
    return h;
}

MPI_Errhandler smpi__errhandler_new_win(MPI_Win_errhandler_function *fn)
{
    return new_user_handler(EH_USER_WIN, (void (*)(void))fn);
}

MPI_Errhandler smpi__errhandler_new_file(MPI_File_errhandler_function *fn)
{
    return new_user_handler(EH_USER_FILE, (void (*)(void))fn);
}

bool smpi__errhandler_fits(MPI_Errhandler eh, enum smpi_eh_target target)
{
    static const enum errhandler_kind user_kind[] = {
        [SMPI_EH_FOR_COMM] = EH_USER_COMM,
        [SMPI_EH_FOR_WIN] = EH_USER_WIN,
        [SMPI_EH_FOR_FILE] = EH_USER_FILE,
        [SMPI_EH_FOR_SESSION] = EH_USER_SESSION,
    };

    return eh->kind == user_kind[target] || eh->predefined;
}

MPI_Errhandler *smpi__win_eh_slot(MPI_Win win)
{
    return &smpi__win_self(win)->errhandler;
}

int smpi__win_error(MPI_Win win, const char *call, int code, const char *fmt, ...)
{
    MPI_Errhandler eh;
    char detail[1024];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(detail, sizeof(detail), fmt, ap);
    va_end(ap);
    if (win == MPI_WIN_NULL || !smpi__win_is_valid(win))
        return smpi__error(MPI_COMM_WORLD, call, code, "%s", detail);
    eh = *smpi__win_eh_slot(win) ? *smpi__win_eh_slot(win) : MPI_ERRORS_ARE_FATAL;
    if (eh->kind == EH_USER_WIN)
        ((MPI_Win_errhandler_function *)eh->other_fn)(&win, &code);
    if (eh->kind == EH_USER_WIN || eh_returns(eh))
        return code;
    fatal(eh, call, code, detail, smpi__win_name(win), FATAL_ADVICE);
}

/* ---- files: each member of an open file has its own handler (file.h); MPI_FILE_NULL carries the
 * default that new files start with (MPI_ERRORS_RETURN, MPI-3.1 section 13.7). */

MPI_Errhandler smpi__file_default_errhandler(void)
{
    if (!file_default->predefined)
        file_default->refcount++;
    return file_default;
}

MPI_Errhandler *smpi__file_eh_slot(MPI_File fh)
{
    if (fh == MPI_FILE_NULL)
        return &file_default;
    return &smpi__file_self(fh)->eh;
}

int smpi__file_error(MPI_File fh, const char *call, int code, const char *fmt, ...)
{
    MPI_Errhandler eh;
    char detail[1024];
    va_list ap;

    if (fh != MPI_FILE_NULL && !smpi__file_is_valid(fh))
        fh = MPI_FILE_NULL;
    eh = *smpi__file_eh_slot(fh);
    if (eh->kind == EH_USER_FILE)
        ((MPI_File_errhandler_function *)eh->other_fn)(&fh, &code);
    if (eh->kind == EH_USER_FILE || eh_returns(eh))
        return code;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof(detail), fmt, ap);
    va_end(ap);
    fatal(eh, call, code, detail, fh == MPI_FILE_NULL ? "MPI_FILE_NULL" : fh->name, "");
}

/* ---- sessions (MPI-4.0 section 11.3): each session keeps its own handler (session.c) */

MPI_Errhandler smpi__errhandler_new_session(MPI_Session_errhandler_function *fn)
{
    return new_user_handler(EH_USER_SESSION, (void (*)(void))fn);
}

int smpi__errhandler_raise(MPI_Errhandler eh, void *obj, const char *call, int code, const char *on,
                           const char *detail)
{
    if (eh->kind == EH_USER_SESSION)
        ((MPI_Session_errhandler_function *)eh->other_fn)(obj, &code);
    else if (eh->kind == EH_USER_COMM)
        eh->comm_fn(obj, &code);
    if (eh->kind == EH_USER_SESSION || eh->kind == EH_USER_COMM || eh_returns(eh))
        return code;
    fatal(eh, call, code, detail, on, FATAL_ADVICE);
}
