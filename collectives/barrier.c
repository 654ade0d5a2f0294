/* barrier: MPI_Barrier algorithms. No rank leaves before every rank has entered. All messages
 * are empty; costs count latencies only (p ranks, α latency). */
#include <stdlib.h>

#include "collectives/internal.h"
#include "smpi/mpi/p2p_api.h"

/* Empty blocking messages, the only traffic of a barrier. */
static int signal_to(int peer, MPI_Comm comm)
{
    return smpi_send(NULL, 0, MPI_BYTE, peer, COLL_TAG_BARRIER, comm);
}

static int wait_for(int peer, MPI_Comm comm)
{
    return smpi_recv(NULL, 0, MPI_BYTE, peer, COLL_TAG_BARRIER, comm, MPI_STATUS_IGNORE);
}

static int exchange(int to, int from, MPI_Comm comm)
{
    return smpi_sendrecv(NULL, 0, MPI_BYTE, to, COLL_TAG_BARRIER, NULL, 0, MPI_BYTE, from,
                         COLL_TAG_BARRIER, comm, MPI_STATUS_IGNORE);
}

/* Linear barrier, SMPI's default: every other rank signals rank 0 and waits for its answer;
 * rank 0 posts a receive from each rank (1, 2, ... p - 1), waits for all of them, then posts a
 * nonblocking send to each and waits for those.
 * Reference: SimGrid 3.32 colls/barrier/barrier-ompi.cpp (ompi_basic_linear), from Open MPI
 * coll_base_barrier.c (basic_linear). Cost: 2 α + 2 (p - 1) message overheads at rank 0.
 * Needs: none. */
int coll__barrier_ompi_basic_linear(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    MPI_Request *reqs;
    int rc = MPI_SUCCESS;

    if (rank > 0) {
        rc = signal_to(0, a->comm);
        return rc == MPI_SUCCESS ? wait_for(0, a->comm) : rc;
    }
    reqs = coll__reqs_alloc(size - 1);
    for (int i = 1; i < size && rc == MPI_SUCCESS; i++)
        rc = smpi_irecv(NULL, 0, MPI_BYTE, i, COLL_TAG_BARRIER, a->comm, &reqs[i - 1]);
    rc = coll__waitall(size - 1, reqs, rc);
    for (int i = 1; i < size && rc == MPI_SUCCESS; i++)
        rc = smpi_isend(NULL, 0, MPI_BYTE, i, COLL_TAG_BARRIER, a->comm, &reqs[i - 1]);
    return coll__waitall_free(size - 1, reqs, rc);
}

/* Exactly two ranks: SMPI's two-rank barrier names its peer (rank + 1) & 1, which only pairs
 * the ranks of a two-rank communicator. */
const char *coll__barrier_check_two_procs(const struct coll_args *a)
{
    return smpi_comm_size(a->comm) == 2 ? NULL : "a communicator of exactly two ranks";
}

/* Two ranks: one exchange of empty messages (sendrecv).
 * Reference: SimGrid 3.32 colls/barrier/barrier-ompi.cpp (ompi_two_procs), from Open MPI
 * coll_base_barrier.c (two_procs). Cost: α. Needs: exactly two ranks. */
int coll__barrier_ompi_two_procs(const struct coll_args *a)
{
    int peer = (smpi_comm_rank(a->comm) + 1) & 1;

    return exchange(peer, peer, a->comm);
}

/* Tree barrier: with d the power of two at or above p, a fan-in over the binomial tree rooted
 * at 0 (at step 2^k, a rank whose k low bits are clear hears from rank + 2^k, and a rank whose
 * bit k is its lowest set one signals rank - 2^k), then the mirror-image fan-out from the top
 * step down. Blocking sends and receives.
 * Reference: SimGrid 3.32 colls/barrier/barrier-ompi.cpp (ompi_tree), from Open MPI
 * coll_base_barrier.c (tree). Cost: 2 ceil(log2 p) α. Needs: none. */
int coll__barrier_ompi_tree(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int depth = 1;
    int rc = MPI_SUCCESS;

    while (depth < size)
        depth <<= 1;
    for (int jump = 1; jump < depth && rc == MPI_SUCCESS; jump <<= 1) {
        int peer = rank ^ jump;

        if ((peer & (jump - 1)) == 0 && peer < size)
            rc = peer > rank ? wait_for(peer, a->comm) : signal_to(peer, a->comm);
    }
    for (int jump = depth >> 1; jump > 0 && rc == MPI_SUCCESS; jump >>= 1) {
        int peer = rank ^ jump;

        if ((peer & (jump - 1)) == 0 && peer < size)
            rc = peer > rank ? signal_to(peer, a->comm) : wait_for(peer, a->comm);
    }
    return rc;
}

/* Dissemination barrier: in round k every rank signals rank + 2^k and hears from rank - 2^k
 * (mod p), one sendrecv per round; after ceil(log2 p) rounds every rank has heard, directly or
 * not, from every other. Reference: SimGrid 3.32 colls/barrier/barrier-ompi.cpp (ompi_bruck),
 * from Open MPI coll_base_barrier.c (bruck); Hensgen, Finkel, Manber, "Two algorithms for
 * barrier synchronization" (1988). Cost: ceil(log2 p) α. Needs: none. */
int coll__barrier_ompi_bruck(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int rc = MPI_SUCCESS;

    for (int dist = 1; dist < size && rc == MPI_SUCCESS; dist <<= 1)
        rc = exchange((rank + dist) % size, (rank - dist + size) % size, a->comm);
    return rc;
}

/* The power-of-two exchange with a fold, which SMPI's recursive doubling and pairwise barriers
 * share message for message: with q the largest power of two at or below p, each rank r >= q
 * exchanges with r - q (sendrecv) and is done once that partner answers; partner r - q first
 * waits for it, then the ranks below q exchange with r XOR 2^k for every 2^k < q (sendrecv),
 * and the partners finally release the ranks above q. */
static int folded_exchange(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int q = coll__pow2_floor(size);
    int rc = MPI_SUCCESS;

    if (rank >= q)
        return exchange(rank - q, rank - q, a->comm);
    if (rank < size - q)
        rc = wait_for(rank + q, a->comm);
    for (int mask = 1; mask < q && rc == MPI_SUCCESS; mask <<= 1)
        rc = exchange(rank ^ mask, rank ^ mask, a->comm);
    if (rc == MPI_SUCCESS && rank < size - q)
        rc = signal_to(rank + q, a->comm);
    return rc;
}

/* Recursive doubling (folded_exchange).
 * Reference: SimGrid 3.32 colls/barrier/barrier-ompi.cpp (ompi_recursivedoubling), from Open
 * MPI coll_base_barrier.c (recursivedoubling). Cost: log2 q α, 2 α more when p is not a power
 * of two. Needs: none. */
int coll__barrier_ompi_recursivedoubling(const struct coll_args *a)
{
    return folded_exchange(a);
}

/* Double ring: a token goes twice around the ring 0 -> 1 -> ... -> p - 1 -> 0; a rank leaves
 * when the second token has passed it. Blocking sends and receives.
 * Reference: SimGrid 3.32 colls/barrier/barrier-ompi.cpp (ompi_doublering), from Open MPI
 * coll_base_barrier.c (doublering). Cost: 2 p α. Needs: none. */
int coll__barrier_ompi_doublering(const struct coll_args *a)
{
    int rank = smpi_comm_rank(a->comm);
    int size = smpi_comm_size(a->comm);
    int left = coll__ring_left(rank, size);
    int right = coll__ring_right(rank, size);
    int rc = MPI_SUCCESS;

    for (int lap = 0; lap < 2 && rc == MPI_SUCCESS; lap++) {
        if (rank > 0)
            rc = wait_for(left, a->comm);
        if (rc == MPI_SUCCESS)
            rc = signal_to(right, a->comm);
        if (rc == MPI_SUCCESS && rank == 0)
            rc = wait_for(left, a->comm);
    }
    return rc;
}

/* SMP-aware barrier: a barrier among the ranks of each host, then one among the host leaders,
 * then each leader releases its host with a one-byte bcast (the mpich selector's barrier and
 * bcast, as SMPI calls them).
 * Reference: SimGrid 3.32 colls/barrier/barrier-mpich-smp.cpp, from MPICH barrier_smp.c.
 * Cost: the intra-node barrier and bcast plus a barrier over the hosts. Needs: none. */
int coll__barrier_mpich_smp(const struct coll_args *a)
{
    struct smpi_smp smp;
    char token = 0;
    int rc = coll__smp_init(a->comm, &smp);

    if (rc == MPI_SUCCESS) {
        struct coll_args in = { .comm = smp.intra };

        rc = coll__call(COLL_BARRIER, "mpich", &in);
    }
    if (rc == MPI_SUCCESS && smpi_comm_rank(smp.intra) == 0) {
        struct coll_args up = { .comm = smp.leaders };

        rc = coll__call(COLL_BARRIER, "mpich", &up);
    }
    if (rc == MPI_SUCCESS) {
        struct coll_args down = {
            .rbuf = &token, .count = 1, .type = MPI_BYTE, .root = 0, .comm = smp.intra
        };

        rc = coll__call(COLL_BCAST, "mpich", &down);
    }
    return rc;
}

/* Pairwise exchange (folded_exchange; one rank returns at once).
 * Reference: SimGrid 3.32 colls/barrier/barrier-mvapich2-pair.cpp, from MVAPICH2
 * barrier_osu.c (MPIR_Pairwise_Barrier_MV2). Cost: log2 q α, 2 α more when p is not a power
 * of two. Needs: none. */
int coll__barrier_mvapich2_pair(const struct coll_args *a)
{
    return folded_exchange(a);
}
