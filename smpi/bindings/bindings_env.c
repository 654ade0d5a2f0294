/* bindings_env: the MPI environment — init and finalize, abort, ranks and sizes, versions,
 * processor names, thread levels, communicator duplication, and the clock (MPI_Wtime, MPI_Wtick).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smpi/analyze/analyze.h"
#include "smpi/bindings/check.h"
#include "smpi/internal.h"
#include "smpi/mpi/dynamic.h"

int PMPI_Init_thread(int *argc, char ***argv, int required, int *provided)
{
    struct smpi_process *p = smpi__self();

    if (!p)
        sim_die("MPI_Init called outside of a simulated rank: run the program with smpirun");
    if (p->initialized)
        return smpi__error(MPI_COMM_WORLD, "MPI_Init", MPI_ERR_OTHER, "MPI is already initialized");
    smpi__enter("MPI_Init");
    p->initialized = true;
    /* every level up to MPI_THREAD_MULTIPLE: the application's threads are actors (threads.c) */
    p->thread_level = required > MPI_THREAD_MULTIPLE ? MPI_THREAD_MULTIPLE : required;
    if (p->thread_level < MPI_THREAD_SINGLE)
        p->thread_level = MPI_THREAD_SINGLE;
    smpi__threads_sync(p);
    smpi__threads_set_main(p);
    if (provided)
        *provided = p->thread_level;
    if (smpi__rt.cfg.init_time > 0)
        smpi__sleep(smpi__rt.cfg.init_time);
    smpi__leave();
    return MPI_SUCCESS;
}
#pragma weak MPI_Init_thread = PMPI_Init_thread

int PMPI_Init(int *argc, char ***argv)
{
    return PMPI_Init_thread(argc, argv, MPI_THREAD_SINGLE, NULL);
}
#pragma weak MPI_Init = PMPI_Init

/* MPI_Initialized, MPI_Finalized, MPI_Query_thread and MPI_Is_thread_main: a fact of the
 * calling rank (outside any rank: not initialized, not finalized, MPI_THREAD_SINGLE, the main
 * thread). */
enum fact { INITIALIZED, FINALIZED, THREAD_LEVEL, THREAD_MAIN };

static int rank_fact(enum fact f, int *out)
{
    struct smpi_process *p = smpi__self();

    if (f == INITIALIZED)
        *out = p && p->initialized;
    else if (f == FINALIZED)
        *out = p && p->finalized;
    else if (f == THREAD_LEVEL)
        *out = p ? p->thread_level : MPI_THREAD_SINGLE;
    else
        *out = !p || smpi__thread_is_main(p);
    return MPI_SUCCESS;
}

int PMPI_Initialized(int *flag)
{
    return rank_fact(INITIALIZED, flag);
}
#pragma weak MPI_Initialized = PMPI_Initialized

int PMPI_Finalized(int *flag)
{
    return rank_fact(FINALIZED, flag);
}
#pragma weak MPI_Finalized = PMPI_Finalized

int PMPI_Finalize(void)
{
    struct smpi_process *p = smpi__self();
    const struct smpi_process *busy;

    SMPI_CHECK_INIT("MPI_Finalize");
    busy = smpi__threads_in_mpi(p);
    if (busy)
        return smpi__error(MPI_COMM_WORLD, "MPI_Finalize", MPI_ERR_OTHER,
                           "thread %d of rank %d is still in %s; join the threads that make MPI "
                           "calls before MPI_Finalize",
                           smpi__thread_id(busy), busy->rank, busy->call);
    SMPI_CHECK(smpi__coll_order_plain("MPI_Finalize", MPI_COMM_WORLD));
    if (smpi__analyze.pedantic)
        smpi__analyze_finalize();
    smpi__enter("MPI_Finalize");
    /* MPI-3.1 section 8.7.1: MPI_Finalize first deletes the attributes of MPI_COMM_SELF, in
     * effect freeing it, so their delete callbacks run before anything else is finalized */
    smpi__attrs_delete(SMPI_ATTR_COMM, MPI_COMM_SELF, &smpi_mpi_comm_self.attrs);
    if (smpi__rt.cfg.finalization_barrier)
        smpi__barrier(MPI_COMM_WORLD);
    p->finalized = true;
    smpi__threads_sync(p);
    smpi__leave();
    return MPI_SUCCESS;
}
#pragma weak MPI_Finalize = PMPI_Finalize

int PMPI_Abort(MPI_Comm comm, int errorcode)
{
    struct smpi_process *p = smpi__self();

    fflush(stdout);
    fprintf(stderr, "simmpi: rank %d called MPI_Abort(%s, %d): ending the job\n", p ? p->rank : -1,
            smpi__comm_is_valid(comm) && comm->name[0] ? comm->name : "comm", errorcode);
    smpi__job_abort(errorcode & 0xff ? errorcode & 0xff : 1);
}
#pragma weak MPI_Abort = PMPI_Abort

int PMPI_Comm_rank(MPI_Comm comm, int *rank)
{
    smpi__log_call("MPI_Comm_rank", "Entering");
    SMPI_CHECK_COMM("MPI_Comm_rank", comm);
    SMPI_CHECK_ARG("MPI_Comm_rank", comm, rank);
    *rank = smpi_comm_rank(comm);
    smpi__log_call("MPI_Comm_rank", "Leaving");
    return MPI_SUCCESS;
}
#pragma weak MPI_Comm_rank = PMPI_Comm_rank

int PMPI_Comm_size(MPI_Comm comm, int *size)
{
    smpi__log_call("MPI_Comm_size", "Entering");
    SMPI_CHECK_COMM("MPI_Comm_size", comm);
    SMPI_CHECK_ARG("MPI_Comm_size", comm, size);
    *size = smpi_comm_size(comm);
    smpi__log_call("MPI_Comm_size", "Leaving");
    return MPI_SUCCESS;
}
#pragma weak MPI_Comm_size = PMPI_Comm_size

int PMPI_Get_processor_name(char *name, int *len)
{
    struct smpi_process *p = smpi__self();

    snprintf(name, MPI_MAX_PROCESSOR_NAME, "%s", sim_host_name(p->host));
    *len = (int)strlen(name);
    return MPI_SUCCESS;
}
#pragma weak MPI_Get_processor_name = PMPI_Get_processor_name

int PMPI_Get_version(int *version, int *subversion)
{
    *version = MPI_VERSION;
    *subversion = MPI_SUBVERSION;
    return MPI_SUCCESS;
}
#pragma weak MPI_Get_version = PMPI_Get_version

int PMPI_Get_library_version(char *version, int *len)
{
    snprintf(version, MPI_MAX_LIBRARY_VERSION_STRING,
             "simmpi %s (simulated MPI %d.%d, SMPI-compatible)", PACKAGE_VERSION, MPI_VERSION,
             MPI_SUBVERSION);
    *len = (int)strlen(version);
    return MPI_SUCCESS;
}
#pragma weak MPI_Get_library_version = PMPI_Get_library_version

int PMPI_Query_thread(int *provided)
{
    return rank_fact(THREAD_LEVEL, provided);
}
#pragma weak MPI_Query_thread = PMPI_Query_thread

int PMPI_Is_thread_main(int *flag)
{
    return rank_fact(THREAD_MAIN, flag);
}
#pragma weak MPI_Is_thread_main = PMPI_Is_thread_main

int PMPI_Comm_dup(MPI_Comm comm, MPI_Comm *newcomm)
{
    int rc;

    SMPI_CHECK_INIT("MPI_Comm_dup");
    SMPI_CHECK_COMM("MPI_Comm_dup", comm);
    SMPI_CHECK_ARG("MPI_Comm_dup", comm, newcomm);
    SMPI_CHECK(smpi__coll_order_plain("MPI_Comm_dup", comm));
    smpi__enter("MPI_Comm_dup");
    *newcomm = comm->remote_group ? smpi__inter_dup(comm) : smpi__comm_dup(comm);
    smpi__comm_announce(*newcomm);
    rc = smpi__attrs_copy(SMPI_ATTR_COMM, comm, comm->attrs, *newcomm, &(*newcomm)->attrs);
    smpi__leave();
    if (rc != MPI_SUCCESS) {
        smpi__attrs_delete(SMPI_ATTR_COMM, *newcomm, &(*newcomm)->attrs);
        smpi__comm_release(*newcomm);
        *newcomm = MPI_COMM_NULL;
        return smpi__error(comm, "MPI_Comm_dup", rc, "an attribute copy callback failed");
    }
    smpi__handle_new(SMPI_H_COMM, *newcomm, "MPI_Comm_dup");
    return MPI_SUCCESS;
}
#pragma weak MPI_Comm_dup = PMPI_Comm_dup

int PMPI_Comm_free(MPI_Comm *comm)
{
    int rc;

    if (!comm)
        return smpi__error(MPI_COMM_WORLD, "MPI_Comm_free", MPI_ERR_ARG, "comm pointer is NULL");
    SMPI_CHECK_COMM("MPI_Comm_free", *comm);
    if ((*comm)->predefined)
        return smpi__error(*comm, "MPI_Comm_free", MPI_ERR_COMM,
                           "cannot free a predefined communicator");
    SMPI_CHECK(smpi__coll_order_plain("MPI_Comm_free", *comm));
    rc = smpi__attrs_delete(SMPI_ATTR_COMM, *comm, &(*comm)->attrs);
    if (rc != MPI_SUCCESS)
        return smpi__error(*comm, "MPI_Comm_free", rc, "an attribute delete callback failed");
    smpi__handle_gone(SMPI_H_COMM, *comm);
    smpi__comm_parent_forget(*comm); /* MPI_Comm_get_parent gives MPI_COMM_NULL from now on */
    smpi__comm_free(*comm);
    *comm = MPI_COMM_NULL;
    return MPI_SUCCESS;
}
#pragma weak MPI_Comm_free = PMPI_Comm_free

double PMPI_Wtime(void)
{
    return smpi__wtime();
}
#pragma weak MPI_Wtime = PMPI_Wtime

double PMPI_Wtick(void)
{
    return smpi__wtick();
}
#pragma weak MPI_Wtick = PMPI_Wtick
