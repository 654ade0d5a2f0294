/* sg_actor_spawn: the actors a rank starts beside the ranks with SimGrid's C API
 * (sg_actor_init, sg_actor_start, include/simgrid/actor.h), and SMPI_thread_create, which lets
 * such an actor make MPI calls as the rank that started it (SMPI 3.32: a thread's group rank is
 * its parent's, smpi_group.cpp). An actor carries a shadow smpi_process as its simcore data, as
 * a nonblocking collective's helper does: the parent's rank (so it sees the parent's globals and
 * uses its communicators and requests), its own host and simcore actor (so it blocks and wakes
 * itself), MPI initialised only once SMPI_thread_create is called. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>
#include <string.h>

#include <simgrid/actor.h>
#include <smpi.h>

#include "smpi/internal.h"

/* SimGrid's opaque s4u_Actor, for the actors started here. proc comes first: simcore's data of
 * the actor points at it. */
struct s4u_Actor {
    struct smpi_process proc;
    char *name;
    struct sim_host *host;
    void *data;
    xbt_main_func_t code;
    int argc;
    char **argv;
    aid_t ppid;
};

/* The user data of each rank (sg_actor_self_set_data in a rank), allocated at first use. */
static void **rank_data;

/* The live actors started here, by simcore pid (NULL elsewhere): simcore's data of an actor does
 * not say whether it is a rank, a collective's helper or one of these. */
static struct s4u_Actor **by_pid;
static int by_pid_cap;

static void by_pid_set(int pid, struct s4u_Actor *a)
{
    if (pid >= by_pid_cap) {
        int cap = by_pid_cap ? by_pid_cap : 16;

        while (cap <= pid)
            cap *= 2;
        by_pid = sim_xrealloc(by_pid, (size_t)cap * sizeof(*by_pid));
        memset(by_pid + by_pid_cap, 0, (size_t)(cap - by_pid_cap) * sizeof(*by_pid));
        by_pid_cap = cap;
    }
    by_pid[pid] = a;
}

/* The actor started here that runs now, NULL in a rank, a helper or the engine. */
static struct s4u_Actor *spawned_self(void)
{
    struct sim_actor *self = sim_actor_self();
    int pid = self ? sim_actor_pid(self) : -1;

    return pid >= 0 && pid < by_pid_cap ? by_pid[pid] : NULL;
}

static struct smpi_process *parent_or_die(const char *call)
{
    struct smpi_process *p = smpi__self();

    if (!p)
        sim_die("%s called outside a simulated rank (from the simulator itself)", call);
    return p;
}

sg_actor_t sg_actor_init(const char *name, sg_host_t host)
{
    struct smpi_process *parent = parent_or_die("sg_actor_init");
    struct s4u_Actor *a;

    if (!name || !host)
        sim_die("sg_actor_init: the %s is NULL; give the new actor a name and a host "
                "(sg_host_by_name, sg_host_self)",
                name ? "host" : "name");
    a = sim_xcalloc(1, sizeof(*a));
    a->name = sim_xstrdup(name);
    a->host = (struct sim_host *)host;
    a->ppid = sim_actor_pid(parent->actor);
    a->proc.rank = parent->rank;
    a->proc.host = a->host;
    a->proc.thread_level = parent->thread_level;
    return a;
}

static void spawned_main(void *arg)
{
    struct s4u_Actor *a = arg;

    a->code(a->argc, a->argv);
    by_pid[sim_actor_pid(a->proc.actor)] = NULL;
    for (int i = 0; i < a->argc; i++)
        free(a->argv[i]);
    free(a->argv);
    free(a->name);
    free(a);
}

void sg_actor_start(sg_actor_t actor, xbt_main_func_t code, int argc, char *const *argv)
{
    struct smpi_process *parent = parent_or_die("sg_actor_start");

    if (!actor || !code)
        sim_die("sg_actor_start: the %s is NULL; start an actor of sg_actor_init with a function",
                actor ? "code" : "actor");
    if (actor->proc.actor)
        sim_die("sg_actor_start: actor '%s' is already started (pid %d)", actor->name,
                sim_actor_pid(actor->proc.actor));
    if (argc < 0 || (argc > 0 && !argv))
        sim_die("sg_actor_start: actor '%s' is given argc %d and %s argv; argc counts argv's "
                "strings",
                actor->name, argc, argv ? "a" : "no");
    actor->code = code;
    actor->argc = argc;
    actor->argv = sim_xcalloc((size_t)argc + 1, sizeof(*actor->argv));
    for (int i = 0; i < argc; i++)
        actor->argv[i] = sim_xstrdup(argv[i]);
    actor->proc.actor = sim_actor_create(actor->name, actor->host, spawned_main, actor);
    sim_actor_set_data(actor->proc.actor, &actor->proc);
    smpi__tie_to_rank(actor->proc.actor, parent->rank); /* as a thread of its parent */
    by_pid_set(sim_actor_pid(actor->proc.actor), actor);
}

sg_actor_t sg_actor_create(const char *name, sg_host_t host, xbt_main_func_t code, int argc,
                           char *const *argv)
{
    sg_actor_t a = sg_actor_init(name, host);

    sg_actor_start(a, code, argc, argv);
    return a;
}

aid_t sg_actor_get_pid(const_sg_actor_t actor)
{
    return actor->proc.actor ? sim_actor_pid(actor->proc.actor) : -1;
}

aid_t sg_actor_get_ppid(const_sg_actor_t actor)
{
    return actor->ppid;
}

const char *sg_actor_get_name(const_sg_actor_t actor)
{
    return actor->name;
}

sg_host_t sg_actor_get_host(const_sg_actor_t actor)
{
    return (sg_host_t)actor->host;
}

void *sg_actor_get_data(const_sg_actor_t actor)
{
    return actor->data;
}

void sg_actor_set_data(sg_actor_t actor, void *userdata)
{
    actor->data = userdata;
}

void *sg_actor_self_get_data(void)
{
    struct smpi_process *p = parent_or_die("sg_actor_self_get_data");
    struct s4u_Actor *a = spawned_self();

    if (a)
        return a->data;
    return rank_data ? rank_data[p->rank] : NULL;
}

void sg_actor_self_set_data(void *userdata)
{
    struct smpi_process *p = parent_or_die("sg_actor_self_set_data");
    struct s4u_Actor *a = spawned_self();

    if (a) {
        a->data = userdata;
        return;
    }
    if (!rank_data)
        rank_data = sim_xcalloc((size_t)smpi__procs_cap(), sizeof(*rank_data));
    rank_data[p->rank] = userdata;
}

/* The pid of the actor that started the caller, 0 (maestro) for a rank. */
long smpi__actor_ppid(void)
{
    struct s4u_Actor *a = spawned_self();

    return a ? a->ppid : 0;
}

SMPI_API void SMPI_thread_create(void)
{
    struct s4u_Actor *a = spawned_self();

    if (!a)
        sim_die("SMPI_thread_create called outside an actor started by sg_actor_start; a rank "
                "is an MPI process already");
    a->proc.initialized = true;
}
