/* errhandler: error handlers on communicators and the one place MPI errors are reported:
 * MPI_ERRORS_ARE_FATAL names the rank, the call and the error class, then ends the job. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "smpi/errors.h"
#include "smpi/internal.h"

enum errhandler_kind {
    EH_FATAL,
    EH_RETURN,
    EH_ABORT,
    EH_USER_COMM,
};

struct smpi_errhandler {
    enum errhandler_kind kind;
    int refcount;
    bool predefined;
    MPI_Comm_errhandler_function *comm_fn;
};

SMPI_API struct smpi_errhandler smpi_mpi_errors_are_fatal = { EH_FATAL, 1, true, NULL };
SMPI_API struct smpi_errhandler smpi_mpi_errors_return = { EH_RETURN, 1, true, NULL };

int smpi__error(MPI_Comm comm, const char *call, int code, const char *fmt, ...)
{
    MPI_Errhandler eh;
    struct smpi_process *self = smpi__self();
    va_list ap;

    if (comm == MPI_COMM_NULL || !smpi__comm_is_valid(comm))
        comm = MPI_COMM_WORLD;
    eh = comm->errhandler ? comm->errhandler : MPI_ERRORS_ARE_FATAL;
    if (eh->kind == EH_FATAL && !smpi__rt.cfg.errors_are_fatal)
        return code;
    if (eh->kind == EH_USER_COMM) {
        eh->comm_fn(&comm, &code);
        return code;
    }
    if (eh->kind == EH_RETURN)
        return code;
    fflush(stdout);
    fprintf(stderr, "simmpi: rank %d: %s: %s: ", self ? self->rank : -1, call,
            smpi_error_class_name(code));
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n  (MPI_ERRORS_ARE_FATAL on %s; set MPI_ERRORS_RETURN to handle errors)\n",
            comm->name[0] ? comm->name : "the communicator");
    smpi__job_abort(1);
}

int PMPI_Comm_create_errhandler(MPI_Comm_errhandler_function *fn, MPI_Errhandler *eh)
{
    struct smpi_errhandler *h;

    if (!fn || !eh)
        return smpi__error(MPI_COMM_WORLD, "MPI_Comm_create_errhandler", MPI_ERR_ARG,
                           "function or handle pointer is NULL");
    h = sim_xcalloc(1, sizeof(*h));
    h->kind = EH_USER_COMM;
    h->refcount = 1;
    h->comm_fn = fn;
    *eh = h;
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
    if (!eh->predefined)
        eh->refcount++;
    if (comm->errhandler && !comm->errhandler->predefined && --comm->errhandler->refcount == 0)
        free(comm->errhandler);
    comm->errhandler = eh;
    return MPI_SUCCESS;
}
#pragma weak MPI_Comm_set_errhandler = PMPI_Comm_set_errhandler

int PMPI_Comm_get_errhandler(MPI_Comm comm, MPI_Errhandler *eh)
{
    if (!smpi__comm_is_valid(comm))
        return smpi__error(MPI_COMM_WORLD, "MPI_Comm_get_errhandler", MPI_ERR_COMM,
                           "invalid communicator");
    *eh = comm->errhandler;
    if (!(*eh)->predefined)
        (*eh)->refcount++;
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
    if (!(*eh)->predefined && --(*eh)->refcount == 0)
        free(*eh);
    *eh = MPI_ERRHANDLER_NULL;
    return MPI_SUCCESS;
}
#pragma weak MPI_Errhandler_free = PMPI_Errhandler_free
