/* paje: the Paje trace sink (trace.h) — the file SMPI 3.32 writes under smpirun -trace: its
 * header and event definitions, one container "rank-N" per rank, one state per MPI call named
 * as SMPI names it (paje_names.c), zero-length PMPI_Init, a link per message (keyed by the
 * message's number, so that every send pairs with its receive, MPI_Sendrecv included), and the
 * platform's hosts and links when asked (paje_platform.c). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simcore/simcore.h"
#include "smpi/internal.h"
#include "smpi/trace/paje.h"

#define CACHE_SIZE 256 /* MPI call names seen, a power of two */

/* A user message received during an MPI call, whose link ends when the call returns. */
struct pj_end {
    int index; /* in the call's array of requests: SMPI ends the links in that order */
    int src;
    int tag;
};

struct pj_rank {
    int container;       /* 0 before MPI_Init and after the rank ended */
    bool in_call;        /* inside an MPI call */
    bool in_state;       /* call_in pushed a state that call_out pops */
    bool in_action;      /* inside a replay action, whose state replaces its MPI calls' */
    const char *action;  /* the MPI call the action makes */
    bool computing;      /* in a "computing" state */
    struct pj_end *ends; /* user messages received in the current call */
    int nends;
    int capends;
    double out_since; /* outside MPI since then (a computation may start there), else INFINITY */
};

/* MPI call name (the binding's string, compared by address) -> its state's entity value. */
struct pj_cached {
    const char *call;
    int value; /* -1: SMPI draws no state for this call */
};

static struct {
    FILE *f;
    const char *path;
    const struct smpi_config *cfg;
    bool smpi;  /* tracing/smpi (or group): ranks, states and links */
    bool sizes; /* tracing/smpi/display-sizes, which needs tracing/smpi (as in SMPI) */
    bool loc;   /* smpi/trace-call-location: states carry the file and line of the MPI call */
    bool usage; /* resource usage is traced: its events are dated back to simcore's horizon */
    struct paje_layout lay;
    int ntypes;
    int ncontainers;
    int computing_value; /* entity value of "computing", 0 until defined */
    int sleeping_value;  /* and of "sleeping" */
    struct pj_rank *ranks;
    struct pj_cached cache[CACHE_SIZE];
    const char **states; /* entity values defined so far: states[i] has value value_ids[i] */
    int *value_ids;
    int nstates;
} pj;

int smpi__paje_new_type(void)
{
    return ++pj.ntypes;
}

int smpi__paje_new_container(void)
{
    return ++pj.ncontainers;
}

/* Every event comes in date order but the usage of resources, reported when it ends and dated
 * from when it began (simcore's horizon), and a sleep, reported when it ends: it may have begun
 * when its rank last left MPI. */
static double safe_date(void)
{
    double bound = pj.usage ? sim_engine_usage_horizon() : INFINITY;

    if (!pj.cfg->tracing_smpi_sleeping)
        return bound;
    for (int i = 0; i < smpi__rt.nranks; i++)
        if (pj.ranks[i].container && pj.ranks[i].out_since < bound)
            bound = pj.ranks[i].out_since;
    return bound;
}

/* A line being built: event number, date, then fields separated by spaces. The hot events
 * (states and links) are built with put_* rather than printf, which cost a third of a traced
 * run; the date, shared by the events of one instant, is formatted once. */
struct pj_line {
    char s[320];
    size_t n;
};

static void put_str(struct pj_line *l, const char *s)
{
    size_t n = strlen(s);

    if (n > sizeof(l->s) - 2 - l->n)
        n = sizeof(l->s) - 2 - l->n;
    memcpy(l->s + l->n, s, n);
    l->n += n;
}

static void put_int(struct pj_line *l, long long v)
{
    char digits[24];
    int n = sim_decimal(digits, v);

    for (int k = 0; k < n && l->n < sizeof(l->s) - 2; k++)
        l->s[l->n++] = digits[k];
}

static void put_sep(struct pj_line *l, char c)
{
    if (l->n < sizeof(l->s) - 2)
        l->s[l->n++] = c;
}

/* Starts a line with "code date ". */
static void line_start(struct pj_line *l, int code, double t)
{
    static double last = -1;
    static char text[64];

    if (t != last) {
        snprintf(text, sizeof(text), "%.*f", pj.cfg->tracing_precision, t);
        last = t;
    }
    l->n = 0;
    put_int(l, code);
    put_sep(l, ' ');
    put_str(l, text);
    put_sep(l, ' ');
}

/* The entity value of state `state`, defined (with SMPI's colour) on first use. */
static int value_of_state(const char *state)
{
    for (int i = 0; i < pj.nstates; i++)
        if (strcmp(pj.states[i], state) == 0)
            return pj.value_ids[i];
    pj.states = sim_xrealloc(pj.states, (size_t)(pj.nstates + 1) * sizeof(*pj.states));
    pj.value_ids = sim_xrealloc(pj.value_ids, (size_t)(pj.nstates + 1) * sizeof(*pj.value_ids));
    pj.states[pj.nstates] = state;
    pj.value_ids[pj.nstates] = smpi__paje_new_type();
    smpi__paje_def("5 %d %d %s \"%s\"", pj.value_ids[pj.nstates], pj.lay.state_type, state,
                   smpi__paje_color(state));
    return pj.value_ids[pj.nstates++];
}

/* The entity value of MPI call `call`'s state, or -1 when SMPI draws none. The bindings pass
 * string constants, so the cache compares addresses: one hash and one compare per call. */
static int value_of_call(const char *call)
{
    size_t h = ((size_t)call >> 3) & (CACHE_SIZE - 1);
    const char *state;

    for (size_t n = 0; n < CACHE_SIZE; n++, h = (h + 1) & (CACHE_SIZE - 1)) {
        struct pj_cached *e = &pj.cache[h];

        if (e->call == call)
            return e->value;
        if (e->call)
            continue;
        state = smpi__paje_state(call);
        *e = (struct pj_cached){ call, state ? value_of_state(state) : -1 };
        return e->value;
    }
    state = smpi__paje_state(call); /* the cache is full: look it up each time */
    return state ? value_of_state(state) : -1;
}

static bool is_init(const char *call)
{
    return strcmp(call, "MPI_Init") == 0 || strcmp(call, "MPI_Init_thread") == 0;
}

static bool is_finalize(const char *call)
{
    return strcmp(call, "MPI_Finalize") == 0;
}

/* The head of a state event of the rank state type: "code date type container". */
static void state_line_start(struct pj_line *l, int code, double t, int container)
{
    line_start(l, code, t);
    put_int(l, pj.lay.state_type);
    put_sep(l, ' ');
    put_int(l, container);
}

/* "12 date type container value[ size][ "file" line]": the location is p's last MPI call
 * (smpicc -trace-call-location), as SMPI's StateEvent records it. */
static void push(const struct smpi_process *p, int container, double t, int value, const char *size)
{
    struct pj_line l;

    state_line_start(&l, PJ_PUSH_STATE, t, container);
    put_sep(&l, ' ');
    put_int(&l, value);
    if (pj.sizes) {
        put_sep(&l, ' ');
        put_str(&l, size);
    }
    if (pj.loc) {
        const char *file = smpi__loc_file(p);
        size_t n = strlen(file);

        put_str(&l, " \"");
        put_str(&l, n > 200 ? file + n - 200 : file); /* the line's room: keep the tail */
        put_str(&l, "\" ");
        put_int(&l, p->loc_line);
    }
    smpi__paje_queue(t, l.s, l.n);
}

/* A state for MPI call c: its size is the call's (tracing/smpi/display-sizes), "NA" without one. */
static void push_call(const struct smpi_process *p, int container, double t, int value,
                      const struct smpi_trace_call *c)
{
    char size[32] = "NA";

    if (pj.sizes)
        smpi__paje_size(c, size, sizeof(size));
    push(p, container, t, value, size);
}

/* A state whose size is an amount (the flops of an execution, the length of a sleep), written
 * "%f" as SMPI's CpuTIData does. */
static void push_amount(const struct smpi_process *p, int container, double t, int value,
                        double amount)
{
    char size[48];

    snprintf(size, sizeof(size), "%f", amount);
    push(p, container, t, value, size);
}

/* "13 date type container" (and a blank under display-sizes, as SMPI writes it) */
static void pop(int container, double t)
{
    struct pj_line l;

    state_line_start(&l, PJ_POP_STATE, t, container);
    if (pj.sizes)
        put_sep(&l, ' ');
    smpi__paje_queue(t, l.s, l.n);
}

/* "15 date type 0 PTP container src_dst_tag_N[ size]" (start) or "16 ..." (end), with SMPI's
 * key: process ids (rank + 1), the tag, and SMPI's number for the message (paje_keys.c). */
static void link_event(int code, double t, int container, const struct smpi_trace_msg *m, bool size)
{
    struct pj_line l;

    line_start(&l, code, t);
    put_int(&l, pj.lay.msg_link_type);
    put_str(&l, " 0 PTP ");
    put_int(&l, container);
    put_sep(&l, ' ');
    put_int(&l, m->src + 1);
    put_sep(&l, '_');
    put_int(&l, m->dst + 1);
    put_sep(&l, '_');
    put_int(&l, m->tag);
    put_sep(&l, '_');
    put_int(&l, (long long)smpi__paje_key(m->src, m->dst, m->tag, code == PJ_START_LINK));
    if (size) {
        put_sep(&l, ' ');
        put_int(&l, (long long)m->bytes);
    }
    smpi__paje_queue(t, l.s, l.n);
}

/* MPI_Init, as SMPI's TRACE_smpi_init: the rank's container, then (SMPI's on_exit simcall lets
 * the other ranks starting at this date create theirs first) the value of the state, the state,
 * zero-long, and the values of computing and sleeping. */
static void rank_init(const struct smpi_process *p, double now, const struct smpi_trace_call *c)
{
    struct pj_rank *r = &pj.ranks[p->rank];
    int parent = pj.lay.host_container ? pj.lay.host_container[sim_host_index(p->host)] : 0;

    if (r->container)
        return;
    r->container = smpi__paje_new_container();
    smpi__paje_event(PJ_CREATE_CONTAINER, now, "%d %d %d \"rank-%d\"", r->container,
                     pj.lay.rank_type, parent, p->rank);
    smpi__paje_defer(true);
    push_call(p, r->container, now, value_of_call(c->name), c);
    pop(r->container, now);
    if (pj.cfg->tracing_smpi_computing && !pj.computing_value)
        pj.computing_value = value_of_state("computing");
    if (pj.cfg->tracing_smpi_sleeping && !pj.sleeping_value)
        pj.sleeping_value = value_of_state("sleeping");
    smpi__paje_defer(false);
}

/* A state for the call, unless the replay draws its own (smpi__trace_action_in): SMPI's replay
 * traces its actions, not the MPI calls they make. */
static void on_call_in(const struct smpi_process *p, double now, const struct smpi_trace_call *c)
{
    struct pj_rank *r = &pj.ranks[p->rank];
    int value;

    r->out_since = INFINITY;
    r->in_call = true;
    if (is_init(c->name)) {
        rank_init(p, now, c);
        return;
    }
    if (r->in_action && !is_finalize(c->name))
        return;
    value = value_of_call(c->name);
    if (value < 0 || !r->container)
        return;
    push_call(p, r->container, now, value, c);
    r->in_state = true;
}

static void end_link(int container, double now, int src, int dst, int tag)
{
    struct smpi_trace_msg m = { .src = src, .dst = dst, .tag = tag };

    link_event(PJ_END_LINK, now, container, &m, false);
}

/* The receives of one call in the order of its array of requests (each index once per call). */
static int by_index(const void *a, const void *b)
{
    int x = ((const struct pj_end *)a)->index;
    int y = ((const struct pj_end *)b)->index;

    return (x > y) - (x < y);
}

/* The links of the user's messages the call received, in the order of its requests. */
static void end_links(const struct smpi_process *p, struct pj_rank *r, double now)
{
    qsort(r->ends, (size_t)r->nends, sizeof(*r->ends), by_index);
    for (int i = 0; i < r->nends && r->container; i++)
        end_link(r->container, now, r->ends[i].src, p->rank, r->ends[i].tag);
    r->nends = 0;
}

/* The call's state ends after the links of the messages it received, but MPI_Wait's before
 * (SMPI's PMPI_Wait traces the receive after its comm_out). */
static void on_call_out(const struct smpi_process *p, double now, const char *name)
{
    struct pj_rank *r = &pj.ranks[p->rank];
    bool ends = !r->in_action || r->in_state;
    bool wait = strcmp(name, "MPI_Wait") == 0;

    if (ends && !wait)
        end_links(p, r, now);
    r->in_call = false;
    if (r->container)
        r->out_since = now;
    if (r->in_state && r->container)
        pop(r->container, now);
    r->in_state = false;
    if (ends && wait)
        end_links(p, r, now);
}

/* A replay action (smpi__trace_action_in): its state, SMPI's name for the call it makes, and
 * the link of the message it sends (unless tracing/smpi/internals draws them all where they
 * leave, as SMPI's replay does then). */
static void on_action_in(const struct smpi_process *p, double now, const char *call,
                         const struct smpi_trace_msg *send)
{
    struct pj_rank *r = &pj.ranks[p->rank];
    int value = call ? value_of_call(call) : -1;

    r->in_action = true;
    r->action = call;
    if (!r->container)
        return;
    if (value >= 0)
        push(p, r->container, now, value, "NA");
    if (send && !pj.cfg->tracing_smpi_internals)
        link_event(PJ_START_LINK, now, r->container, send, pj.sizes);
}

/* SMPI's replay ends the links of a receive after the state, but those of MPI_Sendrecv and
 * MPI_Waitall before it. */
static void on_action_out(const struct smpi_process *p, double now)
{
    struct pj_rank *r = &pj.ranks[p->rank];
    bool first = r->action &&
                 (strcmp(r->action, "MPI_Sendrecv") == 0 || strcmp(r->action, "MPI_Waitall") == 0);

    if (first)
        end_links(p, r, now);
    if (r->action && value_of_call(r->action) >= 0 && r->container)
        pop(r->container, now);
    if (!first)
        end_links(p, r, now);
    r->in_action = false;
}

/* tracing/smpi/computing: SMPI's "computing" state, pushed when the execution starts (its
 * CpuTIData size: the flops) and popped when it ends. */
static void on_execute(const struct smpi_process *p, double now, double flops)
{
    struct pj_rank *r = &pj.ranks[p->rank];

    if (!pj.cfg->tracing_smpi_computing || !r->container)
        return;
    push_amount(p, r->container, now, pj.computing_value, flops);
    r->computing = true;
}

static void on_compute(const struct smpi_process *p, double start, double end)
{
    struct pj_rank *r = &pj.ranks[p->rank];

    (void)start;
    if (r->computing && r->container)
        pop(r->container, end);
    r->computing = false;
}

/* tracing/smpi/sleeping: SMPI's private_sleep pushes "sleeping" (its CpuTIData size: the
 * duration) for the time of the sleep. */
static void on_sleep(const struct smpi_process *p, double start, double end)
{
    struct pj_rank *r = &pj.ranks[p->rank];

    if (!pj.cfg->tracing_smpi_sleeping || !r->container)
        return;
    if (!pj.sleeping_value)
        pj.sleeping_value = value_of_state("sleeping");
    push_amount(p, r->container, start, pj.sleeping_value, end - start);
    pop(r->container, end);
}

static bool shown(const struct smpi_trace_msg *m)
{
    return !m->internal || pj.cfg->tracing_smpi_internals;
}

/* SMPI's key is "src_dst_tag_N" with process ids (rank + 1) and the number paje_keys.c gives,
 * the same on both ends. */
static void on_send(const struct smpi_process *p, double now, const struct smpi_trace_msg *m)
{
    int from = pj.ranks[p->rank].container;

    if (!shown(m) || !from)
        return;
    if (pj.ranks[p->rank].in_action && !m->internal && !pj.cfg->tracing_smpi_internals)
        return; /* the action drew it */
    link_event(PJ_START_LINK, now, from, m, pj.sizes);
}

/* An internal message ends where the library's wait returns it (SMPI's Request::finish_wait,
 * which also traces the user's messages under tracing/smpi/internals); otherwise a user's
 * message ends when the MPI call that received it returns, as SMPI's bindings trace it — after
 * MPI_Waitall has returned every request, and also for MPI_Test and MPI_Waitsome, where SMPI
 * 3.32 leaves the link open. */
static void on_recv(const struct smpi_process *p, double now, const struct smpi_trace_msg *m)
{
    struct pj_rank *r = &pj.ranks[p->rank];

    if (!shown(m) || !r->container)
        return;
    if (m->internal || !r->in_call || pj.cfg->tracing_smpi_internals) {
        end_link(r->container, now, m->src, m->dst, m->tag);
        return;
    }
    if (r->nends == r->capends) {
        r->capends = r->capends ? 2 * r->capends : 4;
        r->ends = sim_xrealloc(r->ends, (size_t)r->capends * sizeof(*r->ends));
    }
    r->ends[r->nends++] = (struct pj_end){ .index = m->index, .src = m->src, .tag = m->tag };
}

static void end_rank(struct pj_rank *r, double now)
{
    if (!r->container)
        return;
    for (int i = 0; i < r->nends; i++)
        end_link(r->container, now, r->ends[i].src, (int)(r - pj.ranks), r->ends[i].tag);
    r->nends = 0;
    if (r->in_state)
        pop(r->container, now);
    if (!pj.cfg->tracing_disable_destroy)
        smpi__paje_event(PJ_DESTROY_CONTAINER, now, "%d %d", pj.lay.rank_type, r->container);
    r->container = 0;
    r->in_state = false;
    r->out_since = INFINITY;
}

static void on_rank_end(const struct smpi_process *p, double now)
{
    end_rank(&pj.ranks[p->rank], now);
}

static void on_finish(double end)
{
    for (int i = 0; pj.smpi && i < smpi__rt.nranks; i++) {
        end_rank(&pj.ranks[i], end);
        free(pj.ranks[i].ends);
    }
    if (pj.usage)
        smpi__paje_usage_end();
    smpi__paje_category_end();
    smpi__paje_keys_end();
    smpi__paje_platform_end(end, &pj.lay);
    smpi__paje_buffer_close();
    if (ferror(pj.f) | fclose(pj.f))
        sim_die("tracing/filename: cannot write '%s': %s", pj.path, strerror(errno));
    free(pj.ranks);
    free(pj.states);
    free(pj.value_ids);
    free(pj.lay.host_container);
    memset(&pj, 0, sizeof(pj));
}

/* A tracing category: its variables under tracing/categorized. */
static void on_category(int id, const char *name, const char *color)
{
    if (pj.cfg->tracing_categorized)
        smpi__paje_category(id, name, color);
}

static const struct smpi_trace_sink paje_sink = {
    .name = "paje",
    .call_in = on_call_in,
    .call_out = on_call_out,
    .execute = on_execute,
    .compute = on_compute,
    .action_in = on_action_in,
    .action_out = on_action_out,
    .sleep = on_sleep,
    .send = on_send,
    .recv = on_recv,
    .rank_end = on_rank_end,
    .category = on_category,
    .finish = on_finish,
};

/* tracing without tracing/smpi: the platform alone */
static const struct smpi_trace_sink platform_only_sink = {
    .name = "paje",
    .category = on_category,
    .finish = on_finish,
};

/* A comment line per line of tracing/comment-file (SMPI 3.32 drops the line ends, which joins
 * the lines and comments out the first event definition; each keeps its own line here). */
static void comment_file(const char *path)
{
    FILE *in;
    char line[4096];

    if (!path[0])
        return;
    in = fopen(path, "r");
    if (!in)
        sim_die("tracing/comment-file: cannot read '%s': %s", path, strerror(errno));
    while (fgets(line, sizeof(line), in)) {
        line[strcspn(line, "\r\n")] = '\0';
        fprintf(pj.f, "# %s\n", line);
    }
    fclose(in);
}

/* Writes one %EventDef block: the name, the number and the fields ("Name type" each). */
static void event_def(const char *name, int code, const char *const *fields, int n)
{
    fprintf(pj.f, "%%EventDef %s %d\n", name, code);
    for (int i = 0; i < n; i++)
        fprintf(pj.f, "%%       %s\n", fields[i]);
    fprintf(pj.f, "%%EndEventDef\n");
}

/* The event definitions of SMPI 3.32 (instr_paje_header.cpp), tracing/basic's old field names,
 * display-sizes' Size fields and trace-call-location's Fname and Lnumber included. */
static void header_defs(bool basic, bool sizes, bool loc)
{
    const char *ctype = basic ? "ContainerType string" : "Type string";
    const char *dated[] = { "Time date", "Type string", "Container string", "Value string",
                            "Size int" };
    const char *cdef[] = { "Alias string", ctype, "Name string" };
    const char *vdef[] = { "Alias string", ctype, "Name string", "Color color" };
    const char *ldef[] = { "Alias string", ctype,
                           basic ? "SourceContainerType string" : "StartContainerType string",
                           basic ? "DestContainerType string" : "EndContainerType string",
                           "Name string" };
    const char *edef[] = { "Alias string", basic ? "EntityType string" : "Type string",
                           "Name string", "Color color" };
    const char *create[] = { "Time date", "Alias string", "Type string", "Container string",
                             "Name string" };
    const char *destroy[] = { "Time date", "Type string", "Name string" };
    const char *var[] = { "Time date", "Type string", "Container string", "Value double" };
    const char *start[] = { "Time date",
                            "Type string",
                            "Container string",
                            "Value string",
                            basic ? "SourceContainer string" : "StartContainer string",
                            "Key string",
                            "Size int" };
    const char *endl[] = { "Time date",
                           "Type string",
                           "Container string",
                           "Value string",
                           basic ? "DestContainer string" : "EndContainer string",
                           "Key string" };
    const char *pushdef[7] = { dated[0], dated[1], dated[2], dated[3], dated[4] };
    int npush = sizes ? 5 : 4;

    if (loc) { /* SMPI's names: Paje reserves "Filename" and "Linenumber" */
        pushdef[npush++] = "Fname string";
        pushdef[npush++] = "Lnumber int";
    }
    event_def("PajeDefineContainerType", 0, cdef, 3);
    event_def("PajeDefineVariableType", 1, vdef, 4);
    event_def("PajeDefineStateType", 2, cdef, 3);
    event_def("PajeDefineEventType", 3, cdef, 3);
    event_def("PajeDefineLinkType", 4, ldef, 5);
    event_def("PajeDefineEntityValue", 5, edef, 4);
    event_def("PajeCreateContainer", 6, create, 5);
    event_def("PajeDestroyContainer", 7, destroy, 3);
    event_def("PajeSetVariable", 8, var, 4);
    event_def("PajeAddVariable", 9, var, 4);
    event_def("PajeSubVariable", 10, var, 4);
    event_def("PajeSetState", 11, dated, 4);
    event_def("PajePushState", 12, pushdef, npush);
    event_def("PajePopState", 13, dated, 3);
    if (!basic)
        event_def("PajeResetState", 14, dated, 3);
    event_def("PajeStartLink", 15, start, sizes ? 7 : 6);
    event_def("PajeEndLink", 16, endl, 6);
    event_def("PajeNewEvent", 17, dated, 4);
}

static void header(void)
{
    const struct smpi_config *cfg = pj.cfg;

    fprintf(pj.f, "#This file was generated using simmpi-%s (the format of SimGrid-3.32.0)\n",
            PACKAGE_VERSION);
    fprintf(pj.f, "#[");
    for (int i = 0; i < smpi__rt.argc; i++)
        fprintf(pj.f, "%s ", smpi__rt.argv[i]);
    fprintf(pj.f, "]\n");
    if (cfg->tracing_comment[0])
        fprintf(pj.f, "# %s\n", cfg->tracing_comment);
    comment_file(cfg->tracing_comment_file);
    header_defs(cfg->tracing_basic, pj.sizes, pj.loc);
}

void smpi__paje_init(void)
{
    const struct smpi_config *cfg = &smpi__rt.cfg;
    static char buf[1 << 20];

    if (!cfg->tracing || cfg->tracing_smpi_format != SMPI_TRACE_PAJE)
        return; /* tracing/smpi/format:TI writes tracing/filename instead (trace_ti.c) */
    pj.cfg = cfg;
    pj.path = cfg->tracing_filename;
    pj.smpi = cfg->tracing_smpi || cfg->tracing_smpi_group;
    pj.sizes = cfg->tracing_smpi_display_sizes && cfg->tracing_smpi;
    pj.loc = cfg->trace_call_location;
    pj.f = fopen(pj.path, "w");
    if (!pj.f)
        sim_die("tracing/filename: cannot write '%s': %s", pj.path, strerror(errno));
    setvbuf(pj.f, buf, _IOFBF, sizeof(buf));
    smpi__paje_buffer_open(pj.f, pj.path, cfg->tracing_precision, safe_date, 4u << 20);
    pj.ranks = sim_xcalloc((size_t)smpi__rt.nranks, sizeof(*pj.ranks));
    for (int i = 0; i < smpi__rt.nranks; i++)
        pj.ranks[i].out_since = INFINITY;
    header();
    smpi__paje_platform(&pj.lay);
    smpi__paje_dump_all(); /* SimGrid writes the platform's variables once it is built */
    pj.usage = smpi__paje_usage_start();
    smpi__trace_register(pj.smpi ? &paje_sink : &platform_only_sink);
}
