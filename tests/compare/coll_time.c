/* coll_time: times one collective for `make compare` and the per-algorithm comparisons with
 * SimGrid SMPI. Usage: coll_time KIND COUNT [ROOT [OP [REPS]]]
 *   KIND   barrier bcast reduce allreduce alltoall alltoallv allgather allgatherv gather gatherv
 *          scatter scatterv reduce_scatter reduce_scatter_block scan exscan
 *   COUNT  elements of MPI_DOUBLE per block (v-variants: COUNT + (i + j) % 3 for block i->j)
 *   ROOT   root rank of rooted collectives (default 0)
 *   OP     sum (default), max, or noncomm (a user op declared non-commutative)
 *   REPS   how many times the collective runs back to back (default 2)
 * Prints, from rank 0, one line "RESULT rep rank time" per repetition and rank: the simulated
 * time at which that rank left its rep-th call. The times travel to rank 0 by point-to-point
 * messages after the last repetition, so no other collective runs. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void noncomm_sum(void *in, void *inout, int *len, MPI_Datatype *type)
{
    const double *a = in;
    double *b = inout;

    (void)type;
    for (int i = 0; i < *len; i++)
        b[i] = a[i] + b[i];
}

static int vcount(int count, int i, int j)
{
    return count + (i + j) % 3;
}

/* counts and displacements of the blocks this rank exchanges (to == 1: blocks it sends to j,
 * else blocks it receives from j). */
static void vlayout(int count, int rank, int size, int to, int *counts, int *displs)
{
    int off = 0;

    for (int j = 0; j < size; j++) {
        counts[j] = to ? vcount(count, rank, j) : vcount(count, j, rank);
        displs[j] = off;
        off += counts[j];
    }
}

/* Elements of MPI_DOUBLE each of the two buffers needs: one block (plus the v-variants' 2 extra
 * elements) for the collectives that move one block per rank, one per rank for the others.
 * Only what is used is allocated and written, so that at many ranks the program's own page
 * faults do not outweigh the simulators' cost in the benchmarks (1 GiB at 1,024 ranks). */
static size_t span(const char *kind, int count, int size)
{
    static const char *const one_block[] = { "barrier",   "bcast", "reduce",
                                             "allreduce", "scan",  "exscan" };

    for (size_t i = 0; i < sizeof(one_block) / sizeof(one_block[0]); i++)
        if (!strcmp(kind, one_block[i]))
            return (size_t)count + 3;
    return (size_t)(count + 3) * (size_t)size + 1;
}

static void run(const char *kind, int count, int root, MPI_Op op, double *s, double *r, int *sc,
                int *sd, int *rc, int *rd)
{
    MPI_Comm w = MPI_COMM_WORLD;
    MPI_Datatype d = MPI_DOUBLE;
    int rank;
    int size;

    MPI_Comm_rank(w, &rank);
    MPI_Comm_size(w, &size);
    if (!strcmp(kind, "barrier"))
        MPI_Barrier(w);
    else if (!strcmp(kind, "bcast"))
        MPI_Bcast(s, count, d, root, w);
    else if (!strcmp(kind, "reduce"))
        MPI_Reduce(s, r, count, d, op, root, w);
    else if (!strcmp(kind, "allreduce"))
        MPI_Allreduce(s, r, count, d, op, w);
    else if (!strcmp(kind, "alltoall"))
        MPI_Alltoall(s, count, d, r, count, d, w);
    else if (!strcmp(kind, "alltoallv")) {
        vlayout(count, rank, size, 1, sc, sd);
        vlayout(count, rank, size, 0, rc, rd);
        MPI_Alltoallv(s, sc, sd, d, r, rc, rd, d, w);
    } else if (!strcmp(kind, "allgather"))
        MPI_Allgather(s, count, d, r, count, d, w);
    else if (!strcmp(kind, "allgatherv")) {
        vlayout(count, 0, size, 1, rc, rd);
        MPI_Allgatherv(s, rc[rank], d, r, rc, rd, d, w);
    } else if (!strcmp(kind, "gather"))
        MPI_Gather(s, count, d, r, count, d, root, w);
    else if (!strcmp(kind, "gatherv")) {
        vlayout(count, 0, size, 1, rc, rd);
        MPI_Gatherv(s, rc[rank], d, r, rc, rd, d, root, w);
    } else if (!strcmp(kind, "scatter"))
        MPI_Scatter(s, count, d, r, count, d, root, w);
    else if (!strcmp(kind, "scatterv")) {
        vlayout(count, 0, size, 1, sc, sd);
        MPI_Scatterv(s, sc, sd, d, r, sc[rank], d, root, w);
    } else if (!strcmp(kind, "reduce_scatter")) {
        vlayout(count, 0, size, 1, rc, rd);
        MPI_Reduce_scatter(s, r, rc, d, op, w);
    } else if (!strcmp(kind, "reduce_scatter_block"))
        MPI_Reduce_scatter_block(s, r, count, d, op, w);
    else if (!strcmp(kind, "scan"))
        MPI_Scan(s, r, count, d, op, w);
    else if (!strcmp(kind, "exscan"))
        MPI_Exscan(s, r, count, d, op, w);
    else {
        fprintf(stderr, "coll_time: unknown collective '%s'\n", kind);
        MPI_Abort(w, 2);
    }
}

int main(int argc, char **argv)
{
    int rank;
    int size;
    int count;
    int root;
    int reps;
    size_t n;
    MPI_Op op = MPI_SUM;
    double *s;
    double *r;
    double *t;
    int *v;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc < 3) {
        if (rank == 0)
            fprintf(stderr, "usage: coll_time KIND COUNT [ROOT [OP [REPS]]]\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    count = atoi(argv[2]);
    root = argc > 3 ? atoi(argv[3]) : 0;
    reps = argc > 5 ? atoi(argv[5]) : 2;
    if (argc > 4 && !strcmp(argv[4], "max"))
        op = MPI_MAX;
    else if (argc > 4 && !strcmp(argv[4], "noncomm"))
        MPI_Op_create(noncomm_sum, 0, &op);
    n = span(argv[1], count, size);
    s = malloc(n * sizeof(double));
    r = malloc(n * sizeof(double));
    t = malloc((size_t)reps * (size_t)size * sizeof(double));
    v = malloc(4 * (size_t)size * sizeof(int));
    for (size_t i = 0; i < n; i++)
        s[i] = (double)(rank + 1) + (double)(i % 7);
    for (int k = 0; k < reps; k++) {
        run(argv[1], count, root, op, s, r, v, v + size, v + 2 * size, v + 3 * size);
        t[k] = MPI_Wtime();
    }
    if (rank != 0) {
        MPI_Send(t, reps, MPI_DOUBLE, 0, 99, MPI_COMM_WORLD);
    } else {
        for (int i = 1; i < size; i++)
            MPI_Recv(t + (size_t)i * reps, reps, MPI_DOUBLE, i, 99, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        for (int k = 0; k < reps; k++)
            for (int i = 0; i < size; i++)
                printf("RESULT %d %d %.9f\n", k, i, t[(size_t)i * reps + k]);
    }
    free(s);
    free(r);
    free(t);
    free(v);
    MPI_Finalize();
    return 0;
}
