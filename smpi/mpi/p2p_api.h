/* p2p_api: the narrow interface of the MPI library that collectives/ uses: point-to-point on a
 * communicator's collective context (so collective traffic never matches a user receive),
 * datatype and op facts, and how a communicator's ranks sit on hosts. These calls skip the
 * argument checks of the MPI_* bindings. Each mirrors the internal call of SimGrid SMPI 3.32
 * named beside it, with the same simulated costs, so that an algorithm written against them
 * sends the same messages at the same simulated times as SMPI's. */
#ifndef SMPI_P2P_API_H
#define SMPI_P2P_API_H

#include <stdbool.h>
#include <stddef.h>

#include <mpi.h>

/* The simulated time now, in seconds. */
double smpi_now(void);
/* A number that names comm for the whole run (never reused, the same for all its ranks). */
int smpi_comm_id(MPI_Comm comm);

/* Rank of the calling rank in comm (MPI_UNDEFINED when it is not a member), and comm's size
 * (the local group for intercommunicators). */
int smpi_comm_rank(MPI_Comm comm);
int smpi_comm_size(MPI_Comm comm);

/* Point-to-point with any tag (negative tags allowed) and MPI_PROC_NULL peers. Return
 * MPI_SUCCESS or an MPI error class.
 *   smpi_send      Request::send: blocking standard send (detached below
 *                  smpi/send-is-detached-thresh, rendezvous above)
 *   smpi_isend     Request::isend: nonblocking send (costs smpi/ois instead of smpi/os)
 *   smpi_recv      Request::recv; smpi_irecv Request::irecv (src may be MPI_ANY_SOURCE)
 *   smpi_sendrecv  Request::sendrecv: a copy when both peers are the caller, else isend, then
 *                  irecv, then waitall */
int smpi_send(const void *buf, int count, MPI_Datatype type, int dst, int tag, MPI_Comm comm);
int smpi_recv(void *buf, int count, MPI_Datatype type, int src, int tag, MPI_Comm comm,
              MPI_Status *status);
int smpi_isend(const void *buf, int count, MPI_Datatype type, int dst, int tag, MPI_Comm comm,
               MPI_Request *req);
int smpi_irecv(void *buf, int count, MPI_Datatype type, int src, int tag, MPI_Comm comm,
               MPI_Request *req);
int smpi_sendrecv(const void *sbuf, int scount, MPI_Datatype stype, int dst, int stag, void *rbuf,
                  int rcount, MPI_Datatype rtype, int src, int rtag, MPI_Comm comm,
                  MPI_Status *status);
/* Completion, as MPI_Wait, MPI_Waitany, MPI_Waitall and MPI_Test (MPI_REQUEST_NULL entries
 * allowed; completed requests are freed and set to MPI_REQUEST_NULL). smpi_test charges
 * smpi/test like Request::test; smpi_waitany sets *index to MPI_UNDEFINED when nothing
 * pends. smpi_waitall returns MPI_ERR_IN_STATUS when one request failed. */
int smpi_wait(MPI_Request *req, MPI_Status *status);
int smpi_waitany(int n, MPI_Request *reqs, int *index, MPI_Status *status);
int smpi_waitall(int n, MPI_Request *reqs, MPI_Status *statuses);
int smpi_test(MPI_Request *req, int *flag, MPI_Status *status);
/* bcast family: MPI_Wtime as SMPI's algorithms call it from inside a collective: returns the
 * simulated time and charges smpi/wtime (SMPI's arrival_pattern_aware reads it while polling). */
double smpi_wtime(void);
/* Request::iprobe on the collective context: charges smpi/iprobe, sets *flag when a matching
 * message has arrived. */
int smpi_iprobe(int src, int tag, MPI_Comm comm, int *flag, MPI_Status *status);
/* bcast family: smpi_iprobe as SMPI's collectives see it. SMPI's collective traffic shares the
 * user's context, so its MPI_ANY_TAG probes (arrival_pattern_aware*, arrival_scatter) also find
 * the user's pending messages on comm (tags >= 0); this probe looks in both contexts. */
int smpi_iprobe_shared(int src, int tag, MPI_Comm comm, int *flag, MPI_Status *status);
/* reduce family: SimGrid's this_actor::sleep_for, which SMPI's arrival_pattern_aware reduce
 * calls between its probes: the calling rank sleeps `seconds` of simulated time. */
void smpi_sleep_for(double seconds);

/* Datatype facts: size in bytes of one element, extent and lower bound. */
size_t smpi_type_size(MPI_Datatype type);
MPI_Aint smpi_type_extent(MPI_Datatype type);
MPI_Aint smpi_type_lb(MPI_Datatype type);
/* Bytes actually touched by one element and where they start (MPI_Type_get_true_extent). */
MPI_Aint smpi_type_true_extent(MPI_Datatype type);
MPI_Aint smpi_type_true_lb(MPI_Datatype type);
/* True for a type built by a constructor (SMPI's DT_FLAG_DERIVED): every type but the
 * predefined ones. SMPI's default selector treats those differently. */
bool smpi_type_is_derived(MPI_Datatype type);
/* Copies count elements of stype at src into dcount elements of dtype at dst (local copy,
 * packing as needed). Returns MPI_ERR_TRUNCATE if the destination is too small. */
int smpi_type_copy(const void *src, int scount, MPI_Datatype stype, void *dst, int dcount,
                   MPI_Datatype dtype);
/* A committed indexed type (MPI_Type_indexed, displacements in extents of old) and its
 * release. Return MPI_SUCCESS or an MPI error class. */
int smpi_type_indexed(int n, const int *blocklens, const int *displs, MPI_Datatype old,
                      MPI_Datatype *out);
void smpi_type_free(MPI_Datatype *type);

/* inout[i] = in[i] op inout[i] for count elements of type (MPI order: in is the left operand). */
int smpi_op_apply(MPI_Op op, const void *in, void *inout, int count, MPI_Datatype type);
bool smpi_op_is_commutative(MPI_Op op);

/* The calling rank's in- and out-neighbours in comm's process topology, in the standard's
 * order (new arrays that the caller frees); MPI_ERR_TOPOLOGY when comm has none. And whether
 * the topology is Cartesian. */
int smpi_topo_neighbors(MPI_Comm comm, int **in, int *nin, int **out, int *nout);
bool smpi_topo_is_cart(MPI_Comm comm);

/* Intercommunicators: the size of the remote group and the intracommunicator over the local
 * group (owned by the intercommunicator). */
int smpi_comm_remote_size(MPI_Comm inter);
MPI_Comm smpi_comm_local(MPI_Comm inter);

/* How the ranks of a communicator sit on hosts: SMPI's Comm::init_smp without its messages
 * (collectives/smp.c charges those). Computed on first use, shared by the communicator's ranks
 * and freed with it. Hosts are ordered by their lowest world rank; the ranks of one host by
 * world rank. */
struct smpi_smp {
    MPI_Comm intra;        /* the calling rank's host: the ranks of comm on it */
    MPI_Comm leaders;      /* the first rank of every host (all ranks hold the handle; the
                              others are not members: smpi_comm_rank gives MPI_UNDEFINED) */
    bool uniform;          /* every host holds as many ranks of comm */
    bool blocked;          /* the ranks of each host are consecutive in comm */
    const int *leader_of;  /* per rank of comm: the rank in comm of its host's leader */
    const int *node_sizes; /* per rank of leaders: how many ranks of comm its host holds */
    /* bcast and gather/scatter families: per rank of comm, its host's rank in leaders (SMPI's
     * mvapich2 algorithms find the root's leader in the leaders' communicator with it) */
    const int *node_of;
    bool in_order; /* blocked, and the hosts' runs of ranks come in the order of leaders */
};
/* Fills *out for the calling rank; returns MPI_SUCCESS or an MPI error class. */
int smpi_comm_smp(MPI_Comm comm, struct smpi_smp *out);
/* True once per rank and communicator: the first call by each rank of comm returns true, the
 * next ones false (SMPI runs init_smp's messages once per rank and communicator). */
bool smpi_comm_smp_first_use(MPI_Comm comm);
/* coll-select: SMPI's Comm::is_blocked() as a selector reads it without running init_smp
 * (gather__mvapich2): false until init_smp has run on comm for the calling rank (for
 * MPI_COMM_WORLD, which SMPI shares between ranks and only rank 0 updates: for rank 0), then
 * the layout's blocked flag. Sends nothing. */
bool smpi_comm_smp_blocked_flag(MPI_Comm comm);
/* True for the intra and leaders communicators of a layout (SMPI's is_smp_comm), on which
 * selectors never go hierarchical again. */
bool smpi_comm_is_smp(MPI_Comm comm);

#endif /* SMPI_P2P_API_H */
