/* reduce_chain: the pipelined chains of MPI_Reduce, SMPI 3.32's NTSL (a chain to the root in
 * 8 KiB segments) and arrival_pattern_aware (chains of ranks in the order they arrive, polled by
 * rank 0). SimGrid 3.32 colls/reduce/reduce-NTSL.cpp and reduce-arrival-pattern-aware.cpp. */
#include "collectives/reduce_impl.h"

/* ---- NTSL and arrival_pattern_aware: pipelined chains ------------------------------------- */

#define PIPE_SEGMENT_BYTES 8192

/* Elements per pipeline segment of NTSL and arrival_pattern_aware (SMPI divides 8192 bytes by
 * the extent, and divides by the result). */
static const char *check_segment(const struct coll_args *a)
{
    MPI_Aint extent = smpi_type_extent(a->type);

    if (extent < 1 || extent > PIPE_SEGMENT_BYTES)
        return "a datatype extent of 1 to 8192 bytes";
    return NULL;
}

/* NTSL's chain passes the partial result from rank root-1 down to rank root+1 and on to the
 * root: rank order holds when that chain does not wrap, at root 0 or p-1. */
const char *coll__reduce_check_ntsl(const struct coll_args *a)
{
    int size = smpi_comm_size(a->comm);

    if (!smpi_op_is_commutative(a->op) && a->root != 0 && a->root != size - 1)
        return "a commutative op, or root 0 or the last rank";
    return check_segment(a);
}

/* The part of a reduce that NTSL and arrival_pattern_aware leave to reduce__default: the last
 * `rem` elements, from element `off` of the input `in` (SMPI adds the offset to the
 * MPI_IN_PLACE marker at an in-place root; here the root's block is used, in place in rbuf or
 * from a copy). */
static int reduce_remainder(const struct coll_args *a, const void *in, void *acc, int off, int rem)
{
    return run_on(reduce_default, a, in == MPI_IN_PLACE ? in : elem(in, off, a->type),
                  elem(acc, off, a->type), rem, a->root, a->comm);
}

/* The tag of NTSL's segment i: one per segment as SMPI's tag + i (collectives.h); they repeat
 * after 2^16 segments, which the in-order matching of one sender's messages keeps apart. */
static int ntsl_tag(int i)
{
    return COLL_TAG_SEGMENT - (i & 0xffff);
}

/* NTSL's pipeline: all segments' irecvs first, then per segment wait, combine and isend it on;
 * the last rank of the chain only isends, the root only receives. */
static int ntsl_pipeline(const struct coll_args *a, void *acc, void *tmp, int segment, int pipe)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    bool last = rank == (a->root - 1 + size) % size;
    bool up_first = rank == a->root && a->root == size - 1;
    MPI_Request *rreqs = coll__reqs_alloc(pipe);
    MPI_Request *sreqs = coll__reqs_alloc(pipe);
    int rc = MPI_SUCCESS;

    for (int i = 0; i < pipe && !last && rc == MPI_SUCCESS; i++)
        rc = smpi_irecv(elem(tmp, (MPI_Aint)i * segment, a->type), segment, a->type,
                        (rank + 1) % size, ntsl_tag(i), a->comm, &rreqs[i]);
    for (int i = 0; i < pipe && rc == MPI_SUCCESS; i++) {
        void *seg = elem(acc, (MPI_Aint)i * segment, a->type);

        if (!last) {
            rc = smpi_wait(&rreqs[i], MPI_STATUS_IGNORE);
            if (rc == MPI_SUCCESS)
                rc = combine(a, elem(tmp, (MPI_Aint)i * segment, a->type), seg, segment, up_first);
        }
        if (rc == MPI_SUCCESS && rank != a->root)
            rc = smpi_isend(seg, segment, a->type, (rank - 1 + size) % size, ntsl_tag(i), a->comm,
                            &sreqs[i]);
    }
    if (rank != a->root)
        rc = coll__waitall(pipe, sreqs, rc);
    if (rc != MPI_SUCCESS)
        coll__waitall(pipe, rreqs, rc);
    free(sreqs);
    free(rreqs);
    return rc;
}

/* NTSL (non-topology-specific linear): a chain root-1 -> root-2 -> ... -> root+1 -> root,
 * each rank combining what it receives with its own block and passing it on; above one 8 KiB
 * segment the chain is pipelined per segment (nonblocking), and the elements beyond the last
 * whole segment go through reduce__default. Reference: SimGrid 3.32
 * colls/reduce/reduce-NTSL.cpp. Cost: (p - 1 + s) (α + 8 KiB β) for s segments, plus the
 * remainder's reduce. Needs: a commutative op unless the root is 0 or p-1; an extent of at
 * most 8 KiB. SMPI deadlocks on one rank (its root waits for itself); here one rank copies. */
int coll__reduce_ntsl(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int segment = PIPE_SEGMENT_BYTES / (int)smpi_type_extent(a->type);
    bool up_first = rank == a->root && a->root == size - 1;
    void *acc = a->rbuf;
    void *tmp;
    void *acc_block = NULL;
    void *tmp_block;
    int rc;

    if (size == 1)
        return local_result(a);
    tmp_block = coll__tmp_alloc(a->count, a->type, &tmp);
    if (rank != a->root)
        acc_block = coll__tmp_alloc(a->count, a->type, &acc);
    rc = smpi_sendrecv(input_of(a), a->count, a->type, rank, TAG, acc, a->count, a->type, rank, TAG,
                       a->comm, MPI_STATUS_IGNORE);
    if (rc == MPI_SUCCESS && a->count <= segment) {
        if (rank != (a->root - 1 + size) % size) {
            rc = recv_from(tmp, a->count, a, (rank + 1) % size, TAG);
            if (rc == MPI_SUCCESS)
                rc = combine(a, tmp, acc, a->count, up_first);
        }
        if (rc == MPI_SUCCESS && rank != a->root)
            rc = send_to(acc, a->count, a, (rank - 1 + size) % size, TAG);
    } else if (rc == MPI_SUCCESS) {
        rc = ntsl_pipeline(a, acc, tmp, segment, a->count / segment);
        if (rc == MPI_SUCCESS && a->count % segment != 0)
            rc =
                reduce_remainder(a, a->sbuf, acc, a->count / segment * segment, a->count % segment);
    }
    free(acc_block);
    free(tmp_block);
    return rc;
}

/* arrival_pattern_aware: SMPI's arrays hold 1024 ranks; its header is 1024 ints. */
#define ARRIVAL_MAX_RANKS 1024
#define ARRIVAL_HEADER_INTS 1024
/* Its messages carry a non-negative tag so that rank 0's MPI_ANY_TAG probes see them. */
#define ARRIVAL_TAG (-COLL_TAG_REDUCE)
#define ARRIVAL_POLL_SLEEP 0.0001

const char *coll__reduce_check_arrival(const struct coll_args *a)
{
    if (smpi_comm_size(a->comm) > ARRIVAL_MAX_RANKS)
        return "at most 1024 ranks";
    return check_segment(a);
}

/* Rank 0's bookkeeping in arrival_pattern_aware: which ranks have announced themselves. */
struct arrival {
    const struct coll_args *a;
    void *acc;
    void *tmp;
    int segment;
    int pipe;
    int *header;
    char *flag;     /* a probe found rank i's announcement */
    char *received; /* rank i's announcement was taken and i put in a header */
};

/* Rank 0 takes rank i's one-byte announcement. */
static int arrival_take(const struct arrival *x, int i)
{
    char byte;

    return smpi_recv(&byte, 1, MPI_CHAR, i, ARRIVAL_TAG, x->a->comm, MPI_STATUS_IGNORE);
}

/* Rank 0's probes of one round, over the ranks not yet served: small messages sleep 0.1 ms
 * after each probe and take the announcements afterwards; pipelined, an announcement found is
 * taken at once and the scan goes on from rank 2 (SMPI resets its index to 1). */
static int arrival_probe(struct arrival *x, bool pipelined)
{
    int size = smpi_comm_size(x->a->comm);
    int rc = MPI_SUCCESS;

    for (int i = 1; i < size && rc == MPI_SUCCESS; i++) {
        int flag;

        if (x->received[i] || (pipelined && x->flag[i]))
            continue;
        rc = smpi_iprobe(i, MPI_ANY_TAG, x->a->comm, &flag, MPI_STATUS_IGNORE);
        x->flag[i] = (char)flag;
        if (!pipelined) {
            smpi_sleep_for(ARRIVAL_POLL_SLEEP);
        } else if (flag && rc == MPI_SUCCESS) {
            rc = arrival_take(x, i);
            i = 1;
        }
    }
    return rc;
}

/* Rank 0, one round: probe, put the ranks heard from in a header (rank order), send it to the
 * first of them and combine the group's partial result, received from the last. Sets *served
 * to the number of ranks the round took. */
static int arrival_round(struct arrival *x, bool pipelined, int *served)
{
    const struct coll_args *a = x->a;
    int size = smpi_comm_size(a->comm);
    int pipe = pipelined ? x->pipe : 1;
    int len = pipelined ? x->segment : a->count;
    int n = 0;
    int rc = arrival_probe(x, pipelined);

    for (int i = 1; i < size && rc == MPI_SUCCESS; i++) {
        if (!x->flag[i] || x->received[i])
            continue;
        if (!pipelined)
            rc = arrival_take(x, i);
        x->received[i] = 1;
        x->header[n++] = i;
    }
    *served = n;
    if (n == 0 || rc != MPI_SUCCESS)
        return rc;
    x->header[n] = -1;
    rc = smpi_send(x->header, ARRIVAL_HEADER_INTS, MPI_INT, x->header[0], ARRIVAL_TAG, a->comm);
    for (int s = 0; s < pipe && rc == MPI_SUCCESS; s++) {
        MPI_Aint off = (MPI_Aint)s * len;

        rc = recv_from(elem(x->tmp, off, a->type), len, a, x->header[n - 1], ARRIVAL_TAG);
        if (rc == MPI_SUCCESS)
            rc = smpi_op_apply(a->op, elem(x->tmp, off, a->type), elem(x->acc, off, a->type), len,
                               a->type);
    }
    return rc;
}

/* A member's header: received with a blocking recv (small) or irecv + wait (pipelined), from
 * whichever rank sends it; returns the member's position in it in *me. */
static int arrival_header(struct arrival *x, bool pipelined, int *me)
{
    const struct coll_args *a = x->a;
    int rank = smpi_comm_rank(a->comm);
    MPI_Request req;
    int rc;

    if (pipelined) {
        rc = smpi_irecv(x->header, ARRIVAL_HEADER_INTS, MPI_INT, MPI_ANY_SOURCE, ARRIVAL_TAG,
                        a->comm, &req);
        if (rc == MPI_SUCCESS)
            rc = smpi_wait(&req, MPI_STATUS_IGNORE);
    } else {
        rc = smpi_recv(x->header, ARRIVAL_HEADER_INTS, MPI_INT, MPI_ANY_SOURCE, ARRIVAL_TAG,
                       a->comm, MPI_STATUS_IGNORE);
    }
    *me = 0;
    while (rc == MPI_SUCCESS && *me < ARRIVAL_HEADER_INTS - 1 && x->header[*me] != rank)
        (*me)++;
    return rc;
}

/* A pipelined member: receives the segments from `from` (none for the first of a group),
 * combining each as it arrives and isending it on to `to`, then waits for the sends. */
static int arrival_pipe(struct arrival *x, int from, int to)
{
    const struct coll_args *a = x->a;
    MPI_Request *sreqs = coll__reqs_alloc(x->pipe);
    MPI_Request *rreqs = coll__reqs_alloc(x->pipe);
    int rc = MPI_SUCCESS;

    for (int s = 0; s < x->pipe && from >= 0 && rc == MPI_SUCCESS; s++)
        rc = smpi_irecv(elem(x->tmp, (MPI_Aint)s * x->segment, a->type), x->segment, a->type, from,
                        ARRIVAL_TAG, a->comm, &rreqs[s]);
    for (int s = 0; s < x->pipe && rc == MPI_SUCCESS; s++) {
        MPI_Aint off = (MPI_Aint)s * x->segment;

        if (from >= 0) {
            rc = smpi_wait(&rreqs[s], MPI_STATUS_IGNORE);
            if (rc == MPI_SUCCESS)
                rc = smpi_op_apply(a->op, elem(x->tmp, off, a->type), elem(x->acc, off, a->type),
                                   x->segment, a->type);
        }
        if (rc == MPI_SUCCESS)
            rc = smpi_isend(elem(x->acc, off, a->type), x->segment, a->type, to, ARRIVAL_TAG,
                            a->comm, &sreqs[s]);
    }
    rc = coll__waitall(x->pipe, sreqs, rc);
    if (rc != MPI_SUCCESS)
        coll__waitall(x->pipe, rreqs, rc);
    free(rreqs);
    free(sreqs);
    return rc;
}

/* A rank other than 0: announce itself, wait for a header, forward it to the next rank of the
 * group, then combine what the previous one sends (if any) and send the result on, to the next
 * rank or back to rank 0. */
static int arrival_member(struct arrival *x, bool pipelined)
{
    const struct coll_args *a = x->a;
    char byte = 0;
    int me = 0;
    int from;
    int to;
    int rc = smpi_send(&byte, 1, MPI_CHAR, 0, ARRIVAL_TAG, a->comm);

    if (rc == MPI_SUCCESS)
        rc = arrival_header(x, pipelined, &me);
    if (rc != MPI_SUCCESS)
        return rc;
    to = x->header[me + 1] == -1 ? 0 : x->header[me + 1];
    from = me > 0 ? x->header[me - 1] : -1;
    if (x->header[me + 1] != -1)
        rc = smpi_send(x->header, ARRIVAL_HEADER_INTS, MPI_INT, to, ARRIVAL_TAG, a->comm);
    if (rc == MPI_SUCCESS && pipelined)
        return arrival_pipe(x, from, to);
    if (rc == MPI_SUCCESS && from >= 0) {
        rc = recv_from(x->tmp, a->count, a, from, ARRIVAL_TAG);
        if (rc == MPI_SUCCESS)
            rc = smpi_op_apply(a->op, x->tmp, x->acc, a->count, a->type);
    }
    if (rc == MPI_SUCCESS)
        rc = send_to(x->acc, a->count, a, to, ARRIVAL_TAG);
    return rc;
}

/* Arrival-pattern-aware reduce: every rank announces itself to rank 0 with one byte; rank 0
 * polls with MPI_ANY_TAG probes and, each round, chains the ranks heard from into a group by a
 * header message passed along it; the group's partial result flows along the chain back to
 * rank 0 (pipelined per 8 KiB segment above one segment). Rank 0 sends the result to the root;
 * the elements beyond the last whole segment go through reduce__default. Reference: SimGrid
 * 3.32 colls/reduce/reduce-arrival-pattern-aware.cpp. Cost: depends on arrival times; at least
 * (p - 1) (α + n β + n γ) along the chains plus the polling. Needs: a commutative op (groups
 * form in arrival order), at most 1024 ranks, an extent of at most 8 KiB. */
int coll__reduce_arrival_pattern_aware(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    struct arrival x = { .a = a, .acc = a->rbuf };
    void *acc_block = NULL;
    void *tmp_block = coll__tmp_alloc(a->count, a->type, &x.tmp);
    void *in_block = NULL;
    void *in = (void *)a->sbuf;
    bool pipelined;
    int rem;
    int rc;

    x.segment = PIPE_SEGMENT_BYTES / (int)smpi_type_extent(a->type);
    x.pipe = a->count / x.segment;
    rem = a->count % x.segment;
    pipelined = a->count > x.segment;
    if (rank != a->root)
        acc_block = coll__tmp_alloc(a->count, a->type, &x.acc);
    x.header = sim_xcalloc(ARRIVAL_HEADER_INTS, sizeof(int));
    if (rank == 0) {
        x.flag = sim_xcalloc((size_t)size, 1);
        x.received = sim_xcalloc((size_t)size, 1);
    }
    rc = smpi_sendrecv(input_of(a), a->count, a->type, rank, ARRIVAL_TAG, x.acc, a->count, a->type,
                       rank, ARRIVAL_TAG, a->comm, MPI_STATUS_IGNORE);
    for (int done = 0, n; rank == 0 && done < size - 1 && rc == MPI_SUCCESS; done += n)
        rc = arrival_round(&x, pipelined, &n);
    if (rank != 0 && rc == MPI_SUCCESS)
        rc = arrival_member(&x, pipelined);
    if (rc == MPI_SUCCESS && pipelined && rem > 0 && a->sbuf == MPI_IN_PLACE && rank != 0) {
        /* rank 0's message below overwrites the in-place root's own remainder */
        in_block = coll__tmp_alloc(a->count, a->type, &in);
        rc = copy_n(elem(a->rbuf, x.pipe * x.segment, a->type),
                    elem(in, x.pipe * x.segment, a->type), rem, a->type);
    }
    if (rc == MPI_SUCCESS && a->root != 0 && rank == 0)
        rc = send_to(x.acc, a->count, a, a->root, ARRIVAL_TAG);
    else if (rc == MPI_SUCCESS && a->root != 0 && rank == a->root)
        rc = recv_from(a->rbuf, a->count, a, 0, ARRIVAL_TAG);
    if (rc == MPI_SUCCESS && pipelined && rem > 0)
        rc = reduce_remainder(a, in, x.acc, x.pipe * x.segment, rem);
    free(in_block);
    free(x.received);
    free(x.flag);
    free(x.header);
    free(acc_block);
    free(tmp_block);
    return rc;
}
