/* bcast_smp: Faraj and Yuan's SMP-aware MPI_Bcast trees as SMPI 3.32 runs them: SMP_binary,
 * SMP_binomial and SMP_linear (SimGrid 3.32 colls/bcast/bcast-SMP-*.cpp). */
#include "collectives/bcast_impl.h"

/* ---- SMP-aware trees (Faraj and Yuan) -------------------------------------------------------- */

/* Ranks per host when comm's layout is uniform, else 0 (the SMP_* algorithms then hand the call
 * to bcast__mpich). Sends nothing: for the checks. */
static int uniform_cores(MPI_Comm comm)
{
    struct smpi_smp smp;

    if (smpi_comm_smp(comm, &smp) != MPI_SUCCESS || !smp.uniform)
        return 0;
    return smpi_comm_size(smp.intra);
}

/* The tree of one SMP algorithm on a uniform layout of `cores` ranks per host. */
typedef int smp_tree_fn(const struct coll_args *a, int rank, int size, int cores);

/* Runs `tree` with the ranks per host that SMPI's init_smp finds (charged on the first use of
 * comm by this rank); on a layout that is not uniform, bcast__mpich instead. */
static int smp_run(const struct coll_args *a, smp_tree_fn *tree)
{
    struct smpi_smp smp;
    int rc = coll__smp_init(a->comm, &smp);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!smp.uniform)
        return bcast_mpich(a);
    return tree(a, smpi_comm_rank(a->comm), smpi_comm_size(a->comm), smpi_comm_size(smp.intra));
}

/* The pipeline of SMP_binary and SMP_linear once the caller knows its parent `from` and its
 * children to[0..nto-1]: another root hands rank 0 the buffer, whole 8 KiB segments flow down
 * with blocking sends, and the elements after the last whole segment go through MPI_Bcast again
 * (one segment of a->count elements when there are fewer). */
static int smp_pipeline(const struct coll_args *a, int rank, int from, const int *to, int nto)
{
    int seg = pipe_segment(a->type);
    int rc = root_to_zero(a, rank, COLL_TAG_BCAST);

    if (rc != MPI_SUCCESS)
        return rc;
    if (a->count <= seg)
        return pipe_blocking(a, from, to, nto, 1, a->count);
    rc = pipe_blocking(a, from, to, nto, a->count / seg, seg);
    if (rc == MPI_SUCCESS && a->count % seg != 0)
        rc = bcast_rest(a, a->count / seg * seg);
    return rc;
}

/* SMP binary: ranks are taken as `cores` consecutive ranks per host (SMPI assumes it); host
 * leaders form a binary tree over hosts (host h feeds hosts 2h + 1 and 2h + 2) and the ranks of
 * a host a binary tree under their leader; every rank forwards each 8 KiB segment with blocking
 * sends to its children (leaders: other leaders first). Not uniform: bcast__mpich. The
 * elements after the last whole segment go through MPI_Bcast again.
 * Reference: SimGrid 3.32 colls/bcast/bcast-SMP-binary.cpp (Faraj and Yuan).
 * Cost: (log2 (p/c) + log2 c + n/s) (α + s β) for c ranks per host. Needs: on a uniform layout,
 * an extent from 1 to 8192 bytes (SMPI divides by 8192 / extent). */
static int smp_binary(const struct coll_args *a, int rank, int size, int cores)
{
    int host = rank / cores;
    int base = host * cores;
    int local = rank % cores;
    int ncore = base == size / cores * cores ? size - base : cores;
    int from = rank == 0    ? MPI_PROC_NULL
               : local == 0 ? (host - 1) / 2 * cores
                            : base + (local - 1) / 2;
    int to[4];
    int nto = 0;

    for (int c = 1; local == 0 && c <= 2; c++)
        if ((2 * host + c) * cores < size)
            to[nto++] = (2 * host + c) * cores;
    for (int c = 1; c <= 2; c++)
        if (2 * local + c < ncore)
            to[nto++] = base + 2 * local + c;
    return smp_pipeline(a, rank, from, to, nto);
}

int coll__bcast_smp_binary(const struct coll_args *a)
{
    return smp_run(a, smp_binary);
}

const char *coll__bcast_check_smp_binary(const struct coll_args *a)
{
    MPI_Aint extent = smpi_type_extent(a->type);

    if (uniform_cores(a->comm) && (extent <= 0 || extent > PIPE_BYTES))
        return "a datatype extent from 1 to 8192 bytes";
    return NULL;
}

/* SMP binomial: host leaders (`cores` consecutive ranks per host) run a binomial tree over
 * hosts from rank 0, then every leader runs a binomial tree over its host's ranks; blocking
 * sends, largest subtree first. Not uniform: bcast__mpich.
 * Reference: SimGrid 3.32 colls/bcast/bcast-SMP-binomial.cpp (Faraj and Yuan).
 * Cost: (log2 (p/c) + log2 c) (α + n β). Needs: on a uniform layout of several hosts, a number of
 * ranks per host whose binomial tree stays inside the host (a power of two): otherwise SMPI
 * sends messages to the next host that nobody receives (a deadlock above the eager size). */
static int binomial_in_block(const struct coll_args *a, int vr, int n, int stride, int base)
{
    int size = smpi_comm_size(a->comm);
    int mask = 1;
    int rc = MPI_SUCCESS;

    for (; mask < n; mask <<= 1)
        if (vr & mask) {
            rc = smpi_recv(a->rbuf, a->count, a->type, base + (vr - mask) * stride, COLL_TAG_BCAST,
                           a->comm, MPI_STATUS_IGNORE);
            break;
        }
    for (mask >>= 1; mask > 0 && rc == MPI_SUCCESS; mask >>= 1)
        if (base + (vr + mask) * stride < size)
            rc = smpi_send(a->rbuf, a->count, a->type, base + (vr + mask) * stride, COLL_TAG_BCAST,
                           a->comm);
    return rc;
}

static int smp_binomial(const struct coll_args *a, int rank, int size, int cores)
{
    int base = rank / cores * cores;
    int rc = root_to_zero(a, rank, COLL_TAG_BCAST);

    if (rc == MPI_SUCCESS && rank % cores == 0)
        rc = binomial_in_block(a, rank / cores, (size - 1) / cores + 1, cores, 0);
    if (rc == MPI_SUCCESS)
        rc = binomial_in_block(a, rank % cores, base == size / cores * cores ? size - base : cores,
                               1, base);
    return rc;
}

int coll__bcast_smp_binomial(const struct coll_args *a)
{
    return smp_run(a, smp_binomial);
}

const char *coll__bcast_check_smp_binomial(const struct coll_args *a)
{
    int cores = uniform_cores(a->comm);

    if (cores == 0 || cores == smpi_comm_size(a->comm))
        return NULL;
    for (int r = 2; r < cores; r += 2)
        if (r + (r & -r) / 2 >= cores)
            return "a power-of-two number of ranks per host on a uniform layout of several hosts";
    return NULL;
}

/* SMP linear: host leaders (`cores` consecutive ranks per host) form a chain 0 -> c -> 2c ...,
 * each leader also starting a chain through its host's ranks, pipelined in 8 KiB segments with
 * blocking sends (leaders: next leader first). Not uniform: bcast__mpich; a single host: SMPI's
 * default bcast. The elements after the last whole segment go through MPI_Bcast again.
 * Reference: SimGrid 3.32 colls/bcast/bcast-SMP-linear.cpp (Faraj and Yuan).
 * Cost: (p/c + c + n/s) (α + s β). Needs: on a uniform layout, a positive extent and more than
 * one rank per host (with one, SMPI sends every message twice and leaves the copies unmatched,
 * which later broadcasts receive instead of their own data). */
static int smp_linear(const struct coll_args *a, int rank, int size, int cores)
{
    int from;
    int to[2];
    int nto = 0;

    if (size <= cores)
        return coll__call(COLL_BCAST, "default", a);
    if (rank % cores == 0) {
        from = rank == 0 ? MPI_PROC_NULL : (rank - cores + size) % size;
        if (rank != (size - 1) / cores * cores)
            to[nto++] = (rank + cores) % size;
        to[nto++] = (rank + 1) % size;
    } else {
        from = (rank + size - 1) % size;
        if ((rank + 1) % cores != 0 && rank != size - 1)
            to[nto++] = (rank + 1) % size;
    }
    return smp_pipeline(a, rank, from, to, nto);
}

int coll__bcast_smp_linear(const struct coll_args *a)
{
    return smp_run(a, smp_linear);
}

const char *coll__bcast_check_smp_linear(const struct coll_args *a)
{
    int cores = uniform_cores(a->comm);

    if (cores == 0)
        return NULL;
    if (smpi_type_extent(a->type) <= 0)
        return "a datatype with a positive extent";
    if (cores == 1 && smpi_comm_size(a->comm) > 1)
        return "more than one rank per host (with one, SMPI leaves a copy of every message "
               "unmatched)";
    return NULL;
}
