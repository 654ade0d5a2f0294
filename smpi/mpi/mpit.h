/* mpit: the variables of the tool interface (MPI-4.0 chapter 15), private to smpi: the control
 * variables (one per --cfg item, one per smpi/<collective>), the performance variables (the
 * counters simmpi keeps per rank), their categories and enumerations. The bindings
 * (bindings_mpit.c) add the handles, sessions and argument checks. */
#ifndef SMPI_MPI_MPIT_H
#define SMPI_MPI_MPIT_H

#include <stdbool.h>
#include <stddef.h>

#include "collectives/collectives.h"

/* What describes a variable or category: its name, description and place. */
struct smpi_mpit_var {
    const char *name;
    const char *desc;
    int verbosity;     /* MPI_T_VERBOSITY_* */
    MPI_Datatype type; /* of one element */
    int count;         /* elements (of an MPI_CHAR variable: the bytes its text may take) */
    int enum_kind;     /* the collective whose algorithms enumerate its values, or -1 */
    int scope;         /* cvars: MPI_T_SCOPE_* */
    int var_class;     /* pvars: MPI_T_PVAR_CLASS_* */
    bool readonly;     /* pvars: cannot be reset or written */
    bool continuous;   /* pvars: always counting, no start or stop */
    int category;
};

/* Control variables: how many; the i-th (0 <= i < count); the text of its value; a write
 * (MPI_SUCCESS, MPI_T_ERR_CVAR_SET_NEVER for an item fixed for the run, MPI_T_ERR_INVALID for a
 * value the item does not accept; the change applies to every rank, as --cfg does). */
int smpi__mpit_cvar_count(void);
void smpi__mpit_cvar(int i, struct smpi_mpit_var *out);
void smpi__mpit_cvar_read(int i, char *buf, size_t len);
int smpi__mpit_cvar_write(int i, const char *value);

/* Performance variables: how many; the i-th; its value at world rank `rank`, count elements
 * into out (unsigned long long, unsigned or int as its type says). */
int smpi__mpit_pvar_count(void);
void smpi__mpit_pvar(int i, struct smpi_mpit_var *out);
void smpi__mpit_pvar_read(int i, int rank, void *out);

/* Categories: how many; the name and description of the i-th; the variables in it (cvars when
 * pvars is false), written to idx (at most len), returning how many there are. */
int smpi__mpit_category_count(void);
const char *smpi__mpit_category(int i, const char **desc);
int smpi__mpit_category_vars(int i, bool pvars, int *idx, int len);

/* The enumeration of collective k's algorithms: its items are the algorithms in table order
 * (value i), then "other" (the automatic selector, which runs every algorithm, or a selector's
 * step that sends nothing) and "none" (no call yet, value -1). Returns the number of items; *name,
 * *value of item `item`. */
int smpi__mpit_enum_items(int k);
void smpi__mpit_enum_item(int k, int item, const char **name, int *value);

/* The counters and events (p2p.c's sends: world ranks of both ends, the tag, the bytes;
 * coll_run_call's observer). */
void smpi__mpit_sent(int rank, int dst, int tag, size_t bytes);
void smpi__mpit_coll_call(enum coll_kind k, const struct coll_algo *algo);
/* The category of that name (one the variables made: "messages", "collectives", ...). */
int smpi__mpit_category_named(const char *name);

/* ---- events (mpit_event.c; MPI-4.0 section 15.3.8) ---- */
#define SMPI_MPIT_EVENT_ELEMS 3
/* What describes an event type: its name, description, elements (datatype and displacement in
 * the event's data), the enumeration of its first element (a collective's algorithms, or -1)
 * and its category. */
struct smpi_mpit_event {
    const char *name;
    const char *desc;
    int nelems;
    MPI_Datatype types[SMPI_MPIT_EVENT_ELEMS];
    MPI_Aint displs[SMPI_MPIT_EVENT_ELEMS];
    size_t size; /* bytes of the data */
    int enum_kind;
    int category;
};
int smpi__mpit_event_count(void);
void smpi__mpit_event(int i, struct smpi_mpit_event *out);
/* The events in category cat, written to idx (at most len); returns how many there are. */
int smpi__mpit_category_events(int cat, int *idx, int len);
/* The instances: a message world rank `rank` sends (to dst, with tag and bytes); a call of
 * collective k by `rank` that ran the algorithm of enumeration value `algo`. Each goes to the
 * callbacks of the rank's registrations for it, when the rank is the one running. */
void smpi__mpit_message_event(int rank, int dst, int tag, size_t bytes);
void smpi__mpit_coll_event(enum coll_kind k, int rank, int algo);
/* For bindings_mpit_event.c: a registration's handle checks and the instance's contents. */
bool smpi__mpit_registration_valid(MPI_T_event_registration reg);
MPI_T_event_registration smpi__mpit_registration_new(int event);
void smpi__mpit_registration_free(MPI_T_event_registration reg);
int smpi__mpit_register_callback(MPI_T_event_registration reg, MPI_T_cb_safety level,
                                 MPI_T_event_cb_function *fn, void *user_data);
void smpi__mpit_set_dropped(MPI_T_event_registration reg, MPI_T_event_dropped_cb_function *fn);
/* The instance's event, data and timestamp (NULL when it is not an instance being delivered). */
const void *smpi__mpit_instance(MPI_T_event_instance inst, int *event, MPI_Count *timestamp);
/* The one event source: simulated time in nanoseconds. */
MPI_Count smpi__mpit_source_now(void);

/* For the bindings (bindings_mpit.c): whether the calling rank is between MPI_T_init_thread
 * and its MPI_T_finalize (T_CHECK_INIT returns MPI_T_ERR_NOT_INITIALIZED when not); a string
 * result as MPI-4.0 section 15.3.3 says (truncated and terminated into buf of *len bytes, *len
 * becoming the bytes written, or the full length when buf is NULL or *len 0; nothing when len
 * is NULL); an int result (nothing when p is NULL); the enumeration of collective kind's
 * algorithms (MPI_T_ENUM_NULL for kind -1). */
bool smpi__mpit_initialized(void);
#define T_CHECK_INIT()                                                                             \
    do {                                                                                           \
        if (!smpi__mpit_initialized())                                                             \
            return MPI_T_ERR_NOT_INITIALIZED;                                                      \
    } while (0)
void smpi__mpit_put_str(const char *s, char *buf, int *len);
void smpi__mpit_put_int(int *p, int v);
/* The result of an MPI_T_*_get_num call: T_CHECK_INIT, MPI_ERR_ARG for a NULL out, else n. */
int smpi__mpit_put_num(int *out, int n);
MPI_T_enum smpi__mpit_enum(int kind);
/* What MPI_T_cvar_get_info and MPI_T_pvar_get_info share (bindings_mpit.c): T_CHECK_INIT,
 * MPI_T_ERR_INVALID_INDEX for an index out of the control (pvar false) or performance
 * variables, else the variable in *v and its name, verbosity, datatype, enumeration,
 * description and binding (none), each skipped when its pointer is NULL. */
int smpi__mpit_var_info(bool pvar, int index, struct smpi_mpit_var *v, char *name, int *name_len,
                        int *verbosity, MPI_Datatype *datatype, MPI_T_enum *enumtype, char *desc,
                        int *desc_len, int *bind);
/* MPI_T_cvar_get_index and MPI_T_pvar_get_index (a performance variable of var_class): the
 * index of the variable called name, MPI_T_ERR_INVALID_NAME when there is none. */
int smpi__mpit_var_index(bool pvar, const char *name, int var_class, int *index);

#endif /* SMPI_MPI_MPIT_H */
