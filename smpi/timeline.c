/* timeline: the smpi/timeline sink (trace.h). It records every rank's MPI calls and computation
 * as bars and every message as a pair of dates, then writes one self-contained HTML page
 * (timeline_page.c). Memory: 40 bytes per bar and per message, kept until the end. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simcore/simcore.h"
#include "smpi/internal.h"
#include "smpi/timeline.h"

static struct smpi_tl_run run;
static FILE *page;

/* The index of call name `name`, added when new. Names are the bindings' constant strings, so
 * the pointer test nearly always answers; there are a few dozen distinct names at most. */
static int call_index(const char *name, bool coll)
{
    for (int i = 0; i < run.ncalls; i++)
        if (run.calls[i] == name || strcmp(run.calls[i], name) == 0)
            return i;
    run.calls = sim_xrealloc(run.calls, (size_t)(run.ncalls + 1) * sizeof(*run.calls));
    run.call_is_coll = sim_xrealloc(run.call_is_coll, (size_t)(run.ncalls + 1));
    run.calls[run.ncalls] = name;
    run.call_is_coll[run.ncalls] = coll;
    return run.ncalls++;
}

static struct smpi_tl_event *push(struct smpi_tl_rank *r)
{
    if (r->n == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 64;
        r->ev = sim_xrealloc(r->ev, r->cap * sizeof(*r->ev));
    }
    return &r->ev[r->n++];
}

static void on_call_in(const struct smpi_process *p, double now, const struct smpi_trace_call *c)
{
    struct smpi_tl_rank *r = &run.ranks[p->rank];
    struct smpi_tl_event *e = push(r);
    double sent;
    double received;

    smpi__trace_call_bytes(c, &sent, &received);
    *e = (struct smpi_tl_event){ .start = now,
                                 .end = -1,
                                 .bytes = sent + received,
                                 .call = call_index(c->name, c->coll_kind >= 0),
                                 .peer = c->peer >= 0 ? c->peer : c->root };
    r->open = (long)(r->n - 1);
}

static void on_call_out(const struct smpi_process *p, double now, const char *name)
{
    struct smpi_tl_rank *r = &run.ranks[p->rank];

    if (r->open >= 0)
        r->ev[r->open].end = now;
    r->open = -1;
}

static void on_compute(const struct smpi_process *p, double start, double end)
{
    struct smpi_tl_event *e;

    if (end <= start)
        return;
    e = push(&run.ranks[p->rank]);
    *e = (struct smpi_tl_event){ .start = start, .end = end, .call = 0, .peer = -1 };
}

/* The message numbered id (numbers start at 1, in the order of sending). */
static struct smpi_tl_msg *msg_slot(unsigned long long id)
{
    size_t i = (size_t)id - 1;
    size_t b = i / SMPI_TL_BLOCK;

    if (b >= run.nblocks) {
        run.blocks = sim_xrealloc(run.blocks, (b + 1) * sizeof(*run.blocks));
        while (run.nblocks <= b) {
            struct smpi_tl_msg *blk = sim_xmalloc(SMPI_TL_BLOCK * sizeof(*blk));

            for (size_t k = 0; k < SMPI_TL_BLOCK; k++)
                blk[k] = (struct smpi_tl_msg){ .sent = -1, .recv = -1, .src = -1 };
            run.blocks[run.nblocks++] = blk;
        }
    }
    if (i >= run.nmsgs)
        run.nmsgs = i + 1;
    return &run.blocks[b][i % SMPI_TL_BLOCK];
}

static void on_send(const struct smpi_process *p, double now, const struct smpi_trace_msg *m)
{
    struct smpi_tl_msg *s;

    if (m->id == 0)
        return;
    s = msg_slot(m->id);
    s->sent = now;
    s->src = m->src;
    s->dst = m->dst;
    s->bytes = m->bytes;
    s->internal = m->internal;
}

static void on_recv(const struct smpi_process *p, double now, const struct smpi_trace_msg *m)
{
    if (m->id == 0)
        return;
    msg_slot(m->id)->recv = now;
}

static void on_finish(double end)
{
    run.end = end;
    for (int i = 0; i < run.nranks; i++) /* a call cut short by the end of the run */
        if (run.ranks[i].open >= 0)
            run.ranks[i].ev[run.ranks[i].open].end = end;
    if (smpi__timeline_write(page, &run) != 0 || fclose(page) != 0)
        sim_die("smpi/timeline: cannot write '%s': %s", run.path, strerror(errno));
    for (int i = 0; i < run.nranks; i++)
        free(run.ranks[i].ev);
    free(run.ranks);
    free(run.calls);
    free(run.call_is_coll);
    for (size_t b = 0; b < run.nblocks; b++)
        free(run.blocks[b]);
    free(run.blocks);
    memset(&run, 0, sizeof(run));
    page = NULL;
}

static const struct smpi_trace_sink timeline_sink = {
    .name = "timeline",
    .call_in = on_call_in,
    .call_out = on_call_out,
    .compute = on_compute,
    .send = on_send,
    .recv = on_recv,
    .finish = on_finish,
};

void smpi__timeline_init(void)
{
    run.path = smpi__rt.cfg.timeline;
    if (!run.path[0])
        return;
    page = fopen(run.path, "w");
    if (!page)
        sim_die("smpi/timeline: cannot write '%s': %s", run.path, strerror(errno));
    run.nranks = smpi__rt.nranks;
    run.ranks = sim_xcalloc((size_t)run.nranks, sizeof(*run.ranks));
    for (int i = 0; i < run.nranks; i++)
        run.ranks[i].open = -1;
    call_index("computation", false);
    smpi__trace_register(&timeline_sink);
}
