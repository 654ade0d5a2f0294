/* timeline: what the smpi/timeline sink (timeline.c) hands to the page writer
 * (timeline_page.c), which wraps it in the page of timeline.html. Bars and messages are written
 * as text to two scratch files as they end, so the run keeps only a few bytes per rank and
 * 8 bytes per message in memory, however long it is. */
#ifndef SMPI_TIMELINE_H
#define SMPI_TIMELINE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Dates are whole picoseconds: exact for the model's dates and, in JavaScript, up to 2^53 ps
 * (2.5 hours of simulated time; later dates round to a few ps). */
#define SMPI_TL_TICK 1e-12

/* A buffered text writer: the page has millions of numbers, and fprintf per number doubled
 * the time of writing it. err is set when a write failed. */
struct smpi_tl_out {
    FILE *f;
    size_t n;
    int err;
    char buf[1 << 16];
};

void smpi__tl_put(struct smpi_tl_out *o, const char *s, size_t len);
void smpi__tl_puts(struct smpi_tl_out *o, const char *s);
/* Writes v then a comma. */
void smpi__tl_put_int(struct smpi_tl_out *o, long long v);
/* Writes s as a JavaScript string literal that cannot end the page's <script> element. */
void smpi__tl_put_string(struct smpi_tl_out *o, const char *s);
void smpi__tl_flush(struct smpi_tl_out *o);

/* A run's timeline. bars holds, per bar in the order the bars ended, "rank, call, start minus
 * the rank's previous start, duration, peer, bytes," (call 0 is computation; peer is the
 * point-to-point peer as a world rank, the collective root as a rank of the communicator, or
 * -1). msgs holds, per received message in the order of receipt, "src, dst, sent minus the
 * previous sent, transit, bytes, internal,". Dates in SMPI_TL_TICK. */
struct smpi_tl_run {
    const char *path;
    int nranks;
    const char **calls; /* call names; [0] is "computation" */
    char *call_is_coll; /* per call name: a collective (its bars' peer is the root) */
    int ncalls;
    FILE *bars; /* scratch files, read from the start by the writer */
    FILE *msgs;
    unsigned long long nbars;
    unsigned long long nmsgs;
    unsigned long long unreceived;
    long long end; /* the run's end */
};

/* The page's source with a marker where the data goes (generated from timeline.html). */
extern const char smpi__timeline_html[];

/* Writes the page for run to out; returns 0, or -1 with errno set when reading or writing
 * failed. */
int smpi__timeline_write(FILE *out, const struct smpi_tl_run *run);

#endif /* SMPI_TIMELINE_H */
