/* timeline_page: writes the smpi/timeline page, the source of timeline.html with the run's data
 * as one JavaScript object where the marker stands. Dates are whole ticks (a power of ten of
 * seconds), each bar's and message's date as the difference from the previous one, so that a
 * million bars take about 25 MB of text and decode exactly. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simcore/simcore.h"
#include "smpi/internal.h"
#include "smpi/timeline.h"

#define MARKER "/*@TIMELINE_DATA@*/"

/* A small output buffer: the page has millions of numbers, and fprintf per number doubled the
 * time of writing it. */
struct out {
    FILE *f;
    char buf[1 << 16];
    size_t n;
    int err;
};

static void flush_out(struct out *o)
{
    if (o->n && fwrite(o->buf, 1, o->n, o->f) != o->n)
        o->err = 1;
    o->n = 0;
}

static void put(struct out *o, const char *s, size_t len)
{
    if (o->n + len > sizeof(o->buf))
        flush_out(o);
    if (len > sizeof(o->buf)) {
        if (fwrite(s, 1, len, o->f) != len)
            o->err = 1;
        return;
    }
    memcpy(o->buf + o->n, s, len);
    o->n += len;
}

static void puts_out(struct out *o, const char *s)
{
    put(o, s, strlen(s));
}

/* Writes v then a comma. */
static void put_int(struct out *o, long long v)
{
    char tmp[24];
    int i = (int)sizeof(tmp);
    unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;

    tmp[--i] = ',';
    do {
        tmp[--i] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        tmp[--i] = '-';
    put(o, tmp + i, sizeof(tmp) - (size_t)i);
}

/* Writes s as a JavaScript string literal that cannot end the page's <script> element. */
static void put_string(struct out *o, const char *s)
{
    char esc[8];

    put(o, "\"", 1);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;

        if (c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' || c < 0x20) {
            snprintf(esc, sizeof(esc), "\\u%04x", c);
            put(o, esc, 6);
        } else {
            put(o, s, 1);
        }
    }
    put(o, "\"", 1);
}

/* The tick: the smallest of 1 ps, 10 ps, ... that numbers the run's end below 2^50, so every
 * date stays an exact integer in JavaScript (whose numbers are exact up to 2^53). */
static double pick_tick(double end)
{
    int k = -12;

    while (end / pow(10, k) > 0x1p50)
        k++;
    return pow(10, k);
}

static long long ticks(double t, double tick)
{
    return llround(t / tick);
}

/* Hosts as indices in order of first use by rank 0, 1, ...; writes hosts and host. O(ranks x
 * hosts) pointer tests, a few milliseconds at 1,024 ranks. */
static void put_hosts(struct out *o, int nranks)
{
    const struct sim_host **seen = sim_xcalloc((size_t)nranks, sizeof(*seen));
    int *idx = sim_xcalloc((size_t)nranks, sizeof(*idx));
    int n = 0;

    for (int r = 0; r < nranks; r++) {
        const struct sim_host *h = smpi__rt.procs[r].host;
        int k = 0;

        while (k < n && seen[k] != h)
            k++;
        if (k == n)
            seen[n++] = h;
        idx[r] = k;
    }
    puts_out(o, "hosts:[");
    for (int k = 0; k < n; k++) {
        put_string(o, sim_host_name(seen[k]));
        put(o, ",", 1);
    }
    puts_out(o, "],\nhost:[");
    for (int r = 0; r < nranks; r++)
        put_int(o, idx[r]);
    puts_out(o, "],\n");
    free(idx);
    free(seen);
}

/* Per rank: call, start - previous start, duration, peer, bytes; 5 numbers per bar. */
static void put_events(struct out *o, const struct smpi_tl_run *run, double tick)
{
    puts_out(o, "ev:[\n");
    for (int r = 0; r < run->nranks; r++) {
        const struct smpi_tl_rank *rk = &run->ranks[r];
        long long prev = 0;

        put(o, "[", 1);
        for (size_t i = 0; i < rk->n; i++) {
            const struct smpi_tl_event *e = &rk->ev[i];
            long long s = ticks(e->start, tick);
            long long d = ticks(e->end >= e->start ? e->end : e->start, tick) - s;

            put_int(o, e->call);
            put_int(o, s - prev);
            put_int(o, d);
            put_int(o, e->peer);
            put_int(o, (long long)e->bytes);
            prev = s;
        }
        puts_out(o, "],\n");
    }
    puts_out(o, "],\n");
}

/* Received messages in order of sending: src, dst, sent - previous sent, transit, bytes,
 * internal. Message numbers follow the order of sending, so are dates. */
static void put_messages(struct out *o, const struct smpi_tl_run *run, double tick)
{
    long long prev = 0;
    size_t unreceived = 0;

    puts_out(o, "msg:[");
    for (size_t i = 0; i < run->nmsgs; i++) {
        const struct smpi_tl_msg *m = &run->blocks[i / SMPI_TL_BLOCK][i % SMPI_TL_BLOCK];
        long long s;

        if (m->sent < 0)
            continue;
        if (m->recv < 0) {
            unreceived++;
            continue;
        }
        s = ticks(m->sent, tick);
        put_int(o, m->src);
        put_int(o, m->dst);
        put_int(o, s - prev);
        put_int(o, ticks(m->recv, tick) - s);
        put_int(o, (long long)m->bytes);
        put_int(o, (long long)m->internal);
        prev = s;
    }
    puts_out(o, "],\nunreceived:");
    put_int(o, (long long)unreceived);
    puts_out(o, "\n");
}

static void put_data(struct out *o, const struct smpi_tl_run *run)
{
    double tick = pick_tick(run->end);
    char num[64];

    puts_out(o, "{\nfile:");
    put_string(o, run->path);
    snprintf(num, sizeof(num), ",\ntick:%.0e,\nend:%lld,\nranks:%d,\ncalls:[", tick,
             ticks(run->end, tick), run->nranks);
    puts_out(o, num);
    for (int i = 0; i < run->ncalls; i++) {
        put_string(o, run->calls[i]);
        put(o, ",", 1);
    }
    puts_out(o, "],\ncoll:[");
    for (int i = 0; i < run->ncalls; i++)
        put_int(o, run->call_is_coll[i]);
    puts_out(o, "],\n");
    put_hosts(o, run->nranks);
    put_events(o, run, tick);
    put_messages(o, run, tick);
    puts_out(o, "}");
}

int smpi__timeline_write(FILE *f, const struct smpi_tl_run *run)
{
    struct out *o = sim_xcalloc(1, sizeof(*o));
    const char *mark = strstr(smpi__timeline_html, MARKER);
    int rc;

    sim_assert(mark != NULL, "timeline.html lacks the data marker %s", MARKER);
    o->f = f;
    put(o, smpi__timeline_html, (size_t)(mark - smpi__timeline_html));
    put_data(o, run);
    puts_out(o, mark + strlen(MARKER));
    flush_out(o);
    rc = o->err || ferror(f) ? -1 : 0;
    free(o);
    return rc;
}
