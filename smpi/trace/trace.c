/* trace: the dispatcher between the MPI layer's hooks and the sinks (see trace.h). */
#include "smpi/trace/trace.h"

#include "simcore/simcore.h"
#include "smpi/internal.h"

#include <stdbool.h>

#define MAX_SINKS 8

int smpi__trace_on;
static const struct smpi_trace_sink *sinks[MAX_SINKS];
static int nsinks;

void smpi__trace_register(const struct smpi_trace_sink *s)
{
    if (nsinks == MAX_SINKS)
        sim_die("more than %d trace sinks", MAX_SINKS);
    sinks[nsinks++] = s;
    smpi__trace_on = 1;
}

static double side_bytes(int count, const int *counts, int n, MPI_Datatype type)
{
    double total = 0;

    if (type == MPI_DATATYPE_NULL)
        return 0;
    if (counts) {
        for (int i = 0; i < n; i++)
            total += counts[i];
    } else if (count > 0) {
        total = count;
    }
    return total * (double)smpi_type_size(type);
}

void smpi__trace_call_bytes(const struct smpi_trace_call *c, double *sent, double *received)
{
    *sent = side_bytes(c->send_count, c->send_counts, c->ncounts, c->send_type);
    *received = side_bytes(c->recv_count, c->recv_counts, c->ncounts, c->recv_type);
}

struct smpi_trace_call smpi__trace_p2p(const char *name, MPI_Comm comm, int peer, int tag)
{
    struct smpi_trace_call c = SMPI_TRACE_CALL(name);

    c.comm = comm;
    c.peer = peer >= 0 ? smpi__peer_world(comm, peer) : -1;
    c.peer_arg = peer;
    c.tag = tag;
    return c;
}

struct smpi_trace_call smpi__trace_coll(const char *name, int k, const struct coll_args *a)
{
    struct smpi_trace_call c = SMPI_TRACE_CALL(name);
    enum coll_form form = coll_descs[k].form;
    bool neighbor = form == COLL_FORM_NEIGHBOR_ALLGATHER || form == COLL_FORM_NEIGHBOR_ALLTOALL;

    c.comm = a->comm;
    c.coll_kind = k;
    c.coll = a;
    c.root = a->root;
    c.op = a->op;
    if (a->type) {
        c.send_count = c.recv_count = a->count;
        c.send_type = c.recv_type = a->type;
    }
    if (a->stype && a->sbuf != MPI_IN_PLACE) {
        c.send_count = a->scount;
        c.send_type = a->stype;
    }
    if (a->rtype) {
        c.recv_count = a->rcount;
        c.recv_type = a->rtype;
    }
    if ((a->scounts || a->rcounts) && !neighbor) {
        c.ncounts =
            smpi__comm_is_inter(a->comm) ? smpi_comm_remote_size(a->comm) : smpi_comm_size(a->comm);
        c.send_counts = a->scounts;
        c.recv_counts = a->rcounts;
    }
    /* the root's side of a rooted collective means nothing on the other ranks */
    if (form == COLL_FORM_GATHER && !smpi__coll_is_root(a)) {
        c.recv_count = -1;
        c.recv_type = MPI_DATATYPE_NULL;
        c.recv_counts = NULL;
    }
    if (form == COLL_FORM_SCATTER && !smpi__coll_is_root(a)) {
        c.send_count = -1;
        c.send_type = MPI_DATATYPE_NULL;
        c.send_counts = NULL;
    }
    if (neighbor || a->stypes) { /* per-neighbour or per-peer types: not summed */
        c.send_count = c.recv_count = -1;
        c.send_type = c.recv_type = MPI_DATATYPE_NULL;
    }
    return c;
}

void smpi__trace_init(void)
{
    smpi__profile_init();
    smpi__paje_init();
    smpi__ti_init();
    smpi__timeline_init();
}

void smpi__trace_finish(void)
{
    double end = sim_now();

    for (int i = 0; i < nsinks; i++)
        if (sinks[i]->finish)
            sinks[i]->finish(end);
    nsinks = 0;
    smpi__trace_on = 0;
}

/* Calls member f of every sink that has it, with the arguments that follow. */
#define EACH_SINK(f, ...)                                                                          \
    do {                                                                                           \
        for (int i_ = 0; i_ < nsinks; i_++)                                                        \
            if (sinks[i_]->f)                                                                      \
                sinks[i_]->f(__VA_ARGS__);                                                         \
    } while (0)

void smpi__trace_call_in(const struct smpi_process *p, const struct smpi_trace_call *c)
{
    EACH_SINK(call_in, p, sim_now(), c);
}

void smpi__trace_call_out(const struct smpi_process *p, const char *name)
{
    EACH_SINK(call_out, p, sim_now(), name);
}

void smpi__trace_compute(const struct smpi_process *p, double start, double end)
{
    EACH_SINK(compute, p, start, end);
}

void smpi__trace_sleep(const struct smpi_process *p, double start, double end)
{
    EACH_SINK(sleep, p, start, end);
}

void smpi__trace_execute(const struct smpi_process *p, double flops)
{
    EACH_SINK(execute, p, sim_now(), flops);
}

void smpi__trace_send(const struct smpi_process *p, const struct smpi_trace_msg *m)
{
    EACH_SINK(send, p, sim_now(), m);
}

void smpi__trace_recv(const struct smpi_process *p, const struct smpi_trace_msg *m)
{
    EACH_SINK(recv, p, sim_now(), m);
}

void smpi__trace_rank_start(const struct smpi_process *p)
{
    EACH_SINK(rank_start, p, sim_now());
}

void smpi__trace_rank_end(const struct smpi_process *p)
{
    EACH_SINK(rank_end, p, sim_now());
}

void smpi__trace_category(int id, const char *name, const char *color)
{
    EACH_SINK(category, id, name, color);
}

void smpi__trace_action_in(const struct smpi_process *p, const char *call,
                           const struct smpi_trace_msg *send)
{
    EACH_SINK(action_in, p, sim_now(), call, send);
}

void smpi__trace_action_out(const struct smpi_process *p)
{
    EACH_SINK(action_out, p, sim_now());
}
