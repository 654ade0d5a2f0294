/* timeline: what the smpi/timeline sink records (timeline.c) and hands to the page writer
 * (timeline_page.c), which wraps it in the page of timeline.html. */
#ifndef SMPI_TIMELINE_H
#define SMPI_TIMELINE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* One bar: an MPI call (call >= 1, an index into the call names) or computation (call 0). */
struct smpi_tl_event {
    double start;
    double end;   /* < 0 while the call runs */
    double bytes; /* sent + received by the call's arguments */
    int call;
    int peer; /* point-to-point peer (world rank), collective root (rank of comm), or -1 */
    /* 32 bytes: a run of a million bars keeps 32 MB */
};

struct smpi_tl_rank {
    struct smpi_tl_event *ev; /* in order of start */
    size_t n;
    size_t cap;
    long open; /* index of the call in progress, or -1 */
};

/* One message, indexed by its number: sent at `sent` (< 0: no such message), received at
 * `recv` (< 0: never). 32 bytes. */
struct smpi_tl_msg {
    double sent;
    double recv;
    uint64_t bytes : 63;
    uint64_t internal : 1;
    int src;
    int dst;
};

/* Messages are kept in blocks of SMPI_TL_BLOCK, allocated as numbers reach them: no copy and
 * no unused half of a doubled array at the end of a long run. */
#define SMPI_TL_BLOCK 65536

struct smpi_tl_run {
    const char *path;
    int nranks;
    struct smpi_tl_rank *ranks;
    const char **calls; /* call names; [0] is "computation" */
    char *call_is_coll; /* per call name: a collective (its bars' peer is the root) */
    int ncalls;
    struct smpi_tl_msg **blocks; /* message id is blocks[(id-1) / BLOCK][(id-1) % BLOCK] */
    size_t nblocks;
    size_t nmsgs; /* the largest number seen */
    double end;
};

/* The page's source with a marker where the data goes (generated from timeline.html). */
extern const char smpi__timeline_html[];

/* Writes the page for run to out; returns 0, or -1 with errno set when writing failed. */
int smpi__timeline_write(FILE *out, const struct smpi_tl_run *run);

#endif /* SMPI_TIMELINE_H */
