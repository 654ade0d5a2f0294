/* paje_buffer: the order of the lines of a Paje file as SimGrid 3.32 writes them
 * (src/instr/instr_paje_trace.cpp, instr_config.cpp, instr_paje_containers.cpp). Definitions
 * (types, entity values) and the creation and destruction of containers are written at once;
 * dated events (states, links, variables) wait in a buffer sorted by date (ties in the order they
 * came). Whenever time advances, the buffer is written up to the date of the last destruction
 * (0 before the first one); a destruction first writes the whole buffer. So a state value defined
 * at its first use lands after every event of date 0, and a rank's end brings the events before
 * it. The sink sees time advance at its next event (nothing is written in between, so the file is
 * the same). A rank's MPI_Init writes its container, then (SMPI yields there, in its on_exit
 * simcall) the values it defines wait until the next line that is not a container's creation, so
 * that the containers of ranks starting together come first, as in SMPI.
 *
 * Memory stays bounded: past spill_bytes of text, the events that no later event can precede (at
 * most the safe date) and that the next partial write would not take (after the last
 * destruction) go to a temporary file, in order; the next full write copies it back in its
 * place. */
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
#include "smpi/trace/paje.h"

/* A queued event: its date and its line in the text arena. */
struct pj_rec {
    double t;
    size_t off;
    size_t len;
};

static struct {
    FILE *f;
    const char *path;
    int precision;        /* digits of the dates */
    double (*safe)(void); /* the earliest date an event may still come with */
    size_t spill_bytes;   /* queued text past this size goes to the spill file */
    double seen;          /* the latest date an event or definition came with */
    double low;           /* SimGrid's last_timestamp_to_dump: the date of the last destruction */
    bool defer;           /* definitions wait in `pending` (a rank's MPI_Init) */
    char *pending;
    size_t npending;
    size_t cappending;
    struct pj_rec *q;
    size_t nq;
    size_t capq;
    char *text;
    size_t ntext;
    size_t captext;
    size_t flush_at;  /* queue size (bytes) that triggers the next spill */
    FILE *spill;      /* events set aside, in order (all after low), or NULL */
    size_t spill_at;  /* they come before q[spill_at] (q before it is at most low) */
    double spill_max; /* the date of the last spilled event */
} pb;

void smpi__paje_buffer_open(FILE *f, const char *path, int precision, double (*safe)(void),
                            size_t spill_bytes)
{
    pb.f = f;
    pb.path = path;
    pb.precision = precision;
    pb.safe = safe;
    pb.spill_bytes = spill_bytes;
    pb.flush_at = spill_bytes;
}

static void write_pending(void)
{
    if (pb.npending) {
        fwrite(pb.pending, 1, pb.npending, pb.f);
        pb.npending = 0;
    }
}

/* Copies the spilled events back into the file, where they belong. */
static void unspill(void)
{
    char chunk[1 << 16];
    size_t n;

    rewind(pb.spill);
    while ((n = fread(chunk, 1, sizeof(chunk), pb.spill)) > 0)
        fwrite(chunk, 1, n, pb.f);
    if (ferror(pb.spill))
        sim_die("tracing/filename: cannot read back the events of '%s' kept aside: %s", pb.path,
                strerror(errno));
    fclose(pb.spill);
    pb.spill = NULL;
    pb.spill_at = 0;
}

/* Rebuilds the text arena for the records left in the queue (they may sit in any order in it:
 * an event dated back is inserted before others). */
static void compact(void)
{
    char *text = sim_xmalloc(pb.captext ? pb.captext : 1);
    size_t ntext = 0;

    for (size_t i = 0; i < pb.nq; i++) {
        memcpy(text + ntext, pb.text + pb.q[i].off, pb.q[i].len);
        pb.q[i].off = ntext;
        ntext += pb.q[i].len;
    }
    free(pb.text);
    pb.text = text;
    pb.ntext = ntext;
}

/* Drops the first k records of the queue. */
static void drop(size_t k)
{
    if (k == 0)
        return;
    memmove(&pb.q[0], &pb.q[k], (pb.nq - k) * sizeof(*pb.q));
    pb.nq -= k;
    pb.spill_at = pb.spill_at > k ? pb.spill_at - k : 0;
    if (pb.nq == 0)
        pb.ntext = 0;
    else
        compact();
}

/* Writes the buffered events dated at most `bound` (SimGrid's dump_buffer). Resource usage is
 * reported late, dated back: nothing after the safe date is written then, so that the file stays
 * in date order, unless `all` (the end). */
static void dump_until(double bound, bool all)
{
    double safe = all ? INFINITY : pb.safe();
    size_t k = 0;

    if (safe < bound)
        bound = safe;
    while (k < pb.nq && pb.q[k].t <= bound && (!pb.spill || k < pb.spill_at)) {
        fwrite(pb.text + pb.q[k].off, 1, pb.q[k].len, pb.f);
        k++;
    }
    if (pb.spill && k == pb.spill_at && pb.spill_max <= bound) {
        unspill();
        while (k < pb.nq && pb.q[k].t <= bound) {
            fwrite(pb.text + pb.q[k].off, 1, pb.q[k].len, pb.f);
            k++;
        }
    }
    drop(k);
}

static void dump(double bound)
{
    dump_until(bound, false);
}

/* Moves the events after the last destruction, up to the safe date, to the spill file. */
static void spill(void)
{
    double bound = pb.safe();
    size_t first = pb.spill ? pb.spill_at : 0;
    size_t k;

    while (first < pb.nq && pb.q[first].t <= pb.low)
        first++;
    for (k = first; k < pb.nq && pb.q[k].t <= bound; k++)
        ;
    if (k == first)
        return;
    if (!pb.spill) {
        pb.spill = tmpfile();
        if (!pb.spill)
            sim_die("tracing/filename: cannot create a temporary file for the events of '%s': %s",
                    pb.path, strerror(errno));
    }
    for (size_t i = first; i < k; i++)
        fwrite(pb.text + pb.q[i].off, 1, pb.q[i].len, pb.spill);
    if (ferror(pb.spill))
        sim_die("tracing/filename: cannot keep aside the events of '%s': %s", pb.path,
                strerror(errno));
    pb.spill_max = pb.q[k - 1].t;
    /* the records before `first` stay, the spilled ones leave the queue and its text */
    memmove(&pb.q[first], &pb.q[k], (pb.nq - k) * sizeof(*pb.q));
    pb.nq -= k - first;
    pb.spill_at = first;
    compact();
}

void smpi__paje_advance(double now)
{
    if (now <= pb.seen)
        return;
    pb.seen = now;
    write_pending();
    dump(pb.low);
}

/* Room for n more bytes of text and one more record. */
static void reserve(size_t n)
{
    if (pb.ntext + n > pb.captext) {
        pb.captext = 2 * (pb.ntext + n);
        pb.text = sim_xrealloc(pb.text, pb.captext);
    }
    if (pb.nq == pb.capq) {
        pb.capq = pb.capq ? 2 * pb.capq : 4096;
        pb.q = sim_xrealloc(pb.q, pb.capq * sizeof(*pb.q));
    }
}

/* Inserts record r after every queued record dated at or before it (SimGrid's
 * insert_into_buffer). O(1) for the usual event of the current date. */
static void enqueue(struct pj_rec r)
{
    size_t lo = pb.spill ? pb.spill_at : 0;
    size_t hi = pb.nq;

    if (pb.nq == 0 || pb.q[pb.nq - 1].t <= r.t) {
        pb.q[pb.nq++] = r;
        return;
    }
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;

        if (pb.q[mid].t <= r.t)
            lo = mid + 1;
        else
            hi = mid;
    }
    memmove(&pb.q[lo + 1], &pb.q[lo], (pb.nq - lo) * sizeof(*pb.q));
    pb.q[lo] = r;
    pb.nq++;
}

void smpi__paje_queue(double t, const char *s, size_t n)
{
    smpi__paje_advance(t);
    reserve(n + 1);
    memcpy(pb.text + pb.ntext, s, n);
    pb.text[pb.ntext + n] = '\n';
    enqueue((struct pj_rec){ t, pb.ntext, n + 1 });
    pb.ntext += n + 1;
    if (pb.ntext > pb.flush_at) {
        spill();
        /* what the bound kept waits for the queue to grow again: linear when it is stuck */
        pb.flush_at = pb.ntext + pb.spill_bytes;
    }
}

void smpi__paje_defer(bool on)
{
    pb.defer = on;
}

/* A line written at once: after the deferred definitions unless it is a container's creation
 * (`creation`), or into them while they are deferred. */
static void write_direct(const char *s, size_t n, bool creation)
{
    if (pb.defer && !creation) {
        if (pb.npending + n + 1 > pb.cappending) {
            pb.cappending = 2 * (pb.npending + n + 1);
            pb.pending = sim_xrealloc(pb.pending, pb.cappending);
        }
        memcpy(pb.pending + pb.npending, s, n);
        pb.pending[pb.npending + n] = '\n';
        pb.npending += n + 1;
        return;
    }
    if (!creation)
        write_pending();
    fwrite(s, 1, n, pb.f);
    fputc('\n', pb.f);
}

/* Formats into buf (len bytes) or, when it does not fit, into a new string (*big, to free). */
static size_t vformat(char *buf, size_t len, char **big, const char *fmt, va_list ap)
{
    va_list again;
    int n;

    va_copy(again, ap);
    n = vsnprintf(buf, len, fmt, ap);
    *big = NULL;
    if (n >= 0 && (size_t)n >= len) {
        *big = sim_xmalloc((size_t)n + 1);
        vsnprintf(*big, (size_t)n + 1, fmt, again);
    }
    va_end(again);
    return n < 0 ? 0 : (size_t)n;
}

void smpi__paje_def(const char *fmt, ...)
{
    char buf[512];
    char *big;
    size_t n;
    va_list ap;

    if (pb.f)
        smpi__paje_advance(sim_now());
    va_start(ap, fmt);
    n = vformat(buf, sizeof(buf), &big, fmt, ap);
    va_end(ap);
    write_direct(big ? big : buf, n, false);
    free(big);
}

void smpi__paje_event(int code, double t, const char *fmt, ...)
{
    char head[64];
    char buf[512];
    char *big, *line;
    size_t nhead, n;
    va_list ap;

    nhead = (size_t)snprintf(head, sizeof(head), "%d %.*f ", code, pb.precision, t);
    va_start(ap, fmt);
    n = vformat(buf + nhead, sizeof(buf) - nhead, &big, fmt, ap);
    va_end(ap);
    if (big) {
        line = sim_xmalloc(nhead + n + 1);
        memcpy(line, head, nhead);
        memcpy(line + nhead, big, n + 1);
        free(big);
    } else {
        line = buf;
        memcpy(line, head, nhead);
    }
    smpi__paje_advance(t);
    if (code == PJ_CREATE_CONTAINER) {
        write_direct(line, nhead + n, true);
    } else if (code == PJ_DESTROY_CONTAINER) {
        /* SimGrid's ~Container: the events that might name it first, then its end */
        write_pending();
        pb.low = t;
        dump(INFINITY);
        if (pb.nq == 0 && !pb.spill && pb.safe() >= t)
            write_direct(line, nhead + n, false);
        else /* usage or a sleep still to come may be dated before: after the events of its date */
            smpi__paje_queue(t, line, nhead + n);
    } else {
        smpi__paje_queue(t, line, nhead + n);
    }
    if (line != buf)
        free(line);
}

void smpi__paje_dump_all(void)
{
    write_pending();
    dump(INFINITY);
}

void smpi__paje_buffer_close(void)
{
    write_pending();
    dump_until(INFINITY, true);
    free(pb.pending);
    free(pb.q);
    free(pb.text);
    memset(&pb, 0, sizeof(pb));
}
