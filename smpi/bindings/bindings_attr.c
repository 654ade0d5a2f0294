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

int PMPI_Comm_free_keyval(int *comm_keyval)
{
    SMPI_CHECK_INIT("MPI_Comm_free_keyval");
    SMPI_CHECK(smpi__check_arg("MPI_Comm_free_keyval", MPI_COMM_WORLD, comm_keyval, "keyval"));
    return smpi__keyval_free("MPI_Comm_free_keyval", SMPI_ATTR_COMM, comm_keyval);
}
#pragma weak MPI_Comm_free_keyval = PMPI_Comm_free_keyval

int PMPI_Keyval_free(int *keyval)
{
    SMPI_CHECK_INIT("MPI_Keyval_free");
    SMPI_CHECK(smpi__check_arg("MPI_Keyval_free", MPI_COMM_WORLD, keyval, "keyval"));
    return smpi__keyval_free("MPI_Keyval_free", SMPI_ATTR_COMM, keyval);
}
#pragma weak MPI_Keyval_free = PMPI_Keyval_free

int PMPI_Type_free_keyval(int *type_keyval)
{
    SMPI_CHECK_INIT("MPI_Type_free_keyval");
    SMPI_CHECK(smpi__check_arg("MPI_Type_free_keyval", MPI_COMM_WORLD, type_keyval, "keyval"));
    return smpi__keyval_free("MPI_Type_free_keyval", SMPI_ATTR_TYPE, type_keyval);
}
#pragma weak MPI_Type_free_keyval = PMPI_Type_free_keyval

int PMPI_Win_free_keyval(int *win_keyval)
{
    SMPI_CHECK_INIT("MPI_Win_free_keyval");
    SMPI_CHECK(smpi__check_arg("MPI_Win_free_keyval", MPI_COMM_WORLD, win_keyval, "keyval"));
    return smpi__keyval_free("MPI_Win_free_keyval", SMPI_ATTR_WIN, win_keyval);
}
#pragma weak MPI_Win_free_keyval = PMPI_Win_free_keyval

int PMPI_Comm_set_attr(MPI_Comm comm, int comm_keyval, void *attribute_val)
{
    SMPI_CHECK_INIT("MPI_Comm_set_attr");
    SMPI_CHECK_COMM("MPI_Comm_set_attr", comm);
    return smpi__attr_put("MPI_Comm_set_attr", comm, MPI_WIN_NULL, SMPI_ATTR_COMM, comm,
                          &comm->attrs, comm_keyval, attribute_val);
}
#pragma weak MPI_Comm_set_attr = PMPI_Comm_set_attr

int PMPI_Attr_put(MPI_Comm comm, int keyval, void *attribute_val)
{
    SMPI_CHECK_INIT("MPI_Attr_put");
    SMPI_CHECK_COMM("MPI_Attr_put", comm);
    return smpi__attr_put("MPI_Attr_put", comm, MPI_WIN_NULL, SMPI_ATTR_COMM, comm, &comm->attrs,
                          keyval, attribute_val);
}
#pragma weak MPI_Attr_put = PMPI_Attr_put

int PMPI_Comm_get_attr(MPI_Comm comm, int comm_keyval, void *attribute_val, int *flag)
{
    SMPI_CHECK_INIT("MPI_Comm_get_attr");
    SMPI_CHECK_COMM("MPI_Comm_get_attr", comm);
    return smpi__attr_get("MPI_Comm_get_attr", comm, MPI_WIN_NULL, SMPI_ATTR_COMM, comm->attrs,
                          comm_keyval, attribute_val, flag);
}
#pragma weak MPI_Comm_get_attr = PMPI_Comm_get_attr

int PMPI_Attr_get(MPI_Comm comm, int keyval, void *attribute_val, int *flag)
{
    SMPI_CHECK_INIT("MPI_Attr_get");
    SMPI_CHECK_COMM("MPI_Attr_get", comm);
    return smpi__attr_get("MPI_Attr_get", comm, MPI_WIN_NULL, SMPI_ATTR_COMM, comm->attrs, keyval,
                          attribute_val, flag);
}
#pragma weak MPI_Attr_get = PMPI_Attr_get

int PMPI_Comm_delete_attr(MPI_Comm comm, int comm_keyval)
{
    SMPI_CHECK_INIT("MPI_Comm_delete_attr");
    SMPI_CHECK_COMM("MPI_Comm_delete_attr", comm);
    return smpi__attr_remove("MPI_Comm_delete_attr", comm, MPI_WIN_NULL, SMPI_ATTR_COMM, comm,
                             &comm->attrs, comm_keyval);
}
#pragma weak MPI_Comm_delete_attr = PMPI_Comm_delete_attr

int PMPI_Attr_delete(MPI_Comm comm, int keyval)
{
    SMPI_CHECK_INIT("MPI_Attr_delete");
    SMPI_CHECK_COMM("MPI_Attr_delete", comm);
    return smpi__attr_remove("MPI_Attr_delete", comm, MPI_WIN_NULL, SMPI_ATTR_COMM, comm,
                             &comm->attrs, keyval);
}
#pragma weak MPI_Attr_delete = PMPI_Attr_delete

int PMPI_Type_set_attr(MPI_Datatype datatype, int type_keyval, void *attribute_val)
{
    SMPI_CHECK_INIT("MPI_Type_set_attr");
    if (datatype == MPI_DATATYPE_NULL) /* uncommitted types may carry attributes */
        return smpi__error(MPI_COMM_WORLD, "MPI_Type_set_attr", MPI_ERR_TYPE,
                           "datatype is MPI_DATATYPE_NULL");
    return smpi__attr_put("MPI_Type_set_attr", MPI_COMM_WORLD, MPI_WIN_NULL, SMPI_ATTR_TYPE,
                          datatype, &datatype->attrs, type_keyval, attribute_val);
}
#pragma weak MPI_Type_set_attr = PMPI_Type_set_attr

int PMPI_Type_get_attr(MPI_Datatype datatype, int type_keyval, void *attribute_val, int *flag)
{
    SMPI_CHECK_INIT("MPI_Type_get_attr");
    if (datatype == MPI_DATATYPE_NULL) /* uncommitted types may carry attributes */
        return smpi__error(MPI_COMM_WORLD, "MPI_Type_get_attr", MPI_ERR_TYPE,
                           "datatype is MPI_DATATYPE_NULL");
    return smpi__attr_get("MPI_Type_get_attr", MPI_COMM_WORLD, MPI_WIN_NULL, SMPI_ATTR_TYPE,
                          datatype->attrs, type_keyval, attribute_val, flag);
}
#pragma weak MPI_Type_get_attr = PMPI_Type_get_attr

int PMPI_Type_delete_attr(MPI_Datatype datatype, int type_keyval)
{
    SMPI_CHECK_INIT("MPI_Type_delete_attr");
    if (datatype == MPI_DATATYPE_NULL) /* uncommitted types may carry attributes */
        return smpi__error(MPI_COMM_WORLD, "MPI_Type_delete_attr", MPI_ERR_TYPE,
                           "datatype is MPI_DATATYPE_NULL");
    return smpi__attr_remove("MPI_Type_delete_attr", MPI_COMM_WORLD, MPI_WIN_NULL, SMPI_ATTR_TYPE,
                             datatype, &datatype->attrs, type_keyval);
}
#pragma weak MPI_Type_delete_attr = PMPI_Type_delete_attr

/* Window attributes: the predefined ones (MPI_WIN_BASE, ...) come from win.c. */
int PMPI_Win_set_attr(MPI_Win win, int win_keyval, void *attribute_val)
{
    SMPI_CHECK_INIT("MPI_Win_set_attr");
    SMPI_CHECK_WIN("MPI_Win_set_attr", win);
    return smpi__attr_put("MPI_Win_set_attr", MPI_COMM_WORLD, win, SMPI_ATTR_WIN, win,
                          smpi__win_attrs(win), win_keyval, attribute_val);
}
#pragma weak MPI_Win_set_attr = PMPI_Win_set_attr

int PMPI_Win_get_attr(MPI_Win win, int win_keyval, void *attribute_val, int *flag)
{
    SMPI_CHECK_INIT("MPI_Win_get_attr");
    SMPI_CHECK_WIN("MPI_Win_get_attr", win);
    if (attribute_val && flag &&
        smpi__win_predefined_attr(win, win_keyval, (void **)attribute_val)) {
        *flag = 1;
        return MPI_SUCCESS;
    }
    return smpi__attr_get("MPI_Win_get_attr", MPI_COMM_WORLD, win, SMPI_ATTR_WIN,
                          *smpi__win_attrs(win), win_keyval, attribute_val, flag);
}
#pragma weak MPI_Win_get_attr = PMPI_Win_get_attr

int PMPI_Win_delete_attr(MPI_Win win, int win_keyval)
{
    SMPI_CHECK_INIT("MPI_Win_delete_attr");
    SMPI_CHECK_WIN("MPI_Win_delete_attr", win);
    return smpi__attr_remove("MPI_Win_delete_attr", MPI_COMM_WORLD, win, SMPI_ATTR_WIN, win,
                             smpi__win_attrs(win), win_keyval);
}
#pragma weak MPI_Win_delete_attr = PMPI_Win_delete_attr
