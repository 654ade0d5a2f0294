/* fortran_callbacks: the Fortran bindings that take a procedure or an attribute value, written
 * by hand (smpi/fortran/gen-fortran.py skips them). A Fortran callback is called through a C
 * trampoline: keyval callbacks find the Fortran procedures in the keyval's extra_state; user
 * operations and error handlers, whose C signatures carry no user data, use one trampoline per slot
 * of a fixed pool. Attribute values are integers in Fortran (INTEGER(KIND=MPI_ADDRESS_KIND), or
 * INTEGER for the MPI-1 calls), kept by attr.c as Fortran values: C reads a pointer to them, and
 * Fortran reads a value set from C as its address; the predefined attributes, which C reads
 * through a pointer, are given to Fortran by value. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdbool.h>
#include <stdlib.h>

#include "smpi/fortran/fortran.h"
#include "smpi/internal.h"
#include "smpi/mpi/datatype.h"
#include "smpi/mpi/win.h"

/* ---- attribute callbacks ---- */
typedef void fcopy_fn(MPI_Fint *obj, MPI_Fint *keyval, MPI_Aint *extra, MPI_Aint *in, MPI_Aint *out,
                      MPI_Fint *flag, MPI_Fint *ierr);
typedef void fdelete_fn(MPI_Fint *obj, MPI_Fint *keyval, MPI_Aint *val, MPI_Aint *extra,
                        MPI_Fint *ierr);
typedef void fcopy1_fn(MPI_Fint *obj, MPI_Fint *keyval, MPI_Fint *extra, MPI_Fint *in,
                       MPI_Fint *out, MPI_Fint *flag, MPI_Fint *ierr);
typedef void fdelete1_fn(MPI_Fint *obj, MPI_Fint *keyval, MPI_Fint *val, MPI_Fint *extra,
                         MPI_Fint *ierr);

/* The extra_state of a keyval created from Fortran (kept until the job ends: a keyval freed
 * while attributes still use it must keep its callbacks). */
struct fkeyval {
    void (*copy)(void);
    void (*del)(void);
    MPI_Aint extra;
    bool mpi1; /* MPI_KEYVAL_CREATE: INTEGER values and extra_state */
};

static int fcopy(MPI_Fint fobj, int keyval, struct fkeyval *k, void *in, void *out, int *flag)
{
    MPI_Fint fk = keyval, ierr = MPI_SUCCESS, fflag = 0;

    if (k->mpi1) {
        MPI_Fint e = (MPI_Fint)k->extra, vin = (MPI_Fint)(MPI_Aint)in, vout = 0;
        ((fcopy1_fn *)(void (*)(void))k->copy)(&fobj, &fk, &e, &vin, &vout, &fflag, &ierr);
        *(void **)out = (void *)(MPI_Aint)vout;
    } else {
        MPI_Aint e = k->extra, vin = (MPI_Aint)in, vout = 0;
        ((fcopy_fn *)(void (*)(void))k->copy)(&fobj, &fk, &e, &vin, &vout, &fflag, &ierr);
        *(void **)out = (void *)vout;
    }
    *flag = fflag != 0;
    return ierr;
}

static int fdelete(MPI_Fint fobj, int keyval, struct fkeyval *k, void *val)
{
    MPI_Fint fk = keyval, ierr = MPI_SUCCESS;

    if (k->mpi1) {
        MPI_Fint e = (MPI_Fint)k->extra, v = (MPI_Fint)(MPI_Aint)val;
        ((fdelete1_fn *)(void (*)(void))k->del)(&fobj, &fk, &v, &e, &ierr);
    } else {
        MPI_Aint e = k->extra, v = (MPI_Aint)val;
        ((fdelete_fn *)(void (*)(void))k->del)(&fobj, &fk, &v, &e, &ierr);
    }
    return ierr;
}

#define KEYVAL_TRAMPOLINES(kind, CType)                                                            \
    static int kind##_copy(CType old, int keyval, void *extra, void *in, void *out, int *flag)     \
    {                                                                                              \
        return fcopy(PMPI_##kind##_c2f(old), keyval, extra, in, out, flag);                        \
    }                                                                                              \
    static int kind##_delete(CType obj, int keyval, void *val, void *extra)                        \
    {                                                                                              \
        return fdelete(PMPI_##kind##_c2f(obj), keyval, extra, val);                                \
    }
KEYVAL_TRAMPOLINES(Comm, MPI_Comm)
KEYVAL_TRAMPOLINES(Type, MPI_Datatype)
KEYVAL_TRAMPOLINES(Win, MPI_Win)

static struct fkeyval *new_fkeyval(void (*copy)(void), void (*del)(void), MPI_Aint extra, bool mpi1)
{
    struct fkeyval *k = sim_xcalloc(1, sizeof(*k));

    k->copy = copy;
    k->del = del;
    k->extra = extra;
    k->mpi1 = mpi1;
    return k;
}

/* A keyval of Fortran callbacks: attr.c gives them Fortran values (see "attribute values"). */
static void fortran_keyval(int err, MPI_Fint *keyval, MPI_Fint *ierr)
{
    *ierr = err;
    if (err == MPI_SUCCESS)
        smpi__keyval_mark_fortran(*keyval);
}

SMPI_API void pmpi_comm_create_keyval_(void (*copy)(void), void (*del)(void), MPI_Fint *keyval,
                                       MPI_Aint *extra, MPI_Fint *ierr)
{
    fortran_keyval(PMPI_Comm_create_keyval(Comm_copy, Comm_delete, keyval,
                                           new_fkeyval(copy, del, *extra, false)),
                   keyval, ierr);
}
SMPI_API void pmpi_type_create_keyval_(void (*copy)(void), void (*del)(void), MPI_Fint *keyval,
                                       MPI_Aint *extra, MPI_Fint *ierr)
{
    fortran_keyval(PMPI_Type_create_keyval(Type_copy, Type_delete, keyval,
                                           new_fkeyval(copy, del, *extra, false)),
                   keyval, ierr);
}
SMPI_API void pmpi_win_create_keyval_(void (*copy)(void), void (*del)(void), MPI_Fint *keyval,
                                      MPI_Aint *extra, MPI_Fint *ierr)
{
    fortran_keyval(
        PMPI_Win_create_keyval(Win_copy, Win_delete, keyval, new_fkeyval(copy, del, *extra, false)),
        keyval, ierr);
}
SMPI_API void pmpi_keyval_create_(void (*copy)(void), void (*del)(void), MPI_Fint *keyval,
                                  MPI_Fint *extra, MPI_Fint *ierr)
{
    fortran_keyval(
        PMPI_Keyval_create(Comm_copy, Comm_delete, keyval, new_fkeyval(copy, del, *extra, true)),
        keyval, ierr);
}
FEXPORT(MPI_COMM_CREATE_KEYVAL, mpi_comm_create_keyval)
FEXPORT(MPI_TYPE_CREATE_KEYVAL, mpi_type_create_keyval)
FEXPORT(MPI_WIN_CREATE_KEYVAL, mpi_win_create_keyval)
FEXPORT(MPI_KEYVAL_CREATE, mpi_keyval_create)

/* The predefined callbacks of mpif.h (EXTERNAL MPI_COMM_NULL_COPY_FN, ...). */
SMPI_API void pmpi_null_copy_fn_(MPI_Fint *obj, MPI_Fint *keyval, MPI_Aint *extra, MPI_Aint *in,
                                 MPI_Aint *out, MPI_Fint *flag, MPI_Fint *ierr)
{
    *flag = 0;
    *ierr = MPI_SUCCESS;
}
SMPI_API void pmpi_dup_fn_(MPI_Fint *obj, MPI_Fint *keyval, MPI_Aint *extra, MPI_Aint *in,
                           MPI_Aint *out, MPI_Fint *flag, MPI_Fint *ierr)
{
    *out = *in;
    *flag = 1;
    *ierr = MPI_SUCCESS;
}
SMPI_API void pmpi_null_delete_fn_(MPI_Fint *obj, MPI_Fint *keyval, MPI_Aint *val, MPI_Aint *extra,
                                   MPI_Fint *ierr)
{
    *ierr = MPI_SUCCESS;
}
SMPI_API void pmpi_mpi1_dup_fn_(MPI_Fint *obj, MPI_Fint *keyval, MPI_Fint *extra, MPI_Fint *in,
                                MPI_Fint *out, MPI_Fint *flag, MPI_Fint *ierr)
{
    *out = *in;
    *flag = 1;
    *ierr = MPI_SUCCESS;
}
#pragma weak mpi_comm_null_copy_fn_ = pmpi_null_copy_fn_
#pragma weak mpi_type_null_copy_fn_ = pmpi_null_copy_fn_
#pragma weak mpi_win_null_copy_fn_ = pmpi_null_copy_fn_
#pragma weak mpi_null_copy_fn_ = pmpi_null_copy_fn_
#pragma weak mpi_comm_dup_fn_ = pmpi_dup_fn_
#pragma weak mpi_type_dup_fn_ = pmpi_dup_fn_
#pragma weak mpi_win_dup_fn_ = pmpi_dup_fn_
#pragma weak mpi_dup_fn_ = pmpi_mpi1_dup_fn_
#pragma weak mpi_comm_null_delete_fn_ = pmpi_null_delete_fn_
#pragma weak mpi_type_null_delete_fn_ = pmpi_null_delete_fn_
#pragma weak mpi_win_null_delete_fn_ = pmpi_null_delete_fn_
#pragma weak mpi_null_delete_fn_ = pmpi_null_delete_fn_

/* ---- attribute values ---- */
/* The attribute list of the object a Fortran handle names (NULL for a null or invalid one: the
 * C call has reported it). */
static struct smpi_attr_list *attr_list(enum smpi_attr_kind kind, MPI_Fint obj)
{
    if (kind == SMPI_ATTR_COMM) {
        MPI_Comm c = PMPI_Comm_f2c(obj);
        return c != MPI_COMM_NULL ? c->attrs : NULL;
    }
    if (kind == SMPI_ATTR_TYPE) {
        MPI_Datatype t = PMPI_Type_f2c(obj);
        return t != MPI_DATATYPE_NULL ? t->attrs : NULL;
    }
    MPI_Win w = PMPI_Win_f2c(obj);
    return w != MPI_WIN_NULL ? *smpi__win_attrs(w) : NULL;
}

/* The C call that gets or sets an attribute of each kind; mpi1: MPI_ATTR_GET, MPI_ATTR_PUT. */
static int c_get_attr(enum smpi_attr_kind kind, bool mpi1, MPI_Fint obj, int keyval, void **p,
                      int *flag)
{
    if (kind == SMPI_ATTR_TYPE)
        return PMPI_Type_get_attr(PMPI_Type_f2c(obj), keyval, p, flag);
    if (kind == SMPI_ATTR_WIN)
        return PMPI_Win_get_attr(PMPI_Win_f2c(obj), keyval, p, flag);
    return (mpi1 ? PMPI_Attr_get : PMPI_Comm_get_attr)(PMPI_Comm_f2c(obj), keyval, p, flag);
}

static int c_set_attr(enum smpi_attr_kind kind, bool mpi1, MPI_Fint obj, int keyval, void *v)
{
    if (kind == SMPI_ATTR_TYPE)
        return PMPI_Type_set_attr(PMPI_Type_f2c(obj), keyval, v);
    if (kind == SMPI_ATTR_WIN)
        return PMPI_Win_set_attr(PMPI_Win_f2c(obj), keyval, v);
    return (mpi1 ? PMPI_Attr_put : PMPI_Comm_set_attr)(PMPI_Comm_f2c(obj), keyval, v);
}

/* Fortran's value of an attribute C gives as p (MPI-3.1 section 17.2.7): the integer of one set
 * from Fortran, the address of one set from C, the value of a predefined one (C gives a pointer
 * to it). */
static MPI_Aint fortran_value(enum smpi_attr_kind kind, MPI_Fint obj, int keyval, void *p)
{
    bool win = kind == SMPI_ATTR_WIN;

    if (smpi__attr_is_fortran(attr_list(kind, obj), keyval))
        return *(MPI_Aint *)p;
    if (!win && kind == SMPI_ATTR_COMM && keyval >= MPI_TAG_UB && keyval <= MPI_LASTUSEDCODE)
        return *(int *)p;
    if (win && keyval == MPI_WIN_SIZE)
        return *(MPI_Aint *)p;
    if (win && keyval >= MPI_WIN_DISP_UNIT && keyval <= MPI_WIN_MODEL)
        return *(int *)p;
    return (MPI_Aint)p;
}

/* Fortran's value of the attribute into *val (left alone when there is none). */
static void get_attr(enum smpi_attr_kind kind, bool mpi1, MPI_Fint obj, int keyval, MPI_Aint *val,
                     MPI_Fint *flag, MPI_Fint *ierr)
{
    void *p = NULL;
    int cflag = 0;

    *ierr = c_get_attr(kind, mpi1, obj, keyval, &p, &cflag);
    *flag = cflag;
    if (*ierr == MPI_SUCCESS && cflag)
        *val = fortran_value(kind, obj, keyval, p);
}

/* Sets the integer v as a Fortran value (C reads a pointer to it). */
static void set_attr(enum smpi_attr_kind kind, bool mpi1, MPI_Fint obj, int keyval, MPI_Aint v,
                     MPI_Fint *ierr)
{
    *ierr = c_set_attr(kind, mpi1, obj, keyval, (void *)v);
    if (*ierr == MPI_SUCCESS)
        smpi__attr_mark_fortran(attr_list(kind, obj), keyval);
}

SMPI_API void pmpi_comm_get_attr_(MPI_Fint *comm, MPI_Fint *keyval, MPI_Aint *val, MPI_Fint *flag,
                                  MPI_Fint *ierr)
{
    get_attr(SMPI_ATTR_COMM, false, *comm, *keyval, val, flag, ierr);
}
SMPI_API void pmpi_attr_get_(MPI_Fint *comm, MPI_Fint *keyval, MPI_Fint *val, MPI_Fint *flag,
                             MPI_Fint *ierr)
{
    MPI_Aint v = *val;

    get_attr(SMPI_ATTR_COMM, true, *comm, *keyval, &v, flag, ierr);
    *val = (MPI_Fint)v; /* MPI-1's INTEGER value: the low-order bits */
}
SMPI_API void pmpi_type_get_attr_(MPI_Fint *type, MPI_Fint *keyval, MPI_Aint *val, MPI_Fint *flag,
                                  MPI_Fint *ierr)
{
    get_attr(SMPI_ATTR_TYPE, false, *type, *keyval, val, flag, ierr);
}
SMPI_API void pmpi_win_get_attr_(MPI_Fint *win, MPI_Fint *keyval, MPI_Aint *val, MPI_Fint *flag,
                                 MPI_Fint *ierr)
{
    get_attr(SMPI_ATTR_WIN, false, *win, *keyval, val, flag, ierr);
}
SMPI_API void pmpi_comm_set_attr_(MPI_Fint *comm, MPI_Fint *keyval, MPI_Aint *val, MPI_Fint *ierr)
{
    set_attr(SMPI_ATTR_COMM, false, *comm, *keyval, *val, ierr);
}
SMPI_API void pmpi_attr_put_(MPI_Fint *comm, MPI_Fint *keyval, MPI_Fint *val, MPI_Fint *ierr)
{
    set_attr(SMPI_ATTR_COMM, true, *comm, *keyval, *val, ierr);
}
SMPI_API void pmpi_type_set_attr_(MPI_Fint *type, MPI_Fint *keyval, MPI_Aint *val, MPI_Fint *ierr)
{
    set_attr(SMPI_ATTR_TYPE, false, *type, *keyval, *val, ierr);
}
SMPI_API void pmpi_win_set_attr_(MPI_Fint *win, MPI_Fint *keyval, MPI_Aint *val, MPI_Fint *ierr)
{
    set_attr(SMPI_ATTR_WIN, false, *win, *keyval, *val, ierr);
}
FEXPORT(MPI_COMM_GET_ATTR, mpi_comm_get_attr)
FEXPORT(MPI_ATTR_GET, mpi_attr_get)
FEXPORT(MPI_TYPE_GET_ATTR, mpi_type_get_attr)
FEXPORT(MPI_WIN_GET_ATTR, mpi_win_get_attr)
FEXPORT(MPI_COMM_SET_ATTR, mpi_comm_set_attr)
FEXPORT(MPI_ATTR_PUT, mpi_attr_put)
FEXPORT(MPI_TYPE_SET_ATTR, mpi_type_set_attr)
FEXPORT(MPI_WIN_SET_ATTR, mpi_win_set_attr)

/* ---- user operations and error handlers: a pool of trampolines ---- */
#define FPOOL 32
typedef void fuser_fn(void *in, void *inout, MPI_Fint *len, MPI_Fint *type);
typedef void ferrh_fn(MPI_Fint *obj, MPI_Fint *code);

static fuser_fn *user_fns[FPOOL];
static int n_user;
static ferrh_fn *errh_fns[3][FPOOL]; /* comm, win, file */
static int n_errh[3];

#define SLOT(i)                                                                                    \
    static void user_##i(void *in, void *inout, int *len, MPI_Datatype *type)                      \
    {                                                                                              \
        MPI_Fint ft = PMPI_Type_c2f(*type);                                                        \
        user_fns[i](in, inout, len, &ft);                                                          \
    }                                                                                              \
    static void comm_errh_##i(MPI_Comm *comm, int *code, ...)                                      \
    {                                                                                              \
        MPI_Fint f = PMPI_Comm_c2f(*comm);                                                         \
        errh_fns[0][i](&f, code);                                                                  \
    }                                                                                              \
    static void win_errh_##i(MPI_Win *win, int *code, ...)                                         \
    {                                                                                              \
        MPI_Fint f = PMPI_Win_c2f(*win);                                                           \
        errh_fns[1][i](&f, code);                                                                  \
    }                                                                                              \
    static void file_errh_##i(MPI_File *file, int *code, ...)                                      \
    {                                                                                              \
        MPI_Fint f = PMPI_File_c2f(*file);                                                         \
        errh_fns[2][i](&f, code);                                                                  \
    }
#define SLOTS4(a, b, c, d) SLOT(a) SLOT(b) SLOT(c) SLOT(d)
SLOTS4(0, 1, 2, 3)
SLOTS4(4, 5, 6, 7)
SLOTS4(8, 9, 10, 11)
SLOTS4(12, 13, 14, 15)
SLOTS4(16, 17, 18, 19)
SLOTS4(20, 21, 22, 23)
SLOTS4(24, 25, 26, 27)
SLOTS4(28, 29, 30, 31)
#define LIST4(p, a, b, c, d) p##a, p##b, p##c, p##d
#define LIST(p)                                                                                    \
    LIST4(p, 0, 1, 2, 3), LIST4(p, 4, 5, 6, 7), LIST4(p, 8, 9, 10, 11), LIST4(p, 12, 13, 14, 15),  \
        LIST4(p, 16, 17, 18, 19), LIST4(p, 20, 21, 22, 23), LIST4(p, 24, 25, 26, 27),              \
        LIST4(p, 28, 29, 30, 31)
static MPI_User_function *const user_tramp[FPOOL] = { LIST(user_) };
static MPI_Comm_errhandler_function *const comm_errh_tramp[FPOOL] = { LIST(comm_errh_) };
static MPI_Win_errhandler_function *const win_errh_tramp[FPOOL] = { LIST(win_errh_) };
static MPI_File_errhandler_function *const file_errh_tramp[FPOOL] = { LIST(file_errh_) };

/* The slot of Fortran procedure f in pool `fns` of `*n` used slots, or -1 when it is full. */
static int slot_of(void **fns, int *n, void *f)
{
    for (int i = 0; i < *n; i++)
        if (fns[i] == f)
            return i;
    if (*n == FPOOL)
        return -1;
    fns[*n] = f;
    return (*n)++;
}

static int pool_full(const char *call)
{
    return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_INTERN,
                       "more than %d distinct Fortran procedures given to %s", FPOOL, call);
}

SMPI_API void pmpi_op_create_(fuser_fn *f, MPI_Fint *commute, MPI_Fint *op, MPI_Fint *ierr)
{
    int i = slot_of((void **)user_fns, &n_user, (void *)f);
    MPI_Op c = MPI_OP_NULL;

    if (i < 0) {
        *ierr = pool_full("MPI_Op_create");
        return;
    }
    *ierr = PMPI_Op_create(user_tramp[i], *commute != 0, &c);
    *op = PMPI_Op_c2f(c);
}
FEXPORT(MPI_OP_CREATE, mpi_op_create)

#define ERRH_CREATE(low, Name, kind, tramp)                                                        \
    SMPI_API void p##low##_(ferrh_fn *f, MPI_Fint *errh, MPI_Fint *ierr)                           \
    {                                                                                              \
        int i = slot_of((void **)errh_fns[kind], &n_errh[kind], (void *)f);                        \
        MPI_Errhandler c = MPI_ERRHANDLER_NULL;                                                    \
        if (i < 0) {                                                                               \
            *ierr = pool_full("MPI_" #Name);                                                       \
            return;                                                                                \
        }                                                                                          \
        *ierr = PMPI_##Name(tramp[i], &c);                                                         \
        *errh = PMPI_Errhandler_c2f(c);                                                            \
    }
ERRH_CREATE(mpi_comm_create_errhandler, Comm_create_errhandler, 0, comm_errh_tramp)
ERRH_CREATE(mpi_errhandler_create, Errhandler_create, 0, comm_errh_tramp)
ERRH_CREATE(mpi_win_create_errhandler, Win_create_errhandler, 1, win_errh_tramp)
ERRH_CREATE(mpi_file_create_errhandler, File_create_errhandler, 2, file_errh_tramp)
FEXPORT(MPI_COMM_CREATE_ERRHANDLER, mpi_comm_create_errhandler)
FEXPORT(MPI_ERRHANDLER_CREATE, mpi_errhandler_create)
FEXPORT(MPI_WIN_CREATE_ERRHANDLER, mpi_win_create_errhandler)
FEXPORT(MPI_FILE_CREATE_ERRHANDLER, mpi_file_create_errhandler)

/* ---- generalized requests: the Fortran procedures, and extra_state by address ---- */
/* As in MPICH, the callbacks get the address of the application's extra_state variable, so that
 * a change they make to it is seen by the program (upstream f77/pt2pt/greqf). */
typedef void fquery_fn(MPI_Aint *extra, MPI_Fint *status, MPI_Fint *ierr);
typedef void ffree_fn(MPI_Aint *extra, MPI_Fint *ierr);
typedef void fcancel_fn(MPI_Aint *extra, MPI_Fint *complete, MPI_Fint *ierr);

struct fgreq {
    fquery_fn *query;
    ffree_fn *free;
    fcancel_fn *cancel;
    MPI_Aint *extra;
};

static int greq_query(void *arg, MPI_Status *status)
{
    struct fgreq *g = arg;
    MPI_Fint f[MPI_F_STATUS_SIZE];
    MPI_Fint ierr = MPI_SUCCESS;

    PMPI_Status_c2f(status, f);
    g->query(g->extra, f, &ierr);
    PMPI_Status_f2c(f, status);
    return ierr;
}

static int greq_free(void *arg)
{
    struct fgreq *g = arg;
    MPI_Fint ierr = MPI_SUCCESS;

    g->free(g->extra, &ierr);
    free(g);
    return ierr;
}

static int greq_cancel(void *arg, int complete)
{
    struct fgreq *g = arg;
    MPI_Fint fcomplete = complete != 0;
    MPI_Fint ierr = MPI_SUCCESS;

    g->cancel(g->extra, &fcomplete, &ierr);
    return ierr;
}

SMPI_API void pmpi_grequest_start_(fquery_fn *query, ffree_fn *free_fn, fcancel_fn *cancel,
                                   MPI_Aint *extra, MPI_Fint *request, MPI_Fint *ierr)
{
    struct fgreq *g = sim_xmalloc(sizeof(*g));
    MPI_Request r = MPI_REQUEST_NULL;

    *g = (struct fgreq){ .query = query, .free = free_fn, .cancel = cancel, .extra = extra };
    *ierr = PMPI_Grequest_start(greq_query, greq_free, greq_cancel, g, &r);
    if (*ierr != MPI_SUCCESS)
        free(g);
    *request = PMPI_Request_c2f(r);
}
FEXPORT(MPI_GREQUEST_START, mpi_grequest_start)

/* ---- MPI_Alltoallw: arrays of datatypes as long as the communicator (its remote group) ---- */
static MPI_Datatype *types_f2c(MPI_Comm comm, const MPI_Fint *f)
{
    int n = 0, inter = 0;
    MPI_Datatype *c;

    if (comm != MPI_COMM_NULL && PMPI_Comm_test_inter(comm, &inter) == MPI_SUCCESS)
        (inter ? PMPI_Comm_remote_size : PMPI_Comm_size)(comm, &n);
    c = smpi__fcalloc(n, sizeof(*c));
    for (int i = 0; i < n; i++)
        c[i] = PMPI_Type_f2c(f[i]);
    return c;
}

SMPI_API void pmpi_alltoallw_(void *sendbuf, MPI_Fint *sendcounts, MPI_Fint *sdispls,
                              MPI_Fint *sendtypes, void *recvbuf, MPI_Fint *recvcounts,
                              MPI_Fint *rdispls, MPI_Fint *recvtypes, MPI_Fint *comm,
                              MPI_Fint *ierr)
{
    MPI_Comm c = PMPI_Comm_f2c(*comm);
    void *sbuf = smpi__fbuf(sendbuf);
    MPI_Datatype *st = sbuf == MPI_IN_PLACE ? NULL : types_f2c(c, sendtypes);
    MPI_Datatype *rt = types_f2c(c, recvtypes);

    *ierr = PMPI_Alltoallw(sbuf, sendcounts, sdispls, st, smpi__fbuf(recvbuf), recvcounts, rdispls,
                           rt, c);
    free(st);
    free(rt);
}
FEXPORT(MPI_ALLTOALLW, mpi_alltoallw)

/* The C arrays must live until the request completes; they are kept for the whole job (one pair
 * per call, a few bytes per rank). */
SMPI_API void pmpi_ialltoallw_(void *sendbuf, MPI_Fint *sendcounts, MPI_Fint *sdispls,
                               MPI_Fint *sendtypes, void *recvbuf, MPI_Fint *recvcounts,
                               MPI_Fint *rdispls, MPI_Fint *recvtypes, MPI_Fint *comm,
                               MPI_Fint *request, MPI_Fint *ierr)
{
    MPI_Comm c = PMPI_Comm_f2c(*comm);
    void *sbuf = smpi__fbuf(sendbuf);
    MPI_Request r = MPI_REQUEST_NULL;

    *ierr = PMPI_Ialltoallw(
        sbuf, sendcounts, sdispls, sbuf == MPI_IN_PLACE ? NULL : types_f2c(c, sendtypes),
        smpi__fbuf(recvbuf), recvcounts, rdispls, types_f2c(c, recvtypes), c, &r);
    *request = PMPI_Request_c2f(r);
}
FEXPORT(MPI_IALLTOALLW, mpi_ialltoallw)
