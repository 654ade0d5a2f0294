/* timeline: the smpi/timeline sink (trace.h). It writes every rank's MPI calls and computation
 * as bars and every received message to two scratch files as they end, then the page
 * (timeline_page.c). Memory: a few dozen bytes per rank and 8 bytes per message sent. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "simcore/simcore.h"
#include "smpi/internal.h"
#include "smpi/trace/timeline.h"

struct tl_rank {
    long long prev;  /* start of the rank's previous bar written */
    long long start; /* the call in progress: its start, or -1 */
    double bytes;
    int call;
    int peer;
};

/* Send dates by message number, in blocks allocated as numbers reach them. */
#define SENT_BLOCK 65536

static struct smpi_tl_run run;
static struct tl_rank *ranks;
static struct smpi_tl_out *bars_out;
static struct smpi_tl_out *msgs_out;
static long long **sent;
static size_t nsent_blocks;
static unsigned long long nsent;
static long long msg_prev;
static FILE *page;

/* t in ticks; dates past 9e6 s (104 days) are clamped rather than overflow. */
static long long ticks(double t)
{
    return t < 9e6 ? llround(t / SMPI_TL_TICK) : 9000000000000000000LL;
}

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

static void put_bar(int r, int call, long long start, long long end, int peer, double bytes)
{
    struct smpi_tl_out *o = bars_out;

    smpi__tl_put_int(o, r);
    smpi__tl_put_int(o, call);
    smpi__tl_put_int(o, start - ranks[r].prev);
    smpi__tl_put_int(o, end > start ? end - start : 0);
    smpi__tl_put_int(o, peer);
    smpi__tl_put_int(o, (long long)bytes);
    smpi__tl_put(o, "\n", 1);
    ranks[r].prev = start;
    run.nbars++;
}

static void on_call_in(const struct smpi_process *p, double now, const struct smpi_trace_call *c)
{
    struct tl_rank *r = &ranks[p->rank];
    double sent_bytes;
    double received;

    smpi__trace_call_bytes(c, &sent_bytes, &received);
    r->start = ticks(now);
    r->bytes = sent_bytes + received;
    r->call = call_index(c->name, c->coll_kind >= 0);
    r->peer = c->peer >= 0 ? c->peer : c->root;
}

static void on_call_out(const struct smpi_process *p, double now, const char *name)
{
    struct tl_rank *r = &ranks[p->rank];

    if (r->start < 0)
        return;
    put_bar(p->rank, r->call, r->start, ticks(now), r->peer, r->bytes);
    r->start = -1;
}

static void on_compute(const struct smpi_process *p, double start, double end)
{
    if (end > start)
        put_bar(p->rank, 0, ticks(start), ticks(end), -1, 0);
}

/* Where the send date of message `id` is kept (numbers start at 1, in the order of sending). */
static long long *sent_slot(unsigned long long id)
{
    size_t i = (size_t)id - 1;
    size_t b = i / SENT_BLOCK;

    if (b >= nsent_blocks) {
        sent = sim_xrealloc(sent, (b + 1) * sizeof(*sent));
        while (nsent_blocks <= b) {
            sent[nsent_blocks] = sim_xmalloc(SENT_BLOCK * sizeof(**sent));
            for (size_t k = 0; k < SENT_BLOCK; k++)
                sent[nsent_blocks][k] = -1;
            nsent_blocks++;
        }
    }
    return &sent[b][i % SENT_BLOCK];
}

static void on_send(const struct smpi_process *p, double now, const struct smpi_trace_msg *m)
{
    if (m->id == 0)
        return;
    *sent_slot(m->id) = ticks(now);
    nsent++;
}

static void on_recv(const struct smpi_process *p, double now, const struct smpi_trace_msg *m)
{
    struct smpi_tl_out *o = msgs_out;
    long long *s;

    if (m->id == 0 || *(s = sent_slot(m->id)) < 0)
        return;
    smpi__tl_put_int(o, m->src);
    smpi__tl_put_int(o, m->dst);
    smpi__tl_put_int(o, *s - msg_prev);
    smpi__tl_put_int(o, ticks(now) - *s);
    smpi__tl_put_int(o, (long long)m->bytes);
    smpi__tl_put_int(o, m->internal != 0);
    smpi__tl_put(o, "\n", 1);
    msg_prev = *s;
    *s = -1;
    run.nmsgs++;
}

/* An unlinked scratch file in smpi/tmpdir, open for writing then reading. */
static FILE *scratch(void)
{
    char path[SMPI_PATH_MAX + 32];
    FILE *f = NULL;
    int fd;

    snprintf(path, sizeof(path), "%s/simmpi-timeline-XXXXXX", smpi__rt.cfg.tmpdir);
    fd = mkstemp(path);
    if (fd >= 0) {
        unlink(path);
        f = fdopen(fd, "w+");
    }
    if (!f)
        sim_die("smpi/timeline: cannot create a scratch file in '%s' (smpi/tmpdir): %s",
                smpi__rt.cfg.tmpdir, strerror(errno));
    return f;
}

static void free_all(void)
{
    for (size_t b = 0; b < nsent_blocks; b++)
        free(sent[b]);
    free(sent);
    free(ranks);
    free(run.calls);
    free(run.call_is_coll);
    free(bars_out);
    free(msgs_out);
    fclose(run.bars);
    fclose(run.msgs);
    sent = NULL;
    nsent_blocks = 0;
    nsent = 0;
    msg_prev = 0;
    memset(&run, 0, sizeof(run));
}

static void on_finish(double end)
{
    run.end = ticks(end);
    for (int i = 0; i < run.nranks; i++) /* a call cut short by the end of the run */
        on_call_out(&smpi__rt.procs[i], end, NULL);
    run.unreceived = nsent - run.nmsgs;
    smpi__tl_flush(bars_out);
    smpi__tl_flush(msgs_out);
    if (bars_out->err || msgs_out->err || fflush(run.bars) || fflush(run.msgs))
        sim_die("smpi/timeline: cannot write a scratch file in '%s' (smpi/tmpdir): %s",
                smpi__rt.cfg.tmpdir, strerror(errno));
    rewind(run.bars);
    rewind(run.msgs);
    if (smpi__timeline_write(page, &run) != 0 || fclose(page) != 0)
        sim_die("smpi/timeline: cannot write '%s': %s", run.path, strerror(errno));
    page = NULL;
    free_all();
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
    run.bars = scratch();
    run.msgs = scratch();
    bars_out = sim_xcalloc(1, sizeof(*bars_out));
    msgs_out = sim_xcalloc(1, sizeof(*msgs_out));
    bars_out->f = run.bars;
    msgs_out->f = run.msgs;
    ranks = sim_xcalloc((size_t)run.nranks, sizeof(*ranks));
    for (int i = 0; i < run.nranks; i++)
        ranks[i].start = -1;
    call_index("computation", false);
    smpi__trace_register(&timeline_sink);
}
