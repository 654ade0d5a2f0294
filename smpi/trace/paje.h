/* paje: the Paje trace sink (--cfg=tracing:yes, smpirun -trace) as SMPI 3.32 writes it. paje.c
 * owns the file and the events, paje_names.c what SMPI calls each MPI call (state names,
 * colours, sizes), paje_platform.c the hosts and links of -trace-resource and -trace-grouped,
 * paje_usage.c their usage variables, paje_category.c the categories' variables, paje_keys.c
 * the numbers of the message links, paje_buffer.c the order of the lines. Private to these
 * files. */
#ifndef SMPI_PAJE_H
#define SMPI_PAJE_H

#include <stdbool.h>
#include <stddef.h>

#include "smpi/trace/trace.h"

/* The state SMPI 3.32 draws for MPI call `call` ("MPI_Rsend" gives "PMPI_Send"), or NULL when
 * SMPI draws none (MPI_Comm_rank, MPI_Probe, MPI_Waitsome, ...). */
const char *smpi__paje_state(const char *call);
/* The colour SMPI gives state `state`, "r g b" with components in [0, 1]. */
const char *smpi__paje_color(const char *state);
/* Writes into buf (len bytes) the Size field SMPI 3.32 gives the state of call c under
 * tracing/smpi/display-sizes: an element count, a number of requests or "NA". */
void smpi__paje_size(const struct smpi_trace_call *c, char *buf, size_t len);

/* Paje event numbers (SMPI's PajeEventType). */
enum {
    PJ_CREATE_CONTAINER = 6,
    PJ_DESTROY_CONTAINER = 7,
    PJ_PUSH_STATE = 12,
    PJ_POP_STATE = 13,
    PJ_START_LINK = 15,
    PJ_END_LINK = 16,
};

/* The numbering of the file: types and entity values share one counter, containers another
 * (0 is the root); each call returns the next number. */
int smpi__paje_new_type(void);
int smpi__paje_new_container(void);
/* paje_buffer.c: the order of the file's lines, as SimGrid 3.32 writes them. open starts it on
 * f (the header written; path names it in errors; precision: the digits of the dates; safe: the
 * earliest date an event may still come with, for the events dated back; spill_bytes: buffered
 * text past which events go to a temporary file), close writes what is left. def writes a line
 * without a date (a type or value definition) at once; event a dated line ("%d %s " + fmt: the
 * event number and the date come first): a container's creation (6) at once, its destruction (7)
 * after every buffered event, the others into the buffer, which is written as time advances; queue
 * buffers a line already formatted. defer(true) holds the definitions back until defer(false) and
 * the next line that is not a container's creation (SMPI's MPI_Init yields between the two);
 * advance tells the buffer the date of what comes next; dump_all writes the buffer (after the
 * platform). */
void smpi__paje_buffer_open(FILE *f, const char *path, int precision, double (*safe)(void),
                            size_t spill_bytes);
void smpi__paje_buffer_close(void);
void smpi__paje_def(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void smpi__paje_event(int code, double t, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void smpi__paje_queue(double t, const char *s, size_t n);
void smpi__paje_defer(bool on);
void smpi__paje_advance(double now);
void smpi__paje_dump_all(void);

/* What paje_platform.c declares: the type of the rank containers, the link type of messages,
 * and the parent container of each host's ranks (indexed by sim_host_index). */
struct paje_layout {
    int rank_type;
    int state_type;
    int msg_link_type;
    int *host_container; /* NULL: ranks hang under the root */
};

/* Declares the types and, when the options ask for the platform (tracing/smpi/group,
 * tracing/categorized, tracing/uncategorized, tracing/platform), the host and link containers
 * with their speed, core count, bandwidth and latency, as SMPI 3.32 does. */
void smpi__paje_platform(struct paje_layout *out);
/* Destroys the platform containers at the end (unless tracing/disable-destroy). */
void smpi__paje_platform_end(double t, struct paje_layout *l);

/* Whether speed_used or bandwidth_used is declared (tracing/uncategorized with the platform);
 * the container of a host or link (0 when it has none) and, in *type, the type of its usage
 * variable (0 when not declared). */
struct sim_host;
struct sim_link;
bool smpi__paje_usage_declared(void);
int smpi__paje_host_usage(const struct sim_host *h, int *type, int *depth);
int smpi__paje_link_usage(const struct sim_link *k, int *type, int *depth);
/* The depths of the zone tree that have types (0 is the root zone), and the zone (0 for the
 * root), HOST and LINK types of one (0 when not declared). */
int smpi__paje_depths(void);
void smpi__paje_depth_types(int depth, int *zone_type, int *host_type, int *link_type);

/* paje_category.c: tracing/categorized. Declares category `id` (its variable types under every
 * HOST and LINK type, in SimGrid's order; color NULL: drawn as SimGrid draws it); the type of
 * its variable on the hosts (host true) or links of a depth, 0 when none; frees them. */
void smpi__paje_category(int id, const char *name, const char *color);
int smpi__paje_category_type(int id, bool host, int depth);
void smpi__paje_category_end(void);

/* paje_usage.c: speed_used and bandwidth_used as SimGrid 3.32 traces them, from simcore's usage
 * hook. Returns whether it traces them: the sink then keeps its events until the end, since a
 * usage interval is reported when it ends, dated from when it began. */
bool smpi__paje_usage_start(void);
void smpi__paje_usage_end(void);

/* paje_keys.c: the number N of the key "src_dst_tag_N" of a message's start (send true) or end
 * link event, as SMPI 3.32 numbers them in the order the events are traced; forgets them all. */
unsigned long long smpi__paje_key(int src, int dst, int tag, bool send);
void smpi__paje_keys_end(void);

#endif /* SMPI_PAJE_H */
