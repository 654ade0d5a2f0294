/* bindings_mpit_pvar: the performance variables of the tool interface (MPI-4.0 section 15.3.7)
 * over mpit.c's counters: sessions, handles, and their start, stop, read, write and reset. A
 * counter (class COUNTER, not continuous) counts in a handle only while the handle is started:
 * its value is the sum of the counter's growth over the handle's started periods (writing sets
 * it, resetting zeroes it). The state and level variables are continuous and read only: their
 * value is the rank's current one. No variable is atomic (MPI_T_pvar_readreset is
 * MPI_T_ERR_PVAR_NO_ATOMIC). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>
#include <string.h>

#include "smpi/internal.h"
#include "smpi/mpi/mpit.h"

#define SESSION_MAGIC 0x7373u
#define PVAR_MAGIC 0x7076u

struct smpi_t_pvar_handle {
    unsigned magic;
    int index;
    struct smpi_mpit_var var;
    struct smpi_t_pvar_session *session;
    struct smpi_t_pvar_handle *next;
    bool started;
    unsigned long long *acc;  /* a counter: its growth over the started periods before this one */
    unsigned long long *base; /* and the rank's counter when this period started */
};

struct smpi_t_pvar_session {
    unsigned magic;
    int rank;
    struct smpi_t_pvar_handle *handles;
};

static int caller(void)
{
    struct smpi_process *p = smpi__self();

    return p ? p->rank : 0;
}

int PMPI_T_pvar_get_num(int *num_pvar)
{
    return smpi__mpit_put_num(num_pvar, smpi__mpit_pvar_count());
}
#pragma weak MPI_T_pvar_get_num = PMPI_T_pvar_get_num

int PMPI_T_pvar_get_info(int pvar_index, char *name, int *name_len, int *verbosity, int *var_class,
                         MPI_Datatype *datatype, MPI_T_enum *enumtype, char *desc, int *desc_len,
                         int *bind, int *readonly, int *continuous, int *atomic)
{
    struct smpi_mpit_var v;
    int rc = smpi__mpit_var_info(true, pvar_index, &v, name, name_len, verbosity, datatype,
                                 enumtype, desc, desc_len, bind);

    if (rc != MPI_SUCCESS)
        return rc;
    smpi__mpit_put_int(var_class, v.var_class);
    smpi__mpit_put_int(readonly, v.readonly);
    smpi__mpit_put_int(continuous, v.continuous);
    smpi__mpit_put_int(atomic, 0);
    return MPI_SUCCESS;
}
#pragma weak MPI_T_pvar_get_info = PMPI_T_pvar_get_info

int PMPI_T_pvar_get_index(const char *name, int var_class, int *pvar_index)
{
    return smpi__mpit_var_index(true, name, var_class, pvar_index);
}
#pragma weak MPI_T_pvar_get_index = PMPI_T_pvar_get_index

int PMPI_T_pvar_session_create(MPI_T_pvar_session *session)
{
    T_CHECK_INIT();
    if (!session)
        return MPI_ERR_ARG;
    *session = sim_xcalloc(1, sizeof(**session));
    (*session)->magic = SESSION_MAGIC;
    (*session)->rank = caller();
    return MPI_SUCCESS;
}
#pragma weak MPI_T_pvar_session_create = PMPI_T_pvar_session_create

static int check_session(MPI_T_pvar_session s)
{
    T_CHECK_INIT();
    if (s == MPI_T_PVAR_SESSION_NULL || s->magic != SESSION_MAGIC || s->rank != caller())
        return MPI_T_ERR_INVALID_SESSION;
    return MPI_SUCCESS;
}

static void handle_free(struct smpi_t_pvar_handle *h)
{
    h->magic = 0;
    free(h->acc);
    free(h->base);
    free(h);
}

int PMPI_T_pvar_session_free(MPI_T_pvar_session *session)
{
    int rc = session ? check_session(*session) : MPI_ERR_ARG;

    if (rc != MPI_SUCCESS)
        return rc;
    while ((*session)->handles) {
        struct smpi_t_pvar_handle *h = (*session)->handles;

        (*session)->handles = h->next;
        handle_free(h);
    }
    (*session)->magic = 0;
    free(*session);
    *session = MPI_T_PVAR_SESSION_NULL;
    return MPI_SUCCESS;
}
#pragma weak MPI_T_pvar_session_free = PMPI_T_pvar_session_free

/* The rank's current value of h's variable, into out (h->var.count elements). */
static void current(const struct smpi_t_pvar_handle *h, void *out)
{
    smpi__mpit_pvar_read(h->index, h->session->rank, out);
}

int PMPI_T_pvar_handle_alloc(MPI_T_pvar_session session, int pvar_index, void *obj_handle,
                             MPI_T_pvar_handle *handle, int *count)
{
    struct smpi_t_pvar_handle *h;
    int rc = check_session(session);

    (void)obj_handle; /* every variable is MPI_T_BIND_NO_OBJECT */
    if (rc != MPI_SUCCESS)
        return rc;
    if (pvar_index < 0 || pvar_index >= smpi__mpit_pvar_count())
        return MPI_T_ERR_INVALID_INDEX;
    if (!handle || !count)
        return MPI_ERR_ARG;
    h = sim_xcalloc(1, sizeof(*h));
    h->magic = PVAR_MAGIC;
    h->index = pvar_index;
    smpi__mpit_pvar(pvar_index, &h->var);
    h->session = session;
    h->started = h->var.continuous;
    if (!h->var.continuous) {
        h->acc = sim_xcalloc((size_t)h->var.count, sizeof(*h->acc));
        h->base = sim_xcalloc((size_t)h->var.count, sizeof(*h->base));
    }
    h->next = session->handles;
    session->handles = h;
    *handle = h;
    *count = h->var.count;
    return MPI_SUCCESS;
}
#pragma weak MPI_T_pvar_handle_alloc = PMPI_T_pvar_handle_alloc

/* A handle of session (MPI_T_PVAR_ALL_HANDLES when all is true). */
static int check_handle(MPI_T_pvar_session session, MPI_T_pvar_handle h, bool all)
{
    int rc = check_session(session);

    if (rc != MPI_SUCCESS)
        return rc;
    if (all && h == MPI_T_PVAR_ALL_HANDLES)
        return MPI_SUCCESS;
    if (h == MPI_T_PVAR_HANDLE_NULL || h == MPI_T_PVAR_ALL_HANDLES || h->magic != PVAR_MAGIC ||
        h->session != session)
        return MPI_T_ERR_INVALID_HANDLE;
    return MPI_SUCCESS;
}

int PMPI_T_pvar_handle_free(MPI_T_pvar_session session, MPI_T_pvar_handle *handle)
{
    int rc = handle ? check_handle(session, *handle, false) : MPI_ERR_ARG;

    if (rc != MPI_SUCCESS)
        return rc;
    for (struct smpi_t_pvar_handle **p = &session->handles; *p; p = &(*p)->next)
        if (*p == *handle) {
            *p = (*handle)->next;
            break;
        }
    handle_free(*handle);
    *handle = MPI_T_PVAR_HANDLE_NULL;
    return MPI_SUCCESS;
}
#pragma weak MPI_T_pvar_handle_free = PMPI_T_pvar_handle_free

/* The value of a handle: the current one (continuous), or the counter's growth while
 * started. */
static void value(const struct smpi_t_pvar_handle *h, void *out)
{
    unsigned long long *now;

    if (h->var.continuous) {
        current(h, out);
        return;
    }
    now = sim_xmalloc((size_t)h->var.count * sizeof(*now));
    current(h, now);
    for (int i = 0; i < h->var.count; i++)
        ((unsigned long long *)out)[i] = h->acc[i] + (h->started ? now[i] - h->base[i] : 0);
    free(now);
}

/* What start (op 0), stop (1) and reset (2) do to one handle. */
static int apply(struct smpi_t_pvar_handle *h, int op)
{
    if (op < 2 && h->var.continuous)
        return MPI_T_ERR_PVAR_NO_STARTSTOP;
    if (op == 2 && h->var.readonly)
        return MPI_T_ERR_PVAR_NO_WRITE;
    if (op == 1 && h->started)
        value(h, h->acc);
    else if (op == 2)
        memset(h->acc, 0, (size_t)h->var.count * sizeof(*h->acc));
    if (op == 0 || (op == 2 && h->started))
        current(h, h->base);
    if (op < 2)
        h->started = op == 0;
    return MPI_SUCCESS;
}

/* op on one handle, or on every handle of the session it applies to (MPI_T_PVAR_ALL_HANDLES). */
static int apply_call(MPI_T_pvar_session session, MPI_T_pvar_handle handle, int op)
{
    int rc = check_handle(session, handle, true);

    if (rc != MPI_SUCCESS)
        return rc;
    if (handle != MPI_T_PVAR_ALL_HANDLES)
        return apply(handle, op);
    for (struct smpi_t_pvar_handle *h = session->handles; h; h = h->next)
        if (op < 2 ? !h->var.continuous : !h->var.readonly)
            apply(h, op);
    return MPI_SUCCESS;
}

int PMPI_T_pvar_start(MPI_T_pvar_session session, MPI_T_pvar_handle handle)
{
    return apply_call(session, handle, 0);
}
#pragma weak MPI_T_pvar_start = PMPI_T_pvar_start

int PMPI_T_pvar_stop(MPI_T_pvar_session session, MPI_T_pvar_handle handle)
{
    return apply_call(session, handle, 1);
}
#pragma weak MPI_T_pvar_stop = PMPI_T_pvar_stop

int PMPI_T_pvar_reset(MPI_T_pvar_session session, MPI_T_pvar_handle handle)
{
    return apply_call(session, handle, 2);
}
#pragma weak MPI_T_pvar_reset = PMPI_T_pvar_reset

int PMPI_T_pvar_read(MPI_T_pvar_session session, MPI_T_pvar_handle handle, void *buf)
{
    int rc = check_handle(session, handle, false);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!buf)
        return MPI_ERR_ARG;
    value(handle, buf);
    return MPI_SUCCESS;
}
#pragma weak MPI_T_pvar_read = PMPI_T_pvar_read

int PMPI_T_pvar_write(MPI_T_pvar_session session, MPI_T_pvar_handle handle, const void *buf)
{
    int rc = check_handle(session, handle, false);

    if (rc != MPI_SUCCESS)
        return rc;
    if (handle->var.readonly)
        return MPI_T_ERR_PVAR_NO_WRITE;
    if (!buf)
        return MPI_ERR_ARG;
    memcpy(handle->acc, buf, (size_t)handle->var.count * sizeof(*handle->acc));
    if (handle->started)
        current(handle, handle->base);
    return MPI_SUCCESS;
}
#pragma weak MPI_T_pvar_write = PMPI_T_pvar_write

int PMPI_T_pvar_readreset(MPI_T_pvar_session session, MPI_T_pvar_handle handle, void *buf)
{
    int rc = check_handle(session, handle, false);

    if (rc != MPI_SUCCESS)
        return rc;
    if (handle->var.readonly)
        return MPI_T_ERR_PVAR_NO_WRITE;
    (void)buf;
    return MPI_T_ERR_PVAR_NO_ATOMIC;
}
#pragma weak MPI_T_pvar_readreset = PMPI_T_pvar_readreset
