/* bindings_mpit: the tool interface (MPI-4.0 chapter 15) over the variables of mpit.c. Its
 * calls work before MPI_Init and after MPI_Finalize, between a rank's MPI_T_init_thread and
 * its matching MPI_T_finalize (counted per rank); they return error codes and never call an
 * error handler. Handles and sessions belong to the rank that made them. Events and their
 * source: bindings_mpit_event.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>
#include <string.h>

#include "smpi/internal.h"
#include "smpi/mpi/mpit.h"

#define CVAR_MAGIC 0x6376u

struct smpi_t_enum {
    int kind; /* the collective whose algorithms it lists */
};

struct smpi_t_cvar_handle {
    unsigned magic;
    int index;
    int count;
};

static struct smpi_t_enum enums[COLL_NKINDS];
static int *inits; /* per world rank: MPI_T_init_thread calls not yet finalized */

static int rank_of_caller(void)
{
    struct smpi_process *p = smpi__self();

    return p ? p->rank : 0;
}

static int *inits_of_caller(void)
{
    if (!inits)
        inits = sim_xcalloc((size_t)smpi__procs_cap(), sizeof(int));
    return &inits[rank_of_caller()];
}

bool smpi__mpit_initialized(void)
{
    return *inits_of_caller() > 0;
}

void smpi__mpit_put_str(const char *s, char *buf, int *len)
{
    int full = (int)strlen(s) + 1;

    if (!len)
        return;
    if (!buf || *len <= 0) {
        *len = full;
        return;
    }
    snprintf(buf, (size_t)*len, "%s", s);
    *len = full < *len ? full : *len;
}

void smpi__mpit_put_int(int *p, int v)
{
    if (p)
        *p = v;
}

int smpi__mpit_put_num(int *out, int n)
{
    T_CHECK_INIT();
    if (!out)
        return MPI_ERR_ARG;
    *out = n;
    return MPI_SUCCESS;
}

int PMPI_T_init_thread(int required, int *provided)
{
    if (provided)
        *provided = required < MPI_THREAD_SINGLE     ? MPI_THREAD_SINGLE
                    : required > MPI_THREAD_MULTIPLE ? MPI_THREAD_MULTIPLE
                                                     : required;
    ++*inits_of_caller();
    return MPI_SUCCESS;
}
#pragma weak MPI_T_init_thread = PMPI_T_init_thread

int PMPI_T_finalize(void)
{
    T_CHECK_INIT();
    --*inits_of_caller();
    return MPI_SUCCESS;
}
#pragma weak MPI_T_finalize = PMPI_T_finalize

/* ---- enumerations ----------------------------------------------------------------------- */

static int check_enum(MPI_T_enum e)
{
    T_CHECK_INIT();
    if (!e || e < enums || e >= enums + COLL_NKINDS)
        return MPI_T_ERR_INVALID_HANDLE;
    return MPI_SUCCESS;
}

MPI_T_enum smpi__mpit_enum(int kind)
{
    if (kind < 0)
        return MPI_T_ENUM_NULL;
    enums[kind].kind = kind;
    return &enums[kind];
}

int PMPI_T_enum_get_info(MPI_T_enum enumtype, int *num, char *name, int *name_len)
{
    char text[64];
    int rc = check_enum(enumtype);

    if (rc != MPI_SUCCESS)
        return rc;
    snprintf(text, sizeof(text), "smpi_coll_%s_algorithms", coll_descs[enumtype->kind].name);
    smpi__mpit_put_int(num, smpi__mpit_enum_items(enumtype->kind));
    smpi__mpit_put_str(text, name, name_len);
    return MPI_SUCCESS;
}
#pragma weak MPI_T_enum_get_info = PMPI_T_enum_get_info

int PMPI_T_enum_get_item(MPI_T_enum enumtype, int index, int *value, char *name, int *name_len)
{
    const char *text;
    int v;
    int rc = check_enum(enumtype);

    if (rc != MPI_SUCCESS)
        return rc;
    if (index < 0 || index >= smpi__mpit_enum_items(enumtype->kind))
        return MPI_T_ERR_INVALID_ITEM;
    smpi__mpit_enum_item(enumtype->kind, index, &text, &v);
    smpi__mpit_put_int(value, v);
    smpi__mpit_put_str(text, name, name_len);
    return MPI_SUCCESS;
}
#pragma weak MPI_T_enum_get_item = PMPI_T_enum_get_item

/* ---- control variables ------------------------------------------------------------------ */

int PMPI_T_cvar_get_num(int *num_cvar)
{
    return smpi__mpit_put_num(num_cvar, smpi__mpit_cvar_count());
}
#pragma weak MPI_T_cvar_get_num = PMPI_T_cvar_get_num

int smpi__mpit_var_info(bool pvar, int index, struct smpi_mpit_var *v, char *name, int *name_len,
                        int *verbosity, MPI_Datatype *datatype, MPI_T_enum *enumtype, char *desc,
                        int *desc_len, int *bind)
{
    T_CHECK_INIT();
    if (index < 0 || index >= (pvar ? smpi__mpit_pvar_count() : smpi__mpit_cvar_count()))
        return MPI_T_ERR_INVALID_INDEX;
    if (pvar)
        smpi__mpit_pvar(index, v);
    else
        smpi__mpit_cvar(index, v);
    smpi__mpit_put_str(v->name, name, name_len);
    smpi__mpit_put_int(verbosity, v->verbosity);
    if (datatype)
        *datatype = v->type;
    if (enumtype)
        *enumtype = smpi__mpit_enum(v->enum_kind);
    smpi__mpit_put_str(v->desc, desc, desc_len);
    smpi__mpit_put_int(bind, MPI_T_BIND_NO_OBJECT);
    return MPI_SUCCESS;
}

int smpi__mpit_var_index(bool pvar, const char *name, int var_class, int *index)
{
    struct smpi_mpit_var v;
    int n;

    T_CHECK_INIT();
    if (!name || !index)
        return MPI_ERR_ARG;
    n = pvar ? smpi__mpit_pvar_count() : smpi__mpit_cvar_count();
    for (int i = 0; i < n; i++) {
        if (pvar)
            smpi__mpit_pvar(i, &v);
        else
            smpi__mpit_cvar(i, &v);
        if ((!pvar || v.var_class == var_class) && strcmp(v.name, name) == 0) {
            *index = i;
            return MPI_SUCCESS;
        }
    }
    return MPI_T_ERR_INVALID_NAME;
}

int PMPI_T_cvar_get_info(int cvar_index, char *name, int *name_len, int *verbosity,
                         MPI_Datatype *datatype, MPI_T_enum *enumtype, char *desc, int *desc_len,
                         int *bind, int *scope)
{
    struct smpi_mpit_var v;
    int rc = smpi__mpit_var_info(false, cvar_index, &v, name, name_len, verbosity, datatype,
                                 enumtype, desc, desc_len, bind);

    if (rc == MPI_SUCCESS)
        smpi__mpit_put_int(scope, v.scope);
    return rc;
}
#pragma weak MPI_T_cvar_get_info = PMPI_T_cvar_get_info

int PMPI_T_cvar_get_index(const char *name, int *cvar_index)
{
    return smpi__mpit_var_index(false, name, 0, cvar_index);
}
#pragma weak MPI_T_cvar_get_index = PMPI_T_cvar_get_index

int PMPI_T_cvar_handle_alloc(int cvar_index, void *obj_handle, MPI_T_cvar_handle *handle,
                             int *count)
{
    struct smpi_mpit_var v;

    (void)obj_handle; /* every variable is MPI_T_BIND_NO_OBJECT */
    T_CHECK_INIT();
    if (cvar_index < 0 || cvar_index >= smpi__mpit_cvar_count())
        return MPI_T_ERR_INVALID_INDEX;
    if (!handle || !count)
        return MPI_ERR_ARG;
    smpi__mpit_cvar(cvar_index, &v);
    *handle = sim_xcalloc(1, sizeof(**handle));
    **handle = (struct smpi_t_cvar_handle){ CVAR_MAGIC, cvar_index, v.count };
    *count = v.count;
    return MPI_SUCCESS;
}
#pragma weak MPI_T_cvar_handle_alloc = PMPI_T_cvar_handle_alloc

static int check_cvar(MPI_T_cvar_handle h)
{
    T_CHECK_INIT();
    if (h == MPI_T_CVAR_HANDLE_NULL || h->magic != CVAR_MAGIC)
        return MPI_T_ERR_INVALID_HANDLE;
    return MPI_SUCCESS;
}

int PMPI_T_cvar_handle_free(MPI_T_cvar_handle *handle)
{
    int rc = handle ? check_cvar(*handle) : MPI_ERR_ARG;

    if (rc != MPI_SUCCESS)
        return rc;
    (*handle)->magic = 0;
    free(*handle);
    *handle = MPI_T_CVAR_HANDLE_NULL;
    return MPI_SUCCESS;
}
#pragma weak MPI_T_cvar_handle_free = PMPI_T_cvar_handle_free

int PMPI_T_cvar_read(MPI_T_cvar_handle handle, void *buf)
{
    int rc = check_cvar(handle);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!buf)
        return MPI_ERR_ARG;
    smpi__mpit_cvar_read(handle->index, buf, (size_t)handle->count);
    return MPI_SUCCESS;
}
#pragma weak MPI_T_cvar_read = PMPI_T_cvar_read

int PMPI_T_cvar_write(MPI_T_cvar_handle handle, const void *buf)
{
    int rc = check_cvar(handle);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!buf)
        return MPI_ERR_ARG;
    return smpi__mpit_cvar_write(handle->index, buf);
}
#pragma weak MPI_T_cvar_write = PMPI_T_cvar_write

/* ---- categories ------------------------------------------------------------------------- */

int PMPI_T_category_get_num(int *num_cat)
{
    return smpi__mpit_put_num(num_cat, smpi__mpit_category_count());
}
#pragma weak MPI_T_category_get_num = PMPI_T_category_get_num

int PMPI_T_category_get_info(int cat_index, char *name, int *name_len, char *desc, int *desc_len,
                             int *num_cvars, int *num_pvars, int *num_categories)
{
    const char *d;

    T_CHECK_INIT();
    if (cat_index < 0 || cat_index >= smpi__mpit_category_count())
        return MPI_T_ERR_INVALID_INDEX;
    smpi__mpit_put_str(smpi__mpit_category(cat_index, &d), name, name_len);
    smpi__mpit_put_str(d, desc, desc_len);
    smpi__mpit_put_int(num_cvars, smpi__mpit_category_vars(cat_index, false, NULL, 0));
    smpi__mpit_put_int(num_pvars, smpi__mpit_category_vars(cat_index, true, NULL, 0));
    smpi__mpit_put_int(num_categories, 0);
    return MPI_SUCCESS;
}
#pragma weak MPI_T_category_get_info = PMPI_T_category_get_info

int PMPI_T_category_get_index(const char *name, int *cat_index)
{
    const char *d;

    T_CHECK_INIT();
    if (!name || !cat_index)
        return MPI_ERR_ARG;
    for (int i = 0; i < smpi__mpit_category_count(); i++)
        if (strcmp(smpi__mpit_category(i, &d), name) == 0) {
            *cat_index = i;
            return MPI_SUCCESS;
        }
    return MPI_T_ERR_INVALID_NAME;
}
#pragma weak MPI_T_category_get_index = PMPI_T_category_get_index

enum member { CVARS, PVARS, EVENTS };

/* The members of a category: the first len of them into indices; how many there are into *num
 * when num_wanted (MPI_ERR_ARG when num is then NULL). */
static int category_members(int cat_index, enum member m, int len, int indices[], bool num_wanted,
                            int *num)
{
    int n;

    T_CHECK_INIT();
    if (cat_index < 0 || cat_index >= smpi__mpit_category_count())
        return MPI_T_ERR_INVALID_INDEX;
    if (len < 0 || (len > 0 && !indices) || (num_wanted && !num))
        return MPI_ERR_ARG;
    n = m == EVENTS ? smpi__mpit_category_events(cat_index, indices, len)
                    : smpi__mpit_category_vars(cat_index, m == PVARS, indices, len);
    if (num)
        *num = n;
    return MPI_SUCCESS;
}

int PMPI_T_category_get_cvars(int cat_index, int len, int indices[])
{
    return category_members(cat_index, CVARS, len, indices, false, NULL);
}
#pragma weak MPI_T_category_get_cvars = PMPI_T_category_get_cvars

int PMPI_T_category_get_pvars(int cat_index, int len, int indices[])
{
    return category_members(cat_index, PVARS, len, indices, false, NULL);
}
#pragma weak MPI_T_category_get_pvars = PMPI_T_category_get_pvars

int PMPI_T_category_get_events(int cat_index, int len, int indices[])
{
    return category_members(cat_index, EVENTS, len, indices, false, NULL);
}
#pragma weak MPI_T_category_get_events = PMPI_T_category_get_events

int PMPI_T_category_get_num_events(int cat_index, int *num_events)
{
    return category_members(cat_index, EVENTS, 0, NULL, true, num_events);
}
#pragma weak MPI_T_category_get_num_events = PMPI_T_category_get_num_events

int PMPI_T_category_get_categories(int cat_index, int len, int indices[])
{
    (void)indices; /* no category holds another */
    return category_members(cat_index, PVARS, len < 0 ? len : 0, NULL, false, NULL);
}
#pragma weak MPI_T_category_get_categories = PMPI_T_category_get_categories

int PMPI_T_category_changed(int *stamp)
{
    T_CHECK_INIT();
    if (!stamp)
        return MPI_ERR_ARG;
    *stamp = 0; /* the categories are the same for the whole run */
    return MPI_SUCCESS;
}
#pragma weak MPI_T_category_changed = PMPI_T_category_changed
