/* bindings_attr: the MPI calls on keyvals and cached attributes of communicators, datatypes and
 * windows (MPI-3.1 sections 6.7 and 11.2.6) and the deprecated MPI-1 names. The keyvals and
 * the caches: smpi/mpi/attr.c, which checks the keyval and reports through the window's handler
 * for window attributes. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "smpi/bindings/check.h"
#include "smpi/internal.h"
#include "smpi/mpi/win.h"

/* The keyval calls, the create call's callbacks handed to attr.c as they came. */
static int keyval_create(const char *call, enum smpi_attr_kind kind, void (*copy_fn)(void),
                         void (*delete_fn)(void), int *keyval, void *extra_state)
{
    SMPI_CHECK_INIT(call);
    return smpi__keyval_create(kind, copy_fn, delete_fn, keyval, extra_state);
}

/* The free call of each kind of keyval. */
static int keyval_free(const char *call, enum smpi_attr_kind kind, int *keyval)
{
    SMPI_CHECK_INIT(call);
    SMPI_CHECK(smpi__check_arg(call, MPI_COMM_WORLD, keyval, "keyval"));
    return smpi__keyval_free(call, kind, keyval);
}

/* ---- attributes: one body for the set, get and delete calls of every kind of object ------- */

enum attr_op { ATTR_SET, ATTR_GET, ATTR_DELETE };

/* The attribute call `op` on obj, a communicator, datatype or window (kind): the object's
 * check, then attr.c with the object's attribute list and error handler (a window's own, else
 * the communicator's or MPI_COMM_WORLD's). val is the value to set, or where to get it (with
 * flag); the predefined window attributes (MPI_WIN_BASE, ...) come from win.c. */
static int attr_call(const char *call, enum attr_op op, enum smpi_attr_kind kind, void *obj,
                     int keyval, void *val, int *flag)
{
    MPI_Comm errcomm = MPI_COMM_WORLD;
    MPI_Win errwin = MPI_WIN_NULL;
    struct smpi_attr_list **attrs;

    SMPI_CHECK_INIT(call);
    if (kind == SMPI_ATTR_COMM) {
        SMPI_CHECK(smpi__check_comm(call, obj));
        errcomm = obj;
        attrs = &errcomm->attrs;
    } else if (kind == SMPI_ATTR_TYPE) {
        if (obj == MPI_DATATYPE_NULL) /* uncommitted types may carry attributes */
            return smpi__error(MPI_COMM_WORLD, call, MPI_ERR_TYPE, "datatype is MPI_DATATYPE_NULL");
        attrs = &((MPI_Datatype)obj)->attrs;
    } else {
        SMPI_CHECK(smpi__check_win(call, obj));
        errwin = obj;
        attrs = smpi__win_attrs(errwin);
    }
    if (op == ATTR_SET)
        return smpi__attr_put(call, errcomm, errwin, kind, obj, attrs, keyval, val);
    if (op == ATTR_DELETE)
        return smpi__attr_remove(call, errcomm, errwin, kind, obj, attrs, keyval);
    if (kind == SMPI_ATTR_WIN && val && flag &&
        smpi__win_predefined_attr(errwin, keyval, (void **)val)) {
        *flag = 1;
        return MPI_SUCCESS;
    }
    return smpi__attr_get(call, errcomm, errwin, kind, *attrs, keyval, val, flag);
}

/* The five calls of one kind of object (X = Comm, Type, Win; obj_type its handle's type):
 * MPI_X_create_keyval, MPI_X_free_keyval, MPI_X_set_attr, MPI_X_get_attr and MPI_X_delete_attr. */
#define ATTR_CALLS(X, obj_type, kind)                                                              \
    int PMPI_##X##_create_keyval(MPI_##X##_copy_attr_function *copy_fn,                            \
                                 MPI_##X##_delete_attr_function *delete_fn, int *keyval,           \
                                 void *extra_state)                                                \
    {                                                                                              \
        return keyval_create("MPI_" #X "_create_keyval", kind, (void (*)(void))copy_fn,            \
                             (void (*)(void))delete_fn, keyval, extra_state);                      \
    }                                                                                              \
    SMPI_WEAK(MPI_##X##_create_keyval)                                                             \
    int PMPI_##X##_free_keyval(int *keyval)                                                        \
    {                                                                                              \
        return keyval_free("MPI_" #X "_free_keyval", kind, keyval);                                \
    }                                                                                              \
    SMPI_WEAK(MPI_##X##_free_keyval)                                                               \
    int PMPI_##X##_set_attr(obj_type obj, int keyval, void *attribute_val)                         \
    {                                                                                              \
        return attr_call("MPI_" #X "_set_attr", ATTR_SET, kind, obj, keyval, attribute_val, NULL); \
    }                                                                                              \
    SMPI_WEAK(MPI_##X##_set_attr)                                                                  \
    int PMPI_##X##_get_attr(obj_type obj, int keyval, void *attribute_val, int *flag)              \
    {                                                                                              \
        return attr_call("MPI_" #X "_get_attr", ATTR_GET, kind, obj, keyval, attribute_val, flag); \
    }                                                                                              \
    SMPI_WEAK(MPI_##X##_get_attr)                                                                  \
    int PMPI_##X##_delete_attr(obj_type obj, int keyval)                                           \
    {                                                                                              \
        return attr_call("MPI_" #X "_delete_attr", ATTR_DELETE, kind, obj, keyval, NULL, NULL);    \
    }                                                                                              \
    SMPI_WEAK(MPI_##X##_delete_attr)
ATTR_CALLS(Comm, MPI_Comm, SMPI_ATTR_COMM)
ATTR_CALLS(Type, MPI_Datatype, SMPI_ATTR_TYPE)
ATTR_CALLS(Win, MPI_Win, SMPI_ATTR_WIN)

/* The deprecated MPI-1 names of the communicator calls. */
int PMPI_Keyval_create(MPI_Copy_function *copy_fn, MPI_Delete_function *delete_fn, int *keyval,
                       void *extra_state)
{
    return keyval_create("MPI_Keyval_create", SMPI_ATTR_COMM, (void (*)(void))copy_fn,
                         (void (*)(void))delete_fn, keyval, extra_state);
}
#pragma weak MPI_Keyval_create = PMPI_Keyval_create

int PMPI_Keyval_free(int *keyval)
{
    return keyval_free("MPI_Keyval_free", SMPI_ATTR_COMM, keyval);
}
#pragma weak MPI_Keyval_free = PMPI_Keyval_free

int PMPI_Attr_put(MPI_Comm comm, int keyval, void *attribute_val)
{
    return attr_call("MPI_Attr_put", ATTR_SET, SMPI_ATTR_COMM, comm, keyval, attribute_val, NULL);
}
#pragma weak MPI_Attr_put = PMPI_Attr_put

int PMPI_Attr_get(MPI_Comm comm, int keyval, void *attribute_val, int *flag)
{
    return attr_call("MPI_Attr_get", ATTR_GET, SMPI_ATTR_COMM, comm, keyval, attribute_val, flag);
}
#pragma weak MPI_Attr_get = PMPI_Attr_get

int PMPI_Attr_delete(MPI_Comm comm, int keyval)
{
    return attr_call("MPI_Attr_delete", ATTR_DELETE, SMPI_ATTR_COMM, comm, keyval, NULL, NULL);
}
#pragma weak MPI_Attr_delete = PMPI_Attr_delete
