/* attr: attribute caching on communicators and datatypes (MPI-3.1 section 6.7): keyvals with
 * copy and delete callbacks, the predefined attributes of MPI_COMM_WORLD, and the deprecated
 * MPI-1 names; window attributes too (errors on them go through the window's error handler).
 *
 * Attributes belong to a process in MPI, but a communicator or datatype is one object shared by
 * all ranks here, so every cached value records the world rank that set it and each rank sees
 * only its own. The MPI_*_keyval and MPI_*_attr bindings: smpi/bindings/bindings_attr.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "smpi/bindings/check.h"
#include "smpi/mpi/datatype.h"
#include "smpi/mpi/errors.h"
#include "smpi/internal.h"
#include "smpi/mpi/win.h"

/* User keyvals are numbered from here; below are the predefined ones (MPI_TAG_UB, ...). */
#define FIRST_USER_KEYVAL 64

struct keyval {
    enum smpi_attr_kind kind;
    void (*copy_fn)(void); /* MPI_Comm_copy_attr_function, ... (cast back per kind) */
    void (*delete_fn)(void);
    void *extra_state;
    int refs;     /* the user's handle (until freed) and each cached value */
    bool freed;   /* the user's handle is gone: further frees are no-ops while values remain */
    bool fortran; /* created from Fortran: its callbacks take and give Fortran values */
};

/* A value set from C is a pointer; one set from Fortran is an integer (MPI-3.1 section 17.2.7),
 * kept in fvalue: C then reads a pointer to it, and Fortran reads a C value as an address. */
struct smpi_attr {
    int rank; /* world rank that cached it */
    int keyval;
    void *value;     /* set from C */
    MPI_Aint fvalue; /* set from Fortran */
    bool fortran;
    struct smpi_attr *next;
};

struct smpi_attr_list {
    struct smpi_attr *head;
};

static struct keyval **keyvals; /* indexed by keyval - FIRST_USER_KEYVAL; NULL once gone */
static int nkeyvals;

static const char *const kind_names[] = {
    [SMPI_ATTR_COMM] = "communicator",
    [SMPI_ATTR_TYPE] = "datatype",
    [SMPI_ATTR_WIN] = "window",
};

/* Reports an error of an attribute call through errwin's handler when given, else errcomm's. */
static int attr_error(MPI_Comm errcomm, MPI_Win errwin, const char *call, int code, const char *fmt,
                      ...) __attribute__((format(printf, 5, 6)));
static int attr_error(MPI_Comm errcomm, MPI_Win errwin, const char *call, int code, const char *fmt,
                      ...)
{
    char detail[512];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(detail, sizeof(detail), fmt, ap);
    va_end(ap);
    if (errwin != MPI_WIN_NULL)
        return smpi__win_error(errwin, call, code, "%s", detail);
    return smpi__error(errcomm, call, code, "%s", detail);
}

static struct keyval *keyval_get(int k)
{
    if (k < FIRST_USER_KEYVAL || k >= FIRST_USER_KEYVAL + nkeyvals)
        return NULL;
    return keyvals[k - FIRST_USER_KEYVAL];
}

static void keyval_unref(int k)
{
    struct keyval *kv = keyval_get(k);

    if (kv && --kv->refs == 0) {
        free(kv);
        keyvals[k - FIRST_USER_KEYVAL] = NULL;
    }
}

static int my_rank(void)
{
    struct smpi_process *p = smpi__self();

    return p ? p->rank : -1;
}

static struct smpi_attr **find(struct smpi_attr_list *l, int keyval)
{
    int me = my_rank();

    if (!l)
        return NULL;
    for (struct smpi_attr **a = &l->head; *a; a = &(*a)->next)
        if ((*a)->rank == me && (*a)->keyval == keyval)
            return a;
    return NULL;
}

/* The value C reads, and the value a callback of the attribute's keyval takes. */
static void *c_view(struct smpi_attr *a)
{
    return a->fortran ? (void *)&a->fvalue : a->value;
}

static void *callback_view(struct smpi_attr *a, const struct keyval *kv)
{
    if (!kv->fortran)
        return c_view(a);
    return a->fortran ? (void *)a->fvalue : a->value;
}

/* Stores what a keyval's copy callback gave, in the language of that callback. */
static void store(struct smpi_attr *a, const struct keyval *kv, void *value)
{
    a->fortran = kv && kv->fortran;
    a->value = a->fortran ? NULL : value;
    a->fvalue = a->fortran ? (MPI_Aint)value : 0;
}

/* Calls the delete callback of attribute a (of object obj) */
static int call_delete(enum smpi_attr_kind kind, void *obj, struct smpi_attr *a)
{
    struct keyval *kv = keyval_get(a->keyval);

    void *v;

    if (!kv || !kv->delete_fn)
        return MPI_SUCCESS;
    v = callback_view(a, kv);
    switch (kind) {
    case SMPI_ATTR_COMM:
        return ((MPI_Comm_delete_attr_function *)kv->delete_fn)(obj, a->keyval, v, kv->extra_state);
    case SMPI_ATTR_TYPE:
        return ((MPI_Type_delete_attr_function *)kv->delete_fn)(obj, a->keyval, v, kv->extra_state);
    case SMPI_ATTR_WIN:
        return ((MPI_Win_delete_attr_function *)kv->delete_fn)(obj, a->keyval, v, kv->extra_state);
    default:
        return MPI_SUCCESS;
    }
}

static int call_copy(enum smpi_attr_kind kind, void *old, struct smpi_attr *a, void **out,
                     int *flag)
{
    struct keyval *kv = keyval_get(a->keyval);

    *flag = 0;
    if (!kv || !kv->copy_fn)
        return MPI_SUCCESS;
    switch (kind) {
    case SMPI_ATTR_COMM:
        return ((MPI_Comm_copy_attr_function *)kv->copy_fn)(old, a->keyval, kv->extra_state,
                                                            callback_view(a, kv), out, flag);
    case SMPI_ATTR_TYPE:
        return ((MPI_Type_copy_attr_function *)kv->copy_fn)(old, a->keyval, kv->extra_state,
                                                            callback_view(a, kv), out, flag);
    default:
        return MPI_SUCCESS;
    }
}

/* Removes attribute *ap (after its delete callback succeeded). */
static int remove_attr(enum smpi_attr_kind kind, void *obj, struct smpi_attr **ap)
{
    struct smpi_attr *a = *ap;
    int rc = call_delete(kind, obj, a);

    if (rc != MPI_SUCCESS)
        return rc;
    *ap = a->next;
    keyval_unref(a->keyval);
    free(a);
    return MPI_SUCCESS;
}

/* Caches value (set from C, or given by the keyval's copy callback: copied). */
static struct smpi_attr *add_attr(struct smpi_attr_list **l, int keyval, void *value, bool copied)
{
    struct smpi_attr *a = sim_xcalloc(1, sizeof(*a));

    if (!*l)
        *l = sim_xcalloc(1, sizeof(**l));
    a->rank = my_rank();
    a->keyval = keyval;
    store(a, copied ? keyval_get(keyval) : NULL, value);
    a->next = (*l)->head;
    (*l)->head = a;
    keyval_get(keyval)->refs++;
    return a;
}

int smpi__attrs_copy(enum smpi_attr_kind kind, void *old_obj, struct smpi_attr_list *from,
                     void *new_obj, struct smpi_attr_list **to)
{
    int me = my_rank();

    if (!from)
        return MPI_SUCCESS;
    for (struct smpi_attr *a = from->head; a; a = a->next) {
        void *out = NULL;
        int flag = 0;
        int rc;

        if (a->rank != me)
            continue;
        rc = call_copy(kind, old_obj, a, &out, &flag);
        if (rc != MPI_SUCCESS)
            return rc;
        if (flag) {
            struct smpi_attr *copy = add_attr(to, a->keyval, out, true);

            /* a C callback that kept the pointer to a Fortran integer (MPI_COMM_DUP_FN) keeps
             * the integer, not a pointer into the old object */
            if (a->fortran && out == (void *)&a->fvalue) {
                copy->fortran = true;
                copy->value = NULL;
                copy->fvalue = a->fvalue;
            }
        }
    }
    return MPI_SUCCESS;
}

/* Drops the calling rank's attributes of a list without calling their delete callbacks: the
 * copies of an object whose creation failed, which the application never saw. */
void smpi__attrs_discard(struct smpi_attr_list **list)
{
    int me = my_rank();
    struct smpi_attr **ap;

    if (!*list)
        return;
    ap = &(*list)->head;
    while (*ap) {
        struct smpi_attr *a = *ap;

        if (a->rank != me) {
            ap = &a->next;
            continue;
        }
        *ap = a->next;
        keyval_unref(a->keyval);
        free(a);
    }
    if (!(*list)->head) {
        free(*list);
        *list = NULL;
    }
}

int smpi__attrs_delete(enum smpi_attr_kind kind, void *obj, struct smpi_attr_list **list)
{
    int me = my_rank();
    struct smpi_attr **ap;

    if (!*list)
        return MPI_SUCCESS;
    ap = &(*list)->head;
    while (*ap) {
        int rc;

        if ((*ap)->rank != me) {
            ap = &(*ap)->next;
            continue;
        }
        rc = remove_attr(kind, obj, ap);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    if (!(*list)->head) {
        free(*list);
        *list = NULL;
    }
    return MPI_SUCCESS;
}

/* ---- keyvals ------------------------------------------------------------------------------ */

int smpi__keyval_create(enum smpi_attr_kind kind, void (*copy_fn)(void), void (*delete_fn)(void),
                        int *keyval, void *extra_state)
{
    struct keyval *kv;

    if (!keyval)
        return smpi__error(MPI_COMM_WORLD, "MPI_Comm_create_keyval", MPI_ERR_ARG,
                           "keyval pointer is NULL");
    kv = sim_xcalloc(1, sizeof(*kv));
    kv->kind = kind;
    kv->copy_fn = copy_fn;
    kv->delete_fn = delete_fn;
    kv->extra_state = extra_state;
    kv->refs = 1;
    keyvals = realloc(keyvals, ((size_t)nkeyvals + 1) * sizeof(*keyvals));
    sim_assert(keyvals != NULL, "out of memory for keyvals");
    keyvals[nkeyvals] = kv;
    *keyval = FIRST_USER_KEYVAL + nkeyvals++;
    return MPI_SUCCESS;
}

/* The keyval k if it is a live user keyval of `kind`; else reports MPI_ERR_KEYVAL. */
static int check_keyval(const char *call, MPI_Comm comm, MPI_Win win, enum smpi_attr_kind kind,
                        int k, bool allow_predefined)
{
    struct keyval *kv = keyval_get(k);

    if (allow_predefined && k >= MPI_TAG_UB && k <= MPI_LASTUSEDCODE && kind == SMPI_ATTR_COMM)
        return MPI_SUCCESS;
    if (!kv)
        return attr_error(comm, win, call, MPI_ERR_KEYVAL, "keyval %d is not a valid %s keyval", k,
                          kind_names[kind]);
    if (kv->kind != kind)
        return attr_error(comm, win, call, MPI_ERR_KEYVAL, "keyval %d is a %s keyval, not a %s one",
                          k, kind_names[kv->kind], kind_names[kind]);
    return MPI_SUCCESS;
}

int smpi__keyval_free(const char *call, enum smpi_attr_kind kind, int *keyval)
{
    int rc = check_keyval(call, MPI_COMM_WORLD, MPI_WIN_NULL, kind, *keyval, false);
    if (rc != MPI_SUCCESS)
        return rc;
    /* the cached values keep it alive until they go; freeing it again meanwhile (a delete
     * callback that frees its keyval, as MPICH's attr/keyval_double_free does once per value)
     * does nothing, as in MPICH */
    if (!keyval_get(*keyval)->freed) {
        keyval_get(*keyval)->freed = true;
        keyval_unref(*keyval);
    }
    *keyval = MPI_KEYVAL_INVALID;
    return MPI_SUCCESS;
}

/* ---- set, get, delete ------------------------------------------------------------------- */

int smpi__attr_put(const char *call, MPI_Comm errcomm, MPI_Win errwin, enum smpi_attr_kind kind,
                   void *obj, struct smpi_attr_list **l, int keyval, void *value)
{
    struct smpi_attr **ap;
    int rc = check_keyval(call, errcomm, errwin, kind, keyval, false);

    if (rc != MPI_SUCCESS)
        return rc;
    ap = find(*l, keyval);
    if (ap) {
        rc = call_delete(kind, obj, *ap);
        if (rc != MPI_SUCCESS)
            return attr_error(errcomm, errwin, call, rc, "the delete callback of keyval %d failed",
                              keyval);
        store(*ap, NULL, value);
        return MPI_SUCCESS;
    }
    add_attr(l, keyval, value, false);
    return MPI_SUCCESS;
}

int smpi__attr_remove(const char *call, MPI_Comm errcomm, MPI_Win errwin, enum smpi_attr_kind kind,
                      void *obj, struct smpi_attr_list **l, int keyval)
{
    struct smpi_attr **ap;
    int rc = check_keyval(call, errcomm, errwin, kind, keyval, false);

    if (rc != MPI_SUCCESS)
        return rc;
    ap = find(*l, keyval);
    if (!ap)
        return attr_error(errcomm, errwin, call, MPI_ERR_ARG,
                          "no attribute is cached for keyval %d", keyval);
    rc = remove_attr(kind, obj, ap);
    if (rc != MPI_SUCCESS)
        return attr_error(errcomm, errwin, call, rc, "the delete callback of keyval %d failed",
                          keyval);
    return MPI_SUCCESS;
}

/* The predefined attributes of MPI_COMM_WORLD (MPI-3.1 section 8.1.2): *value points to an
 * int, as the standard says for attributes the implementation sets. */
static bool predefined_attr(MPI_Comm comm, int keyval, void **value)
{
    static int tag_ub = SMPI_TAG_UB;
    static int host = MPI_PROC_NULL;
    static int io = MPI_ANY_SOURCE;
    static int wtime_is_global = 1; /* simulated time is one clock */
    static int universe_size;
    static int appnum;
    static int lastusedcode;

    if (comm != MPI_COMM_WORLD)
        return false;
    switch (keyval) {
    case MPI_TAG_UB:
        *value = &tag_ub;
        return true;
    case MPI_HOST:
        *value = &host;
        return true;
    case MPI_IO:
        *value = &io;
        return true;
    case MPI_WTIME_IS_GLOBAL:
        *value = &wtime_is_global;
        return true;
    case MPI_UNIVERSE_SIZE:
        universe_size = smpi__universe_size();
        *value = &universe_size;
        return true;
    case MPI_APPNUM:
        appnum = smpi__self()->appnum;
        *value = &appnum;
        return true;
    case MPI_LASTUSEDCODE:
        lastusedcode = smpi_error_last_used();
        *value = &lastusedcode;
        return true;
    default:
        return false;
    }
}

int smpi__attr_get(const char *call, MPI_Comm errcomm, MPI_Win errwin, enum smpi_attr_kind kind,
                   struct smpi_attr_list *l, int keyval, void *value, int *flag)
{
    struct smpi_attr **ap;
    int rc;

    if (!value || !flag)
        return attr_error(errcomm, errwin, call, MPI_ERR_ARG, "%s is NULL",
                          value ? "flag" : "attribute_val");
    rc = check_keyval(call, errcomm, errwin, kind, keyval, true);
    if (rc != MPI_SUCCESS)
        return rc;
    *flag = 0;
    if (kind == SMPI_ATTR_COMM && keyval < FIRST_USER_KEYVAL) {
        *flag = predefined_attr(errcomm, keyval, (void **)value);
        return MPI_SUCCESS;
    }
    ap = find(l, keyval);
    if (ap) {
        *(void **)value = c_view(*ap);
        *flag = 1;
    }
    return MPI_SUCCESS;
}

/* ---- the Fortran side (smpi/fortran/fortran_callbacks.c) ------------------------------------ */

void smpi__keyval_mark_fortran(int keyval)
{
    struct keyval *kv = keyval_get(keyval);

    if (kv)
        kv->fortran = true;
}

void smpi__attr_mark_fortran(struct smpi_attr_list *l, int keyval)
{
    struct smpi_attr **ap = find(l, keyval);

    if (ap && !(*ap)->fortran) {
        (*ap)->fvalue = (MPI_Aint)(*ap)->value;
        (*ap)->value = NULL;
        (*ap)->fortran = true;
    }
}

bool smpi__attr_is_fortran(struct smpi_attr_list *l, int keyval)
{
    struct smpi_attr **ap = keyval >= FIRST_USER_KEYVAL ? find(l, keyval) : NULL;

    return ap && (*ap)->fortran;
}
