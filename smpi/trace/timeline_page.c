/* timeline_page: writes the smpi/timeline page: the source of timeline.html with the run's data
 * as one JavaScript object where the marker stands. The bars and messages are copied from the
 * sink's scratch files; dates are whole ticks, each as the difference from the previous one, so
 * a million bars take about 25 MB of text and decode exactly. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simcore/simcore.h"
#include "smpi/internal.h"
#include "smpi/trace/timeline.h"

#define MARKER "/*@TIMELINE_DATA@*/"

void smpi__tl_flush(struct smpi_tl_out *o)
{
    if (o->n && fwrite(o->buf, 1, o->n, o->f) != o->n)
        o->err = 1;
    o->n = 0;
}

void smpi__tl_put(struct smpi_tl_out *o, const char *s, size_t len)
{
    if (o->n + len > sizeof(o->buf))
        smpi__tl_flush(o);
    if (len > sizeof(o->buf)) {
        if (fwrite(s, 1, len, o->f) != len)
            o->err = 1;
        return;
    }
    memcpy(o->buf + o->n, s, len);
    o->n += len;
}

void smpi__tl_puts(struct smpi_tl_out *o, const char *s)
{
    smpi__tl_put(o, s, strlen(s));
}

void smpi__tl_put_int(struct smpi_tl_out *o, long long v)
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
    smpi__tl_put(o, tmp + i, sizeof(tmp) - (size_t)i);
}

/* Writes s as a JavaScript string literal that cannot end the page's <script> element. */
void smpi__tl_put_string(struct smpi_tl_out *o, const char *s)
{
    char esc[8];

    smpi__tl_put(o, "\"", 1);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;

        if (c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' || c < 0x20) {
            snprintf(esc, sizeof(esc), "\\u%04x", c);
            smpi__tl_put(o, esc, 6);
        } else {
            smpi__tl_put(o, s, 1);
        }
    }
    smpi__tl_put(o, "\"", 1);
}

static double joules(struct sim_host *h)
{
    return sim_host_has_wattage(h) ? sim_host_consumed_energy(h) : 0.0;
}

/* With the host_energy plugin: energy, the joules of each host of `hosts` up to the end, and
 * energyTotal, those of every host of the platform (SimGrid's "Total energy consumption"). */
static void put_energy(struct smpi_tl_out *o, const struct sim_host **hosts, int n)
{
    struct sim_platform *p = sim_engine_platform();
    char num[64];
    double total = 0.0;

    smpi__tl_puts(o, "energy:[");
    for (int k = 0; k < n; k++) {
        snprintf(num, sizeof(num), "%.6f,", joules((struct sim_host *)hosts[k]));
        smpi__tl_puts(o, num);
    }
    for (int i = 0; i < sim_platform_host_count(p); i++)
        total += joules(sim_platform_host(p, i));
    snprintf(num, sizeof(num), "],\nenergyTotal:%.6f,\n", total);
    smpi__tl_puts(o, num);
}

/* Hosts as indices in order of first use by rank 0, 1, ...; writes hosts and host. O(ranks x
 * hosts) pointer tests, a few milliseconds at 1,024 ranks. */
static void put_hosts(struct smpi_tl_out *o, int nranks)
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
    smpi__tl_puts(o, "hosts:[");
    for (int k = 0; k < n; k++) {
        smpi__tl_put_string(o, sim_host_name(seen[k]));
        smpi__tl_put(o, ",", 1);
    }
    smpi__tl_puts(o, "],\nhost:[");
    for (int r = 0; r < nranks; r++)
        smpi__tl_put_int(o, idx[r]);
    smpi__tl_puts(o, "],\n");
    if (sim_host_energy_is_on())
        put_energy(o, seen, n);
    free(idx);
    free(seen);
}

/* Copies scratch file f (from its start) into the page, through o's buffer (this may run on a
 * rank's small stack, when MPI_Abort ends the job). */
static int copy_file(struct smpi_tl_out *o, FILE *f)
{
    size_t n;

    smpi__tl_flush(o);
    while ((n = fread(o->buf, 1, sizeof(o->buf), f)) > 0) {
        o->n = n;
        smpi__tl_flush(o);
    }
    return ferror(f) ? -1 : 0;
}

static int put_data(struct smpi_tl_out *o, const struct smpi_tl_run *run)
{
    char num[160];
    int rc = 0;

    smpi__tl_puts(o, "{\nfile:");
    smpi__tl_put_string(o, run->path);
    snprintf(num, sizeof(num),
             ",\ntick:%.0e,\nend:%lld,\nranks:%d,\nnbars:%llu,\nnmsgs:%llu,\n"
             "unreceived:%llu,\ncalls:[",
             SMPI_TL_TICK, run->end, run->nranks, run->nbars, run->nmsgs, run->unreceived);
    smpi__tl_puts(o, num);
    for (int i = 0; i < run->ncalls; i++) {
        smpi__tl_put_string(o, run->calls[i]);
        smpi__tl_put(o, ",", 1);
    }
    smpi__tl_puts(o, "],\ncoll:[");
    for (int i = 0; i < run->ncalls; i++)
        smpi__tl_put_int(o, run->call_is_coll[i]);
    smpi__tl_puts(o, "],\n");
    put_hosts(o, run->nranks);
    smpi__tl_puts(o, "ev:[\n");
    rc |= copy_file(o, run->bars);
    smpi__tl_puts(o, "],\nmsg:[\n");
    rc |= copy_file(o, run->msgs);
    smpi__tl_puts(o, "]\n}");
    return rc;
}

int smpi__timeline_write(FILE *f, const struct smpi_tl_run *run)
{
    struct smpi_tl_out *o = sim_xcalloc(1, sizeof(*o));
    const char *mark = strstr(smpi__timeline_html, MARKER);
    int rc;

    sim_assert(mark != NULL, "timeline.html lacks the data marker %s", MARKER);
    o->f = f;
    smpi__tl_put(o, smpi__timeline_html, (size_t)(mark - smpi__timeline_html));
    rc = put_data(o, run);
    smpi__tl_puts(o, mark + strlen(MARKER));
    smpi__tl_flush(o);
    rc = rc || o->err || ferror(f) ? -1 : 0;
    free(o);
    return rc;
}
