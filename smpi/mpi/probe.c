/* probe: MPI_Probe and MPI_Iprobe (and the matched probes' first half) over the calling rank's
 * unexpected queue (p2p.c's matching rules, smpi__matches), with SMPI 3.32's cost of a failed
 * MPI_Iprobe, and the probes of the narrow interface (p2p_api.h) that collectives use. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "smpi/internal.h"
#include "smpi/mpi/p2p_api.h"

/* Contexts a probe looks in (bcast family: SMPI's collectives share the user's context, so
 * their MPI_ANY_TAG probes also see the user's messages; smpi_iprobe_shared looks in both). */
#define PROBE_USER 1u
#define PROBE_COLL 2u

/* First unexpected send matching (src, tag, comm) for the calling rank, or NULL, in the
 * communicator's user context, collective context, or both (ctx: PROBE_* bits). */
static struct smpi_request *find_unexpected(int src, int tag, MPI_Comm comm, unsigned ctx)
{
    struct smpi_process *self = smpi__self();
    struct smpi_request probe = { 0 };
    struct smpi_request user;

    probe.flags = SMPI_REQ_RECV | ((ctx & PROBE_COLL) ? SMPI_REQ_COLL : 0);
    probe.comm = comm;
    probe.src = smpi__peer_world(comm, src);
    probe.tag = tag;
    user = probe;
    user.flags = SMPI_REQ_RECV;
    /* the rank's own mailbox: a nonblocking collective's helper probes for its rank */
    for (struct smpi_request *s = smpi__rt.procs[self->rank].mbox.unexp.head; s; s = s->next)
        if (smpi__matches(&probe, s) ||
            (ctx == (PROBE_USER | PROBE_COLL) && smpi__matches(&user, s)))
            return s;
    return NULL;
}

static void fill_probe_status(const struct smpi_request *s, MPI_Comm comm, MPI_Status *st)
{
    if (st == MPI_STATUS_IGNORE)
        return;
    st->MPI_SOURCE = smpi__comm_rank_of(comm, s->src);
    st->MPI_TAG = s->tag;
    st->MPI_ERROR = MPI_SUCCESS;
    st->smpi_cancelled = 0;
    st->smpi_count = (MPI_Count)s->size;
}

/* SMPI 3.32's MPI_Iprobe cost: smpi/iprobe seconds (growing with failed probes) of computation
 * that uses smpi/iprobe-cpu-usage of one core (what the energy plugin sees), as long as a sleep
 * when the core is free. */
static void iprobe_poll(const struct smpi_process *self, const struct smpi_config *cfg)
{
    double speed = sim_host_speed(self->host);
    double usage = cfg->iprobe_cpu_usage;
    double flops = smpi__rt.iprobe_sleeps * cfg->iprobe_time * speed * usage;
    struct sim_activity *act;

    act = sim_exec_start_bounded(self->host, flops, usage * speed);
    sim_activity_wait(act);
    sim_activity_unref(act);
}

/* A blocking probe waits for the matching send to arrive rather than polling, so that a probe
 * that can never succeed is reported as a deadlock; MPI_Iprobe charges smpi/iprobe as SMPI
 * does (growing with repeated failures under smpi/grow-injected-times). */
static int probe(int src, int tag, MPI_Comm comm, unsigned ctx, bool blocking, int *flag,
                 MPI_Status *status, MPI_Request *msg)
{
    struct smpi_process *self = smpi__self();
    const struct smpi_config *cfg = &smpi__rt.cfg;
    struct smpi_request *s;

    if (src == MPI_PROC_NULL) {
        smpi__status_empty(status);
        if (status != MPI_STATUS_IGNORE)
            status->MPI_SOURCE = MPI_PROC_NULL;
        *flag = 1;
        if (msg)
            *msg = NULL;
        return MPI_SUCCESS;
    }
    if (!blocking && cfg->iprobe_time > 0)
        iprobe_poll(self, cfg);
    while ((s = find_unexpected(src, tag, comm, ctx)) == NULL && blocking)
        sim_waitq_block(&smpi__rt.procs[self->rank].mbox.probers, "MPI_Probe", -1);
    *flag = s != NULL;
    if (!s) {
        int sleeps = smpi__rt.iprobe_sleeps;

        if (cfg->grow_injected_times)
            smpi__rt.iprobe_sleeps++;
        /* as for MPI_Test under smpi/test:0 (request.c): a polling loop must let time pass */
        if (cfg->iprobe_time <= 0)
            smpi__sleep(sleeps * 1e-9);
        return MPI_SUCCESS;
    }
    smpi__rt.iprobe_sleeps = 1;
    fill_probe_status(s, comm, status);
    if (msg) {
        struct smpi_mailbox *mb = &smpi__rt.procs[self->rank].mbox;

        smpi__mq_unexpect_remove(mb, s);
        *msg = s;
    }
    return MPI_SUCCESS;
}

int smpi__probe(int src, int tag, MPI_Comm comm, bool blocking, int *flag, MPI_Status *status,
                MPI_Request *msg)
{
    return probe(src, tag, comm, PROBE_USER, blocking, flag, status, msg);
}

/* ---- probes of the narrow interface of smpi/mpi/p2p_api.h (the rest is in p2p_api.c) ---- */

int smpi_iprobe(int src, int tag, MPI_Comm comm, int *flag, MPI_Status *status)
{
    return probe(src, tag, comm, PROBE_COLL, false, flag, status, NULL);
}

/* bcast family: see p2p_api.h. */
int smpi_iprobe_shared(int src, int tag, MPI_Comm comm, int *flag, MPI_Status *status)
{
    return probe(src, tag, comm, PROBE_USER | PROBE_COLL, false, flag, status, NULL);
}
