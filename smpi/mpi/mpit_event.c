/* mpit_event: the events of the tool interface (MPI-4.0 section 15.3.8). simmpi raises two kinds:
 * "smpi_message_sent", each message a rank sends (destination world rank, tag, bytes: every
 * message of its point-to-point calls and of its collectives), and one "smpi_coll_<kind>_run"
 * per collective, each call of it by the rank (the algorithm it ran, in the enumeration of the
 * smpi_coll_<kind>_algorithm variable). Their one source is the simulated clock in nanoseconds,
 * so instances are ordered and their timestamps are simulated times.
 *
 * Instances are delivered at once, inside the MPI call that raises them, in a context of safety
 * MPI_T_CB_REQUIRE_MPI_RESTRICTED (the callback may call only the MPI functions the standard
 * allows there, such as MPI_T_event_read): the callback registered for the lowest level from
 * that one up is called; with none (only an MPI_T_CB_REQUIRE_NONE callback, or none at all), or
 * when the rank is not the one running, the instance is dropped and counted, and the dropped
 * handler hears the count before the next delivery. A registration belongs to the rank that
 * allocated it and sees only that rank's instances. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smpi/internal.h"
#include "smpi/mpi/mpit.h"

#define REG_MAGIC 0x65766eu
#define INST_MAGIC 0x696e73u
#define CONTEXT MPI_T_CB_REQUIRE_MPI_RESTRICTED
#define NLEVELS (MPI_T_CB_REQUIRE_ASYNC_SIGNAL_SAFE + 1)
#define NEVENTS (1 + COLL_NKINDS)
#define EV_SENT 0

struct smpi_t_event_registration {
    unsigned magic;
    int rank;
    int event;
    struct {
        MPI_T_event_cb_function *fn;
        void *user_data;
    } cb[NLEVELS];
    MPI_T_event_dropped_cb_function *dropped;
    MPI_Count ndropped;
    struct smpi_t_event_registration *next;
};

struct smpi_t_event_instance {
    unsigned magic;
    int event;
    MPI_Count timestamp;
    const void *data;
};

/* The data of each kind of event. */
struct sent_data {
    int dst;
    int tag;
    MPI_Count bytes;
};

static struct smpi_t_event_registration *regs[NEVENTS]; /* per event, every rank's */
static char coll_names[COLL_NKINDS][48];

int smpi__mpit_event_count(void)
{
    return NEVENTS;
}

void smpi__mpit_event(int i, struct smpi_mpit_event *out)
{
    int k = i - 1;

    if (i == EV_SENT) {
        *out = (struct smpi_mpit_event){
            .name = "smpi_message_sent",
            .desc = "a message this rank sent (its point-to-point calls and the messages of its "
                    "collectives): destination world rank, tag, bytes",
            .nelems = 3,
            .types = { MPI_INT, MPI_INT, MPI_COUNT },
            .displs = { offsetof(struct sent_data, dst), offsetof(struct sent_data, tag),
                        offsetof(struct sent_data, bytes) },
            .size = sizeof(struct sent_data),
            .enum_kind = -1,
            .category = smpi__mpit_category_named("messages"),
        };
        return;
    }
    if (!coll_names[k][0])
        snprintf(coll_names[k], sizeof(coll_names[k]), "smpi_coll_%s_run", coll_descs[k].name);
    *out = (struct smpi_mpit_event){
        .name = coll_names[k],
        .desc = "a call of this collective by this rank: the algorithm it ran (enumeration)",
        .nelems = 1,
        .types = { MPI_INT },
        .size = sizeof(int),
        .enum_kind = k,
        .category = smpi__mpit_category_named("collectives"),
    };
}

int smpi__mpit_category_events(int cat, int *idx, int len)
{
    int n = 0;
    struct smpi_mpit_event e;

    for (int i = 0; i < NEVENTS; i++) {
        smpi__mpit_event(i, &e);
        if (e.category != cat)
            continue;
        if (n < len)
            idx[n] = i;
        n++;
    }
    return n;
}

MPI_Count smpi__mpit_source_now(void)
{
    return (MPI_Count)(sim_now() * 1e9 + 0.5);
}

/* Gives instance `data` of event i at `rank` to the rank's registrations for it. */
static void raise_event(int i, int rank, const void *data)
{
    struct smpi_process *self = smpi__self();
    struct smpi_t_event_registration *next;

    for (struct smpi_t_event_registration *r = regs[i]; r; r = next) {
        int level = CONTEXT;

        next = r->next; /* a callback may not free its registration, but be safe */
        if (r->rank != rank)
            continue;
        while (level < NLEVELS && !r->cb[level].fn)
            level++;
        if (level == NLEVELS || !self || self->rank != rank) {
            r->ndropped++;
            continue;
        }
        if (r->ndropped > 0 && r->dropped) {
            r->dropped(r->ndropped, r, 0, CONTEXT, r->cb[level].user_data);
            r->ndropped = 0;
        }
        struct smpi_t_event_instance inst = {
            .magic = INST_MAGIC,
            .event = i,
            .timestamp = smpi__mpit_source_now(),
            .data = data,
        };
        r->cb[level].fn(&inst, r, CONTEXT, r->cb[level].user_data);
        inst.magic = 0;
    }
}

void smpi__mpit_message_event(int rank, int dst, int tag, size_t bytes)
{
    if (regs[EV_SENT]) {
        struct sent_data d = { .dst = dst, .tag = tag, .bytes = (MPI_Count)bytes };

        raise_event(EV_SENT, rank, &d);
    }
}

void smpi__mpit_coll_event(enum coll_kind k, int rank, int algo)
{
    if (regs[1 + k])
        raise_event(1 + (int)k, rank, &algo);
}

/* ---- registrations ---------------------------------------------------------------------- */

bool smpi__mpit_registration_valid(MPI_T_event_registration reg)
{
    struct smpi_process *p = smpi__self();

    return reg && reg->magic == REG_MAGIC && reg->rank == (p ? p->rank : 0);
}

MPI_T_event_registration smpi__mpit_registration_new(int event)
{
    struct smpi_process *p = smpi__self();
    struct smpi_t_event_registration *r = sim_xcalloc(1, sizeof(*r));
    struct smpi_t_event_registration **tail = &regs[event];

    r->magic = REG_MAGIC;
    r->rank = p ? p->rank : 0;
    r->event = event;
    while (*tail) /* in allocation order, so that callbacks run in that order */
        tail = &(*tail)->next;
    *tail = r;
    return r;
}

void smpi__mpit_registration_free(MPI_T_event_registration reg)
{
    for (struct smpi_t_event_registration **a = &regs[reg->event]; *a; a = &(*a)->next)
        if (*a == reg) {
            *a = reg->next;
            break;
        }
    reg->magic = 0;
    free(reg);
}

int smpi__mpit_register_callback(MPI_T_event_registration reg, MPI_T_cb_safety level,
                                 MPI_T_event_cb_function *fn, void *user_data)
{
    if ((int)level < MPI_T_CB_REQUIRE_NONE || (int)level >= NLEVELS)
        return MPI_ERR_ARG;
    reg->cb[level].fn = fn;
    reg->cb[level].user_data = user_data;
    return MPI_SUCCESS;
}

void smpi__mpit_set_dropped(MPI_T_event_registration reg, MPI_T_event_dropped_cb_function *fn)
{
    reg->dropped = fn;
}

const void *smpi__mpit_instance(MPI_T_event_instance inst, int *event, MPI_Count *timestamp)
{
    if (!inst || inst->magic != INST_MAGIC)
        return NULL;
    *event = inst->event;
    *timestamp = inst->timestamp;
    return inst->data;
}
