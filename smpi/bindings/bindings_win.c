/* bindings_win: the MPI calls on window objects (MPI-3.1 section 11.2, names 6.8): creation in
 * the four flavors, shared segments, attached regions, freeing, names, info and the group.
 * Errors go through the window's error handler, or the communicator's before a window exists.
 * Operations and synchronisation: bindings_rma.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <string.h>

#include "smpi/analyze/analyze.h"
#include "smpi/bindings/check.h"
#include "smpi/mpi/win.h"

/* ---- creation ------------------------------------------------------------------------------- */

static int check_create(const char *call, MPI_Aint size, int disp_unit, MPI_Comm comm,
                        const void *win)
{
    SMPI_CHECK_INIT(call);
    SMPI_CHECK_COMM(call, comm);
    SMPI_CHECK_INTRA(call, comm);
    if (size < 0)
        return smpi__error(comm, call, MPI_ERR_SIZE, "size %ld is negative", (long)size);
    if (disp_unit <= 0)
        return smpi__error(comm, call, MPI_ERR_DISP, "disp_unit %d must be positive", disp_unit);
    SMPI_CHECK_ARG(call, comm, win);
    return MPI_SUCCESS;
}

static int create(const char *call, int flavor, void *base, MPI_Aint size, int disp_unit,
                  MPI_Info info, MPI_Comm comm, void *baseptr, MPI_Win *win)
{
    int rc;

    SMPI_CHECK(smpi__coll_order_plain(call, comm));
    smpi__enter(call);
    rc = smpi__win_create(flavor, base, size, disp_unit, info, comm, baseptr, win);
    smpi__leave();
    if (rc != MPI_SUCCESS)
        return smpi__error(comm, call, rc, "a message of the creation failed");
    smpi__handle_new(SMPI_H_WIN, *win, call);
    return MPI_SUCCESS;
}

int PMPI_Win_create(void *base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
                    MPI_Win *win)
{
    const char *call = "MPI_Win_create";

    SMPI_CHECK(check_create(call, size, disp_unit, comm, win));
    if (base == NULL && size > 0)
        return smpi__error(comm, call, MPI_ERR_BUFFER, "base is NULL with size %ld", (long)size);
    if (smpi__analyze.memory) {
        char msg[512];

        if (smpi__alloc_overflow(base, size, MPI_BYTE, "base", msg, sizeof(msg)))
            return smpi__error(comm, call, MPI_ERR_BUFFER, "%s", msg);
    }
    return create(call, MPI_WIN_FLAVOR_CREATE, base, size, disp_unit, info, comm, NULL, win);
}
#pragma weak MPI_Win_create = PMPI_Win_create

int PMPI_Win_allocate(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr,
                      MPI_Win *win)
{
    const char *call = "MPI_Win_allocate";

    SMPI_CHECK(check_create(call, size, disp_unit, comm, win));
    SMPI_CHECK_ARG(call, comm, baseptr);
    return create(call, MPI_WIN_FLAVOR_ALLOCATE, NULL, size, disp_unit, info, comm, baseptr, win);
}
#pragma weak MPI_Win_allocate = PMPI_Win_allocate

int PMPI_Win_allocate_shared(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
                             void *baseptr, MPI_Win *win)
{
    const char *call = "MPI_Win_allocate_shared";

    SMPI_CHECK(check_create(call, size, disp_unit, comm, win));
    SMPI_CHECK_ARG(call, comm, baseptr);
    return create(call, MPI_WIN_FLAVOR_SHARED, NULL, size, disp_unit, info, comm, baseptr, win);
}
#pragma weak MPI_Win_allocate_shared = PMPI_Win_allocate_shared

int PMPI_Win_create_dynamic(MPI_Info info, MPI_Comm comm, MPI_Win *win)
{
    const char *call = "MPI_Win_create_dynamic";

    SMPI_CHECK(check_create(call, 0, 1, comm, win));
    return create(call, MPI_WIN_FLAVOR_DYNAMIC, NULL, 0, 1, info, comm, NULL, win);
}
#pragma weak MPI_Win_create_dynamic = PMPI_Win_create_dynamic

int PMPI_Win_shared_query(MPI_Win win, int rank, MPI_Aint *size, int *disp_unit, void *baseptr)
{
    const char *call = "MPI_Win_shared_query";

    SMPI_CHECK_INIT(call);
    SMPI_CHECK_WIN(call, win);
    SMPI_CHECK(smpi__win_check_rank(call, win, rank, "rank"));
    if (win->flavor == MPI_WIN_FLAVOR_DYNAMIC) /* MPI-4.0: the other three flavors answer */
        return smpi__win_error(win, call, MPI_ERR_RMA_FLAVOR,
                               "%s was made by MPI_Win_create_dynamic", smpi__win_name(win));
    if (!size || !disp_unit || !baseptr)
        return smpi__win_error(win, call, MPI_ERR_ARG, "size, disp_unit or baseptr is NULL");
    return smpi__win_shared_query(win, rank, size, disp_unit, baseptr);
}
#pragma weak MPI_Win_shared_query = PMPI_Win_shared_query

int PMPI_Win_attach(MPI_Win win, void *base, MPI_Aint size)
{
    const char *call = "MPI_Win_attach";
    const char *why = "";
    int rc;

    SMPI_CHECK_INIT(call);
    SMPI_CHECK_WIN(call, win);
    if (win->flavor != MPI_WIN_FLAVOR_DYNAMIC)
        return smpi__win_error(win, call, MPI_ERR_RMA_FLAVOR,
                               "%s was not made by MPI_Win_create_dynamic", smpi__win_name(win));
    if (size < 0)
        return smpi__win_error(win, call, MPI_ERR_SIZE, "size %ld is negative", (long)size);
    if (base == NULL && size > 0)
        return smpi__win_error(win, call, MPI_ERR_BUFFER, "base is NULL with size %ld", (long)size);
    rc = smpi__win_attach(win, base, size, &why);
    if (rc != MPI_SUCCESS)
        return smpi__win_error(win, call, rc, "%s", why);
    return MPI_SUCCESS;
}
#pragma weak MPI_Win_attach = PMPI_Win_attach

int PMPI_Win_detach(MPI_Win win, const void *base)
{
    const char *call = "MPI_Win_detach";

    SMPI_CHECK_INIT(call);
    SMPI_CHECK_WIN(call, win);
    if (win->flavor != MPI_WIN_FLAVOR_DYNAMIC)
        return smpi__win_error(win, call, MPI_ERR_RMA_FLAVOR,
                               "%s was not made by MPI_Win_create_dynamic", smpi__win_name(win));
    if (smpi__win_detach(win, base) != MPI_SUCCESS)
        return smpi__win_error(win, call, MPI_ERR_RMA_ATTACH,
                               "no region attached to %s starts at %p", smpi__win_name(win), base);
    return MPI_SUCCESS;
}
#pragma weak MPI_Win_detach = PMPI_Win_detach

int PMPI_Win_free(MPI_Win *win)
{
    const char *call = "MPI_Win_free";
    char msg[256];
    int rc;

    SMPI_CHECK_INIT(call);
    SMPI_CHECK_ARG(call, MPI_COMM_WORLD, win);
    SMPI_CHECK_WIN(call, *win);
    if (smpi__rma_epoch_open(*win, msg, sizeof(msg)))
        return smpi__win_error(*win, call, MPI_ERR_RMA_SYNC, "%s", msg);
    SMPI_CHECK(smpi__coll_order_plain(call, (*win)->comm));
    smpi__handle_gone(SMPI_H_WIN, *win);
    smpi__enter(call);
    rc = smpi__win_free(*win);
    smpi__leave();
    *win = MPI_WIN_NULL;
    if (rc != MPI_SUCCESS)
        return smpi__error(MPI_COMM_WORLD, call, rc, "a barrier of the window failed");
    return MPI_SUCCESS;
}
#pragma weak MPI_Win_free = PMPI_Win_free

/* ---- names, info, group ------------------------------------------------------------------- */

/* The opening checks of the calls on a window's name, info and group: win, then their pointer
 * arguments (`given`, named `what`; MPI_ERR_ARG through the window's handler). */
static int check_win_given(const char *call, MPI_Win win, bool given, const char *what)
{
    SMPI_CHECK_INIT(call);
    SMPI_CHECK_WIN(call, win);
    if (!given)
        return smpi__win_error(win, call, MPI_ERR_ARG, "%s is NULL", what);
    return MPI_SUCCESS;
}

int PMPI_Win_set_name(MPI_Win win, const char *win_name)
{
    const char *call = "MPI_Win_set_name";

    SMPI_CHECK(check_win_given(call, win, win_name, "win_name"));
    snprintf(smpi__win_self(win)->name, MPI_MAX_OBJECT_NAME, "%s", win_name);
    return MPI_SUCCESS;
}
#pragma weak MPI_Win_set_name = PMPI_Win_set_name

int PMPI_Win_get_name(MPI_Win win, char *win_name, int *resultlen)
{
    const char *call = "MPI_Win_get_name";
    const char *name;

    SMPI_CHECK(check_win_given(call, win, win_name && resultlen, "win_name or resultlen"));
    name = smpi__win_self(win)->name;
    strcpy(win_name, name);
    *resultlen = (int)strlen(name);
    return MPI_SUCCESS;
}
#pragma weak MPI_Win_get_name = PMPI_Win_get_name

int PMPI_Win_set_info(MPI_Win win, MPI_Info info)
{
    const char *call = "MPI_Win_set_info";

    SMPI_CHECK_INIT(call);
    SMPI_CHECK_WIN(call, win);
    if (info == MPI_INFO_NULL)
        return smpi__win_error(win, call, MPI_ERR_INFO, "info is MPI_INFO_NULL");
    smpi__win_info_set(win, info);
    return MPI_SUCCESS;
}
#pragma weak MPI_Win_set_info = PMPI_Win_set_info

int PMPI_Win_get_info(MPI_Win win, MPI_Info *info_used)
{
    const char *call = "MPI_Win_get_info";

    SMPI_CHECK(check_win_given(call, win, info_used, "info_used"));
    *info_used = smpi__win_info_get(win); /* registered by its MPI_Info_create */
    return MPI_SUCCESS;
}
#pragma weak MPI_Win_get_info = PMPI_Win_get_info

int PMPI_Win_get_group(MPI_Win win, MPI_Group *group)
{
    const char *call = "MPI_Win_get_group";

    SMPI_CHECK(check_win_given(call, win, group, "group"));
    *group = smpi__comm_group(win->comm);
    smpi__handle_new(SMPI_H_GROUP, *group, call);
    return MPI_SUCCESS;
}
#pragma weak MPI_Win_get_group = PMPI_Win_get_group
