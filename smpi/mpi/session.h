/* session.h: MPI-4 sessions (MPI-4.0 section 11.3): session objects, the process sets they
 * offer ("mpi://WORLD", "mpi://SELF") and the reporting of errors through a session's handler.
 * The bindings: smpi/bindings/bindings_session.c. */
#ifndef SMPI_SESSION_H
#define SMPI_SESSION_H

#include <stdbool.h>

#include <mpi.h>

/* Tells a live session from anything else passed as one (cleared when it is finalized). */
#define SMPI_SESSION_MAGIC 0x53455353u

/* A session belongs to the rank that opened it (sessions are local objects). */
struct smpi_session {
    unsigned magic; /* SMPI_SESSION_MAGIC */
    int rank;       /* its MPI_COMM_WORLD rank */
    MPI_Errhandler eh;
    int thread_level; /* granted */
};

/* Whether s is a session of the calling rank not yet finalized. */
bool smpi__session_is_valid(MPI_Session s);
/* A new session of the calling rank with handler eh (a reference taken) and the thread level
 * granted for `required` (MPI_Init_thread's rule); counted in the rank's open sessions. */
MPI_Session smpi__session_new(MPI_Errhandler eh, int required);
/* Ends s: its handler dropped, the rank's count of open sessions decreased, s freed. */
void smpi__session_free(MPI_Session s);
/* Reports an error of `call` through s's handler (MPI_COMM_WORLD's when s is not a valid
 * session); returns the code to give back, as smpi__error does. */
int smpi__session_error(MPI_Session s, const char *call, int code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* The thread level named by an info value ("MPI_THREAD_SINGLE", ...), -1 for another text;
 * the name of a level. */
int smpi__thread_level_of(const char *name);
const char *smpi__thread_level_name(int level);

/* Process sets: their number, the name of the n-th (0 <= n < count), the index of a name
 * (case-insensitive, as MPICH compares them; -1 when unknown), the size of set i and a new
 * group of its members (a reference for the caller). */
int smpi__pset_count(void);
const char *smpi__pset_name(int n);
int smpi__pset_find(const char *name);
int smpi__pset_size(int i);
MPI_Group smpi__pset_group(int i);

/* Error handlers of sessions (errhandler.c): a new user handler; and eh raised for `code` on the
 * object at obj (a pointer to its handle, passed to a user function): returns the code when the
 * call should return it, else ends the job naming `on`. */
MPI_Errhandler smpi__errhandler_new_session(MPI_Session_errhandler_function *fn);
int smpi__errhandler_raise(MPI_Errhandler eh, void *obj, const char *call, int code, const char *on,
                           const char *detail);

#endif /* SMPI_SESSION_H */
