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

int PMPI_Comm_create_keyval(MPI_Comm_copy_attr_function *comm_copy_attr_fn,
                            MPI_Comm_delete_attr_function *comm_delete_attr_fn, int *comm_keyval,
                            void *extra_state)
{
    SMPI_CHECK_INIT("MPI_Comm_create_keyval");
    return smpi__keyval_create(SMPI_ATTR_COMM, (void (*)(void))comm_copy_attr_fn,
                               (void (*)(void))comm_delete_attr_fn, comm_keyval, extra_state);
}
#pragma weak MPI_Comm_create_keyval = PMPI_Comm_create_keyval

int PMPI_Keyval_create(MPI_Copy_function *copy_fn, MPI_Delete_function *delete_fn, int *keyval,
                       void *extra_state)
{
    SMPI_CHECK_INIT("MPI_Keyval_create");
    return smpi__keyval_create(SMPI_ATTR_COMM, (void (*)(void))copy_fn, (void (*)(void))delete_fn,
                               keyval, extra_state);
}
#pragma weak MPI_Keyval_create = PMPI_Keyval_create

int PMPI_Type_create_keyval(MPI_Type_copy_attr_function *type_copy_attr_fn,
                            MPI_Type_delete_attr_function *type_delete_attr_fn, int *type_keyval,
                            void *extra_state)
{
    SMPI_CHECK_INIT("MPI_Type_create_keyval");
    return smpi__keyval_create(SMPI_ATTR_TYPE, (void (*)(void))type_copy_attr_fn,
                               (void (*)(void))type_delete_attr_fn, type_keyval, extra_state);
}
#pragma weak MPI_Type_create_keyval = PMPI_Type_create_keyval

int PMPI_Win_create_keyval(MPI_Win_copy_attr_function *win_copy_attr_fn,
                           MPI_Win_delete_attr_function *win_delete_attr_fn, int *win_keyval,
                           void *extra_state)
{
    SMPI_CHECK_INIT("MPI_Win_create_keyval");
    return smpi__keyval_create(SMPI_ATTR_WIN, (void (*)(void))win_copy_attr_fn,
                               (void (*)(void))win_delete_attr_fn, win_keyval, extra_state);
}
#pragma weak MPI_Win_create_keyval = PMPI_Win_create_keyval

/* The free call of each kind of keyval. */
static int keyval_free(const char *call, enum smpi_attr_kind kind, int *keyval)
{
    SMPI_CHECK_INIT(call);
    SMPI_CHECK(smpi__check_arg(call, MPI_COMM_WORLD, keyval, "keyval"));
    return smpi__keyval_free(call, kind, keyval);
}

int PMPI_Comm_free_keyval(int *comm_keyval)
{
    return keyval_free("MPI_Comm_free_keyval", SMPI_ATTR_COMM, comm_keyval);
}
#pragma weak MPI_Comm_free_keyval = PMPI_Comm_free_keyval

int PMPI_Keyval_free(int *keyval)
{
    return keyval_free("MPI_Keyval_free", SMPI_ATTR_COMM, keyval);
}
#pragma weak MPI_Keyval_free = PMPI_Keyval_free

int PMPI_Type_free_keyval(int *type_keyval)
{
    return keyval_free("MPI_Type_free_keyval", SMPI_ATTR_TYPE, type_keyval);
}
#pragma weak MPI_Type_free_keyval = PMPI_Type_free_keyval

int PMPI_Win_free_keyval(int *win_keyval)
{
    return keyval_free("MPI_Win_free_keyval", SMPI_ATTR_WIN, win_keyval);
}
#pragma weak MPI_Win_free_keyval = PMPI_Win_free_keyval

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

int PMPI_Comm_set_attr(MPI_Comm comm, int comm_keyval, void *attribute_val)
{
    return attr_call("MPI_Comm_set_attr", ATTR_SET, SMPI_ATTR_COMM, comm, comm_keyval,
                     attribute_val, NULL);
}
#pragma weak MPI_Comm_set_attr = PMPI_Comm_set_attr

int PMPI_Attr_put(MPI_Comm comm, int keyval, void *attribute_val)
{
    return attr_call("MPI_Attr_put", ATTR_SET, SMPI_ATTR_COMM, comm, keyval, attribute_val, NULL);
}
#pragma weak MPI_Attr_put = PMPI_Attr_put

int PMPI_Comm_get_attr(MPI_Comm comm, int comm_keyval, void *attribute_val, int *flag)
{
    return attr_call("MPI_Comm_get_attr", ATTR_GET, SMPI_ATTR_COMM, comm, comm_keyval,
                     attribute_val, flag);
}
#pragma weak MPI_Comm_get_attr = PMPI_Comm_get_attr

int PMPI_Attr_get(MPI_Comm comm, int keyval, void *attribute_val, int *flag)
{
    return attr_call("MPI_Attr_get", ATTR_GET, SMPI_ATTR_COMM, comm, keyval, attribute_val, flag);
}
#pragma weak MPI_Attr_get = PMPI_Attr_get

int PMPI_Comm_delete_attr(MPI_Comm comm, int comm_keyval)
{
    return attr_call("MPI_Comm_delete_attr", ATTR_DELETE, SMPI_ATTR_COMM, comm, comm_keyval, NULL,
                     NULL);
}
#pragma weak MPI_Comm_delete_attr = PMPI_Comm_delete_attr

int PMPI_Attr_delete(MPI_Comm comm, int keyval)
{
    return attr_call("MPI_Attr_delete", ATTR_DELETE, SMPI_ATTR_COMM, comm, keyval, NULL, NULL);
}
#pragma weak MPI_Attr_delete = PMPI_Attr_delete

int PMPI_Type_set_attr(MPI_Datatype datatype, int type_keyval, void *attribute_val)
{
    return attr_call("MPI_Type_set_attr", ATTR_SET, SMPI_ATTR_TYPE, datatype, type_keyval,
                     attribute_val, NULL);
}
#pragma weak MPI_Type_set_attr = PMPI_Type_set_attr

int PMPI_Type_get_attr(MPI_Datatype datatype, int type_keyval, void *attribute_val, int *flag)
{
    return attr_call("MPI_Type_get_attr", ATTR_GET, SMPI_ATTR_TYPE, datatype, type_keyval,
                     attribute_val, flag);
}
#pragma weak MPI_Type_get_attr = PMPI_Type_get_attr

int PMPI_Type_delete_attr(MPI_Datatype datatype, int type_keyval)
{
    return attr_call("MPI_Type_delete_attr", ATTR_DELETE, SMPI_ATTR_TYPE, datatype, type_keyval,
                     NULL, NULL);
}
#pragma weak MPI_Type_delete_attr = PMPI_Type_delete_attr

int PMPI_Win_set_attr(MPI_Win win, int win_keyval, void *attribute_val)
{
    return attr_call("MPI_Win_set_attr", ATTR_SET, SMPI_ATTR_WIN, win, win_keyval, attribute_val,
                     NULL);
}
#pragma weak MPI_Win_set_attr = PMPI_Win_set_attr

int PMPI_Win_get_attr(MPI_Win win, int win_keyval, void *attribute_val, int *flag)
{
    return attr_call("MPI_Win_get_attr", ATTR_GET, SMPI_ATTR_WIN, win, win_keyval, attribute_val,
                     flag);
}
#pragma weak MPI_Win_get_attr = PMPI_Win_get_attr

int PMPI_Win_delete_attr(MPI_Win win, int win_keyval)
{
    return attr_call("MPI_Win_delete_attr", ATTR_DELETE, SMPI_ATTR_WIN, win, win_keyval, NULL,
                     NULL);
}
#pragma weak MPI_Win_delete_attr = PMPI_Win_delete_attr
