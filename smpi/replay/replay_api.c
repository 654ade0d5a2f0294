/* replay_api: the table of replay action handlers and SMPI's replay entry points
 * (smpi_replay_init, smpi_replay_main, smpi_replay_run), so that a replayer program can add or
 * override actions as with SimGrid's xbt_replay_action_register; smpirun -replay without a
 * program runs smpi_replay_run in each rank (replay.c runs the actions). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <smpi/smpi.h>

#include "simcore/simcore.h"
#include "smpi/internal.h"
#include "smpi/trace/ti.h"

SIM_LOG_SUBCATEGORY(log_replay, "smpi_replay", "smpi");

/* One handler; shared by all ranks, as SimGrid's table of actions. O(n) lookup: a trace has a
 * few dozen action names. */
struct handler {
    char *name;
    smpi_replay_action_fn *fn;
    void *data;
    void (*free_data)(void *data);
};

static struct handler *handlers;
static int nhandlers;

static struct handler *find(const char *name)
{
    for (int i = 0; i < nhandlers; i++)
        if (strcmp(handlers[i].name, name) == 0)
            return &handlers[i];
    return NULL;
}

void smpi_replay_action_register(const char *name, smpi_replay_action_fn *fn, void *data,
                                 void (*free_data)(void *data))
{
    struct handler *h = find(name);

    if (!fn)
        sim_die("smpi_replay_action_register('%s'): the handler is NULL", name);
    if (!h) {
        handlers = sim_xrealloc(handlers, (size_t)(nhandlers + 1) * sizeof(*handlers));
        h = &handlers[nhandlers++];
        h->name = sim_xstrdup(name);
    } else if (h->free_data) {
        h->free_data(h->data);
    }
    h->fn = fn;
    h->data = data;
    h->free_data = free_data;
}

int smpi_replay_action_get(const char *name, smpi_replay_action_fn **fn, void **data)
{
    const struct handler *h = find(name);

    if (!h)
        return 0;
    *fn = h->fn;
    *data = h->data;
    return 1;
}

void smpi_replay_set_tracefile(const char *path)
{
    smpi__replay_set_shared(path);
}

static void run_builtin(void *data, int nfields, const char *const *fields)
{
    smpi__replay_builtin(data, nfields, fields);
}

static void dispatch(const char *name, int nfields, const char *const *fields, const char *file,
                     int line, const char *text)
{
    const struct handler *h = find(name);
    char known[1024] = "";

    (void)nfields;
    if (h) {
        h->fn(h->data, nfields, fields);
        return;
    }
    for (int i = 0; i < nhandlers; i++)
        snprintf(known + strlen(known), sizeof(known) - strlen(known), "%s%s", i ? ", " : "",
                 handlers[i].name);
    sim_die("%s:%d: unknown action '%s' in '%s'; the replay knows: %s", file, line, name, text,
            known);
}

void smpi_replay_init(const char *instance_id, int rank, double start_delay_flops)
{
    struct smpi_process *p = smpi__self();

    if (!p)
        sim_die("smpi_replay_init called outside a rank");
    if (strcmp(instance_id, "smpirun") != 0 || rank != p->rank)
        SIM_LOG(log_replay, SIM_LOG_WARN,
                "smpi_replay_init(\"%s\", %d) in rank %d of instance \"smpirun\": simmpi runs one "
                "instance, the calling rank's",
                instance_id, rank, p->rank);
    smpi__replay_rank_init();
    for (int i = 0; smpi__replay_builtins[i]; i++)
        smpi_replay_action_register(smpi__replay_builtins[i], run_builtin,
                                    (void *)smpi__replay_builtins[i], NULL);
    if (start_delay_flops > 0) {
        SIM_LOG(log_replay, SIM_LOG_VERBOSE, "Delayed start for instance - Sleeping for %f flops ",
                start_delay_flops);
        smpi__compute(p, start_delay_flops);
    } else {
        sim_actor_yield(); /* the other ranks initialize too (SMPI's order) */
    }
}

void smpi_replay_main(int rank, const char *private_trace_filename)
{
    (void)rank;
    smpi__replay_rank_run(private_trace_filename, dispatch);
}

void smpi_replay_run(const char *instance_id, int rank, double start_delay_flops,
                     const char *private_trace_filename)
{
    smpi_replay_init(instance_id, rank, start_delay_flops);
    smpi_replay_main(rank, private_trace_filename);
}

int smpi__replay_main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    smpi_replay_run("smpirun", smpi__self()->rank, 0, NULL);
    return 0;
}
