/* report: which collective algorithm ran and what it cost (smpi/coll-report). For every
 * collective, communicator size and message-size class: the calls, the algorithm that ran and
 * its total simulated time; under the automatic selector, every algorithm it tried and the
 * fastest. Printed as a table on stderr and written as CSV at the end of the run. A call's time
 * is the longest any rank of the communicator spent in it; only the application's own calls on
 * intracommunicators count (coll_run_call), not the collectives that algorithms, communicator
 * creation or intercommunicator collectives run inside themselves. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collectives/internal.h"
#include "simcore/simcore.h"

SIM_LOG_SUBCATEGORY(log_report, "smpi_coll", "smpi");

/* One line of the report. */
struct line {
    enum coll_kind kind;
    int ranks;
    int cls; /* message-size class: -1 for 0 bytes, else floor(log2(bytes)) */
    const char *algo;
    long long calls;
    double total;   /* simulated seconds, summed over calls */
    double longest; /* the longest call */
    bool tried;     /* measured by the automatic selector */
    struct line *next;
};

/* A call in flight on one communicator: its ranks leave it one by one. */
struct pending {
    int comm;
    long long seq;
    int left; /* ranks that have not left it yet */
    double longest;
    struct line *line;
    struct pending *next;
};

/* Per communicator: how many collectives each of its ranks has started. */
struct comm_seq {
    int comm;
    int size;
    long long *seq;
    struct comm_seq *next;
};

#define HASH 1024

/* The report's part of the run's state (coll__run.report). */
struct coll__report {
    char *path;
    struct line *lines;
    struct pending *pending[HASH];
    struct comm_seq *seqs[HASH];
};

static void report_free(struct coll__report *rep)
{
    if (!rep)
        return;
    while (rep->lines) {
        struct line *l = rep->lines;

        rep->lines = l->next;
        free(l);
    }
    for (int i = 0; i < HASH; i++) {
        while (rep->pending[i]) {
            struct pending *p = rep->pending[i];

            rep->pending[i] = p->next;
            free(p);
        }
        while (rep->seqs[i]) {
            struct comm_seq *c = rep->seqs[i];

            rep->seqs[i] = c->next;
            free(c->seq);
            free(c);
        }
    }
    free(rep->path);
    free(rep);
}

void coll_report_init(const char *path)
{
    report_free(coll__run.report);
    coll__run.report = NULL;
    if (path && *path) {
        coll__run.report = sim_xcalloc(1, sizeof(*coll__run.report));
        coll__run.report->path = sim_xstrdup(path);
    }
}

size_t coll_call_bytes(enum coll_kind k, const struct coll_args *a)
{
    const struct coll_desc *d = &coll_descs[k];
    int size = smpi_comm_size(a->comm);
    size_t total = 0;

    if (d->form == COLL_FORM_BARRIER)
        return 0;
    if (d->form == COLL_FORM_REDUCE_SCATTER) {
        for (int i = 0; i < size; i++)
            total += (size_t)a->rcounts[i];
        return total * smpi_type_size(a->type) / (size_t)size;
    }
    if (d->form == COLL_FORM_BCAST || d->form == COLL_FORM_REDUCE || d->form == COLL_FORM_ALLREDUCE)
        return (size_t)a->count * smpi_type_size(a->type);
    if (d->flags & COLL_V) /* the v and w forms: not sized */
        return 0;
    if (d->form == COLL_FORM_SCATTER)
        return a->rbuf == MPI_IN_PLACE ? (size_t)a->scount * smpi_type_size(a->stype)
                                       : (size_t)a->rcount * smpi_type_size(a->rtype);
    return a->sbuf == MPI_IN_PLACE ? (size_t)a->rcount * smpi_type_size(a->rtype)
                                   : (size_t)a->scount * smpi_type_size(a->stype);
}

static int size_class(size_t bytes)
{
    int c = -1;

    while (bytes) {
        bytes >>= 1;
        c++;
    }
    return c;
}

static struct line *line_of(struct coll__report *rep, enum coll_kind k, int ranks, int cls,
                            const char *algo, bool tried)
{
    struct line **pp = &rep->lines;

    for (; *pp; pp = &(*pp)->next) {
        struct line *l = *pp;

        if (l->kind == k && l->ranks == ranks && l->cls == cls && l->tried == tried &&
            strcmp(l->algo, algo) == 0)
            return l;
    }
    *pp = sim_xcalloc(1, sizeof(**pp));
    (*pp)->kind = k;
    (*pp)->ranks = ranks;
    (*pp)->cls = cls;
    (*pp)->algo = algo;
    (*pp)->tried = tried;
    return *pp;
}

static void add_time(struct line *l, double t)
{
    l->calls++;
    l->total += t;
    if (t > l->longest)
        l->longest = t;
}

/* The number of this rank's collective on comm (each rank counts its own; MPI orders them). */
static long long next_seq(struct coll__report *rep, MPI_Comm comm)
{
    int id = smpi_comm_id(comm);
    struct comm_seq **pp = &rep->seqs[(unsigned)id % HASH];

    while (*pp && (*pp)->comm != id)
        pp = &(*pp)->next;
    if (!*pp) {
        *pp = sim_xcalloc(1, sizeof(**pp));
        (*pp)->comm = id;
        (*pp)->size = smpi_comm_size(comm);
        (*pp)->seq = sim_xcalloc((size_t)(*pp)->size, sizeof(long long));
    }
    return (*pp)->seq[smpi_comm_rank(comm)]++;
}

void coll__report_call(enum coll_kind k, const struct coll_args *a, const char *algo, double start)
{
    struct coll__report *rep = coll__run.report;
    int id;
    long long seq;
    struct pending **pp;
    struct pending *p;
    double seconds = smpi_now() - start;

    if (!rep)
        return;
    id = smpi_comm_id(a->comm);
    seq = next_seq(rep, a->comm);
    pp = &rep->pending[(unsigned)(id * 31 + (int)seq) % HASH];
    while (*pp && ((*pp)->comm != id || (*pp)->seq != seq))
        pp = &(*pp)->next;
    if (!*pp) {
        *pp = sim_xcalloc(1, sizeof(**pp));
        (*pp)->comm = id;
        (*pp)->seq = seq;
        (*pp)->left = smpi_comm_size(a->comm);
        (*pp)->line = line_of(rep, k, smpi_comm_size(a->comm), size_class(coll_call_bytes(k, a)),
                              algo, false);
    }
    p = *pp;
    if (seconds > p->longest)
        p->longest = seconds;
    if (--p->left == 0) {
        add_time(p->line, p->longest);
        *pp = p->next;
        free(p);
    }
}

void coll__report_tried(enum coll_kind k, const struct coll_args *a, const char *algo,
                        double longest)
{
    struct coll__report *rep = coll__run.report;

    if (rep)
        add_time(
            line_of(rep, k, smpi_comm_size(a->comm), size_class(coll_call_bytes(k, a)), algo, true),
            longest);
}

/* "512 B", "4 KiB", "16 MiB": a power of two (2^shift bytes) with its unit. */
static void fmt_pow2(int shift, char *out, size_t len)
{
    static const char *const units[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB" };

    snprintf(out, len, "%llu %s", 1ULL << (shift % 10), units[shift / 10]);
}

/* The byte range of a size class, "0 B" or "1 KiB-2 KiB" (upper bound excluded). */
static void class_label(int cls, char *out, size_t len)
{
    char lo[16];
    char hi[16];

    if (cls < 0) {
        snprintf(out, len, "0 B");
        return;
    }
    fmt_pow2(cls, lo, sizeof(lo));
    fmt_pow2(cls + 1, hi, sizeof(hi));
    snprintf(out, len, "%s-%s", lo, hi);
}

static int cmp_line(const void *x, const void *y)
{
    const struct line *a = *(const struct line *const *)x;
    const struct line *b = *(const struct line *const *)y;

    if (a->kind != b->kind)
        return (int)a->kind - (int)b->kind;
    if (a->ranks != b->ranks)
        return a->ranks - b->ranks;
    if (a->cls != b->cls)
        return a->cls - b->cls;
    if (a->tried != b->tried)
        return (int)a->tried - (int)b->tried;
    if (a->total != b->total)
        return a->total < b->total ? -1 : 1;
    return strcmp(a->algo, b->algo);
}

/* The fastest algorithm the automatic selector tried in l's class (NULL if none). */
static const struct line *fastest(struct line *const *v, int n, const struct line *l)
{
    const struct line *best = NULL;

    for (int i = 0; i < n; i++) {
        const struct line *m = v[i];

        if (m->tried && m->kind == l->kind && m->ranks == l->ranks && m->cls == l->cls &&
            (!best || m->total < best->total))
            best = m;
    }
    return best;
}

static void print(FILE *table, FILE *csv, const char *path, struct line *const *v, int n)
{
    char cls[32];

    fprintf(table, "simmpi: collective report (smpi/coll-report, CSV in %s)\n", path);
    fprintf(table, "  %-20s %6s %-13s %-28s %9s %14s %14s\n", "collective", "ranks", "size",
            "algorithm", "calls", "total (s)", "per call (s)");
    if (csv)
        fprintf(csv, "collective,ranks,bytes_min,bytes_max,algorithm,mode,calls,total_s,"
                     "mean_s,longest_s,fastest\n");
    for (int i = 0; i < n; i++) {
        const struct line *l = v[i];
        const struct line *best = l->tried ? fastest(v, n, l) : NULL;

        class_label(l->cls, cls, sizeof(cls));
        fprintf(table, "  %-20s %6d %-13s %-28s %9lld %14.9f %14.9f%s\n", coll_kind_name(l->kind),
                l->ranks, cls, l->algo, l->calls, l->total, l->total / (double)l->calls,
                l->tried ? (best == l ? "  tried, fastest" : "  tried") : "");
        if (csv)
            fprintf(csv, "%s,%d,%llu,%llu,%s,%s,%lld,%.9f,%.9f,%.9f,%s\n", coll_kind_name(l->kind),
                    l->ranks, l->cls < 0 ? 0ULL : 1ULL << l->cls,
                    l->cls < 0 ? 0ULL : (1ULL << (l->cls + 1)) - 1, l->algo,
                    l->tried ? "tried" : "ran", l->calls, l->total, l->total / (double)l->calls,
                    l->longest, best == l ? "yes" : "no");
    }
}

void coll_report_finish(void)
{
    struct coll__report *rep = coll__run.report;
    int n = 0;
    struct line **v;
    FILE *csv;

    if (!rep)
        return;
    for (struct line *l = rep->lines; l; l = l->next)
        n++;
    v = sim_xmalloc(((size_t)n + 1) * sizeof(*v));
    n = 0;
    for (struct line *l = rep->lines; l; l = l->next)
        v[n++] = l;
    qsort(v, (size_t)n, sizeof(*v), cmp_line);
    /* stdout itself rather than a new stream on it, which would truncate a redirected file */
    if (strcmp(rep->path, "-") == 0 || strcmp(rep->path, "/dev/stdout") == 0)
        csv = stdout;
    else
        csv = fopen(rep->path, "w");
    if (!csv)
        SIM_LOG(log_report, SIM_LOG_WARN, "cannot write the collective report to '%s'", rep->path);
    print(stderr, csv, rep->path, v, n);
    if (csv == stdout)
        fflush(stdout);
    else if (csv)
        fclose(csv);
    free(v);
    report_free(rep);
    coll__run.report = NULL;
}
