/* spawn: MPI_Comm_spawn and MPI_Comm_spawn_multiple. The root opens each command as the loader
 * opens smpirun's program (a private copy per new rank unless -no-privatize), makes the new
 * job (runtime/jobs.c: its ranks, its MPI_COMM_WORLD) and both sides of the intercommunicator
 * between the parents' communicator and the children's world, and starts the children as
 * actors at the current date. The parents then share the root's side (and its outcome) through
 * a broadcast of one MPI_Aint over their communicator: that broadcast is the whole simulated
 * cost of a spawn; a real MPI's process start-up is not modelled. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "smpi/internal.h"
#include "smpi/mpi/dynamic.h"
#include "smpi/runtime/loader.h"

SIM_LOG_CATEGORY(log_spawn, "smpi.spawn");

/* command relative to the directory of smpirun's program, NULL when that is no file. */
static char *beside_program(const char *command)
{
    const char *program = smpi__rt.procs[0].argv ? smpi__rt.procs[0].argv[0] : NULL;

    return program ? sim_file_beside(program, command, R_OK) : NULL;
}

/* The file of `command`: as given when it holds a '/' (relative to the current directory, or
 * else to the directory of smpirun's program, which MPICH's harness runs elsewhere), else the
 * first of the directories of info key "path" (':'-separated) that has it, else the current
 * directory's, else the program's directory's. NULL when none exists. */
static char *command_file(const char *command, MPI_Info info)
{
    const char *path = info != MPI_INFO_NULL ? smpi__info_value(info, "path") : NULL;
    size_t cap = strlen(command) + (path ? strlen(path) : 0) + 3;
    char *file = sim_xmalloc(cap);

    if (strchr(command, '/'))
        snprintf(file, cap, "%s", command);
    else
        snprintf(file, cap, "./%s", command);
    while (!strchr(command, '/') && path && *path) {
        size_t n = strcspn(path, ":");
        char *in_path = sim_xmalloc(cap);

        snprintf(in_path, cap, "%.*s/%s", (int)n, path, command);
        if (n > 0 && access(in_path, R_OK) == 0) {
            free(file);
            return in_path;
        }
        free(in_path);
        path += n + (path[n] == ':');
    }
    if (access(file, R_OK) == 0)
        return file;
    free(file);
    return command[0] == '/' ? NULL : beside_program(command);
}

/* The host of the next rank: info key "host" when given (NULL: no such host), else the host
 * after the last rank placed, round-robin over smpirun's list as it placed its ranks. */
static struct sim_host *next_host(MPI_Info info, int index)
{
    const char *name = info != MPI_INFO_NULL ? smpi__info_value(info, "host") : NULL;

    if (name)
        return sim_platform_host_by_name(sim_engine_platform(), name);
    return smpi__rt.hosts[index % smpi__rt.nhosts];
}

/* The absolute form of info "wdir" (relative to the caller's working directory), NULL when none
 * is given; *bad when it is no directory. */
static char *working_dir(MPI_Info info, bool *bad)
{
    const char *wdir = info != MPI_INFO_NULL ? smpi__info_value(info, "wdir") : NULL;
    char *abs;

    *bad = false;
    if (!wdir)
        return NULL;
    abs = realpath(wdir, NULL);
    *bad = !abs || access(abs, X_OK) != 0;
    return abs;
}

/* argv of a new rank: the command, then the given arguments (MPI_ARGV_NULL: none). */
static void set_argv(struct smpi_process *p, const char *command, char **argv)
{
    int n = 0;

    while (argv && argv[n])
        n++;
    p->argc = n + 1;
    p->argv = sim_xcalloc((size_t)n + 2, sizeof(char *));
    p->argv[0] = sim_xstrdup(command);
    for (int i = 0; i < n; i++)
        p->argv[i + 1] = sim_xstrdup(argv[i]);
}

/* The root's work: checks what can be checked before anything starts (every command a file,
 * every host known, room in the run), then makes the job. Returns MPI_SUCCESS and the parents'
 * side of the intercommunicator, or an error class with *why set. */
static int spawn_root(const struct smpi_spawn *s, MPI_Comm comm, MPI_Comm *side, char *why,
                      size_t cap)
{
    int total = 0;
    char **files = sim_xcalloc((size_t)s->count, sizeof(*files));
    struct smpi_app **apps = sim_xcalloc((size_t)s->count, sizeof(*apps));
    char **wdirs = sim_xcalloc((size_t)s->count, sizeof(*wdirs));
    bool bad_wdir = false;
    int rc = MPI_SUCCESS;
    int base = smpi__rt.nranks;
    int k = 0;

    for (int c = 0; c < s->count && rc == MPI_SUCCESS; c++) {
        if (s->maxprocs[c] <= 0) {
            snprintf(why, cap, "maxprocs %d of command %s is not positive", s->maxprocs[c],
                     s->commands[c]);
            rc = MPI_ERR_ARG;
        } else if (!(files[c] = command_file(s->commands[c], s->infos[c]))) {
            snprintf(why, cap, "command %s: no such program (relative to the current directory%s)",
                     s->commands[c],
                     s->infos[c] != MPI_INFO_NULL && smpi__info_value(s->infos[c], "path")
                         ? " or info \"path\""
                         : "");
            rc = MPI_ERR_SPAWN;
        } else if ((wdirs[c] = working_dir(s->infos[c], &bad_wdir)), bad_wdir) {
            snprintf(why, cap, "info \"wdir\" %s is not a directory",
                     smpi__info_value(s->infos[c], "wdir"));
            rc = MPI_ERR_SPAWN;
        } else if (!next_host(s->infos[c], 0)) {
            snprintf(why, cap, "info \"host\" %s is not a host of the platform",
                     smpi__info_value(s->infos[c], "host"));
            rc = MPI_ERR_SPAWN;
        }
        total += rc == MPI_SUCCESS ? s->maxprocs[c] : 0;
    }
    if (rc == MPI_SUCCESS && total > smpi__rt.cap - smpi__rt.nranks) {
        snprintf(why, cap,
                 "%d more ranks would exceed the universe size %d (the cores of the platform's "
                 "hosts; %d ranks already run)",
                 total, smpi__rt.cap, smpi__rt.nranks);
        rc = MPI_ERR_SPAWN;
    }
    if (rc == MPI_SUCCESS && smpi__trace_on) {
        snprintf(why, cap, "spawning ranks is not provided while a trace is written");
        rc = MPI_ERR_SPAWN;
    }
    for (int c = 0; c < s->count && rc == MPI_SUCCESS; c++)
        apps[c] = smpi_app_open_spawned(files[c], s->maxprocs[c], smpi__rt.cfg.privatization,
                                        smpi__rt.cfg.tmpdir, smpi__rt.cfg.keep_temps);
    if (rc == MPI_SUCCESS) {
        int job = smpi__job_new(total);
        struct smpi_group *parents = smpi__comm_group(comm);
        struct smpi_group *children = smpi__group_new(total);
        int context = smpi__comm_new_context();
        MPI_Comm child_side;

        for (int i = 0; i < total; i++)
            children->world[i] = base + i;
        *side = smpi__comm_new_inter(parents, children, context, parents->size);
        child_side = smpi__comm_new_inter(children, parents, context, total);
        child_side->local_comm = smpi__comm_new(children);
        strcpy(child_side->name, "MPI_COMM_PARENT");
        for (int c = 0; c < s->count; c++)
            for (int i = 0; i < s->maxprocs[c]; i++, k++) {
                struct smpi_process *p = &smpi__rt.procs[base + k];

                p->host = next_host(s->infos[c], base + k);
                p->main = smpi_app_main(apps[c], i);
                p->appnum = c;
                p->app = apps[c];
                p->app_rank = i;
                /* kept as long as the rank may run; else the parent's directory */
                p->wdir = wdirs[c] ? wdirs[c] : smpi__rt.procs[smpi__self()->rank].wdir;
                p->parent = child_side;
                set_argv(p, s->commands[c], s->argvs ? s->argvs[c] : NULL);
            }
        for (int i = 0; i < total; i++) {
            struct smpi_process *p = &smpi__rt.procs[base + i];

            if (smpi__rt.cfg.map)
                SIM_LOG(log_spawn, SIM_LOG_INFO, "[rank %d of spawn %d] -> %s", i, job,
                        sim_host_name(p->host));
            smpi__rank_start(p);
        }
        smpi__group_release(parents);
        smpi__group_release(children);
    }
    for (int c = 0; c < s->count; c++) {
        free(files[c]);
        if (rc != MPI_SUCCESS)
            free(wdirs[c]);
    }
    free(wdirs);
    free(files);
    free(apps); /* the copies stay loaded until the process ends, as smpirun's program */
    return rc;
}

int smpi__spawn(const char *call, const struct smpi_spawn *s, int root, MPI_Comm comm,
                MPI_Comm *intercomm, int *errcodes)
{
    MPI_Aint handle = 0;
    char why[512] = "";
    int rc = MPI_SUCCESS;
    MPI_Comm side = MPI_COMM_NULL;

    /* the local communicator of the parents' side is made by every parent, in order */
    MPI_Comm mine = smpi__comm_dup(comm);

    if (smpi_comm_rank(comm) == root) {
        rc = spawn_root(s, comm, &side, why, sizeof(why));
        handle = rc == MPI_SUCCESS ? (MPI_Aint)side : -(MPI_Aint)rc;
        if (rc == MPI_SUCCESS)
            side->local_comm = mine;
        else
            smpi__comm_release(mine);
        for (int c = 0, k = 0; errcodes && c < s->count; c++)
            for (int i = 0; i < s->maxprocs[c]; i++)
                errcodes[k++] = rc;
    } else {
        smpi__comm_release(mine); /* the root's side keeps the shared object */
    }
    PMPI_Bcast(&handle, 1, MPI_AINT, root, comm);
    if (handle <= 0) {
        *intercomm = MPI_COMM_NULL;
        return smpi__error(comm, call, (int)-handle, "%s",
                           why[0] ? why : "the root could not spawn the ranks");
    }
    *intercomm = (MPI_Comm)handle;
    smpi__comm_inherit_errhandler(*intercomm, comm);
    return MPI_SUCCESS;
}

MPI_Comm smpi__comm_parent(void)
{
    MPI_Comm parent = smpi__rt.procs[smpi__self()->rank].parent;

    return parent ? parent : MPI_COMM_NULL;
}

void smpi__comm_parent_forget(MPI_Comm comm)
{
    struct smpi_process *p = &smpi__rt.procs[smpi__self()->rank];

    if (p->parent == comm)
        p->parent = NULL;
}
