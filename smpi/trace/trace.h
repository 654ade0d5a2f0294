/* trace: what a run shows of itself — Paje and time-independent traces, the HTML timeline, the
 * profile, the progress line. The MPI layer reports events through the smpi__trace_* hooks;
 * each output is a sink (its own file) that registers at start-up for the events it wants.
 * With no sink registered a hook costs one test, so tracing off costs nothing measurable. */
#ifndef SMPI_TRACE_H
#define SMPI_TRACE_H

#include <stddef.h>

#include <mpi.h>

struct smpi_process;
struct coll_args;

/* One MPI call as its binding describes it: what SMPI 3.32's TI actions and Paje states need.
 * Fields a call does not have keep the values of SMPI_TRACE_CALL(name). */
struct smpi_trace_call {
    const char *name;       /* the MPI function as the user called it, "MPI_Send" */
    MPI_Comm comm;          /* MPI_COMM_NULL when the call has none */
    int peer;               /* point-to-point peer as a rank of MPI_COMM_WORLD, else -1 */
    int tag;                /* -1 when none */
    int root;               /* collective root as a rank of comm, else -1 */
    int send_count;         /* elements of send_type (-1 none) */
    MPI_Datatype send_type; /* MPI_DATATYPE_NULL when none */
    int recv_count;         /* elements of recv_type (-1 none) */
    MPI_Datatype recv_type;
    const int *send_counts; /* v-collectives: ncounts counts (one per peer), else NULL */
    const int *recv_counts;
    int ncounts;
    MPI_Op op;                    /* MPI_OP_NULL when none */
    int coll_kind;                /* a collective: its enum coll_kind, else -1 */
    const struct coll_args *coll; /* and its arguments as the algorithms receive them */
    int peer_arg;                 /* the peer as the user gave it: a rank of comm, MPI_ANY_SOURCE or
                                   * MPI_PROC_NULL (MPI_UNDEFINED when the call has none) */
    int source;                   /* MPI_Sendrecv*: the source as given (else MPI_UNDEFINED) */
    MPI_Request *req;             /* completion calls (wait/test families): the requests, as */
    int nreqs;                    /* the user passed them, before they complete (else NULL, 0) */
};
#define SMPI_TRACE_CALL(fn)                                                                        \
    ((struct smpi_trace_call){ .name = (fn),                                                       \
                               .comm = MPI_COMM_NULL,                                              \
                               .peer = -1,                                                         \
                               .tag = -1,                                                          \
                               .root = -1,                                                         \
                               .send_count = -1,                                                   \
                               .send_type = MPI_DATATYPE_NULL,                                     \
                               .recv_count = -1,                                                   \
                               .recv_type = MPI_DATATYPE_NULL,                                     \
                               .op = MPI_OP_NULL,                                                  \
                               .coll_kind = -1,                                                    \
                               .peer_arg = MPI_UNDEFINED,                                          \
                               .source = MPI_UNDEFINED })

/* One message, for the sinks that draw or count them. Ranks are of MPI_COMM_WORLD. */
struct smpi_trace_msg {
    int src;
    int dst;
    int tag;
    size_t bytes;
    unsigned long long id; /* pairs a send with its receive: the same on both sides */
    int internal; /* sent by a collective algorithm or other MPI internals, not by the user */
    int index;    /* a receive: its request's place in the array of the call that completed it */
};

/* A sink: any callback may be NULL. `now` is the simulated time of the event. */
struct smpi_trace_sink {
    const char *name;
    /* A rank enters (out: leaves) an MPI call at depth 0; nested calls are not reported. */
    void (*call_in)(const struct smpi_process *p, double now, const struct smpi_trace_call *c);
    void (*call_out)(const struct smpi_process *p, double now, const char *name);
    /* The rank computed (native time or declared work) from start to end. */
    void (*compute)(const struct smpi_process *p, double start, double end);
    /* The rank slept (sleep, usleep, nanosleep) from start to end. */
    void (*sleep)(const struct smpi_process *p, double start, double end);
    /* The rank starts computing `flops` (before the computation runs). */
    void (*execute)(const struct smpi_process *p, double now, double flops);
    /* A message leaves p (send) or is received by p (recv), where SMPI 3.32 records it. */
    void (*send)(const struct smpi_process *p, double now, const struct smpi_trace_msg *m);
    void (*recv)(const struct smpi_process *p, double now, const struct smpi_trace_msg *m);
    /* The rank's actor is created (start) or has ended (end, after MPI_Finalize or exit). */
    void (*rank_start)(const struct smpi_process *p, double now);
    void (*rank_end)(const struct smpi_process *p, double now);
    /* A replay action starts (in: the MPI call it makes, "MPI_Bcast", or NULL for one SMPI
     * draws no state for) or ends (out). SMPI's replay traces its actions, not their MPI calls
     * (which still report call_in and call_out, nested): a reduction's computation falls inside
     * the state, the link of a send starts with it (`send`, else NULL), those of a receive end
     * after it. */
    void (*action_in)(const struct smpi_process *p, double now, const char *call,
                      const struct smpi_trace_msg *send);
    void (*action_out)(const struct smpi_process *p, double now);
    /* Tracing category `id` (1, 2, ... in order) is declared with `color` ("r g b"), or NULL
     * when none was given (trace_category.c). */
    void (*category)(int id, const char *name, const char *color);
    /* The simulation is over: write and close; `end` is the final simulated time. */
    void (*finish)(double end);
};

/* Nonzero when at least one sink is registered; hooks test it first. */
extern int smpi__trace_on;

/* Bytes the call sends and receives by its arguments (counts x type sizes). */
void smpi__trace_call_bytes(const struct smpi_trace_call *c, double *sent, double *received);

/* The description of a point-to-point call on comm with peer `peer` (a rank of comm, or
 * MPI_ANY_SOURCE / MPI_PROC_NULL, which give -1). */
struct smpi_trace_call smpi__trace_p2p(const char *name, MPI_Comm comm, int peer, int tag);
/* The description of collective call `name` of kind k (enum coll_kind) with arguments a. */
struct smpi_trace_call smpi__trace_coll(const char *name, int k, const struct coll_args *a);

/* Registers a sink (at start-up, before the ranks run). */
void smpi__trace_register(const struct smpi_trace_sink *s);
/* Registers the sinks the configuration asks for (launch.c, after the options). */
void smpi__trace_init(void);
/* Ends every sink (launch.c, after the engine stops). */
void smpi__trace_finish(void);

/* The sinks' start-up: each registers itself when the configuration asks for it. */
void smpi__profile_init(void);  /* smpi/profile (profile.c) */
void smpi__paje_init(void);     /* tracing, tracing/smpi, ... (paje.c) */
void smpi__ti_init(void);       /* tracing/smpi/format:TI (trace_ti.c) */
void smpi__timeline_init(void); /* smpi/timeline (timeline.c) */

/* The progress line (progress.c), not a sink: it hooks the engine loop, so that a run without
 * it pays nothing. init when the ranks are created, finish when the engine has stopped. */
void smpi__progress_init(void);
void smpi__progress_finish(void);

/* The hooks. smpi__enter_call (runtime.c) calls call_in; smpi__leave calls call_out. */
void smpi__trace_call_in(const struct smpi_process *p, const struct smpi_trace_call *c);
void smpi__trace_call_out(const struct smpi_process *p, const char *name);
void smpi__trace_compute(const struct smpi_process *p, double start, double end);
void smpi__trace_sleep(const struct smpi_process *p, double start, double end);
/* p2p.c calls send when a send is posted (before its injected cost), request.c calls recv when
 * a wait or test completes a receive; both for every message, m->internal telling apart the
 * messages of collectives and other MPI internals. */
void smpi__trace_send(const struct smpi_process *p, const struct smpi_trace_msg *m);
void smpi__trace_recv(const struct smpi_process *p, const struct smpi_trace_msg *m);
void smpi__trace_execute(const struct smpi_process *p, double flops);
void smpi__trace_rank_start(const struct smpi_process *p);
void smpi__trace_rank_end(const struct smpi_process *p);
void smpi__trace_category(int id, const char *name, const char *color);
/* replay.c calls these around each action that SMPI's replay draws as a state. */
void smpi__trace_action_in(const struct smpi_process *p, const char *call,
                           const struct smpi_trace_msg *send);
void smpi__trace_action_out(const struct smpi_process *p);

#endif
