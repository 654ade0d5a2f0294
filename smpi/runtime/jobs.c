/* jobs: the processes of a run beyond those smpirun starts. smpirun's ranks are job 0; each
 * MPI_Comm_spawn adds a job of new ranks, the next entries of smpi__rt.procs. Every job has its
 * own MPI_COMM_WORLD, yet the application names them all with one handle (&smpi_mpi_comm_world,
 * mpi.h): the engine's resume hook installs the world of the job of the rank it resumes
 * (smpi__world_activate), as the mmap privatization installs the rank's globals. Messages on a
 * world only ever go between ranks of one job, so whichever rank runs finds its own job's world
 * there. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "smpi/internal.h"
#include "smpi/runtime/loader.h"

SIM_LOG_CATEGORY(log_jobs, "smpi.jobs");

/* The worlds of the jobs not installed (the installed one's entry is stale). */
static struct smpi_comm *worlds;
static int njobs = 1;
static int installed;

static long cores_of(const struct sim_platform *plat)
{
    long cores = 0;

    for (int i = 0; plat && i < sim_platform_host_count(plat); i++)
        cores += sim_host_cores(sim_platform_host(plat, i));
    return cores;
}

int smpi__universe_size(void)
{
    return smpi__rt.cap;
}

/* procs is reserved, not committed: the entries of ranks never spawned cost no memory, and the
 * array never moves, so a pointer to a rank's entry (an actor's data) stays valid. */
void smpi__procs_reserve(const struct sim_platform *plat, int nranks)
{
    long cap = cores_of(plat);
    size_t bytes;

    if (cap < nranks)
        cap = nranks;
    if (cap > 0x7fffffff)
        cap = 0x7fffffff;
    bytes = (size_t)cap * sizeof(*smpi__rt.procs);
    smpi__rt.procs = sim_huge_alloc(bytes); /* 408 bytes a rank: 2 MiB pages from 2,570 up */
    if (!smpi__rt.procs)
        sim_die("cannot reserve room for %ld ranks (%zu bytes)", cap, bytes);
    smpi__rt.cap = (int)cap;
    smpi__rt.nranks = nranks;
}

/* The working directory of a spawn's info "wdir" is the process's: the simulator's, while one
 * of those ranks runs. `home` is smpirun's, kept from the first such spawn on. */
static char *home;
static const char *in_dir; /* the wdir of the last rank resumed, NULL for home */

static void wdir_activate(const char *wdir)
{
    if (wdir == in_dir)
        return;
    if (!home)
        home = getcwd(NULL, 0);
    if (chdir(wdir ? wdir : home) != 0)
        sim_die("cannot change to the working directory %s of a spawned rank", wdir ? wdir : home);
    in_dir = wdir;
}

/* libgfortran keeps the command line that GET_COMMAND_ARGUMENT reads in its own globals, which
 * each Fortran main sets as it starts; libgfortran is one copy in the process, whichever program
 * loaded it. Once a spawn has given ranks other arguments, the resumed rank's are set again. */
typedef void gfortran_set_args_fn(int argc, char **argv);
static gfortran_set_args_fn *gfortran_set_args;
static char *gfortran_looked; /* per process: its program was searched for libgfortran */
static char **args_set;       /* the argv last given to it */

static void args_activate(const struct smpi_process *r)
{
    if (njobs == 1 || !r || r->argv == args_set)
        return;
    if (!gfortran_set_args) {
        void *f;

        if (!gfortran_looked)
            gfortran_looked = sim_xcalloc((size_t)smpi__rt.cap, 1);
        if (gfortran_looked[r->rank])
            return;
        gfortran_looked[r->rank] = 1;
        f = r->app ? smpi_app_symbol(r->app, r->app_rank, "_gfortran_set_args")
                   : smpi_app_symbol(smpi__rt.app, r->rank, "_gfortran_set_args");
        if (!f)
            return;
        memcpy(&gfortran_set_args, &f, sizeof(f));
    }
    gfortran_set_args(r->argc, r->argv);
    args_set = r->argv;
}

bool smpi__jobs_spawned(void)
{
    return njobs > 1;
}

void smpi__job_activate(const struct smpi_process *r)
{
    int job = r ? r->job : 0;

    wdir_activate(r ? r->wdir : NULL);
    args_activate(r);
    if (job == installed)
        return;
    worlds[installed] = smpi_mpi_comm_world;
    smpi_mpi_comm_world = worlds[job];
    installed = job;
}

int smpi__job_new(int n)
{
    int base = smpi__rt.nranks;
    int job = njobs++;

    worlds = sim_xrealloc(worlds, (size_t)njobs * sizeof(*worlds));
    smpi__comm_init_job_world(&worlds[job], base, n);
    for (int i = 0; i < n; i++) {
        struct smpi_process *p = &smpi__rt.procs[base + i];

        memset(p, 0, sizeof(*p));
        p->rank = base + i;
        p->job = job;
        p->job_rank = i;
    }
    smpi__rt.nranks += n;
    SIM_LOG(log_jobs, SIM_LOG_VERBOSE, "spawn %d: ranks %d-%d of the run", job, base, base + n - 1);
    return job;
}

const char *smpi__rank_label(const struct smpi_process *p, char *buf, size_t cap)
{
    if (p->job == 0 && cap >= sizeof("rank -2147483648")) {
        memcpy(buf, "rank ", 5);
        sim_decimal(buf + 5, p->rank);
    } else if (p->job == 0)
        snprintf(buf, cap, "rank %d", p->rank);
    else
        snprintf(buf, cap, "rank %d of spawn %d", p->job_rank, p->job);
    return buf;
}
