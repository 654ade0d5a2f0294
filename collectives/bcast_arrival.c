/* bcast_arrival: Faraj and Yuan's arrival-pattern-aware MPI_Bcast chains as SMPI 3.32 runs
 * them: arrival_pattern_aware, arrival_pattern_aware_wait and arrival_scatter (SimGrid 3.32
 * colls/bcast/bcast-arrival-*.cpp). */
#include "collectives/bcast_impl.h"

/* ---- arrival-pattern-aware chains (Faraj and Yuan) ------------------------------------------ */

/* How the arrival-pattern chains cut the buffer: beyond one pipeline segment, into nseg whole
 * segments of seg elements (piped; the rest goes through MPI_Bcast again, ap_rest); otherwise
 * one segment of the whole count. */
struct ap_cut {
    bool piped;
    int nseg;
    int seg;
};

static struct ap_cut ap_cut(const struct coll_args *a)
{
    int seg = pipe_segment(a->type);
    bool piped = a->count > seg;

    return (struct ap_cut){ .piped = piped,
                            .nseg = piped ? a->count / seg : 1,
                            .seg = piped ? seg : a->count };
}

static int ap_rest(const struct coll_args *a, const struct ap_cut *c)
{
    if (c->piped && a->count % c->seg != 0)
        return bcast_rest(a, c->nseg * c->seg);
    return MPI_SUCCESS;
}

/* Where `rank` sits in a header ended by -1, or -1. */
static int header_position(const int *header, int len, int rank)
{
    for (int i = 0; i < len && header[i] != -1; i++)
        if (header[i] == rank)
            return i;
    return -1;
}

/* A chain rank of the first two algorithms with the header it received (AP_HEADER ints): its
 * position in it and the next rank of the chain (-1 at the end), to which it forwards the
 * header. MPI_ERR_INTERN when the header does not name it. */
static int ap_forward_header(const struct coll_args *a, int *header, int rank, int *pos, int *next)
{
    *pos = header_position(header, AP_HEADER - 1, rank);
    if (*pos < 0)
        return MPI_ERR_INTERN;
    *next = header[*pos + 1];
    if (*next == -1)
        return MPI_SUCCESS;
    return smpi_send(header, AP_HEADER, MPI_INT, *next, ARRIVAL_TAG, a->comm);
}

/* Rank 0 of arrival_pattern_aware: until every rank is served, probes every rank for its
 * "arrived" byte, receives the bytes found, and sends a header (the arrived ranks, in rank
 * order) and the data to the first of them; when nobody has arrived, serves the first rank not
 * yet served alone (pipelined: its byte is received at the very end). */
static int ap_root(const struct coll_args *a, int size, const struct ap_cut *c)
{
    int *header = sim_xmalloc(AP_HEADER * sizeof(int));
    int *flag = sim_xcalloc((size_t)size, sizeof(int));
    char *done = sim_xcalloc((size_t)size, 2);
    char *clean = done + size;
    char byte;
    int rc = MPI_SUCCESS;

    for (int sent = 0; sent < size - 1 && rc == MPI_SUCCESS;) {
        int n = 0;

        for (int i = 1; i < size && rc == MPI_SUCCESS; i++)
            rc = smpi_iprobe_shared(i, MPI_ANY_TAG, a->comm, &flag[i], MPI_STATUS_IGNORE);
        if (c->piped)
            smpi_wtime();
        for (int i = 1; i < size && rc == MPI_SUCCESS; i++)
            if (flag[i] && !done[i]) {
                rc = smpi_recv(&byte, 1, MPI_CHAR, i, ARRIVAL_TAG, a->comm, MPI_STATUS_IGNORE);
                header[n++] = i;
                done[i] = 1;
            }
        for (int i = 1; n == 0 && i < size; i++)
            if (!done[i]) {
                header[n++] = i;
                done[i] = 1;
                clean[i] = c->piped;
            }
        header[n] = -1;
        sent += n;
        if (rc == MPI_SUCCESS)
            rc = smpi_send(header, AP_HEADER, MPI_INT, header[0], ARRIVAL_TAG, a->comm);
        for (int s = 0; s < c->nseg && rc == MPI_SUCCESS; s++)
            rc = smpi_send(segment_at(a, s, c->seg), c->seg, a->type, header[0], ARRIVAL_TAG,
                           a->comm);
    }
    for (int i = 1; i < size && rc == MPI_SUCCESS; i++)
        if (clean[i])
            rc = smpi_recv(&byte, 1, MPI_CHAR, i, ARRIVAL_TAG, a->comm, MPI_STATUS_IGNORE);
    free(header);
    free(flag);
    free(done);
    return rc;
}

/* Another rank of arrival_pattern_aware: sends its byte to rank 0, receives a header and the
 * data from whoever serves it, and passes both to the next rank of the header. Unsegmented:
 * header and data are received, then forwarded; pipelined: the header is forwarded first, then
 * each segment as it arrives. */
static int ap_other(const struct coll_args *a, int rank, const struct ap_cut *c)
{
    int *header = sim_xmalloc(AP_HEADER * sizeof(int));
    char byte = 0;
    int pos;
    int next = -1;
    int rc = smpi_send(&byte, 1, MPI_CHAR, 0, ARRIVAL_TAG, a->comm);

    if (rc == MPI_SUCCESS)
        rc = smpi_recv(header, AP_HEADER, MPI_INT, MPI_ANY_SOURCE, ARRIVAL_TAG, a->comm,
                       MPI_STATUS_IGNORE);
    if (rc == MPI_SUCCESS && !c->piped)
        rc = smpi_recv(a->rbuf, a->count, a->type, MPI_ANY_SOURCE, ARRIVAL_TAG, a->comm,
                       MPI_STATUS_IGNORE);
    if (rc == MPI_SUCCESS)
        rc = ap_forward_header(a, header, rank, &pos, &next);
    if (rc == MPI_SUCCESS && !c->piped && next != -1)
        rc = smpi_send(a->rbuf, a->count, a->type, next, ARRIVAL_TAG, a->comm);
    if (rc == MPI_SUCCESS && c->piped)
        rc = pipe_relay(a, MPI_ANY_SOURCE, ARRIVAL_TAG, &next, next != -1, c->nseg, c->seg);
    free(header);
    return rc;
}

/* Arrival pattern aware: ranks announce their arrival to rank 0 with a one-byte message; rank 0
 * repeatedly probes everyone and sends the data (in 8 KiB segments beyond one segment) down a
 * chain of the ranks that have arrived, in rank order, with a header naming the chain; when
 * nobody has arrived it serves one rank alone. Chains forward as in NTSL. The elements after the
 * last whole segment go through MPI_Bcast again. Each probe costs smpi/iprobe and, as in SMPI
 * (whose collectives share the user's context), also sees the user's pending messages.
 * Reference: SimGrid 3.32 colls/bcast/bcast-arrival-pattern-aware.cpp (the arrival-pattern-aware
 * broadcasts of Patarasuk and Yuan, Florida State University).
 * Cost: depends on arrivals; (p - 1 + n/s) (α + s β) for one chain.
 * Needs: a positive extent, at most 1024 ranks. */
int coll__bcast_arrival_pattern_aware(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    struct ap_cut c = ap_cut(a);
    int rc = root_to_zero(a, rank, ARRIVAL_TAG);

    if (rc != MPI_SUCCESS)
        return rc;
    rc = rank == 0 ? ap_root(a, size, &c) : ap_other(a, rank, &c);
    return rc == MPI_SUCCESS ? ap_rest(a, &c) : rc;
}

const char *coll__bcast_check_arrival_pattern_aware(const struct coll_args *a)
{
    if (smpi_comm_size(a->comm) > AP_MAX_RANKS)
        return "at most 1024 ranks";
    return coll__bcast_check_extent(a);
}

/* Rank 0 of arrival_pattern_aware_wait and arrival_scatter: three passes over the ranks not yet
 * served, probing each for its "arrived" byte; a rank found is received from, marked in `will`,
 * and the pass starts over from rank 1. */
static int arrival_poll(MPI_Comm comm, int size, const char *done, char *will)
{
    char byte;
    int rc = MPI_SUCCESS;

    for (int k = 0; k < 3; k++)
        for (int i = 1; i < size && rc == MPI_SUCCESS; i++) {
            int flag = 0;

            if (done[i] || will[i])
                continue;
            rc = smpi_iprobe_shared(i, MPI_ANY_TAG, comm, &flag, MPI_STATUS_IGNORE);
            if (rc == MPI_SUCCESS && flag) {
                will[i] = 1;
                rc = smpi_recv(&byte, 1, MPI_CHAR, i, ARRIVAL_TAG, comm, MPI_STATUS_IGNORE);
                i = 0;
            }
        }
    return rc;
}

/* Moves the ranks found arrived and not yet served into header[] (rank order, ended by -1),
 * marks them served and returns how many. */
static int arrival_header(int size, char *done, const char *will, int *header)
{
    int n = 0;

    for (int i = 1; i < size; i++)
        if (will[i] && !done[i]) {
            header[n++] = i;
            done[i] = 1;
        }
    header[n] = -1;
    return n;
}

/* Arrival pattern aware, waiting: as arrival_pattern_aware, but rank 0 polls three rounds
 * before serving, serves nobody until someone has arrived, and isends the segments (one
 * segment of the whole buffer when it fits); chain ranks receive from their known predecessor.
 * Reference: SimGrid 3.32 colls/bcast/bcast-arrival-pattern-aware-wait.cpp (Patarasuk and
 * Yuan). Cost: as arrival_pattern_aware. Needs: a positive extent, at most 128 ranks. */
int coll__bcast_arrival_pattern_aware_wait(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    struct ap_cut c = ap_cut(a);
    int *header = sim_xmalloc(AP_HEADER * sizeof(int));
    int rc = root_to_zero(a, rank, ARRIVAL_TAG);

    if (rank == 0 && rc == MPI_SUCCESS) {
        char *done = sim_xcalloc((size_t)size, 2);

        for (int sent = 0; sent < size - 1 && rc == MPI_SUCCESS;) {
            int n;

            rc = arrival_poll(a->comm, size, done, done + size);
            n = arrival_header(size, done, done + size, header);
            sent += n;
            if (n > 0 && rc == MPI_SUCCESS)
                rc = smpi_send(header, AP_HEADER, MPI_INT, header[0], ARRIVAL_TAG, a->comm);
            if (n > 0 && rc == MPI_SUCCESS)
                rc = pipe_relay(a, MPI_PROC_NULL, ARRIVAL_TAG, header, 1, c.nseg, c.seg);
        }
        free(done);
    } else if (rc == MPI_SUCCESS) {
        char byte = 0;
        int pos = -1;
        int to = -1;

        rc = smpi_send(&byte, 1, MPI_CHAR, 0, ARRIVAL_TAG, a->comm);
        if (rc == MPI_SUCCESS)
            rc = smpi_recv(header, AP_HEADER, MPI_INT, MPI_ANY_SOURCE, ARRIVAL_TAG, a->comm,
                           MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = ap_forward_header(a, header, rank, &pos, &to);
        if (rc == MPI_SUCCESS)
            rc = pipe_relay(a, pos == 0 ? 0 : header[pos - 1], ARRIVAL_TAG, &to, to != -1, c.nseg,
                            c.seg);
    }
    free(header);
    return rc == MPI_SUCCESS ? ap_rest(a, &c) : rc;
}

const char *coll__bcast_check_arrival_pattern_aware_wait(const struct coll_args *a)
{
    if (smpi_comm_size(a->comm) > APW_MAX_RANKS)
        return "at most 128 ranks";
    return coll__bcast_check_extent(a);
}

/* A rank of arrival_scatter's group: receives its block of the data from rank 0 (its place in
 * the header gives which), then the group runs a ring allgather, the last block carrying the
 * remainder. */
static int arrival_scatter_member(const struct coll_args *a, int rank, const int *header)
{
    int pos = header_position(header, AS_HEADER - 1, rank);
    int total = pos < 0 ? 0 : pos + 1;
    MPI_Aint extent = smpi_type_extent(a->type);
    int blk;
    int rem;
    MPI_Aint last;
    int rc = MPI_SUCCESS;

    if (pos < 0)
        return MPI_ERR_INTERN;
    while (total < AS_HEADER && header[total] != -1)
        total++;
    blk = a->count / total;
    rem = a->count % total;
    last = (MPI_Aint)(total - 1) * blk * extent;
    rc = smpi_recv(coll__elem(a->rbuf, (MPI_Aint)pos * blk, a->type),
                   blk + (pos == total - 1 ? rem : 0), a->type, 0, ARRIVAL_TAG, a->comm,
                   MPI_STATUS_IGNORE);
    for (int i = 0; i < total - 1 && rc == MPI_SUCCESS; i++) {
        int sb = (pos - i + total) % total;
        int rb = (pos - i - 1 + total) % total;

        rc = smpi_sendrecv(coll__elem(a->rbuf, (MPI_Aint)sb * blk, a->type),
                           blk + ((MPI_Aint)sb * blk * extent == last ? rem : 0), a->type,
                           header[(pos + 1) % total], ARRIVAL_TAG + i,
                           coll__elem(a->rbuf, (MPI_Aint)rb * blk, a->type),
                           blk + ((MPI_Aint)rb * blk * extent == last ? rem : 0), a->type,
                           header[(pos - 1 + total) % total], ARRIVAL_TAG + i, a->comm,
                           MPI_STATUS_IGNORE);
    }
    return rc;
}

/* Rank 0 of arrival_scatter: polls as arrival_pattern_aware_wait; each group of arrived ranks
 * gets the header, then one block of the data each (the last one with the remainder). */
static int arrival_scatter_root(const struct coll_args *a, int size, int *header)
{
    char *done = sim_xcalloc((size_t)size, 2);
    int rc = MPI_SUCCESS;

    for (int sent = 0; sent < size - 1 && rc == MPI_SUCCESS;) {
        int n;

        rc = arrival_poll(a->comm, size, done, done + size);
        n = arrival_header(size, done, done + size, header);
        sent += n;
        for (int i = 0; i < n && rc == MPI_SUCCESS; i++)
            rc = smpi_send(header, AS_HEADER, MPI_INT, header[i], COLL_TAG_BCAST, a->comm);
        for (int i = 0; i < n && rc == MPI_SUCCESS; i++)
            rc = smpi_send(coll__elem(a->rbuf, (MPI_Aint)i * (a->count / n), a->type),
                           a->count / n + (i == n - 1 ? a->count % n : 0), a->type, header[i],
                           ARRIVAL_TAG, a->comm);
    }
    free(done);
    return rc;
}

/* Arrival scatter: ranks announce their arrival to rank 0 with a one-byte message; rank 0
 * probes as arrival_pattern_aware_wait does, and scatters the data over each group of arrived
 * ranks, which then complete it with a ring allgather among themselves. Fewer elements than
 * ranks: MPI_Bcast again with the selected algorithm.
 * Reference: SimGrid 3.32 colls/bcast/bcast-arrival-scatter.cpp (Patarasuk and Yuan).
 * Cost: for one group, (p - 1) α + n β from the root, then (p - 2) (α + n/(p - 1) β).
 * Needs: at most 128 ranks; a count of at least the number of ranks (SMPI calls MPI_Bcast
 * again otherwise, which when arrival_scatter is forced is itself, forever). */
int coll__bcast_arrival_scatter(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int *header;
    int rc;

    if (a->count < size)
        return coll_run(COLL_BCAST, a);
    rc = root_to_zero(a, rank, ARRIVAL_TAG - 1);
    if (rc != MPI_SUCCESS)
        return rc;
    header = sim_xmalloc(AS_HEADER * sizeof(int));
    if (rank == 0) {
        rc = arrival_scatter_root(a, size, header);
    } else {
        char byte = 0;

        rc = smpi_send(&byte, 1, MPI_CHAR, 0, ARRIVAL_TAG, a->comm);
        if (rc == MPI_SUCCESS)
            rc = smpi_recv(header, AS_HEADER, MPI_INT, 0, COLL_TAG_BCAST, a->comm,
                           MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = arrival_scatter_member(a, rank, header);
    }
    free(header);
    return rc;
}

const char *coll__bcast_check_arrival_scatter(const struct coll_args *a)
{
    if (smpi_comm_size(a->comm) > AS_MAX_RANKS)
        return "at most 128 ranks";
    if (a->count < smpi_comm_size(a->comm))
        return "a count of at least the communicator size (below it SMPI calls the forced "
               "algorithm again, forever)";
    return NULL;
}
