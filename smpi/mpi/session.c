/* session: MPI-4 session objects and process sets (MPI-4.0 section 11.3). A session is local
 * to the rank that opens it; while a rank holds one, MPI may be used without MPI_Init. The
 * process sets are the two the standard requires, "mpi://WORLD" (every rank of the job) and
 * "mpi://SELF" (the caller). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>

#include "smpi/internal.h"
#include "smpi/mpi/session.h"

bool smpi__session_is_valid(MPI_Session s)
{
    struct smpi_process *p = smpi__self();

    return s != MPI_SESSION_NULL && s->magic == SMPI_SESSION_MAGIC && p && s->rank == p->rank;
}

MPI_Session smpi__session_new(MPI_Errhandler eh, int required)
{
    struct smpi_process *p = smpi__self();
    struct smpi_session *s = sim_xcalloc(1, sizeof(*s));

    s->magic = SMPI_SESSION_MAGIC;
    s->rank = p->rank;
    smpi__errhandler_assign(&s->eh, eh);
    /* MPI_Init_thread's rule: every level is granted, up to MPI_THREAD_MULTIPLE; the rank's
     * threads run under the level the world model was initialized with, so a session opened
     * meanwhile gets at least that one (as in MPICH, whose level is one per process) */
    s->thread_level = required > MPI_THREAD_MULTIPLE ? MPI_THREAD_MULTIPLE : required;
    if (p->initialized && !p->finalized && p->thread_level > s->thread_level)
        s->thread_level = p->thread_level;
    p->sessions++;
    return s;
}

void smpi__session_free(MPI_Session s)
{
    smpi__self()->sessions--;
    smpi__errhandler_release(s->eh);
    s->magic = 0;
    free(s);
}

int smpi__session_error(MPI_Session s, const char *call, int code, const char *fmt, ...)
{
    char detail[1024];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(detail, sizeof(detail), fmt, ap);
    va_end(ap);
    if (!smpi__session_is_valid(s))
        return smpi__error(MPI_COMM_WORLD, call, code, "%s", detail);
    return smpi__errhandler_raise(s->eh, &s, call, code, "the session", detail);
}

static const char *const thread_levels[] = {
    [MPI_THREAD_SINGLE] = "MPI_THREAD_SINGLE",
    [MPI_THREAD_FUNNELED] = "MPI_THREAD_FUNNELED",
    [MPI_THREAD_SERIALIZED] = "MPI_THREAD_SERIALIZED",
    [MPI_THREAD_MULTIPLE] = "MPI_THREAD_MULTIPLE",
};

int smpi__thread_level_of(const char *name)
{
    for (int i = MPI_THREAD_SINGLE; i <= MPI_THREAD_MULTIPLE; i++)
        if (strcasecmp(name, thread_levels[i]) == 0)
            return i;
    return -1;
}

const char *smpi__thread_level_name(int level)
{
    return thread_levels[level];
}

/* ---- process sets ---- */

enum { PSET_WORLD, PSET_SELF, PSET_COUNT };

static const char *const pset_names[PSET_COUNT] = {
    [PSET_WORLD] = "mpi://WORLD",
    [PSET_SELF] = "mpi://SELF",
};

int smpi__pset_count(void)
{
    return PSET_COUNT;
}

const char *smpi__pset_name(int n)
{
    return pset_names[n];
}

int smpi__pset_find(const char *name)
{
    for (int i = 0; i < PSET_COUNT; i++)
        if (strcasecmp(name, pset_names[i]) == 0)
            return i;
    return -1;
}

int smpi__pset_size(int i)
{
    return i == PSET_WORLD ? smpi_mpi_comm_world.group->size : 1;
}

MPI_Group smpi__pset_group(int i)
{
    int me = smpi__self()->rank;

    if (i == PSET_SELF)
        return smpi__group_of(&me, 1);
    return smpi__group_of(smpi_mpi_comm_world.group->world, smpi_mpi_comm_world.group->size);
}
