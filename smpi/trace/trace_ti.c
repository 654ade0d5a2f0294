/* trace_ti: the time-independent (TI) trace sink (trace.h), in SMPI 3.32's format so that either
 * simulator replays the other's traces. tracing/filename is an index naming one file per rank,
 * <filename>_files/<stamp>_rank-<rank+1>.txt (one shared file with
 * tracing/smpi/format/ti-one-file); each MPI call is one line "<rank> <action> <args>" as SMPI's
 * TIData classes print it (src/instr/instr_private.hpp), computation a "compute <flops>" line, a
 * sleep "sleep <seconds>" (tracing/smpi/sleeping), each preceded by "location <file> <line>"
 * under smpi/trace-call-location. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>

#include "simcore/simcore.h"
#include "smpi/internal.h"
#include "smpi/trace/ti.h"

/* Each rank's lines gather in a small buffer of its own, appended to its file when full, so
 * that a trace of many ranks keeps no file open (nor a stream buffer per rank) and opens each
 * file once per buffer, not once per line. */
struct ti_out {
    char *buf;
    size_t len;
    size_t cap;
};

static char *folder;        /* <filename>_files */
static char stamp[64];      /* SMPI's run id: the wall-clock time at start, "%f" */
static struct ti_out *outs; /* per rank (one for all under ti-one-file) */
static size_t flush_at;     /* bytes a buffer gathers before it is written out */
static bool one_file;       /* tracing/smpi/format/ti-one-file */
static bool computing;      /* tracing/smpi/computing: write compute actions */
static bool sleeping;       /* tracing/smpi/sleeping: write sleep actions */
static bool locations;      /* smpi/trace-call-location: each action after its call's location */

static char *rank_path(int rank)
{
    size_t n = strlen(folder) + strlen(stamp) + 32;
    char *path = sim_xmalloc(n);

    snprintf(path, n, "%s/%s_rank-%d.txt", folder, stamp, rank + 1);
    return path;
}

static FILE *open_or_die(const char *path, const char *mode)
{
    FILE *f = fopen(path, mode);

    if (!f)
        sim_die("tracing: cannot write the TI trace file '%s': %s", path, strerror(errno));
    return f;
}

/* Appends rank's buffer to its file. */
static void flush_rank(int rank)
{
    struct ti_out *o = &outs[rank];
    char *path;
    FILE *f;

    if (o->len == 0)
        return;
    path = rank_path(rank);
    f = open_or_die(path, "a");
    if (fwrite(o->buf, 1, o->len, f) != o->len || fclose(f) != 0)
        sim_die("tracing: cannot write the TI trace file '%s': %s", path, strerror(errno));
    free(path);
    o->len = 0;
}

static void __attribute__((format(printf, 2, 3))) out(struct ti_out *o, const char *fmt, ...)
{
    va_list ap;
    int n;

    va_start(ap, fmt);
    n = vsnprintf(o->buf + o->len, o->cap - o->len, fmt, ap);
    va_end(ap);
    if ((size_t)n >= o->cap - o->len) {
        o->cap = 2 * (o->len + (size_t)n + 1);
        o->buf = sim_xrealloc(o->buf, o->cap);
        va_start(ap, fmt);
        vsnprintf(o->buf + o->len, o->cap - o->len, fmt, ap);
        va_end(ap);
    }
    o->len += (size_t)n;
}

/* Starts the line of one action of p: "<rank> ", after a "<rank> location FILE LINE" line
 * under smpi/trace-call-location, as SMPI writes it before each of its TI events. */
static struct ti_out *begin(const struct smpi_process *p)
{
    struct ti_out *o = &outs[one_file ? 0 : p->rank];

    if (locations && p->loc_file)
        out(o, "%d location %s %d\n", p->rank, smpi__loc_file(p), p->loc_line);
    out(o, "%d ", p->rank);
    return o;
}

/* After a line of p: writes its buffer out when full. */
static void end(const struct smpi_process *p)
{
    int r = one_file ? 0 : p->rank;

    if (outs[r].len >= flush_at)
        flush_rank(r);
}

static int world_or_undefined(MPI_Comm comm, int rank)
{
    if (rank < 0 || comm == MPI_COMM_NULL)
        return SMPI_TI_UNDEFINED;
    return smpi__peer_world(comm, rank);
}

static int ti_tag(int tag)
{
    return tag == MPI_ANY_TAG ? SMPI_TI_ANY_TAG : tag;
}

static const char *type_id(MPI_Datatype t)
{
    return t ? smpi__ti_type_id(t) : "-1";
}

/* SMPI's CollTIData: "name send [recv] [amount] [root] stype rtype" (recv when > 0, amount
 * when >= 0, root when > 0 or when 0 with a send type). */
static void coll_line(struct ti_out *f, const char *name, int root, double amount, int send,
                      int recv, const char *stype, const char *rtype)
{
    out(f, "%s %d ", name, send);
    if (recv > 0)
        out(f, "%d ", recv);
    if (amount >= 0)
        out(f, "%g ", amount);
    if (root > 0 || (root == 0 && stype[0]))
        out(f, "%d ", root);
    out(f, "%s %s\n", stype, rtype);
}

/* SMPI's VarCollTIData: "name [send] [sendcounts...] [recv] [recvcounts...] [root] stype rtype";
 * counts NULL are left out, zeros (n of them) when `zeros`. */
static void counts(struct ti_out *f, const int *v, int n, bool zeros)
{
    for (int i = 0; i < n; i++)
        out(f, "%d ", zeros ? 0 : v[i]);
}

static void varcoll_line(struct ti_out *f, const char *name, int root, long send,
                         const int *scounts, bool szeros, long recv, const int *rcounts,
                         bool rzeros, int n, const char *stype, const char *rtype)
{
    out(f, "%s ", name);
    if (send > -1)
        out(f, "%ld ", send);
    if (scounts || szeros)
        counts(f, scounts, n, szeros);
    if (recv > -1)
        out(f, "%ld ", recv);
    if (rcounts || rzeros)
        counts(f, rcounts, n, rzeros);
    if (root > 0 || (root == 0 && stype[0]))
        out(f, "%d ", root);
    out(f, "%s %s\n", stype, rtype);
}

/* Point-to-point calls: "name peer tag count type". */
static const struct {
    const char *call;
    const char *action;
    bool sends;
} p2p_calls[] = {
    { "MPI_Send", "send", true },   { "MPI_Isend", "isend", true },
    { "MPI_Rsend", "send", true },  { "MPI_Irsend", "isend", true },
    { "MPI_Ssend", "Ssend", true }, { "MPI_Issend", "ISsend", true },
    { "MPI_Bsend", "bsend", true }, { "MPI_Ibsend", "ibsend", true },
    { "MPI_Recv", "recv", false },  { "MPI_Irecv", "irecv", false },
};

static bool p2p(const struct smpi_process *p, const struct smpi_trace_call *c)
{
    for (size_t i = 0; i < sizeof(p2p_calls) / sizeof(p2p_calls[0]); i++) {
        bool sends = p2p_calls[i].sends;

        if (strcmp(c->name, p2p_calls[i].call) != 0)
            continue;
        /* SMPI 3.32 does not trace MPI_Recv from MPI_PROC_NULL */
        if (strcmp(c->name, "MPI_Recv") == 0 && c->peer_arg == MPI_PROC_NULL)
            return true;
        out(begin(p), "%s %d %d %d %s\n", p2p_calls[i].action,
            world_or_undefined(c->comm, c->peer_arg), ti_tag(c->tag),
            sends ? c->send_count : c->recv_count, type_id(sends ? c->send_type : c->recv_type));
        return true;
    }
    return false;
}

static void sendrecv(const struct smpi_process *p, const struct smpi_trace_call *c)
{
    /* SMPI 3.32 traces nothing when either side is MPI_PROC_NULL */
    if (c->peer_arg == MPI_PROC_NULL || c->source == MPI_PROC_NULL)
        return;
    out(begin(p), "sendRecv %d %d %d %d %s %s\n", c->send_count,
        world_or_undefined(c->comm, c->peer_arg), c->recv_count,
        world_or_undefined(c->comm, c->source), type_id(c->send_type), type_id(c->recv_type));
}

/* The world ranks a request names as SMPI's WaitTIData prints them. */
static int req_side(int world)
{
    return world < 0 ? SMPI_TI_UNDEFINED : world;
}

/* wait, test, waitAny, waitall, testany, testall, testsome, Start, Startall. */
static bool requests(const struct smpi_process *p, const struct smpi_trace_call *c)
{
    const char *n = c->name;
    MPI_Request r = c->req && c->nreqs > 0 ? c->req[0] : MPI_REQUEST_NULL;

    if (!strcmp(n, "MPI_Wait") || !strcmp(n, "MPI_Test")) {
        if (r != MPI_REQUEST_NULL)
            out(begin(p), "%s %d %d %d\n", n[4] == 'W' ? "wait" : "test", req_side(r->src),
                req_side(r->dst), ti_tag(r->tag));
    } else if (!strcmp(n, "MPI_Waitany") || !strcmp(n, "MPI_Waitall")) {
        out(begin(p), "%s %d\n", n[9] == 'n' ? "waitAny" : "waitall", c->nreqs);
    } else if (!strcmp(n, "MPI_Testany") || !strcmp(n, "MPI_Testall") ||
               !strcmp(n, "MPI_Testsome")) {
        out(begin(p), "test%s\n", n + 8);
    } else if (!strcmp(n, "MPI_Start")) {
        if (r != MPI_REQUEST_NULL)
            out(begin(p), "Start %d %d %zu %s\n", req_side(r->dst), ti_tag(r->tag), r->size,
                type_id(r->type));
    } else if (!strcmp(n, "MPI_Startall")) {
        out(begin(p), "Startall\n");
    } else {
        return false;
    }
    return true;
}

static int comm_size(MPI_Comm comm)
{
    return smpi__comm_is_inter(comm) ? smpi_comm_remote_size(comm) : smpi_comm_size(comm);
}

static long sum(const int *v, int n)
{
    long s = 0;

    for (int i = 0; v && i < n; i++)
        s += v[i];
    return s;
}

/* The collectives SMPI 3.32 writes with fixed counts (CollTIData). */
static void coll_fixed(struct ti_out *f, const char *name, int k, const struct coll_args *a,
                       bool root)
{
    enum coll_form form = coll_descs[k].form;
    int scount = a->scount;
    MPI_Datatype stype = a->stype;
    int rcount = a->rcount;
    MPI_Datatype rtype = a->rtype;

    switch (form) {
    case COLL_FORM_BCAST:
        coll_line(f, name, a->root, -1, a->count, 0, type_id(a->type), "");
        break;
    case COLL_FORM_REDUCE:
        coll_line(f, name, a->root, 0, a->count, 0, type_id(a->type), "");
        break;
    case COLL_FORM_ALLREDUCE:
        coll_line(f, name, -1, 0, a->count, 0, type_id(a->type), "");
        break;
    case COLL_FORM_GATHER:
        if (root && a->sbuf == MPI_IN_PLACE) {
            scount = 0;
            stype = rtype;
        }
        coll_line(f, name, a->root, -1, scount, rcount, type_id(stype), type_id(rtype));
        break;
    case COLL_FORM_SCATTER:
        if (a->rbuf == MPI_IN_PLACE) {
            rcount = scount;
            rtype = stype;
        }
        coll_line(f, name, a->root, -1, scount, rcount, type_id(stype), type_id(rtype));
        break;
    case COLL_FORM_ALLGATHER:
    case COLL_FORM_ALLTOALL:
        if (a->sbuf == MPI_IN_PLACE) {
            scount = rcount;
            stype = rtype;
        }
        coll_line(f, name, -1, -1, scount, rcount, type_id(stype), type_id(rtype));
        break;
    default:
        break;
    }
}

/* alltoallw as SMPI 3.32 writes it: an alltoallv in bytes with the first types. */
static void alltoallw(struct ti_out *f, const char *name, const struct coll_args *a, int n)
{
    const int *sc = a->sbuf == MPI_IN_PLACE ? a->rcounts : a->scounts;
    const MPI_Datatype *st = a->sbuf == MPI_IN_PLACE ? a->rtypes : a->stypes;
    long send = 0;
    long recv = 0;

    for (int i = 0; i < n; i++) {
        send += (long)sc[i] * (long)smpi_type_size(st[i]);
        recv += (long)a->rcounts[i] * (long)smpi_type_size(a->rtypes[i]);
    }
    varcoll_line(f, name, -1, send, sc, false, recv, a->rcounts, false, n,
                 n ? type_id(st[0]) : "-1", n ? type_id(a->rtypes[0]) : "-1");
}

/* The collectives SMPI 3.32 writes with per-rank counts (VarCollTIData). */
static void coll_var(struct ti_out *f, const char *name, const struct smpi_trace_call *c, bool root,
                     int n)
{
    const struct coll_args *a = c->coll;
    bool in_place = a->sbuf == MPI_IN_PLACE;
    int me = smpi_comm_rank(a->comm);

    switch (coll_descs[c->coll_kind].form) {
    case COLL_FORM_GATHER:
        varcoll_line(f, name, a->root, root && in_place ? 0 : a->scount, NULL, false, -1,
                     root ? a->rcounts : NULL, !root, n,
                     type_id(root && in_place ? a->rtype : a->stype), type_id(a->rtype));
        break;
    case COLL_FORM_ALLGATHER:
        varcoll_line(f, name, -1, in_place ? a->rcounts[me] : a->scount, NULL, false, -1,
                     a->rcounts, false, n, type_id(in_place ? a->rtype : a->stype),
                     type_id(a->rtype));
        break;
    case COLL_FORM_SCATTER:
        varcoll_line(f, name, a->root, -1, root ? a->scounts : NULL, !root,
                     root && a->rbuf == MPI_IN_PLACE ? a->scounts[me] : a->rcount, NULL, false, n,
                     type_id(a->stype),
                     type_id(root && a->rbuf == MPI_IN_PLACE ? a->stype : a->rtype));
        break;
    case COLL_FORM_REDUCE_SCATTER:
        if (strcmp(c->name, "MPI_Reduce_scatter_block") == 0) /* SMPI 3.32 writes recvcount zeros */
            varcoll_line(f, name, -1, -1, NULL, false, -1, NULL, true, n ? a->rcounts[0] : 0,
                         type_id(a->type), "");
        else
            varcoll_line(f, name, -1, -1, NULL, false, -1, a->rcounts, false, n, "0",
                         type_id(a->type));
        break;
    case COLL_FORM_ALLTOALL: {
        const int *sc = in_place ? a->rcounts : a->scounts;

        if (coll_descs[c->coll_kind].flags & COLL_W) {
            alltoallw(f, name, a, n);
            break;
        }

        varcoll_line(f, name, -1, sum(sc, n), sc, false, sum(a->rcounts, n), a->rcounts, false, n,
                     type_id(in_place ? a->rtype : a->stype), type_id(a->rtype));
        break;
    }
    default:
        break;
    }
}

static void collective(const struct smpi_process *p, const struct smpi_trace_call *c)
{
    const struct coll_args *a = c->coll;
    char name[32];
    bool root;
    struct ti_out *f;

    if (c->coll_kind < 0 || c->coll_kind >= COLL_NKINDS || !coll_descs[c->coll_kind].ti || !a)
        return; /* neighbourhood collectives: SMPI 3.32 writes no action */
    /* nonblocking ones are named with an i: ibcast, iallreduce, ... */
    snprintf(name, sizeof(name), "%s%s", c->name[4] == 'I' ? "i" : "", coll_descs[c->coll_kind].ti);
    root = smpi__coll_is_root(a);
    f = begin(p);
    if (coll_descs[c->coll_kind].form == COLL_FORM_BARRIER)
        out(f, "%s\n", name);
    else if (coll_descs[c->coll_kind].flags & COLL_V)
        coll_var(f, name, c, root, comm_size(a->comm));
    else
        coll_fixed(f, name, c->coll_kind, a, root);
}

static void on_call_in(const struct smpi_process *p, double now, const struct smpi_trace_call *c)
{
    (void)now;
    if (!strcmp(c->name, "MPI_Init") || !strcmp(c->name, "MPI_Init_thread"))
        out(begin(p), "init\n");
    else if (!strcmp(c->name, "MPI_Finalize"))
        out(begin(p), "finalize\n");
    else if (!strcmp(c->name, "MPI_Sendrecv") || !strcmp(c->name, "MPI_Sendrecv_replace"))
        sendrecv(p, c);
    else if (c->coll_kind >= 0)
        collective(p, c);
    else if (!p2p(p, c))
        requests(p, c);
    end(p);
}

static void on_execute(const struct smpi_process *p, double now, double flops)
{
    (void)now;
    if (computing) {
        out(begin(p), "compute %g\n", flops);
        end(p);
    }
}

/* SMPI's CpuTIData("sleep", duration), under tracing/smpi/sleeping. */
static void on_sleep(const struct smpi_process *p, double start, double stop)
{
    if (sleeping) {
        out(begin(p), "sleep %g\n", stop - start);
        end(p);
    }
}

static void on_finish(double end)
{
    (void)end;
    for (int r = 0; r < (one_file ? 1 : smpi__rt.nranks); r++) {
        flush_rank(r);
        free(outs[r].buf);
    }
    free(outs);
    outs = NULL;
    free(folder);
    folder = NULL;
}

static const struct smpi_trace_sink ti_sink = {
    .name = "ti",
    .call_in = on_call_in,
    .execute = on_execute,
    .sleep = on_sleep,
    .finish = on_finish,
};

/* Names the run as SMPI does (the wall-clock time), creates <filename>_files/ and one empty file
 * per rank (a rank that calls nothing still has its file), and writes the index. */
static void create_files(const char *index_path, int nranks)
{
    FILE *index = open_or_die(index_path, "w");
    struct timeval tv;
    size_t n = strlen(index_path) + 8;

    gettimeofday(&tv, NULL);
    snprintf(stamp, sizeof(stamp), "%f", (double)tv.tv_sec + (double)tv.tv_usec * 1e-6);
    folder = sim_xmalloc(n);
    snprintf(folder, n, "%s_files", index_path);
    if (mkdir(folder, 0755) != 0 && errno != EEXIST)
        sim_die("tracing: cannot create the TI trace folder '%s': %s", folder, strerror(errno));
    for (int r = 0; r < (one_file ? 1 : nranks); r++) {
        char *path = rank_path(r);

        fclose(open_or_die(path, "w"));
        fprintf(index, "%s\n", path);
        free(path);
    }
    if (fclose(index) != 0)
        sim_die("tracing: cannot write the TI trace index '%s': %s", index_path, strerror(errno));
}

void smpi__ti_init(void)
{
    const struct smpi_config *cfg = &smpi__rt.cfg;

    if (!cfg->tracing || !cfg->tracing_smpi || cfg->tracing_smpi_format != SMPI_TRACE_TI)
        return;
    one_file = cfg->tracing_smpi_ti_one_file;
    computing = cfg->tracing_smpi_computing;
    sleeping = cfg->tracing_smpi_sleeping;
    locations = cfg->trace_call_location;
    create_files(cfg->tracing_filename, smpi__rt.nranks);
    outs = sim_xcalloc(one_file ? 1 : (size_t)smpi__rt.nranks, sizeof(*outs));
    /* 64 MiB of buffers at most, 256 bytes to 64 KiB each */
    flush_at = (64u << 20) / (one_file ? 1u : (unsigned)smpi__rt.nranks);
    flush_at = flush_at < 256 ? 256 : flush_at > (64u << 10) ? (64u << 10) : flush_at;
    smpi__trace_register(&ti_sink);
}
