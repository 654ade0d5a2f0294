/* bindings_mpit_event: the event calls of the tool interface (MPI-4.0 section 15.3.8) over
 * mpit_event.c: the event types and their categories, the one source (simulated time in
 * nanoseconds), registrations and their callbacks, and the instances a callback is given (a
 * category's events: bindings_mpit.c, with its variables). Like
 * every MPI_T call they work between MPI_T_init_thread and MPI_T_finalize and return error
 * codes (MPI_T_ERR_INVALID_INDEX, MPI_T_ERR_INVALID_HANDLE, MPI_ERR_ARG) without calling an
 * error handler. No info key is recognised: the info objects given are accepted and the ones
 * asked for are empty. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <limits.h>
#include <string.h>

#include "smpi/internal.h"
#include "smpi/mpi/mpit.h"

#define SOURCE_NAME "simulated_clock"

static bool event_index_valid(int i)
{
    return i >= 0 && i < smpi__mpit_event_count();
}

/* A new empty info for an MPI_Info * result, when one is asked for. */
static void empty_info(MPI_Info *info)
{
    if (info)
        *info = smpi__info_new();
}

/* ---- event types ------------------------------------------------------------------------ */

int PMPI_T_event_get_num(int *num_events)
{
    return smpi__mpit_put_num(num_events, smpi__mpit_event_count());
}
#pragma weak MPI_T_event_get_num = PMPI_T_event_get_num

int PMPI_T_event_get_info(int event_index, char *name, int *name_len, int *verbosity,
                          MPI_Datatype array_of_datatypes[], MPI_Aint array_of_displacements[],
                          int *num_elements, MPI_T_enum *enumtype, MPI_Info *info, char *desc,
                          int *desc_len, int *bind)
{
    struct smpi_mpit_event e;

    T_CHECK_INIT();
    if (!event_index_valid(event_index))
        return MPI_T_ERR_INVALID_INDEX;
    smpi__mpit_event(event_index, &e);
    smpi__mpit_put_str(e.name, name, name_len);
    smpi__mpit_put_str(e.desc, desc, desc_len);
    smpi__mpit_put_int(verbosity,
                       e.enum_kind < 0 ? MPI_T_VERBOSITY_USER_BASIC : MPI_T_VERBOSITY_TUNER_BASIC);
    if (num_elements) { /* in: the length of the arrays; out: the event's elements */
        for (int j = 0; j < e.nelems && j < *num_elements; j++) {
            if (array_of_datatypes)
                array_of_datatypes[j] = e.types[j];
            if (array_of_displacements)
                array_of_displacements[j] = e.displs[j];
        }
        *num_elements = e.nelems;
    }
    if (enumtype)
        *enumtype = smpi__mpit_enum(e.enum_kind);
    empty_info(info);
    smpi__mpit_put_int(bind, MPI_T_BIND_NO_OBJECT);
    return MPI_SUCCESS;
}
#pragma weak MPI_T_event_get_info = PMPI_T_event_get_info

int PMPI_T_event_get_index(const char *name, int *event_index)
{
    struct smpi_mpit_event e;

    T_CHECK_INIT();
    if (!name || !event_index)
        return MPI_ERR_ARG;
    for (int i = 0; i < smpi__mpit_event_count(); i++) {
        smpi__mpit_event(i, &e);
        if (strcmp(e.name, name) == 0) {
            *event_index = i;
            return MPI_SUCCESS;
        }
    }
    return MPI_T_ERR_INVALID_NAME;
}
#pragma weak MPI_T_event_get_index = PMPI_T_event_get_index

/* ---- the source ------------------------------------------------------------------------- */

int PMPI_T_source_get_num(int *num_sources)
{
    return smpi__mpit_put_num(num_sources, 1);
}
#pragma weak MPI_T_source_get_num = PMPI_T_source_get_num

int PMPI_T_source_get_info(int source_index, char *name, int *name_len, char *desc, int *desc_len,
                           MPI_T_source_order *ordering, MPI_Count *ticks_per_second,
                           MPI_Count *max_ticks, MPI_Info *info)
{
    T_CHECK_INIT();
    if (source_index != 0)
        return MPI_T_ERR_INVALID_INDEX;
    smpi__mpit_put_str(SOURCE_NAME, name, name_len);
    smpi__mpit_put_str("the simulated time of the run, in nanoseconds: every event's timestamp",
                       desc, desc_len);
    if (ordering)
        *ordering = MPI_T_SOURCE_ORDERED;
    if (ticks_per_second)
        *ticks_per_second = 1000000000;
    if (max_ticks)
        *max_ticks = LLONG_MAX;
    empty_info(info);
    return MPI_SUCCESS;
}
#pragma weak MPI_T_source_get_info = PMPI_T_source_get_info

int PMPI_T_source_get_timestamp(int source_index, MPI_Count *timestamp)
{
    T_CHECK_INIT();
    if (source_index != 0)
        return MPI_T_ERR_INVALID_INDEX;
    if (!timestamp)
        return MPI_ERR_ARG;
    *timestamp = smpi__mpit_source_now();
    return MPI_SUCCESS;
}
#pragma weak MPI_T_source_get_timestamp = PMPI_T_source_get_timestamp

/* ---- registrations ---------------------------------------------------------------------- */

#define T_CHECK_REG(reg)                                                                           \
    do {                                                                                           \
        T_CHECK_INIT();                                                                            \
        if (!smpi__mpit_registration_valid(reg))                                                   \
            return MPI_T_ERR_INVALID_HANDLE;                                                       \
    } while (0)

int PMPI_T_event_handle_alloc(int event_index, void *obj_handle, MPI_Info info,
                              MPI_T_event_registration *event_registration)
{
    (void)obj_handle, (void)info; /* every event is bound to no object; no info key is known */
    T_CHECK_INIT();
    if (!event_index_valid(event_index))
        return MPI_T_ERR_INVALID_INDEX;
    if (!event_registration)
        return MPI_ERR_ARG;
    *event_registration = smpi__mpit_registration_new(event_index);
    return MPI_SUCCESS;
}
#pragma weak MPI_T_event_handle_alloc = PMPI_T_event_handle_alloc

int PMPI_T_event_handle_set_info(MPI_T_event_registration event_registration, MPI_Info info)
{
    (void)info;
    T_CHECK_REG(event_registration);
    return MPI_SUCCESS;
}
#pragma weak MPI_T_event_handle_set_info = PMPI_T_event_handle_set_info

int PMPI_T_event_handle_get_info(MPI_T_event_registration event_registration, MPI_Info *info_used)
{
    T_CHECK_REG(event_registration);
    if (!info_used)
        return MPI_ERR_ARG;
    empty_info(info_used);
    return MPI_SUCCESS;
}
#pragma weak MPI_T_event_handle_get_info = PMPI_T_event_handle_get_info

int PMPI_T_event_register_callback(MPI_T_event_registration event_registration,
                                   MPI_T_cb_safety cb_safety, MPI_Info info, void *user_data,
                                   MPI_T_event_cb_function event_cb_function)
{
    (void)info;
    T_CHECK_REG(event_registration);
    return smpi__mpit_register_callback(event_registration, cb_safety, event_cb_function,
                                        user_data);
}
#pragma weak MPI_T_event_register_callback = PMPI_T_event_register_callback

int PMPI_T_event_callback_set_info(MPI_T_event_registration event_registration,
                                   MPI_T_cb_safety cb_safety, MPI_Info info)
{
    (void)info;
    T_CHECK_REG(event_registration);
    if ((int)cb_safety < MPI_T_CB_REQUIRE_NONE || cb_safety > MPI_T_CB_REQUIRE_ASYNC_SIGNAL_SAFE)
        return MPI_ERR_ARG;
    return MPI_SUCCESS;
}
#pragma weak MPI_T_event_callback_set_info = PMPI_T_event_callback_set_info

int PMPI_T_event_callback_get_info(MPI_T_event_registration event_registration,
                                   MPI_T_cb_safety cb_safety, MPI_Info *info_used)
{
    T_CHECK_REG(event_registration);
    if ((int)cb_safety < MPI_T_CB_REQUIRE_NONE || cb_safety > MPI_T_CB_REQUIRE_ASYNC_SIGNAL_SAFE ||
        !info_used)
        return MPI_ERR_ARG;
    empty_info(info_used);
    return MPI_SUCCESS;
}
#pragma weak MPI_T_event_callback_get_info = PMPI_T_event_callback_get_info

int PMPI_T_event_handle_free(MPI_T_event_registration event_registration, void *user_data,
                             MPI_T_event_free_cb_function free_cb_function)
{
    T_CHECK_REG(event_registration);
    /* no instance is ever pending: the handle can go at once */
    if (free_cb_function)
        free_cb_function(event_registration, MPI_T_CB_REQUIRE_NONE, user_data);
    smpi__mpit_registration_free(event_registration);
    return MPI_SUCCESS;
}
#pragma weak MPI_T_event_handle_free = PMPI_T_event_handle_free

int PMPI_T_event_set_dropped_handler(MPI_T_event_registration event_registration,
                                     MPI_T_event_dropped_cb_function dropped_cb_function)
{
    T_CHECK_REG(event_registration);
    smpi__mpit_set_dropped(event_registration, dropped_cb_function);
    return MPI_SUCCESS;
}
#pragma weak MPI_T_event_set_dropped_handler = PMPI_T_event_set_dropped_handler

/* ---- instances (valid only inside the callback they are given to) ----------------------- */

/* Checks an instance and the pointer a result goes to: MPI_SUCCESS with the instance's data in
 * *data, its event described in *e and its timestamp in *ts; MPI_T_ERR_INVALID_HANDLE for an
 * invalid instance; MPI_ERR_ARG for a NULL result pointer. */
static int instance(MPI_T_event_instance inst, const void *result, const char **data,
                    struct smpi_mpit_event *e, MPI_Count *ts)
{
    int event;

    T_CHECK_INIT();
    *data = smpi__mpit_instance(inst, &event, ts);
    if (!*data)
        return MPI_T_ERR_INVALID_HANDLE;
    smpi__mpit_event(event, e);
    return result ? MPI_SUCCESS : MPI_ERR_ARG;
}

/* What MPI_T_event_read (element `element`), _copy, _get_timestamp and _get_source give of an
 * instance, into out. */
enum instance_part { ELEMENT, WHOLE, TIMESTAMP, SOURCE };

static int instance_part(MPI_T_event_instance inst, enum instance_part part, int element, void *out)
{
    struct smpi_mpit_event e;
    MPI_Count ts;
    const char *data;
    int rc = instance(inst, out, &data, &e, &ts);

    if (rc != MPI_SUCCESS)
        return rc;
    if (part == ELEMENT && (element < 0 || element >= e.nelems))
        return MPI_T_ERR_INVALID_INDEX;
    if (part == ELEMENT)
        memcpy(out, data + e.displs[element],
               e.types[element] == MPI_COUNT ? sizeof(MPI_Count) : sizeof(int));
    else if (part == WHOLE)
        memcpy(out, data, e.size);
    else if (part == TIMESTAMP)
        *(MPI_Count *)out = ts;
    else
        *(int *)out = 0; /* the one source */
    return MPI_SUCCESS;
}

int PMPI_T_event_read(MPI_T_event_instance event_instance, int element_index, void *buffer)
{
    return instance_part(event_instance, ELEMENT, element_index, buffer);
}
#pragma weak MPI_T_event_read = PMPI_T_event_read

int PMPI_T_event_copy(MPI_T_event_instance event_instance, void *buffer)
{
    return instance_part(event_instance, WHOLE, 0, buffer);
}
#pragma weak MPI_T_event_copy = PMPI_T_event_copy

int PMPI_T_event_get_timestamp(MPI_T_event_instance event_instance, MPI_Count *event_timestamp)
{
    return instance_part(event_instance, TIMESTAMP, 0, event_timestamp);
}
#pragma weak MPI_T_event_get_timestamp = PMPI_T_event_get_timestamp

int PMPI_T_event_get_source(MPI_T_event_instance event_instance, int *source_index)
{
    return instance_part(event_instance, SOURCE, 0, source_index);
}
#pragma weak MPI_T_event_get_source = PMPI_T_event_get_source
