/* analyze: SMPI's checking mode (smpirun -analyze: smpi/pedantic, smpi/list-leaks,
 * smpi/display-allocs), private to smpi. When every item is off, each hook below costs one test
 * of a flag of smpi__analyze. */
#ifndef SMPI_ANALYZE_H
#define SMPI_ANALYZE_H

#include <stdbool.h>
#include <stddef.h>

#include <mpi.h>

#include "collectives/collectives.h"
#include "smpi/internal.h"

struct smpi_analyze_flags {
    bool pedantic; /* smpi/pedantic: collective consistency, end-of-run findings */
    bool handles;  /* user handles are registered with their call site (any item on) */
    bool memory;   /* SMPI's memory analysis at the end (display-allocs, or list-leaks >= 0) */
    bool barrier;  /* smpi/barrier-collectives: some collectives wait for every member */
    bool order;    /* collective calls are recorded (pedantic or barrier) */
};
extern struct smpi_analyze_flags smpi__analyze;

/* ---- analyze.c: options, sites, names, the report at the end ------------------------------- */

/* Reads the three items from cfg (call once, before the ranks start). SMPI prints its analysis
 * at INFO, which SimGrid shows by default: smpi_utils starts at INFO (launch.c sets it before
 * the command line's --log items, which may change it). */
void smpi__analyze_init(const struct smpi_config *cfg);
/* The calling rank's current site for `call` (NULL: the MPI call the rank is in). */
struct smpi_site smpi__site_here(const char *call);
/* "MPI_Send at file.c:12" (the file's base name unless smpi/trace-call-use-absolute-path),
 * "MPI_Send" when the line is unknown; writes into buf (cap bytes) and returns it. */
const char *smpi__site_text(const struct smpi_site *s, char *buf, size_t cap);
/* A site's file as findings print it: its base name unless smpi/trace-call-use-absolute-path. */
const char *smpi__site_file(const char *file);
/* The same for the calling rank's current call: without a known line, the application
 * function it was called from, as libunwind names it ("MPI_Send in main+0x3a"). */
const char *smpi__site_text_here(const char *call, char *buf, size_t cap);
/* How a finding names a communicator: its name (MPI_COMM_WORLD, or set by MPI_Comm_set_name),
 * else "the communicator created by MPI_Comm_dup at x.c:3" when the calling rank's handle was
 * registered, else "a communicator of N ranks"; written into buf, which it returns. */
const char *smpi__comm_text(MPI_Comm comm, char *buf, size_t cap);
/* A datatype's name for messages: predefined or set name, else "a derived datatype". */
const char *smpi__type_text(MPI_Datatype t);
/* Prints the findings of the end of the run and SMPI's memory analysis (after the engine
 * ran; `clean` is false after a deadlock, when only the memory analysis is printed). */
void smpi__analyze_report(bool clean);

/* ---- analyze_handles.c: the user's handles, by rank, with the site that created them ------ */

enum smpi_handle_kind {
    SMPI_H_COMM,
    SMPI_H_GROUP,
    SMPI_H_DATATYPE,
    SMPI_H_OP,
    SMPI_H_REQUEST,
    SMPI_H_WIN,
    SMPI_H_INFO,
    SMPI_H_ERRHANDLER,
    SMPI_H_FILE,
    SMPI_H_KINDS,
};

void smpi__handle_add(enum smpi_handle_kind k, const void *h, const char *call);
void smpi__handle_remove(enum smpi_handle_kind k, const void *h);
/* The calling rank got handle h of kind k from `call` (NULL: the current MPI call); null and
 * predefined handles are ignored, and so are those made inside another MPI call (depth > 0:
 * callers register after smpi__leave). A communicator brings its group along, as SMPI counts
 * it. */
static inline void smpi__handle_new(enum smpi_handle_kind k, const void *h, const char *call)
{
    if (smpi__analyze.handles)
        smpi__handle_add(k, h, call);
}
/* The calling rank gave handle h back (MPI_*_free, or a request completed). Unknown handles
 * are ignored. */
static inline void smpi__handle_gone(enum smpi_handle_kind k, const void *h)
{
    if (smpi__analyze.handles)
        smpi__handle_remove(k, h);
}
/* A request handle the calling rank got (from the call r->site names), and its release: the
 * request is flagged SMPI_REQ_TRACKED so that completing an untracked one costs one test. */
void smpi__request_add(MPI_Request r);
static inline void smpi__request_new(MPI_Request r)
{
    if (smpi__analyze.handles && r != MPI_REQUEST_NULL)
        smpi__request_add(r);
}
static inline void smpi__request_gone(MPI_Request r)
{
    if (r->flags & SMPI_REQ_TRACKED) {
        r->flags &= ~SMPI_REQ_TRACKED;
        smpi__handle_remove(SMPI_H_REQUEST, r);
    }
}
/* The site that created the calling rank's handle h, or NULL. */
const struct smpi_site *smpi__handle_site(enum smpi_handle_kind k, const void *h);
/* Calls fn for every registered request handle, in order of registration. */
void smpi__handle_each_request(void (*fn)(int rank, MPI_Request r, const struct smpi_site *s,
                                          void *arg),
                               void *arg);
/* SMPI's listing of the unfreed handles (smpi_utils.cpp's print_leaked_handles). */
void smpi__handle_report(int max);

/* ---- analyze_allocs.c: malloc and calloc of the application, by call site ----------------- */

void smpi__alloc_note(void *p, size_t size, const char *file, int line, bool counted);
void smpi__alloc_forget(void *p);
/* SMPI's CHECK_BUFFER under the memory analysis: when buf is the start of a block the
 * application got from malloc or calloc, the bytes that count elements of type reach from buf
 * must fit in the block. False when they do (or buf starts no known block); else true, with
 * what is wrong in msg ("message size 64 exceeds buffer sendbuf size 32, allocated at x.c:3").
 * `name` names the buffer argument. */
bool smpi__alloc_overflow(const void *buf, MPI_Count count, MPI_Datatype type, const char *name,
                          char *msg, size_t cap);
/* The same check reported through comm's handler (MPI_ERR_BUFFER), for smpi__check_buf. */
int smpi__check_buf_room(const char *call, MPI_Comm comm, const void *buf, int count,
                         MPI_Datatype type, const char *name);
/* Adds a folded allocation (smpi/auto-shared-malloc-thresh) to SMPI's shared totals. */
void smpi__alloc_shared(size_t size);
/* SMPI's listing of the unfreed buffers and its "Memory Usage" summary. */
void smpi__alloc_report(int max);

/* ---- analyze_coll.c: the collective calls of every communicator must agree ---------------- */

/* Under smpi/pedantic: records the calling rank's collective call k on comm and checks it
 * against the other members' call at the same position (kind, root, op, counts and datatype
 * signatures). Reports a mismatch through the communicator's error handler (MPI_ERR_OTHER, as
 * SMPI) and returns that code, else MPI_SUCCESS. a is NULL when the call's arguments were
 * refused: the position is still taken (so that an error handled by MPI_ERRORS_RETURN does
 * not shift the later calls) and only the call's name is compared. */
int smpi__coll_order(const char *call, enum coll_kind k, MPI_Comm comm, const struct coll_args *a);
/* smpi/barrier-collectives: in a blocking MPI_Bcast, MPI_Reduce, MPI_Gather(v),
 * MPI_Scatter(v), MPI_Scan or MPI_Exscan (after smpi__enter), blocks the calling rank until
 * every member of comm entered the same call, as if the implementation synchronised there
 * (MPI allows it): code that only works because these return early deadlocks instead. */
void smpi__coll_order_wait(enum coll_kind k, MPI_Comm comm);
/* The same for a collective call that moves no data (communicator and window creation,
 * MPI_Comm_free, MPI_Finalize): only its name is compared. */
int smpi__coll_order_plain(const char *call, MPI_Comm comm);
/* Drops what was recorded for comm (it is being destroyed). */
void smpi__coll_order_forget(MPI_Comm comm);

/* ---- analyze_end.c: what the ranks left behind ------------------------------------------- */

/* Each rank's MPI_Finalize site, for the end-of-run findings. */
void smpi__analyze_finalize(void);
/* Messages never received and requests never completed (under smpi/pedantic). Returns the
 * number of findings. */
int smpi__analyze_leftovers(void);

#endif /* SMPI_ANALYZE_H */
